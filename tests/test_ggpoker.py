"""GGPoker (PokerCraft export): the reader, the writer, the wording, and the real GG hands of the corpus.

Every hand text here is written for the test in GG's format (checked against the corpus's
ggpoker-rush-2025 and fpdb-3/ggpoker files), with made-up hashed names and hand ids.
"""

from __future__ import annotations

import functools
import textwrap
from collections import Counter
from pathlib import Path

import pytest
from conftest import codes, events_of, validate_hands

from hhtool.audit import audit
from hhtool.dialects.ggpoker.parse import parse_gg
from hhtool.dialects.ggpoker.reader import SITE
from hhtool.dialects.ggpoker.wording import describe, description_matches
from hhtool.dialects.ggpoker.writer import render_hand
from hhtool.findings import Finding
from hhtool.grammar import Status
from hhtool.io import Block, read_blocks
from hhtool.io.split import split_chunks
from hhtool.model import (
    Bet,
    BlindKind,
    Call,
    CashDrop,
    Check,
    Collect,
    DealHole,
    EVCashout,
    Fold,
    Insurance,
    Limit,
    PostAnte,
    PostBlind,
    RaiseTo,
    Show,
    Street,
    StreetStart,
)
from hhtool.rules.ranking import evaluate
from hhtool.rules.ruleset import load_rules
from hhtool.validate import validate_paths

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def gg(text: str, *, file: str = "gg.txt"):
    """Parse one GG hand written inline (dedented), read as hhtool reads a file (trailing blanks dropped)."""
    blocks = list(split_chunks(iter([textwrap.dedent(text).strip("\n").encode() + b"\n"]), file))
    assert len(blocks) == 1 and isinstance(blocks[0], Block) and blocks[0].dialect == "ggpoker", blocks
    return parse_gg(blocks[0])


RUSH = """
    Poker Hand #RC4100000101: Hold'em No Limit ($0.02/$0.05) - 2025/10/01 12:00:05
    Table 'RushAndCash12000001' 6-max Seat #1 is the button
    Seat 1: 1f2e3d4c ($5 in chips)
    Seat 2: Hero ($6.1 in chips)
    Seat 3: 9a8b7c6d ($5.25 in chips)
    Seat 4: 0e1d2c3b ($12 in chips)
    Hero: posts small blind $0.02
    9a8b7c6d: posts big blind $0.05
    *** HOLE CARDS ***
    Dealt to 1f2e3d4c 
    Dealt to Hero [Ah Kd]
    Dealt to 9a8b7c6d 
    Dealt to 0e1d2c3b 
    0e1d2c3b: folds
    1f2e3d4c: raises $0.1 to $0.15
    Hero: calls $0.13
    9a8b7c6d: folds
    *** FLOP *** [Kc 7d 2s]
    Hero: checks
    1f2e3d4c: bets $0.2
    Hero: calls $0.2
    *** TURN *** [Kc 7d 2s] [3h]
    Hero: checks
    1f2e3d4c: checks
    *** RIVER *** [Kc 7d 2s 3h] [Qs]
    Hero: checks
    1f2e3d4c: checks
    Hero: shows [Ah Kd] (a pair of Kings)
    1f2e3d4c: shows [Jc Jd] (a pair of Jacks)
    *** SHOWDOWN ***
    Hero collected $0.71 from pot
    *** SUMMARY ***
    Total pot $0.75 | Rake $0.03 | Jackpot $0.01 | Bingo $0 | Fortune $0 | Tax $0
    Board [Kc 7d 2s 3h Qs]
    Seat 1: 1f2e3d4c (button) showed [Jc Jd] and lost with a pair of Jacks
    Seat 2: Hero (small blind) showed [Ah Kd] and won ($0.71) with a pair of Kings
    Seat 3: 9a8b7c6d (big blind) folded before Flop
    Seat 4: 0e1d2c3b folded before Flop (didn't bet)
"""


# -- header ------------------------------------------------------------------------------------


def test_golden_rush_and_cash_hand():
    result = gg(RUSH)
    assert result.status is Status.PARSED and result.site == SITE and result.hand_id == "RC4100000101"
    hand = result.hand
    header = hand.header
    assert (header.site, header.hand_id, header.game, header.limit) == (
        "ggpoker",
        "RC4100000101",
        "holdem",
        Limit.NO_LIMIT,
    )
    assert (header.small_blind, header.big_blind, header.currency, header.scale) == (2, 5, "USD", 100)
    assert (header.table, header.max_seats, header.button_seat, header.fast_fold) == ("RushAndCash12000001", 6, 1, True)
    assert str(header.time) == "2025-10-01 12:00:05" and header.time_zone is None and header.time_utc is None
    assert [(s.seat, s.player, s.stack) for s in hand.seats] == [
        (1, "1f2e3d4c", 500),
        (2, "Hero", 610),
        (3, "9a8b7c6d", 525),
        (4, "0e1d2c3b", 1200),
    ]
    assert [(e.player, e.cards) for e in events_of(result, DealHole)] == [
        ("1f2e3d4c", ()),
        ("Hero", ("Ah", "Kd")),
        ("9a8b7c6d", ()),
        ("0e1d2c3b", ()),
    ]
    assert [(e.player, e.raise_by, e.raise_to) for e in events_of(result, RaiseTo)] == [("1f2e3d4c", 10, 15)]
    streets = events_of(result, StreetStart)
    assert [(e.street, e.run, e.board) for e in streets][-1] == (Street.SHOWDOWN, 0, ())
    shows = events_of(result, Show)
    assert [(e.player, e.description) for e in shows] == [("Hero", "a pair of Kings"), ("1f2e3d4c", "a pair of Jacks")]
    assert shows[-1].line < streets[-1].line  # GG shows before `*** SHOWDOWN ***`
    claims = hand.claims
    assert (claims.total_pot, claims.rake, claims.runs) == (75, 3, 1)
    assert claims.fees == (("jackpot", 1), ("bingo", 0), ("fortune", 0), ("tax", 0))
    assert claims.boards == (("Kc", "7d", "2s", "3h", "Qs"),)
    assert [(s.seat, s.result, s.positions) for s in claims.seats] == [
        (1, "showed", ("button",)),
        (2, "showed", ("small blind",)),
        (3, "folded", ("big blind",)),
        (4, "folded", ()),
    ]
    assert claims.seats[1].outcomes[0].amount == 71


