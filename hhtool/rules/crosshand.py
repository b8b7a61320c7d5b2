"""Checks across the hands of one table: stacks carry over, the button moves, no id twice.

Streaming: the state kept is one entry per table (the last hand seen there), one counter per file
(the unparsed hands met in it: they break its tables' chains) and one digest per hand id (in a
compact table, see `hhtool.model.uidtable`), so memory grows only with the number of hands.

A chain of hands breaks where hands may be missing: at a file boundary, after a long pause
(`GAP_SECONDS`), at a jump of the table's hand counter (a dialect's `hand_counter`), and after an
unparsed hand (silently: the hand is there, only unread). Across a break the pair is still
compared; if it does not follow on, that is one warning "hands missing" (HH416), never HH412 plus
an HH410 per player. A cancelled hand is no link: the next hand is compared with the one before it.

The checks work on small picklable snapshots of a hand (`identity`, `table_snapshot`),
so that parallel workers can replay hands and the parent run these checks in input order.
"""

from __future__ import annotations

import hashlib
import re
from array import array
from collections.abc import Callable
from datetime import datetime
from typing import Any, Final, NamedTuple

from hhtool.codes import finding
from hhtool.findings import Finding
from hhtool.model import BlindKind, Hand, PostBlind, StreetStart
from hhtool.model.conventions import Ref, load_ref
from hhtool.model.uidtable import UidTable
from hhtool.rules.replay import Replay, dead_button_blinds, format_money
from hhtool.rules.ruleset import RuleSet

_BLANK_LINES = re.compile(r"\n{2,}")
_BIG: Final = BlindKind.BIG  # Final: compiled, a C static (an enum class's attribute is a slow look-up)
_PostBlind: Final = PostBlind
_StreetStart: Final = StreetStart
# A NamedTuple's own constructor is interpreted Python (namedtuple's generated `__new__`), for every hand;
# its `_make` builds it from all its fields in order the same way, as this does without the call.
_new_tuple: Final = tuple.__new__
_SMALL: Final = BlindKind.SMALL

# A pause longer than this between two hands of one table is a break in the chain: hands dealt in
# between may be missing (an observer away, the hero sitting out, another session). A hand takes
# from ~20 s (a walk) to a few minutes (a long all-in with a disconnect); tournament breaks are
# 5 minutes; 10 minutes is twice the longest pause a table makes between two consecutive hands.
GAP_SECONDS: Final = 600
# PS-4: a table's hands read out of time order (observer recordings append earlier blocks later) are
# each compared with the hand before them in time, among the table's last WINDOW hands by time (a block
# read late is slotted in), and the hand after a slotted one is compared again with it (`relinked`):
# the merge holds a hand's verdict back until WINDOW later hands of its table were read (or its file
# ended, or a break), so that a finding a late block explains is withdrawn. Three such entries a
# table, not one: ~1.5 KB for nine players.
WINDOW: Final = 3
COUNTED_ONCE: Final = ("HH414", "HH418")  # the duplicate codes whose hand is counted once, not replayed
# A hand that put in more than its printed stacks held (HH119), or dealt in a player printed without chips
# (HH404), has no end stacks to trust (Chico's …201108.txt prints a rebuyer's stale 0.00 and he bets 7.09):
# the next hand's stacks are not compared with it (its button still is: its header and seats did parse).
STACKS_UNKNOWN: Final = ("HH119", "HH404")
UNKNOWN_CHIPS: Final = -1  # a seat's chips in `seat_chips` after such a hand
_LOW32: Final = 0xFFFFFFFF
_CLOCK = re.compile(r"\b\d{1,2}:\d{2}(?::\d{2})?\b")  # a time of day, in a hand's first lines
_HEADER_LINES: Final = 3  # where a site prints a hand's start time (header, its second line, iPoker's <startdate>)


class Identity(NamedTuple):
    """What the duplicate check needs of a hand: its uid and a digest of its text."""

    uid: str
    digest: int
    hand_id: str
    file: str
    line: int


