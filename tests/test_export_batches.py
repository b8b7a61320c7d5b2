"""Speed where people feel it (issue #27 item 5): an export commits in batches and an interrupted one
keeps what it committed (and says how far it got); files already stored are skipped by their content
digest without being read; a small input runs in this process, with no pool to start.

The inputs are samples/ (written by the project) and hands written by hhtool's generator.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

import hhtool.export.run as export_module
from hhtool import pipeline, upkeep
from hhtool.cli import app
from hhtool.dataset import open_dataset
from hhtool.engine import local as local_engine
from hhtool.engine.plan import CHUNK_ENV, IN_PROCESS_TASKS, chunk_size, workers_for
from hhtool.export.run import BATCH_ENV, ExportInterrupted, export_paths
from hhtool.export.store import current_snapshot
from hhtool.generate import write_hands
from hhtool.io import expand_paths

PROJECT = Path(__file__).resolve().parent.parent
SAMPLES = PROJECT / "samples"
SAMPLE_HANDS = 73  # samples/README.md
SAMPLE_FILES = sum(1 for _path, problem in expand_paths([SAMPLES]) if problem is None)


def _runs(out: Path) -> list[dict]:
    snapshot = current_snapshot(out)
    return snapshot.manifest.runs if snapshot is not None else []


def _hands(out: Path) -> list[str]:
    return sorted(open_dataset(out).arrow("hands", ["hand_uid"]).column(0).to_pylist())


@pytest.fixture
def reads(monkeypatch) -> list[str]:
    """The files the sequential pipeline reads (their blocks), in order."""
    seen: list[str] = []
    real = pipeline.read_blocks

    def spy(path, name=None):
        seen.append(str(path))
        return real(path, name)

    monkeypatch.setattr(pipeline, "read_blocks", spy)
    return seen


# -- files already stored ---------------------------------------------------------------------------------
def test_a_file_already_stored_is_not_read_again_and_a_changed_one_is(tmp_path, reads):
    source = tmp_path / "in"
    shutil.copytree(SAMPLES, source)
    out = tmp_path / "ds"
    first = export_paths([source], out)
    assert first.hands_written == SAMPLE_HANDS and len(reads) == SAMPLE_FILES
    recorded = [entry for run in _runs(out) for entry in run.get("files", [])]
    assert len(recorded) == SAMPLE_FILES and sum(hands for _d, _p, hands in recorded) == SAMPLE_HANDS
    reads.clear()
    again = export_paths([source], out)
    assert reads == []  # nothing parsed, nothing read but the digests
    assert (again.files_unread, again.hands_skipped, again.hands_written) == (SAMPLE_FILES, SAMPLE_HANDS, 0)
    # the near miss: one file's content changes (a hand appended by the client): that file is read again
    changed = min(source.rglob("*.txt"))
    changed.write_bytes(changed.read_bytes() + b"\n")
    third = export_paths([source], out)
    assert reads == [str(changed)]
    assert third.files_unread == SAMPLE_FILES - 1 and third.hands_written == 0
    assert len(_hands(out)) == SAMPLE_HANDS


def test_a_removed_files_hands_are_read_and_stored_again(tmp_path, reads):
    """`hhtool dataset remove` takes hands out after the digests were recorded: those no longer say what
    is stored, so the next export reads the files again (and stores only what is missing)."""
    out = tmp_path / "ds"
    export_paths([SAMPLES], out)
    gone = min(SAMPLES.rglob("*.txt"))
    assert upkeep.remove(out, files=[str(gone)]).hands >= 1
    reads.clear()
    stats = export_paths([SAMPLES], out)
    assert len(reads) == SAMPLE_FILES and stats.files_unread == 0
    assert len(_hands(out)) == SAMPLE_HANDS and stats.hands_written >= 1


def test_the_cli_says_how_many_files_it_did_not_read(tmp_path):
    out = tmp_path / "ds"
    runner = CliRunner()
    assert runner.invoke(app, ["export", str(SAMPLES), "--out", str(out), "--jobs", "1"]).exit_code == 0
    result = runner.invoke(app, ["export", str(SAMPLES), "--out", str(out), "--jobs", "1"])
    assert result.exit_code == 0, result.output
    assert f"({SAMPLE_HANDS} already stored; {SAMPLE_FILES} files already stored, not read again)" in result.output


# -- batches ----------------------------------------------------------------------------------------------
def test_an_export_in_batches_stores_what_one_commit_stores(tmp_path, monkeypatch):
    whole = tmp_path / "whole"
    export_paths([SAMPLES], whole)
    monkeypatch.setenv(BATCH_ENV, "10")
    parts = tmp_path / "parts"
    stats = export_paths([SAMPLES], parts)
    runs = _runs(parts)
    assert stats.batches == len(runs) > 5
    assert [run["batch"] for run in runs] == list(range(1, len(runs) + 1))
    assert all(run["hands_written"] >= 10 for run in runs[:-1])  # a batch ends at the first file end past 10
    assert sum(run["hands_written"] for run in runs) == SAMPLE_HANDS
    for table in ("hands", "seats", "actions", "pots", "payouts", "findings"):
        a = open_dataset(whole).arrow(table).to_pylist()
        b = open_dataset(parts).arrow(table).to_pylist()
        assert a == b, table  # same rows, same order


def test_ctrl_c_keeps_the_committed_batches_and_says_how_far_they_go(tmp_path, monkeypatch):
    monkeypatch.setenv(BATCH_ENV, "10")
    out = tmp_path / "ds"
    real = export_module.validate_paths

    def interrupted(paths, rules=None, summary=None):
        for i, item in enumerate(real(paths, rules, summary)):
            if i == 40:
                raise KeyboardInterrupt
            yield item

    monkeypatch.setattr(export_module, "validate_paths", interrupted)
    with pytest.raises(ExportInterrupted) as caught:
        export_paths([SAMPLES], out)
    stats = caught.value.stats
    runs = _runs(out)
    assert stats.batches == len(runs) >= 2 and not list(out.glob(".tmp-*"))
    committed = [entry for run in runs for entry in run["files"]]
    assert stats.committed_inputs == len(committed) < SAMPLE_FILES
    assert len(_hands(out)) == stats.committed_hands == sum(hands for _d, _p, hands in committed) < SAMPLE_HANDS
    other = tmp_path / "cli"  # the same run on the command line, into a dataset of its own
    result = CliRunner().invoke(app, ["export", str(SAMPLES), "--out", str(other), "--jobs", "1"])
    assert result.exit_code == 130
    assert (
        f"{stats.committed_hands} new hands of the first {stats.committed_inputs} input files (through "
        f"{stats.last_input}) were committed to {other} in {stats.batches} batches"
    ) in result.output
    monkeypatch.undo()
    rest = export_paths([SAMPLES], out)  # the run again: the committed files are not read, the rest is added
    assert rest.files_unread == stats.committed_inputs
    assert rest.hands_written == SAMPLE_HANDS - stats.committed_hands
    assert len(_hands(out)) == SAMPLE_HANDS


_KILL_AFTER_COMMITS = textwrap.dedent("""\
    import os, signal, sys
    from hhtool.export import store
    from hhtool.export.run import export_paths

    real, done = store.Store.commit, []
    def commit(self, *args, **kwargs):
        real(self, *args, **kwargs)
        done.append(1)
        if len(done) == 2:
            os.kill(os.getpid(), signal.SIGKILL)
    store.Store.commit = commit
    export_paths([sys.argv[1]], sys.argv[2], jobs=int(sys.argv[3]))
    """)


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_killed_export_leaves_a_readable_dataset_of_its_committed_batches(tmp_path, jobs):
    out = tmp_path / "ds"
    env = {**os.environ, BATCH_ENV: "10", CHUNK_ENV: "3000"}  # batches of ~10 hands, tasks of a few hands
    result = subprocess.run(
        [sys.executable, "-c", _KILL_AFTER_COMMITS, str(SAMPLES), str(out), str(jobs)],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == -signal.SIGKILL, result.stderr
    runs = _runs(out)
    assert len(runs) == 2
    stored = _hands(out)
    assert (
        len(stored)
        == sum(run["hands_written"] for run in runs)
        == sum(hands for run in runs for _d, _p, hands in run["files"])
    )
    assert 20 <= len(stored) < SAMPLE_HANDS
    json.loads((out / ".hhtool" / "current" / "manifest.json").read_text())  # whole
    stats = export_paths([SAMPLES], out)  # cleans the killed run's folder, adds only the rest
    assert stats.files_unread == sum(len(run["files"]) for run in runs)
    assert not list(out.glob(".tmp-*"))
    assert len(_hands(out)) == SAMPLE_HANDS == len(set(_hands(out)))


# -- a small input runs in this process ----------------------------------------------------------------
def test_a_small_input_starts_no_pool_and_a_large_one_does(tmp_path, monkeypatch):
    started: list[int] = []
    real = local_engine.LocalPool.__init__

    def spy(self, rules, want, jobs, *args, **kwargs):
        started.append(jobs)
        real(self, rules, want, jobs, *args, **kwargs)

    monkeypatch.setattr(local_engine.LocalPool, "__init__", spy)
    small = tmp_path / "small.txt"
    write_hands(small, 40, seed=5)
    # three tasks' work: a pool would start (~0.9 s) for less than it saves
    monkeypatch.setenv(CHUNK_ENV, str(small.stat().st_size // 3))
    assert small.stat().st_size > 2 * chunk_size()
    assert workers_for([small], None) == workers_for([small], 8) == 1
    runner = CliRunner()
    assert runner.invoke(app, ["validate", str(small), "--jobs", "2", "--quiet"]).exit_code in (0, 1)
    assert runner.invoke(app, ["export", str(small), "--out", str(tmp_path / "ds"), "--jobs", "2"]).exit_code == 0
    assert started == []
    # the near miss: the same input made of more tasks than a pool's start-up is worth is run on the pool
    monkeypatch.setenv(CHUNK_ENV, str(small.stat().st_size // (IN_PROCESS_TASKS + 1)))
    assert workers_for([small], 2) == 2
    tasks = -(-small.stat().st_size // chunk_size())  # tasks' worth of bytes (the plan cuts at headers)
    assert IN_PROCESS_TASKS < tasks < 64 and workers_for([small], 64) == tasks  # no more workers than tasks
    assert runner.invoke(app, ["validate", str(small), "--jobs", "2", "--quiet"]).exit_code in (0, 1)
    assert started == [2]


def test_an_export_of_files_mostly_stored_starts_no_pool(tmp_path, monkeypatch):
    """What is left to read decides: a re-export whose files are stored but one small one runs here."""
    big = tmp_path / "in" / "big.txt"
    big.parent.mkdir()
    write_hands(big, 300, seed=6)
    monkeypatch.setenv(CHUNK_ENV, str(big.stat().st_size // (2 * IN_PROCESS_TASKS)))
    out = tmp_path / "ds"
    started: list[int] = []
    real = local_engine.LocalPool.__init__

    def spy(self, rules, want, jobs, *args, **kwargs):
        started.append(jobs)
        real(self, rules, want, jobs, *args, **kwargs)

    monkeypatch.setattr(local_engine.LocalPool, "__init__", spy)
    export_paths([big.parent], out, jobs=2)
    assert started == [2]
    write_hands(big.parent / "new.txt", 3, seed=7)
    stats = export_paths([big.parent], out, jobs=2)
    assert started == [2] and stats.files_unread == 1 and stats.hands_written == 3
