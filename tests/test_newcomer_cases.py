"""Issue #26's newcomer and CLI cases: what a first user met, each kept here as a test.

- `generate` checks its arguments before it opens the output, and writes through a temporary file
  renamed into place: a usage error or an interrupted run leaves the file as it was;
- `stats --stakes` / `audit --stakes` on a dataset holding an unparsed and an unsupported hand (no
  stakes: NA in the columns the filter reads; HH099 under pandas 3);
- a dataset records each source's canonical path, so `show ID DATASET` and `dataset revalidate` work
  from any folder; a dataset written before (relative paths) still reads;
- `--since/--until` with a day that is not in the calendar is a usage error naming it;
- `watch --out` killed with SIGKILL loses no report (reported before stored);
- the lock message names the holder's pid, also when the holder has only just taken the lock.
"""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from clikit import clean, omaha
from typer.testing import CliRunner

from hhtool.cli import app
from hhtool.dataset import Dataset, open_dataset, source_path
from hhtool.export.run import DatasetBusy, export_paths
from hhtool.export.store import Store
from hhtool.generate import write_hands
from hhtool.scan import FilterError, HandFilter, Stakes

CLI = [sys.executable, "-c", "from hhtool.cli import app; app()"]
UNPARSED = "PokerStars Hand #210471183399:  garbage, not a header\nnor a hand\n"


def cli(*args: str):
    return CliRunner().invoke(app, list(args))


def one_line_error(result, *parts: str) -> None:
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and all(p in lines[0] for p in parts), result.stderr


# -- 1. generate ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("bad", [["--site", "nope"], ["--game", "stud"], ["--players", "1-3"], ["--players", "x"]])
def test_generate_with_a_bad_argument_leaves_the_output_as_it_was(tmp_path, bad):
    out = tmp_path / "hands.txt"
    out.write_text("precious\n")
    result = cli("generate", "--out", str(out), "-n", "3", *bad)
    one_line_error(result, "hhtool: ")
    assert out.read_text() == "precious\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hands.txt"]  # no temporary file left


def test_generate_replaces_the_file_whole_and_keeps_its_mode(tmp_path):
    out = tmp_path / "hands.txt"
    out.write_text("the former content\n")
    out.chmod(0o640)
    assert cli("generate", "--out", str(out), "-n", "4", "-q").exit_code == 0
    text = out.read_text()
    assert text.startswith("PokerStars Hand #") and text.count("PokerStars Hand #") == 4 and "former" not in text
    assert stat.S_IMODE(out.stat().st_mode) == 0o640
    new = tmp_path / "new.txt"  # a new file gets the umask's mode, as open() gives it, not mkstemp's 0600
    write_hands(new, 1)
    umask = os.umask(0o022)
    os.umask(umask)
    assert stat.S_IMODE(new.stat().st_mode) == 0o666 & ~umask
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hands.txt", "new.txt"]


def test_generate_into_a_link_replaces_the_file_it_names(tmp_path):
    real, link = tmp_path / "real.txt", tmp_path / "link.txt"
    real.write_text("old\n")
    link.symlink_to(real)
    write_hands(link, 2)
    assert link.is_symlink() and real.read_text().count("PokerStars Hand #") == 2


