"""PokerStars' built-in rake schedules: the published cash figures (shared/RAKE.md) and the days each
was in force. The dialect's `rake` is `history`; `schedule` is the same figures for any day (what the
generator writes and what a test applies on purpose)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from hhtool.dialects.pokerstars import SITE
from hhtool.rules.ruleset import RakeLevel, RakeSchedule


def _cents(text: str) -> int:
    return int(Decimal(text) * 100)


# No-limit / pot-limit, USD (shared/RAKE.md): big blind, percent, caps for 2 / 3-4 / 5+ players.
_POKERSTARS_NO_LIMIT = (
    ("0.02", "3.50", "0.30", "0.30", "0.30"),
    ("0.05", "4.15", "0.50", "0.50", "1.00"),
    ("0.10", "4.50", "0.50", "1.00", "1.50"),
    ("0.25", "5.00", "0.50", "1.00", "2.00"),
    ("0.50", "5.00", "1.00", "1.00", "2.50"),
    ("1", "5.00", "1.25", "1.25", "2.75"),
)
# When these figures are in force. They are attested from April 2020 (shared/RAKE.md's check of real
# $0.01/$0.02 hands); before that the corpus's 2012-2014 hands show other figures above $0.05/$0.10
# (4.5 %, a $0.50 heads-up cap at $0.50/$1), and the day the table was published is not established,
# so no earlier hand is checked against it. From 2024-04-02 the three lowest stakes changed on regular
# tables (5 %, a $1 cap; Zoom kept these figures: pokerstars.com, "PokerStars rake changes explained",
# April 2024) and the dataset does not say which tables were Zoom: those hands are not checked.
POKERSTARS_NO_LIMIT_FROM = date(2020, 4, 1)
POKERSTARS_MICRO_UNTIL = date(2024, 4, 1)
POKERSTARS_MICRO = frozenset({2, 5, 10})  # big blinds (cents) of the stakes changed on 2024-04-02
# Fixed limit "June 2012" (shared/RAKE.md), the day not given: from the first day it was surely in force.
POKERSTARS_FIXED_LIMIT_FROM = date(2012, 7, 1)


def _pokerstars_levels() -> dict[tuple[str, int, bool], RakeLevel]:
    levels = {
        ("USD", _cents(bb), False): RakeLevel(Decimal(pct), ((2, _cents(c2)), (3, _cents(c34)), (5, _cents(c5))))
        for bb, pct, c2, c34, c5 in _POKERSTARS_NO_LIMIT
    }
    # fixed limit, June 2012: $1/$2 (big blind $1) and $2/$4 (big blind $2); 2 players as 3-4
    levels[("USD", 100, True)] = RakeLevel(Decimal("3"), ((2, 70), (5, 80)), ((5, Decimal("4")),))
    levels[("USD", 200, True)] = RakeLevel(Decimal("3"), ((2, 70), (5, 125)))
    return levels


def schedule() -> RakeSchedule:
    """PokerStars' published cash figures (shared/RAKE.md), USD, for PokerStars hands of any day: what
    the generator writes and what a test applies on purpose. The audit uses `history()` (the dialect's `rake`)."""
    return RakeSchedule(_pokerstars_levels(), None, True, "half_even", SITE, "USD", SITE)


def history() -> tuple[RakeSchedule, ...]:
    """The same figures, each applied only on the days it was in force (see the notes above)."""
    levels = _pokerstars_levels()

    def era(keep, valid_from: date, valid_until: date | None = None) -> RakeSchedule:
        chosen = {key: level for key, level in levels.items() if keep(key)}
        return RakeSchedule(chosen, None, True, "half_even", SITE, "USD", SITE, valid_from,
                            valid_until)

    return (
        era(lambda k: not k[2] and k[1] in POKERSTARS_MICRO, POKERSTARS_NO_LIMIT_FROM, POKERSTARS_MICRO_UNTIL),
        era(lambda k: not k[2] and k[1] not in POKERSTARS_MICRO, POKERSTARS_NO_LIMIT_FROM),
        era(lambda k: k[2], POKERSTARS_FIXED_LIMIT_FROM),
    )