class TableSnapshot(NamedTuple):
    """What the stack and button checks need of a replayed hand (the Replay state stays in the worker)."""

    key: str  # site, table, tournament id, currency, joined by line breaks: hands chain within one key
    order: tuple  # (time, hand number)
    button: int | None
    seat_chips: array  # seat, chips at the end of the hand (rebuys included; UNKNOWN_CHIPS: see STACKS_UNKNOWN); …
    players: str  # the players of those seats in the same order, joined by line breaks (no name has one)
    cancelled: bool
    dealt_seats: tuple  # seats dealt in, sorted in the order of play (down the numbers where not `clockwise`)
    hand_seats: tuple  # (seat, player, stack, line) as the seat lines printed them
    big_blind: int
    is_tournament: bool
    scale: int
    currency: str
    file: str
    line: int
    hand_id: str
    big_blind_seat: int  # seat of the player who posted the big blind in its place (0: none)
    small_blind_seat: int  # seat of the first small blind posted (0: none)
    counter: int  # the table's hand counter in the hand id (the dialect's `hand_counter`; -1: none)
    min_buyin: int  # the minimum buy-in at this table, in minor units (0: no minimum)
    min_buyin_bb: int  # that minimum in big blinds (0: the table type sets an amount)
    labels: int  # seats whose names label the seat, not a player (dialect's `seat_label`), as a bit mask
    prints_rebuys: bool  # the dialect's `prints_rebuys`
    moving_big_blind: bool  # the dialect's `moving_big_blind`
    prints_addons: bool  # the dialect's `prints_addons`
    clockwise: bool  # the hand's `Conventions.clockwise`: False where seat numbers go up counter-clockwise
    newest_first: bool  # the hand's `Conventions.newest_first`: its site writes a file's hands newest first
    level: int  # the tournament's blind level as a number (`Level IV`, `Level 7`, `7`; -1: none or unknown)


def text_digest(text: str) -> int:
    """Digest of a hand's text; blank lines are layout, not content (non-empty lines joined by one newline).

    Two halves: the low 32 bits digest the whole text, the high 32 bits the text with the times of
    day of its first lines left out, so that a hand the client wrote twice with only its start time
    changed (PartyPoker's double writes, PP-8) is told from another hand under the same id. Only the
    digests of one hand id are ever compared: 32 bits each are ample."""
    canonical = text.strip("\n")
    if "\n\n" in canonical:  # rare inside a hand; the regex is the slow part of a digest
        canonical = _BLANK_LINES.sub("\n", canonical)
    whole = _digest32(canonical)
    cut = -1
    for _ in range(_HEADER_LINES):
        cut = canonical.find("\n", cut + 1)
        if cut < 0:
            break
    head = canonical if cut < 0 else canonical[:cut]
    timeless = _CLOCK.sub("", head)
    high = whole if timeless == head else _digest32(timeless + canonical[len(head) :])
    return high << 32 | whole


def _digest32(text: str) -> int:
    return int.from_bytes(hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=4).digest(), "little")


def identity(hand: Hand, text: str) -> Identity:
    source = hand.source
    return _new_tuple(Identity, (hand.uid, text_digest(text), hand.header.hand_id, source.file, source.line))


def text_identity(site: str, hand_id: str | None, text: str, file: str, line: int) -> Identity:
    """The identity of a hand that is not parsed (another site's, another game's): its site, id and
    text together, so that only the same text again is a duplicate (HH414). Such ids are not trusted
    to be unique (ACPC numbers every match from 0), so a different hand under one id is no HH413."""
    digest = text_digest(text)
    return Identity(f"{site}:{hand_id or ''}:{digest:x}", digest, hand_id or "", file, line)


