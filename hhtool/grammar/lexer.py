"""A line lexer for line-shaped grammars: one token per line, checked against the grammar's terminals.

Lark's own lexers try every allowed terminal at each position; for a format whose terminals are
whole lines led by free-text player names that means ~30 backtracking regexes a line. This lexer
keeps the grammar in charge (the patterns, priorities and the set of terminals the parser accepts
next all come from Lark) but first tries the few kinds a line's words point at. A line that the
hints do not place is tried against every allowed terminal, in priority order, so the hints only
make lexing faster, never different.

Which terminal a line is depends only on its text and on the set the parser allows there, so
the result is memoised per allowed set (a few sets per grammar) by line text: a session repeats
its lines (street markers, `Hero: folds`, the seat lines of a table) hand after hand. The hint words
are the dialect's (`Hints`, collected from its declared line kinds by `hhtool.grammar.kinds`).
Where the parser allows one terminal only (the header line, say) there is nothing to choose: the
line is that terminal if it matches, and is not memoised (those lines are the ones that never repeat).

A name-led action line (`anpel: calls 600`) rarely repeats whole on unique hands, but its text after
the name does (`calls 600`, `folds`). For a terminal written `[^\\n]+: …` (`tail_led`), whether a line
matches depends only on the text after its first `: `, so such lines are also memoised by that text
(`LineMemo.tails`), where nothing but the verb's kinds decides (see `classify_new`).
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Iterable
from typing import Any, Final

from lark.lexer import Lexer
from mypy_extensions import mypyc_attr

MEMO_LINES: Final = 1 << 9  # per allowed set; cleared when full (small: a large one costs cache misses on unique hands)


class UnknownLine(Exception):
    """No terminal the parser accepts here matches the whole line."""

    def __init__(self, line: int, text: str, allowed: list[str]) -> None:
        super().__init__(f"line {line} matches no expected line kind")
        self.line, self.text, self.allowed = line, text, allowed


class Hints:
    """Which terminals a line's words point at, for one dialect (`hhtool.grammar.kinds.LineKinds.hints`
    collects them from the declared line kinds): the first word of a line (`first_words`), the word
    after `name: ` (`verbs`), fixed text inside a name-led line (`markers`, in order), and the chat test
    (a line ending `chat_end` with `chat_marker` in it is tried as `chat` first: chat text is free)."""

    __slots__ = ("first_words", "verbs", "markers", "chat", "chat_marker", "chat_end")

    def __init__(
        self,
        first_words: dict[str, tuple[str, ...]] | None = None,
        verbs: dict[str, tuple[str, ...]] | None = None,
        markers: tuple[tuple[str, str], ...] = (),
        chat: tuple[str, ...] = (),
        chat_marker: str = "",
        chat_end: str = "",
    ) -> None:
        self.first_words: dict[str, tuple[str, ...]] = first_words or {}
        self.verbs: dict[str, tuple[str, ...]] = verbs or {}
        self.markers = markers
        self.chat = chat
        self.chat_marker = chat_marker
        self.chat_end = chat_end


NO_HINTS: Final = Hints()


Match = Callable[[str], object]  # a terminal's compiled `fullmatch`: a match object or None


class Kind:
    """A terminal as the parser meets it: its name, and its index in the lexer's priority order, by which
    the parser finds its step in a list rather than a dict. (A plain class: compiled, both are read
    without a look-up.)"""

    __slots__ = ("name", "index")

    def __init__(self, name: str, index: int) -> None:
        self.name = name
        self.index = index

    def __repr__(self) -> str:
        return f"Kind({self.name!r}, {self.index})"


class LineMemo:
    """Line text → terminal (`lines`, its `Kind`), as `classify` found it for one set of allowed terminals.

    It also holds the hint tables of `LineLexer.hints` narrowed to the allowed terminals, each
    with its compiled pattern, so that classifying a new line is a few dict look-ups and the
    patterns of the kinds the hints name: `chat`, `first_words`, `verbs` and `markers` keep the
    hints' keys and order, `ordered` is every allowed terminal in priority order. A plain class
    (compiled: native attributes) holding a plain dict: the parser looks up every line in `lines`.
    """

    __slots__ = (
        "lines",
        "tails",
        "allowed",
        "only",
        "only_match",
        "chat",
        "chat_marker",
        "chat_end",
        "first_words",
        "verbs",
        "tail_verbs",
        "markers",
        "ordered",
    )

    def __init__(
        self,
        allowed: frozenset[str],
        fullmatch: dict[str, Match] | None = None,
        order: list[str] | None = None,
        hints: Hints = NO_HINTS,
        tail_led: frozenset[str] = frozenset(),
        kinds: dict[str, Kind] | None = None,
    ) -> None:
        self.lines: dict[str, Kind] = {}
        self.tails: dict[str, Kind] = {}  # text after a line's first `: ` → its kind (see classify_new)
        self.allowed = allowed
        fullmatch = fullmatch or {}
        kinds = kinds if kinds is not None else {name: Kind(name, index) for index, name in enumerate(order or ())}
        only = next(iter(allowed)) if len(allowed) == 1 else None
        self.only: Kind | None = kinds.get(only) if only is not None else None
        self.only_match: Match | None = fullmatch.get(only) if only is not None else None
        self.chat = _narrowed(hints.chat, allowed, fullmatch, kinds)
        self.chat_marker: str = hints.chat_marker
        self.chat_end: str = hints.chat_end
        self.first_words: dict[str, tuple[tuple[Kind, Match], ...]] = {
            word: _narrowed(names, allowed, fullmatch, kinds) for word, names in hints.first_words.items()
        }
        self.verbs: dict[str, tuple[tuple[Kind, Match], ...]] = {
            verb: _narrowed(names, allowed, fullmatch, kinds) for verb, names in hints.verbs.items()
        }
        # the verbs whose allowed kinds are all `tail_led`: their lines may be memoised by their tail
        self.tail_verbs: set[str] = {
            verb for verb, named in self.verbs.items() if named and all(kind.name in tail_led for kind, _ in named)
        }
        self.markers = tuple((marker, _narrowed((name,), allowed, fullmatch, kinds)) for marker, name in hints.markers)
        self.ordered = _narrowed(order or (), allowed, fullmatch, kinds)


def _narrowed(
    names: Iterable[str], allowed: frozenset[str], fullmatch: dict[str, Match], kinds: dict[str, Kind]
) -> tuple[tuple[Kind, Match], ...]:
    """(kind, pattern) of the kinds in `names` that are allowed, in `names`' order."""
    return tuple(
        (kinds[name], fullmatch[name]) for name in names if name in allowed and name in fullmatch and name in kinds
    )


