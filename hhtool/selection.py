"""Which findings a run reports: --select / --ignore by code or prefix, and a least --severity.

A finding that is not selected is treated as a rule not checked: it is left out of every output, of
the counts and of the exit code, and a hand whose only errors were left out is reported valid
(unparsed, unsupported and duplicate hands keep their status: selection changes what is reported
about a hand, not whether it could be read). As in ruff, the more specific of a matching select
and ignore wins (`--select HH1 --ignore HH11 --select HH114`), and ignore wins a tie.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from hhtool.codes import CATALOGUE
from hhtool.findings import Finding, Severity

RANK = {Severity.INFO: 0, Severity.WARNING: 1, Severity.ERROR: 2}
_PREFIX = re.compile(r"HH[0-9]{0,3}")


class SelectionError(ValueError):
    """A code or prefix that names no finding code."""


def parse_codes(values: Iterable[str], option: str) -> tuple[str, ...]:
    """Codes and prefixes from repeated options and comma-separated lists (`HH1,HH204`), checked
    against the catalogue; `ALL` is every code."""
    out: list[str] = []
    for value in values:
        for part in value.split(","):
            code = part.strip().upper()
            if not code:
                continue
            code = "HH" if code == "ALL" else code
            if not _PREFIX.fullmatch(code) or not any(c.startswith(code) for c in CATALOGUE):
                raise SelectionError(f"{option}: {part.strip()!r} is no finding code or prefix "
                                     f"(e.g. HH114, HH1, HH20; 'hhtool rules' lists them)")
            out.append(code)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Selection:
    select: tuple[str, ...] = ()  # empty: every code
    ignore: tuple[str, ...] = ()
    severity: Severity = Severity.INFO  # the least severity reported
    _memo: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def everything(self) -> bool:
        return not self.select and not self.ignore and self.severity is Severity.INFO

    def keeps(self, code: str, severity: Severity) -> bool:
        key = (code, severity)
        kept = self._memo.get(key)
        if kept is None:
            kept = self._memo[key] = self._decide(code, severity)
        return kept

    def _decide(self, code: str, severity: Severity) -> bool:
        if RANK[Severity(severity)] < RANK[self.severity]:
            return False
        chosen = max((len(p) for p in self.select or ("HH",) if code.startswith(p)), default=-1)
        dropped = max((len(p) for p in self.ignore if code.startswith(p)), default=-1)
        return chosen >= 0 and chosen > dropped

    def findings(self, findings: list[Finding]) -> list[Finding]:
        return [f for f in findings if self.keeps(f.code, f.severity)]

    def apply(self, result):
        """A hand's result (HandResult or a parallel run's HandRecord) with only the selected findings
        and the status they give; a file-level Finding, or None when it is not selected."""
        if self.everything:
            return result
        if isinstance(result, Finding):
            return result if self.keeps(result.code, result.severity) else None
        kept = self.findings(result.findings)
        if len(kept) == len(result.findings):
            return result
        status = result.status
        if status in ("valid", "invalid"):
            status = "invalid" if any(f.severity is Severity.ERROR for f in kept) else "valid"
        if hasattr(result, "_replace"):  # a NamedTuple (HandRecord)
            return result._replace(findings=kept, status=status)
        return dataclasses.replace(result, findings=kept, status=status)