def table_snapshot(state: Replay) -> TableSnapshot | None:
    """None for a hand at a fast-fold pool (the reader sets `fast_fold` as its dialect says): players move
    to a new table every hand, nothing chains; and for a site whose seats are anonymous (its dialect's
    `anonymous_seats`): a name there is a position label for one hand, another player in the next."""
    hand = state.hand
    header = hand.header
    if header.fast_fold or state.conventions.anonymous_seats:
        return None
    final = state.final_stacks()
    known = not any(f.code in STACKS_UNKNOWN for f in state.findings)
    chips: list[int] = []
    for p in state.players.values():
        chips.append(p.seat)
        # chips bought during the hand count from the next one on
        chips.append(final[p.name] + p.rebuy if known else UNKNOWN_CHIPS)
    seat_chips = array("q", chips)  # in one call: an array's append is a method call per value
    source = hand.source
    return _new_tuple(
        TableSnapshot,
        (  # every field, in order
            "\n".join((header.site, header.table, header.tournament_id or "", header.currency)),
            (header.server_time or header.time, _hand_number(header.hand_id)),
            header.button_seat,
            seat_chips,
            "\n".join(state.players),
            state.cancelled,
            tuple([p.seat for p in state.order]),  # the dealt-in players, in the order of play already
            tuple([(s.seat, s.player, s.stack, s.line) for s in hand.seats]),
            header.big_blind,
            header.is_tournament,
            header.scale,
            header.currency,
            source.file,
            source.line,
            header.hand_id,
            *_blind_seats(state),
            _counter(state),
            *_min_buyin(state),
            _labels(state),
            state.conventions.prints_rebuys,
            state.conventions.moving_big_blind,
            state.conventions.prints_addons,
            state.conventions.clockwise,
            state.conventions.newest_first,
            level_number(header.level),
        ),
    )


def _counter(state: Replay) -> int:
    """The table's hand counter in the hand id, where the dialect says the id has one (-1: none)."""
    pattern = state.conventions.hand_counter
    if pattern is None:
        return -1
    found = _pattern(pattern).search(state.hand.header.hand_id)
    return int(found.group(1)) if found is not None and found.group(1).isdigit() else -1


def _min_buyin(state: Replay) -> tuple[int, int]:
    """(minimum buy-in in minor units, in big blinds) at the hand's table: the rules' number if they
    give one, else what the table type sets (the dialect's `table_min_buyin`), else the site's
    `min_buyin_bb`."""
    header = state.hand.header
    big_blind = header.big_blind
    in_rules = state.rules.min_buyin_bb
    if in_rules is not None:
        return in_rules * big_blind, in_rules
    conventions = state.conventions
    if conventions.table_min_buyin is not None:
        by_table = _loaded(conventions.table_min_buyin)(header)
        if by_table is not None:
            return int(by_table), 0
    return conventions.min_buyin_bb * big_blind, conventions.min_buyin_bb


def _labels(state: Replay) -> int:
    """The seats whose names are seat labels (the dialect's `seat_label`), as a bit mask."""
    pattern = state.conventions.seat_label
    if pattern is None:
        return 0
    label = _pattern(pattern)
    mask = 0
    for p in state.players.values():
        if label.fullmatch(p.name) is not None:
            mask |= 1 << p.seat
    return mask


_LOADED: dict[object, Callable[..., Any]] = {}


def _loaded(ref: Ref) -> Callable[..., Any]:
    """`load_ref(ref)`, remembered here: a compiled look-up for every hand instead of a call of plain Python."""
    found = _LOADED.get(ref)
    if found is None:
        found = _LOADED[ref] = load_ref(ref)
    return found


_PATTERNS: dict[str, re.Pattern[str]] = {}


def _pattern(text: str) -> re.Pattern[str]:
    known = _PATTERNS.get(text)
    if known is None:
        known = _PATTERNS[text] = re.compile(text)
    return known


def _hand_number(hand_id: str) -> int:
    """A hand id's number, after a letter prefix if any (GGPoker's `HD2874410365`); 0 when it has none."""
    digits = hand_id.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    return int(digits) if digits.isdigit() and digits.isascii() else 0


def _blind_seats(state: Replay) -> tuple[int, int]:
    """The seats of the first big and the first small blind posted (0: none; a new player's own big blind
    comes after the first), in one walk of the posts."""
    big = small = -1  # not met yet
    for event in state.hand.events:
        if isinstance(event, _StreetStart):
            break
        if isinstance(event, _PostBlind) and (event.blind is _BIG and big < 0 or event.blind is _SMALL and small < 0):
            player = state.players.get(event.player)
            seat = player.seat if player is not None else 0
            if event.blind is _BIG:
                big = seat
            else:
                small = seat
            if big >= 0 and small >= 0:
                break
    return (big if big > 0 else 0), (small if small > 0 else 0)


