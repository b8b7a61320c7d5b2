"""Tournament results (`hhtool stats --tournaments`): the PokerStars summary reader, results from the
hands, the ROI per currency against a count made here, and the CLI. The summaries and hands are written
here in the shape of the real ones (fpdb-3's tournament-summaries/ and tournament-holdem/ files)."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest
from clikit import run

from hhtool.dialects.fulltilt.summary import read_summary as read_tilt
from hhtool.dialects.pokerstars.summary import entry_fee, read_summary
from hhtool.stats.people import Hero
from hhtool.stats.tournaments import tournament_results


def summary(tid: str, buy_in: str, players: int, placings: list[str], you: str | None = None, head: str = "") -> str:
    lines = [
        *([head, "", ""] if head else []),
        f"PokerStars Tournament #{tid}, No Limit Hold'em",
        f"Buy-In: {buy_in}",
        f"{players} players",
        "Total Prize Pool: $20.00 USD ",
        "Tournament started 2021/03/01 20:00:00 ET",
        "Tournament finished 2021/03/01 21:10:00 ET",
        *placings,
        "",
        *([you] if you else []),
        "",
    ]
    return "\n".join(lines) + "\n"


HU_WIN = summary(
    "700001",
    "$10.00/$0.50 USD",
    2,
    [" 1: Kestrel (Perth), $20.00 (100%)", " 2: v.v.75 (Россия),"],
    "You finished in 1st place.",
    head="Tournament History for your last 1 tournament requested by Kestrel (kestrel@example.com)",
)
OUT = summary(
    "700002",
    "$0.50/$0.05 USD",
    44,
    ["  1: Warwick (United Kingdom), still playing", "  38: Kestrel (United Kingdom), ", "  39: tando (Australia), "],
    "You finished in 38th place (eliminated at hand #65113060125).",
)
REENTRY = summary(
    "700003",
    "$5.00/$0.50 USD",
    30,
    ["  1: Osprey (India), $60.00 (50%)", "  3: Kestrel [2] (India), $12.00 (10%)", "  20: Kestrel (India), "],
)
EURO = summary("700004", "€2.00/€0.20 EUR", 6, ["  1: Kestrel (Malta), €10.00 (100%)", "  2: Rook (Malta), "])


def hand(hid: int, tid: str, fee: str, body: str) -> str:
    return (
        f"PokerStars Hand #{hid}: Tournament #{tid}, {fee} Hold'em No Limit - Level III (25/50) - "
        f"2021/03/01 20:{hid % 60:02d}:00 ET\n{body}\n\n\n"
    )


# Kestrel busts heads-up: 2nd, paid $13.50 for a $4.60+$0.40 entry
BUST_2ND = hand(
    230000000001,
    "5550001",
    "$4.60+$0.40 USD",
    """Table '5550001 1' 9-max Seat #1 is the button
Seat 1: Kestrel (1500 in chips)
Seat 2: Brightwater (12000 in chips)
Kestrel: posts small blind 25
Brightwater: posts big blind 50
*** HOLE CARDS ***
Dealt to Kestrel [Ah Kd]
Kestrel: raises 1450 to 1500 and is all-in
Brightwater: calls 1450
*** FLOP *** [2c 7d 9s]
*** TURN *** [2c 7d 9s] [Js]
*** RIVER *** [2c 7d 9s Js] [3h]
*** SHOW DOWN ***
Brightwater: shows [Qc Qd] (a pair of Queens)
Kestrel: shows [Ah Kd] (high card Ace)
Brightwater collected 3000 from pot
Kestrel finished the tournament in 2nd place and received $13.50.
Brightwater wins the tournament and receives $18.00 - congratulations!
*** SUMMARY ***
Total pot 3000 | Rake 0
Board [2c 7d 9s Js 3h]
Seat 1: Kestrel (button) (small blind) showed [Ah Kd] and lost with high card Ace
Seat 2: Brightwater (big blind) showed [Qc Qd] and won (3000) with a pair of Queens""",
)


def _ko_hand(hid: int, winner: str, loser: str, finish: str) -> str:
    return hand(
        hid,
        "5550002",
        "$1.25+$0.25+$0.15 USD",
        f"""Table '5550002 3' 9-max Seat #1 is the button
