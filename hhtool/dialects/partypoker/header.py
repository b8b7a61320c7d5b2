"""PartyPoker header: the game, table, button and player-count lines of every generation read into a Header.

The generations, as the corpus shows them (fpdb-3/partypoker, hhsmithy/partypoker-cash):
- client histories 2005-2016: `$2 USD NL Texas Hold'em - Monday, August 30, 16:08:09 EDT 2010` (cash: the
  stakes are the table's maximum buy-in until 2013, `$0.10/$0.25 USD NL …` from 2013, `$15/$30 USD Texas
  Hold'em` for fixed limit), `NL Texas Hold'em $30 Buy-in + $3 Entry Fee Trny:15286975 Level:4
  Blinds(50/100) - …` and `NL Texas Hold'em $1 USD Buy-in - …` (tournaments, the blinds then on a
  `Blinds(10/20)` line after the seats), the Mac client's `Sunday,December 9, …` and `( Real Money )`;
- e-mailed histories, the 2019-2021 tournaments and the 2025-2026 cash tables: `0.01/0.02 Texas Hold'em Game
  Table (NL) - Mon Jul 12 13:38:32 EDT 2010`, `350000/700000 Tourney Texas Holdem Game Table (NL) (MTT
  Tournament #301084002) (Buyin $50.0 + $5.0) - Sun Apr 25 17:30:03 EDT 2021`, `0.10/0.25 Omaha Hi Game Table
  (PL) - Mon Feb 09 12:55:26 EST 2026` (fpdb-3 issue #187), the button at the end of the table line.
Where a cash header prints the buy-in instead of the stakes, the blinds are the hand's own posts (the
first `posts small blind` / `posts big blind`), and the README says so (inferred, not printed).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from hhtool.dialects.partypoker import ZONES
from hhtool.dialects.partypoker.amounts import SITE, party_money
from hhtool.grammar.fields import FieldError, Unsupported, small_number
from hhtool.model import Header, Limit
from hhtool.model.clock import to_utc
from hhtool.model.limits import MAX_YEAR, MIN_YEAR
from hhtool.model.money import CURRENCY_SYMBOLS, MoneyError

# the game words -> Header.game (fpdb-3's PartyPokerToFpdb.py `games`: `Omaha` on the client's cash line, `Omaha Hi`
# on the 2025-2026 `Game Table` line, `Omaha Hi-Lo`: hhsmithy/partypoker-cash's OmahaHiLo files); `Double Hold'em`,
# `7 Card Stud`, `Short Deck` stay unsupported
_GAMES = {
    "Texas Hold'em": "holdem",
    "Texas Holdem": "holdem",
    "Hold'em": "holdem",
    "Holdem": "holdem",
    "Omaha": "omaha",
    "Omaha Hi": "omaha",
    "Omaha Hi-Lo": "omaha_hilo",
}
_LIMITS = {"NL": Limit.NO_LIMIT, "PL": Limit.POT_LIMIT, "FL": Limit.FIXED_LIMIT, "": Limit.FIXED_LIMIT}
_MONTHS = {
    name: number
    for number, name in enumerate(
        ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"), 1
    )
}

_MAX_ID = 40  # the 2019+ anonymous ids are 23-25 letters and digits
_INTRO = re.compile(r"\*{5} Hand History [Ff]or Game (?P<id>\w+) \*{5}")
# the date and time at the end of a game line: `Monday, August 30, 16:08:09 EDT 2010`, `Sunday,December 9,
# 14:34:49 ICT 2012`, `Mon Jul 12 13:38:32 EDT 2010`, `Sunday, July 21, 14:00:00 2013` (no zone)
_WHEN = re.compile(
    r" - (?:[A-Z][a-z]+,? ?)?(?P<month>[A-Z][a-z]+) (?P<day>\d{1,2}),? (?P<h>\d{1,2}):(?P<m>\d\d):"
    r"(?P<s>\d\d) (?:(?P<zone>[A-Z]{2,6}) )?(?P<year>\d{4})$"
)
# cash, client: `$0.10/$0.25 USD NL Texas Hold'em`, `$2 USD NL …`, `€25 EUR NL …`, `$15/$30 USD Texas Hold'em`,
# `$10 USD fastforward NL Texas Hold'em`
_CASH = re.compile(
    r"(?P<stakes>[$€\x80]?[\d.,]+(?:/[$€\x80]?[\d.,]+)?) (?P<iso>[A-Z]{3}) (?P<fast>fastforward )?"
    r"(?:(?P<limit>NL|PL|FL) )?(?P<game>.+)$"
)
# cash and tournaments, e-mailed and 2019+: `0.01/0.02 Texas Hold'em Game Table (NL)`,
# `20/40 Tourney Texas Holdem Game Table (NL) (SNG JackPot Tournament #241086059) (Buyin $0.23 + $0.02)`
_TABLE_GAME = re.compile(
    r"(?P<stakes>[\d.,]+/[\d.,]+) (?P<tourney>Tourney )?(?P<game>.+?) Game Table \((?P<limit>NL|PL|FL)\)"
    r"(?: \((?:MTT|SNG|STT)(?: JackPot)? Tournament #(?P<tid>\d+)\))?(?: \(Buyin (?P<buyin>[^)]*)\))?$"
)
# tournaments, client: `NL Texas Hold'em $30 Buy-in + $3 Entry Fee Trny:15286975 Level:4 Blinds(50/100)`,
# `NL Texas Hold'em $1 USD Buy-in`, `FL Texas Hold'em Trny:… Level:… Stakes(…)`, converted `Tourney Hand NL …`
_TOURNEY = re.compile(
    r"(?:Tourney Hand )?(?P<limit>NL|PL|FL)? ?(?P<game>Texas Hold'?em|Hold'?em|Omaha Hi-Lo|Omaha(?: Hi)?"
    r"|Double Hold'?em|7 Card Stud(?: Hi-Lo)?|Short Deck)(?P<rest>.*)$"
)
_BUY_IN = re.compile(r"(?P<buyin>[$€\x80]? ?[\d.,]+(?: [A-Z]{3})? Buy-in(?: \+ [$€\x80]?[\d.,]+ Entry Fee)?)")
_TRNY = re.compile(r"Trny: ?(?P<tid>\d+) Level: ?(?P<level>\d+)")
_BLINDS = re.compile(r"(?:Blinds|Stakes)(?:-Antes)?\((?P<small>[\d.,]+) ?/(?P<big>[\d.,]+)(?: ?-(?P<ante>[\d.,]+))?\)")
_TABLE = re.compile(
    r"Table (?P<name>.+?) *\( ?(?P<money>Real|Play) Money ?\)(?: -- Seat (?P<button>\d+) is the button)?$"
)
_BUTTON = re.compile(r"[Ss]eat (?P<button>\d+) is the button$")
_PLAYERS = re.compile(r"Total number of players ?: ?\d+(?: ?/ ?(?P<max>\d+))?$")
# a notice the client can print before the game line: `Kim has left the table.`, `Player Kim finished in 7.`,
# `Player Kim has been moved from table 3 to this table`
_EARLY = re.compile(r".+ has left the table\.?$|Player .+ (?:finished in|has been moved from table) ")
_TABLE_TOURNEY = re.compile(r"\((?P<tid>\d+)\) Table #\d+$")
_POST = re.compile(r" posts (?P<kind>small|big) blind [\[(]")
_ANTE = re.compile(r" posts ante [\[(]")
_SEAT_STACK = re.compile(r"[Ss]eat \d+: (?P<name>.+?) \( ?(?P<stack>[^()]*?) ?\)")
_SPACES = re.compile(r"\s+")


def read_header(lines: Sequence[str], first_line: int) -> Header:
    """The Header of a hand from its lines before the first seat (and the level lines and blind posts
    after them, where the game line does not print the blinds). Unsupported for a game but Hold'em and
    Omaha (high, hi/lo); FieldError (HH010) for a line it cannot read. `lines` are the block's lines, stripped;
    `first_line` the file line of the block's first line."""
    intro_at = next((i for i, line in enumerate(lines) if _INTRO.match(line)), None)
    if intro_at is None:  # the splitter cuts at this line: unreachable for real input
        raise FieldError("HH010", "no '***** Hand History for Game N *****' line", first_line)
    hand_id = _INTRO.match(lines[intro_at])["id"]  # type: ignore[index]
    if len(hand_id) > _MAX_ID:
        raise FieldError(
            "HH013",
            f"hand number {hand_id[:40]!r}… is longer than {_MAX_ID} characters",
            first_line + intro_at,
            expected=f"<= {_MAX_ID} characters",
            actual=f"{len(hand_id)} characters",
        )
    rest = [(i, line) for i, line in enumerate(lines[intro_at + 1 :], intro_at + 1) if line and not _EARLY.match(line)]
    if len(rest) < 2:
        raise FieldError(
            "HH011",
            "hand ends before its game and table lines",
            first_line + intro_at,
            expected="game line, Table line",
            actual="end of hand",
        )
    (game_at, game_line), (table_at, table_line) = rest[0], rest[1]
    game_line = _SPACES.sub(" ", game_line)
    when = _WHEN.search(game_line)
    if when is None:
        raise FieldError(
            "HH010",
            "game line has no date and time (expected ' - Weekday, Month D, H:MM:SS ZONE YYYY')",
            first_line + game_at,
            expected="- Weekday, Month D, H:MM:SS ZONE YYYY",
            actual=game_line[-60:],
        )
    time = _time(when, first_line + game_at)
    middle = game_line[: when.start()]
    fields = _game_fields(middle, first_line + game_at)
    table = _TABLE.match(_SPACES.sub(" ", table_line))
    if table is None:
        raise FieldError(
            "HH010",
            f"table line not understood: {table_line[:80]!r}",
            first_line + table_at,
            expected="Table <name> (Real Money)",
            actual=table_line[:160],
        )
    button = small_number(table["button"], "button seat", first_line + table_at) if table["button"] else None
    max_seats = None
    for at, line in enumerate(lines[table_at + 1 : table_at + 3], first_line + table_at + 1):
        found = _BUTTON.match(line)
        if found:
            button = small_number(found["button"], "button seat", at)
        players = _PLAYERS.match(line)
        if players and players["max"]:
            max_seats = small_number(players["max"], "N-max", at)
    name = table["name"].replace(" (No DP)", "").strip()
    return _header(
        fields, lines, first_line, hand_id, time, when["zone"], name, max_seats, button, table["money"] == "Play"
    )


