"""Numbers beyond hhtool's limits (HH013) and one bad hand among good ones (issue #12, items 5 and 7).

A hand with a number no client prints (a 5,000-digit hand id, `$100000000000000000`, `1e999999`,
`Infinity`, seat 200, year 9999) is that hand's HH013 finding, quickly; the hands around it are
checked and stored as usual, with `--jobs 1` and `--jobs 2` alike. A hand whose rows do not fit the
dataset's columns fails alone (HH099), never its task's other hands. Every hand here is written
for this file, in the format of samples/nl-cash-heads-up.txt.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from handkit import hand_text, hands_file, replace_line, sub, validate_text
from typer.testing import CliRunner

from hhtool.cli import app
from hhtool.dataset import open_dataset
from hhtool.engine.plan import Piece, Task
from hhtool.engine.work import WANT_ROWS, run_task
from hhtool.export import rows as rows_module
from hhtool.export.rows import ColumnOverflow, Rows
from hhtool.export.run import export_paths
from hhtool.export.schema import TABLES
from hhtool.model.limits import MAX_MINOR
from hhtool.model.money import AmountOutOfRange, MoneyError, to_minor
from hhtool.rules.ruleset import RuleSet
from hhtool.validate import HandResult, Summary

FIRST = hand_text("""
    PokerStars Hand #224190663518:  Hold'em No Limit ($0.25/$0.50 USD) - 2021/02/06 1:12:40 ET
    Table 'Sinope II' 2-max Seat #1 is the button
    Seat 1: gravelmouth ($50 in chips)
    Seat 2: Tuulikki ($38.40 in chips)
    gravelmouth: posts small blind $0.25
    Tuulikki: posts big blind $0.50
    *** HOLE CARDS ***
    gravelmouth: raises $1 to $1.50
    Tuulikki: calls $1
    *** FLOP *** [5d Tc 2c]
    Tuulikki: checks
    gravelmouth: bets $1.80
    Tuulikki: folds
    Uncalled bet ($1.80) returned to gravelmouth
    gravelmouth collected $2.85 from pot
    gravelmouth: doesn't show hand
    *** SUMMARY ***
    Total pot $3 | Rake $0.15
    Board [5d Tc 2c]
    Seat 1: gravelmouth (button) (small blind) collected ($2.85)
    Seat 2: Tuulikki (big blind) folded on the Flop
