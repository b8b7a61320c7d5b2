"""Dates for every site (issue #27): a hand whose site printed a time zone is dated by its UTC day, one
whose site printed none (GGPoker's `- 2025/10/15 02:18:44`) by the local day as printed, and the
dataset's `date_kind` says which; `--since/--until` keep both and say how many they kept by local day;
the audit lists hands in one order whatever the batch size (hhtool.tables.HAND_ORDER)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hhtool.audit import audit
from hhtool.cli import app
from hhtool.export.run import export_paths
from hhtool.scan import DayTally, HandFilter
from hhtool.stats import stats
from hhtool.tables import from_dataset
from hhtool.words import count

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def _printed_days(source: Path) -> set[str]:
    return {"-".join(m) for m in re.findall(r"- (\d{4})/(\d\d)/(\d\d) \d", source.read_text(encoding="utf-8"))}


@pytest.fixture(scope="module")
def gg(tmp_path_factory) -> tuple[Path, str]:
    source = SAMPLES / "gg-cash-straddle.txt"
    (day,) = _printed_days(source)
    out = tmp_path_factory.mktemp("gg") / "ds"
    export_paths([source], out)
    return out, day


def test_a_hand_without_a_zone_keeps_its_local_day_and_says_so(gg):
    out, day = gg
    hands = from_dataset(out, ("hands",)).hands
    assert hands["started_at"].isna().all() and hands["time_zone"].isna().all() and hands["local_time"].notna().all()
    assert set(hands["date"]) == {day} and set(hands["date_kind"].astype(object)) == {"local"}


def test_since_keeps_a_hand_without_a_zone_by_its_local_day(gg):
    out, day = gg
    tally = DayTally()
    kept = stats(out, HandFilter.of(since=day, until=day), tally=tally)
    assert kept["hands"].sum() == stats(out)["hands"].sum() > 0
    assert tally.local == len(from_dataset(out, ("hands",)).hands) and tally.undated == 0
    assert stats(out, HandFilter.of(since="2000-01-01", until="2000-01-02")).empty
    later = DayTally()
    assert stats(out, HandFilter.of(since="2099-01-01"), tally=later).empty and later.local == 0
    assert DayTally().note() is None  # nothing to say without a date range


def test_a_hand_with_a_zone_is_kept_by_its_utc_day_not_its_local_one(tmp_path):
    """23:30 ET on 5 February 2021 is 04:30 UTC on the 6th: `--since 2021-02-06` keeps it, `--until
    2021-02-05` does not."""
    text = (SAMPLES / "nl-cash-heads-up.txt").read_text(encoding="utf-8")
    assert "2021/02/06 1:12:40 ET" in text
    source = tmp_path / "late.txt"
    source.write_text(text.replace("2021/02/06 1:12:40 ET", "2021/02/05 23:30:00 ET", 1), encoding="utf-8")
    out = tmp_path / "ds"
    export_paths([source], out)
    hands = from_dataset(out, ("hands",)).hands
    first = hands.sort_values("line").iloc[0]
    assert (first["date"], first["date_kind"], str(first["started_at"])[:16]) == (
        "2021-02-06",
        "utc",
        "2021-02-06 04:30",
    )
    tally = DayTally()
    assert stats(out, HandFilter.of(since="2021-02-06", until="2021-02-06"), tally=tally)["hands"].sum() > 0
    assert tally.local == 0
    day_before = audit([out], where=HandFilter.of(until="2021-02-05"))
    assert first["hand_id"] not in {h["hand_id"] for h in day_before["hands"]}


def test_cli_says_how_many_hands_a_date_range_kept_by_local_day(gg):
    out, day = gg
    hands = len(from_dataset(out, ("hands",)).hands)
    result = CliRunner().invoke(app, ["stats", str(out), "--since", day, "--format", "csv"])
    assert result.exit_code == 0, result.output
    assert f"--since/--until kept {count(hands, 'hand')} by the local day printed" in result.stderr
    assert result.stdout.count("\n") > 1  # a row, not only the header
    audited = CliRunner().invoke(app, ["audit", str(out), "--until", day, "--exit-zero"])
    assert audited.exit_code == 0 and f"kept {count(hands, 'hand')} by the local" in audited.stderr
    plain = CliRunner().invoke(app, ["stats", str(out), "--format", "csv"])
    assert "local day" not in plain.stderr  # no date range: nothing to say


def test_undated_hands_left_out_are_counted(tmp_path):
    """ACPC logs print no time: a date range leaves them out, and says so."""
    out = tmp_path / "ds"
    export_paths([SAMPLES / "acpc-hunl-match.log"], out)
    hands = from_dataset(out, ("hands",)).hands
    assert set(hands["date"]) == {"unknown"} and hands["date_kind"].isna().all()
    tally = DayTally()
    assert stats(out, HandFilter.of(since="2020-01-01"), tally=tally).empty
    assert tally.undated == len(hands) > 0 and "left out" in tally.note()


def test_audit_lists_hands_in_one_order_whatever_the_batch_size(tmp_path):
    """Hands of local days (GGPoker, 888poker) beside hands of UTC days: with one hand a batch (every day
    cut into pieces) the audit is that of the whole dataset read at once."""
    out = tmp_path / "ds"
    export_paths([SAMPLES], out)
    kinds = set(from_dataset(out, ("hands",)).hands["date_kind"].dropna().astype(object))
    assert kinds == {"utc", "local"}
    whole = audit([out], budget=10**9)
    assert audit([out], budget=1) == whole == audit([out], budget=7)
    days = [h["day"] for h in whole["hands"]]
    assert days == sorted(days)  # by day first (`unknown` last), then by time within it


def test_a_dataset_written_before_date_kind_still_reads(tmp_path):
    """Files of schema version 4 have no `date_kind`: it reads as null, and their days (UTC days) filter
    as before."""
    import pyarrow.parquet as pq

    out = tmp_path / "ds"
    export_paths([SAMPLES / "nl-cash-heads-up.txt"], out)
    files = sorted((out / "hands").rglob("*.parquet"))
    assert files
    for path in files:
        table = pq.read_table(path, partitioning=None)
        old = table.drop_columns(["date_kind"])
        pq.write_table(old.replace_schema_metadata({**(table.schema.metadata or {}), b"schema_version": b"4"}), path)
        assert "date_kind" not in pq.read_schema(path).names
    hands = from_dataset(out, ("hands",)).hands
    assert hands["date_kind"].isna().all() and set(hands["date"]) == {"2021-02-06"}
    tally = DayTally()
    assert stats(out, HandFilter.of(since="2021-02-06"), tally=tally)["hands"].sum() > 0 and tally.local == 0
    assert audit([out], where=HandFilter.of(until="2021-02-05"))["hands"] == []
