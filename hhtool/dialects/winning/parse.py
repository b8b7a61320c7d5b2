"""The WPN reader's entry: a hand block in, a ParseResult (parsed, unparsed or unsupported) out, never an
exception for bad input."""

from __future__ import annotations

import re

from hhtool.dialects.pokerstars.reader import PokerStarsTransformer as SectionTransformer
from hhtool.dialects.winning.reader import LINE_KINDS, SITE, build_hand, read_header
from hhtool.grammar.lalr import LineParser
from hhtool.grammar.loader import load_parser
from hhtool.grammar.parse import parse_sections
from hhtool.codes import finding
from hhtool.grammar.result import ParseResult, Status
from hhtool.io.split import Block

_ERA_2016 = "Game started at: "
_HAND_ID = re.compile(r"Hand #(\d+)")
_GRAMMAR_LABEL = "WPN"
_SUMMARY_MARKER = "*** SUMMARY ***"


def parser() -> LineParser:
    """The grammar's parser with WPN's lexer hints (built once per process)."""
    return load_parser("winning", SectionTransformer, LINE_KINDS.hints())


def parse_winning(block: Block) -> ParseResult:
    """Parse one WPN hand block (hhtool.grammar.parse.parse_sections says what each failure gives); a 2016
    era hand (`Game started at:`) goes to its own reader."""
    if block.text.startswith(_ERA_2016):
        return parse_2016(block)
    return parse_sections(block, SITE, _HAND_ID, read_header, parser(), build_hand, _GRAMMAR_LABEL, _SUMMARY_MARKER)


def parse_2016(block: Block) -> ParseResult:
    """The 2016 era is not read yet: counted unsupported (HH021), named by its `Game ID`."""
    found = _ID_2016.search(block.text, 0, 300)
    hand_id = found.group(1) if found else None
    return ParseResult(Status.UNSUPPORTED, block.file, block.line, SITE, hand_id, findings=(
        finding("HH021", "WPN 2016 hand histories ('Game started at:') are not supported yet", block.file,
                block.line, block.column, hand_id=hand_id),))


_ID_2016 = re.compile(r"Game ID: (\d+)")
