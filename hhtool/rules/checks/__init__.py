"""The checks of a settled hand that stand apart from the settlement, one module each.

A module of this package that defines `check(state: Replay) -> None` is run on every settled hand that
is not cancelled, after the pots and the summary are checked (`hhtool.rules.settle`), in the order of the
module names. It reports with `state.report(code, line, variant, ...)`, its codes declared in
`hhtool.codes` with their message templates (the one catalogue every output reads, as ruff's `codes.rs`);
a check that does not apply to a hand returns at once. So a new per-hand check is one module here (and
its code's declaration) and its test: nothing else names it.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable

from hhtool.rules.replay import Replay

HandCheck = Callable[[Replay], None]


def _discover() -> tuple[tuple[str, HandCheck], ...]:
    """(module name, its check) for every module of the package, by name: the same order in every process."""
    found = []
    for module in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if not module.name.startswith("_"):
            found.append((module.name, importlib.import_module(f"{__name__}.{module.name}").check))
    return tuple(found)


# what `hhtool.rules.settle` runs on each settled hand, in this order (read at each hand: a test adds one)
CHECKS: tuple[tuple[str, HandCheck], ...] = _discover()
