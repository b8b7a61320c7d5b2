"""A shown hand's high and low values in any community-card game (`hhtool.model.variant.Variant`).

One code path for every game, read off the variant's data: a game whose hand may use any of its hole cards
(Hold'em) is the best five of all its cards, `ranking.evaluate` itself; a game that fixes how many hole
cards a hand takes (Omaha: exactly two, with three of the board) is the best of those combinations, so
four hearts in hand and one on the board are no flush. The high comes from phevaluator's C Omaha
evaluator (four hole cards; five and six are covered by three of their four-card subsets, 3 to 15 times
faster than the 100 or 150 two-plus-three fives: benchmarks/omaha_eval.py); the ace-to-five low has no C
evaluator and needs none: it is a few bit operations on the hand's low ranks.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Final

from hhtool.model.variant import Variant
from hhtool.rules.ranking import CARD_IDS, HandValue, best_five, class_value, evaluate

try:  # the C functions, without phevaluator's per-card conversions (ids are checked here)
    from phevaluator._pheval import evaluate_5cards as _five
    from phevaluator._pheval import evaluate_omaha_cards as _omaha
except ImportError:  # pragma: no cover - another build of phevaluator
    from phevaluator import evaluate_cards as _five
    from phevaluator import evaluate_omaha_cards as _omaha

# Four-card subsets of five or six hole cards holding every pair of them, so that the best Omaha hand of
# the subsets is the best of all the pairs: three calls of the four-card evaluator.
_PAIR_COVERS: Final = {
    5: ((0, 1, 2, 3), (0, 1, 2, 4), (0, 1, 3, 4)),
    6: ((0, 1, 2, 3), (0, 1, 4, 5), (2, 3, 4, 5)),
}


@dataclass(frozen=True, slots=True, order=True)
class LowValue:
    """An ace-to-five low: five distinct ranks, the Ace as 1, highest first ((7, 5, 3, 2, 1)).

    Lower compares as better (the best low is the `min`); straights and flushes do not count, so
    suits play no part and two lows of the same ranks split.
    """

    ranks: tuple[int, ...]
    words: str = field(compare=False)  # "7,5,3,2,A", as sites print a low


def best_high(variant: Variant, hole: Sequence[str], board: Sequence[str]) -> HandValue:
    """The value of the best high hand `variant` lets `hole` make with `board` (ValueError for cards that cannot)."""
    if variant.any_five:  # ranking.evaluate checks the cards, and that there are five to seven
        if len(hole) > variant.hole_cards or len(board) > 5:
            _check_counts(variant, len(hole), len(board))  # raises, saying so
        return evaluate((*hole, *board))
    hole_ids, board_ids = _card_ids(variant, hole, board)
    return class_value(_best_number(variant, hole_ids, board_ids))


def best_high_five(variant: Variant, hole: Sequence[str], board: Sequence[str]) -> tuple[str, ...]:
    """The five cards of the best high hand, in tie-break order (as `ranking.best_five`).

    When several choices tie, the first by hole cards then board cards in their order wins.
    """
    if variant.any_five:
        _check_counts(variant, len(hole), len(board))
        return best_five((*hole, *board))
    hole_ids, board_ids = _card_ids(variant, hole, board)
    number = _best_number(variant, hole_ids, board_ids)
    cards = {CARD_IDS[c]: c for c in (*hole, *board)}
    chosen = next(five for five in _fives(variant, hole_ids, board_ids) if _five(*five) == number)
    order = class_value(number).ranks
    return tuple(sorted((cards[i] for i in chosen), key=lambda c: order.index(CARD_IDS[c] // 4 + 2)))


def described_cards(variant: Variant, hole: Sequence[str], board: Sequence[str]) -> tuple[str, ...]:
    """The cards whose best five a site's description of a shown hand names (`ranking.evaluate` reads them):
    all of hole and board in a game whose hand may use any of them (Hold'em, as before), else the best five
    the game allows, so that "a flush" of four suited hole cards and one on the board is wrong in Omaha."""
    if variant.any_five:
        return (*hole, *board)
    return best_high_five(variant, hole, board)


def best_low(variant: Variant, hole: Sequence[str], board: Sequence[str]) -> LowValue | None:
    """The best qualifying low `variant` lets `hole` make with `board`; None if none qualifies or the game has no low."""
    hole_ids, board_ids = _card_ids(variant, hole, board)
    if variant.low_qualifier is None:
        return None
    lows = _LOW_BITS.get(variant.low_qualifier)
    if lows is None:
        lows = _LOW_BITS[variant.low_qualifier] = _low_bits(variant.low_qualifier)
    hole_mask = board_mask = 0
    for i in hole_ids:
        hole_mask |= lows[i]
    for i in board_ids:
        board_mask |= lows[i]
    mask = _best_low_mask(hole_mask, board_mask, variant.hole_used)
    return _low_value(mask) if mask else None


def _card_ids(variant: Variant, hole: Sequence[str], board: Sequence[str]) -> tuple[list[int], list[int]]:
    """phevaluator's ids of hole and board, checked: valid distinct cards, counts the game can make a hand of."""
    _check_counts(variant, len(hole), len(board))
    try:
        hole_ids = [CARD_IDS[c] for c in hole]
        board_ids = [CARD_IDS[c] for c in board]
    except (KeyError, TypeError):
        bad = next(c for c in (*hole, *board) if not isinstance(c, str) or c not in CARD_IDS)
        raise ValueError(f"not a card: {bad!r}") from None
    if len({*hole_ids, *board_ids}) != len(hole_ids) + len(board_ids):
        raise ValueError(f"repeated card in {[*hole, *board]}")
    return hole_ids, board_ids


def _check_counts(variant: Variant, hole: int, board: int) -> None:
    """ValueError unless `hole` and `board` cards are a deal of the game that can make a hand."""
    if hole > variant.hole_cards or board > 5:
        dealt = f"{variant.hole_cards} hole cards and 5 on the board"
        raise ValueError(f"{variant.name} deals {dealt}, got {hole} and {board}")
    for used in variant.hole_used:
        if used <= hole and used + board >= 5:
            return
    raise ValueError(f"no {variant.name} hand of {hole} hole and {board} board cards")


def _fives(variant: Variant, hole: list[int], board: list[int]) -> Iterator[tuple[int, ...]]:
    """Every five cards the game lets a hand take: k of the hole cards (k in `hole_used`), the rest of the board."""
    for k in variant.hole_used:
        for from_hole in combinations(hole, k):
            for from_board in combinations(board, 5 - k):
                yield from_hole + from_board


def _best_number(variant: Variant, hole: list[int], board: list[int]) -> int:
    """phevaluator's class of the best five (1 is best): its Omaha evaluator where it applies, else each five."""
    if variant.hole_used == (2,) and len(board) == 5:
        if len(hole) == 4:
            return _omaha(*board, *hole)
        covers = _PAIR_COVERS.get(len(hole))
        if covers is not None:
            best = 7463
            for a, b, c, d in covers:
                number = _omaha(*board, hole[a], hole[b], hole[c], hole[d])
                best = min(best, number)
            return best
    return min(_five(*five) for five in _fives(variant, hole, board))


def _low_bits(qualifier: int) -> list[int]:
    """Per card id, the bit of its ace-to-five rank (Ace 1, Deuce 2, …) when it is `qualifier` or lower, else 0."""
    bits = []
    for card_id in range(52):
        rank = card_id // 4 + 2
        low = 1 if rank == 14 else rank
        bits.append(1 << low if low <= qualifier else 0)
    return bits


_LOW_BITS: Final = {8: _low_bits(8)}  # the qualifiers the variants use; another one is built when first asked
_LOW_MASKS: dict[tuple[int, int, tuple[int, ...]], int] = {}  # (hole, board, hole_used) -> best low mask, or 0


def _best_low_mask(hole: int, board: int, hole_used: tuple[int, ...]) -> int:
    """The best low as a mask of five rank bits (0: none), from the hand's and the board's low-rank masks.

    For five distinct ranks, comparing the masks as numbers compares the lows (the highest rank first),
    and with the hole ranks chosen, the board's lowest other ranks make the best low: so each choice of
    hole ranks is one step. Remembered by masks (at most 256 x 256 of them per game).
    """
    key = (hole, board, hole_used)
    best = _LOW_MASKS.get(key)
    if best is not None:
        return best
    best = 0
    hole_bits = [1 << r for r in range(1, 14) if hole >> r & 1]
    for k in hole_used:
        for chosen in combinations(hole_bits, k):
            mask = sum(chosen)
            rest = board & ~mask
            for _ in range(5 - k):
                if not rest:
                    break
                lowest = rest & -rest
                mask |= lowest
                rest ^= lowest
            else:
                if best == 0 or mask < best:
                    best = mask
    _LOW_MASKS[key] = best
    return best


def _low_value(mask: int) -> LowValue:
    value = _LOW_VALUES.get(mask)
    if value is None:
        ranks = tuple(r for r in range(13, 0, -1) if mask >> r & 1)
        words = ",".join("A" if r == 1 else str(r) for r in ranks)
        value = _LOW_VALUES[mask] = LowValue(ranks, words)
    return value


_LOW_VALUES: dict[int, LowValue] = {}
