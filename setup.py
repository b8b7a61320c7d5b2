"""Build hook: compile the per-hand hot path with mypyc, or ship it as plain Python.

The project's metadata is in pyproject.toml; here are the packages and the extensions. The modules
of hhtool/compiled.py run for every line and every hand (split, lex, parse, replay, settle, rank,
cross-hand snapshots, export rows); mypyc turns their type-annotated Python into C extensions,
~1.5x faster per hand, with the same source and the same results. The `.py` files stay the
reference.

- A regular install (`pip install .`, a wheel) compiles; HHTOOL_PURE_PYTHON=1 builds without
  compiling, and a machine without a C compiler gets the pure-Python package (with a warning),
  never a failed install.
- An editable install (`pip install -e .`) is pure Python unless HHTOOL_COMPILE=1: its extensions
  would sit in the source tree, beside the files being edited. It removes the extensions a previous
  compiled editable install left there. With HHTOOL_COMPILE=1 it builds them in place.
- A compiled build records its sources in hhtool/_build_info.txt; at import, hhtool.compiled.guard()
  runs the `.py` files instead of extensions whose sources changed since.
- Metadata steps (egg_info, dist_info, sdist) do not compile: pip runs setup.py for them before the
  build, and mypyc would type-check and generate the C each time.
"""

from __future__ import annotations

import glob
import os
import runpy
import sys
from concurrent.futures import ThreadPoolExecutor

from setuptools import find_packages, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
# hhtool/compiled.py names the modules to compile (it imports only the standard library)
_COMPILED_PY = runpy.run_path(os.path.join(HERE, "hhtool", "compiled.py"))
COMPILED: list[str] = _COMPILED_PY["source_paths"]()
HOT_PATH: tuple[str, ...] = _COMPILED_PY["HOT_PATH"]
flag = _COMPILED_PY["flag"]
source_record = _COMPILED_PY["source_record"]
BUILD_INFO = os.path.join("hhtool", _COMPILED_PY["BUILD_INFO"])

# the setup.py commands that build the package, and those of an editable install (setuptools' PEP 660
# backend runs `editable_wheel`; `develop` is the legacy form; `build_ext --inplace` builds beside the sources)
BUILD_COMMANDS = {"build", "build_ext", "bdist_wheel", "bdist", "bdist_egg", "install"}
EDITABLE_COMMANDS = {"editable_wheel", "develop"}


def build_kind(argv: list[str]) -> str:
    """ "editable", "build" or "metadata": what this run of setup.py makes, from its commands."""
    words = set(argv[1:])
    if words & EDITABLE_COMMANDS or ("build_ext" in words and words & {"--inplace", "-i"}):
        return "editable"
    return "build" if words & BUILD_COMMANDS else "metadata"


class OptionalBuildExt(build_ext):
    """Build the extensions if the machine can; otherwise leave the pure-Python modules in charge.

    All or none: the compiled modules share one C library, so a partial build is removed. The
    sources' record (hhtool/_build_info.txt) is written beside a complete build only. The library's C
    files (one per module, mypyc's multi_file) are compiled on every core at once (`_compile_in_parallel`)."""

    def build_extensions(self) -> None:
        _compile_in_parallel(self.compiler, os.cpu_count() or 1)
        super().build_extensions()

    def run(self) -> None:
        in_place = bool(self.inplace or self.editable_mode)
        if in_place and not flag("HHTOOL_COMPILE"):
            # setuptools says "editable" here even where setup.py's command line did not (build_kind)
            self.extensions = []
            _remove_inplace_builds()
            _warn("editable install: pure Python (HHTOOL_COMPILE=1 compiles the hot path)")
            return
        try:
            super().run()
        except Exception as exc:  # noqa: BLE001 - no compiler, missing headers, …: all mean "stay pure"
            for ext in self.extensions:
                path = self.get_ext_fullpath(ext.name)
                if os.path.exists(path):
                    os.remove(path)
            _remove_inplace_builds() if in_place else _remove_built_extensions()
            _warn(f"compiling the hot path failed ({exc}); installing pure Python")
            return
        _write_build_info(HERE if in_place else self.build_lib)


