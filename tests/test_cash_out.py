"""All-in Cash Out in every printed form (issue #11, item 1).

PokerStars pays a player who cashes out of an all-in from outside the pot (`X cashed out the hand
for $N | Cash Out Fee $F`, or without the fee part when it rounds to nothing); the pot plays out,
and a share the cashed-out player's cards win stays with the room (`won ($X) … (pot not awarded as
player cashed out)`). The player ends with the chips kept behind plus the payment. Hand texts are
written here in the client's format (checked against the corpus' 2020–2025 cash-out files).
"""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest
from handkit import check, hand_text, hands_file, line_of, parse, problems, replace_line, validate_text
from typer.testing import CliRunner

from hhtool.audit import audit
from hhtool.audit.render import render
from hhtool.cli import app
from hhtool.dialects.pokerstars.rake import schedule as pokerstars_schedule
from hhtool.dialects.pokerstars.writer import format_seat_summary, render_hand
from hhtool.export.rows import Rows
from hhtool.export.run import export_paths
from hhtool.model import CashOut
from hhtool.rules.ruleset import RuleSet
from hhtool.stats import player_stats
from hhtool.tables import from_dataset
from hhtool.validate import validate_hand

RULES = RuleSet(rake=pokerstars_schedule())

# Anselm_Q cashes out for $0.19 (no fee printed) and loses the pot to birchmoor.
NO_FEE = hand_text("""
    PokerStars Hand #213500000101:  Hold'em No Limit ($0.01/$0.02 USD) - 2020/04/22 21:05:13 CET [2020/04/22 15:05:13 ET]
    Table 'Velox II' 6-max Seat #1 is the button
    Seat 1: Anselm_Q ($2 in chips)
    Seat 2: birchmoor ($1.20 in chips)
    Seat 4: Corvina ($2.50 in chips)
    birchmoor: posts small blind $0.01
    Corvina: posts big blind $0.02
    *** HOLE CARDS ***
    Anselm_Q: raises $0.04 to $0.06
    birchmoor: raises $1.14 to $1.20 and is all-in
    Corvina: folds
    Anselm_Q: calls $1.14
    *** FLOP *** [Kh 8s 2c]
    *** TURN *** [Kh 8s 2c] [5d]
    *** RIVER *** [Kh 8s 2c 5d] [Jc]
    *** SHOW DOWN ***
    birchmoor: shows [Ks Qh] (a pair of Kings)
    Anselm_Q: shows [Td Tc] (a pair of Tens)
    birchmoor collected $2.34 from pot
    Anselm_Q cashed out the hand for $0.19
    *** SUMMARY ***
    Total pot $2.42 | Rake $0.08
    Board [Kh 8s 2c 5d Jc]
    Seat 1: Anselm_Q (button) showed [Td Tc] and lost with a pair of Tens (cashed out)
    Seat 2: birchmoor (small blind) showed [Ks Qh] and won ($2.34) with a pair of Kings
    Seat 4: Corvina (big blind) folded before Flop
""")

# The next hand at the table: Anselm_Q sits with $0.80 kept behind + $0.19 paid.
NEXT = hand_text("""
    PokerStars Hand #213500000187:  Hold'em No Limit ($0.01/$0.02 USD) - 2020/04/22 21:06:02 CET [2020/04/22 15:06:02 ET]
    Table 'Velox II' 6-max Seat #2 is the button
    Seat 1: Anselm_Q ($0.99 in chips)
    Seat 2: birchmoor ($2.34 in chips)
    Seat 4: Corvina ($2.48 in chips)
    Corvina: posts small blind $0.01
    Anselm_Q: posts big blind $0.02
    *** HOLE CARDS ***
    birchmoor: folds
    Corvina: folds
    Uncalled bet ($0.01) returned to Anselm_Q
    Anselm_Q collected $0.02 from pot
    Anselm_Q: doesn't show hand
    *** SUMMARY ***
    Total pot $0.02 | Rake $0
    Seat 1: Anselm_Q (big blind) collected ($0.02)
    Seat 2: birchmoor (button) folded before Flop (didn't bet)
    Seat 4: Corvina (small blind) folded before Flop
""")

