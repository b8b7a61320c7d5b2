"""The pots of a hand: side pots from what each player put in, the rake spread over them, the odd chips.

One module for the replay (which builds the pots a hand's text is checked against), the settlement (which
takes the rake off them and splits them between the winners) and the generator (which plays hands that
the replay must read back to the chip): each computes the pots, the rake split and the odd chips here, so
they cannot drift apart. Plain integers in, plain integers out; nothing here reads a hand, a site or a
rules file (the callers pass the site's spread and odd-chip order). On the compiled hot path.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from hhtool.model.conventions import OddChip, RakeByPot
from hhtool.rules.betting import Stake


class Pot:
    """One pot: what it holds and who may win it (main pot first, then the side pots)."""

    __slots__ = ("amount", "eligible")

    def __init__(self, amount: int, eligible: tuple[str, ...]) -> None:
        self.amount = amount
        self.eligible = eligible

    def __repr__(self) -> str:
        return f"Pot(amount={self.amount!r}, eligible={self.eligible!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pot) and (self.amount, self.eligible) == (other.amount, other.eligible)


# -- side pots ----------------------------------------------------------------------------------
def side_pots(contributors: Sequence[Stake], players: Sequence[Stake], extra: int = 0) -> list[Pot]:
    """Main pot and side pots: one per all-in level of a player still in, eligible = contributors still in.

    `contributors`: everyone whose chips are in the pot (`total`, of which `dead` is dead money);
    `players`: the players dealt in, in the order the eligible sets name them (the folded are skipped);
    `extra`: money in the pot no player put in (a site's cash drop). A level is what a player put in less
    dead blind money (the small-blind part of a small and big blind posted together, a small blind posted out of
    position): dead money goes to the main pot and never makes a player's level, so it cannot open a side
    pot of its own (B4). Neither does `extra`. Pots with the same eligible players are one pot.
    """
    top = None
    positive = extra  # what one pot up to the top level holds: min(t, top) - min(t, 0) for each total t
    for p in contributors:
        total = p.total
        if top is None or total > top:
            top = total
        if total > 0:
            positive += total
    if top is None:
        top = 0
    live = []
    found: set[int] = set()
    for p in players:
        if not p.folded:
            live.append(p)
            if p.all_in:
                found.add(p.total - p.dead)
    if not found:  # nobody still in is all-in (most hands): the one level is the top, the floor 0
        if positive <= 0:
            return []
        names = []
        for p in live:
            if p.total >= top or p.total > 0:
                names.append(p.name)
        return [Pot(positive, tuple(names))]
    dead = extra
    top = 0
    for p in contributors:
        dead += p.dead
        top = max(top, p.total - p.dead)
    levels = sorted(found)
    if levels[-1] < top:
        levels.append(top)
    pots: list[Pot] = []
    floor = 0
    for level in levels:
        amount, dead = dead, 0  # the dead money, in the first (main) pot
        for p in contributors:
            put = p.total - p.dead
            amount += min(put, level) - min(put, floor)
        eligible = tuple(
            p.name for p in live if p.total - p.dead >= level or (p.total - p.dead > floor and not p.all_in)
        )
        if amount > 0:
            if pots and pots[-1].eligible == eligible:
                pots[-1].amount += amount
            else:
                pots.append(Pot(amount, eligible))
        floor = level
    return pots


# -- the rake over the pots ---------------------------------------------------------------------
# Conventions.rake_by_pot: how a site that prints no pots spreads the rake over a main and side pots (the
# members as Final names: compiled, a C static each, where `RakeByPot.X` is an enum class look-up per use)
MAIN_FIRST: Final = RakeByPot.MAIN_FIRST
PROPORTIONAL_DOWN: Final = RakeByPot.PROPORTIONAL_DOWN  # iPoker's pots under the cap
PROPORTIONAL_NEAREST: Final = RakeByPot.PROPORTIONAL_NEAREST  # Winamax, Bovada (BV-5)
PROPORTIONAL_UP: Final = RakeByPot.PROPORTIONAL_UP  # Chico, 888 (888-1)
PROPORTIONAL_LAST_REST: Final = RakeByPot.PROPORTIONAL_LAST_REST  # PartyPoker 2018 (PP-6)
CAPPED_MAIN_FIRST: Final = RakeByPot.CAPPED_MAIN_FIRST  # iPoker (IP-4): see take_in_order and capped_at
PROPORTIONAL_SPREADS: Final = (PROPORTIONAL_DOWN, PROPORTIONAL_NEAREST, PROPORTIONAL_UP, PROPORTIONAL_LAST_REST)
# the generator's spread for a site whose own is none of the proportional ones: such a site prints its pots
# (any split then reads back), and a proportional split never leaves a small main pot at 0
LARGEST_REMAINDER: Final = "largest_remainder"


def spread_rake(gross: list[int], rake: int, spread: str) -> list[int]:
    """Each pot less its share of the rake.

    `MAIN_FIRST`: taken from the main pot, then from each side pot in turn. The proportional spreads, in
    proportion to each pot's size: each side pot's share rounded down (`PROPORTIONAL_DOWN`, also any
    other value), to the nearest minor unit (`PROPORTIONAL_NEAREST`) or up (`PROPORTIONAL_UP`), the main
    pot paying the rest; each pot but the last its share rounded down, the last pot the rest
    (`PROPORTIONAL_LAST_REST`); each pot its share rounded down, the chips left one each to the pots with
    the largest remainders, the earlier pot first on a tie (`LARGEST_REMAINDER`). A proportional spread
    of a rake it cannot spread (more than the pots, or negative) leaves the pots as they are."""
    if spread == MAIN_FIRST:
        return _main_first(gross, rake)
    whole = sum(gross)
    if whole <= 0 or rake < 0 or rake > whole:
        return gross
    if spread == PROPORTIONAL_LAST_REST:
        return _last_pays_rest(gross, rake, whole)
    if spread == LARGEST_REMAINDER:
        return _largest_remainders(gross, rake, whole)
    nets, left = [gross[0]], rake
    for amount in gross[1:]:
        if spread == PROPORTIONAL_NEAREST:
            share = (rake * amount * 2 + whole) // (whole * 2)
        elif spread == PROPORTIONAL_UP:
            share = -(-rake * amount // whole)
        else:
            share = rake * amount // whole
        nets.append(amount - share)
        left -= share
    nets[0] -= left
    return nets


def _main_first(gross: list[int], rake: int) -> list[int]:
    """The rake off the main pot, what it does not cover off the side pots in turn (no pot below 0)."""
    nets, left = [], rake
    for amount in gross:
        taken_off = min(amount, left)
        nets.append(amount - taken_off)
        left -= taken_off
    return nets


def _last_pays_rest(gross: list[int], rake: int, whole: int) -> list[int]:
    """PartyPoker's spread (PP-6): $1.25 off $20 + $5 is $1.00 + $0.25; $0.20 off $0.15 + $4.00 is
    $0 + $0.20 (the main pot's 0.72 cents rounded down). A last pot too small for the rest leaves it to
    the main pot."""
    nets, left = [], rake
    for amount in gross[:-1]:
        share = rake * amount // whole
        nets.append(amount - share)
        left -= share
    last = gross[-1]
    if left > last:
        nets[0] -= left - last
        left = last
    nets.append(last - left)
    return nets


def _largest_remainders(gross: list[int], rake: int, whole: int) -> list[int]:
    """Each pot's share rounded down, the chips left one each to the largest remainders (earlier pot first)."""
    shares = [rake * amount // whole for amount in gross]
    left = rake - sum(shares)
    by_remainder = sorted(range(len(gross)), key=lambda i: (-(rake * gross[i] % whole), i))
    for i in by_remainder[:left]:
        shares[i] += 1
    return [amount - share for amount, share in zip(gross, shares)]


def take_in_order(gross: list[int], rake: int, dues: list[int]) -> list[int] | None:
    """The capped spread (iPoker, IP-4): each pot pays its due (`dues`, one per pot: the rate of the pot),
    the main pot first, until the rake is taken: €4 off €60 + €40 with dues €3 + €2 is €3 + €1. None when
    the dues add up to less than the rake."""
    nets, left = [], rake
    for amount, due in zip(gross, dues):
        share = min(due, left)
        nets.append(amount - share)
        left -= share
    return nets if left == 0 else None


def capped_at(gross: list[int], rake: int, main_share: int) -> list[int] | None:
    """The capped spread whose main pot pays `main_share` (at most the rake): each later pot at most the
    main pot's rate (rounded up), in order; None when the pots at that rate hold less than the rake."""
    main = gross[0]
    dues = [main_share]
    for amount in gross[1:]:
        dues.append(-(-main_share * amount // main))
    return take_in_order(gross, rake, dues)


# -- odd chips ----------------------------------------------------------------------------------
# RuleSet.odd_chip and Conventions.odd_chip: the order in which split pots' odd chips are given
LEFT_OF_BUTTON: Final = OddChip.LEFT_OF_BUTTON  # S4: the first winner left of the button
SEAT_ORDER: Final = OddChip.FIRST_WINNER_IN_SEAT_ORDER
HIGHEST_SEAT: Final = OddChip.HIGHEST_SEAT_FIRST  # Winamax (WX-1)
FROM_BIG_BLIND: Final = OddChip.FROM_BIG_BLIND  # Bovada / Ignition (BV-4): the big blind first, the small blind last
SITE_ODD_CHIP: Final = "site"  # RuleSet.odd_chip: no house rule, the hand's site's convention


def odd_chip_key(rule: str, seat: int, button: int, big_blind: int, direction: int = 1) -> tuple[bool, int]:
    """A winner's place in the odd-chip order `rule` (smallest first), by seat: `button` and `big_blind`
    are those seats (0: none; the order from the big blind falls back to left of the button); `direction`
    -1 where seat numbers go up counter-clockwise (`Conventions.clockwise`): the orders that follow play go
    down the numbers, the ones by seat number do not."""
    if rule == HIGHEST_SEAT:
        return False, -seat
    if rule == SEAT_ORDER:
        return False, seat
    seat, button, big_blind = seat * direction, button * direction, big_blind * direction
    if rule == FROM_BIG_BLIND and big_blind:
        return seat < big_blind, seat
    return seat <= button, seat


def split_pot(
    amount: int, winners: list[tuple[str, int]], rule: str, button: int, big_blind: int, direction: int = 1
) -> dict[str, int]:
    """`amount` split between `winners` (name, seat): equal shares, the odd chips one each to the first
    winners in the odd-chip order `rule` (S4; `odd_chip_key` for the other arguments). The shares come in
    that order."""
    if len(winners) == 1:
        return {winners[0][0]: amount}
    ordered = sorted(winners, key=lambda winner: odd_chip_key(rule, winner[1], button, big_blind, direction))
    base, odd = divmod(amount, len(ordered))
    return {name: base + (1 if i < odd else 0) for i, (name, _) in enumerate(ordered)}


def equal_shares(amount: int, parts: int) -> list[int]:
    """`amount` in `parts` equal shares, the odd chips one each to the first (a pot run more than once:
    the first runs)."""
    if parts == 1:
        return [amount]
    base, odd = divmod(amount, parts)
    return [base + (1 if i < odd else 0) for i in range(parts)]
