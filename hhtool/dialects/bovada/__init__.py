"""Ignition / Bovada / Bodog: the dialect record. Everything hhtool knows of the site's text is in this
package: the reader (`reader.py` with `grammar/bovada.lark`), the writer (`writer.py`), the hand wording
(`wording.py`) and the conventions below. The reader's docstring lists the format's quirks.

Conventions, and why:
- Hold'em only (`HOLDEM`, `HOLDEMZonePoker`); Omaha and Stud hands are unsupported (HH020).
- Anonymous seats: a player is named by its position label for one hand only (`anonymous_seats`),
  so no stack or button continuity is checked between hands (a label names another player in the
  next hand); duplicates still are. Zone Poker (`Zone Poker ID#…`) is fast-fold as well.
- Amounts in dollars with thousands commas (`$1,000`); tournament chips without a symbol (`21,516`).
- The client prints uncalled returns (`Return uncalled portion of bet $X`) except in a walk, where the
  big blind's unmatched part is paid inside `Hand result` and counted in `Total Pot` (file
  NLHE-USD-0.10-0.25-201209…post.both.txt, hand 2629952331: $0.10/$0.25 blinds, `Hand result $0.35`,
  `Total Pot($0.35) | Rake ($0)`); raises print the street total (`Raises $0.65 to $0.75`: 0.65 added).
- Time zone: the 2021 `[MVS]` headers end in `UTC`; earlier headers print no zone and none is assumed
  (fpdb's BovadaToFpdb.py converts them from ET with the comment "just assume ET??": a guess), so
  their `time_utc` is None and the dataset files them under `date=unknown`.
- Rake: printed from 2012 (`Total Pot($2) | Rake ($0)`) but not in most files; where it is not, the
  settlement infers it (total less collected). No built-in schedule: no dated public table was found.
"""

from __future__ import annotations

from types import MappingProxyType

from hhtool.dialects import Conventions, Dialect, OddChip, RaiseAmount, RakeByPot, UncalledInCollected
from hhtool.model import Header

SITE = "bovada"


def is_fast_fold(header: Header) -> bool:
    """Zone Poker hands (`Zone Poker ID#…` in the header): the reader marks them."""
    return header.fast_fold


DIALECT = Dialect(
    name=SITE,
    # a cut hand runs into the next header mid-line (`…Folded before the FLOPBovada Hand #…`, file
    # NLHE-USD-5-10-201511.concatenated.partial.txt): a header may start anywhere in a line
    header=rb"(?:Ignition|Bovada|Bodog(?:\.eu|\.com| UK)?) Hand #\d",
    markers=(b"Ignition Hand #", b"Bovada Hand #", b"Bodog"),
    anywhere=True,
    hand_id=r"Hand #(\d+)",
    grammar="bovada",
    summary_line="*** SUMMARY ***",
    reader="hhtool.dialects.bovada.reader:parse",
    writer="hhtool.dialects.bovada.writer:render_hand",
    describe="hhtool.dialects.bovada.wording:describe",
    description_matches="hhtool.dialects.bovada.wording:description_matches",
    rake=None,
    conventions=Conventions(
        prints_uncalled=False,  # printed, except in a walk: the big blind collects its unmatched part
        uncalled_in_collected=UncalledInCollected.INSIDE,  # with the pot (`Hand result $0.35` for a $0.10/$0.25 walk)
        total_includes_returns=True,  # and the summary's total counts it (`Total Pot($0.35) | Rake ($0)`)
        raise_amount=RaiseAmount.TO,
        decimal_point=".",
        thousands=",",
        currencies=MappingProxyType({"$": "USD"}),
        time_zones=MappingProxyType({"UTC": "UTC"}),
        reference_zone=None,
        positions=MappingProxyType({}),  # no tags after a name: the name is the position label
        fast_fold="hhtool.dialects.bovada:is_fast_fold",
        newest_first=False,
        anonymous_seats=True,
        hero_mark=" [ME]",  # `Big Blind [ME]`: the hero's seat, named by its position like every other
        # BV-5: the rake off each pot in proportion, rounded per pot ($2 off $25.85 + $21.24: $1.10 + $0.90)
        rake_by_pot=RakeByPot.PROPORTIONAL_NEAREST,
        # BV-4: the odd cent to the first winner clockwise from the big blind, the small blind last
        odd_chip=OddChip.FROM_BIG_BLIND,
        short_live_posts=True,  # `Posts chip $0.10` at $0.10/$0.25 is live: `Calls $0.15` follows
    ),
)
