"""Winamax reader: the fields of `grammar/winamax.lark`'s lines read into hhtool's events and claims.

Winamax prints no colon after a player's name (`Player9 folds`), so every name-led line is cut at its
verb, resolved against the seat list when the verb appears twice (`HandReader.split_space`). Amounts
carry their currency after them (`0.50€`), tournament blinds may print the ante first (`50/200/400`),
the hero's `Dealt to` line comes before `*** PRE-FLOP ***` (kept in that order),
`*** ANTE/BLINDS ***` opens the posts (no event: the posts are the section), and the summary's
`Total pot` is what the winners collected: after rake, with any uncalled chips returned inside a
`collected` line (the dialect's conventions tell the replay; see `__init__.py`). Like every reader it
checks no poker rule.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from decimal import Decimal, InvalidOperation

from hhtool.dialects import textreader as family  # HandReader and the line helpers the family shares
from hhtool.dialects.textreader import HandReader, bracketed_cards, naive_datetime
from hhtool.grammar.fields import FieldError, Unsupported
from hhtool.grammar.fields import beyond as _beyond
from hhtool.grammar.fields import money as _money
from hhtool.grammar.fields import small_number as _small_number
from hhtool.grammar.kinds import LineKinds
from hhtool.model import (
    Bet,
    BlindKind,
    Call,
    CashDrop,
    Check,
    Claims,
    Collect,
    Event,
    Fold,
    Header,
    Limit,
    Notice,
    NoticeKind,
    Outcome,
    PostAnte,
    PostBlind,
    RaiseTo,
    Seat,
    SeatSummary,
    Street,
    StreetStart,
)
from hhtool.model.clock import to_utc
from hhtool.model.limits import MAX_ID_DIGITS, MAX_YEAR, MIN_YEAR
from hhtool.model.money import CURRENCY_SYMBOLS, MoneyError, to_minor

SITE = "winamax"  # also in hhtool.dialects.winamax (the record)
ZONES = {"UTC": "UTC"}  # every Winamax header in the corpus (2010-2022) prints its time in UTC

# ---------------------------------------------------------------------------------------------
# Header and table line

# `Winamax Poker - CashGame - HandId: #… - Holdem no limit (0.02€/0.05€) - 2011/02/21 20:12:00 UTC`;
# the table kinds: CashGame, the fast-fold pools `Go Fast "Buzau"`, `HOLD-UP "…"`, `ESCAPE "…"`, and
# `Tournament "TEA TIME" buyIn: 18€ + 2€ level: 11` (buy-in also `0.93-0.07`, `Ticket only`, `Gratuit`…;
# a freeroll's first hand prints `level: -1`)
_INTRO = re.compile(
    r"Winamax Poker - (?:(?P<cash>CashGame)|(?P<pool>Go Fast|HOLD-UP|ESCAPE) \"(?P<pool_name>[^\"]*)\""
    r"|Tournament \"(?P<tname>.*)\" buyIn: (?P<buyin>.*?) level: (?P<level>-?\d+))"
    r" - HandId: #(?P<id>[\w-]+) - (?P<game>[^()]+?) \((?P<stakes>[^()]*)\)"
    r" - (?P<date>\d{4}/\d{1,2}/\d{1,2}) (?P<time>\d{1,2}:\d{2}(?::\d{2})?)(?: (?P<tz>[A-Z]{2,5}))?$"
)
# the game and limit words -> (Header.game, limit): fpdb-3's WinamaxToFpdb.py `games` (`Holdem`, `Omaha`, and
# `Omaha5` or `5 Card Omaha` for five cards) and `limits`; its `Omaha8`, `Omaha Hi/Lo`, `5 Card Omaha Hi/Lo`,
# the studs, razz and draw stay unsupported
_GAME_WORDS = {"Holdem": "holdem", "Omaha": "omaha", "Omaha5": "omaha5", "5 Card Omaha": "omaha5"}
_LIMIT_WORDS = {"no limit": Limit.NO_LIMIT, "pot limit": Limit.POT_LIMIT, "fixed limit": Limit.FIXED_LIMIT}
_GAMES = {
    f"{words} {limit_words}": (game, limit)
    for words, game in _GAME_WORDS.items()
    for limit_words, limit in _LIMIT_WORDS.items()
}
# `Table: 'Joue-les-Tours' 9-max (real money) Seat #4 is the button`; a 2012 file prints `Seat 0000005`
_TABLE = re.compile(
    r"Table: '(?P<name>.*)' (?P<max>\d+)-max \((?P<money>real money|play money)\)"
    r"(?: Seat #?(?P<button>\d+) is the button)?$"
)
_TOURNAMENT_TABLE = re.compile(r"\((?P<tid>\d+)\)#\d+$")  # 'TEA TIME(548967895)#0037'
_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[^,()]+)(?:, (?P<bounty>[^()]*?) bounty)?\)$")


def read_header(line: str, table_line: str, line_no: int) -> Header:
    """The header and table lines of a Winamax hand, tournament chips counted one by one."""
    return read_header_at(line, table_line, line_no, 1)


def read_header_in_cents(line: str, table_line: str, line_no: int) -> Header:
    """The same, tournament chips counted in hundredths (2010 tournaments print `292.50` chips)."""
    return read_header_at(line, table_line, line_no, 100)


def read_header_at(line: str, table_line: str, line_no: int, chip_scale: int) -> Header:
    intro = _INTRO.match(line)
    if intro is None:
        raise FieldError(
            "HH010",
            f"Winamax header not understood: {line[:120]!r}",
            line_no,
            expected="Winamax Poker - <table kind> - HandId: #… - <game> (<stakes>) - <date> <time> UTC",
            actual=line[:160],
        )
    known = _GAMES.get(intro["game"])
    if known is None:
        raise Unsupported(intro["game"])
    game, limit = known
    time = naive_datetime(intro["date"], intro["time"])
    if time is not None and not MIN_YEAR <= time.year <= MAX_YEAR:
        raise _beyond(
            "date", f"{time:%Y/%m/%d}", f"a year from {MIN_YEAR} to {MAX_YEAR}", line_no, intro.start("date") + 1
        )
    table = _TABLE.match(table_line)
    if table is None:
        raise FieldError(
            "HH010",
            f"table line not understood: {table_line[:80]!r}",
            line_no + 1,
            expected="Table: '<name>' N-max (real money) Seat #N is the button",
            actual=table_line[:160],
        )
    max_seats = _small_number(table["max"], "N-max", line_no + 1)
    button = table["button"]
    button_seat = _small_number(button.lstrip("0") or "0", "button seat", line_no + 1) if button else None
    tournament_id = None
    if intro["tname"] is not None:
        found = _TOURNAMENT_TABLE.search(table["name"])
        tournament_id = found["tid"] if found else intro["id"].partition("-")[0]
        if len(tournament_id) > MAX_ID_DIGITS:
            raise _beyond("tournament number", tournament_id, f"at most {MAX_ID_DIGITS} digits", line_no)
    try:
        stakes = _stakes(intro["stakes"], limit, tournament_id is not None, table["money"] == "play money", chip_scale)
    except MoneyError as exc:
        raise FieldError(
            exc.code, f"header stakes: {exc}", line_no, expected="amounts like 0.05€", actual=intro["stakes"]
        ) from None
    currency, scale, ante, small_blind, big_blind, small_bet, big_bet = stakes
    tz = intro["tz"]
    return Header(
        site=SITE,
        hand_id=intro["id"],
        game=game,
        limit=limit,
        small_blind=small_blind,
        big_blind=big_blind,
        small_bet=small_bet,
        big_bet=big_bet,
        currency=currency,
        scale=scale,
        time=time,
        time_zone=tz,
        time_utc=to_utc(time, tz, None, ZONES, None),
        table=table["name"],
        max_seats=max_seats,
        button_seat=button_seat,
        tournament_id=tournament_id,
        buy_in=intro["buyin"],
        level=intro["level"],
        ante=ante,
        fast_fold=intro["pool"] is not None,
        play_money=table["money"] == "play money",
    )


@functools.lru_cache(maxsize=1024)
def _stakes(
    text: str, limit: Limit, tournament: bool, play_money: bool, chip_scale: int
) -> tuple[str, int, int | None, int, int, int, int]:
    """`0.02€/0.05€`, `2€/4€`, `0.10/0.20` (play money), `10/20` or `50/200/400` (ante first) →
    currency, scale, ante, small blind, big blind, small bet, big bet."""
    parts = text.split("/")
    if len(parts) not in (2, 3):
        raise MoneyError(f"not stakes: {text!r}")
    symbol = next((s for s in CURRENCY_SYMBOLS if s in text), None)
    if tournament:
        currency, scale = "chips", chip_scale
    elif symbol is None:  # play money: decimals like real money, no currency
        currency, scale = "chips", 100
    else:
        currency, scale = CURRENCY_SYMBOLS[symbol], 100
    amounts = [to_minor(part, scale) for part in parts]
    ante = amounts[0] if len(amounts) == 3 else None
    small, big = amounts[-2], amounts[-1]
    if limit is Limit.FIXED_LIMIT:  # `(0.05€/0.10€)`: the small and the big bet; blinds half and one small bet
        return currency, scale, ante, small // 2, small, small, big
    return currency, scale, ante, small, big, big, big


def read_seats(tokens, base: int, scale: int) -> tuple[Seat, ...]:
    """`Seat 1: Player1 (1.60€)`, `Seat 1: Player0 (18694, 9€ bounty)`."""
    seats = []
    for token in tokens:
        text, line_no = token.value, base + token.line
        match = _SEAT.match(text)
        if match is None:
            raise FieldError(
                "HH010",
                f"seat line not understood: {text[:80]!r}",
                line_no,
                expected="Seat N: <name> (<stack>)",
                actual=text[:160],
            )
        seats.append(
            Seat(
                _small_number(match["seat"], "seat number", line_no),
                match["name"],
                _money(match["stack"], scale, line_no),
                line_no,
                match["bounty"],
            )
        )
    return tuple(seats)


# ---------------------------------------------------------------------------------------------
# Summary

_POSITIONS = ("button", "small blind", "big blind")
_TAGS = tuple(f"({name}) " for name in _POSITIONS)
_TOTAL = re.compile(r"Total pot (?P<total>[^ |]+)(?: \| (?:Rake (?P<rake>\S+)|No rake))?$")
_THOUSANDS = re.compile(r"(?P<number>\d+(?:\.(?P<decimals>\d+))?)k$")  # `6.02k`: 2010-2011 tournament totals
_FOLDED = {
    "folded on the pre-flop": Street.PREFLOP,
    "folded on the flop": Street.FLOP,
    "folded on the turn": Street.TURN,
    "folded on the river": Street.RIVER,
}
_SHOWED = re.compile(r"showed \[(?P<cards>[^\]]*)\] and (?:won (?P<amount>\S+)|lost)(?: with (?P<desc>.*))?$")
_STREETS = {
    "PRE-FLOP": Street.PREFLOP,
    "FLOP": Street.FLOP,
    "TURN": Street.TURN,
    "RIVER": Street.RIVER,
    "SHOW DOWN": Street.SHOWDOWN,
}


class WinamaxHandReader(HandReader):
    """HandReader with Winamax's line kinds (LINE_KINDS below) and summary."""

    def __init__(self, header: Header, seats: tuple[Seat, ...], base_line: int) -> None:
        super().__init__(header, seats, base_line, _READERS)

    def body(self, tokens) -> list:
        """The body's events; `*** ANTE/BLINDS ***` opens the posts and is no event. (The `Dealt to` lines
        come before `*** PRE-FLOP ***`, as printed: the replay takes the cards wherever they stand.)"""
        return super().body([token for token in tokens if token.type != "BLINDS"])

    def money(self, text: str, line: int) -> int:
        return _money(text, self.scale, line)

    def claims(self, tokens, summary_line: int) -> tuple[Claims, list[Event]]:
        total: int | None = None
        rake: int | None = None
        step = 0
        boards: list[tuple[str, ...]] = []
        board_lines: list[int] = []
        seats: list[SeatSummary] = []
        total_line = summary_line
        base = self.base
        for token in tokens:
            kind, line = token.type, base + token.line
            if kind == "SEAT_RESULT":
                seats.append(self.seat_result(token.value, line))
            elif kind == "TOTAL_POT":
                total_line = line
                total, rake, step = self.pot_line(token.value, line)
            elif kind == "BOARD":
                boards.append(bracketed_cards(token.value))
                board_lines.append(line)
        claims = Claims(
            total_line, total, None, (), rake, 1, tuple(boards), tuple(board_lines), tuple(seats), total_step=step
        )
        return claims, []

    def pot_line(self, text: str, line: int) -> tuple[int, int | None, int]:
        """`Total pot 12.90€ | Rake 0.80€` / `| No rake` → the pot before rake as Winamax counts it (what
        the winners collected, returned chips included, plus the rake), the rake, and the step the total
        is rounded to (`6.02k`: to ten chips; 0: exact)."""
        match = _TOTAL.match(text)
        if match is None:
            raise FieldError(
                "HH010",
                f"total pot line not understood: {text[:80]!r}",
                line,
                expected="Total pot <amount> | Rake <amount> (or | No rake)",
                actual=text[:160],
            )
        printed, step = match["total"], 0
        thousands = _THOUSANDS.match(printed)
        if thousands is not None:
            try:
                number = Decimal(thousands["number"]) * 1000
            except InvalidOperation:
                raise FieldError("HH012", f"total pot {printed!r} is not an amount", line) from None
            decimals = len(thousands["decimals"] or "")
            step = 10 ** max(3 - decimals, 0) * self.scale
            total = self.money(str(number.to_integral_value()), line)
        else:
            total = self.money(printed, line)
        rake = self.money(match["rake"], line) if match["rake"] is not None else (0 if "No rake" in text else None)
        return total + (rake or 0), rake, step

    def seat_result(self, text: str, line: int) -> SeatSummary:
        colon = text.index(": ")
        seat = _small_number(text[5:colon], "seat number", line)
        rest = text[colon + 2 :]
        name = self._seat_names.get(seat)
        if name is None or not rest.startswith(name + " "):
            name = _summary_name(rest)
        rest = rest[len(name) + 1 :]
        positions: tuple[str, ...] = ()
        while rest.startswith(_TAGS):
            tag, _, rest = rest.partition(") ")
            positions += (tag[1:],)
        folded = _FOLDED.get(rest)
        if folded is not None:
            return SeatSummary(line, seat, name, positions, "folded", folded, False, (), (), False, text)
        if rest == "folded":  # a seat that took no part (no street printed)
            return SeatSummary(line, seat, name, positions, "folded", None, True, (), (), False, text)
        if rest.startswith("won "):
            amount = self.money(rest[len("won ") :], line)
            return SeatSummary(
                line, seat, name, positions, "won", None, False, (), (Outcome(True, amount, None),), False, text
            )
        showed = _SHOWED.match(rest)
        if showed is not None:
            won = showed["amount"]
            outcome = Outcome(won is not None, self.money(won, line) if won is not None else None, showed["desc"])
            return SeatSummary(
                line,
                seat,
                name,
                positions,
                "showed",
                None,
                False,
                tuple(showed["cards"].split()),
                (outcome,),
                False,
                text,
            )
        if rest.startswith("mucked"):
            return SeatSummary(
                line, seat, name, positions, "mucked", None, False, bracketed_cards(rest), (), False, text
            )
        return SeatSummary(line, seat, name, positions, "other", None, False, (), (), False, text)


