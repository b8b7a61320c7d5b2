"""Chico Poker Network (BetOnline, SportsBetting, PayNoRake, TigerGaming; ActionPoker.com and Gear Poker skins;
registry name `betonline`): the reader, its conventions, and the real Chico hands of the corpus.

Every hand text here is written for the test in Chico's format (checked against the corpus's
fpdb-3/betonline-chico files), with made-up names and hand ids.
"""

from __future__ import annotations

import functools
import json
import textwrap
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

from conftest import codes, events_of, validate_hands

from hhtool.dialects.betonline import COUNTER_CLOCKWISE
from hhtool.dialects.betonline.parse import parse_betonline
from hhtool.findings import Finding
from hhtool.grammar import Status
from hhtool.io import Block, read_blocks
from hhtool.io.split import split_chunks
from hhtool.model import (
    BlindKind,
    Check,
    Collect,
    DealHole,
    Limit,
    Notice,
    PostAnte,
    PostBlind,
    RaiseTo,
    Show,
    StreetStart,
)
from hhtool.model.events import Street
from hhtool.serialize import parse_result_dict
from hhtool.validate import validate_paths

GOLDEN = Path(__file__).parent / "golden" / "parse_betonline_cash_hand.json"


def chico(text: str, *, file: str = "chico.txt"):
    """Parse one Chico hand written inline (dedented), read as hhtool reads a file."""
    blocks = list(split_chunks(iter([textwrap.dedent(text).strip("\n").encode() + b"\n"]), file))
    assert len(blocks) == 1 and isinstance(blocks[0], Block) and blocks[0].dialect == "betonline", blocks
    return parse_betonline(blocks[0])


validate_text = functools.partial(validate_hands, name="chico.txt", separator="\n\n\n")


def errors(results) -> list[str]:
    return [f.code for r in results for f in r.findings if f.severity.value == "error"]


# A BetOnline cash hand: seats numbered from 0 and listed out of order, seat tags, `ante processed 0.00` for
# every seat, `post dead`, `raises A to B`, a ten written `10d`, `and is all in`, chat, `X shows Qd Ac`.
CASH = """
    BetOnline Poker Game #1700000001: Hold'em No Limit ($0.25/0.50) - 2016/04/05 08:08:59 Eastern Daylight Time
    Table 'Nova' 10-Max, Seat #2 is the button
    Seat 3: Ann (40.00 in chips) - Small Blind
    Seat 0: Cid (12.00 in chips)
    Seat 2: Bob (25.00 in chips) - The button
    Seat 5: Hero (30.00 in chips) - Big Blind
    Seat 7: Dee (20.00 in chips) - Sitting out
    Seat 8: Eve (18.00 in chips)
    Ann: ante processed 0.00
    Cid: ante processed 0.00
    Bob: ante processed 0.00
    Hero: ante processed 0.00
    Dee: ante processed 0.00
    Eve: ante processed 0.00
    Ann: posts small blind 0.25
    Hero: posts big blind 0.50
    Eve: post dead 0.50
    *** HOLE CARDS ***
    Dealt to Hero [10d Ks]
    Eve: checks
    Cid: raises 1.50 to 1.50
    Bob: folds
    Ann: folds
    Hero: raises 3.50 to 4.00
    Eve: folds
    Cid: calls 2.50
    *** FLOP *** [Qc 10h 2s]
    Hero: bets 5.00
    Cid: calls 5.00
    *** TURN *** [Qc 10h 2s][3d]
    Hero: bets 3.00
    Cid: calls 3.00 and is all in
    Cid said "gl"
    *** SHOW DOWN ***
    Hero shows 10d Ks
    Cid shows Ah Qd
    *** SUMMARY ***
    Total pot 23.77 | Rake 1.23
    Board [Qc 10h 2s 3d 7c]
    Seat 3: Ann folded before Flop
    Seat 0: Cid showed [Ah Qd] and won (23.77)
    Seat 2: Bob folded before Flop
    Seat 5: Hero showed [10d Ks] but did not win
    Seat 8: Eve folded before Flop
"""

# A Gear Poker (skin) hand: no stakes, no zone, `(Play Money)`, capitalised verbs ending in a full stop,
# `Dealt To`, upper-case suits, `Raises A.` without a total, `Total Pot`, summary tags and a glued seat line.
SKIN = """
    Gear Poker Game #1700000101: Hold'em - 2012-04-09 12:14:36
    Table 4000001-12 (Play Money) Seat #2 is the button
    Seat 0: Ann (1000.00 in Chips)
    Seat 1: Bob (500.00 in Chips)
    Seat 2: Cid (800.00 in Chips)
    Seat 3: Hero (1200.00 in Chips)
    Bob: Posts small blind 10.00.
    Ann: Posts big blind 20.00.
    *** HOLE CARDS ***
    Dealt To Hero [QC 10C]
    Hero: Raises 60.00.
    Cid: Folds.
    Bob: Calls 50.00.
    Ann: Folds.
    *** FLOP *** [AS QH 3S]
    Bob: Checks.
    Hero: Bets 90.00.
    Bob: Folds.
    *** SUMMARY ***
    Total Pot 140.00 | Rake 0.00
    Seat 0: Ann (Big Blind)  Folded before Flop
    Seat 1: Bob (Small Blind)  Folded on the Flop
    Seat 2: Cid (Button) Seat 3: Hero collected (140.00) from the Pot.
"""


def test_golden_cash_hand():
    """The whole parse of the cash hand, compared with tests/golden/parse_betonline_cash_hand.json."""
    result = chico(CASH)
    assert result.status is Status.PARSED and result.site == "betonline" and result.hand_id == "1700000001"
    got = json.loads(json.dumps(parse_result_dict(result), default=str))
    assert got == json.loads(GOLDEN.read_text(encoding="utf-8"))


def test_cash_hand_validates_clean(tmp_path):
    assert codes(validate_text(tmp_path, CASH)) == []


# -- header, table, seats ----------------------------------------------------------------------------


def test_header_stakes_windows_zone_and_utc():
    header = chico(CASH).hand.header
    assert (header.limit, header.small_blind, header.big_blind, header.currency, header.scale) == (
        Limit.NO_LIMIT,
        25,
        50,
        "USD",
        100,
    )
    assert (header.table, header.max_seats, header.button_seat) == ("Nova", 10, 2)
    assert header.time_zone == "Eastern Daylight Time"
    assert header.time_utc == datetime(2016, 4, 5, 12, 8, 59, tzinfo=UTC)


def test_gmt_standard_time_is_london_time():
    text = CASH.replace("2016/04/05 08:08:59 Eastern Daylight Time", "2012/07/18 15:58 GMT Daylight Time")
    header = chico(text).hand.header
    assert header.time_utc == datetime(2012, 7, 18, 14, 58, tzinfo=UTC)  # BST in July, no seconds printed


def test_skin_header_has_no_stakes_no_zone_and_blinds_come_from_the_posts():
    header = chico(SKIN).hand.header
    assert (header.small_blind, header.big_blind, header.currency, header.play_money) == (10, 20, "chips", True)
    assert header.scale == 1  # play-money chips counted one by one (printed `1000.00`)
    assert (header.table, header.button_seat, header.time_zone, header.time_utc) == ("4000001-12", 2, None, None)
    assert header.time == datetime(2012, 4, 9, 12, 14, 36)


