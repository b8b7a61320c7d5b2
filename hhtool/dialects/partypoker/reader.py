"""PartyPoker reader: the lines of `grammar/partypoker.lark` read into hhtool's events and claims.

Party writes no colon after a name (`Hero raises [$0.50 USD]`), so every name-led line is cut at the
longest seated name its text starts with (the seat list), else at its verb. What Party prints, and how
it is read (each checked on the corpus, fpdb-3/partypoker and hhsmithy/partypoker-cash):
- `raises [$0.50 USD]`, `raises 0.06 to 0.08`, `raises 294000 to 294000`: the first (or only) figure is
  the chips that action added; the model's raise-to total is the street total after it (`StreetMoney`);
- `is all-In [$0.22 USD]` is an action of its own (a call, bet or raise, by what it adds to the street's
  bet); `is all-In.` (2019+) marks the line before it;
- a forced post that takes a player's last chip prints no all-in mark: the post is marked all-in when its
  amount is what the seat line left the player (the only way Party says it);
- `posts big blind + dead [$0.03]`: a live big blind and a dead small blind, in one amount;
- `wins $4.86 USD` is a collect, and it includes the returned uncalled bet (there is no return line);
- `doesn't show [ Js, 8d ]a pair of Fives.`: cards printed at showdown for a hand not tabled (a show);
- `** Summary **` (e-mailed and 2019+): `Main Pot: $7.13 Rake: $0.37` (pots after rake), `Board: [..]` and
  one `balance …` line per player, the site's own checksum (`Claims.ledgers`, HH214), whose `bet`
  and `collected` both count the returned uncalled bet; the cards a line ends with are a show.
The reader checks no poker rule.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import msgspec

from hhtool.dialects.partypoker.amounts import cards, party_money
from hhtool.dialects.street_money import StreetMoney
from hhtool.grammar.fields import FieldError, small_number
from hhtool.grammar.kinds import LineKinds
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
    Header,
    Muck,
    Notice,
    NoticeKind,
    PostAnte,
    PostBlind,
    RaiseTo,
    Seat,
    Show,
    Street,
    StreetStart,
)
from hhtool.model.hand import Ledger
from hhtool.model.money import Currency, MoneyError

_VERBS = {
    "FOLD": " folds",
    "CHECK": " checks",
    "CALL": " calls ",
    "BET": " bets ",
    "RAISE": " raises ",
    "ALL_IN": " is all-In",
    "WINS": " wins ",
    "SHOW": " shows ",
}  # (a big blind everyone folds to has no betting line)
_POSTS = frozenset({"POST_SMALL", "POST_BIG", "POST_DEAD"})
_ACTS = (PostBlind, PostAnte, Fold, Check, Call, Bet, RaiseTo)  # the posts and actions (isinstance's tuple)
_PLAYED = (*_ACTS, Show, Collect)  # the lines that name a player who played the hand
_STREETS = {"Flop": Street.FLOP, "Turn": Street.TURN, "River": Street.RIVER}
_SEAT = re.compile(r"[Ss]eat (?P<seat>\d+): (?P<name>.+?) \( ?(?P<stack>[^()]*?) ?\)(?: - .*)?$")
_ANNOUNCED = re.compile(
    r"(?:Blinds|Stakes)(?:-Antes)?\((?P<small>[\d.,]+) ?/(?P<big>[\d.,]+)(?: ?-(?P<ante>[\d.,]+))?\)"
)
_SIDE = re.compile(r"side pot #?(\d+)")
_POTS = re.compile(r"(?:Main Pot|Side Pot \d+): (?P<amount>\S+)")
_RAKE = re.compile(r"Rake: (?P<amount>\S+)")
_LEDGER = re.compile(
    r"balance (?P<balance>[^,]+), (?:(?P<didnt>didn't bet)|(?P<sits>sits out)|lost (?P<lost>[^\s\[(]+)"
    r"|bet (?P<bet>[^,]+), collected (?P<won>[^,]+), net (?P<net>[-+]?[^\s\[]+))"
)
_DESCRIPTION = re.compile(r"\]\s*\[ *(?P<desc>[^\]]*?) *\]")


def read_seats(lines: Sequence[tuple[str, int]], scale: int) -> tuple[Seat, ...]:
    """The seat lines (text, file line) in printed order (Party lists them in no seat order)."""
    seats = []
    for text, line in lines:
        match = _SEAT.match(text)
        if match is None:
            raise FieldError(
                "HH010",
                f"seat line not understood: {text[:80]!r}",
                line,
                expected="Seat N: name ( $stack USD )",
                actual=text[:160],
            )
        try:
            stack = party_money(match["stack"], scale)
        except MoneyError as exc:
            raise FieldError(exc.code, f"seat stack: {exc}", line) from None
        seats.append(Seat(small_number(match["seat"], "seat number", line), match["name"], stack, line))
    return tuple(seats)


def whole_names(seats: tuple[Seat, ...], ledgers: Sequence[str]) -> tuple[tuple[Seat, ...], dict[str, str]]:
    """The seats under the names the `balance` lines print: the e-mailed histories cut a name with a space
    at the space in the seat line (`Seat 2: Hero ($100)`) and print it whole in its balance line (`Hero Name
    balance $100.57, …`), the actions either way (`Hero Name raises 3.0 to 3.0`, `Hero checks`; fpdb-3's
    PartyPokerToFpdb maps the cut names to the whole ones so). A seat name with its own balance line, or
    with no single longer one, stays. Returns the seats and the cut names → the whole ones."""
    cut: dict[str, str] = {}
    if not ledgers:
        return seats, cut
    out = []
    for seat in seats:
        name = seat.player
        longer = {
            text[: text.find(" Cashed out balance " if " Cashed out balance " in text else " balance ")]
            for text in ledgers
            if text.startswith(name + " ") and " balance " in text[len(name) + 1 :]
        }
        if name not in longer and len(longer) == 1:
            [whole] = longer
            seat = msgspec.structs.replace(seat, player=whole)
            cut[name] = whole
        out.append(seat)
    return tuple(out), cut


class PartyHandReader:
    """Reads one hand's line tokens (kind, text, file line) into events and claims; keeps what the
    lines need of each other (the street's money, the board so far, each player's last action)."""

    def __init__(self, header: Header, seats: tuple[Seat, ...], cut: dict[str, str] | None = None) -> None:
        self.scale = header.scale
        self.big_blind = header.big_blind
        self.cut = cut or {}  # a name as the seat line cut it → the whole name (`whole_names`)
        self.names = sorted([seat.player for seat in seats] + list(self.cut), key=len, reverse=True)
        # what a forced post may take (a $0 seat line is no stack: a player who bought in after it was printed)
        self.behind = {seat.player: seat.stack for seat in seats if seat.stack > 0}
        self.money_in = StreetMoney()
        self.high = 0  # the street's bet to call
        self.board: tuple[str, ...] = ()
        self.events: list[Event] = []
        self.last_action: dict[str, int] = {}  # player → index in events of their last betting action
        self.header = header
        self.seats = seats
        self.blinds_line: tuple[int, str] | None = None  # the `Blinds(…)` line after the seats, if any
        self.acting: set[str] = set()  # the players with a betting, show or wins line in the hand
        self.collects_in_summary = False  # the summary's balance lines are the collects (no `wins` line)
        self.printed: set[str] = set()  # the kinds of line the body has
        self.seated = frozenset(self.names)
        self.no_small_blind = False  # the hand says it has no small blind (the announced posts are a big blind only)
        self.announced = False  # whether the announced posts were read
        self.put_in: dict[str, int] = {}  # player → every chip their posts and actions put in (as printed)

    # -- helpers ---------------------------------------------------------------------------
    def split(self, text: str, marker: str) -> tuple[str, str]:
        """`name<marker>rest` → (name, rest): the longest seated name followed by the marker, else the
        text before the marker's first occurrence (a player missing from the seat list)."""
        for name in self.names:
            if text.startswith(name) and text.startswith(marker, len(name)):
                return self.cut.get(name, name), text[len(name) + len(marker) :]
        cut = text.find(marker)
        return text[:cut], text[cut + len(marker) :]

    def money(self, text: str, line: int) -> int:
        """The amount `text` starts with: the inside of its brackets (`[$0.10 USD].`, `(0.01)`), else its
        first word (`$0.65 USD from the main pot`, `900 chips`, `0.06 to 0.08`); all of it must be an amount."""
        text = text.strip()
        close = {"[": "]", "(": ")"}.get(text[:1])
        printed = text[1 : text.find(close)] if close is not None and close in text else text.partition(" ")[0]
        try:
            return party_money(printed, self.scale)
        except MoneyError as exc:
            raise FieldError(
                exc.code, f"{exc} (in {text[:60]!r})", line, expected="an amount", actual=printed[:60]
            ) from None

    def add(self, event: Event) -> None:
        self.events.append(event)

    def act(self, player: str, event: Event, added: int) -> None:
        """A betting action that put `added` chips in on this street."""
        total = self.money_in.put(player, added)
        self.high = max(self.high, total)
        self.put_in[player] = self.put_in.get(player, 0) + added
        self.last_action[player] = len(self.events)
        self.events.append(event)

    def post(self, player: str, amount: int, live: int) -> bool:
        """Whether a forced post of `amount` (`live` of it towards the bet) took the player's last chip."""
        left = self.behind.get(player)
        self.put_in[player] = self.put_in.get(player, 0) + amount
        if live:
            total = self.money_in.put(player, live)
            self.high = max(self.high, total)
        if left is None:
            return False
        self.behind[player] = left - amount
        return amount >= left

    def announced_posts(self, deal_line: int) -> None:
        """Tournament hands of the 2005-2013 clients print no blind posts (and no antes where the level
        line says `Blinds-Antes(400/800 -25)` but no `posts ante` line follows): the `Blinds(…)` line after
        the seats announces them, and they are read from it (each post's line is that line). The
        small blind is the first seat after the button (the button itself heads-up), the big blind the
        next; a post is all a short stack has. Read only where the hand prints no post of that kind.

        Read once, at the deal (`** Dealing down cards **`), after the printed antes: the client takes the
        antes first, so a blind is at most what the ante left (`Blinds-Antes(150/300 -30)` and 160 in
        front of the small blind: a 130 small blind, all-in). After `There is no Small Blind in this
        hand …` only the big blind is posted, by the first player dealt in after the button (fpdb-3's
        PartyPokerToFpdb reads both so). Each post's line is the `Blinds(…)` line, or the deal's (`deal_line`)
        where printed lines (the antes) come between them: the events stay in line order."""
        if self.announced or self.blinds_line is None or self.header.tournament_id is None:
            return
        self.announced = True
        line, text = self.blinds_line
        found_at = line
        if self.events and self.events[-1].line > line:
            line = deal_line
        found = _ANNOUNCED.match(text)
        if found is None:
            return
        printed = self.printed
        # the players dealt in: those with a line of their own or a printed ante (one all-in on the ante acts
        # no more); a player moved in from a broken table waits
        anted = {event.player for event in self.events if type(event) is PostAnte}
        seats = sorted(
            (seat for seat in self.seats if seat.stack > 0 and (seat.player in self.acting or seat.player in anted)),
            key=lambda seat: seat.seat,
        )
        if found["ante"] and "POST_ANTE" not in printed:
            ante = self.money(found["ante"], found_at)
            for seat in seats:
                amount = min(ante, self.behind.get(seat.player, 0))
                self.add(PostAnte(line, seat.player, amount, self.post(seat.player, amount, 0)))
        if printed & _POSTS or len(seats) < 2 or self.header.button_seat is None:
            return
        after = [seat for seat in seats if seat.seat > self.header.button_seat] + [
            seat for seat in seats if seat.seat <= self.header.button_seat
        ]
        posts: tuple[tuple[Seat, BlindKind, int], ...]  # (seat, blind, size) of each blind to post
        if self.no_small_blind:
            posts = ((after[0], BlindKind.BIG, self.big_blind),)
        else:
            if len(seats) == 2:  # heads-up: the button posts the small blind
                after = after[-1:] + after[:-1]
            posts = (
                (after[0], BlindKind.SMALL, self.header.small_blind),
                (after[1], BlindKind.BIG, self.big_blind),
            )  # (fixed limit: half the bets)
        for seat, kind, size in posts:
            amount = min(size, self.behind.get(seat.player, 0))
            if not amount:  # all-in on the ante: nothing left to post
                continue
            self.add(PostBlind(line, seat.player, kind, amount, self.post(seat.player, amount, amount)))

    # -- the hand ----------------------------------------------------------------------------
    def dealt_in(self, seats: tuple[Seat, ...]) -> tuple[Seat, ...]:
        """The seats, a seat whose player posts nothing and takes no action marked `sitting_out`: Party lists
        every seated player, also one sitting out or waiting for the big blind, and prints no line for
        them (every player dealt in posts or acts before the flop, if only to fold)."""
        active = {event.player for event in self.events if isinstance(event, _ACTS)}
        return tuple(
            seat if seat.player in active or seat.sitting_out else msgspec.structs.replace(seat, sitting_out=True)
            for seat in seats
        )

    def joined(self, seats: tuple[Seat, ...]) -> tuple[tuple[Seat, ...], list[tuple[int, str, str]]]:
        """The seats with the players who sat down after the seat list was printed (cash tables): Party
        prints `Hank has joined the table.` (or nothing) and then his posts and actions, with no seat line,
        or with the $0 seat line of a seat taken before the buy-in. fpdb-3's PartyPokerToFpdb gives such a
        player the first empty seat and the largest stack at the table; here nothing is made up:
        - the seat: the first empty seat, clockwise, between the players who act before and after him
          before the flop (a seat whose player left before the deal is empty); none fits: no seat (HH406);
        - the stack: not printed, so `stack` is the floor, what he put in (`Hand.stack_floors` names him).
        Returns the seats and one (line, player, what was taken) note per such player (HH421, info)."""
        listed = {seat.player: seat for seat in seats}
        joins: dict[str, int] = {}
        left: set[str] = set()
        first: dict[str, int] = {}  # a player with a post or action line → the line of his first one
        preflop: list[str] = []  # players in the order of their first action before the flop
        street = -1
        for event in self.events:
            if type(event) is Notice:
                if event.kind is NoticeKind.JOIN and event.player is not None:
                    joins.setdefault(event.player, event.line)
                elif event.kind is NoticeKind.LEAVE and street < 0 and event.player is not None:
                    left.add(event.player)
            elif type(event) is StreetStart:
                street += 1
            elif isinstance(event, _PLAYED):
                first.setdefault(event.player, event.line)
                if (
                    street == 0
                    and isinstance(event, _ACTS)
                    and type(event) is not PostBlind
                    and type(event) is not PostAnte
                    and event.player not in preflop
                ):
                    preflop.append(event.player)
        notes: list[tuple[int, str, str]] = []
        money = Currency.of(self.header.currency, self.scale).format
        out = list(seats)
        for index, seat in enumerate(seats):  # a $0 seat line printed before the buy-in
            if seat.stack == 0 and seat.player in joins and seat.player in self.put_in:
                floor = self.put_in[seat.player]
                out[index] = msgspec.structs.replace(seat, stack=floor)
                what = (
                    f"{seat.player} joined the table as the hand started: his seat line ($0) was printed "
                    f"before he bought in; stack not printed, at least {money(floor)} (what he put in)"
                )
                notes.append((seat.line, seat.player, what))
        gone = {seat.seat: seat.player for seat in seats if seat.player in left and seat.player not in first}
        taken = {seat.seat for seat in seats if seat.seat not in gone}
        places = self.header.max_seats or max([seat.seat for seat in seats] + [10])
        for name, line in first.items():
            if name in listed or name not in self.put_in:
                continue
            number = _free_seat(name, preflop, listed, taken, places)
            if number is None:
                continue  # nowhere to seat him: HH406 on his lines
            taken.add(number)
            floor = self.put_in[name]
            at = joins.get(name, line)
            freed = gone.get(number)
            if freed is not None:  # the seat of a player who left before the deal: his line is no longer a seat
                out = [seat for seat in out if seat.player != freed]
            out.append(Seat(number, name, floor, at))
            what = (
                f"{name} sat down after the seat list was printed: seat {number}, the first empty seat where "
                f"he acts{f' (left by {freed})' if freed else ''}; stack not printed, at least {money(floor)} "
                f"(what he put in)"
            )
            notes.append((at, name, what))
        return tuple(out), notes

    def body(self, tokens: Sequence[tuple[str, str, int]]) -> list[Event]:
        self.acting = {self.split(text, _VERBS[kind])[0] for kind, text, _line in tokens if kind in _VERBS}
        self.printed = {kind for kind, _text, _line in tokens}
        for kind, text, line in tokens:
            reader = _READERS.get(self.kind_of(kind, text))
            if reader is None:
                raise FieldError("HH010", f"no reader for line kind {kind}", line)
            reader(self, text, line)
        if tokens:
            self.announced_posts(tokens[-1][2])  # (a hand cut before its deal)
        return self.events

    def kind_of(self, kind: str, text: str) -> str:
        """A line's kind, chat for a line that starts with a seated name and a colon (`Gina: he folds`, which
        the grammar takes for a fold): Party writes no colon after a name in any other line."""
        colon = text.find(": ")
        return "CHAT" if colon > 0 and text[:colon] in self.seated else kind

    def claims(self, tokens: Sequence[tuple[str, str, int]], summary_line: int) -> Claims:
        """The `** Summary **` section: pots and rake, the board, the per-player checksum lines (their
        cards are shows, added to the events)."""
        total = rake = None
        total_line = summary_line
        boards: list[tuple[str, ...]] = []
        board_lines: list[int] = []
        ledgers: list[Ledger] = []
        # e-mailed and 2019+ histories print no `wins` line: a balance line's `collected` is the collect
        self.collects_in_summary = not any(type(event) is Collect for event in self.events)
        for kind, text, line in tokens:
            if kind == "POTS":
                total_line = line
                rake_match = _RAKE.search(text)
                rake = self.money(rake_match["amount"], line) if rake_match else None
                total = sum(self.money(found["amount"], line) for found in _POTS.finditer(text)) + (rake or 0)
            elif kind == "BOARD":
                boards.append(cards(text))
                board_lines.append(line)
            elif kind == "LEDGER" and self.kind_of(kind, text) == kind:
                ledgers.append(self.ledger(text, line))
            else:
                _READERS[self.kind_of(kind, text)](self, text, line)
        return Claims(total_line, total, None, (), rake, 1, tuple(boards), tuple(board_lines), (), (), tuple(ledgers))

    def ledger(self, text: str, line: int) -> Ledger:
        cashed = " Cashed out balance " in text
        name, rest = self.split(text, " Cashed out balance " if cashed else " balance ")
        match = _LEDGER.match("balance " + rest)
        if match is None:
            raise FieldError(
                "HH010",
                f"balance line not understood: {text[:80]!r}",
                line,
                expected="<name> balance X, bet X, collected X, net X | lost X | didn't bet | sits out",
                actual=text[:160],
            )
        balance = self.money(match["balance"], line)
        won: int | None  # None for a player who cashed out (below)
        net: int | None
        if match["bet"] is not None:
            put_in, won = self.money(match["bet"], line), self.money(match["won"], line)
            net = self.money(match["net"], line)  # `net +$0.57`, `net -$0.25`
        elif match["lost"] is not None:
            put_in, won = self.money(match["lost"], line), 0
            net = -put_in
        else:  # didn't bet, sits out
            put_in = won = net = 0
        if cashed:  # `collected` and `net` count the all-in cash-out the room paid, outside the pot: not the
            won = net = None  # model's won (pot shares) and net; the balance does count it, as the model's does
        shown = cards(rest[match.end() - len("balance ") :])
        if shown:
            described = _DESCRIPTION.search(rest)
            self.add(Show(line, name, shown, described["desc"] if described else None))
        if won and self.collects_in_summary:  # (a cashed-out player's line has no pot share: won None)
            self.add(Collect(line, name, won, None))
        return Ledger(line, name, put_in, won, net, balance)


