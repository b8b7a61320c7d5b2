"""Turn a block of text into a Hand, or into findings that say why it could not be read.

Never raises for bad input: every block becomes exactly one ParseResult (parsed, unparsed or
unsupported), so that every hand read is accounted for. The block's dialect (found by the splitter)
names the reader, through the registry (`hhtool.dialects`); a dialect without a reader yet makes
its hands `unsupported` (HH021). The helpers below are what every line-grammar reader shares: the
findings of a block too large, of a hand cut short and of a line the grammar does not allow.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from hhtool import dialects
from hhtool.codes import HH005, HH010, HH011, HH020, HH021, HH099, finding
from hhtool.grammar.fields import FieldError, Unsupported
from hhtool.grammar.lalr import LineParser, UnexpectedLine
from hhtool.grammar.lexer import UnknownLine
from hhtool.grammar.line_words import expected_kinds, line_kind
from hhtool.grammar.result import ParseResult, Status
from hhtool.io.split import Block
from hhtool.model import Hand, Header

__all__ = [
    "ParseResult",
    "Status",
    "hand_id",
    "parse_block",
    "parse_sections",
    "site_and_id",
    "syntax_error",
    "unparsed",
]

# Enum members as module constants: an enum class's attribute look-up goes through EnumType.__getattr__
# (~10x a global's).
_PARSED, _UNPARSED, _UNSUPPORTED = Status.PARSED, Status.UNPARSED, Status.UNSUPPORTED

# dialect name → its reader (None: no reader), resolved once per registry version
_READERS: dict[str, Callable[[Block], ParseResult] | None] = {}
_READERS_VERSION = [-1]
_HAND_IDS: dict[str | None, tuple[str, re.Pattern[str], int | None]] = {}  # dialect → site, id pattern, window
_DEFAULT_ID = re.compile(r"#\s*([\w-]+)")


def parse_block(block: Block) -> ParseResult:
    """Parse one hand block with its dialect's reader; HH021 (unsupported) for a dialect without one."""
    if _READERS_VERSION[0] != dialects.version():
        _reset()
    key = block.dialect or ""
    reader = _READERS.get(key)
    if reader is None:
        if key not in _READERS:
            reader = _READERS[key] = _reader_of(block.dialect)
        if reader is None:
            site, hand_id = site_and_id(block)
            return ParseResult(
                _UNSUPPORTED,
                block.file,
                block.line,
                site,
                hand_id,
                findings=(
                    finding(
                        HH021,
                        f"{site} hand histories are not supported yet (dialect without a grammar)",
                        block.file,
                        block.line,
                        block.column,
                        hand_id=hand_id,
                    ),
                ),
            )
    return reader(block)


def parse_safely(block: Block) -> ParseResult:
    """parse_block, with a bug in hhtool turned into a finding (HH099) instead of a crash; a block that
    shares its line with the hand before it gives its result its column (the readers leave it at 1)."""
    try:
        result = parse_block(block)
    except Exception as exc:  # noqa: BLE001 - the run must go on past our own bug
        site, hand_id = site_and_id(block)
        return ParseResult(
            Status.UNPARSED,
            block.file,
            block.line,
            site,
            hand_id,
            findings=(
                finding(
                    HH099,
                    f"internal error while parsing: {type(exc).__name__}: {exc}",
                    block.file,
                    block.line,
                    block.column,
                ),
            ),
            column=block.column if block.shares_line else 1,
        )
    return result if not block.shares_line else result.at_column(block.column)


def _reset() -> None:
    _READERS.clear()
    _HAND_IDS.clear()
    _READERS_VERSION[0] = dialects.version()


def _reader_of(name: str | None):
    dialect = dialects.get(name)
    return dialect.load("reader") if dialect is not None else None


def site_and_id(block: Block) -> tuple[str, str | None]:
    """The site and hand id (the site's game number) of a block, read without parsing it (for hands
    that are not parsed)."""
    if _READERS_VERSION[0] != dialects.version():
        _reset()
    known = _HAND_IDS.get(block.dialect)
    if known is None:
        dialect = dialects.get(block.dialect)
        if dialect is None:  # stray text (no dialect) is never parsed as a hand
            known = (block.dialect or "unknown", _DEFAULT_ID, 300)
        else:
            known = (dialect.site_name, re.compile(dialect.hand_id), dialect.hand_id_window)
        _HAND_IDS[block.dialect] = known
    site, pattern, window = known
    return site, hand_id(block.text, pattern, len(block.text) if window is None else window)


def hand_id(text: str, pattern: re.Pattern[str] = _DEFAULT_ID, window: int = 300) -> str | None:
    """Group 1 of `pattern`'s first match in the first `window` characters of `text`."""
    match = pattern.search(text, 0, window)
    return match.group(1) if match else None


def unparsed(
    block: Block,
    site: str,
    hand_id: str | None,
    code: str,
    message: str,
    line: int,
    column: int = 1,
    expected=None,
    actual=None,
) -> ParseResult:
    """An unparsed hand with its one finding."""
    return ParseResult(
        _UNPARSED,
        block.file,
        block.line,
        site,
        hand_id,
        findings=(finding(code, message, block.file, line, column, hand_id=hand_id, expected=expected, actual=actual),),
    )


