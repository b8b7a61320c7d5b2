"""The steps of one hand: the replay's own state (stacks, street bets, pot, board, cards) after each
event, recorded through the replay's `after` hook. Nothing here computes a bet or a pot: the
numbers are read from the replay (`Replay.final_stacks`, `pot_total`, `Player.street`), so what
`show` displays is what `validate` judged.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hhtool.dialects.sites import hand_site
from hhtool.findings import Finding
from hhtool.model import Event, Hand, Header, Limit, Notice, Street, StreetStart
from hhtool.model.variant import variant_named
from hhtool.rules.replay import Replay, format_money, replay
from hhtool.rules.ruleset import RuleSet
from hhtool.rules.settle import settle
from hhtool.validate import HandResult


@dataclass(slots=True)
class Step:
    """The table after one event (or before the first: `line` is the header's, `kind` "seats")."""

    line: int
    kind: str  # the event's type name: PostBlind, RaiseTo, StreetStart, Collect, … ("seats", "end")
    street: str
    actor: str | None
    pot: int
    stacks: dict[str, int]  # chips in front of each player: behind, plus what was collected or cashed out
    bets: dict[str, int]  # each player's bet on this street
    folded: list[str]
    all_in: list[str]
    cards: dict[str, tuple[str, ...]]  # hole cards known so far (dealt to the hero, or shown)
    boards: list[tuple[str, ...]]  # one board, or two when the board is run twice


@dataclass
class SeatView:
    seat: int
    player: str
    start: int
    final: int
    dealt_in: bool
    position: str  # "button", "small blind", "big blind" or ""


@dataclass
class PotView:
    amount: int
    eligible: list[str]
    winners: list[str]


@dataclass
class HandView:
    """Everything `show` displays about one hand."""

    result: HandResult
    lines: list[str]  # the hand's text, one entry per line; line numbers start at result.line
    steps: list[Step] = field(default_factory=list)
    seats: list[SeatView] = field(default_factory=list)
    pots: list[PotView] = field(default_factory=list)
    collected: dict[str, int] = field(default_factory=dict)
    awards: list[tuple[str, int, int | None]] = field(default_factory=list)  # collects: player, amount, pot index
    rake: int | None = None
    total_pot: int | None = None
    scale: int = 1
    currency: str = "chips"
    game: str = ""  # the game and its betting structure, `Omaha Pot Limit` (game_name); "" for an unparsed hand
    hole_cards: int = 0  # how many cards the game deals each player: the backs drawn for cards not known

    def money(self, amount: int) -> str:
        return format_money(amount, self.scale, self.currency)

    @property
    def first_line(self) -> int:
        return self.result.line

    def findings_at(self, line: int) -> list[Finding]:
        return [f for f in self.result.findings if f.line == line]

    def loose_findings(self) -> list[Finding]:
        """Findings at no line of the hand's text (e.g. a cross-hand finding placed elsewhere)."""
        last = self.first_line + len(self.lines) - 1
        return [f for f in self.result.findings if not self.first_line <= f.line <= last]

    def pot_name(self, index: int | None) -> str:
        """`the pot`, `the main pot`, `side pot 2`, or `the pots` where the text names none of several."""
        if index is None:
            return "the pots" if len(self.pots) > 1 else "the pot"
        if index == 0:
            return "the main pot" if len(self.pots) > 1 else "the pot"
        return f"side pot {index}"

    def results(self) -> list[str]:
        """Who won what from which pot, as the hand's collected lines say (the replay checked them)."""
        if self.total_pot is None:
            return []
        if not self.awards:
            return [f"Nobody collected {self.pot_name(None)} ({self.money(self.total_pot)})."]
        return [
            f"{player} won {self.money(amount)} from {self.pot_name(index)}" for player, amount, index in self.awards
        ]

    def steps_by_line(self) -> dict[int, Step]:
        """Source line → the step of the last event on that line."""
        return {s.line: s for s in self.steps if s.kind not in ("seats", "end")}


def view_of(result: HandResult, text: str, rules: RuleSet | None = None) -> HandView:
    """The view of a validated hand: its text, and for a parsed hand the replay's steps."""
    view = HandView(result, text.rstrip("\n").split("\n"))
    hand = result.hand
    if hand is None:
        return view
    view.scale, view.currency = hand.header.scale, hand.header.currency
    view.game, view.hole_cards = game_name(hand.header), variant_named(hand.header.game).hole_cards
    recorder = _Recorder(hand)
    state = replay(hand, rules or RuleSet(), site=hand_site(hand), after=recorder)
    settle(state)
    if not recorder.started:  # a hand without events: the seats are all there is
        recorder.steps.append(_snapshot(state, hand.source.line, "seats", recorder.street, None, before=True))
    recorder.steps.append(
        _snapshot(state, hand.claims.line or recorder.last_line, "end", recorder.street, None, bets=False)
    )
    view.steps = recorder.steps
    final = state.final_stacks()
    positions = _positions(hand)
    view.seats = [
        SeatView(
            seat.seat,
            seat.player,
            seat.stack,
            final.get(seat.player, seat.stack),
            seat.player in state.players and state.players[seat.player].dealt_in,
            positions.get(seat.seat, ""),
        )
        for seat in hand.seats
    ]
    tail = result.tail_dict() if result.state is not None else {}
    view.pots = [PotView(p["amount"], p["eligible"], p["winners"]) for p in tail.get("pots", [])]
    view.collected = tail.get("collected", {})
    view.awards = [(e.player, e.amount, e.pot_index) for e in state.collects] if not state.cancelled else []
    view.rake, view.total_pot = tail.get("rake"), tail.get("total_pot")
    return view


# One name for a game whatever site dealt it: the words of the biggest room's headers, whose fpdb-3 parser's game
# table names all five Omaha games (`Omaha`, `Omaha Hi/Lo`, `5 Card Omaha`, `5 Card Omaha Hi/Lo`, `6 Card Omaha`)
# and whose corpus hands put the limit after them (`Omaha Pot Limit`, `6 Card Omaha Pot Limit` in non-holdem-samples).
GAME_NAMES = {
    "holdem": "Hold'em",
    "omaha": "Omaha",
    "omaha5": "5 Card Omaha",
    "omaha6": "6 Card Omaha",
    "omaha_hilo": "Omaha Hi/Lo",
    "omaha5_hilo": "5 Card Omaha Hi/Lo",
}
LIMIT_NAMES = {
    Limit.NO_LIMIT: "No Limit",
    Limit.POT_LIMIT: "Pot Limit",
    Limit.FIXED_LIMIT: "Fixed Limit",
    Limit.POT_LIMIT_PREFLOP: "Pot Limit Pre-Flop, No Limit Post-Flop",
}


def game_name(header: Header) -> str:
    """`Omaha Pot Limit`, `Hold'em No Limit`: what is dealt, said the same for every site's hand."""
    return f"{GAME_NAMES.get(header.game, header.game)} {LIMIT_NAMES.get(header.limit, str(header.limit))}"


def _positions(hand: Hand) -> dict[int, str]:
    """Seat → position as the summary names it (the hand's own claim: the replay has no such list)."""
    out: dict[int, str] = {}
    for summary in hand.claims.seats:
        if summary.positions:
            out[summary.seat] = ", ".join(summary.positions)
    if hand.header.button_seat is not None:
        out.setdefault(hand.header.button_seat, "button")
    return out


class _Recorder:
    """The replay's `after` hook: one Step per event (chat and other notices change nothing shown)."""

    def __init__(self, hand: Hand) -> None:
        self.street = Street.PREFLOP.value
        self.last_line = hand.source.line
        self.steps: list[Step] = []
        self.hand = hand
        self.started = False
        self.betting_over = False  # a run-twice board or the showdown: the last bets are in the pot

    def __call__(self, event: Event, state: Replay) -> None:
        if not self.started:
            self.started = True
            self.steps.append(_snapshot(state, self.hand.source.line, "seats", self.street, None, before=True))
        if isinstance(event, Notice):
            return
        if isinstance(event, StreetStart):
            self.street = event.street.value
            # a new betting street sets the bets to 0 in the replay; a second run or the showdown
            # starts none, and the last bets are then shown in the pot only
            self.betting_over = bool(event.run) or event.street is Street.SHOWDOWN
        self.last_line = event.line
        self.steps.append(
            _snapshot(
                state,
                event.line,
                type(event).__name__,
                self.street,
                getattr(event, "player", None),
                bets=not self.betting_over,
            )
        )


def _snapshot(
    state: Replay, line: int, kind: str, street: str, actor: str | None, before: bool = False, bets: bool = True
) -> Step:
    players = state.players.values()
    if before:  # the seats as listed, before the first event was replayed
        stacks = {s.player: s.stack for s in state.hand.seats}
        return Step(line, kind, street, None, 0, stacks, {}, [], [], {}, [])
    boards = state.boards
    runs = sorted(k for k in boards if k) or sorted(boards)
    return Step(
        line,
        kind,
        street,
        actor,
        state.pot_total,
        state.final_stacks(),
        {p.name: p.street for p in players if p.street} if bets else {},
        [p.name for p in players if p.folded],
        [p.name for p in players if p.all_in],
        {p.name: p.shown or p.cards for p in players if p.shown or p.cards},
        [boards[k] for k in runs],
    )
