"""`hhtool parse`: exit codes, jsonl and text output, the stderr summary and its accounting."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import hands_file, make_hand
from typer.testing import CliRunner

from hhtool.cli import app

HAND_KEYS = {"hand_id", "site", "file", "line", "status", "findings", "header", "seats", "events", "claims"}
BASE_KEYS = {"hand_id", "site", "file", "line", "status", "findings"}
FINDING_KEYS = {"code", "rule", "severity", "message", "line", "column", "expected", "actual"}
SUMMARY = re.compile(
    r"files (?P<files>\d+), hands read (?P<read>\d+): parsed (?P<parsed>\d+), "
    r"unparsed (?P<unparsed>\d+), unsupported (?P<unsupported>\d+)"
)

OMAHA = make_hand(
    7, header="PokerStars Hand #{hand_id}:  Courchevel Hi/Lo Pot Limit ($0.05/$0.10 USD) - 2020/04/16 13:54:25 ET"
)
CUT = "\n".join(make_hand(9).split("\n")[:12]) + "\n"  # no summary: HH011
ODD = make_hand(8).replace("Alice: folds", "Alice: dances")  # HH010 at line 10 of the hand


def run(*args: str):
    result = CliRunner().invoke(app, ["parse", *map(str, args)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def summary(result) -> dict[str, int]:
    lines = [line for line in result.stderr.splitlines() if SUMMARY.search(line)]
    assert len(lines) == 1, result.stderr
    counts = {k: int(v) for k, v in SUMMARY.search(lines[0]).groupdict().items()}
    assert counts["parsed"] + counts["unparsed"] + counts["unsupported"] == counts["read"]
    return counts


def jsonl(result) -> list[dict]:
    return [json.loads(line) for line in result.stdout.splitlines() if line.strip()]


def hands_of(objects):
    return [o for o in objects if "file_finding" not in o]


@pytest.fixture
def files(tmp_path) -> dict[str, Path]:
    made = {
        "good": hands_file([make_hand(1), make_hand(2).replace("Alice", "Блåveis")]),
        "mixed": hands_file([make_hand(3), OMAHA, CUT, make_hand(4), ODD]),
        "omaha": OMAHA,
    }
    out = {}
    for name, text in made.items():
        out[name] = tmp_path / f"{name}.txt"
        out[name].write_text(text, encoding="utf-8")
    out["empty"] = tmp_path / "empty.txt"
    out["empty"].write_bytes(b"")
    out["binary"] = tmp_path / "binary.txt"
    out["binary"].write_bytes(bytes(range(256)) * 40)
    return out


# ------------------------------------------------------------------------------------------------
# Exit codes


def test_exit_0_when_every_hand_parses(files):
    result = run(files["good"])
    assert result.exit_code == 0
    assert summary(result) == dict(files=1, read=2, parsed=2, unparsed=0, unsupported=0)


def test_exit_0_for_unsupported_games(files):
    result = run(files["good"], files["omaha"])
    assert result.exit_code == 0
    assert summary(result) == dict(files=2, read=3, parsed=2, unparsed=0, unsupported=1)


def test_exit_0_for_an_empty_file_warning(files):
    result = run(files["empty"], files["good"])
    assert result.exit_code == 0
    assert [o["file_finding"]["code"] for o in jsonl(result) if "file_finding" in o] == ["HH001"]


def test_exit_1_when_a_hand_does_not_parse(files):
    result = run(files["mixed"])
    assert result.exit_code == 1
    assert summary(result) == dict(files=1, read=5, parsed=2, unparsed=2, unsupported=1)


def test_exit_1_for_a_binary_file(files):
    result = run(files["good"], files["binary"])
    assert result.exit_code == 1
    assert [o["file_finding"]["code"] for o in jsonl(result) if "file_finding" in o] == ["HH003"]


def test_exit_2_for_a_missing_path_even_with_other_errors(files, tmp_path):
    result = run(files["mixed"], tmp_path / "missing.txt", files["good"])
    assert result.exit_code == 2
    counts = summary(result)
    assert counts == dict(files=3, read=7, parsed=4, unparsed=2, unsupported=1)  # the run went on after it
    [finding] = [o["file_finding"] for o in jsonl(result) if "file_finding" in o]
    assert finding["code"] == "HH004" and finding["file"].endswith("missing.txt")


def test_exit_2_for_a_glob_that_matches_nothing(tmp_path):
    result = run(str(tmp_path / "*.nothing"))
    assert result.exit_code == 2


def test_usage_error_without_paths():
    result = CliRunner().invoke(app, ["parse"])
    assert result.exit_code == 2


# ------------------------------------------------------------------------------------------------
# jsonl


def test_jsonl_one_object_per_hand_with_the_contract_keys(files):
    result = run(files["mixed"])
    objects = jsonl(result)
    hands = hands_of(objects)
    assert len(hands) == summary(result)["read"] == 5
    assert [(h["hand_id"], h["status"]) for h in hands] == [
        ("3", "parsed"),
        ("7", "unsupported"),
        ("9", "unparsed"),
        ("4", "parsed"),
        ("8", "unparsed"),
    ]
    for h in hands:
        assert list(h) == [
            "hand_id",
            "site",
            "file",
            "line",
            "status",
            "findings",  # every key, whatever the status
            "header",
            "seats",
            "events",
            "claims",
        ]
        assert (h["site"], h["file"]) == ("pokerstars", str(files["mixed"]))
        for f in h["findings"]:
            assert FINDING_KEYS <= set(f)
    for h in hands:
        if h["status"] == "parsed":
            assert set(h) == HAND_KEYS
            assert h["findings"] == []
            assert isinstance(h["events"], list) and h["events"][0]["type"] == "PostBlind"
            assert h["header"]["big_blind"] == 10 and h["claims"]["total_pot"] == 10
        else:
            assert all(h[k] is None for k in ("header", "seats", "events", "claims"))


def test_jsonl_lines_and_findings_point_into_the_file(files):
    hands = hands_of(jsonl(run(files["mixed"])))
    # hands are 19 lines + 3 empty lines apart; the cut hand has 12 lines
    starts = [1, 23, 45, 45 + 12 + 3, 45 + 12 + 3 + 22]
    assert [h["line"] for h in hands] == starts
    by_id = {h["hand_id"]: h for h in hands}
    [omaha] = by_id["7"]["findings"]
    assert (omaha["code"], omaha["line"], omaha["severity"]) == ("HH020", 23, "info")
    [cut] = by_id["9"]["findings"]
    assert (cut["code"], cut["line"], cut["severity"]) == ("HH011", 45 + 11, "error")
    [odd] = by_id["8"]["findings"]
    assert (odd["code"], odd["line"], odd["column"], odd["actual"]) == ("HH010", starts[4] + 9, 1, "Alice: dances")


def test_jsonl_amounts_are_integers_and_text_is_utf8(files):
    hands = hands_of(jsonl(run(files["good"])))
    assert hands[1]["seats"][0]["player"] == "Блåveis"
    amounts = [e["amount"] for e in hands[0]["events"] if "amount" in e]
    assert amounts and all(type(a) is int for a in amounts)
    assert hands[0]["seats"][0]["stack"] == 1000


def test_folder_and_glob_arguments(files, tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "more.txt").write_text(make_hand(5), encoding="utf-8")
    (tmp_path / "sub" / "more.txt.hp").write_text("{}", encoding="utf-8")
    folder = run(tmp_path / "sub")
    assert folder.exit_code == 0
    assert summary(folder) == dict(files=1, read=1, parsed=1, unparsed=0, unsupported=0)
    globbed = run(str(tmp_path / "g*.txt"), str(tmp_path / "**" / "more.txt"))
    assert globbed.exit_code == 0
    assert [h["hand_id"] for h in hands_of(jsonl(globbed))] == ["1", "2", "5"]


# ------------------------------------------------------------------------------------------------
# text


def test_text_format_lines(files):
    result = CliRunner().invoke(app, ["parse", str(files["mixed"]), "--format", "text"])
    assert result.exit_code == 1
    name = str(files["mixed"])
    lines = result.stdout.splitlines()
    hand_lines = [line for line in lines if re.match(rf"{re.escape(name)}:\d+: (parsed|unparsed|unsupported) ", line)]
    assert hand_lines == [
        f"{name}:1: parsed pokerstars hand 3 (9 events)",
        f"{name}:23: unsupported pokerstars hand 7 (0 events)",
        f"{name}:45: unparsed pokerstars hand 9 (0 events)",
        f"{name}:60: parsed pokerstars hand 4 (9 events)",
        f"{name}:82: unparsed pokerstars hand 8 (0 events)",
    ]
    finding_lines = [line for line in lines if line not in hand_lines and line.startswith(f"{name}:")]
    assert len(finding_lines) == 3
    # each with its source line under it, as validate prints it (a `N |` gutter)
    assert [line for line in lines if re.match(r"\d+ \| ", line)][:1] == [
        "23 | PokerStars Hand #7:  Courchevel Hi/Lo Pot Limit ($0.05/$0.10 USD) - 2020/04/16 13:54:25 ET"
    ]
    assert finding_lines[0].startswith(f"{name}:23:1: HH020 [info] ")
    assert finding_lines[1].startswith(f"{name}:56:1: HH011 [error] ")
    assert finding_lines[2].startswith(f"{name}:91:1: HH010 [error] ")
    assert all(line.endswith(")") and "(hand " in line for line in finding_lines)
    assert summary(result) == dict(files=1, read=5, parsed=2, unparsed=2, unsupported=1)


def test_text_format_file_findings(files, tmp_path):
    result = CliRunner().invoke(app, ["parse", str(files["binary"]), str(tmp_path / "nope"), "--format", "text"])
    assert result.exit_code == 2
    lines = result.stdout.splitlines()
    assert lines[0].startswith(f"{files['binary']}:1:1: HH003 [error] ")
    assert " HH004 [error] " in lines[1]


def test_summary_on_stderr_only(files):
    result = run(files["good"])
    assert not SUMMARY.search(result.stdout)
    assert "file findings: none" in result.stderr


def test_console_script_subprocess(files):
    # The installed entry point, through a real process: stdout is bytes in UTF-8, summary on stderr.
    exe = Path(sys.executable).with_name("hhtool")
    if not exe.exists():
        pytest.skip("hhtool console script not installed next to the interpreter")
    proc = subprocess.run([str(exe), "parse", str(files["good"]), str(files["omaha"])], capture_output=True, timeout=60)
    assert proc.returncode == 0
    hands = [json.loads(line) for line in proc.stdout.decode("utf-8").splitlines()]
    assert [h["status"] for h in hands] == ["parsed", "parsed", "unsupported"]
    counts = SUMMARY.search(proc.stderr.decode("utf-8")).groupdict()
    assert counts == dict(files="2", read="3", parsed="2", unparsed="0", unsupported="1")


def test_a_hand_that_breaks_the_parser_does_not_stop_the_run(tmp_path):
    # A file cut inside a summary seat line's cards: whatever the parser does with it, the run goes on,
    # the hand is counted as unparsed and the next file is read.
    lines = make_hand(11).split("\n")
    cut = tmp_path / "cut.txt"
    cut.write_text("\n".join(lines[:17] + ["Seat 3: Carol (big blind) showed [Ah"]) + "\n", encoding="utf-8")
    good = tmp_path / "good.txt"
    good.write_text(make_hand(12), encoding="utf-8")
    result = run(cut, good)
    assert result.exit_code == 1
    assert summary(result) == dict(files=2, read=2, parsed=1, unparsed=1, unsupported=0)
    bad, fine = hands_of(jsonl(result))
    assert (bad["status"], fine["status"], fine["hand_id"]) == ("unparsed", "parsed", "12")
    assert bad["hand_id"] == "11"  # the header was readable: the hand keeps its id


@pytest.mark.parametrize("module", ["hhtool", "hhtool.cli"])
def test_python_dash_m_runs_the_command(module):
    """`python -m hhtool` and `python -m hhtool.cli` are the `hhtool` command (the upkeep commands that
    hhtool.cli registers at its end once made the second one a circular import)."""
    done = subprocess.run([sys.executable, "-m", module, "dataset", "--help"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "compact" in done.stdout
