"""`--rules FILE`: checked whole before anything runs (issue #12 item 3), and a rake schedule applies
only where it is in force (item 4): its currency, its site, its days; validate and audit agree.

Every bad file goes through the CLI of `validate`, `export` and `audit`: exit 2, one stderr line
naming the key (`file:key: expected …, got …`), nothing on stdout and no dataset written.

The hands are written here in PokerStars' format: one three-player no-limit hand at $0.05/$0.10
(pot $2.20, $0.40 from each player and $0.50 from two on the turn) with a $0.20 rake, printed in
USD, in EUR, as play money (5/10) and as a play-money home game — the same hand in four currencies.
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hhtool.audit import audit
from hhtool.cli import app
from hhtool.dialects.pokerstars.rake import history as pokerstars_history
from hhtool.dialects.pokerstars.rake import schedule as pokerstars_schedule
from hhtool.rules.ruleset import (
    RakeLevel,
    RakeSchedule,
    RulesError,
    RuleSet,
    load_rules,
    rake_terms,
    rules_from_dict,
)

# -- hands ---------------------------------------------------------------------------------------

HAND = """\
{intro} Hold'em No Limit ({stakes}) - {day} {time} ET
Table '{table}' 6-max{pm} Seat #3 is the button
Seat 1: Alice ({stack} in chips)
Seat 2: Bob ({stack} in chips)
Seat 3: Carol ({stack} in chips)
Alice: posts small blind {sb}
Bob: posts big blind {bb}
*** HOLE CARDS ***
Carol: calls {bb}
Alice: raises {m30} to {m40}
Bob: calls {m30}
Carol: calls {m30}
*** FLOP *** [Ah Kd 2s]
Alice: checks
Bob: checks
Carol: checks
*** TURN *** [Ah Kd 2s] [9c]
Alice: bets {m50}
Bob: folds
Carol: calls {m50}
*** RIVER *** [Ah Kd 2s 9c] [4h]
Alice: checks
Carol: checks
*** SHOW DOWN ***
Alice: shows [As Qs] (a pair of Aces)
Carol: shows [Kh Kc] (three of a kind, Kings)
Carol collected {won} from pot
*** SUMMARY ***
Total pot {pot} | Rake {rake}
Board [Ah Kd 2s 9c 4h]
Seat 1: Alice (small blind) showed [As Qs] and lost with a pair of Aces
Seat 2: Bob (big blind) folded on the Turn
Seat 3: Carol (button) showed [Kh Kc] and won ({won}) with three of a kind, Kings
"""


def hand(
    hand_id: int,
    currency: str = "USD",
    day: str = "2020/04/16",
    stakes: tuple[int, int] = (5, 10),
    rake: int = 20,
    time: str = "14:00:00",
) -> str:
    """The hand in a currency ("USD", "EUR", "play" or "home"), amounts in cents (or chips)."""
    scale = stakes[1] // 10  # every amount scales with the big blind
    symbol = {"USD": "$", "EUR": "€"}.get(currency, "")

    def m(cents: int) -> str:
        cents *= scale
        if not symbol:
            return str(cents)
        return f"{symbol}{cents // 100}" if cents % 100 == 0 else f"{symbol}{cents // 100}.{cents % 100:02d}"

    code = f" {currency}" if symbol else ""
    intro = (
        f"PokerStars Home Game Hand #{hand_id}: {{Rulia Club}} "
        if currency == "home"
        else f"PokerStars Hand #{hand_id}: "
    )
    return HAND.format(
        intro=intro,
        stakes=f"{m(5)}/{m(10)}{code}",
        day=day,
        time=time,
        table=f"Rulia {hand_id % 100}",
        pm=" (Play Money)" if currency in ("play", "home") else "",
        stack=m(1000),
        sb=m(5),
        bb=m(10),
        m30=m(30),
        m40=m(40),
        m50=m(50),
        won=m(220 - rake // scale),
        pot=m(220),
        rake=m(rake // scale),
    )


def write(tmp_path: Path, name: str, *hands: str) -> Path:
    path = tmp_path / name
    path.write_text("\n\n\n".join(hands), encoding="utf-8")
    return path


def validate_codes(paths, rules: Path | None = None) -> dict[str, set[str]]:
    """hand id → the codes `hhtool validate --format jsonl` reports for it."""
    args = ["validate", *map(str, paths), "--format", "jsonl", "--exit-zero"]
    result = CliRunner().invoke(app, args + (["--rules", str(rules)] if rules else []))
    assert result.exit_code == 0, result.output
    out = {}
    for line in result.stdout.splitlines():
        obj = json.loads(line)
        if "hand_id" in obj:
            out[obj["hand_id"]] = {f["code"] for f in obj["findings"]}
    return out


RAKE_CODES = {"HH208", "HH209", "HH212"}


def rake_codes(codes: dict[str, set[str]]) -> dict[str, set[str]]:
    return {hand_id: c & RAKE_CODES for hand_id, c in codes.items() if c & RAKE_CODES}


def audit_codes(report: dict) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for v in report["schedule_violations"]:
        out.setdefault(v["hand_id"], set()).add(v["code"])
    return out


def unchecked(report: dict) -> dict[str, str]:
    return {h["hand_id"]: h["unchecked"] for h in report["hands"] if h["unchecked"]}


# -- item 3: a rules file is checked whole, before anything runs --------------------------------

BAD_FILES = [  # (id, file text, the key the error names, what it says it expected)
    (
        "min-players-word",
        '[table]\nmin_players = "four"\n',
        "table.min_players",
        "expected an integer, got string 'four'",
    ),
    ("raise-cap-float", "[table]\nraise_cap = 4.5\n", "table.raise_cap", "expected an integer, got float 4.5"),
    ("rake-percentage", '[rake]\npercentage = "5"\n', "rake.percentage", "unknown key"),
    ("Table-section", "[Table]\nmin_players = 4\n", "Table", "unknown key"),
    ("unknown-section", '[house]\nname = "x"\n', "house", "unknown key"),
    ("top-level-key", "min_players = 4\n", "min_players", "unknown key"),
    (
        "stake-unknown-key",
        '[[rake.stakes]]\nbig_blind = "0.02"\npercent = "3.5"\nrate = "1"\n',
        "rake.stakes[0].rate",
        "unknown key",
    ),
    ("percent-word", '[rake]\npercent = "five"\n', "rake.percent", "expected a percentage"),
    ("rake-number", "rake = 5\n", "rake", "expected a table, got integer 5"),
    ("negative-rake", '[rake]\npercent = "-5"\n', "rake.percent", "0 or more"),
    ("rake-500", '[rake]\npercent = "500"\n', "rake.percent", "from 0 to 100"),
    ("negative-cap", '[rake]\npercent = "5"\ncap = { "2" = "0.50", "3-4" = "-1" }\n', "rake.cap.3-4", "0 or more"),
    ("cap-float", '[rake]\npercent = "5"\ncap = 0.5\n', "rake.cap", 'a quoted decimal like "0.30"'),
    ("cap-decimals", '[rake]\npercent = "5"\ncap = "0.305"\n', "rake.cap", "at most 2 decimals"),
    ("players-key", '[rake]\npercent = "5"\ncap = { "heads-up" = "0.50" }\n', "rake.cap.heads-up", "a player count"),
    (
        "min-above-max",
        "[table]\nmin_players = 6\nmax_players = 5\n",
        "table.min_players",
        "at most table.max_players (5)",
    ),
    ("max-players-11", "[table]\nmax_players = 11\n", "table.max_players", "<= 10"),
    ("odd-chip", '[table]\nodd_chip = "left"\n', "table.odd_chip", "expected one of 'left_of_button'"),
    ("currency-case", '[rake]\ncurrency = "usd"\npercent = "5"\n', "rake.currency", "ISO currency code"),
    ("site-unknown", '[rake]\nsite = "PokerStars"\npercent = "5"\n', "rake.site", "expected one of 'pokerstars'"),
    (
        "until-before-from",
        '[rake]\npercent = "5"\nfrom = 2024-01-01\nuntil = 2023-12-31\n',
        "rake.until",
        "on or after rake.from",
    ),
    (
        "stake-twice",
        '[[rake.stakes]]\nbig_blind = "0.02"\npercent = "3.5"\n[[rake.stakes]]\nbig_blind = "0.02"\npercent = "4"\n',
        "rake.stakes[1].big_blind",
        "a stake not listed before",
    ),
    ("big-blind-missing", '[[rake.stakes]]\npercent = "3.5"\n', "rake.stakes[0].big_blind", "required"),
    ("empty-rake", '[rake]\nname = "nothing"\n', "rake", "rake.percent or at least one"),
    ("bool-as-int", "[table]\nmin_buyin_bb = true\n", "table.min_buyin_bb", "expected an integer, got boolean"),
]


@pytest.fixture()
def one_hand(tmp_path) -> Path:
    return write(tmp_path, "hands.txt", hand(320000000001))


def _run_with(command: str, rules: Path, hands: Path, tmp_path: Path):
    out = tmp_path / "ds"
    args = {
        "validate": ["validate", str(hands), "--rules", str(rules)],
        "export": ["export", str(hands), "--out", str(out), "--rules", str(rules)],
        "audit": ["audit", str(hands), "--rules", str(rules)],
    }[command]
    return CliRunner().invoke(app, args), out


@pytest.mark.parametrize("command", ["validate", "export", "audit"])
@pytest.mark.parametrize(("text", "key", "says"), [case[1:] for case in BAD_FILES], ids=[c[0] for c in BAD_FILES])
def test_a_bad_rules_file_is_one_line_naming_the_key_exit_2(command, text, key, says, tmp_path, one_hand):
    rules = tmp_path / "house.toml"
    rules.write_text(text, encoding="utf-8")
    result, out = _run_with(command, rules, one_hand, tmp_path)
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"hhtool: {rules}:{key}: "), lines[0]
    assert says in lines[0], lines[0]
    assert result.stdout == ""  # nothing validated or audited
    assert not out.exists()  # nothing written


@pytest.mark.parametrize("command", ["validate", "export", "audit"])
def test_a_rules_file_that_is_not_utf8_is_refused(command, tmp_path, one_hand):
    rules = tmp_path / "house.toml"
    rules.write_bytes(b'[rake]\nname = "caf\xe9"\npercent = "5"\n')  # latin-1
    result, out = _run_with(command, rules, one_hand, tmp_path)
    assert result.exit_code == 2 and result.stdout == "" and not out.exists()
    assert result.stderr.splitlines() == [
        f"hhtool: {rules}: not UTF-8 text (byte 0xe9 on line 2); save the rules file as UTF-8"
    ]


def test_a_rules_file_that_is_not_toml_is_refused(tmp_path, one_hand):
    rules = tmp_path / "house.toml"
    rules.write_text("[table\nmin_players = 4\n", encoding="utf-8")
    result, _ = _run_with("validate", rules, one_hand, tmp_path)
    assert result.exit_code == 2 and len(result.stderr.splitlines()) == 1
    assert result.stderr.startswith(f"hhtool: {rules}: not valid TOML")


def test_a_good_rules_file_is_read_into_its_values(tmp_path):
    rules = tmp_path / "house.toml"
    rules.write_text(
        """
