"""Find one hand by its id: in hand-history files and folders, or in a dataset (which records the
file and line each hand was read from, so the hand is read again from there).

The hand is validated with the hands before it in its file, so the cross-hand findings (stacks,
button) are the ones `validate` reports.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pyarrow.compute as pc

from hhtool.codes import HH004
from hhtool.dataset import Dataset, source_exists, source_path
from hhtool.findings import Finding
from hhtool.io import Block, read_blocks
from hhtool.rules.ruleset import RuleSet
from hhtool.tables import is_dataset
from hhtool.validate import HandResult, Verdict, validate_paths


class ShowError(Exception):
    """A hand that cannot be shown; `code` is the exit code (1: not found, 2: an I/O or usage problem)."""

    def __init__(self, message: str, code: int = 2) -> None:
        super().__init__(message)
        self.code = code


@dataclass
class Located:
    """The hand found: its verdict, its text (lines from `result.line` on), and other hands with the id."""

    result: HandResult
    text: str
    source: str  # "hand histories" or "dataset"
    others: list[tuple[str, int]] = field(default_factory=list)  # (file, line) of other hands with this id


def normal_id(hand_id: str) -> str:
    """`#123`, `123` and `SITE:123` (e.g. a hand uid) all name hand 123."""
    hand_id = hand_id.strip()
    if ":" in hand_id:
        hand_id = hand_id.split(":", 1)[1]
    return hand_id.lstrip("#")


def locate(hand_id: str, paths: list[str], rules: RuleSet | None = None) -> Located:
    """The hand `hand_id` in `paths` (files, folders, globs, or one dataset folder)."""
    wanted = normal_id(hand_id)
    if len(paths) == 1 and is_dataset(paths[0]):
        return _in_dataset(wanted, paths[0], rules)
    found: list[HandResult] = []
    unreadable: list[str] = []
    for item in validate_paths(paths, rules):
        if isinstance(item, Verdict):
            if item.hand_id == wanted:
                found.append(item)
        elif item.code == HH004:
            unreadable.append(item.message)
    if not found:
        if unreadable:  # the hand may be in what could not be read
            raise ShowError(f"no hand {wanted} found; " + "; ".join(unreadable))
        raise ShowError(f"no hand {wanted} in {', '.join(paths)}", code=1)
    first = found[0]
    return Located(first, _text_of(first.file, first.line), "hand histories", [(r.file, r.line) for r in found[1:]])


def _in_dataset(wanted: str, folder: str, rules: RuleSet | None) -> Located:
    hands = Dataset(folder).arrow("hands", columns=["hand_id", "file", "line"], filter=pc.field("hand_id") == wanted)
    rows = sorted(zip(hands.column("file").to_pylist(), hands.column("line").to_pylist()))
    if not rows:
        raise ShowError(f"no hand {wanted} in the dataset {folder}", code=1)
    stored, line = rows[0]
    file, how = source_path(folder, stored)
    if not source_exists(file):
        where = f" ({how})" if how else ""
        raise ShowError(
            f"the dataset records hand {wanted} at {stored}:{line}, but that file cannot be read "
            f"any more (moved or deleted){where}"
        )
    results = [r for r in validate_paths([file], rules) if isinstance(r, Verdict) and r.line == line]
    if not results or results[0].hand_id != wanted:
        raise ShowError(
            f"the dataset records hand {wanted} at {file}:{line}, but that file no longer holds it "
            "there (changed since the export)"
        )
    return Located(results[0], _text_of(file, line), "dataset", rows[1:])


def _text_of(file: str, line: int) -> str:
    """The text of the hand whose header is at `line` of `file`, as read by the splitter."""
    for block in read_blocks(Path(file)):
        if isinstance(block, Block) and block.line == line:
            return block.text
        if isinstance(block, Finding) and block.code == HH004:
            raise ShowError(block.message)
    raise ShowError(f"{file}:{line} holds no hand any more")
