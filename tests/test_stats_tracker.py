"""`hhtool stats` as a tracker: the hero, totals across stakes, positions, the HUD statistics, all-in EV,
hand filters and sort, each against a count made by hand on the hands of tests/test_stats.py (HANDS,
worked out in its docstring) and one more hand written here (EV_HAND).

The HUD statistics of HANDS, by hand (B = button, S = small blind, G = big blind; 3-handed: BTN, SB, BB):
- hand 1: Alice (BTN) folds first in: a steal opportunity, no steal; Bob (SB) folds, everyone before
  him having folded: an opportunity, no steal.
- hand 2: Bob (BTN) opens to $0.30 first in: steal opportunity and steal; Carol (SB) faces a raise: no
  opportunity; she 3-bets, Bob calls it: a fold-to-3-bet opportunity, no fold. Flop: Carol, the last
  pre-flop raiser, bets first: c-bet opportunity and c-bet (a post-flop bet); Bob folds to it: a fold
  to c-bet opportunity and a fold (a post-flop fold).
- hand 3: Carol (BTN) limps first in: steal opportunity, no steal; Alice (SB) raises after a limper:
  no steal opportunity. Flop: Alice, the last raiser, checks first: a c-bet opportunity, no c-bet;
  no c-bet, so nobody faces one. Turn: Alice bets (post-flop bet), Bob folds (post-flop fold), Carol
  calls (post-flop call).
So: steal opportunities/steals Alice 1/0, Bob 2/1, Carol 1/0; fold to 3-bet Bob 1/0; c-bet Alice 1/0,
Carol 1/1; fold to c-bet Bob 1/1; post-flop bets+raises/calls/folds Alice 1/0/0 (AF none, AFq 100),
Bob 0/0/2 (AF none, AFq 0), Carol 1/1/0 (AF 1.0, AFq 50); WWSF (saw the flop, won money) Alice 0 of 1,
Bob 0 of 2, Carol 2 of 2. Positions: each player was BTN, SB and BB once (Alice BTN in hand 1, BB in 2,
SB in 3; Bob SB, BTN, BB; Carol BB, SB, BTN); Carol won $0.05 as BB (hand 1), $0.91 as SB (hand 2:
$1.81 collected less $0.90), $1.20 as BTN (hand 3: $2.10 less $0.90).

EV_HAND ($0.10/$0.25, heads-up): all-in on the turn, Dave's [As Ad] against Erin's [Qh Jh] on
[Ah Kd 7c 2s]: Erin wins with a ten only (a straight; no other river helps her, none ties), 4 of the
44 cards left: Dave's equity 40/44 = 10/11 of the $19.50 the pot paid (a $20 pot, $0.50 rake), so his
EV net is 1950 × 10/11 − 1000 = 772.73¢ (773), 30.91 bb; Erin's 1950/11 − 1000 = −822.73¢ (−823),
−32.91 bb; his net won is +$9.50 (38 bb), hers −$10.
"""

from __future__ import annotations

import json
import re
import textwrap
from pathlib import Path

import pandas as pd
import pytest
from test_stats import HANDS
from typer.testing import CliRunner

from hhtool.cli import app
from hhtool.export.run import export_paths
from hhtool.stats import Hero, Query, stats
from hhtool.stats.allin import equities
from hhtool.stats.people import ANONYMOUS, ME
from hhtool.stats.positions import name, positions

SAMPLES = Path(__file__).resolve().parent.parent / "samples"

EV_HAND = textwrap.dedent("""\
    PokerStars Hand #300000000010:  Hold'em No Limit ($0.10/$0.25 USD) - 2020/04/18 10:00:00 ET
    Table 'Statica IV' 6-max Seat #1 is the button
    Seat 1: Dave ($10 in chips)
    Seat 2: Erin ($10 in chips)
    Dave: posts small blind $0.10
    Erin: posts big blind $0.25
    *** HOLE CARDS ***
    Dave: raises $0.50 to $0.75
    Erin: calls $0.50
    *** FLOP *** [Ah Kd 7c]
    Erin: checks
    Dave: bets $1
    Erin: calls $1
    *** TURN *** [Ah Kd 7c] [2s]
    Erin: bets $8.25 and is all-in
    Dave: calls $8.25 and is all-in
    *** RIVER *** [Ah Kd 7c 2s] [3h]
    *** SHOW DOWN ***
    Erin: shows [Qh Jh] (high card Ace)
    Dave: shows [As Ad] (three of a kind, Aces)
    Dave collected $19.50 from pot
    *** SUMMARY ***
    Total pot $20 | Rake $0.50
    Board [Ah Kd 7c 2s 3h]
    Seat 1: Dave (button) (small blind) showed [As Ad] and won ($19.50) with three of a kind, Aces
    Seat 2: Erin (big blind) showed [Qh Jh] and lost with high card Ace
    """)


