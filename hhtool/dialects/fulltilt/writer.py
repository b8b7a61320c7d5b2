"""Write a Hand as Full Tilt Poker text (the 2006–2012 client's): the inverse of the Full Tilt reader.

`render_hand(hand)` prints what `parse_fulltilt` reads back into the same header, seats, events and claims
(line numbers aside). Full Tilt's printing conventions: the table and stakes in the header with the time in
ET, the table size in the table's name (`Table Vera (6 max)`) or, at a tournament, on a `Seats: 9` line, the
button as `The button is in seat #N` before the hole cards, names without a colon, `posts the small blind of
$X`, `antes X`, `raises to X`, `, and is all in`, `Uncalled bet of X returned to Y`, `X wins the pot (Y)`,
the pot on a street's marker where the hand has it, and the summary's glued seat lines. A hand Full Tilt
cannot say (a straddle, a dead blind, fees beside the rake, two runs) is refused with ValueError; a hand with
a second side pot (Full Tilt's words for it are not known) is written naming no pot.
"""

from __future__ import annotations

import re
from zoneinfo import ZoneInfo

from hhtool.dialects.fulltilt import DIALECT
from hhtool.model import (
    Bet,
    BlindKind,
    Call,
    Check,
    Collect,
    DealHole,
    Fold,
    Hand,
    Header,
    Limit,
    Muck,
    Notice,
    NoticeKind,
    PostAnte,
    PostBlind,
    RaiseTo,
    ReturnUncalled,
    SeatSummary,
    Show,
    Street,
    StreetPot,
    StreetStart,
)
from hhtool.model.money import SYMBOL_OF, Currency

HAND_SEPARATOR = DIALECT.hand_separator
"""What the client writes after each hand's last line: three blank lines (fulltilt/cash/…Venice…)."""

_GAMES = {Limit.NO_LIMIT: "No Limit Hold'em", Limit.POT_LIMIT: "Pot Limit Hold'em", Limit.FIXED_LIMIT: "Limit Hold'em"}
_STREETS = {
    Street.PREFLOP: "HOLE CARDS",
    Street.FLOP: "FLOP",
    Street.TURN: "TURN",
    Street.RIVER: "RIVER",
    Street.SHOWDOWN: "SHOW DOWN",
}
_FOLDED = {
    Street.PREFLOP: "folded before the Flop",
    Street.FLOP: "folded on the Flop",
    Street.TURN: "folded on the Turn",
    Street.RIVER: "folded on the River",
}
_ET = ZoneInfo("America/New_York")
_PLACE = re.compile(r" in (\d+(?:st|nd|rd|th)) place")
_MarksAllIn = PostAnte | PostBlind | Call | Bet | RaiseTo
"""The events that carry an all-in mark (the players all in, counted on a street's pot line)."""
# the notice lines of grammar/fulltilt.lark (chat, time, connection, seats, chips added, a hand's words)
_OWN_NOTICE = re.compile(
    r"(?:[^\n]+ has )?\d+ seconds left to act|[^\n]+ (?:has timed out|has been disconnected"
    r"|has reconnected|has returned|has requested TIME|sits down|stands up|adds \S+"
    r"|finished in \d+\w\w place|is sitting out|shows [^\[\n][^\n]*)|[^\n]+?: [^\n]*"
)
GAMES = ("holdem",)  # the Header.game words this writer writes (`convert`, `generate`): Hold'em only


def currency(header: Header) -> Currency:
    """How Full Tilt prints amounts: `$0.02`, `$2` (whole amounts without decimals), chips with commas."""
    symbol = "" if header.currency == "chips" else SYMBOL_OF.get(header.currency, "")
    return Currency(header.currency, symbol, header.scale, thousands=",")


