"""Command line: argument handling and output formatting only; the work is in the library.

The typer app and its commands; `upkeep` adds `watch` and `dataset ...`, and `common` holds what both use."""

from __future__ import annotations

import sys
import time
from enum import StrEnum
from typing import Annotated

import typer

from hhtool import words
from hhtool.cli import upkeep
from hhtool.cli.common import EXIT_FINDINGS, EXIT_USAGE, interrupted, load_rules, summary_dict
from hhtool.codes import CATALOGUE
from hhtool.config import Config, ConfigError, load_config
from hhtool.engine.modes import Engine
from hhtool.findings import Finding, Severity
from hhtool.grammar import ParseResult, Status
from hhtool.guard import GuardedGroup
from hhtool.outputs.text import finding_line as _finding_line
from hhtool.outputs.text import summary_text as _summary_text
from hhtool.pipeline import Tally, parse_paths
from hhtool.rules.ruleset import RulesError, RuleSet
from hhtool.safetext import printable
from hhtool.serialize import parse_result_dict, to_json_line


def validate_paths(*args, **kwargs):
    """hhtool.validate.validate_paths, imported when first called: `hhtool parse` starts without the
    cross-hand rules and numpy (whose BLAS threads spin up at import)."""
    from hhtool.validate import validate_paths as run

    return run(*args, **kwargs)


app = typer.Typer(
    cls=GuardedGroup,
    help="Parse, validate and export poker hand histories.\n\nSettings come from the command line, then the "
    "file given with --config, then [tool.hhtool] in the nearest pyproject.toml or hhtool.toml (see "
    "docs/configuration.md), then the defaults.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


class ParseFormat(StrEnum):
    jsonl = "jsonl"
    text = "text"


def _print_version(value: bool) -> None:
    if value:
        from hhtool.version import hhtool_version

        print(f"hhtool {hhtool_version()}")
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[
        bool,
        typer.Option(
            "--version", "-V", callback=_print_version, is_eager=True, help="Print hhtool's version and exit."
        ),
    ] = False,
) -> None:
    """hhtool: make poker hand histories trustworthy and useful."""
    from hhtool.engine.memory import tune_gc

    tune_gc()


ConfigOption = Annotated[
    str | None,
    typer.Option(
        "--config",
        help="Configuration file (pyproject.toml with "
        "[tool.hhtool], or hhtool.toml) instead of the one found "
        "upward from the working directory.",
    ),
]
IsolatedOption = Annotated[bool, typer.Option("--isolated", help="Ignore every configuration file.")]
QuietOption = Annotated[
    bool,
    typer.Option("--quiet", "-q", help="Print the results only: no summary, per-file table or progress on stderr."),
]


AcpcGameOption = Annotated[
    str | None,
    typer.Option(
        "--acpc-game",
        metavar="FILE",
        help="The ACPC game "
        "definition (.game file, or a built-in name) ACPC dealer logs "
        "are read with (default: by the players a line names, the 2017 "
        "heads-up or the Pluribus 6-player no-limit game; docs/sites.md: ACPC).",
    ),
]


def _usage_error(message: str) -> typer.Exit:
    print(f"hhtool: {printable(message)}", file=sys.stderr)
    return typer.Exit(EXIT_USAGE)


def _use_acpc_game(path: str | None) -> None:
    """--acpc-game: the game definition ACPC logs are read with (HHTOOL_ACPC_GAME, which the ACPC reader
    reads and worker processes inherit); a file that cannot be read is a usage error."""
    if path is None:
        return
    import os

    from hhtool.dialects.acpc.game import ENVIRONMENT, GameError, load_game, named_game

    if named_game(path) is not None:  # a built-in game by name
        os.environ[ENVIRONMENT] = path
        return
    try:
        load_game(os.path.abspath(path))
    except (OSError, GameError) as exc:
        raise _usage_error(f"--acpc-game {path}: {exc}") from None
    os.environ[ENVIRONMENT] = os.path.abspath(path)


def _settings(config: str | None, isolated: bool) -> Config:
    """The run's configuration file (none with --isolated); a bad one is a usage error."""
    try:
        return load_config(config, isolated)
    except ConfigError as exc:
        raise _usage_error(str(exc)) from None


def _rules_for(path: str | None, settings: Config) -> tuple[RuleSet | None, str | None]:
    """The house rules of a run and what names them: --rules, else the configuration's (a file it
    names, loaded as --rules is, or its own rules table), else none."""
    path = path if path is not None else settings.rules_file()
    if path is not None:
        return load_rules(path), path
    try:
        inline = settings.inline_rules()
    except RulesError as exc:
        raise _usage_error(str(exc)) from None
    return inline, settings.inline_rules_source() if inline is not None else None