TOURNAMENT = """
    BetOnline Poker Game #1700000201: Tournament #7000001: Hold'em $10.00/$20.00 - 2016/03/21 17:09:38 Eastern Daylight Time
    Table '7000001-12' 10-Max, Seat #1 is the button
    Seat 1: Ann (1500.00 in chips) - The button
    Seat 2: Bob (1500.00 in chips) - Small Blind
    Seat 3: Cid (1500.00 in chips) - Big Blind
    Ann: ante processed 10.00
    Bob: ante processed 10.00
    Cid: ante processed 10.00
    Bob: posts small blind 50.00
    Cid: posts big blind 100.00
    *** HOLE CARDS ***
    Dealt to Ann [Ah Kh]
    Ann: raises 300.00 to 300.00
    Bob: folds
    Cid: folds
    Uncalled bet (200.00) returned to Ann
    *** SUMMARY ***
    Total pot 280.00
    Board []
    Seat 1: Ann collected (280.00)
    Seat 2: Bob folded before Flop
    Seat 3: Cid folded before Flop
"""


def test_tournament_chips_are_whole_unless_a_hand_prints_cents(tmp_path):
    """Tournament chips are counted one by one; a hand with a stack of `1500.25` is read in hundredths (the
    corpus's …dead.stack.txt prints `5365.01 in chips`)."""
    header = chico(TOURNAMENT).hand.header
    assert (header.tournament_id, header.currency, header.scale, header.small_blind, header.big_blind) == (
        "7000001",
        "chips",
        1,
        50,
        100,
    )
    assert [e.amount for e in events_of(chico(TOURNAMENT), PostAnte)] == [10, 10, 10]
    assert codes(validate_text(tmp_path, TOURNAMENT)) == []
    cents = chico(TOURNAMENT.replace("Ann (1500.00 in chips)", "Ann (1500.25 in chips)"))
    assert cents.status is Status.PARSED and cents.hand.header.scale == 100 and cents.hand.seats[0].stack == 150025


def test_tournament_blinds_are_the_posts_not_the_header_pair():
    text = CASH.replace("Hold'em No Limit ($0.25/0.50)", "Tournament #7000001: Hold'em $40.00/$80.00").replace(
        "Table 'Nova'", "Table '7000001-12'"
    )
    header = chico(text).hand.header
    assert (header.tournament_id, header.currency, header.small_blind, header.big_blind) == ("7000001", "chips", 25, 50)


def test_other_games_are_unsupported():
    result = chico(CASH.replace("Hold'em No Limit", "Omaha Pot Limit"))
    assert result.status is Status.UNSUPPORTED and result.findings[0].code == "HH020"


def test_seat_zero_is_a_seat_and_seat_ten_is_not(tmp_path):
    assert "HH403" not in codes(validate_text(tmp_path, CASH))
    beyond = CASH.replace("Seat 8: Eve (18.00", "Seat 10: Eve (18.00").replace(
        "Seat 8: Eve folded", "Seat 10: Eve folded"
    )
    assert "HH403" in codes(validate_text(tmp_path, beyond))


def test_seat_tags_sitting_out_and_an_empty_name():
    seats = {seat.player: seat for seat in chico(CASH).hand.seats}
    assert seats["Dee"].sitting_out and not seats["Bob"].sitting_out
    text = (
        CASH.replace("Seat 8: Eve (18.00 in chips)", "Seat 8:  (18.00 in chips)")
        .replace("Eve:", ":")
        .replace("Seat 8: Eve folded", "Seat 8:  folded")
    )
    result = chico(text)
    assert result.status is Status.PARSED
    assert [e.player for e in events_of(result, PostBlind)] == ["Ann", "Hero", ""]
    assert result.hand.claims.seats[-1].player == ""


def test_two_players_on_one_seat_are_kept_and_reported(tmp_path):
    text = CASH.replace("Seat 8: Eve (18.00 in chips)", "Seat 8: Eve (18.00 in chips)\n    Seat 8: Fay (9.00 in chips)")
    assert [s.player for s in chico(text).hand.seats if s.seat == 8] == ["Eve", "Fay"]
    assert "HH402" in codes(validate_text(tmp_path, text))


def test_unknown_player_is_read_as_printed_and_reported(tmp_path):
    text = CASH.replace("Cid: raises 1.50 to 1.50", "Unknown player: raises 1.50 to 1.50")
    assert events_of(chico(text), RaiseTo)[0].player == "Unknown player"
    assert "HH406" in codes(validate_text(tmp_path, text))


# -- actions ---------------------------------------------------------------------------------------


def test_raise_prints_chips_added_and_the_total():
    raises = events_of(chico(CASH), RaiseTo)
    # `Cid: raises 1.50 to 1.50` over a 0.50 big blind; `Hero: raises 3.50 to 4.00` with the big blind in
    assert [(r.player, r.raise_by, r.raise_to) for r in raises] == [("Cid", 100, 150), ("Hero", 250, 400)]


def test_skin_raise_prints_chips_added_only():
    (raised,) = events_of(chico(SKIN), RaiseTo)
    assert (raised.player, raised.raise_by, raised.raise_to, raised.all_in) == ("Hero", 40, 60, False)
    allin = SKIN.replace("Hero: Raises 60.00.", "Hero: Raises 1200.00 and is All In.").replace(
        "Bob: Calls 50.00.", "Bob: Calls 490.00 and is All In."
    )
    result = chico(allin)
    assert events_of(result, RaiseTo)[0].all_in and events_of(result, RaiseTo)[0].raise_to == 1200


def test_all_in_without_a_hyphen():
    result = chico(CASH)
    call = [e for e in result.hand.events if type(e).__name__ == "Call" and e.all_in]
    assert [e.player for e in call] == ["Cid"]


def test_unmarked_all_in_is_no_finding_but_a_false_mark_is(tmp_path):
    unmarked = CASH.replace("Cid: calls 3.00 and is all in", "Cid: calls 3.00")
    assert codes(validate_text(tmp_path, unmarked)) == []  # Chico marks some all-ins only
    false_mark = CASH.replace("Hero: bets 5.00", "Hero: bets 5.00 and is all in")
    assert "HH120" in codes(validate_text(tmp_path, false_mark))


def test_tens_and_upper_case_suits():
    assert events_of(chico(CASH), DealHole)[0].cards == ("Td", "Ks")
    assert events_of(chico(SKIN), DealHole)[0].cards == ("Qc", "Tc")
    assert events_of(chico(SKIN), StreetStart)[1].board == ("As", "Qh", "3s")


def test_ante_processed_zero_is_a_notice_and_a_real_ante_is_posted():
    result = chico(CASH)
    assert (
        not events_of(result, PostAnte)
        and len([n for n in events_of(result, Notice) if "ante processed" in n.text]) == 6
    )
    with_antes = CASH.replace("ante processed 0.00", "ante processed 0.10")
    assert [e.amount for e in events_of(chico(with_antes), PostAnte)] == [10] * 6


