"""Where the hands of a chunk start: the header lines of every registered dialect, found fast.

hhtool.io.split cuts a file into hand blocks at the offsets `find_headers` gives; this module only
finds them, exactly where the dialects' header patterns match, and fast on a file of one site.
"""

from __future__ import annotations

import importlib
import re
from typing import Any

from hhtool import dialects

# Header patterns come from the dialect registry (hhtool.dialects): each dialect's `header`, run at
# line starts when one of its literal `markers` is in the chunk (a file holds one dialect, and a literal
# test runs at memory speed; a marker that starts with a line break also counts at the very start of
# the chunk), or anywhere in a line for a dialect whose header is literal-led and `anywhere` (a cut
# hand can run into the next header mid-line). A dialect's `context` pattern (file-level sections that
# are not hands, iPoker's `<session><general>`) is run the same way with its `context_markers`; what it
# cuts is marked as context. Rebuilt when the registry changes.
#
# How that is done fast (a file holds one site: every other site's literals are absent, and proving a
# literal absent costs a pass over the chunk): the literals that every match of a pattern holds (read
# off the pattern by re's parser: _literal_sets) are tested for all scans together (_Gates), then the
# markers of the scans left; a line-start pattern jumps from line break to line break (_Scan.found).
# None of this changes what is found.
_TABLES: list = [-1, (), (), None]  # registry version, anywhere [_Scan], line-start [_Scan], _Gates


class _Scan:
    """One dialect's header (or context section): where it is looked for, and what must be in a chunk.

    `(?m)^X` makes the regex engine try X at every byte of the chunk (3 to 20 ms per MiB for a header
    that opens with an alternation); `\\n(?=(X))` lets it jump from line break to line break. Its
    matches, with X's own at the chunk's start and those that start inside an earlier one left out, are
    exactly `(?m)^X`'s: `found` gives the same offsets as `whole.finditer`. A pattern the rewrite could
    change (a back reference, which the added group would renumber; a header that can match empty; a
    global flag inside it) keeps the plain scan.

    `markers` is the dialect's gate (none: always run); `needed` are sets of literals of which a match
    holds one per set (a line-start pattern's opening literals count with the line break before them)."""

    __slots__ = ("by_line", "context", "markers", "name", "needed", "whole")

    def __init__(self, name: str, markers: tuple[bytes, ...], anchor: bytes, pattern: bytes, context: bool,
                 anywhere: bool = False) -> None:
        self.name, self.markers, self.context = name, markers, context
        self.whole = re.compile(pattern if anywhere else rb"(?m)" + anchor + pattern)
        self.by_line: re.Pattern[bytes] | None = None
        parsed = _parsed(pattern)
        self.needed = _literal_sets(list(parsed)) if parsed is not None else []
        if not anywhere and anchor == rb"^" and parsed is not None and _rewritable(pattern, parsed):
            try:
                self.by_line = re.compile(rb"(?m)\n(?=(" + pattern + rb"))")
            except re.error:
                self.by_line = None
            opening = _leading(list(parsed))  # (one that opens with a line break would need another test at the start)
            if opening and not any(literal.startswith(b"\n") for literal in opening):
                self.needed.append(tuple(b"\n" + literal for literal in opening))

    def found(self, work: bytes) -> list[int]:
        """Start offsets of the pattern's matches in `work`, as `whole.finditer` gives them."""
        if self.by_line is None:
            return [m.start() for m in self.whole.finditer(work)]
        starts: list[int] = []
        end = 0
        first = self.whole.match(work)
        if first is not None:
            starts.append(0)
            end = first.end()
        for m in self.by_line.finditer(work):
            start = m.start() + 1
            if start >= end:
                starts.append(start)
                end = m.end(1)
        return starts


_GROUP_REFERENCE = re.compile(rb"\\[1-9]|\(\?P=|\(\?\(")


def _parsed(pattern: bytes) -> Any:
    """re's parse of a pattern (None for a pattern that ignores case, or that the parser refuses: such a
    pattern is run as it is, with no literal read off it)."""
    try:
        parsed: Any = importlib.import_module("re._parser").parse(pattern)
    except Exception:  # noqa: BLE001 - a pattern the parser refuses is run as it is
        return None
    return None if parsed.state.flags & re.IGNORECASE else parsed


