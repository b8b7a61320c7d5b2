"""GGPoker reader: the fields of `grammar/ggpoker.lark`'s lines read into hhtool's events and claims.

GG prints most action lines exactly as PokerStars does, so the line readers they share are the
PokerStars family's (`hhtool.dialects.textreader`); this module reads what is GG's own: the header (`Poker Hand #RC…`,
`#HD…`, `#TM…`), `Dealt to X` without cards, straddles and missed-blind posts, `Cash Drop to Pot`,
EV Cashout and all-in insurance lines, three runs of the board, and the `Total pot … | Rake … |
Jackpot … | Bingo … | Fortune … | Tax …` line. Like every reader it checks no poker rule.
"""

from __future__ import annotations

import functools
import re
from typing import Final

import msgspec

from hhtool.dialects import textreader as family  # the line shapes GG prints as PokerStars does
from hhtool.dialects.textreader import (
    FOLD_RESULTS,
    FOLDED,
    TABLE_LINES,
    HandReader,
    bracketed_cards,
    fold_street,
    game_table,
    naive_datetime,
    read_table,
)
from hhtool.grammar.fields import FieldError, Unsupported
from hhtool.grammar.fields import beyond as _beyond
from hhtool.grammar.kinds import LineKinds
from hhtool.model import (
    BlindKind,
    CashDrop,
    Claims,
    DealHole,
    EVCashout,
    Event,
    Header,
    Insurance,
    Limit,
    Notice,
    NoticeKind,
    Outcome,
    PostBlind,
    Seat,
    SeatSummary,
    Street,
    StreetStart,
)
from hhtool.model.limits import MAX_ID_DIGITS, MAX_YEAR, MIN_YEAR
from hhtool.model.money import CURRENCY_SYMBOLS, MoneyError, to_minor

SITE = "ggpoker"  # also in hhtool.dialects.ggpoker (the record)

# ---------------------------------------------------------------------------------------------
# Header

_INTRO = re.compile(r"Poker Hand #(?P<prefix>[A-Z]*)(?P<id>\d+): *")
_WHEN = re.compile(r" +- +(?P<date>\d{4}/\d{1,2}/\d{1,2}) (?P<time>\d{1,2}:\d{2}(?::\d{2})?)$")
# Table types by id prefix (the header's game words decide what is replayed: a `#TM` Omaha
# tournament is unsupported as well). RC: Rush & Cash, fast-fold, whose "table" is a pool.
_FAST_FOLD_PREFIXES = frozenset({"RC"})
_TOURNAMENT = re.compile(r"Tournament #(?P<tid>\d+), (?P<rest>.*)$")
_HOLDEM = {
    "Hold'em No Limit": Limit.NO_LIMIT,
    "Hold'em Pot Limit": Limit.POT_LIMIT,
    "Hold'em Limit": Limit.FIXED_LIMIT,
    "Hold'em Fixed Limit": Limit.FIXED_LIMIT,
}
# Omaha high as GG prints it (fpdb-3's GGPokerToFpdb game map): `Omaha` or `PLO`, `PLO-5`, `PLO-6`, with a
# betting structure or none (then pot limit, as the `PLO` in the name says); `(NL postflop)` is pot limit
# before the flop and no limit after. The Hi/Lo games stay unsupported.
_OMAHA_WORDS = {"Omaha": "omaha", "PLO": "omaha", "PLO-5": "omaha5", "PLO-6": "omaha6"}
_LIMIT_WORDS = {
    "": Limit.POT_LIMIT,
    "Pot Limit": Limit.POT_LIMIT,
    "No Limit": Limit.NO_LIMIT,
    "Limit": Limit.FIXED_LIMIT,
    "Fixed Limit": Limit.FIXED_LIMIT,
    "(NL postflop)": Limit.POT_LIMIT_PREFLOP,
}
# header game words -> (Header.game, limit)
_GAMES = game_table(_HOLDEM, _OMAHA_WORDS, _LIMIT_WORDS)
# The game of a tournament header is at its end: `…Main Event Hold'em No Limit - Level14(300/600)` (the
# tournament's name may itself say `No Limit Hold'em`); a blind level may print an ante first.
_TOURNAMENT_GAME = re.compile(
    r"(?P<name>.*?) ?(?P<game>Hold'em (?:No |Pot |Fixed )?Limit"
    r"|(?:Omaha(?: Hi/Lo)?|PLO(?:-\d)?)(?: (?:No |Pot |Fixed )?Limit| \(NL postflop\))?"
    r"|ShortDeck(?: No Limit)?)\s*- (?P<level>Level ?\w+) ?\((?:ante [\d,]+, )?(?P<stakes>[^()]*)\)$"
)
_CASH_GAME = re.compile(r"(?P<game>.*?) \((?P<stakes>[^()]*)\)$")
_STAKES = re.compile(r"(?P<small>[^/ ]+)/(?P<big>[^/ ]+)$")


