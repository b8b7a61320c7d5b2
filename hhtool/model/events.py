"""Events: one frozen dataclass per kind of line a hand history records, in the order written.

Every event carries `line`, its 1-based line number in the source file, so that a finding can
point at it. Amounts are ints in the hand's minor units. The names say which amount is meant:
`added` is what the action put in, `raise_to` the player's street total after a raise.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


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


@dataclass(frozen=True, slots=True)
class Event:
    line: int


@dataclass(frozen=True, slots=True)
class PostAnte(Event):
    player: str
    amount: int
    all_in: bool


@dataclass(frozen=True, slots=True)
class PostBlind(Event):
    player: str
    blind: BlindKind
    amount: int
    all_in: bool


@dataclass(frozen=True, slots=True)
class DealHole(Event):
    player: str
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class StreetStart(Event):
    """A street marker. `board` is every board card printed on the line; `run` is 0, or 1/2 when run twice."""

    street: Street
    run: int
    board: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Fold(Event):
    player: str
    shown: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Check(Event):
    player: str


@dataclass(frozen=True, slots=True)
class Call(Event):
    player: str
    added: int
    all_in: bool
    cap_reached: bool


@dataclass(frozen=True, slots=True)
class Bet(Event):
    player: str
    added: int
    all_in: bool
    cap_reached: bool


@dataclass(frozen=True, slots=True)
class RaiseTo(Event):
    """`raises raise_by to raise_to`: raise_to is the street total, raise_by the increase over the previous high bet."""

    player: str
    raise_by: int
    raise_to: int
    all_in: bool
    cap_reached: bool


@dataclass(frozen=True, slots=True)
class ReturnUncalled(Event):
    player: str
    amount: int


@dataclass(frozen=True, slots=True)
class Collect(Event):
    """`collected X from pot|main pot|side pot[-N]`: pot_index None for a single pot, 0 main, N side."""

    player: str
    amount: int
    pot_index: int | None


@dataclass(frozen=True, slots=True)
class Show(Event):
    player: str
    cards: tuple[str, ...]
    description: str | None


@dataclass(frozen=True, slots=True)
class Muck(Event):
    """`mucks hand` (mucked=True) or `doesn't show hand` (mucked=False)."""

    player: str
    mucked: bool


@dataclass(frozen=True, slots=True)
class CashOut(Event):
    """All-in cash out: paid by the room, outside the pot."""

    player: str
    amount: int
    fee: int


@dataclass(frozen=True, slots=True)
class Rebuy(Event):
    """Chips bought during a hand; they count only from the next hand on (T3)."""

    player: str
    chips: int
    paid: str


@dataclass(frozen=True, slots=True)
class Notice(Event):
    kind: NoticeKind
    player: str | None
    text: str


@dataclass(frozen=True, slots=True)
class HandCancelled(Event):
    pass


BETTING = (Fold, Check, Call, Bet, RaiseTo)
