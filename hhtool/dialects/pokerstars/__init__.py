"""PokerStars: the dialect record. Everything hhtool knows of PokerStars text lives in this package:
the reader (`reader.py`, with `grammar/pokerstars.lark`), the writer (`writer.py`), the conventions
and wording (`conventions.py`) and the built-in rake schedules (`rake.py`)."""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

from hhtool.dialects import Conventions, Dialect, RaiseAmount
from hhtool.dialects.pokerstars.conventions import (
    GERMANY_SURCHARGE_FROM,
    GERMANY_SURCHARGE_PERCENT,
    POSITIONS,
    ZONES,
)
from hhtool.model import Header
from hhtool.model.money import CURRENCY_SYMBOLS

SITE = "pokerstars"


def table_min_buyin(header: Header) -> int | None:
    """The minimum buy-in of a table type (None: the 40 big blinds of `min_buyin_bb`). PokerStars' help
    page "Minimum and maximum buy-ins in cash games": "tables labelled Short and CAP allow buy-ins of
    between 20 and 50 big blinds"; a CAP table says so in its header (`header.cap`), a Short one
    does not in its hands (its hands keep the 40 big blinds)."""
    return 20 * header.big_blind if header.cap is not None else None


_CONVENTIONS = Conventions(
    prints_uncalled=True,
    raise_amount=RaiseAmount.TO,  # `raises $2 to $3`: the street total (the raise size is printed before it)
    decimal_point=".",
    thousands=",",
    currencies=MappingProxyType(dict(CURRENCY_SYMBOLS)),
    time_zones=MappingProxyType(dict(ZONES)),
    reference_zone="ET",  # the server's time, printed in brackets after the local one
    positions=MappingProxyType(dict(POSITIONS)),
    fast_fold="hhtool.dialects.pokerstars.conventions:is_fast_fold",
    newest_first=False,
    # PS-3: from 1 July 2021, 25 % more rake on a German player's share of a split pot
    rake_surcharge=(GERMANY_SURCHARGE_FROM.isoformat(), GERMANY_SURCHARGE_PERCENT),
    min_buyin_bb=40,  # its help page: 40 big blinds at no-limit and pot-limit tables
    table_min_buyin="hhtool.dialects.pokerstars:table_min_buyin",
    prints_addons=False,  # re-buys printed (`re-buys and receives`), add-ons not: NLHE-USD-MTT-5r-200710.txt
    # what every PokerStars hand prints (fpdb-3's and hhsmithy's PokerStars files, 2005-2025): a description on
    # each show of two cards or more, `Dealt to` with cards only, `| Rake` on every total line, no other fee
    describes_shows=True,
    prints_cardless_deals=False,
    prints_rake=True,
    prints_fees=False,
)

# The clients of 2005-2007 print no `Uncalled bet (X) returned to Y` line: not one in the corpus's 350 hands of
# those years (fpdb-3's `NLHE-USD-MTT-5r-200710.txt`, 341 hands; the 2005 cash and sit & go files, walks
# among them: `Hero collected $1 from pot`, `Total pot $1`, the big blind's unmatched $0.50 kept), where every
# file from October 2009 on prints one for each bet not called. The return is then derived, as for a site
# that never prints it; the collected amounts and the total pot leave it out as they do when it is printed.
RETURNS_UNPRINTED = "returns_unprinted"
RETURN_LINES_FROM = "2008-01-01"  # the first day the return line is taken as printed (no hand of 2008-09 shows)

DIALECT = Dialect(
    name=SITE,
    # found anywhere in a line, by a literal-led pattern: a cut hand can run into the next header mid-line
    header=rb"PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #\d+",
    anywhere=True,
    hand_id=r"#\s*([\w-]+)",
    grammar="pokerstars",
    summary_line="*** SUMMARY ***",
    reader="hhtool.dialects.pokerstars.reader:parse",
    writer="hhtool.dialects.pokerstars.writer:render_hand",
    describe="hhtool.dialects.pokerstars.wording:describe",
    description_matches="hhtool.dialects.pokerstars.wording:description_matches",
    description_against="hhtool.dialects.pokerstars.wording:description_against",
    rake="hhtool.dialects.pokerstars.rake:history",
    tournaments="hhtool.dialects.pokerstars.summary:READER",
    # its tournament summaries (`PokerStars Tournament #2475523986, No Limit Hold'em`, and the e-mailed
    # `Tournament History for your last 1 tournament requested by …`: fpdb-3's tournament-summaries/ files)
    sidecars=("PokerStars Tournament #", "Tournament History for your last"),
    conventions=_CONVENTIONS,
    variants=MappingProxyType({RETURNS_UNPRINTED: replace(_CONVENTIONS, prints_uncalled=False)}),
    eras=((RETURN_LINES_FROM, RETURNS_UNPRINTED),),
)
