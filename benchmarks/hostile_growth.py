"""Performance-regression guard for pathological inputs (issue 26): the hostile shapes whose cost grew
faster than their size, each built at 1x, 10x and 100x its hostile part, timed and measured, with the
growth ratios and a flag on super-linear growth.

    python benchmarks/hostile_growth.py [--timeout 60] [--scales 1,10,100] [--only NAME,...]

The shapes (each one hand of the samples/ with its hostile part grown; the 100x inputs stay under the
512 KiB a hand may hold, so every size takes the same path through the reader, but for the NULs):
- `phh-comments`: a PHH hand followed by many comment lines;
- `acpc-comments`: an ACPC log with many comment lines before its STATE lines;
- `party-spaces`: a PartyPoker hand with a long line of spaces;
- `phh-dotted-keys`: a PHH hand followed by many dotted keys (`k.a1.b1 = 1`);
- `crlf-blank-lines`: PokerStars hands in CRLF text with many blank lines between them, through the
  parallel planner (`--jobs 2`, 4 KiB pieces);
- `nul-padding`: PokerStars hands followed by NUL bytes and no line end (a crashed client's log),
  through the parallel planner too (1x: 160 KB of NULs, so that 100x shows the planner's growth);
- `nul-runs-inside`: the same hands with a NUL run after each one's last line and before the next one's
  header (a client that crashed and restarted, again and again: each run a line end), through the
  planner too (1x: 160 KB of NULs in all).

Every run is `hhtool validate FILE --format jsonl` in a child process of its own (a cold parser, its
memory its own), timed around the command alone; memory is the child's peak resident set (workers
included) above what it held before the command. A run past `--timeout` seconds is stopped and shown
as `>TIMEOUT` (super-linear by definition). Each shape is also run at 0x (its hand alone: the fixed
cost, subtracted). Growth from one scale to the next is the ratio of the hostile part's time (the run's
time less the 0x run's) over the ratio of the sizes: about 1 is linear; a shape whose last step is past 3 is
flagged SUPER-LINEAR, and the exit code is 1 when any is.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
SAMPLES = PROJECT / "samples"
SLACK = 3.0  # time may grow up to 3 times faster than the size before it is flagged


def _phh(extra_actions: list[str] = (), tail: str = "") -> str:
    text = (SAMPLES / "phh-three-handed.phh").read_text()
    text = text.replace("actions = [\n", "actions = [\n" + "".join(f"  {a}\n" for a in extra_actions), 1)
    return text + tail


def phh_comments(n: int) -> tuple[str, bytes]:
    return ".phh", _phh(tail="# a comment line after the hand\n" * (120 * n)).encode()


def phh_dotted_keys(n: int) -> tuple[str, bytes]:
    keys = "".join(f"k.a{i}.b{i} = {i}\n" for i in range(200 * n))
    return ".phh", _phh(tail="\n" + keys).encode()


def acpc_comments(n: int) -> tuple[str, bytes]:
    lines = (SAMPLES / "acpc-hunl-match.log").read_text().split("\n")
    lines[3:3] = ["# a comment line of the dealer log"] * (120 * n)
    return ".log", "\n".join(lines).encode()


def party_spaces(n: int) -> tuple[str, bytes]:
    text = (SAMPLES / "party-cash-2013.txt").read_text()
    first, rest = text.split("\n", 1)
    return ".txt", (first + "\n" + " " * (4000 * n) + "\n" + rest).encode()


def _stars() -> str:
    return (SAMPLES / "multi-hand-session.txt").read_text()


def crlf_blank_lines(n: int) -> tuple[str, bytes]:
    hands = re.split(r"\n{2,}(?=PokerStars )", _stars().strip("\n"))
    blank = "\r\n" * (2000 * n)
    return ".txt", blank.join(h.replace("\n", "\r\n") for h in hands).encode() + b"\r\n"


def nul_padding(n: int) -> tuple[str, bytes]:
    return ".txt", (_stars() * 20).rstrip("\n").encode() + b"\x00" * (160_000 * n)


def nul_runs_inside(n: int) -> tuple[str, bytes]:
    hands = re.split(r"\n{2,}(?=PokerStars )", (_stars() * 20).strip("\n"))
    run = "\x00" * (160_000 * n // (2 * len(hands)))
    return ".txt", "".join(f"{hand}{run}\n\n\n{run}" for hand in hands).encode()


# name: (builder, --jobs, HHTOOL_CHUNK_BYTES)
SHAPES = {
    "phh-comments": (phh_comments, "1", None),
    "acpc-comments": (acpc_comments, "1", None),
    "party-spaces": (party_spaces, "1", None),
    "phh-dotted-keys": (phh_dotted_keys, "1", None),
    "crlf-blank-lines": (crlf_blank_lines, "2", "4096"),
    "nul-padding": (nul_padding, "2", "4096"),
    "nul-runs-inside": (nul_runs_inside, "2", "4096"),
}

CHILD = r"""
import io, json, os, resource, sys, time
from contextlib import redirect_stdout
from hhtool.cli import app

