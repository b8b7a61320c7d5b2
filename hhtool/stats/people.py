"""Who a seat's name stands for: the hero, an anonymous seat, or a player known by that name.

- The hero: the names given with `--hero` (aliases: one person under several names, on one site or
  several), and on a site whose dialect has a `hero_mark` (Bovada's ` [ME]`) every name that ends with
  it. All of them add up in one row, named by the first `--hero` name, or `[ME]` when none was given.
- Anonymous seats: on a site with `anonymous_seats` (Bovada: `Big Blind`, `UTG+1` are the positions of
  one hand, another player in the next) and names matching a dialect's `seat_label` (Winamax's
  `Incognito 3`), a name is no person: those seats add up in one pool row, `(anonymous seats)`, never
  in a row of their own (its statistics are the field's, not a player's; its `hands` counts seats,
  several a hand).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
import pandas as pd

from hhtool.dialects import conventions

ANONYMOUS = "(anonymous seats)"
ME = "[ME]"


@dataclass(frozen=True)
class Hero:
    """The hero's names (`--hero`, repeatable); the sites' own hero marks always count."""

    names: tuple[str, ...] = ()

    @classmethod
    def of(cls, names: Iterable[str] = ()) -> Hero:
        return cls(tuple(dict.fromkeys(names)))

    @property
    def label(self) -> str:
        return self.names[0] if self.names else ME


def identify(frame: pd.DataFrame, hero: Hero) -> pd.DataFrame:
    """`frame` (site, player) with `player` replaced by who the seat stands for and a `hero` column."""
    players = frame["player"].astype(object)
    is_hero = players.isin(hero.names)
    anonymous = pd.Series(False, index=frame.index)
    for site in pd.unique(frame["site"].astype(object)):
        rules = conventions(str(site))
        here = frame["site"].astype(object) == site
        if rules.hero_mark:
            is_hero |= here & players.map(lambda p, m=rules.hero_mark: isinstance(p, str) and p.endswith(m))
        if rules.anonymous_seats:
            anonymous |= here
        if rules.seat_label:
            label = re.compile(rules.seat_label)
            anonymous |= here & players.map(lambda p, r=label: isinstance(p, str) and r.fullmatch(p) is not None)
    out = frame.copy()
    out["player"] = np.where(is_hero, hero.label, np.where(anonymous, ANONYMOUS, players))
    out["hero"] = is_hero.to_numpy()
    return out