[table]
min_players = 4
max_players = 9
min_bet_turn_river_bb = 2
raise_cap = 5
cap_heads_up = true
min_buyin_bb = 40
odd_chip = "first_winner_in_seat_order"
button_draw = "highest_acts_first"

[rake]
name = "Casino Rulia"
currency = "EUR"
site = "pokerstars"
from = 2021-01-01
until = 2021-12-31
rounding = "half_up"
no_flop_no_drop = false
percent = "5"
cap = { "2" = "0.50", "3-4" = 1, "5+" = "2.00" }
percent_by_players = { "5+" = "4.5" }

[[rake.stakes]]
big_blind = "0.02"
percent = "3.5"
cap = "0.30"

[[rake.stakes]]
big_blind = 2
limit = "fixed"
percent = "3"
""",
        encoding="utf-8",
    )
    r = load_rules(rules)
    assert (
        r.min_players,
        r.max_players,
        r.min_bet_turn_river_bb,
        r.raise_cap,
        r.cap_heads_up,
        r.min_buyin_bb,
        r.odd_chip,
        r.button_draw,
    ) == (4, 9, 2, 5, True, 40, "first_winner_in_seat_order", "highest_acts_first")
    s = r.rake
    assert s is not None
    assert (s.name, s.currency, s.site, str(s.valid_from), str(s.valid_until), s.rounding, s.no_flop_no_drop) == (
        "Casino Rulia",
        "EUR",
        "pokerstars",
        "2021-01-01",
        "2021-12-31",
        "half_up",
        False,
    )
    assert s.default is not None and s.default.caps == ((2, 50), (3, 100), (5, 200))
    assert str(s.default.percent_for(6)) == "4.5" and str(s.default.percent_for(4)) == "5"
    assert s.levels[("EUR", 2, False)].caps == ((2, 30),)
    assert ("EUR", 200, True) in s.levels


def test_an_empty_rules_file_is_the_standard_rules(tmp_path):
    rules = tmp_path / "house.toml"
    rules.write_text("# nothing switched\n", encoding="utf-8")
    r = load_rules(rules)
    assert (r.min_players, r.max_players, r.raise_cap, r.rake) == (2, 10, 4, None)


def test_no_hand_is_stored_as_hh099_under_a_mistyped_rule(tmp_path, one_hand):
    """The issue's case: `min_players = "four"` made every hand HH099 and export stored that with exit 0."""
    rules = tmp_path / "house.toml"
    rules.write_text('[table]\nmin_players = "four"\n', encoding="utf-8")
    result, out = _run_with("export", rules, one_hand, tmp_path)
    assert result.exit_code == 2 and not out.exists()
    rules.write_text("[table]\nmin_players = 3\n", encoding="utf-8")
    result, out = _run_with("export", rules, one_hand, tmp_path)
    assert result.exit_code == 0, result.output
    stored = audit([str(out)])
    assert stored["summary"]["by_status"] == {"valid": 1}
    assert "HH099" not in {r["code"] for r in stored["findings_by_code"]}