class _Last(NamedTuple):
    """What a table keeps of its last hand. One entry per table lives for the whole run (31k tables
    in a 1M-hand export), so it is packed, as the snapshot brings it: ~0.5 KB for nine players
    instead of ~1.3 KB as tuples."""

    order: tuple
    button: int | None
    seat_chips: array  # as TableSnapshot.seat_chips
    players: str  # as TableSnapshot.players
    dealt: int  # seats dealt in, as a bit mask (bit s for seat s): the players the button may move to
    big_blind_seat: int  # as TableSnapshot.big_blind_seat
    file: str  # the file it was read from: a chain breaks at a file boundary
    breaks: int  # the unparsed hands met in that file before it (CrossHand.breaks): a chain breaks after one
    counter: int  # as TableSnapshot.counter
    hand_id: str
    level: int  # as TableSnapshot.level

    def chips(self) -> dict[tuple[int, str], int]:
        """(seat, player) → chips at the end of the hand."""
        values = self.seat_chips
        if not values:
            return {}
        return dict(zip(zip(values[0::2], self.players.split("\n")), values[1::2]))


class CrossHand:
    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        # a table's last hands, oldest first (at most WINDOW: an earlier hand read late is compared with
        # the one before it in time, PS-4)
        self.tables: dict[str, tuple[_Last, ...]] = {}
        self.earliest: dict[str, TableSnapshot] = {}  # newest-first sites: the earliest hand read of each table
        self.seen = UidTable()  # hand uid → text digest
        self.breaks: dict[str, int] = {}  # file → unparsed hands met in it so far (one int a file)
        self.dead_button_explained = False  # set by each check: the hand's empty button seat is a dead button
        # set by each check: (the hand after the one checked in time, that one) when the hand checked was
        # slotted in before a hand read earlier, whose pair it completes (see `recheck`)
        self.relinked: tuple[_Last, _Last] | None = None
        self.linked_to: tuple | None = None  # set by each check: the order of the hand it was compared with

    def duplicate(self, hand: Hand, text: str) -> Finding | None:
        """HH414 for the same text again (to be skipped), HH418 for it again with only its start time
        changed (counted once too), HH413 for another hand under a known id."""
        return self.duplicate_of(identity(hand, text))

    def duplicate_of(self, ident: Identity) -> Finding | None:
        known = self.seen.setdefault(ident.uid, ident.digest)
        if known is None:
            return None
        if known == ident.digest:
            code, what = "HH414", "read again; counted once"
        elif known >> 32 == ident.digest >> 32 and known & _LOW32 != ident.digest & _LOW32:
            code, what = "HH418", "written again with another start time; counted once"
        else:
            code, what = "HH413", "already used by a different hand"
        return finding(code, f"hand id {ident.hand_id} {what}", ident.file, ident.line, hand_id=ident.hand_id)

    def unparsed(self, file: str) -> None:
        """An unparsed (or unreplayable) hand in `file`: its table is not known, so every chain whose last
        hand was read from that file starts again (PS-6, 888-9: the next hand is not compared with an
        older one, as if nothing had been dealt between them)."""
        self.breaks[file] = self.breaks.get(file, 0) + 1

    def check(self, state: Replay) -> list[Finding]:
        snapshot = table_snapshot(state)
        self.dead_button_explained = False
        return [] if snapshot is None else self.check_table(snapshot)

    def check_table(self, current: TableSnapshot) -> list[Finding]:
        """Stack continuity and button movement against the last hand at the same table (by hand time,
        not by position in the file: see `_check_earlier` for sites that write files newest first).
        A cancelled hand is no link of the chain: it is neither checked nor kept."""
        self.dead_button_explained = False
        self.relinked = None
        self.linked_to = None
        if current.cancelled:
            return []
        window = self.tables.get(current.key)
        breaks = self.breaks.get(current.file, 0)
        out: list[Finding] = []
        if window is None:
            self.dead_button_explained = _dead_button_first(current)
            self.tables[current.key] = (_last_of(current, breaks),)
        elif current.order[0] is not None:
            before = [last for last in window if last.order[0] is not None and last.order < current.order]
            if before:
                previous = before[-1]  # the hand before it in time: the last one, or one of a block read late
                self.linked_to = previous.order
                out.extend(self._linked(current, previous, previous.file == current.file and previous.breaks != breaks))
            if before or all(last.order[0] is None or last.order != current.order for last in window):
                mine = _last_of(current, breaks)
                kept = sorted([*window, mine], key=_by_order)
                self.tables[current.key] = tuple(kept[-WINDOW:])
                at = len(kept) - 1  # where it was slotted in: read in order, the last (one step)
                while kept[at] is not mine:
                    at -= 1
                if at + 1 < len(kept) and kept[at + 1].order != current.order and not current.newest_first:
                    self.relinked = (kept[at + 1], mine)
        if current.newest_first:
            out.extend(self._check_earlier(current, window is None))
        return out

    def recheck(self, later: TableSnapshot, previous: _Last, kept: _Last) -> list[Finding]:
        """The findings of `later`, a hand read before `previous` but after it in time (`relinked`), against
        `previous`, the hand now before it; `kept` is what the table kept of `later` (its breaks when it
        was read). As `check_table` gives them, with `dead_button_explained` set for `later`."""
        self.dead_button_explained = False
        return self._linked(later, previous, previous.file == later.file and previous.breaks != kept.breaks)

    def _linked(self, current: TableSnapshot, previous: _Last, reset: bool) -> list[Finding]:
        """The pair's findings, unless the chain breaks between them: after an unparsed hand (`reset`:
        nothing), at a jump of the table's hand counter (one HH416 naming the missing numbers), or at a
        file boundary or a long pause, where a pair that does not follow on is one HH416 instead."""
        if reset:
            return []
        if current.counter >= 0 and previous.counter >= 0:
            if current.counter == previous.counter + 1:
                return self._pair(current, previous)  # consecutive by the site's own count: no pause matters
            if current.counter > previous.counter + 1:
                first, last = previous.counter + 1, current.counter - 1
                numbers = f"hand {first}" if first == last else f"hands {first}–{last}"
                return [
                    finding(
                        "HH416",
                        f"{numbers} of this table missing (its hand counter goes from "
                        f"{previous.counter} to {current.counter})",
                        current.file,
                        current.line,
                        hand_id=current.hand_id,
                        expected=previous.counter + 1,
                        actual=current.counter,
                    )
                ]
        found = self._pair(current, previous)
        if not found:
            return found
        if previous.file != current.file:
            why = f"in another file ({previous.file})"
        else:
            pause = _seconds(previous.order[0], current.order[0])
            if pause is not None and pause > GAP_SECONDS:
                why = f"{pause // 60} minutes earlier"
            elif previous.level >= 0 and current.level > previous.level + 1:  # whole levels played in between
                why = f"at level {previous.level} (this one is at level {current.level})"
            else:
                return found
        self.dead_button_explained = False
        codes = ", ".join(sorted({f.code for f in found}))
        return [
            finding(
                "HH416",
                f"hands missing between hand {previous.hand_id}, {why}, and this one: the "
                f"button or stacks do not follow on from it ({codes} for consecutive hands)",
                current.file,
                current.line,
                hand_id=current.hand_id,
                expected=previous.hand_id,
                actual=current.hand_id,
            )
        ]

    def _pair(self, current: TableSnapshot, previous: _Last) -> list[Finding]:
        ended = previous.chips()  # (once for both checks)
        moved, placed = _button(current, previous, ended)
        self.dead_button_explained = placed and all(seat != current.button for seat, _, _, _ in current.hand_seats)
        # stacks chain only between consecutive hands; a skipped button means a gap
        return moved if moved else self._stacks(current, ended)

    def _check_earlier(self, current: TableSnapshot, first: bool) -> list[Finding]:
        """A site that writes its files newest first (GGPoker's PokerCraft export) gives a table's hands in
        decreasing time: each one is the hand before the earliest one read so far, which is kept whole for
        that (only for such sites: a snapshot is ~1 KB a table). The findings are the later hand's, at its
        lines, as a forward read would report them; they come with the hand read when they are found."""
        following = self.earliest.get(current.key)
        earlier = (
            following is not None
            and None not in (current.order[0], following.order[0])
            and current.order < following.order
        )
        out = self._linked(following, _last_of(current, 0), False) if earlier and following is not None else []
        if first or earlier:
            self.earliest[current.key] = current
        return out

    def _stacks(self, current: TableSnapshot, ended: dict[tuple[int, str], int]) -> list[Finding]:
        """HH410/HH411 against `ended`, the chips of the last hand at the table ((seat, player) → chips)."""
        out = []
        minimum = current.min_buyin
        labels = current.labels
        added = {} if current.prints_addons or not current.is_tournament else _shared_increases(current, ended)
        for seat, player, stack, line in current.hand_seats:
            if labels >> seat & 1:
                continue  # a seat label (`Incognito 3`): perhaps another player than last hand's
            before = ended.get((seat, player))  # the same player on the same seat last hand
            if before is None or before == UNKNOWN_CHIPS:
                continue
            if stack != before:
                if before == 0 and not current.is_tournament:
                    if stack < minimum:
                        least = (
                            f"{current.min_buyin_bb} big blinds"
                            if current.min_buyin_bb
                            else f"the table's minimum buy-in of {_money(current, minimum)}"
                        )
                        out.append(
                            finding(
                                "HH411",
                                f"{player} busted and returns with {_money(current, stack)}, below {least}",
                                current.file,
                                line,
                                hand_id=current.hand_id,
                                expected=f">= {minimum}",
                                actual=stack,
                            )
                        )
                    continue
                if stack > before and not current.is_tournament:
                    continue  # a top-up between hands (T3 allows it); only a loss of chips is unexplained
                if stack > before and (not current.prints_rebuys or stack - before in added):
                    what = (
                        "a rebuy or add-on"
                        if not current.prints_rebuys
                        else f"an add-on ({added.get(stack - before, 0)} players with as much more)"
                    )
                    out.append(
                        finding(
                            "HH417",
                            f"{player} starts with {_money(current, stack)}, "
                            f"{_money(current, stack - before)} more than at the end of the previous "
                            f"hand at this table: {what} the site does not print",
                            current.file,
                            line,
                            hand_id=current.hand_id,
                            expected=before,
                            actual=stack,
                        )
                    )
                    continue
                out.append(
                    finding(
                        "HH410",
                        f"{player} starts with {_money(current, stack)} but ended the "
                        f"previous hand at this table with {_money(current, before)}",
                        current.file,
                        line,
                        hand_id=current.hand_id,
                        expected=before,
                        actual=stack,
                    )
                )
        return out


