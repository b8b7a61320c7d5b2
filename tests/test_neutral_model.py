"""The site-neutral model and its rules (issue #13, Deliver 2): straddles, button and missed blinds,
cash drops, fees besides rake, boards run up to three times, EV cashout and insurance, amounts a
site does not print. Each rule: a hand that passes and one that fails.

PokerStars prints none of these, so the hands are built as model records (what any dialect's reader
produces): `table` below lays out a header, seats, the events in order and the summary's claims,
numbering the lines as a hand history would.
"""

from __future__ import annotations

from datetime import UTC, datetime

import msgspec
import pytest
from handkit import check as check_text
from handkit import problems

from hhtool.dialects import Conventions, Dialect, UncalledInCollected, register, unregister
from hhtool.export.rows import Rows
from hhtool.findings import Severity
from hhtool.model import (
    Bet,
    BlindKind,
    Call,
    CashDrop,
    Check,
    Claims,
    Collect,
    DealHole,
    EVCashout,
    Fold,
    Hand,
    Header,
    Insurance,
    Limit,
    Outcome,
    PostBlind,
    RaiseTo,
    ReturnUncalled,
    Seat,
    SeatSummary,
    Show,
    Source,
    Street,
    StreetStart,
)
from hhtool.model.money import Currency
from hhtool.rules.replay import Replay
from hhtool.rules.ruleset import RuleSet
from hhtool.validate import HandResult, validate_hand

RULES = RuleSet()  # no rake schedule: these hands come from no particular site
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")


# -- building hands ------------------------------------------------------------------------------
def table(
    events, *, players=4, stacks=None, button=1, sb=5, bb=10, total=None, rake=0, fees=(), runs=1, boards=(), seats=()
) -> Hand:
    """A cash hand ($0.05/$0.10 by default, every player $10): `events` in order get lines from 3 +
    players on; the summary claims come after them (total None: no `Total pot` claim)."""
    stacks = stacks or [1000] * players
    header = Header(
        site="test",
        hand_id="1",
        game="holdem",
        limit=Limit.NO_LIMIT,
        small_blind=sb,
        big_blind=bb,
        small_bet=bb,
        big_bet=bb,
        currency="USD",
        scale=100,
        time=datetime(2025, 8, 9, 9, 0),
        time_zone=None,
        time_utc=datetime(2025, 8, 9, 9, 0, tzinfo=UTC),
        table="T",
        max_seats=6,
        button_seat=button,
    )
    seat_records = tuple(Seat(i + 1, NAMES[i], stacks[i], 3 + i) for i in range(players))
    first = 3 + players
    numbered = tuple(msgspec.structs.replace(e, line=first + i) for i, e in enumerate(events))
    summary = first + len(events) + 1
    seat_claims = tuple(msgspec.structs.replace(c, line=summary + 2 + i) for i, c in enumerate(seats))
    claims = Claims(
        line=summary,
        total_pot=total,
        rake=rake if total is not None else None,
        runs=runs,
        boards=tuple(boards),
        board_lines=tuple(summary + 1 for _ in boards),
        seats=seat_claims,
        fees=tuple(fees),
    )
    return Hand(header, seat_records, numbered, claims, Source("hand.txt", 1), lines=summary + len(seats) + 2)


def post(player, kind, amount, dead=None, all_in=False):
    return PostBlind(0, player, kind, amount, all_in, dead)


def blinds(sb=("Bob", 5), bb=("Cat", 10)):
    return [
        post(sb[0], BlindKind.SMALL, sb[1]),
        post(bb[0], BlindKind.BIG, bb[1]),
        StreetStart(0, Street.PREFLOP, 0, ()),
    ]


def call(player, added, all_in=False):
    return Call(0, player, added, all_in, False)


def raise_to(player, by, to, all_in=False):
    return RaiseTo(0, player, by, to, all_in, False)


def bet(player, added):
    return Bet(0, player, added, False, False)


def fold(player):
    return Fold(0, player, ())


def check(player):
    return Check(0, player)


def returned(player, amount):
    return ReturnUncalled(0, player, amount)


def collect(player, amount):
    return Collect(0, player, amount, None)


def street(name, board, run=0):
    return StreetStart(0, name, run, tuple(board.split()))


def show(player, cards):
    return Show(0, player, tuple(cards.split()), None)


def run(hand: Hand) -> Replay:
    return validate_hand(hand, RULES)


def codes(hand: Hand) -> list[str]:
    return sorted(f.code for f in run(hand).findings)


# -- straddles -----------------------------------------------------------------------------------
def _straddled(*actions, straddle=20, total=None):
    """4 players, button Ann: Bob small blind, Cat big blind, Dan (under the gun) straddles."""
    return table(
        [
            post("Bob", BlindKind.SMALL, 5),
            post("Cat", BlindKind.BIG, 10),
            post("Dan", BlindKind.STRADDLE, straddle),
            StreetStart(0, Street.PREFLOP, 0, ()),
            *actions,
        ],
        total=total,
    )