def rss():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")

before = rss()
raw = io.BytesIO()
out = io.TextIOWrapper(raw, encoding="utf-8", write_through=True)
start = time.perf_counter()
with redirect_stdout(out):
    try:
        app(sys.argv[1:], standalone_mode=False)
    except SystemExit:
        pass
seconds = time.perf_counter() - start
peak = max(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
           resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss) * 1024
out.flush()
lines = [line for line in raw.getvalue().decode("utf-8", "replace").splitlines() if line.startswith("{")]
hands = sum(1 for line in lines if not line.startswith('{"file_finding"'))
codes = sorted({f["code"] for line in lines for f in json.loads(line).get("findings", [])})
print("RESULT " + json.dumps({"seconds": seconds, "peak": max(0, peak - before), "hands": hands, "codes": codes}))
"""


def run_one(path: Path, jobs: str, chunk: str | None, timeout: float) -> dict | None:
    """One child run of `validate PATH --format jsonl --jobs JOBS`; None when it ran past `timeout`."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(PROJECT), os.environ.get("PYTHONPATH")])))
    if chunk:
        env["HHTOOL_CHUNK_BYTES"] = chunk
    args = [sys.executable, "-c", CHILD, "validate", str(path), "--format", "jsonl", "--jobs", jobs]
    try:
        done = subprocess.run(args, check=False, env=env, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None
    for line in done.stdout.splitlines():
        if line.startswith("RESULT "):
            return json.loads(line[len("RESULT ") :])
    sys.exit(f"the child run of {path.name} failed:\n{done.stderr[-2000:]}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds a single run may take (default 60)")
    parser.add_argument("--scales", default="1,10,100", help="the sizes, as multiples of the 1x shape")
    parser.add_argument("--only", default="", help="comma-separated shape names (default: all)")
    opts = parser.parse_args()
    scales = [int(s) for s in opts.scales.split(",")]
    names = [n for n in opts.only.split(",") if n] or list(SHAPES)
    flagged = []
    print(
        f"{'shape':18} {'scale':>5} {'bytes':>9} {'hands':>5} {'seconds':>9} {'s/MB':>9} {'hands/s':>9} "
        f"{'peak MB':>8} {'growth':>7}  codes"
    )
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            build, jobs, chunk = SHAPES[name]
            base: float | None = None  # the time of the shape's hand alone (scale 0): the fixed cost
            previous: tuple[int, float] | None = None
            last_growth = 0.0
            for scale in [0, *scales]:
                suffix, data = build(scale)
                path = Path(tmp) / f"{name}-{scale}{suffix}"
                path.write_bytes(data)
                result = run_one(path, jobs, chunk, opts.timeout)
                mb = len(data) / 1e6
                if result is None:
                    print(
                        f"{name:18} {scale:>4}x {len(data):>9,} {'':>5} {'>' + str(int(opts.timeout)):>9}"
                        f" {'':>9} {'':>9} {'':>8} {'inf':>7}  timeout"
                    )
                    last_growth = float("inf")
                    break
                seconds = result["seconds"]
                growth = ""
                if base is None:
                    base = seconds
                else:
                    extra = max(seconds - base, 1e-3)  # what the hostile part cost
                    if previous is not None:
                        last_growth = (extra / previous[1]) / (scale / previous[0])
                        growth = f"{last_growth:.2f}"
                    previous = (scale, extra)
                print(
                    f"{name:18} {scale:>4}x {len(data):>9,} {result['hands']:>5} {seconds:>9.3f} "
                    f"{seconds / mb:>9.2f} {result['hands'] / seconds:>9.1f} {result['peak'] / 1e6:>8.1f} "
                    f"{growth:>7}  {' '.join(result['codes'])}",
                    flush=True,
                )
            if last_growth > SLACK:
                flagged.append(name)
                print(
                    f"{name:18} SUPER-LINEAR: the last step's time grew {last_growth:.1f} times faster than its size",
                    flush=True,
                )
    print(
        f"\ngrowth: time ratio / size ratio from one scale to the next (1 = linear); flagged past {SLACK:.0f}: "
        f"{', '.join(flagged) or 'none'}"
    )
    return 1 if flagged else 0


if __name__ == "__main__":
    sys.exit(main())
