"""Bar charts as inline SVG, drawn here: no library, no script, nothing fetched when the page is viewed.

Each chart is one `<svg role="img">` with a `<title>` and a `<desc>` (read by screen readers and
shown as the tooltip), a visible heading, axis labels with units, and a `<title>` on every bar
that gives its exact value.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from html import escape
from itertools import count

COLORS = {
    "bar": "#2f6f9f",
    "undated": "#8a9bb0",
    "error": "#b03a2e",
    "warning": "#d68910",
    "info": "#5d8aa8",
    "marker": "#1d1d1d",
    "grid": "#d9dde3",
    "text": "#1f2933",
    "muted": "#5f6b7a",
}
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


def log_ticks(top: float) -> list[float]:
    """0, 1, 10, 100, … up to at least `top`: the ticks of a logarithmic count axis."""
    ticks = [0.0, 1.0]
    while ticks[-1] < top:
        ticks.append(ticks[-1] * 10)
    return ticks


def _log_scale(v: float) -> float:
    """Where a count sits on a logarithmic axis: log10(1 + v), so that 0 is at the origin and a single
    finding still draws a bar (log10(1) would be 0)."""
    return math.log10(1 + max(v, 0.0))


NARROW = 600  # below this width a bar chart puts each label above its bar (a phone's screen)
CHAR = {11: 6.3, 12: 6.9, 16: 9.6}  # a generous average advance of the charts' font, px per character, by size


def fits(text: str, room: float, size: int = 12) -> str:
    """`text`, cut with an ellipsis to what `room` px hold at font `size` (SVG text does not wrap)."""
    most = max(1, int(room / CHAR[size]))
    return text if len(text) <= most else text[: most - 1] + "…"


def title_height(title: str, width: int) -> int:
    """The px a chart's heading takes beyond its first line: a long title wraps on a narrow chart."""
    return 20 * (len(_lines(title, width - 24, 16)) - 1)


def _open(width: int, height: int, title: str, desc: str) -> tuple[str, str]:
    """The chart's svg element, its title and description, background and heading (wrapped to its width)."""
    uid = f"chart{next(_ids)}"
    heading = "".join(
        f'<text x="12" y="{24 + 20 * i}" font-size="16" font-weight="600" fill="{COLORS["text"]}">{escape(line)}</text>'
        for i, line in enumerate(_lines(title, width - 24, 16))
    )
    head = (
        f'<svg class="chart" data-width="{width}" role="img" aria-labelledby="{uid}-t {uid}-d" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}" style="{FONT};max-width:100%;height:auto">'
        f'<title id="{uid}-t">{escape(title)}</title><desc id="{uid}-d">{escape(desc)}</desc>'
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>{heading}'
    )
    return uid, head


def _empty(width: int, title: str, desc: str, message: str) -> str:
    extra = title_height(title, width)
    _, head = _open(width, 90 + extra, title, desc)
    return (
        head
        + f'<text x="12" y="{60 + extra}" font-size="12" fill="{COLORS["muted"]}">{escape(fits(message, width - 24))}'
        f"</text></svg>"
    )


def _tick_labels(ticks: list[tuple[float, str]], y: float, size: int = 11) -> list[str]:
    """Tick labels centred under their x, each left out when it would run into the one before."""
    parts, right = [], -1e9
    for x, text in ticks:
        half = len(text) * CHAR[size] / 2
        if x - half < right + 6:
            continue
        right = x + half
        parts.append(
            f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="middle" '
            f'fill="{COLORS["muted"]}" class="tick">{escape(text)}</text>'
        )
    return parts


