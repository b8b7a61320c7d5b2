"""What parsing one hand block gives, whatever its dialect: a ParseResult with its status."""

from __future__ import annotations

from enum import StrEnum
from typing import Final

from hhtool.findings import Finding
from hhtool.model import Hand


class Status(StrEnum):
    PARSED = "parsed"
    UNPARSED = "unparsed"
    UNSUPPORTED = "unsupported"


class ParseResult:
    """One hand block's outcome: its status, where it starts, its site and hand id, the hand when it was
    parsed and the findings that say why not. `column` is where its header starts in its line when the
    hand before it starts on that line too (a cut hand ran into it; else 1): export keys such a hand that
    is not parsed by line and column, the others by line alone (as before).

    Compared, hashed and shown as the frozen dataclass it was, and read-only (Final: mypy says so, and
    compiled its attributes cannot be set). A plain class rather than that dataclass: every hand makes
    one, and compiled (mypyc) this one is made in ~30 ns where the dataclass's generated `__init__`
    (interpreted, each field set through `object.__setattr__`) took ~0.5 µs."""

    __slots__ = ("status", "file", "line", "site", "hand_id", "hand", "findings", "column")

    def __init__(
        self,
        status: Status,
        file: str,
        line: int,
        site: str,
        hand_id: str | None,
        hand: Hand | None = None,
        findings: tuple[Finding, ...] = (),
        column: int = 1,
    ) -> None:
        self.status: Final = status
        self.file: Final = file
        self.line: Final = line
        self.site: Final = site
        self.hand_id: Final = hand_id
        self.hand: Final = hand
        self.findings: Final = findings
        self.column: Final = column

    def at_column(self, column: int) -> ParseResult:
        """The same result for a block whose header starts at `column` of its line."""
        return ParseResult(self.status, self.file, self.line, self.site, self.hand_id, self.hand, self.findings, column)

    def _fields(self) -> tuple[object, ...]:
        return (self.status, self.file, self.line, self.site, self.hand_id, self.hand, self.findings, self.column)

    def __eq__(self, other: object) -> bool:
        if type(other) is not ParseResult:
            return NotImplemented
        assert isinstance(other, ParseResult)
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (
            f"ParseResult(status={self.status!r}, file={self.file!r}, line={self.line!r}, site={self.site!r}, "
            f"hand_id={self.hand_id!r}, hand={self.hand!r}, findings={self.findings!r}, column={self.column!r})"
        )
