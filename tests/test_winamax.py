"""Winamax: the reader, the conventions the replay reads it with, and the real Winamax hands of the corpus.

Every hand text here is written for the test in Winamax's format (checked against the corpus's
fpdb-3/winamax and hhsmithy/winamax-cash files), with made-up names and hand ids.
"""

from __future__ import annotations

import functools
import json
import textwrap
from collections import Counter
from pathlib import Path

import pytest
from conftest import codes, events_of, validate_hands

from hhtool.dialects.winamax.parse import parse_winamax
from hhtool.dialects.winamax.reader import SITE
from hhtool.dialects.winamax.wording import describe, description_matches
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
    Fold,
    Limit,
    Notice,
    NoticeKind,
    PostAnte,
    PostBlind,
    RaiseTo,
    Show,
    Street,
    StreetStart,
)
from hhtool.rules.ranking import evaluate
from hhtool.rules.ruleset import RuleSet
from hhtool.serialize import parse_result_dict
from hhtool.validate import validate_paths

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
GOLDEN = Path(__file__).resolve().parent / "golden" / "parse_winamax_hand.json"


def wx(text: str, *, file: str = "wx.txt"):
    """Parse one Winamax hand written inline (dedented), read as hhtool reads a file."""
    blocks = list(split_chunks(iter([textwrap.dedent(text).strip("\n").encode() + b"\n"]), file))
    assert len(blocks) == 1 and isinstance(blocks[0], Block) and blocks[0].dialect == "winamax", blocks
    return parse_winamax(blocks[0])


validate_text = functools.partial(validate_hands, name="wx.txt")


CASH = """
    Winamax Poker - CashGame - HandId: #7100002-5-1700000100 - Holdem no limit (0.25€/0.50€) - 2023/11/14 22:15:00 UTC
    Table: 'Brest 07' 5-max (real money) Seat #1 is the button
    Seat 1: Le Grand Duc (50€)
    Seat 2: Hero (48.20€)
    Seat 3: mouette (61.35€)
    *** ANTE/BLINDS ***
    Hero posts small blind 0.25€
    mouette posts big blind 0.50€
    Dealt to Hero [Kd Kh]
    *** PRE-FLOP *** 
    Le Grand Duc raises 0.75€ to 1.25€
    Hero raises 2.75€ to 4€
    mouette folds
    Le Grand Duc calls 2.75€
    *** FLOP *** [8c 3d 2s]
    Hero bets 4.50€
    Le Grand Duc calls 4.50€
    *** TURN *** [8c 3d 2s][Js]
    Hero checks
    Le Grand Duc bets 9€
    Hero folds
    Le Grand Duc collected 25.67€ from pot
    *** SUMMARY ***
    Total pot 25.67€ | Rake 0.83€
    Board: [8c 3d 2s Js]
    Seat 1: Le Grand Duc (button) won 25.67€
"""
# 0.50 + 4 + 4 + 4.50 + 4.50 = 17.50 in the pot, 0.83 rake: 16.67 won, and Le Grand Duc's 9€ bet comes
# back inside his `collected` line (Winamax prints no uncalled-bet line): 25.67 = Total pot


# -- reading ---------------------------------------------------------------------------------------


def test_golden_cash_hand():
    result = wx(CASH)
    assert result.status is Status.PARSED and result.site == SITE and result.hand_id == "7100002-5-1700000100"
    hand = result.hand
    header = hand.header
    assert (header.site, header.game, header.limit, header.small_blind, header.big_blind) == (
        "winamax",
        "holdem",
        Limit.NO_LIMIT,
        25,
        50,
    )
    assert (header.currency, header.scale, header.table, header.max_seats, header.button_seat) == (
        "EUR",
        100,
        "Brest 07",
        5,
        1,
    )
    assert str(header.time_utc) == "2023-11-14 22:15:00+00:00" and header.time_zone == "UTC"
    assert not header.fast_fold and not header.is_tournament and not header.play_money
    assert [(s.seat, s.player, s.stack) for s in hand.seats] == [
        (1, "Le Grand Duc", 5000),
        (2, "Hero", 4820),
        (3, "mouette", 6135),
    ]
    S, B = BlindKind.SMALL, BlindKind.BIG
    assert hand.events == (
        PostBlind(7, "Hero", S, 25, False),
        PostBlind(8, "mouette", B, 50, False),
        DealHole(9, "Hero", ("Kd", "Kh")),  # printed before the pre-flop marker, kept so
        StreetStart(10, Street.PREFLOP, 0, ()),
        RaiseTo(11, "Le Grand Duc", 75, 125, False, False),
        RaiseTo(12, "Hero", 275, 400, False, False),
        Fold(13, "mouette", ()),
        Call(14, "Le Grand Duc", 275, False, False),
        StreetStart(15, Street.FLOP, 0, ("8c", "3d", "2s")),
        Bet(16, "Hero", 450, False, False),
        Call(17, "Le Grand Duc", 450, False, False),
        StreetStart(18, Street.TURN, 0, ("8c", "3d", "2s", "Js")),
        Check(19, "Hero"),
        Bet(20, "Le Grand Duc", 900, False, False),
        Fold(21, "Hero", ()),
        Collect(22, "Le Grand Duc", 2567, None),
    )
    claims = hand.claims
    # the printed total (what the winners took) plus the printed rake: the pot with the returned 9€ in it
    assert (claims.line, claims.total_pot, claims.rake, claims.total_step) == (24, 2650, 83, 0)
    assert claims.boards == (("8c", "3d", "2s", "Js"),)
    assert [(s.seat, s.player, s.positions, s.result, s.outcomes[0].amount) for s in claims.seats] == [
        (1, "Le Grand Duc", ("button",), "won", 2567)
    ]


