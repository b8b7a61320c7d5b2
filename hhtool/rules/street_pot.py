"""The pot a site prints as each street starts (`StreetPot`, WPN's `Main pot $X | Rake $Y`), checked against
the replay: what was gathered before that line (the antes, every street before, dead money, less the
uncalled bets returned) is the printed pot plus the rake taken so far (HH223). The rake a site prints on
its last street is what its summary prints as rake and fees (HH224).

Separate from settle because only some sites print these lines; settle (compiled) calls `check` only for a
hand that has one.
"""

from __future__ import annotations

from hhtool.model import PostAnte, ReturnUncalled, StreetPot, StreetStart
from hhtool.rules.replay import Replay

_ORDER = {"preflop": 0, "flop": 1, "turn": 2, "river": 3, "showdown": 4}


def check(s: Replay) -> None:
    """HH223 for each street pot that is not what the streets before it gathered; HH224 when the rake of the
    last one is not the summary's rake and fees."""
    pots = [event for event in s.hand.events if type(event) is StreetPot]
    if not pots:
        return
    street = "preflop"
    streets: dict[int, str] = {}  # line of each street pot → the street it opens
    for event in s.hand.events:
        if type(event) is StreetStart:
            street = event.street.value
        elif type(event) is StreetPot:
            streets[event.line] = street
    last = None
    for pot in pots:
        opened = _ORDER[streets[pot.line]]
        gathered = 0
        for event, on, chips in s.ledger:
            if event.line < pot.line and (_ORDER[on.value] < opened or type(event) is PostAnte):
                gathered += chips
        for event in s.hand.events:
            if type(event) is ReturnUncalled and event.line < pot.line:
                gathered -= event.amount
        rake = pot.rake or 0
        if pot.main + rake != gathered:
            s.report("HH223", pot.line, street=streets[pot.line], main=s.money(pot.main), rake=s.money(rake),
                     gathered=s.money(gathered), expected=gathered - rake, actual=pot.main)
        last = pot
    claims = s.hand.claims
    if last is not None and last.rake is not None and claims.rake is not None:
        taken = claims.rake + sum(amount for _, amount in claims.fees)
        if taken != last.rake:
            s.report("HH224", claims.line, street=streets[last.line], rake=s.money(last.rake),
                     summary=s.money(taken), expected=last.rake, actual=taken)
