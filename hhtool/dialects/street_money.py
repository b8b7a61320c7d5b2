"""The chips each player has put in on the current street, as a site's text tells them.

Some sites print a raise as the chips that action added (888's `raises [$0.29]`, PartyPoker's `raises
$2 to $3` where the first figure is added, iPoker's action sums); the neutral model's `RaiseTo` carries
the street total raised to. A reader keeps a `StreetMoney` beside its lines
and asks it for that total: this is arithmetic on the printed amounts, not a rule (the replay still
checks every amount against the betting).
"""

from __future__ import annotations


class StreetMoney:
    """Player → chips put in on this street (live blinds and straddles count pre-flop; antes and the
    dead part of a blind do not: they are not part of the bet to call)."""

    __slots__ = ("_street",)

    def __init__(self) -> None:
        self._street: dict[str, int] = {}

    def new_street(self) -> None:
        """A new betting round: nobody has put anything in yet."""
        self._street.clear()

    def put(self, player: str, added: int) -> int:
        """`player` put `added` chips in (a live blind, a call, a bet, a raise): their street total after it."""
        total = self._street.get(player, 0) + added
        self._street[player] = total
        return total

    def of(self, player: str) -> int:
        """What `player` has put in on this street so far."""
        return self._street.get(player, 0)
