"""Room profiles (`--rules profile:NAME`, `hhtool rules --profiles`): the house rules of the rule
sheets in shared/seeds as rules files inside the package, each rule with a passing and a failing hand.

The hands are written here in PokerStars' format; each validates clean under the standard rules,
so a finding under a profile comes from the profile's house rule alone.
"""

from __future__ import annotations

import json
import re
import shutil
from importlib import resources
from pathlib import Path

import pytest
from handkit import all_findings, check, edit, hand_text, hands_file, problems, validate_text
from typer.testing import CliRunner

from hhtool.cli import app
from hhtool.profiles import PREFIX, describe, load_rules_spec, names, profile
from hhtool.rules.ruleset import RulesError, RuleSet, load_rules

# The rule ids of shared/RULES.md.
RULES_MD_IDS = {
    *(f"T{i}" for i in range(1, 8)),
    *(f"B{i}" for i in range(1, 5)),
    *(f"D{i}" for i in range(1, 4)),
    *(f"A{i}" for i in range(1, 9)),
    *(f"P{i}" for i in range(1, 4)),
    *(f"S{i}" for i in range(1, 7)),
}

# No limit, 3 players, to the turn; the turn bet is one big blind (A4's standard minimum).
TURN_BET = hand_text("""
    PokerStars Hand #230000000001:  Hold'em No Limit ($0.05/$0.10 USD) - 2021/05/02 20:15:00 ET
    Table 'Kallisto IV' 6-max Seat #1 is the button
    Seat 1: Anemone ($10 in chips)
    Seat 2: Boreas ($10 in chips)
    Seat 4: Chloris ($10 in chips)
    Boreas: posts small blind $0.05
    Chloris: posts big blind $0.10
    *** HOLE CARDS ***
    Dealt to Anemone [Qs Qh]
    Anemone: raises $0.20 to $0.30
    Boreas: folds
    Chloris: calls $0.20
    *** FLOP *** [8d 5c 2s]
    Chloris: checks
    Anemone: bets $0.40
    Chloris: calls $0.40
    *** TURN *** [8d 5c 2s] [Jc]
    Chloris: checks
    Anemone: bets $0.10
    Chloris: folds
    Uncalled bet ($0.10) returned to Anemone
    Anemone collected $1.38 from pot
    Anemone: doesn't show hand
    *** SUMMARY ***
    Total pot $1.45 | Rake $0.07
    Board [8d 5c 2s Jc]
    Seat 1: Anemone (button) collected ($1.38)
    Seat 2: Boreas (small blind) folded before Flop
    Seat 4: Chloris (big blind) folded on the Turn
""")
TURN_BET_2BB = edit(
    TURN_BET,
    ("Anemone: bets $0.10", "Anemone: bets $0.20"),
    ("Uncalled bet ($0.10) returned to Anemone", "Uncalled bet ($0.20) returned to Anemone"),
)
FOUR_PLAYERS = edit(
    TURN_BET,
    ("Seat 4: Chloris ($10 in chips)", ["Seat 4: Chloris ($10 in chips)", "Seat 5: Demeter ($10 in chips)"]),
    ("Anemone: raises $0.20 to $0.30", ["Demeter: folds", "Anemone: raises $0.20 to $0.30"]),
    (
        "Seat 4: Chloris (big blind) folded on the Turn",
        ["Seat 4: Chloris (big blind) folded on the Turn", "Seat 5: Demeter folded before Flop (didn't bet)"],
    ),
)

# Pot limit, 3 players: five bets pre-flop (the big blind, then four raises), each within the pot.
FIVE_BETS = hand_text("""
    PokerStars Hand #230000000003:  Hold'em Pot Limit ($0.05/$0.10 USD) - 2021/05/02 20:20:00 ET
    Table 'Kallisto V' 6-max Seat #1 is the button
    Seat 1: Anemone ($50 in chips)
    Seat 2: Boreas ($50 in chips)
    Seat 4: Chloris ($50 in chips)
    Boreas: posts small blind $0.05
    Chloris: posts big blind $0.10
    *** HOLE CARDS ***
    Dealt to Anemone [As Ah]
    Anemone: raises $0.20 to $0.30
    Boreas: raises $0.60 to $0.90
    Chloris: raises $1.80 to $2.70
    Anemone: raises $5.40 to $8.10
    Boreas: folds
    Chloris: folds
    Uncalled bet ($5.40) returned to Anemone
    Anemone collected $6.30 from pot
    Anemone: doesn't show hand
    *** SUMMARY ***
    Total pot $6.30 | Rake $0
    Seat 1: Anemone (button) collected ($6.30)
    Seat 2: Boreas (small blind) folded before Flop
    Seat 4: Chloris (big blind) folded before Flop
""")
FOUR_BETS = edit(
    FIVE_BETS,
    ("Anemone: raises $5.40 to $8.10", "Anemone: folds"),
    ("Boreas: folds", "Boreas: folds"),
    ("Chloris: folds", []),
    ("Uncalled bet ($5.40) returned to Anemone", "Uncalled bet ($1.80) returned to Chloris"),
    ("Anemone collected $6.30 from pot", "Chloris collected $2.10 from pot"),
    ("Anemone: doesn't show hand", "Chloris: doesn't show hand"),
    ("Total pot $6.30 | Rake $0", "Total pot $2.10 | Rake $0"),
    ("Seat 1: Anemone (button) collected ($6.30)", "Seat 1: Anemone (button) folded before Flop"),
    ("Seat 4: Chloris (big blind) folded before Flop", "Seat 4: Chloris (big blind) collected ($2.10)"),
)


