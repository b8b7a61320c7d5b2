"""Rake and payout audit (`hhtool audit`): rake totals, schedule violations, payout mismatches and
chip conservation, from hand histories (validated in memory) or from a Parquet dataset.

    >>> from hhtool.audit import audit
    >>> report = audit(["out/"])            # a dataset folder, or hand-history files and folders
    >>> report["summary"]["rake_by_currency"]
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable

from hhtool.audit.report import Audit, build_report
from hhtool.rules.ruleset import RuleSet
from hhtool.scan import DEFAULT_BUDGET, HandFilter, batches, filter_tables
from hhtool.tables import Tables, check_sources, from_paths, is_dataset, load

__all__ = ["Tables", "audit", "build_report", "is_dataset", "load"]


def audit(
    paths: Iterable[str | os.PathLike],
    rules: RuleSet | None = None,
    rules_source: str | None = None,
    include_hands: bool = True,
    where=None,
    hand_rows: Callable[[list[dict]], object] | None = None,
    budget: int | None = None,
    tally=None,
) -> dict:
    """The audit report (a JSON-ready dict) of a dataset folder or of hand-history files and folders.

    A dataset is read a few days at a time (hhtool.scan). `where` (a hhtool.scan.HandFilter) keeps
    the hands of some days, sites or stakes. The per-hand ledger goes to the report's `hands` when
    `include_hands`, or to `hand_rows` batch by batch (to write a large report as it comes). `tally`
    (a hhtool.scan.DayTally) counts the hands a date range kept by local day and left out undated."""
    where = where or HandFilter()
    names = [str(p) for p in paths]
    check_sources(names)
    rows: list[dict] = []
    sink = hand_rows if hand_rows is not None else rows.extend if include_hands else None
    run = Audit(rules, rules_source, sink)
    if len(names) == 1 and is_dataset(names[0]):
        for batch in batches(
            names[0], ("hands", "seats", "payouts", "findings"), where, budget or DEFAULT_BUDGET, tally
        ):
            run.add(batch)
    else:
        run.add(filter_tables(from_paths(names, rules), where, tally))
    report = run.report()
    if include_hands and hand_rows is None:
        report["hands"] = rows
    return report
