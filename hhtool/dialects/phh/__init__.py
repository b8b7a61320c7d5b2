"""PHH (Poker Hand History, the PokerKit authors' standard, TOML): the dialect record. The reader
(`reader.py`) reads a `.phh` file, or each `[N]` section of a `.phhs` file, with `tomllib`; the
writer (`writer.py`) writes any dialect's hand as PHH for `hhtool convert --to phh`.

Conventions, and why:
- Hold'em, variants `NT` (no limit), `PT` (pot limit), `FT` (fixed limit), pot-limit Omaha, `PO`, and
  fixed-limit Omaha hi/lo, `FO/8` (PokerKit plays it); the others (short deck, stud, draw) are unsupported
  (HH020).
- PHH records the actions and cards, not the results: no uncalled returns and no collect lines are
  printed, so the replay derives both (`prints_uncalled`, `prints_collects` False). What a file does
  claim is checked against the replay: `finishing_stacks` as each player's final stack (the ledger,
  HH214), non-zero `winnings` as what each player collected from the pots (HH205/HH303; the rake is
  then what the pot holds beyond them).
- A negative `blinds_or_straddles` entry is PokerKit's post bet (a player just seated who pays to play at
  once): live money, a big blind if it is one, else a small blind; a positive one in the first two places
  is the small and big blind, further on a straddle; a first place alone, of the minimum bet, is the big
  blind (the small blind's seat is empty). hhtool's own writer says more in `_posts`, `_blinds_first`,
  `_small_blind`/`_big_blind` (hhtool.dialects.phh.writer).
- PHH has no rake field: the rake is what the pot holds beyond the `winnings`, or hhtool's `_rake`,
  taken off the main pot first unless hhtool's `_pots` says what each pot paid after it (then the cards
  award each pot, and `winnings` is not read). hhtool's `_cash_outs`/`_cashed_out` are money paid
  outside the pot (hhtool.dialects.phh.writer).
- A `cbr X` is the player's street total after the bet or raise (`raise_amount = "to"`).
- Amounts are in units (chips, or the currency), possibly with decimals: a hand's scale is cents for
  money (`currency` or `currency_symbol` given) and whole chips otherwise, made finer when the hand's
  stacks, forced bets or bet sizes have more decimals (up to 10^6).
- Time: `year`/`month`/`day`/`time` as local time, in `time_zone` (an IANA name or an abbreviation
  listed below) or `time_zone_abbreviation` (handhq's PokerStars hands say `ET`).
- A hand without a `table` has no table to follow from hand to hand (Pluribus, WSOP and historical
  files): no stack or button continuity is checked between such hands (`fast_fold`).
"""

from __future__ import annotations

import functools
import zoneinfo
from types import MappingProxyType

from hhtool.dialects import COMMENT_LINES, LINE_END, Conventions, Dialect, RaiseAmount
from hhtool.model import Header

SITE = "phh"
# zone abbreviations seen in PHH files → IANA zones (IANA names given in `time_zone` are taken as they are)
TIME_ZONES = {
    "ET": "America/New_York",
    "EST": "America/New_York",
    "EDT": "America/New_York",
    "UTC": "UTC",
    "GMT": "UTC",
    "CET": "Europe/Paris",
    "CEST": "Europe/Paris",
    "PT": "America/Los_Angeles",
    "PST": "America/Los_Angeles",
    "PDT": "America/Los_Angeles",
}


def no_table(header: Header) -> bool:
    """A hand with no table named (the reader marks it): no continuity with the hands beside it."""
    return header.fast_fold


@functools.lru_cache(maxsize=64)
def known_zone(name: str) -> bool:
    """Whether `name` is a zone of the system's time zone database (ZoneInfo refuses a key that is a path,
    `America/../Europe/Paris` or `/etc/localtime`, with ValueError, and an unknown one with a KeyError)."""
    try:
        zoneinfo.ZoneInfo(name)
    except (ValueError, KeyError, OSError):
        return False
    return True


class _Zones(dict):
    """The abbreviations above, and any IANA zone name (one the time zone database has) as itself."""

    def get(self, key, default=None):  # type: ignore[override]
        found = super().get(key)
        if found is not None:
            return found
        return key if isinstance(key, str) and "/" in key and known_zone(key) else default


DIALECT = Dialect(
    name=SITE,
    # a hand is a `.phh` file, opened by its comment lines if any, or a `[N]` section of a `.phhs`
    # file; `variant = ` opens it where neither does. The hand number comes after the actions.
    # (line ends take every form where the planner scans raw bytes: hhtool.dialects.LINE_END)
    # (at most COMMENT_LINES comment lines: the pattern is tried at each line start, see hhtool.dialects)
    header=(
        rb"(?:(?:#[^\r\n]*" + LINE_END + rb"){1,%d}" % COMMENT_LINES + rb"(?:[ \t]*" + LINE_END + rb")*variant = "
        rb"|\[\d+\][ \t]*" + LINE_END + rb"(?=variant = )"
        rb"|(?<!\]\n)(?<!\]\r\n)(?<!\]\r)variant = )"
    ),
    markers=(b"variant = ",),
    hand_id=r"(?m)^hand = (\d+)",
    hand_id_window=None,
    reader="hhtool.dialects.phh.reader:parse_phh",
    writer="hhtool.dialects.phh.writer:render_hand",
    conventions=Conventions(
        prints_uncalled=False,
        prints_collects=False,
        raise_amount=RaiseAmount.TO,
        currencies=MappingProxyType({"$": "USD", "€": "EUR", "£": "GBP"}),
        time_zones=_Zones(TIME_ZONES),
        fast_fold="hhtool.dialects.phh:no_table",
    ),
)
