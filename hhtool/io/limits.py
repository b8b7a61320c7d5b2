"""Limits on what hhtool reads outside hand text: the files options name, and TOML structure (docs/commands.md: Limits).

`tomllib` recurses once per level of nested arrays and inline tables (5,000 `[` end in RecursionError)
and keeps, for a dotted key of n parts, every prefix of it (n^2/2 key parts: a 16 KB key took 260 MB);
`read_option_file` read a named file whole whatever it was (`/dev/zero` never ends). These checks
run before the file or text is read further, in time linear in its size.
"""

from __future__ import annotations

import os
import re
import stat

MAX_OPTION_FILE = 1 << 20
"""The largest file `--rules`, `--config`, `--acpc-game` or a discovered configuration file may be (1 MiB)."""
MAX_TOML_DEPTH = 32
"""The deepest nesting of TOML arrays and inline tables read (a PHH hand needs 2, a rules file 3)."""
MAX_KEY_PARTS = 8
"""The most parts a dotted TOML key (`a.b.c`) or table name may have (pyproject's `tool.hhtool.format`: 3)."""
MAX_TOML_TABLES = 4096
"""The most tables a TOML text may make, by table headers and the dots of dotted keys (each costs tomllib
a dictionary and its flags: 8,000 `[kN.a.a.a.a.a.a.a]` headers took 260 MB)."""


MAX_JSON_DEPTH = 32
"""The deepest nesting of JSON arrays and objects read (an OHH hand needs 4; msgspec recurses once a level
and 1,000 `[` end in RecursionError)."""
_JSON_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]')


def json_too_deep(text: str) -> int | None:
    """The offset of the first `[` or `{` nested deeper than MAX_JSON_DEPTH (strings skipped), else None;
    one pass, linear in the text."""
    if text.count("[") + text.count("{") <= MAX_JSON_DEPTH:
        return None
    depth = 0
    for match in _JSON_TOKENS.finditer(text):
        first = match.group()[0]
        if first in "[{":
            depth += 1
            if depth > MAX_JSON_DEPTH:
                return match.start()
        elif first in "]}":
            depth = max(0, depth - 1)
    return None


class OptionFileError(ValueError):
    """A file named by an option that is not a regular file, or is larger than MAX_OPTION_FILE."""


def read_option_file(path: str | os.PathLike, what: str) -> bytes:
    """The bytes of the file at `path` (`what` names it in messages: "rules file"): OSError when it cannot
    be opened, OptionFileError when it is no regular file (a device, a FIFO) or is over MAX_OPTION_FILE."""
    with open(path, "rb") as handle:
        mode = os.fstat(handle.fileno()).st_mode
        if not stat.S_ISREG(mode):
            raise OptionFileError(f"{what} {os.fspath(path)} is not a regular file")
        data = handle.read(MAX_OPTION_FILE + 1)
    if len(data) > MAX_OPTION_FILE:
        raise OptionFileError(f"{what} {os.fspath(path)} is larger than {MAX_OPTION_FILE:,} bytes")
    return data


# what matters to nesting and to dotted keys, outside strings and comments; a string of several lines
# (''' or \"\"\") first, so that its quotes are not read as empty strings
_TOKENS = re.compile(
    r"'''.*?'''|\"\"\"(?:[^\\]|\\.)*?\"\"\"|'[^'\n]*'|\"(?:[^\"\\\n]|\\.)*\"|#[^\n]*"
    r"|[\[{]|[\]}]|\.|[\w+-]+|[ \t]+|\n|.",
    re.DOTALL,
)
_GATE = re.compile(r"[\[{.]")


class TomlLimit(ValueError):
    """TOML text beyond MAX_TOML_DEPTH or MAX_KEY_PARTS, at a 1-based line and column."""

    def __init__(self, message: str, line: int, column: int) -> None:
        super().__init__(message)
        self.line, self.column = line, column


def check_toml(text: str) -> None:
    """Raise TomlLimit where `text` nests arrays or inline tables deeper than MAX_TOML_DEPTH, has a dotted
    key of more than MAX_KEY_PARTS parts or makes more than MAX_TOML_TABLES tables (a number's decimal point
    counts as a key's dot: the count is an upper bound); other TOML errors are tomllib's to find."""
    if len(_GATE.findall(text)) <= min(MAX_TOML_DEPTH, MAX_KEY_PARTS):  # too few to reach any limit
        return
    depth = 0
    tables = 0
    line_opened = True  # nothing but blanks yet on this line: a `[` here opens a table header
    parts = 0  # the parts of the dotted key being read (a word or string counts one, each dot one more)
    after_dot = False
    line, line_start = 1, 0
    for match in _TOKENS.finditer(text):
        token = match.group()
        first = token[0]
        if first in "[{":
            if line_opened and depth == 0 and first == "[":
                tables += 1
            depth += 1
            if depth > MAX_TOML_DEPTH:
                raise TomlLimit(
                    f"arrays or tables nested more than {MAX_TOML_DEPTH} deep", line, match.start() - line_start + 1
                )
            parts, after_dot = 0, False
        elif first in "]}":
            depth = max(0, depth - 1)
            parts, after_dot = 0, False
        elif token == ".":
            if parts:
                after_dot = True
                tables += 1
        elif first in " \t":
            continue
        elif first == "\n" or first == "#" or token.startswith(("'''", '"""')):
            parts, after_dot = 0, False
        elif first.isalnum() or first in "_+-'\"":
            parts = parts + 1 if after_dot else 1
            after_dot = False
            if parts > MAX_KEY_PARTS:
                raise TomlLimit(
                    f"a dotted key of more than {MAX_KEY_PARTS} parts", line, match.start() - line_start + 1
                )
        else:
            parts, after_dot = 0, False
        if tables > MAX_TOML_TABLES:
            raise TomlLimit(
                f"more than {MAX_TOML_TABLES:,} tables (table headers and dotted keys)",
                line,
                match.start() - line_start + 1,
            )
        line_opened = first == "\n"
        if "\n" in token:
            line += token.count("\n")
            line_start = match.start() + token.rfind("\n") + 1
