"""`hhtool stats` output: text (one aligned table per stakes and game), CSV and JSON (every column)."""

from __future__ import annotations

import io
import json

import numpy as np
import pandas as pd

from hhtool.safetext import printable
from hhtool.stats.core import COLUMNS, STAKES
from hhtool.tables import money, stakes_label
from hhtool.words import count

# the columns of the text table (the counts behind each percentage are in CSV and JSON)
TEXT = [
    "position",
    "player",
    "hands",
    "vpip_pct",
    "pfr_pct",
    "three_bet_pct",
    "fold_to_three_bet_pct",
    "steal_pct",
    "cbet_pct",
    "fold_to_cbet_pct",
    "af",
    "afq_pct",
    "wtsd_pct",
    "wsd_pct",
    "wwsf_pct",
    "net_won",
    "net_won_bb",
    "bb_per_100",
    "all_in_ev_bb",
    "all_in_ev_bb_per_100",
    "rake_paid",
]
MONEY = ("net_won", "rake_paid", "all_in_ev_net")


def records(frame: pd.DataFrame) -> list[dict]:
    """Rows as JSON-ready dicts: ints, floats, strings, None."""
    out = []
    for row in frame.to_dict("records"):
        clean: dict[str, object] = {}
        for name, value in row.items():
            if value is None or (isinstance(value, float) and np.isnan(value)):
                clean[name] = None
            elif isinstance(value, (np.integer, int)) and not isinstance(value, bool):
                clean[name] = int(value)
            elif isinstance(value, (np.floating, float)):
                clean[name] = float(value)
            else:
                clean[name] = value
        out.append(clean)
    return out


def to_json(frame: pd.DataFrame) -> str:
    definitions = {name: COLUMNS[name][1] for name in frame.columns}
    return json.dumps({"columns": definitions, "players": records(frame)}, ensure_ascii=False, indent=1)


# A cell a spreadsheet would run as a formula starts with one of these (OWASP, "CSV injection").
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: object) -> object:
    """A text cell that a spreadsheet would take for a formula (a player named `=HYPERLINK(…)`) gets a
    leading `'`, which spreadsheets show as text; numbers (a negative net won) are left alone. Controls,
    line separators and bidi controls are written as escapes, as the text format writes them
    (hhtool.safetext): a CSV file is read in terminals and editors too."""
    if not isinstance(value, str):
        return value
    value = printable(value)
    return "'" + value if value.startswith(FORMULA_START) else value


def to_csv(frame: pd.DataFrame) -> str:
    buffer = io.StringIO()
    text_columns = [name for name in frame.columns if not pd.api.types.is_numeric_dtype(frame[name])]
    frame.assign(**{name: frame[name].map(csv_cell) for name in text_columns}).to_csv(
        buffer, index=False, lineterminator="\n"
    )
    return buffer.getvalue()


def to_text(frame: pd.DataFrame) -> str:
    """One block per stakes and game: an aligned table, money in major units of the currency."""
    if frame.empty:
        return "no hands with players in this dataset\n"
    names = [n for n in TEXT if n in frame.columns]
    blocks = []
    for _, group in frame.groupby(STAKES, sort=False, dropna=False):
        rows = records(group)
        cur = rows[0]["currency"]
        table = [[COLUMNS[n][0] for n in names]]
        for row in rows:
            cells = []
            for n in names:
                value = row[n]
                if n in MONEY:
                    cells.append("-" if value is None else money(value, cur))
                elif value is None:
                    cells.append("-")
                elif isinstance(value, float):
                    cells.append(f"{value:.1f}" if n.endswith("_pct") else f"{value:.2f}")
                else:
                    cells.append(printable(str(value)))  # a name is data: no escape sequence reaches the terminal
            table.append(cells)
        widths = [max(len(r[i]) for r in table) for i in range(len(names))]
        lines = [block_label(rows[0]) + f" — {count(len(rows), 'row')}"]
        for r in table:
            lines.append("  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))))
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n"


FORMATS = {"text": to_text, "csv": to_csv, "json": to_json}


def render(frame: pd.DataFrame, fmt: str = "text") -> str:
    return FORMATS[fmt](frame)


def block_label(row: dict) -> str:
    """The block's stakes and game (`<site> PL omaha $0.05/$0.10 USD`); `all` sites, limits or
    currencies (a total) said so. The game is always named, Hold'em too: a block is one game's."""
    game = row.get("game")
    if row.get("site") == "all":
        return f"all sites and stakes, {game}, {row['kind']}, " + (
            "every currency (money not added up)" if row.get("currency") == "all" else str(row["currency"])
        )
    label = stakes_label({**row, "limit": f"{row['limit']} {game}"})  # the game after the limit: `NL holdem`
    event = row.get("tournament")
    return f"{label} #{event}" if row.get("kind") == "tournament" and event not in (None, "all") else label


def render_sessions(frame: pd.DataFrame, undated: int, fmt: str = "text") -> str:
    """The sessions of hhtool.stats.timeline: an aligned table, CSV or JSON."""
    if fmt == "csv":
        return to_csv(frame)
    if fmt == "json":
        return json.dumps({"sessions": records(frame), "hands_without_time": undated}, ensure_ascii=False, indent=1)
    if frame.empty:
        return "no sessions (name the hero with --hero, or keep one player with --player)\n"
    table = [["player", "cur", "clock", "start", "end", "hands", "net", "net bb", "EV bb", "bb/100"]]
    for r in records(frame):
        table.append(
            [
                printable(str(r["player"])),
                str(r["currency"]),
                r["clock"],
                r["start"],
                r["end"],
                str(r["hands"]),
                money(r["net_won"], r["currency"]),
                f"{r['net_won_bb']:.2f}",
                f"{r['all_in_ev_bb']:.2f}",
                f"{r['bb_per_100']:.2f}",
            ]
        )
    widths = [max(len(row[i]) for row in table) for i in range(len(table[0]))]
    lines = [
        "  ".join(c.ljust(w) if i < 5 else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths))) for row in table
    ]
    tail = [f"{count(undated, 'hand')} with no time in no session"] if undated else []
    return "\n".join([*lines, *tail]) + "\n"
