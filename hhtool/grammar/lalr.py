"""A lean driver for the LALR tables Lark builds from a line grammar.

Lark compiles the `.lark` file (terminals, rules, LALR(1) table); this module runs that table
with the line lexer. It follows Lark's tree-shaping conventions that the grammars use (a rule
whose name starts with `_` is inlined into its parent; a named rule calls the Transformer method
of that name with its children) and does nothing else, which is what makes it several times
faster per line than Lark's general-purpose parser loop.
"""

from __future__ import annotations

from typing import NamedTuple

from lark import Lark
from lark.parsers.lalr_analysis import Shift

from hhtool.grammar.lexer import LineLexer, UnknownLine


class LineToken(NamedTuple):
    type: str
    value: str
    line: int


class UnexpectedLine(Exception):
    """A line of a known kind where the grammar does not allow it (or the hand ends too soon)."""

    def __init__(self, token: LineToken | None, expected: list[str]) -> None:
        where = f"line {token.line} ({token.type})" if token else "end of hand"
        super().__init__(f"unexpected {where}")
        self.token, self.expected = token, expected


class _Inline(list):
    """Children of an inlined rule, spliced into the parent's children."""


class LineParser:
    def __init__(self, grammar: str, transformer) -> None:
        lark = Lark(grammar, parser="lalr", lexer=LineLexer, maybe_placeholders=False)
        self.lexer = LineLexer(lark.lexer_conf)
        table = lark.parser.parser.parser.parse_table
        self.start = table.start_states["start"]
        self.end = table.end_states["start"]
        self.states = {}
        for state, actions in table.states.items():
            compiled = {}
            for symbol, (action, arg) in actions.items():
                symbol = str(symbol)  # plain str keys: Lark's Token keys compare slowly
                if action is Shift:
                    compiled[symbol] = (True, arg)
                else:
                    name = str(arg.origin.name)
                    handler = None if name.startswith("_") else getattr(transformer, name, None)
                    compiled[symbol] = (False, (name, len(arg.expansion), handler))
            self.states[state] = compiled
        self.expected = {s: [k for k in a if k.isupper() or k == "$END"] for s, a in self.states.items()}

    def parse(self, text: str):
        states, classify, feed = self.states, self.lexer.classify, self._feed
        stack = [self.start]
        values: list = []
        for number, line in enumerate(text.split("\n"), 1):
            if not line:
                continue
            actions = states[stack[-1]]
            kind = classify(line, actions)
            if kind is None:
                raise UnknownLine(number, line, [k for k in self.lexer.order if k in actions])
            feed(LineToken(kind, line, number), kind, stack, values)
        return feed(None, "$END", stack, values)

    def _feed(self, token, kind: str, stack: list, values: list):
        states = self.states
        while True:
            try:
                is_shift, arg = states[stack[-1]][kind]
            except KeyError:
                raise UnexpectedLine(token, self.expected[stack[-1]]) from None
            if is_shift:
                stack.append(arg)
                values.append(token)
                return None
            name, size, handler = arg
            if name[0] == "_" and size <= 2 and handler is None:
                # the two shapes every line list is made of, without building new lists:
                if size == 1:  # `_line: FOLD | …`: splicing one child is the child
                    stack.pop()
                    if type(values[-1]) is not _Inline and name.startswith("__"):
                        values[-1] = _Inline((values[-1],))  # first item of a `x*` list
                elif type(values[-2]) is _Inline:  # `__x_star: __x_star _line`: append in place
                    del stack[-2:]
                    child = values.pop()
                    if type(child) is _Inline:
                        values[-1].extend(child)
                    else:
                        values[-1].append(child)
                else:
                    self._reduce(name, size, handler, values, stack)
            else:
                value = self._reduce(name, size, handler, values, stack)
                if kind == "$END" and name == "start":
                    return value
            stack.append(states[stack[-1]][name][1])

    @staticmethod
    def _reduce(name: str, size: int, handler, values: list, stack: list):
        """The general reduction: splice inlined children, call the Transformer for named rules."""
        children = values[-size:] if size else []
        if size:
            del stack[-size:]
            del values[-size:]
        flat = _Inline()
        for child in children:
            if type(child) is _Inline:
                flat.extend(child)
            else:
                flat.append(child)
        value = flat if name[0] == "_" else (handler(list(flat)) if handler else list(flat))
        values.append(value)
        return value