def test_golden_json_of_the_side_pot_sample():
    """`parse_result_dict` of samples/winamax-cash-side-pot.txt, compared with tests/golden/."""
    (block,) = list(read_blocks(SAMPLES / "winamax-cash-side-pot.txt"))
    got = json.loads(json.dumps(parse_result_dict(parse_winamax(block)), ensure_ascii=False))
    got["file"] = "samples/winamax-cash-side-pot.txt"
    assert got == json.loads(GOLDEN.read_text(encoding="utf-8"))


def test_no_colon_after_names_with_spaces_and_verbs_inside_them():
    text = CASH.replace("Le Grand Duc", "Duc calls 2€ raises").replace("mouette", "mou folds ette")
    result = wx(text)
    assert result.status is Status.PARSED, result.findings
    assert events_of(result, Call)[0].player == "Duc calls 2€ raises" and events_of(result, Call)[0].added == 275
    assert [e.player for e in events_of(result, Fold)] == ["mou folds ette", "Hero"]
    assert [e.player for e in events_of(result, RaiseTo)] == ["Duc calls 2€ raises", "Hero"]


def test_amounts_with_the_currency_after_them_and_play_money_without():
    result = wx(CASH)
    assert [e.raise_to for e in events_of(result, RaiseTo)] == [125, 400]
    play = CASH.replace("(0.25€/0.50€)", "(0.25/0.50)").replace("(real money)", "(play money)").replace("€", "")
    header = wx(play).hand.header
    assert (header.currency, header.scale, header.play_money, header.small_blind) == ("chips", 100, True, 25)


def test_fixed_limit_stakes_are_the_small_and_big_bet():
    text = CASH.replace("Holdem no limit (0.25€/0.50€)", "Holdem fixed limit (0.50€/1€)")
    header = wx(text).hand.header
    assert (header.limit, header.small_blind, header.big_blind, header.small_bet, header.big_bet) == (
        Limit.FIXED_LIMIT,
        25,
        50,
        50,
        100,
    )


@pytest.mark.parametrize("kind", ['Go Fast "Buzau"', 'HOLD-UP "Colorado"', 'ESCAPE "Colorado"'])
def test_fast_fold_pools(kind):
    result = wx(CASH.replace("CashGame", kind))
    assert result.status is Status.PARSED and result.hand.header.fast_fold


@pytest.mark.parametrize("game", ["Omaha8 pot limit", "Omaha Hi/Lo pot limit", "5 Card Omaha Hi/Lo pot limit"])
def test_omaha_hi_lo_is_unsupported(game):
    result = wx(CASH.replace("Holdem no limit", game))
    assert result.status is Status.UNSUPPORTED and result.findings[0].code == "HH020"


TOURNAMENT = """
    Winamax Poker - Tournament "LE RAPIDE" buyIn: 9€ + 1€ level: 4 - HandId: #3200000000000000009-12-1700020000 - Holdem no limit (15/60/120) - 2023/11/15 01:53:20 UTC
    Table: 'LE RAPIDE(723456789)#004' 6-max (real money) Seat #1 is the button
    Seat 1: anchois (3100, 2.50€ bounty)
    Seat 2: Hero (2950, 2.50€ bounty)
    Seat 3: pelican (104, 2.50€ bounty)
    *** ANTE/BLINDS ***
    anchois posts ante 15
    Hero posts ante 15
    pelican posts ante 15
    Hero posts small blind 60
    pelican posts big blind 89 and is all-in
    Dealt to Hero [5c 5d]
    *** PRE-FLOP ***
    anchois folds
    Hero calls 60
    *** FLOP *** [Ks 9h 2c]
    *** TURN *** [Ks 9h 2c][7d]
    *** RIVER *** [Ks 9h 2c 7d][3s]
    *** SHOW DOWN ***
    pelican shows [Qs Jh] (High card : King)
    Hero shows [5c 5d] (One pair : 5)
    Hero collected 31 from side pot 1
    Hero collected 223 from main pot
    *** SUMMARY ***
    Total pot 254 | No rake
    Board: [Ks 9h 2c 7d 3s]
    Seat 2: Hero (small blind) showed [5c 5d] and won 254 with One pair : 5
    Seat 3: pelican (big blind) showed [Qs Jh] and lost with High card : King
"""
# Hero's call completes the full big blind of 120 over pelican's all-in 89 (Winamax, WX-3): the 31 above
# 89 come back as a one-player side pot, inside `collected … from side pot 1` and the total


