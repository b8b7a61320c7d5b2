"""Events: one frozen record per kind of line a hand history records, in the order written.

Every event carries `line`, its 1-based line number in the source file, so that a finding can
point at it. Amounts are ints in the hand's minor units. The names say which amount is meant:
`added` is what the action put in, `raise_to` the player's street total after a raise.

The model is the same for every site: a dialect's reader fills it from its own wording, and an
amount a site does not print (GGPoker prints only a raise's total) is None, derived by the replay.

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
    BUTTON = "button"  # a live blind posted by the button (6+ Hold'em, some sites' button-blind games)
    STRADDLE = "straddle"  # a live voluntary blind raising the bet to call; re-straddles are more of them, in order
    MISSED = "missed"  # a missed blind posted on return (GGPoker `posts missed blind $5`); its dead part is `dead`


class NoticeKind(StrEnum):
    """Table chatter and state lines: counted and kept, never part of the betting (but for PROTECTED)."""

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
    # all-in protection: a player disconnected at his turn stays in for the chips he has in and acts no more
    # (iPoker's `sum="DP"`): all-in for the pots up to there, his chips behind still his
    PROTECTED = "protected"
    OTHER = "other"


class Event(msgspec.Struct, frozen=True, gc=False, tag=True):
    line: int


class PostAnte(Event, frozen=True, gc=False, tag=True):
    player: str
    amount: int
    all_in: bool


class PostBlind(Event, frozen=True, gc=False, tag=True):
    """A blind: `amount` is all the post puts in; `dead` the part of it that goes to the pot without
    counting toward the player's bet (a missed small blind posted with a big blind). None: the site
    does not say, and the replay decides from the blind kind and the stakes."""

    player: str
    blind: BlindKind
    amount: int
    all_in: bool
    dead: int | None = None


class DealHole(Event, frozen=True, gc=False, tag=True):
    player: str
    cards: tuple[str, ...]


class StreetStart(Event, frozen=True, gc=False, tag=True):
    """A street marker. `board` is every board card printed on the line; `run` is 0 when the board is
    run once, else 1, 2 or 3 (run it twice or three times: only the streets after the all-in repeat)."""

    street: Street
    run: int
    board: tuple[str, ...]


class Fold(Event, frozen=True, gc=False, tag=True):
    player: str
    shown: tuple[str, ...]


class Check(Event, frozen=True, gc=False, tag=True):
    player: str


class Call(Event, frozen=True, gc=False, tag=True):
    """`added` is what the call puts in; None when the site prints only the player's total (derived)."""

    player: str
    added: int | None
    all_in: bool
    cap_reached: bool


class Bet(Event, frozen=True, gc=False, tag=True):
    player: str
    added: int
    all_in: bool
    cap_reached: bool


class RaiseTo(Event, frozen=True, gc=False, tag=True):
    """A raise: raise_to is the player's street total, raise_by the increase over the previous high bet
    (None when the site prints only the total: the replay derives it)."""

    player: str
    raise_by: int | None
    raise_to: int
    all_in: bool
    cap_reached: bool


class ReturnUncalled(Event, frozen=True, gc=False, tag=True):
    player: str
    amount: int


class Collect(Event, frozen=True, gc=False, tag=True):
    """What a player took from a pot: pot_index None when the text names no pot, 0 the main pot, N side pot N."""

    player: str
    amount: int
    pot_index: int | None


class Show(Event, frozen=True, gc=False, tag=True):
    player: str
    cards: tuple[str, ...]
    description: str | None


class Muck(Event, frozen=True, gc=False, tag=True):
    """A player who mucks the hand at showdown (mucked=True), or does not show it (mucked=False)."""

    player: str
    mucked: bool


class CashOut(Event, frozen=True, gc=False, tag=True):
    """All-in cash out: `amount` is what the room paid the player, outside the pot; `fee` is the
    room's fee for it, None when the line prints none (a fee that rounds to nothing is left out)."""

    player: str
    amount: int
    fee: int | None


class CashDrop(Event, frozen=True, gc=False, tag=True):
    """Money the site adds to the pot before the hand (GGPoker `Cash Drop to Pot : total $0.2`): no
    player paid it, it is part of the total pot and goes to the winners."""

    amount: int


class EVCashout(Event, frozen=True, gc=False, tag=True):
    """An all-in player's equity cash-out, outside the pot (GGPoker's EV Cashout, three lines, seen in
    the corpus's ggpoker-rush-2025 files): `X: Chooses to EV Cashout` (both amounts None), later
    `X: Receives Cashout ($8.25)` (`received`: the site pays the player, who lost the pot) or
    `X: Pays Cashout Risk ($0.65)` (`paid`: the player won the pot and pays the site the insured
    share). The pot itself is settled as usual."""

    player: str
    paid: int | None = None
    received: int | None = None


class Insurance(Event, frozen=True, gc=False, tag=True):
    """All-in insurance, outside the pot (GGPoker, an older mechanic than EV Cashout; form from fpdb's
    GGPoker regression file PLO-6max-USD-0.50-1.00-202004.txt):
    `X: get an all-in insurance (premium ($0/$4/$0) for ($0/$10.8/$0) - (Mandatory/Main/Sub))` buys it
    (`premiums` and `covers` per Mandatory/Main/Sub), then either `X: pay premium of all-in insurance
    ($4)` (`paid`) or `X: get main compensation of all-in insurance ($X)` (`received`)."""

    player: str
    premiums: tuple[int, ...] = ()
    covers: tuple[int, ...] = ()
    paid: int | None = None
    received: int | None = None


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


class StreetPot(Event, frozen=True, gc=False, tag=True):
    """The pot a site prints as a street starts (WPN's `Main pot $1.19 | Rake $0.06`): what the earlier
    streets (and the antes) gathered, after the rake taken so far (`rake`, None when not printed). A
    claim, not an action: the replay passes it by, hhtool.rules.checks.street_pot checks it. `side` is 0 for the
    main pot (or all pots as one), N for side pot N printed on a line of its own after it (WPN's `Side
    pot(1) $0.65 | Rake $0.03`: `main` is then that side pot's amount, `rake` its own rake so far)."""

    main: int
    rake: int | None = None
    side: int = 0


BETTING = (Fold, Check, Call, Bet, RaiseTo)
