"""A line lexer for line-shaped grammars: one token per line, checked against the grammar's terminals.

Lark's own lexers try every allowed terminal at each position; for a format whose terminals are
whole lines led by free-text player names that means ~30 backtracking regexes a line. This lexer
keeps the grammar in charge (the patterns, priorities and the set of terminals the parser accepts
next all come from Lark) but first tries the few kinds a line's words point at. A line that the
hints do not place is tried against every allowed terminal, in priority order, so the hints only
make lexing faster, never different.

Which terminal a line is depends only on its text and on the set the parser allows there, so
the result is memoised per allowed set (a few sets per grammar) by line text: a session repeats
its lines (`*** HOLE CARDS ***`, `Hero: folds`, the seat lines of a table) hand after hand.
Where the parser allows one terminal only (the header line, say) there is nothing to choose: the
line is that terminal if it matches, and is not memoised (those lines are the ones that never repeat).
"""

from __future__ import annotations

import re

from lark.lexer import Lexer
from mypy_extensions import mypyc_attr

MEMO_LINES = 1 << 14  # per allowed set; cleared when full


class UnknownLine(Exception):
    """No terminal the parser accepts here matches the whole line."""

    def __init__(self, line: int, text: str, allowed: list[str]) -> None:
        super().__init__(f"line {line} matches no expected line kind")
        self.line, self.text, self.allowed = line, text, allowed


# Hints: the word after `name: ` and words inside name-led lines point at a few terminals.
_VERBS = {
    "folds": ("FOLD",), "checks": ("CHECK",), "calls": ("CALL",), "bets": ("BET",), "raises": ("RAISE",),
    "posts": ("POST_SMALL", "POST_BIG", "POST_ANTE", "POST_BOTH", "POST_BUTTON"),
    "shows": ("SHOW",), "mucks": ("MUCK",), "doesn't": ("NO_SHOW",), "is": ("SITTING_OUT",),
    "sits": ("SITTING_OUT",),
}
_FIRST_WORDS = {
    "***": ("STREET", "SUMMARY"), "Seat": ("SEAT", "SEAT_RESULT"), "Dealt": ("DEALT",),
    "Uncalled": ("UNCALLED",), "Total": ("TOTAL_POT",), "Board": ("BOARD",), "FIRST": ("BOARD",),
    "SECOND": ("BOARD",), "Hand": ("CANCELLED", "RUN_TWICE"), "Betting": ("CAPPED",), "No": ("NO_LOW",),
    "Table": ("TABLE",), "PokerStars": ("HEADER",),
}
_MARKERS = (
    (" collected ", "COLLECT"), (" cashed out the hand", "CASH_OUT"), (" leaves the table", "LEAVE"),
    (" joins the table", "JOIN"), (" is connected", "CONNECTION"), (" is disconnected", "CONNECTION"),
    (" has timed out", "CONNECTION"), (" has returned", "CONNECTION"), (" is sitting out", "SITTING_OUT"),
    (" sits out", "SITTING_OUT"), (" will be allowed", "WAIT_BUTTON"), (" was removed", "REMOVED"),
    (" wins ", "BOUNTY"), (" finished the tournament", "FINISHED"), (" and receives ", "REBUY"),
)


@mypyc_attr(native_class=False)
class LineMemo(dict):
    """Line text → terminal, as `classify` found it for one set of allowed terminals.

    It also holds the hint tables of `LineLexer.hints` narrowed to the allowed terminals, each
    with its compiled pattern, so that classifying a new line is a few dict look-ups and the
    patterns of the kinds the hints name: `chat`, `first_words`, `verbs` and `markers` keep the
    hints' keys and order, `ordered` is every allowed terminal in priority order.
    """

    __slots__ = ("allowed", "only", "chat", "first_words", "verbs", "markers", "ordered")

    def __init__(self, allowed: frozenset[str], fullmatch: dict | None = None, order: list[str] | None = None) -> None:
        super().__init__()
        self.allowed = allowed
        self.only = next(iter(allowed)) if len(allowed) == 1 else None
        fullmatch = fullmatch or {}
        self.chat = _narrowed(("CHAT",), allowed, fullmatch)
        self.first_words = {word: _narrowed(names, allowed, fullmatch) for word, names in _FIRST_WORDS.items()}
        self.verbs = {verb: _narrowed(names, allowed, fullmatch) for verb, names in _VERBS.items()}
        self.markers = tuple((marker, _narrowed((name,), allowed, fullmatch)) for marker, name in _MARKERS)
        self.ordered = _narrowed(order or (), allowed, fullmatch)


