"""A small kit for rule tests: build a hand text from a legal base hand, change it, validate it,
in every dialect hhtool can write.

Hands are written once, as plain PokerStars text (the authoring form; `AUTHORED`), and rendered in
each registered dialect that has a reader and a writer (`RENDERINGS`, automatic: a dialect joins the
rule tests when its writer is registered): the text is read into the site-neutral model, its
verbatim wording set aside, written by the dialect's writer and read back by its reader
(`render_in`); a finding's line in the authored text maps to the same element's line there.

Changes are textual and strict: every helper asserts that the
text it changes is there exactly as often as it should be, so a test never silently validates
the unchanged base hand. Validation goes either through a temporary file and
`hhtool.validate.validate_paths` (the whole pipeline: reading, parsing, replay, settlement,
cross-hand checks) or straight through `parse_block` + `validate_hand` for one hand (fast; used by
the mutation test).
"""

from __future__ import annotations

import dataclasses
import importlib
import tempfile
import textwrap
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from hhtool import dialects
from hhtool.codes import finding
from hhtool.findings import Finding, Severity
from hhtool.grammar import ParseResult, Status, parse_block
from hhtool.interchange.check import shape
from hhtool.interchange.for_site import for_site as hand_for_site
from hhtool.io import Block
from hhtool.model import Hand, Muck
from hhtool.rules.ruleset import RuleSet
from hhtool.validate import HandResult, validate_hand, validate_paths

AUTHORED = "pokerstars"
"""The dialect the test hands are written in."""

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
    lines[i : i + 1] = [new] if isinstance(new, str) else list(new)
    return _join(lines)


def delete_line(text: str, old: str) -> str:
    return replace_line(text, old, [])


def insert_after(text: str, anchor: str, new: str | Sequence[str]) -> str:
    """Insert `new` (a line or several) after the one line equal to `anchor`."""
    lines = lines_of(text)
    i = _index(lines, anchor)
    lines[i + 1 : i + 1] = [new] if isinstance(new, str) else list(new)
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


def parse(text: str, file: str = "hand.txt", line: int = 1, dialect: str = AUTHORED) -> ParseResult:
    """Parse one hand block of `dialect`, as if it started at `line` of `file`."""
    if not text.endswith("\n"):
        text += "\n"
    return parse_block(Block(file, line, 1, dialect, text))


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


def check(
    text: str, rules: RuleSet | None = None, file: str = "hand.txt", line: int = 1, dialect: str = AUTHORED
) -> Checked:
    """Parse and replay one hand of `dialect` (no cross-hand checks); status is parsed/unparsed/unsupported.

    A crash of the replay becomes an HH099 finding, as in `validate_paths`.
    """
    parsed = parse(text, file, line, dialect)
    if parsed.status is not Status.PARSED:
        return Checked(parsed.status.value, list(parsed.findings))
    try:
        state = validate_hand(parsed.hand, rules or RuleSet())
    except Exception as exc:  # noqa: BLE001 - as validate_paths does: a crash is HH099, never a test error
        return Checked(
            parsed.status.value,
            list(parsed.findings)
            + [
                finding(
                    "HH099",
                    f"internal error while replaying: {type(exc).__name__}: {exc}",
                    file,
                    line,
                    hand_id=parsed.hand_id,
                )
            ],
        )
    return Checked(parsed.status.value, list(parsed.findings) + sorted(state.findings, key=Finding.sort_key))


def validate_text(
    text: str | bytes, rules: RuleSet | None = None, name: str = "hands.txt", folder: str | Path | None = None
) -> tuple[list[HandResult], list[Finding]]:
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


def validate_files(paths: Iterable[str | Path], rules: RuleSet | None = None) -> tuple[list[HandResult], list[Finding]]:
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
    return [
        f"{f.line}: {f.code} [{f.severity}] {f.message} (expected={f.expected!r}, actual={f.actual!r})"
        for f in findings
    ]


