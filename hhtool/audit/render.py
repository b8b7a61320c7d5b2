"""The audit report as JSON, plain text, or one self-contained HTML page (inline CSS and SVG, no script,
no link to anything outside the file: its only links are the table of contents' to its own sections)."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from datetime import UTC, date, datetime
from html import escape

from hhtool.audit.charts import COLORS, Bar, DayBar, bar_chart, time_chart
from hhtool.audit.report import INFERRED, VIOLATION_KINDS, VIOLATION_LABELS
from hhtool.safetext import printable
from hhtool.tables import amount, scale_of
from hhtool.words import count

HTML_ROWS = 200  # longest table in the HTML page; the JSON report has every row

CURRENCY_NAMES = {
    "USD": "US dollars",
    "EUR": "euros",
    "GBP": "pounds sterling",
    "chips": "chips (play money)",
    "INR": "Indian rupees",
    "CNY": "yuan",
    "CAD": "Canadian dollars",
    "SEK": "Swedish kronor",
    "CHF": "Swiss francs",
}


# -- JSON ------------------------------------------------------------------------------------
def to_json(report: dict) -> str:
    return json.dumps(report, ensure_ascii=False, indent=1) + "\n"


# -- columns shared by text and HTML -----------------------------------------------------------
Column = tuple[str, str, Callable[[dict], str], str]  # key, header, formatter, align (l/r)


def _m(key: str) -> Callable[[dict], str]:
    return lambda r: amount(r.get(key), r.get("currency"))


def _v(key: str) -> Callable[[dict], str]:
    return lambda r: "" if r.get(key) is None else str(r.get(key))


def _pct(key: str) -> Callable[[dict], str]:
    return lambda r: "" if r.get(key) is None else f"{r[key]:.2f} %"


def _where(r: dict) -> str:
    return f"{r['file']}:{r['line']}"


TOTAL_COLUMNS: list[Column] = [
    ("hands", "hands", _v("hands"), "r"),
    ("raked_hands", "raked hands", _v("raked_hands"), "r"),
    ("total_pot", "total of pots", _m("total_pot"), "r"),
    ("rake", "rake", _m("rake"), "r"),
    ("fees", "other fees", _m("fees"), "r"),
    ("rake_share_pct", "rake / pot", _pct("rake_share_pct"), "r"),
    ("flop_rake_share_pct", "rake / pot, hands with a flop", _pct("flop_rake_share_pct"), "r"),
    ("first_hand", "first hand", _v("first_hand"), "l"),
]
TOTALS = [
    ("by_currency", "Rake by currency", [("currency", "currency", _v("currency"), "l")]),
    (
        "by_stakes",
        "Rake by stakes",
        [("stakes", "stakes", _v("stakes"), "l"), ("schedule_percent", "schedule %", _v("schedule_percent"), "r")],
    ),
    (
        "by_players",
        "Rake by number of players dealt in",
        [("players", "players", _v("players"), "r"), ("currency", "currency", _v("currency"), "l")],
    ),
    ("by_day", "Rake by day (UTC)", [("day", "day", _v("day"), "l"), ("currency", "currency", _v("currency"), "l")]),
    (
        "by_table",
        "Rake by table",
        [("table", "table", _v("table"), "l"), ("currency", "currency", _v("currency"), "l")],
    ),
]
VIOLATION_COLUMNS: list[Column] = [
    ("hand_id", "hand", _v("hand_id"), "l"),
    ("day", "day", _v("day"), "l"),
    ("stakes", "stakes", _v("stakes"), "l"),
    ("players", "players", _v("players"), "r"),
    ("total_pot", "pot", _m("total_pot"), "r"),
    ("rake", "rake taken", _m("rake"), "r"),
    ("due", "schedule", _m("due"), "r"),
    ("difference", "difference", _m("difference"), "r"),
    ("code", "code", _v("code"), "l"),
    (
        "kind",
        "what",
        lambda r: (
            VIOLATION_LABELS[r["kind"]] + ("" if r.get("rake_printed", True) else " (rake inferred, not printed)")
        ),
        "l",
    ),
    ("file", "where", _where, "l"),
]
# known exceptions: rake above the schedule within the room's surcharge (HH219, info)
EXCEPTION_COLUMNS: list[Column] = [
    ("hand_id", "hand", _v("hand_id"), "l"),
    ("day", "day", _v("day"), "l"),
    ("stakes", "stakes", _v("stakes"), "l"),
    ("players", "players", _v("players"), "r"),
    ("total_pot", "pot", _m("total_pot"), "r"),
    ("rake", "rake taken", _m("rake"), "r"),
    ("due", "schedule", _m("due"), "r"),
    ("most", "with the surcharge, at most", _m("most"), "r"),
    ("who", "surcharge on", _v("who"), "l"),
    ("file", "where", _where, "l"),
]
PAYOUT_COLUMNS: list[Column] = [
    ("hand_id", "hand", _v("hand_id"), "l"),
    ("day", "day", _v("day"), "l"),
    ("code", "code", _v("code"), "l"),
    ("severity", "severity", _v("severity"), "l"),
    ("message", "what is wrong", _v("message"), "l"),
    ("expected", "expected", _v("expected"), "l"),
    ("actual", "printed", _v("actual"), "l"),
    ("file", "where", _where, "l"),
]
BALANCE_DAY_COLUMNS: list[Column] = [
    ("day", "day", _v("day"), "l"),
    ("currency", "currency", _v("currency"), "l"),
    ("hands", "hands", _v("hands"), "r"),
    ("chips_before", "chips before", _m("chips_before"), "r"),
    ("chips_after", "chips after", _m("chips_after"), "r"),
    ("rake", "rake", _m("rake"), "r"),
    ("cash_out", "cash outs paid", _m("cash_out"), "r"),
    ("cash_out_kept", "pot shares kept", _m("cash_out_kept"), "r"),
    ("ev_pot", "pots settled by expected value", _m("ev_pot"), "r"),
    ("difference", "difference", _m("difference"), "r"),
    ("hands_out_of_balance", "hands out of balance", _v("hands_out_of_balance"), "r"),
]
BALANCE_HAND_COLUMNS: list[Column] = [
    ("hand_id", "hand", _v("hand_id"), "l"),
    ("day", "day", _v("day"), "l"),
    ("chips_before", "chips before", _m("chips_before"), "r"),
    ("chips_after", "chips after", _m("chips_after"), "r"),
    ("rake", "rake", _m("rake"), "r"),
    ("cash_out", "cash outs paid", _m("cash_out"), "r"),
    ("cash_out_kept", "pot shares kept", _m("cash_out_kept"), "r"),
    ("ev_pot", "pot settled by expected value", _m("ev_pot"), "r"),
    ("difference", "difference", _m("difference"), "r"),
    ("file", "where", _where, "l"),
]
CODE_COLUMNS: list[Column] = [
    ("code", "code", _v("code"), "l"),
    ("severity", "severity", _v("severity"), "l"),
    ("title", "what it means", _v("title"), "l"),
    ("count", "count", _v("count"), "r"),
]
UNCHECKED_COLUMNS: list[Column] = [
    ("reason", "why not checked", _v("reason"), "l"),
    ("stakes", "stakes", _v("stakes"), "l"),
    ("hands", "hands", _v("hands"), "r"),
]


# -- text ------------------------------------------------------------------------------------
def _unit(value: int, currency: str) -> str:
    """An amount and its currency's code (`$340.31 USD`); chips say so themselves (`13,542 chips`)."""
    text = amount(value, currency)
    return text if text.endswith(" chips") else f"{text} {currency}"


