"""Write hands to the Parquet dataset: row groups as it goes, day partitions, all or nothing per batch.

A run holds the dataset's write lock from start to end (one writer per dataset, see `store`), and
writes its files under a hidden `.tmp-<run>` folder, outside the table folders readers list; they
are published as one new snapshot of every table at once, when the run has finished, or (export,
`batch_hands`) each time a batch of that many hands is complete at the end of an input file: an
interrupted run keeps the batches it committed, and the batch it was writing is invisible (the
next run deletes what it left). Hands already in the dataset (by `hand_uid`) are skipped:
re-running adds nothing, new files add only their hands, and a hand met twice is stored once.
Each committed file's content digest (SHA-256) is recorded in the run's manifest entry, so that
a later export skips the same content without reading it (`unread_paths`).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import time
import uuid
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import overload

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from hhtool.codes import HH004, HH413
from hhtool.engine.memory import trim
from hhtool.export.rows import (
    HANDS_ERRORS,
    HANDS_STATUS,
    HANDS_WARNINGS,
    Rows,
    canonical_path,
    file_key,
    finding_row,
    hand_uid,
    severity_counts,
)
from hhtool.export.schema import COLUMNS, PLAIN_SCHEMAS, SCHEMA_VERSION, SCHEMAS, TABLES
from hhtool.export.store import Snapshot, Store
from hhtool.findings import Finding
from hhtool.io.paths import display_name
from hhtool.io.sources import STDIN, expand_paths
from hhtool.model.uidtable import UidTable
from hhtool.validate import HandResult, hand_failure, internal_error

ALL_TABLES = range(len(TABLES))
WORKERS = "workers"  # under a run's staging folder: the Parquet parts workers write, one folder per task
FLUSH_ROWS = 50_000  # rows of the largest table before a row group is written (the parent holds them: ~9 MB)
MAX_OPEN_FILES = 512  # (table, day) files open at once; more days than this start new part files
# Parquet dictionary pages for the categorical columns only: on the others (hand_uid, player, money)
# the writer built a dictionary, found it too large and fell back, which cost 25% of a write and
# made the files 10% larger.
DICTIONARY_COLUMNS = {table: [f.name for f in SCHEMAS[table] if pa.types.is_dictionary(f.type)] for table in TABLES}


def new_run_id() -> str:
    """A run's id (store.RUN_PATTERN): its start time, then 8 random hex digits."""
    return f"{time.strftime('%Y%m%dT%H%M%S')}-{uuid.uuid4().hex[:8]}"


@dataclass(frozen=True, slots=True)
class TaskParts:
    """Where a worker wrote a task's rows as Parquet parts (`write_task_parts`): what its records carry
    instead of Arrow tables, so that only these few bytes are pickled back to the parent."""

    index: int  # the task's index: the part files sort in input order by it
    folder: str  # <staging>/workers/<index>: one file per table and day (task_part), moved to <table>/date=<day>/<name>
    name: str
    runs: tuple[tuple[tuple[str, int], ...], ...]  # per table, (day, rows) of each run of one day, in row order
    hands: int  # hand records of the task: the parent has met them all when it has counted this many


def write_task_parts(where: tuple[str, str], index: int, batch: tuple[pa.Table, ...], hands: int) -> TaskParts:
    """A worker's task rows (one plain Arrow table per table) as Parquet files, one per table and day,
    encoded exactly as the parent's `flush` encodes them (`by_day`, the same writer options), in a
    folder of the task's own under `where` = (the run's workers folder, the run id)."""
    root, run = where
    folder = Path(root) / f"{index:06d}"
    shutil.rmtree(folder, ignore_errors=True)  # an earlier try of a task run again
    name = f"part-{run}-{index:06d}w.parquet"  # after the parent's files of the rows before it (see _writer)
    folder.mkdir(parents=True, exist_ok=True)
    runs = []
    for t, table in enumerate(TABLES):
        whole = batch[t]
        runs.append(tuple((day, length) for day, _start, length in _runs(whole.column("date"))))
        for day, part in by_day(table, whole):
            pq.write_table(
                part, task_part(folder, table, day), compression="zstd", use_dictionary=DICTIONARY_COLUMNS[table]
            )
            del part
    return TaskParts(index, str(folder), name, tuple(runs), hands)


