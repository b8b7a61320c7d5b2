"""The rake and payout audit, computed with pandas from the tables of one source.

`build_report(tables, rules)` returns one JSON-ready dict; the text and HTML renderings read only
that dict. Every list in it names its hands: rows about one hand carry `hand_uid`, `hand_id`,
`file` and `line`; rows of totals carry the key (currency, stakes, table, day, players) that the
rows of `hands` (the per-hand ledger) carry too, so each total can be traced to its hands.
"""

from __future__ import annotations

import importlib
import json
import shutil
import tempfile
from collections import Counter
from dataclasses import dataclass
from decimal import ROUND_CEILING, ROUND_FLOOR, Decimal
from functools import cache

import numpy as np
import pandas as pd

from hhtool import dialects
from hhtool.codes import (
    CATALOGUE,
    HH047,
    HH201,
    HH202,
    HH203,
    HH204,
    HH205,
    HH206,
    HH207,
    HH208,
    HH209,
    HH211,
    HH212,
    HH219,
    HH303,
    HH305,
)
from hhtool.rules.ruleset import RakeLevel, RakeSchedule, RuleSet, rake_terms
from hhtool.rules.surcharge import surcharge_for
from hhtool.tables import Tables, in_hand_order, money, parsed_hands, stakes_label

# Findings that say a payout is wrong: uncalled bets, pots, collected amounts, winners, splits.
PAYOUT_CODES = (HH201, HH202, HH203, HH204, HH205, HH206, HH303, HH305)
CONSERVATION_CODES = (HH211,)
# A hand whose payoffs are all-in expected values (ACPC logs): the pot is not awarded by the board, each
# player is paid the payoff outside it (the seats' cash_out), so the pot is settled, not lost.
EV_CODE = HH047
# what the audit says of a hand whose rake, not printed, comes out negative: the winners collected more
# than the pot holds (a payout mistake of the history), not rake the room gave back
OVERPAID = "collected more than the pot (rake not printed)"
# All-in cash-out money per hand (seats columns summed): paid by the room, its fees, pot shares it kept.
CASH_OUT = ("cash_out", "cash_out_fee", "cash_out_kept")

# The kinds of schedule violation, with what each means (shown in the reports).
VIOLATION_KINDS = {
    "above_cap": "rake above the cap for the number of players dealt in",
    "above_percentage": "rake above the schedule's percentage of the pot",
    "rounding": "rake off by the rounding only (the exact percentage rounded the other way)",
    "below_schedule": "less rake than the schedule takes (not a player's loss; the figures disagree)",
    "no_flop": "rake taken although no flop was dealt (no flop, no drop)",
    "tournament": "rake in a tournament hand (the fee is in the buy-in)",
    "negative": "negative rake",
}
# A known exception: the room's own rule, not a violation (reported as info, listed apart).
SURCHARGE = "rake above the schedule by no more than the room's surcharge on some winners' shares"
# what the audit says of a rake the site did not print (hands.rake_printed false): the replay's figure
INFERRED = "inferred, not printed: total pot less fees and collected"
VIOLATION_LABELS = {
    "above_cap": "above the cap",
    "above_percentage": "above the percentage",
    "rounding": "rounding",
    "below_schedule": "below the schedule",
    "no_flop": "no flop, no drop",
    "tournament": "tournament",
    "negative": "negative",
}


@dataclass(frozen=True)
class Schedule:
    """The rake schedule the audit applies: a rules file's, or the dialects' built-in dated schedules.
    Each hand is checked by the one in force for its site, currency and day (`rake_terms`), the
    decision `validate` makes too."""

    schedules: tuple[RakeSchedule, ...]
    source: str  # "built-in" or the rules file

    @property
    def schedule(self) -> RakeSchedule:
        """The first: its name, rounding and no-flop-no-drop stand for the whole history."""
        return self.schedules[0]

    def describe(self) -> str:
        parts = []
        for schedule in self.schedules:
            stakes = _stakes_listed(schedule)
            parts.append(schedule.describe() + (f" ({stakes})" if stakes else ""))
        return f"{self.schedule.name} schedule ({self.source}), applied to {'; '.join(parts)}"


def _stakes_listed(schedule: RakeSchedule) -> str:
    """The stakes a schedule lists, for its description; empty when it has a default for any stake."""
    if schedule.default is not None:
        return ""
    by_limit: dict[bool, list[str]] = {}
    for currency, big_blind, fixed in sorted(schedule.levels, key=lambda k: (k[2], k[1])):
        by_limit.setdefault(fixed, []).append(money(big_blind, currency))
    return "; ".join(
        f"{'fixed limit, small bets' if fixed else 'no limit and pot limit, big blinds'} {', '.join(bbs)}"
        for fixed, bbs in by_limit.items()
    )


