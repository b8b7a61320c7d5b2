"""Which findings a run reports: --select / --ignore by code or prefix, and a least --severity.

A finding that is not selected is treated as a rule not checked: it is left out of every output, of
the counts and of the exit code, and a hand whose only errors were left out is reported valid
(unparsed, unsupported and duplicate hands keep their status: selection changes what is reported
about a hand, not whether it could be read). As in ruff, the more specific of a matching select
and ignore wins (`--select HH1 --ignore HH11 --select HH114`), and ignore wins a tie.

`extend_select` adds codes to the selection (to the configuration's `select`, or to everything),
as ruff's `extend-select` does. `per_file` ignores codes in the files a glob matches (ruff's
`per-file-ignores`): the glob is matched against the file as hhtool names it, that name relative to
`root` (the configuration file's folder) and the file's base name, so `"archive/*.txt"` and `"*.xml"`
both work; the codes are ignored there as `--ignore` ignores them.
"""

from __future__ import annotations

import dataclasses
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from pathlib import PurePosixPath

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
                raise SelectionError(
                    f"{option}: {part.strip()!r} is no finding code or prefix "
                    f"(e.g. HH114, HH1, HH20; 'hhtool rules' lists them)"
                )
            out.append(code)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Selection:
    select: tuple[str, ...] = ()  # empty: every code
    ignore: tuple[str, ...] = ()
    severity: Severity = Severity.INFO  # the least severity reported
    extend_select: tuple[str, ...] = ()  # added to `select` (a more specific one beats an ignore)
    per_file: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (glob, codes ignored in the files it matches)
    root: str | None = None  # the folder per-file globs are relative to (the configuration file's)
    _memo: dict = field(default_factory=dict, compare=False, repr=False)
    _file_memo: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def everything(self) -> bool:
        return not self.select and not self.ignore and self.severity is Severity.INFO and not self.per_file

    def keeps(self, code: str, severity: Severity, file: str | None = None) -> bool:
        ignored = self.ignored_in(file) if file is not None and self.per_file else ()
        key = (code, severity, ignored)
        kept = self._memo.get(key)
        if kept is None:
            kept = self._memo[key] = self._decide(code, severity, ignored)
        return kept

    def ignored_in(self, file: str) -> tuple[str, ...]:
        """The codes the per-file ignores drop in `file`."""
        codes = self._file_memo.get(file)
        if codes is None:
            names = _names_of(file, self.root)
            codes = self._file_memo[file] = tuple(
                code
                for pattern, ignored in self.per_file
                if any(fnmatchcase(name, pattern) for name in names)
                for code in ignored
            )
        return codes

    def _decide(self, code: str, severity: Severity, ignored: tuple[str, ...] = ()) -> bool:
        if RANK[Severity(severity)] < RANK[self.severity]:
            return False
        select = (*(self.select or ("HH",)), *self.extend_select)
        chosen = max((len(p) for p in select if code.startswith(p)), default=-1)
        dropped = max((len(p) for p in (*self.ignore, *ignored) if code.startswith(p)), default=-1)
        return chosen >= 0 and chosen > dropped

    def findings(self, findings: list[Finding]) -> list[Finding]:
        return [f for f in findings if self.keeps(f.code, f.severity, f.file)]

    def apply(self, result):
        """A hand's result (HandResult or a parallel run's HandRecord) with only the selected findings
        and the status they give; a file-level Finding, or None when it is not selected."""
        if self.everything:
            return result
        if isinstance(result, Finding):
            return result if self.keeps(result.code, result.severity, result.file) else None
        kept = self.findings(result.findings)
        if len(kept) == len(result.findings):
            return result
        status = result.status
        if status in ("valid", "invalid"):
            status = "invalid" if any(f.severity is Severity.ERROR for f in kept) else "valid"
        if hasattr(result, "_replace"):  # a NamedTuple (HandRecord)
            return result._replace(findings=kept, status=status)
        return dataclasses.replace(result, findings=kept, status=status)


def _names_of(file: str, root: str | None) -> tuple[str, ...]:
    """The names a per-file glob is matched against: the file as named, relative to `root`, its base name."""
    posix = file.replace("\\", "/")
    names = [posix, PurePosixPath(posix).name]
    if root is not None:
        try:
            relative = os.path.relpath(os.path.abspath(file), root).replace("\\", "/")
        except ValueError:  # another drive (Windows)
            relative = ""
        if relative and not relative.startswith("../"):
            names.append(relative)
    return tuple(names)


def parse_per_file(values: Iterable[str], option: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """`GLOB:CODES` options (`--per-file-ignores 'archive/*:HH020,HH021'`) as (glob, codes)."""
    out = []
    for value in values:
        pattern, sep, codes = value.rpartition(":")
        if not sep or not pattern:
            raise SelectionError(f"{option}: {value!r} is not GLOB:CODES (e.g. 'archive/*.txt:HH020,HH414')")
        out.append((pattern, parse_codes([codes], option)))
    return tuple(out)
