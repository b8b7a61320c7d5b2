"""How Ignition / Bovada / Bodog name a Hold'em hand: the category only, in parentheses after a
`Showdown`, `Does not show` or `Mucks` line (`Showdown [Kh Kc 7h 7d Qd] (Two pair)`) and after `with`
in the summary (`$4110 with Two pair [Kc Qd-Ah Ad 9h 9c Kc]`).

The words seen in the corpus (fpdb-3/bovada-ignition, 2012-2021): `High Card`, `One pair`, `Two pair`,
`Three of a kind`, `Straight`, `Flush`, `Full House`. Four of a kind and straight flush were never seen;
their names below (`Four of a kind`, `Straight Flush`) are the pattern of the others, not a printed
form, so a printed description of those two categories is accepted whatever it says.
"""

from __future__ import annotations

from hhtool.rules.ranking import Category, HandValue, evaluate

_NAMES = {
    Category.HIGH_CARD: "High Card",
    Category.PAIR: "One pair",
    Category.TWO_PAIR: "Two pair",
    Category.THREE_OF_A_KIND: "Three of a kind",
    Category.STRAIGHT: "Straight",
    Category.FLUSH: "Flush",
    Category.FULL_HOUSE: "Full House",
    Category.FOUR_OF_A_KIND: "Four of a kind",
}
NAMES = frozenset(_NAMES.values()) | {"Straight Flush"}  # every description the client prints (or would)
_UNSEEN = frozenset({Category.FOUR_OF_A_KIND, Category.STRAIGHT_FLUSH})


def describe(value: HandValue) -> str:
    """The client's name of a best hand: its category."""
    return _NAMES.get(value.category, "Straight Flush")


def description_matches(text: str, cards) -> bool:
    """Whether a printed description names the category of the best hand of `cards` (5 to 7 cards)."""
    value = evaluate(tuple(cards))
    return value.category in _UNSEEN or " ".join(text.split()).casefold() == describe(value).casefold()
