"""Bugs the per-dialect fuzzing found (tests/fuzzkit.py, tests/test_fuzz.py), each reduced to a hand
written in its site's real format: bad input is read, or is a finding; never HH099 or a crash."""

from __future__ import annotations

from pathlib import Path

import pytest
from handkit import all_findings, problems, validate_text

from hhtool.model import DealHole

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def _no_internal_error(results, file_findings) -> list:
    found = all_findings(results, file_findings)
    assert not [f for f in found if f.code == "HH099"], problems(found)
    return found


def test_ggpoker_opponent_dealt_with_a_bracket_in_its_name():
    """GG names every seat dealt in without its cards (`Dealt to 58f1d0b3`); a name holding a bracket
    (`a[2]b`) is such a line too, not a line of cards (was an AssertionError: HH099)."""
    text = (SAMPLES / "gg-tournament.txt").read_text().replace("a4e2c917", "a[2]b")
    assert "Dealt to a[2]b\n" in text
    results, file_findings = validate_text(text)
    assert not _no_internal_error(results, file_findings)
    assert [r.status for r in results] == ["valid"]
    dealt = {e.player: e.cards for e in results[0].hand.events if type(e) is DealHole}
    assert dealt["a[2]b"] == () and dealt["Hero"] != ()


PHH = (SAMPLES / "phh-three-handed.phh").read_text()


def _phh(old: str, new: str):
    text = PHH.replace(old, new, 1)
    assert text != PHH
    results, file_findings = validate_text(text, name="hand.phh")
    found = _no_internal_error(results, file_findings)
    assert [r.status for r in results] == ["unparsed"], problems(found)
    return found


def test_phh_number_beyond_decimal_exponents_is_hh013_at_its_line():
    """TOML's float `1e99999999999999999999` is past Decimal's exponents: tomllib's Decimal raised
    InvalidOperation from inside tomllib.loads (HH099)."""
    [f] = _phh("starting_stacks = [20000", "starting_stacks = [1e99999999999999999999")
    assert (f.code, f.line, f.column, f.actual) == ("HH013", 10, 20, "1e99999999999999999999")


def test_phh_integer_past_python_digit_limit_is_hh013():
    """An integer of 5,000 digits: tomllib's int() raised ValueError (past 4,300 digits), and so did the
    reader's int() of a `cbr` amount (HH099 both)."""
    [f] = _phh("starting_stacks = [20000", "starting_stacks = [" + "9" * 5000)
    assert (f.code, f.line, f.column) == ("HH013", 10, 20) and "5,000 characters" in f.message
    [f] = _phh("'p3 cbr 600'", "'p3 cbr " + "9" * 5000 + "'")
    assert (f.code, f.line) == ("HH013", 16) and "5,000 characters" in f.message


def test_phh_nan_is_not_an_amount():
    """TOML's `nan` (a Decimal NaN) compared with `< 0` raised InvalidOperation, reported as a number beyond
    hhtool's limits at the hand's first line; a NaN `cbr` amount was 'more decimals than the scale'."""
    [f] = _phh("min_bet = 200", "min_bet = nan")
    assert (f.code, f.line, f.actual) == ("HH041", 9, "NaN")
    [f] = _phh("starting_stacks = [20000", "starting_stacks = [nan")
    assert (f.code, f.line, f.actual) == ("HH041", 10, "NaN")
    [f] = _phh("'p3 cbr 600'", "'p3 cbr NaN'")
    assert (f.code, f.line, f.message) == ("HH012", 16, "PHH amount NaN is not a number")


def _rows_of(results, file_findings) -> None:
    """The dataset tables of the results, as export and audit build them: a number past a narrow column
    (int8 seats and N-max, int16 pot index) raises here."""
    import fuzzkit

    fuzzkit.table_rows([*file_findings, *results])


