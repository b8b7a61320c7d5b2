"""Winning Poker Network reader (2019+ era): the fields of `grammar/winning.lark`'s lines read into
hhtool's events and claims.

WPN words its lines without a colon after the player's name, so a name is split off at the words
after it, against the seat list (the PokerStars reader's `split_space`, used by composition: this
module holds a plain `HandReader` for names and amounts and does not subclass it). What is WPN's own:
the header (`Hand #N - Holdem(No Limit) - $0.02/$0.05 - 2021/04/20 18:33:50 UTC`, `Game Hand #N -
Tournament #T - …`), the table line without `Table`, seats without `in chips`, `posts dead` (a new
player's small and big blind), raises that print the chips added before the street total, `caps`
at CAP tables, the `Main pot … | Rake …` and `Side pot(N) … | Rake …` lines at each street's start
(`StreetPot` events, checked by hhtool.rules.checks.street_pot), `waits for big blind` (not dealt in), `does not
show` and `mucks hand`, a one-card show (`[- Kd]`), `cashed out hand for …` (an all-in cash out), and the
summary's `Total pot … | Rake … | JP Fee …` printed after the rake. Like every reader it checks no poker rule.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

import msgspec

from hhtool.dialects.street_money import StreetMoney
from hhtool.dialects.textreader import HandReader, bracketed_cards, naive_datetime, shown
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
    CashOut,
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
    Source,
    Street,
    StreetPot,
    StreetStart,
)
from hhtool.model.limits import MAX_ID_DIGITS, MAX_YEAR, MIN_YEAR
from hhtool.model.money import CURRENCY_SYMBOLS, MoneyError, to_minor

SITE = "winning"  # also in hhtool.dialects.winning (the record)

# ---------------------------------------------------------------------------------------------
# Header, table line, seats

_HEADER = re.compile(
    r"(?:Game )?Hand #(?P<id>\d+) - (?:(?P<name>[^\n]*?) ?Tournament #(?P<tid>\d+) - )?"
    r"(?P<game>[^()\n]+)\((?P<limit>[^()\n]+)\) - (?:Level (?P<level>\w+) )?\(?(?P<stakes>[^()\s]+/[^()\s]+)\)?"
    r" ?- (?P<date>\d{4}/\d{1,2}/\d{1,2}) (?P<time>\d{1,2}:\d{2}(?::\d{2})?)(?: (?P<tz>[A-Z]{2,5}))?$"
)
_LIMITS = {"No Limit": Limit.NO_LIMIT, "Pot Limit": Limit.POT_LIMIT, "Fixed Limit": Limit.FIXED_LIMIT}
_TABLE = re.compile(r"(?P<name>.*) (?P<max>\d+)-max (?P<pm>\(Play Money\) )?Seat #(?P<button>\d+) is the button$")
_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[^()\s]+)\)(?P<out> is sitting out)?$")
_SEAT_WAITS = " will be allowed to play after the button"
# Blitz is WPN's fast-fold game: its hands are dealt at a pool named `Blitz Poker` (corpus:
# acr-winning/cash/…RUSHID-TN-Blitz Poker…, a file the client names by its RUSHID)
_FAST_FOLD_TABLES = ("Blitz",)


def read_header(line: str, table_line: str, line_no: int) -> Header:
    """The header and table lines of a WPN hand; Unsupported for any game but Hold'em."""
    match = _HEADER.match(line)
    if match is None:
        raise FieldError(
            "HH010",
            f"WPN header not understood: {line[:120]!r}",
            line_no,
            expected="Hand #N - Holdem(No Limit) - $SB/$BB - YYYY/MM/DD HH:MM:SS UTC",
            actual=line[:160],
        )
    if len(match["id"]) > MAX_ID_DIGITS:
        raise _beyond("hand number", match["id"], f"at most {MAX_ID_DIGITS} digits", line_no, match.start("id") + 1)
    time = naive_datetime(match["date"], match["time"])
    if time is None or not MIN_YEAR <= time.year <= MAX_YEAR:
        raise _beyond("date", match["date"], f"a year from {MIN_YEAR} to {MAX_YEAR}", line_no, match.start("date") + 1)
    table = _TABLE.match(table_line)
    if table is None:
        raise FieldError(
            "HH010",
            f"table line not understood: {table_line[:80]!r}",
            line_no + 1,
            expected="<table> N-max Seat #B is the button",
            actual=table_line[:160],
        )
    try:
        template = _template(
            match["game"].strip(),
            match["limit"],
            match["stakes"],
            match["tid"],
            match["name"],
            match["level"],
            bool(table["pm"]),
        )
    except FieldError as exc:
        raise FieldError(exc.code, str(exc), line_no, expected=exc.expected, actual=exc.actual) from None
    name = table["name"]
    if name.startswith("Table '") and name.endswith("'"):
        name = name[len("Table '") : -1]
    zone = match["tz"]
    return msgspec.structs.replace(
        template,
        hand_id=match["id"],
        time=time,
        time_zone=zone,
        time_utc=_utc(time, zone),
        table=name,
        max_seats=_small_number(table["max"], "N-max", line_no + 1),
        button_seat=_small_number(table["button"], "button seat", line_no + 1),
        fast_fold=name.startswith(_FAST_FOLD_TABLES),
    )


