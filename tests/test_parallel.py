"""Parallel runs (--jobs, --engine dask): the same outputs as one process, chunk by chunk.

The inputs hold what the parent must merge across chunks: duplicates (HH414), an id reused by a
different hand (HH413), stacks that do not chain (HH410), files cut into many small chunks, CRLF,
a byte-order mark and stray CR line ends. Chunks are made small (HHTOOL_CHUNK_BYTES) so that a
few hundred hands make many tasks.
"""

from __future__ import annotations

import errno
import itertools
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from corpuskit import corpus_selection
from datasetkit import assert_same_tables
from typer.testing import CliRunner
from workerkit import is_victim, run_task_or_die

from hhtool.cli import app
from hhtool.dataset import open_dataset
from hhtool.engine import local as local_engine
from hhtool.engine.plan import CHUNK_ENV, cut_file, plan_tasks, read_piece
from hhtool.engine.progress import Progress, wanted
from hhtool.engine.runner import WANT_JSON, WANT_ROWS, run
from hhtool.export import writer as writer_module
from hhtool.export.run import export_paths
from hhtool.export.schema import TABLES
from hhtool.export.store import current_snapshot
from hhtool.findings import Finding
from hhtool.generate import write_hands
from hhtool.io import Block, read_blocks
from hhtool.model import uidtable
from hhtool.model.uidtable import UidTable
from hhtool.rules.ruleset import RuleSet
from hhtool.serialize import to_json_line
from hhtool.validate import Summary, validate_paths

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
SMALL_CHUNK = "20000"  # bytes: ~15 hands a task
runner = CliRunner()


