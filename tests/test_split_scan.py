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
    others = [
        (m.start(), d.name, False)
        for d in registered
        if not d.anywhere and _gate(d.markers, work)
        for m in re.finditer(rb"(?m)" + d.anchor + d.header, work)
    ]
    others += [
        (m.start(), d.name, True)
        for d in registered
        if d.context is not None and _gate(d.context_markers, work)
        for m in re.finditer(rb"(?m)" + d.context, work)
    ]
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
        out.append(data[start : start + rng.randint(1, 4000)])
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
    # a header anywhere in a line, led by a literal (found by `find`), whose leads can meet inside a match
    Dialect("toy_lead", rb"TOYLEAD (?:one|two|TOYLEAD two) #\d+", anywhere=True),
)

TOY_TEXT = (
    b"aa Toy Hand #1: x\nbb Toy Hand #2\nab Toy Hand #3\n"
    b"TOYCASE HAND #4\ntoycase hand #5 toyCase Hand #6\n"
    b"ZZ Game #7\nZZ Game #8\n"
    b"TOYLINE 1\nTOYLINE 2\nTOYLINE 3\nmid TOYLINE 4\n"
    b"\n\nTOYBLANK #9\nx\nTOYBLANK #10\n"
    b"Big Toy Poker Table #11\nSmall PlayPoker Table #12\nToy Table #13\n mid Play Table #14\n"
    b"TOYLEAD TOYLEAD one #15 TOYLEAD TOYLEAD two #16TOYLEAD two #17\nTOYLEAD three #18 TOYLEAD\n"
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
    for work in (
        TOY_TEXT,
        TOY_TEXT + b"ZZMARK\n",
        b"TOYLINE 0\n" + TOY_TEXT,
        TOY_TEXT.lstrip(b"a"),
        b"\nTOYBLANK #0\n" + TOY_TEXT,
    ):
        _check(work)
        for piece in _pieces(work, rng, 30):
            _check(piece)
    found = {name for _, name, _ in headers.find_headers(TOY_TEXT + b"ZZMARK\n")}
    assert {"toy_backref", "toy_nocase", "toy_gated", "toy_line", "toy_blank", "toy_spelt", "toy_lead"} <= found
    assert "toy_gated" not in {name for _, name, _ in headers.find_headers(TOY_TEXT)}  # no marker, no header


def test_the_shortcuts_are_taken_for_the_built_in_dialects():
    """Every line-start header of the registry jumps between line breaks, and literals are read off
    every header (a scan with none would be run over every chunk that holds its markers)."""
    anywhere, line_start = headers._header_tables()
    for scan in anywhere + line_start:
        assert scan.needed or scan.name == "phh", scan.name
    assert all(scan.by_line is not None for scan in line_start if scan.name not in ("ipoker",)), [
        scan.name for scan in line_start if scan.by_line is None
    ]
    bovada = next(scan for scan in anywhere if scan.name == "bovada")
    assert b"Bodog.eu Hand #" in bovada.needed[0]


def _naive_passing(work: bytes) -> list[bool]:
    """The gates by their definition: every `needed` set has a literal in the chunk and a marker is there."""
    anywhere, line_start = headers._header_tables()
    return [
        all(_gate(literals, work) for literals in scan.needed) and (b"" in scan.markers or _gate(scan.markers, work))
        for scan in anywhere + line_start
    ]


def _check_big(work: bytes) -> None:
    assert headers._gates().passing(work) == _naive_passing(work), work[:300]
    _check(work)


def test_big_chunks_of_one_site_with_another_sites_hand_inside():
    """Chunks past the small size (the gates plan pivot loops on them): each sample repeated to 40 to 300
    KiB, with the first hand of another sample at a random line start (or none), as a mixed file holds."""
    rng = random.Random(9)
    samples = _samples()
    firsts = [data.split(b"\n\n")[0] + b"\n" for data in samples]
    for data in samples:
        size = rng.choice((40, 120, 300)) << 10
        base = (data if data.endswith(b"\n") else data + b"\n") * (size // max(len(data), 1) + 1)
        base = base[: base.rfind(b"\n", 0, size) + 1]
        lines = base.split(b"\n")
        at = rng.randrange(len(lines))
        inserted = rng.choice(firsts + [b""])
        _check_big(b"\n".join(lines[:at]) + b"\n" + inserted + b"\n".join(lines[at:]))


# pieces of every built-in header's literals, so that the pivot bytes of the gates are met often, their byte
# tests pass often, and whole comparisons fail (or succeed, where a piece is a whole literal)
_NEAR = (
    b"Bodog.e Hand #",
    b"Bovada Hand",
    b"Poker Hand",
    b"Hand #",
    b"Game Hand ",
    b"***** Hand Histor",
    b"***** 888",
    b" Hand History for Gam",
    b"STATE",
    b"STATE:",
    b"Winamax Poker",
    b"Game started at",
    b"Full Tilt Poker Game",
    b"BetOnline Poker Game #",
    b"PayNoRake",
    b"<game gamecod",
    b"<session",
    b"variant =",
    b"POKERSTARS GAME",
    b"Run It Once Poker Hand",
    b" starts",
    b"#Game No : 1",
    b"Ignition",
    b"GGGG",
    b"####",
    b"*****",
    b"EEEE",
    b"WWW",
    b" - ",
    b"\t",
    b"x",
    b"  ",
)


def test_big_chunks_of_near_misses():
    """Random chunks of near misses of every literal, some with a real header: the rare bytes the sample
    spots do not see are met by the thousand (a loop goes past its estimate, and on with `find`)."""
    rng = random.Random(11)
    firsts = [data.split(b"\n\n")[0] + b"\n" for data in _samples()]
    for round_ in range(24):
        parts: list[bytes] = []
        size = 0
        while size < (5000 if round_ % 3 == 0 else 70000):
            piece = b"".join(rng.choice(_NEAR) for _ in range(rng.randint(1, 6)))
            piece += b"\n" if rng.random() < 0.7 else b" "
            if rng.random() < 0.002:
                piece += rng.choice(firsts)
            parts.append(piece)
            size += len(piece)
        work = b"".join(parts)
        if round_ % 2:  # a rare byte crowded where the sample spots do not look
            middle = len(work) * 3 // 8
            work = work[:middle] + b"G#*EW\n" * 2000 + work[middle:]
        _check_big(work)


def test_literals_at_the_edges_of_a_big_chunk():
    """Every gate literal alone in a chunk past the small size, a few bytes from its start (a byte test
    before the pivot falls outside the chunk) and at its very end."""
    gates = headers._gates()
    filler = b"folds\n" * 1200
    for literal in gates.literals:
        for work in (b"x" + literal + b"\n" + filler, b"ab " + literal + filler, filler + b"a " + literal):
            assert gates.passing(work) == _naive_passing(work), (literal, work[:40], work[-40:])


def test_a_loop_that_meets_more_hits_than_estimated_looks_on_from_where_it_is():
    """A run of a literal's bytes where the sample spots do not look (its loop passes its estimate and
    looks for the literals left with `find`), with the literal once in it, at every place in turn."""
    for literal in (b"STATE:", b"Winamax Poker - ", b"Game started at: ", b"Ignition Hand #"):
        run = literal[::-1] * (1600 // len(literal))  # every byte of it, often (whichever is the pivot)
        assert literal not in run
        for at in range(0, len(run), 1 + len(run) // 400):
            middle = run[:at] + literal + run[at:]
            # after the first hand's bytes (2 KiB) and between the spots (2 and 4 KiB, 128 bytes each)
            work = b"x\n" * 1150 + middle + b"\n" + b"y\n" * ((8192 - 2300 - len(middle)) // 2)
            assert headers._gates().passing(work) == _naive_passing(work), (literal, at)
