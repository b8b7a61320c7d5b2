"""A room's rake surcharge on some players' shares, and a schedule that carries one.

Some rooms take more rake from the share won by players of one country (25 % on top for players based
in Germany, from July 2021: docs/rake-schedules.md). The hand text does not say who those players are, and the
printed rake holds the surcharge, so a pot with such a winner shows more rake than the schedule: between
the schedule's rake and the rake had every winner paid the surcharge. The audit reports that range as
the room's rule (a known exception, info), not as rake above the schedule; above it stays HH208.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import ROUND_CEILING, ROUND_HALF_EVEN, Decimal

from hhtool.rules.ruleset import RakeLevel, RakeSchedule


@dataclass(frozen=True, slots=True)
class RakeSurcharge:
    """Rake × `factor` on the shares of `who`, on the days and limits given. The most a pot pays is the
    schedule's rake (rounded) times the factor, rounded half to even again, capped at the cap times the
    factor rounded up plus `cap_slack` minor units (the room's published surcharged caps, which may
    exceed the product by a cent)."""

    who: str  # whose shares pay it, as the room says
    factor: Decimal
    valid_from: date
    valid_until: date | None = None
    fixed_limit: bool | None = None  # only fixed limit (True), only no / pot limit (False), or both (None)
    cap_slack: int = 0
    source: str = ""

    def in_force(self, day: str | None, fixed_limit: bool) -> bool:
        """Whether it applies on a UTC day (YYYY-MM-DD) to a table of this limit."""
        if self.fixed_limit is not None and self.fixed_limit != fixed_limit:
            return False
        if day is None or day == "unknown" or day < self.valid_from.isoformat():
            return False
        return self.valid_until is None or day <= self.valid_until.isoformat()

    def most(self, schedule: RakeSchedule, level: RakeLevel, pot: int, players: int) -> int:
        """The rake of a pot whose every winner pays the surcharge (minor units): the schedule's percentage,
        rounded as it rounds, times the factor rounded half to even."""
        plain = schedule.percentage(level, pot, players)
        amount = int((plain * self.factor).quantize(Decimal(1), rounding=ROUND_HALF_EVEN))
        cap = level.cap_for(players)
        if cap is None:
            return amount
        top = int((cap * self.factor).quantize(Decimal(1), rounding=ROUND_CEILING)) + self.cap_slack
        return min(amount, top)


@dataclass(frozen=True, slots=True)
class SurchargedSchedule(RakeSchedule):
    """A rake schedule whose room adds surcharges on some players' shares (`RakeSurcharge`)."""

    surcharges: tuple[RakeSurcharge, ...] = ()


def surcharge_for(schedule: RakeSchedule, day: str | None, fixed_limit: bool) -> RakeSurcharge | None:
    """The surcharge of a schedule in force on that day for that limit, or None."""
    for surcharge in getattr(schedule, "surcharges", ()):
        if surcharge.in_force(day, fixed_limit):
            return surcharge
    return None
