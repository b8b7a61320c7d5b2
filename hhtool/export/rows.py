"""From one validated hand to the rows of each table (column-wise buffers, money in minor units)."""

from __future__ import annotations

import os

import pyarrow as pa

from hhtool.codes import HH413
from hhtool.dialects import conventions
from hhtool.export.schema import COLUMNS, PLAIN_SCHEMAS
from hhtool.findings import Finding, Severity
from hhtool.model import BlindKind, Hand, PostAnte, PostBlind, RaiseTo, Street
from hhtool.rules.replay import Replay

_ACTION_NAMES = {
    BlindKind.SMALL: "post_small",
    BlindKind.BIG: "post_big",
    BlindKind.SMALL_AND_BIG: "post_small_and_big",
    BlindKind.BUTTON: "post_button",
    BlindKind.STRADDLE: "post_straddle",
    BlindKind.MISSED: "post_missed",
}
# event type → (its `action` name, whether it has an `all_in` field), filled as types are met: a
# getattr with a default on the types without the field (folds, checks) raised and caught an error.
_KINDS: dict[type, tuple[str, bool]] = {PostAnte: ("post_ante", True), RaiseTo: ("raise", True), PostBlind: ("", True)}
_PREFLOP, _FLOP, _TURN, _RIVER = Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER


def _street_name(street: Street) -> str:
    """The street's name as a plain str (`str()` of the enum copies it; its hash is a Python call)."""
    if street is _PREFLOP:
        return "preflop"
    if street is _FLOP:
        return "flop"
    if street is _TURN:
        return "turn"
    if street is _RIVER:
        return "river"
    return str(street)


def hand_uid(result) -> str:
    """site:hand id for parsed hands. Unparsed and unsupported hands, and a different hand reusing a
    known id (HH413), also carry their file's canonical path and line: their ids cannot be trusted
    to be unique (ACPC logs number every match from 0), every hand read must be stored, and the
    same file read through another spelling of its path (relative, `./`, a symlink) is the same
    hand, stored once. A hand whose line the hand before it starts on (a cut hand ran into its header: the
    two may share a number) adds its column, `…:line:column`; the others keep `…:line`, as before."""
    return uid_of(
        result.site,
        result.hand_id,
        result.file,
        result.line,
        result.parse_status == "parsed",
        result.findings,
        result.column,
    )


def uid_of(site: str, hand_id: str | None, file: str, line: int, parsed: bool, findings, column: int = 1) -> str:
    if parsed and hand_id and not any(f.code == HH413 for f in findings):
        return f"{site}:{hand_id}"
    if column != 1:
        return f"{site}:{hand_id or ''}@{canonical_path(file)}:{line}:{column}"
    return f"{site}:{hand_id or ''}@{canonical_path(file)}:{line}"


_CANONICAL: dict[str, str] = {}


def canonical_path(file: str) -> str:
    """The absolute path of a file with symlinks, `.` and `..` resolved (cached: once per file and
    working folder, which a relative path depends on)."""
    key = file if os.path.isabs(file) else os.path.join(os.getcwd(), file)
    path = _CANONICAL.get(key)
    if path is None:
        from hhtool.io.sources import canonical  # stdin, a zip member

        path = _CANONICAL[key] = canonical(file) or os.path.realpath(key)
    return path


STDIN_NAME = "<stdin>"  # hhtool.io.sources.STDIN_NAME (not imported here: sources is loaded when first needed)


def stored_path(file: str) -> str:
    """The `file` a dataset records for a source: its canonical path, so that `show ID DATASET` and
    `dataset revalidate` find it again from any working folder; standard input keeps its name (it
    cannot be read again), and so does a finding of no file."""
    return file if not file or file == STDIN_NAME else canonical_path(file)


def file_key(file: str, line: int) -> str:
    """The `hand_uid` of a file-level finding (a file, or a position in it, that holds no hand)."""
    return f"@{canonical_path(file)}:{line}"


