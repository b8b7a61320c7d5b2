"""888poker / Pacific Poker reader: the fields of `grammar/pacific888.lark`'s lines read into hhtool's events.

888's lines are its own (no `name: ` colon, amounts in brackets, cards with commas), so this reader
shares the neutral pieces (`LineKinds`, `parse_sections`, `StreetMoney`, the money reader of
`hhtool.grammar.fields`) rather than PokerStars' line readers. Like every reader it checks no poker
rule: it reads what is printed, and turns 888's printed raise (the chips that action added) into the
street total the model's `RaiseTo` carries, by arithmetic on the printed amounts (`StreetMoney`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from datetime import datetime

import msgspec

from hhtool.dialects.pacific888 import PLAY_MONEY
from hhtool.dialects.street_money import StreetMoney
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
    HandCancelled,
    Header,
    Limit,
    Muck,
    Notice,
    NoticeKind,
    PostAnte,
    PostBlind,
    RaiseTo,
    Seat,
    Show,
    Source,
    Street,
    StreetStart,
)
from hhtool.model.limits import MAX_ID_DIGITS, MAX_YEAR, MIN_YEAR
from hhtool.model.money import CHIPS

SITE = "888poker"  # the `site` of the hands (the dialect's name is `pacific888`)

# ---------------------------------------------------------------------------------------------
# Amounts: 888 prints them in the client's locale. `$1,728.25` and `$10,165` (a `$` before, thousands
# commas, also for tournament chips), `0,38 $`, `284,48$` and `2.000 €` (the symbol after, a decimal
# comma, thousands points), `6 000` and `1 123 698` (thousands spaces), `29.75` (play money). A
# separator followed by three digits and nothing else is a thousands separator; the last separator
# followed by one or two digits is the decimal one (888 prints at most cents).

_NOT_DIGITS = str.maketrans("", "", "$€\x80 ")


@functools.lru_cache(maxsize=65536)
def plain_amount(text: str) -> str:
    """An 888 amount as `1234.56` (no symbol, no thousands separators, a decimal point)."""
    bare = text.translate(_NOT_DIGITS).removesuffix("USD").removesuffix("EUR")
    last = max(bare.rfind(","), bare.rfind("."))
    if last < 0:
        return bare
    whole = bare[:last].replace(",", "").replace(".", "")
    fraction = bare[last + 1 :]
    if len(fraction) == 3 and fraction.isdigit():  # `2.000`, `$10,165`: a thousands group
        return whole + fraction
    return f"{whole}.{fraction}"


def read_amount(text: str, scale: int, line: int) -> int:
    """An 888 amount in minor units; HH012/HH013 when it cannot be read exactly."""
    return _money(plain_amount(text.strip()), scale, line)


# ---------------------------------------------------------------------------------------------
# Cards: `[ Qc, 2c ]`. Clients in other languages print some cards in their words: German suits
# (`8Pik`: Pik, Kreuz, Karo, Herz), Spanish suit letters (`7p`, `8t`: picas, tréboles), Russian ranks
# (`Âh`, `Äc`, `Òd`: the cp1251 bytes of В (валет, jack), Д (дама, queen), Т (туз, ace), К (король,
# king) read as cp1252, or the Cyrillic letters themselves), `10` for a ten.
_RANKS = {"10": "T", "\xc2": "J", "В": "J", "\xc4": "Q", "Д": "Q", "\xd2": "A", "Т": "A", "\xca": "K", "К": "K"}
_SUITS = {"Pik": "s", "Kreuz": "c", "Karo": "d", "Herz": "h", "p": "s", "t": "c"}


@functools.lru_cache(maxsize=1024)
def card(text: str) -> str:
    """One printed card as hhtool's two letters (`Qc`); an unknown word is kept as printed (the replay
    reports a card it does not know)."""
    rank, suit = (text[:2], text[2:]) if text.startswith("10") else (text[:1], text[1:])
    return _RANKS.get(rank, rank) + _SUITS.get(suit, suit)


def cards(text: str) -> tuple[str, ...]:
    """`… [ 9s, Ts, 4d ]` → the cards in the last brackets of a line."""
    start = text.rfind("[")
    inside = text[start + 1 : text.rfind("]")] if start >= 0 else ""
    return tuple(card(part.strip()) for part in inside.split(",") if part.strip())


def _bracket(text: str) -> str:
    """The text inside the last brackets of a line: `P calls [$0.02]` → `$0.02`."""
    return text[text.rfind("[") + 1 : text.rfind("]")]


# ---------------------------------------------------------------------------------------------
# Header: `#Game No : N` (not always), `***** 888poker Hand History for Game N *****` (Cassava, 888poker,
# 888poker.ca-on, 888.ro, 888.ro BLAST, …), the stakes line `$0.01/$0.02 Blinds No Limit Holdem - *** 04
# 02 2011 13:04:49` (DD MM YYYY; tournaments may print no date), the table line, `Seat N is the button`,
# `Total number of players : N`.

_HAND = re.compile(r"\*{4,5} (?P<brand>.*?) ?Hand History for Game (?P<id>\w+) \*{4,5}$")
_STAKES = re.compile(
    r"(?P<small>[^/]+)/(?P<big>[^/]+?) Blinds (?P<limit>No Limit|Pot Limit|Fix Limit|Limit) (?P<game>.+?)"
    r"(?P<jackpot> Jackpot table)? - \*\*\*(?: (?P<day>\d{1,2}) (?P<month>\d{1,2}) (?P<year>\d{4})"
    r" (?P<hour>\d{1,2}):(?P<minute>\d{2}):(?P<second>\d{2}))?$"
)
_LIMITS = {
    "No Limit": Limit.NO_LIMIT,
    "Pot Limit": Limit.POT_LIMIT,
    "Fix Limit": Limit.FIXED_LIMIT,
    "Limit": Limit.FIXED_LIMIT,
}
_MONEY = r" \((?P<money>Real Money|Practice Play|Play Money)\)$"
_CASH_TABLE = re.compile(r"Table (?P<name>.+?)(?: (?P<max>\d+) Max)?" + _MONEY)
_TOURNAMENT_TABLE = re.compile(
    r"Tournament #(?P<tid>\d+)(?: (?P<buyin>.*?))??(?: - Table #(?P<table>\d+))?"
    r"(?: (?P<max>\d+) Max)?" + _MONEY
)
_BUTTON = re.compile(r"Seat (?P<seat>\d+) is the button$")
_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.*) \( (?P<stack>.+?) \)$")
_CURRENCIES = {"$": "USD", "€": "EUR", "\x80": "EUR"}
# the game words -> Header.game (fpdb-3's PacificPokerToFpdb.py `games`: `Holdem`, `Hold'em`, `Omaha`, `OmahaHL`
# and `Omaha Hi/Lo`, each with any of the limit words; hhsmithy/pacific-cash's OmahaHiLo files print `OmahaHL`)
_GAMES = {
    "Holdem": "holdem",
    "Hold'em": "holdem",
    "Omaha": "omaha",
    "OmahaHL": "omaha_hilo",
    "Omaha Hi/Lo": "omaha_hilo",
}


def read_header(text: str, line_no: int) -> Header:
    """The header lines of an 888 hand (its text from the first line to the seats); Unsupported for a
    game but Hold'em and Omaha (high, hi/lo)."""
    lines = text.split("\n", 12)
    index = 0
    if lines[0].startswith("#Game No"):  # then the header line, after blank lines if any
        index = next((i for i in range(1, len(lines)) if lines[i].strip()), len(lines) - 1)
    hand = _HAND.match(lines[index])
    if hand is None:
        raise FieldError("HH010", f"not an 888 header: {lines[index][:80]!r}", line_no + index)
    if len(hand["id"]) > MAX_ID_DIGITS:
        raise _beyond("hand number", hand["id"], f"at most {MAX_ID_DIGITS} digits", line_no + index)
    rest = [line for line in lines[index + 1 : index + 5]]
    if len(rest) < 4 or not rest[3]:
        raise FieldError(
            "HH011",
            "hand ends inside its header",
            line_no + index + len(rest),
            expected="stakes, table, button and players lines",
            actual="end of hand",
        )
    stakes_line, table_line, button_line = rest[0], rest[1], rest[2]
    stakes = _STAKES.match(stakes_line)
    if stakes is None:
        raise FieldError(
            "HH010",
            f"stakes line not understood: {stakes_line[:80]!r}",
            line_no + index + 1,
            expected="<small>/<big> Blinds <limit> <game> - *** DD MM YYYY HH:MM:SS",
            actual=stakes_line[:160],
        )
    game = _GAMES.get(stakes["game"])
    if game is None:
        raise Unsupported(stakes["game"])
    time = _time(stakes, line_no + index + 1)
    button = _BUTTON.match(button_line)
    if button is None:
        raise FieldError(
            "HH010",
            f"button line not understood: {button_line[:80]!r}",
            line_no + index + 3,
            expected="Seat N is the button",
            actual=button_line[:160],
        )
    try:
        template = _template(stakes["small"], stakes["big"], stakes["limit"], table_line, game)
    except FieldError as exc:  # its line is 0 for the stakes line, 1 for the table line
        raise FieldError(
            exc.code, str(exc), line_no + index + 1 + exc.line, expected=exc.expected, actual=exc.actual
        ) from None
    return msgspec.structs.replace(
        template,
        hand_id=hand["id"],
        time=time,
        button_seat=_small_number(button["seat"], "button seat", line_no + index + 3),
    )