def read_header(line: str, table_line: str, line_no: int) -> Header:
    """The header and table lines of a GG hand; Unsupported for a game but Hold'em and Omaha high."""
    intro = _INTRO.match(line)
    if intro is None:  # the grammar's HEADER terminal makes this unreachable for real input
        raise FieldError("HH010", f"not a GGPoker header: {line[:80]!r}", line_no)
    rest = line[intro.end() :]
    when = _WHEN.search(rest)
    if when is None:
        raise FieldError(
            "HH010", "header has no date and time (expected ' - YYYY/MM/DD H:MM:SS')", line_no, intro.end() + 1
        )
    if len(intro["id"]) > MAX_ID_DIGITS:
        raise _beyond("hand number", intro["id"], f"at most {MAX_ID_DIGITS} digits", line_no, intro.start("id") + 1)
    time = naive_datetime(when["date"], when["time"])
    if time is not None and not MIN_YEAR <= time.year <= MAX_YEAR:
        raise _beyond(
            "date",
            f"{time:%Y/%m/%d}",
            f"a year from {MIN_YEAR} to {MAX_YEAR}",
            line_no,
            intro.end() + when.start("date") + 1,
        )
    table = TABLE_LINES.get(table_line)
    if table is None:
        table = read_table(table_line, line_no)
    name, max_seats, button, _play_money = table
    try:
        template = _header_template(rest[: when.start()])
    except FieldError as exc:
        raise FieldError(exc.code, str(exc), line_no, expected=exc.expected, actual=exc.actual) from None
    return msgspec.structs.replace(
        template,
        hand_id=intro["prefix"] + intro["id"],
        time=time,
        table=name,
        max_seats=max_seats,
        button_seat=button,
        fast_fold=intro["prefix"] in _FAST_FOLD_PREFIXES,
    )


@functools.lru_cache(maxsize=4096)
def _header_template(middle: str) -> Header:
    """The header fields every hand of a table shares (game, limit, stakes, tournament), memoised."""
    tournament_id = buy_in = level = None
    tourney = _TOURNAMENT.match(middle)
    if tourney:
        tournament_id = tourney["tid"]
        if len(tournament_id) > MAX_ID_DIGITS:
            raise _beyond("tournament number", tournament_id, f"at most {MAX_ID_DIGITS} digits", 0)
        game_match = _TOURNAMENT_GAME.match(tourney["rest"])
        if game_match is None:
            raise FieldError("HH010", f"tournament header names no game and level: {middle!r}", 0)
        buy_in, level = game_match["name"].strip() or None, game_match["level"]
    else:
        game_match = _CASH_GAME.match(middle)
        if game_match is None:
            raise FieldError("HH010", f"game and stakes not understood: {middle!r}", 0)
    game = game_match["game"].strip()
    known = _GAMES.get(game)
    if known is None:
        raise Unsupported(game)
    variant, limit = known
    stake = _STAKES.match(game_match["stakes"].strip())
    if stake is None:
        raise FieldError("HH010", f"stakes not understood: {game_match['stakes']!r}", 0)
    symbol = next((s for s in CURRENCY_SYMBOLS if s in game_match["stakes"]), None)
    if tournament_id is not None or symbol is None:
        currency, scale = "chips", 1
    else:
        currency, scale = CURRENCY_SYMBOLS[symbol], 100
    try:
        small, big = to_minor(stake["small"], scale), to_minor(stake["big"], scale)
    except MoneyError as exc:
        raise FieldError(exc.code, f"header stakes: {exc}", 0) from None
    return Header(
        site=SITE,
        hand_id="",
        game=variant,
        limit=limit,
        small_blind=small,
        big_blind=big,
        small_bet=big,
        big_bet=big,
        currency=currency,
        scale=scale,
        time=None,
        time_zone=None,
        time_utc=None,
        table="",
        max_seats=None,
        button_seat=None,
        tournament_id=tournament_id,
        buy_in=buy_in,
        level=level,
        play_money=tournament_id is None and symbol is None,
    )