def test_generate_into_a_fifo_writes_to_it_and_leaves_it_a_fifo(tmp_path):
    """A name that is not a regular file is written in place (renaming over /dev/null would replace it)."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[str] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_text()))
    reader.start()
    write_hands(fifo, 2)
    reader.join(timeout=30)
    assert got and got[0].count("PokerStars Hand #") == 2
    assert stat.S_ISFIFO(fifo.stat().st_mode)


@pytest.mark.parametrize("how", [signal.SIGINT, signal.SIGKILL])
def test_an_interrupted_generate_leaves_the_file_as_it_was(tmp_path, how):
    out = tmp_path / "hands.txt"
    out.write_text("precious\n")
    process = subprocess.Popen(
        [*CLI, "generate", "--out", str(out), "-n", "10000000"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 30
    while not list(tmp_path.glob(".hands.txt.*")) and time.monotonic() < deadline:  # it is writing
        time.sleep(0.02)
    time.sleep(0.2)
    process.send_signal(how)
    process.communicate(timeout=30)
    assert process.returncode != 0
    assert out.read_text() == "precious\n"
    left = list(tmp_path.glob(".hands.txt.*"))
    assert left == [] if how == signal.SIGINT else len(left) <= 1  # a kill leaves its temporary file, only it


# -- 2. --stakes on a dataset with hands that have no stakes ---------------------------------------------
@pytest.fixture(scope="module")
def mixed_dataset(tmp_path_factory) -> Path:
    """A clean $0.01/$0.02 hand, an unparsed one and an unsupported (Omaha) one."""
    folder = tmp_path_factory.mktemp("mixed")
    source = folder / "h.txt"
    source.write_text(clean() + "\n\n" + UNPARSED + "\n\n\n" + omaha() + "\n\n")
    export_paths([source], folder / "ds")
    return folder / "ds"


def test_the_dataset_holds_hands_without_stakes(mixed_dataset):
    hands = open_dataset(mixed_dataset).hands
    assert sorted(hands["status"].astype(str)) == ["unparsed", "unsupported", "valid"]
    assert hands["small_blind"].isna().sum() >= 1 and hands["currency"].isna().sum() >= 1


def test_stakes_mask_is_false_for_missing_stakes(mixed_dataset):
    hands = open_dataset(mixed_dataset).hands
    mask = Stakes.parse("NL 0.01/0.02 USD").mask(hands)
    assert mask.dtype == bool
    assert hands[mask.to_numpy()]["status"].tolist() == ["valid"]
    assert not Stakes.parse("0.001/0.02").mask(hands).any()  # finer than a cent: no cash hand
    assert not Stakes.parse("0.01/0.02 EUR").mask(hands).any()
    frame = pd.DataFrame(
        {
            "currency": [None, "chips", "USD"],
            "small_blind": [None, 1, 1],
            "big_blind": [None, 2, 2],
            "tournament_id": [None, None, None],
            "limit": [None, "NL", "NL"],
        }
    )
    assert Stakes.parse("1/2").mask(frame).tolist() == [False, True, False]  # chips one by one, cents by 100
    assert Stakes.parse("0.01/0.02").mask(frame).tolist() == [False, False, True]


@pytest.mark.parametrize("command", ["stats", "audit"])
def test_cli_stakes_filter_on_a_dataset_with_unparsed_hands(mixed_dataset, command):
    result = cli(command, str(mixed_dataset), "--stakes", "0.01/0.02", "--format", "json")
    assert result.exit_code == 0, result.output
    assert "HH099" not in result.output
    report = json.loads(result.stdout)
    if command == "stats":
        assert {r["player"] for r in report["players"]} >= {"cobaltfox", "Orrin_Vale"}
    else:
        assert report["summary"]["audited_hands"] == 1


# -- 3. source paths -------------------------------------------------------------------------------------
@pytest.fixture
def relative_export(tmp_path, monkeypatch) -> tuple[Path, Path]:
    """A dataset exported from `work` by relative paths (`hands/h.txt`, `--out ds`); the test then runs
    from another folder."""
    work = tmp_path / "work"
    (work / "hands").mkdir(parents=True)
    (work / "hands" / "h.txt").write_text(clean() + "\n\n" + UNPARSED + "\n\n")
    monkeypatch.chdir(work)
    assert cli("export", "hands/h.txt", "--out", "ds", "-q").exit_code == 0
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    return work, work / "ds"


def test_the_dataset_records_canonical_source_paths(relative_export):
    work, ds = relative_export
    dataset = Dataset(ds)
    expected = str((work / "hands" / "h.txt").resolve())
    assert set(dataset.arrow("hands").column("file").to_pylist()) == {expected}
    assert set(dataset.arrow("findings").column("file").to_pylist()) == {expected}


def test_show_and_revalidate_work_from_another_folder(relative_export):
    _, ds = relative_export
    shown = CliRunner().invoke(app, ["show", "210471183301", str(ds)], env={"COLUMNS": "160"})
    assert shown.exit_code == 0, shown.output
    assert "cobaltfox" in shown.stdout
    revalidated = cli("dataset", "revalidate", str(ds))
    assert revalidated.exit_code == 0, revalidated.output
    assert "revalidated 2 of 2 hands" in revalidated.stderr and "not found" not in revalidated.stderr


def _as_older(ds: Path, file: str) -> None:
    """Rewrite the dataset's `file` columns to `file`, as hhtool wrote them before (paths as typed)."""
    dataset = Dataset(ds)
    for table in ("hands", "findings"):
        for path in dataset.table_files(table)[1]:
            data = pq.read_table(path, partitioning=None)
            index = data.schema.get_field_index("file")
            column = pa.array([file] * len(data), pa.string()).cast(data.schema.field(index).type)
            pq.write_table(data.set_column(index, data.schema.field(index), column), path)  # in place: links see it


