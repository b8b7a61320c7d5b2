"""`hhtool watch` (issue #17, item 4): follow files as a client appends to them, validate each new hand
once, store it, stop cleanly. Unit tests drive the follower with a fake clock; the live tests run
`hhtool watch` against a writer process and stop it with SIGINT and SIGTERM."""

from __future__ import annotations

import gzip
import json
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest
from conftest import make_hand
from typer.testing import CliRunner

from hhtool.cli import app
from hhtool.dataset import open_dataset
from hhtool.export.store import current_snapshot
from hhtool.io import Block
from hhtool.validate import validate_paths
from hhtool.watch import Follower, Session, looks_finished, watch

SEP = "\n\n\n"
HANDS = [make_hand(930000000001 + i, table=f"Table 'Watch {i}' 6-max Seat #1 is the button") for i in range(8)]
BAD = make_hand(930000000099, table="Table 'Watch bad' 6-max Seat #1 is the button").replace(
    "Carol collected $0.10 from pot", "Carol collected $0.12 from pot"
)
CLI = [sys.executable, "-c", "from hhtool.cli import app; app()"]


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def append(path: Path, text: str) -> None:
    with open(path, "a", encoding="utf-8", newline="") as handle:
        handle.write(text)


def ids(items) -> list[str]:
    return [item.text.split("#", 1)[1].split(":", 1)[0] for item in items if isinstance(item, Block)]


def hid(hand: str) -> str:
    return hand.split("#", 1)[1].split(":", 1)[0]


@pytest.fixture()
def follow(tmp_path):
    folder = tmp_path / "hh"
    folder.mkdir()
    clock = Clock()
    return folder, clock, Follower(folder, idle=5.0, clock=clock)


def test_a_growing_file_gives_each_hand_once_and_holds_a_partial_last_hand(follow):
    folder, clock, follower = follow
    path = folder / "table.txt"
    append(path, HANDS[0] + SEP)
    assert ids(follower.poll()) == [hid(HANDS[0])]
    assert list(follower.poll()) == []  # unchanged: nothing read
    head, tail = HANDS[1][:200], HANDS[1][200:]
    append(path, head)  # the client is writing the next hand
    assert list(follower.poll()) == []
    clock.now += 1
    append(path, tail + SEP)
    assert ids(follower.poll()) == [hid(HANDS[1])]
    append(path, HANDS[2] + SEP + HANDS[3] + SEP)
    assert ids(follower.poll()) == [hid(HANDS[2]), hid(HANDS[3])]


def test_a_last_hand_without_its_blank_line_waits_for_the_file_to_be_idle(follow):
    folder, clock, follower = follow
    path = folder / "table.txt"
    append(path, HANDS[0])  # whole, but no blank line yet: it may still be written
    assert list(follower.poll()) == []
    clock.now += 4.9
    assert list(follower.poll()) == []
    clock.now += 0.2
    assert ids(follower.poll()) == [hid(HANDS[0])]
    append(path, SEP + HANDS[1] + SEP)
    assert ids(follower.poll()) == [hid(HANDS[1])]  # the first hand is not read again


def test_a_hand_cut_short_is_taken_when_the_file_is_idle_and_reported(follow, tmp_path):
    folder, clock, follower = follow
    path = folder / "table.txt"
    append(path, HANDS[0] + SEP + HANDS[1][:300])
    assert ids(follower.poll()) == [hid(HANDS[0])]
    clock.now += 6
    items = list(follower.poll())
    assert ids(items) == [hid(HANDS[1])]
    taken: list = []
    Session(emit=taken.extend).take(items)
    [result] = taken
    assert result.status == "unparsed" and "HH011" in [f.code for f in result.findings]


def test_final_poll_takes_held_hands_as_they_are(follow):
    folder, _, follower = follow
    append(folder / "t.txt", HANDS[0])
    assert list(follower.poll()) == []
    assert ids(follower.poll(final=True)) == [hid(HANDS[0])]


