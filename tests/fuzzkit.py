"""Fuzzing hhtool with mutated real-format hands: Hypothesis strategies, the invariants, the figures.

A case is one hand-history file made of 1-3 distinct clean hands of one dialect, each changed by
0-4 mutations. The clean hands (`Seed`) come from three pools:
- `SEEDS`: the hands of every dialect's samples (samples/: text of every site, iPoker XML, PHH TOML,
  ACPC logs), each alone in a file with the file-level section it needs (iPoker's `<session><general>`,
  the ACPC log's header), hands played by hhtool's generator in PokerStars' format (`BASE_HANDS` are
  the PokerStars ones), and Open Hand History JSON (`ohh`) written by hhtool's OHH writer from the
  sample hands (read back by the `ohh` dialect);
- `corpus_seeds()`: clean hands of every dialect of the real corpus ($HHTOOL_CORPUS; none when unset),
  a few from each file, in the same form.
Text hands of a line-based dialect are combined up to three in a file; an XML, PHH, ACPC or OHH hand
is alone in its file.

A mutation is generic (a byte flipped, a line deleted, duplicated or swapped, the hand cut short, a
number replaced by a huge or odd one, control characters put in, a player renamed with a very long or
odd name) or aware of the format's structure (XML elements and attributes; TOML keys, values, arrays
and tables; an ACPC STATE line's fields; JSON fields), or a hostile shape whose cost may grow faster
than its size (a line repeated thousands of times, a long line of spaces, NUL padding without a line
end, many comment lines, many dotted keys). Then blank lines or other line ends may follow each hand,
the file is written in one encoding or a mix (UTF-8 with or without a byte-order mark, Windows-1252,
UTF-16, a stray invalid byte), and it may be packed as a `.gz` file or a `.zip` member (sometimes cut
short or with a byte flipped).

Invariants, checked by `check_case` on every case (the library's sequential run, as `validate`,
and the dataset rows the export and the audit build from it; `convert` for a share of the cases):
- no exception escapes, and no finding is HH099 (an internal error);
- every hand is accounted for: one result per hand read, and valid + invalid + unparsed +
  unsupported + duplicate = read;
- a PokerStars hand no mutation touched is read whole: it is there with its hand id and no error of
  its own (a neighbour changed into a copy of its id may give it HH413), however broken its
  neighbours. (The other dialects' untouched hands are not held to this yet: their files are also
  written in encodings and line ends their sites never used.)
- time and memory stay about linear: a case may take at most `FACTOR` times what a clean input of its
  dialect and size takes (measured in the same process at the start, `Costs`: relative, never an
  absolute number of seconds), and its peak memory (measured for one case in `MEMORY_EVERY` and for
  every hostile shape) at most `FACTOR` times a clean input's; a case that runs past twice its budget
  is stopped (SIGALRM) and reported as a hang.
`test_fuzz.py` checks on folders of such cases that `validate --format jsonl` gives the same bytes
with --jobs 1, --jobs 2 and any chunk size.

`FIGURES` counts what was tried and found, per dialect. The CI runs this in its normal test run,
against the build CI installed (compiled with HHTOOL_COMPILE=1); `HHTOOL_FUZZ_SECONDS=600 HHTOOL_FUZZ_STRICT_TIME=1
python -m pytest -q -s -n 0 tests/test_fuzz.py` runs it for longer. Time is a verdict only in that long
run (HHTOOL_FUZZ_STRICT_TIME=1) and in benchmarks/hostile_growth.py: in the ordinary run a case over its
time budget is counted and printed, not failed (wall time on a shared machine is no verdict); memory
(tracemalloc) and the hang stop hold in every run.
"""

from __future__ import annotations

import codecs
import gc
import gzip
import io
import json
import os
import re
import signal
import tempfile
import threading
import time
import tracemalloc
import zipfile
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
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
OHH = "ohh"  # the OHH JSON seeds (convert --to ohh of the samples, read by the ohh dialect)
FACTOR = 100.0  # a case's time and memory budget, as a multiple of a clean input's of the same size


@dataclass(frozen=True)
class Seed:
    """A clean hand alone in a file: the file's text, its hand id (as hhtool reads it), its dialect,
    the file name's suffix, and whether hands of its kind can follow one another in one file."""

    text: str
    hand_id: str
    dialect: str
    suffix: str = ".txt"
    joinable: bool = True


def _hands_of(paths: list[Path], per_file: int | None = None) -> list[tuple[str, str, str, bool]]:
    """Every hand of the files (at most `per_file` of each) as (text of a file holding it alone,
    dialect, suffix, joinable)."""
    hands = []
    for path in paths:
        taken = 0
        for b in read_blocks(path):
            if not isinstance(b, Block):
                continue
            if per_file is not None and taken >= per_file:
                break
            taken += 1
            alone = (b.context or "") + b.text
            if b.context is not None and b.context.lstrip().startswith("<") and "</session>" not in alone:
                alone = alone.rstrip("\n") + "\n</session>\n"  # an iPoker game closes its session
            text_file = path.suffix == ".txt" and b.context is None
            hands.append((alone, b.dialect, path.suffix, text_file))
    return hands


def _sample_hands() -> list[tuple[str, str, str, bool]]:
    return _hands_of(sorted(p for p in SAMPLES.iterdir() if p.name != "README.md"))


def _generated_hands() -> list[str]:
    """Hands of several games, tournaments and odd names, one or two per table (few cross-hand ties)."""
    return list(generate_text(60, seed=12, game="mix", tournaments=0.3, odd_names=0.3, hands_per_table=(1, 2)))


def _clean(hands: list[tuple[str, str, str, bool]], per_dialect: int | None = None) -> list[Seed]:
    """The hands that validate alone with no error and a unique hand id: a mutation-free hand must stay so."""
    out, seen = [], set()
    kept: Counter = Counter()
    with tempfile.TemporaryDirectory() as tmp:
        for i, (text, dialect, suffix, joinable) in enumerate(hands):
            if per_dialect is not None and kept[dialect] >= per_dialect:
                continue
            path = Path(tmp) / f"h{i}{suffix}"
            path.write_text(text, encoding="utf-8")
            results = [r for r in validate_paths([str(path)]) if isinstance(r, HandResult)]
            if len(results) != 1 or results[0].status != "valid" or results[0].hand_id is None:
                continue
            key = (dialect, results[0].hand_id)
            if key in seen or (dialect == "pokerstars" and HEADER.search(text) is None):
                continue
            seen.add(key)
            kept[dialect] += 1
            out.append(Seed(text, results[0].hand_id, dialect, suffix, joinable))
    return out


