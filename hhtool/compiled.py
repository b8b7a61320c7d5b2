"""Which modules of the per-hand hot path run compiled, and the import guard that keeps a stale
compiled module from running.

setup.py compiles the modules of HOT_PATH with mypyc when asked or by default (see its docstring);
their `.py` files stay the reference and run wherever no extension was built. When it compiles, it
records each compiled source (size, modification time, CRC-32) in hhtool/_build_info.txt (a text
file read by path, not a module: an import could find another checkout's record). At
`import hhtool`, `guard()` compares the sources beside the extensions with that record: if one
changed (an edited checkout with an old in-place build) or HHTOOL_PURE_PYTHON is set, every
compiled module is loaded from its `.py` instead — all or none, since mypyc's modules call each
other directly — and a changed source is named in one warning on stderr. Only the standard library
is imported here, and little of it: the guard runs in every process, and setup.py reads this file
before anything is installed.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import os
import sys

HOT_PATH = (
    "hhtool.io.headers",
    "hhtool.io.split",
    "hhtool.grammar.lexer",
    "hhtool.grammar.lalr",
    "hhtool.grammar.fields",
    "hhtool.grammar.result",
    "hhtool.dialects.textreader",
    "hhtool.dialects.pokerstars.reader",
    "hhtool.dialects.ggpoker.reader",
    "hhtool.dialects.winamax.reader",
    "hhtool.grammar.parse",
    "hhtool.rules.ranking",
    "hhtool.rules.showdown_value",  # every shown hand's value, Hold'em's too
    "hhtool.rules.hilo",
    "hhtool.rules.betting",
    "hhtool.rules.seat",
    "hhtool.dialects.hand_names",
    "hhtool.rules.pots",
    "hhtool.dialects.pokerstars.wording",
    "hhtool.rules.replay",
    "hhtool.rules.settle",
    "hhtool.rules.crosshand",
    # the per-hand checks run on every settled hand (hhtool/rules/checks/: their package, which finds
    # them, stays Python)
    "hhtool.rules.checks.ev_payoffs",
    "hhtool.rules.checks.ledgers",
    "hhtool.rules.checks.street_pot",
    "hhtool.export.rows",
    "hhtool.engine.wire",
    "hhtool.dialects.sites",  # a hand's site: a look-up in the registry's dated_sites
    # every hand's own verdict and its merge with the cross-hand state (as plain Python, the interpreted
    # calls of these two were most of a hand's that the compiled modules left)
    "hhtool.check",
    "hhtool.engine.merge",
)

# Python modules that may use the speed idioms of the compiled ones (a NamedTuple built with tuple.__new__:
# one per hand, in every run), each with the tests that hold what it builds equal to the plain constructors'
# (tests/test_fast_paths.py keeps the idioms to HOT_PATH and these)
FAST_PATHS: dict[str, tuple[str, ...]] = {
    "hhtool.engine.work": (
        "tests/test_parallel.py::test_records_in_chunks_match_the_sequential_run",
        "tests/test_parallel.py::test_validate_output_is_the_same_for_any_jobs",
    ),
}

PURE_ENV = "HHTOOL_PURE_PYTHON"
BUILD_INFO = "_build_info.txt"  # the build record's name in the package folder
# set by the first process that printed the stale-build warning, so that its workers do not repeat it
_WARNED_ENV = "HHTOOL_STALE_BUILD_WARNED"
_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))

# what guard() decided, for stale() and describe()
_forced_pure = False
_stale: list[str] = []


def source_paths() -> list[str]:
    """HOT_PATH as paths relative to the project root, the form setup.py gives mypyc."""
    return [_relative(name) for name in HOT_PATH]


def flag(name: str) -> bool:
    """An on/off environment variable: set, and neither empty nor 0."""
    return os.environ.get(name, "") not in ("", "0")


def source_record(path: str) -> tuple[int, int, int]:
    """What setup.py records of a compiled source and the guard compares: size, mtime (ns), CRC-32.

    The size and time settle the usual case with one stat; the CRC-32 (about 0.3 ms for all the
    sources) decides when the time differs, as in a regular install, whose files are newer than
    the build's, or after a `touch`."""
    import zlib

    with open(path, "rb") as source:
        data = source.read()
    return len(data), os.stat(path).st_mtime_ns, zlib.crc32(data)


def record_text(records: dict[str, tuple[int, int, int]]) -> str:
    """The build record as setup.py writes it: one line per compiled module, `name size mtime_ns crc32`."""
    lines = [f"{name} {size} {mtime_ns} {crc}\n" for name, (size, mtime_ns, crc) in records.items()]
    return "# hhtool's compiled modules as compiled (setup.py; see hhtool.compiled.guard)\n" + "".join(lines)


