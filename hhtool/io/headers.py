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
# off the pattern by re's parser: _literal_sets) and its markers are sets of which the chunk must hold one
# literal each; _Gates decides each scan by the set cheapest to prove absent, at a few rare pivot bytes
# for all scans together; a line-start pattern jumps from line break to line break (_Scan.found).
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

    def __init__(
        self,
        name: str,
        markers: tuple[bytes, ...],
        anchor: bytes,
        pattern: bytes,
        context: bool,
        anywhere: bool = False,
    ) -> None:
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
        line_start = tuple(_Scan(d.name, d.markers, d.anchor, d.header, False) for d in registered if not d.anywhere)
        context = tuple(
            _Scan(d.name, d.context_markers, b"", d.context, True) for d in registered if d.context is not None
        )
        _TABLES[:] = [dialects.version(), anywhere, line_start + context, _Gates(anywhere + line_start + context)]
    return _TABLES[1], _TABLES[2]


# Bytes of hand-history text, the most common first (each at the rate of the site that writes it most,
# measured on the corpus and generated hands): where a chunk's own counts are not known, and to order
# the byte tests of a pivot loop. Only the speed of the literal tests depends on this order, never
# their answer.
_COMMON = b"\n \"2e0a'=:lr,o_c1tsn7d|iyTp4/5Phb*3f<>68SB9$.Am[]()UuIE-G+DF?CHNgLzMRkKQJwvZX#OWVxYjq{}&;`@"
_RARITY = {byte: rank for rank, byte in enumerate(_COMMON)}
_CHARS = [chr(byte) for byte in range(256)]
_WEIGHT = [0.85 ** _RARITY.get(byte, len(_COMMON)) for byte in range(256)]  # a rough rate of each byte in text

_SMALL = 4096  # a chunk this small: each literal is looked for with `in` (planning would cost more)
_HEAD = 2048  # bytes at the start of a chunk where the literals it holds are looked for first
_SPOT = 1024  # bytes at each of four spots of a chunk whose counts estimate the chunk's byte counts
# What `in` costs, in pivot hits: `in` of an absent literal passes over the chunk at 0.3 to 0.8 ms per MiB
# (compiled), a pivot hit (a find, a few byte tests) costs about 0.1 us
_HIT_BYTES = 256
_GROUP = 60  # the most literals one pivot loop tests at once (their bits in one machine word)
_OFFSETS = 10  # the most byte tests at a pivot hit before the literals left are compared whole


