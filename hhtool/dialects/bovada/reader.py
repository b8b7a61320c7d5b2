"""Ignition / Bovada / Bodog reader: the lines of `grammar/bovada.lark` read into hhtool's events and claims.

What is the site's own, and how it is read (the corpus files named are in fpdb-3/bovada-ignition):
- Players are anonymous: each is named by the position label it has in this hand (`Dealer`,
  `Small Blind`, `Big Blind`, `UTG`, `UTG+1` …); the hero's label is followed by `[ME]`, one space
  before it on the seat line and in the summary, two in the 2012-2021 cash action lines
  (`Big Blind  [ME] : Big blind $0.50`), one in the 2021 tournament ones. The player's name is the
  label with one space before `[ME]` (`Big Blind [ME]`).
- Cash headers print no stakes (`Bovada Hand #N TBL#N HOLDEM No Limit - 2016-08-09 12:41:32`): the
  2021 `[MVS]` headers are followed by a `Table Info: … Stakes: $0.25-$0.50` line, which is read;
  without it the blinds are read from the hand's own small and big blind posts (`from_posts`),
  which is why such a hand's blinds cannot be held against its stakes. Tournament headers print the
  level's blinds (`Level 13 (400/800)`); `Normal`/`Turbo` instead of a betting structure are no limit.
- The button is a body line: `Dealer : Set dealer [6]` (`Set dealer/Bring in spot [2]` before 2013); a
  bare `Set dealer` (2016, 2019, 2023 cash) when no seated player is the dealer: a dead button, whose
  rotation is the seat listed before the `Small Blind` (`dealer_seat`).
- Tournaments without `Seating Info:` list the seats in playing order, their numbers no seats: the
  place in the list is the table seat (see `build_hand`).
- MVS tournaments number seats by the player's id (`Seat 146: UTG+3`) and print their table order
  on a `Seating Info: 65, 146, 17, …` line; the table seat is the place in that list (the summary's
  `Seat+N` and `Set dealer [N]` count the same way).
- Amounts: `Calls $X`, `Bets $X` and the one-amount `All-in $X` are chips added; `Raises $X to $Y`
  and `All-in(raise) $X to $Y` print the chips added and the street total (the total is read); the
  pre-August-2012 `Raises X` prints the street total only (file 201208.raise.to.format.change: the
  2012 tournament lines `Raises 800`, `Raises(timeout) 1700`, `Raises 2600`, `Call 900`). An
  `All-in $X` is a bet, a call or a raise by what it adds to the player's street total: the reader
  keeps each player's chips in on the street and the high bet (`_Street`), nothing else.
- A blind or ante that puts a player all-in is not marked (the client has no mark for it): such a
  post is read as all-in when it is the player's whole stack.
- `Showdown [5 cards] (Two pair)` prints the best five, not the hole cards: the show is of the
  cards dealt to the player (`Card dealt to a spot`), or, when the hand printed no deal line for
  that player, of the hole cards its summary line prints (`[Kd Qs-Kh Kd Qs Qd 9h]`).
- `Hand result $X` / `Hand result-Side pot $X` name no pot by number: read as pot-less collects.
- Summary: `Total Pot($X)` with `| Rake ($X)` in some years (Claims.rake None where it is not
  printed: the settlement infers it); seat lines `Seat+N: <label> …` (`Seat N:` in 2012 tournaments).
  Zone Poker's summaries of 2021 (zone-2021/zone_poker.txt) say `lost with One pair [5d 9d]` and
  `Folded before the RIVER` for players who folded before the flop: fold streets other than
  `before the FLOP` / `on the POCKET CARDS` / `on the <street>` are left unknown (None).
Like every reader it checks no poker rule.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime
from itertools import pairwise

import msgspec

from hhtool.codes import finding, message
from hhtool.dialects.street_money import StreetMoney
from hhtool.dialects.textreader import SectionTransformer  # groups the sections
from hhtool.grammar.fields import FieldError, Unsupported
from hhtool.grammar.fields import beyond as _beyond
from hhtool.grammar.fields import money as _money
from hhtool.grammar.fields import small_number as _small_number
from hhtool.grammar.kinds import LineKinds
from hhtool.grammar.lalr import LineParser
from hhtool.grammar.levels import with_posted_level
from hhtool.grammar.loader import load_parser
from hhtool.grammar.parse import parse_sections
from hhtool.grammar.result import ParseResult, Status
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
    StreetStart,
)
from hhtool.model.clock import to_utc
from hhtool.model.limits import MAX_ID_DIGITS, MAX_YEAR, MIN_YEAR
from hhtool.model.money import format_minor

SITE = "bovada"  # also in hhtool.dialects.bovada (the record)
ZONES = {"UTC": "UTC"}  # the only zone the client prints (2021 on); earlier headers print none

# ---------------------------------------------------------------------------------------------
# Header

_INTRO = re.compile(r"\ufeff?(?P<brand>Ignition|Bovada|Bodog(?:\.eu|\.com| UK)?) Hand #(?P<id>\d+):? +")
_WHEN = re.compile(r" ?- (?P<date>\d{4}-\d{2}-\d{2}) (?P<time>\d{1,2}:\d{2}:\d{2})(?: (?P<tz>[A-Z]{2,4}))? *$")
_CASH = re.compile(
    r"(?:TBL#(?P<table>\S+)|Zone Poker ID#(?P<zone>\S+)) +(?P<game>.+?) "
    r"(?P<limit>No Limit|Pot Limit|Fixed Limit)(?: \[(?P<tag>[^\]]*)\])?$"
)
_TOURNAMENT = re.compile(
    r"(?P<game>.+?) Tournament #(?P<tid>[\w-]+) TBL#(?P<table>[\w-]+),? (?P<kind>[^-]*?) ?- ?"
    r"Level (?P<level>\w+) \((?P<small>[^/()]+)/(?P<big>[^/()]+)\)(?: \[(?P<tag>[^\]]*)\])?$"
)
_HOLDEM = ("HOLDEM", "HOLDEMZonePoker")
_LIMITS = {"No Limit": Limit.NO_LIMIT, "Pot Limit": Limit.POT_LIMIT, "Fixed Limit": Limit.FIXED_LIMIT}
# `Table Info: Version: 1, Type: MVS, Stakes: $0.25-$0.50, Table: 000A031E-0[, Buyin: $25+$2.50, TableType: MTT]`
_INFO_STAKES = re.compile(r"Stakes: (?P<small>[^-, ]+)-(?P<big>[^-, ]+)")
_INFO_BUYIN = re.compile(r"Buyin: (?P<buyin>[^,]+)")
_INFO_TABLE = re.compile(r"Table: (?P<table>[^,]+)")


def read_header(line: str, table_line: str, line_no: int) -> Header:
    """The header line (and the `Table Info:` line after it, when there is one); Unsupported for any game
    but Hold'em. Cash blinds that neither prints are 0 here, read from the posts by `build_hand`."""
    intro = _INTRO.match(line)
    if intro is None:  # the grammar's HEADER terminal makes this unreachable for real input
        raise FieldError("HH010", f"not a Bovada header: {line[:80]!r}", line_no)
    rest = line[intro.end() :]
    when = _WHEN.search(rest)
    if when is None:
        raise FieldError(
            "HH010",
            "header has no date and time (expected ' - YYYY-MM-DD HH:MM:SS')",
            line_no,
            intro.end() + 1,
            expected="- YYYY-MM-DD HH:MM:SS",
            actual=rest[-40:],
        )
    if len(intro["id"]) > MAX_ID_DIGITS:
        raise _beyond("hand number", intro["id"], f"at most {MAX_ID_DIGITS} digits", line_no, intro.start("id") + 1)
    time = _datetime(when["date"], when["time"])
    if time is None or not MIN_YEAR <= time.year <= MAX_YEAR:
        raise _beyond(
            "date",
            when["date"],
            f"a valid date, year {MIN_YEAR} to {MAX_YEAR}",
            line_no,
            intro.end() + when.start("date") + 1,
        )
    middle = rest[: when.start()].strip()
    info = table_line if table_line.startswith("Table Info: ") else ""
    tournament = _TOURNAMENT.match(middle)
    cash = None if tournament else _CASH.match(middle)
    match = tournament or cash
    if match is None:
        game = middle.split(" ")[-1] if middle else middle
        if not any(word in middle for word in _HOLDEM):
            raise Unsupported(middle)
        raise FieldError(
            "HH010",
            f"game and table not understood: {middle!r}",
            line_no,
            intro.end() + 1,
            expected="TBL#<table> HOLDEM <limit> or HOLDEM Tournament #<n> TBL#<table>, … Level …",
            actual=game,
        )
    if match["game"] not in _HOLDEM:
        raise Unsupported(match["game"])
    tz = when["tz"]
    info_table = _INFO_TABLE.search(info)  # the MVS table id (`Table: 000A031E-0`), else the header's TBL#
    header = Header(
        site=SITE,
        hand_id=intro["id"],
        game="holdem",
        limit=Limit.NO_LIMIT,
        small_blind=0,
        big_blind=0,
        small_bet=0,
        big_bet=0,
        currency="USD",
        scale=100,
        time=time,
        time_zone=tz,
        time_utc=to_utc(time, tz, None, ZONES, None),
        table=info_table["table"].strip() if info_table else match["table"] or "",
        max_seats=None,
        button_seat=None,
    )
    if tournament is not None:
        limit = _LIMITS.get(tournament["kind"].strip(), Limit.NO_LIMIT)  # `Normal`, `Turbo`: no limit
        buy_in = _INFO_BUYIN.search(info)
        small, big = _money(tournament["small"], 1, line_no), _money(tournament["big"], 1, line_no)
        header = msgspec.structs.replace(
            header,
            currency="chips",
            scale=1,
            tournament_id=tournament["tid"],
            level=tournament["level"],
            buy_in=buy_in["buyin"] if buy_in else None,
        )
        return with_stakes(header, limit, small, big)
    assert cash is not None
    limit = _LIMITS[cash["limit"]]
    if cash["zone"]:
        header = msgspec.structs.replace(header, table=f"Zone Poker {cash['zone']}", fast_fold=True)
    stakes = _INFO_STAKES.search(info)
    if stakes is None:
        return msgspec.structs.replace(header, limit=limit)
    return with_stakes(
        header, limit, _money(stakes["small"], 100, line_no + 1), _money(stakes["big"], 100, line_no + 1)
    )


