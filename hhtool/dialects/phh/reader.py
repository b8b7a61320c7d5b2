"""PHH reader: one hand of the Poker Hand History format (a `.phh` file, or a `[N]` section of a `.phhs`
file) read with `tomllib` into hhtool's neutral model. Like every reader it checks no poker rule: it
maps the fields, and what cannot be read is a finding (HH040 bad TOML, HH041 a field of the wrong
shape, HH012/HH013 an amount), never an exception.

Field names and meanings follow PokerKit's `notation.HandHistory` (the reference implementation of the
PHH standard): `variant`, `antes`, `blinds_or_straddles`, `min_bet` (`small_bet`/`big_bet` in fixed
limit), `starting_stacks`, `actions`, and the optional `players`, `seats`, `seat_count`, `table`,
`hand`, `currency`/`currency_symbol`, `time`/`time_zone`/`time_zone_abbreviation`/`day`/`month`/`year`,
`finishing_stacks`, `winnings`. Players are listed from the seat left of the button (the small blind)
round to the button (the last one); heads-up, as PokerKit plays it, the first player posts the big blind
(`blinds_or_straddles[1]`) and the second, the button, the small blind.
"""

from __future__ import annotations

import bisect
import hashlib
import re
import tomllib
from dataclasses import dataclass
from datetime import date, datetime, time
from decimal import Decimal
from typing import Any

from hhtool.codes import HH020, finding
from hhtool.dialects.phh import DIALECT, TIME_ZONES
from hhtool.dialects.street_money import StreetMoney
from hhtool.grammar.fields import FieldError, Unsupported, beyond
from hhtool.grammar.parse import hand_id as search_hand_id
from hhtool.grammar.parse import oversized, unparsed
from hhtool.grammar.result import ParseResult, Status
from hhtool.io.limits import TomlLimit, check_toml
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
    EVCashout,
    Event,
    Fold,
    Hand,
    Header,
    Ledger,
    Limit,
    Muck,
    PostAnte,
    PostBlind,
    RaiseTo,
    Seat,
    Show,
    Source,
    Street,
    StreetStart,
)
from hhtool.model.clock import to_utc
from hhtool.model.limits import MAX_MINOR, MAX_SEAT, MAX_YEAR, MIN_YEAR
from hhtool.model.money import CHIPS, CURRENCY_CODES

SITE = "phh"
conventions = DIALECT.conventions
VARIANTS = {
    "NT": ("holdem", Limit.NO_LIMIT),
    "PT": ("holdem", Limit.POT_LIMIT),
    "FT": ("holdem", Limit.FIXED_LIMIT),
    "PO": ("omaha", Limit.POT_LIMIT),
    "FO/8": ("omaha_hilo", Limit.FIXED_LIMIT),
}
"""The PHH variants hhtool replays (`Header.game`, limit): Hold'em, pot-limit Omaha and fixed-limit Omaha hi/lo
(`FO/8`, PokerKit's FixedLimitOmahaHoldemHighLowSplitEightOrBetter; phh/wsop-2023-43-5's hands 12 and 13); every
other one (short deck, stud, draw…) is unsupported."""
MAX_DECIMALS = 6
"""The most decimals an amount may have (a scale of 10^6 minor units per unit): more is HH012."""

_ID = re.compile(r"(?m)^hand = (\d+)")
_KEY = re.compile(r"(?m)^[ \t]*([A-Za-z_][\w-]*)[ \t]*=")
_TOML_POSITION = re.compile(r"\(at line (\d+), column (\d+)\)")
_CARDS = re.compile(r"(?:[2-9TJQKA][cdhs]|\?\?)+")
_STREETS = (Street.FLOP, Street.TURN, Street.RIVER)
_KINDS = frozenset(kind.value for kind in BlindKind)


