"""PokerStars dialect: the Transformer for `grammar/pokerstars.lark` and the reading of line fields.

The grammar decides what kind each line is and where it may stand; this module reads what is PokerStars'
own (the header, the summary, the line kinds it declares) into the events of `hhtool.model`, and the
line shapes the PokerStars family shares (seats, actions, cards, dates) through
`hhtool.dialects.textreader`, whose `HandReader` `PokerStarsHandReader` subclasses as the other sites'
readers do. It checks no poker rule: an impossible amount is still read as written, for the replay to judge.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import Final

import msgspec

from hhtool.dialects.pokerstars import SITE
from hhtool.dialects.pokerstars.conventions import POSITIONS, ZONES
from hhtool.dialects.textreader import (
    FOLD_RESULTS,
    FOLDED,
    TABLE_LINES,
    HandReader,
    SectionTransformer,
    bracketed_cards,
    digits_value,
    fold_street,
    game_table,
    index_of,
    memoise,
    naive_datetime,
    read_bet,
    read_call,
    read_check,
    read_collect,
    read_dealt,
    read_fold,
    read_post_ante,
    read_post_big,
    read_post_button,
    read_post_small,
    read_raise,
    read_show,
    read_table,
    read_uncalled,
    starts_at,
    with_line,
)
from hhtool.dialects.textreader import build_hand as _build_hand
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
    BlindKind,
    CashOut,
    Claims,
    Event,
    Hand,
    HandCancelled,
    Header,
    Limit,
    Muck,
    Notice,
    NoticeKind,
    Outcome,
    PostBlind,
    Rebuy,
    Seat,
    SeatSummary,
    Street,
    StreetStart,
)
from hhtool.model.clock import to_utc
from hhtool.model.limits import MAX_ID_DIGITS, MAX_SEAT, MAX_YEAR, MIN_YEAR
from hhtool.model.money import CURRENCY_CODES, CURRENCY_SYMBOLS, MoneyError, to_minor

# Enum members as module constants: an enum class's attribute look-up goes through EnumType.__getattr__
# (~10x a global's), and they are named per event.
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
_GAME_START: Final = re.compile(r"(?:^| )(?=(?:{})\b)".format("|".join(re.escape(g) for g in _GAME_NAMES)))
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
# Omaha as PokerStars' clients print it (fpdb-3's PokerStarsToFpdb game map: the `N Card Omaha` and
# `Omaha N Cards` forms, `Omaha Hi/Lo` and `5 Card Omaha Hi/Lo`: hhsmithy/pokerstars-cash's OmahaHiLo files,
# fpdb-3/pokerstars/non-holdem-samples' PLO8 and 5.Card.Omaha.Hi-Lo), with each betting structure a header may
# name. `6 Card Omaha Hi/Lo` (in fpdb-3's map, in no corpus file) and `Courchevel Hi/Lo` stay unsupported.
_OMAHA_WORDS: Final = {
    "Omaha": "omaha",
    "5 Card Omaha": "omaha5",
    "Omaha 5 Cards": "omaha5",
    "6 Card Omaha": "omaha6",
    "Omaha 6 Cards": "omaha6",
    "Omaha Hi/Lo": "omaha_hilo",
    "5 Card Omaha Hi/Lo": "omaha5_hilo",
}
_LIMIT_WORDS: Final = {
    "No Limit": _NO_LIMIT,
    "Pot Limit": _POT_LIMIT,
    "Limit": _FIXED_LIMIT,
    "Fixed Limit": _FIXED_LIMIT,
    "Pot Limit Pre-Flop, No Limit Post-Flop": _POT_LIMIT_PREFLOP,
}
# header game words -> (Header.game, limit)
_GAMES: Final = game_table(_HOLDEM, _OMAHA_WORDS, _LIMIT_WORDS)
_STAKES: Final = re.compile(r"(?P<small>[^/ ]+)/(?P<big>[^/ ]+)(?: - (?P<cap>\S+) Cap -)?(?: +(?P<code>[A-Z]{3}))?$")


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
    table = TABLE_LINES.get(table_line)
    if table is None:
        table = read_table(table_line, line_no)
    name, max_seats, button, play_money = table
    try:
        template, tournament_zoom = _header_template(rest[:when_start], play_money)
    except FieldError as exc:
        raise FieldError(exc.code, str(exc), line_no, expected=exc.expected, actual=exc.actual) from None
    time = naive_datetime(date, clock)
    time_et = naive_datetime(et_date, et_clock or "") if et_date else (time if tz == "ET" else None)
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
    if date_end < 0 or not starts_at(rest, " ", date_end) or starts_at(rest, " -", date_end):
        return None
    time_end = _time_end(rest, date_end + 1, False)
    if time_end < 0:
        return None
    date, clock = rest[date_start:date_end], rest[date_end + 1 : time_end]
    zone: str | None = None
    index = time_end
    if starts_at(rest, " ", index) and not starts_at(rest, " [", index):  # a zone: 2 to 5 capitals
        letters = _capitals_end(rest, index + 1)
        if not 2 <= letters - index - 1 <= 5:
            return None
        zone, index = rest[index + 1 : letters], letters
    if index == end:
        return date, clock, zone, None, None, start, date_start
    if not starts_at(rest, " [", index):
        return None
    et_start = index + 2
    et_date_end = _date_end(rest, et_start)
    if et_date_end < 0 or not starts_at(rest, " ", et_date_end):
        return None
    et_time_end = _time_end(rest, et_date_end + 1, True)
    if et_time_end < 0:
        return None
    index = et_time_end
    if starts_at(rest, " ", index):  # the server clock's zone
        index = _capitals_end(rest, index + 1)
        if index == et_time_end + 1:
            return None
    if index + 1 != end or rest[index] != "]":
        return None
    return date, clock, zone, rest[et_start:et_date_end], rest[et_date_end + 1 : et_time_end], start, date_start


def _date_end(text: str, start: int) -> int:
    """The end of `\\d{4}/\\d{1,2}/\\d{1,2}` (ASCII digits) at `start`, -1 if none; the day takes 2 digits when 2 follow."""
    index = start + 4
    if index > len(text) or _digit_run_end(text, start, index) != index or not starts_at(text, "/", index):
        return -1
    month_end = _digit_run_end(text, index + 1, index + 3)
    if month_end == index + 1 or not starts_at(text, "/", month_end):
        return -1
    day_end = _digit_run_end(text, month_end + 1, month_end + 3)
    return day_end if day_end > month_end + 1 else -1


def _time_end(text: str, start: int, seconds: bool) -> int:
    """The end of `\\d{1,2}:\\d{2}` and `:\\d{2}` (required when `seconds`, else taken when there) at `start`,
    ASCII digits; -1 if none."""
    hour_end = _digit_run_end(text, start, start + 2)
    if hour_end == start or not starts_at(text, ":", hour_end):
        return -1
    if _digit_run_end(text, hour_end + 1, hour_end + 3) != hour_end + 3:
        return -1
    index = hour_end + 3
    if starts_at(text, ":", index):
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
    elif game.startswith("Mixed") and stakes in _GAMES:  # Mixed Hold'em (Hold'em Limit) - Level …
        mixed, game, stakes = game[len("Mixed") :].strip(), stakes, game_match["tstakes"] or ""
    known = _GAMES.get(game)
    if known is None:
        raise Unsupported(game)
    variant, limit = known
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
        big_blind, small_bet, big_bet = small, small, big
    else:
        small_blind, big_blind, small_bet, big_bet = small, big, big, big
    return tuple(
        dict(
            game=variant,
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


# ---------------------------------------------------------------------------------------------
# Body and summary lines

_STREETS: Final = {"HOLE CARDS": _PREFLOP, "FLOP": _FLOP, "TURN": _TURN, "RIVER": _RIVER, "SHOW DOWN": _SHOWDOWN}
_RUNS: Final = {"FIRST": 1, "SECOND": 2}
_TOTAL: Final = re.compile(
    r"Total pot (?P<total>\S+)(?: Main pot (?P<main>\S+?)\.)?(?P<sides>(?: Side pot(?:-\d+)? \S+?\.)*)"
    r"(?: ?\| Rake (?P<rake>\S+))?"
)
_SIDE: Final = re.compile(r"Side pot(?:-\d+)? (\S+?)\.(?= |$)")
_TAGS: Final = tuple(f"({name})" for name in POSITIONS)
_CASHED: Final = (" (pot not awarded as player cashed out)", " (cashed out).", " (cashed out)")
_SUMMARY_NAME: Final = re.compile(
    r"(.+?)(?= \((?:" + "|".join(map(re.escape, POSITIONS)) + r")\)| folded | showed \["
    r"| mucked| collected \(| won \(| is sitting out)"
)


class PokerStarsHandReader(HandReader):
    """HandReader with PokerStars' line kinds (LINE_KINDS below) and summary."""

    def __init__(self, header: Header, seats: tuple[Seat, ...], base_line: int) -> None:
        super().__init__(header, seats, base_line, _READERS)

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
                    seats.append(with_line(known[2], line=base + token.line))
                else:
                    seats.append(self.new_seat_result(token.value, base + token.line))
            elif kind == "TOTAL_POT":
                total_line = base + token.line
                total, main, sides, rake = self.pot_claims(token.value, total_line)
            elif kind == "BOARD":
                boards.append(bracketed_cards(token.value))
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
            memoise(self.memos.pots, text, (pot, None, (), paid))
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
        memoise(self.memos.pots, text, (total, main, sides, rake))
        return total, main, sides, rake

    def seat_result(self, text: str, line: int) -> SeatSummary:
        """A summary seat line; memoised with the seat's name, which is all it reads from the seat list
        (so `_seat_names` is read directly here, without marking the line name-dependent)."""
        known = self.memos.seat_results.get(text)
        if known is not None and self._seat_names.get(known[0]) == known[1]:
            return with_line(known[2], line=line)
        return self.new_seat_result(text, line)

    def new_seat_result(self, text: str, line: int) -> SeatSummary:
        """`seat_result` for a line its memo does not hold for this seat list (`claims` looked there first)."""
        colon = index_of(text, ": ", 0)  # (the grammar's SEAT_RESULT has one)
        seat = digits_value(text, 5, colon) if 5 < colon <= 7 else -1  # one or two ASCII digits, read natively
        if seat < 0 or seat > MAX_SEAT:
            seat = _small_number(text[5:colon], "seat number", line)
        name = self._seat_names.get(seat)
        self.name_dependent = False
        summary = self._seat_result(text, line, seat, text[colon + 2 :], name)
        if not self.name_dependent:  # it did not look at the rest of the seat list either
            memoise(self.memos.seat_results, text, (seat, name, summary))
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
        folded = FOLD_RESULTS.get(rest)
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
            close = index_of(rest, "]", 0)
            cards = tuple(rest[len("showed [") : close].split())
            rest = rest[close + 1 :].removeprefix(" and ")
            if not rest.startswith("folded"):
                result, folded_on, didnt_bet, cards, outcomes = self._outcomes(rest, line, cards)
                return SeatSummary(
                    line, seat, name, positions, result, folded_on, didnt_bet, cards, outcomes, cashed_out, text
                )
        fold = FOLDED.match(rest) if rest.startswith("folded ") else None  # (FOLDED starts so)
        if fold:
            return SeatSummary(
                line,
                seat,
                name,
                positions,
                "folded",
                fold_street(fold),
                bool(fold["nobet"]),
                cards,
                (),
                cashed_out,
                text,
            )
        if rest.startswith("mucked"):
            return SeatSummary(
                line, seat, name, positions, "mucked", None, False, bracketed_cards(rest), (), cashed_out, text
            )
        word = "collected" if rest.startswith("collected (") else "won" if rest.startswith("won (") else ""
        if word and ")" in rest:
            amount = self.money(rest[len(word) + 2 : index_of(rest, ")", 0)], line)
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
    marker = text[4 : index_of(text, " ***", 4)]
    street = _STREETS.get(marker)  # a street run once (no _RUNS word leads a _STREETS key)
    if street is not None:
        return StreetStart(line, street, 0, bracketed_cards(text))
    first, _, remainder = marker.partition(" ")
    run = _RUNS.get(first, 0)
    street = _STREETS[remainder if run else marker]
    return StreetStart(line, street, run, bracketed_cards(text))


