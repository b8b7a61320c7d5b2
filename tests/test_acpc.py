"""ACPC dealer logs: the reader, its game definitions, the payoff checks (HH046, HH047) and the corpus.

The STATE lines here are written for these tests in the dealer's format (FORMATS.md §5.1), with made-up
player names; the corpus test reads the 2017 logs in /work/shared/corpus/acpc (skipped without
HHTOOL_CORPUS).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from clikit import run

from hhtool.dialects.acpc.game import DEFAULT, ENVIRONMENT, GameError, parse_game
from hhtool.grammar import Status, parse_block
from hhtool.io import Block
from hhtool.model import (
    Bet,
    BlindKind,
    Call,
    Check,
    Collect,
    DealHole,
    Fold,
    Limit,
    PostBlind,
    RaiseTo,
    Show,
    Street,
    StreetStart,
)
from hhtool.serialize import parse_result_dict
from hhtool.validate import validate_paths

GOLDEN = Path(__file__).parent / "golden" / "parse_acpc_hand.json"
HEADER = (
    "# name/game/hands/seed Alpha.Beta.1.0 project_acpc_server/holdem.nolimit.2p.reverse_blinds.game 3000 7\n"
    "#--t_response 600000\n"
)
SHOWDOWN = "STATE:5:r250c/cc/cr600c/cc:AsAd|7c2h/Ks9d4c/Jh/3s:600|-600:Alpha|Beta"
RAISE_FOLD = "STATE:2:r200f:3d7c|Jd6h:-100|100:Alpha|Beta"
LIMP_FOLD = "STATE:3:f:JcQc|Tc4d:50|-50:Alpha|Beta"
ALL_IN = "STATE:9:r20000c///:AhAc|KdKs/2c7d9h/Tc/4s:20000|-20000:Alpha|Beta"
# all-in on the turn: KdKs wins only on the two Kings left of 44 rivers, so AhAc's payoff is
# 40,000 x 42/44 - 20,000 = 18181.818182 (the dealer prints EV payoffs with six decimals)
ALL_IN_EV = "STATE:11:cc/cc/r20000c/:AhAc|KdKs/2c7d9h/Tc/4s:18181.818182|-18181.818182:Alpha|Beta"

LIMIT_GAME = """\
# a limit game, as the ACPC server's holdem.limit.2p.reverse_blinds.game
GAMEDEF
limit
numPlayers = 2
numRounds = 4
blind = 10 5
raiseSize = 10 10 20 20
firstPlayer = 2 1 1 1
maxRaises = 3 4 4 4
numSuits = 4
numRanks = 13
numHoleCards = 2
numBoardCards = 0 3 1 1
END GAMEDEF
"""

THREE_HANDED = """\
GAMEDEF
nolimit
numPlayers = 3
numRounds = 4
stack = 10000 10000 10000
blind = 50 100 0
firstPlayer = 3 1 1 1
numSuits = 4
numRanks = 13
numHoleCards = 2
numBoardCards = 0 3 1 1
END GAMEDEF
"""


def read(line: str, file: str = "Alpha.Beta.1.0.log", at: int = 1):
    return parse_block(Block(file, at, 1, "acpc", line + "\n"))


def log(tmp_path: Path, *lines: str, name: str = "Alpha.Beta.1.0.log", header: str = HEADER) -> Path:
    path = tmp_path / name
    path.write_text(header + "".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def codes(path: Path) -> list[list[str]]:
    return [[f.code for f in r.findings] for r in validate_paths([path])]


# -- reading ---------------------------------------------------------------------------------------
def test_golden_showdown_hand_events_exactly():
    result = read(SHOWDOWN, at=12)
    assert result.status is Status.PARSED and result.hand_id == "Alpha_Beta_1_0-5"
    hand = result.hand
    header = hand.header
    assert (header.site, header.limit, header.small_blind, header.big_blind, header.currency, header.scale) == (
        "acpc",
        Limit.NO_LIMIT,
        50,
        100,
        "chips",
        1,
    )
    assert (header.table, header.max_seats, header.button_seat, header.time) == ("Alpha.Beta.1.0", 2, 2, None)
    assert [(s.seat, s.player, s.stack) for s in hand.seats] == [(1, "Alpha", 20000), (2, "Beta", 20000)]
    n = 12
    assert hand.events == (
        PostBlind(n, "Beta", BlindKind.SMALL, 50, False),
        PostBlind(n, "Alpha", BlindKind.BIG, 100, False),
        StreetStart(n, Street.PREFLOP, 0, ()),
        DealHole(n, "Alpha", ("As", "Ad")),
        DealHole(n, "Beta", ("7c", "2h")),
        RaiseTo(n, "Beta", 150, 250, False, False),
        Call(n, "Alpha", 150, False, False),
        StreetStart(n, Street.FLOP, 0, ("Ks", "9d", "4c")),
        Check(n, "Alpha"),
        Check(n, "Beta"),
        StreetStart(n, Street.TURN, 0, ("Ks", "9d", "4c", "Jh")),
        Check(n, "Alpha"),
        Bet(n, "Beta", 350, False, False),
        Call(n, "Alpha", 350, False, False),
        StreetStart(n, Street.RIVER, 0, ("Ks", "9d", "4c", "Jh", "3s")),
        Check(n, "Alpha"),
        Check(n, "Beta"),
        StreetStart(n, Street.SHOWDOWN, 0, ()),
        Show(n, "Alpha", ("As", "Ad"), None),
        Show(n, "Beta", ("7c", "2h"), None),
        Collect(n, "Alpha", 1200, None),
    )
    assert hand.claims.rake == 0 and hand.claims.total_pot is None


def test_golden_json():
    """`parse_result_dict` of the golden hand, compared with tests/golden/parse_acpc_hand.json."""
    got = json.loads(
        json.dumps(parse_result_dict(read(SHOWDOWN, file="golden/Alpha.Beta.1.0.log")), ensure_ascii=False)
    )
    assert got == json.loads(GOLDEN.read_text(encoding="utf-8"))


def test_raise_amounts_are_hand_totals_turned_into_street_totals():
    # flop: Alpha bets to 400 in the hand (300 on the street), Beta raises to 1000 (900 on the street)
    hand = read("STATE:6:cc/r400r1000c/cc/cc:AsAd|7c2h/Ks9d4c/Jh/3s:1000|-1000:Alpha|Beta").hand
    betting = [e for e in hand.events if type(e) in (Bet, RaiseTo, Call, Check)][:5]
    assert betting == [
        Call(1, "Beta", 50, False, False),
        Check(1, "Alpha"),
        Bet(1, "Alpha", 300, False, False),
        RaiseTo(1, "Beta", 600, 900, False, False),
        Call(1, "Alpha", 600, False, False),
    ]
    assert read("STATE:6:cc/r400r1000c/cc/cc:AsAd|7c2h/Ks9d4c/Jh/3s:1000|-1000:Alpha|Beta").findings == ()


def test_reverse_blinds_the_first_listed_player_posts_the_big_blind_and_acts_first_after_the_flop():
    hand = read(SHOWDOWN).hand
    blinds = [(e.player, e.blind) for e in hand.events if type(e) is PostBlind]
    assert blinds == [("Beta", BlindKind.SMALL), ("Alpha", BlindKind.BIG)]
    flop = hand.events.index(next(e for e in hand.events if type(e) is StreetStart and e.street is Street.FLOP))
    assert hand.events[flop + 1] == Check(1, "Alpha")


def test_an_all_in_deals_the_rest_of_the_board_with_empty_rounds():
    hand = read(ALL_IN).hand
    boards = [e.board for e in hand.events if type(e) is StreetStart and e.board]
    assert boards[-1] == ("2c", "7d", "9h", "Tc", "4s")
    assert [e for e in hand.events if type(e) is RaiseTo] == [RaiseTo(1, "Beta", 19900, 20000, True, False)]
    assert [e for e in hand.events if type(e) is Call] == [Call(1, "Alpha", 19900, True, False)]


def test_comment_lines_belong_to_the_first_hand_not_stray_text(tmp_path):
    path = log(tmp_path, LIMP_FOLD, RAISE_FOLD)
    results = list(validate_paths([path]))
    assert [(r.hand_id, r.line, r.status) for r in results] == [
        ("Alpha_Beta_1_0-3", 1, "valid"),
        ("Alpha_Beta_1_0-2", 4, "valid"),
    ]
    assert [f.line for r in results for f in r.findings] == []


def test_the_uncalled_part_of_a_raise_is_derived_and_the_payoffs_checked(tmp_path):
    assert codes(log(tmp_path, RAISE_FOLD)) == [[]]


@pytest.mark.parametrize(
    "line, message",
    [
        ("STATE:1:x:JcQc|Tc4d:50|-50:Alpha|Beta", "is not an action"),
        ("STATE:1:ff:JcQc|Tc4d:50|-50:Alpha|Beta", "after the hand is over"),
        ("STATE:1:r20000c///c:JcQc|Tc4d/2c7d9h/Tc/4s:0|0:Alpha|Beta", "no player can act"),
        ("STATE:1:r50000c///:JcQc|Tc4d/2c7d9h/Tc/4s:0|0:Alpha|Beta", "raises to 50000"),
        ("STATE:1:f:JcQc|Tc:50|-50:Alpha|Beta", "is not 2 cards"),
        ("STATE:1:f:JcQc|Tc4d:50|-50:Alpha", "player names"),
        ("STATE:1:cc/cc:JcQc|Tc4d:0|0:Alpha|Beta", "card rounds"),
        ("STATE:1:f:JcQc|Tc4d:fifty|-50:Alpha|Beta", "not numbers"),
        ("STATE:1:r" + "9" * 5000 + "c///:JcQc|Tc4d/2c7d9h/Tc/4s:0|0:Alpha|Beta", "beyond hhtool's limits"),
        ("STATE:1:f:JcQc|Tc4d:1e999999|-50:Alpha|Beta", "beyond hhtool's limits"),
    ],
)
def test_a_line_that_is_not_the_format_is_hh010_unparsed(line, message):
    result = read(line)
    assert result.status is Status.UNPARSED
    assert [f.code for f in result.findings] == ["HH010"] and message in result.findings[0].message


# -- payoffs ---------------------------------------------------------------------------------------
def test_payoffs_that_agree_with_the_cards_validate(tmp_path):
    assert codes(log(tmp_path, SHOWDOWN, ALL_IN, LIMP_FOLD)) == [[], [], []]


def test_payoffs_that_pay_the_wrong_player_are_the_replays_finding(tmp_path):
    wrong = SHOWDOWN.replace(":600|-600:", ":-600|600:")
    assert codes(log(tmp_path, wrong)) == [["HH303"]]


def test_hh046_payoffs_that_do_not_add_up_to_zero(tmp_path):
    result = read(LIMP_FOLD.replace("50|-50", "50|-40"))
    assert [f.code for f in result.findings] == ["HH046"]
    assert result.findings[0].message == "payoffs 50|-40 add up to 10, not 0"
    assert not [e for e in result.hand.events if type(e) is Collect]
    assert codes(log(tmp_path, LIMP_FOLD)) == [[]]  # passing: the same hand with its payoffs


def test_hh046_a_loss_larger_than_the_chips_put_in(tmp_path):
    # Beta folds its small blind; Alpha, who had 50 of its 100 left in, cannot lose 150
    result = read(LIMP_FOLD.replace("50|-50", "-150|150"))
    assert [f.code for f in result.findings] == ["HH046"]
    assert "Alpha's payoff -150 is more than the 50 chips" in result.findings[0].message


def test_hh047_expected_value_payoffs_are_kept_as_claims_and_checked_against_the_equity(tmp_path):
    result = read(ALL_IN_EV)
    assert result.status is Status.PARSED and result.findings == ()
    hand = result.hand
    assert hand.claims.ev_payoffs == (("Alpha", "18181.818182"), ("Beta", "-18181.818182"))
    assert not [e for e in hand.events if type(e) in (Show, Collect)]  # no chips won are made from them
    results = list(validate_paths([log(tmp_path, ALL_IN_EV)]))
    assert [(r.status, [(f.code, f.severity) for f in r.findings]) for r in results] == [("valid", [("HH047", "info")])]
    assert "checked against the equity" in results[0].findings[0].message
    assert codes(log(tmp_path, ALL_IN, name="b.log")) == [[]]  # passing: dealt-result payoffs, no HH047


def test_hh048_an_expected_value_payoff_the_equity_contradicts(tmp_path):
    wrong = ALL_IN_EV.replace("18181.818182|-18181.818182", "16000.000000|-16000.000000")
    (result,) = list(validate_paths([log(tmp_path, wrong)]))
    assert result.status == "invalid"
    found = [(f.code, f.message) for f in result.findings]
    assert found[0][0] == "HH047" and [code for code, _ in found[1:]] == ["HH048", "HH048"]
    assert found[1][1] == (
        "Alpha's expected-value payoff is 16000.000000; the equity of the 44 boards to come gives 18181.818182"
    )


def test_an_expected_value_payoff_rounds_to_six_decimals_and_a_tie_splits(tmp_path):
    # all-in on the turn with the same two ranks: a split on every river but the flush cards of one suit
    line = "STATE:12:cc/cc/r20000c/:AhKh|AdKc/2h7h9s/Tc/3s:0.000000|0.000000:Alpha|Beta"
    (result,) = list(validate_paths([log(tmp_path, line)]))
    assert [f.code for f in result.findings][:1] == ["HH047"]
    messages = [f.message for f in result.findings if f.code == "HH048"]
    # Alpha's hearts: 9 of the 44 rivers make Alpha a flush, the 35 others split: 40,000 x (9 + 35/2)/44 - 20,000
    assert messages and "gives 4090.909091" in messages[0]


def test_hh047_boards_beyond_the_limit_are_noted_not_enumerated(tmp_path, monkeypatch):
    from hhtool.rules import equity

    monkeypatch.setattr(equity, "MAX_BOARDS", 100)
    flop = "STATE:13:cc/r20000c//:AhAc|KdKs/2c7d9h/Tc/4s:1.000000|-1.000000:Alpha|Beta"  # 990 boards to come
    (result,) = list(validate_paths([log(tmp_path, flop)]))
    assert result.status == "valid" and [f.code for f in result.findings] == ["HH047"]
    assert "with 990 boards to come they are not enumerated (at most 100)" in result.findings[0].message


@pytest.mark.skipif(not os.environ.get("HHTOOL_CORPUS"), reason="HHTOOL_CORPUS is not set")
def test_the_corpus_pre_flop_ev_hand_agrees_with_all_its_boards(tmp_path, monkeypatch):
    """HITSZ.Slumbot hand 2088, all-in before the flop: its 1,712,304 boards enumerated (a few seconds)."""
    from hhtool.rules import equity

    monkeypatch.setattr(equity, "MAX_BOARDS", 2_000_000)
    line = next(
        text
        for text in (
            Path(os.environ["HHTOOL_CORPUS"]) / "acpc" / "2017-hunl-competition-logs" / "HITSZ.Slumbot.71.0.log"
        )
        .read_text(encoding="utf-8")
        .splitlines()
        if text.startswith("STATE:2088:")
    )
    (result,) = list(validate_paths([log(tmp_path, line, name="HITSZ.Slumbot.71.0.log", header="")]))
    assert [(f.code, "checked against the equity" in f.message) for f in result.findings] == [("HH047", True)]


def test_a_whole_value_printed_with_decimals_is_an_ev_payoff_too(tmp_path):
    line = ALL_IN_EV.replace("18181.818182|-18181.818182", "20000.000000|-20000.000000")
    assert read(line).hand.claims.ev_payoffs == (("Alpha", "20000.000000"), ("Beta", "-20000.000000"))


# -- game definitions ------------------------------------------------------------------------------
def test_the_default_game_is_the_2017_heads_up_no_limit_game():
    assert (DEFAULT.limit, DEFAULT.players, DEFAULT.stacks, DEFAULT.blinds, DEFAULT.first_player) == (
        False,
        2,
        (20000, 20000),
        (100, 50),
        (1, 0, 0, 0),
    )
    assert DEFAULT.holdem


def test_a_limit_game_file_is_read_with_its_raise_sizes(tmp_path, monkeypatch):
    game = tmp_path / "limit.game"
    game.write_text(LIMIT_GAME, encoding="utf-8")
    monkeypatch.setenv(ENVIRONMENT, str(game))
    result = read("STATE:0:rc/crc/cc/cc:AsAd|7c2h/Ks9d4c/Jh/3s:30|-30:Alpha|Beta")
    hand = result.hand
    assert hand.header.limit is Limit.FIXED_LIMIT and (hand.header.small_bet, hand.header.big_bet) == (10, 20)
    assert [e for e in hand.events if type(e) in (RaiseTo, Bet)] == [
        RaiseTo(1, "Beta", 10, 20, False, False),
        Bet(1, "Beta", 10, False, False),
    ]


def test_acpc_game_option_reads_logs_with_the_file(tmp_path):
    game = tmp_path / "three.game"
    game.write_text(THREE_HANDED, encoding="utf-8")
    path = log(tmp_path, "STATE:4:r300ff:AhKh|2c7d|9s9c:-50|-100|150:Ann|Bob|Cid", header="")
    old = os.environ.get(ENVIRONMENT)
    try:
        result = run("validate", str(path), "--acpc-game", str(game))
        assert result.exit_code == 0, result.output
        assert "valid 1" in result.stdout
        os.environ.pop(ENVIRONMENT, None)
        without = run("validate", str(path), "--isolated")
        # the default game has two players: three names are HH010
        assert without.exit_code == 1 and "HH010" in without.stdout
    finally:
        if old is None:
            os.environ.pop(ENVIRONMENT, None)
        else:
            os.environ[ENVIRONMENT] = old


def test_three_handed_the_button_is_the_seat_before_the_small_blind(tmp_path, monkeypatch):
    game = tmp_path / "three.game"
    game.write_text(THREE_HANDED, encoding="utf-8")
    monkeypatch.setenv(ENVIRONMENT, str(game))
    hand = read("STATE:4:r300ff:AhKh|2c7d|9s9c:-50|-100|150:Ann|Bob|Cid").hand
    assert hand.header.button_seat == 3
    assert [(e.player, type(e).__name__) for e in hand.events if type(e) in (RaiseTo, Fold)] == [
        ("Cid", "RaiseTo"),
        ("Ann", "Fold"),
        ("Bob", "Fold"),
    ]


def test_a_game_that_is_not_holdem_is_unsupported(tmp_path, monkeypatch):
    game = tmp_path / "leduc.game"
    game.write_text(THREE_HANDED.replace("numRanks = 13", "numRanks = 3"), encoding="utf-8")
    monkeypatch.setenv(ENVIRONMENT, str(game))
    result = read(LIMP_FOLD)
    assert result.status is Status.UNSUPPORTED and [f.code for f in result.findings] == ["HH020"]


@pytest.mark.parametrize(
    "text, message",
    [
        ("nolimit\nnumPlayers = 2\n", "before GAMEDEF"),
        ("GAMEDEF\nnumPlayers = 2\nnumRounds = 4\nEND GAMEDEF\n", "no betting type"),
        ("GAMEDEF\nnolimit\nnumPlayers = 2\nnumRounds = 4\nblind = 100\nEND GAMEDEF\n", "blind has 1 values"),
        ("GAMEDEF\nlimit\nnumPlayers = 2\nnumRounds = 4\nblind = 10 5\nEND GAMEDEF\n", "raiseSize"),
        ("GAMEDEF\nnolimit\nnumPlayers = two\nEND GAMEDEF\n", "whole numbers"),
        ("GAMEDEF\nnolimit\nbigBlind = 2\nEND GAMEDEF\n", "not a game definition line"),
        (
            (
                "GAMEDEF\nnolimit\nnumPlayers = 2\nnumRounds = 4\nstack = 1 10000000000000000000\nblind = 2 1\n"
                "END GAMEDEF\n"
            ),
            "hhtool's limits",
        ),
    ],
)
def test_a_bad_game_file_says_what_is_wrong(text, message):
    with pytest.raises(GameError, match=message):
        parse_game(text)


def test_a_bad_game_file_given_as_option_is_a_usage_error(tmp_path):
    game = tmp_path / "bad.game"
    game.write_text("GAMEDEF\nEND GAMEDEF\n", encoding="utf-8")
    path = log(tmp_path, LIMP_FOLD)
    result = run("validate", str(path), "--acpc-game", str(game))
    assert result.exit_code == 2 and "--acpc-game" in result.stderr


# -- corpus ----------------------------------------------------------------------------------------
CORPUS = os.environ.get("HHTOOL_CORPUS")
EV_HANDS = {"HITSZ_Slumbot_71_0-" + n for n in ("112", "137", "373", "1385", "1773", "1791", "2088", "2363")}


@pytest.mark.skipif(not CORPUS, reason="HHTOOL_CORPUS is not set")
def test_every_corpus_hand_validates_and_its_payoffs_agree():
    folder = Path(CORPUS) / "acpc"
    results = list(validate_paths([folder]))
    assert len(results) == 8999
    assert {r.status for r in results} == {"valid"}
    noted = {r.hand_id for r in results if r.findings}
    assert noted == EV_HANDS  # each HH047 (info) only: its expected-value payoffs equal the equity (no HH048)
    assert {f.code for r in results for f in r.findings} == {"HH047"}
    checked = {r.hand_id for r in results for f in r.findings if "checked against the equity" in f.message}
    assert checked == EV_HANDS - {"HITSZ_Slumbot_71_0-2088"}  # all-in before the flop: past the limit
    # every hand with whole payoffs: each player's net in the replay (final stack less start) is the payoff
    payoffs = {}
    for path in folder.rglob("*.log"):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("STATE:"):
                _, number, _, _, paid, names = line.split(":")
                payoffs[f"{path.name[:-4].replace('.', '_')}-{number}"] = dict(zip(names.split("|"), paid.split("|")))
    checked = 0
    for r in results:
        if r.hand_id in EV_HANDS:
            continue
        nets = {name: final - r.state.players[name].start for name, final in r.state.final_stacks().items()}
        assert nets == {name: int(paid) for name, paid in payoffs[r.hand_id].items()}, r.hand_id
        checked += 1
    assert checked == 8999 - 8


# -- expected-value hands end where their payoffs say; 6-player (Pluribus) lines (issue 25) -----


def test_an_expected_value_hand_gives_each_player_the_stack_its_payoff_says(tmp_path):
    [result] = [r for r in validate_paths([log(tmp_path, ALL_IN_EV, name="ev.log")])]
    finals = result.state.final_stacks()
    # 20,000 + 18181.818182 and 20,000 - 18181.818182, in whole chips adding up to the 40,000 at the table
    assert finals == {"Alpha": 38182, "Beta": 1818}
    assert sum(finals.values()) == 40000
    [hh047] = [f for f in result.findings if f.code == "HH047"]
    assert "expected values" in hh047.message and "ends with the stack the payoff gives" in hh047.message
    # near miss: the same hand scored by the board dealt (AhAc holds): the pot is won, no HH047
    [dealt] = validate_paths(
        [log(tmp_path, ALL_IN_EV.replace("18181.818182|-18181.818182", "20000|-20000"), name="dealt.log")]
    )
    assert dealt.state.final_stacks() == {"Alpha": 40000, "Beta": 0} and dealt.findings == []


def test_a_whole_expected_value_pays_exactly():
    line = "STATE:7:r20000c///:AhAc|KdKs/2c7d9h/Tc/4s:20000.000000|-20000.000000:Alpha|Beta"
    [result] = [r for r in validate_paths([line_file(line)])]
    assert result.state.final_stacks() == {"Alpha": 40000, "Beta": 0}


def line_file(line: str, name: str = "Alpha.Beta.1.0.log") -> Path:
    import tempfile

    folder = Path(tempfile.mkdtemp())
    path = folder / name
    path.write_text(line + "\n", encoding="utf-8")
    return path


def _pluribus_line(play, stacks=(10000,) * 6, names=("Ann", "Bob", "Cid", "Dee", "Eve", "Fay")) -> str:
    """A 6-player STATE line as PokerKit writes the Pluribus protocol (`HandHistory.to_pluribus_protocol`) of a
    made-up no-limit hand with the Pluribus game's blinds (50/100)."""
    pokerkit = pytest.importorskip("pokerkit")
    automations = (
        pokerkit.Automation.ANTE_POSTING,
        pokerkit.Automation.BET_COLLECTION,
        pokerkit.Automation.BLIND_OR_STRADDLE_POSTING,
        pokerkit.Automation.CARD_BURNING,
        pokerkit.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        pokerkit.Automation.HAND_KILLING,
        pokerkit.Automation.CHIPS_PUSHING,
        pokerkit.Automation.CHIPS_PULLING,
    )
    game = pokerkit.NoLimitTexasHoldem(automations, True, 0, (50, 100), 100)
    state = game(list(stacks), 6)
    for cards in ("AsAh", "7c2d", "KsKh", "9d8d", "QcQd", "3h4h"):
        state.deal_hole(cards)
    play(state)
    hh = pokerkit.HandHistory.from_game_state(game, state, players=list(names), hand=4)
    return hh.to_pluribus_protocol()


