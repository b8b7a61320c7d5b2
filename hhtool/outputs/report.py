"""What a `validate` run reports of each result, between the checks and the output format.

In order, for each hand's result (or file-level finding):

1. consequences: a finding that follows from an earlier one of its hand (`hhtool.causes`) says so in
   its message, or, with `consequences=False` (`--no-consequences`), is left out;
2. the selection (`--select`, `--extend-select`, `--ignore`, per-file ignores, `--severity`);
3. what is selected is written to the new baseline, if one is asked for (`--write-baseline FILE`; with
   `--baseline` too, the new file holds every finding of this run: a refreshed baseline);
4. the baseline (`--baseline FILE`): findings already in it are left out;
5. each finding's column moves to the token it is about (`hhtool.outputs.source`).

A finding left out at any step is left out as a finding not selected is: from every output, count and
the exit code; a hand whose only errors were left out is reported valid. Every step works on the
results the run hands over in input order, so the report is the same for any --jobs and engine.
"""

from __future__ import annotations

import dataclasses

from hhtool.baseline import Baseline, BaselineWriter
from hhtool.causes import consequences, with_mark
from hhtool.findings import Finding, Severity
from hhtool.outputs.source import SourceLines
from hhtool.selection import Selection


class Reporter:
    def __init__(
        self,
        selection: Selection,
        show_consequences: bool = True,
        baseline: Baseline | None = None,
        new_baseline: BaselineWriter | None = None,
        locate: bool = True,
    ) -> None:
        self.selection = selection
        self.show_consequences = show_consequences
        self.baseline = baseline
        self.new_baseline = new_baseline
        self.source = SourceLines() if locate else None
        self.consequences_left_out = 0

    def apply(self, result):
        """The result as reported (a hand's result with the findings kept, or a file-level Finding), or
        None for a file-level finding left out."""
        if isinstance(result, Finding):
            return self._file_finding(result)
        if not result.findings:  # most hands: nothing to do
            return result
        findings = self._consequences(list(result.findings))
        findings = self.selection.findings(findings) if not self.selection.everything else findings
        if self.new_baseline is not None:
            for f in findings:
                self.new_baseline.add(f, result.line)
        if self.baseline is not None:
            findings = [f for f in findings if not self.baseline.take(f, result.line)]
        if self.source is not None:
            findings = [self.source.locate(f) for f in findings]
        return _with_findings(result, findings)

    def _file_finding(self, f: Finding) -> Finding | None:
        if not self.selection.keeps(f.code, f.severity, f.file):
            return None
        if self.new_baseline is not None:
            self.new_baseline.add(f, None)
        if self.baseline is not None and self.baseline.take(f, None):
            return None
        return self.source.locate(f) if self.source is not None else f

    def _consequences(self, findings: list[Finding]) -> list[Finding]:
        causes = consequences(findings)
        if not any(cause is not None for cause in causes):
            return findings
        if self.show_consequences:
            return [f if cause is None else with_mark(f, cause) for f, cause in zip(findings, causes)]
        kept = [f for f, cause in zip(findings, causes) if cause is None]
        self.consequences_left_out += len(findings) - len(kept)
        return kept

    def counts(self) -> dict:
        """The summary's keys of what was left out (only those the run asked for)."""
        out: dict = {}
        if not self.show_consequences:
            out["consequences_left_out"] = self.consequences_left_out
        if self.baseline is not None:
            out["baseline_suppressed"] = self.baseline.suppressed
        return out


def _with_findings(result, findings: list[Finding]):
    """A hand's result with `findings` (HandResult or a parallel run's HandRecord), its status as they give it."""
    status = result.status
    if status in ("valid", "invalid"):
        status = "invalid" if any(f.severity is Severity.ERROR for f in findings) else "valid"
    if hasattr(result, "_replace"):  # a NamedTuple
        return result._replace(findings=findings, status=status)
    return dataclasses.replace(result, findings=findings, status=status)