# ---------------------------------------------------------------------------------------------
# One reader per line kind (declared once: the grammar's terminal, the reader, the lexer's hints)

LINE_KINDS = LineKinds()
_reads = LINE_KINDS.reads
_READERS = LINE_KINDS.readers
for _kind, _first in (
    ("GAME_STARTS", ("Game",)),
    ("GAME_NO", ("#Game",)),
    ("INTRO", ("*****",)),
    ("GAME", ()),
    ("TABLE", ("Table",)),
    ("BUTTON", ("Seat", "seat")),
    ("PLAYERS", ("Total",)),
    ("SEAT", ("Seat", "seat")),
    ("SUMMARY", ("**",)),
    ("POTS", ("Main",)),
    ("BOARD", ("Board:",)),
    ("LEDGER", ()),
):
    LINE_KINDS.declare(_kind, first=_first)  # read by header.py, read_seats and PartyHandReader.claims


def _notice(kind: NoticeKind, marker: str):
    def read(r: PartyHandReader, text: str, line: int) -> None:
        player = r.split(text, marker)[0] if marker and marker in text else None
        r.add(Notice(line, kind, player, text))

    return read


LINE_KINDS.declare("LEVEL", first=("Trny:",), reader=_notice(NoticeKind.OTHER, ""))
LINE_KINDS.declare("CREATE_POT", first=("Creating",), reader=_notice(NoticeKind.OTHER, ""))
LINE_KINDS.declare("TIME_BANK_NOTE", first=("Your",), reader=_notice(NoticeKind.OTHER, ""))
LINE_KINDS.declare("OPTIONS", first=(">You",), reader=_notice(NoticeKind.OTHER, ""))
LINE_KINDS.declare("CONGRATS", first=("Congratulations",), reader=_notice(NoticeKind.FINISHED, ""))
LINE_KINDS.declare("FINISHED", first=("Player",), reader=_notice(NoticeKind.FINISHED, ""))
LINE_KINDS.declare("JOIN", markers=(" has joined the table",), reader=_notice(NoticeKind.JOIN, " has joined"))
LINE_KINDS.declare("LEAVE", markers=(" has left the table",), reader=_notice(NoticeKind.LEAVE, " has left"))
LINE_KINDS.declare(
    "SITTING_OUT", markers=(" is sitting out",), reader=_notice(NoticeKind.SITTING_OUT, " is sitting out")
)
LINE_KINDS.declare("TIME_BANK", markers=(" will be using",), reader=_notice(NoticeKind.OTHER, " will be using"))
LINE_KINDS.declare(
    "NO_RESPONSE",
    markers=(" respond in time",),
    reader=lambda r, text, line: r.add(
        Notice(
            line, NoticeKind.CONNECTION, r.split(text, " could not" if " could not " in text else " did not")[0], text
        )
    ),
)
LINE_KINDS.declare(
    "MOVED",
    first=("Player",),
    reader=lambda r, text, line: r.add(
        Notice(line, NoticeKind.JOIN, r.split(text[len("Player ") :], " has been moved")[0], text)
    ),
)
LINE_KINDS.declare("PRIZES_EQUAL", first=("The",), reader=_notice(NoticeKind.FINISHED, ""))
LINE_KINDS.declare("CHAT_OFF", first=("Chat",), reader=_notice(NoticeKind.OTHER, ""))
LINE_KINDS.declare("CONNECTION_LOST", first=("Connection",), reader=_notice(NoticeKind.CONNECTION, ""))
LINE_KINDS.declare("CLIENT_MESSAGE", first=("Due",), reader=_notice(NoticeKind.OTHER, ""))
LINE_KINDS.declare("BREAK", first=("There",), reader=_notice(NoticeKind.OTHER, ""))
LINE_KINDS.declare("LEVEL_MOVES", first=("Tournament",), reader=_notice(NoticeKind.OTHER, ""))
LINE_KINDS.declare(
    "DISCONNECTED", markers=(" is disconnected",), reader=_notice(NoticeKind.CONNECTION, " is disconnected")
)
LINE_KINDS.declare(
    "RECONNECTED",
    markers=(" reconnected and has",),
    reader=lambda r, text, line: r.add(
        Notice(
            line,
            NoticeKind.CONNECTION,
            r.split(text, " is reconnected" if " is reconnected" in text else " has been")[0],
            text,
        )
    ),
)
LINE_KINDS.declare("BOUNTY", markers=(" has knocked out",), reader=_notice(NoticeKind.BOUNTY, " has knocked out"))
LINE_KINDS.declare(
    "CHAT", reader=lambda r, text, line: r.add(Notice(line, NoticeKind.CHAT, text.partition(": ")[0], text))
)