def task_part(folder: str | Path, table: str, day: str) -> Path:
    """A worker's file of a task's rows of one table and day: all in the task's folder, no folder per table
    and day (making and deleting those took more of a task's CPU than writing some of its files)."""
    return Path(folder) / f"{table}.{day}.parquet"


def read_task_parts(parts: TaskParts, tables: set[int]) -> tuple[pa.Table | None, ...]:
    """Tables (indexes) of a task's rows read back from its parts as the worker held them (plain types,
    rows in order, the date column last; None for the others): for the tables in which the parent must
    change or leave out some of the task's rows."""
    batch: list[pa.Table | None] = []
    for t, table in enumerate(TABLES):
        if t not in tables:
            batch.append(None)
            continue
        plain = PLAIN_SCHEMAS[table]
        stored = plain.remove(plain.get_field_index("date"))
        days: dict[str, pa.Table] = {}
        at: dict[str, int] = {}
        pieces = []
        for day, length in parts.runs[t]:
            if day not in days:
                days[day] = pq.ParquetFile(task_part(parts.folder, table, day)).read().cast(stored)
                at[day] = 0
            rows = days[day].slice(at[day], length)
            at[day] += length
            pieces.append(rows.append_column(plain.field("date"), pa.array([day] * length, pa.string())))
        batch.append(pa.concat_tables(pieces).combine_chunks() if pieces else plain.empty_table())
    return tuple(batch)


@dataclass(slots=True)
class ExportStats:
    hands_read: int = 0
    hands_written: int = 0
    hands_skipped: int = 0  # already in the dataset, or met twice (with the hands of the files not read again)
    rows: dict[str, int] = field(default_factory=lambda: dict.fromkeys(TABLES, 0))
    files: int = 0  # Parquet files written
    files_unread: int = 0  # input files whose content the dataset holds already: not read
    batches: int = 0  # commits made (export in batches: those that are kept when the run is interrupted)
    committed_hands: int = 0  # hands written by those commits
    committed_inputs: int = 0  # input files whose hands are all in those commits
    last_input: str | None = None  # the last of them


