"""Write a Hand as 888poker text: the inverse of the 888 reader.

`render_hand(hand)` prints what `parse_888` reads back into the same header, seats and events (line
numbers aside; a table's `N Max`, which the reader does not keep, is not written). 888 prints less
than the model can hold: no total pot, rake or summary seat lines, no uncalled-bet line, no all-in mark, a
raise as the chips it adds, no hand descriptions (a hi/lo show's `(Hi: …)` and `(Lo: …)` five cards aside),
only the hero's hole cards. `said(hand)` is the hand as 888 text can carry it (what the writer's text reads back as); the writer
refuses (`CannotSay`) a line 888 has no words for (straddles, cash outs, a board run twice, …). A hand
whose left-out parts are not implied by the rest (a printed rake the actions do not give, an all-in mark
on the wrong action) is one 888 cannot say: `said` of it replays with other findings.
"""

from __future__ import annotations

import msgspec

from hhtool.dialects.pacific888.reader import _GAMES as _READ_GAMES
from hhtool.dialects.street_money import StreetMoney
from hhtool.dialects.textreader import first_words
from hhtool.model import (
    Bet,
    BlindKind,
    Call,
    Check,
    Claims,
    Collect,
    DealHole,
    Fold,
    Hand,
    HandCancelled,
    Header,
    Limit,
    Muck,
    Notice,
    NoticeKind,
    PostAnte,
    PostBlind,
    RaiseTo,
    ReturnUncalled,
    Show,
    Street,
    StreetStart,
)
from hhtool.model.cards import is_card
from hhtool.model.money import SYMBOL_OF, Currency
from hhtool.rules.hilo import split_description

HAND_SEPARATOR = "\n\n\n"
"""What 888 writes after each hand's last line: blank lines (three in its files)."""

_LIMITS = {Limit.NO_LIMIT: "No Limit", Limit.POT_LIMIT: "Pot Limit", Limit.FIXED_LIMIT: "Fix Limit"}
# Header.game -> the stakes line's game word: the reader's table read backwards, its first word for each (`Holdem`)
_GAME_WORDS = first_words(_READ_GAMES)
GAMES = ("holdem", "omaha", "omaha_hilo")  # the Header.game words this writer writes (`convert`, `generate`)
_STREETS = {Street.FLOP: "flop", Street.TURN: "turn", Street.RIVER: "river"}
_AT_SHOWDOWN = (Show, Muck, Collect)
_PutsIn = PostAnte | PostBlind | Call | Bet | RaiseTo
"""The events that put chips in, each with the all-in mark 888 leaves to the amounts."""


class CannotSay(ValueError):
    """The hand holds something 888 text cannot carry (or leaves out something not implied by the rest)."""


def currency(header: Header) -> Currency:
    """How 888 prints amounts: `$0.50`, `$2`, `$1,728.25`; tournament chips `$10,165`; play money `1,258.25`."""
    symbol = SYMBOL_OF.get(header.currency, "") if not header.play_money else ""
    if header.is_tournament:
        symbol = "$"
    return Currency(header.currency, symbol, header.scale, thousands=",")


def render_hand(hand: Hand) -> str:
    """One hand as 888 text, ending with its last line's newline (HAND_SEPARATOR goes between hands)."""
    header = hand.header
    if header.limit not in _LIMITS or header.cap is not None:
        raise CannotSay(f"888 has no {header.limit} {'cap ' if header.cap else ''}tables")
    money = currency(header).format
    lines = [
        f"#Game No : {header.hand_id}",
        f"***** 888poker Hand History for Game {header.hand_id} *****",
        _stakes(header, money),
        _table(header),
        f"Seat {header.button_seat} is the button",
        f"Total number of players : {len(hand.seats)}",
    ]
    lines += [f"Seat {s.seat}: {s.player} ( {money(s.stack)} )" for s in hand.seats]
    street = StreetMoney()
    board: tuple[str, ...] = ()
    summary: list[str] = []
    dealt = False
    for event in hand.events:
        if type(event) in _AT_SHOWDOWN:
            summary.append(_showdown(event, money))
            continue
        if type(event) is ReturnUncalled or (
            type(event) is Notice and (event.kind is not NoticeKind.SITTING_OUT or dealt)
        ):
            continue  # 888 prints no uncalled-bet line and no table chatter
        if type(event) is HandCancelled:  # a hand stopped before the deal: said by the deal line it does not print
            if dealt:
                raise CannotSay("888 has no words for a hand cancelled after the deal")
            continue
        if summary:
            raise CannotSay(f"888 prints the showdown last; a {type(event).__name__} comes after it")
        if type(event) is StreetStart:
            if event.run:
                raise CannotSay("888 has no boards run more than once")
            if event.street is Street.PREFLOP:
                dealt = True
                lines.append("** Dealing down cards **")
            elif event.street in _STREETS:
                street.new_street()
                new = event.board[len(board) :]
                board = event.board
                lines.append(f"** Dealing {_STREETS[event.street]} ** [ {', '.join(new)} ]")
            continue
        line = _action(event, money, street)
        if line is not None:
            lines.append(line)
    lines.append("** Summary **")
    lines += summary
    return "\n".join(lines) + "\n"


