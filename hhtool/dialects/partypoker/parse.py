"""The PartyPoker reader's entry: a hand block in, a ParseResult (parsed, unparsed or unsupported) out,
never an exception for bad input."""

from __future__ import annotations

import re

from lark import Transformer

from hhtool.codes import HH020, finding, message
from hhtool.dialects.partypoker.amounts import SITE
from hhtool.dialects.partypoker.header import read_header
from hhtool.dialects.partypoker.reader import LINE_KINDS, PartyHandReader, read_seats, whole_names
from hhtool.findings import Finding
from hhtool.grammar.fields import FieldError, Unsupported
from hhtool.grammar.lalr import LineParser, LineToken, UnexpectedLine
from hhtool.grammar.lexer import UnknownLine
from hhtool.grammar.loader import load_parser
from hhtool.grammar.parse import hand_id, oversized, syntax_error, unparsed
from hhtool.grammar.result import ParseResult, Status
from hhtool.io.split import Block
from hhtool.model import Hand, Notice, Source

_HAND_ID = re.compile(r"Hand History [Ff]or Game (\w+)")
_GRAMMAR_LABEL = "PartyPoker"
# what a hand cut short ends before (Party has no summary section in most generations: the first
# section every hand has after its seats is the deal)
_CUT_MARKER = "** Dealing down cards **"
# the client's placeholder for a hand it did not write (SITE-BEHAVIOURS.md PP-2; fpdb-3's PartyPokerToFpdb
# `re_Cancelled` skips it as a partial hand): `Game #N starts.`, `#Game No : N`, `Table Closed`, `The hand
# history for this hand number is not available here.Please use Instant Hand History …`. It has no
# `***** Hand History` line, so the splitter leaves it at the end of the hand before it.
_STUB_START = re.compile(r"Game #(\d+) starts\.")
_STUB_LINE = re.compile(r"#Game No ?: ?\d+|Table Closed|The hand history for this hand number is not available[^\n]*")
_STUB_SAYS = re.compile(r"Table Closed|The hand history for this hand number is not available[^\n]*")


# the 2012 Mac client wrote some lines with no line break after them: `Player3 is sitting outPlayer4 posts big
# blind [$0,25 USD].`, `Player2 does not show cards.Player2 wins $1,10 USD`, `… with two pairs, Aces and
# Queens.Player4 wins $27,36 USD …` (fpdb-3's Mac.Format and unseated.big.blind samples; fpdb's unanchored
# patterns read them). A line is cut where such an end is followed at once by a seated name and a space.
_GLUE = re.compile(r"(?:\.| is sitting out)(?=[^\s\d\]\[)(.,])")
_SEAT_NAME = re.compile(r"[Ss]eat \d+: (.+?) \(")


def _unglued(lines: list[str]) -> tuple[list[str], list[int]] | None:
    """The lines with each glued line cut in two, and each line's number in the block (None: nothing glued)."""
    names: list[str] | None = None
    out: list[str] = []
    origin: list[int] = [0]  # (line numbers count from 1)
    for number, text in enumerate(lines, 1):
        parts = [text]
        if _GLUE.search(text) and not text.startswith(("Seat ", "seat ", "***", "Table ")):
            if names is None:
                names = sorted({m.group(1) for line in lines if (m := _SEAT_NAME.match(line))}, key=len, reverse=True)
            parts = _cut(text, names)
        out.extend(parts)
        origin.extend([number] * len(parts))
    return (out, origin) if len(out) > len(lines) else None


def _cut(text: str, names: list[str]) -> list[str]:
    for found in _GLUE.finditer(text):
        rest = text[found.end() :]
        if any(rest.startswith(name + " ") for name in names):
            return [text[: found.end()], *_cut(rest, names)]
    return [text]


class PartyTransformer(Transformer):
    """Groups the line tokens of a hand by section (the header lines are read by header.py)."""

    def __init__(self) -> None:
        super().__init__(visit_tokens=False)

    def header(self, children):
        return tuple(children)

    def seats(self, children):
        return tuple(children)

    def body(self, children):
        return children

    def summary(self, children):
        return children

    def start(self, children):
        return tuple(children)


def parser() -> LineParser:
    """The grammar's parser with Party's lexer hints (built once per process)."""
    return load_parser("partypoker", PartyTransformer, LINE_KINDS.hints())