@_reads("NO_SMALL_BLIND", first=("There",))
def _no_small_blind(r: PartyHandReader, text: str, line: int) -> None:
    """`There is no Small Blind in this hand as the Big Blind of the previous hand left the table.`: the
    announced posts are then a big blind only (fpdb-3's PartyPokerToFpdb `re_NoSmallBlind` reads it so)."""
    r.no_small_blind = True
    r.add(Notice(line, NoticeKind.OTHER, None, text))


@_reads("POST_SMALL", markers=(" posts small blind",))
def _post_small(r: PartyHandReader, text: str, line: int) -> None:
    name, rest = r.split(text, " posts small blind ")
    amount = r.money(rest, line)
    r.add(PostBlind(line, name, BlindKind.SMALL, amount, r.post(name, amount, amount)))


@_reads("POST_BIG", markers=(" posts big blind",))
def _post_big(r: PartyHandReader, text: str, line: int) -> None:
    name, rest = r.split(text, " posts big blind ")
    amount = r.money(rest, line)
    r.add(PostBlind(line, name, BlindKind.BIG, amount, r.post(name, amount, amount)))


@_reads("POST_DEAD", markers=(" posts big blind + dead",))
def _post_dead(r: PartyHandReader, text: str, line: int) -> None:
    name, rest = r.split(text, " posts big blind + dead ")
    amount = r.money(rest, line)
    live = min(amount, r.big_blind)  # the big blind is live, the rest (the small blind) dead
    r.add(PostBlind(line, name, BlindKind.SMALL_AND_BIG, amount, r.post(name, amount, live)))


