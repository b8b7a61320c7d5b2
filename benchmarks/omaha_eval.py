"""Showdown evaluations per second by game: PLO4/5/6 high and 8-or-better low, beside Hold'em's high.

Usage: python benchmarks/omaha_eval.py [--deals 20000] [--runs 3] [--seed 1]

Each figure is the best of `--runs` passes over the same random deals (hole cards and a full board), one
core. The high of five and six hole cards is also timed the plain way, every two-plus-three five through
phevaluator's five-card evaluator, to show what the three four-card Omaha calls save. The low remembers
its answer per (hand, board) low-rank masks: `low, first pass` is the pass that fills that memo.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from itertools import combinations

from _common import pin_one_core, table
from phevaluator._pheval import evaluate_5cards

from hhtool.model.cards import DECK
from hhtool.model.variant import HOLDEM, OMAHA, OMAHA5, OMAHA5_HILO, OMAHA6, OMAHA_HILO, Variant
from hhtool.rules import showdown_value
from hhtool.rules.ranking import CARD_IDS, evaluate
from hhtool.rules.showdown_value import best_high, best_low

OMAHA6_HILO = Variant("omaha6_hilo", hole_cards=6, hole_used=(2,), low_qualifier=8)

Deal = tuple[list[str], list[str]]


def deals(hole: int, count: int, seed: int) -> list[Deal]:
    rng, deck = random.Random(seed), sorted(DECK)
    out = []
    for _ in range(count):
        cards = rng.sample(deck, hole + 5)
        out.append((cards[:hole], cards[hole:]))
    return out


def rate(fn: Callable[[list[str], list[str]], object], hands: Sequence[Deal], runs: int) -> float:
    """Evaluations per second, the best of `runs` passes."""
    best = float("inf")
    for _ in range(runs):
        started = time.perf_counter()
        for hole, board in hands:
            fn(hole, board)
        best = min(best, time.perf_counter() - started)
    return len(hands) / best


def every_five(hole: list[str], board: list[str]) -> int:
    """The reference way: phevaluator's five-card evaluator on each two-plus-three five."""
    h, b = [CARD_IDS[c] for c in hole], [CARD_IDS[c] for c in board]
    return min(evaluate_5cards(*pair, *three) for pair in combinations(h, 2) for three in combinations(b, 3))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    pinned = pin_one_core()
    rows = []
    holdem = deals(2, args.deals, args.seed)
    rows.append(("Hold'em high, ranking.evaluate", rate(lambda h, b: evaluate(h + b), holdem, args.runs)))
    rows.append(("Hold'em high, best_high(HOLDEM)", rate(lambda h, b: best_high(HOLDEM, h, b), holdem, args.runs)))
    for name, high_only, hi_lo in (
        ("PLO4", OMAHA, OMAHA_HILO),
        ("PLO5", OMAHA5, OMAHA5_HILO),
        ("PLO6", OMAHA6, OMAHA6_HILO),
    ):
        hands = deals(high_only.hole_cards, args.deals, args.seed)
        rows.append((f"{name} high", rate(lambda h, b, v=high_only: best_high(v, h, b), hands, args.runs)))
        if high_only.hole_cards > 4:
            rows.append((f"{name} high, every five", rate(every_five, hands, args.runs)))
        showdown_value._LOW_MASKS.clear()
        rows.append((f"{name} low, first pass", rate(lambda h, b, v=hi_lo: best_low(v, h, b), hands, 1)))
        rows.append((f"{name} low", rate(lambda h, b, v=hi_lo: best_low(v, h, b), hands, args.runs)))
    print(table([(label, f"{value:>12,.0f} evaluations/s") for label, value in rows]))
    print(
        f"{args.deals:,} deals each, best of {args.runs}; {pinned}; {os.cpu_count()} CPUs; "
        f"load average {os.getloadavg()[0]:.1f}; Python {sys.version.split()[0]}"
    )


if __name__ == "__main__":
    main()
