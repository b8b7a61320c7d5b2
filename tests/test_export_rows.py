"""The export's row buffers: one list per column, the values a hand repeats in its other rows kept once.

`Rows.tables` (the workers' conversion) must give the tables the plain column lists give
(`columns_of`, which the audit reads): the same values in the same rows, with a hand's uid,
currency and date in each of its rows of every table, file-level findings under their own key,
and nothing left of a hand whose rows were taken out again.
"""

from __future__ import annotations

from pathlib import Path

import pyarrow as pa
import pytest

from hhtool.export import rows as rows_module
from hhtool.export.rows import ORDER, ColumnOverflow, Rows
from hhtool.export.schema import PLAIN_SCHEMAS
from hhtool.findings import Finding, Severity
from hhtool.validate import HandResult, validate_paths

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def _filled() -> Rows:
    """Rows of every sample hand, an unparsed hand and a file-level finding between them."""
    rows = Rows()
    items = [item for item in validate_paths([str(SAMPLES)]) if isinstance(item, HandResult)]
    assert len(items) > 20
    half = len(items) // 2
    for item in items[:half]:
        rows.add_hand(item)
    rows.add_finding("@/x/y.txt:3", Finding("HH001", "", Severity.ERROR, "stray text", "/x/y.txt", 3, 1), "unknown")
    rows.add_hand(HandResult("unparsed", "unparsed", "f.txt", 9, "pokerstars", "77", []))
    for item in items[half:]:
        rows.add_hand(item)
    return rows


def test_tables_are_the_column_lists_converted():
    rows = _filled()
    tables = rows.tables()
    assert [t.schema for t in tables] == [PLAIN_SCHEMAS[t] for t in ORDER]
    for table, converted in zip(ORDER, tables):
        expected = pa.Table.from_pydict(rows.columns_of(table), schema=PLAIN_SCHEMAS[table])
        assert converted.num_rows == rows.rows(table) > 0
        assert converted.equals(expected), table


def test_every_row_of_a_hand_carries_its_uid_currency_and_date():
    rows = _filled()
    tables = dict(zip(ORDER, rows.tables()))
    hands = {r["hand_uid"]: r for r in tables["hands"].to_pylist()}
    for table in ("seats", "actions", "pots", "payouts"):
        for row in tables[table].to_pylist():
            hand = hands[row["hand_uid"]]
            assert (row["currency"], row["date"]) == (hand["currency"], hand["date"]), table
    stray = [r for r in tables["findings"].to_pylist() if r["hand_uid"] == "@/x/y.txt:3"]
    assert [(r["code"], r["line"], r["date"]) for r in stray] == [("HH001", 3, "unknown")]
    assert hands["pokerstars:77@" + rows_module.canonical_path("f.txt") + ":9"]["status"] == "unparsed"


def test_a_hand_taken_out_leaves_no_row_and_no_key(monkeypatch):
    rows = _filled()
    before = rows.tables()
    keys = len(rows.key_uid)
    (item,) = [i for i in validate_paths([str(SAMPLES / "nl-cash-river-showdown.txt")]) if isinstance(i, HandResult)][
        :1
    ]
    narrowed = tuple(
        (i, name, low, 0 if name == "seq" else high) for i, name, low, high in rows_module._INT_RANGES["actions"]
    )
    monkeypatch.setitem(rows_module._INT_RANGES, "actions", narrowed)
    with pytest.raises(ColumnOverflow, match=r"actions\.seq = 1 "):
        rows.add_hand(item)
    assert len(rows.key_uid) == keys
    assert all(a.equals(b) for a, b in zip(rows.tables(), before))


def test_take_tables_empties_the_buffers_and_the_keys():
    rows = _filled()
    taken = rows.take_tables()
    assert sum(t.num_rows for t in taken) > 0
    assert rows.largest() == 0 and rows.key_uid == [] and all(t.num_rows == 0 for t in rows.tables())