def choose_schedule(rules: RuleSet | None, rules_source: str | None = None) -> Schedule:
    """The rules file's schedule when it has one, else each site's built-in schedules, for that site's hands
    of the days each was in force (the dialects' `rake`, hhtool.dialects.built_in_rake)."""
    if rules is not None and rules.rake is not None:
        return Schedule((rules.rake,), f"rules file {rules_source}" if rules_source else "rules file")
    return Schedule(dialects.built_in_rake(), "built-in")


# -- per-hand ledger ------------------------------------------------------------------------------
def _column(frame: pd.DataFrame, name: str, kind: str) -> pd.Series:
    series = frame[name]
    if kind == "int":  # blinds or players missing from a header read as 0 rather than failing the audit
        return series.fillna(0).astype("int64")
    if kind == "bool":
        return series.fillna(False).astype(bool)
    return series.astype(object).where(series.notna(), None)


def ledger(tables: Tables) -> pd.DataFrame:
    """One row per parsed, non-cancelled hand: where it is, its stakes, pot, rake and chip balance."""
    hands = in_hand_order(parsed_hands(tables.hands)).reset_index(drop=True)  # one order, any source (HAND_ORDER)
    out = pd.DataFrame(
        {
            "hand_uid": _column(hands, "hand_uid", "str"),
            "hand_id": _column(hands, "hand_id", "str"),
            "status": _column(hands, "status", "str"),
            "file": _column(hands, "file", "str"),
            "line": _column(hands, "line", "int"),
            "day": _column(hands, "date", "str"),
            "started_at": hands["started_at"].astype(object).map(lambda t: None if pd.isna(t) else t.isoformat()),
            "site": _column(hands, "site", "str"),
            "game": _column(hands, "game", "str") if "game" in hands else pd.Series("holdem", index=hands.index),
            "kind": np.where(hands["tournament_id"].notna().to_numpy(dtype=bool), "tournament", "cash"),
            "currency": _column(hands, "currency", "str"),
            "limit": _column(hands, "limit", "str"),
            "small_blind": _column(hands, "small_blind", "int"),
            "big_blind": _column(hands, "big_blind", "int"),
            "table": _column(hands, "table_name", "str"),
            "players": _column(hands, "players", "int"),
            "saw_flop": _column(hands, "saw_flop", "bool"),
            "total_pot": _column(hands, "total_pot", "int"),
            "rake": _column(hands, "rake", "int"),
            # false where the site prints no rake: the rake is then inferred (total pot less fees and collected),
            # not printed; files before schema version 4 hold only sites that print it
            "rake_printed": hands["rake_printed"].fillna(True).astype(bool)
            if "rake_printed" in hands
            else pd.Series(True, index=hands.index),
            "fees": _column(hands, "fees", "int"),  # printed fees besides rake (GGPoker's jackpot, bingo, ...)
            "cash_drop": _column(hands, "cash_drop", "int"),  # money a site added to the pot
        }
    ).reset_index(drop=True)
    out["stakes"] = [  # a game besides Hold'em after the limit (`PL omaha`): its rake is another table's
        stakes_label(r if r["game"] in (None, "holdem") else {**r, "limit": f"{r['limit']} {r['game']}"})
        for r in out[["site", "game", "kind", "currency", "limit", "small_blind", "big_blind"]].to_dict("records")
    ]
    seats = tables.seats
    seats = seats[seats["hand_uid"].isin(set(out["hand_uid"]))]
    sums = (
        pd.DataFrame(
            {
                "hand_uid": _column(seats, "hand_uid", "str"),
                "chips_before": _column(seats, "starting_stack", "int"),
                "chips_after": _column(seats, "final_stack", "int"),
                "contributed": _column(seats, "contributed", "int"),
                "cash_out": _column(seats, "cash_out", "int"),
                "cash_out_fee": _column(seats, "cash_out_fee", "int"),
                "cash_out_kept": _column(seats, "cash_out_kept", "int"),
                "paid_outside": _column(seats, "paid_outside", "int"),
            }
        )
        .groupby("hand_uid")
        .sum()
    )
    payouts = tables.payouts
    payouts = payouts[payouts["hand_uid"].isin(set(out["hand_uid"]))]
    paid = (
        pd.DataFrame({"hand_uid": _column(payouts, "hand_uid", "str"), "paid": _column(payouts, "amount", "int")})
        .groupby("hand_uid")["paid"]
        .sum()
    )
    out = out.join(sums, on="hand_uid").join(paid, on="hand_uid")
    for name in ("chips_before", "chips_after", "contributed", "paid", "paid_outside", *CASH_OUT):
        out[name] = out[name].fillna(0).astype("int64")
    # the pot of a hand settled by expected value (HH047): not collected, paid out as each player's payoff
    findings = tables.findings
    ev = set(findings["hand_uid"][(findings["code"] == EV_CODE).fillna(False).astype(bool)]) if len(findings) else set()
    settled = out["hand_uid"].isin(ev) if ev else pd.Series(False, index=out.index)
    out["ev_pot"] = (out["total_pot"] - out["rake"] - out["fees"] - out["paid"]).where(settled, 0).astype("int64")
    # the room pays an all-in cash out from outside the pot (it is in chips_after) and keeps the pot
    # share the cashed-out player won; a site may add money to the pot (cash drop), take fees besides the
    # rake, and be paid outside the pot (EV cashout risk, insurance premium): chips before + paid + cash
    # drop = chips after + rake + fees + kept + paid outside (+ the pot settled by expected value, whose
    # payoffs are the cash-out payments)
    out["difference"] = (
        out["chips_before"]
        + out["cash_out"]
        + out["cash_drop"]
        - out["chips_after"]
        - out["rake"]
        - out["fees"]
        - out["cash_out_kept"]
        - out["paid_outside"]
        - out["ev_pot"]
    )
    return out


