"""Omaha Hi/Lo (eight-or-better) helpers of the settlement: a pot's high and low halves, and the two parts
of a hi/lo hand's description.

The halves follow PokerStars' rule (its Omaha Hi/Lo help: "the odd chip goes to the high hand"; the corpus's
hhsmithy/pokerstars-cash/GameTypeTests/PotLimitOmahaHiLo.txt pays a $0.77 pot $0.39 high, $0.38 low), which
is also the common card-room rule (Robert's Rules of Poker, split pots). A description is read in the form
PokerStars prints (`HI: a straight, Nine to King; LO: 7,5,3,2,A`; a hand without a qualifying low is
`HI: …` alone); a description without the `HI:` word names the high hand only (its low, if any, is not
checked).
"""

from __future__ import annotations

from typing import Final

_HIGH_WORD: Final = "HI:"
_LOW_WORD: Final = "LO:"


def halves(amount: int) -> tuple[int, int]:
    """A hi/lo pot's (high, low) halves: the odd chip of an odd pot goes to the high half."""
    low = amount // 2
    return amount - low, low


def split_description(text: str) -> tuple[str | None, str | None, bool]:
    """(the high words, the low words, whether the text is in the `HI: …; LO: …` form).

    `HI: a flush, King high; LO: 7,6,5,3,A` → ("a flush, King high", "7,6,5,3,A", True);
    `HI: three of a kind, Aces` → ("three of a kind, Aces", None, True); a text without `HI:` is all
    high words and says nothing of the low: (text, None, False)."""
    stripped = text.strip()
    if not stripped.startswith(_HIGH_WORD):
        if stripped.startswith(_LOW_WORD):
            return None, stripped[len(_LOW_WORD) :].strip(), True
        return text, None, False
    rest = stripped[len(_HIGH_WORD) :]
    at = rest.find(";")
    if at < 0:
        return rest.strip() or None, None, True
    low = rest[at + 1 :].strip()
    if low.startswith(_LOW_WORD):
        low = low[len(_LOW_WORD) :].strip()
    return rest[:at].strip() or None, low, True


def low_words_match(printed: str | None, words: str | None) -> bool:
    """Whether a printed low (`7,5,3,2,A`; None when none is printed) names the hand's best low (`LowValue.words`,
    None when it has none): the same ranks in the same order; spaces after the commas do not matter."""
    if printed is None or words is None:
        return printed is None and words is None
    return "".join(printed.split()).upper() == words.upper()
