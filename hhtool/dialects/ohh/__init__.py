"""OHH (Open Hand History, hh-specs.handhistory.org, 1.4.x JSON): the dialect record. The reader
(`reader.py`) reads one `{"ohh": {...}}` object (on one line, as `hhtool convert --to ohh` writes it, or
spread over several, as the spec's examples are printed) into the neutral model; the writer is
`hhtool.interchange.ohh` (it needs the replay: the chips of each action, the pots).

Conventions, and why:
- Hold'em only (`game_type` "Holdem"); `bet_type` NL, PL or FL. Other games are unsupported (HH020).
- An action's `amount` is the chips it put in (the spec's action page: a raise's amount is what the
  player put into the pot with it), so a raise's street total is summed by the reader.
- No uncalled bet is an OHH action: the replay derives the return (`prints_uncalled` False); the pots'
  `player_wins` are the collected amounts, their `rake` the rake and `jackpot` a fee.
- `is_allin` is what the source said (a site that marks no all-in wrote none): an unmarked all-in is no
  finding (`marks_all_in` False).
- Time: `start_date_utc` is UTC (the spec's examples print it with or without `Z`).
- A hand's site is `ohh` (its `site_name` is the room it was played at, whose conventions its text no
  longer follows); a hand has no table continuity beyond its `table_name`, as any site's.
"""

from __future__ import annotations

from hhtool.dialects import Conventions, Dialect, RaiseAmount

SITE = "ohh"

DIALECT = Dialect(
    name=SITE,
    # `{"ohh":` opens a hand, on its line or on the next (a pretty-printed object); the storage format puts
    # a blank line between objects
    header=rb'\{[ \t]*(?:(?:\r\n|\r|\n)[ \t]*)?"ohh"[ \t]*:',
    markers=(b'"ohh"',),
    hand_id=r'"game_number"[ \t]*:[ \t]*"([^"\\\r\n]{1,64})"',
    hand_id_window=None,
    reader="hhtool.dialects.ohh.reader:parse_ohh",
    hand_separator="\n\n",
    conventions=Conventions(
        prints_uncalled=False,
        raise_amount=RaiseAmount.ADDED,
        marks_all_in=False,
        time_zones={"UTC": "UTC"},
    ),
)