# -- item 4: a schedule applies only where it is in force ------------------------------------------

USD_SCHEDULE = '[rake]\nname = "house"\ncurrency = "USD"\npercent = "5"\ncap = "1"\n'


@pytest.fixture()
def four_currencies(tmp_path) -> Path:
    return write(
        tmp_path,
        "four.txt",
        hand(320000000011, "USD"),
        hand(320000000012, "EUR"),
        hand(320000000013, "play"),
        hand(320000000014, "home"),
    )


def test_a_usd_schedule_checks_usd_hands_only_in_validate_and_audit(tmp_path, four_currencies):
    rules = tmp_path / "house.toml"
    rules.write_text(USD_SCHEDULE, encoding="utf-8")
    # 5 % of $2.20 is 11¢: the printed 20¢ is above it, in USD only
    codes = validate_codes([four_currencies], rules)
    assert set(codes) == {"320000000011", "320000000012", "320000000013", "320000000014"}
    assert rake_codes(codes) == {"320000000011": {"HH208"}}
    report = audit([str(four_currencies)], load_rules(rules), str(rules))
    assert audit_codes(report) == {"320000000011": {"HH208"}}
    assert unchecked(report) == {
        "320000000012": "currency not covered by the schedule",
        "320000000013": "play money or chips",
        "320000000014": "play money or chips",
    }


