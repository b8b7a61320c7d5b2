"""Command line: argument handling and output formatting only; the work is in the library."""

from __future__ import annotations

import sys
import time
from enum import StrEnum
from typing import Annotated

import typer

from hhtool.codes import CATALOGUE, RULE_TEXT
from hhtool.findings import Finding, Severity
from hhtool.grammar import ParseResult, Status
from hhtool.pipeline import Tally, parse_paths
from hhtool.rules.ruleset import RuleSet, RulesError, load_rules
from hhtool.safetext import printable
from hhtool.serialize import parse_result_dict, to_json_line
from hhtool.validate import Summary, validate_paths

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
    from hhtool.engine.memory import tune_gc

    tune_gc()


def _finding_line(f: Finding) -> str:
    """One finding as a text line; names from the input are escaped (printable), so that none can
    drive the terminal or forge a second line."""
    hand = f" (hand {printable(f.hand_id)})" if f.hand_id else ""
    return f"{printable(f.file)}:{f.line}:{f.column}: {f.code} [{f.severity}] {printable(f.message)}{hand}"


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
                lines = [f"{printable(item.file)}:{item.line}: {item.status} {item.site} hand "
                         f"{printable(str(item.hand_id))} ({events} events)"]
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


@app.command()
def generate(
    path: Annotated[str | None, typer.Argument(help="File to write the hands to (same as --out).")] = None,
    out: Annotated[str | None, typer.Option("--out", "-o", help="File to write the hands to (PokerStars text, "
                                            "UTF-8); '-' or none: standard output.")] = None,
    hands: Annotated[int, typer.Option("--hands", "-n", min=1, help="How many hands.")] = 1000,
    seed: Annotated[int, typer.Option("--seed", help="Random seed: the same seed writes the same file.")] = 0,
    game: Annotated[str, typer.Option("--game", help="nl, pl, fl or mix.")] = "nl",
    players: Annotated[str, typer.Option("--players", help="Players at a new table, MIN-MAX (2..10).")] = "2-9",
    tournaments: Annotated[float, typer.Option("--tournaments", min=0.0, max=1.0,
                                               help="Share of tournament tables.")] = 0.15,
) -> None:
    """Play random legal Hold'em hands and write them as PokerStars hand histories (they validate clean)."""
    from hhtool.generate import write_hands

    if path is not None and out is not None and path != out:
        print("hhtool: give the output file once (FILE or --out FILE)", file=sys.stderr)
        raise typer.Exit(EXIT_USAGE)
    target = out or path or "-"
    try:
        low, _, high = players.partition("-")
        bounds = (int(low), int(high or low))
        count = write_hands(sys.stdout if target == "-" else target, hands, seed, game, bounds,
                            tournaments=tournaments)
    except (ValueError, OSError) as exc:
        print(f"hhtool: {exc}", file=sys.stderr)
        raise typer.Exit(EXIT_USAGE) from None
    print(f"wrote {count} hands to {'standard output' if target == '-' else target}", file=sys.stderr)


class ValidateFormat(StrEnum):
    text = "text"
    json = "json"
    jsonl = "jsonl"


class Engine(StrEnum):
    local = "local"
    dask = "dask"


JobsOption = Annotated[int | None, typer.Option("--jobs", "-j", min=1, help="Worker processes (default: all cores); "
                                                "1 runs in this process.")]
EngineOption = Annotated[Engine, typer.Option("--engine", help="local: a process pool; dask: dask.distributed "
                                              "workers (pip install 'hhtool[dask]').")]
SchedulerOption = Annotated[str | None, typer.Option("--scheduler", help="Dask scheduler address (default: a "
                                                     "local cluster of --jobs processes).")]
ProgressOption = Annotated[bool | None, typer.Option("--progress/--no-progress", help="Progress bar on stderr "
                                                     "(default: only when stderr is a terminal).")]


