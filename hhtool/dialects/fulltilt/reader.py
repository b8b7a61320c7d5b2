"""Full Tilt Poker reader: the fields of `grammar/fulltilt.lark`'s lines read into hhtool's events and claims.

Full Tilt wrote its histories much as PokerStars did, without the colon after a name; names are split off
at the words after them against the seat list by a plain PokerStars `HandReader` (composition: this module
does not subclass it). What is Full Tilt's own: the header (game, stakes and table in one line, the date
written `2010/08/04` or `Wed, July 21, 2010`, a second ET clock in brackets from 2013), the button as a
body line, `posts the small blind of $X`, `antes X`, `raises to X` (the street total only), `, and is all in`,
amounts with `K` for thousands (`500K/1000K`), `X wins the pot ($Y)` for the collect, the pot printed on a
street marker (`(Total Pot: $0.04, 2 Players)`: a `StreetPot`, checked by hhtool.rules.checks.street_pot) and the
summary's seat lines. Like every reader it checks no poker rule.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from datetime import datetime
from decimal import Decimal, InvalidOperation

import msgspec

from hhtool.dialects.street_money import StreetMoney
from hhtool.dialects.textreader import HandReader, bracketed_cards
from hhtool.grammar.fields import FieldError, Unsupported
from hhtool.grammar.fields import beyond as _beyond
from hhtool.grammar.fields import money as _money
from hhtool.grammar.fields import small_number as _small_number
from hhtool.grammar.kinds import LineKinds
from hhtool.io.split import Block
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
    NoticeKind,
    Outcome,
    PostAnte,
    PostBlind,
    RaiseTo,
    ReturnUncalled,
    Seat,
    SeatSummary,
    Show,
    Source,
    Street,
    StreetPot,
    StreetStart,
)
from hhtool.model.clock import to_utc
from hhtool.model.limits import MAX_ID_DIGITS, MAX_YEAR, MIN_YEAR
from hhtool.model.money import CURRENCY_SYMBOLS, MoneyError

SITE = "fulltilt"  # also in hhtool.dialects.fulltilt (the record)

# ---------------------------------------------------------------------------------------------
# Amounts: `$1,000.50`, `3,545`, and thousands written `K` (`500K/1000K`, `50K/100K Ante 10000`)


def money(text: str, scale: int, line: int) -> int:
    """An amount as Full Tilt prints it, in minor units of `scale` (HH012/HH013 as for every site)."""
    if text.endswith("K") and len(text) > 1:
        try:
            thousands = Decimal(text[:-1].lstrip("$€£").replace(",", ""))
        except InvalidOperation:
            raise FieldError("HH012", f"not an amount: {text!r}", line, expected="an amount", actual=text) from None
        text = format(thousands * 1000, "f")
    return _money(text, scale, line)


# ---------------------------------------------------------------------------------------------
# Header

_INTRO = re.compile(r"Full ?Tilt ?Poker Game #(?P<id>\d+): ")
# `… - 15:13 ET - Wed, July 21, 2010`, `… - 18:38:07 UTC - 2013/05/24 [14:38:07 ET - 2013/05/24]`
_WHEN = re.compile(
    r" - (?P<time>\d{1,2}:\d{2}(?::\d{2})?) (?P<tz>[A-Z]{2,5}) - (?P<date>\d{4}/\d{1,2}/\d{1,2}|"
    r"\w+, \w+ \d{1,2}, \d{4})(?: \[(?P<et_time>\d{1,2}:\d{2}:\d{2}) ET - (?P<et_date>\d{4}/\d{1,2}/\d{1,2})\])?$"
)
_TOURNAMENT = re.compile(r"(?P<name>.*) \((?P<tid>\d+)\), Table (?P<table>.+?)$")
_STAKES = re.compile(r"(?P<small>[$€£]?[\d,.]+K?)/(?P<big>[$€£]?[\d,.]+K?)(?: Ante (?P<ante>[\d,.]+K?))?$")
_GAMES = {
    "No Limit Hold'em": Limit.NO_LIMIT,
    "NL Hold'em": Limit.NO_LIMIT,
    "CAP NL Hold'em": Limit.NO_LIMIT,
    "Pot Limit Hold'em": Limit.POT_LIMIT,
    "PL Hold'em": Limit.POT_LIMIT,
    "Limit Hold'em": Limit.FIXED_LIMIT,
    "FL Hold'em": Limit.FIXED_LIMIT,
}
_MONTHS = {
    name: number
    for number, name in enumerate(
        (
            "January",
            "February",
            "March",
            "April",
            "May",
            "June",
            "July",
            "August",
            "September",
            "October",
            "November",
            "December",
        ),
        1,
    )
}
_TABLE_SIZE = re.compile(r"\((?:(?P<max>\d+) max|(?P<hu>heads up))")


def read_header(line: str, _next_line: str, line_no: int) -> Header:
    """The header line of a Full Tilt hand (its next line is a seat: the table is in the header)."""
    intro = _INTRO.match(line)
    if intro is None:
        raise FieldError("HH010", f"not a Full Tilt header: {line[:80]!r}", line_no)
    if len(intro["id"]) > MAX_ID_DIGITS:
        raise _beyond("hand number", intro["id"], f"at most {MAX_ID_DIGITS} digits", line_no, intro.start("id") + 1)
    rest = line[intro.end() :]
    when = _WHEN.search(rest)
    if when is None:
        raise FieldError(
            "HH010",
            "header has no time and date (expected ' - HH:MM:SS TZ - YYYY/MM/DD')",
            line_no,
            expected="- HH:MM:SS ET - YYYY/MM/DD",
            actual=rest[-60:],
        )
    time = _when(when["date"], when["time"])
    server = _when(when["et_date"], when["et_time"]) if when["et_date"] else None
    for moment in (time, server) if server is not None else (time,):
        if moment is None or not MIN_YEAR <= moment.year <= MAX_YEAR:
            raise _beyond(
                "date",
                when["date"],
                f"a real day of a year from {MIN_YEAR} to {MAX_YEAR}",
                line_no,
                intro.end() + when.start("date") + 1,
            )
    try:
        template = _template(rest[: when.start()])
    except FieldError as exc:
        raise FieldError(exc.code, str(exc), line_no, expected=exc.expected, actual=exc.actual) from None
    zone = when["tz"]
    from hhtool.dialects.fulltilt import ZONES  # the record's conventions: one place for the zones

    return msgspec.structs.replace(
        template,
        hand_id=intro["id"],
        time=time,
        time_zone=zone,
        time_utc=to_utc(time, zone, server, ZONES, "ET"),
        server_time=server,
    )


def _when(date: str, time: str) -> datetime | None:
    """`2010/08/04` or `Wed, July 21, 2010`, and `15:42:59` or `15:13` → a naive datetime (None: no such day)."""
    try:
        if "/" in date:
            year, month, day = map(int, date.split("/"))
        else:
            _weekday, month_day, year_text = date.split(", ")
            month_name, _, day_text = month_day.partition(" ")
            year, month, day = int(year_text), _MONTHS[month_name], int(day_text)
        hour, minute, *second = map(int, time.split(":"))
        return datetime(year, month, day, hour, minute, second[0] if second else 0)
    except (ValueError, KeyError):
        return None


@functools.lru_cache(maxsize=1024)
def _template(middle: str) -> Header:
    """Table, game, stakes and tournament of a header (`Table Flash - $0.02/$0.05 - No Limit Hold'em`, `$5 Sit &
    Go (Super Turbo) (253843023), Table 1 - NL Hold'em - 25/50`), the same for every hand of a table."""
    place, _, rest = middle.partition(" - ")
    parts = rest.split(" - ")
    stakes = next((_STAKES.match(part) for part in parts if _STAKES.match(part)), None)
    games = [part for part in parts if not _STAKES.match(part)]
    game = games[0] if games else ""
    tournament = _TOURNAMENT.match(place)
    limit = _GAMES.get(game)
    if limit is None:
        raise Unsupported(game or rest)
    if stakes is None:
        raise FieldError("HH010", f"stakes not understood: {rest!r}", 0, expected="SB/BB", actual=rest)
    symbol = next((s for s in CURRENCY_SYMBOLS if s in stakes["small"]), None)
    tournament_id = tournament["tid"] if tournament else None
    if tournament_id is not None or symbol is None:
        currency, scale = "chips", 1
    else:
        currency, scale = CURRENCY_SYMBOLS[symbol], 100
    try:
        small, big = money(stakes["small"], scale, 0), money(stakes["big"], scale, 0)
        ante = money(stakes["ante"], scale, 0) if stakes["ante"] else None
    except MoneyError as exc:
        raise FieldError(exc.code, f"header stakes: {exc}", 0) from None
    if limit is Limit.FIXED_LIMIT:  # `$1/$2` Limit: the small and big bets; the blinds are half and one small bet
        small_blind, big_blind, small_bet, big_bet = small // 2, small, small, big
    else:
        small_blind, big_blind, small_bet, big_bet = small, big, big, big
    table = tournament["table"] if tournament else place.removeprefix("Table ")
    size = _TABLE_SIZE.search(table)
    max_seats = (2 if size["hu"] else _small_number(size["max"], "N-max", 0)) if size else None
    return Header(
        site=SITE,
        hand_id="",
        game="holdem",
        limit=limit,
        small_blind=small_blind,
        big_blind=big_blind,
        small_bet=small_bet,
        big_bet=big_bet,
        currency=currency,
        scale=scale,
        time=None,
        time_zone=None,
        time_utc=None,
        table=table,
        max_seats=max_seats,
        button_seat=None,
        tournament_id=tournament_id,
        buy_in=tournament["name"] if tournament else None,
        ante=ante,
        play_money=tournament_id is None and symbol is None,
    )


# ---------------------------------------------------------------------------------------------
# Seats

_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[^()\s]+)\)(?P<out>, is sitting out)?$")


def read_seats(tokens, base: int, scale: int) -> tuple[tuple[Seat, ...], int | None]:
    """The seat lines (`Seat 4: Player4 ($66.50), is sitting out`) and the table size of a `Seats: 9` line."""
    seats: list[Seat] = []
    size = None
    for token in tokens:
        text, line = token.value, base + token.line
        if token.type == "SEAT_COUNT":
            size = _small_number(text[len("Seats: ") :], "table size", line)
            continue
        match = _SEAT.match(text)
        if match is None:
            raise FieldError("HH010", f"seat line not understood: {text[:80]!r}", line)
        seats.append(
            Seat(
                _small_number(match["seat"], "seat number", line),
                match["name"],
                money(match["stack"], scale, line),
                line,
                None,
                bool(match["out"]),
                False,
            )
        )
    return tuple(seats), size


# ---------------------------------------------------------------------------------------------
# Body and summary

_STREETS = {
    "HOLE CARDS": Street.PREFLOP,
    "FLOP": Street.FLOP,
    "TURN": Street.TURN,
    "RIVER": Street.RIVER,
    "SHOW DOWN": Street.SHOWDOWN,
}
_ALL_IN = ", and is all in"
_STREET_POT = re.compile(r"\(Total Pot: (?P<pot>[^,()]+(?:,\d{3})*), ")
_TOTAL = re.compile(
    r"Total pot (?P<total>\S+)(?: Main pot (?P<main>\S+?)\.)?(?P<sides>(?: Side pot(?: #?\d+)? \S+?\.)*)"
    r" \| Rake (?P<rake>\S+)$"
)
_SIDE = re.compile(r"Side pot(?: #?\d+)? (\S+?)\.(?= |$)")
_POSITIONS = ("(button)", "(small blind)", "(big blind)")
_FOLDED = {
    "didn't bet (folded)": (Street.PREFLOP, True),
    "folded before the Flop": (Street.PREFLOP, False),
    "folded on the Flop": (Street.FLOP, False),
    "folded on the Turn": (Street.TURN, False),
    "folded on the River": (Street.RIVER, False),
}
_RESULT = re.compile(
    r"(?:showed \[(?P<shown>[^\]]*)\] and (?:(?P<lost>lost)|won \((?P<won>[^)]*)\))(?: with (?P<desc>.*))?"
    r"|collected \((?P<collected>[^)]*)\)(?:, mucked)?"
    r"|mucked \[(?P<mucked>[^\]]*)\](?: - (?P<mdesc>.*))?)$"
)
_SUMMARY_NAME = re.compile(
    r"(.+?)(?= \((?:button|small blind|big blind)\)| didn't bet| folded | showed \[| mucked \["
    r"| collected \(| is sitting out)"
)
_WINS = re.compile(r" wins the (?P<pot>pot|main pot|side pot(?: #?(?P<side>\d+))?) \((?P<amount>[^)]*)\)(?: with .*)?$")


class FullTiltReader:
    """Reads one Full Tilt hand's line tokens into events and claims (names and the seat list through a plain
    PokerStars `HandReader`, `r`); `button` is the seat of `The button is in seat #N`."""

    def __init__(self, header: Header, seats: tuple[Seat, ...], base_line: int) -> None:
        self.r = HandReader(header, seats, base_line)
        self.scale = header.scale
        self.base = base_line - 1
        self.button: int | None = None
        self.seat_names = {seat.seat: seat.player for seat in seats}
        self.street_money = StreetMoney()
        self.high = 0  # the street's bet to call, as printed (for a raise's size)

    def put(self, player: str, added: int) -> None:
        total = self.street_money.put(player, added)
        self.high = max(self.high, total)

    def money(self, text: str, line: int) -> int:
        return money(text, self.scale, line)

    def amount(self, text: str, marker: str, line: int) -> tuple[str, int, bool]:
        """`name<marker>AMOUNT[, and is all in]` → name, amount, all-in."""
        name, rest = self.r.split_space(text, marker)
        rest = rest[len(marker) - 1 :]
        all_in = rest.endswith(_ALL_IN)
        return name, self.money(rest[: -len(_ALL_IN)] if all_in else rest, line), all_in

    def body(self, tokens) -> list[Event]:
        events: list[Event] = []
        for token in tokens:
            line = self.base + token.line
            if token.type == "BUTTON":
                self.button = _small_number(token.value[len("The button is in seat #") :], "button seat", line)
                continue
            events.extend(_READERS[token.type](self, token.value, line))
        return events

    def claims(self, tokens, summary_line: int) -> tuple[Claims, list[Event]]:
        total = main = rake = None
        sides: tuple[int, ...] = ()
        boards: list[tuple[str, ...]] = []
        board_lines: list[int] = []
        seats: list[SeatSummary] = []
        notices: list[Event] = []
        total_line = summary_line
        for token in tokens:
            kind, line = token.type, self.base + token.line
            if kind == "SEAT_RESULT":
                seats.append(self.seat_result(token.value, line))
            elif kind == "TOTAL_POT":
                total_line = line
                match = _TOTAL.match(token.value)
                if match is None:
                    raise FieldError(
                        "HH010",
                        f"total pot line not understood: {token.value[:80]!r}",
                        line,
                        expected="Total pot <amount> | Rake <amount>",
                        actual=token.value[:160],
                    )
                total, rake = self.money(match["total"], line), self.money(match["rake"], line)
                main = self.money(match["main"], line) if match["main"] else None
                sides = tuple(self.money(s, line) for s in _SIDE.findall(match["sides"]))
            elif kind == "BOARD":
                boards.append(bracketed_cards(token.value))
                board_lines.append(line)
            elif kind in ("DURATION", "ARCHIVE_SEPARATOR"):
                continue  # how long the hand took; an archive's hand counter: nothing to check
            else:
                notices.extend(_READERS[kind](self, token.value, line))
        return Claims(total_line, total, main, sides, rake, 1, tuple(boards), tuple(board_lines), tuple(seats)), notices

    def seat_result(self, text: str, line: int) -> SeatSummary:
        colon = text.index(": ")
        seat = _small_number(text[5:colon], "seat number", line)
        rest = text[colon + 2 :]
        name = self.seat_names.get(seat)
        if name is None or not rest.startswith(name + " "):
            match = _SUMMARY_NAME.match(rest)
            name = match.group(1) if match else rest
        rest = rest[len(name) + 1 :]
        positions: tuple[str, ...] = ()
        while rest.startswith(_POSITIONS):
            tag, _, rest = rest.partition(") ")
            positions += (tag[1:],)
        folded = _FOLDED.get(rest)
        if folded is not None:
            return SeatSummary(line, seat, name, positions, "folded", folded[0], folded[1], (), (), False, text)
        if rest == "is sitting out":
            return SeatSummary(line, seat, name, positions, "sat_out", None, False, (), (), False, text)
        result = _RESULT.match(rest)
        if result is None:
            return SeatSummary(line, seat, name, positions, "other", None, False, (), (), False, text)
        if result["collected"] is not None:
            return SeatSummary(
                line,
                seat,
                name,
                positions,
                "collected",
                None,
                False,
                (),
                (Outcome(True, self.money(result["collected"], line), None),),
                False,
                text,
            )
        if result["mucked"] is not None:
            return SeatSummary(
                line, seat, name, positions, "mucked", None, False, tuple(result["mucked"].split()), (), False, text
            )
        cards = tuple(result["shown"].split())
        won = result["won"]
        outcome = Outcome(won is not None, self.money(won, line) if won is not None else None, result["desc"])
        return SeatSummary(line, seat, name, positions, "showed", None, False, cards, (outcome,), False, text)


# ---------------------------------------------------------------------------------------------
# The line kinds of grammar/fulltilt.lark, each declared once with its reader (which gives the line's
# events: none, one, or a street marker and the pot it prints) and its hint words.

LINE_KINDS = LineKinds()
_READERS = LINE_KINDS.readers
_reads = LINE_KINDS.reads
for _kind, _first in (
    ("HEADER", ("Full", "FullTiltPoker")),
    ("SEAT_COUNT", ("Seats:",)),
    ("SEAT", ("Seat",)),
    ("SUMMARY", ("***",)),
    ("SEAT_RESULT", ("Seat",)),
    ("TOTAL_POT", ("Total",)),
    ("BOARD", ("Board:",)),
    ("DURATION", ("Duration",)),
    ("ARCHIVE_SEPARATOR", ()),
    ("BUTTON", ("The",)),
):
    LINE_KINDS.declare(_kind, first=_first)  # read by read_header, read_seats, FullTiltReader.body and .claims


@_reads("STREET", first=("***",))
def _street(f: FullTiltReader, text: str, line: int) -> list[Event]:
    street = _STREETS[text[4 : text.index(" ***", 4)]]
    if street is not Street.PREFLOP:
        f.street_money.new_street()
        f.high = 0
    events: list[Event] = [StreetStart(line, street, 0, bracketed_cards(text))]
    pot = _STREET_POT.search(text)
    if pot is not None:  # the pot gathered before this street, printed on its marker
        events.append(StreetPot(line, f.money(pot["pot"], line), None))
    return events


@_reads("DEALT", first=("Dealt",))
def _dealt(f: FullTiltReader, text: str, line: int) -> list[Event]:
    rest = text[len("Dealt to ") :]
    cut = rest.index(" [")
    return [DealHole(line, rest[:cut], bracketed_cards(rest[cut:]))]


@_reads("UNCALLED", first=("Uncalled",))
def _uncalled(f: FullTiltReader, text: str, line: int) -> list[Event]:
    amount, _, name = text[len("Uncalled bet of ") :].partition(" returned to ")
    return [ReturnUncalled(line, name, f.money(amount, line))]


def _blind(kind: BlindKind, marker: str):
    def read(f: FullTiltReader, text: str, line: int) -> list[Event]:
        name, amount, all_in = f.amount(text, marker, line)
        f.put(name, amount)
        return [PostBlind(line, name, kind, amount, all_in)]

    return read


LINE_KINDS.declare(
    "POST_SMALL", markers=(" posts the small blind of ",), reader=_blind(BlindKind.SMALL, " posts the small blind of ")
)
LINE_KINDS.declare(
    "POST_BIG", markers=(" posts the big blind of ",), reader=_blind(BlindKind.BIG, " posts the big blind of ")
)
# `Hero posts $0.02`: a big blind posted by a player joining out of the blinds' turn
LINE_KINDS.declare("POST", markers=(" posts ",), reader=_blind(BlindKind.BIG, " posts "))


@_reads("ANTE", markers=(" antes ",))
def _ante(f: FullTiltReader, text: str, line: int) -> list[Event]:
    name, amount, all_in = f.amount(text, " antes ", line)
    return [PostAnte(line, name, amount, all_in)]


@_reads("FOLD", markers=(" folds",))
def _fold(f: FullTiltReader, text: str, line: int) -> list[Event]:
    return [Fold(line, text[: -len(" folds")], ())]


@_reads("CHECK", markers=(" checks",))
def _check(f: FullTiltReader, text: str, line: int) -> list[Event]:
    return [Check(line, text[: -len(" checks")])]


@_reads("CALL", markers=(" calls ",))
def _call(f: FullTiltReader, text: str, line: int) -> list[Event]:
    name, amount, all_in = f.amount(text, " calls ", line)
    f.put(name, amount)
    return [Call(line, name, amount, all_in, False)]


@_reads("BET", markers=(" bets ",))
def _bet(f: FullTiltReader, text: str, line: int) -> list[Event]:
    name, amount, all_in = f.amount(text, " bets ", line)
    f.put(name, amount)
    return [Bet(line, name, amount, all_in, False)]


@_reads("RAISE", markers=(" raises to ",))
def _raise(f: FullTiltReader, text: str, line: int) -> list[Event]:
    """`raises to $X`: the street total; the raise size is it less the street's bet before it (both as printed
    on the lines before: arithmetic, not a rule)."""
    name, amount, all_in = f.amount(text, " raises to ", line)
    high = f.high
    f.put(name, amount - f.street_money.of(name))
    return [RaiseTo(line, name, amount - high, amount, all_in, False)]


@_reads("SHOW", markers=(" shows [",))
def _show(f: FullTiltReader, text: str, line: int) -> list[Event]:
    name, rest = f.r.split_space(text, " shows [")
    close = rest.index("]")
    return [Show(line, name, tuple(rest[len("shows [") : close].split()), rest[close + 2 :] or None)]


@_reads("SHOW_HAND", markers=(" shows ",))
def _show_hand(f: FullTiltReader, text: str, line: int) -> list[Event]:
    """`Hero shows two pair, Kings and Sixes`: the words of a hand whose cards were shown before (after an
    all-in); kept as a notice."""
    return [Notice(line, NoticeKind.OTHER, f.r.split_space(text, " shows ")[0], text)]


@_reads("MUCK", markers=(" mucks",))
def _muck(f: FullTiltReader, text: str, line: int) -> list[Event]:
    return [Muck(line, text[: -len(" mucks")], True)]


@_reads("WINS", markers=(" wins the ",))
def _wins(f: FullTiltReader, text: str, line: int) -> list[Event]:
    """`X wins the pot ($0.04)`, `… the main pot (220) with …`, `… the side pot (300)`: the collect."""
    match = None
    for found in _WINS.finditer(text):
        match = found
    assert match is not None  # the grammar's WINS terminal
    name = text[: match.start()]
    pot = match["pot"]
    index = (
        None
        if pot == "pot"
        else 0
        if pot == "main pot"
        else _small_number(match["side"], "side pot number", line)
        if match["side"]
        else 1
    )
    return [Collect(line, name, f.money(match["amount"], line), index)]


def _notice(kind: NoticeKind, markers: tuple[str, ...]):
    def read(f: FullTiltReader, text: str, line: int) -> list[Event]:
        player = None
        for marker in markers:
            if marker in text:
                player = text[: text.find(marker)]
                break
        return [Notice(line, kind, player, text)]

    return read


LINE_KINDS.declare("CHAT", reader=_notice(NoticeKind.CHAT, (": ",)))
LINE_KINDS.declare("SECONDS_LEFT", markers=(" seconds left to act",), reader=_notice(NoticeKind.OTHER, (" has ",)))
LINE_KINDS.declare(
    "CONNECTION",
    markers=(" has timed out", " has been disconnected", " has reconnected", " has returned", " has requested TIME"),
    reader=_notice(NoticeKind.CONNECTION, (" has ",)),
)
LINE_KINDS.declare(
    "SITTING_OUT", markers=(" is sitting out",), reader=_notice(NoticeKind.SITTING_OUT, (" is sitting out",))
)
LINE_KINDS.declare("SITS_DOWN", markers=(" sits down",), reader=_notice(NoticeKind.JOIN, (" sits down",)))
LINE_KINDS.declare("STANDS_UP", markers=(" stands up",), reader=_notice(NoticeKind.LEAVE, (" stands up",)))
# `Player1 adds $1.20`: chips bought for the next hand (a rebuy between hands, not in this one's pot)
LINE_KINDS.declare("ADDS", markers=(" adds ",), reader=_notice(NoticeKind.OTHER, (" adds ",)))
LINE_KINDS.declare("FINISHED", markers=(" finished in ",), reader=_notice(NoticeKind.FINISHED, (" finished in ",)))


def _awards(claims: Claims) -> list[Event]:
    """A walk prints no `wins the pot` line: the summary's `collected (X)` is then the site's only word of the
    award, read as the collect it is (at the summary line that says it)."""
    return [
        Collect(seat.line, seat.player, outcome.amount, None)
        for seat in claims.seats
        for outcome in seat.outcomes
        if outcome.won and outcome.amount is not None
    ]


def build_hand(
    block: Block, header: Header, seat_tokens: Sequence, body: Sequence, summary: Sequence, line_breaks: int
) -> Hand:
    """The hand from the grammar's sections; the button and a `Seats: N` table size go into the header."""
    base = block.line - 1
    seats, size = read_seats(seat_tokens, base, header.scale)
    reader = FullTiltReader(header, seats, block.line)
    events = reader.body(body)
    summary_token, *summary_lines = summary
    claims, trailing = reader.claims(summary_lines, base + summary_token.line)
    awards = [] if any(type(event) is Collect for event in events) else _awards(claims)
    events.extend(sorted(awards + trailing, key=lambda event: event.line))  # the summary's events, in line order
    out = {summary.seat for summary in claims.seats if summary.result == "sat_out"}
    if out:  # the summary says who sat out; an archive's seat line may not (`Seat 3: Player5 ($20)`)
        seats = tuple(msgspec.structs.replace(seat, sitting_out=True) if seat.seat in out else seat for seat in seats)
    header = msgspec.structs.replace(
        header, button_seat=reader.button, max_seats=header.max_seats if size is None else size
    )
    return Hand(
        header=header,
        seats=seats,
        events=tuple(events),
        claims=claims,
        source=Source(block.file, block.line, block.column),
        lines=line_breaks,
    )