Seat 1: {winner} (3000 in chips, $0.25 bounty)
Seat 2: {loser} (1000 in chips, $0.25 bounty)
{winner}: posts small blind 25
{loser}: posts big blind 50
*** HOLE CARDS ***
Dealt to Kestrel [Ah Ad]
{winner}: raises 950 to 1000
{loser}: calls 950 and is all-in
*** FLOP *** [2c 7d 9s]
*** TURN *** [2c 7d 9s] [Js]
*** RIVER *** [2c 7d 9s Js] [3h]
*** SHOW DOWN ***
{winner}: shows [Kh Kc] (a pair of Kings)
{loser}: shows [8h 8c] (a pair of Eights)
{winner} collected 2000 from pot
{finish}
*** SUMMARY ***
Total pot 2000 | Rake 0
Board [2c 7d 9s Js 3h]
Seat 1: {winner} (button) (small blind) showed [Kh Kc] and won (2000) with a pair of Kings
Seat 2: {loser} (big blind) showed [8h 8c] and lost with a pair of Eights""",
    )


# Kestrel knocks Corvina out ($0.25 bounty), then busts in 40th with no prize
KO_THEN_OUT = _ko_hand(
    230000000002,
    "Kestrel",
    "Corvina",
    "Kestrel wins the $0.25 bounty for eliminating Corvina\nCorvina finished the tournament in 90th place",
).replace("Kh Kc", "Ah Ad").replace("Kings", "Aces") + _ko_hand(
    230000000003, "Hadrian", "Kestrel", "Kestrel finished the tournament in 40th place"
).replace("Dealt to Kestrel [Ah Ad]", "Dealt to Kestrel [8h 8c]")


@pytest.fixture()
def files(tmp_path):
    for name, text in {
        "hu.txt": HU_WIN,
        "out.txt": OUT,
        "reentry.txt": REENTRY,
        "euro.txt": EURO,
        "bust.txt": BUST_2ND,
        "ko.txt": KO_THEN_OUT,
    }.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


# -- the summary reader ----------------------------------------------------------------------------


def test_a_summary_gives_buy_in_fee_entrants_and_the_heros_finish_and_prize():
    (hu,), found = read_summary(HU_WIN, "hu.txt")
    assert found == []
    assert (hu.tournament_id, hu.line, hu.currency, hu.buy_in, hu.fee, hu.entrants) == ("700001", 4, "USD", 1000, 50, 2)
    assert (hu.prize_pool, hu.hero, hu.finish, hu.prize) == (2000, "Kestrel", 1, 2000)
    assert [(p.place, p.player, p.prize) for p in hu.placings] == [(1, "Kestrel", 2000), (2, "v.v.75", None)]
    (out,), _ = read_summary(OUT, "out.txt")
    assert (out.hero, out.finish, out.prize) == ("Kestrel", 38, 0)  # `You finished in 38th place`: out of the money
    assert out.placings[0].still_playing


def test_a_broken_summary_line_is_a_finding_and_the_rest_still_counts():
    broken = HU_WIN.replace("Buy-In: $10.00/$0.50 USD", "Buy-In: $1O.00/$0.50 USD").replace(
        " 2: v.v.75 (Россия),", " 2: v.v.75 (Россия),\nTournament prize: lots of it"
    )
    (hu,), found = read_summary(broken, "broken.txt")
    assert [(f.code, f.line) for f in found] == [("HH008", 5), ("HH008", 12)]
    assert found[0].actual == "Buy-In: $1O.00/$0.50 USD" and "expected a buy-in" in found[0].message
    assert hu.buy_in is None and hu.entrants == 2 and (hu.finish, hu.prize) == (1, 2000)


def test_amounts_with_more_decimals_than_their_currency_are_findings():
    _, found = read_summary(HU_WIN.replace("$10.00/$0.50", "$10.005/$0.50"), "x.txt")
    assert [f.code for f in found] == ["HH008"] and "more decimals" in found[0].message


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("$4.60+$0.40 USD", (460, None, 40, "USD")),
        ("$1.25+$0.25+$0.15 USD", (125, 25, 15, "USD")),
        ("₹136.50+₹13.50 INR", (13650, None, 1350, "INR")),
        ("250 SC", (25000, None, 0, "SC")),
        ("2000+110", (2000, None, 110, "chips")),
        ("Freeroll", (0, None, 0, None)),
        ("Sunday Special", None),
    ],
)
def test_a_hand_headers_buy_in(text, expected):
    assert entry_fee(text) == expected


# -- results ---------------------------------------------------------------------------------------


def test_results_from_the_hands_finish_prize_and_bounty(files):
    rows, _, found = tournament_results([files / "bust.txt", files / "ko.txt"])
    assert found == []
    by_id = {r.tournament_id: r for r in rows}
    bust, ko = by_id["5550001"], by_id["5550002"]
    assert (bust.source, bust.hero, bust.finish, bust.prize, bust.cost, bust.net) == (
        "hands",
        "Kestrel",
        2,
        1350,
        500,
        850,
    )
    assert (ko.hero, ko.finish, ko.prize, ko.bounties_won, ko.cost, ko.hands) == ("Kestrel", 40, 0, 25, 165, 2)
    assert ko.net == 25 - 165


def test_a_summary_wins_over_the_hands_which_add_their_count_and_bounties(files):
    both = summary("5550002", "$1.25/$0.25/$0.15 USD", 90, ["  40: Kestrel (Malta), "], "You finished in 40th place.")
    (files / "ko-summary.txt").write_text(both, encoding="utf-8")
    rows, _, _ = tournament_results([files / "ko.txt", files / "ko-summary.txt"])
    (ko,) = rows
    assert (ko.source, ko.entrants, ko.finish, ko.hands, ko.bounties_won, ko.bounty) == ("summary", 90, 40, 2, 25, 25)


def test_a_reentry_is_an_entry_of_its_own(files):
    rows, _, _ = tournament_results([files / "reentry.txt"], Hero.of(["Kestrel"]))
    (row,) = rows
    assert (row.entries, row.finish, row.prize, row.cost, row.net) == (2, 3, 1200, 1100, 100)


def test_a_named_hero_absent_from_a_tournament_has_no_result_there(files):
    rows, totals, _ = tournament_results([files / "hu.txt"], Hero.of(["Rook"]))
    assert rows[0].hero is None and rows[0].net is None and totals[0].with_result == 0


def test_roi_per_currency_matches_a_count_made_here(files):
    """Each event's figures as written above, in major units: (cost, what came back)."""
    usd = [
        (Decimal("10.00") + Decimal("0.50"), Decimal("20.00")),  # hu.txt: 1st
        (Decimal("0.50") + Decimal("0.05"), Decimal(0)),  # out.txt: 38th
        (2 * (Decimal("5.00") + Decimal("0.50")), Decimal("12.00")),  # reentry.txt: two entries, 3rd
        (Decimal("4.60") + Decimal("0.40"), Decimal("13.50")),  # bust.txt: 2nd
        (Decimal("1.25") + Decimal("0.25") + Decimal("0.15"), Decimal("0.25")),  # ko.txt: one bounty, 40th
    ]
    cost = sum(c for c, _ in usd)
    net = sum(b - c for c, b in usd)
    _, totals, _ = tournament_results([files], Hero.of(["Kestrel"]))
    by = {t.currency: t for t in totals}
    assert set(by) == {"USD", "EUR"}  # never one total across currencies
    assert (by["USD"].tournaments, by["USD"].with_result, by["USD"].itm) == (5, 5, 3)
    assert by["USD"].cost == int(cost * 100) and by["USD"].net == int(net * 100)
    assert by["USD"].roi_pct == float(round(net / cost * 100, 2))
    assert (by["EUR"].cost, by["EUR"].net, by["EUR"].roi_pct) == (220, 780, float(round(Decimal(780) / 220 * 100, 2)))


