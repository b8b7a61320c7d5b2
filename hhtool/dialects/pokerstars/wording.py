"""PokerStars' wording of a hand (`shows [..] (a pair of Aces)`, `won (..) with ...`), and whether a
printed description names the hand the cards make. The words are hhtool.dialects.hand_names' (WPN's wording
starts from them too); the ranking is hhtool.rules.ranking's."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from hhtool.dialects.hand_names import describe  # the Dialect record's `describe` (re-exported)
from hhtool.dialects.hand_names import rank_name as _name
from hhtool.rules.ranking import Category, HandValue, evaluate

# How many leading ranks the wording names; the rest are kickers the client may add.
_MADE = {
    Category.HIGH_CARD: 1,
    Category.PAIR: 2,
    Category.TWO_PAIR: 4,
    Category.THREE_OF_A_KIND: 3,
    Category.FOUR_OF_A_KIND: 4,
}
# A loser's line ends "- lower kicker" (flush: "- lower cards"); a hand that wins on
# kickers names them: "- King kicker", "- Ace+King kicker"; a flush that beats another flush of the
# same top card names the card that beats it: "(a flush, King high - Jack higher)".
_SUFFIX = re.compile(r" - (?:lower (kicker|cards)|([A-Za-z]+(?:\+[A-Za-z]+)*) kicker|([A-Za-z]+) higher)$")


_WORDINGS: dict[int, frozenset[str]] = {}  # strength → accepted wordings, casefolded


def _wordings(value: HandValue) -> frozenset[str]:
    """`describe`'s wording of an evaluated hand (and the royal flush's other one), casefolded; cached."""
    wordings = _WORDINGS.get(value.strength)
    if wordings is None:
        names = {describe(value)}
        if value.category == Category.STRAIGHT_FLUSH and value.ranks[0] == 14:
            names.add("a straight flush, Ten to Ace")
        wordings = _WORDINGS[value.strength] = frozenset(w.casefold() for w in names)
    return wordings


def description_matches(text: str, cards: Sequence[str]) -> bool:
    """Whether a printed description names the category and ranks of the best hand of `cards`.

    Accepted besides `describe`'s wording: differences of case and spacing, the kicker
    suffixes above (named kickers must be the hand's leading kickers; a flush's "higher" card one of
    its four lower cards: only this player's cards are known here; `description_against` checks it against
    the flush it beat), and "a straight flush, Ten to Ace" for a royal flush.
    """
    try:  # a shown hand's wording is checked twice, on its show line and its summary line
        return _matches(text, tuple(cards))
    except TypeError:  # unhashable: uncached, to fail (or not) exactly as it would
        return _matches.__wrapped__(text, tuple(cards))


def description_against(text: str, cards: Sequence[str], others: Sequence[Sequence[str]]) -> bool:
    """PS-2, strictly: a flush's "- Jack higher" names the first card in which its five beat the best lower flush
    shown in the hand (`others`: the other shown hands' cards with the board). With no other flush shown (the
    loser mucked) it is not checked; with other flushes shown but none below it, it beat none: wrong."""
    if "higher" not in text:  # (cheap: most descriptions)
        return True
    folded = " ".join(text.split()).casefold()
    suffix = _SUFFIX.search(folded) if " - " in folded else None
    if suffix is None or suffix[3] is None:
        return True
    value = evaluate(tuple(cards))
    if value.category != Category.FLUSH:
        return True  # (description_matches reports it)
    flushes = [v for v in (evaluate(tuple(o)) for o in others) if v.category == Category.FLUSH]
    if not flushes:
        return True
    below = [v for v in flushes if v.strength < value.strength]
    if not below:
        return False
    best = max(below, key=lambda v: v.strength)
    first = next((w for w, b in zip(value.ranks, best.ranks) if w != b), None)
    return first is not None and suffix[3] == _name(first).casefold()


@lru_cache(maxsize=64)
def _matches(text: str, cards: tuple[str, ...]) -> bool:
    value = evaluate(cards)
    text = " ".join(text.split()).casefold()
    suffix = _SUFFIX.search(text) if " - " in text else None  # the suffix starts with " - "
    base = text[: suffix.start()] if suffix else text
    if base not in _wordings(value):
        return False
    if suffix is None:
        return True
    if suffix[1] == "cards":
        return value.category == Category.FLUSH
    if suffix[3] is not None:  # "- Jack higher": a card of the flush below its top one
        return value.category == Category.FLUSH and suffix[3] in [_name(r).casefold() for r in value.ranks[1:]]
    made = _MADE.get(value.category)
    if made is None:
        return False
    if suffix[1] == "kicker":
        return True
    named = suffix[2].split("+")
    return named == [_name(r).casefold() for r in value.ranks[made : made + len(named)]]
