"""`stats` and `audit` at scale: the dataset read a few days at a time (hhtool.scan) gives the results of
the whole dataset read at once, whatever the batch size; the filters (`--player`, `--min-hands`,
`--since/--until`, `--site`, `--stakes`) keep what they say; the JSON audit written as it comes is
the text of the in-memory report; the benchmark runs end to end on a tiny dataset.

Datasets: the project's samples, 3,000 generated hands (cash and tournaments, three limits, several
days) and, when HHTOOL_CORPUS is set, the corpus.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pandas as pd
import pytest
from typer.testing import CliRunner

from hhtool.audit import audit
from hhtool.audit.render import render
from hhtool.cli import app
from hhtool.dataset import Dataset
from hhtool.export.run import export_paths
from hhtool.generate import write_hands
from hhtool.scan import FilterError, HandFilter, Stakes, batches, filter_tables, hand_counts
from hhtool.stats import player_stats, stats
from hhtool.tables import from_dataset

PROJECT = Path(__file__).resolve().parent.parent
SAMPLES = PROJECT / "samples"
SMALL = 250  # hands a batch: the generated days hold more, so they are cut into pieces too


@pytest.fixture(scope="module")
def samples_dataset(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("samples") / "ds"
    export_paths([SAMPLES], out)
    return out


@pytest.fixture(scope="module")
def generated_dataset(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("generated")
    write_hands(folder / "hands.txt", 3000, seed=7, game="mix")
    export_paths([folder / "hands.txt"], folder / "ds")
    return folder / "ds"


@pytest.fixture(scope="module")
def corpus_dataset(tmp_path_factory, corpus) -> Path:
    out = tmp_path_factory.mktemp("corpus") / "ds"
    export_paths([corpus], out)
    return out


@pytest.fixture(params=["samples", "generated", "corpus"])
def dataset(request) -> Path:
    return request.getfixturevalue(f"{request.param}_dataset")


def _small(dataset: Path) -> int:
    """A budget that cuts the dataset into ten batches or more, of SMALL hands at least (the corpus's
    19,000 hands in batches of SMALL took minutes of the full suite, to show what ten batches show)."""
    return max(SMALL, sum(hand_counts(Dataset(dataset)).values()) // 10)


def test_generated_dataset_has_many_days_and_big_ones(generated_dataset):
    counts = hand_counts(Dataset(generated_dataset))
    assert sum(counts.values()) == 3000 and len(counts) > 3 and max(counts.values()) > SMALL


def test_batches_hold_at_most_the_budget_and_every_row_once(generated_dataset):
    whole = from_dataset(generated_dataset)
    parts = list(batches(generated_dataset, budget=SMALL))
    assert len(parts) > 3000 // SMALL and max(len(b.hands) for b in parts) <= SMALL
    for table in ("hands", "seats", "actions", "pots", "payouts", "findings"):
        uids = [u for b in parts for u in b.frames[table]["hand_uid"]]
        assert sorted(uids) == sorted(whole.frames[table]["hand_uid"]), table
    for b in parts:  # each batch holds the rows of its own hands only
        assert set(b.seats["hand_uid"]) <= set(b.hands["hand_uid"])


# -- old (whole dataset in memory) and new (batches) -----------------------------------------------
def test_net_won_in_big_blinds_is_the_exact_sum_rounded_half_to_even(dataset):
    """Σ net / big blind per player and stakes, from the tables by hand, exactly, then to 2 decimals
    (half to even). The former whole-dataset code summed floats, which rounded a tie (-8.425) up or
    down by the order it added the hands in; compared with it before it went (commit 6211731), every
    other number was identical on the samples, the corpus and 100,000 generated hands."""
    tables = from_dataset(dataset, ("hands", "seats", "actions"))
    hands = tables.hands[tables.hands["status"].isin(["valid", "invalid"]) & tables.hands["total_pot"].notna()]
    seats = tables.seats[tables.seats["dealt_in"].fillna(False).astype(bool)].merge(
        hands[["hand_uid", "site", "big_blind", "tournament_id"]], on="hand_uid"
    )
    exact: dict[tuple, Fraction] = {}
    for site, player, net, bb, tourney in zip(
        seats["site"], seats["player"], seats["net"], seats["big_blind"], seats["tournament_id"]
    ):
        if pd.notna(bb) and bb > 0:  # by site: players named by position (`Big Blind`) sit at several sites
            key = (site, player, pd.notna(tourney), None if pd.notna(tourney) else int(bb))
            exact[key] = exact.get(key, Fraction(0)) + Fraction(int(net), int(bb))
    frame = stats(dataset, budget=_small(dataset))
    rows = frame.to_dict("records")
    # how many rows of the frame share a row's (site, player, kind, big blind): a row without blinds shares none
    sharing = Counter(
        (row["site"], row["player"], row["kind"], row["big_blind"]) for row in rows if pd.notna(row["big_blind"])
    )
    checked = 0
    for row in rows:
        key = (row["site"], row["player"], row["kind"] == "tournament", row["big_blind"])
        if (
            key not in exact
            or pd.isna(row["big_blind"])
            or sharing[(row["site"], row["player"], row["kind"], row["big_blind"])] != 1
        ):
            continue  # the same blinds in two currencies or limits: not told apart by this key
        assert row["net_won_bb"] == round(exact[key] * 100) / 100, row
        assert row["bb_per_100"] == round(exact[key] * 100 * 100 / row["hands"]) / 100, row
        checked += 1
    assert checked > len(frame) // 2


def test_stats_do_not_depend_on_the_batch_size(dataset):
    whole = stats(dataset, budget=10**9)
    assert len(list(batches(dataset, budget=10**9))) == 1
    pd.testing.assert_frame_equal(whole, stats(dataset, budget=_small(dataset)))
    pd.testing.assert_frame_equal(whole, player_stats(from_dataset(dataset, ("hands", "seats", "actions", "pots"))))


def test_audit_does_not_depend_on_the_batch_size(dataset):
    whole = audit([dataset], budget=10**9)
    assert audit([dataset], budget=_small(dataset)) == whole
    assert len(whole["hands"]) == whole["summary"]["audited_hands"]


def test_json_audit_written_as_it_comes_is_the_in_memory_text(dataset, tmp_path):
    out = tmp_path / "audit.json"
    result = CliRunner().invoke(app, ["audit", str(dataset), "--format", "json", "--exit-zero", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_text(encoding="utf-8") == render(audit([dataset]), "json")


def test_hand_rows_file_writes_what_json_dumps_writes():
    import io

    from hhtool.audit.report import HandRowsFile

    rows = [{"a": 1, "b": None, "c": 'é"\n<', "d": 1.5, "e": True}, {"nested": [1, {"x": 2}]}, {}]
    for kept in ([], rows):
        sink = HandRowsFile()
        sink(kept)
        out = io.StringIO()
        sink.write_json({"summary": {"hands": len(kept)}}, out)
        assert (
            out.getvalue()
            == json.dumps({"summary": {"hands": len(kept)}, "hands": kept}, ensure_ascii=False, indent=1) + "\n"
        )


def test_json_audit_of_an_empty_selection(samples_dataset):
    result = CliRunner().invoke(app, ["audit", str(samples_dataset), "--format", "json", "--since", "2030-01-01"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["hands"] == [] and report["summary"]["hands"] == 0
    assert result.stdout == render(audit([samples_dataset], where=HandFilter.of(since="2030-01-01")), "json")


# -- filters ---------------------------------------------------------------------------------------
_FULL: dict[Path, pd.DataFrame] = {}


def _full(dataset: Path) -> pd.DataFrame:
    """The dataset's unfiltered stats, computed once for the filter tests that compare against them (a copy each)."""
    if dataset not in _FULL:
        _FULL[dataset] = stats(dataset)
    return _FULL[dataset].copy()