# Four players at one table, two hands: Boreas goes all-in with $2 and loses, then comes back.
BUSTED = hand_text("""
    PokerStars Hand #230000000010:  Hold'em No Limit ($0.05/$0.10 USD) - 2021/05/02 21:00:00 ET
    Table 'Kallisto VI' 6-max Seat #1 is the button
    Seat 1: Anemone ($10 in chips)
    Seat 2: Boreas ($2 in chips)
    Seat 4: Chloris ($10 in chips)
    Seat 5: Demeter ($10 in chips)
    Boreas: posts small blind $0.05
    Chloris: posts big blind $0.10
    *** HOLE CARDS ***
    Demeter: folds
    Anemone: folds
    Boreas: raises $1.90 to $2 and is all-in
    Chloris: calls $1.90
    *** FLOP *** [Kd 8s 3c]
    *** TURN *** [Kd 8s 3c] [2h]
    *** RIVER *** [Kd 8s 3c 2h] [7d]
    *** SHOW DOWN ***
    Boreas: shows [Qs Jh] (high card King)
    Chloris: shows [Kh Ts] (a pair of Kings)
    Chloris collected $3.82 from pot
    *** SUMMARY ***
    Total pot $4 | Rake $0.18
    Board [Kd 8s 3c 2h 7d]
    Seat 1: Anemone (button) folded before Flop (didn't bet)
    Seat 2: Boreas (small blind) showed [Qs Jh] and lost with high card King
    Seat 4: Chloris (big blind) showed [Kh Ts] and won ($3.82) with a pair of Kings
    Seat 5: Demeter folded before Flop (didn't bet)
""")
RETURNS = hand_text("""
    PokerStars Hand #230000000011:  Hold'em No Limit ($0.05/$0.10 USD) - 2021/05/02 21:01:30 ET
    Table 'Kallisto VI' 6-max Seat #2 is the button
    Seat 1: Anemone ($10 in chips)
    Seat 2: Boreas ($4 in chips)
    Seat 4: Chloris ($11.82 in chips)
    Seat 5: Demeter ($10 in chips)
    Chloris: posts small blind $0.05
    Demeter: posts big blind $0.10
    *** HOLE CARDS ***
    Anemone: folds
    Boreas: folds
    Chloris: folds
    Uncalled bet ($0.05) returned to Demeter
    Demeter collected $0.10 from pot
    Demeter: doesn't show hand
    *** SUMMARY ***
    Total pot $0.10 | Rake $0
    Seat 1: Anemone folded before Flop (didn't bet)
    Seat 2: Boreas (button) folded before Flop (didn't bet)
    Seat 4: Chloris (small blind) folded before Flop
    Seat 5: Demeter (big blind) collected ($0.10)
""")


@pytest.mark.parametrize(
    "text",
    [TURN_BET, TURN_BET_2BB, FOUR_PLAYERS, FIVE_BETS, FOUR_BETS, BUSTED, RETURNS],
    ids=["turn-bet-1bb", "turn-bet-2bb", "four-players", "five-bets", "four-bets", "busted", "returns"],
)
def test_the_hands_are_legal_under_the_standard_rules(text):
    assert check(text).findings == [], problems(check(text).findings)
    assert check(text, load_rules_spec("profile:standard")).findings == []


# -- the profiles as data ---------------------------------------------------------------------------
def test_the_shipped_profiles():
    assert names() == ["standard", "casino-hu", "club-gr", "club-hu"]
    assert profile("standard").rules == RuleSet()
    casino = profile("casino-hu").rules
    assert (casino.min_players, casino.max_players, casino.min_buyin_bb, casino.button_draw) == (
        4,
        10,
        50,
        "highest_acts_first",
    )
    assert profile("club-gr").rules == RuleSet(min_bet_turn_river_bb=2)
    assert profile("club-hu").rules == RuleSet(raise_cap_limits=("FL", "PL"))


