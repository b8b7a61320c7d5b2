"""Write a Hand as PartyPoker text (the 2013-2016 client's histories): the inverse of the Party reader.

`render_hand(hand)` prints what `parse_party` reads back into the same header, seats and events (line
numbers aside). Every line shape is the client's, as the corpus prints it (fpdb-3/partypoker,
hhsmithy/partypoker-cash): `$0.10/$0.25 USD NL Texas Hold'em - Sunday, September 22, 08:21:48 EDT 2013`,
`Table Podgorica (Real Money)`, `Seat 3 is the button`, `Total number of players : 4/6`, `Seat 1: X ( $25.35
USD )`, `X posts small blind [$0.10 USD].`, `X posts big blind + dead [$0.35 USD].`, `** Dealing down
cards **`, `Dealt to Hero [  6d 7d ]`, `X raises [$0.50 USD]` (the chips added), `X is all-In  [$4.90 USD]`,
`** Dealing Flop ** [ 6h, 2c, 3c ]`, `X shows [ 8c, 8d ]`, `X does not show cards.`, `X wins $4.86 USD`
(`from the main pot`, `from the side pot 1`); tournaments print chips (`( 5,250 )`, `wins 900 chips`) and
their level on the game line (`NL Texas Hold'em $215 USD Buy-in Trny: 47928230 Level: 3  Blinds(50/100)`).

The client prints less than the model can hold: no uncalled-bet line (the return is inside `wins`), no
summary (total pot, rake, board, seat lines), a raise as the chips it adds, only the hero's hole cards, no
all-in mark on a forced post. `said(hand)` is the hand as this text carries it; the writer refuses
(`CannotSay`) what Party has no words for (straddles, cash outs, a board run twice, …).
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import msgspec

from hhtool.dialects.partypoker import ZONES
from hhtool.dialects.partypoker.header import _GAMES as _READ_GAMES
from hhtool.dialects.returns import returns_to_pay
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
    Event,
    Fold,
    Hand,
    Header,
    Limit,
    Muck,
    Notice,
    PostAnte,
    PostBlind,
    RaiseTo,
    ReturnUncalled,
    Show,
    Street,
    StreetStart,
)
from hhtool.model.money import Currency

HAND_SEPARATOR = "\n"
"""What follows a hand's last line in a file: the next hand's `Game #N starts.` follows straight on."""

_LIMITS = {Limit.NO_LIMIT: "NL", Limit.POT_LIMIT: "PL", Limit.FIXED_LIMIT: "FL"}
# Header.game -> the client's game words: the reader's table read backwards, its first words for each
# (`Texas Hold'em`, `Omaha`: the cash line's, fpdb-3's PartyPokerToFpdb.py)
_GAME_WORDS = first_words(_READ_GAMES)
GAMES = ("holdem", "omaha", "omaha_hilo")  # the Header.game words this writer writes (`convert`, `generate`)
_STREETS = {Street.FLOP: "Flop", Street.TURN: "Turn", Street.RIVER: "River"}
_SYMBOLS = {"USD": "$", "EUR": "€"}  # the currencies the reader reads (`$0.10 USD`, `€0.10 EUR`)
_VERBS: dict[type[Event], str] = {Call: "calls", Bet: "bets", RaiseTo: "raises"}


# the table chatter of Party's text that the reader keeps as notices (joins, leaves, sitting out, time bank)
_PARTY_NOTICE = re.compile(
    r"[^\n]+ (?:has joined the table\.?|has left the table\.?|is sitting out"
    r"|will be using (?:his|her|their) time bank for this hand\.|(?:could not|did not) respond in time[^\n]*)\Z"
)


class CannotSay(ValueError):
    """The hand holds something PartyPoker text cannot carry."""


def _money(header: Header):
    """How Party prints an amount: `$0.10 USD`, `$4 USD`, `€0.35 EUR`; chips `5,250`."""
    if header.scale == 1:
        chips = Currency("chips", "", 1, thousands=",")
        return chips.format
    symbol = _SYMBOLS.get(header.currency)
    if symbol is None:
        raise CannotSay(f"PartyPoker has no {header.currency} tables")
    money = Currency(header.currency, symbol, header.scale, thousands=",")
    return lambda amount: f"{money.format(amount)} {header.currency}"


def render_hand(hand: Hand) -> str:
    """One hand as PartyPoker text, ending with its last line's newline."""
    header = hand.header
    if header.limit not in _LIMITS or header.cap is not None:
        raise CannotSay(f"PartyPoker has no {header.limit} {'cap ' if header.cap else ''}tables")
    if header.time is None:
        raise CannotSay("PartyPoker prints the time of every hand; this hand has none")
    if header.play_money and not header.is_tournament:
        raise CannotSay("play-money hands are not written (the reader counts them as chips)")
    money = _money(header)
    if header.button_seat is None:
        raise CannotSay("PartyPoker prints the button's seat")
    size = f"/{header.max_seats}" if header.max_seats else ""
    # the client's three opening lines; an id of letters and digits (the 2021 anonymous ones) has the last only
    lines = [f"Game #{header.hand_id} starts.", "", f"#Game No : {header.hand_id}"] if header.hand_id.isdigit() else []
    lines += [
        f"***** Hand History for Game {header.hand_id} *****",
        _game(header, money),
        f"Table {header.table} (Real Money)",
        f"Seat {header.button_seat} is the button",
        f"Total number of players : {len(hand.seats)}{size}",
    ]
    lines += [f"Seat {s.seat}: {s.player} ( {money(s.stack)} )" for s in hand.seats]
    street = StreetMoney()
    board: tuple[str, ...] = ()
    for event in returns_in_wins(hand):
        if type(event) is Notice:
            if _PARTY_NOTICE.match(event.text):
                lines.append(event.text)  # Party's own table chatter, as printed
            continue  # another site's chatter is not written
        if type(event) is StreetStart:
            if event.run:
                raise CannotSay("PartyPoker has no boards run more than once")
            if event.street is Street.PREFLOP:
                lines.append("** Dealing down cards **")
            elif event.street in _STREETS:
                street.new_street()
                new = event.board[len(board) :]
                board = event.board
                lines.append(f"** Dealing {_STREETS[event.street]} ** [ {', '.join(new)} ]")
            continue
        line = _line(event, money, street, header.big_blind)
        if line is not None:
            lines.append(line)
    return "\n".join(lines) + "\n"


