"""`hhtool stats`: player statistics against numbers worked out by hand on hands written here.

The three hands (3 players, $0.05/$0.10 USD, PokerStars schedule 4.5 %) and what each player did:

hand 1 (walk): Alice button folds; Bob SB folds (-$0.05); Carol BB wins the blinds (+$0.05). Rake 0.
hand 2: Bob (button) opens to $0.30; Carol (SB) 3-bets to $0.90; Alice (BB) folds (-$0.10, facing two
  raises: no 3-bet opportunity); Bob calls. Flop: Carol bets $1, Bob folds. Pot $1.90, rake
  $0.09 (4.5 % = 8.55¢ → 9¢), Carol collects $1.81. Rake shares by contribution 90/90/10 of 190:
  9·90/190 = 4.26 → 4 (Bob), 4 (Carol), 9·10/190 = 0.47 → 0, and the cent left goes to the largest
  remainder, Alice's (.47 > .26): Alice 1, Bob 4, Carol 4.
hand 3: Carol (button) limps; Alice (SB) raises to $0.40; Bob (BB) calls the one raise (3-bet
  opportunity, no 3-bet); Carol calls it (opportunity too). Flop checked; turn Alice bets $0.50, Bob
  folds, Carol calls; river checked; showdown: Carol's kings beat Alice's aces. Pot $2.20, rake
  $0.10 (9.9¢ → 10¢), Carol collects $2.10. Shares of 10 by 90/40/90 of 220: 4.09, 1.82, 4.09 →
  4, 1, 4 and the cent left to Bob (.82): Alice 4, Bob 2, Carol 4.
"""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest
from conftest import three_hands
from typer.testing import CliRunner

from hhtool.cli import app
from hhtool.export.run import export_paths
from hhtool.stats import COLUMNS, Query, player_stats, render, stats, weighted_rake
from hhtool.tables import from_dataset

SAMPLES = Path(__file__).resolve().parent.parent / "samples"

HANDS = three_hands(300000000001, "Statica", rakes=(0, 9, 10))

STAKES = {"site": "pokerstars", "kind": "cash", "currency": "USD", "limit": "NL", "small_blind": 5, "big_blind": 10}

EXPECTED = {  # worked out by hand, see the module docstring
    "Alice": {
        "hands": 3,
        "vpip_hands": 1,
        "vpip_pct": 33.33,
        "pfr_hands": 1,
        "pfr_pct": 33.33,
        "three_bet_opportunities": 0,
        "three_bets": 0,
        "three_bet_pct": None,
        "saw_flop": 1,
        "showdowns": 1,
        "wtsd_pct": 100.0,
        "showdowns_won": 0,
        "wsd_pct": 0.0,
        "net_won": -100,
        "net_won_bb": -10.0,
        "bb_per_100": -333.33,
        "rake_paid": 5,
    },
    "Bob": {
        "hands": 3,
        "vpip_hands": 2,
        "vpip_pct": 66.67,
        "pfr_hands": 1,
        "pfr_pct": 33.33,
        "three_bet_opportunities": 1,
        "three_bets": 0,
        "three_bet_pct": 0.0,
        "saw_flop": 2,
        "showdowns": 0,
        "wtsd_pct": 0.0,
        "showdowns_won": 0,
        "wsd_pct": None,
        "net_won": -135,
        "net_won_bb": -13.5,
        "bb_per_100": -450.0,
        "rake_paid": 6,
    },
    "Carol": {
        "hands": 3,
        "vpip_hands": 2,
        "vpip_pct": 66.67,
        "pfr_hands": 1,
        "pfr_pct": 33.33,
        "three_bet_opportunities": 2,
        "three_bets": 1,
        "three_bet_pct": 50.0,
        "saw_flop": 2,
        "showdowns": 1,
        "wtsd_pct": 50.0,
        "showdowns_won": 1,
        "wsd_pct": 100.0,
        "net_won": 216,
        "net_won_bb": 21.6,
        "bb_per_100": 720.0,
        "rake_paid": 8,
    },
}