# ---------------------------------------------------------------------------------------------
# Body and summary lines

_RUNS = {"FIRST": 1, "SECOND": 2, "THIRD": 3}
_STREETS = {
    "HOLE CARDS": Street.PREFLOP,
    "FLOP": Street.FLOP,
    "TURN": Street.TURN,
    "RIVER": Street.RIVER,
    "SHOWDOWN": Street.SHOWDOWN,
    "SHOW DOWN": Street.SHOWDOWN,
}
_RUN_COUNTS = {"two": 2, "three": 3}
# `Total pot $1.8 | Rake $0.08 | Jackpot $0.07 | Bingo $0 | Fortune $0 | Tax $0`: any of the fields
# after the total may be missing (`Total pot 1,625` in tournaments, `… | Bingo $0` in 2021)
_FEE_FIELD = re.compile(r" \| (?P<name>[A-Z][A-Za-z ]*?) (?P<amount>\S+)")
_TOTAL = re.compile(r"Total pot (?P<total>\S+)(?P<fees>(?: \| [A-Z][A-Za-z ]*? \S+)*)$")
# what a summary seat line may print between the name (and position tags) and the result, and after it
_TIME_BANK = re.compile(
    r"(?:received \((?P<received>[^)]*)\) from time bank card|bought time bank card "
    r"\((?P<bought>[^)]*)\)), "
)
_CASHOUT_SUFFIX = re.compile(r", (?P<kind>EV Cashout|Cashout Risk) \((?P<amount>[^)]*)\)$")
_INSURANCE_TERMS = re.compile(
    r"premium \((?P<premiums>[^()]*)\) for \((?P<covers>[^()]*)\) - \(Mandatory/Main/Sub\)\)$"
)
_TAGS = ("(button)", "(small blind)", "(big blind)", "(button blind)")
_SUMMARY_NAME = re.compile(
    r"(.+?)(?= \((?:button|small blind|big blind|button blind)\)| folded | showed \["
    r"| mucked| collected \(| won \(| received \(| bought time bank)"
)


