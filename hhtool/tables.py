"""The dataset's tables as pandas DataFrames, from a Parquet dataset or straight from hand histories.

Both sources give the same frames: the rows of `hhtool.export` (one builder for both), with the
`date` partition column, dictionary columns decoded to strings and every other column Arrow-backed
(money stays exact int64). Hand histories are validated in memory and de-duplicated as the
exporter does (by `hand_uid`, exact duplicates skipped), so auditing files and auditing their
export give the same report.

A module of its own, below `audit`, `stats`, `scan` and `show`, which all read the frames (in the audit
package, `scan` importing it ran `audit()`'s module, which imports `scan`: a circle).
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

import msgspec
import pandas as pd
import pyarrow as pa

from hhtool.dataset import Dataset
from hhtool.export.rows import Rows, file_key, hand_uid
from hhtool.export.schema import COLUMNS, SCHEMAS, TABLES
from hhtool.findings import Finding
from hhtool.model.money import CHIPS, Currency
from hhtool.rules.ruleset import RuleSet
from hhtool.validate import Summary, validate_paths


def is_dataset(path: str | os.PathLike) -> bool:
    """A folder with a `hands/` table folder is an hhtool dataset."""
    return (Path(path) / "hands").is_dir()


def _decode(table: pa.Table) -> pa.Table:
    """Dictionary columns to plain strings (pandas groups and compares those without surprises)."""
    for i, f in enumerate(table.schema):
        if pa.types.is_dictionary(f.type):
            table = table.set_column(i, f.name, table.column(i).cast(f.type.value_type))
    return table


def to_frame(table: pa.Table) -> pd.DataFrame:
    return _decode(table).to_pandas(types_mapper=pd.ArrowDtype)


@dataclass
class Tables:
    """The six tables of one source, as DataFrames, and where they came from."""

    frames: dict[str, pd.DataFrame]
    source: str  # "dataset" or "hand histories"
    paths: list[str]
    summary: Summary | None = None  # the validation summary, for hand-history sources
    skipped: Counter = field(default_factory=Counter)  # hands not stored: duplicate, same hand_uid

    def __getattr__(self, name: str) -> pd.DataFrame:
        frames = self.__dict__.get("frames", {})
        if name in frames:
            return frames[name]
        raise AttributeError(name)


def from_dataset(path: str | os.PathLike, tables: Iterable[str] = TABLES) -> Tables:
    ds = Dataset(path)
    return Tables({t: to_frame(ds.arrow(t)) for t in tables}, "dataset", [str(path)])


def from_paths(paths: Iterable[str | os.PathLike], rules: RuleSet | None = None) -> Tables:
    """Validate hand histories in memory and build the tables the exporter would write."""
    names = [str(p) for p in paths]
    rows = Rows({t: [name for name, _, _ in cols] for t, cols in COLUMNS.items()})
    summary = Summary()
    known: set[str] = set()
    file_findings: set[tuple[str, str]] = set()
    skipped: Counter = Counter()
    for item in validate_paths(names, rules, summary):
        if isinstance(item, Finding):
            uid = file_key(item.file, item.line)
            if (uid, item.code) not in file_findings:
                file_findings.add((uid, item.code))
                rows.add_finding(uid, item, "unknown")
            continue
        uid = hand_uid(item)
        if item.status == "duplicate":
            skipped["duplicate"] += 1
            continue
        if uid in known:
            skipped["same hand_uid"] += 1
            continue
        known.add(uid)
        rows.add_result(item)
    frames = {}
    for table in TABLES:
        schema = SCHEMAS[table].append(pa.field("date", pa.string()))
        frames[table] = to_frame(pa.Table.from_pydict(rows.columns_of(table), schema=schema))
    return Tables(frames, "hand histories", names, summary, skipped)


class SourceError(ValueError):
    """The paths mix a dataset with other paths, or name a part of a dataset: a usage error, since
    reading them as hand histories would find no hand (a dataset's Parquet files are not histories)."""


def check_sources(paths: list[str]) -> None:
    """SourceError unless `paths` is one dataset folder or hand-history paths with no dataset among them."""
    datasets = [p for p in paths if is_dataset(p)]
    if datasets and len(paths) > 1:
        raise SourceError(
            f"{datasets[0]} is a dataset: audit one dataset folder alone, or hand-history files and "
            f"folders ({len(paths)} paths given)"
        )
    for path in paths:
        owner = _dataset_of_table(Path(path))
        if owner is not None:
            raise SourceError(f"{path} is inside the dataset {owner}: audit the dataset folder itself")


def _dataset_of_table(path: Path) -> Path | None:
    """The dataset whose table folder holds `path`, or None. A table folder is named after a table and
    sits in a dataset; it holds date= partitions, or has the other tables beside it (a `hands/` folder
    of hand histories alone is not one)."""
    for folder in (path, *path.parents):
        if (
            folder.name in TABLES
            and is_dataset(folder.parent)
            and (next(folder.glob("date=*"), None) is not None or (folder.parent / "seats").is_dir())
        ):
            return folder.parent
    return None


def load(paths: Iterable[str | os.PathLike], rules: RuleSet | None = None) -> Tables:
    """A dataset folder (one path with a `hands/` folder) or hand-history files and folders."""
    names = [str(p) for p in paths]
    check_sources(names)
    if len(names) == 1 and is_dataset(names[0]):
        return from_dataset(names[0])
    return from_paths(names, rules)


def parsed_hands(hands: pd.DataFrame) -> pd.DataFrame:
    """Hands that were parsed and replayed and not cancelled: the ones with a pot."""
    mask = hands["status"].isin(["valid", "invalid"]) & hands["total_pot"].notna()
    return hands[mask.fillna(False).astype(bool)]


# The order hands are listed in, whatever the source: by day partition (`unknown` sorts after every
# YYYY-MM-DD), then by UTC start, then (hands of a local day: their site printed no zone) by local
# time, then where the hand was read. A dataset read a few days at a time (hhtool.scan) lists each
# batch in this order, so the batches end to end are in it too: the day comes first because a batch
# holds whole days, and a hand with no UTC time sorts inside its own day, not after every day.
HAND_ORDER = ("date", "started_at", "local_time", "file", "line")


def in_hand_order(hands: pd.DataFrame) -> pd.DataFrame:
    """`hands` sorted by HAND_ORDER (the columns it has; missing values last; stable)."""
    order = [name for name in HAND_ORDER if name in hands.columns]
    return hands.sort_values(order, na_position="last", kind="stable") if order else hands


def scale_of(currency: str | None) -> int:
    """Minor units per major unit: chips are counted one by one, currencies in cents."""
    return 1 if currency in (None, CHIPS) else 100


def money(amount: int | None, currency: str | None) -> str:
    """Minor units as the room prints them: `$0.10`, `€2`, `1500` (chips)."""
    if amount is None:
        return ""
    return Currency.of(currency or CHIPS, scale_of(currency)).format(int(amount))


def amount(value: int | None, currency: str | None) -> str:
    """An amount as the reports show it: thousands separated and with its unit (`$1,205,983.42`,
    `13,542 chips`), where `money` writes it as the room prints it in a hand."""
    if value is None:
        return ""
    if currency in (None, CHIPS):
        return f"{int(value):,} chips"
    return msgspec.structs.replace(Currency.of(currency, scale_of(currency)), thousands=",").format(int(value))


def stakes_label(row: dict) -> str:
    """`<site> NL $0.01/$0.02 USD`, or `<site> tournament NL (chips)`."""
    cur = row.get("currency")
    if row.get("kind") == "tournament":
        return f"{row['site']} tournament {row['limit']} ({cur})"
    return f"{row['site']} {row['limit']} {money(row['small_blind'], cur)}/{money(row['big_blind'], cur)} {cur}"


__all__ = [
    "SourceError",
    "Tables",
    "amount",
    "check_sources",
    "from_dataset",
    "from_paths",
    "is_dataset",
    "load",
    "money",
    "parsed_hands",
    "scale_of",
    "stakes_label",
    "to_frame",
]
