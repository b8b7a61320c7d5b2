"""The game a hand is dealt in, as data: how many hole cards, how a hand is made of them, high or high/low.

Declared here, at the bottom layer, so that readers, replay, settlement and exports all read the same
description, and Hold'em and Omaha go through one showdown code path (`hhtool.rules.showdown_value`)
that only looks at these fields. `name` is the `Header.game` word ("holdem" today).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType


@dataclass(frozen=True, slots=True)
class Variant:
    """A community-card game's showdown rules.

    `hole_used` is how many hole cards a five-card hand may take (the rest from the board): Hold'em
    any of 0, 1 or 2, so its hand is simply the best five of all seven; Omaha exactly 2, never 3 or 4.
    `low_qualifier` is the highest rank a low may hold (8: eight-or-better, ace-to-five, the Ace low);
    None for a high-only game, whose pot is never split for low.
    """

    name: str
    hole_cards: int
    hole_used: tuple[int, ...]
    low_qualifier: int | None = None
    hi_lo: bool = field(init=False, compare=False, repr=False)
    """Whether a pot is split for low (a low qualifier is set)."""
    any_five: bool = field(init=False, compare=False, repr=False)
    """True when a hand may use any of its hole cards, none to all: its best five of hole and board is the hand.
    (Both set once here: the showdown reads them for every hand shown.)"""

    def __post_init__(self) -> None:
        object.__setattr__(self, "hi_lo", self.low_qualifier is not None)
        object.__setattr__(self, "any_five", self.hole_used == tuple(range(min(self.hole_cards, 5) + 1)))


HOLDEM = Variant("holdem", hole_cards=2, hole_used=(0, 1, 2))
OMAHA = Variant("omaha", hole_cards=4, hole_used=(2,))
OMAHA5 = Variant("omaha5", hole_cards=5, hole_used=(2,))
OMAHA6 = Variant("omaha6", hole_cards=6, hole_used=(2,))
OMAHA_HILO = Variant("omaha_hilo", hole_cards=4, hole_used=(2,), low_qualifier=8)
OMAHA5_HILO = Variant("omaha5_hilo", hole_cards=5, hole_used=(2,), low_qualifier=8)

VARIANTS: Mapping[str, Variant] = MappingProxyType(
    {v.name: v for v in (HOLDEM, OMAHA, OMAHA5, OMAHA6, OMAHA_HILO, OMAHA5_HILO)}
)


def variant_named(name: str) -> Variant:
    """The variant whose `name` (the `Header.game` word) is `name`; ValueError naming the known ones otherwise."""
    try:
        return VARIANTS[name]
    except KeyError:
        raise ValueError(f"unknown game {name!r}: one of {', '.join(VARIANTS)}") from None
