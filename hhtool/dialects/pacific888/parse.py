"""The 888poker reader's entry: a hand block in, a ParseResult (parsed, unparsed or unsupported) out,
never an exception for bad input."""

from __future__ import annotations

import re

import msgspec

from hhtool.codes import finding, message
from hhtool.dialects.pacific888.reader import LINE_KINDS, SITE, build_hand, read_header
from hhtool.dialects.pokerstars.reader import PokerStarsTransformer as SectionTransformer
from hhtool.grammar.lalr import LineParser
from hhtool.grammar.loader import load_parser
from hhtool.grammar.parse import parse_sections
from hhtool.grammar.result import ParseResult
from hhtool.io.split import Block
from hhtool.model import BlindKind, Hand, Header, Limit, PostBlind

_HAND_ID = re.compile(r"Hand History for Game (\w+)")
_GRAMMAR_LABEL = "888poker"
_SUMMARY_MARKER = "** Summary **"


def parser() -> LineParser:
    """The grammar's parser with 888's lexer hints (built once per process)."""
    return load_parser("pacific888", SectionTransformer, LINE_KINDS.hints())


def parse_888(block: Block) -> ParseResult:
    """Parse one 888 hand block (hhtool.grammar.parse.parse_sections says what each failure gives). 888's
    header is several lines: it is read from the block's text, not from the first two lines alone. A
    tournament hand whose posts are all at another level than its header's takes theirs (`level_of_posts`)."""

    def header_of(_first: str, _second: str, line: int) -> Header:
        return read_header(block.text, line)

    result = parse_sections(block, SITE, _HAND_ID, header_of, parser(), build_hand, _GRAMMAR_LABEL,
                            _SUMMARY_MARKER)
    hand = result.hand
    if hand is None or hand.header.tournament_id is None:
        return result
    level = level_of_posts(hand)
    if level is None:
        return result
    header = hand.header
    small, big = level
    said = finding("HH107", message("HH107", header=f"{header.small_blind}/{header.big_blind}", posts=f"{small}/{big}"),
                   block.file, _stakes_line(block), hand_id=result.hand_id,
                   expected=f"{header.small_blind}/{header.big_blind}", actual=f"{small}/{big}")
    hand = msgspec.structs.replace(hand, header=msgspec.structs.replace(
        header, small_blind=small, big_blind=big, small_bet=big, big_bet=2 * big if header.limit is Limit.FIXED_LIMIT
        else big))
    return ParseResult(result.status, result.file, result.line, result.site, result.hand_id, hand,
                       result.findings + (said,))


def level_of_posts(hand: Hand) -> tuple[int, int] | None:
    """The blinds every post not all-in agrees on, when they are another level than the header's (888-7: at a
    level change the header prints the new level, `200/400 Blinds`, while the small and the big blind post
    150 and 300, the previous one); None when the posts fit the header, disagree among themselves, or one of
    the two blinds is not posted in full."""
    header = hand.header
    smalls: set[int] = set()
    bigs: set[int] = set()
    for event in hand.events:
        if type(event) is PostBlind and not event.all_in:
            if event.blind is BlindKind.SMALL:
                smalls.add(event.amount)
            elif event.blind is BlindKind.BIG:
                bigs.add(event.amount)
    if len(smalls) != 1 or len(bigs) != 1:
        return None
    small, big = smalls.pop(), bigs.pop()
    if small == header.small_blind or big == header.big_blind or not 0 < small < big < header.big_blind:
        return None
    return small, big


def _stakes_line(block: Block) -> int:
    """The line of the header's stakes (`$200/$400 Blinds No Limit Holdem - ***`)."""
    for index, text in enumerate(block.text.split("\n", 8)):
        if " Blinds " in text:
            return block.line + index
    return block.line
