"""OHH input (hhtool.dialects.ohh): hands in the shape of the spec's examples (hh-specs.handhistory.org 1.4.x,
pretty-printed, written here for these tests), hhtool's own `convert --to ohh` read back, and the near misses
(HH049, HH020)."""

from __future__ import annotations

import json
from pathlib import Path

from clikit import run

from hhtool.findings import Finding
from hhtool.model import Collect, Fold, RaiseTo, StreetStart
from hhtool.validate import validate_paths

SAMPLES = Path(__file__).parent.parent / "samples"


def _hand(**change) -> dict:
    """A 3-handed $0.05/$0.10 hand as the spec's examples print one: the button raises, the small blind
    re-raises, the button calls; the small blind bets the flop and the button folds (the bet comes back)."""
    ohh = {
        "spec_version": "1.4.6",
        "internal_version": "1.0",
        "network_name": "Example Network",
        "site_name": "Example",
        "game_type": "Holdem",
        "table_name": "Wren",
        "table_size": "6",
        "game_number": "4400001",
        "start_date_utc": "2021-05-01T18:00:00",
        "currency": "USD",
        "ante_amount": 0.00,
        "small_blind_amount": 0.05,
        "big_blind_amount": 0.10,
        "bet_limit": {"bet_cap": 0.00, "bet_type": "NL"},
        "hero_player_id": 0,
        "dealer_seat": 4,
        "players": [
            {"name": "Ada", "id": 0, "player_bounty": 0, "starting_stack": 10.00, "seat": 1},
            {"name": "Ben", "id": 1, "player_bounty": 0, "starting_stack": 8.50, "seat": 2},
            {"name": "Cy", "id": 2, "player_bounty": 0, "starting_stack": 12.00, "seat": 4},
        ],
        "rounds": [
            {
                "id": 0,
                "cards": "",
                "street": "Preflop",
                "actions": [
                    {"action_number": 1, "player_id": 0, "action": "Post SB", "amount": 0.05},
                    {"action_number": 2, "player_id": 1, "action": "Post BB", "amount": 0.10},
                    {"action_number": 3, "player_id": 0, "action": "Dealt Cards", "cards": ["Ah", "Kd"]},
                    {"action_number": 4, "player_id": 2, "action": "Raise", "amount": 0.30},
                    # the re-raise to $1.00: the $0.95 the small blind put in with it (the spec's action page)
                    {"action_number": 5, "player_id": 0, "action": "Raise", "amount": 0.95},
                    {"action_number": 6, "player_id": 1, "action": "Fold"},
                    {"action_number": 7, "player_id": 2, "action": "Call", "amount": 0.70},
                ],
            },
            {
                "id": 1,
                "cards": ["Qs", "7c", "2h"],
                "street": "Flop",
                "actions": [
                    {"action_number": 8, "player_id": 0, "action": "Bet", "amount": 1.50},
                    {"action_number": 9, "player_id": 2, "action": "Fold"},
                ],
            },
        ],
        "pots": [
            {
                "number": 0,
                "amount": 2.10,
                "rake": 0.10,
                "jackpot": 0.00,
                "player_wins": [{"player_id": 0, "win_amount": 2.00}],
            }
        ],
    }
    ohh.update(change)
    return {"ohh": ohh}


def _write(tmp_path: Path, *hands: dict) -> Path:
    path = tmp_path / "hands.ohh"
    path.write_text("\n\n".join(json.dumps(h, indent=4, default=str) for h in hands) + "\n", encoding="utf-8")
    return path


def _results(path: Path) -> list:
    return [r for r in validate_paths([path]) if not isinstance(r, Finding)]


def test_a_hand_in_the_spec_s_shape_is_read_and_valid(tmp_path):
    (result,) = _results(_write(tmp_path, _hand()))
    assert result.site == "ohh" and result.status == "valid", [f.message for f in result.findings]
    hand = result.hand
    assert hand.header.scale == 100 and hand.header.big_blind == 10 and hand.header.max_seats == 6
    assert hand.header.button_seat == 4 and hand.header.time_utc is not None
    assert [s.stack for s in hand.seats] == [1000, 850, 1200]
    raises = [e.raise_to for e in hand.events if type(e) is RaiseTo]
    assert raises == [30, 100]  # the chips put in, summed into the street totals
    assert [e.board for e in hand.events if type(e) is StreetStart][-1] == ("Qs", "7c", "2h")
    assert [(e.player, e.amount) for e in hand.events if type(e) is Collect] == [("Ada", 200)]
    assert hand.claims.rake == 10
    final = result.state.final_stacks()
    assert final == {"Ada": 1000 - 100 + 200, "Ben": 840, "Cy": 1100}


