"""Fuzzing (issue 12, item 8): mutated real-format hands never crash hhtool, never give HH099, never
lose a hand, and give the same output for any --jobs and chunk size. See tests/fuzzkit.py.

The normal test command runs a bounded fuzz (about 30 s of single files, a fixed sample for the
parallel check, every saved crasher). For longer: `HHTOOL_FUZZ_SECONDS=600 python -m pytest -q -s -n 0
tests/test_fuzz.py` (fresh random seeds each run, printed). A failing input found is written to
tests/fuzz_crashers/ in a long run (HHTOOL_FUZZ_SAVE=1 to save in any run), and from then on replayed
here as a regression test.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import re
import tempfile
from pathlib import Path

import fuzzkit
import pytest
from fuzzkit import FIGURES, Case, InvariantError, cases, check_case, fuzz_budget, timer
from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from hhtool.cli import app

CRASHERS = Path(__file__).resolve().parent / "fuzz_crashers"
# Saved inputs found by the huge-number mutations (beyond int64 or Python's int-string limit, seat 200 or
# 10^12, year 9999, past a narrow column) carry this prefix: they are HH013 (hhtool/model/limits.py).
NUMERIC_LIMITS_PREFIX = "numeric-limits-"
CI_SECONDS = 30.0
BATCH = 50  # examples per Hypothesis run; runs go on with the next seed until the time is up
QUIET = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example,
         HealthCheck.filter_too_much]


def _saving() -> bool:
    """Failing inputs are written to tests/fuzz_crashers/ in long runs (or with HHTOOL_FUZZ_SAVE=1)."""
    return os.environ.get("HHTOOL_FUZZ_SAVE", "1" if "HHTOOL_FUZZ_SECONDS" in os.environ else "0") == "1"


def _save(case: Case, error: BaseException) -> Path:
    CRASHERS.mkdir(exist_ok=True)
    numeric = "numeric-limits" in case.mutations
    digest = hashlib.sha256(case.data).hexdigest()[:16]
    path = CRASHERS / f"{NUMERIC_LIMITS_PREFIX if numeric else ''}{digest}.txt"
    path.write_bytes(case.data)
    path.with_suffix(".why").write_text(f"{type(error).__name__}: {error}\nmutations: {case.mutations}\n")
    return path


def _fuzz_batch(run_seed: int, examples: int, folder: Path, only_numeric_limits: bool = False,
                save: bool = False, shrink: bool = True, dialect: str | None = None) -> None:
    """One Hypothesis run; its shrunk failing input (the last one that failed) is saved when `save`."""
    failed: list[tuple[Case, BaseException]] = []

    @seed(run_seed)
    @settings(max_examples=examples, deadline=None, database=None, suppress_health_check=QUIET,
              phases=[Phase.generate, Phase.shrink] if shrink else [Phase.generate])
    @given(case=cases(only_numeric_limits=only_numeric_limits, dialect=dialect))
    def one(case: Case) -> None:
        try:
            check_case(case, folder)
        except Exception as exc:
            failed.append((case, exc))
            raise AssertionError(f"{exc} (mutations {case.mutations})") from exc

    try:
        one()
    except Exception:
        if save and failed:
            print(f"fuzz: failing input saved as {_save(*failed[-1])}")
        raise


def test_fuzz_single_files():
    """Mutated PokerStars files through the sequential validator until the time is up (CI: about 30 s); the
    other dialects get a fixed batch each (test_fuzz_every_dialect)."""
    budget = fuzz_budget(CI_SECONDS)
    long_run = "HHTOOL_FUZZ_SECONDS" in os.environ
    first = random.SystemRandom().randrange(1 << 30) if long_run else 0
    elapsed = timer()
    runs = 0
    with tempfile.TemporaryDirectory() as tmp:
        while elapsed() < budget:
            print(f"fuzz run seed {first + runs}") if long_run else None
            _fuzz_batch(first + runs, BATCH, folder=Path(tmp), save=_saving(), dialect="pokerstars")
            runs += 1
    FIGURES.seconds += elapsed()
    print("\n" + FIGURES.text())
    assert FIGURES.inputs >= BATCH
    assert FIGURES.crashes == FIGURES.hh099 == FIGURES.lost == 0


# The same examples of every dialect in every run (CI must not pass or fail by chance). Crashes these
# found in readers outside the fuzzer's reach to fix are marked, strict: the test fails once one is
# fixed, and the mark goes. `--runxfail` shows them.
EVERY_DIALECT_EXAMPLES = 100
OPEN_CRASHES: dict[str, str] = {}


@pytest.mark.parametrize("dialect", [
    pytest.param(d, marks=[pytest.mark.xfail(strict=True, reason=OPEN_CRASHES[d])] if d in OPEN_CRASHES else [])
    for d in fuzzkit.DIALECTS])
def test_fuzz_every_dialect(dialect, tmp_path):
    """A fixed batch of mutated files of each dialect's seeds (its samples: text, XML, PHH, ACPC logs)."""
    _fuzz_batch(2000 + fuzzkit.DIALECTS.index(dialect), EVERY_DIALECT_EXAMPLES, folder=tmp_path, dialect=dialect,
                save=_saving(), shrink=False)