def _raise_and_two_calls(state) -> None:
    state.fold()  # Cid
    state.complete_bet_or_raise_to(300)  # Dee
    state.fold()  # Eve
    state.fold()  # Fay
    state.check_or_call()  # Ann
    state.fold()  # Bob
    for board in ("2c5s9h", "Td", "Jh"):
        state.deal_board(board)
        state.check_or_call()
        state.check_or_call()


def test_a_six_player_pluribus_line_reads_without_a_game_file(tmp_path, monkeypatch):
    monkeypatch.delenv(ENVIRONMENT, raising=False)
    line = _pluribus_line(_raise_and_two_calls)
    assert line.startswith("STATE:4:") and line.endswith(":Ann|Bob|Cid|Dee|Eve|Fay")
    [result] = [r for r in validate_paths([log(tmp_path, line, name="pluribus.log", header="")])]
    assert result.status == "valid", result.findings
    hand = result.hand
    assert [(s.seat, s.player, s.stack) for s in hand.seats][:2] == [(1, "Ann", 10000), (2, "Bob", 10000)]
    assert [(e.player, e.blind, e.amount) for e in hand.events if type(e) is PostBlind] == [
        ("Ann", BlindKind.SMALL, 50),
        ("Bob", BlindKind.BIG, 100),
    ]
    assert hand.header.button_seat == 6
    assert [e.player for e in hand.events if type(e) in (Fold, RaiseTo)][:2] == ["Cid", "Dee"]  # UTG first
    # Ann holds AsAh against Dee's 9d8d: Ann wins Bob's 100 and Dee's 300
    assert result.state.final_stacks() == {
        "Ann": 10400,
        "Bob": 9900,
        "Cid": 10000,
        "Dee": 9700,
        "Eve": 10000,
        "Fay": 10000,
    }
    # near miss: a line of 3 names has no built-in game: HH010 saying so
    three = read("STATE:4:r300ff:AhKh|2c7d|9s9c:-50|-100|150:Ann|Bob|Cid")
    assert three.status is Status.UNPARSED and "no built-in ACPC game of 3" in three.findings[0].message


