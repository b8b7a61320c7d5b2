"""Validation of many hands: parse, replay, settle, cross-hand checks; one result per hand read.

Shared by the CLI and the library (and later the exporter), so every command accounts for hands
the same way: valid + invalid + unparsed + unsupported = read.
"""

from __future__ import annotations

import os
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final, NamedTuple

import msgspec

from hhtool.codes import finding
from hhtool.dialects.sites import hand_site
from hhtool.findings import Finding, Severity
from hhtool.grammar import ParseResult, Status
from hhtool.io import Block
from hhtool.model import Hand
from hhtool.pipeline import Tally, _parse_safely, read_paths, stray_text
from hhtool.rules.crosshand import (
    COUNTED_ONCE,
    WINDOW,
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


class HandStatus(StrEnum):
    """A hand's verdict status (a str: it compares, hashes and encodes as its value)."""

    VALID = "valid"
    INVALID = "invalid"  # an error-level finding
    UNPARSED = "unparsed"
    UNSUPPORTED = "unsupported"  # another game or format the dialect reads but does not replay
    DUPLICATE = "duplicate"  # the same text read again: counted once, neither replayed nor stored


_VALID: Final = HandStatus.VALID
_INVALID: Final = HandStatus.INVALID


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


def validate_paths(
    paths: Iterable[str | os.PathLike], rules: RuleSet | None = None, summary: Summary | None = None
) -> Iterator[HandResult | Finding]:
    """One HandResult per hand read (and Findings for file problems), in input order, streaming.

    The parallel run with one worker in this process: each hand is checked by `check_hand` (what a
    worker does) and given its final verdict by a `Merger` (what the parent does)."""
    rules = rules or RuleSet()
    summary = summary if summary is not None else Summary()
    merger = Merger(rules, summary)
    for block in read_paths(paths, summary.tally):
        if isinstance(block, Finding):
            yield from merger.merge(block)
        elif block.dialect is None:
            yield from merger.merge(stray_text(block))
        else:
            yield from merger.merge(check_block(block, rules))
    yield from merger.flush()


def check_block(block: Block, rules: RuleSet) -> Verdict:
    """A hand block's own verdict: parsed, replayed and settled, with the cross-hand snapshots
    (`check_hand`); the per-hand work of every run (sequential, local pool, dask, watch)."""
    return check_hand(_parse_safely(block), block.text, rules)


def check_hand(parsed: ParseResult, text: str, rules: RuleSet) -> HandResult:
    """A hand's own verdict (replayed and settled, no cross-hand check yet) with the snapshots the
    cross-hand checks need (`ident`, `table`): the one per-hand check of every run (a parallel worker
    then drops the hand and its replay, which it cannot ship). Never raises: a bug in hhtool is the
    hand's HH099 (unparsed), and the run goes on."""
    try:
        result = check_parsed(parsed, rules)
        ident = table = None
        if parsed.status is Status.PARSED and parsed.hand is not None:
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
        HandStatus.UNPARSED,
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


# A hand held back by the merge (PS-4) is let go at the latest when this many items were read after
# it: the delay, and the memory of the records waiting behind it, stay bounded when its table goes
# quiet in a file of many tables.
HOLD_LIMIT = 1000


class _Held:
    """A hand whose verdict waits until its table's chain is settled: what it needs to be given again."""

    __slots__ = ("before", "done", "duplicate", "explained", "later", "record", "table")

    def __init__(
        self,
        record: HandResult,
        duplicate: Finding | None,
        table: list[Finding],
        explained: bool,
        before: tuple | None = None,
    ) -> None:
        self.record = record  # its own verdict (no cross-hand finding yet)
        self.before = before  # the time order of the hand it is compared with (None: none)
        self.duplicate = duplicate  # HH413, if any
        self.table = table  # its stack and button findings, as its predecessor in time gives them now
        self.explained = explained  # its empty button seat is a dead button
        self.later = 0  # hands of its table read after it, and later in time
        self.done = False

    def verdict(self) -> HandResult:
        record = self.record
        crossed = with_crosshand(record.findings, self.duplicate, self.table, self.explained)
        if crossed is None:
            return record
        findings, status = crossed
        return record._replace(findings=findings, status=status, crossed=True)


def _has_dead_button_question(findings: list[Finding]) -> bool:
    """Whether the hand's own findings hold an HH405 (its button on an empty seat), which a hand slotted in
    before it could explain as a dead button."""
    return any(f.code == "HH405" for f in findings) if findings else False


def _after(order: tuple, other: tuple) -> bool:
    """Whether a hand's (time, hand number) comes after another's; True where a time is missing."""
    if order[0] is None or other[0] is None:
        return True
    try:
        return order > other
    except TypeError:  # one time with a zone, one without
        return True


class Merger:
    """The one place where a hand's own verdict and the cross-hand state (duplicates, stacks, button)
    become its final verdict, in input order: the parent of a parallel run, and the sequential run.

    A table's hands may be read out of time order (PS-4): a hand's verdict is held back until its chain
    is settled, WINDOW later hands of its table read, its file ended, or an unparsed hand broke the
    file's chains (or HOLD_LIMIT items read after it), so that a hand slotted in before it can change
    it. The items after a held hand wait behind it: the output stays in input order."""

    def __init__(self, rules: RuleSet, summary: Summary, count: bool = True) -> None:
        self.cross = CrossHand(rules)
        self.summary = summary
        self.count = count  # count the hands read in the summary's tally (a sequential run's reader does)
        self.queue: deque[HandResult | Finding | _Held] = deque()  # in input order, not yet given out
        self.held: dict[str, dict[tuple, _Held]] = {}  # table key → (time order, hand id) → its hand held back
        self.file: str | None = None  # the file of the last item

    def merge(self, item: HandResult | Finding) -> list[HandResult | Finding]:
        """The final verdicts this item lets go, in input order, counted in the summary (none while a
        hand before it is held back)."""
        if item.file != self.file:
            self.file = item.file
            self._settle_all()
        if isinstance(item, Finding):
            if self.count:
                self.summary.tally.add(item)
            self.queue.append(item)
        else:
            if self.count:
                self.summary.tally.add_hand(_STATUS[item.parse_status])
            self._hand(item)
        if len(self.queue) > HOLD_LIMIT:
            head = self.queue[0]
            if isinstance(head, _Held) and not head.done:
                head.done = True
                table = head.record.table
                if table is not None:
                    self.held.get(table.key, {}).pop((table.order, table.hand_id), None)
        return self._release()

    def flush(self) -> list[HandResult | Finding]:
        """Every verdict still held back (the input ended)."""
        self._settle_all()
        for entry in self.queue:
            if isinstance(entry, _Held):
                entry.done = True
        return self._release()

    def forget(self) -> None:
        """Drop the verdicts held back (a watch's interrupted batch, which is not stored either)."""
        self.queue.clear()
        self.held.clear()

    def _hand(self, item: HandResult) -> None:
        cross = self.cross
        if item.parse_status == _UNPARSED:  # its table's chain starts again
            cross.unparsed(item.file)
            self._settle_all()
        if item.ident is None:
            self.queue.append(item)
            return
        duplicate = cross.duplicate_of(item.ident)
        if duplicate is not None and duplicate.code in COUNTED_ONCE:  # the same text again: counted once
            record = item._replace(
                status=HandStatus.DUPLICATE,
                findings=[duplicate],
                state=None,
                table=None,
                tail=None,
                rows=_parts_only(item.rows),
            )
            self.queue.append(record)
            return
        snapshot = item.table
        if not item.replayed:  # a hand the replay crashed on does not chain, and breaks its file's chains
            if item.parse_status == _PARSED:
                cross.unparsed(item.file)
                self._settle_all()
            self.queue.append(item)
            return
        if snapshot is None:  # a hand that does not chain (a fast-fold pool's)
            self.queue.append(_Held(item, duplicate, [], False).verdict())
            return
        table = crosshand_safely(lambda: cross.check_table(snapshot), item.file, item.line, item.hand_id)
        relinked = cross.relinked
        if (
            relinked is None
            and cross.linked_to is not None
            and not table
            and not _has_dead_button_question(item.findings)
        ):
            # it follows on from the hand before it, with nothing a hand slotted in between could withdraw:
            # its verdict is final now, and the hands read after it need not wait behind it (a file of many
            # tables would otherwise keep up to HOLD_LIMIT hands, their replays and all, in memory). A
            # table's first hand still waits: a block read late may come before it.
            self.queue.append(item if duplicate is None else _Held(item, duplicate, table, False).verdict())
            self._count_later(snapshot)
            return
        held = _Held(item, duplicate, table, cross.dead_button_explained, cross.linked_to)
        if relinked is not None:
            later, previous = relinked
            waiting = self.held.get(snapshot.key, {}).get((later.order, later.hand_id))
            if (
                waiting is not None  # (held: not settled yet)
                and waiting.record.table is not None
                and (waiting.before is None or _after(previous.order, waiting.before))
            ):  # the hand slotted in comes between it and the hand it was compared with
                again = waiting.record.table
                waiting.table = crosshand_safely(
                    lambda: cross.recheck(again, previous, later), again.file, again.line, again.hand_id
                )
                waiting.explained = cross.dead_button_explained
                waiting.before = previous.order
        self.queue.append(held)
        self._count_later(snapshot)
        table_held = self.held.setdefault(snapshot.key, {})
        if snapshot.cancelled:  # no link of the chain: nothing can change its verdict
            held.done = True
        else:
            replaced = table_held.get((snapshot.order, snapshot.hand_id))
            if replaced is not None:  # another hand under the same id and time (HH413): that one is settled
                replaced.done = True
            table_held[(snapshot.order, snapshot.hand_id)] = held

    def _count_later(self, snapshot: TableSnapshot) -> None:
        """Count this hand as read after the held hands of its table it comes after in time, settling those
        that WINDOW such hands followed."""
        table_held = self.held.get(snapshot.key)
        if not table_held:  # (most tables: none held)
            return
        for key, other in list(table_held.items()):
            if not _after(snapshot.order, key[0]):
                continue  # a hand of a block read late: it may be followed by one that changes this verdict
            other.later += 1
            if other.later >= WINDOW:  # settled: a later hand read now comes after these in time
                other.done = True
                del table_held[key]

    def _settle_all(self) -> None:
        for table_held in self.held.values():
            for held in table_held.values():
                held.done = True
        self.held.clear()

    def _release(self) -> list[HandResult | Finding]:
        out: list[HandResult | Finding] = []
        queue = self.queue
        while queue:
            head = queue[0]
            if isinstance(head, _Held):
                if not head.done:
                    break
                head = head.verdict()
            queue.popleft()
            self.summary.add(head)
            out.append(head)
        return out


def check_parsed(parsed: ParseResult, rules: RuleSet) -> HandResult:
    """Replay and settle one hand, without the cross-hand checks (a parallel worker's share of the work)."""
    if parsed.status is not Status.PARSED:
        return HandResult(
            parsed.status.value,
            HandStatus(parsed.status.value),
            parsed.file,
            parsed.line,
            parsed.site,
            parsed.hand_id,
            list(parsed.findings),
            column=parsed.column,
        )
    findings = list(parsed.findings)
    hand = parsed.hand
    assert hand is not None, "a parsed hand has its Hand"  # (ParseResult's contract; for the type checker)
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
            _INVALID,
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
) -> tuple[list[Finding], HandStatus] | None:
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


def status_of(findings: list[Finding]) -> HandStatus:
    for f in findings:
        if f.severity is Severity.ERROR:
            return _INVALID
    return _VALID
