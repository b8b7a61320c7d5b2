"""--format sarif: a SARIF 2.1.0 log (the format of GitHub code scanning and of most static analysis
tools), one result per finding, with the whole rule catalogue as the tool's rules.

Levels: error, warning, and `note` for info findings. A location's uri is the file as hhtool names
it (relative paths stay relative, percent-encoded; absolute ones become file: URIs); the region is
the finding's line and column, left out for a file-level finding at line 0. The hand id, the RULES.md
rule and expected/actual go in `properties`. The document is written at the end of the run.
"""

from __future__ import annotations

from pathlib import PurePosixPath
from urllib.parse import quote

from hhtool.codes import CATALOGUE, RULE_TEXT
from hhtool.findings import Finding, Severity
from hhtool.outputs import Writer, findings_of
from hhtool.serialize import to_json_line
from hhtool.version import hhtool_version

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}
_RULE_INDEX = {code: i for i, code in enumerate(CATALOGUE)}


def file_uri(name: str) -> str:
    posix = name.replace("\\", "/")
    if PurePosixPath(posix).is_absolute():
        return "file://" + quote(posix)
    return quote(posix)


def rules() -> list[dict]:
    out = []
    for entry in CATALOGUE.values():
        rule_text = f"{entry.rule}: {RULE_TEXT[entry.rule]}" if entry.rule in RULE_TEXT else "input and parsing"
        out.append({
            "id": entry.code,
            "name": entry.title,
            "shortDescription": {"text": entry.title},
            "fullDescription": {"text": entry.why},
            "help": {"text": f"{entry.why}\nRule: {rule_text}\nExample: {entry.example}"},
            "defaultConfiguration": {"level": LEVEL[entry.severity]},
            "properties": {"rule": entry.rule},
        })
    return out


def result(f: Finding) -> dict:
    location: dict = {"artifactLocation": {"uri": file_uri(f.file)}}
    if f.line > 0:
        location["region"] = {"startLine": f.line, "startColumn": max(f.column, 1)}
    out: dict = {
        "ruleId": f.code,
        "level": LEVEL[Severity(f.severity)],
        "message": {"text": f.message},
        "locations": [{"physicalLocation": location}],
        "properties": {"handId": f.hand_id, "rule": f.rule, "expected": f.expected, "actual": f.actual},
    }
    if f.code in _RULE_INDEX:
        out["ruleIndex"] = _RULE_INDEX[f.code]
    return out


class SarifWriter(Writer):
    def __init__(self, out) -> None:
        super().__init__(out)
        self.results: list[dict] = []

    def add(self, item) -> None:
        findings = findings_of(item)
        self.results.extend(result(f) for f in findings)

    def finish(self, counts: dict, files, quiet: bool) -> None:
        log = {
            "$schema": SCHEMA,
            "version": "2.1.0",
            "runs": [{
                "tool": {"driver": {"name": "hhtool", "version": hhtool_version(), "rules": rules()}},
                "columnKind": "unicodeCodePoints",
                "results": self.results,
                "properties": {"summary": counts},
            }],
        }
        self.out.write(to_json_line(log))
