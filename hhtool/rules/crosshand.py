"""Checks across the hands of one table: stacks carry over, the button moves, no id twice.

Streaming: the state kept is one entry per table (the last hand seen there) and one digest per
hand id (in a compact table, see `hhtool.engine.uidtable`), so memory grows only with the number
of hands. The checks work on small picklable snapshots of a hand (`identity`, `table_snapshot`),
so that parallel workers can replay hands and the parent run these checks in input order.
"""

from __future__ import annotations

import hashlib
import re
from array import array
from typing import Final, NamedTuple

from hhtool import dialects
from hhtool.codes import finding
from hhtool.engine.uidtable import UidTable
from hhtool.findings import Finding
from hhtool.model import BlindKind, Hand, PostBlind, StreetStart
from hhtool.rules.replay import Replay, format_money
from hhtool.rules.ruleset import RuleSet

_BLANK_LINES = re.compile(r"\n{2,}")
_BIG: Final = BlindKind.BIG  # Final: compiled, a C static (an enum class's attribute is a slow look-up)
_PostBlind: Final = PostBlind
_StreetStart: Final = StreetStart
# A NamedTuple's own constructor is interpreted Python (namedtuple's generated `__new__`), for every hand;
# its `_make` builds it from all its fields in order the same way, as this does without the call.
_new_tuple: Final = tuple.__new__


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
    seat_chips: array  # seat, chips at the end of the hand (rebuys included); seat, chips; … per player
    players: str  # the players of those seats in the same order, joined by line breaks (no name has one)
    cancelled: bool
    dealt_seats: tuple  # seats dealt in, sorted
    hand_seats: tuple  # (seat, player, stack, line) as the seat lines printed them
    big_blind: int
    is_tournament: bool
    scale: int
    currency: str
    file: str
    line: int
    hand_id: str
    big_blind_seat: int  # seat of the player who posted the big blind in its place (0: none)


def text_digest(text: str) -> int:
    """Digest of a hand's text; blank lines are layout, not content (non-empty lines joined by one newline)."""
    canonical = text.strip("\n")
    if "\n\n" in canonical:  # rare inside a hand; the regex is the slow part of a digest
        canonical = _BLANK_LINES.sub("\n", canonical)
    return int.from_bytes(hashlib.blake2b(canonical.encode("utf-8", "surrogatepass"), digest_size=8).digest(),
                          "little")


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
    chips: list[int] = []
    for p in state.players.values():
        chips.append(p.seat)
        chips.append(final[p.name] + p.rebuy)  # chips bought during the hand count from the next one on
    seat_chips = array("q", chips)  # in one call: an array's append is a method call per value
    source = hand.source
    return _new_tuple(TableSnapshot, (  # every field, in order
        "\n".join((header.site, header.table, header.tournament_id or "", header.currency)),
        (header.server_time or header.time, _hand_number(header.hand_id)),
        header.button_seat, seat_chips, "\n".join(state.players), state.cancelled,
        tuple([p.seat for p in state.order]),  # the dealt-in players, in seat order already
        tuple([(s.seat, s.player, s.stack, s.line) for s in hand.seats]), header.big_blind, header.is_tournament,
        header.scale, header.currency, source.file, source.line, header.hand_id, _big_blind_seat(state)))


def _hand_number(hand_id: str) -> int:
    """A hand id's number, after a letter prefix if any (GGPoker's `HD2874410365`); 0 when it has none."""
    digits = hand_id.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    return int(digits) if digits.isdigit() and digits.isascii() else 0


def _big_blind_seat(state: Replay) -> int:
    """The seat of the first big blind posted (a new player's own big blind comes after it)."""
    for event in state.hand.events:
        if isinstance(event, _PostBlind) and event.blind is _BIG:
            player = state.players.get(event.player)
            return player.seat if player is not None else 0
        if isinstance(event, _StreetStart):
            break
    return 0


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

    def chips(self) -> dict[tuple[int, str], int]:
        """(seat, player) → chips at the end of the hand."""
        values = self.seat_chips
        if not values:
            return {}
        return dict(zip(zip(values[0::2], self.players.split("\n")), values[1::2]))


