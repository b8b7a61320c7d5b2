"""From one validated hand to the rows of each table (column-wise buffers, money in minor units)."""

from __future__ import annotations

import os

import pyarrow as pa

from hhtool.dialects import conventions
from hhtool.export.schema import COLUMNS
from hhtool.findings import Finding, Severity
from hhtool.model import BlindKind, Hand, PostAnte, PostBlind, RaiseTo
from hhtool.rules.replay import Replay

_ACTION_NAMES = {
    BlindKind.SMALL: "post_small", BlindKind.BIG: "post_big", BlindKind.SMALL_AND_BIG: "post_small_and_big",
    BlindKind.BUTTON: "post_button", BlindKind.STRADDLE: "post_straddle", BlindKind.MISSED: "post_missed",
}
_KIND_NAMES: dict[type, str] = {}


def hand_uid(result) -> str:
    """site:hand id for parsed hands. Unparsed and unsupported hands, and a different hand reusing a
    known id (HH413), also carry their file's canonical path and line: their ids cannot be trusted
    to be unique (ACPC logs number every match from 0), every hand read must be stored, and the
    same file read through another spelling of its path (relative, `./`, a symlink) is the same
    hand, stored once."""
    return uid_of(result.site, result.hand_id, result.file, result.line, result.parse_status == "parsed",
                  result.findings)


def uid_of(site: str, hand_id: str | None, file: str, line: int, parsed: bool, findings) -> str:
    if parsed and hand_id and not any(f.code == "HH413" for f in findings):
        return f"{site}:{hand_id}"
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


def file_key(file: str, line: int) -> str:
    """The `hand_uid` of a file-level finding (a file, or a position in it, that holds no hand)."""
    return f"@{canonical_path(file)}:{line}"


# Column order of every table, as the rows below are built (positional tuples: one call per row).
# Checked against the schema at import, so a column added to one and not the other fails loudly.
ORDER = {
    "hands": ("hand_uid", "site", "hand_id", "status", "file", "line", "game", "limit", "currency", "small_blind",
              "big_blind", "tournament_id", "table_name", "max_seats", "button_seat", "started_at", "local_time",
              "time_zone", "players", "board", "saw_flop", "total_pot", "rake", "rake_printed", "collected",
              "cash_drop", "fees", "fee_names", "fee_amounts", "runs", "errors", "warnings", "date"),
    "seats": ("hand_uid", "seat", "player", "position", "dealt_in", "starting_stack", "final_stack", "contributed",
              "collected", "net", "cash_out", "cash_out_fee", "cash_out_kept", "paid_outside", "hole_cards", "showed",
              "folded_on", "currency", "date"),
    "actions": ("hand_uid", "seq", "street", "player", "action", "amount", "raise_to", "all_in", "line", "currency",
                "date"),
    "pots": ("hand_uid", "pot_index", "amount", "eligible", "winners", "currency", "date"),
    "payouts": ("hand_uid", "run", "pot_index", "player", "amount", "currency", "date"),
    "findings": ("hand_uid", "code", "rule", "severity", "message", "file", "line", "column", "expected", "actual",
                 "date"),
}
_SCHEMA_ORDER = {t: tuple(name for name, _, _ in cols) for t, cols in COLUMNS.items()}
if ORDER != _SCHEMA_ORDER:  # pragma: no cover - a programming error, caught by any test run
    raise RuntimeError(f"export rows and schema disagree: {ORDER} != {_SCHEMA_ORDER}")
HANDS_STATUS, HANDS_ERRORS, HANDS_WARNINGS = (ORDER["hands"].index(c) for c in ("status", "errors", "warnings"))


def _int_ranges(table: str) -> tuple[tuple[int, str, int, int], ...]:
    """(position, column, lowest, highest) of each integer column of a table's rows narrower than int64
    (money is int64: every amount is at most limits.MAX_MINOR, so no sum a hand holds comes near it)."""
    out = []
    for i, (name, kind, _) in enumerate(COLUMNS[table]):
        if pa.types.is_integer(kind) and kind.bit_width < 64:
            bits = kind.bit_width
            out.append((i, name, -(1 << (bits - 1)), (1 << (bits - 1)) - 1))
    return tuple(out)


_INT_RANGES = {table: _int_ranges(table) for table in ORDER}


class ColumnOverflow(ValueError):
    """A hand's number that does not fit its column's integer type (the hand is HH099, not the task)."""


