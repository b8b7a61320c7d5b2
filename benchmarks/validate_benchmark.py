"""Validation throughput on one core: parse only, validate only, and parse + validate.

Usage: python benchmarks/validate_benchmark.py [FILE] [--runs N] [--unique]
Without FILE the corpus benchmark file is built (see make_corpus_file.py). The corpus file repeats
its ~1,170 distinct hands, so `--unique` also runs on freshly generated hands (`hhtool generate`),
where no line has been seen before: the honest figure for new data.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import build_corpus_file, max_rss, pin_one_core, table, timed_runs  # noqa: E402

from hhtool.generate import write_hands  # noqa: E402
from hhtool.grammar import parse_block  # noqa: E402
from hhtool.io import read_blocks  # noqa: E402
from hhtool.io.split import Block  # noqa: E402
from hhtool.rules.ruleset import RuleSet  # noqa: E402
from hhtool.validate import validate_hand  # noqa: E402


def measure(path: Path, runs: int) -> list[tuple[str, str]]:
    blocks = [b for b in read_blocks(path) if isinstance(b, Block)]
    hands = [r.hand for r in map(parse_block, blocks) if r.hand is not None]
    rules = RuleSet()

    def parse() -> None:
        for block in blocks:
            parse_block(block)

    def validate() -> None:
        for hand in hands:
            validate_hand(hand, rules)

    def both() -> None:
        for block in read_blocks(path):
            if isinstance(block, Block):
                result = parse_block(block)
                if result.hand is not None:
                    validate_hand(result.hand, rules)

    n = len(blocks)
    rows = [("file", f"{path} ({n:,} hands, {len(hands):,} parsed)")]
    for name, fn in (("parse only", parse), ("validate only", validate), ("read + parse + validate", both)):
        best = min(timed_runs(fn, runs))
        rows.append((name, f"{n / best:,.0f} hands/s (best of {runs})"))
    rows.append(("peak memory", f"ru_maxrss {max_rss() / 1e6:.0f} MB"))
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("file", nargs="?", type=Path)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--unique", action="store_true", help="also measure on 20,000 generated hands")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = args.file or build_corpus_file(Path(tmp) / "corpus.txt")
        print(f"one core: {pin_one_core()}")
        print(table(measure(path, args.runs)))
        if args.unique:
            generated = Path(tmp) / "generated.txt"
            write_hands(generated, 20_000, 1, "mix", (2, 9))
            print(table(measure(generated, args.runs)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