class GGHandReader(HandReader):
    """HandReader with GG's line kinds (LINE_KINDS below); the summary is GG's own."""

    def __init__(self, header: Header, seats: tuple[Seat, ...], base_line: int) -> None:
        super().__init__(header, seats, base_line, _READERS)

    def body(self, tokens) -> list:
        events = super().body(tokens)
        self.shared_board: tuple[str, ...] = ()
        if any(type(event) is StreetStart and event.run for event in events):
            self._shared_streets(events)
        _straddles_as_increments(events)
        return events

    def _shared_streets(self, events: list) -> None:
        """GG prefixes `FIRST` to every street of the first run, also to a street all runs share: a hand
        all-in on the flop prints `*** FIRST FLOP ***`, the betting, then `*** FIRST TURN ***` …
        `*** SECOND TURN ***`. A street no later run repeats is shared (run 0 in the model), and its
        board is what `SECOND Board [..]` leaves out (GG prints only a run's own cards there)."""
        repeated = {event.street for event in events if type(event) is StreetStart and event.run > 1}
        for index, event in enumerate(events):
            if type(event) is not StreetStart:
                continue
            if event.run == 1 and event.street not in repeated and event.street is not Street.SHOWDOWN:
                event = events[index] = msgspec.structs.replace(event, run=0)
            if event.run == 0 and event.board:
                self.shared_board = event.board

    def in_brackets(self, text: str, verb: str, line: int) -> tuple[str, int]:
        """`name: <verb>($X)` → name and the amount in the brackets."""
        name, rest = self.split_colon(text, verb)
        return name, self.money(rest[len(verb) : -1], line)

    # -- summary ---------------------------------------------------------------------------
    def claims(self, tokens, summary_line: int) -> tuple[Claims, list[Event]]:
        total = rake = None
        fees: tuple[tuple[str, int], ...] = ()
        runs = 1
        boards: list[tuple[str, ...]] = []
        board_lines: list[int] = []
        seats: list[SeatSummary] = []
        notices: list[Event] = []
        total_line = summary_line
        base = self.base
        for token in tokens:
            kind, line = token.type, base + token.line
            if kind == "SEAT_RESULT":
                seats.append(self.seat_result(token.value, line))
            elif kind == "TOTAL_POT":
                total_line = line
                total, rake, fees = self.fee_claims(token.value, line)
            elif kind == "BOARD":
                board = bracketed_cards(token.value)
                if token.value.startswith(("SECOND", "THIRD")) and len(board) < 5:  # the run's own cards only
                    board = self.shared_board + board
                boards.append(board)
                board_lines.append(line)
            elif kind == "RUN_TIMES":
                runs = _RUN_COUNTS[token.value.split()[3]]
            else:
                notices.append(self.event(token))
        claims = Claims(total_line, total, None, (), rake, runs, tuple(boards), tuple(board_lines), tuple(seats), fees)
        return claims, notices

    def fee_claims(self, text: str, line: int) -> tuple[int, int | None, tuple[tuple[str, int], ...]]:
        """`Total pot … | Rake … | Jackpot …` → total, rake (None when not printed), the other fees in order."""
        match = _TOTAL.match(text)
        if match is None:
            raise FieldError(
                "HH010",
                f"total pot line not understood: {text[:80]!r}",
                line,
                expected="Total pot <amount> | Rake <amount> | …",
                actual=text[:160],
            )
        rake = None
        fees = []
        for field in _FEE_FIELD.finditer(match["fees"]):
            amount = self.money(field["amount"], line)
            if field["name"] == "Rake" and rake is None:
                rake = amount
            else:
                fees.append((field["name"].lower(), amount))
        return self.money(match["total"], line), rake, tuple(fees)

    def seat_result(self, text: str, line: int) -> SeatSummary:
        colon = text.index(": ")
        seat = int(text[5:colon]) if text[5:colon].isdigit() and len(text[5:colon]) <= 2 else 0
        rest = text[colon + 2 :]
        name = self._seat_names.get(seat)
        if name is None or not rest.startswith(name):
            match = _SUMMARY_NAME.match(rest)
            name = match.group(1) if match else rest
        rest = rest[len(name) + 1 :]
        positions: tuple[str, ...] = ()
        while rest.startswith(_TAGS):
            tag, _, rest = rest.partition(") ")
            positions += (tag[1:],)
        time_bank = _TIME_BANK.match(rest)
        if time_bank is not None:  # a time bank card bought or received: money outside the pot
            rest = rest[time_bank.end() :]
        folded = FOLD_RESULTS.get(rest)
        if folded is not None:
            return SeatSummary(line, seat, name, positions, "folded", folded[0], folded[1], (), (), False, text)
        summary = self._seat_outcome(text, line, seat, name, positions, rest)
        return summary

    def _seat_outcome(
        self, text: str, line: int, seat: int, name: str, positions: tuple[str, ...], rest: str
    ) -> SeatSummary:
        received = paid = None
        suffix = _CASHOUT_SUFFIX.search(rest)
        if suffix is not None:  # `…, EV Cashout ($3.57)` (the site paid the player) / `…, Cashout Risk ($0.65)`
            rest = rest[: suffix.start()]
            if suffix["kind"] == "EV Cashout":
                received = self.money(suffix["amount"], line)
            else:
                paid = self.money(suffix["amount"], line)
        summary = self._result(text, line, seat, name, positions, rest)
        if suffix is None:
            return summary
        return msgspec.structs.replace(
            summary, cashed_out=received is not None, cash_out_received=received, cash_out_paid=paid
        )

    def _result(self, text: str, line: int, seat: int, name: str, positions: tuple[str, ...], rest: str) -> SeatSummary:
        cashed_out = False
        cards: tuple[str, ...] = ()
        if rest.startswith("showed ["):
            close = rest.find("]")
            if close < 0:
                raise FieldError("HH010", f"summary seat line cut inside its cards: {text[:80]!r}", line)
            cards = tuple(rest[len("showed [") : close].split())
            rest = rest[close + 1 :].removeprefix(" and ")
            if not rest.startswith("folded"):
                outcomes = self.run_outcomes(rest, line)
                if outcomes is not None:
                    return SeatSummary(
                        line, seat, name, positions, "showed", None, False, cards, outcomes, cashed_out, text
                    )
        fold = FOLDED.match(rest)
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
        for word in ("collected", "won"):
            if rest.startswith(word + " (") and ")" in rest:
                amount = self.money(rest[len(word) + 2 : rest.index(")")], line)
                return SeatSummary(
                    line,
                    seat,
                    name,
                    positions,
                    word,
                    None,
                    False,
                    cards,
                    (Outcome(True, amount, None),),
                    cashed_out,
                    text,
                )
        return SeatSummary(line, seat, name, positions, "other", None, False, cards, (), cashed_out, text)