# Column order of every table, as the rows below are built.
# Checked against the schema at import, so a column added to one and not the other fails loudly.
ORDER = {
    "hands": (
        "hand_uid",
        "site",
        "hand_id",
        "status",
        "file",
        "line",
        "game",
        "limit",
        "currency",
        "small_blind",
        "big_blind",
        "tournament_id",
        "table_name",
        "max_seats",
        "button_seat",
        "started_at",
        "local_time",
        "time_zone",
        "players",
        "board",
        "saw_flop",
        "total_pot",
        "rake",
        "rake_printed",
        "collected",
        "cash_drop",
        "fees",
        "fee_names",
        "fee_amounts",
        "runs",
        "errors",
        "warnings",
        "date_kind",
        "date",
    ),
    "seats": (
        "hand_uid",
        "seat",
        "player",
        "position",
        "dealt_in",
        "starting_stack",
        "final_stack",
        "contributed",
        "collected",
        "net",
        "cash_out",
        "cash_out_fee",
        "cash_out_kept",
        "paid_outside",
        "hole_cards",
        "showed",
        "folded_on",
        "currency",
        "date",
    ),
    "actions": (
        "hand_uid",
        "seq",
        "street",
        "player",
        "action",
        "amount",
        "raise_to",
        "all_in",
        "line",
        "currency",
        "date",
    ),
    "pots": ("hand_uid", "pot_index", "amount", "eligible", "winners", "currency", "date"),
    "payouts": ("hand_uid", "run", "pot_index", "player", "amount", "currency", "date"),
    "findings": (
        "hand_uid",
        "code",
        "rule",
        "severity",
        "message",
        "file",
        "line",
        "column",
        "expected",
        "actual",
        "date",
    ),
}
_SCHEMA_ORDER = {t: tuple(name for name, _, _ in cols) for t, cols in COLUMNS.items()}
if ORDER != _SCHEMA_ORDER:  # pragma: no cover - a programming error, caught by any test run
    raise RuntimeError(f"export rows and schema disagree: {ORDER} != {_SCHEMA_ORDER}")
HANDS_STATUS, HANDS_ERRORS, HANDS_WARNINGS = (ORDER["hands"].index(c) for c in ("status", "errors", "warnings"))


# Values every row of a hand repeats in the tables after `hands`: kept once per hand (its key), each
# row holding the key's index; Arrow builds those columns with `take`, not from a Python str per row.
KEYED = ("hand_uid", "currency", "date")
KEY = "#key"
# The buffers of a table, one list per column: `hands` in ORDER; the others the key index, then
# their columns of ORDER that are not in KEYED.
STORED = {
    table: names if table == "hands" else (KEY, *(n for n in names if n not in KEYED)) for table, names in ORDER.items()
}


def _int_ranges(table: str) -> tuple[tuple[int, str, int, int], ...]:
    """(buffer position, column, lowest, highest) of each integer column of a table narrower than int64
    (money is int64: every amount is at most limits.MAX_MINOR, so no sum a hand holds comes near it)."""
    out = []
    for name, kind, _ in COLUMNS[table]:
        if pa.types.is_integer(kind) and kind.bit_width < 64:
            bits = kind.bit_width
            out.append((STORED[table].index(name), name, -(1 << (bits - 1)), (1 << (bits - 1)) - 1))
    return tuple(out)


_INT_RANGES = {table: _int_ranges(table) for table in ORDER}


class ColumnOverflow(ValueError):
    """A hand's number that does not fit its column's integer type (the hand is HH099, not the task)."""


def finding_row(uid: str, f: Finding, day: str) -> tuple:
    return (
        uid,
        f.code,
        f.rule,
        str(f.severity),
        f.message,
        stored_path(f.file),
        f.line,
        f.column,
        f.expected,
        f.actual,
        day,
    )


def severity_counts(findings) -> tuple[int, int]:
    """(errors, warnings) among a hand's findings: the `errors` and `warnings` columns of `hands`."""
    errors = warnings = 0
    for f in findings:
        if f.severity is Severity.ERROR:
            errors += 1
        elif f.severity is Severity.WARNING:
            warnings += 1
    return errors, warnings