def _utc(time, zone: str | None):
    from hhtool.dialects.winning import ZONES  # the record's conventions: one place for the zones
    from hhtool.model.clock import to_utc

    return to_utc(time, zone, None, ZONES, None)


@functools.lru_cache(maxsize=1024)
def _template(
    game: str,
    limit_name: str,
    stakes: str,
    tournament_id: str | None,
    name: str | None,
    level: str | None,
    play_money_table: bool,
) -> Header:
    """The header fields every hand of a table shares (game, limit, stakes, tournament), memoised."""
    limit = _LIMITS.get(limit_name)
    if game != "Holdem" or limit is None:
        raise Unsupported(f"{game}({limit_name})")
    if tournament_id is not None and len(tournament_id) > MAX_ID_DIGITS:
        raise _beyond("tournament number", tournament_id, f"at most {MAX_ID_DIGITS} digits", 0)
    small_text, _, big_text = stakes.partition("/")
    symbol = next((s for s in CURRENCY_SYMBOLS if s in stakes), None)
    if tournament_id is not None or symbol is None:
        currency, scale = "chips", 1
    else:
        currency, scale = CURRENCY_SYMBOLS[symbol], 100
    try:
        small, big = to_minor(small_text, scale), to_minor(big_text, scale)
    except MoneyError as exc:
        raise FieldError(exc.code, f"header stakes: {exc}", 0) from None
    if limit is Limit.FIXED_LIMIT:  # `$2.00/$4.00` are the small and big bets; the blinds are half and one small bet
        small_blind, big_blind, small_bet, big_bet = small // 2, small, small, big
    else:
        small_blind, big_blind, small_bet, big_bet = small, big, big, big
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
        table="",
        max_seats=None,
        button_seat=None,
        tournament_id=tournament_id,
        buy_in=(name or "").strip() or None,
        level=level,
        play_money=play_money_table or (tournament_id is None and symbol is None),
    )


def read_seats(tokens, base: int, scale: int) -> tuple[tuple[Seat, ...], list[Event]]:
    """The seat lines (`Seat 1: Player0 ($5.07)`, `… is sitting out`), and a notice for each seat whose
    player waits for the button (`Seat 3: X will be allowed to play after the button`: no stack, not dealt in)."""
    seats: list[Seat] = []
    waiting: list[Event] = []
    for token in tokens:
        text, line = token.value, base + token.line
        if token.type == "SEAT_WAIT":
            name = text[text.index(": ") + 2 : -len(_SEAT_WAITS)]
            waiting.append(Notice(line, NoticeKind.WAIT_FOR_BUTTON, name, text))
            continue
        match = _SEAT.match(text)
        if match is None:
            raise FieldError("HH010", f"seat line not understood: {text[:80]!r}", line)
        seats.append(
            Seat(
                _small_number(match["seat"], "seat number", line),
                match["name"],
                _money(match["stack"], scale, line),
                line,
                None,
                bool(match["out"]),
                False,
            )
        )
    return tuple(seats), waiting


