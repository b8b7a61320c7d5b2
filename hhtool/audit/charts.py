"""Bar charts as inline SVG, drawn here: no library, no script, nothing fetched when the page is viewed.

Each chart is one `<svg role="img">` with a `<title>` and a `<desc>` (read by screen readers and
shown as the tooltip), a visible heading, axis labels with units, and a `<title>` on every bar
that gives its exact value.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape
from itertools import count

COLORS = {"bar": "#2f6f9f", "error": "#b03a2e", "warning": "#d68910", "info": "#5d8aa8", "marker": "#1d1d1d",
          "grid": "#d9dde3", "text": "#1f2933", "muted": "#5f6b7a"}
FONT = "font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif"
_ids = count(1)


@dataclass(frozen=True)
class Bar:
    label: str
    value: float
    text: str  # the value as shown at the bar, with its unit
    tooltip: str  # what hovering the bar shows
    color: str = COLORS["bar"]
    marker: float | None = None  # a reference value drawn as a tick across the bar (e.g. the schedule's %)
    marker_text: str = ""


def nice_ticks(top: float, n: int = 5, whole: bool = False) -> list[float]:
    """Round tick values from 0 to at least `top` (whole numbers only when `whole`, e.g. for counts)."""
    if top <= 0:
        return [0.0, 1.0]
    raw = top / n
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    if whole:
        step = max(1, math.ceil(step))
    ticks = [0.0]
    while ticks[-1] < top - 1e-12:
        ticks.append(round(ticks[-1] + step, 10))
    return ticks


def _open(width: int, height: int, title: str, desc: str) -> tuple[str, str]:
    uid = f"chart{next(_ids)}"
    head = (f'<svg class="chart" role="img" aria-labelledby="{uid}-t {uid}-d" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" style="{FONT};max-width:100%;height:auto">'
            f'<title id="{uid}-t">{escape(title)}</title><desc id="{uid}-d">{escape(desc)}</desc>'
            f'<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>'
            f'<text x="12" y="24" font-size="16" font-weight="600" fill="{COLORS["text"]}">{escape(title)}</text>')
    return uid, head


def _empty(width: int, title: str, desc: str, message: str) -> str:
    _, head = _open(width, 90, title, desc)
    return (head + f'<text x="12" y="60" font-size="14" fill="{COLORS["muted"]}">{escape(message)}</text></svg>')


def column_chart(title: str, desc: str, bars: Sequence[Bar], axis: Callable[[float], str], y_label: str,
                 width: int = 960, height: int = 340, empty: str = "No data.", whole: bool = False) -> str:
    """Vertical bars along a category axis (e.g. days), value axis on the left."""
    if not bars:
        return _empty(width, title, desc, empty)
    left, right, top, bottom = 86, 16, 44, 78
    plot_w, plot_h = width - left - right, height - top - bottom
    ticks = nice_ticks(max(b.value for b in bars), whole=whole)
    y_max = ticks[-1] or 1
    _, out = _open(width, height, title, desc)
    parts = [out]
    for t in ticks:
        y = top + plot_h - t / y_max * plot_h
        parts.append(f'<line x1="{left}" x2="{left + plot_w}" y1="{y:.1f}" y2="{y:.1f}" stroke="{COLORS["grid"]}"/>'
                     f'<text x="{left - 6}" y="{y + 4:.1f}" font-size="11" text-anchor="end" '
                     f'fill="{COLORS["muted"]}">{escape(axis(t))}</text>')
    parts.append(f'<text transform="translate(16 {top + plot_h / 2:.0f}) rotate(-90)" font-size="12" '
                 f'text-anchor="middle" fill="{COLORS["muted"]}">{escape(y_label)}</text>')
    slot = plot_w / len(bars)
    bar_w = max(1.0, slot * 0.78)
    every = max(1, math.ceil(len(bars) / 24))
    for i, b in enumerate(bars):
        x = left + i * slot + (slot - bar_w) / 2
        h = max(0.0, b.value / y_max * plot_h)
        y = top + plot_h - h
        parts.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{bar_w:.1f}" height="{h:.1f}" fill="{b.color}">'
                     f'<title>{escape(b.tooltip)}</title></rect>')
        if len(bars) <= 16 and h > 0:
            parts.append(f'<text x="{x + bar_w / 2:.1f}" y="{y - 4:.1f}" font-size="10" text-anchor="middle" '
                         f'fill="{COLORS["text"]}">{escape(b.text)}</text>')
        if i % every == 0:
            cx, cy = x + bar_w / 2, top + plot_h + 12
            parts.append(f'<text transform="translate({cx:.1f} {cy:.1f}) rotate(-40)" font-size="10" '
                         f'text-anchor="end" fill="{COLORS["muted"]}">{escape(b.label)}</text>')
    parts.append(f'<line x1="{left}" x2="{left + plot_w}" y1="{top + plot_h}" y2="{top + plot_h}" '
                 f'stroke="{COLORS["muted"]}"/></svg>')
    return "".join(parts)


def bar_chart(title: str, desc: str, bars: Sequence[Bar], axis: Callable[[float], str], x_label: str,
              width: int = 960, label_width: int = 260, empty: str = "No data.", legend: str = "",
              whole: bool = False) -> str:
    """Horizontal bars, one row per category, the value written after each bar."""
    if not bars:
        return _empty(width, title, desc, empty)
    row = 24
    top = 44 + (18 if legend else 0)
    left, right = label_width, 110
    plot_w = width - left - right
    height = top + row * len(bars) + 46
    ticks = nice_ticks(max(max(b.value, b.marker or 0) for b in bars), whole=whole)
    x_max = ticks[-1] or 1
    _, out = _open(width, height, title, desc)
    parts = [out]
    if legend:
        parts.append(f'<text x="12" y="46" font-size="12" fill="{COLORS["muted"]}">{escape(legend)}</text>')
    plot_h = row * len(bars)
    for t in ticks:
        x = left + t / x_max * plot_w
        parts.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{top}" y2="{top + plot_h}" stroke="{COLORS["grid"]}"/>'
                     f'<text x="{x:.1f}" y="{top + plot_h + 16}" font-size="11" text-anchor="middle" '
                     f'fill="{COLORS["muted"]}">{escape(axis(t))}</text>')
    parts.append(f'<text x="{left + plot_w / 2:.0f}" y="{top + plot_h + 36}" font-size="12" text-anchor="middle" '
                 f'fill="{COLORS["muted"]}">{escape(x_label)}</text>')
    for i, b in enumerate(bars):
        y = top + i * row
        w = max(0.0, b.value / x_max * plot_w)
        mark = b.marker / x_max * plot_w if b.marker is not None else 0.0
        label = b.label if len(b.label) <= 40 else b.label[:39] + "…"
        parts.append(f'<text x="{left - 8}" y="{y + row / 2 + 4:.1f}" font-size="12" text-anchor="end" '
                     f'fill="{COLORS["text"]}">{escape(label)}</text>'
                     f'<rect x="{left}" y="{y + 4}" width="{w:.1f}" height="{row - 8}" fill="{b.color}">'
                     f'<title>{escape(b.tooltip)}</title></rect>'
                     f'<text x="{left + max(w, mark) + 6:.1f}" y="{y + row / 2 + 4:.1f}" font-size="11" '
                     f'fill="{COLORS["text"]}">{escape(b.text)}</text>')
        if b.marker is not None:
            mx = left + mark
            parts.append(f'<line x1="{mx:.1f}" x2="{mx:.1f}" y1="{y + 1}" y2="{y + row - 1}" '
                         f'stroke="{COLORS["marker"]}" stroke-width="2"><title>{escape(b.marker_text)}</title></line>')
    parts.append(f'<line x1="{left}" x2="{left}" y1="{top}" y2="{top + plot_h}" stroke="{COLORS["muted"]}"/></svg>')
    return "".join(parts)
