"""Validation speed on one core: parse only, validate only, parse + validate; best of N runs.

Usage: python benchmarks/validate_benchmark.py [FILE] [--runs N] [--unique]

Without FILE, the benchmark input is built first (into a temporary folder) from the corpus at
$HHTOOL_CORPUS or ../shared/corpus, as benchmarks/make_corpus_file.py does. The process is pinned
to one CPU and every figure is the best of N runs in this one process. The corpus file repeats its
~1,170 distinct hands, so `--unique` also measures 20,000 freshly generated hands (`hhtool
generate`, seed 1, mixed games), where no line and no hand has been seen before.

- parse only: read + split + parse of every hand of the file.
- validate only: replay + settlement (`hhtool.validate.validate_hand`) of the hands parsed once
  beforehand and kept in memory.
- parse + validate: both, hand by hand, streaming (nothing kept): what `hhtool validate` costs per
  hand before its cross-hand checks and its output. Those are left out on purpose: they skip a
  hand whose text was seen before (HH414), and the default file repeats the corpus's hands.

Peak memory is measured on a separate streaming parse + validate run before the timed ones, with
empty parser memos (the grammar is loaded first and not counted): tracemalloc's peak of Python
allocations; ru_maxrss is the process's maximum resident set size at the end (it includes the
parsed hands the validate-only runs keep in memory).
"""

from __future__ import annotations

import argparse
import tempfile
from collections import Counter
from pathlib import Path

from _common import build_corpus_file, max_rss, pin_one_core, table, timed_runs, traced_peak

from hhtool import compiled
from hhtool.dialects.pokerstars.reader import parser as pokerstars_parser
from hhtool.findings import Severity
from hhtool.generate import write_hands
from hhtool.grammar import Status, parse_block
from hhtool.io import read_blocks
from hhtool.io.split import Block
from hhtool.model import Hand
from hhtool.rules.ranking import evaluate
from hhtool.rules.ruleset import RuleSet
from hhtool.validate import validate_hand

RULES = RuleSet()


def blocks_of(path: Path):
    return (item for item in read_blocks(path) if isinstance(item, Block) and item.dialect is not None)


def parse_all(path: Path) -> list[Hand]:
    """Read, split and parse every hand of `path`; the hands that parsed."""
    hands = []
    for block in blocks_of(path):
        parsed = parse_block(block)
        if parsed.status is Status.PARSED:
            hands.append(parsed.hand)
    return hands


def validate_all(hands: list[Hand]) -> Counter:
    """Replay and settle every hand; count them as valid or invalid (an error finding)."""
    verdicts: Counter = Counter()
    for hand in hands:
        state = validate_hand(hand, RULES)
        verdicts["invalid" if any(f.severity is Severity.ERROR for f in state.findings) else "valid"] += 1
    return verdicts


def parse_and_validate(path: Path) -> int:
    """Read, split, parse, replay and settle hand by hand, keeping nothing; the hands validated."""
    count = 0
    for block in blocks_of(path):
        parsed = parse_block(block)
        if parsed.status is Status.PARSED:
            validate_hand(parsed.hand, RULES)
            count += 1
    return count


def rate(count: int, times: list[float]) -> str:
    return f"{count / min(times):,.0f} hands/s (best; median {count / sorted(times)[len(times) // 2]:,.0f})"


def run(path: Path, runs: int) -> None:
    core = pin_one_core()
    pokerstars_parser()  # builds the grammar once per process: not timed
    evaluate(("As", "Ks", "Qs", "Js", "Ts"))  # builds the hand-rank tables once per process: not timed
    peak = traced_peak(lambda: parse_and_validate(path))
    hands = parse_all(path)
    if not hands:
        raise SystemExit(f"{path}: no hand that parses")
    blocks = sum(1 for _ in blocks_of(path))
    verdicts = validate_all(hands)
    parse_times = timed_runs(lambda: parse_all(path), runs)
    validate_times = timed_runs(lambda: validate_all(hands), runs)
    both_times = timed_runs(lambda: parse_and_validate(path), runs)
    print(
        table(
            [
                (
                    "file",
                    f"{path} ({path.stat().st_size / 1e6:.1f} MB, {blocks:,} hands, {len(hands):,} parsed: "
                    + ", ".join(f"{n:,} {v}" for v, n in verdicts.most_common())
                    + ")",
                ),
                ("runs", f"{runs}, one process, {core}"),
                ("build", compiled.describe()),
                ("parse only", rate(blocks, parse_times)),
                ("validate only", rate(len(hands), validate_times)),
                ("parse + validate", rate(blocks, both_times)),
                (
                    "peak memory",
                    f"tracemalloc {peak / 1e6:.1f} MB (streaming parse + validate), ru_maxrss {max_rss() / 1e6:.1f} MB",
                ),
            ]
        )
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file", nargs="?", type=Path, help="a hand history file (default: build one from the corpus)")
    parser.add_argument("--runs", type=int, default=5, help="timed runs; the best is reported (default 5)")
    parser.add_argument("--unique", action="store_true", help="also measure 20,000 generated hands")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="hhtool-bench-") as folder:
        run(args.file or build_corpus_file(Path(folder) / "corpus20.txt"), args.runs)
        if args.unique:
            generated = Path(folder) / "generated.txt"
            write_hands(generated, 20_000, 1, "mix", (2, 9))
            print()
            run(generated, args.runs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