def _amounts(by_currency: dict[str, int]) -> str:
    return ", ".join(_unit(v, k) for k, v in by_currency.items())


def _cash_out_line(s: dict) -> str:
    """All-in cash outs beside the rake: what the room paid, its fees, and the pot shares it kept."""
    if not s.get("cash_out_hands"):
        return "All-in cash outs: none"
    fees, kept = s["cash_out_fees_by_currency"], s["cash_out_kept_by_currency"]
    parts = [
        f"paid {amount(v, k)}, fees {amount(fees.get(k, 0), k)}, pot shares kept {_unit(kept.get(k, 0), k)}"
        for k, v in s["cash_out_by_currency"].items()
    ]
    return f"All-in cash outs: {s['cash_out_hands']} hands; " + "; ".join(parts)


def _inferred_line(s: dict) -> str:
    """The rake of hands whose site prints none: the replay's figure, said to be inferred, not printed."""
    amounts = _amounts(s["rake_inferred_by_currency"])
    count = s["rake_inferred_hands"]
    return f"  of which {amounts} in {count} hand{'' if count == 1 else 's'} is {INFERRED}"


def _text_table(rows: Sequence[dict], columns: Sequence[Column]) -> str:
    if not rows:
        return "  (none)"
    cells = [[c[1] for c in columns]] + [[printable(c[2](r)) for c in columns] for r in rows]  # names are data
    widths = [max(len(row[i]) for row in cells) for i in range(len(columns))]
    lines = []
    for row in cells:
        line = "  ".join(v.rjust(w) if c[3] == "r" else v.ljust(w) for v, w, c in zip(row, widths, columns))
        lines.append("  " + line.rstrip())
    return "\n".join(lines)


TEXT_TOP = 10  # rows of the long tables a text report shows without --full