def test_golden_rush_and_cash_events_exactly():
    S, B = BlindKind.SMALL, BlindKind.BIG
    assert gg(RUSH).hand.events == (
        PostBlind(7, "Hero", S, 2, False),
        PostBlind(8, "9a8b7c6d", B, 5, False),
        StreetStart(9, Street.PREFLOP, 0, ()),
        DealHole(10, "1f2e3d4c", ()),
        DealHole(11, "Hero", ("Ah", "Kd")),
        DealHole(12, "9a8b7c6d", ()),
        DealHole(13, "0e1d2c3b", ()),
        Fold(14, "0e1d2c3b", ()),
        RaiseTo(15, "1f2e3d4c", 10, 15, False, False),
        Call(16, "Hero", 13, False, False),
        Fold(17, "9a8b7c6d", ()),
        StreetStart(18, Street.FLOP, 0, ("Kc", "7d", "2s")),
        Check(19, "Hero"),
        Bet(20, "1f2e3d4c", 20, False, False),
        Call(21, "Hero", 20, False, False),
        StreetStart(22, Street.TURN, 0, ("Kc", "7d", "2s", "3h")),
        Check(23, "Hero"),
        Check(24, "1f2e3d4c"),
        StreetStart(25, Street.RIVER, 0, ("Kc", "7d", "2s", "3h", "Qs")),
        Check(26, "Hero"),
        Check(27, "1f2e3d4c"),
        Show(28, "Hero", ("Ah", "Kd"), "a pair of Kings"),
        Show(29, "1f2e3d4c", ("Jc", "Jd"), "a pair of Jacks"),
        StreetStart(30, Street.SHOWDOWN, 0, ()),
        Collect(31, "Hero", 71, None),
    )


@pytest.mark.parametrize("prefix, fast_fold", [("RC", True), ("HD", False)])
def test_cash_headers_rush_and_regular(prefix, fast_fold):
    result = gg(RUSH.replace("#RC4100000101", f"#{prefix}4100000101"))
    assert result.hand.header.hand_id == f"{prefix}4100000101"
    assert result.hand.header.fast_fold is fast_fold


def test_tournament_header_chips_with_commas_and_antes():
    result = gg("""
        Poker Hand #TM4200000001: Tournament #31000001, Sunday Special $215 Hold'em No Limit - Level12(1,000/2,000) - 2025/10/05 20:15:00
        Table '31' 8-max Seat #2 is the button
        Seat 1: 4c3b2a19 (61,250 in chips)
        Seat 2: Hero (48,700 in chips)
        Seat 3: 7e6d5c4b (102,030 in chips)
        Hero: posts the ante 250
        4c3b2a19: posts the ante 250
        7e6d5c4b: posts the ante 250
        7e6d5c4b: posts small blind 1,000
        4c3b2a19: posts big blind 2,000
        *** HOLE CARDS ***
        Dealt to 4c3b2a19
        Dealt to Hero [Qh Qd]
        Dealt to 7e6d5c4b
        Hero: raises 2,400 to 4,400
        7e6d5c4b: folds
        4c3b2a19: folds
        Uncalled bet (2,400) returned to Hero
        *** SHOWDOWN ***
        Hero collected 5,750 from pot
        *** SUMMARY ***
        Total pot 5,750
        Seat 1: 4c3b2a19 (big blind) folded before Flop
        Seat 2: Hero (button) collected (5,750)
        Seat 3: 7e6d5c4b (small blind) folded before Flop
    """)
    header = result.hand.header
    assert (header.tournament_id, header.buy_in, header.level) == ("31000001", "Sunday Special $215", "Level12")
    assert (header.small_blind, header.big_blind, header.currency, header.scale) == (1000, 2000, "chips", 1)
    assert [s.stack for s in result.hand.seats] == [61250, 48700, 102030]
    assert [(e.player, e.amount) for e in events_of(result, PostAnte)] == [
        ("Hero", 250),
        ("4c3b2a19", 250),
        ("7e6d5c4b", 250),
    ]
    assert [(e.raise_by, e.raise_to) for e in events_of(result, RaiseTo)] == [(2400, 4400)]
    claims = result.hand.claims
    assert (claims.total_pot, claims.rake, claims.fees) == (5750, None, ())  # `Total pot 5,750` alone


@pytest.mark.parametrize(
    "header",
    [
        "Poker Hand #OM4300000001: Omaha Hi/Lo Pot Limit ($2/$5) - 2025/10/01 12:00:05",
        "Poker Hand #SD4300000004: ShortDeck No Limit ($100) - 2025/10/01 12:00:05",
    ],
)
def test_omaha_hi_lo_and_short_deck_are_unsupported(header):
    text = RUSH.replace(RUSH.strip().split("\n")[0].strip(), header)
    result = gg(text)
    assert result.status is Status.UNSUPPORTED
    assert [f.code for f in result.findings] == ["HH020"]