# -- the CLI ---------------------------------------------------------------------------------------


def test_cli_text_json_csv_html_and_exit_codes(files, tmp_path):
    text = run("stats", "--tournaments", str(files), "--hero", "Kestrel")
    assert text.exit_code == 0, text.output
    assert "6 tournaments" in text.stdout and "ROI" in text.stdout and "$17.05" in text.stdout
    doc = json.loads(run("stats", "--tournaments", str(files), "--hero", "Kestrel", "--format", "json").stdout)
    assert set(doc) == {"columns", "tournaments", "totals_columns", "totals", "findings"}
    assert set(doc["tournaments"][0]) == set(doc["columns"]) and set(doc["totals"][0]) == set(doc["totals_columns"])
    assert {t["currency"] for t in doc["totals"]} == {"USD", "EUR"}
    csv = run("stats", "--tournaments", str(files), "--format", "csv").stdout
    assert csv.splitlines()[0].startswith("site,tournament_id,source,currency,buy_in")
    html = run("stats", "--tournaments", str(files), "--format", "html").stdout
    assert html.startswith("<!doctype html>") and "Totals per currency" in html

    (files / "broken.txt").write_text(HU_WIN.replace("2 players", "two players"), encoding="utf-8")
    broken = run("stats", "--tournaments", str(files / "broken.txt"))
    assert broken.exit_code == 0 and "HH008" in broken.stderr  # a warning: the summary still counts
    missing = run("stats", "--tournaments", str(tmp_path / "nowhere.txt"))
    assert missing.exit_code == 1
    dataset = tmp_path / "ds"
    (dataset / "hands").mkdir(parents=True)
    used = run("stats", "--tournaments", str(dataset))
    assert used.exit_code == 2 and "keeps no buy-in" in used.stderr
    assert run("stats", str(files), str(dataset)).exit_code == 2  # without --tournaments: one dataset