def _by_order(last: _Last) -> tuple:
    """Time order; a table's first hand may have no time (it stays first)."""
    return (last.order[0] is not None, last.order)


def _shared_increases(current: TableSnapshot, ended: dict[tuple[int, str], int]) -> dict[int, int]:
    """Stack increases since the last hand that two or more players share (an add-on at a break) → how
    many players have it."""
    counts: dict[int, int] = {}
    for seat, player, stack, _ in current.hand_seats:
        before = ended.get((seat, player))
        if before is not None and before != UNKNOWN_CHIPS and stack > before:
            counts[stack - before] = counts.get(stack - before, 0) + 1
    return {grown: n for grown, n in counts.items() if n > 1}


def _last_of(snapshot: TableSnapshot, breaks: int) -> _Last:
    return _Last(
        snapshot.order,
        snapshot.button,
        snapshot.seat_chips,
        snapshot.players,
        _mask(snapshot.dealt_seats),
        snapshot.big_blind_seat,
        snapshot.file,
        breaks,
        snapshot.counter,
        snapshot.hand_id,
        snapshot.level,
    )


_ROMAN: Final = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}
_LEVEL = re.compile(r"(?:Level ?)?([IVXLC]+|\d+)\s*$")


def level_number(level: str | None) -> int:
    """A tournament level as the sites print it (`Level IV`, `Level7`, `7`, `Match Round I, Level II`:
    the last level named) as a number; -1 for none or a form not known."""
    if not level:
        return -1
    match = _LEVEL.search(level)
    if match is None:
        return -1
    text = match.group(1)
    if text.isdigit():
        return int(text)
    total = 0
    for i, letter in enumerate(text):  # roman numerals: a letter before a larger one is subtracted
        value = _ROMAN[letter]
        total += -value if i + 1 < len(text) and _ROMAN[text[i + 1]] > value else value
    return total