def parse_phh(block: Block) -> ParseResult:
    """One PHH hand block → a ParseResult (parsed, unparsed or unsupported), never an exception."""
    found_id = search_hand_id(block.text, _ID, len(block.text))
    if block.oversized:
        return oversized(block, SITE, found_id)
    text = _without_section(block.text)
    offset = block.line - 1 + (block.text.count("\n", 0, len(block.text) - len(text)))
    try:
        check_toml(text)  # tomllib recurses per nesting level and keeps every prefix of a dotted key
    except TomlLimit as limit:
        return unparsed(
            block,
            SITE,
            found_id,
            "HH040",
            f"not read as TOML: {limit} (hhtool's limit)",
            offset + limit.line,
            limit.column,
            expected=str(limit),
            actual=_line(text, limit.line)[:160],
        )
    try:
        doc = tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as error:
        where = _TOML_POSITION.search(str(error))
        if where:
            line, column = int(where[1]), int(where[2])
        else:  # `(at end of document)`: the last line, after its last character
            last = text.rstrip("\n").split("\n")
            line, column = len(last), len(last[-1]) + 1
        message = _TOML_POSITION.sub("", str(error)).replace("(at end of document)", "at the end of the hand").strip()
        return unparsed(
            block,
            SITE,
            found_id,
            "HH040",
            f"not valid TOML: {message}",
            offset + line,
            column,
            expected="TOML (PHH)",
            actual=_line(text, line)[:160],
        )
    except (ValueError, ArithmeticError):  # tomllib's int() past 4,300 digits, Decimal() past its exponents
        line, column, number = _unreadable_number(text)
        problem = beyond("PHH number", number, f"at most {MAX_MINOR:,} minor units", offset + line, column)
        return unparsed(
            block,
            SITE,
            found_id,
            problem.code,
            str(problem),
            problem.line,
            problem.column,
            problem.expected,
            problem.actual,
        )
    try:
        read = _Reader(block, text, offset, doc)
        hand, notes = read.hand()
    except Unsupported as unsupported:
        return ParseResult(
            Status.UNSUPPORTED,
            block.file,
            block.line,
            SITE,
            found_id,
            findings=(
                finding(
                    HH020,
                    HH020.message(game=unsupported.game),
                    block.file,
                    block.line,
                    block.column,
                    hand_id=found_id,
                ),
            ),
        )
    except FieldError as error:
        return unparsed(
            block, SITE, found_id, error.code, str(error), error.line, error.column, error.expected, error.actual
        )
    except ArithmeticError as error:  # decimal.Overflow and the like: an exponent no amount has (1e9999999)
        return unparsed(
            block,
            SITE,
            found_id,
            "HH013",
            f"a PHH number is beyond what hhtool reads ({error!r})",
            block.line,
            block.column,
            expected=f"at most {MAX_MINOR:,} minor units",
            actual="larger",
        )
    return ParseResult(
        Status.PARSED,
        block.file,
        block.line,
        SITE,
        hand.header.hand_id,
        hand=hand,
        findings=tuple(
            finding(code, message, block.file, line, 1, hand_id=hand.header.hand_id, expected=expected, actual=actual)
            for code, message, line, expected, actual in notes
        ),
    )


def _without_section(text: str) -> str:
    """A `.phhs` section's text without its `[N]` line (TOML would read the hand as a table named N)."""
    if text.startswith("["):
        first, _, rest = text.partition("\n")
        if re.fullmatch(r"\[\d+\][ \t]*", first):
            return rest
    return text


_TOML_NUMBER = re.compile(r"(?<![\w.])[+-]?\d[\d_]*(?:\.[\d_]+)?(?:[eE][+-]?[\d_]+)?")
_TOML_STRING_OR_COMMENT = re.compile(r"'[^'\n]*'|\"(?:[^\"\\\n]|\\.)*\"|#[^\n]*")


def _unreadable_number(text: str) -> tuple[int, int, str]:
    """Line, column and text of the first TOML number (outside strings and comments) that tomllib's int()
    or Decimal cannot hold (1, 1, "?" if none is found)."""
    for number, line in enumerate(text.split("\n"), 1):
        bare = _TOML_STRING_OR_COMMENT.sub(lambda m: " " * len(m.group()), line)
        for match in _TOML_NUMBER.finditer(bare):
            word = match.group().replace("_", "")
            try:
                int(word) if word.lstrip("+-").isdigit() else Decimal(word)
            except (ValueError, ArithmeticError):
                return number, match.start() + 1, match.group()
    return 1, 1, "?"


def _line(text: str, number: int) -> str:
    lines = text.split("\n")
    return lines[number - 1] if 0 < number <= len(lines) else ""


@dataclass(slots=True)
class _Where:
    """Line numbers of a block's keys and of each action string, for findings and events."""

    offset: int
    starts: list[int]
    keys: dict[str, int]

    def line(self, position: int) -> int:
        return self.offset + bisect.bisect_right(self.starts, position)

    def key(self, name: str) -> int:
        position = self.keys.get(name)
        return self.line(position) if position is not None else self.offset + 1