# Dunmore cashes out for $3.25 (fee $0.03) and his cards win the whole pot: nobody collects, the room
# keeps the $3.87 (pot $4.01 less rake $0.14).
NOT_AWARDED = hand_text("""
    PokerStars Hand #213500000342:  Hold'em No Limit ($0.01/$0.02 USD) - 2020/04/23 1:12:40 CET [2020/04/22 19:12:40 ET]
    Table 'Pellucid III' 6-max Seat #3 is the button
    Seat 1: Dunmore ($2 in chips)
    Seat 3: Esk_Valley ($3.10 in chips)
    Seat 5: Fenwick.R ($2.20 in chips)
    Fenwick.R: posts small blind $0.01
    Dunmore: posts big blind $0.02
    *** HOLE CARDS ***
    Esk_Valley: raises $0.04 to $0.06
    Fenwick.R: folds
    Dunmore: raises $1.94 to $2 and is all-in
    Esk_Valley: calls $1.94
    *** FLOP *** [Qc 7h 4s]
    *** TURN *** [Qc 7h 4s] [4d]
    *** RIVER *** [Qc 7h 4s 4d] [2h]
    *** SHOW DOWN ***
    Dunmore: shows [Qd 8d] (two pair, Queens and Fours)
    Esk_Valley: shows [Ac Jh] (a pair of Fours)
    Dunmore cashed out the hand for $3.25 | Cash Out Fee $0.03
    *** SUMMARY ***
    Total pot $4.01 | Rake $0.14
    Board [Qc 7h 4s 4d 2h]
    Seat 1: Dunmore (big blind) showed [Qd 8d] and won ($3.87) with two pair, Queens and Fours (pot not awarded as player cashed out)
    Seat 3: Esk_Valley (button) showed [Ac Jh] and lost with a pair of Fours
    Seat 5: Fenwick.R (small blind) folded before Flop
""")
NOT_AWARDED_SEAT = (
    "Seat 1: Dunmore (big blind) showed [Qd 8d] and won ($3.87) with two pair, Queens and Fours "
    "(pot not awarded as player cashed out)"
)

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def replayed(text: str):
    result = parse(text)
    assert result.hand is not None, problems(result.findings)
    return validate_hand(result.hand, RULES)


def seat_rows(text: str) -> dict[str, dict]:
    """The export's seats rows of one hand, by player."""
    (result,), _ = validate_text(text, RULES)
    rows = Rows()
    rows.add_result(result)
    columns = rows.columns_of("seats")
    return {row["player"]: row for row in (dict(zip(columns, values)) for values in zip(*columns.values()))}


# -- 1. the cash-out line without its fee part -----------------------------------------------------
def test_cash_out_without_a_fee_is_read_and_the_hand_is_valid():
    result = parse(NO_FEE)
    assert result.hand is not None, problems(result.findings)  # was HH010: the hand was lost
    assert [e for e in result.hand.events if type(e) is CashOut] == [
        CashOut(line_of(NO_FEE, "Anselm_Q cashed out the hand for $0.19"), "Anselm_Q", 19, None)
    ]
    assert check(NO_FEE, RULES).findings == []
    # and with the fee printed, the fee is read
    with_fee = replace_line(
        NO_FEE, "Anselm_Q cashed out the hand for $0.19", "Anselm_Q cashed out the hand for $0.18 | Cash Out Fee $0.01"
    )
    fees = [(e.amount, e.fee) for e in parse(with_fee).hand.events if type(e) is CashOut]
    assert fees == [(18, 1)]


def test_cash_out_forms_render_back_as_written():
    for text in (NO_FEE, NOT_AWARDED):
        hand = parse(text).hand
        assert render_hand(hand) == text
        for seat in hand.claims.seats:  # composed from the fields, the line is the client's too
            assert format_seat_summary(msgspec.structs.replace(seat, text=""), hand.header) == seat.text