def worst_tables(report: dict) -> list[dict]:
    """Tables by the number of their hands with a problem (a schedule violation, a payout finding, chips not
    conserved), most first: where to look first."""
    found: dict[str, dict[str, set]] = {}
    for key, rows in (
        ("violations", report["schedule_violations"]),
        ("payouts", report["payout_mismatches"]),
        ("out_of_balance", report["conservation"]["by_hand"]),
    ):
        for r in rows:
            table = r.get("table") or "(not known)"
            found.setdefault(table, {"violations": set(), "payouts": set(), "out_of_balance": set()})[key].add(
                r["hand_uid"]
            )
    rows = [
        {"table": t, "problem_hands": len(set().union(*k.values())), **{n: len(v) for n, v in k.items()}}
        for t, k in found.items()
    ]
    return sorted(rows, key=lambda r: (-r["problem_hands"], r["table"]))


WORST_COLUMNS: list[Column] = [
    ("table", "table", _v("table"), "l"),
    ("problem_hands", "hands with a problem", _v("problem_hands"), "r"),
    ("violations", "schedule violations", _v("violations"), "r"),
    ("payouts", "with payout findings", _v("payouts"), "r"),
    ("out_of_balance", "out of balance", _v("out_of_balance"), "r"),
]


def _top(title: str, rows: list[dict], what: str, full: bool, order=None) -> tuple[str, list[dict]]:
    """The title and rows of a long table: all with `full`, else the first TEXT_TOP (by `order`), said so."""
    if full or len(rows) <= TEXT_TOP:
        return title, rows
    rows = sorted(rows, key=order) if order else rows
    return f"{title}: the {TEXT_TOP} of {len(rows)} {what} (--full or --format json for all)", rows[:TEXT_TOP]


def to_text(report: dict, full: bool = False) -> str:
    """The totals, the violations and the worst tables; the long tables (stakes, tables, days, players) are
    cut to their first rows, said so, unless `full`."""
    s = report["summary"]
    paths = printable(", ".join(report["source"]["paths"]))
    out = [
        f"Rake and payout audit of {report['source']['kind']}: {paths}",
        f"Schedule: {report['schedule']['description']}",
        (
            f"Hands: {s['hands']} ({', '.join(f'{k} {v}' for k, v in s['by_status'].items()) or 'none'}); audited "
            f"{s['audited_hands']}: cash {s['cash_hands']}, tournament {s['tournament_hands']}; raked {s['raked_hands']}"
        ),
        "Rake: " + (_amounts(s["rake_by_currency"]) or "none"),
        *([_inferred_line(s)] if s.get("rake_inferred_hands") else []),
        *(
            ["Fees besides rake (jackpot, bingo, fortune, tax): " + _amounts(s["fees_by_currency"])]
            if s.get("fees_by_currency")
            else []
        ),
        _cash_out_line(s),
        (
            f"Schedule checked {s['schedule_checked_hands']} cash hands, not checked {s['schedule_unchecked_hands']}; "
            f"violations {s['schedule_violations']}"
            + (
                f" (and {s['schedule_exceptions']} within the room's surcharge, info)"
                if s.get("schedule_exceptions")
                else ""
            )
            + f", payout mismatches {s['payout_mismatches']}, hands out of balance {s['hands_out_of_balance']}"
        ),
    ]
    by_hands = lambda r: (-r["hands"], r.get("currency") or "", str(r.get("stakes") or ""))
    for key, title, columns in TOTALS:
        if not full and key in ("by_players", "by_day", "by_table"):
            continue  # --full: every table, day and number of players
        shown_title, rows = _top(title, report["rake"][key], "stakes with the most hands", full, by_hands)
        out += ["", shown_title, _text_table(rows, columns + TOTAL_COLUMNS)]
    worst = worst_tables(report)
    title, rows = _top("Worst tables (most hands with a problem)", worst, "tables with a problem", full)
    out += ["", title, _text_table(rows, WORST_COLUMNS)]
    out += ["", "Schedule violations", _text_table(report["schedule_violations"], VIOLATION_COLUMNS)]
    if report.get("schedule_exceptions"):
        out += [
            "",
            "Known exceptions: the room's rake surcharge (HH219, info)",
            _text_table(report["schedule_exceptions"], EXCEPTION_COLUMNS),
        ]
    title, rows = _top(
        "Hands not checked against the schedule",
        report["schedule"]["unchecked_stakes"],
        "stakes not checked, most hands first",
        full,
        lambda r: (-r["hands"], r["stakes"]),
    )
    out += ["", title, _text_table(rows, UNCHECKED_COLUMNS)]
    out += ["", "Payout mismatches", _text_table(report["payout_mismatches"], PAYOUT_COLUMNS)]
    days = report["conservation"]["by_day"]
    if full:
        out += ["", "Chip conservation by day", _text_table(days, BALANCE_DAY_COLUMNS)]
    else:
        bad = [r for r in days if r["difference"] or r["hands_out_of_balance"]]
        title = f"Chip conservation by day: the {count(len(bad), 'day')} of {len(days)} out of balance (--full for every day)"
        out += ["", title, _text_table(bad, BALANCE_DAY_COLUMNS)]
    out += ["", "Hands out of balance", _text_table(report["conservation"]["by_hand"], BALANCE_HAND_COLUMNS)]
    out += ["", "Findings by code", _text_table(report["findings_by_code"], CODE_COLUMNS)]
    return "\n".join(out) + "\n"


