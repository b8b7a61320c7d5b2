"""OHH (Open Hand History, hh-specs.handhistory.org, 1.4.x JSON): the dialect record. The reader
(`reader.py`) reads one `{"ohh": {...}}` object (on one line, as `hhtool convert --to ohh` writes it, or
spread over several, as the spec's examples are printed) into the neutral model; the writer is
`hhtool.interchange.ohh` (it needs the replay: the chips of each action, the pots).

Conventions, and why:
- `game_type` "Holdem", "Omaha" or "OmahaHiLo" (`GAME_TYPES`); `bet_type` NL, PL or FL. The spec's one "Omaha"
  is Omaha high of any number of hole cards, its "OmahaHiLo" eight-or-better of any: the most cards a `Dealt
  Cards` or `Shows Cards` action holds say 4, 5 or 6 (`game_of`; hi/lo 4 or 5, the hi/lo games hhtool
  knows). Stud, StudHiLo and Draw are unsupported (HH020).
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

from collections.abc import Mapping
from types import MappingProxyType

from hhtool.dialects import Conventions, Dialect, RaiseAmount
from hhtool.model.variant import VARIANTS

SITE = "ohh"

GAME_TYPES: Mapping[str, str] = MappingProxyType(
    {
        "holdem": "Holdem",
        "omaha": "Omaha",
        "omaha5": "Omaha",
        "omaha6": "Omaha",
        "omaha_hilo": "OmahaHiLo",
        "omaha5_hilo": "OmahaHiLo",
    }
)
"""`Header.game` → OHH `game_type` (hh-specs.handhistory.org 1.4.6, json-object/game_type: one of Holdem,
Omaha, OmahaHiLo, Stud, StudHiLo, Draw): the games the reader reads and the writer writes."""

_OMAHA_BY_HOLE: Mapping[str, Mapping[int, str]] = {
    word: {VARIANTS[game].hole_cards: game for game, game_type in GAME_TYPES.items() if game_type == word}
    for word in ("Omaha", "OmahaHiLo")
}  # Omaha: 4 → omaha, 5 → omaha5, 6 → omaha6; OmahaHiLo: 4 → omaha_hilo, 5 → omaha5_hilo


def game_of(game_type: str, hole_cards: int) -> str | None:
    """The `Header.game` of an OHH `game_type` whose hands show at most `hole_cards` cards; None for a game
    type hhtool does not read. An Omaha (or OmahaHiLo) hand showing no cards is four-card Omaha (the game the
    word means), one showing fewer or more cards than any Omaha deals is read as the nearest, whose hole-card
    count the rules then find broken (a reader repairs nothing)."""
    if game_type == "Holdem":
        return "holdem"
    by_hole = _OMAHA_BY_HOLE.get(game_type)
    if by_hole is None:
        return None
    fewest, most = min(by_hole), max(by_hole)
    return by_hole[min(max(hole_cards, fewest), most)]


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
