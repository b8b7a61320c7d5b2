"""Player statistics per stakes, computed with pandas from an hhtool dataset (`hhtool stats DIR`).

One row per player and stakes. Stakes are (site, kind, currency, limit, small blind, big blind) for
cash games; tournament hands are kept apart (kind `tournament`), one row per player, site,
currency and limit over all blind levels (their blinds are left empty). Only hands that were parsed
and replayed count (status valid or invalid), cancelled hands do not; a player counts in a hand when
dealt in.

Definitions (counts are per hand, a hand counts at most once in each):

- hands: hands the player was dealt in.
- VPIP %: hands where the player voluntarily put chips in pre-flop — a call, bet or raise; posting
  blinds or antes is not voluntary, and a big blind who checks has not put chips in voluntarily —
  as a share of hands.
- PFR %: hands where the player raised pre-flop (any raise, re-raises included), of hands.
- 3-bet %: of the hands where the player acted pre-flop facing exactly one raise made by another
  player (the opportunities; the first such action of the hand), the share where that action was
  a raise (a re-raise of that one raise). A limper who re-raises a raise 3-bets too.
- WTSD %: of the hands where the player saw the flop (a flop was dealt and the player had not folded
  before it), the share where the player went to showdown: did not fold and at least one other
  player did not fold either.
- W$SD %: of those showdowns, the share where the player won money: collected any amount from a pot
  (a split pot counts).
- net won: the sum of final stack − starting stack (what the player collected, plus what the room paid
  for an all-in cash out, less what the player put in, uncalled returns given back), in minor units
  of the currency (cents, or chips).
- net won (bb): the sum over hands of net won / the hand's big blind.
- bb/100: net won (bb) × 100 / hands.
- rake paid: the rake of each raked hand shared among the players in proportion to what each put
  into that hand's pot (the "weighted contributed" method of shared/RAKE.md), in whole minor units: each
  player gets the whole part of rake × contributed / pot, and the cents left over go one each to
  the largest remainders (ties by seat), so that the shares add up to the hand's rake exactly.
"""

from __future__ import annotations

import io
import json
import os
from collections.abc import Iterable
from fractions import Fraction

import numpy as np
import pandas as pd
import pyarrow as pa

from hhtool.audit.tables import Tables, money, parsed_hands, stakes_label
from hhtool.safetext import printable
from hhtool.scan import DEFAULT_BUDGET, HandFilter, batches
from hhtool.words import count

STAKES = ["site", "kind", "currency", "limit", "small_blind", "big_blind"]
KEY = [*STAKES, "player"]

# column → (header in the text table, meaning) — the order of the output
COLUMNS = {
    "site": ("site", "site dialect"),
    "kind": ("kind", "cash or tournament"),
    "currency": ("cur", "ISO code, or chips"),
    "limit": ("limit", "NL, PL, FL"),
    "small_blind": ("sb", "small blind, minor units (empty for tournaments)"),
    "big_blind": ("bb", "big blind, minor units (empty for tournaments)"),
    "player": ("player", "player name"),
    "hands": ("hands", "hands dealt in"),
    "vpip_hands": ("vpip#", "hands with a voluntary pre-flop call, bet or raise"),
    "vpip_pct": ("VPIP%", "vpip_hands / hands × 100"),
    "pfr_hands": ("pfr#", "hands with a pre-flop raise"),
    "pfr_pct": ("PFR%", "pfr_hands / hands × 100"),
    "three_bet_opportunities": ("3b-opp", "hands where the player acted facing exactly one raise"),
    "three_bets": ("3b#", "of those, hands where the player re-raised"),
    "three_bet_pct": ("3B%", "three_bets / three_bet_opportunities × 100"),
    "saw_flop": ("flop#", "hands where the player saw the flop"),
    "showdowns": ("sd#", "of those, hands where the player went to showdown"),
    "wtsd_pct": ("WTSD%", "showdowns / saw_flop × 100"),
    "showdowns_won": ("sdwon#", "showdowns where the player collected money"),
    "wsd_pct": ("W$SD%", "showdowns_won / showdowns × 100"),
    "net_won": ("net", "net won, minor units"),
    "net_won_bb": ("net bb", "net won in big blinds"),
    "bb_per_100": ("bb/100", "net won in big blinds per 100 hands"),
    "rake_paid": ("rake paid", "rake attributed by weighted contribution, minor units"),
}