def _same_rows(part: pd.DataFrame, full: pd.DataFrame) -> None:
    pd.testing.assert_frame_equal(part.reset_index(drop=True), full.reset_index(drop=True))


def test_player_filter_keeps_that_players_rows(generated_dataset):
    full = _full(generated_dataset)
    names = list(full["player"].value_counts().index[:2])
    part = stats(generated_dataset, players=names, budget=SMALL)
    assert set(part["player"]) == set(names)
    _same_rows(part, full[full["player"].isin(names)])


def test_min_hands_filter(generated_dataset):
    full = _full(generated_dataset)
    limit = int(full["hands"].median()) + 1
    part = stats(generated_dataset, min_hands=limit)
    assert len(part) and part["hands"].min() >= limit
    _same_rows(part, full[full["hands"] >= limit])


def test_stakes_filter_keeps_those_stakes_unchanged(generated_dataset):
    full = _full(generated_dataset)
    cash = full[full["kind"] == "cash"]
    row = cash.iloc[0]
    scale = 1 if row["currency"] == "chips" else 100
    text = f"{row['limit']} {int(row['small_blind']) / scale:.2f}/{int(row['big_blind']) / scale:.2f} {row['currency']}"
    part = stats(generated_dataset, HandFilter.of(stakes=[text]), budget=SMALL)
    mask = (
        (full["kind"] == "cash")
        & (full["limit"] == row["limit"])
        & (full["currency"] == row["currency"])
        & (full["small_blind"] == row["small_blind"])
        & (full["big_blind"] == row["big_blind"])
    )
    _same_rows(part, full[mask])
    both = stats(generated_dataset, HandFilter.of(stakes=[text, "1000/2000"]))  # OR of several; none at 1000/2000
    _same_rows(both, full[mask])