def test_straddle_moves_the_first_action_after_the_straddler_who_acts_last():
    hand = _straddled(
        fold("Ann"),
        fold("Bob"),
        call("Cat", 10),
        check("Dan"),
        street(Street.FLOP, "2c 7d Jh"),
        check("Cat"),
        bet("Dan", 20),
        fold("Cat"),
        returned("Dan", 20),
        collect("Dan", 45),
        total=45,
    )
    assert codes(hand) == []


def test_straddle_acting_before_the_players_after_it_is_out_of_turn():
    hand = _straddled(
        fold("Bob"),
        fold("Ann"),
        call("Cat", 10),
        check("Dan"),
        street(Street.FLOP, "2c 7d Jh"),
        check("Cat"),
        check("Dan"),
    )
    assert "HH110" in codes(hand)  # the small blind acted first: after the straddler comes Ann, the button


def test_straddle_raises_the_bet_to_call_and_the_minimum_raise():
    # calling the big blind's 10 is short of the straddle; a raise to 30 is below the minimum (to 40)
    short = _straddled(call("Ann", 10), fold("Bob"), fold("Cat"), fold("Dan"))
    assert "HH113" in codes(short)
    small = _straddled(raise_to("Ann", 10, 30), fold("Bob"), fold("Cat"), fold("Dan"), returned("Ann", 10))
    assert "HH114" in codes(small)
    full = _straddled(
        raise_to("Ann", 20, 40),
        fold("Bob"),
        fold("Cat"),
        fold("Dan"),
        returned("Ann", 20),
        collect("Ann", 55),
        total=55,
    )
    assert codes(full) == []


def test_straddle_of_the_wrong_size():
    assert codes(
        _straddled(fold("Ann"), fold("Bob"), fold("Cat"), returned("Dan", 5), collect("Dan", 25), straddle=15, total=25)
    ) == ["HH103"]


def test_re_straddles_chain_and_the_last_straddler_acts_last():
    hand = table(
        [
            *blinds()[:2],
            post("Dan", BlindKind.STRADDLE, 20),
            post("Eve", BlindKind.STRADDLE, 40),
            StreetStart(0, Street.PREFLOP, 0, ()),
            fold("Fay"),
            fold("Ann"),
            fold("Bob"),
            fold("Cat"),
            call("Dan", 20),
            check("Eve"),
            street(Street.FLOP, "2c 7d Jh"),
            check("Dan"),
            check("Eve"),
            street(Street.TURN, "2c 7d Jh 9s"),
            check("Dan"),
            check("Eve"),
            street(Street.RIVER, "2c 7d Jh 9s Qd"),
            check("Dan"),
            bet("Eve", 40),
            fold("Dan"),
            returned("Eve", 40),
            collect("Eve", 95),
        ],
        players=6,
        total=95,
    )
    assert codes(hand) == []
    out_of_turn = table(
        [
            *blinds()[:2],
            post("Dan", BlindKind.STRADDLE, 20),
            post("Eve", BlindKind.STRADDLE, 40),
            StreetStart(0, Street.PREFLOP, 0, ()),
            fold("Ann"),
            fold("Fay"),
        ],
        players=6,
    )
    assert "HH110" in codes(out_of_turn)  # Fay, after the re-straddler, acts first


def test_button_straddle_gives_the_first_action_to_the_small_blind():
    """GGPoker's `6bf5ff85: straddle $20` by the button at $5/$10: the small blind acts first."""
    hand = table(
        [
            *blinds()[:2],
            post("Ann", BlindKind.STRADDLE, 20),
            StreetStart(0, Street.PREFLOP, 0, ()),
            fold("Bob"),
            fold("Cat"),
            fold("Dan"),
            returned("Ann", 10),
            collect("Ann", 25),
        ],
        total=25,
    )
    assert codes(hand) == []
    wrong = table(
        [
            *blinds()[:2],
            post("Ann", BlindKind.STRADDLE, 20),
            StreetStart(0, Street.PREFLOP, 0, ()),
            fold("Dan"),
            fold("Bob"),
            fold("Cat"),
            returned("Ann", 10),
            collect("Ann", 25),
        ],
        total=25,
    )
    assert "HH110" in codes(wrong)


# -- button and missed blinds ---------------------------------------------------------------------
def test_button_blind_is_live():
    """A button blind counts toward the button's bet: facing only the big blind, the button owes nothing."""
    events = [post("Ann", BlindKind.BUTTON, 10), *blinds(), fold("Dan")]
    good = table(
        [
            *events,
            check("Ann"),
            fold("Bob"),
            check("Cat"),
            street(Street.FLOP, "2c 7d Jh"),
            check("Cat"),
            bet("Ann", 20),
            fold("Cat"),
            returned("Ann", 20),
            collect("Ann", 25),
        ],
        total=25,
    )
    assert codes(good) == []
    assert run(good).players["Ann"].dead == 0
    assert "HH112" in codes(table([*events, call("Ann", 10)]))  # a call with nothing to call


