"""Split a file into hand blocks on the header lines of every known dialect, streaming.

Decoding: UTF-16 with a byte-order mark is decoded up front; everything else is split as bytes
(every header is ASCII) and each block is decoded on its own, UTF-8 first, then Windows-1252, so
one odd byte spoils one hand, not the file. Line ends become `\n`, trailing blanks and the
no-break spaces some clients write are normalised away; line numbers are those of the file.
"""

from __future__ import annotations

import bisect
import codecs
import re
from collections.abc import Iterator
from pathlib import Path

from hhtool.codes import HH001, HH003, HH004, finding
from hhtool.findings import Finding
from hhtool.io.headers import find_headers
from hhtool.io.paths import display_name

CHUNK = 1 << 20
MAX_BLOCK = 512 * 1024  # a hand is a few KiB; anything this big is not a hand

# The first lines of a PartyPoker, 888 or PHH header (`Game #N starts.`, `#Game No : N`, comment
# lines, `[N]`), with nothing after them yet: at the end of a chunk they wait for the next one, so
# that the header is met whole wherever a read ends.
_OPEN_HEADER = re.compile(
    rb"(?m)^[ \t]*(?:Game #\d+ starts\.|#[^\n]*|\[\d+\])[ \t]*\n"
    rb"(?:[ \t]*\n|[ \t]*#[^\n]*\n)*\Z"
)
_OPEN_TAIL = 512  # bytes at the end of a chunk where such lines are looked for


_BLANKS = " \t\xa0"


class Block:
    """The text of one hand (or of stray text when dialect is None) and where it starts.

    Immutable, compared and hashed by its fields, printed as a dataclass prints, as the frozen dataclass
    it was: written out because a frozen dataclass's `__init__` is generated Python that sets each field
    through `object.__setattr__` (0.6 us of the 6 a hand the splitter took, compiled); this one compiles.
    - `context`: the dialect's file-level section before the hand (Dialect.context), if any;
    - `context_line`: the line where that section starts;
    - `shares_line`: the hand before it starts on the same line (a cut hand ran into this one's header):
      line and column, not the line alone, tell such a hand apart (export's keys of unparsed hands)."""

    __slots__ = (
        "_column",
        "_context",
        "_context_line",
        "_dialect",
        "_file",
        "_line",
        "_oversized",
        "_shares_line",
        "_text",
    )

    def __init__(
        self,
        file: str,
        line: int,
        column: int,
        dialect: str | None,
        text: str,
        oversized: bool = False,
        context: str | None = None,
        context_line: int = 0,
        shares_line: bool = False,
    ) -> None:
        self._file = file
        self._line = line
        self._column = column
        self._dialect = dialect
        self._text = text
        self._oversized = oversized
        self._context = context
        self._context_line = context_line
        self._shares_line = shares_line

    @property
    def file(self) -> str:
        return self._file

    @property
    def line(self) -> int:
        return self._line

    @property
    def column(self) -> int:
        return self._column

    @property
    def dialect(self) -> str | None:
        return self._dialect

    @property
    def text(self) -> str:
        return self._text

    @property
    def oversized(self) -> bool:
        return self._oversized

    @property
    def context(self) -> str | None:
        return self._context

    @property
    def context_line(self) -> int:
        return self._context_line

    @property
    def shares_line(self) -> bool:
        return self._shares_line

    def _fields(self) -> tuple[str, int, int, str | None, str, bool, str | None, int, bool]:
        return (
            self._file,
            self._line,
            self._column,
            self._dialect,
            self._text,
            self._oversized,
            self._context,
            self._context_line,
            self._shares_line,
        )

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Block)
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (
            f"Block(file={self._file!r}, line={self._line!r}, column={self._column!r}, "
            f"dialect={self._dialect!r}, text={self._text!r}, oversized={self._oversized!r}, "
            f"context={self._context!r}, context_line={self._context_line!r}, "
            f"shares_line={self._shares_line!r})"
        )


def read_blocks(path: Path, name: str | None = None) -> Iterator[Block | Finding]:
    """Yield the blocks of one file, and findings for problems with the file itself.

    Never raises for bad input: I/O errors, binary and empty files become findings.
    """
    name = name if name is not None else display_name(path)
    try:
        with open(path, "rb") as handle:
            yield from split_chunks(byte_chunks(handle, name), name)
    except OSError as exc:
        yield finding(HH004, f"cannot read file: {exc.strerror or exc}", name, 0)