def test_a_raise_read_as_its_street_total_is_a_near_miss(tmp_path):
    """The spec's raise amount is what the action put in: a file that writes the total raised to instead
    (1.00 for the re-raise) has the small blind put in $0.05 more than the call, and says so."""
    hand = _hand()
    hand["ohh"]["rounds"][0]["actions"][4]["amount"] = 1.00
    (result,) = _results(_write(tmp_path, hand))
    assert result.status == "invalid"


def test_several_hands_a_blank_line_between_each_is_a_hand(tmp_path):
    second = _hand(game_number="4400002")
    results = _results(_write(tmp_path, _hand(), second))
    assert [r.hand_id for r in results] == ["4400001", "4400002"]


def test_json_that_does_not_read_is_hh049_and_the_next_hand_goes_on(tmp_path):
    path = tmp_path / "bad.ohh"
    good = json.dumps(_hand(game_number="4400003"), default=str)
    path.write_text('{"ohh": {"game_number": "4400009", "players": [\n\n' + good + "\n", encoding="utf-8")
    results = _results(path)
    first = results[0]
    assert first.status == "unparsed" and first.findings[0].code == "HH049"
    assert results[-1].hand_id == "4400003" and results[-1].status == "valid"


def test_json_nested_past_the_limit_is_hh049_at_the_bracket_never_a_recursion_error(tmp_path):
    """msgspec recurses once a level (the long fuzz's crashers: HH099 RecursionError); 32 levels read,
    33 are HH049 at the 33rd bracket, and a bracket inside a string is no level."""
    from hhtool.io.limits import MAX_JSON_DEPTH, json_too_deep

    deep = '{"ohh": {"game_number": "4400010", "x": ' + "[" * 5000 + "]" * 5000 + "}}"
    path = tmp_path / "deep.ohh"
    path.write_text(deep + "\n\n" + json.dumps(_hand(game_number="4400003"), default=str) + "\n", encoding="utf-8")
    results = _results(path)
    found = results[0].findings[0]
    assert (results[0].status, found.code, found.line) == ("unparsed", "HH049", 1)
    assert found.column == deep.index("[") + MAX_JSON_DEPTH - 2 + 1  # the objects are 2 of the 33 levels
    assert results[-1].hand_id == "4400003" and results[-1].status == "valid"
    assert json_too_deep("[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH) is None
    assert json_too_deep('["' + "[" * 100 + '"]') is None


def test_an_action_the_spec_does_not_name_is_hh049(tmp_path):
    hand = _hand()
    hand["ohh"]["rounds"][1]["actions"][0]["action"] = "Shove"
    (result,) = _results(_write(tmp_path, hand))
    assert result.status == "unparsed" and result.findings[0].code == "HH049"
    assert "Shove" in result.findings[0].actual


def test_a_player_id_no_player_has_is_hh049(tmp_path):
    hand = _hand()
    hand["ohh"]["rounds"][1]["actions"][1]["player_id"] = 7
    (result,) = _results(_write(tmp_path, hand))
    assert result.status == "unparsed" and result.findings[0].code == "HH049"


def test_an_omaha_hand_is_unsupported_not_an_error(tmp_path):
    (result,) = _results(_write(tmp_path, _hand(game_type="Omaha")))
    assert result.status == "unsupported" and result.findings[0].code == "HH020"


def test_an_amount_finer_than_six_decimals_is_hh012(tmp_path):
    hand = _hand()
    hand["ohh"]["players"][0]["starting_stack"] = 10.0000001  # json writes 10.0000001
    (result,) = _results(_write(tmp_path, hand))
    assert result.status == "unparsed" and result.findings[0].code == "HH012"


def test_hhtool_reads_its_own_ohh_back_to_the_same_hands(tmp_path):
    """`convert --to ohh` of the samples, validated again: every hand written is read, valid as its source
    was, with the same final stacks (the read-back check behind each conversion, here from the files)."""
    out = tmp_path / "out"
    run("convert", str(SAMPLES), "--to", "ohh", "--out", str(out), "--quiet")
    sources = {r.hand_id: r for r in _results(SAMPLES) if r.hand is not None and r.status in ("valid", "invalid")}
    back = _results(out)
    assert len(back) > 50
    for result in back:
        assert result.site == "ohh" and result.status != "unparsed", (result.file, result.findings[:1])
        source = sources[result.hand_id]
        assert result.state.final_stacks() == source.state.final_stacks(), result.hand_id
        assert result.status == source.status, result.hand_id


def test_a_folded_player_keeps_his_fold_and_no_show(tmp_path):
    (result,) = _results(_write(tmp_path, _hand()))
    assert [e.player for e in result.hand.events if type(e) is Fold] == ["Ben", "Cy"]