def _rewritable(pattern: bytes, parsed: Any) -> bool:
    """Whether `\\n(?=(pattern))` finds what `(?m)^pattern` finds (see _Scan)."""
    return _GROUP_REFERENCE.search(pattern) is None and bool(parsed.getwidth()[0] > 0)


_CAP = 32  # the most strings a literal set is spelt out to
# what matches no text (a look-around, `^`): the literals on either side of it are next to each other
_ZERO_WIDTH = ("ASSERT", "ASSERT_NOT", "AT")


def _exact(items: list) -> list[bytes] | None:
    """Every string a parsed sequence matches, when it matches only literals (at most _CAP of them:
    `(?:Ignition|Bovada|Bodog(?:\\.eu| UK)?) Hand #` spells out to 5), else None."""
    out = [b""]
    for op, value in items:
        kind = str(op)
        choices: list[bytes] | None = None
        if kind == "LITERAL":
            choices = [bytes([value])]
        elif kind in _ZERO_WIDTH:
            choices = [b""]
        elif kind == "IN" and all(str(item) == "LITERAL" for item, _ in value):
            choices = [bytes([code]) for _, code in value]
        elif kind == "BRANCH":
            branches = [_exact(list(branch)) for branch in value[1]]
            spelt = [branch for branch in branches if branch is not None]
            choices = [text for branch in spelt for text in branch] if len(spelt) == len(branches) else None
        elif kind == "SUBPATTERN" and not value[1] & re.IGNORECASE:
            choices = _exact(list(value[3]))
        elif kind in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT") and value[1] <= 8:
            once = _exact(list(value[2]))
            if once is not None:
                choices, times = [], [b""]
                for count in range(value[1] + 1):
                    if count >= value[0]:
                        choices += times
                    times = [a + b for a in times for b in once]
                    if len(times) > _CAP:
                        break
                choices = choices if len(choices) <= _CAP and len(times) <= _CAP else None
        if choices is None:
            return None
        out = [a + b for a in out for b in dict.fromkeys(choices)]
        if len(out) > _CAP:
            return None
    return out


def _literal_sets(items: list) -> list[tuple[bytes, ...]]:
    """For a parsed sequence: sets of literals of which each match holds one per set. Parts that match only
    literals are spelt out together (_exact); elsewhere: alternations whose every branch holds a
    literal, repeated parts that occur at least once; a literal counts from 3 bytes on."""
    sets: list[tuple[bytes, ...]] = []
    current = [b""]

    def flush() -> None:
        if current != [b""] and min(len(text) for text in current) >= 3:
            sets.append(tuple(dict.fromkeys(current)))

    for op, value in items:
        kind = str(op)
        spelt = _exact([(op, value)])
        if spelt is not None and len(current) * len(spelt) <= _CAP:
            current = [a + b for a in current for b in spelt]
            continue
        flush()
        current = [b""]
        if kind == "BRANCH":
            choices = [_longest(_literal_sets(list(branch))) for branch in value[1]]
            if choices and all(choices):
                sets.append(tuple(literal for choice in choices for literal in choice))
        elif kind == "SUBPATTERN" and not value[1] & re.IGNORECASE:
            sets += _literal_sets(list(value[3]))
        elif kind in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT") and value[0] >= 1:
            sets += _literal_sets(list(value[2]))
    flush()
    return sets


def _longest(sets: list[tuple[bytes, ...]]) -> tuple[bytes, ...]:
    """The set whose shortest literal is longest (the rarest, likely), or () for none."""
    return max(sets, key=lambda literals: min(len(literal) for literal in literals), default=())


def _leading(items: list) -> tuple[bytes, ...]:
    """Literals of which every match of a parsed sequence starts with one (() when none is known)."""
    opening = [b""]
    for item in items:
        spelt = _exact([item])
        if spelt is None or len(opening) * len(spelt) > _CAP:
            break
        opening = [a + b for a in opening for b in spelt]
    return tuple(dict.fromkeys(opening)) if min(len(text) for text in opening) >= 3 else ()


