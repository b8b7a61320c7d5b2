"""PokerStars grammar + field reader: one small hand per form, typed events and fields checked exactly.

Every hand here is written for this file (no corpus text). Line numbers of expected events are looked
up in the hand text itself (`at(text, line)`), so they are checked against the source, not copied.
"""

from __future__ import annotations

import json
import tempfile
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

import pytest
from conftest import make_hand, parse_text
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hhtool.findings import Finding
from hhtool.grammar import Status
from hhtool.model import (
    Bet,
    BlindKind,
    Call,
    CashOut,
    Check,
    Collect,
    DealHole,
    Fold,
    Limit,
    Muck,
    Notice,
    NoticeKind,
    Outcome,
    PostAnte,
    PostBlind,
    RaiseTo,
    ReturnUncalled,
    Seat,
    Show,
    Street,
    StreetStart,
)
from hhtool.serialize import parse_result_dict
from hhtool.validate import validate_paths

GOLDEN = Path(__file__).parent / "golden" / "parse_cash_hand.json"

PRE, FLOP, TURN, RIVER, SD = Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER, Street.SHOWDOWN


def at(text: str, line: str) -> int:
    """1-based number of the one line of `text` equal to `line`."""
    lines = text.strip("\n").split("\n")
    found = [i for i, candidate in enumerate(lines, 1) if candidate == line]
    assert len(found) == 1, f"{line!r} occurs {len(found)} times"
    return found[0]


def parsed(text: str, **kw):
    result = parse_text(text, **kw)
    assert result.status is Status.PARSED, [f.as_dict() for f in result.findings]
    assert result.findings == ()
    return result.hand


def of(hand, *types):
    return [e for e in hand.events if isinstance(e, types)]


# ------------------------------------------------------------------------------------------------
# Chip-denominated sections for tournament / play-money headers.

CHIP_SEATS = ["Seat 1: Alice (1500 in chips)", "Seat 2: Bob (1500 in chips)", "Seat 3: Carol (1500 in chips)"]
CHIP_BODY = [
    "Bob: posts small blind 10",
    "Carol: posts big blind 20",
    "*** HOLE CARDS ***",
    "Alice: folds",
    "Bob: folds",
    "Uncalled bet (10) returned to Carol",
    "Carol collected 20 from pot",
]
CHIP_SUMMARY = [
    "*** SUMMARY ***",
    "Total pot 20 | Rake 0",
    "Seat 1: Alice (button) folded before Flop (didn't bet)",
    "Seat 2: Bob (small blind) folded before Flop",
    "Seat 3: Carol (big blind) collected (20)",
]


def chip_hand(header: str, table: str | None = None) -> str:
    return make_hand(header=header, table=table, seats=CHIP_SEATS, body=CHIP_BODY, summary=CHIP_SUMMARY)


CASH_DEFAULTS = dict(
    game="holdem",
    tournament_id=None,
    buy_in=None,
    level=None,
    cap=None,
    ante=None,
    fast_fold=False,
    is_home_game=False,
    play_money=False,
    mixed=None,
    club=None,
)

# (id, header line, table line or None, expected header fields)
HEADERS = [
    (
        "nl-usd-two-spaces",
        "PokerStars Hand #212113219605:  Hold'em No Limit ($0.05/$0.10 USD) - 2020/04/16 13:54:25 ET",
        None,
        dict(
            CASH_DEFAULTS,
            hand_id="212113219605",
            limit=Limit.NO_LIMIT,
            small_blind=5,
            big_blind=10,
            small_bet=10,
            big_bet=10,
            currency="USD",
            scale=100,
            time=datetime(2020, 4, 16, 13, 54, 25),
            time_zone="ET",
            server_time=datetime(2020, 4, 16, 13, 54, 25),
            table="Testa I",
            max_seats=6,
            button_seat=1,
        ),
    ),
    (
        "nl-usd-one-space-local-tz-and-et",
        (
            "PokerStars Hand #257180854570: Hold'em No Limit ($0.05/$0.10 USD) - 2025/08/02 11:24:53 CET "
            "[2025/08/02 5:24:53 ET]"
        ),
        None,
        dict(
            hand_id="257180854570",
            time=datetime(2025, 8, 2, 11, 24, 53),
            time_zone="CET",
            server_time=datetime(2025, 8, 2, 5, 24, 53),
        ),
    ),
    (
        "local-tz-without-et",
        "PokerStars Hand #1:  Hold'em No Limit ($0.05/$0.10 USD) - 2025/08/02 11:24:53 CET",
        None,
        dict(
            time=datetime(2025, 8, 2, 11, 24, 53),
            time_zone="CET",
            server_time=None,
            time_utc=datetime(2025, 8, 2, 9, 24, 53, tzinfo=UTC),
        ),
    ),
    (
        "pl",
        "PokerStars Game #109680643860:  Hold'em Pot Limit ($0.05/$0.10 USD) - 2014/01/06 6:59:26 ET",
        None,
        dict(
            CASH_DEFAULTS,
            hand_id="109680643860",
            limit=Limit.POT_LIMIT,
            small_blind=5,
            big_blind=10,
            small_bet=10,
            big_bet=10,
            time=datetime(2014, 1, 6, 6, 59, 26),
        ),
    ),
    # Limit stakes are small bet / big bet: ($0.10/$0.20) = blinds $0.05/$0.10.
    (
        "fl-msk",
        (
            "PokerStars Game #48397944918:  Hold'em Limit ($0.10/$0.20 USD) - 2010/08/20 5:01:22 MSK "
            "[2010/08/19 21:01:22 ET]"
        ),
        None,
        dict(
            limit=Limit.FIXED_LIMIT,
            small_blind=5,
            big_blind=10,
            small_bet=10,
            big_bet=20,
            currency="USD",
            time_zone="MSK",
            time=datetime(2010, 8, 20, 5, 1, 22),
            server_time=datetime(2010, 8, 19, 21, 1, 22),
            time_utc=datetime(2010, 8, 20, 1, 1, 22, tzinfo=UTC),
        ),
    ),
    (
        "cap",
        (
            "PokerStars Game #52151000000:  Hold'em No Limit ($0.05/$0.10 - $10 Cap -  USD) - 2010/11/01 12:20:00 CET "
            "[2010/11/01 7:20:00 ET]"
        ),
        None,
        dict(limit=Limit.NO_LIMIT, small_blind=5, big_blind=10, cap=1000, currency="USD", scale=100),
    ),
    (
        "zoom-no-currency-code",
        "PokerStars Zoom Hand #212334886345:  Hold'em No Limit ($0.05/$0.10) - 2020/04/19 14:45:29 ET",
        "Table 'Halley' 6-max Seat #1 is the button",
        dict(
            CASH_DEFAULTS,
            hand_id="212334886345",
            fast_fold=True,
            currency="USD",
            scale=100,
            small_blind=5,
            big_blind=10,
            table="Halley",
        ),
    ),
    (
        "eur-symbol",
        "PokerStars Hand #1:  Hold'em No Limit (€0.05/€0.10 EUR) - 2012/04/15 10:00:00 CET [2012/04/15 4:00:00 ET]",
        None,
        dict(currency="EUR", scale=100, small_blind=5, big_blind=10),
    ),
    (
        "gbp",
        "PokerStars Hand #1:  Hold'em No Limit (£0.05/£0.10 GBP) - 2012/04/15 10:00:00 ET",
        None,
        dict(currency="GBP", scale=100, small_blind=5, big_blind=10),
    ),
    (
        "inr",
        "PokerStars Hand #1:  Hold'em No Limit (₹0.05/₹0.10 INR) - 2019/04/15 10:00:00 ET",
        None,
        dict(currency="INR", scale=100, small_blind=5, big_blind=10),
    ),
    (
        "old-game-header-old-date-style",
        "PokerStars Game #1003659126: Hold'em No Limit ($0.05/$0.10) - 2009/10/12 - 23:45:12 (ET)",
        None,
        dict(
            hand_id="1003659126",
            currency="USD",
            scale=100,
            time=datetime(2009, 10, 12, 23, 45, 12),
            time_zone="ET",
            server_time=datetime(2009, 10, 12, 23, 45, 12),
        ),
    ),
    (
        "mixed-game",
        "PokerStars Hand #78916422016:  Mixed NLH/PLO (Hold'em No Limit, $0.05/$0.10 USD) - 2012/04/15 10:00:00 ET",
        None,
        dict(limit=Limit.NO_LIMIT, mixed="NLH/PLO", small_blind=5, big_blind=10, currency="USD"),
    ),
    (
        "table-2005-no-max",
        "PokerStars Game #2344646393:  Hold'em No Limit ($0.05/$0.10 USD) - 2005/08/15 14:27:10 ET",
        "Table 'Phad' Seat #1 is the button",
        dict(table="Phad", max_seats=None, button_seat=1),
    ),
]

