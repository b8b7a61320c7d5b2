"""Counted nouns as people write them: "1 hand", "2 hands", "0 files" (a summary that says "1 players"
reads as a bug)."""

from __future__ import annotations

_IRREGULAR = {"was": "were"}


def count(n: int, noun: str) -> str:
    """`n` and the noun, singular for exactly one (`count(1, "hand")` is "1 hand")."""
    return f"{n} {noun if n == 1 else _IRREGULAR.get(noun, noun + 's')}"