def with_stakes(header: Header, limit: Limit, small: int, big: int) -> Header:
    """The header with its blinds: a fixed-limit game's small bet is the big blind, its big bet twice that."""
    big_bet = 2 * big if limit is Limit.FIXED_LIMIT else big
    return msgspec.structs.replace(
        header, limit=limit, small_blind=small, big_blind=big, small_bet=big, big_bet=big_bet
    )


def _datetime(date: str, time: str) -> datetime | None:
    try:
        year, month, day = map(int, date.split("-"))
        hour, minute, second = map(int, time.split(":"))
        return datetime(year, month, day, hour, minute, second)
    except ValueError:
        return None


# ---------------------------------------------------------------------------------------------
# Seats

_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[^ ()]+) in chips\) *$")
_ME = re.compile(r" +\[ME\]$")


def label(text: str) -> str:
    """A position label as a player name: one space before the hero's `[ME]`."""
    return _ME.sub(" [ME]", text.strip()) if text.endswith("]") else text.strip()


def read_seats(tokens: Sequence, base: int, scale: int, order: dict[int, int]) -> tuple[Seat, ...]:
    """The seat lines; `order` maps an MVS tournament's seat ids to table seats (`Seating Info:`)."""
    seats = []
    for token in tokens:
        line = base + token.line
        match = _SEAT.match(token.value)
        if match is None:
            raise FieldError(
                "HH010",
                f"seat line not understood: {token.value[:80]!r}",
                line,
                expected="Seat N: <label> (<stack> in chips)",
                actual=token.value[:160],
            )
        number = order.get(int(match["seat"])) if order and len(match["seat"]) < 6 else None
        seat = number if number is not None else _small_number(match["seat"], "seat number", line)
        seats.append(Seat(seat, label(match["name"]), _money(match["stack"], scale, line), line))
    return tuple(seats)