def _gates() -> _Gates:
    _header_tables()
    gates: _Gates = _TABLES[3]
    return gates


def _header_tables() -> tuple[tuple, tuple]:
    if _TABLES[0] != dialects.version():
        registered = dialects.dialects()
        anywhere = tuple(_Scan(d.name, (), b"", d.header, False, anywhere=True) for d in registered if d.anywhere)
        line_start = tuple(_Scan(d.name, d.markers, d.anchor, d.header, False)
                           for d in registered if not d.anywhere)
        context = tuple(_Scan(d.name, d.context_markers, b"", d.context, True)
                        for d in registered if d.context is not None)
        _TABLES[:] = [dialects.version(), anywhere, line_start + context, _Gates(anywhere + line_start + context)]
    return _TABLES[1], _TABLES[2]


# Bytes of hand-history text, the most common first (each at the rate of the site that writes it most,
# measured on the corpus and generated hands): a literal is looked for where its rarest byte is. Only
# the speed of the literal tests depends on this order, never their answer.
_COMMON = b'\n "2e0a\'=:lr,o_c1tsn7d|iyTp4/5Phb*3f<>68SB9$.Am[]()UuIE-G+DF?CHNgLzMRkKQJwvZX#OWVxYjq{}&;`@'
_RARITY = {byte: rank for rank, byte in enumerate(_COMMON)}

# a literal to look for: (literal, the literal less its opening line breaks, the byte it is looked for
# at, that byte's offset in it, the gate it answers)
_Entry = tuple[bytes, bytes, bytes, int, int]
_HEAD = 8192
_SAMPLE = 1 << 16


class _Gates:
    """Which scans a chunk needs: those whose `needed` sets each have a literal there and, of those,
    whose markers are there (`any(marker in work or work.startswith(marker.lstrip(b"\\n")))`, or no
    markers; `needed` literals by the same test). A scan left out would have found nothing or was
    gated out.

    Testing each literal with `in` costs a pass over the chunk per literal. Here a literal with a byte
    the chunk lacks is out at once (`bytes.find` of one byte runs at memory speed), and the others are
    looked for where their rarest byte occurs, every literal that shares that byte at once (the thirty
    spellings of headers that end in `#`: one pass), falling back to `in` where the byte is too common
    to pay."""

    __slots__ = ("count", "markers", "needed", "owners", "unmarked")

    def __init__(self, scans: tuple[_Scan, ...]) -> None:
        self.count = len(scans)
        self.unmarked = [k for k, scan in enumerate(scans) if not scan.markers or b"" in scan.markers]
        sets = [(k, literals) for k, scan in enumerate(scans) for literals in scan.needed]
        self.owners = [k for k, _ in sets]
        pivots = _pivots([literal for scan in scans for literal in scan.markers if literal])
        self.markers = [_entry(literal, pivots[literal], k)
                        for k, scan in enumerate(scans) for literal in scan.markers if literal]
        pivots = _pivots([literal for _, literals in sets for literal in literals])
        self.needed = [_entry(literal, pivots[literal], g) for g, (_, literals) in enumerate(sets)
                       for literal in literals]

    def passing(self, work: bytes) -> list[bool]:
        # the literals every match holds first: they are fewer and rarer than the markers (Bovada's six
        # spelt-out headers end in `#` like most others: one pass for all); markers then only for a scan
        # that could find something
        held = _present(work, self.needed, len(self.owners))
        passed = [True] * self.count
        for g, k in enumerate(self.owners):
            if not held[g]:
                passed[k] = False
        marked = _present(work, [entry for entry in self.markers if passed[entry[4]]], self.count)
        for k in self.unmarked:
            marked[k] = True
        return [passes and marks for passes, marks in zip(passed, marked)]


def _entry(literal: bytes, pivot: int, gate: int) -> _Entry:
    return (literal, literal.lstrip(b"\n"), bytes([pivot]), literal.index(pivot), gate)