def test_post_dead_is_a_live_big_blind_and_a_dead_small_blind(tmp_path):
    (dead,) = [e for e in events_of(chico(CASH), PostBlind) if e.player == "Eve"]
    # 0.75 in, of which the big blind is live (the model's default for a small & big blind: no dead part said)
    assert (dead.blind, dead.amount, dead.dead) == (BlindKind.SMALL_AND_BIG, 75, None)
    assert events_of(chico(CASH), Check)[0].player == "Eve"  # the live part is her option
    # the pot holds the dead 0.25: one chip short of it is HH203
    short = CASH.replace("Total pot 23.77", "Total pot 23.52").replace("won (23.77)", "won (23.52)")
    assert "HH203" in codes(validate_text(tmp_path, short))


def test_post_dead_zero_is_the_dead_small_blind_alone():
    text = CASH.replace("Eve: post dead 0.50", "Eve: post dead 0.00").replace("Eve: checks", "Eve: calls 0.50")
    (dead,) = [e for e in events_of(chico(text), PostBlind) if e.player == "Eve"]
    assert (dead.blind, dead.amount, dead.dead) == (BlindKind.MISSED, 25, None)  # a missed blind is dead whole


def test_post_now_is_a_live_big_blind(tmp_path):
    text = (
        CASH.replace("Eve: post dead 0.50", "Eve: post now 0.50")
        .replace("Total pot 23.77 | Rake 1.23", "Total pot 23.52 | Rake 1.23")
        .replace("won (23.77)", "won (23.52)")
    )
    (now,) = [e for e in events_of(chico(text), PostBlind) if e.player == "Eve"]
    assert (now.blind, now.amount) == (BlindKind.BIG, 50)
    assert codes(validate_text(tmp_path, text)) == []


def test_a_short_post_of_the_last_chips_is_all_in_unmarked(tmp_path):
    """Chico marks no all-in on a post (`: posts small blind 100.00` for a 100-chip stack, …dead.stack.txt): a
    short blind of a player's last chips is no HH103; a short blind with chips behind still is."""
    short = CASH.replace("Seat 5: Hero (30.00 in chips)", "Seat 5: Hero (0.40 in chips)").replace(
        "Hero: posts big blind 0.50", "Hero: posts big blind 0.40"
    )
    assert "HH103" not in codes(validate_text(tmp_path, short))
    behind = CASH.replace("Hero: posts big blind 0.50", "Hero: posts big blind 0.40")
    assert "HH103" in codes(validate_text(tmp_path, behind))


def test_shows_without_brackets():
    shows = events_of(chico(CASH), Show)
    assert [(s.player, s.cards) for s in shows] == [("Hero", ("Td", "Ks")), ("Cid", ("Ah", "Qd"))]


def test_summary_board_supplies_the_streets_run_out_after_the_all_in():
    """No `*** RIVER ***` line after the all-in: the summary's board is the river's only word."""
    streets = events_of(chico(CASH), StreetStart)
    river = [s for s in streets if s.street is Street.RIVER]
    assert len(river) == 1 and river[0].board[-1] == "7c"
    assert streets.index(river[0]) < [s.street for s in streets].index(Street.SHOWDOWN)
    showdown = next(s for s in streets if s.street is Street.SHOWDOWN)
    assert river[0].line == showdown.line  # at the showdown's line: the events stay in line order


# -- summary -----------------------------------------------------------------------------------------


def test_total_pot_is_after_rake_and_the_summary_is_the_collect(tmp_path):
    claims = chico(CASH).hand.claims
    assert (claims.total_pot, claims.rake) == (2500, 123)  # 23.77 + 1.23: the pot before rake
    assert [(c.player, c.amount) for c in events_of(chico(CASH), Collect)] == [("Cid", 2377)]
    wrong = CASH.replace("won (23.77)", "won (23.87)")
    assert {"HH205", "HH206"} & set(codes(validate_text(tmp_path, wrong)))


def test_a_collected_zero_is_no_collect():
    text = CASH.replace("Seat 2: Bob folded before Flop", "Seat 2: Bob collected (0.00)")
    assert [c.player for c in events_of(chico(text), Collect)] == ["Cid"]


SIDE_POT = """
    BetOnline Poker Game #1700000002: Hold'em No Limit ($0.01/0.02) - 2016/05/02 13:38:21 Eastern Daylight Time
    Table 'Orbit' 10-Max, Seat #9 is the button
    Seat 0: Ann (5.00 in chips) - Small Blind
    Seat 1: Bob (2.00 in chips) - Big Blind
    Seat 4: Cid (0.07 in chips)
    Seat 9: Dee (1.29 in chips) - The button
    Ann: posts small blind 0.01
    Bob: posts big blind 0.02
    *** HOLE CARDS ***
    Cid: calls 0.02
    Dee: calls 0.02
    Ann: raises 0.21 to 0.22
    Bob: calls 0.20
    Cid: calls 0.05
    Dee: folds
    *** FLOP *** [7d 8c 3h]
    Ann: bets 0.20
    Bob: folds
    Uncalled bet (0.20) returned to Ann
    Total pot 0.28 | Rake 0.03
    Cid shows Kh Kc
    Ann shows 9s 2c
    *** SUMMARY ***
    Total pot 0.22 | Rake 0.03
    Board [7d 8c 3h 5d 10s]
    Seat 0: Ann collected (0.28)
    Seat 1: Bob folded on the Flop
    Seat 4: Cid showed [Kh Kc] and won (0.22)
    Seat 9: Dee folded before Flop
"""


def test_side_pot_lines_and_the_rake_rounded_up_on_side_pots(tmp_path):
    """`Total pot 0.28 | Rake 0.03` before the summary is the side pot (0.30 less 0.02: its share of the 0.03
    rake, 0.017, rounded up), the summary's the main pot (0.23 less 0.01)."""
    claims = chico(SIDE_POT).hand.claims
    assert (claims.total_pot, claims.rake) == (53, 3)
    assert errors(validate_text(tmp_path, SIDE_POT)) == []
    down = SIDE_POT.replace("collected (0.28)", "collected (0.29)").replace("Total pot 0.28", "Total pot 0.29")
    down = down.replace("won (0.22)", "won (0.21)").replace("Total pot 0.22", "Total pot 0.21")
    assert "HH205" in errors(validate_text(tmp_path, down))  # the rake rounded down on the side pot is not Chico's


def test_repeated_summary_lines_are_read_once(tmp_path):
    """The 2011 client repeats the last show, the pot and the board in the summary."""
    text = CASH.replace(
        "Board [Qc 10h 2s 3d 7c]\n",
        "Board [Qc 10h 2s 3d 7c]\n    Cid shows Ah Qd\n    Total pot 23.77 | Rake 1.23\n    Board [Qc 10h 2s 3d 7c]\n",
    )
    result = chico(text)
    assert result.hand.claims.total_pot == 2500 and len(result.hand.claims.boards) == 1
    assert codes(validate_text(tmp_path, text)) == []