# ---------------------------------------------------------------------------------------------
# Body and summary lines

_STREETS = {
    "HOLE CARDS": Street.PREFLOP,
    "FLOP": Street.FLOP,
    "TURN": Street.TURN,
    "RIVER": Street.RIVER,
    "SHOW DOWN": Street.SHOWDOWN,
}
_ALL_IN = " and is all-in"
_STREET_POT = re.compile(r"Main pot (?P<main>\S+)(?: \| Rake (?P<rake>\S+))?$")
_SIDE_POT = re.compile(r"Side pot\((?P<side>\d+)\) (?P<amount>\S+)(?: \| Rake (?P<rake>\S+))?$")
_TOTAL = re.compile(r"Total pot (?P<total>\S+)(?P<fees>(?: \| [A-Z][A-Za-z ]*? [$€£]?\d\S*)*)$")
_FEE = re.compile(r" \| (?P<name>[A-Z][A-Za-z ]*?) (?P<amount>[$€£]?\d\S*)")
_POSITIONS = ("(button)", "(small blind)", "(big blind)")
_FOLDED = re.compile(r"folded on the (?P<street>Pre-Flop|Flop|Turn|River)(?P<nobet> and did not bet)?$")
_FOLD_STREETS = {"Pre-Flop": Street.PREFLOP, "Flop": Street.FLOP, "Turn": Street.TURN, "River": Street.RIVER}
_SHOWED = re.compile(
    r"(?P<how>showed|mucked) \[(?P<cards>[^\]]*)\](?: and (?:(?P<lost>lost)|won (?P<won>\S+))"
    r"(?: with (?P<desc>.*))?)?$"
)
# A cashed-out player's summary line ends so: the room paid the player outside the pot (`cashed out hand for`)
_CASHED = " (pot not awarded as player cashed out)"
_SUMMARY_NAME = re.compile(
    r"(.+?)(?= \((?:button|small blind|big blind)\)| folded on | showed \[| mucked \["
    r"| did not show and won )"
)


