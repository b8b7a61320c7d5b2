"""How GGPoker names a Hold'em hand in `shows [..] (…)` and the summary's `won (..) with …`.

Two wordings are in the corpus. PokerCraft's current one (ggpoker-rush-2025, August 2025) is
PokerStars' except three words: `Ace high` (PokerStars: `high card Ace`), `a pair of Twos`
(`Deuces`), `a flush Ace high` (no comma), and straights named from the top card down
(`a straight, Ace to Ten`; PokerStars: `Ten to Ace`) — e.g. `shows [Kd Ac] (two pair, Kings and Jacks)`.
The 2020–2021 files (fpdb-3/ggpoker) use an older one: `Pair of Aces`, `Pair of Kings and Pair of
Sevens`, `Three Sevens`, `Ace-High`, `Nines-High Straight`, `King High Flush`, `Kings Full over
Queens`, `Pair of Treys`; 2025 tournament exports still print it, with four of a kind as `Four Tens`
(`won (74,888) with Four Tens`; issue #24, GG-2). Only the forms seen are written here: the straight
flush, whose older form was never seen, has the current form only.
"""

from __future__ import annotations

from hhtool.dialects.hand_names import plurals, rank_names
from hhtool.rules.ranking import Category, HandValue, evaluate

_NAMES = rank_names(deuce="Two")
_PLURALS = plurals(_NAMES)
_OLD_PLURALS = {3: "Treys"}  # the 2020-21 wording: `Pair of Treys`, `Pair of Twos`


def _name(rank: int) -> str:
    return _NAMES[rank]


def _span(ranks: tuple[int, ...]) -> str:
    """A straight from its top card down (`King to Nine`); the wheel is `Ace to Five` (seen in the corpus)."""
    if ranks[4] == 14:
        return "Ace to Five"
    return f"{_name(ranks[0])} to {_name(ranks[4])}"


def describe(value: HandValue) -> str:
    """GG's current wording of a best hand (August 2025 PokerCraft export)."""
    r = value.ranks
    match value.category:
        case Category.HIGH_CARD:
            return f"{_name(r[0])} high"
        case Category.PAIR:
            return f"a pair of {_PLURALS[r[0]]}"
        case Category.TWO_PAIR:
            return f"two pair, {_PLURALS[r[0]]} and {_PLURALS[r[2]]}"
        case Category.THREE_OF_A_KIND:
            return f"three of a kind, {_PLURALS[r[0]]}"
        case Category.STRAIGHT:
            return f"a straight, {_span(r)}"
        case Category.FLUSH:
            return f"a flush {_name(r[0])} high"
        case Category.FULL_HOUSE:
            return f"a full house, {_PLURALS[r[0]]} full of {_PLURALS[r[3]]}"
        case Category.FOUR_OF_A_KIND:
            return f"four of a kind, {_PLURALS[r[0]]}"
        case _:
            return f"a straight flush, {_span(r)}"


def describe_2021(value: HandValue) -> str | None:
    """GG's older wording (2020-21 files, 2025 tournament exports), for the categories it was seen for
    (None for the others)."""
    r = value.ranks

    def plural(rank: int) -> str:
        return _OLD_PLURALS.get(rank) or _PLURALS[rank]

    match value.category:
        case Category.HIGH_CARD:
            return f"{_name(r[0])}-High"
        case Category.PAIR:
            return f"Pair of {plural(r[0])}"
        case Category.TWO_PAIR:
            return f"Pair of {plural(r[0])} and Pair of {plural(r[2])}"
        case Category.THREE_OF_A_KIND:
            return f"Three {plural(r[0])}"
        case Category.STRAIGHT:
            return f"{plural(r[0])}-High Straight"
        case Category.FLUSH:
            return f"{_name(r[0])} High Flush"
        case Category.FULL_HOUSE:
            return f"{plural(r[0])} Full over {plural(r[3])}"
        case Category.FOUR_OF_A_KIND:
            return f"Four {plural(r[0])}"
        case _:
            return None


_WORDINGS: dict[int, frozenset[str]] = {}


def wordings(value: HandValue) -> frozenset[str]:
    """Every GG wording of a best hand, casefolded (what a printed description may be); cached."""
    known = _WORDINGS.get(value.strength)
    if known is None:
        names = {describe(value), describe_2021(value)} - {None}
        known = _WORDINGS[value.strength] = frozenset(name.casefold() for name in names if name)
    return known


def description_matches(text: str, cards) -> bool:
    """Whether a printed description is GG's wording of the best hand of `cards` (5 to 7 cards); GG
    names no kickers."""
    return " ".join(text.split()).casefold() in wordings(evaluate(tuple(cards)))
