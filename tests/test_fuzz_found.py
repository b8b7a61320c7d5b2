"""Bugs the per-dialect fuzzing found (tests/fuzzkit.py, tests/test_fuzz.py), each reduced to a hand
written in its site's real format: bad input is read, or is a finding; never HH099 or a crash."""

from __future__ import annotations

from pathlib import Path

from handkit import all_findings, problems, validate_text

from hhtool.model import DealHole

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def _no_internal_error(results, file_findings) -> list:
    found = all_findings(results, file_findings)
    assert not [f for f in found if f.code == "HH099"], problems(found)
    return found


def test_ggpoker_opponent_dealt_with_a_bracket_in_its_name():
    """GG names every seat dealt in without its cards (`Dealt to 58f1d0b3`); a name holding a bracket
    (`a[2]b`) is such a line too, not a line of cards (was an AssertionError: HH099)."""
    text = (SAMPLES / "gg-tournament.txt").read_text().replace("a4e2c917", "a[2]b")
    assert "Dealt to a[2]b\n" in text
    results, file_findings = validate_text(text)
    assert not _no_internal_error(results, file_findings)
    assert [r.status for r in results] == ["valid"]
    dealt = {e.player: e.cards for e in results[0].hand.events if type(e) is DealHole}
    assert dealt["a[2]b"] == () and dealt["Hero"] != ()