class _Fields:
    """What the game line says (and the level lines, for tournaments)."""

    __slots__ = ("buy_in", "fast_fold", "game", "iso", "level", "limit", "most", "stakes", "symbol", "tournament_id")

    def __init__(self) -> None:
        self.game = "holdem"  # Header.game
        self.limit = Limit.NO_LIMIT
        self.stakes: str | None = None  # `sb/bb` (`small bet/big bet` in fixed limit); None: not printed
        self.iso: str | None = None
        self.symbol: str | None = None
        self.fast_fold = False
        self.tournament_id: str | None = None
        self.buy_in: str | None = None
        self.most: str | None = None  # a cash table's maximum buy-in, where the game line prints it for the stakes
        self.level: str | None = None


def _game_fields(middle: str, line_no: int) -> _Fields:
    fields = _Fields()
    cash = _CASH.match(middle)
    if cash is not None and "Buy-in" not in middle:
        fields.game = _game(cash["game"])
        fields.limit = _LIMITS[cash["limit"] or ""]
        stakes = cash["stakes"]
        fields.symbol = next((s for s in CURRENCY_SYMBOLS if s in stakes), None)
        fields.iso = cash["iso"]
        fields.stakes = stakes if "/" in stakes else None  # `$2 USD`: the maximum buy-in, not the stakes
        fields.most = None if "/" in stakes else stakes
        fields.fast_fold = cash["fast"] is not None
        return fields
    table_game = _TABLE_GAME.match(middle)
    if table_game is not None:
        fields.game = _game(table_game["game"])
        fields.limit = _LIMITS[table_game["limit"]]
        fields.stakes = table_game["stakes"]
        if table_game["tourney"]:
            fields.tournament_id = table_game["tid"] or ""
            fields.buy_in = table_game["buyin"]
        return fields
    tourney = _TOURNEY.match(middle)
    if tourney is None:
        raise FieldError(
            "HH010",
            f"game and stakes not understood: {middle!r}",
            line_no,
            expected="<stakes> <currency> <limit> Texas Hold'em",
            actual=middle[:160],
        )
    fields.game = _game(tourney["game"])
    rest = tourney["rest"]
    fields.limit = _LIMITS[tourney["limit"] or ""]
    trny = _TRNY.search(rest)
    fields.tournament_id = trny["tid"] if trny else ""  # read from the table line below when not here
    fields.level = trny["level"] if trny else None
    buy_in = _BUY_IN.search(rest)
    fields.buy_in = buy_in["buyin"] if buy_in else None
    blinds = _BLINDS.search(rest)
    fields.stakes = f"{blinds['small']}/{blinds['big']}" if blinds else None
    return fields


