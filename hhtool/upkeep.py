"""Dataset upkeep (`hhtool dataset …`): what a dataset holds, and the changes made to it after the fact.

- `info`: hands by status, source files, runs, files and bytes per table, schema versions, days.
- `compact`: every run and every `watch` poll adds one file per table and day; compaction merges
  the files of each table and day into one (the day partitions are the dataset's contract, so one
  file per table and day is as few as it gets). Same rows, same order, fewer files.
- `remove`: the hands of a source file or hand ids, from every table at once.
- `revalidate`: after a rules change, the stored hands judged again from their recorded source
  (the `file` and `line` columns): `status`, `errors`, `warnings` and their `findings` rows are
  replaced. The tables do not hold a hand's text (nor every line the grammar reads, such as the
  summary's claims), so a hand whose source is gone keeps its verdict and is counted as such.

Every change goes through the export's store (`hhtool.export.store`): it holds the dataset's write
lock, writes new files in a staging folder, and publishes them, without the files they replace, as
one new snapshot (one rename): a reader sees the dataset before or after, never half; killed
before that, the next writer deletes what it left. Files hhtool did not write are kept.
"""

from __future__ import annotations

import os
import re
import shutil
from collections import Counter
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from hhtool.codes import HH004
from hhtool.dataset import source_path
from hhtool.export.rows import canonical_path, finding_row, hand_uid, severity_counts
from hhtool.export.schema import PLAIN_SCHEMAS, SCHEMA_VERSION, SCHEMAS, TABLES
from hhtool.export.store import EMPTY_DAY, Snapshot, Store, current_snapshot
from hhtool.export.writer import DICTIONARY_COLUMNS, by_day, new_run_id
from hhtool.findings import Finding
from hhtool.io.sources import STDIN_NAME
from hhtool.rules.ruleset import RuleSet

_NUMBERED = re.compile(r"part-(.+)-(\d+)\.parquet")


class NotADataset(OSError):
    """The folder holds no hhtool dataset (a one-line message for the CLI)."""


def _snapshot(root: str | os.PathLike) -> Snapshot:
    snapshot = current_snapshot(root)
    if snapshot is None:
        if (Path(root) / "hands").is_dir():
            raise NotADataset(
                f"{root} is in the layout of an older hhtool: run 'hhtool dataset compact' (or any "
                f"export) once to convert it"
            )
        raise NotADataset(f"{root} is not an hhtool dataset (no hands/ folder); make one with 'hhtool export'")
    return snapshot


def _in_order(rels: Iterable[str]) -> list[str]:
    """A table's files in the order their rows were written: by day, run (its start time), part number."""

    def key(rel: str) -> tuple:
        match = _NUMBERED.fullmatch(rel.rsplit("/", 1)[-1])
        return (_day(rel), match.group(1), int(match.group(2))) if match else (_day(rel), rel, -1)

    return sorted(rels, key=key)


def _day(rel: str) -> str:
    """The day of a file from its path in a table folder (`date=2020-03-14/part-….parquet`)."""
    head = rel.split("/", 1)[0]
    return head[len("date=") :] if head.startswith("date=") else EMPTY_DAY


# -- info ---------------------------------------------------------------------------------------------
def crowded_days(root: str | os.PathLike, limit: int) -> set[str]:
    """The days whose `hands` files number `limit` or more (each commit adds one to each day it writes)."""
    snapshot = current_snapshot(root)
    counts = Counter(_day(rel) for rel in snapshot.manifest.tables["hands"]) if snapshot is not None else Counter()
    return {day for day, n in counts.items() if n >= limit}


