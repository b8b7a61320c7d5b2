"""--failed-hands FILE: the text of every invalid or unparsed hand, with its file, line and findings,
in one file to attach to a bug report (a tracker's "list of the hands that failed").

The results of a run do not keep the hands' text (a parallel run leaves it in the workers), so the
hands are read again at the end, from the files that had a failed hand, and picked by their line.
Each hand is preceded by `#` lines naming where it came from and what was found; the file can be
given back to `hhtool validate` (the `#` lines are text outside any hand, HH002).
"""

from __future__ import annotations

import os
from collections.abc import Iterable

from hhtool.findings import Finding
from hhtool.io import expand_paths, read_blocks
from hhtool.io.paths import display_name
from hhtool.outputs.text import finding_line

FAILED = ("invalid", "unparsed")


class FailedHands:
    def __init__(self) -> None:
        self.hands: dict[str, dict[int, tuple[str, str | None, list[Finding]]]] = {}  # file -> line -> ...

    def add(self, result) -> None:
        if isinstance(result, Finding) or result.status not in FAILED:
            return
        self.hands.setdefault(result.file, {})[result.line] = (result.status, result.hand_id, list(result.findings))

    def __len__(self) -> int:
        return sum(len(lines) for lines in self.hands.values())

    def write(self, target: str | os.PathLike, paths: Iterable[str | os.PathLike]) -> int:
        """Write the failed hands of a run over `paths` to `target`; the number written."""
        statuses = [status for lines in self.hands.values() for status, _, _ in lines.values()]
        with open(target, "w", encoding="utf-8", newline="\n") as out:
            out.write(f"# hhtool: {len(statuses)} failed hands (invalid {statuses.count('invalid')}, "
                      f"unparsed {statuses.count('unparsed')}): each with its file, line and findings\n\n")
            for name, path in self._sources(paths):
                for line, text in self._texts(name, path):
                    status, hand_id, findings = self.hands[name][line]
                    out.write(f"# file: {name}\n# line: {line}\n# hand: {hand_id or 'unknown'}\n# status: {status}\n")
                    out.writelines(f"# {finding_line(f)}\n" for f in findings)
                    out.write((text if text is not None else "# (the hand's text could not be read again)")
                              .rstrip("\n") + "\n\n")
        return len(statuses)

    def _sources(self, paths: Iterable[str | os.PathLike]):
        """(display name, path) of each file with a failed hand, in input order, each once."""
        seen: set[str] = set()
        for path, problem in expand_paths(paths):
            name = display_name(path)
            if problem is None and name in self.hands and name not in seen:
                seen.add(name)
                yield name, path

    def _texts(self, name: str, path):
        """(line, text) of the file's failed hands, in file order; None for a hand not found again."""
        wanted = self.hands[name]
        found: dict[int, str] = {}
        for block in read_blocks(path, name):
            line = getattr(block, "line", None)
            text = getattr(block, "text", None)
            if line in wanted and isinstance(text, str) and not isinstance(block, Finding):
                found[line] = text
        for line in sorted(wanted):
            yield line, found.get(line)