CHIP_HEADERS = [
    (
        "play-money",
        "PokerStars Hand #74151663721:  Hold'em No Limit (10/20) - 2012/01/19 22:07:55 ET",
        "Table 'Zamenhof VII' 9-max (Play Money) Seat #1 is the button",
        dict(
            CASH_DEFAULTS,
            hand_id="74151663721",
            play_money=True,
            currency="chips",
            scale=1,
            small_blind=10,
            big_blind=20,
            table="Zamenhof VII",
            max_seats=9,
            button_seat=1,
        ),
    ),
    (
        "home-game",
        "PokerStars Home Game Hand #74655014750: {chipchipchip}  Hold'em No Limit (10/20) - 2012/01/28 20:58:29 ET",
        None,
        dict(
            hand_id="74655014750",
            is_home_game=True,
            club="chipchipchip",
            currency="chips",
            scale=1,
            small_blind=10,
            big_blind=20,
            tournament_id=None,
        ),
    ),
    (
        "tournament",
        (
            "PokerStars Hand #105024000105: Tournament #797469411, $3.19+$0.31 USD Hold'em No Limit - Level I (10/20) - "
            "2013/10/04 13:53:27 ET"
        ),
        "Table '797469411 15' 9-max Seat #1 is the button",
        dict(
            hand_id="105024000105",
            tournament_id="797469411",
            buy_in="$3.19+$0.31 USD",
            level="Level I",
            currency="chips",
            scale=1,
            small_blind=10,
            big_blind=20,
            limit=Limit.NO_LIMIT,
            table="797469411 15",
            max_seats=9,
            fast_fold=False,
            play_money=False,
        ),
    ),
    (
        "tournament-bounty-roman-level",
        (
            "PokerStars Hand #99145265150: Tournament #734695129, $2.00+$0.50+$0.20 USD Hold'em No Limit - "
            "Level XXVI (10/20) - 2013/10/04 13:53:27 ET"
        ),
        None,
        dict(tournament_id="734695129", buy_in="$2.00+$0.50+$0.20 USD", level="Level XXVI"),
    ),
    (
        "tournament-freeroll",
        (
            "PokerStars Hand #86563945695: Tournament #604678566, Freeroll  Hold'em No Limit - Level I (10/20) - "
            "2012/09/22 13:59:56 ET"
        ),
        None,
        dict(tournament_id="604678566", buy_in="Freeroll"),
    ),
    (
        "tournament-inr",
        (
            "PokerStars Hand #194396658766: Tournament #2475523986, ₹136.50+₹13.50 INR Hold'em No Limit - "
            "Level XXVI (10/20) - 2019/01/01 10:00:00 ET"
        ),
        None,
        dict(buy_in="₹136.50+₹13.50 INR", currency="chips", scale=1),
    ),
    (
        "tournament-gbp",
        (
            "PokerStars Game #64603934169: Tournament #411616316, £5.00+£0.50 GBP Hold'em No Limit - Level I (10/20) - "
            "2011/07/10 10:00:00 ET"
        ),
        None,
        dict(buy_in="£5.00+£0.50 GBP", currency="chips"),
    ),
    (
        "tournament-match-round-old-date",
        (
            "PokerStars Game #12637565869: Tournament #63858762, $5.00+$0.50 Hold'em No Limit - "
            "Match Round I, Level II (10/20) - 2007/10/15 - 05:38:33 (ET)"
        ),
        None,
        dict(
            level="Match Round I, Level II",
            buy_in="$5.00+$0.50",
            time=datetime(2007, 10, 15, 5, 38, 33),
            time_zone="ET",
        ),
    ),
    (
        "zoom-tournament",
        (
            "PokerStars Hand #118997670409: Zoom Tournament #932545562, $3.00+$0.30 USD Hold'em No Limit - "
            "Level X (10/20) - 2014/10/04 13:53:27 ET"
        ),
        None,
        dict(tournament_id="932545562", fast_fold=True, level="Level X"),
    ),
    (
        "tournament-pl-nl",
        (
            "PokerStars Hand #86183965766: Tournament #2012090038, $200+$15 USD Hold'em Pot Limit Pre-Flop, "
            "No Limit Post-Flop - Level I (10/20) - 2012/09/22 13:59:56 ET"
        ),
        None,
        dict(limit=Limit.POT_LIMIT_PREFLOP, small_blind=10, big_blind=20),
    ),
    (
        "tournament-fl-fpp",
        (
            "PokerStars Game #46598630750: Tournament #288463329, 50FPP Hold'em Limit - Level I (20/40) - "
            "2010/07/10 10:00:00 ET"
        ),
        None,
        dict(limit=Limit.FIXED_LIMIT, buy_in="50FPP", small_blind=10, big_blind=20, small_bet=20, big_bet=40),
    ),
    (
        "tournament-play-money",
        (
            "PokerStars Game #60348646994: Tournament #382394766, 300+20 Hold'em No Limit - Level I (10/20) - "
            "2010/07/10 10:00:00 ET"
        ),
        None,
        dict(buy_in="300+20", currency="chips", scale=1),
    ),
]


@pytest.mark.parametrize("header, table, expected", [h[1:] for h in HEADERS], ids=[h[0] for h in HEADERS])
def test_cash_headers(header, table, expected):
    hand = parsed(make_hand(header=header, table=table))
    got = {name: getattr(hand.header, name) for name in expected}
    assert got == expected
    assert hand.header.site == "pokerstars"


@pytest.mark.parametrize("header, table, expected", [h[1:] for h in CHIP_HEADERS], ids=[h[0] for h in CHIP_HEADERS])
def test_chip_headers(header, table, expected):
    hand = parsed(chip_hand(header, table))
    got = {name: getattr(hand.header, name) for name in expected}
    assert got == expected
    assert hand.seats[0].stack == 1500
    assert of(hand, PostBlind)[1].amount == 20


@pytest.mark.parametrize(
    "stakes, blinds",
    [
        # PokerStars fixed-limit blind schedule (also fpdb's PokerStarsToFpdb.Lim_Blinds): the small blind is
        # not always half the small bet. The first three occur in the corpus; the rest are PokerStars' table.
        ("$0.02/$0.04", (1, 2)),
        ("$0.05/$0.10", (2, 5)),
        ("$1/$2", (50, 100)),
        ("$0.25/$0.50", (10, 25)),
        ("$3/$6", (100, 300)),
        ("$5/$10", (200, 500)),
        ("$15/$30", (1000, 1500)),
    ],
)
def test_limit_header_derives_the_blinds(stakes, blinds):
    small, big = stakes.split("/")
    header = f"PokerStars Hand #1:  Hold'em Limit ({stakes} USD) - 2010/08/20 5:01:22 ET"
    hand = parsed(make_hand(header=header))
    h = hand.header
    assert (h.small_bet, h.big_bet) == (int(Decimal(small[1:]) * 100), int(Decimal(big[1:]) * 100))
    assert (h.small_blind, h.big_blind) == blinds


# ------------------------------------------------------------------------------------------------
# Seats


def test_seat_lines_bounty_sitting_out_out_of_hand_non_contiguous():
    header = (
        "PokerStars Hand #99145265150: Tournament #734695129, $2.00+$0.50+$0.20 USD Hold'em No Limit - "
        "Level I (10/20) - 2013/10/04 13:53:27 ET"
    )
    seats = [
        "Seat 1: Alice (1500 in chips, $0.25 bounty)",
        "Seat 2: Bob (1500 in chips, $0.25 bounty)",
        "Seat 3: Carol (1500 in chips, $0.50 bounty)",
        "Seat 7: Dan (2500 in chips, $0.25 bounty) is sitting out",
        "Seat 10: Eve (185 in chips) out of hand (moved from another table into small blind)",
    ]
    summary = CHIP_SUMMARY + ["Seat 7: Dan folded before Flop (didn't bet)"]
    text = make_hand(header=header, seats=seats, body=CHIP_BODY, summary=summary)
    hand = parsed(text)
    assert hand.seats == (
        Seat(1, "Alice", 1500, 3, "$0.25", False, False),
        Seat(2, "Bob", 1500, 4, "$0.25", False, False),
        Seat(3, "Carol", 1500, 5, "$0.50", False, False),
        Seat(7, "Dan", 2500, 6, "$0.25", True, False),
        Seat(10, "Eve", 185, 7, None, False, True),
    )


# ------------------------------------------------------------------------------------------------
# Forced bets


def test_antes_blinds_and_all_in_posts():
    header = (
        "PokerStars Hand #222753190834: Tournament #3118470021, $1.25+$0.25+$0.15 USD Hold'em No Limit - "
        "Level V (100/200) - 2021/01/17 20:41:09 ET"
    )
    text = make_hand(
        header=header,
        table="Table '3118470021 14' 9-max Seat #1 is the button",
        seats=[
            "Seat 1: Alice (4210 in chips)",
            "Seat 2: Bob (1500 in chips)",
            "Seat 3: Carol (185 in chips)",
            "Seat 4: Dan (10 in chips)",
        ],
        body="""
Alice: posts the ante 25
Bob: posts the ante 25
Carol: posts the ante 25
Dan: posts the ante 10 and is all-in
Bob: posts small blind 100
Carol: posts big blind 160 and is all-in
*** HOLE CARDS ***
Alice: folds
Bob: folds
Uncalled bet (60) returned to Bob
*** FLOP *** [Jh 4s 2c]
*** TURN *** [Jh 4s 2c] [Kd]
*** RIVER *** [Jh 4s 2c Kd] [7h]
*** SHOW DOWN ***
Carol: shows [9h 9c] (a pair of Nines)
Dan: shows [3c 2d] (a pair of Deuces)
Carol collected 270 from side pot
Carol collected 40 from main pot
""",
        summary="""
*** SUMMARY ***
Total pot 310 Main pot 40. Side pot 270. | Rake 0
Board [Jh 4s 2c Kd 7h]
Seat 1: Alice (button) folded before Flop (didn't bet)
Seat 2: Bob (small blind) folded before Flop
Seat 3: Carol (big blind) showed [9h 9c] and won (310) with a pair of Nines
Seat 4: Dan showed [3c 2d] and lost with a pair of Deuces
""",
    )
    hand = parsed(text)
    assert of(hand, PostAnte, PostBlind) == [
        PostAnte(at(text, "Alice: posts the ante 25"), "Alice", 25, False),
        PostAnte(at(text, "Bob: posts the ante 25"), "Bob", 25, False),
        PostAnte(at(text, "Carol: posts the ante 25"), "Carol", 25, False),
        PostAnte(at(text, "Dan: posts the ante 10 and is all-in"), "Dan", 10, True),
        PostBlind(at(text, "Bob: posts small blind 100"), "Bob", BlindKind.SMALL, 100, False),
        PostBlind(at(text, "Carol: posts big blind 160 and is all-in"), "Carol", BlindKind.BIG, 160, True),
    ]
    assert of(hand, Collect) == [
        Collect(at(text, "Carol collected 270 from side pot"), "Carol", 270, 1),
        Collect(at(text, "Carol collected 40 from main pot"), "Carol", 40, 0),
    ]
    claims = hand.claims
    assert (claims.total_pot, claims.main_pot, claims.side_pots, claims.rake) == (310, 40, (270,), 0)
    assert claims.line == at(text, "Total pot 310 Main pot 40. Side pot 270. | Rake 0")


