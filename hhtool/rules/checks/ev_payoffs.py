"""A hand whose payoffs are printed as expected values (ACPC's and PHH's all-in EV figures): HH047, and
HH048 for each payoff the equity of the cards shown contradicts (`hhtool.rules.equity`)."""

from __future__ import annotations

from hhtool.rules.equity import check_ev_payoffs
from hhtool.rules.replay import Replay


def check(s: Replay) -> None:
    if s.hand.claims.ev_payoffs:
        check_ev_payoffs(s)
