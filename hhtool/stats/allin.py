"""All-in expected value: what a player would have won on average from an all-in called before the river.

As PokerTracker 4's "All-In Adjusted" winnings (Hold'em Manager's "EV"): in a hand where a player was
all-in, the betting ended before the river, the board was then dealt out, and every player still in
showed cards, each player's winnings are replaced by their equity in the pots at that moment: for each
pot, the share of the boards still to come (a tie splits it) on which the player's hand wins it, times
what that pot paid out (the pot less its part of the rake: each pot pays collected ÷ pots of itself).
All-in adjusted net = net won − collected + that expected collection; every other hand counts as its
net won. The boards are counted exactly when there are at most `MAX_BOARDS` of them (any all-in on the
flop or turn: at most C(45, 2) = 990 heads-up); an all-in before the flop (C(48, 5) = 1,712,304 boards
heads-up) is estimated from `SAMPLES` boards drawn at random, seeded by the hand's uid, so the figure is
the same at every run (the standard error of a share is at most 0.8 % of the pot: √(¼ ÷ 4,000)). The ranking is the settlement's own
evaluator (hhtool.rules.ranking, phevaluator).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np
import pandas as pd

from hhtool.model.cards import DECK
from hhtool.rules.ranking import _BY_COUNT, _CARD_IDS

MAX_BOARDS = 50_000
SAMPLES = 4_000
MICRO = 1_000_000  # expected values are kept in millionths of a minor unit: integers that add up exactly
_BOARD_AT = {"preflop": 0, "flop": 3, "turn": 4, "river": 5}


def equities(
    holes: dict[str, list[str]], board: list[str], pots: list[tuple[int, list[str]]], seed: str = ""
) -> dict[str, Fraction]:
    """Player → the expected chips won from `pots` ((amount, eligible players)) over the boards that can
    complete `board`, each player's `holes` known."""
    known = {c for cards in holes.values() for c in cards} | set(board)
    rest = sorted(DECK - known)
    need = 5 - len(board)
    evaluate = _BY_COUNT[7]
    ids = {p: [_CARD_IDS[c] for c in cards] for p, cards in holes.items()}
    base = [_CARD_IDS[c] for c in board]
    rest_ids = [_CARD_IDS[c] for c in rest]
    if comb(len(rest_ids), need) <= MAX_BOARDS:
        boards: Iterable[Sequence[int]] = combinations(rest_ids, need)
        count = comb(len(rest_ids), need)
    else:  # SAMPLES boards of `need` distinct cards each, the same at every run for the same seed
        draw = np.random.default_rng(int.from_bytes(hashlib.sha256(seed.encode()).digest()[:8], "big"))
        picks = draw.random((SAMPLES, len(rest_ids))).argpartition(need, axis=1)[:, :need]
        boards = np.asarray(rest_ids)[picks].tolist()
        count = SAMPLES
    names = list(ids)
    holes_ids = [ids[p] for p in names]
    live = [(amount, [names.index(p) for p in eligible if p in ids]) for amount, eligible in pots]
    live = [(amount, eligible) for amount, eligible in live if eligible]
    patterns: dict[tuple[int, ...], int] = {}  # the players' order of strength on a board (ties equal) → boards
    if len(holes_ids) == 2:  # heads-up, the common all-in: one comparison a board
        (a1, a2), (b1, b2) = holes_ids
        first = second = tie = 0
        for extra in boards:
            one, two = evaluate(a1, a2, *base, *extra), evaluate(b1, b2, *base, *extra)  # lower is stronger
            if one < two:
                first += 1
            elif two < one:
                second += 1
            else:
                tie += 1
        patterns = {(0, 1): first, (1, 0): second, (0, 0): tie}
    else:
        for extra in boards:
            strength = [evaluate(a, b, *base, *extra) for a, b in holes_ids]
            ranks = sorted(set(strength))
            key = tuple(ranks.index(x) for x in strength)
            patterns[key] = patterns.get(key, 0) + 1
    won = {p: Fraction(0) for p in names}
    for key, boards_won in patterns.items():
        for amount, eligible in live:
            best = min(key[i] for i in eligible)
            winners = [i for i in eligible if key[i] == best]
            for i in winners:
                won[names[i]] += Fraction(amount * boards_won, count * len(winners))
    return won


def adjustments(hands: pd.DataFrame, seats: pd.DataFrame, actions: pd.DataFrame, pots: pd.DataFrame) -> pd.DataFrame:
    """(hand_uid, player, ev_adjust): expected collection − collected, in millionths of a minor unit, for
    each player still in at a called all-in before the river with every such player's cards known."""
    rows: list[tuple[str, str, int]] = []
    all_in = set(actions.loc[actions["all_in"].fillna(False).astype(bool), "hand_uid"])
    if not all_in:
        return _frame(rows)
    acts = actions[actions["hand_uid"].isin(all_in)].sort_values(["hand_uid", "seq"])
    last_street = acts.drop_duplicates("hand_uid", keep="last").set_index("hand_uid")["street"]
    info = hands[hands["hand_uid"].isin(all_in)].set_index("hand_uid")
    live_seats = seats[seats["hand_uid"].isin(all_in) & seats["dealt_in"] & seats["folded_on"].isna()]
    pot_rows = pots[pots["hand_uid"].isin(all_in)]
    pots_by_hand = {
        uid: list(zip(g["amount"].astype("int64"), g["eligible"])) for uid, g in pot_rows.groupby("hand_uid")
    }
    for uid, group in live_seats.groupby("hand_uid"):
        board = (info.at[uid, "board"] or "").split() if uid in info.index else []
        at = _BOARD_AT.get(str(last_street.get(uid)), 5)
        if len(board) != 5 or at >= 5 or len(group) < 2:
            continue
        holes = {p: str(c).split() for p, c in zip(group["player"], group["hole_cards"]) if isinstance(c, str)}
        if len(holes) != len(group) or any(len(c) != 2 for c in holes.values()):
            continue
        hand_pots = [(int(a), [str(p) for p in (e if e is not None else [])]) for a, e in pots_by_hand.get(uid, [])]
        total = sum(a for a, _ in hand_pots)
        collected = int(group["collected"].sum())
        if total <= 0:
            continue
        paid = [(a * collected, e) for a, e in hand_pots]  # scaled by `total`: each pot's payout × total
        try:
            won = equities(holes, board[:at], paid, seed=str(uid))
        except (KeyError, ValueError):  # a card that is not a card, a card twice: no estimate
            continue
        for p, got in zip(group["player"], group["collected"]):
            expected = won.get(p, Fraction(0)) / total
            rows.append((uid, p, round((expected - int(got)) * MICRO)))
    return _frame(rows)


def _frame(rows: list[tuple[str, str, int]]) -> pd.DataFrame:
    frame = pd.DataFrame(rows, columns=["hand_uid", "player", "ev_adjust"])
    return frame.astype({"hand_uid": object, "player": object, "ev_adjust": "int64"})
