"""The dataset as a store: one writer at a time, commits that readers see whole or not at all (also
when the writer is killed, at any moment), foreign files kept, stable keys for hands whose id cannot
be trusted, and the jsonl contract of docs/commands.md (issue #12, items 1, 2 and 9).

Every check of a dataset reads it the three ways docs/dataset.md shows (pyarrow over the folder, DuckDB
and polars over `DIR/<table>/**/*.parquet`), not only through `open_dataset`.
"""

from __future__ import annotations

import json
import os
import random
import re
import select
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pyarrow as pa
import pyarrow.dataset as pads
import pyarrow.parquet as pq
import pytest
from conftest import hands_file, make_hand
from typer.testing import CliRunner

from hhtool.cli import app
from hhtool.dataset import open_dataset
from hhtool.export.run import DatasetBusy, export_paths
from hhtool.export.schema import TABLES
from hhtool.export.store import Store, current_snapshot
from hhtool.generate import write_hands

PROJECT = Path(__file__).resolve().parent.parent
DATASET_DOC = PROJECT / "docs" / "dataset.md"  # the pages the README links to
COMMANDS_DOC = PROJECT / "docs" / "commands.md"
CLI = [sys.executable, "-c", "from hhtool.cli import app; app()"]

OMAHA = make_hand(
    900000000007,
    header="PokerStars Hand #{hand_id}:  Courchevel Hi/Lo Pot Limit ($0.05/$0.10 USD) - 2020/04/16 13:54:25 ET",
)
BROKEN = make_hand(900000000008).replace("Alice: folds", "Alice: juggles the chips")  # HH010: unparsed
FIRST = make_hand(900000000009)
REUSED_ID = make_hand(900000000009, table="Table 'Testa II' 6-max Seat #1 is the button")  # HH413


# -- reading a dataset docs/dataset.md's ways ----------------------------------------------------------
def plain_counts(out: Path) -> dict[str, tuple[int, int, int]]:
    """Rows per table as pyarrow, DuckDB and polars see the folder `out/<table>`."""
    import duckdb
    import polars as pl

    counts = {}
    for table in TABLES:
        arrow = pads.dataset(out / table, format="parquet", partitioning="hive").count_rows()
        duck = duckdb.execute(
            f"select count(*) from read_parquet('{out}/{table}/**/*.parquet', hive_partitioning = true)"
        ).fetchone()[0]
        polars = pl.scan_parquet(f"{out}/{table}/**/*.parquet", hive_partitioning=True).select(pl.len()).collect()
        counts[table] = (arrow, duck, polars.item())
    return counts


def hand_uids(out: Path) -> list[str]:
    return (
        pads.dataset(out / "hands", format="parquet", partitioning="hive")
        .to_table(columns=["hand_uid"])
        .column(0)
        .to_pylist()
    )


def assert_whole(out: Path, states: list[dict[str, int]]) -> dict[str, int]:
    """The three readers agree, every hand is stored once, every row belongs to a stored hand, and
    the rows are those of one of `states` (whole runs only); returns the rows per table."""
    counts = plain_counts(out)
    for table, seen in counts.items():
        assert len(set(seen)) == 1, (table, seen)
    rows = {t: seen[0] for t, seen in counts.items()}
    uids = hand_uids(out)
    assert len(uids) == len(set(uids)), "a hand stored twice"
    for table in TABLES[1:]:
        refs = set(
            pads.dataset(out / table, format="parquet", partitioning="hive")
            .to_table(columns=["hand_uid"])
            .column(0)
            .to_pylist()
        )
        assert not {r for r in refs if not r.startswith("@")} - set(uids), f"{table} rows of a hand not in hands"
    assert rows in states, rows
    assert {t: len(open_dataset(out).table(t)) for t in TABLES} == rows
    return rows


