"""A progress bar on stderr (rich): hands done, hands/s, and the time left from the bytes read.

Shown only when stderr is a terminal (never in pipes, files or tests), unless forced either way.
"""

from __future__ import annotations

import sys
import time
from typing import Self

from hhtool.io.paths import file_size


def wanted(flag: bool | None) -> bool:
    """--progress/--no-progress when given, else whether stderr is a terminal."""
    if flag is not None:
        return flag
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


class Progress:
    """`advance(hands, nbytes)` as results come in; a no-op when disabled."""

    def __init__(self, enabled: bool, total: int = 0, label: str = "hands") -> None:
        self.enabled = enabled
        self.hands = 0
        self._bar = None
        self._file: str | None = None
        if not enabled:
            return
        from rich.console import Console
        from rich.progress import BarColumn, TextColumn, TimeRemainingColumn
        from rich.progress import Progress as Bar

        self._started = time.perf_counter()
        self._bar = Bar(
            TextColumn("{task.description}"),
            BarColumn(),
            TextColumn("{task.percentage:>3.0f}%"),
            TextColumn("{task.fields[hands]:,} {task.fields[label]}, {task.fields[rate]:,.0f}/s"),
            TimeRemainingColumn(),
            console=Console(file=sys.stderr),
            transient=True,
        )
        self._task = self._bar.add_task("hhtool", total=max(total, 1), hands=0, rate=0.0, label=label)

    def __enter__(self) -> Self:
        if self._bar is not None:
            self._bar.start()
        return self

    def __exit__(self, *exc) -> None:
        if self._bar is not None:
            self._bar.stop()

    def hand_in(self, file: str) -> None:
        """One hand done by a run in this process: bytes advance a whole file at a time."""
        if self._bar is None:
            return
        if file != self._file:
            done, self._file = self._file, file
            self.advance(1, file_size(done) if done is not None else 0)
        else:
            self.advance(1)

    def advance(self, hands: int = 0, nbytes: int = 0) -> None:
        if self._bar is None:
            return
        self.hands += hands
        elapsed = time.perf_counter() - self._started
        self._bar.update(
            self._task, advance=nbytes, hands=self.hands, rate=self.hands / elapsed if elapsed > 0 else 0.0
        )