def _present(work: bytes, entries: list[_Entry], count: int) -> list[bool]:
    """For gates 0..count-1: whether one of their literals is in `work` (or, less its opening line
    breaks, at its start)."""
    passed = [False] * count
    head = work[:_HEAD]  # a literal that is there is most often in the first hand: found at once
    for literal, lead, _, _, gate in entries:
        if not passed[gate] and (work.startswith(lead) or literal in head):
            passed[gate] = True
    there: dict[int, bool] = {}
    groups: dict[bytes, list[tuple[bytes, int, int]]] = {}
    for literal, lead, pivot, at, gate in entries:
        if passed[gate]:
            continue
        missing = False
        for byte in lead:
            known = there.get(byte)
            if known is None:
                known = there[byte] = work.find(byte) >= 0
            if not known:
                missing = True
                break
        if not missing:
            groups.setdefault(pivot, []).append((literal, at, gate))
    for pivot, entries_at in groups.items():
        live = [entry for entry in entries_at if not passed[entry[2]]]
        if not live:
            continue
        # `in` costs 0.2 to 1 ms per MiB (the more the literal's bytes are common, the slower), about what
        # a thousand finds and tests cost compiled: past that many per literal, `in` is cheaper
        budget = (len(work) >> 10) * len(live) + 16
        if work.count(pivot, 0, _SAMPLE) * max(1, len(work) // _SAMPLE) > budget:
            budget = 0  # the byte is too common here (as its rate in the chunk's first 64 KiB says)
        heads = tuple(literal[:at + 1] for literal, at, _ in live)
        tails = tuple(literal[at:] for literal, at, _ in live)
        pos = work.find(pivot) if budget else -1
        if pos < 0 and not budget:
            for literal, _, gate in live:
                if not passed[gate] and literal in work:
                    passed[gate] = True
        while pos >= 0:
            if work.endswith(heads, 0, pos + 1) and work.startswith(tails, pos):
                for literal, at, gate in live:
                    if not passed[gate] and pos >= at and work.startswith(literal, pos - at):
                        passed[gate] = True
                live = [entry for entry in live if not passed[entry[2]]]
                if not live:
                    break
                heads = tuple(literal[:at + 1] for literal, at, _ in live)
                tails = tuple(literal[at:] for literal, at, _ in live)
            budget -= 1
            if budget < 0:
                for literal, _, gate in live:
                    if not passed[gate] and literal in work:
                        passed[gate] = True
                break
            pos = work.find(pivot, pos + 1)
    return passed


def _pivots(literals: list[bytes]) -> dict[bytes, int]:
    """The byte each literal is looked for at: few bytes, each rare. Greedily, the byte of the rarest third
    of _COMMON (or not in it) that most literals left hold (at least 3 of them), the rarer on a tie;
    the literals left then take their rarest byte each."""
    rare = len(_COMMON) * 2 // 3
    left = list(dict.fromkeys(literals))
    chosen: dict[bytes, int] = {}
    while left:
        holders: dict[int, int] = {}
        for literal in left:
            for byte in set(literal):
                if _RARITY.get(byte, 256) >= rare:
                    holders[byte] = holders.get(byte, 0) + 1
        if not holders or max(holders.values()) < 3:
            for literal in left:
                chosen[literal] = max(literal, key=lambda byte: _RARITY.get(byte, 256))
            break
        best = max(holders, key=lambda byte: (holders[byte], _RARITY.get(byte, 256)))
        for literal in left:
            if best in literal:
                chosen[literal] = best
        left = [literal for literal in left if best not in literal]
    return chosen


def find_headers(work: bytes) -> list[tuple[int, str, bool]]:
    """Start offsets and dialects of every header in `work` (which starts at a line start), each with
    whether it opens a dialect's file-level context section rather than a hand."""
    anywhere, line_start = _header_tables()
    passing = _gates().passing(work)
    found: list[list[tuple[int, str, bool]]] = []
    for scan, passes in zip(anywhere + line_start, passing):
        if passes:
            starts = scan.found(work)
            if starts:
                found.append([(start, scan.name, scan.context) for start in starts])
    if not found:
        return []
    if len(found) == 1:  # one scan's offsets are in order already (a file holds one dialect)
        return found[0]
    return sorted({header for headers in found for header in headers})
