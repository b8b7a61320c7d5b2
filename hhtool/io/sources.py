"""Where hand-history bytes come from: files, standard input (`-`), `.gz` files and `.zip` members.

Trackers import archives as they are, so hhtool reads them without unpacking them to disk. Every
source is streamed into the same splitter as a plain file (`split.split_chunks`): memory stays
bounded by the 512 KiB per hand limit whatever an archive expands to.

Names in findings and in the dataset's `file` column:
- standard input is `<stdin>`;
- a `.gz` file is its own path (`day.txt.gz`);
- a zip member is `ARCHIVE!MEMBER` (`hands.zip!2020/table.txt`), as Java's `jar:` URLs and
  several archive viewers write it. Such a name is also accepted back as a path (`hhtool validate
  'hands.zip!2020/table.txt'`), so the parallel workers and `dataset revalidate` can reopen it.

A compressed source that expands beyond `expansion_limit` bytes (a zip bomb) stops there with
`HH006`; what was read up to the limit is reported as usual. A stream that is corrupt or cut
short ends where it breaks: the hands before are reported, then `HH004` for the rest.
Archives inside archives are not opened (a `.zip` member that is itself an archive is read as a
file: `HH003`, binary).
"""

from __future__ import annotations

import gzip
import os
import sys
import time
import zipfile
import zlib
from collections.abc import Iterable, Iterator
from pathlib import Path

from hhtool.codes import HH004, HH006, finding
from hhtool.findings import Finding
from hhtool.io import paths as _paths
from hhtool.io import split as _split

STDIN = "-"  # the command-line name of standard input
STDIN_NAME = "<stdin>"  # its name in findings and in the dataset
MEMBER_SEP = "!"
# A compressed source may expand to at most max(MIN_EXPANSION, EXPANSION_RATIO x its compressed
# size). Hand histories compress 7:1 to 13:1 (gzip, bzip2, xz, measured on the corpus and on
# `generate` output); a deflate zip bomb about 1000:1.
EXPANSION_RATIO = 200
MIN_EXPANSION = 1 << 20  # small: an archive of many tiny members must not expand each to much
_READ_ERRORS = (OSError, EOFError, zlib.error, zipfile.BadZipFile, NotImplementedError, RuntimeError, ValueError)


def expand_paths(paths: Iterable[str | os.PathLike]) -> Iterator[tuple[Path | str, str | None]]:
    """As `paths.expand_paths`, with `-` (standard input) and every member of each `.zip` found
    (named `ARCHIVE!MEMBER`, in the archive's order) in place of the archive."""
    for raw in paths:
        if os.fspath(raw) == STDIN:
            yield STDIN, None
            continue
        if _member_of(raw) is not None and not os.path.lexists(raw):
            yield os.fspath(raw), None  # a member named on the command line (or by a worker's task)
            continue
        for path, problem in _paths.expand_paths([raw]):
            if problem is None and is_zip(path):
                yield from _members(path)
            else:
                yield path, problem


def read_blocks(path: str | os.PathLike, name: str | None = None) -> Iterator[_split.Block | Finding]:
    """As `split.read_blocks`, for every kind of source: standard input, `.gz`, zip members."""
    raw = os.fspath(path)
    if raw == STDIN:
        yield from _read_stream(_Stream(getattr(sys.stdin, "buffer", sys.stdin), None), STDIN_NAME)
        return
    name = name if name is not None else _paths.display_name(path)
    member = _member_of(raw) if not os.path.lexists(raw) else None
    if member is not None:
        yield from _read_member(member[0], member[1], name)
    elif is_gzip(raw) and os.path.isfile(raw):
        yield from _read_gzip(raw, name)
    else:
        yield from _split.read_blocks(Path(raw), name)


def is_zip(path: str | os.PathLike) -> bool:
    return os.fspath(path).lower().endswith(".zip")


def is_gzip(path: str | os.PathLike) -> bool:
    return os.fspath(path).lower().endswith(".gz")


def is_stream(path: str | os.PathLike) -> bool:
    """Whether a path names a source that cannot be read at a byte offset (stdin, an archive):
    it is read whole, by one process."""
    raw = os.fspath(path)
    return raw == STDIN or is_gzip(raw) or (_member_of(raw) is not None and not os.path.lexists(raw))


_STDIN_KEY: list[str] = []


def canonical(file: str) -> str | None:
    """The canonical form of a source name that is not a plain path (the archive's real path and
    the member), or None for a plain path. Standard input has no path to know it again by: each
    process names it apart (`<stdin pid-ns>`), so that the hands without a trusted id (unparsed,
    unsupported, HH413, keyed by file and line) of two different streams are never taken for each
    other; the same stream exported twice stores those hands twice."""
    if file == STDIN_NAME:
        if not _STDIN_KEY:
            _STDIN_KEY.append(f"<stdin {os.getpid()}-{time.time_ns()}>")
        return _STDIN_KEY[0]
    member = _member_of(file) if not os.path.lexists(file) else None
    if member is None:
        return None
    return f"{os.path.realpath(member[0])}{MEMBER_SEP}{member[1]}"


def expansion_limit(compressed: int) -> int:
    return max(MIN_EXPANSION, EXPANSION_RATIO * compressed)


