"""What a run says of each hand read (`Verdict`) and of the whole run (`Summary`): the results every
command's output reads, whichever run (sequential, local pool, dask, watch) made them.

Plain Python, below the compiled per-hand check (`hhtool.check`) and merge (`hhtool.engine.merge`), which
build and count them; `hhtool.validate` re-exports every name.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from enum import StrEnum
from typing import NamedTuple

import msgspec

from hhtool.codes import finding
from hhtool.findings import Finding
from hhtool.grammar import Status
from hhtool.model import Hand
from hhtool.pipeline import Tally
from hhtool.rules.crosshand import Identity, TableSnapshot
from hhtool.rules.replay import Replay
from hhtool.serialize import to_json_line

# The JSON keys after `findings` of a hand the replay did not compute (the README's jsonl contract).
EMPTY_TAIL: dict = {"total_pot": None, "rake": None, "pots": [], "collected": {}, "currency": None}


class HandStatus(StrEnum):
    """A hand's verdict status (a str: it compares, hashes and encodes as its value)."""

    VALID = "valid"
    INVALID = "invalid"  # an error-level finding
    UNPARSED = "unparsed"
    UNSUPPORTED = "unsupported"  # another game or format the dialect reads but does not replay
    DUPLICATE = "duplicate"  # the same text read again: counted once, neither replayed nor stored


class Verdict(NamedTuple):
    """The verdict on one hand read: the one result of every run, sequential or parallel.

    The head (which hand, its statuses and findings) is always there. A sequential run keeps the hand
    and the replay's truth (`hand`, `state`) in the result; a parallel worker cannot ship those (too
    large), so it sends what the parent needs instead: the snapshots for the cross-hand checks
    (`ident`, `table`) and the outputs asked for (`tail`, the encoded JSON keys after `findings`, or
    `rows`, slices of its task's Arrow batch). Consumers (CLI, export, audit) read the head, `as_dict`
    and `json_line`, whichever run made the result.
    """

    parse_status: str  # a grammar Status's value: parsed | unparsed | unsupported
    status: HandStatus
    file: str
    line: int
    site: str
    hand_id: str | None
    findings: list[Finding]  # sorted by position
    hand: Hand | None = None  # the parsed hand (sequential runs)
    state: Replay | None = None  # the replay's truth (sequential runs; None when not replayed)
    ident: Identity | None = None  # parsed and unsupported hands of a parallel run: for the duplicate check
    table: TableSnapshot | None = None  # replayed hands not at a fast-fold pool (parallel run): stack, button checks
    replayed: bool = False  # replayed to the end (False when the replay crashed, HH099: no cross-hand check)
    tail: bytes | None = None  # parallel, JSON asked for: the keys after `findings`, encoded by the worker
    rows: tuple | None = None  # parallel, rows asked for: (task's column batch, first row per table, rows per table)
    crossed: bool = False  # cross-hand findings changed the findings and status
    column: int = 1  # its header's column when the hand before it starts on its line (else 1): export's key

    def as_dict(self) -> dict:
        out = head_dict(self)
        out.update(self.tail_dict())
        return out

    def json_line(self) -> bytes:
        """The hand's jsonl line: the head encoded here, the tail as the worker encoded it if it did."""
        if self.tail is None:
            return to_json_line(self.as_dict())
        head = to_json_line(head_dict(self))
        return head[:-2] + b"," + self.tail[1:] + b"\n"

    def tail_dict(self) -> dict:
        """The keys after `findings`: what the replay computed (cross-hand checks never change them).
        Every hand has every key: a hand not replayed (unparsed, unsupported, duplicate, or one the
        replay crashed on) has EMPTY_TAIL, and a cancelled hand no pot."""
        if self.state is None and self.tail is not None:
            return msgspec.json.decode(self.tail)
        return replay_tail(self.state)


HandResult = Verdict  # its former name, which the outputs, export and show use


def replay_tail(state: Replay | None) -> dict:
    """The JSON keys after `findings` of a hand the replay computed `state` for (None: not replayed)."""
    out = {**EMPTY_TAIL, "pots": [], "collected": {}}  # fresh containers: callers may fill them
    if state is not None:
        out["currency"] = state.hand.header.currency
    if state is not None and not state.cancelled:
        claims = state.hand.claims
        collected: dict[str, int] = {}
        for event in state.collects:
            collected[event.player] = collected.get(event.player, 0) + event.amount
        out["total_pot"] = state.pot_total
        out["rake"] = claims.rake if claims.rake is not None else state.pot_total - sum(collected.values())
        winners = _pot_winners(state)
        out["pots"] = [
            {"amount": pot.amount, "eligible": list(pot.eligible), "winners": winners.get(i, [])}
            for i, pot in enumerate(state.pots)
        ]
        out["collected"] = collected
    return out


def head_dict(result) -> dict:
    """The first keys of a hand's JSON object: which hand, its status and findings."""
    return {
        "hand_id": result.hand_id,
        "site": result.site,
        "file": result.file,
        "line": result.line,
        "status": result.status,
        "findings": [f.as_dict() for f in result.findings],
    }


def _pot_winners(state: Replay) -> dict[int, list[str]]:
    winners: dict[int, set[str]] = {}
    single = len(state.pots) == 1
    for event in state.collects:
        index = 0 if event.pot_index is None or single else event.pot_index
        winners.setdefault(index, set()).add(event.player)
    return {i: sorted(names) for i, names in winners.items()}


@dataclass(slots=True)
class Summary:
    """Counts of a validation run (the last line of text output)."""

    tally: Tally = field(default_factory=Tally)
    by_status: Counter = field(default_factory=Counter)
    by_code: Counter = field(default_factory=Counter)
    by_severity: Counter = field(default_factory=Counter)

    def add(self, result: HandResult | Finding) -> None:
        """A hand's verdict, or a file-level finding."""
        if isinstance(result, Finding):
            findings = [result]
        else:
            findings = result.findings
            self.by_status[result.status] += 1
        for f in findings:
            self.by_code[f.code] += 1
            self.by_severity[f.severity] += 1

    def replace(self, old: HandResult, new: HandResult) -> None:
        """Count a hand already counted as `old` as `new` instead (the export could not store its rows)."""
        self.by_status[old.status] -= 1
        for f in old.findings:
            self.by_code[f.code] -= 1
            self.by_severity[f.severity] -= 1
        tally = self.tally.by_status
        tally[Status(old.parse_status)] -= 1
        tally[Status(new.parse_status)] += 1
        for counter in (self.by_status, self.by_code, self.by_severity, tally):
            for key in [k for k, n in counter.items() if n <= 0]:
                del counter[key]
        self.add(new)


def hand_failure(exc: BaseException) -> str:
    """The HH099 message of a hand whose check or rows failed (the same text in the sequential export)."""
    return f"internal error while checking the hand: {type(exc).__name__}: {exc}"


def internal_error(file: str, line: int, column: int, site: str, hand_id: str | None, message: str) -> HandResult:
    """A hand hhtool could not check because of its own failure: unparsed, with an HH099 finding."""
    return HandResult(
        Status.UNPARSED.value,
        HandStatus.UNPARSED,
        file,
        line,
        site,
        hand_id,
        [finding("HH099", message, file, line, column, hand_id=hand_id)],
        column=column,
    )