def render_hands(hands) -> str:
    return HAND_SEPARATOR.join(render_hand(hand) for hand in hands)


def _game(header: Header, money) -> str:
    game = _GAME_WORDS.get(header.game)
    if game is None:
        raise CannotSay(f"PartyPoker has no game words written for {header.game!r}")
    when, zone = _clock(header)
    stamp = f"{when:%A, %B %d, %H:%M:%S} {zone + ' ' if zone else ' '}{when:%Y}"
    limit = _LIMITS[header.limit]
    if header.is_tournament:
        buy_in = f" {header.buy_in}" if header.buy_in and header.buy_in.endswith("Buy-in") else ""
        trny = f" Trny: {header.tournament_id}" if (header.tournament_id or "").isdigit() else ""
        level = f" Level: {header.level}" if trny and (header.level or "").isdigit() else ""
        if trny and not level:
            level = " Level: 1"
        if not trny:
            raise CannotSay("a PartyPoker tournament hand prints its tournament number")
        if header.limit is Limit.FIXED_LIMIT:  # `Stakes(200/400)`: the small and big bet
            stakes = f"Stakes({money(header.small_bet)}/{money(header.big_bet)})"
        else:
            stakes = f"Blinds({money(header.small_blind)}/{money(header.big_blind)})"
        return f"{limit} {game}{buy_in}{trny}{level}  {stakes} - {stamp}"
    if header.limit is Limit.FIXED_LIMIT:
        low, high = header.small_bet, header.big_bet
    else:
        low, high = header.small_blind, header.big_blind
    symbol = _SYMBOLS[header.currency]
    plain = Currency(header.currency, symbol, header.scale, thousands=",").format
    return f"{plain(low)}/{plain(high)} {header.currency} {limit} {game} - {stamp}"


def _clock(header: Header) -> tuple[datetime, str | None]:
    """The time and zone the game line prints: the hand's own where Party has the zone; else the same
    instant in Eastern time (`EDT`/`EST`, as Party's US client prints it); else the local time, no zone."""
    if header.time_zone is None or header.time_zone in ZONES or header.time_utc is None:
        return header.time, header.time_zone if header.time_zone in ZONES else None  # type: ignore[return-value]
    eastern = header.time_utc.replace(tzinfo=UTC).astimezone(ZoneInfo(ZONES["ET"]))
    return eastern.replace(tzinfo=None), "EDT" if eastern.dst() else "EST"


def _line(event, money, street: StreetMoney, big_blind: int) -> str | None:
    kind = type(event)
    if kind is PostAnte:
        return f"{event.player} posts ante [{money(event.amount)}]"
    if kind is PostBlind:
        if event.blind is BlindKind.SMALL:
            street.put(event.player, event.amount)
            return f"{event.player} posts small blind [{money(event.amount)}]."
        if event.blind is BlindKind.BIG:
            street.put(event.player, event.amount)
            return f"{event.player} posts big blind [{money(event.amount)}]."
        if event.blind is BlindKind.SMALL_AND_BIG:
            street.put(event.player, min(event.amount, big_blind))  # the big blind is live, the rest dead
            return f"{event.player} posts big blind + dead [{money(event.amount)}]."
        raise CannotSay(f"PartyPoker has no words for a {event.blind} blind")
    if kind is DealHole:
        return f"Dealt to {event.player} [  {' '.join(event.cards)} ]" if event.cards else None
    if kind is Fold:
        if event.shown:
            raise CannotSay("PartyPoker prints no cards shown on a fold")
        return f"{event.player} folds"
    if kind is Check:
        return f"{event.player} checks"
    if kind in _VERBS:
        if kind is RaiseTo:
            added = event.raise_to - street.of(event.player)
        else:
            added = event.added or 0
        street.put(event.player, added)
        if event.all_in:
            return f"{event.player} is all-In  [{money(added)}]"
        return f"{event.player} {_VERBS[kind]} [{money(added)}]"
    if kind is Show:
        return f"{event.player} shows [ {', '.join(event.cards)} ]"
    if kind is Muck:
        return f"{event.player} does not show cards."
    if kind is Collect:
        return f"{event.player} wins {_won(event, money)}"
    raise CannotSay(f"PartyPoker has no words for {kind.__name__}")


