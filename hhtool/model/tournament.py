"""A tournament as a player's results see it: what it cost, where the player finished, what it paid.

Read from a site's tournament summary file (hhtool.dialects.<site>.summary) or gathered from the
tournament's own hands (hhtool.stats.tournaments). Money is in minor units of `currency` (hundredths;
play money, printed with no symbol and no code, in chips: currency `chips`), None where the source did
not say.
"""

from __future__ import annotations

from dataclasses import dataclass, field

PLAY = "chips"  # the currency of a tournament whose amounts carry no symbol and no code (play money)


@dataclass(frozen=True, slots=True)
class Placing:
    """One line of a summary's finishing order: `1: name (country), $20.00 (100%)`."""

    place: int
    player: str
    prize: int | None = None  # None: nothing printed (out of the money), or still playing
    still_playing: bool = False


@dataclass(frozen=True, slots=True)
class TournamentSummary:
    """What one summary says of one tournament. `buy_in` is what goes to the prize pool, `bounty` the
    knock-out part of the entry (a progressive or fixed bounty), `fee` the site's; `hero` the player the
    summary was written for, `finish` and `prize` that player's (the prize None when out of the money)."""

    site: str
    tournament_id: str
    file: str
    line: int
    currency: str | None = None
    buy_in: int | None = None
    fee: int | None = None
    bounty: int | None = None
    entrants: int | None = None
    prize_pool: int | None = None
    started: str | None = None  # as printed
    hero: str | None = None
    finish: int | None = None
    prize: int | None = None
    rebuys: int | None = None  # what the hero paid for rebuys and add-ons, when the summary says
    bounties_won: int | None = None
    placings: tuple[Placing, ...] = field(default=())