def _plain(df: pd.DataFrame, ints: list[str] = (), bools: list[str] = ()) -> pd.DataFrame:
    """Arrow-backed columns to numpy ones for arithmetic (a missing number, e.g. blinds, reads as 0)."""
    out = df.copy()
    for name in ints:
        out[name] = out[name].fillna(0).astype("int64")
    for name in bools:
        out[name] = out[name].fillna(False).astype(bool)
    for name in out.columns:
        dtype = out[name].dtype
        if isinstance(dtype, pd.ArrowDtype) and pa.types.is_string(dtype.pyarrow_dtype):
            out[name] = out[name].astype(object).where(out[name].notna(), None)
    return out


def weighted_rake(seats: pd.DataFrame, hands: pd.DataFrame) -> pd.Series:
    """Rake per seat row (same index as `seats`), shared by contribution, whole units, exact sums.

    `seats` needs hand_uid, seat, contributed; `hands` hand_uid and rake.
    """
    rake = hands.set_index("hand_uid")["rake"]
    s = seats[["hand_uid", "seat", "contributed"]].copy()
    s["rake"] = s["hand_uid"].map(rake).fillna(0).astype("int64")
    s = s[(s["rake"] > 0) & (s["contributed"] > 0)]
    shares = pd.Series(0, index=seats.index, dtype="int64")
    if s.empty:
        return shares
    pot = s.groupby("hand_uid")["contributed"].transform("sum")
    exact = s["rake"] * s["contributed"]
    s["base"] = exact // pot
    s["rem"] = exact % pot
    s["left"] = s["rake"] - s.groupby("hand_uid")["base"].transform("sum")
    s = s.sort_values(["hand_uid", "rem", "seat"], ascending=[True, False, True])
    s["rank"] = s.groupby("hand_uid").cumcount()
    s["share"] = s["base"] + (s["rank"] < s["left"]).astype("int64")
    shares.loc[s.index] = s["share"]
    return shares


