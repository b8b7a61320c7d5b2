"""`hhtool stats --tournaments` output: text (a table of events, then the totals per currency), CSV (the
events), JSON (events, totals, the meaning of each column and the findings) and one HTML page."""

from __future__ import annotations

import io
import json
from dataclasses import asdict
from html import escape

from hhtool.findings import Finding
from hhtool.safetext import printable
from hhtool.stats.html import STYLE, _table
from hhtool.stats.output import csv_cell
from hhtool.stats.tournaments import COLUMNS, TOTALS, Total, TournamentResult
from hhtool.tables import amount
from hhtool.words import count

HEADERS = [
    "site",
    "tourney",
    "from",
    "cur",
    "buy-in",
    "fee",
    "bounty",
    "entries",
    "finish",
    "of",
    "prize",
    "KOs",
    "net",
]


def _money(value: int | None, currency: str | None) -> str:
    """Thousands separated, with the unit: `$1,520.35`, `2,000 chips`, `50.00 FPP`."""
    if value is None:
        return "-"
    if currency is None:
        return f"{value / 100:,.2f}" if value else "0"
    shown = amount(value, currency)
    points = currency != "chips" and shown.lstrip("-")[:1].isdigit()
    return f"{shown} {currency}" if points else shown  # points: `50.00 FPP`


def _ordinal(place: int | None) -> str:
    if place is None:
        return "-"
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def _cells(row: TournamentResult) -> list[str]:
    cur = row.currency
    return [
        row.site,
        row.tournament_id,
        row.source,
        cur or "?",
        _money(row.buy_in, cur),
        _money(row.fee, cur),
        "-" if row.bounty is None else _money(row.bounty, cur),
        str(row.entries),
        _ordinal(row.finish),
        "-" if row.entrants is None else f"{row.entrants:,}",
        _money(row.prize, cur),
        "-" if row.bounties_won is None else _money(row.bounties_won, cur),
        _money(row.net, cur),
    ]


def _total_cells(total: Total) -> list[str]:
    cur = None if total.currency == "?" else total.currency
    roi = "-" if total.roi_pct is None else f"{total.roi_pct:.2f}%"
    return [
        total.currency,
        str(total.tournaments),
        str(total.with_result),
        str(total.itm),
        _money(total.cost, cur),
        _money(total.prize, cur),
        _money(total.net, cur),
        roi,
    ]


TOTAL_HEADERS = ["cur", "tourneys", "finished", "ITM", "cost", "won", "net", "ROI"]


def _aligned(table: list[list[str]], left: int) -> list[str]:
    widths = [max(len(r[i]) for r in table) for i in range(len(table[0]))]
    return ["  ".join(c.ljust(w) if i < left else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))) for r in table]


def to_text(rows: list[TournamentResult], totals: list[Total]) -> str:
    if not rows:
        return "no tournaments in these files (hand histories or tournament summaries)\n"
    lines = [f"{count(len(rows), 'tournament')}"]
    lines += _aligned([HEADERS, *[[printable(c) for c in _cells(r)] for r in rows]], 4)
    lines += ["", "totals per currency (tournaments with a result; money never added across currencies)"]
    lines += _aligned([TOTAL_HEADERS, *[_total_cells(t) for t in totals]], 1)
    unknown = sum(1 for r in rows if r.net is None)
    if unknown:
        lines.append(f"{count(unknown, 'tournament')} with no result (finish or prize not known) in no total")
    return "\n".join(lines) + "\n"


def to_json(rows: list[TournamentResult], totals: list[Total], findings: list[Finding]) -> str:
    return json.dumps(
        {
            "columns": COLUMNS,
            "tournaments": [asdict(r) for r in rows],
            "totals_columns": TOTALS,
            "totals": [asdict(t) for t in totals],
            "findings": [f.as_dict() for f in findings],
        },
        ensure_ascii=False,
        indent=1,
    )


def to_csv(rows: list[TournamentResult]) -> str:
    import csv

    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(list(COLUMNS))
    for row in rows:
        writer.writerow(["" if v is None else csv_cell(v) for v in asdict(row).values()])
    return buffer.getvalue()


def page(rows: list[TournamentResult], totals: list[Total]) -> str:
    """One page: the events, then the totals per currency."""
    parts = [
        '<!doctype html><html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>hhtool tournament results</title><style>{STYLE}</style></head><body>",
        "<h1>Tournament results</h1>",
    ]
    if not rows:
        parts.append("<p>No tournaments in these files.</p>")
    else:
        parts.append(f"<p>{escape(count(len(rows), 'tournament'))}.</p>")
        parts.append(_table(HEADERS, [_cells(r) for r in rows]))
        parts.append("<h2>Totals per currency</h2>")
        parts.append("<p>Tournaments with a result (finish and prize known); money never added across currencies.</p>")
        parts.append(_table(TOTAL_HEADERS, [_total_cells(t) for t in totals]))
    parts.append("</body></html>\n")
    return "".join(parts)


def render(rows: list[TournamentResult], totals: list[Total], findings: list[Finding], fmt: str) -> str:
    if fmt == "json":
        return to_json(rows, totals, findings)
    if fmt == "csv":
        return to_csv(rows)
    if fmt == "html":
        return page(rows, totals)
    return to_text(rows, totals)