def test_the_next_hand_s_stack_check_counts_the_cash_out_payment():
    results, _ = validate_text(hands_file(NO_FEE, NEXT), RULES)
    assert [r.status for r in results] == ["valid", "valid"], problems(f for r in results for f in r.findings)
    # started with the chips kept behind only, as if the room had not paid: HH410 on that seat line
    short = replace_line(NEXT, "Seat 1: Anselm_Q ($0.99 in chips)", "Seat 1: Anselm_Q ($0.80 in chips)")
    results, _ = validate_text(hands_file(NO_FEE, short), RULES)
    found = [f for f in results[1].findings if f.code == "HH410"]
    assert [(f.line, f.expected, f.actual) for f in found] == [
        (len(NO_FEE.splitlines()) + 3 + line_of(NEXT, "Seat 1: Anselm_Q ($0.99 in chips)"), "99", "80")
    ]


# -- 2. "pot not awarded as player cashed out" ----------------------------------------------------
def test_a_cashed_out_winner_s_share_stays_with_the_room():
    assert check(NOT_AWARDED, RULES).findings == []  # no collected line, yet no HH205/HH206/HH210
    state = replayed(NOT_AWARDED)
    assert state.cash_out_kept == {"Dunmore": 387}


def test_a_split_with_a_cashed_out_half_keeps_only_that_half():
    state = replayed((SAMPLES / "nl-cash-cash-out-pot-not-awarded.txt").read_text(encoding="utf-8"))
    assert state.findings == []
    assert state.cash_out_kept == {"Tamsin.Rook": 480} and state.collected_by() == {"brackenhall": 480}


def test_the_share_printed_for_a_cashed_out_winner_must_be_the_share_by_the_cards():
    wrong = replace_line(NOT_AWARDED, NOT_AWARDED_SEAT, NOT_AWARDED_SEAT.replace("($3.87)", "($3.90)"))
    found = check(wrong, RULES).findings
    assert [(f.code, f.line, f.expected, f.actual) for f in found] == [
        ("HH210", line_of(wrong, NOT_AWARDED_SEAT.replace("($3.87)", "($3.90)")), "387", "390")
    ]
    # a seat line that says the cashed-out player lost, when the cards give him the pot
    lost = replace_line(
        NOT_AWARDED,
        NOT_AWARDED_SEAT,
        "Seat 1: Dunmore (big blind) showed [Qd 8d] and lost with two pair, Queens and Fours (cashed out)",
    )
    assert [(f.code, f.expected, f.actual) for f in check(lost, RULES).findings] == [("HH210", "387", "0")]


def test_the_loser_collecting_a_cashed_out_winner_s_pot_is_a_payout_error():
    paid = replace_line(
        NOT_AWARDED,
        "Dunmore cashed out the hand for $3.25 | Cash Out Fee $0.03",
        ["Esk_Valley collected $3.87 from pot", "Dunmore cashed out the hand for $3.25 | Cash Out Fee $0.03"],
    )
    codes = {f.code for f in check(paid, RULES).findings}
    assert "HH303" in codes and "HH206" in codes


# -- 3. final stack and net of a cashed-out player ------------------------------------------------
def test_final_stack_is_the_chips_kept_behind_plus_the_payment():
    rows = seat_rows(NO_FEE)
    anselm = rows["Anselm_Q"]
    assert (
        anselm["starting_stack"],
        anselm["contributed"],
        anselm["collected"],
        anselm["final_stack"],
        anselm["net"],
    ) == (200, 120, 0, 80 + 19, 19 - 120)
    assert (anselm["cash_out"], anselm["cash_out_fee"], anselm["cash_out_kept"]) == (19, 0, 0)
    assert rows["birchmoor"]["final_stack"] == 234 and rows["birchmoor"]["cash_out"] == 0
    dunmore = seat_rows(NOT_AWARDED)["Dunmore"]
    assert (dunmore["final_stack"], dunmore["net"], dunmore["collected"]) == (325, 325 - 200, 0)
    assert (dunmore["cash_out"], dunmore["cash_out_fee"], dunmore["cash_out_kept"]) == (325, 3, 387)


