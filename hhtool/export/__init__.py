"""Export validated hands to a Parquet dataset (tables hands, seats, actions, pots, payouts, findings)."""

from __future__ import annotations

import os
from collections.abc import Iterable

from hhtool.export.store import DatasetBusy
from hhtool.export.writer import DatasetWriter, ExportStats
from hhtool.rules.ruleset import RuleSet
from hhtool.validate import Summary, validate_paths

__all__ = ["DatasetBusy", "ExportStats", "export_paths"]


def export_paths(paths: Iterable[str | os.PathLike], out: str | os.PathLike, rules: RuleSet | None = None,
                 summary: Summary | None = None, jobs: int = 1, engine: str = "local", scheduler: str | None = None,
                 progress=None, wait: float | None = None) -> ExportStats:
    """Validate every hand of `paths` and add the new ones to the dataset at `out` (all or nothing).

    jobs 1 with the local engine runs in this process; otherwise workers build each hand's rows and
    this process checks across hands and writes, in input order (the same dataset either way).
    Interrupted (Ctrl-C, an error), nothing is committed and the hidden run folder is removed.
    One export writes a dataset at a time: another one waits up to `wait` seconds (None: until the
    first has finished, 0: not at all) and then raises DatasetBusy (an OSError).
    """
    rules = rules or RuleSet()
    summary = summary if summary is not None else Summary()
    writer = DatasetWriter(out, wait)
    try:
        if jobs <= 1 and engine == "local":
            for result in validate_paths(paths, rules, summary):
                stored = writer.add(result)
                if stored is not result:  # its rows could not be built: counted as the parallel run counts it
                    summary.replace(result, stored)
                if progress is not None and not hasattr(result, "code"):
                    progress.hand_in(result.file)
        else:
            from hhtool.engine.runner import WANT_PARTS, WANT_ROWS, run

            # local workers write their own Parquet parts; the parent keeps the cross-hand state and commits
            want, parts = (WANT_PARTS, writer.worker_parts()) if engine == "local" else (WANT_ROWS, None)
            for record in run(paths, rules, summary, want, jobs, engine, scheduler, progress, parts=parts):
                writer.add_record(record)
        return writer.commit()
    except BaseException:
        writer.abort()
        raise