@app.command()
def parse(
    paths: Annotated[list[str], typer.Argument(help="Files, folders (recursive) or globs.")],
    fmt: Annotated[
        ParseFormat | None, typer.Option("--format", help="Output format on stdout (default: jsonl).")
    ] = None,
    quiet: QuietOption = False,
    config: ConfigOption = None,
    isolated: IsolatedOption = False,
) -> None:
    """Parse hand histories into typed events: one JSON object per hand (header, seats, events, claims).

    Exit code 0 when every hand parsed (or is unsupported), 1 when a hand could not be parsed or a
    file is bad, 2 when a path cannot be read.
    """
    from hhtool.outputs.source import SourceLines, findings_text

    fmt = fmt or ParseFormat(_settings(config, isolated).format_for("parse") or "jsonl")
    tally = Tally()
    started = time.perf_counter()
    raw = sys.stdout.buffer
    source = SourceLines() if fmt is ParseFormat.text else None  # the snippets under the text findings
    for item in parse_paths(paths, tally):
        if isinstance(item, ParseResult):
            if fmt is ParseFormat.jsonl:
                raw.write(to_json_line(parse_result_dict(item)))
            else:
                events = len(item.hand.events) if item.hand else 0
                lines = [
                    (
                        f"{printable(item.file)}:{item.line}: {item.status} {item.site} hand "
                        f"{printable(str(item.hand_id))} ({events} events)"
                    )
                ]
                raw.write(("\n".join(lines) + "\n" + findings_text(list(item.findings), source)).encode())
        else:
            if fmt is ParseFormat.jsonl:
                raw.write(to_json_line({"file_finding": item.as_dict()}))
            else:
                raw.write(findings_text([item], source).encode())
    elapsed = time.perf_counter() - started
    if not quiet:
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
    out: Annotated[
        str | None,
        typer.Option(
            "--out", "-o", help="File to write the hands to (the site's text, UTF-8); '-' or none: standard output."
        ),
    ] = None,
    hands: Annotated[int, typer.Option("--hands", "-n", min=1, help="How many hands.")] = 1000,
    seed: Annotated[int, typer.Option("--seed", help="Random seed: the same seed writes the same file.")] = 0,
    game: Annotated[
        str | None,
        typer.Option("--game", help="Betting structure: nl, pl, fl or mix (default: nl for Hold'em, pl for Omaha)."),
    ] = None,
    variant: Annotated[
        str,
        typer.Option(
            "--variant",
            help="The game: holdem, omaha, omaha5, omaha6, omaha_hilo or omaha5_hilo (those the site's writer writes).",
        ),
    ] = "holdem",
    players: Annotated[str, typer.Option("--players", help="Players at a new table, MIN-MAX (2..10).")] = "2-9",
    tournaments: Annotated[
        float, typer.Option("--tournaments", min=0.0, max=1.0, help="Share of tournament tables.")
    ] = 0.15,
    site: Annotated[
        str | None,
        typer.Option(
            "--site",
            help="The site whose hand histories to write: any dialect "
            "hhtool has a writer for (hhtool.generate.sites(); default: the "
            "first).",
        ),
    ] = None,
    quiet: QuietOption = False,
) -> None:
    """Play random legal Hold'em or Omaha hands and write them as a site's hand histories (they validate clean)."""
    from hhtool.generate import write_hands

    if path is not None and out is not None and path != out:
        print("hhtool: give the output file once (FILE or --out FILE)", file=sys.stderr)
        raise typer.Exit(EXIT_USAGE)
    target = out or path or "-"
    try:
        low, _, high = players.partition("-")
        bounds = (int(low), int(high or low))
        count = write_hands(
            sys.stdout if target == "-" else target,
            hands,
            seed,
            game,
            bounds,
            site,
            tournaments=tournaments,
            variant=variant,
        )
    except BrokenPipeError:
        raise  # the reader closed the pipe (`generate | head`): ends quietly (hhtool.guard)
    except (ValueError, OSError) as exc:
        print(f"hhtool: {exc}", file=sys.stderr)
        raise typer.Exit(EXIT_USAGE) from None
    if not quiet:
        print(
            f"wrote {words.count(count, 'hand')} to {'standard output' if target == '-' else target}", file=sys.stderr
        )


class ValidateFormat(StrEnum):
    text = "text"
    concise = "concise"
    json = "json"
    jsonl = "jsonl"
    github = "github"
    sarif = "sarif"
    junit = "junit"


JobsOption = Annotated[
    int | None,
    typer.Option("--jobs", "-j", min=1, help="Worker processes (default: all cores); 1 runs in this process."),
]
EngineOption = Annotated[
    Engine,
    typer.Option(
        "--engine", help="local: a process pool; dask: dask.distributed workers (pip install 'hhtool[dask]')."
    ),
]
SchedulerOption = Annotated[
    str | None,
    typer.Option("--scheduler", help="Dask scheduler address (default: a local cluster of --jobs processes)."),
]
ProgressOption = Annotated[
    bool | None,
    typer.Option("--progress/--no-progress", help="Progress bar on stderr (default: only when stderr is a terminal)."),
]


def _engine_settings(jobs: int | None, engine: Engine, scheduler: str | None, paths: list[str]) -> int:
    """The number of workers; 1 (this process) when the local engine would get a single task."""
    if scheduler is not None and engine is not Engine.DASK:
        print("hhtool: --scheduler needs --engine dask", file=sys.stderr)
        raise typer.Exit(EXIT_USAGE)
    if engine is Engine.DASK and "-" in paths:
        print("hhtool: standard input (-) is read by this process: use --engine local", file=sys.stderr)
        raise typer.Exit(EXIT_USAGE)
    from hhtool.engine.plan import ChunkSizeError, chunk_size, workers_for

    try:
        chunk_size()  # a bad HHTOOL_CHUNK_BYTES is a usage error whatever --jobs says
    except ChunkSizeError as exc:
        print(f"hhtool: {exc}", file=sys.stderr)
        raise typer.Exit(EXIT_USAGE) from None
    return workers_for(paths, jobs, engine.value)