@pytest.fixture(scope="module")
def hands_dir(tmp_path_factory) -> Path:
    """Generated hands with cross-hand trouble, in three files (LF; CRLF with a BOM; stray CRs)."""
    folder = tmp_path_factory.mktemp("hands")
    plain = folder / "a-generated.txt"
    write_hands(plain, 300, seed=7, game="mix")
    text = plain.read_text(encoding="utf-8")
    hands = re.split(r"\n\n\n+", text.strip("\n"))
    # HH414: hands read again; HH413: a known id with other text (another day: a copy with only its
    # start time changed is a double write, HH418); HH410: a stack that does not chain from the
    # previous hand at the table (one cent less)
    other_time = re.sub(r"/(\d\d) ", lambda m: f"/{int(m.group(1)) % 28 + 1:02d} ", hands[40].split("\n")[0], count=1)
    assert other_time != hands[40].split("\n")[0]
    reused = "\n".join([other_time, *hands[40].split("\n")[1:]])
    tables = set()
    for i, hand in enumerate(hands):
        table = hand.split("\n")[1].split("'")[1]
        if 20 < i < 150 and table in tables and "USD" in hand.split("\n")[0]:
            hands[i] = re.sub(
                r"(Seat \d+: .+? \(\$)(\d+)\.(\d\d)( in chips\))",
                lambda m: f"{m.group(1)}{int(m.group(2)) - 1 if m.group(2) != '0' else 0}.{m.group(3)}{m.group(4)}",
                hand,
                count=1,
            )
            break
        tables.add(table)
    extra = [hands[3], hands[120], reused]
    plain.write_text("\n\n\n".join(hands[:150] + extra) + "\n\n\n", encoding="utf-8")
    crlf = folder / "b-crlf-bom.txt"
    crlf.write_bytes(b"\xef\xbb\xbf" + "\n\n\n".join(hands[150:260]).replace("\n", "\r\n").encode("utf-8"))
    stray = folder / "c-stray-cr.txt"
    body = "\n\n\n".join(hands[260:]) + "\n"
    stray.write_bytes(("some words before the first hand\n\n" + body).replace("\n\n\n", "\r\r\n").encode("utf-8"))
    (folder / "d-broken.txt").write_text(hands[5][: len(hands[5]) // 2] + "\n\n" + hands[6], encoding="utf-8")
    return folder


def _cli(args: list[str], env: dict | None = None) -> tuple[int, bytes, str]:
    result = runner.invoke(app, args, env=env)
    return result.exit_code, result.stdout_bytes, result.stderr


@pytest.fixture
def small_chunks(monkeypatch):
    monkeypatch.setenv(CHUNK_ENV, SMALL_CHUNK)


def _inputs(hands_dir: Path, corpus: bool = True) -> list[list[str]]:
    """The inputs run with one job and with two: the samples, the small files of many chunks, and (`corpus`)
    the samples and the corpus together, as one run (tasks of several files, their workers' parts and the
    parent's rewritten ones mixed)."""
    sets = [[str(SAMPLES)], [str(hands_dir)]]
    folder = os.environ.get("HHTOOL_CORPUS")
    if corpus and folder and Path(folder).is_dir():
        sets.append([str(SAMPLES), folder])
    return sets


def test_the_inputs_have_cross_hand_findings_and_many_chunks(hands_dir, small_chunks):
    _, out, _ = _cli(["validate", str(hands_dir), "--format", "text", "--jobs", "1"])
    summary = out.decode().strip().splitlines()[-1]
    for needed in ("HH413", "HH414", "HH410", "duplicate"):
        assert needed in summary
    tasks = [t for t in plan_tasks([str(hands_dir)]) if not isinstance(t, Finding)]
    assert len(tasks) > 10
    assert any(p.start > 0 for t in tasks for p in t.pieces)  # files were cut


@pytest.mark.parametrize("fmt", ["jsonl", "text", "json"])
def test_validate_output_is_the_same_for_any_jobs(hands_dir, small_chunks, fmt):
    # the corpus in jsonl only, the format that holds every finding of every hand (text and json format the
    # same records, in the same order)
    for paths in _inputs(hands_dir, corpus=fmt == "jsonl"):
        one = _cli(["validate", *paths, "--format", fmt, "--jobs", "1"])
        two = _cli(["validate", *paths, "--format", fmt, "--jobs", "2"])
        assert one[0] == two[0]
        if fmt == "json":  # the summary holds the speed: compare everything else
            strip = re.compile(rb'"hands_per_second":[0-9.enul]+')
            assert strip.sub(b"", one[1]) == strip.sub(b"", two[1])
        else:
            assert one[1] == two[1]
        assert one[1].count(b"\n" if fmt != "json" else b'"hand_id"') > (0 if paths == [str(SAMPLES)] else 5)


def _table_rows(path: Path) -> dict[str, list[dict]]:
    ds = open_dataset(path)
    return {t: ds.arrow(t).to_pylist() for t in TABLES}


def test_export_dataset_is_the_same_for_any_jobs(hands_dir, small_chunks, tmp_path):
    """Export with one job and with two: the same dataset. The corpus input is its selection of every site folder
    (tests/corpuskit.py, about 2,600 hands) with the samples: the whole corpus took a minute of CI's ten, and
    validate's jsonl comparison above still takes all of it."""
    sets = _inputs(hands_dir, corpus=False)
    folder = os.environ.get("HHTOOL_CORPUS")
    if folder and Path(folder).is_dir():
        cuts = tmp_path / "corpus-cuts"
        cuts.mkdir()
        sets.append([str(SAMPLES), *(str(p) for p in corpus_selection(Path(folder).resolve(), cuts))])
    for i, paths in enumerate(sets):
        one, two = tmp_path / f"one{i}", tmp_path / f"two{i}"
        assert _cli(["export", *paths, "--out", str(one), "--jobs", "1"])[0] == 0
        assert _cli(["export", *paths, "--out", str(two), "--jobs", "2"])[0] == 0
        assert_same_tables(one, two)
        hands = open_dataset(two).arrow("hands", columns=["status", "hand_uid"]).to_pylist()
        assert hands
        if i == 1:
            assert {"valid", "invalid", "unparsed"} <= {row["status"] for row in hands}
            assert any("@" in row["hand_uid"] for row in hands if row["status"] == "invalid")  # HH413


def test_cut_pieces_cover_the_file_and_start_on_header_lines(hands_dir):
    for path in sorted(hands_dir.iterdir()):
        data = path.read_bytes()
        pieces = list(cut_file(str(path), 4000))
        assert pieces[0].start == 0 and pieces[-1].end is None
        for before, after in itertools.pairwise(pieces):
            assert before.end == after.start
            assert data[after.start :].startswith(b"PokerStars ") and data[after.start - 1 : after.start] == b"\n"
            expected_line = 1 + len(re.findall(rb"\r\n|\r|\n", data[: after.start]))
            assert after.line == expected_line
        if path.name != "d-broken.txt":
            assert len(pieces) > 5


def _blocks(items) -> list:
    """Blocks as (line, column, dialect, text), findings as they are: what a whole read and pieces must share."""
    return [(b.line, b.column, b.dialect, b.text) if isinstance(b, Block) else b for b in items]


def _json_lines(records) -> list[bytes]:
    """The records as `validate --format jsonl` writes them (file-level findings under "f")."""
    return [r.json_line() if not isinstance(r, Finding) else to_json_line({"f": r.as_dict()}) for r in records]


def test_pieces_give_the_blocks_and_lines_of_a_whole_read(hands_dir):
    for path in sorted(hands_dir.iterdir()):
        whole = _blocks(read_blocks(path, str(path)))
        pieces = _blocks(b for p in cut_file(str(path), 3000) for b in read_piece(p))
        assert pieces == whole


def _cut_cases() -> dict[str, tuple[str, bytes, bool]]:
    """Files whose hands start with a header of several lines, or after odd line ends, or far into the
    file, in the forms that cut pieces once started inside a hand or gave a first piece with no hand (the
    planner matches raw bytes, the reader LF text): suffix, bytes, whether 1-byte pieces cut the file."""

    def text(name: str) -> str:
        return (SAMPLES / name).read_text(encoding="utf-8")

    def crlf(value: str) -> str:
        return value.replace("\n", "\r\n")

    bom = "\ufeff"
    eight, party, acpc, phhs, stars = (
        text("888-cash-session.txt"),
        text("party-cash-2013.txt"),
        text("acpc-hunl-match.log"),
        text("phh-cash-session.phhs"),
        text("multi-hand-session.txt"),
    )
    party += party.replace("14110000001", "14110000002")  # two hands
    return {
        "888, CRLF, a byte-order mark": (".txt", (bom + crlf(eight)).encode(), True),
        "888 in CRLF after LF hands": (".txt", (party + "\n\n\n" + crlf(eight)).encode(), True),
        "PartyPoker after lone CRs": (".txt", (eight.rstrip("\n") + "\r\r\r\r" + party).encode(), True),
        "PartyPoker, blank lines in the header past the look-back": (
            ".txt",
            party.replace("starts.\n\n", "starts.\n" + " \n" * 400).encode(),
            False,
        ),
        "PartyPoker, lone CRs": (".txt", party.replace("\n", "\r").encode(), True),
        # fpdb-3/partypoker/tournament/LHE-Freeroll-MTT-201207.txt: a NUL before the file and before each hand
        "PartyPoker, a NUL after line ends": (
            ".txt",
            ("\x00" + crlf(party).replace("\r\nGame #", "\r\n\x00Game #")).encode(),
            False,
        ),
        "ACPC, CRLF, a byte-order mark": (".log", (bom + crlf(acpc)).encode(), True),
        "ACPC, lone CRs": (".log", acpc.replace("\n", "\r").encode(), True),
        "PHH sections, CRLF": (".phhs", crlf(phhs).encode(), True),
        "PHH sections, lone CRs": (".phhs", phhs.replace("\n", "\r").encode(), True),
        # the first piece holds the first hand: a cut at a context start (`<session`) or after a long
        # preamble would leave it none, and it would say "file contains no hand" (HH001)
        "iPoker, two sessions": (
            ".xml",
            (text("ipoker-cash-session.xml") + "\n" + text("ipoker-cash-session.xml").split("\n", 1)[1]).encode(),
            True,
        ),
        "text longer than the pieces before the first hand": (
            ".txt",
            ("notes, not a hand\n" * 50 + "\n" + stars).encode(),
            True,
        ),
    }


@pytest.mark.parametrize("case", list(_cut_cases()))
def test_pieces_of_headers_of_several_lines_and_any_line_ends_give_the_whole_read(case, tmp_path):
    """A cut is made only where a whole read starts a hand: before a header's first line (`#Game No`,
    `Game #N starts.`, comment lines, a `[N]` section), after a lone CR as after LF, past a byte-order
    mark, never inside a header whose blank lines reach past the bytes the planner holds, never before
    the file's first hand, and never in a file whose lines may start with a NUL the reader drops."""
    suffix, data, cuts = _cut_cases()[case]
    path = tmp_path / f"case{suffix}"
    path.write_bytes(data)

    whole = _blocks(read_blocks(path, str(path)))
    assert sum(isinstance(b, tuple) and b[2] is not None for b in whole) >= 2
    assert not [b for b in whole if isinstance(b, Finding) and b.code == "HH001"]
    for size in (1, 7, 300):
        pieces = list(cut_file(str(path), size))
        assert _blocks(b for p in pieces for b in read_piece(p)) == whole, size
        if size == 1 and cuts:
            assert len(pieces) >= 2  # cuts were made


def test_records_in_chunks_match_the_sequential_run(hands_dir):
    paths = [str(hands_dir)]
    sequential = _json_lines(validate_paths(paths, RuleSet()))
    summary = Summary()
    chunked = _json_lines(run(paths, RuleSet(), summary, WANT_JSON, jobs=2, chunk_bytes=5000))
    assert chunked == sequential
    assert summary.tally.hands_read == sum(summary.by_status.values()) > 300


@pytest.fixture
def victims_die(monkeypatch):
    """Local pools whose workers die on the tasks of the files named "victim..." (workerkit)."""
    real = local_engine.LocalPool.__init__

    def dying(self, *args, **kwargs):
        real(self, *args, **kwargs, work=run_task_or_die)

    monkeypatch.setattr(local_engine.LocalPool, "__init__", dying)


def test_a_worker_that_dies_turns_its_hands_into_hh099_and_the_run_goes_on(tmp_path, victims_die):
    victim = tmp_path / "victim.txt"
    victim.write_bytes((SAMPLES / "nl-cash-heads-up.txt").read_bytes())
    other = SAMPLES / "nl-cash-walk.txt"
    summary = Summary()
    records = list(run([str(other), str(victim), str(other)], RuleSet(), summary, WANT_JSON, jobs=2, chunk_bytes=1))
    expected = [r for r in validate_paths([str(other), str(victim), str(other)], RuleSet())]
    assert len(records) == len(expected) == 4
    assert [(r.file, r.line) for r in records] == [(r.file, r.line) for r in expected]
    died = [r for r in records if r.file == str(victim)]
    assert len(died) == 2
    for record in died:
        assert record.status == "unparsed" and [f.code for f in record.findings] == ["HH099"]
        assert "died" in record.findings[0].message and record.findings[0].line == record.line
    assert records[0].status == "valid"  # the other files are checked as usual
    assert summary.tally.hands_read == 4 and summary.by_status["unparsed"] == 2
    code, out, _ = _cli(["validate", "--jobs", "2", "--format", "jsonl", str(other), str(victim)], {CHUNK_ENV: "1"})
    assert code == 1 and out.count(b'"HH099"') == 2  # the dead worker's hands are errors: exit code 1
    assert _cli(["validate", "--jobs", "2", str(other)], {CHUNK_ENV: "1"})[0] == 0  # the other file's, none


def test_a_killed_worker_in_export_loses_no_hand(tmp_path, monkeypatch, victims_die):
    victim = tmp_path / "victim.txt"
    victim.write_bytes((SAMPLES / "nl-cash-heads-up.txt").read_bytes())
    monkeypatch.setenv(CHUNK_ENV, "1")  # a task per file: only the victim's hands are lost to the crash
    summary = Summary()
    stats = export_paths([str(SAMPLES), str(victim)], tmp_path / "ds", RuleSet(), summary, jobs=2)
    samples = Summary()
    for _ in validate_paths([str(SAMPLES)], summary=samples):
        pass
    expected = samples.tally.hands_read + 2  # the samples' hands and the victim's two
    assert stats.hands_written == expected and summary.by_code["HH099"] == 2
    hands = open_dataset(tmp_path / "ds").hands
    assert len(hands) == expected and (hands["status"].astype(str) == "unparsed").sum() == 2


def test_a_file_whose_every_chunk_kills_its_worker_does_not_end_the_run(tmp_path, victims_die):
    """Many tasks of one file die one after the other, also while the pool is rebuilt and while tasks
    are submitted: each broken pool is replaced, every hand of the file is HH099 at its own line, the
    file after it is checked as usual (no BrokenProcessPool escapes)."""
    victim, after = tmp_path / "victim-big.txt", tmp_path / "after.txt"
    write_hands(victim, 120, seed=11, game="mix")
    write_hands(after, 20, seed=12, game="mix")
    tasks = [t for t in plan_tasks([str(victim)], chunk_bytes=8000) if not isinstance(t, Finding)]
    assert len(tasks) >= 8 and all(is_victim(t) for t in tasks)
    summary = Summary()
    records = list(run([str(victim), str(after)], RuleSet(), summary, WANT_JSON, jobs=2, chunk_bytes=8000))
    expected = list(validate_paths([str(victim), str(after)], RuleSet()))
    assert [(r.file, r.line) for r in records] == [(r.file, r.line) for r in expected]
    died = [r for r in records if r.file == str(victim)]
    assert len(died) == 120 and summary.by_code["HH099"] == 120
    assert all(r.status == "unparsed" and r.findings[0].line == r.line for r in died)
    assert [r.status for r in records if r.file == str(after)] == ["valid"] * 20
    stats = export_paths([str(victim), str(after)], tmp_path / "ds", RuleSet(), Summary(), jobs=2)
    assert stats.hands_written == 140


def test_a_worker_that_cannot_be_started_as_the_pool_breaks_loses_no_hand(hands_dir, small_chunks, monkeypatch):
    """CPython's manager thread closes a broken pool's task queue outside the submit's lock, so a submit
    that starts a worker just then fails with OSError (EBADF) handing the queue to the forkserver (CI
    saw it once). Such a submit counts as a broken pool: its task and those in flight run again, and
    every hand comes out as a run without the failure gives it (no HH099, nothing escapes)."""
    calls = {"submit": 0}

    class StartFailsOnce(local_engine.ProcessPoolExecutor):
        def submit(self, fn, /, *args, **kwargs):
            calls["submit"] += 1
            if calls["submit"] == 3:
                raise OSError(errno.EBADF, "Bad file descriptor")
            return super().submit(fn, *args, **kwargs)

    monkeypatch.setattr(local_engine, "ProcessPoolExecutor", StartFailsOnce)
    paths = [str(hands_dir)]
    summary = Summary()
    chunked = _json_lines(run(paths, RuleSet(), summary, WANT_JSON, jobs=2))
    sequential = _json_lines(validate_paths(paths, RuleSet()))
    assert calls["submit"] > 3 and len(chunked) > 300
    assert chunked == sequential
    assert "HH099" not in summary.by_code


def test_hands_with_cross_hand_findings_are_gathered_not_stored_one_by_one(tmp_path):
    """Every hand of one table gets a cross-hand finding (the button never moves): the parent rebuilds
    their hands and findings rows and keeps the rest as slices of the workers' batches, in a few Arrow
    segments, not several tiny tables a hand (47.7 s and 812 MB against 5.3 s and 235 MB with 1 job on
    25,000 such hands); the dataset is the one a single process writes."""
    hand = (SAMPLES / "nl-cash-heads-up.txt").read_text(encoding="utf-8").split("\n\n\n\n")[0].strip("\n")
    path = tmp_path / "same-table.txt"
    path.write_text(
        "\n\n\n".join(hand.replace("#224190663518", f"#{300000000000 + i}") for i in range(600)) + "\n",
        encoding="utf-8",
    )
    writer = writer_module.DatasetWriter(tmp_path / "two")
    summary = Summary()
    for record in run([str(path)], RuleSet(), summary, WANT_ROWS, jobs=2, chunk_bytes=100000):
        writer.add_record(record)
    assert summary.by_code["HH412"] == 599
    writer._close_run()
    assert sum(len(parts) for parts in writer.segments.values()) < 100  # 5 tasks; 600 crossed hands made ~3,600 before
    writer.commit()
    assert export_paths([str(path)], tmp_path / "one", RuleSet(), Summary(), jobs=1).hands_written == 600
    assert _table_rows(tmp_path / "one") == _table_rows(tmp_path / "two")


def test_file_level_findings_of_many_small_files_are_gathered(tmp_path):
    """A finding per file (HH002 here) became a one-row Arrow table each in the parent: 100,000 tiny
    files took 208 s and 824 MB. They are gathered like rebuilt rows; the dataset is the sequential one."""
    hand = (SAMPLES / "nl-cash-heads-up.txt").read_text(encoding="utf-8").split("\n\n\n\n")[0]
    folder = tmp_path / "tiny"
    folder.mkdir()
    for i in range(300):
        (folder / f"h{i:03d}.txt").write_text(
            "exported by a tracker\n\n"
            + hand.replace("#224190663518", f"#{300000000000 + i}").replace("Sinope II", f"Sinope {i}"),
            encoding="utf-8",
        )
    writer = writer_module.DatasetWriter(tmp_path / "two")
    summary = Summary()
    for record in run([str(folder)], RuleSet(), summary, WANT_ROWS, jobs=2, chunk_bytes=100000):
        writer.add_record(record)
    assert summary.by_code["HH002"] == 300
    writer._close_run()
    assert sum(len(parts) for parts in writer.segments.values()) < 50  # 1,800 before (6 a file)
    writer.commit()
    export_paths([str(folder)], tmp_path / "one", RuleSet(), Summary(), jobs=1)
    assert _table_rows(tmp_path / "one") == _table_rows(tmp_path / "two")


def _counts(out: Path) -> dict[str, int]:
    return {t: len(rows) for t, rows in _table_rows(out).items()}


def _committed(out: Path) -> list:
    """The runs a dataset records as committed (none for a dataset never written)."""
    snapshot = current_snapshot(out)
    return snapshot.manifest.runs if snapshot is not None else []


def test_an_interrupted_parallel_export_commits_nothing_and_a_rerun_does_not_double(
    hands_dir, tmp_path, monkeypatch, small_chunks
):
    out = tmp_path / "ds"
    export_paths([str(SAMPLES)], out, jobs=2)
    before = _counts(out)
    real = writer_module.DatasetWriter.add_record
    seen = []

    def interrupt(self, record):
        seen.append(record)
        if len(seen) == 150:
            raise KeyboardInterrupt
        real(self, record)

    monkeypatch.setattr(writer_module, "FLUSH_ROWS", 50)  # row groups are on disk before Ctrl-C
    monkeypatch.setattr(writer_module.DatasetWriter, "add_record", interrupt)
    with pytest.raises(KeyboardInterrupt):
        export_paths([str(hands_dir)], out, jobs=2)
    assert _counts(out) == before
    assert not list(out.glob(".tmp-*"))
    monkeypatch.undo()
    monkeypatch.setenv(CHUNK_ENV, SMALL_CHUNK)
    summary = Summary()
    stats = export_paths([str(hands_dir)], out, RuleSet(), summary, jobs=2)
    after = _counts(out)
    assert after["hands"] == before["hands"] + stats.hands_written
    again = export_paths([str(hands_dir), str(SAMPLES)], out, jobs=2)
    assert again.hands_written == 0 and _counts(out) == after


def test_ctrl_c_on_the_command_line_leaves_no_dataset_behind(tmp_path):
    hands = tmp_path / "many.txt"
    write_hands(hands, 800, seed=3)
    out = tmp_path / "ds"
    env = {**os.environ, CHUNK_ENV: "50000"}
    command = [
        sys.executable,
        "-c",
        "from hhtool.cli import app; app()",
        "export",
        str(hands),
        "--out",
        str(out),
        "--jobs",
        "2",
    ]
    process = subprocess.Popen(command, env=env, stderr=subprocess.PIPE, start_new_session=True)
    deadline = time.monotonic() + 120
    while (
        not list(out.glob(".tmp-*/hands/*/*.parquet")) and process.poll() is None and time.monotonic() < deadline
    ):  # wait until row groups are being written
        time.sleep(0.05)
    os.killpg(process.pid, signal.SIGINT)  # as a terminal does: the whole process group
    _, err = process.communicate(timeout=120)
    if process.returncode == 0:
        pytest.skip("the export finished before it could be interrupted")
    assert process.returncode == 130, err
    assert b"interrupted" in err
    assert not list(out.glob(".tmp-*")) and not _committed(out)
    assert subprocess.run(command, env=env, capture_output=True).returncode == 0
    assert _counts(out)["hands"] == 800


def test_progress_is_quiet_when_stderr_is_not_a_terminal(hands_dir):
    assert not wanted(None)  # pytest captures stderr: not a terminal
    assert wanted(True) and not wanted(False)
    code, _out, err = _cli(["export", str(SAMPLES), "--out", str(hands_dir.parent / "progress-ds"), "--jobs", "2"])
    assert code == 0 and "━" not in err and "%" not in err
    code, _out, err = _cli(["validate", str(SAMPLES), "--jobs", "2"])
    assert code == 0 and "━" not in err and "%" not in err
    with Progress(False) as bar:  # disabled: a no-op
        bar.advance(5, 100)
    assert bar.hands == 0


# entries in the recent dict, or merged into the arrays (moved up in blocks of `block` entries); blocks of 5
# entries move ~n²/10 of them in all: 2,000 entries there (20,000 took a minute of CI)
@pytest.mark.parametrize(("buffer", "block", "count"), [(1 << 15, 1 << 16, 20000), (3, 1 << 16, 20000), (3, 5, 2000)])
def test_uid_table_keeps_values_and_survives_64_bit_collisions(monkeypatch, buffer, block, count):
    monkeypatch.setattr(uidtable, "_BUFFER", buffer)
    monkeypatch.setattr(uidtable, "_BLOCK", block)
    table = UidTable()
    for i in range(count):
        table.put(f"pokerstars:{i}", i * 7 + 1)
    table.put("pokerstars:5", 5)
    assert len(table) == count
    assert all(table.get(f"pokerstars:{i}") == i * 7 + 1 for i in range(6, count, 97))
    assert f"pokerstars:{count}" not in table and table.get("pokerstars:5") == 5
    assert table.setdefault("pokerstars:9", 1) == 64 and table.setdefault("new", 3) is None
    assert table.get("new") == 3
    real = uidtable.uid_hashes
    monkeypatch.setattr(uidtable, "uid_hashes", lambda uid: (12345, real(uid)[1]))  # every key collides
    clash = UidTable()
    for name in ("a", "b", "c", "e", "f"):
        clash.put(name, ord(name))
    clash.put("b", 99)
    assert [clash.get(n) for n in "abcdef"] == [97, 99, 99, None, 101, 102]
    assert len(clash) == 5


def test_dask_engine_gives_the_same_dataset_and_jsonl(hands_dir, tmp_path, small_chunks):
    pytest.importorskip("distributed")
    paths = [str(SAMPLES), str(hands_dir)]
    local = _cli(["validate", *paths, "--format", "jsonl", "--jobs", "2"])
    dask = _cli(["validate", *paths, "--format", "jsonl", "--jobs", "2", "--engine", "dask"])
    assert local[1] == dask[1] and local[0] == dask[0]
    assert _cli(["export", *paths, "--out", str(tmp_path / "local"), "--jobs", "2"])[0] == 0
    assert _cli(["export", *paths, "--out", str(tmp_path / "dask"), "--jobs", "2", "--engine", "dask"])[0] == 0
    rows_local, rows_dask = _table_rows(tmp_path / "local"), _table_rows(tmp_path / "dask")
    for table in TABLES:
        assert rows_local[table] == rows_dask[table], table
    assert len(rows_dask["hands"]) > 300


def test_scheduler_without_dask_engine_is_a_usage_error():
    code, _out, err = _cli(["validate", str(SAMPLES), "--scheduler", "tcp://127.0.0.1:1"])
    assert code == 2 and "--engine dask" in err


def _session_processes(sid: int) -> list[int]:
    pids = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_bytes().rsplit(b")", 1)[1].split()
        except OSError:
            continue
        if int(fields[3]) == sid and fields[0] != b"Z":
            pids.append(int(stat.parent.name))
    return pids


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_workers_exit_when_the_main_process_is_killed_outright(tmp_path):
    """SIGKILL leaves no handler to run: the workers (and the forkserver) must not wait for ever."""
    hands = tmp_path / "many.txt"
    write_hands(hands, 1500, seed=4)
    out = tmp_path / "ds"
    command = [
        sys.executable,
        "-c",
        "from hhtool.cli import app; app()",
        "export",
        str(hands),
        "--out",
        str(out),
        "--jobs",
        "2",
    ]
    process = subprocess.Popen(
        command, env={**os.environ, CHUNK_ENV: "50000"}, stderr=subprocess.DEVNULL, start_new_session=True
    )
    deadline = time.monotonic() + 120
    while len(_session_processes(process.pid)) < 3 and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)  # the main process, the forkserver and at least one worker
    if process.poll() is not None:
        pytest.skip("the export finished before its workers could be seen")
    assert len(_session_processes(process.pid)) >= 3
    process.kill()
    process.wait()
    deadline = time.monotonic() + 20
    while _session_processes(process.pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    left = _session_processes(process.pid)
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    assert left == []
    assert not _committed(out)


def test_a_worker_collects_cycles_rarely_and_still_frees_them(hands_dir):
    import gc
    import weakref

    from hhtool.engine.memory import GC_THRESHOLDS
    from hhtool.engine.work import WANT_NONE, run_task

    before = gc.get_threshold()
    try:
        gc.set_threshold(700, 10, 10)
        task = next(t for t in plan_tasks([hands_dir]) if not isinstance(t, Finding))
        result = run_task(task, RuleSet(), WANT_NONE)
        assert result.items and gc.get_threshold() == GC_THRESHOLDS

        class Node:
            pass

        node = Node()
        node.self = node  # a cycle: reference counting alone never frees it
        gone = weakref.ref(node)
        del node
        gc.collect()
        assert gone() is None
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
