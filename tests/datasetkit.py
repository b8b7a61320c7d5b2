"""Comparing two exported datasets in Arrow, for the tests that export the same hands two ways.

Arrow compares the corpus's hundreds of thousands of rows in C; turning them into Python dicts to compare
took minutes of the full suite. Only a table that differs is turned into rows, for pytest's diff."""

from __future__ import annotations

from pathlib import Path

import pyarrow as pa

from hhtool.dataset import open_dataset
from hhtool.export.schema import TABLES


def assert_same_tables(one: Path, two: Path) -> None:
    """Both datasets hold the same rows in the same order, table by table."""
    first, second = open_dataset(one), open_dataset(two)
    for table in TABLES:
        a, b = decoded(first.arrow(table)), decoded(second.arrow(table))
        if not a.equals(b):
            assert a.to_pylist() == b.to_pylist(), table
            raise AssertionError(f"{table}: the same rows with other types: {a.schema} != {b.schema}")


def decoded(table: pa.Table) -> pa.Table:
    """The table with its dictionary columns as plain values: each file has its own dictionary of a column,
    so equal values may come with unequal dictionaries."""
    for i, field in enumerate(table.schema):
        if pa.types.is_dictionary(field.type):
            table = table.set_column(i, field.name, table.column(i).cast(field.type.value_type))
    return table
