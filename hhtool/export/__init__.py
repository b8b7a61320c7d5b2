"""Export validated hands to a Parquet dataset (tables hands, seats, actions, pots, payouts, findings)."""

from __future__ import annotations

import os
from collections.abc import Iterable

from hhtool.export.writer import DatasetWriter, ExportStats
from hhtool.rules.ruleset import RuleSet
from hhtool.validate import Summary, validate_paths

__all__ = ["ExportStats", "export_paths"]


def export_paths(paths: Iterable[str | os.PathLike], out: str | os.PathLike, rules: RuleSet | None = None,
                 summary: Summary | None = None) -> ExportStats:
    """Validate every hand of `paths` and add the new ones to the dataset at `out` (all or nothing)."""
    writer = DatasetWriter(out)
    try:
        for result in validate_paths(paths, rules, summary):
            writer.add(result)
        return writer.commit()
    except BaseException:
        writer.abort()
        raise