@pytest.mark.parametrize(
    ("header", "game"),
    [
        ("Poker Hand #OM4300000001: PLO ($2/$5) - 2025/10/01 12:00:05", "omaha"),
        ("Poker Hand #OM4300000002: PLO-5 ($0.1/$0.25) - 2025/10/01 12:00:05", "omaha5"),
        ("Poker Hand #OM4300000003: Omaha Pot Limit ($0.01/$0.02) - 2025/10/01 12:00:05", "omaha"),
    ],
)
def test_omaha_high_is_read(header, game):
    """(issue #29) the game word names the variant; tests/test_omaha_hands.py checks Omaha hands end to end."""
    result = gg(RUSH.replace(RUSH.strip().split("\n")[0].strip(), header))
    assert result.status is Status.PARSED
    assert result.hand.header.game == game


def test_amounts_drop_trailing_zeros_and_keep_thousands_commas():
    result = gg(RUSH.replace("Seat 4: 0e1d2c3b ($12 in chips)", "Seat 4: 0e1d2c3b ($1,289.6 in chips)"))
    assert result.hand.seats[-1].stack == 128960
    assert result.hand.seats[1].stack == 610  # `$6.1`


# -- body lines ---------------------------------------------------------------------------------


def _with_preflop(lines: list[str], posts: list[str]) -> str:
    """The RUSH hand with other posts and pre-flop actions (up to the flop)."""
    head, rest = RUSH.split("    *** HOLE CARDS ***\n")
    head_lines = [line for line in head.split("\n") if ": posts " not in line]
    dealt = "\n".join(line for line in rest.split("\n") if line.strip().startswith("Dealt to"))
    return (
        "\n".join(head_lines).rstrip()
        + "\n"
        + "\n".join("    " + p for p in posts)
        + "\n    *** HOLE CARDS ***\n"
        + dealt
        + "\n"
        + "\n".join("    " + line for line in lines)
        + "\n"
        + "    *** SHOWDOWN ***\n    *** SUMMARY ***\n    Total pot $0 | Rake $0\n"
    )


def test_straddle_and_all_in_straddle_are_blinds():
    result = gg(
        _with_preflop(
            ["0e1d2c3b: folds"],
            [
                "Hero: posts small blind $0.02",
                "9a8b7c6d: posts big blind $0.05",
                "0e1d2c3b: straddle $0.1",
                "0e1d2c3b: straddle $5.25 and is all-in",
            ],
        )
    )
    posts = [(e.player, e.blind, e.amount, e.all_in) for e in events_of(result, PostBlind)]
    # GG prints a second straddle as the player's total: $5.25 in, $5.15 of it added (fpdb-3's over.straddle
    # file: its stack is the total, and the return and the pot agree)
    assert posts[2:] == [("0e1d2c3b", BlindKind.STRADDLE, 10, False), ("0e1d2c3b", BlindKind.STRADDLE, 515, True)]


def test_missed_blind_post():
    result = gg(
        _with_preflop(
            ["0e1d2c3b: folds"],
            [
                "Hero: posts small blind $0.02",
                "9a8b7c6d: posts big blind $0.05",
                "0e1d2c3b: posts missed blind $0.02",
                "0e1d2c3b: posts big blind $0.05",
            ],
        )
    )
    posts = [(e.player, e.blind, e.amount) for e in events_of(result, PostBlind)]
    assert posts[2:] == [("0e1d2c3b", BlindKind.MISSED, 2), ("0e1d2c3b", BlindKind.BIG, 5)]


def test_cash_drop_before_the_blinds():
    result = gg(
        _with_preflop(
            ["0e1d2c3b: folds"],
            ["Cash Drop to Pot : total $0.5", "Hero: posts small blind $0.02", "9a8b7c6d: posts big blind $0.05"],
        )
    )
    drops = events_of(result, CashDrop)
    assert [d.amount for d in drops] == [50]
    assert result.hand.events.index(drops[0]) == 0


def test_ev_cashout_lines():
    result = gg(
        _with_preflop(
            [
                "0e1d2c3b: folds",
                "1f2e3d4c: raises $4.95 to $5 and is all-in",
                "Hero: calls $4.98",
                "9a8b7c6d: folds",
                "1f2e3d4c: shows [Ac As] (a pair of Aces)",
                "Hero: shows [Kh Kd] (a pair of Kings)",
                "1f2e3d4c: Chooses to EV Cashout",
                "*** FLOP *** [2c 7h 9d]",
                "*** TURN *** [2c 7h 9d] [Th]",
                "*** RIVER *** [2c 7h 9d Th] [Kc]",
                "1f2e3d4c: Receives Cashout ($8.7)",
                "Hero: Pays Cashout Risk ($0.4)",
            ],
            ["Hero: posts small blind $0.02", "9a8b7c6d: posts big blind $0.05"],
        )
    )
    assert [(e.player, e.paid, e.received) for e in events_of(result, EVCashout)] == [
        ("1f2e3d4c", None, None),
        ("1f2e3d4c", None, 870),
        ("Hero", 40, None),
    ]


def test_all_in_insurance_lines():
    result = gg(
        _with_preflop(
            [
                "0e1d2c3b: folds",
                "1f2e3d4c: raises $4.95 to $5 and is all-in",
                "Hero: calls $4.98",
                "9a8b7c6d: folds",
                "1f2e3d4c: get an all-in insurance (premium ($0/$4/$0) for ($0/$10.8/$0) - (Mandatory/Main/Sub))",
                "*** FLOP *** [2c 7h 9d]",
                "1f2e3d4c: pay premium of all-in insurance ($4)",
                "Hero: get main compensation of all-in insurance ($1.5)",
            ],
            ["Hero: posts small blind $0.02", "9a8b7c6d: posts big blind $0.05"],
        )
    )
    assert [(e.player, e.premiums, e.covers, e.paid, e.received) for e in events_of(result, Insurance)] == [
        ("1f2e3d4c", (0, 400, 0), (0, 1080, 0), None, None),
        ("1f2e3d4c", (), (), 400, None),
        ("Hero", (), (), None, 150),
    ]


