"""Rake and payout audit (`hhtool audit`): rake totals, schedule violations, payout mismatches and
chip conservation, from hand histories (validated in memory) or from a Parquet dataset.

    >>> from hhtool.audit import audit
    >>> report = audit(["out/"])            # a dataset folder, or hand-history files and folders
    >>> report["summary"]["rake_by_currency"]
"""

from __future__ import annotations

import os
from collections.abc import Iterable

from hhtool.audit.report import build_report
from hhtool.audit.tables import Tables, is_dataset, load
from hhtool.rules.ruleset import RuleSet

__all__ = ["Tables", "audit", "build_report", "is_dataset", "load"]


def audit(paths: Iterable[str | os.PathLike], rules: RuleSet | None = None, rules_source: str | None = None,
          include_hands: bool = True) -> dict:
    """The audit report (a JSON-ready dict) of a dataset folder or of hand-history files and folders."""
    return build_report(load(paths, rules), rules, rules_source, include_hands)
