"""iPoker reader: one `<game>` block (and its session's `<general>` block, `Block.context`) read with an
XML parser into hhtool's Hand; what each element and attribute means is in the package docstring.

The XML is read with expat (`xml.parsers.expat`, the streaming parser `xml.etree.ElementTree.iterparse`
runs on), used directly because it gives the line and column of every element: a finding points at the
element it is about. The block is the size of one hand; the file is streamed by the splitter.

Like every reader this checks no poker rule: it turns the site's facts into events and claims (the
`bet`/`win` checksum among them) and the replay checks them. Bad input is a finding, never an exception:
broken XML (HH030), a missing or unreadable element or attribute (HH031), an unknown action type
(HH032), no session context (HH033), text after the game (HH034, a warning: the hand is read).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from datetime import datetime
from xml.parsers import expat

from hhtool.codes import HH020, finding, message
from hhtool.dialects.ipoker import ACTION_TYPES, GAMECODE, RETURNS_APART, SITE
from hhtool.dialects.ipoker.amounts import amount
from hhtool.dialects.street_money import StreetMoney
from hhtool.grammar.fields import FieldError, Unsupported
from hhtool.grammar.parse import oversized, unparsed
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
    Ledger,
    Limit,
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

_HAND_ID = re.compile(GAMECODE)  # for a game that is not parsed; a parsed one's id is its decoded attribute

# `<gametype>`: game, limit word (localised by the skin), stakes (none in tournaments), an ante
_LIMITS = {
    "NL": Limit.NO_LIMIT,
    "SL": Limit.NO_LIMIT,
    "БЛ": Limit.NO_LIMIT,
    "LZ": Limit.NO_LIMIT,
    "No limit": Limit.NO_LIMIT,
    "PL": Limit.POT_LIMIT,
    "LP": Limit.POT_LIMIT,
    "Pot limit": Limit.POT_LIMIT,
    "L": Limit.FIXED_LIMIT,
    "Limit": Limit.FIXED_LIMIT,
}
_GAMETYPE = re.compile(
    r"(?P<game>.+?) (?P<limit>NL|SL|БЛ|LZ|PL|LP|L|No limit|Pot limit|Limit)"
    r"(?: (?P<small>[^/ ]+)/(?P<big>[^/ ]+))?(?: Ante (?P<ante>\S+))?\Z"
)
# `<gametype>` game words -> Header.game (fpdb-3's iPokerToFpdb.py `games`: `Holdem`, `Omaha`, `Omaha Hi-Lo`,
# `Omaha HiLow`; its `Six Plus Holdem` and the studs stay unsupported). Omaha is printed with every limit word
# (`Omaha PL €0.50/€1`, hhsmithy/ipoker-cash); no 5- or 6-card Omaha name is known for iPoker, and no hi/lo
# hand is in the corpus (iPoker prints no description, and a winner's `win` for both halves together).
_GAMES = {"Holdem": "holdem", "Omaha": "omaha", "Omaha Hi-Lo": "omaha_hilo", "Omaha HiLow": "omaha_hilo"}
_TOURNAMENT_NUMBER = (re.compile(r"\(#(\d+)\)"), re.compile(r",\s*(\d+)\b"), re.compile(r"(\d+)\s*\Z"))
_DATES = (
    ("%Y-%m-%d %H:%M:%S", re.compile(r"\d{4}-\d{2}-\d{2} \d{1,2}:\d{2}:\d{2}\Z")),
    ("%Y/%m/%d %H:%M:%S", re.compile(r"\d{4}/\d{2}/\d{2} \d{1,2}:\d{2}:\d{2}\Z")),
    ("%d-%b-%Y %H:%M:%S", re.compile(r"\d{2}-[A-Za-z]{3}-\d{4} \d{1,2}:\d{2}:\d{2}\Z")),
    ("%d/%m/%Y %H:%M", re.compile(r"\d{2}/\d{2}/\d{4} \d{1,2}:\d{2}\Z")),
    ("%d/%m/%Y %H:%M:%S", re.compile(r"\d{2}/\d{2}/\d{4} \d{1,2}:\d{2}:\d{2}\Z")),
    ("%d.%m.%Y %H:%M:%S", re.compile(r"\d{2}\.\d{2}\.\d{4} \d{1,2}:\d{2}:\d{2}\Z")),
)
_STREETS = {2: Street.FLOP, 3: Street.TURN, 4: Street.RIVER}
_CLIENT_VERSION = re.compile(r"(\d{1,4})(?:\.\d+)*\Z")
_SLASHED_DATE = re.compile(r"\d{4}/\d{2}/\d{2} ")  # the 2017 client's session start date
# How a client generation's `bet` figure is off after a player's last chips-in action, a type-23 raise
# (SITE-BEHAVIOURS IP-3; in every decisive hand stack continuity agrees with the actions, never with `bet`):
DOUBLED = "doubled"  # 17.x: the player's earlier chips on that street are counted twice
NO_ANTE = "no_ante"  # 20 and later (23.x): the ante is left out when that raise is (partly) uncalled
_RAISE = "23"
_CHIPS_IN = frozenset({"1", "2", "3", "5", "7", "23"})  # the action types that put chips on the street
_BOARD_TYPES = {"Flop": 2, "Turn": 3, "River": 4}
_SITTING_OUT = NoticeKind.SITTING_OUT  # the notice that goes before the cards (not dealt in)


class _Bad(Exception):
    """A finding that leaves the hand unread: code, line, column and the message's values."""

    def __init__(
        self, code: str, line: int, column: int = 1, expected: object = None, actual: object = None, **values: object
    ) -> None:
        super().__init__(code)
        self.code, self.line, self.column = code, line, column
        self.expected, self.actual, self.values = expected, actual, values


