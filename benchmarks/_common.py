"""Shared helpers for the benchmarks: the input file, one-core pinning, timing and memory."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent


def corpus_dir() -> Path:
    """$HHTOOL_CORPUS, else ../shared/corpus beside the project (as the tests find it)."""
    return Path(os.environ.get("HHTOOL_CORPUS") or PROJECT.parent / "shared" / "corpus")


def build_corpus_file(out: Path, mb: float = 20.0) -> Path:
    """Write the benchmark input (the corpus's PokerStars Hold'em hands, repeated to `mb` MB).

    Done by make_corpus_file.py in a child process: it parses the corpus, which would otherwise
    leave this process's parser memos warm and its memory figures off.
    """
    corpus = corpus_dir()
    if not corpus.is_dir():
        sys.exit(f"no corpus at {corpus}: pass a FILE or set HHTOOL_CORPUS")
    script = Path(__file__).resolve().parent / "make_corpus_file.py"
    done = subprocess.run([sys.executable, str(script), str(corpus), str(out), "--mb", str(mb)])
    if done.returncode != 0:
        sys.exit(f"could not build the benchmark file from {corpus}")
    return out


def pin_one_core() -> str:
    """Run on a single CPU where the OS allows it, so that 'one core' is what is measured."""
    try:
        cpu = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpu})
        return f"cpu {cpu}"
    except (AttributeError, OSError):
        return "not pinned"


def timed_runs(fn: Callable[[], object], runs: int) -> list[float]:
    """Wall times of `runs` calls of `fn` (the first one is the cold run)."""
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        fn()
        times.append(time.perf_counter() - started)
    return times


def traced_peak(fn: Callable[[], object]) -> int:
    """Peak bytes Python allocated during one call of `fn` (tracemalloc; slows the call down)."""
    tracemalloc.start()
    try:
        fn()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def max_rss() -> int:
    """Peak resident set size of this process so far, in bytes."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024


def table(rows: list[tuple[str, str]]) -> str:
    width = max(len(name) for name, _ in rows)
    return "\n".join(f"{name:<{width}}  {value}" for name, value in rows)