class _Gates:
    """Which scans a chunk needs: those whose `needed` sets each have a literal there and whose markers
    are there (`any(marker in work or work.startswith(marker.lstrip(b"\\n")))`, or no markers; a
    `needed` literal by the same test). A scan left out would have found nothing or was gated out.

    Testing each literal with `in` costs a pass over the chunk per literal (0.3 to 0.8 ms per MiB), and a
    chunk of one site holds none of the other sites' literals: each must be proven absent. So:
    - a literal with a byte the chunk lacks is out at once (`find` of one byte: memory speed);
    - a scan is out as soon as one of its sets is (its markers count as one more set): each scan is
      decided by the set cheapest to prove absent (Party's `***** Hand History For Game` by its rare
      `G`, not 888's four spellings of `***** 888`), its other sets only if that one is there;
    - the literals to prove absent are looked for at a few pivot bytes, the rarest in this chunk
      (counted on a sample of it), each pivot byte shared by as many literals as it can (the thirty
      spellings of headers that end in `#`: one pass): `str.find` on the chunk as Latin-1 text (a direct
      call compiled, where `bytes.find` parses its arguments) jumps from one to the next at memory
      speed, and at each one a few byte tests (a bit mask per literal) rule out nearly every literal
      before any is compared whole;
    - `in` where a pivot would be too common to pay (also when a loop meets more of its byte than the
      sample said: the literals left are then looked for from there on)."""

    __slots__ = ("count", "filters", "leads", "lit_bytes", "lit_sets", "literals", "scan_sets", "set_lits", "set_owner")

    def __init__(self, scans: tuple[_Scan, ...]) -> None:
        self.count = len(scans)
        index: dict[bytes, int] = {}
        self.literals: list[bytes] = []
        self.set_lits: list[list[int]] = []
        self.set_owner: list[int] = []
        self.scan_sets: list[list[int]] = []
        for k, scan in enumerate(scans):
            sets = list(scan.needed)
            if scan.markers and b"" not in scan.markers:
                sets.append(scan.markers)
            mine: list[int] = []
            for literals in sets:
                ids: list[int] = []
                for literal in dict.fromkeys(literals):
                    if literal not in index:
                        index[literal] = len(self.literals)
                        self.literals.append(literal)
                    ids.append(index[literal])
                mine.append(len(self.set_lits))
                self.set_lits.append(ids)
                self.set_owner.append(k)
            self.scan_sets.append(mine)
        self.leads = [literal.lstrip(b"\n") for literal in self.literals]
        self.lit_sets: list[list[int]] = [[] for _ in self.literals]
        for s, ids in enumerate(self.set_lits):
            for i in ids:
                self.lit_sets[i].append(s)
        # each literal's distinct bytes, the rarest first
        self.lit_bytes = [sorted(set(literal), key=lambda byte: -_RARITY.get(byte, 256)) for literal in self.literals]
        self.filters: dict[tuple[int, tuple[int, ...]], _Filter] = {}

    def passing(self, work: bytes) -> list[bool]:
        chunk = _Chunk(self, work)
        for i, lead in enumerate(self.leads):
            if work.startswith(lead):
                chunk.mark(i, True)
        while True:
            open_scans = chunk.open_scans()
            if not open_scans:
                break
            if len(work) <= _SMALL:
                for k in open_scans:
                    chunk.look_up(self._cheapest(chunk, k, False))
                continue
            for k in open_scans:  # a literal with a byte the chunk lacks is out
                for s in self.scan_sets[k]:
                    if chunk.sets[s] == 0:
                        for i in self.set_lits[s]:
                            if chunk.found[i] == 0 and chunk.lacks_byte(i):
                                chunk.mark(i, False)
            open_scans = chunk.open_scans()
            if open_scans:
                self._round(chunk, open_scans)
        return [not failed for failed in chunk.failed]

    def _cheapest(self, chunk: _Chunk, k: int, estimate: bool) -> list[int]:
        """The literals not known yet of scan k's set that is cheapest to prove absent."""
        best: list[int] = []
        best_cost = -1
        for s in self.scan_sets[k]:
            if chunk.sets[s] != 0:
                continue
            ids = [i for i in self.set_lits[s] if chunk.found[i] == 0]
            cost = 0
            for i in ids:
                cost += chunk.cost(i) if estimate else 1
            if best_cost < 0 or cost < best_cost:
                best, best_cost = ids, cost
        return best

    def _round(self, chunk: _Chunk, open_scans: list[int]) -> None:
        """Decides at least one set of each scan left: the cheapest, and those that share its pivots."""
        chosen: list[int] = []
        for k in open_scans:
            while True:  # a set with a literal in the chunk's first hand is there: the next one
                ids = self._cheapest(chunk, k, True)
                there = next((i for i in ids if chunk.in_head(i)), -1)
                if there < 0:
                    chosen += ids
                    break
                chunk.mark(there, True)
        chosen = list(dict.fromkeys(chosen))
        in_cost = chunk.in_cost
        estimates = chunk.estimates()
        groups: dict[int, list[int]] = {}
        finds: list[int] = []
        left = chosen
        while left:  # greedily, the pivot byte with the fewest hits per literal it covers
            holders = [0] * 256
            for i in left:
                for byte in self.lit_bytes[i]:
                    holders[byte] += 1
            best, best_hits, best_held = -1, 0, 1
            for byte in range(256):
                held = holders[byte]
                if held:
                    hits = estimates[byte]
                    if best < 0 or hits * best_held < best_hits * held:
                        best, best_hits, best_held = byte, hits, held
            if best < 0 or best_hits >= in_cost * best_held:
                finds += left
                break
            groups[best] = [i for i in left if best in self.lit_bytes[i]]
            left = [i for i in left if best not in self.lit_bytes[i]]
        for byte in sorted(groups, key=lambda pivot: -estimates[pivot]):
            # a loop whose every literal holds another pivot is not needed (Bovada's `B`: its headers end in `#`)
            moved: list[tuple[int, int]] = []
            for i in groups[byte]:
                other = next((other for other in self.lit_bytes[i] if other != byte and other in groups), -1)
                if other < 0:
                    break
                moved.append((other, i))
            if len(moved) == len(groups[byte]):
                del groups[byte]
                for other, i in moved:
                    groups[other].append(i)
        taken = set(chosen)
        for k in open_scans:  # the scan's other sets, where they share a pivot already paid for
            for s in self.scan_sets[k]:
                for i in self.set_lits[s]:
                    if chunk.sets[s] == 0 and chunk.found[i] == 0 and i not in taken:
                        for byte in self.lit_bytes[i]:
                            if byte in groups:
                                groups[byte].append(i)
                                taken.add(i)
                                break
        for i in finds:
            if not chunk.moot(i):
                chunk.mark(i, self.literals[i] in chunk.work)
        for pivot, ids in groups.items():
            for start in range(0, len(ids), _GROUP):
                part = [i for i in ids[start : start + _GROUP] if not chunk.moot(i)]
                if part:
                    self._loop(chunk, pivot, part)

    def _filter(self, pivot: int, part: list[int]) -> _Filter:
        key = (pivot, tuple(part))
        known = self.filters.get(key)
        if known is None:
            if len(self.filters) > 256:
                self.filters.clear()
            known = self.filters[key] = _Filter(pivot, [self.literals[i] for i in part])
        return known

    def _loop(self, chunk: _Chunk, pivot: int, part: list[int]) -> None:
        """Marks each literal of `part` there or not, by the hits of `pivot` (a byte they all hold)."""
        work = chunk.work
        n = len(work)
        filt = self._filter(pivot, part)
        offsets, tables, outside, ats = filt.offsets, filt.tables, filt.outside, filt.ats
        tests = len(offsets)
        text = chunk.text  # the chunk as Latin-1 text: str.find is a direct call compiled, bytes.find is not
        live = (1 << len(part)) - 1
        budget = 2 * chunk.estimate(pivot) + (n >> 10) + 16
        hits = 0
        needle = _CHARS[pivot]
        pos = text.find(needle)
        while pos >= 0:
            mask = live
            t = 0
            while t < tests and mask:
                j = pos + offsets[t]
                mask &= tables[(t << 8) | work[j]] if 0 <= j < n else outside[t]
                t += 1
            if mask:
                live = self._verify(chunk, part, ats, pos, mask, live)
                if not live:
                    return
            hits += 1
            if hits > budget:
                # more hits than the sample said: go on while that is cheaper than `in` for those left
                rest = (n - pos) * hits // (pos + 1)
                if rest < live.bit_count() * chunk.in_cost:
                    budget = hits + 2 * rest + 16
                else:
                    for bit in range(len(part)):
                        i = part[bit]
                        if live >> bit & 1 and not chunk.moot(i):
                            chunk.mark(i, work.find(self.literals[i], max(0, pos + 1 - ats[bit])) >= 0)
                    return
            pos = text.find(needle, pos + 1)
        for bit in range(len(part)):
            if live >> bit & 1 and chunk.found[part[bit]] == 0:
                chunk.mark(part[bit], False)

    def _verify(self, chunk: _Chunk, part: list[int], ats: list[int], pos: int, mask: int, live: int) -> int:
        """Compares whole the literals that the byte tests left at a pivot hit; the literals still to look for."""
        work = chunk.work
        for bit in range(len(part)):
            if mask >> bit & 1:
                i = part[bit]
                at = ats[bit]
                if chunk.found[i] == 0 and pos >= at and work.startswith(self.literals[i], pos - at):
                    chunk.mark(i, True)
                    for other in range(len(part)):  # its sets are there: their other literals are moot
                        if live >> other & 1 and chunk.moot(part[other]):
                            live &= ~(1 << other)
        return live