class DatasetWriter:
    def __init__(self, out: str | os.PathLike, wait: float | None = None) -> None:
        """Lock the dataset (waiting up to `wait` seconds, None: until it is free; DatasetBusy
        then) and read the uids it holds: from here to commit or abort, no one else writes it."""
        self.out = Path(out)
        self.out.mkdir(parents=True, exist_ok=True)
        self.run = new_run_id()
        self.tmp = self.out / f".tmp-{self.run}"
        self.writers: dict[tuple[str, str], pq.ParquetWriter] = {}
        self.store = Store(self.out, wait)
        try:
            self.tmp.mkdir()
            self.known = existing_uids(self.store.snapshot)
            self.known_file_findings = existing_file_findings(self.store.snapshot)
        except BaseException:
            self.abort()
            raise
        self.rows = Rows({t: [name for name, _, _ in cols] for t, cols in COLUMNS.items()})
        self.segments: dict[str, list[pa.Table]] = {t: [] for t in TABLES}  # a parallel run's rows (add_record)
        # per table, what add_record holds before it becomes a segment: an open run of consecutive rows of
        # one worker batch ([batch table, begin, end]), or rows rebuilt here (tuples, converted together)
        self._open: list[list | None] = [None] * len(TABLES)
        self._loose: list[list[tuple]] = [[] for _ in TABLES]
        self._columns: tuple = (None, {})  # (batch, table index → its columns as lists): rows to rebuild
        self._filled = [0] * len(TABLES)  # rows buffered per table (add_record), open runs included
        self._run_parallel = False
        self.parts: dict[tuple[str, str], int] = {}
        self._folders: dict[tuple[str, str], Path] = {}  # (table, day) → its folder in the run's, made
        # workers that write their own parts (worker_parts): the task whose hand records are coming in,
        # its records to store here (hands kept, file-level findings) and whether it needs the parent
        self._task: TaskParts | None = None
        self._task_items: list[tuple[HandResult | Finding, str]] = []
        self._task_seen = 0
        self._task_dirty: set[int] = set()  # its tables whose rows the parent must change or leave out
        self._group: str | None = None  # name of the parent's current files in that mode (see _writer)
        self._next_task = 0
        self.stats = ExportStats()
        # content digests: those the dataset holds (digest → hands), and the input files of this run, in
        # input order (display name → its index, digest, canonical path); the files before `_at` are complete
        self.stored_digests = stored_digests(self.store.snapshot)
        self._inputs: dict[str, tuple[int, str, str]] = {}
        self._input_names: list[str] = []
        self._file_hands: dict[str, int] = {}
        self._failed: set[str] = set()  # input files with a read failure (HH004): never recorded as stored
        self._at = 0
        self._recorded = 0  # inputs before this index are in a committed batch
        self.batch_hands: int | None = None  # set by export: commit every this many hands, at a file's end
        self._batch_start = (0, dict.fromkeys(TABLES, 0))  # hands_written and rows at the last commit

    # -- files already stored ------------------------------------------------------------------
    def unread_paths(self, paths: Iterable[str | os.PathLike]) -> list:
        """The paths to read: every input path, less the plain files whose content (SHA-256) a committed
        batch holds already (counted as unread, their hands as skipped); the others' digests are kept,
        to be recorded with the batch that commits their hands. A file is hashed before it is read: a
        file that grows meanwhile (a client still writing it) is recorded by the content it had then,
        all of which was read. Zip members and standard input are always read."""
        todo: list = []
        for path, problem in expand_paths(paths):
            name = os.fspath(path)
            if problem is None and name != STDIN and os.path.isfile(name):  # (not a zip member: no such path)
                digest = file_digest(name)
                if digest is not None:
                    if digest in self.stored_digests:
                        self.stats.files_unread += 1
                        self.stats.hands_skipped += self.stored_digests[digest]
                        continue
                    shown = display_name(name)
                    if shown not in self._inputs:  # (a file named twice is read twice, recorded once)
                        self._inputs[shown] = (len(self._input_names), digest, canonical_path(shown))
                        self._input_names.append(shown)
            todo.append(path)
        return todo

    def _reached(self, file: str) -> None:
        """A record of `file` came in (records come in input order): the input files before it are complete."""
        entry = self._inputs.get(file)
        if entry is not None and entry[0] > self._at:
            self._at = entry[0]

    def _boundary(self, file: str) -> None:
        """Before a record of `file`: commit the batch when it holds `batch_hands` hands and `file` starts
        a new input file (a file's hands are never split over two commits), with no worker task half in."""
        if (
            self.batch_hands is not None
            and self._task is None
            and self.stats.hands_written - self._batch_start[0] >= self.batch_hands
        ):
            entry = self._inputs.get(file)
            if entry is not None and entry[0] > self._at:
                self._reached(file)
                self.commit_batch()

    # -- input -----------------------------------------------------------------------------
    def add_record(self, record) -> None:
        """One hand as a parallel worker built it (a HandResult whose rows are slices of its task's
        Arrow batch), or a file-level Finding. Hands stored as built are appended in runs (slices).

        When the parent's cross-hand checks changed the hand's findings, its hands row (status,
        errors, warnings) and its findings rows are rebuilt here, and an HH413 hand gets its
        file:line uid in every row; its other rows stay slices. Rebuilt rows are gathered per table
        and converted together (a hand at a time, with tiny Arrow tables for each, made a parallel
        export 7x slower and 3x larger when most hands had a cross-hand finding). Row groups fall
        where `add` would put them (the same files).
        """
        self._run_parallel = True
        self._boundary(record.file)
        self._count(record)
        if isinstance(record, Finding):
            uid = file_key(record.file, record.line)
            if (uid, record.code) not in self.known_file_findings:
                self.known_file_findings.add((uid, record.code))
                if self._task is not None:  # between the hands of a task whose parts a worker wrote
                    self._task_items.append((record, uid))
                    self._task_dirty.add(len(TABLES) - 1)
                else:
                    self._put(len(TABLES) - 1, [finding_row(uid, record, "unknown")])  # gathered, as rebuilt rows
            return
        self.stats.hands_read += 1
        uid = hand_uid(record)
        skipped = record.status == "duplicate" or self._met(uid, record.ident is not None and uid == record.ident.uid)
        parts = record.rows[0] if record.rows is not None and isinstance(record.rows[0], TaskParts) else None
        if parts is not None:
            self._task_hand(parts, record, uid, skipped)
            return
        if skipped:
            self.stats.hands_skipped += 1  # (its rows are left out: the next hand's rows start a new run)
            return
        self._store(record, uid)
        self.stats.hands_written += 1
        if max(self._filled) >= FLUSH_ROWS:
            self.flush()

    def _store(self, record: HandResult, uid: str, tables: range | set[int] = ALL_TABLES) -> None:
        """A kept hand's rows (of `tables`) from its worker's batch: slices, or rebuilt here when the
        cross-hand checks changed its findings."""
        batch, starts, counts = _batch_rows(record)
        last = len(TABLES) - 1
        if record.crossed:
            hands_row = self._rebuilt(batch, 0, starts[0], 1)[0]
            self._put(0, [_patched_hands_row(hands_row, uid, record)])
            same_uid = hands_row[0] == uid
            for t in range(1, last):
                if t not in tables:
                    continue
                if same_uid:
                    self._take(t, batch, starts[t], counts[t])
                else:
                    self._put(t, [(uid, *row[1:]) for row in self._rebuilt(batch, t, starts[t], counts[t])])
            self._put(last, [finding_row(uid, f, hands_row[-1]) for f in record.findings])
        else:
            for t in tables:
                self._take(t, batch, starts[t], counts[t])

    # -- workers that write their own parts ----------------------------------------------------
    def worker_parts(self) -> tuple[str, str]:
        """Where the workers of this run write their tasks' Parquet parts (write_task_parts): from here
        on, the parent writes only the rows it must change, and names its files to sort in input order
        among the workers' (see _writer)."""
        self._group = self._group or f"{self._next_task:06d}"
        return str(self.tmp / WORKERS), self.run

    def _task_hand(self, parts: TaskParts, record: HandResult, uid: str, skipped: bool) -> None:
        """A hand of a task whose rows its worker wrote: the files of a table are taken as they are when
        the parent leaves out or changes none of the task's rows in it (all of them, in the common
        case); once the task's last hand is in, the other tables' rows are read back and stored here
        as `add_record` stores a batch's. A hand left out touches every table it has rows in; one the
        cross-hand checks changed, its hands and findings rows (every table when it gets a file:line
        uid, HH413)."""
        if self._task is None:
            self._task, self._task_items, self._task_seen, self._task_dirty = parts, [], 0, set()
        self._task_seen += 1
        counts = _batch_rows(record)[2]
        if skipped:
            self.stats.hands_skipped += 1
            self._task_dirty.update(t for t, count in enumerate(counts) if count)
        else:
            self.stats.hands_written += 1
            self._task_items.append((record, uid))
            if record.crossed:
                if any(f.code == HH413 for f in record.findings):
                    self._task_dirty.update(t for t, count in enumerate(counts) if count)
                self._task_dirty.update((0, len(TABLES) - 1))
        if self._task_seen == parts.hands:
            self._finish_task()

    def _finish_task(self) -> None:
        parts, items, dirty = self._task, self._task_items, self._task_dirty
        self._task, self._task_items, self._task_dirty = None, [], set()
        if parts is None:
            return
        if dirty and items:
            batch = read_task_parts(parts, dirty)
            for item, uid in items:
                if isinstance(item, Finding):
                    self._put(len(TABLES) - 1, [finding_row(uid, item, "unknown")])
                else:
                    self._store(item._replace(rows=(batch, *_batch_rows(item)[1:])), uid, dirty)
                if max(self._filled) >= FLUSH_ROWS:
                    self.flush()
            del batch
        if any(runs for t, runs in enumerate(parts.runs) if t not in dirty):
            self._accept(parts, dirty)
        shutil.rmtree(parts.folder, ignore_errors=True)

    def _accept(self, parts: TaskParts, dirty: set[int]) -> None:
        """A task's files of the tables not in `dirty` into the run as they are, after every row the
        parent holds from before them (flushed, and its files closed: the parent's next files are named
        after this task)."""
        self.flush()
        self._close_writers()
        self._next_task = parts.index + 1
        self._group = f"{self._next_task:06d}"
        for t, table in enumerate(TABLES):
            if t in dirty:
                continue
            for day in dict.fromkeys(day for day, _ in parts.runs[t]):
                os.replace(task_part(parts.folder, table, day), self._folder(table, day) / parts.name)
                self.stats.files += 1
            self.stats.rows[table] += sum(length for _, length in parts.runs[t])

    def _append_rows(self, table: str, rows: list[tuple]) -> None:
        if rows:
            columns = dict(zip(PLAIN_SCHEMAS[table].names, map(list, zip(*rows))))
            self.segments[table].append(pa.Table.from_pydict(columns, schema=PLAIN_SCHEMAS[table]))

    def _take(self, t: int, batch: tuple, start: int, count: int) -> None:
        """Rows [start, start + count) of table t of a worker's batch: the open run grows when they follow it."""
        if not count:
            return
        run = self._open[t]
        if run is not None and run[0] is batch[t] and run[2] == start:
            run[2] += count
        else:
            self._close(t)
            self._open[t] = [batch[t], start, start + count]
        self._filled[t] += count

    def _put(self, t: int, rows: list[tuple]) -> None:
        """Rows rebuilt here for table t, after what is buffered for it."""
        if not rows:
            return
        if self._open[t] is not None:
            self._close(t)
        self._loose[t].extend(rows)
        self._filled[t] += len(rows)

    def _rebuilt(self, batch: tuple, t: int, start: int, count: int) -> list[tuple]:
        """Rows of table t of a batch as tuples, from its columns converted once per batch and table
        (timestamps as their int64 microseconds, which Arrow reads back as the same timestamps:
        tz-aware datetimes took 2/3 of the conversion)."""
        if self._columns[0] is not batch:
            self._columns = (batch, {})
        columns = self._columns[1].get(t)
        if columns is None:
            columns = self._columns[1][t] = [
                (column.cast(pa.int64()) if pa.types.is_timestamp(column.type) else column).to_pylist()
                for column in batch[t].columns
            ]
        return [tuple(column[i] for column in columns) for i in range(start, start + count)]

    def _close(self, t: int) -> None:
        table = TABLES[t]
        run = self._open[t]
        if run is not None:
            part, begin, end = run
            self.segments[table].append(part.slice(begin, end - begin))
            self._open[t] = None
        if self._loose[t]:
            self._append_rows(table, self._loose[t])
            self._loose[t] = []

    def _close_run(self) -> None:
        """Everything add_record holds becomes segments, in order (before a flush)."""
        for t in range(len(TABLES)):
            self._close(t)
        self._columns = (None, {})

    @overload
    def add(self, item: HandResult) -> HandResult: ...
    @overload
    def add(self, item: Finding) -> Finding: ...
    @overload
    def add(self, item: HandResult | Finding) -> HandResult | Finding: ...

    def add(self, item: HandResult | Finding) -> HandResult | Finding:
        """One hand (or file-level finding) of a sequential run; returns it as stored (a hand whose rows
        could not be built is stored as unparsed with HH099, as a parallel worker reports it)."""
        self._boundary(item.file)
        self._count(item)
        if isinstance(item, Finding):  # a file-level problem: kept in `findings`, keyed by file and line
            uid = file_key(item.file, item.line)
            if (uid, item.code) not in self.known_file_findings:
                self.known_file_findings.add((uid, item.code))
                self.rows.add_finding(uid, item, "unknown")
            return item
        self.stats.hands_read += 1
        uid = hand_uid(item)
        if item.status == "duplicate" or self._met(uid, item.hand is not None and uid == item.hand.uid):
            self.stats.hands_skipped += 1
            return item
        try:
            self.rows.add_hand(item)
        except Exception as exc:  # noqa: BLE001 - as a parallel worker does: that hand is HH099, the run goes on
            column = item.hand.source.column if item.hand is not None else 1
            item = internal_error(item.file, item.line, column, item.site, item.hand_id, hand_failure(exc))
            if self._met(hand_uid(item), False):
                self.stats.hands_skipped += 1
                return item
            self.rows.add_hand(item)
        self.stats.hands_written += 1
        if self.rows.largest() >= FLUSH_ROWS:
            self.flush()
        return item

    def _count(self, item: HandResult | Finding) -> None:
        """Per input file: its hands (recorded with its digest), and whether it could not be read."""
        self._reached(item.file)
        if item.file in self._inputs:
            if isinstance(item, Finding):
                if item.code == HH004:
                    self._failed.add(item.file)
            else:
                self._file_hands[item.file] = self._file_hands.get(item.file, 0) + 1

    def _met(self, uid: str, checked: bool) -> bool:
        """Whether a hand with this uid is already stored, or was met before in this run.

        `checked`: the uid is the hand's own site:id, which the cross-hand duplicate check has seen
        (CrossHand.seen) and found new in this run (met again, a hand is a duplicate, HH414, or gets
        a file:line uid, HH413): only the dataset's own uids need a look. Those uids are not stored
        here a second time (24 bytes a hand, ~30 MB of the parent's peak on 1M hands). Other uids
        (unparsed and unsupported hands, HH413) carry their file and line, and are remembered.
        """
        if checked:
            return len(self.known) > 0 and uid in self.known  # (nothing to hash when nothing is stored yet)
        return self.known.setdefault(uid) is not None

    # -- output ----------------------------------------------------------------------------
    def flush(self) -> None:
        """Write the buffered rows as one row group per table and day."""
        self._close_run()
        rows = list(self.rows.take_tables()) if self.rows.largest() else None  # a sequential run's
        for t, table in enumerate(TABLES):
            if self.segments[table]:  # the slices as they are: one day's rows are copied at a time
                whole = pa.concat_tables(self.segments[table])
                self.segments[table] = []
            elif rows is not None and rows[t].num_rows:
                whole, rows[t] = rows[t], None
            else:
                continue
            for day, batch in by_day(table, whole):
                self._writer(table, day).write_table(batch)
                self.stats.rows[table] += batch.num_rows
                del batch
            del whole
        self._filled = [0] * len(TABLES)
        if self._run_parallel:
            trim()

    def _writer(self, table: str, day: str) -> pq.ParquetWriter:
        key = (table, day)
        writer = self.writers.get(key)
        if writer is None:
            if len(self.writers) >= MAX_OPEN_FILES:
                self.writers.pop(next(iter(self.writers))).close()
            part = self.parts.get(key, 0)
            self.parts[key] = part + 1
            folder = self._folder(table, day)
            # beside workers' parts (`<task>w`), the parent's files are named after the first task that
            # follows the last one taken as is: a day's files sort in the input order of their rows
            # (numbers zero-padded: the files of a day sort in order past ten of them, as batch commits make)
            name = f"{part:04d}" if self._group is None else self._group + (f"a{part:04d}" if part else "")
            writer = pq.ParquetWriter(
                folder / f"part-{self.run}-{name}.parquet",
                SCHEMAS[table],
                compression="zstd",
                use_dictionary=DICTIONARY_COLUMNS[table],
            )
            self.writers[key] = writer
            self.stats.files += 1
        return writer

    def _folder(self, table: str, day: str) -> Path:
        """The run's folder of a table's day, made when first needed."""
        folder = self._folders.get((table, day))
        if folder is None:
            folder = self._folders[(table, day)] = self.tmp / table / f"date={day}"
            folder.mkdir(parents=True, exist_ok=True)
        return folder

    def _close_writers(self, keep_names: bool = False) -> None:
        """Close the open files; `keep_names`: the part numbers go on (a batch commit: the next files
        of the run must not take the names of those just published)."""
        for writer in self.writers.values():
            writer.close()
        self.writers.clear()
        if not keep_names:
            self.parts.clear()

    def _record(self, complete: int) -> dict:
        """The manifest entry of a commit: the hands and rows since the last one, and the input files
        (digest, canonical path, hands) before index `complete` that it completes."""
        hands, rows = self._batch_start
        files = []
        for name in self._input_names[self._recorded : complete]:
            if name not in self._failed:
                _index, digest, canonical = self._inputs[name]
                files.append([digest, canonical, self._file_hands.get(name, 0)])
        record = {
            "run": self.run,
            "schema_version": SCHEMA_VERSION,
            "hands_written": self.stats.hands_written - hands,
            "rows": {t: n - rows[t] for t, n in self.stats.rows.items()},
        }
        if files:
            record["files"] = files
        if self.batch_hands is not None:
            record["batch"] = self.stats.batches + 1
        return record

    def _committed(self, complete: int) -> None:
        self.stats.batches += 1
        self.stats.committed_hands = self.stats.hands_written
        self.stats.committed_inputs = complete
        if complete:
            self.stats.last_input = self._input_names[complete - 1]
        self._recorded = complete
        self._batch_start = (self.stats.hands_written, dict(self.stats.rows))

    def commit_batch(self) -> None:
        """Publish what the run has written so far as one snapshot, and go on with the lock held (the
        input files before the current one are complete: their digests are recorded with it)."""
        self.flush()
        self._close_writers(keep_names=True)
        self.store.commit(self.tmp, self.run, self._record(self._at))
        self._committed(self._at)
        for table in TABLES:  # (the workers' folder stays: they may be writing the next tasks' parts)
            shutil.rmtree(self.tmp / table, ignore_errors=True)
        self._folders.clear()

    def commit(self) -> ExportStats:
        """Flush, close, and publish the run's files with the dataset's as one new snapshot (the
        run recorded in its manifest); the lock is released either way.

        Interrupted or killed before the snapshot is published (one rename), nothing of the run since
        its last batch commit is visible to any reader, and the next export deletes what it left."""
        try:
            self._task_dirty = set(range(len(TABLES)))  # a task whose last hands never came (none in a whole run)
            self._finish_task()
            self.flush()
            self._close_writers()
            shutil.rmtree(self.tmp / WORKERS, ignore_errors=True)  # what workers that died left
            self.store.commit(self.tmp, self.run, self._record(len(self._input_names)))
            self._committed(len(self._input_names))
        finally:
            shutil.rmtree(self.tmp, ignore_errors=True)
            self.store.close()
        return self.stats

    def abort(self) -> None:
        """Drop the run's files and release the lock (Ctrl-C, an error)."""
        for writer in self.writers.values():
            try:
                writer.close()
            except Exception:  # noqa: BLE001, S110 - best effort on the way out
                pass
        shutil.rmtree(self.tmp, ignore_errors=True)
        self.store.close()