def _seconds(before: object, after: object) -> int | None:
    """Whole seconds from one hand's start to the next one's (None: a time is missing)."""
    if not isinstance(before, datetime) or not isinstance(after, datetime):
        return None
    try:
        return int((after - before).total_seconds())
    except TypeError:  # one time with a zone, one without
        return None


def _button(current: TableSnapshot, previous: _Last, ended: dict[tuple[int, str], int]) -> tuple[list[Finding], bool]:
    """HH412 when the button skips a player who was dealt into the last hand, or goes backwards; and
    whether the button was compared and found where it may be (then an empty button seat is a dead
    button, no HH405).

    A site moves the button to the next seat of a player who was dealt into the previous hand
    and is still there: a player who has just sat down (or was sitting out) is skipped. A dead button
    may also stand on a seat left empty between the last button and that player; in a tournament,
    which refills a busted player's seat at once, it may also go to the new player there. Heads-up,
    the big blind moving forward places the button; from heads-up to three players the button stays
    and the last big blind posts the small blind (PS-5, WX-6). At a site whose big blind moves (its
    dialect's `moving_big_blind`), the blinds place the button: see `_blinds_place_button`. In a tournament
    the button may also move one seat on to a player just moved in (`_next_seat_newcomer`)."""
    button, last = current.button, previous.button
    if button is None or last is None or not current.dealt_seats:
        return [], False
    players_before = dict(ended.keys())  # seat → player
    dealt_before = {seat for seat in players_before if previous.dealt >> seat & 1}
    now = {seat: player for seat, player, _, _ in current.hand_seats}
    dealt_now = set(current.dealt_seats)
    expected = None  # the next seat dealt into both hands by the same player (in a tournament, by anyone)
    allowed: set[int] = set()
    way = current.clockwise
    for seat in _clockwise(last, max(max(now, default=0), max(players_before, default=0), button), way):
        if seat in dealt_now and seat in dealt_before:
            if current.is_tournament:  # a tournament deals a player moved onto the seat in at once
                allowed.add(seat)
            if players_before.get(seat) == now.get(seat):
                allowed.add(seat)
                expected = seat
                break  # the button goes no further
        elif seat not in now or seat in dealt_before:
            allowed.add(seat)  # the dead button: an empty seat, or one whose player is not dealt in now
    if expected is None:
        sign = 1 if way else -1
        expected = min(allowed & dealt_now, key=lambda s: (s * sign <= last * sign, s * sign), default=None)
    if expected is None:  # nobody dealt in twice in a row (a new table): nothing to compare
        return [], False
    if len(dealt_now) == 2 and previous.big_blind_seat:
        # heads-up the button posts the small blind, and the big blind moves one player forward: the
        # button goes to whoever is not the next big blind (on the way down from three players)
        after = [s for s in _clockwise(previous.big_blind_seat, max(now), way) if s in dealt_now]
        if len(after) > 1:
            allowed.add(after[1])
    if (
        previous.dealt.bit_count() == 2
        and button == last
        and previous.big_blind_seat
        and current.small_blind_seat == previous.big_blind_seat
    ):
        allowed.add(button)  # heads-up to more players: the button stays, the last big blind posts the small
    if _blinds_place_button(current, previous, players_before):
        return [], True
    if button in allowed:  # a dead button on the seat of a player who has just left (an empty seat no one left: HH405)
        return [], button in now or button in players_before
    if current.is_tournament and _next_seat_newcomer(current, last, dealt_before, players_before, now):
        return [], True  # (asked last: only a hand that would be HH412 pays for it)
    return [
        finding(
            "HH412",
            f"the button moved from seat {last} to seat {button}; the next player dealt into "
            f"the previous hand is on seat {expected} (or hands are missing in between)",
            current.file,
            current.line + 1,
            hand_id=current.hand_id,
            expected=expected,
            actual=button,
        )
    ], False