class _Filter:
    """The byte tests at a hit of `pivot` for a list of literals that hold it: for each tested offset from
    the pivot, a table byte → bit mask of the literals that byte allows there (a literal with no byte at
    that offset allows any), the mask where the offset falls outside the chunk, and each literal's
    pivot offset. Offsets are tested in order of the fewest literals they are expected to leave."""

    __slots__ = ("ats", "offsets", "outside", "tables")

    def __init__(self, pivot: int, literals: list[bytes]) -> None:
        self.ats = [literal.index(pivot) for literal in literals]
        low = -max(self.ats)
        high = max(len(literal) - at - 1 for literal, at in zip(literals, self.ats))
        # the literals an offset is expected to leave: those with no byte there, and each other one at the
        # rate of its byte there in text
        scored: list[tuple[float, int]] = []
        for offset in range(low, high + 1):
            if offset != 0:
                left = 0.0
                for literal, at in zip(literals, self.ats):
                    where = at + offset
                    left += _WEIGHT[literal[where]] if 0 <= where < len(literal) else 1.0
                scored.append((left, offset))
        scored.sort(key=lambda item: (item[0], abs(item[1])))
        self.offsets = [offset for _, offset in scored[:_OFFSETS]]
        self.tables: list[int] = []  # offset t's table at t * 256
        self.outside: list[int] = []
        for offset in self.offsets:
            table = [0] * 256
            anything = 0
            for bit, (literal, at) in enumerate(zip(literals, self.ats)):
                where = at + offset
                if 0 <= where < len(literal):
                    table[literal[where]] |= 1 << bit
                else:
                    anything |= 1 << bit
            self.tables += [mask | anything for mask in table]
            self.outside.append(anything)