def info(root: str | os.PathLike) -> dict:
    """What the dataset holds, from its current snapshot (read only, no lock)."""
    snapshot = _snapshot(root)
    tables = {}
    versions: Counter = Counter()
    for table in TABLES:
        files = snapshot.files(table)
        rows = size = 0
        for path in files:
            meta = pq.read_metadata(path)
            rows += meta.num_rows
            size += path.stat().st_size
            version = (meta.metadata or {}).get(b"schema_version", b"?").decode("ascii", "replace")
            versions[version] += 1
        tables[table] = {"files": len(files), "rows": rows, "bytes": size}
    status: Counter = Counter()
    sources: set[str] = set()
    days = set()
    for batch in _batches(snapshot, "hands", ["status", "file"]):
        status.update(batch.column("status").cast(pa.string()).to_pylist())
        sources.update(batch.column("file").to_pylist())
    for rel in snapshot.manifest.tables["hands"]:
        if rel != snapshot.manifest.empty.get("hands"):
            days.add(_day(rel))
    dated = sorted(d for d in days if d != EMPTY_DAY)
    runs = snapshot.manifest.runs
    kinds = Counter(str(r.get("kind")) for r in runs if isinstance(r, dict) and r.get("kind"))
    return {
        "path": str(root),
        "hands": tables["hands"]["rows"],
        "by_status": dict(sorted(status.items())),
        "source_files": len(sources),
        "runs": len(runs) - sum(kinds.values()),  # export runs and watch commits
        "changes": dict(sorted(kinds.items())),  # upkeep: compact, remove, revalidate
        "last_run": runs[-1].get("run") if runs else None,
        "files": sum(t["files"] for t in tables.values()),
        "bytes": sum(t["bytes"] for t in tables.values()),
        "tables": tables,
        "schema_version": SCHEMA_VERSION,
        "file_schema_versions": dict(sorted(versions.items())),
        "first_day": dated[0] if dated else None,
        "last_day": dated[-1] if dated else None,
        "days": len(dated),
        "undated": EMPTY_DAY in days,
    }


def _batches(snapshot: Snapshot, table: str, columns: list[str]) -> Iterator[pa.RecordBatch]:
    for path in snapshot.files(table):
        yield from pq.ParquetFile(path).iter_batches(columns=columns)


# -- the writer's side ----------------------------------------------------------------------------
class _Change:
    """A change to the dataset: the lock from start to commit, new files in a staging folder, and the
    files they replace; publish() makes one snapshot of it all, or nothing when it is dropped."""

    def __init__(self, root: str | os.PathLike, wait: float | None) -> None:
        if not (Path(root) / "hands").exists() and not (Path(root) / ".hhtool").is_dir():
            raise NotADataset(f"{root} is not an hhtool dataset (no hands/ folder); make one with 'hhtool export'")
        self.store = Store(root, wait)
        self.run = new_run_id()
        self.staged = Path(root) / f".tmp-{self.run}"
        self.remove: dict[str, set[str]] = {t: set() for t in TABLES}
        self.parts: Counter = Counter()
        self.written = 0
        try:
            self.staged.mkdir()
        except BaseException:
            self.store.close()
            raise

    @property
    def snapshot(self) -> Snapshot:
        return self.store.snapshot

    def new_file(self, table: str, day: str) -> pq.ParquetWriter:
        n = self.parts[(table, day)]
        self.parts[(table, day)] += 1
        folder = self.staged / table / f"date={day}"
        folder.mkdir(parents=True, exist_ok=True)
        self.written += 1
        return pq.ParquetWriter(
            folder / f"part-{self.run}-{n}.parquet",
            SCHEMAS[table],
            compression="zstd",
            use_dictionary=DICTIONARY_COLUMNS[table],
        )

    def publish(self, record: dict) -> None:
        self.store.commit(
            self.staged, self.run, {"run": self.run, "schema_version": SCHEMA_VERSION, **record}, self.remove
        )

    def close(self) -> None:
        shutil.rmtree(self.staged, ignore_errors=True)
        self.store.close()


@contextmanager
def _change(root: str | os.PathLike, wait: float | None) -> Iterator[_Change]:
    change = _Change(root, wait)
    try:
        yield change
    finally:
        change.close()


def _rewrite(change: _Change, table: str, rel: str, keep) -> int:
    """Write file `rel` of `table` again with the rows `keep(batch)` gives (a filtered or patched batch),
    one row group at a time; returns the rows dropped. The old file leaves the next snapshot."""
    source = change.snapshot.folder / table / rel
    writer = None
    dropped = 0
    try:
        for batch in pq.ParquetFile(source).iter_batches():
            kept = keep(batch)
            dropped += batch.num_rows - kept.num_rows
            if kept.num_rows:
                writer = writer or change.new_file(table, _day(rel))
                writer.write_table(pa.Table.from_batches([kept]).cast(SCHEMAS[table]))
    finally:
        if writer is not None:
            writer.close()
    change.remove[table].add(rel)
    return dropped


def _files_holding(change: _Change, table: str, uids: pa.Array) -> list[str]:
    """The hhtool files of `table` with a row of one of `uids`."""
    out = []
    empty = change.snapshot.manifest.empty.get(table)
    for rel in sorted(change.snapshot.manifest.tables[table]):
        if rel == empty:
            continue
        column = pq.read_table(change.snapshot.folder / table / rel, columns=["hand_uid"]).column(0)
        if pc.any(pc.is_in(column, value_set=uids)).as_py():
            out.append(rel)
    return out


