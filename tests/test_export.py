"""`hhtool export`: the Parquet dataset round-trips what `hhtool validate` counts, re-runs add nothing,
interrupted runs stay invisible, the files carry their schema, and pandas, DuckDB and polars read
them. The schema reference of docs/dataset.md is checked against `hhtool.export.schema.COLUMNS`.

Corpus tests run when HHTOOL_CORPUS is set; the same properties are also checked on samples/ and on
hands written here, so they run everywhere.
"""

from __future__ import annotations

import re
import shutil
import signal
import subprocess
import sys
import textwrap
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pyarrow.dataset as pads
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from hhtool.cli import app
from hhtool.dataset import open_dataset
from hhtool.export import writer as writer_module
from hhtool.export.rows import hand_uid
from hhtool.export.run import export_paths
from hhtool.export.schema import COLUMNS, SCHEMA_VERSION, TABLES
from hhtool.io import read_blocks
from hhtool.io.split import Block
from hhtool.validate import Summary, validate_paths

PROJECT = Path(__file__).resolve().parent.parent
SAMPLES = PROJECT / "samples"
DATASET_DOC = PROJECT / "docs" / "dataset.md"  # the dataset page the README links to
# What samples/ holds (samples/README.md): its hands, and its USD hands with their rake in cents.
SAMPLE_HANDS = 73  # every sample hand of every site (samples/README.md)
SAMPLE_USD_HANDS, SAMPLE_USD_RAKE = 54, 2813
MONEY_COLUMNS = {t: [n for n, kind, _ in cols if kind == pa.int64()] for t, cols in COLUMNS.items()}
CATEGORICALS = {t: [n for n, kind, _ in cols if pa.types.is_dictionary(kind)] for t, cols in COLUMNS.items()}

# A hand of our own (not in samples/ nor in the corpus), and a different hand with the same id.
NEW_HAND = textwrap.dedent("""\
    PokerStars Hand #399000000001:  Hold'em No Limit ($0.05/$0.10 USD) - 2020/04/16 13:54:25 ET
    Table 'Exporta I' 6-max Seat #1 is the button
    Seat 1: Alice ($10 in chips)
    Seat 2: Bob ($10 in chips)
    Seat 3: Carol ($10 in chips)
    Bob: posts small blind $0.05
    Carol: posts big blind $0.10
    *** HOLE CARDS ***
    Alice: folds
    Bob: folds
    Uncalled bet ($0.05) returned to Carol
    Carol collected $0.10 from pot
    Carol: doesn't show hand
    *** SUMMARY ***
    Total pot $0.10 | Rake $0
    Seat 1: Alice (button) folded before Flop (didn't bet)
    Seat 2: Bob (small blind) folded before Flop
    Seat 3: Carol (big blind) collected ($0.10)
    """)
SAME_ID_OTHER_HAND = NEW_HAND.replace("Table 'Exporta I'", "Table 'Exporta II'")


# -- helpers -------------------------------------------------------------------------------------
def row_counts(out: Path) -> dict[str, int]:
    """Rows per table as plain readers (DuckDB, polars) see them (hidden and `_` paths skipped)."""
    counts = {}
    for table in TABLES:
        folder = out / table
        counts[table] = (
            pads.dataset(folder, format="parquet", partitioning="hive").count_rows() if folder.is_dir() else 0
        )
    return counts


def export(paths, out: Path) -> tuple[writer_module.ExportStats, Summary]:
    summary = Summary()
    stats = export_paths([str(p) for p in paths], out, None, summary)
    return stats, summary


