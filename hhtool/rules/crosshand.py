"""Checks across the hands of one table: stacks carry over, the button moves, no id twice.

Streaming: the state kept is one entry per table (the last hand seen there) and one digest per
hand id, so memory does not grow with the size of the hands, only with their number.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from hhtool.codes import finding
from hhtool.findings import Finding
from hhtool.model import Hand
from hhtool.rules.replay import Replay
from hhtool.rules.ruleset import RuleSet


_BLANK_LINES = re.compile(r"\n{2,}")


@dataclass(slots=True)
class _TableState:
    order: tuple  # (time, hand number): hands chain in this order
    button: int | None
    final: dict[str, int]  # player → chips at the end of the hand, rebuys included
    seats: dict[int, str]


class CrossHand:
    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.tables: dict[tuple, _TableState] = {}
        self.seen: dict[str, bytes] = {}

    def duplicate(self, hand: Hand, text: str) -> Finding | None:
        """HH414 for the same text again (to be skipped), HH413 for another hand under a known id."""
        # blank lines are layout, not content: the non-empty lines joined by one newline each
        canonical = _BLANK_LINES.sub("\n", text).strip("\n")
        digest = hashlib.blake2b(canonical.encode("utf-8", "surrogatepass"), digest_size=12).digest()
        known = self.seen.get(hand.uid)
        if known is None:
            self.seen[hand.uid] = digest
            return None
        code = "HH414" if known == digest else "HH413"
        what = "read again; counted once" if code == "HH414" else "already used by a different hand"
        return finding(code, f"hand id {hand.header.hand_id} {what}", hand.source.file, hand.source.line,
                       hand_id=hand.header.hand_id)

    def check(self, state: Replay) -> list[Finding]:
        hand = state.hand
        header = hand.header
        if header.is_zoom:  # Zoom players move to a new table every hand
            return []
        key = (header.site, header.table, header.tournament_id, header.currency)
        previous = self.tables.get(key)
        won: dict[str, int] = {}
        for event in state.collects:
            won[event.player] = won.get(event.player, 0) + event.amount
        final, seats = {}, {}
        for p in state.players.values():
            final[p.name] = p.stack + p.rebuy + p.cash_out_paid + won.get(p.name, 0)
            seats[p.seat] = p.name
        current = _TableState(
            (header.time_et or header.time, int(header.hand_id) if header.hand_id.isdigit() else 0),
            header.button_seat, final, seats)
        out: list[Finding] = []
        later = previous is not None and None not in (current.order[0], previous.order[0]) \
            and current.order > previous.order
        if later and not state.cancelled:
            moved = self._button(state, previous)
            out.extend(moved)
            if not moved:  # stacks chain only between consecutive hands; a skipped button means a gap
                out.extend(self._stacks(state, previous))
        if previous is None or later:
            self.tables[key] = current
        return out

    def _stacks(self, state: Replay, previous: _TableState) -> list[Finding]:
        out = []
        hand = state.hand
        bb = hand.header.big_blind
        for seat in hand.seats:
            before = previous.final.get(seat.player)
            if before is None or previous.seats.get(seat.seat) != seat.player:
                continue
            if seat.stack != before:
                if before == 0 and not hand.header.is_tournament:
                    if seat.stack < self.rules.min_buyin_bb * bb:
                        out.append(finding("HH411", f"{seat.player} busted and returns with "
                                           f"{state.money(seat.stack)}, below {self.rules.min_buyin_bb} big blinds",
                                           hand.source.file, seat.line, hand_id=hand.header.hand_id,
                                           expected=f">= {self.rules.min_buyin_bb * bb}", actual=seat.stack))
                    continue
                if seat.stack > before and not hand.header.is_tournament:
                    continue  # a top-up between hands (T3 allows it); only a loss of chips is unexplained
                out.append(finding("HH410", f"{seat.player} starts with {state.money(seat.stack)} but ended the "
                                   f"previous hand at this table with {state.money(before)}", hand.source.file,
                                   seat.line, hand_id=hand.header.hand_id, expected=before, actual=seat.stack))
        return out

    def _button(self, state: Replay, previous: _TableState) -> list[Finding]:
        hand = state.hand
        button, last = hand.header.button_seat, previous.button
        if button is None or last is None or not state.order:
            return []
        seats = sorted(p.seat for p in state.order)
        following = [s for s in seats if s > last] or seats
        expected = following[0]
        # a dead button may also stand on an empty seat between the last button and the next player
        allowed = {expected} | {s for s in range(last + 1, expected) if s not in previous.seats}
        if button in allowed:
            return []
        return [finding("HH412", f"the button moved from seat {last} to seat {button}; the next player is on seat "
                        f"{expected} (or hands are missing in between)", hand.source.file, hand.source.line + 1, hand_id=hand.header.hand_id,
                        expected=expected, actual=button)]
