"""The generator's seat: the betting core's `Stake` plus what the generator needs to play and record a
hand. It lives on the compiled hot path beside the core so that `Stake` stays a native class whose
fields the replay reads at native speed: a compiled class that interpreted code may subclass reads
its fields through Python's attribute look-up (~5% of a replay, measured).
"""

from __future__ import annotations

from hhtool.model import Street
from hhtool.rules.betting import Stake


class PlayedSeat(Stake):
    """A player during one generated hand."""

    __slots__ = ("seat", "start", "can_raise", "cards", "folded_on", "paid", "value", "won", "showed", "mucked")

    def __init__(self, name: str, seat: int, stack: int) -> None:
        super().__init__(stack, name)
        self.seat, self.start = seat, stack
        # the generator's own reading of A7: only a single full raise reopens the betting
        self.can_raise = True
        self.cards: tuple[str, ...] = ()
        self.folded_on: Street | None = None
        self.paid = False  # put live chips in (blind, call, bet, raise): the summary's `didnt_bet` is False
        self.value: object = None  # the hand's value at showdown (hhtool.rules.ranking.HandValue)
        self.won = 0
        self.showed = False
        self.mucked = False
