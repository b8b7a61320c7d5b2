"""`hhtool stats`: player statistics from a dataset (hhtool.stats.core), who a name stands for
(people), table positions (positions), all-in equity (allin) and the output formats (output)."""

from hhtool.stats.core import (
    COLUMNS,
    COLUMNS_READ,
    KEY,
    STAKES,
    SUMS,
    Query,
    combine,
    finish,
    partial_sums,
    player_stats,
    seat_flags,
    stats,
    weighted_rake,
)
from hhtool.stats.output import FORMATS, csv_cell, records, render, to_csv, to_json, to_text
from hhtool.stats.people import Hero

__all__ = [
    "COLUMNS",
    "COLUMNS_READ",
    "FORMATS",
    "KEY",
    "STAKES",
    "SUMS",
    "Hero",
    "Query",
    "combine",
    "csv_cell",
    "finish",
    "partial_sums",
    "player_stats",
    "records",
    "render",
    "seat_flags",
    "stats",
    "to_csv",
    "to_json",
    "to_text",
    "weighted_rake",
]