def read_record(path: str) -> dict[str, tuple[int, int, int]] | None:
    """The build record at `path`; None when there is none (or it cannot be read: then nothing is trusted)."""
    try:
        with open(path, encoding="utf-8") as text:
            lines = [line.split() for line in text if not line.startswith("#")]
        return {name: (int(size), int(mtime_ns), int(crc)) for name, size, mtime_ns, crc in lines}
    except (OSError, ValueError):
        return None


def guard() -> None:
    """Load the compiled modules from their `.py` files if HHTOOL_PURE_PYTHON is set or one of their
    sources no longer matches the build; hhtool/__init__.py calls this before any of them is imported."""
    global _forced_pure
    if flag(PURE_ENV):
        _forced_pure = True
        _load_sources(HOT_PATH)
        return
    record = read_record(os.path.join(_PACKAGE_DIR, BUILD_INFO))
    if record is None:
        # no record: nothing was compiled, or an in-place build older than the record; such a build
        # cannot be checked, so it does not run
        if _has_extension(HOT_PATH[0]):
            _stale[:] = list(HOT_PATH)
            _warn(f"the compiled hot path has no build record (hhtool/{BUILD_INFO})")
            _load_sources(HOT_PATH)
        return
    changed = [name for name, sources in record.items() if not _matches(name, sources)]
    if changed and any(_has_extension(name) for name in record):
        _stale[:] = changed
        _warn(f"{', '.join(_relative(name) for name in changed)} changed since the hot path was compiled")
        _load_sources(tuple(record))


def _matches(name: str, record: tuple[int, int, int]) -> bool:
    path = os.path.join(_PACKAGE_DIR, _relative(name)[len("hhtool/") :])
    try:
        stat = os.stat(path)
    except OSError:
        return True  # no source beside the extension: nothing to compare it with
    size, mtime_ns, crc = record
    if stat.st_size != size:
        return False
    return stat.st_mtime_ns == mtime_ns or source_record(path)[2] == crc


def _relative(name: str) -> str:
    return name.replace(".", "/") + ".py"


def _extension_path(name: str) -> str:
    return os.path.join(_PACKAGE_DIR, *name.split(".")[1:]) + importlib.machinery.EXTENSION_SUFFIXES[0]


def _has_extension(name: str) -> bool:
    return os.path.exists(_extension_path(name))


def _warn(why: str) -> None:
    if flag(_WARNED_ENV):
        return
    os.environ[_WARNED_ENV] = "1"
    sys.stderr.write(
        f"hhtool: {why}: running the hot path as plain Python (same results, slower). Rebuild it "
        "with `HHTOOL_COMPILE=1 pip install -e .` in a checkout (`pip install .` otherwise), or set "
        f"{PURE_ENV}=1 to run plain Python without this warning.\n"
    )


class _SourceFinder:
    """Finds the named modules' `.py` files ahead of the extensions beside them (the default path
    finder prefers an extension)."""

    def __init__(self, names: tuple[str, ...]) -> None:
        self.names = frozenset(names)

    def find_spec(self, fullname: str, path: object = None, target: object = None) -> object:
        if fullname not in self.names or not path:
            return None
        import importlib.util

        leaf = fullname.rpartition(".")[2] + ".py"
        for folder in path:  # type: ignore[attr-defined]  # the parent package's __path__
            candidate = os.path.join(folder, leaf)
            if os.path.isfile(candidate):
                loader = importlib.machinery.SourceFileLoader(fullname, candidate)
                return importlib.util.spec_from_file_location(fullname, candidate, loader=loader)
        return None


def _load_sources(names: tuple[str, ...]) -> None:
    if not any(isinstance(finder, _SourceFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, _SourceFinder(names))  # type: ignore[arg-type]


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
        if _forced_pure:
            return f"pure Python ({PURE_ENV} is set)"
        if _stale:
            return f"pure Python (the compiled hot path is out of date: {', '.join(map(_relative, _stale))} changed)"
        return "pure Python (no compiled hot-path module)"
    return f"partly compiled: {', '.join(name for name, on in flags.items() if on)}"


def stale() -> list[str]:
    """Compiled modules whose source no longer matches the build: the guard loaded the `.py` files
    instead of the extensions (empty when the build is current or nothing was compiled)."""
    return list(_stale)


def _is_extension(path: str) -> bool:
    return path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
