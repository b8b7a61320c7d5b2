"""The compiled hot path (mypyc) against its Python source, and the import guard between them.

setup.py compiles the modules of hhtool.compiled.HOT_PATH when it can and records their sources;
`import hhtool` runs the `.py` files instead when one of those sources changed since (a stale build)
or when HHTOOL_PURE_PYTHON=1 is set. The guard's tests run in any install, on a copy of the
package with stand-in extensions that cannot be loaded (a process that tried one fails), and on a
copy of the real compiled package when there is one.

The `.py` files are the reference, so a process forced to run them (HHTOOL_PURE_PYTHON=1) must print
exactly what the compiled process prints — `validate --format jsonl`, `parse --format jsonl` and
every table of an `export` — on the samples of every dialect, a few hundred corpus hands of every
site folder, generated hands written by every dialect's writer, and mutated hands of every dialect
(tests/fuzzkit.py). CI sets HHTOOL_EXPECT_COMPILED=1, so that a build that quietly fell back to pure
Python (or went stale) fails instead of passing slower.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from corpuskit import corpus_selection
from datasetkit import assert_same_tables

from hhtool import compiled
from hhtool.dataset import open_dataset
from hhtool.generate import SITES, write_hands
from hhtool.io import Block, read_blocks

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = Path(compiled.__file__).resolve().parent  # the package this process imported
RUN_CLI = "import sys; from hhtool.cli import app; sys.argv[0] = 'hhtool'; app()"
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]
is_compiled = any(compiled.compiled().values())
MUTATED_BYTES, MUTATED_HANDS = 1_000_000, 50  # the mutated files compared: the same paths, not the fuzz's sizes


def test_hot_path_is_compiled_where_ci_expects_it():
    if not os.environ.get("HHTOOL_EXPECT_COMPILED"):
        pytest.skip("HHTOOL_EXPECT_COMPILED is not set (CI sets it)")
    assert compiled.stale() == [], "a compiled source changed after the build: run `HHTOOL_COMPILE=1 pip install -e .`"
    assert compiled.compiled() == {name: True for name in compiled.HOT_PATH}


# -- the import guard ---------------------------------------------------------------------------


def _copy_sources(tmp_path: Path) -> Path:
    """The package's Python sources and grammar, without extensions or build record; returns the folder
    to put on PYTHONPATH."""
    root = tmp_path / "copy"
    shutil.copytree(
        PACKAGE, root / "hhtool", ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__", compiled.BUILD_INFO)
    )
    return root


def _fake_build(root: Path, record: bool = True) -> None:
    """Stand-in extensions beside every hot-path module (bytes no loader accepts: importing one fails)
    and, with `record`, the build record of the sources as they are now, as setup.py writes it."""
    records = {}
    for name, source in zip(compiled.HOT_PATH, compiled.source_paths()):
        (root / source).with_suffix(SUFFIX).write_bytes(b"not a shared object")
        records[name] = compiled.source_record(str(root / source))
    if record:
        (root / "hhtool" / compiled.BUILD_INFO).write_text(compiled.record_text(records), encoding="utf-8")


PROBE = (
    "from hhtool import compiled; import importlib\n"
    "for name in compiled.HOT_PATH: importlib.import_module(name)\n"
    "print(compiled.describe()); print(','.join(compiled.stale()))\n"
    "import hhtool.rules.replay as m; print(m.__file__)"
)


def _probe(root: Path, **env: str) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if k not in ("HHTOOL_PURE_PYTHON", "HHTOOL_STALE_BUILD_WARNED")}
    return subprocess.run(
        [sys.executable, "-c", PROBE],
        env={**environment, "PYTHONPATH": str(root), **env},
        capture_output=True,
        text=True,
        cwd=root,
        check=False,
    )


def _edit(path: Path) -> None:
    path.write_text(path.read_text(encoding="utf-8") + "\n# edited after the build\n", encoding="utf-8")


def test_an_edited_source_runs_from_its_py_files_with_one_warning(tmp_path):
    root = _copy_sources(tmp_path)
    _fake_build(root)
    _edit(root / "hhtool" / "rules" / "replay.py")
    probe = _probe(root)
    assert probe.returncode == 0, probe.stderr
    assert probe.stdout.splitlines() == [
        "pure Python (the compiled hot path is out of date: hhtool/rules/replay.py changed)",
        "hhtool.rules.replay",
        str(root / "hhtool" / "rules" / "replay.py"),
    ]
    warning = [line for line in probe.stderr.splitlines() if line.startswith("hhtool:")]
    assert len(warning) == 1 and "hhtool/rules/replay.py changed" in warning[0], probe.stderr
    assert "HHTOOL_COMPILE=1 pip install -e ." in warning[0]


def test_extensions_matching_their_sources_are_loaded(tmp_path):
    """The control of the test above: with the sources as recorded (only touched: same bytes, newer time)
    the stand-in extension is what Python loads, and fails, so the guard is what kept the edited copy running."""
    root = _copy_sources(tmp_path)
    _fake_build(root)
    later = time.time() + 10
    os.utime(root / "hhtool" / "rules" / "replay.py", (later, later))
    probe = _probe(root)
    assert probe.returncode != 0 and "ImportError" in probe.stderr and SUFFIX in probe.stderr, probe.stderr
    assert "hhtool:" not in probe.stderr.split("Traceback")[0]


def test_extensions_without_a_build_record_are_not_loaded(tmp_path):
    """An in-place build older than the record (or one whose record was lost) cannot be checked: pure."""
    root = _copy_sources(tmp_path)
    _fake_build(root, record=False)
    probe = _probe(root)
    assert probe.returncode == 0, probe.stderr
    assert probe.stdout.splitlines()[0].startswith("pure Python (the compiled hot path is out of date")
    assert "no build record" in probe.stderr


def test_pure_python_forced_by_the_environment(tmp_path):
    root = _copy_sources(tmp_path)
    _fake_build(root)
    probe = _probe(root, HHTOOL_PURE_PYTHON="1")
    assert probe.returncode == 0, probe.stderr
    assert probe.stdout.splitlines() == [
        "pure Python (HHTOOL_PURE_PYTHON is set)",
        "",
        str(root / "hhtool" / "rules" / "replay.py"),
    ]
    assert probe.stderr == ""


@pytest.mark.skipif(not is_compiled, reason="hot path not compiled in this install")
def test_the_real_build_is_used_when_fresh_and_not_when_edited(tmp_path):
    """A copy of this compiled install (its package and mypyc's shared library): all compiled as it is;
    pure, with the warning, once a source is edited; pure when forced."""
    root = tmp_path / "real"
    shutil.copytree(PACKAGE, root / "hhtool", ignore=shutil.ignore_patterns("__pycache__"))
    shared = importlib.util.find_spec(f"{compiled.HOT_PATH[0].split('.')[0]}__mypyc")
    assert shared is not None and shared.origin
    shutil.copy2(shared.origin, root)
    fresh = _probe(root)
    assert fresh.stdout.splitlines()[:2] == [f"compiled (mypyc): all {len(compiled.HOT_PATH)} hot-path modules", ""]
    assert fresh.stderr == ""
    assert _probe(root, HHTOOL_PURE_PYTHON="1").stdout.startswith("pure Python (HHTOOL_PURE_PYTHON is set)")
    _edit(root / "hhtool" / "grammar" / "lalr.py")
    stale = _probe(root)
    assert stale.stdout.splitlines()[:2] == [
        "pure Python (the compiled hot path is out of date: hhtool/grammar/lalr.py changed)",
        "hhtool.grammar.lalr",
    ]
    assert "hhtool/grammar/lalr.py changed" in stale.stderr


# -- compiled and pure print the same ---------------------------------------------------------------


def _inputs(folder: Path) -> list[Path]:
    """Samples, corpus selection, generated hands of every writer, mutated hands of every dialect."""
    import fuzzkit

    inputs = [ROOT / "samples"]
    corpus = os.environ.get("HHTOOL_CORPUS")
    if corpus and Path(corpus).is_dir():
        cuts = folder / "corpus-cuts"
        cuts.mkdir()
        inputs += corpus_selection(Path(corpus).resolve(), cuts)
    generated = folder / "generated"
    generated.mkdir()
    for i, site in enumerate(SITES):
        write_hands(generated / f"{site}.txt", 150, seed=11 + i, game="mix", tournaments=0.3, site=site)
    mutated = folder / "mutated"
    mutated.mkdir()
    for i, dialect in enumerate(fuzzkit.DIALECTS):
        _write_mutated(mutated, dialect, 100 + i)
    return inputs + [generated, mutated]


def _write_mutated(folder: Path, dialect: str, run_seed: int, examples: int = 12) -> None:
    """Mutated files of one dialect's seeds (tests/fuzzkit.py), the same on every run."""
    import fuzzkit
    from hypothesis import Phase, given, seed, settings

    written: list[Path] = []

    @seed(run_seed)
    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        phases=[Phase.generate],
        suppress_health_check=fuzzkit_quiet(),
    )
    @given(case=fuzzkit.cases(dialect=dialect))
    def keep(case: fuzzkit.Case) -> None:
        path = folder / f"{dialect}-{len(written):02}{case.suffix}"
        path.write_bytes(case.data)
        if len(case.data) > MUTATED_BYTES or sum(isinstance(b, Block) for b in read_blocks(path)) > MUTATED_HANDS:
            path.unlink()  # the fuzz's thousands of copied hands and megabyte lines: its own tests take those
            return
        written.append(path)

    keep()


