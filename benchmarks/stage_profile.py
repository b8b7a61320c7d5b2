"""Where a parallel export's CPU goes, stage by stage: µs of CPU time per hand (one process, in turn).

Usage:
    python benchmarks/stage_profile.py [FILE] [--tasks N] [--out-json FILE]

FILE defaults to the 20,000 unique generated hands of `throughput.py`'s cache (written there with
`hhtool generate --game mix --seed 1` when missing). The first --tasks tasks of the export's plan
(default 8, ~800 hands each) are run here, in this one process, the way a `--jobs N` export runs
them: the stages on the first half of them, the whole run on the other half (each generated hand is
unique, so neither pass finds the parser's line memo filled by the other), and every figure is CPU
time (`time.process_time`: user + system of this process), not wall time, so that it moves little
on a busy machine:

- worker stages, timed around the same calls a worker makes, one stage after the other:
  split (read the piece, cut it into blocks), parse (the dialect's reader), replay + settle (and the
  cross-hand snapshots), rows (the row builder), Arrow (the task's rows into Arrow tables), and
  where workers write their own Parquet parts, that writing;
  parse is then divided into lex (hhtool/grammar/lexer.py), LALR (lalr.py), field readers
  (fields.py), site reader (hhtool/dialects/) and the rest, in the shares of a second, profiled
  parse (cProfile's own time per file; C functions counted with the file that called them), so
  the parse row is measured and its parts are estimates;
- the worker's whole task (`run_task`, as the pool calls it: stages, records and its output; it
  may come out below the sum of the stages, which keep a task's replays alive and are timed on
  other hands), then pickling its result there and back (what the pool does);
- the parent: cross-hand checks and counts (`Merger.merge`), the writer's intake (`add_record`),
  and its Parquet encoding and commit (`commit`: flush, close, publish).
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pickle
import pstats
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from _common import machine_info

PARSE_PARTS = (
    ("lex", "/hhtool/grammar/lexer"),
    ("LALR", "/hhtool/grammar/lalr"),
    ("field readers", "/hhtool/grammar/fields"),
    ("site reader", "/hhtool/dialects/"),
)


def default_file() -> Path:
    cache = Path(os.environ.get("HHTOOL_BENCH_CACHE") or Path(tempfile.gettempdir()) / "hhtool-bench-cache")
    path = cache / "generated-mix-20000-hands-seed-1.txt"
    if not path.exists():
        cache.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            [
                sys.executable,
                "-m",
                "hhtool",
                "generate",
                "--out",
                str(path),
                "--hands",
                "20000",
                "--seed",
                "1",
                "--game",
                "mix",
            ],
            check=True,
        )
    return path


class Clock:
    """CPU seconds per stage, accumulated."""

    def __init__(self) -> None:
        self.spent: dict[str, float] = {}

    def add(self, stage: str, seconds: float) -> None:
        self.spent[stage] = self.spent.get(stage, 0.0) + seconds


def _file_of(func: tuple) -> str:
    return func[0] if func[0] != "~" else ""


def parse_shares(blocks: list) -> dict[str, float]:
    """Shares of the parse's CPU per part, from a profiled parse of the blocks."""
    from hhtool.pipeline import _parse_safely

    profile = cProfile.Profile()
    profile.enable()
    for block in blocks:
        _parse_safely(block)
    profile.disable()
    stats = pstats.Stats(profile).stats  # func → (cc, nc, own time, cumulative, callers)
    by_file: dict[str, float] = {}

    def owner(func: tuple, depth: int = 0) -> list[tuple[str, float]]:
        """A function's file, or for a C function the files of its callers, in their shares."""
        if _file_of(func) or depth > 3:
            return [(_file_of(func), 1.0)]
        callers = stats[func][4]
        total = sum(c[2] for c in callers.values()) or 1.0
        out = []
        for caller, timing in callers.items():
            for name, share in owner(caller, depth + 1):
                out.append((name, share * timing[2] / total))
        return out or [("", 1.0)]

    for func, (_cc, _nc, own, _cum, _callers) in stats.items():
        for name, share in owner(func):
            by_file[name] = by_file.get(name, 0.0) + own * share
    whole = sum(by_file.values()) or 1.0
    shares = dict.fromkeys([name for name, _ in PARSE_PARTS] + ["other"], 0.0)
    for name, seconds in by_file.items():
        part = next((label for label, marker in PARSE_PARTS if marker in name.replace(os.sep, "/")), "other")
        shares[part] += seconds / whole
    return shares


def worker_stages(tasks: list, rules, clock: Clock) -> tuple[int, list]:
    """The worker's stages, one after the other, on every task; the blocks (for the profiled parse)."""

    from hhtool.engine.plan import read_piece
    from hhtool.engine.work import _COLUMNS
    from hhtool.export import writer as writer_module
    from hhtool.export.rows import Rows
    from hhtool.findings import Finding
    from hhtool.grammar import Status
    from hhtool.pipeline import _parse_safely
    from hhtool.rules.crosshand import identity, table_snapshot
    from hhtool.validate import check_parsed

    write_parts = getattr(writer_module, "write_task_parts", None)
    hands, sample = 0, []
    for task in tasks:
        started = time.process_time()
        blocks = [
            b
            for piece in task.pieces
            for b in read_piece(piece)
            if not isinstance(b, Finding) and b.dialect is not None
        ]
        clock.add("split", time.process_time() - started)
        hands += len(blocks)
        if len(sample) < 2000:
            sample.extend(blocks[: 2000 - len(sample)])
        started = time.process_time()
        parsed = [_parse_safely(b) for b in blocks]
        clock.add("parse", time.process_time() - started)
        started = time.process_time()
        results = []
        for block, one in zip(blocks, parsed):
            result = check_parsed(one, rules)
            if one.status is Status.PARSED:
                identity(one.hand, block.text)
                if result.state is not None:
                    table_snapshot(result.state)
            results.append(result)
        clock.add("replay + settle", time.process_time() - started)
        started = time.process_time()
        rows = Rows(_COLUMNS)
        for result in results:
            rows.add_hand(result)
        clock.add("rows", time.process_time() - started)
        started = time.process_time()
        batch = rows.tables()
        clock.add("Arrow", time.process_time() - started)
        if write_parts is not None:  # workers that write their own Parquet parts
            with tempfile.TemporaryDirectory() as tmp:
                started = time.process_time()
                write_parts((tmp, "bench"), task.index, batch, len(blocks))
                clock.add("Parquet parts", time.process_time() - started)
        del results, parsed, rows, batch
    return hands, sample


