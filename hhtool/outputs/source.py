"""The source line a finding points at, the token at fault in it, and the snippet under a text finding.

The rules know the event a finding is about, not where on its line the amount or the name stands, so
most findings come at column 1. Before they are reported, the line is read again from its file and the
token the finding is about is looked for in it, in this order:

1. the finding's `actual` value (the name, the card, the amount as written, the line itself);
2. the amounts of the message, as written there and without their currency sign (`$0.10`, `0.10`);
3. the cards of the message (`5d`);
4. the longest start of the message that stands in the line (the player's name: `Big Blind [ME]`).

Input and parsing findings (HH0xx) use only steps 1 and the parser's column: their messages quote
the line, not a token of it. A token counts only where it stands alone (not inside a longer word or number). When one is found,
the finding's column becomes the token's and the caret underlines it; when none is, the column stays
as the rule set it and the snippet shows the line with no caret (a caret under a whole line says
nothing the line does not; so too when the token is the whole line). A parser's own column (greater
than 1) is kept.

The files are read again one at a time, forward (findings come in file order), with the same
reader as the run (`hhtool.io.sources`: archives, encodings and line ends as in the run); standard
input cannot be read again, so its findings keep their column and have no snippet.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from hhtool.findings import Finding
from hhtool.io.sources import STDIN_NAME, read_blocks
from hhtool.io.split import Block
from hhtool.safetext import printable

_AMOUNT = re.compile(r"(?<![\w.])-?[$€£¥₹]?\d[\d,]*(?:\.\d+)?(?![\w])")
_CARD = re.compile(r"(?<!\w)[2-9TJQKA][shdc](?!\w)")
_SEAT_LIKE = re.compile(r"(?:seat|line|pot|hand|level|seats) $", re.IGNORECASE)
_GENERIC = frozenset(
    {
        "",
        "none",
        "nobody",
        "no line",
        "end of hand",
        "round closed",
        "all 0",
        "no all-in mark",
        "none printed",
        "larger",
    }
)
_MAX_LINE = 400  # characters of a line shown under a finding


def _alone(token: str) -> re.Pattern[str]:
    return re.compile(r"(?<![\w.,])" + re.escape(token) + r"(?![\w]|[.,]\d)")


def token_span(f: Finding, text: str) -> tuple[int, int] | None:
    """(1-based column, width) of the token `f` is about in its line `text`, or None."""
    if f.column > 1:  # the parser knew
        rest = text[f.column - 1 :]
        if f.actual and rest.startswith(f.actual):
            return f.column, len(f.actual)
        word = re.match(r"\S+", rest)
        return f.column, len(word.group()) if word else 1
    for token in _candidates(f):
        if len(token) > len(text):
            continue
        match = _alone(token).search(text)
        if match is not None:
            return match.start() + 1, len(token)
    return None


def _candidates(f: Finding) -> Iterator[str]:
    actual = (f.actual or "").strip()
    if actual.lower() not in _GENERIC and len(actual) <= 200:
        yield actual
        if actual.isdigit() and len(actual) > 3:
            yield f"{int(actual):,}"
    if f.code.startswith("HH0"):  # input and parsing: the parser's column and `actual`, no guess from words
        return
    message = f.message
    for match in _AMOUNT.finditer(message):
        if _SEAT_LIKE.search(message[max(0, match.start() - 7) : match.start()]):
            continue  # "seat 5", "line 11": a place, not an amount
        amount = match.group()
        yield amount
        bare = amount.lstrip("-").lstrip("$€£¥₹")
        if bare != amount:
            yield bare
        if bare.isdigit() and len(bare) > 3:
            yield f"{int(bare):,}"  # 2000 -> 2,000, as sites print stacks
    yield from (m.group() for m in _CARD.finditer(message))
    words = message.split(" ")
    for end in range(min(len(words), 6), 0, -1):
        start = " ".join(words[:end]).rstrip(",;:'s") if end == 1 else " ".join(words[:end])
        if len(start) >= 2 and start[0] not in "'\"(":
            yield start


class SourceLines:
    """Lines of the files findings point at, read again on demand (one file open at a time)."""

    def __init__(self) -> None:
        self._file: str | None = None
        self._blocks: Iterator[Block | Finding] | None = None
        self._block: Block | None = None
        self._lines: list[str] = []
        self.widths: dict[tuple[str, int, int, str], int] = {}  # (file, line, column, code) -> caret width

    def line(self, file: str, number: int) -> str | None:
        """The text of line `number` of `file` (as the run read it), or None when it cannot be had."""
        if number < 1 or file == STDIN_NAME:
            return None
        block = self._block
        if file != self._file or block is None or number < block.line:
            self._open(file)
            block = self._block
        while block is not None and number >= block.line + len(self._lines):
            block = self._next()
        if block is None or number < block.line:
            return None
        text = self._lines[number - block.line]
        return (" " * (block.column - 1) + text) if number == block.line and block.column > 1 else text

    def _open(self, file: str) -> None:
        self._file = file
        try:
            self._blocks = iter(read_blocks(file, file))
        except OSError:
            self._blocks = iter(())
        self._block, self._lines = None, []
        self._next()

    def _next(self) -> Block | None:
        assert self._blocks is not None
        try:
            for item in self._blocks:
                if isinstance(item, Block):
                    lines = item.text.split("\n")
                    if len(lines) > 1 and not lines[-1]:
                        lines.pop()  # the text's last line break ends a line, it starts none
                    self._block, self._lines = item, lines
                    return item
        except Exception:  # noqa: BLE001, S110 - the file changed or vanished: no snippet, nothing else
            pass
        self._blocks, self._block, self._lines = iter(()), None, []
        return None

    def locate(self, f: Finding) -> Finding:
        """`f` with the column of the token it is about (unchanged when none is found); remembers the
        caret's width for `snippet`."""
        if f.line < 1:
            return f
        text = self.line(f.file, f.line)
        if text is None:
            return f
        span = token_span(f, text)
        if span is None:
            return f
        column, width = span
        self.widths[(f.file, f.line, column, f.code)] = width
        if column == f.column:
            return f
        return Finding(f.code, f.rule, f.severity, f.message, f.file, f.line, column, f.hand_id, f.expected, f.actual)

    def snippet(self, f: Finding) -> str:
        """The lines under a text finding: the source line in a `N |` gutter and carets under the token
        (no caret when no token is known or the token is the whole line); empty when the line cannot be
        read again."""
        if f.line < 1:
            return ""
        text = self.line(f.file, f.line)
        if text is None or not text.strip():
            return ""
        text = text.rstrip()
        width = self.widths.get((f.file, f.line, f.column, f.code))
        start = len(text) - len(text.lstrip())
        shown = (text[:_MAX_LINE] + ("…" if len(text) > _MAX_LINE else "")).replace("\t", " ")
        gutter = " " * len(str(f.line))
        if width is None or (f.column == start + 1 and width >= len(text) - start):
            # no token known, or the token is the whole line (HH047's ACPC line): the line alone, no caret
            return f"{gutter} |\n{f.line} | {printable(shown)}\n"
        column = min(f.column, len(shown) + 1)
        width = max(1, min(width, len(shown) - column + 1))
        # the caret goes under the printable form of the line (escapes widen what comes before)
        before = printable(shown[: column - 1])
        under = printable(shown[column - 1 : column - 1 + width])
        return f"{gutter} |\n{f.line} | {printable(shown)}\n{gutter} | {' ' * len(before)}{'^' * max(1, len(under))}\n"


def findings_text(findings: list[Finding], source: SourceLines | None) -> str:
    """Findings as `validate` prints them in text: each line, at the column of its token, with its source
    line and caret under it (`parse --format text` and `convert` print theirs so); one line each without
    `source`."""
    from hhtool.outputs.text import finding_line

    parts = []
    for f in findings:
        if source is not None:
            f = source.locate(f)
        parts.append(finding_line(f) + "\n")
        snippet = source.snippet(f) if source is not None else ""
        if snippet:
            parts.append(snippet + "\n")
    return "".join(parts)
