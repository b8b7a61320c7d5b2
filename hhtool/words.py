"""Counted nouns as people write them: "1 hand", "2 hands", "0 files" (a summary that says "1 players"
reads as a bug)."""

from __future__ import annotations

_IRREGULAR = {"was": "were"}


def count(n: int, noun: str) -> str:
    """`n` and the noun, singular for exactly one (`count(1, "hand")` is "1 hand")."""
    return f"{n} {noun if n == 1 else plural(noun)}"


def plural(noun: str) -> str:
    """The noun's plural: irregular ones by table, `-es` after a hiss (batch, box), else `-s`; a phrase's
    last word takes it ("new hand" is "new hands")."""
    if noun in _IRREGULAR:
        return _IRREGULAR[noun]
    return noun + ("es" if noun.endswith(("ch", "sh", "s", "x", "z")) else "s")
