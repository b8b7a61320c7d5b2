"""Input conveniences (issue #17, item 9): `-` for standard input, `.gz` files and `.zip` members read
directly, zip members named `ARCHIVE!MEMBER` in findings, and bounded decompression (HH006)."""

from __future__ import annotations

import gzip
import io
import json
import tracemalloc
import zipfile
from pathlib import Path

import pytest
from conftest import hands_file, make_hand
from typer.testing import CliRunner

from hhtool.cli import app
from hhtool.dataset import open_dataset
from hhtool.io import Block, expand_paths, read_blocks, sources

GOOD = [make_hand(910000000001 + i) for i in range(3)]
BAD = make_hand(910000000010).replace("Carol collected $0.10 from pot", "Carol collected $0.12 from pot")
TEXT = hands_file([*GOOD, BAD])  # headers on lines 1, 23, 45 and 67 (19 lines a hand, 3 blank lines between)
BAD_LINE = 67


def cli(*args: str, stdin: bytes | None = None):
    return CliRunner().invoke(app, list(args), input=stdin)


def jsonl(output: str) -> list[dict]:
    return [json.loads(line) for line in output.splitlines() if line.startswith("{")]


def make_zip(path: Path, members: dict[str, bytes], method: int = zipfile.ZIP_DEFLATED) -> Path:
    with zipfile.ZipFile(path, "w", compression=method) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return path


@pytest.fixture()
def plain(tmp_path) -> Path:
    path = tmp_path / "plain.txt"
    path.write_text(TEXT, encoding="utf-8")
    return path


def _verdicts(output: str) -> list[tuple]:
    """What a jsonl run says of each hand, without the file name."""
    return [
        (h.get("hand_id"), h.get("line"), h.get("status"), [f["code"] for f in h.get("findings", [])])
        for h in jsonl(output)
    ]


def test_a_gz_file_gives_what_the_plain_file_gives(plain, tmp_path):
    gz = tmp_path / "day.txt.gz"
    gz.write_bytes(gzip.compress(TEXT.encode()))
    want, got = cli("validate", str(plain), "--format", "jsonl"), cli("validate", str(gz), "--format", "jsonl")
    assert want.exit_code == got.exit_code == 1  # the bad hand's collected amount is an error
    assert _verdicts(got.stdout) == _verdicts(want.stdout)
    assert {h["file"] for h in jsonl(got.stdout)} == {str(gz)}


def test_zip_members_are_named_archive_bang_member_in_findings(tmp_path):
    archive = make_zip(
        tmp_path / "hands.zip",
        {"2020/table-a.txt": hands_file(GOOD[:2]).encode(), "2020/table-b.txt": BAD.encode(), "2020/": b""},
    )
    result = cli("validate", str(archive))
    assert result.exit_code == 1
    bad = [line for line in result.stdout.splitlines() if " [error] " in line]
    assert bad and all(line.startswith(f"{archive}!2020/table-b.txt:") for line in bad)
    assert "hands read 3: valid 2, invalid 1" in result.stdout
    # the name is a path too: one member alone
    alone = cli("validate", f"{archive}!2020/table-a.txt", "--format", "jsonl")
    assert alone.exit_code == 0
    assert [(h["file"], h["line"]) for h in jsonl(alone.stdout)] == [
        (f"{archive}!2020/table-a.txt", 1),
        (f"{archive}!2020/table-a.txt", 23),
    ]


def test_folders_hold_archives_and_only_history_members_are_read(tmp_path):
    make_zip(
        tmp_path / "a.zip",
        {"x.txt": GOOD[0].encode(), "notes.md": b"# notes", "__MACOSX/._x.txt": b"\0\0", ".hidden.txt": b"junk"},
    )
    (tmp_path / "b.txt.gz").write_bytes(gzip.compress(GOOD[1].encode()))
    (tmp_path / "c.txt").write_text(GOOD[2])
    found = [(str(p), problem) for p, problem in expand_paths([tmp_path])]
    assert found == [
        (f"{tmp_path / 'a.zip'}!x.txt", None),
        (str(tmp_path / "b.txt.gz"), None),
        (str(tmp_path / "c.txt"), None),
    ]
    result = cli("validate", str(tmp_path))
    assert result.exit_code == 0 and "hands read 3: valid 3" in result.stdout


def test_standard_input_is_a_dash(tmp_path):
    result = cli("validate", "-", "--format", "jsonl", stdin=TEXT.encode())
    assert result.exit_code == 1
    assert [(h["file"], h["line"], h["status"]) for h in jsonl(result.stdout)][-1] == ("<stdin>", BAD_LINE, "invalid")
    text = cli("validate", "-", stdin=TEXT.encode())
    assert any(line.startswith("<stdin>:") and "HH205" in line for line in text.stdout.splitlines())