_SUMMARY_NAME = re.compile(r"(.+?)(?= \((?:button|small blind|big blind)\)| folded\b| showed \[| mucked| won )")


def _summary_name(rest: str) -> str:
    match = _SUMMARY_NAME.match(rest)
    return match.group(1) if match else rest


# ---------------------------------------------------------------------------------------------
# The line kinds of grammar/winamax.lark, each declared once with its reader and hint words.

LINE_KINDS = LineKinds()
_reads = LINE_KINDS.reads
_READERS = LINE_KINDS.readers
LINE_KINDS.declare("HEADER", first=("Winamax",))  # read_header
LINE_KINDS.declare("TABLE", first=("Table:",))  # read_header
LINE_KINDS.declare("SEAT", first=("Seat",))  # read_seats
LINE_KINDS.declare("BLINDS", first=("***",))  # opens the posts; WinamaxHandReader.body leaves it out
LINE_KINDS.declare("SUMMARY", first=("***",))  # opens the summary, read by WinamaxHandReader.claims
LINE_KINDS.declare("SEAT_RESULT", first=("Seat",))  # WinamaxHandReader.seat_result
LINE_KINDS.declare("TOTAL_POT", first=("Total",))  # WinamaxHandReader.pot_line
LINE_KINDS.declare("BOARD", first=("Board:",))  # WinamaxHandReader.claims