class CrossHand:
    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.tables: dict[str, _Last] = {}
        self.earliest: dict[str, TableSnapshot] = {}  # newest-first sites: the earliest hand read of each table
        self.seen = UidTable()  # hand uid → text digest

    def duplicate(self, hand: Hand, text: str) -> Finding | None:
        """HH414 for the same text again (to be skipped), HH413 for another hand under a known id."""
        return self.duplicate_of(identity(hand, text))

    def duplicate_of(self, ident: Identity) -> Finding | None:
        known = self.seen.setdefault(ident.uid, ident.digest)
        if known is None:
            return None
        code = "HH414" if known == ident.digest else "HH413"
        what = "read again; counted once" if code == "HH414" else "already used by a different hand"
        return finding(code, f"hand id {ident.hand_id} {what}", ident.file, ident.line, hand_id=ident.hand_id)

    def check(self, state: Replay) -> list[Finding]:
        snapshot = table_snapshot(state)
        return [] if snapshot is None else self.check_table(snapshot)

    def check_table(self, current: TableSnapshot) -> list[Finding]:
        """Stack continuity and button movement against the last hand at the same table (by hand time,
        not by position in the file: see `_check_earlier` for sites that write files newest first)."""
        previous = self.tables.get(current.key)
        out: list[Finding] = []
        later = previous is not None and None not in (current.order[0], previous.order[0]) \
            and current.order > previous.order
        if later and previous is not None and not current.cancelled:
            out.extend(self._pair(current, previous))
        if (previous is None or later) and not current.cancelled:  # a cancelled hand is no link of the chain
            self.tables[current.key] = _last_of(current)
        if _newest_first(current.key):
            out.extend(self._check_earlier(current, previous is None))
        return out

    def _pair(self, current: TableSnapshot, previous: _Last) -> list[Finding]:
        ended = previous.chips()  # (once for both checks)
        moved = _button(current, previous, ended)
        # stacks chain only between consecutive hands; a skipped button means a gap
        return moved if moved else self._stacks(current, ended)

    def _check_earlier(self, current: TableSnapshot, first: bool) -> list[Finding]:
        """A site that writes its files newest first (GGPoker's PokerCraft export) gives a table's hands in
        decreasing time: each one is the hand before the earliest one read so far, which is kept whole for
        that (only for such sites: a snapshot is ~1 KB a table). The findings are the later hand's, at its
        lines, as a forward read would report them; they come with the hand read when they are found."""
        following = self.earliest.get(current.key)
        earlier = following is not None and None not in (current.order[0], following.order[0]) \
            and current.order < following.order
        out = self._pair(following, _last_of(current)) if earlier and following is not None \
            and not following.cancelled else []
        if first or earlier:
            self.earliest[current.key] = current
        return out

    def _stacks(self, current: TableSnapshot, ended: dict[tuple[int, str], int]) -> list[Finding]:
        """HH410/HH411 against `ended`, the chips of the last hand at the table ((seat, player) → chips)."""
        out = []
        bb = current.big_blind
        min_bb = self.rules.min_buyin_bb
        for seat, player, stack, line in current.hand_seats:
            before = ended.get((seat, player))  # the same player on the same seat last hand
            if before is None:
                continue
            if stack != before:
                if before == 0 and not current.is_tournament:
                    if stack < min_bb * bb:
                        out.append(finding("HH411", f"{player} busted and returns with "
                                           f"{_money(current, stack)}, below {min_bb} big blinds",
                                           current.file, line, hand_id=current.hand_id,
                                           expected=f">= {min_bb * bb}", actual=stack))
                    continue
                if stack > before and not current.is_tournament:
                    continue  # a top-up between hands (T3 allows it); only a loss of chips is unexplained
                out.append(finding("HH410", f"{player} starts with {_money(current, stack)} but ended the "
                                   f"previous hand at this table with {_money(current, before)}", current.file,
                                   line, hand_id=current.hand_id, expected=before, actual=stack))
        return out


def _last_of(snapshot: TableSnapshot) -> _Last:
    return _Last(snapshot.order, snapshot.button, snapshot.seat_chips, snapshot.players, _mask(snapshot.dealt_seats),
                 snapshot.big_blind_seat)


_NEWEST_FIRST: dict[str, bool] = {}


def _newest_first(key: str) -> bool:
    """Whether the site of a table key (its first line) writes its files newest first (its dialect says)."""
    site = key.partition("\n")[0]
    known = _NEWEST_FIRST.get(site)
    if known is None:
        dialect = dialects.by_site(site)
        known = _NEWEST_FIRST[site] = dialect is not None and dialect.conventions.newest_first
    return known


def _button(current: TableSnapshot, previous: _Last, ended: dict[tuple[int, str], int]) -> list[Finding]:
    """HH412 when the button skips a player who was dealt into the last hand, or goes backwards.

    A site moves the button to the next seat of a player who was dealt into the previous hand
    and is still there: a player who has just sat down (or was sitting out) is skipped. A dead button
    may also stand on a seat left empty between the last button and that player; in a tournament,
    which refills a busted player's seat at once, it may also go to the new player there. Heads-up,
    the big blind moving forward places the button."""
    button, last = current.button, previous.button
    if button is None or last is None or not current.dealt_seats:
        return []
    players_before = dict(ended.keys())  # seat → player
    dealt_before = {seat for seat in players_before if previous.dealt >> seat & 1}
    now = {seat: player for seat, player, _, _ in current.hand_seats}
    dealt_now = set(current.dealt_seats)
    expected = None  # the next seat dealt into both hands by the same player (in a tournament, by anyone)
    allowed: set[int] = set()
    for seat in _clockwise(last, max(max(now, default=0), max(players_before, default=0), button)):
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
        expected = min(allowed & dealt_now, key=lambda s: (s <= last, s), default=None)
    if expected is None:  # nobody dealt in twice in a row (a new table): nothing to compare
        return []
    if len(dealt_now) == 2 and previous.big_blind_seat:
        # heads-up the button posts the small blind, and the big blind moves one player forward: the
        # button goes to whoever is not the next big blind (on the way down from three players)
        after = [s for s in _clockwise(previous.big_blind_seat, max(now)) if s in dealt_now]
        allowed.add(after[1])
    if button in allowed:
        return []
    return [finding("HH412", f"the button moved from seat {last} to seat {button}; the next player dealt into "
                    f"the previous hand is on seat {expected} (or hands are missing in between)", current.file,
                    current.line + 1, hand_id=current.hand_id, expected=expected, actual=button)]


def _clockwise(last: int, top: int) -> list[int]:
    """Seats after `last`, clockwise (numbers up, then around from the lowest, 0 for the rooms that count
    from it), `last` itself at the end."""
    return [*range(last + 1, top + 1), *range(last + 1)]


def _mask(seats: tuple) -> int:
    mask = 0
    for seat in seats:
        mask |= 1 << seat
    return mask


def _money(snapshot: TableSnapshot, amount: int) -> str:
    """The replay's own money format, from the snapshot's scale and currency."""
    return format_money(amount, snapshot.scale, snapshot.currency)
