"""Issue #17 item 1: configuration like the linters, rule selection, and the CLI's manners.

`[tool.hhtool]` in pyproject.toml or an hhtool.toml found upward from the working directory,
`--config`, `--isolated`, the precedence CLI > --config > discovered file > defaults;
`--select/--ignore CODE|PREFIX`, `--severity`, `--quiet`, `--statistics`, `--version`, `-h`,
`NO_COLOR`, and help texts that keep their square brackets.

The hands are those of tests/clikit.py (PokerStars text written for these tests).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from clikit import SHORT_CALL_CODES, clean, codes_of, omaha, run, short_call
from typer.testing import CliRunner

from hhtool.config import ConfigError, find_config, load_config
from hhtool.findings import Severity
from hhtool.selection import Selection, SelectionError, parse_codes


@pytest.fixture()
def hands(tmp_path) -> Path:
    """A folder with one clean, one invalid and one unsupported hand, each in its own file."""
    folder = tmp_path / "hands"
    folder.mkdir()
    (folder / "a-clean.txt").write_text(clean())
    (folder / "b-short-call.txt").write_text(short_call())
    (folder / "c-omaha.txt").write_text(omaha())
    return folder


# -- discovery and precedence -------------------------------------------------------------------


def test_pyproject_tool_hhtool_is_found_upward_from_the_working_directory(tmp_path, hands):
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\n\n[tool.hhtool]\nignore = ["HH2"]\n')
    deep = tmp_path / "a" / "b"
    deep.mkdir(parents=True)
    result = run("validate", str(hands), "--format", "jsonl", cwd=deep)
    assert codes_of(result.stdout) == ["HH113", "HH122", "HH020"], result.output
    path, section = find_config(deep)
    assert path == tmp_path / "pyproject.toml" and section == {"ignore": ["HH2"]}


def test_a_pyproject_without_tool_hhtool_is_passed_over(tmp_path, hands):
    (tmp_path / "hhtool.toml").write_text('select = ["HH020"]\n')
    inner = tmp_path / "inner"
    inner.mkdir()
    (inner / "pyproject.toml").write_text("[tool.ruff]\nline-length = 100\n")
    assert find_config(inner)[0] == tmp_path / "hhtool.toml"
    assert codes_of(run("validate", str(hands), "--format", "jsonl", cwd=inner).stdout) == ["HH020"]


def test_hhtool_toml_wins_over_pyproject_in_the_same_folder(tmp_path, hands):
    (tmp_path / "pyproject.toml").write_text('[tool.hhtool]\nselect = ["HH113"]\n')
    (tmp_path / "hhtool.toml").write_text('select = ["HH020"]\n')
    assert codes_of(run("validate", str(hands), "--format", "jsonl", cwd=tmp_path).stdout) == ["HH020"]


def test_no_configuration_file_means_the_defaults(tmp_path, hands):
    assert find_config(hands) is None or not str(find_config(hands)[0]).startswith(str(tmp_path))
    config = load_config(isolated=True)
    assert config.source is None and config.rules_file() is None and config.inline_rules() is None
    assert config.format_for("validate") is None


def test_config_rules_name_a_file_relative_to_the_config_or_a_named_profile_as_written(tmp_path):
    (tmp_path / "hhtool.toml").write_text('rules = "house.toml"\n')
    assert load_config(start=tmp_path).rules_file() == str(tmp_path / "house.toml")
    (tmp_path / "hhtool.toml").write_text('rules = "profile:casino-hu"\n')  # loaded as --rules loads it
    assert load_config(start=tmp_path).rules_file() == "profile:casino-hu"
    (tmp_path / "hhtool.toml").write_text(f'rules = "{tmp_path / "abs.toml"}"\n')
    assert load_config(start=tmp_path).rules_file() == str(tmp_path / "abs.toml")


def test_a_missing_config_rules_file_is_a_usage_error(tmp_path, hands):
    (tmp_path / "hhtool.toml").write_text('rules = "nowhere.toml"\n')
    result = run("validate", str(hands), cwd=tmp_path)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith(f"hhtool: cannot read rules file {tmp_path / 'nowhere.toml'}")


def test_precedence_command_line_over_config_over_discovered_over_defaults(tmp_path, hands):
    (tmp_path / "hhtool.toml").write_text('select = ["HH020"]\n[format]\nvalidate = "jsonl"\n')
    other = tmp_path / "other.toml"
    other.write_text('select = ["HH113"]\n')
    # discovered: its format and selection
    assert codes_of(run("validate", str(hands), cwd=tmp_path).stdout) == ["HH020"]
    # --config replaces the discovered file entirely: its selection, and the default format (text)
    text = run("validate", str(hands), "--config", str(other), cwd=tmp_path).stdout
    assert "HH113 [error]" in text and "HH020" not in text.split("hands read")[0] and "hands read 3" in text
    # the command line wins over both
    result = run("validate", str(hands), "--config", str(other), "--select", "HH122", "--format", "jsonl", cwd=tmp_path)
    assert codes_of(result.stdout) == ["HH122"]
    # --isolated: no file at all, every finding in the default text format
    isolated = run("validate", str(hands), "--isolated", cwd=tmp_path).stdout
    assert all(code in isolated for code in [*SHORT_CALL_CODES, "HH020"])


def test_config_and_isolated_together_are_a_usage_error(tmp_path, hands):
    result = run("validate", str(hands), "--config", str(tmp_path / "x.toml"), "--isolated")
    assert result.exit_code == 2 and "--config and --isolated" in result.stderr


def test_config_house_rules_file_is_relative_to_the_config_file(tmp_path, hands):
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "house.toml").write_text("[table]\nmax_players = 5\n")
    (tmp_path / "hhtool.toml").write_text('rules = "rules/house.toml"\n')
    elsewhere = tmp_path / "a"
    elsewhere.mkdir()
    result = run("validate", str(hands / "a-clean.txt"), cwd=elsewhere)
    assert "HH401 [error] 6 players dealt in; the table allows 2 to 5" in result.stdout
    assert result.exit_code == 1
    # --rules on the command line wins over the configuration's
    (tmp_path / "open.toml").write_text("[table]\nmax_players = 10\n")
    assert (
        run("validate", str(hands / "a-clean.txt"), "--rules", str(tmp_path / "open.toml"), cwd=elsewhere).exit_code
        == 0
    )


def test_config_house_rules_inline_with_a_rake_schedule(tmp_path, hands):
    (tmp_path / "pyproject.toml").write_text(
        '[tool.hhtool.rules.table]\nmax_players = 6\n\n[tool.hhtool.rules.rake]\npercent = "1"\ncap = "0.01"\n'
    )
    result = run("validate", str(hands / "a-clean.txt"), cwd=tmp_path)
    assert "HH208 [error] rake $0.01 on a $0.15 pot" in result.stdout and "HH401" not in result.stdout
    audit = run("audit", str(hands / "a-clean.txt"), "--format", "json", cwd=tmp_path)
    assert audit.exit_code == 1 and json.loads(audit.stdout)["summary"]["schedule_violations"] == 1


def test_a_bad_inline_rules_table_names_its_key_in_the_config_file(tmp_path, hands):
    (tmp_path / "pyproject.toml").write_text('[tool.hhtool.rules.table]\nmax_players = "six"\n')
    result = run("validate", str(hands), cwd=tmp_path)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.strip() == (
        f"hhtool: {tmp_path / 'pyproject.toml'}:tool.hhtool.rules:table.max_players: "
        "expected an integer, got string 'six'"
    )


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (
            'selct = ["HH1"]\n',
            "hhtool.toml:selct: unknown key; expected one of rules, select, extend-select, ignore, per-file-ignores",
        ),
        ('severity = "fatal"\n', "hhtool.toml:severity: invalid enum value 'fatal'"),
        ('select = "HH1"\n', "hhtool.toml:select: expected `array`, got `str`"),
        ('[format]\nvalidate = "xml"\n', "hhtool.toml:format.validate: invalid enum value 'xml'"),
        ('[format]\nshow = "text"\n', "hhtool.toml:format.show: unknown key; expected one of parse, validate, stats"),
        ('select = ["HH1"\n', "hhtool.toml: not valid TOML"),
        ('select = ["HH9"]\n', "--select: 'HH9' is no finding code or prefix"),
    ],
)
def test_a_bad_configuration_is_one_line_exit_2(tmp_path, hands, text, says):
    (tmp_path / "hhtool.toml").write_text(text)
    result = run("validate", str(hands), cwd=tmp_path)
    assert result.exit_code == 2 and result.stdout == "", result.output
    assert len(result.stderr.splitlines()) == 1 and says in result.stderr, result.stderr


def test_a_pyproject_tool_hhtool_key_is_named_with_its_table(tmp_path, hands):
    (tmp_path / "pyproject.toml").write_text('[tool.hhtool]\nformats = "text"\n')
    with pytest.raises(ConfigError, match=r"pyproject.toml:tool.hhtool.formats: unknown key"):
        load_config(start=tmp_path)


def test_default_formats_of_each_command_come_from_the_config(tmp_path, hands):
    (tmp_path / "hhtool.toml").write_text(
        '[format]\nparse = "text"\nvalidate = "github"\nstats = "csv"\naudit = "json"\n'
    )
    assert run("validate", str(hands), cwd=tmp_path).stdout.startswith("::")
    assert ": parsed pokerstars hand" in run("parse", str(hands), cwd=tmp_path).stdout
    assert json.loads(run("audit", str(hands), "--exit-zero", cwd=tmp_path).stdout)["summary"]
    export = run("export", str(hands), "--out", str(tmp_path / "ds"), "--jobs", "1", cwd=tmp_path)
    assert export.exit_code == 0, export.output
    assert run("stats", str(tmp_path / "ds"), cwd=tmp_path).stdout.startswith("site,kind,")
    assert run("stats", str(tmp_path / "ds"), "--format", "json", cwd=tmp_path).stdout.lstrip().startswith(("{", "["))


def test_config_strict_makes_warnings_fail(tmp_path):
    (tmp_path / "w.txt").write_text("notes before the first hand\n\n" + clean())  # HH002, a warning
    assert run("validate", str(tmp_path / "w.txt"), "--isolated").exit_code == 0
    (tmp_path / "hhtool.toml").write_text("strict = true\n")
    assert run("validate", str(tmp_path / "w.txt"), cwd=tmp_path).exit_code == 1


# -- selection ------------------------------------------------------------------------------------


def test_select_and_ignore_by_code_and_prefix(hands):
    def codes(*args):
        return codes_of(run("validate", str(hands), "--format", "jsonl", "--isolated", *args).stdout)

    assert codes() == [*SHORT_CALL_CODES, "HH020"]
    assert codes("--select", "HH2") == ["HH202", "HH205", "HH203"]
    assert codes("--select", "HH113,HH020") == ["HH113", "HH020"]
    assert codes("--select", "hh11", "--select", "HH0") == ["HH113", "HH020"]
    assert codes("--ignore", "HH2", "--ignore", "HH020") == ["HH113", "HH122"]
    # the more specific wins; ignore wins a tie
    assert codes("--select", "HH1", "--ignore", "HH11") == ["HH122"]
    assert codes("--select", "HH113") == ["HH113"]
    assert codes("--select", "ALL", "--ignore", "HH1", "--select", "HH113") == [
        "HH113",
        "HH202",
        "HH205",
        "HH203",
        "HH020",
    ]
    assert codes("--select", "HH113", "--ignore", "HH113") == []
    assert codes("--select", "ALL", "--ignore", "HH0") == SHORT_CALL_CODES


def test_severity_is_the_least_severity_reported(hands):
    def codes(level):
        return codes_of(run("validate", str(hands), "--format", "jsonl", "--isolated", "--severity", level).stdout)

    assert codes("info") == [*SHORT_CALL_CODES, "HH020"]
    assert codes("warning") == SHORT_CALL_CODES
    assert codes("error") == ["HH113", "HH122", "HH205", "HH203"]
    assert run("validate", str(hands), "--severity", "fatal").exit_code == 2


def test_an_ignored_error_does_not_fail_the_run_and_its_hand_is_reported_valid(hands):
    result = run("validate", str(hands / "b-short-call.txt"), "--format", "jsonl", "--isolated", "--ignore", "HH1,HH2")
    assert result.exit_code == 0, result.output
    hand = json.loads(result.stdout)
    assert hand["status"] == "valid" and hand["findings"] == []
    warn_only = run("validate", str(hands / "b-short-call.txt"), "--isolated", "--select", "HH202")
    assert warn_only.exit_code == 0 and "HH202 [warning]" in warn_only.stdout
    assert "valid 1, invalid 0" in warn_only.stdout and "findings by code: HH202 1" in warn_only.stdout
    strict = run("validate", str(hands / "b-short-call.txt"), "--isolated", "--select", "HH202", "--strict")
    assert strict.exit_code == 1
    failing = run("validate", str(hands / "b-short-call.txt"), "--isolated", "--select", "HH203")
    assert failing.exit_code == 1 and "invalid 1" in failing.stdout


def test_selection_is_the_same_with_parallel_workers(hands):
    args = ["validate", str(hands), "--format", "jsonl", "--isolated", "--select", "HH1", "--severity", "error"]
    one = run(*args, "--jobs", "1")
    two = run(*args, "--jobs", "2")
    assert one.stdout == two.stdout and codes_of(one.stdout) == ["HH113", "HH122"]


@pytest.mark.parametrize("bad", ["HH9", "HH1234", "E501", "HH", ""])
def test_an_unknown_code_or_prefix_is_a_usage_error(bad):
    if bad in ("HH", ""):  # HH is every code; an empty value selects nothing extra
        parse_codes([bad], "--select")
        return
    with pytest.raises(SelectionError, match="no finding code or prefix"):
        parse_codes([bad], "--select")


def test_selection_unit():
    chosen = Selection(("HH1",), ("HH11",), Severity.WARNING)
    assert chosen.keeps("HH122", Severity.ERROR) and not chosen.keeps("HH113", Severity.ERROR)
    assert not chosen.keeps("HH202", Severity.WARNING) and not chosen.keeps("HH122", Severity.INFO)
    assert Selection().everything and not chosen.everything


# -- statistics, quiet, version, help, colour --------------------------------------------------------


def test_statistics_counts_by_code_in_text_and_json(hands):
    text = run("validate", str(hands), "--isolated", "--statistics")
    lines = text.stdout.splitlines()
    assert lines[:6] == [
        "1  HH020  [info]     game not supported",
        "1  HH113  [error]    call of the wrong amount",
        "1  HH122  [error]    betting round ended with a player still to act",
        "1  HH202  [warning]  uncalled bet return not printed",
        "1  HH203  [error]    total pot is wrong",
        "1  HH205  [error]    collected amount is wrong",
    ], lines
    assert not any(line.startswith(str(hands)) and ": HH" in line for line in lines)  # no finding lines
    assert lines[-1].startswith("hands read 3: valid 1, invalid 1, unparsed 0, unsupported 1")
    assert text.exit_code == 1
    doc = json.loads(run("validate", str(hands), "--isolated", "--statistics", "--format", "json").stdout)
    assert set(doc) == {"summary", "statistics"}
    assert {row["code"]: row["count"] for row in doc["statistics"]} == {c: 1 for c in [*SHORT_CALL_CODES, "HH020"]}
    assert set(doc["statistics"][0]) == {"code", "count", "severity", "title"}
    assert run("validate", str(hands), "--statistics", "--format", "jsonl").exit_code == 2


def test_quiet_prints_the_findings_only(hands, tmp_path):
    result = run("validate", str(hands), "--isolated", "--quiet", "--format", "concise")
    lines = result.stdout.splitlines()
    assert len(lines) == 6 and all(": HH" in line for line in lines), lines
    assert result.stderr == "" and result.exit_code == 1
    jsonl = run("validate", str(hands), "--isolated", "-q", "--format", "jsonl")
    assert jsonl.stderr == "" and len(jsonl.stdout.splitlines()) == 3
    parse = run("parse", str(hands), "-q", "--isolated")
    assert parse.stderr == "" and len(parse.stdout.splitlines()) == 3
    generate = run("generate", "--hands", "2", "-q", "--out", str(tmp_path / "g.txt"))
    assert generate.stderr == "" and (tmp_path / "g.txt").exists()
    export = run("export", str(hands), "--out", str(tmp_path / "ds"), "-q", "--isolated", "--jobs", "1")
    assert export.stderr == "" and export.stdout == "" and export.exit_code == 0
    audit = run("audit", str(hands), "-q", "--isolated", "--exit-zero")
    assert audit.stderr == "" and "rake" in audit.stdout.lower()


def test_version():
    from importlib.metadata import version

    for flag in ("--version", "-V"):
        result = run(flag)
        assert result.exit_code == 0 and result.stdout == f"hhtool {version('hhtool')}\n"


def test_dash_h_is_help_for_the_app_and_every_command():
    assert "Usage:" in run("-h").stdout and "validate" in run("-h").stdout
    for command in ("parse", "validate", "rules", "export", "generate", "stats", "audit"):
        result = run(command, "-h")
        assert result.exit_code == 0 and "Usage:" in result.stdout, command
        assert result.stdout == run(command, "--help").stdout


def test_help_of_a_sub_command_group_keeps_its_square_brackets():
    import typer

    from hhtool.guard import GuardedGroup

    app = typer.Typer(cls=GuardedGroup)
    group = typer.Typer(help="Dataset upkeep [dataset].")

    @group.command()
    def info(path: str = typer.Option("x", help="A [hands] folder.")) -> None:
        """Show a dataset [info]."""

    @app.command()
    def other() -> None:
        """Another [command]."""

    app.add_typer(group, name="dataset")
    runner = CliRunner()
    assert "Dataset upkeep [dataset]." in runner.invoke(app, ["--help"], env={"COLUMNS": "200"}).stdout
    sub = runner.invoke(app, ["dataset", "info", "--help"], env={"COLUMNS": "200"}).stdout
    assert "Show a dataset [info]." in sub and "A [hands] folder." in sub


def _help(*args: str, env: dict | None = None) -> str:
    """The help as a terminal would show it (a subprocess: rich sizes and colours it for real)."""
    full = {**os.environ, "COLUMNS": "200", **(env or {})}
    full.pop("NO_COLOR", None) if "NO_COLOR" not in (env or {}) else None
    return subprocess.run(
        [sys.executable, "-c", "from hhtool.cli import app; app()", *args],
        capture_output=True,
        text=True,
        env=full,
        timeout=60,
    ).stdout


def test_help_texts_keep_their_square_brackets():
    validate = _help("validate", "--help")
    assert "pip install 'hhtool[dask]'" in validate
    assert "(pyproject.toml with [tool.hhtool], or hhtool.toml)" in validate
    assert "[tool.hhtool] in the nearest pyproject.toml" in _help("--help")
    audit = _help("audit", "--help")
    assert "House rules TOML file with a [rake] schedule," in audit


def _colours(text: str) -> set[str]:
    """The colour codes (SGR 30-38, 40-48, 90-97, 100-107) of a terminal text; bold and the like are no
    colour (no-color.org: NO_COLOR turns colour off, not every attribute)."""
    found = set()
    for params in re.findall(r"\x1b\[([0-9;]*)m", text):
        for p in params.split(";"):
            if p.isdigit() and (30 <= int(p) <= 48 or 90 <= int(p) <= 107):
                found.add(p)
    return found


def _plain(text: str) -> str:
    return re.sub(r"\x1b\[[0-9;]*m", "", text)


def test_no_color_is_respected():
    coloured = _help("validate", "--help", env={"FORCE_COLOR": "1", "TERM": "xterm-256color"})
    assert _colours(coloured)  # the test can fail: colour is on without NO_COLOR
    plain = _help("validate", "--help", env={"FORCE_COLOR": "1", "TERM": "xterm-256color", "NO_COLOR": "1"})
    assert not _colours(plain) and "--select" in _plain(plain)
    usage = subprocess.run(
        [sys.executable, "-c", "from hhtool.cli import app; app()", "validate", "--bogus"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "FORCE_COLOR": "1", "TERM": "xterm-256color", "NO_COLOR": "1"},
    )
    assert usage.returncode == 2 and "--bogus" in _plain(usage.stderr) and not _colours(usage.stderr)


def test_export_uses_the_config_house_rules_and_isolated_does_not(tmp_path, hands):
    import pyarrow.parquet as pq

    (tmp_path / "hhtool.toml").write_text("[rules.table]\nmax_players = 5\n")

    def statuses(out, *extra):
        result = run(
            "export", str(hands / "a-clean.txt"), "--out", str(tmp_path / out), "--jobs", "1", *extra, cwd=tmp_path
        )
        assert result.exit_code == 0, result.output
        table = pq.read_table(tmp_path / out / "hands")
        return table.column("status").to_pylist()

    assert [str(s) for s in statuses("with-config")] == ["invalid"]  # HH401: 6 players, the room allows 5
    assert [str(s) for s in statuses("isolated", "--isolated")] == ["valid"]


def test_every_format_of_a_command_can_be_its_configured_default(tmp_path):
    """The config's format keys accept exactly the formats each command's --format does (stats html too)."""
    from hhtool import cli

    enums = {
        "parse": cli.ParseFormat,
        "validate": cli.ValidateFormat,
        "stats": cli.StatsFormat,
        "audit": cli.AuditFormat,
    }
    for command, enum in enums.items():
        for value in enum:
            (tmp_path / "hhtool.toml").write_text(f'[format]\n{command} = "{value.value}"\n')
            assert load_config(start=tmp_path).format_for(command) == value.value
        (tmp_path / "hhtool.toml").write_text(f'[format]\n{command} = "xml"\n')
        with pytest.raises(ConfigError, match=rf"format.{command}: invalid enum value 'xml'"):
            load_config(start=tmp_path)


def test_stats_html_from_the_config_writes_the_page(tmp_path, hands):
    (tmp_path / "hhtool.toml").write_text('[format]\nstats = "html"\n')
    export = run("export", str(hands), "--out", str(tmp_path / "ds"), "--jobs", "1", cwd=tmp_path)
    assert export.exit_code == 0, export.output
    page = run("stats", str(tmp_path / "ds"), cwd=tmp_path)
    assert page.exit_code == 0 and page.stdout.startswith("<!doctype html>")
    assert run("stats", str(tmp_path / "ds"), "--isolated", cwd=tmp_path).stdout.startswith("pokerstars NL")
