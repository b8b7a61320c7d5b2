"""Parse speed on one core: read + split + parse of every hand of a file, best of N runs.

Usage: python benchmarks/parse_benchmark.py [FILE] [--runs N]

Without FILE, the benchmark input is built first (into a temporary folder) from the corpus at
$HHTOOL_CORPUS or ../shared/corpus, as benchmarks/make_corpus_file.py does. The process is pinned
to one CPU. All runs happen in one process, so the parser's line memos are warm after the first
run, as in a long run over many files. Peak memory is measured on a separate run before those,
with empty memos (the grammar is loaded first and not counted): tracemalloc's peak of Python
allocations, and the process's maximum resident set size at the end.

Mind the input: the default file repeats the corpus's ~1,200 distinct hands about twelve times,
so a line seen before is the rule there; real files repeat less (other tables, other stacks).
"""

from __future__ import annotations

import argparse
import tempfile
from collections import Counter
from pathlib import Path

from _common import build_corpus_file, max_rss, pin_one_core, table, timed_runs, traced_peak

from hhtool import compiled
from hhtool.dialects.pokerstars.reader import parser as pokerstars_parser
from hhtool.grammar import parse_block
from hhtool.io import read_blocks
from hhtool.io.split import Block


def split_only(path: Path) -> int:
    return sum(1 for item in read_blocks(path) if isinstance(item, Block) and item.dialect is not None)


def parse_all(path: Path) -> Counter:
    """Read, split and parse every hand of `path`; count results by status."""
    statuses: Counter = Counter()
    for item in read_blocks(path):
        if isinstance(item, Block) and item.dialect is not None:
            statuses[parse_block(item).status.value] += 1
    return statuses


def lines_per_hand(path: Path) -> tuple[float, float]:
    """Lines per hand: non-blank (one token each), and all lines of the block."""
    blocks = [b for b in read_blocks(path) if isinstance(b, Block) and b.dialect is not None]
    lines = sum(sum(1 for line in b.text.split("\n") if line) for b in blocks)
    every = sum(b.text.count("\n") for b in blocks)
    return (lines / len(blocks), every / len(blocks)) if blocks else (0.0, 0.0)


def run(path: Path, runs: int) -> None:
    core = pin_one_core()
    pokerstars_parser()  # builds the grammar once per process: not timed
    statuses: Counter = Counter()
    peak = traced_peak(lambda: statuses.update(parse_all(path)))
    hands = sum(statuses.values())
    if not hands:
        raise SystemExit(f"{path}: no hand found")
    split_times = timed_runs(lambda: split_only(path), runs)
    parse_times = timed_runs(lambda: parse_all(path), runs)
    size = path.stat().st_size
    tokens, lines = lines_per_hand(path)
    print(
        table(
            [
                (
                    "file",
                    f"{path} ({size / 1e6:.1f} MB, {hands:,} hands: "
                    + ", ".join(f"{n:,} {s}" for s, n in statuses.most_common())
                    + ")",
                ),
                ("lines per hand", f"{tokens:.1f} non-blank ({lines:.1f} with blank lines)"),
                ("runs", f"{runs}, one process, {core}"),
                ("build", compiled.describe()),
                ("read+split", f"{hands / min(split_times):,.0f} hands/s (best)"),
                (
                    "read+split+parse",
                    (
                        f"{hands / min(parse_times):,.0f} hands/s (best; median "
                        f"{hands / sorted(parse_times)[len(parse_times) // 2]:,.0f})"
                    ),
                ),
                ("parse only (derived)", f"{hands / (min(parse_times) - min(split_times)):,.0f} hands/s"),
                ("peak memory", f"tracemalloc {peak / 1e6:.1f} MB, ru_maxrss {max_rss() / 1e6:.1f} MB"),
            ]
        )
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file", nargs="?", type=Path, help="a hand history file (default: build one from the corpus)")
    parser.add_argument("--runs", type=int, default=5, help="timed runs; the best is reported (default 5)")
    args = parser.parse_args()
    if args.file is not None:
        run(args.file, args.runs)
        return 0
    with tempfile.TemporaryDirectory(prefix="hhtool-bench-") as folder:
        run(build_corpus_file(Path(folder) / "corpus20.txt"), args.runs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