def _time(stakes: re.Match, line: int) -> datetime | None:
    """`DD MM YYYY HH:MM:SS` as printed (888 prints no zone); None when absent or not a date."""
    if stakes["year"] is None:
        return None
    year = int(stakes["year"])
    if not MIN_YEAR <= year <= MAX_YEAR:
        raise _beyond(
            "date", f"{stakes['day']} {stakes['month']} {stakes['year']}", f"a year from {MIN_YEAR} to {MAX_YEAR}", line
        )
    try:
        return datetime(
            year,
            int(stakes["month"]),
            int(stakes["day"]),
            int(stakes["hour"]),
            int(stakes["minute"]),
            int(stakes["second"]),
        )
    except ValueError:
        return None


@functools.lru_cache(maxsize=4096)
def _template(small: str, big: str, limit_name: str, table_line: str, game: str) -> Header:
    """The header fields every hand of a table shares (stakes, money, table), memoised; a FieldError's line
    is 0 for the stakes line, 1 for the table line."""
    line = 0
    table = _TOURNAMENT_TABLE.match(table_line) or _CASH_TABLE.match(table_line)
    if table is None:
        raise FieldError(
            "HH010",
            f"table line not understood: {table_line[:80]!r}",
            line + 1,
            expected="Table <name> [N Max] (Real Money) or Tournament #N …",
            actual=table_line[:160],
        )
    tournament = "tid" in table.re.groupindex
    play_money = table["money"] != "Real Money"
    symbol = next((s for s in _CURRENCIES if s in small + big), None)
    if tournament:
        currency, scale = CHIPS, 1
    elif symbol is None or play_money:  # play money prints cents too (`0.50/1 Blinds`)
        currency, scale = CHIPS, 100
    else:
        currency, scale = _CURRENCIES[symbol], 100
    limit = _LIMITS[limit_name]
    small_blind, big_blind = read_amount(small, scale, line), read_amount(big, scale, line)
    # 888 prints the blinds, also at fixed limit: the small bet is the big blind, the big bet twice it
    small_bet, big_bet = (big_blind, 2 * big_blind) if limit is Limit.FIXED_LIMIT else (big_blind, big_blind)
    if tournament:
        name = f"{table['tid']} {table['table']}" if table["table"] else table["tid"]  # as PokerStars names them
        tournament_id, buy_in = table["tid"], (table["buyin"] or None)
        if len(tournament_id) > MAX_ID_DIGITS:
            raise _beyond("tournament number", tournament_id, f"at most {MAX_ID_DIGITS} digits", line + 1)
    else:
        name, tournament_id, buy_in = table["name"], None, None
    return Header(
        site=SITE,
        hand_id="",
        game=game,
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
        table=name,
        max_seats=None,
        button_seat=None,
        tournament_id=tournament_id,
        buy_in=buy_in,
        play_money=play_money and not tournament,
    )


