"""OHH input (hhtool.dialects.ohh): hands in the shape of the spec's examples (hh-specs.handhistory.org 1.4.x,
pretty-printed, written here for these tests), hhtool's own `convert --to ohh` read back, and the near misses
(HH049, HH020)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from clikit import run

from hhtool.findings import Finding
from hhtool.model import Collect, Fold, RaiseTo, Show, StreetStart
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


def test_a_stud_hand_is_unsupported_not_an_error(tmp_path):
    (result,) = _results(_write(tmp_path, _hand(game_type="StudHiLo")))
    assert result.status == "unsupported" and result.findings[0].code == "HH020"


def test_omaha_hi_lo_s_hole_cards_say_four_or_five(tmp_path):
    """OHH's `OmahaHiLo` game_type: eight-or-better Omaha of the cards dealt (4, or 5: the hi/lo games hhtool
    knows; 6 is read as 5-card hi/lo, whose hole-card count the rules then find broken)."""
    games = []
    for cards in (4, 5):
        hand = _omaha(tmp_path, cards)
        hand["ohh"]["game_type"] = "OmahaHiLo"
        (result,) = _results(_write(tmp_path, hand))
        assert result.status == "valid", [f.message for f in result.findings]
        games.append(result.hand.header.game)
    assert games == ["omaha_hilo", "omaha5_hilo"]


def _omaha(tmp_path: Path, cards: int, **change) -> dict:
    """The spec-shaped hand as Omaha, its hero dealt `cards` cards."""
    hand = _hand(game_type="Omaha", bet_limit={"bet_cap": 0.00, "bet_type": "PL"}, **change)
    hand["ohh"]["rounds"][0]["actions"][2]["cards"] = ["Ah", "Kd", "Qc", "Js", "Tc", "9d", "8d"][:cards]
    return hand


def test_omaha_s_hole_cards_say_four_five_or_six(tmp_path):
    """OHH's one `Omaha` game_type: the cards dealt say which Omaha (hhtool.dialects.ohh.game_of)."""
    games = []
    for cards in (4, 5, 6):
        (result,) = _results(_write(tmp_path, _omaha(tmp_path, cards)))
        assert result.status == "valid", [f.message for f in result.findings]
        games.append(result.hand.header.game)
    assert games == ["omaha", "omaha5", "omaha6"]
    (seven,) = _results(_write(tmp_path, _omaha(tmp_path, 7)))  # more than any Omaha deals: read, and flagged
    assert seven.hand.header.game == "omaha6" and seven.status == "invalid"


_PLO5 = """PokerStars Hand #300000000201:  5 Card Omaha Pot Limit ($0.05/$0.10 USD) - 2024/01/05 20:00:00 ET
Table 'Test PLO5' 6-max Seat #1 is the button
Seat 1: Alice ($10 in chips)
Seat 2: Bob ($10 in chips)
Seat 3: Carol ($10 in chips)
Bob: posts small blind $0.05
Carol: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Alice [Ah Qh 7h Jc 8s]
Alice: raises $0.25 to $0.35
Bob: folds
Carol: calls $0.25
*** FLOP *** [Th 5h 2c]
Carol: checks
Alice: bets $0.75
Carol: calls $0.75
*** TURN *** [Th 5h 2c] [9s]
Carol: checks
Alice: checks
*** RIVER *** [Th 5h 2c 9s] [3d]
Carol: checks
Alice: checks
*** SHOW DOWN ***
Carol: shows [6d 4d Kc Ks 2s] (a straight, Deuce to Six)
Alice: shows [Ah Qh 7h Jc 8s] (high card Ace)
Carol collected $2.15 from pot
*** SUMMARY ***
Total pot $2.25 | Rake $0.10
Board [Th 5h 2c 9s 3d]
Seat 1: Alice (button) showed [Ah Qh 7h Jc 8s] and lost with high card Ace
Seat 2: Bob (small blind) folded before Flop
Seat 3: Carol (big blind) showed [6d 4d Kc Ks 2s] and won ($2.15) with a straight, Deuce to Six
"""


def test_an_omaha_hand_converted_to_ohh_reads_back_as_the_same_hand(tmp_path):
    """A 5-card Omaha hand of PokerStars' as OHH (`game_type` Omaha, five cards dealt and shown) and back."""
    from hhtool.interchange import targets

    source = tmp_path / "plo5.txt"
    source.write_text(_PLO5, encoding="utf-8")
    (original,) = _results(source)
    assert original.status == "valid", [f.message for f in original.findings]
    text = targets()["ohh"].render(original.hand, original.state)
    ohh = json.loads(text)["ohh"]
    assert ohh["game_type"] == "Omaha" and ohh["bet_limit"]["bet_type"] == "PL"
    assert ohh["rounds"][0]["actions"][2]["cards"] == ["Ah", "Qh", "7h", "Jc", "8s"]
    back_path = tmp_path / "plo5.ohh"
    back_path.write_text(text + "\n", encoding="utf-8")
    (back,) = _results(back_path)
    assert back.status == "valid", [f.message for f in back.findings]
    assert back.hand.header.game == "omaha5" and back.hand.header.limit == original.hand.header.limit
    assert back.state.final_stacks() == original.state.final_stacks()
    shows = {e.player: e.cards for e in back.hand.events if type(e) is Show}
    assert shows == {e.player: e.cards for e in original.hand.events if type(e) is Show}


def test_a_five_card_omaha_hand_showing_no_cards_is_not_written(tmp_path):
    """OHH's `Omaha` names no hole-card count: with no cards to count, a 5-card hand would read back as 4."""
    from hhtool.interchange import CannotSay, targets

    folded = "\n".join(
        line
        for line in _PLO5.replace("Dealt to Alice [Ah Qh 7h Jc 8s]\n", "").splitlines()
        if "shows" not in line and "showed" not in line
    )
    source = tmp_path / "plo5.txt"
    source.write_text(folded + "\n", encoding="utf-8")
    (original,) = _results(source)
    assert original.hand.header.game == "omaha5"
    with pytest.raises(CannotSay, match="no hole-card count"):
        targets()["ohh"].render(original.hand, original.state)


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


def test_omaha_hi_lo_hands_converted_to_ohh_read_back_as_the_same_hands(tmp_path):
    """Generated PokerStars Omaha Hi/Lo and 5 Card Omaha Hi/Lo hands (split, quartered, no-low pots) as OHH
    (`game_type` OmahaHiLo) and back: the same game, valid, with the same final stacks."""
    from hhtool.generate import write_hands
    from hhtool.interchange import CannotSay, targets

    written = 0
    for variant in ("omaha_hilo", "omaha5_hilo"):
        source = tmp_path / f"{variant}.txt"
        write_hands(source, 40, 6, "mix", players=(3, 6), variant=variant)
        texts, originals = [], []
        for original in _results(source):
            assert original.status == "valid", [f.message for f in original.findings]
            try:
                texts.append(targets()["ohh"].render(original.hand, original.state))
            except CannotSay:  # a 5-card hand that shows no cards would read back as 4-card hi/lo
                continue
            originals.append(original)
        assert {json.loads(text)["ohh"]["game_type"] for text in texts} == {"OmahaHiLo"}
        back_path = tmp_path / f"{variant}.ohh"
        back_path.write_text("\n\n".join(texts) + "\n", encoding="utf-8")
        back = _results(back_path)
        assert [r.hand.header.game for r in back] == [variant] * len(originals)
        for result, original in zip(back, originals):
            assert result.status == "valid", [f.message for f in result.findings]
            assert result.state.final_stacks() == original.state.final_stacks()
        written += len(back)
    assert written > 60