# -- HTML ------------------------------------------------------------------------------------
CSS = """
:root{--ink:#1f2933;--muted:#5f6b7a;--line:#d9dde3;--bg:#f6f7f9;--accent:#2f6f9f;--bad:#b03a2e;--warn:#d68910}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--ink);
 font:15px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif}
main{max-width:1040px;margin:0 auto;padding:24px 20px 60px}
.sub,h1{overflow-wrap:anywhere}
h1{font-size:28px;margin:0 0 4px}
h2{font-size:20px;margin:36px 0 6px;padding-top:8px;border-top:2px solid var(--line)}
h3{font-size:16px;margin:22px 0 6px}
p{margin:6px 0 10px;max-width:860px}
.sub{color:var(--muted);margin:0 0 16px}
.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(190px,1fr));gap:12px;margin:16px 0}
.card{background:#fff;border:1px solid var(--line);border-radius:8px;padding:12px 16px;min-width:0}
.card .n{font-size:24px;font-weight:650;line-height:1.25}
.card .n span{white-space:nowrap;display:inline-block;margin-right:.4em}
.card.small .n{font-size:20px}
@media (min-width:640px){.card.wide{grid-column:span 2}}
.card .l{color:var(--muted);font-size:13px}
.card.bad .n{color:var(--bad)}
.card.ok .n{color:#2e7d4f}
.chart{display:block;background:#fff;border:1px solid var(--line);border-radius:8px;margin:10px 0}
svg.chart.mid,svg.chart.narrow{display:none}
@media (max-width:1039px){svg.chart.wide{display:none} svg.chart.mid{display:block}}
@media (max-width:639px){svg.chart.mid{display:none} svg.chart.narrow{display:block}}
.scroll{overflow-x:auto;max-width:100%}
nav.toc{background:#fff;border:1px solid var(--line);border-radius:8px;padding:8px 16px;margin:16px 0}
nav.toc ol{margin:4px 0;padding-left:20px;columns:2 16em}
nav.toc a{color:var(--accent)}
details{margin:6px 0}
.sev-error{color:var(--bad)} .sev-warning{color:var(--warn)}
summary{cursor:pointer}
table{border-collapse:collapse;background:#fff;margin:8px 0 4px;font-size:13px;width:100%}
th,td{border:1px solid var(--line);padding:4px 8px;vertical-align:top;min-width:5em}
td.text{min-width:12em}
th{background:#eef1f5;text-align:left;font-weight:600}
td.r,th.r{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
td.where{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12px;overflow-wrap:anywhere;min-width:11em}
.note{color:var(--muted);font-size:13px}
td.nowrap{white-space:nowrap}
.none{color:#2e7d4f;font-weight:600}
dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 14px;margin:8px 0}
dt{font-weight:600} dd{margin:0;min-width:0;overflow-wrap:anywhere}
code{overflow-wrap:anywhere}
@media (max-width:600px){main{padding:16px 10px 40px} dl{grid-template-columns:1fr} dd{margin-bottom:6px}}
"""


# columns of words (a message, a title, stakes, a table's name): wide enough to read, never squeezed
TEXT_KEYS = frozenset({"message", "title", "kind", "reason", "stakes", "table", "who", "expected", "actual"})


def _html_table(rows: Sequence[dict], columns: Sequence[Column], none: str = "None.", base: str = "") -> str:
    """A table of at most HTML_ROWS rows; file paths shown relative to `base` (the full path as tooltip)."""
    if not rows:
        return f'<p class="none">{escape(none)}</p>'
    head = "".join(f'<th class="{c[3]}">{escape(c[1])}</th>' for c in columns)
    body = []
    for r in rows[:HTML_ROWS]:
        cells = []
        for c in columns:
            if c[0] == "file":
                full = c[2](r)
                short = full[len(base) :].lstrip("/\\") if base and full.startswith(base) else full
                cells.append(f'<td class="where" title="{escape(full)}">{escape(short)}</td>')
                continue
            cls = f"{c[3]} nowrap" if c[0] == "day" else f"{c[3]} text" if c[0] in TEXT_KEYS else c[3]
            cells.append(f'<td class="{cls}">{escape(c[2](r))}</td>')
        body.append("<tr>" + "".join(cells) + "</tr>")
    note = ""
    if len(rows) > HTML_ROWS:
        note = (
            f'<p class="note">Showing the first {HTML_ROWS} of {len(rows)} rows; the JSON report '
            f"(<code>--format json</code>) lists them all.</p>"
        )
    return (
        f'<div class="scroll"><table><thead><tr>{head}</tr></thead><tbody>{"".join(body)}</tbody></table></div>{note}'
    )


