"""The English words for a hand that PokerStars prints (`a pair of Aces`, `two pair, Kings and Fives`, `a
straight, Five to Nine`): PokerStars' wording is this, and WPN's is this but for three categories
(`hhtool.dialects.winning.wording`); Full Tilt and GG name ranks with these words and plurals but for the deuce
(`rank_names`, `plurals`). A site-neutral module, so that a change of one site's wording is a
change in that site's package only. The ranking itself is hhtool.rules.ranking's.

This module is compiled with mypyc (hhtool/compiled.py).
"""

from __future__ import annotations

from hhtool.rules.ranking import Category, HandValue

_ABOVE_THE_DEUCE = ("Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen", "King", "Ace")


def rank_names(deuce: str) -> dict[int, str]:
    """The ranks 2-14 in English words, the deuce as the site names it (`Deuce` at PokerStars, `Two` at Full Tilt
    and GG): the words the sites that write English share."""
    return dict(zip(range(2, 15), (deuce, *_ABOVE_THE_DEUCE), strict=True))


def plurals(names: dict[int, str]) -> dict[int, str]:
    """Each rank's word in the plural (`Twos`, `Sixes`, `Aces`), as a pair or a set of them is named."""
    return {rank: name + "es" if name == "Six" else name + "s" for rank, name in names.items()}


_NAMES = rank_names(deuce="Deuce")
_PLURALS = plurals(_NAMES)


def rank_name(rank: int) -> str:
    """A rank (2-14) in words: `Deuce` … `Ace`."""
    return _NAMES[rank]


def describe(value: HandValue) -> str:
    """PokerStars' words for an evaluated hand, as in `shows [..] (a pair of Aces)` and `won (..) with ...`."""
    r = value.ranks
    match value.category:
        case Category.HIGH_CARD:
            return f"high card {rank_name(r[0])}"
        case Category.PAIR:
            return f"a pair of {_PLURALS[r[0]]}"
        case Category.TWO_PAIR:
            return f"two pair, {_PLURALS[r[0]]} and {_PLURALS[r[2]]}"
        case Category.THREE_OF_A_KIND:
            return f"three of a kind, {_PLURALS[r[0]]}"
        case Category.STRAIGHT:
            return f"a straight, {rank_name(r[4])} to {rank_name(r[0])}"
        case Category.FLUSH:
            return f"a flush, {rank_name(r[0])} high"
        case Category.FULL_HOUSE:
            return f"a full house, {_PLURALS[r[0]]} full of {_PLURALS[r[3]]}"
        case Category.FOUR_OF_A_KIND:
            return f"four of a kind, {_PLURALS[r[0]]}"
        case _ if r[0] == 14:
            return "a Royal Flush"
        case _:
            return f"a straight flush, {rank_name(r[4])} to {rank_name(r[0])}"
