"""Player statistics computed with pandas from an hhtool dataset (`hhtool stats DIR`).

One row per player and stakes (`by="stakes"`): (site, kind, currency, game, limit, small blind, big
blind) for cash games; tournament hands are kept apart (kind `tournament`), one row per player, site,
tournament id, currency, game and limit over all blind levels (their blinds left empty): each event's
chips are its own, never added to another's. `by="currency"`: one row per player, kind, currency and
game over every site and stakes (site and limit `all`); `by="player"`: one row per player, kind and
game over every currency too (currency `all`): big blinds and bb/100 add up across currencies, money
never does, so that grouping's money columns are empty (and so are a total's tournament chips: the
chips of one event are not those of another). The game (`Header.game`: holdem, omaha, omaha5, ...)
stays in the key of every grouping: an Omaha player's VPIP or bb/100 is not a Hold'em one, and the
trackers keep the games apart too (issue #29: Hand2Note and HM3 filter Omaha 4/5/6).
`by_position` adds the table position (hhtool.stats.positions) to the key. Only hands that were parsed
and replayed count (status valid or invalid), cancelled hands do not; a player counts in a hand when
dealt in. Who a name stands for (the hero, an anonymous seat) is hhtool.stats.people's.

Definitions (the trackers' own, PokerTracker 4 / Hold'em Manager; counts are per hand, a hand counts
at most once in each, "pre-flop actions" leave out posting blinds, antes and straddles):

- hands: hands the player was dealt in.
- VPIP %: hands where the player voluntarily put chips in pre-flop — a call, bet or raise; posting
  blinds or antes is not voluntary, and a big blind who checks has not put chips in voluntarily —
  as a share of hands.
- PFR %: hands where the player raised pre-flop (any raise, re-raises included), of hands.
- 3-bet %: of the hands where the player acted pre-flop facing exactly one raise made by another
  player (the opportunities; the first such action of the hand), the share where that action was
  a raise (a re-raise of that one raise). A limper who re-raises a raise 3-bets too.
- fold to 3-bet %: of the hands where the player made the first pre-flop raise and then acted facing
  exactly one re-raise (a 3-bet), the share where that action was a fold.
- steal %: of the hands where the player was first in pre-flop (every player before folded) in the
  cut-off, on the button or in the small blind (the steal opportunities), the share where the player
  raised (PokerTracker 4's "Attempt to Steal").
- c-bet %: of the hands where the player made the last pre-flop raise and acted on the flop before any
  bet there (the opportunities), the share where the first flop action was a bet (a continuation bet).
- fold to c-bet %: of the hands where the player faced a continuation bet on the flop (acted after it,
  with no raise between), the share where that action was a fold.
- AF: post-flop aggression factor, (bets + raises) ÷ calls on the flop, turn and river (None without a
  call). AFq %: aggression frequency, (bets + raises) ÷ (bets + raises + calls + folds) × 100, post-flop.
- WTSD %: of the hands where the player saw the flop (a flop was dealt and the player had not folded
  before it), the share where the player went to showdown: did not fold and at least one other
  player did not fold either.
- W$SD %: of those showdowns, the share where the player won money: collected any amount from a pot
  (a split pot counts).
- WWSF %: of the hands where the player saw the flop, the share where the player won money.
- net won: the sum of final stack − starting stack (what the player collected, plus what the room paid
  for an all-in cash out, less what the player put in, uncalled returns given back), in minor units
  of the currency (cents, or chips).
- net won (bb): the sum over hands of net won / the hand's big blind.
- bb/100: net won (bb) × 100 / hands.
- all-in EV: net won with each called all-in before the river replaced by its equity (hhtool.stats.
  allin), in minor units, in big blinds and per 100 hands; all-in hands: hands so adjusted.
- rake paid: the rake of each raked hand shared among the players in proportion to what each put
  into that hand's pot (the "weighted contributed" method of shared/RAKE.md), in whole minor units: each
  player gets the whole part of rake × contributed / pot, and the cents left over go one each to
  the largest remainders (ties by seat), so that the shares add up to the hand's rake exactly.

Hand filters (`Query`): `all_in`: hands where a player's action put him all-in (as printed) and another
player stayed in to the end; `three_bet_pot`: hands with two raises or more before the flop; `versus`:
hands the named players were dealt in (their own rows left out).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np
import pandas as pd
import pyarrow as pa

from hhtool.model.variant import VARIANTS
from hhtool.scan import DEFAULT_BUDGET, DayTally, HandFilter, batches
from hhtool.stats.allin import MICRO, adjustments
from hhtool.stats.people import Hero, identify
from hhtool.stats.positions import ORDER, positions
from hhtool.stats.timeline import hand_rows
from hhtool.tables import Tables, parsed_hands

STAKES = ["site", "kind", "tournament", "currency", "game", "limit", "small_blind", "big_blind"]
KEY = [*STAKES, "position", "player", "hero"]
GROUPINGS = ("stakes", "currency", "player")
ALL = "all"  # a key column that a grouping adds up over
GAME_ORDER = {name: i for i, name in enumerate(VARIANTS)}  # Hold'em first, then Omaha as hhtool.model.variant lists it

# column → (header in the text table, meaning) — the order of the output
COLUMNS = {
    "site": ("site", "site dialect (all: every site)"),
    "kind": ("kind", "cash or tournament"),
    "tournament": (
        "tourney",
        (
            "tournament id: one row per event, its chips never added to another's (empty "
            "for cash; all: every event of a total, its chips left out)"
        ),
    ),
    "currency": ("cur", "ISO code, or chips (all: every currency)"),
    "game": ("game", "the game dealt (holdem, omaha, omaha5, ...): never added up across games, in any grouping"),
    "limit": ("limit", "NL, PL, FL (all: every limit)"),
    "small_blind": ("sb", "small blind, minor units (empty for tournaments and totals)"),
    "big_blind": ("bb", "big blind, minor units (empty for tournaments and totals)"),
    "position": ("pos", "table position (only with by_position)"),
    "player": ("player", "player name; the hero's first name for the hero, (anonymous seats) for the pool"),
    "hero": ("hero", "whether the row is the hero's"),
    "hands": ("hands", "hands dealt in"),
    "vpip_hands": ("vpip#", "hands with a voluntary pre-flop call, bet or raise"),
    "vpip_pct": ("VPIP", "vpip_hands / hands × 100"),
    "pfr_hands": ("pfr#", "hands with a pre-flop raise"),
    "pfr_pct": ("PFR", "pfr_hands / hands × 100"),
    "three_bet_opportunities": ("3b-opp", "hands where the player acted facing exactly one raise"),
    "three_bets": ("3b#", "of those, hands where the player re-raised"),
    "three_bet_pct": ("3B", "three_bets / three_bet_opportunities × 100"),
    "fold_to_three_bet_opportunities": ("f3b-opp", "hands where the first raiser acted facing a 3-bet"),
    "folds_to_three_bet": ("f3b#", "of those, hands where the player folded"),
    "fold_to_three_bet_pct": ("F3B", "folds_to_three_bet / fold_to_three_bet_opportunities × 100"),
    "steal_opportunities": ("st-opp", "hands first in pre-flop from the cut-off, button or small blind"),
    "steals": ("st#", "of those, hands where the player raised"),
    "steal_pct": ("steal", "steals / steal_opportunities × 100"),
    "cbet_opportunities": ("cb-opp", "hands where the last pre-flop raiser acted on the flop before any bet"),
    "cbets": ("cb#", "of those, hands where the first flop action was a bet"),
    "cbet_pct": ("CB", "cbets / cbet_opportunities × 100"),
    "fold_to_cbet_opportunities": ("fcb-opp", "hands where the player faced a flop continuation bet"),
    "folds_to_cbet": ("fcb#", "of those, hands where the player folded to it"),
    "fold_to_cbet_pct": ("FCB", "folds_to_cbet / fold_to_cbet_opportunities × 100"),
    "postflop_bets_raises": ("br#", "post-flop bets and raises"),
    "postflop_calls": ("call#", "post-flop calls"),
    "postflop_folds": ("fold#", "post-flop folds"),
    "af": ("AF", "postflop_bets_raises / postflop_calls"),
    "afq_pct": ("AFq", "postflop_bets_raises / (bets, raises, calls and folds post-flop) × 100"),
    "saw_flop": ("flop#", "hands where the player saw the flop"),
    "showdowns": ("sd#", "of those, hands where the player went to showdown"),
    "wtsd_pct": ("WTSD", "showdowns / saw_flop × 100"),
    "showdowns_won": ("sdwon#", "showdowns where the player collected money"),
    "wsd_pct": ("W$SD", "showdowns_won / showdowns × 100"),
    "won_saw_flop": ("wwsf#", "hands where the player saw the flop and collected money"),
    "wwsf_pct": ("WWSF", "won_saw_flop / saw_flop × 100"),
    "net_won": ("net", "net won, minor units (empty across currencies)"),
    "net_won_bb": ("net bb", "net won in big blinds"),
    "bb_per_100": ("bb/100", "net won in big blinds per 100 hands"),
    "all_in_hands": ("ai#", "hands whose net is replaced by the all-in equity"),
    "all_in_ev_net": ("EV net", "all-in adjusted net won, minor units (empty across currencies)"),
    "all_in_ev_bb": ("EV bb", "all-in adjusted net won in big blinds"),
    "all_in_ev_bb_per_100": ("EV bb/100", "all-in adjusted big blinds per 100 hands"),
    "rake_paid": ("rake paid", "rake attributed by weighted contribution, minor units (empty across currencies)"),
}

# each percentage: (numerator, denominator)
PERCENTAGES = {
    "vpip_pct": ("vpip_hands", "hands"),
    "pfr_pct": ("pfr_hands", "hands"),
    "three_bet_pct": ("three_bets", "three_bet_opportunities"),
    "fold_to_three_bet_pct": ("folds_to_three_bet", "fold_to_three_bet_opportunities"),
    "steal_pct": ("steals", "steal_opportunities"),
    "cbet_pct": ("cbets", "cbet_opportunities"),
    "fold_to_cbet_pct": ("folds_to_cbet", "fold_to_cbet_opportunities"),
    "wtsd_pct": ("showdowns", "saw_flop"),
    "wsd_pct": ("showdowns_won", "showdowns"),
    "wwsf_pct": ("won_saw_flop", "saw_flop"),
}


@dataclass(frozen=True)
class Query:
    """What `stats` reports: whose rows (`players`, the `hero`: only the hero's rows when named), grouped
    how (`by`, `by_position`), of which hands (`all_in`, `three_bet_pot`, `versus`), rows of at least
    `min_hands`, sorted by `sort` (a column; descending for numbers, `-` before it reverses)."""

    hero: Hero = field(default_factory=Hero)
    players: tuple[str, ...] = ()
    by: str = "stakes"
    by_position: bool = False
    all_in: bool = False
    three_bet_pot: bool = False
    versus: tuple[str, ...] = ()
    min_hands: int = 0
    sort: str | None = None

    def __post_init__(self) -> None:
        if self.by not in GROUPINGS:
            raise ValueError(f"by: expected one of {', '.join(GROUPINGS)}, got {self.by!r}")
        if self.sort is not None and self.sort.lstrip("-") not in COLUMNS:
            raise ValueError(f"sort: expected a column ({', '.join(COLUMNS)}), got {self.sort!r}")


def _plain(df: pd.DataFrame, ints: Iterable[str] = (), bools: Iterable[str] = ()) -> pd.DataFrame:
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


PAIR = ["hand_uid", "player"]
FLAGS = (
    "vpip",
    "pfr",
    "three_opp",
    "three_bet",
    "f3b_opp",
    "f3b",
    "steal_opp",
    "steal",
    "cbet_opp",
    "cbet",
    "fcb_opp",
    "fcb",
    "folded",
    "folded_pre",
)
COUNTS = ("post_br", "post_calls", "post_folds")


def _first(frame: pd.DataFrame, mask: pd.Series, name: str, made: pd.Series) -> pd.DataFrame:
    """Per (hand, player): the first row of `mask` is an opportunity (`name`_opp), `made` on it the stat."""
    rows = frame[mask].drop_duplicates(PAIR)
    return rows[PAIR].assign(**{f"{name}_opp": True, name: made.loc[rows.index].to_numpy()})


def action_flags(actions: pd.DataFrame, position: pd.DataFrame) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Per (hand, player) the flags and counts each statistic adds up; and per hand whether it is a
    3-bet pot (`three_bet_pot`). `position`: hand_uid, player, position."""
    action = actions["action"]
    street = actions["street"]
    preflop = street == "preflop"
    marks = actions[PAIR].assign(
        vpip=preflop & action.isin(["call", "bet", "raise"]),
        pfr=preflop & action.isin(["bet", "raise"]),
        folded=action == "fold",
        folded_pre=preflop & (action == "fold"),
        post_br=~preflop & action.isin(["bet", "raise"]),
        post_calls=~preflop & (action == "call"),
        post_folds=~preflop & (action == "fold"),
    )
    grouped = marks.groupby(PAIR, sort=False, dropna=False)
    flags = (
        grouped[["vpip", "pfr", "folded", "folded_pre"]]
        .any()
        .join(grouped[list(COUNTS)].sum().astype("int64"))
        .reset_index()
    )

    acts = actions[~action.str.startswith("post_")].sort_values(["hand_uid", "seq"])
    pre = acts[acts["street"] == "preflop"]
    is_raise = pre["action"].isin(["bet", "raise"])
    raises = is_raise.astype("int64")
    raises_before = raises.groupby(pre["hand_uid"]).cumsum() - raises
    first_raiser = pre["hand_uid"].map(pre[is_raise].drop_duplicates("hand_uid").set_index("hand_uid")["player"])
    last_raiser = pre[is_raise].drop_duplicates("hand_uid", keep="last").set_index("hand_uid")["player"]
    three = _first(pre, (raises_before == 1) & (pre["player"] != first_raiser), "three", is_raise)
    three = three.rename(columns={"three": "three_bet"})
    f3b = _first(pre, (raises_before == 2) & (pre["player"] == first_raiser), "f3b", pre["action"] == "fold")
    voluntary = pre["action"].isin(["call", "bet", "raise"]).astype("int64")
    voluntary_before = voluntary.groupby(pre["hand_uid"]).cumsum() - voluntary
    where = pre[PAIR].merge(position, on=PAIR, how="left")["position"].to_numpy()
    first_action = ~pre.duplicated(PAIR)
    steal = _first(pre, first_action & (voluntary_before == 0) & np.isin(where, ["CO", "BTN", "SB"]), "steal", is_raise)

    flop = acts[acts["street"] == "flop"]
    bet = flop["action"].isin(["bet", "raise"])
    bets = bet.astype("int64")
    bets_before = bets.groupby(flop["hand_uid"]).cumsum() - bets
    aggressor = flop["hand_uid"].map(last_raiser)
    cbet = _first(flop, (flop["player"] == aggressor) & (bets_before == 0) & ~flop.duplicated(PAIR), "cbet", bet)
    cbet_rows = flop[(flop["player"] == aggressor) & (bets_before == 0) & bet & ~flop.duplicated(PAIR)]
    cbet_seq = flop["hand_uid"].map(cbet_rows.set_index("hand_uid")["seq"])
    facing = (flop["seq"] > cbet_seq) & (bets_before == 1) & (flop["player"] != aggressor)
    fcb = _first(flop, facing.fillna(False).astype(bool), "fcb", flop["action"] == "fold")

    for part in (three, f3b, steal, cbet, fcb):
        flags = flags.merge(part, on=PAIR, how="left")
    pots = raises.groupby(pre["hand_uid"]).sum()
    return flags, pots[pots >= 2].index.to_frame(index=False, name="hand_uid")


def seat_flags(tables: Tables, players: Iterable[str] = (), query: Query | None = None) -> pd.DataFrame:
    """One row per player dealt into a parsed hand of `tables` (kept by the query's hand filters): the
    hand's stakes and position, the player as hhtool.stats.people names him, the hand's big blind
    (hand_bb), net won, all-in adjustment, rake paid and the flags each statistic counts. Every flag
    of a hand depends only on that hand's rows, so a dataset can be read a few days at a time
    (`stats`). `players`: keep only their rows (the flags are computed from every player's actions)."""
    query = query or Query(players=tuple(players))
    players = set(players) | set(query.players)
    hands = _plain(
        parsed_hands(tables.hands)[
            [
                "hand_uid",
                "site",
                "currency",
                "game",
                "limit",
                "small_blind",
                "big_blind",
                "tournament_id",
                "saw_flop",
                "rake",
                "board",
                "started_at",
                "local_time",
            ]
        ],
        ints=["small_blind", "big_blind", "rake"],
        bools=["saw_flop"],
    )
    hands["kind"] = np.where(hands["tournament_id"].notna(), "tournament", "cash")
    tourney = hands["kind"] == "tournament"
    # one row per event: chips of one tournament are not those of another
    hands["tournament"] = hands["tournament_id"].astype(object).where(tourney, None)
    hands["hand_bb"] = hands["big_blind"]
    hands["small_blind"] = hands["small_blind"].where(~tourney, -1)  # -1: all levels (shown empty)
    hands["big_blind"] = hands["big_blind"].where(~tourney, -1)
    uids = set(hands["hand_uid"])

    seats = tables.seats
    seats = _plain(
        seats[seats["hand_uid"].isin(uids)][
            ["hand_uid", "seat", "player", "dealt_in", "contributed", "collected", "net", "hole_cards", "folded_on"]
        ],
        ints=["seat", "contributed", "collected", "net"],
        bools=["dealt_in"],
    )
    seats["rake_paid"] = weighted_rake(seats, hands)
    actions = tables.actions
    actions = _plain(
        actions[actions["hand_uid"].isin(uids)][["hand_uid", "seq", "street", "player", "action", "all_in"]],
        ints=["seq"],
        bools=["all_in"],
    )
    seats["position"] = positions(seats, actions)
    seats = seats[seats["dealt_in"]]
    flags, three_bet_pots = action_flags(actions, seats[[*PAIR, "position"]])
    seats = seats.merge(flags, on=PAIR, how="left")
    for name in FLAGS:
        seats[name] = seats[name].fillna(False).astype(bool)
    for name in COUNTS:
        seats[name] = seats[name].fillna(0).astype("int64")
    seats = seats.merge(
        hands[["hand_uid", *STAKES, "saw_flop", "hand_bb", "started_at", "local_time"]], on="hand_uid", how="inner"
    )
    unfolded = (~seats["folded"]).groupby(seats["hand_uid"]).transform("sum")
    seats["saw_flop_p"] = seats["saw_flop"] & ~seats["folded_pre"]
    seats["showdown"] = seats["saw_flop_p"] & ~seats["folded"] & (unfolded >= 2)
    seats["won_sd"] = seats["showdown"] & (seats["collected"] > 0)
    seats["won_flop"] = seats["saw_flop_p"] & (seats["collected"] > 0)

    pots = getattr(tables, "pots", None)
    adjust = adjustments(
        hands,
        seats,
        actions,
        _plain(pots) if pots is not None else pd.DataFrame(columns=["hand_uid", "pot_index", "amount", "eligible"]),
    )
    seats = seats.merge(adjust, on=PAIR, how="left")
    seats["all_in_hand"] = seats["ev_adjust"].notna()
    seats["ev_micro"] = seats["net"] * MICRO + seats["ev_adjust"].fillna(0).astype("int64")

    if query.all_in:
        shoved = set(actions.loc[actions["all_in"], "hand_uid"])
        contested = set(seats.loc[~seats["folded"], "hand_uid"].value_counts().loc[lambda c: c >= 2].index)
        seats = seats[seats["hand_uid"].isin(shoved & contested)]
    if query.three_bet_pot:
        seats = seats[seats["hand_uid"].isin(set(three_bet_pots["hand_uid"]))]
    if query.versus:
        against = seats["player"].isin(query.versus)
        seats = seats[seats["hand_uid"].isin(set(seats.loc[against, "hand_uid"])) & ~against]
    seats = identify(seats, query.hero)
    if query.hero.names:
        seats = seats[seats["hero"]]
    if players:
        seats = seats[seats["player"].isin(players)]
    return _grouped(seats, query)


def _grouped(seats: pd.DataFrame, query: Query) -> pd.DataFrame:
    """The key columns as the query's grouping adds them up (ALL, -1 for blinds: over every value)."""
    seats = seats.copy()
    if query.by in ("currency", "player"):
        seats["site"] = ALL
        seats["limit"] = ALL
        seats["small_blind"] = -1
        seats["big_blind"] = -1
        seats["tournament"] = seats["tournament"].where(seats["kind"] != "tournament", ALL)
    if query.by == "player":
        seats["currency"] = ALL
    if not query.by_position:
        seats["position"] = ALL
    seats["position"] = seats["position"].fillna("?")
    return seats


# The sums each statistic is made of: they add up across batches of hands.
SUMS = {
    "hands": "hand_uid",
    "vpip_hands": "vpip",
    "pfr_hands": "pfr",
    "three_bet_opportunities": "three_opp",
    "three_bets": "three_bet",
    "fold_to_three_bet_opportunities": "f3b_opp",
    "folds_to_three_bet": "f3b",
    "steal_opportunities": "steal_opp",
    "steals": "steal",
    "cbet_opportunities": "cbet_opp",
    "cbets": "cbet",
    "fold_to_cbet_opportunities": "fcb_opp",
    "folds_to_cbet": "fcb",
    "postflop_bets_raises": "post_br",
    "postflop_calls": "post_calls",
    "postflop_folds": "post_folds",
    "saw_flop": "saw_flop_p",
    "showdowns": "showdown",
    "showdowns_won": "won_sd",
    "won_saw_flop": "won_flop",
    "net_won": "net",
    "all_in_hands": "all_in_hand",
    "ev_micro": "ev_micro",
    "rake_paid": "rake_paid",
}
_BOOLS = (
    "vpip",
    "pfr",
    "three_opp",
    "three_bet",
    "f3b_opp",
    "f3b",
    "steal_opp",
    "steal",
    "cbet_opp",
    "cbet",
    "fcb_opp",
    "fcb",
    "saw_flop_p",
    "showdown",
    "won_sd",
    "won_flop",
    "all_in_hand",
)


def partial_sums(seats: pd.DataFrame) -> pd.DataFrame:
    """The sums per player, key and big blind of the hand (net won in big blinds is divided by it
    at the end, in `finish`): integers only, so batches add up exactly."""
    frame = seats[[*KEY, "hand_bb", *dict.fromkeys(SUMS.values())]].copy()
    for name in _BOOLS:
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


def finish(sums: pd.DataFrame, min_hands: int = 0, query: Query | None = None) -> pd.DataFrame:
    """One row per key with the statistics defined in this module's docstring."""
    query = query or Query(min_hands=min_hands)
    min_hands = min_hands or query.min_hands
    grouped = sums.groupby(KEY, sort=True, dropna=False)
    out = grouped[list(SUMS)].sum().reset_index()
    for name in SUMS:
        out[name] = out[name].astype("int64")
    if min_hands:
        out = out[out["hands"] >= min_hands]
    keys = [_key(row) for row in out[KEY].itertuples(index=False, name=None)]
    net_bb = _in_big_blinds(sums, "net_won", 1)
    ev_bb = _in_big_blinds(sums, "ev_micro", MICRO)
    for name, (top, bottom) in PERCENTAGES.items():
        out[name] = _pct(out[top], out[bottom])
    out["af"] = _ratio(out["postflop_bets_raises"], out["postflop_calls"])
    out["afq_pct"] = _pct(
        out["postflop_bets_raises"], out["postflop_bets_raises"] + out["postflop_calls"] + out["postflop_folds"]
    )
    for name, exact, per_100 in (("net_won_bb", net_bb, "bb_per_100"), ("all_in_ev_bb", ev_bb, "all_in_ev_bb_per_100")):
        values = [exact.get(k, Fraction(0)) for k in keys]
        out[per_100] = pd.Series(
            [_cents(v * 100 / n) for v, n in zip(values, out["hands"])], index=out.index, dtype="float64"
        )
        out[name] = pd.Series([_cents(v) for v in values], index=out.index, dtype="float64")
    out["all_in_ev_net"] = [round(Fraction(int(v), MICRO)) for v in out["ev_micro"]]
    # money never adds up across currencies, nor chips across tournaments (each event's chips are its own)
    across = (out["currency"] == ALL) | ((out["kind"] == "tournament") & (out["tournament"] == ALL))
    for name in ("net_won", "all_in_ev_net", "rake_paid"):
        out[name] = out[name].astype(object).where(~across, None)
    rank = {p: i for i, p in enumerate([ALL, *ORDER, "?"])}
    out["_pos"] = out["position"].map(lambda p: rank.get(p, len(rank)))
    out["_event"] = out["tournament"].map(_event_order)
    out["_game"] = out["game"].map(lambda g: GAME_ORDER.get(g, len(GAME_ORDER)))
    out = out.sort_values(
        [
            "site",
            "kind",
            "_event",
            "currency",
            "_game",
            "game",
            "limit",
            "big_blind",
            "small_blind",
            "hero",
            "_pos",
            "hands",
            "player",
        ],
        ascending=[True, True, True, True, True, True, True, True, True, False, True, False, True],
    )
    if query.sort:
        column = query.sort.lstrip("-")
        numeric = column not in ("site", "kind", "currency", "game", "limit", "position", "player")
        ascending = query.sort.startswith("-") == numeric
        out = out.sort_values(column, ascending=ascending, kind="stable", na_position="last")
    for name in ("small_blind", "big_blind"):
        out[name] = out[name].astype(object).where(out[name] >= 0, None)
    # one dtype whatever the rows (cash rows alone would make it float NaN): text, None for cash
    out["tournament"] = pd.Series(
        [None if pd.isna(t) else str(t) for t in out["tournament"]], index=out.index, dtype=object
    )
    columns = [c for c in COLUMNS if c != "position" or query.by_position]
    return out[columns].reset_index(drop=True)


def _event_order(tournament) -> tuple:
    """Tournament ids by number where they are numbers (`9` before `10`), cash (None) first."""
    if tournament is None or (isinstance(tournament, float) and np.isnan(tournament)):
        return (0, 0, "")
    text = str(tournament)
    return (1, int(text), text) if text.isdigit() else (2, 0, text)


def _key(row: tuple) -> tuple:
    return tuple(None if v is None or (isinstance(v, float) and np.isnan(v)) else v for v in row)


def _in_big_blinds(sums: pd.DataFrame, column: str, unit: int) -> dict[tuple, Fraction]:
    """`column` in big blinds per KEY, exact: Σ over the hands' big blinds of (the sum at it) / (it × unit)."""
    total: dict[tuple, Fraction] = {}
    for row in sums[[*KEY, "hand_bb", column]].itertuples(index=False, name=None):
        big_blind, value = int(row[-2]), int(row[-1])
        if big_blind > 0:
            key = _key(row[:-2])
            total[key] = total.get(key, Fraction(0)) + Fraction(value, big_blind * unit)
    return total


def _cents(value: Fraction) -> float:
    """Rounded to 2 decimals, half to even, from the exact value (a float sum would round its ties
    by the order it added the hands in)."""
    return round(value * 100) / 100


def _pct(numerator: pd.Series, denominator: pd.Series) -> pd.Series:
    values = (numerator * 100 / denominator.where(denominator > 0)).round(2)
    return values.astype(object).where(values.notna(), None)


def _ratio(numerator: pd.Series, denominator: pd.Series) -> pd.Series:
    values = (numerator / denominator.where(denominator > 0)).round(2)
    return values.astype(object).where(values.notna(), None)


def player_stats(
    tables: Tables, players: Iterable[str] = (), min_hands: int = 0, query: Query | None = None
) -> pd.DataFrame:
    """The statistics of tables held in memory (e.g. hand histories read with `from_paths`)."""
    query = query or Query(players=tuple(players), min_hands=min_hands)
    return finish(partial_sums(seat_flags(tables, players, query)), min_hands, query)


# The columns `seat_flags` reads (and `HandFilter` looks at), the only ones read from a dataset.
COLUMNS_READ = {
    "hands": [
        "site",
        "currency",
        "game",
        "limit",
        "small_blind",
        "big_blind",
        "tournament_id",
        "saw_flop",
        "rake",
        "status",
        "total_pot",
        "board",
        "started_at",
        "local_time",
        "date_kind",
    ],
    "seats": ["seat", "player", "dealt_in", "contributed", "collected", "net", "hole_cards", "folded_on"],
    "actions": ["seq", "street", "player", "action", "all_in"],
    "pots": ["pot_index", "amount", "eligible"],
}


def stats(
    path: str | os.PathLike,
    where: HandFilter | None = None,
    players: Iterable[str] = (),
    min_hands: int = 0,
    budget: int = DEFAULT_BUDGET,
    query: Query | None = None,
    timeline: list[pd.DataFrame] | None = None,
    tally: DayTally | None = None,
) -> pd.DataFrame:
    """Statistics of the dataset at `path`, read a few days at a time (hhtool.scan): hands kept by
    `where` (days, sites, stakes) and the query's filters, rows of `players` only (all when empty), and
    rows of at least `min_hands` hands. Memory grows with the players and stakes, not with the hands.
    `timeline`: a list to which each batch adds the hero's hand rows (hhtool.stats.timeline); `tally`
    counts the hands a date range kept by their local day and left out for having none (hhtool.scan)."""
    query = query or Query(players=tuple(players), min_hands=min_hands)
    total = combine([])
    parts: list[pd.DataFrame] = []
    for batch in batches(path, COLUMNS_READ, where, budget, tally):
        seats = seat_flags(batch, players, query)
        parts.append(partial_sums(seats))
        if timeline is not None:
            timeline.append(hand_rows(seats, frozenset(players) | frozenset(query.players)))
        if sum(map(len, parts)) > len(total) + 100_000:  # add up now and then: the sums stay small
            total, parts = combine([total, *parts]), []
    return finish(combine([total, *parts]), min_hands, query)