@_reads("STREET", first=("***",))
def _street(r: WinamaxHandReader, text: str, line: int) -> Event:
    marker = text[4 : text.index(" ***", 4)]
    return StreetStart(line, _STREETS[marker], 0, bracketed_cards(text))


@_reads("DEALT", first=("Dealt",))
def _dealt(r: WinamaxHandReader, text: str, line: int) -> Event:
    return family.read_dealt(r, text, line)


@_reads("POT_ADDED", first=("Hold-up", "Escape"))
def _pot_added(r: WinamaxHandReader, text: str, line: int) -> Event:
    """`Hold-up to Pot: total 0.20€`: money the site puts in the pot, paid by no player."""
    return CashDrop(line, r.money(text[text.index(": total ") + len(": total ") :], line))


_ALL_IN = " and is all-in"
_OUT_OF_POSITION = " out of position"


def _post(r: WinamaxHandReader, text: str, line: int, verb: str) -> tuple[str, int, bool, bool]:
    """`<name> posts <blind> 0.05€[ out of position][ and is all-in]` → name, amount, all-in, out of position."""
    name, rest = r.split_space(text, " " + verb)
    rest = rest[len(verb) :]
    all_in = rest.endswith(_ALL_IN)
    if all_in:
        rest = rest[: -len(_ALL_IN)]
    out_of_position = rest.endswith(_OUT_OF_POSITION)
    if out_of_position:
        rest = rest[: -len(_OUT_OF_POSITION)]
    return name, r.money(rest, line), all_in, out_of_position


