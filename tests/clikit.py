"""Hands and a CLI runner shared by the tests of issue #17's configuration and outputs.

The hands are PokerStars text written for these tests: a clean six-player $0.01/$0.02 hand, the same
hand with a short call (errors HH113, HH122, HH205, HH203 and the warning HH202), and an Omaha hand
(HH020, info), each at a table of its own (no cross-hand finding).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from typer.testing import CliRunner

from hhtool.cli import app

CLEAN = """\
PokerStars Hand #{hand_id}:  {game} ($0.01/$0.02 USD) - 2020/03/14 18:22:05 ET
Table '{table}' 6-max Seat #2 is the button
Seat 1: tallgrass88 ($2.14 in chips)
Seat 2: Orrin_Vale ($1.87 in chips)
Seat 3: pelmeni_king ($2 in chips)
Seat 4: JunoMarsh ($3.05 in chips)
Seat 5: cobaltfox ($1.62 in chips)
Seat 6: Wexley77 ($2 in chips)
pelmeni_king: posts small blind $0.01
JunoMarsh: posts big blind $0.02
*** HOLE CARDS ***
Dealt to cobaltfox [Ah Qd]
cobaltfox: raises $0.04 to $0.06
Wexley77: folds
tallgrass88: folds
Orrin_Vale: calls {call}
pelmeni_king: folds
JunoMarsh: folds
*** FLOP *** [Qs 7c 2h]
cobaltfox: bets $0.10
Orrin_Vale: folds
Uncalled bet ($0.10) returned to cobaltfox
cobaltfox collected $0.14 from pot
cobaltfox: doesn't show hand
*** SUMMARY ***
Total pot $0.15 | Rake $0.01
Board [Qs 7c 2h]
Seat 1: tallgrass88 folded before Flop (didn't bet)
Seat 2: Orrin_Vale (button) folded on the Flop
Seat 3: pelmeni_king (small blind) folded before Flop
Seat 4: JunoMarsh (big blind) folded before Flop
Seat 5: cobaltfox collected ($0.14)
Seat 6: Wexley77 folded before Flop (didn't bet)


"""


def clean(hand_id: int = 210471183301) -> str:
    return CLEAN.format(hand_id=hand_id, game="Hold'em No Limit", call="$0.06", table="Andromache IV")


def short_call(hand_id: int = 210471183302) -> str:
    return CLEAN.format(hand_id=hand_id, game="Hold'em No Limit", call="$0.05", table="Euanthe II")


def omaha(hand_id: int = 210471183303) -> str:
    return CLEAN.format(hand_id=hand_id, game="Courchevel Hi/Lo Pot Limit", call="$0.06", table="Kallisto")


SHORT_CALL_CODES = ["HH113", "HH122", "HH202", "HH205", "HH203"]


def run(*args: str, cwd: Path | None = None, env: dict | None = None):
    """The CLI in this process, from `cwd` (config discovery starts at the working directory)."""
    old = Path.cwd()
    if cwd is not None:
        os.chdir(cwd)
    try:
        return CliRunner().invoke(app, list(args), env=env)
    finally:
        os.chdir(old)


def codes_of(stdout: str) -> list[str]:
    """The codes of `validate --format jsonl`, in output order."""
    out = []
    for line in stdout.splitlines():
        data = json.loads(line)
        findings = [data["file_finding"]] if "file_finding" in data else data["findings"]
        out += [f["code"] for f in findings]
    return out
