"""The Hand: header, seats, events and the claims its text makes (checked later by the replay)."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

import msgspec

from hhtool.model.events import Event, Street


class Limit(StrEnum):
    NO_LIMIT = "NL"
    POT_LIMIT = "PL"
    FIXED_LIMIT = "FL"
    POT_LIMIT_PREFLOP = "PL/NL"  # pot limit pre-flop, no limit post-flop


class Source(msgspec.Struct, frozen=True, gc=False):
    """Where a hand came from: file and the 1-based line and column of its header."""

    file: str
    line: int
    column: int = 1


class Header(msgspec.Struct, frozen=True, gc=False):
    site: str
    hand_id: str
    game: str  # "holdem"
    limit: Limit
    small_blind: int  # for fixed limit: half the small bet, as the blinds are posted
    big_blind: int
    small_bet: int  # fixed limit: the small bet; otherwise the big blind
    big_bet: int  # fixed limit: the big bet; otherwise the big blind
    currency: str  # ISO code, or "chips" (tournaments, play money)
    scale: int  # minor units per major unit: 100 for money, 1 for chips
    time: datetime | None  # the local time as printed
    time_zone: str | None  # its zone as printed (None when the site prints none)
    time_utc: datetime | None  # when the hand started, in UTC, as the dialect reads its clocks
    table: str
    max_seats: int | None
    button_seat: int | None
    tournament_id: str | None = None
    buy_in: str | None = None
    level: str | None = None
    cap: int | None = None  # CAP tables: the most one player may put in
    ante: int | None = None  # announced in the header (button-blind games); antes are posted as events
    fast_fold: bool = False  # a fast-fold pool (Rush & Cash and the like): a "table" has no stack or button continuity
    is_home_game: bool = False
    play_money: bool = False
    mixed: str | None = None  # e.g. "NLH/PLO" for mixed games
    club: str | None = None  # a private club's name (home games)
    server_time: datetime | None = None  # a second clock printed beside the local one (the site's server time)

    @property
    def is_tournament(self) -> bool:
        return self.tournament_id is not None


class Seat(msgspec.Struct, frozen=True, gc=False):
    seat: int
    player: str
    stack: int
    line: int
    bounty: str | None = None
    sitting_out: bool = False
    out_of_hand: bool = False


class Outcome(msgspec.Struct, frozen=True, gc=False):
    """One result in a summary seat line; a hand run more than once may have one per run."""

    won: bool
    amount: int | None
    description: str | None


class SeatSummary(msgspec.Struct, frozen=True, gc=False):
    """A `Seat N: …` line of the summary, as claimed."""

    line: int
    seat: int
    player: str
    positions: tuple[str, ...]  # "button", "small blind", "big blind", "button blind"
    result: str  # folded | showed | mucked | collected | won | sat_out | other
    folded_on: Street | None = None
    didnt_bet: bool = False
    cards: tuple[str, ...] = ()
    outcomes: tuple[Outcome, ...] = ()
    cashed_out: bool = False
    text: str = ""
    cash_out_received: int | None = None  # `EV Cashout ($X)`: what the site paid the player outside the pot
    cash_out_paid: int | None = None  # `Cashout Risk ($X)`: what the player paid the site out of the pot won


class Ledger(msgspec.Struct, frozen=True, gc=False):
    """One player's figures in the site's own per-player checksum (iPoker's `bet`/`win` attributes,
    PartyPoker's `balance / bet / collected / net` lines): what the site says the hand did to the
    player, checked against the replay (HH214). Each figure is None when the site does not print it.

    - `put_in`: every chip the player put into the pot over the hand (antes, blinds, dead blinds,
      calls, bets, raises), after any uncalled bet came back (so a returned bet is not in it);
    - `won`: every chip the player received from the pots (all pots, all runs), not counting a
      returned uncalled bet (which never was in a pot) nor money paid outside the pot (cash outs);
    - `net`: `won - put_in`;
    - `final_stack`: the chips in front of the player at the end of the hand (the replay's final
      stack: the starting stack less `put_in`, plus `won`, plus or minus money outside the pot).

    A site whose printed figures mean something else (iPoker's `bet` and `win` both count the returned
    uncalled bet) says so in its `Conventions` (`ledger_uncalled`); the reader stores the figures as
    printed and the check applies the convention."""

    line: int
    player: str
    put_in: int | None = None
    won: int | None = None
    net: int | None = None
    final_stack: int | None = None


class Claims(msgspec.Struct, frozen=True, gc=False):
    """What the summary section asserts; the replay checks every number here."""

    line: int = 0
    total_pot: int | None = None
    main_pot: int | None = None
    side_pots: tuple[int, ...] = ()
    rake: int | None = None
    runs: int = 1  # how many times the board was run: 1, 2 or 3
    boards: tuple[tuple[str, ...], ...] = ()
    board_lines: tuple[int, ...] = ()
    seats: tuple[SeatSummary, ...] = ()
    fees: tuple[tuple[str, int], ...] = ()  # each printed fee besides rake, by name, in printed order
    ledgers: tuple[Ledger, ...] = ()  # the site's per-player checksum, one per player it prints (HH214)
    # the printed total is rounded to a multiple of this (a total printed in thousands, `6.02k`: 10 chips); 0: exact
    total_step: int = 0
    # payoffs scored by all-in expected value instead of the board dealt (ACPC logs of some matches): each
    # player's net as printed (decimal text); checked against the equity of the boards still to come
    ev_payoffs: tuple[tuple[str, str], ...] = ()

    @property
    def run_twice(self) -> bool:
        return self.runs > 1


class Hand(msgspec.Struct, frozen=True, gc=False):
    header: Header
    seats: tuple[Seat, ...]
    events: tuple[Event, ...]
    claims: Claims
    source: Source
    lines: int = 0  # number of lines in the block
    notices: int = 0  # chatter/state lines seen (also in events)
    # the name of the set of its site's conventions the hand was written under (a client generation or era:
    # its dialect's `variants`, read with `hhtool.dialects.conventions(site, variant)`); "" the site's own
    conventions_variant: str = ""
    # players whose stack the site did not print (PartyPoker: one who sat down after the seat list was
    # printed): their seat's `stack` is only a floor, what they put in, and reaching it is no all-in
    stack_floors: tuple[str, ...] = ()

    @property
    def uid(self) -> str:
        return f"{self.header.site}:{self.header.hand_id}"

    def seat_of(self, player: str) -> Seat | None:
        for seat in self.seats:
            if seat.player == player:
                return seat
        return None