def returns_in_wins(hand: Hand) -> list[Event]:
    """The events with each uncalled-bet return paid inside the bettor's `wins` line, as Party prints it
    (no return line; `returns_to_pay`: printed or derived): added to the bettor's first collect, or a
    collect of its own (before the hand's first collect, else last) when the bettor wins no pot."""
    replace = msgspec.structs.replace
    events = hand.events
    owed = returns_to_pay(hand)
    lines = {event.player: event.line for event in reversed(events) if type(event) is ReturnUncalled}
    if not owed:
        return [event for event in events if type(event) is not ReturnUncalled]
    out: list[Event] = []
    for event in events:
        if type(event) is ReturnUncalled:
            continue
        if type(event) is Collect and owed.get(event.player):
            event = replace(event, amount=event.amount + owed.pop(event.player))
        out.append(event)
    alone = [Collect(lines.get(name, 0), name, amount, None) for name, amount in owed.items() if amount]
    first = next((i for i, event in enumerate(out) if type(event) is Collect), len(out))
    out[first:first] = alone
    return out


def _won(event: Collect, money) -> str:
    amount = money(event.amount)
    if not amount.endswith(("USD", "EUR")):
        amount += " chips"
    if event.pot_index is None:
        return amount
    if event.pot_index == 0:
        return f"{amount} from the main pot"
    return f"{amount} from the side pot {event.pot_index}"


# ---------------------------------------------------------------------------------------------
# What PartyPoker text carries of a hand (the rule tests and converters write `said(hand)`)


def said(hand: Hand) -> Hand:
    """The hand as its PartyPoker text reads back: no claims (no summary), no uncalled-bet lines, raises
    without their size, shows without descriptions, opponents' `Dealt to` lines, mucks and other sites'
    table chatter left out, no bounties, forced posts marked all-in where they take the last chip, a seat with no line of its own
    sitting out. Whether what it leaves out was implied by the rest is for the caller to judge (the same
    findings replaying both)."""
    replace = msgspec.structs.replace
    left = {seat.player: seat.stack for seat in hand.seats}
    acting = set()
    events = []
    for event in returns_in_wins(hand):
        if type(event) is Notice and not _PARTY_NOTICE.match(event.text):
            continue  # (Party's own chatter is written as printed)
        if type(event) is DealHole and not event.cards:
            continue
        if type(event) is StreetStart and event.street is Street.SHOWDOWN:
            continue
        if type(event) is Show and event.description is not None:
            event = replace(event, description=None)
        if type(event) is Muck and event.mucked:
            event = replace(event, mucked=False)
        if type(event) is RaiseTo and event.raise_by is not None:
            event = replace(event, raise_by=None)
        if type(event) is PostBlind and event.dead is not None:  # `posts big blind + dead`: one amount, no parts
            event = replace(event, dead=None)
        if isinstance(event, PostAnte | PostBlind):
            stack = left.get(event.player)
            if stack is not None:
                left[event.player] = stack - event.amount
                event = replace(event, all_in=event.amount >= stack)
        if isinstance(event, PostAnte | PostBlind | Fold | Check | Call | Bet | RaiseTo):
            acting.add(event.player)
        events.append(event)
    seats = tuple(
        replace(
            seat,
            sitting_out=seat.sitting_out or seat.player not in acting,
            bounty=None,
            out_of_hand=seat.out_of_hand and seat.player in acting,
        )
        for seat in hand.seats
    )  # (no bounty is printed)
    return replace(hand, seats=seats, events=tuple(events), claims=Claims(line=hand.claims.line))


# Finding codes about what this text does not print: a raise's size (HH121), the uncalled-bet line
# (HH201, HH202), the total, main and side pots (HH203, HH204), the rake beside the collected amounts
# (HH206), summary seat lines with their amounts, descriptions and board (HH210, HH304, HH307).
UNSAID = frozenset({"HH121", "HH201", "HH202", "HH203", "HH204", "HH206", "HH210", "HH304", "HH307"})
