"""Validation of many hands: parse, replay, settle, cross-hand checks; one result per hand read.

Shared by the CLI and the library (and later the exporter), so every command accounts for hands
the same way: valid + invalid + unparsed + unsupported = read.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from hhtool.codes import finding
from hhtool.findings import Finding, Severity
from hhtool.grammar import ParseResult, Status
from hhtool.model import Hand
from hhtool.pipeline import Tally, parse_paths_with_text
from hhtool.rules.crosshand import CrossHand
from hhtool.rules.replay import Replay, replay
from hhtool.rules.ruleset import RuleSet
from hhtool.rules.settle import settle


@dataclass(slots=True)
class HandResult:
    """The verdict on one hand read, with the truth the replay computed."""

    status: str  # valid | invalid | unparsed | unsupported
    file: str
    line: int
    site: str
    hand_id: str | None
    findings: list[Finding]
    hand: Hand | None = None
    state: Replay | None = None
    duplicate: bool = False

    def as_dict(self) -> dict:
        out = {
            "hand_id": self.hand_id,
            "site": self.site,
            "file": self.file,
            "line": self.line,
            "status": self.status,
            "findings": [f.as_dict() for f in self.findings],
            "total_pot": None,
            "rake": None,
            "pots": [],
            "collected": {},
        }
        state = self.state
        if state is not None and not state.cancelled:
            claims = state.hand.claims
            collected: dict[str, int] = {}
            for event in state.collects:
                collected[event.player] = collected.get(event.player, 0) + event.amount
            out["total_pot"] = state.pot_total
            out["rake"] = claims.rake if claims.rake is not None else state.pot_total - sum(collected.values())
            winners = _pot_winners(state)
            out["pots"] = [{"amount": pot.amount, "eligible": list(pot.eligible), "winners": winners.get(i, [])}
                           for i, pot in enumerate(state.pots)]
            out["collected"] = collected
            out["currency"] = state.hand.header.currency
        return out


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
        findings = result.findings if isinstance(result, HandResult) else [result]
        if isinstance(result, HandResult):
            self.by_status[result.status] += 1
        for f in findings:
            self.by_code[f.code] += 1
            self.by_severity[f.severity] += 1


def validate_paths(paths: Iterable[str | os.PathLike], rules: RuleSet | None = None,
                   summary: Summary | None = None) -> Iterator[HandResult | Finding]:
    """One HandResult per hand read (and Findings for file problems), in input order, streaming."""
    rules = rules or RuleSet()
    summary = summary if summary is not None else Summary()
    cross = CrossHand(rules)
    for item, text in parse_paths_with_text(paths, summary.tally):
        result = item if isinstance(item, Finding) else _validate_parsed(item, text, rules, cross)
        summary.add(result)
        yield result


def _validate_parsed(parsed: ParseResult, text: str, rules: RuleSet, cross: CrossHand) -> HandResult:
    findings = list(parsed.findings)
    if parsed.status is not Status.PARSED:
        return HandResult(parsed.status.value, parsed.file, parsed.line, parsed.site, parsed.hand_id, findings)
    hand = parsed.hand
    duplicate = cross.duplicate(hand, text)
    if duplicate is not None and duplicate.code == "HH414":
        return HandResult("duplicate", parsed.file, parsed.line, parsed.site, parsed.hand_id, [duplicate],
                          hand=hand, duplicate=True)
    try:
        state = validate_hand(hand, rules)
    except Exception as exc:  # noqa: BLE001 - a bug in hhtool must not stop the run
        findings.append(finding("HH099", f"internal error while replaying: {type(exc).__name__}: {exc}",
                                parsed.file, parsed.line, hand_id=parsed.hand_id))
        return HandResult("invalid", parsed.file, parsed.line, parsed.site, parsed.hand_id, findings, hand=hand)
    findings.extend(state.findings)
    if duplicate is not None:
        findings.append(duplicate)
    findings.extend(cross.check(state))
    if len(findings) > 1:
        findings.sort(key=Finding.sort_key)
    invalid = False
    for f in findings:
        if f.severity is Severity.ERROR:
            invalid = True
            break
    return HandResult("invalid" if invalid else "valid", parsed.file, parsed.line, parsed.site, parsed.hand_id,
                      findings, hand=hand, state=state)
