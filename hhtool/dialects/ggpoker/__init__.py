"""GGPoker (PokerCraft export): the dialect record. Everything hhtool knows of GG text is in this
package: the reader (`reader.py` with `grammar/ggpoker.lark`, entry `parse.py`), the writer
(`writer.py`), the hand-description wording (`wording.py`) and the conventions below.

Conventions, and why:
- Hold'em only: `#RC` (Rush & Cash), `#HD` (regular cash) and `#TM` (tournaments) hands are read;
  Omaha (`#OM`, `PLO`, `PLO-5`, `Omaha … (NL postflop)`) and Short Deck (`#SD`) are unsupported (HH020).
- Rush & Cash is fast-fold: a `Table 'RushAndCash…'` is a pool, so stack and button continuity do
  not apply to it (`fast_fold`); duplicates still do.
- Files are written newest first (PokerCraft's export; hand ids and times decrease down a file).
- Amounts drop trailing zeros (`$0.1`) and use thousands commas (`$1,289.63`, `12,480` chips).
- Posts are not marked all-in: a short stack's `posts the ante 18,000` · `posts big blind 51,262` that
  empties it prints no `and is all-in` (every such post in 2025 tournament exports; the actions are
  marked): a post is all-in by the stack (`marks_all_in_posts` False).
- GG prints uncalled returns, and `raises A to B` with the raise size and the street total, as
  PokerStars does.
- Time zone: none is printed, and none is assumed. The header's time is kept as printed (`time`), and
  `time_utc` stays None, so the dataset files GG hands under `date=unknown`. PokerCraft writes the
  exporting client's local time: in the corpus (ggpoker-rush-2025) each file's name carries its
  session's start in another clock 8 hours away (`GG20250808-1459 …` holds hands from 22:59:35 on),
  so the zone depends on the player's computer, not on the site.
- Rake: no built-in schedule. GG publishes no dated cash-game rake table we could cite (the tables
  found are third-party, undated, and do not cover the corpus's $0.02/$0.05 Rush & Cash stakes), so
  GG hands are audited against a `--rules` schedule; jackpot, bingo, fortune and tax are reported
  beside the rake.
"""

from __future__ import annotations

from types import MappingProxyType

from hhtool.dialects import Conventions, Dialect, RaiseAmount
from hhtool.model import Header

SITE = "ggpoker"
# the position tags of the summary seat lines → the seat position each names
POSITIONS = {"button": "button", "small blind": "small blind", "big blind": "big blind"}


def is_fast_fold(header: Header) -> bool:
    """Rush & Cash hands (`#RC…`): the reader marks them, from the hand id's prefix."""
    return header.fast_fold


DIALECT = Dialect(
    name=SITE,
    header=rb"Poker Hand #[A-Z]*\d",
    markers=(b"\nPoker Hand #",),
    hand_id=r"#\s*([\w-]+)",
    grammar="ggpoker",
    summary_line="*** SUMMARY ***",
    reader="hhtool.dialects.ggpoker.parse:parse_gg",
    writer="hhtool.dialects.ggpoker.writer:render_hand",
    describe="hhtool.dialects.ggpoker.wording:describe",
    description_matches="hhtool.dialects.ggpoker.wording:description_matches",
    rake=None,
    conventions=Conventions(
        prints_uncalled=True,
        raise_amount=RaiseAmount.TO,  # `raises $0.1 to $0.15`: the street total (the raise size is printed before it)
        decimal_point=".",
        thousands=",",
        currencies=MappingProxyType({"$": "USD"}),
        time_zones=MappingProxyType({}),
        reference_zone=None,
        positions=MappingProxyType(POSITIONS),
        fast_fold="hhtool.dialects.ggpoker:is_fast_fold",
        newest_first=True,
        marks_all_in_posts=False,  # `posts big blind 51,262` that empties a stack is unmarked (GG-1)
    ),
)