# ---------------------------------------------------------------------------------------------
# The line kinds of grammar/ggpoker.lark, each declared once with its reader and hint words. The kinds
# GG prints exactly as PokerStars does are read by the PokerStars readers.

LINE_KINDS = LineKinds()
_reads = LINE_KINDS.reads
_READERS = LINE_KINDS.readers
LINE_KINDS.declare("HEADER", first=("Poker",))  # read_header
LINE_KINDS.declare("TABLE", first=("Table",))  # read_header
LINE_KINDS.declare("SEAT", first=("Seat",))  # read_seats
LINE_KINDS.declare("SUMMARY", first=("***",))  # opens the summary, read by GGHandReader.claims
LINE_KINDS.declare("SEAT_RESULT", first=("Seat",))  # GGHandReader.seat_result
LINE_KINDS.declare("TOTAL_POT", first=("Total",))  # GGHandReader.fee_claims
LINE_KINDS.declare("BOARD", first=("Board", "FIRST", "SECOND", "THIRD"))  # GGHandReader.claims
LINE_KINDS.declare("RUN_TIMES", first=("Hand",))  # GGHandReader.claims
for _kind, _first, _verbs, _markers, _reader in (
    ("UNCALLED", ("Uncalled",), (), (), family.read_uncalled),
    ("POST_SMALL", (), ("posts",), (), family.read_post_small),
    ("POST_BIG", (), ("posts",), (), family.read_post_big),
    ("POST_ANTE", (), ("posts",), (), family.read_post_ante),
    ("POST_BUTTON", (), ("posts",), (), family.read_post_button),
    ("FOLD", (), ("folds",), (), family.read_fold),
    ("CHECK", (), ("checks",), (), family.read_check),
    ("CALL", (), ("calls",), (), family.read_call),
    ("BET", (), ("bets",), (), family.read_bet),
    ("RAISE", (), ("raises",), (), family.read_raise),
    ("SHOW", (), ("shows",), (), family.read_show),
    ("COLLECT", (), (), (" collected ",), family.read_collect),
):
    LINE_KINDS.declare(_kind, first=_first, verbs=_verbs, markers=_markers, reader=_reader)


def _straddles_as_increments(events: list) -> None:
    """GG prints the straddle of a player who has already posted (the big blind straddling, a straddler
    straddling again) as the player's total, `posts big blind $50` then `straddle $100` for $100 in (the
    return and the pot say so: fpdb-3/ggpoker PLO-5 straddle files); the event says what the post adds."""
    posted: dict[str, int] = {}
    for index, event in enumerate(events):
        kind = type(event)
        if kind is StreetStart:
            return  # the posts are over
        if kind is not PostBlind or event.blind is _MISSED:
            continue
        before = posted.get(event.player, 0)
        if before and event.blind is _STRADDLE and event.amount > before:
            event = events[index] = msgspec.structs.replace(event, amount=event.amount - before)
        posted[event.player] = before + event.amount


_MISSED: Final = BlindKind.MISSED
_STRADDLE: Final = BlindKind.STRADDLE


@_reads("STREET", first=("***",))
def _street(r: GGHandReader, text: str, line: int) -> Event:
    marker = text[4 : text.index(" ***", 4)]
    first, _, remainder = marker.partition(" ")
    run = _RUNS.get(first, 0)
    return StreetStart(line, _STREETS[remainder if run else marker], run, bracketed_cards(text))