def read_seats(tokens: Sequence, base: int, scale: int) -> tuple[Seat, ...]:
    seats = []
    for token in tokens:
        line = base + token.line
        match = _SEAT.match(token.value)
        if match is None:
            raise FieldError("HH010", f"seat line not understood: {token.value[:80]!r}", line)
        seats.append(
            Seat(
                _small_number(match["seat"], "seat number", line),
                match["name"],
                read_amount(match["stack"], scale, line),
                line,
            )
        )
    return tuple(seats)


# ---------------------------------------------------------------------------------------------
# Body and summary lines: `<name> <verb> [amount]`. The name is everything before the verb (a name
# may be empty, or hold spaces); the amount in brackets ends the line, so the verb's last occurrence
# ends the name.

_STREETS = {"down cards": Street.PREFLOP, "flop": Street.FLOP, "turn": Street.TURN, "river": Street.RIVER}


class PacificReader:
    """Reads one hand's line tokens into events and claims, keeping each player's chips on the street
    (`StreetMoney`) to turn a printed raise into its street total, and the board dealt so far (888
    prints only the new cards of the turn and the river)."""

    def __init__(self, header: Header, seats: tuple[Seat, ...], base: int) -> None:
        self.scale = header.scale
        self.base = base
        self.money = StreetMoney()
        self.board: tuple[str, ...] = ()
        self.dealt = False  # whether `** Dealing down cards **` was read
        self.left = {seat.player: seat.stack for seat in seats}  # chips behind, by the printed amounts

    def put(self, name: str, amount: int) -> bool:
        """`name` puts `amount` in: whether that is the last chip (888 prints no all-in mark)."""
        left = self.left.get(name)
        if left is None:
            return False
        self.left[name] = left - amount
        return left > 0 and amount >= left

    def amount(self, text: str, line: int) -> int:
        return read_amount(_bracket(text), self.scale, line)

    def body(self, tokens: Sequence) -> list[Event]:
        events: list[Event] = []
        for token in tokens:
            line = self.base + token.line
            if token.type == "SHOWN_HAND":
                events[-1] = _described(events, token.value, line)
                continue
            reader = _READERS.get(token.type)
            if reader is None:  # grammar and declarations out of step (tests check they agree)
                raise FieldError("HH010", f"no reader for line kind {token.type}", line)
            events.append(reader(self, token.value, line))
        return events

    def claims(self, summary_line: int) -> Claims:
        """888 prints no total pot, no rake and no summary seat lines: nothing to claim but where the summary
        starts (the rake is inferred, not printed)."""
        return Claims(line=summary_line)