# -- compact --------------------------------------------------------------------------------------------
@dataclass(slots=True)
class CompactStats:
    files_before: int = 0
    files_after: int = 0
    rows: dict[str, int] = field(default_factory=lambda: dict.fromkeys(TABLES, 0))


def compact(root: str | os.PathLike, wait: float | None = None, days: set[str] | None = None) -> CompactStats:
    """Merge the files of each table and day (of `days` only, when given) into one; the same rows in
    the same order."""
    stats = CompactStats()
    with _change(root, wait) as change:
        manifest = change.snapshot.manifest
        for table in TABLES:
            groups: dict[str, list[str]] = {}
            for rel in _in_order(manifest.tables[table]):
                if days is None or _day(rel) in days:
                    groups.setdefault(_day(rel), []).append(rel)
            stats.files_before += sum(map(len, groups.values()))
            for day, rels in groups.items():
                if len(rels) == 1:
                    stats.files_after += 1
                    continue
                writer = None
                for rel in rels:
                    for batch in pq.ParquetFile(change.snapshot.folder / table / rel).iter_batches():
                        if batch.num_rows:
                            writer = writer or change.new_file(table, day)
                            writer.write_table(pa.Table.from_batches([batch]).cast(SCHEMAS[table]))
                            stats.rows[table] += batch.num_rows
                    change.remove[table].add(rel)
                if writer is not None:
                    writer.close()
                    stats.files_after += 1
        if change.written or any(change.remove.values()):
            change.publish({"kind": "compact", "files_before": stats.files_before, "files_after": stats.files_after})
        else:
            stats.files_after = stats.files_before
    return stats


# -- remove ----------------------------------------------------------------------------------------------
@dataclass(slots=True)
class RemoveStats:
    hands: int = 0
    rows: dict[str, int] = field(default_factory=lambda: dict.fromkeys(TABLES, 0))


def remove(
    root: str | os.PathLike, files: Iterable[str] = (), hands: Iterable[str] = (), wait: float | None = None
) -> RemoveStats:
    """Remove every hand read from one of `files` (as stored, or the same file by its canonical
    path), and every hand whose `hand_uid` or `hand_id` is one of `hands`, from all tables, with
    the file-level findings of those files."""
    files, hands = list(files), set(hands)
    wanted = set(files) | {canonical_path(f) for f in files}
    prefixes = tuple(f"@{canonical_path(f)}:" for f in files)
    stats = RemoveStats()
    with _change(root, wait) as change:
        uids: set[str] = set()
        for batch in _batches(change.snapshot, "hands", ["hand_uid", "hand_id", "file"]):
            for uid, hand_id, file in zip(*(batch.column(i).to_pylist() for i in range(3))):
                if uid in hands or hand_id in hands or file in wanted or (files and canonical_path(file) in wanted):
                    uids.add(uid)
        for batch in _batches(change.snapshot, "findings", ["hand_uid"]):  # file-level findings: @file:line
            uids.update(uid for uid in batch.column(0).to_pylist() if prefixes and uid.startswith(prefixes))
        stats.hands = sum(1 for uid in uids if not uid.startswith("@"))
        if not uids:
            return stats
        value_set = pa.array(sorted(uids), pa.string())
        for table in TABLES:
            for rel in _files_holding(change, table, value_set):
                stats.rows[table] += _rewrite(
                    change,
                    table,
                    rel,
                    lambda b: b.filter(pc.invert(pc.is_in(b.column("hand_uid"), value_set=value_set))),
                )
        change.publish({"kind": "remove", "hands_removed": stats.hands, "rows": stats.rows})
    return stats


# -- revalidate ------------------------------------------------------------------------------------------
@dataclass(slots=True)
class RevalidateStats:
    hands: int = 0  # stored hands
    judged: int = 0  # found again in their source and judged
    changed: int = 0  # whose verdict or findings changed
    missing: int = 0  # whose source (or the hand in it) is gone: verdict kept
    transitions: Counter = field(default_factory=Counter)  # (old status, new status) → hands
    unreadable: list[str] = field(default_factory=list)  # sources that could not be read
    relative: Counter = field(default_factory=Counter)  # how relative sources (older datasets) were found → files