def errors(findings: Iterable[Finding]) -> list[Finding]:
    return [f for f in findings if f.severity is Severity.ERROR]


# -- one hand, every dialect ----------------------------------------------------------------------

TEXT = "text"
"""The rendering that is the authored text itself (the other renderings are named by their dialect)."""


def writing_dialects() -> tuple[str, ...]:
    """Every registered dialect with a reader and a writer, in registration order; not an interchange format
    that records no collect lines (PHH, `Conventions.prints_collects` False): the rule cases are about the
    claims a site prints (collected amounts, summaries), which such a format derives instead."""
    return tuple(
        d.name
        for d in dialects.dialects()
        if d.reader is not None and d.writer is not None and d.conventions.prints_collects
    )


RENDERINGS = (TEXT, *writing_dialects())
"""How a rule test sees its hand: as written, and as each dialect's writer writes it (the authoring
dialect's writer included: the hand rebuilt from the model, its summary lines in the writer's words)."""


@dataclass(frozen=True)
class Rendered:
    """A test hand in one rendering: its text, the dialect that reads it, and where its lines went."""

    dialect: str
    text: str
    lines: dict[int, int]  # 1-based line of the authored text → the same element's line in `text`

    def line(self, authored: int) -> int | None:
        return self.lines.get(authored)

    def line_from(self, authored: int) -> int | None:
        """The line of the first element at or after an authored line (a line with no counterpart here,
        e.g. a muck line the site does not print, stands for what follows it)."""
        later = [n for n in self.lines if n >= authored]
        return self.lines[min(later)] if later else None


def render_in(text: str, rendering: str, rules: RuleSet | None = None) -> Rendered | None:
    """The hand written as `text` (the authored form) in `rendering` (TEXT or a dialect with a writer).

    The authored text is read into the model; what the model keeps verbatim (summary seat lines) is
    set aside so that the dialect's writer words it; the writer's text is read back by the dialect's
    reader. None when the dialect cannot say this hand: its reader does not give back the same hand
    (seats, events, claims, the betting fields of the header), e.g. a feature the site does not have.
    """
    if not text.endswith("\n"):
        text += "\n"
    if rendering == TEXT:
        count = len(lines_of(text))
        return Rendered(AUTHORED, text, {n: n for n in range(1, count + 1)})
    dialect = dialects.get(rendering)
    assert dialect is not None and dialect.writer is not None, f"no writer for {rendering!r}"
    authored = parse_block(Block("hand.txt", 1, 1, AUTHORED, text))
    if authored.status is not Status.PARSED:
        return None
    hand = neutral(authored.hand, dialect.site_name)
    try:
        carried = said(dialect, hand)
        if carried is None:
            return None  # the site's writer says its text cannot carry this hand
        if carried is not hand and not _implied(authored.hand, carried, rules, rendering):
            return None  # what the site leaves out was not implied by the rest: another hand to the rules
        hand = carried
        written = dialect.load("writer")(hand)
    except Exception:  # noqa: BLE001 - a writer refuses what its site cannot print (a line it has no words for)
        return None
    back = parse_block(Block("hand.txt", 1, 1, dialect.name, written))
    if back.status is not Status.PARSED or _shape(back.hand) != _shape(hand):
        return None
    return Rendered(dialect.name, written, _line_map(hand, back.hand))


def said(dialect, hand: Hand) -> Hand | None:
    """The hand as the dialect's text carries it: its writer module's `said(hand)` when it has one (a site
    that prints less than the model holds: no total pot, no uncalled-bet line, …), which raises or gives None
    when its text cannot carry the hand (the case is one the dialect cannot say)."""
    reduce = getattr(importlib.import_module(_writer_module(dialect)), "said", None)
    return reduce(hand) if reduce is not None else hand


