"""Command line of `watch` and `dataset …`: options and output only; the work is in `hhtool.watch` and
`hhtool.upkeep`. Registered on the main app by `hhtool.cli` (`register`); what both use is `hhtool.cli.common`."""

from __future__ import annotations

import signal
import sys
import threading
from contextlib import contextmanager
from enum import StrEnum
from typing import Annotated

import typer

from hhtool.cli.common import EXIT_FINDINGS, EXIT_USAGE, interrupted, load_rules, summary_dict
from hhtool.findings import Finding
from hhtool.outputs.text import finding_line, summary_text
from hhtool.safetext import printable
from hhtool.serialize import to_json_line
from hhtool.words import count


class WatchFormat(StrEnum):
    text = "text"
    jsonl = "jsonl"


def watch(
    folder: Annotated[str, typer.Argument(help="Folder the poker client writes its hand histories to.")],
    out: Annotated[str | None, typer.Option("--out", help="Dataset folder to add each new hand to.")] = None,
    rules: Annotated[
        str | None, typer.Option("--rules", help="House rules TOML file (see docs/configuration.md).")
    ] = None,
    fmt: Annotated[WatchFormat, typer.Option("--format", help="Output format on stdout.")] = WatchFormat.text,
    interval: Annotated[float, typer.Option("--interval", min=0.01, help="Seconds between two polls.")] = 1.0,
    idle: Annotated[
        float,
        typer.Option(
            "--idle",
            min=0.0,
            help="Seconds a file must stay unchanged before an unfinished last hand is taken as it is.",
        ),
    ] = 5.0,
    once: Annotated[bool, typer.Option("--once", help="Read what is there now, then stop.")] = False,
) -> None:
    """Follow hand-history files as a poker client appends to them; validate each new hand once.

    Findings are printed as hands arrive; with --out each poll's new hands are added to the
    dataset (one commit a poll). Ctrl-C or SIGTERM stops it cleanly after the poll in progress
    (exit code 0); a second one aborts that poll, which then adds nothing (exit code 130). With
    --once the exit code is validate's: 0, 1 when an error was found, 2 when a file could not be read.
    """
    from pathlib import Path

    from hhtool.outputs import exit_code
    from hhtool.outputs.report import Reporter
    from hhtool.selection import Selection
    from hhtool.watch import Session
    from hhtool.watch import watch as follow

    if not Path(folder).is_dir():
        print(f"hhtool: {folder} is not a folder", file=sys.stderr)
        raise typer.Exit(EXIT_USAGE)
    stop = threading.Event()
    raw = sys.stdout.buffer
    reporter = Reporter(Selection())  # findings as validate reports them: consequences marked, real columns

    def render(result) -> tuple[str | None, bytes]:
        """(the hand's status, or None for a file-level finding; its output) as it comes."""
        result = reporter.apply(result)
        is_hand = not isinstance(result, Finding)
        if fmt is WatchFormat.jsonl:
            text = result.json_line() if is_hand else to_json_line({"file_finding": result.as_dict()})
        else:
            findings = result.findings if is_hand else [result]
            text = "".join(finding_line(f) + "\n" for f in findings).encode()
        return (result.status if is_hand else None), text

    def emit(batch: list[tuple[str | None, bytes]]) -> None:
        """A batch's findings on stdout, flushed before the batch is stored (hhtool.watch.Session)."""
        raw.write(b"".join(text for _, text in batch))
        raw.flush()

    def stored(batch: list[tuple[str | None, bytes]]) -> None:
        """The count line on stderr, once the batch is in the dataset (when there is one)."""
        statuses = [status for status, _ in batch if status is not None]
        if statuses:
            counts = {s: statuses.count(s) for s in ("valid", "invalid", "unparsed", "unsupported", "duplicate")}
            told = ", ".join(f"{s} {n}" for s, n in counts.items() if n)
            print(
                f"hhtool watch: {len(statuses)} new hands ({told})" + (f"; stored in {out}" if out else ""),
                file=sys.stderr,
                flush=True,
            )

    session = Session(load_rules(rules), out, render=render, emit=emit, stored=stored)
    previous = {sig: signal.signal(sig, _stopper(stop)) for sig in (signal.SIGINT, signal.SIGTERM)}
    if not once:
        print(f"hhtool watch: following {folder} every {interval:g} s; Ctrl-C stops", file=sys.stderr, flush=True)
    try:
        follow(folder, session, stop, interval, idle, once)
    except KeyboardInterrupt:
        raise interrupted("the poll in progress added nothing") from None
    except OSError as exc:
        print(f"hhtool: cannot write the dataset at {out}: {exc}", file=sys.stderr)
        raise typer.Exit(EXIT_USAGE) from None
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    print(
        f"hhtool watch: stopped; {summary_text(summary_dict(session.summary))}"
        + (f"; {count(session.stored, 'hand')} stored in {out}" if out else ""),
        file=sys.stderr,
    )
    if once:
        found = session.summary.by_severity
        code = exit_code(session.summary.tally.io_failures, found["error"], found["warning"])
        if code:
            raise typer.Exit(code)


def _stopper(stop: threading.Event):
    """A signal handler: the first signal asks the loop to stop, the next one interrupts it."""

    def handler(signum, frame) -> None:
        if stop.is_set():
            raise KeyboardInterrupt
        stop.set()

    return handler


dataset_app = typer.Typer(help="Dataset upkeep: info, compact, remove, revalidate.", no_args_is_help=True)
DatasetArg = Annotated[str, typer.Argument(help="Dataset folder written by 'hhtool export'.")]
WaitOption = Annotated[
    float | None,
    typer.Option(
        "--wait",
        min=0,
        help="Seconds to wait while another process writes the dataset (default: until it has "
        "finished; 0: fail at once, exit code 2).",
    ),
]


