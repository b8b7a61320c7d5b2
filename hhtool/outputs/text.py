"""The text forms shared by the commands: a finding line and the summary line."""

from __future__ import annotations

from hhtool.findings import Finding
from hhtool.safetext import printable
from hhtool.words import count


def finding_line(f: Finding) -> str:
    """One finding as a text line; names from the input are escaped (printable), so that none can
    drive the terminal or forge a second line."""
    hand = f" (hand {printable(f.hand_id)})" if f.hand_id else ""
    return f"{printable(f.file)}:{f.line}:{f.column}: {f.code} [{f.severity}] {printable(f.message)}{hand}"


def summary_text(counts: dict) -> str:
    """The last line of a run: hands read by status and findings by code."""
    codes = ", ".join(f"{code} {n}" for code, n in counts["findings_by_code"].items()) or "none"
    duplicate = f", duplicate {counts['duplicate']}" if counts["duplicate"] else ""
    left_out = ""
    if "consequences_left_out" in counts:
        left_out += f"; {count(counts['consequences_left_out'], 'consequence')} of earlier findings not shown"
    if "baseline_suppressed" in counts:
        left_out += f"; {count(counts['baseline_suppressed'], 'finding')} in the baseline not shown"
    return (
        f"hands read {counts['hands_read']}: valid {counts['valid']}, invalid {counts['invalid']}, "
        f"unparsed {counts['unparsed']}, unsupported {counts['unsupported']}{duplicate}; "
        f"findings by code: {codes}{left_out}"
    )
