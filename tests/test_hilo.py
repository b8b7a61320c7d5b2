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


# Alice and Bob both make Ace-King-Jack high and the low 7,4,3,2,A: they split the $0.66 pot as one, $0.33 each,
# not each half with its odd chip to Bob, first left of the button ($0.34 and $0.32: TDA Rule 19)
BOTH_TIED = edit(
    SPLIT,
    ("Rake $0.03", "Rake $0.04"),
    (
        "Alice: shows [Kc Kh Jd Tc] (HI: three of a kind, Kings)",
        "Alice: shows [Ac 3c Jd Tc] (HI: high card Ace; LO: 7,4,3,2,A)",
    ),
    (
        "Bob: shows [Ac 3h Qs Qd] (HI: a pair of Queens; LO: 7,4,3,2,A)",
        "Bob: shows [Ah 3h Js Ts] (HI: high card Ace; LO: 7,4,3,2,A)",
    ),
    ("Alice collected $0.34", "Alice collected $0.33"),
    (
        "showed [Kc Kh Jd Tc] and won ($0.34) with HI: three of a kind, Kings",
        "showed [Ac 3c Jd Tc] and won ($0.33) with HI: high card Ace; LO: 7,4,3,2,A",
    ),
    (
        "showed [Ac 3h Qs Qd] and won ($0.33) with HI: a pair of Queens",
        "showed [Ah 3h Js Ts] and won ($0.33) with HI: high card Ace",
    ),
)


def test_players_tied_both_ways_split_the_pot_as_one():
    assert _errors(BOTH_TIED) == set()
    by_halves = edit(
        BOTH_TIED,
        ("Alice collected $0.33", "Alice collected $0.32"),
        ("Bob collected $0.33", "Bob collected $0.34"),
        (
            "won ($0.33) with HI: high card Ace; LO: 7,4,3,2,A\nSeat 2",
            "won ($0.32) with HI: high card Ace; LO: 7,4,3,2,A\nSeat 2",
        ),
        (
            "Bob (small blind) showed [Ah 3h Js Ts] and won ($0.33)",
            "Bob (small blind) showed [Ah 3h Js Ts] and won ($0.34)",
        ),
    )
    assert _errors(by_halves) == {"HH305"}


# Alice makes three Kings and the low too (Ad 3c): she scoops, on two lines as PokerStars prints it, $0.34 and $0.33
TWO_LINES = edit(
    SPLIT,
    ("[Kc Kh Jd Tc] (HI: three of a kind, Kings)", "[Kc Kh Ad 3c] (HI: three of a kind, Kings; LO: 7,4,3,2,A)"),
    ("[Ac 3h Qs Qd] (HI: a pair of Queens; LO: 7,4,3,2,A)", "[As 5h Qs Qd] (HI: a pair of Queens; LO: 7,5,4,2,A)"),
    ("Bob collected $0.33 from pot", "Alice collected $0.33 from pot"),
    (
        "showed [Kc Kh Jd Tc] and won ($0.34) with HI: three of a kind, Kings",
        "showed [Kc Kh Ad 3c] and won ($0.67) with HI: three of a kind, Kings; LO: 7,4,3,2,A",
    ),
    (
        "showed [Ac 3h Qs Qd] and won ($0.33) with HI: a pair of Queens; LO: 7,4,3,2,A",
        "showed [As 5h Qs Qd] and lost with HI: a pair of Queens; LO: 7,5,4,2,A",
    ),
)


def _lines_of(text: str, code: str) -> set[int]:
    return {f.line for f in check(text).findings if f.code == code}


def test_a_scoop_on_two_lines_is_flagged_at_the_wrong_half():
    """A scooper's two lines add up to the pot or not; which of them is wrong is the one that is neither half."""
    assert _errors(TWO_LINES) == set()
    second = TWO_LINES.splitlines().index("Alice collected $0.33 from pot") + 1
    wrong = edit(TWO_LINES, ("Alice collected $0.33 from pot", "Alice collected $0.34 from pot"))
    assert _lines_of(wrong, "HH205") == {second}
    wrong_first = edit(TWO_LINES, ("Alice collected $0.34 from pot", "Alice collected $0.35 from pot"))
    assert _lines_of(wrong_first, "HH205") == {second - 1}


def test_a_wrong_collector_of_one_half_is_flagged_at_his_line():
    """Bob taking the scooper's low half is HH303 at Bob's line, not at the pot's first collect line."""
    taken = edit(TWO_LINES, ("Alice collected $0.33 from pot", "Bob collected $0.33 from pot"))
    assert _lines_of(taken, "HH303") == {taken.splitlines().index("Bob collected $0.33 from pot") + 1}


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


# -- the other sites that print hi/lo hands ----------------------------------------------------------------------