def test_a_eur_schedule_checks_eur_hands_only(tmp_path, four_currencies):
    rules = tmp_path / "house.toml"
    rules.write_text(USD_SCHEDULE.replace('"USD"', '"EUR"'), encoding="utf-8")
    assert rake_codes(validate_codes([four_currencies], rules)) == {"320000000012": {"HH208"}}
    report = audit([str(four_currencies)], load_rules(rules), str(rules))
    assert audit_codes(report) == {"320000000012": {"HH208"}}
    assert set(unchecked(report)) == {"320000000011", "320000000013", "320000000014"}


def test_a_chips_schedule_checks_the_home_game_and_play_money_hands(tmp_path, four_currencies):
    """A home game's own schedule is in chips (whole chips: no decimals)."""
    rules = tmp_path / "house.toml"
    rules.write_text('[rake]\ncurrency = "chips"\npercent = "5"\ncap = "100"\n', encoding="utf-8")
    assert rake_codes(validate_codes([four_currencies], rules)) == {
        "320000000013": {"HH208"},
        "320000000014": {"HH208"},
    }
    rules.write_text('[rake]\ncurrency = "chips"\npercent = "5"\ncap = "0.5"\n', encoding="utf-8")
    with pytest.raises(RulesError, match=r"rake\.cap: expected an amount in whole chips"):
        load_rules(rules)


