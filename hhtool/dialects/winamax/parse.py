"""The Winamax reader's entry: a hand block in, a ParseResult (parsed, unparsed or unsupported) out,
never an exception for bad input."""

from __future__ import annotations

import re

from hhtool.dialects.textreader import SectionTransformer
from hhtool.dialects.winamax.reader import LINE_KINDS, SITE, build_hand, read_header, read_header_in_cents
from hhtool.grammar.lalr import LineParser
from hhtool.grammar.loader import load_parser
from hhtool.grammar.parse import parse_sections
from hhtool.grammar.result import ParseResult, Status
from hhtool.io.split import Block

_HAND_ID = re.compile(r"HandId: #([\w-]+)")
_GRAMMAR_LABEL = "Winamax"
_SUMMARY_MARKER = "*** SUMMARY ***"


def parser() -> LineParser:
    """The grammar's parser with Winamax's lexer hints (built once per process)."""
    return load_parser("winamax", SectionTransformer, LINE_KINDS.hints())


def parse_winamax(block: Block) -> ParseResult:
    """Parse one Winamax hand block (hhtool.grammar.parse.parse_sections says what each failure gives).

    Tournament chips are counted one by one; a 2010 tournament hand that prints half chips (`bets
    292.50`, a stack of `7410.50`) is read again with chips counted in hundredths, rather than refused."""
    result = parse_sections(block, SITE, _HAND_ID, read_header, parser(), build_hand, _GRAMMAR_LABEL, _SUMMARY_MARKER)
    if (
        result.status is Status.UNPARSED
        and result.findings
        and result.findings[0].code == "HH012"
        and ' - Tournament "' in block.text[:200]
    ):
        return parse_sections(
            block, SITE, _HAND_ID, read_header_in_cents, parser(), build_hand, _GRAMMAR_LABEL, _SUMMARY_MARKER
        )
    return result
