"""A work function for the local pool's tests (`LocalPool(work=...)`): the worker process dies on a task with
a piece of a file whose name contains "victim" and runs the real `run_task` on the others.

Top-level in a small module of its own: a worker unpickles it by name and imports this module as the parent
did, on the parent's `sys.path` (the pool's forkserver, given modules to preload, is handed it at its start).
"""

from __future__ import annotations

import os

from hhtool.engine.plan import Task
from hhtool.engine.work import TaskResult, run_task
from hhtool.rules.ruleset import RuleSet

VICTIM = "victim"


def is_victim(task: Task) -> bool:
    return any(VICTIM in os.path.basename(piece.path) for piece in task.pieces)


def run_task_or_die(task: Task, rules: RuleSet, want: str, parts: tuple[str, str] | None) -> TaskResult:
    if is_victim(task):
        os._exit(13)  # as a crash in native code or the OOM killer would end it: no exception, no cleanup
    return run_task(task, rules, want, parts)
