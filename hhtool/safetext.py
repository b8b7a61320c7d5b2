"""Text from hand histories made safe to print: names and file names are data, never terminal commands.

A player name or a file name may hold anything: an escape sequence that recolours or clears the
terminal, a newline that starts what looks like another finding line, a right-to-left override
that reorders what follows. Text outputs show such characters as visible escapes (`\\x1b`,
`\\n`, `\\u202e`); JSON outputs escape them already and keep the text exact.
"""

from __future__ import annotations

import re

# C0 controls, DEL, C1 controls, the Unicode line and paragraph separators, bidi embeddings,
# overrides and isolates
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    """`text` with every control, line-separator and bidi-control character written as an escape."""
    if _UNSAFE.search(text) is None:
        return text
    return _UNSAFE.sub(_escape, text)