def check_round_trip(out: Path, summary: Summary) -> None:
    """hands == what validate read, less exact duplicates."""
    ds = open_dataset(out)
    hands = ds.hands
    assert not hands["hand_uid"].duplicated().any()
    stored = Counter(hands["status"].astype(str))
    for status in ("valid", "invalid", "unparsed", "unsupported"):
        assert stored[status] == summary.by_status[status], status
    assert len(hands) == summary.tally.hands_read - summary.by_status["duplicate"]
    # chips: what was paid out, the rake, the other fees (GG's jackpot…) and the pot shares the room kept
    # after an all-in cash out are what went in (contributions net of uncalled returns, and a site's cash drop)
    # (a hand scored by expected value, HH047, pays no chips: its payoffs are the equity, not whole chips)
    scored_by_ev = set(ds.findings.loc[ds.findings["code"].astype(str) == "HH047", "hand_uid"])
    valid = hands[(hands["status"] == "valid") & hands["total_pot"].notna() & ~hands["hand_uid"].isin(scored_by_ev)]
    valid = valid.set_index("hand_uid")
    contributed = ds.seats.groupby("hand_uid")["contributed"].sum()
    kept = ds.seats.groupby("hand_uid")["cash_out_kept"].sum()
    paid = ds.payouts.groupby("hand_uid")["amount"].sum()
    for uid, rake in valid["rake"].items():
        fees, drop = int(valid.at[uid, "fees"]), int(valid.at[uid, "cash_drop"])
        assert int(paid.get(uid, 0)) + int(rake) + fees + int(kept[uid]) == int(contributed[uid]) + drop, uid
    assert (valid["total_pot"] == contributed.reindex(valid.index) + valid["cash_drop"]).all()


def check_files(out: Path) -> None:
    """schema_version in every file; categoricals dictionary-encoded; money int64; started_at UTC."""
    files = [p for t in TABLES for p in (out / t).rglob("*.parquet")]
    assert files
    for path in files:
        table = path.relative_to(out).parts[0]
        parquet = pq.ParquetFile(path)
        schema = parquet.schema_arrow
        assert schema.metadata[b"schema_version"] == SCHEMA_VERSION.encode(), path
        assert schema.metadata[b"table"] == table.encode()
        for name in CATEGORICALS[table]:
            assert pa.types.is_dictionary(schema.field(name).type), (path, name)
        for name in MONEY_COLUMNS[table]:
            assert schema.field(name).type == pa.int64(), (path, name)
            assert parquet.schema.column(schema.get_field_index(name)).physical_type == "INT64"
        if parquet.metadata.num_rows:
            group = parquet.metadata.row_group(0)
            for name in CATEGORICALS[table]:
                encodings = group.column(schema.get_field_index(name)).encodings
                assert any("DICTIONARY" in e for e in encodings), (path, name, encodings)
            uid = group.column(schema.get_field_index("hand_uid")).encodings  # unique per hand: no dictionary
            assert not any("DICTIONARY" in e for e in uid), (path, uid)
        if table == "hands":
            assert schema.field("started_at").type == pa.timestamp("us", tz="UTC")


# -- samples and hand-written hands (always run) -------------------------------------------------
@pytest.fixture(scope="module")
def samples_export(tmp_path_factory):
    out = tmp_path_factory.mktemp("samples") / "ds"
    stats, summary = export([SAMPLES], out)
    return out, stats, summary


def test_samples_round_trip(samples_export):
    out, stats, summary = samples_export
    check_round_trip(out, summary)
    assert stats.hands_written == summary.tally.hands_read == SAMPLE_HANDS
    assert row_counts(out) == stats.rows


def test_samples_files_carry_schema_version_dictionaries_int64_money(samples_export):
    check_files(samples_export[0])


def test_started_at_is_utc(samples_export):
    hands = open_dataset(samples_export[0]).hands.set_index("hand_id")
    # 2020/03/14 18:31:47 ET is EDT (daylight saving began on March 8): 22:31:47 UTC
    assert hands.loc["210471195522", "started_at"] == datetime(2020, 3, 14, 22, 31, 47, tzinfo=UTC)
    assert hands.loc["210471195522", "date"] == "2020-03-14"
    # 2009/10/12 23:45:12 ET is the next day in UTC; the partition is the UTC day
    assert hands.loc["1004417382", "started_at"] == datetime(2009, 10, 13, 3, 45, 12, tzinfo=UTC)
    assert hands.loc["1004417382", "date"] == "2009-10-13"
    assert str(hands["started_at"].dtype) == "timestamp[us, tz=UTC][pyarrow]"


