"""What parsing one hand block gives, whatever its dialect: a ParseResult with its status."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from hhtool.findings import Finding
from hhtool.model import Hand


class Status(StrEnum):
    PARSED = "parsed"
    UNPARSED = "unparsed"
    UNSUPPORTED = "unsupported"


@dataclass(frozen=True, slots=True)
class ParseResult:
    status: Status
    file: str
    line: int
    site: str
    hand_id: str | None
    hand: Hand | None = None
    findings: tuple[Finding, ...] = ()