def _ohh_seeds(seeds: list[Seed]) -> list[Seed]:
    """OHH JSON of one sample hand of each dialect, as `convert --to ohh` writes it."""
    from hhtool.interchange import CannotSay, ohh

    out, done = [], set()
    with tempfile.TemporaryDirectory() as tmp:
        for i, seed in enumerate(seeds):
            if seed.dialect in done:
                continue
            path = Path(tmp) / f"h{i}{seed.suffix}"
            path.write_text(seed.text, encoding="utf-8")
            for r in validate_paths([str(path)]):
                if isinstance(r, HandResult) and r.hand is not None and r.state is not None:
                    try:
                        text = ohh.render_file([ohh.render_hand(r.hand, r.state)])
                    except CannotSay:  # a hand OHH cannot say (HH045): no seed
                        continue
                    done.add(seed.dialect)
                    out.append(Seed(text, seed.hand_id, OHH, ".ohh", False))
    return out


_READ = _clean(_sample_hands() + [(t, "pokerstars", ".txt", True) for t in _generated_hands()])
SEEDS: list[Seed] = _READ + _ohh_seeds(_READ)
DIALECTS: tuple[str, ...] = tuple(sorted({seed.dialect for seed in _READ}))  # the dialects hhtool reads
FUZZED: tuple[str, ...] = (*DIALECTS, OHH)  # and the OHH JSON seeds
BASE_HANDS: list[str] = [seed.text for seed in SEEDS if seed.dialect == "pokerstars"]
CORPUS_PER_FILE = 3  # hands taken from each corpus file
CORPUS_PER_DIALECT = 60  # clean corpus hands kept per dialect


def corpus_dir() -> Path | None:
    corpus = os.environ.get("HHTOOL_CORPUS")
    return Path(corpus) if corpus and Path(corpus).is_dir() else None


@cache
def corpus_seeds() -> tuple[Seed, ...]:
    """Clean hands of every dialect of $HHTOOL_CORPUS (text, iPoker XML, PHH, ACPC logs), a few from
    each file, at most CORPUS_PER_DIALECT a dialect; none when the corpus is not there."""
    corpus = corpus_dir()
    if corpus is None:
        return ()
    skipped = {".hp", ".hands", ".gt", ".json", ".md", ".py"}
    files = sorted(
        p for p in corpus.rglob("*") if p.is_file() and p.suffix.lower() not in skipped and p.stat().st_size < 2_000_000
    )
    return tuple(_clean(_hands_of(files, CORPUS_PER_FILE), CORPUS_PER_DIALECT))


def pool_of(dialect: str, corpus: bool = False) -> list[Seed]:
    return [s for s in (corpus_seeds() if corpus else SEEDS) if s.dialect == dialect]


def format_of(dialect: str, suffix: str) -> str:
    """The structure the format-aware mutations work on: xml, toml, acpc, json or text."""
    if dialect == OHH:
        return "json"
    return {".xml": "xml", ".phh": "toml", ".phhs": "toml", ".log": "acpc"}.get(suffix, "text")


# Huge and odd numbers. NUMERIC_LIMITS are past hhtool's limits (hhtool/model/limits.py: numbers beyond
# int64 or Python's int-string limit, exponents, year 9999, seat 200 or 10^12) or past the dataset's
# narrow integer columns (128, 256, 32768, 65536, 2^31, 2^32; issue 12 item 5: `Seat 200:`): HH013, and
# the figures tell them apart.
NUMERIC_LIMITS = (
    "9" * 25,
    "9" * 5000,
    "100000000000000000",
    "9223372036854775808",
    "1e999999",
    "Infinity",
    "0.01e999999",
    "200",
    "1000000000000",
    "9999",
    "128",
    "256",
    "32767",
    "32768",
    "65536",
    "2147483648",
    "4294967296",
    "9" * 41,
)
ODD_NUMBERS = (
    "0",
    "00",
    "-1",
    "-0",
    "1_0",
    "+10",
    "1e1",
    "１０",
    "٣",
    "0x10",
    "NaN",
    "1.",
    ".5",
    "0.001",
    "1,000,000",
    "127",
    "12.345",
    "",
    "inf",
    "0b1",
    "1e-7",
    "-9223372036854775809",
)
CONTROLS = (
    "\x00",
    "\x01",
    "\x07",
    "\x08",
    "\x0b",
    "\x0c",
    "\x1b[31m",
    "\x1b]0;x\x07",
    "\x7f",
    "\x85",
    "\x9b",
    "\u2028",
    "\u202e",
    "\ufeff",
    "\ufffd",
    "\t",
    "\r",
    "\xa0",
    "\u200b",
)
ODD_NAMES = (
    "A" * 300,
    "Б" * 2000,
    "x" * 70000,
    "=cmd|' /C calc'!A0",
    "+1",
    "-",
    "@x",
    "a: b",
    "[Ah Kd]",
    "Seat 1:",
    "$5",
    "#1",
    "名前",
    "Ünïcödé",
    " lead",
    "trail ",
    "a\x1b[2Jb",
    "in chips",
    "and is all-in",
    "'",
    '"',
    "\\",
    "",
    "😀" * 10,
    "a|b",
    "a:b",
    "<x>",
    "&amp;",
    "]]>",
)
CHAR_POOL = "0123456789$€£#:;,.()[]/- xAKQJT2shdcPokerStarsHand\x00\x1b\x7f\x85\xa0\xff\u2028é中<>&\"'=|{}"
ENCODINGS = ("utf-8", "utf-8-sig", "cp1252", "utf-16", "mixed", "invalid-byte")
# How many times a hostile shape repeats. The CI's run stays small (a quadratic reader costs seconds at
# 20,000 lines); a long run (HHTOOL_FUZZ_SECONDS) adds the sizes where super-linear growth shows.
LONG_RUN = "HHTOOL_FUZZ_SECONDS" in os.environ
GROWTH = (300, 3000, 20000) if LONG_RUN else (300, 3000)


