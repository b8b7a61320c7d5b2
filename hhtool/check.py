"""One hand's own verdict: parsed, replayed and settled, with the snapshots the cross-hand checks need; the
per-hand work of every run (sequential, local pool, dask, watch).

Compiled (`hhtool.compiled.HOT_PATH`): these calls run for every hand read, and as plain Python they were
most of the interpreted work left on a hand's way (issue #28's throughput acceptance). The cross-hand
merge that gives each verdict its final form is `hhtool.engine.merge`; both are re-exported by
`hhtool.validate`.
"""

from __future__ import annotations

from typing import Final

from hhtool.codes import finding
from hhtool.dialects.sites import hand_site
from hhtool.findings import Finding, Severity
from hhtool.grammar import ParseResult, Status
from hhtool.grammar.parse import parse_safely
from hhtool.io import Block
from hhtool.model import Hand
from hhtool.rules.crosshand import identity, table_snapshot, text_identity
from hhtool.rules.replay import Replay, replay
from hhtool.rules.ruleset import RuleSet
from hhtool.rules.settle import settle
from hhtool.verdict import HandResult, HandStatus, Verdict, hand_failure, internal_error

_VALID: Final = HandStatus.VALID
_INVALID: Final = HandStatus.INVALID
_PARSED: Final = Status.PARSED.value
# A NamedTuple's own constructor is interpreted Python (namedtuple's generated `__new__`, with keywords),
# for every hand; `_make` builds it from all its fields in order the same way, as this does without the call.
_new_tuple: Final = tuple.__new__


def validate_hand(hand: Hand, rules: RuleSet) -> Replay:
    state = replay(hand, rules, site=hand_site(hand))
    settle(state)
    return state


def check_block(block: Block, rules: RuleSet) -> Verdict:
    """A hand block's own verdict: parsed, replayed and settled, with the cross-hand snapshots
    (`check_hand`); the per-hand work of every run (sequential, local pool, dask, watch)."""
    return check_hand(parse_safely(block), block.text, rules)


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
            result.parse_status,  # (parsed.status.value, without the enum's Python-level property)
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


def status_of(findings: list[Finding]) -> HandStatus:
    for f in findings:
        if f.severity is Severity.ERROR:
            return _INVALID
    return _VALID
