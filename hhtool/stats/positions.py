"""Table positions (BTN, CO, HJ, LJ, UTG…, SB, BB) of the players dealt in, as trackers name them.

A dataset keeps only the positions a site's summary prints (`seats.position`, often none), so they are
worked out here from the hand itself: the big blind is the first player to post a big blind, the small
blind the first to post a small blind; the direction of play is the one in which the big blind follows
the small blind among the seats dealt in (Chico's skins number seats counter-clockwise), ascending
seat numbers when that cannot tell. The players between the big blind and the small blind, in the
order they act before the flop, are named from the button back, as PokerTracker 4 counts positions
(0 the button, 1 the cut-off, …): the last is BTN, then CO, HJ, LJ; at four or more of them the first
to act is UTG and those between UTG and LJ are UTG+1, UTG+2, … (a full ring: UTG, UTG+1, UTG+2, LJ, HJ,
CO, BTN, SB, BB; 6-max: UTG, HJ, CO, BTN, SB, BB; five players: HJ, CO, BTN, SB, BB). Heads-up the button posts the small blind: SB. A hand
with no small blind posted (a dead small blind) names the player before the big blind BTN. A hand with
no big blind posted has no positions (None).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

# rows of the positional tables, first to act first
ORDER = ["UTG", "UTG+1", "UTG+2", "UTG+3", "UTG+4", "UTG+5", "UTG+6", "LJ", "HJ", "CO", "BTN", "SB", "BB"]


def name(others: int, place: int) -> str:
    """The position of the `place`-th (0-based, first to act first) of `others` players between the
    big blind and the small blind."""
    back = others - 1 - place  # 0: the button
    if others >= 4 and place == 0:
        return "UTG"
    if back < 4:
        return ("BTN", "CO", "HJ", "LJ")[back]
    return f"UTG+{place}"


def positions(seats: pd.DataFrame, actions: pd.DataFrame) -> pd.Series:
    """Position per row of `seats` (hand_uid, seat, player, dealt_in; same index), None when not dealt
    in or when the hand has no big blind posted. `actions`: hand_uid, seq, player, action."""
    out = pd.Series(None, index=seats.index, dtype=object)
    posts = actions[actions["action"].isin(["post_small", "post_big"])].sort_values(["hand_uid", "seq"])
    firsts = posts.drop_duplicates(["hand_uid", "action"])
    dealt = seats[seats["dealt_in"]][["hand_uid", "seat", "player"]]
    seat_of = dealt.set_index(["hand_uid", "player"])["seat"]
    seat_of = seat_of[~seat_of.index.duplicated()]

    def blind(kind: str) -> pd.Series:
        rows = firsts[firsts["action"] == kind]
        keys = pd.MultiIndex.from_frame(rows[["hand_uid", "player"]])
        found = seat_of.reindex(keys)
        return pd.Series(found.to_numpy(), index=rows["hand_uid"].to_numpy()).dropna()

    big, small = blind("post_big"), blind("post_small")
    frame = dealt.assign(bb=dealt["hand_uid"].map(big), sb=dealt["hand_uid"].map(small))
    frame = frame[frame["bb"].notna()]
    if frame.empty:
        return out
    n = frame.groupby("hand_uid")["seat"].transform("size")
    span = int(frame["seat"].max()) + 1
    # the direction: down the numbers when, going down from the big blind, the small blind comes last
    # (and not going up)
    up = (frame["seat"] - frame["bb"]) % span
    rank_up = up.groupby(frame["hand_uid"]).rank(method="first").astype("int64") - 1
    sb_rank_up = rank_up.where(frame["seat"] == frame["sb"]).groupby(frame["hand_uid"]).transform("max")
    down = (frame["bb"] - frame["seat"]) % span
    rank_down = down.groupby(frame["hand_uid"]).rank(method="first").astype("int64") - 1
    sb_rank_down = rank_down.where(frame["seat"] == frame["sb"]).groupby(frame["hand_uid"]).transform("max")
    descending = (sb_rank_down == n - 1) & (sb_rank_up != n - 1) & (n > 2)
    rank = rank_up.where(~descending, rank_down)  # 0 the big blind, then in order of play, the small blind last
    sb_rank = sb_rank_up.where(~descending, sb_rank_down)
    has_sb = sb_rank == n - 1
    others = n - 1 - has_sb.astype("int64")
    code = others.to_numpy() * 100 + rank.to_numpy()  # (players between the blinds, place): few distinct
    table = {int(c): name(int(c) // 100, int(c) % 100 - 1) for c in np.unique(code) if c % 100 > 0}
    names = pd.Series(code, index=frame.index).map(table).astype(object)
    names[(rank == 0).to_numpy()] = "BB"
    names[(has_sb & (rank == n - 1)).to_numpy()] = "SB"
    out.loc[frame.index] = names
    return out