def test_tournament_header_ante_first_bounties_and_table_number(tmp_path):
    result = wx(TOURNAMENT)
    header = result.hand.header
    assert (header.tournament_id, header.buy_in, header.level) == ("723456789", "9€ + 1€", "4")
    assert (header.ante, header.small_blind, header.big_blind, header.currency, header.scale) == (
        15,
        60,
        120,
        "chips",
        1,
    )
    assert [s.bounty for s in result.hand.seats] == ["2.50€", "2.50€", "2.50€"]
    assert events_of(result, PostAnte)[0] == PostAnte(7, "anchois", 15, False)
    assert events_of(result, PostBlind)[1] == PostBlind(11, "pelican", BlindKind.BIG, 89, True)
    assert codes(validate_text(tmp_path, TOURNAMENT)) == []


@pytest.mark.parametrize("buy_in", ["0.93-0.07", "0,90€ + 0,10€", "Ticket only", "Gratuit", "Free", "Ticket"])
def test_tournament_buy_in_forms(buy_in):
    result = wx(TOURNAMENT.replace("9€ + 1€", buy_in))
    assert result.status is Status.PARSED and result.hand.header.buy_in == buy_in


def test_half_chips_of_2010_tournaments_are_read_in_hundredths():
    text = TOURNAMENT.replace("Seat 1: anchois (3100,", "Seat 1: anchois (3100.50,")
    result = wx(text)
    assert result.status is Status.PARSED, result.findings
    assert result.hand.header.scale == 100 and result.hand.seats[0].stack == 310050
    assert result.hand.header.big_blind == 12000


def test_thousands_total_is_checked_to_its_rounding(tmp_path):
    """`Total pot 6.02k` (2010-2011 tournaments): ten chips of rounding, no more."""
    assert codes(validate_text(tmp_path, TOURNAMENT.replace("Total pot 254 |", "Total pot 0.25k |"))) == []
    assert wx(TOURNAMENT.replace("Total pot 254 |", "Total pot 0.25k |")).hand.claims.total_step == 10
    found = codes(validate_text(tmp_path, TOURNAMENT.replace("Total pot 254 |", "Total pot 0.27k |")))
    assert "HH203" in found and "HH206" in found


def test_out_of_position_and_denied_blinds(tmp_path):
    text = (
        CASH.replace(
            "mouette posts big blind 0.50€",
            "mouette posts big blind 0.50€\n    Le Grand Duc posts big blind 0.50€ out of position",
        )
        .replace("Seat 3: mouette (61.35€)", "Seat 3: mouette (61.35€)\n    Seat 4: Zoe (30€)")
        .replace("*** ANTE/BLINDS ***", "*** ANTE/BLINDS ***\n    Zoe denies big blind")
    )
    result = wx(text)
    assert result.status is Status.PARSED, result.findings
    assert events_of(result, PostBlind)[2] == PostBlind(11, "Le Grand Duc", BlindKind.BIG, 50, False)
    assert events_of(result, Notice) == [Notice(8, NoticeKind.SITTING_OUT, "Zoe", "Zoe denies big blind")]
    dead = wx(
        CASH.replace(
            "mouette posts big blind 0.50€",
            "mouette posts big blind 0.50€\n    Le Grand Duc posts small blind 0.25€ out of position",
        )
    )
    assert events_of(dead, PostBlind)[2] == PostBlind(9, "Le Grand Duc", BlindKind.MISSED, 25, False, 25)


# -- conventions the replay reads Winamax with -------------------------------------------------------


def test_uncalled_chips_come_back_inside_collected_and_the_total(tmp_path):
    assert codes(validate_text(tmp_path, CASH)) == []
    # collected without the returned 9€: the pot share is short by it (HH205)
    short = CASH.replace("collected 25.67€", "collected 16.67€").replace("won 25.67€", "won 16.67€")
    assert "HH205" in codes(validate_text(tmp_path, short))
    # a Total pot that is not what the winners collected
    assert "HH206" in codes(validate_text(tmp_path, CASH.replace("Total pot 25.67€", "Total pot 26.77€")))


def test_total_pot_is_after_rake():
    hand = wx(CASH).hand
    assert hand.claims.total_pot - hand.claims.rake == 2567  # the printed Total pot


def test_rake_is_spread_over_the_pots_in_proportion(tmp_path):
    path = SAMPLES / "winamax-cash-side-pot.txt"
    assert codes(validate_text(tmp_path, path.read_text(encoding="utf-8"))) == []
    main_first = path.read_text(encoding="utf-8").replace("14.31€", "14.20€").replace("8.59€", "8.70€")
    assert "HH205" in codes(validate_text(tmp_path, main_first))


def test_seat_without_any_line_sat_out(tmp_path):
    """Winamax lists players sitting out among the seats, unmarked: a seat with no line was not dealt in."""
    away = CASH.replace("Seat 3: mouette (61.35€)", "Seat 3: mouette (61.35€)\n    Seat 4: absent (20€)")
    assert codes(validate_text(tmp_path, away)) == []
    # one who has a line is dealt in: skipping their turn is still out of turn
    acts = away.replace("mouette folds", "mouette folds\n    absent folds")
    assert "HH110" in codes(validate_text(tmp_path, acts))