def _game(words: str) -> str:
    """The `Header.game` of the game words; Unsupported for a game hhtool does not read."""
    game = _GAMES.get(words.strip())
    if game is None:
        raise Unsupported(words.strip())
    return game


def _time(when: re.Match[str], line_no: int) -> datetime | None:
    month = _MONTHS.get(when["month"][:3])
    year = int(when["year"])
    if not MIN_YEAR <= year <= MAX_YEAR:
        raise FieldError("HH013", f"year {year} is beyond {MIN_YEAR}-{MAX_YEAR}", line_no)
    if month is None:
        raise FieldError("HH010", f"month {when['month']!r} not understood", line_no)
    try:
        return datetime(year, month, int(when["day"]), int(when["h"]), int(when["m"]), int(when["s"]))
    except ValueError as exc:
        raise FieldError("HH010", f"date not understood: {exc}", line_no) from None


def _header(
    fields: _Fields,
    lines: Sequence[str],
    first_line: int,
    hand_id: str,
    time: datetime | None,
    zone: str | None,
    table: str,
    max_seats: int | None,
    button: int | None,
    play_money: bool,
) -> Header:
    tournament = fields.tournament_id is not None
    level = fields.level
    stakes = fields.stakes
    tournament_id = fields.tournament_id
    if tournament:
        for line in lines:  # the level lines after the seats (the 2011-2016 tournament generations)
            trny = _TRNY.match(line)
            if trny:
                tournament_id, level = tournament_id or trny["tid"], trny["level"]
            blinds = _BLINDS.match(line)
            if blinds:  # the line before the deal: the level may have changed since the game line's
                stakes = f"{blinds['small']}/{blinds['big']}"
        if not tournament_id:  # `Table $1 Sit & Go Hero (128487129) Table #1`: the number is the table's
            found = _TABLE_TOURNEY.search(table)
            tournament_id = found["tid"] if found else ""
    if tournament or play_money:
        currency, scale = "chips", 1
    else:
        code = fields.iso or (CURRENCY_SYMBOLS.get(fields.symbol) if fields.symbol else None)
        if code is None:  # e-mailed cash histories print the symbol on the seat lines only
            symbol = next(
                (
                    s
                    for line in lines
                    if line.lower().startswith("seat ") and ": " in line
                    for s in CURRENCY_SYMBOLS
                    if s in line
                ),
                "$",
            )
            code = CURRENCY_SYMBOLS[symbol]
        currency, scale = code, 100
    small_bet = big_bet = small = big = None
    try:
        if stakes is not None:
            low, _, high = stakes.partition("/")
            small, big = party_money(low, scale), party_money(high, scale)
        posted = _posted_blinds(lines, scale)
        if fields.limit is Limit.FIXED_LIMIT and small is not None and big is not None:
            small_bet, big_bet = small, big
            small, big = posted[0] or small_bet // 2, posted[1] or small_bet
        elif stakes is None:
            small, big = posted
            if big is None and fields.most is not None:  # only an all-in short big blind: the buy-in tells
                big = _big_blind_of(party_money(fields.most.lstrip("$€\x80"), scale), table)
            if small is None and big is not None:
                small = big // 2
    except MoneyError as exc:
        raise FieldError(exc.code, f"stakes: {exc}", first_line) from None
    if big is None:
        raise FieldError(
            "HH010",
            "the game line prints no blinds and no big blind is posted",
            first_line,
            expected="stakes or a 'posts big blind' line",
            actual="neither",
        )
    if small is None:
        small = big // 2
    return Header(
        site=SITE,
        hand_id=hand_id,
        game=fields.game,
        limit=fields.limit,
        small_blind=small,
        big_blind=big,
        small_bet=small_bet if small_bet is not None else big,
        big_bet=big_bet if big_bet is not None else big,
        currency=currency,
        scale=scale,
        time=time,
        time_zone=zone,
        time_utc=to_utc(time, zone, None, ZONES, None),
        table=table,
        max_seats=max_seats,
        button_seat=button,
        tournament_id=tournament_id,
        buy_in=fields.buy_in,
        level=level,
        fast_fold=fields.fast_fold,
        play_money=play_money,
    )


