"""Texas Hold'em hand ranking, the same for every site (each site's wording of a hand is its dialect's).

Strength comes from `phevaluator` (a C perfect-hash evaluator, far faster than Python);
the category and tie-break ranks of each of its classes are read off a hand of that class,
so they can never disagree with its ordering. Showdown checks compare a printed
description with the cards through the site's wording (`Site.wording`, given to the settlement by its caller).
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from functools import cache, lru_cache
from itertools import combinations, combinations_with_replacement
from typing import Final

from phevaluator import evaluate_cards

try:  # the C functions behind evaluate_cards, without its per-card conversions (ids are checked here)
    from phevaluator._pheval import evaluate_5cards, evaluate_6cards, evaluate_7cards

    _BY_COUNT = {5: evaluate_5cards, 6: evaluate_6cards, 7: evaluate_7cards}
except ImportError:  # pragma: no cover - another build of phevaluator
    _BY_COUNT = {5: evaluate_cards, 6: evaluate_cards, 7: evaluate_cards}

from hhtool.model.cards import RANKS, SUITS


class Category(IntEnum):
    """Hand categories, weakest first, so comparing categories compares strength.

    A royal flush is the Ace-high STRAIGHT_FLUSH, not a category of its own: it ranks and
    compares like any straight flush, only its wording differs.
    """

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8


@dataclass(frozen=True, slots=True, order=True)
class HandValue:
    """The strength of a best five-card hand; only `strength` takes part in comparisons.

    `strength` runs 1 (7-5-4-3-2 high) to 7462 (royal flush), one value per class of
    equal hands, so hands that split a pot compare equal whatever their suits.
    `ranks` are the five card ranks (2..14) in tie-break order: sets before kickers, larger
    sets first (Tens full of Aces is (10, 10, 10, 14, 14)); in the wheel the Ace plays low
    and comes last, (5, 4, 3, 2, 14).
    """

    strength: int
    category: Category = field(compare=False)
    ranks: tuple[int, ...] = field(compare=False)


# phevaluator numbers the 7462 classes of equal hands 1 (royal flush) .. 7462 (7-5-4-3-2);
# the weakest number of each category, from straight flush down to high card.
_WEAKEST = (10, 166, 322, 1599, 1609, 2467, 3325, 6185, 7462)


# phevaluator's card number (rank * 4 + suit), for the 52 valid cards only (it would accept 'AH').
_CARD_IDS = {rank + suit: r * 4 + s for r, rank in enumerate(RANKS) for s, suit in enumerate(SUITS)}


def _card_id(card: str) -> int:
    try:
        return _CARD_IDS[card]
    except (KeyError, TypeError):
        raise ValueError(f"not a card: {card!r}") from None


def _ids(cards: Sequence[str]) -> list[int]:
    try:
        ids = [_CARD_IDS[c] for c in cards]
    except (KeyError, TypeError):
        ids = [_card_id(c) for c in cards]  # raises for the first card that is not one
    if not 5 <= len(ids) <= 7:
        raise ValueError(f"need 5 to 7 cards, got {len(ids)}")
    if len(set(ids)) != len(ids):
        raise ValueError(f"repeated card in {list(cards)}")
    return ids


def _tiebreak(ranks: Sequence[int]) -> tuple[int, ...]:
    """Five ranks in tie-break order: larger sets first, then higher; the wheel's Ace last."""
    counts = Counter(ranks)
    ordered = tuple(sorted(ranks, key=lambda r: (counts[r], r), reverse=True))
    return ordered[1:] + ordered[:1] if ordered == (14, 5, 4, 3, 2) else ordered


@cache
def _classes() -> dict[int, tuple[Category, tuple[int, ...]]]:
    """Category and tie-break ranks of every phevaluator class, read off one hand of each.

    Built from phevaluator's own numbers, so category and ranks cannot disagree with its
    ordering, and `evaluate` needs a single C call: every multiset of five ranks dealt
    in mixed suits, plus each five distinct ranks dealt suited, covers the 7462 classes.
    Built on first use (about 0.1 s), so commands that rank nothing do not pay for it.
    """
    table = {}
    for multiset in combinations_with_replacement(range(13), 5):
        if len(set(multiset)) == 1:
            continue
        hands = [[r * 4 + i % 4 for i, r in enumerate(multiset)]]  # a rank's copies differ
        if len(set(multiset)) == 5:
            hands.append([r * 4 for r in multiset])
        for ids in hands:
            number = evaluate_cards(*ids)
            category = Category(len(_WEAKEST) - 1 - bisect_left(_WEAKEST, number))
            table[number] = category, _tiebreak([r + 2 for r in multiset])
    return table


@cache
def _values() -> dict[int, HandValue]:
    """One (immutable) HandValue per phevaluator class, so `evaluate` builds none."""
    return {number: HandValue(_WEAKEST[-1] + 1 - number, *entry) for number, entry in _classes().items()}


def _rank(card: str) -> int:
    return RANKS.index(card[0]) + 2


def evaluate(cards: Sequence[str]) -> HandValue:
    """Value of the best five of 5, 6 or 7 distinct cards (Hold'em: hole cards plus board)."""
    try:
        return _evaluate(tuple(cards))
    except TypeError:  # an unhashable "card": uncached, so that _ids reports it as not a card
        return _evaluate.__wrapped__(tuple(cards))


# Settle evaluates a shown hand up to three times (show line, summary line, pot award): the last
# few evaluations are remembered (a hand's own, not many hands' worth).
_VALUES: Final[dict[int, HandValue]] = {}  # _values(), once built (a look-up rather than a cached call)
_IDS: Final = _CARD_IDS  # Final: compiled, a C static rather than a look-up in the module's dict at each use


@lru_cache(maxsize=64)
def _evaluate(cards: tuple[str, ...]) -> HandValue:
    ids: list[int] = []
    seen = 0  # a bit per card id (0..51): a repeated card without building a set
    repeated = False
    try:  # the common case, 5 to 7 distinct valid cards, one look-up each (compiled, a plain loop)
        for card in cards:
            number = _IDS.get(card)
            if number is None:
                break
            bit = 1 << number
            if seen & bit:
                repeated = True
            seen |= bit
            ids.append(number)
    except TypeError:  # an unhashable "card"
        pass
    if repeated or len(ids) != len(cards) or not 5 <= len(ids) <= 7:
        ids = _ids(cards)  # raises ValueError, naming what is wrong
    if not _VALUES:
        _VALUES.update(_values())
    return _VALUES[_BY_COUNT[len(ids)](*ids)]


CARD_IDS: Final = _CARD_IDS
"""phevaluator's card number of each valid card, for the evaluators of other games (`showdown_value`)."""


def class_value(number: int) -> HandValue:
    """The HandValue of phevaluator's class `number` (1 royal flush .. 7462), for the evaluators of other games."""
    if not _VALUES:
        _VALUES.update(_values())
    return _VALUES[number]


def best_five(cards: Sequence[str]) -> tuple[str, ...]:
    """The five of `cards` (5 to 7) making the best hand, in tie-break order.

    When several choices tie (the board plays), the first in `cards` order wins.
    """
    ids = _ids(cards)
    number = evaluate_cards(*ids)
    chosen = next(
        combo for combo in combinations(range(len(ids)), 5) if evaluate_cards(*(ids[i] for i in combo)) == number
    )
    ranks = _classes()[number][1]
    return tuple(sorted((cards[i] for i in chosen), key=lambda c: ranks.index(_rank(c))))