LINE_KINDS = LineKinds()
_reads = LINE_KINDS.reads
_READERS = LINE_KINDS.readers
LINE_KINDS.declare("GAME_NO", first=("#Game",))  # read_header
LINE_KINDS.declare("HAND_HEADER", first=("*****", "****"))  # read_header
LINE_KINDS.declare("STAKES", markers=(" Blinds ",))  # read_header
LINE_KINDS.declare("TABLE", first=("Table", "Tournament"))  # read_header
LINE_KINDS.declare("BUTTON", first=("Seat",))  # read_header
LINE_KINDS.declare("PLAYERS", first=("Total",))  # read_header
LINE_KINDS.declare("SEAT", first=("Seat",))  # read_seats
LINE_KINDS.declare("SUMMARY", first=("**",))  # opens the summary
LINE_KINDS.declare("SHOWN_HAND", first=("(Hi:", "(Lo:"))  # PacificReader.body: the show line's description


def _name(text: str, marker: str) -> str:
    return text[: text.rfind(marker)]


@_reads("STREET", first=("**",))
def _street(r: PacificReader, text: str, line: int) -> Event:
    street = _STREETS[text[len("** Dealing ") : text.index(" **", len("** Dealing"))]]
    if street is Street.PREFLOP:  # the blinds posted before it are on this street
        r.dealt = True
        return StreetStart(line, street, 0, ())
    r.money.new_street()
    r.board = r.board + cards(text)  # the turn and the river print their own card only
    return StreetStart(line, street, 0, r.board)


