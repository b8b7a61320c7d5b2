"""The layers point one way (issue #28): `model` <- `rules` <- `grammar`/`dialects` <- pipeline <- `export`/outputs
<- cli. Read from the source with `ast`, not by importing: what a module imports when it is loaded (its
module-level imports, each with the packages it runs on the way: `import hhtool.io.limits` runs
`hhtool/io/__init__.py` too) and what it imports inside its functions.

- The rules layer never reaches the site registry, the engine or the export: no module of `hhtool/rules/`
  imports them, at its top or in a function, and nothing it loads does either. The replay and the settlement
  receive the site (`hhtool.model.conventions.Site`) from their caller.
- No circle among hhtool's modules, through their module-level imports nor once their function-local
  imports (which run when called) count too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "hhtool"
ABOVE_RULES = ("hhtool.dialects", "hhtool.engine", "hhtool.export")
# modules whose imports another branch of #28 fixes: (module, why), expected to fail here until it lands
PENDING: dict[str, str] = {}  # none left: crosshand was the last (its uid table and conventions come in as data)


def modules(package: Path) -> dict[str, Path]:
    """Every module of the package under `package`, by dotted name (a package by its own name)."""
    found = {}
    for path in sorted(package.rglob("*.py")):
        parts = list(path.relative_to(package.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _is_type_checking(node: ast.If) -> bool:
    return "TYPE_CHECKING" in ast.unparse(node.test)


def _import_module_name(node: ast.AST) -> str | None:
    """The literal name of an `importlib.import_module("...")` call, an import as sure as a statement."""
    if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
        called = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None)
        if called == "import_module" and isinstance(node.args[0].value, str):
            return node.args[0].value
    return None


class Imports:
    """Each module's imports of the package's modules: `loaded` (when the module is loaded) and `local`
    (inside its functions, `importlib.import_module` of a literal name too; `if TYPE_CHECKING:` blocks,
    never run, are neither)."""

    def __init__(self, package: Path) -> None:
        self.paths = modules(package)
        self.loaded: dict[str, set[str]] = {}
        self.local: dict[str, set[str]] = {}
        for name, path in self.paths.items():
            tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
            loaded: set[str] = set()
            local: set[str] = set()
            self._visit(name, tree.body, loaded, local)
            self.loaded[name], self.local[name] = self._own(name, loaded), self._own(name, local)

    def _visit(self, name: str, body: list[ast.stmt], loaded: set[str], local: set[str]) -> None:
        for node in body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                for inner in ast.walk(node):
                    if isinstance(inner, ast.Import | ast.ImportFrom):
                        local.update(self._targets(name, inner))
                    elif (dynamic := _import_module_name(inner)) is not None:
                        local.update(self._targets(name, ast.Import(names=[ast.alias(name=dynamic)])))
            elif isinstance(node, ast.Import | ast.ImportFrom):
                loaded.update(self._targets(name, node))
            elif isinstance(node, ast.If) and _is_type_checking(node):
                self._visit(name, node.orelse, loaded, local)
            else:  # class bodies, if/try/with blocks at module level run when the module is loaded
                for field in ("body", "orelse", "finalbody", "handlers"):
                    block = getattr(node, field, None)
                    if isinstance(block, list):
                        self._visit(name, block, loaded, local)

    def _targets(self, name: str, node: ast.Import | ast.ImportFrom) -> set[str]:
        """The package's modules an import statement loads: the named module, its packages on the way, and
        for `from X import y` the submodule `X.y` where there is one."""
        if isinstance(node, ast.Import):
            named = [alias.name for alias in node.names]
        else:
            base = node.module or ""
            if node.level:  # relative: from the module's package, up `level - 1` packages
                here = name.split(".") if self.paths[name].name == "__init__.py" else name.split(".")[:-1]
                here = here[: len(here) - node.level + 1]
                base = ".".join([*here, base] if base else here)
            named = [base, *(f"{base}.{alias.name}" for alias in node.names)]
        found = set()
        for dotted in named:
            parts = dotted.split(".")
            found.update(".".join(parts[:i]) for i in range(1, len(parts) + 1) if ".".join(parts[:i]) in self.paths)
        return found

    @staticmethod
    def _own(name: str, targets: set[str]) -> set[str]:
        """Without the module itself and its own packages (loaded before it, whatever it imports)."""
        return {t for t in targets if t != name and not name.startswith(t + ".")}

    def reached(self, name: str) -> dict[str, str]:
        """Every module loading `name` loads, each with the module that imports it (for the message)."""
        via: dict[str, str] = {}
        todo = [name]
        while todo:
            current = todo.pop()
            for target in sorted(self.loaded[current]):
                if target not in via and target != name:
                    via[target] = current
                    todo.append(target)
        return via

    def chain(self, name: str, target: str) -> str:
        via, links = self.reached(name), [target]
        while links[-1] != name:
            links.append(via[links[-1]])
        return " -> ".join(reversed(links))

    def circles(self, edges: dict[str, set[str]] | None = None) -> list[list[str]]:
        """The import circles (strongly connected groups of two or more modules) of `edges` (default: the
        module-level imports), each sorted, iteratively (Tarjan)."""
        edges = self.loaded if edges is None else edges
        index: dict[str, int] = {}
        low: dict[str, int] = {}
        stack: list[str] = []
        on_stack: set[str] = set()
        groups: list[list[str]] = []
        for root in sorted(edges):
            if root in index:
                continue
            work = [(root, iter(sorted(edges[root])))]
            index[root] = low[root] = len(index)
            stack.append(root)
            on_stack.add(root)
            while work:
                node, children = work[-1]
                child = next(children, None)
                if child is not None:
                    if child not in index:
                        index[child] = low[child] = len(index)
                        stack.append(child)
                        on_stack.add(child)
                        work.append((child, iter(sorted(edges.get(child, ())))))
                    elif child in on_stack:
                        low[node] = min(low[node], index[child])
                    continue
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        groups.append(sorted(group))
        return sorted(groups)

    def local_circles(self) -> list[list[str]]:
        """The circles once function-local imports count too."""
        both = {name: self.loaded[name] | self.local[name] for name in self.paths}
        return self.circles(both)


IMPORTS = Imports(PACKAGE)
RULES = sorted(name for name in IMPORTS.paths if name.startswith("hhtool.rules."))


def _above(targets) -> list[str]:
    return sorted(t for t in targets if any(t == layer or t.startswith(layer + ".") for layer in ABOVE_RULES))


def _rules_params():
    for name in RULES:
        why = PENDING.get(name)
        marks = [pytest.mark.xfail(reason=why, strict=True)] if why else []
        yield pytest.param(name, marks=marks, id=name.rpartition(".")[2])


@pytest.mark.parametrize("name", list(_rules_params()))
def test_the_rules_never_reach_the_registry_the_engine_or_the_export(name):
    direct = _above(IMPORTS.loaded[name] | IMPORTS.local[name])
    assert direct == [], f"{name} imports {direct}"
    reached = _above(IMPORTS.reached(name))
    assert reached == [], "; ".join(IMPORTS.chain(name, target) for target in reached)


def test_no_import_circle_among_hhtool_modules():
    assert IMPORTS.circles() == []


def test_no_import_circle_through_function_local_imports():
    assert IMPORTS.local_circles() == []


def test_pending_modules_exist():
    """An entry of PENDING names a module of the rules layer (the list only shrinks, as its branches land)."""
    assert set(PENDING) <= set(RULES)


def _package(tmp_path: Path, files: dict[str, str]) -> Imports:
    for relative, text in files.items():
        path = tmp_path / "toy" / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return Imports(tmp_path / "toy")


def test_the_reader_sees_imports_through_packages_and_relative_names(tmp_path):
    toy = _package(
        tmp_path,
        {
            "__init__.py": "",
            "rules/__init__.py": "",
            "rules/replay.py": "from toy.io.limits import cap\nfrom . import betting\n",
            "rules/betting.py": "def f():\n    from toy.dialects import registry\n",
            "io/__init__.py": "from toy.io.split import Block\n",
            "io/limits.py": "cap = 1\n",
            "io/split.py": "import toy.dialects.registry\n",
            "dialects/__init__.py": "",
            "dialects/registry.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import toy.rules.replay\n",
        },
    )
    assert toy.loaded["toy.rules.replay"] == {"toy.io", "toy.io.limits", "toy.rules.betting"}
    assert toy.local["toy.rules.betting"] == {"toy.dialects", "toy.dialects.registry"}
    assert toy.chain("toy.rules.replay", "toy.dialects.registry") == (
        "toy.rules.replay -> toy.io -> toy.io.split -> toy.dialects.registry"
    )
    assert toy.circles() == []  # the TYPE_CHECKING import is never run


def test_a_circle_is_found_and_a_local_one_only_with_local_imports(tmp_path):
    toy = _package(
        tmp_path,
        {
            "__init__.py": "",
            "a.py": "import toy.b\n",
            "b.py": "from toy import c\n",
            "c.py": "from .a import x\n",
            "d.py": "import toy.a\n",
            "e.py": "def f():\n    import toy.d\n",
            "f.py": "import toy.g\n",
            "g.py": "import importlib\ndef h():\n    return importlib.import_module('toy.f')\n",
        },
    )
    assert toy.circles() == [["toy.a", "toy.b", "toy.c"]]
    assert toy.local_circles() == [["toy.a", "toy.b", "toy.c"], ["toy.f", "toy.g"]]  # e -> d -> a joins none
    late = _package(
        tmp_path / "late", {"__init__.py": "", "d.py": "import toy.e\n", "e.py": "def f():\n    import toy.d\n"}
    )
    assert late.circles() == [] and late.local_circles() == [["toy.d", "toy.e"]]
