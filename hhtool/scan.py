"""Read a dataset a few days at a time, so that `stats` and `audit` run in bounded memory at any size.

Every row of a hand (in every table) lies in the hand's day partition (`date=YYYY-MM-DD`, or
`date=unknown`), so whole days can be read, reduced and forgotten: `batches()` groups consecutive
days up to about `budget` hands (from the Parquet footers, without reading the rows) and yields each
group as the same `Tables` that `hhtool.tables.from_dataset` gives for the whole dataset,
in the same row order (days ascending, `unknown` last; files in the order the snapshot lists them).
A day holding more hands than the budget is cut into pieces of hands (the other tables read with a
hand_uid filter). `HandFilter` selects hands by day, site and stakes, before any row is kept.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import date
from decimal import Decimal, InvalidOperation
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.dataset as pads
import pyarrow.parquet as pq

from hhtool.dataset import Dataset
from hhtool.export.schema import SCHEMAS, TABLES
from hhtool.export.store import EMPTY_DAY
from hhtool.tables import Tables, in_hand_order, to_frame
from hhtool.words import count

DEFAULT_BUDGET = 5_000  # hands a batch holds: ~13 KB each while stats or audit reduce it
UNKNOWN_DAY = EMPTY_DAY  # the partition of hands with no start time, and of file-level findings
_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
_LIMITS = ("NL", "PL", "FL", "PL/NL")
_SYMBOLS = "$€£₹¥"


class FilterError(ValueError):
    """A filter option that cannot be understood (a usage error)."""


@dataclass(frozen=True)
class Stakes:
    """`--stakes`: blinds in major units, with an optional limit and currency (`NL 0.01/0.02 USD`)."""

    small_blind: Decimal
    big_blind: Decimal
    limit: str | None = None
    currency: str | None = None

    @classmethod
    def parse(cls, text: str) -> Stakes:
        limit = currency = None
        blinds = None
        for word in text.replace(",", " ").split():
            if word.upper() in _LIMITS:
                limit = word.upper()
            elif re.fullmatch(r"[A-Z]{3}|chips", word):
                currency = word
            elif "/" in word and blinds is None:
                blinds = word
            else:
                blinds = None
                break
        try:
            small, big = (Decimal(part.strip(_SYMBOLS)) for part in blinds.split("/")) if blinds else (None, None)
        except (InvalidOperation, ValueError):
            small = big = None
        if small is None or big is None or small < 0 or big <= 0 or not small.is_finite() or not big.is_finite():
            raise FilterError(
                f"--stakes: expected blinds like '0.01/0.02', optionally with a limit (NL, PL, FL) "
                f"and a currency ('NL 0.01/0.02 USD'), got {text!r}"
            )
        return cls(small, big, limit, currency)

    def mask(self, hands: pd.DataFrame) -> pd.Series:
        """Cash hands at these stakes (blinds in minor units: cents, or chips one by one). Missing
        values (an unparsed or unsupported hand has no stakes) are compared as such, never as truthy:
        such a hand is not at any stakes."""
        currency = hands["currency"].astype(object)
        missing = currency.isna().to_numpy()
        chips = missing | (currency.where(~missing, "") == "chips").to_numpy(dtype=bool)
        keep = hands["tournament_id"].isna().to_numpy() & (
            (chips & self._blinds(hands, 1)) | (~chips & self._blinds(hands, 100))
        )
        if self.limit is not None:
            keep &= _equal(hands["limit"], self.limit)
        if self.currency is not None:
            keep &= _equal(hands["currency"], self.currency)
        return pd.Series(keep, index=hands.index)

    def _blinds(self, hands: pd.DataFrame, scale: int):
        """Whether a hand's blinds (integers in minor units) are these, `scale` minor units a major one;
        blinds finer than one minor unit match no hand."""
        small, big = self.small_blind * scale, self.big_blind * scale
        if small != small.to_integral_value() or big != big.to_integral_value():
            return np.zeros(len(hands), dtype=bool)
        return _equal(hands["small_blind"], int(small)) & _equal(hands["big_blind"], int(big))


def _equal(column: pd.Series, value) -> np.ndarray:
    """column == value as a plain boolean array: a missing value is not equal to anything."""
    return column.eq(value).fillna(False).to_numpy(dtype=bool)


@dataclass(frozen=True)
class HandFilter:
    """Which hands count: days from `since` to `until` (inclusive, YYYY-MM-DD: the dataset's `date`, a
    UTC day, or the local day as printed for a hand whose site printed no zone), sites, stakes.
    An empty filter keeps every hand and every row (file-level findings included)."""

    since: str | None = None
    until: str | None = None
    sites: tuple[str, ...] = ()
    stakes: tuple[Stakes, ...] = ()

    @classmethod
    def of(
        cls, since: str | None = None, until: str | None = None, sites: Iterable[str] = (), stakes: Iterable[str] = ()
    ) -> HandFilter:
        for name, day in (("--since", since), ("--until", until)):
            if day is not None and not _DAY.fullmatch(day):
                raise FilterError(f"{name}: expected a day like 2024-01-31, got {day!r}")
            if day is not None and not _real_day(day):
                raise FilterError(f"{name}: {day!r} is no day of the calendar (expected a day like 2024-01-31)")
        if since and until and since > until:
            raise FilterError(f"--until: expected a day on or after --since ({since}), got {until!r}")
        return cls(since, until, tuple(sites), tuple(Stakes.parse(s) for s in stakes))

    @property
    def empty(self) -> bool:
        return not (self.since or self.until or self.sites or self.stakes)

    @property
    def dated(self) -> bool:
        return self.since is not None or self.until is not None

    @property
    def by_hand(self) -> bool:
        return bool(self.sites or self.stakes)

    def day(self, day: str) -> bool:
        """Whether a day partition can hold kept hands (`unknown` only without a date range)."""
        if not self.dated:
            return True
        if day == UNKNOWN_DAY:
            return False
        return (self.since is None or day >= self.since) and (self.until is None or day <= self.until)

    def hands_mask(self, hands: pd.DataFrame) -> pd.Series:
        keep = pd.Series(True, index=hands.index)
        if self.sites:
            keep &= hands["site"].astype(object).isin(self.sites)
        if self.stakes:
            any_stakes = pd.Series(False, index=hands.index)
            for stakes in self.stakes:
                any_stakes |= stakes.mask(hands)
            keep &= any_stakes
        return keep


@dataclass
class DayTally:
    """What a date range (`--since`/`--until`) did beside keeping UTC days, so that no site's hands
    go silently: `local`, hands kept by their local day as printed (their site printed no zone, so
    their UTC day is not known: `date_kind` local); `undated`, hands left out for having no known day
    (no time printed, or not parsed; in a dataset written before schema version 5 also the hands with
    no zone). Both stay 0 without a date range."""

    local: int = 0
    undated: int = 0

    def kept(self, hands: pd.DataFrame, where: HandFilter) -> None:
        if where.dated and "date_kind" in hands.columns:
            self.local += int((hands["date_kind"].astype(object) == "local").sum())

    def left_out(self, hands: pd.DataFrame, where: HandFilter) -> None:
        if where.dated:
            self.undated += int(where.hands_mask(hands).sum()) if where.by_hand else len(hands)

    def note(self) -> str | None:
        """What a date range did besides keeping UTC days, in one line (None when nothing)."""
        parts = []
        if self.local:
            parts.append(
                f"kept {count(self.local, 'hand')} by the local day printed (no time zone printed, "
                "so the UTC day is not known)"
            )
        if self.undated:
            parts.append(f"left out {count(self.undated, 'hand')} of no known day (no time printed, or not read)")
        return "--since/--until " + "; ".join(parts) if parts else None


def _real_day(day: str) -> bool:
    """Whether YYYY-MM-DD names a day that exists (not 2020-13-01 nor 2020-02-30)."""
    try:
        date.fromisoformat(day)
    except ValueError:
        return False
    return True


def _day_of(path: Path) -> str:
    name = path.parent.name
    return name[len("date=") :] if name.startswith("date=") else UNKNOWN_DAY


def _day_order(day: str) -> tuple[int, str]:
    return (1, day) if day == UNKNOWN_DAY else (0, day)


class _Files:
    """One table's files, grouped by day partition (in the snapshot's order); `columns`: the ones read
    (all when None)."""

    def __init__(self, dataset: Dataset, table: str, columns: Iterable[str] | None = None) -> None:
        self.table = table
        self.columns = None if columns is None else list(dict.fromkeys(["hand_uid", *columns]))
        self.base, files = dataset.table_files(table)
        self.by_day: dict[str, list[str]] = {}
        for path in files:
            self.by_day.setdefault(_day_of(path), []).append(str(path))

    def read(self, days: list[str], where: pc.Expression | None = None) -> pd.DataFrame:
        schema = SCHEMAS[self.table].append(pa.field("date", pa.string()))
        files = [f for day in days for f in self.by_day.get(day, ())]
        if not files:
            empty = schema.empty_table()
            return to_frame(empty if self.columns is None else empty.select(self.columns))
        partitioning = pads.partitioning(pa.schema([pa.field("date", pa.string())]), flavor="hive")
        data = pads.dataset(
            files, format="parquet", partitioning=partitioning, schema=schema, partition_base_dir=str(self.base)
        )
        return to_frame(data.to_table(columns=self.columns, filter=where))


def hand_counts(dataset: Dataset) -> dict[str, int]:
    """Hands per day partition, from the Parquet footers."""
    counts: dict[str, int] = {}
    for day, files in _Files(dataset, "hands").by_day.items():
        counts[day] = sum(pq.ParquetFile(f).metadata.num_rows for f in files)
    return counts


def batches(
    path: str | os.PathLike,
    tables: Iterable[str] | dict[str, Iterable[str] | None] = TABLES,
    where: HandFilter | None = None,
    budget: int = DEFAULT_BUDGET,
    tally: DayTally | None = None,
) -> Iterator[Tables]:
    """The dataset at `path` as Tables of a few days each (about `budget` hands), filtered by `where`.
    `tables`: the tables to read, or a dict of them to the columns to read (None: all); `hands` always.
    `tally`: counts the hands a date range kept by local day, and those it left out for having none."""
    where = where or HandFilter()
    tally = tally if tally is not None else DayTally()
    dataset = Dataset(path)
    wanted = dict(tables) if isinstance(tables, dict) else dict.fromkeys(tables)
    files = {"hands": _Files(dataset, "hands", wanted.pop("hands", None))}
    files.update({t: _Files(dataset, t, columns) for t, columns in wanted.items()})
    days = sorted({d for f in files.values() for d in f.by_day if where.day(d)}, key=_day_order)
    counts = hand_counts(dataset)
    if where.dated and UNKNOWN_DAY in files["hands"].by_day:
        tally.left_out(files["hands"].read([UNKNOWN_DAY]), where)
    if not days:  # an empty dataset, or no day in the range: one empty batch
        yield _tables(files, [], files["hands"].read([]), None, str(path))
        return
    group: list[str] = []
    size = 0
    for day in days:
        if group and size + counts.get(day, 0) > budget:
            yield from _read(files, group, where, budget, str(path), tally)
            group, size = [], 0
        group.append(day)
        size += counts.get(day, 0)
    if group:
        yield from _read(files, group, where, budget, str(path), tally)


def _read(
    files: dict[str, _Files], days: list[str], where: HandFilter, budget: int, path: str, tally: DayTally
) -> Iterator[Tables]:
    hands = files["hands"].read(days)
    if where.by_hand:
        hands = hands[where.hands_mask(hands).to_numpy()]
    tally.kept(hands, where)
    if len(hands) <= budget:
        yield _tables(files, days, hands, pc.field("hand_uid").isin(_uids(hands)) if where.by_hand else None, path)
        return
    # days with more hands than the budget: pieces of hands, in the order audit's ledger lists them
    hands = in_hand_order(hands)
    for start in range(0, len(hands), budget):
        part = hands.iloc[start : start + budget]
        if start + budget >= len(hands) and not where.by_hand:
            # the last piece also takes the rows of no hand (file-level findings of date=unknown)
            yield _tables(files, days, part, ~pc.field("hand_uid").isin(_uids(hands.iloc[:start])), path)
        else:
            yield _tables(files, days, part, pc.field("hand_uid").isin(_uids(part)), path)


def _uids(hands: pd.DataFrame) -> pa.Array:
    return pa.array(hands["hand_uid"].astype(object).tolist(), pa.string())


def _tables(
    files: dict[str, _Files], days: list[str], hands: pd.DataFrame, rows: pc.Expression | None, path: str
) -> Tables:
    frames = {"hands": hands.reset_index(drop=True)}
    frames.update({table: source.read(days, rows) for table, source in files.items() if table != "hands"})
    return Tables(frames, "dataset", [path])


def filter_tables(tables: Tables, where: HandFilter, tally: DayTally | None = None) -> Tables:
    """Tables held in memory (hand histories read by `from_paths`) reduced to the hands `where` keeps,
    as `batches` reduces a dataset's (and counted in `tally` as it counts them)."""
    if where.empty:
        return tables
    hands = tables.hands
    in_days = hands["date"].astype(object).map(where.day).astype(bool)
    keep = where.hands_mask(hands) & in_days
    kept = hands[keep.to_numpy()]
    if tally is not None:
        tally.kept(kept, where)
        tally.left_out(hands[(hands["date"].astype(object) == UNKNOWN_DAY).to_numpy()], where)
    uids = set(kept["hand_uid"].astype(object))
    frames = {
        name: frame[frame["hand_uid"].astype(object).isin(uids).to_numpy()].reset_index(drop=True)
        for name, frame in tables.frames.items()
        if name != "hands"
    }
    frames["hands"] = kept.reset_index(drop=True)
    return Tables(frames, tables.source, tables.paths, tables.summary, tables.skipped)
