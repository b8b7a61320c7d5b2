"""Winning Poker Network reader, 2016 era: the fields of `grammar/winning2016.lark`'s lines read into
hhtool's events and claims.

The 2016 client words every action `Player <name> <verb> (<amount>)`, the amount being the chips the
action adds (`raises (0.04)`, `calls (0.02)`: StreetMoney gives the street total a raise goes to). What the
text does not say and the reader infers, each from the text alone: the limit (not printed: fixed limit when
the big blind posted is the header's small stake, as `2/4` with blinds 1 and 2; else no limit), a tournament
(a `…, Table N` table, or the client's file name `HH20160828 T5795043-G…`, which carries the tournament
number), the start of the pre-flop round (no marker: the first card dealt). The summary's per-player
`Bets: B. Collects: C. Wins: W.` are the site's checksum (`Claims.ledgers`, HH214) and the collects (no
`collected` line is printed); its `shows: <words> [cards]` are the shows. Like every reader it checks no
poker rule.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

import msgspec

from hhtool.dialects.street_money import StreetMoney
from hhtool.dialects.textreader import HandReader, bracketed_cards
from hhtool.dialects.winning.reader import SITE
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
    Muck,
    Notice,
    NoticeKind,
    PostAnte,
    PostBlind,
    RaiseTo,
    ReturnUncalled,
    Seat,
    Show,
    Source,
    Street,
    StreetStart,
)
from hhtool.model.hand import Ledger
from hhtool.model.limits import MAX_ID_DIGITS, MAX_YEAR, MIN_YEAR

_STARTED = re.compile(r"Game started at: (?P<date>\d{4}/\d{1,2}/\d{1,2}) (?P<time>\d{1,2}:\d{1,2}:\d{1,2})$")
_GAME = re.compile(
    r"Game ID: (?P<id>\d+) (?P<small>[\d.,]+)/(?P<big>[\d.,]+) ?(?P<table>.*?) \((?P<game>[^()]+)\)"
    r"(?: (?P<max>\d+)-max)?$"
)
_FILE_TOURNAMENT = re.compile(r"\sT(\d+)-G\d+")  # the client's file name: `HH20160828 T5795043-G33949698…`
_TOURNAMENT_TABLE = re.compile(r", Table \d+$")


def read_header(line: str, table_line: str, line_no: int, file: str) -> Header:
    """The `Game started at:` and `Game ID:` lines; Unsupported for any game but Hold'em."""
    started = _STARTED.match(line)
    if started is None:
        raise FieldError(
            "HH010",
            f"start line not understood: {line[:80]!r}",
            line_no,
            expected="Game started at: YYYY/M/D H:M:S",
            actual=line[:160],
        )
    game = _GAME.match(table_line)
    if game is None:
        raise FieldError(
            "HH010",
            f"game line not understood: {table_line[:80]!r}",
            line_no + 1,
            expected="Game ID: N SB/BB <table> (Hold'em)",
            actual=table_line[:160],
        )
    if game["game"] != "Hold'em":
        raise Unsupported(game["game"])
    if len(game["id"]) > MAX_ID_DIGITS:
        raise _beyond("hand number", game["id"], f"at most {MAX_ID_DIGITS} digits", line_no + 1)
    try:
        year, month, day = map(int, started["date"].split("/"))
        hour, minute, second = map(int, started["time"].split(":"))
        time = datetime(year, month, day, hour, minute, second)
    except ValueError:
        time = None
    if time is None or not MIN_YEAR <= time.year <= MAX_YEAR:
        raise _beyond("date", started["date"], f"a real day of a year from {MIN_YEAR} to {MAX_YEAR}", line_no)
    table = game["table"].strip()
    in_file = _FILE_TOURNAMENT.search(file)
    tournament_id = in_file.group(1) if in_file else ("" if _TOURNAMENT_TABLE.search(table) else None)
    play_money = table.startswith("PM ")
    # the 2016 client prints cents everywhere, tournament chips and play money too (`Seat 5: X (1128.50).`)
    scale = 100
    small, big = _money(game["small"], scale, line_no + 1), _money(game["big"], scale, line_no + 1)
    max_seats = (
        2 if "Heads-up" in table else (_small_number(game["max"], "N-max", line_no + 1) if game["max"] else None)
    )
    return Header(
        site=SITE,
        hand_id=game["id"],
        game="holdem",
        limit=Limit.NO_LIMIT,
        small_blind=small,
        big_blind=big,
        small_bet=big,
        big_bet=big,
        currency="chips" if tournament_id is not None or play_money else "USD",
        scale=scale,
        time=time,
        time_zone=None,
        time_utc=None,
        table=table,
        max_seats=max_seats,
        button_seat=None,
        tournament_id=tournament_id,
        buy_in=table.rsplit(", Table", 1)[0] if tournament_id is not None and table else None,
        play_money=play_money,
    )


