"""The engine modes, apart from the engine's code: the command line names them without loading the engine."""

from __future__ import annotations

from enum import StrEnum


class Engine(StrEnum):
    """Where the workers run (a str: callers may pass the value)."""

    LOCAL = "local"  # a process pool on this machine
    DASK = "dask"  # dask.distributed workers