class WinningReader:
    """Reads one WPN hand's line tokens into events and claims. Names and amounts are read by a plain
    PokerStars `HandReader` (`r`), the line readers below are WPN's; `money` tracks what each player has
    put in on the street, to turn `caps $X` (chips added) into a raise's street total."""

    def __init__(self, header: Header, seats: tuple[Seat, ...], base_line: int) -> None:
        self.r = HandReader(header, seats, base_line)
        self.base = base_line - 1
        self.street_money = StreetMoney()
        self.high = 0  # the street's bet to call, as printed (for `caps`)
        self.hand_money: dict[str, int] = {}  # player → live chips put in over the hand
        self.cap: int | None = None  # a CAP table's cap, as a `caps` line shows it
        self.seat_names = {seat.seat: seat.player for seat in seats}
        self.big_blind = header.big_blind

    def money(self, text: str, line: int) -> int:
        return self.r.money(text, line)

    def name_and(self, text: str, marker: str) -> tuple[str, str]:
        """`name<marker>…` → name and the text after the name (without its leading space)."""
        return self.r.split_space(text, marker)

    def amount(self, text: str, marker: str, line: int) -> tuple[str, int, bool]:
        """`name<marker>AMOUNT[ and is all-in]` → name, amount, all-in."""
        name, rest = self.name_and(text, marker)
        rest = rest[len(marker) - 1 :]
        all_in = rest.endswith(_ALL_IN)
        return name, self.money(rest[: -len(_ALL_IN)] if all_in else rest, line), all_in

    def put(self, player: str, added: int) -> int:
        self.hand_money[player] = self.hand_money.get(player, 0) + added
        total = self.street_money.put(player, added)
        self.high = max(self.high, total)
        return total

    def body(self, tokens) -> list[Event]:
        events: list[Event] = []
        for token in tokens:
            line = self.base + token.line
            reader = _READERS.get(token.type)
            if reader is None:
                raise FieldError("HH010", f"no reader for line kind {token.type}", line)
            events.append(reader(self, token.value, line))
        return events

    # -- summary ---------------------------------------------------------------------------
    def claims(self, tokens, summary_line: int) -> tuple[Claims, list[Event]]:
        total = main = rake = None
        fees: tuple[tuple[str, int], ...] = ()
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
                total, main, rake, fees = self.pot_claims(token.value, line)
            elif kind == "BOARD":
                boards.append(bracketed_cards(token.value))
                board_lines.append(line)
            else:
                notices.append(_READERS[kind](self, token.value, line))
        claims = Claims(total_line, total, main, (), rake, 1, tuple(boards), tuple(board_lines), tuple(seats), fees)
        return claims, notices

    def pot_claims(self, text: str, line: int) -> tuple[int, None, int, tuple[tuple[str, int], ...]]:
        """`Total pot $1.19 | Rake $0.04 | JP Fee $0.02` → total, main pot (None), rake, fees. WPN prints the
        pot after the rake and the fees (the winners' share: `won $1.19`), all pots together: the total pot
        (every chip put in) is it plus the rake and the fees printed beside it; no main pot is named."""
        match = _TOTAL.match(text)
        if match is None:
            raise FieldError(
                "HH010",
                f"total pot line not understood: {text[:80]!r}",
                line,
                expected="Total pot <amount> | Rake <amount> | JP Fee <amount>",
                actual=text[:160],
            )
        after = self.money(match["total"], line)
        rake = None
        fees = []
        for field in _FEE.finditer(match["fees"]):
            amount = self.money(field["amount"], line)
            if field["name"] == "Rake" and rake is None:
                rake = amount
            else:
                fees.append((field["name"].lower(), amount))
        fee_total = sum(amount for _, amount in fees)
        if rake is None:  # WPN leaves out a rake of 0 (the streets' `Rake $0.00` before it say so)
            rake = 0
        return after + rake + fee_total, None, rake, tuple(fees)

    def seat_result(self, text: str, line: int) -> SeatSummary:
        colon = text.index(": ")
        seat = _small_number(text[5:colon], "seat number", line)
        rest = text[colon + 2 :]
        name = self.seat_names.get(seat)
        if name is None or not rest.startswith(name + " "):
            match = _SUMMARY_NAME.match(rest)
            name = match.group(1) if match else rest
        rest = rest[len(name) + 1 :]
        cashed_out = rest.endswith(_CASHED)
        if cashed_out:
            rest = rest[: -len(_CASHED)]
        positions: tuple[str, ...] = ()
        while rest.startswith(_POSITIONS):
            tag, _, rest = rest.partition(") ")
            positions += (tag[1:],)
        fold = _FOLDED.match(rest)
        if fold:
            return SeatSummary(
                line,
                seat,
                name,
                positions,
                "folded",
                _FOLD_STREETS[fold["street"]],
                bool(fold["nobet"]),
                (),
                (),
                False,
                text,
            )
        if rest.startswith("did not show and won "):
            amount = self.money(rest[len("did not show and won ") :], line)
            return SeatSummary(
                line,
                seat,
                name,
                positions,
                "collected",
                None,
                False,
                (),
                (Outcome(True, amount, None),),
                cashed_out,
                text,
            )
        shown = _SHOWED.match(rest)
        if shown:
            cards = _known(shown["cards"].split())
            if shown["won"] is not None:
                outcome: tuple[Outcome, ...] = (Outcome(True, self.money(shown["won"], line), shown["desc"]),)
            elif shown["lost"] is not None:
                outcome = (Outcome(False, None, shown["desc"]),)
            else:
                outcome = ()
            result = "showed" if shown["how"] == "showed" else "mucked"
            return SeatSummary(line, seat, name, positions, result, None, False, cards, outcome, cashed_out, text)
        return SeatSummary(line, seat, name, positions, "other", None, False, (), (), cashed_out, text)


# ---------------------------------------------------------------------------------------------
# The line kinds of grammar/winning.lark, each declared once with its reader and hint words.