def test_the_days_of_a_schedule_from_the_rules_file(tmp_path):
    hands = write(
        tmp_path,
        "days.txt",
        hand(320000000021, day="2021/03/31", time="23:30:00"),
        hand(320000000022, day="2021/04/01"),
        hand(320000000023, day="2021/04/30"),
        hand(320000000024, day="2021/05/01", time="20:30:00"),
    )
    rules = tmp_path / "house.toml"
    rules.write_text(USD_SCHEDULE + "from = 2021-04-01\nuntil = 2021-04-30\n", encoding="utf-8")
    # days are UTC days, as the dataset's `date`: 23:30 ET on 03-31 is 03:30 UTC on 04-01 (checked);
    # 20:30 ET on 05-01 is 00:30 UTC on 05-02 (not)
    assert rake_codes(validate_codes([hands], rules)) == {
        h: {"HH208"} for h in ("320000000021", "320000000022", "320000000023")
    }
    report = audit([str(hands)], load_rules(rules), str(rules))
    assert audit_codes(report) == {h: {"HH208"} for h in ("320000000021", "320000000022", "320000000023")}
    assert unchecked(report) == {"320000000024": "played after 2021-04-30, when the schedule ended"}


def test_a_schedule_for_another_site_checks_nothing_here():
    schedule = RakeSchedule({}, RakeLevel(Decimal(5), ()), site="pokerstars")
    assert schedule.not_in_force("pokerstars", "USD", None) is None
    assert schedule.not_in_force("ggpoker", "USD", None) == "site not covered by the schedule"
    assert rake_terms((schedule,), "ggpoker", "USD", 10, False, "2020-01-01") == "site not covered by the schedule"


def test_validate_and_audit_agree_on_the_same_hands(tmp_path):
    """The same rules file, the same hands: validate's rake findings are the audit's violations, hand by
    hand (both ask rake_terms), over currencies, days, stakes and rake above, at and below the schedule."""
    hands = [
        hand(320000000031, rake=20),
        hand(320000000032, rake=10),
        hand(320000000033, rake=6),
        hand(320000000034, "EUR", rake=20),
        hand(320000000035, "play", rake=20),
        hand(320000000036, day="2019/12/31", rake=20),
        hand(320000000037, stakes=(25, 50), rake=100),
        hand(320000000038, stakes=(25, 50), rake=60),
    ]
    path = write(tmp_path, "mixed.txt", *hands)
    rules = tmp_path / "house.toml"
    rules.write_text(
        '[rake]\ncurrency = "USD"\nfrom = 2020-01-01\npercent = "4.5"\ncap = "1"\n'
        '[[rake.stakes]]\nbig_blind = "0.50"\npercent = "5"\ncap = "0.50"\n',
        encoding="utf-8",
    )
    from_validate = rake_codes(validate_codes([path], rules))
    from_audit = audit_codes(audit([str(path)], load_rules(rules), str(rules)))
    assert from_validate == from_audit
    # 4.5 % of $2.20 = 9.9¢ → 10¢: 20¢ above, 10¢ exact, 6¢ below; $0.25/$0.50: 5 % of $11 = 55¢, cap 50¢
    assert from_audit == {
        "320000000031": {"HH208"},
        "320000000033": {"HH212"},
        "320000000037": {"HH208"},
        "320000000038": {"HH208"},
    }