def _big_blind_of(most: int, table: str) -> int | None:
    """The big blind of a cash table from its maximum buy-in (the game line of the clients before 2013):
    100 big blinds, 40 at the `20BB Min` tables (fpdb-3's PartyPokerToFpdb `Lim_Blinds` and
    `NLim_Blinds_20bb` tables; every corpus hand whose posts show the blinds agrees). None: not a whole unit."""
    share = 40 if "20BB Min" in table else 100
    return most // share if most % share == 0 else None


def _posted_blinds(lines: Sequence[str], scale: int) -> tuple[int | None, int | None]:
    """The first small and big blind posted in the hand (where the header prints no stakes). A post of the
    poster's whole stack is not the stake (`bigBlindIsForcedAllIn`: a $0.01 big blind at $0.01/$0.02), nor one
    of all that is left after the ante (87 of 112 chips after an ante of 25): None where only such posts are
    printed."""
    small = big = None
    stacks = {found["name"]: found["stack"] for line in lines if (found := _SEAT_STACK.match(line))}
    antes: dict[str, int] = {}  # posted before the blinds: a blind of all that is left after it is all-in too
    for line in lines:
        if line.startswith("** Dealing"):
            break
        ante = _ANTE.search(line)
        if ante is not None:
            name = line[: ante.start()]
            antes[name] = antes.get(name, 0) + party_money(line[ante.end() - 1 :], scale)
            continue
        post = _POST.search(line)
        if post is None or " + dead" in line:
            continue
        amount = party_money(line[post.end() - 1 :], scale)
        name = line[: post.start()]
        stack = stacks.get(name)
        if stack is not None and party_money(stack, scale) - antes.get(name, 0) == amount:
            continue  # all-in short (or exactly): says nothing of the stakes
        if post["kind"] == "small" and small is None:
            small = amount
        elif post["kind"] == "big" and big is None:
            big = amount
    return small, big