def by_day(table: str, whole: pa.Table) -> Iterator[tuple[str, pa.Table]]:
    """A table's buffered rows (plain types, in chunks or not) as one Arrow table per day (one chunk,
    rows in their order), days in order of first appearance, cast per day to the schema
    (dictionaries are encoded per day, as if each day's rows were converted on their own).

    One day at a time, for the caller to write before the next is built: the buffered rows are
    never copied whole (a flush's transient memory is one day's rows, not twice the buffer). A day
    is gathered from its runs of consecutive rows (zero-copy slices): hands mostly come in time
    order, so a day is one run or a few, and the cost is one pass over the dates, not one per day.
    """
    target = SCHEMAS[table]
    rows = whole.drop_columns(["date"])
    days: dict[str, list[tuple[int, int]]] = {}
    for day, start, length in _runs(whole.column("date")):
        days.setdefault(day, []).append((start, length))
    for day, runs in days.items():
        parts = [rows.slice(start, length) for start, length in runs]
        part = (parts[0] if len(parts) == 1 else pa.concat_tables(parts)).combine_chunks().cast(target)
        yield day, part
        del part, parts


def _runs(dates: pa.ChunkedArray) -> Iterator[tuple[str, int, int]]:
    """(day, first row, rows) of each run of equal consecutive dates."""
    count = len(dates)
    if count == 0:
        return
    flat = dates.combine_chunks() if dates.num_chunks != 1 else dates.chunk(0)
    changes = pc.indices_nonzero(pc.not_equal(flat.slice(1), flat.slice(0, count - 1))).to_pylist()
    starts = [0] + [i + 1 for i in changes]
    ends = starts[1:] + [count]
    values = pc.take(flat, pa.array(starts, pa.int64())).to_pylist()
    for day, start, end in zip(values, starts, ends):
        yield day, start, end - start