@_reads("DEALT", first=("Dealt",))
def _dealt(r: GGHandReader, text: str, line: int) -> Event:
    rest = text[len("Dealt to ") :]
    # an opponent: GG names every seat dealt in, without its cards (`Dealt to 3d2ab9ea `); a name may hold a
    # bracket (`a[2]b`), so it is the card groups ending the line that make it a hand of cards
    if "[" not in rest or family.HOLE_GROUPS.search(rest) is None:
        return DealHole(line, rest.rstrip(" "), ())
    return family.read_dealt(r, text, line)


@_reads("POST_MISSED", verbs=("posts",))
def _post_missed(r: GGHandReader, text: str, line: int) -> Event:
    name, amount, all_in = r.post_fields(text, line, "posts missed blind ")
    return PostBlind(line, name, BlindKind.MISSED, amount, all_in)


@_reads("STRADDLE", verbs=("straddle",))
def _straddle(r: GGHandReader, text: str, line: int) -> Event:
    name, rest = r.split_colon(text, "straddle ")
    rest = rest[len("straddle ") :]
    all_in = rest.endswith(" and is all-in")
    return PostBlind(line, name, BlindKind.STRADDLE, r.money(rest.removesuffix(" and is all-in"), line), all_in)


@_reads("CASH_DROP", first=("Cash",))
def _cash_drop(r: GGHandReader, text: str, line: int) -> Event:
    return CashDrop(
        line, r.money(text[len("Cash Drop to Pot : total ") :].rstrip(" "), line)
    )  # GG ends it with a space


@_reads("EV_CASHOUT", verbs=("Chooses",))
def _ev_cashout(r: GGHandReader, text: str, line: int) -> Event:
    return EVCashout(line, r.split_colon(text, "Chooses to EV Cashout")[0])


@_reads("CASHOUT_RISK", verbs=("Pays",))
def _cashout_risk(r: GGHandReader, text: str, line: int) -> Event:
    name, amount = r.in_brackets(text, "Pays Cashout Risk (", line)
    return EVCashout(line, name, paid=amount)


@_reads("CASHOUT_RECEIVED", verbs=("Receives",))
def _cashout_received(r: GGHandReader, text: str, line: int) -> Event:
    name, amount = r.in_brackets(text, "Receives Cashout (", line)
    return EVCashout(line, name, received=amount)


@_reads("INSURANCE", verbs=("get",))
def _insurance(r: GGHandReader, text: str, line: int) -> Event:
    """`get an all-in insurance (premium ($0/$4/$0) for ($0/$10.8/$0) - (Mandatory/Main/Sub))`."""
    name, rest = r.split_colon(text, "get an all-in insurance (")
    terms = _INSURANCE_TERMS.match(rest, len("get an all-in insurance ("))
    if terms is None:
        raise FieldError(
            "HH010",
            f"insurance terms not understood: {text[:120]!r}",
            line,
            expected="premium ($a/$b/$c) for ($x/$y/$z) - (Mandatory/Main/Sub)",
            actual=rest,
        )
    premiums = tuple(r.money(amount, line) for amount in terms["premiums"].split("/"))
    covers = tuple(r.money(amount, line) for amount in terms["covers"].split("/"))
    return Insurance(line, name, premiums, covers)


@_reads("INSURANCE_PREMIUM", verbs=("pay",))
def _insurance_premium(r: GGHandReader, text: str, line: int) -> Event:
    name, amount = r.in_brackets(text, "pay premium of all-in insurance (", line)
    return Insurance(line, name, paid=amount)


@_reads("INSURANCE_PAID", verbs=("get",))
def _insurance_paid(r: GGHandReader, text: str, line: int) -> Event:
    name, amount = r.in_brackets(text, "get main compensation of all-in insurance (", line)
    return Insurance(line, name, received=amount)


@_reads("FINISHED", markers=(" finished the tournament", " wins the tournament"))
def _finished(r: GGHandReader, text: str, line: int) -> Event:
    marker = " finished the tournament" if " finished the tournament" in text else " wins the tournament"
    return Notice(line, NoticeKind.FINISHED, text[: text.find(marker)], text)
