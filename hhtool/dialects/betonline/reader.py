"""Chico Poker Network reader (BetOnline, SportsBetting, PayNoRake, TigerGaming; ActionPoker.com and Gear Poker):
the fields of `grammar/betonline.lark`'s lines read into hhtool's events and claims.

Chico writes its hands much as PokerStars does (`name: verb amount`); names are split off at the colon against
the seat list by a plain PokerStars `HandReader` (composition: this module does not subclass it). What is
Chico's own (each seen in fpdb-3/betonline-chico): the header (`Hold'em No Limit ($0.25/0.50)`, a Windows zone
name after the time, `Tournament #N:`; the ActionPoker/Gear skins print neither stakes nor zone), the table line
(`Table 'X' 10-Max, Seat #2 is the button`, `Table X (Play Money) Seat #9 is the button`), seat lines that may
name an empty player and carry a tag (`- Sitting out`, `- The button`), `ante processed`, `post now` (a live big
blind), `post dead B` (a live big blind B and the small blind dead), `raises A to B` (A the chips added, B the
street total) and the skins' `Raises A and is All In.` (A added, no total), `10d` for a ten and upper-case suits
(`QC`), `X shows Qd Ac` without brackets, `Total pot X | Rake Y` lines in the body for the side pots and in the
summary for the main pot (each pot after its share of the rake, the rake the hand's whole), and no collect line
in the body: the summary's `collected (X)` / `won (X)` is the collect. Like every reader it checks no poker rule.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from datetime import datetime

import msgspec

from hhtool.dialects.street_money import StreetMoney
from hhtool.dialects.textreader import HandReader
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

SITE = "betonline"  # also in hhtool.dialects.betonline (the record)

# ---------------------------------------------------------------------------------------------
# Amounts and cards


def money(text: str, scale: int, line: int) -> int:
    """An amount as Chico prints it (`0.50`, `$10.00`, the skins' `2.00.` ending their sentence)."""
    return _money(text.rstrip(".").lstrip("$"), scale, line)


_RANKS = {"10": "T"}


def card(text: str) -> str:
    """`10d` → `Td`, `QC` → `Qc`: Chico's ten and upper-case suits in hhtool's notation (the same card)."""
    rank, suit = text[:-1], text[-1:]
    return _RANKS.get(rank, rank.upper()) + suit.lower()


_GROUPS = re.compile(r"\[([^\]]*)\]")


def cards(text: str) -> tuple[str, ...]:
    """The cards of every `[..]` group of a line, in hhtool's notation."""
    return tuple(card(c) for group in _GROUPS.findall(text) for c in group.split())


# ---------------------------------------------------------------------------------------------
# Header and table line

_HEADER = re.compile(
    r"(?P<skin>BetOnline Poker|PayNoRake|Gear Poker|ActionPoker\.com) Game #(?P<id>\d+): "
    r"(?:Tournament #(?P<tid>\d+): )?(?P<game>.+?)"
    r"(?: \(?(?P<cur>\$?)(?P<small>[\d.,]+)/\$?(?P<big>[\d.,]+)\)?)?"
    r" - (?P<date>\d{4}[/-]\d{1,2}[/-]\d{1,2}) (?P<time>\d{1,2}:\d{2}(?::\d{2})?)(?: (?P<tz>[A-Za-z ]+))?$"
)
# the limit is not printed by the ActionPoker/Gear skins (`Hold'em - 2012-04-03 02:10:06`): their tables are No
# Limit (fpdb's BetOnlineToFpdb.py reads a missing limit so; the corpus hands bet as No Limit does)
_GAMES = {
    "Hold'em No Limit": Limit.NO_LIMIT,
    "Hold'em Pot Limit": Limit.POT_LIMIT,
    "Hold'em Limit": Limit.FIXED_LIMIT,
    "Hold'em": Limit.NO_LIMIT,
}
_TABLE = re.compile(
    r"Table (?:'(?P<quoted>.*)' (?:(?P<max>\d+)-Max, )?|(?P<plain>.+?) (?:\((?P<money>Play|Real) Money\) )?)"
    r"Seat #(?P<button>\d+) is the button$"
)


def read_header(line: str, table_line: str, line_no: int) -> Header:
    """The header and table lines of a Chico hand, tournament chips counted one by one."""
    return read_header_at(line, table_line, line_no, 1)


def read_header_in_cents(line: str, table_line: str, line_no: int) -> Header:
    """As read_header, tournament chips counted in hundredths (a hand that prints `5365.01 in chips`)."""
    return read_header_at(line, table_line, line_no, 100)


def read_header_at(line: str, table_line: str, line_no: int, chip_scale: int) -> Header:
    """The header and table lines of a Chico hand, tournament chips in `chip_scale` units per chip."""
    match = _HEADER.match(line)
    if match is None:
        if re.match(
            r"(?:BetOnline Poker|PayNoRake|Gear Poker|ActionPoker\.com) Game #\d+: (?:Tournament #\d+: )?"
            r"(?!Hold'em)(?P<game>[^-$(]+?)(?: \(| \$| - )",
            line,
        ):
            raise Unsupported(line.split(": ")[-1].split(" - ")[0])
        raise FieldError(
            "HH010",
            f"not a Chico header: {line[:80]!r}",
            line_no,
            expected="<skin> Game #N: Hold'em <limit> (SB/BB) - YYYY/MM/DD HH:MM:SS <zone>",
            actual=line[:160],
        )
    if len(match["id"]) > MAX_ID_DIGITS:
        raise _beyond("hand number", match["id"], f"at most {MAX_ID_DIGITS} digits", line_no, match.start("id") + 1)
    time = _when(match["date"], match["time"])
    if time is None or not MIN_YEAR <= time.year <= MAX_YEAR:
        raise _beyond(
            "date",
            match["date"],
            f"a real day of a year from {MIN_YEAR} to {MAX_YEAR}",
            line_no,
            match.start("date") + 1,
        )
    table = _TABLE.match(table_line)
    if table is None:
        raise FieldError(
            "HH010",
            f"table line not understood: {table_line[:80]!r}",
            line_no + 1,
            expected="Table '<name>' N-Max, Seat #N is the button",
            actual=table_line[:160],
        )
    try:
        template = _template(
            match["skin"],
            match["game"],
            match["tid"],
            match["small"] or "",
            match["big"] or "",
            table["money"] == "Play",
            chip_scale,
        )
    except FieldError as exc:
        raise FieldError(exc.code, str(exc), line_no, expected=exc.expected, actual=exc.actual) from None
    # a seat number beyond hhtool's limit (`Seat #2684684 is the button`, …2011-08.nobuyinfee.txt) is HH013, as at
    # every site: the hand is not read
    button = _small_number(table["button"], "button seat", line_no + 1)
    zone = match["tz"]
    from hhtool.dialects.betonline import ZONES  # the record's conventions: one place for the zones

    return msgspec.structs.replace(
        template,
        hand_id=match["id"],
        time=time,
        time_zone=zone,
        time_utc=to_utc(time, zone, None, ZONES, None),
        table=table["quoted"] if table["quoted"] is not None else table["plain"],
        max_seats=_small_number(table["max"], "N-max", line_no + 1) if table["max"] else None,
        button_seat=button,
    )


def _when(date: str, time: str) -> datetime | None:
    """`2016/04/05` or `2012-04-03`, and `08:08:59` or `14:59` → a naive datetime (None: no such day)."""
    try:
        year, month, day = map(int, re.split(r"[/-]", date))
        hour, minute, *second = map(int, time.split(":"))
        return datetime(year, month, day, hour, minute, second[0] if second else 0)
    except ValueError:
        return None


@functools.lru_cache(maxsize=1024)
def _template(
    skin: str, game: str, tournament_id: str | None, small_text: str, big_text: str, play_money: bool, chip_scale: int
) -> Header:
    """Game, stakes and money of a header, the same for every hand of a table. The skins print no stakes: the
    blinds are then read from the hand's posts (`build_hand`)."""
    limit = _GAMES.get(game)
    if limit is None:
        raise Unsupported(game)
    if (
        tournament_id is not None or play_money
    ):  # printed with cents (`1000.00 in chips`); some hands' chips are in hundredths
        currency, scale = "chips", chip_scale
    else:
        currency, scale = "USD", 100
    # a tournament's header prints a pair that is not the level's blinds (…201603.post.ante.txt: `$40.00/$80.00`
    # over posts of 50 and 100; …2011-08.nobuyinfee.txt: `$10.00/$20.00` over 15 and 30): its blinds, like the
    # skins', are read from the posts (`build_hand`)
    small = money(small_text, scale, 0) if small_text and tournament_id is None else 0
    big = money(big_text, scale, 0) if big_text and tournament_id is None else 0
    if limit is Limit.FIXED_LIMIT:  # `$1/$2` Limit: the small and big bets (fpdb's table of BetOnline's limits)
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
        play_money=play_money,
    )