# -- item 4: the built-in PokerStars figures, each on the days it was in force -------------------------


def test_the_builtin_table_applies_from_2020_04_01_not_to_older_hands(tmp_path):
    hands = write(
        tmp_path,
        "stars.txt",
        hand(320000000041, day="2019/06/01"),
        hand(320000000042, day="2020/04/16"),
        hand(320000000043, day="2013/06/01", stakes=(50, 100), rake=200),
    )
    report = audit([str(hands)])
    # 4.5 % of $2.20 is 10¢ at $0.05/$0.10: the 2020 hand's 20¢ is above it
    assert audit_codes(report) == {"320000000042": {"HH208"}}
    assert unchecked(report) == {
        "320000000041": "played before 2020-04-01, when the schedule began",
        "320000000043": "played before 2020-04-01, when the schedule began",
    }
    assert "from 2020-04-01" in report["schedule"]["description"]


def test_the_three_lowest_stakes_changed_on_2024_04_02(tmp_path):
    hands = write(
        tmp_path,
        "stars.txt",
        hand(320000000051, day="2024/03/31"),
        hand(320000000052, day="2024/04/16"),
        hand(320000000053, day="2024/04/16", stakes=(25, 50), rake=100),
    )
    report = audit([str(hands)])
    # $0.25/$0.50 kept its figures (5 %, 3-4 players cap $1): 5 % of $11 = 55¢, the 100¢ taken is above
    assert audit_codes(report) == {"320000000051": {"HH208"}, "320000000053": {"HH208"}}
    assert unchecked(report) == {"320000000052": "played after 2024-04-01, when the schedule ended"}


def test_builtin_history_has_the_published_figures():
    figures = pokerstars_schedule()
    for era in pokerstars_history():
        assert era.site == "pokerstars" and era.currency == "USD" and era.valid_from is not None
        for key, level in era.levels.items():
            assert figures.levels[key] == level
    assert {k for era in pokerstars_history() for k in era.levels} == set(figures.levels)
    fixed = [era for era in pokerstars_history() if any(k[2] for k in era.levels)]
    assert [str(era.valid_from) for era in fixed] == ["2012-07-01"]
    assert rake_terms(pokerstars_history(), "pokerstars", "USD", 100, True, "2012-06-30") == (
        "played before 2012-07-01, when the schedule began"
    )
    assert rake_terms(pokerstars_history(), "pokerstars", "USD", 200, False, "2021-01-01") == (  # NL $1/$2
        "stakes not in the schedule"
    )
    assert rake_terms(pokerstars_history(), "pokerstars", "EUR", 10, False, "2021-01-01") == (
        "currency not covered by the schedule"
    )


@pytest.mark.parametrize(
    "rule", ["left_of_button", "first_winner_in_seat_order", "highest_seat_first", "from_big_blind", "site"]
)
def test_odd_chip_rules_a_file_may_set(rule):
    """S4: a file sets one odd-chip order for every site; without one (or with "site") each site's own."""
    assert rules_from_dict({"table": {"odd_chip": rule}}).odd_chip == rule
    assert rules_from_dict({}).odd_chip == "site" == RuleSet().odd_chip