def test_hold_up_money_added_by_the_site(tmp_path):
    text = CASH.replace("*** ANTE/BLINDS ***", "*** ANTE/BLINDS ***\n    Hold-up to Pot: total 0.20€").replace(
        "25.67€", "25.87€"
    )
    result = wx(text)
    assert events_of(result, CashDrop) == [CashDrop(7, 20)]
    assert codes(validate_text(tmp_path, text)) == []
    assert wx(text.replace("Hold-up", "Escape")).hand.events[0] == CashDrop(7, 20)


def test_splash_and_drop_lines_are_not_guessed():
    """No source at hand prints a Splash or Drop pot line: a hand with an unknown line is unparsed, not lost."""
    result = wx(CASH.replace("*** ANTE/BLINDS ***", "*** ANTE/BLINDS ***\n    Splash to Pot: total 0.20€"))
    assert result.status is Status.UNPARSED and result.findings[0].code == "HH010"


def test_go_fast_pool_has_no_continuity_but_duplicates_count(tmp_path):
    text = (SAMPLES / "winamax-go-fast.txt").read_text(encoding="utf-8")
    assert codes(validate_text(tmp_path, text)) == []
    first = text.split("\n\n\n")[0]
    results = validate_text(tmp_path, first, first, name="twice.txt")
    assert [r.status for r in results] == ["valid", "duplicate"] and "HH414" in codes(results)


def test_show_lines_and_summary_results():
    result = wx(TOURNAMENT)
    assert events_of(result, Show) == [
        Show(20, "pelican", ("Qs", "Jh"), "High card : King"),
        Show(21, "Hero", ("5c", "5d"), "One pair : 5"),
    ]
    seats = result.hand.claims.seats
    assert [(s.result, s.cards, s.outcomes[0].won, s.outcomes[0].description) for s in seats] == [
        ("showed", ("5c", "5d"), True, "One pair : 5"),
        ("showed", ("Qs", "Jh"), False, "High card : King"),
    ]


# -- the corpus ----------------------------------------------------------------------------------------

WINAMAX_FOLDERS = ("fpdb-3/winamax", "hhsmithy/winamax-cash")

# Real Winamax Hold'em hands of the corpus that validate with error findings, and why. Keys: hand ids.
KNOWN_ERRORS = {
    # defective (fpdb names the file for it): 2010 "KING 5" tournament (raise.written.as.bet.preflop): a big
    # blind `bets 292.50` facing only calls pre-flop (a raise printed as a bet, HH112), goes all-in on the
    # flop without the all-in mark (HH120), and the winner collects 3368 for 3367.50 chips (half chips
    # rounded, HH205)
    "6307872438747255-64-1288123510": {"HH112", "HH120", "HH205"},
    # unsure, kept (one example): the same tournament (fpdb: side.pot), the uncalled 369.50 half chips are
    # collected as 370 (HH303)
    "6307872438747255-71-1288124090": {"HH303"},
    # Omaha (read since issue #29), unsure, kept (one example; fpdb names the file bad.collected): the 0.22€ rake
    # is spread over the 3.56€ main and 0.92€ side pot as 0.18€ + 0.04€, not in proportion to the nearest cent
    # (0.17€ + 0.05€, as the Hold'em side pots of the corpus): each collect a cent off (test_omaha_sites.py)
    "270777-217-1284853532": {"HH205"},
}
# No longer listed: the 2012 sit & go "all.in.blind" (118267374808858625-31-1343075816), whose `raises 1676
# to 1795` counts the raise from the short all-in big blind's 119: Winamax's way (WX-2), valid now.


def test_every_winamax_holdem_and_omaha_hand_of_the_corpus_parses(corpus):
    statuses: Counter = Counter()
    for folder in WINAMAX_FOLDERS:
        for path in sorted((corpus / folder).rglob("*.txt")):
            for block in read_blocks(path):
                if isinstance(block, Finding) or block.dialect is None:  # hhsmithy's OmahaHiLo.txt is XML
                    assert path.name == "OmahaHiLo.txt", (path, block)
                    continue
                assert block.dialect == "winamax", (path, block.dialect)
                result = parse_winamax(block)
                statuses[result.status] += 1
                assert result.status is Status.PARSED, (path.name, result.findings)
    assert statuses == {Status.PARSED: 83}  # 81 Hold'em, 2 Omaha


def test_winamax_corpus_validates_with_only_the_known_errors(corpus):
    results = [r for r in validate_paths([corpus / folder for folder in WINAMAX_FOLDERS]) if not isinstance(r, Finding)]
    statuses = Counter(r.status for r in results)
    assert statuses == {"valid": 80, "invalid": 3}, statuses
    errors = {r.hand_id: {f.code for f in r.findings if f.severity.value == "error"} for r in results}
    assert {hand: found for hand, found in errors.items() if found} == KNOWN_ERRORS
    checked = 0
    for result in results:
        if result.state is None or result.hand_id in KNOWN_ERRORS:
            continue
        claims, state = result.hand.claims, result.state
        returned = sum(state.returns.values())
        # what Winamax prints: Total pot = what the winners collected (returns included); + rake = chips put in
        assert abs(claims.total_pot - returned - state.pot_total) * 2 <= claims.total_step, result.hand_id
        checked += 1
    assert checked == 80