def _engine_settings(jobs: int | None, engine: Engine, scheduler: str | None, paths: list[str]) -> int:
    """The number of workers; 1 (this process) when the local engine would get a single task."""
    if scheduler is not None and engine is not Engine.dask:
        print("hhtool: --scheduler needs --engine dask", file=sys.stderr)
        raise typer.Exit(EXIT_USAGE)
    if engine is Engine.dask and "-" in paths:
        print("hhtool: standard input (-) is read by this process: use --engine local", file=sys.stderr)
        raise typer.Exit(EXIT_USAGE)
    from hhtool.engine.plan import ChunkSizeError, chunk_size, workers_for

    try:
        chunk_size()  # a bad HHTOOL_CHUNK_BYTES is a usage error whatever --jobs says
    except ChunkSizeError as exc:
        print(f"hhtool: {exc}", file=sys.stderr)
        raise typer.Exit(EXIT_USAGE) from None
    return workers_for(paths, jobs, engine.value)


def _progress(flag: bool | None, paths: list[str]):
    from hhtool.engine.progress import Progress, wanted
    from hhtool.io.paths import total_size

    show = wanted(flag)
    return Progress(show, total_size(paths) if show else 0)


def _interrupted(what: str) -> typer.Exit:
    print(f"hhtool: interrupted; {what}", file=sys.stderr)
    return typer.Exit(130)


def _load_rules(path: str | None) -> RuleSet:
    if path is None:
        return RuleSet()
    try:
        return load_rules(path)
    except RulesError as exc:
        print(f"hhtool: {exc}", file=sys.stderr)
        raise typer.Exit(EXIT_USAGE) from None


@app.command()
def validate(
    paths: Annotated[list[str], typer.Argument(help="Files, folders (recursive) or globs.")],
    fmt: Annotated[ValidateFormat, typer.Option("--format", help="Output format on stdout.")] = ValidateFormat.text,
    rules: Annotated[str | None, typer.Option("--rules", help="House rules TOML file (see README).")] = None,
    strict: Annotated[bool, typer.Option("--strict", help="Warnings also make the exit code 1.")] = False,
    exit_zero: Annotated[bool, typer.Option("--exit-zero", help="Exit 0 even when findings are reported.")] = False,
    jobs: JobsOption = None,
    engine: EngineOption = Engine.local,
    scheduler: SchedulerOption = None,
    progress: ProgressOption = None,
) -> None:
    """Replay every hand under the rules and report each violation as a coded finding.

    Exit code 0 when no error is found, 1 when any is (or any warning with --strict), 2 for a
    usage or I/O failure. The output is the same for any --jobs and engine.
    """
    ruleset = _load_rules(rules)
    workers = _engine_settings(jobs, engine, scheduler, paths)
    summary = Summary()
    started = time.perf_counter()
    raw = sys.stdout.buffer
    collected: list[dict] = []
    file_findings: list[dict] = []
    bar = _progress(progress, paths)
    if workers <= 1 and engine is Engine.local:
        results = validate_paths(paths, ruleset, summary)
    else:
        from hhtool.engine.runner import WANT_JSON, WANT_NONE, run

        want = WANT_NONE if fmt is ValidateFormat.text else WANT_JSON
        results = run(paths, ruleset, summary, want, workers, engine.value, scheduler, bar)
    try:
        with bar:
            for result in results:
                is_hand = not isinstance(result, Finding)
                if workers <= 1 and is_hand:
                    bar.hand_in(result.file)
                if fmt is ValidateFormat.jsonl:
                    raw.write(result.json_line() if is_hand else to_json_line({"file_finding": result.as_dict()}))
                elif fmt is ValidateFormat.json:
                    (collected if is_hand else file_findings).append(result.as_dict())
                else:
                    findings = result.findings if is_hand else [result]
                    if findings:
                        raw.write("".join(_finding_line(f) + "\n" for f in findings).encode())
    except KeyboardInterrupt:
        raise _interrupted("the output is incomplete") from None
    except _engine_error() as exc:
        print(f"hhtool: {exc}", file=sys.stderr)
        raise typer.Exit(EXIT_USAGE) from None
    elapsed = time.perf_counter() - started
    counts = _summary_dict(summary, elapsed)
    if fmt is ValidateFormat.json:
        raw.write(to_json_line({"summary": counts, "hands": collected, "file_findings": file_findings}))
    elif fmt is ValidateFormat.text:
        raw.write((_summary_text(counts) + "\n").encode())
    else:
        print(_summary_text(counts), file=sys.stderr)
    if summary.tally.io_failures:
        raise typer.Exit(EXIT_USAGE)
    if exit_zero:
        return
    errors = summary.by_severity[Severity.ERROR]
    warnings = summary.by_severity[Severity.WARNING]
    if errors or (strict and warnings):
        raise typer.Exit(EXIT_FINDINGS)