def test_skin_summary_tags_and_a_glued_seat_line():
    seats = chico(SKIN).hand.claims.seats
    assert [(s.seat, s.player, s.positions, s.result) for s in seats] == [
        (0, "Ann", ("Big Blind",), "folded"),
        (1, "Bob", ("Small Blind",), "folded"),
        (2, "Cid", ("Button",), "other"),
        (3, "Hero", (), "collected"),
    ]
    assert [(c.player, c.amount) for c in events_of(chico(SKIN), Collect)] == [("Hero", 140)]


def test_skin_prints_no_uncalled_return_and_that_is_no_finding(tmp_path):
    """Gear's Hero bets 90 and Bob folds: no return line, and no finding (the skin's seats, counter-clockwise,
    are in turn: the button on 2, the blinds on 1 and 0, Hero on 3 first)."""
    assert codes(validate_text(tmp_path, SKIN)) == []


def test_skin_winner_best_five_are_not_hole_cards():
    text = SKIN.replace(
        "Seat 3: Hero collected (140.00) from the Pot.", "Seat 3: Hero showed [QC QH AS 10C 3S ] and won (140.00)"
    )
    hero = chico(text).hand.claims.seats[-1]
    assert hero.cards == () and hero.outcomes[0].amount == 140


# -- the skins number seats counter-clockwise ------------------------------------------------------------

# An ActionPoker.com hand (…201204.ActionPoker.txt's shape): the button on seat 4, the small blind on 3, the big
# blind on 2, then 0, 8, 6 act (Fay on 5 sits out, unmarked: no line of hers), the button last; after the flop
# the first player down the numbers from the button acts first (Bob on 2), the button last. The winner's
# `showed` prints his best five, the loser's his hole cards.
ACTION = """
    ActionPoker.com Game #1700000301: Hold'em - 2012-04-05 21:40:12
    Table Blue Moon (Real Money) Seat #4 is the button
    Seat 0: Ann (50.00 in Chips)
    Seat 2: Bob (40.00 in Chips)
    Seat 3: Cid (60.00 in Chips)
    Seat 4: Dee (45.00 in Chips)
    Seat 5: Fay (20.00 in Chips)
    Seat 6: Eve (30.00 in Chips)
    Seat 8: Hero (55.00 in Chips)
    Cid: Posts small blind 0.50.
    Bob: Posts big blind 1.00.
    *** HOLE CARDS ***
    Dealt To Hero [AS KD]
    Ann: Folds.
    Hero: Raises 3.00.
    Eve: Folds.
    Dee: Calls 3.00.
    Cid: Folds.
    Bob: Calls 2.00.
    *** FLOP *** [10S 6D 7S]
    Bob: Checks.
    Hero: Bets 5.00.
    Dee: Calls 5.00.
    Bob: Folds.
    *** TURN *** [10S 6D 7S] [6C]
    Hero: Checks.
    Dee: Bets 8.00.
    Hero: Calls 8.00.
    *** RIVER *** [10S 6D 7S 6C] [10C]
    Hero: Checks.
    Dee: Checks.
    *** SUMMARY ***
    Total Pot 33.75 | Rake 1.75
    Seat 0: Ann Folded before Flop
    Seat 2: Bob (Big Blind)  Folded on the Flop
    Seat 3: Cid (Small Blind)  Folded before Flop
    Seat 4: Dee (Button)  showed [10D 10H 10S 10C 7S ] and won (33.75)
    Seat 5: Fay Is Sitting Out
    Seat 6: Eve Folded before Flop
    Seat 8: Hero showed [AS KD ] and lost.
"""


def test_skin_seats_go_counter_clockwise(tmp_path):
    """The ActionPoker/Gear skins number seats counter-clockwise (the corpus's …ActionPoker.txt: the button on 2,
    the blinds on 0 and 9, the action 8, 7, 5…): the header names the skin, the hand the variant, and the blinds,
    the action before and after the flop are in turn going down the numbers."""
    assert chico(ACTION).hand.conventions_variant == COUNTER_CLOCKWISE
    assert chico(SKIN).hand.conventions_variant == COUNTER_CLOCKWISE
    assert chico(CASH).hand.conventions_variant == ""  # BetOnline's own seats go up the numbers
    (result,) = validate_text(tmp_path, ACTION)
    assert result.status == "valid" and errors([result]) == [] and set(codes([result])) <= {"HH306"}
    assert [p.seat for p in result.state.order] == [8, 6, 4, 3, 2, 0]  # in the order of play


def test_skin_hand_that_goes_up_the_numbers_is_out_of_turn(tmp_path):
    """Near miss: the same skin with its blinds and action going up the numbers (the small blind on 6, the big
    blind on 8 after the button on 4) is out of turn: the skin's rule comes from its header, not the hand."""
    text = ACTION.replace(
        "Cid: Posts small blind 0.50.\n    Bob: Posts big blind 1.00.",
        "Eve: Posts small blind 0.50.\n    Hero: Posts big blind 1.00.",
    ).replace(
        "    Ann: Folds.\n    Hero: Raises 3.00.\n    Eve: Folds.\n    Dee: Calls 3.00.\n"
        "    Cid: Folds.\n    Bob: Calls 2.00.\n",
        "    Ann: Folds.\n    Bob: Raises 3.00.\n    Cid: Folds.\n    Dee: Calls 3.00.\n"
        "    Eve: Folds.\n    Hero: Calls 2.00.\n",
    )
    found = errors(validate_text(tmp_path, text))
    assert {"HH101", "HH102", "HH110"} <= set(found), found


# A BetOnline cash hand whose blinds and action go down the numbers as the skins' do: BetOnline numbers its
# seats clockwise, so this is out of turn (the blinds belong on 3 and 5, the first to act on 7).
DOWN = """
    BetOnline Poker Game #1700000401: Hold'em No Limit ($0.25/0.50) - 2016/04/05 08:12:10 Eastern Daylight Time
    Table 'Nova' 10-Max, Seat #2 is the button
    Seat 0: Cid (12.00 in chips) - Small Blind
    Seat 2: Bob (25.00 in chips) - The button
    Seat 3: Ann (40.00 in chips)
    Seat 5: Hero (30.00 in chips)
    Seat 8: Eve (18.00 in chips) - Big Blind
    Cid: ante processed 0.00
    Bob: ante processed 0.00
    Ann: ante processed 0.00
    Hero: ante processed 0.00
    Eve: ante processed 0.00
    Cid: posts small blind 0.25
    Eve: posts big blind 0.50
    *** HOLE CARDS ***
    Dealt to Hero [10d Ks]
    Hero: raises 1.00 to 1.00
    Ann: folds
    Bob: folds
    Cid: folds
    Eve: folds
    Uncalled bet (0.50) returned to Hero
    *** SUMMARY ***
    Total pot 1.25 | Rake 0.00
    Board []
    Seat 0: Cid folded before Flop
    Seat 2: Bob folded before Flop
    Seat 3: Ann folded before Flop
    Seat 5: Hero collected (1.25)
    Seat 8: Eve folded before Flop
"""


