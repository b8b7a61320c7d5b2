"""Hand ranking: phevaluator-backed values, PokerStars wording, description checks."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hhtool.dialects.pokerstars.wording import describe, description_against, description_matches
from hhtool.rules import ranking
from hhtool.rules.ranking import (
    Category,
    HandValue,
    best_five,
    evaluate,
)

RANKS = "23456789TJQKA"


def ev(text: str) -> HandValue:
    return evaluate(text.split())


# One hand per category, weakest first, with PokerStars' wording (the corpus has no four of a
# kind, straight flush or royal flush; those three wordings are the documented ones).
LADDER = [
    ("Ah Jd 8c 5s 3h", Category.HIGH_CARD, (14, 11, 8, 5, 3), "high card Ace"),
    ("2h 2d Kc 9s 4h", Category.PAIR, (2, 2, 13, 9, 4), "a pair of Deuces"),
    ("Kh Kd 5c 5s Ah", Category.TWO_PAIR, (13, 13, 5, 5, 14), "two pair, Kings and Fives"),
    ("Kh Kd Ks 9c 2h", Category.THREE_OF_A_KIND, (13, 13, 13, 9, 2), "three of a kind, Kings"),
    ("5h 6d 7c 8s 9h", Category.STRAIGHT, (9, 8, 7, 6, 5), "a straight, Five to Nine"),
    ("Ah 9h 7h 4h 2h", Category.FLUSH, (14, 9, 7, 4, 2), "a flush, Ace high"),
    ("Th Td Tc Ah Ad", Category.FULL_HOUSE, (10, 10, 10, 14, 14), "a full house, Tens full of Aces"),
    ("Ah Ad Ac As 3h", Category.FOUR_OF_A_KIND, (14, 14, 14, 14, 3), "four of a kind, Aces"),
    ("9s Ts Js Qs Ks", Category.STRAIGHT_FLUSH, (13, 12, 11, 10, 9), "a straight flush, Nine to King"),
    ("As Ks Qs Js Ts", Category.STRAIGHT_FLUSH, (14, 13, 12, 11, 10), "a Royal Flush"),
]


def test_category_order() -> None:
    values = [ev(cards) for cards, *_ in LADDER]
    assert values == sorted(values)
    assert len(set(values)) == len(values)
    assert [v.category for v in values] == [row[1] for row in LADDER]
    assert [v.ranks for v in values] == [row[2] for row in LADDER]
    assert [int(c) for c in Category] == list(range(9))


def test_every_class_orders_by_category_then_ranks() -> None:
    table = ranking._classes()  # phevaluator number -> (category, ranks)
    weakest_first = [table[number] for number in sorted(table, reverse=True)]
    assert len(set(weakest_first)) == 7462 and weakest_first == sorted(weakest_first)


@pytest.mark.parametrize(
    "cards, text",
    [(row[0], row[3]) for row in LADDER]
    + [
        ("6h 6d Kc 9s 4h", "a pair of Sixes"),
        ("6h 6d 3c 3s 4h", "two pair, Sixes and Threes"),
        ("Ah 2d 3c 4s 5h", "a straight, Ace to Five"),
        ("2h 3d 4c 5s 6h", "a straight, Deuce to Six"),
        ("Th Jd Qc Ks Ah", "a straight, Ten to Ace"),
        ("Kd Jd 8d 5d 3d", "a flush, King high"),
        ("2h 2d 2c 6h 6d", "a full house, Deuces full of Sixes"),
        ("7h 7d 7c 7s Ah", "four of a kind, Sevens"),
        ("Ad 2d 3d 4d 5d", "a straight flush, Ace to Five"),
        ("Qh Jd 9c 7s 2h", "high card Queen"),
    ],
)
def test_describe_every_form(cards: str, text: str) -> None:
    assert describe(ev(cards)) == text
    assert description_matches(text, cards.split())


def test_kickers_decide() -> None:
    assert ev("Ah Ad Kc 9s 4h") > ev("As Ac Qd Jh Th")  # pair: first kicker
    assert ev("Ah Ad Kc 9s 4h") > ev("As Ac Kd 9h 3h")  # pair: last kicker
    assert ev("Kh Kd 5c 5s Ah") > ev("Ks Kc 5d 5h Qh")  # two pair: kicker
    assert ev("Ah Jd 8c 5s 3h") > ev("As Jc 8d 5h 2c")  # high card: fifth card
    assert ev("Ah 9h 7h 4h 3h") > ev("As 9s 7s 4s 2s")  # flush: fifth card
    assert ev("Th Td Tc 2h 2d") > ev("9h 9d 9c Ah Ad")  # full house: trips first


def test_wheel_is_lowest_straight() -> None:
    wheel, six_high = ev("Ah 2d 3c 4s 5h"), ev("2h 3d 4c 5s 6h")
    assert ev("Ah Ad Ac Ks Qh") < wheel < six_high
    assert wheel.ranks == (5, 4, 3, 2, 14)
    assert ev("Ad 2d 3d 4d 5d") < ev("2h 3h 4h 5h 6h")
    assert ev("Ah 2d 3c 4s 5h 6c 9d").ranks == (6, 5, 4, 3, 2)  # the six-high plays


def test_split_values_ignore_suits() -> None:
    a, b = ev("Ah Kd 7c 7s 2h"), ev("As Kc 7d 7h 2c")
    assert a == b and hash(a) == hash(b) and not a < b
    board = ["Qs", "Qh", "Qd", "Qc", "9s"]  # the board plays for both
    assert evaluate(["2c", "3d", *board]) == evaluate(["4h", "5h", *board])
    assert evaluate(["Ac", "3d", *board]) > evaluate(["Kh", "5h", *board])


def test_ordering_uses_strength_only() -> None:
    assert HandValue(7, Category.FLUSH, (14,) * 5) == HandValue(7, Category.PAIR, (2,) * 5)
    assert HandValue(6, Category.FLUSH, (14,) * 5) < HandValue(7, Category.HIGH_CARD, (7,) * 5)


@pytest.mark.parametrize(
    "cards, category, five",
    [
        ("5h 6h 7d 8c 9h Ah Kh", Category.FLUSH, ("Ah", "Kh", "9h", "6h", "5h")),
        ("7h 7d 7c 2s 2h 2d Kh", Category.FULL_HOUSE, ("7h", "7d", "7c", "2s", "2h")),
        ("Kh Kd 5c 5s 3h 3d Qh", Category.TWO_PAIR, ("Kh", "Kd", "5c", "5s", "Qh")),
        ("Ah Ad Ac As Kh Kd", Category.FOUR_OF_A_KIND, ("Ah", "Ad", "Ac", "As", "Kh")),
        ("4s 5s 6s 7s 8s 9d Tc", Category.STRAIGHT_FLUSH, ("8s", "7s", "6s", "5s", "4s")),
        ("2c 3d 4h 5s Jc Qd Kh", Category.HIGH_CARD, ("Kh", "Qd", "Jc", "5s", "4h")),
    ],
)
def test_best_of_six_and_seven(cards: str, category: Category, five: tuple[str, ...]) -> None:
    assert ev(cards).category == category
    assert best_five(cards.split()) == five
    assert evaluate(five) == ev(cards)


@pytest.mark.parametrize(
    "cards",
    [
        "Ah Kd Qc Js",
        "Ah Kd Qc Js Th 9c 8d 7s",
        "Ah Ah Qc Js Th",
        "1h Kd Qc Js Th",
        "AH Kd Qc Js Th",
        "Ah Kd Qc Js 10h",
    ],
)
def test_rejects_bad_input(cards: str) -> None:
    with pytest.raises(ValueError):
        evaluate(cards.split())


TWO_PAIR_J5 = ["Jh", "Jd", "5c", "5s", "2h", "3d", "9c"]


@pytest.mark.parametrize(
    "text, cards, expected",
    [
        ("two pair, Jacks and Fives", TWO_PAIR_J5, True),
        ("Two  pair, jacks and fives", TWO_PAIR_J5, True),  # case and spacing
        ("two pair, Jacks and Sixes", TWO_PAIR_J5, False),  # wrong second pair
        ("two pair, Fives and Jacks", TWO_PAIR_J5, False),  # wrong order
        ("a pair of Jacks", TWO_PAIR_J5, False),  # wrong category
        ("two pair, Jacks and Fives - Nine kicker", TWO_PAIR_J5, True),
        ("two pair, Jacks and Fives - Ten kicker", TWO_PAIR_J5, False),
        ("two pair, Jacks and Fives - lower kicker", TWO_PAIR_J5, True),
        ("two pair, Jacks and Fives - lower cards", TWO_PAIR_J5, False),
        ("two pair, Jacks and Fives - Nine", TWO_PAIR_J5, False),
        ("a pair of Eights - King+Jack kicker", ["Kc", "Jc", "4d", "8s", "3s", "8h", "5c"], True),
        ("a pair of Eights - King+Five kicker", ["Kc", "Jc", "4d", "8s", "3s", "8h", "5c"], False),
        ("a pair of Eights - King+Jack+Five+Four kicker", ["Kc", "Jc", "4d", "8s", "3s", "8h", "5c"], False),
        ("high card Ace - King+Jack+Nine kicker", ["Jc", "9c", "Kd", "7c", "Ad", "4d", "6d"], True),
        ("a flush, Queen high - lower cards", ["7d", "8d", "2h", "2d", "Qd", "5d", "4d"], True),
        ("a flush, Queen high - lower kicker", ["7d", "8d", "2h", "2d", "Qd", "5d", "4d"], False),
        ("a flush, King high", ["7d", "8d", "2h", "2d", "Qd", "5d", "4d"], False),
        # PS-2: a flush beating another of the same top card names a lower card of its own five
        ("a flush, King high - Jack higher", ["Jc", "Qd", "Kc", "9c", "4c", "2c", "7h"], True),
        ("a flush, King high - Nine higher", ["Jc", "Qd", "Kc", "9c", "4c", "2c", "7h"], True),
        (
            "a flush, King high - Queen higher",
            ["Jc", "Qd", "Kc", "9c", "4c", "2c", "7h"],
            False,
        ),  # the Queen is no club
        ("a flush, King high - King higher", ["Jc", "Qd", "Kc", "9c", "4c", "2c", "7h"], False),  # the top card
        ("a pair of Kings - Jack higher", ["Kc", "Kd", "Jc", "9c", "4h", "2c", "7h"], False),  # flushes only
        ("a straight, Ace to Five", ["Ah", "2d", "3c", "4s", "5h", "Kc", "Kd"], True),
        ("a straight, Ace to Five - lower kicker", ["Ah", "2d", "3c", "4s", "5h", "Kc", "Kd"], False),
        ("a straight, Five to Ace", ["Ah", "2d", "3c", "4s", "5h", "Kc", "Kd"], False),
        ("a straight flush, Ten to Ace", ["As", "Ks", "Qs", "Js", "Ts"], True),
        ("a Royal Flush", ["9s", "Ts", "Js", "Qs", "Ks"], False),
        ("a full house, Tens full of Aces", ["Th", "Tc", "Ts", "As", "Ad", "Qh", "Qd"], True),
        ("a full house, Aces full of Tens", ["Th", "Tc", "Ts", "As", "Ad", "Qh", "Qd"], False),
    ],
)
def test_description_matches(text: str, cards: list[str], expected: bool) -> None:
    assert description_matches(text, cards) is expected


# PS-2, strictly: Kc Jc 9c 4c 2c (Bob) beats Kc Tc 9c 4c 3c (Ann) on its second card, the Jack.
BOARD_K9 = ["Kc", "9c", "4c", "2c", "7d"]
BOB = ["Jc", "Qd", *BOARD_K9]
ANN = ["Tc", "3c", *BOARD_K9]


@pytest.mark.parametrize(
    "text, others, expected",
    [
        ("a flush, King high - Jack higher", [ANN], True),
        ("a flush, King high - Nine higher", [ANN], False),  # in Bob's flush, but not where it beats Ann's
        ("a flush, King high - Four higher", [ANN], False),
        # against the best of two lower flushes: Ann's (K T 9 4 3), not Cy's (K 9 5 4 2)
        ("a flush, King high - Jack higher", [["5c", "6h", *BOARD_K9], ANN], True),
        ("a flush, King high - Jack higher", [["5c", "6h", *BOARD_K9]], True),  # K J 9 4 2 over K 9 5 4 2: the Jack
        ("a flush, King high - Nine higher", [["5c", "6h", *BOARD_K9]], False),
        ("a flush, King high - Jack higher", [], True),  # no other flush shown (the loser mucked): not checked
        ("a flush, King high - Jack higher", [["Ah", "Ad", *BOARD_K9]], True),  # a pair of Aces: no flush to beat
        ("a flush, King high - Jack higher", [["Ac", "3h", *BOARD_K9]], False),  # the Ace-high flush beats it
        ("a flush, King high", [ANN], True),  # no "higher": nothing to check here
    ],
)
def test_description_against_the_flush_it_beat(text: str, others: list[list[str]], expected: bool) -> None:
    assert description_against(text, BOB, others) is expected


# Brute-force reference: best (category, tie-break ranks) over all five-card subsets.
_SHAPES = {(4, 1): 7, (3, 2): 6, (3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1}


def _ref5(five: tuple[str, ...]) -> tuple[int, tuple[int, ...]]:
    counts = Counter(RANKS.index(c[0]) + 2 for c in five)
    ranks = sorted(counts.elements(), key=lambda r: (counts[r], r), reverse=True)
    if ranks == [14, 5, 4, 3, 2]:
        ranks = [5, 4, 3, 2, 14]
    straight = len(counts) == 5 and (ranks[0] - ranks[4] == 4 or ranks[0] == 5)
    flush = len({c[1] for c in five}) == 1
    shape = tuple(sorted(counts.values(), reverse=True))
    category = 8 if straight and flush else 5 if flush else 4 if straight else _SHAPES.get(shape, 0)
    return category, tuple(ranks)


def _ref(cards: list[str]) -> tuple[int, tuple[int, ...]]:
    return max(map(_ref5, combinations(cards, 5)))


_DECK = [r + s for r in RANKS for s in "cdhs"]
_CROWDED = [r + s for r in "A2345TJQK" for s in "hs"]  # straights, wheels and flushes galore


@settings(max_examples=300, deadline=None)
@given(st.sampled_from([_DECK, _CROWDED]).flatmap(st.permutations).map(lambda d: d[:9]))
def test_agrees_with_brute_force(deal: list[str]) -> None:
    board, first, second = deal[:5], deal[5:7] + deal[:5], deal[7:9] + deal[:5]
    a, b = evaluate(first), evaluate(second)
    ref_a, ref_b = _ref(first), _ref(second)
    assert (a.category, a.ranks) == ref_a and (b.category, b.ranks) == ref_b
    assert (a < b, a == b) == (ref_a < ref_b, ref_a == ref_b)
    assert evaluate(board) <= min(a, b)