def _next_seat_newcomer(
    current: TableSnapshot, last: int, dealt_before: set[int], players_before: dict[int, str], now: dict[int, str]
) -> bool:
    """T7 as written, in a tournament: the button moves one seat on, to the next player dealt in now even
    one just moved in from a balanced table (a tournament deals him in at once, in any position: TDA), and
    the blinds sit on the next players after him (B1). 888's table 6 (…NLHE-PM-MTT-10-20120221.txt): from
    heads-up (button 5, big blind 3), three players moved onto seats 6, 7 and 9; the button went to 6."""
    button = current.button
    if button is None or not current.big_blind_seat:
        return False
    dealt_now = set(current.dealt_seats)
    top = max(max(now, default=0), max(players_before, default=0), button, last)
    nexts = [s for s in _clockwise(last, top, current.clockwise) if s in dealt_now]
    if not nexts or nexts[0] != button or (button in dealt_before and players_before.get(button) == now.get(button)):
        return False  # not the next seat, or a player dealt in both hands there (the usual move, checked above)
    return dead_button_blinds(
        button, current.dealt_seats, current.small_blind_seat, current.big_blind_seat, current.clockwise
    )


def _blinds_place_button(current: TableSnapshot, previous: _Last, players_before: dict[int, str]) -> bool:
    """The moving big blind (a dialect's `moving_big_blind`: Winamax WX-6, 888 888-4/888-5, WPN WPN-8,
    PartyPoker PP-5): the big blind moves to the next player dealt in now, the small blind is the last
    big blind (or there is none: that player left, denied it, WX-4, PP-1), and the button stands on
    any seat strictly between the last button and the small blind (or the big blind when there is no
    small blind), clockwise: an empty seat, a newcomer, a player sitting out, or stays where it was
    when the seats between were emptied or only newcomers sit there (888's and PartyPoker's tournaments)."""
    if not current.moving_big_blind or not previous.big_blind_seat or not current.big_blind_seat:
        return False
    button, last = current.button, previous.button
    if button is None or last is None:
        return False
    dealt_now = set(current.dealt_seats)
    top = max(max(s for s, _, _, _ in current.hand_seats), previous.big_blind_seat, last, button)
    nexts = [s for s in _clockwise(previous.big_blind_seat, top, current.clockwise) if s in dealt_now]
    if not nexts or nexts[0] != current.big_blind_seat:
        return False  # the big blind did not move one dealt-in player on
    small = current.small_blind_seat
    if small and small != previous.big_blind_seat:
        return False
    stop = small or current.big_blind_seat
    between = []
    for seat in _clockwise(last, top, current.clockwise):
        if seat == stop:
            break
        between.append(seat)
    if button == last:  # no player dealt into both hands between (newcomers wait for the big blind)
        now = {seat: player for seat, player, _, _ in current.hand_seats}
        return not any(
            seat in dealt_now and previous.dealt >> seat & 1 and players_before.get(seat) == now.get(seat)
            for seat in between
        )
    return button in between