def test_insurance_terms_that_cannot_be_read_are_hh010():
    result = gg(
        _with_preflop(
            ["0e1d2c3b: folds", "Hero: get an all-in insurance (premium $4)"],
            ["Hero: posts small blind $0.02", "9a8b7c6d: posts big blind $0.05"],
        )
    )
    assert result.status is Status.UNPARSED and [f.code for f in result.findings] == ["HH010"]


def test_total_pot_line_with_some_fields_missing():
    for line, rake, fees in (
        ("Total pot $327.8 | Rake $7.5 | Jackpot $5 | Bingo $0", 750, (("jackpot", 500), ("bingo", 0))),
        ("Total pot $327.8 | Rake $7.5", 750, ()),
        ("Total pot $327.8", None, ()),
    ):
        text = RUSH.replace("Total pot $0.75 | Rake $0.03 | Jackpot $0.01 | Bingo $0 | Fortune $0 | Tax $0", line)
        claims = gg(text).hand.claims
        assert (claims.total_pot, claims.rake, claims.fees) == (32780, rake, fees)


RUN_TWICE = """
    Poker Hand #HD4400000001: Hold'em No Limit ($0.5/$1) - 2025/10/02 09:30:00
    Table 'NLHSilver9' 6-max Seat #3 is the button
    Seat 1: Hero ($100 in chips)
    Seat 2: 6b5a4c3d ($100 in chips)
    Seat 3: 2f3e4d5c ($100 in chips)
    Hero: posts small blind $0.5
    6b5a4c3d: posts big blind $1
    *** HOLE CARDS ***
    Dealt to Hero [Jd Qd]
    Dealt to 6b5a4c3d 
    Dealt to 2f3e4d5c 
    2f3e4d5c: folds
    Hero: raises $2 to $3
    6b5a4c3d: calls $2
    *** FIRST FLOP *** [Th Jc Tc]
    Hero: bets $4
    6b5a4c3d: raises $93 to $97 and is all-in
    Hero: calls $93
    6b5a4c3d: shows [Qs Qh] (two pair, Queens and Tens)
    Hero: shows [Jd Qd] (two pair, Jacks and Tens)
    *** FIRST TURN *** [Th Jc Tc] [8s]
    *** FIRST RIVER *** [Th Jc Tc 8s] [6d]
    *** SECOND TURN *** [Th Jc Tc] [Kd]
    *** SECOND RIVER *** [Th Jc Tc Kd] [2h]
    *** FIRST SHOWDOWN ***
    6b5a4c3d collected $97.5 from pot
    *** SECOND SHOWDOWN ***
    6b5a4c3d collected $97.5 from pot
    *** SUMMARY ***
    Total pot $200 | Rake $4 | Jackpot $1 | Bingo $0 | Fortune $0 | Tax $0
    Hand was run two times
    FIRST Board [Th Jc Tc 8s 6d]
    SECOND Board [Kd 2h]
    Seat 1: Hero (small blind) showed [Jd Qd] and lost with two pair, Jacks and Tens, and lost
    Seat 2: 6b5a4c3d (big blind) showed [Qs Qh] and won ($97.5) with two pair, Queens and Tens, and won ($97.5)
    Seat 3: 2f3e4d5c (button) folded before Flop (didn't bet)
"""


def test_run_twice_shared_flop_is_not_a_run_and_second_board_is_completed():
    result = gg(RUN_TWICE)
    streets = [(e.street, e.run, e.board) for e in events_of(result, StreetStart)]
    # GG writes `*** FIRST FLOP ***` for the flop both runs share (the betting happens on it): run 0
    assert streets[1] == (Street.FLOP, 0, ("Th", "Jc", "Tc"))
    assert [(street, run) for street, run, _ in streets[2:]] == [
        (Street.TURN, 1),
        (Street.RIVER, 1),
        (Street.TURN, 2),
        (Street.RIVER, 2),
        (Street.SHOWDOWN, 1),
        (Street.SHOWDOWN, 2),
    ]
    claims = result.hand.claims
    assert claims.runs == 2
    # `SECOND Board [Kd 2h]` prints the run's own cards: the board of run 2 is the shared flop and them
    assert claims.boards == (("Th", "Jc", "Tc", "8s", "6d"), ("Th", "Jc", "Tc", "Kd", "2h"))
    assert [(o.won, o.amount, o.description) for o in claims.seats[1].outcomes] == [
        (True, 9750, "two pair, Queens and Tens"),
        (True, 9750, None),
    ]
    assert [(o.won, o.description) for o in claims.seats[0].outcomes] == [
        (False, "two pair, Jacks and Tens"),
        (False, None),
    ]


def test_run_three_times_all_in_before_the_flop():
    text = (
        RUN_TWICE.replace("    *** FIRST FLOP *** [Th Jc Tc]\n    Hero: bets $4\n", "")
        .replace("6b5a4c3d: calls $2", "6b5a4c3d: raises $97 to $100 and is all-in")
        .replace("    6b5a4c3d: raises $93 to $97 and is all-in\n    Hero: calls $93\n", "    Hero: calls $97\n")
        .replace(
            "    *** FIRST TURN *** [Th Jc Tc] [8s]\n",
            "    *** FIRST FLOP *** [Th Jc Tc]\n    *** FIRST TURN *** [Th Jc Tc] [8s]\n",
        )
        .replace(
            "    *** SECOND TURN *** [Th Jc Tc] [Kd]\n",
            "    *** SECOND FLOP *** [3c 4c 5d]\n    *** SECOND TURN *** [3c 4c 5d] [Kd]\n",
        )
        .replace(
            "*** SECOND RIVER *** [Th Jc Tc Kd] [2h]",
            "*** SECOND RIVER *** [3c 4c 5d Kd] [2h]\n    *** THIRD FLOP *** [9s 9d 2c]\n"
            "    *** THIRD TURN *** [9s 9d 2c] [Ad]\n    *** THIRD RIVER *** [9s 9d 2c Ad] [7h]",
        )
        .replace("Hand was run two times", "Hand was run three times")
        .replace("SECOND Board [Kd 2h]", "SECOND Board [3c 4c 5d Kd 2h]\n    THIRD Board [9s 9d 2c Ad 7h]")
    )
    result = gg(text)
    assert result.status is Status.PARSED, result.findings
    runs = [(e.street, e.run) for e in events_of(result, StreetStart) if e.street is not Street.SHOWDOWN]
    assert runs[1:] == [(s, r) for r in (1, 2, 3) for s in (Street.FLOP, Street.TURN, Street.RIVER)]
    assert result.hand.claims.runs == 3
    assert result.hand.claims.boards[2] == ("9s", "9d", "2c", "Ad", "7h")