# The CLI's export, paused after 100 hands (row groups of its run already in its staging folder)
# until the test creates the file $HHTOOL_TEST_RELEASE; it creates that name + ".paused" on pausing.
_PAUSING_CLI = textwrap.dedent("""\
    import os, time
    import hhtool.export.run as export_module
    from hhtool.export import writer
    writer.FLUSH_ROWS = 200
    release = os.environ["HHTOOL_TEST_RELEASE"]
    real = export_module.validate_paths
    def paused(*args, **kwargs):
        for i, item in enumerate(real(*args, **kwargs)):
            if i == 100:
                open(release + ".paused", "w").close()
                deadline = time.monotonic() + 120
                while not os.path.exists(release) and time.monotonic() < deadline:
                    time.sleep(0.02)
            yield item
    export_module.validate_paths = paused
    from hhtool.cli import app
    app()
    """)


def export_cli(paths, out: Path, *extra: str, release: Path | None = None) -> subprocess.Popen:
    """`hhtool export` in a process of its own; with `release`, one that pauses (see _PAUSING_CLI)."""
    command = CLI if release is None else [sys.executable, "-c", _PAUSING_CLI]
    env = os.environ if release is None else {**os.environ, "HHTOOL_TEST_RELEASE": str(release)}
    return subprocess.Popen(
        [*command, "export", *map(str, paths), "--out", str(out), "--jobs", "1", *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def wait_for_pause(release: Path, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + 120
    while not Path(f"{release}.paused").exists():
        assert process.poll() is None and time.monotonic() < deadline, process.communicate()
        time.sleep(0.02)


def first_line(stream, timeout: float = 120) -> str:
    ready, _, _ = select.select([stream], [], [], timeout)
    assert ready, "no line in time"
    return stream.readline()


@pytest.fixture(scope="module")
def inputs(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("inputs")
    a, b = folder / "a.txt", folder / "b.txt"
    write_hands(a, 300, seed=41)
    write_hands(b, 200, seed=42)
    return {"a": a, "b": b}


@pytest.fixture(scope="module")
def reference(inputs, tmp_path_factory) -> dict[str, dict[str, int]]:
    """Rows per table of a, b and both, each exported alone into a fresh dataset."""
    out = {}
    for name, paths in (("a", [inputs["a"]]), ("b", [inputs["b"]]), ("ab", [inputs["a"], inputs["b"]])):
        ds = tmp_path_factory.mktemp("ref") / "ds"
        export_paths([str(p) for p in paths], ds)
        out[name] = {t: seen[0] for t, seen in plain_counts(ds).items()}
    return out


# -- item 1: one writer per dataset ------------------------------------------------------------------
@pytest.mark.parametrize("first, second", [("a", "a"), ("a", "b"), ("b", "a")])
def test_two_exports_at_once_store_every_hand_once(inputs, reference, tmp_path, first, second):
    """The second export, started while the first is half-way, waits for the first's lock, then
    reads what it stored: same input adds nothing, different inputs add their own hands; both exit 0."""
    out, release = tmp_path / "ds", tmp_path / "release"
    one = export_cli([inputs[first]], out, release=release)
    wait_for_pause(release, one)
    two = export_cli([inputs[second]], out)
    assert first_line(two.stderr).startswith(f"hhtool: waiting for another export (pid {one.pid})")
    release.touch()
    _, err_one = one.communicate(timeout=300)
    _, err_two = two.communicate(timeout=300)
    assert one.returncode == 0 and two.returncode == 0, (err_one, err_two)
    both = "a" if first == second else "ab"
    assert assert_whole(out, [reference[both]]) == reference[both]
    written = [int(re.search(r"exported (\d+) new hands", err).group(1)) for err in (err_one, err_two)]
    hands = {name: reference[name]["hands"] for name in ("a", "b")}
    assert written == [hands[first], 0 if first == second else hands[second]]


def test_an_export_that_may_not_wait_fails_with_one_line_and_exit_2(inputs, tmp_path):
    out = tmp_path / "ds"
    export_paths([str(inputs["b"])], out)
    before = plain_counts(out)
    holder = Store(out)  # a writer in progress
    try:
        result = subprocess.run(
            [*CLI, "export", str(inputs["a"]), "--out", str(out), "--wait", "0"],
            capture_output=True,
            text=True,
            timeout=120,
        )
        with pytest.raises(DatasetBusy, match=rf"another export \(pid {os.getpid()}\) is writing it \(waited 0.2 s\)"):
            export_paths([str(inputs["a"])], out, wait=0.2)
    finally:
        holder.close()
    assert result.returncode == 2
    assert result.stderr.strip().count("\n") == 0 and "another export" in result.stderr, result.stderr
    assert plain_counts(out) == before
    export_paths([str(inputs["a"])], out, wait=0)  # free again


def test_a_live_runs_staging_folder_is_never_deleted(inputs, reference, tmp_path):
    """A second export started while the first writes does not touch the first's files (it waits
    for the lock, and under the lock every staging folder left is a dead run's)."""
    out, release = tmp_path / "ds", tmp_path / "release"
    first = export_cli([inputs["a"]], out, release=release)
    wait_for_pause(release, first)
    staged = sorted(out.glob(".tmp-*/**/*.parquet"))
    assert staged  # row groups of the live run
    second = subprocess.run(
        [*CLI, "export", str(inputs["b"]), "--out", str(out), "--wait", "0"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert second.returncode == 2, second.stderr
    assert sorted(out.glob(".tmp-*/**/*.parquet")) == staged and all(p.stat().st_size for p in staged)
    release.touch()
    assert first.wait(timeout=300) == 0
    assert assert_whole(out, [reference["a"]]) == reference["a"]


# -- item 1: kill -9, also during the commit --------------------------------------------------------
_KILL_AT = textwrap.dedent("""\
    import os, signal, sys
    from hhtool.export.run import export_paths

    call, nth = sys.argv[3], int(sys.argv[4])
    real = getattr(os, call)
    count = 0
    def killing(*args, **kwargs):
        global count
        count += 1
        if count == nth:
            os.kill(os.getpid(), signal.SIGKILL)
        return real(*args, **kwargs)
    setattr(os, call, killing)
    export_paths([sys.argv[1]], sys.argv[2])
    """)


@pytest.mark.parametrize(
    "call, nth",
    [("replace", 1), ("replace", 3), ("replace", 7), ("link", 1), ("link", 4), ("symlink", 1), ("rmdir", 1)],
)
def test_a_kill_at_any_step_of_the_commit_leaves_a_whole_dataset(inputs, reference, tmp_path, call, nth):
    """Killed while the next snapshot is built (files moved in, links made, the new `current`
    link made: symlink), readers see the dataset before the run; killed once it is switched
    (rmdir: deleting the old snapshots), after it. Either way the next export completes it, and
    every hand is stored exactly once."""
    out = tmp_path / "ds"
    export_paths([str(inputs["b"])], out)
    export_paths([str(inputs["b"])], out)  # a second snapshot: the commit links the first's files
    before = assert_whole(out, [reference["b"]])
    result = subprocess.run(
        [sys.executable, "-c", _KILL_AT, str(inputs["a"]), str(out), call, str(nth)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode in (-signal.SIGKILL, 0), result.stderr
    assert assert_whole(out, [before, reference["ab"]]) in (before, reference["ab"])
    export_paths([str(inputs["a"])], out)
    assert assert_whole(out, [reference["ab"]]) == reference["ab"]
    assert not list(out.glob(".tmp-*")) and len(list((out / ".hhtool" / "snapshots").iterdir())) <= 2


def test_kill_9_at_random_moments_never_leaves_half_a_run(inputs, reference, tmp_path):
    """Exports killed at random moments (seeded) — reading, writing or committing — leave a
    dataset that is before or after each run, never between; finished, every hand is there once."""
    out = tmp_path / "ds"
    Store(out).close()  # the empty dataset: every table there
    rng = random.Random(12)
    states = [{t: 0 for t in TABLES}, reference["a"], reference["b"], reference["ab"]]
    started = time.monotonic()
    export_cli([inputs["a"]], tmp_path / "timing").wait(timeout=300)
    whole = time.monotonic() - started
    for round_ in range(6):
        source = inputs["a" if round_ % 2 else "b"]
        process = export_cli([source], out)
        time.sleep(rng.uniform(0.3, 1.0) * whole)
        process.kill()
        process.communicate(timeout=60)
        assert_whole(out, states)
    for name in ("a", "b"):
        assert export_cli([inputs[name]], out).wait(timeout=300) == 0
    assert assert_whole(out, [reference["ab"]]) == reference["ab"]


def test_a_reader_keeps_its_snapshot_through_the_next_commit(inputs, reference, tmp_path):
    """open_dataset reads every table from the commit current when it was opened; the snapshot a
    commit replaces is kept until the commit after it."""
    out = tmp_path / "ds"
    export_paths([str(inputs["b"])], out)
    reader = open_dataset(out)
    export_paths([str(inputs["a"])], out)
    assert {t: len(reader.table(t)) for t in TABLES} == reference["b"]
    assert {t: len(open_dataset(out).table(t)) for t in TABLES} == reference["ab"]
    export_paths([str(inputs["a"])], out)
    assert len(list((out / ".hhtool" / "snapshots").iterdir())) == 2
    assert not reader.snapshot.folder.exists()


# -- item 1: foreign files, old layout ----------------------------------------------------------------
def test_foreign_files_in_table_folders_are_kept_and_never_read(inputs, reference, tmp_path):
    out = tmp_path / "ds"
    export_paths([str(inputs["b"])], out)
    notes = out / "hands" / "NOTES.txt"
    notes.write_text("my notes\n", encoding="utf-8")
    other = out / "seats" / "date=2020-01-01" / "part-mine.parquet"  # a part file of someone else's
    other.parent.mkdir(parents=True, exist_ok=True)
    pq.write_table(pa.table({"x": [1, 2, 3]}), other)
    (out / "findings" / "empty-folder").mkdir()
    (out / "pots" / "broken.parquet").write_bytes(b"not parquet at all")
    for _ in range(2):
        export_paths([str(inputs["a"])], out)
        assert notes.read_text(encoding="utf-8") == "my notes\n"
        assert pq.read_table(other).column("x").to_pylist() == [1, 2, 3]
        assert (out / "findings" / "empty-folder").is_dir() and (out / "pots" / "broken.parquet").exists()
    assert {t: len(open_dataset(out).table(t)) for t in TABLES} == reference["ab"]


def old_layout(dataset: Path, old: Path, uid=lambda uid: uid) -> None:
    """`dataset` as hhtool wrote it before snapshots (real table folders, `_runs/`), its uids mapped by `uid`."""
    snapshot = current_snapshot(dataset)
    run = "20200101T000000-0123abcd"
    for table in TABLES:
        for path in snapshot.files(table):
            rel = path.relative_to(snapshot.folder / table)
            target = old / table / rel.parent / f"part-{run}-{rel.name.rsplit('-', 1)[-1]}"
            target.parent.mkdir(parents=True, exist_ok=True)
            rows = pq.read_table(path)
            uids = pa.array([uid(u) for u in rows.column("hand_uid").to_pylist()], pa.string())
            pq.write_table(rows.set_column(0, "hand_uid", uids), target)
    (old / "_runs").mkdir()
    (old / "_runs" / f"{run}.json").write_text(json.dumps({"run": run}), encoding="utf-8")


def test_a_dataset_of_the_old_layout_is_converted_and_keeps_its_hands(inputs, reference, tmp_path):
    """Real table folders and `_runs/` (hhtool before snapshots): the committed runs' files are
    kept, an interrupted run's are left out, foreign files kept; re-exporting adds nothing."""
    new = tmp_path / "new"
    export_paths([str(inputs["b"])], new)
    snapshot = current_snapshot(new)
    old = tmp_path / "old"
    old_layout(new, old)
    dead = old / "hands" / "date=unknown" / "part-20200101T000001-0123abce-0.parquet"  # never committed
    dead.parent.mkdir(parents=True, exist_ok=True)
    dead.write_bytes(next(iter(snapshot.files("hands"))).read_bytes())
    (old / "hands" / "NOTES.txt").write_text("mine", encoding="utf-8")
    assert len(open_dataset(old).hands) == reference["b"]["hands"]  # the old layout still reads
    stats = export_paths([str(inputs["b"]), str(inputs["a"])], old)
    assert stats.hands_written == reference["a"]["hands"]
    assert (old / "hands").is_symlink() and (old / "hands" / "NOTES.txt").read_text(encoding="utf-8") == "mine"
    (old / "hands" / "NOTES.txt").unlink()  # (pyarrow would take it for a Parquet file)
    assert assert_whole(old, [reference["ab"]]) == reference["ab"]
    assert not (old / "_runs").exists()


def test_a_copy_that_followed_the_symlinks_is_adopted(inputs, reference, tmp_path):
    import shutil

    out = tmp_path / "ds"
    export_paths([str(inputs["b"])], out)
    copy = tmp_path / "copy"
    shutil.copytree(out, copy)  # symlinks=False: real folders everywhere
    assert not (copy / "hands").is_symlink()
    assert export_paths([str(inputs["b"])], copy).hands_written == 0
    assert (copy / "hands").is_symlink() and assert_whole(copy, [reference["b"]]) == reference["b"]


# -- item 2: keys that do not depend on how a path is spelled ----------------------------------------
def test_reexport_through_any_spelling_of_the_paths_adds_nothing(tmp_path, monkeypatch):
    folder = tmp_path / "hh"
    folder.mkdir()
    (folder / "mixed.txt").write_text(
        "some words before any hand\n\n" + hands_file([FIRST, OMAHA, BROKEN, REUSED_ID]), encoding="utf-8"
    )
    (folder / "empty.txt").write_text("\n", encoding="utf-8")  # HH001: a file-level finding
    link = tmp_path / "link"
    link.symlink_to(folder, target_is_directory=True)
    out = tmp_path / "ds"
    first = export_paths([str(folder)], out)
    assert first.hands_written == 4
    statuses = sorted(open_dataset(out).hands["status"].astype(str))
    assert statuses == ["invalid", "unparsed", "unsupported", "valid"]  # invalid: HH413 (a reused id)
    before = plain_counts(out)
    monkeypatch.chdir(tmp_path)
    for spelling in (
        ["hh"],
        ["./hh/"],
        ["hh/../hh/mixed.txt", "hh/empty.txt"],
        [str(link)],
        ["link/mixed.txt"],
        [f"{tmp_path}/./link/../hh"],
    ):
        stats = export_paths(spelling, out)
        assert stats.hands_written == 0, spelling
        assert plain_counts(out) == before, spelling
    real = re.escape(os.path.realpath(folder / "mixed.txt"))
    assert sum(bool(re.fullmatch(rf"pokerstars:\d*@{real}:\d+", uid)) for uid in hand_uids(out)) == 3


def test_hands_stored_under_a_path_as_spelled_are_not_stored_again(tmp_path, monkeypatch):
    """hhtool before issue #12 keyed them by the path as given (here relative): a re-export through
    an absolute path finds them stored."""
    folder = tmp_path / "hh"
    folder.mkdir()
    (folder / "mixed.txt").write_text("words\n\n" + hands_file([FIRST, OMAHA, BROKEN, REUSED_ID]), encoding="utf-8")
    new, old = tmp_path / "new", tmp_path / "old"
    export_paths([str(folder)], new)
    real = os.path.realpath(folder / "mixed.txt")
    old_layout(new, old, lambda uid: uid.replace(real, "hh/mixed.txt"))
    assert sum("@hh/mixed.txt:" in uid for uid in open_dataset(old).hands["hand_uid"]) == 3
    before = plain_counts(old)
    monkeypatch.chdir(tmp_path)
    assert export_paths([str(folder)], old).hands_written == 0
    assert plain_counts(old) == before


# -- item 9: the jsonl contract, every table folder -------------------------------------------------
JSONL_KEYS = [
    "hand_id",
    "site",
    "file",
    "line",
    "status",
    "findings",
    "total_pot",
    "rake",
    "pots",
    "collected",
    "currency",
]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_every_jsonl_hand_object_has_every_key(tmp_path, jobs):
    path = tmp_path / "all.txt"
    path.write_text("stray words\n\n" + hands_file([FIRST, OMAHA, BROKEN, FIRST, REUSED_ID]), encoding="utf-8")
    result = CliRunner().invoke(app, ["validate", str(path), "--format", "jsonl", "--jobs", jobs])
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    hands = [o for o in lines if "file_finding" not in o]
    assert [h["status"] for h in hands] == ["valid", "unsupported", "unparsed", "duplicate", "invalid"]
    for hand in hands:
        assert list(hand) == JSONL_KEYS, hand["status"]
    assert [h["currency"] for h in hands] == ["USD", None, None, None, "USD"]
    [file_finding] = [o["file_finding"] for o in lines if "file_finding" in o]
    assert file_finding["code"] == "HH002"


def test_the_commands_page_documents_every_jsonl_line():
    text = COMMANDS_DOC.read_text(encoding="utf-8")
    section = re.search(r"^## `validate`\n(.*?)(?=^## )", text, re.DOTALL | re.MULTILINE).group(1)
    keys = {k for row in re.findall(r"^\| (`[^|]+`) \|", section, re.MULTILINE) for k in re.findall(r"`(\w+)`", row)}
    assert set(JSONL_KEYS) <= keys
    assert "file_finding" in keys
    finding_keys = set(re.search(r"`findings` \| list of `\{([^}]*)\}`", section).group(1).split(", "))
    documented = re.search(r"`file_finding` \| `\{([^}]*)\}`", section).group(1).split(", ")
    assert set(documented) == finding_keys


def _documented_queries(out: Path, table: str) -> tuple[list, list]:
    """docs/dataset.md's DuckDB and polars examples as written (hands), or their reading call on another
    table with a count: the rows each gives."""
    import duckdb
    import polars as pl

    text = DATASET_DOC.read_text(encoding="utf-8")
    sql = re.search(r"^SELECT currency.*;$", text, re.MULTILINE).group(0)
    code = re.search(r"^pl\.scan_parquet\(.*\.collect\(\)$", text, re.MULTILINE).group(0)
    if table != "hands":
        sql = "SELECT count(*) FROM read_parquet('DIR/hands/**/*.parquet', hive_partitioning = true);"
        code = 'pl.scan_parquet("DIR/hands/**/*.parquet", hive_partitioning=True).select(pl.len()).collect()'
    sql, code = (part.replace("DIR/hands", f"{out}/{table}") for part in (sql, code))
    frame = eval(code, {"pl": pl})
    return sorted(duckdb.execute(sql.rstrip(";")).fetchall()), sorted(frame.rows())


def test_every_table_folder_exists_and_the_documented_queries_work_on_it(tmp_path):
    """A dataset of valid hands only (no findings), and one of no hand at all: every table folder
    is there with a file, and docs/dataset.md's DuckDB and polars examples run on each."""
    clean = tmp_path / "clean.txt"
    clean.write_text(hands_file([FIRST]), encoding="utf-8")
    nothing = tmp_path / "nothing.txt"
    nothing.write_text("\n", encoding="utf-8")
    for name, path, findings in (("clean", clean, 0), ("nothing", nothing, 1)):
        out = tmp_path / name
        export_paths([str(path)], out)
        for table in TABLES:
            assert (out / table).is_dir() and list((out / table).rglob("*.parquet")), (name, table)
            duck, polars = _documented_queries(out, table)
            assert duck == polars, (name, table)
        assert plain_counts(out)["findings"] == (findings,) * 3
    export_paths([str(tmp_path / "nothing.txt"), str(clean)], tmp_path / "nothing")
    assert plain_counts(tmp_path / "nothing")["seats"] == (3, 3, 3)  # the empty file went with the first rows
    assert not any("empty" in p.name for p in (tmp_path / "nothing" / "seats").rglob("*.parquet"))