def test_line_numbers_are_the_files_own_across_reads(follow):
    folder, clock, follower = follow
    path = folder / "table.txt"
    got = []
    for hand in HANDS[:4]:
        append(path, hand.replace("\n", "\r\n") + SEP.replace("\n", "\r\n"))
        clock.now += 1
        got += [(b.line, b.column) for b in follower.poll() if isinstance(b, Block)]
    whole = [(r.line, 1) for r in validate_paths([path])]
    assert got == whole == [(1, 1), (23, 1), (45, 1), (67, 1)]


def test_rotation_by_rename_and_a_new_file_read_each_hand_once(follow):
    folder, clock, follower = follow
    path = folder / "table.txt"
    append(path, HANDS[0] + SEP)
    assert ids(follower.poll()) == [hid(HANDS[0])]
    append(path, HANDS[1][:250])  # rotated mid-hand: the client finishes the hand in the renamed file
    assert list(follower.poll()) == []
    os.rename(path, folder / "table.1.txt")
    append(folder / "table.1.txt", HANDS[1][250:] + SEP)
    append(path, HANDS[2] + SEP)
    clock.now += 1
    assert sorted(ids(follower.poll())) == sorted([hid(HANDS[1]), hid(HANDS[2])])
    assert list(follower.poll()) == []


def test_truncation_and_rewrites_do_not_read_a_hand_twice_and_a_copy_is_a_duplicate(follow):
    folder, clock, follower = follow
    path = folder / "table.txt"
    session = Session()
    verdicts: list = []
    session.emit = verdicts.extend
    append(path, HANDS[0] + SEP + HANDS[1] + SEP)
    session.take(follower.poll())
    assert [(r.hand_id, r.status) for r in verdicts] == [(hid(HANDS[0]), "valid"), (hid(HANDS[1]), "valid")]
    (folder / "copy.txt").write_text(HANDS[0] + SEP + HANDS[1] + SEP)  # copytruncate rotation: the copy
    path.write_text("")  # the truncation
    clock.now += 1
    verdicts.clear()
    session.take(follower.poll())  # the copy's hands are the same hands read again: HH414, as validate says
    assert [(r.hand_id, r.status, [f.code for f in r.findings]) for r in verdicts] == [
        (hid(HANDS[0]), "duplicate", ["HH414"]),
        (hid(HANDS[1]), "duplicate", ["HH414"]),
    ]
    append(path, HANDS[2] + SEP + HANDS[3] + SEP)
    assert ids(follower.poll()) == [hid(HANDS[2]), hid(HANDS[3])]
    path.write_text(HANDS[3] + SEP)  # rewritten shorter, with a hand it gave before: not read again
    clock.now += 1
    assert list(follower.poll()) == []
    append(path, HANDS[5] + SEP)
    assert ids(follower.poll()) == [hid(HANDS[5])]
    path.write_text(HANDS[4] + SEP)  # replaced by a shorter file: read from its start
    clock.now += 1
    assert ids(follower.poll()) == [hid(HANDS[4])]


def test_a_hand_twice_in_one_file_is_a_duplicate_as_for_validate(follow):
    folder, _, follower = follow
    (folder / "t.txt").write_text(HANDS[0] + SEP + HANDS[0] + SEP)
    assert ids(follower.poll()) == [hid(HANDS[0])] * 2


def test_a_utf16_file_is_followed_too(follow):
    folder, clock, follower = follow
    path = folder / "t.txt"
    path.write_bytes((HANDS[0] + SEP).encode("utf-16"))
    assert ids(follower.poll()) == [hid(HANDS[0])]
    with open(path, "ab") as handle:
        handle.write((HANDS[1] + SEP).encode("utf-16-le"))
    clock.now += 1
    assert ids(follower.poll()) == [hid(HANDS[1])]


def test_an_archive_is_read_once_it_is_stable(follow):
    folder, clock, follower = follow
    (folder / "old.txt.gz").write_bytes(gzip.compress((HANDS[0] + SEP + HANDS[1]).encode()))
    assert list(follower.poll()) == []
    clock.now += 5
    assert ids(follower.poll()) == [hid(HANDS[0]), hid(HANDS[1])]
    clock.now += 5
    assert list(follower.poll()) == []


