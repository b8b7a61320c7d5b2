"""`hhtool convert`: validate every hand read, write the ones that can be written in the target format.

Every hand is validated as `hhtool validate` does (the same findings); a hand that was parsed (valid
or invalid: an invalid hand is written as read, with its findings reported, never repaired) is
written in the target format. Unparsed, unsupported and duplicate hands are reported and not
written, and so is a hand the target cannot say all of (HH045).

Layout: `per_hand=False` (the default) writes one output file per input file, named after it
(`hands.txt` → `hands.<file extension>`, `-2`, `-3`… added when two inputs share a name), holding the
input's converted hands in input order; an input with no hand converted gives no file. `per_hand`
writes one file per hand, named `<site>-<hand id>.<extension>` (also made unique).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from hhtool.codes import HH045, HH099, finding, message
from hhtool.findings import Finding
from hhtool.interchange import CannotSay, Target
from hhtool.rules.ruleset import RuleSet
from hhtool.validate import HandResult, Summary, validate_paths

_UNSAFE = re.compile(r"[^\w.-]+")
_WRITTEN = ("valid", "invalid")


@dataclass(slots=True)
class Conversion:
    """What a run wrote: hands converted, hands read and not converted, and the files written."""

    converted: int = 0
    not_converted: int = 0
    files: list[Path] = field(default_factory=list)


@dataclass(slots=True)
class _Out:
    """The output directory and the names given in it so far (each name once per run)."""

    folder: Path
    names: set[str] = field(default_factory=set)

    def write(self, name: str, text: str) -> Path:
        stem, dot, suffix = name.rpartition(".")
        unique, n = name, 1
        while unique in self.names:
            n += 1
            unique = f"{stem}-{n}{dot}{suffix}"
        self.names.add(unique)
        path = self.folder / unique
        path.write_text(text, encoding="utf-8", newline="\n")
        return path


def convert_paths(
    paths: Iterable[str | os.PathLike],
    target: Target,
    out: str | os.PathLike,
    *,
    per_hand: bool = False,
    rules: RuleSet | None = None,
    summary: Summary | None = None,
    conversion: Conversion | None = None,
) -> Iterator[HandResult | Finding]:
    """Validate and convert; yields each hand's result (its findings with HH045 added when the target
    cannot say it) and each file-level finding, in input order, as `validate_paths` does. Files are
    written into `out` (created) as they are complete; `conversion` counts what was written."""
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    output = _Out(folder)
    done = conversion if conversion is not None else Conversion()
    pending: list[str] = []  # the texts of the current input file's converted hands
    current: str | None = None
    for result in validate_paths(paths, rules, summary):
        if isinstance(result, Finding):
            yield result
            continue
        if result.file != current:
            _flush(output, target, current, pending, done)
            current, pending = result.file, []
        text, refused = _render(result, target)
        if text is None:
            done.not_converted += 1
            if refused is not None:
                result = result._replace(findings=sorted([*result.findings, refused], key=Finding.sort_key))
                if summary is not None:
                    summary.by_code[refused.code] += 1
                    summary.by_severity[refused.severity] += 1
            yield result
            continue
        done.converted += 1
        if per_hand:
            name = _UNSAFE.sub("_", f"{result.site}-{result.hand_id}") + "." + target.extension
            done.files.append(output.write(name, text if text.endswith("\n") else text + "\n"))
        else:
            pending.append(text)
        yield result
    _flush(output, target, current, pending, done)


def _render(result: HandResult, target: Target) -> tuple[str | None, Finding | None]:
    """The hand's text in the target format, or None and why (HH045 when the target cannot say it)."""
    if result.status not in _WRITTEN or result.hand is None:
        return None, None
    try:
        return target.render(result.hand, result.state), None
    except CannotSay as exc:
        reason = str(exc)
        return None, finding(
            HH045,
            message(HH045, target=target.name, reason=reason),
            result.file,
            result.line,
            hand_id=result.hand_id,
            expected=f"a hand {target.name} can say",
            actual=reason,
        )
    except Exception as exc:  # noqa: BLE001 - a bug in a writer must not stop the run nor write a wrong hand
        return None, finding(
            HH099,
            f"internal error while converting to {target.name}: {type(exc).__name__}: {exc}",
            result.file,
            result.line,
            hand_id=result.hand_id,
        )


def _flush(output: _Out, target: Target, source: str | None, texts: list[str], done: Conversion) -> None:
    if source is None or not texts:
        return
    stem = Path(source).name
    for suffix in (".gz", ".txt", ".log", ".xml", ".phh", ".phhs", ".json", ".jsonl"):
        stem = stem.removesuffix(suffix)
    name = _UNSAFE.sub("_", stem) or "hands"
    done.files.append(output.write(f"{name}.{target.file_extension}", target.render_file(texts)))
