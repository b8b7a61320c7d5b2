"""Open an hhtool Parquet dataset as pandas DataFrames (Arrow-backed dtypes).

    >>> from hhtool.dataset import open_dataset
    >>> ds = open_dataset("out/")
    >>> ds.hands.groupby("currency")["rake"].sum()

The files are plain hive-partitioned Parquet: DuckDB (`read_parquet('out/hands/**/*.parquet',
hive_partitioning=true)`) and polars (`pl.scan_parquet('out/hands/**/*.parquet')`) read them too.
A Dataset reads the snapshot that was current when it was opened (every table from the same
commit), and only hhtool's files in it (see `hhtool.export.store`).
"""

from __future__ import annotations

import os
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pyarrow.dataset as pads

from hhtool.export.schema import SCHEMAS, TABLES
from hhtool.export.store import committed_runs, current_snapshot, run_of


class Dataset:
    def __init__(self, path: str | os.PathLike) -> None:
        self.path = Path(path)
        if not (self.path / "hands").is_dir():
            raise FileNotFoundError(f"{self.path} is not an hhtool dataset (no hands/ folder)")
        self.snapshot = current_snapshot(self.path)  # None: the layout of hhtool before snapshots

    def arrow(self, table: str, columns: list[str] | None = None, filter=None) -> pa.Table:
        """One table as Arrow, with the `date` partition column."""
        if table not in TABLES:
            raise ValueError(f"unknown table {table!r}; tables: {', '.join(TABLES)}")
        schema = SCHEMAS[table].append(pa.field("date", pa.string()))
        folder, paths = self.table_files(table)
        files = [str(p) for p in paths]
        partitioning = pads.partitioning(pa.schema([pa.field("date", pa.string())]), flavor="hive")
        if not files:
            return schema.empty_table()
        dataset = pads.dataset(
            files, format="parquet", partitioning=partitioning, schema=schema, partition_base_dir=str(folder)
        )
        return dataset.to_table(columns=columns, filter=filter)

    def table_files(self, table: str) -> tuple[Path, list[Path]]:
        """A table's folder and its Parquet files in this snapshot, in a stable order (day folders
        ascending): what `arrow` reads, for readers that take a few days at a time (hhtool.scan)."""
        if self.snapshot is not None:
            return self.snapshot.folder / table, self.snapshot.files(table)
        folder = self.path / table
        if not folder.is_dir():
            return folder, []
        done = committed_runs(self.path)  # files of an interrupted export are not part of the dataset
        return folder, [p for p in sorted(folder.rglob("part-*.parquet")) if run_of(p) in done]

    def table(self, table: str, columns: list[str] | None = None, filter=None) -> pd.DataFrame:
        return self.arrow(table, columns, filter).to_pandas(types_mapper=pd.ArrowDtype)

    def __getattr__(self, name: str) -> pd.DataFrame:
        if name in TABLES:
            return self.table(name)
        raise AttributeError(name)


def source_path(dataset: str | os.PathLike, file: str) -> tuple[str, str | None]:
    """Where a source file a dataset records is now, and how a relative one was found (None: as stored).

    hhtool records each source by its canonical (absolute) path. A dataset written before that holds
    paths as they were typed, relative to the folder the export ran in, which is not recorded: such a
    path is looked for from the working folder, then from the folder that holds the dataset (where
    `hhtool export FILES --out NAME` leaves it), and the first that exists is taken; when neither
    does, the path is given against the working folder (the reader then reports it missing)."""
    if os.path.isabs(file) or file.startswith("<"):  # absolute, or standard input (`<stdin>`)
        return file, None
    bases = [
        ("the working folder", os.getcwd()),
        ("the dataset's folder", os.path.dirname(os.path.abspath(os.fspath(dataset)))),
    ]
    for how, base in bases:
        candidate = os.path.join(base, file)
        if source_exists(candidate):
            return candidate, f"a relative path of an older dataset, found from {how} {base}"
    return os.path.join(bases[0][1], file), (
        f"a relative path of an older dataset, found neither from the "
        f"working folder {bases[0][1]} nor from the dataset's folder {bases[1][1]}"
    )


def source_exists(path: str) -> bool:
    """A file, or the archive of an `ARCHIVE.zip!MEMBER` name."""
    if os.path.exists(path):
        return True
    cut = path.lower().find(".zip!")
    return cut >= 0 and os.path.isfile(path[: cut + len(".zip")])


def open_dataset(path: str | os.PathLike) -> Dataset:
    return Dataset(path)
