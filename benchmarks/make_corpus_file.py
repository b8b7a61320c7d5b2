"""Build the parse benchmark input: every PokerStars Hold'em hand of the corpus, repeated to a size.

Usage: python benchmarks/make_corpus_file.py CORPUS_DIR OUT_FILE [--mb 20]
The hands are taken as hhtool reads them (so the file is clean UTF-8 with LF line ends) and
written the PokerStars way, three blank lines apart.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from hhtool.grammar import Status, parse_block
from hhtool.io import expand_paths, read_blocks
from hhtool.io.split import Block


def corpus_hands(corpus: Path) -> list[str]:
    hands = []
    for path, problem in expand_paths([corpus]):
        if problem:
            continue
        for block in read_blocks(path):
            if (
                isinstance(block, Block)
                and block.dialect == "pokerstars"
                and parse_block(block).status is Status.PARSED
            ):
                hands.append(block.text.rstrip("\n"))
    return hands


def write_corpus_file(corpus: Path, out_path: Path, mb: float = 20.0) -> int:
    """Write the corpus's hands, repeated to about `mb` MB, to `out_path`; the number of hands, 0 if none."""
    hands = corpus_hands(corpus)
    if not hands:
        print("no PokerStars Hold'em hand found", file=sys.stderr)
        return 0
    chunk = "\n\n\n\n".join(hands) + "\n\n\n\n"
    target = int(mb * 1_000_000)
    written = count = 0
    with open(out_path, "w", encoding="utf-8", newline="\n") as out:
        while written < target:
            out.write(chunk)
            written += len(chunk.encode("utf-8"))
            count += len(hands)
    print(f"{out_path}: {count} hands, {written / 1e6:.1f} MB ({len(hands)} distinct)", file=sys.stderr)
    return count


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("corpus", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--mb", type=float, default=20.0)
    args = parser.parse_args()
    return 0 if write_corpus_file(args.corpus, args.out, args.mb) else 2


if __name__ == "__main__":
    raise SystemExit(main())