def oversized(block: Block, site: str, hand_id: str | None) -> ParseResult:
    """HH005: a block over the splitter's limit is reported, never parsed."""
    return unparsed(
        block,
        site,
        hand_id,
        HH005,
        "hand block is larger than the limit of 512 KiB; not parsed",
        block.line,
        block.column,
        expected="<= 524288 bytes",
        actual="larger",
    )


def syntax_error(
    exc: UnknownLine | UnexpectedLine,
    block: Block,
    site: str,
    hand_id: str | None,
    grammar_label: str,
    summary_marker: str,
) -> ParseResult:
    """HH011 for a hand that stops before its summary (`summary_marker` is the line that opens it), else
    HH010 for a line the grammar (named `grammar_label` in the message) does not allow where it stands."""
    base = block.line - 1
    last = len(block.text.rstrip("\n").split("\n"))
    cut_mid_line = isinstance(exc, UnknownLine) and exc.line == last and "\n" + summary_marker not in block.text
    if (isinstance(exc, UnexpectedLine) and exc.token is None) or cut_mid_line:
        # the hand stops before its summary: at its end, or in the middle of its last line, where the
        # next hand's header begins
        code, line, column = HH011, base + last, 1
        message = f"hand ends before its {summary_marker} section"
        expected, actual = summary_marker, "end of hand"
    else:
        if isinstance(exc, UnknownLine):
            number, text, kinds = exc.line, exc.text, exc.allowed
            what = f"cannot read the line {_quoted(text)}: it is no kind of line the {grammar_label} format has here"
        else:
            token = exc.token
            assert token is not None  # a missing token (end of hand) is HH011 above
            number, text, kinds = token.line, token.value, exc.expected
            what = f"the line {_quoted(text)} is {line_kind(token.type)}, which cannot come here"
        code, line, column = HH010, base + number, block.column if number == 1 else 1
        shown = expected_kinds(kinds)
        message = f"{what}; here could come {shown}"
        expected, actual = shown, text[:160]
    return unparsed(block, site, hand_id, code, message, line, column, expected, actual)


def _quoted(text: str) -> str:
    """A line as a message quotes it: in double quotes, cut at 80 characters."""
    stripped = text.strip()
    return '"' + (stripped if len(stripped) <= 80 else stripped[:79] + "…") + '"'


def parse_sections(
    block: Block,
    site: str,
    id_pattern: re.Pattern[str],
    read_header: Callable[[str, str, int], Header],
    parser: LineParser,
    build: Callable[[Block, Header, Sequence, Sequence, Sequence, int], Hand],
    grammar_label: str,
    summary_marker: str,
) -> ParseResult:
    """The parse of a hand written as the line-grammar dialects write one: a header line, a table line, the
    seats, the streets and a summary section. The dialect gives its header reader, its grammar's parser and
    `build` (the hand from the grammar's sections: seats, body, summary and the block's line breaks); this
    turns every way the text can be wrong into its finding: HH005 oversized, HH011 cut short, HH010 a line
    the grammar does not allow or a field that cannot be read, HH020 a game that is not Hold'em."""
    found_id = hand_id(block.text, id_pattern)
    if block.oversized:
        return oversized(block, site, found_id)
    lines = block.text.split("\n")  # (split once: the header and table lines, then the parser's lines)
    first = lines[0]
    table_line = ""  # the first line after the header's blank ones
    for index in range(1, len(lines)):
        if lines[index]:
            table_line = lines[index]
            break
    if not table_line:
        return unparsed(
            block,
            site,
            found_id,
            HH011,
            "hand ends right after its header line",
            block.line,
            block.column,
            expected="Table '…' line, seats, streets, " + summary_marker,
            actual="end of hand",
        )
    try:
        header = read_header(first, table_line, block.line)
    # each except clause names its exception differently: compiled (mypyc), a name has one type per function
    except Unsupported as unsupported:
        return ParseResult(
            _UNSUPPORTED,
            block.file,
            block.line,
            site,
            found_id,
            findings=(
                finding(
                    HH020,
                    HH020.message(game=unsupported.game),
                    block.file,
                    block.line,
                    block.column,
                    hand_id=found_id,
                ),
            ),
        )
    except FieldError as header_error:
        return unparsed(
            block,
            site,
            found_id,
            header_error.code,
            str(header_error),
            header_error.line,
            header_error.column,
            header_error.expected,
            header_error.actual,
        )
    try:
        _header_tokens, seat_tokens, body, summary = parser.parse_lines(lines)
    except (UnknownLine, UnexpectedLine) as grammar_error:
        return syntax_error(grammar_error, block, site, found_id, grammar_label, summary_marker)
    try:
        return ParseResult(
            _PARSED,
            block.file,
            block.line,
            site,
            found_id,
            hand=build(block, header, seat_tokens, body, summary, len(lines) - 1),
        )
    except FieldError as field_error:
        return unparsed(
            block,
            site,
            found_id,
            field_error.code,
            str(field_error),
            field_error.line,
            field_error.column,
            field_error.expected,
            field_error.actual,
        )