@_reads("DEALT", first=("Dealt",))
def _dealt(r: PacificReader, text: str, line: int) -> Event:
    return DealHole(line, text[len("Dealt to ") : text.rfind(" [")], cards(text))


@_reads("POST_SMALL", markers=(" posts small blind [",))
def _post_small(r: PacificReader, text: str, line: int) -> Event:
    name, amount = _name(text, " posts small blind ["), r.amount(text, line)
    r.money.put(name, amount)
    return PostBlind(line, name, BlindKind.SMALL, amount, r.put(name, amount))


@_reads("POST_BIG", markers=(" posts big blind [",))
def _post_big(r: PacificReader, text: str, line: int) -> Event:
    name, amount = _name(text, " posts big blind ["), r.amount(text, line)
    r.money.put(name, amount)
    return PostBlind(line, name, BlindKind.BIG, amount, r.put(name, amount))


@_reads("POST_DEAD", markers=(" posts dead blind [",))
def _post_dead(r: PacificReader, text: str, line: int) -> Event:
    """`P posts dead blind [$0.01 + $0.02]`: the small blind, dead, and the big blind, live."""
    name = _name(text, " posts dead blind [")
    dead_text, plus, live_text = _bracket(text).partition(" + ")
    dead = read_amount(dead_text, r.scale, line)
    live = read_amount(live_text, r.scale, line) if plus else 0
    r.money.put(name, live)
    all_in = r.put(name, dead + live)
    if live:
        return PostBlind(line, name, BlindKind.SMALL_AND_BIG, dead + live, all_in, dead=dead)
    return PostBlind(line, name, BlindKind.MISSED, dead, all_in, dead=dead)


@_reads("POST_ANTE", markers=(" posts ante [",))
def _post_ante(r: PacificReader, text: str, line: int) -> Event:
    name, amount = _name(text, " posts ante ["), r.amount(text, line)
    return PostAnte(line, name, amount, r.put(name, amount))


@_reads("FOLD", markers=(" folds",))
def _fold(r: PacificReader, text: str, line: int) -> Event:
    if not r.dealt:  # a fold before the cards: the player declines to post and sits this hand out
        return Notice(line, NoticeKind.SITTING_OUT, text[: -len(" folds")], text)
    return Fold(line, text[: -len(" folds")], ())


@_reads("CHECK", markers=(" checks",))
def _check(r: PacificReader, text: str, line: int) -> Event:
    return Check(line, text[: -len(" checks")])


@_reads("CALL", markers=(" calls [",))
def _call(r: PacificReader, text: str, line: int) -> Event:
    name, amount = _name(text, " calls ["), r.amount(text, line)
    r.money.put(name, amount)
    return Call(line, name, amount, r.put(name, amount), False)


@_reads("BET", markers=(" bets [",))
def _bet(r: PacificReader, text: str, line: int) -> Event:
    name, amount = _name(text, " bets ["), r.amount(text, line)
    r.money.put(name, amount)
    return Bet(line, name, amount, r.put(name, amount), False)


@_reads("RAISE", markers=(" raises [",))
def _raise(r: PacificReader, text: str, line: int) -> Event:
    """`P raises [$0.29]`: the chips this action added; the model's raise is to the street total."""
    name, added = _name(text, " raises ["), r.amount(text, line)
    return RaiseTo(line, name, None, r.money.put(name, added), r.put(name, added), False)