def _progress(flag: bool | None, paths: list[str], quiet: bool = False):
    """The progress bar: --progress/--no-progress, else on a terminal unless --quiet."""
    from hhtool.engine.progress import Progress, wanted
    from hhtool.io.paths import total_size

    show = wanted(False if quiet and flag is None else flag)
    return Progress(show, total_size(paths) if show else 0)


def _committed_text(stats, out: str) -> str:
    """What an interrupted export kept: its committed batches (ExportStats), or nothing."""
    if stats is None or not stats.batches:
        return f"nothing was added to {out}"
    return (
        f"{words.count(stats.committed_hands, 'new hand')} of the first {words.count(stats.committed_inputs, 'input file')} "
        f"(through {stats.last_input}) were committed to {out} in {words.count(stats.batches, 'batch')}; the rest "
        f"was not added: run the export again to add it (the files committed are not read again)"
    )


class SeverityLevel(StrEnum):
    error = "error"
    warning = "warning"
    info = "info"


def _selection(
    select: list[str] | None,
    ignore: list[str] | None,
    severity: SeverityLevel | None,
    settings: Config,
    extend_select: list[str] | None = None,
    per_file: list[str] | None = None,
):
    """The findings to report: each of select, extend-select, ignore, per-file ignores and severity from
    the command line, else from the configuration, else everything."""
    from hhtool.selection import Selection, SelectionError, parse_codes, parse_per_file

    data = settings.data
    try:
        chosen = parse_codes(select if select is not None else data.select, "--select")
        extended = parse_codes(extend_select if extend_select is not None else data.extend_select, "--extend-select")
        dropped = parse_codes(ignore if ignore is not None else data.ignore, "--ignore")
        if per_file is not None:
            per_files = parse_per_file(per_file, "--per-file-ignores")
        else:
            per_files = tuple(
                (glob, parse_codes(codes, f"per-file-ignores {glob!r}"))
                for glob, codes in data.per_file_ignores.items()
            )
    except SelectionError as exc:
        raise _usage_error(str(exc)) from None
    least = severity.value if severity is not None else (data.severity or "info")
    return Selection(chosen, dropped, Severity(least), extended, per_files, settings.root())