def seat_flags(tables: Tables, players: Iterable[str] = ()) -> pd.DataFrame:
    """One row per player dealt into a parsed hand of `tables`: the hand's stakes (KEY), its big blind
    (hand_bb), net won, rake paid and the flags each statistic counts. Every flag of a hand depends
    only on that hand's rows, so a dataset can be read a few days at a time (`stats`). `players`: keep
    only their rows (the flags are computed from every player's actions first)."""
    hands = _plain(parsed_hands(tables.hands)[["hand_uid", "site", "currency", "limit", "small_blind", "big_blind",
                                                "tournament_id", "saw_flop", "rake"]],
                   ints=["small_blind", "big_blind", "rake"], bools=["saw_flop"])
    hands["kind"] = np.where(hands["tournament_id"].notna(), "tournament", "cash")
    tourney = hands["kind"] == "tournament"
    hands["hand_bb"] = hands["big_blind"]
    hands["small_blind"] = hands["small_blind"].where(~tourney, -1)  # -1: all levels (shown empty)
    hands["big_blind"] = hands["big_blind"].where(~tourney, -1)
    uids = set(hands["hand_uid"])

    seats = tables.seats
    seats = _plain(seats[seats["hand_uid"].isin(uids)][["hand_uid", "seat", "player", "dealt_in", "contributed",
                                                        "collected", "net"]],
                   ints=["seat", "contributed", "collected", "net"], bools=["dealt_in"])
    seats["rake_paid"] = weighted_rake(seats, hands)
    seats = seats[seats["dealt_in"]]

    actions = tables.actions
    actions = _plain(actions[actions["hand_uid"].isin(uids)][["hand_uid", "seq", "street", "player", "action"]],
                     ints=["seq"])
    preflop = actions["street"] == "preflop"
    pre = actions[preflop]
    pair = ["hand_uid", "player"]
    action = actions["action"]
    # per player and hand: any voluntary call/bet/raise pre-flop, any raise pre-flop, any fold, any pre-flop fold
    marks = actions[pair].assign(vpip=preflop & action.isin(["call", "bet", "raise"]),
                                 pfr=preflop & action.isin(["bet", "raise"]), folded=action == "fold",
                                 folded_pre=preflop & (action == "fold"))
    flags = marks.groupby(pair, sort=False, dropna=False)[["vpip", "pfr", "folded", "folded_pre"]].any()

    acts = pre[~pre["action"].str.startswith("post_")].sort_values(["hand_uid", "seq"])
    is_raise = acts["action"].isin(["bet", "raise"])
    raises_before = is_raise.astype("int64").groupby(acts["hand_uid"]).cumsum() - is_raise.astype("int64")
    first_raiser = acts[is_raise].drop_duplicates("hand_uid").set_index("hand_uid")["player"]
    opp = acts[(raises_before == 1) & (acts["player"] != acts["hand_uid"].map(first_raiser))]
    opp = opp.drop_duplicates(pair)  # the first action facing exactly one raise: the 3-bet opportunity
    opp = opp[pair].assign(three_opp=True, three_bet=opp["action"].isin(["bet", "raise"]))

    seats = seats.merge(flags.reset_index(), on=pair, how="left").merge(opp, on=pair, how="left")
    for name in ("vpip", "pfr", "three_opp", "three_bet", "folded", "folded_pre"):
        seats[name] = seats[name].fillna(False).astype(bool)
    seats = seats.merge(hands[["hand_uid", *STAKES, "saw_flop", "hand_bb"]], on="hand_uid", how="inner")
    unfolded = (~seats["folded"]).groupby(seats["hand_uid"]).transform("sum")
    seats["saw_flop_p"] = seats["saw_flop"] & ~seats["folded_pre"]
    seats["showdown"] = seats["saw_flop_p"] & ~seats["folded"] & (unfolded >= 2)
    seats["won_sd"] = seats["showdown"] & (seats["collected"] > 0)
    players = set(players)
    if players:
        seats = seats[seats["player"].isin(players)]
    return seats


# The sums each statistic is made of: they add up across batches of hands.
SUMS = {"hands": "hand_uid", "vpip_hands": "vpip", "pfr_hands": "pfr", "three_bet_opportunities": "three_opp",
        "three_bets": "three_bet", "saw_flop": "saw_flop_p", "showdowns": "showdown", "showdowns_won": "won_sd",
        "net_won": "net", "rake_paid": "rake_paid"}


def partial_sums(seats: pd.DataFrame) -> pd.DataFrame:
    """The sums per player, stakes and big blind of the hand (net won in big blinds is divided by it
    at the end, in `finish`): integers only, so batches add up exactly."""
    frame = seats[[*KEY, "hand_bb", *dict.fromkeys(SUMS.values())]].copy()
    for name in ("vpip", "pfr", "three_opp", "three_bet", "saw_flop_p", "showdown", "won_sd"):
        frame[name] = frame[name].astype("int64")
    frame["hand_uid"] = 1
    grouped = frame.groupby([*KEY, "hand_bb"], sort=False, dropna=False)
    return grouped.agg(**{name: (column, "sum") for name, column in SUMS.items()}).reset_index()