def _fixed_limit(header: Header) -> Header:
    """`2/4` with a big blind of 2: the stakes are the small and big bets (the limit is not printed)."""
    return msgspec.structs.replace(
        header,
        limit=Limit.FIXED_LIMIT,
        small_blind=header.small_blind // 2,
        big_blind=header.small_blind,
        small_bet=header.small_blind,
        big_bet=header.big_blind,
    )


_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>[^()\s]+)\)\.$")
_BUTTON = re.compile(r"Seat (\d+) is the button$")


def read_seats(tokens, base: int, scale: int) -> tuple[tuple[Seat, ...], int | None]:
    seats: list[Seat] = []
    button = None
    for token in tokens:
        text, line = token.value, base + token.line
        if token.type == "BUTTON":
            found = _BUTTON.match(text)
            assert found is not None  # the grammar's BUTTON terminal
            button = _small_number(found.group(1), "button seat", line)
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
            )
        )
    return tuple(seats), button


_STREETS = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}
_N = r"\d[\d,]*(?:\.\d+)?"  # an amount, without the full stop that may end a sentence after it
_POT = re.compile(rf"Pot: (?P<pot>{_N})(?:\. Rake (?P<rake>{_N}))?(?:\. JP fee (?P<jp>{_N}))?$")
_RESULT = re.compile(
    r"\*?Player (?P<name>.*?) (?:does not show cards|doesn't show cards|mucks \(does not show cards\)"
    r"|mucks \(does not show: \[[^\]]*\]\)|shows: (?:(?P<words>.*?) )?\[(?P<cards>[^\]]*)\])\.? ?"
    rf"Bets: (?P<bets>{_N})\. Collects: (?P<collects>{_N})\. (?P<sign>Wins|Loses): (?P<net>{_N})\.?$"
)


_NOTICES = {
    "TIMED_OUT": (" is timed out.", NoticeKind.CONNECTION),
    "SITTING_OUT": (" sitting out", NoticeKind.SITTING_OUT),
    "WAIT_BB": (" wait BB", NoticeKind.WAIT_FOR_BUTTON),
}


