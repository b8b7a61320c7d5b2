"""Output formats of `validate`: one writer per --format, fed each result in input order.

A writer gets each hand's result (a HandResult, or a parallel run's HandRecord) and each file-level
Finding as they come, and the run's counts at the end. The CLI picks the writer and feeds it; what a
format looks like lives here (text, json, jsonl) and in the modules beside this one (github, sarif,
junit).
"""

from __future__ import annotations

from typing import BinaryIO

from hhtool.findings import Finding
from hhtool.outputs.files import FileTable
from hhtool.outputs.text import finding_line, summary_text
from hhtool.serialize import to_json_line

FORMATS = ("text", "concise", "json", "jsonl", "github", "sarif", "junit")
TABLE_AT_MOST = 5  # a text run shows its per-file table by itself for this many files or fewer


def exit_code(io_failures: int, errors: int, warnings: int, strict: bool = False, exit_zero: bool = False) -> int:
    """The exit code of a run that reports findings (validate, watch --once): 2 when a path could not
    be read, else 1 for an error reported (or a warning with `strict`), else 0; `exit_zero` makes
    findings exit 0."""
    if io_failures:
        return 2
    if exit_zero:
        return 0
    return 1 if errors or (strict and warnings) else 0


def findings_of(result) -> list[Finding]:
    """The findings a result carries: a hand's, or the file-level finding itself."""
    return [result] if isinstance(result, Finding) else result.findings


class Writer:
    """The base writer: ignores everything (subclasses override what they print)."""

    wants_json = False  # each hand's JSON tail (pots, rake, ...) is needed: the engine must send it
    summary_to_stderr = True  # the summary line goes to stderr (text and json have it on stdout)

    def __init__(self, out: BinaryIO) -> None:
        self.out = out

    def add(self, result) -> None:
        """One hand's result or a file-level Finding."""

    def finish(self, counts: dict, files: FileTable, quiet: bool) -> None:
        """The end of the run: `counts` is the summary (see cli._summary_dict)."""


class TextWriter(Writer):
    """Each finding as `file:line:col: CODE [severity] message (hand ID)` with its source line and a caret
    under the token at fault (as ruff prints one), then the summary line. The per-file table comes
    before the summary when asked for (`table=True`, --summary) or, unless `table` is False, when the
    run read at most TABLE_AT_MOST files; never with --statistics. `concise`: the finding lines alone."""

    summary_to_stderr = False

    def __init__(
        self, out: BinaryIO, statistics: bool = False, source=None, table: bool | None = None, concise: bool = False
    ) -> None:
        super().__init__(out)
        self.statistics = statistics
        self.source = source  # hhtool.outputs.source.SourceLines, or None: no snippets
        self.table = table
        self.concise = concise

    def add(self, result) -> None:
        if self.statistics:
            return
        findings = findings_of(result)
        if not findings:
            return
        parts = []
        for f in findings:
            parts.append(finding_line(f) + "\n")
            snippet = self.source.snippet(f) if self.source is not None and not self.concise else ""
            if snippet:
                parts.append(snippet + "\n")
        self.out.write("".join(parts).encode())

    def finish(self, counts: dict, files: FileTable, quiet: bool) -> None:
        from hhtool.outputs.stats import statistics_table

        if self.statistics:
            self.out.write(statistics_table(counts["findings_by_code"]).encode())
        if quiet:
            return
        table = self.table if self.table is not None else len(files.files) <= TABLE_AT_MOST
        shown = files.render() if table and not self.statistics else ""
        self.out.write((shown + summary_text(counts) + "\n").encode())


class JsonlWriter(Writer):
    """One JSON object per hand and per file-level problem (the contract in docs/commands.md)."""

    wants_json = True

    def add(self, result) -> None:
        self.out.write(
            to_json_line({"file_finding": result.as_dict()}) if isinstance(result, Finding) else result.json_line()
        )


class JsonWriter(Writer):
    """One document `{"summary", "hands", "file_findings"}` (or `{"summary", "statistics"}`)."""

    summary_to_stderr = False

    def __init__(self, out: BinaryIO, statistics: bool = False) -> None:
        super().__init__(out)
        self.statistics = statistics
        self.wants_json = not statistics  # the hands' objects; statistics need only the counts
        self.hands: list[dict] = []
        self.file_findings: list[dict] = []

    def add(self, result) -> None:
        if self.statistics:
            return
        (self.file_findings if isinstance(result, Finding) else self.hands).append(result.as_dict())

    def finish(self, counts: dict, files: FileTable, quiet: bool) -> None:
        from hhtool.outputs.stats import statistics_rows

        if self.statistics:
            self.out.write(to_json_line({"summary": counts, "statistics": statistics_rows(counts["findings_by_code"])}))
            return
        self.out.write(to_json_line({"summary": counts, "hands": self.hands, "file_findings": self.file_findings}))


def writer_for(fmt: str, out: BinaryIO, statistics: bool = False, source=None, table: bool | None = None) -> Writer:
    """The writer of a --format (statistics: counts by code instead of findings, text and json only;
    `source`: the SourceLines of the run, for the snippets of text; `table`: --summary)."""
    if fmt in ("text", "concise"):
        return TextWriter(out, statistics, source, table, concise=fmt == "concise")
    if fmt == "json":
        return JsonWriter(out, statistics)
    if statistics:
        raise ValueError("--statistics needs --format text or json")
    if fmt == "jsonl":
        return JsonlWriter(out)
    if fmt == "github":
        from hhtool.outputs.github import GithubWriter

        return GithubWriter(out)
    if fmt == "sarif":
        from hhtool.outputs.sarif import SarifWriter

        return SarifWriter(out, source)
    if fmt == "junit":
        from hhtool.outputs.junit import JunitWriter

        return JunitWriter(out)
    raise ValueError(f"unknown format {fmt!r}; expected one of {', '.join(FORMATS)}")
