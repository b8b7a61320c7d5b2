"""hhtool.rules.pots, the one pot engine of the replay, the settlement and the generator: side pots from
contributions, the rake over the pots in every spread the dialects declare, the odd chips.

Properties (Hypothesis) hold each function against an independent reference: side pots against a chip-by-chip
layering of what each player put in, every spread conserves chips, each proportional share is within a chip of
its exact share, and the odd chips go one each to the winners nearest the button (or the site's start) in the
direction of play.
"""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hhtool.rules.betting import Stake
from hhtool.rules.pots import (
    FROM_BIG_BLIND,
    HIGHEST_SEAT,
    LARGEST_REMAINDER,
    LEFT_OF_BUTTON,
    MAIN_FIRST,
    PROPORTIONAL_DOWN,
    PROPORTIONAL_LAST_REST,
    PROPORTIONAL_NEAREST,
    PROPORTIONAL_SPREADS,
    PROPORTIONAL_UP,
    SEAT_ORDER,
    Pot,
    capped_at,
    equal_shares,
    side_pots,
    split_pot,
    spread_rake,
    take_in_order,
)

SPREADS = (MAIN_FIRST, *PROPORTIONAL_SPREADS, LARGEST_REMAINDER)
ODD_CHIP_ORDERS = (LEFT_OF_BUTTON, SEAT_ORDER, HIGHEST_SEAT, FROM_BIG_BLIND)


def stake(name: str, put: int, dead: int = 0, folded: bool = False, all_in: bool = False) -> Stake:
    player = Stake(0, name)
    player.total, player.dead, player.folded, player.all_in = put + dead, dead, folded, all_in
    return player


# -- side pots ----------------------------------------------------------------------------------
def test_a_short_all_in_and_a_fold_make_a_main_and_a_side_pot():
    players = [
        stake("A", 100, all_in=True),
        stake("B", 300, all_in=True),
        stake("C", 300),
        stake("D", 50, folded=True),
    ]
    assert side_pots(players, players) == [Pot(350, ("A", "B", "C")), Pot(400, ("B", "C"))]


def test_dead_money_and_the_cash_drop_go_to_the_main_pot_and_open_no_side_pot():
    # B's 50 of dead small blind is no level of its own: without B4 it would open a pot for B alone
    players = [stake("A", 100, all_in=True), stake("B", 300, dead=50), stake("C", 300)]
    assert side_pots(players, players, extra=20) == [Pot(370, ("A", "B", "C")), Pot(400, ("B", "C"))]


def test_nobody_all_in_is_one_pot_of_the_players_still_in_in_their_order():
    players = [stake("A", 40), stake("B", 10, folded=True), stake("C", 40)]
    assert side_pots(players, players[::-1]) == [Pot(90, ("C", "A"))]
    assert side_pots([], []) == []


@st.composite
def contributions(draw):
    """A hand's contributions as a legal hand leaves them: the players still in and not all-in put the most."""
    top = draw(st.integers(1, 60))
    count = draw(st.integers(1, 7))
    players = []
    for number in range(count):
        kind = draw(st.sampled_from(("live", "all_in", "folded")))
        put = top if kind == "live" else draw(st.integers(1 if kind == "all_in" else 0, top))
        dead = draw(st.integers(0, 5)) if draw(st.booleans()) else 0
        players.append(stake(f"p{number}", put, dead, folded=kind == "folded", all_in=kind == "all_in"))
    if all(p.folded for p in players):  # someone is still in: a player who put the most
        players[0] = stake("p0", top, players[0].dead)
    return players, draw(st.integers(0, 30))


def layered_pots(players: list[Stake], extra: int) -> list[tuple[int, tuple[str, ...]]]:
    """The reference: the pots as layers of one chip each, a layer's chips from everyone who put that much
    (dead money aside), its winners the players still in who did; equal neighbours merged, dead money and
    the extra chips in the main pot."""
    puts = [p.total - p.dead for p in players]
    pots: list[list] = []
    for level in range(1, max(puts) + 1):
        chips = sum(1 for put in puts if put >= level)
        eligible = tuple(p.name for p, put in zip(players, puts) if put >= level and not p.folded)
        if pots and pots[-1][1] == eligible:
            pots[-1][0] += chips
        else:
            pots.append([chips, eligible])
    dead = extra + sum(p.dead for p in players)
    if pots:
        pots[0][0] += dead
    elif dead:
        pots.append([dead, tuple(p.name for p in players if not p.folded)])
    return [(amount, eligible) for amount, eligible in pots]


@settings(max_examples=300, deadline=None)
@given(contributions())
def test_side_pots_are_the_layers_of_the_contributions_and_conserve_chips(drawn):
    players, extra = drawn
    pots = side_pots(players, players, extra)
    assert sum(pot.amount for pot in pots) == sum(p.total for p in players) + extra
    assert [(pot.amount, pot.eligible) for pot in pots] == layered_pots(players, extra)
    for earlier, later in pairwise(pots):  # each side pot's players were in the pot before it
        assert set(later.eligible) < set(earlier.eligible)


# -- the rake over the pots ---------------------------------------------------------------------
@pytest.mark.parametrize(
    ("spread", "gross", "rake", "nets"),
    [
        (MAIN_FIRST, [100, 50], 120, [0, 30]),
        (PROPORTIONAL_DOWN, [300, 100], 7, [294, 99]),  # the side pot's 1.75 rounded down, the main pot the rest
        (PROPORTIONAL_NEAREST, [300, 100], 7, [295, 98]),  # 1.75 to the nearest: 2
        (PROPORTIONAL_UP, [350, 100], 5, [347, 98]),  # 1.11 up: 2
        (PROPORTIONAL_LAST_REST, [2000, 500], 125, [1900, 475]),  # PP-6: $1.25 off $20 + $5
        (PROPORTIONAL_LAST_REST, [15, 400], 20, [15, 380]),  # PP-6: $0.20 off $0.15 + $4.00
        (LARGEST_REMAINDER, [100, 100, 100], 2, [99, 99, 100]),  # the earlier pot first on a tie
    ],
)
def test_each_spread_of_the_rake(spread, gross, rake, nets):
    assert spread_rake(gross, rake, spread) == nets