@_reads("POST_SMALL", markers=(" posts small blind ",))
def _post_small(r: WinamaxHandReader, text: str, line: int) -> Event:
    name, amount, all_in, out_of_position = _post(r, text, line, "posts small blind ")
    # a small blind posted out of position is a returning player's missed blind: dead money
    return PostBlind(
        line,
        name,
        BlindKind.MISSED if out_of_position else BlindKind.SMALL,
        amount,
        all_in,
        amount if out_of_position else None,
    )


@_reads("POST_BIG", markers=(" posts big blind ",))
def _post_big(r: WinamaxHandReader, text: str, line: int) -> Event:
    # out of position: a new player's big blind, live as the big blind's (PokerStars' new-player post)
    name, amount, all_in, _ = _post(r, text, line, "posts big blind ")
    return PostBlind(line, name, BlindKind.BIG, amount, all_in)


@_reads("POST_ANTE", markers=(" posts ante ",))
def _post_ante(r: WinamaxHandReader, text: str, line: int) -> Event:
    name, amount, all_in, _ = _post(r, text, line, "posts ante ")
    return PostAnte(line, name, amount, all_in)


@_reads("DENIES", markers=(" denies ",))
def _denies(r: WinamaxHandReader, text: str, line: int) -> Event:
    """`SatOutToo denies big blind` (fpdb's "Hero.Sitting.Out" sample), or `denies small blind`: the player
    declines to post and sits this hand out (a denied small blind leaves the hand without one)."""
    return Notice(line, NoticeKind.SITTING_OUT, r.split_space(text, " denies ")[0], text)