@dataclass
class Case:
    """One fuzz input: the file's bytes (as written: a `.gz` or `.zip` when packed), what was done to
    it, and the hands that were left alone."""

    data: bytes
    mutations: list[str]
    untouched: set[str]  # hand ids of hands no mutation touched (PokerStars hands only)
    hands: int  # base hands put in
    suffix: str = ".txt"  # the file name's ending (.xml, .phh, .phhs, .log, .ohh; .gz or .zip when packed)
    dialect: str = "pokerstars"
    convert_to: str | None = None  # a `convert` target the case is also converted to
    size: int = -1  # the bytes before packing (the time budget's size)

    def __post_init__(self) -> None:
        if self.size < 0:
            self.size = len(self.data)

    def __repr__(self) -> str:  # the bytes may be a megabyte of blank lines: Hypothesis prints this
        return (
            f"Case({self.dialect}{self.suffix}, {len(self.data)} bytes, {self.hands} hands, "
            f"mutations={self.mutations}, head={self.data[:60]!r})"
        )

    def _repr_pretty_(self, printer, cycle: bool) -> None:  # what Hypothesis' pretty-printer calls
        printer.text(repr(self))

    @property
    def hostile(self) -> bool:
        return any(m.startswith("hostile-") or m == "blank-lines" for m in self.mutations)


@dataclass
class Figures:
    """What the fuzzing tried and found, for the report."""

    inputs: int = 0
    hands_read: int = 0
    mutations: Counter = field(default_factory=Counter)
    findings: Counter = field(default_factory=Counter)
    statuses: Counter = field(default_factory=Counter)
    by_dialect: Counter = field(default_factory=Counter)
    failures: Counter = field(default_factory=Counter)  # (dialect, kind) of each invariant broken
    crashes: int = 0
    hh099: int = 0
    lost: int = 0
    slow: int = 0  # past the time or memory budget
    over_time: list = field(default_factory=list)  # time over budget, not failed (see _over_time)
    converted: int = 0
    memory_checked: int = 0
    parallel_inputs: int = 0
    parallel_runs: int = 0
    jobs_mismatches: int = 0
    worst_ratio: float = 0.0  # the largest time / clean time of the same size met
    seconds: float = 0.0

    def text(self) -> str:
        from hhtool import compiled

        codes = ", ".join(f"{code} {n}" for code, n in sorted(self.findings.items()))
        kinds = ", ".join(f"{kind} {n}" for kind, n in sorted(self.mutations.items()))
        statuses = ", ".join(f"{s} {n}" for s, n in sorted(self.statuses.items()))
        dialects = ", ".join(f"{d} {n}" for d, n in sorted(self.by_dialect.items()))
        failed = ", ".join(f"{d}/{k} {n}" for (d, k), n in sorted(self.failures.items())) or "none"
        return (
            f"fuzz ({compiled.describe()}): {self.inputs} inputs ({self.hands_read} hands read: {statuses}) "
            f"in {self.seconds:.0f} s; crashes {self.crashes}, HH099 {self.hh099}, hands lost {self.lost}, "
            f"over the time/memory budget {self.slow} (worst {self.worst_ratio:.1f}x a clean input's time; "
            f"memory measured on {self.memory_checked}); converted {self.converted}; parallel check: "
            f"{self.parallel_inputs} inputs in {self.parallel_runs} runs, {self.jobs_mismatches} mismatches\n"
            f"  inputs per dialect: {dialects}\n  failures: {failed}\n"
            + "".join(f"  over time (not failed; HHTOOL_FUZZ_STRICT_TIME=1 fails it): {m}\n" for m in self.over_time)
            + f"  mutations: {kinds}\n  findings by code: {codes}"
        )


FIGURES = Figures()


# -- generic mutations of one hand's lines ---------------------------------------------------------

Mutation = Callable[[st.DrawFn, list[str]], str]


def _line(draw: st.DrawFn, lines: list[str]) -> int:
    return draw(st.integers(0, len(lines) - 1))


def flip_char(draw, lines):
    i = _line(draw, lines)
    line = lines[i]
    pos = draw(st.integers(0, max(0, len(line) - 1)))
    char = draw(st.sampled_from(CHAR_POOL))
    lines[i] = line[:pos] + char + line[pos + 1 :]
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


NUMBER = re.compile(r"\d+(?:\.\d+)?")


def _number(draw, lines, values, kind):
    spots = [(i, m.span()) for i, line in enumerate(lines) for m in NUMBER.finditer(line)]
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


NAME_SPOTS = (
    re.compile(r"Seat \d+: (.+?) \("),
    re.compile(r'\bname="([^"]+)"'),
    re.compile(r"^players = \['([^']+)'"),
    re.compile(r"^STATE:.*:([^:|]+)(?:\||$)"),
)


def odd_name(draw, lines):
    names = [m.group(1) for line in lines for spot in NAME_SPOTS if (m := spot.search(line))]
    if not names:
        return "odd-name"
    old, new = draw(st.sampled_from(names)), draw(st.sampled_from(ODD_NAMES))
    lines[:] = [line.replace(old, new) for line in lines]
    return "odd-name"


LINE_MUTATIONS: tuple[Mutation, ...] = (
    flip_char,
    delete_line,
    duplicate_line,
    swap_lines,
    truncate,
    odd_number,
    huge_number,
    control_chars,
    odd_name,
)


# -- hostile shapes: inputs whose cost may grow faster than their size (issue 26) ----------------------


def repeat_line(draw, lines):
    """One line repeated hundreds to tens of thousands of times (comment lines, dotted keys, actions)."""
    i = _line(draw, lines)
    lines[i + 1 : i + 1] = [lines[i]] * draw(st.sampled_from(GROWTH))
    return "hostile-repeat-line"


def long_line(draw, lines):
    """A long line of spaces (PartyPoker), of one letter, or of digits, inside the hand."""
    i = _line(draw, lines)
    run = draw(st.sampled_from((" ", "a", "9", "\t", "- ", "*"))) * draw(st.sampled_from((1000, 30000, 200000)))
    lines.insert(i, run if draw(st.booleans()) else lines[i] + run)
    return "hostile-long-line"