def combine(parts: list[pd.DataFrame]) -> pd.DataFrame:
    """Partial sums of several batches as one."""
    parts = [p for p in parts if not p.empty]
    if not parts:
        return partial_sums(pd.DataFrame(columns=[*KEY, "hand_bb", *dict.fromkeys(SUMS.values())]))
    if len(parts) == 1:
        return parts[0]
    frame = pd.concat(parts, ignore_index=True)
    return frame.groupby([*KEY, "hand_bb"], sort=False, dropna=False)[list(SUMS)].sum().reset_index()


def finish(sums: pd.DataFrame, min_hands: int = 0) -> pd.DataFrame:
    """One row per player and stakes with the statistics defined in this module's docstring."""
    grouped = sums.groupby(KEY, sort=True, dropna=False)
    out = grouped[list(SUMS)].sum().reset_index()
    for name in SUMS:
        out[name] = out[name].astype("int64")
    if min_hands:
        out = out[out["hands"] >= min_hands]
    in_bb = _net_in_big_blinds(sums)
    exact = [in_bb.get(_key(row), Fraction(0)) for row in out[KEY].itertuples(index=False, name=None)]
    out["vpip_pct"] = _pct(out["vpip_hands"], out["hands"])
    out["pfr_pct"] = _pct(out["pfr_hands"], out["hands"])
    out["three_bet_pct"] = _pct(out["three_bets"], out["three_bet_opportunities"])
    out["wtsd_pct"] = _pct(out["showdowns"], out["saw_flop"])
    out["wsd_pct"] = _pct(out["showdowns_won"], out["showdowns"])
    out["bb_per_100"] = pd.Series([_cents(v * 100 / n) for v, n in zip(exact, out["hands"])], index=out.index,
                                  dtype="float64")
    out["net_won_bb"] = pd.Series([_cents(v) for v in exact], index=out.index, dtype="float64")
    out = out.sort_values(["site", "kind", "currency", "limit", "big_blind", "small_blind", "hands", "player"],
                          ascending=[True, True, True, True, True, True, False, True])
    for name in ("small_blind", "big_blind"):
        out[name] = out[name].astype(object).where(out[name] >= 0, None)
    return out[list(COLUMNS)].reset_index(drop=True)


def _key(row: tuple) -> tuple:
    return tuple(None if v is None or (isinstance(v, float) and np.isnan(v)) else v for v in row)


def _net_in_big_blinds(sums: pd.DataFrame) -> dict[tuple, Fraction]:
    """Net won in big blinds per KEY, exact: Σ over the hands' big blinds of (net won at it) / it."""
    total: dict[tuple, Fraction] = {}
    for row in sums[[*KEY, "hand_bb", "net_won"]].itertuples(index=False, name=None):
        big_blind, net = int(row[-2]), int(row[-1])
        if big_blind > 0:
            key = _key(row[:-2])
            total[key] = total.get(key, Fraction(0)) + Fraction(net, big_blind)
    return total


def _cents(value: Fraction) -> float:
    """Rounded to 2 decimals, half to even, from the exact value (a float sum would round its ties
    by the order it added the hands in)."""
    return round(value * 100) / 100


def player_stats(tables: Tables, players: Iterable[str] = (), min_hands: int = 0) -> pd.DataFrame:
    """The statistics of tables held in memory (e.g. hand histories read with `from_paths`)."""
    return finish(partial_sums(seat_flags(tables, players)), min_hands)


def _pct(numerator: pd.Series, denominator: pd.Series) -> pd.Series:
    values = (numerator * 100 / denominator.where(denominator > 0)).round(2)
    return values.astype(object).where(values.notna(), None)


# The columns `seat_flags` reads (and `HandFilter` looks at), the only ones read from a dataset.
COLUMNS_READ = {"hands": ["site", "currency", "limit", "small_blind", "big_blind", "tournament_id", "saw_flop", "rake",
                          "status", "total_pot"],
                "seats": ["seat", "player", "dealt_in", "contributed", "collected", "net"],
                "actions": ["seq", "street", "player", "action"]}


