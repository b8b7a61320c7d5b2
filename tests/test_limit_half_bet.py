"""Fixed limit's half-bet rule (issue #24): where a site plays it (`Conventions.limit_half_bet_reopens`), an
all-in bet or raise of at least half a bet counts as a full one and reopens the betting for players who
already acted; RULES.md A7 (a short all-in never reopens it) stays the default. iPoker takes the all-in as the
full bet it falls short of (`limit_half_bet_completes`: a $0.13 all-in at $0.10/$0.20 is raised to $0.40,
game 2855501026 of fpdb-3's `…player.sitting.out.xml`); PartyPoker raises a bet above the all-in (790 over a
400 bet raised to 1190, game 11932613562 of `LHE-Freeroll-MTT-201207.txt`).

The hands are written for the test in each site's real format, with made-up names, tables and game codes.
"""

from __future__ import annotations

from handkit import errors, problems, validate_text
from test_ipoker import session

from hhtool.dialects import conventions
from hhtool.model import Limit
from hhtool.rules.betting import Betting, Stake

# -- iPoker ---------------------------------------------------------------------------------------------

IPOKER = session(
    """\
  <game gamecode="6000000777">
    <general>
      <startdate>2011-07-22 17:33:48</startdate>
      <players>
        <player seat="1" name="Ann" chips="$5" dealer="1" win="$0" bet="$0.23" />
        <player seat="4" name="Bob" chips="$6" dealer="0" win="$0.96" bet="$0.50" />
        <player seat="7" name="Cid" chips="$0.23" dealer="0" win="$0" bet="$0.23" />
      </players>
    </general>
    <round no="0">
      <action no="1" player="Bob" type="1" sum="$0.05" cards="[cards]"/>
      <action no="2" player="Cid" type="2" sum="$0.10" cards="[cards]"/>
    </round>
    <round no="1">
      <cards type="Pocket" player="Ann">X X</cards><action no="3" player="Ann" type="3" sum="$0.10" cards=""/>
      <cards type="Pocket" player="Bob">HA SA</cards><action no="4" player="Bob" type="3" sum="$0.05" cards=""/>
      <cards type="Pocket" player="Cid">C3 D4</cards><action no="5" player="Cid" type="4" sum="$0" cards=""/>
    </round>
    <round no="2">
      <cards type="Flop" player="">S10 C7 D2</cards><action no="6" player="Bob" type="4" sum="$0" cards=""/>
      <action no="7" player="Cid" type="4" sum="$0" cards=""/><action no="8" player="Ann" type="4" sum="$0" cards=""/>
    </round>
    <round no="3">
      <cards type="Turn" player="">H9</cards><action no="9" player="Bob" type="4" sum="$0" cards=""/>
      <action no="10" player="Cid" type="4" sum="$0" cards=""/><action no="11" player="Ann" type="4" sum="$0" cards=""/>
    </round>
    <round no="4">
      <cards type="River" player="">SK</cards><action no="12" player="Bob" type="4" sum="$0" cards=""/>
      <action no="13" player="Cid" type="7" sum="$0.13" cards=""/><action no="14" player="Ann" type="3" sum="$0.13" cards=""/>
      <action no="15" player="Bob" type="23" sum="$0.40" cards=""/><action no="16" player="Ann" type="0" sum="$0" cards=""/>
    </round>
  </game>
""",
    gametype="Holdem L $0.10/$0.20",
    table="Halfway, 900000077",
)
# below half a bet: Cid is all-in for $0.09 on the river ($0.19 behind), which reopens nothing; Bob, who
# checked, raises a bet above it
IPOKER_SHORT = (
    IPOKER.replace('chips="$0.23"', 'chips="$0.19"')
    .replace('sum="$0.13"', 'sum="$0.09"')
    .replace('sum="$0.40"', 'sum="$0.29"')
    .replace('bet="$0.23" />\n        <player seat="4"', 'bet="$0.19" />\n        <player seat="4"')
    .replace('win="$0.96" bet="$0.50"', 'win="$0.77" bet="$0.39"')
    .replace('win="$0" bet="$0.23" />\n      </players>', 'win="$0" bet="$0.19" />\n      </players>')
)
# half a bet, but raised as PartyPoker does (a bet above the all-in, to $0.33): on iPoker the all-in counts
# as the $0.20 bet it completes, so that raise is $0.13, not a bet (HH116)
IPOKER_OVER_ALL_IN = IPOKER.replace('sum="$0.40"', 'sum="$0.33"').replace(
    'win="$0.96" bet="$0.50"', 'win="$0.89" bet="$0.43"'
)


def _one(text: str, name: str):
    results, file_findings = validate_text(text, name=name)
    assert file_findings == [] and len(results) == 1, problems(file_findings)
    return results[0]


