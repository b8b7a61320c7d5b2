"""Full Tilt Poker (archives; registry name `fulltilt`): the reader and the real Full Tilt hands of the corpus.

Every hand text here is written for the test in Full Tilt's format (checked against the corpus's
fpdb-3/fulltilt files), with made-up names and hand ids.
"""

from __future__ import annotations

import functools
import json
import textwrap
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

import pytest
from conftest import codes, events_of, validate_hands

from hhtool.dialects.fulltilt.parse import parse_fulltilt
from hhtool.dialects.fulltilt.reader import read_header
from hhtool.findings import Finding
from hhtool.grammar import Status
from hhtool.io import Block, read_blocks
from hhtool.io.split import split_chunks
from hhtool.model import BlindKind, Collect, Limit, PostAnte, PostBlind, RaiseTo, ReturnUncalled, Show, StreetPot
from hhtool.serialize import parse_result_dict
from hhtool.validate import validate_paths

GOLDEN = Path(__file__).parent / "golden" / "parse_fulltilt_tournament_hand.json"


def ft(text: str, *, file: str = "ft.txt"):
    """Parse one Full Tilt hand written inline (dedented), read as hhtool reads a file."""
    blocks = list(split_chunks(iter([textwrap.dedent(text).strip("\n").encode() + b"\n"]), file))
    assert len(blocks) == 1 and isinstance(blocks[0], Block) and blocks[0].dialect == "fulltilt", blocks
    return parse_fulltilt(blocks[0])


validate_text = functools.partial(validate_hands, name="ft.txt", separator="\n\n\n")


# A tournament hand: antes, thousands commas, an all-in whose players show their cards before the uncalled
# bet's return, the pot printed on the street markers, a chat line.
TOURNAMENT = """
    Full Tilt Poker Game #15300000001: $2,500 Guarantee (Cashout) (112000001), Table 65 - 15/30 Ante 5 - No Limit Hold'em - 10:45:05 CT - 2009/10/15 [11:45:05 ET - 2009/10/15]
    Seat 1: Ann (3,545)
    Seat 2: Bob (2,685)
    Seat 7: Hero (3,720)
    Ann antes 5
    Bob antes 5
    Hero antes 5
    Hero posts the small blind of 15
    Ann posts the big blind of 30
    The button is in seat #2
    *** HOLE CARDS ***
    Dealt to Hero [Kh Kd]
    Bob raises to 90
    Hero raises to 300
    Ann folds
    Bob calls 210
    *** FLOP *** [Td 4c 2s] (Total Pot: 645, 2 Players)
    Hero bets 630
    Bob calls 630
    *** TURN *** [Td 4c 2s] [6d] (Total Pot: 1,905, 2 Players)
    Hero bets 2,785, and is all in
    Bob: sorry, thinking
    Bob calls 1,750, and is all in
    Hero shows [Kh Kd]
    Bob shows [3c 5s]
    Uncalled bet of 1,035 returned to Hero
    *** RIVER *** [Td 4c 2s 6d] [6h] (Total Pot: 5,405, 2 Players, 2 All-In)
    Hero shows two pair, Kings and Sixes
    Bob shows a straight, Six high
    Bob wins the pot (5,405) with a straight, Six high
    *** SUMMARY ***
    Total pot 5,405 | Rake 0
    Board: [Td 4c 2s 6d 6h]
    Seat 1: Ann (big blind) folded before the Flop
    Seat 2: Bob (button) showed [3c 5s] and won (5,405) with a straight, Six high
    Seat 7: Hero (small blind) showed [Kh Kd] and lost with two pair, Kings and Sixes
"""

# A cash hand of the July 2010 client (date in words, time without seconds), won in a walk: no `wins` line.
WALK_2010 = """
    Full Tilt Poker Game #22400000001: Table Flash - $0.02/$0.05 - No Limit Hold'em - 15:13 ET - Wed, July 21, 2010
    Seat 1: Ann ($2.70)
    Seat 4: Bob ($15), is sitting out
    Seat 5: Cy ($8.56)
    Seat 6: Hero ($2)
    Cy posts the small blind of $0.02
    Hero posts the big blind of $0.05
    The button is in seat #1
    *** HOLE CARDS ***
    Dealt to Hero [Qs 4d]
    Ann has 8 seconds left to act
    Ann has timed out
    Ann folds
    Cy folds
    Uncalled bet of $0.03 returned to Hero
    Hero mucks
    *** SUMMARY ***
    Total pot $0.04 | Rake $0
    Seat 1: Ann (button) didn't bet (folded)
    Seat 4: Bob is sitting out
    Seat 5: Cy (small blind) folded before the Flop
    Seat 6: Hero (big blind) collected ($0.04), mucked
"""

