"""Full Tilt's wording of a hand (`shows [Ks 5h] a pair of Sixes`, `won ($0.31) with two pair, Eights and
Fours`), each form seen in the corpus (fpdb-3/fulltilt): ranks by name with `Two` for the deuce (`a pair
of Twos`), a high card as its two top cards (`Ace King high`, `Ten Nine high`), a straight or a flush by its
top card (`a straight, Six high`, `a straight, Five high`, `a flush, Jack high`, `a straight flush, Jack
high`), no kickers. The ranking itself is hhtool.rules.ranking's."""

from __future__ import annotations

from collections.abc import Sequence

from hhtool.dialects.hand_names import plurals, rank_names
from hhtool.rules.ranking import Category, HandValue, evaluate

_NAMES = rank_names(deuce="Two")
_PLURALS = plurals(_NAMES)


def describe(value: HandValue) -> str:
    """Full Tilt's words for an evaluated hand."""
    r = value.ranks
    match value.category:
        case Category.HIGH_CARD:
            return f"{_NAMES[r[0]]} {_NAMES[r[1]]} high"
        case Category.PAIR:
            return f"a pair of {_PLURALS[r[0]]}"
        case Category.TWO_PAIR:
            return f"two pair, {_PLURALS[r[0]]} and {_PLURALS[r[2]]}"
        case Category.THREE_OF_A_KIND:
            return f"three of a kind, {_PLURALS[r[0]]}"
        case Category.STRAIGHT:
            return f"a straight, {_NAMES[r[0]]} high"
        case Category.FLUSH:
            return f"a flush, {_NAMES[r[0]]} high"
        case Category.FULL_HOUSE:
            return f"a full house, {_PLURALS[r[0]]} full of {_PLURALS[r[3]]}"
        case Category.FOUR_OF_A_KIND:
            return f"four of a kind, {_PLURALS[r[0]]}"
        case _:
            return f"a straight flush, {_NAMES[r[0]]} high"


def description_matches(text: str, cards: Sequence[str]) -> bool:
    """Whether a printed description names the best hand of `cards` in Full Tilt's words (case and spacing
    aside)."""
    return " ".join(text.split()).casefold() == describe(evaluate(tuple(cards))).casefold()
