"""Root causes and their consequences: a finding that follows from an earlier one in the same hand.

The replay goes on past a problem, so one wrong line often makes several findings: an action by a
player who is not seated (HH406) puts chips in that no seat owns, so the turn order (HH110), the pot
(HH203), the amount collected (HH205) and the site's checksum (HH214) all disagree after it. Reported
side by side they read as five problems; the first is the one to fix.

A finding is a consequence when an earlier error or warning of the same hand (before it in the
hand's sorted findings) is of a kind whose effects reach it, by what the replay carries forward:

- seating (who sits where, with what) -> the order, the amounts, the pots and the showdown;
- the blinds posted by the wrong player -> the order of the actions after them;
- the order of actions (out of turn, after folding, after the hand was decided) -> later order
  findings and the pots (the chips those actions put in);
- an amount (call, raise arithmetic, chips beyond the stack, all-in claim) -> later amounts and the pots;
- a pot (total, uncalled bet, side pots) -> the later pot findings (what is collected, rake, checksum)
  and the showdown (who is paid); the site's per-player checksum (HH214) is a comparison, never a cause.

Each consequence names the first such cause: `(follows from HH406 at line 15)`. Info findings never
cause anything (they are notes, not errors). Cross-hand findings (HH41x) are neither causes nor
consequences here: they compare hands, not lines of one hand.
"""

from __future__ import annotations

from hhtool.codes import (
    HH101,
    HH102,
    HH104,
    HH110,
    HH111,
    HH112,
    HH113,
    HH114,
    HH115,
    HH116,
    HH117,
    HH118,
    HH119,
    HH120,
    HH121,
    HH122,
    HH124,
    HH125,
    HH126,
    HH201,
    HH202,
    HH203,
    HH204,
    HH205,
    HH206,
    HH207,
    HH208,
    HH209,
    HH210,
    HH211,
    HH213,
    HH214,
    HH223,
    HH224,
    HH227,
    HH303,
    HH305,
    HH306,
    HH401,
    HH402,
    HH403,
    HH404,
    HH406,
)
from hhtool.findings import Finding, Severity

SEATING = frozenset({HH401, HH402, HH403, HH404, HH406})
BLINDS = frozenset({HH101, HH102, HH104})
ORDER = frozenset({HH110, HH111, HH112, HH118, HH122, HH124})
AMOUNTS = frozenset({HH113, HH114, HH115, HH116, HH117, HH119, HH120, HH121, HH125, HH126})
POTS = frozenset(
    {
        HH201,
        HH202,
        HH203,
        HH204,
        HH205,
        HH206,
        HH207,
        HH208,
        HH209,
        HH210,
        HH211,
        HH213,
        HH214,
        HH223,
        HH224,
        HH227,
    }
)
SHOWDOWN = frozenset({HH303, HH305, HH306})

# a cause's kind -> the kinds of the findings it can bring about
REACHES: tuple[tuple[frozenset[str], frozenset[str]], ...] = (
    (SEATING, ORDER | AMOUNTS | POTS | SHOWDOWN),
    (BLINDS, ORDER),
    (ORDER, ORDER | POTS),
    (AMOUNTS, AMOUNTS | POTS),
    (POTS - {HH214}, POTS | SHOWDOWN),  # the site's checksum (HH214) compares, it carries nothing forward
)
MARK = " (follows from {code} at line {line})"


def cause_of(findings: list[Finding], index: int) -> Finding | None:
    """The first earlier finding of the same hand that `findings[index]` follows from, or None."""
    target = findings[index]
    for earlier in findings[:index]:
        if earlier.severity is Severity.INFO or earlier is target:
            continue
        for causes, effects in REACHES:
            if earlier.code in causes and target.code in effects:
                return earlier
    return None


def consequences(findings: list[Finding]) -> list[Finding | None]:
    """For each of a hand's findings, the finding it follows from (None for a root cause)."""
    if len(findings) < 2:
        return [None] * len(findings)
    return [cause_of(findings, index) for index in range(len(findings))]


def with_mark(f: Finding, cause: Finding) -> Finding:
    """The consequence `f` with its message saying what it follows from."""
    return Finding(
        f.code,
        f.rule,
        f.severity,
        f.message + MARK.format(code=cause.code, line=cause.line),
        f.file,
        f.line,
        f.column,
        f.hand_id,
        f.expected,
        f.actual,
    )
