"""The throughput benchmark runs end to end on a tiny input (no timing is asserted)."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
HAS_POKERKIT = importlib.util.find_spec("pokerkit") is not None


@pytest.fixture(scope="module")
def tiny_run(tmp_path_factory):
    folder = tmp_path_factory.mktemp("throughput")
    report = folder / "report.json"
    done = subprocess.run(
        [
            sys.executable,
            str(BENCHMARKS / "throughput.py"),
            "--hands",
            "200",
            "--omaha-hands",  # the Omaha input's runs are the same code: 4 more processes, ~5 s of CPU (rows below)
            "0",
            "--pokerkit-hands",
            "30",
            "--pokerkit-round",
            "7",
            "--jobs",
            "1",
            "--cache",
            str(folder / "cache"),
            "--out-json",
            str(report),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    return done, report


def test_exits_zero_and_prints_every_measurement(tiny_run):
    done, _ = tiny_run
    assert done.returncode == 0, done.stderr
    for name in ("parse", "validate", "export"):
        row = re.search(
            rf"^{name}\s+1 core\s+([\d,]+)\s+[\d.]+\s+[\d.]+\s+[\d,]+\s+([\d,]+)\s", done.stdout, re.MULTILINE
        )
        assert row, f"no {name} row in:\n{done.stdout}"
        assert int(row.group(1).replace(",", "")) > 0
        assert int(row.group(2).replace(",", "")) > 0  # peak RSS MB
    assert "load average" in done.stdout and "CPUs" in done.stdout


def test_json_report(tiny_run):
    done, report = tiny_run
    assert done.returncode == 0, done.stderr
    data = json.loads(report.read_text())
    assert data["input"]["hands"] == 200
    rows = {row["name"]: row for row in data["measurements"]}
    assert set(rows) == {"parse", "validate", "export"}
    assert all(row["hands_per_s"] > 0 and row["peak_rss_mb"] > 0 for row in rows.values())
    if HAS_POKERKIT:
        pokerkit = data["pokerkit"]
        assert pokerkit["hands"] == 30 and pokerkit["hhtool_parsed"] == 30
        assert pokerkit["accepted"] + sum(pokerkit["rejected"].values()) == 30
        assert pokerkit["round"] == 7
        cold = pokerkit["cold"]  # the same hands, hand by hand: the same verdicts, other timings
        assert cold["round"] == 1
        assert (cold["accepted"], cold["rejected"], cold["by_game"]) == (
            pokerkit["accepted"],
            pokerkit["rejected"],
            pokerkit["by_game"],
        )
    else:
        assert data["pokerkit"] == {"installed": False}


@pytest.mark.skipif(not HAS_POKERKIT, reason="pokerkit not installed (benchmark-only dependency)")
def test_pokerkit_part(tiny_run):
    done, _ = tiny_run
    assert re.search(r"PokerKit accepted \d+ of 30 hands", done.stdout), done.stdout
    assert re.search(r"ratio hhtool / PokerKit, parse \+ replay, one core, accepted hands: [\d.,]+x", done.stdout)
    assert "in alternating rounds of 7 hands" in done.stdout
    assert re.search(r"cold, rounds of one hand .*ratio [\d.,]+x", done.stdout), done.stdout


def test_split_cuts_at_hand_headers(tmp_path):
    sys.path.insert(0, str(BENCHMARKS))
    try:
        from throughput import split_file
    finally:
        sys.path.remove(str(BENCHMARKS))
    hands = [
        f"PokerStars Hand #{n}: Hold'em No Limit ($0.01/$0.02 USD) - 2020/01/01 00:00:00 ET\nbody {n}\n\n\n"
        for n in range(1, 8)
    ]
    source = tmp_path / "all.txt"
    source.write_text("".join(hands))
    pieces = split_file(source, 3, tmp_path / "pieces")
    assert len(pieces) == 3
    assert "".join(p.read_text() for p in pieces) == "".join(hands)
    assert all(p.read_text().startswith("PokerStars Hand #") for p in pieces)


def test_stage_profile_prints_every_stage(tmp_path):
    """benchmarks/stage_profile.py on a few small tasks: every stage gets a figure, the parse's parts
    add up to the parse, and the JSON report holds them."""
    hands = tmp_path / "g.txt"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "hhtool",
            "generate",
            "--out",
            str(hands),
            "--hands",
            "120",
            "--seed",
            "2",
            "--game",
            "mix",
        ],
        check=True,
        capture_output=True,
        timeout=120,
    )
    report = tmp_path / "stages.json"
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / "stage_profile.py"), str(hands), "--tasks", "4", "--out-json", str(report)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={**os.environ, "HHTOOL_CHUNK_BYTES": "30000"},
    )
    assert done.returncode == 0, done.stderr
    figures = json.loads(report.read_text())["us_per_hand"]
    for stage in (
        "split",
        "parse",
        "replay + settle",
        "rows",
        "Arrow",
        "worker: the whole task (run_task)",
        "pickling (result there and back)",
        "parent: commit (Parquet, publish)",
        "parent total",
    ):
        assert figures[stage] > 0, stage
        assert re.search(rf"^{re.escape(stage)}\s+[\d.]+$", done.stdout, re.MULTILINE), stage
    parts = [value for name, value in figures.items() if name.endswith("(est.)")]
    if "parse's parts not shown" in done.stdout:  # a compiled build: cProfile cannot see into it
        assert parts == []
    else:
        assert sum(parts) == pytest.approx(figures["parse"], rel=1e-6)


def test_omaha_rows_follow_holdems_with_their_ratio():
    sys.path.insert(0, str(BENCHMARKS))
    from throughput import _label, beside, omaha_ratios

    def row(name, game, rate):
        return {"name": name, "jobs": 1, "game": game, "hands_per_s": rate}

    results = [row("parse", "holdem", 1000.0), row("validate", "holdem", 400.0)]
    results += [row("parse", "omaha", 500.0), row("validate", "omaha", 300.0)]
    assert [_label(r) for r in beside(results)] == ["parse", "parse (Omaha)", "validate", "validate (Omaha)"]
    assert omaha_ratios(results) == ["parse 1 core 0.50x", "validate 1 core 0.75x"]