# The 2013 game line (game before the stakes), a local and an ET clock, a pot on the flop marker, rake.
CASH_2013 = """
    Full Tilt Poker Game #32600000001: Table Vera (6 max) - NL Hold'em - $0.01/$0.02 - 18:38:07 UTC - 2013/05/24 [14:38:07 ET - 2013/05/24]
    Seat 2: Ann ($2)
    Seat 3: Hero ($2)
    Hero posts the small blind of $0.01
    Ann posts the big blind of $0.02
    The button is in seat #3
    *** HOLE CARDS ***
    Dealt to Hero [Jh 7d]
    Hero raises to $0.04
    Ann calls $0.02
    *** FLOP *** [3s Qs 6h] (Total Pot: $0.08, 2 Players)
    Ann checks
    Hero bets $0.04
    Zed sits down
    Zed adds $2
    Ann calls $0.04
    *** TURN *** [3s Qs 6h] [Tc] (Total Pot: $0.16, 2 Players)
    Ann checks
    Hero checks
    *** RIVER *** [3s Qs 6h Tc] [6c] (Total Pot: $0.16, 2 Players)
    Ann bets $0.08
    Hero calls $0.08
    *** SHOW DOWN ***
    Ann shows [Ks 5h] a pair of Sixes
    Hero mucks
    Ann wins the pot ($0.31) with a pair of Sixes
    *** SUMMARY ***
    Total pot $0.32 | Rake $0.01
    Board: [3s Qs 6h Tc 6c]
    Seat 2: Ann (big blind) showed [Ks 5h] and won ($0.31) with a pair of Sixes
    Seat 3: Hero (small blind) mucked [Jh 7d] - a pair of Sixes
"""


# -- golden parse ----------------------------------------------------------------------------------


def test_golden_tournament_hand():
    """The whole parse of the tournament hand, compared with tests/golden/parse_fulltilt_tournament_hand.json."""
    result = ft(TOURNAMENT)
    assert result.status is Status.PARSED and result.site == "fulltilt" and result.hand_id == "15300000001"
    got = json.loads(json.dumps(parse_result_dict(result), default=str))
    assert got == json.loads(GOLDEN.read_text(encoding="utf-8"))


# -- header eras -----------------------------------------------------------------------------------


def test_tournament_header_with_ante_and_the_et_clock():
    header = ft(TOURNAMENT).hand.header
    assert (header.tournament_id, header.buy_in, header.table, header.currency, header.scale) == (
        "112000001",
        "$2,500 Guarantee (Cashout)",
        "65",
        "chips",
        1,
    )
    assert (header.small_blind, header.big_blind, header.ante, header.button_seat) == (15, 30, 5, 2)
    assert header.time_zone == "CT" and header.time_utc == datetime(2009, 10, 15, 15, 45, 5, tzinfo=UTC)


def test_july_2010_date_in_words_and_time_without_seconds():
    header = ft(WALK_2010).hand.header
    assert header.time == datetime(2010, 7, 21, 15, 13) and header.time_zone == "ET"
    assert header.time_utc == datetime(2010, 7, 21, 19, 13, tzinfo=UTC)
    assert (header.table, header.currency, header.limit) == ("Flash", "USD", Limit.NO_LIMIT)


def test_2013_game_line_before_the_stakes_and_table_size():
    header = ft(CASH_2013).hand.header
    assert (header.table, header.max_seats, header.small_blind, header.big_blind) == ("Vera (6 max)", 6, 1, 2)
    assert header.server_time == datetime(2013, 5, 24, 14, 38, 7)


def test_limit_and_thousands_written_k():
    limit = WALK_2010.replace("$0.02/$0.05 - No Limit Hold'em", "$1/$2 - Limit Hold'em")
    header = ft(limit).hand.header
    assert (header.limit, header.small_blind, header.big_blind, header.big_bet) == (Limit.FIXED_LIMIT, 50, 100, 200)
    play = read_header(
        "Full Tilt Poker Game #29900000001: Table King (heads up, deep) - 500K/1000K - No Limit Hold'em"
        " - 21:40:27 ET - 2011/04/15",
        "Seat 1: Hero (119,556,500)",
        1,
    )
    assert (play.small_blind, play.big_blind, play.play_money, play.currency, play.max_seats) == (
        500000,
        1000000,
        True,
        "chips",
        2,
    )