def test_site_filter(samples_dataset):
    full = _full(samples_dataset)
    sites = set(full["site"])
    assert {
        "pokerstars",
        "ggpoker",
        "partypoker",
        "winamax",
        "bovada",
        "acpc",
        "ipoker",
        "888poker",
        "winning",
        "fulltilt",
    } <= sites  # the samples hold hands of each
    for site in sites:
        _same_rows(stats(samples_dataset, HandFilter.of(sites=[site])), full[full["site"] == site])
    assert stats(samples_dataset, HandFilter.of(sites=["no-such-site"])).empty


def test_since_until_count_the_hands_of_those_days(generated_dataset):
    tables = from_dataset(generated_dataset)
    days = sorted(set(tables.hands["date"]))
    since, until = days[1], days[-2]
    part = stats(generated_dataset, HandFilter.of(since, until), budget=SMALL)
    hands = tables.hands[(tables.hands["date"] >= since) & (tables.hands["date"] <= until)]
    seats = tables.seats[tables.seats["hand_uid"].isin(set(hands["hand_uid"])) & tables.seats["dealt_in"]]
    assert part["hands"].sum() == len(seats)
    assert part["net_won"].sum() + part["rake_paid"].sum() == 0  # chips conserved within the days kept
    one_day = stats(generated_dataset, HandFilter.of(days[0], days[0]))
    assert one_day["hands"].sum() == len(tables.seats[(tables.seats["date"] == days[0]) & tables.seats["dealt_in"]])


def test_audit_filters(generated_dataset):
    tables = from_dataset(generated_dataset)
    days = sorted(set(tables.hands["date"]))
    report = audit([generated_dataset], where=HandFilter.of(days[1], days[2]), budget=SMALL)
    assert {r["day"] for r in report["rake"]["by_day"]} == {days[1], days[2]}
    assert report["summary"]["hands"] == int(tables.hands["date"].isin(days[1:3]).sum())
    whole = audit([generated_dataset])
    stakes_row = whole["rake"]["by_stakes"][0]
    hand = next(h for h in whole["hands"] if h["stakes"] == stakes_row["stakes"])
    scale = 1 if hand["currency"] == "chips" else 100
    text = f"{hand['limit']} {hand['small_blind'] / scale}/{hand['big_blind'] / scale} {hand['currency']}"
    only = audit([generated_dataset], where=HandFilter.of(stakes=[text]))
    assert [r["stakes"] for r in only["rake"]["by_stakes"]] == [stakes_row["stakes"]]
    assert only["rake"]["by_stakes"][0] == stakes_row
    assert audit([generated_dataset], where=HandFilter.of(sites=["partypoker"]))["summary"]["hands"] == 0


def test_audit_filters_hand_histories_too(tmp_path):
    files = audit([SAMPLES], where=HandFilter.of(since="2020-01-01"))
    dataset = tmp_path / "ds"
    export_paths([SAMPLES], dataset)
    stored = audit([dataset], where=HandFilter.of(since="2020-01-01"))
    assert files["rake"] == stored["rake"] and files["hands"] == stored["hands"]
    assert 0 < files["summary"]["audited_hands"] < audit([SAMPLES])["summary"]["audited_hands"]
    assert filter_tables(from_dataset(dataset), HandFilter()).hands.shape == from_dataset(dataset).hands.shape