def test_posts_small_and_big_blinds():
    text = make_hand(
        seats=[
            "Seat 1: Alice ($10 in chips)",
            "Seat 2: Bob ($10 in chips)",
            "Seat 3: Carol ($10 in chips)",
            "Seat 4: Newbie ($10 in chips)",
        ],
        body="""
Bob: posts small blind $0.05
Carol: posts big blind $0.10
Newbie: posts small & big blinds $0.15
*** HOLE CARDS ***
Newbie: raises $0.20 to $0.30
Alice: folds
Bob: folds
Carol: folds
Uncalled bet ($0.20) returned to Newbie
Newbie collected $0.40 from pot
""",
        summary="""
*** SUMMARY ***
Total pot $0.40 | Rake $0
Seat 1: Alice (button) folded before Flop (didn't bet)
Seat 2: Bob (small blind) folded before Flop
Seat 3: Carol (big blind) folded before Flop
Seat 4: Newbie collected ($0.40)
""",
    )
    hand = parsed(text)
    assert of(hand, PostBlind)[2] == PostBlind(
        at(text, "Newbie: posts small & big blinds $0.15"), "Newbie", BlindKind.SMALL_AND_BIG, 15, False
    )
    assert of(hand, RaiseTo) == [RaiseTo(at(text, "Newbie: raises $0.20 to $0.30"), "Newbie", 20, 30, False, False)]


def test_button_blind_game_is_unsupported_hh020():
    # `posts button blind` only exists in 6+ Hold'em, which hhtool counts as unsupported.
    header = (
        "PokerStars Hand #195853866630: 6+ Hold'em No Limit (Button Blind $0.10 - Ante $0.05 USD) - "
        "2019/01/17 10:00:00 ET"
    )
    body = [
        "Alice: posts the ante $0.05",
        "Bob: posts the ante $0.05",
        "Carol: posts the ante $0.05",
        "Alice: posts button blind $0.10",
        "*** HOLE CARDS ***",
    ]
    result = parse_text(make_hand(header=header, body=body), file="six.txt", line=40, column=1)
    assert result.status is Status.UNSUPPORTED
    assert result.hand is None
    assert result.hand_id == "195853866630"
    assert [(f.code, f.file, f.line, f.hand_id) for f in result.findings] == [("HH020", "six.txt", 40, "195853866630")]


# ------------------------------------------------------------------------------------------------
# Betting: raise_by / raise_to, all-in, cap, fold showing a card


def test_cap_table_actions():
    header = (
        "PokerStars Game #52151000000:  Hold'em No Limit ($0.25/$0.50 - $10 Cap -  USD) - "
        "2010/11/01 12:20:00 CET [2010/11/01 7:20:00 ET]"
    )
    text = make_hand(
        header=header,
        table="Table 'Ibarruri' 9-max Seat #1 is the button",
        seats=[
            "Seat 1: Alice ($14 in chips)",
            "Seat 2: Bob ($13 in chips)",
            "Seat 3: Carol ($10 in chips)",
        ],
        body="""
Bob: posts small blind $0.25
Carol: posts big blind $0.50
*** HOLE CARDS ***
Alice: folds [6d]
Bob: raises $1 to $1.50
Carol: raises $2 to $3.50
Bob: raises $6.50 to $10 and has reached the $10 cap
Carol: calls $6.50 and is all-in
*** FLOP *** [Qd 7s 2c]
*** TURN *** [Qd 7s 2c] [Qh]
*** RIVER *** [Qd 7s 2c Qh] [9c]
*** SHOW DOWN ***
Bob: shows [Qs Kh] (three of a kind, Queens)
Carol: shows [Ah 6d] (a pair of Queens)
Bob collected $19 from pot
""",
        summary="""
*** SUMMARY ***
Total pot $20 | Rake $1
Board [Qd 7s 2c Qh 9c]
Seat 1: Alice (button) folded before Flop (didn't bet)
Seat 2: Bob (small blind) showed [Qs Kh] and won ($19) with three of a kind, Queens
Seat 3: Carol (big blind) showed [Ah 6d] and lost with a pair of Queens
""",
    )
    hand = parsed(text)
    assert hand.header.cap == 1000
    assert of(hand, Fold, RaiseTo, Call) == [
        Fold(at(text, "Alice: folds [6d]"), "Alice", ("6d",)),
        RaiseTo(at(text, "Bob: raises $1 to $1.50"), "Bob", 100, 150, False, False),
        RaiseTo(at(text, "Carol: raises $2 to $3.50"), "Carol", 200, 350, False, False),
        RaiseTo(at(text, "Bob: raises $6.50 to $10 and has reached the $10 cap"), "Bob", 650, 1000, False, True),
        Call(at(text, "Carol: calls $6.50 and is all-in"), "Carol", 650, True, False),
    ]
    assert hand.claims.boards == (("Qd", "7s", "2c", "Qh", "9c"),)


def test_fixed_limit_betting_is_capped_notice():
    text = make_hand(
        header="PokerStars Hand #205960114378:  Hold'em Limit ($0.10/$0.20 USD) - 2019/10/20 17:25:58 ET",
        body="""
Bob: posts small blind $0.05
Carol: posts big blind $0.10
*** HOLE CARDS ***
Alice: raises $0.10 to $0.20
Bob: raises $0.10 to $0.30
Carol: raises $0.10 to $0.40
Betting is capped
Alice: calls $0.20
Bob: calls $0.10
*** FLOP *** [Jh 6c 2d]
Bob: checks
Carol: bets $0.10
Alice: folds
Bob: folds
Uncalled bet ($0.10) returned to Carol
Carol collected $1.14 from pot
Carol: mucks hand
""",
        summary="""
*** SUMMARY ***
Total pot $1.20 | Rake $0.06
Board [Jh 6c 2d]
Seat 1: Alice (button) folded on the Flop
Seat 2: Bob (small blind) folded on the Flop
Seat 3: Carol (big blind) collected ($1.14)
""",
    )
    hand = parsed(text)
    assert (hand.header.small_blind, hand.header.big_blind, hand.header.small_bet, hand.header.big_bet) == (
        5,
        10,
        10,
        20,
    )
    capped = at(text, "Betting is capped")
    assert Notice(capped, NoticeKind.BETTING_CAPPED, None, "Betting is capped") in hand.events
    assert of(hand, Muck) == [Muck(at(text, "Carol: mucks hand"), "Carol", True)]
    assert of(hand, Check, Bet) == [
        Check(at(text, "Bob: checks"), "Bob"),
        Bet(at(text, "Carol: bets $0.10"), "Carol", 10, False, False),
    ]


def test_all_in_bet_and_raise():
    text = make_hand(
        body="""
Bob: posts small blind $0.05
Carol: posts big blind $0.10
*** HOLE CARDS ***
Alice: calls $0.10
Bob: calls $0.05
Carol: checks
*** FLOP *** [2c 7d Jh]
Bob: bets $9.90 and is all-in
Carol: raises $0.10 to $10 and is all-in
Alice: folds
Uncalled bet ($0.10) returned to Carol
*** TURN *** [2c 7d Jh] [Qs]
*** RIVER *** [2c 7d Jh Qs] [3c]
*** SHOW DOWN ***
Bob: shows [Ah Ad] (a pair of Aces)
Carol: shows [Kc Kd] (a pair of Kings)
Bob collected $19.60 from pot
""",
        summary="""
*** SUMMARY ***
Total pot $20.10 | Rake $0.50
Board [2c 7d Jh Qs 3c]
Seat 1: Alice (button) folded on the Flop
Seat 2: Bob (small blind) showed [Ah Ad] and won ($19.60) with a pair of Aces
Seat 3: Carol (big blind) showed [Kc Kd] and lost with a pair of Kings
""",
    )
    hand = parsed(text)
    assert of(hand, Bet, RaiseTo, ReturnUncalled) == [
        Bet(at(text, "Bob: bets $9.90 and is all-in"), "Bob", 990, True, False),
        RaiseTo(at(text, "Carol: raises $0.10 to $10 and is all-in"), "Carol", 10, 1000, True, False),
        ReturnUncalled(at(text, "Uncalled bet ($0.10) returned to Carol"), "Carol", 10),
    ]


# ------------------------------------------------------------------------------------------------
# The golden hand: side pot, uncalled bet, names with spaces / ':' / brackets / '$' / non-ASCII,
# chat after the collect lines, rake. Written by hand; every number was checked (see the report).

GOLDEN_HAND = """\
PokerStars Hand #245000000001:  Hold'em No Limit ($0.05/$0.10 USD) - 2023/03/05 21:07:45 CET [2023/03/05 15:07:45 ET]
Table 'Testa II' 6-max Seat #1 is the button
Seat 1: Ann Lee ($5 in chips)
Seat 2: b:o [x] ($2.50 in chips)
Seat 3: Zoë$ ($10 in chips)
Seat 4: Hero ($8.20 in chips)
b:o [x]: posts small blind $0.05
Zoë$: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Hero [Ah Ad]
Hero: raises $0.20 to $0.30
Ann Lee: calls $0.30
b:o [x]: raises $2.20 to $2.50 and is all-in
Zoë$: folds
Hero: raises $5.70 to $8.20 and is all-in
Ann Lee: calls $4.70 and is all-in
Uncalled bet ($3.20) returned to Hero
*** FLOP *** [2c 7d Jh]
*** TURN *** [2c 7d Jh] [Qs]
*** RIVER *** [2c 7d Jh Qs] [3c]
*** SHOW DOWN ***
Hero: shows [Ah Ad] (a pair of Aces)
Ann Lee: shows [Kc Kd] (a pair of Kings)
Hero collected $4.76 from side pot
b:o [x]: shows [7c 7h] (three of a kind, Sevens)
b:o [x] collected $7.24 from main pot
Ann Lee said, "nh"
*** SUMMARY ***
Total pot $12.60 Main pot $7.24. Side pot $4.76. | Rake $0.60
Board [2c 7d Jh Qs 3c]
Seat 1: Ann Lee (button) showed [Kc Kd] and lost with a pair of Kings
Seat 2: b:o [x] (small blind) showed [7c 7h] and won ($7.24) with three of a kind, Sevens
Seat 3: Zoë$ (big blind) folded before Flop
Seat 4: Hero showed [Ah Ad] and won ($4.76) with a pair of Aces
"""


