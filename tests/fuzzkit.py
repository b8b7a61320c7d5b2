"""Fuzzing hhtool with mutated real-format hands: Hypothesis strategies, the invariants, the figures.

A case is one hand-history file made of 1-3 distinct clean hands of one dialect, each changed by
0-4 mutations. The clean hands (`SEEDS`) are the hands of every dialect's samples (samples/: text of
every site, iPoker XML, PHH, ACPC logs), each alone in a file with the file-level section it needs
(iPoker's `<session><general>`, the ACPC log's header), plus hands played by hhtool's generator in
PokerStars' format (`BASE_HANDS` are the PokerStars ones). Text hands of a line-based dialect are
combined up to three in a file; an XML, PHH or ACPC hand is alone in its file. A mutation is a byte
flipped, a line deleted, duplicated or swapped, the hand cut short, a number replaced by a huge or
odd one, control characters put in, a player renamed with a very long or odd name, blank lines
or other line ends after it; then the file is written in one encoding or a mix (UTF-8 with or
without a byte-order mark, Windows-1252, UTF-16, a stray invalid byte).

Invariants, checked by `check_case` on every case (the library's sequential run, as `validate`,
and the dataset rows the export and the audit build from it):
- no exception escapes, and no finding is HH099 (an internal error);
- every hand is accounted for: one result per hand read, and valid + invalid + unparsed +
  unsupported + duplicate = read;
- a PokerStars hand no mutation touched is read whole: it is there with its hand id and no error of
  its own (a neighbour changed into a copy of its id may give it HH413), however broken its
  neighbours. (The other dialects' untouched hands are not held to this yet: their files are also
  written in encodings and line ends their sites never used.)
`check_parallel` checks on a folder of cases that `validate --format jsonl` gives the same bytes
with --jobs 1, --jobs 2 and any chunk size.

`FIGURES` counts what was tried and found. The CI runs this for about a minute (tests/test_fuzz.py);
`HHTOOL_FUZZ_SECONDS=600 python -m pytest -q -s -n 0 tests/test_fuzz.py` runs it for longer.
"""

from __future__ import annotations

import codecs
import os
import re
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pyarrow as pa
from hypothesis import strategies as st

from hhtool.export.rows import Rows
from hhtool.export.schema import COLUMNS, SCHEMAS, TABLES
from hhtool.findings import Finding, Severity
from hhtool.generate import generate_text
from hhtool.io import Block, read_blocks
from hhtool.validate import HandResult, Summary, validate_paths

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
HEADER = re.compile(r"PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #(\d+)")


@dataclass(frozen=True)
class Seed:
    """A clean hand alone in a file: the file's text, its hand id (as hhtool reads it), its dialect,
    the file name's suffix, and whether hands of its kind can follow one another in one file."""

    text: str
    hand_id: str
    dialect: str
    suffix: str = ".txt"
    joinable: bool = True


def _sample_hands() -> list[tuple[str, str, str, bool]]:
    """Every sample hand as (text of a file holding it alone, dialect, suffix, joinable)."""
    hands = []
    for path in sorted(SAMPLES.iterdir()):
        if path.name == "README.md":
            continue
        for b in read_blocks(path):
            if isinstance(b, Block):
                alone = (b.context or "") + b.text
                if b.context is not None and b.context.lstrip().startswith("<") and "</session>" not in alone:
                    alone = alone.rstrip("\n") + "\n</session>\n"  # an iPoker game closes its session
                text_file = path.suffix == ".txt" and b.context is None
                hands.append((alone, b.dialect, path.suffix, text_file))
    return hands


def _generated_hands() -> list[str]:
    """Hands of several games, tournaments and odd names, one or two per table (few cross-hand ties)."""
    return list(generate_text(60, seed=12, game="mix", tournaments=0.3, odd_names=0.3, hands_per_table=(1, 2)))


def _clean(hands: list[tuple[str, str, str, bool]]) -> list[Seed]:
    """The hands that validate alone with no error and a unique hand id: a mutation-free hand must stay so."""
    out, seen = [], set()
    with tempfile.TemporaryDirectory() as tmp:
        for i, (text, dialect, suffix, joinable) in enumerate(hands):
            path = Path(tmp) / f"h{i}{suffix}"
            path.write_text(text, encoding="utf-8")
            results = [r for r in validate_paths([str(path)]) if isinstance(r, HandResult)]
            if len(results) != 1 or results[0].status != "valid" or results[0].hand_id is None:
                continue
            key = (dialect, results[0].hand_id)
            if key in seen or (dialect == "pokerstars" and HEADER.search(text) is None):
                continue
            seen.add(key)
            out.append(Seed(text, results[0].hand_id, dialect, suffix, joinable))
    return out