def _batch_rows(record: HandResult) -> tuple:
    """A worker-built hand's (batch, first row per table, rows per table): every hand the parallel
    writer stores has them (its worker was asked for rows)."""
    if record.rows is None:
        raise ValueError(f"hand {record.hand_id} at {record.file}:{record.line} came without its rows")
    return record.rows


def _patched_hands_row(row: tuple, uid: str, record) -> tuple:
    """A hand's hands row with its uid, status, errors and warnings from the record's final findings."""
    patched = list(row)
    patched[0] = uid
    patched[HANDS_STATUS] = record.status
    patched[HANDS_ERRORS], patched[HANDS_WARNINGS] = severity_counts(record.findings)
    return tuple(patched)


def file_digest(path: str) -> str | None:
    """A file's SHA-256 (hex); None when it cannot be read (the reader reports that)."""
    try:
        with open(path, "rb") as handle:
            return hashlib.file_digest(handle, "sha256").hexdigest()
    except OSError:
        return None


def stored_digests(snapshot: Snapshot) -> dict[str, int]:
    """The content digests of the input files the dataset's commits hold whole (digest → hands), as
    their manifest entries record them. A `remove` (upkeep) may have taken any file's hands out: the
    digests recorded before it no longer say what is stored, and are dropped."""
    digests: dict[str, int] = {}
    for run in snapshot.manifest.runs:
        if not isinstance(run, dict):
            continue
        if run.get("kind") == "remove":
            digests.clear()
        for entry in run.get("files", ()):
            if isinstance(entry, list) and len(entry) == 3 and isinstance(entry[0], str):
                digests[entry[0]] = int(entry[2]) if isinstance(entry[2], int) else 0
    return digests


