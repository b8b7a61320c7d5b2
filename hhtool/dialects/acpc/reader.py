"""Read an ACPC dealer log line into the neutral model.

A hand is one line `STATE:<hand>:<betting>:<cards>:<payoffs>:<players>` (FORMATS.md §5.1; the format of
the ACPC dealer's match logs, `project_acpc_server`):

- betting: the rounds separated by `/`; `f` fold, `c` check or call, `rN` a raise (or bet) *to* N, the
  chips the player has put in over the whole hand (not the round); in a limit game `r` has no amount
  (a raise of the round's raiseSize). After an all-in the remaining rounds are empty (`r20000c///`).
- cards: the hole cards of each listed player separated by `|`, then each round's board cards after a
  `/` (`AhTd|Jd7d/2sTh3s/2h/Qc`); all of them are printed (the log is the dealer's).
- payoffs: each listed player's net result, `|`-separated, printed as whole numbers; a match that
  scores all-in hands by their expected value prints those with six decimals (`-18181.818182`, and
  `-15000.000000` where the value is whole): HH047.
- players: the names, in listed position order. Blinds, stacks and who acts first in each round are
  the game definition's (`hhtool.dialects.acpc.game`), per listed position: with `reverse_blinds`
  heads-up the first listed player posts the big blind and acts first after the flop, the second
  (the button) posts the small blind and acts first before it.
- `#` lines are comments (the dealer writes a `# name/game/hands/seed` header and its options);
  a `SCORE:` line ends a match: both are read past.

What the reader makes of it: the hand id `<match>-<hand>` (the log's file name without `.log` or `.txt`,
which the dealer names after the match, its dots and other signs as `_`, and the STATE number: a log numbers its hands from 0, so the number
alone names a hand only within its match), the match as the table, seats 1…N in listed order with the game's stacks, the button on the
small blind's seat heads-up (else the seat before the small blind), the blinds, each player's hole
cards, every action with its amounts (the raise's street total and increase worked out from the
hand totals the log prints), the board of each round, shows when the hand ends with more than one
player, and the collected amounts the payoffs say: a player's payoff plus the chips the player had in
the pot once an uncalled part is returned (the log prints no return: `prints_uncalled` False). The
replay and settlement then check all of it against the rules and the cards. Payoffs that cannot be
chips (they do not add up to 0, or a player would collect less than nothing) are HH046, and no
collected amounts are made from them. All-in expected-value payoffs (every payoff printed with the
dealer's six decimals) are no chips won by the board: they are kept as the claims' `ev_payoffs`, which the
settlement checks against the equity of the boards to come (hhtool.rules.equity: HH047, HH048); no shows
and no collected amounts are made from them, and each player is paid the payoff plus the chips left in
the pot outside it (`EVCashout` received), so that each ends with the stack the payoff says, in whole
chips that add up to the pot (the largest fractions get the chips the rounding leaves). A log that halves
a split pot's odd chip (the Pluribus logs' `112.5`) has it collected by the first winner from the
button's left, as the settlement gives it. With no game given, a line naming 2 players is read with the
2017 heads-up game and one naming 6 with the Pluribus game (`hhtool.dialects.acpc.game`).
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from pathlib import PurePath

from hhtool.codes import finding, message
from hhtool.dialects.acpc.game import Game, GameError, current_game
from hhtool.grammar.parse import hand_id as find_hand_id
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
    EVCashout,
    Event,
    Fold,
    Hand,
    Header,
    Limit,
    PostBlind,
    RaiseTo,
    Seat,
    Show,
    Source,
    Street,
    StreetStart,
)
from hhtool.model.limits import MAX_ID_DIGITS, MAX_MINOR

SITE = "acpc"
_HAND_ID = re.compile(r"STATE:(\d+):")
_STATE = re.compile(r"STATE:(?P<hand>\d+):(?P<betting>[^:]*):(?P<cards>[^:]*):(?P<payoffs>[^:]*):(?P<players>[^:]*)\Z")
_ACTION = re.compile(r"[fc]|r(\d*)")
_CARD = re.compile(r"[2-9TJQKA][cdhs]")
_ID_UNSAFE = re.compile(r"[^\w-]")  # a hand id is word characters and dashes (`site:id` is the hand's uid)
_MATCH_NAME = re.compile(r"(?:\.(?:log|txt))?(?:\.gz)?\Z")  # a log's name less its suffixes: the match
_STREETS = (Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER)
_EV = re.compile(r"-?\d+\.\d{6}(?:\|-?\d+\.\d{6})*")  # the dealer prints expected values with "%.6f"


class LogError(ValueError):
    """A STATE line that is not what the format says: HH010 at its line, with the column."""

    def __init__(self, message: str, column: int, expected: str, actual: str) -> None:
        super().__init__(message)
        self.column, self.expected, self.actual = column, expected, actual


def parse_acpc(block: Block) -> ParseResult:
    """One ACPC hand (a STATE line, with any comment lines before it) into a ParseResult; never raises
    for bad input."""
    found_id = find_hand_id(block.text, _HAND_ID, len(block.text))
    if block.oversized:
        return oversized(block, SITE, found_id)
    lines = block.text.split("\n")
    states = [(i, line) for i, line in enumerate(lines) if line.startswith("STATE:")]
    others = [
        (i, line) for i, line in enumerate(lines) if line.strip() and not line.startswith(("STATE:", "#", "SCORE:"))
    ]
    if len(states) != 1 or others:
        index, text = others[0] if others else states[1] if len(states) > 1 else (0, lines[0])
        return unparsed(
            block,
            SITE,
            found_id,
            "HH010",
            "an ACPC hand is one STATE line (and comment lines)",
            block.line + index,
            1,
            expected="STATE:<hand>:<betting>:<cards>:<payoffs>:<players>",
            actual=text[:160],
        )
    index, text = states[0]
    line = block.line + index
    listed = text.rsplit(":", 1)[-1].count("|") + 1  # the players the line names (its last field)
    try:
        game = current_game(listed)
    except (OSError, GameError) as exc:
        return unparsed(
            block,
            SITE,
            found_id,
            "HH010",
            f"the ACPC game definition cannot be read: {exc}",
            line,
            expected="a .game file (--acpc-game)",
            actual=str(exc)[:160],
        )
    if game is None:
        return unparsed(
            block,
            SITE,
            found_id,
            "HH010",
            f"the line names {listed} players and hhtool has no "
            f"built-in ACPC game of {listed} (2: heads-up, 6: the Pluribus game); give the game "
            "definition with --acpc-game",
            line,
            expected="2 or 6 players, or --acpc-game FILE",
            actual=f"{listed} players",
        )
    if not game.holdem:
        return ParseResult(
            Status.UNSUPPORTED,
            block.file,
            block.line,
            SITE,
            found_id,
            findings=(
                finding(
                    "HH020",
                    "the ACPC game definition is not Texas Hold'em (a 52-card deck, two hole cards, "
                    "boards of 3, 1 and 1); counted as unsupported",
                    block.file,
                    line,
                    1,
                    hand_id=found_id,
                ),
            ),
        )
    try:
        hand, notes = _read(block, game, text, line)
    except LogError as exc:
        return unparsed(block, SITE, found_id, "HH010", str(exc), line, exc.column, exc.expected, exc.actual)
    return ParseResult(
        Status.PARSED,
        block.file,
        block.line,
        SITE,
        hand.header.hand_id,
        hand=hand,
        findings=tuple(
            finding(code, text, block.file, line, 1, hand_id=hand.header.hand_id, expected=expected, actual=actual)
            for code, text, expected, actual in notes
        ),
    )


def _read(block: Block, game: Game, text: str, line: int) -> tuple[Hand, list[tuple[str, str, str, str]]]:
    match = _STATE.match(text)
    if match is None:
        raise LogError(
            "line is not STATE:<hand>:<betting>:<cards>:<payoffs>:<players>",
            1,
            "STATE:<hand>:<betting>:<cards>:<payoffs>:<players>",
            text[:160],
        )
    number = match["hand"]
    if len(number) > MAX_ID_DIGITS:
        raise LogError(
            f"hand number has {len(number)} digits", match.start("hand") + 1, f"<= {MAX_ID_DIGITS} digits", number[:40]
        )
    names = match["players"].split("|")
    if len(names) != game.players or len(set(names)) != len(names) or not all(names):
        raise LogError(
            f"{len(names)} player names for a game of {game.players} (each named once)",
            match.start("players") + 1,
            f"{game.players} distinct names",
            match["players"][:160],
        )
    holes, boards = _cards(match, game)
    payoffs = _payoffs(match, game)
    small, big = _blind_positions(game)
    button = small if game.players == 2 else (small - 1) % game.players
    seats = tuple(Seat(i + 1, name, game.stacks[i], line) for i, name in enumerate(names))
    match_name = _MATCH_NAME.sub("", PurePath(block.file).name) or "acpc"
    header = Header(
        site=SITE,
        hand_id=f"{_ID_UNSAFE.sub('_', match_name)}-{number}",
        game="holdem",
        limit=Limit.FIXED_LIMIT if game.limit else Limit.NO_LIMIT,
        small_blind=game.blinds[small],
        big_blind=game.blinds[big],
        small_bet=game.raise_sizes[0] if game.limit else game.blinds[big],
        big_bet=game.raise_sizes[-1] if game.limit else game.blinds[big],
        currency="chips",
        scale=1,
        time=None,
        time_zone=None,
        time_utc=None,
        table=match_name,
        max_seats=game.players,
        button_seat=button + 1,
    )
    betting = _Betting(game, names, line, match.start("betting") + 1)
    events: list[Event] = []
    for position, kind in ((small, BlindKind.SMALL), (big, BlindKind.BIG)):
        events.append(betting.post(position, kind))
    events.append(StreetStart(line, Street.PREFLOP, 0, ()))
    events.extend(DealHole(line, name, holes[i]) for i, name in enumerate(names))
    rounds = match["betting"].split("/")
    if len(rounds) > game.rounds:
        raise LogError(
            f"{len(rounds)} betting rounds in a game of {game.rounds}",
            match.start("betting") + 1,
            f"<= {game.rounds} rounds",
            match["betting"][:160],
        )
    if len(boards) != len(rounds) - 1:
        raise LogError(
            f"{len(rounds)} betting rounds and {len(boards) + 1} card rounds",
            match.start("cards") + 1,
            f"board cards for {len(rounds) - 1} rounds after the first",
            match["cards"][:160],
        )
    board: tuple[str, ...] = ()
    for round_no, actions in enumerate(rounds):
        if round_no:
            board = board + boards[round_no - 1]
            events.append(StreetStart(line, _STREETS[round_no], 0, board))
            betting.new_round(round_no)
        events.extend(betting.actions(actions, round_no))
    notes: list[tuple[str, str, str, str]] = []
    live = betting.live()
    ev = payoffs is not None and _EV.fullmatch(match["payoffs"]) is not None  # the dealer's six decimals
    shown = len(live) > 1 and not ev
    if len(live) > 1:
        events.append(StreetStart(line, Street.SHOWDOWN, 0, ()))
        if shown:
            events.extend(Show(line, names[i], holes[i], None) for i in live)
    ev_payoffs: tuple[tuple[str, str], ...] = ()
    if payoffs is not None:
        shown_payoffs = "|".join(match["payoffs"].split("|"))
        first = (button + 1) % game.players  # odd chips go round from the button's left
        if ev:
            ev_payoffs = tuple(zip(names, match["payoffs"].split("|")))
            paid, problem = _ev_paid(payoffs, betting.contributed(), names, shown_payoffs, first)
            if problem is not None:
                notes.append(problem)
            events.extend(EVCashout(line, name, received=amount) for name, amount in paid)
        else:
            collects, problem = _collects(payoffs, betting.contributed(), names, shown_payoffs, first)
            if problem is not None:
                notes.append(problem)
            events.extend(Collect(line, name, amount, None) for name, amount in collects)
    hand = Hand(
        header,
        seats,
        tuple(events),
        Claims(line=line, rake=0, ev_payoffs=ev_payoffs),
        Source(block.file, block.line, block.column),
        lines=block.text.count("\n") + 1,
    )
    return hand, notes


def _cards(match: re.Match, game: Game) -> tuple[list[tuple[str, ...]], list[tuple[str, ...]]]:
    text = match["cards"]
    column = match.start("cards") + 1
    hole_text, *board_texts = text.split("/")
    parts = hole_text.split("|")
    if len(parts) != game.players:
        raise LogError(
            f"{len(parts)} hands of hole cards for {game.players} players",
            column,
            f"{game.players} hands separated by |",
            text[:160],
        )
    holes = [_card_list(part, column, game.hole_cards) for part in parts]
    boards = [
        _card_list(part, column, game.board_cards[i + 1] if i + 1 < game.rounds else 0)
        for i, part in enumerate(board_texts)
    ]
    return holes, boards


def _card_list(text: str, column: int, count: int) -> tuple[str, ...]:
    cards = tuple(text[i : i + 2] for i in range(0, len(text), 2))
    if len(cards) != count or not all(_CARD.fullmatch(card) for card in cards):
        raise LogError(f"{text!r} is not {count} cards", column, f"{count} cards like Ah", text[:40])
    return cards


def _payoffs(match: re.Match, game: Game) -> list[Decimal] | None:
    text = match["payoffs"]
    parts = text.split("|")
    if len(parts) != game.players:
        raise LogError(
            f"{len(parts)} payoffs for {game.players} players",
            match.start("payoffs") + 1,
            f"{game.players} payoffs separated by |",
            text[:160],
        )
    try:
        values = [Decimal(part) for part in parts]
    except InvalidOperation:
        raise LogError(f"payoffs {text!r} are not numbers", match.start("payoffs") + 1, "numbers", text[:160]) from None
    if any(not v.is_finite() or abs(v) > MAX_MINOR for v in values):
        raise LogError(
            f"payoffs {text!r} are beyond hhtool's limits",
            match.start("payoffs") + 1,
            f"|payoff| <= {MAX_MINOR}",
            text[:160],
        )
    return values


def _collects(
    payoffs: list[Decimal], contributed: list[int], names: list[str], shown: str, first: int = 0
) -> tuple[list[tuple[str, int]], tuple[str, str, str, str] | None]:
    """Each player's collected amount: payoff + chips in the pot (HH046 when the payoffs cannot be that), in
    whole chips: a split pot's odd chip that a log halves (the Pluribus logs' `112.5`) goes to the first of
    its winners from the button's left, as the settlement gives it."""
    total = sum(payoffs)
    if total != 0:
        return [], ("HH046", message("HH046", "sum", payoffs=shown, total=total), "0", str(total))
    exact = [payoff + put for payoff, put in zip(payoffs, contributed)]
    for name, payoff, put, amount in zip(names, payoffs, contributed, exact):
        if amount < 0:
            return [], (
                "HH046",
                message("HH046", "negative", player=name, payoff=payoff, put=put),
                f">= -{put}",
                str(payoff),
            )
    return [(name, amount) for name, amount in zip(names, _whole_chips(exact, first)) if amount], None