def stats(path: str | os.PathLike, where: HandFilter | None = None, players: Iterable[str] = (), min_hands: int = 0,
          budget: int = DEFAULT_BUDGET) -> pd.DataFrame:
    """Statistics of the dataset at `path`, read a few days at a time (hhtool.scan): hands kept by
    `where` (days, sites, stakes), rows of `players` only (all when empty), and rows of at least
    `min_hands` hands. Memory grows with the players and stakes, not with the hands."""
    total = combine([])
    parts: list[pd.DataFrame] = []
    for batch in batches(path, COLUMNS_READ, where, budget):
        parts.append(partial_sums(seat_flags(batch, players)))
        if sum(map(len, parts)) > len(total) + 100_000:  # add up now and then: the sums stay small
            total, parts = combine([total, *parts]), []
    return finish(combine([total, *parts]), min_hands)


# -- output ----------------------------------------------------------------------------------
def records(frame: pd.DataFrame) -> list[dict]:
    """Rows as JSON-ready dicts: ints, floats, strings, None."""
    out = []
    for row in frame.to_dict("records"):
        clean = {}
        for name, value in row.items():
            if value is None or (isinstance(value, float) and np.isnan(value)):
                clean[name] = None
            elif isinstance(value, (np.integer, int)) and not isinstance(value, bool):
                clean[name] = int(value)
            elif isinstance(value, (np.floating, float)):
                clean[name] = float(value)
            else:
                clean[name] = value
        out.append(clean)
    return out


def to_json(frame: pd.DataFrame) -> str:
    definitions = {name: meaning for name, (_, meaning) in COLUMNS.items()}
    return json.dumps({"columns": definitions, "players": records(frame)}, ensure_ascii=False, indent=1)


# A cell a spreadsheet would run as a formula starts with one of these (OWASP, "CSV injection").
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: object) -> object:
    """A text cell that a spreadsheet would take for a formula (a player named `=HYPERLINK(…)`) gets a
    leading `'`, which spreadsheets show as text; numbers (a negative net won) are left alone. Controls,
    line separators and bidi controls are written as escapes, as the text format writes them
    (hhtool.safetext): a CSV file is read in terminals and editors too."""
    if not isinstance(value, str):
        return value
    value = printable(value)
    return "'" + value if value.startswith(FORMULA_START) else value


def to_csv(frame: pd.DataFrame) -> str:
    buffer = io.StringIO()
    text_columns = [name for name in frame.columns if not pd.api.types.is_numeric_dtype(frame[name])]
    frame.assign(**{name: frame[name].map(csv_cell) for name in text_columns}).to_csv(
        buffer, index=False, lineterminator="\n")
    return buffer.getvalue()


def to_text(frame: pd.DataFrame) -> str:
    """One block per stakes: an aligned table, money in major units of the currency."""
    if frame.empty:
        return "no hands with players in this dataset\n"
    names = [n for n in COLUMNS if n not in STAKES]
    blocks = []
    for _, group in frame.groupby(STAKES, sort=False, dropna=False):
        rows = records(group)
        cur = rows[0]["currency"]
        table = [[COLUMNS[n][0] for n in names]]
        for row in rows:
            cells = []
            for n in names:
                value = row[n]
                if n in ("net_won", "rake_paid"):
                    cells.append(money(value, cur))
                elif value is None:
                    cells.append("-")
                elif isinstance(value, float):
                    cells.append(f"{value:.1f}" if n.endswith("_pct") else f"{value:.2f}")
                else:
                    cells.append(printable(str(value)))  # a name is data: no escape sequence reaches the terminal
            table.append(cells)
        widths = [max(len(r[i]) for r in table) for i in range(len(names))]
        lines = [stakes_label(rows[0]) + f" — {count(len(rows), 'player')}"]
        for r in table:
            lines.append("  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))))
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n"


FORMATS = {"text": to_text, "csv": to_csv, "json": to_json}


def render(frame: pd.DataFrame, fmt: str = "text") -> str:
    return FORMATS[fmt](frame)