def _engine_error() -> type[Exception]:
    from hhtool.engine.runner import EngineError

    return EngineError


def _summary_dict(summary: Summary, elapsed: float) -> dict:
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
        "hands_per_second": round(tally.hands_read / elapsed, 1) if elapsed > 0 else None,
    }


def _summary_text(counts: dict) -> str:
    codes = ", ".join(f"{code} {n}" for code, n in counts["findings_by_code"].items()) or "none"
    duplicate = f", duplicate {counts['duplicate']}" if counts["duplicate"] else ""
    return (f"hands read {counts['hands_read']}: valid {counts['valid']}, invalid {counts['invalid']}, "
            f"unparsed {counts['unparsed']}, unsupported {counts['unsupported']}{duplicate}; "
            f"findings by code: {codes}")


@app.command("rules")
def rules_command(
    code: Annotated[str | None, typer.Argument(help="A finding code, e.g. HH114, or a rule id, e.g. A4.")] = None,
) -> None:
    """The rule catalogue: every finding code with the rule it enforces, what it checks, why, and an example."""
    if code is None:
        for entry in CATALOGUE.values():
            print(f"{entry.code}  {entry.rule or '-':3} {entry.severity.value:8} {entry.title}")
        return
    wanted = code.upper()
    entries = [e for e in CATALOGUE.values() if wanted in (e.code, e.rule)]
    if not entries:
        print(f"hhtool: no code or rule {code!r}; 'hhtool rules' lists them", file=sys.stderr)
        raise typer.Exit(EXIT_USAGE)
    for entry in entries:
        rule = f"{entry.rule}: {RULE_TEXT[entry.rule]}" if entry.rule in RULE_TEXT else "input and parsing"
        print(f"{entry.code} [{entry.severity.value}] {entry.title}\n"
              f"  rule:    {rule}\n  why:     {entry.why}\n  example: {entry.example}\n")


@app.command()
def export(
    paths: Annotated[list[str], typer.Argument(help="Files, folders (recursive) or globs.")],
    out: Annotated[str, typer.Option("--out", help="Dataset folder (created if missing).")],
    rules: Annotated[str | None, typer.Option("--rules", help="House rules TOML file (see README).")] = None,
    jobs: JobsOption = None,
    engine: EngineOption = Engine.local,
    scheduler: SchedulerOption = None,
    progress: ProgressOption = None,
    wait: Annotated[float | None, typer.Option(
        "--wait", min=0, help="Seconds to wait while another export writes the same dataset "
                              "(default: until it has finished; 0: fail at once, exit code 2).")] = None,
) -> None:
    """Validate hands and add them to a Parquet dataset (hands, seats, actions, pots, payouts, findings).

    Hands already in the dataset are skipped, so re-running adds nothing and new files add only
    their hands. The dataset is the same for any --jobs and engine; an interrupted run (Ctrl-C)
    adds nothing. Exit code 0 on success (findings are data here), 2 for a usage or I/O failure.
    """
    from hhtool.export import export_paths

    ruleset = _load_rules(rules)
    workers = _engine_settings(jobs, engine, scheduler, paths)
    summary = Summary()
    started = time.perf_counter()
    try:
        with _progress(progress, paths) as bar:
            stats = export_paths(paths, out, ruleset, summary, workers, engine.value, scheduler, bar, wait)
    except OSError as exc:
        print(f"hhtool: cannot write the dataset at {out}: {exc}", file=sys.stderr)
        raise typer.Exit(EXIT_USAGE) from None
    except KeyboardInterrupt:
        raise _interrupted(f"nothing was added to {out}") from None
    except _engine_error() as exc:
        print(f"hhtool: {exc}", file=sys.stderr)
        raise typer.Exit(EXIT_USAGE) from None
    elapsed = time.perf_counter() - started
    rows = sum(stats.rows.values())
    print(f"{_summary_text(_summary_dict(summary, elapsed))}\n"
          f"exported {stats.hands_written} new hands ({stats.hands_skipped} already stored), {rows} rows "
          f"({', '.join(f'{t} {n}' for t, n in stats.rows.items())}) to {out}; "
          f"{stats.hands_read / elapsed if elapsed else 0:,.0f} hands/s", file=sys.stderr)
    if summary.tally.io_failures:
        raise typer.Exit(EXIT_USAGE)


