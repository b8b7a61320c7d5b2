"""`hhtool dataset info | compact | remove | revalidate` (issue #17, item 6): what a dataset holds, and
changes to it that keep every table consistent and every commit whole."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pyarrow.dataset as pads
import pytest
from conftest import hands_file, make_hand
from typer.testing import CliRunner

from hhtool.cli import app
from hhtool.dataset import open_dataset
from hhtool.export import store as store_module
from hhtool.export.run import export_paths
from hhtool.export.schema import SCHEMA_VERSION, TABLES
from hhtool.export.store import current_snapshot

HEADER = "PokerStars Hand #{hand_id}:  Hold'em No Limit ($0.05/$0.10 USD) - 2020/04/{day} 13:54:25 ET"


def hand(n: int, day: int = 16, table: str = "A") -> str:
    return make_hand(
        940000000000 + n,
        header=HEADER.replace("{day}", f"{day:02d}"),
        table=f"Table '{table} {n}' 6-max Seat #1 is the button",
    )


BAD = hand(99).replace("Carol collected $0.10 from pot", "Carol collected $0.12 from pot")
BROKEN = hand(98).replace("Alice: folds", "Alice: juggles the chips")  # HH010: unparsed


def cli(*args: str):
    return CliRunner().invoke(app, [str(a) for a in args])


def rows(out: Path) -> dict[str, list[dict]]:
    """Every row of every table (date included), sorted: the dataset's content, whatever its files."""
    ds = open_dataset(out)
    content = {}
    for table in TABLES:
        records = ds.arrow(table).to_pylist()
        content[table] = sorted(records, key=lambda r: json.dumps(r, default=str, sort_keys=True))
    return content


def hhtool_files(out: Path) -> dict[str, list[str]]:
    return current_snapshot(out).manifest.tables


@pytest.fixture()
def dataset(tmp_path) -> Path:
    """Five export runs over two days: many small files per table and day."""
    src = tmp_path / "src"
    src.mkdir()
    out = tmp_path / "ds"
    texts = {
        "a.txt": hands_file([hand(1), hand(2)]),
        "b.txt": hands_file([hand(3), BAD]),
        "c.txt": hands_file([hand(4, day=17)]),
        "d.txt": hands_file([hand(5, day=17), BROKEN]),
        "e.txt": "stray text before a hand\n" + hand(6),
    }
    for name, text in texts.items():
        (src / name).write_text(text)
        export_paths([src / name], out)
    return out


def test_info_counts_hands_files_runs_days_and_versions(dataset):
    result = cli("dataset", "info", dataset, "--format", "json")
    assert result.exit_code == 0
    facts = json.loads(result.stdout)
    assert facts["hands"] == 8
    assert facts["by_status"] == {"invalid": 1, "unparsed": 1, "valid": 6}
    assert facts["source_files"] == 5 and facts["runs"] == 5 and facts["changes"] == {}
    assert (facts["first_day"], facts["last_day"], facts["days"]) == ("2020-04-16", "2020-04-17", 2)
    assert facts["undated"] is True  # the unparsed hand has no date
    assert facts["schema_version"] == SCHEMA_VERSION and set(facts["file_schema_versions"]) == {SCHEMA_VERSION}
    assert facts["tables"]["hands"]["rows"] == 8 and facts["tables"]["findings"]["rows"] >= 4
    assert facts["files"] == sum(len(v) for v in hhtool_files(dataset).values())
    text = cli("dataset", "info", dataset)
    assert "hands         8 (invalid 1, unparsed 1, valid 6)" in text.stdout
    assert "2020-04-16 to 2020-04-17 (2 days), and hands of unknown date" in text.stdout
    cli("dataset", "compact", dataset)
    cli("dataset", "remove", dataset, "--hand", "940000000001")
    facts = json.loads(cli("dataset", "info", dataset, "--format", "json").stdout)
    assert facts["runs"] == 5 and facts["changes"] == {"compact": 1, "remove": 1} and facts["hands"] == 7
    assert "runs          5 exports, 1 compact, 1 remove (last " in cli("dataset", "info", dataset).stdout


def test_info_of_a_folder_that_is_no_dataset_is_exit_2(tmp_path):
    result = cli("dataset", "info", tmp_path)
    assert result.exit_code == 2 and "not an hhtool dataset" in result.stderr