class _Binary(Exception):
    pass


def byte_chunks(handle, name: str, tested: bool = False, ends_file: bool = True) -> Iterator[bytes]:
    """UTF-8-ish bytes of the file with `\n` line ends; UTF-16 is transcoded on the way.

    `tested`: the handle reads a piece of a file whose head the caller has tested already and found plain
    text (no UTF-16 mark, no NUL after line ends, not binary: hhtool.engine.plan cuts only such files).
    The tests are not made again on the piece's own first bytes, which are not the file's head: a short
    first piece with a few control bytes, or a later one with NULs after its line ends, would be read
    otherwise than the whole file is (HH003 and its hands lost, or its NULs dropped). `ends_file`: the
    piece reads to the file's end, where the NUL padding after the last hand is dropped as a whole read
    drops it."""
    newlines = _NewlineNormaliser()
    first = handle.read(CHUNK)
    if tested:
        first = first.lstrip(b"\x00")  # (at the file's start only: a later piece starts with a header)
        if first.startswith(codecs.BOM_UTF8):
            first = first[3:]
        for chunk in _drop_nul_runs(_reads(handle, first), ends_file):
            yield from newlines(chunk)
        yield from newlines(b"", final=True)
        return
    if first[:2] in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE):
        # transcoded, a crashed client's NUL padding is NUL bytes again: dropped as in a UTF-8 file
        for chunk in _drop_nul_runs(_utf16_as_utf8(handle, first), True):
            yield from newlines(chunk)
        yield from newlines(b"", final=True)
        return
    nul_lines = nul_after_line_ends(first[:8192])
    if nul_lines:
        first = first.replace(b"\n\x00", b"\n")
    if looks_binary(without_padding(first[:8192])):
        raise _Binary
    first = first.lstrip(b"\x00")  # some PartyPoker exports start with a stray NUL
    if first.startswith(codecs.BOM_UTF8):
        first = first[3:]
    reads = _reads(handle, first)
    for chunk in _drop_nul_runs(_drop_line_nuls(reads) if nul_lines else reads, True):
        yield from newlines(chunk)
    yield from newlines(b"", final=True)


def _utf16_as_utf8(handle, first: bytes) -> Iterator[bytes]:
    decoder = codecs.getincrementaldecoder("utf-16")(errors="replace")
    chunk = first
    while chunk:
        yield decoder.decode(chunk).encode("utf-8")
        chunk = handle.read(CHUNK)
    yield decoder.decode(b"", final=True).encode("utf-8")


def _reads(handle, first: bytes) -> Iterator[bytes]:
    chunk = first
    while chunk:
        yield chunk
        chunk = handle.read(CHUNK)


def _drop_line_nuls(chunks: Iterator[bytes]) -> Iterator[bytes]:
    """The chunks without the NUL after each line end, also where a read ends between the two."""
    ended = False
    for chunk in chunks:
        chunk = chunk.replace(b"\n\x00", b"\n")
        if ended and chunk.startswith(b"\x00"):
            chunk = chunk[1:]
        if chunk:
            ended = chunk.endswith(b"\n")
            yield chunk


def without_padding(head: bytes) -> bytes:
    """The head without the NUL bytes that end it: a client that crashed leaves its log padded with NULs
    after the last hand (the file's preallocated size); counted, they made a short file look binary."""
    return head.rstrip(b"\x00") if head.endswith(b"\x00") else head


_NUL_RUN = re.compile(rb"\x00+")
_LINE_ENDS = (b"\n", b"\r")


def _drop_nul_runs(chunks: Iterator[bytes], ends_file: bool) -> Iterator[bytes]:
    """The chunks without the runs of NULs that stand at a line end: after a line's text or before the
    next line (a crashed client's log is padded with NULs to its preallocated size; the restarted client
    appends after them, so the next hand's header starts a line), and the run that ends the file (see
    without_padding; when `ends_file`). A run inside a line's text is kept where it is. Only chunks that
    hold a NUL are looked at again (memchr); a run across reads is held as a count, never as bytes."""
    held = 0  # NULs at the end of what was read so far, not yet given on
    line_end_before = True  # what came before the held run (or the next chunk) ends a line (or is nothing)
    for chunk in chunks:
        if held and chunk[:1] == b"\x00":  # the run goes on
            rest = chunk.lstrip(b"\x00")
            held += len(chunk) - len(rest)
            chunk = rest
        if not chunk:
            continue
        if held:
            if not line_end_before and chunk[:1] not in _LINE_ENDS:
                while held:  # a run inside a line: kept
                    part = min(held, CHUNK)
                    yield b"\x00" * part
                    held -= part
            held = 0
        if b"\x00" not in chunk:
            line_end_before = chunk[-1:] in _LINE_ENDS
            yield chunk
            continue
        text = chunk.rstrip(b"\x00")
        held += len(chunk) - len(text)
        if not text:
            continue
        yield _without_line_end_runs(text, line_end_before) if b"\x00" in text else text
        line_end_before = text[-1:] in _LINE_ENDS
    if held and not ends_file:
        while held:
            part = min(held, CHUNK)
            yield b"\x00" * part
            held -= part


