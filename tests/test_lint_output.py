"""Issue #27 item 1: a text run of `validate` reads like ruff.

Findings with the source line and a caret under the token at fault, then one summary line (the per-file
table only with --summary or for at most 5 files, never with --statistics); HH010 in poker words;
consequences marked or left out; --extend-select, per-file ignores, --show-settings; a baseline; SARIF
base URIs, rule names and help URIs; json byte-stable; `watch --once` exits as `validate`.

The hands are tests/clikit.py's: a short call (HH113 at line 16, then HH122, HH202, HH205, HH203).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from clikit import clean, omaha, run, short_call

from hhtool.codes import HH114
from hhtool.findings import Finding, Severity
from hhtool.grammar.line_words import expected_kinds
from hhtool.outputs.rule_docs import rules_markdown
from hhtool.outputs.source import token_span

ROOT = Path(__file__).resolve().parent.parent
FINDING = re.compile(r"^\S.*:\d+:\d+: HH\d{3} ")


def finding_lines(out: str) -> list[str]:
    return [line for line in out.splitlines() if FINDING.match(line)]


def validate(*args: str, cwd: Path | None = None):
    return run("validate", *args, "--isolated", cwd=cwd)


@pytest.fixture()
def short(tmp_path) -> Path:
    path = tmp_path / "b.txt"
    path.write_text(short_call())
    return path


# -- findings with their source line and a caret ----------------------------------------------------------


def test_a_finding_shows_its_line_and_a_caret_under_the_amount(short):
    out = validate(str(short)).stdout
    head = f"{short}:16:19: HH113 [error] Orrin_Vale calls $0.05; the call is $0.06 (hand 210471183302)\n"
    assert head + "   |\n16 | Orrin_Vale: calls $0.05\n   |                   ^^^^^\n" in out
    # a finding that knows no token shows its line with no caret (the street line where the round ended)
    assert "19 | *** FLOP *** [Qs 7c 2h]\n\n" in out and "   | ^^^^^^^^^^^^^^^^^^^^^^^\n" not in out
    # the same column in every format
    jsonl = [json.loads(line) for line in validate(str(short), "--format", "jsonl").stdout.splitlines()]
    assert [(f["code"], f["column"]) for f in jsonl[0]["findings"]][:1] == [("HH113", 19)]
    concise = validate(str(short), "--format", "concise").stdout
    assert f"{short}:16:19: HH113" in concise and "16 | " not in concise


def test_token_span_finds_the_name_the_card_and_the_amount_alone():
    def f(code, message, actual=None):
        return Finding(code, "", Severity.ERROR, message, "x", 1, 1, "1", None, actual)

    line = "Player Player3 raises (6)"
    assert token_span(f("HH110", "Player3 (seat 5) acts out of turn", "Player3"), line) == (8, 7)
    assert token_span(
        f("HH301", "5d appears for Fishmax3 and for the board (line 11)", "5d twice"),
        "Fishmax3: shows [5d Kd] (two pair)",
    ) == (18, 2)
    # an amount without its currency sign, written with a thousands separator
    assert token_span(f("HH417", "lucas0507 starts with 2000, 2000 more", "2000"), "Seat 9: lucas0507 ( $2,000 )") == (
        22,
        5,
    )
    # near misses: a token inside a longer number or word, and a seat number, are not the token
    assert token_span(f("HH203", "the total pot is $3"), "Total pot $30 | Rake $0") is None
    assert token_span(f("HH403", "seat 7 at a 6-max table"), "Seat 8: x (7 in chips)") is None
    # input findings: no guess from the message's words
    assert token_span(f("HH010", "table line not understood: 'Table 6-max'"), " Table 6-max") is None


# -- the per-file table and the summary line ----------------------------------------------------------------


def _has_table(out: str) -> bool:
    return any(line.startswith("total (") for line in out.splitlines())


def test_the_per_file_table_comes_for_five_files_or_fewer_or_when_asked(tmp_path):
    for n in range(6):
        (tmp_path / f"h{n}.txt").write_text(clean(210471183310 + n).replace("Orrin_Vale", f"Orrin{n}"))
    six = validate(str(tmp_path))
    assert not _has_table(six.stdout) and six.stdout.splitlines()[-1].startswith("hands read 6: valid 6")
    assert _has_table(validate(str(tmp_path), "--summary").stdout)
    (tmp_path / "h5.txt").unlink()
    assert _has_table(validate(str(tmp_path)).stdout)  # five files
    assert not _has_table(validate(str(tmp_path), "--no-summary").stdout)
    stats = validate(str(tmp_path), "--statistics", "--summary").stdout
    assert not _has_table(stats) and stats.splitlines()[-1].startswith("hands read 5")


# -- HH010 in poker words ---------------------------------------------------------------------------------


def test_hh010_quotes_the_line_and_says_what_could_come_in_poker_words(tmp_path):
    (tmp_path / "odd.txt").write_text(clean().replace("Wexley77: folds", "Wexley77 dances on the table"))
    result = validate(str(tmp_path / "odd.txt"), "--format", "jsonl")
    (finding,) = json.loads(result.stdout)["findings"]
    assert finding["code"] == "HH010" and finding["actual"] == "Wexley77 dances on the table"
    message = finding["message"]
    assert message.startswith(
        'cannot read the line "Wexley77 dances on the table": it is no kind of line the '
        "PokerStars format has here; here could come "
    )
    assert "an action (folds, checks, calls, bets, raises)" in message and "a chat line" in message
    assert not re.search(r"\b[A-Z]{2,}(?:_[A-Z]+)*\b", message.replace("PokerStars", "")), (
        message
    )  # no CALL, SEAT_RESULT
    assert (
        expected_kinds(["SEAT_RESULT", "TOTAL_POT", "CHAT", "BOARD"])
        == "the summary (total pot, board, each seat's result) or a chat line"
    )
    assert expected_kinds(["FAST_FOLD_NEW"]) == "a fast fold new line"  # an unknown terminal: its words, lower case


# -- consequences --------------------------------------------------------------------------------------------


def test_a_consequence_names_its_root_cause_and_can_be_left_out(short):
    lines = validate(str(short), "--format", "concise").stdout.splitlines()
    findings = finding_lines("\n".join(lines))
    assert "HH113" in findings[0] and "follows from" not in findings[0]  # the root cause first
    assert "HH122" in findings[1] and "follows from" not in findings[1]  # the order is not the call's doing
    assert [("follows from HH113 at line 16)" in line) for line in findings[2:]] == [True, True, True]
    roots = validate(str(short), "--format", "concise", "--no-consequences")
    kept = [line.split(": ")[1].split()[0] for line in finding_lines(roots.stdout)]
    assert kept == ["HH113", "HH122"] and roots.exit_code == 1
    assert roots.stdout.splitlines()[-1].endswith(
        "findings by code: HH113 1, HH122 1; 3 consequences of earlier findings not shown"
    )
    # the configuration can say it too
    (short.parent / "hhtool.toml").write_text("consequences = false\n")
    configured = run("validate", str(short), "--format", "concise", "--config", str(short.parent / "hhtool.toml"))
    assert "3 consequences of earlier findings not shown" in configured.stdout


# -- selection: --extend-select, per-file ignores, --show-settings --------------------------------------------


def test_extend_select_adds_to_select_and_beats_a_less_specific_ignore(short):
    def codes(*args):
        out = validate(str(short), "--format", "concise", *args).stdout
        return [line.split(": ")[1].split()[0] for line in finding_lines(out)]

    assert codes("--select", "HH2") == ["HH202", "HH205", "HH203"]
    assert codes("--select", "HH2", "--extend-select", "HH113") == ["HH113", "HH202", "HH205", "HH203"]
    assert codes("--ignore", "HH1", "--extend-select", "HH113") == ["HH113", "HH202", "HH205", "HH203"]
    assert validate(str(short), "--extend-select", "HH9").exit_code == 2


def test_per_file_ignores_by_glob_from_the_configuration_and_the_command_line(tmp_path):
    (tmp_path / "archive").mkdir()
    (tmp_path / "archive" / "old.txt").write_text(short_call())
    (tmp_path / "new.txt").write_text(short_call(210471183309).replace("Table 'Alcyone II'", "Table 'Other'"))
    (tmp_path / "hhtool.toml").write_text('[per-file-ignores]\n"archive/*.txt" = ["HH1", "HH2"]\n')
    result = run("validate", "archive", "new.txt", "--format", "concise", cwd=tmp_path)
    files = {line.split(":")[0] for line in finding_lines(result.stdout)}
    assert files == {"new.txt"} and result.exit_code == 1
    cli = run(
        "validate",
        "archive",
        "new.txt",
        "--format",
        "concise",
        "--isolated",
        "--per-file-ignores",
        "new.txt:HH",
        cwd=tmp_path,
    )
    assert {line.split(":")[0] for line in finding_lines(cli.stdout)} == {"archive/old.txt"}
    assert run("validate", "new.txt", "--isolated", "--per-file-ignores", "HH113", cwd=tmp_path).exit_code == 2


def test_show_settings_prints_what_the_run_would_use_and_exits(tmp_path):
    (tmp_path / "hhtool.toml").write_text(
        'select = ["HH1"]\nextend-select = ["HH203"]\n[per-file-ignores]\n"*.xml" = ["HH020"]\n'
    )
    result = run("validate", ".", "--show-settings", "--ignore", "HH11", cwd=tmp_path)
    assert result.exit_code == 0
    settings = dict(line.split(" = ", 1) for line in result.stdout.splitlines())
    settings = {k.strip(): v for k, v in settings.items()}
    assert (
        settings.items()
        >= {
            "config": f'"{tmp_path / "hhtool.toml"}"',
            "select": '["HH1"]',
            "extend-select": '["HH203"]',
            "ignore": '["HH11"]',
            "per-file-ignores": '{"*.xml" = ["HH020"]}',
            "severity": '"info"',
            "consequences": "true",
            "format": '"text"',
        }.items()
    )


# -- the baseline ------------------------------------------------------------------------------------------------


def test_a_baseline_hides_known_findings_even_when_hands_move(short, tmp_path):
    baseline = tmp_path / "baseline.json"
    first = validate(str(short), "--write-baseline", str(baseline))
    assert first.exit_code == 1 and "wrote 5 findings to the baseline" in first.stderr
    again = tmp_path / "again.json"
    validate(str(short), "--write-baseline", str(again))
    assert baseline.read_bytes() == again.read_bytes()  # the same findings: the same bytes
    known = validate(str(short), "--baseline", str(baseline))
    assert known.exit_code == 0 and not finding_lines(known.stdout)
    assert known.stdout.splitlines()[-1].endswith("findings by code: none; 5 findings in the baseline not shown")
    # a hand added before it moves every line: the old findings stay known, the new hand's are reported
    short.write_text(short_call(210471183307).replace("Table 'Alcyone II'", "Table 'Other'") + "\n\n" + short_call())
    moved = validate(str(short), "--baseline", str(baseline), "--format", "json")
    doc = json.loads(moved.stdout)
    assert moved.exit_code == 1 and doc["summary"]["baseline_suppressed"] == 5
    assert {f["hand_id"] for h in doc["hands"] for f in h["findings"]} == {"210471183307"}
    assert [h["status"] for h in doc["hands"]] == ["invalid", "valid"]  # its only errors were known
    bad = tmp_path / "bad.json"
    bad.write_text("[]")
    assert validate(str(short), "--baseline", str(bad)).exit_code == 2


# -- SARIF ---------------------------------------------------------------------------------------------------


def test_sarif_uris_are_relative_to_the_source_root_with_names_and_help(short):
    (short.parent / ".git").mkdir()
    (short.parent / "sub").mkdir()
    log = json.loads(run("validate", "../b.txt", "--isolated", "--format", "sarif", cwd=short.parent / "sub").stdout)
    run_ = log["runs"][0]
    assert run_["originalUriBaseIds"] == {"%SRCROOT%": {"uri": short.parent.resolve().as_uri() + "/"}}
    location = run_["results"][0]["locations"][0]["physicalLocation"]
    assert location["artifactLocation"] == {"uri": "b.txt", "uriBaseId": "%SRCROOT%"}
    rules = run_["tool"]["driver"]["rules"]
    assert all(" " not in r["name"] and r["name"][0].isupper() for r in rules)
    assert len({r["name"] for r in rules}) == len(rules)
    by_id = {r["id"]: r for r in rules}
    assert by_id["HH114"]["name"] == "BetOrRaiseBelowTheMinimum" == HH114.name
    page = (ROOT / "docs" / "rules.md").read_text()
    for rule in rules:
        path, anchor = rule["helpUri"].split("#")
        assert path == "docs/rules.md" and f"\n## {anchor.upper()}\n" in page
    assert page == rules_markdown()  # docs/rules.md is what the catalogue writes


# -- json byte-stable; watch --once exits as validate ------------------------------------------------------------


def test_json_output_is_byte_stable(tmp_path, short):
    (tmp_path / "c.txt").write_text(omaha())
    one, two = (validate(str(tmp_path), "--format", "json").stdout.encode() for _ in range(2))
    assert one == two and b"per_second" not in one and b"elapsed" not in one


@pytest.mark.parametrize("content, code", [(clean(), 0), (short_call(), 1)])
def test_watch_once_exits_as_validate_does(tmp_path, content, code):
    (tmp_path / "hh").mkdir()
    (tmp_path / "hh" / "a.txt").write_text(content)
    validated = validate(str(tmp_path / "hh"))
    watched = run("watch", str(tmp_path / "hh"), "--once")
    assert validated.exit_code == watched.exit_code == code
    # the same findings, with the same columns and consequence marks
    jsonl = validate(str(tmp_path / "hh"), "--format", "jsonl").stdout
    assert run("watch", str(tmp_path / "hh"), "--once", "--format", "jsonl").stdout == jsonl


def test_the_configuration_names_the_baseline_relative_to_itself(short, tmp_path):
    (tmp_path / "known").mkdir()
    assert validate(str(short), "--write-baseline", str(tmp_path / "known" / "b.json")).exit_code == 1
    (tmp_path / "hhtool.toml").write_text('baseline = "known/b.json"\n')
    elsewhere = tmp_path / "known"
    result = run("validate", str(short), "--config", str(tmp_path / "hhtool.toml"), cwd=elsewhere)
    assert result.exit_code == 0 and "5 findings in the baseline not shown" in result.stdout
    assert validate(str(short), "--write-baseline", str(tmp_path / "no" / "such" / "b.json")).exit_code == 2


def test_a_finding_whose_token_is_the_whole_line_shows_the_line_with_no_caret(tmp_path):
    """HH047 (info) is about a whole ACPC STATE line: a caret under all of it says nothing."""
    from test_acpc import ALL_IN_EV, log

    out = validate(str(log(tmp_path, ALL_IN_EV))).stdout
    line = next(n for n, text in enumerate(out.splitlines()) if "HH047" in text)
    shown = out.splitlines()[line : line + 4]
    assert shown[1].strip() == "|" and shown[2].endswith(ALL_IN_EV)
    assert "^" not in shown[3]  # the next line is not a caret line


def test_parse_and_convert_print_findings_with_their_line_and_caret_as_validate_does(tmp_path, short):
    bad = tmp_path / "c.txt"
    bad.write_text(short_call().replace("Orrin_Vale: calls $0.05", "Orrin_Vale: wobbles $0.05"))
    parsed = run("parse", str(bad), "--format", "text", "--isolated")
    assert parsed.exit_code == 1
    assert f"{bad}:16:1: HH010 [error]" in parsed.stdout and "16 | Orrin_Vale: wobbles $0.05\n" in parsed.stdout
    # the jsonl output is unchanged: one JSON object per hand, no snippet
    assert "16 | " not in run("parse", str(bad), "--isolated").stdout
    converted = run("convert", str(short), "--to", "ohh", "--out", str(tmp_path / "out"), "--isolated")
    head = f"{short}:16:19: HH113 [error] Orrin_Vale calls $0.05; the call is $0.06 (hand 210471183302)\n"
    assert head + "   |\n16 | Orrin_Vale: calls $0.05\n   |                   ^^^^^\n" in converted.stdout
    assert (
        converted.stdout
        == run("convert", str(short), "--to", "ohh", "--out", str(tmp_path / "again"), "--isolated").stdout
    )