def render_hands(hands) -> str:
    return HAND_SEPARATOR.join(render_hand(hand) for hand in hands) + HAND_SEPARATOR


def _stakes(header: Header, money) -> str:
    game = _GAME_WORDS.get(header.game)
    if game is None:
        raise CannotSay(f"888 has no game word written for {header.game!r}")
    when = f" {header.time:%d %m %Y %H:%M:%S}" if header.time is not None else ""
    return f"{money(header.small_blind)}/{money(header.big_blind)} Blinds {_LIMITS[header.limit]} {game} - ***{when}"


def _table(header: Header) -> str:
    kind = "Practice Play" if header.play_money else "Real Money"
    if not header.is_tournament:
        return f"Table {header.table} ({kind})"
    buy_in = f" {header.buy_in}" if header.buy_in else ""
    tid, _, number = header.table.partition(" ")  # `<tournament> <table>`, as the reader names it
    table = f" - Table #{number}" if tid == header.tournament_id and number.isdigit() else ""
    return f"Tournament #{header.tournament_id}{buy_in}{table} ({kind})"


def _action(event, money, street: StreetMoney) -> str | None:
    kind = type(event)
    if kind is PostAnte:
        return f"{event.player} posts ante [{money(event.amount)}]"
    if kind is PostBlind:
        if event.blind is BlindKind.SMALL:
            street.put(event.player, event.amount)
            return f"{event.player} posts small blind [{money(event.amount)}]"
        if event.blind is BlindKind.BIG:
            street.put(event.player, event.amount)
            return f"{event.player} posts big blind [{money(event.amount)}]"
        if event.blind is BlindKind.SMALL_AND_BIG and event.dead:
            street.put(event.player, event.amount - event.dead)
            return f"{event.player} posts dead blind [{money(event.dead)} + {money(event.amount - event.dead)}]"
        raise CannotSay(f"888 has no words for a {event.blind} blind")
    if kind is DealHole:
        return f"Dealt to {event.player} [ {', '.join(event.cards)} ]" if event.cards else None
    if kind is Fold:
        return f"{event.player} folds"
    if kind is Check:
        return f"{event.player} checks"
    if kind is Call:
        street.put(event.player, event.added or 0)
        return f"{event.player} calls [{money(event.added or 0)}]"
    if kind is Bet:
        street.put(event.player, event.added)
        return f"{event.player} bets [{money(event.added)}]"
    if kind is RaiseTo:
        added = event.raise_to - street.of(event.player)
        street.put(event.player, added)
        return f"{event.player} raises [{money(added)}]"
    if kind is Notice:  # sitting out, before the cards
        return f"{event.player} folds"  # 888's word for declining to post
    raise CannotSay(f"888 has no words for {kind.__name__}")


def _showdown(event, money) -> str:
    kind = type(event)
    if kind is Show:
        text = f"{event.player} shows [ {', '.join(event.cards)} ]"
        parts = _hilo_parts(event.description)
        return "\n".join((text, *(f"({word}: {', '.join(five)})" for word, five in parts)))
    if kind is Muck:
        return f"{event.player} did not show his hand"
    return f"{event.player} collected [ {money(event.amount)} ]"


