"""Payoffs scored by all-in expected value, checked against the equity of the boards still to come.

Some ACPC matches score a hand that ends all-in before the river by its expected value rather than by
the board dealt (`Claims.ev_payoffs`, FORMATS.md §5.1): each player's payoff is their share of every
pot over all the boards that could still come after the all-in, each equally likely (a tie splits the
pot), less the chips they put in. Here the boards are enumerated from the cards left once every
player's hole cards and the board dealt at the all-in are out, each pot is awarded on each board by
the ranking the settlement uses, and the result is compared with the payoff printed to six decimals:
HH047 (info) says the hand was scored so and checked, HH048 (error) names a payoff that differs.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from fractions import Fraction
from itertools import combinations
from math import comb, lcm

from hhtool.model import BETTING, StreetStart
from hhtool.model.cards import DECK
from hhtool.rules.ranking import _BY_COUNT, _CARD_IDS  # the evaluator the settlement ranks with, and its card ids
from hhtool.rules.replay import Replay

# the most boards enumerated for one hand (time stays bounded: ~3 µs a board): an all-in on the flop or
# the turn leaves at most C(45, 2) = 990 heads-up; one before the flop C(48, 5) = 1,712,304 (~5 s): noted
MAX_BOARDS = 50_000
_PLACES = Decimal("0.000001")  # payoffs are printed to six decimals


def check_ev_payoffs(s: Replay) -> None:
    """HH047 for a hand whose payoffs are expected values, HH048 for each that the equity contradicts."""
    claims = s.hand.claims
    if not claims.ev_payoffs or s.cancelled:
        return
    shown = "|".join(value for _, value in claims.ev_payoffs)
    board = _board_at_all_in(s)
    players = [p for p in s.order if p.cards]
    known = {card for p in players for card in p.cards} | set(board)
    rest = sorted(DECK - known)
    need = 5 - len(board)
    boards = comb(len(rest), need) if need >= 0 else 0
    line = claims.line
    if need < 0 or len(known) != 2 * len(players) + len(board) or any(len(p.cards) != 2 for p in players):
        s.report("HH047", line, "unchecked", payoffs=shown, boards=0, limit=MAX_BOARDS)
        return
    if boards > MAX_BOARDS:
        s.report("HH047", line, "unchecked", payoffs=shown, boards=boards, limit=MAX_BOARDS)
        return
    shares = _shares(s, board, rest, need)
    s.report("HH047", line, payoffs=shown)
    for name, printed in claims.ev_payoffs:
        player = s.players.get(name)
        if player is None:
            continue
        expected = shares.get(name, Fraction(0)) / boards - player.total
        try:
            value = Decimal(printed)
        except InvalidOperation:
            value = None
        want = _decimal(expected)
        if value is None or abs(value - want) > _PLACES:
            s.report(
                "HH048",
                line,
                player=name,
                printed=printed,
                boards=boards,
                equity=f"{want:f}",
                expected=f"{want:f}",
                actual=printed,
            )


def _board_at_all_in(s: Replay) -> tuple[str, ...]:
    """The board dealt when the last bet was called: that of the last street marker before the last action."""
    events = s.hand.events
    last = max((i for i, e in enumerate(events) if isinstance(e, BETTING)), default=-1)
    board: tuple[str, ...] = ()
    for event in events[: last + 1]:
        if type(event) is StreetStart and event.board and event.run == 0:
            board = event.board
    return board


def _shares(s: Replay, board: tuple[str, ...], rest: list[str], need: int) -> dict[str, Fraction]:
    """Player → the chips won summed over every board to come (divide by the number of boards)."""
    pots = [(pot.amount, [s.players[n] for n in pot.eligible if s.players[n].cards]) for pot in s.pots]
    ids = {p.name: [_CARD_IDS[c] for c in p.cards] for p in s.order if p.cards}
    board_ids = [_CARD_IDS[c] for c in board]
    rest_ids = [_CARD_IDS[c] for c in rest]
    # each pot's winners get whole units: a pot split k ways gives each amount * unit / k, exact
    unit = lcm(*range(1, max((len(e) for _, e in pots), default=1) + 1))
    won: dict[str, int] = {name: 0 for name in ids}
    evaluate = _BY_COUNT[7]
    for extra in combinations(rest_ids, need):
        full = board_ids + list(extra)
        strength = {name: evaluate(*hole, *full) for name, hole in ids.items()}  # lower is stronger
        for amount, eligible in pots:
            if not eligible:
                continue
            best = min(strength[p.name] for p in eligible)
            winners = [p.name for p in eligible if strength[p.name] == best]
            for name in winners:
                won[name] += amount * unit // len(winners)
    return {name: Fraction(total, unit) for name, total in won.items()}


def _decimal(value: Fraction) -> Decimal:
    """A fraction to six decimals, rounded half away from zero as C's printf does."""
    scaled = value * 1_000_000
    whole = int(abs(scaled) + Fraction(1, 2))
    return (Decimal(whole if scaled >= 0 else -whole) / 1_000_000).quantize(_PLACES)
