"""The per-hand checks package (`hhtool.rules.checks`): every module in it is found and run on each settled
hand, so that a new check is one module there and its test."""

from __future__ import annotations

from pathlib import Path

import pytest
from handkit import validate_text

from hhtool.codes import finding
from hhtool.rules import checks

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def test_every_module_of_the_package_is_a_check_run_in_name_order():
    """Found by listing the package (a compiled build's modules too), not by a list kept beside it."""
    folder = Path(checks.__file__).parent
    modules = sorted(p.name.split(".")[0] for p in folder.iterdir() if p.suffix in (".py", ".so"))
    expected = sorted({m for m in modules if not m.startswith("_")})
    assert [name for name, _ in checks.CHECKS] == expected
    assert expected == ["ev_payoffs", "ledgers", "street_pot"]


def test_a_check_added_to_the_package_reports_on_every_settled_hand(monkeypatch):
    """What adding a module does: its check runs after the settlement of each hand, and its finding is the
    hand's, with its status (an error makes the hand invalid)."""
    seen = []

    def example(state) -> None:
        seen.append(state.hand.header.hand_id)
        state.findings.append(
            finding("HH214", "example check", state.hand.source.file, state.hand.source.line, hand_id="x")
        )

    monkeypatch.setattr(checks, "CHECKS", (*checks.CHECKS, ("example", example)))
    results, _ = validate_text((SAMPLES / "nl-cash-river-showdown.txt").read_text(encoding="utf-8"))
    assert seen and seen == [r.hand_id for r in results]
    assert all(r.status == "invalid" and "HH214" in [f.code for f in r.findings] for r in results)


@pytest.mark.parametrize("sample", ["nl-cash-river-showdown.txt", "ft-cash-2013-street-pots.txt"])
def test_the_package_checks_change_nothing_on_a_clean_hand(sample):
    """A check that does not apply (no street pots, no ledgers, no EV payoffs) or applies and agrees adds
    nothing: the samples stay valid."""
    results, _ = validate_text((SAMPLES / sample).read_text(encoding="utf-8"))
    assert results and all(r.findings == [] for r in results), [f.message for r in results for f in r.findings]
