"""--statistics: how many findings of each code a run reported, with severity and title (as ruff's)."""

from __future__ import annotations

from hhtool.codes import CATALOGUE


def statistics_rows(by_code: dict[str, int]) -> list[dict]:
    """One row per code reported, most frequent first (then by code)."""
    rows = []
    for code, count in sorted(by_code.items(), key=lambda item: (-item[1], item[0])):
        entry = CATALOGUE.get(code)
        rows.append(
            {
                "code": code,
                "count": count,
                "severity": entry.severity.value if entry else None,
                "title": entry.summary if entry else "",
            }
        )
    return rows


def statistics_table(by_code: dict[str, int]) -> str:
    rows = statistics_rows(by_code)
    if not rows:
        return "no findings\n"
    width = max(len(f"{r['count']:,}") for r in rows)
    return "".join(
        f"{r['count']:>{width},}  {r['code']}  {'[' + str(r['severity']) + ']':<9}  {r['title']}\n" for r in rows
    )