# -- schedule ------------------------------------------------------------------------------------
# A site's built-in schedules check only the games its published figures are for: its rake module's `GAMES`
# (Hold'em alone when it names none). A hand of another game is counted, not checked, with this reason; a
# rules file's schedule applies to every game.
HOLDEM_ONLY = ("holdem",)


def not_published_for(game: str) -> str:
    """The reason an audit gives for a hand whose site's built-in schedules are not published for its game."""
    return f"no built-in schedule for {game} hands"


def built_in_games(site: str) -> frozenset[str] | None:
    """The games the built-in rake schedules of `site` are published for (its rake module's `GAMES`); None
    for a site with no built-in schedule, whose hands `rake_terms` says why none applies to, in any game."""
    dialect = dialects.by_site(site)
    history = dialect.load("rake") if dialect is not None else None
    if history is None:
        return None
    return frozenset(getattr(importlib.import_module(history.__module__), "GAMES", HOLDEM_ONLY))


def schedule_check(hands: pd.DataFrame, choice: Schedule) -> tuple[pd.DataFrame, list[dict], list[dict], list[dict]]:
    """Add `due`, `percent`, `cap` to the ledger (None where the schedule does not apply) and list
    the violations, and the known exceptions: rake above the schedule within the room's surcharge on
    some players' shares (`hhtool.rules.surcharge`), which is the room's rule, not HH208. A rake the site
    did not print that comes out negative is no rake: the hand is listed (the fourth list) as collected
    more than the pot, once, a payout mismatch, not a schedule violation."""
    schedules = choice.schedules
    built_in = choice.source == "built-in"

    games_of = cache(built_in_games)

    @cache
    def terms(site: str, currency: str, big_blind: int, fixed: bool, day: str | None) -> tuple[int, RakeLevel] | str:
        """The index of the schedule in force and its level, or why none is (cached: a table repeats them)."""
        found = rake_terms(schedules, site, currency, big_blind, fixed, day)
        if isinstance(found, str):
            return found
        return next(i for i, s in enumerate(schedules) if s is found[0]), found[1]

    @cache
    def due(index: int, level: RakeLevel, pot: int, players: int) -> tuple[int, Decimal, int | None, tuple[int, ...]]:
        percent = level.percent_for(players)
        cap = level.cap_for(players)
        exact = percent * pot / 100
        other = {int(exact.quantize(Decimal(1), rounding=r)) for r in (ROUND_FLOOR, ROUND_CEILING)}
        if cap is not None:
            other = {min(v, cap) for v in other}
        return schedules[index].due(level, pot, players), percent, cap, tuple(sorted(other))

    dues, percents, caps, reasons, violations, exceptions, overpaid = [], [], [], [], [], [], []
    for row in hands.itertuples(index=False):
        item = None
        d = p = c = reason = None
        if row.rake < 0 and not row.rake_printed:
            overpaid.append(_overpaid(row))
            reason = "tournament" if row.kind == "tournament" else None
        elif row.kind == "tournament":
            reason = "tournament"
            if row.rake:
                item = ("tournament" if row.rake > 0 else "negative", HH207, 0)
        elif row.rake < 0:
            item = ("negative", HH207, 0)
        elif built_in and (games := games_of(row.site)) is not None and row.game not in games:
            reason = not_published_for(row.game)
        elif isinstance(found := terms(row.site, row.currency, row.big_blind, row.limit == "FL", row.day), str):
            reason = found
        else:
            index, lv = found
            if schedules[index].no_flop_no_drop and not row.saw_flop:
                d = 0
                if row.rake:
                    item = ("no_flop", HH209, 0)
            else:
                d, p, c, rounded = due(index, lv, row.total_pot, row.players)
                surcharge = surcharge_for(schedules[index], row.day, row.limit == "FL") if row.rake > d else None
                most = surcharge.most(schedules[index], lv, row.total_pot, row.players) if surcharge else None
                if surcharge is not None and most is not None and row.rake <= most:
                    exceptions.append(_exception(row, d, p, c, most, surcharge.who, surcharge.source))
                elif row.rake != d:
                    if row.rake in rounded:
                        kind = "rounding"
                    elif row.rake > d:
                        kind = "above_cap" if c is not None and row.rake > c else "above_percentage"
                    else:
                        kind = "below_schedule"
                    item = (kind, HH208 if row.rake > d else HH212, d)
        dues.append(d)
        percents.append(None if p is None else str(p))
        caps.append(c)
        reasons.append(reason)
        if item is not None:
            kind, code, expected = item
            violations.append(
                {
                    "hand_uid": row.hand_uid,
                    "hand_id": row.hand_id,
                    "file": row.file,
                    "line": int(row.line),
                    "day": row.day,
                    "currency": row.currency,
                    "stakes": row.stakes,
                    "table": row.table,
                    "players": int(row.players),
                    "saw_flop": bool(row.saw_flop),
                    "total_pot": int(row.total_pot),
                    "rake": int(row.rake),
                    "due": int(expected),
                    "difference": int(row.rake - expected),
                    "percent": None if p is None else str(p),
                    "cap": c,
                    "code": code,
                    "severity": CATALOGUE[code].severity.value,
                    "kind": kind,
                    "rake_printed": bool(row.rake_printed),
                    "message": f"{VIOLATION_KINDS[kind]}: rake {money(row.rake, row.currency)}"
                    f"{'' if row.rake_printed else f' ({INFERRED})'} on a "
                    f"{money(row.total_pot, row.currency)} pot with {row.players} players; the schedule "
                    f"takes {money(expected, row.currency)}",
                }
            )
    hands = hands.assign(
        due=pd.Series(dues, index=hands.index, dtype=object),
        percent=pd.Series(percents, index=hands.index, dtype=object),
        cap=pd.Series(caps, index=hands.index, dtype=object),
        unchecked=pd.Series(reasons, index=hands.index, dtype=object),
    )
    return hands, violations, exceptions, overpaid