def test_golden_hand_events_exactly():
    t = GOLDEN_HAND
    hand = parsed(t)
    assert hand.events == (
        PostBlind(7, "b:o [x]", BlindKind.SMALL, 5, False),
        PostBlind(8, "Zoë$", BlindKind.BIG, 10, False),
        StreetStart(9, PRE, 0, ()),
        DealHole(10, "Hero", ("Ah", "Ad")),
        RaiseTo(11, "Hero", 20, 30, False, False),
        Call(12, "Ann Lee", 30, False, False),
        RaiseTo(13, "b:o [x]", 220, 250, True, False),
        Fold(14, "Zoë$", ()),
        RaiseTo(15, "Hero", 570, 820, True, False),
        Call(16, "Ann Lee", 470, True, False),
        ReturnUncalled(17, "Hero", 320),
        StreetStart(18, FLOP, 0, ("2c", "7d", "Jh")),
        StreetStart(19, TURN, 0, ("2c", "7d", "Jh", "Qs")),
        StreetStart(20, RIVER, 0, ("2c", "7d", "Jh", "Qs", "3c")),
        StreetStart(21, SD, 0, ()),
        Show(22, "Hero", ("Ah", "Ad"), "a pair of Aces"),
        Show(23, "Ann Lee", ("Kc", "Kd"), "a pair of Kings"),
        Collect(24, "Hero", 476, 1),
        Show(25, "b:o [x]", ("7c", "7h"), "three of a kind, Sevens"),
        Collect(26, "b:o [x]", 724, 0),
        Notice(27, NoticeKind.CHAT, "Ann Lee", 'Ann Lee said, "nh"'),
    )
    # the literal line numbers above agree with the text
    assert at(t, 'Ann Lee said, "nh"') == 27 and at(t, "Dealt to Hero [Ah Ad]") == 10
    assert [s.stack for s in hand.seats] == [500, 250, 1000, 820]
    assert hand.source.line == 1 and hand.lines == 34


def test_golden_hand_claims():
    hand = parsed(GOLDEN_HAND)
    c = hand.claims
    assert (c.line, c.total_pot, c.main_pot, c.side_pots, c.rake, c.run_twice) == (29, 1260, 724, (476,), 60, False)
    assert (c.boards, c.board_lines) == ((("2c", "7d", "Jh", "Qs", "3c"),), (30,))
    assert [(s.seat, s.player, s.positions, s.result, s.cards, s.outcomes) for s in c.seats] == [
        (1, "Ann Lee", ("button",), "showed", ("Kc", "Kd"), (Outcome(False, None, "a pair of Kings"),)),
        (2, "b:o [x]", ("small blind",), "showed", ("7c", "7h"), (Outcome(True, 724, "three of a kind, Sevens"),)),
        (3, "Zoë$", ("big blind",), "folded", (), ()),
        (4, "Hero", (), "showed", ("Ah", "Ad"), (Outcome(True, 476, "a pair of Aces"),)),
    ]
    assert c.seats[2].folded_on is PRE and not c.seats[2].didnt_bet


def test_golden_json(tmp_path):
    """`parse_result_dict` of the golden hand, compared with tests/golden/parse_cash_hand.json."""
    result = parse_text(GOLDEN_HAND, file="golden/cash.txt", line=1)
    got = json.loads(json.dumps(parse_result_dict(result), ensure_ascii=False))
    expected = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert got == expected


def test_golden_hand_offset_in_file_shifts_every_line():
    hand = parsed(GOLDEN_HAND, line=1001)
    assert hand.seats[0].line == 1003
    assert [e.line for e in hand.events][:3] == [1007, 1008, 1009]
    assert hand.events[-1].line == 1027
    assert hand.claims.line == 1029 and hand.claims.board_lines == (1030,)
    assert [s.line for s in hand.claims.seats] == [1031, 1032, 1033, 1034]


# ------------------------------------------------------------------------------------------------
# Pots: side pot-N, main pot, pot; summary with several side pots

MULTI_SIDE = """\
PokerStars Hand #150000000002: Tournament #1500000, $1+$0.10 USD Hold'em No Limit - Level I (10/20) - 2016/01/02 10:11:12 ET
Table '1500000 3' 9-max Seat #1 is the button
Seat 1: Ace1 (125 in chips)
Seat 2: King2 (265 in chips)
Seat 3: Queen3 (445 in chips)
Seat 4: Rag4 (1000 in chips)
King2: posts small blind 10
Queen3: posts big blind 20
*** HOLE CARDS ***
Rag4: raises 425 to 445
Ace1: calls 125 and is all-in
King2: calls 255 and is all-in
Queen3: calls 425 and is all-in
*** FLOP *** [2c 7d 9h]
*** TURN *** [2c 7d 9h] [Js]
*** RIVER *** [2c 7d 9h Js] [4s]
*** SHOW DOWN ***
Queen3: shows [Qh Qd] (a pair of Queens)
Rag4: shows [3c 5h] (high card Jack)
Queen3 collected 360 from side pot-2
King2: shows [Kh Kd] (a pair of Kings)
King2 collected 420 from side pot-1
Ace1: shows [Ah Ad] (a pair of Aces)
Ace1 collected 500 from main pot
Rag4 wins the $0.25 bounty for eliminating Ace1
Ace1 finished the tournament in 9th place
*** SUMMARY ***
Total pot 1280 Main pot 500. Side pot-1 420. Side pot-2 360. | Rake 0
Board [2c 7d 9h Js 4s]
Seat 1: Ace1 (button) showed [Ah Ad] and won (500) with a pair of Aces
Seat 2: King2 (small blind) showed [Kh Kd] and won (420) with a pair of Kings
Seat 3: Queen3 (big blind) showed [Qh Qd] and won (360) with a pair of Queens
Seat 4: Rag4 showed [3c 5h] and lost with high card Jack
"""


def test_side_pot_numbers_and_summary_with_two_side_pots():
    t = MULTI_SIDE
    hand = parsed(t)
    assert of(hand, Collect) == [
        Collect(at(t, "Queen3 collected 360 from side pot-2"), "Queen3", 360, 2),
        Collect(at(t, "King2 collected 420 from side pot-1"), "King2", 420, 1),
        Collect(at(t, "Ace1 collected 500 from main pot"), "Ace1", 500, 0),
    ]
    assert of(hand, RaiseTo, Call) == [
        RaiseTo(at(t, "Rag4: raises 425 to 445"), "Rag4", 425, 445, False, False),
        Call(at(t, "Ace1: calls 125 and is all-in"), "Ace1", 125, True, False),
        Call(at(t, "King2: calls 255 and is all-in"), "King2", 255, True, False),
        Call(at(t, "Queen3: calls 425 and is all-in"), "Queen3", 425, True, False),
    ]
    notices = of(hand, Notice)
    assert [(n.line, n.kind, n.player) for n in notices] == [
        (at(t, "Rag4 wins the $0.25 bounty for eliminating Ace1"), NoticeKind.BOUNTY, "Rag4"),
        (at(t, "Ace1 finished the tournament in 9th place"), NoticeKind.FINISHED, "Ace1"),
    ]
    c = hand.claims
    assert (c.total_pot, c.main_pot, c.side_pots, c.rake) == (1280, 500, (420, 360), 0)
    assert [o.amount for s in c.seats for o in s.outcomes if o.won] == [500, 420, 360]


def test_cash_side_pots_with_currency_and_pot_without_side():
    summary = [
        "*** SUMMARY ***",
        "Total pot $0.65 Main pot $0.43. Side pot-1 $0.12. Side pot-2 $0.08. | Rake $0.02",
        "Seat 1: Alice (button) folded before Flop (didn't bet)",
    ]
    # The claims are read as written (the replay judges them): body need not add up here.
    body = [
        "Bob: posts small blind $0.05",
        "Carol: posts big blind $0.10",
        "*** HOLE CARDS ***",
        "Carol collected $0.10 from pot",
    ]
    hand = parsed(make_hand(body=body, summary=summary))
    c = hand.claims
    assert (c.total_pot, c.main_pot, c.side_pots, c.rake) == (65, 43, (12, 8), 2)
    assert of(hand, Collect)[0].pot_index is None


# ------------------------------------------------------------------------------------------------
# Run it twice

RIT = """\
PokerStars Hand #203310928400:  Hold'em No Limit ($0.50/$1 USD) - 2019/09/01 23:08:17 ET
Table 'Autonoe II' 6-max Seat #1 is the button
Seat 1: Alice ($100 in chips)
Seat 2: Bob ($50 in chips)
Seat 3: Carol ($100 in chips)
Bob: posts small blind $0.50
Carol: posts big blind $1
*** HOLE CARDS ***
Alice: folds
Bob: raises $49 to $50 and is all-in
Carol: calls $49
*** FIRST FLOP *** [Th 9h 4c]
*** FIRST TURN *** [Th 9h 4c] [2s]
*** FIRST RIVER *** [Th 9h 4c 2s] [Kd]
*** SECOND FLOP *** [5d 8s Ac]
*** SECOND TURN *** [5d 8s Ac] [4d]
*** SECOND RIVER *** [5d 8s Ac 4d] [7c]
*** FIRST SHOW DOWN ***
Bob: shows [Tc Ts] (three of a kind, Tens)
Carol: shows [Jh Qh] (high card King)
Bob collected $48.75 from pot
*** SECOND SHOW DOWN ***
Bob: shows [Tc Ts] (a pair of Tens)
Carol: shows [Jh Qh] (a straight, Four to Eight)
Carol collected $48.75 from pot
*** SUMMARY ***
Total pot $100 | Rake $2.50
Hand was run twice
FIRST Board [Th 9h 4c 2s Kd]
SECOND Board [5d 8s Ac 4d 7c]
Seat 1: Alice (button) folded before Flop (didn't bet)
Seat 2: Bob (small blind) showed [Tc Ts] and won ($48.75) with three of a kind, Tens, and lost with a pair of Tens
Seat 3: Carol (big blind) showed [Jh Qh] and lost with high card King, and won ($48.75) with a straight, Four to Eight
"""