def _compile_in_parallel(compiler, jobs: int) -> None:
    """Make `compiler.compile` run one C compiler per source file, `jobs` at once (setuptools compiles an
    extension's sources one after another: the hot path's 16 MB of C in one file took most of an install)."""
    one_by_one = compiler.compile

    def compile(sources, *args, **kwargs):
        if jobs < 2 or len(sources) < 2:
            return one_by_one(sources, *args, **kwargs)
        with ThreadPoolExecutor(jobs) as pool:  # (each thread waits on its compiler process)
            objects = pool.map(lambda source: one_by_one([source], *args, **kwargs), sources)
            return [obj for each in objects for obj in each]

    compiler.compile = compile


def _warn(message: str) -> None:
    print(f"hhtool setup: {message}", file=sys.stderr)


def _write_build_info(root: str) -> None:
    """hhtool/_build_info.txt under `root`: the record hhtool.compiled.guard() checks the sources against
    (a build directory's file is packed into the wheel with the extensions)."""
    with open(os.path.join(root, BUILD_INFO), "w", encoding="utf-8") as out:
        out.write(_COMPILED_PY["record_text"](SOURCE_RECORDS))


def _remove_inplace_builds() -> None:
    """A compiled editable install leaves its extensions in the source tree, where they would shadow the
    `.py` files; a pure editable install (or an in-place build that failed) removes them and their record."""
    stale = glob.glob(os.path.join(HERE, "hhtool__mypyc*.so")) + glob.glob(os.path.join(HERE, "hhtool__mypyc*.pyd"))
    for source in COMPILED:
        stale += glob.glob(os.path.join(HERE, source[: -len(".py")] + ".*.so"))
        stale += glob.glob(os.path.join(HERE, source[: -len(".py")] + ".*.pyd"))
    stale += glob.glob(os.path.join(HERE, BUILD_INFO))
    for path in stale:
        os.remove(path)


def _remove_built_extensions() -> None:
    """A pure regular build reuses the build folder, whose files all go into the wheel: a previous compiled
    build's extensions and record there go first."""
    for lib in glob.glob(os.path.join(HERE, "build", "lib.*")):
        stale = glob.glob(os.path.join(lib, "hhtool__mypyc*")) + glob.glob(os.path.join(lib, BUILD_INFO))
        stale += [
            p for p in glob.glob(os.path.join(lib, "hhtool", "**", "*"), recursive=True) if p.endswith((".so", ".pyd"))
        ]
        for path in stale:
            os.remove(path)


# each compiled source's record, taken when mypyc reads the sources
SOURCE_RECORDS: dict[str, tuple[int, int, int]] = {}


def _extensions() -> list:
    kind = build_kind(sys.argv)
    if kind == "metadata":
        return []
    stay_pure = _remove_inplace_builds if kind == "editable" else _remove_built_extensions
    if flag("HHTOOL_PURE_PYTHON") or (kind == "editable" and not flag("HHTOOL_COMPILE")):
        stay_pure()
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        stay_pure()
        _warn("mypyc is not available; installing pure Python")
        return []
    SOURCE_RECORDS.update({name: source_record(os.path.join(HERE, path)) for name, path in zip(HOT_PATH, COMPILED)})
    try:
        # the listed modules must type-check; the modules they import are read for their types, and their own
        # type errors (they run as plain Python) do not stop the build
        return mypycify(
            ["--ignore-missing-imports", "--follow-imports=silent", *COMPILED],
            opt_level="3",
            debug_level="0",
            group_name="hhtool",
            multi_file=True,  # a C file per module, compiled in parallel (OptionalBuildExt)
        )
    except (Exception, SystemExit) as exc:  # noqa: BLE001 - mypyc stops with SystemExit on a type error
        stay_pure()
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
