"""A baseline: the findings of an archive already known, so that a run reports only new ones.

`validate --write-baseline FILE` writes the fingerprint of every finding reported; `--baseline FILE`
then leaves out each finding whose fingerprint is in it (as many times as it is there), as a finding
not selected is left out (no output, count or exit code), and the summary says how many were.

A fingerprint must survive the edits an archive sees: hands added before a hand move its lines, so
the line number is not in it. It is the code, the file (as hhtool names it), the hand id, the line's
place within its hand (lines after the hand's first) and the finding's `actual` value (the amount,
the name, the line text: what the finding is about); for a file-level finding (no hand), the code,
the file and its `actual` value or message. The message's wording is not in it, so a better message
in a later hhtool keeps a baseline valid. Two findings alike in all of these (the same code twice on
one line of one hand) share a fingerprint, counted twice.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections import Counter

from hhtool.findings import Finding

VERSION = 1


class BaselineError(ValueError):
    """A baseline file that cannot be read or is not one."""


def fingerprint(f: Finding, hand_line: int | None) -> str:
    """The finding's fingerprint; `hand_line` is the first line of its hand (None: a file-level finding)."""
    if hand_line is None or f.hand_id is None:
        parts = [f.code, f.file.replace("\\", "/"), "", "", f.actual if f.actual is not None else f.message]
    else:
        parts = [f.code, f.file.replace("\\", "/"), f.hand_id, str(f.line - hand_line), f.actual or ""]
    return hashlib.sha256("\x1f".join(parts).encode("utf-8", "surrogatepass")).hexdigest()[:20]


class Baseline:
    """The fingerprints of a baseline file, each with how many findings it stands for."""

    def __init__(self, counts: Counter | None = None) -> None:
        self.counts: Counter = counts if counts is not None else Counter()
        self.suppressed = 0

    def take(self, f: Finding, hand_line: int | None) -> bool:
        """Whether `f` is in the baseline (then it is used up: the same finding twice needs two entries)."""
        key = fingerprint(f, hand_line)
        if self.counts[key] > 0:
            self.counts[key] -= 1
            self.suppressed += 1
            return True
        return False


def load_baseline(path: str | os.PathLike) -> Baseline:
    try:
        with open(path, encoding="utf-8") as handle:
            doc = json.load(handle)
    except OSError as exc:
        raise BaselineError(f"cannot read the baseline {path}: {exc.strerror or exc}") from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise BaselineError(f"{path}: not a baseline file (not JSON: {exc})") from None
    if not isinstance(doc, dict) or doc.get("hhtool_baseline") != VERSION or not isinstance(doc.get("findings"), list):
        raise BaselineError(f"{path}: not an hhtool baseline (written by 'hhtool validate --write-baseline')")
    counts: Counter = Counter()
    for entry in doc["findings"]:
        if not isinstance(entry, dict) or not isinstance(entry.get("fingerprint"), str):
            raise BaselineError(f"{path}: an entry without a fingerprint")
        count = entry.get("count", 1)
        counts[entry["fingerprint"]] += count if isinstance(count, int) and count > 0 else 1
    return Baseline(counts)


class BaselineWriter:
    """Collects the fingerprints of a run's reported findings and writes them (sorted: the same run
    writes the same bytes)."""

    def __init__(self) -> None:
        self.entries: dict[str, dict] = {}

    def add(self, f: Finding, hand_line: int | None) -> None:
        key = fingerprint(f, hand_line)
        entry = self.entries.get(key)
        if entry is None:
            self.entries[key] = {"fingerprint": key, "code": f.code, "file": f.file, "hand_id": f.hand_id, "count": 1}
        else:
            entry["count"] += 1

    def write(self, path: str | os.PathLike) -> int:
        """Write the baseline; the number of findings it holds."""
        entries = sorted(
            self.entries.values(), key=lambda e: (e["file"], e["hand_id"] or "", e["code"], e["fingerprint"])
        )
        doc = {"hhtool_baseline": VERSION, "findings": entries}
        with open(path, "w", encoding="utf-8", newline="\n") as handle:
            json.dump(doc, handle, indent=1, ensure_ascii=False, sort_keys=True)
            handle.write("\n")
        return sum(e["count"] for e in entries)