def _ev_paid(
    payoffs: list[Decimal], contributed: list[int], names: list[str], shown: str, first: int
) -> tuple[list[tuple[str, int]], tuple[str, str, str, str] | None]:
    """What each player of a hand scored by expected value is paid, outside the pot (the pot itself is
    not awarded by the board): the payoff plus the chips the player left in the pot, so that each ends
    with the stack the payoff says, in whole chips, the pot shared out exactly (the largest fractions get
    the chips the rounding leaves; ties from the button's left). HH046 when the payoffs cannot be that."""
    return _collects(payoffs, contributed, names, shown, first)


def _whole_chips(amounts: list[Decimal], first: int) -> list[int]:
    """`amounts` (adding up to a whole number) in whole chips with the same total: each rounded down, then
    one chip more to the largest fractions, ties in order from position `first`."""
    floors = [int(amount) for amount in amounts]  # amounts are >= 0: int() rounds down
    left = int(sum(amounts)) - sum(floors)
    count = len(amounts)
    order = sorted(range(count), key=lambda i: (-(amounts[i] - floors[i]), (i - first) % count))
    for i in order[:left]:
        floors[i] += 1
    return floors


def _blind_positions(game: Game) -> tuple[int, int]:
    """The listed positions of the small and the big blind (heads-up reverse blinds: 1 and 0)."""
    posted = [i for i, blind in enumerate(game.blinds) if blind > 0]
    if len(posted) != 2:
        raise LogError(
            f"the game definition has {len(posted)} blinds; hhtool reads games with two",
            1,
            "two blinds",
            " ".join(map(str, game.blinds)),
        )
    first, second = posted
    return (first, second) if game.blinds[first] < game.blinds[second] else (second, first)


