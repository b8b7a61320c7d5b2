"""The one betting core: whose turn it is, what a call costs, the legal bet and raise sizes under
no-limit, pot-limit and fixed limit, short all-ins that do not reopen the betting, the fixed-limit
cap, when a round is complete and which bet comes back uncalled (shared/RULES.md A1-A7, P2).

Two users, one truth: the replay (`hhtool.rules.replay`) asks it what the rules allowed and reports
a finding where a hand's text did otherwise; the generator (`hhtool.generate`) asks it what is legal
and plays within that. Neither reads or writes any site's text here: a seat's betting state is a
`Stake`, a round's is a `Betting`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from hhtool.model import Limit, Street

# Final: compiled, a C static rather than a look-up in the module's dict at each use
_FIXED_LIMIT: Final = Limit.FIXED_LIMIT
_POT_LIMIT: Final = Limit.POT_LIMIT
_POT_LIMIT_PREFLOP: Final = Limit.POT_LIMIT_PREFLOP
_PREFLOP: Final = Street.PREFLOP
_TURN: Final = Street.TURN
_RIVER: Final = Street.RIVER


class Stake:
    """A seat's betting state: what the replay's players and the generator's players have in common
    (`hhtool.rules.pots` builds the side pots from it)."""

    __slots__ = ("name", "stack", "street", "total", "dead", "folded", "all_in", "acted", "acted_at")

    def __init__(self, stack: int, name: str = "") -> None:
        self.name = name
        self.stack = stack  # chips behind
        self.street = 0  # committed on this street (live money)
        self.total = 0  # committed in the hand, antes and dead blinds included
        self.dead = 0  # dead blind money in `total`: it goes to the main pot and sets no pot level (B4)
        self.folded = False
        self.all_in = False
        self.acted = False  # acted since the last full bet or raise (or the start of the round)
        self.acted_at: int | None = None  # the bet to call when the player last acted this round


class Betting:
    """One hand's betting structure and the state of its current round.

    `high` is the bet to call (the highest street commitment; pre-flop at least the big blind),
    `last_raise` the size of the largest bet or raise of the round (the minimum raise; the bet in
    fixed limit), `bets` the bets and raises of the round (the blind counts as the first pre-flop).

    Fixed limit's half-bet rule, where a site plays it (`half_bet_reopens`; RULES.md A7 is the default):
    an all-in bet or raise of at least half a bet counts as a full one and reopens the betting for
    everyone. With `half_bet_completes` it counts as the full bet it falls short of: the next raise is a
    bet above that (`completed_to`, 0 when no such all-in stands); else a bet above the all-in.
    """

    def __init__(
        self,
        limit: Limit,
        big_blind: int,
        small_bet: int,
        big_bet: int,
        min_bet_turn_river_bb: int = 1,
        raise_cap: int = 4,
        cap_heads_up: bool = False,
        half_bet_reopens: bool = False,
        half_bet_completes: bool = False,
    ) -> None:
        self.limit = limit
        self.fixed = limit is _FIXED_LIMIT
        self.big_blind = big_blind
        self.small_bet = small_bet
        self.big_bet = big_bet
        self.min_bet_turn_river_bb = min_bet_turn_river_bb
        self.raise_cap = raise_cap
        self.cap_heads_up = cap_heads_up
        self.half_bet_reopens = half_bet_reopens and self.fixed
        self.half_bet_completes = half_bet_completes
        self.completed_to = 0
        self.street = _PREFLOP
        self.high = 0
        self.last_raise = 0
        self.bets = 0

    # -- rounds ----------------------------------------------------------------------------------
    def start_preflop(self, players: Iterable[Stake], straddle: Stake | None = None) -> None:
        """Pre-flop: the bet to call is the full big blind even when the big blind is posted short or
        not at all (or what a larger post put in); the blind is the round's first bet. After a
        straddle (`straddle`: the last one) the minimum raise is its size (not in fixed limit)."""
        high = self.big_blind
        for player in players:
            if player.street > high:
                high = player.street
            player.acted = False
            player.acted_at = None
        self.street = _PREFLOP
        self.high = high
        self.completed_to = 0
        self.last_raise = self.small_bet if self.fixed else self.big_blind
        if straddle is not None and not self.fixed and straddle.street > self.last_raise:
            self.last_raise = straddle.street
        self.bets = 1

    def start_street(self, street: Street, players: Iterable[Stake]) -> None:
        """Flop, turn or river: street bets back to 0, nobody has acted, the minimum bet is the big
        blind (a house rule may ask more on turn and river) or the fixed-limit bet."""
        for player in players:
            player.street = 0
            player.acted = False
            player.acted_at = None
        self.street = street
        self.high = 0
        self.completed_to = 0
        self.bets = 0
        if self.fixed:
            self.last_raise = self.unit()
        else:
            late = street is _TURN or street is _RIVER
            minimum = self.big_blind * self.min_bet_turn_river_bb if late else self.big_blind
            self.last_raise = minimum if minimum > 1 else 1

    # -- what a player may do ----------------------------------------------------------------------
    def to_call(self, player: Stake, others: Sequence[Stake]) -> int:
        """What the player must add to stay in (`others`: the dealt-in players, the player among them).

        The bet to call is `high`; but when everybody else still in is all-in, only what they actually
        put in can be called (more would come straight back as an uncalled bet).
        """
        high = self.high
        if high <= player.street:
            return 0  # the all-in cap below can only lower the bet to call
        most = -1  # the largest street bet of the others still in, when they are all all-in
        for other in others:
            if other is player or other.folded:
                continue
            if not other.all_in:
                return high - player.street
            if other.street > most:
                most = other.street
        if most >= 0 and most < high:
            high = most
        return high - player.street if high > player.street else 0

    def next_to_act(self, rotation: Sequence[Stake], others: Sequence[Stake], start: int = 0) -> Stake | None:
        """The first player of `rotation` (the dealt-in players clockwise after the last to act) who
        still has to act (A1, A3); None when nobody has. `start`: where the rotation begins in `rotation`,
        which is walked round from there (0 to len(rotation); the replay passes its seat order and the
        index after the last actor rather than a rotated copy)."""
        high = self.high
        count = len(rotation)
        index = start if start < count else 0
        for _ in range(count):
            p = rotation[index]
            if not p.folded and not p.all_in and (not p.acted or (high > p.street and self.to_call(p, others) > 0)):
                return p
            index += 1
            if index == count:
                index = 0
        return None

    def waiting_for(
        self, rotation: Sequence[Stake], others: Sequence[Stake], live: int, active: int, start: int = 0
    ) -> Stake | None:
        """Who the round still waits for; None when it is complete (A3). `live`: players still in,
        `active`: those of them not all-in. A round with one player left, or with one player with chips
        who owes nothing, or with nobody with chips, is complete. `start`: as for `next_to_act`."""
        if live <= 1 or not active:
            return None
        if active == 1:
            for p in others:
                if not p.folded and not p.all_in:
                    if self.to_call(p, others) == 0:
                        return None  # the last player with chips has nobody left to bet against
                    break
        return self.next_to_act(rotation, others, start)

    def unit(self) -> int:
        """Fixed limit: the size of every bet and raise, the small bet pre-flop and on the flop, the
        big bet on turn and river (A6)."""
        return self.big_bet if self.street is _TURN or self.street is _RIVER else self.small_bet

    def min_raise_to(self) -> int:
        """No-limit and pot-limit: the smallest full bet or raise, as a street total (A4)."""
        return self.high + self.last_raise

    def pot_limited(self) -> bool:
        """Whether the pot caps bets and raises now (pot limit; pre-flop of pot-limit pre-flop)."""
        return self.limit is _POT_LIMIT or (self.limit is _POT_LIMIT_PREFLOP and self.street is _PREFLOP)

    def max_raise_to(self, player: Stake, pot_total: int) -> int:
        """Pot limit: the largest bet or raise as a street total, the pot after the call (A5)."""
        return self.high + pot_total + (self.high - player.street)

    def full_raise(self, increment: int) -> bool:
        """Whether a bet or raise of `increment` above the bet to call is a full one (A4, A7)."""
        return increment >= self.last_raise

    def may_raise(self, player: Stake) -> bool:
        """A7: a player who already acted may raise again only once the raises since then add up to a
        full raise (short all-in raises do not reopen the betting until they do)."""
        acted_at = player.acted_at
        return acted_at is None or self.high - acted_at >= self.last_raise

    def capped(self, heads_up: bool) -> bool:
        """Fixed limit: whether the round has had its bets (bet, raise, re-raise, cap); heads-up the
        cap applies only when the rules say so (A6)."""
        return self.bets >= self.raise_cap and (self.cap_heads_up or not heads_up)

    # -- what an action changes --------------------------------------------------------------------
    def raised(self, player: Stake, increment: int, players: Iterable[Stake], undersized: bool = False) -> bool:
        """A bet or raise that took `player`'s street total to the new bet to call, `increment` above
        the old one; returns whether it was a full one. A full bet or raise sets the minimum raise
        (not in fixed limit) and reopens the betting for everyone; a short all-in one makes those who
        already acted answer, but they may raise only once the raises add up (A7, `may_raise`).

        An undersized bet or raise by a player who is not all-in is an error of its own line, not a
        short all-in (`undersized`): it reopens the betting like a full one. So does, in fixed limit
        where the site plays the half-bet rule, an all-in one of at least half a bet.
        """
        full = self.full_raise(increment)
        half = not full and not undersized and self.half_bet_reopens and 2 * increment >= self.last_raise
        self.bets += 1
        base = self.completed_to if self.completed_to > self.high else self.high  # the bet this one raises
        self.completed_to = base + self.last_raise if half and self.half_bet_completes else 0
        self.high = player.street
        if full and not self.fixed:
            self.last_raise = increment
        reopened = undersized or half
        for other in players:
            if other is not player:
                other.acted = False
                if reopened:
                    other.acted_at = None
        return full or half

    def returned(self, player: Stake, amount: int) -> bool:
        """P2: `amount` of the player's bet went back uncalled; the bet to call is what is left of it.
        Returns whether this took the player off all-in."""
        player.street -= amount
        player.total -= amount
        player.stack += amount
        self.high = player.street
        self.completed_to = 0
        if player.stack > 0 and player.all_in:
            player.all_in = False
            return True
        return False


def uncalled(players: Iterable[Stake]) -> tuple[Stake | None, int]:
    """The player whose street bet nobody matched (the first with the highest, in the order given),
    and by how much (P2); (None, 0) when every bet was matched."""
    top: Stake | None = None
    first = 0
    second = 0  # the highest street bet of the others
    for p in players:
        street = p.street
        if street > first:
            top, first, second = p, street, first
        elif street > second:
            second = street
    if top is None:
        return None, 0
    return top, first - second
