"""What the PokerStars-family text readers share: the sections, seats, cards, dates, amounts and the
action lines that GGPoker, Winamax, Full Tilt, WPN, Chico, Bovada, 888 and PokerStars print alike.

A site's reader module subclasses `HandReader` with its own line kinds (`LineKinds`) and summary
(PokerStars' is one such subclass, `hhtool.dialects.pokerstars.reader.PokerStarsHandReader`), or holds a
plain `HandReader` for its names and amounts; the line readers below (`read_fold`, `read_call` …) are
declared by each site for the kinds it prints in this shape. Nothing here names a site: a change here
changes every site that reads through it, and a change in a site's package changes that site only (as
PokerKit's `REParser` holds what its site parsers share). Like every reader it checks no poker rule.

This module is compiled with mypyc (hhtool/compiled.py): typed, and the `Final` aliases are speed idioms.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import Any, Final, TypeVar

import msgspec
from lark import Transformer

from hhtool.grammar.fields import NINE_CODE, ZERO_CODE, FieldError
from hhtool.grammar.fields import money as _money
from hhtool.grammar.fields import small_number as _small_number
from hhtool.grammar.lalr import LineToken
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
)
from hhtool.model.limits import MAX_SEAT

# Enum members as module constants: an enum class's attribute look-up goes through EnumType.__getattr__
# (~10x a global's), and they are named per event.
_BIG: Final = BlindKind.BIG
_BUTTON: Final = BlindKind.BUTTON
_SMALL: Final = BlindKind.SMALL
_FLOP: Final = Street.FLOP
_PREFLOP: Final = Street.PREFLOP
_RIVER: Final = Street.RIVER
_TURN: Final = Street.TURN

_Read = TypeVar("_Read")
LineReader = Callable[..., Any]  # (hand reader, line text, line number) -> event (hhtool.grammar.kinds.Reader)


def game_table(
    holdem: Mapping[str, Limit], games: Mapping[str, str], limits: Mapping[str, Limit], between: str = " "
) -> dict[str, tuple[str, Limit]]:
    """A header's game words -> (`Header.game`, limit): the Hold'em words as they are, and each of `games`' words
    (-> its `Header.game`) followed by each betting structure's (`limits`), `between` them. PokerStars and GG
    print their Omaha games so (`Omaha Hi/Lo Pot Limit`, `PLO-5`): one way of building both sites' tables."""
    table = {words: ("holdem", limit) for words, limit in holdem.items()}
    for game, name in games.items():
        for limit_words, limit in limits.items():
            table[f"{game}{between}{limit_words}" if limit_words else game] = (name, limit)
    return table


def first_words(table: Mapping[str, _Read]) -> dict[_Read, str]:
    """A reader's table of words -> what they read as, backwards for its writer: for each reading, the first
    words that read so (a writer writes the words its reader lists first, e.g. `5 Card Omaha` of PokerStars'
    two spellings)."""
    return {read: words for words, read in reversed(list(table.items()))}


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


class Memos:
    """The line memos of one scale."""

    __slots__ = ("events", "pots", "seat_results", "seats")

    def __init__(self) -> None:
        self.seats: dict[str, Seat] = {}
        # line kind → text → event (one dict per kind: a memo entry is the event itself, no tuple to allocate
        # and for the garbage collector to count, and the kind need not be compared)
        self.events: dict[str, dict[str, Event]] = {}
        self.seat_results: dict[str, tuple[int, str | None, SeatSummary]] = {}  # text → (seat, its name, summary)
        self.pots: dict[str, tuple] = {}  # `Total pot …` text → (total, main, sides, rake)


MEMOS: Final[dict[int, Memos]] = {}
with_line: Final = msgspec.structs.replace  # (Final: compiled, a static, not a look-up in the module dict)


def memos_of(scale: int) -> Memos:
    memos = MEMOS.get(scale)
    if memos is None:
        memos = MEMOS[scale] = Memos()
    return memos


def memoise(memo: dict, text: str, value) -> None:
    if len(memo) >= MEMO_LINES:
        memo.clear()
    memo[text] = value


class SectionTransformer(Transformer):
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
# The table and seat lines: `Table '…' 6-max Seat #5 is the button`, `Seat 3: name (1500 in chips)`

