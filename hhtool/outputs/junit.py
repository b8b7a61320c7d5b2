"""--format junit: a JUnit XML report, as CI servers show test results: one test suite per file, one
test case per hand, a failure for each hand with an error finding (unparsed hands included), the
unsupported and duplicate hands skipped, and a file-level finding as a test case of its own.

Each failure's text lists the hand's findings as text lines; warnings and info of a passing hand go
to its system-out. Text from the input is escaped (printable) first: XML 1.0 cannot hold control
characters at all.
"""

from __future__ import annotations

from xml.etree import ElementTree

from hhtool.findings import Finding, Severity
from hhtool.outputs import Writer
from hhtool.outputs.text import finding_line
from hhtool.safetext import printable

_SKIPPED = ("unsupported", "duplicate")


class JunitWriter(Writer):
    def __init__(self, out) -> None:
        super().__init__(out)
        self.suites: dict[str, ElementTree.Element] = {}  # in input order

    def _suite(self, file: str) -> ElementTree.Element:
        suite = self.suites.get(file)
        if suite is None:
            suite = self.suites[file] = ElementTree.Element("testsuite", name=printable(file))
        return suite

    def add(self, item) -> None:
        if isinstance(item, Finding):
            name, status, findings = f"{item.code} at line {item.line}", None, [item]
        else:
            hand = f"hand {item.hand_id}" if item.hand_id else "hand"
            name, status, findings = f"{hand} (line {item.line})", item.status, item.findings
        case = ElementTree.SubElement(
            self._suite(item.file),
            "testcase",
            classname=printable(item.file),
            name=printable(name),
            file=printable(item.file),
            line=str(item.line),
        )
        errors = [f for f in findings if f.severity is Severity.ERROR]
        text = "\n".join(finding_line(f) for f in findings)
        if status in _SKIPPED:
            first = findings[0] if findings else None
            message = f"{status}: {first.code} {first.message}" if first else status
            ElementTree.SubElement(case, "skipped", message=printable(message))
        elif errors:
            failure = ElementTree.SubElement(
                case,
                "failure",
                type=errors[0].code,
                message=printable(f"{len(errors)} error(s): {errors[0].code} {errors[0].message}"),
            )
            failure.text = text
        elif findings:
            ElementTree.SubElement(case, "system-out").text = text

    def finish(self, counts: dict, files, quiet: bool) -> None:
        root = ElementTree.Element("testsuites", name="hhtool")
        totals = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
        for suite in self.suites.values():
            cases = suite.findall("testcase")
            numbers = {
                "tests": len(cases),
                "failures": sum(c.find("failure") is not None for c in cases),
                "errors": 0,
                "skipped": sum(c.find("skipped") is not None for c in cases),
            }
            for key, value in numbers.items():
                suite.set(key, str(value))
                totals[key] += value
            root.append(suite)
        for key, value in totals.items():
            root.set(key, str(value))
        ElementTree.indent(root)
        self.out.write(
            b'<?xml version="1.0" encoding="UTF-8"?>\n'
            + ElementTree.tostring(root, encoding="unicode").encode()
            + b"\n"
        )
