"""A small kit for rule tests: build a hand text from a legal base hand, change it, validate it.

Hands are plain PokerStars text. Changes are textual and strict: every helper asserts that the
text it changes is there exactly as often as it should be, so a test never silently validates
the unchanged base hand. Validation goes either through a temporary file and
`hhtool.validate.validate_paths` (the whole pipeline: reading, parsing, replay, settlement,
cross-hand checks) or straight through `parse_block` + `validate_hand` for one hand (fast; used by
the mutation test).
"""

from __future__ import annotations

import tempfile
import textwrap
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from hhtool.codes import finding
from hhtool.findings import Finding, Severity
from hhtool.grammar import ParseResult, Status, parse_block
from hhtool.io import Block
from hhtool.rules.ruleset import RuleSet
from hhtool.validate import HandResult, validate_hand, validate_paths

# -- building texts -----------------------------------------------------------------------------


def hand_text(text: str) -> str:
    """An inline hand (indented in the test source) as PokerStars text: dedented, one final newline."""
    return textwrap.dedent(text).strip("\n") + "\n"


def hands_file(*hands: str) -> str:
    """Hands as the client writes them into one file: 3 empty lines between hands."""
    return "\n\n\n".join(h.rstrip("\n") + "\n" for h in hands)


def lines_of(text: str) -> list[str]:
    return text.rstrip("\n").split("\n")


def _join(lines: list[str]) -> str:
    return "\n".join(lines) + "\n"


def _index(lines: Sequence[str], line: str, after: int = -1) -> int:
    """The 0-based index of the one line equal to `line` (after index `after`); asserts it is unique."""
    found = [i for i, text in enumerate(lines) if text == line and i > after]
    assert len(found) == 1, f"expected exactly one line {line!r}, found {len(found)}"
    return found[0]


def line_of(text: str, line: str) -> int:
    """The 1-based number of the one line of `text` equal to `line`."""
    return _index(lines_of(text), line) + 1


def replace_line(text: str, old: str, new: str | Sequence[str]) -> str:
    """Replace the one line equal to `old` by `new` (a line, or several lines)."""
    lines = lines_of(text)
    i = _index(lines, old)
    lines[i:i + 1] = [new] if isinstance(new, str) else list(new)
    return _join(lines)


def delete_line(text: str, old: str) -> str:
    return replace_line(text, old, [])


def insert_after(text: str, anchor: str, new: str | Sequence[str]) -> str:
    """Insert `new` (a line or several) after the one line equal to `anchor`."""
    lines = lines_of(text)
    i = _index(lines, anchor)
    lines[i + 1:i + 1] = [new] if isinstance(new, str) else list(new)
    return _join(lines)


def swap_lines(text: str, a: str, b: str) -> str:
    """Exchange the two lines equal to `a` and `b`."""
    lines = lines_of(text)
    i, j = _index(lines, a), _index(lines, b)
    lines[i], lines[j] = lines[j], lines[i]
    return _join(lines)


def sub(text: str, old: str, new: str, count: int = 1) -> str:
    """Replace the substring `old`, which must occur exactly `count` times, by `new`."""
    found = text.count(old)
    assert found == count, f"expected {count} occurrence(s) of {old!r}, found {found}"
    return text.replace(old, new)


def edit(text: str, *changes) -> str:
    """Apply changes in order; each is (old, new) for `replace_line`, or a callable text -> text."""
    for change in changes:
        text = change(text) if callable(change) else replace_line(text, *change)
    return text


# -- validating -----------------------------------------------------------------------------------


def parse(text: str, file: str = "hand.txt", line: int = 1) -> ParseResult:
    """Parse one hand block, as if it started at `line` of `file`."""
    if not text.endswith("\n"):
        text += "\n"
    return parse_block(Block(file, line, 1, "pokerstars", text))


@dataclass
class Checked:
    """The verdict on one hand validated without a file: parse status and every finding."""

    status: str
    findings: list[Finding] = field(default_factory=list)

    @property
    def codes(self) -> set[str]:
        return {f.code for f in self.findings}

    def of(self, code: str) -> list[Finding]:
        return [f for f in self.findings if f.code == code]


def check(text: str, rules: RuleSet | None = None, file: str = "hand.txt", line: int = 1) -> Checked:
    """Parse and replay one hand (no cross-hand checks); status is parsed/unparsed/unsupported.

    A crash of the replay becomes an HH099 finding, as in `validate_paths`.
    """
    parsed = parse(text, file, line)
    if parsed.status is not Status.PARSED:
        return Checked(parsed.status.value, list(parsed.findings))
    try:
        state = validate_hand(parsed.hand, rules or RuleSet())
    except Exception as exc:  # noqa: BLE001 - as validate_paths does: a crash is HH099, never a test error
        return Checked(parsed.status.value, list(parsed.findings) + [
            finding("HH099", f"internal error while replaying: {type(exc).__name__}: {exc}", file, line,
                    hand_id=parsed.hand_id)])
    return Checked(parsed.status.value, list(parsed.findings) + sorted(state.findings, key=Finding.sort_key))


def validate_text(text: str | bytes, rules: RuleSet | None = None, name: str = "hands.txt",
                  folder: str | Path | None = None) -> tuple[list[HandResult], list[Finding]]:
    """Write `text` to a file and validate it with the whole pipeline.

    Returns the hand results and the file-level findings (HH001-HH004, HH002 ...), in order.
    """
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(folder or tmp) / name
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8", newline="")
        return validate_files([path], rules)


def validate_files(paths: Iterable[str | Path], rules: RuleSet | None = None
                   ) -> tuple[list[HandResult], list[Finding]]:
    results, file_findings = [], []
    for item in validate_paths([str(p) for p in paths], rules or RuleSet()):
        (results if isinstance(item, HandResult) else file_findings).append(item)
    return results, file_findings


def all_findings(results: Iterable[HandResult], file_findings: Iterable[Finding] = ()) -> list[Finding]:
    out = list(file_findings)
    for result in results:
        out.extend(result.findings)
    return out


def problems(findings: Iterable[Finding]) -> list[str]:
    """Findings as short strings, for assertion messages."""
    return [f"{f.line}: {f.code} [{f.severity}] {f.message} (expected={f.expected!r}, actual={f.actual!r})"
            for f in findings]


def errors(findings: Iterable[Finding]) -> list[Finding]:
    return [f for f in findings if f.severity is Severity.ERROR]
