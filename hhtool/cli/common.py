"""What the command modules share (`hhtool.cli`, `hhtool.cli.upkeep`): exit codes, the house rules of a
`--rules` option, the Ctrl-C exit and the run's counts. Light to import: `hhtool parse` loads it."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import typer

from hhtool.rules.ruleset import RulesError, RuleSet

if TYPE_CHECKING:  # hhtool.validate imports the cross-hand rules (numpy): `hhtool parse` never needs it
    from hhtool.validate import Summary

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE = 0, 1, 2


def interrupted(what: str) -> typer.Exit:
    print(f"hhtool: interrupted; {what}", file=sys.stderr)
    return typer.Exit(130)


def load_rules(path: str | None) -> RuleSet:
    """The house rules of a file or profile:NAME (none: the defaults); one that cannot be read is a usage error."""
    if path is None:
        return RuleSet()
    from hhtool.profiles import load_rules_spec

    try:
        return load_rules_spec(path)
    except RulesError as exc:
        print(f"hhtool: {exc}", file=sys.stderr)
        raise typer.Exit(EXIT_USAGE) from None


def summary_dict(summary: Summary, elapsed: float | None = None) -> dict:
    """The run's counts (no timing: the same input gives the same bytes; `elapsed` is not used)."""
    tally = summary.tally
    return {
        "files": tally.files,
        "hands_read": tally.hands_read,
        "valid": summary.by_status["valid"],
        "invalid": summary.by_status["invalid"],
        "unparsed": summary.by_status["unparsed"],
        "unsupported": summary.by_status["unsupported"],
        "duplicate": summary.by_status["duplicate"],
        "findings_by_code": dict(sorted(summary.by_code.items())),
    }