def test_fpdb_sidecars_agree_per_player(corpus):
    """fpdb's expected per-player amounts (`.hp`: startCash, winnings; cents) for the first hand of each
    Winamax file that has one, against the replay."""
    import datetime
    from decimal import Decimal

    compared = 0
    for sidecar in sorted((corpus / "fpdb-3/winamax").rglob("*.txt.hp")):
        hand_file = sidecar.with_suffix("")
        if "PLO" in hand_file.name:
            continue
        expected = eval(
            sidecar.read_text(encoding="utf-8"),
            {"__builtins__": {}},  # fpdb's repr (FORMATS.md §6)
            {"Decimal": Decimal, "datetime": datetime, "pytz": type("P", (), {"utc": datetime.UTC})},
        )
        (result, *_) = [r for r in validate_paths([hand_file]) if not isinstance(r, Finding)]
        scale = result.hand.header.scale
        stacks = {s.player: s.stack for s in result.hand.seats}
        won = Counter()
        for event in result.state.collects:
            won[event.player] += event.amount
        for name, row in expected.items():
            assert row["startCash"] * scale // 100 == stacks[name], (hand_file.name, name)
            returned = result.state.returns.get(name, 0)
            # fpdb's winnings: what the player collected, the uncalled return taken out
            assert row["winnings"] * scale // 100 == won[name], (
                hand_file.name,
                name,
                row["winnings"],
                won[name],
                returned,
            )
        compared += 1
    assert compared >= 3


# -- hand descriptions ---------------------------------------------------------------------------------

BOARD = ("Qh", "Kc", "7s", "2d", "4c")


@pytest.mark.parametrize(
    "hole, wording",
    [
        (("As", "9d"), "High card : Ace"),
        (("Jc", "Jd"), "One pair : Jacks"),
        (("5c", "5d"), "One pair : 5"),
        (("Kd", "7d"), "Two pairs : Kings and 7"),
        (("Qs", "Qd"), "Trips of Queens"),
        (("Ac", "Jd"), "High card : Ace"),
        (("Th", "Jh"), "High card : King"),
        (("Kh", "Ks"), "Trips of Kings"),
    ],
)
def test_wording_as_winamax_prints_it(hole, wording):
    assert describe(evaluate(hole + BOARD)) == wording
    assert description_matches(wording, hole + BOARD)


def test_other_categories_and_the_2010_singular():
    straight = ("9c", "8d", "Tc", "Js", "2h", "3d", "Qd")
    assert describe(evaluate(straight)) == "Straight Queen high"
    assert describe(evaluate(("5c", "4d", "3c", "2s", "Ah", "9d", "9h"))) == "Straight 5 high"
    assert describe(evaluate(("Kh", "9h", "2h", "5h", "7h", "Kd", "3c"))) == "Flush King high"
    assert describe(evaluate(("Ac", "Ad", "As", "3h", "3d", "9c", "2s"))) == "Full of Aces and 3"
    quads = ("Jc", "Jd", "Js", "Jh", "2d", "5c", "9s")
    assert describe(evaluate(quads)) == "Quads of Jacks"
    assert description_matches("Quads of Jack", quads) and description_matches("QUADS OF JACKS", quads)
    assert not description_matches("Quads of Queens", quads)
    assert description_matches("anything", ("9h", "8h", "7h", "6h", "5h", "2c", "2d"))  # straight flush: unknown


# -- issue #24: WX-2 to WX-5 -------------------------------------------------------------------------

SHORT_BLIND_RAISE = """
    Winamax Poker - Tournament "LE RAPIDE" buyIn: 9€ + 1€ level: 6 - HandId: #3200000000000000009-20-1700021000 - Holdem no limit (200/400) - 2023/11/15 02:10:00 UTC
    Table: 'LE RAPIDE(723456789)#004' 6-max (real money) Seat #1 is the button
    Seat 1: Ann (5000)
    Seat 2: Bo (4000)
    Seat 3: Cy (245)
    Seat 4: Di (6000)
    Seat 5: Ed (7000)
    *** ANTE/BLINDS ***
    Bo posts small blind 200
    Cy posts big blind 245 and is all-in
    *** PRE-FLOP ***
    Di calls 400
    Ed raises 795 to 1040
    Ann folds
    Bo folds
    Di folds
    *** FLOP *** [Ks 9h 2c]
    *** TURN *** [Ks 9h 2c][7d]
    *** RIVER *** [Ks 9h 2c 7d][3s]
    *** SHOW DOWN ***
    Cy shows [Qs Jh] (High card : King)
    Ed shows [5c 5d] (One pair : 5)
    Ed collected 950 from side pot 1
    Ed collected 935 from main pot
    *** SUMMARY ***
    Total pot 1885 | No rake
    Board: [Ks 9h 2c 7d 3s]
    Seat 3: Cy (big blind) showed [Qs Jh] and lost with High card : King
    Seat 5: Ed showed [5c 5d] and won 1885 with One pair : 5
"""
# 935 in the main pot (245 from Cy, Di and Ed, Bo's 200); 155 from Di and Ed above it; Ed's 640 above Di's
# 400 come back: 310 + 640 = 950 from side pot 1