# ---------------------------------------------------------------------------------------------
# Seats

_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>[^()\s]+) in [Cc]hips\)(?: - (?P<tag>.+))?$")


def read_seats(tokens, base: int, scale: int) -> tuple[Seat, ...]:
    """The seat lines (`Seat 4: Player3 (0.08 in chips) - Sitting out`); a name may be empty (`Seat 4:  (100.00
    in chips)`) and two players may be listed on one seat number: both are kept as printed."""
    seats: list[Seat] = []
    for token in tokens:
        text, line = token.value, base + token.line
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
                match["tag"] == "Sitting out",
                False,
            )
        )
    return tuple(seats)


# ---------------------------------------------------------------------------------------------
# Body and summary

_STREETS = {
    "HOLE CARDS": Street.PREFLOP,
    "FLOP": Street.FLOP,
    "TURN": Street.TURN,
    "RIVER": Street.RIVER,
    "SHOW DOWN": Street.SHOWDOWN,
}
_ALL_IN = re.compile(r" and is [Aa]ll [Ii]n\.?$")
_POT = re.compile(r"Total [Pp]ot (?P<pot>\S+)(?: \| Rake (?P<rake>\S+))?$")
_TAG = re.compile(r"\((?P<tag>Small Blind|Big Blind|Button)\) +")
_FOLDED = {
    "folded before flop": Street.PREFLOP,
    "folded on the flop": Street.FLOP,
    "folded on the turn": Street.TURN,
    "folded on the river": Street.RIVER,
}
_RESULT = re.compile(
    r"(?:showed \[(?P<shown>[^\]]*)\] (?:and (?:(?P<lost>lost)\.?|won \((?P<won>[^)]*)\))|but did not win)"
    r"|collected \((?P<collected>[^)]*)\)(?: from the Pot\.)?"
    r"|mucked \[(?P<mucked>[^\]]*)\])$"
)  # `mucked [..]`: fpdb's BetOnlineToFpdb.py re_ShownCards
_SUMMARY_NAME = re.compile(
    r"(.*?)(?= \((?:Small Blind|Big Blind|Button)\)| [Ff]olded | showed \[| mucked \[| collected \("
    r"| Is Sitting Out)"
)


