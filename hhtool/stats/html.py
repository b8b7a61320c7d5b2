"""`hhtool stats --format html`: one page with no outside link: the statistics tables, the hero's
winnings graph (inline SVG: cumulative net won and all-in EV in big blinds over the hands, the two lines
trackers draw) and the sessions (hhtool.stats.timeline)."""

from __future__ import annotations

from html import escape

import pandas as pd

from hhtool.stats.core import COLUMNS, STAKES
from hhtool.stats.output import MONEY, TEXT, block_label, records
from hhtool.stats.timeline import curve
from hhtool.tables import money

WIDTH, HEIGHT, PAD = 720, 300, 48
MAX_POINTS = 2_000  # a longer curve is drawn from every n-th hand (and the last)

STYLE = """body{font:14px/1.4 system-ui,sans-serif;margin:1rem;color:#222}
h1{font-size:1.3rem}h2{font-size:1.1rem;margin-top:1.5rem}
.scroll{overflow-x:auto}table{border-collapse:collapse;margin:.5rem 0}
th,td{padding:2px 8px;border-bottom:1px solid #ddd;text-align:right;white-space:nowrap}
th:first-child,td:first-child{text-align:left}svg{max-width:100%;height:auto}
svg text{font-size:12px;fill:#444}.net{stroke:#1a7f37}.ev{stroke:#cf6a00;stroke-dasharray:6 3}
svg text.lnet{fill:#1a7f37}svg text.lev{fill:#cf6a00}"""


def _cell(name: str, value: float | str | None, currency: str | None) -> str:
    """One value of `records` as the page shows it (a money column's float is a whole amount beside a NaN)."""
    if name in MONEY:
        return "-" if value is None else money(int(value), currency)
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.1f}" if name.endswith("_pct") else f"{value:.2f}"
    return str(value)


def _table(headers: list[str], rows: list[list[str]]) -> str:
    head = "".join(f"<th>{escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>" for row in rows)
    return f'<div class="scroll"><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'


def chart(rows: pd.DataFrame) -> str:
    """The winnings graph as an SVG element (a sentence when there is no hand to draw)."""
    points = curve(rows)
    if points.empty:
        return "<p>No cash hands of the hero to draw (name one with --hero, or keep one player with --player).</p>"
    step = max(1, len(points) // MAX_POINTS)
    shown = pd.concat([points.iloc[::step], points.iloc[[-1]]]).drop_duplicates("hand")
    low = min(0.0, shown["net_bb"].min(), shown["ev_bb"].min())
    high = max(0.0, shown["net_bb"].max(), shown["ev_bb"].max())
    span = (high - low) or 1.0
    last = max(int(points["hand"].iloc[-1]), 2)

    def x(hand: float) -> float:
        return PAD + (hand - 1) / (last - 1) * (WIDTH - 2 * PAD)

    def y(value: float) -> float:
        return HEIGHT - PAD - (value - low) / span * (HEIGHT - 2 * PAD)

    def line(column: str, css: str) -> str:
        coords = " ".join(f"{x(h):.1f},{y(v):.1f}" for h, v in zip(shown["hand"], shown[column]))
        return f'<polyline class="{css}" fill="none" stroke-width="2" points="{coords}"/>'

    net_end, ev_end = points["net_bb"].iloc[-1], points["ev_bb"].iloc[-1]
    return (
        f'<svg viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="winnings in big blinds over '
        f'{last} hands">'
        f'<line x1="{PAD}" y1="{y(0):.1f}" x2="{WIDTH - PAD}" y2="{y(0):.1f}" stroke="#999"/>'
        f'<line x1="{PAD}" y1="{PAD}" x2="{PAD}" y2="{HEIGHT - PAD}" stroke="#999"/>'
        f'<text x="{PAD - 4}" y="{y(high) + 4:.1f}" text-anchor="end">{high:.0f}</text>'
        f'<text x="{PAD - 4}" y="{y(low) + 4:.1f}" text-anchor="end">{low:.0f}</text>'
        + (
            f'<text x="{PAD - 4}" y="{y(0) + 4:.1f}" text-anchor="end">0</text>'
            if min(y(low) - y(0), y(0) - y(high)) > 14
            else ""
        )
        + f'<text x="{WIDTH - PAD}" y="{HEIGHT - PAD + 18}" text-anchor="end">{len(points):,} hands</text>'
        f'<text x="{PAD}" y="{HEIGHT - PAD + 18}">bb</text>'
        + f"{line('net_bb', 'net')}{line('ev_bb', 'ev')}"
        + f'<text x="{PAD + 8}" y="{PAD - 20}" class="lnet">— net won {net_end:.2f} bb</text>'
        + f'<text x="{PAD + 240}" y="{PAD - 20}" class="lev">- - all-in EV {ev_end:.2f} bb</text></svg>'
    )


def page(frame: pd.DataFrame, rows: pd.DataFrame, session_rows: pd.DataFrame, undated: int) -> str:
    """The whole page: statistics per stakes block, the graph, the sessions."""
    parts = [
        '<!doctype html><html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>hhtool stats</title><style>{STYLE}</style></head><body><h1>Player statistics</h1>",
    ]
    names = [n for n in TEXT if n in frame.columns]
    if frame.empty:
        parts.append("<p>No hands with players in this dataset.</p>")
    for _, group in frame.groupby(STAKES, sort=False, dropna=False):
        block = records(group)
        cur = block[0]["currency"]
        parts.append(f"<h2>{escape(block_label(block[0]))}</h2>")
        parts.append(_table([COLUMNS[n][0] for n in names], [[_cell(n, r[n], cur) for n in names] for r in block]))
    parts.append("<h2>Winnings (cash hands, big blinds)</h2>")
    parts.append(chart(rows))
    parts.append("<h2>Sessions</h2>")
    if session_rows.empty:
        parts.append("<p>No sessions.</p>")
    else:
        headers = ["player", "currency", "clock", "start", "end", "hands", "net", "net bb", "EV bb", "bb/100"]
        parts.append(
            _table(
                headers,
                [
                    [
                        str(r["player"]),
                        str(r["currency"]),
                        str(r["clock"]),
                        r["start"],
                        r["end"],
                        str(r["hands"]),
                        money(r["net_won"], r["currency"]),
                        f"{r['net_won_bb']:.2f}",
                        f"{r['all_in_ev_bb']:.2f}",
                        f"{r['bb_per_100']:.2f}",
                    ]
                    for r in session_rows.to_dict("records")
                ],
            )
        )
    if undated:
        parts.append(f"<p>{undated:,} hands with no time are in the graph (last) but in no session.</p>")
    parts.append("</body></html>\n")
    return "".join(parts)
