"""The speed idioms stay in the named fast-path modules (issue #28): a NamedTuple built with
`tuple.__new__` (no keyword-argument call per hand), the `re` module's private parser, Lark's parser
internals. Each of those modules is compiled (`hhtool.compiled.HOT_PATH`) or named in
`hhtool.compiled.FAST_PATHS` with the tests that hold its fast constructions equal to the plain ones;
anywhere else such an idiom is a finding here, so that a newcomer meets plain Python outside them.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from hhtool import compiled

PACKAGE = Path(__file__).resolve().parent.parent / "hhtool"
TESTS = Path(__file__).resolve().parent

# (what, the pattern of it in a module's source)
IDIOMS = (
    ("tuple.__new__", re.compile(r"\btuple\.__new__\b")),
    (
        "the re module's private parser",
        re.compile(r"""["']re\._(?:parser|constants|compiler)["']|\bsre_(?:parse|compile)\b"""),
    ),
    ("Lark's parser internals", re.compile(r"\bfrom lark\.(?:parsers|lexer)\b|\.parser\.parser\.parser\b")),
)


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _code_only(source: str) -> str:
    """The source without its comments and docstrings (they may name an idiom to explain it)."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            value = body[0].value
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                body[0] = ast.Pass()
    return ast.unparse(tree)


def idioms_outside_fast_paths() -> list[str]:
    allowed = set(compiled.HOT_PATH) | set(compiled.FAST_PATHS)
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        name = _module_name(path)
        if name in allowed:
            continue
        code = _code_only(path.read_text(encoding="utf-8"))
        found.extend(f"{name}: {what}" for what, pattern in IDIOMS if pattern.search(code))
    return found


def test_speed_idioms_only_in_the_named_fast_path_modules():
    assert idioms_outside_fast_paths() == []


def test_the_check_sees_an_idiom_in_code_but_not_in_its_docstring():
    assert IDIOMS[0][1].search(_code_only("x = tuple.__new__(T, (1,))\n"))
    assert not IDIOMS[0][1].search(_code_only('"""built as tuple.__new__ builds it"""\nx = 1\n'))
    assert IDIOMS[1][1].search(_code_only('m = importlib.import_module("re._parser")\n'))
    assert IDIOMS[2][1].search(_code_only("from lark.parsers.lalr_analysis import Shift\n"))


@pytest.mark.parametrize("name", sorted(compiled.FAST_PATHS))
def test_each_named_fast_path_module_has_its_equivalence_tests(name):
    """A module named a fast path names the tests that hold its fast constructions to the plain ones,
    and those tests exist."""
    for test in compiled.FAST_PATHS[name]:
        file, _, function = test.partition("::")
        source = (TESTS.parent / file).read_text(encoding="utf-8")
        assert f"def {function}(" in source, f"{name}: {test} not found"