LINE_KINDS = LineKinds()
_reads = LINE_KINDS.reads
_READERS = LINE_KINDS.readers
LINE_KINDS.declare("HEADER", first=("Hand", "Game"))  # read_header
LINE_KINDS.declare("TABLE")  # read_header (a table's name is free text: no first word)
LINE_KINDS.declare("SEAT", first=("Seat",))  # read_seats
LINE_KINDS.declare("SEAT_WAIT", first=("Seat",))  # read_seats
LINE_KINDS.declare("SUMMARY", first=("***",))  # opens the summary, read by WinningReader.claims
LINE_KINDS.declare("SEAT_RESULT", first=("Seat",))  # WinningReader.seat_result
LINE_KINDS.declare("TOTAL_POT", first=("Total",))  # WinningReader.pot_claims
LINE_KINDS.declare("BOARD", first=("Board",))  # WinningReader.claims


@_reads("STREET", first=("***",))
def _street(w: WinningReader, text: str, line: int) -> Event:
    street = _STREETS[text[4 : text.index(" ***", 4)]]
    if street is not Street.PREFLOP:
        w.street_money.new_street()
        w.high = 0
    return StreetStart(line, street, 0, bracketed_cards(text))


@_reads("STREET_POT", first=("Main",))
def _street_pot(w: WinningReader, text: str, line: int) -> Event:
    match = _STREET_POT.match(text)
    assert match is not None  # the grammar's STREET_POT terminal
    rake = w.money(match["rake"], line) if match["rake"] is not None else None
    return StreetPot(line, w.money(match["main"], line), rake)


@_reads("SIDE_POT", first=("Side",))
def _side_pot(w: WinningReader, text: str, line: int) -> Event:
    """`Side pot(1) $0.65 | Rake $0.03`, after the street's `Main pot` line: side pot 1 so far, after its own
    rake (WPN rakes each pot on its own: the summary's rake and fees are the pots' rakes together)."""
    match = _SIDE_POT.match(text)
    assert match is not None  # the grammar's SIDE_POT terminal
    rake = w.money(match["rake"], line) if match["rake"] is not None else None
    side = _small_number(match["side"], "side pot number", line)
    return StreetPot(line, w.money(match["amount"], line), rake, side)


@_reads("DEALT", first=("Dealt",))
def _dealt(w: WinningReader, text: str, line: int) -> Event:
    rest = text[len("Dealt to ") :]
    cut = rest.index(" [")
    return DealHole(line, rest[:cut], bracketed_cards(rest[cut:]))


@_reads("UNCALLED", first=("Uncalled",))
def _uncalled(w: WinningReader, text: str, line: int) -> Event:
    amount, _, name = text[len("Uncalled bet (") :].partition(") returned to ")
    return ReturnUncalled(line, name, w.money(amount, line))


def _blind(kind: BlindKind, marker: str):
    def read(w: WinningReader, text: str, line: int) -> Event:
        name, amount, all_in = w.amount(text, marker, line)
        # live part of the post: a dead post (`posts dead`) is a small blind (dead) and a big blind (live)
        w.put(name, amount if kind is not BlindKind.SMALL_AND_BIG else min(amount, w.big_blind))
        return PostBlind(line, name, kind, amount, all_in)

    return read


LINE_KINDS.declare(
    "POST_SMALL", markers=(" posts the small blind ",), reader=_blind(BlindKind.SMALL, " posts the small blind ")
)
LINE_KINDS.declare(
    "POST_BIG", markers=(" posts the big blind ",), reader=_blind(BlindKind.BIG, " posts the big blind ")
)
LINE_KINDS.declare("POST_DEAD", markers=(" posts dead ",), reader=_blind(BlindKind.SMALL_AND_BIG, " posts dead "))
LINE_KINDS.declare("POST", markers=(" posts ",), reader=_blind(BlindKind.BIG, " posts "))


@_reads("POST_ANTE", markers=(" posts ante ",))
def _ante(w: WinningReader, text: str, line: int) -> Event:
    name, amount, all_in = w.amount(text, " posts ante ", line)
    return PostAnte(line, name, amount, all_in)


@_reads("FOLD", markers=(" folds",))
def _fold(w: WinningReader, text: str, line: int) -> Event:
    return Fold(line, text[: -len(" folds")], ())


@_reads("CHECK", markers=(" checks",))
def _check(w: WinningReader, text: str, line: int) -> Event:
    return Check(line, text[: -len(" checks")])


