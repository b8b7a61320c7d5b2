"""PokerStars dialect: the Transformer for `grammar/pokerstars.lark` and the reading of line fields.

The grammar decides what kind each line is and where it may stand; this module reads the fields
of each kind (names, amounts, cards) into the events of `hhtool.model`. It checks no poker rule:
an impossible amount is still read as written, for the replay to judge.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from datetime import datetime
from typing import Final

import msgspec
from lark import Transformer

from hhtool.dialects.pokerstars import SITE
from hhtool.dialects.pokerstars.conventions import POSITIONS, ZONES
from hhtool.grammar.fields import NINE_CODE, ZERO_CODE, FieldError, Unsupported
from hhtool.grammar.fields import beyond as _beyond
from hhtool.grammar.fields import money as _money
from hhtool.grammar.fields import small_number as _small_number
from hhtool.grammar.kinds import LineKinds
from hhtool.grammar.lalr import LineParser, LineToken
from hhtool.grammar.loader import load_parser
from hhtool.grammar.parse import parse_sections
from hhtool.grammar.result import ParseResult
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
    HandCancelled,
    Header,
    Limit,
    Muck,
    Notice,
    NoticeKind,
    Outcome,
    PostAnte,
    PostBlind,
    RaiseTo,
    Rebuy,
    ReturnUncalled,
    Seat,
    SeatSummary,
    Show,
    Source,
    Street,
    StreetStart,
)
from hhtool.model.clock import to_utc
from hhtool.model.limits import MAX_ID_DIGITS, MAX_SEAT, MAX_YEAR, MIN_YEAR
from hhtool.model.money import CURRENCY_CODES, CURRENCY_SYMBOLS, MoneyError, to_minor

# Enum members as module constants: an enum class's attribute look-up goes through EnumType.__getattr__
# (~10x a global's), and they are named per event.
_BIG: Final = BlindKind.BIG
_BUTTON: Final = BlindKind.BUTTON
_SMALL: Final = BlindKind.SMALL
_SMALL_AND_BIG: Final = BlindKind.SMALL_AND_BIG
_FIXED_LIMIT: Final = Limit.FIXED_LIMIT
_NO_LIMIT: Final = Limit.NO_LIMIT
_POT_LIMIT: Final = Limit.POT_LIMIT
_POT_LIMIT_PREFLOP: Final = Limit.POT_LIMIT_PREFLOP
_BETTING_CAPPED: Final = NoticeKind.BETTING_CAPPED
_BOUNTY: Final = NoticeKind.BOUNTY
_CHAT: Final = NoticeKind.CHAT
_CONNECTION: Final = NoticeKind.CONNECTION
_FINISHED: Final = NoticeKind.FINISHED
_JOIN: Final = NoticeKind.JOIN
_LEAVE: Final = NoticeKind.LEAVE
_NO_LOW_HAND: Final = NoticeKind.NO_LOW_HAND
_REMOVED: Final = NoticeKind.REMOVED
_SITTING_OUT: Final = NoticeKind.SITTING_OUT
_WAIT_FOR_BUTTON: Final = NoticeKind.WAIT_FOR_BUTTON
_FLOP: Final = Street.FLOP
_PREFLOP: Final = Street.PREFLOP
_RIVER: Final = Street.RIVER
_SHOWDOWN: Final = Street.SHOWDOWN
_TURN: Final = Street.TURN


# Line memos: line text → what it was read as (at some other line number). A session repeats most
# of its lines hand after hand, and a line's fields depend only on its text, the hand's scale
# (amounts read differently in chips and in cents) and, for a name-led line, the seat list; a line
# whose reading could depend on the seat list is memoised with what it read from it, or not at all
# (see HandReader.name_dependent). A memo is cleared when it is full. The memos are small: what a
# session repeats, it repeats within a hand or two, and on unique hands (most look-ups miss) a miss in a
# large dict costs cache misses and a large memo the garbage collector's passes (measured: 8k-16k entries
# -> 128 made parse ~30% faster on 20k unique generated hands, and GGPoker's real Rush & Cash hands too).
MEMO_LINES: Final = 1 << 7  # per memo
KIND_MEMO_LINES: Final = 1 << 7  # per line kind, in the memo of events


class _Memos:
    """The line memos of one scale."""

    __slots__ = ("seats", "events", "seat_results", "pots")

    def __init__(self) -> None:
        self.seats: dict[str, Seat] = {}
        # line kind → text → event (one dict per kind: a memo entry is the event itself, no tuple to allocate
        # and for the garbage collector to count, and the kind need not be compared)
        self.events: dict[str, dict[str, Event]] = {}
        self.seat_results: dict[str, tuple[int, str | None, SeatSummary]] = {}  # text → (seat, its name, summary)
        self.pots: dict[str, tuple] = {}  # `Total pot …` text → (total, main, sides, rake)


_MEMOS: Final[dict[int, _Memos]] = {}
_with_line: Final = msgspec.structs.replace  # (Final: compiled, a static, not a look-up in the module dict)


def _memos(scale: int) -> _Memos:
    memos = _MEMOS.get(scale)
    if memos is None:
        memos = _MEMOS[scale] = _Memos()
    return memos


def _remember(memo: dict, text: str, value) -> None:
    if len(memo) >= MEMO_LINES:
        memo.clear()
    memo[text] = value


class PokerStarsTransformer(Transformer):
    """Groups the line tokens of a hand by section; `HandReader` reads their fields."""

    def __init__(self) -> None:
        super().__init__(visit_tokens=False)

    def header(self, children):
        return tuple(children)

    def seats(self, children):
        return tuple(children)

    def body(self, children):
        return children

    def summary(self, children):
        return children

    def start(self, children):
        return tuple(children)


# ---------------------------------------------------------------------------------------------
# Header and table line

_INTRO: Final = re.compile(r"PokerStars (?P<zoom>Zoom )?(?P<home>Home Game )?(?:Hand|Game) #(?P<id>\d+): *")
_WHEN: Final = re.compile(
    r" +- +(?P<date>\d{4}/\d{1,2}/\d{1,2})(?: -)? (?P<time>\d{1,2}:\d{2}(?::\d{2})?)"
    r"(?: \(?(?P<tz>[A-Z]{2,5})\)?)?(?: \[(?P<et_date>\d{4}/\d{1,2}/\d{1,2}) (?P<et_time>\d{1,2}:\d{2}:\d{2})"
    r"(?: [A-Z]+)?\])?$"
)
_TOURNAMENT: Final = re.compile(r"(?:\{(?P<club>[^}]*)\} +)?(?P<tzoom>Zoom )?Tournament #(?P<tid>\d+), (?P<rest>.*)$")
_GAME_NAMES: Final = (
    "Hold'em",
    "Omaha",
    "5 Card Omaha",
    "6 Card Omaha",
    "Courchevel",
    "Split Hold'em",
    "6+ Hold'em",
    "Razz",
    "7 Card Stud",
    "Triple Draw",
    "5 Card Draw",
    "Single Draw",
    "Badugi",
    "Mixed",
    "HORSE",
    "8-Game",
    "HOSE",
)
_GAME_START: Final = re.compile(r"(?:^| )(?=(?:%s)\b)" % "|".join(re.escape(g) for g in _GAME_NAMES))
_GAME: Final = re.compile(
    r"(?P<game>.*?)(?: \((?P<stakes>[^()]*(?:\([^()]*\)[^()]*)*)\))?"
    r"(?: - (?P<level>(?:Match Round [IVXLCDM]+, )?Level [IVXLCDM]+) \((?P<tstakes>[^()]*)\))?$"
)
_HOLDEM: Final = {
    "Hold'em No Limit": _NO_LIMIT,
    "Hold'em Pot Limit": _POT_LIMIT,
    "Hold'em Limit": _FIXED_LIMIT,
    "Hold'em Pot Limit Pre-Flop, No Limit Post-Flop": _POT_LIMIT_PREFLOP,
}
_STAKES: Final = re.compile(r"(?P<small>[^/ ]+)/(?P<big>[^/ ]+)(?: - (?P<cap>\S+) Cap -)?(?: +(?P<code>[A-Z]{3}))?$")
_TABLE: Final = re.compile(
    r"Table '(?P<name>.*)'(?: (?P<max>\d+)-max)?(?: \((?P<pm>Play Money)\))?(?: Seat #(?P<button>\d+) is the button)?$"
)
_SEAT: Final = re.compile(
    r"Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[^ ()]+) in chips(?:, (?P<bounty>[^()]*?) bounty)?\)"
    r"(?P<rest>.*)$"
)


def read_header(line: str, table_line: str, line_no: int) -> Header:
    colon = _plain_intro_colon(line)
    if colon >= 0:  # `PokerStars Hand #123: `, the commonest intro, read by index (what _INTRO reads from it)
        hand_id, id_start, zoom, home = line[len(_PLAIN_INTRO) : colon], len(_PLAIN_INTRO), False, False
        intro_end = colon + 1
        while intro_end < len(line) and line[intro_end] == " ":
            intro_end += 1
    else:
        intro = _INTRO.match(line)
        if intro is None:  # the grammar's HEADER terminal makes this unreachable for real input
            raise FieldError("HH010", f"not a PokerStars header: {line[:80]!r}", line_no)
        hand_id, id_start, zoom, home = intro["id"], intro.start("id"), bool(intro["zoom"]), bool(intro["home"])
        intro_end = intro.end()
    rest = line[intro_end:]
    # the date starts at ` - `: searching from the run of spaces before the first ` -` finds the
    # same (leftmost) match without trying every position before it
    dash = rest.find(" -")
    when = None
    if dash >= 0:
        while dash and rest[dash - 1] == " ":
            dash -= 1
        when = _when_at(rest, dash)
        if when is None:
            found = _WHEN.search(rest, dash)
            if found is not None:
                when = (
                    found["date"],
                    found["time"],
                    found["tz"],
                    found["et_date"],
                    found["et_time"],
                    found.start(),
                    found.start("date"),
                )
    if when is None:
        raise FieldError(
            "HH010", "header has no date and time (expected ' - YYYY/MM/DD H:MM:SS TZ')", line_no, intro_end + 1
        )
    date, clock, tz, et_date, et_clock, when_start, date_start = when
    if len(hand_id) > MAX_ID_DIGITS:
        raise _beyond("hand number", hand_id, f"at most {MAX_ID_DIGITS} digits", line_no, id_start + 1)
    table = _TABLES.get(table_line)
    if table is None:
        table = _read_table(table_line, line_no)
    name, max_seats, button, play_money = table
    try:
        template, tournament_zoom = _header_template(rest[:when_start], play_money)
    except FieldError as exc:
        raise FieldError(exc.code, str(exc), line_no, expected=exc.expected, actual=exc.actual) from None
    time = _datetime(date, clock)
    time_et = _datetime(et_date, et_clock or "") if et_date else (time if tz == "ET" else None)
    for moment in (time, time_et):
        if moment is not None and not MIN_YEAR <= moment.year <= MAX_YEAR:
            raise _beyond(
                "date",
                f"{moment:%Y/%m/%d}",
                f"a year from {MIN_YEAR} to {MAX_YEAR}",
                line_no,
                intro_end + date_start + 1,
            )
    return msgspec.structs.replace(
        template,
        hand_id=hand_id,
        time=time,
        time_zone=tz,
        time_utc=to_utc(time, tz, time_et, ZONES, "ET"),
        server_time=time_et,
        table=name,
        max_seats=max_seats,
        button_seat=button,
        fast_fold=zoom or tournament_zoom,
        is_home_game=home,
    )


_PLAIN_INTRO: Final = "PokerStars Hand #"
# code points read with ord() beside hhtool.grammar.fields' ZERO_CODE and NINE_CODE (a Final int is inlined)
_CAPITAL_A: Final = 65  # "A"
_CAPITAL_Z: Final = 90  # "Z"
_VISIBLE_FIRST: Final = 33  # "!", the first printable ASCII character after the space
_VISIBLE_LAST: Final = 126  # "~"


def _plain_intro_colon(line: str) -> int:
    """Where the colon of a `PokerStars Hand #<ASCII digits>:` intro is; -1 for any other intro (_INTRO reads it)."""
    if not line.startswith(_PLAIN_INTRO):
        return -1
    end = len(line)
    index = _digit_run_end(line, len(_PLAIN_INTRO), end)
    return index if len(_PLAIN_INTRO) < index < end and line[index] == ":" else -1


# The groups of _WHEN that read_header reads: date, time, zone, server date and time, where the match and the date start
_When = tuple[str, str, "str | None", "str | None", "str | None", int, int]


def _when_at(rest: str, start: int) -> _When | None:
    """What `_WHEN.search(rest, start)` finds, read by index, when it matches at `start` in a shape PokerStars
    prints (` - 2015/07/05 22:32:13 ET`, with ` [2015/07/05 16:32:13 ET]` after it, or without a zone; ASCII
    digits); None for any other text, which the regex reads (each shape accepted here has one reading)."""
    end = len(rest)
    index = start
    while index < end and rest[index] == " ":
        index += 1
    if index == start or index >= end or rest[index] != "-":
        return None
    index += 1
    date_start = index
    while date_start < end and rest[date_start] == " ":
        date_start += 1
    if date_start == index:
        return None
    date_end = _date_end(rest, date_start)
    if date_end < 0 or not _starts_at(rest, " ", date_end) or _starts_at(rest, " -", date_end):
        return None
    time_end = _time_end(rest, date_end + 1, False)
    if time_end < 0:
        return None
    date, clock = rest[date_start:date_end], rest[date_end + 1 : time_end]
    zone: str | None = None
    index = time_end
    if _starts_at(rest, " ", index) and not _starts_at(rest, " [", index):  # a zone: 2 to 5 capitals
        letters = _capitals_end(rest, index + 1)
        if not 2 <= letters - index - 1 <= 5:
            return None
        zone, index = rest[index + 1 : letters], letters
    if index == end:
        return date, clock, zone, None, None, start, date_start
    if not _starts_at(rest, " [", index):
        return None
    et_start = index + 2
    et_date_end = _date_end(rest, et_start)
    if et_date_end < 0 or not _starts_at(rest, " ", et_date_end):
        return None
    et_time_end = _time_end(rest, et_date_end + 1, True)
    if et_time_end < 0:
        return None
    index = et_time_end
    if _starts_at(rest, " ", index):  # the server clock's zone
        index = _capitals_end(rest, index + 1)
        if index == et_time_end + 1:
            return None
    if index + 1 != end or rest[index] != "]":
        return None
    return date, clock, zone, rest[et_start:et_date_end], rest[et_date_end + 1 : et_time_end], start, date_start


def _date_end(text: str, start: int) -> int:
    """The end of `\\d{4}/\\d{1,2}/\\d{1,2}` (ASCII digits) at `start`, -1 if none; the day takes 2 digits when 2 follow."""
    index = start + 4
    if index > len(text) or _digit_run_end(text, start, index) != index or not _starts_at(text, "/", index):
        return -1
    month_end = _digit_run_end(text, index + 1, index + 3)
    if month_end == index + 1 or not _starts_at(text, "/", month_end):
        return -1
    day_end = _digit_run_end(text, month_end + 1, month_end + 3)
    return day_end if day_end > month_end + 1 else -1


def _time_end(text: str, start: int, seconds: bool) -> int:
    """The end of `\\d{1,2}:\\d{2}` and `:\\d{2}` (required when `seconds`, else taken when there) at `start`,
    ASCII digits; -1 if none."""
    hour_end = _digit_run_end(text, start, start + 2)
    if hour_end == start or not _starts_at(text, ":", hour_end):
        return -1
    if _digit_run_end(text, hour_end + 1, hour_end + 3) != hour_end + 3:
        return -1
    index = hour_end + 3
    if _starts_at(text, ":", index):
        return index + 3 if _digit_run_end(text, index + 1, index + 3) == index + 3 else -1
    return -1 if seconds else index


def _digit_run_end(text: str, start: int, limit: int) -> int:
    """Where the run of ASCII digits from `start` ends, looking at most up to `limit`."""
    index, limit = start, min(limit, len(text))
    while index < limit and ZERO_CODE <= ord(text[index]) <= NINE_CODE:
        index += 1
    return index


def _capitals_end(text: str, start: int) -> int:
    """Where the run of A-Z from `start` ends."""
    index, end = start, len(text)
    while index < end and _CAPITAL_A <= ord(text[index]) <= _CAPITAL_Z:
        index += 1
    return index


_TABLES: Final[
    dict[str, tuple[str, int | None, int | None, bool]]
] = {}  # table line → its fields (a session repeats it)


def _read_table(table_line: str, line_no: int) -> tuple[str, int | None, int | None, bool]:
    """`Table '…' 6-max Seat #5 is the button` → name, max seats, button seat, play money; memoised."""
    table = _TABLE.match(table_line)
    if table is None:
        raise FieldError("HH010", f"table line not understood: {table_line[:80]!r}", line_no + 1)
    max_seats, button = table["max"], table["button"]
    fields = (
        table["name"],
        _small_number(max_seats, "N-max", line_no + 1) if max_seats else None,
        _small_number(button, "button seat", line_no + 1) if button else None,
        bool(table["pm"]),
    )
    _remember(_TABLES, table_line, fields)
    return fields


@functools.lru_cache(maxsize=4096)
def _header_template(middle: str, play_money_table: bool) -> tuple[Header, bool]:
    """The header fields that every hand of a table shares, as a Header whose per-hand fields
    read_header fills in (one `replace` instead of building 26 fields), and the tournament's Zoom flag."""
    game = dict(_game_fields(middle, play_money_table))
    tournament_zoom = game.pop("tournament_zoom")
    template = Header(
        site=SITE,
        hand_id="",
        time=None,
        time_zone=None,
        time_utc=None,
        table="",
        max_seats=None,
        button_seat=None,
        **game,
    )
    return template, tournament_zoom