@_reads("POST_ANTE", markers=(" posts ante",))
def _post_ante(r: PartyHandReader, text: str, line: int) -> None:
    name, rest = r.split(text, " posts ante ")
    amount = r.money(rest.removeprefix("of "), line)  # `posts ante (25)`, `posts ante [25]`, `posts ante of [25].`
    r.add(PostAnte(line, name, amount, r.post(name, amount, 0)))


@_reads("DEALING", first=("**",))
def _dealing(r: PartyHandReader, text: str, line: int) -> None:
    r.announced_posts(line)  # after the printed antes (PP-4)
    r.add(StreetStart(line, Street.PREFLOP, 0, ()))


@_reads("BLINDS", first=())
def _blinds(r: PartyHandReader, text: str, line: int) -> None:
    r.blinds_line = (line, text)
    r.add(Notice(line, NoticeKind.OTHER, None, text))


@_reads("STREET", first=("**",))
def _street(r: PartyHandReader, text: str, line: int) -> None:
    street = _STREETS[text[len("** Dealing ") :].partition(" ")[0]]
    r.board = r.board + cards(text)
    r.money_in.new_street()
    r.high = 0
    r.add(StreetStart(line, street, 0, r.board))


@_reads("DEALT", first=("Dealt",))
def _dealt(r: PartyHandReader, text: str, line: int) -> None:
    rest = text[len("Dealt to ") :]
    cut = rest.rfind(" [")
    r.add(DealHole(line, r.cut.get(rest[:cut], rest[:cut]), cards(rest[cut:])))