SEEDS: list[Seed] = _clean(_sample_hands() + [(t, "pokerstars", ".txt", True) for t in _generated_hands()])
DIALECTS: tuple[str, ...] = tuple(sorted({seed.dialect for seed in SEEDS}))  # the dialects with seeds
BASE_HANDS: list[str] = [seed.text for seed in SEEDS if seed.dialect == "pokerstars"]

# Huge and odd numbers. NUMERIC_LIMITS are past hhtool's limits (hhtool/model/limits.py: numbers beyond
# int64 or Python's int-string limit, exponents, year 9999, seat 200 or 10^12) or past the dataset's
# narrow integer columns (128, 256, 32768, 65536, 2^31, 2^32; issue 12 item 5: `Seat 200:`): HH013, and
# the figures tell them apart.
NUMERIC_LIMITS = ("9" * 25, "9" * 5000, "100000000000000000", "9223372036854775808", "1e999999", "Infinity",
                  "0.01e999999", "200", "1000000000000", "9999", "128", "256", "32767", "32768", "65536", "2147483648",
                  "4294967296")
ODD_NUMBERS = ("0", "00", "-1", "-0", "1_0", "+10", "1e1", "１０", "٣", "0x10", "NaN", "1.", ".5", "0.001",
               "1,000,000", "127", "12.345", "")
CONTROLS = ("\x00", "\x01", "\x07", "\x08", "\x0b", "\x0c", "\x1b[31m", "\x1b]0;x\x07", "\x7f", "\x85", "\x9b",
            "\u2028", "\u202e", "\ufeff", "\ufffd", "\t", "\r", "\xa0", "\u200b")
ODD_NAMES = ("A" * 300, "Б" * 2000, "x" * 70000, "=cmd|' /C calc'!A0", "+1", "-", "@x", "a: b", "[Ah Kd]",
             "Seat 1:", "$5", "#1", "名前", "Ünïcödé", " lead", "trail ", "a\x1b[2Jb", "in chips",
             "and is all-in", "'", '"', "\\", "", "😀" * 10)
CHAR_POOL = "0123456789$€£#:;,.()[]/- xAKQJT2shdcPokerStarsHand\x00\x1b\x7f\x85\xa0\xff\u2028é中"
ENCODINGS = ("utf-8", "utf-8-sig", "cp1252", "utf-16", "mixed", "invalid-byte")


@dataclass
class Case:
    """One fuzz input: the file's bytes, what was done to it, and the hands that were left alone."""

    data: bytes
    mutations: list[str]
    untouched: set[str]  # hand ids of hands no mutation touched (PokerStars hands only)
    hands: int  # base hands put in
    suffix: str = ".txt"  # the file name's ending (.xml, .phh, .phhs, .log: what the seeds came in)
    dialect: str = "pokerstars"

    def __repr__(self) -> str:  # the bytes may be a megabyte of blank lines: Hypothesis prints this
        return (f"Case({self.dialect}{self.suffix}, {len(self.data)} bytes, {self.hands} hands, "
                f"mutations={self.mutations}, head={self.data[:60]!r})")

    def _repr_pretty_(self, printer, cycle: bool) -> None:  # what Hypothesis' pretty-printer calls
        printer.text(repr(self))


@dataclass
class Figures:
    """What the fuzzing tried and found, for the report."""

    inputs: int = 0
    hands_read: int = 0
    mutations: Counter = field(default_factory=Counter)
    findings: Counter = field(default_factory=Counter)
    statuses: Counter = field(default_factory=Counter)
    crashes: int = 0
    hh099: int = 0
    lost: int = 0
    parallel_inputs: int = 0
    parallel_runs: int = 0
    seconds: float = 0.0

    def text(self) -> str:
        codes = ", ".join(f"{code} {n}" for code, n in sorted(self.findings.items()))
        kinds = ", ".join(f"{kind} {n}" for kind, n in sorted(self.mutations.items()))
        statuses = ", ".join(f"{s} {n}" for s, n in sorted(self.statuses.items()))
        return (f"fuzz: {self.inputs} inputs ({self.hands_read} hands read: {statuses}) in {self.seconds:.0f} s; "
                f"crashes {self.crashes}, HH099 {self.hh099}, hands lost {self.lost}; parallel check: "
                f"{self.parallel_inputs} inputs in {self.parallel_runs} runs\n"
                f"  mutations: {kinds}\n  findings by code: {codes}")


FIGURES = Figures()


# -- mutations of one hand's lines --------------------------------------------------------------------

Mutation = Callable[[st.DrawFn, list[str]], str]


def _line(draw: st.DrawFn, lines: list[str]) -> int:
    return draw(st.integers(0, len(lines) - 1))


def flip_char(draw, lines):
    i = _line(draw, lines)
    line = lines[i]
    pos = draw(st.integers(0, max(0, len(line) - 1)))
    char = draw(st.sampled_from(CHAR_POOL))
    lines[i] = line[:pos] + char + line[pos + 1:]
    return "flip"