def nul_padding(draw, lines):
    """NUL bytes after the hand with no line end, as a crashed client's log is padded (a run at a line end is
    a line end to the reader: the next hand is still read whole)."""
    lines[-1] = lines[-1] + "\x00" * draw(st.sampled_from((10, 4096, 100_000)))
    return "hostile-nul-padding"


HOSTILE: tuple[Mutation, ...] = (repeat_line, long_line, nul_padding)


# -- structure-aware mutations ---------------------------------------------------------------------


def _text_mutation(fn: Callable[[st.DrawFn, str], tuple[str, str]]) -> Mutation:
    """A mutation of the hand's whole text (lines joined by "\\n") as one of its lines."""

    def mutate(draw, lines):
        text, kind = fn(draw, "\n".join(lines))
        lines[:] = text.split("\n")
        return kind

    mutate.__name__ = fn.__name__
    return mutate


def _sub_one(draw, text: str, pattern: re.Pattern, replace: Callable[[re.Match], str]) -> str | None:
    spots = list(pattern.finditer(text))
    if not spots:
        return None
    m = draw(st.sampled_from(spots))
    return text[: m.start()] + replace(m) + text[m.end() :]


ODD_VALUES = (
    *ODD_NUMBERS,
    *NUMERIC_LIMITS[:6],
    "$1e1",
    "€-5",
    "X X",
    "[cards]",
    "&lt;",
    "&#0;",
    "&#x110000;",
    "&bogus;",
    "\x01",
    "A" * 5000,
    "2099-13-45 25:61:61",
    "N/A",
    " ",
    "S10 HA",
    "10H",
    "true",
)

# XML ----
XML_ATTR = re.compile(r'(\s)([\w:-]+)="([^"]*)"')
XML_ELEMENT = re.compile(r"<(\w+)\b[^<>]*?(?:/>|>[^<]*</\1>)")
XML_TAG = re.compile(r"</?(\w+)")
XML_TEXT = re.compile(r">([^<>\n]+)</")


@_text_mutation
def xml_mutation(draw, text):
    kind = draw(
        st.sampled_from(
            (
                "attr-drop",
                "attr-value",
                "attr-dup",
                "elem-drop",
                "elem-dup",
                "elem-rename",
                "elem-nest",
                "elem-text",
                "entity",
                "comment",
                "unclosed",
            )
        )
    )
    new = None
    if kind == "attr-drop":
        new = _sub_one(draw, text, XML_ATTR, lambda m: "")
    elif kind == "attr-value":
        value = draw(st.sampled_from(ODD_VALUES)).replace('"', "&quot;")
        new = _sub_one(draw, text, XML_ATTR, lambda m: f'{m.group(1)}{m.group(2)}="{value}"')
    elif kind == "attr-dup":
        new = _sub_one(draw, text, XML_ATTR, lambda m: m.group(0) * 2)
    elif kind == "elem-drop":
        new = _sub_one(draw, text, XML_ELEMENT, lambda m: "")
    elif kind == "elem-dup":
        times = draw(st.sampled_from((2, 3, 50)))
        new = _sub_one(draw, text, XML_ELEMENT, lambda m: m.group(0) * times)
    elif kind == "elem-rename":
        name = draw(
            st.sampled_from(("game", "session", "round", "action", "player", "cards", "general", "x", "a:b", "GAME"))
        )
        new = _sub_one(draw, text, XML_TAG, lambda m: m.group(0).replace(m.group(1), name))
    elif kind == "elem-nest":
        depth = draw(st.sampled_from((10, 1000, 30000)))
        new = _sub_one(draw, text, XML_ELEMENT, lambda m: "<x>" * depth + m.group(0) + "</x>" * depth)
    elif kind == "elem-text":
        value = draw(st.sampled_from(ODD_VALUES)).replace("<", "&lt;")
        new = _sub_one(draw, text, XML_TEXT, lambda m: f">{value}</")
    elif kind == "entity":
        junk = draw(
            st.sampled_from(
                (
                    '<!DOCTYPE s [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]>',
                    "&undefined;",
                    "<![CDATA[x]]>",
                    "<?pi x?>",
                    "&#xD800;",
                    "\x00",
                )
            )
        )
        pos = draw(st.integers(0, len(text)))
        new = text[:pos] + junk + text[pos:]
    elif kind == "comment":
        count = draw(st.sampled_from((1, *GROWTH)))
        new = _sub_one(draw, text, XML_TAG, lambda m: "<!-- c -->\n" * count + m.group(0))
        kind = "comment" if count == 1 else "hostile-comments"
    elif kind == "unclosed":
        new = text.replace("</session>", "", 1) if draw(st.booleans()) else text.replace("</game>", "", 1)
    return new if new is not None else text, f"xml-{kind}" if not kind.startswith("hostile") else kind


# TOML (PHH) ----
TOML_KEY = re.compile(r"^([A-Za-z_][\w.]*)\s*=\s*(.*)$", re.MULTILINE)
TOML_ITEM = re.compile(r"(?<=[\[,])\s*('[^'\n]*'|[-\w.:]+)\s*(?=[,\]])")
TOML_VALUES = (
    "'x'",
    '"\\u0000"',
    "'''\nmulti\n'''",
    "1",
    "-1",
    "1.5",
    "1e999",
    "nan",
    "inf",
    "true",
    "1979-05-27T07:32:00Z",
    "07:32:00",
    "[]",
    "[1, 'a']",
    "{}",
    "{a = 1}",
    "{ a = { b = [1] } }",
    "'" + "9" * 5000 + "'",
    "9" * 41,
    "'America/../Europe/Paris'",
    "'Mars/Olympus'",
    "'../../etc'",
    "'UTC'",
    "'Europe/Paris'",
    "''",
)