def _overpaid(row) -> dict:
    """A payout-mismatch row for a hand whose unprinted rake is negative: what the winners collected
    against what the pot held (validate's HH207 for the hand, said as what it is)."""
    held = int(row.total_pot - row.fees)
    return {
        "hand_uid": row.hand_uid,
        "hand_id": row.hand_id,
        "file": row.file,
        "line": int(row.line),
        "day": row.day,
        "table": row.table,
        "code": HH207,
        "severity": HH207.severity.value,
        "title": OVERPAID,
        "message": f"collected {money(int(row.paid), row.currency)} from a {money(int(row.total_pot), row.currency)}"
        f" pot{f' less fees {money(int(row.fees), row.currency)}' if row.fees else ''}: "
        f"{money(-int(row.rake), row.currency)} more than it holds (the site prints no rake; "
        f"the pot less what was collected is {money(int(row.rake), row.currency)})",
        "expected": str(held),
        "actual": str(int(row.paid)),
    }


def _exception(row, due: int, percent: Decimal, cap: int | None, most: int, who: str, source: str) -> dict:
    """A hand whose rake is above the schedule but within the room's surcharge (HH219, info)."""
    return {
        "hand_uid": row.hand_uid,
        "hand_id": row.hand_id,
        "file": row.file,
        "line": int(row.line),
        "day": row.day,
        "currency": row.currency,
        "stakes": row.stakes,
        "table": row.table,
        "players": int(row.players),
        "total_pot": int(row.total_pot),
        "rake": int(row.rake),
        "due": int(due),
        "most": int(most),
        "difference": int(row.rake - due),
        "percent": str(percent),
        "cap": cap,
        "code": HH219,
        "severity": HH219.severity.value,
        "kind": "surcharge",
        "who": who,
        "source": source,
        "rake_printed": bool(row.rake_printed),
        "message": f"{SURCHARGE}: rake {money(row.rake, row.currency)} on a {money(row.total_pot, row.currency)} "
        f"pot with {row.players} players; the schedule takes {money(due, row.currency)}, and with the "
        f"surcharge on {who} at most {money(most, row.currency)}",
    }


# -- totals ------------------------------------------------------------------------------------
TOTAL_KEYS = {
    "by_currency": ["currency"],
    "by_stakes": ["currency", "stakes"],
    "by_table": ["currency", "table"],
    "by_day": ["day", "currency"],
    "by_players": ["currency", "players"],
}
_TOTAL_SUMS = (
    "hands",
    "raked_hands",
    "total_pot",
    "rake",
    "fees",
    "flop_pot",
    "flop_rake",
    "cash_out_hands",
    "cash_out",
    "cash_out_fees",
    "cash_out_kept",
)


