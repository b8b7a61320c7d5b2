"""Build hook: compile the per-hand hot path with mypyc, or ship it as plain Python.

The project's metadata is in pyproject.toml; here are the packages and the extensions. The modules
of hhtool/compiled.py run for every line and every hand (split, lex, parse, replay, settle, rank,
cross-hand snapshots, export rows); mypyc turns their type-annotated Python into C extensions,
~1.5x faster per hand, with the same source and the same results. The `.py` files stay the
reference: set HHTOOL_PURE_PYTHON=1 to build without compiling, and a machine without a C compiler
gets the pure-Python package (with a warning), never a failed install.
"""

from __future__ import annotations

import glob
import os
import runpy
import sys

from setuptools import find_packages, setup
from setuptools.command.build_ext import build_ext

# the modules to compile: hhtool/compiled.py names them (it imports only the standard library)
COMPILED = runpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)), "hhtool", "compiled.py"))[
    "source_paths"]()


class OptionalBuildExt(build_ext):
    """Build the extensions if the machine can; otherwise leave the pure-Python modules in charge.

    All or none: the compiled modules share one C library, so a partial build is removed."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # noqa: BLE001 - no compiler, missing headers, …: all mean "stay pure"
            for ext in self.extensions:
                path = self.get_ext_fullpath(ext.name)
                if os.path.exists(path):
                    os.remove(path)
            _remove_inplace_builds()
            _warn(f"compiling the hot path failed ({exc}); installing pure Python")


def _warn(message: str) -> None:
    print(f"hhtool setup: {message}", file=sys.stderr)


def _remove_inplace_builds() -> None:
    """An editable install keeps a previous build's extensions in the source tree, where they shadow
    the `.py` files; when this build stays pure, they go, or a half of them would break the import."""
    here = os.path.dirname(os.path.abspath(__file__))
    stale = glob.glob(os.path.join(here, "hhtool__mypyc*.so")) + glob.glob(os.path.join(here, "hhtool__mypyc*.pyd"))
    for source in COMPILED:
        stale += glob.glob(os.path.join(here, source[:-len(".py")] + ".*.so"))
        stale += glob.glob(os.path.join(here, source[:-len(".py")] + ".*.pyd"))
    for path in stale:
        os.remove(path)


def _extensions() -> list:
    if os.environ.get("HHTOOL_PURE_PYTHON"):
        _remove_inplace_builds()
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        _remove_inplace_builds()
        _warn("mypyc is not available; installing pure Python")
        return []
    try:
        # the listed modules must type-check; the modules they import are read for their types, and their own
        # type errors (they run as plain Python) do not stop the build
        return mypycify(["--ignore-missing-imports", "--follow-imports=silent", *COMPILED], opt_level="3",
                        debug_level="0", group_name="hhtool")
    except (Exception, SystemExit) as exc:  # noqa: BLE001 - mypyc stops with SystemExit on a type error
        _remove_inplace_builds()
        _warn(f"mypyc could not compile the hot path ({exc}); installing pure Python")
        return []


setup(
    # the grammars live at the top of the repository and ship inside the package (hhtool.grammar.loader)
    packages=[*find_packages(include=["hhtool", "hhtool.*"]), "hhtool._grammar"],
    package_dir={"hhtool._grammar": "grammar"},
    package_data={"hhtool._grammar": ["*.lark"], "hhtool.profiles": ["*.toml"]},
    ext_modules=_extensions(),
    cmdclass={"build_ext": OptionalBuildExt},
)