class InfoFormat(StrEnum):
    text = "text"
    json = "json"


@contextmanager
def _upkeep_errors(dataset: str):
    """A missing dataset, a busy one or an I/O failure: one line and exit code 2; Ctrl-C: nothing changed."""
    try:
        yield
    except KeyboardInterrupt:
        raise interrupted(f"{dataset} is unchanged") from None
    except OSError as exc:
        print(f"hhtool: {printable(str(exc))}", file=sys.stderr)
        raise typer.Exit(EXIT_USAGE) from None


@dataset_app.command("info")
def dataset_info(
    dataset: DatasetArg,
    fmt: Annotated[InfoFormat, typer.Option("--format", help="Output format on stdout.")] = InfoFormat.text,
) -> None:
    """What a dataset holds: hands by status, source files, runs, files and size, schema version, days."""
    from hhtool.upkeep import info

    with _upkeep_errors(dataset):
        facts = info(dataset)
    if fmt is InfoFormat.json:
        sys.stdout.buffer.write(to_json_line(facts))
        return
    status = ", ".join(f"{k} {v}" for k, v in facts["by_status"].items()) or "none"
    span = (
        f"{facts['first_day']} to {facts['last_day']} ({facts['days']} days)" if facts["first_day"] else "no dated hand"
    ) + (", and hands of unknown date" if facts["undated"] else "")
    lines = [
        f"dataset       {printable(facts['path'])}",
        f"hands         {facts['hands']} ({status})",
        f"source files  {facts['source_files']}",
        f"days          {span}",
        f"runs          {facts['runs']} exports"
        + "".join(f", {n} {kind}" for kind, n in facts["changes"].items())
        + (f" (last {facts['last_run']})" if facts["last_run"] else ""),
        f"files         {facts['files']}, {facts['bytes']:,} bytes",
        f"schema        version {facts['schema_version']}; files by version: "
        + ", ".join(f"{k}: {v}" for k, v in facts["file_schema_versions"].items()),
    ]
    lines += [
        f"  {table:8} {t['rows']:>10} rows {t['files']:>6} files {t['bytes']:>12,} bytes"
        for table, t in facts["tables"].items()
    ]
    print("\n".join(lines))


@dataset_app.command("compact")
def dataset_compact(dataset: DatasetArg, wait: WaitOption = None) -> None:
    """Merge the many small files of each table and day (one per export run or watch poll) into one.

    The rows stay the same; a reader sees the dataset before or after, never half of it.
    """
    from hhtool.upkeep import compact

    with _upkeep_errors(dataset):
        stats = compact(dataset, wait)
    print(f"compacted {dataset}: {count(stats.files_before, 'file')} -> {stats.files_after}", file=sys.stderr)


@dataset_app.command("remove")
def dataset_remove(
    dataset: DatasetArg,
    files: Annotated[
        list[str] | None,
        typer.Option(
            "--file", help="Remove the hands read from this source file (as stored, or the same file by another path)."
        ),
    ] = None,
    hands: Annotated[
        list[str] | None, typer.Option("--hand", help="Remove this hand (its hand_id, or hand_uid such as SITE:123).")
    ] = None,
    wait: WaitOption = None,
) -> None:
    """Remove hands from every table at once, by source file or by hand id.

    Exit code 0 when hands were removed, 1 when none matched, 2 for a usage or I/O failure.
    """
    from hhtool.upkeep import remove

    if not files and not hands:
        print("hhtool: name what to remove: --file PATH or --hand ID (each may be repeated)", file=sys.stderr)
        raise typer.Exit(EXIT_USAGE)
    with _upkeep_errors(dataset):
        stats = remove(dataset, files or [], hands or [], wait)
    rows = sum(stats.rows.values())
    print(
        f"removed {count(stats.hands, 'hand')} ({count(rows, 'row')}: "
        f"{', '.join(f'{t} {n}' for t, n in stats.rows.items())}) from {dataset}",
        file=sys.stderr,
    )
    if not rows:
        raise typer.Exit(EXIT_FINDINGS)


@dataset_app.command("revalidate")
def dataset_revalidate(
    dataset: DatasetArg,
    rules: Annotated[
        str | None, typer.Option("--rules", help="House rules TOML file (see docs/configuration.md).")
    ] = None,
    wait: WaitOption = None,
) -> None:
    """Judge the stored hands again (after a rules change) from their recorded source files.

    Their status, errors, warnings and findings rows are replaced where the judgement changed;
    hands whose source is gone keep theirs. Exit code 0, or 2 when a source cannot be read.
    """
    from hhtool.upkeep import revalidate

    ruleset = load_rules(rules)
    with _upkeep_errors(dataset):
        stats = revalidate(dataset, ruleset, wait, rules)
    moves = ", ".join(f"{old} -> {new} {n}" for (old, new), n in sorted(stats.transitions.items()))
    print(
        f"revalidated {stats.judged} of {count(stats.hands, 'hand')} in {dataset}: {stats.changed} changed"
        + (f" ({moves})" if moves else "")
        + (f"; {stats.missing} not found in their source, kept as stored" if stats.missing else ""),
        file=sys.stderr,
    )
    for how, files in stats.relative.items():
        print(f"hhtool: {count(files, 'source file')}: {how}", file=sys.stderr)
    for name in stats.unreadable:
        print(f"hhtool: cannot read {printable(name)}", file=sys.stderr)
    if stats.unreadable:
        raise typer.Exit(EXIT_USAGE)


def register(app: typer.Typer) -> None:
    app.command()(watch)
    app.add_typer(dataset_app, name="dataset")