def test_standard_input_with_files_and_any_jobs_is_read_once_by_this_process(plain, monkeypatch):
    monkeypatch.setenv("HHTOOL_CHUNK_BYTES", "500")  # several tasks: a pool unless stdin keeps the run here
    result = cli("validate", str(plain), "-", "--jobs", "2", "--format", "jsonl", stdin=GOOD[0].encode())
    files = [h["file"] for h in jsonl(result.stdout)]
    assert files == [str(plain)] * 4 + ["<stdin>"]


def test_standard_input_with_the_dask_engine_is_a_usage_error():
    result = cli("validate", "-", "--engine", "dask", stdin=GOOD[0].encode())
    assert result.exit_code == 2 and "standard input" in result.stderr


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_archives_give_the_same_output_with_any_jobs(tmp_path, monkeypatch, jobs):
    monkeypatch.setenv("HHTOOL_CHUNK_BYTES", "500")
    make_zip(tmp_path / "a.zip", {"m1.txt": hands_file(GOOD).encode(), "m2.txt": BAD.encode()})
    (tmp_path / "b.txt.gz").write_bytes(gzip.compress(TEXT.encode()))
    result = cli("validate", str(tmp_path), "--jobs", jobs, "--format", "jsonl")
    assert [(h["file"].removeprefix(str(tmp_path)), h["line"], h["status"]) for h in jsonl(result.stdout)] == [
        ("/a.zip!m1.txt", 1, "valid"),
        ("/a.zip!m1.txt", 23, "valid"),
        ("/a.zip!m1.txt", 45, "valid"),
        ("/a.zip!m2.txt", 1, "invalid"),
        ("/b.txt.gz", 1, "duplicate"),
        ("/b.txt.gz", 23, "duplicate"),
        ("/b.txt.gz", 45, "duplicate"),
        ("/b.txt.gz", BAD_LINE, "duplicate"),
    ]


def test_an_archive_that_is_not_one_is_hh004_and_exit_2(tmp_path):
    (tmp_path / "bad.zip").write_bytes(b"PK not really")
    (tmp_path / "bad.txt.gz").write_bytes(b"\x1f\x8b not really")
    result = cli("validate", str(tmp_path / "bad.zip"), str(tmp_path / "bad.txt.gz"))
    assert result.exit_code == 2
    lines = [line for line in result.stdout.splitlines() if "HH0" in line and not line.startswith("hands")]
    assert len(lines) == 2 and all("HH004" in line for line in lines)


def test_an_archive_is_opened_once_for_all_its_members(tmp_path, monkeypatch):
    """Opening a zip reads its whole directory: once per member made a 5,000-member zip quadratic."""
    archive = make_zip(tmp_path / "a.zip", {f"t{i}.txt": make_hand(960000000000 + i).encode() for i in range(50)})
    opened = []
    real = zipfile.ZipFile

    class Counting(real):
        def __init__(self, *args, **kwargs):
            opened.append(args[0])
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(sources.zipfile, "ZipFile", Counting)
    monkeypatch.setattr(sources, "_OPEN", [])
    result = cli("validate", str(archive), "--jobs", "1")
    assert "hands read 50: valid 50" in result.stdout
    assert len(opened) == 1
    archive.write_bytes(make_zip(tmp_path / "b.zip", {"t.txt": GOOD[0].encode()}).read_bytes())  # replaced
    assert "hands read 1: valid 1" in cli("validate", str(archive), "--jobs", "1").stdout
    assert opened.count(archive) == 2


def test_a_member_that_is_not_in_the_archive_is_hh004(tmp_path):
    archive = make_zip(tmp_path / "a.zip", {"x.txt": GOOD[0].encode()})
    result = cli("validate", f"{archive}!y.txt")
    assert result.exit_code == 2 and "the archive has no member 'y.txt'" in result.stdout


def test_an_archive_without_hand_histories_is_hh001(tmp_path):
    archive = make_zip(tmp_path / "docs.zip", {"readme.md": b"nothing"})
    result = cli("validate", str(archive), "--format", "jsonl")
    assert [line["file_finding"]["code"] for line in map(json.loads, result.stdout.splitlines())] == ["HH001"]
    assert result.exit_code == 0  # a warning