def test_second_export_adds_nothing_and_a_new_file_adds_only_its_hands(tmp_path):
    out = tmp_path / "ds"
    export([SAMPLES], out)
    before = row_counts(out)
    again, _ = export([SAMPLES], out)
    assert again.hands_written == 0 and again.hands_skipped == SAMPLE_HANDS
    assert row_counts(out) == before
    new = tmp_path / "new.txt"
    new.write_text(NEW_HAND, encoding="utf-8")
    added, _ = export([SAMPLES, new], out)
    assert added.hands_written == 1 and added.hands_skipped == SAMPLE_HANDS
    after = row_counts(out)
    assert after["hands"] == before["hands"] + 1
    assert after["seats"] == before["seats"] + 3
    assert after["payouts"] == before["payouts"] + 1
    assert {t: after[t] - before[t] for t in TABLES} == added.rows
    assert open_dataset(out).hands.set_index("hand_id").loc["399000000001", "file"] == str(new)


def test_the_same_hand_in_two_files_is_stored_once(tmp_path):
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text(NEW_HAND, encoding="utf-8")
    b.write_text(NEW_HAND, encoding="utf-8")
    stats, summary = export([a, b], tmp_path / "ds")
    assert summary.by_status["duplicate"] == 1
    assert stats.hands_written == 1 and stats.hands_skipped == 1
    hands = open_dataset(tmp_path / "ds").hands
    assert list(hands["file"]) == [str(a)]
    # and in a later run, from another file: still once
    c = tmp_path / "c.txt"
    c.write_text(NEW_HAND, encoding="utf-8")
    later, _ = export([c], tmp_path / "ds")
    assert later.hands_written == 0 and row_counts(tmp_path / "ds")["hands"] == 1


def test_a_different_hand_under_a_stored_id_is_kept(tmp_path):
    path = tmp_path / "two.txt"
    path.write_text(NEW_HAND + "\n\n\n" + SAME_ID_OTHER_HAND, encoding="utf-8")
    _stats, summary = export([path], tmp_path / "ds")
    assert summary.by_code["HH413"] == 1 and summary.by_status["invalid"] == 1
    ds = open_dataset(tmp_path / "ds")
    assert len(ds.hands) == 2  # every hand read appears with its status
    assert "HH413" in set(ds.findings["code"].astype(str))


def _boom_after(n: int):
    real = validate_paths

    def fake(paths, rules=None, summary=None):
        for i, item in enumerate(real(paths, rules, summary)):
            if i == n:
                raise RuntimeError("interrupted")
            yield item

    return fake


def test_an_interrupted_run_leaves_no_rows_and_no_temporary_files(tmp_path, monkeypatch):
    out = tmp_path / "ds"
    new = tmp_path / "new.txt"
    new.write_text(NEW_HAND, encoding="utf-8")
    export([new], out)
    before = row_counts(out)
    import hhtool.export.run as export_module

    monkeypatch.setattr(writer_module, "FLUSH_ROWS", 10)  # row groups are written before the failure
    monkeypatch.setattr(export_module, "validate_paths", _boom_after(20))
    with pytest.raises(RuntimeError, match="interrupted"):
        export([SAMPLES], out)
    assert row_counts(out) == before
    assert not list(out.glob(".tmp-*"))
    monkeypatch.undo()
    stats, _ = export([SAMPLES], out)
    assert stats.hands_written == SAMPLE_HANDS
    assert row_counts(out)["hands"] == before["hands"] + SAMPLE_HANDS


