"""The English words for a hand that PokerStars prints (`a pair of Aces`, `two pair, Kings and Fives`, `a
straight, Five to Nine`): PokerStars' wording is this, and WPN's is this but for three categories
(`hhtool.dialects.winning.wording`). A site-neutral module, so that a change of one site's wording is a
change in that site's package only. The ranking itself is hhtool.rules.ranking's.

This module is compiled with mypyc (hhtool/compiled.py).
"""

from __future__ import annotations

from hhtool.rules.ranking import Category, HandValue

_NAMES = dict(
    zip(
        range(2, 15),
        ("Deuce", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen", "King", "Ace"),
    )
)


def rank_name(rank: int) -> str:
    """A rank (2-14) in words: `Deuce` … `Ace`."""
    return _NAMES[rank]


def _plural(rank: int) -> str:
    return "Sixes" if rank == 6 else _NAMES[rank] + "s"


def describe(value: HandValue) -> str:
    """PokerStars' words for an evaluated hand, as in `shows [..] (a pair of Aces)` and `won (..) with ...`."""
    r = value.ranks
    match value.category:
        case Category.HIGH_CARD:
            return f"high card {rank_name(r[0])}"
        case Category.PAIR:
            return f"a pair of {_plural(r[0])}"
        case Category.TWO_PAIR:
            return f"two pair, {_plural(r[0])} and {_plural(r[2])}"
        case Category.THREE_OF_A_KIND:
            return f"three of a kind, {_plural(r[0])}"
        case Category.STRAIGHT:
            return f"a straight, {rank_name(r[4])} to {rank_name(r[0])}"
        case Category.FLUSH:
            return f"a flush, {rank_name(r[0])} high"
        case Category.FULL_HOUSE:
            return f"a full house, {_plural(r[0])} full of {_plural(r[3])}"
        case Category.FOUR_OF_A_KIND:
            return f"four of a kind, {_plural(r[0])}"
        case _ if r[0] == 14:
            return "a Royal Flush"
        case _:
            return f"a straight flush, {rank_name(r[4])} to {rank_name(r[0])}"