def _axis_money(currency: str) -> Callable[[float], str]:
    scale = scale_of(currency)

    def fmt(v: float) -> str:
        if scale == 1:
            return f"{v:,.0f}"
        return amount(round(v), currency)

    return fmt


def _day(text: str) -> date | None:
    """A `YYYY-MM-DD` day, or None for `unknown` (a hand whose time could not be read)."""
    try:
        return date.fromisoformat(text)
    except (TypeError, ValueError):
        return None


def rake_by_day_charts(report: dict, width: int = 960) -> list[str]:
    """One chart per currency with rake, on a real time axis: days without hands are gaps, and the
    hands without a readable date are one bar apart, right of the axis ("no date")."""
    by_day = report["rake"]["by_day"]
    currencies = [c for c, v in report["summary"]["rake_by_currency"].items() if v > 0]
    desc = (
        "Total rake taken from the cash-game pots of each day (UTC, or as printed where no zone is), on a time axis: one bar per day with "
        "hands, gaps where there were none, and the hands with no readable date as one bar apart; hover a "
        "bar for the exact amount and the number of hands."
    )
    if not currencies:
        return [
            time_chart("Rake by day", desc, [], str, "rake", empty="No rake was taken in these hands.", width=width)
        ]
    charts = []
    for currency in currencies:
        rows = [r for r in by_day if r["currency"] == currency]
        bars, undated = [], []
        for r in rows:
            day = _day(r["day"])
            if day is None:
                undated.append(r)
                continue
            bars.append(
                DayBar(
                    day,
                    r["rake"],
                    f"{r['day']}: rake {amount(r['rake'], currency)} from "
                    f"{count(r['hands'], 'hand')} ({r['raked_hands']:,} raked), pots "
                    f"{amount(r['total_pot'], currency)}",
                )
            )
        note, slot = "", None
        if undated:
            hands, rake = sum(r["hands"] for r in undated), sum(r["rake"] for r in undated)
            note = f"No date: {count(hands, 'hand')} with no readable date, rake {amount(rake, currency)}."
            slot = (rake, f"no readable date: rake {amount(rake, currency)} from {count(hands, 'hand')}")
        name = CURRENCY_NAMES.get(currency, currency)
        charts.append(
            time_chart(
                f"Rake by day ({currency})",
                desc,
                bars,
                _axis_money(currency),
                f"rake, {name}",
                note=note,
                empty="No dated hands.",
                width=width,
                undated=slot,
            )
        )
    return charts


def rake_share_chart(report: dict, width: int = 960) -> str:
    """One row per stakes that took rake, the highest share first; the stakes without rake are named in
    the chart's note (and in the totals), not drawn as empty rows."""
    rows = [r for r in report["rake"]["by_stakes"] if r.get("flop_rake_share_pct") is not None]
    drawn = sorted(
        (r for r in rows if r["flop_rake_share_pct"] > 0), key=lambda r: (-r["flop_rake_share_pct"], r["stakes"])
    )
    left = len(rows) - len(drawn)
    bars = []
    for r in drawn:
        marker = float(r["schedule_percent"]) if r.get("schedule_percent") else None
        bars.append(
            Bar(
                r["stakes"],
                r["flop_rake_share_pct"],
                f"{r['flop_rake_share_pct']:.2f} %",
                f"{r['stakes']}: rake {amount(r['rake'], r['currency'])} on pots of "
                f"{amount(r['flop_total_pot'], r['currency'])} in {count(r['hands'], 'hand')} = "
                f"{r['flop_rake_share_pct']:.2f} % (all hands: {r['rake_share_pct'] or 0:.2f} %)",
                marker=marker,
                marker_text=f"schedule: {r['schedule_percent']} %" if marker is not None else "",
            )
        )
    legend = "Bar: rake taken ÷ pot, highest first.  Black tick: the schedule's percentage."
    if left:
        legend += f"  Not drawn: {count(left, 'stake')} without rake (or with less than none) in hands with a flop."
    return bar_chart(
        "Rake as a share of the pot, by stakes",
        "For each stake that took rake, the rake taken divided by the pots of the cash hands that saw a flop, in "
        "per cent, highest first. The black tick is the schedule's percentage where the schedule covers the "
        "stake; caps keep big pots below it.",
        bars,
        lambda v: f"{v:g} %",
        "rake ÷ pot, per cent (hands that saw a flop)",
        legend=legend,
        width=width,
        empty="No rake taken in a cash hand with a flop.",
    )


SEVERITY_ORDER = {"error": 0, "warning": 1, "info": 2}