def _narrowed(names, allowed: frozenset[str], fullmatch: dict) -> tuple:
    """(name, pattern) of the kinds in `names` that are allowed, in `names`' order."""
    return tuple((name, fullmatch[name]) for name in names if name in allowed and name in fullmatch)


@mypyc_attr(native_class=False)
class LineLexer(Lexer):
    """Classifies whole lines; Lark takes it as the grammar's lexer, hhtool.grammar.lalr drives it."""

    __future_interface__ = 2

    def lex(self, lexer_state, parser_state):  # pragma: no cover - LineParser drives the lexer
        raise NotImplementedError("use hhtool.grammar.lalr.LineParser")

    def __init__(self, lexer_conf) -> None:
        terminals = sorted(lexer_conf.terminals, key=lambda t: -t.priority)  # stable: grammar order next
        self.order = [t.name for t in terminals]
        self.fullmatch = {t.name: re.compile(t.pattern.to_regexp()).fullmatch for t in terminals}
        self._memos: dict[frozenset[str], LineMemo] = {}

    def memo(self, allowed) -> LineMemo:
        """The memo for the terminals in `allowed` (a parser state's actions), shared by every state
        that allows the same ones."""
        key = frozenset(name for name in self.order if name in allowed)
        memo = self._memos.get(key)
        if memo is None:
            memo = self._memos[key] = LineMemo(key, self.fullmatch, self.order)
        return memo

    def classify_and_remember(self, line: str, memo: LineMemo) -> str | None:
        """`classify` for a line not in `memo` (the parser looks there first), remembering what it finds."""
        only = memo.only
        if only is not None:  # nothing to choose between
            return only if self.fullmatch[only](line) else None
        # `classify` with the hints of `hints` narrowed to the allowed kinds beforehand (the memo's tables)
        hinted: tuple | None
        if line[-1] == '"' and ' said, "' in line:
            hinted = memo.chat
        else:
            space = line.find(" ")  # the first word, and below the word after `name: `, without partition's copies
            hinted = memo.first_words.get(line[:space] if space >= 0 else line)
            colon = line.find(": ")
            if colon > 0:
                space = line.find(" ", colon + 2)
                verbs = memo.verbs.get(line[colon + 2:space] if space >= 0 else line[colon + 2:])
                if verbs is not None:
                    hinted = hinted + verbs if hinted is not None else verbs
            if hinted is None:
                hinted = ()
                for marker, names in memo.markers:
                    if marker in line:
                        hinted += names
        kind = None
        for name, fullmatch in hinted:
            if fullmatch(line):
                kind = name
                break
        else:
            for name, fullmatch in memo.ordered:
                if fullmatch(line):
                    kind = name
                    break
        if kind is not None:
            if len(memo) >= MEMO_LINES:
                memo.clear()
            memo[line] = kind
        return kind

    def hints(self, line: str) -> tuple[str, ...]:
        """The few terminals a line's words point at; the chat test comes first (chat text is free)."""
        if line[-1] == '"' and ' said, "' in line:
            return ("CHAT",)
        # fixed-text lines first ('Uncalled bet (…) returned to p: calls $5' is not a call), then the
        # verb after `name: `; a line the hints misplace still finds its kind in classify's full pass
        found = _FIRST_WORDS.get(line.partition(" ")[0], ())
        colon = line.find(": ")
        if colon > 0:
            verbs = _VERBS.get(line[colon + 2:].partition(" ")[0])
            if verbs:
                return found + verbs if found else verbs
        if found:
            return found
        return tuple(name for marker, name in _MARKERS if marker in line)

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