def _without_line_end_runs(text: bytes, start_ends_line: bool) -> bytes:
    """`text` without its NUL runs that a line end is beside (`start_ends_line`: one is before it)."""
    parts: list[bytes] = []
    at = 0
    for run in _NUL_RUN.finditer(text):
        start, end = run.span()
        before = text[start - 1 : start] in _LINE_ENDS if start else start_ends_line
        if before or text[end : end + 1] in _LINE_ENDS:
            parts.append(text[at:start])
            at = end
    if not parts:
        return text
    parts.append(text[at:])
    return b"".join(parts)


def nul_after_line_ends(head: bytes) -> bool:
    """Some PartyPoker exports write a NUL after every line end (and one before the first line): a
    text file all the same, once those NULs are dropped."""
    nuls = head.count(b"\x00")
    return nuls > 0 and head.count(b"\n\x00") + head.startswith(b"\x00") == nuls


def looks_binary(head: bytes) -> bool:
    """NUL or other control bytes in more than 1% of the head: not a text hand history. A run of NULs
    counts once (a crashed client's padding inside a log, which the reader drops: _drop_nul_runs)."""
    if b"\x00\x00" in head:
        head = _NUL_RUN.sub(b"\x00", head)
    controls = sum(head.count(bytes([c])) for c in (0, 1, 2, 3, 4, 5, 6, 7, 8, 14, 15, 16, 17, 18, 19, 20, 21))
    return controls > max(1, len(head) // 100)


class _NewlineNormaliser:
    """Turn CRLF and stray CR into LF; a CR at a chunk end waits to see if LF follows."""

    def __init__(self) -> None:
        self._held = b""

    def __call__(self, data: bytes, final: bool = False) -> Iterator[bytes]:
        data, self._held = self._held + data, b""
        if data.endswith(b"\r") and not final:
            data, self._held = data[:-1], b"\r"
        if data:  # most files have no CR: one memchr instead of two copies of the chunk
            yield data.replace(b"\r\n", b"\n").replace(b"\r", b"\n") if b"\r" in data else data


def split_chunks(
    chunks: Iterator[bytes], name: str, first_line: int = 1, contexts: dict[str, Block] | None = None
) -> Iterator[Block | Finding]:
    """Blocks of the text in `chunks` (newlines normalised) cut at header lines, numbered from
    `first_line` (a piece of a file starts further down); file-level findings are at line 1.
    `contexts` (dialect → its latest file-level context section, Dialect.context) is what a caller that
    reads a file in several goes (`hhtool watch`) keeps between them: used, and updated in place."""
    body = _Body()  # the block that runs on from the end of the last chunk (or the file's first block)
    carried = True
    start_line, start_col, dialect = first_line, 1, None
    opens_context = False  # the open block is a dialect's context section, not a hand
    if contexts is None:
        contexts = {}
    pending = b""
    line_no = first_line
    hands = 0
    stray = False
    last_hand_line = 0  # where the last hand block yielded starts (0: none yet)
    try:
        stream = iter(chunks)
        done = False
        while not done:
            chunk = next(stream, None)
            done = chunk is None
            data = pending + (chunk or b"")
            cut = len(data) if done else data.rfind(b"\n") + 1
            if not done and cut:
                cut = _before_open_header(data, cut)
            if cut == 0:
                if len(data) <= MAX_BLOCK:
                    pending = data
                    continue
                cut = len(data)  # a monster line: take it as content, it cannot hold a header we need
            work, pending = data[:cut], data[cut:]
            untidy = _untidy(work)
            pos = 0
            counted, lines_before = 0, 0  # newlines in work[:counted], counted incrementally
            for begin, header_dialect, header_context in find_headers(work):
                if carried or begin - pos > MAX_BLOCK:
                    if not carried:
                        body = _Body()
                    body.add(work[pos:begin])
                    body.untidy |= _between(untidy, pos, begin)
                    block = body.emit(name, start_line, start_col, dialect)
                    carried = False
                else:  # a block within the chunk, in bounds: its bytes as they are (what _Body would join)
                    block = _emit(
                        [work[pos:begin]],
                        begin - pos,
                        name,
                        start_line,
                        start_col,
                        dialect,
                        _between(untidy, pos, begin),
                    )
                if block is not None:
                    if opens_context and dialect is not None:
                        contexts[dialect] = block
                    else:
                        if block.dialect is not None:
                            hands += 1
                            if block.line == last_hand_line:
                                block = _sharing_line(block)
                            last_hand_line = block.line
                        else:
                            stray = True
                        yield _with_context(block, contexts)
                lines_before += work.count(b"\n", counted, begin)
                counted = begin
                start_line = line_no + lines_before
                start_col = begin - (work.rfind(b"\n", 0, begin) + 1) + 1
                dialect, opens_context = header_dialect, header_context
                pos = begin
            if not carried:
                body, carried = _Body(), True
            body.add(work[pos:])
            body.untidy |= _between(untidy, pos, len(work))
            line_no += lines_before + work.count(b"\n", counted)  # newlines of work, counted once
        block = body.emit(name, start_line, start_col, dialect)
        if block is not None and not opens_context:
            hands += block.dialect is not None
            stray |= block.dialect is None
            if block.dialect is not None and block.line == last_hand_line:
                block = _sharing_line(block)
            yield _with_context(block, contexts)
    except _Binary:
        yield finding(
            HH003,
            "binary file: control bytes (NUL and others) in the first 8 KiB and no UTF-16 byte-order mark",
            name,
            1,
        )
        return
    if hands == 0 and not stray:
        yield finding(HH001, "file contains no hand", name, 1, expected=">= 1 hand", actual=0)


def _with_context(block: Block, contexts: dict[str, Block]) -> Block:
    """A hand block with its dialect's latest file-level context section attached (Dialect.context)."""
    if block.dialect is None or not contexts:
        return block
    context = contexts.get(block.dialect)
    if context is None:
        return block
    return Block(
        block.file,
        block.line,
        block.column,
        block.dialect,
        block.text,
        block.oversized,
        context.text,
        context.line,
        block.shares_line,
    )


def _sharing_line(block: Block) -> Block:
    """A hand block whose line the hand before it starts on (rare: no copy otherwise)."""
    return Block(
        block.file,
        block.line,
        block.column,
        block.dialect,
        block.text,
        block.oversized,
        block.context,
        block.context_line,
        True,
    )


def _before_open_header(data: bytes, cut: int) -> int:
    """`cut`, or the start of the first lines of a multi-line header that end the chunk there: an opening
    line (`Game #N starts.`, a comment, `[N]`) and only blank and comment lines after it (_OPEN_HEADER).
    Blank lines are looked past however many there are, so that where a read ends never decides where
    a hand starts (a piece of a file is read in other chunks than the whole file); what is held is at
    most MAX_BLOCK bytes (a header that long is no header)."""
    floor = max(0, cut - MAX_BLOCK)
    text_end = _text_before(data, cut, floor)
    if text_end == floor:
        return cut
    tail = max(0, text_end - _OPEN_TAIL)
    end = data[tail:text_end]
    if b"#" not in end and b" starts." not in end and b"]" not in end:
        return cut
    start = data.rfind(b"\n", 0, tail) + 1 if tail else 0
    match = _OPEN_HEADER.search(data, start, cut)
    if match is None:
        return cut
    begin = match.start()
    # a comment line opens a header, and may follow another opener across any run of blank and comment
    # lines (PartyPoker's `Game #N starts.`, blank lines, then `#Game No : N`)
    while begin > floor and data[begin : begin + _OPEN_TAIL].lstrip(b" \t").startswith(b"#"):
        text_end = _text_before(data, begin, floor)
        before = data.rfind(b"\n", 0, text_end) + 1
        if text_end == floor or before < floor:
            break
        line = data[before:text_end].lstrip(b" \t")
        if not line.startswith(b"#") and _OPENER.fullmatch(line) is None:
            break
        begin = before
    return begin if cut - begin <= MAX_BLOCK else cut


_OPENER = re.compile(rb"Game #\d+ starts\.|\[\d+\]")  # an opening line of _OPEN_HEADER other than a comment


def _text_before(data: bytes, end: int, floor: int) -> int:
    """Where the text before `end` ends, blanks and line breaks left out (`floor` when there is none
    from there on); the run of blanks is looked over in doubling windows: linear in its length."""
    width = 256
    while True:
        low = max(floor, end - width)
        kept = len(data[low:end].rstrip(_WHITE))
        if kept or low == floor:
            return low + kept
        width *= 2


# a space before a line break, found from the line break: `re` runs to each line break at once and looks
# back one byte, where `bytes.find(b" \n")` steps over the text two or three bytes at a time (spaces are
# everywhere): 0.6 against 1 ms per MiB
_SPACE_AT_END = re.compile(rb"\n(?<= \n)")


def _untidy(work: bytes) -> list[int]:
    """Offsets in `work` of what a block's text is tidied of (a blank before a line break, a no-break
    space: its byte 0xA0 in every encoding read), in order; mostly none. Looked for once per chunk
    here, where `in` on each block's text took 2.6 us a hand (a two-byte needle of common bytes)."""
    marks = [m.start() - 1 for m in _SPACE_AT_END.finditer(work)]
    for needle, rare in ((b"\t\n", b"\t"), (b"\xa0", b"")):
        if rare and rare not in work:
            continue
        at = work.find(needle)
        while at >= 0:
            marks.append(at)
            at = work.find(needle, at + 1)
    marks.sort()
    return marks


def _between(marks: list[int], start: int, end: int) -> bool:
    if not marks:
        return False
    at = bisect.bisect_left(marks, start)
    return at < len(marks) and marks[at] < end


def _emit(
    parts: list[bytes], size: int, name: str, line: int, col: int, dialect: str | None, untidy: bool = True
) -> Block | None:
    raw = b"".join(parts)
    if size > MAX_BLOCK:  # kept as a block (hand or stray text) so that it is reported, never lost
        text = _decode(raw[:200]).split("\n", 1)[0]
        return Block(name, line, col, dialect, text, oversized=True)
    if dialect is None and not raw.strip():
        return None
    text = _decode(raw)
    if not text.endswith("\n"):  # first: a last line of blanks with no line break is cleaned up too
        # (a block cut before a header that starts after blanks, iPoker's `\t<game`)
        text += "\n"
    if (untidy or text.endswith((" \n", "\t\n"))) and (" \n" in text or "\t\n" in text or "\xa0" in text):
        text = "\n".join([line.rstrip(_BLANKS) for line in text.split("\n")]).replace("\xa0", " ")
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


_WHITE = b" \t\n"


class _Body:
    """The bytes of one block as they arrive, bounded by MAX_BLOCK.

    Blank lines after the last text of a block (the gap before the next hand, or the end of the
    file) are held apart: they are kept when the whole block fits the limit, as before, and left
    out when only they make it too large, so that a hand followed by a megabyte of blank lines is
    still read. What the block holds never depends on how the bytes were cut into pieces.
    """

    __slots__ = ("blank_size", "blanks", "parts", "size", "untidy")

    def __init__(self) -> None:
        self.parts: list[bytes] = []
        self.size = 0  # bytes up to the last non-blank byte
        self.blanks: list[bytes] = []  # the blank run after it (dropped once over the limit)
        self.blank_size = 0
        self.untidy = False  # whether its bytes may hold what _emit tidies (_untidy)

    def add(self, data: bytes) -> None:
        if not data:
            return
        text = data.rstrip(_WHITE)
        if text:
            room = MAX_BLOCK - self.size  # what the limit leaves before this text
            self.size += self.blank_size + len(text)
            if self.size <= MAX_BLOCK:
                self.parts.extend(self.blanks)
                self.parts.append(text)
            elif room > 0:  # over the limit: keep its head, which names the hand, wherever the bytes were cut
                head = b"".join(self.blanks)[:room]  # (the blanks are bounded; `text` may be a huge line: cut it first)
                self.parts.append(head + text[: room - len(head)])
            self.blanks, self.blank_size = [], 0
            data = data[len(text) :]
        self.blank_size += len(data)
        if self.blank_size <= MAX_BLOCK:
            self.blanks.append(data)
        else:
            self.blanks = []

    def emit(self, name: str, line: int, col: int, dialect: str | None) -> Block | None:
        if self.size + self.blank_size <= MAX_BLOCK:
            self.parts.extend(self.blanks)
        return _emit(self.parts, self.size, name, line, col, dialect, self.untidy)
