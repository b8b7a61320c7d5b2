"""The dataset folder: one writer at a time, and commits that every reader sees whole or not at all.

Plain readers (DuckDB, polars, pyarrow) list `DIR/<table>/**/*.parquet` themselves, so whatever a
commit does must switch all six tables at once, and only a single rename is atomic. The tables are
therefore views of one snapshot:

    DIR/<table>            -> .hhtool/current/<table>     a relative symlink per table, made once
    DIR/.hhtool/current    -> snapshots/<name>            replaced by one rename: the commit point
    DIR/.hhtool/snapshots/<name>/<table>/date=…/part-<run>-<n>.parquet
    DIR/.hhtool/snapshots/<name>/manifest.json            hhtool's files in it, and the runs
    DIR/.hhtool/lock                                      advisory lock of the one writer
    DIR/.tmp-<run>/                                       a run's files while it writes

A commit builds the next snapshot beside the current one (hard links to the files already stored,
and the run's new files moved in), then swaps `current`. Killed before the swap, readers see the
old snapshot, and the next writer deletes the new one; after it, the whole run. The snapshot the
swap replaced is kept for readers that had just resolved it; older ones are deleted.

Files hhtool did not write (found in a table folder, listed in no manifest) are linked into every
new snapshot: never read, never deleted. A table without rows holds one empty file, so that the
docs/dataset.md's `read_parquet('DIR/<table>/**/*.parquet')` works on every table of every dataset.

Why not a table format such as Delta Lake (the `deltalake` package): its log gives atomic commits
and rules for concurrent writers, but only to readers that read the log. DuckDB needs its `delta`
extension (a download at first use), polars and pandas the deltalake package, and the plain
`read_parquet('DIR/hands/**/*.parquet')` docs/dataset.md shows would also read the files of failed and
superseded versions. Snapshots keep the dataset plain hive-partitioned Parquet that any reader
lists correctly, at the cost of POSIX file systems (symlinks, hard links, flock) and one hard link
per stored file at each commit (~0.2 s for 500 files).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from hhtool.export.schema import SCHEMA_VERSION, SCHEMAS, TABLES

META = ".hhtool"
MANIFEST = "manifest.json"
EMPTY_DAY = "unknown"  # partition of a table's empty file
# A run id (see DatasetWriter): only folders of this form are ever taken for a dead run's.
RUN_PATTERN = r"\d{8}T\d{6}-[0-9a-f]{8}"
_STAGING = re.compile(rf"\.tmp-{RUN_PATTERN}")
_PART = re.compile(rf"part-({RUN_PATTERN})-[^/]+\.parquet")
_POLL_SECONDS = 0.2
_PID_WIDTH = 20  # bytes of the pid record in the lock file (the largest pid_t has 19 digits)
_PID_READS = 25  # reads of the lock file, 2 ms apart, for the pid of a holder that has just taken it


class DatasetBusy(OSError):
    """Another process holds the dataset's write lock (a one-line message for the CLI)."""


@dataclass(slots=True)
class Manifest:
    """hhtool's files of a snapshot, per table (paths relative to the table folder), and its runs."""

    tables: dict[str, list[str]] = field(default_factory=lambda: {t: [] for t in TABLES})
    empty: dict[str, str] = field(default_factory=dict)  # table → its empty file, while it has no rows
    runs: list[dict] = field(default_factory=list)

    def to_json(self) -> str:
        return json.dumps(
            {
                "format": 1,
                "schema_version": SCHEMA_VERSION,
                "tables": self.tables,
                "empty": self.empty,
                "runs": self.runs,
            },
            indent=1,
        )

    @classmethod
    def read(cls, path: Path) -> Manifest | None:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            tables = {t: [str(p) for p in data["tables"].get(t, [])] for t in TABLES}
            return cls(tables, {str(k): str(v) for k, v in data.get("empty", {}).items()}, list(data["runs"]))
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return None


@dataclass(slots=True)
class Snapshot:
    """One committed state of the dataset: its folder and what hhtool stored in it."""

    folder: Path
    manifest: Manifest

    def files(self, table: str) -> list[Path]:
        """hhtool's Parquet files of a table (its empty file included), in a stable order."""
        return [self.folder / table / rel for rel in sorted(self.manifest.tables[table])]