@pytest.fixture(scope="module")
def hand_dataset(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("stats")
    (folder / "hands.txt").write_text(HANDS, encoding="utf-8")
    out = folder / "ds"
    export_paths([folder / "hands.txt"], out)
    return out


@pytest.fixture(scope="module")
def samples_dataset(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("samples") / "ds"
    export_paths([SAMPLES], out)
    return out


def _rows(frame: pd.DataFrame) -> dict[str, dict]:
    return {row["player"]: row for row in frame.to_dict("records")}


def test_the_hands_are_clean(hand_dataset):
    hands = from_dataset(hand_dataset).hands
    assert list(hands["status"]) == ["valid"] * 3
    assert list(hands["rake"]) == [0, 9, 10]


def test_every_statistic_matches_the_hand_computed_numbers(hand_dataset):
    rows = _rows(stats(hand_dataset))
    assert set(rows) == set(EXPECTED)
    for player, expected in EXPECTED.items():
        row = rows[player]
        for name, value in STAKES.items():
            assert row[name] == value, (player, name)
        for name, value in expected.items():
            assert row[name] == value, (player, name, row[name], value)


def test_net_and_rake_add_up(hand_dataset):
    frame = stats(hand_dataset)
    assert frame["net_won"].sum() + frame["rake_paid"].sum() == 0  # chips are conserved
    assert frame["rake_paid"].sum() == 19


def test_weighted_rake_gives_the_left_over_cents_to_the_largest_remainders():
    seats = pd.DataFrame(
        {"hand_uid": ["h2"] * 3 + ["h3"] * 3, "seat": [1, 2, 3] * 2, "contributed": [10, 90, 90, 90, 40, 90]}
    )
    hands = pd.DataFrame({"hand_uid": ["h2", "h3"], "rake": [9, 10]})
    assert weighted_rake(seats, hands).tolist() == [1, 4, 4, 4, 2, 4]


def test_weighted_rake_ties_go_by_seat_and_sum_exactly():
    seats = pd.DataFrame({"hand_uid": ["h"] * 3, "seat": [4, 2, 9], "contributed": [100, 100, 100]})
    hands = pd.DataFrame({"hand_uid": ["h"], "rake": [2]})
    assert weighted_rake(seats, hands).tolist() == [1, 1, 0]  # 0.67 each: seats 2 and 4 get the cents


def test_samples_rake_paid_adds_up_to_the_rake_per_currency(samples_dataset):
    frame = stats(samples_dataset)
    tables = from_dataset(samples_dataset)
    hands = tables.hands
    rake = hands.groupby("currency")["rake"].sum()
    paid = frame.groupby("currency")["rake_paid"].sum()
    for currency in paid.index:
        assert int(paid[currency]) == int(rake[currency])
    # the players' nets and the rake add up to what the room put in through all-in cash outs: paid to
    # the cashed-out players, less the pot shares it kept (issue #11: the nets include the payments;
    # before, they left them out and this sum was 0)
    seats = tables.seats.merge(hands[["hand_uid", "big_blind", "site"]], on="hand_uid")
    room = (seats["cash_out"] - seats["cash_out_kept"]).groupby([seats["site"], seats["big_blind"]]).sum()
    assert room.get(("pokerstars", 50)) == 9409 and room.get(("pokerstars", 2)) == 16
    assert room.get(("pokerstars", 5)) == 498 - 480
    # a site's cash drop adds to what the players share, its fees besides rake (GG's jackpot…) take from it
    site_money = (
        (hands["cash_drop"].fillna(0) - hands["fees"].fillna(0)).groupby([hands["site"], hands["big_blind"]]).sum()
    )
    assert site_money.get(("ggpoker", 5)) == 50 - 3
    for (site, kind, _, _, _, big_blind), group in frame.groupby(
        ["site", "kind", "currency", "limit", "small_blind", "big_blind"], dropna=False
    ):
        expected = (
            int(room.get((site, big_blind), 0)) + int(site_money.get((site, big_blind), 0)) if kind == "cash" else 0
        )
        assert group["net_won"].sum() + group["rake_paid"].sum() == expected, (site, big_blind)


def test_tournaments_are_kept_apart_over_all_levels(samples_dataset):
    frame = stats(samples_dataset)
    tourney = frame[(frame["kind"] == "tournament") & (frame["site"] == "pokerstars")]
    assert len(tourney) == 9  # the nine players of the sample's one PokerStars tournament hand
    assert tourney["small_blind"].isna().all() and tourney["big_blind"].isna().all()
    rows = _rows(tourney)
    # Fjolnir_88 put in 25 + 600 + 700 = 1325 (1200 came back) and collected 2985: +1660 = 8.3 bb at 100/200
    assert rows["Fjolnir_88"]["net_won"] == 1660 and rows["Fjolnir_88"]["net_won_bb"] == 8.3
    assert rows["Fjolnir_88"]["pfr_hands"] == 1 and rows["Fjolnir_88"]["showdowns_won"] == 1
    # Pavlo.Dymko: ante 25 + 600 + 700, folded on the river: -1325 = -6.625 bb, -662.5 bb/100
    assert rows["Pavlo.Dymko"]["net_won"] == -1325 and rows["Pavlo.Dymko"]["bb_per_100"] == -662.5
    # quenelle: all-in in the big blind, saw the flop and lost at showdown
    assert (rows["quenelle"]["saw_flop"], rows["quenelle"]["showdowns"], rows["quenelle"]["wsd_pct"]) == (1, 1, 0.0)
    assert tourney["rake_paid"].sum() == 0


def test_player_stats_reads_tables_from_hand_histories_too(tmp_path):
    from hhtool.tables import from_paths

    path = tmp_path / "hands.txt"
    path.write_text(HANDS, encoding="utf-8")
    rows = _rows(player_stats(from_paths([path])))
    assert {p: r["net_won"] for p, r in rows.items()} == {p: e["net_won"] for p, e in EXPECTED.items()}


def test_cli_json_csv_and_text(hand_dataset):
    runner = CliRunner()
    result = runner.invoke(app, ["stats", str(hand_dataset), "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert set(data["columns"]) == set(COLUMNS) - {"position"}  # positions only with --by-position
    carol = next(r for r in data["players"] if r["player"] == "Carol")
    assert carol["three_bet_pct"] == 50.0 and carol["rake_paid"] == 8 and carol["big_blind"] == 10

    result = runner.invoke(app, ["stats", str(hand_dataset), "--format", "csv"])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0].split(",") == [c for c in COLUMNS if c != "position"]
    assert len(lines) == 4
    bob = next(line for line in lines if ",Bob," in line).split(",")
    assert bob[lines[0].split(",").index("three_bet_pct")] == "0.0"
    assert bob[lines[0].split(",").index("wsd_pct")] == ""  # no showdown: no percentage

    result = runner.invoke(app, ["stats", str(hand_dataset)])
    assert result.exit_code == 0
    assert "pokerstars NL holdem $0.05/$0.10 USD — 3 rows" in result.stdout
    assert "$2.16" in result.stdout and "-$1.35" in result.stdout


def test_cli_rejects_a_folder_that_is_not_a_dataset(tmp_path):
    result = CliRunner().invoke(app, ["stats", str(tmp_path)])
    assert result.exit_code == 2


def test_render_formats_agree(hand_dataset):
    frame = stats(hand_dataset)
    assert json.loads(render(frame, "json"))["players"][0]["player"] == frame["player"][0]
    assert render(frame, "csv").count("\n") == len(frame) + 1


# One pot-limit hand at $0.05/$0.10, dealt as Omaha and as Hold'em: Carol's 6d 4d and the board's 5h 3d 2c
# make a straight in both games; Alice's hearts make no flush (two in hand and two on the board).
_PL_HAND = """PokerStars Hand #{hand_id}:  {game} Pot Limit ($0.05/$0.10 USD) - 2024/01/05 20:00:00 ET
Table 'Test PL' 6-max Seat #1 is the button
Seat 1: Alice ($10 in chips)
Seat 2: Bob ($10 in chips)
Seat 3: Carol ($10 in chips)
Bob: posts small blind $0.05
Carol: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Alice [{alice}]
Alice: raises $0.25 to $0.35
Bob: folds
Carol: calls $0.25
*** FLOP *** [Th 5h 2c]
Carol: checks
Alice: checks
*** TURN *** [Th 5h 2c] [9s]
Carol: checks
Alice: checks
*** RIVER *** [Th 5h 2c 9s] [3d]
Carol: checks
Alice: checks
*** SHOW DOWN ***
Carol: shows [{carol}] (a straight, Deuce to Six)
Alice: shows [{alice}] (high card Ace)
Carol collected $0.72 from pot
*** SUMMARY ***
Total pot $0.75 | Rake $0.03
Board [Th 5h 2c 9s 3d]
Seat 1: Alice (button) showed [{alice}] and lost with high card Ace
Seat 2: Bob (small blind) folded before Flop
Seat 3: Carol (big blind) showed [{carol}] and won ($0.72) with a straight, Deuce to Six
"""


def test_omaha_and_holdem_at_the_same_stakes_are_kept_apart(tmp_path):
    from hhtool.stats.html import page
    from hhtool.tables import from_paths

    holdem = _PL_HAND.format(hand_id=300000000101, game="Hold'em", alice="Ah Qh", carol="6d 4d")
    omaha = _PL_HAND.format(hand_id=300000000102, game="Omaha", alice="Ah Qh 7h Jc", carol="6d 4d Kc Ks")
    path = tmp_path / "hands.txt"
    path.write_text(omaha + "\n\n\n" + holdem, encoding="utf-8")
    tables = from_paths([path])
    assert set(tables.hands["status"]) == {"valid"}
    for by in ("stakes", "currency", "player"):  # every grouping keeps the games apart
        frame = player_stats(tables, query=Query(by=by))
        carol = frame[frame["player"] == "Carol"]
        assert carol["game"].tolist() == ["holdem", "omaha"], by  # Hold'em first, whatever the file's order
        assert carol["hands"].tolist() == [1, 1] and carol["vpip_pct"].tolist() == [100.0, 100.0], by
    frame = player_stats(tables)
    assert (frame["limit"] == "PL").all() and (frame["big_blind"] == 10).all()
    assert {r["game"] for r in json.loads(render(frame, "json"))["players"]} == {"holdem", "omaha"}
    text = render(frame)
    holdem_block, omaha_block = (
        text.index("pokerstars PL holdem $0.05/$0.10 USD — 3 rows"),
        text.index("pokerstars PL omaha $0.05/$0.10 USD — 3 rows"),
    )
    assert holdem_block < omaha_block
    html = page(frame, pd.DataFrame(columns=["hand_bb", "net", "ev_micro"]), pd.DataFrame(), 0)
    assert (
        "<h2>pokerstars PL holdem $0.05/$0.10 USD</h2>" in html
        and "<h2>pokerstars PL omaha $0.05/$0.10 USD</h2>" in html
    )