@pytest.fixture(scope="module")
def cash_out_folder(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("cash-outs")
    (folder / "velox.txt").write_text(hands_file(NO_FEE, NEXT), encoding="utf-8")
    (folder / "pellucid.txt").write_text(hands_file(NOT_AWARDED), encoding="utf-8")
    for name in ("nl-cash-all-in-cash-out.txt", "nl-cash-cash-out-no-fee.txt", "nl-cash-cash-out-pot-not-awarded.txt"):
        (folder / name).write_text((SAMPLES / name).read_text(encoding="utf-8"), encoding="utf-8")
    return folder


def test_stats_of_a_cashed_out_player_include_what_the_room_paid(cash_out_folder, tmp_path):
    out = tmp_path / "ds"
    export_paths([cash_out_folder / "velox.txt", cash_out_folder / "pellucid.txt"], out)
    rows = {r["player"]: r for r in player_stats(from_dataset(out, ("hands", "seats", "actions"))).to_dict("records")}
    # Anselm_Q: -$1.20 + $0.19 paid in the first hand, +$0.01 in the walk
    assert rows["Anselm_Q"]["net_won"] == -120 + 19 + 1
    assert rows["Anselm_Q"]["bb_per_100"] == round((-100 / 2) * 100 / 2, 2)
    assert rows["Dunmore"]["net_won"] == 325 - 200  # paid $3.25, put in $2
    assert rows["Esk_Valley"]["net_won"] == -200


# -- 4. the audit ---------------------------------------------------------------------------------
def test_audit_of_clean_cash_out_hands_balances_and_reports_the_cash_out_money(cash_out_folder):
    result = CliRunner().invoke(app, ["audit", str(cash_out_folder), "--format", "json"])
    assert result.exit_code == 0, result.stdout
    summary = json.loads(result.stdout)["summary"]
    assert (summary["hands_out_of_balance"], summary["payout_mismatches"], summary["errors"]) == (0, 0, 0)
    assert summary["cash_out_hands"] == 5
    # paid: $0.19 + $3.25 + $94.09 + $0.16 + $4.98; fees: $0.03 + $1.92 + $0.05; kept: $3.87 + $4.80
    assert summary["cash_out_by_currency"] == {"USD": 19 + 325 + 9409 + 16 + 498}
    assert summary["cash_out_fees_by_currency"] == {"USD": 3 + 192 + 5}
    assert summary["cash_out_kept_by_currency"] == {"USD": 387 + 480}
    text = CliRunner().invoke(app, ["audit", str(cash_out_folder)]).stdout
    assert "All-in cash outs: 5 hands; paid $102.67, fees $2, pot shares kept $8.67 USD" in text
    page = render(audit([cash_out_folder], RULES), "html")
    assert "paid for all-in cash outs in 5 hands (fees $2; pot shares kept $8.67)" in page


def test_audit_flags_a_cash_out_hand_whose_pot_was_also_paid(tmp_path):
    paid_twice = replace_line(
        NOT_AWARDED,
        "Dunmore cashed out the hand for $3.25 | Cash Out Fee $0.03",
        ["Esk_Valley collected $3.87 from pot", "Dunmore cashed out the hand for $3.25 | Cash Out Fee $0.03"],
    )
    (tmp_path / "hand.txt").write_text(paid_twice, encoding="utf-8")
    report = audit([tmp_path / "hand.txt"], RULES)
    assert [(h["hand_id"], h["difference"]) for h in report["conservation"]["by_hand"]] == [("213500000342", -387)]
    assert CliRunner().invoke(app, ["audit", str(tmp_path / "hand.txt")]).exit_code == 1
