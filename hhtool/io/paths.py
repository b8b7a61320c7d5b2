"""Turn command-line PATH arguments (files, folders, globs) into a stream of files."""

from __future__ import annotations

import glob
import os
import stat
from collections.abc import Iterable, Iterator
from pathlib import Path

from hhtool.codes import HH001, HH004, finding
from hhtool.findings import Finding

# Sidecar files of the fpdb corpus and other non-history files met inside hand-history folders.
SKIPPED_SUFFIXES = frozenset({".hp", ".hands", ".gt", ".json", ".md", ".py", ".pyc", ".parquet"})
NO_HISTORY = "the folder holds no hand-history file"  # a warning (HH001), not an I/O failure


def expand_paths(paths: Iterable[str | os.PathLike]) -> Iterator[tuple[Path, str | None]]:
    """Yield (file, problem) pairs in a stable order; problem is None or why the path gives nothing.

    Folders are walked recursively (sorted, hidden entries skipped); a string with glob characters
    that names no existing path is expanded as a glob. A path that does not exist, a folder that
    cannot be listed and a folder with no hand-history file in it are yielded with a problem so
    that the caller can report it (`path_finding`) and go on.
    """
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            yield from _walk_reporting_empty(path)
        elif path.exists():
            yield path, not_regular(path)
        elif glob.has_magic(str(raw)):
            matches = sorted(glob.glob(str(raw), recursive=True))
            if not matches:
                yield path, "no file matches this pattern"
            for match in matches:
                sub = Path(match)
                if sub.is_dir():
                    yield from _walk_reporting_empty(sub)
                elif _is_history(sub):
                    yield sub, not_regular(sub)
        else:
            yield path, "no such file or folder"


def path_finding(path: str | os.PathLike, problem: str) -> Finding:
    """The file-level finding for a problem of `expand_paths`: HH001 (a warning) for a folder with no
    hand-history file, HH004 (an I/O failure, exit code 2) for the rest."""
    name = display_name(path)
    if problem == NO_HISTORY:
        return finding(HH001, f"{name}: {problem}", name, 0, expected=">= 1 file", actual=0)
    return finding(HH004, f"cannot read {name}: {problem}", name, 0)


def _walk_reporting_empty(folder: Path) -> Iterator[tuple[Path, str | None]]:
    files = 0
    for item in _walk(folder):
        files += item[1] is None
        yield item
    if files == 0:
        yield folder, NO_HISTORY


def _walk(folder: Path) -> Iterator[tuple[Path, str | None]]:
    """Files under `folder`, sorted, depth first; a sub-folder that cannot be listed is a problem."""
    try:
        with os.scandir(folder) as listing:
            entries = sorted((entry for entry in listing if not entry.name.startswith(".")), key=lambda e: e.name)
    except OSError as exc:
        yield folder, f"cannot list the folder: {exc.strerror or exc}"
        return
    dirs = []
    for entry in entries:
        try:
            is_dir = entry.is_dir()
            linked = is_dir and entry.is_symlink()
            regular = is_dir or entry.is_file()  # from the folder listing, without a stat for plain files
        except OSError:
            is_dir = linked = regular = False
        if is_dir:
            if not linked:  # a link to a folder is not followed (as os.walk does): no loops
                dirs.append(entry)
        elif _is_history(Path(entry.name)):
            yield Path(entry.path), None if regular else not_regular(entry.path)
    for entry in dirs:
        yield from _walk(Path(entry.path))


def _is_history(path: Path) -> bool:
    """Whether a file found by a folder walk or a glob may be a hand history (named files always are)."""
    return not path.name.startswith(".") and path.suffix.lower() not in SKIPPED_SUFFIXES


def display_name(path: str | os.PathLike) -> str:
    """A path as findings and outputs name it: the path itself, with bytes that are not UTF-8 (a file
    name from another system) written as `\\xNN`, so that every output can encode it."""
    name = os.fspath(path)
    if isinstance(name, bytes):
        name = os.fsdecode(name)
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return os.fsencode(name).decode("utf-8", "backslashreplace")
    return name


_KINDS = (
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
)


def not_regular(path: str | os.PathLike) -> str | None:
    """Why a path that is not a folder cannot be read as a hand history, or None for a regular file (or
    one that vanished: the reader reports that). Reading a FIFO, socket or device could block for ever
    or never end, so they are refused before they are opened."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        return None
    kind = next((what for test, what in _KINDS if test(mode)), "a special file")
    return f"not a regular file: {kind}"


def total_size(paths: Iterable[str | os.PathLike]) -> int:
    """Bytes of all readable input files (for progress and for the choice of a pool)."""
    return sum(file_size(path) for path, problem in expand_paths(paths) if problem is None)


def file_size(path: str | os.PathLike) -> int:
    """A file's size in bytes; 0 when it cannot be read (the reader reports that, as HH004)."""
    try:
        return os.path.getsize(path)
    except OSError:
        return 0