def test_corpus_summaries_and_hands_agree(corpus):
    stars = corpus / "fpdb-3" / "pokerstars"
    inr = "NLHE-9max-MTT-INR-136.50-13.50-201901.txt"
    rows, _, found = tournament_results([stars / "tournament-summaries", stars / "tournament-holdem" / inr])
    assert found == []
    by_id = {r.tournament_id: r for r in rows}
    assert (by_id["406766863"].finish, by_id["406766863"].net, by_id["406766863"].entrants) == (38, -55, 44)
    assert (by_id["329052872"].finish, by_id["329052872"].net) == (1, 950)
    # the INR summary names no hero; its hand's `craaaap finished … 3rd place and received ₹1520 .35.`
    named, _, _ = tournament_results(
        [stars / "tournament-summaries" / inr, stars / "tournament-holdem" / inr], Hero.of(["craaaap"])
    )
    from_hands, _, _ = tournament_results([stars / "tournament-holdem" / inr], Hero.of(["craaaap"]))
    assert (named[0].source, named[0].finish, named[0].prize) == ("summary", 3, 152035)
    assert (from_hands[0].source, from_hands[0].finish, from_hands[0].prize) == ("hands", 3, 152035)
    assert named[0].net == from_hands[0].net == 152035 - 15000


# -- Full Tilt --------------------------------------------------------------------------------------

TILT = """Full Tilt Poker Tournament Summary Double Up (Turbo) (250000001) Hold'em No Limit (Turbo)
Buy-In: $5.00 + $0.50
Buy-In Chips: 1500
6 Entries
Total Prize Pool: $30.00
Tournament started: 2012/11/10 17:21:18 WET [2012/11/10 12:21:18 ET]
Tournament finished: 2012/11/10 17:38:15 WET [2012/11/10 12:38:15 ET]

1: Kestrel, $10
2: Rook, $10
3: Osprey, $10
4: Wren
5: Tern
6: Lark
Kestrel finished in 1st place
"""


def test_a_full_tilt_summary_and_its_award_of_no_value(tmp_path):
    (tilt,), found = read_tilt(TILT, "t.txt")
    assert found == []
    assert (tilt.tournament_id, tilt.currency, tilt.buy_in, tilt.fee, tilt.entrants) == ("250000001", "USD", 500, 50, 6)
    assert (tilt.hero, tilt.finish, tilt.prize, tilt.prize_pool) == ("Kestrel", 1, 1000, 3000)
    (path := tmp_path / "t.txt").write_text(TILT, encoding="utf-8")
    (row,), (total,), _ = tournament_results([path])
    assert (row.source, row.cost, row.net, total.roi_pct) == (
        "summary",
        550,
        450,
        float(round(Decimal(450) / 550 * 100, 2)),
    )
    # a ticket is a prize whose value is not printed: the finish is known, the result is not
    (ticket,), _ = read_tilt(TILT.replace("1: Kestrel, $10", "1: Kestrel, Step 3 Ticket"), "t.txt")
    assert (ticket.finish, ticket.prize) == (1, None)
    _, found = read_tilt(TILT.replace("6 Entries", "six Entries"), "t.txt")
    assert [(f.code, f.line) for f in found] == [("HH008", 4)]


def test_corpus_full_tilt_summary(corpus):
    path = corpus / "fpdb-3" / "fulltilt" / "tournament" / "NLHE-9max-STT-USD-8.30-201211.step.txt"
    (row,), _, found = tournament_results([path])
    assert found == []
    assert (row.tournament_id, row.cost, row.entrants, row.hero, row.finish) == ("243814827", 870, 9, "Hero", 3)
    assert row.prize is None and row.net is None  # 3rd: a Step 2 Ticket
