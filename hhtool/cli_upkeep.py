"""Command line of `watch` and `dataset …`: options and output only; the work is in `hhtool.watch` and
`hhtool.upkeep`. Registered on the main app by `hhtool.cli` (kept apart to keep that file small)."""

from __future__ import annotations

import signal
import sys
import threading
from enum import StrEnum
from typing import Annotated

import typer

from hhtool import cli as _cli
from hhtool.findings import Finding
from hhtool.serialize import to_json_line


class WatchFormat(StrEnum):
    text = "text"
    jsonl = "jsonl"


def watch(
    folder: Annotated[str, typer.Argument(help="Folder the poker client writes its hand histories to.")],
    out: Annotated[str | None, typer.Option("--out", help="Dataset folder to add each new hand to.")] = None,
    rules: Annotated[str | None, typer.Option("--rules", help="House rules TOML file (see README).")] = None,
    fmt: Annotated[WatchFormat, typer.Option("--format", help="Output format on stdout.")] = WatchFormat.text,
    interval: Annotated[float, typer.Option("--interval", min=0.01, help="Seconds between two polls.")] = 1.0,
    idle: Annotated[float, typer.Option("--idle", min=0.0, help="Seconds a file must stay unchanged before "
                                        "an unfinished last hand is taken as it is.")] = 5.0,
    once: Annotated[bool, typer.Option("--once", help="Read what is there now, then stop.")] = False,
) -> None:
    """Follow hand-history files as a poker client appends to them; validate each new hand once.

    Findings are printed as hands arrive; with --out each poll's new hands are added to the
    dataset (one commit a poll). Ctrl-C or SIGTERM stops it cleanly after the poll in progress
    (exit code 0); a second one aborts that poll, which then adds nothing (exit code 130).
    """
    from pathlib import Path

    from hhtool.watch import Session
    from hhtool.watch import watch as follow

    if not Path(folder).is_dir():
        print(f"hhtool: {folder} is not a folder", file=sys.stderr)
        raise typer.Exit(_cli.EXIT_USAGE)
    session = Session(_cli._load_rules(rules), out)
    stop = threading.Event()
    raw = sys.stdout.buffer

    def emit(results: list) -> None:
        for result in results:
            if fmt is WatchFormat.jsonl:
                is_hand = not isinstance(result, Finding)
                raw.write(result.json_line() if is_hand else to_json_line({"file_finding": result.as_dict()}))
            else:
                findings = [result] if isinstance(result, Finding) else result.findings
                raw.write("".join(_cli._finding_line(f) + "\n" for f in findings).encode())
        raw.flush()
        hands = [r for r in results if not isinstance(r, Finding)]
        if hands:
            counts = {status: sum(r.status == status for r in hands) for status in ("valid", "invalid", "unparsed",
                                                                                       "unsupported", "duplicate")}
            told = ", ".join(f"{status} {n}" for status, n in counts.items() if n)
            print(f"hhtool watch: {len(hands)} new hands ({told})" + (f"; stored in {out}" if out else ""),
                  file=sys.stderr, flush=True)

    previous = {sig: signal.signal(sig, _stopper(stop)) for sig in (signal.SIGINT, signal.SIGTERM)}
    if not once:
        print(f"hhtool watch: following {folder} every {interval:g} s; Ctrl-C stops", file=sys.stderr, flush=True)
    try:
        follow(folder, session, stop, emit, interval, idle, once)
    except KeyboardInterrupt:
        raise _cli._interrupted("the poll in progress added nothing") from None
    except OSError as exc:
        print(f"hhtool: cannot write the dataset at {out}: {exc}", file=sys.stderr)
        raise typer.Exit(_cli.EXIT_USAGE) from None
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    print(f"hhtool watch: stopped; {_cli._summary_text(_cli._summary_dict(session.summary, 0))}"
          + (f"; {session.stored} hands stored in {out}" if out else ""), file=sys.stderr)


def _stopper(stop: threading.Event):
    """A signal handler: the first signal asks the loop to stop, the next one interrupts it."""

    def handler(signum, frame) -> None:
        if stop.is_set():
            raise KeyboardInterrupt
        stop.set()

    return handler


def register(app: typer.Typer) -> None:
    app.command()(watch)
