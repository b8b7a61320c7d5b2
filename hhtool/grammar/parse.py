"""Turn a block of text into a Hand, or into findings that say why it could not be read.

Never raises for bad input: every block becomes exactly one ParseResult (parsed, unparsed or
unsupported), so that every hand read is accounted for. The block's dialect (found by the splitter)
names the reader, through the registry (`hhtool.dialects`); a dialect without a reader yet makes
its hands `unsupported` (HH021). The helpers below are what every line-grammar reader shares: the
findings of a block too large, of a hand cut short and of a line the grammar does not allow.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from hhtool import dialects
from hhtool.codes import finding
from hhtool.grammar.lalr import UnexpectedLine
from hhtool.grammar.lexer import UnknownLine
from hhtool.grammar.result import ParseResult, Status
from hhtool.io.split import Block

__all__ = ["ParseResult", "Status", "hand_id", "parse_block", "site_and_id", "syntax_error", "unparsed"]

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
            return ParseResult(_UNSUPPORTED, block.file, block.line, site, hand_id, findings=(
                finding("HH021", f"{site} hand histories are not supported yet (dialect without a grammar)",
                        block.file, block.line, block.column, hand_id=hand_id),))
    return reader(block)


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


def unparsed(block: Block, site: str, hand_id: str | None, code: str, message: str, line: int, column: int = 1,
             expected=None, actual=None) -> ParseResult:
    """An unparsed hand with its one finding."""
    return ParseResult(_UNPARSED, block.file, block.line, site, hand_id, findings=(
        finding(code, message, block.file, line, column, hand_id=hand_id, expected=expected, actual=actual),))


def oversized(block: Block, site: str, hand_id: str | None) -> ParseResult:
    """HH005: a block over the splitter's limit is reported, never parsed."""
    return unparsed(block, site, hand_id, "HH005", "hand block is larger than the limit of 512 KiB; not parsed",
                    block.line, block.column, expected="<= 524288 bytes", actual="larger")


def syntax_error(exc: UnknownLine | UnexpectedLine, block: Block, site: str, hand_id: str | None,
                 grammar_label: str, summary_marker: str) -> ParseResult:
    """HH011 for a hand that stops before its summary (`summary_marker` is the line that opens it), else
    HH010 for a line the grammar (named `grammar_label` in the message) does not allow where it stands."""
    base = block.line - 1
    last = len(block.text.rstrip("\n").split("\n"))
    cut_mid_line = (isinstance(exc, UnknownLine) and exc.line == last and "\n" + summary_marker not in block.text)
    if (isinstance(exc, UnexpectedLine) and exc.token is None) or cut_mid_line:
        # the hand stops before its summary: at its end, or in the middle of its last line, where the
        # next hand's header begins
        code, line, column = "HH011", base + last, 1
        message = f"hand ends before its {summary_marker} section"
        expected, actual = summary_marker, "end of hand"
    else:
        if isinstance(exc, UnknownLine):
            number, text, kinds = exc.line, exc.text, exc.allowed
            what = f"line matches no kind of line the {grammar_label} grammar allows here"
        else:
            token = exc.token
            assert token is not None  # a missing token (end of hand) is HH011 above
            number, text, kinds = token.line, token.value, exc.expected
            what = f"a {token.type} line is not allowed here"
        code, line, column = "HH010", base + number, block.column if number == 1 else 1
        kinds = sorted(kinds)
        shown = ", ".join(kinds[:8]) + (f" (+{len(kinds) - 8} more)" if len(kinds) > 8 else "")
        message = f"{what}; expected {shown}"
        expected, actual = shown, text[:160]
    return unparsed(block, site, hand_id, code, message, line, column, expected, actual)
