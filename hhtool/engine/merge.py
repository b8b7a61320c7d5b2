"""The merge: a hand's own verdict and the cross-hand state (duplicates, stacks, button) become its final
verdict, in input order, counted in the run's summary; the parent's share of a parallel run, and the
sequential run's (`hhtool.validate.validate_paths`, which re-exports `Merger`).

Compiled (`hhtool.compiled.HOT_PATH`): it runs for every hand read. What a test or a caller may change is
an argument (`cross`, `hold_limit`), not a global of this module: `hhtool.validate.new_merger` builds the
run's merger from that module's names.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Final, Protocol

from hhtool.check import with_crosshand
from hhtool.codes import finding
from hhtool.findings import Finding
from hhtool.grammar import Status
from hhtool.rules.crosshand import COUNTED_ONCE, WINDOW, CrossHand, Identity, TableSnapshot
from hhtool.rules.ruleset import RuleSet
from hhtool.verdict import HandResult, HandStatus, Summary

_STATUS: Final = {status.value: status for status in Status}  # (Status(value) is a Python-level call of the enum)
_UNPARSED: Final = Status.UNPARSED.value
_PARSED: Final = Status.PARSED.value


def _parts_only(rows: tuple | None) -> tuple | None:
    """What a duplicate keeps of its rows: a worker's parts (a few bytes: the writer counts a task's hands
    by them), never an Arrow batch (a tuple of tables, which it would keep alive)."""
    return rows if rows is not None and not isinstance(rows[0], tuple) else None


class CrossChecks(Protocol):
    """What the merge uses of the cross-hand checks (`CrossHand`): a protocol, so that a stand-in that is not
    the compiled class can be given (a test's, failing on one hand)."""

    relinked: tuple | None
    linked_to: tuple | None
    dead_button_explained: bool

    def duplicate_of(self, ident: Identity) -> Finding | None: ...

    def unparsed(self, file: str) -> None: ...

    def check_table(self, current: TableSnapshot) -> list[Finding]: ...

    def recheck(self, later: TableSnapshot, previous, kept) -> list[Finding]: ...


# A hand held back by the merge (PS-4) is let go at the latest when this many items were read after
# it: the delay, and the memory of the records waiting behind it, stay bounded when its table goes
# quiet in a file of many tables.
HOLD_LIMIT: Final = 1000


class _Held:
    """A hand whose verdict waits until its table's chain is settled: what it needs to be given again."""

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
    it. The items after a held hand wait behind it: the output stays in input order.

    `cross`: the cross-hand checks' state (a new `CrossHand(rules)` when not given); `hold_limit`: HOLD_LIMIT
    unless told otherwise."""

    def __init__(
        self,
        rules: RuleSet,
        summary: Summary,
        count: bool = True,
        cross: CrossChecks | None = None,
        hold_limit: int = HOLD_LIMIT,
    ) -> None:
        self.cross: CrossChecks = cross if cross is not None else CrossHand(rules)
        self.summary = summary
        self.count = count  # count the hands read in the summary's tally (a sequential run's reader does)
        self.hold_limit = hold_limit
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
        if len(self.queue) > self.hold_limit:
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