def test_a_betonline_hand_going_down_the_numbers_is_out_of_turn(tmp_path):
    """Near miss: BetOnline's own seats go up the numbers; blinds and action going down them are flagged."""
    assert chico(DOWN).hand.conventions_variant == ""
    found = errors(validate_text(tmp_path, DOWN))
    assert {"HH101", "HH102", "HH110"} <= set(found), found
    # the same hand under a skin's header is in turn (the header decides the direction)
    skin = DOWN.replace(
        "BetOnline Poker Game #1700000401: Hold'em No Limit ($0.25/0.50) - 2016/04/05 08:12:10 Eastern Daylight Time",
        "ActionPoker.com Game #1700000401: Hold'em - 2016-04-05 08:12:10",
    )
    assert errors(validate_text(tmp_path, skin)) == []


def _gear(
    hand_id: str, time: str, button: int, stacks: dict[int, str], small: str, big: str, actions: str, summary: str
) -> str:
    seats = "\n".join(f"    Seat {seat}: P{seat} ({stack} in Chips)" for seat, stack in sorted(stacks.items()))
    return (
        f"    Gear Poker Game #{hand_id}: Hold'em - 2012-04-09 {time}\n"
        f"    Table 3900001-33 (Play Money) Seat #{button} is the button\n{seats}\n"
        f"    {small}: Posts small blind 10.00.\n    {big}: Posts big blind 20.00.\n    *** HOLE CARDS ***\n"
        f"{actions}    *** SUMMARY ***\n{summary}"
    )


# Two hands of a Gear Poker table (…GearPoker.txt's shape: the button on 9, then on 8): the button moves down the
# numbers to the next player dealt in, and the blinds with it.
GEAR_FIRST = _gear(
    "1700000501",
    "12:14:36",
    8,
    {1: "1000.00", 3: "1000.00", 4: "1000.00", 6: "1000.00", 8: "1000.00"},
    "P6",
    "P4",
    "    P3: Calls 20.00.\n    P1: Folds.\n    P8: Folds.\n    P6: Calls 10.00.\n    P4: Checks.\n"
    "    *** FLOP *** [AS QH 3S]\n    P6: Checks.\n    P4: Checks.\n    P3: Checks.\n"
    "    *** TURN *** [AS QH 3S] [3C]\n    P6: Bets 40.00.\n    P4: Folds.\n    P3: Folds.\n",
    "    Total Pot 60.00 | Rake 0.00\n    Seat 1: P1 Folded before Flop\n"
    "    Seat 3: P3 Folded on the Turn\n    Seat 4: P4 (Big Blind)  Folded on the Turn\n"
    "    Seat 6: P6 (Small Blind)  collected (60.00) from the Pot.\n    Seat 8: P8 (Button)  Folded before Flop\n",
)
_AFTER = {1: "1000.00", 3: "980.00", 4: "980.00", 6: "1040.00", 8: "1000.00"}


def _gear_second(button: int, small: int, big: int, order: list[int]) -> str:
    """The next hand: every player folds to the big blind in turn (`order`: from the first to act)."""
    folds = "".join(f"    P{seat}: Folds.\n" for seat in order)
    summary = "".join(
        f"    Seat {seat}: P{seat} "
        + (
            "(Big Blind)  collected (20.00) from the Pot.\n"
            if seat == big
            else ("(Small Blind)  " if seat == small else "(Button)  " if seat == button else "")
            + "Folded before Flop\n"
        )
        for seat in sorted(_AFTER)
    )
    return _gear(
        "1700000502",
        "12:15:46",
        button,
        _AFTER,
        f"P{small}",
        f"P{big}",
        folds,
        "    Total Pot 20.00 | Rake 0.00\n" + summary,
    )


def test_skin_button_moves_down_the_numbers(tmp_path):
    """The Gear table's button goes from seat 8 to seat 6, the next player dealt in down the numbers: no HH412,
    stacks chain."""
    results = validate_text(tmp_path, GEAR_FIRST, _gear_second(6, 4, 3, [1, 8, 6, 4]))
    assert [r.status for r in results] == ["valid", "valid"] and codes(results) == [], codes(results)


def test_skin_button_that_moves_up_the_numbers_is_reported(tmp_path):
    """Near miss: from seat 8 to seat 1 (up the numbers, round the table) skips the players on 6, 4 and 3: the
    hand itself is in turn for its button, the move is HH412 (the next player is on seat 6)."""
    results = validate_text(tmp_path, GEAR_FIRST, _gear_second(1, 8, 6, [4, 3, 1, 8]))
    found = [(f.code, f.expected, f.actual) for r in results for f in r.findings]
    assert found == [("HH412", "6", "1")], found


def test_skin_seat_direction_crosses_to_the_parent_process(tmp_path):
    """The table snapshot carries the direction through the parallel engine's packed form: `--jobs 2` gives what
    `--jobs 1` gives (no HH412 for the button moving down the numbers, the near miss's HH412 kept)."""
    from typer.testing import CliRunner

    from hhtool.cli import app
    from hhtool.engine import wire
    from hhtool.engine.plan import plan_tasks
    from hhtool.engine.work import WANT_NONE, run_task
    from hhtool.rules.ruleset import RuleSet

    good = validate_text(tmp_path, GEAR_FIRST, _gear_second(6, 4, 3, [1, 8, 6, 4]), name="good.txt")
    bad = validate_text(tmp_path, GEAR_FIRST, _gear_second(1, 8, 6, [4, 3, 1, 8]), name="bad.txt")
    assert codes(good) == [] and codes(bad) == ["HH412"]
    (task,) = [t for t in plan_tasks([str(tmp_path / "good.txt")]) if not isinstance(t, Finding)]
    items = run_task(task, RuleSet(), WANT_NONE).items
    back = wire.unpack(wire.pack(items))
    assert [r.table.clockwise for r in back] == [False, False] and back == items
    runner = CliRunner()
    for name in ("good.txt", "bad.txt"):
        one, two = (
            runner.invoke(app, ["validate", str(tmp_path / name), "--format", "jsonl", "--jobs", jobs])
            for jobs in ("1", "2")
        )
        assert one.exit_code == two.exit_code and one.stdout_bytes == two.stdout_bytes
    assert b"HH412" in two.stdout_bytes


def test_odd_chip_left_of_the_button_goes_down_the_numbers():
    """Where seats go up counter-clockwise the first winner left of the button is the next seat down (S4 in the
    direction of play); the orders by seat number stay by number."""
    from hhtool.rules.pots import odd_chip_key

    winners = [1, 3, 6, 9]
    assert sorted(winners, key=lambda seat: odd_chip_key("left_of_button", seat, 4, 0, -1)) == [3, 1, 9, 6]
    assert sorted(winners, key=lambda seat: odd_chip_key("left_of_button", seat, 4, 0)) == [6, 9, 1, 3]
    assert sorted(winners, key=lambda seat: odd_chip_key("from_big_blind", seat, 4, 2, -1)) == [1, 9, 6, 3]
    assert sorted(winners, key=lambda seat: odd_chip_key("highest_seat_first", seat, 4, 0, -1)) == [9, 6, 3, 1]


# -- a winner of several pots is printed with his first pot's award ----------------------------------------