def test_raise_by_counted_from_a_short_all_in_big_blind(tmp_path):
    """WX-2: `raises 795 to 1040` over Cy's all-in 245 big blind at 200/400 (1040 − 245)."""
    assert codes(validate_text(tmp_path, SHORT_BLIND_RAISE)) == []
    # the bet to raise (the full big blind) also explains a raise's increase: `raises 640 to 1040`
    assert codes(validate_text(tmp_path, SHORT_BLIND_RAISE.replace("raises 795 to", "raises 640 to"))) == []


def test_raise_by_that_neither_big_blind_explains_is_hh121(tmp_path):
    assert codes(validate_text(tmp_path, SHORT_BLIND_RAISE.replace("raises 795 to", "raises 700 to"))) == ["HH121"]


def test_raise_by_from_the_short_big_blind_is_winamax_only(tmp_path):
    """Another site's raise over a short all-in big blind is measured from the bet to raise or from the most
    actually put in (PokerStars, `Conventions.raise_by_from_short_blind` False): 795 is HH121 there."""
    from handkit import validate_text as validate_any

    stars = "PokerStars Hand #150000000011: Tournament #1500011, $1+$0.10 USD Hold'em No Limit - Level VI (200/400) - 2016/01/02 10:11:12 ET\nTable '1500011 1' 9-max Seat #1 is the button\nSeat 1: Ann (5000 in chips)\nSeat 2: Bo (4000 in chips)\nSeat 3: Cy (245 in chips)\nSeat 4: Di (6000 in chips)\nSeat 5: Ed (7000 in chips)\nBo: posts small blind 200\nCy: posts big blind 245 and is all-in\n*** HOLE CARDS ***\nDi: calls 400\nEd: raises 795 to 1040\nAnn: folds\nBo: folds\nDi: folds\nUncalled bet (640) returned to Ed\n*** FLOP *** [Ks 9h 2c]\n*** TURN *** [Ks 9h 2c] [7d]\n*** RIVER *** [Ks 9h 2c 7d] [3s]\n*** SHOW DOWN ***\nCy: shows [Qs Jh] (high card King)\nEd: shows [5c 5d] (a pair of Fives)\nEd collected 310 from side pot\nEd collected 935 from main pot\n*** SUMMARY ***\nTotal pot 1245 Main pot 935. Side pot 310. | Rake 0\nBoard [Ks 9h 2c 7d 3s]\nSeat 3: Cy (big blind) showed [Qs Jh] and lost with high card King\nSeat 5: Ed showed [5c 5d] and won (1245) with a pair of Fives\n"
    results, _ = validate_any(stars)
    assert [f.code for r in results for f in r.findings if f.severity.value == "error"] == ["HH121"]


SHORT_BLIND_CALL = """
    Winamax Poker - Tournament "LE RAPIDE" buyIn: 9€ + 1€ level: 2 - HandId: #3200000000000000009-21-1700021100 - Holdem no limit (40/80) - 2023/11/15 02:12:00 UTC
    Table: 'LE RAPIDE(723456789)#004' 6-max (real money) Seat #1 is the button
    Seat 1: Ann (3000)
    Seat 2: Fay (2000)
    Seat 3: Gus (50)
    *** ANTE/BLINDS ***
    Fay posts small blind 40
    Gus posts big blind 50 and is all-in
    *** PRE-FLOP ***
    Ann folds
    Fay calls 40
    *** FLOP *** [Ks 9h 2c]
    *** TURN *** [Ks 9h 2c][7d]
    *** RIVER *** [Ks 9h 2c 7d][3s]
    *** SHOW DOWN ***
    Fay shows [Qs Jh] (High card : King)
    Gus shows [5c 5d] (One pair : 5)
    Fay collected 30 from side pot 1
    Gus collected 100 from main pot
    *** SUMMARY ***
    Total pot 130 | No rake
    Board: [Ks 9h 2c 7d 3s]
    Seat 2: Fay (small blind) showed [Qs Jh] and won 30 with High card : King
    Seat 3: Gus (big blind) showed [5c 5d] and won 100 with One pair : 5
"""


def test_call_completes_the_full_big_blind_over_a_short_all_in_one(tmp_path):
    """WX-3: `Fay calls 40` completes the 80 big blind although Gus is all-in for 50; her 30 above it come
    back inside `collected 30 from side pot 1`."""
    results = validate_text(tmp_path, SHORT_BLIND_CALL)
    assert [(r.status, codes([r])) for r in results] == [("valid", [])]
    assert results[0].state.returns == {"Fay": 30}


def test_call_capped_at_the_short_big_blind_is_hh113_on_winamax(tmp_path):
    text = (
        SHORT_BLIND_CALL.replace("Fay calls 40", "Fay calls 10")
        .replace("Fay collected 30 from side pot 1\n", "")
        .replace("Total pot 130", "Total pot 100")
        .replace(
            "    Seat 2: Fay (small blind) showed [Qs Jh] and won 30 with High card : King",
            "    Seat 2: Fay (small blind) showed [Qs Jh] and lost with High card : King",
        )
    )
    assert "HH113" in codes(validate_text(tmp_path, text))