# -- zip ----------------------------------------------------------------------------------------
def _member_of(raw: str | os.PathLike) -> tuple[str, str] | None:
    """(archive, member) of an `ARCHIVE.zip!MEMBER` name, or None."""
    text = os.fspath(raw)
    if not isinstance(text, str):
        return None
    index = text.lower().find(".zip" + MEMBER_SEP)
    if index < 0:
        return None
    cut = index + len(".zip")
    return text[:cut], text[cut + 1 :]


_OPEN: list[tuple[tuple, zipfile.ZipFile]] = []  # the archive last opened, kept open: see _open_zip


def _open_zip(archive: str | os.PathLike) -> zipfile.ZipFile:
    """The archive, opened once for all its members: opening a zip reads its whole directory, so
    opening it again for each of 5,000 members made reading it quadratic (50 s of 57). One archive
    is kept open per process (reopened when it changed on disk)."""
    st = os.stat(archive)
    key = (os.fspath(archive), st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)
    if _OPEN and _OPEN[0][0] == key:
        return _OPEN[0][1]
    handle = zipfile.ZipFile(archive)
    if _OPEN:
        _OPEN.pop()[1].close()
    _OPEN.append((key, handle))
    return handle


def _members(archive: Path | str) -> Iterator[tuple[str, str | None]]:
    name = _paths.display_name(archive)
    try:
        infos = _open_zip(archive).infolist()
    except (OSError, zipfile.BadZipFile, ValueError) as exc:
        yield os.fspath(archive), f"not a readable zip archive: {exc}"
        return
    found = 0
    for info in infos:
        if info.is_dir() or not _is_history_member(info.filename):
            continue
        found += 1
        yield f"{name}{MEMBER_SEP}{info.filename}", None
    if found == 0:
        yield os.fspath(archive), _paths.NO_HISTORY


def _is_history_member(member: str) -> bool:
    """Hand-history members only: not macOS resource forks, hidden files or the skipped sidecars."""
    base = member.rstrip("/").rsplit("/", 1)[-1]
    return not member.startswith("__MACOSX/") and _paths._is_history(Path(base))


def _read_member(archive: str, member: str, name: str) -> Iterator[_split.Block | Finding]:
    try:
        handle = _open_zip(archive)
    except (OSError, zipfile.BadZipFile, ValueError) as exc:
        yield finding(HH004, f"cannot read file: not a readable zip archive: {_reason(exc)}", name, 0)
        return
    try:
        info = handle.getinfo(member)
    except KeyError:
        yield finding(HH004, f"cannot read file: the archive has no member {member!r}", name, 0)
        return
    try:
        stream = handle.open(info)
    except _READ_ERRORS as exc:
        yield finding(HH004, f"cannot read file: {_reason(exc)}", name, 0)
        return
    with stream:
        yield from _read_stream(_Stream(stream, expansion_limit(info.compress_size)), name)


# -- gzip ---------------------------------------------------------------------------------------
def _read_gzip(path: str, name: str) -> Iterator[_split.Block | Finding]:
    try:
        compressed = os.path.getsize(path)
        stream = gzip.open(path, "rb")  # noqa: SIM115 (entered below once the size is known: `with stream:`)
    except OSError as exc:
        yield finding(HH004, f"cannot read file: {exc.strerror or exc}", name, 0)
        return
    with stream:
        yield from _read_stream(_Stream(stream, expansion_limit(compressed)), name)


# -- streams ------------------------------------------------------------------------------------
class _Stream:
    """A byte stream that ends (instead of raising) where it breaks or passes its expansion limit,
    and remembers why, so that the hands read before are reported."""

    def __init__(self, handle, limit: int | None) -> None:
        self.handle, self.limit = handle, limit
        # read1: what was decompressed before a break is returned, not lost with the exception
        self._read = getattr(handle, "read1", handle.read)
        self.read_bytes = 0
        self.error: BaseException | None = None
        self.over = False

    def read(self, n: int) -> bytes:
        if self.error is not None or self.over:
            return b""
        if self.limit is not None:
            n = min(n, self.limit + 1 - self.read_bytes)
        try:
            data = self._read(n)
        except _READ_ERRORS as exc:
            self.error = exc
            return b""
        self.read_bytes += len(data)
        if self.limit is not None and self.read_bytes > self.limit:
            self.over = True
            data = data[: len(data) - (self.read_bytes - self.limit)]
        return data


def _read_stream(stream: _Stream, name: str) -> Iterator[_split.Block | Finding]:
    for item in _split.split_chunks(_split.byte_chunks(stream, name), name):
        if stream.error is not None and stream.read_bytes == 0 and isinstance(item, Finding):
            continue  # nothing could be read: HH004 alone says so, not "no hand" as well
        yield item
    if stream.over:
        yield finding(
            HH006,
            f"expands beyond the limit of {stream.limit:,} bytes (a compressed source may "
            f"expand to {EXPANSION_RATIO}x its size, at least {MIN_EXPANSION:,} bytes); the rest "
            f"is not read",
            name,
            0,
            expected=f"<= {stream.limit}",
            actual=f"> {stream.limit}",
        )
    elif stream.error is not None:
        yield finding(HH004, f"cannot read file: {_reason(stream.error)}", name, 0)


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