def test_summary_seat_lines_with_ev_cashout_and_time_bank_card():
    text = (
        RUSH.replace(
            "Seat 1: 1f2e3d4c (button) showed [Jc Jd] and lost with a pair of Jacks",
            "Seat 1: 1f2e3d4c (button) showed [Jc Jd] and lost with a pair of Jacks, EV Cashout ($0.3)",
        )
        .replace(
            "Seat 2: Hero (small blind) showed [Ah Kd] and won ($0.71) with a pair of Kings",
            "Seat 2: Hero (small blind) showed [Ah Kd] and won ($0.71) with a pair of Kings, Cashout Risk ($0.05)",
        )
        .replace(
            "Seat 4: 0e1d2c3b folded before Flop (didn't bet)",
            "Seat 4: 0e1d2c3b received ($0.01) from time bank card, folded before Flop (didn't bet)",
        )
        .replace(
            "Seat 3: 9a8b7c6d (big blind) folded before Flop",
            "Seat 3: 9a8b7c6d (big blind) bought time bank card ($0.05), folded before Flop",
        )
    )
    seats = gg(text).hand.claims.seats
    assert (seats[0].result, seats[0].cashed_out, seats[0].cash_out_received) == ("showed", True, 30)
    assert (seats[1].outcomes[0].amount, seats[1].cash_out_paid, seats[1].cashed_out) == (71, 5, False)
    assert (seats[2].result, seats[2].folded_on, seats[3].result, seats[3].didnt_bet) == (
        "folded",
        Street.PREFLOP,
        "folded",
        True,
    )


# -- wording ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "cards, wording",
    [
        ("As Kd 7c 4h 2s", "Ace high"),
        ("2c 2d Kh 9s 7c", "a pair of Twos"),
        ("Kc Kd Jh Js 2c", "two pair, Kings and Jacks"),
        ("Tc Td Th 4s 2c", "three of a kind, Tens"),
        ("Ac Kd Qh Js Tc", "a straight, Ace to Ten"),
        ("Ac 2d 3h 4s 5c", "a straight, Ace to Five"),
        ("Ah 9h 7h 4h 2h", "a flush Ace high"),
        ("6c 6d 6h 2s 2c", "a full house, Sixes full of Twos"),
        ("8c 8d 8h 8s 2c", "four of a kind, Eights"),
        ("6h 5h 4h 3h 2h", "a straight flush, Six to Two"),
    ],
)
def test_current_wording(cards, wording):
    assert describe(evaluate(cards.split())) == wording
    assert description_matches(wording, cards.split())


@pytest.mark.parametrize(
    "cards, wording",
    [
        ("As Kd 7c 4h 2s", "Ace-High"),
        ("3c 3d Kh 9s 7c", "Pair of Treys"),
        ("Kc Kd 7h 7s 2c", "Pair of Kings and Pair of Sevens"),
        ("7c 7d 7h 4s 2c", "Three Sevens"),
        ("9c 8d 7h 6s 5c", "Nines-High Straight"),
        ("Kh 9h 7h 4h 2h", "King High Flush"),
        ("Kc Kd Kh Qs Qc", "Kings Full over Queens"),
        ("Tc Td Th Ts Qc", "Four Tens"),  # GG-2: 2025 tournament exports
        ("3c 3d 3h 3s Qc", "Four Treys"),
    ],
)
def test_2021_wording_is_accepted(cards, wording):
    assert description_matches(wording, cards.split())


def test_wrong_wording_is_not_accepted():
    assert not description_matches("Four Nines", ["Tc", "Td", "Th", "Ts", "Qc"])  # quads of another rank
    assert not description_matches("Four Tens", ["Tc", "Td", "Th", "Qs", "Qc"])  # a full house
    assert not description_matches("a pair of Deuces", ["2c", "2d", "Kh", "9s", "7c"])  # PokerStars' word, not GG's
    assert not description_matches("a pair of Kings", ["2c", "2d", "Kh", "9s", "7c"])


# -- writer -------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", [RUSH, RUN_TWICE])
def test_writer_prints_the_hand_back(text):
    hand = gg(text).hand
    expected = [line.rstrip() for line in textwrap.dedent(text).strip("\n").split("\n")]
    assert [line.rstrip() for line in render_hand(hand).rstrip("\n").split("\n")] == expected


def test_writer_round_trips_every_sample():
    for path in sorted(SAMPLES.glob("gg-*.txt")):
        for block in read_blocks(path):
            assert not isinstance(block, Finding)
            hand = parse_gg(block).hand
            assert hand is not None, path
            assert [line.rstrip() for line in render_hand(hand).rstrip("\n").split("\n")] == block.text.rstrip(
                "\n"
            ).split("\n"), path


# -- the corpus ---------------------------------------------------------------------------------