def test_a_gz_cut_short_reports_its_hands_then_hh004(tmp_path):
    many = hands_file([make_hand(920000000000 + i) for i in range(200)]).encode()
    whole = gzip.compress(many)
    cut = tmp_path / "cut.txt.gz"
    cut.write_bytes(whole[: len(whole) * 2 // 3])
    items = list(read_blocks(cut))
    hands = [i for i in items if isinstance(i, Block)]
    assert 20 < len(hands) < 200
    assert [i.code for i in items if not isinstance(i, Block)] == ["HH004"]
    assert "ended before" in items[-1].message
    result = cli("validate", str(cut))
    assert result.exit_code == 2  # an I/O failure, as an unreadable file


@pytest.fixture(scope="module")
def generated(tmp_path_factory) -> bytes:
    from hhtool.generate import write_hands

    text = tmp_path_factory.mktemp("gen") / "gen.txt"
    write_hands(str(text), 1200, 3, "mix", (2, 9))
    return text.read_bytes()


@pytest.mark.parametrize("method", [zipfile.ZIP_DEFLATED, zipfile.ZIP_BZIP2, zipfile.ZIP_LZMA])
def test_hh006_passing_real_hand_histories_stay_far_within_the_limit(tmp_path, method, generated):
    """1.5 MB of hands (over the 1 MiB floor) compressed the strongest way: about 12:1, not 200:1."""
    data = generated
    assert len(data) > sources.MIN_EXPANSION
    archive = make_zip(tmp_path / "ok.zip", {"a.txt": data}, method)
    info = zipfile.ZipFile(archive).getinfo("a.txt")
    assert info.file_size / info.compress_size < sources.EXPANSION_RATIO / 10
    result = cli("validate", str(archive), "--format", "jsonl")
    assert "HH006" not in result.stdout and result.exit_code == 0


def test_hh006_failing_a_zip_bomb_stops_at_the_limit(tmp_path):
    bomb = GOOD[0].encode() + b"\n" * (64 << 20)  # 64 MiB of blank lines after a hand: ~64 KiB zipped
    archive = make_zip(tmp_path / "bomb.zip", {"bomb.txt": bomb})
    assert archive.stat().st_size < 200_000
    result = cli("validate", str(archive), "--format", "jsonl")
    assert result.exit_code == 1
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert lines[0]["status"] == "valid"  # the hand before the limit is read
    assert lines[1]["file_finding"]["code"] == "HH006"
    assert lines[1]["file_finding"]["file"] == f"{archive}!bomb.txt"


def test_a_bomb_of_one_huge_hand_is_streamed_in_bounded_memory(tmp_path, monkeypatch):
    monkeypatch.setattr(sources, "MIN_EXPANSION", 1 << 40)  # no expansion limit: only the hand limit
    huge = GOOD[0].encode().replace(b"Alice: folds", b"Alice: folds " + b"x" * (48 << 20))
    gz = tmp_path / "huge.txt.gz"
    with gzip.open(gz, "wb", compresslevel=1) as handle:
        handle.write(huge)
    del huge
    tracemalloc.start()
    try:
        items = list(read_blocks(gz))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert [(type(i).__name__, getattr(i, "oversized", None)) for i in items] == [("Block", True)]
    assert peak < 12 << 20, f"peak {peak / 2**20:.1f} MiB while reading a 48 MiB hand"


def test_export_from_archives_and_stdin_names_the_sources_and_adds_nothing_twice(tmp_path):
    archive = make_zip(tmp_path / "a.zip", {"m.txt": hands_file(GOOD).encode()})
    out = tmp_path / "ds"
    first = cli("export", str(archive), "-", "--out", str(out), "--jobs", "1", stdin=BAD.encode())
    assert first.exit_code == 0, first.output
    files = sorted(open_dataset(out).hands["file"].tolist())
    assert files == sorted(["<stdin>"] + [f"{archive}!m.txt"] * 3)
    again = cli("export", str(archive), "-", "--out", str(out), "--jobs", "1", stdin=BAD.encode())
    assert "exported 0 new hands (4 already stored)" in again.stderr


def test_a_member_name_never_shadows_a_real_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("odd.zip!x.txt").write_text(GOOD[0])  # a real file whose name looks like a member
    assert sources.canonical("odd.zip!x.txt") is None
    assert [type(b).__name__ for b in read_blocks("odd.zip!x.txt")] == ["Block"]
    assert not sources.is_stream("odd.zip!x.txt") and sources.is_stream("other.zip!x.txt")


def test_stdin_read_in_process():
    stream = io.BytesIO(TEXT.encode())

    class Fake:
        buffer = stream

    import sys

    saved, sys.stdin = sys.stdin, Fake()
    try:
        blocks = [b for b in read_blocks("-") if isinstance(b, Block)]
    finally:
        sys.stdin = saved
    assert [(b.file, b.line) for b in blocks] == [
        ("<stdin>", 1),
        ("<stdin>", 23),
        ("<stdin>", 45),
        ("<stdin>", BAD_LINE),
    ]


def test_unparsed_hands_of_two_different_streams_are_both_stored(tmp_path):
    """Keyed by file and line, an unparsed hand of one stream must not hide another's (same id, same
    line, another text) read by another run."""
    import subprocess
    import sys

    out = tmp_path / "ds"
    broken = [make_hand(950000000001).replace("Alice: folds", f"Alice: juggles {i}") for i in range(2)]
    for text in broken:
        run = subprocess.run(
            [
                sys.executable,
                "-c",
                "from hhtool.cli import app; app()",
                "export",
                "-",
                "--out",
                str(out),
                "--jobs",
                "1",
            ],
            input=text.encode(),
            capture_output=True,
            timeout=120,
            check=False,
        )
        assert run.returncode == 0, run.stderr
    hands = open_dataset(out).hands
    assert hands["status"].tolist() == ["unparsed", "unparsed"]
    assert hands["hand_id"].tolist() == ["950000000001"] * 2
