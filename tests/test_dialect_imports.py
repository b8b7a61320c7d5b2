"""No site package imports another site's package (issue #28): what sites share lives in site-neutral
modules of hhtool/dialects/ (textreader, hand_names, street_money, returns), so that editing one site's
package changes that site only. Read from the source with `ast`, imports inside functions included."""

from __future__ import annotations

import ast
from pathlib import Path

from hhtool import dialects

DIALECTS = Path(dialects.__file__).parent
SITES = sorted(path.name for path in DIALECTS.iterdir() if (path / "__init__.py").is_file())


def _imported(path: Path, package: str) -> list[tuple[int, str]]:
    """Every module a file imports, absolute (`from .x import y` resolved against its package), with its line."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, base] if base else parent)
            found.append((node.lineno, base))
            # `from hhtool.dialects import pokerstars` imports a site package by its name
            found += [(node.lineno, f"{base}.{alias.name}") for alias in node.names]
    return found


def cross_site_imports(root: Path = DIALECTS) -> list[str]:
    """`file:line imports hhtool.dialects.<other site>…` for each import of another site's package."""
    sites = sorted(path.name for path in root.iterdir() if (path / "__init__.py").is_file())
    found = []
    for site in sites:
        for path in sorted((root / site).rglob("*.py")):
            package = ".".join(["hhtool", "dialects", *path.relative_to(root).parent.parts])
            for line, module in _imported(path, package):
                parts = module.split(".")
                where = f"{path.relative_to(root)}:{line}"
                other_site = (
                    parts[:2] == ["hhtool", "dialects"] and len(parts) > 2 and parts[2] in sites and parts[2] != site
                )
                if other_site and (not found or not found[-1].startswith(where + " ")):  # one per import statement
                    found.append(f"{where} imports {module}")
    return found


def test_the_site_packages_are_found():
    assert {"pokerstars", "ggpoker", "winamax", "winning", "fulltilt", "betonline", "bovada"} <= set(SITES)
    assert "textreader" not in SITES  # a module beside the sites, not one of them


def test_no_site_package_imports_another_sites_package():
    assert cross_site_imports() == []


def test_a_cross_site_import_is_caught(tmp_path):
    for site, text in {
        "alpha": "from hhtool.dialects.textreader import HandReader\nfrom hhtool.dialects.alpha import x\n",
        "beta": "def f():\n    from hhtool.dialects import alpha\n",
        "gamma": "from ..alpha.reader import y\nimport hhtool.dialects.beta.writer\n",
    }.items():
        (tmp_path / site).mkdir()
        (tmp_path / site / "__init__.py").write_text("")
        (tmp_path / site / "reader.py").write_text(text)
    assert cross_site_imports(tmp_path) == [
        "beta/reader.py:2 imports hhtool.dialects.alpha",
        "gamma/reader.py:1 imports hhtool.dialects.alpha.reader",
        "gamma/reader.py:2 imports hhtool.dialects.beta.writer",
    ]