GG_FOLDERS = ("ggpoker-rush-2025", "fpdb-3/ggpoker")


def test_every_gg_holdem_and_omaha_hand_of_the_corpus_parses(corpus):
    statuses: Counter = Counter()
    unsupported: Counter = Counter()
    for folder in GG_FOLDERS:
        for path in sorted((corpus / folder).rglob("*.txt")):
            for block in read_blocks(path):
                assert not isinstance(block, Finding), block
                assert block.dialect == "ggpoker"
                result = parse_gg(block)
                statuses[result.status] += 1
                if result.status is Status.UNSUPPORTED:
                    unsupported[path.name] += 1
                else:
                    assert result.status is Status.PARSED, (path.name, result.findings)
    # Rush & Cash + the four NLHE tournament files + the 78 Omaha high hands (PLO, PLO-5, Omaha (NL postflop))
    assert statuses[Status.PARSED] == 7441 + 62 + 78
    assert all(not name.startswith(("NLHE", "PLO")) for name in unsupported)


# -- validation: pot identity, fees, newest-first files, fast-fold pools -------------------------


validate_text = functools.partial(validate_hands, name="gg.txt")


OLDER = """
    Poker Hand #HD4500000001: Hold'em No Limit ($1/$2) - 2025/10/03 10:00:00
    Table 'NLHGold4' 6-max Seat #1 is the button
    Seat 1: 3a2b1c0d ($200 in chips)
    Seat 2: 8f7e6d5c ($200 in chips)
    Seat 3: Hero ($200 in chips)
    8f7e6d5c: posts small blind $1
    Hero: posts big blind $2
    *** HOLE CARDS ***
    Dealt to 3a2b1c0d 
    Dealt to 8f7e6d5c 
    Dealt to Hero [7c 2d]
    3a2b1c0d: folds
    8f7e6d5c: folds
    Uncalled bet ($1) returned to Hero
    *** SHOWDOWN ***
    Hero collected $2 from pot
    *** SUMMARY ***
    Total pot $2 | Rake $0 | Jackpot $0 | Bingo $0 | Fortune $0 | Tax $0
    Seat 1: 3a2b1c0d (button) folded before Flop (didn't bet)
    Seat 2: 8f7e6d5c (small blind) folded before Flop
    Seat 3: Hero (big blind) collected ($2)
"""
NEWER = """
    Poker Hand #HD4500000002: Hold'em No Limit ($1/$2) - 2025/10/03 10:00:40
    Table 'NLHGold4' 6-max Seat #2 is the button
    Seat 1: 3a2b1c0d ($200 in chips)
    Seat 2: 8f7e6d5c ($199 in chips)
    Seat 3: Hero ($201 in chips)
    Hero: posts small blind $1
    3a2b1c0d: posts big blind $2
    *** HOLE CARDS ***
    Dealt to 3a2b1c0d 
    Dealt to 8f7e6d5c 
    Dealt to Hero [9s 4h]
    8f7e6d5c: folds
    Hero: folds
    Uncalled bet ($1) returned to 3a2b1c0d
    *** SHOWDOWN ***
    3a2b1c0d collected $2 from pot
    *** SUMMARY ***
    Total pot $2 | Rake $0 | Jackpot $0 | Bingo $0 | Fortune $0 | Tax $0
    Seat 1: 3a2b1c0d (big blind) collected ($2)
    Seat 2: 8f7e6d5c (button) folded before Flop (didn't bet)
    Seat 3: Hero (small blind) folded before Flop
"""
NEWER_SHORT = NEWER.replace("Seat 2: 8f7e6d5c ($199 in chips)", "Seat 2: 8f7e6d5c ($150 in chips)")


@pytest.mark.parametrize("order", ["newest first", "oldest first"])
def test_stacks_chain_by_hand_time_whatever_the_file_order(tmp_path, order):
    hands = (NEWER, OLDER) if order == "newest first" else (OLDER, NEWER)
    assert codes(validate_text(tmp_path, *hands)) == []
    broken = (NEWER_SHORT, OLDER) if order == "newest first" else (OLDER, NEWER_SHORT)
    results = validate_text(tmp_path, *broken)
    findings = [f for r in results for f in r.findings]
    assert [(f.code, f.hand_id, f.expected, f.actual) for f in findings] == [
        ("HH410", "HD4500000002", "19900", "15000")
    ]


def test_button_moves_by_hand_time_in_a_newest_first_file(tmp_path):
    stuck = (
        NEWER.replace("Seat #2 is the button", "Seat #3 is the button")
        .replace("Seat 3: Hero (small blind)", "Seat 3: Hero (button) (small blind)")
        .replace("Seat 2: 8f7e6d5c (button)", "Seat 2: 8f7e6d5c")
    )
    assert "HH412" in codes(validate_text(tmp_path, stuck, OLDER))


def test_rush_and_cash_pool_has_no_stack_or_button_continuity_but_duplicates_count(tmp_path):
    rush = [h.replace("#HD45", "#RC45").replace("'NLHGold4'", "'RushAndCash12000009'") for h in (NEWER_SHORT, OLDER)]
    assert codes(validate_text(tmp_path, *rush)) == []
    results = validate_text(tmp_path, rush[1], rush[1], name="twice.txt")
    assert [r.status for r in results] == ["valid", "duplicate"] and "HH414" in codes(results)


def test_winners_collect_the_total_pot_less_rake_and_every_fee(tmp_path):
    assert codes(validate_text(tmp_path, RUSH)) == []  # 0.75 - 0.03 - 0.01 = 0.71
    wrong = RUSH.replace("Jackpot $0.01", "Jackpot $0.02")
    assert "HH206" in codes(validate_text(tmp_path, wrong))