def test_missed_blind_is_dead_money_not_part_of_the_bet():
    """`Dan: posts missed blind $5` then `Dan: posts big blind $10`: facing a raise to 30 Dan owes 20."""
    events = [
        *blinds()[:2],
        post("Dan", BlindKind.MISSED, 5),
        post("Dan", BlindKind.BIG, 10),
        StreetStart(0, Street.PREFLOP, 0, ()),
        check("Dan"),
        raise_to("Ann", 20, 30),
        fold("Bob"),
        fold("Cat"),
    ]
    good = table(
        [
            *events,
            call("Dan", 20),
            street(Street.FLOP, "2c 7d Jh"),
            check("Dan"),
            bet("Ann", 50),
            fold("Dan"),
            returned("Ann", 50),
            collect("Ann", 80),
        ],
        total=80,
    )
    assert codes(good) == []
    assert run(good).players["Dan"].dead == 5
    bad = table(
        [*events, call("Dan", 15), street(Street.FLOP, "2c 7d Jh"), check("Dan"), check("Ann"), collect("Ann", 75)],
        total=75,
    )
    assert "HH113" in codes(bad)


def test_missed_blind_alone_goes_to_the_main_pot_and_a_wrong_size_is_reported():
    """`22c0851a: posts missed blind $2` at $2/$5, then folds: the pot keeps it."""
    events = [
        *blinds()[:2],
        post("Dan", BlindKind.MISSED, 5),
        StreetStart(0, Street.PREFLOP, 0, ()),
        fold("Dan"),
        fold("Ann"),
        call("Bob", 5),
        check("Cat"),
        street(Street.FLOP, "2c 7d Jh"),
        check("Bob"),
        bet("Cat", 10),
        fold("Bob"),
        returned("Cat", 10),
    ]
    assert codes(table([*events, collect("Cat", 25)], total=25)) == []
    assert codes(table([*events, collect("Cat", 20)], total=20)) == ["HH203", "HH205"]
    odd = table(
        [
            *blinds()[:2],
            post("Dan", BlindKind.MISSED, 7),
            StreetStart(0, Street.PREFLOP, 0, ()),
            fold("Dan"),
            fold("Ann"),
            fold("Bob"),
            returned("Cat", 5),
            collect("Cat", 17),
        ],
        total=17,
    )
    assert codes(odd) == ["HH103"]


def test_a_post_with_its_dead_part_printed():
    """A site that says which part is dead: 15 posted (small and big blind), 5 of it dead, 10 live."""
    events = [
        *blinds()[:2],
        post("Dan", BlindKind.MISSED, 15, dead=5),
        StreetStart(0, Street.PREFLOP, 0, ()),
        check("Dan"),
        fold("Ann"),
        fold("Bob"),
        check("Cat"),
        street(Street.FLOP, "2c 7d Jh"),
        check("Cat"),
        bet("Dan", 30),
        fold("Cat"),
        returned("Dan", 30),
    ]
    good = run(table([*events, collect("Dan", 30)], total=30))
    assert good.findings == [] and good.players["Dan"].dead == 5
    assert [f.code for f in run(table([*events, collect("Dan", 35)], total=35)).findings] == ["HH203", "HH205"]


# -- cash drop, fees and tax ------------------------------------------------------------------------
def _walk(*extra, collected, total, rake=0, fees=()):
    """Everybody folds to the big blind, who collects; `extra` events before the blinds."""
    return table(
        [*extra, *blinds(), fold("Dan"), fold("Ann"), fold("Bob"), returned("Cat", 5), collect("Cat", collected)],
        total=total,
        rake=rake,
        fees=fees,
    )


def test_cash_drop_is_in_the_pot_and_goes_to_the_winner():
    """`Cash Drop to Pot : total $0.5`: the total pot counts it, no player paid it."""
    state = run(_walk(CashDrop(0, 50), collected=59, total=60, rake=1))
    assert state.findings == [] and state.cash_drop == 50 and state.pot_total == 60
    assert state.final_stacks()["Cat"] == 1000 - 5 + 59  # 10 put in, 5 of it returned, 59 collected
    assert codes(_walk(CashDrop(0, 50), collected=9, total=10, rake=1)) == ["HH203", "HH205"]


def test_fees_besides_rake_come_off_the_pot():
    """`Total pot $X | Rake $Y | Jackpot $Z | Bingo $0`: winners collect X − Y − Z."""
    fine = _walk(CashDrop(0, 50), collected=57, total=60, rake=1, fees=(("jackpot", 2), ("bingo", 0)))
    assert codes(fine) == []
    assert codes(_walk(CashDrop(0, 50), collected=59, total=60, rake=1, fees=(("jackpot", 2),))) == ["HH205", "HH206"]


