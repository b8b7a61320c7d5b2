"""From one validated hand to the rows of each table (column-wise buffers, money in minor units)."""

from __future__ import annotations

from collections import namedtuple
from datetime import datetime, timezone
from zoneinfo import ZoneInfo

from hhtool.findings import Finding, Severity
from hhtool.model import BlindKind, PostAnte, PostBlind, RaiseTo
from hhtool.validate import HandResult

# Zones PokerStars prints after the local time, as IANA zones (ET is the server's reference).
ZONES = {
    "ET": "America/New_York", "EDT": "America/New_York", "EST": "America/New_York",
    "CET": "Europe/Paris", "CEST": "Europe/Paris", "WET": "Europe/Lisbon", "WEST": "Europe/Lisbon",
    "EET": "Europe/Helsinki", "EEST": "Europe/Helsinki", "MSK": "Europe/Moscow", "GMT": "Etc/UTC",
    "UTC": "Etc/UTC", "BST": "Europe/London", "PT": "America/Los_Angeles", "CT": "America/Chicago",
    "MT": "America/Denver", "AT": "America/Halifax", "NT": "America/St_Johns", "AEST": "Australia/Sydney",
    "AWST": "Australia/Perth", "NZT": "Pacific/Auckland", "IST": "Asia/Kolkata", "JST": "Asia/Tokyo",
    "CCT": "Asia/Shanghai", "BRT": "America/Sao_Paulo", "ART": "America/Argentina/Buenos_Aires",
}
_ZONE_CACHE: dict[str, ZoneInfo] = {}
_POSITIONS = {"button", "small blind", "big blind"}
_ACTION_NAMES = {
    BlindKind.SMALL: "post_small", BlindKind.BIG: "post_big", BlindKind.SMALL_AND_BIG: "post_small_and_big",
    BlindKind.BUTTON: "post_button",
}


def to_utc(local: datetime | None, zone: str | None, time_et: datetime | None) -> datetime | None:
    """UTC from the ET time when printed (the most reliable), else from the local time and its zone."""
    if time_et is not None:
        local, zone = time_et, "ET"
    if local is None or zone is None or zone not in ZONES:
        return None
    tz = _ZONE_CACHE.get(zone)
    if tz is None:
        tz = _ZONE_CACHE[zone] = ZoneInfo(ZONES[zone])
    return local.replace(tzinfo=tz).astimezone(timezone.utc)


def hand_uid(result: HandResult) -> str:
    """site:hand id for parsed hands. Unparsed and unsupported hands, and a different hand reusing a
    known id (HH413), also carry file and line: their ids cannot be trusted to be unique (ACPC logs
    number every match from 0), and every hand read must be stored."""
    if result.hand is not None and result.hand_id and not any(f.code == "HH413" for f in result.findings):
        return f"{result.site}:{result.hand_id}"
    return f"{result.site}:{result.hand_id or ''}@{result.file}:{result.line}"