@pytest.mark.parametrize("game", ["Pot Limit Omaha", "Razz", "7 Card Stud"])
def test_other_games_are_unsupported(game):
    result = ft(WALK_2010.replace("No Limit Hold'em", game))
    assert result.status is Status.UNSUPPORTED and [f.code for f in result.findings] == ["HH020"]


# -- quirks ------------------------------------------------------------------------------------------


def test_raises_print_the_street_total_and_all_in_without_hyphen():
    result = ft(TOURNAMENT)
    assert [(e.player, e.raise_by, e.raise_to) for e in events_of(result, RaiseTo)] == [
        ("Bob", 60, 90),
        ("Hero", 210, 300),
    ]
    assert [e.all_in for e in result.hand.events if getattr(e, "player", None) == "Bob" and hasattr(e, "all_in")][
        -1
    ] is True


def test_antes_blinds_and_the_button_line():
    result = ft(TOURNAMENT)
    assert [(e.player, e.amount) for e in events_of(result, PostAnte)] == [("Ann", 5), ("Bob", 5), ("Hero", 5)]
    assert [(e.player, e.blind, e.amount) for e in events_of(result, PostBlind)] == [
        ("Hero", BlindKind.SMALL, 15),
        ("Ann", BlindKind.BIG, 30),
    ]


def test_shows_before_the_uncalled_return_validate_clean(tmp_path):
    result = ft(TOURNAMENT)
    shows = events_of(result, Show)
    returned = events_of(result, ReturnUncalled)
    assert shows[0].line < returned[0].line
    assert codes(validate_text(tmp_path, TOURNAMENT)) == []


def test_street_marker_pots_are_checked(tmp_path):
    assert [p.main for p in events_of(ft(TOURNAMENT), StreetPot)] == [645, 1905, 5405]
    wrong = TOURNAMENT.replace("(Total Pot: 1,905, 2 Players)", "(Total Pot: 1,805, 2 Players)")
    assert codes(validate_text(tmp_path, wrong)) == ["HH223"]


def test_wins_the_pot_is_the_collect_and_a_walk_is_the_summary_award(tmp_path):
    assert [(e.player, e.amount) for e in events_of(ft(CASH_2013), Collect)] == [("Ann", 31)]
    walk = ft(WALK_2010)
    assert [(e.player, e.amount) for e in events_of(walk, Collect)] == [("Hero", 4)]
    assert codes(validate_text(tmp_path, WALK_2010, CASH_2013)) == []


def test_sitting_out_in_the_seat_line_or_in_the_summary_only(tmp_path):
    hand = ft(WALK_2010).hand
    assert [s.player for s in hand.seats if s.sitting_out] == ["Bob"]
    summary_only = WALK_2010.replace("($15), is sitting out", "($15)")
    assert [s.player for s in ft(summary_only).hand.seats if s.sitting_out] == ["Bob"]
    assert codes(validate_text(tmp_path, summary_only)) == []


def test_wrong_collect_is_reported(tmp_path):
    wrong = CASH_2013.replace("wins the pot ($0.31)", "wins the pot ($0.30)")
    assert "HH206" in codes(validate_text(tmp_path, wrong))


def test_utf16le_archive_with_bom_and_hm2_separators(tmp_path):
    """HM2 archives: `BEGIN` before the first hand, a blank line after each header, `**** # 2 ****` between
    hands; several Full Tilt files are UTF-16LE with a byte-order mark."""
    first = WALK_2010.replace("Full Tilt Poker Game", "FullTiltPoker Game").replace(
        "Wed, July 21, 2010\n", "Wed, July 21, 2010\n\n"
    )
    text = (
        "BEGIN\n"
        + textwrap.dedent(first).strip("\n")
        + "\n\n******************** # 2 *******************\n"
        + textwrap.dedent(CASH_2013).strip("\n")
        + "\n"
    )
    path = tmp_path / "archive.txt"
    path.write_bytes(b"\xff\xfe" + text.encode("utf-16-le"))
    results = validate_paths([path])
    hands = [r for r in results if not isinstance(r, Finding)]
    assert [(r.hand_id, r.status) for r in hands] == [("22400000001", "valid"), ("32600000001", "valid")]
    assert [f.code for f in results if isinstance(f, Finding)] == []


# -- the corpus --------------------------------------------------------------------------------------

