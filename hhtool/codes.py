"""The catalogue of finding codes: what each checks, why, and an example (`hhtool rules`).

Codes are stable: HH0xx input and parsing, HH1xx actions and order, HH2xx pots, chips and rake,
HH3xx showdown and ranking, HH4xx header, seats and cross-hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from hhtool.findings import Finding, Severity


@dataclass(frozen=True, slots=True)
class Code:
    code: str
    rule: str
    severity: Severity
    title: str
    why: str
    example: str


_E, _W, _I = Severity.ERROR, Severity.WARNING, Severity.INFO

CATALOGUE: dict[str, Code] = {}


def _add(code: str, rule: str, severity: Severity, title: str, why: str, example: str) -> None:
    CATALOGUE[code] = Code(code, rule, severity, title, why, example)


_add("HH001", "", _W, "file contains no hand",
     "An empty file, or one with only blank lines, holds nothing to check; it is reported so a "
     "broken export is noticed.", "an empty .txt file")
_add("HH002", "", _W, "text outside any hand",
     "Lines before the first hand header that belong to no hand (a tournament summary, notes, a "
     "cut header) are not lost silently.", "PokerStars Tournament #2012090038, No Limit Hold'em")
_add("HH003", "", _E, "binary file",
     "A file with NUL bytes and no UTF-16 byte-order mark is not a text hand history.",
     "a .png renamed to .txt")
_add("HH004", "", _E, "file cannot be read",
     "The file vanished, is a directory or is not readable; the run goes on with the next file.",
     "permission denied")
_add("HH005", "", _E, "hand block too large",
     "A hand is a few kilobytes; a block over the limit (a 10 MB line, a missing header) is not "
     "parsed, to keep memory and time bounded.", "a 10 MB line inside a hand")
_add("HH010", "", _E, "line does not fit the grammar",
     "The hand is not in the dialect's format at that line: unknown line, or a line in the wrong "
     "section.", "Seat 1: Alice ($1 in chips   (cut)")
_add("HH011", "", _E, "hand is cut short",
     "The hand ends before its summary section (truncated file, next header mid-line).",
     "*** RIVER *** [4d Kh JPokerStars Hand #…")
_add("HH012", "", _E, "amount cannot be read exactly",
     "Money is kept in integer minor units; an amount with more decimals than the currency has "
     "would have to be rounded, which would change the hand.", "calls $0.015")
_add("HH020", "", _I, "game not supported",
     "hhtool replays Texas Hold'em; Omaha, Stud, Draw, 6+ Hold'em and others are counted as "
     "unsupported, not as errors.", "PokerStars Hand #1: Omaha Pot Limit ($0.05/$0.10 USD)")
_add("HH021", "", _I, "site dialect not supported",
     "The hand comes from a site whose dialect has no grammar yet; it is counted, not parsed.",
     "***** 888poker Hand History for Game 1 *****")


def finding(code: str, message: str, file: str, line: int, column: int = 1, *,
            hand_id: str | None = None, expected: object = None, actual: object = None) -> Finding:
    """Build a Finding whose rule id and severity come from the catalogue (one source of truth)."""
    entry = CATALOGUE[code]
    return Finding(code, entry.rule, entry.severity, message, file, line, column, hand_id,
                   None if expected is None else str(expected),
                   None if actual is None else str(actual))
