"""How Winamax names a Hold'em hand in `shows [..] (…)` and the summary's `won X with …`.

The forms below are every one found in the corpus (fpdb-3/winamax, hhsmithy/winamax-cash, 2010-2022):
`High card : Ace`, `One pair : Jacks`, `One pair : 5`, `Two pairs : Queens and Tens`, `Two pairs : 9 and 7`,
`Trips of Kings`, `Trips of 6`, `Straight Ten high`, `Straight 9 high`, `Flush King high`, `Full of Kings
and Queens`, `Full of Aces and 3`, `Quads of Queens`. Ranks 2 to 9 are digits, Ten to Ace words, plural
where the hand holds several of them (2010 files also write them singular: `Quads of Jack`, `Full of King
and Jack`, `One pair : Jack`; a 2013 file writes `high card : Ace`), and no kicker is named. No straight
flush is in the corpus: its wording is not known, so a straight flush's description is not checked.
"""

from __future__ import annotations

from functools import lru_cache

from hhtool.rules.ranking import Category, HandValue, evaluate

_WORDS = {10: "Ten", 11: "Jack", 12: "Queen", 13: "King", 14: "Ace"}


def _name(rank: int) -> str:
    return _WORDS.get(rank) or str(rank)


def _plural(rank: int) -> str:
    return _WORDS[rank] + "s" if rank in _WORDS else str(rank)


def describe(value: HandValue, plural=_plural) -> str:
    """Winamax's wording of a best hand (the 2011-2022 one, face cards in the plural)."""
    r = value.ranks
    match value.category:
        case Category.HIGH_CARD:
            return f"High card : {_name(r[0])}"
        case Category.PAIR:
            return f"One pair : {plural(r[0])}"
        case Category.TWO_PAIR:
            return f"Two pairs : {plural(r[0])} and {plural(r[2])}"
        case Category.THREE_OF_A_KIND:
            return f"Trips of {plural(r[0])}"
        case Category.STRAIGHT:
            return f"Straight {_name(r[0] if r[4] != 14 else 5)} high"
        case Category.FLUSH:
            return f"Flush {_name(r[0])} high"
        case Category.FULL_HOUSE:
            return f"Full of {plural(r[0])} and {plural(r[3])}"
        case Category.FOUR_OF_A_KIND:
            return f"Quads of {plural(r[0])}"
        case _:  # not in the corpus: PokerStars-like words, never used to judge a printed description
            return f"Straight flush {_name(r[0] if r[4] != 14 else 5)} high"


def description_matches(text: str, cards) -> bool:
    """Whether a printed description is Winamax's wording of the best hand of `cards` (plural or the 2010
    singular, any case); a straight flush is not checked (its wording is not known)."""
    value = evaluate(tuple(cards))
    if value.category == Category.STRAIGHT_FLUSH:
        return True
    return " ".join(text.split()).casefold() in _wordings(value)


@lru_cache(maxsize=8192)
def _wordings(value: HandValue) -> frozenset[str]:
    return frozenset(w.casefold() for w in (describe(value), describe(value, _name)))