def test_an_older_dataset_with_relative_paths_reads_from_the_working_or_the_dataset_folder(
    relative_export, monkeypatch
):
    work, ds = relative_export
    _as_older(ds, "hands/h.txt")
    assert set(Dataset(ds).arrow("hands").column("file").to_pylist()) == {"hands/h.txt"}
    found = f"a relative path of an older dataset, found from the dataset's folder {work}"
    assert source_path(ds, "hands/h.txt") == (str(work / "hands" / "h.txt"), found)
    shown = CliRunner().invoke(app, ["show", "210471183301", str(ds)], env={"COLUMNS": "160"})
    assert shown.exit_code == 0, shown.output
    revalidated = cli("dataset", "revalidate", str(ds))
    assert revalidated.exit_code == 0, revalidated.output
    assert "revalidated 2 of 2 hands" in revalidated.stderr
    assert f"1 source file: {found}" in revalidated.stderr
    monkeypatch.chdir(work)  # the export's folder: found from the working folder first
    assert (
        source_path("ds", "hands/h.txt")[1] == f"a relative path of an older dataset, found from the working "
        f"folder {work}"
    )
    monkeypatch.chdir(work.parent)
    (work / "hands" / "h.txt").rename(work / "gone.txt")
    gone = CliRunner().invoke(app, ["show", "210471183301", str(ds)])
    one_line_error(
        gone,
        "at hands/h.txt:1",
        "cannot be read any more",
        f"found neither from the working folder {work.parent} nor from the dataset's folder {work}",
    )


# -- 4. dates ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("command", ["stats", "audit"])
@pytest.mark.parametrize("option", ["--since", "--until"])
@pytest.mark.parametrize("day", ["2020-13-01", "2020-02-30", "2021-02-29", "2020-00-10", "0000-01-01"])
def test_a_day_that_is_not_in_the_calendar_is_a_usage_error(mixed_dataset, command, option, day):
    one_line_error(
        cli(command, str(mixed_dataset), option, day), f"hhtool: {option}: '{day}' is no day of the calendar"
    )


def test_real_days_are_accepted():
    assert HandFilter.of("2020-02-29", "2020-12-31").since == "2020-02-29"  # a leap day
    with pytest.raises(FilterError, match="'2019-02-29' is no day"):
        HandFilter.of(until="2019-02-29")


# -- 5. watch killed with SIGKILL ------------------------------------------------------------------------
# `hhtool watch`, whose commit stops (before or after the real commit, as HHTOOL_TEST_KILL says) and
# creates $HHTOOL_TEST_MARKER, for the test to kill it there with SIGKILL.
_STOPPING_WATCH = textwrap.dedent("""\
    import os, time
    from hhtool.export import writer
    when, marker = os.environ["HHTOOL_TEST_KILL"], os.environ["HHTOOL_TEST_MARKER"]
    real = writer.DatasetWriter.commit
    def commit(self):
        if when == "before":
            open(marker, "w").close()
            time.sleep(60)
        done = real(self)
        if when == "after":
            open(marker, "w").close()
            time.sleep(60)
        return done
    writer.DatasetWriter.commit = commit
    from hhtool.cli import app
    app()
    """)
WATCHED = [210471183301, 210471183311, 210471183321]


def _printed(stdout: str) -> list[str]:
    return [json.loads(line)["hand_id"] for line in stdout.splitlines() if line.strip()]


