"""888poker's built-in rake schedule: the room's own published cash figures (docs/rake-schedules.md).
The dialect's `rake` is `history`, as PokerStars' is.

Source: 888poker.com/poker-software/limits-and-rake/ ("Rake in Cash Games"; the same table on
888poker-ar.com and 888pokerplaybrazil.com): no limit and pot limit, USD, a true percentage rounded half
to even, caps for 2 and for 3+ players: $0.05/$0.10 5 % $1 / $2; $0.10/$0.20 5 % $1 / $2.50; $0.10/$0.25
to $2/$5 5 % $1 / $4; $5/$10 to $25/$50 5 % $2.50 / $5; $50/$100 to $100/$200 5 % $5 / $5.

Not dated, and not datable here: the page gives no day, and 888's hands print no time zone (no UTC day),
so a dated schedule would check none of them. What the figures are applied to is what the corpus's real
hands (2011-2022) fit: every hand from $0.05/$0.10 up that saw a flop is raked exactly so (7 of 7), and no
hand that ended before the flop is raked (the page does not say "no flop, no drop"; the hands do).
Left out: the page's $0.01/$0.02 (6.25 %, cap $0.50) and $0.02/$0.05 (5.88 %, cap $1) — the corpus's
2011-2013 $0.01/$0.02 hands were raked by other figures (10 of 37 misfit, 9 a cent below, e.g. $0.03 off
a $0.60 pot where 6.25 % is $0.04), so the page's micro figures are of a later day not stated — and fixed limit
(its $0.02/$0.04 hands take less than the page's 5 %: nothing off a $0.12 pot).
"""

from __future__ import annotations

from decimal import Decimal

from hhtool.dialects.pacific888 import SITE
from hhtool.model.variant import VARIANTS
from hhtool.rules.ruleset import RakeLevel, RakeSchedule

GAMES = tuple(VARIANTS)
"""The games the figures are checked on: every game. The page's schedules go by betting structure, not game
("888poker applies a Commission Charge ('Rake') to each Poker game's Pot ... according to the following
schedules": "No Limit and Pot Limit", "Fixed Limit"), so its Omaha hands are checked like its Hold'em ones."""

# No limit / pot limit, USD: the big blinds (cents) of each row, percent, cap for 2 and for 3+ players (cents)
_NO_LIMIT = (
    ((10,), "5", 100, 200),  # $0.05/$0.10
    ((20,), "5", 100, 250),  # $0.10/$0.20
    ((25, 50, 100, 200, 500), "5", 100, 400),  # $0.10/$0.25 to $1/$2, and $2/$5
    ((1000, 2000, 5000), "5", 250, 500),  # $5/$10 to $25/$50
    ((10000, 20000), "5", 500, 500),  # $50/$100 to $100/$200
)


def _levels() -> dict[tuple[str, int, bool], RakeLevel]:
    return {
        ("USD", bb, False): RakeLevel(Decimal(pct), ((2, cap2), (3, cap3)))
        for big_blinds, pct, cap2, cap3 in _NO_LIMIT
        for bb in big_blinds
    }


def schedule() -> RakeSchedule:
    """888poker's published no-limit and pot-limit cash figures, USD, from $0.05/$0.10 up."""
    return RakeSchedule(_levels(), None, True, "half_even", SITE, "USD", SITE)


def history() -> tuple[RakeSchedule, ...]:
    """The schedules the audit applies to 888poker hands: the one above, for any day (see the notes)."""
    return (schedule(),)
