"""iPoker's built-in rake schedule: the network's published no-limit and pot-limit cash figures from
2016-01-01 (docs/rake-schedules.md). The dialect's `rake` is `history`, as PokerStars' and 888poker's are.

Source: poker.ladbrokes.com/…/help/ipoker-information, "New Rake Structure Beginning 1st January 2016"
("Cash game rake structure for all No Limit and Pot Limit cash games has been updated across the iPoker
network ... applied to all USD/GBP/EUR No Limit and Pot Limit cash tables"; rake only on hands that reach
the flop): €0.01 for each €0.15 in the pot up to €0.05/€0.10, for each €0.20 above (an incremental rake: a
percentage rounded down, 100/15 % and 5 %); caps €0.50 for 2-10 players up to €0.02/€0.05, then €1 heads
up and, for 3-10 players, €2 at €0.05/€0.10 and €0.10/€0.20, €3 at €0.25/€0.50, €4 from €0.50/€1 to
€5/€10. The same figures in each of the three currencies (the page gives euros for all three).

Dated by the local day: iPoker hands print no time zone, so a hand's day is the day its client printed
(`date_kind` local), which can be a day off the UTC day either way. The schedule is therefore applied from
the local day 2016-01-02: a hand printed 2016-01-01 may have been played on 2015-12-31 UTC, under the
earlier figures (the corpus's 2011-2012 hands show other caps: a $5/$10 hand capped at $2), and is not
checked ("played before 2016-01-02"). Fixed limit (the page's section 2) is left out: its stored text is
cut short, and the corpus has no fixed-limit hand of 2016 or later to check it on.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from hhtool.dialects.ipoker import SITE
from hhtool.model.variant import VARIANTS
from hhtool.rules.ruleset import RakeLevel, RakeSchedule

GAMES = tuple(VARIANTS)
"""The games the figures are checked on: every game. The notice is for "all No Limit and Pot Limit cash games"
of the network ("applied to all USD/GBP/EUR No Limit and Pot Limit cash tables"), whatever is dealt at them,
so its pot-limit Omaha hands are checked like its Hold'em ones."""

PUBLISHED = date(2016, 1, 1)
"""The day the network's schedule began (the page's "Beginning 1st January 2016")."""
IN_FORCE_FROM = date(2016, 1, 2)
"""The first local day it is applied: a day of margin, the hands' days being local ones of no known zone."""
CURRENCIES = ("EUR", "USD", "GBP")

_PER_15 = Decimal(100) / Decimal(15)  # €0.01 for each €0.15: 6.67 % rounded down
_PER_20 = Decimal(5)  # €0.01 for each €0.20

# No limit / pot limit: the big blinds (minor units) of each row, the percentage, cap for 2 and for 3+ players
_NO_LIMIT = (
    ((2, 4, 5), _PER_15, 50, 50),  # 0.01/0.02 up to 0.02/0.05
    ((10,), _PER_15, 100, 200),  # 0.05/0.10
    ((20,), _PER_20, 100, 200),  # 0.10/0.20
    ((50,), _PER_20, 100, 300),  # 0.25/0.50
    ((100, 200, 400, 600, 1000), _PER_20, 100, 400),  # 0.50/1 up to 5/10
)


def _levels(currency: str) -> dict[tuple[str, int, bool], RakeLevel]:
    return {
        (currency, bb, False): RakeLevel(percent, ((2, cap2), (3, cap3)))
        for big_blinds, percent, cap2, cap3 in _NO_LIMIT
        for bb in big_blinds
    }


def schedule(currency: str) -> RakeSchedule:
    """The network's 2016 no-limit and pot-limit cash figures in one currency, from the local day 2016-01-02."""
    return RakeSchedule(_levels(currency), None, True, "down", SITE, currency, SITE, IN_FORCE_FROM)


def history() -> tuple[RakeSchedule, ...]:
    """The schedules the audit applies to iPoker hands: the one above in each of its currencies."""
    return tuple(schedule(currency) for currency in CURRENCIES)
