"""Bad input found by fuzzing (issue 12, item 7): each is a coded finding or a clear usage error,
never a crash, a hang, an HH099 or a lost hand. Hands are written here in the real format."""

from __future__ import annotations

import pytest

from handkit import all_findings, check, hand_text, problems, replace_line, validate_text
from hhtool.model.money import MoneyError, to_minor

SHOWDOWN = hand_text("""
    PokerStars Hand #210471195522:  Hold'em No Limit ($0.01/$0.02 USD) - 2020/03/14 18:31:47 ET
    Table 'Euanthe II' 6-max Seat #3 is the button
    Seat 1: Brannoch ($2 in chips)
    Seat 2: lumen_drift ($2.46 in chips)
    Seat 3: Saffron.Q ($1.80 in chips)
    Brannoch: posts small blind $0.01
    lumen_drift: posts big blind $0.02
    *** HOLE CARDS ***
    Saffron.Q: raises $0.04 to $0.06
    Brannoch: folds
    lumen_drift: calls $0.04
    *** FLOP *** [Kh 9s 4d]
    lumen_drift: checks
    Saffron.Q: bets $0.16
    lumen_drift: calls $0.16
    *** TURN *** [Kh 9s 4d] [7c]
    lumen_drift: checks
    Saffron.Q: checks
    *** RIVER *** [Kh 9s 4d 7c] [8s]
    lumen_drift: checks
    Saffron.Q: checks
    *** SHOW DOWN ***
    lumen_drift: shows [Jh Td] (a straight, Seven to Jack)
    Saffron.Q: shows [Kc Kd] (three of a kind, Kings)
    lumen_drift collected $0.43 from pot
    *** SUMMARY ***
    Total pot $0.45 | Rake $0.02
    Board [Kh 9s 4d 7c 8s]
    Seat 1: Brannoch (small blind) folded before Flop
    Seat 2: lumen_drift (big blind) showed [Jh Td] and won ($0.43) with a straight, Seven to Jack
    Seat 3: Saffron.Q (button) showed [Kc Kd] and lost with three of a kind, Kings
    """)


def test_the_showdown_hand_is_valid():
    result = check(SHOWDOWN)
    assert result.status == "parsed" and not result.findings, problems(result.findings)


# -- the same card twice in one shown hand -------------------------------------------------------


def test_same_card_twice_in_a_shown_hand_is_hh301_not_a_crash():
    text = replace_line(SHOWDOWN, "Saffron.Q: shows [Kc Kd] (three of a kind, Kings)",
                        "Saffron.Q: shows [Kc Kc] (three of a kind, Kings)")
    result = check(text)
    assert "HH099" not in result.codes, problems(result.findings)
    hh301 = result.of("HH301")
    assert hh301 and hh301[0].line == 24 and "Kc appears twice" in hh301[0].message, problems(result.findings)


# -- money the way a client prints it, and nothing else ------------------------------------------


@pytest.mark.parametrize("amount", ["$1e1", "$1_0", "$+10", "$１０", "$1E1", "$0x10", "$ 10", "$10 ", "$NaN",
                                    "$Infinity"])
def test_amounts_no_client_prints_are_refused(amount):
    with pytest.raises(MoneyError):
        to_minor(amount, 100)
    text = replace_line(SHOWDOWN, "lumen_drift: calls $0.16", f"lumen_drift: calls {amount}")
    result = check(text)
    # the amount reader refuses it (HH012), or the line grammar already does (HH010: a blank in it)
    assert result.status == "unparsed" and result.codes & {"HH012", "HH010"}, problems(result.findings)
    assert "HH099" not in result.codes


@pytest.mark.parametrize(("amount", "minor"), [("$10", 1000), ("$0.16", 16), ("$1,234.50", 123450), ("-$1", -100),
                                              ("$0.5", 50), ("€2", 200)])
def test_amounts_a_client_prints_are_read(amount, minor):
    assert to_minor(amount, 100) == minor


def test_a_refused_amount_is_hh012_at_its_line():
    text = replace_line(SHOWDOWN, "lumen_drift: calls $0.16", "lumen_drift: calls $1_6")
    result = check(text)
    assert [(f.code, f.line) for f in result.findings] == [("HH012", 15)], problems(result.findings)


# -- a block-size limit never drops the hand itself -----------------------------------------------


def test_hand_followed_by_half_a_megabyte_of_blank_lines_is_read():
    results, file_findings = validate_text(SHOWDOWN + "\n" * 600_000)
    assert [r.status for r in results] == ["valid"], problems(all_findings(results, file_findings))
    assert not file_findings


def test_blank_lines_between_two_hands_do_not_swallow_either():
    second = SHOWDOWN.replace("#210471195522", "#210471195523")
    results, file_findings = validate_text(SHOWDOWN + "\n \t\n" * 200_000 + second)
    assert [r.status for r in results] == ["valid", "valid"], problems(all_findings(results, file_findings))
    assert results[1].line == SHOWDOWN.count("\n") + 400_000 + 1


def test_a_hand_with_a_huge_line_inside_is_still_hh005():
    text = replace_line(SHOWDOWN, "Brannoch: folds", "Brannoch: folds" + " x" * 300_000)
    results, _ = validate_text(text)
    assert [r.status for r in results] == ["unparsed"]
    assert [f.code for f in results[0].findings] == ["HH005"]


def test_only_blank_lines_is_a_file_without_a_hand():
    results, file_findings = validate_text("\n" * 600_000)
    assert not results and [f.code for f in file_findings] == ["HH001"]