@pytest.mark.parametrize("when", ["before", "after"])
def test_watch_killed_at_its_commit_loses_no_report(tmp_path, when):
    folder, ds, marker = tmp_path / "hh", tmp_path / "ds", tmp_path / "marker"
    folder.mkdir()
    (folder / "t.txt").write_text("\n\n".join(clean(h) for h in WATCHED) + "\n\n")
    env = {**os.environ, "HHTOOL_TEST_KILL": when, "HHTOOL_TEST_MARKER": str(marker)}
    process = subprocess.Popen(
        [
            sys.executable,
            "-c",
            _STOPPING_WATCH,
            "watch",
            str(folder),
            "--out",
            str(ds),
            "--format",
            "jsonl",
            "--interval",
            "0.05",
            "--idle",
            "0.1",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        deadline = time.monotonic() + 60
        while not marker.exists() and time.monotonic() < deadline and process.poll() is None:
            time.sleep(0.02)
        assert marker.exists(), process.communicate(timeout=10)
    finally:
        process.kill()  # SIGKILL
    first, _ = process.communicate(timeout=10)
    stored = sorted(open_dataset(ds).hands["hand_id"].tolist()) if (ds / "hands").is_dir() else []
    again = cli("watch", str(folder), "--out", str(ds), "--once", "--format", "jsonl")
    assert again.exit_code == 0, again.output
    expected = sorted(str(h) for h in WATCHED)
    assert sorted(_printed(first)) == expected  # reported before the commit began
    assert stored == (expected if when == "after" else [])
    assert sorted(_printed(again.stdout)) == ([] if when == "after" else expected)  # not stored: reported again
    assert sorted(open_dataset(ds).hands["hand_id"].tolist()) == expected


# -- 6. the lock's pid --------------------------------------------------------------------------------------
_TOGGLING = textwrap.dedent("""\
    import os, sys
    from hhtool.export.store import Store
    Store(sys.argv[1]).close()
    open(sys.argv[2], "w").close()  # started
    while not os.path.exists(sys.argv[3]):  # until told to stop
        Store(sys.argv[1]).close()
    """)


def test_the_lock_message_names_the_holders_pid_even_as_it_takes_the_lock(tmp_path):
    """A writer that takes and releases the lock over and over: every refusal names its pid (the pid was
    written after truncating the lock file, and a refusal in between said `pid ?`: 142 of 173 in 3 s)."""
    ds = tmp_path / "ds"
    Store(ds).close()
    started, stop = tmp_path / "started", tmp_path / "stop"
    holder = subprocess.Popen([sys.executable, "-c", _TOGGLING, str(ds), str(started), str(stop)])
    messages: list[str] = []
    try:
        deadline = time.monotonic() + 60
        while not started.exists() and time.monotonic() < deadline:  # its imports
            time.sleep(0.01)
        end = time.monotonic() + 30
        while len(messages) < 20 and time.monotonic() < end:
            try:
                Store(ds, wait=0).close()
            except DatasetBusy as exc:
                messages.append(str(exc))
            else:  # the holder polls for the lock: a loop that always holds it would starve it
                time.sleep(0.005)
    finally:
        stop.touch()
        holder.wait(timeout=30)
    assert len(messages) >= 20, len(messages)
    assert all(f"another export (pid {holder.pid}) is writing it" in m for m in messages), set(messages)


def test_a_holder_that_wrote_no_pid_is_told_as_such(tmp_path):
    import fcntl

    ds = tmp_path / "ds"
    Store(ds).close()
    lock = ds / ".hhtool" / "lock"
    lock.write_text("")  # a holder that has just created the file
    fd = os.open(lock, os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        with pytest.raises(DatasetBusy, match=r"another export \(its pid not recorded\) is writing it"):
            Store(ds, wait=0)
        threading.Timer(0.01, lambda: os.pwrite(fd, b"4242", 0)).start()  # written a moment later
        with pytest.raises(DatasetBusy, match=r"another export \(pid 4242\) is writing it"):
            Store(ds, wait=0)
    finally:
        os.close(fd)
    store = Store(ds, wait=0)
    assert lock.read_bytes().strip() == str(os.getpid()).encode()  # the holder's pid while it holds it
    store.close()
    assert lock.read_bytes().strip() == b""  # blanked at release: a waiter never names a past holder