class _Chunk:
    """What is known of one chunk while its gates are decided: each literal there (1), not there (-1) or
    not known (0); the same for each set; the scans out; the bytes known there or not; sampled counts."""

    __slots__ = (
        "counts",
        "failed",
        "found",
        "gates",
        "head",
        "headed",
        "in_cost",
        "sampled",
        "seen",
        "sets",
        "text",
        "work",
    )

    def __init__(self, gates: _Gates, work: bytes) -> None:
        self.gates = gates
        self.work = work
        self.found = [0] * len(gates.literals)
        self.sets = [0] * len(gates.set_lits)
        self.failed = [False] * gates.count
        self.seen = [-1] * 256
        self.counts: list[int] = []
        self.sampled = 0
        self.in_cost = len(work) // _HIT_BYTES
        self.head = work[:_HEAD]
        self.headed = [False] * len(gates.literals)  # looked for in the head (and not there)
        self.text = work.decode("latin-1") if len(work) > _SMALL else ""

    def mark(self, i: int, there: bool) -> None:
        gates = self.gates
        self.found[i] = 1 if there else -1
        for s in gates.lit_sets[i]:
            if self.sets[s] != 0:
                continue
            if there:
                self.sets[s] = 1
            elif all(self.found[j] == -1 for j in gates.set_lits[s]):
                self.sets[s] = -1
                self.failed[gates.set_owner[s]] = True

    def moot(self, i: int) -> bool:
        """Whether literal i is known, or no longer decides anything (its sets decided, or their scans out)."""
        if self.found[i] != 0:
            return True
        gates = self.gates
        for s in gates.lit_sets[i]:
            if self.sets[s] == 0 and not self.failed[gates.set_owner[s]]:
                return False
        return True

    def open_scans(self) -> list[int]:
        gates = self.gates
        return [
            k for k in range(gates.count) if not self.failed[k] and any(self.sets[s] == 0 for s in gates.scan_sets[k])
        ]

    def look_up(self, ids: list[int]) -> None:
        for i in ids:
            if not self.moot(i):
                self.mark(i, self.gates.literals[i] in self.work)

    def in_head(self, i: int) -> bool:
        """Whether literal i is in the chunk's first bytes (a literal that is there most often is)."""
        if self.headed[i]:
            return False
        self.headed[i] = True
        return self.gates.literals[i] in self.head

    def lacks_byte(self, i: int) -> bool:
        for byte in self.gates.lit_bytes[i]:
            there = self.seen[byte]
            if there < 0:
                there = self.seen[byte] = 1 if self.text.find(_CHARS[byte]) >= 0 else 0
            if there == 0:
                return True
        return False

    def estimates(self) -> list[int]:
        """Hits of each byte in the chunk, as counted at four spots of it."""
        if not self.counts:
            self.estimate(0)
        return self.counts

    def estimate(self, byte: int) -> int:
        """Hits of `byte` in the chunk, as counted at four spots of it."""
        if not self.counts:
            counts = [0] * 256
            work = self.work
            n = len(work)
            size = min(_SPOT, max(64, n >> 6))  # a small chunk: less (its loops are short)
            for spot in range(4):
                start = n * spot // 4
                for at in range(start, min(n, start + size)):
                    counts[work[at]] += 1
                self.sampled += min(n, start + size) - start
            sampled = max(1, self.sampled)
            self.counts = [count * n // sampled for count in counts]
        return self.counts[byte]

    def cost(self, i: int) -> int:
        """What proving literal i absent costs, in pivot hits (`in` at most)."""
        best = self.in_cost
        estimates = self.estimates()
        for byte in self.gates.lit_bytes[i]:
            hits = estimates[byte]
            best = min(best, hits)
        return best


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
