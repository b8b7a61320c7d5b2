"""The per-file summary at the end of a text run, as a tracker's import summary shows it: for each
file, the hands read and how many were valid, invalid, unparsed, unsupported (and duplicates)."""

from __future__ import annotations

from collections import Counter

from hhtool.findings import Finding
from hhtool.safetext import printable
from hhtool.words import count

STATUSES = ("valid", "invalid", "unparsed", "unsupported", "duplicate")


class FileTable:
    def __init__(self) -> None:
        self.files: dict[str, Counter] = {}  # in input order

    def add(self, result) -> None:
        counts = self.files.get(result.file)
        if counts is None:
            counts = self.files[result.file] = Counter()
        if not isinstance(result, Finding):
            counts[result.status] += 1

    def rows(self) -> list[dict]:
        """One row per file (files with only file-level findings too), as plain counts."""
        return [
            {"file": name, "hands": sum(c.values()), **{s: c[s] for s in STATUSES}} for name, c in self.files.items()
        ]

    def render(self) -> str:
        """A fixed-width table with a total row; empty when no file was read."""
        rows = self.rows()
        if not rows:
            return ""
        total = {
            "file": f"total ({count(len(rows), 'file')})",
            "hands": sum(r["hands"] for r in rows),
            **{s: sum(r[s] for r in rows) for s in STATUSES},
        }
        columns = ["hands", *STATUSES[:4]] + (["duplicate"] if total["duplicate"] else [])
        names = [printable(r["file"]) for r in rows]
        name_width = max(len("file"), len(total["file"]), *(len(n) for n in names))
        widths = {c: max(len(c), len(f"{total[c]:,}")) for c in columns}

        def line(name: str, row: dict | None) -> str:
            cells = [(c if row is None else f"{row[c]:,}").rjust(widths[c]) for c in columns]
            return f"{name:<{name_width}}  " + "  ".join(cells) + "\n"

        out = [line("file", None)]
        out += [line(name, row) for name, row in zip(names, rows)]
        out.append(line(total["file"], total))
        return "".join(out)