@app.command()
def validate(
    paths: Annotated[list[str], typer.Argument(help="Files, folders (recursive) or globs.")],
    fmt: Annotated[
        ValidateFormat | None,
        typer.Option(
            "--format",
            help="Output format on stdout (default: "
            "text, each finding with its source line; concise: "
            "one line a finding). github: workflow annotations; "
            "sarif: SARIF 2.1.0; junit: JUnit XML.",
        ),
    ] = None,
    rules: Annotated[
        str | None, typer.Option("--rules", help="House rules TOML file, or profile:NAME (see docs/configuration.md).")
    ] = None,
    select: Annotated[
        list[str] | None,
        typer.Option(
            "--select",
            metavar="CODE|PREFIX",
            help="Report only these codes or prefixes (HH114, HH1, HH2,...; repeat or separate with commas).",
        ),
    ] = None,
    extend_select: Annotated[
        list[str] | None,
        typer.Option(
            "--extend-select",
            metavar="CODE|PREFIX",
            help="Report these codes too, on top of --select or the configuration's select.",
        ),
    ] = None,
    ignore: Annotated[
        list[str] | None,
        typer.Option("--ignore", metavar="CODE|PREFIX", help="Do not report these codes or prefixes (e.g. HH020)."),
    ] = None,
    per_file_ignores: Annotated[
        list[str] | None,
        typer.Option(
            "--per-file-ignores",
            metavar="GLOB:CODES",
            help="Do not report these codes in the files the glob "
            "matches, e.g. 'archive/*.txt:HH020,HH414' "
            "(repeatable; replaces the configuration's).",
        ),
    ] = None,
    severity: Annotated[
        SeverityLevel | None,
        typer.Option("--severity", help="Report findings of this severity or worse (default: info, all)."),
    ] = None,
    consequences: Annotated[
        bool | None,
        typer.Option(
            "--consequences/--no-consequences",
            help="Report the findings that follow from an earlier one of "
            "their hand, marked so (default), or only the root causes.",
        ),
    ] = None,
    baseline: Annotated[
        str | None,
        typer.Option(
            "--baseline",
            metavar="FILE",
            help="Report only findings not in this baseline file (written by --write-baseline).",
        ),
    ] = None,
    write_baseline: Annotated[
        str | None,
        typer.Option(
            "--write-baseline",
            metavar="FILE",
            help="Write the fingerprints of the findings reported to FILE, to give to --baseline later.",
        ),
    ] = None,
    summary_table: Annotated[
        bool | None,
        typer.Option(
            "--summary/--no-summary",
            help="The per-file table before the summary line (default: only for "
            "5 files or fewer; never with --statistics).",
        ),
    ] = None,
    show_settings: Annotated[
        bool,
        typer.Option(
            "--show-settings",
            help="Print the settings this run would use (command line, configuration, defaults) and exit.",
        ),
    ] = False,
    strict: Annotated[bool, typer.Option("--strict", help="Warnings also make the exit code 1.")] = False,
    exit_zero: Annotated[bool, typer.Option("--exit-zero", help="Exit 0 even when findings are reported.")] = False,
    statistics: Annotated[
        bool, typer.Option("--statistics", help="Counts by code instead of each finding (--format text or json).")
    ] = False,
    failed_hands: Annotated[
        str | None,
        typer.Option(
            "--failed-hands",
            metavar="FILE",
            help="Write the text of every invalid or unparsed hand, with its file, "
            "line and findings, to FILE (for a bug report).",
        ),
    ] = None,
    quiet: QuietOption = False,
    config: ConfigOption = None,
    isolated: IsolatedOption = False,
    jobs: JobsOption = None,
    engine: EngineOption = Engine.LOCAL,
    scheduler: SchedulerOption = None,
    progress: ProgressOption = None,
    acpc_game: AcpcGameOption = None,
) -> None:
    """Replay every hand under the rules and report each violation as a coded finding.

    Exit code 0 when no error is reported, 1 when any is (or any warning with --strict), 2 for a
    usage or I/O failure. Findings left out by --select, --ignore or --severity do not count. The
    output is the same for any --jobs and engine.
    """
    from hhtool.outputs import exit_code, writer_for
    from hhtool.outputs.failed import FailedHands
    from hhtool.outputs.files import FileTable
    from hhtool.outputs.report import Reporter

    _use_acpc_game(acpc_game)
    settings = _settings(config, isolated)
    fmt_name = fmt.value if fmt is not None else settings.format_for("validate") or "text"
    ruleset, rules_source = _rules_for(rules, settings)
    ruleset = ruleset or RuleSet()
    selection = _selection(select, ignore, severity, settings, extend_select, per_file_ignores)
    strict = strict or bool(settings.data.strict)
    show_consequences = consequences if consequences is not None else settings.data.consequences is not False
    baseline_path = baseline if baseline is not None else settings.baseline_file()
    if show_settings:
        from hhtool.outputs.settings import settings_text

        sys.stdout.write(
            settings_text(
                {
                    "config": str(settings.source) if settings.source else None,
                    "rules": rules_source,
                    "format": fmt_name,
                    "select": list(selection.select) or ["ALL"],
                    "extend-select": list(selection.extend_select),
                    "ignore": list(selection.ignore),
                    "per-file-ignores": {glob: list(codes) for glob, codes in selection.per_file},
                    "severity": selection.severity.value,
                    "strict": strict,
                    "consequences": show_consequences,
                    "baseline": baseline_path,
                    "write-baseline": write_baseline,
                    "paths": paths,
                }
            )
        )
        return
    known = None
    if baseline_path is not None:
        from hhtool.baseline import BaselineError, load_baseline

        try:
            known = load_baseline(baseline_path)
        except BaselineError as exc:
            raise _usage_error(str(exc)) from None
    new_baseline = None
    if write_baseline is not None:
        from hhtool.baseline import BaselineWriter

        new_baseline = BaselineWriter()
    reporter = Reporter(selection, show_consequences, known, new_baseline)
    raw = sys.stdout.buffer
    try:
        writer = writer_for(fmt_name, raw, statistics, reporter.source, summary_table)
    except ValueError as exc:
        raise _usage_error(str(exc)) from None
    workers = _engine_settings(jobs, engine, scheduler, paths)
    from hhtool.validate import Summary

    summary = Summary()
    reported = Summary(tally=summary.tally)  # the counts of what is reported, after selection
    files = FileTable()
    failed = FailedHands() if failed_hands is not None else None
    bar = _progress(progress, paths, quiet)
    if workers <= 1 and engine is Engine.LOCAL:
        results = validate_paths(paths, ruleset, summary)
    else:
        from hhtool.engine.runner import WANT_JSON, WANT_NONE, run

        want = WANT_JSON if writer.wants_json else WANT_NONE
        results = run(paths, ruleset, summary, want, workers, engine.value, scheduler, bar)
    try:
        with bar:
            for result in results:
                if workers <= 1 and not isinstance(result, Finding):
                    bar.hand_in(result.file)
                shown = reporter.apply(result)
                if shown is None:
                    continue
                reported.add(shown)
                files.add(shown)
                if failed is not None:
                    failed.add(shown)
                writer.add(shown)
    except KeyboardInterrupt:
        raise interrupted("the output is incomplete") from None
    except _engine_error() as exc:
        print(f"hhtool: {exc}", file=sys.stderr)
        raise typer.Exit(EXIT_USAGE) from None
    counts = {**summary_dict(reported), **reporter.counts()}
    writer.finish(counts, files, quiet)
    if writer.summary_to_stderr and not quiet:
        print(_summary_text(counts), file=sys.stderr)
    if failed_hands is not None:  # (and so `failed`)
        _write_failed(failed, failed_hands, paths, quiet)
    if new_baseline is not None:
        assert write_baseline is not None, "the baseline writer is made for --write-baseline"  # (for mypy)
        try:
            written = new_baseline.write(write_baseline)
        except OSError as exc:
            raise _usage_error(f"cannot write {write_baseline}: {exc.strerror or exc}") from None
        if not quiet:
            print(f"wrote {words.count(written, 'finding')} to the baseline {write_baseline}", file=sys.stderr)
    code = exit_code(
        summary.tally.io_failures,
        reported.by_severity[Severity.ERROR],
        reported.by_severity[Severity.WARNING],
        strict,
        exit_zero,
    )
    if code:
        raise typer.Exit(code)


def _write_failed(failed, target: str, paths: list[str], quiet: bool) -> None:
    try:
        count = failed.write(target, paths)
    except OSError as exc:
        raise _usage_error(f"cannot write {target}: {exc.strerror or exc}") from None
    if not quiet:
        print(f"wrote {count} failed hands to {target}", file=sys.stderr)