# ---------------------------------------------------------------------------------------------
# XML: a small tree of the elements, with their lines and columns


@dataclass(slots=True)
class Node:
    tag: str
    attrs: dict[str, str]
    line: int  # 1-based, in the text parsed
    column: int  # 1-based
    children: list[Node] = field(default_factory=list)
    text: str = ""

    def child(self, tag: str) -> Node | None:
        for node in self.children:
            if node.tag == tag:
                return node
        return None

    def all(self, tag: str) -> list[Node]:
        return [node for node in self.children if node.tag == tag]


@dataclass(slots=True)
class _Tree:
    """What expat read: the top element, and where the text went on after it closed (None: it did not)."""

    root: Node | None
    end: tuple[int, int] | None = None  # line, column just after the top element's end tag
    error: tuple[str, int, int] | None = None  # expat's reason, line, column
    cut: bool = False  # the text ends inside the top element (expat: "no element found" at its end)


def read_xml(text: str, final: bool = True) -> _Tree:
    """The element tree of `text`. With `final`, text after the top element is an error expat reports; a
    session's context is read with `final` False (its `<session>` is closed only after its games)."""
    parser = expat.ParserCreate()
    stack: list[Node] = []
    tree = _Tree(None)

    def start(tag: str, attrs: dict[str, str]) -> None:
        node = Node(tag, attrs, parser.CurrentLineNumber, parser.CurrentColumnNumber + 1)
        if stack:
            stack[-1].children.append(node)
        elif tree.root is None:
            tree.root = node
        stack.append(node)

    def end(tag: str) -> None:
        stack.pop()
        if not stack:
            tree.end = (parser.CurrentLineNumber, parser.CurrentColumnNumber + 1)

    def characters(data: str) -> None:
        if stack:
            stack[-1].text += data

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = characters
    try:
        parser.Parse(text, final)
    except expat.ExpatError as exc:
        tree.error = (expat.errors.messages[exc.code] if exc.code is not None else str(exc), exc.lineno, exc.offset + 1)
        tree.cut = tree.root is not None and tree.end is None and exc.code == _NO_ELEMENTS
    return tree


_NO_ELEMENTS = expat.errors.codes[expat.errors.XML_ERROR_NO_ELEMENTS]


# ---------------------------------------------------------------------------------------------
# The session's `<general>` block


