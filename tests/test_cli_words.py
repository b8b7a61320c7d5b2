"""The words a person meets on the command line: help screens without Python type labels or ragged
paragraphs, and one name per site in every command."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from hhtool.cli import app
from hhtool.help_text import _reflow

COMMANDS = [
    [],
    ["parse"],
    ["generate"],
    ["validate"],
    ["rules"],
    ["export"],
    ["convert"],
    ["stats"],
    ["audit"],
    ["show"],
    ["watch"],
    ["dataset"],
    ["dataset", "info"],
    ["dataset", "revalidate"],
]


def _help(*args: str) -> str:
    result = CliRunner().invoke(app, [*args, "--help"], env={"COLUMNS": "100", "NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c) or "hhtool")
def test_help_shows_no_python_type_labels(command):
    text = _help(*command)
    assert not re.search(r"<(bool|str|int|float|list\[[a-z]+\])>|<int range>|<float range>", text), text
    assert not re.search(r"\{[a-z_]+\}", text), text  # typer's `{paths}...` in the usage line


def test_flags_options_choices_and_arguments_read_as_in_ruff():
    text = _help("validate")
    assert "Usage: root validate [OPTIONS] PATHS..." in text
    assert re.search(r"--strict\s+│?\s*Warnings also make", text) or re.search(r"--strict\s+Warnings", text)
    assert re.search(r"--failed-hands\s+FILE\s", text)
    assert re.search(r"--format\s+FORMAT\s", text)  # a choice: its value name, the values in its help
    assert "One of: text, concise, json, jsonl, github, sarif, junit." in re.sub(r"[│\s]+", " ", text)
    assert "Usage: root show [OPTIONS] HAND-ID [PATHS...]" in _help("show")


def test_a_paragraph_is_one_paragraph_wrapped_to_the_terminal():
    text = re.sub(r"[│ ]+", " ", _help("validate"))
    # the docstring breaks this sentence after "for a"; the screen wraps it where the terminal ends
    assert "2 for a usage" in text.replace("\n", " ")
    assert not re.search(r"2 for a\s*\n\s*usage or I/O failure\. Findings left out by --select, --ignore or", text)


def test_reflow_joins_lines_and_keeps_paragraphs_and_list_items():
    assert _reflow("one\ntwo\n\nthree\n- a\n- b") == "one two\n\nthree\n- a\n- b"


def test_every_command_names_888poker_as_its_hands_do(tmp_path):
    runner = CliRunner()
    wrong = runner.invoke(app, ["generate", "--site", "nope", "-n", "1"])
    assert wrong.exit_code == 2 and "888poker" in wrong.output and "pacific888" not in wrong.output
    out = tmp_path / "hands.txt"
    made = runner.invoke(app, ["generate", "--site", "888poker", "-n", "2", "--out", str(out)])
    assert made.exit_code == 0, made.output
    assert "888poker Hand History" in out.read_text()
    listed = runner.invoke(app, ["convert", str(out), "--to", "nope", "--out", str(tmp_path / "x")])
    assert listed.exit_code == 2 and "888poker" in listed.output and "pacific888" not in listed.output
    converted = runner.invoke(app, ["convert", str(out), "--to", "888poker", "--out", str(tmp_path / "back")])
    assert converted.exit_code == 0, converted.output
    # the dialect's own name stays an alias
    alias = runner.invoke(app, ["convert", str(out), "--to", "pacific888", "--out", str(tmp_path / "alias")])
    assert alias.exit_code == 0, alias.output


def test_counts_say_one_noun_and_its_plural():
    from hhtool.words import count

    assert [
        count(1, "batch"),
        count(2, "batch"),
        count(0, "new hand"),
        count(1, "file"),
        count(3, "box"),
        count(2, "was"),
    ] == ["1 batch", "2 batches", "0 new hands", "1 file", "3 boxes", "2 were"]
