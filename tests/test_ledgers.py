"""The site's per-player checksum (`Claims.ledgers`, HH214): what a site prints per player beside the
actions (put in, won, net, final stack) must be what the replay gives. PokerStars prints no such
figures, so the hands are model records built with test_neutral_model's `table`, the ledgers added to
their claims (what a dialect's reader produces from iPoker's `bet`/`win` or PartyPoker's lines).
"""

from __future__ import annotations

import msgspec
import pytest
from test_neutral_model import bet, blinds, call, collect, fold, raise_to, returned, run, street, table

from hhtool import dialects
from hhtool.dialects import Conventions, Dialect, LedgerUncalled
from hhtool.model import Ledger, Street

LEDGER_LINE = 40


def with_ledgers(hand, *ledgers, site=None):
    claims = msgspec.structs.replace(hand.claims, ledgers=tuple(ledgers))
    header = hand.header if site is None else msgspec.structs.replace(hand.header, site=site)
    return msgspec.structs.replace(hand, claims=claims, header=header)


def raised_and_folded():
    """4 players, $0.05/$0.10, button Ann: Dan raises to $0.30, Ann calls, the blinds fold; on the flop
    Dan bets $0.50, Ann folds, $0.50 comes back to Dan, who collects the $0.75 pot (no rake)."""
    return table(
        [
            *blinds(),
            raise_to("Dan", 20, 30),
            call("Ann", 30),
            fold("Bob"),
            fold("Cat"),
            street(Street.FLOP, "2c 7d Jh"),
            bet("Dan", 50),
            fold("Ann"),
            returned("Dan", 50),
            collect("Dan", 75),
        ],
        total=75,
    )


def findings(hand):
    return [(f.code, f.line, f.message, f.expected, f.actual) for f in run(hand).findings]


def test_ledgers_that_agree_with_the_hand_give_nothing():
    hand = with_ledgers(
        raised_and_folded(),
        Ledger(LEDGER_LINE, "Dan", put_in=30, won=75, net=45, final_stack=1045),
        Ledger(LEDGER_LINE + 1, "Ann", put_in=30, won=0, net=-30, final_stack=970),
        Ledger(LEDGER_LINE + 2, "Bob", put_in=5, won=0),  # figures not printed: None
        Ledger(LEDGER_LINE + 3, "Cat", net=-10),
    )
    assert findings(hand) == []


def test_each_figure_that_disagrees_is_reported_with_both_numbers():
    hand = with_ledgers(
        raised_and_folded(),
        Ledger(LEDGER_LINE, "Dan", put_in=80, won=75, net=45, final_stack=1045),
        Ledger(LEDGER_LINE + 1, "Ann", put_in=30, won=5, net=-25, final_stack=975),
    )
    assert findings(hand) == [
        ("HH214", LEDGER_LINE, "the site's figures say Dan put in $0.80; the actions put in $0.30", "30", "80"),
        ("HH214", LEDGER_LINE + 1, "the site's figures say Ann won $0.05; the pots give $0", "0", "5"),
        (
            "HH214",
            LEDGER_LINE + 1,
            "the site's figures say Ann netted -$0.25; the actions and pots give -$0.30",
            "-30",
            "-25",
        ),
        ("HH214", LEDGER_LINE + 1, "the site's figures say Ann ends with $9.75; the hand leaves $9.70", "970", "975"),
    ]


def test_a_ledger_for_a_player_not_in_the_hand():
    hand = with_ledgers(raised_and_folded(), Ledger(LEDGER_LINE, "Zed", put_in=0))
    assert findings(hand) == [
        ("HH214", LEDGER_LINE, "the site's figures name Zed, who is not in the hand", "a player of the hand", "Zed")
    ]


@pytest.fixture
def uncalled_counted():
    """A toy site whose ledger counts the returned uncalled bet in both put-in and won (as iPoker's)."""
    toy = Dialect("ledger_toy", rb"LEDGER TOY HAND ", conventions=Conventions(ledger_uncalled=LedgerUncalled.BOTH))
    dialects.register(toy)
    yield toy.site_name
    dialects.unregister(toy.name)


def test_a_site_that_counts_the_uncalled_bet_in_its_figures(uncalled_counted):
    # Dan's $0.50 came back uncalled: the site says he bet $0.80 and won $1.25; the net is the same
    printed = (Ledger(LEDGER_LINE, "Dan", put_in=80, won=125, net=45), Ledger(LEDGER_LINE + 1, "Ann", put_in=30, won=0))
    assert findings(with_ledgers(raised_and_folded(), *printed, site=uncalled_counted)) == []
    # the same figures from a site that does not count it are wrong
    assert [f[4] for f in findings(with_ledgers(raised_and_folded(), *printed))] == ["80", "125"]
    # and without the return in them, wrong for this site
    plain = (Ledger(LEDGER_LINE, "Dan", put_in=30, won=75),)
    assert [(f[3], f[4]) for f in findings(with_ledgers(raised_and_folded(), *plain, site=uncalled_counted))] == [
        ("80", "30"),
        ("125", "75"),
    ]
