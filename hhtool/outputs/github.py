"""--format github: one GitHub Actions workflow command per finding, which the runner shows as an
annotation on the file and line (`::error file=…,line=…,col=…,title=HH114::message`).

Errors are `error`, warnings `warning`, info findings `notice`. Names are first made printable as
in text output (a control character or line break in a player or file name becomes `\x1b`, `\x0a`:
it can neither colour the log nor start another command), then escaped as the runner expects: `%`,
CR and LF everywhere, and `:` and `,` inside the properties.
"""

from __future__ import annotations

from hhtool.findings import Finding, Severity
from hhtool.outputs import Writer, findings_of
from hhtool.safetext import printable

LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def annotation(f: Finding) -> str:
    """One finding as a workflow command line (line and column only where the finding has one)."""
    props = [f"file={escape_property(printable(f.file))}"]
    if f.line > 0:
        props += [f"line={f.line}", f"col={f.column}"]
    props.append(f"title={escape_property(f.code)}")
    hand = f" (hand {f.hand_id})" if f.hand_id else ""
    return f"::{LEVEL[Severity(f.severity)]} {','.join(props)}::{escape_data(printable(f'{f.code} {f.message}{hand}'))}"


class GithubWriter(Writer):
    def add(self, result) -> None:
        findings = findings_of(result)
        if findings:
            self.out.write("".join(annotation(f) + "\n" for f in findings).encode())