class Rows:
    """Row buffers for every table, filled hand by hand.

    Each table's rows are namedtuples made from the schema's column list, so a misspelt or missing
    column fails loudly, and building a row is one call (the buffers hold millions of rows).
    """

    def __init__(self, columns: dict[str, list[str]]) -> None:
        self.columns = columns
        self.kinds = {table: namedtuple(table, names, defaults=(None,) * len(names))
                      for table, names in columns.items()}
        self.data: dict[str, list[tuple]] = {table: [] for table in columns}
        self.hands = 0

    def add(self, table: str, **values) -> None:
        self.data[table].append(self.kinds[table](**values))

    def rows(self, table: str) -> int:
        return len(self.data[table])

    def columns_of(self, table: str) -> dict[str, list]:
        """All buffered rows of a table as columns (the `date` partition included)."""
        names, rows = self.columns[table], self.data[table]
        return dict(zip(names, map(list, zip(*rows)))) if rows else {name: [] for name in names}

    def take(self, table: str) -> dict[str, dict[str, list]]:
        """The buffered rows of a table as columns, per day (the partition), emptying the buffer."""
        by_day: dict[str, list[tuple]] = {}
        for row in self.data[table]:
            by_day.setdefault(row.date, []).append(row)
        self.data[table] = []
        names = self.columns[table]
        return {day: dict(zip(names, map(list, zip(*rows)))) for day, rows in by_day.items()}

    def add_result(self, result: HandResult) -> str:
        """Add one hand read; returns its partition day."""
        uid = hand_uid(result)
        hand, state = result.hand, result.state
        errors = sum(1 for f in result.findings if f.severity is Severity.ERROR)
        warnings = sum(1 for f in result.findings if f.severity is Severity.WARNING)
        self.hands += 1
        if hand is None or state is None:
            day = "unknown"
            self.add("hands", hand_uid=uid, site=result.site, hand_id=result.hand_id, status=result.status,
                     file=result.file, line=result.line, errors=errors, warnings=warnings, date=day)
            self._findings(uid, result.findings, day)
            return day
        header = hand.header
        started = to_utc(header.time, header.time_zone, header.time_et)
        day = started.date().isoformat() if started else "unknown"
        currency = header.currency
        collected_by: dict[str, int] = {}
        for event in state.collects:
            collected_by[event.player] = collected_by.get(event.player, 0) + event.amount
        board = state.boards.get(0) or state.boards.get(1) or ()
        self.add("hands", hand_uid=uid, site=result.site, hand_id=result.hand_id, status=result.status,
                 file=result.file, line=result.line, game=header.game, limit=header.limit.value,
                 currency=currency, small_blind=header.small_blind, big_blind=header.big_blind,
                 tournament_id=header.tournament_id, table_name=header.table, max_seats=header.max_seats,
                 button_seat=header.button_seat, started_at=started, local_time=header.time,
                 time_zone=header.time_zone, players=len(state.order), board=" ".join(board) or None,
                 saw_flop=state.saw_flop, total_pot=None if state.cancelled else state.pot_total,
                 rake=None if state.cancelled else (hand.claims.rake if hand.claims.rake is not None
                                                    else state.pot_total - sum(collected_by.values())),
                 collected=sum(collected_by.values()), errors=errors, warnings=warnings, date=day)
        self._seats(uid, result, collected_by, currency, day)
        self._actions(uid, state, currency, day)
        self._pots(uid, state, currency, day)
        self._findings(uid, result.findings, day)
        return day

    def _seats(self, uid: str, result: HandResult, collected_by: dict[str, int], currency: str, day: str) -> None:
        state = result.state
        positions = {}
        folded_on = {}
        for summary in result.hand.claims.seats:
            tags = [t for t in summary.positions if t in _POSITIONS]
            positions[summary.player] = tags[-1] if tags else None
            if summary.folded_on is not None:
                folded_on[summary.player] = summary.folded_on.value
        for player in state.players.values():
            collected = collected_by.get(player.name, 0)
            final = player.stack + collected
            cards = player.shown or player.cards
            self.add("seats", hand_uid=uid, seat=player.seat, player=player.name,
                     position=positions.get(player.name), dealt_in=player.dealt_in, starting_stack=player.start,
                     final_stack=final, contributed=player.total, collected=collected, net=final - player.start,
                     hole_cards=" ".join(cards) or None, showed=bool(player.shown),
                     folded_on=folded_on.get(player.name), currency=currency, date=day)

    def _actions(self, uid: str, state, currency: str, day: str) -> None:
        for seq, (event, street, added) in enumerate(state.ledger):
            kind = type(event)
            if kind is PostBlind:
                action = _ACTION_NAMES[event.blind]
            elif kind is PostAnte:
                action = "post_ante"
            elif kind is RaiseTo:
                action = "raise"
            else:
                action = kind.__name__.lower()
            self.add("actions", hand_uid=uid, seq=seq, street=street.value, player=event.player, action=action,
                     amount=added, raise_to=event.raise_to if kind is RaiseTo else None,
                     all_in=bool(getattr(event, "all_in", False)), line=event.line, currency=currency, date=day)

    def _pots(self, uid: str, state, currency: str, day: str) -> None:
        single = len(state.pots) == 1
        winners: dict[int, set[str]] = {}
        for event, run in zip(state.collects, state.collect_runs):
            index = 0 if event.pot_index is None or single else event.pot_index
            winners.setdefault(index, set()).add(event.player)
            self.add("payouts", hand_uid=uid, run=run, pot_index=index, player=event.player, amount=event.amount,
                     currency=currency, date=day)
        for index, pot in enumerate(state.pots):
            self.add("pots", hand_uid=uid, pot_index=index, amount=pot.amount, eligible=list(pot.eligible),
                     winners=sorted(winners.get(index, ())), currency=currency, date=day)

    def _findings(self, uid: str, findings, day: str) -> None:
        for f in findings:
            self.add_finding(uid, f, day)

    def add_finding(self, uid: str, f: Finding, day: str) -> None:
        self.add("findings", hand_uid=uid, code=f.code, rule=f.rule, severity=f.severity.value, message=f.message,
                 file=f.file, line=f.line, column=f.column, expected=f.expected, actual=f.actual, date=day)
