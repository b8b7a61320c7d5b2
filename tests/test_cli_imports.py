"""`hhtool parse` starts light: it imports neither numpy (whose BLAS threads spin up at import and took
4% of a parse run's CPU) nor pyarrow nor pandas; `hhtool validate` still gets the cross-hand rules."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SAMPLE = Path(__file__).resolve().parent.parent / "samples" / "home-game.txt"

RUN = (
    "import sys\n"
    "from hhtool.cli import app\n"
    "sys.argv = ['hhtool'] + sys.argv[1:]\n"
    "try:\n    app()\nexcept SystemExit:\n    pass\n"
    "print(sorted(m for m in ('numpy', 'pyarrow', 'pandas', 'hhtool.validate') if m in sys.modules),"
    " file=sys.stderr)\n"
)


def _loaded(*args: str) -> str:
    done = subprocess.run([sys.executable, "-c", RUN, *args], check=False, capture_output=True, text=True, timeout=120)
    return done.stderr.strip().splitlines()[-1]


def test_parse_imports_no_numpy_pyarrow_or_pandas():
    assert _loaded("parse", "--format", "text", "--isolated", str(SAMPLE)) == "[]"


def test_validate_still_loads_the_cross_hand_rules():
    assert "hhtool.validate" in _loaded("validate", "--jobs", "1", "--isolated", str(SAMPLE))


def _blas_threads(env: dict) -> str:
    code = "import os, hhtool, numpy; print(os.environ.get('OPENBLAS_NUM_THREADS'))"
    return subprocess.run(
        [sys.executable, "-c", code], check=False, capture_output=True, text=True, timeout=120, env=env
    ).stdout.strip()


def test_numpy_gets_one_blas_thread_unless_the_user_chose():
    """OpenBLAS's idle threads spun ~3% of an export's CPU in every process; hhtool does no linear algebra."""
    import os

    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    assert _blas_threads(env) == "1"
    assert _blas_threads({**env, "OPENBLAS_NUM_THREADS": "3"}) == "3"
