"""Time and peak memory of `hhtool stats` and `hhtool audit` on generated datasets of 100k and 1M hands.

Usage: python benchmarks/stats_audit.py [--sizes 100000,1000000] [--cache DIR] [--build-only]

Each dataset is built once with the command line (`hhtool generate --game mix` then `hhtool export`)
and cached under DIR (default /tmp/hhtool-bench-cache/stats-audit); the time the build took is
recorded beside it (`built.json`) and printed on every later run. Each measured command runs in a
fresh process (`python -m hhtool.cli ...`, output to /dev/null); its wall time and peak resident set
size (the child's ru_maxrss) are printed per size. The target is < 1 GB peak at 1M hands.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

DEFAULT_CACHE = Path("/tmp/hhtool-bench-cache/stats-audit")
SEED = 1


def _cli() -> list[str]:
    return [sys.executable, "-c", "from hhtool.cli import app; app()"]


def dataset(cache: Path, hands: int) -> tuple[Path, dict]:
    """The cached dataset of `hands` generated hands (built when missing) and how its build went."""
    folder = cache / f"mix-{hands}-seed-{SEED}"
    marker = folder / "built.json"
    if marker.is_file():
        return folder / "dataset", json.loads(marker.read_text())
    if folder.exists():
        shutil.rmtree(folder)  # an interrupted build
    folder.mkdir(parents=True)
    text = folder / "hands.txt"
    started = time.perf_counter()
    subprocess.run(
        [*_cli(), "generate", "--hands", str(hands), "--seed", str(SEED), "--game", "mix", "--out", str(text)],
        check=True,
    )
    generated = time.perf_counter() - started
    subprocess.run([*_cli(), "export", str(text), "--out", str(folder / "dataset"), "--no-progress"], check=True)
    exported = time.perf_counter() - started - generated
    text.unlink()
    info = {
        "hands": hands,
        "generate_seconds": round(generated, 1),
        "export_seconds": round(exported, 1),
        "cpus": os.cpu_count(),
        "load_average": round(os.getloadavg()[0], 1),
    }
    marker.write_text(json.dumps(info))
    return folder / "dataset", info


def measure(args: list[str]) -> tuple[float, int]:
    """Wall seconds and peak RSS (bytes) of one command in a fresh process (its own rusage, by wait4)."""
    with open(os.devnull, "wb") as null, tempfile.TemporaryFile() as errors:
        started = time.perf_counter()
        child = subprocess.Popen([*_cli(), *args], stdout=null, stderr=errors)
        _, status, usage = os.wait4(child.pid, 0)
        elapsed = time.perf_counter() - started
        child.returncode = os.waitstatus_to_exitcode(status)
        if child.returncode not in (0, 1):
            errors.seek(0)
            sys.exit(f"{' '.join(args)} failed ({child.returncode}):\n{errors.read().decode(errors='replace')}")
    return elapsed, usage.ru_maxrss * (1 if sys.platform == "darwin" else 1024)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="100000,1000000", help="hand counts, comma-separated (ascending)")
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE, help=f"dataset cache (default {DEFAULT_CACHE})")
    parser.add_argument("--build-only", action="store_true", help="build the datasets, measure nothing")
    args = parser.parse_args()
    sizes = sorted(int(s) for s in args.sizes.split(","))
    lines = []
    for hands in sizes:
        path, info = dataset(args.cache, hands)
        lines.append(
            f"{hands:>9,} hands: dataset {path} (built by generate {info['generate_seconds']} s + "
            f"export {info['export_seconds']} s)"
        )
        if args.build_only:
            continue
        for name, command in (
            ("stats", ["stats", str(path), "--format", "csv"]),
            ("audit", ["audit", str(path), "--format", "json", "--exit-zero"]),
        ):
            elapsed, peak = measure(command)
            lines.append(
                f"{'':>9}  {name:<5}  {elapsed:7.1f} s  peak RSS {peak / 1e6:7.0f} MB "
                f"({peak / hands:,.0f} bytes a hand)"
            )
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
