"""Throughput of the hhtool CLI (parse, validate, export) on 1 core and on all cores, peak memory,
and PokerKit side by side on the same hands.

Usage:
    python benchmarks/throughput.py                   # 100,000 hands, jobs 1 and os.cpu_count()
    python benchmarks/throughput.py --hands 20000 --jobs 1,2 --pokerkit-hands 2000 --out-json r.json
    python benchmarks/throughput.py --million         # export peak RSS on 1,000,000 hands (see below)

Optional, for the comparison: `pip install pokerkit` (0.7.7 was used; a benchmark-only
dependency, not one of hhtool's). Without it the PokerKit part prints "pokerkit not installed".

Input. `hhtool generate --out FILE --hands N --seed S --game mix` (unique hands: no line memo of
the parser helps), written once into a cache folder (--cache, default $HHTOOL_BENCH_CACHE or
<tmp>/hhtool-bench-cache) under a name keyed by (hands, seed); later runs reuse it (--regenerate
to write it again, e.g. after a generator change). Omaha (issue #29): a second input of --omaha-hands
hands (default: as many as --hands; 0 skips it), `--variant omaha --game mix` (four hole cards, pot limit
mostly), gets the same parse, validate and export measurements, each row `(Omaha)` printed under
Hold'em's, with the ratio of their hands/s; the PokerKit comparison stays Hold'em's (its PokerStars
parser reads no-limit Hold'em only).

What is measured. Every figure is the real CLI in its own process, end to end (interpreter start,
imports, reading, output), reaped with os.wait4, so each has its own rusage:

- parse:    `hhtool parse --format text FILE > /dev/null` (text is its fastest format: jsonl
            serialises every event). hhtool has no parallel parse, so "all cores" for parse is the
            file cut in N pieces at hand boundaries and N `hhtool parse` processes at once (the
            ceiling a parallel parse could reach). If `hhtool parse --help` ever lists --jobs, it
            is used instead.
- validate: `hhtool validate --jobs N --format jsonl FILE > /dev/null`
- export:   `hhtool export --jobs N --out DIR FILE`, into a new empty DIR each run.
The 1-job runs are pinned to one CPU (sched_setaffinity: pyarrow's threads too), the one that was
idlest over the quarter second before (the machine is shared); the others are not pinned.
Where `hhtool validate/export --help` has no --jobs yet, the 1-core figure is measured without the
option and the others print "n/a (no --jobs yet)".

Columns: hands/s = hands in the file / wall seconds; CPU s = user + system time of all processes
of the run (hands per CPU second move much less than wall figures on a busy machine); peak RSS =
the largest peak resident set size of any one process of the run (ru_maxrss from wait4; pool
workers count when the CLI waits for them); total = the largest memory of all processes of the
run together at one moment, sampled every 0.2 s from /proc: the sum of their proportional set
sizes (PSS), in which the pages a worker shares with the forkserver count once, not once per
process as in a sum of RSS.

PokerKit. In one further process pinned to one CPU (the idlest), the first --pokerkit-hands hands (default
5,000) of the same file are split once (hhtool's splitter, not timed) and then taken in rounds of
--pokerkit-round hands (default 100): in each round hhtool parses (`parse_block`) and replays
(`validate_hand`, no cross-hand checks, no output) each hand of the round, then PokerKit parses
(`next(pokerkit.notation.PokerStarsParser()(text, error_status=True))`, which replays the actions
once to build the HandHistory) and replays (`for state in hand_history: pass`) the same hands; each hand
is timed on its own. The rounds alternate so that machine noise hits both alike (a round of hhtool
takes ~10 ms, one of PokerKit ~0.5 s), and short enough rounds keep that while each library runs as
it would on a file: with rounds of one hand, each hhtool hand starts after ~5 ms of PokerKit, with
the CPU caches (and the interpreter's free lists) filled by PokerKit's objects, and measures 2 to 3
times slower than it does in a stream. That cold figure is measured too (a second child, rounds of
one hand) and printed beside the headline. PokerKit's PokerStars parser reads No-Limit Hold'em only
and ignores antes, so it rejects some hands: the counts and reasons are printed and the rates are
compared on the hands it accepts. The end-to-end ratio is hhtool's export on all cores against
PokerKit's parse + replay on one.

--million: only `hhtool export --jobs N` (N the largest of --jobs) on a 1,000,000-hand file, for
its peak RSS against the targets of issue #16: under 300 MB for the largest process and under 600 MB for
all processes together.
It is long: on the 2-core machine of the project generating the file took 5 minutes the first time
(1.26 GB in the cache folder) and the export with 2 jobs 6.5 minutes (compiled hot path).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from importlib import metadata
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import itertools

from _common import ChildRun, idlest_cpu, machine_info

HEADER = re.compile(rb"^PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #", re.MULTILINE)
_ELIDE = re.compile(r"'[^']*'|\"[^\"]*\"|\d+")
_LIMITS = (("No Limit", "NL"), ("Pot Limit", "PL"), (" Limit", "FL"))
RSS_TARGET_MB = 300  # the largest process, on 1M hands
TOTAL_TARGET_MB = 600  # all processes together (PSS), on 1M hands
MB = 1e6


# -- input --------------------------------------------------------------------------------------------
def hhtool_command() -> list[str]:
    """The installed `hhtool` script of this interpreter's environment (the CLI users run)."""
    beside = Path(sys.executable).parent / "hhtool"
    found = str(beside) if beside.exists() else shutil.which("hhtool")
    if not found:
        sys.exit("no `hhtool` command: pip install -e . in this environment first")
    return [found]