def fuzzkit_quiet() -> list:
    from hypothesis import HealthCheck

    return [
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.large_base_example,
        HealthCheck.filter_too_much,
    ]


def _child(pure: bool, cwd: Path, *args: str) -> subprocess.CompletedProcess:
    """`python ARGS` in a child process, compiled or forced to plain Python."""
    env = {k: v for k, v in os.environ.items() if k != "HHTOOL_PURE_PYTHON"}
    if pure:
        env["HHTOOL_PURE_PYTHON"] = "1"
    return subprocess.run([sys.executable, *args], env=env, capture_output=True, cwd=cwd, check=False)


def _cli(pure: bool, cwd: Path, *args: str) -> subprocess.CompletedProcess:
    """An hhtool command in a child process, compiled or forced to plain Python."""
    return _child(pure, cwd, "-c", RUN_CLI, *args)


@pytest.mark.skipif(not is_compiled, reason="hot path not compiled in this install: nothing to compare")
def test_compiled_and_pure_python_give_the_same_bytes_on_every_dialect(tmp_path):
    inputs = [str(p) for p in _inputs(tmp_path)]
    for pure, expected in ((False, b"compiled (mypyc): all"), (True, b"pure Python (HHTOOL_PURE_PYTHON is set)")):
        probe = _child(pure, tmp_path, "-c", "from hhtool import compiled; print(compiled.describe())")
        assert probe.stdout.startswith(expected), probe.stdout + probe.stderr
    for command in (["validate", "--format", "jsonl", "--jobs", "1", "--exit-zero"], ["parse", "--format", "jsonl"]):
        with_extensions, without = (
            _cli(False, tmp_path, command[0], *inputs, *command[1:]),
            _cli(True, tmp_path, command[0], *inputs, *command[1:]),
        )
        assert with_extensions.returncode == without.returncode, with_extensions.stderr + without.stderr
        assert with_extensions.stdout == without.stdout, command[0]
        lines = with_extensions.stdout.splitlines()
        sites = {json.loads(line).get("site") for line in lines if not line.startswith(b'{"file_finding"')}
        assert len(lines) > 2000 and len(sites) >= 13, (command[0], len(lines), sites)
        if command[0] == "validate":
            assert any(b'"status":"invalid"' in line for line in lines)
            assert any(b'"status":"unparsed"' in line for line in lines)
    codes = []
    for pure in (False, True):
        done = _cli(
            pure,
            tmp_path,
            "export",
            *inputs,
            "--out",
            str(tmp_path / f"dataset-{pure}"),
            "--jobs",
            "1",
            "--no-progress",
        )
        # 2: the mutated inputs hold cut and flipped archives (the fuzz's container cases), read failures (HH004)
        assert done.returncode in (0, 1, 2) and b"Traceback" not in done.stderr, done.stderr[-2000:]
        codes.append(done.returncode)
    assert codes[0] == codes[1]
    assert open_dataset(tmp_path / "dataset-False").arrow("hands").num_rows > 2000
    assert_same_tables(tmp_path / "dataset-False", tmp_path / "dataset-True")