class Reader2016:
    """Reads one 2016-era hand's tokens; names and amounts through a plain PokerStars `HandReader` (`r`)."""

    def __init__(self, header: Header, seats: tuple[Seat, ...], base_line: int) -> None:
        self.r = HandReader(header, seats, base_line)
        self.scale = header.scale
        self.base = base_line - 1
        self.money = StreetMoney()
        self.high = 0
        self.cards: dict[str, list[str]] = {}
        self.dealt = False
        self.big_posted: int | None = None
        self.dealt_in: set[str] = set()

    def amount(self, text: str, verb: str, line: int) -> tuple[str, int]:
        """`Player <name> <verb> (<amount>)` → name, amount."""
        name, rest = self.r.split_space(text[len("Player ") :], f" {verb} (")
        return name, _money(rest[len(verb) + 2 : -1], self.scale, line)

    def put(self, player: str, added: int) -> int:
        total = self.money.put(player, added)
        self.high = max(self.high, total)
        return total

    def body(self, tokens) -> list[Event]:
        events: list[Event] = []
        for token in tokens:
            line, text, kind = self.base + token.line, token.value, token.type
            if kind in ("CARD", "NO_CARD") and not self.dealt:  # the deal starts the pre-flop round
                self.dealt = True
                events.append(StreetStart(line, Street.PREFLOP, 0, ()))
            event = self.read(kind, text, line)
            if event is not None:
                events.append(event)
        return events

    def read(self, kind: str, text: str, line: int) -> Event | None:
        if kind == "NO_CARD":
            self.dealt_in.add(self.r.split_space(text[len("Player ") :], " received a card.")[0])
            return None
        if kind == "CARD":
            name, rest = self.r.split_space(text[len("Player ") :], " received card: [")
            cards = self.cards.setdefault(name, [])
            cards.extend(card.replace("10", "T") for card in rest[len("received card: [") : -1].split())
            return DealHole(line, name, tuple(cards)) if len(cards) == 2 else None
        if kind == "STREET":
            self.money.new_street()
            self.high = 0
            return StreetStart(
                line,
                _STREETS[text[4 : text.index(" ***", 4)]],
                0,
                tuple(card.replace("10", "T") for card in bracketed_cards(text)),
            )
        if kind == "UNCALLED":
            printed, _, name = text[len("Uncalled bet (") :].partition(") returned to")
            return ReturnUncalled(line, name.removeprefix(" "), _money(printed, self.scale, line))
        if kind in ("FOLD", "CHECK", "MUCK"):
            verb = {"FOLD": " folds", "CHECK": " checks", "MUCK": " mucks cards"}[kind]
            name = text[len("Player ") : -len(verb)]
            return (
                Fold(line, name, ())
                if kind == "FOLD"
                else Check(line, name)
                if kind == "CHECK"
                else Muck(line, name, True)
            )
        if kind in _NOTICES:
            verb, notice = _NOTICES[kind]
            return Notice(line, notice, text[len("Player ") : -len(verb)], text)
        if kind == "ANTE":
            verb = "posts ante" if " posts ante (" in text else "ante"
            name, amount = self.amount(text, verb, line)
            return PostAnte(line, name, amount, False)
        verb = {
            "SMALL": "has small blind",
            "BIG": "has big blind",
            "POST": "posts",
            "STRADDLE": "straddle",
            "CALL": "calls",
            "BET": "bets",
            "RAISE": "raises",
            "ALLIN": "allin",
            "CAP": "caps" if " caps (" in text else "cap",
        }[kind]
        name, amount = self.amount(text, verb, line)
        high = self.high
        total = self.put(name, amount)
        if kind == "SMALL":
            return PostBlind(line, name, BlindKind.SMALL, amount, False)
        if kind == "BIG":
            self.big_posted = amount
            return PostBlind(line, name, BlindKind.BIG, amount, False)
        if kind == "POST":
            # `Player barzop posts (5)` at 5/10, then `calls (5)`: a live post by a player joining (the big
            # blind's size: a big blind out of turn)
            big = self.big_posted is not None and amount == self.big_posted
            return PostBlind(line, name, BlindKind.BIG if big else BlindKind.MISSED, amount, False, None if big else 0)
        if kind == "STRADDLE":
            return PostBlind(line, name, BlindKind.STRADDLE, amount, False)
        if kind == "CALL":
            return Call(line, name, amount, False, False)
        if kind == "BET":
            return Bet(line, name, amount, False, False)
        all_in, capped = kind == "ALLIN", kind == "CAP"
        if high == 0:  # raises, allin and caps print the chips added: the bet, call or raise they make
            return Bet(line, name, amount, all_in, capped)
        if total <= high:
            return Call(line, name, amount, all_in, capped)
        return RaiseTo(line, name, None, total, all_in, capped)

    def claims(self, tokens, summary_line: int) -> tuple[Claims, list[Event]]:
        total = main = rake = None
        fees: tuple[tuple[str, int], ...] = ()
        boards: list[tuple[str, ...]] = []
        board_lines: list[int] = []
        ledgers: list[Ledger] = []
        trailing: list[Event] = []
        total_line = summary_line
        for token in tokens:
            kind, line, text = token.type, self.base + token.line, token.value
            if kind == "POT":
                match = _POT.match(text)
                if match is None:
                    raise FieldError(
                        "HH010",
                        f"pot line not understood: {text[:80]!r}",
                        line,
                        expected="Pot: <amount>. Rake <amount>",
                        actual=text[:160],
                    )
                total_line = line
                # the whole pot after rake and fees (what the winners collect), not a main pot: side pots are
                # not printed, so the collects are checked per player over all pots
                main = _money(match["pot"], self.scale, line)
                rake = _money(match["rake"], self.scale, line) if match["rake"] else None
                fees = (("jp fee", _money(match["jp"], self.scale, line)),) if match["jp"] else ()
                total = main + (rake or 0) + sum(amount for _, amount in fees)
            elif kind == "BOARD":
                boards.append(tuple(card.replace("10", "T") for card in bracketed_cards(text)))
                board_lines.append(line)
            elif kind == "RESULT":
                match = _RESULT.match(text)
                if match is None:
                    raise FieldError(
                        "HH010",
                        f"summary player line not understood: {text[:80]!r}",
                        line,
                        expected="Player X does not show cards. Bets: B. Collects: C. Wins: W.",
                        actual=text[:160],
                    )
                name = match["name"]
                bets, collects = _money(match["bets"], self.scale, line), _money(match["collects"], self.scale, line)
                net = _money(match["net"], self.scale, line) * (1 if match["sign"] == "Wins" else -1)
                ledgers.append(Ledger(line, name, bets, collects, net))
                if match["cards"] is not None:
                    cards = tuple(card.replace("10", "T") for card in match["cards"].split())
                    # the 2016 words (`Two pairs. 8s and 5s`) are not PokerStars': kept out, not checked
                    trailing.append(Show(line, name, cards, None))
                if collects:
                    trailing.append(Collect(line, name, collects, None))
        claims = Claims(
            total_line, total, None, (), rake, 1, tuple(boards), tuple(board_lines), (), fees, tuple(ledgers)
        )
        return claims, trailing