def cached_input(
    cache: Path, hands: int, seed: int, regenerate: bool, hhtool: list[str], variant: str = "holdem"
) -> tuple[Path, bool]:
    """The generated file for (hands, seed) of `variant`, written first when missing; (path, whether it was
    written). A Hold'em file keeps the name it had before Omaha was generated."""
    cache.mkdir(parents=True, exist_ok=True)
    game = "" if variant == "holdem" else f"{variant}-"
    path = cache / f"generated-{game}mix-{hands}-hands-seed-{seed}.txt"
    if path.is_file() and not regenerate:
        return path, False
    partial = path.with_name(f"{path.name}.{os.getpid()}.partial")
    print(
        f"generating {hands:,} {variant} hands (seed {seed}, mixed games) into {path} ...", file=sys.stderr, flush=True
    )
    variant_option = [] if variant == "holdem" else ["--variant", variant]
    done = subprocess.run(
        [
            *hhtool,
            "generate",
            "--out",
            str(partial),
            "--hands",
            str(hands),
            "--seed",
            str(seed),
            "--game",
            "mix",
            *variant_option,
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    if done.returncode != 0:
        partial.unlink(missing_ok=True)
        sys.exit(f"hhtool generate failed:\n{done.stderr}")
    os.replace(partial, path)  # atomic: an interrupted run leaves no half file under the cached name
    return path, True


def split_file(path: Path, pieces: int, folder: Path) -> list[Path]:
    """Cut `path` into `pieces` files of about equal size, at hand header lines."""
    data = path.read_bytes()
    starts = [m.start() for m in HEADER.finditer(data)]
    if not starts:
        sys.exit(f"{path}: no PokerStars hand header")
    cuts = [0]
    for k in range(1, pieces):
        target = len(data) * k // pieces
        cut = next((s for s in starts if s >= target and s > cuts[-1]), None)
        if cut is None:
            break
        cuts.append(cut)
    cuts.append(len(data))
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for index, (begin, end) in enumerate(itertools.pairwise(cuts)):
        piece = folder / f"{path.stem}.part{index + 1}of{pieces}.txt"
        piece.write_bytes(data[begin:end])
        paths.append(piece)
    return paths


def supports_jobs(hhtool: list[str], commands: tuple[str, ...]) -> dict[str, bool]:
    """Whether `hhtool COMMAND --help` lists a --jobs option, for each command (asked all at once)."""
    env = {**os.environ, "COLUMNS": "200", "NO_COLOR": "1", "TERM": "dumb"}
    helps = {
        command: subprocess.Popen(
            [*hhtool, command, "--help"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env
        )
        for command in commands
    }
    return {command: "--jobs" in process.communicate()[0] for command, process in helps.items()}


# -- measurements ---------------------------------------------------------------------------------------
def measure(name: str, jobs: int, hands: int, runs: int, commands, ok_codes=(0,), cleanup=None) -> dict:
    """Best (by wall time) of `runs` runs of the commands made by `commands()` (all started together)."""
    best = None
    for _ in range(runs):
        run = ChildRun(commands(), pin=idlest_cpu() if jobs == 1 else None)
        if cleanup:
            cleanup()
        bad = [(code, err) for code, err in zip(run.returncodes, run.stderr) if code not in ok_codes]
        if bad:
            code, err = bad[0]
            return {"name": name, "jobs": jobs, "error": f"exit code {code}: {err.strip()[-800:]}"}
        if best is None or run.wall < best.wall:
            best = run
    return {
        "name": name,
        "jobs": jobs,
        "hands": hands,
        "wall_s": best.wall,
        "cpu_s": best.cpu,
        "hands_per_s": hands / best.wall,
        "hands_per_cpu_s": hands / best.cpu if best.cpu else None,
        "processes": len(best.rss_each),
        "peak_rss_mb": best.max_rss / MB,
        "total_rss_mb": best.tree_peak / MB if best.tree_peak is not None else None,
    }


def not_available(name: str, jobs: int, why: str) -> dict:
    return {"name": name, "jobs": jobs, "na": why}


def cli_measurements(
    path: Path,
    hands: int,
    jobs_list: list[int],
    runs: int,
    hhtool: list[str],
    work: Path,
    only_export: bool = False,
    game: str = "holdem",
) -> list[dict]:
    """parse, validate and export of `path` (a `game` input: each result says which) for every job count."""
    results = []
    has_jobs = supports_jobs(hhtool, ("parse", "validate", "export"))
    print(
        "--jobs in the CLI: " + ", ".join(f"{c} {'yes' if v else 'no'}" for c, v in has_jobs.items()),
        file=sys.stderr,
        flush=True,
    )

    def progress(result: dict) -> dict:
        shown = (
            f"{result['hands_per_s']:,.0f} hands/s"
            if "hands_per_s" in result
            else result.get("na") or result.get("error")
        )
        result["game"] = game
        print(f"  {_label(result)} jobs={result['jobs']}: {shown}", file=sys.stderr, flush=True)
        results.append(result)
        return result

    for jobs in [] if only_export else jobs_list:
        if jobs == 1 or has_jobs["parse"]:
            option = ["--jobs", str(jobs)] if has_jobs["parse"] else []
            progress(
                measure(
                    "parse",
                    jobs,
                    hands,
                    runs,
                    lambda option=option: [[*hhtool, "parse", *option, "--format", "text", str(path)]],
                )
            )
        else:
            pieces = split_file(path, jobs, work / f"pieces-{jobs}")
            result = measure(
                "parse",
                jobs,
                hands,
                runs,
                lambda pieces=pieces: [[*hhtool, "parse", "--format", "text", str(p)] for p in pieces],
            )
            result["note"] = f"{len(pieces)} pieces, one parse process each"
            progress(result)
            shutil.rmtree(work / f"pieces-{jobs}", ignore_errors=True)
    for jobs in [] if only_export else jobs_list:
        if has_jobs["validate"] or jobs == 1:
            option = ["--jobs", str(jobs)] if has_jobs["validate"] else []
            progress(
                measure(
                    "validate",
                    jobs,
                    hands,
                    runs,
                    ok_codes=(0, 1),
                    commands=lambda option=option: [[*hhtool, "validate", *option, "--format", "jsonl", str(path)]],
                )
            )
        else:
            progress(not_available("validate", jobs, "n/a (no --jobs yet)"))
    # --million: the largest job count (1 while the CLI has no --jobs)
    for jobs in ([jobs_list[-1]] if has_jobs["export"] else [1]) if only_export else jobs_list:
        if has_jobs["export"] or jobs == 1:
            option = ["--jobs", str(jobs)] if has_jobs["export"] else []
            out = work / f"dataset-{jobs}"

            def fresh(out=out, option=option):
                shutil.rmtree(out, ignore_errors=True)
                return [[*hhtool, "export", *option, "--out", str(out), str(path)]]

            progress(measure("export", jobs, hands, runs, fresh, cleanup=lambda out=out: shutil.rmtree(out, True)))
        else:
            progress(not_available("export", jobs, "n/a (no --jobs yet)"))
    return results


def _label(result: dict) -> str:
    """`validate`, or `validate (Omaha)` for a measurement of the Omaha input."""
    return result["name"] if result.get("game", "holdem") == "holdem" else f"{result['name']} (Omaha)"


def beside(results: list[dict]) -> list[dict]:
    """The measurements with each Omaha one right after the Hold'em one of the same command and jobs."""
    holdem = [r for r in results if r.get("game", "holdem") == "holdem"]
    others = [r for r in results if r not in holdem]
    ordered = []
    for r in holdem:
        ordered.append(r)
        ordered += [o for o in others if (o["name"], o["jobs"]) == (r["name"], r["jobs"])]
    return ordered + [o for o in others if o not in ordered]


def omaha_ratios(results: list[dict]) -> list[str]:
    """`validate 1 core 0.62x`: Omaha's hands/s over Hold'em's, per command and jobs measured on both."""
    rates = {(r["name"], r["jobs"], r.get("game", "holdem")): r.get("hands_per_s") for r in results}
    out = []
    for (name, jobs, game), rate in rates.items():
        holdem = rates.get((name, jobs, "holdem"))
        if game != "holdem" and rate and holdem:
            out.append(f"{name} {'1 core' if jobs == 1 else f'{jobs} jobs'} {rate / holdem:.2f}x")
    return out


# -- PokerKit side by side (child process) --------------------------------------------------------------
def compare_child(path: str, limit: int, round_size: int) -> None:
    """Print one JSON object: hhtool and PokerKit on the first `limit` hands of `path`, in alternating rounds
    of `round_size` hands (each hand timed on its own)."""
    import warnings
    from collections import Counter

    cpu = idlest_cpu()
    if cpu is not None:
        with contextlib.suppress(OSError):
            os.sched_setaffinity(0, {cpu})
    from pokerkit.notation import PokerStarsParser

    from hhtool.dialects.pokerstars.reader import parser as pokerstars_parser
    from hhtool.grammar import Status, parse_block
    from hhtool.io import read_blocks
    from hhtool.io.split import Block
    from hhtool.rules.ranking import evaluate
    from hhtool.rules.ruleset import RuleSet
    from hhtool.validate import validate_hand

    blocks = []
    for item in read_blocks(Path(path)):
        if isinstance(item, Block) and item.dialect is not None:
            blocks.append(item)
            if len(blocks) >= limit:
                break
    rules = RuleSet()
    pokerstars_parser()  # one-off per process: not timed
    evaluate(("As", "Ks", "Qs", "Js", "Ts"))
    parser = PokerStarsParser()
    clock = time.perf_counter
    # seconds: [hhtool parse, hhtool validate, pokerkit parse, pokerkit replay], on all and on accepted hands
    on_all, on_accepted = [0.0] * 4, [0.0] * 4
    accepted, hhtool_parsed = 0, 0
    rejected: Counter = Counter()
    by_kind: dict[str, list[int]] = {}  # game (limit, antes) -> [hands, accepted by PokerKit]
    with open(os.devnull, "w") as sink, contextlib.redirect_stderr(sink), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PokerKit warns for each hand (unknown PHH field) and on rejects
        for start in range(0, len(blocks), round_size):
            round_blocks = blocks[start : start + round_size]
            ours = []
            for block in round_blocks:
                t0 = clock()
                parsed = parse_block(block)
                t1 = clock()
                if parsed.status is Status.PARSED:
                    validate_hand(parsed.hand, rules)
                    hhtool_parsed += 1
                t2 = clock()
                ours.append((t1 - t0, t2 - t1))
            for block, (parse_s, replay_s) in zip(round_blocks, ours):
                t2 = clock()
                reason = None
                try:
                    hand_history = next(parser(block.text, error_status=True))
                except Exception as exc:  # noqa: BLE001 - any failure is a rejected hand
                    reason = "parse: " + _reason(exc.__context__ or exc)  # the cause, not "Unable to parse <text>"
                t3 = clock()
                if reason is None:
                    try:
                        for _state in hand_history:
                            pass
                    except Exception as exc:  # noqa: BLE001
                        reason = "replay: " + _reason(exc)
                t4 = clock()
                spent = (parse_s, replay_s, t3 - t2, t4 - t3)
                for i, seconds in enumerate(spent):
                    on_all[i] += seconds
                first_line = block.text.partition("\n")[0]
                kind = next((name for marker, name in _LIMITS if marker in first_line), "other")
                if "posts the ante" in block.text:
                    kind += " with antes"
                by_kind.setdefault(kind, [0, 0])
                by_kind[kind][0] += 1
                if reason is None:
                    by_kind[kind][1] += 1
                    accepted += 1
                    for i, seconds in enumerate(spent):
                        on_accepted[i] += seconds
                else:
                    rejected[reason] += 1
    print(
        json.dumps(
            {
                "hands": len(blocks),
                "hhtool_parsed": hhtool_parsed,
                "accepted": accepted,
                "rejected": dict(rejected.most_common()),
                "by_game": by_kind,
                "seconds_all": on_all,
                "seconds_accepted": on_accepted,
                "cpu": cpu,
                "round": round_size,
            }
        )
    )


def _reason(exc: BaseException) -> str:
    """A rejection reason to count: the exception's type and first line, numbers and quotes elided."""
    text = str(exc).splitlines()[0] if str(exc) else ""
    return f"{type(exc).__name__}: {_ELIDE.sub('…', text)[:70]}"


def pokerkit_comparison(path: Path, limit: int, round_size: int) -> dict:
    """The comparison in rounds of `round_size` hands and, beside it under "cold", in rounds of one hand."""
    if importlib.util.find_spec("pokerkit") is None:
        return {"installed": False}
    result = _compare(path, limit, round_size)
    if round_size != 1 and "error" not in result:
        result["cold"] = _compare(path, limit, 1)
    return result


def _compare(path: Path, limit: int, round_size: int) -> dict:
    print(
        f"PokerKit and hhtool in one process on the first {limit:,} hands, rounds of {round_size} ...",
        file=sys.stderr,
        flush=True,
    )
    run = ChildRun(
        [[sys.executable, __file__, "--compare-child", str(path), str(limit), str(round_size)]], capture=True
    )
    raise_if = [code for code in run.returncodes if code]
    if raise_if:
        return {"installed": True, "error": run.stderr[0].strip()[-800:]}
    return {
        "installed": True,
        "version": metadata.version("pokerkit"),
        "peak_rss_mb": run.max_rss / MB,
        **json.loads(run.outputs[0].strip().splitlines()[-1]),
    }


# -- report --------------------------------------------------------------------------------------------------
def rate(hands: int, seconds: float) -> float | None:
    return hands / seconds if seconds > 0 else None


def fmt_rate(value: float | None) -> str:
    return f"{value:,.0f}" if value else "-"


def render(
    info: dict,
    args,
    path: Path,
    generated: bool,
    results: list[dict],
    pokerkit: dict | None,
    omaha: tuple[Path, bool] | None = None,
) -> str:
    lines = [
        "hhtool throughput",
        (
            f"machine   {info['cpu_count']} CPUs ({info['usable_cpus']} usable) {info['cpu_model']}; Python {info['python']}; "
            f"{info['platform']}"
        ),
        (
            f"started   {info['date']}; load average {' '.join(f'{x:.2f}' for x in info['load_average'])} (1/5/15 min); "
            f"hhtool {info['hhtool_commit']}, {info['hhtool_build']}"
        ),
        (
            f"input     {path} ({path.stat().st_size / MB:,.1f} MB, {args.hands:,} generated hands, seed {args.seed}, "
            f"mixed games; {'written now' if generated else 'cached'})"
        ),
        f"runs      best of {args.runs} by wall time; every run a separate process; 1 core = pinned to the idlest CPU",
        "",
    ]
    if omaha is not None:
        lines.insert(
            4,
            (
                f"omaha     {omaha[0]} ({omaha[0].stat().st_size / MB:,.1f} MB, {args.omaha_hands:,} generated "
                f"4-card Omaha hands, seed {args.seed}, mixed games, pot limit mostly; "
                f"{'written now' if omaha[1] else 'cached'})"
            ),
        )
    head = ("measurement", "jobs", "hands/s", "wall s", "CPU s", "hands/CPU s", "peak RSS MB", "total MB")
    rows = [head]
    notes = []
    for r in beside(results):
        label = _label(r)
        jobs = str(r["jobs"]) if r["jobs"] > 1 else "1 core"
        if "na" in r or "error" in r:
            rows.append((label, jobs, r.get("na") or "FAILED", "", "", "", "", ""))
            if "error" in r:
                notes.append(f"{r['name']} jobs={r['jobs']} failed: {r['error']}")
            continue
        total = f"{r['total_rss_mb']:,.0f}" if r["total_rss_mb"] is not None else "n/a"
        rows.append(
            (
                label,
                jobs,
                fmt_rate(r["hands_per_s"]),
                f"{r['wall_s']:.1f}",
                f"{r['cpu_s']:.1f}",
                fmt_rate(r["hands_per_cpu_s"]),
                f"{r['peak_rss_mb']:,.0f}",
                total,
            )
        )
        if r.get("note"):
            notes.append(f"{r['name']} jobs={r['jobs']}: {r['note']}")
    widths = [max(len(row[i]) for row in rows) for i in range(len(head))]
    for index, row in enumerate(rows):
        lines.append("  ".join(cell.ljust(widths[i]) if i < 2 else cell.rjust(widths[i]) for i, cell in enumerate(row)))
        if index == 0:
            lines.append("  ".join("-" * w for w in widths))
    lines += [f"note: {n}" for n in notes]
    ratios = omaha_ratios(results)
    if ratios:
        lines.append(f"Omaha / Hold'em hands/s: {', '.join(ratios)}")
    exports = [
        r for r in results if r["name"] == "export" and "hands_per_s" in r and r.get("game", "holdem") == "holdem"
    ]
    if args.million and exports:
        peak = max(r["peak_rss_mb"] for r in exports)
        total = max(r["total_rss_mb"] or 0 for r in exports)
        lines.append(
            f"target    1M hands: peak RSS < {RSS_TARGET_MB} MB for the largest process: {_verdict(peak, RSS_TARGET_MB)} "
            f"({peak:,.0f} MB); < {TOTAL_TARGET_MB} MB for all processes together: "
            f"{_verdict(total, TOTAL_TARGET_MB)} ({total:,.0f} MB PSS)"
        )
    if pokerkit is not None:
        lines += ["", *render_pokerkit(pokerkit, exports)]
    lines.append("")
    lines.append(f"finished  {time.strftime('%H:%M:%S')}; load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return "\n".join(lines)


def _verdict(mb: float, target: float) -> str:
    return "met" if mb < target else "NOT met"


def render_pokerkit(pk: dict, exports: list[dict]) -> list[str]:
    if not pk.get("installed"):
        return ["PokerKit: pokerkit not installed (pip install pokerkit) - comparison skipped"]
    if "error" in pk:
        return [f"PokerKit: comparison failed: {pk['error']}"]
    n, ok = pk["hands"], pk["accepted"]
    lines = [
        (
            f"PokerKit {pk['version']} vs hhtool, same process, one CPU, first {n:,} hands of the file, in alternating "
            f"rounds of {pk['round']} hands "
            f"(peak RSS of that process {pk['peak_rss_mb']:,.0f} MB)"
        ),
        f"  PokerKit accepted {ok:,} of {n:,} hands ({ok / n:.1%}), rejected {n - ok:,}; hhtool parsed {pk['hhtool_parsed']:,}",
    ]
    lines.append(
        "    accepted by game: "
        + ", ".join(f"{kind} {ok_:,}/{all_:,}" for kind, (all_, ok_) in sorted(pk["by_game"].items()))
    )
    lines += [f"    {count:,} rejected: {reason}" for reason, count in pk["rejected"].items()]
    acc, every = pk["seconds_accepted"], pk["seconds_all"]
    head = ("hands/s, one core", "parse", "replay", "parse + replay")
    rows = [head]
    for label, seconds, count in (
        ("hhtool, PokerKit-accepted hands", acc[0:2], ok),
        ("PokerKit, accepted hands", acc[2:4], ok),
        ("hhtool, all sample hands", every[0:2], n),
        ("PokerKit, all sample hands (rejects too)", every[2:4], n),
    ):
        rows.append(
            (
                label,
                fmt_rate(rate(count, seconds[0])),
                fmt_rate(rate(count, seconds[1])),
                fmt_rate(rate(count, sum(seconds))),
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(head))]
    for index, row in enumerate(rows):
        lines.append("  " + "  ".join(c.ljust(widths[i]) if i == 0 else c.rjust(widths[i]) for i, c in enumerate(row)))
        if index == 0:
            lines.append("  " + "  ".join("-" * w for w in widths))
    lines.append(
        "  (PokerKit's parse replays the actions once to build its HandHistory; its replay is a second pass. "
        "hhtool: parse_block, then validate_hand.)"
    )
    hh = rate(ok, acc[0] + acc[1])
    pkr = rate(ok, acc[2] + acc[3])
    if hh and pkr:
        lines.append(f"  ratio hhtool / PokerKit, parse + replay, one core, accepted hands: {hh / pkr:,.1f}x")
    cold = pk.get("cold")
    if cold and "error" not in cold and cold["accepted"]:
        seconds = cold["seconds_accepted"]
        hh_cold, pk_cold = (
            rate(cold["accepted"], seconds[0] + seconds[1]),
            rate(cold["accepted"], seconds[2] + seconds[3]),
        )
        if hh_cold and pk_cold:
            lines.append(
                f"  cold, rounds of one hand (each hhtool hand right after a PokerKit one): hhtool "
                f"{hh_cold:,.0f}/s, PokerKit {pk_cold:,.0f}/s, ratio {hh_cold / pk_cold:,.1f}x"
            )
    elif cold:
        lines.append(f"  cold, rounds of one hand: failed: {cold.get('error', 'no accepted hands')}")
    if exports and pkr:
        best = max(exports, key=lambda r: r["jobs"])
        lines.append(
            f"  ratio hhtool export end to end ({best['jobs']} job{'s' if best['jobs'] > 1 else ''}, "
            f"{best['hands_per_s']:,.0f} hands/s, whole file) / PokerKit parse + replay (one core): "
            f"{best['hands_per_s'] / pkr:,.1f}x"
        )
    return lines


# -- main --------------------------------------------------------------------------------------------------
def jobs_list(values: list[str] | None) -> list[int]:
    if not values:
        return sorted({1, os.cpu_count() or 1})
    jobs = sorted({int(v) for value in values for v in value.split(",") if v.strip()})
    if not jobs or jobs[0] < 1:
        raise argparse.ArgumentTypeError("--jobs takes positive integers")
    return jobs


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=100_000, help="hands to generate (default 100000)")
    parser.add_argument("--seed", type=int, default=1, help="generator seed (default 1)")
    parser.add_argument(
        "--omaha-hands",
        type=int,
        help="Omaha hands to generate and measure beside Hold'em's (default: as many as --hands; 0 skips them)",
    )
    parser.add_argument(
        "--jobs",
        nargs="+",
        metavar="N",
        help="job counts, e.g. --jobs 1 2 or --jobs 1,2 (default: 1 and os.cpu_count())",
    )
    parser.add_argument(
        "--pokerkit-hands",
        type=int,
        default=5000,
        help="hands of the file for the PokerKit comparison (default 5000; 0 skips it)",
    )
    parser.add_argument(
        "--pokerkit-round",
        type=int,
        default=100,
        help="hands per alternating round of the PokerKit comparison (default 100; 1 is hand by hand, the cold figure)",
    )
    parser.add_argument("--runs", type=int, default=1, help="runs of each measurement; the best is shown (default 1)")
    parser.add_argument("--out-json", type=Path, help="also write the results as JSON to this file")
    parser.add_argument(
        "--cache",
        type=Path,
        default=Path(os.environ.get("HHTOOL_BENCH_CACHE") or Path(tempfile.gettempdir()) / "hhtool-bench-cache"),
        help="folder of the generated input files (default $HHTOOL_BENCH_CACHE or <tmp>/hhtool-bench-cache)",
    )
    parser.add_argument("--regenerate", action="store_true", help="write the input file again even if cached")
    parser.add_argument("--million", action="store_true", help="only export --jobs N peak RSS on 1,000,000 hands")
    parser.add_argument("--compare-child", nargs=3, metavar=("FILE", "HANDS", "ROUND"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.compare_child:
        compare_child(args.compare_child[0], int(args.compare_child[1]), int(args.compare_child[2]))
        return 0
    try:
        jobs = jobs_list(args.jobs)
    except (ValueError, argparse.ArgumentTypeError):
        parser.error("--jobs takes positive integers, e.g. --jobs 1 2 or --jobs 1,2")
    if args.million:
        args.hands = 1_000_000
    if args.pokerkit_round < 1:
        parser.error("--pokerkit-round must be at least 1")
    if args.hands < 1:
        parser.error("--hands must be at least 1")
    if args.omaha_hands is None:
        args.omaha_hands = 0 if args.million else args.hands
    if args.omaha_hands < 0:
        parser.error("--omaha-hands must be 0 or more")
    info = machine_info()
    hhtool = hhtool_command()
    path, generated = cached_input(args.cache, args.hands, args.seed, args.regenerate, hhtool)
    omaha = None
    if args.omaha_hands:
        omaha = cached_input(args.cache, args.omaha_hands, args.seed, args.regenerate, hhtool, "omaha")
    with tempfile.TemporaryDirectory(prefix="hhtool-throughput-") as folder:
        results = cli_measurements(path, args.hands, jobs, args.runs, hhtool, Path(folder), only_export=args.million)
        if omaha is not None:
            work = Path(folder) / "omaha"
            work.mkdir()
            results += cli_measurements(
                omaha[0], args.omaha_hands, jobs, args.runs, hhtool, work, only_export=args.million, game="omaha"
            )
    pokerkit = None
    if not args.million and args.pokerkit_hands > 0:
        pokerkit = pokerkit_comparison(path, args.pokerkit_hands, args.pokerkit_round)
    print(render(info, args, path, generated, results, pokerkit, omaha))
    if args.out_json:
        args.out_json.write_text(
            json.dumps(
                {
                    "machine": info,
                    "input": {"file": str(path), "hands": args.hands, "seed": args.seed, "bytes": path.stat().st_size},
                    "omaha_input": (
                        {
                            "file": str(omaha[0]),
                            "hands": args.omaha_hands,
                            "seed": args.seed,
                            "bytes": omaha[0].stat().st_size,
                        }
                        if omaha is not None
                        else None
                    ),
                    "runs": args.runs,
                    "measurements": results,
                    "pokerkit": pokerkit,
                    "finished": time.strftime("%Y-%m-%d %H:%M:%S %Z"),
                    "load_average_end": list(os.getloadavg()),
                },
                indent=2,
            )
            + "\n"
        )
    failed = any("error" in r for r in results) or bool(pokerkit and "error" in pokerkit)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