def test_compact_merges_each_table_and_day_into_one_file_with_the_same_rows(dataset):
    before = rows(dataset)
    order_before = open_dataset(dataset).arrow("hands").column("hand_uid").to_pylist()
    files_before = hhtool_files(dataset)
    assert len(files_before["hands"]) > 3
    foreign = dataset / "hands" / "date=2020-04-16" / "mine.txt"
    foreign.write_text("my notes")
    result = cli("dataset", "compact", dataset)
    assert result.exit_code == 0, result.output
    after = hhtool_files(dataset)
    for table in TABLES:
        days = [rel.split("/", 1)[0] for rel in after[table]]
        assert len(days) == len(set(days)), (table, after[table])  # one file per day
    assert sum(map(len, after.values())) < sum(map(len, files_before.values()))
    assert rows(dataset) == before
    assert open_dataset(dataset).arrow("hands").column("hand_uid").to_pylist() == order_before
    assert foreign.read_text() == "my notes"  # not hhtool's: kept, never read
    # a plain reader of the table folders sees the same rows
    plain = pads.dataset(str(dataset / "hands"), format="parquet", partitioning="hive", exclude_invalid_files=True)
    assert plain.count_rows() == 8
    runs = len(current_snapshot(dataset).manifest.runs)
    assert "-> " in result.stderr
    again = cli("dataset", "compact", dataset)  # nothing left to merge: no new commit
    assert again.exit_code == 0 and len(current_snapshot(dataset).manifest.runs) == runs


def test_an_export_after_compaction_still_adds_nothing_twice(dataset, tmp_path):
    cli("dataset", "compact", dataset)
    before = rows(dataset)
    export_paths([tmp_path / "src"], dataset)
    assert rows(dataset) == before


def test_compaction_killed_before_its_commit_changes_nothing(dataset, monkeypatch):
    before, files = rows(dataset), hhtool_files(dataset)

    def killed(self, name):
        raise KeyboardInterrupt

    monkeypatch.setattr(store_module.Store, "_publish", killed)
    result = cli("dataset", "compact", dataset)
    assert result.exit_code == 130 and "unchanged" in result.stderr
    monkeypatch.undo()
    assert hhtool_files(dataset) == files and rows(dataset) == before
    assert not list(dataset.glob(".tmp-*"))
    assert cli("dataset", "compact", dataset).exit_code == 0 and rows(dataset) == before


def test_remove_a_hand_by_id_from_every_table(dataset):
    before = rows(dataset)
    uid = "pokerstars:940000000099"
    assert any(r["hand_uid"] == uid for r in before["findings"])
    result = cli("dataset", "remove", dataset, "--hand", "940000000099")
    assert result.exit_code == 0, result.output
    assert "removed 1 hand (" in result.stderr
    after = rows(dataset)
    for table in TABLES:
        assert after[table] == [r for r in before[table] if r["hand_uid"] != uid]
    assert cli("dataset", "remove", dataset, "--hand", "pokerstars:940000000001").exit_code == 0  # by hand_uid
    assert "pokerstars:940000000001" not in {r["hand_uid"] for r in rows(dataset)["seats"]}


def test_remove_by_source_file_takes_its_hands_and_file_findings(dataset, tmp_path, monkeypatch):
    src = tmp_path / "src"
    before = rows(dataset)
    e_uids = {r["hand_uid"] for r in before["hands"] if r["file"] == str(src / "e.txt")}
    file_level = [r for r in before["findings"] if r["hand_uid"].startswith("@") and r["file"] == str(src / "e.txt")]
    assert len(e_uids) == 1 and [r["code"] for r in file_level] == ["HH002"]
    monkeypatch.chdir(src)
    result = cli("dataset", "remove", dataset, "--file", "e.txt")  # another spelling of the stored path
    assert result.exit_code == 0, result.output
    after = rows(dataset)
    gone = e_uids | {r["hand_uid"] for r in file_level}
    for table in TABLES:
        assert after[table] == [r for r in before[table] if r["hand_uid"] not in gone]
    export_paths([src / "e.txt"], dataset)  # the removed hands can be exported again
    assert rows(dataset) == before


