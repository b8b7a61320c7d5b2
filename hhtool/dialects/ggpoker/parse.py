"""The GGPoker reader's entry: a hand block in, a ParseResult (parsed, unparsed or unsupported) out,
never an exception for bad input."""

from __future__ import annotations

import re
from collections.abc import Sequence

from hhtool.dialects.ggpoker.reader import LINE_KINDS, SITE, GGHandReader, read_header
from hhtool.dialects.textreader import SectionTransformer, build_hand
from hhtool.grammar.lalr import LineParser
from hhtool.grammar.levels import with_posted_level
from hhtool.grammar.loader import load_parser
from hhtool.grammar.parse import parse_sections
from hhtool.grammar.result import ParseResult
from hhtool.io.split import Block
from hhtool.model import Hand, Header

_HAND_ID = re.compile(r"#\s*([\w-]+)")
_GRAMMAR_LABEL = "GGPoker"
_SUMMARY_MARKER = "*** SUMMARY ***"


def parser() -> LineParser:
    """The grammar's parser with GG's lexer hints (built once per process)."""
    return load_parser("ggpoker", SectionTransformer, LINE_KINDS.hints())


def parse_gg(block: Block) -> ParseResult:
    """Parse one GG hand block (hhtool.grammar.parse.parse_sections says what each failure gives). The 2020
    client wrote the first tournament hand of a level with the new level in its header and the blinds posted
    at the old one (NLHE-8max-MTT-USD-250-202006.txt, all six level changes): the posts' level is taken, with
    one warning (`hhtool.grammar.levels`)."""
    result = parse_sections(block, SITE, _HAND_ID, read_header, parser(), _build, _GRAMMAR_LABEL, _SUMMARY_MARKER)
    return with_posted_level(result, block.line)


def _build(
    block: Block, header: Header, seat_tokens: Sequence, body: Sequence, summary: Sequence, line_breaks: int
) -> Hand:
    return build_hand(block, header, seat_tokens, body, summary, line_breaks, GGHandReader)
