"""Findings: the one way hhtool reports a problem, with a stable code and a place."""

from __future__ import annotations

from enum import StrEnum

import msgspec


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


class Finding(msgspec.Struct, frozen=True, gc=False):
    code: str
    rule: str  # RULES.md id, or "" for input problems
    severity: Severity
    message: str
    file: str
    line: int
    column: int = 1
    hand_id: str | None = None
    expected: str | None = None
    actual: str | None = None

    def as_dict(self) -> dict:
        return {
            "code": self.code,
            "rule": self.rule,
            "severity": str(self.severity),
            "message": self.message,
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "hand_id": self.hand_id,
            "expected": self.expected,
            "actual": self.actual,
        }

    def sort_key(self) -> tuple:
        return (self.file, self.line, self.column, self.code)