def parse_party(block: Block) -> ParseResult:
    """Parse one PartyPoker hand block: HH005 oversized, HH020 a game that is not Hold'em, HH010 a line
    the grammar does not allow or a field that cannot be read, HH011 a hand cut before its deal."""
    found_id = hand_id(block.text, _HAND_ID)
    if block.oversized:
        return oversized(block, SITE, found_id)
    # lines as the grammar reads them: no trailing blanks, no byte-order mark, no indent (the 2010 files
    # start with ` Game #… starts.`); their number in the block stays the same
    lines = [line.strip().lstrip("\ufeff") for line in block.text.split("\n")]
    stubs = _placeholders(lines, block)
    result = _parse(block, lines, found_id)
    if not stubs:
        return result
    return ParseResult(
        result.status, result.file, result.line, result.site, result.hand_id, result.hand, result.findings + stubs
    )


def _placeholders(lines: list[str], block: Block) -> tuple[Finding, ...]:
    """The placeholders at the end of a block (PP-2): one HH009 each, a note for the file (no hand id), and
    their lines blanked out of `lines` (the hand before them is read without them)."""
    start = len(lines)
    for index in range(len(lines) - 1, 0, -1):
        text = lines[index]
        if _STUB_START.fullmatch(text):
            start = index
        elif text and not _STUB_LINE.fullmatch(text):
            break
    if not any(_STUB_SAYS.fullmatch(text) for text in lines[start:]):
        return ()
    found: list[Finding] = []
    game: tuple[int, str] | None = None
    for index in range(start, len(lines)):
        text, lines[index] = lines[index], ""
        opening = _STUB_START.fullmatch(text)
        if opening:
            game = (index, opening.group(1))
        elif game is not None and _STUB_SAYS.fullmatch(text):
            why = "Table Closed" if text == "Table Closed" else "not available here"
            found.append(
                finding(
                    "HH009",
                    message("HH009", game=game[1], why=why),
                    block.file,
                    block.line + game[0],
                    expected="a hand",
                    actual=text[:80],
                )
            )
            game = None
    return tuple(found)


def _parse(block: Block, lines: list[str], found_id: str | None) -> ParseResult:
    unglued = _unglued(lines)
    base = block.line - 1
    if unglued is None:
        at = list(range(len(lines) + 1))
    else:  # (the header reads the stakes from the posts, which may be glued lines)
        lines, at = unglued
    try:
        header = read_header(lines, block.line)
    except Unsupported as unsupported:
        return ParseResult(
            Status.UNSUPPORTED,
            block.file,
            block.line,
            SITE,
            found_id,
            findings=(
                finding(
                    HH020,
                    HH020.message(game=unsupported.game),
                    block.file,
                    block.line,
                    block.column,
                    hand_id=found_id,
                ),
            ),
        )
    except FieldError as header_error:
        return unparsed(
            block,
            SITE,
            found_id,
            header_error.code,
            str(header_error),
            header_error.line,
            header_error.column,
            header_error.expected,
            header_error.actual,
        )
    try:
        sections = parser().parse_lines(lines)
    except (UnknownLine, UnexpectedLine) as grammar_error:
        return syntax_error(grammar_error, block, SITE, found_id, _GRAMMAR_LABEL, _CUT_MARKER)
    try:
        seats = read_seats([(token.value, base + at[token.line]) for token in sections[1]], header.scale)
        cut: dict[str, str] = {}
        if len(sections) > 3 and type(sections[3]) is not LineToken:  # (e-mailed histories: names cut in seats)
            seats, cut = whole_names(seats, [token.value for token in sections[3][1:] if token.type == "LEDGER"])
        reader = PartyHandReader(header, seats, cut)
        events = reader.body([(token.type, token.value, base + at[token.line]) for token in sections[2]])
        if len(sections) > 3 and type(sections[3]) is not LineToken:  # (a last `Game #N starts.` is a token)
            summary_token, *summary = sections[3]
            claims = reader.claims(
                [(token.type, token.value, base + at[token.line]) for token in summary], base + at[summary_token.line]
            )
        else:
            claims = reader.claims((), base + at[-1])
        seats, joined = reader.joined(reader.dealt_in(seats))
    except FieldError as field_error:
        return unparsed(
            block,
            SITE,
            found_id,
            field_error.code,
            str(field_error),
            field_error.line,
            field_error.column,
            field_error.expected,
            field_error.actual,
        )
    hand = Hand(
        header=header,
        seats=seats,
        events=tuple(events),
        claims=claims,
        source=Source(block.file, block.line, block.column),
        lines=at[-1] - 1,
        notices=sum(1 for event in events if type(event) is Notice),
        stack_floors=tuple(name for _line, name, _what in joined),
    )
    notes = tuple(
        finding(
            "HH421",
            what,
            block.file,
            line,
            hand_id=found_id,
            expected="a seat line with the stack",
            actual="none printed",
        )
        for line, _name, what in joined
    )
    return ParseResult(Status.PARSED, block.file, block.line, SITE, found_id, hand=hand, findings=notes)
