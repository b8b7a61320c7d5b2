"""Run tasks on a local process pool: a bounded window of tasks in flight, results in input order.

Workers are started by the "forkserver" method (no fork of a parent holding threads or open
Parquet writers; the server preloads hhtool once) and ignore SIGINT: Ctrl-C reaches the parent,
which cancels what is queued, terminates the workers and re-raises, so the exporter can abort.

A worker that dies (killed, out of memory, a crash in native code) breaks the whole pool. The
tasks that were in flight are run again on a new pool, and the task at the front of the line is
first run alone; if it kills its worker again, its hands are reported as unparsed with HH099 (at
their own file and line) and the run goes on: nothing read is lost, the exit code says errors.
When the main process itself is killed outright, the workers notice within a second and exit.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from hhtool.engine.plan import Task
from hhtool.engine.work import TaskResult, fallback_items, run_task
from hhtool.findings import Finding
from hhtool.rules.ruleset import RuleSet


def _init_worker(main_pid: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides what Ctrl-C does
    threading.Thread(target=_exit_when_gone, args=(main_pid,), name="hhtool-watchdog", daemon=True).start()


def _exit_when_gone(main_pid: int, every: float = 0.5) -> None:
    """A worker whose main process was killed outright (SIGKILL, the OOM killer) would wait on its task
    queue for ever, and the forkserver with it: it exits instead, and the forkserver follows."""
    while not _gone(main_pid):
        time.sleep(every)
    os._exit(1)


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    try:  # killed but not yet reaped by its own parent: a zombie still answers kill(pid, 0)
        with open(f"/proc/{pid}/stat", "rb") as stat:
            return stat.read().rsplit(b")", 1)[1].split()[0] == b"Z"
    except (OSError, IndexError):
        return False


def _context():
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["hhtool.engine.work"])
    return context


class LocalPool:
    """`work` is what a worker runs for each task (a top-level function, as `run_task`, which it is unless a
    test passes one that kills its worker)."""

    def __init__(
        self,
        rules: RuleSet,
        want: str,
        jobs: int,
        window: int | None = None,
        parts: tuple[str, str] | None = None,
        work: Callable[[Task, RuleSet, str, tuple[str, str] | None], TaskResult] = run_task,
    ) -> None:
        self.rules, self.want, self.jobs, self.parts, self.work = rules, want, jobs, parts, work
        # one task queued beyond those running: a worker never waits for the next, and each finished result
        # waiting for its turn holds ~10 MB in this process (2 x jobs held one more, at the same speed)
        self.window = window or jobs + 1
        self.context = _context()
        self.pool = self._new_pool(jobs)
        self.pending: deque[tuple[Task | None, Future | Finding]] = deque()

    def _new_pool(self, workers: int) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(workers, mp_context=self.context, initializer=_init_worker, initargs=(os.getpid(),))

    def results(self, items: Iterable[Task | Finding]) -> Iterator[TaskResult | Finding]:
        """TaskResults and path findings in input order; at most `window` tasks queued or running."""
        pending = self.pending
        try:
            for item in items:
                if isinstance(item, Finding):
                    pending.append((None, item))
                else:
                    pending.append((item, self._submit(item)))
                while len(pending) > self.window:
                    yield self._resolve(*pending.popleft())
            while pending:
                yield self._resolve(*pending.popleft())
        except BaseException:
            self.terminate()
            raise
        self.pool.shutdown(wait=True)

    def _submit(self, task: Task) -> Future:
        """The task submitted to the pool; when the pool is already broken (a worker died since the last
        look), a future that fails as the pool did, so that the task is run again when its turn comes.

        A submit can also start a worker just as the pool breaks: the executor's manager thread closes the
        task queue without the submit's lock, and handing the closed queue to the forkserver fails with
        OSError (EBADF). The pool is broken then as well, and the task is treated the same way."""
        try:
            return self.pool.submit(self.work, task, self.rules, self.want, self.parts)
        except BrokenProcessPool as exc:
            return _failed(exc)
        except OSError as exc:
            broken = BrokenProcessPool(f"a worker could not be started: {exc}")
            broken.__cause__ = exc
            return _failed(broken)

    def _resolve(self, task: Task | None, future: Future | Finding) -> TaskResult | Finding:
        if task is None or isinstance(future, Finding):
            assert isinstance(future, Finding), "only a path that could not be read comes without a task"
            return future
        try:
            return future.result()
        except BrokenProcessPool:
            self._restart()
            return self._alone(task)
        except Exception as exc:  # noqa: BLE001 - e.g. a result that cannot be pickled: the run goes on
            return TaskResult(task.index, fallback_items(task, _message(exc), self.want), task.size)

    def _restart(self) -> None:
        """A new pool, and the tasks that were in flight on the broken one submitted to it again."""
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.pool = self._new_pool(self.jobs)
        for i, (task, future) in enumerate(self.pending):
            if task is not None:
                self.pending[i] = (task, self._submit(task))

    def _alone(self, task: Task) -> TaskResult:
        """Run a task that was in flight when a worker died on a pool of its own, to tell whether it is
        the one that kills its worker."""
        solo = self._new_pool(1)
        try:
            return solo.submit(self.work, task, self.rules, self.want, self.parts).result()
        except BrokenProcessPool:
            return TaskResult(
                task.index,
                fallback_items(task, "internal error: the worker process checking these hands died", self.want),
                task.size,
            )
        except Exception as exc:  # noqa: BLE001
            return TaskResult(task.index, fallback_items(task, _message(exc), self.want), task.size)
        finally:
            solo.shutdown(wait=True, cancel_futures=True)

    def terminate(self) -> None:
        """Cancel queued tasks and stop the workers now (Ctrl-C, or the consumer failed)."""
        for _task, future in self.pending:
            if isinstance(future, Future):
                future.cancel()
        processes = list((getattr(self.pool, "_processes", None) or {}).values())
        self.pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            if process.is_alive():
                process.terminate()
        for process in processes:
            process.join(timeout=5)


def _failed(exc: BaseException) -> Future:
    failed: Future = Future()
    failed.set_exception(exc)
    return failed


def _message(exc: BaseException) -> str:
    return f"internal error in a worker: {type(exc).__name__}: {exc}"