TABLE: Final = re.compile(
    r"Table '(?P<name>.*)'(?: (?P<max>\d+)-max)?(?: \((?P<pm>Play Money)\))?(?: Seat #(?P<button>\d+) is the button)?$"
)
SEAT: Final = re.compile(
    r"Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[^ ()]+) in chips(?:, (?P<bounty>[^()]*?) bounty)?\)"
    r"(?P<rest>.*)$"
)


TABLE_LINES: Final[
    dict[str, tuple[str, int | None, int | None, bool]]
] = {}  # table line → its fields (a session repeats it)


def read_table(table_line: str, line_no: int) -> tuple[str, int | None, int | None, bool]:
    """`Table '…' 6-max Seat #5 is the button` → name, max seats, button seat, play money; memoised."""
    table = TABLE.match(table_line)
    if table is None:
        raise FieldError("HH010", f"table line not understood: {table_line[:80]!r}", line_no + 1)
    max_seats, button = table["max"], table["button"]
    fields = (
        table["name"],
        _small_number(max_seats, "N-max", line_no + 1) if max_seats else None,
        _small_number(button, "button seat", line_no + 1) if button else None,
        bool(table["pm"]),
    )
    memoise(TABLE_LINES, table_line, fields)
    return fields


# ---------------------------------------------------------------------------------------------
# Dates and numbers read by index


