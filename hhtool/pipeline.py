"""The run over many files: read, split, parse, and account for every hand.

The CLI and the library share this loop, so every command counts hands the same way.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from hhtool.codes import HH002, HH004, HH007, finding
from hhtool.dialects import sidecar_of
from hhtool.findings import Finding, Severity
from hhtool.grammar import ParseResult, Status
from hhtool.grammar.parse import parse_safely
from hhtool.io import Block, expand_paths, read_blocks
from hhtool.io.paths import display_name, path_finding


@dataclass(slots=True)
class Tally:
    """Counts of a run. parsed + unparsed + unsupported == hands_read, always."""

    files: int = 0
    hands_read: int = 0
    by_status: Counter = field(default_factory=Counter)
    file_findings: Counter = field(default_factory=Counter)
    io_failures: int = 0
    file_errors: int = 0

    def add(self, item: ParseResult | Finding) -> None:
        if isinstance(item, ParseResult):
            self.hands_read += 1
            self.by_status[item.status] += 1
        else:
            self.file_findings[item.code] += 1
            if item.code == HH004:
                self.io_failures += 1
            elif item.severity is Severity.ERROR:
                self.file_errors += 1

    def add_hand(self, status: Status) -> None:
        """A hand read by a parallel worker (its ParseResult stayed in the worker)."""
        self.hands_read += 1
        self.by_status[status] += 1

    def count(self, status: Status) -> int:
        return self.by_status[status]


def parse_paths(paths: Iterable[str | os.PathLike], tally: Tally | None = None) -> Iterator[ParseResult | Finding]:
    """Yield one ParseResult per hand block and a Finding per file-level problem, file by file.

    Streams: one file's blocks at a time, one block at a time.
    """
    for item, _text in parse_paths_with_text(paths, tally):
        yield item


def read_paths(paths: Iterable[str | os.PathLike], tally: Tally | None = None) -> Iterator[Block | Finding]:
    """Every hand block of the files (and a Finding per path that cannot be read), file by file, the
    files counted in `tally` (the blocks and findings are counted where they are judged)."""
    for path, problem in expand_paths(paths):
        if tally is not None:
            tally.files += 1
        if problem is not None:
            yield path_finding(path, problem)
            continue
        yield from read_blocks(path, display_name(path))


def parse_paths_with_text(
    paths: Iterable[str | os.PathLike], tally: Tally | None = None
) -> Iterator[tuple[ParseResult | Finding, str | None]]:
    """As parse_paths, with each hand's text beside its result (for duplicate detection)."""
    item: ParseResult | Finding
    for path, problem in expand_paths(paths):
        name = display_name(path)
        if tally is not None:
            tally.files += 1
        if problem is not None:
            item = path_finding(path, problem)
            if tally is not None:
                tally.add(item)
            yield item, None
            continue
        for block in read_blocks(path, name):
            text = None
            if isinstance(block, Finding):
                item = block
            elif block.dialect is None:
                item = stray_text(block)
            else:
                item = _parse_safely(block)
                text = block.text
            if tally is not None:
                tally.add(item)
            yield item, text


def stray_text(block: Block) -> Finding:
    """HH002 for a block of text before, between or after hands (kept out of every hand); HH007 (info) for a
    file that is a site's known sidecar (its first line one of a dialect's `sidecars`: 888's tournament
    summaries), not a hand history."""
    first = block.text.split("\n", 1)[0][:120]
    sidecar = sidecar_of(first) if block.line == 1 else None
    if sidecar is not None:
        return finding(
            HH007,
            f"{sidecar.site_name} sidecar file ({first.strip()}), not a hand history: skipped",
            block.file,
            block.line,
            block.column,
            actual=first,
        )
    return finding(
        HH002,
        f"text outside any hand ({block.text.count(chr(10))} lines) is ignored",
        block.file,
        block.line,
        block.column,
        actual=first,
    )


# (parse_block that never raises: in hhtool.grammar.parse, compiled; this name stays for its callers)
_parse_safely = parse_safely
