"""Winning Poker Network's 2016 era (registry name `winning2016`, site `winning`): the dialect record of the
text the 2016 client wrote (`Game started at:` … `------ Summary ------` … `Game ended at:`), a grammar of its
own (`grammar/winning2016.lark`). Its reader lives with the 2019+ one in `hhtool.dialects.winning`
(`reader2016.py`; the conventions are explained there); its hands carry the site `winning`.
"""

from __future__ import annotations

from hhtool.dialects import Dialect
from hhtool.dialects.winning import DIALECT as _WPN

DIALECT = Dialect(
    name="winning2016",
    site="winning",
    header=rb"Game started at: ",
    markers=(b"Game started at: ",),
    hand_id=r"Game ID: (\d+)",
    grammar="winning2016",
    summary_line="------ Summary ------",
    hand_separator="\n\n",  # a blank line after `Game ended at:` (acr-winning/cash/…201608…)
    reader="hhtool.dialects.winning.parse:parse_2016",
    rake=None,
    conventions=_WPN.conventions,
)