DENIED_SMALL_BLIND = """
    Winamax Poker - CashGame - HandId: #7100002-6-1700000200 - Holdem no limit (0.25€/0.50€) - 2023/11/14 22:16:00 UTC
    Table: 'Brest 07' 5-max (real money) Seat #1 is the button
    Seat 1: Le Grand Duc (50€)
    Seat 2: crabe (48.20€)
    Seat 3: mouette (61.35€)
    Seat 4: Zoe (30€)
    *** ANTE/BLINDS ***
    crabe denies small blind
    mouette posts big blind 0.50€
    *** PRE-FLOP *** 
    Zoe folds
    Le Grand Duc raises 1€ to 1.50€
    mouette folds
    Le Grand Duc collected 2€ from pot
    *** SUMMARY ***
    Total pot 2€ | No rake
    Seat 1: Le Grand Duc (button) won 2€
"""


def test_denied_small_blind_leaves_the_hand_without_one(tmp_path):
    """WX-4: `crabe denies small blind`: crabe sits the hand out, the next player posts the big blind."""
    result = wx(DENIED_SMALL_BLIND)
    assert result.status is Status.PARSED, result.findings
    assert events_of(result, Notice) == [Notice(8, NoticeKind.SITTING_OUT, "crabe", "crabe denies small blind")]
    assert [(e.player, e.blind) for e in events_of(result, PostBlind)] == [("mouette", BlindKind.BIG)]
    assert codes(validate_text(tmp_path, DENIED_SMALL_BLIND)) == []


def test_denied_ante_is_no_line_winamax_prints():
    result = wx(DENIED_SMALL_BLIND.replace("crabe denies small blind", "crabe denies ante"))
    assert result.status is Status.UNPARSED and [f.code for f in result.findings] == ["HH010"]


def test_negative_tournament_level(tmp_path):
    """WX-5: a freeroll's first hand prints `level: -1`."""
    text = TOURNAMENT.replace('"LE RAPIDE" buyIn: 9€ + 1€ level: 4', '"Freeroll" buyIn: Free level: -1')
    result = wx(text)
    assert result.status is Status.PARSED and (result.hand.header.buy_in, result.hand.header.level) == ("Free", "-1")
    assert codes(validate_text(tmp_path, text)) == []
    broken = wx(TOURNAMENT.replace("level: 4", "level: -"))
    assert broken.status is Status.UNPARSED and [f.code for f in broken.findings] == ["HH010"]


def test_call_completes_the_big_blind_over_one_all_in_for_less_than_the_small_blind(tmp_path):
    """WX-3 with Gus all-in for 30, below Fay's 40 small blind: she still calls 40, and 50 come back."""
    text = (
        SHORT_BLIND_CALL.replace("Seat 3: Gus (50)", "Seat 3: Gus (30)")
        .replace("big blind 50 and", "big blind 30 and")
        .replace("Fay collected 30 from", "Fay collected 50 from")
        .replace("Gus collected 100", "Gus collected 60")
        .replace("won 30 with", "won 50 with")
        .replace("won 100 with", "won 60 with")
        .replace("Total pot 130", "Total pot 110")
    )
    results = validate_text(tmp_path, text)
    assert [(r.status, codes([r])) for r in results] == [("valid", [])]
    assert results[0].state.returns == {"Fay": 50}


BOTH_BLINDS_OUT_OF_POSITION = """
    Winamax Poker - CashGame - HandId: #7100003-9-1700000900 - Holdem no limit (0.01€/0.02€) - 2023/11/14 22:30:00 UTC
    Table: 'Nice 02' 5-max (real money) Seat #1 is the button
    Seat 1: Ann (2€)
    Seat 2: Bo (2€)
    Seat 3: Cy (2€)
    Seat 4: Gil (2€)
    *** ANTE/BLINDS ***
    Bo posts small blind 0.01€
    Cy posts big blind 0.02€
    Gil posts small blind 0.01€ out of position
    Gil posts big blind 0.02€ out of position
    *** PRE-FLOP *** 
    Gil raises 0.05€ to 0.07€
    Ann folds
    Bo folds
    Cy folds
    Gil collected 0.10€ from pot
    *** SUMMARY ***
    Total pot 0.10€ | No rake
    Seat 4: Gil won 0.10€
"""


def test_both_blinds_out_of_position_then_a_raise_is_still_flagged(tmp_path):
    """WX-10, left as it is (unsure, one example): the totals add up only if Gil's `raises 0.05€ to 0.07€`
    counted his dead 0.01€ small blind too, where a lone out-of-position small blind is dead and uncounted;
    a one-cent site error is as likely, so HH205 and HH203 stay until a second example."""
    assert codes(validate_text(tmp_path, BOTH_BLINDS_OUT_OF_POSITION)) == ["HH205", "HH203"]