# Bob wins the 2.49 main pot and the 1.26 side pot (Hal's raise over Gil's all-in 0.81, called): the side pot is
# printed before the showdown (`Total pot 1.26 | Rake 0.22`), and the summary gives Bob the main pot's 2.49 only,
# as Chico does for every winner of more than one pot in the corpus (…3.way.allin.txt, …dead.stack.txt,
# …2011-08.nobuyinfee.txt); a player who wins a side pot alone is printed with it (…winner.no.show.txt).
TWO_POTS = """
    BetOnline Poker Game #1700000601: Hold'em No Limit ($0.01/0.02) - 2016/05/04 11:02:17 Eastern Daylight Time
    Table 'Orbit' 10-Max, Seat #4 is the button
    Seat 4: Dee (0.63 in chips) - The button
    Seat 2: Bob (4.33 in chips)
    Seat 6: Fay (1.93 in chips) - Big Blind
    Seat 9: Hal (1.52 in chips)
    Seat 7: Gil (0.85 in chips)
    Seat 5: Eve (0.60 in chips) - Small Blind
    Dee: ante processed 0.00
    Bob: ante processed 0.00
    Fay: ante processed 0.00
    Hal: ante processed 0.00
    Gil: ante processed 0.00
    Eve: ante processed 0.00
    Eve: posts small blind 0.01
    Fay: posts big blind 0.02
    *** HOLE CARDS ***
    Gil: raises 0.04 to 0.04
    Hal: calls 0.04
    Bob: calls 0.04
    Dee: folds
    Eve: calls 0.03
    Fay: calls 0.02
    *** FLOP *** [5d Ad 4h]
    Eve: checks
    Fay: checks
    Gil: bets 0.81
    Hal: raises 1.48 to 1.48 and is all in
    Bob: calls 1.48
    Eve: folds
    Fay: folds
    Total pot 1.26 | Rake 0.22
    *** SHOW DOWN ***
    Hal shows Qh Ac
    Gil shows 9d 8d
    Bob shows 5s 4s
    *** SUMMARY ***
    Total pot 2.49 | Rake 0.22
    Board [5d Ad 4h 5c 9s]
    Seat 4: Dee folded before Flop
    Seat 2: Bob showed [5s 4s] and won (2.49)
    Seat 6: Fay folded on the Flop
    Seat 9: Hal showed [Qh Ac] but did not win
    Seat 7: Gil showed [9d 8d] but did not win
    Seat 5: Eve folded on the Flop
"""


def test_a_winner_of_two_pots_is_printed_with_the_first_pots_award(tmp_path):
    """Bob's `won (2.49)` is his main pot; the 1.26 side pot the cards give him too is his, printed only as its
    own line (`prints_later_awards` False): valid, and his final stack holds both (4.33 − 1.52 + 3.75)."""
    (result,) = validate_text(tmp_path, TWO_POTS)
    assert result.status == "valid" and result.findings == [], codes([result])
    assert result.state.collected_by() == {"Bob": 375} and result.state.final_stacks()["Bob"] == 656


def test_a_winner_printed_with_another_pots_amount_is_still_reported(tmp_path):
    """Near misses: Bob printed with the side pot's 1.26 (not his first pot's award), and the side pot won by
    Bob's cards while the main pot's winner is another player (no line of Bob's gives it: nothing is added)."""
    side = TWO_POTS.replace("won (2.49)", "won (1.26)")
    assert {"HH205", "HH206"} <= set(errors(validate_text(tmp_path, side)))
    other = (
        TWO_POTS.replace("Gil shows 9d 8d", "Gil shows 5h 5c")
        .replace("Bob shows 5s 4s", "Bob shows 4s 4c")
        .replace("Board [5d Ad 4h 5c 9s]", "Board [5d Ad 4h 5s 9s]")
        .replace("Seat 2: Bob showed [5s 4s] and won (2.49)", "Seat 2: Bob showed [4s 4c] but did not win")
        .replace("Seat 7: Gil showed [9d 8d] but did not win", "Seat 7: Gil showed [5h 5c] and won (2.49)")
    )
    found = errors(validate_text(tmp_path, other))
    assert {"HH303", "HH206"} <= set(found), found  # the side pot's winner by the cards collected nothing


# -- the corpus --------------------------------------------------------------------------------------

# Hands whose text is broken (or that the replay cannot follow), each with why; every other Chico hand of the
# corpus validates with no error finding.
KNOWN_ERRORS = {
    # (1606125823, 3.way.allin: Player1 wins 2.49 + 1.26, the summary says 2.49; 1078353699, dead.stack: Hero
    # wins 500 + the 1200 side pot, the summary says 500; 900223632, 2011-08 tournament: Player21 wins 2895 + 70,
    # the summary says 2895: a winner of several pots is printed with his first pot's award only, the site's
    # convention `prints_later_awards` False: valid)
    # broken text
    # two.players.one.seat: Player4 and Player9 both on seat 5 (the second is not seated, so its lines are HH406)
    "1587454316": {"HH402", "HH406"},
    "991142904": {"HH124", "HH203", "HH206", "HH303", "HH406"},  # `Unknown player` raises and wins
    "900204250": {"HH111", "HH112", "HH119", "HH203", "HH205", "HH404"},  # Player5 seated with 0.00 bets 7.09
    # (1605730318, fold.blinds.antes, and 900204952, 201108: a player who leaves the table has folded there, the
    # site's convention `leave_folds`: valid)
    # (1012408051, ActionPoker, and 1014850512, 1014850775, GearPoker: the skins number seats counter-clockwise,
    # the site's convention `clockwise` False for their variant: valid)
}
KNOWN_UNPARSED = {
    "900205887": "HH011",  # the last hand of …201108.txt is cut off before its summary
    "900219408": "HH013",
}  # 2011-08 tournament: `Seat #2684684 is the button`, beyond any seat


def test_every_chico_hand_of_the_corpus_parses(corpus):
    statuses: Counter = Counter()
    for path in sorted((corpus / "fpdb-3/betonline-chico").rglob("*.txt")):
        for block in read_blocks(path):
            if isinstance(block, Finding):
                assert block.code == "HH002", block  # `Tournament will start in a moment.` before the first hand
                continue
            if block.dialect is None:
                continue
            assert block.dialect == "betonline"
            result = parse_betonline(block)
            statuses[result.status] += 1
            if result.status is not Status.PARSED:
                assert KNOWN_UNPARSED.get(result.hand_id) == result.findings[0].code, (path.name, result.findings)
    assert statuses == {Status.PARSED: 49, Status.UNPARSED: 2}, statuses


def test_chico_corpus_validates_with_only_the_known_errors(corpus):
    results = [r for r in validate_paths([corpus / "fpdb-3/betonline-chico"]) if not isinstance(r, Finding)]
    errors = {
        r.hand_id: {f.code for f in r.findings if f.severity.value == "error"}
        for r in results
        if r.status != "unparsed"
    }
    assert {hand: found for hand, found in errors.items() if found} == KNOWN_ERRORS


# -- the writer --------------------------------------------------------------------------------------