def _total_sums(cash: pd.DataFrame, key: list[str]) -> pd.DataFrame:
    """Per key, the sums a total is made of and its first and last hand (in the ledger's order):
    batches of hands (hhtool.scan) add up with `_merge_sums`."""
    frame = cash.assign(
        one=1,
        raked=(cash["rake"] > 0).astype("int64"),
        flop_pot=cash["total_pot"].where(cash["saw_flop"], 0),
        flop_rake=cash["rake"].where(cash["saw_flop"], 0),
        cashed=(cash["cash_out"] > 0).astype("int64"),
    )
    return frame.groupby(key, sort=True).agg(
        hands=("one", "sum"),
        raked_hands=("raked", "sum"),
        total_pot=("total_pot", "sum"),
        rake=("rake", "sum"),
        fees=("fees", "sum"),
        flop_pot=("flop_pot", "sum"),
        flop_rake=("flop_rake", "sum"),
        cash_out_hands=("cashed", "sum"),
        cash_out=("cash_out", "sum"),
        cash_out_fees=("cash_out_fee", "sum"),
        cash_out_kept=("cash_out_kept", "sum"),
        first_hand=("hand_uid", "first"),
        last_hand=("hand_uid", "last"),
    )


def _merge_sums(parts: list[pd.DataFrame]) -> pd.DataFrame | None:
    """Sums of batches taken in the ledger's order as one (first hand of the first, last of the last)."""
    parts = [p for p in parts if p is not None and not p.empty]
    if not parts:
        return None
    if len(parts) == 1:
        return parts[0]
    frame = pd.concat(parts)
    grouped = frame.groupby(level=list(range(frame.index.nlevels)), sort=True)
    return grouped.agg({**{name: "sum" for name in _TOTAL_SUMS}, "first_hand": "first", "last_hand": "last"})


def _total_rows(out: pd.DataFrame | None, key: list[str]) -> list[dict]:
    """Per key: hands, raked hands, pots and rake; the share of the pot taken, over all hands and over the
    hands that saw a flop (the ones a no-flop-no-drop schedule rakes); the first and last hand. Beside
    the rake, the all-in cash-out money: hands with a cash out, what the room paid, its fees and the pot
    shares it kept."""
    if out is None:
        return []
    rows = []
    for keys, row in out.iterrows():
        keys = keys if isinstance(keys, tuple) else (keys,)
        item = {name: (int(v) if isinstance(v, (np.integer,)) else v) for name, v in zip(key, keys)}
        pot, rake = int(row["total_pot"]), int(row["rake"])
        flop_pot, flop_rake = int(row["flop_pot"]), int(row["flop_rake"])
        item.update(
            hands=int(row["hands"]),
            raked_hands=int(row["raked_hands"]),
            total_pot=pot,
            rake=rake,
            fees=int(row["fees"]),
            rake_share_pct=round(rake * 100 / pot, 3) if pot else None,
            flop_total_pot=flop_pot,
            flop_rake_share_pct=round(flop_rake * 100 / flop_pot, 3) if flop_pot else None,
            cash_out_hands=int(row["cash_out_hands"]),
            cash_out=int(row["cash_out"]),
            cash_out_fees=int(row["cash_out_fees"]),
            cash_out_kept=int(row["cash_out_kept"]),
            first_hand=row["first_hand"],
            last_hand=row["last_hand"],
        )
        rows.append(item)
    return rows


def rake_totals(hands: pd.DataFrame) -> dict[str, list[dict]]:
    """The rake totals of one ledger (all hands at once)."""
    totals = _Totals()
    totals.add(hands)
    return totals.rows()


class _Totals:
    """Rake totals by currency, stakes, table, day and players, added up batch by batch."""

    def __init__(self) -> None:
        self.sums: dict[str, pd.DataFrame | None] = dict.fromkeys(TOTAL_KEYS)
        self.parts: dict[str, list[pd.DataFrame]] = {name: [] for name in TOTAL_KEYS}  # not yet added up
        self.percents: Counter = Counter()  # (stakes, schedule percent) → hands

    def add(self, hands: pd.DataFrame) -> None:
        cash = hands[hands["kind"] == "cash"]
        if cash.empty:
            return
        for name, key in TOTAL_KEYS.items():
            parts = self.parts[name]
            parts.append(_total_sums(cash, key))
            total = self.sums[name]
            if sum(map(len, parts)) > (0 if total is None else len(total)) + 50_000:  # now and then: sums stay small
                self.sums[name], self.parts[name] = _merge_sums([total, *parts]), []
        with_percent = cash[cash["percent"].notna()]
        self.percents.update(zip(with_percent["stakes"], with_percent["percent"]))

    def rows(self) -> dict[str, list[dict]]:
        sums = {name: _merge_sums([self.sums[name], *self.parts[name]]) for name in TOTAL_KEYS}
        out = {name: _total_rows(sums[name], key) for name, key in TOTAL_KEYS.items()}
        # the schedule's (most common) percentage at those stakes, when it applies (ties: the lowest)
        best: dict[str, tuple[int, str]] = {}
        for (stakes, percent), n in self.percents.items():
            if stakes not in best or (-n, percent) < (-best[stakes][0], best[stakes][1]):
                best[stakes] = (n, percent)
        for row in out["by_stakes"]:
            row["schedule_percent"] = best[row["stakes"]][1] if row["stakes"] in best else None
        return out