@dataclass(frozen=True, slots=True)
class Session:
    """The facts a session's `<general>` block gives its games (element name → text), and its line."""

    line: int
    general: dict[str, str]
    lines: dict[str, int]  # element name → its line in the file

    def client_major(self) -> int | None:
        """The major number of `<client_version>` (`17.5.3` → 17), None when not printed or not a version."""
        found = _CLIENT_VERSION.match(self.general.get("client_version", ""))
        return int(found.group(1)) if found else None

    def returns_apart(self) -> bool:
        """Whether the client pays a returned uncalled bet apart from `win` (fpdb-3's rule, iPokerToFpdb.py:
        `<uncalled_bet_enabled>true` in the session's `<general>`, or a client of major version 20 or more);
        older clients put it inside `win` (the dialect's own conventions)."""
        major = self.client_major()
        return self.general.get("uncalled_bet_enabled", "").lower() == "true" or (major is not None and major >= 20)

    def bet_quirk(self) -> str | None:
        """How this client's `bet` is off after a final type-23 raise (DOUBLED, NO_ANTE), None for the
        clients whose `bet` is the chips pushed (every 2011-2014 hand of the corpus: 28 such raises after
        earlier chips on the street, all exact). The generation is what the session prints: a client
        version of 20 or more; `uncalled_bet_enabled` (17.x); or, with neither, start dates written
        `2017/01/23 22:27:48` (the 2017 client of `…201701.new.datetime.format.txt`, whose one such raise,
        game 3858162748, is doubled, while its `win` still holds the return)."""
        major = self.client_major()
        if major is not None and major >= 20:
            return NO_ANTE
        if self.returns_apart() or _SLASHED_DATE.match(self.general.get("startdate", "")):
            return DOUBLED
        return None


@functools.lru_cache(maxsize=64)
def read_session(context: str, first_line: int) -> Session | _Bad | None:
    """The session of a context section (`<session …><general>…</general>`), _Bad for broken XML, None
    for a section that opens no session (a `</session>`, an `<?xml …?>` line alone)."""
    start = context.find("<session")
    if start < 0:
        return None
    before = context[:start]
    line0 = first_line + before.count("\n")
    tree = read_xml(context[start:], final=False)
    base = line0 - 1
    if tree.error is not None:
        reason, line, column = tree.error
        return _Bad("HH030", base + line, column, what="the session's <general> block", reason=reason)
    general = tree.root.child("general") if tree.root is not None else None
    if general is None:
        return None
    return Session(
        base + general.line,
        {n.tag: n.text.strip() for n in general.children},
        {n.tag: base + n.line for n in general.children},
    )


# ---------------------------------------------------------------------------------------------
# Entry


def parse_ipoker(block: Block) -> ParseResult:
    """Parse one iPoker `<game>` block: parsed, unparsed (with its one finding) or unsupported."""
    match = _HAND_ID.search(block.text, 0, 300)
    hand_id = match.group(1) if match else None
    if block.oversized:
        return oversized(block, SITE, hand_id)
    try:
        return _parse(block, hand_id)
    except _Bad as bad:
        return unparsed(
            block,
            SITE,
            hand_id,
            bad.code,
            message(bad.code, "", **bad.values),
            bad.line,
            bad.column,
            bad.expected,
            bad.actual,
        )
    except FieldError as error:
        return unparsed(
            block, SITE, hand_id, error.code, str(error), error.line, error.column, error.expected, error.actual
        )
    except Unsupported as unsupported:
        return ParseResult(
            Status.UNSUPPORTED,
            block.file,
            block.line,
            SITE,
            hand_id,
            findings=(
                finding(
                    HH020,
                    HH020.message(game=unsupported.game),
                    block.file,
                    block.line,
                    block.column,
                    hand_id=hand_id,
                ),
            ),
        )


