"""PokerStars' built-in rake schedules: the published cash figures and the days each was in force
(docs/rake-schedules.md lists them with their sources). The dialect's `rake` is `history`; `schedule`
is the same figures for any day (what the generator writes and what a test applies on purpose).

Sources:
- No limit / pot limit: the stakes ladder, percentages and caps of the PokerStars Fusion table
  (pokerstars.se/en/poker/room/rake/special; shared/RAKE.md), checked on 1,402 real $0.01/$0.02 hands
  of April 2020. $0.25/$0.50 is the exception: PokerStars' blog post "Changes for players in Germany"
  (pokerstarsblog.com, 2021-07-09, effective 2021-07-01) gives 5 % capped at $2.00 there for hold'em
  (6.25 % capped at $2.50 for players based in Germany), as SITE-BEHAVIOURS.md PS-3 quotes it (the stored
  text of the post read here stops before its rake section); real hands of that period are capped at
  $2.00 (PS-3). The $2.50 of the Fusion table is Fusion's. The regular table's $0.25/$0.50 figures before
  July 2021 are not established: those hands are not checked.
- From 2024-04-02 the three lowest stakes changed on regular tables (5 %, a $1 cap for all hands; Zoom
  and Omaha kept the old figures: pokerstars.com, "PokerStars rake changes explained", April 2024). The
  dataset does not say which tables were Zoom, so those hands are not checked after 2024-04-01.
- Fixed limit, June 2012 (rakeback.com, "PokerStars Lowers $1/$2 - $2/$4 Limit Hold'em Rake").
- The German surcharge (the blog post above): from 2021-07-01, 25 % on top of the rake on the share won
  by a player based in Germany, printed inside `Rake`; for fixed limit only until 2021-07-08 (the post's
  update of 9 July reversed it there). pokerstars.de/en/poker/room/rake/special: the rake is rounded
  half to even, multiplied by 1.25 and rounded again; its surcharged caps ($0.39, $0.63, $1.26, $1.89,
  $2.51 for $0.30, $0.50, $1.00, $1.50, $2.00) are the cap × 1.25 rounded up, plus at most a cent.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from hhtool.dialects.pokerstars import SITE
from hhtool.dialects.pokerstars.conventions import GERMANY_SURCHARGE_FROM, GERMANY_SURCHARGE_PERCENT
from hhtool.rules.ruleset import RakeLevel, RakeSchedule
from hhtool.rules.surcharge import RakeSurcharge, SurchargedSchedule

GAMES = ("holdem",)
"""The games these figures are checked on: Hold'em only. No published PokerStars Omaha table in USD was found
(session 17): the rake pages found give one "No Limit and Pot Limit" table "for each game which we spread"
(pokerstars.in/poker/room/rake, in rupees); the USD ladder below is the Fusion table's (a Hold'em game, on
pokerstars.se's "special games" page); the April 2024 notice ("PokerStars rake changes explained") says only
that Omaha kept its figures when the micro stakes changed ("No Limit and Pot Limit cash games (excluding Omaha
and Zoom)"), not what they are. The corpus's one PokerStars Omaha cash hand of 2020 or later does not fit the
ladder either: `fpdb-3/pokerstars/non-holdem-samples/6-Card-PLO-6max-USD-0.50-1.00-202004.Cash.Out.txt`, 6 Card
Omaha $0.50/$1, 5 players dealt in, `Total pot $111.58 | Rake $2.50`, where the ladder's 5+ cap is $2.75.
So Omaha hands are counted and listed as not checked (hhtool.audit), never checked against guessed figures."""


def _cents(text: str) -> int:
    return int(Decimal(text) * 100)


# No-limit / pot-limit, USD: big blind, percent, caps for 2 / 3-4 / 5+ players.
_POKERSTARS_NO_LIMIT = (
    ("0.02", "3.50", "0.30", "0.30", "0.30"),
    ("0.05", "4.15", "0.50", "0.50", "1.00"),
    ("0.10", "4.50", "0.50", "1.00", "1.50"),
    ("0.25", "5.00", "0.50", "1.00", "2.00"),
    ("0.50", "5.00", "1.00", "1.00", "2.00"),  # 5+ cap $2.00: the July 2021 blog post, not Fusion's $2.50
    ("1", "5.00", "1.25", "1.25", "2.75"),
)
# When these figures are in force. They are attested from April 2020 (shared/RAKE.md's check of real
# $0.01/$0.02 hands); before that the corpus's 2012-2014 hands show other figures above $0.05/$0.10
# (4.5 %, a $0.50 heads-up cap at $0.50/$1), and the day the table was published is not established,
# so no earlier hand is checked against it.
POKERSTARS_NO_LIMIT_FROM = date(2020, 4, 1)
POKERSTARS_MICRO_UNTIL = date(2024, 4, 1)
POKERSTARS_MICRO = frozenset({2, 5, 10})  # big blinds (cents) of the stakes changed on 2024-04-02
# $0.25/$0.50: the figures the July 2021 blog post states, from the day it took effect
POKERSTARS_HALF_DOLLAR_FROM = date(2021, 7, 1)
POKERSTARS_HALF_DOLLAR = 50
# Fixed limit "June 2012" (shared/RAKE.md), the day not given: from the first day it was surely in force.
POKERSTARS_FIXED_LIMIT_FROM = date(2012, 7, 1)
_BLOG = 'pokerstarsblog.com, "Changes for players in Germany" (2021-07-09)'
GERMANY_FROM = GERMANY_SURCHARGE_FROM
_GERMANY_FACTOR = Decimal(100 + GERMANY_SURCHARGE_PERCENT) / 100
GERMANY_FIXED_LIMIT_UNTIL = date(2021, 7, 8)  # reversed for fixed limit by the post's update of 9 July
GERMANY = (
    RakeSurcharge("players based in Germany", _GERMANY_FACTOR, GERMANY_FROM, None, False, 1, _BLOG),
    RakeSurcharge("players based in Germany", _GERMANY_FACTOR, GERMANY_FROM, GERMANY_FIXED_LIMIT_UNTIL, True, 1, _BLOG),
)


def _pokerstars_levels() -> dict[tuple[str, int, bool], RakeLevel]:
    levels = {
        ("USD", _cents(bb), False): RakeLevel(Decimal(pct), ((2, _cents(c2)), (3, _cents(c34)), (5, _cents(c5))))
        for bb, pct, c2, c34, c5 in _POKERSTARS_NO_LIMIT
    }
    # fixed limit, June 2012: $1/$2 (big blind $1) and $2/$4 (big blind $2); 2 players as 3-4
    levels[("USD", 100, True)] = RakeLevel(Decimal(3), ((2, 70), (5, 80)), ((5, Decimal(4)),))
    levels[("USD", 200, True)] = RakeLevel(Decimal(3), ((2, 70), (5, 125)))
    return levels


def schedule() -> RakeSchedule:
    """PokerStars' published cash figures, USD, for PokerStars hands of any day: what the generator
    writes and what a test applies on purpose. The audit uses `history()` (the dialect's `rake`)."""
    return RakeSchedule(_pokerstars_levels(), None, True, "half_even", SITE, "USD", SITE)


def history() -> tuple[RakeSchedule, ...]:
    """The same figures, each applied only on the days it was in force (see the notes above), with the
    German surcharge on the days it applies."""
    levels = _pokerstars_levels()

    def era(keep, valid_from: date, valid_until: date | None = None) -> RakeSchedule:
        chosen = {key: level for key, level in levels.items() if keep(key)}
        return SurchargedSchedule(chosen, None, True, "half_even", SITE, "USD", SITE, valid_from, valid_until, GERMANY)

    def regular(key: tuple[str, int, bool]) -> bool:
        return not key[2] and key[1] not in POKERSTARS_MICRO and key[1] != POKERSTARS_HALF_DOLLAR

    return (
        era(lambda k: not k[2] and k[1] in POKERSTARS_MICRO, POKERSTARS_NO_LIMIT_FROM, POKERSTARS_MICRO_UNTIL),
        era(regular, POKERSTARS_NO_LIMIT_FROM),
        era(lambda k: not k[2] and k[1] == POKERSTARS_HALF_DOLLAR, POKERSTARS_HALF_DOLLAR_FROM),
        era(lambda k: k[2], POKERSTARS_FIXED_LIMIT_FROM),
    )
