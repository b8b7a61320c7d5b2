"""Validation of many hands: parse, replay, settle, cross-hand checks; one result per hand read.

Shared by the CLI and the library (and the exporter), so every command accounts for hands the same way:
valid + invalid + unparsed + unsupported = read. The per-hand check (`hhtool.check`) and the merge
(`hhtool.engine.merge`) are compiled; the results (`hhtool.verdict`) are plain Python. Every name the
callers use is here.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator

from hhtool.check import check_block, check_hand, check_parsed, status_of, validate_hand, with_crosshand
from hhtool.engine.merge import HOLD_LIMIT, Merger, crosshand_safely
from hhtool.findings import Finding
from hhtool.pipeline import read_paths, stray_text
from hhtool.rules.crosshand import CrossHand
from hhtool.rules.ruleset import RuleSet
from hhtool.verdict import (
    EMPTY_TAIL,
    HandResult,
    HandStatus,
    Summary,
    Verdict,
    hand_failure,
    head_dict,
    internal_error,
    replay_tail,
)

__all__ = [
    "EMPTY_TAIL",
    "HOLD_LIMIT",
    "HandResult",
    "HandStatus",
    "Merger",
    "Summary",
    "Verdict",
    "check_block",
    "check_hand",
    "check_parsed",
    "crosshand_safely",
    "hand_failure",
    "head_dict",
    "internal_error",
    "new_merger",
    "replay_tail",
    "status_of",
    "validate_hand",
    "validate_paths",
    "with_crosshand",
]


def new_merger(rules: RuleSet, summary: Summary, count: bool = True) -> Merger:
    """The merge of one run (sequential, parallel or watch), with this module's `CrossHand` and
    `HOLD_LIMIT`: the names a test replaces here (the compiled merge reads its arguments, not globals)."""
    return Merger(rules, summary, count, cross=CrossHand(rules), hold_limit=HOLD_LIMIT)


def validate_paths(
    paths: Iterable[str | os.PathLike], rules: RuleSet | None = None, summary: Summary | None = None
) -> Iterator[HandResult | Finding]:
    """One HandResult per hand read (and Findings for file problems), in input order, streaming.

    The parallel run with one worker in this process: each hand is checked by `check_block` (what a
    worker does) and given its final verdict by a `Merger` (what the parent does)."""
    rules = rules or RuleSet()
    summary = summary if summary is not None else Summary()
    merger = new_merger(rules, summary)
    for block in read_paths(paths, summary.tally):
        if isinstance(block, Finding):
            yield from merger.merge(block)
        elif block.dialect is None:
            yield from merger.merge(stray_text(block))
        else:
            yield from merger.merge(check_block(block, rules))
    yield from merger.flush()
