"""A GGPoker hand block → ParseResult (parsed, unparsed or unsupported), never an exception for bad input."""

from __future__ import annotations

from hhtool.codes import finding
from hhtool.dialects.ggpoker.reader import SITE, GGHandReader, read_header
from hhtool.grammar.lalr import UnexpectedLine
from hhtool.grammar.lexer import UnknownLine
from hhtool.grammar.loader import load_parser
from hhtool.grammar.parse import ParseResult, Status, _hand_id, _syntax_error
from hhtool.grammar.pokerstars import FieldError, PokerStarsTransformer, Unsupported, read_seats
from hhtool.io.split import Block
from hhtool.model import Hand, Source


def parse_gg(block: Block) -> ParseResult:
    hand_id = _hand_id(block.text)

    def unparsed(code: str, message: str, line: int, column: int = 1, expected=None, actual=None) -> ParseResult:
        return ParseResult(Status.UNPARSED, block.file, block.line, SITE, hand_id, findings=(
            finding(code, message, block.file, line, column, hand_id=hand_id, expected=expected, actual=actual),))

    if block.oversized:
        return unparsed("HH005", "hand block is larger than the limit of 512 KiB; not parsed",
                        block.line, block.column, expected="<= 524288 bytes", actual="larger")
    first, _, rest = block.text.partition("\n")
    table_line = rest.lstrip("\n").partition("\n")[0]
    if not table_line:
        return unparsed("HH011", "hand ends right after its header line", block.line, block.column,
                        expected="Table '…' line, seats, streets, *** SUMMARY ***", actual="end of hand")
    try:
        header = read_header(first, table_line, block.line)
    except Unsupported as unsupported:
        return ParseResult(Status.UNSUPPORTED, block.file, block.line, SITE, hand_id, findings=(
            finding("HH020", f"game {unsupported.game!r} is not Texas Hold'em; counted as unsupported",
                    block.file, block.line, block.column, hand_id=hand_id),))
    except FieldError as header_error:
        return unparsed(header_error.code, str(header_error), header_error.line, header_error.column,
                        header_error.expected, header_error.actual)
    try:
        lines = block.text.split("\n")
        _header, seat_tokens, body, summary = load_parser("ggpoker", PokerStarsTransformer).parse_lines(lines)
    except (UnknownLine, UnexpectedLine) as syntax_error:
        result = _syntax_error(syntax_error, block, hand_id)
        return ParseResult(result.status, result.file, result.line, SITE, hand_id, findings=result.findings)
    try:
        base = block.line - 1
        seats = read_seats(seat_tokens, base, header.scale)
        reader = GGHandReader(header, seats, block.line)
        events = reader.body(body)
        summary_token, *summary_lines = summary
        claims, trailing = reader.claims(summary_lines, base + summary_token.line)
        events.extend(trailing)
        hand = Hand(header=header, seats=seats, events=tuple(events), claims=claims,
                    source=Source(block.file, block.line, block.column), lines=len(lines) - 1)
    except FieldError as exc:
        return unparsed(exc.code, str(exc), exc.line, exc.column, exc.expected, exc.actual)
    return ParseResult(Status.PARSED, block.file, block.line, SITE, hand_id, hand=hand)