# -- findings ------------------------------------------------------------------------------------
def _findings_frame(tables: Tables) -> pd.DataFrame:
    f = tables.findings
    return pd.DataFrame(
        {
            name: _column(f, name, "int" if name in ("line", "column") else "str")
            for name in ("hand_uid", "code", "severity", "message", "file", "line", "expected", "actual", "date")
        }
    )


def payout_mismatches(
    findings: pd.DataFrame, hand_ids: dict[str, str | None], table_of: dict[str, str | None] | None = None
) -> list[dict]:
    rows = findings[findings["code"].isin(PAYOUT_CODES)]
    table_of = table_of or {}
    return [
        {
            "hand_uid": r.hand_uid,
            "hand_id": hand_ids.get(r.hand_uid),
            "file": r.file,
            "line": int(r.line),
            "day": r.date,
            "table": table_of.get(r.hand_uid),
            "code": r.code,
            "severity": r.severity,
            "title": CATALOGUE[r.code].summary,
            "message": r.message,
            "expected": r.expected,
            "actual": r.actual,
        }
        for r in rows.itertuples(index=False)
    ]


_BALANCE_SUMS = (
    "hands",
    "chips_before",
    "chips_after",
    "rake",
    "fees",
    "cash_drop",
    "paid_outside",
    "cash_out",
    "cash_out_kept",
    "ev_pot",
    "difference",
    "hands_out_of_balance",
)


def _balance_by_day(hands: pd.DataFrame) -> pd.DataFrame | None:
    if hands.empty:
        return None
    frame = hands.assign(out_of_balance=(hands["difference"] != 0).astype("int64"), one=1)
    return frame.groupby(["day", "currency"], sort=True).agg(
        hands=("one", "sum"),
        chips_before=("chips_before", "sum"),
        chips_after=("chips_after", "sum"),
        rake=("rake", "sum"),
        fees=("fees", "sum"),
        cash_drop=("cash_drop", "sum"),
        paid_outside=("paid_outside", "sum"),
        cash_out=("cash_out", "sum"),
        cash_out_kept=("cash_out_kept", "sum"),
        ev_pot=("ev_pot", "sum"),
        difference=("difference", "sum"),
        hands_out_of_balance=("out_of_balance", "sum"),
    )


def _balance_rows(sums: pd.DataFrame | None) -> list[dict]:
    if sums is None:
        return []
    return [
        {"day": day, "currency": currency, **{k: int(v) for k, v in r.items()}}
        for (day, currency), r in sums.iterrows()
    ]


def _merge_balance(parts: list[pd.DataFrame | None]) -> pd.DataFrame | None:
    parts = [p for p in parts if p is not None and not p.empty]
    if len(parts) <= 1:
        return parts[0] if parts else None
    return pd.concat(parts).groupby(level=[0, 1], sort=True)[list(_BALANCE_SUMS)].sum()


def conservation(hands: pd.DataFrame, findings: pd.DataFrame) -> dict:
    """Chips before + cash-out payments = chips after + rake + pot shares kept after a cash out, per hand
    and per day (and the HH211 findings)."""
    broken = hands[hands["difference"] != 0]
    by_hand = [
        {
            "hand_uid": r.hand_uid,
            "hand_id": r.hand_id,
            "file": r.file,
            "line": int(r.line),
            "day": r.day,
            "currency": r.currency,
            "chips_before": int(r.chips_before),
            "chips_after": int(r.chips_after),
            "rake": int(r.rake),
            "fees": int(r.fees),
            "cash_drop": int(r.cash_drop),
            "paid_outside": int(r.paid_outside),
            "cash_out": int(r.cash_out),
            "cash_out_kept": int(r.cash_out_kept),
            "ev_pot": int(r.ev_pot),
            "table": r.table,
            "difference": int(r.difference),
        }
        for r in broken.itertuples(index=False)
    ]
    by_day = _balance_rows(_balance_by_day(hands))
    codes = findings[findings["code"].isin(CONSERVATION_CODES)]
    return {
        "by_hand": by_hand,
        "by_day": by_day,
        "findings": [
            {"hand_uid": r.hand_uid, "file": r.file, "line": int(r.line), "code": r.code, "message": r.message}
            for r in codes.itertuples(index=False)
        ],
    }


def code_counts(findings: pd.DataFrame, violations: list[dict]) -> Counter:
    """Findings in the data, plus the audit's own schedule findings on hands the data had not flagged
    (a hand's findings and violations come in the same batch: they lie in the hand's day)."""
    counts = Counter(findings["code"])
    seen = set(zip(findings["hand_uid"], findings["code"]))
    for v in violations:
        if (v["hand_uid"], v["code"]) not in seen:
            counts[v["code"]] += 1
    return counts


def findings_by_code(findings: pd.DataFrame, violations: list[dict]) -> list[dict]:
    return _code_rows(code_counts(findings, violations))


def _code_rows(counts: Counter) -> list[dict]:
    rows = []
    for code, n in sorted(counts.items()):
        entry = CATALOGUE.get(code)
        rows.append(
            {
                "code": code,
                "count": n,
                "severity": entry.severity.value if entry else None,
                "title": entry.summary if entry else "",
            }
        )
    return rows


