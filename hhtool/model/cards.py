"""Cards as two-character strings (`Ah`, `Td`): rank then suit, as every text format writes them."""

from __future__ import annotations

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK = frozenset(r + s for r in RANKS for s in SUITS)


def parse_cards(text: str) -> tuple[str, ...]:
    """Split `Ah 7d` (the inside of a bracket group) into cards, keeping unknown tokens as they are.

    Validity is the replay's business (deck integrity finding), not the reader's.
    """
    return tuple(text.split())


def is_card(card: str) -> bool:
    return card in DECK