@_reads("FOLD", markers=(" folds",))
def _fold(r: PartyHandReader, text: str, line: int) -> None:
    r.add(Fold(line, r.split(text, " folds")[0], ()))


# `Hero Forward Folds` (fast-fold tables): the player chose to fold before their turn; the fold itself is
# printed again at their turn (`Hero folds`), so this line is a notice, not an action
LINE_KINDS.declare("FAST_FOLD", markers=(" Forward Folds",), reader=_notice(NoticeKind.OTHER, " Forward Folds"))


@_reads("CHECK", markers=(" checks",))
def _check(r: PartyHandReader, text: str, line: int) -> None:
    name = r.split(text, " checks")[0]
    r.last_action[name] = len(r.events)
    r.add(Check(line, name))


@_reads("CALL", markers=(" calls ",))
def _call(r: PartyHandReader, text: str, line: int) -> None:
    name, rest = r.split(text, " calls ")
    added = r.money(rest, line)
    r.act(name, Call(line, name, added, False, False), added)


@_reads("BET", markers=(" bets ",))
def _bet(r: PartyHandReader, text: str, line: int) -> None:
    name, rest = r.split(text, " bets ")
    added = r.money(rest, line)
    r.act(name, Bet(line, name, added, False, False), added)


@_reads("RAISE", markers=(" raises ",))
def _raise(r: PartyHandReader, text: str, line: int) -> None:
    name, rest = r.split(text, " raises ")
    added = r.money(rest.partition(" to ")[0], line)  # `raises A to B`: A is what this action added
    r.act(name, RaiseTo(line, name, None, r.money_in.of(name) + added, False, False), added)