LINE_KINDS.declare("SUMMARY", first=("***",))  # opens the summary, read by PokerStarsHandReader.claims
LINE_KINDS.declare("SEAT_RESULT", first=("Seat",))  # PokerStarsHandReader.seat_result


LINE_KINDS.declare("DEALT", first=("Dealt",), reader=read_dealt)
LINE_KINDS.declare("UNCALLED", first=("Uncalled",), reader=read_uncalled)


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


LINE_KINDS.declare("TOTAL_POT", first=("Total",))  # PokerStarsHandReader.pot_claims
LINE_KINDS.declare("BOARD", first=("Board", "FIRST", "SECOND"))  # PokerStarsHandReader.claims
LINE_KINDS.declare("CANCELLED", first=("Hand",), reader=lambda r, text, line: HandCancelled(line))
LINE_KINDS.declare("RUN_TWICE", first=("Hand",))  # PokerStarsHandReader.claims
LINE_KINDS.declare("CAPPED", first=("Betting",), reader=lambda r, text, line: Notice(line, _BETTING_CAPPED, None, text))
LINE_KINDS.declare("NO_LOW", first=("No",), reader=lambda r, text, line: Notice(line, _NO_LOW_HAND, None, text))
LINE_KINDS.declare("POST_SMALL", verbs=("posts",), reader=read_post_small)
LINE_KINDS.declare("POST_BIG", verbs=("posts",), reader=read_post_big)
LINE_KINDS.declare("POST_ANTE", verbs=("posts",), reader=read_post_ante)


