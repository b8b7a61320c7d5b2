"""A tournament as a player's results see it: what it cost, where the player finished, what it paid.

Read from a site's tournament summary file (hhtool.dialects.<site>.summary) or gathered from the
tournament's own hands (hhtool.stats.tournaments). Money is in minor units of `currency` (hundredths;
play money, printed with no symbol and no code, in whole chips: currency `chips`), None where the
source did not say.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

PLAY = "chips"  # the currency of a tournament whose amounts carry no symbol and no code (play money)


@dataclass(frozen=True, slots=True)
class Placing:
    """One line of a summary's finishing order: `1: name (country), $20.00 (100%)`."""

    place: int
    player: str
    prize: int | None = None  # None: nothing printed (out of the money), still playing, or an award
    still_playing: bool = False
    award: str | None = None  # a prize that is no amount (`Step 3 Ticket`), as printed: its value is not known


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


def with_hero(summary: TournamentSummary, hero: str | None, finish: int | None = None) -> TournamentSummary:
    """The summary with `hero` as its player: the best place of the hero's entries (a re-entry is
    `name [2]`), the sum of their prizes; `finish` as the summary printed it when it did."""
    mine = [p for p in summary.placings if p.player == hero]
    if hero is None or (not mine and finish is None):
        return replace(summary, hero=hero, finish=finish, prize=None)
    best = min((p.place for p in mine), default=finish)
    prizes = [p.prize for p in mine if p.prize is not None]
    playing = any(p.still_playing for p in mine)
    unknown = playing or any(p.award for p in mine)  # an award (a ticket) is a prize of no printed value
    return replace(
        summary,
        hero=hero,
        finish=None if playing else (finish if finish is not None else best),
        prize=None if unknown else sum(prizes),
    )


def entries(summary: TournamentSummary) -> int:
    """How many times the hero entered (re-entries are placings of their own): at least once."""
    return max(1, sum(1 for p in summary.placings if p.player == summary.hero))


@dataclass(frozen=True, slots=True)
class TournamentReader:
    """A site's readers of tournament results (`Dialect.tournaments`): its summary files, and the lines of its
    tournament hands that say what an event cost and paid (each None where the site prints no such thing)."""

    read_summary: Callable[[str, str, int], tuple[list[TournamentSummary], list[Any]]]
    entry_fee: Callable[[str | None], Any]  # a hand header's buy-in text -> (buy-in, bounty, fee, currency) or None
    finish_line: Callable[[str, str], Any]  # (a hand's line, the hero) -> (place, prize) or None
    bounty_line: Callable[[str], Any]  # a hand's line -> the bounty it pays, or None
    amount: Callable[..., Any]  # an amount's text -> its Amount