def test_unreadable_and_binary_files_are_told_once(follow):
    folder, clock, follower = follow
    binary = folder / "cache.dat"
    binary.write_bytes(b"\0\1\2" * 100)
    assert [f.code for f in follower.poll()] == ["HH003"]
    with open(binary, "ab") as handle:
        handle.write(b"\0\1\2" * 100)
    clock.now += 1
    assert list(follower.poll()) == []
    if os.geteuid() != 0:  # root reads every file
        locked = folder / "locked.txt"
        locked.write_text(HANDS[0])
        locked.chmod(0)
        assert [f.code for f in follower.poll()] == ["HH004"]
        clock.now += 10
        assert list(follower.poll()) == []


def test_looks_finished():
    assert looks_finished(Block("f", 1, 1, "pokerstars", HANDS[0] + "\n"))
    assert not looks_finished(Block("f", 1, 1, "pokerstars", HANDS[0]))
    assert not looks_finished(Block("f", 1, 1, "pokerstars", HANDS[0][:300] + "\n\n"))


def test_session_stores_each_batch_and_reports_only_hands_new_to_the_dataset(tmp_path):
    folder, out = tmp_path / "hh", tmp_path / "ds"
    folder.mkdir()
    path = folder / "t.txt"
    append(path, HANDS[0] + SEP + BAD + SEP)
    stop = threading.Event()
    batches: list = []
    watch(folder, Session(out=out, emit=batches.append), stop, once=True)
    assert [[r.status for r in batch] for batch in batches] == [["valid", "invalid"]]
    append(path, HANDS[1] + SEP)
    batches.clear()
    watch(folder, Session(out=out, emit=batches.append), stop, once=True)  # a new session re-reads the file
    assert [[r.hand_id for r in batch] for batch in batches] == [[hid(HANDS[1])]]
    stored = open_dataset(out).hands
    assert sorted(stored["hand_id"].tolist()) == sorted([hid(HANDS[0]), hid(BAD), hid(HANDS[1])])
    assert stored.set_index("hand_id").loc[hid(BAD), "status"] == "invalid"


def test_a_large_read_is_stored_in_batches_and_an_interruption_loses_only_the_open_one(tmp_path):
    folder, out = tmp_path / "hh", tmp_path / "ds"
    folder.mkdir()
    (folder / "t.txt").write_text(SEP.join(HANDS[:5]) + SEP)
    batches: list = []
    session = Session(out=out, emit=batches.append, batch=2)
    watch(folder, session, threading.Event(), once=True)
    assert [len(b) for b in batches] == [2, 2, 1] and session.commits == 3 and session.stored == 5
    assert len(current_snapshot(out).manifest.runs) == 3

    other = tmp_path / "ds2"
    seen: list = []

    def render(result):
        seen.append(result)
        if len(seen) == 3:
            raise KeyboardInterrupt  # Ctrl-C in the second batch
        return result

    with pytest.raises(KeyboardInterrupt):
        watch(folder, Session(out=other, render=render, batch=2), threading.Event(), once=True)
    assert sorted(open_dataset(other).hands["hand_id"].tolist()) == [hid(h) for h in HANDS[:2]]
    assert not list(other.glob(".tmp-*"))


def test_a_long_session_keeps_few_files_per_day(tmp_path, monkeypatch):
    import hhtool.watch as watch_module

    monkeypatch.setattr(watch_module, "COMPACT_AT", 3)
    folder, out = tmp_path / "hh", tmp_path / "ds"
    folder.mkdir()
    clock = Clock()
    follower = Follower(folder, idle=5.0, clock=clock)
    session = Session(out=out)
    for hand in HANDS:  # one hand a poll: a commit each, all on one day
        append(folder / "t.txt", hand + SEP)
        clock.now += 1
        session.take(follower.poll())
    assert session.commits == len(HANDS) and session.compactions >= 2
    files = current_snapshot(out).manifest.tables
    assert all(len(rels) < 3 for rels in files.values()), files
    assert sorted(open_dataset(out).hands["hand_id"].tolist()) == sorted(hid(h) for h in HANDS)
    assert len(open_dataset(out).seats) == 3 * len(HANDS)