@_reads("CALL", markers=(" calls ",))
def _call(w: WinningReader, text: str, line: int) -> Event:
    name, amount, all_in = w.amount(text, " calls ", line)
    w.put(name, amount)
    return Call(line, name, amount, all_in, False)


@_reads("BET", markers=(" bets ",))
def _bet(w: WinningReader, text: str, line: int) -> Event:
    name, amount, all_in = w.amount(text, " bets ", line)
    w.put(name, amount)
    return Bet(line, name, amount, all_in, False)


@_reads("RAISE", markers=(" raises ",))
def _raise(w: WinningReader, text: str, line: int) -> Event:
    """`raises $A to $B`: A is the chips this action adds, B the street total (the model's raise_to); the raise
    size (`raise_by`) is B less the street's bet before it, both as printed (the lines before it say it)."""
    name, rest = w.name_and(text, " raises ")
    _added, _, rest = rest[len("raises ") :].partition(" to ")
    all_in = rest.endswith(_ALL_IN)
    to = w.money(rest[: -len(_ALL_IN)] if all_in else rest, line)
    high = w.high
    w.put(name, to - w.street_money.of(name))
    return RaiseTo(line, name, to - high, to, all_in, False)


@_reads("CAP", markers=(" caps ",))
def _cap(w: WinningReader, text: str, line: int) -> Event:
    """`caps $X` at a CAP table: X chips added, which take the player to the cap. Read as the bet, call
    or raise those chips make against the street's bet so far (arithmetic on the printed amounts)."""
    name, added, all_in = w.amount(text, " caps ", line)
    high = w.high
    total = w.put(name, added)
    if w.cap is None:  # the cap is not printed; the chips a capping player has put in over the hand are it
        w.cap = w.hand_money[name]
    if high == 0:
        return Bet(line, name, added, all_in, True)
    if total <= high:
        return Call(line, name, added, all_in, True)
    return RaiseTo(line, name, total - high, total, all_in, True)


@_reads("SHOW", markers=(" shows [",))
def _show(w: WinningReader, text: str, line: int) -> Event:
    """`shows [9c Qd] (a pair of Queens [..])`; ACR lets an uncontested winner show one card, the other
    printed `-` (`shows [- Kd]`): a partial show of the cards named (`_known`)."""
    name, rest = w.name_and(text, " shows [")
    show = shown(line, name, rest)
    if _UNKNOWN_CARD in show.cards:
        return msgspec.structs.replace(show, cards=_known(show.cards))
    return show


_UNKNOWN_CARD = "-"  # a card a partial show keeps hidden (`[- Kd]`)


def _known(cards: Sequence[str]) -> tuple[str, ...]:
    """The cards of a show or summary line without the hidden ones (`[- Kd]` → `Kd`): a partial show."""
    return tuple(card for card in cards if card != _UNKNOWN_CARD)


@_reads("MUCK", markers=(" mucks hand",))
def _muck(w: WinningReader, text: str, line: int) -> Event:
    """`Carl mucks hand` at showdown, after the winner shows (his summary line says `mucked [..]`)."""
    return Muck(line, text[: -len(" mucks hand")], True)


_CASH_OUT_MARK = " cashed out hand for "
_CASH_OUT_FEE = " | Cash Out Fee "


@_reads("CASH_OUT", markers=(_CASH_OUT_MARK,))
def _cash_out(w: WinningReader, text: str, line: int) -> Event:
    """`Dana cashed out hand for $3.10 | Cash Out Fee $0.03`: the all-in equity cash out (PokerStars' words
    without its `the`): the room pays the amount outside the pot and keeps what her cards win."""
    name, rest = w.name_and(text, _CASH_OUT_MARK)
    amount, printed, fee = rest[len(_CASH_OUT_MARK) - 1 :].partition(_CASH_OUT_FEE)
    return CashOut(line, name, w.money(amount, line), w.money(fee, line) if printed else None)


@_reads("NO_SHOW", markers=(" does not show",))
def _no_show(w: WinningReader, text: str, line: int) -> Event:
    return Muck(line, text[: -len(" does not show")], False)