def current_snapshot(root: str | os.PathLike) -> Snapshot | None:
    """The snapshot a reader sees now (resolved once, so every table comes from the same commit),
    or None for a dataset in the layout of hhtool before snapshots (or none at all)."""
    link = Path(root) / META / "current"
    if not link.is_symlink():
        return None
    folder = Path(root) / META / os.readlink(link)
    manifest = Manifest.read(folder / MANIFEST)
    return Snapshot(folder, manifest) if manifest is not None else None


def _holder(fd: int) -> str:
    """`pid N` of the lock's holder, as it wrote it in the lock file. A holder writes it right after
    taking the lock (a file it has just created is empty until then): the file is read again a few
    times, 2 ms apart, before saying that no pid is recorded."""
    for attempt in range(_PID_READS):
        text = os.pread(fd, _PID_WIDTH, 0).decode("ascii", "replace").strip()
        if text.isdigit():
            return f"pid {text}"
        if attempt + 1 < _PID_READS:
            time.sleep(0.002)
    return "its pid not recorded"


class Store:
    """The writer's side: holds the lock from open to commit or close; `open` repairs what a killed
    writer left (an unpublished snapshot, a staging folder, a half-made layout)."""

    def __init__(self, root: str | os.PathLike, wait: float | None = None) -> None:
        self.root = Path(root)
        self.meta = self.root / META
        self.meta.mkdir(parents=True, exist_ok=True)
        self._lock_fd: int | None = None
        self._lock(wait)
        try:
            self.snapshot = self._recover()
        except BaseException:
            self.close()
            raise

    # -- the lock --------------------------------------------------------------------------
    def _lock(self, wait: float | None) -> None:
        """Take the advisory write lock: wait up to `wait` seconds (None: as long as it takes,
        0: not at all), then give up with DatasetBusy. The kernel releases it when the holder
        exits, however it exits, so a killed writer never leaves the dataset locked."""
        import fcntl  # here: reading a dataset (hhtool.dataset) needs no POSIX lock

        fd = os.open(self.meta / "lock", os.O_RDWR | os.O_CREAT, 0o644)
        deadline = None if wait is None else time.monotonic() + wait
        told = False
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                holder = _holder(fd)
                if deadline is not None and time.monotonic() >= deadline:
                    os.close(fd)
                    waited = f" (waited {wait:g} s)" if wait else ""
                    raise DatasetBusy(
                        f"another export ({holder}) is writing it{waited}; try again when it has finished"
                    ) from None
                if not told:
                    print(
                        f"hhtool: waiting for another export ({holder}) to finish writing {self.root}", file=sys.stderr
                    )
                    told = True
                time.sleep(_POLL_SECONDS)
        # one write of a fixed width, never a truncation first: a waiter never reads an empty lock file
        # from a live holder (the pid is ASCII digits, space-padded; a longer old content is cut after)
        record = str(os.getpid()).encode("ascii").ljust(_PID_WIDTH)
        os.pwrite(fd, record, 0)
        os.ftruncate(fd, len(record))
        self._lock_fd = fd

    def close(self) -> None:
        """Release the lock (the lock file stays: removing it would let two writers lock two files).
        The pid is blanked first: the next holder writes its own just after taking the lock, and a
        waiter between the two would otherwise name this process, which no longer holds it."""
        fd, self._lock_fd = self._lock_fd, None
        if fd is not None:
            try:
                os.pwrite(fd, b" " * _PID_WIDTH, 0)
            except OSError:
                pass  # a full or read-only device: the stale pid is only a message's word
            os.close(fd)  # closing the only descriptor of the open file releases the flock

    # -- repair ----------------------------------------------------------------------------
    def _recover(self) -> Snapshot:
        """The current snapshot, once the layout is whole and what dead runs left is deleted.

        Under the lock every other writer is dead, so any staging folder or unpublished snapshot
        is a dead run's. A dataset in the old layout (real table folders, `_runs/`), or copied by
        a tool that followed the symlinks, is adopted into a first snapshot."""
        for path in self.root.iterdir():
            if path.is_dir() and not path.is_symlink() and _STAGING.fullmatch(path.name):
                shutil.rmtree(path, ignore_errors=True)
        snapshot = current_snapshot(self.root)
        if snapshot is None and (self.meta / "current").is_symlink():
            raise OSError(f"{self.meta / 'current' / MANIFEST} cannot be read: the dataset needs repair")
        if snapshot is None or any(not (self.root / t).is_symlink() for t in TABLES):
            snapshot = self._adopt(snapshot)
        self._collect(snapshot.folder.name)
        return snapshot

    def _adopt(self, snapshot: Snapshot | None) -> Snapshot:
        """A first snapshot from what the folders hold: hhtool's committed files (per the manifest
        found, or the old `_runs/` records) and every foreign file; part files of runs never
        committed are left out (an interrupted run of an older hhtool)."""
        old = snapshot.manifest if snapshot is not None else _copied_manifest(self.meta) or _legacy_manifest(self.root)
        ours = {t: set(old.tables[t]) for t in TABLES}
        new = Manifest(runs=list(old.runs))
        name = self._next_name("adopted")
        folder = self.meta / "snapshots" / name
        for table in TABLES:
            source = self.root / table
            if not source.is_dir() and snapshot is not None:
                source = snapshot.folder / table
            target = folder / table
            target.mkdir(parents=True)
            if not source.is_dir():
                continue
            for rel in _tree(source):
                if rel in ours[table] or not _PART.fullmatch(rel.rsplit("/", 1)[-1]):
                    _link(source, target, rel)
                    if rel in ours[table]:
                        new.tables[table].append(rel)
            if old.empty.get(table) in new.tables[table]:
                new.empty[table] = old.empty[table]
        self._fill_empty(folder, new, name)
        (folder / MANIFEST).write_text(new.to_json(), encoding="utf-8")
        self._publish(name)
        trash = self.meta / f"trash-{name}"
        for table in TABLES:  # real folders out of the way, symlinks in (a moment without the table, once)
            path = self.root / table
            if path.is_dir() and not path.is_symlink():
                trash.mkdir(exist_ok=True)
                os.replace(path, trash / table)
            if not path.is_symlink():
                os.symlink(f"{META}/current/{table}", path)
        shutil.rmtree(trash, ignore_errors=True)
        shutil.rmtree(self.root / "_runs", ignore_errors=True)  # now in the manifest
        return Snapshot(folder, new)

    def _fill_empty(self, folder: Path, manifest: Manifest, run: str) -> None:
        """One empty Parquet file (the table's schema, no rows) in each table without a file."""
        import pyarrow.parquet as pq

        for table in TABLES:
            if manifest.tables[table]:
                continue
            rel = f"date={EMPTY_DAY}/part-{run}-empty.parquet"
            (folder / table / rel).parent.mkdir(parents=True, exist_ok=True)
            pq.write_table(SCHEMAS[table].empty_table(), folder / table / rel, compression="zstd")
            manifest.tables[table].append(rel)
            manifest.empty[table] = rel

    # -- commit ----------------------------------------------------------------------------
    def commit(self, staged: Path, run: str, record: dict, remove: dict[str, set[str]] | None = None) -> None:
        """Publish the files under `staged/<table>/` with the dataset's, as one new snapshot; the files
        of `remove` (hhtool's, per table, relative to the table folder) are left out of it (upkeep:
        the files a compaction merged, or rewrote without some hands)."""
        old = self.snapshot
        name = self._next_name(run)
        folder = self.meta / "snapshots" / name
        manifest = Manifest(runs=[*old.manifest.runs, record])
        for table in TABLES:
            target = folder / table
            target.mkdir(parents=True)
            added = sorted(_tree(staged / table)) if (staged / table).is_dir() else []
            gone = set(old.manifest.tables[table]) & (remove or {}).get(table, set())  # never a foreign file
            if added:
                gone.add(old.manifest.empty.get(table, ""))  # rows now: the empty file goes
            present = set(_tree(old.folder / table))
            for rel in present:
                if rel not in gone:
                    _link(old.folder / table, target, rel)
            manifest.tables[table] = [rel for rel in old.manifest.tables[table] if rel in present and rel not in gone]
            if not added and old.manifest.empty.get(table) in manifest.tables[table]:
                manifest.empty[table] = old.manifest.empty[table]
            moved: set[str] = set()  # a day the snapshot did not hold: its staged folder moved in whole
            for rel in added:
                top = rel.split("/", 1)[0]
                if top not in moved:
                    if "/" in rel and not (target / top).exists():
                        # one rename, not a folder made here and an emptied one removed from the staging tree
                        # (a run over the corpus's 1,400 days spent 3 of its 44 s removing empty folders)
                        os.replace(staged / table / top, target / top)
                        moved.add(top)
                    else:
                        (target / rel).parent.mkdir(parents=True, exist_ok=True)
                        os.replace(staged / table / rel, target / rel)
                manifest.tables[table].append(rel)
        self._fill_empty(folder, manifest, run)
        (folder / MANIFEST).write_text(manifest.to_json(), encoding="utf-8")
        self._publish(name)
        self.snapshot = Snapshot(folder, manifest)
        self._collect(name)

    def _publish(self, name: str) -> None:
        """The commit point: `current` → the new snapshot, by one rename of a symlink."""
        link = self.meta / "current.new"
        link.unlink(missing_ok=True)
        os.symlink(f"snapshots/{name}", link)
        current = self.meta / "current"
        if current.is_dir() and not current.is_symlink():  # a copy that followed the symlinks
            shutil.rmtree(current)
        os.replace(link, current)

    def _next_name(self, run: str) -> str:
        """Snapshot names sort in commit order: a sequence number, then the run."""
        numbers = [_sequence(p.name) for p in (self.meta / "snapshots").glob("*")]
        return f"{max(numbers, default=0) + 1:06d}-{run}"

    def _collect(self, current: str) -> None:
        """Delete the snapshots but the current one and the one before it (a reader may still be in
        it); those after it are a killed run's, never published."""
        names = sorted((p.name for p in (self.meta / "snapshots").glob("*")), key=_sequence)
        older = [name for name in names if _sequence(name) < _sequence(current)]
        keep = {current, *older[-1:]}
        for name in names:
            if name not in keep:
                shutil.rmtree(self.meta / "snapshots" / name, ignore_errors=True)
        for path in self.meta.glob("trash-*"):
            shutil.rmtree(path, ignore_errors=True)


