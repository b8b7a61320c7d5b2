"""Which modules of the per-hand hot path run compiled, and whether a compiled one is out of date.

setup.py compiles the modules of HOT_PATH with mypyc when the machine can (see its docstring);
their `.py` files stay the reference and run wherever no extension was built. An editable install
builds the extensions once, into the source tree, where they take precedence over the `.py`
beside them: after an edit, `pip install -e .` must run again, and `stale()` names the modules
whose source is newer than their extension (the test suite fails on them). Only the standard
library is imported here: setup.py reads HOT_PATH from this file before anything is installed.
"""

from __future__ import annotations

import importlib
import importlib.machinery
from pathlib import Path

HOT_PATH = (
    "hhtool.io.split",
    "hhtool.grammar.lexer",
    "hhtool.grammar.lalr",
    "hhtool.grammar.fields",
    "hhtool.grammar.result",
    "hhtool.dialects.pokerstars.reader",
    "hhtool.dialects.ggpoker.reader",
    "hhtool.dialects.winamax.reader",
    "hhtool.grammar.parse",
    "hhtool.rules.ranking",
    "hhtool.rules.betting",
    "hhtool.rules.seat",
    "hhtool.dialects.pokerstars.wording",
    "hhtool.rules.replay",
    "hhtool.rules.settle",
    "hhtool.rules.crosshand",
    "hhtool.export.rows",
)


def source_paths() -> list[str]:
    """HOT_PATH as paths relative to the project root, the form setup.py gives mypyc."""
    return [name.replace(".", "/") + ".py" for name in HOT_PATH]


def compiled() -> dict[str, bool]:
    """Each hot-path module → whether the running process loaded it as a C extension."""
    return {name: _is_extension(importlib.import_module(name).__file__ or "") for name in HOT_PATH}


def describe() -> str:
    """One line for benchmark output: what ran compiled."""
    flags = compiled()
    count = sum(flags.values())
    if count == len(flags):
        return f"compiled (mypyc): all {count} hot-path modules"
    if count == 0:
        return "pure Python (no compiled hot-path module)"
    return f"partly compiled: {', '.join(name for name, on in flags.items() if on)}"


def stale() -> list[str]:
    """Hot-path modules loaded from an extension older than the `.py` beside it."""
    out = []
    for name in HOT_PATH:
        path = Path(importlib.import_module(name).__file__ or "")
        if not _is_extension(str(path)):
            continue
        source = path.with_name(name.rpartition(".")[2] + ".py")
        if source.is_file() and source.stat().st_mtime > path.stat().st_mtime:
            out.append(name)
    return out


def _is_extension(path: str) -> bool:
    return path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
