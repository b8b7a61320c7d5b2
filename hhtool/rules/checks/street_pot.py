"""The pot a site prints as each street starts (`StreetPot`, WPN's `Main pot $X | Rake $Y`, then one
`Side pot(N) $X | Rake $Y` line per side pot), checked against the replay: what was gathered before those
lines (the antes, every street before, dead money, less the uncalled bets returned) is the printed pots
plus the rake taken from them so far (HH223). The rake a site prints on its last street is what its
summary prints as rake and fees (HH224), when nothing was put in after it.

Only some sites print these lines: a hand without one is not checked.
"""

from __future__ import annotations

from hhtool.model import PostAnte, ReturnUncalled, StreetPot, StreetStart
from hhtool.rules.replay import Replay

_ORDER = {"preflop": 0, "flop": 1, "turn": 2, "river": 3, "showdown": 4}


def _groups(s: Replay) -> list[tuple[str, list[StreetPot]]]:
    """The pot lines of each street start, in order: the main pot line and the side pot lines after it."""
    groups: list[tuple[str, list[StreetPot]]] = []
    street = "preflop"
    fresh = True  # no pot line since the last street marker
    for event in s.hand.events:
        if type(event) is StreetStart:
            street, fresh = event.street.value, True
        elif type(event) is StreetPot:
            if fresh or event.side == 0 or not groups:
                groups.append((street, []))
                fresh = False
            groups[-1][1].append(event)
    return groups


def _gathered(s: Replay, line: int, street: str) -> int:
    """The chips in the pots at a street's pot line: what the streets before put in (and every ante), less
    the returns printed before it."""
    opened = _ORDER[street]
    gathered = 0
    for event, on, chips in s.ledger:
        if event.line < line and (_ORDER[on.value] < opened or type(event) is PostAnte):
            gathered += chips
    for event in s.hand.events:
        if type(event) is ReturnUncalled and event.line < line:
            gathered -= event.amount
    return gathered


def _put_in_after(s: Replay, line: int) -> int:
    """The chips put in after a line, less the uncalled bets returned after it (0: the pots are as printed)."""
    chips = sum(amount for event, _, amount in s.ledger if event.line > line)
    returned = sum(event.amount for event in s.hand.events if type(event) is ReturnUncalled and event.line > line)
    return chips - returned


def check(s: Replay) -> None:
    """HH223 for each street's pot lines that do not hold what the streets before them gathered; HH224 when
    the rake of the last street's lines is not the summary's rake and fees (and no chips went in after them:
    a pot line is printed as its street starts, before that street's betting)."""
    if not any(type(event) is StreetPot for event in s.hand.events):
        return
    groups = _groups(s)
    if not groups:
        return
    for street, pots in groups:
        gathered = _gathered(s, pots[0].line, street)
        main = sum(pot.main for pot in pots)
        rake = sum(pot.rake or 0 for pot in pots)
        if main + rake != gathered:
            s.report(
                "HH223",
                pots[0].line,
                street=street,
                main=s.money(main),
                rake=s.money(rake),
                gathered=s.money(gathered),
                expected=gathered - rake,
                actual=main,
            )
    street, last = groups[-1]
    claims = s.hand.claims
    rakes = [pot.rake for pot in last if pot.rake is not None]
    if not rakes or claims.rake is None or _put_in_after(s, last[-1].line):
        return
    printed = sum(rakes)
    taken = claims.rake + sum(amount for _, amount in claims.fees)
    if taken != printed:
        s.report(
            "HH224",
            claims.line,
            street=street,
            rake=s.money(printed),
            summary=s.money(taken),
            expected=printed,
            actual=taken,
        )