def finding_row(uid: str, f: Finding, day: str) -> tuple:
    return (uid, f.code, f.rule, str(f.severity), f.message, f.file, f.line, f.column, f.expected, f.actual, day)


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
    """Row buffers for every table, filled hand by hand.

    Rows are plain tuples in the column order of `ORDER` (checked against the schema), built with
    one call each: the buffers hold millions of rows, and workers send them to the parent.
    """

    def __init__(self, columns: dict[str, list[str]] | None = None) -> None:
        self.columns = {t: list(names) for t, names in (columns or ORDER).items()}
        self.data: dict[str, list[tuple]] = {table: [] for table in self.columns}
        self.hands = 0

    def rows(self, table: str) -> int:
        return len(self.data[table])

    def columns_of(self, table: str) -> dict[str, list]:
        """All buffered rows of a table as columns (the `date` partition included)."""
        names, rows = self.columns[table], self.data[table]
        return dict(zip(names, map(list, zip(*rows)))) if rows else {name: [] for name in names}

    def take_columns(self, table: str) -> dict[str, list]:
        """The buffered rows of a table as columns (`date` included), emptying the buffer."""
        columns = self.columns_of(table)
        self.data[table] = []
        return columns

    def add_hand(self, result) -> tuple[int, ...]:
        """add_result, all or nothing: the hand's rows checked against the integer columns' widths, and
        taken out again when a number does not fit (ColumnOverflow) or building them fails, so that one
        hand's failure never reaches the rows of the hands around it. Returns the rows added per table."""
        data = self.data
        before = [len(part) for part in data.values()]
        try:
            self.add_result(result)
            for (table, part), count in zip(data.items(), before):
                _check_ints(table, part, count)
        except BaseException:
            for part, count in zip(data.values(), before):
                del part[count:]
            self.hands -= 1
            raise
        return tuple(len(part) - count for part, count in zip(data.values(), before))

    def add_result(self, result) -> str:
        """Add one hand read (a HandResult; a parallel worker's has no hand and no replay here); returns
        its partition day."""
        uid = hand_uid(result)
        hand, state = result.hand, result.state
        errors, warnings = severity_counts(result.findings)
        self.hands += 1
        if hand is None or state is None:
            day = "unknown"
            self.data["hands"].append((uid, result.site, result.hand_id, result.status, result.file, result.line,
                                       None, None, None, None, None, None, None, None, None, None, None, None, None,
                                       None, None, None, None, None, None, None, None, None, None, None, errors,
                                       warnings,
                                       day))
            self._findings(uid, result.findings, day)
            return day
        header = hand.header
        started = header.time_utc
        day = started.date().isoformat() if started else "unknown"
        currency = header.currency
        collected_by = state.collected_by()
        collected = sum(collected_by.values())
        board = state.boards.get(0) or state.boards.get(1) or ()
        cancelled = state.cancelled
        claims = hand.claims
        fees = claims.fees
        self.data["hands"].append((
            uid, result.site, result.hand_id, result.status, result.file, result.line, header.game,
            str(header.limit), currency, header.small_blind, header.big_blind, header.tournament_id, header.table,
            header.max_seats, header.button_seat, started, header.time, header.time_zone, len(state.order),
            " ".join(board) or None, state.saw_flop, None if cancelled else state.pot_total,
            None if cancelled else (claims.rake if claims.rake is not None
                                    else state.pot_total - state.fees - collected),
            None if cancelled else claims.rake is not None,
            collected, state.cash_drop, state.fees, [name for name, _ in fees], [amount for _, amount in fees],
            max(claims.runs, max(state.boards, default=1)), errors, warnings, day))
        self._seats(uid, hand, state, collected_by, currency, day)
        self._actions(uid, state, currency, day)
        self._pots(uid, state, currency, day)
        self._findings(uid, result.findings, day)
        return day

    def _seats(self, uid: str, hand: Hand, state: Replay, collected_by: dict[str, int], currency: str,
               day: str) -> None:
        positions = {}
        folded_on = {}
        named = conventions(hand.header.site).positions  # printed name → the seat position it names, or None
        for summary in hand.claims.seats:
            tags = [named[t] for t in summary.positions if named.get(t) is not None]
            positions[summary.player] = tags[-1] if tags else None
            if summary.folded_on is not None:
                folded_on[summary.player] = str(summary.folded_on)
        out = self.data["seats"]
        finals = state.final_stacks()
        kept = state.cash_out_kept
        for player in state.players.values():
            name = player.name
            final = finals[name]
            cards = player.shown or player.cards
            out.append((uid, player.seat, name, positions.get(name), player.dealt_in, player.start, final,
                        player.total, collected_by.get(name, 0), final - player.start, player.cash_out_paid,
                        player.cash_out_fee, kept.get(name, 0), player.premium, " ".join(cards) or None,
                        bool(player.shown),
                        folded_on.get(name), currency, day))

    def _actions(self, uid: str, state, currency: str, day: str) -> None:
        out = self.data["actions"]
        for seq, (event, street, added) in enumerate(state.ledger):
            kind = type(event)
            raise_to = None
            if kind is PostBlind:
                action = _ACTION_NAMES[event.blind]
            elif kind is PostAnte:
                action = "post_ante"
            elif kind is RaiseTo:
                action = "raise"
                raise_to = event.raise_to
            else:
                action = _KIND_NAMES.get(kind) or _KIND_NAMES.setdefault(kind, kind.__name__.lower())
            out.append((uid, seq, str(street), event.player, action, added, raise_to,
                        bool(getattr(event, "all_in", False)), event.line, currency, day))

    def _pots(self, uid: str, state, currency: str, day: str) -> None:
        single = len(state.pots) == 1
        winners: dict[int, set[str]] = {}
        payouts = self.data["payouts"]
        for event, run in zip(state.collects, state.collect_runs):
            index = 0 if event.pot_index is None or single else event.pot_index
            winners.setdefault(index, set()).add(event.player)
            payouts.append((uid, run, index, event.player, event.amount, currency, day))
        pots = self.data["pots"]
        for index, pot in enumerate(state.pots):
            pots.append((uid, index, pot.amount, list(pot.eligible), sorted(winners.get(index, ())), currency, day))

    def _findings(self, uid: str, findings, day: str) -> None:
        out = self.data["findings"]
        for f in findings:
            out.append(finding_row(uid, f, day))

    def add_finding(self, uid: str, f: Finding, day: str) -> None:
        self.data["findings"].append(finding_row(uid, f, day))


def _check_ints(table: str, rows: list[tuple], start: int) -> None:
    ranges = _INT_RANGES[table]
    for index in range(start, len(rows)):
        row = rows[index]
        for position, name, low, high in ranges:
            value = row[position]
            if value is not None and not low <= value <= high:
                raise ColumnOverflow(f"{table}.{name} = {value} does not fit the column ({low}..{high})")


def to_columns(rows: list[tuple], width: int) -> list[list]:
    """Row tuples → column lists."""
    return [list(column) for column in zip(*rows)] if rows else [[] for _ in range(width)]
