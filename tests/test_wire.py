"""A task's records cross from a worker to the parent in a compact form and come back the same."""

from __future__ import annotations

import pickle
from array import array
from pathlib import Path

import pytest

from hhtool.engine import wire
from hhtool.engine.plan import plan_tasks
from hhtool.engine.work import WANT_JSON, WANT_NONE, WANT_PARTS, WANT_ROWS, TaskResult, run_task
from hhtool.findings import Finding, Severity
from hhtool.generate import write_hands
from hhtool.rules.ruleset import RuleSet
from hhtool.validate import HandResult

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def _tasks(paths: list[str]) -> list:
    return [t for t in plan_tasks(paths) if not isinstance(t, Finding)]


def _same(back: list, items: list) -> None:
    assert back == items
    for a, b in zip(back, items):
        assert type(a) is type(b)
        if isinstance(a, HandResult):
            assert type(a.findings) is list
            for x, y in ((a.ident, b.ident), (a.table, b.table)):
                assert type(x) is type(y)
            if a.table is not None:
                assert type(a.table.seat_chips) is array and a.table.seat_chips.typecode == "q"
                assert all(type(s) is tuple for s in a.table.hand_seats)


@pytest.mark.parametrize("want", [WANT_NONE, WANT_JSON, WANT_ROWS, WANT_PARTS])
def test_every_record_of_a_task_comes_back_equal_field_by_field(tmp_path, want):
    generated = tmp_path / "gen.txt"
    write_hands(str(generated), 300, seed=11, game="mix")
    tasks = _tasks([str(generated), str(SAMPLES)])
    parts = (str(tmp_path / "parts"), "t") if want == WANT_PARTS else None
    packed_some = False
    for task in tasks:
        result = run_task(task, RuleSet(), want, parts)
        packed = wire.pack(result.items)
        packed_some |= packed is not result.items
        back = pickle.loads(pickle.dumps(result, pickle.HIGHEST_PROTOCOL))
        assert type(back) is TaskResult
        assert (back.index, back.size, back.cpu, back.peak_rss_kb) == (
            result.index,
            result.size,
            result.cpu,
            result.peak_rss_kb,
        )
        _same(back.items, result.items)
    assert packed_some


def test_a_packed_task_is_smaller_than_its_records_pickled_one_by_one(tmp_path):
    generated = tmp_path / "gen.txt"
    write_hands(str(generated), 300, seed=12, game="mix")
    result = run_task(_tasks([str(generated)])[0], RuleSet(), WANT_NONE)
    assert len(pickle.dumps(result, 5)) < 0.8 * len(pickle.dumps(result.items, 5))


def test_records_the_form_does_not_describe_travel_as_they_are():
    finding = Finding("HH001", "", Severity.ERROR, "x", "f.txt", 1)
    with_hand = HandResult("parsed", "valid", "f.txt", 1, "pokerstars", "1", [], hand=object())  # type: ignore[arg-type]
    for items in ([], None, [finding], [with_hand, finding]):
        assert wire.pack(items) is items
        assert wire.unpack(wire.pack(items)) is items


def test_a_task_whose_packing_fails_travels_as_it_is(tmp_path, monkeypatch):
    generated = tmp_path / "gen.txt"
    write_hands(str(generated), 50, seed=13, game="mix")
    result = run_task(_tasks([str(generated)])[0], RuleSet(), WANT_NONE)

    def broken(items):
        raise ValueError("a bug in packing")

    monkeypatch.setattr(wire, "pack", broken)
    _same(pickle.loads(pickle.dumps(result, 5)).items, result.items)
