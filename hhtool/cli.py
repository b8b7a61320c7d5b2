"""Command line: argument handling and output formatting only; the work is in the library."""

from __future__ import annotations

import sys
import time
from enum import StrEnum
from typing import Annotated

import typer

from hhtool.findings import Finding
from hhtool.grammar import ParseResult, Status
from hhtool.pipeline import Tally, parse_paths
from hhtool.serialize import parse_result_dict, to_json_line

app = typer.Typer(
    help="Parse, validate and export poker hand histories.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE = 0, 1, 2


class ParseFormat(StrEnum):
    jsonl = "jsonl"
    text = "text"


@app.callback()
def main() -> None:
    """hhtool: make poker hand histories trustworthy and useful."""


def _finding_line(f: Finding) -> str:
    hand = f" (hand {f.hand_id})" if f.hand_id else ""
    return f"{f.file}:{f.line}:{f.column}: {f.code} [{f.severity}] {f.message}{hand}"


@app.command()
def parse(
    paths: Annotated[list[str], typer.Argument(help="Files, folders (recursive) or globs.")],
    fmt: Annotated[ParseFormat, typer.Option("--format", help="Output format on stdout.")] = ParseFormat.jsonl,
) -> None:
    """Parse hand histories into typed events: one JSON object per hand (header, seats, events, claims).

    Exit code 0 when every hand parsed (or is unsupported), 1 when a hand could not be parsed or a
    file is bad, 2 when a path cannot be read.
    """
    tally = Tally()
    started = time.perf_counter()
    raw = sys.stdout.buffer
    for item in parse_paths(paths, tally):
        if isinstance(item, ParseResult):
            if fmt is ParseFormat.jsonl:
                raw.write(to_json_line(parse_result_dict(item)))
            else:
                events = len(item.hand.events) if item.hand else 0
                lines = [f"{item.file}:{item.line}: {item.status} {item.site} hand {item.hand_id} ({events} events)"]
                lines += [_finding_line(f) for f in item.findings]
                raw.write(("\n".join(lines) + "\n").encode())
        else:
            if fmt is ParseFormat.jsonl:
                raw.write(to_json_line({"file_finding": item.as_dict()}))
            else:
                raw.write((_finding_line(item) + "\n").encode())
    elapsed = time.perf_counter() - started
    _summary(tally, elapsed)
    if tally.io_failures:
        raise typer.Exit(EXIT_USAGE)
    if tally.count(Status.UNPARSED) or tally.file_errors:
        raise typer.Exit(EXIT_FINDINGS)


def _summary(tally: Tally, elapsed: float) -> None:
    rate = tally.hands_read / elapsed if elapsed > 0 else 0.0
    problems = ", ".join(f"{code} {n}" for code, n in sorted(tally.file_findings.items())) or "none"
    print(
        f"files {tally.files}, hands read {tally.hands_read}: parsed {tally.count(Status.PARSED)}, "
        f"unparsed {tally.count(Status.UNPARSED)}, unsupported {tally.count(Status.UNSUPPORTED)}; "
        f"file findings: {problems}; {rate:,.0f} hands/s",
        file=sys.stderr,
    )