def test_watch_once_says_what_validate_says_of_a_folder():
    """The samples (every edge case the project keeps: UTF-16, CRLF, BOM, run twice, cash outs, ...)
    read by the follower give the same jsonl, hand for hand, as `validate`."""
    samples = Path(__file__).resolve().parent.parent / "samples"
    want = CliRunner().invoke(app, ["validate", str(samples), "--format", "jsonl", "--jobs", "1"])
    got = CliRunner().invoke(app, ["watch", str(samples), "--once", "--format", "jsonl"])
    assert got.exit_code == 0
    assert got.stdout.splitlines() == want.stdout.splitlines()
    assert len(got.stdout.splitlines()) > 30


def test_watch_once_stores_what_export_stores(tmp_path):
    from hhtool.export.run import export_paths
    from hhtool.export.schema import TABLES

    samples = Path(__file__).resolve().parent.parent / "samples"
    export_paths([samples], tmp_path / "exported")
    watched = CliRunner().invoke(app, ["watch", str(samples), "--once", "--out", str(tmp_path / "watched")])
    assert watched.exit_code == 0
    a, b = open_dataset(tmp_path / "exported"), open_dataset(tmp_path / "watched")
    for table in TABLES:
        rows = [
            sorted(json.dumps(r, default=str, sort_keys=True) for r in ds.arrow(table).to_pylist()) for ds in (a, b)
        ]
        assert rows[0] == rows[1], table
    assert len(a.hands) > 30


def test_cli_rules_apply_to_watched_hands(tmp_path):
    folder = tmp_path / "hh"
    folder.mkdir()
    (folder / "t.txt").write_text(HANDS[0] + SEP)
    rules = tmp_path / "house.toml"
    rules.write_text("[table]\nmin_players = 4\n")  # the hand is 3-handed
    standard = CliRunner().invoke(app, ["watch", str(folder), "--once", "--format", "jsonl"])
    house = CliRunner().invoke(app, ["watch", str(folder), "--once", "--format", "jsonl", "--rules", str(rules)])
    assert json.loads(standard.stdout)["status"] == "valid"
    assert json.loads(house.stdout)["status"] == "invalid"
    bad_rules = tmp_path / "bad.toml"
    bad_rules.write_text("[table]\nmin_players = 'four'\n")
    assert CliRunner().invoke(app, ["watch", str(folder), "--once", "--rules", str(bad_rules)]).exit_code == 2


def test_cli_once_text_and_jsonl(tmp_path):
    folder = tmp_path / "hh"
    folder.mkdir()
    (folder / "t.txt").write_text(HANDS[0] + SEP + BAD)
    result = CliRunner().invoke(app, ["watch", str(folder), "--once"])
    assert result.exit_code == 1  # an error found: as validate exits (tests/test_lint_output.py)
    assert [line.split(": ", 2)[1].split()[0] for line in result.stdout.splitlines()] == ["HH205", "HH206", "HH210"]
    assert "2 new hands (valid 1, invalid 1)" in result.stderr
    as_json = CliRunner().invoke(app, ["watch", str(folder), "--once", "--format", "jsonl"])
    assert [json.loads(line)["status"] for line in as_json.stdout.splitlines()] == ["valid", "invalid"]
    assert CliRunner().invoke(app, ["watch", str(tmp_path / "nope"), "--once"]).exit_code == 2


# -- live: a writer process and `hhtool watch` in another --------------------------------------------

WRITER = textwrap.dedent("""\
    import json, os, sys, time
    steps = json.load(open(sys.argv[1]))
    for step in steps:
        if "rename" in step:
            os.rename(step["rename"], step["to"])
        elif "sleep" in step:
            time.sleep(step["sleep"])
        else:
            with open(step["file"], "a", encoding="utf-8", newline="") as handle:
                handle.write(step["text"])
                handle.flush()
    print("done", flush=True)
    """)


