"""Showdown values by game variant: Omaha's two-from-hand rule, the 8-or-better low, Hold'em unchanged."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hhtool.model.cards import DECK
from hhtool.model.variant import (
    HOLDEM,
    OMAHA,
    OMAHA5,
    OMAHA5_HILO,
    OMAHA6,
    OMAHA_HILO,
    VARIANTS,
    Variant,
    variant_named,
)
from hhtool.rules.ranking import Category, HandValue, best_five, evaluate
from hhtool.rules.showdown_value import LowValue, best_high, best_high_five, best_low

OMAHA6_HILO = Variant("omaha6_hilo", hole_cards=6, hole_used=(2,), low_qualifier=8)  # dealt by no site yet
_DECK = sorted(DECK)


def cards(text: str) -> list[str]:
    return text.split()


def high(variant: Variant, hole: str, board: str) -> HandValue:
    return best_high(variant, cards(hole), cards(board))


def low(variant: Variant, hole: str, board: str) -> str | None:
    value = best_low(variant, cards(hole), cards(board))
    return None if value is None else value.words


# --- the variants as data -------------------------------------------------------------------------


def test_variants_by_name() -> None:
    assert [v.name for v in VARIANTS.values()] == ["holdem", "omaha", "omaha5", "omaha6", "omaha_hilo", "omaha5_hilo"]
    assert all(variant_named(name) is v for name, v in VARIANTS.items())
    with pytest.raises(ValueError, match="unknown game 'stud'"):
        variant_named("stud")
    assert [v.hole_cards for v in (HOLDEM, OMAHA, OMAHA5, OMAHA6, OMAHA_HILO, OMAHA5_HILO)] == [2, 4, 5, 6, 4, 5]
    assert [v.hi_lo for v in VARIANTS.values()] == [False, False, False, False, True, True]
    assert HOLDEM.any_five and not any(v.any_five for v in VARIANTS.values() if v is not HOLDEM)


# --- Omaha high: exactly two hole cards and three of the board ------------------------------------


def test_four_hearts_in_hand_and_one_on_board_is_no_flush() -> None:
    hole, board = "Ah Kh Qh Jh", "2h 3c 4d 9s Ts"
    assert evaluate(cards("Ah Kh Qh Jh 2h")).category == Category.FLUSH  # the five hearts, were any five a hand
    value = high(OMAHA, hole, board)
    assert (value.category, value.ranks) == (Category.HIGH_CARD, (14, 13, 10, 9, 4))
    assert best_high_five(OMAHA, cards(hole), cards(board)) == ("Ah", "Kh", "Ts", "9s", "4d")


def test_flush_needs_three_of_the_suit_on_board() -> None:
    assert high(OMAHA, "Ah 2h Kc Kd", "3h 7h 9c Ts Js").category == Category.PAIR  # two hearts on board
    assert high(OMAHA, "Ah 2h Kc Kd", "3h 7h 9h Ts Js").ranks == (14, 9, 7, 3, 2)  # three: Ace-high flush


def test_four_to_a_straight_on_board_with_one_card_in_hand_is_no_straight() -> None:
    value = high(OMAHA, "9d Ad As 2c", "5c 6d 7h 8s Kc")
    assert (value.category, value.ranks) == (Category.PAIR, (14, 14, 13, 8, 7))
    assert high(OMAHA, "9d Tc As 2c", "5c 6d 7h 8s Kc").ranks == (10, 9, 8, 7, 6)  # two in hand: a straight


def test_paired_boards() -> None:
    # two pair on the board: a hand takes only three of its cards, so one pair with its two hole cards
    value = high(OMAHA, "Ah Qd Js 3c", "Kc Kd 7h 7s 2c")
    assert (value.category, value.ranks) == (Category.PAIR, (13, 13, 14, 12, 7))
    assert evaluate(cards("Ah Qd Kc Kd 7h 7s 2c")).category == Category.TWO_PAIR  # Hold'em's reading
    # four of a kind on the board: a pocket pair makes a full house, not four of a kind
    value = high(OMAHA, "Ah Ad Kc Qs", "9c 9d 9h 9s 2c")
    assert (value.category, value.ranks) == (Category.FULL_HOUSE, (9, 9, 9, 14, 14))
    # trips on the board play with any two hole cards
    assert high(OMAHA, "Ah Kd 3s 4c", "9c 9d 9h Qs 2c").ranks == (9, 9, 9, 14, 13)


def test_five_and_six_hole_cards() -> None:
    value = high(OMAHA6, "Ah 2h Qh Jh 5c 6c", "3c 4d 9s Ts Kc")
    assert (value.category, value.ranks) == (Category.STRAIGHT, (13, 12, 11, 10, 9))
    assert high(OMAHA5, "5c 6c Ah Kh Qh", "3c 4d 7s Ts Kc").ranks == (7, 6, 5, 4, 3)
    # the pair of hole cards that makes the hand is the fourth and sixth
    assert high(OMAHA6, "2c 3d 4h Kd 5s Ks", "Kc 7h 7d Jc 9s").ranks == (13, 13, 13, 7, 7)


# --- the 8-or-better low --------------------------------------------------------------------------


def test_wheel_is_the_best_high_straight_and_the_best_low() -> None:
    hole, board = "Ah 2d Kc Ks", "3c 4d 5h Jd Qc"
    value = high(OMAHA_HILO, hole, board)
    assert (value.category, value.ranks) == (Category.STRAIGHT, (5, 4, 3, 2, 14))
    low_value = best_low(OMAHA_HILO, cards(hole), cards(board))
    assert low_value is not None and (low_value.ranks, low_value.words) == ((5, 4, 3, 2, 1), "5,4,3,2,A")


@pytest.mark.parametrize(
    ("hole", "board", "expected", "why"),
    [
        ("Ah 2d Qc Js", "3c 4d 8h Ks Tc", "8,4,3,2,A", "two low hole cards, three low board cards"),
        ("Ah 2d 3c 4s", "5c 6d 7h Ks Qc", "7,6,5,2,A", "the two lowest hole cards with the board's three"),
        ("Ah 2d 3c 4s", "5c 6d Kh Qs Jc", None, "two low cards on the board: a low takes three"),
        ("Ah Kd Qc Js", "2c 3d 4h 5s 8c", None, "one low card in hand: a low takes two"),
        ("Ah Ad Kc Ks", "2c 3d 4h 9s Tc", None, "the hand's two low cards are one rank"),
        ("Ah 4d Kc Ks", "2c 2d 3h Js Qc", None, "three low board cards but two ranks"),
        ("Ah 2d 9c Ts", "3c 4d 9h Td Qc", None, "nines do not qualify"),
        ("Ah 2d Kc Ks", "Ac 2c 7h 8s Qd", None, "A-2 counterfeited: the board's other low ranks are two"),
        ("Ah 2d 3c Ks", "Ac 2c 7h 8s Qd", "8,7,3,2,A", "A-2 counterfeited, the Trey plays"),
        ("3h 2d 6c Ks", "Ac 4c 5h 5s Qd", "5,4,3,2,A", "a wheel with the board's Ace"),
        ("8h 7d Kc Ks", "6c 5c 4h Ts Qd", "8,7,6,5,4", "the worst qualifying low"),
    ],
)
def test_low(hole: str, board: str, expected: str | None, why: str) -> None:
    assert low(OMAHA_HILO, hole, board) == expected, why


def test_lower_low_wins_and_counterfeits() -> None:
    board = cards("2c 4d 5h 7s Kc")
    a2 = best_low(OMAHA_HILO, cards("Ah 2d Qc Js"), board)
    a3 = best_low(OMAHA_HILO, cards("As 3h Qd Jc"), board)
    assert a2 is not None and a3 is not None
    assert (a2.words, a3.words) == ("7,5,4,2,A", "5,4,3,2,A")
    assert a3 < a2  # the board's deuce counterfeits the hand's: A-3 makes the wheel
    lows = [LowValue((6, 4, 3, 2, 1), ""), LowValue((6, 5, 3, 2, 1), ""), LowValue((7, 4, 3, 2, 1), "")]
    assert lows[0] < lows[1] < lows[2] and min(lows[::-1]) is lows[0]


def test_the_qualifier_is_the_variants() -> None:
    nine_or_better = Variant("omaha_hilo9", hole_cards=4, hole_used=(2,), low_qualifier=9)
    assert low(nine_or_better, "Ah 2d 9c Ts", "3c 5d 9h Td Qc") == "9,5,3,2,A"
    assert low(OMAHA_HILO, "Ah 2d 9c Ts", "3c 5d 9h Td Qc") is None


def test_high_only_games_have_no_low() -> None:
    assert low(OMAHA, "Ah 2d Kc Ks", "3c 4d 5h Jd Qc") is None
    assert low(HOLDEM, "Ah 2d", "3c 4d 5h Jd Qc") is None


def test_cards_that_make_no_hand_are_refused() -> None:
    with pytest.raises(ValueError, match="deals 4 hole cards"):
        high(OMAHA, "Ah 2d 3c 4s 5h", "6c 7d 8h 9s Tc")
    with pytest.raises(ValueError, match="repeated card"):
        high(OMAHA, "Ah 2d 3c 4s", "Ah 7d 8h 9s Tc")
    with pytest.raises(ValueError, match="not a card: 'AH'"):
        best_low(OMAHA_HILO, ["AH", "2d", "3c", "4s"], cards("6c 7d 8h 9s Tc"))
    with pytest.raises(ValueError, match="no omaha hand of 1 hole"):
        high(OMAHA, "Ah", "6c 7d 8h 9s Tc")
    with pytest.raises(ValueError, match="deals 2 hole cards"):
        high(HOLDEM, "Ah 2d 3c", "6c 7d 8h 9s")


# --- against references: Hold'em's evaluator, and every two-plus-three five -----------------------


def deals(hole: int, board: tuple[int, ...] = (5,)) -> st.SearchStrategy[tuple[list[str], list[str]]]:
    """A hand of `hole` cards and a board of one of the `board` sizes, from one shuffled deck."""
    return st.tuples(st.permutations(_DECK), st.sampled_from(board)).map(
        lambda d: (d[0][:hole], d[0][hole : hole + d[1]])
    )


@settings(max_examples=400, deadline=None)
@given(deals(2, (3, 4, 5)))
def test_holdem_is_rankings_evaluate(deal: tuple[list[str], list[str]]) -> None:
    hole, board = deal
    expected = evaluate(hole + board)
    value = best_high(HOLDEM, hole, board)
    assert (value.strength, value.category, value.ranks) == (expected.strength, expected.category, expected.ranks)
    assert best_high_five(HOLDEM, hole, board) == best_five(hole + board)


def reference_high(hole: list[str], board: list[str]) -> HandValue:
    return max(evaluate(list(h) + list(b)) for h in combinations(hole, 2) for b in combinations(board, 3))


def reference_low(hole: list[str], board: list[str]) -> tuple[int, ...] | None:
    lows = []
    for five in (list(h) + list(b) for h in combinations(hole, 2) for b in combinations(board, 3)):
        ranks = sorted((1 if c[0] == "A" else "23456789TJQK".index(c[0]) + 2 for c in five), reverse=True)
        if len(set(ranks)) == 5 and ranks[0] <= 8:
            lows.append(tuple(ranks))
    return min(lows, default=None)


@pytest.mark.parametrize("variant", [OMAHA, OMAHA5, OMAHA6, OMAHA_HILO, OMAHA5_HILO, OMAHA6_HILO], ids=lambda v: v.name)
@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_omaha_against_every_two_plus_three(variant: Variant, data: st.DataObject) -> None:
    hole, board = data.draw(deals(variant.hole_cards, (3, 4, 5, 5, 5)))
    expected = reference_high(hole, board)
    value = best_high(variant, hole, board)
    assert (value.strength, value.category, value.ranks) == (expected.strength, expected.category, expected.ranks)
    five = best_high_five(variant, hole, board)
    assert evaluate(five) == value and sum(c in hole for c in five) == 2 and sum(c in board for c in five) == 3
    assert list(five) == sorted(five, key=lambda c: value.ranks.index("23456789TJQKA".index(c[0]) + 2))
    low_value = best_low(variant, hole, board)
    assert (low_value.ranks if low_value else None) == (reference_low(hole, board) if variant.hi_lo else None)
