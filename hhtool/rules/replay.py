"""Replay one hand event by event under a RuleSet: compute the truth, report every deviation.

The replay never raises on bad data and never repairs the hand: each violation becomes a Finding
and the replay goes on with what the text says (clamped only where the arithmetic would
otherwise be meaningless, e.g. chips beyond a stack). It computes contributions, uncalled
returns, pots and their eligible players, and the final stacks; `hhtool.rules.settle` then checks
the awards, the rake and the summary against that truth.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any, Final

from hhtool.codes import finding, message
from hhtool.findings import Finding
from hhtool.model import (
    Bet,
    BlindKind,
    Call,
    CashDrop,
    CashOut,
    Check,
    Collect,
    DealHole,
    EVCashout,
    Event,
    Fold,
    Hand,
    HandCancelled,
    Insurance,
    Limit,
    Muck,
    Notice,
    NoticeKind,
    PostAnte,
    PostBlind,
    RaiseTo,
    Rebuy,
    ReturnUncalled,
    Show,
    Street,
    StreetStart,
)
from hhtool.model.conventions import Conventions, Site
from hhtool.model.money import Currency
from hhtool.rules.betting import Betting, Stake, uncalled
from hhtool.rules.pots import Pot, side_pots
from hhtool.rules.ruleset import RuleSet

# Enum members and tables as module constants, Final: compiled, a Final module name is a C static, where
# any other global is a look-up in the module's dict at each use (and an enum class's attribute goes
# through EnumType.__getattr__, ~10x a global's); they are named per event.
_BIG: Final = BlindKind.BIG
_SMALL: Final = BlindKind.SMALL
_SMALL_AND_BIG: Final = BlindKind.SMALL_AND_BIG
_STRADDLE: Final = BlindKind.STRADDLE
_MISSED: Final = BlindKind.MISSED
_FIXED_LIMIT: Final = Limit.FIXED_LIMIT
_POT_LIMIT: Final = Limit.POT_LIMIT
_POT_LIMIT_PREFLOP: Final = Limit.POT_LIMIT_PREFLOP
_SITTING_OUT: Final = NoticeKind.SITTING_OUT
_LEAVE: Final = NoticeKind.LEAVE
_WAIT_FOR_BUTTON: Final = NoticeKind.WAIT_FOR_BUTTON
_PROTECTED: Final = NoticeKind.PROTECTED
_FLOP: Final = Street.FLOP
_PREFLOP: Final = Street.PREFLOP
_RIVER: Final = Street.RIVER
_SHOWDOWN: Final = Street.SHOWDOWN
_TURN: Final = Street.TURN

# how a finding names each blind kind (Bob posts a small blind of $0.05; the stakes say …)
_BLIND_NAMES: Final[dict[BlindKind, str]] = {
    _SMALL: "small blind",
    _BIG: "big blind",
    _SMALL_AND_BIG: "small & big blind",
    BlindKind.BUTTON: "button blind",
    _STRADDLE: "straddle",
    _MISSED: "missed blind",
}
_STREET_ORDER: Final[dict[Street, int]] = {_PREFLOP: 0, _FLOP: 1, _TURN: 2, _RIVER: 3, _SHOWDOWN: 4}
_BOARD_SIZE: Final[dict[Street, int]] = {_FLOP: 3, _TURN: 4, _RIVER: 5}
_by_seat: Final = attrgetter("seat")

# the event classes the replay tells apart by type, Final for the same reason (compared for every event)
_Fold: Final = Fold
_Check: Final = Check
_Call: Final = Call
_Bet: Final = Bet
_RaiseTo: Final = RaiseTo
_StreetStart: Final = StreetStart
_PostBlind: Final = PostBlind
_PostAnte: Final = PostAnte
_DealHole: Final = DealHole
_Collect: Final = Collect
_ReturnUncalled: Final = ReturnUncalled
_Show: Final = Show
_Muck: Final = Muck
_CashOut: Final = CashOut
_CashDrop: Final = CashDrop
_EVCashout: Final = EVCashout
_Insurance: Final = Insurance
_Rebuy: Final = Rebuy
_HandCancelled: Final = HandCancelled
_Notice: Final = Notice


class Player(Stake):
    """A seat's state during the replay: its betting state (`Stake`) and what else the checks need."""

    __slots__ = (
        "seat",
        "start",
        "dealt_in",
        "cards",
        "shown",
        "mucked",
        "cashed_out",
        "rebuy",
        "cash_out_paid",
        "cash_out_fee",
        "index",
        "premium",
        "stack_known",
    )

    def __init__(self, name: str, seat: int, stack: int, dealt_in: bool) -> None:
        super().__init__(stack, name)
        self.seat, self.start = seat, stack
        self.dealt_in = dealt_in
        self.cards: tuple[str, ...] = ()
        self.shown: tuple[str, ...] = ()
        self.mucked = False
        self.cashed_out = False
        self.rebuy = 0
        self.cash_out_paid = 0  # what the room paid for an all-in cash out (outside the pot)
        self.cash_out_fee = 0  # the room's fee for it (0 when the line prints none)
        self.premium = 0  # what the player paid the room outside the pot (EV cash-out risk, insurance premium)
        self.index = -1  # position in the dealt-in order
        self.stack_known = True  # False: the stack is a floor (`Hand.stack_floors`), its end no all-in

    @property
    def active(self) -> bool:
        """Still able to act: in the hand and not all-in."""
        return not self.folded and not self.all_in and self.dealt_in