@_reads("ALL_IN", markers=(" is all-In",))
def _all_in(r: PartyHandReader, text: str, line: int) -> None:
    name, rest = r.split(text, " is all-In")
    added = r.money(rest, line)
    to = r.money_in.of(name) + added
    event: Event
    if to <= r.high:
        event = Call(line, name, added, True, False)
    elif r.high == 0:
        event = Bet(line, name, added, True, False)
    else:
        event = RaiseTo(line, name, None, to, True, False)
    r.act(name, event, added)


@_reads("ALL_IN_MARK", markers=(" is all-In.",))
def _all_in_mark(r: PartyHandReader, text: str, line: int) -> None:
    name = r.split(text, " is all-In.")[0]
    index = r.last_action.get(name)
    event = r.events[index] if index is not None else None
    if index is None or not isinstance(event, (Call, Bet, RaiseTo)):
        r.add(Notice(line, NoticeKind.OTHER, name, text))  # a mark with no bet before it: kept, not read
        return
    r.events[index] = msgspec.structs.replace(event, all_in=True)


@_reads("SHOW", markers=(" shows [",))
def _show(r: PartyHandReader, text: str, line: int) -> None:
    name, rest = r.split(text, " shows ")
    r.add(Show(line, name, cards(rest), _described(rest)))