class Rows:
    """Column buffers of every table, filled hand by hand.

    One list per column (see STORED), appended per row: no tuple per row, and Arrow converts each
    list once. The values a hand repeats in every row of the tables after `hands` (KEYED) are kept
    once per hand, as a key the rows point to. Workers convert a task's buffers (`tables`) and send
    the Arrow tables, or write them as Parquet parts.
    """

    def __init__(self, columns: dict[str, list[str]] | None = None) -> None:
        self.columns = {t: list(names) for t, names in (columns or ORDER).items()}
        if {t: tuple(names) for t, names in self.columns.items()} != ORDER:
            raise ValueError(f"Rows holds the tables of ORDER, not {self.columns}")
        self.data: dict[str, list[list]] = {table: [[] for _ in STORED[table]] for table in ORDER}
        self.key_uid: list[str] = []
        self.key_currency: list[str | None] = []
        self.key_day: list[str] = []
        self.hands = 0
        self._paths: dict[str, str] = {}  # a source's name as read → as stored (stored_path, once a file)

    def _path(self, file: str) -> str:
        path = self._paths.get(file)
        if path is None:
            path = self._paths[file] = stored_path(file)
        return path

    def rows(self, table: str) -> int:
        return len(self.data[table][0])

    def largest(self) -> int:
        """Rows of the table that holds the most."""
        return max(len(columns[0]) for columns in self.data.values())

    def columns_of(self, table: str) -> dict[str, list]:
        """All buffered rows of a table as columns in ORDER (the `date` partition included)."""
        stored = self.data[table]
        if table == "hands":
            return {name: list(column) for name, column in zip(ORDER[table], stored)}
        index = stored[0]
        keyed: dict[str, list] = {"hand_uid": self.key_uid, "currency": self.key_currency, "date": self.key_day}
        out: dict[str, list] = {}
        for name in ORDER[table]:
            keys = keyed.get(name)
            out[name] = [keys[i] for i in index] if keys is not None else list(stored[STORED[table].index(name)])
        return out

    def tables(self) -> tuple[pa.Table, ...]:
        """All buffered rows as one Arrow table per table, in ORDER, with the plain types (PLAIN_SCHEMAS)."""
        keyed = {
            "hand_uid": pa.array(self.key_uid, pa.string()),
            "currency": pa.array(self.key_currency, pa.string()),
            "date": pa.array(self.key_day, pa.string()),
        }
        out = []
        for table, names in ORDER.items():
            schema = PLAIN_SCHEMAS[table]
            stored = self.data[table]
            arrays = []
            if table == "hands":
                for i in range(len(names)):
                    arrays.append(_array(stored[i], schema.field(i).type))
            else:
                index = pa.array(stored[0], pa.int32())
                positions = STORED[table]
                for i in range(len(names)):
                    name = names[i]
                    keys = keyed.get(name)
                    if keys is not None:
                        arrays.append(keys.take(index))
                    else:
                        arrays.append(_array(stored[positions.index(name)], schema.field(i).type))
            out.append(pa.Table.from_arrays(arrays, schema=schema))
        return tuple(out)

    def take_tables(self) -> tuple[pa.Table, ...]:
        """`tables`, emptying the buffers."""
        out = self.tables()
        self.data = {table: [[] for _ in STORED[table]] for table in ORDER}
        self._drop_keys()
        return out

    def _drop_keys(self) -> None:
        """Forget the keys once no row points to them (every table taken)."""
        if all(not columns[0] for columns in self.data.values()):
            self.key_uid, self.key_currency, self.key_day = [], [], []

    def add_hand(self, result) -> tuple[int, ...]:
        """add_result, all or nothing: the hand's rows checked against the integer columns' widths, and
        taken out again when a number does not fit (ColumnOverflow) or building them fails, so that one
        hand's failure never reaches the rows of the hands around it. Returns the rows added per table."""
        data = self.data
        before = [len(columns[0]) for columns in data.values()]
        keys = len(self.key_uid)
        try:
            self.add_result(result)
            for (table, columns), count in zip(data.items(), before):
                _check_ints(table, columns, count)
        except BaseException:
            for columns, count in zip(data.values(), before):
                for column in columns:
                    del column[count:]
            del self.key_uid[keys:], self.key_currency[keys:], self.key_day[keys:]
            self.hands -= 1
            raise
        return tuple(len(columns[0]) - count for columns, count in zip(data.values(), before))

    def _key(self, uid: str, currency: str | None, day: str) -> int:
        """A new key (the values a hand's rows repeat); its index."""
        key = len(self.key_uid)
        self.key_uid.append(uid)
        self.key_currency.append(currency)
        self.key_day.append(day)
        return key

    def add_result(self, result) -> str:
        """Add one hand read (a HandResult; a parallel worker's has no hand and no replay here); returns
        its partition day."""
        uid = hand_uid(result)
        hand, state = result.hand, result.state
        errors, warnings = severity_counts(result.findings)
        self.hands += 1
        if hand is None or state is None:
            day = "unknown"
            _append(
                self.data["hands"],
                (
                    uid,
                    result.site,
                    result.hand_id,
                    result.status,
                    self._path(result.file),
                    result.line,
                    None,
                    None,
                    None,
                    None,
                    None,
                    None,
                    None,
                    None,
                    None,
                    None,
                    None,
                    None,
                    None,
                    None,
                    None,
                    None,
                    None,
                    None,
                    None,
                    None,
                    None,
                    None,
                    None,
                    None,
                    errors,
                    warnings,
                    None,
                    day,
                ),
            )
            self._findings(self._key(uid, None, day), result.findings)
            return day
        header = hand.header
        started = header.time_utc
        # the UTC day; a hand whose site printed no zone keeps the day of its local time, and says so
        local = header.time
        day, kind = (
            (started.date().isoformat(), "utc")
            if started
            else (local.date().isoformat(), "local")
            if local
            else ("unknown", None)
        )
        currency = header.currency
        collected_by = state.collected_by()
        collected = sum(collected_by.values())
        board = state.boards.get(0) or state.boards.get(1) or ()
        cancelled = state.cancelled
        claims = hand.claims
        fees = claims.fees
        _append(
            self.data["hands"],
            (
                uid,
                result.site,
                result.hand_id,
                result.status,
                self._path(result.file),
                result.line,
                header.game,
                str(header.limit),
                currency,
                header.small_blind,
                header.big_blind,
                header.tournament_id,
                header.table,
                header.max_seats,
                header.button_seat,
                started,
                header.time,
                header.time_zone,
                len(state.order),
                " ".join(board) or None,
                state.saw_flop,
                None if cancelled else state.pot_total,
                None
                if cancelled
                else (claims.rake if claims.rake is not None else state.pot_total - state.fees - collected),
                None if cancelled else claims.rake is not None,
                collected,
                state.cash_drop,
                state.fees,
                [name for name, _ in fees],
                [amount for _, amount in fees],
                max(claims.runs, max(state.boards, default=1)),
                errors,
                warnings,
                kind,
                day,
            ),
        )
        key = self._key(uid, currency, day)
        self._seats(key, hand, state, collected_by)
        self._actions(key, state)
        self._pots(key, state)
        self._findings(key, result.findings)
        return day

    def _seats(self, key: int, hand: Hand, state: Replay, collected_by: dict[str, int]) -> None:
        positions = {}
        folded_on = {}
        named = conventions(hand.header.site).positions  # printed name → the seat position it names, or None
        for summary in hand.claims.seats:
            tags = [named[t] for t in summary.positions if named.get(t) is not None]
            positions[summary.player] = tags[-1] if tags else None
            if summary.folded_on is not None:
                folded_on[summary.player] = str(summary.folded_on)
        (
            keys,
            seats,
            names,
            position,
            dealt_in,
            start,
            final_stack,
            contributed,
            collected,
            net,
            cash_out,
            cash_out_fee,
            cash_out_kept,
            paid_outside,
            hole_cards,
            showed,
            folded,
        ) = self.data["seats"]
        finals = state.final_stacks()
        kept = state.cash_out_kept
        for player in state.players.values():
            name = player.name
            final = finals[name]
            cards = player.shown or player.cards
            keys.append(key)
            seats.append(player.seat)
            names.append(name)
            position.append(positions.get(name))
            dealt_in.append(player.dealt_in)
            start.append(player.start)
            final_stack.append(final)
            contributed.append(player.total)
            collected.append(collected_by.get(name, 0))
            net.append(final - player.start)
            cash_out.append(player.cash_out_paid)
            cash_out_fee.append(player.cash_out_fee)
            cash_out_kept.append(kept.get(name, 0))
            paid_outside.append(player.premium)
            hole_cards.append(" ".join(cards) or None)
            showed.append(bool(player.shown))
            folded.append(folded_on.get(name))

    def _actions(self, key: int, state) -> None:
        keys, seqs, streets, players, actions, amounts, raises, all_ins, lines = self.data["actions"]
        for seq, (event, street, added) in enumerate(state.ledger):
            kind = type(event)
            known = _KINDS.get(kind)
            if known is None:
                known = _KINDS[kind] = (kind.__name__.lower(), hasattr(event, "all_in"))
            action, has_all_in = known
            raise_to = None
            if kind is PostBlind:
                action = _ACTION_NAMES[event.blind]
            elif kind is RaiseTo:
                raise_to = event.raise_to
            keys.append(key)
            seqs.append(seq)
            streets.append(_street_name(street))
            players.append(event.player)
            actions.append(action)
            amounts.append(added)
            raises.append(raise_to)
            all_ins.append(bool(event.all_in) if has_all_in else False)
            lines.append(event.line)

    def _pots(self, key: int, state) -> None:
        single = len(state.pots) == 1
        winners: dict[int, set[str]] = {}
        payouts = self.data["payouts"]
        for event, run in zip(state.collects, state.collect_runs):
            index = 0 if event.pot_index is None or single else event.pot_index
            winners.setdefault(index, set()).add(event.player)
            _append(payouts, (key, run, index, event.player, event.amount))
        pots = self.data["pots"]
        for index, pot in enumerate(state.pots):
            _append(pots, (key, index, pot.amount, list(pot.eligible), sorted(winners.get(index, ()))))

    def _findings(self, key: int, findings) -> None:
        out = self.data["findings"]
        for f in findings:
            _append(
                out,
                (
                    key,
                    f.code,
                    f.rule,
                    str(f.severity),
                    f.message,
                    self._path(f.file),
                    f.line,
                    f.column,
                    f.expected,
                    f.actual,
                ),
            )

    def add_finding(self, uid: str, f: Finding, day: str) -> None:
        self._findings(self._key(uid, None, day), [f])


def _array(values: list, kind: pa.DataType) -> pa.Array:
    """A column buffer as an Arrow array. Integers without nulls go through numpy: pyarrow checks every
    Python object it converts for being an Arrow scalar, which took half of an integer column's time."""
    if values and pa.types.is_integer(kind):
        import numpy as np  # (imported with pyarrow already)

        try:
            numbers = np.fromiter(values, f"<i{kind.bit_width // 8}", len(values))
        except (TypeError, OverflowError):  # a null (None), or a number the type cannot hold
            return pa.array(values, kind)
        return pa.Array.from_buffers(kind, len(values), [None, pa.py_buffer(numbers)])
    return pa.array(values, kind)


def _append(columns: list[list], row: tuple) -> None:
    """One row into a table's column buffers (the values in STORED order)."""
    for i in range(len(row)):
        columns[i].append(row[i])


def _check_ints(table: str, columns: list[list], start: int) -> None:
    for position, name, low, high in _INT_RANGES[table]:
        column = columns[position]
        for index in range(start, len(column)):
            value = column[index]
            if value is not None:
                number: int = value  # (typed: compared as machine integers when compiled)
                if number < low or number > high:
                    raise ColumnOverflow(f"{table}.{name} = {number} does not fit the column ({low}..{high})")