def test_a_proportional_spread_leaves_pots_it_cannot_spread_a_rake_over():
    assert spread_rake([10, 5], 20, PROPORTIONAL_NEAREST) == [10, 5]
    assert spread_rake([10, 5], 20, MAIN_FIRST) == [0, 0]  # main first takes what there is


def test_the_capped_spread_takes_each_pots_due_main_pot_first():
    assert take_in_order([6000, 4000], 400, [300, 200]) == [5700, 3900]  # €4 off €60 + €40 at 5 %
    assert take_in_order([6000, 4000], 600, [300, 200]) is None  # a rake above the rate
    assert capped_at([6000, 4000], 400, 300) == [5700, 3900]
    assert capped_at([6000, 4000], 400, 100) is None  # at the main pot's rate the side pot pays 67


@settings(max_examples=300, deadline=None)
@given(data=st.data(), gross=st.lists(st.integers(1, 10_000), min_size=1, max_size=5), spread=st.sampled_from(SPREADS))
def test_every_spread_conserves_chips_and_proportional_shares_are_within_a_chip(data, gross, spread):
    whole = sum(gross)
    rake = data.draw(st.integers(0, whole))
    nets = spread_rake(gross, rake, spread)
    assert len(nets) == len(gross) and sum(nets) + rake == whole
    shares = [amount - net for amount, net in zip(gross, nets)]
    if spread == MAIN_FIRST:
        assert all(0 <= net <= amount for amount, net in zip(gross, nets))
        paid = [i for i, share in enumerate(shares) if share]
        assert all(nets[i] == 0 for i in paid[:-1])  # a pot pays only once every pot before it is empty
    elif spread == LARGEST_REMAINDER:
        assert all(abs(share * whole - rake * amount) < whole for amount, share in zip(gross, shares))
    else:  # the main pot pays the rest (and PartyPoker's last pot); each other pot its share within a chip
        others = range(1, len(gross) - 1) if spread == PROPORTIONAL_LAST_REST else range(1, len(gross))
        assert all(abs(shares[i] * whole - rake * gross[i]) < whole for i in others)


@settings(max_examples=200, deadline=None)
@given(data=st.data(), gross=st.lists(st.integers(1, 10_000), min_size=1, max_size=5))
def test_the_capped_spread_conserves_chips_and_takes_no_pot_beyond_its_due(data, gross):
    dues = [data.draw(st.integers(0, amount)) for amount in gross]
    rake = data.draw(st.integers(0, sum(gross)))
    nets = take_in_order(gross, rake, dues)
    if sum(dues) < rake:
        assert nets is None
        return
    assert nets is not None and sum(nets) + rake == sum(gross)
    assert all(0 <= amount - net <= due for amount, net, due in zip(gross, nets, dues))


# -- odd chips ----------------------------------------------------------------------------------
def test_the_odd_chip_goes_to_the_first_winner_left_of_the_button():
    winners = [("A", 2), ("B", 5), ("C", 8)]
    assert split_pot(100, winners, LEFT_OF_BUTTON, button=4, big_blind=0) == {"B": 34, "C": 33, "A": 33}
    assert split_pot(100, winners, LEFT_OF_BUTTON, button=4, big_blind=0, direction=-1) == {"A": 34, "C": 33, "B": 33}
    assert split_pot(100, winners, HIGHEST_SEAT, button=4, big_blind=0) == {"C": 34, "B": 33, "A": 33}
    assert split_pot(100, winners, FROM_BIG_BLIND, button=4, big_blind=8) == {"C": 34, "A": 33, "B": 33}
    assert split_pot(7, [("A", 2)], LEFT_OF_BUTTON, 4, 0) == {"A": 7}
    assert equal_shares(101, 2) == [51, 50] and equal_shares(5, 1) == [5]


def distance(rule: str, seat: int, button: int, big_blind: int, direction: int) -> int:
    """The reference: how far a seat is from where the odd chips start, going round the table (seats 1-10)."""
    if rule == HIGHEST_SEAT:
        return 10 - seat
    if rule == SEAT_ORDER:
        return seat
    if rule == FROM_BIG_BLIND and big_blind:
        return (seat - big_blind) * direction % 10
    return (seat - button - direction) * direction % 10


@settings(max_examples=300, deadline=None)
@given(
    seats=st.lists(st.integers(1, 10), min_size=1, max_size=9, unique=True),
    button=st.integers(1, 10),
    big_blind=st.integers(0, 10),
    amount=st.integers(0, 10_000),
    rule=st.sampled_from(ODD_CHIP_ORDERS),
    direction=st.sampled_from((1, -1)),
)
def test_split_pots_conserve_chips_and_the_odd_chips_go_to_the_right_seats(
    seats, button, big_blind, amount, rule, direction
):
    winners = [(f"seat{seat}", seat) for seat in seats]
    shares = split_pot(amount, winners, rule, button, big_blind, direction)
    assert sum(shares.values()) == amount and set(shares) == {name for name, _ in winners}
    base, odd = divmod(amount, len(seats))
    nearest = sorted(seats, key=lambda seat: distance(rule, seat, button, big_blind, direction))
    assert [shares[f"seat{seat}"] for seat in nearest] == [base + 1] * odd + [base] * (len(seats) - odd)
    assert sum(equal_shares(amount, len(seats))) == amount
