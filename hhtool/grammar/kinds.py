"""Line kinds declared once: a grammar terminal, and one declaration that names its reader and the
words that point the lexer at it.

A dialect's reader module makes one `LineKinds` and declares each kind of line of its grammar with
it: `@KINDS.reads("FOLD", verbs=("folds",))` above the function that reads a fold line into its
event, or `KINDS.declare("TABLE", first=("Table",))` for a line its header or summary code reads.
`KINDS.readers` maps each terminal to its reader; `KINDS.hints()` gives the lexer its hint tables
(hhtool.grammar.lexer.Hints). Adding a kind of line is then one terminal in the `.lark` file and
one declared reader: `check(grammar_terminals)` says which terminals and declarations disagree.

Hint order is declaration order: where a line's words point at several kinds, they are tried in
the order they were declared (hints only make lexing faster; a line they misplace still finds its
kind in the lexer's full pass over every allowed terminal, in the grammar's priority order).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from hhtool.grammar.lexer import Hints

Reader = Callable[..., Any]  # (hand reader, line text, line number) -> event


class LineKinds:
    """The declared line kinds of one dialect: readers and hint words, by terminal name."""

    def __init__(self, *, chat_marker: str = "", chat_end: str = "") -> None:
        self.readers: dict[str, Reader] = {}
        self.declared: list[str] = []
        self._first: dict[str, list[str]] = {}
        self._verbs: dict[str, list[str]] = {}
        self._markers: list[tuple[str, str]] = []
        self._chat: list[str] = []
        self._chat_marker, self._chat_end = chat_marker, chat_end
        self._hints: Hints | None = None

    def declare(
        self,
        kind: str,
        *,
        first: Iterable[str] = (),
        verbs: Iterable[str] = (),
        markers: Iterable[str] = (),
        chat: bool = False,
        reader: Reader | None = None,
    ) -> None:
        """Declare a kind: the first words of its lines, the word after `name: `, fixed text inside
        its lines (`markers`), whether it is the chat kind, and its reader (None: read by the
        header, seat or summary code of the dialect)."""
        if kind in self.declared:
            raise ValueError(f"line kind {kind} is declared twice")
        self.declared.append(kind)
        for word in first:
            self._first.setdefault(word, []).append(kind)
        for verb in verbs:
            self._verbs.setdefault(verb, []).append(kind)
        self._markers.extend((marker, kind) for marker in markers)
        if chat:
            self._chat.append(kind)
        if reader is not None:
            self.readers[kind] = reader
        self._hints = None

    def reads(
        self,
        kind: str,
        *,
        first: Iterable[str] = (),
        verbs: Iterable[str] = (),
        markers: Iterable[str] = (),
        chat: bool = False,
    ) -> Callable[[Reader], Reader]:
        """Decorator: the function below reads lines of `kind` (see `declare` for the hint words)."""

        def register(reader: Reader) -> Reader:
            self.declare(kind, first=first, verbs=verbs, markers=markers, chat=chat, reader=reader)
            return reader

        return register

    def hints(self) -> Hints:
        """The lexer's hint tables for these kinds (the same object until a kind is added)."""
        if self._hints is None:
            self._hints = Hints(
                {word: tuple(kinds) for word, kinds in self._first.items()},
                {verb: tuple(kinds) for verb, kinds in self._verbs.items()},
                tuple(self._markers),
                tuple(self._chat),
                self._chat_marker,
                self._chat_end,
            )
        return self._hints

    def check(self, terminals: Iterable[str]) -> list[str]:
        """What disagrees between the grammar's terminals and the declarations (empty when they agree)."""
        terminals = set(terminals)
        problems = [f"terminal {name} has no declared line kind" for name in sorted(terminals - set(self.declared))]
        problems += [
            f"line kind {name} is not a terminal of the grammar" for name in self.declared if name not in terminals
        ]
        return problems
