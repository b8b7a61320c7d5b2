"""The uncalled returns a site's text pays inside the bettor's collected amount, for the writers of sites
that print no return line (their `wins`/`win` holds it: `Conventions.uncalled_in_collected`).

A hand from a site that prints each return on a line of its own has them as events; one from a site or
year that prints none leaves them to the replay. Whether its collected amounts already
hold them is read as the settlement reads a site whose collects hold them in some hands only
(`hhtool.rules.settle`, `uncalled_in_collected = "either"`): exactly when the collects add up to more
than the pot (what was put in less the returns).
"""

from __future__ import annotations

from hhtool.dialects.sites import hand_site
from hhtool.model import Collect, Hand, ReturnUncalled
from hhtool.rules.replay import replay
from hhtool.rules.ruleset import RuleSet


def returns_to_pay(hand: Hand) -> dict[str, int]:
    """Player → the uncalled chips to add to their collected amount: the printed returns, or where the hand
    prints none, the replay's when the collects do not hold them already."""
    printed: dict[str, int] = {}
    for event in hand.events:
        if type(event) is ReturnUncalled:
            printed[event.player] = printed.get(event.player, 0) + event.amount
    if printed:
        return printed
    try:
        state = replay(hand, RuleSet(), site=hand_site(hand))
    except Exception:  # noqa: BLE001 - a hand the replay cannot follow: the writer writes what is printed
        return {}
    collected = sum(event.amount for event in hand.events if type(event) is Collect)
    if not state.returns or collected > state.pot_total:
        return {}
    return {name: amount for name, amount in state.returns.items() if amount > 0}
