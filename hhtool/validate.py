"""Validation of many hands: parse, replay, settle, cross-hand checks; one result per hand read.

Shared by the CLI and the library (and later the exporter), so every command accounts for hands
the same way: valid + invalid + unparsed + unsupported = read.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import NamedTuple

import msgspec

from hhtool.codes import finding
from hhtool.findings import Finding, Severity
from hhtool.grammar import ParseResult, Status
from hhtool.model import Hand
from hhtool.pipeline import Tally, parse_paths_with_text
from hhtool.rules.crosshand import (
    COUNTED_ONCE,
    CrossHand,
    Identity,
    TableSnapshot,
    identity,
    table_snapshot,
    text_identity,
)
from hhtool.rules.replay import Replay, replay
from hhtool.rules.ruleset import RuleSet
from hhtool.rules.settle import settle
from hhtool.serialize import to_json_line

# The JSON keys after `findings` of a hand the replay did not compute (the README's jsonl contract).
EMPTY_TAIL: dict = {"total_pot": None, "rake": None, "pots": [], "collected": {}, "currency": None}


class HandResult(NamedTuple):
    """The verdict on one hand read: the one result of every run, sequential or parallel.

    The head (which hand, its statuses and findings) is always there. A sequential run keeps the hand
    and the replay's truth (`hand`, `state`) in the result; a parallel worker cannot ship those (too
    large), so it sends what the parent needs instead: the snapshots for the cross-hand checks
    (`ident`, `table`) and the outputs asked for (`tail`, the encoded JSON keys after `findings`, or
    `rows`, slices of its task's Arrow batch). Consumers (CLI, export, audit) read the head, `as_dict`
    and `json_line`, whichever run made the result.
    """

    parse_status: str  # parsed | unparsed | unsupported
    status: str  # valid | invalid | unparsed | unsupported | duplicate
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


def validate_hand(hand: Hand, rules: RuleSet) -> Replay:
    state = replay(hand, rules)
    settle(state)
    return state


@dataclass(slots=True)
class Summary:
    """Counts of a validation run (the last line of text output)."""

    tally: Tally = field(default_factory=Tally)
    by_status: Counter = field(default_factory=Counter)
    by_code: Counter = field(default_factory=Counter)
    by_severity: Counter = field(default_factory=Counter)

    def add(self, result: HandResult | Finding) -> None:
        """A hand's verdict, or a file-level finding."""
        is_hand = not isinstance(result, Finding)
        findings = result.findings if is_hand else [result]
        if is_hand:
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


def validate_paths(
    paths: Iterable[str | os.PathLike], rules: RuleSet | None = None, summary: Summary | None = None
) -> Iterator[HandResult | Finding]:
    """One HandResult per hand read (and Findings for file problems), in input order, streaming.

    The parallel run with one worker in this process: each hand is checked by `check_hand` (what a
    worker does) and given its final verdict by a `Merger` (what the parent does)."""
    rules = rules or RuleSet()
    summary = summary if summary is not None else Summary()
    merger = Merger(rules, summary, count=False)  # (parse_paths_with_text counts the hands read)
    for item, text in parse_paths_with_text(paths, summary.tally):
        yield merger.merge(item if isinstance(item, Finding) else check_hand(item, text or "", rules))


def check_hand(parsed: ParseResult, text: str, rules: RuleSet) -> HandResult:
    """A hand's own verdict (replayed and settled, no cross-hand check yet) with the snapshots the
    cross-hand checks need (`ident`, `table`): the one per-hand check of every run (a parallel worker
    then drops the hand and its replay, which it cannot ship). Never raises: a bug in hhtool is the
    hand's HH099 (unparsed), and the run goes on."""
    try:
        result = check_parsed(parsed, rules)
        ident = table = None
        if parsed.status is Status.PARSED:
            ident = identity(parsed.hand, text)
            if result.state is not None:
                table = table_snapshot(result.state)
        elif parsed.status is Status.UNSUPPORTED:
            ident = text_identity(parsed.site, parsed.hand_id, text, parsed.file, parsed.line)
    except Exception as exc:  # noqa: BLE001 - a bug in hhtool must not stop the run (HH099)
        return internal_error(parsed.file, parsed.line, parsed.column, parsed.site, parsed.hand_id, hand_failure(exc))
    return _new_tuple(
        HandResult,
        (
            parsed.status.value,
            result.status,
            result.file,
            result.line,
            result.site,
            result.hand_id,
            result.findings,
            result.hand,
            result.state,
            ident,
            table,
            result.replayed,
            None,
            None,
            False,
            result.column,
        ),
    )


def hand_failure(exc: BaseException) -> str:
    """The HH099 message of a hand whose check or rows failed (the same text in the sequential export)."""
    return f"internal error while checking the hand: {type(exc).__name__}: {exc}"


def internal_error(file: str, line: int, column: int, site: str, hand_id: str | None, message: str) -> HandResult:
    """A hand hhtool could not check because of its own failure: unparsed, with an HH099 finding."""
    return HandResult(
        Status.UNPARSED.value,
        "unparsed",
        file,
        line,
        site,
        hand_id,
        [finding("HH099", message, file, line, column, hand_id=hand_id)],
        column=column,
    )


_STATUS = {status.value: status for status in Status}  # (Status(value) is a Python-level call of the enum)
_UNPARSED = Status.UNPARSED.value


def _parts_only(rows: tuple | None) -> tuple | None:
    """What a duplicate keeps of its rows: a worker's parts (a few bytes: the writer counts a task's hands
    by them), never an Arrow batch (a tuple of tables, which it would keep alive)."""
    return rows if rows is not None and not isinstance(rows[0], tuple) else None


class Merger:
    """The one place where a hand's own verdict and the cross-hand state (duplicates, stacks, button)
    become its final verdict, in input order: the parent of a parallel run, and the sequential run."""

    def __init__(self, rules: RuleSet, summary: Summary, count: bool = True) -> None:
        self.cross = CrossHand(rules)
        self.summary = summary
        self.count = count  # count the hands read in the summary's tally (a sequential run's reader does)

    def merge(self, item: HandResult | Finding) -> HandResult | Finding:
        """The final verdict on one item, counted in the summary."""
        summary = self.summary
        if isinstance(item, Finding):
            if self.count:
                summary.tally.add(item)
            summary.add(item)
            return item
        if self.count:
            summary.tally.add_hand(_STATUS[item.parse_status])
        record = item
        cross = self.cross
        if item.parse_status == _UNPARSED:  # its table's chain starts again
            cross.unparsed(item.file)
        if item.ident is not None:
            duplicate = cross.duplicate_of(item.ident)
            if duplicate is not None and duplicate.code in COUNTED_ONCE:  # the same text again: counted once
                record = item._replace(
                    status="duplicate",
                    findings=[duplicate],
                    state=None,
                    table=None,
                    tail=None,
                    rows=_parts_only(item.rows),
                )
            elif not item.replayed:  # a hand the replay crashed on does not chain, and breaks its file's chains
                if item.parse_status == _PARSED:
                    cross.unparsed(item.file)
            else:
                snapshot = item.table
                table = (
                    []
                    if snapshot is None
                    else crosshand_safely(lambda: cross.check_table(snapshot), item.file, item.line, item.hand_id)
                )
                explained = snapshot is not None and cross.dead_button_explained
                crossed = with_crosshand(item.findings, duplicate, table, explained)
                if crossed is not None:
                    findings, status = crossed
                    record = item._replace(findings=findings, status=status, crossed=True)
        summary.add(record)
        return record


def check_parsed(parsed: ParseResult, rules: RuleSet) -> HandResult:
    """Replay and settle one hand, without the cross-hand checks (a parallel worker's share of the work)."""
    if parsed.status is not Status.PARSED:
        return HandResult(
            parsed.status.value,
            parsed.status.value,
            parsed.file,
            parsed.line,
            parsed.site,
            parsed.hand_id,
            list(parsed.findings),
            column=parsed.column,
        )
    findings = list(parsed.findings)
    hand = parsed.hand
    try:
        state = validate_hand(hand, rules)
    except Exception as exc:  # noqa: BLE001 - a bug in hhtool must not stop the run
        findings.append(
            finding(
                "HH099",
                f"internal error while replaying: {type(exc).__name__}: {exc}",
                parsed.file,
                parsed.line,
                hand_id=parsed.hand_id,
            )
        )
        return HandResult(
            parsed.status.value,
            "invalid",
            parsed.file,
            parsed.line,
            parsed.site,
            parsed.hand_id,
            findings,
            hand=hand,
            column=parsed.column,
        )
    findings.extend(state.findings)
    if len(findings) > 1:
        findings.sort(key=Finding.sort_key)
    # every field in order, built as HandResult._make builds it: the NamedTuple's own constructor is an
    # interpreted call with keywords, for every hand
    return _new_tuple(
        HandResult,
        (
            _PARSED,
            status_of(findings),
            parsed.file,
            parsed.line,
            parsed.site,
            parsed.hand_id,
            findings,
            hand,
            state,
            None,
            None,
            True,
            None,
            None,
            False,
            parsed.column,
        ),
    )


_new_tuple = tuple.__new__
_PARSED = Status.PARSED.value


def with_crosshand(
    findings: list[Finding], duplicate: Finding | None, table: list[Finding], dead_button: bool = False
) -> tuple[list[Finding], str] | None:
    """A hand's findings with its cross-hand ones merged in by position (the HH413 duplicate first,
    then the stack and button findings), and the status they give; None when there are none.
    `dead_button`: the cross-hand checks found the button where it may be, so the hand's HH405 (the
    button on an empty seat, all one hand can see) is a dead button, and is left out.

    The hand's own findings are already sorted and the sort is stable, so this is the same as
    sorting all of them at once. Shared by the sequential run and the parallel merge."""
    extra = [duplicate, *table] if duplicate is not None else table
    if dead_button and any(f.code == "HH405" for f in findings):
        findings = [f for f in findings if f.code != "HH405"]
    elif not extra:
        return None
    merged = [*findings, *extra]
    merged.sort(key=Finding.sort_key)
    return merged, status_of(merged)


def crosshand_safely(check: Callable[[], list[Finding]], file: str, line: int, hand_id: str | None) -> list[Finding]:
    """The cross-hand findings of one hand (`check` runs them); a bug in those checks is that hand's HH099
    and the run goes on, as for a bug in its replay. Shared by the sequential run and the parallel merge."""
    try:
        return check()
    except Exception as exc:  # noqa: BLE001 - a bug in hhtool must not stop the run
        return [
            finding(
                "HH099",
                f"internal error in the cross-hand checks: {type(exc).__name__}: {exc}",
                file,
                line,
                hand_id=hand_id,
            )
        ]


def status_of(findings: list[Finding]) -> str:
    for f in findings:
        if f.severity is Severity.ERROR:
            return "invalid"
    return "valid"