def test_run_it_twice_streets_boards_and_outcomes():
    t = RIT
    hand = parsed(t)
    assert of(hand, StreetStart) == [
        StreetStart(at(t, "*** HOLE CARDS ***"), PRE, 0, ()),
        StreetStart(at(t, "*** FIRST FLOP *** [Th 9h 4c]"), FLOP, 1, ("Th", "9h", "4c")),
        StreetStart(at(t, "*** FIRST TURN *** [Th 9h 4c] [2s]"), TURN, 1, ("Th", "9h", "4c", "2s")),
        StreetStart(at(t, "*** FIRST RIVER *** [Th 9h 4c 2s] [Kd]"), RIVER, 1, ("Th", "9h", "4c", "2s", "Kd")),
        StreetStart(at(t, "*** SECOND FLOP *** [5d 8s Ac]"), FLOP, 2, ("5d", "8s", "Ac")),
        StreetStart(at(t, "*** SECOND TURN *** [5d 8s Ac] [4d]"), TURN, 2, ("5d", "8s", "Ac", "4d")),
        StreetStart(at(t, "*** SECOND RIVER *** [5d 8s Ac 4d] [7c]"), RIVER, 2, ("5d", "8s", "Ac", "4d", "7c")),
        StreetStart(at(t, "*** FIRST SHOW DOWN ***"), SD, 1, ()),
        StreetStart(at(t, "*** SECOND SHOW DOWN ***"), SD, 2, ()),
    ]
    assert of(hand, Collect) == [
        Collect(at(t, "Bob collected $48.75 from pot"), "Bob", 4875, None),
        Collect(at(t, "Carol collected $48.75 from pot"), "Carol", 4875, None),
    ]
    c = hand.claims
    assert c.run_twice is True
    assert c.boards == (("Th", "9h", "4c", "2s", "Kd"), ("5d", "8s", "Ac", "4d", "7c"))
    assert c.board_lines == (at(t, "FIRST Board [Th 9h 4c 2s Kd]"), at(t, "SECOND Board [5d 8s Ac 4d 7c]"))
    assert c.seats[1].outcomes == (Outcome(True, 4875, "three of a kind, Tens"), Outcome(False, None, "a pair of Tens"))
    assert c.seats[2].outcomes == (
        Outcome(False, None, "high card King"),
        Outcome(True, 4875, "a straight, Four to Eight"),
    )


# ------------------------------------------------------------------------------------------------
# Cash out, table chatter in the middle of a street, shows / mucks

CASH_OUT = """\
PokerStars Hand #225816470200:  Hold'em No Limit ($0.25/$0.50 USD) - 2021/05/14 22:17:03 CET [2021/05/14 16:17:03 ET]
Table 'Carpo III' 6-max Seat #1 is the button
Seat 1: Alice ($50 in chips)
Seat 2: Bob ($50 in chips)
Seat 3: Carol ($40 in chips)
Bob: posts small blind $0.25
Carol: posts big blind $0.50
*** HOLE CARDS ***
Alice: folds
Bob: raises $39.50 to $40
Carol: calls $39.50 and is all-in
*** FLOP *** [Qh 8h 3d]
*** TURN *** [Qh 8h 3d] [Qc]
*** RIVER *** [Qh 8h 3d Qc] [Qs]
*** SHOW DOWN ***
Bob: shows [Qd Js] (four of a kind, Queens)
Carol: shows [8d 8s] (a full house, Queens full of Eights)
Bob collected $77.50 from pot
Carol cashed out the hand for $38.40 | Cash Out Fee $0.78
*** SUMMARY ***
Total pot $80 | Rake $2.50
Board [Qh 8h 3d Qc Qs]
Seat 1: Alice (button) folded before Flop (didn't bet)
Seat 2: Bob (small blind) showed [Qd Js] and won ($77.50) with four of a kind, Queens
Seat 3: Carol (big blind) showed [8d 8s] and lost with a full house, Queens full of Eights (cashed out)
"""


def test_cash_out_line_and_cashed_out_summary():
    t = CASH_OUT
    hand = parsed(t)
    assert of(hand, CashOut) == [
        CashOut(at(t, "Carol cashed out the hand for $38.40 | Cash Out Fee $0.78"), "Carol", 3840, 78)
    ]
    carol = hand.claims.seats[2]
    assert (carol.result, carol.cashed_out, carol.outcomes) == (
        "showed",
        True,
        (Outcome(False, None, "a full house, Queens full of Eights"),),
    )


CHATTY = """\
PokerStars Hand #204318770200:  Hold'em No Limit ($0.05/$0.10 USD) - 2019/09/17 20:03:26 CET [2019/09/17 14:03:26 ET]
Table 'Cyllene V' 6-max Seat #6 is the button
Seat 1: Kuca :P ($10 in chips)
Seat 2: wo_olly [x] ($8.35 in chips)
Seat 3: Blåveis ($12.60 in chips)
Seat 6: gunnel.m ($9.40 in chips)
Kuca :P: posts small blind $0.05
wo_olly [x]: posts big blind $0.10
Gwendal_K: is sitting out
*** HOLE CARDS ***
Dealt to Blåveis [Ah Kh]
Blåveis: raises $0.20 to $0.30
Kuca :P said, "gl all :) [brb]"
gunnel.m: calls $0.30
Gwendal_K leaves the table
Kuca :P: folds
wo_olly [x] is disconnected
wo_olly [x] is connected
wo_olly [x]: calls $0.20
*** FLOP *** [Kd 7s 2h]
wo_olly [x]: checks
Blåveis: bets $0.60
Pernilla J joins the table at seat #4
gunnel.m has timed out
gunnel.m: folds
gunnel.m is sitting out
wo_olly [x]: calls $0.60
*** TURN *** [Kd 7s 2h] [Qh]
wo_olly [x]: checks
Blåveis said, "wo_olly [x]: calls $5"
Blåveis: bets $1.40
Pernilla J will be allowed to play after the button
wo_olly [x]: calls $1.40
*** RIVER *** [Kd 7s 2h Qh] [3c]
gunnel.m has returned
wo_olly [x]: checks
Blåveis: checks
Pernilla J was removed from the table for failing to post
*** SHOW DOWN ***
wo_olly [x]: shows [Kc Qc] (two pair, Kings and Queens)
Blåveis: mucks hand
wo_olly [x] collected $4.73 from pot
*** SUMMARY ***
Total pot $4.95 | Rake $0.22
Board [Kd 7s 2h Qh 3c]
Seat 1: Kuca :P (small blind) folded before Flop
Seat 2: wo_olly [x] (big blind) showed [Kc Qc] and won ($4.73) with two pair, Kings and Queens
Seat 3: Blåveis mucked [Ah Kh]
Seat 6: gunnel.m (button) folded on the Flop
"""


def test_notices_in_the_middle_of_streets_keep_their_order():
    t = CHATTY
    hand = parsed(t)
    kinds = [(type(e).__name__, getattr(e, "kind", None), getattr(e, "player", None)) for e in hand.events]
    expected_notices = [
        ("Gwendal_K: is sitting out", NoticeKind.SITTING_OUT, "Gwendal_K"),
        ('Kuca :P said, "gl all :) [brb]"', NoticeKind.CHAT, "Kuca :P"),
        ("Gwendal_K leaves the table", NoticeKind.LEAVE, "Gwendal_K"),
        ("wo_olly [x] is disconnected", NoticeKind.CONNECTION, "wo_olly [x]"),
        ("wo_olly [x] is connected", NoticeKind.CONNECTION, "wo_olly [x]"),
        ("Pernilla J joins the table at seat #4", NoticeKind.JOIN, "Pernilla J"),
        ("gunnel.m has timed out", NoticeKind.CONNECTION, "gunnel.m"),
        ("gunnel.m is sitting out", NoticeKind.SITTING_OUT, "gunnel.m"),
        ('Blåveis said, "wo_olly [x]: calls $5"', NoticeKind.CHAT, "Blåveis"),
        ("Pernilla J will be allowed to play after the button", NoticeKind.WAIT_FOR_BUTTON, "Pernilla J"),
        ("gunnel.m has returned", NoticeKind.CONNECTION, "gunnel.m"),
        ("Pernilla J was removed from the table for failing to post", NoticeKind.REMOVED, "Pernilla J"),
    ]
    assert of(hand, Notice) == [Notice(at(t, text), kind, player, text) for text, kind, player in expected_notices]
    # the chat line that quotes an action is chat, not a call
    assert of(hand, Call) == [
        Call(at(t, "gunnel.m: calls $0.30"), "gunnel.m", 30, False, False),
        Call(at(t, "wo_olly [x]: calls $0.20"), "wo_olly [x]", 20, False, False),
        Call(at(t, "wo_olly [x]: calls $0.60"), "wo_olly [x]", 60, False, False),
        Call(at(t, "wo_olly [x]: calls $1.40"), "wo_olly [x]", 140, False, False),
    ]
    # events stay in text order
    lines = [e.line for e in hand.events]
    assert lines == sorted(lines)
    assert kinds[0] == ("PostBlind", None, "Kuca :P")
    assert of(hand, Muck) == [Muck(at(t, "Blåveis: mucks hand"), "Blåveis", True)]
    assert hand.claims.seats[2].result == "mucked" and hand.claims.seats[2].cards == ("Ah", "Kh")


def test_show_single_card_and_doesnt_show():
    body = """
Bob: posts small blind $0.05
Carol: posts big blind $0.10
*** HOLE CARDS ***
Alice: folds
Bob: folds
Uncalled bet ($0.05) returned to Carol
Carol collected $0.10 from pot
Carol: shows [5c] (a pair of Fives)
Bob: doesn't show hand
"""
    t = make_hand(body=body)
    hand = parsed(t)
    assert of(hand, Show, Muck) == [
        Show(at(t, "Carol: shows [5c] (a pair of Fives)"), "Carol", ("5c",), "a pair of Fives"),
        Muck(at(t, "Bob: doesn't show hand"), "Bob", False),
    ]


# ------------------------------------------------------------------------------------------------
# Summary seat lines: every shape