def test_tax_printed_but_not_taken_is_a_warning():
    fees = (("jackpot", 2), ("tax", 1))
    assert codes(_walk(CashDrop(0, 50), collected=56, total=60, rake=1, fees=fees)) == []
    state = run(_walk(CashDrop(0, 50), collected=57, total=60, rake=1, fees=fees))
    assert [(f.code, f.severity) for f in state.findings] == [("HH213", Severity.WARNING)]


# -- runs of the board --------------------------------------------------------------------------------
def _all_in_preflop(*after, total=2000, seats=(), runs=1, boards=()):
    """Ann (button) and Bob all-in pre-flop for $10 each: the pot is $20 (no rake)."""
    return table(
        [
            post("Bob", BlindKind.SMALL, 5),
            post("Cat", BlindKind.BIG, 10),
            StreetStart(0, Street.PREFLOP, 0, ()),
            DealHole(0, "Ann", ("As", "Ah")),
            DealHole(0, "Bob", ("Ks", "Kh")),
            fold("Dan"),
            raise_to("Ann", 990, 1000, all_in=True),
            call("Bob", 995, all_in=True),
            fold("Cat"),
            show("Ann", "As Ah"),
            show("Bob", "Ks Kh"),
            *after,
        ],
        total=total + 10,
        seats=seats,
        runs=runs,
        boards=boards,
    )


RUN3 = [
    street(Street.FLOP, "2c 7d Jh", 1),
    street(Street.TURN, "2c 7d Jh 9s", 1),
    street(Street.RIVER, "2c 7d Jh 9s 3d", 1),
    street(Street.FLOP, "Kd 4c 5s", 2),
    street(Street.TURN, "Kd 4c 5s 8h", 2),
    street(Street.RIVER, "Kd 4c 5s 8h Tc", 2),
    street(Street.FLOP, "Qc 6d 2s", 3),
    street(Street.TURN, "Qc 6d 2s Th", 3),
    street(Street.RIVER, "Qc 6d 2s Th 3s", 3),
]
BOARDS3 = [("2c", "7d", "Jh", "9s", "3d"), ("Kd", "4c", "5s", "8h", "Tc"), ("Qc", "6d", "2s", "Th", "3s")]


def _run3_collects(first, second, third, winner2="Bob"):
    return [
        StreetStart(0, Street.SHOWDOWN, 1, ()),
        collect("Ann", first),
        StreetStart(0, Street.SHOWDOWN, 2, ()),
        collect(winner2, second),
        StreetStart(0, Street.SHOWDOWN, 3, ()),
        collect("Ann", third),
    ]


def test_three_runs_split_the_pot_with_the_odd_chips_to_the_first_runs():
    """2010: 670, 670, 670; Ann's aces win runs 1 and 3, Bob's kings make a set on run 2."""
    summary = (
        SeatSummary(
            0,
            1,
            "Ann",
            ("button",),
            "showed",
            cards=("As", "Ah"),
            outcomes=(Outcome(True, 670, None), Outcome(False, None, None), Outcome(True, 670, None)),
        ),
        SeatSummary(
            0,
            2,
            "Bob",
            ("small blind",),
            "showed",
            cards=("Ks", "Kh"),
            outcomes=(Outcome(False, None, None), Outcome(True, 670, None), Outcome(False, None, None)),
        ),
    )
    hand = _all_in_preflop(*RUN3, *_run3_collects(670, 670, 670), runs=3, boards=BOARDS3, seats=summary)
    assert codes(hand) == []
    assert codes(_all_in_preflop(*RUN3, *_run3_collects(670, 670, 670, winner2="Ann"), runs=3, boards=BOARDS3)) == [
        "HH303"
    ]
    wrong_summary = msgspec.structs.replace(summary[0], outcomes=(Outcome(True, 671, None),) + summary[0].outcomes[1:])
    hand = _all_in_preflop(
        *RUN3, *_run3_collects(670, 670, 670), runs=3, boards=BOARDS3, seats=(wrong_summary, summary[1])
    )
    assert codes(hand) == ["HH210"]


def test_odd_chips_of_three_runs_go_to_the_first_runs():
    """A pot of 2011 (a one-chip cash drop makes it odd) run three times: 671, 670, 670."""

    def odd(first, third):
        return table(
            [
                CashDrop(0, 1),
                post("Bob", BlindKind.SMALL, 5),
                post("Cat", BlindKind.BIG, 10),
                StreetStart(0, Street.PREFLOP, 0, ()),
                fold("Dan"),
                raise_to("Ann", 990, 1000, all_in=True),
                call("Bob", 995, all_in=True),
                fold("Cat"),
                show("Ann", "As Ah"),
                show("Bob", "Ks Kh"),
                *RUN3,
                *_run3_collects(first, 670, third),
            ],
            total=2011,
            runs=3,
            boards=BOARDS3,
        )

    assert codes(odd(671, 670)) == []
    assert codes(odd(670, 671)) == ["HH205", "HH205"]


