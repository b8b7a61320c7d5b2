"""ACPC dealer logs (the Annual Computer Poker Competition's match logs): the dialect record.

A hand is one `STATE:<hand>:<betting>:<cards>:<payoffs>:<players>` line of a dealer log (`.log`), after
the optional `#` comment lines the dealer writes at the top (`# name/game/hands/seed …`, its options):
the reader (`reader.py`) reads it with a game definition (`game.py`: stacks, blinds, who acts first,
limit or no-limit; from `--acpc-game FILE`, else the 2017 heads-up no-limit game). FORMATS.md §5.1.

Conventions, and why:
- A hand's comment lines before it belong to it (the first hand of a log carries the header), so they
  are not stray text. The hand id is `<log name>-<STATE number>` (a log numbers its hands from 0;
  the name's dots and other signs as `_`: `HITSZ_Slumbot_71_0-112`).
- The log prints no uncalled return (`prints_uncalled` False): the replay derives it; the collected
  amounts the reader makes from the payoffs are net of it.
- Raises are printed as the player's total for the hand (`rN`); the reader turns them into the street
  total the model's `RaiseTo` holds, so `raise_amount` is "to".
- Chips, no currency, no time, no table name (the log file's name stands for it); no rake (the dealer
  takes none: the claims say rake 0).
"""

from __future__ import annotations

from hhtool.dialects import COMMENT_LINES, LINE_END, Conventions, Dialect, RaiseAmount

SITE = "acpc"

DIALECT = Dialect(
    name=SITE,
    # comment lines first, if any (at most COMMENT_LINES: the pattern is tried at each line start)
    header=rb"(?:#[^\r\n]*" + LINE_END + rb"){0,%d}STATE:\d+:" % COMMENT_LINES,
    markers=(b"STATE:",),
    hand_id=r"STATE:(\d+):",
    hand_id_window=None,
    reader="hhtool.dialects.acpc.reader:parse_acpc",
    conventions=Conventions(prints_uncalled=False, raise_amount=RaiseAmount.TO),
    hand_separator="\n",
)