@_reads("SHOW_LOW", markers=(" for low",))
def _show_low(r: PartyHandReader, text: str, line: int) -> None:
    """`fistfock123 shows7,5,4,2,A  for low.` (hhsmithy/partypoker-cash/HandActionTests/OmahaHiLo.txt): the low of
    the hand the player showed before, added to that show's description in the `HI: …; LO: …` form the
    settlement reads (`hhtool.rules.hilo`). A low line after no show of the player's is HH010."""
    at = text.rfind(" shows")
    name, low = text[:at], text[at + len(" shows") : text.rfind(" for low")].strip()
    for index in range(len(r.events) - 1, -1, -1):
        show = r.events[index]
        if type(show) is Show and show.player == name:
            high = f"HI: {show.description}; " if show.description else ""
            r.events[index] = Show(show.line, show.player, show.cards, f"{high}LO: {low}")
            return
    raise FieldError("HH010", f"{name!r} shows a low without a hand shown before it", line, actual=text)


@_reads("MUCK_SHOW", markers=(" doesn't show",))
def _muck_show(r: PartyHandReader, text: str, line: int) -> None:
    name, rest = r.split(text, " doesn't show ")
    r.add(Show(line, name, cards(rest), _described(rest)))


@_reads("NO_SHOW", markers=(" does not show cards",))
def _no_show(r: PartyHandReader, text: str, line: int) -> None:
    r.add(Muck(line, r.split(text, " does not show cards")[0], False))