def _hilo_parts(description: str | None) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """A hi/lo show's `(Hi: …)` and `(Lo: …)` lines (hhsmithy/pacific-cash's OmahaHiLo files), as ("Hi", five
    cards) pairs: 888 names a hand by its five cards only, so a description in the `HI: c, c, c, c, c; LO: …`
    form its reader gives is written back; any other (another site's words, a high hand's) is not printed."""
    if not description:
        return ()
    high, low, marked = split_description(description)
    parts = []
    for word, text in (("Hi", high), ("Lo", low)):
        if text is None:
            continue
        five = tuple(card.strip() for card in text.split(","))
        if len(five) != 5 or not all(is_card(card) for card in five):
            return ()
        parts.append((word, five))
    return tuple(parts) if marked else ()


# ---------------------------------------------------------------------------------------------
# What 888 text carries of a hand (the rule tests and converters write `said(hand)`)


def said(hand: Hand) -> Hand:
    """The hand as its 888 text reads back: no claims beyond where the summary starts, no uncalled-bet lines,
    raises without their size, shows without descriptions, opponents' `Dealt to` lines and table chatter
    left out, all-in marks where the printed amounts put the last chip in, no N-max. Whether what it leaves
    out was implied by the rest is for the caller to judge (the same findings replaying both)."""
    replace = msgspec.structs.replace
    header = hand.header
    left = {seat.player: seat.stack for seat in hand.seats}
    street = StreetMoney()
    dealt = False
    events = []
    for event in hand.events:
        if type(event) is StreetStart and event.street is not Street.PREFLOP:
            street.new_street()
        if type(event) is StreetStart and event.street is Street.PREFLOP:
            dealt = True
        if type(event) is ReturnUncalled or (
            type(event) is Notice and (event.kind is not NoticeKind.SITTING_OUT or dealt)
        ):
            continue
        if type(event) is DealHole and not event.cards:
            continue
        if type(event) is StreetStart and event.street is Street.SHOWDOWN:
            continue
        if type(event) is Show and event.description is not None and not _hilo_parts(event.description):
            event = replace(event, description=None)  # (a hi/lo hand's five cards are printed)
        if type(event) is Muck and event.mucked:
            event = replace(event, mucked=False)
        if type(event) is RaiseTo and event.raise_by is not None:
            event = replace(event, raise_by=None)
        if type(event) is PostBlind and event.blind is BlindKind.SMALL_AND_BIG and event.dead is None:
            # 888 prints both parts (`[$0.05 + $0.10]`): the big blind is live, the rest dead
            event = replace(event, dead=event.amount - min(event.amount, header.big_blind))
        if isinstance(event, _PutsIn):
            added = _added(event, street)
            stack = left.get(event.player, 0)
            left[event.player] = stack - added
            event = replace(event, all_in=stack > 0 and added >= stack)
        if type(event) is Collect and event.pot_index is not None:  # 888 does not say which pot
            event = replace(event, pot_index=None)
        if type(event) is Fold and event.shown:
            event = replace(event, shown=())
        events.append(event)
    return replace(
        hand, header=replace(header, max_seats=None), events=tuple(events), claims=Claims(line=hand.claims.line)
    )


def _added(event: _PutsIn, street: StreetMoney) -> int:
    """The chips an action puts in, as its line prints them; `street` follows the live chips of the
    street, as the reader's does."""
    if isinstance(event, PostAnte):
        return event.amount
    if isinstance(event, PostBlind):
        street.put(event.player, event.amount - (event.dead or 0))
        return event.amount
    if isinstance(event, RaiseTo):
        added = event.raise_to - street.of(event.player)
        street.put(event.player, added)
        return added
    added = event.added or 0  # a call or a bet
    street.put(event.player, added)
    return added


# Finding codes about what 888 text does not print: an all-in mark (HH120), a raise's size (HH121), the
# uncalled-bet line (HH201, HH202), the total, main and side pots (HH203, HH204), the rake beside the
# collected amounts (HH206), summary seat lines with their amounts, descriptions, boards and cards (HH210,
# HH304, HH307, HH308), a seat range (HH403: its `6 Max` tables number the seats of ten).
UNSAID = frozenset(
    {"HH120", "HH121", "HH201", "HH202", "HH203", "HH204", "HH206", "HH210", "HH304", "HH307", "HH308", "HH403"}
)