def revalidate(
    root: str | os.PathLike, rules: RuleSet | None = None, wait: float | None = None, rules_name: str | None = None
) -> RevalidateStats:
    """Judge every stored hand again under `rules` from its recorded source; replace the verdicts
    (`status`, `errors`, `warnings`) and findings rows of the hands whose judgement changed."""
    from hhtool.validate import validate_paths

    stats = RevalidateStats()
    with _change(root, wait) as change:
        stored: dict[str, tuple[str, str]] = {}  # uid → (status, day)
        order: dict[str, None] = {}  # source files, in stored order
        for rel in _in_order(change.snapshot.manifest.tables["hands"]):
            day = _day(rel)
            for batch in pq.ParquetFile(change.snapshot.folder / "hands" / rel).iter_batches(
                columns=["hand_uid", "status", "file"]
            ):
                for uid, status, file in zip(*(batch.column(i).to_pylist() for i in range(3))):
                    stored[uid] = (str(status), day)
                    order.setdefault(file)
        stats.hands = len(stored)
        old_findings: dict[str, list[tuple]] = {}
        for batch in _batches(change.snapshot, "findings", ["hand_uid", "code", "line", "column", "message"]):
            for uid, *rest in zip(*(batch.column(i).to_pylist() for i in range(5))):
                if uid in stored:
                    old_findings.setdefault(uid, []).append((str(rest[0]), *rest[1:]))
        verdicts: dict[str, tuple[str, list[Finding]]] = {}
        readable = []
        for file in order:
            if file == STDIN_NAME:  # a stream read once cannot be read again
                continue
            path, how = source_path(root, file)  # a relative path (an older dataset) is found as `show` finds it
            readable.append(path)
            if how is not None:
                stats.relative[how] += 1
        for result in validate_paths(list(dict.fromkeys(readable)), rules):
            if isinstance(result, Finding):
                if result.code == HH004:
                    stats.unreadable.append(result.file)
                continue
            uid = hand_uid(result)
            if uid in stored and uid not in verdicts and result.status != "duplicate":
                verdicts[uid] = (result.status, result.findings)
        stats.judged = len(verdicts)
        stats.missing = stats.hands - stats.judged
        changed: dict[str, tuple[str, list[Finding]]] = {}
        for uid, (status, findings) in verdicts.items():
            new = sorted((f.code, f.line, f.column, f.message) for f in findings)
            if status != stored[uid][0] or new != sorted(old_findings.get(uid, [])):
                changed[uid] = (status, findings)
                stats.transitions[(stored[uid][0], status)] += 1
        stats.changed = len(changed)
        if not changed:
            return stats
        value_set = pa.array(sorted(changed), pa.string())
        for rel in _files_holding(change, "hands", value_set):
            _rewrite(change, "hands", rel, lambda b: _patched(b, changed))
        for rel in _files_holding(change, "findings", value_set):
            _rewrite(
                change,
                "findings",
                rel,
                lambda b: b.filter(pc.invert(pc.is_in(b.column("hand_uid"), value_set=value_set))),
            )
        rows = [finding_row(uid, f, stored[uid][1]) for uid, (_, findings) in changed.items() for f in findings]
        if rows:
            columns = dict(zip(PLAIN_SCHEMAS["findings"].names, map(list, zip(*rows))))
            whole = pa.Table.from_pydict(columns, schema=PLAIN_SCHEMAS["findings"])
            for day, part in by_day("findings", whole):
                with change.new_file("findings", day) as writer:
                    writer.write_table(part)
        change.publish({"kind": "revalidate", "rules": rules_name, "hands_changed": stats.changed})
    return stats


def _patched(batch: pa.RecordBatch, changed: dict[str, tuple[str, list[Finding]]]) -> pa.RecordBatch:
    """A hands batch with the status, errors and warnings of the changed hands replaced."""
    uids = batch.column("hand_uid").to_pylist()
    status = batch.column("status").cast(pa.string()).to_pylist()
    errors = batch.column("errors").to_pylist()
    warnings = batch.column("warnings").to_pylist()
    for i, uid in enumerate(uids):
        if uid in changed:
            new_status, findings = changed[uid]
            status[i] = new_status
            errors[i], warnings[i] = severity_counts(findings)
    columns = {name: batch.column(name) for name in batch.schema.names}
    columns["status"] = pa.array(status, pa.string()).dictionary_encode()
    columns["errors"] = pa.array(errors, pa.int32())
    columns["warnings"] = pa.array(warnings, pa.int32())
    return pa.RecordBatch.from_pydict(columns)