def _plan(folder: Path) -> tuple[list[dict], list[str]]:
    """Two tables written in turns, hands written in two parts, a rotation by rename, a bad hand."""
    a, b = str(folder / "table-a.txt"), str(folder / "sub" / "table-b.txt")
    steps: list[dict] = []
    written = []
    for i, hand in enumerate([*HANDS[:6], BAD]):
        target = a if i % 2 == 0 else b
        steps += [
            {"file": target, "text": hand[:180]},
            {"sleep": 0.15},
            {"file": target, "text": hand[180:] + SEP},
            {"sleep": 0.1},
        ]
        written.append(hid(hand))
        if i == 3:
            steps.append({"rename": a, "to": a + ".1"})  # the client rotates table a: a new file from here
    steps.append({"file": b, "text": HANDS[7]})  # the last one without its blank lines: taken when idle
    written.append(hid(HANDS[7]))
    return steps, written


def _live(tmp_path: Path, stop_signal: int) -> None:
    folder, out = tmp_path / "hh", tmp_path / "ds"
    (folder / "sub").mkdir(parents=True)
    steps, written = _plan(folder)
    (tmp_path / "plan.json").write_text(json.dumps(steps))
    (tmp_path / "writer.py").write_text(WRITER)
    watcher = subprocess.Popen(
        [*CLI, "watch", str(folder), "--out", str(out), "--interval", "0.05", "--idle", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        writer = subprocess.run(
            [sys.executable, str(tmp_path / "writer.py"), str(tmp_path / "plan.json")],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert writer.stdout == "done\n"
        deadline = time.monotonic() + 60
        stored: list[str] = []
        while time.monotonic() < deadline:
            if (out / "hands").exists():
                stored = open_dataset(out).hands["hand_id"].tolist()
                if len(stored) >= len(written):
                    break
            time.sleep(0.2)
        watcher.send_signal(stop_signal)
        stdout, stderr = watcher.communicate(timeout=60)
    finally:
        if watcher.poll() is None:
            watcher.kill()
            watcher.communicate()
    assert watcher.returncode == 0, stderr
    assert "stopped" in stderr.splitlines()[-1]
    assert sorted(stored) == sorted(written)  # every hand once, the partial ones whole
    final = open_dataset(out).hands
    assert sorted(final["hand_id"].tolist()) == sorted(written)
    assert set(final["status"]) == {"valid", "invalid"}
    assert not final["status"].isin(["unparsed"]).any()  # no hand was taken half-written
    codes = [line.split(": ", 2)[1].split()[0] for line in stdout.splitlines() if "(hand 930000000099)" in line]
    assert codes == ["HH205", "HH206", "HH210"]  # the bad hand's findings, printed once
    assert not list(out.glob(".tmp-*"))  # nothing half-written


def test_live_writer_and_sigint(tmp_path):
    _live(tmp_path, signal.SIGINT)


def test_live_writer_and_sigterm(tmp_path):
    _live(tmp_path, signal.SIGTERM)


def test_a_second_signal_aborts_the_poll_in_progress_and_adds_nothing(tmp_path):
    """Stopped while it waits for the dataset's lock (another writer holds it): the first signal asks
    for a stop after the poll, the second aborts it; the dataset is as it was."""
    import fcntl

    folder, out = tmp_path / "hh", tmp_path / "ds"
    folder.mkdir()
    (folder / "t.txt").write_text(HANDS[0] + SEP)
    (out / ".hhtool").mkdir(parents=True)
    lock = os.open(out / ".hhtool" / "lock", os.O_RDWR | os.O_CREAT)
    fcntl.flock(lock, fcntl.LOCK_EX)
    watcher = subprocess.Popen(
        [*CLI, "watch", str(folder), "--out", str(out), "--interval", "0.05"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60
        line = ""
        while "waiting for another export" not in line and time.monotonic() < deadline:
            line = watcher.stderr.readline()
        watcher.send_signal(signal.SIGINT)
        time.sleep(0.3)
        assert watcher.poll() is None  # still waiting: the poll is not done
        watcher.send_signal(signal.SIGINT)
        _, stderr = watcher.communicate(timeout=60)
    finally:
        os.close(lock)
        if watcher.poll() is None:
            watcher.kill()
            watcher.communicate()
    assert watcher.returncode == 130, stderr
    assert "added nothing" in stderr
    assert not (out / "hands").exists() and not list(out.glob(".tmp-*"))