def delete_line(draw, lines):
    if len(lines) > 1:
        del lines[_line(draw, lines)]
    return "delete-line"


def duplicate_line(draw, lines):
    i = _line(draw, lines)
    lines.insert(i, lines[i])
    return "duplicate-line"


def swap_lines(draw, lines):
    i, j = _line(draw, lines), _line(draw, lines)
    lines[i], lines[j] = lines[j], lines[i]
    return "swap-lines"


def truncate(draw, lines):
    i = _line(draw, lines)
    cut = draw(st.integers(0, len(lines[i])))
    lines[i:] = [lines[i][:cut]]
    return "truncate"


def _number(draw, lines, values, kind):
    spots = [(i, m.span()) for i, line in enumerate(lines) for m in re.finditer(r"\d+(?:\.\d+)?", line)]
    if not spots:
        return kind
    i, (start, end) = draw(st.sampled_from(spots))
    lines[i] = lines[i][:start] + draw(st.sampled_from(values)) + lines[i][end:]
    return kind


def odd_number(draw, lines):
    return _number(draw, lines, ODD_NUMBERS, "odd-number")


def huge_number(draw, lines):
    return _number(draw, lines, NUMERIC_LIMITS, "numeric-limits")


def control_chars(draw, lines):
    i = _line(draw, lines)
    pos = draw(st.integers(0, len(lines[i])))
    lines[i] = lines[i][:pos] + draw(st.sampled_from(CONTROLS)) + lines[i][pos:]
    return "control-chars"


def odd_name(draw, lines):
    names = [m.group(1) for line in lines if (m := re.match(r"Seat \d+: (.+?) \(", line))]
    if not names:
        return "odd-name"
    old, new = draw(st.sampled_from(names)), draw(st.sampled_from(ODD_NAMES))
    lines[:] = [line.replace(old, new) for line in lines]
    return "odd-name"


LINE_MUTATIONS: tuple[Mutation, ...] = (flip_char, delete_line, duplicate_line, swap_lines, truncate, odd_number,
                                        huge_number, control_chars, odd_name)


# -- a whole case ---------------------------------------------------------------------------------


@st.composite
def cases(draw: st.DrawFn, only_numeric_limits: bool = False, dialect: str | None = None) -> Case:
    """A file of 1-3 distinct clean hands of one dialect (`dialect`, or one drawn among DIALECTS), each
    with 0-4 mutations, in one encoding or a mix.

    A hand counts as untouched when no mutation changed it and the next hand still starts with its
    own header line: text after a hand up to the next header belongs to the hand, as in the file."""
    dialect = dialect or draw(st.sampled_from(DIALECTS))
    pool = [seed for seed in SEEDS if seed.dialect == dialect]
    count = draw(st.integers(1, min(3, len(pool)))) if pool[0].joinable else 1
    picks = [pool[i] for i in draw(st.lists(st.sampled_from(range(len(pool))), min_size=count, max_size=count,
                                            unique=True))]
    mutations = (huge_number,) if only_numeric_limits else LINE_MUTATIONS
    texts: list[str] = []
    done: list[str] = []
    changed: list[bool] = []
    headed: list[bool] = []  # the hand's first line is still its header
    for pick in picks:
        base = pick.text
        lines = base.rstrip("\n").split("\n")
        header = lines[0]
        kinds = [draw(st.sampled_from(mutations))(draw, lines) for _ in range(draw(st.integers(0, 4)))]
        changed.append(bool(kinds))
        headed.append(bool(lines) and lines[0] == header)
        gap = draw(st.sampled_from(("\n\n\n", "\n", "", "\n\n\n", "\n" * 700_000, " \n\t\n" * 1000)))
        if len(gap) > 100:
            kinds.append("blank-lines")
        end = draw(st.sampled_from(("\n", "\n", "\r\n", "\r")))
        if end != "\n":
            kinds.append("line-ends")
        texts.append(end.join(lines) + end + gap.replace("\n", end))
        done += kinds
    encoding = draw(st.sampled_from(ENCODINGS))
    blobs = _encode(draw, texts, encoding)
    if encoding == "invalid-byte":  # a byte that is no UTF-8 (nor anything) inside one hand
        k = draw(st.integers(0, count - 1))
        pos = draw(st.integers(0, len(blobs[k])))
        blobs[k] = blobs[k][:pos] + b"\x81" + blobs[k][pos:]
        changed[k] = True
        headed[k] = headed[k] and pos > len(picks[k].text.split("\n", 1)[0].encode())
    data = b"".join(blobs)
    if encoding not in ("utf-8", "utf-8-sig"):
        done.append(f"encoding-{encoding}")
    untouched = {pick.hand_id for i, pick in enumerate(picks)
                 if dialect == "pokerstars" and not changed[i] and (i + 1 == count or headed[i + 1])}
    if draw(st.integers(0, 9)) == 0:  # a byte flipped anywhere in the file: every hand may be touched
        pos = draw(st.integers(0, max(0, len(data) - 1)))
        data = data[:pos] + bytes([draw(st.integers(0, 255))]) + data[pos + 1:]
        done.append("file-byte-flip")
        untouched = set()
    return Case(data, done, untouched, count, picks[0].suffix, dialect)


