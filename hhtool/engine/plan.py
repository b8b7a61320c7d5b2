"""Plan a run as tasks: files and byte ranges of large files, cut on hand header lines.

A task is a small picklable descriptor (paths, byte offsets, first line numbers): workers read the
text themselves. Small files are grouped into one task up to the chunk size; a large file is cut
at lines that start a hand of any registered dialect (hhtool.dialects), so each piece splits into
exactly the blocks a sequential read would give, and the piece's first line number makes every line and column
absolute. Files that are UTF-16, look binary, have a NUL after line ends, or have no header to cut at stay whole.
"""

from __future__ import annotations

import codecs
import os
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from hhtool import dialects
from hhtool.codes import finding
from hhtool.findings import Finding
from hhtool.io import Block, expand_paths, read_blocks
from hhtool.io.paths import display_name, path_finding, total_size
from hhtool.io.sources import STDIN, is_stream
from hhtool.io.split import (
    MAX_BLOCK,
    byte_chunks,
    looks_binary,
    nul_after_line_ends,
    split_chunks,
    without_padding,
)

# a task's size: ~800 hands, half a second of work. Each finished task waits in the parent for its turn,
# so this bounds the parent's memory too: 1 MB instead of 2 MB is -10 MB there and -23 MB per worker
# at the same speed (4 MB was +45 MB per worker, no faster)
CHUNK_BYTES = 1 << 20
CHUNK_ENV = "HHTOOL_CHUNK_BYTES"  # tuning knob (and tests): the task size in bytes
_READ = 1 << 20
_LOOKBACK = 512  # bytes before a cut's target searched too: a header of several lines must be met from its first
_HEAD = 8192  # bytes the reader looks at to call a file binary


@dataclass(frozen=True, slots=True)
class Piece:
    """A whole file (end None, start 0), or bytes [start, end) of it whose first line is `line`."""

    path: str
    start: int = 0
    end: int | None = None
    line: int = 1


@dataclass(frozen=True, slots=True)
class Task:
    index: int
    pieces: tuple[Piece, ...]
    size: int  # bytes, for progress


def plan_tasks(
    paths: Iterable[str | os.PathLike], chunk_bytes: int | None = None, on_file=None
) -> Iterator[Task | Finding]:
    """Tasks and path problems (HH004), in input order. `on_file()` is called once per file met."""
    chunk_bytes = chunk_bytes or chunk_size()
    if chunk_bytes < 1:
        raise ChunkSizeError(f"a task size of {chunk_bytes} bytes: at least 1")
    batch: list[Piece] = []
    size = 0
    index = 0

    def task(pieces, nbytes) -> Task:
        nonlocal index
        index += 1
        return Task(index - 1, tuple(pieces), nbytes)

    for path, problem in expand_paths(paths):
        name = str(path)
        if on_file is not None:
            on_file()
        if problem is not None:
            if batch:
                yield task(batch, size)
                batch, size = [], 0
            yield path_finding(path, problem)
            continue
        try:
            length = os.path.getsize(path)
        except OSError:
            length = 0  # the worker's read reports the problem
        if length <= chunk_bytes * 3 // 2 or is_stream(name):  # an archive or stdin is read whole
            batch.append(Piece(name))
            size += length
            if size >= chunk_bytes:
                yield task(batch, size)
                batch, size = [], 0
            continue
        if batch:
            yield task(batch, size)
            batch, size = [], 0
        for piece in cut_file(name, chunk_bytes):
            yield task([piece], (piece.end if piece.end is not None else length) - piece.start)
    if batch:
        yield task(batch, size)


class ChunkSizeError(ValueError):
    """HHTOOL_CHUNK_BYTES is not a whole number of bytes >= 1 (0 or less would plan empty tasks for ever)."""


def chunk_size() -> int:
    """The task size: HHTOOL_CHUNK_BYTES, else CHUNK_BYTES; ChunkSizeError when the setting is not a size."""
    raw = os.environ.get(CHUNK_ENV)
    if not raw:
        return CHUNK_BYTES
    try:
        value = int(raw.strip())
    except ValueError:
        value = 0
    if value < 1:
        raise ChunkSizeError(
            f"{CHUNK_ENV}={raw!r} is not a task size: give a whole number of bytes, at least 1 (default {CHUNK_BYTES})"
        )
    return value