def test_a_halved_odd_chip_goes_to_the_first_winner_from_the_buttons_left(tmp_path, monkeypatch):
    monkeypatch.delenv(ENVIRONMENT, raising=False)
    # Ann (small blind) and Eve split 1,349 (562 each and Bob's 225): the Pluribus logs print 112.5 each
    line = (
        "STATE:0:ffr225fcc/ccc/ccc/ccr562cf:2cAc|9sTc|4c6s|Ks2d|6dAd|Jh5d/Qs9c4s/As/8d:"
        "112.5|-225.0|0.0|0.0|112.5|0.0:Ann|Bob|Cid|Dee|Eve|Fay"
    )
    [result] = [r for r in validate_paths([log(tmp_path, line, name="split.log", header="")])]
    assert result.status == "valid", result.findings
    assert [(e.player, e.amount) for e in result.hand.events if type(e) is Collect] == [("Ann", 675), ("Eve", 674)]
    assert result.state.final_stacks()["Ann"] == 10113 and sum(result.state.final_stacks().values()) == 60000


def test_the_six_player_game_is_built_in_by_name(tmp_path):
    from hhtool.dialects.acpc.game import BUILT_IN, SIX_PLAYER

    assert BUILT_IN["holdem.nolimit.6p.pluribus"] is SIX_PLAYER
    assert (SIX_PLAYER.players, SIX_PLAYER.stacks, SIX_PLAYER.blinds, SIX_PLAYER.first_player) == (
        6,
        (10000,) * 6,
        (50, 100, 0, 0, 0, 0),
        (2, 0, 0, 0),
    )
    path = log(tmp_path, RAISE_FOLD, header="")
    old = os.environ.get(ENVIRONMENT)
    try:  # named on the command line, the 6-player game reads a 2-player line as what it is not: HH010
        result = run("validate", str(path), "--acpc-game", "holdem.nolimit.6p.pluribus", "--isolated")
        assert result.exit_code == 1 and "HH010" in result.stdout
    finally:
        if old is None:
            os.environ.pop(ENVIRONMENT, None)
        else:
            os.environ[ENVIRONMENT] = old


