"""Entry point of a parallel run: plan, execute on an engine, merge in input order."""

from __future__ import annotations

import os
import resource
import sys
from collections.abc import Iterable, Iterator

from hhtool.engine.errors import EngineError
from hhtool.engine.memory import settle_allocator
from hhtool.engine.modes import Engine
from hhtool.engine.plan import plan_tasks
from hhtool.engine.progress import Progress
from hhtool.engine.work import WANT_JSON, WANT_NONE, WANT_PARTS, WANT_ROWS, Want
from hhtool.findings import Finding
from hhtool.rules.ruleset import RuleSet
from hhtool.validate import HandResult, Summary, Verdict, new_merger

__all__ = [
    "WANT_JSON",
    "WANT_NONE",
    "WANT_PARTS",
    "WANT_ROWS",
    "Engine",
    "EngineError",
    "HandResult",
    "Verdict",
    "Want",
    "run",
]


STATS_ENV = "HHTOOL_ENGINE_STATS"  # print the workers' CPU time and peak memory at the end


def run(
    paths: Iterable[str | os.PathLike],
    rules: RuleSet,
    summary: Summary,
    want: Want | str = WANT_NONE,
    jobs: int = 2,
    engine: Engine | str = Engine.LOCAL,
    scheduler: str | None = None,
    progress: Progress | None = None,
    chunk_bytes: int | None = None,
    parts: tuple[str, str] | None = None,
) -> Iterator[Verdict | Finding]:
    """Every hand read as a HandResult (and file-level Findings), in input order, counted in `summary`;
    the same results as `validate_paths`, without the hands and their replays.

    WANT_PARTS (export): the local pool's workers write their rows as Parquet parts where `parts`
    says (DatasetWriter.worker_parts); dask workers, which may not see that folder, send rows."""
    paths = list(paths)
    settle_allocator()

    def count_file() -> None:
        summary.tally.files += 1

    items = plan_tasks(paths, chunk_bytes, on_file=count_file)
    if engine == Engine.DASK:
        from hhtool.engine.dask_engine import dask_results

        results = dask_results(items, rules, WANT_ROWS if want == WANT_PARTS else want, jobs, scheduler)
    elif engine == Engine.LOCAL:
        from hhtool.engine.local import LocalPool

        results = LocalPool(rules, want, jobs, parts=parts).results(items)
    else:
        raise EngineError(f"unknown engine {engine!r}: local or dask")
    merger = new_merger(rules, summary)
    cpu, peak = 0.0, 0
    for result in results:
        if isinstance(result, Finding):
            yield from merger.merge(result)
            continue
        cpu += result.cpu
        peak = max(peak, result.peak_rss_kb)
        hands = 0
        records, result.items = result.items, []  # (the result keeps none of them alive)
        records.reverse()
        while records:  # each record goes once merged and written, the task's Arrow batch with the last
            item = records.pop()
            hands += not isinstance(item, Finding)
            yield from merger.merge(item)
        item = None
        if progress is not None:
            progress.advance(hands, result.size)
    yield from merger.flush()
    if os.environ.get(STATS_ENV):
        own = resource.getrusage(resource.RUSAGE_SELF)
        print(
            f"hhtool engine: workers' CPU {cpu:.1f} s (without pickling), workers' peak RSS {peak // 1024} MB; "
            f"this process: CPU {own.ru_utime + own.ru_stime:.1f} s, peak RSS {own.ru_maxrss // 1024} MB",
            file=sys.stderr,
        )