_KILL_SCRIPT = textwrap.dedent("""\
    import os, signal, sys
    import hhtool.export.run as export_module
    from hhtool.export import writer
    from hhtool.validate import validate_paths

    where = sys.argv[3]
    writer.FLUSH_ROWS = 10
    if where == "loop":  # killed while hands are being added (row groups already in the hidden folder)
        def fake(paths, rules=None, summary=None):
            for i, item in enumerate(validate_paths(paths, rules, summary)):
                if i == 20:
                    os.kill(os.getpid(), signal.SIGKILL)
                yield item
        export_module.validate_paths = fake
    else:  # killed in the middle of the commit, after the first file was moved into the dataset
        real = os.replace
        moved = []
        def replace(src, dst):
            real(src, dst)
            moved.append(dst)
            if len(moved) == 2:
                os.kill(os.getpid(), signal.SIGKILL)
        writer.os.replace = replace
    export_module.export_paths([sys.argv[1]], sys.argv[2])
    """)


def _killed_export(source: Path, out: Path, where: str) -> None:
    result = subprocess.run(
        [sys.executable, "-c", _KILL_SCRIPT, str(source), str(out), where],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == -signal.SIGKILL, result.stderr


def test_a_killed_run_is_invisible_and_the_next_run_cleans_it(tmp_path):
    out = tmp_path / "ds"
    new = tmp_path / "new.txt"
    new.write_text(NEW_HAND, encoding="utf-8")
    export([new], out)
    before = row_counts(out)
    _killed_export(SAMPLES, out, "loop")
    assert list(out.glob(".tmp-*"))  # the killed run's files are there, hidden
    assert row_counts(out) == before  # but no reader sees them
    stats, _ = export([SAMPLES], out)
    assert not list(out.glob(".tmp-*"))
    assert stats.hands_written == SAMPLE_HANDS
    assert row_counts(out)["hands"] == before["hands"] + SAMPLE_HANDS


def test_a_run_killed_during_its_commit_is_never_counted(tmp_path):
    """Killed while its files are being moved in, a run is not published: neither `open_dataset`
    nor a plain reader of the folder sees any of its files (issue #12: one saw the new hands while
    `seats` held only the old rows), and the next export adds its hands once."""
    out = tmp_path / "ds"
    new = tmp_path / "new.txt"
    new.write_text(NEW_HAND, encoding="utf-8")
    export([new], out)
    before = {t: len(open_dataset(out).table(t)) for t in TABLES}
    _killed_export(SAMPLES, out, "commit")
    assert {t: len(open_dataset(out).table(t)) for t in TABLES} == before
    assert row_counts(out) == before
    stats, _ = export([SAMPLES], out)
    assert stats.hands_written == SAMPLE_HANDS and row_counts(out)["hands"] == before["hands"] + SAMPLE_HANDS


# Two cut hands with one number whose headers share a line (PokerStars headers are found anywhere in a
# line, iPoker's `<game gamecode=` after a blank): both unparsed, keyed by line and column, both stored.
_HEADER = "PokerStars Hand #213772508811:  Hold'em No Limit ($0.01/$0.02 USD) - 2020/05/12 21:04:17 ET"
_GAME = '<game gamecode="7000000001"><general></general>'
_IPOKER_SESSION = (
    '<session sessioncode="1">\n  <general>\n    <gametype>Holdem NL $0.05/$0.10</gametype>\n  </general>\n'
)


def test_two_unparsed_hands_with_one_number_on_one_line_are_both_stored(tmp_path, monkeypatch):
    from hhtool.engine.plan import CHUNK_ENV

    stars, ipoker = tmp_path / "stars.txt", tmp_path / "ipoker.xml"
    stars.write_text(f"{_HEADER} {_HEADER}\nTable garbage\n\n\n", encoding="utf-8")
    ipoker.write_text(f"{_IPOKER_SESSION}  {_GAME} {_GAME}\n  </game>\n</session>\n", encoding="utf-8")
    monkeypatch.setenv(CHUNK_ENV, "1")  # a task per file: the parallel run is a parallel one
    runner = CliRunner()
    for jobs in ("1", "2"):
        out = tmp_path / f"ds{jobs}"
        result = runner.invoke(app, ["export", str(stars), str(ipoker), "--out", str(out), "--jobs", jobs])
        assert result.exit_code == 0, result.output
        assert "exported 4 new hands (0 already stored)" in result.stderr, result.stderr
        hands = open_dataset(out).hands
        assert list(hands["status"]) == ["unparsed"] * 4
        assert sorted(uid.split("@")[1].split(":", 1)[1] for uid in hands["hand_uid"]) == [
            "1",
            "1:93",
            "5",
            "5:51",
        ]  # the line; and the column where the hand before starts on that line
        again = runner.invoke(app, ["export", str(stars), str(ipoker), "--out", str(out), "--jobs", jobs])
        assert "exported 0 new hands (4 already stored" in again.stderr, again.stderr


def test_two_unparsed_hands_with_one_number_on_two_lines_keep_their_line_keys(tmp_path):
    path = tmp_path / "stars.txt"
    path.write_text(f"{_HEADER}\n\n\n{_HEADER}\nTable garbage\n\n\n", encoding="utf-8")
    stats, _ = export([path], tmp_path / "ds")
    assert stats.hands_written == 2 and stats.hands_skipped == 0
    assert [uid.rsplit(":", 1)[1] for uid in open_dataset(tmp_path / "ds").hands["hand_uid"]] == ["1", "4"]


def test_cli_export_then_validate_agree(tmp_path):
    runner = CliRunner()
    result = runner.invoke(app, ["export", str(SAMPLES), "--out", str(tmp_path / "ds")])
    assert result.exit_code == 0, result.output
    assert f"exported {SAMPLE_HANDS} new hands" in result.stderr
    assert len(open_dataset(tmp_path / "ds").hands) == SAMPLE_HANDS


# -- Python API, DuckDB, polars ------------------------------------------------------------------
def test_open_dataset_gives_arrow_backed_dataframes(samples_export):
    ds = open_dataset(samples_export[0])
    for table in TABLES:
        frame = ds.table(table)
        assert list(frame.columns) == [name for name, _, _ in COLUMNS[table]]
        for name, dtype in frame.dtypes.items():
            assert isinstance(dtype, pd.ArrowDtype), (table, name, dtype)
        for name in MONEY_COLUMNS[table]:
            assert frame[name].dtype == pd.ArrowDtype(pa.int64())
    assert len(ds.hands) == SAMPLE_HANDS
    assert ds.hands.groupby("currency", observed=True)["rake"].sum().to_dict()["USD"] == SAMPLE_USD_RAKE


def test_duckdb_reads_the_files(samples_export):
    duckdb = pytest.importorskip("duckdb")
    out = samples_export[0]
    con = duckdb.connect()
    count, rake, days = con.execute(
        f"select count(*), sum(rake) filter (where currency = 'USD'), count(distinct date) "
        f"from read_parquet('{out}/hands/**/*.parquet', hive_partitioning=true)"
    ).fetchone()
    assert (count, rake) == (SAMPLE_HANDS, SAMPLE_USD_RAKE)
    assert days == open_dataset(out).hands["date"].nunique()
    joined = con.execute(
        f"select count(*) from read_parquet('{out}/seats/**/*.parquet', hive_partitioning=true) s "
        f"join read_parquet('{out}/hands/**/*.parquet', hive_partitioning=true) h using (hand_uid)"
    ).fetchone()[0]
    assert joined == len(open_dataset(out).seats)
    described = con.execute(f"describe select * from read_parquet('{out}/hands/**/*.parquet', hive_partitioning=true)")
    types = {row[0]: row[1] for row in described.fetchall()}
    assert types["total_pot"] == "BIGINT" and types["started_at"] == "TIMESTAMP WITH TIME ZONE"


def test_polars_reads_the_files(samples_export):
    pl = pytest.importorskip("polars")
    out = samples_export[0]
    lazy = pl.scan_parquet(f"{out}/hands/**/*.parquet", hive_partitioning=True)
    schema = lazy.collect_schema()
    assert schema["rake"] == pl.Int64 and schema["currency"] == pl.Categorical
    assert schema["started_at"] == pl.Datetime("us", "UTC")
    frame = lazy.filter(pl.col("currency") == "USD").select(pl.len(), pl.col("rake").sum()).collect()
    assert frame.row(0) == (SAMPLE_USD_HANDS, SAMPLE_USD_RAKE)
    seats = pl.scan_parquet(f"{out}/seats/**/*.parquet", hive_partitioning=True).select(pl.len()).collect().item()
    assert seats == len(open_dataset(out).seats)


# -- docs/dataset.md schema reference-----------------------------------------------------------------
def type_name(kind: pa.DataType) -> str:
    """How docs/dataset.md writes an Arrow type."""
    if pa.types.is_dictionary(kind):
        return f"dictionary<{kind.value_type}>"
    if pa.types.is_list(kind):
        return f"list<{kind.value_type}>"
    return str(kind)


def schema_markdown() -> str:
    """The tables of docs/dataset.md's "Dataset schema" section, generated from COLUMNS."""
    parts = []
    for table, columns in COLUMNS.items():
        lines = [f"### `{table}`", "", "| column | type | meaning |", "|---|---|---|"]
        lines += [f"| `{name}` | `{type_name(kind)}` | {meaning} |" for name, kind, meaning in columns]
        parts.append("\n".join(lines))
    return "\n\n".join(parts) + "\n"


def documented_schema() -> dict[str, list[tuple[str, str, str]]]:
    text = DATASET_DOC.read_text(encoding="utf-8")
    match = re.search(r"^## Dataset schema\n(.*?)(?=^## |\Z)", text, re.DOTALL | re.MULTILINE)
    assert match, "docs/dataset.md has no '## Dataset schema' section"
    tables: dict[str, list[tuple[str, str, str]]] = {}
    current = None
    for line in match.group(1).splitlines():
        heading = re.match(r"^### `(\w+)`\s*$", line)
        if heading:
            current = tables.setdefault(heading.group(1), [])
            continue
        if current is None or not line.startswith("|") or set(line) <= set("|-: "):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells == ["column", "type", "meaning"]:
            continue
        assert len(cells) == 3, line
        current.append((cells[0].strip("`"), cells[1].strip("`"), cells[2]))
    return tables


def test_documented_schema_matches_the_columns():
    documented = documented_schema()
    assert list(documented) == list(COLUMNS)
    for table, columns in COLUMNS.items():
        expected = [(name, type_name(kind), meaning) for name, kind, meaning in columns]
        assert documented[table] == expected, table


def test_dataset_doc_mentions_the_schema_version():
    assert f"`schema_version` = `{SCHEMA_VERSION}`" in DATASET_DOC.read_text(encoding="utf-8")


# -- the corpus ----------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def corpus_export(corpus, tmp_path_factory):
    out = tmp_path_factory.mktemp("corpus") / "ds"
    stats, summary = export([corpus], out)
    return out, stats, summary


def test_corpus_round_trips(corpus_export):
    out, stats, summary = corpus_export
    check_round_trip(out, summary)
    assert stats.hands_read == summary.tally.hands_read
    assert row_counts(out) == stats.rows


def test_corpus_files(corpus_export):
    check_files(corpus_export[0])


def test_corpus_second_export_leaves_the_rows_unchanged(corpus_export, corpus):
    out = corpus_export[0]
    before = row_counts(out)
    stats, _ = export([corpus], out)
    assert stats.hands_written == 0
    assert sum(stats.rows.values()) == 0
    assert row_counts(out) == before


def test_corpus_export_through_another_spelling_adds_nothing(corpus_export, corpus, tmp_path, monkeypatch):
    """Issue #12: re-exporting the corpus through a relative path added its 17,788 unsupported and
    unparsed hands again (their uids carried the path as spelled)."""
    out = corpus_export[0]
    before = row_counts(out)
    link = tmp_path / "corpus-link"
    link.symlink_to(corpus.resolve(), target_is_directory=True)
    monkeypatch.chdir(corpus.resolve().parent)
    for spelling in (corpus.resolve().name, f"./{corpus.resolve().name}/", str(link)):
        stats, _ = export([spelling], out)
        assert (stats.hands_written, sum(stats.rows.values())) == (0, 0), spelling
    assert row_counts(out) == before


def test_corpus_new_file_adds_only_its_hands_and_a_known_hand_is_not_added(corpus_export, tmp_path):
    out = corpus_export[0]
    before = row_counts(out)
    new = tmp_path / "new.txt"
    new.write_text(NEW_HAND, encoding="utf-8")
    stats, _ = export([new], out)
    assert stats.hands_written == 1
    after = row_counts(out)
    assert {t: after[t] - before[t] for t in TABLES} == stats.rows
    # a hand already stored, met again in another file (taken from the corpus, written to a temporary file)
    hands = open_dataset(out).hands
    valid = hands[hands["status"] == "valid"].iloc[0]
    block = next(b for b in read_blocks(Path(valid["file"])) if isinstance(b, Block) and b.line == valid["line"])
    again = tmp_path / "again.txt"
    again.write_text(block.text, encoding="utf-8")
    results = [r for r in validate_paths([again]) if not hasattr(r, "code")]
    assert [hand_uid(r) for r in results] == [valid["hand_uid"]]
    stats, _ = export([again], out)
    assert stats.hands_written == 0 and stats.hands_skipped == 1
    assert row_counts(out) == after


def test_corpus_dataset_reads_in_duckdb_and_polars(corpus_export):
    out = corpus_export[0]
    n = len(open_dataset(out).hands)
    duckdb = pytest.importorskip("duckdb")
    assert (
        duckdb.execute(
            f"select count(*) from read_parquet('{out}/hands/**/*.parquet', hive_partitioning=true)"
        ).fetchone()[0]
        == n
    )
    pl = pytest.importorskip("polars")
    assert pl.scan_parquet(f"{out}/hands/**/*.parquet", hive_partitioning=True).select(pl.len()).collect().item() == n


def test_dataset_folder_can_be_moved(samples_export, tmp_path):
    """Nothing in the dataset depends on its location (all paths are relative)."""
    moved = tmp_path / "moved"
    shutil.copytree(samples_export[0], moved)
    assert row_counts(moved) == row_counts(samples_export[0])
    stats, _ = export([SAMPLES], moved)
    assert stats.hands_written == 0


def test_rows_split_by_day_keep_their_order_whatever_the_runs():
    """by_day gathers a day from its runs of rows: the same rows, in the same order, as a filter would give."""
    import random

    import pyarrow.compute as pc

    rng = random.Random(7)
    days = [f"2020-01-0{d}" for d in range(1, 6)]
    dates, day = [], days[0]
    for _ in range(500):  # runs of random length, days coming back later (tables interleaved)
        if rng.random() < 0.1:
            day = rng.choice(days)
        dates.append(day)
    names = [name for name, _, _ in COLUMNS["payouts"]]
    columns = {
        "hand_uid": [f"s:{i}" for i in range(500)],
        "run": [0] * 500,
        "pot_index": [i % 3 for i in range(500)],
        "player": [f"p{i % 7}" for i in range(500)],
        "amount": list(range(500)),
        "currency": ["USD"] * 500,
        "date": dates,
    }
    plain = writer_module.PLAIN_SCHEMAS["payouts"]
    whole = pa.Table.from_pydict({n: columns[n] for n in names}, schema=plain)
    chunked = pa.concat_tables([whole.slice(0, 123), whole.slice(123, 200), whole.slice(323)])
    first_seen = list(dict.fromkeys(dates))
    for table in (whole, chunked):
        got = list(writer_module.by_day("payouts", table))
        assert [d for d, _ in got] == first_seen
        for d, part in got:
            expected = whole.filter(pc.equal(whole.column("date"), d)).drop_columns(["date"])
            assert part.schema == writer_module.SCHEMAS["payouts"]
            assert part.column("hand_uid").to_pylist() == expected.column("hand_uid").to_pylist()
            assert part.column("currency").to_pylist() == expected.column("currency").to_pylist()
            assert part.column("hand_uid").num_chunks == 1
    assert list(writer_module.by_day("payouts", whole.slice(0, 0))) == []
