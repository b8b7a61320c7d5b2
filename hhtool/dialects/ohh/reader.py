"""OHH reader: one `{"ohh": {...}}` JSON object into hhtool's neutral model. Like every reader it checks
no poker rule: it maps the fields (`hhtool.dialects.ohh` says what each means), and what cannot be read
is a finding (HH049 bad JSON or a field of the wrong shape, HH012/HH013 an amount), never an exception.

Read as the spec (1.4.x) and its examples print them: `cards` a list of card strings or one string (`""`
for a round that deals none), `table_size` a number or a string of digits, `start_date_utc` with or
without `Z`, `display` and `player_bounty` optional. The fields hhtool keeps no record of (`table_handle`,
`tournament_bounties`, …) are read past.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

import msgspec

from hhtool.codes import HH020, finding
from hhtool.dialects.ohh import DIALECT, SITE, game_of
from hhtool.dialects.street_money import StreetMoney
from hhtool.grammar.fields import FieldError, Unsupported, beyond
from hhtool.grammar.parse import hand_id as search_hand_id
from hhtool.grammar.parse import oversized, unparsed
from hhtool.grammar.result import ParseResult, Status
from hhtool.io.limits import MAX_JSON_DEPTH, json_too_deep
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
    PostAnte,
    PostBlind,
    RaiseTo,
    Seat,
    Show,
    Source,
    Street,
    StreetStart,
)
from hhtool.model.cards import is_card
from hhtool.model.clock import to_utc
from hhtool.model.limits import MAX_MINOR, MAX_SEAT
from hhtool.model.money import CHIPS, CURRENCY_CODES

_ID = re.compile(DIALECT.hand_id)
_LIMITS = {"NL": Limit.NO_LIMIT, "PL": Limit.POT_LIMIT, "FL": Limit.FIXED_LIMIT}
_STREETS = {"Flop": Street.FLOP, "Turn": Street.TURN, "River": Street.RIVER}
_ORDER = {Street.FLOP: 1, Street.TURN: 2, Street.RIVER: 3}
_BOARD_BEFORE = {Street.FLOP: 0, Street.TURN: 3, Street.RIVER: 4}
_BLINDS = {
    "Post SB": BlindKind.SMALL,
    "Post BB": BlindKind.BIG,
    "Straddle": BlindKind.STRADDLE,
    "Post Extra Blind": BlindKind.BUTTON,
}
_SEATING = frozenset({"Added Chips", "Sits Down", "Stands Up"})  # table events, no part of the betting
MAX_DECIMALS = 6
_DECODER = msgspec.json.Decoder(float_hook=Decimal)


def parse_ohh(block: Block) -> ParseResult:
    """One OHH hand block → a ParseResult (parsed, unparsed or unsupported), never an exception."""
    found_id = search_hand_id(block.text, _ID, len(block.text))
    if block.oversized:
        return oversized(block, SITE, found_id)
    deep = json_too_deep(block.text)
    if deep is not None:
        line = block.line + block.text.count("\n", 0, deep)
        return unparsed(
            block,
            SITE,
            found_id,
            "HH049",
            f"OHH JSON nested more than {MAX_JSON_DEPTH} deep",
            line,
            deep - block.text.rfind("\n", 0, deep),
            expected=f"at most {MAX_JSON_DEPTH} levels",
            actual=f"more than {MAX_JSON_DEPTH}",
        )
    try:
        doc = _DECODER.decode(block.text.strip().encode("utf-8", "surrogatepass"))
    except (msgspec.DecodeError, UnicodeError, RecursionError) as error:
        return unparsed(
            block,
            SITE,
            found_id,
            "HH049",
            f"not valid JSON: {error}",
            block.line,
            block.column,
            expected="one OHH JSON object",
            actual=block.text[:160],
        )
    except (ValueError, ArithmeticError) as error:  # a number msgspec or Decimal cannot hold
        return unparsed(
            block,
            SITE,
            found_id,
            "HH013",
            f"an OHH number is beyond what hhtool reads ({error})",
            block.line,
            block.column,
            expected=f"at most {MAX_MINOR:,} minor units",
            actual="larger",
        )
    try:
        hand = _Reader(block, doc).hand()
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
    except ArithmeticError as error:
        return unparsed(
            block,
            SITE,
            found_id,
            "HH013",
            f"an OHH number is beyond what hhtool reads ({error!r})",
            block.line,
            block.column,
            expected=f"at most {MAX_MINOR:,} minor units",
            actual="larger",
        )
    return ParseResult(Status.PARSED, block.file, block.line, SITE, hand.header.hand_id, hand=hand)


def _decimals(value: Any) -> Iterator[int]:
    """The decimal places of every number in a JSON value (OHH's only non-integral numbers are amounts)."""
    if isinstance(value, Decimal):
        exponent = value.as_tuple().exponent
        yield -exponent if isinstance(exponent, int) and exponent < 0 else 0
    elif isinstance(value, dict):
        for item in value.values():
            yield from _decimals(item)
    elif isinstance(value, list):
        for item in value:
            yield from _decimals(item)


class _Reader:
    """The fields of one OHH object, read into a Hand (rules aside)."""

    def __init__(self, block: Block, doc: Any) -> None:
        self.block, self.line = block, block.line
        if not isinstance(doc, dict) or not isinstance(doc.get("ohh"), dict):
            raise self.error("the document", "is not an object with an `ohh` object", '{"ohh": {...}}', doc)
        self.o: dict[str, Any] = doc["ohh"]
        self.scale = 1

    def error(self, name: str, message: str, expected: object = None, actual: object = None) -> FieldError:
        return FieldError(
            "HH049",
            f"OHH field {name} {message}",
            self.line,
            self.block.column,
            expected=None if expected is None else str(expected),
            actual=None if actual is None else str(actual)[:160],
        )

    def field(self, obj: dict[str, Any], name: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
        if name not in obj or obj[name] is None:
            if default is ...:
                raise self.error(name, "is missing", f'"{name}": …', "no such field")
            return default
        value = obj[name]
        if (
            isinstance(value, bool)
            and bool not in (kind if isinstance(kind, tuple) else (kind,))
            or not isinstance(value, kind)
        ):
            raise self.error(name, f"is {type(value).__name__}", getattr(kind, "__name__", str(kind)), value)
        return value

    def integer(self, obj: dict[str, Any], name: str, default: Any = ...) -> int:
        """An integer field; a string of digits too (the spec's examples print `"table_size": "6"`)."""
        value = self.field(obj, name, (int, str), default)
        if isinstance(value, str):
            if not value.isascii() or not value.isdigit() or len(value) > 6:
                raise self.error(name, "is not a whole number", "a whole number", value)
            value = int(value)
        if not isinstance(value, int) or abs(value) > 10**6:
            raise self.error(name, "is not a whole number of up to 6 digits", "a whole number", value)
        return value

    def amount(self, obj: dict[str, Any], name: str, default: Any = ...) -> int:
        """An amount in the hand's minor units (exact: no float)."""
        value = self.field(obj, name, (int, Decimal), default)
        if value is default and default is not ...:
            return value
        if isinstance(value, Decimal) and not value.is_finite():
            raise self.error(name, "is not a number", "an amount", value)
        minor = Decimal(value) * self.scale
        if minor != minor.to_integral_value():
            raise FieldError(
                "HH012",
                f"OHH amount {name} {value} is not a whole number of minor units (1/{self.scale})",
                self.line,
                expected=f"at most {MAX_DECIMALS} decimals",
                actual=str(value),
            )
        if minor < 0:
            raise self.error(name, "is negative", "an amount of at least 0", value)
        if minor > MAX_MINOR:
            raise beyond("OHH amount", str(value), f"at most {MAX_MINOR:,} minor units", self.line)
        return int(minor)

    def cards(self, obj: dict[str, Any], name: str = "cards") -> tuple[str, ...]:
        value = self.field(obj, name, (list, str), [])
        cards = value.split() if isinstance(value, str) else value
        if not all(isinstance(card, str) and is_card(card) for card in cards):
            raise self.error(name, "holds a token that is not a card", "cards such as Ah, Td", value)
        return tuple(cards)

    # -- the hand ---------------------------------------------------------------------------------------
    def hand(self) -> Hand:
        o = self.o
        game_type = self.field(o, "game_type", str)
        game = game_of(game_type, self.most_hole_cards())
        if game is None:
            raise Unsupported(game_type)
        bet_limit = self.field(o, "bet_limit", dict)
        kind = self.field(bet_limit, "bet_type", str)
        if kind not in _LIMITS:
            raise self.error("bet_limit.bet_type", "is not NL, PL or FL", "NL, PL or FL", kind)
        currency = self.field(o, "currency", str)
        chips = currency.lower() == CHIPS
        if not chips and currency not in CURRENCY_CODES:
            raise self.error("currency", "is no currency code hhtool knows", "an ISO code or Chips", currency)
        places = max(_decimals(o), default=0)
        if places > MAX_DECIMALS:
            raise FieldError(
                "HH012",
                f"an OHH amount has {places} decimals",
                self.line,
                expected=f"at most {MAX_DECIMALS} decimals",
                actual=str(places),
            )
        self.scale = max(1 if chips else 100, 10**places)
        small, big = self.amount(o, "small_blind_amount"), self.amount(o, "big_blind_amount")
        limit = _LIMITS[kind]
        cap = self.amount(bet_limit, "bet_cap", 0)
        flags = self.field(o, "flags", list, [])
        hand_id = str(self.field(o, "game_number", (str, int)))
        seats, names = self.players()
        button = self.integer(o, "dealer_seat", 0)
        tournament = self.field(o, "tournament", bool, False)
        info = self.field(o, "tournament_info", dict, {})
        local = self.time()
        header = Header(
            site=SITE,
            hand_id=hand_id,
            game=game,
            limit=limit,
            small_blind=small,
            big_blind=big,
            small_bet=big,
            big_bet=2 * big if limit is Limit.FIXED_LIMIT else big,
            currency=CHIPS if chips else currency,
            scale=self.scale,
            time=local,
            time_zone="UTC" if local is not None else None,
            time_utc=to_utc(local, "UTC", None, DIALECT.conventions.time_zones, None),
            table=str(self.field(o, "table_name", (str, int), "")),
            max_seats=self.integer(o, "table_size", None),
            button_seat=button if button or any(seat.seat == 0 for seat in seats) else None,
            tournament_id=str(self.field(info, "tournament_number", (str, int), "")) if tournament else None,
            cap=cap or None,
            fast_fold="Fast" in flags,
        )
        events, runs, boards = self.rounds(names, big)
        collects, claims = self.pots(names)
        claims = msgspec.structs.replace(claims, runs=runs, boards=boards if runs > 1 else ())
        return Hand(
            header,
            tuple(seats),
            tuple(events) + tuple(collects),
            claims,
            Source(self.block.file, self.block.line, self.block.column),
            lines=self.block.text.count("\n") + 1,
        )

    def most_hole_cards(self) -> int:
        """The most cards one `Dealt Cards` or `Shows Cards` action holds (0 for none): what tells 4-, 5- and
        6-card Omaha apart, which OHH's `game_type` does not. Read leniently: `rounds` reads the fields
        again and reports what is malformed."""
        most = 0
        for item in self.o.get("rounds") or ():
            for action in (item.get("actions") or ()) if isinstance(item, dict) else ():
                if isinstance(action, dict) and action.get("action") in ("Dealt Cards", "Shows Cards"):
                    cards = action.get("cards")
                    if isinstance(cards, str):
                        cards = cards.split()
                    most = max(most, len(cards) if isinstance(cards, list) else 0)
        return most

    def time(self) -> datetime | None:
        text = self.field(self.o, "start_date_utc", str, None)
        if text is None:
            return None
        try:
            when = datetime.fromisoformat(text)
        except ValueError:
            raise self.error("start_date_utc", "is not an ISO 8601 time", "2020-04-07T14:32:50Z", text) from None
        if when.tzinfo is not None:
            when = when.astimezone(UTC).replace(tzinfo=None)
        return when

    def players(self) -> tuple[list[Seat], dict[int, str]]:
        seats: list[Seat] = []
        names: dict[int, str] = {}
        for player in self.field(self.o, "players", list):
            if not isinstance(player, dict):
                raise self.error("players", "holds an item that is not an object", "player objects", player)
            pid = self.integer(player, "id")
            name = self.field(player, "name", str, None) or self.field(player, "display", str)
            seat = self.integer(player, "seat")
            if not 0 <= seat <= MAX_SEAT:
                raise beyond("OHH seat", str(seat), f"at most {MAX_SEAT}", self.line)
            if pid in names:
                raise self.error("players", f"names id {pid} twice", "each id once", pid)
            names[pid] = name
            seats.append(
                Seat(
                    seat,
                    name,
                    self.amount(player, "starting_stack"),
                    self.line,
                    sitting_out=self.field(player, "is_sitting_out", bool, False),
                )
            )
        return seats, names

    def who(self, action: dict[str, Any], names: dict[int, str]) -> str:
        pid = self.integer(action, "player_id")
        if pid not in names:
            raise self.error("player_id", f"{pid} is no player's id", sorted(names), pid)
        return names[pid]

    def rounds(self, names: dict[int, str], big: int) -> tuple[list[Event], int, tuple[tuple[str, ...], ...]]:
        """The events of the rounds, and the runs of the board and their boards (a run-it-twice hand has a
        round for each run's streets after the all-in: a street that does not follow the last starts a run)."""
        line = self.line
        rounds = self.field(self.o, "rounds", list)
        streets = []
        for item in rounds:
            if not isinstance(item, dict):
                raise self.error("rounds", "holds an item that is not an object", "round objects", item)
            name = self.field(item, "street", str)
            if name not in _STREETS and name not in ("Preflop", "Showdown"):
                raise self.error("street", "is not Preflop, Flop, Turn, River or Showdown", "a street", name)
            streets.append(name)
        runs = self.runs([_STREETS.get(s) for s in streets])
        events: list[Event] = [StreetStart(line, Street.PREFLOP, 0, ())]
        money = StreetMoney()
        boards: dict[int, tuple[str, ...]] = {}
        for item, name, run in zip(rounds, streets, runs):
            street = _STREETS.get(name)
            if street is not None:
                if run in boards:
                    board = boards[run]
                elif run <= 1:  # the first run goes on from the board dealt before the all-in
                    board = boards.get(0, ())
                else:  # a later run deals again from the street it starts on
                    board = boards.get(run - 1, ())[: _BOARD_BEFORE[street]]
                board = board + self.cards(item)
                boards[run] = board
                events.append(StreetStart(line, street, run, board))
                money.new_street()
            # a Showdown round opens no street of its own: its shows close the betting (a show all-in before
            # the board is dealt is in a Showdown round before the street rounds, as hhtool writes it)
            actions = self.field(item, "actions", list, [])
            for action in actions:
                if not isinstance(action, dict):
                    raise self.error("actions", "holds an item that is not an object", "action objects", action)
                event = self.action(action, names, money, big)
                if event is not None:
                    events.append(event)
        count = max(runs, default=0)
        return events, max(count, 1), tuple(boards[r] for r in range(1, count + 1) if r in boards)

    @staticmethod
    def runs(streets: list[Street | None]) -> list[int]:
        """Each round's run: 0 before the board is run again, then 1, 2, … for the rounds of each run."""
        order = [_ORDER.get(s, 0) if s is not None else 0 for s in streets]
        first = next((j for j in range(1, len(order)) if order[j] and order[j - 1] and order[j] <= order[j - 1]), None)
        if first is None:
            return [0] * len(streets)
        start = next(i for i in range(first) if order[i] == order[first])
        out, run, last = [], 0, 0
        for i, rank in enumerate(order):
            if i == start:
                run = 1
            elif run and rank and rank <= last:
                run += 1
            out.append(run)
            last = rank or last
        return out

    def action(self, action: dict[str, Any], names: dict[int, str], money: StreetMoney, big: int) -> Event | None:
        line = self.line
        kind = self.field(action, "action", str)
        if kind in _SEATING:
            return None
        player = self.who(action, names)
        all_in = self.field(action, "is_allin", bool, False)
        if kind == "Dealt Cards":
            return DealHole(line, player, self.cards(action))
        if kind == "Shows Cards":
            return Show(line, player, self.cards(action), None)
        if kind == "Mucks Cards":
            return Muck(line, player, True)
        if kind == "Fold":
            return Fold(line, player, ())
        if kind == "Check":
            return Check(line, player)
        if kind == "Post Ante":
            return PostAnte(line, player, self.amount(action, "amount"), all_in)
        amount = self.amount(action, "amount")
        if kind in _BLINDS:
            money.put(player, amount)
            return PostBlind(line, player, _BLINDS[kind], amount, all_in)
        if kind == "Post Dead":  # a new player's dead small blind with a live big one, or a missed blind alone
            if amount > big:
                money.put(player, big)
                return PostBlind(line, player, BlindKind.SMALL_AND_BIG, amount, all_in)
            return PostBlind(line, player, BlindKind.MISSED, amount, all_in)
        if kind == "Call":
            money.put(player, amount)
            return Call(line, player, amount, all_in, False)
        if kind == "Bet":
            money.put(player, amount)
            return Bet(line, player, amount, all_in, False)
        if kind == "Raise":
            return RaiseTo(line, player, None, money.put(player, amount), all_in, False)
        raise self.error("action", "is no OHH action", "Fold, Check, Call, Bet, Raise, Post SB, …", kind)

    def pots(self, names: dict[int, str]) -> tuple[list[Event], Claims]:
        line = self.line
        collects: list[Event] = []
        rake = fee = total = 0
        pots = self.field(self.o, "pots", list, [])
        for index, pot in enumerate(pots):
            if not isinstance(pot, dict):
                raise self.error("pots", "holds an item that is not an object", "pot objects", pot)
            number = self.integer(pot, "number", index)
            total += self.amount(pot, "amount", 0)
            rake += self.amount(pot, "rake", 0)
            fee += self.amount(pot, "jackpot", 0)
            for win in self.field(pot, "player_wins", list, []):
                if not isinstance(win, dict):
                    raise self.error("player_wins", "holds an item that is not an object", "win objects", win)
                player = self.who(win, names)
                won = self.amount(win, "win_amount", 0)
                if won:
                    collects.append(Collect(line, player, won, number if number < len(pots) else None))
                cash_out = self.amount(win, "cashout_amount", 0)
                if cash_out:
                    collects.insert(0, CashOut(line, player, cash_out, self.amount(win, "cashout_fee", 0) or None))
        if not any(type(c) is Collect and c.pot_index for c in collects):
            # every win on the first pot: a writer that knew no pot of each award (the spec has no other
            # place for it), so the wins are not named for the main pot but checked over all the pots
            collects = [msgspec.structs.replace(c, pot_index=None) if type(c) is Collect else c for c in collects]
        claims = Claims(line=line, rake=rake if pots else None, fees=(("jackpot", fee),) if fee else ())
        return collects, claims