@pytest.mark.parametrize(
    "sample, old, new, line, what",
    [
        ("party-mtt-2021.txt", "Total number of players : 4/8", "Total number of players : 4/32767", 4, "N-max 32767"),
        ("party-mtt-2021.txt", "Seat 5: Pavlo (3100)", "Seat 65536: Pavlo (3100)", 7, "seat number 65536"),
        ("party-mtt-2021.txt", "-- Seat 4 is the button", "-- Seat 200 is the button", 3, "button seat 200"),
        ("party-cash-2013.txt", "Seat 4 is the button", "Seat 128 is the button", 7, "button seat 128"),
        ("chico-side-pot.txt", "'Orbit' 10-Max", "'Orbit' 32767-Max", 2, "N-max 32767"),
        ("ft-cash-2013-street-pots.txt", "Table Vera (6 max)", "Table Vera (128 max)", 1, "N-max 128"),
        (
            "party-cash-2013.txt",
            "Hero wins $8.54 USD",
            "Hero wins $8.54 USD from side pot #32768",
            35,
            "side pot number 32768",
        ),
        (
            "ft-cash-2013-street-pots.txt",
            "Ann wins the pot",
            "Ann wins the side pot #32768",
            26,
            "side pot number 32768",
        ),
    ],
)
def test_seat_numbers_past_the_narrow_columns_are_hh013(sample, old, new, line, what):
    """PartyPoker's seat, button, N-max and side pot numbers, BetOnline's and Full Tilt's N-max and Full
    Tilt's side pot number were read with int(): a hand with `4/32767` players or `Seat 65536:` was
    replayed and its rows overflowed the int8/int16 columns of the dataset (ArrowInvalid) in export and
    audit. Every other reader reads them as small numbers (HH013)."""
    text = (SAMPLES / sample).read_text()
    assert text.count(old) >= 1
    results, file_findings = validate_text(text.replace(old, new, 1))
    found = _no_internal_error(results, file_findings)
    _rows_of(results, file_findings)
    first = results[0]
    assert first.status == "unparsed", problems(found)
    [f] = first.findings
    assert (f.code, f.line) == ("HH013", line) and what in f.message, problems(found)


@pytest.mark.parametrize(
    "old, new, code",
    [
        ('<round no="0">', '<round no="' + "9" * 5000 + '">', "HH031"),  # int() refused 4,300 digits: HH099
        ('<round no="0">', '<round no="²">', "HH031"),  # '²'.isdigit(), but int('²') raised: HH099
        ('<player seat="3" name="Ida"', '<player seat="²" name="Ida"', "HH031"),
    ],
)
def test_ipoker_numbers_int_cannot_read_are_findings(old, new, code):
    """iPoker's round and seat numbers were checked with str.isdigit() and read with int(): a 5,000-digit
    round number or a superscript digit (a byte read as Windows-1252 '²') raised ValueError (HH099)."""
    text = (SAMPLES / "ipoker-tournament.xml").read_text()
    assert text.count(old) == 1
    results, file_findings = validate_text(text.replace(old, new), name="hands.xml")
    found = _no_internal_error(results, file_findings)
    assert code in [f.code for f in found], problems(found)


def test_phh_cbr_amount_past_the_money_limit_is_hh013():
    """A `cbr` amount of whole chips was int() times the scale with no limit: 10^17 chips passed the reader
    and overflowed the dataset's int64 money columns (OverflowError in export)."""
    [f] = _phh("'p3 cbr 600'", "'p3 cbr 100000000000000000'")
    assert (f.code, f.line) == ("HH013", 16)


def test_betonline_player_named_like_a_seat_in_the_summary():
    """The summary's glued seat lines (`Seat 8: Player7 (Small Blind) Seat 9: Player8 (Button)`) were
    looked for from the 6th character: a player named `Seat 7:` (`Seat 1: Seat 7: folded on the Flop`)
    cut the line before its own name and `.index(": ")` raised (ValueError: substring not found, HH099)."""
    text = (SAMPLES / "chico-side-pot.txt").read_text()
    assert "Seat 1: Bob folded on the Flop" in text
    results, file_findings = validate_text(text.replace("Bob", "Seat 7:"))
    found = _no_internal_error(results, file_findings)
    assert [r.status for r in results] == ["valid"], problems(found)


def test_phhs_with_crlf_line_ends_reads_the_same_in_pieces(tmp_path):
    """A `.phhs` file with CRLF line ends cut into 1-byte pieces read by two workers: the `[N]` section line
    was not a header there (`[N]\\r\\n`), so it was stray text (HH002) and each hand began a line later than
    in the sequential run (found by the --jobs/chunk-size fuzz check run on every dialect)."""
    from typer.testing import CliRunner

    from hhtool.cli import app

    text = (SAMPLES / "phh-cash-session.phhs").read_text()
    (tmp_path / "session.phhs").write_bytes(text.replace("\n", "\r\n").encode())
    runs = [
        CliRunner().invoke(app, ["validate", str(tmp_path), "--format", "jsonl", "--jobs", jobs], env=env)
        for jobs, env in (("1", None), ("2", {"HHTOOL_CHUNK_BYTES": "1"}))
    ]
    assert runs[0].stdout_bytes.count(b'"status":"valid"') == text.count("\n[") + 1
    assert runs[1].stdout_bytes == runs[0].stdout_bytes