def findings_chart(report: dict, width: int = 960) -> str:
    """Errors first, then warnings, then information, on a logarithmic axis: thousands of information
    findings (hands of other sites) must not flatten a handful of errors into invisible bars."""
    rows = sorted(report["findings_by_code"], key=lambda r: (SEVERITY_ORDER.get(r["severity"] or "", 3), r["code"]))
    bars = [
        Bar(
            f"{r['code']} {r['title']}",
            r["count"],
            f"{r['count']:,}",
            f"{r['code']} ({r['severity']}): {r['title']} — {r['count']:,} findings",
            color=COLORS.get(r["severity"] or "", COLORS["bar"]),
        )
        for r in rows
    ]
    return bar_chart(
        "Findings by code",
        "How many times each finding code was reported, errors first, then "
        "warnings, then information, on a logarithmic scale (each grid line is ten times the one "
        "before); red bars are errors, orange warnings, blue information.",
        bars,
        lambda v: f"{v:,.0f}",
        "number of findings (logarithmic scale)",
        width=width,
        label_width=330,
        legend="Red: error.  Orange: warning.  Blue: information.  Logarithmic scale.",
        empty="No findings: every hand checked out.",
        whole=True,
        log=True,
    )


# The widths each chart is drawn at, and the page widths that show each: a chart is never scaled down
# (its 11-12 px text would shrink with it), so a phone gets one drawn for its width.
CHART_WIDTHS = (("wide", 960), ("mid", 600), ("narrow", 350))


def responsive(draw: Callable[[int], str | list[str]]) -> str:
    """The charts `draw(width)` makes, once per CHART_WIDTHS, each marked with its class for the CSS."""
    out = []
    for name, width in CHART_WIDTHS:
        drawn = draw(width)
        for svg in [drawn] if isinstance(drawn, str) else drawn:
            out.append(svg.replace('<svg class="chart"', f'<svg class="chart {name}"', 1))
    return "".join(out)


def _common_folder(report: dict) -> str:
    files = {r["file"] for key in ("schedule_violations", "payout_mismatches") for r in report[key]}
    files |= {r["file"] for r in report["conservation"]["by_hand"]}
    if not files:
        return ""
    try:
        folder = os.path.commonpath([os.path.dirname(f) for f in files])
    except ValueError:  # relative and absolute paths mixed
        return ""
    return folder if folder not in ("", "/", ".") else ""


def _kinds_legend(violations: list[dict]) -> str:
    kinds = sorted({v["kind"] for v in violations}, key=list(VIOLATION_KINDS).index)
    if not kinds:
        return ""
    items = "".join(f"<dt>{escape(VIOLATION_LABELS[k])}</dt><dd>{escape(VIOLATION_KINDS[k])}</dd>" for k in kinds)
    return f"<dl>{items}</dl>"


def _card(number: str | list[str], label: str, tone: str = "") -> str:
    """A figure and what it counts. Several amounts (one per currency) each stay on one line: the card
    is wider instead, and an amount never breaks after its comma."""
    numbers = [number] if isinstance(number, str) else number or ["0"]
    tone += " wide small" if len(numbers) > 1 else ""
    figures = "".join(f"<span>{escape(n)}</span>" for n in numbers)
    return f'<div class="card {tone}"><div class="n">{figures}</div><div class="l">{escape(label)}</div></div>'


def _table_of(report: dict) -> dict[str, str]:
    """hand_uid → table name, from the report's hand rows (empty when the report has none), for the
    payout rows of reports that name no table."""
    return {h["hand_uid"]: h.get("table") or "" for h in report.get("hands") or []}


def payout_groups(report: dict) -> list[dict]:
    """Payout findings grouped by code and table (errors first): one group per kind of mistake at one
    table, with its rows, so that a table that pays out wrongly in every hand reads as one line."""
    tables = _table_of(report)
    groups: dict[tuple[str, str], dict] = {}
    for row in report["payout_mismatches"]:
        table = row.get("table") or tables.get(row["hand_uid"], "")
        group = groups.setdefault(
            (row["code"], table),
            {
                "code": row["code"],
                "title": row.get("title", ""),
                "severity": row["severity"],
                "table": table,
                "rows": [],
                "hands": set(),
            },
        )
        group["rows"].append(row)
        group["hands"].add(row["hand_uid"])
    ordered = sorted(groups.values(), key=lambda g: (SEVERITY_ORDER.get(g["severity"], 3), g["code"], g["table"]))
    for g in ordered:
        g["hands"] = len(g["hands"])
    return ordered


GROUP_COLUMNS: list[Column] = [
    ("code", "code", _v("code"), "l"),
    ("severity", "severity", _v("severity"), "l"),
    ("title", "what is wrong", _v("title"), "l"),
    ("table", "table", _v("table"), "l"),
    ("count", "findings", _v("count"), "r"),
    ("hands", "hands", _v("hands"), "r"),
]
GROUP_ROW_COLUMNS = [c for c in PAYOUT_COLUMNS if c[0] != "code"]