def build_hand(
    block: Block, header: Header, seat_tokens: Sequence, body: Sequence, summary: Sequence, line_breaks: int
) -> Hand:
    base = block.line - 1
    seats, button = read_seats(seat_tokens, base, header.scale)
    reader = Reader2016(header, seats, block.line)
    events = reader.body(body)
    summary_token, *summary_lines = summary
    claims, trailing = reader.claims(summary_lines, base + summary_token.line)
    events.extend(trailing)
    dealt = {event.player for event in events if type(event) is DealHole} | reader.dealt_in
    # `Player X received a card.` names every player dealt in: a seat with none sat the hand out
    seats = tuple(seat if seat.player in dealt else msgspec.structs.replace(seat, sitting_out=True) for seat in seats)
    header = msgspec.structs.replace(header, button_seat=button)
    if reader.big_posted is not None and reader.big_posted == header.small_blind != header.big_blind:
        header = _fixed_limit(header)
    return Hand(
        header=header,
        seats=seats,
        events=tuple(events),
        claims=claims,
        source=Source(block.file, block.line, block.column),
        lines=line_breaks,
    )


# The line kinds of grammar/winning2016.lark (read above by kind): the words that point the lexer at each.
LINE_KINDS = LineKinds()
for _kind, _first, _markers in (
    ("HEADER", ("Game",), ()),
    ("TABLE", ("Game",), ()),
    ("BUTTON", ("Seat",), ()),
    ("SEAT", ("Seat",), ()),
    ("STREET", ("***",), ()),
    ("UNCALLED", ("Uncalled",), ()),
    ("SUMMARY", ("------",), ()),
    ("POT", ("Pot:",), ()),
    ("BOARD", ("Board:",), ()),
    ("RESULT", ("*Player",), (". Collects: ",)),
    ("ENDED", ("Game",), ()),
    ("SMALL", (), (" has small blind (",)),
    ("BIG", (), (" has big blind (",)),
    ("POST", (), (" posts (",)),
    ("ANTE", (), (" ante (",)),
    ("STRADDLE", (), (" straddle (",)),
    ("CARD", (), (" received card: [",)),
    ("NO_CARD", (), (" received a card.",)),
    ("FOLD", (), (" folds",)),
    ("CHECK", (), (" checks",)),
    ("CALL", (), (" calls (",)),
    ("BET", (), (" bets (",)),
    ("RAISE", (), (" raises (",)),
    ("ALLIN", (), (" allin (",)),
    ("CAP", (), (" caps (", " cap (")),
    ("MUCK", (), (" mucks cards",)),
    ("TIMED_OUT", (), (" is timed out.",)),
    ("SITTING_OUT", (), (" sitting out",)),
    ("WAIT_BB", (), (" wait BB",)),
):
    LINE_KINDS.declare(_kind, first=_first, markers=_markers)  # read by Reader2016 (read, claims) and the header