def test_ipoker_all_in_of_half_a_bet_reopens_and_is_raised_as_the_full_bet():
    result = _one(IPOKER, "ipoker.xml")
    assert result.status == "valid", problems(result.findings)


def test_ipoker_all_in_below_half_a_bet_still_does_not_reopen():
    result = _one(IPOKER_SHORT, "ipoker.xml")
    assert sorted({f.code for f in errors(result.findings)}) == ["HH118"], problems(result.findings)


def test_ipoker_raise_a_bet_above_the_half_bet_all_in_is_the_wrong_size():
    result = _one(IPOKER_OVER_ALL_IN, "ipoker.xml")
    assert sorted({f.code for f in errors(result.findings)}) == ["HH116"], problems(result.findings)


# -- PartyPoker --------------------------------------------------------------------------------------------

PARTY = """\
Game #12000000001 starts.\r
\r
#Game No : 12000000001 \r
***** Hand History for Game 12000000001 *****\r
FL Texas Hold'em  Trny:70000001 Level:4  Stakes(200/400) - Tuesday, July 17, 21:38:11 YEKST 2012\r
Table $50 Freeroll (2600001) Table #7 (Real Money)\r
Seat 3 is the button\r
Total number of players : 3/10 \r
Seat 1: Ann ( 5,000 )\r
Seat 2: Bob ( 5,000 )\r
Seat 3: Hero ( 990 )\r
Trny:70000001 Level:4 \r
Stakes(200/400)\r
** Dealing down cards **\r
Dealt to Hero [  6s 6c ]\r
Hero calls [200]\r
Ann calls [100]\r
Bob checks\r
** Dealing Flop ** [ 3h, Ts, 9d ]\r
Ann checks\r
Bob checks\r
Hero checks\r
** Dealing Turn ** [ 9h ]\r
Ann bets [400]\r
Bob calls [400]\r
Hero is all-In  [790]\r
Ann raises [790]\r
Bob calls [790]\r
** Dealing River ** [ 4s ]\r
Ann bets [400]\r
Bob folds\r
Ann shows [ 9s, 9c ]four of a kind, Nines.\r
Hero shows [ 6s, 6c ]two pairs, Nines and Sixes.\r
Ann wins 1,200 chips from the side pot 1 with four of a kind, Nines.\r
Ann wins 2,970 chips from the main pot with four of a kind, Nines.\r
Player Hero finished in 2 138.\r
"""
# below half a bet: Hero is all-in for 590 (190 more than the 400 bet), which reopens nothing for Ann
PARTY_SHORT = (
    PARTY.replace("Hero ( 990 )", "Hero ( 790 )")
    .replace("is all-In  [790]", "is all-In  [590]")
    .replace("Ann raises [790]", "Ann raises [590]")
    .replace("Bob calls [790]", "Bob calls [590]")
    .replace("2,970 chips", "2,370 chips")
)


def test_party_all_in_of_half_a_bet_reopens_and_is_raised_a_bet_above_it():
    result = _one(PARTY, "party.txt")
    assert result.status == "valid", problems(result.findings)


def test_party_all_in_below_half_a_bet_still_does_not_reopen():
    result = _one(PARTY_SHORT, "party.txt")
    assert sorted({f.code for f in errors(result.findings)}) == ["HH118"], problems(result.findings)


# -- the conventions and the betting core -----------------------------------------------------------------


def test_the_sites_that_play_the_half_bet_rule():
    played = {
        site: (conventions(site).limit_half_bet_reopens, conventions(site).limit_half_bet_completes)
        for site in ("ipoker", "partypoker", "pokerstars", "888poker", "winamax", "bovada")
    }
    assert played == {
        "ipoker": (True, True),
        "partypoker": (True, False),
        "pokerstars": (False, False),
        "888poker": (False, False),
        "winamax": (False, False),
        "bovada": (False, False),
    }


def _river(half_bet_reopens: bool) -> tuple[Betting, Stake, Stake]:
    """A fixed-limit river at 10/20: the first player checks, the second is all-in for 13."""
    betting = Betting(Limit.FIXED_LIMIT, 10, 10, 20, half_bet_reopens=half_bet_reopens)
    first, second = Stake(500), Stake(13)
    betting.start_street(betting.street.RIVER, [first, second])
    first.acted, first.acted_at = True, 0
    second.street, second.stack, second.all_in = 13, 0, True
    betting.raised(second, 13, [first, second])
    return betting, first, second


def test_the_default_is_rules_a7_a_short_all_in_never_reopens():
    betting, checked, _ = _river(half_bet_reopens=False)
    assert not betting.may_raise(checked)
    betting, checked, _ = _river(half_bet_reopens=True)
    assert betting.may_raise(checked)
