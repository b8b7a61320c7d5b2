"""Hands per second per site dialect: reading (split + parse) and checking (parse + replay + settle),
in one process, so that a new dialect's figures stand beside PokerStars'.

Usage:
    python benchmarks/site_throughput.py                       # every site with an input, 3 runs each
    python benchmarks/site_throughput.py --site ggpoker --runs 5
    python benchmarks/site_throughput.py --site pokerstars --input FILE_OR_FOLDER

Inputs. By default each site reads the same play: `hhtool generate --site SITE --hands N --seed 1 --game
nl` (N 7,441 by default), written by the site's writer, so the figures compare the dialects on equal
hands. `--corpus` reads the corpus instead: GGPoker's Rush & Cash files ($HHTOOL_CORPUS/ggpoker-rush-2025,
7,441 real hands) and PokerStars' fpdb-3/pokerstars folder. A site without a writer (its text cannot say
the hands hhtool plays) always reads its corpus folder (`_CORPUS_FOLDERS`), read again until about
`--hands` hands (at most `--repeat` times, 50 by default), for a steady figure (most folders are small, varied
samples). `--input` takes any file or folder. The texts
are read into memory first (not timed); each run splits, parses and replays them all; the best run is
shown (the machine is shared).

Columns: hands, read hands/s (split + parse), check hands/s (split + parse + replay + settle), and
µs per hand for both.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from hhtool import dialects
from hhtool.dialects.sites import hand_site
from hhtool.findings import Finding
from hhtool.grammar import parse_block
from hhtool.io.paths import expand_paths
from hhtool.io.split import split_chunks
from hhtool.rules.replay import replay
from hhtool.rules.ruleset import RuleSet
from hhtool.rules.settle import settle

SITES = tuple(dict.fromkeys(dialects.replayed_sites()))  # a site read by two dialects (two eras) once


def texts_of(path: Path) -> list[tuple[str, bytes]]:
    """The hand-history files of a file or folder, as hhtool finds them (sidecar files left out)."""
    return [(str(p), p.read_bytes()) for p, problem in expand_paths([path]) if problem is None]


def one_run(texts: list[tuple[str, bytes]], check: bool) -> tuple[int, float]:
    rules = RuleSet()
    hands = 0
    start = time.perf_counter()
    for name, data in texts:
        for block in split_chunks(iter([data]), name):
            if isinstance(block, Finding) or block.dialect is None:
                continue
            result = parse_block(block)
            hands += 1
            if check and result.hand is not None:
                settle(replay(result.hand, rules, site=hand_site(result.hand)))
    return hands, time.perf_counter() - start


def measure(texts, runs: int) -> dict:
    best: dict[str, float] = {}
    hands = 0
    for _ in range(runs):
        for kind, check in (("read", False), ("check", True)):
            hands, seconds = one_run(texts, check)
            best[kind] = min(best.get(kind, seconds), seconds)
    return {"hands": hands, **{kind: hands / seconds for kind, seconds in best.items()}}


_CORPUS_FOLDERS = {
    "ggpoker": "ggpoker-rush-2025",
    "pokerstars": "fpdb-3/pokerstars",
    "partypoker": "fpdb-3/partypoker",
    "ipoker": "fpdb-3/ipoker",
    "888poker": "fpdb-3/888poker",
    "winamax": "fpdb-3/winamax",
    "winning": "fpdb-3/acr-winning",
    "fulltilt": "fpdb-3/fulltilt",
    "bovada": "fpdb-3/bovada-ignition",
    "betonline": "fpdb-3/betonline-chico",
    "phh": "phh",
    "acpc": "acpc",
}


def _no_writer(site: str) -> bool:
    dialect = dialects.by_site(site)
    return dialect is None or dialect.writer is None


def default_input(site: str, hands: int, folder: Path, corpus: bool) -> Path | None:
    """The site's corpus folder (`--corpus`, or a site without a writer), else `hands` generated hands of the site."""
    if corpus or _no_writer(site):
        root = os.environ.get("HHTOOL_CORPUS")
        path = Path(root) / _CORPUS_FOLDERS[site] if root else None
        return path if path is not None and path.is_dir() else None
    out = folder / f"{site}-{hands}.txt"
    name = dialects.by_site(site).name  # `generate --site` takes the dialect's name (`pacific888` for 888poker)
    subprocess.run(
        [
            sys.executable,
            "-c",
            "from hhtool.cli import app; app()",
            "generate",
            "--site",
            name,
            "--out",
            str(out),
            "--hands",
            str(hands),
            "--seed",
            "1",
            "--game",
            "nl",
        ],
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--site", choices=(*SITES, "all"), default="all")
    parser.add_argument("--input", type=Path, help="a file or folder of that site's hands (with one --site)")
    parser.add_argument("--hands", type=int, default=7441, help="generated hands per site (default 7441)")
    parser.add_argument("--corpus", action="store_true", help="read the corpus's hands of each site instead")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--repeat",
        type=int,
        default=50,
        help="at most this many times a site without a writer reads its corpus (until about --hands hands)",
    )
    args = parser.parse_args()
    sites = SITES if args.site == "all" else (args.site,)
    print(f"{'site':<11} {'hands':>7} {'read hands/s':>13} {'check hands/s':>14} {'read µs':>8} {'check µs':>9}")
    with tempfile.TemporaryDirectory() as folder:
        for site in sites:
            path = args.input if args.input is not None else default_input(site, args.hands, Path(folder), args.corpus)
            if path is None:
                print(f"{site:<11} no input (set HHTOOL_CORPUS or give --input)")
                continue
            texts = texts_of(path)
            if _no_writer(site) and args.input is None:  # a small corpus, read again up to about --hands hands
                hands = sum(
                    1
                    for name, data in texts
                    for block in split_chunks(iter([data]), name)
                    if not isinstance(block, Finding) and block.dialect is not None
                )
                texts = texts * max(1, min(args.repeat, args.hands // max(1, hands)))
            figures = measure(texts, args.runs)
            print(
                f"{site:<11} {figures['hands']:>7} {figures['read']:>13,.0f} {figures['check']:>14,.0f} "
                f"{1e6 / figures['read']:>8.0f} {1e6 / figures['check']:>9.0f}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