class Replay:
    """The truth of a hand, as computed, and what the text claimed along the way.

    A plain class with its own `__init__` rather than a dataclass: compiled, a dataclass's generated
    `__init__` runs as interpreted Python (its default factories one call each), for every hand.
    """

    __slots__ = (
        "hand",
        "rules",
        "findings",
        "players",
        "order",
        "pots",
        "returns",
        "collects",
        "collect_runs",
        "shows",
        "unverified",
        "boards",
        "board_lines",
        "reached",
        "saw_flop",
        "cancelled",
        "cash_drop",
        "big_blind_player",
        "live_count",
        "ledger",
        "hole_events",
        "board_events",
        "cash_out_kept",
        "fees",
        "site",
        "conventions",
    )

    def __init__(self, hand: Hand, rules: RuleSet, site: Site) -> None:
        self.hand = hand
        self.rules = rules
        # the hand's site as the caller knows it (`hhtool.dialects.sites.hand_site`): its conventions, read by
        # the replay, settle and the snapshots, and its wording of a hand, read by settle's card checks
        self.site = site
        self.conventions: Conventions = site.conventions
        self.findings: list[Finding] = []
        self.players: dict[str, Player] = {}
        self.order: list[Player] = []  # dealt-in players by seat, in the order of play (`Conventions.clockwise`)
        self.pots: list[Pot] = []
        self.returns: dict[str, int] = {}  # uncalled returns (computed)
        self.collects: list[Collect] = []
        self.collect_runs: list[int] = []  # run of each collect (0, or 1/2 when run twice)
        self.shows: list[tuple[Show, int]] = []  # each show with its run
        self.unverified: list[tuple[int, int]] = []  # (run, pot) the shown cards cannot decide
        self.boards: dict[int, tuple[str, ...]] = {}  # run → board as dealt
        self.board_lines: dict[int, int] = {}  # run → line of the street that dealt it
        self.reached: Street = _PREFLOP
        self.saw_flop = False
        self.cancelled = False
        self.cash_drop = 0  # money the site added to the pot: part of the total pot, paid by no player
        self.big_blind_player: str | None = None
        self.live_count = 0  # players dealt in and not folded
        self.ledger: list[tuple[Event, Street, int]] = []  # posts and actions, chips each put in
        # gathered by the replay's handlers for settle's card checks, in event order:
        self.hole_events: list[Any] = []  # DealHole and Show with cards, Fold showing cards
        self.board_events: list[StreetStart] = []  # street markers that deal board cards
        # set by settle: the pot share each cashed-out player won by the cards and was not paid (the room keeps it)
        self.cash_out_kept: dict[str, int] = {}
        # set by settle: the fees besides rake taken from the pot (a printed tax that was not taken left out, HH213)
        self.fees = 0

    def report(
        self, code: str, line: int, variant: str = "", expected: object = None, actual: object = None, **values: object
    ) -> None:
        """A finding of `code` at `line`: its message is the code's template (codes.py) with `values`."""
        self.findings.append(
            finding(
                code,
                message(code, variant, **values),
                self.hand.source.file,
                line,
                1,
                hand_id=self.hand.header.hand_id,
                expected=expected,
                actual=actual,
            )
        )

    def money(self, amount: int) -> str:
        header = self.hand.header
        return format_money(amount, header.scale, header.currency)

    @property
    def pot_total(self) -> int:
        """Everything in the pot: what the players put in (less uncalled returns) and the site's cash drop."""
        total = self.cash_drop
        for p in self.players.values():
            total += p.total
        return total

    @property
    def live(self) -> list[Player]:
        return [p for p in self.order if not p.folded]

    def collected_by(self) -> dict[str, int]:
        """Player → what the `collected` lines gave them, over all pots and runs."""
        won: dict[str, int] = {}
        for event in self.collects:
            won[event.player] = won.get(event.player, 0) + event.amount
        return won

    def final_stacks(self) -> dict[str, int]:
        """Player → chips at the end of the hand: the chips kept behind (start, less what was put in,
        plus uncalled returns), what was collected, what the room paid outside the pot (all-in cash out,
        EV cashout, insurance) less what the player paid it there (cash-out risk, insurance premium).
        The one definition of a final stack: the export's seats and the next hand's stack check use it."""
        won = self.collected_by()
        return {name: p.stack + p.cash_out_paid - p.premium + won.get(name, 0) for name, p in self.players.items()}


def format_money(amount: int, scale: int, currency: str) -> str:
    """An amount as the findings print it: chips as they are, cash with its symbol (`$0.25`)."""
    return Currency.of(currency, scale).format(amount)


def dead_button_blinds(button: int, dealt: tuple[int, ...], small: int, big: int, clockwise: bool) -> bool:
    """The dead-button rule's shape in one hand (TDA / Robert's Rules; HH405's own text): the button
    stands on the empty seat of a player who left, and the blinds sit on the next players dealt in
    after it, the small blind (0: none) first. `dealt`: the seats dealt in, in the order of play."""
    way = 1 if clockwise else -1
    after = [seat for seat in dealt if seat * way > button * way] + [
        seat for seat in dealt if seat * way <= button * way
    ]
    if small:
        return after[:2] == [small, big]
    return after[:1] == [big]


def replay(hand: Hand, rules: RuleSet, site: Site, after: Callable[[Event, Replay], None] | None = None) -> Replay:
    """Replay `hand`, written at `site` (its conventions and wording, given by the caller, which knows the
    hand's dialect: `hhtool.dialects.sites.hand_site`); `after`, when given, is called with each event and the
    state once the event is replayed (how `hhtool show` reads the stacks and the pot after each action,
    without its own math)."""
    state = Replay(hand, rules, site)
    _Replayer(state, after).run()
    return state