@_reads("FOLD", markers=(" folds",))
def _fold(r: WinamaxHandReader, text: str, line: int) -> Event:
    return Fold(line, text[: -len(" folds")], ())


@_reads("CHECK", markers=(" checks",))
def _check(r: WinamaxHandReader, text: str, line: int) -> Event:
    return Check(line, text[: -len(" checks")])


def _amount_and_all_in(r: WinamaxHandReader, rest: str, line: int) -> tuple[int, bool]:
    all_in = rest.endswith(_ALL_IN)
    return r.money(rest[: -len(_ALL_IN)] if all_in else rest, line), all_in


@_reads("CALL", markers=(" calls ",))
def _call(r: WinamaxHandReader, text: str, line: int) -> Event:
    name, rest = r.split_space(text, " calls ")
    added, all_in = _amount_and_all_in(r, rest[len("calls ") :], line)
    return Call(line, name, added, all_in, False)


@_reads("BET", markers=(" bets ",))
def _bet(r: WinamaxHandReader, text: str, line: int) -> Event:
    name, rest = r.split_space(text, " bets ")
    added, all_in = _amount_and_all_in(r, rest[len("bets ") :], line)
    return Bet(line, name, added, all_in, False)


@_reads("RAISE", markers=(" raises ",))
def _raise(r: WinamaxHandReader, text: str, line: int) -> Event:
    """`Hero raises 0.10€ to 0.15€`: the raise size, then the street total raised to (as PokerStars)."""
    name, rest = r.split_space(text, " raises ")
    by, _, rest = rest[len("raises ") :].partition(" to ")
    to, all_in = _amount_and_all_in(r, rest, line)
    return RaiseTo(line, name, r.money(by, line), to, all_in, False)