""")


def _hand(number: int) -> str:
    """FIRST under another hand number and table (no cross-hand finding between these hands)."""
    return sub(sub(FIRST, "#224190663518", f"#22419066{number:04d}"), "Sinope II", f"Sinope {number}")


SEAT_LINE = "Seat 1: gravelmouth ($50 in chips)"
HEADER = FIRST.split("\n")[0]
TABLE_LINE = "Table 'Sinope II' 2-max Seat #1 is the button"

# name → (changed hand, the line the finding is on, a text the message must hold)
BEYOND = {
    "seat 200": (replace_line(FIRST, SEAT_LINE, "Seat 200: gravelmouth ($50 in chips)"), 3, "seat number 200"),
    "seat 10^12": (
        replace_line(FIRST, SEAT_LINE, "Seat 1000000000000: gravelmouth ($50 in chips)"),
        3,
        "seat number 1000000000000",
    ),
    "button 10^12": (
        replace_line(FIRST, TABLE_LINE, "Table 'Sinope II' 2-max Seat #1000000000000 is the button"),
        2,
        "button seat 1000000000000",
    ),
    "200-max": (replace_line(FIRST, TABLE_LINE, "Table 'Sinope II' 200-max Seat #1 is the button"), 2, "N-max 200"),
    "5,000-digit hand id": (sub(FIRST, "#224190663518", "#" + "7" * 5000), 1, "(5,000 characters)"),
    "stack $10^17": (
        replace_line(FIRST, SEAT_LINE, "Seat 1: gravelmouth ($100000000000000000 in chips)"),
        3,
        "$100000000000000000",
    ),
    "4,400-digit amount": (
        replace_line(FIRST, "Tuulikki: calls $1", "Tuulikki: calls $" + "9" * 4400),
        9,
        "(4,401 characters)",
    ),
    "1e999999": (replace_line(FIRST, SEAT_LINE, "Seat 1: gravelmouth ($1e999999 in chips)"), 3, "$1e999999"),
    "Infinity": (replace_line(FIRST, SEAT_LINE, "Seat 1: gravelmouth ($Infinity in chips)"), 3, "$Infinity"),
    "0.01e999999": (
        replace_line(FIRST, "gravelmouth: bets $1.80", "gravelmouth: bets $0.01e999999"),
        12,
        "$0.01e999999",
    ),
    "year 9999": (
        replace_line(FIRST, HEADER, HEADER.replace("2021/02/06 1:12:40", "9999/12/31 23:59:59")),
        1,
        "date 9999/12/31",
    ),
}


@pytest.mark.parametrize("name", list(BEYOND))
def test_hh013_a_number_beyond_the_limits_is_that_hands_finding(name, tmp_path):
    bad, line, shown = BEYOND[name]
    started = time.perf_counter()
    results, file_findings = validate_text(hands_file(_hand(1), bad, _hand(2)), folder=tmp_path)
    assert time.perf_counter() - started < 5  # 0.01e999999 took 24 s (an exact 10^999999 was built)
    assert file_findings == [] and [r.status for r in results] == ["valid", "unparsed", "valid"]
    [f] = results[1].findings
    offset = results[1].line - 1
    assert f.code == "HH013" and f.line == offset + line, f
    assert shown in f.message and f.expected and f.actual
    assert len(f.message) < 300  # a 5,000-digit number is cut in the message


def test_hh013_legal_numbers_at_the_limits(tmp_path):
    top = f"{MAX_MINOR // 100:,}"  # the largest amount, in dollars
    at_limit = replace_line(FIRST, SEAT_LINE, f"Seat 1: gravelmouth (${top} in chips)")
    at_limit = replace_line(at_limit, TABLE_LINE, "Table 'Sinope II' 99-max Seat #1 is the button")
    at_limit = sub(at_limit, "#224190663518", "#" + "9" * 20)
    at_limit = replace_line(at_limit, at_limit.split("\n")[0], at_limit.split("\n")[0].replace("2021/", "2999/"))
    results, _ = validate_text(at_limit, folder=tmp_path)
    assert [f.code for f in results[0].findings if f.code.startswith("HH0")] == []
    assert results[0].status in ("valid", "invalid") and results[0].hand.seats[0].stack == MAX_MINOR


def test_amounts_beyond_the_limit_are_refused_quickly_and_exactly():
    for text in (
        "$100000000000000000",
        "9" * 4400,
        "1e999999",
        "Infinity",
        "-Infinity",
        "0.01e999999",
        "$1000000000000.01",
    ):
        started = time.perf_counter()
        with pytest.raises(AmountOutOfRange) as caught:
            to_minor(text, 100)
        assert time.perf_counter() - started < 0.1 and caught.value.code == "HH013", text
    assert to_minor("$1,000,000,000,000", 100) == MAX_MINOR == to_minor(str(MAX_MINOR), 1)
    with pytest.raises(MoneyError) as caught:
        to_minor("NaN", 100)
    assert caught.value.code == "HH012"
    with pytest.raises(MoneyError) as caught:
        to_minor("$0.015", 100)
    assert caught.value.code == "HH012"


@pytest.fixture(scope="module")
def mixed(tmp_path_factory) -> Path:
    """Every HH013 hand between good hands, in a file cut into many small chunks."""
    folder = tmp_path_factory.mktemp("mixed")
    hands, number = [], 1
    for bad, _line, _shown in BEYOND.values():
        hands += [_hand(number), bad, _hand(number + 1)]
        number += 2
    (folder / "mixed.txt").write_text(hands_file(*hands), encoding="utf-8")
    return folder


def _export(paths: list[str], out: Path, jobs: str) -> str:
    result = CliRunner().invoke(
        app, ["export", *paths, "--out", str(out), "--jobs", jobs], env={"HHTOOL_CHUNK_BYTES": "4000"}
    )
    assert result.exit_code == 0, result.output
    return result.stdout + result.stderr


def test_export_stores_every_hand_around_the_bad_ones_with_any_jobs(mixed, tmp_path):
    one, two = tmp_path / "one", tmp_path / "two"
    out_one, out_two = _export([str(mixed)], one, "1"), _export([str(mixed)], two, "2")
    assert out_one.splitlines()[0] == out_two.splitlines()[0]  # the same summary line
    tables = {}
    for out in (one, two):
        ds = open_dataset(out)
        tables[out] = {t: ds.arrow(t).to_pylist() for t in TABLES}
    assert tables[one] == tables[two]
    hands = tables[one]["hands"]
    assert len(hands) == 3 * len(BEYOND)
    statuses = [h["status"] for h in sorted(hands, key=lambda h: h["line"])]
    assert statuses == ["valid", "unparsed", "valid"] * len(BEYOND)
    seats = {row["hand_uid"] for row in tables[one]["seats"]}
    assert all(h["hand_uid"] in seats for h in hands if h["status"] == "valid")  # the good hands keep their rows
    codes = [f["code"] for f in tables[one]["findings"]]
    assert codes == ["HH013"] * len(BEYOND) and "HH099" not in codes
    assert _export([str(mixed)], two, "2").startswith("hands read")  # a re-export adds nothing
    assert len(open_dataset(two).hands) == 3 * len(BEYOND)


def test_audit_of_files_with_numbers_beyond_the_limits_does_not_crash(mixed):
    result = CliRunner().invoke(app, ["audit", str(mixed), "--format", "json", "--exit-zero"])
    assert result.exit_code == 0, result.output


def test_a_hand_with_40000_findings_is_stored_with_all_its_rows(tmp_path):
    """Within the 512 KiB block limit a hand can hold 40,000 action lines: the `seq`, `errors` and
    `warnings` columns are int32 (int16 overflowed and, in parallel, took the task's hands with it)."""
    names = {"gravelmouth": "A", "Tuulikki": "B"}
    many = FIRST
    for old, new in names.items():
        many = many.replace(old, new)
    many = replace_line(many, "A: bets $1.80", ["A: checks", "B: checks"] * 20000 + ["A: bets $1.80"])
    (tmp_path / "many.txt").write_text(hands_file(_hand(1), many, _hand(2)), encoding="utf-8")
    for jobs in ("1", "2"):
        out = tmp_path / f"ds{jobs}"
        _export([str(tmp_path / "many.txt")], out, jobs)
        ds = open_dataset(out)
        assert list(ds.hands["status"].astype(str)) == ["valid", "invalid", "valid"]
        assert int(ds.hands["errors"].max()) == 40000 and len(ds.actions) > 40000


def _narrow_seats(monkeypatch) -> None:
    """Pretend the `seat` column holds only 1 and 2: a hand with a seat 3 cannot be stored."""
    ranges = rows_module._INT_RANGES["seats"]
    narrowed = tuple((i, name, low, 2 if name == "seat" else high) for i, name, low, high in ranges)
    monkeypatch.setitem(rows_module._INT_RANGES, "seats", narrowed)


def test_rows_of_a_hand_that_does_not_fit_are_taken_out_whole():
    rows = Rows()
    record = HandResult("unparsed", "unparsed", "f.txt", 2**31, "pokerstars", "1", [])  # line beyond int32
    with pytest.raises(ColumnOverflow, match="hands.line = 2147483648"):
        rows.add_hand(record)
    assert all(rows.rows(table) == 0 for table in rows.columns) and rows.hands == 0
    assert rows.add_hand(record._replace(line=7)) == (1, 0, 0, 0, 0, 0)


def test_a_hand_whose_rows_do_not_fit_fails_alone_in_its_task_and_in_one_process(tmp_path, monkeypatch):
    """Item 5: one hand overflowing a column (`Seat 200:` in int8) made its whole task HH099 with no
    rows. Now only that hand is HH099, in a worker's task and in the sequential export alike."""
    third = sub(sub(_hand(2), "Seat 2: Tuulikki", "Seat 3: Tuulikki", count=2), "2-max", "6-max")
    path = tmp_path / "h.txt"
    path.write_text(hands_file(_hand(1), third, _hand(3)), encoding="utf-8")
    _narrow_seats(monkeypatch)
    result = run_task(Task(0, (Piece(str(path)),), 1), RuleSet(), WANT_ROWS)
    assert [r.status for r in result.items] == ["valid", "unparsed", "valid"]
    [f] = result.items[1].findings
    assert f.code == "HH099" and "seats.seat = 3" in f.message and f.line == result.items[1].line
    assert [r.rows[2][1] for r in result.items] == [2, 0, 2]  # seat rows: the good hands keep theirs
    summary = Summary()
    stats = export_paths([str(path)], tmp_path / "ds", RuleSet(), summary, jobs=1)
    assert stats.hands_written == 3 and summary.by_code == {"HH099": 1}
    assert summary.by_status == {"valid": 2, "unparsed": 1} and summary.tally.hands_read == 3
    ds = open_dataset(tmp_path / "ds")
    statuses = dict(zip(ds.hands["line"], ds.hands["status"].astype(str)))
    assert [statuses[r.line] for r in result.items] == ["valid", "unparsed", "valid"] and len(ds.seats) == 4
    assert list(ds.findings["message"]) == [f.message]


def test_hh013_a_tournament_number_beyond_20_digits(tmp_path):
    samples = Path(__file__).resolve().parent.parent / "samples"
    hand = (samples / "tourney-antes-short-bb-bounty.txt").read_text(encoding="utf-8").split("\n\n\n")[0] + "\n"
    results, _ = validate_text(hand, folder=tmp_path)
    assert results[0].status in ("valid", "invalid") and not any(f.code == "HH013" for f in results[0].findings)
    long_id = sub(hand, "Tournament #3118470021", "Tournament #" + "3" * 21)
    results, _ = validate_text(long_id, folder=tmp_path)
    [f] = results[0].findings
    assert results[0].status == "unparsed" and f.code == "HH013" and f.line == 1
    assert "tournament number 333333333333333333333" in f.message and f.expected == "at most 20 digits"
