"""Shared helpers for the benchmarks: the input file, one-core pinning, timing and memory."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import threading
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


# -- measuring child processes (used by throughput.py) ----------------------------------------------
def machine_info() -> dict:
    """What a reader needs to judge figures from a shared, noisy machine."""
    import platform

    from hhtool import compiled

    try:
        usable = len(os.sched_getaffinity(0))
    except AttributeError:
        usable = os.cpu_count()
    model = ""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as cpuinfo:
            model = next((line.split(":", 1)[1].strip() for line in cpuinfo if line.startswith("model name")), "")
    except OSError:
        pass
    try:
        commit = subprocess.run(
            ["git", "-C", str(PROJECT), "describe", "--always", "--dirty"], capture_output=True, text=True, check=False
        ).stdout.strip()
    except OSError:
        commit = ""
    return {
        "date": time.strftime("%Y-%m-%d %H:%M:%S %Z"),
        "cpu_count": os.cpu_count(),
        "usable_cpus": usable,
        "cpu_model": model,
        "python": platform.python_version(),
        "platform": platform.platform(),
        "load_average": list(os.getloadavg()),
        "hhtool_commit": commit,
        "hhtool_build": compiled.describe(),
    }


def _parents() -> dict[int, int]:
    """pid -> parent pid of every process visible in /proc (empty when there is no /proc)."""
    parents = {}
    try:
        names = os.listdir("/proc")
    except OSError:
        return parents
    for name in names:
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat", encoding="ascii", errors="replace") as stat:
                    text = stat.read()
                parents[int(name)] = int(text[text.rindex(")") + 2 :].split()[1])
            except (OSError, ValueError, IndexError):
                pass
    return parents


def tree_rss(roots: list[int]) -> int | None:
    """Memory of `roots` and all their descendants together, in bytes (None: no /proc): the sum of
    their proportional set sizes (PSS: a page shared by N processes counts 1/N in each, so the
    modules a forked worker shares with the forkserver count once), or of their resident set sizes
    where the kernel has no smaps_rollup (an upper bound: shared pages count once per process).
    """
    parents = _parents()
    if not parents:
        return None
    children: dict[int, list[int]] = {}
    for pid, parent in parents.items():
        children.setdefault(parent, []).append(pid)
    page = os.sysconf("SC_PAGE_SIZE")
    total, stack, seen = 0, list(roots), set()
    while stack:
        pid = stack.pop()
        if pid in seen:
            continue
        seen.add(pid)
        stack.extend(children.get(pid, ()))
        total += _pss(pid, page)
    return total


def _pss(pid: int, page: int) -> int:
    try:
        with open(f"/proc/{pid}/smaps_rollup", encoding="ascii") as rollup:
            for line in rollup:
                if line.startswith("Pss:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        with open(f"/proc/{pid}/statm", encoding="ascii") as statm:
            return int(statm.read().split()[1]) * page
    except (OSError, ValueError, IndexError):
        return 0


def _become_subreaper() -> bool:
    """Linux: orphaned descendants of our children become our children (PR_SET_CHILD_SUBREAPER)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(36, 1, 0, 0, 0) == 0  # PR_SET_CHILD_SUBREAPER
    except (OSError, AttributeError):
        return False


_SUBREAPER: bool | None = None


