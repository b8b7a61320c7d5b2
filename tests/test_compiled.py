"""The compiled hot path (mypyc) against its Python source: same findings, byte for byte.

setup.py compiles the modules of hhtool.compiled.HOT_PATH when it can. The `.py` files are the
reference, so a process that loads only them (the package's sources copied without any extension)
must print exactly what the compiled process prints, on hands that pass and on hands that break
rules. CI sets HHTOOL_EXPECT_COMPILED=1, so that a build that quietly fell back to pure Python fails.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from hhtool import compiled
from hhtool.generate import write_hands

ROOT = Path(__file__).resolve().parent.parent
RUN_CLI = "import sys; from hhtool.cli import app; sys.argv[0] = 'hhtool'; app()"
is_compiled = any(compiled.compiled().values())


def test_hot_path_is_compiled_where_ci_expects_it():
    if not os.environ.get("HHTOOL_EXPECT_COMPILED"):
        pytest.skip("HHTOOL_EXPECT_COMPILED is not set (CI sets it)")
    assert compiled.compiled() == {name: True for name in compiled.HOT_PATH}


def test_no_compiled_module_is_older_than_its_source():
    assert compiled.stale() == [], "a .py changed after it was compiled: run `pip install -e .` again"


def _pure_copy(tmp_path: Path) -> Path:
    """The package's Python sources and grammar, without extensions: a process importing from here runs pure."""
    root = tmp_path / "pure"
    shutil.copytree(ROOT / "hhtool", root / "hhtool", ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"))
    shutil.copytree(ROOT / "grammar", root / "grammar")
    return root


def _validate(pythonpath: Path | None, cwd: Path, *paths: Path) -> subprocess.CompletedProcess:
    """`hhtool validate` in a child process; run from `cwd`, which `python -c` puts first on its path."""
    env = dict(os.environ)
    if pythonpath is not None:
        env["PYTHONPATH"] = str(pythonpath)
    return subprocess.run([sys.executable, "-c", RUN_CLI, "validate", *map(str, paths), "--format", "jsonl",
                           "--jobs", "1", "--exit-zero"], env=env, capture_output=True, text=True, cwd=cwd)


@pytest.mark.skipif(not is_compiled, reason="hot path not compiled in this install: nothing to compare")
def test_compiled_and_pure_python_report_the_same(tmp_path):
    hands = tmp_path / "generated.txt"
    with hands.open("w", encoding="utf-8") as out:
        write_hands(out, 400, seed=11, game="mix")
    text = hands.read_text(encoding="utf-8")
    # rule breaks too: wrong totals, missing uncalled returns, a cut hand
    broken = tmp_path / "broken.txt"
    text = re.sub(r"Total pot (\D?)(\d)", r"Total pot \g<1>9\2", text, count=20)
    text = re.sub(r"\nUncalled bet [^\n]*", "", text, count=20)
    broken.write_text(text + "\n\n\nPokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2020/01/01 00:00:00 ET\n",
                      encoding="utf-8")
    inputs = [ROOT / "samples", hands, broken]
    corpus = os.environ.get("HHTOOL_CORPUS")
    if corpus and Path(corpus).is_dir():
        inputs.append(Path(corpus).resolve())  # the children run elsewhere
    pure = _pure_copy(tmp_path)
    probe = subprocess.run([sys.executable, "-c", "from hhtool import compiled; print(compiled.describe()); "
                            "import hhtool.grammar.lalr as m; print(m.__file__)"],
                           env={**os.environ, "PYTHONPATH": str(pure)}, capture_output=True, text=True, cwd=tmp_path)
    assert probe.stdout.splitlines() == ["pure Python (no compiled hot-path module)",
                                         str(pure / "hhtool" / "grammar" / "lalr.py")], probe.stdout + probe.stderr
    assert compiled.describe().startswith((f"compiled (mypyc): all {len(compiled.HOT_PATH)}", "partly compiled"))
    with_extensions, without = _validate(None, tmp_path, *inputs), _validate(pure, tmp_path, *inputs)
    assert with_extensions.returncode == without.returncode == 0, with_extensions.stderr + without.stderr
    lines = with_extensions.stdout.splitlines()
    assert len(lines) > 800 and any('"status":"invalid"' in line for line in lines)
    assert with_extensions.stdout == without.stdout