def _engine_error() -> type[Exception]:
    from hhtool.engine.runner import EngineError

    return EngineError


@app.command("rules")
def rules_command(
    code: Annotated[str | None, typer.Argument(help="A finding code, e.g. HH114, or a rule id, e.g. A4.")] = None,
    profiles: Annotated[
        bool,
        typer.Option(
            "--profiles",
            help="List the room profiles for --rules profile:NAME (house rules of the rule sheets, by RULES.md id).",
        ),
    ] = False,
) -> None:
    """The rule catalogue: every finding code with the rule it enforces, what it checks, why, and an example."""
    if profiles:
        from hhtool.profiles import describe

        sys.stdout.write(describe())
        return
    if code is None:
        for entry in CATALOGUE.values():
            print(f"{entry.code}  {entry.rule or '-':3} {entry.severity.value:8} {entry.summary}")
        return
    wanted = code.upper()
    entries = [e for e in CATALOGUE.values() if wanted in (e.code, e.rule)]
    if not entries:
        print(f"hhtool: no code or rule {code!r}; 'hhtool rules' lists them", file=sys.stderr)
        raise typer.Exit(EXIT_USAGE)
    for entry in entries:
        print(
            f"{entry.code} [{entry.severity.value}] {entry.summary}\n"
            f"  rule:    {entry.rule_text}\n  why:     {entry.why}\n  example: {entry.example}\n"
        )


@app.command()
def export(
    paths: Annotated[list[str], typer.Argument(help="Files, folders (recursive) or globs.")],
    out: Annotated[str, typer.Option("--out", help="Dataset folder (created if missing).")],
    rules: Annotated[
        str | None, typer.Option("--rules", help="House rules TOML file, or profile:NAME (see docs/configuration.md).")
    ] = None,
    jobs: JobsOption = None,
    engine: EngineOption = Engine.LOCAL,
    scheduler: SchedulerOption = None,
    progress: ProgressOption = None,
    wait: Annotated[
        float | None,
        typer.Option(
            "--wait",
            min=0,
            help="Seconds to wait while another export writes the same dataset "
            "(default: until it has finished; 0: fail at once, exit code 2).",
        ),
    ] = None,
    quiet: QuietOption = False,
    config: ConfigOption = None,
    isolated: IsolatedOption = False,
) -> None:
    """Validate hands and add them to a Parquet dataset (hands, seats, actions, pots, payouts, findings).

    Hands already in the dataset are skipped, so re-running adds nothing and new files add only
    their hands; files whose content is stored are not read again. The dataset is the same for any
    --jobs and engine. Hands are committed in batches of about 100,000: an interrupted run (Ctrl-C)
    keeps the batches committed and says how far they go. Exit code 0 on success (findings are data
    here), 2 for a usage or I/O failure, 130 when interrupted.
    """
    from hhtool.export.run import export_paths

    ruleset = _rules_for(rules, _settings(config, isolated))[0] or RuleSet()
    workers = _engine_settings(jobs, engine, scheduler, paths)
    from hhtool.validate import Summary

    summary = Summary()
    started = time.perf_counter()
    try:
        with _progress(progress, paths, quiet) as bar:
            stats = export_paths(paths, out, ruleset, summary, workers, engine.value, scheduler, bar, wait)
    except OSError as exc:
        print(f"hhtool: cannot write the dataset at {out}: {exc}", file=sys.stderr)
        raise typer.Exit(EXIT_USAGE) from None
    except KeyboardInterrupt as exc:
        raise interrupted(_committed_text(getattr(exc, "stats", None), out)) from None
    except _engine_error() as exc:
        print(f"hhtool: {exc}", file=sys.stderr)
        raise typer.Exit(EXIT_USAGE) from None
    elapsed = time.perf_counter() - started
    rows = sum(stats.rows.values())
    unread = f"; {words.count(stats.files_unread, 'file')} already stored, not read again" if stats.files_unread else ""
    if not quiet:
        print(
            f"{_summary_text(summary_dict(summary, elapsed))}\n"
            f"exported {stats.hands_written} new hands ({stats.hands_skipped} already stored{unread}), {rows} rows "
            f"({', '.join(f'{t} {n}' for t, n in stats.rows.items())}) to {out}; "
            f"{stats.hands_read / elapsed if elapsed else 0:,.0f} hands/s",
            file=sys.stderr,
        )
    if summary.tally.io_failures:
        raise typer.Exit(EXIT_USAGE)