def test_writer_reads_back_as_the_same_hand():
    from hhtool.dialects.betonline.writer import render_hand, said
    from hhtool.interchange.check import shape

    for text in (CASH, SIDE_POT):
        hand = said(chico(text).hand)
        back = chico(render_hand(hand))
        assert back.status is Status.PARSED and shape(back.hand) == shape(hand)


def test_writer_refuses_what_chico_cannot_say():
    import msgspec
    import pytest as _pytest

    from hhtool.dialects.betonline.writer import render_hand

    hand = chico(CASH).hand
    euro = msgspec.structs.replace(hand, header=msgspec.structs.replace(hand.header, currency="EUR"))
    with _pytest.raises(ValueError):
        render_hand(euro)


def test_rule_cases_render_in_chico_text():
    """The rule tests run in Chico text with the writer registered for the test (it is not registered for good:
    the generator needs a tournament's blinds in its header, which Chico's does not print): each case Chico can say
    raises its finding at the same element, each close legal variant is clean, and most cases are said."""
    import dataclasses

    import test_rule_codes as rules_tests
    from handkit import check_in, edit, unsaid

    from hhtool import dialects
    from hhtool.dialects.betonline import DIALECT

    dialects.register(dataclasses.replace(DIALECT, writer="hhtool.dialects.betonline.writer:render_hand"), replace=True)
    try:
        cases = [case for case in rules_tests.CASES if case.code not in unsaid("betonline")]
        said = 0
        for case in cases:
            got = check_in(edit(case.base, *case.change), "betonline", case.rules)
            if got is None:
                continue
            said += 1
            rendered, result = got
            assert result.status == "parsed", (case.id, rules_tests.problems(result.findings))
            rules_tests.assert_finding(result.findings, case, edit(case.base, *case.change), rendered)
            legal = check_in(edit(case.base, *case.legal), "betonline", case.rules)
            if legal is not None:
                assert legal[1].findings == [], (case.id, rules_tests.problems(legal[1].findings))
        assert said >= rules_tests.MOST * len(cases), f"Chico says {said} of {len(cases)} cases"
    finally:
        dialects.register(DIALECT, replace=True)


# -- a player who leaves the table during the hand ------------------------------------------------------

# Chico prints no fold for a player who leaves the table in the middle of a hand (fpdb-3's
# cash/…201605.fold.blinds.antes.txt: `Player7 has left the table` after his small blind, then no line of his,
# none in the summary; …201108.txt the same): he has folded there, his small blind stays in the pot.
LEFT = """
    BetOnline Poker Game #1700000101: Hold'em No Limit ($0.01/0.02) - 2016/05/03 10:17:31 Eastern Daylight Time
    Table 'Dark Blue' 10-Max, Seat #9 is the button
    Seat 9: Bob (1.99 in chips) - The button
    Seat 8: Cid (2.00 in chips)
    Seat 1: Dee (2.09 in chips) - Big Blind
    Seat 0: Ann (2.54 in chips) - Small Blind
    Ann: posts small blind 0.01
    Dee: posts big blind 0.02
    Ann has left the table
    *** HOLE CARDS ***
    Cid: calls 0.02
    Bob: folds
    Dee: checks
    *** FLOP *** [As 3s 6d]
    Dee: bets 0.04
    Cid: folds
    Uncalled bet (0.04) returned to Dee
    *** SUMMARY ***
    Total pot 0.05 | Rake 0.00
    Board [As 3s 6d]
    Seat 9: Bob folded before Flop
    Seat 8: Cid folded on the Flop
    Seat 1: Dee collected (0.05)
"""


def test_a_player_who_leaves_the_table_has_folded_there(tmp_path):
    (result,) = validate_text(tmp_path, LEFT)
    assert result.status == "valid" and result.findings == [], codes([result])
    assert result.state.collected_by() == {"Dee": 5}


def test_a_player_who_left_and_acts_again_is_still_reported(tmp_path):
    """Near miss: the player who left acts after it: an action by a player who has folded (HH111)."""
    text = LEFT.replace("    Bob: folds\n", "    Bob: folds\n    Ann: calls 0.01\n")
    (result,) = validate_text(tmp_path, text)
    assert "HH111" in errors([result])


# -- hands of one table: the button, the stacks, the minimum buy-in (…201108.txt's shapes) -------------------


def _money(cents: int) -> str:
    return f"{cents // 100}.{cents % 100:02d}"


def _table_hand(
    number: int,
    minute: int,
    button: int,
    seats: dict[int, tuple[str, int]],
    small: int,
    big: int,
    *,
    out: frozenset[int] = frozenset(),
    raiser: int = 0,
    table: str = "John Wayne (50bb)",
) -> tuple[str, dict[int, tuple[str, int]]]:
    """A BetOnline cash hand at $0.25/$0.50 as …201108.txt prints one (seat tags, seats listed down the numbers,
    the summary's `collected (0.00)` for a seat not dealt in) and the stacks it leaves. Everyone folds to the big
    blind (`raiser` 0), or the `raiser` raises to 1.00 and everyone folds (a hand with no small blind, `small`
    0, is played so). `out`: seats not dealt in (no line in the body)."""
    sb, bb = 25, 50
    tags = {button: " - The button", small: " - Small Blind", big: " - Big Blind"}
    head = f"BetOnline Poker Game #{number}: Hold'em No Limit ($0.25/0.50) - 2011/08/07 15:{minute:02d} Eastern"
    lines = [f"{head} Daylight Time", f"Table '{table}' 10-Max, Seat #{button} is the button"]
    lines += [
        f"Seat {s}: {n} ({_money(v)} in chips){tags.get(s, '')}" for s, (n, v) in sorted(seats.items(), reverse=True)
    ]
    if small:
        lines.append(f"{seats[small][0]}: posts small blind 0.25")
    lines += [f"{seats[big][0]}: posts big blind 0.50", "*** HOLE CARDS ***", f"Dealt to {seats[big][0]} [8c 8d]"]
    dealt = [s for s in sorted(seats) if s not in out]
    after_big = [s for s in dealt if s > big] + [s for s in dealt if s < big]
    winner = raiser or big
    if raiser:
        start = after_big.index(raiser)
        turn = after_big[start:] + [big] + after_big[:start]
        lines.append(f"{seats[raiser][0]}: raises 1.00 to 1.00")
        lines += [f"{seats[s][0]}: folds" for s in turn[1:]]
        returned, pot = 50, bb + (sb if small else 0) + 50
    else:
        lines += [f"{seats[s][0]}: folds" for s in after_big]
        returned, pot = bb - sb, 2 * sb
    lines += [
        f"Uncalled bet ({_money(returned)}) returned to {seats[winner][0]}",
        "*** SUMMARY ***",
        f"Total pot {_money(pot)} | Rake 0.00",
        "Board []",
    ]
    for s, (n, _) in sorted(seats.items(), reverse=True):
        lines.append(
            f"Seat {s}: {n} "
            + (
                "collected (0.00)"
                if s in out
                else f"collected ({_money(pot)})"
                if s == winner
                else "folded before Flop"
            )
        )
    ends = dict(seats)
    paid = {small: sb, big: bb} if small else {big: bb}
    if raiser:
        paid[raiser] = 100
    for s, v in paid.items():
        ends[s] = (seats[s][0], seats[s][1] - v)
    ends[winner] = (seats[winner][0], ends[winner][1] + pot + returned)
    return "\n".join(lines) + "\n", ends