@functools.lru_cache(maxsize=4096)
def _game_fields(middle: str, play_money_table: bool) -> tuple:
    """Game, limit, stakes and tournament fields of a header; the same for every hand of a table."""
    tournament_id = buy_in = club = None
    tournament_zoom = False
    tourney = _TOURNAMENT.match(middle)
    if tourney:
        tournament_id, club, tournament_zoom = tourney["tid"], tourney["club"], bool(tourney["tzoom"])
        if len(tournament_id) > MAX_ID_DIGITS:
            raise _beyond("tournament number", tournament_id, f"at most {MAX_ID_DIGITS} digits", 0)
        split = _GAME_START.search(tourney["rest"])
        if split is None:
            raise FieldError("HH010", f"tournament header names no game: {middle!r}", 0)
        buy_in = tourney["rest"][: split.start()].strip() or None
        middle = tourney["rest"][split.end() :].lstrip()
    elif middle.startswith("{"):
        club, _, middle = middle[1:].partition("} ")
        middle = middle.lstrip()
    game_match = _GAME.match(middle)
    if game_match is None:  # only a line break inside the header could stop `.*?`
        raise FieldError("HH010", f"game not understood: {middle!r}", 0)
    game = game_match["game"].strip()
    stakes = game_match["stakes"] or game_match["tstakes"] or ""
    mixed = None
    if game.startswith("Mixed") and "," in stakes:  # Mixed NLH/PLO (Hold'em No Limit, $0.10/$0.25 USD)
        mixed = game[len("Mixed") :].strip() or "mixed"
        game, _, stakes = stakes.partition(", ")
    elif game.startswith("Mixed") and stakes in _HOLDEM:  # Mixed Hold'em (Hold'em Limit) - Level …
        mixed, game, stakes = game[len("Mixed") :].strip(), stakes, game_match["tstakes"] or ""
    limit = _HOLDEM.get(game)
    if limit is None:
        raise Unsupported(game)
    stake = _STAKES.match(stakes.strip())
    if stake is None:
        raise FieldError("HH010", f"stakes not understood: {stakes!r}", 0)
    code = stake["code"]
    symbol = next((s for s in CURRENCY_SYMBOLS if s in stakes), None)
    play_money = play_money_table or (tournament_id is None and code is None and symbol is None)
    if tournament_id is not None or (code is None and symbol is None):
        currency, scale = "chips", 1
    else:
        currency = code if code in CURRENCY_CODES else CURRENCY_SYMBOLS.get(symbol or "", code or "chips")
        scale = 100
    try:
        small, big = to_minor(stake["small"], scale), to_minor(stake["big"], scale)
        cap = to_minor(stake["cap"], scale) if stake["cap"] else None
    except MoneyError as exc:
        raise FieldError(exc.code, f"header stakes: {exc}", 0) from None
    if limit is _FIXED_LIMIT:  # limit stakes are the small bet / big bet; blinds are half and one small bet
        small_blind = _LIMIT_SMALL_BLINDS.get(small, small // 2) if scale == 100 else small // 2
        small_blind, big_blind, small_bet, big_bet = small_blind, small, small, big
    else:
        small_blind, big_blind, small_bet, big_bet = small, big, big, big
    return tuple(
        dict(
            game="holdem",
            limit=limit,
            small_blind=small_blind,
            big_blind=big_blind,
            small_bet=small_bet,
            big_bet=big_bet,
            currency=currency,
            scale=scale,
            tournament_id=tournament_id,
            buy_in=buy_in,
            level=game_match["level"],
            cap=cap,
            play_money=play_money,
            mixed=mixed,
            club=club,
            tournament_zoom=tournament_zoom,
        ).items()
    )


# Fixed-limit small blinds that are not half the small bet (PokerStars' limit blind schedule, small bet in
# cents → small blind in cents; $15/$30 has blinds $10/$15, so there the big blind is not the small bet either).
_LIMIT_SMALL_BLINDS: Final = {25: 10, 300: 100, 500: 200, 1500: 1000}


def _datetime(date: str, time: str) -> datetime | None:
    """`2009/12/25` and `9:50:09` (or `9:50`) to a naive datetime; None when out of range."""
    try:
        year, month, day = _ymd(date)
        clock = _clock(time)
        if clock >= 0:  # H:MM:SS or H:MM in ASCII digits, read natively (a second per hand)
            return datetime(year, month, day, clock // 3600, clock // 60 % 60, clock % 60)
        hour, minute, *second = map(int, time.split(":"))
        return datetime(year, month, day, hour, minute, second[0] if second else 0)
    except ValueError:
        return None


def _clock(time: str) -> int:
    """`9:50:09` or `9:50` (ASCII digits, two digits after each colon, hour 0-99) → hour * 3600 + minute *
    60 + second, with minute and second 0-59; -1 for any other text (read by int() in _datetime)."""
    end = len(time)
    colon = time.find(":")
    if not 0 < colon <= 2 or (end != colon + 3 and (end != colon + 6 or time[colon + 3] != ":")):
        return -1
    hour = _digits(time, 0, colon)
    minute = _digits(time, colon + 1, colon + 3)
    second = _digits(time, colon + 4, end) if end > colon + 3 else 0
    if hour < 0 or not 0 <= minute <= 59 or not 0 <= second <= 59:
        return -1
    return hour * 3600 + minute * 60 + second


def _digits(text: str, start: int, end: int) -> int:
    """The number written in ASCII digits from `start` to `end` (a non-empty span); -1 if another character."""
    value = 0
    for index in range(start, end):
        code = ord(text[index])
        if not ZERO_CODE <= code <= NINE_CODE:
            return -1
        value = value * 10 + (code - ZERO_CODE)
    return value


@functools.lru_cache(maxsize=1024)
def _ymd(date: str) -> tuple[int, int, int]:
    """`2009/12/25` → (2009, 12, 25); the hands of a session share a few dates."""
    year, month, day = map(int, date.split("/"))
    return year, month, day


def read_seats(tokens: Sequence[LineToken], base: int, scale: int) -> tuple[Seat, ...]:
    """The seat lines of a hand (tokens with `value` and `line`, numbered from `base` + 1), memoised
    by text (a table's seat lines repeat while the stacks stay)."""
    memo = _memos(scale).seats
    seats = []
    for token in tokens:
        text, line_no = token.value, base + token.line
        known = memo.get(text)
        if known is None:
            known = read_seat(text, line_no, scale)
            _remember(memo, text, known)
            seats.append(known)
        else:
            seats.append(_with_line(known, line=line_no))
    return tuple(seats)


def read_seat(text: str, line_no: int, scale: int) -> Seat:
    colon, name_end, stack_end, bounty_end, rest_start = _seat_spans(text)
    if colon < 0:  # what the index reading leaves to the regex
        match = _SEAT.match(text)
        if match is None:
            raise FieldError("HH010", f"seat line not understood: {text[:80]!r}", line_no)
        rest = match["rest"]
        return Seat(
            _small_number(match["seat"], "seat number", line_no),
            match["name"],
            _money(match["stack"], scale, line_no),
            line_no,
            match["bounty"],
            "is sitting out" in rest,
            "out of hand" in rest,
        )
    seat = _digits(text, 5, colon)  # ASCII digits (_seat_spans checked)
    if colon - 5 > 2 or seat > MAX_SEAT:  # (small_number's HH013, with its message)
        seat = _small_number(text[5:colon], "seat number", line_no)
    bounty = text[stack_end + len(" in chips, ") : bounty_end] if bounty_end >= 0 else None
    # positional, in field order: seat, player, stack, line, bounty, sitting_out, out_of_hand
    return Seat(
        seat,
        text[colon + 2 : name_end],
        _money(text[name_end + 2 : stack_end], scale, line_no),
        line_no,
        bounty,
        text.find("is sitting out", rest_start) >= 0,
        text.find("out of hand", rest_start) >= 0,
    )


def _seat_spans(text: str) -> tuple[int, int, int, int, int]:
    """Where the groups `_SEAT.match` finds end, read with `find`: the colon after the seat number, the end
    of the name (its ` (`), the end of the stack (its ` in chips`), the end of the bounty (-1 without one)
    and where the rest starts; the colon is -1 where that reading would not be sure to agree with the regex
    (a seat number in other than ASCII digits): the regex reads those. The name is `.+`, greedy: it ends
    at the last ` (` that the stack and its `in chips` (with a bounty or not) and `)` follow."""
    colon = text.find(": ", 5)
    if colon <= 5 or not text.startswith("Seat ") or _digits(text, 5, colon) < 0:
        return -1, -1, -1, -1, -1
    start = colon + 2
    open_ = text.rfind(" (")
    while open_ > start:  # the name has one character at least
        stack_start = open_ + 2
        chips = text.find(" in chips", stack_start)
        if (
            chips > stack_start
            and text.find("(", stack_start, chips) < 0
            and text.find(")", stack_start, chips) < 0
            and text.find(" ", stack_start, chips) < 0
        ):
            after = chips + len(" in chips")
            if _starts_at(text, ", ", after):  # `, X bounty)`: X the shortest run without parentheses
                close = text.find(" bounty)", after + 2)
                if close >= 0 and text.find("(", after + 2, close) < 0 and text.find(")", after + 2, close) < 0:
                    return colon, open_, chips, close, close + len(" bounty)")
            if _starts_at(text, ")", after):
                return colon, open_, chips, -1, after + 1
        open_ = text.rfind(" (", 0, open_ + 1)
    return -1, -1, -1, -1, -1


# ---------------------------------------------------------------------------------------------
# Body and summary lines

_HOLE_GROUPS: Final = re.compile(r"(?: \[[^\]]*\])+$")
_ALL_IN: Final = " and is all-in"
_STREETS: Final = {"HOLE CARDS": _PREFLOP, "FLOP": _FLOP, "TURN": _TURN, "RIVER": _RIVER, "SHOW DOWN": _SHOWDOWN}
_RUNS: Final = {"FIRST": 1, "SECOND": 2}
_TOTAL: Final = re.compile(
    r"Total pot (?P<total>\S+)(?: Main pot (?P<main>\S+?)\.)?(?P<sides>(?: Side pot(?:-\d+)? \S+?\.)*)"
    r"(?: ?\| Rake (?P<rake>\S+))?"
)
_SIDE: Final = re.compile(r"Side pot(?:-\d+)? (\S+?)\.(?= |$)")
_TAGS: Final = tuple(f"({name})" for name in POSITIONS)
_FOLDED: Final = re.compile(r"folded (?:before Flop|on the (?P<street>Flop|Turn|River))(?P<nobet> \(didn't bet\))?")
_CASHED: Final = (" (pot not awarded as player cashed out)", " (cashed out).", " (cashed out)")
_FOLD_RESULTS: Final = {
    f"folded {where}{nobet}": (street, bool(nobet))
    for where, street in (
        ("before Flop", _PREFLOP),
        ("on the Flop", _FLOP),
        ("on the Turn", _TURN),
        ("on the River", _RIVER),
    )
    for nobet in ("", " (didn't bet)")
}
_SUMMARY_NAME: Final = re.compile(
    r"(.+?)(?= \((?:" + "|".join(map(re.escape, POSITIONS)) + r")\)| folded | showed \["
    r"| mucked| collected \(| won \(| is sitting out)"
)
_RUN_SEPARATOR: Final = re.compile(r", and (?=won \(|collected \(|lost\b)")
# 'won ($X) with …', 'lost with …', and 'collected (X)' (a shown hand that won uncontested)
_OUTCOME: Final = re.compile(r"(?:(?:won|collected) \((?P<amount>[^)]*)\)|lost)(?: with (?P<desc>.*))?$")


class HandReader:
    """Reads the fields of one hand's line tokens into events and claims.

    The seat list is read through `names`, `by_length` and `seat_names`, which mark the line being
    read as name-dependent: `read` memoises a line's event only when reading it did not look at the
    seat list (the same text can name another player at a table with other names).
    """

    def __init__(self, header: Header, seats: tuple[Seat, ...], base_line: int) -> None:
        self.scale = header.scale
        self.base = base_line - 1
        self.memos = _memos(self.scale)
        self.events = self.memos.events
        self.name_dependent = False
        self._seats = seats
        self._names: set[str] | None = None
        self._by_length: list[str] | None = None
        self._seat_names = {seat.seat: seat.player for seat in seats}

    # -- names -----------------------------------------------------------------------------
    @property
    def names(self) -> set[str]:
        self.name_dependent = True
        if self._names is None:
            self._names = {seat.player for seat in self._seats}
        return self._names

    @property
    def by_length(self) -> list[str]:
        """The seated names, longest first (built when a line first needs them)."""
        self.name_dependent = True
        if self._by_length is None:
            self._by_length = sorted(self.names, key=len, reverse=True)
        return self._by_length

    @property
    def seat_names(self) -> dict[int, str]:
        self.name_dependent = True
        return self._seat_names

    def split_colon(self, text: str, verb: str) -> tuple[str, str]:
        """`name: verb …` → (name, `verb …`), the name taken from the seat list when it is there."""
        cut = self.name_end(text, verb)
        return text[:cut], text[cut + 2 :]

    def name_end(self, text: str, verb: str) -> int:
        """Where the name of `name: verb …` ends (`split_colon`'s cut: the name is `text[:cut]` and the verb
        starts at cut + 2), for readers that then read the rest by index, without slicing it off."""
        cut = text.find(": ")
        if cut >= 0 and _starts_at(text, verb, cut + 2) and text.find(": ", cut + 2) < 0:
            # one `: ` and the verb after it: the name ends there whatever the seat list holds
            return cut
        if text[:cut] in self.names and _starts_at(text, verb, cut + 2):
            return cut
        for name in self.by_length:
            if _starts_at(text, verb, len(name) + 2) and text.startswith(name + ": "):
                return len(name)
        return text.rfind(": " + verb)

    def split_space(self, text: str, marker: str) -> tuple[str, str]:
        """`name marker…` → (name, `marker…` without the leading space)."""
        cut = self.name_end_space(text, marker)
        return text[:cut], text[cut + 1 :]

    def name_end_space(self, text: str, marker: str) -> int:
        """Where the name of `name marker…` ends (`split_space`'s cut: the name is `text[:cut]`, the marker
        without its space starts at cut + 1), for readers that read the rest by index."""
        first = text.find(marker)
        if first >= 0 and text.find(marker, first + 1) < 0:  # one marker: the name ends there, whatever the seats
            return first
        for name in self.by_length:
            if _starts_at(text, marker, len(name)) and text.startswith(name):
                return len(name)
        return text.rfind(marker)

    def money(self, text: str, line: int) -> int:
        return _money(text, self.scale, line)

    # -- lines -----------------------------------------------------------------------------
    def body(self, tokens: Sequence[LineToken]) -> list:
        """The events of the body lines; a line read before (same text and kind) comes from the memo."""
        by_kind, base = self.events, self.base  # (called directly, not as bound methods: compiled, a native call)
        events: list[Event] = []
        for token in tokens:
            text, kind = token.value, token.type
            memo = by_kind.get(kind)
            known = memo.get(text) if memo is not None else None
            if known is not None:
                events.append(_with_line(known, line=base + token.line))
            else:
                events.append(self.read(kind, text, base + token.line))
        return events

    def event(self, token: LineToken) -> Event:
        """The event of one body (or summary notice) line, from the memo when its text was read before."""
        memo = self.events.get(token.type)
        known = memo.get(token.value) if memo is not None else None
        if known is not None:
            return _with_line(known, line=self.base + token.line)
        return self.read(token.type, token.value, self.base + token.line)

    def read(self, kind: str, text: str, line: int):
        """Read a line's event; memoise it unless reading it looked at the seat list."""
        self.name_dependent = False
        reader = _READERS.get(kind)
        if reader is None:  # grammar and declarations out of step (tests/test_dialects.py checks they agree)
            raise FieldError("HH010", f"no reader for line kind {kind}", line)
        event = reader(self, text, line)
        if not self.name_dependent:
            self.remember(kind, text, event)
        return event

    def remember(self, kind: str, text: str, event: Event) -> None:
        """Keep a line's event for the next line of the same kind and text (`body` looks it up)."""
        memo = self.events.get(kind)
        if memo is None:
            memo = self.events[kind] = {}
        elif len(memo) >= KIND_MEMO_LINES:
            memo.clear()
        memo[text] = event

    def amount_and_flags_at(self, text: str, start: int, line: int) -> tuple[int, bool, bool]:
        """`1500 and is all-in` from `start` → the amount, all-in, `reached the … cap`; read by index (a
        line's only new string is its amount)."""
        space = text.find(" ", start)
        if space < 0:
            return self.money(text[start:], line), False, False
        return (
            self.money(text[start:space], line),
            text.find("and is all-in", space + 1) >= 0,
            text.find("reached the", space + 1) >= 0,
        )

    def post_fields(self, text: str, line: int, verb: str) -> tuple[str, int, bool]:
        cut = self.name_end(text, "posts ")
        start = cut + 2 + len(verb)
        end = len(text)
        all_in = end - start >= len(_ALL_IN) and text.endswith(_ALL_IN)  # (the text after the verb ends so)
        amount = self.money(text[start : end - len(_ALL_IN)] if all_in else text[start:], line)
        return text[:cut], amount, all_in

    # -- summary ---------------------------------------------------------------------------
    def claims(self, tokens: Sequence[LineToken], summary_line: int) -> tuple[Claims, list[Event]]:
        total = main = rake = None
        sides: tuple[int, ...] = ()
        runs = 1
        boards: list[tuple[str, ...]] = []
        board_lines: list[int] = []
        seats: list[SeatSummary] = []
        notices: list[Event] = []
        total_line = summary_line
        base = self.base
        known_results, seat_names = self.memos.seat_results, self._seat_names
        for token in tokens:
            kind = token.type
            if kind == "SEAT_RESULT":
                known = known_results.get(token.value)  # seat_result's memo, looked up here for the common case
                if known is not None and seat_names.get(known[0]) == known[1]:
                    seats.append(_with_line(known[2], line=base + token.line))
                else:
                    seats.append(self.new_seat_result(token.value, base + token.line))
            elif kind == "TOTAL_POT":
                total_line = base + token.line
                total, main, sides, rake = self.pot_claims(token.value, total_line)
            elif kind == "BOARD":
                boards.append(_cards(token.value))
                board_lines.append(base + token.line)
            elif kind == "RUN_TWICE":
                runs = 2
            else:
                notices.append(self.event(token))
        claims = Claims(total_line, total, main, sides, rake, runs, tuple(boards), tuple(board_lines), tuple(seats))
        return claims, notices

    def pot_claims(self, text: str, line: int) -> tuple[int, int | None, tuple[int, ...], int | None]:
        """`Total pot …` → total, main pot, side pots, rake; memoised by text."""
        known = self.memos.pots.get(text)
        if known is not None:
            return known
        bar = text.find(" | Rake ", len("Total pot "))
        if (
            bar > 0
            and text.startswith("Total pot ")
            and _visible_ascii(text, len("Total pot "), bar)
            and _visible_ascii(text, bar + len(" | Rake "), len(text))
        ):
            # `Total pot X | Rake Y`, the commonest, read by index: what _TOTAL.fullmatch reads from it
            pot, paid = self.money(text[len("Total pot ") : bar], line), self.money(text[bar + len(" | Rake ") :], line)
            _remember(self.memos.pots, text, (pot, None, (), paid))
            return pot, None, (), paid
        match = _TOTAL.fullmatch(text) or _TOTAL.match(text)
        if match is None:  # `Total pot ` cut before its amount
            raise FieldError(
                "HH010",
                f"total pot line not understood: {text[:80]!r}",
                line,
                expected="Total pot <amount> …",
                actual=text[:160],
            )
        total = self.money(match["total"], line)
        main = self.money(match["main"], line) if match["main"] else None
        sides = tuple(self.money(s, line) for s in _SIDE.findall(match["sides"])) if match["sides"] else ()
        rake = self.money(match["rake"], line) if match["rake"] else None
        _remember(self.memos.pots, text, (total, main, sides, rake))
        return total, main, sides, rake

    def seat_result(self, text: str, line: int) -> SeatSummary:
        """A summary seat line; memoised with the seat's name, which is all it reads from the seat list
        (so `_seat_names` is read directly here, without marking the line name-dependent)."""
        known = self.memos.seat_results.get(text)
        if known is not None and self._seat_names.get(known[0]) == known[1]:
            return _with_line(known[2], line=line)
        return self.new_seat_result(text, line)

    def new_seat_result(self, text: str, line: int) -> SeatSummary:
        """`seat_result` for a line its memo does not hold for this seat list (`claims` looked there first)."""
        colon = _index_of(text, ": ", 0)  # (the grammar's SEAT_RESULT has one)
        seat = _digits(text, 5, colon) if 5 < colon <= 7 else -1  # one or two ASCII digits, read natively
        if seat < 0 or seat > MAX_SEAT:
            seat = _small_number(text[5:colon], "seat number", line)
        name = self._seat_names.get(seat)
        self.name_dependent = False
        summary = self._seat_result(text, line, seat, text[colon + 2 :], name)
        if not self.name_dependent:  # it did not look at the rest of the seat list either
            _remember(self.memos.seat_results, text, (seat, name, summary))
        return summary

    def _seat_result(self, text: str, line: int, seat: int, rest: str, name: str | None) -> SeatSummary:
        if name is None or not rest.startswith(name):
            match = _SUMMARY_NAME.match(rest)
            name = match.group(1) if match else rest
        rest = rest[len(name) + 1 :]
        positions: tuple[str, ...] = ()
        while rest.startswith("(") and rest.startswith(_TAGS):  # (the one-character test is native, compiled)
            tag, _, rest = rest.partition(") ")
            positions += (tag[1:],)
        folded = _FOLD_RESULTS.get(rest)
        if folded is not None:  # the common case, a fixed phrase
            return SeatSummary(line, seat, name, positions, "folded", folded[0], folded[1], (), (), False, text)
        cashed_out = False
        if "cashed out" in rest and rest.endswith(_CASHED):  # each of _CASHED says `cashed out`
            for suffix in _CASHED:
                if rest.endswith(suffix):
                    rest, cashed_out = rest[: -len(suffix)], True
                    break
        cards: tuple[str, ...] = ()
        bracket = rest.find("[")
        if bracket >= 0 and rest.find("]", bracket) < 0:
            raise FieldError("HH010", f"summary seat line cut inside its cards: {text[:80]!r}", line)
        if rest.startswith("showed ["):
            close = _index_of(rest, "]", 0)
            cards = tuple(rest[len("showed [") : close].split())
            rest = rest[close + 1 :].removeprefix(" and ")
            if not rest.startswith("folded"):
                result, folded_on, didnt_bet, cards, outcomes = self._outcomes(rest, line, cards)
                return SeatSummary(
                    line, seat, name, positions, result, folded_on, didnt_bet, cards, outcomes, cashed_out, text
                )
        fold = _FOLDED.match(rest) if rest.startswith("folded ") else None  # (_FOLDED starts so)
        if fold:
            return SeatSummary(
                line,
                seat,
                name,
                positions,
                "folded",
                _fold_street(fold),
                bool(fold["nobet"]),
                cards,
                (),
                cashed_out,
                text,
            )
        if rest.startswith("mucked"):
            return SeatSummary(line, seat, name, positions, "mucked", None, False, _cards(rest), (), cashed_out, text)
        word = "collected" if rest.startswith("collected (") else "won" if rest.startswith("won (") else ""
        if word and ")" in rest:
            amount = self.money(rest[len(word) + 2 : _index_of(rest, ")", 0)], line)
            return SeatSummary(
                line, seat, name, positions, word, None, False, cards, (Outcome(True, amount, None),), cashed_out, text
            )
        return SeatSummary(line, seat, name, positions, "other", None, False, cards, (), cashed_out, text)

    def _outcomes(
        self, text: str, line: int, cards: tuple[str, ...]
    ) -> tuple[str, Street | None, bool, tuple[str, ...], tuple[Outcome, ...]]:
        """`won ($X) with …, and lost with …` (one part per run) → result, folded_on, didnt_bet, cards, outcomes."""
        outcomes = self.run_outcomes(text, line)
        if outcomes is None:
            return "other", None, False, cards, ()
        return "showed", None, False, cards, outcomes

    def run_outcomes(self, text: str, line: int) -> tuple[Outcome, ...] | None:
        """`won ($X) with …, and lost with …` → one outcome per run of the board; None when a part is not
        of that shape."""
        outcomes = []
        parts = _RUN_SEPARATOR.split(text) if ", and " in text else (text,)  # a second run starts ", and "
        for part in parts:
            if part == "lost" or part.startswith("lost with "):  # as _OUTCOME reads `lost` and `lost with …`
                outcomes.append(Outcome(False, None, part[len("lost with ") :] if len(part) > len("lost") else None))
                continue
            start = 5 if part.startswith("won (") else 11 if part.startswith("collected (") else 0
            if start:  # `won (X) with …` or `collected (X)`, read by index as _OUTCOME reads it
                close = part.find(")", start)
                if close >= 0 and (close + 1 == len(part) or _starts_at(part, " with ", close + 1)):
                    won = self.money(part[start:close], line)
                    outcomes.append(Outcome(True, won, part[close + 7 :] if close + 1 < len(part) else None))
                    continue
            match = _OUTCOME.match(part)
            if match is None:
                return None
            amount = self.money(match["amount"], line) if match["amount"] is not None else None
            outcomes.append(Outcome(match["amount"] is not None, amount, match["desc"]))
        return tuple(outcomes)


# ---------------------------------------------------------------------------------------------
# The line kinds of grammar/pokerstars.lark, each declared once: its reader (or the section code that
# reads it) and the words that point the lexer at it. Declaration order is hint order.

LINE_KINDS: Final = LineKinds(chat_marker=' said, "', chat_end='"')
_reads = LINE_KINDS.reads
_READERS: Final = LINE_KINDS.readers
LINE_KINDS.declare("HEADER", first=("PokerStars",))  # read_header
LINE_KINDS.declare("TABLE", first=("Table",))  # read_header
LINE_KINDS.declare("SEAT", first=("Seat",))  # read_seats


@_reads("STREET", first=("***",))
def _street(r: HandReader, text: str, line: int) -> Event:
    marker = text[4 : _index_of(text, " ***", 4)]
    street = _STREETS.get(marker)  # a street run once (no _RUNS word leads a _STREETS key)
    if street is not None:
        return StreetStart(line, street, 0, _cards(text))
    first, _, remainder = marker.partition(" ")
    run = _RUNS.get(first, 0)
    street = _STREETS[remainder if run else marker]
    return StreetStart(line, street, run, _cards(text))


LINE_KINDS.declare("SUMMARY", first=("***",))  # opens the summary, read by HandReader.claims
LINE_KINDS.declare("SEAT_RESULT", first=("Seat",))  # HandReader.seat_result


@_reads("DEALT", first=("Dealt",))
def _dealt(r: HandReader, text: str, line: int) -> Event:
    rest = text[len("Dealt to ") :]
    # the longest seated name followed by the card groups (a seated name may itself end in brackets,
    # 'wo_olly [x]'): such a name ends at a ' [', so those are tried from the last one back
    names = r.names
    cut = rest.rfind(" [")
    while cut >= 0:
        if rest[:cut] in names and _card_groups_to_end(rest, cut):
            return DealHole(line, rest[:cut], _cards(rest[cut:]))
        cut = rest.rfind(" [", 0, cut)
    groups = _HOLE_GROUPS.search(rest)
    assert groups is not None  # the grammar's DEALT line ends in card groups
    return DealHole(line, rest[: groups.start()], _cards(groups.group()))


def _index_of(text: str, sub: str, start: int) -> int:
    """`text.index(sub, start)` (ValueError when absent) through find, which compiles to a native call."""
    found = text.find(sub, start)
    return found if found >= 0 else text.index(sub, start)


def _starts_at(text: str, prefix: str, start: int) -> bool:
    """`text.startswith(prefix, start)` for a `start` >= 0, as one native call when compiled (mypyc compiles
    startswith with a start position as a Python method call, find with a start and end natively)."""
    return text.find(prefix, start, start + len(prefix)) == start


def _visible_ascii(text: str, start: int, end: int) -> bool:
    """Whether `text[start:end]` is one or more printable ASCII characters other than a space (so a `\\S+`
    of a regex takes all of it and stops at the space or end after it)."""
    if start >= end:
        return False
    for index in range(start, end):
        code = ord(text[index])
        if not _VISIBLE_FIRST <= code <= _VISIBLE_LAST:
            return False
    return True


def _card_groups_to_end(text: str, start: int) -> bool:
    """Whether `text` from `start` is one card group ` [...]` or more and nothing else (what
    `_HOLE_GROUPS.fullmatch(text, start)` says, read with `find`: a group ends at its first `]`)."""
    end = len(text)
    if start >= end:
        return False
    while start < end:
        if not _starts_at(text, " [", start):
            return False
        close = text.find("]", start + 2)
        if close < 0:
            return False
        start = close + 1
    return True


@_reads("UNCALLED", first=("Uncalled",))
def _uncalled(r: HandReader, text: str, line: int) -> Event:
    start = len("Uncalled bet (")
    close = text.find(") returned to ", start)
    if close < 0:  # (what partition leaves: all of it the amount, no name)
        return ReturnUncalled(line, "", r.money(text[start:], line))
    return ReturnUncalled(line, text[close + len(") returned to ") :], r.money(text[start:close], line))


LINE_KINDS.declare("TOTAL_POT", first=("Total",))  # HandReader.pot_claims
LINE_KINDS.declare("BOARD", first=("Board", "FIRST", "SECOND"))  # HandReader.claims
LINE_KINDS.declare("CANCELLED", first=("Hand",), reader=lambda r, text, line: HandCancelled(line))
LINE_KINDS.declare("RUN_TWICE", first=("Hand",))  # HandReader.claims
LINE_KINDS.declare("CAPPED", first=("Betting",), reader=lambda r, text, line: Notice(line, _BETTING_CAPPED, None, text))
LINE_KINDS.declare("NO_LOW", first=("No",), reader=lambda r, text, line: Notice(line, _NO_LOW_HAND, None, text))


@_reads("POST_SMALL", verbs=("posts",))
def _post_small(r: HandReader, text: str, line: int) -> Event:
    name, amount, all_in = r.post_fields(text, line, "posts small blind ")
    return PostBlind(line, name, _SMALL, amount, all_in)


@_reads("POST_BIG", verbs=("posts",))
def _post_big(r: HandReader, text: str, line: int) -> Event:
    name, amount, all_in = r.post_fields(text, line, "posts big blind ")
    return PostBlind(line, name, _BIG, amount, all_in)


@_reads("POST_ANTE", verbs=("posts",))
def _post_ante(r: HandReader, text: str, line: int) -> Event:
    name, amount, all_in = r.post_fields(text, line, "posts the ante ")
    return PostAnte(line, name, amount, all_in)


@_reads("POST_BOTH", verbs=("posts",))
def _post_both(r: HandReader, text: str, line: int) -> Event:
    name, amount, all_in = r.post_fields(text, line, "posts small & big blinds ")
    return PostBlind(line, name, _SMALL_AND_BIG, amount, all_in)


@_reads("POST_BUTTON", verbs=("posts",))
def _post_button(r: HandReader, text: str, line: int) -> Event:
    name, amount, all_in = r.post_fields(text, line, "posts button blind ")
    return PostBlind(line, name, _BUTTON, amount, all_in)


@_reads("FOLD", verbs=("folds",))
def _fold(r: HandReader, text: str, line: int) -> Event:
    cut = r.name_end(text, "folds")
    return Fold(line, text[:cut], _cards(text, cut + 2))


@_reads("CHECK", verbs=("checks",))
def _check(r: HandReader, text: str, line: int) -> Event:
    return Check(line, text[: r.name_end(text, "checks")])


@_reads("CALL", verbs=("calls",))
def _call(r: HandReader, text: str, line: int) -> Event:
    cut = r.name_end(text, "calls ")
    added, all_in, cap = r.amount_and_flags_at(text, cut + 2 + len("calls "), line)
    return Call(line, text[:cut], added, all_in, cap)


@_reads("BET", verbs=("bets",))
def _bet(r: HandReader, text: str, line: int) -> Event:
    cut = r.name_end(text, "bets ")
    added, all_in, cap = r.amount_and_flags_at(text, cut + 2 + len("bets "), line)
    return Bet(line, text[:cut], added, all_in, cap)


@_reads("RAISE", verbs=("raises",))
def _raise(r: HandReader, text: str, line: int) -> Event:
    cut = r.name_end(text, "raises ")
    start = cut + 2 + len("raises ")
    to_at = text.find(" to ", start)
    # `raises X` without ` to Y`: X runs to the end and the amount after it is empty (as partition leaves it)
    by_end, to_start = (to_at, to_at + len(" to ")) if to_at >= 0 else (len(text), len(text))
    to, all_in, cap = r.amount_and_flags_at(text, to_start, line)
    return RaiseTo(line, text[:cut], r.money(text[start:by_end], line), to, all_in, cap)


@_reads("SHOW", verbs=("shows",))
def _show(r: HandReader, text: str, line: int) -> Event:
    name, rest = r.split_colon(text, "shows ")
    return shown(line, name, rest)


def shown(line: int, name: str, rest: str) -> Show:
    """A show from what follows the player's name, `shows [Ah Kd] (a pair of Kings)`: the cards, and the
    description where one is printed (the sites that print shows as PokerStars does share this)."""
    close = _index_of(rest, "]", 0)
    description = rest[close + 3 : -1] if len(rest) > close + 1 else None
    return Show(line, name, tuple(rest[len("shows [") : close].split()), description)


@_reads("MUCK", verbs=("mucks",))
def _muck(r: HandReader, text: str, line: int) -> Event:
    return Muck(line, r.split_colon(text, "mucks hand")[0], True)


@_reads("NO_SHOW", verbs=("doesn't",))
def _no_show(r: HandReader, text: str, line: int) -> Event:
    return Muck(line, r.split_colon(text, "doesn't show hand")[0], False)


@_reads("COLLECT", markers=(" collected ",))
def _collect(r: HandReader, text: str, line: int) -> Event:
    cut = r.name_end_space(text, " collected ")
    name, start = text[:cut], cut + len(" collected ")
    from_at = text.find(" from ", start)
    amount, pot = (text[start:], "") if from_at < 0 else (text[start:from_at], text[from_at + len(" from ") :])
    if pot == "pot":
        index = None
    elif pot == "main pot":
        index = 0
    else:
        index = _small_number(pot.rpartition("-")[2], "side pot number", line) if "-" in pot else 1
    return Collect(line, name, r.money(amount, line), index)


@_reads("CASH_OUT", markers=(" cashed out the hand",))
def _cash_out(r: HandReader, text: str, line: int) -> Event:
    name, rest = r.split_space(text, " cashed out the hand for ")
    amount, printed, fee = rest[len("cashed out the hand for ") :].partition(" | Cash Out Fee ")
    return CashOut(line, name, r.money(amount, line), r.money(fee, line) if printed else None)


@_reads("REBUY", markers=(" and receives ",))
def _rebuy(r: HandReader, text: str, line: int) -> Event:
    marker = next(m for m in (" re-buys", " adds on", " takes the add-on") if m in text)
    name, rest = r.split_space(text, marker)
    chips, _, paid = rest.partition(" and receives ")[2].partition(" chips")
    return Rebuy(line, name, _money(chips, 1, line), paid.removeprefix(" for ").strip())


def _notice(kind: NoticeKind, name_markers: tuple[str, ...]):
    """The reader of a notice line: its player is the text before the first of `name_markers` found
    (a marker led by a space ends a name, resolved against the seat list when it appears twice)."""

    def read(r: HandReader, text: str, line: int) -> Event:
        player = None
        for marker in name_markers:
            if marker in text:
                player = r.split_space(text, marker)[0] if marker[0] == " " else text[: text.find(marker)]
                break
        return Notice(line, kind, player, text)

    return read


LINE_KINDS.declare("LEAVE", markers=(" leaves the table",), reader=_notice(_LEAVE, (" leaves the table",)))
LINE_KINDS.declare("JOIN", markers=(" joins the table",), reader=_notice(_JOIN, (" joins the table",)))
LINE_KINDS.declare(
    "CONNECTION",
    markers=(" is connected", " is disconnected", " has timed out", " has returned"),
    reader=_notice(_CONNECTION, (" is connected", " is disconnected", " has returned", " has timed out")),
)
LINE_KINDS.declare(
    "SITTING_OUT",
    verbs=("is", "sits"),
    markers=(" is sitting out", " sits out"),
    reader=_notice(_SITTING_OUT, (": is sitting out", ": sits out", " is sitting out", " sits out")),
)
LINE_KINDS.declare(
    "WAIT_BUTTON", markers=(" will be allowed",), reader=_notice(_WAIT_FOR_BUTTON, (" will be allowed",))
)
LINE_KINDS.declare("REMOVED", markers=(" was removed",), reader=_notice(_REMOVED, (" was removed",)))
LINE_KINDS.declare("BOUNTY", markers=(" wins ",), reader=_notice(_BOUNTY, (" wins ",)))
LINE_KINDS.declare(
    "FINISHED",
    markers=(" finished the tournament", " wins the tournament"),
    reader=_notice(_FINISHED, (" finished the tournament", " wins the tournament")),
)
LINE_KINDS.declare("CHAT", chat=True, reader=_notice(_CHAT, (' said, "',)))


def _fold_street(match) -> Street:
    if match is None or match["street"] is None:
        return _PREFLOP
    return Street(match["street"].lower())


def _cards(text: str, start: int = 0) -> tuple[str, ...]:
    """The cards of every `[...]` group of a line from `start`, in order (what `\\[([^\\]]*)\\]` finds in
    `text[start:]`, read with `find`)."""
    start = text.find("[", start)
    if start < 0:  # most lines (folds, street markers before the flop)
        return ()
    close = text.find("]", start + 1)
    if close >= 0 and text.find("[", close + 1) < 0:  # one group (hole cards, a flop, a shown hand)
        return tuple(text[start + 1 : close].split())
    cards: list[str] = []
    while start >= 0:
        close = text.find("]", start + 1)
        if close < 0:
            break
        cards.extend(text[start + 1 : close].split())
        start = text.find("[", close + 1)
    return tuple(cards)


# ---------------------------------------------------------------------------------------------
# A block in, a ParseResult out (the dialect's `reader`)

_GRAMMAR_LABEL: Final = "PokerStars"
_SUMMARY_MARKER: Final = "*** SUMMARY ***"
_HAND_ID: Final = re.compile(r"#\s*([\w-]+)")


def parse(block: Block) -> ParseResult:
    """Parse one PokerStars hand block (hhtool.grammar.parse.parse_sections says what each failure gives)."""
    return parse_sections(block, SITE, _HAND_ID, read_header, parser(), build_hand, _GRAMMAR_LABEL, _SUMMARY_MARKER)


def parser() -> LineParser:
    """The grammar's parser with this dialect's lexer hints (built once per process)."""
    return load_parser("pokerstars", PokerStarsTransformer, LINE_KINDS.hints())


def build_hand(
    block: Block,
    header: Header,
    seat_tokens: Sequence,
    body: Sequence,
    summary: Sequence,
    line_breaks: int,
    reader_type: type[HandReader] | None = None,
) -> Hand:
    """The hand from the grammar's sections, read by `reader_type` (this dialect's HandReader, or a
    sister site's subclass of it)."""
    base = block.line - 1
    seats = read_seats(seat_tokens, base, header.scale)
    reader = (reader_type or HandReader)(header, seats, block.line)
    events = reader.body(body)
    summary_token, *summary_lines = summary
    claims, trailing = reader.claims(summary_lines, base + summary_token.line)
    events.extend(trailing)
    # positional, in field order: header, seats, events, claims, source, lines
    return Hand(header, seats, tuple(events), claims, Source(block.file, block.line, block.column), line_breaks)