def test_remove_that_matches_nothing_is_exit_1_and_changes_nothing(dataset):
    runs = len(current_snapshot(dataset).manifest.runs)
    result = cli("dataset", "remove", dataset, "--hand", "123")
    assert result.exit_code == 1 and "removed 0 hands" in result.stderr
    assert len(current_snapshot(dataset).manifest.runs) == runs
    assert cli("dataset", "remove", dataset).exit_code == 2  # nothing named


def test_remove_every_hand_leaves_every_table_with_its_empty_file(tmp_path):
    (tmp_path / "a.txt").write_text(hand(1))
    out = tmp_path / "ds"
    export_paths([tmp_path / "a.txt"], out)
    assert cli("dataset", "remove", out, "--file", tmp_path / "a.txt").exit_code == 0
    assert all(len(rows(out)[t]) == 0 for t in TABLES)
    assert all(len(files) == 1 for files in hhtool_files(out).values())


def test_revalidate_after_a_rules_change_updates_status_and_findings(dataset, tmp_path):
    rules = tmp_path / "house.toml"
    rules.write_text("[table]\nmin_players = 4\n")  # every hand here is 3-handed
    before = rows(dataset)
    result = cli("dataset", "revalidate", dataset, "--rules", rules)
    assert result.exit_code == 0, result.output
    after = rows(dataset)
    status = {r["hand_uid"]: r["status"] for r in after["hands"]}
    codes = {}
    for r in after["findings"]:
        codes.setdefault(r["hand_uid"], set()).add(r["code"])
    from hhtool.rules.ruleset import load_rules
    from hhtool.validate import validate_paths

    fresh = [
        r
        for r in validate_paths(sorted((tmp_path / "src").glob("*.txt")), load_rules(str(rules)))
        if not hasattr(r, "code")
    ]
    for r in fresh:
        uid = next(u for u in status if u.startswith(f"pokerstars:{r.hand_id}"))
        assert status[uid] == r.status
        assert codes.get(uid, set()) == {f.code for f in r.findings}
    assert {r["status"] for r in after["hands"] if r["hand_id"] == "940000000001"} == {"invalid"}
    errors = {r["hand_uid"]: r["errors"] for r in after["hands"]}
    assert errors["pokerstars:940000000001"] >= 1

    # the other columns are untouched
    def strip(records):
        return [{k: v for k, v in r.items() if k not in ("status", "errors", "warnings")} for r in records]

    assert sorted(map(str, strip(after["hands"]))) == sorted(map(str, strip(before["hands"])))
    for table in ("seats", "actions", "pots", "payouts"):
        assert after[table] == before[table]
    # back to the standard rules: the dataset is as it was
    back = cli("dataset", "revalidate", dataset)
    assert back.exit_code == 0 and "invalid -> valid" in back.stderr
    assert rows(dataset) == before


def test_revalidate_keeps_hands_whose_source_is_gone(dataset, tmp_path):
    shutil.rmtree(tmp_path / "src")
    before = rows(dataset)
    result = cli("dataset", "revalidate", dataset)
    assert result.exit_code == 2 and "not found in their source" in result.stderr
    assert rows(dataset) == before


@pytest.mark.parametrize("command", [["compact"], ["remove", "--hand", "940000000001"], ["revalidate"]])
def test_a_change_waits_for_the_lock_and_gives_up_after_wait(dataset, command):
    import fcntl
    import os

    before = rows(dataset)
    lock = os.open(dataset / ".hhtool" / "lock", os.O_RDWR)
    fcntl.flock(lock, fcntl.LOCK_EX)  # another writer
    try:
        result = cli("dataset", command[0], dataset, *command[1:], "--wait", "0.3")
    finally:
        os.close(lock)
    assert result.exit_code == 2 and "waited 0.3 s" in result.stderr
    assert rows(dataset) == before
    assert cli("dataset", command[0], dataset, *command[1:], "--wait", "0").exit_code == 0  # free now


def test_revalidate_keeps_hands_read_from_standard_input(tmp_path):
    out = tmp_path / "ds"
    assert CliRunner().invoke(app, ["export", "-", "--out", str(out), "--jobs", "1"], input=hand(1)).exit_code == 0
    result = cli("dataset", "revalidate", out)
    assert result.exit_code == 0, result.output
    assert "revalidated 0 of 1 hand in" in result.stderr and "1 not found in their source" in result.stderr
