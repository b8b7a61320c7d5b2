"""--failed-hands FILE: the text of every invalid or unparsed hand, with its file, line and findings,
in one file to attach to a bug report (a tracker's "list of the hands that failed").

The results of a run do not keep the hands' text (a parallel run leaves it in the workers), so the
hands are read again at the end, from the files that had a failed hand, and picked by their line.
The file opens with `#` lines that list the hands in the order they follow, each with its file,
line, hand id, status and findings; then come the hands' texts, as they were read, one after the
other. Given back to `hhtool validate`, the file gives the same verdicts: the list is text before
the first hand (HH002), and nothing stands between two hands (text there would join the hand before).
"""

from __future__ import annotations

import os
from collections.abc import Iterable

from hhtool.findings import Finding
from hhtool.io import expand_paths, read_blocks
from hhtool.io.paths import display_name
from hhtool.outputs.text import finding_line
from hhtool.safetext import printable

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
        """Write the failed hands of a run over `paths` to `target`; the number written.

        Two passes over the files with a failed hand: one finds which hands can be read again (the
        list names only those), the next copies their text, so that no text is held in memory."""
        sources = list(self._sources(paths))
        found = [(name, path, line) for name, path in sources for line, _ in self._texts(name, path, keep=False)]
        statuses = [self.hands[name][line][0] for name, _, line in found]
        lost = len(self) - len(found)
        with open(target, "w", encoding="utf-8", newline="\n") as out:
            out.write(
                f"# hhtool: {len(found)} failed hands (invalid {statuses.count('invalid')}, unparsed "
                f"{statuses.count('unparsed')}), listed here and then copied below in this order\n"
            )
            if lost:
                out.write(f"# {lost} more could not be read again (the file changed or vanished)\n")
            for number, (name, _, line) in enumerate(found, 1):
                status, hand_id, findings = self.hands[name][line]
                out.write(
                    f"#\n# {number}. {printable(name)} line {line}: hand {printable(hand_id or 'unknown')}, {status}\n"
                )
                out.writelines(f"#    {finding_line(f)}\n" for f in findings)
            out.write("#\n# (given back to hhtool validate, these lines are text outside any hand: HH002)\n\n")
            for name, path in sources:
                for _, text in self._texts(name, path, keep=True):
                    out.write(text.rstrip("\n") + "\n\n")
        return len(found)

    def _sources(self, paths: Iterable[str | os.PathLike]):
        """(display name, path) of each file with a failed hand, in input order, each once."""
        seen: set[str] = set()
        for path, problem in expand_paths(paths):
            name = display_name(path)
            if problem is None and name in self.hands and name not in seen:
                seen.add(name)
                yield name, path

    def _texts(self, name: str, path, keep: bool):
        """(line, text or "") of the file's failed hands that can be read again, in file order."""
        wanted = self.hands[name]
        for block in read_blocks(path, name):
            if isinstance(block, Finding) or block.line not in wanted:
                continue
            yield block.line, block.text if keep else ""
