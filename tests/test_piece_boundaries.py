"""Pieces of a cut file read as the whole file reads (issue 26): the same blocks, lines and contexts at any
chunk size, and `--jobs 2` the same records as one process.

Each case is a form the fuzz campaign found where a piece was read otherwise: an iPoker session whose
later games lost their session after another site's hand in the same file; a later piece whose lines
end in a NUL (dropped there, kept by the whole read); a short first piece that the binary test called
binary (HH003, its hands lost); a PartyPoker header whose blank lines ran past the end of a read.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hhtool.engine.plan import cut_file, read_piece
from hhtool.engine.runner import WANT_JSON, run
from hhtool.findings import Finding
from hhtool.io import Block, read_blocks
from hhtool.io.split import byte_chunks, split_chunks
from hhtool.rules.ruleset import RuleSet
from hhtool.serialize import to_json_line
from hhtool.validate import Summary, validate_paths

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
SIZES = (1, 7, 300, 2000)


def _blocks(items) -> list:
    return [
        (b.line, b.column, b.dialect, b.text, b.context, b.context_line)
        if isinstance(b, Block)
        else (b.code, b.line, b.message)
        for b in items
    ]


def _json_lines(records) -> list[bytes]:
    return [r.json_line() if not isinstance(r, Finding) else to_json_line({"f": r.as_dict()}) for r in records]


def _read(name: str) -> bytes:
    return (SAMPLES / name).read_bytes()


def _ipoker_with_a_foreign_hand() -> bytes:
    """Two iPoker sessions, a PokerStars hand between the first session's games."""
    session = _read("ipoker-cash-session.xml").decode()
    at = session.index('  <game gamecode="6000000102"')
    first = session[:at] + _read("nl-cash-walk.txt").decode() + "\n" + session[at:]
    return (first + "\n" + session.split("\n", 1)[1].replace("60000001", "60000002")).encode()


def _later_nuls() -> bytes:
    """A PokerStars file whose second half has a NUL after each line end (its head has none)."""
    body = _read("multi-hand-session.txt") * 6
    half = body.index(b"PokerStars Hand", len(body) // 2)
    return body[:half] + body[half:].replace(b"\n", b"\n\x00")


def _controls_in_the_first_hand() -> bytes:
    """20 control bytes in the first hand: under 1% of the file's first 8 KiB, over 1% of a short piece."""
    stars = _read("multi-hand-session.txt")
    at = stars.index(b"\n", 200)
    return stars[:at] + b" " + bytes(range(1, 9)) * 2 + bytes(range(14, 18)) + stars[at:] + stars * 5


def _party_blank_lines_in_the_header() -> bytes:
    """PartyPoker hands whose `Game #N starts.` is 900 CRLF blank lines before the rest of the header."""
    party = _read("party-cash-2013.txt").replace(b"starts.\n\n", b"starts.\n" + b"\n" * 900)
    hands = b"".join(party.replace(b"14110000001", str(14110000001 + i).encode()) for i in range(4))
    return hands.replace(b"\n", b"\r\n")


CASES = {
    "iPoker sessions with another site's hand in one": (".xml", _ipoker_with_a_foreign_hand),
    "NULs after line ends in a later piece": (".txt", _later_nuls),
    "a first piece that looks binary": (".txt", _controls_in_the_first_hand),
    "CRLF blank lines inside a PartyPoker header": (".txt", _party_blank_lines_in_the_header),
}


@pytest.mark.parametrize("case", list(CASES))
def test_pieces_read_as_the_whole_file_at_any_chunk_size(case, tmp_path):
    suffix, make = CASES[case]
    path = tmp_path / f"case{suffix}"
    path.write_bytes(make())
    whole = _blocks(read_blocks(path, str(path)))
    assert sum(isinstance(b[0], int) and b[2] is not None for b in whole) >= 4
    assert not [b for b in whole if b[0] in ("HH001", "HH003")]
    for size in SIZES:
        pieces = list(cut_file(str(path), size))
        assert _blocks(b for p in pieces for b in read_piece(p)) == whole, size
        if size == 1:
            assert len(pieces) >= 2  # the file was cut


@pytest.mark.parametrize("case", list(CASES))
def test_jobs_2_with_small_chunks_gives_the_records_of_one_process(case, tmp_path):
    suffix, make = CASES[case]
    path = tmp_path / f"case{suffix}"
    path.write_bytes(make())
    sequential = _json_lines(validate_paths([str(path)], RuleSet()))
    for size in (1, 2000):
        assert _json_lines(run([str(path)], RuleSet(), Summary(), WANT_JSON, jobs=2, chunk_bytes=size)) == sequential


def test_a_foreign_hand_in_an_ipoker_session_keeps_its_later_games_in_the_session(tmp_path):
    """The near miss of the first case: the games after the PokerStars hand are read with their session
    (no HH033), and the file is still cut where the second session starts."""
    path = tmp_path / "mixed.xml"
    path.write_bytes(_ipoker_with_a_foreign_hand())
    pieces = list(cut_file(str(path), 1))
    starts = [path.read_bytes()[p.start : p.start + 10] for p in pieces[1:]]
    assert b"<session s" in starts and not [s for s in starts if s.startswith(b"PokerStars")]
    records = list(validate_paths([str(path)], RuleSet()))
    assert [r.status for r in records if r.site == "ipoker"].count("valid") >= 2
    assert not [f for r in records for f in r.findings if f.code == "HH033"]


class _SmallReads:
    def __init__(self, data: bytes, size: int) -> None:
        self.data, self.size = data, size

    def read(self, _n: int) -> bytes:
        out, self.data = self.data[: self.size], self.data[self.size :]
        return out


def test_where_a_read_ends_never_decides_where_a_hand_starts():
    """A multi-line header (PartyPoker's `Game #N starts.`, blank lines, `#Game No : N`, `*****`) whose
    blank lines run past the 512 bytes looked at: held whole at the end of a read, whatever its size
    (the whole read itself put `Game #N starts.` in the hand before when a read ended in them)."""
    data = _party_blank_lines_in_the_header()
    whole = _blocks(split_chunks(byte_chunks(_SmallReads(data, 1 << 22), "f"), "f"))
    assert [b[3][:8] for b in whole] == ["Game #14"] * 4
    for size in (1, 100, 511, 1500, 1801, 4000):
        assert _blocks(split_chunks(byte_chunks(_SmallReads(data, size), "f"), "f")) == whole, size


def test_a_comment_run_longer_than_the_tail_looked_at_is_held_whole():
    """The near miss: PHH comment lines before `variant` (each a header opener) over more than 512 bytes."""
    phh = _read("phh-cash-session.phhs")
    data = phh.replace(b"[1]\n", b"# a note on the session\n" * 60 + b"[1]\n")
    whole = _blocks(split_chunks(byte_chunks(_SmallReads(data, 1 << 22), "f"), "f"))
    for size in (1, 333, 1000, 1700):
        assert _blocks(split_chunks(byte_chunks(_SmallReads(data, size), "f"), "f")) == whole, size