def unsaid(rendering: str) -> frozenset[str]:
    """The finding codes about what the dialect's text does not print (its writer module's `UNSAID`: e.g. no
    total pot line, no uncalled-bet line): a rule case about one of them is one the dialect cannot say."""
    dialect = dialects.get(rendering)
    if dialect is None or dialect.writer is None:
        return frozenset()
    return frozenset(getattr(importlib.import_module(_writer_module(dialect)), "UNSAID", ()))


def _writer_module(dialect) -> str:
    return dialect.writer.partition(":")[0] if isinstance(dialect.writer, str) else dialect.writer.__module__


def _findings(hand: Hand, rules: RuleSet | None) -> set[tuple[str, int]]:
    return {(f.code, f.line) for f in validate_hand(hand, rules or RuleSet()).findings}


def _implied(authored: Hand, carried: Hand, rules: RuleSet | None, rendering: str) -> bool:
    """Whether the hand as the site carries it is the same hand to the rules: the same findings at the same
    lines, but for those about what the site does not print (`unsaid`), which it cannot raise."""
    before, after = _findings(authored, rules), _findings(carried, for_site(rules, rendering))
    dropped = unsaid(rendering)
    return after <= before and all(code in dropped or (code, line) in after for code, line in before)


def neutral(hand: Hand, site: str) -> Hand:
    """The hand as the model says it, for `site`: its summary seat lines to be worded by the site's
    writer, no table chatter (the notices the replay does not read), a hand description that is right
    in the authored site's wording put in the site's wording (a wrong one, a test's corruption, stays as
    written), and the site its hands carry: what `hhtool convert` writes (hhtool.interchange.for_site)."""
    return hand_for_site(hand, site)


def _shape(hand: Hand) -> tuple:
    """What a rendering must keep for a rule test to mean the same: what `hhtool convert` checks
    (hhtool.interchange.check.shape: the header's betting fields, seats, events and claims; line numbers,
    verbatim wording, notices' text and muck lines aside)."""
    return shape(hand)


def _shaped(events) -> list:
    return [e for e in events if type(e) is not Muck]


def _line_map(authored: Hand, back: Hand) -> dict[int, int]:
    """Authored line → rendered line, element by element (`authored`: the neutral hand, which keeps the
    authored lines; both have the same shape, muck lines aside)."""
    pairs = [(authored.source.line, back.source.line), (authored.source.line + 1, back.source.line + 1)]
    pairs += [(a.line, b.line) for a, b in zip(authored.seats, back.seats)]
    pairs += [(a.line, b.line) for a, b in zip(_shaped(authored.events), _shaped(back.events))]
    pairs.append((authored.claims.line, back.claims.line))
    pairs += list(zip(authored.claims.board_lines, back.claims.board_lines))
    pairs += [(a.line, b.line) for a, b in zip(authored.claims.seats, back.claims.seats)]
    out: dict[int, int] = {}
    for a, b in pairs:
        if a and b:
            out.setdefault(a, b)
    return out


def check_in(text: str, rendering: str, rules: RuleSet | None = None) -> tuple[Rendered, Checked] | None:
    """`check` of the hand as `rendering` writes it (None: the dialect cannot say it, see render_in),
    under `rules` for that site (a rake schedule bound to the authored site is bound to it instead)."""
    rendered = render_in(text, rendering, rules)
    if rendered is None:
        return None
    return rendered, check(rendered.text, for_site(rules, rendered.dialect), dialect=rendered.dialect)


def for_site(rules: RuleSet | None, dialect: str) -> RuleSet | None:
    """The rules a test means, for a hand rendered in `dialect`: a rake schedule of the authored site
    applies to the rendering's site (the test is about the schedule's figures, not the site)."""
    site = dialects.get(dialect).site_name
    authored = dialects.get(AUTHORED).site_name
    if rules is None or rules.rake is None or rules.rake.site != authored or site == authored:
        return rules
    return dataclasses.replace(rules, rake=dataclasses.replace(rules.rake, site=site))
