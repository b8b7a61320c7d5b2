"""Shared fixtures and small builders for the reading / parsing / CLI tests.

Hands are written inline by the tests (never copied from the corpus). `make_hand` fills in a
complete, arithmetically consistent 3-handed NL walk, and any section can be replaced.
"""

from __future__ import annotations

import os
import textwrap
from pathlib import Path

import pytest

from hhtool.grammar import ParseResult, parse_block
from hhtool.io import Block, read_blocks

DEFAULT_HEADER = ("PokerStars Hand #{hand_id}:  Hold'em No Limit ($0.05/$0.10 USD) - "
                  "2020/04/16 13:54:25 ET")
DEFAULT_TABLE = "Table 'Testa I' 6-max Seat #1 is the button"
DEFAULT_SEATS = (
    "Seat 1: Alice ($10 in chips)",
    "Seat 2: Bob ($10 in chips)",
    "Seat 3: Carol ($10 in chips)",
)
# A walk: everybody folds to the big blind.
DEFAULT_BODY = (
    "Bob: posts small blind $0.05",
    "Carol: posts big blind $0.10",
    "*** HOLE CARDS ***",
    "Dealt to Alice [Ah Kd]",
    "Alice: folds",
    "Bob: folds",
    "Uncalled bet ($0.05) returned to Carol",
    "Carol collected $0.10 from pot",
    "Carol: doesn't show hand",
)
DEFAULT_SUMMARY = (
    "*** SUMMARY ***",
    "Total pot $0.10 | Rake $0",
    "Seat 1: Alice (button) folded before Flop (didn't bet)",
    "Seat 2: Bob (small blind) folded before Flop",
    "Seat 3: Carol (big blind) collected ($0.10)",
)
# Lines of the default hand: header 1, table 2, seats 3-5, body 6-14, summary 15-19.
DEFAULT_LINES = 19


def _lines(part) -> list[str]:
    if isinstance(part, str):
        return part.strip("\n").split("\n")
    return list(part)


def make_hand(
    hand_id: int | str = 100000000001,
    *,
    header: str | None = None,
    table: str | None = None,
    seats=None,
    body=None,
    summary=None,
    newline: str = "\n",
) -> str:
    """A PokerStars hand as text (ending with one newline); each section is a str or a list of lines."""
    lines = [(header or DEFAULT_HEADER).replace("{hand_id}", str(hand_id)), table or DEFAULT_TABLE]
    lines += _lines(DEFAULT_SEATS if seats is None else seats)
    lines += _lines(DEFAULT_BODY if body is None else body)
    lines += _lines(DEFAULT_SUMMARY if summary is None else summary)
    return newline.join(lines) + newline


def hands_file(hands: list[str], separator: str = "\n\n\n") -> str:
    """Hands as PokerStars writes them into one file: 3 empty lines between hands."""
    return separator.join(h.rstrip("\n") + "\n" for h in hands)


def parse_text(text: str, *, file: str = "hand.txt", line: int = 1, column: int = 1) -> ParseResult:
    """Parse one hand written inline (dedented, one trailing newline) as if read from `file` at `line`."""
    text = textwrap.dedent(text).strip("\n") + "\n"
    return parse_block(Block(file, line, column, "pokerstars", text))


def read_all(path: Path) -> list:
    return list(read_blocks(path))


@pytest.fixture(scope="session")
def corpus() -> Path:
    """The shared corpus (env HHTOOL_CORPUS); tests using it are skipped when it is not set."""
    value = os.environ.get("HHTOOL_CORPUS")
    if not value:
        pytest.skip("HHTOOL_CORPUS is not set")
    path = Path(value)
    if not path.is_dir():
        pytest.skip(f"HHTOOL_CORPUS={value} is not a folder")
    return path
