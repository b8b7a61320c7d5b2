"""A lean driver for the LALR tables Lark builds from a line grammar.

Lark compiles the `.lark` file (terminals, rules, LALR(1) table); this module runs that table
with the line lexer. It follows Lark's tree-shaping conventions that the grammars use (a rule
whose name starts with `_` is inlined into its parent; a named rule calls the Transformer method
of that name with its children) and does nothing else, which is what makes it several times
faster per line than Lark's general-purpose parser loop.

The table is walked once per configuration and line kind, then memoised. What LALR does with a
line (the reductions, then the shift) depends only on the stack of states and the line's kind,
and a line grammar's stack is a few states deep (its lists are left-recursive), so the driver
keeps each stack it meets as a `_Config` and remembers, per line kind, the reductions the table
made and the configuration it led to. The values are still reduced rule by rule by the same code;
only the table look-ups are skipped. The common step, a list item after a list item (the
previous line joins its list, the new one is shifted), is one list append.
"""

from __future__ import annotations

from typing import Final

from lark import Lark
from lark.parsers.lalr_analysis import Shift

from hhtool.grammar.lexer import NO_HINTS, Hints, Kind, LineLexer, LineMemo, UnknownLine, classify_new


class LineToken:
    """One line of a hand: its kind (the grammar's terminal), its text and its line number in the block.
    (A plain class: compiled, the parser makes one a line and the readers read its fields without a look-up.)"""

    __slots__ = ("type", "value", "line")

    def __init__(self, type: str, value: str, line: int) -> None:
        self.type = type
        self.value = value
        self.line = line

    def __repr__(self) -> str:
        return f"LineToken({self.type!r}, {self.value!r}, {self.line})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, LineToken)
            and self.type == other.type
            and self.value == other.value
            and self.line == other.line
        )

    def __hash__(self) -> int:
        return hash((self.type, self.value, self.line))


class UnexpectedLine(Exception):
    """A line of a known kind where the grammar does not allow it (or the hand ends too soon)."""

    def __init__(self, token: LineToken | None, expected: list[str]) -> None:
        where = f"line {token.line} ({token.type})" if token else "end of hand"
        super().__init__(f"unexpected {where}")
        self.token, self.expected = token, expected


class _Inline:
    """Children of an inlined rule (`items`), spliced into the parent's children. (A plain class that holds
    its list, not a list subclass: compiled, one is made without a call through its type, and a named rule
    hands `items` itself to its Transformer method, without a copy.)"""

    __slots__ = ("items",)

    def __init__(self, items: list) -> None:
        self.items = items


class _Config:
    """A parser configuration: a stack of LALR states, interned.

    `allowed` is the action row of the top state, `kinds` the lexer's line → kind memo for the
    terminals allowed there (`lines`, its dict, shared by the configurations that allow the same
    terminals), `steps` the memoised steps by line kind (a list by `Kind.index`: one look-up a line
    without hashing), `end` the step at the end of the hand.
    """

    __slots__ = ("stack", "allowed", "kinds", "lines", "steps", "end")

    def __init__(self, stack: tuple[int, ...], allowed: dict, kinds: LineMemo, count: int) -> None:
        self.stack, self.allowed, self.kinds = stack, allowed, kinds
        self.lines: dict[str, Kind] = kinds.lines
        self.steps: list[_Step | None] = [None] * count
        self.end: _Step | None = None


class _Step:
    """What the table does with a line kind in a configuration: `reductions` (name, size, handler)
    in order, then a shift into `following`. Unit rules that inline one child (`_line: FOLD`)
    leave the values as they are and are not listed. `append` marks the list step, whose only
    reduction is `__list: __list _line`: the previous line joins the open list. (A plain class:
    compiled, its attributes are read without a look-up, once or twice a line.)"""

    __slots__ = ("reductions", "following", "append")

    def __init__(self, reductions: tuple[tuple[str, int, object], ...], following: _Config, append: bool) -> None:
        self.reductions = reductions
        self.following = following
        self.append = append


MAX_CONFIGS: Final = 4096  # a line grammar needs a few dozen; beyond this, steps are no longer memoised