def render_hand(hand: Hand) -> str:
    """One hand as Full Tilt text, ending with its last line's newline."""
    if hand.header.game not in GAMES:  # its reader reads Hold'em only: another game would read back as Hold'em
        raise ValueError(f"Full Tilt hands of {hand.header.game!r} are not written (its reader reads Hold'em only)")
    header = hand.header
    money = currency(header).format
    if hand.claims.runs > 1:
        raise ValueError("Full Tilt's run-twice text is not read")
    lines = [_header(header, money)]
    if header.is_tournament and header.max_seats is not None:
        lines.append(f"Seats: {header.max_seats}")
    lines += [
        f"Seat {s.seat}: {s.player} ({money(s.stack)})" + (", is sitting out" if s.sitting_out else "")
        for s in hand.seats
    ]
    live = {s.player for s in hand.seats if not s.sitting_out}
    all_in: set[str] = set()
    shown_with = {
        seat.player: outcome.description
        for seat in hand.claims.seats
        if seat.result == "showed"
        for outcome in seat.outcomes
        if outcome.won and outcome.description
    }
    # Full Tilt's words for a second side pot are not known: such a hand's collects and summary name no pot
    named = len(hand.claims.side_pots) <= 1 and all((e.pot_index or 0) <= 1 for e in hand.events if type(e) is Collect)
    events = hand.events
    for index, event in enumerate(events):
        if type(event) is StreetStart and event.street is Street.PREFLOP:
            if header.button_seat is None:
                raise ValueError("Full Tilt prints the button seat")
            lines.append(f"The button is in seat #{header.button_seat}")
        if type(event) is Fold:
            live.discard(event.player)
        if isinstance(event, _MarksAllIn) and event.all_in:
            all_in.add(event.player)
        if type(event) is StreetPot:
            continue  # written on its street's marker
        line = _event(event if named or type(event) is not Collect else _unnamed(event), money)
        if line is None:
            continue
        if type(event) is Collect and event.player in shown_with:
            line += f" with {shown_with[event.player]}"  # a shown winner's words, as its summary line has them
        if type(event) is StreetStart and index + 1 < len(events) and type(pot := events[index + 1]) is StreetPot:
            if pot.rake is not None:
                raise ValueError("Full Tilt prints no rake on a street")
            all_in_live = len(live & all_in)
            line += f" (Total Pot: {money(pot.main)}, {len(live)} Players" + (
                f", {all_in_live} All-In)" if all_in_live else ")"
            )
        lines.append(line)
    lines.append("*** SUMMARY ***")
    lines += _summary(hand, money, named)
    return "\n".join(lines) + "\n"


def _unnamed(event: Collect) -> Collect:
    return Collect(event.line, event.player, event.amount, None)


def _header(header: Header, money) -> str:
    if header.time is not None and header.time_zone is not None:  # a Full Tilt hand's own clocks, as read
        stamp = f"{header.time:%H:%M:%S} {header.time_zone} - {header.time:%Y/%m/%d}"
        if header.server_time is not None:
            stamp += f" [{header.server_time:%H:%M:%S} ET - {header.server_time:%Y/%m/%d}]"
    elif header.time_utc is not None:  # another site's hand: the time in ET, as the client printed it
        stamp = f"{header.time_utc.astimezone(_ET):%H:%M:%S} ET - {header.time_utc.astimezone(_ET):%Y/%m/%d}"
    else:
        raise ValueError("Full Tilt prints the time of every hand")
    small, big = (
        (header.small_bet, header.big_bet)
        if header.limit is Limit.FIXED_LIMIT
        else (header.small_blind, header.big_blind)
    )
    stakes = f"{money(small)}/{money(big)}" + (f" Ante {money(header.ante)}" if header.ante else "")
    if header.is_tournament:
        place = f"{header.buy_in or 'Tournament'} ({header.tournament_id}), Table {header.table}"
    else:
        size = f" ({header.max_seats} max)" if header.max_seats is not None and "max" not in header.table else ""
        place = f"Table {header.table}{size}"
    return f"Full Tilt Poker Game #{header.hand_id}: {place} - {stakes} - {_GAMES[header.limit]} - {stamp}"


def _all_in(event) -> str:
    return ", and is all in" if event.all_in else ""