def bar_chart(
    title: str,
    desc: str,
    bars: Sequence[Bar],
    axis: Callable[[float], str],
    x_label: str,
    width: int = 960,
    label_width: int = 260,
    empty: str = "No data.",
    legend: str = "",
    whole: bool = False,
    log: bool = False,
) -> str:
    """Horizontal bars, one row per category, the value written after each bar; narrower than NARROW,
    each label stands above its bar, across the whole width.

    `log`: a logarithmic axis (0, 1, 10, 100, …), so that one category with thousands of findings does
    not flatten the ones with a few into invisible bars."""
    if not bars:
        return _empty(width, title, desc, empty)
    stacked = width < NARROW
    row = 38 if stacked else 24
    legend_lines = _lines(legend, width - 24) if legend else []
    top = 44 + 16 * len(legend_lines) + title_height(title, width)
    left, right = (12, 76) if stacked else (label_width, 110)
    plot_w = width - left - right
    height = top + row * len(bars) + 46
    top_value = max(max(b.value, b.marker or 0) for b in bars)
    ticks = log_ticks(top_value) if log else nice_ticks(top_value, whole=whole)
    scale: Callable[[float], float] = _log_scale if log else float
    x_max = scale(ticks[-1]) or 1
    _, out = _open(width, height, title, desc)
    parts = [out]
    for i, line in enumerate(legend_lines):
        parts.append(
            f'<text x="12" y="{top - 16 * len(legend_lines) + 2 + 16 * i}" font-size="12" '
            f'fill="{COLORS["muted"]}">{escape(line)}</text>'
        )
    plot_h = row * len(bars)
    for t in ticks:
        x = left + scale(t) / x_max * plot_w
        parts.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{top}" y2="{top + plot_h}" stroke="{COLORS["grid"]}"/>')
    parts += _tick_labels([(left + scale(t) / x_max * plot_w, axis(t)) for t in ticks], top + plot_h + 16)
    parts.append(
        f'<text x="{left + plot_w / 2:.0f}" y="{top + plot_h + 36}" font-size="12" text-anchor="middle" '
        f'fill="{COLORS["muted"]}">{escape(fits(x_label, width - 24))}</text>'
    )
    for i, b in enumerate(bars):
        y = top + i * row
        w = max(0.0, scale(b.value) / x_max * plot_w)
        mark = scale(b.marker) / x_max * plot_w if b.marker is not None else 0.0
        bar_y, bar_h = (y + 18, row - 24) if stacked else (y + 4, row - 8)
        if stacked:
            label = (
                f'<text x="{left + 4}" y="{y + 14}" font-size="12" fill="{COLORS["text"]}" class="label">'
                f"{escape(fits(b.label, width - 2 * left - 4))}</text>"
            )
        else:
            label = (
                f'<text x="{left - 8}" y="{y + row / 2 + 4:.1f}" font-size="12" text-anchor="end" '
                f'fill="{COLORS["text"]}" class="label">{escape(fits(b.label, label_width - 16))}</text>'
            )
        parts.append(
            label + f'<rect x="{left}" y="{bar_y}" width="{w:.1f}" height="{bar_h}" fill="{b.color}">'
            f"<title>{escape(b.tooltip)}</title></rect>"
            f'<text x="{left + max(w, mark) + 6:.1f}" y="{bar_y + bar_h / 2 + 4:.1f}" font-size="11" '
            f'fill="{COLORS["text"]}">{escape(b.text)}</text>'
        )
        if b.marker is not None:
            mx = left + mark
            parts.append(
                f'<line x1="{mx:.1f}" x2="{mx:.1f}" y1="{bar_y - 3}" y2="{bar_y + bar_h + 3}" '
                f'stroke="{COLORS["marker"]}" stroke-width="2"><title>{escape(b.marker_text)}</title></line>'
            )
    if not stacked:  # the axis; above each bar its label would be crossed by it
        parts.append(f'<line x1="{left}" x2="{left}" y1="{top}" y2="{top + plot_h}" stroke="{COLORS["muted"]}"/>')
    parts.append("</svg>")
    return "".join(parts)


def _lines(text: str, room: float, size: int = 12) -> list[str]:
    """`text` broken at spaces into lines that `room` px hold."""
    most = max(8, int(room / CHAR[size]))
    lines: list[str] = []
    for word in text.split(" "):
        if lines and len(lines[-1]) + 1 + len(word) <= most:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return [line for line in lines if line]


@dataclass(frozen=True)
class DayBar:
    day: date
    value: float
    tooltip: str