LINE_KINDS.declare(
    "CASH_OUT_PREMIUM", markers=(" Cash-out Premium",), reader=_notice(NoticeKind.OTHER, " Cash-out Premium")
)
LINE_KINDS.declare(
    "CASH_OUT_OPTED", markers=(" opted for cash-out",), reader=_notice(NoticeKind.OTHER, " opted for cash-out")
)
LINE_KINDS.declare("CASH_OUT_CHANCE", markers=(" probabilty is",), reader=_notice(NoticeKind.OTHER, " probabilty is"))


@_reads("CASH_OUT", markers=(" Cashout Amount is",))
def _cash_out(r: PartyHandReader, text: str, line: int) -> None:
    """`Player2 Cashout Amount is 23.01`: what the room pays the all-in player, outside the pot (the
    premium is printed as a percentage only, `Cash-out Premium % is 1.0`, so no fee amount is read)."""
    name, rest = r.split(text, " Cashout Amount is ")
    r.add(CashOut(line, name, r.money(rest, line), None))


@_reads("WINS", markers=(" wins ",))
def _wins(r: PartyHandReader, text: str, line: int) -> None:
    name, rest = r.split(text, " wins ")
    half = _HALF.match(rest)  # Omaha Hi-Lo: `P wins Lo ($28.75 USD) from the main pot with 7,5,4,2,A.`
    amount = r.money(half["amount"] if half else rest, line)
    side = _SIDE.search(rest)
    index = small_number(side.group(1), "side pot number", line) if side else 0 if "main pot" in rest else None
    r.add(Collect(line, name, amount, index))


# the low half's winner (hhsmithy/partypoker-cash/HandActionTests/OmahaHiLo.txt; the high half's prints no word)
_HALF = re.compile(r"(?:Lo|Hi) \((?P<amount>[^()]+)\)")


def _free_seat(name: str, preflop: list[str], listed: dict[str, Seat], taken: set[int], places: int) -> int | None:
    """The first empty seat clockwise after the seated player who acts before `name` before the flop, and
    before the one who acts after him (None: he does not act then, or no empty seat lies between)."""
    if name not in preflop:
        return None
    at = preflop.index(name)
    count = len(preflop)
    before = next(
        (listed[preflop[(at - k) % count]] for k in range(1, count) if preflop[(at - k) % count] in listed), None
    )
    after = next(
        (listed[preflop[(at + k) % count]] for k in range(1, count) if preflop[(at + k) % count] in listed), None
    )
    if before is None or after is None:
        return None
    number = before.seat
    for _ in range(places):
        number = number % places + 1
        if number == after.seat:
            return None
        if number not in taken:
            return number
    return None


def _described(rest: str) -> str | None:
    """`[ Js, Th ]two pairs, Aces and Tens.` → `two pairs, Aces and Tens`."""
    close = rest.find("]")
    description = rest[close + 1 :].strip().rstrip(".").strip() if close >= 0 else ""
    return description or None
