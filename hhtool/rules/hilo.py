"""Omaha Hi/Lo (eight-or-better) helpers of the settlement: a pot's high and low halves, and the two parts
of a hi/lo hand's description.

The halves give the odd chip of an odd pot to the high half, the card rooms' rule (Robert's Rules of Poker;
the corpus's hi/lo split pots: a $0.77 pot paid $0.39 to the high hand and $0.38 to the low). A description
is read in the `HI: a straight, Nine to King; LO: 7,5,3,2,A` form (a hand without a qualifying low is `HI: …`
alone), which the readers of the sites that print a hi/lo hand's parts on lines of their own deliver too
(888's `(Hi: …)` and `(Lo: …)` card lines, PartyPoker's `… for low.`); a description without the `HI:` word
names the high hand only (its low, if any, is not checked).
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
    """Whether a printed low names the hand's best low (`LowValue.words`, `7,5,3,2,A`; None when it has none).

    A low printed as its ranks (`7,5,3,2,A`; None when none is printed) must name the same ranks in
    the same order, spaces after the commas aside; one printed as its five cards (888's `2h, 5d, 6d, 8h, As`)
    the same ranks in any order."""
    if printed is None or words is None:
        return printed is None and words is None
    cards = printed.replace(",", " ").split()
    if len(cards) == 5 and all(len(card) == 2 and card[1] in _SUITS and card[0] in _LOW_RANKS for card in cards):
        ranks = sorted((_LOW_RANKS[card[0]] for card in cards), reverse=True)
        printed = ",".join("A" if rank == 1 else str(rank) for rank in ranks)
    return "".join(printed.split()).upper() == words.upper()


_SUITS: Final = "cdhs"
_LOW_RANKS: Final = {
    "A": 1,
    "2": 2,
    "3": 3,
    "4": 4,
    "5": 5,
    "6": 6,
    "7": 7,
    "8": 8,
    "9": 9,
    "T": 10,
    "J": 11,
    "Q": 12,
    "K": 13,
}
