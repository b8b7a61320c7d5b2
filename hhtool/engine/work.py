"""A worker's share: read a task's pieces, parse, replay and settle each hand, and build its outputs.

`run_task` is a top-level function of picklable arguments (a Task and the RuleSet), so it runs the
same in a process pool (fork, forkserver or spawn) and on dask workers. It returns, per hand, a
HandResult (the one result type of every run) without the hand and its replay: the verdict without
the cross-hand checks, the snapshots those checks need, and the outputs asked for (the JSON tail of
the hand's object, or its table rows). The parent runs the
cross-hand checks in input order and patches the few hands they change.
"""

from __future__ import annotations

import resource
import time
from dataclasses import dataclass
from enum import StrEnum

from hhtool.engine import wire
from hhtool.engine.memory import tune_gc
from hhtool.engine.plan import Piece, Task, read_piece
from hhtool.export.rows import Rows
from hhtool.export.schema import COLUMNS
from hhtool.export.writer import write_task_parts
from hhtool.findings import Finding
from hhtool.grammar.parse import site_and_id
from hhtool.pipeline import stray_text
from hhtool.rules.ruleset import RuleSet
from hhtool.serialize import to_json_line
from hhtool.validate import EMPTY_TAIL, HandResult, Verdict, check_block, hand_failure, internal_error


class Want(StrEnum):
    """What a worker builds besides each hand's verdict (a str: callers may pass the value)."""

    NONE = "none"
    JSON = "json"  # the JSON keys after `findings` (validate --format jsonl)
    ROWS = "rows"  # the hand's table rows, in its task's Arrow batch (export)
    PARTS = "parts"  # rows written by the worker as Parquet parts of the run (export, local pool)


WANT_NONE, WANT_JSON, WANT_ROWS, WANT_PARTS = Want.NONE, Want.JSON, Want.ROWS, Want.PARTS
_EMPTY_TAIL = to_json_line(EMPTY_TAIL)[:-1]


@dataclass(slots=True)
class TaskResult:
    index: int
    items: list  # HandResult | Finding (file level), in input order
    size: int  # bytes of input done
    cpu: float = 0.0  # worker CPU seconds for the task (pickling the result not included)
    peak_rss_kb: int = 0  # the worker's peak RSS so far

    def __reduce__(self):
        """Pickled with its items in the compact per-task form of `hhtool.engine.wire` (as they are if
        packing fails: a bug there costs speed, never the task's hands)."""
        try:
            packed = wire.pack(self.items)
        except Exception:  # noqa: BLE001
            packed = self.items
        return _unpickle_result, (self.index, packed, self.size, self.cpu, self.peak_rss_kb)


def _unpickle_result(index: int, packed: object, size: int, cpu: float, peak_rss_kb: int) -> TaskResult:
    return TaskResult(index, wire.unpack(packed), size, cpu, peak_rss_kb)  # type: ignore[arg-type]


_COLUMNS = {t: [name for name, _, _ in cols] for t, cols in COLUMNS.items()}
_ROWS = HandResult._fields.index("rows")
_HAND, _STATE, _TAIL = (HandResult._fields.index(name) for name in ("hand", "state", "tail"))
_new_tuple = tuple.__new__


def run_task(task: Task, rules: RuleSet, want: str = WANT_NONE, parts: tuple[str, str] | None = None) -> TaskResult:
    """Read, parse, replay and settle every hand of a task; never raises for a bad hand. WANT_PARTS:
    its rows are written as Parquet parts under `parts` (the run's workers folder, the run id), and
    the records carry where (TaskParts) instead of Arrow tables."""
    tune_gc()  # workers (local pool or dask) are processes of their own
    started = time.process_time()
    items: list = []
    rows = Rows(_COLUMNS) if want in (WANT_ROWS, WANT_PARTS) else None
    for piece in task.pieces:
        _run_piece(piece, rules, want, items, rows)
    items = _as_batch(items, rows, task.index, parts if want == WANT_PARTS else None)
    return TaskResult(
        task.index, items, task.size, time.process_time() - started, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    )


def _as_batch(items: list, rows: Rows | None, index: int = 0, parts: tuple[str, str] | None = None) -> list:
    """Rows of the whole task as one Arrow table per table (plain types): the conversion runs in the
    worker, and the parent receives compact buffers instead of millions of Python objects. Each
    record keeps its first row and row count per table. With `parts`, the tables are written here as
    the task's Parquet parts, and the records carry where they are instead."""
    if rows is None:
        return items
    batch = rows.tables()
    if parts is not None:
        hands = sum(isinstance(item, Verdict) for item in items)
        if hands:
            batch = write_task_parts(parts, index, batch, hands)  # type: ignore[assignment]
    starts = [0] * len(_COLUMNS)
    out = []
    for item in items:
        if isinstance(item, Verdict):
            counts = item.rows
            assert counts is not None, "a worker's verdict carries its parts here"  # (for the type checker)
            # item._replace(rows=...), without namedtuple's Python-level _replace (a µs a hand)
            item = tuple.__new__(HandResult, (*item[:_ROWS], (batch, tuple(starts), counts), *item[_ROWS + 1 :]))
            starts = [s + c for s, c in zip(starts, counts)]
        out.append(item)
    return out


def _run_piece(piece: Piece, rules: RuleSet, want: str, items: list, rows: Rows | None) -> None:
    for block in read_piece(piece):
        if isinstance(block, Finding):
            items.append(block)
            continue
        if block.dialect is None:
            items.append(stray_text(block))
            continue
        try:
            result = check_block(block, rules)
            tail = to_json_line(result.tail_dict())[:-1] if want == WANT_JSON else None
            hand_rows = _add_rows(rows, result) if rows is not None else None
            # the hand and its replay stay here, the outputs asked for travel instead (result._replace
            # without namedtuple's Python-level call)
            fields = (*result[:_HAND], None, None, *result[_STATE + 1 : _TAIL], tail, hand_rows, *result[_ROWS + 1 :])
            items.append(_new_tuple(HandResult, fields))
        except Exception as exc:  # noqa: BLE001 - a bug in hhtool must not stop the run (HH099)
            items.append(
                _with_outputs(
                    internal_error(block.file, block.line, block.column, *site_and_id(block), hand_failure(exc)),
                    want,
                    rows,
                )
            )


def fallback_items(task: Task, message: str, want: str) -> list:
    """When a task's worker died or failed: split its pieces here (no parsing) and report every hand
    as unparsed with HH099 at its own file and line, so that no hand read goes unaccounted for."""
    items: list = []
    rows = Rows(_COLUMNS) if want in (WANT_ROWS, WANT_PARTS) else None  # (in the parent: rows, not parts)
    for piece in task.pieces:
        for block in read_piece(piece):
            if isinstance(block, Finding):
                items.append(block)
            elif block.dialect is None:
                items.append(stray_text(block))
            else:
                site, hand_id = site_and_id(block)
                record = internal_error(block.file, block.line, block.column, site, hand_id, message)
                items.append(_with_outputs(record, want, rows))
    return _as_batch(items, rows)


def _with_outputs(record: HandResult, want: str, rows: Rows | None) -> HandResult:
    if rows is not None:
        record = record._replace(rows=_add_rows(rows, record))
    if want == WANT_JSON:
        record = record._replace(tail=_EMPTY_TAIL)
    return record


def _add_rows(rows: Rows, result) -> tuple[int, ...]:
    """Add a hand's rows to the task's buffers, all or none and checked against the columns' widths
    (so that the task's Arrow conversion cannot fail on one hand); how many rows it added to each table."""
    return rows.add_hand(result)
