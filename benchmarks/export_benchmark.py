"""Export throughput: validate every hand of a file and write the Parquet dataset, on one core.

Usage: python benchmarks/export_benchmark.py [FILE] [--runs N]

FILE defaults to /tmp/bench/corpus20.txt when it exists, else it is built (into a temporary folder)
from the corpus at $HHTOOL_CORPUS or ../shared/corpus, as benchmarks/make_corpus_file.py does.
That file repeats the corpus's PokerStars hands to 20 MB, so most of its hands are exact
duplicates, which the export recognises and skips. Two inputs are therefore measured:

- "unique ids": the same hands with each copy given its own hand id, so every hand is replayed and
  written (the export's full path: parse, replay, rows, Parquet);
- "as is": the file itself (the first copy of each hand is written, the duplicates are skipped).

Each run is a fresh process pinned to one CPU, exporting into an empty folder: wall time from the
first byte read to the committed dataset, hands/s (hands read) and rows/s (rows written over all
six tables), and the process's peak resident set size (ru_maxrss), next to its size once hhtool,
pandas and pyarrow are imported (before the export). The CPU time of each run is shown too: on a
busy machine the wall-clock figures fall, the per-CPU-second ones much less.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
PROJECT = HERE.parent
DEFAULT_FILE = Path("/tmp/bench/corpus20.txt")


def max_rss() -> int:
    """Peak resident set size of this process so far, in bytes."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024


def corpus_dir() -> Path:
    return Path(os.environ.get("HHTOOL_CORPUS") or PROJECT.parent / "shared" / "corpus")


def build_file(folder: Path) -> Path:
    sys.path.insert(0, str(HERE))
    from make_corpus_file import write_corpus_file

    out = folder / "corpus20.txt"
    if not corpus_dir().is_dir() or not write_corpus_file(corpus_dir(), out):
        sys.exit(f"no benchmark file: pass FILE, create {DEFAULT_FILE}, or set HHTOOL_CORPUS")
    return out


_HEADER_ID = re.compile(r"^(PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #)(\d+)", re.MULTILINE)


def unique_ids(source: Path, target: Path) -> int:
    """Copy `source` giving each repeated hand id a copy number in front; the number of hands."""
    seen: dict[str, int] = {}

    def renumber(match: re.Match) -> str:
        copy = seen.get(match.group(2), 0)
        seen[match.group(2)] = copy + 1
        return f"{match.group(1)}{copy + 1}{match.group(2)}" if copy else match.group(0)

    text = source.read_text(encoding="utf-8")
    target.write_text(_HEADER_ID.sub(renumber, text), encoding="utf-8")
    return sum(seen.values())


# -- one run, in its own process -------------------------------------------------------------------
def child(path: str, out: str) -> None:
    try:
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
        pinned = True
    except (AttributeError, OSError):
        pinned = False
    from hhtool.export.run import export_paths
    from hhtool.validate import Summary

    baseline = max_rss()
    summary = Summary()
    cpu_started = time.process_time()
    started = time.perf_counter()
    stats = export_paths([path], out, None, summary)
    elapsed = time.perf_counter() - started
    cpu = time.process_time() - cpu_started
    size = sum(p.stat().st_size for t in stats.rows for p in (Path(out) / t).rglob("*.parquet"))  # current snapshot
    print(
        json.dumps(
            {
                "elapsed": elapsed,
                "cpu": cpu,
                "hands_read": stats.hands_read,
                "hands_written": stats.hands_written,
                "rows": sum(stats.rows.values()),
                "by_table": stats.rows,
                "files": stats.files,
                "bytes": size,
                "rss": max_rss(),
                "baseline_rss": baseline,
                "pinned": pinned,
                "duplicates": summary.by_status["duplicate"],
            }
        )
    )


def run_once(path: Path) -> dict:
    with tempfile.TemporaryDirectory(prefix="hhtool-export-bench-") as folder:
        result = subprocess.run(
            [sys.executable, __file__, "--child", str(path), str(Path(folder) / "ds")],
            capture_output=True,
            text=True,
            check=False,
        )
        if result.returncode:
            sys.exit(f"export run failed:\n{result.stderr}")
        return json.loads(result.stdout.strip().splitlines()[-1])


def measure(label: str, path: Path, runs: int) -> list[tuple[str, str]]:
    results = [run_once(path) for _ in range(runs)]
    best = min(results, key=lambda r: r["elapsed"])
    median = statistics.median(r["elapsed"] for r in results)
    first = results[0]
    rows = ", ".join(f"{t} {n:,}" for t, n in first["by_table"].items())
    return [
        (
            f"{label}: input",
            (
                f"{path} ({path.stat().st_size / 1e6:.1f} MB): {first['hands_read']:,} hands read, "
                f"{first['hands_written']:,} written, {first['duplicates']:,} exact duplicates skipped"
            ),
        ),
        (
            f"{label}: output",
            (f"{first['rows']:,} rows ({rows}); {first['files']} files, {first['bytes'] / 1e6:.1f} MB"),
        ),
        (
            f"{label}: time",
            (
                f"best {best['elapsed']:.2f} s, median {median:.2f} s of {runs} runs "
                f"({'one pinned core' if first['pinned'] else 'not pinned'}); CPU time of the best "
                f"run {best['cpu']:.2f} s (load average {os.getloadavg()[0]:.1f})"
            ),
        ),
        (
            f"{label}: throughput",
            (
                f"{first['hands_read'] / best['elapsed']:,.0f} hands/s read, "
                f"{first['hands_written'] / best['elapsed']:,.0f} hands/s written, "
                f"{first['rows'] / best['elapsed']:,.0f} rows/s (best run); per CPU second "
                f"{first['hands_read'] / best['cpu']:,.0f} hands/s, "
                f"{first['rows'] / best['cpu']:,.0f} rows/s"
            ),
        ),
        (
            f"{label}: peak memory",
            (
                f"ru_maxrss {max(r['rss'] for r in results) / 1e6:.0f} MB "
                f"(after imports, before the export: {first['baseline_rss'] / 1e6:.0f} MB)"
            ),
        ),
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file", nargs="?", type=Path, help=f"hand history file (default {DEFAULT_FILE} or built)")
    parser.add_argument("--runs", type=int, default=3, help="runs of the unique-ids export (default 3)")
    parser.add_argument("--child", nargs=2, metavar=("FILE", "OUT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(*args.child)
        return 0
    with tempfile.TemporaryDirectory(prefix="hhtool-export-bench-") as folder:
        source = args.file or (DEFAULT_FILE if DEFAULT_FILE.is_file() else build_file(Path(folder)))
        unique = Path(folder) / "unique-ids.txt"
        unique_ids(source, unique)
        lines = measure("unique ids", unique, args.runs) + measure("as is", source, 1)
    width = max(len(name) for name, _ in lines)
    print("\n".join(f"{name:<{width}}  {value}" for name, value in lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
