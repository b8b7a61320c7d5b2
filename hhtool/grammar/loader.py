"""Find and load the `.lark` grammars, once per process.

The grammars live in the repository's top-level `grammar/` folder; the wheel ships them inside
the package as `hhtool/_grammar/`. Both places are looked up, so an installed wheel and an
editable install behave the same.
"""

from __future__ import annotations

import functools
from pathlib import Path

from hhtool.grammar.lalr import LineParser
from hhtool.grammar.lexer import NO_HINTS, Hints

_PACKAGE = Path(__file__).resolve().parent.parent
_CANDIDATES = (_PACKAGE / "_grammar", _PACKAGE.parent / "grammar")


def grammar_path(dialect: str) -> Path:
    for folder in _CANDIDATES:
        path = folder / f"{dialect}.lark"
        if path.is_file():
            return path
    raise FileNotFoundError(f"no grammar {dialect}.lark in {', '.join(map(str, _CANDIDATES))}")


@functools.cache
def load_parser(grammar: str, transformer_factory, hints: Hints = NO_HINTS) -> LineParser:
    """The grammar's LALR parser with its Transformer inlined (no tree is built) and its dialect's lexer
    hints, cached per process."""
    return LineParser(grammar_path(grammar).read_text(encoding="utf-8"), transformer_factory(), hints)