@app.command()
def convert(
    paths: Annotated[list[str], typer.Argument(help="Files, folders (recursive) or globs.")],
    to: Annotated[
        str,
        typer.Option(
            "--to",
            metavar="FORMAT",
            help="Target format: the name of a dialect with "
            "a writer, or ohh; an unknown name lists them (docs/commands.md: convert).",
        ),
    ],
    out: Annotated[str, typer.Option("--out", help="Folder for the converted files (created if missing).")],
    per_hand: Annotated[
        bool,
        typer.Option("--per-hand", help="One file per hand (<site>-<hand id>.<ext>) instead of one per input file."),
    ] = False,
    acpc_game: AcpcGameOption = None,
    rules: Annotated[
        str | None, typer.Option("--rules", help="House rules TOML file, or profile:NAME (see docs/configuration.md).")
    ] = None,
    quiet: QuietOption = False,
    config: ConfigOption = None,
    isolated: IsolatedOption = False,
) -> None:
    """Write every hand read in another format, validating it on the way (findings as validate prints them).

    Unparsed, unsupported and duplicate hands, and hands the target cannot say (HH045), are reported and
    not written. Exit code 0 when every hand read was converted and no error was found, 1 otherwise, 2 for
    a usage or I/O failure.
    """
    from hhtool.interchange import target, targets
    from hhtool.interchange.convert import Conversion, convert_paths

    chosen = target(to)
    if chosen is None:
        raise _usage_error(f"--to {to}: not a target format (one of {', '.join(targets())})")
    _use_acpc_game(acpc_game)
    ruleset = _rules_for(rules, _settings(config, isolated))[0] or RuleSet()
    from hhtool.outputs.source import SourceLines, findings_text
    from hhtool.validate import Summary

    summary = Summary()
    done = Conversion()
    raw = sys.stdout.buffer
    source = SourceLines()  # the source line and caret under each finding, as validate prints them
    started = time.perf_counter()
    try:
        for result in convert_paths(
            paths, chosen, out, per_hand=per_hand, rules=ruleset, summary=summary, conversion=done
        ):
            findings = [result] if isinstance(result, Finding) else list(result.findings)
            if findings:
                raw.write(findings_text(findings, source).encode())
    except OSError as exc:
        print(f"hhtool: cannot write to {out}: {exc.strerror or exc}", file=sys.stderr)
        raise typer.Exit(EXIT_USAGE) from None
    except KeyboardInterrupt:
        raise interrupted(f"the files of {out} may be incomplete") from None
    if not quiet:
        print(
            f"{_summary_text(summary_dict(summary, time.perf_counter() - started))}\n"
            f"converted {words.count(done.converted, 'hand')} to {to} ({done.not_converted} not converted) in "
            f"{words.count(len(done.files), 'file')} under {out}",
            file=sys.stderr,
        )
    if summary.tally.io_failures:
        raise typer.Exit(EXIT_USAGE)
    if done.not_converted or summary.by_severity[Severity.ERROR] or summary.tally.file_errors:
        raise typer.Exit(EXIT_FINDINGS)


class StatsFormat(StrEnum):
    text = "text"
    csv = "csv"
    json = "json"
    html = "html"


class StatsGrouping(StrEnum):
    stakes = "stakes"
    currency = "currency"
    player = "player"


SinceOption = Annotated[
    str | None,
    typer.Option(
        "--since",
        help="Only hands of this day (YYYY-MM-DD) or later: the UTC day, or the local day where no zone is printed.",
    ),
]
UntilOption = Annotated[
    str | None,
    typer.Option(
        "--until",
        help="Only hands of this day (YYYY-MM-DD) or earlier: the UTC day, or the local day where no zone is printed.",
    ),
]
SiteOption = Annotated[list[str] | None, typer.Option("--site", help="Only hands of this site (repeatable).")]
StakesOption = Annotated[
    list[str] | None,
    typer.Option(
        "--stakes",
        help="Only cash hands at these blinds, major units, e.g. 0.01/0.02 or 'NL 0.25/0.50 USD' (repeatable).",
    ),
]


def _say_days(tally) -> None:
    """The hands a date range kept by local day, or left out undated (hhtool.scan.DayTally), on stderr."""
    note = tally.note()
    if note:
        print(f"hhtool: {note}", file=sys.stderr)


def _hand_filter(since: str | None, until: str | None, sites: list[str] | None, stakes: list[str] | None):
    from hhtool.scan import FilterError, HandFilter

    try:
        return HandFilter.of(since, until, sites or (), stakes or ())
    except FilterError as exc:
        print(f"hhtool: {exc}", file=sys.stderr)
        raise typer.Exit(EXIT_USAGE) from None


