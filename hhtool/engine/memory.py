"""Keep the parent's memory flat over long runs (glibc only; elsewhere a no-op).

The parent receives a few MB of results per task, unpickled in the pool's result thread, and
writes Parquet through Arrow. With glibc's defaults, freed memory stays in the heap and in
per-thread arenas (the dynamic mmap threshold rises to the size of those results), so the RSS
grows with the run though the live data does not. Here: big blocks always come from mmap (and go
back at free), two arenas at most, Arrow on the system allocator, and a trim after each flush.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import gc

# Young collections every 50,000 new container objects instead of 700 (see tune_gc).
GC_THRESHOLDS = (50_000, 20, 100)
_M_MMAP_THRESHOLD = -3
_M_ARENA_MAX = -8


@functools.cache
def _libc():
    name = ctypes.util.find_library("c")
    if not name:
        return None
    try:
        libc = ctypes.CDLL(name)
        libc.mallopt  # noqa: B018 - glibc has it, musl and others do not
        libc.malloc_trim  # noqa: B018
    except (OSError, AttributeError):
        return None
    return libc


def settle_allocator() -> None:
    """Once, at the start of a parallel run in the parent."""
    libc = _libc()
    if libc is not None:
        libc.mallopt(_M_MMAP_THRESHOLD, 256 * 1024)
        libc.mallopt(_M_ARENA_MAX, 2)
    try:
        import pyarrow as pa

        pa.set_memory_pool(pa.system_memory_pool())
    except Exception:  # noqa: BLE001, S110 - an optimisation only
        pass


def trim() -> None:
    """Give freed heap memory back to the system (after a flush)."""
    libc = _libc()
    if libc is not None:
        libc.malloc_trim(0)


def tune_gc() -> None:
    """Collect cycles rarely in a process that checks hands (the CLI, each worker); once is enough.

    A hand makes ~2,000 short-lived objects (events, replay state, rows), freed by reference
    counting; with the default thresholds the cycle collector ran every 700 of them and walked the
    rows a task holds again and again: 14% of a worker's CPU on unique generated hands. What is
    alive after the imports (grammar tables, the schema, modules) is moved out of its reach for good
    (gc.freeze); cycles are still collected, only less often. Peak memory did not change.
    """
    if gc.get_threshold() != GC_THRESHOLDS:
        gc.freeze()
        gc.set_threshold(*GC_THRESHOLDS)