@_text_mutation
def toml_mutation(draw, text):
    kind = draw(
        st.sampled_from(
            (
                "key-dup",
                "key-rename",
                "key-dotted",
                "value",
                "array-item",
                "array-drop",
                "array-dup",
                "nested",
                "table",
                "comments",
                "dotted-keys",
                "time-zone",
            )
        )
    )
    new = None
    if kind == "key-dup":
        new = _sub_one(draw, text, TOML_KEY, lambda m: m.group(0) + "\n" + m.group(1) + " = " + m.group(2))
    elif kind == "key-rename":
        name = draw(
            st.sampled_from(
                ("x", "actions", "players", "hand", "variant", "starting_stacks", "a b", "'quoted'", '"k"', "1")
            )
        )
        new = _sub_one(draw, text, TOML_KEY, lambda m: f"{name} = {m.group(2)}")
    elif kind == "key-dotted":
        new = _sub_one(draw, text, TOML_KEY, lambda m: f"{m.group(1)}.x.y = {m.group(2)}")
    elif kind == "value":
        value = draw(st.sampled_from(TOML_VALUES))
        new = _sub_one(draw, text, TOML_KEY, lambda m: f"{m.group(1)} = {value}")
    elif kind in ("array-item", "array-drop", "array-dup"):
        value = draw(
            st.sampled_from(
                (
                    *TOML_VALUES[:12],
                    "'p1 cbr 99999999999999999999'",
                    "'d db AhAhAh'",
                    "'p9 cc'",
                    "'p1 sm'",
                    "'p0 f'",
                    "'d dh p1 ????????'",
                    "'p1 cbr -5'",
                    "'p1 cbr ٣'",
                    "'#'",
                )
            )
        )
        new = _sub_one(
            draw,
            text,
            TOML_ITEM,
            lambda m: {"array-item": " " + value, "array-drop": "", "array-dup": m.group(0) + "," + m.group(0)}[kind],
        )
    elif kind == "nested":
        depth = draw(st.sampled_from((5, 200, 3000)))
        inner = draw(st.sampled_from(("[" * depth + "1" + "]" * depth, "{a=" * depth + "1" + "}" * depth)))
        new = _sub_one(draw, text, TOML_KEY, lambda m: f"{m.group(1)} = {inner}")
        kind = "nested" if depth < 1000 else "hostile-nested"
    elif kind == "table":
        header = draw(st.sampled_from(("[t]", "[[t]]", "[actions]", "[a.b.c]", "[", "[[]]")))
        lines = text.split("\n")
        lines.insert(draw(st.integers(0, len(lines))), header)
        new = "\n".join(lines)
    elif kind == "comments":
        count = draw(st.sampled_from(GROWTH))
        lines = text.split("\n")
        lines[draw(st.integers(0, len(lines))) : 0] = ["# a comment line"] * count
        new = "\n".join(lines)
        kind = "hostile-comments"
    elif kind == "dotted-keys":
        count = draw(st.sampled_from(GROWTH))
        new = text + "\n" + "\n".join(f"k.a{i}.b{i} = {i}" for i in range(count)) + "\n"
        kind = "hostile-dotted-keys"
    elif kind == "time-zone":
        zone = draw(st.sampled_from(TOML_VALUES[-6:]))
        new = re.sub(r"(?m)^time_zone.*$", "", text) + f"\ntime_zone = {zone}\n"
    return new if new is not None else text, f"toml-{kind}" if not kind.startswith("hostile") else kind


# ACPC ----
ACPC_STATE = re.compile(r"^STATE:.*$", re.MULTILINE)
ACTION_CHUNKS = ("r", "c", "f", "/", "r999999999999999999999", "r0", "r-5", "x", "cc", "rr", "r２", "//////", "")


@_text_mutation
def acpc_mutation(draw, text):
    kind = draw(
        st.sampled_from(
            (
                "field-drop",
                "field-dup",
                "field-swap",
                "field-value",
                "actions",
                "cards",
                "results",
                "players",
                "comments",
                "no-state",
            )
        )
    )
    states = list(ACPC_STATE.finditer(text))
    if kind == "comments":
        count = draw(st.sampled_from(GROWTH))
        pos = states[0].start() if states else 0
        return text[:pos] + "# a comment line\n" * count + text[pos:], "hostile-comments"
    if not states:
        return text, f"acpc-{kind}"
    m = draw(st.sampled_from(states))
    fields = m.group(0).split(":")
    i = draw(st.integers(1, len(fields) - 1))
    if kind == "field-drop":
        del fields[i]
    elif kind == "field-dup":
        fields.insert(i, fields[i])
    elif kind == "field-swap":
        j = draw(st.integers(1, len(fields) - 1))
        fields[i], fields[j] = fields[j], fields[i]
    elif kind == "field-value":
        fields[i] = draw(st.sampled_from(ODD_VALUES))
    elif kind == "actions" and len(fields) > 2:
        pos = draw(st.integers(0, len(fields[2])))
        fields[2] = fields[2][:pos] + draw(st.sampled_from(ACTION_CHUNKS)) + fields[2][pos:]
    elif kind == "cards" and len(fields) > 3:
        fields[3] = draw(
            st.sampled_from(
                (
                    "",
                    "|",
                    "AsAs|AsAs",
                    "Xx|Yy",
                    "As|Kd",
                    "AsAdAc|7c2h",
                    "10h9h|Kd9d",
                    fields[3] + "/AhKhQh/Jh/Th/9h",
                    fields[3].replace("/", "|"),
                )
            )
        )
    elif kind == "results" and len(fields) > 4:
        fields[4] = draw(
            st.sampled_from(("", "0", "1|2|3", "600|-500", "x|y", "9" * 41 + "|0", "-0|0", "1.5|-1.5", "|"))
        )
    elif kind == "players" and len(fields) > 5:
        fields[5] = draw(st.sampled_from(("", "A", "A|B|C", "A|A", "|", "A" * 5000 + "|B", "A:B|C")))
    elif kind == "no-state":
        fields[0] = draw(st.sampled_from(("STAT", "state", "STATE ", "")))
    return text[: m.start()] + ":".join(fields) + text[m.end() :], f"acpc-{kind}"


# JSON (OHH) ----


def _json_paths(value, path=()) -> Iterator[tuple]:
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _json_paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _json_paths(v, (*path, i))


JSON_VALUES = (
    None,
    True,
    0,
    -1,
    1.5,
    10**30,
    "",
    "x",
    "9" * 41,
    [],
    {},
    [[[]]],
    {"a": {}},
    "2020-13-01T00:00:00Z",
    "1e999",
    "\u202e",
    "A" * 5000,
)


