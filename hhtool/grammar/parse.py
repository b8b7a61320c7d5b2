"""Turn a block of text into a Hand, or into findings that say why it could not be read.

Never raises for bad input: every block becomes exactly one ParseResult (parsed, unparsed or
unsupported), so that every hand read is accounted for.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from hhtool.codes import finding
from hhtool.findings import Finding
from hhtool.grammar.lalr import UnexpectedLine
from hhtool.grammar.lexer import UnknownLine
from hhtool.grammar.loader import load_parser
from hhtool.grammar.pokerstars import (
    SITE,
    FieldError,
    HandReader,
    PokerStarsTransformer,
    Unsupported,
    read_header,
    read_seats,
)
from hhtool.io.split import Block
from hhtool.model import Hand, Source

_HAND_ID = re.compile(r"#\s*([\w-]+)")
_SITE_NAMES = {"pacific888": "888poker"}
# Where each dialect writes its game number (the first `#` of a header is the default): 888 and
# PartyPoker write a `#Game No` line before the header, whose number PartyPoker's Mac client and
# "fastforward" tables make different from the game's; a tournament number may come first.
_SITE_HAND_IDS = {
    "pacific888": re.compile(r"Hand History for Game (\w+)"),
    "partypoker": re.compile(r"Hand History [Ff]or Game (\w+)"),
    "winamax": re.compile(r"HandId: #([\w-]+)"),
    "winning": re.compile(r"(?:Hand #|Game ID: )(\d+)"),
    "ipoker": re.compile(r'<game gamecode="(\w+)"'),
    "acpc": re.compile(r"STATE:(\d+):"),
    "phh": re.compile(r"(?m)^hand = (\d+)"),
}
_WHOLE_TEXT_IDS = {"phh"}  # a PHH hand writes its number after its actions, far from its start


class Status(StrEnum):
    PARSED = "parsed"
    UNPARSED = "unparsed"
    UNSUPPORTED = "unsupported"


# Enum members as module constants: an enum class's attribute look-up goes through EnumType.__getattr__
# (~10x a global's).
_PARSED, _UNPARSED, _UNSUPPORTED = Status.PARSED, Status.UNPARSED, Status.UNSUPPORTED


@dataclass(frozen=True, slots=True)
class ParseResult:
    status: Status
    file: str
    line: int
    site: str
    hand_id: str | None
    hand: Hand | None = None
    findings: tuple[Finding, ...] = ()


def parse_block(block: Block) -> ParseResult:
    """Parse one hand block of any known dialect (only PokerStars has a grammar so far)."""
    if block.dialect != "pokerstars":
        site, hand_id = site_and_id(block)
        return ParseResult(_UNSUPPORTED, block.file, block.line, site, hand_id, findings=(
            finding("HH021", f"{site} hand histories are not supported yet (dialect without a grammar)",
                    block.file, block.line, block.column, hand_id=hand_id),))
    return _parse_pokerstars(block)


def site_and_id(block: Block) -> tuple[str, str | None]:
    """The site and hand id (the site's game number) of a block, read without parsing it (for hands
    that are not parsed)."""
    dialect = block.dialect or "unknown"  # stray text (no dialect) is never parsed as a hand
    window = len(block.text) if dialect in _WHOLE_TEXT_IDS else 300
    return _SITE_NAMES.get(dialect, dialect), _hand_id(block.text, _SITE_HAND_IDS.get(dialect, _HAND_ID), window)


def _hand_id(text: str, pattern: re.Pattern[str] = _HAND_ID, window: int = 300) -> str | None:
    match = pattern.search(text, 0, window)
    return match.group(1) if match else None


def _parse_pokerstars(block: Block) -> ParseResult:
    hand_id = _hand_id(block.text)

    def unparsed(code: str, message: str, line: int, column: int = 1, expected=None, actual=None) -> ParseResult:
        return ParseResult(_UNPARSED, block.file, block.line, SITE, hand_id, findings=(
            finding(code, message, block.file, line, column, hand_id=hand_id, expected=expected, actual=actual),))

    if block.oversized:
        return unparsed("HH005", f"hand block is larger than the limit of 512 KiB; not parsed",
                        block.line, block.column, expected="<= 524288 bytes", actual="larger")
    first, _, rest = block.text.partition("\n")
    table_line = rest.lstrip("\n").partition("\n")[0]
    if not table_line:
        return unparsed("HH011", "hand ends right after its header line", block.line, block.column,
                        expected="Table '…' line, seats, streets, *** SUMMARY ***", actual="end of hand")
    try:
        header = read_header(first, table_line, block.line)
    # each except clause names its exception differently: compiled (mypyc), a name has one type per function
    except Unsupported as unsupported:
        return ParseResult(_UNSUPPORTED, block.file, block.line, SITE, hand_id, findings=(
            finding("HH020", f"game {unsupported.game!r} is not Texas Hold'em; counted as unsupported",
                    block.file, block.line, block.column, hand_id=hand_id),))
    except FieldError as header_error:
        return unparsed(header_error.code, str(header_error), header_error.line, header_error.column,
                        header_error.expected, header_error.actual)
    try:
        lines = block.text.split("\n")
        header_tokens, seat_tokens, body, summary = load_parser("pokerstars", PokerStarsTransformer).parse_lines(lines)
    except (UnknownLine, UnexpectedLine) as syntax_error:
        return _syntax_error(syntax_error, block, hand_id)
    try:
        return ParseResult(_PARSED, block.file, block.line, SITE, hand_id,
                           hand=_build(block, header, seat_tokens, body, summary, len(lines) - 1))
    except FieldError as exc:
        return unparsed(exc.code, str(exc), exc.line, exc.column, exc.expected, exc.actual)


def _build(block: Block, header, seat_tokens, body, summary, line_breaks: int) -> Hand:
    base = block.line - 1
    seats = read_seats(seat_tokens, base, header.scale)
    reader = HandReader(header, seats, block.line)
    events = reader.body(body)
    summary_token, *summary_lines = summary
    claims, trailing = reader.claims(summary_lines, base + summary_token.line)
    events.extend(trailing)
    return Hand(header=header, seats=seats, events=tuple(events), claims=claims,
                source=Source(block.file, block.line, block.column), lines=line_breaks)


def _syntax_error(exc: UnknownLine | UnexpectedLine, block: Block, hand_id: str | None) -> ParseResult:
    base = block.line - 1
    last = len(block.text.rstrip("\n").split("\n"))
    cut_mid_line = (isinstance(exc, UnknownLine) and exc.line == last and "\n*** SUMMARY ***" not in block.text)
    if (isinstance(exc, UnexpectedLine) and exc.token is None) or cut_mid_line:
        # the hand stops before its summary: at its end, or in the middle of its last line, where the
        # next hand's header begins
        code, line, column = "HH011", base + last, 1
        message = "hand ends before its *** SUMMARY *** section"
        expected, actual = "*** SUMMARY ***", "end of hand"
    else:
        if isinstance(exc, UnknownLine):
            number, text, kinds = exc.line, exc.text, exc.allowed
            what = "line matches no kind of line the PokerStars grammar allows here"
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
    return ParseResult(_UNPARSED, block.file, block.line, SITE, hand_id, findings=(
        finding(code, message, block.file, line, column, hand_id=hand_id, expected=expected, actual=actual),))