def _encode(draw, texts: list[str], encoding: str) -> list[bytes]:
    """The hands' bytes, hand by hand (their concatenation is the file)."""
    if encoding == "mixed":  # UTF-8 or Windows-1252 hand by hand, as a file appended to by two tools
        return [_cp1252_or_utf8(t) if draw(st.booleans()) else t.encode("utf-8", "surrogatepass") for t in texts]
    if encoding == "cp1252":
        return [_cp1252_or_utf8("".join(texts))]
    if encoding == "utf-16":
        return [codecs.BOM_UTF16_LE + "".join(texts).encode("utf-16-le", "surrogatepass")]
    if encoding == "utf-8-sig":
        return [codecs.BOM_UTF8 + texts[0].encode("utf-8")] + [t.encode("utf-8") for t in texts[1:]]
    return [t.encode("utf-8") for t in texts]


def _cp1252_or_utf8(text: str) -> bytes:
    try:
        return text.encode("cp1252")
    except UnicodeEncodeError:
        return text.encode("utf-8", "surrogatepass")


# -- the invariants --------------------------------------------------------------------------------


class InvariantError(AssertionError):
    pass


def check_case(case: Case, folder: Path, name: str | None = None) -> list[HandResult | Finding]:
    """Validate the case's file as `hhtool validate` does and check the invariants (InvariantError)."""
    path = folder / (name or f"case{case.suffix}")
    path.write_bytes(case.data)
    summary = Summary()
    FIGURES.inputs += 1
    FIGURES.mutations.update(case.mutations)
    try:
        items = list(validate_paths([str(path)], None, summary))
    except Exception:
        FIGURES.crashes += 1
        raise
    results = [item for item in items if isinstance(item, HandResult)]
    findings = [f for item in items for f in (item.findings if isinstance(item, HandResult) else [item])]
    FIGURES.hands_read += len(results)
    FIGURES.findings.update(f.code for f in findings)
    FIGURES.statuses.update(r.status for r in results)
    internal = [f for f in findings if f.code == "HH099"]
    if internal:
        FIGURES.hh099 += len(internal)
        raise InvariantError(f"HH099: {internal[0].message} at line {internal[0].line}")
    tally = summary.tally
    if len(results) != tally.hands_read or sum(summary.by_status.values()) != tally.hands_read:
        FIGURES.lost += 1
        raise InvariantError(f"{len(results)} results, {tally.hands_read} hands read, by status {summary.by_status}")
    by_id: dict[str | None, list[HandResult]] = {}
    for result in results:
        by_id.setdefault(result.hand_id, []).append(result)
    for hand_id in case.untouched:
        found = by_id.get(hand_id, [])
        whole = [r for r in found if r.status in ("valid", "invalid", "duplicate") and not [
            f for f in r.findings if f.severity is Severity.ERROR and f.code != "HH413"]]
        if not whole:
            FIGURES.lost += 1
            raise InvariantError(f"hand {hand_id}, untouched, was not read whole: "
                                 f"{[(r.status, [f.code for f in r.findings]) for r in found]}")
    try:
        table_rows(items)
    except Exception:
        FIGURES.crashes += 1
        raise
    return items


def table_rows(items: list[HandResult | Finding]) -> dict[str, pa.Table]:
    """The dataset tables of the results, as the export and the audit build them (rows, then Arrow
    with the dataset's schema: narrow integer columns overflow here if anywhere)."""
    rows = Rows({t: [name for name, _, _ in cols] for t, cols in COLUMNS.items()})
    for item in items:
        if isinstance(item, Finding):
            rows.add_finding(f"@{item.file}:{item.line}", item, "unknown")
        elif item.status != "duplicate":
            rows.add_result(item)
    return {t: pa.Table.from_pydict(rows.columns_of(t), schema=SCHEMAS[t].append(pa.field("date", pa.string())))
            for t in TABLES}


def fuzz_budget(default: float) -> float:
    """Seconds of fuzzing: HHTOOL_FUZZ_SECONDS, else `default` (the CI's share)."""
    return float(os.environ.get("HHTOOL_FUZZ_SECONDS") or default)


def timer() -> Callable[[], float]:
    start = time.monotonic()
    return lambda: time.monotonic() - start
