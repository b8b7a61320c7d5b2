"""The engine's usage error, below the runner and the executors that raise it (`dask_engine`)."""


class EngineError(Exception):
    """A usage problem with the engine (e.g. dask asked for but not installed)."""