@app.command()
def stats(
    dataset: Annotated[
        list[str],
        typer.Argument(
            help="Dataset folder written by 'hhtool export'; with --tournaments, hand-history and "
            "tournament summary files, folders or globs.",
            metavar="DATASET",
            show_default=False,
        ),
    ],
    fmt: Annotated[
        StatsFormat | None, typer.Option("--format", help="Output format on stdout (default: text).")
    ] = None,
    config: ConfigOption = None,
    isolated: IsolatedOption = False,
    player: Annotated[list[str] | None, typer.Option("--player", help="Only this player's rows (repeatable).")] = None,
    min_hands: Annotated[int, typer.Option("--min-hands", min=0, help="Only rows of at least N hands.")] = 0,
    since: SinceOption = None,
    until: UntilOption = None,
    site: SiteOption = None,
    stakes: StakesOption = None,
    hero: Annotated[
        list[str] | None,
        typer.Option(
            "--hero",
            help="Your name (repeatable, for aliases): only "
            "your rows, every alias in one. Bovada's [ME] seats are "
            "always yours.",
        ),
    ] = None,
    by: Annotated[
        StatsGrouping,
        typer.Option(
            "--by",
            help="Rows per stakes, per currency over every site and "
            "stakes, or per player over every currency (big blinds only).",
        ),
    ] = StatsGrouping.stakes,
    by_position: Annotated[
        bool, typer.Option("--by-position", help="A row per table position (BTN, CO, HJ, ..., SB, BB).")
    ] = False,
    all_in: Annotated[
        bool, typer.Option("--all-in", help="Only hands where a player went all-in and was called.")
    ] = False,
    three_bet_pot: Annotated[bool, typer.Option("--3bet-pot", help="Only hands with a pre-flop re-raise.")] = False,
    versus: Annotated[
        list[str] | None,
        typer.Option("--versus", help="Only hands this player was dealt in (repeatable; that player's rows left out)."),
    ] = None,
    sort: Annotated[
        str | None,
        typer.Option("--sort", help="Sort the rows by this column (numbers highest first; -COLUMN reverses)."),
    ] = None,
    sessions: Annotated[
        bool,
        typer.Option(
            "--sessions",
            help="The hero's sessions instead of the statistics (cash hands; html shows both, and the winnings graph).",
        ),
    ] = False,
    session_gap: Annotated[
        int, typer.Option("--session-gap", min=1, help="Minutes between two hands that start a new session.")
    ] = 30,
    tournaments: Annotated[
        bool,
        typer.Option(
            "--tournaments",
            help="Tournament results instead: per event buy-in, finish, prize and net, and the ROI per "
            "currency, from summary files and the hands (read from files, not a dataset).",
        ),
    ] = False,
) -> None:
    """Player statistics: hands, VPIP, PFR, 3-bet, fold to 3-bet, steal, c-bet, fold to c-bet, AF, AFq,
    WTSD, W$SD, WWSF, net won, bb/100, all-in EV, rake paid.

    Cash stakes are (site, currency, limit, blinds); tournaments are reported apart. docs/commands.md
    defines each statistic. The dataset is read a few days at a time, in bounded memory; html is one
    page with the winnings graph (net won and all-in EV) and the sessions. Exit code 0, or 2 when
    DATASET is not a dataset or a filter is malformed.

    --tournaments: one row per tournament (from its summary file when there is one, else from its hands)
    and the totals per currency with the ROI; docs/commands.md defines them. Exit code 0, 1 when an input
    could not be read, 2 when given a dataset.
    """
    from datetime import timedelta

    from hhtool.stats import Hero, Query, render
    from hhtool.stats import stats as compute
    from hhtool.stats.html import page
    from hhtool.stats.output import render_sessions
    from hhtool.stats.timeline import combined
    from hhtool.stats.timeline import sessions as sessions_of
    from hhtool.tables import is_dataset

    fmt = fmt or StatsFormat(_settings(config, isolated).format_for("stats") or "text")
    if tournaments:
        _tournament_results(dataset, hero or (), fmt.value)
        return
    if len(dataset) != 1:
        print(f"hhtool: stats reads one dataset folder, got {len(dataset)} paths", file=sys.stderr)
        raise typer.Exit(EXIT_USAGE)
    folder = dataset[0]
    where = _hand_filter(since, until, site, stakes)
    try:
        query = Query(
            hero=Hero.of(hero or ()),
            players=tuple(player or ()),
            by=by.value,
            by_position=by_position,
            all_in=all_in,
            three_bet_pot=three_bet_pot,
            versus=tuple(versus or ()),
            min_hands=min_hands,
            sort=sort,
        )
    except ValueError as exc:
        print(f"hhtool: --{exc}", file=sys.stderr)
        raise typer.Exit(EXIT_USAGE) from None
    if not is_dataset(folder):
        print(
            f"hhtool: {folder} is not an hhtool dataset (no hands/ folder); make one with 'hhtool export'",
            file=sys.stderr,
        )
        raise typer.Exit(EXIT_USAGE)
    from hhtool.scan import DayTally

    timeline: list | None = [] if sessions or fmt is StatsFormat.html else None
    tally = DayTally()
    frame = compute(folder, where, query=query, timeline=timeline, tally=tally)
    _say_days(tally)
    if timeline is None:
        sys.stdout.write(render(frame, fmt.value))
        return
    rows = combined(timeline)
    session_rows, undated = sessions_of(rows, timedelta(minutes=session_gap))
    if fmt is StatsFormat.html:
        sys.stdout.write(page(frame, rows, session_rows, undated))
    else:
        sys.stdout.write(render_sessions(session_rows, undated, fmt.value))


def _tournament_results(paths: list[str], hero: list[str] | tuple[str, ...], fmt: str) -> None:
    """`stats --tournaments`: the results of the tournaments in hand histories and summary files; the
    findings (a summary line not read, a file not readable) on stderr, or in the JSON document."""
    from hhtool.stats import Hero
    from hhtool.stats.tournament_output import render
    from hhtool.stats.tournaments import tournament_results
    from hhtool.tables import is_dataset

    datasets = [p for p in paths if is_dataset(p)]
    if datasets:
        print(
            f"hhtool: {datasets[0]} is a dataset, which keeps no buy-in or finish: give --tournaments the "
            "hand-history and tournament summary files (or their folders)",
            file=sys.stderr,
        )
        raise typer.Exit(EXIT_USAGE)
    rows, totals, findings = tournament_results(paths, Hero.of(hero))
    sys.stdout.write(render(rows, totals, findings, fmt))
    if fmt != "json":
        for found in findings:
            print(_finding_line(found), file=sys.stderr)
    if any(f.severity is Severity.ERROR for f in findings):
        raise typer.Exit(1)


class AuditFormat(StrEnum):
    text = "text"
    json = "json"
    html = "html"