@_text_mutation
def json_mutation(draw, text):
    kind = draw(st.sampled_from(("drop", "value", "dup-key", "nest", "raw")))
    try:
        doc = json.loads(text)
    except ValueError:
        doc = None
    if kind == "raw" or doc is None:  # bytes the JSON reader may choke on
        junk = draw(st.sampled_from(("1e999999", "NaN", "[" * 5000, '"\\ud800"', "\x00", "{,}", '"a":')))
        pos = draw(st.integers(0, len(text)))
        return text[:pos] + junk + text[pos:], "json-raw"
    paths = [p for p in _json_paths(doc) if p]
    if not paths:
        return text, f"json-{kind}"
    path = draw(st.sampled_from(paths))
    parent = doc
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    if kind == "drop":
        del parent[last]
    elif kind == "value":
        parent[last] = draw(st.sampled_from(JSON_VALUES))
    elif kind == "nest":
        depth = draw(st.sampled_from((10, 500)))
        value = parent[last]
        for _ in range(depth):
            value = [value]
        parent[last] = value
    out = json.dumps(doc, indent=2, ensure_ascii=draw(st.booleans()))
    if kind == "dup-key" and isinstance(last, str):  # JSON allows a key twice; readers differ
        out = out.replace(f'"{last}":', f'"{last}": 1, "{last}":', 1)
    return out, f"json-{kind}"


STRUCTURE: dict[str, tuple[Mutation, ...]] = {
    "xml": (xml_mutation,),
    "toml": (toml_mutation,),
    "acpc": (acpc_mutation,),
    "json": (json_mutation,),
    "text": (),
}


def mutations_for(fmt: str) -> tuple[Mutation, ...]:
    """The generic mutations, the format's own (weighted as much as the generic ones together), the
    hostile shapes."""
    own = STRUCTURE[fmt]
    return LINE_MUTATIONS + own * len(LINE_MUTATIONS) + HOSTILE if own else LINE_MUTATIONS + HOSTILE


# -- a whole case ---------------------------------------------------------------------------------


@st.composite
def cases(
    draw: st.DrawFn,
    only_numeric_limits: bool = False,
    dialect: str | None = None,
    corpus: bool = False,
    containers: bool = True,
) -> Case:
    """A file of 1-3 distinct clean hands of one dialect (`dialect`, or one drawn among FUZZED), each
    with 0-4 mutations, in one encoding or a mix, maybe packed in a .gz or .zip.

    A hand counts as untouched when no mutation changed it and the next hand still starts with its
    own header line: text after a hand up to the next header belongs to the hand, as in the file."""
    if dialect is None:
        dialect = draw(st.sampled_from(sorted({s.dialect for s in corpus_seeds()}) if corpus else FUZZED))
    pool = pool_of(dialect, corpus)
    count = draw(st.integers(1, min(3, len(pool)))) if pool[0].joinable else 1
    picks = [
        pool[i] for i in draw(st.lists(st.sampled_from(range(len(pool))), min_size=count, max_size=count, unique=True))
    ]
    fmt = format_of(dialect, picks[0].suffix)
    mutations = (huge_number,) if only_numeric_limits else mutations_for(fmt)
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
    untouched = {
        pick.hand_id
        for i, pick in enumerate(picks)
        if dialect == "pokerstars" and not changed[i] and (i + 1 == count or headed[i + 1])
    }
    if draw(st.integers(0, 9)) == 0:  # a byte flipped anywhere in the file: every hand may be touched
        pos = draw(st.integers(0, max(0, len(data) - 1)))
        data = data[:pos] + bytes([draw(st.integers(0, 255))]) + data[pos + 1 :]
        done.append("file-byte-flip")
        untouched = set()
    if draw(st.integers(0, 11)) == 0:  # NULs after the last hand, no line end: a crashed client's log
        data += b"\x00" * draw(st.sampled_from((16, 4096, 65536)))
        done.append("hostile-nul-padding-after")  # the hands are still untouched: each must be read whole
    size, suffix = len(data), picks[0].suffix
    if containers and not only_numeric_limits:
        data, suffix, packing = _pack(draw, data, suffix)
        if packing:
            done.append(packing)
            if packing.endswith(("-cut", "-flip")):
                untouched = set()
    target = None
    if not only_numeric_limits and draw(st.integers(0, 3)) == 0:
        from hhtool.interchange import targets

        target = draw(st.sampled_from(sorted(targets())))
    return Case(data, done, untouched, count, suffix, dialect, target, size)


def _pack(draw, data: bytes, suffix: str) -> tuple[bytes, str, str | None]:
    """The file as it is (mostly), or as a .gz file or a .zip member, whole, cut short or with a byte
    flipped (hostile archive structure: a stream that breaks where it is read)."""
    how = draw(st.sampled_from((None,) * 6 + ("gz", "zip")))
    if how is None:
        return data, suffix, None
    if how == "gz":
        packed, suffix = gzip.compress(data, mtime=0), suffix + ".gz"
    else:
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
            archive.writestr(zipfile.ZipInfo("hands/one" + suffix, (2020, 1, 1, 0, 0, 0)), data)
            if draw(st.booleans()):
                archive.writestr(zipfile.ZipInfo("nested.zip", (2020, 1, 1, 0, 0, 0)), b"PK\x03\x04junk")
        packed, suffix = buffer.getvalue(), ".zip"
    damage = draw(st.sampled_from(("", "", "-cut", "-flip")))
    if damage == "-cut":
        packed = packed[: draw(st.integers(0, len(packed) - 1))]
    elif damage == "-flip":
        pos = draw(st.integers(0, len(packed) - 1))
        packed = packed[:pos] + bytes([packed[pos] ^ 0xFF]) + packed[pos + 1 :]
    return packed, suffix, how + damage


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


class Hang(InvariantError):
    """A case stopped at twice its time budget."""


FACTOR_MEMORY = 20.0  # peak memory: 20 times a clean input's (its figures are steadier than time's)
MEMORY_EVERY = 8  # one case in 8 (and every hostile shape) runs under tracemalloc