def test_the_corpus_pluribus_phh_hands_written_as_pluribus_lines_read_to_the_same_stacks(corpus, tmp_path, monkeypatch):
    """PokerKit writes the corpus's Pluribus PHH hands back in the Pluribus log format; hhtool reads each line
    with no game given, to PokerKit's finishing stacks (the halved odd chips to the first winner)."""
    pokerkit = pytest.importorskip("pokerkit")
    monkeypatch.delenv(ENVIRONMENT, raising=False)
    same = 0
    for phh in sorted((corpus / "phh" / "pluribus").glob("*.phh")):
        hh = pokerkit.HandHistory.load(phh.open("rb"))
        line = hh.to_pluribus_protocol()
        [result] = [r for r in validate_paths([log(tmp_path, line, name=f"{phh.stem}.log", header="")])]
        assert result.status == "valid", (phh.name, result.findings)
        finals = result.state.final_stacks()
        want = hh.finishing_stacks
        assert all(abs(finals[name] - value) <= 0.5 for name, value in zip(hh.players, want)), (phh.name, finals)
        same += 1
    assert same == 20


def test_the_corpus_acpc_logs_conserve_chips_and_flag_expected_value_hands(corpus):
    results = [r for r in validate_paths([corpus / "acpc"])]
    assert len(results) == 8999 and all(r.status == "valid" for r in results)
    assert all(sum(r.state.final_stacks().values()) == 40000 for r in results)
    ev = [r for r in results if any(f.code == "HH047" for f in r.findings)]
    assert len(ev) == 8 and all(min(r.state.final_stacks().values()) > 0 for r in ev)