SEAT_SHAPES = [
    (
        "Seat 1: Alice folded before Flop (didn't bet)",
        dict(positions=(), result="folded", folded_on=PRE, didnt_bet=True, cards=(), outcomes=(), cashed_out=False),
    ),
    (
        "Seat 1: Alice (big blind) folded before Flop",
        dict(positions=("big blind",), result="folded", folded_on=PRE, didnt_bet=False),
    ),
    ("Seat 1: Alice folded on the Flop", dict(result="folded", folded_on=FLOP, didnt_bet=False)),
    ("Seat 1: Alice folded on the Turn", dict(result="folded", folded_on=TURN, didnt_bet=False)),
    ("Seat 1: Alice folded on the River (didn't bet)", dict(result="folded", folded_on=RIVER, didnt_bet=True)),
    (
        "Seat 1: Alice (small blind) showed [Kd 5d] and won ($39.35) with two pair, Kings and Fives",
        dict(
            positions=("small blind",),
            result="showed",
            cards=("Kd", "5d"),
            outcomes=(Outcome(True, 3935, "two pair, Kings and Fives"),),
        ),
    ),
    (
        "Seat 1: Alice showed [Ac As] and lost with a pair of Aces",
        dict(result="showed", cards=("Ac", "As"), outcomes=(Outcome(False, None, "a pair of Aces"),)),
    ),
    (
        "Seat 1: Alice showed [Jh Qh] and won ($133.88) with a straight, Nine to King, and lost with a pair of Fours",
        dict(
            result="showed",
            outcomes=(Outcome(True, 13388, "a straight, Nine to King"), Outcome(False, None, "a pair of Fours")),
        ),
    ),
    (
        "Seat 1: Alice (button) showed [Th Tc] and lost with a full house, Tens full of Aces (cashed out)",
        dict(
            positions=("button",),
            result="showed",
            cashed_out=True,
            outcomes=(Outcome(False, None, "a full house, Tens full of Aces"),),
        ),
    ),
    (
        "Seat 1: Alice showed [5d 5s] and lost with a pair of Fives (cashed out).",
        dict(result="showed", cashed_out=True, outcomes=(Outcome(False, None, "a pair of Fives"),)),
    ),
    ("Seat 1: Alice mucked [7d 9c]", dict(result="mucked", cards=("7d", "9c"), outcomes=())),
    ("Seat 1: Alice mucked", dict(result="mucked", cards=())),
    ("Seat 1: Alice collected ($2.50)", dict(result="collected", outcomes=(Outcome(True, 250, None),))),
    (
        "Seat 1: Alice (button) (small blind) collected ($3.82)",
        dict(positions=("button", "small blind"), result="collected", outcomes=(Outcome(True, 382, None),)),
    ),
    (
        "Seat 1: Alice (big blind) showed [Ah Kd] and folded before Flop",
        dict(positions=("big blind",), result="folded", folded_on=PRE, cards=("Ah", "Kd")),
    ),
]


@pytest.mark.parametrize("line, expected", SEAT_SHAPES, ids=[s[0][8:60] for s in SEAT_SHAPES])
def test_summary_seat_shapes(line, expected):
    summary = ["*** SUMMARY ***", "Total pot $0.10 | Rake $0", line]
    hand = parsed(make_hand(summary=summary))
    (seat,) = hand.claims.seats
    assert (seat.line, seat.seat, seat.player, seat.text) == (17, 1, "Alice", line)
    assert {k: getattr(seat, k) for k in expected} == expected


def test_summary_showed_and_collected_keeps_the_amount():
    # A shape seen in the corpus (fpdb-3 .../NLHE-2max-USD-STT-20-201209.txt): a winner who showed
    # without a showdown. The claimed amount must not be lost.
    line = "Seat 1: Alice (button) (small blind) showed [Ac 2h] and collected ($0.10)"
    hand = parsed(make_hand(summary=["*** SUMMARY ***", "Total pot $0.10 | Rake $0", line]))
    (seat,) = hand.claims.seats
    assert seat.cards == ("Ac", "2h")
    assert seat.positions == ("button", "small blind")
    assert seat.result in ("showed", "collected")
    assert seat.outcomes == (Outcome(True, 10, None),)


# ------------------------------------------------------------------------------------------------
# Player names: resolved from the seat list

NAMES = """\
PokerStars Hand #300000000001:  Hold'em No Limit ($0.05/$0.10 USD) - 2020/04/16 13:54:25 ET
Table 'Testa I' 6-max Seat #1 is the button
Seat 1: a: b ($10 in chips)
Seat 2: a ($10 in chips)
Seat 3: Kuca :P ($10 in chips)
Seat 4: wo_olly [x] ($10 in chips)
Seat 5: $ucce$$or ($10 in chips)
Seat 6: Blåveis Вася 张三 ($10 in chips)
a: posts small blind $0.05
Kuca :P: posts big blind $0.10
a: b: is sitting out
*** HOLE CARDS ***
wo_olly [x]: raises $0.20 to $0.30
$ucce$$or: folds
Blåveis Вася 张三: calls $0.30
a: b said, "a: folds"
a: b: folds
a: calls $0.25
Kuca :P: folds
a: b is disconnected
*** FLOP *** [2c 7d Jh]
a: checks
wo_olly [x]: bets $0.50
Blåveis Вася 张三: folds
a: folds
Uncalled bet ($0.50) returned to wo_olly [x]
wo_olly [x] collected $1 from pot
wo_olly [x]: doesn't show hand
*** SUMMARY ***
Total pot $1 | Rake $0
Board [2c 7d Jh]
Seat 1: a: b (button) folded before Flop (didn't bet)
Seat 2: a (small blind) folded on the Flop
Seat 3: Kuca :P (big blind) folded before Flop
Seat 4: wo_olly [x] collected ($1)
Seat 5: $ucce$$or folded before Flop (didn't bet)
Seat 6: Blåveis Вася 张三 folded on the Flop
"""


def test_player_names_with_colons_brackets_dollars_and_any_script():
    t = NAMES
    hand = parsed(t)
    assert [s.player for s in hand.seats] == ["a: b", "a", "Kuca :P", "wo_olly [x]", "$ucce$$or", "Blåveis Вася 张三"]
    players = [(e.line, type(e).__name__, e.player) for e in hand.events if hasattr(e, "player")]
    assert players == [
        (9, "PostBlind", "a"),
        (10, "PostBlind", "Kuca :P"),
        (11, "Notice", "a: b"),
        (13, "RaiseTo", "wo_olly [x]"),
        (14, "Fold", "$ucce$$or"),
        (15, "Call", "Blåveis Вася 张三"),
        (16, "Notice", "a: b"),
        (17, "Fold", "a: b"),
        (18, "Call", "a"),
        (19, "Fold", "Kuca :P"),
        (20, "Notice", "a: b"),
        (22, "Check", "a"),
        (23, "Bet", "wo_olly [x]"),
        (24, "Fold", "Blåveis Вася 张三"),
        (25, "Fold", "a"),
        (26, "ReturnUncalled", "wo_olly [x]"),
        (27, "Collect", "wo_olly [x]"),
        (28, "Muck", "wo_olly [x]"),
    ]
    assert of(hand, Notice)[1].kind is NoticeKind.CHAT  # `a: b said, "a: folds"` is chat, not a fold by "a"
    assert [s.player for s in hand.claims.seats] == [s.player for s in hand.seats]
    assert of(hand, Call)[1] == Call(18, "a", 25, False, False)


def test_name_with_colon_space_posting_and_showing():
    seats = ["Seat 1: x: y ($10 in chips)", "Seat 2: Bob ($10 in chips)", "Seat 3: Carol ($10 in chips)"]
    body = """
Bob: posts small blind $0.05
Carol: posts big blind $0.10
*** HOLE CARDS ***
x: y: raises $0.20 to $0.30
Bob: folds
Carol: calls $0.20
*** FLOP *** [2c 7d Jh]
Carol: checks
x: y: bets $0.50
Carol: calls $0.50
*** TURN *** [2c 7d Jh] [Qs]
Carol: checks
x: y: checks
*** RIVER *** [2c 7d Jh Qs] [3c]
Carol: checks
x: y: checks
*** SHOW DOWN ***
x: y: shows [Ah Ad] (a pair of Aces)
Carol: mucks hand
x: y collected $1.61 from pot
"""
    summary = """
*** SUMMARY ***
Total pot $1.65 | Rake $0.04
Board [2c 7d Jh Qs 3c]
Seat 1: x: y (button) showed [Ah Ad] and won ($1.61) with a pair of Aces
Seat 2: Bob (small blind) folded before Flop
Seat 3: Carol (big blind) mucked
"""
    t = make_hand(seats=seats, body=body, summary=summary)
    hand = parsed(t)
    assert [(type(e).__name__, e.player) for e in hand.events if getattr(e, "player", None) == "x: y"] == [
        ("RaiseTo", "x: y"),
        ("Bet", "x: y"),
        ("Check", "x: y"),
        ("Check", "x: y"),
        ("Show", "x: y"),
        ("Collect", "x: y"),
    ]
    assert hand.claims.seats[0].player == "x: y"
    assert hand.claims.seats[0].outcomes == (Outcome(True, 161, "a pair of Aces"),)


# ------------------------------------------------------------------------------------------------
# Findings: inexact amount, unsupported game, cut hand, unknown line


def test_inexact_amount_is_hh012_unparsed():
    body = list(make_hand().split("\n")[5:14])
    body[4] = "Alice: calls $0.015"
    result = parse_text(make_hand(body=body), file="f.txt", line=21)
    assert result.status is Status.UNPARSED
    assert result.hand is None
    [f] = result.findings
    assert (f.code, f.file, f.line, f.hand_id) == ("HH012", "f.txt", 21 + 10 - 1, "100000000001")
    assert "$0.015" in f.message


def test_inexact_stack_is_hh012():
    result = parse_text(
        make_hand(
            seats=["Seat 1: Alice ($10.001 in chips)", "Seat 2: Bob ($10 in chips)", "Seat 3: Carol ($10 in chips)"]
        )
    )
    assert result.status is Status.UNPARSED
    assert [(f.code, f.line) for f in result.findings] == [("HH012", 3)]


@pytest.mark.parametrize(
    "game",
    [
        "Courchevel Hi/Lo Pot Limit",
        "6 Card Omaha Hi/Lo Pot Limit",
        "Courchevel Pot Limit",
        "Split Hold'em No Limit",
        "6+ Hold'em No Limit",
    ],
)
def test_games_but_holdem_and_omaha_high_are_unsupported_hh020(game):
    header = f"PokerStars Hand #77: {game} ($0.05/$0.10 USD) - 2012/04/15 10:00:00 ET"
    result = parse_text(make_hand(header=header), file="o.txt", line=5, column=1)
    assert result.status is Status.UNSUPPORTED
    assert (result.site, result.hand_id, result.hand) == ("pokerstars", "77", None)
    [f] = result.findings
    assert (f.code, f.line, f.hand_id, str(f.severity)) == ("HH020", 5, "77", "info")
    assert game in f.message


def test_tournament_courchevel_hi_lo_is_unsupported():
    header = "PokerStars Hand #88: Tournament #9, $1+$0.10 USD Courchevel Hi/Lo Pot Limit - Level I (10/20) - 2012/04/15 10:00:00 ET"
    result = parse_text(chip_hand(header))
    assert result.status is Status.UNSUPPORTED
    assert [f.code for f in result.findings] == ["HH020"]