@pytest.mark.parametrize("call, found", [("calls 5", []), ("calls 10", ["HH113"])])
def test_call_over_a_short_all_in_big_blind_stays_capped_on_other_sites(call, found):
    """WX-3 is Winamax's convention (`call_completes_short_blind`): on PokerStars the small blind calls only
    what the all-in big blind put in (15 at 10/20), and completing the full big blind is HH113."""
    from handkit import validate_text as validate_any

    stars = "\n".join(
        [
            (
                "PokerStars Hand #150000000012: Tournament #1500012, $1+$0.10 USD Hold'em No Limit - Level I (10/20)"
                " - 2016/01/02 10:11:12 ET"
            ),
            "Table '1500012 1' 9-max Seat #1 is the button",
            "Seat 1: Ann (1500 in chips)",
            "Seat 2: Fay (1500 in chips)",
            "Seat 3: Gus (15 in chips)",
            "Fay: posts small blind 10",
            "Gus: posts big blind 15 and is all-in",
            "*** HOLE CARDS ***",
            "Ann: folds",
            f"Fay: {call}",
            "*** FLOP *** [Ks 9h 2c]",
            "*** TURN *** [Ks 9h 2c] [7d]",
            "*** RIVER *** [Ks 9h 2c 7d] [3s]",
            "*** SHOW DOWN ***",
            "Fay: shows [Qs Jh] (high card King)",
            "Gus: shows [5c 5d] (a pair of Fives)",
            "Gus collected 30 from pot",
            "*** SUMMARY ***",
            "Total pot 30 | Rake 0",
            "Board [Ks 9h 2c 7d 3s]",
            "Seat 2: Fay (small blind) showed [Qs Jh] and lost with high card King",
            "Seat 3: Gus (big blind) showed [5c 5d] and won (30) with a pair of Fives",
            "",
        ]
    )
    results, _ = validate_any(stars)
    errors = [f.code for r in results for f in r.findings if f.severity.value == "error"]
    assert (errors if not found else errors[:1]) == found, errors


# -- the odd chip (WX-1) -------------------------------------------------------------------------------

# Ann (seat 5, big blind) and Ben (seat 9, button) split a 75-chip pot with the same ace-king: Winamax gives
# the odd chip to the highest seat (Ben, 38), where S4's "first left of the button" would give it to Ann.
ODD_CHIP = """
    Winamax Poker - Tournament "LE RAPIDE" buyIn: 9€ + 1€ level: 1 - HandId: #3200000000000000009-3-1700020100 - Holdem no limit (15/30) - 2023/11/15 02:10:00 UTC
    Table: 'LE RAPIDE(723456789)#004' 9-max (real money) Seat #9 is the button
    Seat 2: Cal (1500, 2.50€ bounty)
    Seat 5: Ann (1500, 2.50€ bounty)
    Seat 9: Ben (1500, 2.50€ bounty)
    *** ANTE/BLINDS ***
    Cal posts small blind 15
    Ann posts big blind 30
    *** PRE-FLOP ***
    Ben calls 30
    Cal folds
    Ann checks
    *** FLOP *** [Qs Jh 2c]
    Ann checks
    Ben checks
    *** TURN *** [Qs Jh 2c][7d]
    Ann checks
    Ben checks
    *** RIVER *** [Qs Jh 2c 7d][3s]
    Ann checks
    Ben checks
    *** SHOW DOWN ***
    Ann shows [As Kd] (High card : Ace)
    Ben shows [Ah Kc] (High card : Ace)
    Ben collected 38 from pot
    Ann collected 37 from pot
    *** SUMMARY ***
    Total pot 75 | No rake
    Board: [Qs Jh 2c 7d 3s]
    Seat 2: Cal (small blind) folded on the pre-flop
    Seat 5: Ann (big blind) showed [As Kd] and won 37 with High card : Ace
    Seat 9: Ben (button) showed [Ah Kc] and won 38 with High card : Ace
"""


def test_the_odd_chip_goes_to_the_highest_seat(tmp_path):
    assert codes(validate_text(tmp_path, ODD_CHIP)) == []
    # the odd chip to the first winner left of the button, as S4 has it: wrong on Winamax
    left = (
        ODD_CHIP.replace("Ben collected 38", "Ben collected 37")
        .replace("Ann collected 37", "Ann collected 38")
        .replace("won 37 with", "won 3x with")
        .replace("won 38 with", "won 37 with")
        .replace("won 3x with", "won 38 with")
    )
    found = [(f.code, f.expected, f.actual) for r in validate_text(tmp_path, left) for f in r.findings]
    assert sorted(found) == [("HH305", "37", "38"), ("HH305", "38", "37")]
    # a rules file (or profile) that says left of the button still decides for every site
    path = tmp_path / "wx.txt"
    results = [r for r in validate_paths([path], RuleSet(odd_chip="left_of_button")) if not isinstance(r, Finding)]
    assert [f.code for r in results for f in r.findings] == []


def test_two_odd_chips_go_to_the_two_highest_seats(corpus):
    """fpdb's 2012 sit & go: a 260-chip pot split three ways, 87 to seats 8 and 7, 86 to seat 3."""
    path = corpus / "fpdb-3/winamax/tournament/NLHE-EUR-0.92-STT-201207.no.cur.txt"
    (result,) = [r for r in validate_paths([path]) if not isinstance(r, Finding)]
    assert result.findings == [] and result.state.collected_by() == {"Player6": 87, "Player5": 87, "Player2": 86}