# Genuinely broken hands of fpdb-3/fulltilt, each with why:
KNOWN_UNPARSED = {
    # `Observed.No.player.stacks`: an observer's copy with no seat lines at all
    "1083884910": "HH010",
    # a Flipout tournament whose stakes read `2B/2B Ante 2B`: no amounts
    "34541726731": "HH010",
    # run twice (`Players agree to Run It Twice`, `*** TURN 1 ***`, `wins pot 1 (…)`, `*** SUMMARY 1 ***`):
    # not read yet
    "29937911949": "HH010",
}
KNOWN_ERRORS = {
    # a walk in which the small blind's fold is missing (the summary says it folded) and nothing returns
    # the big blind's unmatched half
    "31493008322": {"HH122"},
}


def test_every_fulltilt_hand_of_the_corpus_parses(corpus):
    statuses: Counter = Counter()
    for path in sorted((corpus / "fpdb-3/fulltilt").rglob("*.txt")):
        for block in read_blocks(path):
            if isinstance(block, Finding):
                assert block.code == "HH002", block  # a BEGIN line, a tournament summary
                continue
            if block.dialect is None:  # text outside any hand: an archive's `BEGIN`, a tournament summary
                assert block.text.startswith(("BEGIN", "Full Tilt Poker Tournament Summary")), block
                continue
            assert block.dialect == "fulltilt"
            result = parse_fulltilt(block)
            statuses[result.status] += 1
            if result.status is not Status.PARSED:
                assert KNOWN_UNPARSED.get(result.hand_id) == result.findings[0].code, (path.name, result.findings)
    assert statuses == {Status.PARSED: 82, Status.UNPARSED: 3}, statuses  # two hands are in two files each


def test_fulltilt_corpus_validates_with_only_the_known_errors(corpus):
    results = [r for r in validate_paths([corpus / "fpdb-3/fulltilt"]) if not isinstance(r, Finding)]
    errors = {
        r.hand_id: {f.code for f in r.findings if f.severity.value == "error"}
        for r in results
        if r.status != "unparsed"
    }
    assert {hand: found for hand, found in errors.items() if found} == KNOWN_ERRORS


def test_fpdb_sidecars_agree_per_player(corpus):
    """The `.hp` files (fpdb's per-player figures of a file's first hand): start stack, winnings and profit."""
    import ast
    import re

    checked = 0
    for hp in sorted((corpus / "fpdb-3/fulltilt").rglob("*.txt.hp")):
        # a Python literal but for Decimal(...) and datetime(...) values, which the figures compared are not
        literal = re.sub(r"(?:Decimal|datetime\.datetime)\([^()]*\)", "None", hp.read_text())
        expected = ast.literal_eval(literal)
        result = next(r for r in validate_paths([hp.with_suffix("")]) if not isinstance(r, Finding))
        won = result.state.collected_by()
        for name, player in result.state.players.items():
            if name not in expected:  # fpdb leaves out the seats sitting out
                assert not player.dealt_in
                continue
            got = (player.start, won.get(name, 0), won.get(name, 0) - player.total)
            assert got == tuple(expected[name][k] for k in ("startCash", "winnings", "totalProfit")), name
            checked += 1
    assert checked >= 13


# -- the writer --------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", [TOURNAMENT, WALK_2010, CASH_2013], ids=["tournament", "walk", "cash-2013"])
def test_writer_prints_the_hand_back(text):
    """What the writer prints the reader reads back into the same hand (line numbers aside)."""
    from hhtool.dialects.fulltilt.writer import render_hand
    from hhtool.dialects.pokerstars.writer import without_lines

    hand = ft(text).hand
    again = ft(render_hand(hand)).hand
    assert without_lines(again) == without_lines(hand)


def test_writer_refuses_what_full_tilt_cannot_say():
    from hhtool.dialects.fulltilt.writer import render_hand

    hand = ft(CASH_2013).hand
    import msgspec

    straddled = msgspec.structs.replace(hand, events=(PostBlind(5, "Ann", BlindKind.STRADDLE, 4, False), *hand.events))
    with pytest.raises(ValueError):
        render_hand(straddled)


def test_fulltilt_wording():
    from hhtool.dialects.fulltilt.wording import description_matches

    assert description_matches("a pair of Twos", ("2c", "2d", "Ks", "9h", "7c", "5d", "3s"))
    assert description_matches("Ace King high", ("Ac", "Kd", "9s", "7h", "5c", "3d", "2s"))
    assert description_matches("a straight, Five high", ("Ac", "2d", "3s", "4h", "5c", "Jd", "9s"))
    assert not description_matches("a pair of Deuces", ("2c", "2d", "Ks", "9h", "7c", "5d", "3s"))


