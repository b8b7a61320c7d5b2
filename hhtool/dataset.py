"""Open an hhtool Parquet dataset as pandas DataFrames (Arrow-backed dtypes).

    >>> from hhtool.dataset import open_dataset
    >>> ds = open_dataset("out/")
    >>> ds.hands.groupby("currency")["rake"].sum()

The files are plain hive-partitioned Parquet: DuckDB (`read_parquet('out/hands/**/*.parquet',
hive_partitioning=true)`) and polars (`pl.scan_parquet('out/hands/**/*.parquet')`) read them too.
"""

from __future__ import annotations

import os
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pyarrow.dataset as pads

from hhtool.export.schema import SCHEMAS, TABLES
from hhtool.export.writer import committed_runs, run_of


class Dataset:
    def __init__(self, path: str | os.PathLike) -> None:
        self.path = Path(path)
        if not (self.path / "hands").is_dir():
            raise FileNotFoundError(f"{self.path} is not an hhtool dataset (no hands/ folder)")

    def arrow(self, table: str, columns: list[str] | None = None, filter=None) -> pa.Table:
        """One table as Arrow, with the `date` partition column."""
        if table not in TABLES:
            raise ValueError(f"unknown table {table!r}; tables: {', '.join(TABLES)}")
        folder = self.path / table
        schema = SCHEMAS[table].append(pa.field("date", pa.string()))
        if not folder.is_dir():
            return schema.empty_table()
        partitioning = pads.partitioning(pa.schema([pa.field("date", pa.string())]), flavor="hive")
        done = committed_runs(self.path)  # files of an interrupted export are not part of the dataset
        files = [str(p) for p in sorted(folder.rglob("part-*.parquet")) if run_of(p) in done]
        if not files:
            return schema.empty_table()
        dataset = pads.dataset(files, format="parquet", partitioning=partitioning, schema=schema,
                               partition_base_dir=str(folder))
        return dataset.to_table(columns=columns, filter=filter)

    def table(self, table: str, columns: list[str] | None = None, filter=None) -> pd.DataFrame:
        return self.arrow(table, columns, filter).to_pandas(types_mapper=pd.ArrowDtype)

    def __getattr__(self, name: str) -> pd.DataFrame:
        if name in TABLES:
            return self.table(name)
        raise AttributeError(name)


def open_dataset(path: str | os.PathLike) -> Dataset:
    return Dataset(path)