def test_every_sample_gg_file_validates_without_findings():
    paths = sorted(SAMPLES.glob("gg-*.txt"))
    results = [r for r in validate_paths(paths) if not isinstance(r, Finding)]
    assert len(results) == 6
    assert [(r.file, f.code, f.message) for r in results for f in r.findings] == []


# Real GG Hold'em hands of the corpus that validate with error findings, and why. Keys: hand ids.
KNOWN_ERRORS = {
    # (TM247773056, TM247774746, TM247776533, TM247777995, TM247849493, TM247850728: GGPoker 2020 wrote the first
    # hand of each new blind level with the new level in its header while the blinds were posted at the old one,
    # `Level3 (80/160)` over `posts small blind 60`, all 6 level changes of NLHE-8max-MTT-USD-250-202006.txt: the
    # posts' level is taken, one HH107 warning each, SITE-BEHAVIOURS 888-7's mechanism, hhtool.grammar.levels)
    # (TM316262814: the turn line reprints the flop in another order, `*** FLOP *** [Ad 7d 9d]`, `*** TURN ***
    # [7d 9d Ad] [2s]`, and the summary's board follows it: the flop's cards are dealt at once, so it is the
    # same board, no HH123 or HH307; a later card out of place still is)
    # Omaha high (read since issue #29; tests/test_omaha_hands.py says why each is the file's): GG's 2021 client
    # names these hands as if any of the cards played, or a later run's hand with that run's own cards only
    "OM260919438": {"HH304"},
    "OM1349864": {"HH304"},
    "OM785467": {"HH304"},
    "TM2697462": {"HH304"},
    # unsure: a re-straddle all-in for many times the straddle before it
    "OM1410171": {"HH103"},
}
_OMAHA_VALID = 73  # of the 78 Omaha high hands: the 5 above are invalid


def test_gg_corpus_validates_with_only_the_known_errors_and_printed_pots(corpus):
    results = [r for r in validate_paths([corpus / folder for folder in GG_FOLDERS]) if not isinstance(r, Finding)]
    statuses = Counter(r.status for r in results)
    assert statuses == {"valid": 7503 + _OMAHA_VALID, "invalid": 5, "unsupported": 1}, statuses  # ShortDeck
    errors = {r.hand_id: {f.code for f in r.findings if f.severity.value == "error"} for r in results}
    assert {hand: found for hand, found in errors.items() if found} == KNOWN_ERRORS
    checked = 0
    for result in results:
        if result.state is None or result.hand_id in KNOWN_ERRORS:
            continue
        claims, state = result.hand.claims, result.state
        collected = sum(event.amount for event in state.collects)
        fees = sum(amount for _, amount in claims.fees)
        assert state.pot_total == claims.total_pot, result.hand_id  # every printed total pot
        if claims.rake is not None:  # the rake the pot leaves: total − collected − the other fees
            assert state.pot_total - collected - fees == claims.rake or any(
                f.code == "HH213" for f in result.findings
            ), result.hand_id
        checked += 1
    assert checked == 7503 + _OMAHA_VALID


# -- audit and dataset ---------------------------------------------------------------------------


def test_audit_reports_gg_fees_beside_rake_and_balances_the_chips(tmp_path):
    paths = sorted(SAMPLES.glob("gg-*.txt"))
    report = audit(paths)
    summary = report["summary"]
    # no built-in GG schedule: the cash hands are counted, not checked
    assert (summary["cash_hands"], summary["schedule_checked_hands"], summary["schedule_unchecked_hands"]) == (5, 0, 5)
    assert summary["rake_by_currency"]["USD"] == 10 + 4 + 295 + 300
    assert summary["fees_by_currency"] == {"USD": 3 + 100 + 100}  # jackpots of the Rush, straddle, run-twice hands
    # chips before + the cash drop = chips after + rake + fees, hand by hand
    assert summary["hands_out_of_balance"] == 0 and summary["errors"] == 0
    by_hand = {row["hand_id"]: row for row in report["hands"]}
    assert (by_hand["RC4120412260"]["cash_drop"], by_hand["HD2874410365"]["fees"]) == (50, 100)
    # a --rules schedule for GG cash hands: 5 % capped at $3 (no flop, no drop)
    rules_file = tmp_path / "gg.toml"
    rules_file.write_text(
        '[rake]\nname = "GG test"\nsite = "ggpoker"\ncurrency = "USD"\npercent = "5"\ncap = "3"\n', encoding="utf-8"
    )
    checked = audit(paths, load_rules(rules_file), str(rules_file))
    assert checked["summary"]["schedule_checked_hands"] == 5
    # 5 % of the Rush hand's $2.17 pot is $0.11 (round half to even of 10.85 cents); GG took $0.10
    assert [(v["hand_id"], v["code"], v["rake"], v["due"]) for v in checked["schedule_violations"]] == [
        ("RC4120339902", "HH212", 10, 11)
    ]


def test_dataset_keeps_the_site_and_gg_stakes_in_stats(tmp_path):
    from hhtool.export.run import export_paths
    from hhtool.stats import stats

    out = tmp_path / "ds"
    export_paths(sorted(SAMPLES.glob("gg-*.txt")), out)
    frame = stats(out)
    assert set(frame["site"]) == {"ggpoker"}
    cash = frame[frame["kind"] == "cash"]
    assert sorted(set(zip(cash["small_blind"], cash["big_blind"]))) == [(2, 5), (50, 100), (100, 200)]
    hero = cash[(cash["player"] == "Hero") & (cash["big_blind"] == 5)].iloc[0]
    # +$1.04 (put in $1, collected $2.04), +$0.02 (the walk: $0.05 in, $0.03 back, $0.04 won), -$0.02 (small blind)
    assert (hero["hands"], hero["net_won"]) == (3, 104 + 2 - 2)


