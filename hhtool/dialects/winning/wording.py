"""WPN's wording of a hand, 2019+ (`shows [9c Qd] (a pair of Queens [Qh Qd As 9c 6c])`, `won $1.19 with a pair
of Queens [..]`): PokerStars' words, the plural of Six written `Sixs` (acr-winning/cash/…Miramar (Cap)…:
`a pair of Sixs`), and the five cards of the hand after them. The five cards are not checked here (the
words are); the ranking itself is hhtool.rules.ranking's. The 2016 era's words (`Two pairs. 8s and 5s`)
are not checked (its reader keeps the cards only)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from hhtool.dialects.pokerstars import wording as stars
from hhtool.rules.ranking import HandValue

_FIVE_CARDS = re.compile(r" \[[^\]]*\]$")


def describe(value: HandValue) -> str:
    """WPN's words for an evaluated hand (without the five cards it prints after them)."""
    return stars.describe(value).replace("Sixes", "Sixs")


def description_matches(text: str, cards: Sequence[str]) -> bool:
    """Whether a printed description (with or without its five cards) names the best hand of `cards`."""
    return stars.description_matches(_FIVE_CARDS.sub("", text).replace("Sixs", "Sixes"), cards)