@dataclass
class Costs:
    """What clean inputs cost in this process: per dialect, the time and peak memory of its smallest
    seed alone (the fixed cost) and per byte of BULK_HANDS clean hands generated for its site (the
    slowest site's for a dialect the generator cannot write: ACPC, BetOnline, OHH)."""

    base_time: dict[str, float]
    base_memory: dict[str, int]
    time_per_byte: dict[str, float]
    memory_per_byte: dict[str, float]

    def time_budget(self, dialect: str, size: int) -> float:
        """FACTOR times what a clean input of the dialect and size takes."""
        rate = self.time_per_byte.get(dialect, max(self.time_per_byte.values()))
        return FACTOR * (self.base_time[dialect] + rate * size)

    def memory_budget(self, dialect: str, size: int) -> float:
        rate = self.memory_per_byte.get(dialect, max(self.memory_per_byte.values()))
        return FACTOR_MEMORY * (self.base_memory[dialect] + rate * size)


BULK_HANDS = 60


def _measure(path: Path, memory: bool = False) -> tuple[float, int]:
    """Seconds (best of 2) or peak traced bytes of validating a file and building its dataset rows."""
    if memory:
        gc.collect()
        tracemalloc.start()
        try:
            table_rows(list(validate_paths([str(path)])))
            return 0.0, tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
    best = float("inf")
    for _ in range(2):
        start = time.perf_counter()
        table_rows(list(validate_paths([str(path)])))
        best = min(best, time.perf_counter() - start)
    return best, 0


@cache
def costs() -> Costs:
    """Measured once a process (about 2 s)."""
    from hhtool.generate import SITES, write_hands

    base_time: dict[str, float] = {}
    base_memory: dict[str, int] = {}
    time_rate: dict[str, float] = {}
    memory_rate: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for dialect in FUZZED:
            smallest = min(pool_of(dialect), key=lambda s: len(s.text))
            path = folder / f"{dialect}{smallest.suffix}"
            path.write_text(smallest.text, encoding="utf-8")
            base_time[dialect] = _measure(path)[0]
            base_memory[dialect] = _measure(path, memory=True)[1]
        for i, site in enumerate(SITES):
            path = folder / f"bulk-{site}{ {'phh': '.phhs', 'ipoker': '.xml'}.get(site, '.txt') }"
            write_hands(path, BULK_HANDS, seed=90 + i, site=site)
            size = path.stat().st_size
            time_rate[site] = _measure(path)[0] / size
            memory_rate[site] = _measure(path, memory=True)[1] / size
    return Costs(base_time, base_memory, time_rate, memory_rate)


