"""An export run (`export_paths`): validate the hands, add the new ones to the dataset, commit in batches.

Apart from the package's `__init__`: this module drives the engine, whose workers build the rows with the
package's lower modules (`rows`, `schema`, `writer`); loading any of those must not load the engine too.
"""

from __future__ import annotations

import os
from collections.abc import Iterable

from hhtool.export.store import DatasetBusy
from hhtool.export.writer import DatasetWriter, ExportStats
from hhtool.findings import Finding
from hhtool.rules.ruleset import RuleSet
from hhtool.validate import Summary, validate_paths

__all__ = ["BATCH_HANDS", "DatasetBusy", "ExportInterrupted", "ExportStats", "export_paths"]

# hands per commit: an interrupted export loses at most about this many hands' work (~8 s at 12k hands/s),
# and each commit costs a hard link per stored file (~0.2 s for 500 files) and one more file per table and day
BATCH_HANDS = 100_000
BATCH_ENV = "HHTOOL_EXPORT_BATCH"  # tuning knob (and tests): hands per commit


class ExportInterrupted(KeyboardInterrupt):
    """Ctrl-C during an export: `stats` says what the batches committed before it hold."""

    def __init__(self, stats: ExportStats) -> None:
        super().__init__()
        self.stats = stats


def batch_hands() -> int:
    """Hands per commit: HHTOOL_EXPORT_BATCH (a whole number >= 1), else BATCH_HANDS."""
    raw = os.environ.get(BATCH_ENV, "").strip()
    return int(raw) if raw.isdigit() and int(raw) >= 1 else BATCH_HANDS


def export_paths(
    paths: Iterable[str | os.PathLike],
    out: str | os.PathLike,
    rules: RuleSet | None = None,
    summary: Summary | None = None,
    jobs: int = 1,
    engine: str = "local",
    scheduler: str | None = None,
    progress=None,
    wait: float | None = None,
    batch: int | None = None,
) -> ExportStats:
    """Validate every hand of `paths` and add the new ones to the dataset at `out`, committed in
    batches of about `batch_hands` hands (HHTOOL_EXPORT_BATCH, else BATCH_HANDS), each at the end of
    an input file and each atomic.

    Files whose content a committed batch holds (by SHA-256) are not read again. jobs 1 with the local
    engine runs in this process; otherwise workers build each hand's rows and this process checks
    across hands and writes, in input order (the same dataset either way; when files were skipped, the
    pool is chosen again on what is left to read, `workers_for`). Interrupted (Ctrl-C, an error), the
    batches committed stay (Ctrl-C raises ExportInterrupted, which says how far they go) and the
    hidden folder of the rest is removed. One export writes a dataset at a time: another one waits up
    to `wait` seconds (None: until the first has finished, 0: not at all) and then raises DatasetBusy
    (an OSError).
    """
    rules = rules or RuleSet()
    summary = summary if summary is not None else Summary()
    writer = DatasetWriter(out, wait)
    try:
        writer.batch_hands = batch_hands() if batch is None else batch
        paths = writer.unread_paths(paths)
        if jobs > 1 and engine == "local" and writer.stats.files_unread:  # what is left may be small now
            from hhtool.engine.plan import workers_for

            jobs = workers_for(paths, jobs, engine)
        if jobs <= 1 and engine == "local":
            for result in validate_paths(paths, rules, summary):
                if isinstance(result, Finding):
                    writer.add(result)
                    continue
                stored = writer.add(result)
                if stored is not result:  # its rows could not be built: counted as the parallel run counts it
                    summary.replace(result, stored)
                if progress is not None:
                    progress.hand_in(result.file)
        else:
            from hhtool.engine.runner import WANT_PARTS, WANT_ROWS, run

            # local workers write their own Parquet parts; the parent keeps the cross-hand state and commits
            want, parts = (WANT_PARTS, writer.worker_parts()) if engine == "local" else (WANT_ROWS, None)
            for record in run(paths, rules, summary, want, jobs, engine, scheduler, progress, parts=parts):
                writer.add_record(record)
        return writer.commit()
    except KeyboardInterrupt as exc:
        writer.abort()
        raise ExportInterrupted(writer.stats) from exc
    except BaseException:
        writer.abort()
        raise