def whole_run(tasks: list, rules, out: Path, clock: Clock) -> int:
    """The real worker and parent calls of an export, in this process; the hands read."""
    from hhtool.engine import work
    from hhtool.engine.merge import Merger
    from hhtool.export.writer import DatasetWriter
    from hhtool.validate import Summary

    writer = DatasetWriter(out)
    merger = Merger(rules, Summary())
    want, extra = worker_mode(writer)
    for task in tasks:
        started = time.process_time()
        result = work.run_task(task, rules, want, *extra)
        clock.add("worker task", time.process_time() - started)
        started = time.process_time()
        result = pickle.loads(pickle.dumps(result, pickle.HIGHEST_PROTOCOL))
        clock.add("pickling", time.process_time() - started)
        for item in result.items:
            started = time.process_time()
            records = merger.merge(item)
            clock.add("merge", time.process_time() - started)
            started = time.process_time()
            for record in records:
                writer.add_record(record)
            clock.add("add_record", time.process_time() - started)
        del result
    for record in merger.flush():
        writer.add_record(record)
    started = time.process_time()
    writer.commit()
    clock.add("commit", time.process_time() - started)
    return writer.stats.hands_read


def worker_mode(writer) -> tuple[str, tuple]:
    """How an export asks its local workers for their output (rows in Arrow, or Parquet parts)."""
    from hhtool.engine import work

    if hasattr(work, "WANT_PARTS") and hasattr(writer, "worker_parts"):
        return work.WANT_PARTS, (writer.worker_parts(),)
    return work.WANT_ROWS, ()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file", nargs="?")
    parser.add_argument("--tasks", type=int, default=8)
    parser.add_argument("--out-json")
    args = parser.parse_args()
    from hhtool import compiled
    from hhtool.engine.memory import tune_gc
    from hhtool.engine.plan import plan_tasks
    from hhtool.findings import Finding
    from hhtool.rules.ruleset import RuleSet

    path = Path(args.file) if args.file else default_file()
    tasks = [t for t in plan_tasks([str(path)]) if not isinstance(t, Finding)][: args.tasks]
    import pyarrow as pa

    pa.array([0])  # pyarrow imports pandas at its first conversion: ~0.2 s once a process, not a cost per hand
    rules = RuleSet()
    tune_gc()
    clock = Clock()
    half = max(1, len(tasks) // 2)
    hands, sample = worker_stages(tasks[:half], rules, clock)
    whole = Clock()
    with tempfile.TemporaryDirectory() as tmp:
        whole_hands = whole_run(tasks[half:], rules, Path(tmp) / "ds", whole)
    shares = parse_shares(sample)
    us = {stage: seconds / hands * 1e6 for stage, seconds in clock.spent.items()}
    us.update({stage: seconds / whole_hands * 1e6 for stage, seconds in whole.spent.items()})
    staged = sum(us.get(s, 0.0) for s in ("split", "parse", "replay + settle", "rows", "Arrow", "Parquet parts"))
    lines = [("split", us["split"])]
    lines += [("parse", us["parse"])]
    if shares["other"] < 0.99:
        lines += [(f"  {part} (est.)", us["parse"] * share) for part, share in shares.items()]
    lines += [("replay + settle", us["replay + settle"]), ("rows", us["rows"]), ("Arrow", us["Arrow"])]
    if "Parquet parts" in us:
        lines += [("Parquet parts (the worker's)", us["Parquet parts"])]
    lines += [
        ("worker: the whole task (run_task)", us["worker task"]),
        ("  (sum of the stages above, measured apart)", staged),
        ("pickling (result there and back)", us["pickling"]),
        ("parent: merge (cross-hand checks, counts)", us["merge"]),
        ("parent: add_record", us["add_record"]),
        ("parent: commit (Parquet, publish)", us["commit"]),
    ]
    parent = us["merge"] + us["add_record"] + us["commit"]
    lines += [
        ("parent total", parent),
        ("all processes (worker task + pickling + parent)", us["worker task"] + us["pickling"] + parent),
    ]
    info = machine_info()
    print(
        f"stage profile: {path.name}, stages on {hands} hands ({half} tasks), the whole run on {whole_hands} "
        f"({len(tasks) - half} tasks); {compiled.describe()}"
    )
    print(f"CPU time (user + sys of this process), µs per hand; load average {info.get('load_average')}")
    width = max(len(name) for name, _ in lines)
    for name, value in lines:
        print(f"{name:<{width}}  {value:8.1f}")
    if shares["other"] >= 0.99:  # compiled: cProfile sees no compiled function, so parse's parts are not shown
        print("(parse's parts not shown: cProfile sees no compiled function; HHTOOL_PURE_PYTHON=1 shows them)")
    if args.out_json:
        report = {"hands": [hands, whole_hands], "machine": info, "us_per_hand": dict(lines)}
        Path(args.out_json).write_text(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