def _parse(block: Block, hand_id: str | None) -> ParseResult:
    base = block.line - 1
    tree = read_xml(block.text)
    warnings = []
    if tree.error is not None:
        reason, line, column = tree.error
        if tree.cut:  # the block ends inside the game: its end tag never came
            last = block.text.rstrip("\n").count("\n") + 1
            raise FieldError(
                "HH011",
                f"hand ends before its </game> (game {hand_id or '?'})",
                base + last,
                expected="</game>",
                actual="end of hand",
            )
        if tree.end is None:  # broken inside the game
            raise _Bad(
                "HH030",
                base + line,
                column + (block.column - 1 if line == 1 else 0),
                what=f"game {hand_id or '?'}",
                reason=reason,
            )
        end_line, end_column = tree.end
        rest = "\n".join(block.text.split("\n")[end_line - 1 :])[end_column - 1 :].strip()
        warnings.append(
            finding(
                "HH034",
                message("HH034", hand=hand_id or "?", text=rest[:60]),
                block.file,
                base + line,
                column,
                hand_id=hand_id,
                expected="nothing",
                actual=rest[:80],
            )
        )
    game = tree.root
    session = read_session(block.context, block.context_line) if block.context is not None else None
    if game is not None and game.tag == "session" and block.context is None:
        # a one-game session given whole (a hand written by the writer, read without the splitter): its
        # own `<general>` is the context
        game, session = _whole_session(game, base)
    if game is None or game.tag != "game":  # the header pattern makes this unreachable for a real block
        raise _Bad("HH031", block.line, block.column, what="hand", problem="no <game> element")
    hand_id = game.attrs.get("gamecode", hand_id)  # the whole value, its entities decoded
    if isinstance(session, _Bad):
        raise session
    if session is None:
        raise _Bad(
            "HH033",
            block.line,
            block.column,
            expected="<session><general> before the game",
            actual="none",
            hand=hand_id or "?",
        )
    hand = _Game(block, game, session, hand_id or "").hand()
    return ParseResult(Status.PARSED, block.file, block.line, SITE, hand_id, hand=hand, findings=tuple(warnings))


def _whole_session(root: Node, base: int) -> tuple[Node | None, Session | None]:
    """The one `<game>` of a `<session>` element read whole, and the session its `<general>` makes (None
    where it has no `<general>`; no game where it holds none or more than one)."""
    games = root.all("game")
    general = root.child("general")
    session = (
        None
        if general is None
        else Session(
            base + general.line,
            {n.tag: n.text.strip() for n in general.children},
            {n.tag: base + n.line for n in general.children},
        )
    )
    return (games[0] if len(games) == 1 else None), session


# ---------------------------------------------------------------------------------------------
# One game


@dataclass(slots=True)
class _Player:
    name: str
    seat: int
    stack: int
    line: int
    column: int
    left: int  # chips not yet put in (all-in derived from it)
    dealt: bool = False
    cards: tuple[str, ...] = ()
    cards_line: int = 0
    folded: bool = False
    ante: int = 0  # the antes posted
    last_in: str = ""  # the type of the player's last action that put chips on a street
    before_last: int = 0  # the player's chips on that street before it
    last_round: int = 0  # its round (0 and 1 are both pre-flop)