# 888's words (hhsmithy/pacific-cash's OmahaHiLo files): `OmahaHL`, each shown hand's high and low as its five
# cards on the lines after its show line, a winner of both halves collecting twice
PACIFIC = hand_text("""
    #Game No : 500000001
    ***** 888poker Hand History for Game 500000001 *****
    $0.50/$1 Blinds Pot Limit OmahaHL - *** 05 01 2024 20:00:00
    Table Testville 9 Max (Real Money)
    Seat 1 is the button
    Total number of players : 2
    Seat 1: Alice ( $50 )
    Seat 2: Bob ( $50 )
    Alice posts small blind [$0.50]
    Bob posts big blind [$1]
    ** Dealing down cards **
    Alice calls [$0.50]
    Bob checks
    ** Dealing flop ** [ Kd, 9h, 7c ]
    Bob checks
    Alice checks
    ** Dealing turn ** [ 4s ]
    Bob checks
    Alice checks
    ** Dealing river ** [ 2d ]
    Bob checks
    Alice checks
    ** Summary **
    Bob shows [ Ac, 3h, Qs, Qd ]
    (Hi: Qs, Qd, Kd, 9h, 7c)
    (Lo: 3h, Ac, 7c, 4s, 2d)
    Alice shows [ Kc, Kh, Jd, Tc ]
    (Hi: Kc, Kh, Kd, 9h, 7c)
    Alice collected [ $0.95 ]
    Bob collected [ $0.95 ]
""")


def _site_errors(text: str, dialect: str) -> set[str]:
    checked = check(text, dialect=dialect)
    assert checked.status == "parsed", checked.findings
    return {f.code for f in checked.findings if f.severity.value == "error"}


def test_888_hi_lo_halves_and_printed_low():
    assert _site_errors(PACIFIC, "pacific888") == set()
    assert _site_errors(edit(PACIFIC, ("(Lo: 3h, Ac, 7c, 4s, 2d)", "(Lo: 3h, Ac, 9h, 4s, 2d)")), "pacific888") == {
        "HH304"
    }
    assert "HH303" in _site_errors(edit(PACIFIC, ("Bob collected", "Alice collected")), "pacific888")


# PartyPoker's words (hhsmithy/partypoker-cash/HandActionTests/OmahaHiLo.txt): `PL Omaha Hi-Lo`, the low on a
# line of its own after the show, `wins Lo (…)` for the low half. $0.30 in the pot, $0.29 collected: the high
# half has the odd chip
PARTY = hand_text("""
    ***** Hand History for Game 20000000001 *****
    $10 USD PL Omaha Hi-Lo - Friday, January 05, 20:00:00 EST 2024
    Table Testville (Real Money)
    Seat 1 is the button
    Total number of players : 3/6
    Seat 1: Alice ( $10 USD )
    Seat 2: Bob ( $10 USD )
    Seat 3: Carol ( $10 USD )
    Bob posts small blind [$0.05 USD].
    Carol posts big blind [$0.10 USD].
    ** Dealing down cards **
    Alice calls [$0.10 USD]
    Bob calls [$0.05 USD]
    Carol checks
    ** Dealing Flop ** [ Kd, 9h, 7c ]
    Bob checks
    Carol checks
    Alice checks
    ** Dealing Turn ** [ 4s ]
    Bob checks
    Carol checks
    Alice checks
    ** Dealing River ** [ 2d ]
    Bob checks
    Carol checks
    Alice checks
    Alice shows [ Kc, Kh, Jd, Tc ]three of a kind, Kings.
    Bob shows [ Ac, 3h, Qs, Qd ]a pair of Queens.
    Bob shows7,4,3,2,A  for low.
    Carol does not show cards.
    Alice wins $0.15 USD from the main pot with three of a kind, Kings.
    Bob wins Lo ($0.14 USD) from the main pot with 7,4,3,2,A.
""")


def test_partypoker_hi_lo_halves_and_printed_low():
    assert _site_errors(PARTY, "partypoker") == set()
    assert _site_errors(edit(PARTY, ("Bob shows7,4,3,2,A", "Bob shows7,4,3,2,8")), "partypoker") == {"HH304"}
    swapped = edit(PARTY, ("Alice wins $0.15", "Alice wins $0.14"), ("Bob wins Lo ($0.14", "Bob wins Lo ($0.15"))
    assert _site_errors(swapped, "partypoker") == {"HH305"}


# PHH's `FO/8` (phh/wsop-2023-43-5's hands 12 and 13): a quartered pot, which PokerKit 0.7.7 plays to the same
# stacks: Alice's Kings take the high half (3), her Ad 3c ties Bob's Ac 3h for the low, whose odd chip is hers
# (left of the button): 203, 199, 198
FO8 = """\
variant = 'FO/8'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
small_bet = 2
big_bet = 4
starting_stacks = [200, 200, 200]
actions = ['d dh p1 KcKhAd3c', 'd dh p2 Ac3hQsQd', 'd dh p3 9s9c8d8c', 'p3 cc', 'p1 cc', 'p2 cc', 'd db Kd9h7c',
  'p1 cc', 'p2 cc', 'p3 cc', 'd db 4s', 'p1 cc', 'p2 cc', 'p3 cc', 'd db 2d', 'p1 cc', 'p2 cc', 'p3 cc',
  'p1 sm KcKhAd3c', 'p2 sm Ac3hQsQd', 'p3 sm 9s9c8d8c']
players = ['Alice', 'Bob', 'Carol']
finishing_stacks = [203, 199, 198]
"""


def test_phh_fixed_limit_omaha_hi_lo_settles_as_pokerkit_plays_it():
    pokerkit = pytest.importorskip("pokerkit")
    state = None
    for state, _ in pokerkit.HandHistory.loads(FO8).state_actions:
        pass
    assert state is not None and list(state.stacks) == [203, 199, 198]
    assert _site_errors(FO8, "phh") == set()
    assert _site_errors(edit(FO8, ("[203, 199, 198]", "[204, 198, 198]")), "phh") == {"HH214"}
