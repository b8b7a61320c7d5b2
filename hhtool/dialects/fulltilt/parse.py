"""The Full Tilt reader's entry: a hand block in, a ParseResult (parsed, unparsed or unsupported) out, never
an exception for bad input."""

from __future__ import annotations

import re

from hhtool.dialects.fulltilt.reader import LINE_KINDS, SITE, build_hand, read_header
from hhtool.dialects.textreader import SectionTransformer
from hhtool.grammar.lalr import LineParser
from hhtool.grammar.loader import load_parser
from hhtool.grammar.parse import parse_sections
from hhtool.grammar.result import ParseResult
from hhtool.io.split import Block

_HAND_ID = re.compile(r"Game #(\d+)")
_GRAMMAR_LABEL = "Full Tilt"
_SUMMARY_MARKER = "*** SUMMARY ***"


def parser() -> LineParser:
    """The grammar's parser with Full Tilt's lexer hints (built once per process)."""
    return load_parser("fulltilt", SectionTransformer, LINE_KINDS.hints())


def parse_fulltilt(block: Block) -> ParseResult:
    """Parse one Full Tilt hand block (hhtool.grammar.parse.parse_sections says what each failure gives)."""
    return parse_sections(block, SITE, _HAND_ID, read_header, parser(), build_hand, _GRAMMAR_LABEL, _SUMMARY_MARKER)