class _Reader:
    """The fields of one PHH document, read into a Hand (rules aside: amounts, players, order)."""

    def __init__(self, block: Block, text: str, offset: int, doc: dict[str, Any]) -> None:
        self.block, self.text, self.doc = block, text, doc
        starts = [0]
        for match in re.finditer("\n", text):
            starts.append(match.end())
        keys: dict[str, int] = {}
        for match in _KEY.finditer(text):
            keys.setdefault(match[1], match.start(1))
        self.where = _Where(offset, starts, keys)
        self.notes: list[tuple[str, str, int, object, object]] = []

    # -- fields --------------------------------------------------------------------------------
    def error(self, name: str, message: str, expected: object = None, actual: object = None) -> FieldError:
        return FieldError(
            "HH041",
            f"PHH field {name}: {message}",
            self.where.key(name),
            expected=None if expected is None else str(expected),
            actual=None if actual is None else str(actual)[:160],
        )

    def field(self, name: str, kind: type | tuple[type, ...], required: bool = True) -> Any:
        if name not in self.doc:
            if required:
                raise FieldError(
                    "HH041",
                    f"PHH field {name} is missing",
                    self.where.offset + 1,
                    expected=f"{name} = …",
                    actual="no such field",
                )
            return None
        value = self.doc[name]
        if not isinstance(value, kind) or isinstance(value, bool) and bool not in _kinds(kind):
            raise self.error(name, f"is {type(value).__name__}, not {_kind_name(kind)}", _kind_name(kind), value)
        return value

    def numbers(self, name: str, count: int | None) -> list[Decimal | int]:
        """A required per-player list of amounts."""
        values = self.optional_numbers(name, count, required=True)
        assert values is not None  # a required field that is missing raised
        return values

    def optional_numbers(self, name: str, count: int | None, required: bool = False) -> list[Decimal | int] | None:
        values = self.field(name, list, required)
        if values is None:
            return None
        if count is not None and len(values) != count:
            raise self.error(name, f"has {len(values)} values for {count} players", count, len(values))
        out = []
        for value in values:
            if isinstance(value, bool) or not isinstance(value, (int, Decimal)) or value != value or value < 0:  # noqa: PLR0124 (NaN)
                raise self.error(name, f"value {value!r} is not an amount", "a number >= 0", value)
            out.append(value)
        return out

    def amount(self, value: Decimal | int, name: str, line: int | None = None) -> int:
        if isinstance(value, int):
            minor_int = value * self.scale
            if minor_int > MAX_MINOR:
                raise beyond("amount", str(value), f"at most {MAX_MINOR:,} minor units", line or self.where.key(name))
            return minor_int
        if value != value:  # noqa: PLR0124 - NaN
            raise FieldError(
                "HH012",
                f"PHH amount {value} is not a number",
                line or self.where.key(name),
                expected="a number",
                actual=str(value),
            )
        minor = value * self.scale
        if minor != minor.to_integral_value():
            raise FieldError(
                "HH012",
                f"PHH amount {value} has more decimals than the hand's scale of {self.scale} units",
                line or self.where.key(name),
                expected=f"1/{self.scale}",
                actual=str(value),
            )
        if minor > MAX_MINOR:
            raise beyond("amount", str(value), f"at most {MAX_MINOR:,} minor units", line or self.where.key(name))
        return int(minor)

    # -- the hand ------------------------------------------------------------------------------
    def hand(self) -> tuple[Hand, list]:
        variant = self.field("variant", str)
        known = VARIANTS.get(variant)
        if known is None:
            raise Unsupported(variant)
        game, limit = known
        stacks = self.numbers("starting_stacks", None)
        count = len(stacks)
        if not 2 <= count <= MAX_SEAT:
            raise self.error("starting_stacks", f"{count} players", f"2 to {MAX_SEAT}", count)
        antes = self.numbers("antes", count)
        blinds = self.signed_numbers("blinds_or_straddles", count)
        if limit is Limit.FIXED_LIMIT:
            small_bet, big_bet = self.single("small_bet"), self.single("big_bet")
        else:
            small_bet = big_bet = self.single("min_bet")
        actions = self.field("actions", list)
        for action in actions:
            if not isinstance(action, str):
                raise self.error("actions", f"action {action!r} is not a string", "a string", action)
        players = self.names(count)
        self.scale = self.scale_of(stacks + antes + blinds + [small_bet, big_bet], actions)
        starting = [self.amount(value, "starting_stacks") for value in stacks]
        seats = self.seats(count)
        button = self.button(seats)
        sb, bb, first_is_big = self.stakes(blinds, small_bet)
        started, zone = self.started(), self.zone()
        header = Header(
            site=SITE,
            hand_id=self.hand_id(),
            game=game,
            limit=limit,
            small_blind=sb,
            big_blind=bb,
            small_bet=self.amount(small_bet, "small_bet" if limit is Limit.FIXED_LIMIT else "min_bet"),
            big_bet=self.amount(big_bet, "big_bet" if limit is Limit.FIXED_LIMIT else "min_bet"),
            currency=self.currency(),
            scale=self.scale,
            time=started,
            time_zone=zone,
            time_utc=to_utc(started, zone, None, conventions.time_zones, None),
            table=self.table(),
            max_seats=self.seat_count(seats),
            button_seat=button,
            fast_fold="table" not in self.doc,
            tournament_id=self.tournament(),
        )
        stack_line = self.where.key("starting_stacks")
        dealt = [Seat(seat, name, stack, stack_line) for seat, name, stack in zip(seats, players, starting)]
        seat_list = tuple(sorted((*dealt, *self.seated_out(players, seats, stack_line)), key=lambda s: s.seat))
        left = dict(zip(players, starting))
        money = StreetMoney()
        events = self.forced_bets(players, seats, antes, blinds, left, money, bb, first_is_big)
        # the bet to call pre-flop: the big blind in full, also when its player had less (TDA, as the rooms play)
        opening = max(bb, max((money.of(name) for name in players), default=0))
        events.extend(self.actions(actions, players, left, money, opening))
        claims, collects = self.claims(players)
        events.extend(collects)
        events.extend(self.cash_outs(players, claims.line))
        lines = self.text.count("\n") + 1
        return Hand(
            header, seat_list, tuple(events), claims, Source(self.block.file, self.block.line, self.block.column), lines
        ), self.notes

    def single(self, name: str) -> Decimal | int:
        value = self.field(name, (int, Decimal))
        if value != value:  # noqa: PLR0124 - NaN (TOML's nan): comparing it with < raises
            raise self.error(name, f"{value} is not an amount", ">= 0", value)
        if value < 0:
            raise self.error(name, f"{value} is negative", ">= 0", value)
        return value

    def signed_numbers(self, name: str, count: int) -> list[Decimal | int]:
        """`blinds_or_straddles`: amounts, negative for a post bet (PokerKit's `raw_blinds_or_straddles`: what a
        player who just sat down pays to play at once, without waiting for the big blind)."""
        values = self.field(name, list)
        if len(values) != count:
            raise self.error(name, f"has {len(values)} values for {count} players", count, len(values))
        for value in values:
            if (
                isinstance(value, bool)
                or not isinstance(value, (int, Decimal))
                or (isinstance(value, Decimal) and value.is_nan())
            ):
                raise self.error(name, f"value {value!r} is not an amount", "a number", value)
        return values

    def stakes(self, blinds: list[Decimal | int], min_bet: Decimal | int) -> tuple[int, int, bool]:
        """The small and big blind, and whether the first player's forced bet is the big blind. Entry 1 is
        the big blind and entry 0 the small one; when only entry 0 is posted and it is the minimum bet, the
        small blind's seat is empty and the first player posts the big blind (PokerKit writes a missing
        small blind so). hhtool's writer gives the stakes (`_small_blind`, `_big_blind`) where the entries
        do not say them (a post in the small or big blind's place)."""
        first, second = blinds[0], blinds[1]
        first_is_big = second == 0 and first > 0 and first >= min_bet
        if first_is_big:
            sb, bb = 0, self.amount(first, "blinds_or_straddles")
        else:
            sb = self.amount(-first if first < 0 else first, "blinds_or_straddles")
            bb = self.amount(-second if second < 0 else second, "blinds_or_straddles")
        for name in ("_small_blind", "_big_blind"):
            value = self.field(name, (int, Decimal), required=False)
            if value is not None:
                if value < 0:
                    raise self.error(name, f"{value} is negative", ">= 0", value)
                if name == "_small_blind":
                    sb = self.amount(value, name)
                else:
                    bb = self.amount(value, name)
        return sb, bb, first_is_big

    def posts(self, players: list[str]) -> dict[str, tuple[BlindKind, int]]:
        """The kind and dead part of each post hhtool's writer recorded (`_posts = [["pN", kind, dead], …]`:
        a post out of the blinds' places, a dead blind): PHH has only the live bet by position (its dead
        part is in the player's `antes` entry, dead money as antes are)."""
        rows = self.field("_posts", list, required=False) or []
        codes = {f"p{i}": name for i, name in enumerate(players, 1)}
        out: dict[str, tuple[BlindKind, int]] = {}
        for row in rows:
            if (
                not isinstance(row, list)
                or len(row) != 3
                or row[0] not in codes
                or row[1] not in _KINDS
                or isinstance(row[2], bool)
                or not isinstance(row[2], (int, Decimal))
                or row[2] < 0
            ):
                raise self.error("_posts", f"entry {row!r} is not [player, kind, dead part]", '["pN", "big", 0]', row)
            out[codes[row[0]]] = (BlindKind(row[1]), self.amount(row[2], "_posts"))
        return out

    def forced_bets(
        self,
        players: list[str],
        seats: list[int],
        antes: list[Decimal | int],
        blinds: list[Decimal | int],
        left: dict[str, int],
        money: StreetMoney,
        bb: int,
        first_is_big: bool,
    ) -> list[Event]:
        """The antes (in seat order, as the tables post them) and the blinds and posts (small blind first,
        heads-up too), or the blinds first where hhtool's writer says the site posted them so
        (`_blinds_first`). A negative entry is a post bet: live money (PokerKit bets it), a big blind if it is
        one, else a small one; a positive one in the first two places a blind, further on a straddle."""
        count = len(players)
        # heads-up, PokerKit gives each player the other position's forced bets (the button posts the small blind)
        order = [1, 0] if count == 2 else list(range(count))
        posts = self.posts(players)
        ante_line = self.where.key("antes")
        blind_line = self.where.key("blinds_or_straddles")
        blinds_first = self.field("_blinds_first", bool, required=False)
        blind_events = []
        if blinds_first:
            blind_events = self.blind_events(players, order, blinds, left, money, bb, first_is_big, posts, blind_line)
        ante_events: list[Event] = []
        for i in sorted(range(count), key=lambda i: seats[i]):
            name = players[i]
            dead = posts[name][1] if name in posts else 0
            ante = self.amount(antes[order[i]], "antes") - dead
            if ante < 0:
                raise self.error("_posts", f"{name}'s dead part is more than the antes entry", "<= the entry", dead)
            ante = min(ante, left[name])
            if ante:
                left[name] -= ante
                ante_events.append(PostAnte(ante_line, name, ante, left[name] == 0))
        if blinds_first:
            return blind_events + ante_events
        return ante_events + self.blind_events(players, order, blinds, left, money, bb, first_is_big, posts, blind_line)

    def blind_events(
        self,
        players: list[str],
        order: list[int],
        blinds: list[Decimal | int],
        left: dict[str, int],
        money: StreetMoney,
        bb: int,
        first_is_big: bool,
        posts: dict[str, tuple[BlindKind, int]],
        line: int,
    ) -> list[Event]:
        events: list[Event] = []
        for i in sorted(range(len(players)), key=lambda i: order[i]):  # small blind first, heads-up too
            name, position, value = players[i], order[i], blinds[order[i]]
            if not value and name not in posts:
                continue
            live = min(self.amount(-value if value < 0 else value, "blinds_or_straddles"), left[name])
            dead: int | None = None
            if name in posts:
                kind, dead = posts[name]
                dead = min(dead, left[name] - live)
            elif value < 0:  # a post bet: live, as PokerKit plays it
                kind, dead = (BlindKind.BIG if live >= bb else BlindKind.SMALL), 0
            elif position == 0:
                kind = BlindKind.BIG if first_is_big else BlindKind.SMALL
            else:
                kind = BlindKind.BIG if position == 1 else BlindKind.STRADDLE
            amount = live + (dead or 0)
            if not amount:
                continue
            left[name] -= amount
            money.put(name, live)
            events.append(PostBlind(line, name, kind, amount, left[name] == 0, dead))
        return events

    def names(self, count: int) -> list[str]:
        players = self.field("players", list, required=False)
        if players is None:
            return [f"p{i}" for i in range(1, count + 1)]
        if len(players) != count or not all(isinstance(p, str) and p for p in players):
            raise self.error("players", f"{len(players)} names for {count} players", count, players)
        return players

    def seats(self, count: int) -> list[int]:
        seats = self.field("seats", list, required=False)
        if seats is None:
            return list(range(1, count + 1))
        if len(seats) != count or not all(isinstance(s, int) and not isinstance(s, bool) for s in seats):
            raise self.error("seats", f"{len(seats)} seats for {count} players", count, seats)
        for seat in seats:
            if not 1 <= seat <= MAX_SEAT:
                raise beyond("seat", str(seat), f"1 to {MAX_SEAT}", self.where.key("seats"))
        return seats

    def tournament(self) -> str | None:
        """The tournament a hand hhtool wrote comes from (`_tournament`); PHH itself does not say."""
        value = self.field("_tournament", (str, int), required=False)
        return str(value) if value is not None else None

    def button(self, seats: list[int]) -> int:
        """The button's seat: the last player's, unless hhtool's writer recorded another (`_button_seat`: a dead
        button, on an empty seat or on a player not dealt in)."""
        seat = self.field("_button_seat", int, required=False)
        if seat is None:
            return seats[-1]
        if not 1 <= seat <= MAX_SEAT:
            raise beyond("_button_seat", str(seat), f"1 to {MAX_SEAT}", self.where.key("_button_seat"))
        return seat

    def seated_out(self, players: list[str], seats: list[int], line: int) -> list[Seat]:
        """Players seated but not dealt in, as hhtool's writer records them (`_seated_out = [[seat, name, stack],
        …]`: PHH lists only the players dealt in), so that stacks and the button chain from hand to hand."""
        rows = self.field("_seated_out", list, required=False) or []
        out = []
        for row in rows:
            if (
                not isinstance(row, list)
                or len(row) != 3
                or not isinstance(row[0], int)
                or isinstance(row[0], bool)
                or not isinstance(row[1], str)
                or not isinstance(row[2], (int, Decimal))
                or isinstance(row[2], bool)
                or row[2] < 0
            ):
                raise self.error("_seated_out", f"entry {row!r} is not [seat, name, stack]", "[seat, name, stack]", row)
            if not 1 <= row[0] <= MAX_SEAT or row[0] in seats or row[1] in players:
                raise self.error(
                    "_seated_out",
                    f"entry {row!r} repeats a seat or player, or is no seat",
                    "another seat and player",
                    row,
                )
            out.append(Seat(row[0], row[1], self.amount(row[2], "_seated_out"), line, sitting_out=True))
        return out

    def seat_count(self, seats: list[int]) -> int | None:
        value = self.field("seat_count", int, required=False)
        if value is not None and not 2 <= value <= MAX_SEAT:
            raise beyond("seat_count", str(value), f"2 to {MAX_SEAT}", self.where.key("seat_count"))
        return value

    def scale_of(self, amounts: list[Decimal | int], actions: list[str]) -> int:
        """Minor units per unit: cents for money (`currency`/`currency_symbol` given), else whole chips,
        or finer when an amount of the hand (stacks, forced bets, bet sizes) has more decimals.
        `finishing_stacks` and `winnings` are claims: they do not set the scale (a claim finer than it
        is reported, not made to fit)."""
        for action in actions:
            parts = action.split("#", 1)[0].split()
            if len(parts) >= 3 and parts[1] == "cbr" and "." in parts[2]:
                try:
                    amounts.append(Decimal(parts[2]))
                except ArithmeticError:
                    pass  # reported where the action is read
        decimals = 0
        for value in amounts:
            if type(value) is int:
                continue
            exponent = Decimal(value).normalize().as_tuple().exponent
            if isinstance(exponent, int) and -exponent > decimals:
                decimals = -exponent
        if decimals > MAX_DECIMALS:
            raise FieldError(
                "HH012",
                f"PHH amounts have {decimals} decimals (at most {MAX_DECIMALS} are read)",
                self.where.key("starting_stacks"),
                expected=f"<= {MAX_DECIMALS} decimals",
                actual=str(decimals),
            )
        base = 1 if self.currency() == CHIPS else 100
        return max(base, 10**decimals)

    def currency(self) -> str:
        code = self.field("currency", str, required=False)
        if code is not None:
            return code.upper() if code.upper() in CURRENCY_CODES else code
        symbol = self.field("currency_symbol", str, required=False)
        return conventions.currencies.get(symbol, CHIPS) if symbol is not None else CHIPS

    def table(self) -> str:
        table = self.field("table", (str, int), required=False)
        return str(table) if table is not None else ""

    def hand_id(self) -> str:
        """The site's hand number when the file names its table or room (handhq: the room's own hand number);
        otherwise the `hand` field is only a number within an event or session (Pluribus and WSOP files
        restart at 0 or 1), so a digest of the hand's text is added to tell hands apart."""
        number = self.field("hand", (int, str), required=False)
        if number is not None and len(str(number)) > 20:
            raise beyond("hand number", str(number), "at most 20 characters", self.where.key("hand"))
        if number is not None and ("table" in self.doc or "venue" in self.doc):
            return str(number)
        digest = hashlib.blake2b(self.text.encode("utf-8", "surrogatepass"), digest_size=6).hexdigest()
        return f"{number}-{digest}" if number is not None else digest

    def started(self) -> datetime | None:
        """The local date and time the file gives (`year`, `month`, `day`, `time`); None without a full date."""
        year, month, day = (self.field(name, int, required=False) for name in ("year", "month", "day"))
        if year is None or month is None or day is None:
            return None
        if not MIN_YEAR <= year <= MAX_YEAR:
            raise beyond("year", str(year), f"{MIN_YEAR}-{MAX_YEAR}", self.where.key("year"))
        clock = self.doc.get("time")
        if clock is not None and not isinstance(clock, time):
            raise self.error("time", f"{clock!r} is not a TOML local time", "HH:MM:SS", clock)
        try:
            return datetime.combine(date(year, month, day), clock or time())
        except ValueError as error:
            raise self.error("day", str(error), "a real date", f"{year}-{month}-{day}") from None

    def zone(self) -> str | None:
        """`time_zone`, else `time_zone_abbreviation`; an IANA-like name (with a `/`) that names no zone of
        the system's time zone database (`Mars/Olympus`, `America/../Europe/Paris`) is HH041."""
        name = "time_zone"
        zone = self.field(name, str, required=False)
        if zone is None:
            name = "time_zone_abbreviation"
            zone = self.field(name, str, required=False)
        if zone is not None and "/" in zone and conventions.time_zones.get(zone) is None:
            raise self.error(
                name,
                f"{zone!r} is not a time zone",
                "an IANA zone name (Europe/Paris) or one of " + ", ".join(TIME_ZONES),
                zone,
            )
        return zone

    # -- actions -------------------------------------------------------------------------------
    def action_lines(self, actions: list[str]) -> list[int]:
        """The line of each action string: found in order after the `actions` key (one-line arrays give
        every action that line)."""
        cursor = self.where.keys.get("actions", 0)
        lines = []
        for action in actions:
            position = self.text.find(action, cursor)
            if position < 0:
                lines.append(self.where.line(cursor))
                continue
            cursor = position + len(action)
            lines.append(self.where.line(position))
        return lines

    def actions(
        self, actions: list[str], players: list[str], left: dict[str, int], money: StreetMoney, opening: int
    ) -> list[Event]:
        lines = self.action_lines(actions)
        self.codes = {f"p{i}": name for i, name in enumerate(players, 1)}
        # the deal opens the pre-flop betting (PHH has no marker line for it: the first action stands for it)
        events: list[Event] = [StreetStart(lines[0] if lines else self.where.key("actions"), Street.PREFLOP, 0, ())]
        board: list[str] = []
        folded: set[str] = set()
        street = 0  # index into _STREETS of the next board street
        high = opening
        for action, line in zip(actions, lines):
            words = action.split("#", 1)[0].split()
            if len(words) < 2:
                raise self.bad(action, line, "an action: 'd dh pN cards', 'd db cards' or 'pN f|cc|cbr X|sm'")
            actor, verb, rest = words[0], words[1], words[2:]
            if actor == "d":
                if verb == "dh" and len(rest) == 2:
                    name = self.player(rest[0], players, action, line)
                    cards = self.cards(rest[1], action, line)
                    events.append(DealHole(line, name, () if "??" in cards else cards))
                elif verb == "db" and len(rest) == 1:
                    if street >= len(_STREETS):
                        raise self.bad(action, line, "no board card after the river")
                    board.extend(self.cards(rest[0], action, line))
                    events.append(StreetStart(line, _STREETS[street], 0, tuple(board)))
                    street += 1
                    money.new_street()
                    high = 0
                else:
                    raise self.bad(action, line, "'d dh pN cards' or 'd db cards'")
                continue
            name = self.player(actor, players, action, line)
            mine = money.of(name)
            if verb == "f" and not rest:
                events.append(Fold(line, name, ()))
                folded.add(name)
            elif verb == "cc" and not rest:
                if high <= mine:
                    events.append(Check(line, name))
                else:
                    # what `cc` adds: up to the bet, within the stack, and no more than the others still in put in
                    # when they are all all-in (the rest would come straight back uncalled)
                    others = [p for p in players if p != name and p not in folded]
                    target = high
                    if others and all(left[p] == 0 for p in others):
                        target = min(high, max(money.of(p) for p in others))
                    added = min(max(target - mine, 0), left[name])
                    if added == 0:  # nothing the others can still match: a check
                        events.append(Check(line, name))
                        continue
                    left[name] -= added
                    money.put(name, added)
                    events.append(Call(line, name, added, left[name] == 0, False))
            elif verb == "cbr" and len(rest) == 1:
                word = rest[0]
                if not word.isascii():  # int() and Decimal() read any script's digits ('６００'), a client prints 0-9
                    raise FieldError(
                        "HH012",
                        f"PHH amount {word!r} is not written in the digits 0-9",
                        line,
                        expected="digits 0-9 with an optional decimal point",
                        actual=word[:160],
                    )
                try:
                    # int() reads decimal digits only ('²' is a digit), and fewer than 4,300: others go
                    # through Decimal (a long number is HH013 in amount)
                    total = self.amount(
                        int(word) if word.isdecimal() and len(word) < 19 else Decimal(word), "actions", line
                    )
                except ArithmeticError:
                    raise self.bad(action, line, "'cbr' and the amount the player's street total goes to") from None
                added = total - mine
                if added <= 0:
                    raise self.bad(action, line, f"a street total above the {mine} minor units already in")
                left[name] -= added
                money.put(name, added)
                if high == 0:
                    events.append(Bet(line, name, added, left[name] <= 0, False))
                else:
                    events.append(RaiseTo(line, name, None, total, left[name] <= 0, False))
                high = max(high, total)
            elif verb == "sm" and len(rest) <= 1:
                # `pN sm` mucks (PokerKit's show_or_muck_hole_cards(False)); `pN sm ????` shows cards the file
                # does not know, which hhtool reads as not shown
                cards = self.cards(rest[0], action, line) if rest else ()
                if cards and "??" not in cards:
                    events.append(Show(line, name, cards, None))
                else:
                    events.append(Muck(line, name, not cards))
            else:
                raise self.bad(
                    action,
                    line,
                    "'pN f', 'pN cc', 'pN cbr X' or 'pN sm [cards]'"
                    + (" (draws are not Hold'em)" if verb == "sd" else ""),
                )
        return events

    def bad(self, action: str, line: int, expected: str) -> FieldError:
        return FieldError(
            "HH041",
            f"PHH action {action!r} cannot be read (expected {expected})",
            line,
            expected=expected,
            actual=action[:160],
        )

    def player(self, word: str, players: list[str], action: str, line: int) -> str:
        name = self.codes.get(word)
        if name is None:
            raise self.bad(action, line, f"a player p1 to p{len(players)}")
        return name

    def cards(self, word: str, action: str, line: int) -> tuple[str, ...]:
        if not _CARDS.fullmatch(word):
            raise self.bad(action, line, "cards such as 'AcKd' ('??' for an unknown card)")
        return tuple(word[i : i + 2] for i in range(0, len(word), 2))

    # -- claims --------------------------------------------------------------------------------
    def claims(self, players: list[str]) -> tuple[Claims, list[Collect]]:
        """`finishing_stacks` → the ledger's final stacks (HH214 checks them); `winnings` → what each
        player collected from the pots (the settlement checks them), unless the file records 0 for
        everyone (the handhq conversions do for most hands: nobody's winnings were recorded, HH043)."""
        count = len(players)
        finishing = self.optional_numbers("finishing_stacks", count)
        winnings = self.optional_numbers("winnings", count)
        line = (
            self.where.key("finishing_stacks")
            if finishing is not None
            else self.where.key("winnings")
            if winnings is not None
            else 0
        )
        ledgers = []
        if finishing is not None:
            for name, value in zip(players, finishing):
                minor = Decimal(value) * self.scale
                if minor != minor.to_integral_value():
                    self.notes.append(
                        (
                            "HH042",
                            (
                                f"finishing stack {value} of {name} is not a whole number of "
                                f"{'chips' if self.scale == 1 else 'minor units'} (a split pot's odd chip "
                                "shared out); not checked"
                            ),
                            line,
                            "a whole number",
                            str(value),
                        )
                    )
                    continue
                ledgers.append(Ledger(line, name, final_stack=self.amount(value, "finishing_stacks", line)))
        collects = []
        pots = self.optional_numbers("_pots", None)
        if winnings is not None and not pots:  # (with `_pots`, the awards per pot are the cards', derived)
            won_line = self.where.key("winnings")
            if not any(winnings):
                self.notes.append(
                    (
                        "HH043",
                        (
                            "winnings are 0 for every player, though a pot was played: the "
                            "file records no winner; not checked"
                        ),
                        won_line,
                        "the amounts won",
                        "all 0",
                    )
                )
            else:
                for name, value in zip(players, winnings):
                    if value:
                        collects.append(Collect(won_line, name, self.amount(value, "winnings", won_line), None))
        rake, fees = self.room_take()
        main, sides = (None, ()) if not pots else (self.amount(pots[0], "_pots"), pots[1:])
        side_pots = tuple(self.amount(value, "_pots") for value in sides)
        claims = Claims(line=line, main_pot=main, side_pots=side_pots, rake=rake, fees=fees, ledgers=tuple(ledgers))
        return claims, collects

    def cash_outs(self, players: list[str], line: int) -> list[Event]:
        """hhtool's `_cash_outs` (player → what the room paid him outside the pot, less what he paid it)
        and `_cashed_out` (the players of those whose cash out was an all-in one, the room keeping what
        their cards win; the others' an EV cash-out or insurance, their pot paid as usual)."""
        paid = self.doc.get("_cash_outs", {})
        cashed = self.doc.get("_cashed_out", [])
        if not isinstance(paid, dict):
            raise self.error("_cash_outs", "is not a table of amounts", "{name = amount}", paid)
        if not isinstance(cashed, list) or not all(isinstance(name, str) and name in paid for name in cashed):
            raise self.error("_cashed_out", "does not list players of _cash_outs", "[names]", cashed)
        out: list[Event] = []
        for name, value in paid.items():
            if name not in players:
                raise self.error("_cash_outs", f"names {name!r}, who is not a player", "a player", name)
            if not isinstance(value, (int, Decimal)) or isinstance(value, bool) or Decimal(value).is_nan():
                raise self.error("_cash_outs", f"{value!r} is not an amount", "a number", value)
            if name in cashed:
                out.append(CashOut(line, name, self.amount(value, "_cash_outs"), None))
            elif value >= 0:
                out.append(EVCashout(line, name, received=self.amount(value, "_cash_outs")))
            else:
                out.append(EVCashout(line, name, paid=self.amount(-value, "_cash_outs")))
        return out

    def room_take(self) -> tuple[int | None, tuple[tuple[str, int], ...]]:
        """The rake and the other fees the room took from the pot, when hhtool's own writer recorded them
        (`_rake`, `_fees = {name = amount}`, user-defined fields): the replay then pays the winners the pot
        less them. (None, ()) for every other PHH file: no rake."""
        rake = self.doc.get("_rake")
        fees = self.doc.get("_fees", {})
        if not isinstance(fees, dict):
            raise self.error("_fees", "is not a table of fees", "{name = amount}", fees)
        for value in (rake, *fees.values()):
            if value is not None and (not isinstance(value, (int, Decimal)) or isinstance(value, bool) or value < 0):
                raise self.error("_rake", f"the room's take {value!r} is not an amount", "a number >= 0", value)
        return (
            None if rake is None else self.amount(rake, "_rake"),
            tuple((str(name), self.amount(value, "_fees")) for name, value in fees.items()),
        )


def _kinds(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def _kind_name(kind: type | tuple[type, ...]) -> str:
    names = {int: "an integer", Decimal: "a number", str: "a string", list: "an array", bool: "a boolean"}
    return " or ".join(names.get(k, k.__name__) for k in _kinds(kind))