def test_a_later_run_board_line_may_print_only_its_own_cards():
    """GGPoker `SECOND Board [4d Qs]` after a shared flop: the run's own cards; other cards are wrong."""
    shared = [
        street(Street.FLOP, "2c 7d Jh"),
        street(Street.TURN, "2c 7d Jh 9s", 1),
        street(Street.RIVER, "2c 7d Jh 9s 3d", 1),
        street(Street.TURN, "2c 7d Jh 8h", 2),
        street(Street.RIVER, "2c 7d Jh 8h Tc", 2),
        StreetStart(0, Street.SHOWDOWN, 1, ()),
        collect("Ann", 1005),
        StreetStart(0, Street.SHOWDOWN, 2, ()),
        collect("Ann", 1005),
    ]
    good = _all_in_preflop(*shared, runs=2, boards=[("2c", "7d", "Jh", "9s", "3d"), ("8h", "Tc")])
    assert codes(good) == []
    bad = _all_in_preflop(*shared, runs=2, boards=[("2c", "7d", "Jh", "9s", "3d"), ("8h", "Td")])
    assert codes(bad) == ["HH307"]


# -- money outside the pot -------------------------------------------------------------------------------
def _river(*events, seats=()):
    return _all_in_preflop(
        street(Street.FLOP, "2c 7d Jh"),
        *events[:1],
        street(Street.TURN, "2c 7d Jh 9s"),
        street(Street.RIVER, "2c 7d Jh 9s 3d"),
        *events[1:],
        collect("Ann", 2010),
        seats=seats,
    )


def test_ev_cashout_moves_money_outside_the_pot_and_the_summary_repeats_it():
    """`Bob: Chooses to EV Cashout` … `Bob: Receives Cashout ($8.25)`: the pot is settled as usual."""
    summary = (
        SeatSummary(
            0,
            2,
            "Bob",
            ("small blind",),
            "showed",
            cards=("Ks", "Kh"),
            outcomes=(Outcome(False, None, None),),
            cash_out_received=300,
        ),
    )
    hand = _river(EVCashout(0, "Bob"), EVCashout(0, "Bob", received=300), seats=summary)
    state = run(hand)
    assert state.findings == []
    final = state.final_stacks()
    assert (final["Ann"], final["Bob"]) == (2010, 300)
    wrong = msgspec.structs.replace(summary[0], cash_out_received=310)
    assert codes(_river(EVCashout(0, "Bob"), EVCashout(0, "Bob", received=300), seats=(wrong,))) == ["HH210"]


def test_cashout_risk_is_paid_by_the_winner_outside_the_pot():
    """`Ann: Pays Cashout Risk ($0.65)` and the summary's `Cashout Risk ($0.65)`."""
    summary = (
        SeatSummary(
            0,
            1,
            "Ann",
            ("button",),
            "showed",
            cards=("As", "Ah"),
            outcomes=(Outcome(True, 2010, None),),
            cash_out_paid=65,
        ),
    )
    state = run(_river(EVCashout(0, "Ann"), EVCashout(0, "Ann", paid=65), seats=summary))
    assert state.findings == [] and state.final_stacks()["Ann"] == 2010 - 65
    wrong = msgspec.structs.replace(summary[0], cash_out_paid=60)
    assert codes(_river(EVCashout(0, "Ann"), EVCashout(0, "Ann", paid=65), seats=(wrong,))) == ["HH210"]


def test_insurance_premium_and_compensation_are_outside_the_pot():
    state = run(_river(Insurance(0, "Ann", premiums=(0, 40, 0), covers=(0, 108, 0)), Insurance(0, "Ann", paid=40)))
    assert state.findings == [] and state.final_stacks()["Ann"] == 2010 - 40
    state = run(_river(Insurance(0, "Bob", premiums=(0, 40, 0), covers=(0, 108, 0)), Insurance(0, "Bob", received=108)))
    assert state.final_stacks()["Bob"] == 108
    assert codes(_river(Insurance(0, "Zed", paid=40))) == ["HH406"]


# -- amounts a site does not print -----------------------------------------------------------------------
def test_call_and_raise_amounts_not_printed_are_derived():
    hand = table(
        [
            *blinds(),
            RaiseTo(0, "Dan", None, 30, False, False),
            Call(0, "Ann", None, False, False),
            fold("Bob"),
            Call(0, "Cat", None, False, False),
            street(Street.FLOP, "2c 7d Jh"),
            check("Cat"),
            check("Dan"),
            check("Ann"),
            street(Street.TURN, "2c 7d Jh 9s"),
            check("Cat"),
            bet("Dan", 100),
            fold("Ann"),
            fold("Cat"),
            returned("Dan", 100),
            collect("Dan", 95),
        ],
        total=95,
    )
    state = run(hand)
    assert state.findings == []
    assert [state.players[n].total for n in NAMES[:4]] == [30, 5, 30, 30]
    # a printed raise_by that disagrees is still checked; a raise to beyond the stack still is too
    assert "HH121" in codes(
        table(
            [
                *blinds(),
                RaiseTo(0, "Dan", 10, 30, False, False),
                fold("Ann"),
                fold("Bob"),
                fold("Cat"),
                returned("Dan", 20),
                collect("Dan", 35),
            ],
            total=35,
        )
    )
    assert "HH119" in codes(table([*blinds(), RaiseTo(0, "Dan", None, 3000, False, False)]))