# A deep-stack MTT's first hand in the file (…NLHE-9max-MTT-USD-1-201305.deep.stack.guar.txt): the button in the
# empty seat 9, the small blind on seat 1 and the big blind on seat 2, the next occupied seats after it.
DEAD_BUTTON_FIRST = """
    Full Tilt Poker Game #32641700001: $750 Guarantee (253683109), Table 86 - NL Hold'em - 120/240 Ante 25 - 18:40:01 UTC - 2013/05/12 [14:40:01 ET - 2013/05/12]
    Seat 1: Hero (3,000)
    Seat 2: Ann (3,719)
    Seat 3: Bob (7,389)
    Seat 4: Cy (16,825)
    Hero antes 25
    Ann antes 25
    Bob antes 25
    Cy antes 25
    Hero posts the small blind of 120
    Ann posts the big blind of 240
    The button is in seat #9
    *** HOLE CARDS ***
    Dealt to Hero [8s 5h]
    Bob folds
    Cy folds
    Hero folds
    Uncalled bet of 120 returned to Ann
    Ann mucks
    Ann wins the pot (340)
    *** SUMMARY ***
    Total pot 340 | Rake 0
    Seat 1: Hero (small blind) folded before the Flop
    Seat 2: Ann (big blind) collected (340), mucked
    Seat 3: Bob folded before the Flop
    Seat 4: Cy folded before the Flop
"""


def test_a_tables_first_hand_may_have_a_dead_button(tmp_path):
    """Issue 24 (§9.1): the button in the empty seat 9, the blinds on seats 1 and 2: the dead-button rule, no
    HH405. Near misses: the button in the empty seat 3 (Bob's seat left out), where seat 4 would post the small
    blind: HH405. The next hand moves the button on to Hero's seat 1 (clean); kept on the empty seat 9 with
    the blinds moved on, it is no dead button (nobody left seat 9): HH405."""
    assert ft(DEAD_BUTTON_FIRST).hand.header.button_seat == 9
    assert codes(validate_text(tmp_path, DEAD_BUTTON_FIRST)) == []
    no_bob = "\n".join(line for line in DEAD_BUTTON_FIRST.splitlines() if "Bob" not in line)
    no_bob = no_bob.replace("seat #9", "seat #3").replace("(340)", "(315)").replace("pot 340", "pot 315")
    assert "HH405" in codes(validate_text(tmp_path, no_bob, name="seat3.txt"))
    after = NEXT_AFTER_DEAD_BUTTON
    assert codes(validate_text(tmp_path, DEAD_BUTTON_FIRST, after, name="two.txt")) == []
    kept = after.replace("seat #1", "seat #9").replace("Seat 1: Hero (button)", "Seat 1: Hero")
    assert "HH405" in codes(validate_text(tmp_path, DEAD_BUTTON_FIRST, kept, name="kept.txt"))


NEXT_AFTER_DEAD_BUTTON = """
    Full Tilt Poker Game #32641700002: $750 Guarantee (253683109), Table 86 - NL Hold'em - 120/240 Ante 25 - 18:40:31 UTC - 2013/05/12 [14:40:31 ET - 2013/05/12]
    Seat 1: Hero (2,855)
    Seat 2: Ann (3,914)
    Seat 3: Bob (7,364)
    Seat 4: Cy (16,800)
    Hero antes 25
    Ann antes 25
    Bob antes 25
    Cy antes 25
    Ann posts the small blind of 120
    Bob posts the big blind of 240
    The button is in seat #1
    *** HOLE CARDS ***
    Dealt to Hero [9c 4d]
    Cy folds
    Hero folds
    Ann folds
    Uncalled bet of 120 returned to Bob
    Bob mucks
    Bob wins the pot (340)
    *** SUMMARY ***
    Total pot 340 | Rake 0
    Seat 1: Hero (button) folded before the Flop
    Seat 2: Ann (small blind) folded before the Flop
    Seat 3: Bob (big blind) collected (340), mucked
    Seat 4: Cy folded before the Flop
"""


