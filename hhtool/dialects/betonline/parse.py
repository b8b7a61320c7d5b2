"""The Chico reader's entry: a hand block in, a ParseResult (parsed, unparsed or unsupported) out, never an
exception for bad input."""

from __future__ import annotations

import re

from hhtool.dialects.betonline.reader import LINE_KINDS, SITE, build_hand, read_header, read_header_in_cents
from hhtool.dialects.textreader import SectionTransformer
from hhtool.grammar.lalr import LineParser
from hhtool.grammar.loader import load_parser
from hhtool.grammar.parse import parse_sections
from hhtool.grammar.result import ParseResult, Status
from hhtool.io.split import Block

_HAND_ID = re.compile(r"Game #(\d+)")
_GRAMMAR_LABEL = "Chico (BetOnline)"
_SUMMARY_MARKER = "*** SUMMARY ***"


def parser() -> LineParser:
    """The grammar's parser with Chico's lexer hints (built once per process)."""
    return load_parser("betonline", SectionTransformer, LINE_KINDS.hints())


def parse_betonline(block: Block) -> ParseResult:
    """Parse one Chico hand block (hhtool.grammar.parse.parse_sections says what each failure gives).

    Tournament and play-money chips are counted one by one; a hand that prints chips with cents (`5365.01 in chips`,
    fpdb-3/…MTT-201210.dead.stack.txt) is read again with chips counted in hundredths, rather than refused."""
    result = parse_sections(block, SITE, _HAND_ID, read_header, parser(), build_hand, _GRAMMAR_LABEL, _SUMMARY_MARKER)
    if (
        result.status is Status.UNPARSED
        and result.findings
        and result.findings[0].code == "HH012"
        and (": Tournament #" in block.text[:200] or " (Play Money) " in block.text[:300])
    ):
        return parse_sections(
            block, SITE, _HAND_ID, read_header_in_cents, parser(), build_hand, _GRAMMAR_LABEL, _SUMMARY_MARKER
        )
    return result
