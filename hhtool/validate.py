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
from hhtool.dialects.sites import hand_site
from hhtool.findings import Finding, Severity
from hhtool.grammar import ParseResult, Status
from hhtool.model import Hand
from hhtool.pipeline import Tally, parse_paths_with_text
from hhtool.rules.crosshand import COUNTED_ONCE, CrossHand, Identity, TableSnapshot, text_identity
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
    state = replay(hand, rules, site=hand_site(hand))
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
    """One HandResult per hand read (and Findings for file problems), in input order, streaming."""
    rules = rules or RuleSet()
    summary = summary if summary is not None else Summary()
    cross = CrossHand(rules)
    for item, text in parse_paths_with_text(paths, summary.tally):
        result = item if isinstance(item, Finding) else _validate_parsed(item, text, rules, cross)
        summary.add(result)
        yield result


def _validate_parsed(parsed: ParseResult, text: str, rules: RuleSet, cross: CrossHand) -> HandResult:
    if parsed.status is Status.UNSUPPORTED:  # every site's hand read twice is a duplicate, parsed or not
        again = cross.duplicate_of(text_identity(parsed.site, parsed.hand_id, text, parsed.file, parsed.line))
        if again is not None:
            return duplicate_result(parsed, again)
    if parsed.status is not Status.PARSED:
        if parsed.status is Status.UNPARSED:
            cross.unparsed(parsed.file)
        return check_parsed(parsed, rules)
    duplicate = cross.duplicate(parsed.hand, text)
    if duplicate is not None and duplicate.code in COUNTED_ONCE:
        return duplicate_result(parsed, duplicate)
    result = check_parsed(parsed, rules)
    if result.state is None:  # a hand the replay crashed on does not chain, and breaks its file's chains
        cross.unparsed(result.file)
    else:
        state = result.state
        table = crosshand_safely(lambda: cross.check(state), result.file, result.line, result.hand_id)
        crossed = with_crosshand(result.findings, duplicate, table, cross.dead_button_explained)
        if crossed is not None:
            findings, status = crossed
            result = result._replace(findings=findings, status=status, crossed=True)
    return result


def duplicate_result(parsed: ParseResult, duplicate: Finding) -> HandResult:
    """The same text read again (HH414; HH418 with only its start time changed): counted once, neither
    replayed nor stored."""
    return HandResult(
        parsed.status.value,
        "duplicate",
        parsed.file,
        parsed.line,
        parsed.site,
        parsed.hand_id,
        [duplicate],
        hand=parsed.hand,
        column=parsed.column,
    )


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
