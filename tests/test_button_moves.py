"""HH412 (RULES.md T7): PokerStars moves the button to the next seat of a player who was dealt into
the previous hand; a player who has just sat down is skipped. A real jump (hands missing) is kept.

The session is samples/new-player-skipped-by-button.txt (hands we wrote in the client's format):
Esquivel joins seat 2 during hand 1 (button seat 1) and posts a big blind in hand 2, where the
button goes to seat 3, the next player dealt into hand 1.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from handkit import hand_text, hands_file, problems, validate_text

from hhtool.findings import Severity

SESSION = (Path(__file__).resolve().parent.parent / "samples" / "new-player-skipped-by-button.txt").read_text("utf-8")
HAND_1, HAND_2, HAND_3 = (h.strip("\n") + "\n" for h in SESSION.strip("\n").split("\n\n\n\n"))


def test_a_new_player_is_skipped_by_the_button(tmp_path):
    results, file_findings = validate_text(SESSION, folder=tmp_path)
    assert file_findings == [] and [r.status for r in results] == ["valid"] * 3
    assert [f for r in results for f in r.findings] == [], problems(f for r in results for f in r.findings)


def test_hh412_when_a_hand_is_missing(tmp_path):
    """Hand 2 left out: from seat 1 the button should reach seat 3 (Brunhilde); hand 3 has it on seat 4."""
    text = hands_file(HAND_1, HAND_3)
    results, _ = validate_text(text, folder=tmp_path)
    assert results[0].findings == []
    [found] = results[1].findings
    second = text.split("\n").index(HAND_3.split("\n")[0]) + 1
    assert found.code == "HH412" and found.severity is Severity.WARNING
    assert found.line == second + 1 and found.expected == "3" and found.actual == "4"


def test_hh412_when_the_button_lands_on_the_new_player(tmp_path):
    """The old reading of the rule (the next seat dealt in now, seat 2) is now the wrong one (the blinds
    then stand wrong too: HH101, not asserted here)."""
    wrong = HAND_2.replace("Seat #3 is the button", "Seat #2 is the button")
    wrong = wrong.replace("Seat 2: Esquivel folded", "Seat 2: Esquivel (button) folded")
    wrong = wrong.replace("Seat 3: Brunhilde (button) folded", "Seat 3: Brunhilde folded")
    results, _ = validate_text(hands_file(HAND_1, wrong), folder=tmp_path)
    moved = [(f.code, f.expected, f.actual) for f in results[1].findings if f.code == "HH412"]
    assert moved == [("HH412", "3", "2")], problems(results[1].findings)


# Three players, the button (Quince) leaves during the hand; heads-up next, the big blind moves on
# from Pelham to Rowena, so the button (who posts the small blind heads-up) goes back to Pelham.
THREE_HANDED = hand_text("""
    PokerStars Hand #213801302214:  Hold'em No Limit ($0.01/$0.02 USD) - 2020/05/19 20:03:51 ET
    Table 'Ottilia IV' 6-max Seat #3 is the button
    Seat 2: Pelham ($2 in chips)
    Seat 3: Quince ($2 in chips)
    Seat 4: Rowena ($2 in chips)
    Rowena: posts small blind $0.01
    Pelham: posts big blind $0.02
    *** HOLE CARDS ***
    Dealt to Pelham [8h 3d]
    Quince: folds
    Quince leaves the table
    Rowena: folds
    Uncalled bet ($0.01) returned to Pelham
    Pelham collected $0.02 from pot
    Pelham: doesn't show hand
    *** SUMMARY ***
    Total pot $0.02 | Rake $0
    Seat 2: Pelham (big blind) collected ($0.02)
    Seat 3: Quince (button) folded before Flop (didn't bet)
    Seat 4: Rowena (small blind) folded before Flop
""")
HEADS_UP = hand_text("""
    PokerStars Hand #213801305861:  Hold'em No Limit ($0.01/$0.02 USD) - 2020/05/19 20:04:02 ET
    Table 'Ottilia IV' 6-max Seat #2 is the button
    Seat 2: Pelham ($2.01 in chips)
    Seat 4: Rowena ($1.99 in chips)
    Pelham: posts small blind $0.01
    Rowena: posts big blind $0.02
    *** HOLE CARDS ***
    Dealt to Pelham [Kc 5s]
    Pelham: folds
    Uncalled bet ($0.01) returned to Rowena
    Rowena collected $0.02 from pot
    Rowena: doesn't show hand
    *** SUMMARY ***
    Total pot $0.02 | Rake $0
    Seat 2: Pelham (button) (small blind) folded before Flop
    Seat 4: Rowena (big blind) collected ($0.02)
""")


def test_down_to_heads_up_the_big_blind_moves_on(tmp_path):
    results, _ = validate_text(hands_file(THREE_HANDED, HEADS_UP), folder=tmp_path)
    assert [f for r in results for f in r.findings] == [], problems(f for r in results for f in r.findings)


# A tournament refills a busted player's seat: Hrafnkel (small blind, seat 2) busts, Wystan is moved
# onto seat 2 and gets the button, which moves on seat by seat as in every tournament.
BUST = hand_text("""
    PokerStars Hand #245500000101: Tournament #3600123456, $1+$0.10 USD Hold'em No Limit - Level I (10/20) - 2021/03/02 19:04:11 ET
    Table '3600123456 14' 9-max Seat #9 is the button
    Seat 2: Hrafnkel (300 in chips)
    Seat 6: Marisol_T (1500 in chips)
    Seat 9: Odalric (1500 in chips)
    Hrafnkel: posts small blind 10
    Marisol_T: posts big blind 20
    *** HOLE CARDS ***
    Dealt to Odalric [Ah Kd]
    Odalric: raises 40 to 60
    Hrafnkel: raises 240 to 300 and is all-in
    Marisol_T: folds
    Odalric: calls 240
    *** FLOP *** [Kc 7d 2s]
    *** TURN *** [Kc 7d 2s] [9h]
    *** RIVER *** [Kc 7d 2s 9h] [4c]
    *** SHOW DOWN ***
    Hrafnkel: shows [Qs Qd] (a pair of Queens)
    Odalric: shows [Ah Kd] (a pair of Kings)
    Odalric collected 620 from pot
    Hrafnkel finished the tournament in 412th place
    *** SUMMARY ***
    Total pot 620 | Rake 0
    Board [Kc 7d 2s 9h 4c]
    Seat 2: Hrafnkel (small blind) showed [Qs Qd] and lost with a pair of Queens
    Seat 6: Marisol_T (big blind) folded before Flop
    Seat 9: Odalric (button) showed [Ah Kd] and won (620) with a pair of Kings
""")
REFILLED = hand_text("""
    PokerStars Hand #245500000177: Tournament #3600123456, $1+$0.10 USD Hold'em No Limit - Level I (10/20) - 2021/03/02 19:05:02 ET
    Table '3600123456 14' 9-max Seat #2 is the button
    Seat 2: Wystan (1880 in chips)
    Seat 6: Marisol_T (1480 in chips)
    Seat 9: Odalric (1820 in chips)
    Marisol_T: posts small blind 10
    Odalric: posts big blind 20
    *** HOLE CARDS ***
    Dealt to Odalric [6c 3h]
    Wystan: folds
    Marisol_T: folds
    Uncalled bet (10) returned to Odalric
    Odalric collected 20 from pot
    Odalric: doesn't show hand
    *** SUMMARY ***
    Total pot 20 | Rake 0
    Seat 2: Wystan (button) folded before Flop (didn't bet)
    Seat 6: Marisol_T (small blind) folded before Flop
    Seat 9: Odalric (big blind) collected (20)
""")


def test_a_refilled_tournament_seat_may_take_the_button(tmp_path):
    results, _ = validate_text(hands_file(BUST, REFILLED), folder=tmp_path)
    assert [f for r in results for f in r.findings] == [], problems(f for r in results for f in r.findings)


def test_a_seat_numbered_0_heads_up_is_checked_not_a_crash(tmp_path):
    """A seat 0 (a corrupted seat number; some rooms count seats from 0) in a heads-up hand after a hand of
    the same table: the button check walks seats clockwise from 0, so the run goes on and the hand is
    judged (it was an IndexError that stopped the whole run)."""
    zero = HEADS_UP.replace("Seat 2: Pelham", "Seat 0: Pelham")
    results, file_findings = validate_text(hands_file(THREE_HANDED, zero), folder=tmp_path)
    assert file_findings == [] and len(results) == 2
    codes = [f.code for r in results for f in r.findings]
    assert "HH099" not in codes, problems(f for r in results for f in r.findings)


class _BrokenCrossHand:
    """The real cross-hand checks, except that they fail on one hand id (a stand-in for a bug in them)."""

    def __init__(self, rules, broken: str = "213801305861") -> None:
        from hhtool.rules.crosshand import CrossHand

        self.real, self.broken = CrossHand(rules), broken

    def __getattr__(self, name):
        return getattr(self.real, name)

    def check(self, state):
        if state.hand.header.hand_id == self.broken:
            raise IndexError("list index out of range")
        return self.real.check(state)

    def check_table(self, snapshot):
        if snapshot.hand_id == self.broken:
            raise IndexError("list index out of range")
        return self.real.check_table(snapshot)


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_bug_in_the_cross_hand_checks_is_that_hands_hh099_and_the_run_goes_on(tmp_path, monkeypatch, jobs):
    """Sequential (validate_paths) and parallel (the parent's merge) alike: the hand gets HH099, is invalid,
    and the hands after it are still read and checked."""
    from hhtool import validate
    from hhtool.engine import runner
    from hhtool.rules.ruleset import RuleSet
    from hhtool.validate import Summary

    monkeypatch.setattr(validate, "CrossHand", _BrokenCrossHand)  # the one merge of both runs
    path = tmp_path / "hands.txt"
    path.write_text(hands_file(THREE_HANDED, HEADS_UP, REFILLED), encoding="utf-8")
    if jobs == 1:
        items = list(validate.validate_paths([str(path)], RuleSet()))
    else:
        items = list(runner.run([str(path)], RuleSet(), Summary(), jobs=2, chunk_bytes=1))
    assert [item.hand_id for item in items] == ["213801302214", "213801305861", "245500000177"]
    broken = items[1]
    assert broken.status == "invalid" and [f.code for f in broken.findings] == ["HH099"]
    assert "internal error in the cross-hand checks: IndexError" in broken.findings[0].message
    assert broken.findings[0].line == broken.line and items[2].status in ("valid", "invalid")