def tail_led(pattern: str) -> bool:
    """Whether a terminal's regex is `[^\\n]+: ` (or `+?`) then a rest that looks at nothing before itself
    (no look-around, no back-reference, no flags around the whole). Then whether a line without a line
    break matches depends only on its text after its first `: ` (when that is not at its start): the
    rest can only begin at a `: `, and every `: ` from the first on lies in that text, at the same place
    whatever the name before it."""
    parser: Any = importlib.import_module("re._parser")  # (the `re` module's own parser: the pattern's tree)
    constants: Any = importlib.import_module("re._constants")
    try:
        items = list(parser.parse(pattern))
    except re.error:
        return False
    if len(items) < 3 or items[0][0] not in (constants.MAX_REPEAT, constants.MIN_REPEAT):
        return False
    low, high, repeated = items[0][1]
    if (low, high, list(repeated)) != (1, constants.MAXREPEAT, [(constants.NOT_LITERAL, ord("\n"))]):
        return False
    if items[1] != (constants.LITERAL, ord(":")) or items[2] != (constants.LITERAL, ord(" ")):
        return False
    rest = repr(items[3:])
    return "ASSERT" not in rest and "GROUPREF" not in rest


@mypyc_attr(native_class=False)
class LineLexer(Lexer):
    """Classifies whole lines; Lark takes it as the grammar's lexer, hhtool.grammar.lalr drives it."""

    __future_interface__ = 2

    def lex(self, lexer_state, parser_state):  # pragma: no cover - LineParser drives the lexer
        raise NotImplementedError("use hhtool.grammar.lalr.LineParser")

    def __init__(self, lexer_conf, hints: Hints = NO_HINTS) -> None:
        terminals = sorted(lexer_conf.terminals, key=lambda t: -t.priority)  # stable: grammar order next
        self.order = [t.name for t in terminals]
        self.kinds = {name: Kind(name, index) for index, name in enumerate(self.order)}
        self.fullmatch: dict[str, Match] = {t.name: re.compile(t.pattern.to_regexp()).fullmatch for t in terminals}
        self.hint_table = hints
        self.tail_led = frozenset(t.name for t in terminals if tail_led(t.pattern.to_regexp()))
        self._memos: dict[frozenset[str], LineMemo] = {}

    def memo(self, allowed) -> LineMemo:
        """The memo for the terminals in `allowed` (a parser state's actions), shared by every state
        that allows the same ones."""
        key = frozenset(name for name in self.order if name in allowed)
        memo = self._memos.get(key)
        if memo is None:
            memo = self._memos[key] = LineMemo(
                key, self.fullmatch, self.order, self.hint_table, self.tail_led, self.kinds
            )
        return memo

    def classify_and_remember(self, line: str, memo: LineMemo) -> str | None:
        """`classify` for a line not in `memo.lines` (the parser looks there first), remembering what it finds."""
        kind = classify_new(line, memo)
        return kind.name if kind is not None else None

    def hints(self, line: str) -> tuple[str, ...]:
        """The few terminals a line's words point at; the chat test comes first (chat text is free)."""
        hints = self.hint_table
        if hints.chat and line[-1] == hints.chat_end and hints.chat_marker in line:
            return hints.chat
        # fixed-text lines first (a line that starts with fixed text may quote a name-led action), then
        # the verb after `name: `; a line the hints misplace still finds its kind in classify's full pass
        found = hints.first_words.get(line.partition(" ")[0], ())
        colon = line.find(": ")
        if colon > 0:
            verbs = hints.verbs.get(line[colon + 2 :].partition(" ")[0])
            if verbs:
                return found + verbs if found else verbs
        if found:
            return found
        return tuple(name for marker, name in hints.markers if marker in line)

    def classify(self, line: str, allowed) -> str | None:
        """The terminal of a whole line among those `allowed` here: hinted ones first, then all."""
        fullmatch = self.fullmatch
        for name in self.hints(line):
            if name in allowed and fullmatch[name](line):
                return name
        for name in self.order:
            if name in allowed and fullmatch[name](line):
                return name
        return None


