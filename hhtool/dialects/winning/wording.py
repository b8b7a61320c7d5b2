"""WPN's wording of a hand, 2019+ (`shows [9c Qd] (a pair of Queens [Qh Qd As 9c 6c])`, `won $1.19 with a pair
of Queens [..]`): PokerStars' words but for three categories, the plural of Six written `Sixs` as often as
`Sixes` (acr-winning/cash/…Miramar (Cap)…: `a pair of Sixs`; a 2020 Omaha hand prints `Set of Sixs` on its
show line and `Set of Sixes` in its summary), and the five cards of the hand after them.

WPN's own words (SITE-BEHAVIOURS WPN-4): high card is `a high card, Ace high`, three of a kind `three of a
kind, Set of Tens` (also when one card of the three is the player's), a straight `a straight, Ten high` (the
wheel `Five high`); a straight flush is read as either PokerStars' `Six to Ten` or, like the straight, `Ten
high` (no example seen). A summary's `won` can end after the five cards with ` with the kicker Queen` (once
seen with a stray brace, `… Nine}`): the card that beat the loser, not always the top kicker, so only its
being one of the five is checked. The ranking itself is hhtool.rules.ranking's. The 2016 era's words (`Two
pairs. 8s and 5s`) are not checked (its reader keeps the cards only)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from hhtool.dialects import hand_names as stars  # PokerStars' words, which WPN's start from
from hhtool.rules.ranking import Category, HandValue, evaluate

_FIVE_CARDS = re.compile(r" \[(?P<cards>[^\]]*)\]$")
_KICKER = re.compile(r" with the kicker (?P<rank>[A-Za-z]+)\}?$")
_RANKS = {
    "Deuce": "2",
    "Three": "3",
    "Four": "4",
    "Five": "5",
    "Six": "6",
    "Seven": "7",
    "Eight": "8",
    "Nine": "9",
    "Ten": "T",
    "Jack": "J",
    "Queen": "Q",
    "King": "K",
    "Ace": "A",
}
_NAMES = {rank: name for name, rank in _RANKS.items()}
_RANK_OF = dict(zip(range(2, 15), "23456789TJQKA"))


def _name(rank: int) -> str:
    return _NAMES[_RANK_OF[rank]]


def _plural(rank: int) -> str:
    return "Sixs" if rank == 6 else _name(rank) + "s"


def describe(value: HandValue) -> str:
    """WPN's words for an evaluated hand (without the five cards it prints after them)."""
    r = value.ranks
    match value.category:
        case Category.HIGH_CARD:
            return f"a high card, {_name(r[0])} high"
        case Category.THREE_OF_A_KIND:
            return f"three of a kind, Set of {_plural(r[0])}"
        case Category.STRAIGHT:
            return f"a straight, {_name(r[0])} high"
    return stars.describe(value).replace("Sixes", "Sixs")


def _wordings(value: HandValue) -> set[str]:
    """The wordings WPN prints for a hand, casefolded, with both plurals of Six."""
    names = {describe(value)}
    if value.category == Category.STRAIGHT_FLUSH:
        names.add(stars.describe(value))
        if value.ranks[0] != 14:
            names.add(f"a straight flush, {_name(value.ranks[0])} high")
    return {name.casefold() for name in names} | {
        name.replace("sixs", "sixes") for name in (n.casefold() for n in names)
    }


def description_matches(text: str, cards: Sequence[str]) -> bool:
    """Whether a printed description (with or without its five cards and a kicker after them) names the best
    hand of `cards`; a kicker named must be a rank of the five cards printed."""
    kicker = _KICKER.search(text)
    if kicker is not None:
        text = text[: kicker.start()]
    five = _FIVE_CARDS.search(text)
    if five is not None:
        text = text[: five.start()]
        if kicker is not None:
            rank = _RANKS.get(kicker["rank"])
            if rank is None or rank not in {card[:1] for card in five["cards"].split()}:
                return False
    elif kicker is not None and kicker["rank"] not in _RANKS:
        return False
    try:
        value = evaluate(tuple(cards))
    except (ValueError, KeyError, IndexError):
        return False
    return " ".join(text.split()).casefold() in _wordings(value)