class _Game:
    """The reading of one `<game>` element with its session."""

    def __init__(self, block: Block, game: Node, session: Session, hand_id: str) -> None:
        self.block, self.game, self.session, self.hand_id = block, game, session, hand_id
        self.base = block.line - 1
        self.scale = 100
        self.players: dict[str, _Player] = {}
        self.street_ends: dict[int, dict[str, int]] = {}  # street (1 pre-flop, 2-4) → each player's chips on it

    def at(self, node: Node) -> int:
        return self.base + node.line

    def column(self, node: Node) -> int:
        return node.column + (self.block.column - 1 if node.line == 1 else 0)

    def attr(self, node: Node, name: str, what: str) -> str:
        value = node.attrs.get(name)
        if value is None:
            raise _Bad(
                "HH031",
                self.at(node),
                self.column(node),
                expected=f'{name}="…"',
                actual="missing",
                what=what,
                problem=f"<{node.tag}> has no {name} attribute",
            )
        return value

    def money(self, node: Node, name: str, what: str) -> int:
        return amount(self.attr(node, name, what), self.scale, self.at(node), f"{what} {name}")

    # -- header ------------------------------------------------------------------------------
    def hand(self) -> Hand:
        game, session = self.game, self.session
        general = game.child("general")
        if general is None:
            raise _Bad(
                "HH031",
                self.at(game),
                self.column(game),
                expected="<general>",
                actual="missing",
                what=f"game {self.hand_id}",
                problem="no <general> element",
            )
        if len(self.hand_id) > MAX_ID_DIGITS:
            raise FieldError(
                "HH013",
                f"hand number {self.hand_id[:40]} is beyond what hhtool reads (at most {MAX_ID_DIGITS} digits)",
                self.at(game),
                self.column(game),
            )
        gametype = session.general.get("gametype", "")
        typed = _GAMETYPE.match(gametype)
        gametype_line = session.lines.get("gametype", session.line)
        if typed is None:
            raise _Bad(
                "HH031",
                gametype_line,
                1,
                expected="e.g. Holdem NL $0.02/$0.04",
                actual=gametype[:80],
                what="the session's <gametype>",
                problem=f"game type not understood: {gametype[:60]!r}",
            )
        variant = _GAMES.get(typed["game"])
        if variant is None:
            raise Unsupported(f"{typed['game']} {typed['limit']}")
        limit = _LIMITS[typed["limit"]]
        tournament = (
            typed["small"] is None or "tournamentname" in session.general or "tournamentcode" in session.general
        )
        mode = session.general.get("mode", "real")
        currency = session.general.get("tablecurrency") or session.general.get("currency") or ""
        play_money = mode != "real" or not currency or currency == "fun"
        if tournament or play_money:
            currency, self.scale = "chips", 1
        players = self.read_players(general)
        rounds = self.rounds()
        small, big, small_bet, big_bet = self.stakes(typed, limit, rounds, gametype_line)
        header = Header(
            site=SITE,
            hand_id=self.hand_id,
            game=variant,
            limit=limit,
            small_blind=small,
            big_blind=big,
            small_bet=small_bet,
            big_bet=big_bet,
            currency=currency,
            scale=self.scale,
            time=self.time(general),
            time_zone=None,
            time_utc=None,
            table=self.table(),
            max_seats=self.max_seats(),
            button_seat=self.button(general),
            tournament_id=self.tournament_id() if tournament else None,
            buy_in=session.general.get("buyin") or None if tournament else None,
            play_money=play_money,
        )
        events = self.events(rounds, big)
        seats = tuple(Seat(p.seat, p.name, p.stack, p.line, sitting_out=not p.dealt) for p, _ in players)
        players_node = general.child("players")
        claims_line = self.at(players_node) if players_node is not None else self.at(general)
        quirk = session.bet_quirk()
        ledgers = tuple(
            Ledger(
                p.line,
                p.name,
                self.put_in(p, self.money(node, "bet", f"{p.name}'s"), quirk) if "bet" in node.attrs else None,
                self.money(node, "win", f"{p.name}'s") if "win" in node.attrs else None,
            )
            for p, node in players
        )
        events += self.results(players)
        claims = Claims(line=claims_line, ledgers=ledgers)
        lines = self.block.text.rstrip("\n").count("\n") + 1
        return Hand(
            header,
            seats,
            tuple(events),
            claims,
            Source(self.block.file, self.block.line, self.block.column),
            lines=lines,
            notices=sum(1 for e in events if type(e) is Notice),
            conventions_variant=RETURNS_APART if session.returns_apart() else "",
        )

    def put_in(self, player: _Player, bet: int, quirk: str | None) -> int:
        """What the site's `bet` says the player pushed, read with the client's known miscount (IP-3): a
        2017 or 17.x client counts the player's earlier chips on the street of a final type-23 raise
        twice (that part is taken off); a client of 20 or later leaves the ante out after a final type-23
        raise that was not (wholly) called (it is added). The ledger check (HH214) compares that with the
        actions (its message names the figure so read); any other difference (a raise followed by a type-7
        all-in on 17.x) stays a finding."""
        if quirk is None or player.last_in != _RAISE:
            return bet
        if quirk == DOUBLED:
            return bet - player.before_last
        street = self.street_ends.get(max(player.last_round, 1), {})
        mine = street.get(player.name, 0)
        called = max((chips for name, chips in street.items() if name != player.name), default=0)
        return bet + player.ante if mine > called else bet

    def read_players(self, general: Node) -> list[tuple[_Player, Node]]:
        players_node = general.child("players")
        if players_node is None:
            raise _Bad(
                "HH031",
                self.at(general),
                self.column(general),
                expected="<players>",
                actual="missing",
                what=f"game {self.hand_id}",
                problem="no <players> element",
            )
        read = []
        for node in players_node.all("player"):
            name = node.attrs.get("name", "")
            if not name:  # an empty seat (HEM's archive writes every seat of the table)
                continue
            seat_text = self.attr(node, "seat", "player")
            if not seat_text.isdecimal() or len(seat_text) > 2:
                raise _Bad(
                    "HH031",
                    self.at(node),
                    self.column(node),
                    expected="a seat number 1-99",
                    actual=seat_text[:20],
                    what=f"player {name}",
                    problem=f"seat {seat_text[:20]!r}",
                )
            stack = self.money(node, "chips", f"{name}'s")
            player = _Player(name, int(seat_text), stack, self.at(node), self.column(node), stack)
            self.players.setdefault(name, player)
            read.append((player, node))
        return read

    def button(self, general: Node) -> int | None:
        """The seat of `dealer="1"`, also an empty seat's (a dead button)."""
        players = general.child("players")
        for node in players.all("player") if players is not None else ():
            seat = node.attrs.get("seat", "")
            if node.attrs.get("dealer") == "1" and seat.isdecimal() and len(seat) <= 2:
                return int(seat)
        return None

    def stakes(
        self, typed: re.Match[str], limit: Limit, rounds: list[tuple[int, Node]], line: int
    ) -> tuple[int, int, int, int]:
        """Small blind, big blind, small bet, big bet: a cash game's from its game type (fixed limit prints
        the bets; its small blind is as posted), a tournament's from the blinds posted."""
        posts: dict[str, list[int]] = {"1": [], "2": []}
        short: dict[str, list[int]] = {"1": [], "2": []}  # posts of a player's last chips: not the level's
        for number, node in rounds:
            if number == 0:
                left = {name: player.stack for name, player in self.players.items()}
                for action in sorted(node.all("action"), key=_action_number):
                    kind = action.attrs.get("type")
                    name = action.attrs.get("player", "")
                    if kind in posts:
                        posted = self.money(action, "sum", "blind")
                        (short if name in left and posted >= left[name] else posts)[kind].append(posted)
                    if kind in ("1", "2", "15") and name in left:
                        left[name] -= self.money(action, "sum", "post")
        for kind, amounts in short.items():
            if not posts[kind] and not (posts["1"] or posts["2"]):  # every post all-in: the best there is
                posts[kind] = amounts
        if typed["small"] is not None and self.scale != 1:
            low = amount(typed["small"], self.scale, line, "the game type's stakes")
            high = amount(typed["big"], self.scale, line, "the game type's stakes")
            if limit is Limit.FIXED_LIMIT:
                small = posts["1"][0] if posts["1"] and posts["1"][0] < low else low // 2
                return small, low, low, high
            return low, high, high, high
        big = max(posts["2"], default=0)
        small = max(posts["1"], default=0)
        if not big:
            big = 2 * small
        if not small or small > big:
            small = big // 2
        if big < 2 * small:  # a big blind posted short, all-in
            big = 2 * small
        if limit is Limit.FIXED_LIMIT:  # a tournament prints no bets: the small bet is the big blind, doubled late
            return small, big, big, 2 * big
        return small, big, big, big

    def time(self, general: Node) -> datetime | None:
        node = general.child("startdate")
        text = node.text.strip() if node is not None else ""
        for layout, shape in _DATES:
            if shape.match(text):
                try:
                    when = datetime.strptime(text, layout)
                except ValueError:
                    break
                if not MIN_YEAR <= when.year <= MAX_YEAR:
                    raise FieldError(
                        "HH013",
                        f"date {text} is beyond what hhtool reads (a year from {MIN_YEAR} to {MAX_YEAR})",
                        self.at(node) if node else self.block.line,
                    )
                return when
        where = node if node is not None else general
        raise _Bad(
            "HH031",
            self.at(where),
            self.column(where),
            expected="a date and time, e.g. 2013-07-30 18:26:02",
            actual=text[:40],
            what=f"game {self.hand_id}",
            problem=f"start date not understood: {text[:40]!r}",
        )

    def table(self) -> str:
        return self.session.general.get("tablename", "")

    def tournament_id(self) -> str | None:
        general = self.session.general
        code = general.get("tournamentcode", "")
        if code.isdigit():
            return code
        for name in (general.get("tablename", ""), general.get("tournamentname", "")):
            for pattern in _TOURNAMENT_NUMBER:
                found = pattern.search(name)
                if found:
                    return found.group(1)
        return self.session.general.get("tournamentname") or "unknown"

    def max_seats(self) -> int | None:
        size = self.session.general.get("tablesize", "")
        return int(size) if size.isdecimal() and len(size) <= 2 and 2 <= int(size) <= 10 else None

    # -- rounds and events -------------------------------------------------------------------
    def rounds(self) -> list[tuple[int, Node]]:
        rounds = []
        for node in self.game.all("round"):
            printed = node.attrs.get("no", "")
            if not printed.isdecimal() or len(printed) > 2 or int(printed) > 4:
                raise _Bad(
                    "HH031",
                    self.at(node),
                    self.column(node),
                    expected="0 to 4",
                    actual=printed[:20],
                    what=f"game {self.hand_id}",
                    problem=f"round number {printed[:20]!r}",
                )
            rounds.append((int(printed), node))
        for number, node in rounds:  # who was dealt cards, and which (before any action is read)
            for cards in node.all("cards"):
                if cards.attrs.get("type") == "Pocket":
                    player = self.players.get(cards.attrs.get("player", ""))
                    if player is not None:
                        player.dealt = True
                        player.cards = _cards(cards.text)
                        player.cards_line = self.at(cards)
        return rounds

    def events(self, rounds: list[tuple[int, Node]], big_blind: int) -> list[Event]:
        posts: list[Event] = []
        out: list[Event] = []
        board: tuple[str, ...] = ()
        money = StreetMoney()
        high = 0
        for number, node in rounds:
            if number == 1:
                out.append(StreetStart(self.at(node), Street.PREFLOP, 0, ()))
                for cards in node.all("cards"):
                    if cards.attrs.get("type") == "Pocket" and cards.attrs.get("player", "") in self.players:
                        player = self.players[cards.attrs["player"]]
                        out.append(DealHole(self.at(cards), player.name, player.cards))
            elif number >= 2:
                dealt = next(
                    (c for c in node.all("cards") if _BOARD_TYPES.get(c.attrs.get("type", "")) == number), None
                )
                if dealt is not None:
                    board += _cards(dealt.text)
                out.append(StreetStart(self.at(dealt if dealt is not None else node), _STREETS[number], 0, board))
                money.new_street()
                high = 0
            actions = sorted(node.all("action"), key=_action_number)
            for action in actions:
                event, high = self.action(action, number, money, high, big_blind)
                if event is None:
                    continue
                (posts if number == 0 or (type(event) is Notice and event.kind is _SITTING_OUT) else out).append(event)
            self.street_ends[max(number, 1)] = {name: money.of(name) for name in self.players}
        return posts + out

    def action(
        self, node: Node, round_no: int, money: StreetMoney, high: int, big_blind: int
    ) -> tuple[Event | None, int]:
        name = self.attr(node, "player", "action")
        kind = self.attr(node, "type", f"action of {name}")
        line = self.at(node)
        meaning = ACTION_TYPES.get(kind)
        if meaning is None:
            raise _Bad(
                "HH032",
                line,
                self.column(node),
                expected="one of " + ", ".join(ACTION_TYPES),
                actual=kind,
                type=kind,
                player=name,
                known=", ".join(ACTION_TYPES),
            )
        player = self.players.get(name)
        if meaning == "sitting out":
            return Notice(line, NoticeKind.SITTING_OUT, name, f"{name} is sitting out (action type {kind})"), high
        if meaning == "fold":
            if player is not None:
                player.folded = True
            return Fold(line, name, ()), high
        if meaning == "check":
            return Check(line, name), high
        if meaning == "all-in" and node.attrs.get("sum") == "DP":
            # disconnect protection: the player stays in for the chips already in and acts no more (all-in for
            # the pots up to there); a `DP` on any other type is no amount (HH031 below)
            return Notice(line, NoticeKind.PROTECTED, name, f"{name} is all-in by disconnect protection"), high
        added = self.money(node, "sum", f"{name}'s action")
        if meaning == "raise":
            to = added
            added = to - money.of(name)
        all_in = player is not None and 0 < player.left <= added
        if player is not None:
            player.left -= added
            if kind in _CHIPS_IN:
                player.last_in, player.before_last, player.last_round = kind, money.of(name), round_no
        if meaning == "ante":
            if player is not None:
                player.ante += added
            return PostAnte(line, name, added, all_in), high
        if meaning == "small blind":
            money.put(name, added)
            return PostBlind(line, name, BlindKind.SMALL, added, all_in), max(high, added)
        if meaning == "big blind":
            if added > big_blind:  # a new player's small and big blind together: the small part is dead
                money.put(name, big_blind)
                return PostBlind(line, name, BlindKind.SMALL_AND_BIG, added, all_in, added - big_blind), max(
                    high, big_blind
                )
            money.put(name, added)
            return PostBlind(line, name, BlindKind.BIG, added, all_in), max(high, added)
        street_total = money.put(name, added)
        if meaning == "call":
            return Call(line, name, added, all_in, False), high
        if meaning == "bet":
            return Bet(line, name, added, all_in, False), max(high, street_total)
        if meaning == "raise":
            return RaiseTo(line, name, None, street_total, all_in, False), max(high, street_total)
        # all-in: the chips added; a call, a bet or a raise by what it does to the bet to call
        all_in = True
        if street_total <= high:
            return Call(line, name, added, all_in, False), high
        if high == 0 and round_no >= 2:
            return Bet(line, name, added, all_in, False), street_total
        return RaiseTo(line, name, None, street_total, all_in, False), street_total

    def results(self, players: list[tuple[_Player, Node]]) -> list[Event]:
        """The showdown (the known cards of the players still in, when two or more are) and what each
        player received (`win`: with the returned uncalled bet in the older clients', without it in those
        that pay it apart, `RETURNS_APART`; the hand's conventions say which)."""
        out: list[Event] = []
        still_in = [p for p, _ in players if p.dealt and not p.folded]
        if len(still_in) > 1:
            for player in still_in:
                if player.cards and all(player.cards):
                    out.append(Show(player.cards_line, player.name, player.cards, None))
        for player, node in players:
            if "win" in node.attrs:
                won = self.money(node, "win", f"{player.name}'s")
                if won:
                    out.append(Collect(player.line, player.name, won, None))
        return out


def _action_number(node: Node) -> int:
    number = node.attrs.get("no", "")
    return int(number) if number.isdecimal() and len(number) < 9 else 0


def _cards(text: str) -> tuple[str, ...]:
    """`CA HQ` → ("Ac", "Qh"); `D10` → "Td"; `X X` (not shown) → ()."""
    cards = []
    for code in text.split():
        if code.upper() == "X":
            return ()
        rank = code[1:].upper()
        rank = "T" if rank == "10" else rank
        cards.append(rank + code[0].lower())
    return tuple(cards)