@pytest.mark.parametrize("name", names())
def test_a_profile_is_an_ordinary_rules_file(tmp_path, name):
    """The same file given as --rules FILE gives the same rules; its notes cite RULES.md ids and its seed."""
    copy = tmp_path / f"{name}.toml"
    with resources.as_file(resources.files("hhtool.profiles") / f"{name}.toml") as shipped:
        shutil.copy(shipped, copy)
    assert load_rules(copy) == profile(name).rules
    about = profile(name).about
    assert about.rules and set(about.rules) <= RULES_MD_IDS
    assert about.source.startswith("shared/")
    for rule, _, _ in profile(name).changes():  # every changed setting is explained under its rule
        assert rule in about.rules


def test_about_section_is_checked_strictly(tmp_path):
    path = tmp_path / "room.toml"
    path.write_text('[about]\ntitle = "my room"\nsheet = "x"\n', encoding="utf-8")
    with pytest.raises(RulesError, match=r"about\.sheet: unknown key; expected one of title, source, rules"):
        load_rules(path)
    path.write_text('[about]\ntitle = "my room"\n[about.rules]\nZ99 = "x"\n', encoding="utf-8")
    with pytest.raises(RulesError, match=r"about\.rules"):
        load_rules(path)
    path.write_text('[about]\ntitle = "my room"\n[about.rules]\nT1 = "two to ten"\n', encoding="utf-8")
    assert load_rules(path) == RuleSet()  # [about] describes; it changes no rule


def test_raise_cap_limits_key(tmp_path):
    path = tmp_path / "room.toml"
    path.write_text('[table]\nraise_cap_limits = ["PL", "NL", "PL"]\n', encoding="utf-8")
    assert load_rules(path).raise_cap_limits == ("PL", "NL")
    path.write_text('[table]\nraise_cap_limits = ["XL"]\n', encoding="utf-8")
    with pytest.raises(RulesError, match=r"table\.raise_cap_limits.*'FL', 'PL', 'NL'.*XL"):
        load_rules(path)


def test_unknown_profile_is_a_rules_error():
    with pytest.raises(RulesError, match=r"no profile 'casino'; profiles: standard, casino-hu, club-gr, club-hu"):
        load_rules_spec("profile:casino")


# -- each house rule: a passing and a failing hand --------------------------------------------------
def test_casino_hu_needs_four_players():
    rules = load_rules_spec("profile:casino-hu")
    result = check(TURN_BET, rules)
    assert result.codes == {"HH401"}, problems(result.findings)
    f = result.findings[0]
    assert (f.line, f.expected, f.actual) == (1, "4..10", "3")
    assert check(FOUR_PLAYERS, rules).findings == []


def test_casino_hu_minimum_buy_in_after_busting(tmp_path):
    """Seed 000: a busted player buys in at least 50 big blinds again ($4 at $0.05/$0.10 is 40)."""
    rules = load_rules_spec("profile:casino-hu")
    short = validate_text(hands_file(BUSTED, RETURNS), rules)
    found = [f for f in all_findings(short[0]) if f.code == "HH411"]
    assert len(found) == 1 and (found[0].expected, found[0].actual) == (">= 500", "400"), problems(
        all_findings(short[0])
    )
    assert [f for f in all_findings(short[0]) if f.code != "HH411"] == []
    full = edit(RETURNS, ("Seat 2: Boreas ($4 in chips)", "Seat 2: Boreas ($5 in chips)"))
    assert all_findings(validate_text(hands_file(BUSTED, full), rules)[0]) == []


def test_club_gr_turn_bet_of_two_big_blinds():
    rules = load_rules_spec("profile:club-gr")
    result = check(TURN_BET, rules)
    assert result.codes == {"HH114"}, problems(result.findings)
    f = result.findings[0]
    assert (f.line, f.expected, f.actual) == (19, ">= 20", "10")
    assert check(TURN_BET_2BB, rules).findings == []


def test_club_hu_caps_pot_limit_at_four_bets():
    rules = load_rules_spec("profile:club-hu")
    result = check(FIVE_BETS, rules)
    assert result.codes == {"HH126"}, problems(result.findings)
    f = result.findings[0]
    assert (f.line, f.expected, f.actual, f.rule) == (13, "<= 4", "5", "A6")
    assert "house cap in PL is 4" in f.message
    assert check(FOUR_BETS, rules).findings == []


def test_club_hu_cap_is_not_applied_to_no_limit():
    text = FIVE_BETS.replace("Hold'em Pot Limit ($0.05/$0.10 USD)", "Hold'em No Limit ($0.05/$0.10 USD)", 1)
    assert text != FIVE_BETS
    assert check(text).findings == []
    assert check(text, load_rules_spec("profile:club-hu")).findings == []
    nl_capped = RuleSet(raise_cap_limits=("FL", "NL"))
    assert check(text, nl_capped).codes == {"HH126"}