def test_fuzz_numeric_limits():
    """The huge-number mutations (5,000 digits, 1e999999, seat 200 or 10^12, year 9999, 2^31) on their own,
    through the same invariants (the dataset rows included)."""
    with tempfile.TemporaryDirectory() as tmp:
        _fuzz_batch(7, 150, folder=Path(tmp), only_numeric_limits=True, save=_saving(), shrink=_saving())


# -- the same output for any --jobs and chunk size ------------------------------------------------

runner = CliRunner()


def _jsonl(paths: list[str], jobs: str, chunk: str | None) -> tuple[int, bytes]:
    env = {"HHTOOL_CHUNK_BYTES": chunk} if chunk else None
    result = runner.invoke(app, ["validate", *paths, "--format", "jsonl", "--jobs", jobs], env=env)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout_bytes


# the same examples in every normal run (CI must not pass or fail by chance); fresh ones in a long run.
# Every dialect's cases: 1-byte pieces cut a file at every header line the planner can be sure of (after
# any line end, past a byte-order mark, never inside a header of several lines).
@settings(max_examples=4, deadline=None, database=None, suppress_health_check=QUIET, phases=[Phase.generate],
          derandomize="HHTOOL_FUZZ_SECONDS" not in os.environ)
@given(batch=st.lists(cases(), min_size=10, max_size=10),
       chunk=st.integers(200, 20_000))
def test_fuzz_same_output_for_any_jobs_and_chunk_size(batch, chunk):
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for i, case in enumerate(batch):
            (folder / f"case-{i:02}{case.suffix}").write_bytes(case.data)
        # one big UTF-8 file of every text case, so that files are cut into pieces at small chunk sizes
        (folder / "all.txt").write_bytes(b"".join(c.data for c in batch if c.suffix == ".txt"
                                                  and not c.data.startswith(b"\xff\xfe")))
        paths = [str(folder)]
        one = _jsonl(paths, "1", None)
        FIGURES.parallel_inputs += len(batch) + 1
        for jobs, size in (("2", "1"), ("2", str(chunk)), ("1", str(chunk))):
            FIGURES.parallel_runs += 1
            other = _jsonl(paths, jobs, size)
            assert other[0] == one[0], (jobs, size)
            assert other[1] == one[1], (jobs, size, _first_difference(one[1], other[1]))
        hands = [json.loads(line) for line in one[1].splitlines() if not line.startswith(b'{"file_finding"')]
        assert not [f for h in hands for f in h["findings"] if f["code"] == "HH099"]


def _first_difference(a: bytes, b: bytes) -> str:
    for x, y in zip(a.splitlines(), b.splitlines()):
        if x != y:
            return f"{x[:300]!r} != {y[:300]!r}"
    return f"lengths {len(a)} != {len(b)}"


# -- every crasher found stays a regression test --------------------------------------------------

SAVED = sorted(p for p in CRASHERS.glob("*.txt")) if CRASHERS.is_dir() else []


@pytest.mark.parametrize("path", [pytest.param(p, id=p.stem) for p in SAVED])
def test_saved_crasher(path, tmp_path):
    """A saved input: no exception, no HH099, every hand accounted for (which hands were left whole is
    not recorded)."""
    check_case(Case(path.read_bytes(), ["saved"], set(), 0), tmp_path)


# Crashers found by the fuzzer while it was written, as the mutation that found them, on a clean hand.
WRITTEN = {
    "a card twice in a shown hand (HH099 from the ranking)": (r"shows \[(\w\w) \w\w\]", r"shows [\1 \1]"),
    "an amount no client prints ($1e1)": (r"posts small blind \$?[\d.]+", "posts small blind $1e1"),
    "half a megabyte of blank lines after the hand (HH005, hand lost)": (r"\Z", "\n" * 600_000),
    "a terminal escape in a name": (r"Seat 1: (\S+)", "Seat 1: \x1b[2J\\1"),
}


@pytest.mark.parametrize("what", list(WRITTEN))
def test_written_crasher(what, tmp_path):
    pattern, replacement = WRITTEN[what]
    base = next(h for h in fuzzkit.BASE_HANDS if re.search(pattern, h))
    text = re.sub(pattern, replacement, base, count=1)
    assert text != base
    items = check_case(Case(text.encode(), ["written"], set(), 1), tmp_path)
    assert len([i for i in items if hasattr(i, "status")]) == 1


def test_every_dialect_of_the_samples_seeds_the_fuzzer():
    """Mutations start from the hands of every dialect the samples hold (text, XML, PHH, ACPC logs), each of
    which validates alone with no finding."""
    sampled = {b.dialect for p in fuzzkit.SAMPLES.iterdir() if p.name != "README.md"
               for b in fuzzkit.read_blocks(p) if isinstance(b, fuzzkit.Block)}
    assert len(sampled) >= 12 and set(fuzzkit.DIALECTS) == sampled
    assert {seed.suffix for seed in fuzzkit.SEEDS} >= {".txt", ".xml", ".phh", ".phhs", ".log"}


def test_the_invariant_catches_a_lost_hand(tmp_path):
    """The checker itself: a hand it was told is untouched but that is not read whole fails it."""
    base = fuzzkit.BASE_HANDS[0]
    hand_id = fuzzkit.HEADER.search(base).group(1)
    broken = base.replace("*** SUMMARY ***", "*** SUMMRY ***")
    with pytest.raises(InvariantError, match="not read whole"):
        check_case(Case(broken.encode(), [], {hand_id}, 1), tmp_path)
    check_case(Case(base.encode(), [], {hand_id}, 1), tmp_path)
