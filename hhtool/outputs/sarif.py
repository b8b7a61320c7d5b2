"""--format sarif: a SARIF 2.1.0 log (the format of GitHub code scanning and of most static analysis
tools), one result per finding, with the whole rule catalogue as the tool's rules.

Levels: error, warning, and `note` for info findings. A location's uri is relative to `%SRCROOT%`,
which `originalUriBaseIds` defines as the repository the run is in (the nearest folder with `.git`
from the working directory up) or else the working directory, so a viewer finds the file in the
checkout; a file outside it keeps an absolute `file:` URI. The region is the finding's line, its
column and the token's end column (hhtool.outputs.source), left out for a file-level finding at line
0. Each rule has its declared name (PascalCase, hhtool.codes) and a `helpUri`, the rule's section
of docs/rules.md (relative to the repository: hhtool has no published documentation URL). The hand
id, the RULES.md rule and expected/actual go in `properties`. The document is written at the end.
"""

from __future__ import annotations

import os
from pathlib import Path, PurePosixPath
from urllib.parse import quote

from hhtool.codes import CATALOGUE
from hhtool.findings import Finding, Severity
from hhtool.outputs import Writer, findings_of
from hhtool.outputs.rule_docs import help_uri
from hhtool.serialize import to_json_line
from hhtool.version import hhtool_version

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}
_RULE_INDEX = {code: i for i, code in enumerate(CATALOGUE)}
BASE_ID = "%SRCROOT%"


def source_root(start: str | os.PathLike | None = None) -> Path:
    """The repository the run is in (nearest folder with `.git`, from `start` or the working directory
    up), else that folder itself."""
    folder = Path(start if start is not None else os.getcwd()).resolve()
    for candidate in (folder, *folder.parents):
        if (candidate / ".git").exists():
            return candidate
    return folder


def artifact_location(name: str, root: Path) -> dict:
    """The file as `{uri, uriBaseId}` relative to `root`, or `{uri}` (absolute) when it is outside."""
    if name.startswith("<"):  # <stdin>
        return {"uri": quote(name)}
    posix = name.replace("\\", "/")
    try:
        relative = Path(os.path.abspath(name)).relative_to(root).as_posix()
    except ValueError:
        return {"uri": file_uri(posix if PurePosixPath(posix).is_absolute() else os.path.abspath(name))}
    return {"uri": quote(relative), "uriBaseId": BASE_ID}


def file_uri(name: str) -> str:
    posix = name.replace("\\", "/")
    if PurePosixPath(posix).is_absolute():
        return "file://" + quote(posix)
    return quote(posix)


def rules() -> list[dict]:
    out = []
    for entry in CATALOGUE.values():
        out.append(
            {
                "id": entry.code,
                "name": entry.name,
                "helpUri": help_uri(entry.code),
                "shortDescription": {"text": entry.summary},
                "fullDescription": {"text": entry.why},
                "help": {"text": f"{entry.why}\nRule: {entry.rule_text}\nExample: {entry.example}"},
                "defaultConfiguration": {"level": LEVEL[entry.severity]},
                "properties": {"rule": entry.rule},
            }
        )
    return out


def result(f: Finding, root: Path | None = None, width: int | None = None) -> dict:
    location: dict = {
        "artifactLocation": artifact_location(f.file, root) if root is not None else {"uri": file_uri(f.file)}
    }
    if f.line > 0:
        location["region"] = {"startLine": f.line, "startColumn": max(f.column, 1)}
        if width is not None:
            location["region"]["endColumn"] = max(f.column, 1) + width
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
    def __init__(self, out, source=None) -> None:
        super().__init__(out)
        self.results: list[dict] = []
        self.source = source  # hhtool.outputs.source.SourceLines: the tokens' widths
        self.root = source_root()

    def add(self, item) -> None:
        widths = self.source.widths if self.source is not None else {}
        for f in findings_of(item):
            self.results.append(result(f, self.root, widths.get((f.file, f.line, f.column, f.code))))

    def finish(self, counts: dict, files, quiet: bool) -> None:
        log = {
            "$schema": SCHEMA,
            "version": "2.1.0",
            "runs": [
                {
                    "tool": {"driver": {"name": "hhtool", "version": hhtool_version(), "rules": rules()}},
                    "columnKind": "unicodeCodePoints",
                    "originalUriBaseIds": {BASE_ID: {"uri": self.root.as_uri().rstrip("/") + "/"}},
                    "results": self.results,
                    "properties": {"summary": counts},
                }
            ],
        }
        self.out.write(to_json_line(log))