def test_currency_prints_amounts_one_way():
    usd = Currency.of("USD", 100)
    assert [usd.format(a) for a in (5, 10, 200, -50)] == ["$0.05", "$0.10", "$2", "-$0.50"]
    assert Currency("USD", "$", 100, trim=True).format(20) == "$0.2"  # GGPoker: `Cash Drop to Pot : total $0.2`
    assert Currency("chips", "", 1, thousands=",").format(12144) == "12,144"
    assert Currency.of("chips", 1).format(1500) == "1500"


# -- the dataset's columns for the new data ---------------------------------------------------------------
def _rows(hand: Hand) -> dict[str, dict[str, list]]:
    state = run(hand)
    rows = Rows()
    rows.add_hand(HandResult("parsed", "valid", "hand.txt", 1, "test", "1", state.findings, hand, state))
    return {table: rows.columns_of(table) for table in rows.columns}


def test_export_columns_for_cash_drop_fees_straddles_runs_and_money_outside_the_pot():
    fees = (("jackpot", 2), ("bingo", 0), ("tax", 1))
    hands = _rows(_walk(CashDrop(0, 50), collected=56, total=60, rake=1, fees=fees))["hands"]
    assert (hands["cash_drop"], hands["fees"], hands["fee_names"], hands["fee_amounts"], hands["runs"]) == (
        [50],
        [3],
        [["jackpot", "bingo", "tax"]],
        [[2, 0, 1]],
        [1],
    )
    assert hands["total_pot"] == [60] and hands["rake"] == [1]
    untaxed = _rows(_walk(CashDrop(0, 50), collected=57, total=60, rake=1, fees=fees))["hands"]
    assert (untaxed["fees"], untaxed["fee_amounts"]) == ([2], [[2, 0, 1]])  # the tax left in the pot: not taken
    actions = _rows(
        _straddled(fold("Ann"), fold("Bob"), fold("Cat"), returned("Dan", 10), collect("Dan", 25), total=25)
    )["actions"]
    assert list(zip(actions["player"], actions["action"], actions["amount"]))[:3] == [
        ("Bob", "post_small", 5),
        ("Cat", "post_big", 10),
        ("Dan", "post_straddle", 20),
    ]
    tables = _rows(_all_in_preflop(*RUN3, *_run3_collects(670, 670, 670), runs=3, boards=BOARDS3))
    assert tables["hands"]["runs"] == [3] and tables["payouts"]["run"] == [1, 2, 3]
    seats = _rows(_river(EVCashout(0, "Ann"), EVCashout(0, "Ann", paid=65)))["seats"]
    ann = seats["player"].index("Ann")
    assert (seats["paid_outside"][ann], seats["final_stack"][ann]) == (65, 2010 - 65)


# -- sites that name no pot, and fees apportioned between shares -------------------------------------------
def _side_pot_hand(*collects, total=1900, fees=(), rake=0):
    """Ann all-in for $5 pre-flop; Bob and Cat bet $2 more each on the flop: a main pot of $15, a side pot
    of $4. Ann's aces win the main pot, Bob's kings the side pot."""
    return table(
        [
            post("Bob", BlindKind.SMALL, 5),
            post("Cat", BlindKind.BIG, 10),
            StreetStart(0, Street.PREFLOP, 0, ()),
            raise_to("Ann", 490, 500, all_in=True),
            call("Bob", 495),
            call("Cat", 490),
            street(Street.FLOP, "2c 7d Jh"),
            bet("Bob", 200),
            call("Cat", 200),
            street(Street.TURN, "2c 7d Jh 9s"),
            check("Bob"),
            check("Cat"),
            street(Street.RIVER, "2c 7d Jh 9s 3d"),
            check("Bob"),
            check("Cat"),
            show("Ann", "As Ah"),
            show("Bob", "Ks Kh"),
            show("Cat", "Qs Qh"),
            *collects,
        ],
        players=3,
        stacks=[500, 1000, 1000],
        total=total,
        fees=fees,
        rake=rake,
    )


def test_collects_that_name_no_pot_are_checked_per_player_over_all_pots():
    """GGPoker prints `X collected $15 from pot` and only a total pot, side pots or not."""
    assert codes(_side_pot_hand(collect("Ann", 1500), collect("Bob", 400))) == []
    assert codes(_side_pot_hand(collect("Bob", 1900))) == ["HH303"]
    assert codes(_side_pot_hand(collect("Ann", 1600), collect("Bob", 300))) == ["HH205", "HH205"]
    # a collect that names its pot: the summary must then itemize the pots too (PokerStars)
    named = _side_pot_hand(Collect(0, "Ann", 1500, 0), Collect(0, "Bob", 400, 1))
    assert codes(named) == ["HH204"]