def _event(event, money) -> str | None:
    kind = type(event)
    if kind is Fold:
        if event.shown:
            raise ValueError("Full Tilt prints no cards with a fold")
        return f"{event.player} folds"
    if kind is Check:
        return f"{event.player} checks"
    if kind is Call:
        return f"{event.player} calls {money(event.added)}{_all_in(event)}"
    if kind is Bet:
        return f"{event.player} bets {money(event.added)}{_all_in(event)}"
    if kind is RaiseTo:
        return f"{event.player} raises to {money(event.raise_to)}{_all_in(event)}"
    if kind is StreetStart:
        if event.run:
            raise ValueError("Full Tilt's run-twice text is not read")
        marker = f"*** {_STREETS[event.street]} ***"
        if len(event.board) > 3:
            return f"{marker} [{' '.join(event.board[:-1])}] [{event.board[-1]}]"
        return f"{marker} [{' '.join(event.board)}]" if event.board else marker
    if kind is PostBlind:
        if event.dead is not None or event.blind not in (BlindKind.SMALL, BlindKind.BIG):
            raise ValueError(f"Full Tilt's words for a {event.blind} blind are not known")
        words = "posts the small blind of" if event.blind is BlindKind.SMALL else "posts the big blind of"
        return f"{event.player} {words} {money(event.amount)}{_all_in(event)}"
    if kind is PostAnte:
        return f"{event.player} antes {money(event.amount)}{_all_in(event)}"
    if kind is DealHole:
        return f"Dealt to {event.player} [{' '.join(event.cards)}]" if event.cards else None
    if kind is ReturnUncalled:
        return f"Uncalled bet of {money(event.amount)} returned to {event.player}"
    if kind is Collect:
        if event.pot_index is None:
            pot = "the pot"
        elif event.pot_index == 0:
            pot = "the main pot"
        else:
            pot = "the side pot"
        return f"{event.player} wins {pot} ({money(event.amount)})"
    if kind is Show:
        described = f" {event.description}" if event.description else ""
        return f"{event.player} shows [{' '.join(event.cards)}]{described}"
    if kind is Muck:
        return f"{event.player} mucks"
    if kind is Notice:
        if event.kind is NoticeKind.SITTING_OUT and event.player is not None:
            return f"{event.player} is sitting out"
        if event.kind in (NoticeKind.SITTING_OUT, NoticeKind.WAIT_FOR_BUTTON):
            raise ValueError("Full Tilt's words for waiting for the button are not known")
        if event.kind is NoticeKind.FINISHED and event.player is not None:
            place = _PLACE.search(event.text)
            return f"{event.player} finished in {place.group(1)} place" if place else None
        # a Full Tilt line kept as read; another site's chatter has no Full Tilt words: left out
        return event.text if _OWN_NOTICE.fullmatch(event.text) else None
    raise ValueError(f"Full Tilt has no words for {kind.__name__}")


def _summary(hand: Hand, money, named: bool) -> list[str]:
    claims = hand.claims
    lines = []
    if claims.total_pot is not None:
        if claims.rake is None or claims.fees:
            raise ValueError("Full Tilt prints a total pot with its rake and no other fee")
        pots = ""
        if claims.main_pot is not None and named:
            pots = f" Main pot {money(claims.main_pot)}." + "".join(f" Side pot {money(p)}." for p in claims.side_pots)
        lines.append(f"Total pot {money(claims.total_pot)}{pots} | Rake {money(claims.rake)}")
    lines += [f"Board: [{' '.join(board)}]" for board in claims.boards]
    lines += [seat.text or _seat_summary(seat, money) for seat in claims.seats]  # a line read is written as read
    return lines


def _seat_summary(seat: SeatSummary, money) -> str:
    text = f"Seat {seat.seat}: {seat.player}" + "".join(f" ({position})" for position in seat.positions)
    if seat.result == "folded":
        if seat.didnt_bet and seat.folded_on in (None, Street.PREFLOP):
            return text + " didn't bet (folded)"
        if seat.didnt_bet:
            raise ValueError("Full Tilt says 'didn't bet' before the flop only")
        return text + f" {_FOLDED[seat.folded_on or Street.PREFLOP]}"
    if seat.result == "sat_out":
        return text + " is sitting out"
    if seat.result == "showed" and len(seat.outcomes) == 1:
        outcome = seat.outcomes[0]
        text += f" showed [{' '.join(seat.cards)}] and "
        text += f"won ({money(outcome.amount or 0)})" if outcome.won else "lost"
        return text + (f" with {outcome.description}" if outcome.description else "")
    if seat.result == "mucked":
        return text + f" mucked [{' '.join(seat.cards)}]"
    if seat.result in ("collected", "won") and len(seat.outcomes) == 1:
        return text + f" collected ({money(seat.outcomes[0].amount or 0)})"
    raise ValueError(f"Full Tilt has no words for a summary seat that {seat.result}")