def _dead_button_first(current: TableSnapshot) -> bool:
    """A table's first hand with the button on an empty seat: a dead button when the blinds sit on the
    next players dealt in after it (the small blind, if any, the first of them), as the dead-button rule
    (TDA / Robert's Rules, HH405's own text) places them after the button's player left, on every site
    (the moving big blind, WX-6; Full Tilt's `The button is in seat #9` on an empty seat; a hand that
    never chains, as Bovada's, is judged alone in the replay). Blinds elsewhere: still HH405."""
    button = current.button
    if button is None or not current.big_blind_seat or any(seat == button for seat, _, _, _ in current.hand_seats):
        return False
    return dead_button_blinds(
        button, current.dealt_seats, current.small_blind_seat, current.big_blind_seat, current.clockwise
    )


def _clockwise(last: int, top: int, up: bool = True) -> list[int]:
    """Seats after `last`, clockwise (numbers up, then around from the lowest, 0 for the rooms that count
    from it), `last` itself at the end; not `up` (`Conventions.clockwise` False): numbers down, then around
    from `top`."""
    if not up:
        return [*range(last - 1, -1, -1), *range(top, last - 1, -1)]
    return [*range(last + 1, top + 1), *range(last + 1)]


def _mask(seats: tuple) -> int:
    mask = 0
    for seat in seats:
        mask |= 1 << seat
    return mask


def _money(snapshot: TableSnapshot, amount: int) -> str:
    """The replay's own money format, from the snapshot's scale and currency."""
    return format_money(amount, snapshot.scale, snapshot.currency)
