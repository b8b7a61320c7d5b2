"""A task's records as they cross from a worker to the parent: columns, not one object graph per hand.

Pickled one by one, a hand's HandResult with its Identity and TableSnapshot (tuples of seat lines, an
array, a datetime, the same file path and table key again and again) cost ~530 bytes and ~19 µs of
dumps + loads. Packed per task, each field is one column: numbers and strings in flat lists (pickle
writes them in C), repeated strings once (`_shared`: pickle then refers back to the first), the seat
lines and chips of every hand in one list or array with a length per hand, the rows' first row per
table recomputed from the counts, findings only for the hands that have some. `unpack` rebuilds the
same records, equal field by field, so the parent (cross-hand checks, counts, writer) is unchanged.

Records this form does not describe (a sequential run's hand and replay, rows that are not one batch
sliced in order) travel as they are: `pack` returns the list itself.
"""

from __future__ import annotations

from array import array
from itertools import accumulate, chain, repeat

from hhtool.findings import Finding
from hhtool.rules.crosshand import Identity, TableSnapshot
from hhtool.validate import HandResult

_new = tuple.__new__
_FORM = "hhtool-columns-1"  # the packed form's tag (a packed task is a tuple that starts with it)
_TABLES_FIELDS = len(TableSnapshot._fields)


def pack(items: list | None) -> object:
    """A task's items (HandResults and file-level Findings, in order) in the compact form, or `items`
    itself when it holds anything the form does not describe."""
    if not items:
        return items
    hands = [item for item in items if type(item) is HandResult]
    if not hands:
        return items
    others = {i: item for i, item in enumerate(items) if type(item) is not HandResult}
    if any(type(item) is not Finding for item in others.values()):
        return items
    n = len(hands)
    (
        parse_status,
        status,
        file,
        line,
        site,
        hand_id,
        findings,
        hand,
        state,
        ident,
        table,
        replayed,
        tail,
        rows,
        crossed,
        column,
    ) = zip(*hands)
    if hand.count(None) != n or state.count(None) != n:
        return items
    packed_rows = _pack_rows(rows, n)
    if packed_rows is False:
        return items
    shared: dict = {}
    some = {i: f for i, f in enumerate(findings) if f}
    if any(type(f) is not list for f in some.values()):
        return items
    return (
        _FORM,
        len(items),
        others,
        parse_status,
        status,
        file,
        line,
        site,
        hand_id,
        some,
        _pack_idents(ident, shared),
        _pack_tables(table, shared),
        replayed,
        tail,
        packed_rows,
        crossed,
        None if column.count(1) == n else column,
    )  # (a header not at a line start is rare)


def unpack(packed: object) -> list | None:
    """The items `pack` packed (a list given as it is)."""
    if not isinstance(packed, tuple) or not packed or packed[0] != _FORM:
        return packed  # type: ignore[return-value]
    (
        _,
        total,
        others,
        parse_status,
        status,
        file,
        line,
        site,
        hand_id,
        some,
        idents,
        tables,
        replayed,
        tail,
        rows,
        crossed,
        column,
    ) = packed
    n = len(line)
    findings = [some.get(i) or [] for i in range(n)] if some else [[] for _ in range(n)]
    nones = (None,) * n
    hands = [
        _new(HandResult, fields)
        for fields in zip(
            parse_status,
            status,
            file,
            line,
            site,
            hand_id,
            findings,
            nones,
            nones,
            _unpack_idents(idents, n),
            _unpack_tables(tables, n),
            replayed,
            tail,
            _unpack_rows(rows, n),
            crossed,
            repeat(1, n) if column is None else column,
        )
    ]
    if not others:
        return hands
    out: list = []
    at = 0
    for i in range(total):
        other = others.get(i)
        if other is not None:
            out.append(other)
        else:
            out.append(hands[at])
            at += 1
    return out


def _shared(values: tuple, shared: dict) -> list:
    """Equal strings as one object, which pickle writes once and then refers back to."""
    get = shared.setdefault
    return [get(v, v) for v in values]


def _present(values: tuple) -> tuple[bytes, list]:
    """Which values are not None (one byte each), and those values."""
    return bytes([v is not None for v in values]), [v for v in values if v is not None]


def _spread(mask: bytes, present: list, n: int) -> list:
    """The values back in their places, None where the mask says none."""
    if len(present) == n:
        return present
    it = iter(present)
    return [next(it) if m else None for m in mask]


def _pack_idents(idents: tuple, shared: dict) -> tuple | None:
    mask, present = _present(idents)
    if not present:
        return None
    uid, digest, hand_id, file, line = zip(*present)
    return mask, uid, digest, hand_id, _shared(file, shared), line


def _unpack_idents(packed: tuple | None, n: int) -> list | tuple:
    if packed is None:
        return (None,) * n
    mask, *columns = packed
    return _spread(mask, [_new(Identity, fields) for fields in zip(*columns)], n)