@pytest.mark.parametrize(
    "text, small, big, limit, currency",
    [
        ("0.01/0.02", "0.01", "0.02", None, None),
        ("$0.25/$0.50", "0.25", "0.50", None, None),
        ("NL 1/2 USD", "1", "2", "NL", "USD"),
        ("fl 100/200 chips", "100", "200", "FL", "chips"),
    ],
)
def test_stakes_option_reads(text, small, big, limit, currency):
    from decimal import Decimal

    assert Stakes.parse(text) == Stakes(Decimal(small), Decimal(big), limit, currency)


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"stakes": ["NL"]}, "--stakes: expected blinds like '0.01/0.02'"),
        ({"stakes": ["0.01/x"]}, "--stakes: expected blinds"),
        ({"stakes": ["0.01/0"]}, "--stakes: expected blinds"),
        ({"since": "2024-1-1"}, "--since: expected a day like 2024-01-31, got '2024-1-1'"),
        ({"since": "2024-02-01", "until": "2024-01-01"}, "--until: expected a day on or after --since (2024-02-01)"),
    ],
)
def test_bad_filters_are_errors(kwargs, message):
    with pytest.raises(FilterError, match=message.replace("(", r"\(").replace(")", r"\)")):
        HandFilter.of(**kwargs)


# -- command line ----------------------------------------------------------------------------------
def test_cli_stats_filters(generated_dataset):
    full = _full(generated_dataset)
    name = full["player"].iloc[0]
    result = CliRunner().invoke(
        app, ["stats", str(generated_dataset), "--format", "json", "--player", name, "--min-hands", "2"]
    )
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)["players"]
    assert rows and {r["player"] for r in rows} == {name} and min(r["hands"] for r in rows) >= 2
    days = sorted(set(from_dataset(generated_dataset, ("hands",)).hands["date"]))
    result = CliRunner().invoke(
        app,
        [
            "stats",
            str(generated_dataset),
            "--format",
            "csv",
            "--since",
            days[-1],
            "--until",
            days[-1],
            "--site",
            "pokerstars",
            "--stakes",
            "1000/2000",
        ],
    )
    assert result.exit_code == 0 and result.stdout.count("\n") == 1  # the header alone: no hand at those stakes


def test_cli_stats_bad_filter_is_a_usage_error(samples_dataset):
    result = CliRunner().invoke(app, ["stats", str(samples_dataset), "--since", "yesterday"])
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == ["hhtool: --since: expected a day like 2024-01-31, got 'yesterday'"]


def test_cli_audit_filters(samples_dataset):
    result = CliRunner().invoke(
        app,
        [
            "audit",
            str(samples_dataset),
            "--format",
            "json",
            "--exit-zero",
            "--stakes",
            "NL 0.01/0.02 USD",
            "--until",
            "2024-01-01",
        ],
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    stakes = {r["stakes"] for r in report["rake"]["by_stakes"]}  # those stakes, of every site the samples have
    assert "pokerstars NL $0.01/$0.02 USD" in stakes and all(s.endswith(" NL $0.01/$0.02 USD") for s in stakes)
    assert all(h["day"] <= "2024-01-01" for h in report["hands"])
    bad = CliRunner().invoke(app, ["audit", str(samples_dataset), "--stakes", "cheap"])
    assert bad.exit_code == 2 and "--stakes: expected blinds" in bad.stderr


# -- the benchmark ---------------------------------------------------------------------------------
def test_benchmark_runs_on_a_tiny_dataset(tmp_path):
    done = subprocess.run(
        [sys.executable, str(PROJECT / "benchmarks" / "stats_audit.py"), "--sizes", "300", "--cache", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "300 hands: dataset" in done.stdout and "built by generate" in done.stdout
    for name in ("stats", "audit"):
        assert any(line.split()[:1] == [name] and "peak RSS" in line for line in done.stdout.splitlines()), done.stdout
    again = subprocess.run(
        [
            sys.executable,
            str(PROJECT / "benchmarks" / "stats_audit.py"),
            "--sizes",
            "300",
            "--cache",
            str(tmp_path),
            "--build-only",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert again.returncode == 0 and "wrote" not in again.stderr  # the cached dataset is reused
