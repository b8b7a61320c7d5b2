"""Bad input found by fuzzing (issue 12, item 7): each is a coded finding or a clear usage error,
never a crash, a hang, an HH099 or a lost hand. Hands are written here in the real format."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from handkit import all_findings, check, hand_text, problems, replace_line, validate_text
from typer.testing import CliRunner

from hhtool.cli import app
from hhtool.io import expand_paths
from hhtool.io.paths import display_name
from hhtool.model.money import MoneyError, to_minor

SHOWDOWN = hand_text("""
    PokerStars Hand #210471195522:  Hold'em No Limit ($0.01/$0.02 USD) - 2020/03/14 18:31:47 ET
    Table 'Euanthe II' 6-max Seat #3 is the button
    Seat 1: Brannoch ($2 in chips)
    Seat 2: lumen_drift ($2.46 in chips)
    Seat 3: Saffron.Q ($1.80 in chips)
    Brannoch: posts small blind $0.01
    lumen_drift: posts big blind $0.02
    *** HOLE CARDS ***
    Saffron.Q: raises $0.04 to $0.06
    Brannoch: folds
    lumen_drift: calls $0.04
    *** FLOP *** [Kh 9s 4d]
    lumen_drift: checks
    Saffron.Q: bets $0.16
    lumen_drift: calls $0.16
    *** TURN *** [Kh 9s 4d] [7c]
    lumen_drift: checks
    Saffron.Q: checks
    *** RIVER *** [Kh 9s 4d 7c] [8s]
    lumen_drift: checks
    Saffron.Q: checks
    *** SHOW DOWN ***
    lumen_drift: shows [Jh Td] (a straight, Seven to Jack)
    Saffron.Q: shows [Kc Kd] (three of a kind, Kings)
    lumen_drift collected $0.43 from pot
    *** SUMMARY ***
    Total pot $0.45 | Rake $0.02
    Board [Kh 9s 4d 7c 8s]
    Seat 1: Brannoch (small blind) folded before Flop
    Seat 2: lumen_drift (big blind) showed [Jh Td] and won ($0.43) with a straight, Seven to Jack
    Seat 3: Saffron.Q (button) showed [Kc Kd] and lost with three of a kind, Kings
    """)


def test_the_showdown_hand_is_valid():
    result = check(SHOWDOWN)
    assert result.status == "parsed" and not result.findings, problems(result.findings)


# -- the same card twice in one shown hand -------------------------------------------------------


def test_same_card_twice_in_a_shown_hand_is_hh301_not_a_crash():
    text = replace_line(
        SHOWDOWN,
        "Saffron.Q: shows [Kc Kd] (three of a kind, Kings)",
        "Saffron.Q: shows [Kc Kc] (three of a kind, Kings)",
    )
    result = check(text)
    assert "HH099" not in result.codes, problems(result.findings)
    hh301 = result.of("HH301")
    assert hh301 and hh301[0].line == 24 and "Kc appears twice" in hh301[0].message, problems(result.findings)


# -- money the way a client prints it, and nothing else ------------------------------------------


@pytest.mark.parametrize("amount", ["$1e1", "$1_0", "$+10", "$１０", "$1E1", "$0x10", "$ 10", "$10 ", "$NaN"])
def test_amounts_no_client_prints_are_refused(amount):
    with pytest.raises(MoneyError):
        to_minor(amount, 100)
    text = replace_line(SHOWDOWN, "lumen_drift: calls $0.16", f"lumen_drift: calls {amount}")
    result = check(text)
    # the amount reader refuses it (HH012), or the line grammar already does (HH010: a blank in it)
    assert result.status == "unparsed" and result.codes & {"HH012", "HH010"}, problems(result.findings)
    assert "HH099" not in result.codes


@pytest.mark.parametrize(
    ("amount", "minor"), [("$10", 1000), ("$0.16", 16), ("$1,234.50", 123450), ("-$1", -100), ("$0.5", 50), ("€2", 200)]
)
def test_amounts_a_client_prints_are_read(amount, minor):
    assert to_minor(amount, 100) == minor


def test_a_refused_amount_is_hh012_at_its_line():
    text = replace_line(SHOWDOWN, "lumen_drift: calls $0.16", "lumen_drift: calls $1_6")
    result = check(text)
    assert [(f.code, f.line) for f in result.findings] == [("HH012", 15)], problems(result.findings)


# -- a block-size limit never drops the hand itself -----------------------------------------------


def test_hand_followed_by_half_a_megabyte_of_blank_lines_is_read():
    results, file_findings = validate_text(SHOWDOWN + "\n" * 600_000)
    assert [r.status for r in results] == ["valid"], problems(all_findings(results, file_findings))
    assert not file_findings


def test_blank_lines_between_two_hands_do_not_swallow_either():
    second = another(210471195523)
    results, file_findings = validate_text(SHOWDOWN + "\n \t\n" * 200_000 + second)
    assert [r.status for r in results] == ["valid", "valid"], problems(all_findings(results, file_findings))
    assert results[1].line == SHOWDOWN.count("\n") + 400_000 + 1


def test_a_hand_with_a_huge_line_inside_is_still_hh005():
    text = replace_line(SHOWDOWN, "Brannoch: folds", "Brannoch: folds" + " x" * 300_000)
    results, _ = validate_text(text)
    assert [r.status for r in results] == ["unparsed"]
    assert [f.code for f in results[0].findings] == ["HH005"]


def test_only_blank_lines_is_a_file_without_a_hand():
    results, file_findings = validate_text("\n" * 600_000)
    assert not results and [f.code for f in file_findings] == ["HH001"]


# -- paths: FIFOs, unreadable and empty folders, odd file names -----------------------------------


def another(number: int) -> str:
    """The showdown hand under another hand id, at another table (no cross-hand finding between them)."""
    return SHOWDOWN.replace("#210471195522", f"#{number}").replace("'Euanthe II'", f"'Euanthe {number}'")


SECOND = another(210471195523)


def hhtool(*args: str, env: dict | None = None, timeout: float = 60) -> subprocess.CompletedProcess:
    """The CLI in its own process (a hang fails the test through the timeout instead of blocking it)."""
    return subprocess.run(
        [sys.executable, "-c", "from hhtool.cli import app; app()", *args],
        capture_output=True,
        timeout=timeout,
        check=False,
        env={**os.environ, **(env or {})},
    )


def codes_of(jsonl: bytes) -> list[tuple[str, str]]:
    """(status or 'file', code) pairs of a jsonl output, in order."""
    out = []
    for line in jsonl.decode().splitlines():
        item = json.loads(line)
        if "file_finding" in item:
            out.append(("file", item["file_finding"]["code"]))
        else:
            out.append((item["status"], ",".join(f["code"] for f in item["findings"])))
    return out


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_fifo_in_a_folder_is_hh004_and_the_run_goes_on(tmp_path, jobs):
    (tmp_path / "a.txt").write_text(SHOWDOWN)
    os.mkfifo(tmp_path / "b.txt")
    (tmp_path / "c.txt").write_text(SECOND)
    result = hhtool("validate", str(tmp_path), "--format", "jsonl", "--jobs", jobs, env={"HHTOOL_CHUNK_BYTES": "100"})
    assert codes_of(result.stdout) == [("valid", ""), ("file", "HH004"), ("valid", "")], result.stderr
    assert b"FIFO" in result.stdout
    assert result.returncode == 2  # an I/O failure, as for any file that cannot be read


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("command", ["validate", "parse", "audit"])
def test_a_fifo_given_directly_never_hangs(tmp_path, command):
    os.mkfifo(tmp_path / "pipe.txt")
    result = hhtool(command, str(tmp_path / "pipe.txt"), timeout=30)
    assert result.returncode == 2, (result.stdout, result.stderr)


def test_a_fifo_given_to_export_never_hangs(tmp_path):
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    os.mkfifo(tmp_path / "pipe.txt")
    (tmp_path / "a.txt").write_text(SHOWDOWN)
    result = hhtool(
        "export", str(tmp_path / "pipe.txt"), str(tmp_path / "a.txt"), "--out", str(tmp_path / "ds"), timeout=60
    )
    assert result.returncode == 2 and b"exported 1 new hands" in result.stderr, result.stderr


def test_a_folder_without_hand_histories_is_reported(tmp_path):
    (tmp_path / "notes.md").write_text("# not a hand\n")
    (tmp_path / "sub").mkdir()
    found = list(expand_paths([tmp_path]))
    assert found == [(tmp_path, "the folder holds no hand-history file")]
    result = CliRunner().invoke(app, ["validate", str(tmp_path)])
    assert result.exit_code == 0  # a warning, not an error
    assert f"{tmp_path}:0:1: HH001 [warning]" in result.stdout and "no hand-history file" in result.stdout


def test_a_folder_with_histories_in_sub_folders_is_not_reported(tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "a.txt").write_text(SHOWDOWN)
    assert list(expand_paths([tmp_path])) == [(tmp_path / "sub" / "a.txt", None)]


def test_an_unreadable_sub_folder_is_hh004(tmp_path, monkeypatch):
    (tmp_path / "a.txt").write_text(SHOWDOWN)
    (tmp_path / "locked").mkdir()
    (tmp_path / "locked" / "b.txt").write_text(SECOND)
    (tmp_path / "z.txt").write_text(another(210471195524))
    real_scandir = os.scandir

    def scandir(path):  # root reads any folder, so the refusal is simulated
        if Path(path).name == "locked":
            raise PermissionError(13, "Permission denied", str(path))
        return real_scandir(path)

    monkeypatch.setattr("hhtool.io.paths.os.scandir", scandir)
    assert list(expand_paths([tmp_path])) == [
        (tmp_path / "a.txt", None),
        (tmp_path / "z.txt", None),
        (tmp_path / "locked", "cannot list the folder: Permission denied"),
    ]
    result = CliRunner().invoke(app, ["validate", str(tmp_path)])
    assert f"{tmp_path / 'locked'}:0:1: HH004 [error] cannot read" in result.stdout
    assert "hands read 2: valid 2" in result.stdout and result.exit_code == 2


@pytest.mark.skipif(os.geteuid() == 0 if hasattr(os, "geteuid") else True, reason="root reads every folder")
def test_an_unreadable_sub_folder_is_hh004_for_real(tmp_path):
    (tmp_path / "a.txt").write_text(SHOWDOWN)
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0)
    try:
        assert (locked, "cannot list the folder: Permission denied") in list(expand_paths([tmp_path]))
    finally:
        locked.chmod(0o755)


def test_display_name_escapes_bytes_that_are_not_utf8():
    assert display_name(os.fsdecode(b"dir/b\xff.txt")) == "dir/b\\xff.txt"
    assert display_name("dir/Холдем.txt") == "dir/Холдем.txt"


@pytest.mark.skipif(sys.platform == "darwin", reason="macOS refuses file names that are not UTF-8")
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_file_name_that_is_not_utf8_never_crashes(tmp_path, jobs):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "a.txt").write_text(SHOWDOWN)
    Path(os.fsdecode(bytes(folder) + b"/b\xff.txt")).write_text(SECOND)
    env = {"HHTOOL_CHUNK_BYTES": "100"}
    commands = [["validate"], ["validate", "--format", "jsonl"], ["validate", "--format", "json"]]
    if jobs == "1":  # the commands without --jobs, once
        commands += [["parse"], ["parse", "--format", "text"], ["audit"], ["audit", "--format", "json"]]
        commands += [["audit", "--format", "html"]]
    for command in commands:
        args = [*command, str(folder)] + (["--jobs", jobs] if command[0] == "validate" else [])
        result = hhtool(*args, env=env)
        assert result.returncode == 0, (command, result.stderr[-2000:])
        if command[-1] in ("jsonl", "json", "parse", "text"):  # the outputs that name every hand's file
            assert b"b\\xff.txt" in result.stdout or b"b\\\\xff.txt" in result.stdout, command
    result = hhtool("export", str(folder), "--out", str(tmp_path / "ds"), "--jobs", jobs, env=env)
    assert result.returncode == 0 and b"exported 2 new hands" in result.stderr, result.stderr[-2000:]
    result = hhtool("audit", str(tmp_path / "ds"))
    assert result.returncode == 0 and b"audited 2 hands" in result.stderr, result.stderr[-2000:]


def test_a_newline_in_a_file_name_cannot_forge_a_finding_line(tmp_path):
    name = tmp_path / "x.txt:1:1: HH999 [error] forged\nreal.txt"
    name.write_text(replace_line(SHOWDOWN, "lumen_drift: calls $0.16", "lumen_drift: calls $0.15"))
    result = CliRunner().invoke(app, ["validate", "--quiet", "--format", "concise", str(name)])  # finding lines alone
    lines = result.stdout.splitlines()
    assert lines and all(line.startswith(str(tmp_path)) for line in lines), lines
    assert "forged\\x0areal.txt:15:20: HH113" in result.stdout  # the column of the amount called
    parsed = CliRunner().invoke(app, ["parse", "--format", "text", str(name)])
    assert len(parsed.stdout.splitlines()) == 1 and "\\x0areal.txt:1: parsed" in parsed.stdout


ESCAPED = SHOWDOWN.replace("Brannoch", "Bran\x1b[2J\x1b[31mnoch\x07")


def test_terminal_escape_sequences_in_names_are_escaped_in_text_output(tmp_path):
    text = replace_line(ESCAPED, "Bran\x1b[2J\x1b[31mnoch\x07: folds", "Bran\x1b[2J\x1b[31mnoch\x07: checks")
    (tmp_path / "a.txt").write_text(text)
    result = CliRunner().invoke(app, ["validate", str(tmp_path / "a.txt")])
    assert "HH112" in result.stdout, result.stdout
    assert "\x1b" not in result.stdout and "\x07" not in result.stdout
    assert "Bran\\x1b[2J\\x1b[31mnoch\\x07" in result.stdout
    jsonl = CliRunner().invoke(app, ["validate", "--format", "jsonl", str(tmp_path / "a.txt")])
    messages = [f["message"] for f in json.loads(jsonl.stdout)["findings"]]
    assert any("Bran\x1b[2J\x1b[31mnoch\x07" in m for m in messages)  # JSON keeps the exact name


def test_escape_sequences_in_names_are_escaped_in_stats_and_audit_text(tmp_path):
    (tmp_path / "a.txt").write_text(ESCAPED)
    result = CliRunner().invoke(app, ["export", str(tmp_path / "a.txt"), "--out", str(tmp_path / "ds"), "--jobs", "1"])
    assert result.exit_code == 0, result.output
    stats = CliRunner().invoke(app, ["stats", str(tmp_path / "ds")])
    assert stats.exit_code == 0 and "Bran\\x1b[2J" in stats.stdout and "\x1b" not in stats.stdout
    audit = CliRunner().invoke(app, ["audit", str(tmp_path / "a.txt"), "--exit-zero"])
    assert "\x1b" not in audit.stdout


def test_stats_csv_neutralises_formula_cells(tmp_path):
    names = {"Brannoch": "=HYPERLINK(1)", "lumen_drift": "+lumen", "Saffron.Q": "@Saffron"}
    text = SHOWDOWN
    for old, new in names.items():
        text = text.replace(old, new)
    (tmp_path / "a.txt").write_text(
        text
        + "\n\n"
        + text.replace("#210471195522", "#210471195529")
        .replace("'Euanthe II'", "'Euanthe III'")
        .replace("=HYPERLINK(1)", "-minus")
    )
    result = CliRunner().invoke(app, ["export", str(tmp_path / "a.txt"), "--out", str(tmp_path / "ds"), "--jobs", "1"])
    assert result.exit_code == 0, result.output
    csv = CliRunner().invoke(app, ["stats", str(tmp_path / "ds"), "--format", "csv"]).stdout
    header = csv.splitlines()[0].split(",")
    column = header.index("player")  # after the stakes columns (site, kind, tournament, currency, ...)
    players = {line.split(",")[column] for line in csv.splitlines()[1:]}
    assert players == {"'=HYPERLINK(1)", "'+lumen", "'@Saffron", "'-minus"}, csv
    assert ",-" in csv  # negative numbers stay numbers
    text_out = CliRunner().invoke(app, ["stats", str(tmp_path / "ds")]).stdout
    assert "=HYPERLINK(1)" in text_out and "'=HYPERLINK" not in text_out  # the text output shows names as they are


# -- HHTOOL_CHUNK_BYTES and audit's paths: usage errors -------------------------------------------


@pytest.mark.parametrize("value", ["0", "-1", "abc", "1.5"])
@pytest.mark.parametrize("command", ["validate", "export"])
def test_a_bad_chunk_size_is_a_usage_error(tmp_path, value, command):
    (tmp_path / "a.txt").write_text(SHOWDOWN)
    args = [command, str(tmp_path / "a.txt"), "--jobs", "2"] + (
        ["--out", str(tmp_path / "ds")] if command == "export" else []
    )
    result = hhtool(*args, env={"HHTOOL_CHUNK_BYTES": value}, timeout=30)
    assert result.returncode == 2 and result.stdout == b"", result
    assert result.stderr.decode().strip().splitlines() == [
        (
            f"hhtool: HHTOOL_CHUNK_BYTES={value!r} is not a task size: give a whole number of bytes, at least 1 "
            "(default 1048576)"
        )
    ]
    assert not (tmp_path / "ds").exists()


def test_a_small_chunk_size_gives_the_same_output(tmp_path):
    (tmp_path / "a.txt").write_text(SHOWDOWN + "\n\n" + SECOND)
    one = hhtool("validate", str(tmp_path), "--format", "jsonl", "--jobs", "1")
    two = hhtool("validate", str(tmp_path), "--format", "jsonl", "--jobs", "2", env={"HHTOOL_CHUNK_BYTES": "1"})
    assert one.returncode == two.returncode == 0 and one.stdout == two.stdout


@pytest.fixture(scope="module")
def dataset(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("audit")
    (folder / "a.txt").write_text(SHOWDOWN)
    result = CliRunner().invoke(app, ["export", str(folder / "a.txt"), "--out", str(folder / "ds"), "--jobs", "1"])
    assert result.exit_code == 0, result.output
    return folder


@pytest.mark.parametrize(
    "paths",
    [["ds", "ds"], ["ds", "a.txt"], ["a.txt", "ds"], ["ds/hands"], ["ds/hands/date=2020-03-14"], ["ds/findings"]],
)
def test_audit_of_a_dataset_with_more_or_of_a_part_of_one_is_a_usage_error(dataset, paths):
    result = CliRunner().invoke(app, ["audit", *(str(dataset / p) for p in paths)])
    assert result.exit_code == 2, result.output
    assert result.stdout == "" and result.stderr.startswith("hhtool: ") and len(result.stderr.splitlines()) == 1


@pytest.mark.parametrize("paths", [["ds"], ["a.txt"]])
def test_audit_of_a_dataset_or_of_hand_histories_still_works(dataset, paths):
    result = CliRunner().invoke(app, ["audit", *(str(dataset / p) for p in paths)])
    assert result.exit_code == 0 and "audited 1 hands" in result.stderr, result.output