def _payout_html(report: dict, base: str) -> str:
    """An overview table of the groups, then each group's rows under a heading that can be opened."""
    groups = payout_groups(report)
    if not groups:
        return _html_table([], GROUP_COLUMNS, "None: every pot was paid out correctly.")
    overview = _html_table([{**g, "count": len(g["rows"])} for g in groups], GROUP_COLUMNS)
    opened = len(report["payout_mismatches"]) <= 20
    parts = [overview]
    for g in groups:
        table = f"table {printable(g['table'])}" if g["table"] else "table not known"
        found, hands = len(g["rows"]), g["hands"]
        head = (
            f"{g['code']} {g['title']} — {table}: {found} finding{'s' if found != 1 else ''} in {hands} "
            f"hand{'s' if hands != 1 else ''}"
        )
        parts.append(
            f'<details{" open" if opened else ""}><summary class="sev-{escape(g["severity"])}">'
            f"{escape(head)}</summary>{_html_table(g['rows'], GROUP_ROW_COLUMNS, base=base)}</details>"
        )
    return "".join(parts)


SECTIONS = [  # id, title: the table of contents and the ids of the h2 headings
    ("read", "How to read this report"),
    ("rake-by-day", "Rake by day"),
    ("rake-share", "Rake as a share of the pot, by stakes"),
    ("findings", "Findings by code"),
    ("violations", "Schedule violations"),
    ("payouts", "Payout mismatches"),
    ("conservation", "Chip conservation"),
    ("totals", "Rake totals"),
]


def _h2(section: str) -> str:
    title = dict(SECTIONS)[section]
    return f'<h2 id="{section}">{escape(title)}</h2>'


def _toc() -> str:
    items = "".join(f'<li><a href="#{sid}">{escape(title)}</a></li>' for sid, title in SECTIONS)
    return f'<nav class="toc" aria-label="Contents"><strong>Contents</strong><ol>{items}</ol></nav>'


