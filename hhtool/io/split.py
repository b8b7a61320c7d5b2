"""Split a file into hand blocks on the header lines of every known dialect, streaming.

Decoding: UTF-16 with a byte-order mark is decoded up front; everything else is split as bytes
(every header is ASCII) and each block is decoded on its own, UTF-8 first, then Windows-1252, so
one odd byte spoils one hand, not the file. Line ends become `\n`, trailing blanks and the
no-break spaces some clients write are normalised away; line numbers are those of the file.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from hhtool.codes import finding
from hhtool.findings import Finding

CHUNK = 1 << 20
MAX_BLOCK = 512 * 1024  # a hand is a few KiB; anything this big is not a hand

# One alternative per dialect; the group name is the dialect. PokerStars headers are also found in
# the middle of a line, where a cut hand runs into the next one.
_HEADER_PATTERNS = {
    "pokerstars": rb"PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #\d+",
    "pokerstars_clone": rb"(?m:^)[ \t]*(?:POKERSTARS GAME #|Run It Once Poker Hand #|PokerMaster Hand #"
                        rb"|PokerBros Hand #|Full Tilt Hand #)",
    "ggpoker": rb"(?m:^)Poker Hand #[A-Z]+\d",
    "winamax": rb"(?m:^)Winamax Poker - ",
    "pacific888": rb"(?m:^)(?:#Game No : \d+[ \t]*\n)?\*{5} (?:888poker|Cassava|Pacific Poker|888\.\w+)"
                rb" Hand History",
    "partypoker": rb"(?m:^)(?:(?:#Game No : \d+[ \t]*\n)?\*{5} Hand History [Ff]or Game|Game #\d+ starts\.)",
    "fulltilt": rb"(?m:^)Full ?Tilt ?Poker Game #",
    "bovada": rb"(?m:^)(?:Ignition|Bovada|Bodog) Hand #",
    "winning": rb"(?m:^)(?:Hand #\d+ - |Game started at: )",
    "ipoker": rb"(?m:^)[ \t]*<game gamecode=",
    "acpc": rb"(?m:^)STATE:\d+:",
}
HEADER_RE = re.compile(b"|".join(b"(?P<%s>%s)" % (k.encode(), v) for k, v in _HEADER_PATTERNS.items()))
_TRAILING_BLANKS = re.compile(r"[ \t\xa0]+$", re.M)


@dataclass(frozen=True, slots=True)
class Block:
    """The text of one hand (or of stray text when dialect is None) and where it starts."""

    file: str
    line: int
    column: int
    dialect: str | None
    text: str
    oversized: bool = False


def read_blocks(path: Path, name: str | None = None) -> Iterator[Block | Finding]:
    """Yield the blocks of one file, and findings for problems with the file itself.

    Never raises for bad input: I/O errors, binary and empty files become findings.
    """
    name = name if name is not None else str(path)
    try:
        with open(path, "rb") as handle:
            yield from _split(_byte_chunks(handle, name), name)
    except OSError as exc:
        yield finding("HH004", f"cannot read file: {exc.strerror or exc}", name, 0)


class _Binary(Exception):
    pass


def _byte_chunks(handle, name: str) -> Iterator[bytes]:
    """UTF-8-ish bytes of the file with `\n` line ends; UTF-16 is transcoded on the way."""
    newlines = _NewlineNormaliser()
    first = handle.read(CHUNK)
    if first[:2] in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE):
        decoder = codecs.getincrementaldecoder("utf-16")(errors="replace")
        chunk = first
        while chunk:
            yield from newlines(decoder.decode(chunk).encode("utf-8"))
            chunk = handle.read(CHUNK)
        yield from newlines(decoder.decode(b"", final=True).encode("utf-8"), final=True)
        return
    if b"\x00" in first[:8192]:
        raise _Binary
    if first.startswith(codecs.BOM_UTF8):
        first = first[3:]
    chunk = first
    while chunk:
        yield from newlines(chunk)
        chunk = handle.read(CHUNK)
    yield from newlines(b"", final=True)


class _NewlineNormaliser:
    """Turn CRLF and stray CR into LF; a CR at a chunk end waits to see if LF follows."""

    def __init__(self) -> None:
        self._held = b""

    def __call__(self, data: bytes, final: bool = False) -> Iterator[bytes]:
        data, self._held = self._held + data, b""
        if data.endswith(b"\r") and not final:
            data, self._held = data[:-1], b"\r"
        if data:
            yield data.replace(b"\r\n", b"\n").replace(b"\r", b"\n")


def _split(chunks: Iterator[bytes], name: str) -> Iterator[Block | Finding]:
    parts: list[bytes] = []
    size = 0
    start_line, start_col, dialect = 1, 1, None
    pending = b""
    line_no = 1
    hands = 0
    stray = False
    try:
        stream = iter(chunks)
        done = False
        while not done:
            chunk = next(stream, None)
            done = chunk is None
            data = pending + (chunk or b"")
            cut = len(data) if done else data.rfind(b"\n") + 1
            if cut == 0:
                if len(data) <= MAX_BLOCK:
                    pending = data
                    continue
                cut = len(data)  # a monster line: take it as content, it cannot hold a header we need
            work, pending = data[:cut], data[cut:]
            pos = 0
            for match in HEADER_RE.finditer(work):
                begin = match.start()
                size += begin - pos
                if size <= MAX_BLOCK:
                    parts.append(work[pos:begin])
                block = _emit(parts, size, name, start_line, start_col, dialect)
                if block is not None:
                    hands += block.dialect is not None
                    stray |= block.dialect is None
                    yield block
                start_line = line_no + work.count(b"\n", 0, begin)
                start_col = begin - (work.rfind(b"\n", 0, begin) + 1) + 1
                dialect = match.lastgroup
                parts, size, pos = [], 0, begin
            size += len(work) - pos
            if size <= MAX_BLOCK:
                parts.append(work[pos:])
            line_no += work.count(b"\n")
        block = _emit(parts, size, name, start_line, start_col, dialect)
        if block is not None:
            hands += block.dialect is not None
            stray |= block.dialect is None
            yield block
    except _Binary:
        yield finding("HH003", "binary file: NUL bytes and no UTF-16 byte-order mark", name, 1)
        return
    if hands == 0 and not stray:
        yield finding("HH001", "file contains no hand", name, 1, expected=">= 1 hand", actual=0)


def _emit(parts: list[bytes], size: int, name: str, line: int, col: int, dialect: str | None) -> Block | None:
    raw = b"".join(parts)
    if dialect is None and not raw.strip():
        return None
    if size > MAX_BLOCK:
        text = _decode(raw[:200]).split("\n", 1)[0]
        return Block(name, line, col, dialect, text, oversized=True)
    text = _TRAILING_BLANKS.sub("", _decode(raw)).replace("\xa0", " ")
    if not text.endswith("\n"):
        text += "\n"
    return Block(name, line, col, dialect, text)


def _decode(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        pass
    try:
        return raw.decode("cp1252")
    except UnicodeDecodeError:
        return raw.decode("latin-1")