# ---------------------------------------------------------------------------------------------
# Body lines

_CARDS = re.compile(r"\[([^\]]*)\]")
_SEP = " : "
_FOLDED = {
    "before the FLOP": Street.PREFLOP,
    "on the POCKET CARDS": Street.PREFLOP,
    "on the FLOP": Street.FLOP,
    "on the TURN": Street.TURN,
    "on the RIVER": Street.RIVER,
}
_STREETS = {"HOLE CARDS": Street.PREFLOP, "FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}
_NEXT = {Street.PREFLOP: Street.FLOP, Street.FLOP: Street.TURN, Street.TURN: Street.RIVER}
_JOIN_WORDS = ("Enter(Auto)", "Table enter user", "Seat sit down", "Seat re-join", "Re-join")
_LEAVE_WORDS = ("Leave(Auto)", "Table leave user", "Seat stand", "Stand")


def _cards(text: str) -> tuple[str, ...]:
    return tuple(card for group in _CARDS.findall(text) for card in group.split())


def split_label(text: str, names: Sequence[str] = ()) -> tuple[str, str]:
    """`<label> : <action>` → (player name, action without the trailing spaces). A line with one ` : ` is
    cut there; a name that holds ` : ` itself (never a position label; a written test hand's name may) is
    the longest of `names` the line starts with."""
    cut = text.find(_SEP)
    if text.find(_SEP, cut + 1) >= 0:
        for name in names:
            for printed in (name, name[:-5] + "  [ME]") if name.endswith(" [ME]") else (name,):
                if text.startswith(printed) and text.startswith(_SEP, len(printed)):
                    return name, text[len(printed) + len(_SEP) :].rstrip(" ")
    return label(text[:cut]), text[cut + len(_SEP) :].rstrip(" ")


class _Street:
    """The chips each player has in on the current street (`StreetMoney`), the high bet and the stacks
    left: what reading an `All-in $X` (a bet, call or raise by what it adds) and an all-in blind needs."""

    def __init__(self, seats: tuple[Seat, ...]) -> None:
        self.stacks = {seat.player: seat.stack for seat in seats}
        self.money = StreetMoney()
        self.high = 0

    def new_street(self) -> None:
        self.money.new_street()
        self.high = 0

    def put(self, name: str, added: int, live: bool = True) -> int:
        """`name` put `added` chips in; their street total after it."""
        self.stacks[name] = self.stacks.get(name, 0) - added
        if not live:
            return self.money.of(name)
        total = self.money.put(name, added)
        self.high = max(self.high, total)
        return total

    def raise_to(self, name: str, to: int) -> None:
        self.put(name, to - self.money.of(name))

    def empties(self, name: str, added: int) -> bool:
        return name in self.stacks and added >= self.stacks[name]


class BovadaReader:
    """Reads one hand's line tokens into events and claims (composition: no PokerStars class is extended)."""

    def __init__(
        self,
        header: Header,
        seats: tuple[Seat, ...],
        base_line: int,
        summary_cards: dict[str, tuple[str, ...]],
        seat_ids: dict[int, int],
    ) -> None:
        self.scale = header.scale
        self.big_blind = header.big_blind
        self.base = base_line - 1
        self.street = _Street(seats)
        self.phase = Street.PREFLOP
        self.cards_dealt = False  # past `*** HOLE CARDS ***`
        self.board: tuple[str, ...] = ()
        self.dealt: dict[str, tuple[str, ...]] = {}
        self.summary_cards = summary_cards
        self.seat_names = {seat.seat: seat.player for seat in seats}
        self.seat_ids = seat_ids  # a tournament's seat ids → table seats (empty: the numbers are table seats)
        self.by_length = sorted((seat.player for seat in seats), key=len, reverse=True)

    def money(self, text: str, line: int) -> int:
        return _money(text, self.scale, line)

    def split(self, text: str) -> tuple[str, str]:
        """`<label> : <action>`, the name resolved against the seat list when the line holds ` : ` twice."""
        return split_label(text, self.by_length)

    def body(self, tokens: Sequence) -> list[Event]:
        events: list[Event] = []
        for token in tokens:
            line = self.base + token.line
            reader = _READERS.get(token.type)
            if token.type in _READ_BY_BUILD:  # the button and the seat order: header and seat fields
                continue
            if reader is None:  # grammar and declarations out of step (tests check they agree)
                raise FieldError("HH010", f"no reader for line kind {token.type}", line)
            events.append(reader(self, token.value.rstrip(" "), line))
        return events

    # -- summary ---------------------------------------------------------------------------
    def claims(self, tokens: Sequence, summary_line: int) -> tuple[Claims, list[Event]]:
        total = rake = None
        total_line = summary_line
        boards: list[tuple[str, ...]] = []
        board_lines: list[int] = []
        seats: list[SeatSummary] = []
        notices: list[Event] = []
        for token in tokens:
            kind, text, line = token.type, token.value.rstrip(" "), self.base + token.line
            if kind == "TOTAL_POT":
                total_line = line
                total, rake = self.pot_claims(text, line)
            elif kind == "BOARD":
                boards.append(_cards(text))
                board_lines.append(line)
            elif kind == "SEAT_RESULT":
                seats.append(self.seat_result(text, line))
            else:
                notices.append(_chatter(self, text, line))
        return Claims(total_line, total, None, (), rake, 1, tuple(boards), tuple(board_lines), tuple(seats)), notices

    def pot_claims(self, text: str, line: int) -> tuple[int, int | None]:
        """`Total Pot($2) | Rake ($0)` → total and rake (None when the line prints none)."""
        total_text, _, rake_text = text.partition(" | Rake (")
        total = self.money(total_text[len("Total Pot(") : -1], line)
        return total, self.money(rake_text[:-1], line) if rake_text else None

    def seat_result(self, text: str, line: int) -> SeatSummary:
        """`Seat+3: UTG+1 [ME] $219.21 with [Kd Qs-Kh Kd Qs Qd 9h]` and the other summary seat lines."""
        colon = text.find(":")
        number = text[4:colon].strip(" +")
        seat = self.seat_ids.get(int(number), 0) if self.seat_ids and number.isdigit() and len(number) < 6 else 0
        if not seat:
            seat = _small_number(number, "seat number", line) if number.isdigit() else 0
        rest = text[colon + 1 :].strip()
        name = self.seat_names.get(seat)
        if name is not None and rest.startswith(name):
            rest = rest[len(name) :].strip()
        elif name is not None and name.endswith(" [ME]") and rest.startswith(name[:-5]):
            rest = rest[len(name) - 5 :].strip()  # the zone summary leaves the hero's mark out
        else:
            name = rest.split("  ")[0] if name is None else name
        if rest.startswith("Folded"):
            return SeatSummary(
                line, seat, name, (), "folded", _FOLDED.get(rest[len("Folded ") :]), False, (), (), False, text
            )
        if rest.startswith("[Does not show]"):  # a walk whose whole bet came back: nothing collected
            return SeatSummary(line, seat, name, (), "other", None, False, (), (), False, text)
        if rest.startswith("[Mucked]"):  # `Seat 5: Big Blind [Mucked] [Ad 2h]` (2012)
            return SeatSummary(
                line, seat, name, (), "mucked", None, False, _summary_hole(rest[len("[Mucked]") :]), (), False, text
            )
        cards = _summary_hole(rest)
        for word in ("lost with", "lose with"):
            if rest.startswith(word):
                description = rest[len(word) :].partition("[")[0].strip() or None
                return SeatSummary(
                    line,
                    seat,
                    name,
                    (),
                    "showed",
                    None,
                    False,
                    cards,
                    (Outcome(False, None, description),),
                    False,
                    text,
                )
        amount, _, after = rest.partition(" ")
        if amount[:1].isdigit() or amount.startswith("$"):
            after = after.strip()
            if "[Does not show]" in after:
                return SeatSummary(
                    line,
                    seat,
                    name,
                    (),
                    "collected",
                    None,
                    False,
                    (),
                    (Outcome(True, self.money(amount, line), None),),
                    False,
                    text,
                )
            description = after[len("with") :].partition("[")[0].strip() or None if after.startswith("with") else None
            return SeatSummary(
                line,
                seat,
                name,
                (),
                "showed",
                None,
                False,
                cards,
                (Outcome(True, self.money(amount, line), description),),
                False,
                text,
            )
        return SeatSummary(line, seat, name, (), "other", None, False, cards, (), False, text)


def _summary_hole(text: str) -> tuple[str, ...]:
    """The hole cards of a summary seat line: `[Kd Qs-Kh Kd Qs Qd 9h]` → (Kd, Qs); `[5d 9d]` → (5d, 9d)."""
    found = _CARDS.search(text)
    if found is None:
        return ()
    return tuple(found.group(1).partition("-")[0].split())


def summary_hole_cards(
    tokens: Sequence, seat_names: dict[int, str], seat_ids: dict[int, int]
) -> dict[str, tuple[str, ...]]:
    """Player → the hole cards its summary line prints (for a show whose deal line the hand left out)."""
    out: dict[str, tuple[str, ...]] = {}
    for token in tokens:
        if token.type != "SEAT_RESULT" or "[" not in token.value:
            continue
        number = token.value[4 : token.value.find(":")].strip(" +")
        seat = int(number) if number.isdigit() and len(number) < 6 else 0
        name = seat_names.get(seat_ids.get(seat, seat) if seat_ids else seat)
        cards = _summary_hole(token.value)
        if name is not None and len(cards) == 2:
            out[name] = cards
    return out


# ---------------------------------------------------------------------------------------------
# The line kinds of grammar/bovada.lark, each declared once with its reader and hint words.

LINE_KINDS = LineKinds()
_reads = LINE_KINDS.reads
_READERS = LINE_KINDS.readers
LINE_KINDS.declare("HEADER", first=("Ignition", "Bovada", "Bodog", "Bodog.eu", "Bodog.com", "\ufeffBovada"))
LINE_KINDS.declare("TABLE_INFO", first=("Table",))  # read_header
LINE_KINDS.declare("SEAT", first=("Seat",))  # read_seats
LINE_KINDS.declare("SUMMARY", first=("***",))  # opens the summary
LINE_KINDS.declare("TOTAL_POT", first=("Total",))  # BovadaReader.pot_claims
LINE_KINDS.declare("BOARD", first=("Board",))  # BovadaReader.claims
LINE_KINDS.declare(
    "SEAT_RESULT",
    first=(
        "Seat",
        "Seat+1:",
        "Seat+2:",
        "Seat+3:",
        "Seat+4:",
        "Seat+5:",
        "Seat+6:",
        "Seat+7:",
        "Seat+8:",
        "Seat+9:",
        "Seat+10:",
    ),
)


def _notice(r: BovadaReader, text: str, line: int) -> Event:
    return Notice(line, NoticeKind.OTHER, None, text)


LINE_KINDS.declare("SEATING_INFO", first=("Seating",))  # the seat order, read by build_hand
LINE_KINDS.declare("SET_DEALER", first=("Set",), verbs=("Set",))  # the button seat, read by build_hand
LINE_KINDS.declare("PLAYER_INFO", first=("Player",), reader=_notice)  # hashed player ids, per seat
_READ_BY_BUILD = frozenset({"SEATING_INFO", "SET_DEALER"})


def _post_amount(text: str) -> str:
    return text.rpartition(" ")[2]


@_reads("POST_SMALL", verbs=("Small", "Ante/Small"))
def _post_small(r: BovadaReader, text: str, line: int) -> Event:
    return _blind(r, text, line, BlindKind.SMALL)


@_reads("POST_BIG", verbs=("Big",))
def _post_big(r: BovadaReader, text: str, line: int) -> Event:
    return _blind(r, text, line, BlindKind.BIG)


@_reads("POST_CHIP", verbs=("Posts",))
def _post_chip(r: BovadaReader, text: str, line: int) -> Event:
    """`UTG+2 : Posts chip $0.25`: a new or returning player's live post out of position, most often of the
    big blind, sometimes less (`Posts chip $0.10` at $0.10/$0.25, then `Calls $0.15`): a big blind whose
    size the replay takes as posted up to the big blind (`Conventions.short_live_posts`)."""
    return _blind(r, text, line, BlindKind.BIG)


@_reads("POST_DEAD", verbs=("Posts",))
def _post_dead(r: BovadaReader, text: str, line: int) -> Event:
    return _blind(r, text, line, BlindKind.SMALL_AND_BIG)  # small (dead) and big blind together


def _blind(r: BovadaReader, text: str, line: int, kind: BlindKind) -> Event:
    name, action = r.split(text)
    amount = r.money(_post_amount(action), line)
    all_in = r.street.empties(name, amount)
    if kind is BlindKind.SMALL_AND_BIG and amount > r.big_blind:  # the small blind's part is dead
        r.street.put(name, amount - r.big_blind, live=False)
        amount_live = r.big_blind
    else:
        amount_live = amount
    r.street.put(name, amount_live)
    return PostBlind(line, name, kind, amount, all_in)


@_reads("POST_ANTE", verbs=("Ante",))
def _post_ante(r: BovadaReader, text: str, line: int) -> Event:
    name, action = r.split(text)
    amount = r.money(_post_amount(action), line)
    all_in = r.street.empties(name, amount)
    r.street.put(name, amount, live=False)
    return PostAnte(line, name, amount, all_in)


@_reads("DEALT", verbs=("Card",))
def _dealt(r: BovadaReader, text: str, line: int) -> Event:
    name, action = r.split(text)
    cards = _cards(action)
    r.dealt[name] = cards
    return DealHole(line, name, cards)


@_reads("STREET", first=("***",))
def _street(r: BovadaReader, text: str, line: int) -> Event:
    street = _STREETS[text[4 : text.index(" ***", 4)]]
    board = _cards(text)
    if street is not Street.PREFLOP:
        r.street.new_street()
        r.board = board
    r.phase = street
    r.cards_dealt = True
    return StreetStart(line, street, 0, board)


@_reads("TABLE_CARDS", first=("Card",))
def _table_cards(r: BovadaReader, text: str, line: int) -> Event:
    """`Card to the table [Kc Qd Qh]`: a street's board cards without its street line (2012 tournaments)."""
    street = _NEXT.get(r.phase, Street.RIVER)
    r.street.new_street()
    r.board = r.board + _cards(text)
    r.phase = street
    r.cards_dealt = True
    return StreetStart(line, street, 0, r.board)


@_reads("FOLD", verbs=("Folds", "Fold", "Folds(timeout)", "Fold(Blind"))
def _fold(r: BovadaReader, text: str, line: int) -> Event:
    name, action = r.split(text)
    return Fold(line, name, _cards(action) if "& shows" in action else ())


@_reads("CHECK", verbs=("Checks", "Checks(timeout)"))
def _check(r: BovadaReader, text: str, line: int) -> Event:
    return Check(line, r.split(text)[0])


@_reads("CALL", verbs=("Calls", "Call"))
def _call(r: BovadaReader, text: str, line: int) -> Event:
    name, action = r.split(text)
    added = r.money(_post_amount(action), line)
    r.street.put(name, added)
    return Call(line, name, added, False, False)


@_reads("BET", verbs=("Bets", "Double", "bets"))
def _bet(r: BovadaReader, text: str, line: int) -> Event:
    name, action = r.split(text)
    added = r.money(_post_amount(action), line)
    r.street.put(name, added)
    return Bet(line, name, added, False, False)


@_reads("RAISE", verbs=("Raises", "Raises(timeout)"))
def _raise(r: BovadaReader, text: str, line: int) -> Event:
    """`Raises $0.65 to $0.75` (chips added, street total) or, before August 2012, `Raises 800` (the total)."""
    name, action = r.split(text)
    to = r.money(_post_amount(action), line)
    if " to " in action:
        _check_added(r, name, action, to, line)
    r.street.raise_to(name, to)
    return RaiseTo(line, name, None, to, False, False)


def _check_added(r: BovadaReader, name: str, action: str, to: int, line: int) -> None:
    """`Raises $X to $Y`: X is the chips the raise adds to what the player had in on the street (HH227 when
    the two figures disagree: the line contradicts itself, and which figure is right is not known)."""
    added = r.money(action.split(" to ")[0].rpartition(" ")[2], line)
    before = r.street.money.of(name)
    if before + added != to:
        raise FieldError(
            "HH227",
            message("HH227", player=name, added=_shown(r, added), before=_shown(r, before), to=_shown(r, to)),
            line,
            expected=str(to - before),
            actual=str(added),
        )


def _shown(r: BovadaReader, amount: int) -> str:
    return format_minor(amount, r.scale, "$" if r.scale == 100 else "")


@_reads("ALL_IN", verbs=("All-in", "All-in(raise)", "All-in(timeout)", "All-in(raise-timeout)"))
def _all_in(r: BovadaReader, text: str, line: int) -> Event:
    """`All-in(raise) $9.89 to $10.14` is a raise to the total; a one-amount `All-in $X` adds X: a bet on a
    street without one, a call when it does not go over the high bet, else a raise."""
    name, action = r.split(text)
    street = r.street
    if not r.cards_dealt:  # before the hole cards: a blind that puts the player all-in (`Big Blind : All-in $15`)
        amount = r.money(_post_amount(action), line)
        street.put(name, amount)
        kind = BlindKind.SMALL if name.startswith("Small Blind") else BlindKind.BIG
        return PostBlind(line, name, kind, amount, True)
    if " to " in action:
        to = r.money(_post_amount(action), line)
        _check_added(r, name, action, to, line)
        street.raise_to(name, to)
        return RaiseTo(line, name, None, to, True, False)
    added = r.money(_post_amount(action), line)
    before, high = street.money.of(name), street.high
    street.put(name, added)
    if high == 0:
        return Bet(line, name, added, True, False)
    if before + added <= high:
        return Call(line, name, added, True, False)
    return RaiseTo(line, name, None, before + added, True, False)


@_reads("UNCALLED", verbs=("Return",))
def _uncalled(r: BovadaReader, text: str, line: int) -> Event:
    name, action = r.split(text)
    amount = r.money(_post_amount(action), line)
    r.street.put(name, -amount)
    return ReturnUncalled(line, name, amount)


@_reads("RESULT", verbs=("Hand",))
def _result(r: BovadaReader, text: str, line: int) -> Event:
    name, action = r.split(text)
    return Collect(line, name, r.money(_post_amount(action), line), None)


@_reads(
    "SHOWDOWN",
    verbs=(
        "Showdown",
        "Showdown(High",
        "Showdown(One",
        "Showdown(Two",
        "Showdown(Three",
        "Showdown(Straight)",
        "Showdown(Flush)",
        "Showdown(Full",
    ),
)
def _showdown(r: BovadaReader, text: str, line: int) -> Event:
    """`Showdown [Kh Kc 7h 7d Qd] (Two pair)`: the five cards are the best hand; the show is of the hole cards."""
    name, action = r.split(text)
    description = None
    if action.endswith(")") and "(" in action:
        description = action[action.rindex("(") + 1 : -1]
    cards = r.dealt.get(name) or r.summary_cards.get(name, ())
    return Show(line, name, cards, description)


@_reads("NO_SHOW", verbs=("Does",))
def _no_show(r: BovadaReader, text: str, line: int) -> Event:
    """`Does not show [Js Ac]`, and from an uncalled winner `Does not show [Js Ac] Show1 [Js] (Full House)`
    (one card turned up, `Show2 [..]` both): no showdown, the hand's cards are its deal line's."""
    return Muck(line, r.split(text)[0], False)


@_reads("MUCK", verbs=("Mucks",))
def _muck(r: BovadaReader, text: str, line: int) -> Event:
    return Muck(line, r.split(text)[0], True)


@_reads(
    "CHATTER",
    first=("Enter(Auto)", "Leave(Auto)", "Table", "Seat"),
    verbs=(
        "Enter(Auto)",
        "Leave(Auto)",
        "Table",
        "Seat",
        "Sit",
        "Sitout",
        "Re-join",
        "Stand",
        "Ranking",
        "Prize",
        "BOUNTY",
        "Draw",
    ),
)
def _chatter(r: BovadaReader, text: str, line: int) -> Event:
    """Seat and table changes (`Enter(Auto)`, `UTG : Leave(Auto)`, `Table deposit $1.05`, …) and a
    tournament's draw for the first button (`Big Blind [ME] : Draw for dealer [6c]`, one a player, after its
    `Table enter user` lines; the card is no hole card): kept, never replayed. Whether a player was dealt in
    is said by the deal lines, which the site prints for every one."""
    name: str | None = None
    action = text
    if _SEP in text:
        name, action = r.split(text)
    if action.startswith(_JOIN_WORDS):
        kind = NoticeKind.JOIN
    elif action.startswith(_LEAVE_WORDS):
        kind = NoticeKind.LEAVE
    elif action.startswith("Sitout (wait for bb)"):
        kind = NoticeKind.WAIT_FOR_BUTTON
    elif action.startswith(("Seat sit out", "Sit out")):
        kind = NoticeKind.SITTING_OUT  # before the cards: not dealt in (the replay reads it there only)
    elif action.startswith(("Ranking", "Prize Cash")):
        kind = NoticeKind.FINISHED
    elif action.startswith("BOUNTY"):
        kind = NoticeKind.BOUNTY
    else:
        kind = NoticeKind.OTHER
    return Notice(line, kind, name, text)


# ---------------------------------------------------------------------------------------------
# A block in, a ParseResult out (the dialect's `reader`)

_GRAMMAR_LABEL = "Bovada"
_SUMMARY_MARKER = "*** SUMMARY ***"
_HAND_ID = re.compile(r"Hand #(\d+)")


def parser() -> LineParser:
    """The grammar's parser with this dialect's lexer hints (built once per process)."""
    return load_parser("bovada", SectionTransformer, LINE_KINDS.hints())


def parse(block: Block) -> ParseResult:
    """Parse one Bovada hand block (hhtool.grammar.parse.parse_sections says what each failure gives); a
    hand whose streets are not printed is unsupported (HH226); a tournament hand whose posts are all at a
    lower level than its header's takes theirs (`hhtool.grammar.levels`)."""
    result = parse_sections(block, SITE, _HAND_ID, read_header, parser(), build_hand, _GRAMMAR_LABEL, _SUMMARY_MARKER)
    hand = result.hand
    if (
        hand is None
        or not hand.claims.boards
        or len(hand.claims.boards[0]) < 3
        or any(type(event) is StreetStart and event.street is not Street.PREFLOP for event in hand.events)
    ):
        # a tournament header at the next level over the old level's posts (`Level 5 (75/150)`, blinds 50 and
        # 100: tournament/NLHE-9max-USD-3-201204.missing.limit.info.txt): the posts' level, one HH107
        return with_posted_level(result, block.line)
    board = " ".join(hand.claims.boards[0])
    return ParseResult(
        Status.UNSUPPORTED,
        result.file,
        result.line,
        result.site,
        result.hand_id,
        findings=(
            finding(
                "HH226",
                message("HH226", board=board),
                block.file,
                hand.claims.line,
                hand_id=result.hand_id,
                expected="street lines (*** FLOP *** …)",
                actual="none",
            ),
        ),
    )


def build_hand(
    block: Block, header: Header, seat_tokens: Sequence, body: Sequence, summary: Sequence, line_breaks: int
) -> Hand:
    """The hand from the grammar's sections: the seats (in table order when an MVS `Seating Info:` line
    gives it), the button from `Set dealer [N]`, the blinds from the posts when nothing printed the stakes."""
    base = block.line - 1
    order: dict[int, int] = {}
    button = None
    for token in body:
        if token.type == "SEATING_INFO":
            ids = [part.strip() for part in token.value[len("Seating Info:") :].split(",")]
            order = {
                int(seat_id): place for place, seat_id in enumerate(ids, 1) if seat_id.isdigit() and len(seat_id) < 6
            }
        elif token.type == "SET_DEALER" and button is None and token.value.rstrip(" ").endswith("]"):
            value = token.value.rstrip(" ")  # a bare `Set dealer` (a dead button) names no seat: see dealer_seat
            button = _small_number(value[value.rindex("[") + 1 : -1], "button seat", base + token.line)
    numbers = [_SEAT.match(token.value) for token in seat_tokens]
    if not order and header.tournament_id is not None:
        # a tournament without `Seating Info:` (2012-2017 SNG/MTT, 2021 seat ids): the seat lines list the table
        # in playing order (from any seat: the labels run on from it), but their numbers may be no seats (`Seat 7:
        # Small Blind`, `Seat 9: Big Blind`, `Seat 1: UTG`, even `Seat 240: Dealer`): where they do not run in that
        # order the table seat is the place in the list and the button the Dealer's (`Set dealer [9]` then counts
        # seats not known here); where they do (the 2012 files), they and `Set dealer [N]` are table seats
        if not _in_rotation([int(m["seat"]) for m in numbers if m is not None]):
            order = {
                int(m["seat"]): place for place, m in enumerate(numbers, 1) if m is not None and len(m["seat"]) < 6
            }
            button = None
    elif not order and any(m is not None and len(m["seat"]) > 2 for m in numbers):
        # seat ids beyond a table's seats in a cash hand: the same reading
        order = {int(m["seat"]): place for place, m in enumerate(numbers, 1) if m is not None and len(m["seat"]) < 6}
        button = None
    if header.big_blind == 0:
        header = from_posts(header, body, base)
    seats = read_seats(seat_tokens, base, header.scale, order)
    if button is None:
        button = dealer_seat(seats)
    header = msgspec.structs.replace(header, button_seat=button)
    summary_token, *summary_lines = summary
    cards = summary_hole_cards(summary_lines, {seat.seat: seat.player for seat in seats}, order)
    reader = BovadaReader(header, seats, block.line, cards, order)
    events = reader.body(body)
    claims, trailing = reader.claims(summary_lines, base + summary_token.line)
    events.extend(trailing)
    return Hand(
        header=header,
        seats=seats,
        events=tuple(events),
        claims=claims,
        source=Source(block.file, block.line, block.column),
        lines=line_breaks,
    )


def _in_rotation(numbers: list[int]) -> bool:
    """Whether seat numbers listed in playing order are table seats: ascending but for one wrap-around."""
    drops = sum(1 for before, after in pairwise(numbers) if after <= before)
    return len(set(numbers)) == len(numbers) and (drops == 0 or (drops == 1 and numbers[-1] < numbers[0]))


def dealer_seat(seats: tuple[Seat, ...]) -> int | None:
    """The button when no `Set dealer` line says it: the seat of the player labelled `Dealer`, else (a dead
    button) the seat listed before the `Small Blind` (the labels run clockwise from the button)."""
    for index, seat in enumerate(seats):
        if seat.player in ("Dealer", "Dealer [ME]"):
            return seat.seat
    for index, seat in enumerate(seats):
        if seat.player in ("Small Blind", "Small Blind [ME]") and len(seats) > 2:
            return seats[index - 1].seat
    return None


def from_posts(header: Header, body: Sequence, base: int) -> Header:
    """A cash hand whose header prints no stakes: its blinds from its own posts. The big blind is the
    largest `Big blind` post; a big blind posted all-in (`Big Blind : All-in $0.05`) may be short and is
    read only when no full one is posted and it is at least twice the small blind (else the big blind is
    twice the small one). The small blind is the largest `Small Blind` post, else what a `Posts dead
    chip` (small and big together) adds to the big blind, else half the big blind."""
    small = big = all_in_big = dead = 0
    for token in body:
        kind = token.type
        if kind in ("POST_BIG", "POST_SMALL", "POST_DEAD") or (
            kind == "ALL_IN" and token.value.startswith("Big Blind")
        ):
            amount = _money(token.value.rstrip(" ").rpartition(" ")[2], header.scale, base + token.line)
            if kind == "POST_BIG":
                big = max(big, amount)
            elif kind == "POST_SMALL":
                small = max(small, amount)
            elif kind == "POST_DEAD":
                dead = max(dead, amount)
            else:
                all_in_big = max(all_in_big, amount)
        elif kind == "STREET":
            break
    if not big:
        big = all_in_big if small and all_in_big >= 2 * small else 2 * small
    if not small:
        small = dead - big if dead > big else big // 2
    return with_stakes(header, header.limit, small, big)
