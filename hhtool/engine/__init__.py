"""Parallel, streaming, deterministic runs of validate and export.

plan (parent) ─► tasks ─► workers: read, parse, replay, settle, rows ─► parent, in input order:
cross-hand checks, counts, output. The same tasks run on a local process pool (`--engine local`)
or on dask.distributed workers (`--engine dask`); the outputs do not depend on either choice, nor
on the number of workers.

Modules: `plan` (tasks), `work` (the worker function), `merge` (cross-hand checks in the parent),
`runner` (`run`, the entry point), `local` and `dask_engine` (executors), `errors`, `modes` (the engines' names), `progress`. (The compact table of
hand uids the merge keeps is `hhtool.model.uidtable`, below the rules.) Nothing is imported here.
"""
