"""The Parquet dataset's tables: explicit Arrow schemas, with the meaning of every column.

`SCHEMAS` is the source of truth; docs/dataset.md's schema reference is checked against `COLUMNS` by a test.
Money is int64 in minor units (cents, or chips) beside a `currency` column; categoricals are
dictionary-encoded; times are UTC with the original local time and zone kept.
"""

from __future__ import annotations

import pyarrow as pa

SCHEMA_VERSION = "5"

_CAT = pa.dictionary(pa.int32(), pa.string())
_MONEY = pa.int64()

# table → [(column, type, meaning)]
COLUMNS: dict[str, list[tuple[str, pa.DataType, str]]] = {
    "hands": [
        (
            "hand_uid",
            pa.string(),
            (
                "site:hand id, the join key of every table (site:id@file:line, the file's "
                "canonical path, for unparsed, unsupported and HH413 hands)"
            ),
        ),
        ("site", _CAT, "site dialect: the name of its package in hhtool.dialects"),
        ("hand_id", pa.string(), "the site's hand number (null when unreadable)"),
        ("status", _CAT, "valid, invalid, unparsed or unsupported"),
        ("file", pa.string(), "file the hand was read from"),
        ("line", pa.int32(), "line of the hand's header in that file"),
        ("game", _CAT, "holdem (null when not parsed)"),
        ("limit", _CAT, "NL, PL, FL or PL/NL"),
        ("currency", _CAT, "ISO code, or chips for tournaments and play money"),
        ("small_blind", _MONEY, "small blind, minor units"),
        ("big_blind", _MONEY, "big blind, minor units"),
        ("tournament_id", pa.string(), "tournament number, null for cash games"),
        ("table_name", pa.string(), "table name as printed"),
        ("max_seats", pa.int8(), "N of N-max"),
        ("button_seat", pa.int8(), "seat of the button"),
        ("started_at", pa.timestamp("us", tz="UTC"), "start time in UTC"),
        ("local_time", pa.timestamp("us"), "start time as printed, in its own zone"),
        ("time_zone", _CAT, "zone printed after the local time (CET, UTC, ...)"),
        ("players", pa.int16(), "players dealt in"),
        ("board", pa.string(), "final board, cards separated by spaces (first run when run more than once)"),
        ("saw_flop", pa.bool_(), "whether a flop was dealt"),
        ("total_pot", _MONEY, "total pot computed by the replay (chips in less uncalled bets, plus the cash drop)"),
        ("rake", _MONEY, "rake as printed (or total pot less fees and collected)"),
        (
            "rake_printed",
            pa.bool_(),
            (
                "whether the site printed the rake; false: `rake` is inferred, not printed "
                "(total pot less fees and collected; null in files before version 4)"
            ),
        ),
        ("collected", _MONEY, "sum of what the players collected"),
        ("cash_drop", _MONEY, "money the site added to the pot, paid by no player (0 when none)"),
        (
            "fees",
            _MONEY,
            (
                "fees besides rake taken from the pot (jackpot, bingo, fortune, tax, ...; a printed tax "
                "the winners were not charged, HH213, is left out)"
            ),
        ),
        ("fee_names", pa.list_(pa.string()), "those fees' names as printed, lower case, in printed order"),
        ("fee_amounts", pa.list_(_MONEY), "their amounts, in the same order"),
        ("runs", pa.int8(), "times the board was run: 1, 2 or 3"),
        ("errors", pa.int32(), "error findings on this hand"),
        ("warnings", pa.int32(), "warning findings on this hand"),
        (
            "date_kind",
            _CAT,
            (
                "what `date` is: utc (the UTC day of started_at), local (the day of local_time, "
                "for a hand whose site printed no zone: its UTC day is not known), null when unknown "
                "(null in files before version 5: utc where a day is given)"
            ),
        ),
        (
            "date",
            pa.string(),
            ("partition: the day YYYY-MM-DD that date_kind names (unknown when not parsed or no time)"),
        ),
    ],
    "seats": [
        ("hand_uid", pa.string(), "join key"),
        ("seat", pa.int8(), "seat number"),
        ("player", pa.string(), "player name"),
        ("position", _CAT, "button, small blind, big blind or null"),
        ("dealt_in", pa.bool_(), "whether the player was dealt in"),
        ("starting_stack", _MONEY, "chips at the start of the hand"),
        ("final_stack", _MONEY, "chips at the end: start - put in + returned + collected + cash_out - paid_outside"),
        ("contributed", _MONEY, "chips put in the pot, antes included, less uncalled returns"),
        ("collected", _MONEY, "chips collected from the pots"),
        ("net", _MONEY, "final_stack - starting_stack"),
        (
            "cash_out",
            _MONEY,
            "what the room paid the player outside the pot: all-in cash out, EV cashout, insurance (0 when none)",
        ),
        ("cash_out_fee", _MONEY, "the room's fee for that cash out (0 when none or not printed)"),
        ("cash_out_kept", _MONEY, "pot share the cashed-out player won by the cards and the room kept"),
        (
            "paid_outside",
            _MONEY,
            "what the player paid the room outside the pot: EV cashout risk, insurance premium (0 when none)",
        ),
        ("hole_cards", pa.string(), "hole cards when known (dealt or shown)"),
        ("showed", pa.bool_(), "whether the cards were shown"),
        ("folded_on", _CAT, "street the player folded on, null when not folded"),
        ("currency", _CAT, "currency of the money columns"),
        ("date", pa.string(), "partition"),
    ],
    "actions": [
        ("hand_uid", pa.string(), "join key"),
        ("seq", pa.int32(), "order within the hand, from 0"),
        ("street", _CAT, "preflop, flop, turn, river"),
        ("player", pa.string(), "who acted"),
        (
            "action",
            _CAT,
            (
                "post_ante, post_small, post_big, post_small_and_big, post_button, post_straddle, "
                "post_missed, fold, check, call, bet, raise"
            ),
        ),
        ("amount", _MONEY, "chips this action put in"),
        ("raise_to", _MONEY, "for raises: the street total after the raise"),
        ("all_in", pa.bool_(), "whether the action put the player all-in (as printed)"),
        ("line", pa.int32(), "source line"),
        ("currency", _CAT, "currency of the money columns"),
        ("date", pa.string(), "partition"),
    ],
    "pots": [
        ("hand_uid", pa.string(), "join key"),
        ("pot_index", pa.int16(), "0 main pot, 1.. side pots"),
        ("amount", _MONEY, "pot before rake"),
        ("eligible", pa.list_(pa.string()), "players who could win it"),
        ("winners", pa.list_(pa.string()), "players who collected from it"),
        ("currency", _CAT, "currency"),
        ("date", pa.string(), "partition"),
    ],
    "payouts": [
        ("hand_uid", pa.string(), "join key"),
        ("run", pa.int8(), "0, or 1 to 3 when the board was run more than once"),
        ("pot_index", pa.int16(), "0 main (or only) pot, 1.. side pots"),
        ("player", pa.string(), "who collected"),
        ("amount", _MONEY, "amount collected (after rake)"),
        ("currency", _CAT, "currency"),
        ("date", pa.string(), "partition"),
    ],
    "findings": [
        ("hand_uid", pa.string(), "join key (file:line for file-level findings)"),
        ("code", _CAT, "finding code, e.g. HH114"),
        ("rule", _CAT, "RULES.md id, empty for input problems"),
        ("severity", _CAT, "error, warning or info"),
        ("message", pa.string(), "what is wrong, with the numbers"),
        ("file", pa.string(), "file"),
        ("line", pa.int32(), "line"),
        ("column", pa.int32(), "column"),
        ("expected", pa.string(), "expected value, when there is one"),
        ("actual", pa.string(), "actual value, when there is one"),
        ("date", pa.string(), "partition"),
    ],
}

TABLES = tuple(COLUMNS)


def schema(table: str) -> pa.Schema:
    fields = [pa.field(name, kind) for name, kind, _ in COLUMNS[table] if name != "date"]
    return pa.schema(fields, metadata={"schema_version": SCHEMA_VERSION, "table": table})


SCHEMAS = {table: schema(table) for table in TABLES}


def _plain(table: str) -> pa.Schema:
    """The table with its `date` partition and categoricals as plain strings: how rows are built and
    sent between processes; dictionaries are encoded per file, when written."""
    return pa.schema(
        [pa.field(f.name, f.type.value_type if pa.types.is_dictionary(f.type) else f.type) for f in SCHEMAS[table]]
        + [pa.field("date", pa.string())]
    )


PLAIN_SCHEMAS = {table: _plain(table) for table in TABLES}