def existing_uids(snapshot: Snapshot) -> UidTable:
    """The uids already stored, in a compact table (a run over a large dataset must not hold them as strings).
    Only hhtool's own files are read: a foreign file in a table folder is neither read nor deleted."""
    known = UidTable()
    files = snapshot.files("hands")
    if not files:
        return known
    import pyarrow.dataset as pads  # here, not at the top: it imports pandas (~50 MB in every worker)

    dataset = pads.dataset([str(p) for p in files], format="parquet")
    for batch in dataset.to_batches(columns=["hand_uid"]):
        for uid in batch.column(0).to_pylist():
            known.add(uid)
            if "@" in uid:
                known.add(canonical_uid(uid))
    return known


def canonical_uid(uid: str) -> str:
    """A stored `…@file:line` uid with its file's canonical path. hhtool before issue #12 kept
    the path as spelled: a re-export through another spelling must not store those hands again,
    so the canonical form counts as stored too (a relative path taken from the current folder,
    as it most likely was; when it was not, the alias matches nothing)."""
    head, _, where = uid.partition("@")
    file, _, line = where.rpartition(":")
    return f"{head}@{canonical_path(file)}:{line}" if file and line.isdigit() else uid


def existing_file_findings(snapshot: Snapshot) -> set[tuple[str, str]]:
    """(key, code) of the file-level findings already stored, so a re-run does not repeat them."""
    files = [p for p in snapshot.files("findings") if p.parent.name == "date=unknown"]
    if not files:
        return set()
    import pyarrow.dataset as pads

    table = pads.dataset([str(p) for p in files], format="parquet").to_table(columns=["hand_uid", "code"])
    pairs = zip(table.column("hand_uid").to_pylist(), table.column("code").to_pylist())
    return {(key, str(code)) for uid, code in pairs if uid.startswith("@") for key in {uid, canonical_uid(uid)}}
