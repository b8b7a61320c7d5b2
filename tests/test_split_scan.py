"""The splitter's fast header scan finds exactly what the plain definition finds.

The definition (hhtool/io/headers.py, hhtool.dialects.Dialect): every `anywhere` dialect's header
wherever it matches; every other dialect's header at line starts (`(?m)` + anchor + header, as
`finditer` gives them) in a chunk that holds one of its markers (or starts with one, less its opening
line breaks); a `context` pattern the same way with its `context_markers`; all of them in order of
offset when more than one scan may find something. `reference_headers` below is that definition,
written plainly; `headers.find_headers` must give the same list on every chunk: sample files whole and cut
at line starts, every dialect's headers together in one chunk, headers cut mid-line, and toy dialects
whose patterns defeat each shortcut (a back reference, a header that ignores case, markers that are not
in the header, a header that ends with its line break, one that opens with a line break).
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from hhtool import dialects
from hhtool.dialects import Dialect
from hhtool.io import headers

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def _gate(markers: tuple[bytes, ...], work: bytes) -> bool:
    return not markers or any(marker in work or work.startswith(marker.lstrip(b"\n")) for marker in markers)


def reference_headers(work: bytes) -> list[tuple[int, str, bool]]:
    registered = dialects.dialects()
    anywhere = [d for d in registered if d.anywhere]
    found = [(m.start(), d.name, False) for d in anywhere for m in re.finditer(d.header, work)]
    others = [(m.start(), d.name, False) for d in registered if not d.anywhere and _gate(d.markers, work)
              for m in re.finditer(rb"(?m)" + d.anchor + d.header, work)]
    others += [(m.start(), d.name, True) for d in registered
               if d.context is not None and _gate(d.context_markers, work)
               for m in re.finditer(rb"(?m)" + d.context, work)]
    if others or len(anywhere) > 1:
        found = sorted(set(found + others))
    return found


def _text(path: Path) -> bytes:
    data = path.read_bytes()
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        data = data.decode("utf-16").encode("utf-8")
    return data.replace(b"\r\n", b"\n").replace(b"\r", b"\n")


def _samples() -> list[bytes]:
    return [_text(path) for path in sorted(SAMPLES.rglob("*")) if path.is_file() and path.suffix != ".md"]


def _pieces(data: bytes, rng: random.Random, count: int = 12) -> list[bytes]:
    """Pieces of `data` that start at line starts (as the splitter's chunks do) and end anywhere."""
    starts = [0] + [m.end() for m in re.finditer(rb"\n", data)]
    out = []
    for _ in range(count):
        start = rng.choice(starts)
        out.append(data[start:start + rng.randint(1, 4000)])
    return out


def _check(work: bytes) -> None:
    assert headers.find_headers(work) == reference_headers(work), work[:300]


def test_every_sample_whole_and_in_pieces():
    rng = random.Random(16)
    samples = _samples()
    assert len(samples) > 40
    for data in samples:
        _check(data)
        for piece in _pieces(data, rng):
            _check(piece)


def test_every_dialect_together_and_cut_mid_line():
    """The first lines of every sample in one chunk (several dialects: the merge of their headers), and
    each glued to the end of another line (the anywhere headers start mid-line, the others do not)."""
    firsts = [data.split(b"\n\n")[0] + b"\n" for data in _samples()]
    together = b"\n".join(firsts)
    _check(together)
    glued = b"".join(b"folded before the flop" + first for first in firsts)
    _check(glued)
    rng = random.Random(7)
    for _ in range(40):
        mixed = b"\n".join(rng.sample(firsts, 4))
        _check(mixed)
        for piece in _pieces(mixed, rng, 4):
            _check(piece)


TOYS = (
    # a back reference: the line-break rewrite would renumber its group, so the plain scan is kept
    Dialect("toy_backref", rb"(\w)\1 Toy Hand #\d+", (b"Toy Hand #",)),
    # a header that ignores case: no literal can be read off that part
    Dialect("toy_nocase", rb"(?i:toycase hand) #\d+", (b"#",)),
    # markers that are not in the header: the gate still decides
    Dialect("toy_gated", rb"ZZ Game #\d+", (b"ZZMARK",)),
    # a header that ends with its line break, so that the next one starts where it ends
    Dialect("toy_line", rb"TOYLINE \d+\n", (b"TOYLINE",)),
    # a header that opens with a line break (after a blank line)
    Dialect("toy_blank", rb"\nTOYBLANK #\d+", (b"TOYBLANK",)),
    # a header of optional literals before an alternation: spelt out, with the line break before it
    Dialect("toy_spelt", rb"(?:Big |Small )?(?:Toy|Play)(?: ?Poker)? Table #\d+", (b"Table #",)),
)

TOY_TEXT = (
    b"aa Toy Hand #1: x\nbb Toy Hand #2\nab Toy Hand #3\n"
    b"TOYCASE HAND #4\ntoycase hand #5 toyCase Hand #6\n"
    b"ZZ Game #7\nZZ Game #8\n"
    b"TOYLINE 1\nTOYLINE 2\nTOYLINE 3\nmid TOYLINE 4\n"
    b"\n\nTOYBLANK #9\nx\nTOYBLANK #10\n"
    b"Big Toy Poker Table #11\nSmall PlayPoker Table #12\nToy Table #13\n mid Play Table #14\n"
)


@pytest.fixture
def toys():
    for toy in TOYS:
        dialects.register(toy)
    yield
    for toy in TOYS:
        dialects.unregister(toy.name)


def test_toy_dialects_that_defeat_each_shortcut(toys):
    rng = random.Random(3)
    for work in (TOY_TEXT, TOY_TEXT + b"ZZMARK\n", b"TOYLINE 0\n" + TOY_TEXT, TOY_TEXT.lstrip(b"a"),
                 b"\nTOYBLANK #0\n" + TOY_TEXT):
        _check(work)
        for piece in _pieces(work, rng, 30):
            _check(piece)
    found = {name for _, name, _ in headers.find_headers(TOY_TEXT + b"ZZMARK\n")}
    assert {"toy_backref", "toy_nocase", "toy_gated", "toy_line", "toy_blank", "toy_spelt"} <= found
    assert "toy_gated" not in {name for _, name, _ in headers.find_headers(TOY_TEXT)}  # no marker, no header


def test_the_shortcuts_are_taken_for_the_built_in_dialects():
    """Every line-start header of the registry jumps between line breaks, and literals are read off
    every header (a scan with none would be run over every chunk that holds its markers)."""
    anywhere, line_start = headers._header_tables()
    for scan in anywhere + line_start:
        assert scan.needed or scan.name == "phh", scan.name
    assert all(scan.by_line is not None for scan in line_start if scan.name not in ("ipoker",)), \
        [scan.name for scan in line_start if scan.by_line is None]
    bovada = next(scan for scan in anywhere if scan.name == "bovada")
    assert b"Bodog.eu Hand #" in bovada.needed[0]
