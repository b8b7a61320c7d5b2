"""The parent's share: cross-hand checks in input order over the workers' records, and the counts.

Workers cannot run these checks (a table's hands may sit in different chunks); they are cheap, so
the parent runs them on the small snapshots the workers send, in exactly the order a sequential
run meets the hands, which makes every output independent of the number of workers.
"""

from __future__ import annotations

from hhtool.export.writer import TaskParts
from hhtool.findings import Finding
from hhtool.grammar import Status
from hhtool.rules.crosshand import COUNTED_ONCE, CrossHand
from hhtool.rules.ruleset import RuleSet
from hhtool.validate import HandResult, Summary, crosshand_safely, with_crosshand

_STATUS = {status.value: status for status in Status}  # (Status(value) is a Python-level call of the enum)
_UNPARSED = Status.UNPARSED.value
_PARSED = Status.PARSED.value


def _parts_only(rows):
    """What a duplicate keeps of its rows: a worker's parts (a few bytes: the writer counts a task's hands
    by them), never an Arrow batch (which it would keep alive)."""
    return rows if rows is not None and isinstance(rows[0], TaskParts) else None


class Merger:
    def __init__(self, rules: RuleSet, summary: Summary) -> None:
        self.cross = CrossHand(rules)
        self.summary = summary

    def merge(self, item: HandResult | Finding) -> HandResult | Finding:
        """The final verdict on one item, counted in the summary (as validate_paths counts it)."""
        summary = self.summary
        if isinstance(item, Finding):
            summary.tally.add(item)
            summary.add(item)
            return item
        summary.tally.add_hand(_STATUS[item.parse_status])
        record = item
        if item.parse_status == _UNPARSED:  # its table's chain starts again (as in validate_paths)
            self.cross.unparsed(item.file)
        if item.ident is not None:
            duplicate = self.cross.duplicate_of(item.ident)
            if duplicate is not None and duplicate.code in COUNTED_ONCE:  # the same text again: counted once
                record = item._replace(
                    status="duplicate", findings=[duplicate], table=None, tail=None, rows=_parts_only(item.rows)
                )
            elif not item.replayed:  # a hand the replay crashed on does not chain (as in validate_paths)
                if item.parse_status == _PARSED:
                    self.cross.unparsed(item.file)
            else:
                snapshot = item.table
                table = (
                    []
                    if snapshot is None
                    else crosshand_safely(lambda: self.cross.check_table(snapshot), item.file, item.line, item.hand_id)
                )
                explained = snapshot is not None and self.cross.dead_button_explained
                crossed = with_crosshand(item.findings, duplicate, table, explained)
                if crossed is not None:
                    findings, status = crossed
                    record = item._replace(findings=findings, status=status, crossed=True)
        summary.add(record)
        return record
