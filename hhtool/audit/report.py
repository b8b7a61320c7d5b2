"""The rake and payout audit, computed with pandas from the tables of one source.

`build_report(tables, rules)` returns one JSON-ready dict; the text and HTML renderings read only
that dict. Every list in it names its hands: rows about one hand carry `hand_uid`, `hand_id`,
`file` and `line`; rows of totals carry the key (currency, stakes, table, day, players) that the
rows of `hands` (the per-hand ledger) carry too, so each total can be traced to its hands.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from decimal import ROUND_CEILING, ROUND_FLOOR, Decimal
from functools import cache

import numpy as np
import pandas as pd

from hhtool.audit.tables import Tables, money, parsed_hands, stakes_label
from hhtool.codes import CATALOGUE
from hhtool import dialects
from hhtool.rules.ruleset import RakeLevel, RakeSchedule, RuleSet, rake_terms

# Findings that say a payout is wrong: uncalled bets, pots, collected amounts, winners, splits.
PAYOUT_CODES = ("HH201", "HH202", "HH203", "HH204", "HH205", "HH206", "HH303", "HH305")
CONSERVATION_CODES = ("HH211",)
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
VIOLATION_LABELS = {"above_cap": "above the cap", "above_percentage": "above the percentage",
                    "rounding": "rounding", "below_schedule": "below the schedule", "no_flop": "no flop, no drop",
                    "tournament": "tournament", "negative": "negative"}


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
    return "; ".join(f"{'fixed limit, small bets' if fixed else 'no limit and pot limit, big blinds'} {', '.join(bbs)}"
                     for fixed, bbs in by_limit.items())


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
    hands = parsed_hands(tables.hands)
    out = pd.DataFrame({
        "hand_uid": _column(hands, "hand_uid", "str"),
        "hand_id": _column(hands, "hand_id", "str"),
        "status": _column(hands, "status", "str"),
        "file": _column(hands, "file", "str"),
        "line": _column(hands, "line", "int"),
        "day": _column(hands, "date", "str"),
        "started_at": hands["started_at"].astype(object).map(lambda t: None if pd.isna(t) else t.isoformat()),
        "site": _column(hands, "site", "str"),
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
        "fees": _column(hands, "fees", "int"),  # printed fees besides rake (GGPoker's jackpot, bingo, ...)
        "cash_drop": _column(hands, "cash_drop", "int"),  # money a site added to the pot
    }).reset_index(drop=True)
    out["stakes"] = [stakes_label(r) for r in out[["site", "kind", "currency", "limit", "small_blind",
                                                    "big_blind"]].to_dict("records")]
    seats = tables.seats
    seats = seats[seats["hand_uid"].isin(set(out["hand_uid"]))]
    sums = pd.DataFrame({
        "hand_uid": _column(seats, "hand_uid", "str"),
        "chips_before": _column(seats, "starting_stack", "int"),
        "chips_after": _column(seats, "final_stack", "int"),
        "contributed": _column(seats, "contributed", "int"),
        "cash_out": _column(seats, "cash_out", "int"),
        "cash_out_fee": _column(seats, "cash_out_fee", "int"),
        "cash_out_kept": _column(seats, "cash_out_kept", "int"),
        "paid_outside": _column(seats, "paid_outside", "int"),
    }).groupby("hand_uid").sum()
    payouts = tables.payouts
    payouts = payouts[payouts["hand_uid"].isin(set(out["hand_uid"]))]
    paid = pd.DataFrame({"hand_uid": _column(payouts, "hand_uid", "str"),
                         "paid": _column(payouts, "amount", "int")}).groupby("hand_uid")["paid"].sum()
    out = out.join(sums, on="hand_uid").join(paid, on="hand_uid")
    for name in ("chips_before", "chips_after", "contributed", "paid", "paid_outside", *CASH_OUT):
        out[name] = out[name].fillna(0).astype("int64")
    # the room pays an all-in cash out from outside the pot (it is in chips_after) and keeps the pot
    # share the cashed-out player won; a site may add money to the pot (cash drop), take fees besides the
    # rake, and be paid outside the pot (EV cashout risk, insurance premium): chips before + paid + cash
    # drop = chips after + rake + fees + kept + paid outside
    out["difference"] = (out["chips_before"] + out["cash_out"] + out["cash_drop"] - out["chips_after"] - out["rake"]
                         - out["fees"] - out["cash_out_kept"] - out["paid_outside"])
    # one order whatever the source (a dataset is read day by day): by time, then where the hand was read
    return out.sort_values(["started_at", "file", "line"], na_position="last", kind="stable").reset_index(drop=True)


# -- schedule ------------------------------------------------------------------------------------
def schedule_check(hands: pd.DataFrame, choice: Schedule) -> tuple[pd.DataFrame, list[dict]]:
    """Add `due`, `percent`, `cap` to the ledger (None where the schedule does not apply) and list
    the violations."""
    schedules = choice.schedules

    @cache
    def terms(site: str, currency: str, big_blind: int, fixed: bool, day: str | None) -> tuple[int, RakeLevel] | str:
        """The index of the schedule in force and its level, or why none is (cached: a table repeats them)."""
        found = rake_terms(schedules, site, currency, big_blind, fixed, day)
        if isinstance(found, str):
            return found
        return next(i for i, s in enumerate(schedules) if s is found[0]), found[1]

    @cache
    def due(index: int, level: RakeLevel, pot: int, players: int) -> tuple[int, Decimal, int | None,
                                                                          tuple[int, ...]]:
        percent = level.percent_for(players)
        cap = level.cap_for(players)
        exact = percent * pot / 100
        other = {int(exact.quantize(Decimal(1), rounding=r)) for r in (ROUND_FLOOR, ROUND_CEILING)}
        if cap is not None:
            other = {min(v, cap) for v in other}
        return schedules[index].due(level, pot, players), percent, cap, tuple(sorted(other))

    dues, percents, caps, reasons, violations = [], [], [], [], []
    for row in hands.itertuples(index=False):
        item = None
        d = p = c = reason = None
        if row.kind == "tournament":
            reason = "tournament"
            if row.rake:
                item = ("tournament" if row.rake > 0 else "negative", "HH207", 0)
        elif row.rake < 0:
            item = ("negative", "HH207", 0)
        elif isinstance(found := terms(row.site, row.currency, row.big_blind, row.limit == "FL", row.day), str):
            reason = found
        else:
            index, lv = found
            if schedules[index].no_flop_no_drop and not row.saw_flop:
                d = 0
                if row.rake:
                    item = ("no_flop", "HH209", 0)
            else:
                d, p, c, rounded = due(index, lv, row.total_pot, row.players)
                if row.rake != d:
                    if row.rake in rounded:
                        kind = "rounding"
                    elif row.rake > d:
                        kind = "above_cap" if c is not None and row.rake > c else "above_percentage"
                    else:
                        kind = "below_schedule"
                    item = (kind, "HH208" if row.rake > d else "HH212", d)
        dues.append(d)
        percents.append(None if p is None else str(p))
        caps.append(c)
        reasons.append(reason)
        if item is not None:
            kind, code, expected = item
            violations.append({
                "hand_uid": row.hand_uid, "hand_id": row.hand_id, "file": row.file, "line": int(row.line),
                "day": row.day, "currency": row.currency, "stakes": row.stakes, "table": row.table,
                "players": int(row.players), "saw_flop": bool(row.saw_flop), "total_pot": int(row.total_pot),
                "rake": int(row.rake), "due": int(expected), "difference": int(row.rake - expected),
                "percent": None if p is None else str(p), "cap": c, "code": code,
                "severity": CATALOGUE[code].severity.value, "kind": kind,
                "message": f"{VIOLATION_KINDS[kind]}: rake {money(row.rake, row.currency)} on a "
                           f"{money(row.total_pot, row.currency)} pot with {row.players} players; the schedule "
                           f"takes {money(expected, row.currency)}",
            })
    hands = hands.assign(due=pd.Series(dues, index=hands.index, dtype=object),
                         percent=pd.Series(percents, index=hands.index, dtype=object),
                         cap=pd.Series(caps, index=hands.index, dtype=object),
                         unchecked=pd.Series(reasons, index=hands.index, dtype=object))
    return hands, violations


# -- totals --------------------------------------------------------------------------------------
def _totals(cash: pd.DataFrame, key: list[str]) -> list[dict]:
    """Per key: hands, raked hands, pots and rake; the share of the pot taken, over all hands and over the
    hands that saw a flop (the ones a no-flop-no-drop schedule rakes); the first and last hand. Beside
    the rake, the all-in cash-out money: hands with a cash out, what the room paid, its fees and the pot
    shares it kept."""
    if cash.empty:
        return []
    frame = cash.assign(raked=(cash["rake"] > 0).astype("int64"),
                        flop_pot=cash["total_pot"].where(cash["saw_flop"], 0),
                        flop_rake=cash["rake"].where(cash["saw_flop"], 0),
                        cashed=(cash["cash_out"] > 0).astype("int64"))
    grouped = frame.groupby(key, sort=True)
    out = grouped.agg(hands=("hand_uid", "size"), raked_hands=("raked", "sum"), total_pot=("total_pot", "sum"),
                      rake=("rake", "sum"), fees=("fees", "sum"), flop_pot=("flop_pot", "sum"),
                      flop_rake=("flop_rake", "sum"),
                      cash_out_hands=("cashed", "sum"), cash_out=("cash_out", "sum"),
                      cash_out_fees=("cash_out_fee", "sum"), cash_out_kept=("cash_out_kept", "sum"),
                      first_hand=("hand_uid", "first"), last_hand=("hand_uid", "last"))
    rows = []
    for keys, row in out.iterrows():
        keys = keys if isinstance(keys, tuple) else (keys,)
        item = {name: (int(v) if isinstance(v, (np.integer,)) else v) for name, v in zip(key, keys)}
        pot, rake = int(row["total_pot"]), int(row["rake"])
        flop_pot, flop_rake = int(row["flop_pot"]), int(row["flop_rake"])
        item.update(hands=int(row["hands"]), raked_hands=int(row["raked_hands"]), total_pot=pot, rake=rake,
                    fees=int(row["fees"]),
                    rake_share_pct=round(rake * 100 / pot, 3) if pot else None,
                    flop_total_pot=flop_pot, flop_rake_share_pct=round(flop_rake * 100 / flop_pot, 3) if flop_pot
                    else None, cash_out_hands=int(row["cash_out_hands"]), cash_out=int(row["cash_out"]),
                    cash_out_fees=int(row["cash_out_fees"]), cash_out_kept=int(row["cash_out_kept"]),
                    first_hand=row["first_hand"], last_hand=row["last_hand"])
        rows.append(item)
    return rows


def rake_totals(hands: pd.DataFrame) -> dict[str, list[dict]]:
    cash = hands[hands["kind"] == "cash"]
    by_stakes = _totals(cash, ["currency", "stakes"])
    if by_stakes:  # the schedule's (most common) percentage at those stakes, when it applies
        percents = cash[cash["percent"].notna()].groupby("stakes")["percent"].agg(lambda p: p.mode().iloc[0])
        for row in by_stakes:
            row["schedule_percent"] = percents.get(row["stakes"])
    return {
        "by_currency": _totals(cash, ["currency"]),
        "by_stakes": by_stakes,
        "by_table": _totals(cash, ["currency", "table"]),
        "by_day": _totals(cash, ["day", "currency"]),
        "by_players": _totals(cash, ["currency", "players"]),
    }


# -- findings ------------------------------------------------------------------------------------
def _findings_frame(tables: Tables) -> pd.DataFrame:
    f = tables.findings
    return pd.DataFrame({name: _column(f, name, "int" if name in ("line", "column") else "str")
                         for name in ("hand_uid", "code", "severity", "message", "file", "line", "expected", "actual",
                                      "date")})


def payout_mismatches(findings: pd.DataFrame, hand_ids: dict[str, str | None]) -> list[dict]:
    rows = findings[findings["code"].isin(PAYOUT_CODES)]
    return [{"hand_uid": r.hand_uid, "hand_id": hand_ids.get(r.hand_uid), "file": r.file, "line": int(r.line),
             "day": r.date, "code": r.code, "severity": r.severity, "title": CATALOGUE[r.code].title,
             "message": r.message, "expected": r.expected, "actual": r.actual}
            for r in rows.itertuples(index=False)]


def conservation(hands: pd.DataFrame, findings: pd.DataFrame) -> dict:
    """Chips before + cash-out payments = chips after + rake + pot shares kept after a cash out, per hand
    and per day (and the HH211 findings)."""
    broken = hands[hands["difference"] != 0]
    by_hand = [{"hand_uid": r.hand_uid, "hand_id": r.hand_id, "file": r.file, "line": int(r.line), "day": r.day,
                "currency": r.currency, "chips_before": int(r.chips_before), "chips_after": int(r.chips_after),
                "rake": int(r.rake), "fees": int(r.fees), "cash_drop": int(r.cash_drop),
                "paid_outside": int(r.paid_outside), "cash_out": int(r.cash_out), "cash_out_kept": int(r.cash_out_kept),
                "difference": int(r.difference)} for r in broken.itertuples(index=False)]
    by_day = []
    if not hands.empty:
        frame = hands.assign(out_of_balance=(hands["difference"] != 0).astype("int64"))
        grouped = frame.groupby(["day", "currency"], sort=True).agg(
            hands=("hand_uid", "size"), chips_before=("chips_before", "sum"), chips_after=("chips_after", "sum"),
            rake=("rake", "sum"), fees=("fees", "sum"), cash_drop=("cash_drop", "sum"),
            paid_outside=("paid_outside", "sum"), cash_out=("cash_out", "sum"), cash_out_kept=("cash_out_kept", "sum"),
            difference=("difference", "sum"), hands_out_of_balance=("out_of_balance", "sum"))
        for (day, currency), r in grouped.iterrows():
            by_day.append({"day": day, "currency": currency, **{k: int(v) for k, v in r.items()}})
    codes = findings[findings["code"].isin(CONSERVATION_CODES)]
    return {
        "by_hand": by_hand,
        "by_day": by_day,
        "findings": [{"hand_uid": r.hand_uid, "file": r.file, "line": int(r.line), "code": r.code,
                      "message": r.message} for r in codes.itertuples(index=False)],
    }


def findings_by_code(findings: pd.DataFrame, violations: list[dict]) -> list[dict]:
    """Findings in the data, plus the audit's own schedule findings on hands the data had not flagged."""
    counts = Counter(findings["code"])
    seen = set(zip(findings["hand_uid"], findings["code"]))
    for v in violations:
        if (v["hand_uid"], v["code"]) not in seen:
            counts[v["code"]] += 1
    rows = []
    for code, n in sorted(counts.items()):
        entry = CATALOGUE.get(code)
        rows.append({"code": code, "count": n, "severity": entry.severity.value if entry else None,
                     "title": entry.title if entry else ""})
    return rows