class ChicoReader:
    """Reads one Chico hand's line tokens into events and claims (names and the seat list through a plain
    PokerStars `HandReader`, `r`)."""

    def __init__(self, header: Header, seats: tuple[Seat, ...], base_line: int) -> None:
        self.r = HandReader(header, seats, base_line)
        self.header = header
        self.scale = header.scale
        self.base = base_line - 1
        self.seat_names: dict[int, str] = {}
        for seat in seats:
            self.seat_names.setdefault(seat.seat, seat.player)
        self.street_money = StreetMoney()
        self.high = 0  # the street's bet to call, as printed (for a raise's size)
        self.side_pots: list[int] = []  # the body's `Total pot X | Rake Y` lines (the side pots, after rake)
        self.pot_lines: list[int] = []
        self.rake: int | None = None
        self.shown: set[str] = set()  # the body's show lines (the 2011 client repeats them in the summary)

    def put(self, player: str, added: int) -> int:
        total = self.street_money.put(player, added)
        self.high = max(self.high, total)
        return total

    def money(self, text: str, line: int) -> int:
        return money(text, self.scale, line)

    def amount(self, text: str, verb: str, line: int) -> tuple[str, str, bool]:
        """`name: <verb> REST[ and is all in]` → name, REST, all-in (the verb matched in either case)."""
        name, rest = (
            self.r.split_colon(text, verb) if f": {verb}" in text else self.r.split_colon(text, verb.capitalize())
        )
        rest = rest[len(verb) :]
        found = _ALL_IN.search(rest)
        return name, (rest[: found.start()] if found else rest), found is not None

    def body(self, tokens) -> list[Event]:
        events: list[Event] = []
        previous = ""
        for token in tokens:
            if token.type == "POT" and token.value == previous:
                continue  # the 2011 client prints a side pot's line twice in a row (…2011-08.nobuyinfee.txt)
            previous = token.value
            events.extend(_READERS[token.type](self, token.value, self.base + token.line))
        return events

    def pot(self, text: str, line: int) -> tuple[int, int | None]:
        match = _POT.match(text)
        if match is None:
            raise FieldError(
                "HH010",
                f"total pot line not understood: {text[:80]!r}",
                line,
                expected="Total pot <amount> | Rake <amount>",
                actual=text[:160],
            )
        return self.money(match["pot"], line), self.money(match["rake"], line) if match["rake"] else None

    def claims(self, tokens, summary_line: int) -> tuple[Claims, list[Event]]:
        """The summary's claims: the pots printed (each after its share of the rake; the rake is the hand's) make
        the total before rake; a repeated pot or board line (fpdb-3/…201108.txt prints both twice) is read once."""
        main = rake = None
        boards: list[tuple[str, ...]] = []
        board_lines: list[int] = []
        seats: list[SeatSummary] = []
        notices: list[Event] = []
        total_line = summary_line
        seen: set[str] = set()
        for token in tokens:
            kind, line, text = token.type, self.base + token.line, token.value
            if (kind in ("POT", "BOARD") and text in seen) or (kind == "SHOW" and text in self.shown):
                continue  # a repeated line (the 2011 client's summary repeats the body's last lines)
            seen.add(text)
            if kind == "SEAT_RESULT":
                seats.extend(self.seat_result(text, line))
            elif kind == "POT":
                total_line = line
                main, rake = self.pot(text, line)
            elif kind == "BOARD":
                boards.append(cards(text))
                board_lines.append(line)
            else:
                notices.extend(_READERS[kind](self, text, line))
        rake = rake if rake is not None else self.rake
        total = None
        if main is not None:
            total = main + sum(self.side_pots) + (rake or 0)
        # the pots each after a share of the rake the text does not print: the total is claimed, the pots are
        # not (the replay spreads the rake by `Conventions.rake_by_pot` and checks each player's collects)
        return Claims(total_line, total, None, (), rake, 1, tuple(boards), tuple(board_lines), tuple(seats)), notices

    def seat_result(self, text: str, line: int) -> list[SeatSummary]:
        """A summary seat line; the skins may glue two on one line (`Seat 8: Player7 (Small Blind) Seat 9: Player8
        (Button)`, fpdb-3/…GearPoker.txt): each is read."""
        colon = text.index(": ")  # the grammar's `Seat N: `
        glued = text.find(" Seat ", colon + 2)  # after the first line's name begins (a player named `Seat 1:`)
        if glued > 0 and re.match(r" Seat \d+: ", text[glued:]):
            return self.seat_result(text[:glued], line) + self.seat_result(text[glued + 1 :], line)
        seat = _small_number(text[5:colon], "seat number", line)
        rest = text[colon + 2 :]
        name = self.seat_names.get(seat)
        if name is None or not (rest.startswith(name + " ") or rest == name):
            match = _SUMMARY_NAME.match(rest)
            name = match.group(1) if match else rest
        rest = rest[len(name) + 1 :]
        positions: tuple[str, ...] = ()
        while True:
            tag = _TAG.match(rest)
            if tag is None:
                break
            positions += (tag["tag"],)
            rest = rest[tag.end() :]
        if rest.endswith(")") and rest.startswith("(") and rest[1:-1] in ("Small Blind", "Big Blind", "Button"):
            positions += (rest[1:-1],)
            rest = ""
        folded = _FOLDED.get(rest.lower())
        if folded is not None:
            return [SeatSummary(line, seat, name, positions, "folded", folded, False, (), (), False, text)]
        if rest == "Is Sitting Out":
            return [SeatSummary(line, seat, name, positions, "sat_out", None, False, (), (), False, text)]
        result = _RESULT.match(rest)
        if result is None:
            return [SeatSummary(line, seat, name, positions, "other", None, False, (), (), False, text)]
        if result["collected"] is not None:
            return [
                SeatSummary(
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
            ]
        if result["mucked"] is not None:
            return [
                SeatSummary(
                    line,
                    seat,
                    name,
                    positions,
                    "mucked",
                    None,
                    False,
                    tuple(card(c) for c in result["mucked"].split()),
                    (),
                    False,
                    text,
                )
            ]
        shown = tuple(card(c) for c in result["shown"].split())
        if len(shown) > 2:  # the skins print a winner's best five, not the hole cards: kept in the text only
            shown = ()
        won = result["won"]
        outcome = Outcome(won is not None, self.money(won, line) if won is not None else None, None)
        return [SeatSummary(line, seat, name, positions, "showed", None, False, shown, (outcome,), False, text)]


# ---------------------------------------------------------------------------------------------
# The line kinds of grammar/betonline.lark, each declared once with its reader and its hint words.

LINE_KINDS = LineKinds()
_READERS = LINE_KINDS.readers
_reads = LINE_KINDS.reads
for _kind, _first in (
    ("HEADER", ("BetOnline", "PayNoRake", "Gear", "ActionPoker.com")),
    ("TABLE", ("Table",)),
    ("SEAT", ("Seat",)),
    ("SUMMARY", ("***",)),
    ("SEAT_RESULT", ("Seat",)),
    ("BOARD", ("Board",)),
):
    LINE_KINDS.declare(_kind, first=_first)  # read by read_header, read_seats and ChicoReader.claims


@_reads("POT", first=("Total",))
def _pot(f: ChicoReader, text: str, line: int) -> list[Event]:
    """A `Total pot X | Rake Y` line before the summary: a side pot, after its share of the rake (fpdb-3/…
    3.way.allin.txt: 1.26 and 2.49 with the rake 0.22 printed on both lines)."""
    pot, rake = f.pot(text, line)
    f.side_pots.append(pot)
    f.pot_lines.append(line)
    if rake is not None:
        f.rake = rake
    return []


@_reads("STREET", first=("***",))
def _street(f: ChicoReader, text: str, line: int) -> list[Event]:
    street = _STREETS[text[4 : text.index(" ***", 4)]]
    if street is not Street.PREFLOP:
        f.street_money.new_street()
        f.high = 0
    return [StreetStart(line, street, 0, cards(text))]


@_reads("DEALT", first=("Dealt",))
def _dealt(f: ChicoReader, text: str, line: int) -> list[Event]:
    rest = text[len("Dealt to ") :]
    cut = rest.rindex(" [")
    held = cards(rest[cut:])
    if not held:  # `Dealt to Player2 []`: the hero's cards not recorded (joined mid-hand, sitting out)
        return [Notice(line, NoticeKind.OTHER, rest[:cut], text)]
    return [DealHole(line, rest[:cut], held)]


@_reads("UNCALLED", first=("Uncalled",))
def _uncalled(f: ChicoReader, text: str, line: int) -> list[Event]:
    amount, _, name = text[len("Uncalled bet (") :].partition(") returned to ")
    return [ReturnUncalled(line, name, f.money(amount, line))]


@_reads("ANTE", markers=(": ante processed ",))
def _ante(f: ChicoReader, text: str, line: int) -> list[Event]:
    """`Player0: ante processed 10.00`; the cash tables print `ante processed 0.00` for every seat (no ante)."""
    name, rest = f.r.split_colon(text, "ante processed ")
    amount = f.money(rest[len("ante processed ") :], line)
    if not amount:
        return [Notice(line, NoticeKind.OTHER, name, text)]
    return [PostAnte(line, name, amount, False)]


def _blind(kind: BlindKind, verb: str):
    def read(f: ChicoReader, text: str, line: int) -> list[Event]:
        name, rest, all_in = f.amount(text, verb, line)
        amount = f.money(rest, line)
        f.put(name, amount)
        return [PostBlind(line, name, kind, amount, all_in)]

    return read


LINE_KINDS.declare(
    "POST_SMALL",
    markers=(": posts small blind ", ": Posts small blind "),
    reader=_blind(BlindKind.SMALL, "posts small blind "),
)
LINE_KINDS.declare(
    "POST_BIG", markers=(": posts big blind ", ": Posts big blind "), reader=_blind(BlindKind.BIG, "posts big blind ")
)
# `Player1: post now 0.50`: a player joining out of the blinds' turn posts a live big blind (fpdb-3/…post.now.txt:
# the pot printed, 47.98 + 2.52 rake, counts each post once, and the posters check their option)
LINE_KINDS.declare("POST_NOW", markers=(": post now ",), reader=_blind(BlindKind.BIG, "post now "))


@_reads("POST_DEAD", markers=(": post dead ",))
def _post_dead(f: ChicoReader, text: str, line: int) -> list[Event]:
    """`Player0: post dead 0.50`: a live big blind and the missed small blind dead (the poster checks the 0.50,
    then calls 1.00 to a 1.50 raise, and the printed pot, 14.83 + 0.78 rake, holds 0.25 more than the lines
    print: fpdb-3/…post.dead.txt); `post dead 0.00`: the dead small blind alone (…201108.txt, hand 900203618:
    the pot holds 0.25 more). The dead part is the table's small blind, which the line does not print."""
    name, rest, all_in = f.amount(text, "post dead ", line)
    live = f.money(rest, line)
    dead = f.header.small_blind
    if not live:  # a missed blind is dead money whole (the model's default for it)
        return [PostBlind(line, name, BlindKind.MISSED, dead, all_in)]
    f.put(name, live)
    # a small & big blind's live part is the big blind by default: the dead part is said only when it is not
    return [
        PostBlind(
            line, name, BlindKind.SMALL_AND_BIG, live + dead, all_in, None if live == f.header.big_blind else dead
        )
    ]


@_reads("FOLD", markers=(": folds", ": Folds"))
def _fold(f: ChicoReader, text: str, line: int) -> list[Event]:
    name, _ = f.r.split_colon(text, "folds" if ": folds" in text else "Folds")
    return [Fold(line, name, ())]


@_reads("CHECK", markers=(": checks", ": Checks"))
def _check(f: ChicoReader, text: str, line: int) -> list[Event]:
    name, _ = f.r.split_colon(text, "checks" if ": checks" in text else "Checks")
    return [Check(line, name)]


@_reads("CALL", markers=(": calls ", ": Calls "))
def _call(f: ChicoReader, text: str, line: int) -> list[Event]:
    name, rest, all_in = f.amount(text, "calls ", line)
    amount = f.money(rest, line)
    f.put(name, amount)
    return [Call(line, name, amount, all_in, False)]


@_reads("BET", markers=(": bets ", ": Bets "))
def _bet(f: ChicoReader, text: str, line: int) -> list[Event]:
    name, rest, all_in = f.amount(text, "bets ", line)
    amount = f.money(rest, line)
    f.put(name, amount)
    return [Bet(line, name, amount, all_in, False)]


@_reads("RAISE", markers=(": raises ", ": Raises "))
def _raise(f: ChicoReader, text: str, line: int) -> list[Event]:
    """`raises 3.25 to 3.50`: 3.25 the chips this action adds, 3.50 the street total; the skins' `Raises 1000.00
    and is All In.` prints the chips added only, and the total is the player's street money plus them. The
    raise size is the total less the street's bet before it (arithmetic on the printed lines, not a rule)."""
    name, rest, all_in = f.amount(text, "raises ", line)
    added_text, _, to_text = rest.partition(" to ")
    added = f.money(added_text, line)
    high = f.high
    total = f.put(name, added)
    raise_to = f.money(to_text, line) if to_text else total
    return [RaiseTo(line, name, raise_to - high, raise_to, all_in, False)]


@_reads("SHOW", markers=(" shows ",))
def _show(f: ChicoReader, text: str, line: int) -> list[Event]:
    """`Player0 shows Qd Ac` (no brackets; an empty name prints ` shows 8h 7s`)."""
    f.shown.add(text)
    name, rest = f.r.split_space(text, " shows ")
    return [Show(line, name, tuple(card(c) for c in rest[len("shows ") :].split()), None)]


def _notice(kind: NoticeKind, marker: str):
    def read(f: ChicoReader, text: str, line: int) -> list[Event]:
        cut = text.find(marker)
        return [Notice(line, kind, text[:cut] if cut >= 0 else None, text)]

    return read


LINE_KINDS.declare("CHAT", markers=(' said "',), chat=True, reader=_notice(NoticeKind.CHAT, ' said "'))
LINE_KINDS.declare("JOIN", markers=(" joins the table at seat #",), reader=_notice(NoticeKind.JOIN, " joins the table"))
LINE_KINDS.declare("LEAVE", markers=(" has left the table",), reader=_notice(NoticeKind.LEAVE, " has left the table"))
# `Joined table during game.  History will only be recorded from the next hand.` (fpdb-3/…2011-08.nobuyinfee.txt)
LINE_KINDS.declare("JOINED_LATE", first=("Joined",), reader=_notice(NoticeKind.OTHER, "\0"))


def _awards(claims: Claims) -> list[Event]:
    """Chico prints no collect line in the body: the summary's `collected (X)` / `won (X)` is the site's word of
    the award, read as the collect it is (at the summary line that says it)."""
    return [
        Collect(seat.line, seat.player, outcome.amount, None)
        for seat in claims.seats
        for outcome in seat.outcomes
        if outcome.won and outcome.amount
    ]


_LATER = (Street.FLOP, Street.TURN, Street.RIVER)


def _run_out(events: list[Event], claims: Claims) -> list[Event]:
    """Chico prints no street line for the cards dealt once every player still in is all-in (…3.way.allin.txt:
    `*** SHOW DOWN ***` after the flop, `Board [5d Ad 4h 5c 9s]`): the summary's board is then the site's only
    word of them, read as those streets, before the showdown. The cards are not changed:
    a board that disagrees with the streets printed is the replay's to report (HH307)."""
    if not claims.boards:
        return events
    board = claims.boards[0]
    dealt = [e for e in events if type(e) is StreetStart and e.street in _LATER]
    printed = dealt[-1].board if dealt else ()
    if len(board) <= len(printed) or board[: len(printed)] != printed:
        return events
    cut = next(
        (
            i
            for i, e in enumerate(events)
            if (type(e) is StreetStart and e.street is Street.SHOWDOWN) or type(e) is Show
        ),
        len(events),
    )
    # at the showdown's line, where the cards are turned (else the Board line): events stay in line order
    line = events[cut].line if cut < len(events) else claims.board_lines[0]
    added: list[Event] = [
        StreetStart(line, street, 0, board[:upto])
        for street, upto in zip(_LATER, (3, 4, 5))
        if len(printed) < upto <= len(board)
    ]
    return events[:cut] + added + events[cut:]


def _stakes(header: Header, events: Sequence[Event]) -> Header:
    """The skins print no stakes, a tournament's header no blinds: the small and big blinds are the amounts posted
    as such (none posted: 0)."""
    small = next((e.amount for e in events if type(e) is PostBlind and e.blind is BlindKind.SMALL), 0)
    big = next((e.amount for e in events if type(e) is PostBlind and e.blind is BlindKind.BIG), 0)
    if header.limit is Limit.FIXED_LIMIT:  # the small and big bets: one and two big blinds
        return msgspec.structs.replace(header, small_blind=small, big_blind=big, small_bet=big, big_bet=2 * big)
    return msgspec.structs.replace(header, small_blind=small, big_blind=big, small_bet=big, big_bet=big)


def build_hand(
    block: Block, header: Header, seat_tokens: Sequence, body: Sequence, summary: Sequence, line_breaks: int
) -> Hand:
    """The hand from the grammar's sections."""
    base = block.line - 1
    seats = read_seats(seat_tokens, base, header.scale)
    reader = ChicoReader(header, seats, block.line)
    events = reader.body(body)
    if not header.big_blind:
        header = _stakes(header, events)
    summary_token, *summary_lines = summary
    claims, trailing = reader.claims(summary_lines, base + summary_token.line)
    events = _run_out(events, claims)
    events.extend(sorted(_awards(claims) + trailing, key=lambda event: event.line))
    return Hand(
        header=header,
        seats=seats,
        events=tuple(events),
        claims=claims,
        source=Source(block.file, block.line, block.column),
        lines=line_breaks,
        conventions_variant=_variant(block.text),
    )


def _variant(text: str) -> str:
    """The conventions variant a hand's header names: the ActionPoker/Gear skins number seats counter-clockwise
    (the record's `COUNTER_CLOCKWISE`), BetOnline and PayNoRake clockwise (the site's own conventions)."""
    from hhtool.dialects.betonline import COUNTER_CLOCKWISE, COUNTER_CLOCKWISE_SKINS  # the record: one place

    return COUNTER_CLOCKWISE if text.lstrip("\ufeff").startswith(COUNTER_CLOCKWISE_SKINS) else ""