def to_html(report: dict, generated: datetime | None = None) -> str:
    s = report["summary"]
    generated = generated or datetime.now(UTC)
    rake_text = [amount(v, k) for k, v in s["rake_by_currency"].items() if v] or ["0"]
    cards = [
        _card(
            f"{s['audited_hands']:,}",
            f"hands audited ({s['cash_hands']:,} cash, {s['tournament_hands']:,} tournament) of {s['hands']:,} read",
        ),
        _card(
            rake_text,
            f"rake taken, in {s['raked_hands']:,} raked hands"
            + (f"; in {s['rake_inferred_hands']:,} hands {INFERRED}" if s.get("rake_inferred_hands") else ""),
        ),
        *(
            [
                _card(
                    [amount(v, k) for k, v in s["cash_out_by_currency"].items()],
                    f"paid for all-in cash outs in {s['cash_out_hands']:,} hands (fees "
                    + ", ".join(amount(v, k) for k, v in s["cash_out_fees_by_currency"].items())
                    + "; pot shares kept "
                    + ", ".join(amount(v, k) for k, v in s["cash_out_kept_by_currency"].items())
                    + ")",
                )
            ]
            if s.get("cash_out_hands")
            else []
        ),
        _card(
            f"{s['schedule_violations']:,}",
            f"schedule violations ({s['schedule_checked_hands']:,} hands checked)",
            "bad" if s["schedule_violations"] else "ok",
        ),
        _card(f"{s['payout_mismatches']:,}", "payout findings", "bad" if s["payout_mismatches"] else "ok"),
        _card(
            f"{s['hands_out_of_balance']:,}",
            "hands where chips were not conserved",
            "bad" if s["hands_out_of_balance"] else "ok",
        ),
    ]
    base = _common_folder(report)
    where = f" File paths are relative to <code>{escape(base)}</code> (hover one for the full path)." if base else ""
    currencies = sorted({c for c in s["total_pot_by_currency"]})
    units = "; ".join(f"{c} = {CURRENCY_NAMES.get(c, c)}" for c in currencies) or "none"
    parts = [
        '<!doctype html><html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        "<title>Rake and payout audit</title>",
        f"<style>{CSS}</style></head><body><main>",
        "<h1>Rake and payout audit</h1>",
        (
            f'<p class="sub">{escape(report["source"]["kind"].capitalize())}: '
            f"{escape(', '.join(report['source']['paths']))} · {escape(report['schedule']['description'])} · "
            f"made by hhtool on {generated:%Y-%m-%d %H:%M} UTC</p>"
        ),
        f'<div class="cards">{"".join(cards)}</div>',
        _toc(),
        _h2("read"),
        "<dl>",
        "<dt>Pot</dt><dd>every chip the players put in a hand, less bets nobody called (those go back).</dd>",
        (
            "<dt>Rake</dt><dd>what the room kept from the pot. Cash games only: a tournament's fee is paid with the "
            "buy-in, so its hands carry no rake.</dd>"
        ),
        f"<dt>Schedule</dt><dd>{escape(report['schedule']['description'])}. The rake due is a percentage of the "
        f"pot, rounded ({escape(report['schedule']['rounding'].replace('_', ' '))}), up to a cap that depends on how "
        f"many players were dealt in"
        + (", and nothing when the hand ended before the flop" if report["schedule"]["no_flop_no_drop"] else "")
        + ".</dd>",
        (
            "<dt>Chip conservation</dt><dd>the chips on the table before a hand must equal the chips after it plus the "
            "rake (and the fees, the room's cash-out payments and what it kept; a pot settled by expected value, as "
            "in ACPC logs, is paid out as each player's payoff, not collected).</dd>"
        ),
        (
            f"<dt>Units</dt><dd>amounts are in the table's currency ({escape(units)}); days are UTC days, or the "
            "local day printed for a hand whose site printed no time zone (its UTC day is not known).</dd>"
        ),
        (
            "<dt>Finding hands</dt><dd>each problem row names its hand (hand number, file and line). Totals name their "
            "first hand; the JSON report (<code>hhtool audit … --format json</code>) lists every hand with its "
            f"day, stakes, table and players, so any total can be traced to its hands.{where}</dd></dl>"
        ),
        _h2("rake-by-day"),
        "<p>How much rake the room took each day, per currency.</p>",
        responsive(lambda w: rake_by_day_charts(report, w)),
        _h2("rake-share"),
        (
            "<p>Compare each bar with the black tick: a bar beyond its "
            "tick means more rake than the schedule's percentage; below it is normal when caps apply.</p>"
        ),
        responsive(lambda w: rake_share_chart(report, w)),
        _h2("findings"),
        (
            "<p>Everything the hand checks reported, by finding code (<code>hhtool rules "
            "CODE</code> explains each one).</p>"
        ),
        responsive(lambda w: findings_chart(report, w)),
        _html_table(report["findings_by_code"], CODE_COLUMNS, "No findings."),
        _h2("violations"),
        (
            "<p>Hands where the rake taken differs from the schedule: too much "
            "(HH208), rake with no flop (HH209), too little (HH212, a warning), off by rounding only, or rake in a "
            "tournament (HH207). Amounts: taken, due by the schedule, and the difference.</p>"
        ),
        _kinds_legend(report["schedule_violations"]),
        _html_table(
            report["schedule_violations"],
            VIOLATION_COLUMNS,
            "None: every checked hand paid the rake the schedule asks.",
            base,
        ),
        *(
            [
                (
                    "<h3>Known exceptions: the room's rake surcharge</h3><p>Rake above the schedule by no more than "
                    "the room's published surcharge on some players' shares (HH219, info): the room's rule, not a "
                    "violation.</p>"
                ),
                _html_table(report["schedule_exceptions"], EXCEPTION_COLUMNS, "None.", base),
            ]
            if report.get("schedule_exceptions")
            else []
        ),
        (
            "<h3>Hands not checked against the schedule</h3><p>The schedule does not say what these hands should "
            "pay (other stakes, currency or period), so their rake is counted in the totals but not checked.</p>"
        ),
        _html_table(report["schedule"]["unchecked_stakes"], UNCHECKED_COLUMNS, "None: every cash hand was checked."),
        _h2("payouts"),
        (
            "<p>Hands where the money paid out does not follow from the bets and the cards: "
            "wrong uncalled-bet returns, wrong pot totals, amounts collected that differ from the pot less the rake, "
            "pots given to the wrong player or split wrongly. Grouped by code and table: open a group for its "
            "hands.</p>"
        ),
        _payout_html(report, base),
        _h2("conservation"),
        (
            "<p>Per day and currency: chips before the hands, chips after, rake and the "
            "difference (before − after − rake), which must be zero.</p>"
        ),
        _html_table(report["conservation"]["by_day"], BALANCE_DAY_COLUMNS, "No hands."),
        "<h3>Hands out of balance</h3>",
        _html_table(
            report["conservation"]["by_hand"], BALANCE_HAND_COLUMNS, "None: chips were conserved in every hand.", base
        ),
        _h2("totals"),
        (
            "<p>Cash hands only. “Rake / pot” divides the rake by all pots; “hands with a flop” "
            "only by the pots of hands that saw a flop.</p>"
        ),
    ]
    for key, title, columns in TOTALS:
        parts += [
            f"<h3>{escape(title)}</h3>",
            _html_table(report["rake"][key], columns + TOTAL_COLUMNS, "No cash hands."),
        ]
    parts.append("</main></body></html>\n")
    return "\n".join(parts)


FORMATS = {"text": to_text, "json": to_json, "html": to_html}


def render(report: dict, fmt: str = "text", full: bool = False) -> str:
    """The report in `fmt`; `full` gives a text report every row (JSON and HTML always have them)."""
    return to_text(report, full) if fmt == "text" else FORMATS[fmt](report)