# A local pool pays ~0.9 s before its first hand: the forkserver imports hhtool.engine.work (0.5 s of CPU)
# and each worker builds its grammars (0.3 s), while this process reads ~1,800 hands (~2 MB) a second in
# pure Python (0.56 ms a hand; issue #27, measured with HHTOOL_ENGINE_STATS on generated files). Two
# workers catch up with one process at ~2,000 hands (pure Python) to ~3,300 (compiled, ~0.35 ms a hand):
# up to this many tasks' bytes (4 MB by default) a run stays in this process, and never has more workers
# than tasks.
IN_PROCESS_TASKS = 4


def workers_for(paths: Iterable[str | os.PathLike], jobs: int | None, engine: str = "local") -> int:
    """How many workers a run gets: `jobs`, or every core; 1 (the calling process, no pool) when the
    local engine would get at most IN_PROCESS_TASKS tasks, where a pool's start-up costs more than its
    workers save; no more workers than tasks' worth of bytes."""
    workers = jobs if jobs is not None else (os.cpu_count() or 1)
    paths = list(paths)
    if any(os.fspath(path) == STDIN for path in paths):
        return 1  # standard input is this process's: no worker can read it
    if workers > 1 and engine == "local":
        chunk = chunk_size()
        size = total_size(paths)
        if size <= IN_PROCESS_TASKS * chunk:
            return 1
        workers = min(workers, -(-size // chunk))
    return workers


def cut_file(name: str, chunk_bytes: int) -> Iterator[Piece]:
    """Pieces of about `chunk_bytes` each, cut before header lines; line numbers as the reader counts
    them (LF, CRLF and a lone CR each end a line).

    A cut is made only where a whole read would start a hand too (`_next_cut`); where that cannot be told
    from the bytes at hand, the piece goes on to the next header: a piece too long costs nothing."""
    try:
        handle = open(name, "rb")  # noqa: SIM115 (entered below: `with handle:`, once the open is known to work)
    except OSError:
        yield Piece(name)
        return
    with handle:
        head = handle.read(_HEAD)
        # some PartyPoker exports write a NUL after line ends, which the reader drops (byte_chunks): the lines
        # of a header may each start with one, which no header pattern allows for, so such a file stays whole
        if (
            head[:2] in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)
            or nul_after_line_ends(head)
            or looks_binary(without_padding(head))
        ):
            yield Piece(name)
            return
        cuts, hands = _header_pattern(hands=False), _header_pattern(hands=True)
        # once a file-level context section may have started (one of its markers is met), the file is cut
        # only where a section starts: a piece cut at another dialect's header (another site's hand pasted into
        # an iPoker session) would read the session's later games with no context (HH033)
        markers, sections = _context_markers()
        context_at: int | None = None  # the file offset of the first marker, once met
        # the reader drops NULs before the first line (some PartyPoker exports), then a byte-order mark
        first = len(head) - len(head.lstrip(b"\x00"))
        first += len(codecs.BOM_UTF8) if head.startswith(codecs.BOM_UTF8, first) else 0
        handle.seek(first)
        start, start_line = 0, 1
        # buf holds the file from `offset`; buf[:keep] is counted already and kept for the patterns'
        # look-behinds; buf[keep] starts a line, line number `line` (or is inside a line longer than MAX_BLOCK)
        offset, keep, line = first, 0, 1
        # the next cut is at the first hand at or after this offset; the file's first hand is looked for
        # first: the first piece holds it, however far it is (a piece with none would say HH001)
        target, opening = first, True
        buf = b""
        eof = False
        while not eof:
            data = handle.read(_READ)
            eof = not data
            if context_at is None and markers:
                context_at = _first_marker(markers, buf, offset, data)
            buf += data
            hold = len(buf) - _LOOKBACK  # a header may be split across reads, and the lines before it are looked at
            while offset + len(buf) > target:
                cut = _next_cut(hands if opening else cuts, buf, keep, max(keep, target - offset), offset == first)
                if cut is None:
                    break
                if opening:
                    opening = False
                    target = max(first + chunk_bytes, offset + cut + 1)
                    continue
                if context_at is not None and offset + cut > context_at:
                    cut = _next_cut(sections, buf, keep, max(keep, target - offset), offset == first)
                    if cut is None:
                        break
                line += _lines(buf, keep, cut)
                yield Piece(name, start, offset + cut, start_line)
                start, start_line = offset + cut, line
                buf, offset, keep = _keep_from(buf, offset, cut)
                target = start + chunk_bytes
                hold = len(buf) - _LOOKBACK
            # drop whole lines that can hold no cut any more, counting them
            limit = (
                min(hold, target - offset - _LOOKBACK, len(buf)) if offset + len(buf) <= target else min(hold, len(buf))
            )
            drop = _last_line_start(buf, keep, limit)
            if drop <= keep and limit - keep > MAX_BLOCK:
                # a line longer than any hand and no end yet (a crashed client's log padded with NULs): no cut can
                # start inside it, so its bytes go too (kept, each read made the buffer longer and was searched
                # again from the line's start: quadratic in the line's length). buf[keep] is then inside a line.
                drop = limit
            if drop > keep:
                line += _lines(buf, keep, drop)
                buf, offset, keep = _keep_from(buf, offset, drop)
        yield Piece(name, start, None, start_line)


_CONTEXT = 64  # bytes kept before buf's first uncounted line: what a header pattern's look-behind sees
_LINE_START = rb"(?<![^\r\n])"  # after a line end of any form (LF, CRLF, a lone CR), or where the text starts
_PATTERNS: dict[object, re.Pattern[bytes]] = {}
_PATTERNS_VERSION = [-1]  # the registry version _PATTERNS were made for


def _header_pattern(hands: bool) -> re.Pattern[bytes]:
    """Where a piece may start: any registered dialect's header at a line start (a header that may also
    start mid-line, or after some other text, is cut on only where it starts a line: a piece starts at
    column 1). A dialect with a file-level context section (Dialect.context) is cut only where one starts,
    so that every piece holds the context of its hands.
    `hands`: where a hand starts, as the reader finds one (each dialect's header after its own anchor, or
    anywhere), to tell where the file's first hand is."""
    if _PATTERNS_VERSION[0] != dialects.version():
        _PATTERNS.clear()
        _PATTERNS_VERSION[0] = dialects.version()
    if hands not in _PATTERNS:
        if hands:
            parts = [
                d.header
                if d.anywhere
                else (_LINE_START if d.anchor == rb"^" else d.anchor) + rb"(?:" + d.header + rb")"
                for d in dialects.dialects()
            ]
            pattern = rb"|".join(rb"(?:" + part + rb")" for part in parts)
        else:
            parts = [d.header if d.context is None else d.context for d in dialects.dialects()]
            pattern = _LINE_START + rb"(?:" + rb"|".join(rb"(?:" + part + rb")" for part in parts) + rb")"
        _PATTERNS[hands] = re.compile(pattern, re.MULTILINE)
    return _PATTERNS[hands]


def _context_markers() -> tuple[tuple[bytes, ...], re.Pattern[bytes]]:
    """The literals of which one is in every file-level context section of any dialect (Dialect.context_markers;
    b"" for a dialect with a context and no markers: met at once), and where such a section starts a line."""
    if _PATTERNS_VERSION[0] != dialects.version():
        _header_pattern(hands=False)  # (clears the patterns of an older registry)
    with_context = [d for d in dialects.dialects() if d.context is not None]
    markers = tuple(marker for d in with_context for marker in (d.context_markers or (b"",)))
    if "sections" not in _PATTERNS:
        parts = [d.context for d in with_context if d.context is not None] or [rb"(?!)"]
        _PATTERNS["sections"] = re.compile(
            _LINE_START + rb"(?:" + rb"|".join(rb"(?:" + part + rb")" for part in parts) + rb")", re.MULTILINE
        )
    return markers, _PATTERNS["sections"]


def _first_marker(markers: tuple[bytes, ...], buf: bytes, offset: int, data: bytes) -> int | None:
    """The file offset of the first marker in `data`, the bytes read after `buf` (which starts at `offset`),
    also one that starts in buf's last bytes; None if there is none."""
    longest = max(len(marker) for marker in markers)
    seam = buf[max(0, len(buf) - longest + 1) :]
    text = seam + data
    found = [at for at in (text.find(marker) for marker in markers) if at >= 0]
    return offset + len(buf) - len(seam) + min(found) if found else None


def _next_cut(pattern: re.Pattern[bytes], buf: bytes, keep: int, at: int, whole: bool) -> int | None:
    """The start of the first hand that starts at or after `at` (None: none in `buf`, or none sure). The
    search begins _LOOKBACK bytes earlier and goes on after each header it meets, so that a header of
    several lines (PartyPoker's `Game #N starts.`, `#Game No : N`, then `***** Hand History…`) is met
    from its first line; `_hand_start` looks further back where it began before that. `whole`: buf
    holds the file's text from its first byte."""
    floor = 0 if whole else keep
    for match in pattern.finditer(buf, max(floor, at - _LOOKBACK)):
        if match.start() >= at:
            begin = _hand_start(pattern, buf, floor, match.start(), whole)
            if begin is not None and begin >= at:
                return begin
    return None


def _hand_start(pattern: re.Pattern[bytes], buf: bytes, floor: int, start: int, whole: bool) -> int | None:
    """Where the hand whose header matched at `start` starts: there, or on an earlier line when a header
    matched from the last non-blank line before it runs past `start` (the reader, reading from the top,
    meets that one first). None when blank lines reach back to `floor` and the file goes on before it."""
    while True:
        before = _last_text_line(buf, floor, start)
        if before is None:
            return start if whole else None
        match = pattern.match(buf, before)
        if match is None or match.end() <= start:
            return start
        start = before


def _last_text_line(buf: bytes, floor: int, end: int) -> int | None:
    """The start of the last line before the line start `end` that holds more than spaces and tabs (the
    blank lines of the header patterns); None if there is none from `floor` (a line start) on."""
    while end > floor:
        stop = end - 1  # the line end before `end`
        if buf[stop] == 10 and stop > floor and buf[stop - 1] == 13:
            stop -= 1
        found = max(buf.rfind(b"\n", floor, stop), buf.rfind(b"\r", floor, stop))
        begin = found + 1 if found >= 0 else floor
        if buf[begin:stop].strip(b" \t"):
            return begin
        end = begin
    return None


def _last_line_start(buf: bytes, keep: int, limit: int) -> int:
    """The last line start after `keep` and at or before `limit` (keep if none); never inside a CRLF."""
    if limit <= keep:
        return keep
    end = max(buf.rfind(b"\n", keep, limit), buf.rfind(b"\r", keep, limit))
    if end < 0:
        return keep
    if buf[end] == 13:  # a CR: the line ends after its LF if one follows
        if end + 1 >= len(buf):
            return _last_line_start(buf, keep, end)  # the LF may be in the next read
        if buf[end + 1] == 10:
            return end + 2
    return end + 1


def _keep_from(buf: bytes, offset: int, at: int) -> tuple[bytes, int, int]:
    """`buf` from `at` on, with up to _CONTEXT bytes before it: the bytes, their file offset, where `at` is."""
    first = max(0, at - _CONTEXT)
    return buf[first:], offset + first, at - first


def _lines(buf: bytes, begin: int, end: int) -> int:
    part = buf[begin:end]
    return part.count(b"\n") + part.count(b"\r") - part.count(b"\r\n")


class _Bounded:
    """A file handle that reads at most `limit` bytes (None: to the end)."""

    def __init__(self, handle, limit: int | None) -> None:
        self.handle, self.left = handle, limit

    def read(self, n: int) -> bytes:
        if self.left is None:
            return self.handle.read(n)
        data = self.handle.read(min(n, self.left))
        self.left -= len(data)
        return data


def read_piece(piece: Piece) -> Iterator[Block | Finding]:
    """The blocks of a piece, with the file's own line numbers; the whole file goes through read_blocks."""
    name = display_name(piece.path)
    if piece.start == 0 and piece.end is None:
        yield from read_blocks(Path(piece.path), name)
        return
    try:
        with open(piece.path, "rb") as handle:
            handle.seek(piece.start)
            limit = None if piece.end is None else piece.end - piece.start
            for item in split_chunks(
                byte_chunks(_Bounded(handle, limit), name, tested=True, ends_file=piece.end is None), name, piece.line
            ):
                # a later piece starts with a hand: "no hand in the file" (HH001) is for a whole file only
                if isinstance(item, Block) or piece.start == 0 or item.code != "HH001":
                    yield item
    except OSError as exc:
        yield finding("HH004", f"cannot read file: {exc.strerror or exc}", name, 0)