class StatsFormat(StrEnum):
    text = "text"
    csv = "csv"
    json = "json"


@app.command()
def stats(
    dataset: Annotated[str, typer.Argument(help="Dataset folder written by 'hhtool export'.")],
    fmt: Annotated[StatsFormat, typer.Option("--format", help="Output format on stdout.")] = StatsFormat.text,
) -> None:
    """Player statistics per stakes: hands, VPIP, PFR, 3-bet, WTSD, W$SD, net won, bb/100, rake paid.

    Cash stakes are (site, currency, limit, blinds); tournaments are reported apart. The README
    defines each statistic. Exit code 0, or 2 when DATASET is not a dataset.
    """
    from hhtool.audit.tables import is_dataset
    from hhtool.stats import render
    from hhtool.stats import stats as compute

    if not is_dataset(dataset):
        print(f"hhtool: {dataset} is not an hhtool dataset (no hands/ folder); make one with 'hhtool export'",
              file=sys.stderr)
        raise typer.Exit(EXIT_USAGE)
    sys.stdout.write(render(compute(dataset), fmt.value))


class AuditFormat(StrEnum):
    text = "text"
    json = "json"
    html = "html"


@app.command()
def audit(
    paths: Annotated[list[str], typer.Argument(help="A dataset folder, or hand-history files, folders or globs.")],
    rules: Annotated[str | None, typer.Option("--rules", "--schedule",
                                              help="House rules TOML file with a [rake] schedule.")] = None,
    fmt: Annotated[AuditFormat, typer.Option("--format", help="Report format.")] = AuditFormat.text,
    out: Annotated[str | None, typer.Option("--out", help="Write the report to this file (default: stdout).")] = None,
    exit_zero: Annotated[bool, typer.Option("--exit-zero", help="Exit 0 even when the audit finds errors.")] = False,
) -> None:
    """Rake and payout audit: rake totals, schedule violations, payout mismatches, chip conservation.

    Rake totals come by currency, stakes, table, day and players dealt in; every row names its hands.

    PATH may be a dataset folder (it has a hands/ folder) or hand histories, validated in memory. The
    schedule is the rules file's [rake] when given, else PokerStars' published schedule for PokerStars
    cash hands. Exit code 0 when no error is found, 1 when any is, 2 for a usage or I/O failure.
    """
    from hhtool.audit import audit as run_audit
    from hhtool.audit.render import render
    from hhtool.audit.tables import SourceError

    ruleset = _load_rules(rules) if rules is not None else None
    try:
        report = run_audit(paths, ruleset, rules)
    except SourceError as exc:
        print(f"hhtool: {printable(str(exc))}", file=sys.stderr)
        raise typer.Exit(EXIT_USAGE) from None
    except OSError as exc:
        print(f"hhtool: cannot read {', '.join(paths)}: {exc}", file=sys.stderr)
        raise typer.Exit(EXIT_USAGE) from None
    text = render(report, fmt.value)
    if out is None:
        sys.stdout.write(text)
    else:
        try:
            with open(out, "w", encoding="utf-8", newline="\n") as handle:
                handle.write(text)
        except OSError as exc:
            print(f"hhtool: cannot write {out}: {exc.strerror or exc}", file=sys.stderr)
            raise typer.Exit(EXIT_USAGE) from None
    s = report["summary"]
    print(f"audited {s['audited_hands']} hands: {s['schedule_violations']} schedule violations, "
          f"{s['payout_mismatches']} payout findings, {s['hands_out_of_balance']} hands out of balance"
          + (f"; report written to {out}" if out else ""), file=sys.stderr)
    if s.get("unreadable_paths"):
        raise typer.Exit(EXIT_USAGE)
    if s["errors"] and not exit_zero:
        raise typer.Exit(EXIT_FINDINGS)


from hhtool.cli_upkeep import register as _register_upkeep  # noqa: E402 - `watch`, `dataset …`: they use the helpers above

_register_upkeep(app)
