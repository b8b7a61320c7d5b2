"""The hero's hands in time: sessions, and the winnings graph (net won and all-in EV, in big blinds).

Whose hands: the hero's rows (`--hero`, Bovada's `[ME]`); without a hero in the data, the rows of the
players kept by `--player`. Cash hands only: a tournament's chips are not money, and its results are
per event (`stats` keeps them apart).

Time: a hand's start in UTC where its site printed a zone (`started_at`), else its local time as
printed (`local_time`, the zone unknown): such hands are ordered and cut into sessions by that local
time, and the session says `local`. Hands with no time at all are left out of sessions and counted.

Sessions (as trackers make them): a player's cash hands in one currency, in order of time; a new session
starts when more than `gap` (30 minutes unless told) passes between the starts of two hands. Per session:
start, end (the last hand's start), hands, net won, net won in big blinds, all-in EV in big blinds, bb/100.
"""

from __future__ import annotations

from datetime import timedelta
from fractions import Fraction

import pandas as pd

from hhtool.stats.allin import MICRO

GAP = timedelta(minutes=30)
ROWS = ["time", "clock", "hand_uid", "site", "player", "currency", "net", "ev_micro", "hand_bb"]


def hand_rows(seats: pd.DataFrame, players: frozenset[str] = frozenset()) -> pd.DataFrame:
    """The rows of `seat_flags` the timeline follows: the hero's cash hands, else those of `players`."""
    rows = seats[seats["kind"] == "cash"]
    mine = rows[rows["hero"]] if rows["hero"].any() else rows[rows["player"].isin(players)]
    utc = pd.to_datetime(mine["started_at"], utc=True).dt.tz_localize(None)
    local = pd.to_datetime(mine["local_time"])
    out = mine.assign(
        time=utc.where(utc.notna(), local), clock=pd.Series("UTC", index=mine.index).where(utc.notna(), "local")
    )
    return out[ROWS].reset_index(drop=True)


def combined(parts: list[pd.DataFrame]) -> pd.DataFrame:
    parts = [p for p in parts if not p.empty]
    if not parts:
        return pd.DataFrame(columns=ROWS)
    frame = pd.concat(parts, ignore_index=True)
    return frame.sort_values(["time", "hand_uid"], na_position="last", kind="stable").reset_index(drop=True)


def sessions(rows: pd.DataFrame, gap: timedelta = GAP) -> tuple[pd.DataFrame, int]:
    """One row per session (see the module docstring), and the number of hands with no time."""
    timed = rows[rows["time"].notna()]
    out = []
    for (player, currency, clock), group in timed.groupby(["player", "currency", "clock"], sort=True):
        group = group.sort_values("time", kind="stable")
        number = (group["time"].diff() > gap).cumsum()
        for _, part in group.groupby(number, sort=True):
            net_bb = sum((Fraction(int(n), int(b)) for n, b in zip(part["net"], part["hand_bb"]) if b > 0), Fraction(0))
            ev_bb = sum(
                (Fraction(int(e), int(b) * MICRO) for e, b in zip(part["ev_micro"], part["hand_bb"]) if b > 0),
                Fraction(0),
            )
            out.append(
                {
                    "player": player,
                    "currency": currency,
                    "clock": clock,
                    "start": part["time"].iloc[0].isoformat(sep=" "),
                    "end": part["time"].iloc[-1].isoformat(sep=" "),
                    "hands": len(part),
                    "net_won": int(part["net"].sum()),
                    "net_won_bb": _two(net_bb),
                    "all_in_ev_bb": _two(ev_bb),
                    "bb_per_100": _two(net_bb * 100 / len(part)),
                }
            )
    frame = pd.DataFrame(
        out,
        columns=[
            "player",
            "currency",
            "clock",
            "start",
            "end",
            "hands",
            "net_won",
            "net_won_bb",
            "all_in_ev_bb",
            "bb_per_100",
        ],
    )
    return frame.sort_values(["start", "player", "currency"], kind="stable").reset_index(drop=True), int(
        rows["time"].isna().sum()
    )


def curve(rows: pd.DataFrame) -> pd.DataFrame:
    """Cumulative net won and all-in EV in big blinds after each hand, in the order of time (hands with
    no time last, in the order they were read): the lines a tracker's graph draws."""
    rows = rows[rows["hand_bb"] > 0]
    net = (rows["net"] / rows["hand_bb"]).cumsum()
    ev = (rows["ev_micro"] / (rows["hand_bb"] * MICRO)).cumsum()
    return pd.DataFrame({"hand": range(1, len(rows) + 1), "net_bb": net.to_numpy(), "ev_bb": ev.to_numpy()})


def _two(value: Fraction) -> float:
    return round(value * 100) / 100