_SIX = {1: ("Al", 2500), 2: ("Bo", 2500), 3: ("Cy", 2500), 4: ("Di", 2500), 5: ("Ed", 2500)}


def _table_codes(tmp_path, *hands: str) -> list[tuple[str, str]]:
    return [(f.code, r.hand_id) for r in validate_text(tmp_path, *hands) for f in r.findings]


def test_the_big_blind_moves_and_the_button_lands_on_a_player_sitting_out(tmp_path):
    """…201108.txt 15:04-15:05: Bo sits out on seat 3 in both hands; the big blind moves from seat 4 to 5, the
    last big blind posts the small blind and the button lands on Bo's seat, between the last button and the
    small blind (`moving_big_blind`): no HH412, though Cy on seat 2 was the next player dealt into the last hand."""
    seats = {1: ("Al", 2500), 2: ("Cy", 2500), 3: ("Bo", 2500), 4: ("Di", 2500), 5: ("Ed", 2500)}
    first, ends = _table_hand(900300001, 4, 1, seats, 2, 4, out=frozenset({3}))
    second, _ = _table_hand(900300002, 5, 3, ends, 4, 5, out=frozenset({3}))
    assert _table_codes(tmp_path, first, second) == []


def test_near_miss_the_button_on_a_player_sitting_out_after_the_blinds_moved_two_players_is_hh412(tmp_path):
    """The same second hand after a hand whose big blind was on seat 2: the big blind moved two players on
    (4 was next), and the button is past Al's seat 1: HH412 stays."""
    seats = {1: ("Al", 2500), 2: ("Cy", 2500), 3: ("Bo", 2500), 4: ("Di", 2500), 5: ("Ed", 2500)}
    first, ends = _table_hand(900300001, 4, 5, seats, 1, 2, out=frozenset({3}))
    second, _ = _table_hand(900300002, 5, 3, ends, 4, 5, out=frozenset({3}))
    assert _table_codes(tmp_path, first, second) == [("HH412", "900300002")]


def test_the_button_lands_on_a_seat_emptied_a_hand_before(tmp_path):
    """…201108.txt 15:08-15:10: Bo, the big blind on seat 2, leaves; the next hand has no small blind (Cy on 3
    posts the big blind, Di raises, all fold) and the button on Al's seat 1; the one after puts the button on
    the empty seat 2, Cy (the last big blind) posting the small blind: a dead button, no HH405 (nobody left
    seat 2 in the hand before it)."""
    first, ends = _table_hand(900300001, 8, 5, _SIX, 1, 2)
    del ends[2]
    second, ends = _table_hand(900300002, 9, 1, ends, 0, 3, raiser=4)
    third, _ = _table_hand(900300003, 10, 2, ends, 3, 4)
    assert _table_codes(tmp_path, first, second, third) == []


def test_near_miss_a_button_on_an_empty_seat_with_the_blinds_not_moved_is_hh405(tmp_path):
    """Seat 2 empty in both hands, the button on it and the blinds where they were (3 and 4): HH405 stays."""
    seats = {s: v for s, v in _SIX.items() if s != 2}
    first, ends = _table_hand(900300001, 8, 1, seats, 3, 4)
    second, _ = _table_hand(900300002, 9, 2, ends, 3, 4)
    assert _table_codes(tmp_path, first, second) == [("HH405", "900300002")]


def _stale_zero(printed: int) -> str:
    """…201108.txt 15:08: Ed has rebought, but his seat line still prints the 0.00 he busted with, and he posts the
    big blind: HH404 and HH119 (the hand's money does not fit its stacks)."""
    seats = {**_SIX, 5: ("Ed", printed)}
    return _table_hand(900300001, 8, 3, seats, 4, 5)[0]


# the next hand, with the stacks Ed's rebuy to 25.00 and the walk really left, but Ed printed with 20.00
_AFTER_REBUY = _table_hand(900300002, 9, 4, {**_SIX, 4: ("Di", 2475), 5: ("Ed", 2000)}, 5, 1)[0]


def test_no_stack_comparison_after_a_hand_whose_stacks_do_not_hold_its_money(tmp_path):
    """After a hand with HH404/HH119 its end stacks are unknown: the next hand's are not compared with them (no
    HH410 for Ed; in the corpus also no HH411 for a "return" from the 0 the replay left him with)."""
    found = _table_codes(tmp_path, _stale_zero(0), _AFTER_REBUY)
    assert {"HH404", "HH119"} <= {code for code, _ in found}
    assert [code for code, hand in found if hand == "900300002"] == []


def test_near_miss_after_a_sound_hand_the_stack_that_fell_is_hh410(tmp_path):
    """The same two hands with Ed printed with his 25.00 in the first: he ended it with 25.25, so 20.00 is HH410."""
    assert _table_codes(tmp_path, _stale_zero(2500), _AFTER_REBUY) == [("HH410", "900300002")]


def test_after_a_hand_whose_stacks_are_unknown_the_button_is_still_compared(tmp_path):
    """Its header and seats did parse: a button that skips a player after it is still HH412."""
    skipped = _table_hand(900300002, 9, 1, {**_SIX, 4: ("Di", 2475), 5: ("Ed", 2000)}, 2, 3)[0]
    found = [code for code, hand in _table_codes(tmp_path, _stale_zero(0), skipped) if hand == "900300002"]
    assert found == ["HH412"], found


def _rebuy(stack: int, table: str) -> list[tuple[str, str]]:
    """Ed sits out with 0.00 (…201108.txt 15:03: `Seat 5: Player8 (0.00 in chips) - Sitting out`), then is back
    with `stack`."""
    first, ends = _table_hand(900300001, 3, 1, {**_SIX, 5: ("Ed", 0)}, 2, 3, out=frozenset({5}), table=table)
    second, _ = _table_hand(900300002, 4, 2, {**ends, 5: ("Ed", stack)}, 3, 4, table=table)
    return first, second


def test_a_capped_table_takes_a_fifth_of_its_cap(tmp_path):
    """At `John Wayne (50bb)` (…201108.txt: 25.00 the largest stack, a rebuy to 5.00, a join with 9.00) the
    minimum is 10 big blinds: 5.00 is no HH411; 4.50 is, naming the table's minimum."""
    assert _table_codes(tmp_path, *_rebuy(500, "John Wayne (50bb)")) == []
    results = validate_text(tmp_path, *_rebuy(450, "John Wayne (50bb)"))
    [f] = [f for r in results for f in r.findings]
    assert f.code == "HH411" and "minimum buy-in of $5" in f.message, f.message


def test_near_miss_a_table_without_a_cap_keeps_the_default_minimum(tmp_path):
    """At a table whose name gives no cap, 5.00 (10 big blinds) is below the default 50: HH411."""
    assert _table_codes(tmp_path, *_rebuy(500, "Blade Runner")) == [("HH411", "900300002")]