@_reads("POST_BOTH", verbs=("posts",))
def _post_both(r: HandReader, text: str, line: int) -> Event:
    name, amount, all_in = r.post_fields(text, line, "posts small & big blinds ")
    return PostBlind(line, name, _SMALL_AND_BIG, amount, all_in)


LINE_KINDS.declare("POST_BUTTON", verbs=("posts",), reader=read_post_button)
LINE_KINDS.declare("FOLD", verbs=("folds",), reader=read_fold)
LINE_KINDS.declare("CHECK", verbs=("checks",), reader=read_check)
LINE_KINDS.declare("CALL", verbs=("calls",), reader=read_call)
LINE_KINDS.declare("BET", verbs=("bets",), reader=read_bet)
LINE_KINDS.declare("RAISE", verbs=("raises",), reader=read_raise)
LINE_KINDS.declare("SHOW", verbs=("shows",), reader=read_show)


@_reads("MUCK", verbs=("mucks",))
def _muck(r: HandReader, text: str, line: int) -> Event:
    return Muck(line, r.split_colon(text, "mucks hand")[0], True)


@_reads("NO_SHOW", verbs=("doesn't",))
def _no_show(r: HandReader, text: str, line: int) -> Event:
    return Muck(line, r.split_colon(text, "doesn't show hand")[0], False)


LINE_KINDS.declare("COLLECT", markers=(" collected ",), reader=read_collect)


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
    return load_parser("pokerstars", SectionTransformer, LINE_KINDS.hints())


def build_hand(
    block: Block, header: Header, seat_tokens: Sequence, body: Sequence, summary: Sequence, line_breaks: int
) -> Hand:
    """The hand from the grammar's sections, read by PokerStarsHandReader."""
    return _build_hand(block, header, seat_tokens, body, summary, line_breaks, PokerStarsHandReader)