def test_a_split_with_fees_is_checked_in_total_when_the_room_apportions_the_fees():
    """GGPoker: `Total pot $14.66 | Rake $0.14 | Jackpot $0.07 | … | Tax $0.01`, a chop collected as
    $7.23 and $7.21: each fee divided between the winners, rounded each its own way."""

    def chop(first, second, fees=(("jackpot", 7), ("tax", 1))):
        return table(
            [
                *blinds(),
                fold("Dan"),
                call("Ann", 10),
                call("Bob", 5),
                check("Cat"),
                street(Street.FLOP, "Kc Js Td"),
                check("Bob"),
                check("Cat"),
                fold("Ann"),
                street(Street.TURN, "Kc Js Td As"),
                check("Bob"),
                check("Cat"),
                street(Street.RIVER, "Kc Js Td As Qd"),
                check("Bob"),
                check("Cat"),
                show("Bob", "3d 3c"),
                show("Cat", "4h 2s"),
                collect("Bob", first),
                collect("Cat", second),
            ],
            total=30,
            rake=2,
            fees=fees,
        )

    assert codes(chop(10, 10)) == []  # an equal split is fine too
    assert codes(chop(11, 9)) == []  # the room's apportioning of the fees
    assert codes(chop(12, 9)) == ["HH213"]  # the tax left in the pot: a warning
    assert codes(chop(13, 9)) == ["HH206", "HH305", "HH305"]  # more than the pot
    assert codes(chop(15, 13, fees=())) == ["HH305", "HH305"]  # no fees: an equal split, odd chips by S4


# -- the same rules on GGPoker text (the hands written in PokerCraft's format) ----------------------------
GG_STRADDLE = """\
Poker Hand #HD1000000001: Hold'em No Limit ($1/$2) - 2025/10/15 02:18:44
Table 'NLHTest1' 6-max Seat #1 is the button
Seat 1: aa11 ($200 in chips)
Seat 2: bb22 ($200 in chips)
Seat 3: cc33 ($200 in chips)
Seat 4: Hero ($200 in chips)
bb22: posts small blind $1
cc33: posts big blind $2
Hero: straddle $4
*** HOLE CARDS ***
Dealt to aa11 
Dealt to bb22 
Dealt to cc33 
Dealt to Hero [Ac Jc]
aa11: folds
bb22: folds
cc33: calls $2
Hero: checks
*** FLOP *** [Jd 8s 3c]
cc33: checks
Hero: bets $6
cc33: folds
Uncalled bet ($6) returned to Hero
*** SHOWDOWN ***
Hero collected $8.6 from pot
*** SUMMARY ***
Total pot $9 | Rake $0.4 | Jackpot $0 | Bingo $0 | Fortune $0 | Tax $0
Board [Jd 8s 3c]
Seat 1: aa11 (button) folded before Flop (didn't bet)
Seat 2: bb22 (small blind) folded before Flop
Seat 3: cc33 (big blind) folded on the Flop
Seat 4: Hero won ($8.6)
"""

GG_CASH_DROP = """\
Poker Hand #RC1000000002: Hold'em No Limit ($0.02/$0.05) - 2025/08/09 09:56:31
Table 'RushAndCash10000001' 6-max Seat #1 is the button
Seat 1: aa11 ($5 in chips)
Seat 2: bb22 ($5 in chips)
Seat 3: Hero ($5 in chips)
Cash Drop to Pot : total $0.5 
bb22: posts small blind $0.02
Hero: posts big blind $0.05
*** HOLE CARDS ***
Dealt to aa11 
Dealt to bb22 
Dealt to Hero [8h 2h]
aa11: raises $0.05 to $0.1
bb22: calls $0.08
Hero: calls $0.05
*** FLOP *** [9c 6h 6c]
bb22: checks
Hero: checks
aa11: bets $0.25
bb22: folds
Hero: folds
Uncalled bet ($0.25) returned to aa11
*** SHOWDOWN ***
aa11 collected $0.69 from pot
*** SUMMARY ***
Total pot $0.8 | Rake $0.04 | Jackpot $0.07 | Bingo $0 | Fortune $0 | Tax $0
Board [9c 6h 6c]
Seat 1: aa11 (button) won ($0.69)
Seat 2: bb22 (small blind) folded on the Flop
Seat 3: Hero (big blind) folded on the Flop
"""