# -- issue #24: GG-1 unmarked all-in posts, GG-2 the older wording in 2025 tournament exports ------------

SHORT_POST = """
    Poker Hand #TM4200000002: Tournament #31000001, Sunday Special $215 Hold'em No Limit - Level12(1,000/2,000) - 2025/10/05 20:16:00
    Table '31' 8-max Seat #1 is the button
    Seat 1: Hero (50,000 in chips)
    Seat 2: Hal (1,000 in chips)
    Seat 3: Ann (40,000 in chips)
    Hero: posts the ante 250
    Hal: posts the ante 250
    Ann: posts the ante 250
    Hal: posts small blind 750
    Ann: posts big blind 2,000
    *** HOLE CARDS ***
    Dealt to Hero [Ah Kd]
    Dealt to Hal
    Dealt to Ann
    Hero: calls 2,000
    Ann: checks
    *** FLOP *** [Th Ts 5c]
    Ann: checks
    Hero: checks
    *** TURN *** [Th Ts 5c] [8d]
    Ann: checks
    Hero: checks
    *** RIVER *** [Th Ts 5c 8d] [2h]
    Ann: checks
    Hero: checks
    Hero: shows [Ah Kd] (Pair of Tens)
    Hal: shows [Tc Td] (Four Tens)
    Ann: shows [9c 9d] (Pair of Tens and Pair of Nines)
    *** SHOWDOWN ***
    Hal collected 3,000 from pot
    Ann collected 2,500 from pot
    *** SUMMARY ***
    Total pot 5,500
    Board [Th Ts 5c 8d 2h]
    Seat 1: Hero (button) showed [Ah Kd] and lost with Pair of Tens
    Seat 2: Hal (small blind) showed [Tc Td] and won (3,000) with Four Tens
    Seat 3: Ann (big blind) showed [9c 9d] and won (2,500) with Pair of Tens and Pair of Nines
"""


def test_unmarked_post_that_empties_the_stack_is_all_in_and_quads_are_four_tens(tmp_path):
    """GG-1: `Hal: posts small blind 750` (ante 250 first, stack 1,000) empties the stack without `and is
    all-in`: no HH120, and the short blind is no HH103. GG-2: `Four Tens` in the older wording."""
    results = validate_text(tmp_path, SHORT_POST)
    assert [(r.status, codes([r])) for r in results] == [("valid", [])]
    assert not any(e.all_in for e in events_of(gg(SHORT_POST), PostBlind))  # the text has no mark: read as printed


def test_marked_post_with_chips_behind_is_still_hh120(tmp_path):
    text = SHORT_POST.replace("Hal (1,000 in chips)", "Hal (1,500 in chips)").replace(
        "Hal: posts small blind 750", "Hal: posts small blind 750 and is all-in"
    )
    assert "HH120" in codes(validate_text(tmp_path, text))


def test_short_post_with_chips_behind_is_still_hh103(tmp_path):
    text = SHORT_POST.replace("Hal (1,000 in chips)", "Hal (1,500 in chips)")
    assert "HH103" in codes(validate_text(tmp_path, text))


# -- a level change: the header at the new level, the blinds posted at the old one --------------------------

LEVEL_CHANGE = """
    Poker Hand #TM4200000301: Tournament #31000301, Daily Special $250 Hold'em No Limit - Level3 (80/160) - 2020/06/02 19:25:21
    Table '6' 8-max Seat #2 is the button
    Seat 1: Hero (9,086 in chips)
    Seat 2: 5d46d288 (13,648 in chips)
    Seat 3: 326ed8a3 (11,232 in chips)
    5d46d288: posts the ante 18
    326ed8a3: posts the ante 18
    Hero: posts the ante 18
    326ed8a3: posts small blind 60
    Hero: posts big blind 120
    *** HOLE CARDS ***
    Dealt to Hero [9h 5c]
    Dealt to 5d46d288
    Dealt to 326ed8a3
    5d46d288: raises 180 to 300
    326ed8a3: folds
    Hero: folds
    Uncalled bet (180) returned to 5d46d288
    *** SHOWDOWN ***
    5d46d288 collected 354 from pot
    *** SUMMARY ***
    Total pot 354 | Rake 0 | Jackpot 0 | Bingo 0 | Fortune 0 | Tax 0
    Seat 1: Hero (big blind) folded before Flop
    Seat 2: 5d46d288 (button) collected (354)
    Seat 3: 326ed8a3 (small blind) folded before Flop
"""


def test_a_level_change_header_over_the_old_levels_posts_is_one_warning(tmp_path):
    """GG 2020 (NLHE-8max-MTT-USD-250-202006.txt): `Level3 (80/160)` while both blinds post 60 and 120, and the
    raise is sized on them: the posts' level is the hand's, one HH107 at the header, no HH103 or HH114."""
    (result,) = validate_text(tmp_path, LEVEL_CHANGE)
    assert result.status == "valid" and [(f.code, f.line) for f in result.findings] == [("HH107", 1)], codes([result])
    assert (result.hand.header.small_blind, result.hand.header.big_blind) == (60, 120)


def test_posts_that_disagree_on_the_level_stay_hh103(tmp_path):
    """Near miss: the small blind at the old level, the big blind at the new one: no level the posts agree on."""
    text = (
        LEVEL_CHANGE.replace("Hero: posts big blind 120", "Hero: posts big blind 160")
        .replace("5d46d288: raises 180 to 300", "5d46d288: raises 160 to 320")
        .replace("Uncalled bet (180) returned", "Uncalled bet (160) returned")
        .replace("collected 354", "collected 274")
        .replace("Total pot 354", "Total pot 274")
        .replace("collected (354)", "collected (274)")
    )
    (result,) = validate_text(tmp_path, text)
    assert "HH103" in codes([result]) and "HH107" not in codes([result])