@_reads("SHOW", markers=(" shows [",))
def _show(r: PacificReader, text: str, line: int) -> Event:
    return Show(line, _name(text, " shows ["), cards(text), None)


def _described(events: list[Event], text: str, line: int) -> Show:
    """The show line before a hi/lo hand's `(Hi: Jc, Jh, Js, Ks, As)` or `(Lo: 2h, 5d, 6d, 8h, As)` line (hhsmithy/
    pacific-cash's OmahaHiLo files), with that line as its description, in the `HI: …; LO: …` form the
    settlement reads (`hhtool.rules.hilo`): the cards as printed."""
    show = events[-1] if events else None
    if type(show) is not Show:
        raise FieldError(
            "HH010", f"{text[:40]!r} follows no show line", line, expected="a show line before it", actual=text
        )
    part = ("HI: " if text.startswith("(Hi:") else "LO: ") + text[len("(Hi: ") : -1].strip()
    description = f"{show.description}; {part}" if show.description else part
    return Show(show.line, show.player, show.cards, description)


@_reads("MUCK", markers=(" mucks [",))
def _muck(r: PacificReader, text: str, line: int) -> Event:
    return Muck(line, _name(text, " mucks ["), True)


@_reads("NO_SHOW", markers=(" did not show his hand",))
def _no_show(r: PacificReader, text: str, line: int) -> Event:
    return Muck(line, text[: -len(" did not show his hand")], False)


@_reads("COLLECT", markers=(" collected [",))
def _collect(r: PacificReader, text: str, line: int) -> Event:
    return Collect(line, _name(text, " collected ["), r.amount(text, line), None)


def build_hand(
    block: Block, header: Header, seat_tokens: Sequence, body: Sequence, summary: Sequence, line_breaks: int
) -> Hand:
    """The hand from the grammar's sections (the summary's lines are the showdown and the collects). A hand
    whose seat lines print no names is not read (`_named`); one stopped before the deal is cancelled."""
    base = block.line - 1
    seats = read_seats(seat_tokens, base, header.scale)
    _named(seats)
    reader = PacificReader(header, seats, base)
    summary_token, *summary_lines = summary
    events = reader.body(body)
    if not reader.dealt and not any(type(event) in _BETS for event in events):
        # no `** Dealing down cards **` and no bet: the hand stopped before the deal (heads-up, the player due for
        # the big blind declines, printed `folds`, and the small blind is `collected` back: file 888-LHE-HU-USD-
        # 10-20-201202.cancelled.hand.txt); an aborted hand, as PokerStars' `Hand cancelled`
        events.append(HandCancelled(base + summary_token.line))
    events.extend(reader.body(summary_lines))
    return Hand(
        header=header,
        seats=seats,
        events=tuple(events),
        claims=reader.claims(base + summary_token.line),
        source=Source(block.file, block.line, block.column),
        lines=line_breaks,
        conventions_variant=PLAY_MONEY if header.play_money else "",
    )


_BETS = (Check, Call, Bet, RaiseTo, StreetStart)  # betting or a street: a hand that was played, however cut


def _named(seats: tuple[Seat, ...]) -> None:
    """HH010 for a hand whose seat lines print no player name (`Seat 2:  ( $1,555 )`, file NLHE-USD-50.00-
    100.00-201406.blank.player.names.txt: its posts and actions are nameless too, ` folds`): which player
    does what cannot be told, so the hand is not replayed (one finding, not one per line it would upset)."""
    blank = [seat for seat in seats if not seat.player.strip()]
    if blank:
        numbers = ", ".join(str(seat.seat) for seat in blank)
        raise FieldError(
            "HH010",
            f"seat line without a player name (seat {numbers}): the hand's lines cannot be "
            "told apart by player and it is not replayed",
            blank[0].line,
            expected="Seat N: <name> ( <stack> )",
            actual=f"{len(blank)} of {len(seats)} seats unnamed",
        )
