"""Rake printed vs inferred: a site that prints no rake (888poker, ...) has `Claims.rake` None; the dataset's
`hands.rake_printed` is then false and the audit says the rake is "inferred, not printed".

The site-neutral side is tested here with a hand whose printed rake and total pot are taken out of its
claims before the replay (what a reader of such a site gives); each such site's own tests check its hands
end to end.
"""

from __future__ import annotations

import textwrap

import msgspec
import pytest

import hhtool.validate as validate_module
from hhtool.audit import audit
from hhtool.audit.render import render
from hhtool.export.run import export_paths
from hhtool.grammar.result import ParseResult
from hhtool.pipeline import _parse_safely

# $0.05/$0.10: the 4.5 % schedule takes 8 ¢ of the $1.85 pot (half-even); the hand's rake is 12 ¢: HH208
HANDS = textwrap.dedent("""\
    PokerStars Hand #310000000002:  Hold'em No Limit ($0.05/$0.10 USD) - 2020/04/16 14:02:11 ET
    Table 'Audita I' 6-max Seat #2 is the button
    Seat 1: Alice ($10 in chips)
    Seat 2: Bob ($10 in chips)
    Seat 3: Carol ($10 in chips)
    Carol: posts small blind $0.05
    Alice: posts big blind $0.10
    *** HOLE CARDS ***
    Bob: raises $0.20 to $0.30
    Carol: folds
    Alice: calls $0.20
    *** FLOP *** [2c 7d Jh]
    Alice: bets $0.30
    Bob: calls $0.30
    *** TURN *** [2c 7d Jh] [4s]
    Alice: checks
    Bob: checks
    *** RIVER *** [2c 7d Jh 4s] [9c]
    Alice: bets $0.30
    Bob: calls $0.30
    *** SHOW DOWN ***
    Alice: shows [Ac Ad] (a pair of Aces)
    Bob: mucks hand
    Alice collected $1.73 from pot
    *** SUMMARY ***
    Total pot $1.85 | Rake $0.12
    Board [2c 7d Jh 4s 9c]
    Seat 1: Alice (big blind) showed [Ac Ad] and won ($1.73) with a pair of Aces
    Seat 2: Bob (button) mucked
    Seat 3: Carol (small blind) folded before Flop



    PokerStars Hand #310000000003:  Hold'em No Limit ($0.05/$0.10 USD) - 2020/04/17 10:00:00 ET
    Table 'Audita I' 6-max Seat #3 is the button
    Seat 1: Alice ($10 in chips)
    Seat 2: Bob ($10 in chips)
    Seat 3: Carol ($10 in chips)
    Alice: posts small blind $0.05
    Bob: posts big blind $0.10
    *** HOLE CARDS ***
    Carol: folds
    Alice: folds
    Uncalled bet ($0.05) returned to Bob
    Bob collected $0.10 from pot
    Bob: doesn't show hand
    *** SUMMARY ***
    Total pot $0.10 | Rake $0
    Seat 1: Alice (small blind) folded before Flop
    Seat 2: Bob (big blind) collected ($0.10)
    Seat 3: Carol (button) folded before Flop (didn't bet)
""")

UNPRINTED = "310000000002"


@pytest.fixture
def no_printed_rake(monkeypatch):
    """Hand UNPRINTED reaches the replay without its summary's total pot and rake (validate_paths checks each
    block with the check_block it finds in hhtool.validate; the compiled check itself has no seam)."""

    def without_rake(block, rules):
        parsed = _parse_safely(block)
        if parsed.hand is not None and parsed.hand_id == UNPRINTED:
            claims = msgspec.structs.replace(parsed.hand.claims, rake=None, total_pot=None)
            hand = msgspec.structs.replace(parsed.hand, claims=claims)
            parsed = ParseResult(
                parsed.status, parsed.file, parsed.line, parsed.site, parsed.hand_id, hand, parsed.findings
            )
        return validate_module.check_hand(parsed, block.text, rules)

    monkeypatch.setattr(validate_module, "check_block", without_rake)


@pytest.fixture
def files(tmp_path):
    path = tmp_path / "hands.txt"
    path.write_text(HANDS, encoding="utf-8")
    return path


def test_the_dataset_says_which_rake_was_printed(files, tmp_path, no_printed_rake):
    out = tmp_path / "ds"
    export_paths([files], out)
    from hhtool.dataset import Dataset

    hands = Dataset(out).hands.set_index("hand_id")
    assert not hands.loc[UNPRINTED, "rake_printed"] and hands.loc["310000000003", "rake_printed"]
    assert hands.loc[UNPRINTED, "rake"] == 12  # inferred: the $1.85 pot less the $1.73 collected


def test_the_dataset_says_printed_without_the_patch(files, tmp_path):
    out = tmp_path / "ds"
    export_paths([files], out)
    from hhtool.dataset import Dataset

    assert Dataset(out).hands["rake_printed"].tolist() == [True, True]


@pytest.mark.parametrize("source", ["files", "dataset"])
def test_the_audit_says_inferred_not_printed(files, tmp_path, no_printed_rake, source):
    path = files
    if source == "dataset":
        path = tmp_path / "ds"
        export_paths([files], path)
    report = audit([path])
    s = report["summary"]
    assert s["rake_inferred_hands"] == 1 and s["rake_inferred_by_currency"] == {"USD": 12}
    rows = {r["hand_id"]: r for r in report["hands"]}
    assert rows[UNPRINTED]["rake_printed"] is False and rows["310000000003"]["rake_printed"] is True
    (violation,) = report["schedule_violations"]
    assert violation["hand_id"] == UNPRINTED and violation["rake_printed"] is False
    assert "inferred, not printed" in violation["message"]
    text = render(report, "text")
    assert "of which $0.12 USD in 1 hand is inferred, not printed" in text
    assert "(rake inferred, not printed)" in text
    assert "inferred, not printed" in render(report, "html")


def test_a_printed_rake_is_not_called_inferred(files):
    report = audit([files])
    assert report["summary"]["rake_inferred_hands"] == 0
    assert report["schedule_violations"][0]["rake_printed"] is True
    assert "inferred" not in render(report, "text")
