"""Run tasks on dask.distributed workers: the same work function, a bounded window, input order.

Without a scheduler address a LocalCluster of `jobs` worker processes (one thread each) is started
for the run. A task that fails on its worker, or whose workers keep dying (KilledWorker), becomes
HH099 findings for its hands, split again here: the run goes on and no hand read is lost.
dask is imported only here, and only when asked for (the optional extra `hhtool[dask]`).
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Iterable, Iterator

from hhtool.engine.errors import EngineError
from hhtool.engine.plan import Task
from hhtool.engine.work import TaskResult, fallback_items, run_task
from hhtool.findings import Finding
from hhtool.rules.ruleset import RuleSet


def dask_results(
    items: Iterable[Task | Finding], rules: RuleSet, want: str, jobs: int, scheduler: str | None
) -> Iterator[TaskResult | Finding]:
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise EngineError("the dask engine needs dask.distributed: pip install 'hhtool[dask]'") from None
    cluster = None
    try:
        if scheduler is None:
            cluster = LocalCluster(
                n_workers=jobs, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=logging.ERROR
            )
            client = Client(cluster)
        else:
            client = Client(scheduler)
    except (OSError, TimeoutError, ValueError) as exc:
        if cluster is not None:
            cluster.close()
        raise EngineError(f"cannot reach the dask scheduler {scheduler or '(local cluster)'}: {exc}") from None
    pending: deque = deque()
    try:
        workers = len(client.scheduler_info().get("workers", {})) or jobs
        window = 2 * max(workers, 1)
        shared_rules = client.scatter(rules, broadcast=True)
        for item in items:
            if isinstance(item, Finding):
                pending.append((None, item))
            else:
                pending.append((item, client.submit(run_task, item, shared_rules, want, pure=False)))
            while len(pending) > window:
                task, future = pending.popleft()
                yield _resolve(task, future, want)
        while pending:
            task, future = pending.popleft()
            yield _resolve(task, future, want)
    except BaseException:
        for _task, future in pending:
            if not isinstance(future, Finding):
                future.cancel()
        raise
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def _resolve(task: Task | None, future, want: str) -> TaskResult | Finding:
    if task is None:
        return future
    try:
        return future.result()
    except Exception as exc:  # noqa: BLE001 - a failed partition is findings, never a failed run
        message = f"internal error on a dask worker: {type(exc).__name__}: {exc}"
        return TaskResult(task.index, fallback_items(task, message, want), task.size)
