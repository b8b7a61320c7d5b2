"""The GGPoker reader's entry: a hand block in, a ParseResult (parsed, unparsed or unsupported) out,
never an exception for bad input."""

from __future__ import annotations

import re

from hhtool.codes import finding
from hhtool.dialects.ggpoker.reader import LINE_KINDS, SITE, GGHandReader, read_header
from hhtool.dialects.pokerstars.reader import PokerStarsTransformer as SectionTransformer
from hhtool.dialects.pokerstars.reader import read_seats
from hhtool.grammar.fields import FieldError, Unsupported
from hhtool.grammar.lalr import LineParser, UnexpectedLine
from hhtool.grammar.lexer import UnknownLine
from hhtool.grammar.loader import load_parser
from hhtool.grammar.parse import hand_id as _hand_id
from hhtool.grammar.parse import oversized, syntax_error, unparsed
from hhtool.grammar.result import ParseResult, Status
from hhtool.io.split import Block
from hhtool.model import Hand, Source

_HAND_ID = re.compile(r"#\s*([\w-]+)")
_GRAMMAR_LABEL = "GGPoker"
_SUMMARY_MARKER = "*** SUMMARY ***"


def parser() -> LineParser:
    """The grammar's parser with GG's lexer hints (built once per process)."""
    return load_parser("ggpoker", SectionTransformer, LINE_KINDS.hints())


def parse_gg(block: Block) -> ParseResult:
    """Parse one GG hand block: HH005 when oversized, HH011 when cut short, HH010 for a line the grammar
    does not allow or a field that cannot be read, HH020 for a game that is not Hold'em."""
    hand_id = _hand_id(block.text, _HAND_ID)
    if block.oversized:
        return oversized(block, SITE, hand_id)
    first, _, rest = block.text.partition("\n")
    table_line = rest.lstrip("\n").partition("\n")[0]
    if not table_line:
        return unparsed(block, SITE, hand_id, "HH011", "hand ends right after its header line", block.line,
                        block.column, expected="Table '…' line, seats, streets, *** SUMMARY ***", actual="end of hand")
    try:
        header = read_header(first, table_line, block.line)
    except Unsupported as unsupported:
        return ParseResult(Status.UNSUPPORTED, block.file, block.line, SITE, hand_id, findings=(
            finding("HH020", f"game {unsupported.game!r} is not Texas Hold'em; counted as unsupported",
                    block.file, block.line, block.column, hand_id=hand_id),))
    except FieldError as header_error:
        return unparsed(block, SITE, hand_id, header_error.code, str(header_error), header_error.line,
                        header_error.column, header_error.expected, header_error.actual)
    try:
        lines = block.text.split("\n")
        _header, seat_tokens, body, summary = parser().parse_lines(lines)
    except (UnknownLine, UnexpectedLine) as error:
        return syntax_error(error, block, SITE, hand_id, _GRAMMAR_LABEL, _SUMMARY_MARKER)
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
    except FieldError as error:
        return unparsed(block, SITE, hand_id, error.code, str(error), error.line, error.column, error.expected,
                        error.actual)
    return ParseResult(Status.PARSED, block.file, block.line, SITE, hand_id, hand=hand)