def _sequence(name: str) -> int:
    """The commit number at the start of a snapshot's name (0 for a name of another form)."""
    head = name.split("-", 1)[0]
    return int(head) if head.isdigit() else 0


def _tree(folder: Path) -> list[str]:
    """Every file and symlink under `folder` (not following symlinks), as relative posix paths;
    empty folders too (as `path/`), so that a foreign empty folder is kept as well."""
    out: list[str] = []
    for top, dirs, files in os.walk(folder):
        base = Path(top).relative_to(folder)
        for name in files + [d for d in dirs if (Path(top) / d).is_symlink()]:
            out.append((base / name).as_posix())
        if not dirs and not files and top != str(folder):
            out.append(base.as_posix() + "/")
    return out


def _link(source: Path, target: Path, rel: str) -> None:
    """target/rel as a hard link to source/rel (a copy where the file system has none; a symlink as
    a symlink; an empty folder as a folder)."""
    if rel.endswith("/"):
        (target / rel).mkdir(parents=True, exist_ok=True)
        return
    src, dst = source / rel, target / rel
    dst.parent.mkdir(parents=True, exist_ok=True)
    if src.is_symlink():
        os.symlink(os.readlink(src), dst)
        return
    try:
        os.link(src, dst)
    except OSError:
        shutil.copy2(src, dst)


def _copied_manifest(meta: Path) -> Manifest | None:
    """The manifest of a `current` that a copy turned into a real folder."""
    current = meta / "current"
    return Manifest.read(current / MANIFEST) if current.is_dir() else None


def _legacy_manifest(root: Path) -> Manifest:
    """hhtool's files in the layout before snapshots: part files of the runs recorded in `_runs/`."""
    runs = []
    for path in sorted((root / "_runs").glob("*.json")):
        try:
            runs.append(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError):
            continue
    done = {str(r.get("run")) for r in runs if isinstance(r, dict)}
    manifest = Manifest(runs=runs)
    for table in TABLES:
        folder = root / table
        if folder.is_dir():
            for rel in _tree(folder):
                match = _PART.fullmatch(rel.rsplit("/", 1)[-1])
                if match and match.group(1) in done:
                    manifest.tables[table].append(rel)
    return manifest


def committed_runs(out: Path) -> set[str]:
    """Runs recorded in a dataset of the layout before snapshots."""
    return {p.stem for p in (out / "_runs").glob("*.json")}


def run_of(path: Path) -> str:
    """The run id in a part file name `part-<run>-<n>.parquet`."""
    return path.stem[len("part-") :].rsplit("-", 1)[0]
