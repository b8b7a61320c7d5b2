"""Events: one frozen record per kind of line a hand history records, in the order written.

Every event carries `line`, its 1-based line number in the source file, so that a finding can
point at it. Amounts are ints in the hand's minor units. The names say which amount is meant:
`added` is what the action put in, `raise_to` the player's street total after a raise.

Records are frozen `msgspec.Struct`s rather than frozen dataclasses: the same immutable, typed,
slotted values, built ~15x faster (a hand makes ~40 of them, millions of hands are read) and
encoded to JSON in C, with the class name as the `type` tag.
"""

from __future__ import annotations

from enum import StrEnum

import msgspec


class Street(StrEnum):
    PREFLOP = "preflop"
    FLOP = "flop"
    TURN = "turn"
    RIVER = "river"
    SHOWDOWN = "showdown"


class BlindKind(StrEnum):
    SMALL = "small"
    BIG = "big"
    SMALL_AND_BIG = "small_and_big"  # new player's dead small part plus a live big blind
    BUTTON = "button"  # 6+ Hold'em only


class NoticeKind(StrEnum):
    """Table chatter and state lines: counted and kept, never part of the betting."""

    CHAT = "chat"
    CONNECTION = "connection"  # is connected / disconnected / has timed out / has returned
    SITTING_OUT = "sitting_out"
    JOIN = "join"
    LEAVE = "leave"
    WAIT_FOR_BUTTON = "wait_for_button"
    REMOVED = "removed"
    BOUNTY = "bounty"
    FINISHED = "finished"
    BETTING_CAPPED = "betting_capped"
    NO_LOW_HAND = "no_low_hand"
    OTHER = "other"


class Event(msgspec.Struct, frozen=True, gc=False, tag=True):
    line: int


class PostAnte(Event, frozen=True, gc=False, tag=True):
    player: str
    amount: int
    all_in: bool


class PostBlind(Event, frozen=True, gc=False, tag=True):
    player: str
    blind: BlindKind
    amount: int
    all_in: bool


class DealHole(Event, frozen=True, gc=False, tag=True):
    player: str
    cards: tuple[str, ...]


class StreetStart(Event, frozen=True, gc=False, tag=True):
    """A street marker. `board` is every board card printed on the line; `run` is 0, or 1/2 when run twice."""

    street: Street
    run: int
    board: tuple[str, ...]


class Fold(Event, frozen=True, gc=False, tag=True):
    player: str
    shown: tuple[str, ...]


class Check(Event, frozen=True, gc=False, tag=True):
    player: str


class Call(Event, frozen=True, gc=False, tag=True):
    player: str
    added: int
    all_in: bool
    cap_reached: bool


class Bet(Event, frozen=True, gc=False, tag=True):
    player: str
    added: int
    all_in: bool
    cap_reached: bool


class RaiseTo(Event, frozen=True, gc=False, tag=True):
    """`raises raise_by to raise_to`: raise_to is the street total, raise_by the increase over the previous high bet."""

    player: str
    raise_by: int
    raise_to: int
    all_in: bool
    cap_reached: bool


class ReturnUncalled(Event, frozen=True, gc=False, tag=True):
    player: str
    amount: int


class Collect(Event, frozen=True, gc=False, tag=True):
    """`collected X from pot|main pot|side pot[-N]`: pot_index None for a single pot, 0 main, N side."""

    player: str
    amount: int
    pot_index: int | None


class Show(Event, frozen=True, gc=False, tag=True):
    player: str
    cards: tuple[str, ...]
    description: str | None


class Muck(Event, frozen=True, gc=False, tag=True):
    """`mucks hand` (mucked=True) or `doesn't show hand` (mucked=False)."""

    player: str
    mucked: bool


class CashOut(Event, frozen=True, gc=False, tag=True):
    """All-in cash out: `amount` is what the room paid the player, outside the pot; `fee` is the
    room's fee for it, None when the line prints none (`X cashed out the hand for $0.16`: a fee that
    rounds to nothing is left out)."""

    player: str
    amount: int
    fee: int | None


class Rebuy(Event, frozen=True, gc=False, tag=True):
    """Chips bought during a hand; they count only from the next hand on (T3)."""

    player: str
    chips: int
    paid: str


class Notice(Event, frozen=True, gc=False, tag=True):
    kind: NoticeKind
    player: str | None
    text: str


class HandCancelled(Event, frozen=True, gc=False, tag=True):
    pass


BETTING = (Fold, Check, Call, Bet, RaiseTo)