def _cut(text: str, keep: int) -> str:
    return "\n".join(text.split("\n")[:keep]) + "\n"


@pytest.mark.parametrize("keep", [1, 2, 5, 9, 14])
def test_truncated_hand_is_hh011_at_its_last_line(keep):
    # keep = number of lines left of the hand: header only, header+table, +seats, mid-body, whole body
    text = _cut(make_hand(), keep)
    result = parse_text(text, file="cut.txt", line=101)
    assert result.status is Status.UNPARSED
    assert result.hand_id == "100000000001"
    [f] = result.findings
    assert (f.code, f.file, f.line, f.hand_id) == ("HH011", "cut.txt", 100 + keep, "100000000001")


def test_hand_cut_in_the_middle_of_a_line_is_hh011():
    # e.g. `*** RIVER *** [4d Kh J` where the next header started mid-line (see HH011's catalogue example)
    text = _cut(make_hand(), 12) + "*** FLOP *** [4d Kh J\n"
    result = parse_text(text, file="cut.txt", line=51)
    assert result.status is Status.UNPARSED
    assert [(f.code, f.line) for f in result.findings] == [("HH011", 50 + 13)]


@pytest.mark.parametrize(
    "cut_line",
    [
        "Seat 4: Hero showed [",
        "Seat 4: Hero showed [Ah Ad",
        "Seat 2: b:o [x] (small blind) showed [7c 7h",
    ],
)
def test_summary_seat_line_cut_inside_its_cards_is_unparsed_not_a_crash(cut_line):
    # A file cut in the middle of the summary (found by the mangling test below): parse_block must
    # answer with a finding on that line, never raise.
    lines = GOLDEN_HAND.split("\n")
    seat_no = int(cut_line[5])
    keep = 30 + seat_no  # summary seat lines are lines 31..34
    text = "\n".join(lines[: keep - 1] + [cut_line]) + "\n"
    result = parse_text(text, line=1)
    assert result.status is Status.UNPARSED
    [f] = result.findings
    assert f.code in ("HH010", "HH011") and f.line == keep


def test_summary_cut_after_its_marker_is_still_a_hand():
    # `*** SUMMARY ***` reached: the hand is complete enough to parse (claims are empty).
    result = parse_text(_cut(make_hand(), 15))
    assert result.status is Status.PARSED
    assert result.hand.claims.total_pot is None


def test_unknown_line_in_body_is_hh010_with_place_and_text():
    body = list(make_hand().split("\n")[5:14])
    body.insert(4, "Alice: dances on the table")
    text = make_hand(body=body)
    result = parse_text(text, file="odd.txt", line=201, column=1)
    assert result.status is Status.UNPARSED
    [f] = result.findings
    assert (f.code, f.file, f.line, f.column, f.hand_id) == ("HH010", "odd.txt", 200 + 10, 1, "100000000001")
    assert f.actual == "Alice: dances on the table"
    assert f.expected  # the line kinds allowed there (shortened list)


def test_known_line_in_the_wrong_section_is_hh010():
    summary = list(make_hand().split("\n")[14:19]) + ["Alice: folds"]
    result = parse_text(make_hand(summary=summary), line=1)
    [f] = result.findings
    assert (f.code, f.line, f.actual) == ("HH010", 20, "Alice: folds")


def test_seat_line_after_an_action_is_hh010_on_its_line():
    # The body may start after the first seat line; the seat line that follows is what does not fit.
    seats = ["Seat 1: Alice ($10 in chips)", "Alice: folds", "Seat 2: Bob ($10 in chips)"]
    result = parse_text(make_hand(seats=seats), line=11)
    [f] = result.findings
    assert (f.code, f.line, f.column, f.actual) == ("HH010", 15, 1, "Seat 2: Bob ($10 in chips)")


def test_parse_never_raises_on_garbage_after_a_header():
    junk = ["PokerStars Hand #5: \x00\x01 garbage", "Table", "Seat", "*** SUMMARY", "[", "Seat 1: ("]
    for n in range(1, len(junk) + 1):
        result = parse_text("\n".join(junk[:n]))
        assert result.status is Status.UNPARSED
        assert len(result.findings) == 1


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_any_mangled_hand_gives_exactly_one_result_and_never_raises(data):
    """Delete, repeat, swap or cut lines of the golden hand: parse_block always answers, with one finding
    inside the block when it does not parse."""
    lines = GOLDEN_HAND.rstrip("\n").split("\n")
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(lines) - 1))
        op = data.draw(st.sampled_from(["delete", "repeat", "swap", "cut"]))
        if op == "delete" and len(lines) > 1:
            del lines[i]
        elif op == "repeat":
            lines.insert(i, lines[i])
        elif op == "swap":
            j = data.draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "cut":
            lines[i] = lines[i][: data.draw(st.integers(0, len(lines[i])))]
            del lines[i + 1 :]
    text = "\n".join(line for line in lines if line) + "\n"
    result = parse_text(text, line=500)
    assert result.status in (Status.PARSED, Status.UNPARSED, Status.UNSUPPORTED)
    if result.status is Status.PARSED:
        assert result.findings == () and result.hand is not None
    else:
        assert result.hand is None
        [f] = result.findings
        assert 500 <= f.line < 500 + text.count("\n"), (f, text)


# A seat line read with `find` (reader._seat_spans) must give the groups of the _SEAT regex, or leave the
# line to the regex: names with brackets, parentheses and `in chips` in them, bounties, trailing notes.
_SEAT_PIECES = st.sampled_from(
    [
        "Bob",
        "a b",
        " (",
        "(",
        ")",
        " in chips",
        ", ",
        " bounty)",
        " bounty",
        "$1",
        "1,500",
        " ",
        "x",
        "٣",
        " is sitting out",
        " out of hand",
    ]
)


@settings(max_examples=3000, deadline=None)
@given(
    st.sampled_from(["1", "10", "٣", "", "x", "3 "]),
    st.lists(_SEAT_PIECES, max_size=4),
    st.sampled_from(["1500", "$1.50", "", "a b", "(1)"]),
    st.sampled_from(["", ", $5 bounty", ", (1) bounty", ", x"]),
    st.sampled_from([")", "", " )"]),
    st.lists(_SEAT_PIECES, max_size=3),
)
def test_seat_line_fields_agree_with_the_seat_regex(seat, name, stack, bounty, close, rest):
    from hhtool.dialects.textreader import SEAT, seat_spans

    text = f"Seat {seat}: {''.join(name)} ({stack} in chips{bounty}{close}{''.join(rest)}"
    match = SEAT.match(text)
    colon, name_end, stack_end, bounty_end, rest_start = seat_spans(text)
    fields = (
        None
        if colon < 0
        else (
            text[5:colon],
            text[colon + 2 : name_end],
            text[name_end + 2 : stack_end],
            text[stack_end + len(" in chips, ") : bounty_end] if bounty_end >= 0 else None,
            text[rest_start:],
        )
    )
    if fields is not None:
        assert match is not None
        assert fields == (match["seat"], match["name"], match["stack"], match["bounty"], match["rest"])
    elif match is not None:
        assert not match["seat"].isascii()  # only a seat number in other digits is left to the regex


def test_seat_line_with_a_bracketed_name_and_a_bounty():
    from hhtool.dialects.textreader import read_seat

    seat = read_seat("Seat 3: Al (x) (1) (1,500 in chips, $5 bounty) is sitting out", 7, 1)
    assert (seat.seat, seat.player, seat.stack, seat.bounty, seat.sitting_out) == (3, "Al (x) (1)", 1500, "$5", True)


# ------------------------------------------------------------------------------------------------
# Issue #24 (PS-1, PS-2, PS-7): the tournament winner's line, a flush's "higher" card, empty action lines

FINAL_HAND = """\
PokerStars Hand #150000000009: Tournament #1500009, €0.90+€0.10 EUR Hold'em No Limit - Level V (50/100) - 2016/01/02 11:11:12 CET [2016/01/02 5:11:12 ET]
Table '1500009 1' 9-max Seat #1 is the button
Seat 1: Ace1 (1500 in chips)
Seat 2: King2 (300 in chips)
Ace1: posts small blind 50
King2: posts big blind 100
*** HOLE CARDS ***
Ace1: raises 200 to 300
King2: calls 200 and is all-in
*** FLOP *** [2c 7d 9h]
*** TURN *** [2c 7d 9h] [Js]
*** RIVER *** [2c 7d 9h Js] [4s]
*** SHOW DOWN ***
Ace1: shows [Ah Ad] (a pair of Aces)
King2: shows [Kh Kd] (a pair of Kings)
Ace1 collected 600 from pot
King2 finished the tournament in 2nd place and received €0.72.
{winner}
*** SUMMARY ***
Total pot 600 | Rake 0
Board [2c 7d 9h Js 4s]
Seat 1: Ace1 (button) (small blind) showed [Ah Ad] and won (600) with a pair of Aces
Seat 2: King2 (big blind) showed [Kh Kd] and lost with a pair of Kings
"""


@pytest.mark.parametrize(
    "winner",
    ["Ace1 wins the tournament and receives €1.08 - congratulations!", "Ace1 wins the tournament - congratulations!"],
)
def test_tournament_winner_line_is_a_finished_notice(winner):
    from handkit import validate_text

    t = FINAL_HAND.format(winner=winner)
    notices = of(parsed(t), Notice)
    assert [(n.line, n.kind, n.player) for n in notices][-1] == (at(t, winner), NoticeKind.FINISHED, "Ace1")
    results, _ = validate_text(t)
    assert [(r.status, [f.code for f in r.findings]) for r in results] == [("valid", [])]


@pytest.mark.parametrize(
    "winner",
    [
        "Ace1 wins the tournament and receives €1.08",  # no "- congratulations!"
        "Ace1 wins the tournament and receives €1.08 - congratulations! gg",
    ],
)
def test_near_miss_winner_lines_stay_unparsed(winner):
    result = parse_text(FINAL_HAND.format(winner=winner))
    assert result.status is Status.UNPARSED and [f.code for f in result.findings] == ["HH010"]