class ChildRun:
    """Wall time, CPU time and peak memory of child processes run together (all started at once).

    Each child is reaped with os.wait4, which returns that child's own rusage (its waited-for
    descendants, e.g. pool workers, included). On Linux this process is a child subreaper, so the
    processes a child leaves behind (a multiprocessing forkserver, which reaps the workers it
    forked) come back to it and are reaped too. `max_rss` is the largest peak resident set size of
    any one process of the run (the kernel's figure), `cpu` the user + system seconds of them all.
    `tree_peak` is the largest memory of all the processes of the run together (sum of PSS, see
    tree_rss), sampled every `interval` seconds from /proc (None where there is no /proc). Standard output
    goes to /dev/null, or with `capture` to `outputs` (one string per command); standard error to
    `stderr`.
    """

    def __init__(
        self,
        commands: list[list[str]],
        *,
        capture: bool = False,
        pin: int | None = None,
        interval: float = 0.2,
        env: dict | None = None,
    ):
        global _SUBREAPER
        if _SUBREAPER is None:
            _SUBREAPER = _become_subreaper()
        self.returncodes: list[int] = []
        self.stderr: list[str] = []
        self.outputs: list[str] = []
        errors = [tempfile.TemporaryFile() for _ in commands]  # noqa: SIM115 (read and closed after the processes end)
        outputs = [tempfile.TemporaryFile() if capture else None for _ in commands]  # noqa: SIM115 (as errors)

        def preexec() -> None:
            if pin is not None:
                try:
                    os.sched_setaffinity(0, {pin})
                except (AttributeError, OSError):
                    pass

        done = threading.Event()
        peak = [0, False]

        started = time.perf_counter()
        processes = [
            subprocess.Popen(
                command,
                stdin=subprocess.DEVNULL,
                stdout=outputs[i] or subprocess.DEVNULL,
                stderr=errors[i],
                preexec_fn=preexec,  # noqa: PLW1509 (the benchmark starts no threads before it; CPU pinning needs the child)
                env=env,
            )
            for i, command in enumerate(commands)
        ]
        pids = [p.pid for p in processes]

        def sample() -> None:
            while not done.wait(interval):
                total = tree_rss(pids)
                if total is None:
                    return
                peak[0], peak[1] = max(peak[0], total), True

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        self.cpu = 0.0
        self.rss_each: list[int] = []
        for process in processes:
            _, status, usage = os.wait4(process.pid, 0)
            process.returncode = os.waitstatus_to_exitcode(status)
            self.returncodes.append(process.returncode)
            self.cpu += usage.ru_utime + usage.ru_stime
            self.rss_each.append(usage.ru_maxrss if sys.platform == "darwin" else usage.ru_maxrss * 1024)
        self.wall = time.perf_counter() - started
        # Processes the children left behind (a multiprocessing forkserver, whose workers it reaped
        # itself) were re-parented to this process (a subreaper): reap them too, for their rusage.
        self.orphans = 0
        deadline = time.monotonic() + 30
        while _SUBREAPER and time.monotonic() < deadline:
            try:
                pid, status, usage = os.wait4(-1, os.WNOHANG)
            except ChildProcessError:
                break
            if pid == 0:
                time.sleep(0.02)
                continue
            self.orphans += 1
            self.cpu += usage.ru_utime + usage.ru_stime
            self.rss_each.append(usage.ru_maxrss * 1024)
        done.set()
        sampler.join()
        self.tree_peak = peak[0] if peak[1] else None
        self.max_rss = max(self.rss_each)
        for handle in errors:
            handle.seek(0)
            self.stderr.append(handle.read().decode("utf-8", "replace"))
            handle.close()
        for handle in filter(None, outputs):
            handle.seek(0)
            self.outputs.append(handle.read().decode("utf-8", "replace"))
            handle.close()


def idlest_cpu(window: float = 0.25) -> int | None:
    """The CPU (of those this process may use) that was idle the most over the next `window` seconds.

    On a shared machine, pinning a one-core run to a fixed CPU can put it beside someone else's
    work; this picks the quietest one instead (None where there is no /proc/stat or affinity).
    """
    try:
        allowed = os.sched_getaffinity(0)
    except (AttributeError, OSError):
        return None

    def idle() -> dict[int, int]:
        times = {}
        with open("/proc/stat", encoding="ascii") as stat:
            for line in stat:
                name, *fields = line.split()
                if name.startswith("cpu") and name[3:].isdigit():
                    times[int(name[3:])] = int(fields[3]) + int(fields[4])  # idle + iowait
        return times

    try:
        before = idle()
        time.sleep(window)
        after = idle()
    except (OSError, ValueError, IndexError):
        return min(allowed)
    candidates = [cpu for cpu in allowed if cpu in before and cpu in after]
    return max(candidates, key=lambda cpu: after[cpu] - before[cpu]) if candidates else min(allowed)