def test_a_cap_heads_up_only_with_cap_heads_up():
    heads_up = edit(
        FIVE_BETS,
        ("Seat 4: Chloris ($50 in chips)", []),
        ("Chloris: posts big blind $0.10", []),
        ("Boreas: posts small blind $0.05", ["Anemone: posts small blind $0.05", "Boreas: posts big blind $0.10"]),
        ("Anemone: raises $0.20 to $0.30", "Anemone: raises $0.20 to $0.30"),
        ("Boreas: raises $0.60 to $0.90", "Boreas: raises $0.60 to $0.90"),
        ("Chloris: raises $1.80 to $2.70", "Anemone: raises $1.80 to $2.70"),
        ("Anemone: raises $5.40 to $8.10", "Boreas: raises $5.40 to $8.10"),
        ("Boreas: folds", "Anemone: folds"),
        ("Chloris: folds", []),
        ("Uncalled bet ($5.40) returned to Anemone", "Uncalled bet ($5.40) returned to Boreas"),
        ("Anemone collected $6.30 from pot", "Boreas collected $5.40 from pot"),
        ("Anemone: doesn't show hand", "Boreas: doesn't show hand"),
        ("Total pot $6.30 | Rake $0", "Total pot $5.40 | Rake $0"),
        ("Seat 1: Anemone (button) collected ($6.30)", "Seat 1: Anemone (button) (small blind) folded before Flop"),
        ("Seat 2: Boreas (small blind) folded before Flop", "Seat 2: Boreas (big blind) collected ($5.40)"),
        ("Seat 4: Chloris (big blind) folded before Flop", []),
    )
    assert check(heads_up).findings == [], problems(check(heads_up).findings)
    assert check(heads_up, load_rules_spec("profile:club-hu")).findings == []
    assert check(heads_up, RuleSet(raise_cap_limits=("FL", "PL"), cap_heads_up=True)).codes == {"HH126"}


# -- command line -----------------------------------------------------------------------------------
def _write(tmp_path: Path, text: str, name: str = "hands.txt") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_cli_rules_profiles_lists_every_profile_with_rule_ids():
    result = CliRunner().invoke(app, ["rules", "--profiles"])
    assert result.exit_code == 0, result.output
    for name in names():
        assert f"{PREFIX}{name}  " in result.output
    assert result.output == describe()
    assert "settings: min_players = 4 (T1), button_draw = 'highest_acts_first' (T6)" in result.output
    assert "settings: raise_cap_limits = ['FL', 'PL'] (A6)" in result.output
    assert "source: shared/seeds/004_2cc857f56c55f94b.txt" in result.output
    assert re.search(r"^  A4: The first bet on the turn and the river is at least twice", result.output, re.MULTILINE)


def test_cli_rules_profiles_help_names_the_option():
    result = CliRunner().invoke(app, ["rules", "--help"])
    assert "--profiles" in result.output


def test_cli_validate_with_a_profile(tmp_path):
    path = _write(tmp_path, TURN_BET)
    ok = CliRunner().invoke(app, ["validate", str(path), "--rules", "profile:standard"])
    assert ok.exit_code == 0, ok.output
    bad = CliRunner().invoke(app, ["validate", str(path), "--rules", "profile:club-gr", "--format", "jsonl"])
    assert bad.exit_code == 1
    hand = json.loads(bad.stdout.splitlines()[0])
    assert [f["code"] for f in hand["findings"]] == ["HH114"]


def test_cli_unknown_profile_is_a_usage_error(tmp_path):
    path = _write(tmp_path, TURN_BET)
    result = CliRunner().invoke(app, ["validate", str(path), "--rules", "profile:casino"])
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        "hhtool: no profile 'casino'; profiles: standard, casino-hu, club-gr, club-hu ('hhtool rules --profiles')"
    ]


def test_cli_export_and_audit_with_a_profile(tmp_path):
    path = _write(tmp_path, TURN_BET)
    out = tmp_path / "ds"
    result = CliRunner().invoke(
        app, ["export", str(path), "--out", str(out), "--rules", "profile:casino-hu", "--jobs", "1"]
    )
    assert result.exit_code == 0, result.output
    report = CliRunner().invoke(app, ["audit", str(path), "--rules", "profile:casino-hu", "--format", "json"])
    assert report.exit_code == 0, report.output  # HH401 is not an audit (rake or payout) error
    data = json.loads(report.stdout)
    assert data["summary"]["by_status"] == {"invalid": 1}
    stored = CliRunner().invoke(app, ["audit", str(out), "--format", "json"])
    assert json.loads(stored.stdout)["findings_by_code"][0]["code"] == "HH401"