def test_observer_empty_action_line_stays_unparsed():
    """PS-7, not adopted: `<seated name>:` plus blanks after an all-in call is an artefact of the converter
    behind observer recordings (no PokerStars client sample prints it), so the hand stays unparsed (HH010)
    rather than having a line dropped for it."""
    text = FINAL_HAND.format(winner="Ace1 wins the tournament - congratulations!").replace(
        "King2: calls 200 and is all-in\n", "King2: calls 200 and is all-in\nKing2:  \n"
    )
    result = parse_text(text)
    assert result.status is Status.UNPARSED
    assert [(f.code, f.line) for f in result.findings] == [("HH010", at(text, "King2:  "))]


FLUSH_OVER_FLUSH = """\
PokerStars Hand #150000000010: Hold'em No Limit ($0.05/$0.10 USD) - 2016/01/02 11:11:12 ET
Table 'Flush' 6-max Seat #1 is the button
Seat 1: Ann ($10 in chips)
Seat 2: Bob ($10 in chips)
Ann: posts small blind $0.05
Bob: posts big blind $0.10
*** HOLE CARDS ***
Ann: calls $0.05
Bob: checks
*** FLOP *** [Kc 9c 4c]
Bob: checks
Ann: checks
*** TURN *** [Kc 9c 4c] [2c]
Bob: checks
Ann: checks
*** RIVER *** [Kc 9c 4c 2c] [7d]
Bob: checks
Ann: checks
*** SHOW DOWN ***
Ann: shows [Tc 3c] (a flush, King high)
Bob: shows [Jc Qd] ({winner})
Bob collected $0.19 from pot
*** SUMMARY ***
Total pot $0.20 | Rake $0.01
Board [Kc 9c 4c 2c 7d]
Seat 1: Ann (button) (small blind) showed [Tc 3c] and lost with a flush, King high
Seat 2: Bob (big blind) showed [Jc Qd] and won ($0.19) with a flush, King high
"""


def test_winning_flush_names_the_card_that_beats_the_other_flush():
    """PS-2: `(a flush, King high - Jack higher)`: Kc Jc 9c 4c 2c beats Kc Tc 9c 4c 3c on its Jack."""
    from handkit import validate_text

    results, _ = validate_text(FLUSH_OVER_FLUSH.format(winner="a flush, King high - Jack higher"))
    assert [(r.status, [f.code for f in r.findings]) for r in results] == [("valid", [])]


def test_flush_higher_card_that_is_not_where_it_beats_the_other_flush_is_hh304():
    """PS-2, strictly: the Nine is in Bob's flush (Kc Jc 9c 4c 2c) but Ann's (Kc Tc 9c 4c 3c) has one too: the
    card that beats hers is the Jack, so `- Nine higher` is HH304 at Bob's show line."""
    from handkit import validate_text

    text = FLUSH_OVER_FLUSH.format(winner="a flush, King high - Nine higher")
    results, _ = validate_text(text)
    assert [(f.code, f.line) for r in results for f in r.findings] == [
        ("HH304", at(text, "Bob: shows [Jc Qd] (a flush, King high - Nine higher)"))
    ]


def test_flush_higher_card_not_in_the_flush_is_hh304():
    from handkit import validate_text

    text = FLUSH_OVER_FLUSH.format(winner="a flush, King high - Queen higher")  # the Queen is a diamond
    results, _ = validate_text(text)
    assert [(f.code, f.line) for r in results for f in r.findings] == [
        ("HH304", at(text, "Bob: shows [Jc Qd] (a flush, King high - Queen higher)"))
    ]


# -- PS-3: the German rake surcharge on a split pot ---------------------------------------------------

# From 1 July 2021 PokerStars takes 25 % more rake on the share a player based in Germany wins. A $10 pot
# at $0.25/$0.50: the standard rake is $0.50 (5 %), $0.25 on each half; Eve pays 25 % of her $0.25 on top
# ($0.06): `Rake $0.56`, Eve $4.69 and Finn $4.75 (collects + rake = the pot).
SURCHARGE = """\
PokerStars Hand #230000000001:  Hold'em No Limit ($0.25/$0.50 USD) - 2021/08/15 16:15:00 ET
Table 'Alcyone III' 6-max Seat #1 is the button
Seat 1: Gus ($50 in chips)
Seat 2: Eve ($50 in chips)
Seat 3: Finn ($50 in chips)
Eve: posts small blind $0.25
Finn: posts big blind $0.50
*** HOLE CARDS ***
Gus: folds
Eve: raises $1 to $1.50
Finn: calls $1
*** FLOP *** [Qs Jh 2c]
Eve: bets $3.50
Finn: calls $3.50
*** TURN *** [Qs Jh 2c] [7d]
Eve: checks
Finn: checks
*** RIVER *** [Qs Jh 2c 7d] [3s]
Eve: checks
Finn: checks
*** SHOW DOWN ***
Eve: shows [As Kd] (high card Ace)
Finn: shows [Ah Kc] (high card Ace)
Eve collected $4.69 from pot
Finn collected $4.75 from pot
*** SUMMARY ***
Total pot $10 | Rake $0.56
Board [Qs Jh 2c 7d 3s]
Seat 1: Gus (button) folded before Flop (didn't bet)
Seat 2: Eve (small blind) showed [As Kd] and won ($4.69) with high card Ace
Seat 3: Finn (big blind) showed [Ah Kc] and won ($4.75) with high card Ace
"""


def _surcharge_findings(text: str) -> list[tuple[str, str, object, object]]:
    from handkit import validate_text

    (result,), _ = validate_text(text)
    return sorted((f.code, f.severity.value, f.expected, f.actual) for f in result.findings)


def test_a_rake_surcharge_on_one_winners_share_is_info():
    assert _surcharge_findings(SURCHARGE) == [("HH309", "info", "475", "469")]


def test_unequal_shares_without_the_surcharge_stay_hh305():
    # the sums do not balance (a cent missing): a wrong share, not a surcharge
    short = SURCHARGE.replace("$4.69", "$4.68")
    assert [c for c, *_ in _surcharge_findings(short)].count("HH305") == 2
    # the sums balance, but $0.24 less is not 25 % of a $0.16 share of the rake
    uneven = SURCHARGE.replace("$4.69", "$4.60").replace("$4.75", "$4.84")
    assert [c for c, *_ in _surcharge_findings(uneven)] == ["HH305", "HH305"]
    # before 1 July 2021 there was no surcharge
    early = SURCHARGE.replace("2021/08/15", "2021/06/15")
    assert [c for c, *_ in _surcharge_findings(early)] == ["HH305", "HH305"]


def test_the_surcharge_is_the_printed_rakes_part_above_the_schedule():
    """With the schedule in force (5 % at $0.25/$0.50): $0.56 is its $0.50 plus Eve's $0.06, no HH208; a
    schedule that asks $0.40 still finds the rake above it."""
    from handkit import validate_text

    from hhtool.rules.ruleset import rules_from_dict

    five = rules_from_dict({"rake": {"currency": "USD", "percent": "5", "cap": "2.50"}})
    (result,), _ = validate_text(SURCHARGE, five)
    assert [f.code for f in result.findings] == ["HH309"]
    four = rules_from_dict({"rake": {"currency": "USD", "percent": "4", "cap": "2.50"}})
    (result,), _ = validate_text(SURCHARGE, four)
    assert sorted((f.code, f.expected, f.actual) for f in result.findings) == [
        ("HH208", "40", "56"),
        ("HH309", "475", "469"),
    ]


# -- the clients before 2008 print no return of an uncalled bet -------------------------------------------

OLD_WALK = """\
PokerStars Game #2467687400:  Hold'em Limit ($1/$2 USD) - 2005/08/31 18:55:54 ET
Table 'Sekanina' Seat #3 is the button
Seat 1: Ann ($39.50 in chips)
Seat 2: Bob ($21.50 in chips)
Seat 3: Cy ($19.25 in chips)
Ann: posts small blind $0.50
Bob: posts big blind $1
*** HOLE CARDS ***
Cy: folds
Ann: folds
Bob collected $1 from pot
Bob: doesn't show hand
*** SUMMARY ***
Total pot $1 | Rake $0
Seat 1: Ann (small blind) folded before Flop
Seat 2: Bob (big blind) collected ($1)
Seat 3: Cy (button) folded before Flop (didn't bet)
"""


def test_a_walk_of_the_2005_clients_derives_the_unprinted_return():
    """fpdb-3's 2005-2007 PokerStars files print no `Uncalled bet … returned` line (LHE-10max-USD-1.00-2.00-
    200508.hero.takes.a.walk.txt): the return is derived and no warning given; the collected amount and the
    total pot leave it out, as they do when it is printed."""
    with tempfile.TemporaryDirectory() as folder:
        old = Path(folder) / "old.txt"
        old.write_text(OLD_WALK, encoding="utf-8")
        new = Path(folder) / "new.txt"  # the same hand from a client of 2010: the missing line is a warning
        new.write_text(OLD_WALK.replace("2005/08/31", "2010/08/31"), encoding="utf-8")
        (walk,) = [r for r in validate_paths([old]) if not isinstance(r, Finding)]
        (late,) = [r for r in validate_paths([new]) if not isinstance(r, Finding)]
    assert walk.status == "valid" and walk.findings == [] and walk.state.returns == {"Bob": 50}
    assert late.status == "valid" and [f.code for f in late.findings] == ["HH202"]


def test_tournament_summary_files_are_known_sidecars(tmp_path):
    """PokerStars' tournament summaries (fpdb-3's tournament-summaries/: `PokerStars Tournament #…`, the e-mailed
    `Tournament History for your last …`) and Full Tilt's (`Full Tilt Poker Tournament Summary …`) are no hand
    histories: one HH007 info each, not HH002; other text before any hand stays HH002."""
    texts = {
        "stars.txt": "PokerStars Tournament #2475523986, No Limit Hold'em\nBuy-In: 136.50/13.50 INR\n",
        "mail.txt": "Tournament History for your last 1 tournament requested by Hero\n\nTournament #1\n",
        "tilt.txt": "Full Tilt Poker Tournament Summary Step 2 (Super Turbo) (243814827) Hold'em No Limit\n",
        "other.txt": "PokerStars Tournaments of the week\nnothing here\n",
    }
    found = {}
    for name, text in texts.items():
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        found[name] = [(f.code, f.severity.value) for f in validate_paths([path])]
    assert found == {
        "stars.txt": [("HH007", "info")],
        "mail.txt": [("HH007", "info")],
        "tilt.txt": [("HH007", "info")],
        "other.txt": [("HH002", "warning")],
    }
