"""The 888poker reader's entry: a hand block in, a ParseResult (parsed, unparsed or unsupported) out,
never an exception for bad input."""

from __future__ import annotations

import re

from hhtool.dialects.pacific888.reader import LINE_KINDS, SITE, build_hand, read_header
from hhtool.dialects.textreader import SectionTransformer
from hhtool.grammar.lalr import LineParser
from hhtool.grammar.levels import with_posted_level
from hhtool.grammar.loader import load_parser
from hhtool.grammar.parse import parse_sections
from hhtool.grammar.result import ParseResult
from hhtool.io.split import Block
from hhtool.model import Header

_HAND_ID = re.compile(r"Hand History for Game (\w+)")
_GRAMMAR_LABEL = "888poker"
_SUMMARY_MARKER = "** Summary **"


def parser() -> LineParser:
    """The grammar's parser with 888's lexer hints (built once per process)."""
    return load_parser("pacific888", SectionTransformer, LINE_KINDS.hints())


def parse_888(block: Block) -> ParseResult:
    """Parse one 888 hand block (hhtool.grammar.parse.parse_sections says what each failure gives). 888's
    header is several lines: it is read from the block's text, not from the first two lines alone. A
    tournament hand whose posts are all at another level than its header's takes theirs
    (`hhtool.grammar.levels`, 888-7)."""

    def header_of(_first: str, _second: str, line: int) -> Header:
        return read_header(block.text, line)

    result = parse_sections(block, SITE, _HAND_ID, header_of, parser(), build_hand, _GRAMMAR_LABEL, _SUMMARY_MARKER)
    return with_posted_level(result, _stakes_line(block))


def _stakes_line(block: Block) -> int:
    """The line of the header's stakes (`$200/$400 Blinds No Limit Holdem - ***`)."""
    for index, text in enumerate(block.text.split("\n", 8)):
        if " Blinds " in text:
            return block.line + index
    return block.line