@app.command()
def audit(
    paths: Annotated[list[str], typer.Argument(help="A dataset folder, or hand-history files, folders or globs.")],
    rules: Annotated[
        str | None,
        typer.Option("--rules", "--schedule", help="House rules TOML file with a [rake] schedule, or profile:NAME."),
    ] = None,
    fmt: Annotated[AuditFormat | None, typer.Option("--format", help="Report format (default: text).")] = None,
    out: Annotated[str | None, typer.Option("--out", help="Write the report to this file (default: stdout).")] = None,
    exit_zero: Annotated[bool, typer.Option("--exit-zero", help="Exit 0 even when the audit finds errors.")] = False,
    full: Annotated[
        bool,
        typer.Option(
            "--full",
            help="Text: every row of the long tables (stakes, tables, days, players); by default their first rows.",
        ),
    ] = False,
    quiet: QuietOption = False,
    config: ConfigOption = None,
    isolated: IsolatedOption = False,
    since: SinceOption = None,
    until: UntilOption = None,
    site: SiteOption = None,
    stakes: StakesOption = None,
) -> None:
    """Rake and payout audit: rake totals, schedule violations, payout mismatches, chip conservation.

    Rake totals come by currency, stakes, table, day and players dealt in; every row names its hands.

    PATH may be a dataset folder (it has a hands/ folder) or hand histories, validated in memory. The
    schedule is the rules file's [rake] when given, else the built-in schedules of each hand's site (its
    published figures, dated; see docs/rake-schedules.md). Exit code 0 when no error is found, 1 when any is, 2 for a usage or I/O failure.
    """
    from hhtool.audit import audit as run_audit
    from hhtool.audit.render import render
    from hhtool.audit.report import HandRowsFile
    from hhtool.tables import SourceError

    settings = _settings(config, isolated)
    fmt = fmt or AuditFormat(settings.format_for("audit") or "text")
    ruleset, rules_source = _rules_for(rules, settings)
    where = _hand_filter(since, until, site, stakes)
    from hhtool.scan import DayTally

    hand_rows = HandRowsFile() if fmt is AuditFormat.json else None  # the per-hand rows, kept on disk
    tally = DayTally()
    try:
        report = run_audit(
            paths, ruleset, rules_source, include_hands=False, where=where, hand_rows=hand_rows, tally=tally
        )
    except SourceError as exc:
        print(f"hhtool: {printable(str(exc))}", file=sys.stderr)
        raise typer.Exit(EXIT_USAGE) from None
    except OSError as exc:
        print(f"hhtool: cannot read {', '.join(paths)}: {exc}", file=sys.stderr)
        raise typer.Exit(EXIT_USAGE) from None

    def write(handle) -> None:
        if hand_rows is not None:
            hand_rows.write_json(report, handle)
        else:
            handle.write(render(report, fmt.value, full=full))

    if out is None:
        write(sys.stdout)
    else:
        try:
            with open(out, "w", encoding="utf-8", newline="\n") as handle:
                write(handle)
        except OSError as exc:
            print(f"hhtool: cannot write {out}: {exc.strerror or exc}", file=sys.stderr)
            raise typer.Exit(EXIT_USAGE) from None
    s = report["summary"]
    if not quiet:
        _say_days(tally)
        print(
            f"audited {s['audited_hands']} hands: {s['schedule_violations']} schedule violations, "
            f"{s['payout_mismatches']} payout findings, {s['hands_out_of_balance']} hands out of balance"
            + (f"; report written to {out}" if out else ""),
            file=sys.stderr,
        )
    if s.get("unreadable_paths"):
        raise typer.Exit(EXIT_USAGE)
    if s["errors"] and not exit_zero:
        raise typer.Exit(EXIT_FINDINGS)


@app.command()
def show(
    hand_id: Annotated[str, typer.Argument(help="The hand's number, e.g. 225816470266 (or #225816470266).")],
    paths: Annotated[
        list[str] | None,
        typer.Argument(
            help="Hand-history files, folders or globs, or one dataset folder (default: the current folder)."
        ),
    ] = None,
    rules: Annotated[
        str | None, typer.Option("--rules", help="House rules TOML file (see docs/configuration.md).")
    ] = None,
    html: Annotated[
        str | None,
        typer.Option(
            "--html", help="Write a page with a step-through replayer to this file instead of printing the hand."
        ),
    ] = None,
) -> None:
    """Replay one hand: seats and stacks, each action with the pot after it, the board, the showdown and
    the pots, and each finding under its line.

    A dataset is searched by hand id and the hand is read again from the file and line it records.
    Exit code 0 when the hand is shown, 1 when no hand has that id, 2 for a usage or I/O failure.
    """
    from hhtool.show import ShowError, locate, view_of

    ruleset = load_rules(rules)
    try:
        found = locate(hand_id, paths or ["."], ruleset)
    except ShowError as exc:
        print(f"hhtool: {printable(str(exc))}", file=sys.stderr)
        raise typer.Exit(exc.code) from None
    view = view_of(found.result, found.text, ruleset)
    for file, line in found.others:
        print(f"hhtool: another hand {printable(hand_id)} is at {printable(file)}:{line}", file=sys.stderr)
    if html is None:
        from hhtool.show.terminal import print_view

        print_view(view)
        return
    from hhtool.show.page import to_html

    try:
        with open(html, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(to_html(view))
    except OSError as exc:
        print(f"hhtool: cannot write {html}: {exc.strerror or exc}", file=sys.stderr)
        raise typer.Exit(EXIT_USAGE) from None
    print(f"wrote the replayer of hand {printable(found.result.hand_id or hand_id)} to {html}", file=sys.stderr)


upkeep.register(app)  # after the commands above: `hhtool --help` lists watch and dataset last