def classify_new(line: str, memo: LineMemo) -> Kind | None:
    """`LineLexer.classify` for a line not in `memo.lines` (the parser looks there first), with the hint tables
    narrowed to the allowed kinds beforehand (the memo's), remembering what it finds. (A function: compiled,
    the parser calls it directly.)

    A line holds no line break. Where its first word hints at nothing, it is not a chat line and its first
    `: ` (at `colon` > 0) is followed by a verb whose kinds are all `tail_led`, its kind is the first of
    those kinds that matches: a function of the text after that `: ` (see `tail_led`), remembered by it
    in `memo.tails` when a verb's kind matched (not when the full pass decided)."""
    only_match = memo.only_match
    if only_match is not None:  # nothing to choose between
        return memo.only if only_match(line) is not None else None
    hinted: tuple[tuple[Kind, Match], ...] | None
    tail: str | None = None  # set when the line's kind may be remembered by its tail
    if line[-1] == memo.chat_end and memo.chat_marker in line:
        hinted = memo.chat
    else:
        space = line.find(" ")  # the first word, and below the word after `name: `, without partition's copies
        hinted = memo.first_words.get(line[:space] if space >= 0 else line)
        colon = line.find(": ")
        if colon > 0:
            space = line.find(" ", colon + 2)
            verb = line[colon + 2 : space] if space >= 0 else line[colon + 2 :]
            if hinted is None and verb in memo.tail_verbs:
                tail = line[colon + 2 :]
                known = memo.tails.get(tail)
                if known is not None:
                    _remember(memo.lines, line, known)
                    return known
            verbs = memo.verbs.get(verb)
            if verbs is not None:
                hinted = hinted + verbs if hinted is not None else verbs
        if hinted is None:
            hinted = ()
            for marker, names in memo.markers:
                if marker in line:
                    hinted += names
    kind: Kind | None = None
    for named, fullmatch in hinted:
        if fullmatch(line) is not None:
            kind = named
            break
    else:
        tail = None  # the full pass decided: other kinds' patterns read the name too
        for named, fullmatch in memo.ordered:
            if fullmatch(line) is not None:
                kind = named
                break
    if kind is not None:
        _remember(memo.lines, line, kind)
        if tail is not None:
            _remember(memo.tails, tail, kind)
    return kind


def _remember(memo: dict[str, Kind], text: str, kind: Kind) -> None:
    if len(memo) >= MEMO_LINES:
        memo.clear()
    memo[text] = kind