@_reads("SHOW", markers=(" shows [",))
def _show(r: WinamaxHandReader, text: str, line: int) -> Event:
    name, rest = r.split_space(text, " shows [")
    return family.shown(line, name, rest)


@_reads("COLLECT", markers=(" collected ",))
def _collect(r: WinamaxHandReader, text: str, line: int) -> Event:
    """`X collected 4.34€ from side pot 1` (also `from main pot`, `from pot`); the amount includes any
    uncalled chips returned to X. The pot named is kept as printed (0 main, N side pot N), but it is not
    the pot of an all-in level (`Conventions.names_pots`): Winamax names the chips it returns `side pot 1`
    (fpdb's "Invalid.side.pot" and "all.in.blind" samples) and pays a main and a side pot won by one
    player as `main pot`."""
    name, rest = r.split_space(text, " collected ")
    amount, _, pot = rest[len("collected ") :].partition(" from ")
    index: int | None = None
    if pot == "main pot":
        index = 0
    elif pot.startswith("side pot "):
        index = _small_number(pot[len("side pot ") :], "side pot number", line)
    return Collect(line, name, r.money(amount, line), index)


def build_hand(block, header: Header, seat_tokens: Sequence, body: Sequence, summary: Sequence, line_breaks: int):
    """The hand from the grammar's sections."""
    from hhtool.model import Hand, Source

    base = block.line - 1
    seats = read_seats(seat_tokens, base, header.scale)
    reader = WinamaxHandReader(header, seats, block.line)
    events = reader.body(body)
    summary_token, *summary_lines = summary
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
