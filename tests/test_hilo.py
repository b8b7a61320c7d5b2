"""Omaha Hi/Lo (eight-or-better) read, replayed and settled (issue #29): each behaviour with one hand that
validates clean and one change of it that is flagged.

The hands are written here in PokerStars' words (hhsmithy/pokerstars-cash's OmahaHiLo files: `Omaha Hi/Lo
Pot Limit`, `(HI: …; LO: …)`, a winner of both halves collecting twice from the pot, `No low hand
qualified`), not copied from the corpus. Three players, the board Kd 9h 7c 4s 2d (low cards 7, 4, 2): the
pot is $0.70, $0.67 after the $0.03 rake, so its high half is $0.34 and its low half $0.33.
"""

from __future__ import annotations

import pytest
from handkit import check, hand_text, sub

from hhtool.rules.hilo import halves, low_words_match, split_description

# Alice (button) makes three Kings and no low; Bob's Ac 3h with the board's 7 4 2 is the low 7,4,3,2,A
SPLIT = hand_text("""
    PokerStars Hand #300000000101:  Omaha Hi/Lo Pot Limit ($0.05/$0.10 USD) - 2024/01/05 20:00:00 ET
    Table 'Test PLO8' 6-max Seat #1 is the button
    Seat 1: Alice ($10 in chips)
    Seat 2: Bob ($10 in chips)
    Seat 3: Carol ($10 in chips)
    Bob: posts small blind $0.05
    Carol: posts big blind $0.10
    *** HOLE CARDS ***
    Alice: calls $0.10
    Bob: calls $0.05
    Carol: checks
    *** FLOP *** [Kd 9h 7c]
    Bob: checks
    Carol: checks
    Alice: checks
    *** TURN *** [Kd 9h 7c] [4s]
    Bob: bets $0.20
    Carol: folds
    Alice: calls $0.20
    *** RIVER *** [Kd 9h 7c 4s] [2d]
    Bob: checks
    Alice: checks
    *** SHOW DOWN ***
    Alice: shows [Kc Kh Jd Tc] (HI: three of a kind, Kings)
    Bob: shows [Ac 3h Qs Qd] (HI: a pair of Queens; LO: 7,4,3,2,A)
    Alice collected $0.34 from pot
    Bob collected $0.33 from pot
    *** SUMMARY ***
    Total pot $0.70 | Rake $0.03
    Board [Kd 9h 7c 4s 2d]
    Seat 1: Alice (button) showed [Kc Kh Jd Tc] and won ($0.34) with HI: three of a kind, Kings
    Seat 2: Bob (small blind) showed [Ac 3h Qs Qd] and won ($0.33) with HI: a pair of Queens; LO: 7,4,3,2,A
    Seat 3: Carol (big blind) folded on the Turn
""")


def edit(text: str, *changes: tuple[str, str]) -> str:
    """Each (old, new): the text `old`, there exactly once, replaced by `new`."""
    for old, new in changes:
        text = sub(text, old, new)
    return text


def _errors(text: str) -> set[str]:
    checked = check(text)
    assert checked.status == "parsed", checked.findings
    return {f.code for f in checked.findings if f.severity.value == "error"}


def test_the_odd_chip_goes_to_the_high_half():
    assert halves(67) == (34, 33) and halves(66) == (33, 33)
    assert _errors(SPLIT) == set()
    swapped = edit(
        SPLIT,
        ("Alice collected $0.34", "Alice collected $0.33"),
        ("Bob collected $0.33", "Bob collected $0.34"),
        ("won ($0.34)", "won ($0.33)"),
        ("won ($0.33) with HI: a pair", "won ($0.34) with HI: a pair"),
    )
    assert _errors(swapped) == {"HH305"}


# Alice's Ad 3c is Bob's low too: she wins the high half and half the low half ($0.16; Bob, first left of the
# button, has the low half's odd chip: $0.17)
QUARTERED = edit(
    SPLIT,
    ("[Kc Kh Jd Tc] (HI: three of a kind, Kings)", "[Kc Kh Ad 3c] (HI: three of a kind, Kings; LO: 7,4,3,2,A)"),
    ("Bob collected $0.33 from pot", "Bob collected $0.17 from pot\nAlice collected $0.16 from pot"),
    (
        "showed [Kc Kh Jd Tc] and won ($0.34) with HI: three of a kind, Kings",
        "showed [Kc Kh Ad 3c] and won ($0.50) with HI: three of a kind, Kings; LO: 7,4,3,2,A",
    ),
    ("won ($0.33) with HI: a pair", "won ($0.17) with HI: a pair"),
)