# A Sit & Go whose big blind busts (NLHE-6max-SnG-USD-5-201305.txt): Bob (seat 2) loses all-in as the big
# blind; the next hand has no small blind (Cy on seat 3 posts the big blind, the button moves to Ann's seat
# 1); the hand after puts the button on Bob's empty seat 2, Cy (the last big blind) posts the small blind.
SNG_HEADER = (
    "Full Tilt Poker Game #3265440000{n}: $5 Sit & Go (Super Turbo) (253843023), Table 1 - NL Hold'em - "
    "15/30 - 19:0{m}:{s} ET - 2013/05/14"
)
SNG_BUSTS = (
    SNG_HEADER.format(n=1, m=2, s=47)
    + """
    Seat 1: Ann (300)
    Seat 2: Bob (300)
    Seat 3: Cy (300)
    Seat 4: Hero (300)
    Ann posts the small blind of 15
    Bob posts the big blind of 30
    The button is in seat #4
    *** HOLE CARDS ***
    Dealt to Hero [3c Kh]
    Cy folds
    Hero folds
    Ann raises to 300, and is all in
    Bob calls 270, and is all in
    Ann shows [Th 5h]
    Bob shows [5c Ah]
    *** FLOP *** [Kc Td 8s] (Total Pot: 600, 2 Players, 2 All-In)
    *** TURN *** [Kc Td 8s] [6c] (Total Pot: 600, 2 Players, 2 All-In)
    *** RIVER *** [Kc Td 8s 6c] [Qs] (Total Pot: 600, 2 Players, 2 All-In)
    Ann shows a pair of Tens
    Bob shows Ace King high
    Ann wins the pot (600) with a pair of Tens
    *** SUMMARY ***
    Total pot 600 | Rake 0
    Board: [Kc Td 8s 6c Qs]
    Seat 1: Ann (small blind) showed [Th 5h] and won (600) with a pair of Tens
    Seat 2: Bob (big blind) showed [5c Ah] and lost with Ace King high
    Seat 3: Cy didn't bet (folded)
    Seat 4: Hero (button) didn't bet (folded)
"""
)
SNG_NO_SMALL_BLIND = (
    SNG_HEADER.format(n=2, m=3, s=11)
    + """
    Seat 1: Ann (600)
    Seat 3: Cy (300)
    Seat 4: Hero (300)
    Cy posts the big blind of 30
    The button is in seat #1
    *** HOLE CARDS ***
    Dealt to Hero [2d Jh]
    Hero folds
    Ann raises to 90
    Cy folds
    Uncalled bet of 60 returned to Ann
    Ann mucks
    Ann wins the pot (60)
    *** SUMMARY ***
    Total pot 60 | Rake 0
    Seat 1: Ann (button) collected (60), mucked
    Seat 3: Cy (big blind) folded before the Flop
    Seat 4: Hero didn't bet (folded)
"""
)
SNG_DEAD_BUTTON = (
    SNG_HEADER.format(n=3, m=3, s=36)
    + """
    Seat 1: Ann (630)
    Seat 3: Cy (270)
    Seat 4: Hero (300)
    Cy posts the small blind of 15
    Hero posts the big blind of 30
    The button is in seat #2
    *** HOLE CARDS ***
    Dealt to Hero [4c 4d]
    Ann folds
    Cy folds
    Uncalled bet of 15 returned to Hero
    Hero mucks
    Hero wins the pot (30)
    *** SUMMARY ***
    Total pot 30 | Rake 0
    Seat 1: Ann didn't bet (folded)
    Seat 3: Cy (small blind) folded before the Flop
    Seat 4: Hero (big blind) collected (30), mucked
"""
)


def test_the_button_goes_onto_a_busted_big_blinds_seat_by_the_dead_button_rule(tmp_path):
    """Issue 24 (§9.1, `moving_big_blind`): the big blind busts, the next hand has no small blind, the hand after
    has a dead button on the big blind's empty seat: clean (HH405 before). Near miss: straight from the bust
    to that dead button, which skips Ann (seat 1, dealt into both hands) and moves the big blind two players
    on: HH405 or HH412 stays."""
    sng = "\n".join(
        line.strip() for line in (SNG_BUSTS + "\n\n\n" + SNG_NO_SMALL_BLIND + "\n\n\n" + SNG_DEAD_BUTTON).splitlines()
    )
    assert codes(validate_text(tmp_path, sng, name="sng.txt")) == []
    skipped = "\n".join(line.strip() for line in (SNG_BUSTS + "\n\n\n" + SNG_DEAD_BUTTON).splitlines())
    assert {"HH405", "HH412"} & set(codes(validate_text(tmp_path, skipped, name="skipped.txt")))