class _Betting:
    """Who acts, and the chips each player has in the pot, as the log's actions go."""

    def __init__(self, game: Game, names: list[str], line: int, column: int) -> None:
        self.game, self.names, self.line, self.column = game, names, line, column
        self.total = [0] * game.players  # chips in over the hand
        self.start = [0] * game.players  # chips in at the start of the round
        self.folded = [False] * game.players
        self.round = 0

    def post(self, position: int, kind: BlindKind) -> PostBlind:
        stack = self.game.stacks[position]
        amount = min(self.game.blinds[position], stack)
        self.total[position] = amount
        return PostBlind(self.line, self.names[position], kind, amount, amount == stack)

    def live(self) -> list[int]:
        return [i for i in range(self.game.players) if not self.folded[i]]

    def contributed(self) -> list[int]:
        """Chips each player leaves in the pot once the uncalled part of the largest total is returned."""
        ordered = sorted(self.total, reverse=True)
        out = list(self.total)
        if len(ordered) > 1 and ordered[0] > ordered[1]:
            out[self.total.index(ordered[0])] = ordered[1]
        return out

    def new_round(self, round_no: int) -> None:
        self.round = round_no
        self.start = list(self.total)

    def _can_act(self, i: int) -> bool:
        return not self.folded[i] and self.total[i] < self.game.stacks[i]

    def actions(self, text: str, round_no: int) -> list[Event]:
        events: list[Event] = []
        actor = self.game.first_player[round_no]
        position = 0
        while position < len(text):
            match = _ACTION.match(text, position)
            if match is None:
                raise LogError(
                    f"{text[position]!r} is not an action (f, c or rN)",
                    self.column,
                    "f, c or rN",
                    text[position : position + 20],
                )
            actor = self._next(actor, text)
            events.append(self._act(actor, match, round_no))
            actor = (actor + 1) % self.game.players
            position = match.end()
        return events

    def _next(self, actor: int, text: str) -> int:
        if len(self.live()) < 2:
            raise LogError(
                "an action after the hand is over (one player left)", self.column, "no more actions", text[:160]
            )
        for step in range(self.game.players):
            candidate = (actor + step) % self.game.players
            if self._can_act(candidate):
                return candidate
        raise LogError("an action when no player can act", self.column, "no more actions", text[:160])

    def _act(self, actor: int, match: re.Match, round_no: int) -> Event:
        name, line = self.names[actor], self.line
        high = max(self.total)
        stack = self.game.stacks[actor]
        kind = match.group(0)[0]
        if kind == "f":
            self.folded[actor] = True
            return Fold(line, name, ())
        if kind == "c":
            added = min(high, stack) - self.total[actor]
            if added <= 0:
                return Check(line, name)
            self.total[actor] += added
            return Call(line, name, added, self.total[actor] == stack, False)
        if self.game.limit:
            if match.group(1):
                raise LogError(
                    f"a limit game's raise has no amount: {match.group(0)!r}", self.column, "r", match.group(0)
                )
            to = high + self.game.raise_sizes[round_no]
        else:
            if not match.group(1):
                raise LogError("a no-limit raise without its amount", self.column, "rN", match.group(0))
            if len(match.group(1)) > len(str(MAX_MINOR)):
                raise LogError(
                    f"a raise of {len(match.group(1)):,} digits is beyond hhtool's limits",
                    self.column,
                    f"<= {MAX_MINOR}",
                    match.group(0)[:40],
                )
            to = int(match.group(1))
        if to > stack or to <= self.total[actor]:
            raise LogError(
                f"{name} raises to {to} with {self.total[actor]} in and a stack of {stack}",
                self.column,
                f"{self.total[actor]} < N <= {stack}",
                match.group(0),
            )
        added = to - self.total[actor]
        street_high = max(t - s for t, s in zip(self.total, self.start))
        street_to = to - self.start[actor]
        self.total[actor] = to
        if street_high == 0:
            return Bet(line, name, added, to == stack, False)
        return RaiseTo(line, name, street_to - street_high, street_to, to == stack, False)