def test_a_quartered_pot_pays_the_high_and_a_quarter_to_one_player():
    assert _errors(QUARTERED) == set()
    halved = edit(
        QUARTERED,
        ("Bob collected $0.17", "Bob collected $0.33"),
        ("Alice collected $0.16 from pot\n", ""),
        ("won ($0.50)", "won ($0.34)"),
        ("won ($0.17)", "won ($0.33)"),
    )
    assert _errors(halved) == {"HH305"}


# the river is the Ts: the board's low cards are 7 and 2, no hand makes a low and Alice's Kings scoop
SCOOP = edit(
    SPLIT,
    ("[Kd 9h 7c 4s] [2d]", "[Kd 9h 7c 4s] [Ts]"),
    ("Board [Kd 9h 7c 4s 2d]", "Board [Kd 9h 7c 4s Ts]"),
    ("(HI: a pair of Queens; LO: 7,4,3,2,A)", "(HI: a pair of Queens)"),
    ("Alice collected $0.34 from pot", "Alice collected $0.67 from pot"),
    ("Bob collected $0.33 from pot", "No low hand qualified"),
    ("won ($0.34)", "won ($0.67)"),
    (
        "showed [Ac 3h Qs Qd] and won ($0.33) with HI: a pair of Queens; LO: 7,4,3,2,A",
        "showed [Ac 3h Qs Qd] and lost with HI: a pair of Queens",
    ),
)


def test_without_a_qualifying_low_the_high_hand_scoops():
    assert _errors(SCOOP) == set()
    split = edit(
        SCOOP,
        ("Alice collected $0.67", "Alice collected $0.34"),
        ("No low hand qualified", "Bob collected $0.33 from pot"),
        ("won ($0.67)", "won ($0.34)"),
    )
    assert "HH303" in _errors(split)


# the river is the Jh: Bob's Ac 2h 3s with the board's 7 and 4 would be a low in Hold'em; in Omaha a hand takes
# exactly two hole cards and three of the board, and the board holds two low cards: no low
THREE_HOLE = edit(
    SCOOP,
    ("[Kd 9h 7c 4s] [Ts]", "[Kd 9h 7c 4s] [Jh]"),
    ("Board [Kd 9h 7c 4s Ts]", "Board [Kd 9h 7c 4s Jh]"),
    ("[Ac 3h Qs Qd] (HI: a pair of Queens)", "[Ac 2h 3s Qd] (HI: high card Ace)"),
    ("showed [Ac 3h Qs Qd] and lost with HI: a pair of Queens", "showed [Ac 2h 3s Qd] and lost with HI: high card Ace"),
)


def test_three_hole_cards_make_no_low():
    assert _errors(THREE_HOLE) == set()
    paid = edit(
        THREE_HOLE,
        ("Alice collected $0.67", "Alice collected $0.34"),
        ("No low hand qualified", "Bob collected $0.33 from pot"),
        ("won ($0.67)", "won ($0.34)"),
    )
    assert "HH303" in _errors(paid)
    described = edit(THREE_HOLE, ("(HI: high card Ace)", "(HI: high card Ace; LO: 7,4,3,2,A)"))
    assert _errors(described) == {"HH304"}


def test_a_wrong_low_description_is_flagged_with_both_lows():
    wrong = edit(SPLIT, ("(HI: a pair of Queens; LO: 7,4,3,2,A)", "(HI: a pair of Queens; LO: 8,4,3,2,A)"))
    (finding,) = check(wrong).of("HH304")
    assert (finding.expected, finding.actual) == ("LO: 7,4,3,2,A", "LO: 8,4,3,2,A")
    # a hand that makes a low, described by its high alone, is described wrongly too (the summary line here)
    unsaid = edit(
        SPLIT, ("won ($0.33) with HI: a pair of Queens; LO: 7,4,3,2,A", "won ($0.33) with HI: a pair of Queens")
    )
    (finding,) = check(unsaid).of("HH304")
    assert (finding.expected, finding.actual) == ("LO: 7,4,3,2,A", "no low")
    # the high words are checked as in any game
    high = edit(SPLIT, ("(HI: three of a kind, Kings)", "(HI: a pair of Kings)"))
    assert _errors(high) == {"HH304"}


@pytest.mark.parametrize(
    ("text", "parts"),
    [
        ("HI: a flush, King high; LO: 7,6,5,3,A", ("a flush, King high", "7,6,5,3,A", True)),
        ("HI: three of a kind, Aces", ("three of a kind, Aces", None, True)),
        ("a pair of Kings", ("a pair of Kings", None, False)),
    ],
)
def test_a_description_splits_in_its_high_and_low_words(text, parts):
    assert split_description(text) == parts


def test_a_low_is_named_by_its_ranks_in_order():
    assert low_words_match("7, 5, 3, 2, A", "7,5,3,2,A")
    assert not low_words_match("7,5,3,A,2", "7,5,3,2,A")
    assert not low_words_match(None, "7,5,3,2,A") and low_words_match(None, None)