@pytest.fixture(scope="module")
def dataset(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("tracker")
    (folder / "hands.txt").write_text(HANDS + "\n\n\n" + EV_HAND, encoding="utf-8")
    out = folder / "ds"
    export_paths([folder / "hands.txt"], out)
    return out


@pytest.fixture(scope="module")
def bovada_dataset(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("bovada") / "ds"
    export_paths([SAMPLES / "bovada-2012-cash-and-walk.txt", SAMPLES / "bovada-mvs-cash.txt"], out)
    return out


def _rows(frame: pd.DataFrame, *keys: str) -> dict:
    return {tuple(r[k] for k in keys) if len(keys) > 1 else r[keys[0]]: r for r in frame.to_dict("records")}


HUD = {  # worked out by hand, see the module docstring
    "Alice": {
        "steal_opportunities": 1,
        "steals": 0,
        "steal_pct": 0.0,
        "fold_to_three_bet_opportunities": 0,
        "fold_to_three_bet_pct": None,
        "cbet_opportunities": 1,
        "cbets": 0,
        "cbet_pct": 0.0,
        "fold_to_cbet_opportunities": 0,
        "fold_to_cbet_pct": None,
        "postflop_bets_raises": 1,
        "postflop_calls": 0,
        "postflop_folds": 0,
        "af": None,
        "afq_pct": 100.0,
        "won_saw_flop": 0,
        "wwsf_pct": 0.0,
    },
    "Bob": {
        "steal_opportunities": 2,
        "steals": 1,
        "steal_pct": 50.0,
        "fold_to_three_bet_opportunities": 1,
        "folds_to_three_bet": 0,
        "fold_to_three_bet_pct": 0.0,
        "cbet_opportunities": 0,
        "cbet_pct": None,
        "fold_to_cbet_opportunities": 1,
        "folds_to_cbet": 1,
        "fold_to_cbet_pct": 100.0,
        "postflop_bets_raises": 0,
        "postflop_calls": 0,
        "postflop_folds": 2,
        "af": None,
        "afq_pct": 0.0,
        "won_saw_flop": 0,
        "wwsf_pct": 0.0,
    },
    "Carol": {
        "steal_opportunities": 1,
        "steals": 0,
        "steal_pct": 0.0,
        "fold_to_three_bet_opportunities": 0,
        "cbet_opportunities": 1,
        "cbets": 1,
        "cbet_pct": 100.0,
        "fold_to_cbet_opportunities": 0,
        "postflop_bets_raises": 1,
        "postflop_calls": 1,
        "postflop_folds": 0,
        "af": 1.0,
        "afq_pct": 50.0,
        "won_saw_flop": 2,
        "wwsf_pct": 100.0,
    },
}


def test_hud_statistics_match_the_hand_counts(dataset):
    rows = _rows(stats(dataset), "player")
    for player, expected in HUD.items():
        for column, value in expected.items():
            assert rows[player][column] == value, (player, column, rows[player][column], value)
        assert rows[player]["all_in_hands"] == 0
        assert rows[player]["all_in_ev_net"] == rows[player]["net_won"]  # no all-in: EV is the net


def test_all_in_ev_is_the_equity_counted_by_hand(dataset):
    rows = _rows(stats(dataset), "player")
    dave, erin = rows["Dave"], rows["Erin"]
    assert (dave["net_won"], dave["net_won_bb"], erin["net_won"]) == (950, 38.0, -1000)
    assert (dave["all_in_hands"], dave["all_in_ev_net"], dave["all_in_ev_bb"]) == (1, 773, 30.91)
    assert (erin["all_in_hands"], erin["all_in_ev_net"], erin["all_in_ev_bb"]) == (1, -823, -32.91)
    assert dave["all_in_ev_bb_per_100"] == 3090.91


def test_equities_of_a_turn_all_in_and_a_split():
    won = equities({"Dave": ["As", "Ad"], "Erin": ["Qh", "Jh"]}, ["Ah", "Kd", "7c", "2s"], [(44, ["Dave", "Erin"])])
    assert won == {"Dave": 40, "Erin": 4}  # a pot of 44 chips: the boards won, one chip each
    # the same hand on the river board can only split: both play the board's straight
    won = equities({"A": ["2c", "3d"], "B": ["2h", "3s"]}, ["Th", "Jd", "Qc", "Ks", "Ah"], [(10, ["A", "B"])])
    assert won == {"A": 5, "B": 5}
    # a side pot only one of them can win: all of it to that one
    won = equities({"A": ["As", "Ad"], "B": ["Qh", "Jh"]}, ["Ah", "Kd", "7c", "2s"], [(44, ["A", "B"]), (7, ["A"])])
    assert won == {"A": 47, "B": 4}


def test_hero_aliases_add_up_in_one_row_per_stakes_and_across_stakes(dataset):
    query = Query(hero=Hero.of(["Alice", "Dave"]))
    rows = _rows(stats(dataset, query=query), "big_blind")
    assert set(rows) == {10, 25} and {r["player"] for r in rows.values()} == {"Alice"}
    assert rows[10]["hands"] == 3 and rows[10]["net_won"] == -100 and rows[10]["hero"]
    assert rows[25]["hands"] == 1 and rows[25]["net_won"] == 950
    # totals across stakes: -10 bb at $0.10 and +38 bb at $0.25: 28 bb in 4 hands, 700 bb/100; $8.50
    total = stats(dataset, query=Query(hero=Hero.of(["Alice", "Dave"]), by="currency")).to_dict("records")
    assert len(total) == 1
    assert {k: total[0][k] for k in ("site", "currency", "hands", "net_won", "net_won_bb", "bb_per_100")} == {
        "site": "all",
        "currency": "USD",
        "hands": 4,
        "net_won": 850,
        "net_won_bb": 28.0,
        "bb_per_100": 700.0,
    }
    # over every currency: big blinds add up, money does not
    every = stats(dataset, query=Query(hero=Hero.of(["Alice", "Dave"]), by="player")).to_dict("records")
    assert every[0]["currency"] == "all" and every[0]["net_won_bb"] == 28.0 and every[0]["net_won"] is None


def test_positions_of_the_hand_set(dataset):
    rows = _rows(stats(dataset, query=Query(by_position=True)), "player", "position")
    for player in ("Alice", "Bob", "Carol"):
        assert {p for (who, p) in rows if who == player} == {"BTN", "SB", "BB"}
    assert (rows[("Carol", "BB")]["net_won"], rows[("Carol", "SB")]["net_won"], rows[("Carol", "BTN")]["net_won"]) == (
        5,
        91,
        120,
    )
    assert rows[("Bob", "BTN")]["steals"] == 1 and rows[("Bob", "SB")]["steal_opportunities"] == 1
    assert rows[("Dave", "SB")]["hands"] == 1 and rows[("Erin", "BB")]["hands"] == 1  # heads-up: the button is SB


def _seats(seats: list[int], sb: int | None, bb: int) -> tuple[pd.DataFrame, pd.DataFrame]:
    frame = pd.DataFrame({"hand_uid": "h", "seat": seats, "player": [f"p{s}" for s in seats], "dealt_in": True})
    posts = [("post_small", sb)] if sb is not None else []
    posts.append(("post_big", bb))
    actions = pd.DataFrame(
        {
            "hand_uid": "h",
            "seq": range(len(posts)),
            "player": [f"p{s}" for _, s in posts],
            "action": [a for a, _ in posts],
        }
    )
    return frame, actions


@pytest.mark.parametrize(
    ("seats", "sb", "bb", "expected"),
    [
        # a full ring, seats up clockwise: the big blind on 5, then UTG on 6 … the button on 3
        (
            list(range(1, 10)),
            4,
            5,
            {6: "UTG", 7: "UTG+1", 8: "UTG+2", 9: "LJ", 1: "HJ", 2: "CO", 3: "BTN", 4: "SB", 5: "BB"},
        ),
        # 6-max numbered down the table (Chico's skins: the small blind on 0, the big blind on 9, then 8, 7 …)
        ([0, 9, 8, 7, 5, 2], 0, 9, {8: "UTG", 7: "HJ", 5: "CO", 2: "BTN", 0: "SB", 9: "BB"}),
        # five players, the big blind's seat wrapping round: HJ, CO, BTN
        ([1, 2, 4, 6, 8], 8, 1, {2: "HJ", 4: "CO", 6: "BTN", 8: "SB", 1: "BB"}),
        # a dead small blind: the player before the big blind is the button
        ([1, 2, 3, 4], None, 4, {1: "HJ", 2: "CO", 3: "BTN", 4: "BB"}),
        # heads-up: the button posts the small blind
        ([3, 7], 3, 7, {3: "SB", 7: "BB"}),
    ],
)
def test_positions_from_the_blinds_and_the_seats(seats, sb, bb, expected):
    frame, actions = _seats(seats, sb, bb)
    got = dict(zip(frame["seat"], positions(frame, actions)))
    assert got == expected


def test_position_names_count_from_the_button():
    assert [name(7, i) for i in range(7)] == ["UTG", "UTG+1", "UTG+2", "LJ", "HJ", "CO", "BTN"]
    assert [name(4, i) for i in range(4)] == ["UTG", "HJ", "CO", "BTN"]
    assert [name(1, 0), name(2, 0)] == ["BTN", "CO"]


def _bovada_me_hands(*files: Path) -> tuple[int, int]:
    """Hands with a `[ME]` seat line, and the seat lines of the others, counted from the text alone."""
    me = others = 0
    for path in files:
        for hand in re.split(r"\n(?=Bovada Hand #)", path.read_text(encoding="utf-8")):
            seat_lines = re.findall(r"^Seat \d+: (.+?) \(\$[\d.,]+ in chips\)", hand, re.MULTILINE)
            me += any(s.endswith("[ME]") for s in seat_lines)
            others += sum(not s.endswith("[ME]") for s in seat_lines)
    return me, others


def test_bovada_me_seats_are_the_hero_and_position_names_no_player(bovada_dataset):
    me, _ = _bovada_me_hands(SAMPLES / "bovada-2012-cash-and-walk.txt", SAMPLES / "bovada-mvs-cash.txt")
    frame = stats(bovada_dataset, query=Query(by="currency"))
    assert set(frame["player"]) == {ME, ANONYMOUS}  # never "Big Blind" or "UTG+1" as a person
    rows = _rows(frame, "player")
    assert me == 3 and rows[ME]["hands"] == me and rows[ME]["hero"] and not rows[ANONYMOUS]["hero"]
    # a hero named on the command line takes the [ME] seats in
    named = stats(bovada_dataset, query=Query(hero=Hero.of(["me"]), by="currency")).to_dict("records")
    assert [(r["player"], r["hands"]) for r in named] == [("me", me)]
    # the pool and the hero add up to every seat's money: net and rake conserve the chips
    assert frame["net_won"].sum() + frame["rake_paid"].sum() == 0


def test_hand_filters(dataset):
    all_in = stats(dataset, query=Query(all_in=True))
    assert set(all_in["player"]) == {"Dave", "Erin"} and set(all_in["hands"]) == {1}
    three_bet = _rows(stats(dataset, query=Query(three_bet_pot=True)), "player")
    assert set(three_bet) == {"Alice", "Bob", "Carol"} and {r["hands"] for r in three_bet.values()} == {1}
    assert three_bet["Carol"]["three_bets"] == 1 and three_bet["Carol"]["net_won"] == 91  # hand 2 only
    versus = stats(dataset, query=Query(versus=("Dave",)))
    assert list(versus["player"]) == ["Erin"]  # the hands Dave was in, his own row left out


def test_sort(dataset):
    assert list(stats(dataset, query=Query(sort="net_won"))["player"]) == ["Dave", "Carol", "Alice", "Bob", "Erin"]
    assert list(stats(dataset, query=Query(sort="-net_won"))["player"]) == ["Erin", "Bob", "Alice", "Carol", "Dave"]
    assert list(stats(dataset, query=Query(sort="player"))["player"]) == ["Alice", "Bob", "Carol", "Dave", "Erin"]


def test_cli_options(dataset):
    runner = CliRunner()
    result = runner.invoke(
        app,
        [
            "stats",
            str(dataset),
            "--format",
            "json",
            "--hero",
            "Alice",
            "--hero",
            "Dave",
            "--by",
            "currency",
            "--by-position",
        ],
    )
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)["players"]
    assert {r["position"] for r in rows} == {"BTN", "SB", "BB"} and sum(r["hands"] for r in rows) == 4
    result = runner.invoke(app, ["stats", str(dataset), "--format", "csv", "--all-in", "--sort", "player"])
    lines = result.stdout.splitlines()
    column = lines[0].split(",").index("player")
    assert result.exit_code == 0 and [line.split(",")[column] for line in lines[1:]] == ["Dave", "Erin"]
    result = runner.invoke(app, ["stats", str(dataset), "--format", "csv", "--3bet-pot", "--versus", "Alice"])
    assert result.exit_code == 0 and len(result.stdout.splitlines()) == 3  # Bob and Carol in hand 2
    result = runner.invoke(app, ["stats", str(dataset), "--by-position"])
    assert result.exit_code == 0 and "pos" in result.stdout.splitlines()[1]
    for bad in (["--sort", "nothing"], ["--by", "day"]):
        assert runner.invoke(app, ["stats", str(dataset), *bad]).exit_code == 2


def test_sessions_of_the_hero(dataset):
    """Alice's hands 1 and 2 are 8 minutes apart (one session), hand 3 the next day, Dave's hand the day
    after: three sessions; the ET times are read as UTC (EDT + 4 h)."""
    from datetime import timedelta

    from hhtool.stats.timeline import combined, sessions

    timeline: list = []
    stats(dataset, query=Query(hero=Hero.of(["Alice", "Dave"])), timeline=timeline)
    rows = combined(timeline)
    found, undated = sessions(rows)
    assert undated == 0
    assert [
        (r["start"], r["end"], r["hands"], r["net_won"], r["net_won_bb"], r["all_in_ev_bb"], r["clock"])
        for r in found.to_dict("records")
    ] == [
        ("2020-04-16 17:54:25", "2020-04-16 18:02:11", 2, -10, -1.0, -1.0, "UTC"),
        ("2020-04-17 13:15:40", "2020-04-17 13:15:40", 1, -90, -9.0, -9.0, "UTC"),
        ("2020-04-18 14:00:00", "2020-04-18 14:00:00", 1, 950, 38.0, 30.91, "UTC"),
    ]
    assert len(sessions(rows, timedelta(minutes=5))[0]) == 4  # 8 minutes apart: two sessions at a 5-minute gap


def test_html_page_draws_net_won_and_all_in_ev(dataset):
    result = CliRunner().invoke(app, ["stats", str(dataset), "--format", "html", "--hero", "Alice", "--hero", "Dave"])
    assert result.exit_code == 0, result.output
    page = result.stdout
    assert page.count("<polyline") == 2 and "http" not in page.replace("http-equiv", "")
    # 0, -1, -9 (Alice), +38 (Dave): 28 bb won; the EV line ends at 0 - 1 - 9 + 30.91
    assert "net won 28.00 bb" in page and "all-in EV 20.91 bb" in page and "4 hands" in page
    assert page.count("<tr>") == 2 * 2 + 1 + 3  # stats: two stakes blocks (head + row each), sessions head + 3
    text = CliRunner().invoke(app, ["stats", str(dataset), "--sessions", "--hero", "Alice", "--session-gap", "5"])
    assert text.exit_code == 0 and len(text.stdout.splitlines()) == 1 + 3  # Alice alone: hands 1, 2 and 3


def test_tournament_chips_never_add_up_across_events(tmp_path):
    out = tmp_path / "ds"
    export_paths([SAMPLES / "gg-tournament.txt"], out)
    per_event = stats(out)
    assert per_event["kind"].eq("tournament").all() and per_event["net_won"].notna().all()
    total = stats(out, query=Query(by="currency"))
    assert total["net_won"].isna().all() and total["net_won_bb"].notna().all()


def test_each_tournament_is_a_row_of_its_own(tmp_path):
    """The same players in two events (the sample's hand, and the same hand in tournament 21883311 with
    another hand number): one row per player and event, each with that event's chips; a total over both
    (`--by currency`) adds up the hands and big blinds, never the chips."""
    text = (SAMPLES / "gg-tournament.txt").read_text(encoding="utf-8")
    assert "Tournament #21883310," in text and "#TM3890217744:" in text
    folder = tmp_path / "hh"
    folder.mkdir()
    (folder / "one.txt").write_text(text, encoding="utf-8")
    (folder / "two.txt").write_text(
        text.replace("Tournament #21883310,", "Tournament #21883311,").replace("#TM3890217744:", "#TM3890217745:"),
        encoding="utf-8",
    )
    out = tmp_path / "ds"
    export_paths([folder], out)
    one = stats(out)
    assert set(one["tournament"]) == {"21883310", "21883311"}
    per_event = one.groupby("tournament")
    assert (per_event["hands"].sum() == per_event["hands"].sum().iloc[0]).all()
    for player, rows in one.groupby("player"):
        assert len(rows) == 2 and rows["hands"].tolist() == [1, 1], player  # one row per event, never one of 2 hands
        assert rows["net_won"].nunique() == 1  # the same hand twice: the same chips in each event
    total = stats(out, query=Query(by="currency"))
    assert set(total["tournament"]) == {"all"} and total["net_won"].isna().all()
    assert (total.set_index("player")["hands"] == 2).all()
    csv = CliRunner().invoke(app, ["stats", str(out), "--format", "text"])
    assert csv.exit_code == 0 and "ggpoker tournament NL holdem (chips) #21883310" in csv.stdout