# -- the report ----------------------------------------------------------------------------------
HAND_COLUMNS = [
    "hand_uid",
    "hand_id",
    "status",
    "file",
    "line",
    "day",
    "started_at",
    "site",
    "kind",
    "currency",
    "limit",
    "small_blind",
    "big_blind",
    "stakes",
    "table",
    "players",
    "saw_flop",
    "total_pot",
    "rake",
    "rake_printed",
    "fees",
    "cash_drop",
    "due",
    "unchecked",
    "paid",
    *CASH_OUT,
    "paid_outside",
    "ev_pot",
    "chips_before",
    "chips_after",
    "difference",
]


class Audit:
    """The audit of one source, fed batch by batch (`add`), in the ledger's order: a source held in
    memory is one batch; a dataset is read a few days at a time (hhtool.scan), so memory follows the
    size of a batch and of the report, not the size of the dataset. Totals are sums, each hand's rows
    lie in one batch, and lists of hands (violations, mismatches, hands out of balance) are kept.
    `hand_rows`, when given, receives the per-hand ledger rows of each batch (JSON-ready dicts) for
    the report's `hands`; without it they are not kept."""

    def __init__(self, rules: RuleSet | None = None, rules_source: str | None = None, hand_rows=None) -> None:
        self.choice = choose_schedule(rules, rules_source)
        self.hand_rows = hand_rows
        self.source: Tables | None = None
        self.hands = self.audited = self.cash = self.tournament = self.raked = self.cash_out_hands = 0
        self.inferred: Counter = Counter()  # currency → cash hands whose rake is inferred, not printed
        self.inferred_rake: Counter = Counter()  # currency → their rake
        self.checked = 0
        self.status: Counter = Counter()
        self.unchecked: Counter = Counter()
        self.codes: Counter = Counter()
        self.violations: list[dict] = []
        self.exceptions: list[dict] = []  # known exceptions: the room's own rule (HH219, info)
        self.payouts: list[dict] = []
        self.overpaid: list[dict] = []  # hands that collected more than the pot (rake not printed), after them
        self.by_hand: list[dict] = []
        self.balance: pd.DataFrame | None = None
        self.balance_findings: list[dict] = []
        self.totals = _Totals()

    def add(self, tables: Tables) -> None:
        if self.source is None:
            self.source = tables
        hands, violations, exceptions, overpaid = schedule_check(ledger(tables), self.choice)
        findings = _findings_frame(tables)
        uids = _column(tables.hands, "hand_uid", "str")
        hand_ids = dict(zip(uids, _column(tables.hands, "hand_id", "str")))
        table_of = dict(zip(uids, _column(tables.hands, "table_name", "str")))
        self.payouts += payout_mismatches(findings, hand_ids, table_of)
        self.overpaid += overpaid
        chips = conservation(hands, findings)
        self.by_hand += chips["by_hand"]
        self.balance_findings += chips["findings"]
        self.balance = _merge_balance([self.balance, _balance_by_day(hands)])
        self.violations += violations
        self.exceptions += exceptions
        self.codes += code_counts(findings, violations + exceptions)
        self.status += Counter(_column(tables.hands, "status", "str"))
        self.hands += len(tables.hands)
        self.audited += len(hands)
        cash = hands[hands["kind"] == "cash"]
        self.cash += len(cash)
        self.tournament += int((hands["kind"] == "tournament").sum())
        self.raked += int((cash["rake"] > 0).sum())
        inferred = cash[~cash["rake_printed"]]
        if len(inferred):
            self.inferred.update(Counter(inferred["currency"]))
            for currency, rake in inferred.groupby("currency")["rake"].sum().items():
                self.inferred_rake[currency] += int(rake)
        self.cash_out_hands += int((cash["cash_out"] > 0).sum())
        self.checked += int(cash["unchecked"].isna().sum())
        unchecked = cash[cash["unchecked"].notna()]
        self.unchecked.update(
            k for k in zip(unchecked["unchecked"], unchecked["currency"], unchecked["stakes"]) if None not in k
        )
        self.totals.add(hands)
        if self.hand_rows is not None and len(hands):
            self.hand_rows([_plain_row(r) for r in hands[HAND_COLUMNS].to_dict("records")])

    def report(self) -> dict:
        self.payouts, self.overpaid = self.payouts + self.overpaid, []
        tables = self.source
        choice = self.choice
        totals = self.totals.rows()
        errors = (
            sum(1 for v in self.violations if v["severity"] == "error")
            + sum(1 for p in self.payouts if p["severity"] == "error")
            + len(self.by_hand)
        )
        summary = {
            "hands": self.hands,
            "by_status": dict(sorted(self.status.items())),
            "audited_hands": self.audited,
            "cash_hands": self.cash,
            "tournament_hands": self.tournament,
            "raked_hands": self.raked,
            "rake_by_currency": {r["currency"]: r["rake"] for r in totals["by_currency"]},
            "fees_by_currency": {r["currency"]: r["fees"] for r in totals["by_currency"] if r["fees"]},
            # cash hands of sites that print no rake: their rake is inferred, not printed
            "rake_inferred_hands": sum(self.inferred.values()),
            "rake_inferred_by_currency": dict(sorted(self.inferred_rake.items())),
            "total_pot_by_currency": {r["currency"]: r["total_pot"] for r in totals["by_currency"]},
            "cash_out_hands": self.cash_out_hands,
            "cash_out_by_currency": {
                r["currency"]: r["cash_out"] for r in totals["by_currency"] if r["cash_out_hands"]
            },
            "cash_out_fees_by_currency": {
                r["currency"]: r["cash_out_fees"] for r in totals["by_currency"] if r["cash_out_hands"]
            },
            "cash_out_kept_by_currency": {
                r["currency"]: r["cash_out_kept"] for r in totals["by_currency"] if r["cash_out_hands"]
            },
            "schedule_checked_hands": self.checked,
            "schedule_unchecked_hands": self.cash - self.checked,
            "schedule_violations": len(self.violations),
            "schedule_exceptions": len(self.exceptions),
            "payout_mismatches": len(self.payouts),
            "hands_out_of_balance": len(self.by_hand),
            "errors": errors,
        }
        if tables is not None and tables.summary is not None:  # hand histories: what was read, and what could not be
            summary["hands_read"] = tables.summary.tally.hands_read
            summary["duplicates"] = tables.summary.by_status["duplicate"]
            summary["unreadable_paths"] = tables.summary.tally.io_failures
        if tables is not None and tables.skipped:
            summary["not_stored"] = dict(tables.skipped)
        unchecked_stakes = [
            {"reason": k[0], "currency": k[1], "stakes": k[2], "hands": int(n)}
            for k, n in sorted(self.unchecked.items())
        ]
        return {
            "source": {"kind": tables.source if tables else "dataset", "paths": tables.paths if tables else []},
            "schedule": {
                "name": choice.schedule.name,
                "source": choice.source,
                "description": choice.describe(),
                "no_flop_no_drop": choice.schedule.no_flop_no_drop,
                "rounding": choice.schedule.rounding,
                "unchecked_stakes": unchecked_stakes,
            },
            "summary": summary,
            "rake": totals,
            "schedule_violations": self.violations,
            "schedule_exceptions": self.exceptions,
            "payout_mismatches": self.payouts,
            "conservation": {
                "by_hand": self.by_hand,
                "by_day": _balance_rows(self.balance),
                "findings": self.balance_findings,
            },
            "findings_by_code": _code_rows(self.codes),
        }