def naive_datetime(date: str, time: str) -> datetime | None:
    """`2009/12/25` and `9:50:09` (or `9:50`) to a naive datetime; None when out of range."""
    try:
        year, month, day = year_month_day(date)
        clock = clock_seconds(time)
        if clock >= 0:  # H:MM:SS or H:MM in ASCII digits, read natively (a second per hand)
            return datetime(year, month, day, clock // 3600, clock // 60 % 60, clock % 60)
        hour, minute, *second = map(int, time.split(":"))
        return datetime(year, month, day, hour, minute, second[0] if second else 0)
    except ValueError:
        return None


def clock_seconds(time: str) -> int:
    """`9:50:09` or `9:50` (ASCII digits, two digits after each colon, hour 0-99) → hour * 3600 + minute *
    60 + second, with minute and second 0-59; -1 for any other text (read by int() in naive_datetime)."""
    end = len(time)
    colon = time.find(":")
    if not 0 < colon <= 2 or (end != colon + 3 and (end != colon + 6 or time[colon + 3] != ":")):
        return -1
    hour = digits_value(time, 0, colon)
    minute = digits_value(time, colon + 1, colon + 3)
    second = digits_value(time, colon + 4, end) if end > colon + 3 else 0
    if hour < 0 or not 0 <= minute <= 59 or not 0 <= second <= 59:
        return -1
    return hour * 3600 + minute * 60 + second


def digits_value(text: str, start: int, end: int) -> int:
    """The number written in ASCII digits from `start` to `end` (a non-empty span); -1 if another character."""
    value = 0
    for index in range(start, end):
        code = ord(text[index])
        if not ZERO_CODE <= code <= NINE_CODE:
            return -1
        value = value * 10 + (code - ZERO_CODE)
    return value


@functools.lru_cache(maxsize=1024)
def year_month_day(date: str) -> tuple[int, int, int]:
    """`2009/12/25` → (2009, 12, 25); the hands of a session share a few dates."""
    year, month, day = map(int, date.split("/"))
    return year, month, day


def read_seats(tokens: Sequence[LineToken], base: int, scale: int) -> tuple[Seat, ...]:
    """The seat lines of a hand (tokens with `value` and `line`, numbered from `base` + 1), memoised
    by text (a table's seat lines repeat while the stacks stay)."""
    memo = memos_of(scale).seats
    seats = []
    for token in tokens:
        text, line_no = token.value, base + token.line
        known = memo.get(text)
        if known is None:
            known = read_seat(text, line_no, scale)
            memoise(memo, text, known)
            seats.append(known)
        else:
            seats.append(with_line(known, line=line_no))
    return tuple(seats)


def read_seat(text: str, line_no: int, scale: int) -> Seat:
    colon, name_end, stack_end, bounty_end, rest_start = seat_spans(text)
    if colon < 0:  # what the index reading leaves to the regex
        match = SEAT.match(text)
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
    seat = digits_value(text, 5, colon)  # ASCII digits (seat_spans checked)
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


def seat_spans(text: str) -> tuple[int, int, int, int, int]:
    """Where the groups `SEAT.match` finds end, read with `find`: the colon after the seat number, the end
    of the name (its ` (`), the end of the stack (its ` in chips`), the end of the bounty (-1 without one)
    and where the rest starts; the colon is -1 where that reading would not be sure to agree with the regex
    (a seat number in other than ASCII digits): the regex reads those. The name is `.+`, greedy: it ends
    at the last ` (` that the stack and its `in chips` (with a bounty or not) and `)` follow."""
    colon = text.find(": ", 5)
    if colon <= 5 or not text.startswith("Seat ") or digits_value(text, 5, colon) < 0:
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
            if starts_at(text, ", ", after):  # `, X bounty)`: X the shortest run without parentheses
                close = text.find(" bounty)", after + 2)
                if close >= 0 and text.find("(", after + 2, close) < 0 and text.find(")", after + 2, close) < 0:
                    return colon, open_, chips, close, close + len(" bounty)")
            if starts_at(text, ")", after):
                return colon, open_, chips, -1, after + 1
        open_ = text.rfind(" (", 0, open_ + 1)
    return -1, -1, -1, -1, -1


# ---------------------------------------------------------------------------------------------
# Body and summary line shapes

HOLE_GROUPS: Final = re.compile(r"(?: \[[^\]]*\])+$")
ALL_IN: Final = " and is all-in"

FOLDED: Final = re.compile(r"folded (?:before Flop|on the (?P<street>Flop|Turn|River))(?P<nobet> \(didn't bet\))?")

FOLD_RESULTS: Final = {
    f"folded {where}{nobet}": (street, bool(nobet))
    for where, street in (
        ("before Flop", _PREFLOP),
        ("on the Flop", _FLOP),
        ("on the Turn", _TURN),
        ("on the River", _RIVER),
    )
    for nobet in ("", " (didn't bet)")
}

RUN_SEPARATOR: Final = re.compile(r", and (?=won \(|collected \(|lost\b)")
# 'won ($X) with …', 'lost with …', and 'collected (X)' (a shown hand that won uncontested)
OUTCOME: Final = re.compile(r"(?:(?:won|collected) \((?P<amount>[^)]*)\)|lost)(?: with (?P<desc>.*))?$")


def fold_street(match) -> Street:
    if match is None or match["street"] is None:
        return _PREFLOP
    return Street(match["street"].lower())


def bracketed_cards(text: str, start: int = 0) -> tuple[str, ...]:
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


class HandReader:
    """Reads the fields of one hand's line tokens into events and claims: a site's subclass gives its line
    readers (`readers`, its `LineKinds.readers`) and reads its summary (`claims`); a plain HandReader (no
    readers) reads names and amounts for a site reader that holds one.

    The seat list is read through `names`, `by_length` and `seat_names`, which mark the line being
    read as name-dependent: `read` memoises a line's event only when reading it did not look at the
    seat list (the same text can name another player at a table with other names).
    """

    def __init__(
        self, header: Header, seats: tuple[Seat, ...], base_line: int, readers: dict[str, LineReader] | None = None
    ) -> None:
        self.readers: dict[str, LineReader] = readers if readers is not None else {}
        self.scale = header.scale
        self.base = base_line - 1
        self.memos = memos_of(self.scale)
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
        if cut >= 0 and starts_at(text, verb, cut + 2) and text.find(": ", cut + 2) < 0:
            # one `: ` and the verb after it: the name ends there whatever the seat list holds
            return cut
        if text[:cut] in self.names and starts_at(text, verb, cut + 2):
            return cut
        for name in self.by_length:
            if starts_at(text, verb, len(name) + 2) and text.startswith(name + ": "):
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
            if starts_at(text, marker, len(name)) and text.startswith(name):
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
                events.append(with_line(known, line=base + token.line))
            else:
                events.append(self.read(kind, text, base + token.line))
        return events

    def event(self, token: LineToken) -> Event:
        """The event of one body (or summary notice) line, from the memo when its text was read before."""
        memo = self.events.get(token.type)
        known = memo.get(token.value) if memo is not None else None
        if known is not None:
            return with_line(known, line=self.base + token.line)
        return self.read(token.type, token.value, self.base + token.line)

    def read(self, kind: str, text: str, line: int):
        """Read a line's event; memoise it unless reading it looked at the seat list."""
        self.name_dependent = False
        reader = self.readers.get(kind)
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
        all_in = end - start >= len(ALL_IN) and text.endswith(ALL_IN)  # (the text after the verb ends so)
        amount = self.money(text[start : end - len(ALL_IN)] if all_in else text[start:], line)
        return text[:cut], amount, all_in

    # -- summary ---------------------------------------------------------------------------
    def claims(self, tokens: Sequence[LineToken], summary_line: int) -> tuple[Claims, list[Event]]:
        """The summary's claims and the notices among its lines: each site reads its own summary."""
        raise NotImplementedError(f"{type(self).__name__} reads no summary")

    def run_outcomes(self, text: str, line: int) -> tuple[Outcome, ...] | None:
        """`won ($X) with …, and lost with …` → one outcome per run of the board; None when a part is not
        of that shape."""
        outcomes = []
        parts = RUN_SEPARATOR.split(text) if ", and " in text else (text,)  # a second run starts ", and "
        for part in parts:
            if part == "lost" or part.startswith("lost with "):  # as OUTCOME reads `lost` and `lost with …`
                outcomes.append(Outcome(False, None, part[len("lost with ") :] if len(part) > len("lost") else None))
                continue
            start = 5 if part.startswith("won (") else 11 if part.startswith("collected (") else 0
            if start:  # `won (X) with …` or `collected (X)`, read by index as OUTCOME reads it
                close = part.find(")", start)
                if close >= 0 and (close + 1 == len(part) or starts_at(part, " with ", close + 1)):
                    won = self.money(part[start:close], line)
                    outcomes.append(Outcome(True, won, part[close + 7 :] if close + 1 < len(part) else None))
                    continue
            match = OUTCOME.match(part)
            if match is None:
                return None
            amount = self.money(match["amount"], line) if match["amount"] is not None else None
            outcomes.append(Outcome(match["amount"] is not None, amount, match["desc"]))
        return tuple(outcomes)


# ---------------------------------------------------------------------------------------------
# The action lines the family prints alike: each site declares these readers for its kinds


def read_dealt(r: HandReader, text: str, line: int) -> Event:
    rest = text[len("Dealt to ") :]
    # the longest seated name followed by the card groups (a seated name may itself end in brackets,
    # 'wo_olly [x]'): such a name ends at a ' [', so those are tried from the last one back
    names = r.names
    cut = rest.rfind(" [")
    while cut >= 0:
        if rest[:cut] in names and card_groups_to_end(rest, cut):
            return DealHole(line, rest[:cut], bracketed_cards(rest[cut:]))
        cut = rest.rfind(" [", 0, cut)
    groups = HOLE_GROUPS.search(rest)
    assert groups is not None  # the grammar's DEALT line ends in card groups
    return DealHole(line, rest[: groups.start()], bracketed_cards(groups.group()))


def index_of(text: str, sub: str, start: int) -> int:
    """`text.index(sub, start)` (ValueError when absent) through find, which compiles to a native call."""
    found = text.find(sub, start)
    return found if found >= 0 else text.index(sub, start)


def starts_at(text: str, prefix: str, start: int) -> bool:
    """`text.startswith(prefix, start)` for a `start` >= 0, as one native call when compiled (mypyc compiles
    startswith with a start position as a Python method call, find with a start and end natively)."""
    return text.find(prefix, start, start + len(prefix)) == start


def card_groups_to_end(text: str, start: int) -> bool:
    """Whether `text` from `start` is one card group ` [...]` or more and nothing else (what
    `HOLE_GROUPS.fullmatch(text, start)` says, read with `find`: a group ends at its first `]`)."""
    end = len(text)
    if start >= end:
        return False
    while start < end:
        if not starts_at(text, " [", start):
            return False
        close = text.find("]", start + 2)
        if close < 0:
            return False
        start = close + 1
    return True


def read_uncalled(r: HandReader, text: str, line: int) -> Event:
    start = len("Uncalled bet (")
    close = text.find(") returned to ", start)
    if close < 0:  # (what partition leaves: all of it the amount, no name)
        return ReturnUncalled(line, "", r.money(text[start:], line))
    return ReturnUncalled(line, text[close + len(") returned to ") :], r.money(text[start:close], line))


def read_post_small(r: HandReader, text: str, line: int) -> Event:
    name, amount, all_in = r.post_fields(text, line, "posts small blind ")
    return PostBlind(line, name, _SMALL, amount, all_in)


def read_post_big(r: HandReader, text: str, line: int) -> Event:
    name, amount, all_in = r.post_fields(text, line, "posts big blind ")
    return PostBlind(line, name, _BIG, amount, all_in)


def read_post_ante(r: HandReader, text: str, line: int) -> Event:
    name, amount, all_in = r.post_fields(text, line, "posts the ante ")
    return PostAnte(line, name, amount, all_in)


def read_post_button(r: HandReader, text: str, line: int) -> Event:
    name, amount, all_in = r.post_fields(text, line, "posts button blind ")
    return PostBlind(line, name, _BUTTON, amount, all_in)


def read_fold(r: HandReader, text: str, line: int) -> Event:
    cut = r.name_end(text, "folds")
    return Fold(line, text[:cut], bracketed_cards(text, cut + 2))


def read_check(r: HandReader, text: str, line: int) -> Event:
    return Check(line, text[: r.name_end(text, "checks")])


def read_call(r: HandReader, text: str, line: int) -> Event:
    cut = r.name_end(text, "calls ")
    added, all_in, cap = r.amount_and_flags_at(text, cut + 2 + len("calls "), line)
    return Call(line, text[:cut], added, all_in, cap)


def read_bet(r: HandReader, text: str, line: int) -> Event:
    cut = r.name_end(text, "bets ")
    added, all_in, cap = r.amount_and_flags_at(text, cut + 2 + len("bets "), line)
    return Bet(line, text[:cut], added, all_in, cap)


def read_raise(r: HandReader, text: str, line: int) -> Event:
    cut = r.name_end(text, "raises ")
    start = cut + 2 + len("raises ")
    to_at = text.find(" to ", start)
    # `raises X` without ` to Y`: X runs to the end and the amount after it is empty (as partition leaves it)
    by_end, to_start = (to_at, to_at + len(" to ")) if to_at >= 0 else (len(text), len(text))
    to, all_in, cap = r.amount_and_flags_at(text, to_start, line)
    return RaiseTo(line, text[:cut], r.money(text[start:by_end], line), to, all_in, cap)


def read_show(r: HandReader, text: str, line: int) -> Event:
    name, rest = r.split_colon(text, "shows ")
    return shown(line, name, rest)


def shown(line: int, name: str, rest: str) -> Show:
    """A show from what follows the player's name, `shows [Ah Kd] (a pair of Kings)`: the cards, and the
    description where one is printed (the sites that print shows as PokerStars does share this)."""
    close = index_of(rest, "]", 0)
    description = rest[close + 3 : -1] if len(rest) > close + 1 else None
    return Show(line, name, tuple(rest[len("shows [") : close].split()), description)


def read_collect(r: HandReader, text: str, line: int) -> Event:
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


# ---------------------------------------------------------------------------------------------
# The sections in, a Hand out


def build_hand(
    block: Block,
    header: Header,
    seat_tokens: Sequence,
    body: Sequence,
    summary: Sequence,
    line_breaks: int,
    reader_type: type[HandReader],
) -> Hand:
    """The hand from the grammar's sections, read by `reader_type` (the site's subclass of HandReader)."""
    base = block.line - 1
    seats = read_seats(seat_tokens, base, header.scale)
    reader = reader_type(header, seats, block.line)
    events = reader.body(body)
    summary_token, *summary_lines = summary
    claims, trailing = reader.claims(summary_lines, base + summary_token.line)
    events.extend(trailing)
    # positional, in field order: header, seats, events, claims, source, lines
    return Hand(header, seats, tuple(events), claims, Source(block.file, block.line, block.column), line_breaks)