class LineParser:
    def __init__(self, grammar: str, transformer, hints: Hints = NO_HINTS) -> None:
        lark = Lark(grammar, parser="lalr", lexer=LineLexer, maybe_placeholders=False)
        self.lexer = LineLexer(lark.lexer_conf, hints)
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
        self._configs: dict[tuple[int, ...], _Config] = {}
        self._initial = self._config((self.start,))

    def _config(self, stack: tuple[int, ...]) -> _Config:
        config = self._configs.get(stack)
        if config is None:
            allowed = self.states[stack[-1]]
            config = _Config(stack, allowed, self.lexer.memo(allowed), len(self.lexer.order))
            if len(self._configs) < MAX_CONFIGS:
                self._configs[stack] = config
        return config

    def parse(self, text: str):
        """Parse one hand, a line a token, into the value the Transformer gives `start`."""
        return self.parse_lines(text.split("\n"))

    def parse_lines(self, lines: list[str]):
        """`parse` for a hand already split at its line breaks (blank lines are skipped)."""
        config = self._initial
        values: list = []
        for index in range(len(lines)):
            line = lines[index]
            if not line:
                continue
            kind = config.lines.get(line)
            if kind is None:
                kind = classify_new(line, config.kinds)
                if kind is None:
                    raise UnknownLine(index + 1, line, [k for k in self.lexer.order if k in config.allowed])
            step = config.steps[kind.index]
            if step is None:
                step = self._step(config, LineToken(kind.name, line, index + 1), kind.name, values, kind.index)
            elif step.append and type(values[-2]) is _Inline:  # the previous line joins its list
                open_list: _Inline = values[-2]
                open_list.items.append(values[-1])
                values[-1] = LineToken(kind.name, line, index + 1)
            else:
                for name, size, handler in step.reductions:
                    _reduce(name, size, handler, values)
                values.append(LineToken(kind.name, line, index + 1))
            config = step.following
        step = config.end
        if step is None:
            self._step(config, None, "$END", values, -1)
        else:
            for name, size, handler in step.reductions:
                _reduce(name, size, handler, values)
        return values[-1]  # the value of `start`

    def _step(self, config: _Config, token: LineToken | None, kind: str, values: list, index: int) -> _Step:
        """Run the table for a line kind (its `Kind.index`; -1 at the end of the hand, `$END`) not met yet
        in this configuration; memoise the step."""
        stack = list(config.stack)
        reductions: list[tuple[str, int, object]] = []
        self._feed(token, kind, stack, values, reductions)
        # a unit rule named `_x` (not a `__x` list) hands its child on unchanged: nothing to replay
        reductions = [r for r in reductions if not (r[1] == 1 and r[0][0] == "_" and not r[0].startswith("__"))]
        append = len(reductions) == 1 and reductions[0][0].startswith("__") and reductions[0][1] == 2
        # at $END the hand is accepted and nothing is shifted: no configuration follows (kept as is)
        following = config if kind == "$END" else self._config(tuple(stack))
        step = _Step(tuple(reductions), following, append)
        if index >= 0:
            config.steps[index] = step
        else:
            config.end = step
        return step

    def _feed(self, token, kind: str, stack: list, values: list, reductions: list) -> None:
        """Run the table for one token: reduce while the table says so, then shift (or accept at $END)."""
        states = self.states
        while True:
            try:
                is_shift, arg = states[stack[-1]][kind]
            except KeyError:
                raise UnexpectedLine(token, self.expected[stack[-1]]) from None
            if is_shift:
                stack.append(arg)
                values.append(token)
                return
            name, size, handler = arg
            if size:
                del stack[-size:]
            _reduce(name, size, handler, values)
            reductions.append(arg)
            if kind == "$END" and name == "start":
                return
            stack.append(states[stack[-1]][name][1])


def _reduce(name: str, size: int, handler, values: list) -> None:
    """Replace the top `size` values by the rule's value: inlined children are spliced, named
    rules call the Transformer. (Each _Inline has its own typed name: compiled, a name has one type.)"""
    if name[0] == "_" and handler is None:
        # the two shapes every line list is made of, without building new lists:
        if size == 1:  # `_line: FOLD | …`: splicing one child is the child
            if type(values[-1]) is not _Inline and name.startswith("__"):
                values[-1] = _Inline([values[-1]])  # first item of a `x*` list
            return
        if size == 2 and type(values[-2]) is _Inline:  # `__x_star: __x_star _line`: append in place
            child = values.pop()
            parent: _Inline = values[-1]
            if type(child) is _Inline:
                spliced: _Inline = child
                parent.items.extend(spliced.items)
            else:
                parent.items.append(child)
            return
    elif size == 1 and type(values[-1]) is _Inline and name[0] != "_":  # `body: __body_star`: its children
        only: _Inline = values.pop()
        values.append(handler(only.items) if handler else only.items)
        return
    children: list = values[-size:] if size else []
    if size:
        del values[-size:]
    flat: list = []
    for item in children:
        if type(item) is _Inline:
            inner: _Inline = item
            flat.extend(inner.items)
        else:
            flat.append(item)
    values.append(_Inline(flat) if name[0] == "_" else (handler(flat) if handler else flat))