@_reads("COLLECT", markers=(" collected ",))
def _collect(w: WinningReader, text: str, line: int) -> Event:
    name, rest = w.name_and(text, " collected ")
    amount, _, pot = rest[len("collected ") :].partition(" from ")
    if pot in ("pot", "main pot"):  # WPN says `main pot` also when there is one pot: no pot is named
        index = None
    else:
        index = _small_number(pot.rpartition("-")[2], "side pot number", line) if "-" in pot else 1
    return Collect(line, name, w.money(amount, line), index)


@_reads("SITTING_OUT", markers=(" is sitting out", " sits out"))
def _sitting_out(w: WinningReader, text: str, line: int) -> Event:
    marker = " is sitting out" if text.endswith(" is sitting out") else " sits out"
    return Notice(line, NoticeKind.SITTING_OUT, text[: -len(marker)], text)


@_reads("WAIT_BUTTON", markers=(_SEAT_WAITS,))
def _waits(w: WinningReader, text: str, line: int) -> Event:
    return Notice(line, NoticeKind.WAIT_FOR_BUTTON, text[: -len(_SEAT_WAITS)], text)


_WAITS_BB = " waits for big blind"


@_reads("WAIT_BB", markers=(_WAITS_BB,))
def _waits_bb(w: WinningReader, text: str, line: int) -> Event:
    """`Bob waits for big blind`, after the posts: Bob has a seat and chips but is not dealt in (the summary
    leaves him out): a sitting-out notice, as the replay takes one before the hole cards."""
    return Notice(line, NoticeKind.SITTING_OUT, text[: -len(_WAITS_BB)], text)


def _awards(claims: Claims) -> list[Event]:
    """WPN prints no `collected` line for a pot won without a showdown: the summary's `did not show and won
    $X` (or `showed […] and won $X`) is then the site's only word of the award, read as the collect it is
    (at the summary line that says it). Not a cashed-out player's `won`: the room paid that player outside
    the pot (`cashed out hand for`) and kept the share."""
    return [
        Collect(seat.line, seat.player, outcome.amount, None)
        for seat in claims.seats
        if not seat.cashed_out
        for outcome in seat.outcomes
        if outcome.won and outcome.amount is not None
    ]


_BETS = (Bet, Call, RaiseTo)


def _printed_pots(events: list[Event], claims: Claims) -> Claims:
    """The pots after rake, where WPN prints them: its summary prints only the total, but the last street's
    `Main pot $5.05 | Rake $0.26` and `Side pot(1) $0.65 | Rake $0.03` lines are each pot after its own
    rake (the rake is not spread main pot first). Read as the summary's main and side pots when there is
    a side pot line and no chips were bet after those lines (a pot line is printed as its street starts)."""
    last: list[StreetPot] = []
    for event in events:
        if type(event) is StreetPot:
            if event.side == 0:
                last = []
            last.append(event)
        elif type(event) in _BETS:
            last = []
    if len(last) < 2 or claims.main_pot is not None:
        return claims
    return msgspec.structs.replace(claims, main_pot=last[0].main, side_pots=tuple(pot.main for pot in last[1:]))


def build_hand(
    block: Block, header: Header, seat_tokens: Sequence, body: Sequence, summary: Sequence, line_breaks: int
) -> Hand:
    """The hand from the grammar's sections."""
    base = block.line - 1
    seats, waiting = read_seats(seat_tokens, base, header.scale)
    reader = WinningReader(header, seats, block.line)
    events = waiting + reader.body(body)
    summary_token, *summary_lines = summary
    claims, trailing = reader.claims(summary_lines, base + summary_token.line)
    awards = [] if any(type(event) is Collect for event in events) else _awards(claims)
    events.extend(sorted(awards + trailing, key=lambda event: event.line))  # the summary's events, in line order
    claims = _printed_pots(events, claims)
    if reader.cap is not None:
        header = msgspec.structs.replace(header, cap=reader.cap)
    return Hand(
        header=header,
        seats=seats,
        events=tuple(events),
        claims=claims,
        source=Source(block.file, block.line, block.column),
        lines=line_breaks,
    )