class _Replayer:
    def __init__(self, state: Replay, after: Callable[[Event, Replay], None] | None = None) -> None:
        self.s = state
        self.after = after
        self.hand = state.hand
        self.header = state.hand.header
        self.street = _PREFLOP
        self.in_betting = False  # between the deal of the hole cards and the end of the last betting round
        self.run_no = 0  # 0, or 1/2 while the board is run twice
        self.run_street: dict[int, Street] = {}  # last street of each run
        self.shared_street = _PREFLOP  # last street both runs share
        rules = state.rules
        header = self.header
        # the round's bet to call, minimum raise and bets so far: the betting core's
        convention = state.conventions
        # fixed limit's half-bet rule where the site plays it (`limit_half_bet_reopens`; A7 is the default)
        self.betting = Betting(
            header.limit,
            header.big_blind,
            header.small_bet,
            header.big_bet,
            rules.min_bet_turn_river_bb,
            rules.raise_cap,
            rules.cap_heads_up,
            convention.limit_half_bet_reopens,
            convention.limit_half_bet_completes,
        )
        self.cursor: Player | None = None  # who acted last
        self.returned_this_round = False
        self.decided = False
        self.live_all_in = 0  # players still in (dealt in, not folded) who are all-in; they cannot fold
        self.street_money = False  # whether any street bet changed since they were all set to 0
        self.action_line = 0  # line of the last fold, check, call, bet or raise (0: none yet)
        self.straddles: list[Player] = []  # who straddled, in order: the last acts last pre-flop
        # whether the site prints uncalled returns (else the replay derives them and a missing line is no finding)
        self.prints_uncalled = convention.prints_uncalled
        # whether the big blind's uncalled pre-flop bet may have no return line (WPN's walks)
        self.big_blind_return_unprinted = convention.big_blind_return_unprinted
        # whether the seat list names players sitting out without marking them (dealt in only if they have a line)
        self.unmarked_sitting_out = convention.unmarked_sitting_out
        # whether a show closes the betting round (not where all-in players show before the uncalled return)
        self.show_closes_round = not convention.shows_before_uncalled
        # whether the site marks every action that puts a player's last chip in (else an unmarked one is no finding)
        self.marks_all_in = convention.marks_all_in
        # whether a post that empties a stack is marked too (else it is all-in by the stack: GG's posts)
        self.marks_all_in_posts = convention.marks_all_in and convention.marks_all_in_posts
        # pre-flop against a short all-in big blind: a raise's increase may count from that post, and a call
        # completes the full big blind (Winamax)
        self.raise_by_from_short_blind = convention.raise_by_from_short_blind
        self.call_completes_short_blind = convention.call_completes_short_blind
        # whether a run of folds may print in any order within the run (`batched_folds`), and the players of
        # the run being read so (their folds out of turn are taken as theirs, and move no turn)
        self.batched_folds = convention.batched_folds
        self.batch: set[str] = set()
        # whether a small blind posted from outside the small-blind seat is live (`live_extra_small_blind`)
        self.live_extra_small_blind = convention.live_extra_small_blind
        # whether a player who puts in the ante and then sits out is out of the hand (`ante_then_sits_out`: iPoker)
        self.ante_then_sits_out = convention.ante_then_sits_out
        # whether a player who leaves the table during the hand has folded there (`leave_folds`: Chico)
        self.leave_folds = convention.leave_folds
        # 1 where seat numbers go up clockwise, the way play goes; -1 where they go up counter-clockwise
        # (`clockwise` False: Chico's skins): every seat comparison below is made on seat * direction
        self.direction: int = 1 if convention.clockwise else -1
        # the header's fields the handlers read per event, read once (each read of a model field is a
        # generic attribute look-up, compiled or not)
        self.cap: int | None = header.cap
        self.small_blind: int = header.small_blind
        self.big_blind: int = header.big_blind
        self.limit: Limit = header.limit
        self.fixed_limit = self.limit is _FIXED_LIMIT
        self.cap_limits: tuple[str, ...] = rules.raise_cap_limits  # the structures with a house cap on bets

    # -- set-up ------------------------------------------------------------------------------
    def run(self) -> None:
        s, hand = self.s, self.hand
        self._seats()
        event: Any
        for event in hand.events:  # by type, the most frequent first (compiled, `is` on C statics: no set look-up)
            kind = type(event)
            if kind is _Fold or kind is _Call or kind is _Check or kind is _RaiseTo or kind is _Bet:
                self.action(event)
            elif kind is _StreetStart:
                self.street_start(event)
            elif kind is _PostBlind:
                self.post_blind(event)
            elif kind is _PostAnte:
                self.post_ante(event)
            elif kind is _DealHole:
                self.dealt(event)
            elif kind is _Collect:
                self.collect(event)
            elif kind is _ReturnUncalled:
                self.returned(event)
            elif kind is _Show:
                self.show(event)
            elif kind is _Muck:
                self.muck(event)
            elif kind is _CashOut:
                self.cash_out(event)
            elif kind is _CashDrop:
                s.cash_drop += event.amount
            elif kind is _EVCashout or kind is _Insurance:
                self.outside_pot(event)
            elif kind is _Rebuy:
                self.rebuy(event)
            elif kind is _HandCancelled:
                self.cancelled(event)
            elif kind is _Notice:
                notice = event.kind
                if notice is _PROTECTED:
                    self.protected(event)
                elif self.leave_folds and notice is _LEAVE:
                    self.left(event)
            if self.after is not None:
                self.after(event, s)
        if not s.cancelled:
            self._close_round(final=True)
            s.pots = self._pots()
            self._final_stacks()

    def _scan(self) -> None:
        """Look ahead for what the replay must know before it starts: who posts (blinds, antes), who
        sits out, whether the hand is cancelled.

        Posts, antes and 'sitting out' notices come before the hole cards are dealt, so the events are
        walked up to there only; the rest is merely asked, by event type, whether it holds a
        late post, ante or cancellation, and walked as well in the rare hand that does. Who acts
        matters only for a seat sitting out or without chips: see `_actors`.
        """
        self.posts: list[tuple[str, BlindKind]] = []
        self.antes: dict[str, int] = {}
        self.not_dealt: set[str] = set()
        self.posters: set[str] = set()  # post a blind or an ante
        self.usual_ante = 0  # the ante everybody not all-in posts
        self.has_cancel = False
        self.actor_names: set[str] | None = None
        self.present_names: set[str] | None = None
        events = self.hand.events
        cards = self._note(events, 0, before_cards=True)
        for index in range(cards, len(events)):
            kind = type(events[index])
            if kind is _PostAnte or kind is _PostBlind or kind is _HandCancelled:  # what _scan must see wherever it is
                self._note(events, cards, before_cards=False)
                break

    def _note(self, events: tuple[Event, ...], start: int, before_cards: bool) -> int:
        """Note posts, antes and cancellation from events[start:], and before the cards the players
        sitting out; then stop at the first street marker and return its index (else len(events))."""
        antes, posts, posters = self.antes, self.posts, self.posters
        for index in range(start, len(events)):
            event: Any = events[index]  # a PostAnte, PostBlind, … as its type says
            kind = type(event)
            if kind is _PostAnte:
                name, amount = event.player, event.amount
                posters.add(name)
                antes[name] = antes.get(name, 0) + amount
                if not event.all_in and amount > self.usual_ante:
                    self.usual_ante = amount
            elif kind is _PostBlind:
                name = event.player
                posters.add(name)
                posts.append((name, event.blind))
            elif kind is _StreetStart:
                if before_cards:
                    return index
            elif kind is _Notice:
                if before_cards and event.kind in (_SITTING_OUT, _WAIT_FOR_BUTTON):
                    self.not_dealt.add(event.player)
            elif kind is _HandCancelled:
                self.has_cancel = True
        return len(events)

    def _actors(self) -> set[str]:
        """The players who fold, check, call, bet or raise in the hand; gathered when first needed."""
        if self.actor_names is None:
            events: tuple[Any, ...] = self.hand.events
            self.actor_names = {event.player for event in events if type(event) in _ACTIONS}
        return self.actor_names

    def _present(self) -> set[str]:
        """The players with a line of their own in the hand: a post, an action, dealt or shown cards (for a
        site whose seat list names players sitting out unmarked)."""
        if self.present_names is None:
            self.present_names = (
                self._actors()
                | self.posters
                | {event.player for event in self.hand.events if type(event) is _DealHole or type(event) is _Show}
            )
        return self.present_names

    def _seats(self) -> None:
        s, header = self.s, self.header
        self._scan()
        seen_seats: set[int] = set()
        not_dealt, posters = self.not_dealt, self.posters
        players, order = s.players, s.order
        max_seats = header.max_seats
        first = s.conventions.first_seat
        places = s.conventions.seat_places  # seats numbered on a fixed layout: its places, whatever the N-max
        if places is not None:
            max_seats = places
        floors = self.hand.stack_floors
        in_seat_order = True  # seats are listed in order in nearly every hand: no sort needed then
        last = None
        direction = self.direction
        for seat in self.hand.seats:
            name, number, stack = seat.player, seat.seat, seat.stack
            if number in seen_seats or name in players:
                s.report(
                    "HH402",
                    seat.line,
                    seat=number,
                    player=name,
                    expected="each seat and player once",
                    actual=f"seat {number}, {name!r} again",
                )
                continue
            seen_seats.add(number)
            if max_seats and not first <= number < first + max_seats:
                s.report(
                    "HH403",
                    seat.line,
                    seat=number,
                    max_seats=max_seats,
                    expected=f"{first}..{first + max_seats - 1}",
                    actual=number,
                )
            sitting = (
                seat.sitting_out
                or seat.out_of_hand
                or name in not_dealt
                or (self.unmarked_sitting_out and name not in self._present())
            )
            if not sitting and stack > 0:
                dealt_in = True
            else:  # sitting out, or no chips: in the hand only if the player posts or acts
                actors = self._actors()
                posted = name in posters and not (
                    self.ante_then_sits_out and name in not_dealt and all(poster != name for poster, _ in self.posts)
                )
                dealt_in = (not sitting or posted or name in actors) and stack > 0
                if stack <= 0 and (name in actors or name in posters):
                    s.report("HH404", seat.line, player=name, stack=s.money(stack), expected="> 0", actual=stack)
                    dealt_in = True
            player = Player(name, number, stack, dealt_in)
            if name in floors:
                player.stack_known = False
            players[name] = player
            if dealt_in:
                if last is not None and number * direction < last:
                    in_seat_order = False
                last = number * direction
                player.index = len(order)
                order.append(player)
        if not in_seat_order:
            order.sort(key=_by_seat, reverse=direction < 0)  # in the order of play
            for index, player in enumerate(order):
                player.index = index
        self._orders()
        s.live_count = len(order)
        count = len(order)
        rules = s.rules
        cancelled = self.has_cancel
        if not rules.min_players <= count <= rules.max_players and not cancelled:
            s.report(
                "HH401",
                self.hand.source.line,
                count=count,
                low=rules.min_players,
                high=rules.max_players,
                expected=f"{rules.min_players}..{rules.max_players}",
                actual=count,
            )
        button = header.button_seat
        if (
            button is not None and button not in seen_seats and not cancelled and not self._dead_button_alone(button)
        ):  # a cancelled hand's button: no check
            s.report("HH405", self.hand.source.line + 1, button=button, expected="an occupied seat", actual=button)

    def _dead_button_alone(self, button: int) -> bool:
        """A hand that never chains (a fast-fold pool, a site whose seats are anonymous: no table
        snapshot, see `crosshand.table_snapshot`) is its table's first hand every time: its button on an
        empty seat is a dead button when the blinds follow it (`dead_button_blinds`), e.g. Bovada's
        `Set dealer [5]` with seat 5 empty. A hand that chains is judged by the cross-hand checks."""
        if not (self.header.fast_fold or self.s.conventions.anonymous_seats):
            return False
        players = self.s.players
        big = small = 0
        for name, blind in self.posts:
            player = players.get(name)
            if player is None:
                continue
            if blind is _BIG and not big:
                big = player.seat
            elif blind is _SMALL and not small:
                small = player.seat
        dealt = tuple([p.seat for p in self.s.order])
        return big > 0 and dead_button_blinds(button, dealt, small, big, self.direction > 0)

    def _orders(self) -> None:
        """Seat orders fixed for the whole hand once the dealt-in players are known, built once."""
        order = self.s.order
        direction = self.direction
        button = (self.header.button_seat or 0) * direction
        first = 0  # the first seat after the button
        for player in order:
            if player.seat * direction > button:
                break
            first += 1
        self._left_of_button = order[first:] + order[:first]
        if self.s.conventions.button_from_blinds and len(order) > 2:
            self._rotation_from_blinds()

    def _rotation_from_blinds(self) -> None:
        """A site whose printed button may not move with its blinds (`Conventions.button_from_blinds`, 888-11):
        when the small and the big blind are posted by consecutive players dealt in and the printed button
        does not put the small blind first, the blinds are the rotation. Said once (HH419) only where the printed
        button's own player posts a blind (888-11); a player moved in between the button and the small blind is
        dealt in and skipped by the blinds (888-5, a tournament's moved-in player), which is no inconsistency."""
        s = self.s
        small = big = None
        line = 0
        for event in self.hand.events:
            if type(event) is _PostBlind:
                if event.blind is _SMALL and small is None:
                    small, line = s.players.get(event.player), event.line
                elif event.blind is _BIG and big is None:
                    big = s.players.get(event.player)
            elif type(event) is _StreetStart:
                break
        rotation = self._left_of_button
        if small is None or big is None or not small.dealt_in or not big.dealt_in or rotation[0] is small:
            return
        at = rotation.index(small)
        if rotation[(at + 1) % len(rotation)] is not big:
            return
        self._left_of_button = rotation[at:] + rotation[:at]
        if self.header.button_seat not in (small.seat, big.seat):
            return  # players dealt in between the button and the blinds (moved in: 888-5): the site's rotation
        s.report(
            "HH419",
            line,
            button=self.header.button_seat,
            small=small.name,
            small_seat=small.seat,
            big=big.name,
            big_seat=big.seat,
            expected=f"the button before seat {small.seat}",
            actual=f"seat {self.header.button_seat}",
        )

    def left_of_button(self) -> list[Player]:
        """Dealt-in players in acting order starting left of the button (computed once; do not change it)."""
        return self._left_of_button

    def player(self, name: str, line: int) -> Player | None:
        player = self.s.players.get(name)
        if player is None:
            self.s.report("HH406", line, player=name, expected="a seated player", actual=name)
        return player

    # -- forced bets -------------------------------------------------------------------------
    def post_ante(self, event: PostAnte) -> None:
        s = self.s
        name, line = event.player, event.line
        player = s.players.get(name) or self.player(name, line)
        if player is None:
            return
        amount, stack, marked = event.amount, player.stack, event.all_in
        s.ledger.append((event, _PREFLOP, amount if amount < stack else stack))
        usual = self.usual_ante or amount
        all_in = marked or (not self.marks_all_in_posts and amount >= stack)
        if amount != usual and not (all_in and amount < usual):
            s.report(
                "HH103",
                line,
                "ante",
                player=player.name,
                amount=s.money(amount),
                usual=s.money(usual),
                expected=usual,
                actual=amount,
            )
        self._put(player, amount, all_in, line, live=False)

    def post_blind(self, event: PostBlind) -> None:
        s = self.s
        name, line = event.player, event.line
        player = s.players.get(name) or self.player(name, line)
        if player is None:
            return
        amount, stack, marked = event.amount, player.stack, event.all_in
        s.ledger.append((event, _PREFLOP, amount if amount < stack else stack))
        sb, bb = self.small_blind, self.big_blind
        kind = event.blind
        live = amount
        if kind is _SMALL:
            expected = sb
            if self.fixed_limit:
                expected = amount if 0 < amount < bb else sb  # limit small blinds round variously
            if not self._is_position_blind(player, kind, line) and not self.live_extra_small_blind:
                live = 0  # a missed small blind posted out of position is dead money (B4)
        elif kind is _BIG:
            expected = bb
            in_position = self._is_position_blind(player, kind, line)
            if in_position and s.big_blind_player is None:
                s.big_blind_player = player.name
            elif not in_position and 0 < amount < bb and s.conventions.short_live_posts:
                expected = amount  # the site's out-of-position post of less than the big blind: live, as posted
        elif kind is _SMALL_AND_BIG:
            expected, live = sb + bb, min(amount, bb)
        elif kind is _STRADDLE:  # a live blind of twice the bet to call, which it raises (re-straddles double again)
            expected = 2 * max(self.betting.high, bb) - player.street  # what it adds to what the player has in
            self.straddles.append(player)
        elif kind is _MISSED:  # a missed blind posted on return: the small or the big blind, dead money
            expected = amount if amount in (sb, bb, sb + bb) else sb
            live = 0
        else:  # button blind: a live blind the site announces; its size is the site's
            expected = amount
        dead_part = event.dead
        if dead_part is not None:  # the site says which part is dead
            live = amount - dead_part
        # a site that does not mark every all-in post (`marks_all_in`, `marks_all_in_posts`): a post of the
        # last chips is one
        all_in = marked or (not self.marks_all_in_posts and amount >= stack)
        if amount != expected and not (all_in and amount < expected):
            s.report(
                "HH103",
                line,
                "blind",
                player=player.name,
                blind=_BLIND_NAMES[kind],
                amount=s.money(amount),
                stakes=s.money(expected),
                expected=expected,
                actual=amount,
            )
        dead = amount - live
        if dead:
            before = player.total
            self._put(player, dead, all_in and not live, line, live=False)
            player.dead += player.total - before
        if live or not dead:
            self._put(player, live, all_in, line, live=True)
        if player.street > self.betting.high:
            self.betting.high = player.street

    def _is_position_blind(self, player: Player, kind: BlindKind, line: int) -> bool:
        """Whether this is the blind of the small/big blind position (B1, B2); extra posts are legal (B4).

        A player posting out of position (a returning player's missed blind, a new player's big blind)
        is fine as long as the player in the position posts too; if nobody in the position posts,
        the post is reported and taken as the position's blind.
        """
        s = self.s
        order = self.left_of_button()
        if len(order) < 2:
            return True
        heads_up = len(order) == 2
        posts = self.posts
        if kind is _SMALL:
            positions: tuple[Player, ...] = (order[-1] if heads_up else order[0],)
        elif heads_up:
            positions = (order[0],)
        else:
            first = order[0]  # the small blind's position
            positions = (order[0], order[1])  # unless the small blind is posted in position:
            for name, blind in posts:
                if blind is _SMALL and name == first.name:
                    positions = (self._next_after(first),)
                    break
        if player in positions:  # one Player per name, so this is a test of the name
            return True
        allowed = {p.name for p in positions}
        if any(name in allowed and blind is kind for name, blind in posts):
            return False
        code = "HH104" if heads_up else ("HH101" if kind is _SMALL else "HH102")
        what = "small" if kind is _SMALL else "big"
        s.report(
            code,
            line,
            player=player.name,
            seat=player.seat,
            what=what,
            button=self.header.button_seat,
            allowed=" or ".join(sorted(allowed)),
            expected=" or ".join(sorted(allowed)),
            actual=player.name,
        )
        return True

    def _next_after(self, player: Player) -> Player:
        order = self.s.order
        direction = self.direction
        for candidate in order:
            if candidate.seat * direction > player.seat * direction:
                return candidate
        return order[0]

    def _put(self, player: Player, amount: int, all_in_claim: bool, line: int, live: bool = True) -> None:
        """Move chips from a stack into the pot, checking the stack and the all-in claim."""
        s = self.s
        if amount > player.stack:
            s.report(
                "HH119",
                line,
                player=player.name,
                amount=s.money(amount),
                stack=s.money(player.stack),
                expected=f"<= {player.stack}",
                actual=amount,
            )
            amount = player.stack
        player.stack -= amount
        player.total += amount
        if live and amount:
            player.street += amount
            self.street_money = True
        if player.stack == 0 and player.dealt_in and not player.all_in and (player.stack_known or all_in_claim):
            player.all_in = True
            if not player.folded:
                self.live_all_in += 1
            if not all_in_claim and self.marks_all_in:
                s.report(
                    "HH120", line, "unmarked", player=player.name, expected="marked all-in", actual="no all-in mark"
                )
        elif all_in_claim and player.stack > 0:
            s.report(
                "HH120",
                line,
                "marked",
                player=player.name,
                stack=s.money(player.stack),
                expected="stack 0",
                actual=player.stack,
            )
        cap = self.cap
        if (
            cap is not None
            and live
            and not player.all_in
            and player.dealt_in
            and player.total - self._antes(player) >= cap
        ):
            player.all_in = True  # at a CAP table a player at the cap acts no more, as if all-in
            if not player.folded:
                self.live_all_in += 1

    # -- streets -----------------------------------------------------------------------------
    def street_start(self, event: StreetStart) -> None:
        s = self.s
        board, street, line, dealt_run = event.board, event.street, event.line, event.run
        if board:
            s.board_events.append(event)
        if street is _PREFLOP:
            if self.in_betting or self.street is not _PREFLOP:
                s.report("HH123", line, "preflop", expected="once", actual="twice")
            self._start_betting(preflop=True)
            return
        run = dealt_run
        if run:
            if run != self.run_no:  # a new run starts from the last street both runs share
                self.run_street.setdefault(run, self.shared_street)
            self.run_no = run
            current = self.run_street[run]
        else:
            current = self.street
            self.shared_street = street
        rank, previous = _STREET_ORDER[street], _STREET_ORDER[current]
        if rank < previous or (rank == previous and street is not _SHOWDOWN):
            s.report(
                "HH123",
                line,
                "order",
                street=street.value,
                current=current.value,
                expected=f"a street after the {current.value}",
                actual=street.value,
            )
        if run:
            self.run_street[run] = street
        if street is not _SHOWDOWN:
            size = _BOARD_SIZE[street]
            if len(board) != size:
                s.report("HH123", line, "size", street=street.value, count=len(board), expected=size, actual=len(board))
            run = run or 0
            before = s.boards.get(run) or s.boards.get(0, ())
            if before and tuple(board[: len(before)]) != before:
                if (
                    len(before) >= 3
                    and sorted(board[:3]) == sorted(before[:3])
                    and tuple(board[3 : len(before)]) == before[3:]
                ):
                    # the flop (dealt at once) reprinted in another order (GGPoker 2020: `*** TURN *** [7d 9d Ad] [2s]`
                    # after `*** FLOP *** [Ad 7d 9d]`): the same board, kept in the order first dealt
                    board = before + tuple(board[len(before) :])
                else:
                    s.report(
                        "HH123",
                        line,
                        "extend",
                        street=street.value,
                        board=" ".join(board),
                        before=" ".join(before),
                        expected=" ".join(before),
                        actual=" ".join(board),
                    )
            s.boards[run] = tuple(board)
            s.board_lines[run] = line
            if street is _FLOP:
                s.saw_flop = True
        if self.in_betting:
            self._close_round(final=False, line=line)
        self.street = street
        if street is not _SHOWDOWN and not dealt_run:
            if rank > _STREET_ORDER[s.reached]:
                s.reached = street
            self._start_betting(preflop=False)

    def _start_betting(self, preflop: bool) -> None:
        s = self.s
        self.in_betting = True
        self.returned_this_round = False
        if preflop:
            straddle = self.straddles[-1] if self.straddles else None
            self.betting.start_preflop(s.players.values(), straddle)
            bb = s.players.get(s.big_blind_player) if s.big_blind_player else None
            if straddle is not None:  # the action starts after the last straddler, who acts last
                self.cursor = straddle
            elif len(s.order) == 2:  # heads-up: the button (small blind) acts first
                first = self.left_of_button()[-1]
                self.cursor = self._previous(first)
            else:
                following = self.left_of_button()[1:2]
                self.cursor = bb if bb is not None else (following[0] if following else None)
        else:
            self.betting.start_street(self.street, s.players.values())
            self.street_money = False
            self.cursor = self._button_player()

    def _button_player(self) -> Player | None:
        """The player the post-flop order starts after: the button or the last seat before it."""
        order = self.left_of_button()
        return order[-1] if order else None

    def _previous(self, player: Player) -> Player:
        order = self.s.order
        direction = self.direction
        before = [p for p in order if p.seat * direction < player.seat * direction]
        return before[-1] if before else order[-1]

    def next_to_act(self) -> Player | None:
        """Who must act next: clockwise after the last actor, the first active player who owes chips or
        has not acted (the betting core's `next_to_act`)."""
        order = self.s.order
        return self.betting.next_to_act(order, order, self._after_cursor())  # type: ignore[return-value]

    def _after_cursor(self) -> int:
        """Where the dealt-in players clockwise after the last actor start in the seat order (the walk goes
        round it, ending with the last actor): an index, since it is walked for every action, where a
        rotated copy of the order would be a new list."""
        cursor = self.cursor
        if cursor is None:
            return 0
        if cursor.index >= 0:  # dealt in: order[index] is the cursor
            return cursor.index + 1
        # not dealt in (cannot happen: only dealt-in players act or post)
        direction = self.direction
        return next((i for i, p in enumerate(self.s.order) if p.seat * direction > cursor.seat * direction), 0)

    def _round_needs_action(self) -> Player | None:
        s = self.s
        live = s.live_count
        if live <= 1:
            return None
        return self.betting.waiting_for(
            s.order,
            s.order,
            live,  # type: ignore[return-value]
            live - self.live_all_in,
            self._after_cursor(),
        )

    def _close_round(self, final: bool, line: int | None = None) -> None:
        """End the current betting round: nobody may still owe an action; return the uncalled bet."""
        s = self.s
        if not self.in_betting:
            return
        waiting = self._round_needs_action()
        if waiting is not None and not self.decided:
            where = f"line {line}" if line else "the end of the hand"
            s.report(
                "HH122",
                line or self._last_line(),
                street=self.street.value,
                where=where,
                player=waiting.name,
                expected=f"{waiting.name} to act",
                actual="round closed",
            )
        self._settle_uncalled(line or self._last_line(), printed=None)
        self.in_betting = False

    def _line_after(self, line: int) -> int:
        """The line of the first event after `line` (a blank line may stand between), else the next line."""
        for event in self.hand.events:
            if event.line > line:
                return event.line
        return line + 1

    def _last_line(self) -> int:
        return self.hand.events[-1].line if self.hand.events else self.hand.source.line

    def _uncalled(self) -> tuple[Player | None, int]:
        """The player whose street bet nobody matched, and by how much (the betting core's `uncalled`)."""
        if not self.street_money:  # every street bet is 0: a round checked through
            return None, 0
        return uncalled(self.s.players.values())  # type: ignore[return-value]

    def _settle_uncalled(self, line: int, printed: ReturnUncalled | None) -> None:
        s = self.s
        bettor, amount = self._uncalled()
        if printed is not None:
            if bettor is None or amount == 0:
                s.report(
                    "HH201",
                    printed.line,
                    "called",
                    amount=s.money(printed.amount),
                    player=printed.player,
                    expected=0,
                    actual=printed.amount,
                )
                return
            if printed.player != bettor.name or printed.amount != amount:
                s.report(
                    "HH201",
                    printed.line,
                    "wrong",
                    amount=s.money(printed.amount),
                    player=printed.player,
                    due=s.money(amount),
                    bettor=bettor.name,
                    expected=f"{amount} to {bettor.name}",
                    actual=f"{printed.amount} to {printed.player}",
                )
        elif (
            amount
            and bettor is not None
            and not self.returned_this_round
            and self.prints_uncalled
            and not (self.big_blind_return_unprinted and self.street is _PREFLOP and bettor.name == s.big_blind_player)
        ):
            if self.action_line:  # where the missing line belongs: right after the action that ended the betting
                line = self._line_after(self.action_line)
            s.report(
                "HH202",
                line,
                amount=s.money(amount),
                bettor=bettor.name,
                expected=f"an uncalled bet of {s.money(amount)} back to {bettor.name}",
                actual="no line",
            )
        if amount and bettor is not None:
            if self.betting.returned(bettor, amount) and bettor.dealt_in and not bettor.folded:
                self.live_all_in -= 1
            s.returns[bettor.name] = s.returns.get(bettor.name, 0) + amount
        self.returned_this_round = True

    # -- actions -----------------------------------------------------------------------------
    def action(self, event) -> None:
        s = self.s
        kind = type(event)
        line = self.action_line = event.line
        shown: Any = event.shown if kind is _Fold else ()
        if shown:
            s.hole_events.append(event)
        name = event.player
        player = s.players.get(name)
        if player is None:
            self.player(name, line)  # reports it
            return
        if s.live_count <= 1 and kind is not _Fold:
            s.report("HH124", line, player=player.name, expected="no action", actual=kind.__name__)
            return
        if not self.in_betting:
            s.report(
                "HH123",
                line,
                "outside",
                player=player.name,
                expected="an action in a betting round",
                actual=kind.__name__,
            )
            return
        if player.folded or player.all_in:
            if kind is _Fold and player.all_in and not player.acted and not player.folded:
                # a site may print a fold for a sitting-out player all-in on a blind or ante: the chips still
                # make their pot level (the pots it prints show it), but the hand cannot win it.
                player.mucked = True
                return
            state = "folded" if player.folded else "is all-in"
            s.report(
                "HH111",
                line,
                player=player.name,
                state="folded" if player.folded else "gone all-in",
                expected="no action",
                actual=f"{kind.__name__} by a player who {state}",
            )
            return
        expected = self.next_to_act()
        batched = expected is not player and kind is _Fold and self._batched_fold(player, event)
        if expected is not player and not batched:
            if expected is not None:
                s.report(
                    "HH110",
                    line,
                    player=player.name,
                    seat=player.seat,
                    other=expected.name,
                    other_seat=expected.seat,
                    expected=expected.name,
                    actual=player.name,
                )
            else:
                s.report(
                    "HH110",
                    line,
                    "complete",
                    player=player.name,
                    street=self.street.value,
                    expected="no action",
                    actual=player.name,
                )
        if kind is _Fold:  # the most common action, handled here: no chips move
            player.folded = True
            if player.dealt_in:
                s.live_count -= 1
            if shown:
                player.shown = tuple(shown)
            s.ledger.append((event, self.street, 0))
        else:
            before = player.total
            if kind is _Call:
                self.call(player, event)
            elif kind is _RaiseTo:
                self.raise_to(player, event)
            elif kind is _Bet:
                self.bet(player, event)
            else:
                self.check(player, event)
            s.ledger.append((event, self.street, player.total - before))
        player.acted = True
        player.acted_at = self.betting.high
        if not batched:  # a fold ahead of its turn does not move the turn
            self.cursor = player
        if s.live_count <= 1:
            self.decided = True

    def _batched_fold(self, player: Player, event: Fold) -> bool:
        """Whether a fold out of turn belongs to a run of folds that prints in any order (`batched_folds`:
        PartyPoker folds the players who pre-selected a fold as a batch when the action reaches them): the
        run of consecutive folds from this one (notices between them aside) must begin with a set of k folds
        that is the set of the next k players due, this player among them. Anything else stays HH110."""
        if not self.batched_folds:
            return False
        if player.name in self.batch:
            return True
        events = self.hand.events
        run: list[str] = []
        later: Any
        for index in range(events.index(event), len(events)):
            later = events[index]
            kind = type(later)
            if kind is _Fold:
                run.append(later.player)
            elif kind is not _Notice:
                break
        due: list[str] = []
        order = self.s.order
        count = len(order)
        start = self._after_cursor()
        high = self.betting.high
        for step in range(count):
            p = order[(start + step) % count]
            if not p.folded and not p.all_in and (not p.acted or (high > p.street and self.owed(p) > 0)):
                due.append(p.name)
        for size in range(2, min(len(run), len(due)) + 1):
            if set(run[:size]) == set(due[:size]) and len(set(run[:size])) == size:
                self.batch = set(run[:size])
                return True
        return False

    def left(self, event: Notice) -> None:
        """A player who leaves the table in the middle of a hand, on a site that prints no fold for him
        (`leave_folds`: Chico's `Player7 has left the table` after his small blind, no line of his after it
        and none in the summary), has folded there: his chips stay in the pot, the turn passes him by."""
        player = self.s.players.get(event.player or "")
        if player is None or not player.dealt_in or player.folded or player.all_in:
            return
        player.folded = True
        self.s.live_count -= 1
        if self.s.live_count <= 1:
            self.decided = True

    def protected(self, event: Notice) -> None:
        """All-in protection (a site's disconnect protection, iPoker's `sum="DP"`): a player disconnected when it
        is his turn stays in for the chips he has in and acts no more, as a player at a CAP table's cap does:
        all-in for the pots up to there, his chips behind still his. It takes his turn, so it is checked as an
        action is: by a player who folded or is all-in HH111, out of turn HH110."""
        s = self.s
        line = event.line
        player = self.player(event.player or "", line)
        if player is None:
            return
        if not self.in_betting or s.live_count <= 1 or player.folded or player.all_in or not player.dealt_in:
            state = "folded" if player.folded else ("gone all-in" if player.all_in else "is not in the betting")
            s.report(
                "HH111",
                line,
                player=player.name,
                state=state,
                expected="no action",
                actual=f"all-in protection of a player who {state}",
            )
            return
        expected = self.next_to_act()
        if expected is not player:
            if expected is not None:
                s.report(
                    "HH110",
                    line,
                    player=player.name,
                    seat=player.seat,
                    other=expected.name,
                    other_seat=expected.seat,
                    expected=expected.name,
                    actual=player.name,
                )
            else:
                s.report(
                    "HH110",
                    line,
                    "complete",
                    player=player.name,
                    street=self.street.value,
                    expected="no action",
                    actual=player.name,
                )
        player.all_in = True
        self.live_all_in += 1
        player.acted = True
        player.acted_at = self.betting.high
        self.cursor = player

    def owed(self, player: Player) -> int:
        """What the player must add to stay in (the betting core's `to_call`; pre-flop at least the full big
        blind where a call completes a short all-in big blind: `call_completes_short_blind`)."""
        owed = self.betting.to_call(player, self.s.order)
        if self.call_completes_short_blind and self.street is _PREFLOP:
            high = self.betting.high
            full = (high if high < self.big_blind else self.big_blind) - player.street
            if full > owed:
                return full
        return owed

    def check(self, player: Player, event: Check) -> None:
        if self.betting.high <= player.street:  # nothing to call: what `owed` would find first
            return
        owed = self.owed(player)
        if owed > 0:
            self.s.report(
                "HH112",
                event.line,
                "check",
                player=player.name,
                owed=self.s.money(owed),
                expected=f"fold, call {owed} or raise",
                actual="check",
            )

    def call(self, player: Player, event: Call) -> None:
        s = self.s
        line = event.line
        owed = self.owed(player)
        due = owed if owed < player.stack else player.stack
        added = event.added
        if added is None:  # the site prints no amount: the call is what is owed
            added = due if due > 0 else 0
        if owed <= 0:
            s.report(
                "HH112", line, "call", player=player.name, amount=s.money(added), expected="check or bet", actual="call"
            )
        elif added != due:
            s.report(
                "HH113", line, player=player.name, amount=s.money(added), due=s.money(due), expected=due, actual=added
            )
        self._put(player, added, event.all_in, line)
        if self.cap is not None:
            self._check_cap(player, event)

    def bet(self, player: Player, event: Bet) -> None:
        s = self.s
        high = self.betting.high
        line, added, all_in = event.line, event.added, event.all_in
        if high > 0:
            s.report("HH112", line, "bet", player=player.name, high=s.money(high), expected="raise", actual="bet")
        undersized = self._sized(player, added, added, all_in, line, is_bet=True)
        self._put(player, added, all_in, line)
        self._raised(player, added, undersized)
        if self.cap is not None:
            self._check_cap(player, event)

    def raise_to(self, player: Player, event: RaiseTo) -> None:
        s, betting = self.s, self.betting
        high = betting.high
        line, raise_by, raise_to, all_in = event.line, event.raise_by, event.raise_to, event.all_in
        if raise_by is not None and raise_by != raise_to - high:
            # a site may count a raise's increase from the highest amount actually put in, which is below the
            # bet to call when the big blind was posted short; both readings are accepted.
            posted = None
            for p in s.players.values():
                if p is not player and (posted is None or p.street > posted):
                    posted = p.street
            if posted is None:
                posted = 0
            if raise_by != raise_to - posted and not self._by_from_short_blind(raise_by, raise_to):
                s.report(
                    "HH121",
                    line,
                    player=player.name,
                    by=s.money(raise_by),
                    to=s.money(raise_to),
                    high=s.money(high),
                    expected=raise_to - high,
                    actual=raise_by,
                )
        if high == 0:
            s.report("HH112", line, "raise", player=player.name, expected="bet", actual="raise")
        if not betting.may_raise(player):
            # short all-in raises reopen the betting only once they add up to a full raise (TDA)
            s.report("HH118", line, player=player.name, expected="call or fold", actual="raise")
        added = raise_to - player.street
        increment = raise_to - high
        completed = betting.completed_to  # an all-in of half a bet or more taken as the full bet (fixed limit)
        if completed > high and raise_to > completed:
            increment = raise_to - completed
        undersized = self._sized(player, added, increment, all_in, line, is_bet=False)
        self._put(player, added, all_in, line)
        self._raised(player, increment, undersized)
        if self.cap is not None:
            self._check_cap(player, event)

    def _by_from_short_blind(self, raise_by: int, raise_to: int) -> bool:
        """Whether a pre-flop raise's increase counts from the big blind's post, short and all-in, as a site
        may print it (`raise_by_from_short_blind`)."""
        if not self.raise_by_from_short_blind or self.street is not _PREFLOP:
            return False
        name = self.s.big_blind_player
        big = self.s.players.get(name) if name is not None else None
        return big is not None and big.all_in and big.street < self.big_blind and raise_by == raise_to - big.street

    def _sized(self, player: Player, added: int, increment: int, all_in: bool, line: int, is_bet: bool) -> bool:
        """Bet and raise sizes under the betting structure (A4, A5, A6).

        Returns whether the bet or raise is below its size although the player is not all-in: that
        is the line's own error (HH114, HH116), not a short all-in raise (A7).
        """
        s, betting = self.s, self.betting
        goes_all_in = added >= player.stack
        what = "bet" if is_bet else "raise"
        if betting.fixed:
            unit = betting.unit()
            undersized = increment < unit and not goes_all_in
            if increment != unit and not (goes_all_in and increment < unit):
                s.report(
                    "HH116",
                    line,
                    player=player.name,
                    what=what,
                    amount=s.money(increment),
                    street=self.street.value,
                    unit=s.money(unit),
                    expected=unit,
                    actual=increment,
                )
            if "FL" in s.rules.raise_cap_limits and betting.capped(heads_up=s.live_count == 2):
                cap, number = betting.raise_cap, betting.bets + 1
                s.report("HH117", line, player=player.name, number=number, cap=cap, expected=f"<= {cap}", actual=number)
            return undersized
        minimum = betting.last_raise
        undersized = increment < minimum and not goes_all_in
        if undersized:
            s.report(
                "HH114",
                line,
                player=player.name,
                what=what,
                amount=s.money(increment),
                minimum=s.money(minimum),
                expected=f">= {minimum}",
                actual=increment,
            )
        if betting.pot_limited():
            maximum = betting.max_raise_to(player, s.pot_total)
            target = player.street + added
            if target > maximum:
                s.report(
                    "HH115",
                    line,
                    player=player.name,
                    what=what,
                    target=s.money(target),
                    maximum=s.money(maximum),
                    expected=f"<= {maximum}",
                    actual=target,
                )
        self._house_cap(player, line)
        return undersized

    def _house_cap(self, player: Player, line: int) -> None:
        """A house cap on the bets of a pot-limit or no-limit round (raise_cap_limits; seed 002's club
        allows bet, raise, re-raise and cap in pot limit), counted as in fixed limit (A6)."""
        s = self.s
        limit = self.limit
        capped = "PL" if limit is _POT_LIMIT or (limit is _POT_LIMIT_PREFLOP and self.street is _PREFLOP) else "NL"
        betting = self.betting
        if capped in self.cap_limits and betting.capped(heads_up=s.live_count == 2):
            cap, number = betting.raise_cap, betting.bets + 1
            s.report(
                "HH126",
                line,
                player=player.name,
                number=number,
                limit=capped,
                cap=cap,
                expected=f"<= {cap}",
                actual=number,
            )

    def _raised(self, player: Player, increment: int, undersized: bool = False) -> None:
        """A bet or raise: a full one reopens the betting for everyone; a short all-in one does not (A7,
        the betting core's `raised`; an undersized one by a player not all-in is reported already)."""
        self.betting.raised(player, increment, self.s.players.values(), undersized)

    def _check_cap(self, player: Player, event) -> None:
        cap = self.header.cap
        if cap is None:
            return
        s = self.s
        in_betting = player.total - self._antes(player)
        if in_betting > cap:
            s.report(
                "HH125",
                event.line,
                "over",
                player=player.name,
                amount=s.money(in_betting),
                cap=s.money(cap),
                expected=f"<= {cap}",
                actual=in_betting,
            )
        if event.cap_reached and in_betting != cap:
            s.report(
                "HH125",
                event.line,
                "claim",
                player=player.name,
                amount=s.money(in_betting),
                expected=cap,
                actual=in_betting,
            )

    def _antes(self, player: Player) -> int:
        return self.antes.get(player.name, 0)

    # -- results -----------------------------------------------------------------------------
    def returned(self, event: ReturnUncalled) -> None:
        s = self.s
        if self.in_betting:
            waiting = self._round_needs_action()
            if waiting is not None:
                s.report(
                    "HH122",
                    event.line,
                    "returned",
                    player=waiting.name,
                    expected=f"{waiting.name} to act",
                    actual="uncalled bet returned",
                )
        if event.player not in s.players:
            self.player(event.player, event.line)
        self._settle_uncalled(event.line, printed=event)

    def collect(self, event: Collect) -> None:
        if self.in_betting:
            self._close_round(final=False, line=event.line)
        self.s.collects.append(event)
        self.s.collect_runs.append(self.run_no)

    def show(self, event: Show) -> None:
        if event.cards:
            self.s.hole_events.append(event)
        player = self.s.players.get(event.player)
        if player is None:
            self.player(event.player, event.line)
            return
        if self.in_betting and self.s.live_count > 1 and self.show_closes_round:
            self._close_round(final=False, line=event.line)
        if player.shown and tuple(player.shown) != tuple(event.cards) and not set(event.cards) <= set(player.shown):
            self.s.report(
                "HH308",
                event.line,
                "again",
                player=player.name,
                cards=" ".join(event.cards),
                shown=" ".join(player.shown),
                expected=" ".join(player.shown),
                actual=" ".join(event.cards),
            )
        if len(event.cards) >= len(player.shown):
            player.shown = tuple(event.cards)
        self.s.shows.append((event, self.run_no))

    def muck(self, event: Muck) -> None:
        player = self.s.players.get(event.player)
        if player is not None:
            player.mucked = True

    def dealt(self, event: DealHole) -> None:
        if event.cards:
            self.s.hole_events.append(event)
        player = self.s.players.get(event.player)
        if player is None:
            self.player(event.player, event.line)
            return
        player.cards = tuple(event.cards)

    def cash_out(self, event: CashOut) -> None:
        player = self.s.players.get(event.player)
        if player is not None:
            player.cashed_out = True
            player.cash_out_paid += event.amount
            if event.fee is not None:
                player.cash_out_fee += event.fee

    def outside_pot(self, event: EVCashout | Insurance) -> None:
        """EV cashout and all-in insurance: money between a player and the room, outside the pot (which is
        settled as usual): what the room paid the player, and what the player paid the room."""
        player = self.s.players.get(event.player) or self.player(event.player, event.line)
        if player is None:
            return
        if event.received is not None:
            player.cash_out_paid += event.received
        if event.paid is not None:
            player.premium += event.paid

    def rebuy(self, event: Rebuy) -> None:
        player = self.s.players.get(event.player)
        if player is not None:
            player.rebuy += event.chips

    def cancelled(self, event: HandCancelled) -> None:
        self.s.cancelled = True
        self.s.report("HH415", event.line)

    # -- end of hand -------------------------------------------------------------------------
    def _pots(self) -> list[Pot]:
        """Main pot and side pots (`hhtool.rules.pots.side_pots`); the site's cash drop goes to the main pot."""
        return side_pots(list(self.s.players.values()), self.s.order, self.s.cash_drop)

    def _final_stacks(self) -> None:
        for player in self.s.players.values():
            if player.stack < 0:
                self.s.report("HH211", self._last_line(), player=player.name, expected=">= 0", actual=player.stack)


_ACTIONS: Final = frozenset((_Fold, _Check, _Call, _Bet, _RaiseTo))
