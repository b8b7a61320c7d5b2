"""A board whose flop is reprinted in another order (issue #24; GGPoker 2020, game TM316262814 of fpdb-3's
NLHE-8max-MTT-USD-5k-202008.txt: `*** FLOP *** [Ad 7d 9d]`, `*** TURN *** [7d 9d Ad] [2s]`, `Board [7d 9d Ad 2s
4h]`): the flop's cards are dealt at once, so it is the same board, no HH123 or HH307. A turn or river card out
of place is still HH123. The hand is the GGPoker sample's first (samples/gg-rush-and-cash.txt), reprinted so.
"""

from __future__ import annotations

from pathlib import Path

from handkit import errors, problems, validate_text

SAMPLE = (Path(__file__).resolve().parent.parent / "samples" / "gg-rush-and-cash.txt").read_text(encoding="utf-8")
FIRST = SAMPLE[: SAMPLE.index("Poker Hand #", 1)].rstrip() + "\n"


def _one(text: str):
    results, file_findings = validate_text(text, name="gg.txt")
    assert file_findings == [] and results, problems(file_findings)
    return results[0]


def test_the_sample_hand_is_valid_as_printed():
    assert _one(FIRST).status == "valid"


def test_a_flop_reprinted_in_another_order_is_the_same_board():
    text = (
        FIRST.replace("*** TURN *** [7c Kd 2h]", "*** TURN *** [Kd 2h 7c]")
        .replace("*** RIVER *** [7c Kd 2h Js]", "*** RIVER *** [2h 7c Kd Js]")
        .replace("Board [7c Kd 2h Js 3d]", "Board [Kd 2h 7c Js 3d]")
    )
    result = _one(text)
    assert result.status == "valid", problems(result.findings)


def test_a_turn_card_out_of_place_is_still_hh123():
    text = FIRST.replace("*** RIVER *** [7c Kd 2h Js]", "*** RIVER *** [7c Kd Js 2h]")
    assert "HH123" in {f.code for f in errors(_one(text).findings)}