def _day_ticks(first: date, last: date, most: int = 10) -> tuple[list[date], str]:
    """Tick days between `first` and `last` on whole days, weeks' Mondays, months or years (at most
    `most` of them), and the strftime format their labels take."""
    span = (last - first).days
    for days in (1, 7):
        if span // days < most:
            start = first if days == 1 else first + timedelta(days=(7 - first.weekday()) % 7)  # a Monday
            ticks = [start + timedelta(days=i) for i in range(0, span + 1, days)]
            return [t for t in ticks if t <= last], "%Y-%m-%d"
    for months, fmt in ((1, "%Y-%m"), (3, "%Y-%m"), (6, "%Y-%m"), (12, "%Y"), (24, "%Y"), (60, "%Y"), (120, "%Y")):
        index = first.year * 12 + first.month - 1
        index += -index % months  # the first whole step on or after `first`
        ticks = []
        while True:
            tick = date(index // 12, index % 12 + 1, 1)
            if tick > last:
                break
            if tick >= first:
                ticks.append(tick)
            index += months
        if len(ticks) <= most:
            return ticks, fmt
    return [first, last], "%Y"


def time_chart(
    title: str,
    desc: str,
    bars: Sequence[DayBar],
    axis: Callable[[float], str],
    y_label: str,
    width: int = 960,
    height: int = 340,
    empty: str = "No data.",
    note: str = "",
    undated: tuple[float, str] | None = None,
) -> str:
    """Bars on a real time axis, one per day with data: days without data are gaps, and the axis is
    labelled by calendar (days, months or years, as the span asks). What has no date (`undated`: its
    value and tooltip) is drawn apart, right of the axis, as one bar labelled "no date"; `note` says
    more under the chart."""
    if not bars and undated is None:
        return _empty(width, title, desc, note or empty)
    note_lines = _lines(note, width - 24) if note else []
    slot_w = 64 if undated is not None else 0
    left, right = (70, 12) if width < NARROW else (86, 24)
    top = 44 + title_height(title, width)
    height += top - 44
    bottom = 62 + 16 * len(note_lines)
    plot_w, plot_h = width - left - right - slot_w, height - top - bottom
    dated = max((b.value for b in bars), default=0.0)
    # an undated bar far above every day's (the dated days' bars would be flat lines under its scale) is
    # drawn broken: the axis is the days', the bar reaches the top with a break mark and says its amount
    broken = undated is not None and 0 < dated * 2 < undated[0]
    ticks = nice_ticks(dated if broken else max([dated] + ([undated[0]] if undated else [])))
    y_max = ticks[-1] or 1
    _, out = _open(width, height, title, desc)
    parts = [out]
    for t in ticks:
        y = top + plot_h - t / y_max * plot_h
        parts.append(
            f'<line x1="{left}" x2="{left + plot_w + slot_w}" y1="{y:.1f}" y2="{y:.1f}" '
            f'stroke="{COLORS["grid"]}"/><text x="{left - 6}" y="{y + 4:.1f}" font-size="11" '
            f'text-anchor="end" fill="{COLORS["muted"]}">{escape(axis(t))}</text>'
        )
    parts.append(
        f'<text transform="translate(16 {top + plot_h / 2:.0f}) rotate(-90)" font-size="12" '
        f'text-anchor="middle" fill="{COLORS["muted"]}">{escape(fits(y_label, plot_h))}</text>'
    )
    if bars:
        first, last = min(b.day for b in bars), max(b.day for b in bars)
        days = (last - first).days + 1
        slot = plot_w / days
        bar_w = min(max(slot * 0.8, 2.0), 48.0)

        def x_of(day: date) -> float:  # the middle of the day's slot
            return left + ((day - first).days + 0.5) * slot

        tick_days, fmt = _day_ticks(first, last, max(2, min(10, int(plot_w // 50))))  # overlapping labels are left out
        marks = []
        for day in tick_days:
            x = x_of(day) if fmt == "%Y-%m-%d" else left + (day - first).days * slot
            parts.append(
                f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{top + plot_h}" y2="{top + plot_h + 5}" '
                f'stroke="{COLORS["muted"]}"/>'
            )
            marks.append((x, day.strftime(fmt)))
        parts += _tick_labels(marks, top + plot_h + 18)
        for b in bars:
            h = max(0.0, b.value / y_max * plot_h)
            if 0 < h < 1:
                h = 1.0  # a day with a little rake stays visible
            x = x_of(b.day) - bar_w / 2
            parts.append(
                f'<rect x="{x:.1f}" y="{top + plot_h - h:.1f}" width="{bar_w:.1f}" height="{h:.1f}" '
                f'fill="{COLORS["bar"]}" data-day="{b.day.isoformat()}"><title>{escape(b.tooltip)}</title>'
                f"</rect>"
            )
        caption = f"day (UTC), {first.isoformat()} to {last.isoformat()}; a gap is days without hands"
    else:
        caption = "no hand with a readable date"
    if undated is not None:
        x0 = left + plot_w
        value, tooltip = undated
        h = plot_h if broken else max(0.0, value / y_max * plot_h)
        if 0 < h < 1:
            h = 1.0
        parts.append(
            f'<line x1="{x0 + 4:.1f}" x2="{x0 + 4:.1f}" y1="{top}" y2="{top + plot_h + 5}" '
            f'stroke="{COLORS["muted"]}" stroke-dasharray="3 3"/>'
            f'<rect x="{x0 + 16:.1f}" y="{top + plot_h - h:.1f}" width="{slot_w - 24}" height="{h:.1f}" '
            f'fill="{COLORS["undated"]}" data-day="none"><title>{escape(tooltip)}</title></rect>'
            f'<text x="{x0 + 4 + slot_w / 2:.1f}" y="{top + plot_h + 18}" font-size="11" '
            f'text-anchor="middle" fill="{COLORS["muted"]}" class="undated">no date</text>'
        )
        if broken:
            bx, mid = x0 + 16, x0 + 4 + slot_w / 2
            parts.append(
                f'<path d="M{bx - 3:.1f} {top + 14} l{(slot_w - 18) / 2:.1f} -6 l{(slot_w - 18) / 2:.1f} 6" '
                f'stroke="#ffffff" stroke-width="3" fill="none" class="break"/>'
                f'<text transform="translate({mid + 4:.1f} {top + 30}) rotate(90)" font-size="11" '
                f'fill="#ffffff" class="broken">{escape(axis(value))} (off the scale)</text>'
            )
    parts.append(
        f'<line x1="{left}" x2="{left + plot_w}" y1="{top + plot_h}" y2="{top + plot_h}" stroke="{COLORS["muted"]}"/>'
    )
    for i, line in enumerate(_lines(caption, width - 24)[:2]):
        parts.append(
            f'<text x="{left + plot_w / 2:.0f}" y="{top + plot_h + 36 + 14 * i}" font-size="11" '
            f'text-anchor="middle" fill="{COLORS["muted"]}">{escape(line)}</text>'
        )
    for i, line in enumerate(note_lines):
        y = height - 10 - 16 * (len(note_lines) - 1 - i)
        parts.append(f'<text x="12" y="{y}" font-size="12" fill="{COLORS["muted"]}">{escape(line)}</text>')
    parts.append("</svg>")
    return "".join(parts)
