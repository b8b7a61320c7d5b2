"""Turn command-line PATH arguments (files, folders, globs) into a stream of files."""

from __future__ import annotations

import glob
import os
from collections.abc import Iterable, Iterator
from pathlib import Path

# Sidecar files of the fpdb corpus and other non-history files met inside hand-history folders.
SKIPPED_SUFFIXES = frozenset({".hp", ".hands", ".gt", ".json", ".md", ".py", ".pyc", ".parquet"})


def expand_paths(paths: Iterable[str | os.PathLike]) -> Iterator[tuple[Path, str | None]]:
    """Yield (file, problem) pairs in a stable order; problem is None or why the path gives nothing.

    Folders are walked recursively (sorted, hidden entries skipped); a string with glob characters
    that names no existing path is expanded as a glob. A path that does not exist is yielded with a
    problem so that the caller can report it and go on.
    """
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            yield from ((f, None) for f in _walk(path))
        elif path.exists():
            yield path, None
        elif glob.has_magic(str(raw)):
            matches = sorted(glob.glob(str(raw), recursive=True))
            if not matches:
                yield path, "no file matches this pattern"
            for match in matches:
                sub = Path(match)
                if sub.is_dir():
                    yield from ((f, None) for f in _walk(sub))
                elif _is_history(sub):
                    yield sub, None
        else:
            yield path, "no such file or folder"


def _walk(folder: Path) -> Iterator[Path]:
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            if _is_history(Path(name)):
                yield Path(root, name)


def _is_history(path: Path) -> bool:
    """Whether a file found by a folder walk or a glob may be a hand history (named files always are)."""
    return not path.name.startswith(".") and path.suffix.lower() not in SKIPPED_SUFFIXES


def total_size(paths: Iterable[str | os.PathLike]) -> int:
    """Bytes of all readable input files (for progress and for the choice of a pool)."""
    return sum(file_size(path) for path, problem in expand_paths(paths) if problem is None)


def file_size(path: str | os.PathLike) -> int:
    """A file's size in bytes; 0 when it cannot be read (the reader reports that, as HH004)."""
    try:
        return os.path.getsize(path)
    except OSError:
        return 0