GG_RUN_TWICE = """\
Poker Hand #RC1000000003: Hold'em No Limit ($0.02/$0.05) - 2025/08/09 09:34:04
Table 'RushAndCash10000002' 6-max Seat #1 is the button
Seat 1: aa11 ($5 in chips)
Seat 2: bb22 ($5 in chips)
Seat 3: Hero ($5 in chips)
bb22: posts small blind $0.02
Hero: posts big blind $0.05
*** HOLE CARDS ***
Dealt to aa11 
Dealt to bb22 
Dealt to Hero [7c 2d]
aa11: raises $4.95 to $5 and is all-in
bb22: calls $4.98 and is all-in
Hero: folds
aa11: shows [As Ah]
bb22: shows [Ks Kh]
*** FIRST FLOP *** [2s 9d 5h]
*** FIRST TURN *** [2s 9d 5h] [5s]
*** FIRST RIVER *** [2s 9d 5h 5s] [8c]
*** SECOND FLOP *** [Jh 6h 4s]
*** SECOND TURN *** [Jh 6h 4s] [Kd]
*** SECOND RIVER *** [Jh 6h 4s Kd] [7s]
*** FIRST SHOWDOWN ***
aa11 collected $4.96 from pot
*** SECOND SHOWDOWN ***
bb22 collected $4.95 from pot
*** SUMMARY ***
Total pot $10.05 | Rake $0.14 | Jackpot $0 | Bingo $0 | Fortune $0 | Tax $0
Hand was run two times
FIRST Board [2s 9d 5h 5s 8c]
SECOND Board [Jh 6h 4s Kd 7s]
Seat 1: aa11 (button) showed [As Ah] and won ($4.96) with two pair, Aces and Fives, and lost with a pair of Aces
Seat 2: bb22 (small blind) showed [Ks Kh] and lost with two pair, Kings and Fives, and won ($4.95) with three of a kind, Kings
Seat 3: Hero (big blind) folded before Flop
"""


def gg(text: str) -> list[str]:
    """The findings on a GGPoker hand, its lines' trailing blanks cut as the splitter cuts them."""
    checked = check_text("\n".join(line.rstrip() for line in text.split("\n")), dialect="ggpoker")
    assert checked.status == "parsed", problems(checked.findings)
    return sorted(f.code for f in checked.findings)


def test_gg_straddle_text():
    assert gg(GG_STRADDLE) == []
    out_of_turn = GG_STRADDLE.replace("aa11: folds\nbb22: folds\n", "bb22: folds\naa11: folds\n")
    assert "HH110" in gg(out_of_turn)


def test_gg_cash_drop_fees_and_tax_text():
    assert gg(GG_CASH_DROP) == []
    assert gg(GG_CASH_DROP.replace("Total pot $0.8 |", "Total pot $0.3 |")) == ["HH203", "HH206"]
    taxed = GG_CASH_DROP.replace("Tax $0", "Tax $0.01")
    assert gg(taxed) == ["HH213"]  # the tax left in the pot: a warning
    assert gg(taxed.replace("$0.69", "$0.68")) == []


def test_gg_run_twice_text():
    assert gg(GG_RUN_TWICE) == []
    swapped = GG_RUN_TWICE.replace("bb22 collected $4.95 from pot", "aa11 collected $4.95 from pot")
    assert "HH303" in gg(swapped)


# -- uncalled returns a site pays inside `collected` ------------------------------------------------
@pytest.fixture
def quiet_site():
    """A toy dialect that prints no uncalled return: the returned chips are inside `collected`."""
    record = Dialect(
        "quiet",
        rb"Quiet Hand #",
        (b"Quiet Hand #",),
        conventions=Conventions(prints_uncalled=False, uncalled_in_collected=UncalledInCollected.INSIDE),
    )
    register(record)
    yield "quiet"
    unregister("quiet")


def _quiet_walk(site, collected, *, returned_line=False):
    """Everybody folds to the big blind (Cat, 10 in, 5 of it uncalled): `collected` printed for Cat."""
    events = [*blinds(), fold("Dan"), fold("Ann"), fold("Bob")]
    if returned_line:
        events.append(returned("Cat", 5))
    hand = table([*events, collect("Cat", collected)], total=10, rake=0)
    return msgspec.structs.replace(hand, header=msgspec.structs.replace(hand.header, site=site))


def test_return_inside_collected_is_no_finding_and_counted_once(quiet_site):
    state = run(_quiet_walk(quiet_site, 15))  # the pot's 10 and the 5 that came back
    assert state.findings == []
    assert state.final_stacks()["Cat"] == 1000 - 10 + 15
    assert [c.amount for c in state.collects] == [10]  # the pot share alone is checked against the pot


def test_return_inside_collected_a_short_collect_is_reported(quiet_site):
    assert "HH205" in codes(_quiet_walk(quiet_site, 10))  # the 5 returned leaves 5 of a pot of 10
    state = run(_quiet_walk(quiet_site, 3))  # less than the return itself
    assert [(f.code, f.expected, f.actual) for f in state.findings if f.code == "HH201"] == [("HH201", "5", "3")]


def test_a_site_that_prints_returns_still_needs_the_line():
    hand = table([*blinds(), fold("Dan"), fold("Ann"), fold("Bob"), collect("Cat", 10)], total=10, rake=0)
    assert codes(hand) == ["HH202"]


def test_a_printed_return_is_still_checked_where_none_is_expected(quiet_site):
    assert codes(_quiet_walk(quiet_site, 10, returned_line=True)) == []