@contextmanager
def _alarm(seconds: float) -> Iterator[None]:
    """Stop the run with Hang after `seconds` (main thread only: elsewhere no alarm is set)."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "setitimer"):
        yield
        return

    def stop(signum, frame):
        raise Hang(f"stopped after {seconds:.1f} s (twice the time budget)")

    old = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def _fail(case: Case, kind: str, error: InvariantError) -> InvariantError:
    FIGURES.failures[(case.dialect, kind)] += 1
    return error


def check_case(case: Case, folder: Path, name: str | None = None, budget: bool = True) -> list[HandResult | Finding]:
    """Validate the case's file as `hhtool validate` does and check the invariants (InvariantError).
    `budget`: hold it to the time and memory budget too."""
    path = folder / (name or f"case{case.suffix}")
    path.write_bytes(case.data)
    summary = Summary()
    FIGURES.inputs += 1
    FIGURES.by_dialect[case.dialect] += 1
    FIGURES.mutations.update(case.mutations)
    limit = costs().time_budget(case.dialect, case.size) if budget else None
    try:
        start = time.perf_counter()
        with _alarm(2 * limit + 2) if limit is not None else _nothing():
            items = list(validate_paths([str(path)], None, summary))
            table_rows(items)
        took = time.perf_counter() - start
    except Hang as exc:
        FIGURES.slow += 1
        raise _fail(case, "hang", exc) from None
    except Exception:
        FIGURES.crashes += 1
        FIGURES.failures[(case.dialect, "crash")] += 1
        raise
    results = [item for item in items if isinstance(item, HandResult)]
    findings = [f for item in items for f in (item.findings if isinstance(item, HandResult) else [item])]
    FIGURES.hands_read += len(results)
    FIGURES.findings.update(f.code for f in findings)
    FIGURES.statuses.update(r.status for r in results)
    internal = [f for f in findings if f.code == "HH099"]
    if internal:
        FIGURES.hh099 += len(internal)
        raise _fail(case, "HH099", InvariantError(f"HH099: {internal[0].message} at line {internal[0].line}"))
    tally = summary.tally
    if len(results) != tally.hands_read or sum(summary.by_status.values()) != tally.hands_read:
        FIGURES.lost += 1
        raise _fail(
            case,
            "lost",
            InvariantError(f"{len(results)} results, {tally.hands_read} hands read, by status {summary.by_status}"),
        )
    by_id: dict[str | None, list[HandResult]] = defaultdict(list)
    for result in results:
        by_id[result.hand_id].append(result)
    for hand_id in case.untouched:
        found = by_id.get(hand_id, [])
        whole = [
            r
            for r in found
            if r.status in ("valid", "invalid", "duplicate")
            and not [f for f in r.findings if f.severity is Severity.ERROR and f.code != "HH413"]
        ]
        if not whole:
            FIGURES.lost += 1
            raise _fail(
                case,
                "lost",
                InvariantError(
                    f"hand {hand_id}, untouched, was not read whole: "
                    f"{[(r.status, [f.code for f in r.findings]) for r in found]}"
                ),
            )
    if limit is not None:
        _check_budget(case, path, took, limit)
    if case.convert_to is not None:
        _check_convert(case, path, folder)
    return items


@contextmanager
def _nothing() -> Iterator[None]:
    yield


def _check_budget(case: Case, path: Path, took: float, limit: float) -> None:
    """Time within `limit` (measured again once before it fails: the machine is shared), and peak memory
    within its budget for one case in MEMORY_EVERY and for every hostile shape."""
    clean = costs().time_budget(case.dialect, case.size) / FACTOR
    if took > limit:
        took = min(took, _measure(path)[0])
    FIGURES.worst_ratio = max(FIGURES.worst_ratio, took / clean)
    if took > limit:
        FIGURES.slow += 1
        _over_time(
            case,
            "slow",
            f"took {took:.2f} s, {took / clean:.0f} times a clean input of {case.size:,} "
            f"bytes (budget {FACTOR:.0f} times)",
        )
    small = shrunk(case.data) if not case.suffix.endswith((".gz", ".zip")) else None
    if small is not None and took > 10 * costs().base_time[case.dialect]:
        _check_growth(case, path, took, small)
    if case.hostile or FIGURES.inputs % MEMORY_EVERY == 0:
        FIGURES.memory_checked += 1
        peak = _measure(path, memory=True)[1]
        allowed = costs().memory_budget(case.dialect, case.size)
        if peak > allowed:
            FIGURES.slow += 1
            raise _fail(
                case,
                "memory",
                InvariantError(
                    f"peak memory {peak / 1e6:.1f} MB for {case.size:,} bytes, budget {allowed / 1e6:.1f} MB "
                    f"({FACTOR_MEMORY:.0f} times a clean input's)"
                ),
            )


GROWTH_SLACK = 3.0  # time may grow 3 times faster than the size before it counts as super-linear
RUN_LINES = 1000  # a run of at least this many alike lines, or
RUN_BYTES = 10000  # of this many equal bytes, is cut to a tenth for the growth check
_DIGITS = re.compile(rb"\d+")
_BYTE_RUN = re.compile(rb"(.)\1{%d,}" % (RUN_BYTES - 1), re.DOTALL)


def shrunk(data: bytes) -> bytes | None:
    """The input with its longest run of alike lines (equal but for their digits: comment lines, dotted
    keys, blank lines) or else of one byte (spaces, NULs) cut to a tenth; None when it has no such run."""
    lines = data.split(b"\n")
    best, start, run = (0, 0), 0, 1
    for i in range(1, len(lines) + 1):
        if i < len(lines) and _DIGITS.sub(b"", lines[i]) == _DIGITS.sub(b"", lines[i - 1]):
            run += 1
            continue
        if run > best[1]:
            best = (start, run)
        start, run = i, 1
    if best[1] >= RUN_LINES:
        at, length = best
        return b"\n".join(lines[: at + length // 10] + lines[at + length :])
    runs = list(_BYTE_RUN.finditer(data))
    if not runs:
        return None
    longest = max(runs, key=lambda m: m.end() - m.start())
    keep = (longest.end() - longest.start()) // 10
    return data[: longest.start() + keep] + data[longest.end() :]


def _check_growth(case: Case, path: Path, took: float, small: bytes) -> None:
    """Time about linear in the input's hostile run: the input with that run cut to a tenth is timed
    too, and the whole may take at most GROWTH_SLACK times the size ratio times as long."""
    tenth = path.with_name("tenth" + case.suffix)
    tenth.write_bytes(small)
    small_took = _measure(tenth)[0]
    ratio = len(case.data) / max(1, len(small))
    if took > GROWTH_SLACK * ratio * small_took:
        took = min(took, _measure(path)[0])  # measured again before it fails: the machine is shared
        if took > GROWTH_SLACK * ratio * small_took:
            FIGURES.slow += 1
            _over_time(
                case,
                "super-linear",
                f"super-linear: {len(case.data):,} bytes took {took:.2f} s, "
                f"{took / small_took:.0f} times the {len(small):,} bytes of its hostile run cut to a "
                f"tenth ({small_took:.3f} s; {ratio:.1f} times the size)",
            )


STRICT_TIME = os.environ.get("HHTOOL_FUZZ_STRICT_TIME") == "1"


def _over_time(case: Case, kind: str, message: str) -> None:
    """A case over its time budget or growing faster than its size. Wall time on a shared machine is
    no verdict, so the ordinary test run counts it in FIGURES (printed with the figures) and fails only
    with HHTOOL_FUZZ_STRICT_TIME=1, as the long run and benchmarks/hostile_growth.py are for; a real
    hang is still stopped at twice the budget (SIGALRM) in every run."""
    if STRICT_TIME:
        raise _fail(case, kind, InvariantError(message))
    FIGURES.over_time.append(f"{case.dialect}: {message}")


def _check_convert(case: Case, path: Path, folder: Path) -> None:
    """`convert` to the case's target: no exception, no HH099 (a hand a writer cannot say is HH045)."""
    from hhtool.interchange import targets
    from hhtool.interchange.convert import convert_paths

    out = folder / "converted"
    try:
        items = list(convert_paths([str(path)], targets()[case.convert_to], out))
    except Exception:
        FIGURES.crashes += 1
        FIGURES.failures[(case.dialect, f"convert-{case.convert_to}")] += 1
        raise
    FIGURES.converted += 1
    internal = [
        f for item in items for f in (item.findings if isinstance(item, HandResult) else [item]) if f.code == "HH099"
    ]
    if internal:
        FIGURES.hh099 += len(internal)
        raise _fail(case, f"convert-{case.convert_to}", InvariantError(f"convert HH099: {internal[0].message}"))


def table_rows(items: list[HandResult | Finding]) -> dict[str, pa.Table]:
    """The dataset tables of the results, as the export and the audit build them (rows, then Arrow
    with the dataset's schema: narrow integer columns overflow here if anywhere)."""
    rows = Rows({t: [name for name, _, _ in cols] for t, cols in COLUMNS.items()})
    for item in items:
        if isinstance(item, Finding):
            rows.add_finding(f"@{item.file}:{item.line}", item, "unknown")
        elif item.status != "duplicate":
            rows.add_result(item)
    return {
        t: pa.Table.from_pydict(rows.columns_of(t), schema=SCHEMAS[t].append(pa.field("date", pa.string())))
        for t in TABLES
    }


def fuzz_budget(default: float) -> float:
    """Seconds of fuzzing: HHTOOL_FUZZ_SECONDS, else `default` (the CI's share)."""
    return float(os.environ.get("HHTOOL_FUZZ_SECONDS") or default)


def timer() -> Callable[[], float]:
    start = time.monotonic()
    return lambda: time.monotonic() - start
