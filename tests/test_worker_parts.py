"""A parallel export's workers write their own Parquet parts; the parent keeps the cross-hand state.

The dataset must be the one a single process writes (same rows, same order), whether the parent
takes a task's files as they are (no hand of it left out or changed), rebuilds some of its tables
(hands the cross-hand checks changed: their hands and findings rows), or all of them (a hand met
twice, a hand already stored, HH413); nothing of a run is left behind.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from datasetkit import assert_same_tables

from hhtool.dataset import open_dataset
from hhtool.export import writer as writer_module
from hhtool.export.run import export_paths
from hhtool.export.schema import TABLES
from hhtool.generate import write_hands
from hhtool.rules.ruleset import RuleSet
from hhtool.validate import Summary

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
CHUNK = "30000"  # bytes: a few dozen hands a task


@pytest.fixture(autouse=True)
def small_chunks(monkeypatch):
    monkeypatch.setenv("HHTOOL_CHUNK_BYTES", CHUNK)


def _rows(out: Path) -> dict[str, list[dict]]:
    ds = open_dataset(out)
    return {t: ds.arrow(t).to_pylist() for t in TABLES}


def _names(out: Path, table: str) -> list[str]:
    return [p.name for p in open_dataset(out).table_files(table)[1]]


def _read_back_spy(monkeypatch) -> list[set[int]]:
    """The tables the parent read back, per task it had to change."""
    seen: list[set[int]] = []
    real = writer_module.read_task_parts

    def spy(parts, tables):
        seen.append(set(tables))
        return real(parts, tables)

    monkeypatch.setattr(writer_module, "read_task_parts", spy)
    return seen


def _same_as_one_process(paths: list[str], tmp_path: Path, name: str) -> tuple[Path, Summary]:
    one, two = tmp_path / f"{name}-one", tmp_path / f"{name}-two"
    export_paths(paths, one, RuleSet(), Summary(), jobs=1)
    summary = Summary()
    export_paths(paths, two, RuleSet(), summary, jobs=2)
    assert open_dataset(one).arrow("hands").num_rows
    assert_same_tables(one, two)  # same rows, in the same order
    assert not list(two.glob(".tmp-*"))
    return two, summary


def test_clean_tasks_are_stored_as_the_workers_wrote_them(tmp_path, monkeypatch):
    hands = tmp_path / "clean.txt"
    write_hands(hands, 200, seed=5, game="mix")
    read_back = _read_back_spy(monkeypatch)
    two, summary = _same_as_one_process([str(hands)], tmp_path, "clean")
    assert summary.by_status["valid"] == 200
    assert read_back == []  # the parent read no rows back
    for table in ("hands", "seats", "actions"):
        names = _names(two, table)
        assert len(names) > 3 and all(name.endswith("w.parquet") for name in names)  # every file a worker's


def test_hands_the_cross_hand_checks_change_rebuild_only_their_hands_and_findings_rows(tmp_path, monkeypatch):
    """Every hand but the first of one table gets HH412 (the button never moves): the parent rebuilds
    the hands and findings tables of those tasks and takes the workers' seats, actions, pots and payouts."""
    hand = (SAMPLES / "nl-cash-heads-up.txt").read_text(encoding="utf-8").split("\n\n\n\n")[0].strip("\n")
    path = tmp_path / "same-table.txt"
    path.write_text(
        "\n\n\n".join(hand.replace("#224190663518", f"#{300000000000 + i}") for i in range(120)) + "\n",
        encoding="utf-8",
    )
    read_back = _read_back_spy(monkeypatch)
    two, summary = _same_as_one_process([str(path)], tmp_path, "crossed")
    assert summary.by_code["HH412"] == 119
    assert len(read_back) > 3 and all(tables == {0, len(TABLES) - 1} for tables in read_back)
    assert all(name.endswith("w.parquet") for name in _names(two, "actions"))
    assert not any(name.endswith("w.parquet") for name in _names(two, "hands"))


def test_hands_met_twice_or_already_stored_are_left_out_as_before(tmp_path, monkeypatch):
    hands = tmp_path / "a.txt"
    write_hands(hands, 150, seed=9, game="mix")
    text = hands.read_text(encoding="utf-8")
    again = tmp_path / "b.txt"  # its first hands met again (HH414), then new ones
    write_hands(again, 60, seed=10, game="mix")
    again.write_text(
        text[: len(text) // 3].rsplit("\n\n\n", 1)[0] + "\n\n\n" + again.read_text(encoding="utf-8"), encoding="utf-8"
    )
    read_back = _read_back_spy(monkeypatch)
    two, summary = _same_as_one_process([str(hands), str(again)], tmp_path, "twice")
    assert summary.by_status["duplicate"] > 10
    assert any({0, 1, 2} <= tables for tables in read_back)  # a hand left out: every table it has rows in
    before = _rows(two)
    read_back.clear()
    stats = export_paths([str(hands), str(again)], two, RuleSet(), Summary(), jobs=2)  # everything stored already
    assert stats.hands_written == 0 and stats.hands_skipped == 210 + summary.by_status["duplicate"]
    assert read_back == []  # tasks whose every hand is left out are dropped unread
    assert _rows(two) == before
    assert not list(two.glob(".tmp-*"))


def test_the_parents_files_sort_among_the_workers_in_input_order(tmp_path):
    """Hands met again in the middle of a day: the parent writes those tasks' rows itself, in files
    of the same day folders as the workers' files before and after them, in the order of the input."""
    path = tmp_path / "day.txt"
    write_hands(path, 300, seed=11, game="mix")
    hands = path.read_text(encoding="utf-8").strip("\n").split("\n\n\n")
    hands[150:150] = [hands[140], hands[141]]  # met twice (HH414), 10 hands later
    hands[240:240] = [hands[200]]
    path.write_text("\n\n\n".join(hands) + "\n\n\n", encoding="utf-8")
    two, summary = _same_as_one_process([str(path)], tmp_path, "day")
    assert summary.by_status["duplicate"] == 3
    folders: dict[str, set[bool]] = {}
    for file in open_dataset(two).table_files("actions")[1]:
        folders.setdefault(file.parent.name, set()).add(file.name.endswith("w.parquet"))
    assert any(kinds == {True, False} for kinds in folders.values())  # workers' and the parent's files in one day
