"""The WPN reader's entry: a hand block in, a ParseResult (parsed, unparsed or unsupported) out, never an
exception for bad input."""

from __future__ import annotations

import re

from hhtool.dialects.textreader import SectionTransformer
from hhtool.dialects.winning import reader2016
from hhtool.dialects.winning.reader import LINE_KINDS, SITE, build_hand, read_header
from hhtool.grammar.lalr import LineParser
from hhtool.grammar.loader import load_parser
from hhtool.grammar.parse import parse_sections
from hhtool.grammar.result import ParseResult
from hhtool.io.split import Block

_HAND_ID = re.compile(r"Hand #(\d+)")
_GRAMMAR_LABEL = "WPN"
_SUMMARY_MARKER = "*** SUMMARY ***"


def parser() -> LineParser:
    """The grammar's parser with WPN's lexer hints (built once per process)."""
    return load_parser("winning", SectionTransformer, LINE_KINDS.hints())


def parse_winning(block: Block) -> ParseResult:
    """Parse one WPN 2019+ hand block (hhtool.grammar.parse.parse_sections says what each failure gives)."""
    return parse_sections(block, SITE, _HAND_ID, read_header, parser(), build_hand, _GRAMMAR_LABEL, _SUMMARY_MARKER)


def parse_2016(block: Block) -> ParseResult:
    """Parse one 2016-era WPN hand (`Game started at:`): its own grammar and reader, the same skeleton."""

    def header(line: str, table_line: str, line_no: int):
        return reader2016.read_header(
            line, table_line, line_no, block.file
        )  # a tournament's number is in the file name

    return parse_sections(
        block,
        SITE,
        _ID_2016,
        header,
        parser_2016(),
        reader2016.build_hand,
        _GRAMMAR_LABEL + " 2016",
        "------ Summary ------",
    )


def parser_2016() -> LineParser:
    return load_parser("winning2016", SectionTransformer, reader2016.LINE_KINDS.hints())


_ID_2016 = re.compile(r"Game ID: (\d+)")