_dumps = json.JSONEncoder(ensure_ascii=False).encode


class HandRowsFile:
    """The report's `hands` for a large source: each batch's rows written at once as JSON text to a
    temporary file (`hand_rows=` of `hhtool.audit.audit`), then `write_json` writes the report
    around them, the same text as `json.dumps(report, ensure_ascii=False, indent=1)` of the report
    with its `hands` list, without holding the rows in memory."""

    def __init__(self) -> None:
        self.file = tempfile.TemporaryFile("w+", encoding="utf-8")  # noqa: SIM115 - kept open until written out
        self.count = 0

    def __call__(self, rows: list[dict]) -> None:
        for row in rows:
            if all(not isinstance(v, (dict, list, tuple)) for v in row.values()) and row:
                # a flat row: json's indented layout by hand, each value by the fast (C) encoder
                text = "{\n" + ",\n".join(f"   {_dumps(k)}: {_dumps(v)}" for k, v in row.items()) + "\n  }"
            else:
                text = json.dumps(row, ensure_ascii=False, indent=1).replace("\n", "\n  ")
            self.file.write(("," if self.count else "") + "\n  " + text)
            self.count += 1

    def write_json(self, report: dict, out) -> None:
        head = json.dumps({**report, "hands": []}, ensure_ascii=False, indent=1)
        assert head.endswith('"hands": []\n}')
        out.write(head[: -len("[]\n}")] + "[")
        self.file.seek(0)
        shutil.copyfileobj(self.file, out)
        out.write(("\n ]" if self.count else "]") + "\n}\n")

    def close(self) -> None:
        self.file.close()


def build_report(
    tables: Tables, rules: RuleSet | None = None, rules_source: str | None = None, include_hands: bool = True
) -> dict:
    """The report of tables held in memory (one batch)."""
    rows: list[dict] = []
    audit = Audit(rules, rules_source, rows.extend if include_hands else None)
    audit.add(tables)
    report = audit.report()
    if include_hands:
        report["hands"] = rows
    return report


def _plain_row(row: dict) -> dict:
    out = {}
    for k, v in row.items():
        if isinstance(v, np.integer):
            v = int(v)
        elif isinstance(v, np.bool_):
            v = bool(v)
        elif isinstance(v, float) and np.isnan(v):
            v = None
        out[k] = v
    return out