def _pack_tables(tables: tuple, shared: dict) -> tuple | None:
    mask, present = _present(tables)
    if not present:
        return None
    (
        key,
        order,
        button,
        seat_chips,
        players,
        cancelled,
        dealt_seats,
        hand_seats,
        big_blind,
        is_tournament,
        scale,
        currency,
        file,
        line,
        hand_id,
        big_blind_seat,
        small_blind_seat,
        counter,
        min_buyin,
        min_buyin_bb,
        labels,
        prints_rebuys,
        moving_big_blind,
        prints_addons,
        clockwise,
        newest_first,
        level,
    ) = zip(*present)
    times, numbers = zip(*order)
    chips = array("q")
    for values in seat_chips:
        chips.extend(values)  # (array + array, or extend from an array: a copy of its buffer)
    seats = list(chain.from_iterable(hand_seats))
    seat_columns = tuple(zip(*seats)) if seats else ((), (), (), ())
    return (
        mask,
        _shared(key, shared),
        times,
        numbers,
        button,
        array("I", map(len, seat_chips)),
        chips,
        _shared(players, shared),
        cancelled,
        array("I", map(len, dealt_seats)),
        list(chain.from_iterable(dealt_seats)),
        array("I", map(len, hand_seats)),
        seat_columns[0],
        _shared(seat_columns[1], shared),
        seat_columns[2],
        seat_columns[3],
        big_blind,
        is_tournament,
        scale,
        _shared(currency, shared),
        _shared(file, shared),
        line,
        hand_id,
        big_blind_seat,
        array("q", small_blind_seat),
        array("q", counter),
        array("q", min_buyin),
        array("q", min_buyin_bb),
        array("q", labels),
        bytes(prints_rebuys),
        bytes(moving_big_blind),
        bytes(prints_addons),
        bytes(clockwise),
        bytes(newest_first),
        array("q", level),
    )


def _slices(lengths: array) -> zip:
    ends = list(accumulate(lengths, initial=0))
    return zip(ends, ends[1:])  # noqa: RUF007 (compiled: zip of two lists is what mypyc types here)


def _unpack_tables(packed: tuple | None, n: int) -> list | tuple:
    if packed is None:
        return (None,) * n
    (
        mask,
        key,
        times,
        numbers,
        button,
        chips_len,
        chips,
        players,
        cancelled,
        dealt_len,
        dealt,
        seats_len,
        seat,
        player,
        stack,
        seat_line,
        big_blind,
        is_tournament,
        scale,
        currency,
        file,
        line,
        hand_id,
        big_blind_seat,
        small_blind_seat,
        counter,
        min_buyin,
        min_buyin_bb,
        labels,
        prints_rebuys,
        moving_big_blind,
        prints_addons,
        clockwise,
        newest_first,
        level,
    ) = packed
    seat_chips = [chips[a:b] for a, b in _slices(chips_len)]
    dealt_seats = [tuple(dealt[a:b]) for a, b in _slices(dealt_len)]
    all_seats = list(zip(seat, player, stack, seat_line))
    hand_seats = [tuple(all_seats[a:b]) for a, b in _slices(seats_len)]
    tables = [
        _new(TableSnapshot, fields)
        for fields in zip(
            key,
            zip(times, numbers),
            button,
            seat_chips,
            players,
            cancelled,
            dealt_seats,
            hand_seats,
            big_blind,
            is_tournament,
            scale,
            currency,
            file,
            line,
            hand_id,
            big_blind_seat,
            small_blind_seat,
            counter,
            min_buyin,
            min_buyin_bb,
            labels,
            map(bool, prints_rebuys),
            map(bool, moving_big_blind),
            map(bool, prints_addons),
            map(bool, clockwise),
            map(bool, newest_first),
            level,
        )
    ]
    return _spread(mask, tables, n)


def _pack_rows(rows: tuple, n: int) -> tuple | None | bool:
    """Rows of one batch sliced in order (as `work._as_batch` gives them): the batch once and the counts,
    a column per table; None when no hand has rows; False for any other form."""
    if rows.count(None) == n:
        return None
    if None in rows:
        return False
    batches, starts, counts = zip(*rows)
    batch = batches[0]
    if len(set(map(id, batches))) != 1:  # (by identity: a batch of Arrow tables compares by content)
        return False
    columns = tuple(zip(*counts))
    if list(zip(*[accumulate(column, initial=0) for column in columns]))[:-1] != list(map(tuple, starts)):
        return False
    return batch, columns


def _unpack_rows(packed: tuple | None, n: int) -> list | tuple:
    if packed is None:
        return (None,) * n
    batch, columns = packed
    starts = list(zip(*[accumulate(column, initial=0) for column in columns]))
    return list(zip(repeat(batch, n), starts, zip(*columns)))