# -- the report ----------------------------------------------------------------------------------
def build_report(tables: Tables, rules: RuleSet | None = None, rules_source: str | None = None,
                 include_hands: bool = True) -> dict:
    choice = choose_schedule(rules, rules_source)
    hands, violations = schedule_check(ledger(tables), choice)
    findings = _findings_frame(tables)
    hand_ids = dict(zip(_column(tables.hands, "hand_uid", "str"), _column(tables.hands, "hand_id", "str")))
    payouts = payout_mismatches(findings, hand_ids)
    chips = conservation(hands, findings)
    status = Counter(_column(tables.hands, "status", "str"))
    cash = hands[hands["kind"] == "cash"]
    checked = cash[cash["unchecked"].isna()]
    unchecked = cash[cash["unchecked"].notna()]
    totals = rake_totals(hands)
    errors = (sum(1 for v in violations if v["severity"] == "error")
              + sum(1 for p in payouts if p["severity"] == "error") + len(chips["by_hand"]))
    summary = {
        "hands": len(tables.hands),
        "by_status": dict(sorted(status.items())),
        "audited_hands": len(hands),
        "cash_hands": len(cash),
        "tournament_hands": int((hands["kind"] == "tournament").sum()),
        "raked_hands": int((cash["rake"] > 0).sum()),
        "rake_by_currency": {r["currency"]: r["rake"] for r in totals["by_currency"]},
        "fees_by_currency": {r["currency"]: r["fees"] for r in totals["by_currency"] if r["fees"]},
        "total_pot_by_currency": {r["currency"]: r["total_pot"] for r in totals["by_currency"]},
        "cash_out_hands": int((cash["cash_out"] > 0).sum()),
        "cash_out_by_currency": {r["currency"]: r["cash_out"] for r in totals["by_currency"] if r["cash_out_hands"]},
        "cash_out_fees_by_currency": {r["currency"]: r["cash_out_fees"] for r in totals["by_currency"]
                                      if r["cash_out_hands"]},
        "cash_out_kept_by_currency": {r["currency"]: r["cash_out_kept"] for r in totals["by_currency"]
                                      if r["cash_out_hands"]},
        "schedule_checked_hands": len(checked),
        "schedule_unchecked_hands": len(unchecked),
        "schedule_violations": len(violations),
        "payout_mismatches": len(payouts),
        "hands_out_of_balance": len(chips["by_hand"]),
        "errors": errors,
    }
    if tables.summary is not None:  # hand histories: what was read, and what could not be
        summary["hands_read"] = tables.summary.tally.hands_read
        summary["duplicates"] = tables.summary.by_status["duplicate"]
        summary["unreadable_paths"] = tables.summary.tally.io_failures
    if tables.skipped:
        summary["not_stored"] = dict(tables.skipped)
    unchecked_stakes = [{"reason": k[0], "currency": k[1], "stakes": k[2], "hands": int(n)}
                        for k, n in unchecked.groupby(["unchecked", "currency", "stakes"]).size().items()]
    report = {
        "source": {"kind": tables.source, "paths": tables.paths},
        "schedule": {"name": choice.schedule.name, "source": choice.source, "description": choice.describe(),
                     "no_flop_no_drop": choice.schedule.no_flop_no_drop, "rounding": choice.schedule.rounding,
                     "unchecked_stakes": unchecked_stakes},
        "summary": summary,
        "rake": totals,
        "schedule_violations": violations,
        "payout_mismatches": payouts,
        "conservation": chips,
        "findings_by_code": findings_by_code(findings, violations),
    }
    if include_hands:
        keep = ["hand_uid", "hand_id", "status", "file", "line", "day", "started_at", "site", "kind", "currency",
                "limit", "small_blind", "big_blind", "stakes", "table", "players", "saw_flop", "total_pot", "rake",
                "fees", "cash_drop", "due", "unchecked", "paid", *CASH_OUT, "paid_outside", "chips_before",
                "chips_after", "difference"]
        report["hands"] = [_plain_row(r) for r in hands[keep].to_dict("records")]
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
