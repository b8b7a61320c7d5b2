"""The hand generator: every hand it plays is legal (the validator finds nothing), deterministic,
written the PokerStars way, and covers the cases the validator must handle.

Validation uses the PokerStars rake schedule, so the rake of every cash hand is checked too. The
play is the same for every site the generator writes (`sites()`); each site's hands are its writer's
text and validate clean too.
Tests marked xfail document disagreements with other parts of hhtool (reader, validator) found
with generated hands; each names the file and function at fault.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from pathlib import Path

import msgspec
import pytest

from hhtool import dialects
from hhtool.dialects.pokerstars.rake import schedule as pokerstars_schedule
from hhtool.dialects.pokerstars.writer import format_seat_summary, render_hand
from hhtool.findings import Severity
from hhtool.generate import (
    CASH_STAKES,
    DEFAULT_SITE,
    GAMES,
    SITES,
    generate_hands,
    generate_text,
    hand_separator,
    recordable_limits,
    write_hands,
)
from hhtool.grammar import Status, parse_block
from hhtool.io import Block, read_blocks
from hhtool.model import (
    BlindKind,
    Call,
    Collect,
    DealHole,
    Limit,
    Muck,
    Notice,
    NoticeKind,
    PostAnte,
    PostBlind,
    RaiseTo,
    ReturnUncalled,
    Show,
    Street,
    StreetStart,
)
from hhtool.rules.ruleset import RuleSet
from hhtool.validate import HandResult, validate_hand, validate_paths

RULES = RuleSet(rake=pokerstars_schedule())


def problems(results) -> list:
    """Every finding above info, hand and file findings alike."""
    out = []
    for result in results:
        findings = result.findings if isinstance(result, HandResult) else [result]
        out.extend(f for f in findings if f.severity is not Severity.INFO)
    return out


def validate_file(path: Path, count: int) -> list:
    results = list(validate_paths([path], RULES))
    hands = [r for r in results if isinstance(r, HandResult)]
    assert len(hands) == count
    assert Counter(r.status for r in hands) == {"valid": count}
    return problems(results)


def parse_text(text: str, file: str = "generated"):
    result = parse_block(Block(file, 1, 1, "pokerstars", text))
    assert result.status is Status.PARSED, [f.as_dict() for f in result.findings]
    return result.hand


# -- legal hands ------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("game", GAMES)
def test_generated_hands_validate_without_findings(tmp_path, game, seed):
    """300 hands per game and seed, through the whole pipeline: read, parse, replay, settle, cross-hand."""
    path = tmp_path / f"{game}-{seed}.txt"
    assert write_hands(path, 300, seed, game) == 300
    assert validate_file(path, 300) == []


@pytest.mark.parametrize(
    ("options", "label"),
    [
        ({"players": (2, 2)}, "heads-up tables"),
        ({"players": (9, 10)}, "full ring, up to 10 seats"),
        ({"tournaments": 1.0}, "tournaments only: antes, levels, eliminations"),
        ({"tournaments": 0.0, "hands_per_table": (80, 120)}, "long cash sessions: rebuys, top-ups"),
        ({"odd_names": 0.5}, "names with spaces, colons, brackets, $ and other scripts"),
        ({"hands_per_table": (1, 2)}, "a new table every hand or two"),
    ],
)
def test_generated_variants_validate_without_findings(tmp_path, options, label):
    path = tmp_path / "variant.txt"
    write_hands(path, 300, 11, "mix", **options)
    assert validate_file(path, 300) == [], label


def test_validation_is_not_vacuous():
    """A generated hand with one collected amount off by a cent is caught (HH205/HH206/HH210)."""
    for hand in generate_hands(200, 4, "nl"):
        collects = [i for i, e in enumerate(hand.events) if type(e) is Collect]
        if collects:
            break
    events = list(hand.events)
    i = collects[0]
    events[i] = msgspec.structs.replace(events[i], amount=events[i].amount + 1)
    broken = msgspec.structs.replace(hand, events=tuple(events))
    assert validate_hand(hand, RULES).findings == []
    codes = {f.code for f in validate_hand(broken, RULES).findings}
    assert codes & {"HH205", "HH206"}


# -- the text ---------------------------------------------------------------------------------
def test_render_parse_is_exact_for_generated_hands():
    """Generated hands carry the line numbers of their own text: parsing it gives the same Hand."""
    for hand in generate_hands(400, 5, "mix", odd_names=0.2):
        assert parse_text(render_hand(hand)) == hand


def test_summary_lines_match_their_fields():
    for hand in generate_hands(300, 6, "mix"):
        for seat in hand.claims.seats:
            assert format_seat_summary(seat, hand.header) == seat.text


def test_write_hands_pokerstars_layout(tmp_path):
    path = tmp_path / "hands.txt"
    assert write_hands(path, 25, 3, "nl") == 25
    data = path.read_bytes()
    assert not data.startswith(b"\xef\xbb\xbf") and b"\r" not in data
    text = data.decode("utf-8")
    assert text.startswith("PokerStars Hand #")
    assert text.endswith("\n\n\n\n") and not text.endswith("\n\n\n\n\n")
    blocks = text.split("\n\n\n\n")
    assert blocks[-1] == "" and len(blocks) == 26
    assert all(block.startswith("PokerStars Hand #") and "\n\n" not in block for block in blocks[:-1])
    read = [b for b in read_blocks(path) if isinstance(b, Block)]
    assert len(read) == 25 and all(b.dialect == "pokerstars" for b in read)
    assert "".join(render_hand(h) + "\n\n\n" for h in generate_hands(25, 3, "nl")) == text


def test_generate_text_is_rendered_hands():
    texts = list(generate_text(10, 9, "pl"))
    assert texts == [render_hand(h) for h in generate_hands(10, 9, "pl")]
    assert all(t.endswith("\n") and not t.endswith("\n\n") for t in texts)


# -- determinism and arguments ----------------------------------------------------------------
def test_same_seed_same_hands():
    assert list(generate_text(150, 42, "mix")) == list(generate_text(150, 42, "mix"))
    assert list(generate_text(50, 42, "mix")) != list(generate_text(50, 43, "mix"))
    assert list(generate_text(50, 42, "nl")) != list(generate_text(50, 42, "fl"))


def test_players_as_one_number():
    assert {len(h.seats) for h in generate_hands(60, 3, "mix", players=6)} == {6} or all(
        h.header.is_tournament for h in generate_hands(60, 3, "mix", players=6) if len(h.seats) != 6
    )


def test_rng_drives_everything():
    one = [render_hand(h) for h in generate_hands(40, rng=random.Random(5))]
    two = [render_hand(h) for h in generate_hands(40, rng=random.Random(5))]
    assert one == two


def test_table_sessions_never_share_a_name():
    """A table's hands chain (stacks, button), so a new table session gets a name of its own."""
    sessions, last = [], None
    for hand in generate_hands(3000, 16, "mix", hands_per_table=(1, 2)):
        key = (hand.header.table, hand.header.tournament_id)
        if key != last:
            sessions.append(key)
            last = key
    assert len(sessions) > 1500 and len(set(sessions)) == len(sessions)


def test_a_random_that_repeats_itself_still_gives_distinct_names():
    class Stuck(random.Random):
        def random(self):
            return 0.0

        def _randbelow(self, n):
            return 0

    hands = list(generate_hands(20, rng=Stuck(), game="mix", players=(6, 6)))
    for hand in hands:
        assert len({seat.player for seat in hand.seats}) == len(hand.seats)
    assert len({(h.header.table, h.header.tournament_id) for h in hands}) >= 1


def test_hand_ids_unique_and_increasing():
    ids = [int(h.header.hand_id) for h in generate_hands(500, 8, "mix")]
    assert ids == sorted(ids) and len(set(ids)) == len(ids)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"game": "stud"},
        {"players": (1, 6)},
        {"players": (6, 11)},
        {"players": (7, 3)},
        {"players": 1},
        {"hands_per_table": (0, 3)},
        {"tournaments": 1.5},
    ],
)
def test_bad_arguments(kwargs):
    with pytest.raises(ValueError):
        list(generate_hands(1, 0, **kwargs))


@pytest.mark.parametrize("game", GAMES)
def test_game_and_stakes(game):
    limits = Counter()
    for hand in generate_hands(400, 12, game, tournaments=0.0):
        header = hand.header
        limits[header.limit] += 1
        assert header.currency == "USD" and header.scale == 100 and not header.is_tournament
        printed = (
            (header.small_bet, header.big_bet)
            if header.limit is Limit.FIXED_LIMIT
            else (header.small_blind, header.big_blind)
        )
        assert printed in CASH_STAKES[header.limit]
        assert RULES.rake.level_for("USD", header.big_blind, header.limit is Limit.FIXED_LIMIT) is not None
    expected = {
        "nl": {Limit.NO_LIMIT},
        "pl": {Limit.POT_LIMIT},
        "fl": {Limit.FIXED_LIMIT},
        "mix": {Limit.NO_LIMIT, Limit.POT_LIMIT, Limit.FIXED_LIMIT},
    }[game]
    assert set(limits) == expected


# -- tables: stacks carry over, the button moves ----------------------------------------------
def test_tables_carry_stacks_and_move_the_button():
    previous = None
    chained = rebuys = 0
    for hand in generate_hands(1500, 13, "mix", tournaments=0.3):
        state = validate_hand(hand, RULES)
        header = hand.header
        if previous is not None and previous[0] == header.table:
            _, last_button, final, seats = previous
            occupied = sorted(seat.seat for seat in hand.seats)
            following = [s for s in occupied if s > last_button] or occupied
            assert header.button_seat == following[0]
            for seat in hand.seats:
                if seats.get(seat.seat) != seat.player:
                    continue
                chained += 1
                before = final[seat.player]
                if header.is_tournament or seat.stack == before:
                    assert seat.stack == before
                else:  # cash: a rebuy after busting or a top-up, at least 50 big blinds
                    assert seat.stack > before and seat.stack >= 50 * header.big_blind
                    rebuys += before == 0
        won = Counter()
        for event in state.collects:
            won[event.player] += event.amount
        final = {name: p.stack + won[name] for name, p in state.players.items()}
        previous = (header.table, header.button_seat, final, {s.seat: s.player for s in hand.seats})
    assert chained > 5000 and rebuys > 0


def test_rake_follows_the_schedule():
    schedule = RULES.rake
    capped = 0
    for hand in generate_hands(1500, 14, "mix", tournaments=0.2):
        state = validate_hand(hand, RULES)
        rake = hand.claims.rake
        if hand.header.is_tournament:
            assert rake == 0
            continue
        if not hand.claims.boards:
            assert rake == 0  # no flop, no drop
            continue
        level = schedule.level_for("USD", hand.header.big_blind, hand.header.limit is Limit.FIXED_LIMIT)
        assert rake == schedule.due(level, state.pot_total, len(state.order))
        capped += rake == level.cap_for(len(state.order))
    assert capped > 0


# -- what the hands cover ---------------------------------------------------------------------
def test_generated_hands_cover_the_cases():
    seen = Counter()
    for hand in generate_hands(3000, 15, "mix", tournaments=0.25):
        events = hand.events
        kinds = {type(e) for e in events}
        header = hand.header
        seen["heads-up"] += len(hand.seats) == 2
        seen["tournament"] += header.is_tournament
        seen["antes"] += PostAnte in kinds
        seen[header.limit.value] += 1
        seen["walk"] += (
            not hand.claims.boards
            and sum(1 for e in events if type(e) is PostBlind) == 2
            and all(type(e) is not Call and type(e) is not RaiseTo for e in events)
        )
        seen["showdown"] += any(type(e) is StreetStart and e.street is Street.SHOWDOWN for e in events)
        seen["side pots"] += len(hand.claims.side_pots) >= 2
        pots = Counter(e.pot_index for e in events if type(e) is Collect)
        seen["split pot"] += any(n > 1 for n in pots.values())
        seen["all-in raise"] += any(type(e) is RaiseTo and e.all_in for e in events)
        seen["all-in call"] += any(type(e) is Call and e.all_in for e in events)
        seen["short blind"] += any(type(e) is PostBlind and e.all_in for e in events)
        seen["uncalled"] += ReturnUncalled in kinds
        seen["uncalled before a later street"] += any(
            type(a) is ReturnUncalled and type(b) is StreetStart and b.street is not Street.SHOWDOWN
            for a, b in itertools.pairwise(events)
        )
        seen["muck at showdown"] += any(type(e) is Muck and e.mucked for e in events)
        seen["hero mucked"] += any(s.result == "mucked" and s.cards for s in hand.claims.seats)
        seen["capped"] += any(type(e) is Notice and e.kind is NoticeKind.BETTING_CAPPED for e in events)
        seen["elimination"] += any(type(e) is Notice and e.kind is NoticeKind.FINISHED for e in events)
        seen["shows"] += Show in kinds
        seen["hero"] += DealHole in kinds
        seen["SB and BB"] += {e.blind for e in events if type(e) is PostBlind} == {BlindKind.SMALL, BlindKind.BIG}
    for case in (
        "heads-up",
        "tournament",
        "antes",
        "NL",
        "PL",
        "FL",
        "walk",
        "showdown",
        "side pots",
        "split pot",
        "all-in raise",
        "all-in call",
        "short blind",
        "uncalled",
        "uncalled before a later street",
        "muck at showdown",
        "hero mucked",
        "capped",
        "elimination",
        "shows",
        "hero",
        "SB and BB",
    ):
        assert seen[case] > 0, case


# -- disagreements with other parts of hhtool (see the report) --------------------------------
DEALT_TO_BRACKETS = """\
PokerStars Hand #300000000101:  Hold'em No Limit ($0.05/$0.10 USD) - 2020/04/16 13:54:25 ET
Table 'Testa I' 6-max Seat #1 is the button
Seat 1: Alice ($10 in chips)
Seat 2: wo_olly [x] ($10 in chips)
Seat 3: Carol ($10 in chips)
wo_olly [x]: posts small blind $0.05
Carol: posts big blind $0.10
*** HOLE CARDS ***
Dealt to wo_olly [x] [Ah Kd]
Alice: folds
wo_olly [x]: folds
Uncalled bet ($0.05) returned to Carol
Carol collected $0.10 from pot
Carol: doesn't show hand
*** SUMMARY ***
Total pot $0.10 | Rake $0
Seat 1: Alice (button) folded before Flop (didn't bet)
Seat 2: wo_olly [x] (small blind) folded before Flop
Seat 3: Carol (big blind) collected ($0.10)
"""


def test_dealt_to_name_ending_in_brackets():
    hand = parse_text(DEALT_TO_BRACKETS)
    dealt = next(e for e in hand.events if type(e) is DealHole)
    assert (dealt.player, dealt.cards) == ("wo_olly [x]", ("Ah", "Kd"))


# Two short all-in raises that add up to a full raise: Cid bet 100, the all-ins take it to 210, so Cid
# faces 110 more, a full raise (TDA rule 43: "an all-in wager, or cumulative multiple short all-ins,
# totaling less than a full raise does not reopen the betting"; a total of a full raise does).
CUMULATIVE_SHORT_ALL_INS = """\
PokerStars Hand #300000000102: Tournament #2000000001, $10+$1 USD Hold'em No Limit - Level IV (50/100) - 2021/01/17 20:43:09 ET
Table '2000000001 1' 9-max Seat #1 is the button
Seat 1: Ann (5000 in chips)
Seat 2: Bob (5000 in chips)
Seat 3: Cid (5000 in chips)
Seat 4: Dee (250 in chips)
Seat 5: Eve (310 in chips)
Bob: posts small blind 50
Cid: posts big blind 100
*** HOLE CARDS ***
Dealt to Ann [Ah Ad]
Dee: calls 100
Eve: calls 100
Ann: folds
Bob: calls 50
Cid: checks
*** FLOP *** [2c 7d 9h]
Bob: checks
Cid: bets 100
Dee: raises 50 to 150 and is all-in
Eve: raises 60 to 210 and is all-in
Bob: calls 210
Cid: raises 390 to 600
Bob: folds
Uncalled bet (390) returned to Cid
*** TURN *** [2c 7d 9h] [Ts]
*** RIVER *** [2c 7d 9h Ts] [3s]
*** SHOW DOWN ***
Cid: shows [Kc Kd] (a pair of Kings)
Eve: shows [Qc Jd] (high card Queen)
Cid collected 180 from side pot
Dee: shows [8c 8d] (a pair of Eights)
Cid collected 1000 from main pot
*** SUMMARY ***
Total pot 1180 Main pot 1000. Side pot 180. | Rake 0
Board [2c 7d 9h Ts 3s]
Seat 1: Ann (button) folded before Flop (didn't bet)
Seat 2: Bob (small blind) folded on the Flop
Seat 3: Cid (big blind) showed [Kc Kd] and won (1180) with a pair of Kings
Seat 4: Dee showed [8c 8d] and lost with a pair of Eights
Seat 5: Eve showed [Qc Jd] and lost with high card Queen
"""


def test_cumulative_short_all_ins_reopen_the_betting():
    hand = parse_text(CUMULATIVE_SHORT_ALL_INS)
    assert [f.code for f in validate_hand(hand, RULES).findings] == []


def test_cli_generate_out_option_and_stdout(tmp_path):
    from typer.testing import CliRunner

    from hhtool.cli import app

    runner = CliRunner()
    out = tmp_path / "g.txt"
    result = runner.invoke(app, ["generate", "--hands", "5", "--seed", "3", "--game", "fl", "--out", str(out)])
    assert result.exit_code == 0, result.output
    expected = "".join(text + "\n\n\n" for text in generate_text(5, 3, "fl"))
    assert out.read_text(encoding="utf-8") == expected
    to_stdout = runner.invoke(app, ["generate", "-n", "5", "--seed", "3", "--game", "fl"])
    assert to_stdout.exit_code == 0 and to_stdout.stdout == expected
    both = runner.invoke(app, ["generate", str(tmp_path / "a.txt"), "--out", str(tmp_path / "b.txt")])
    assert both.exit_code == 2 and not (tmp_path / "a.txt").exists()


# -- every site ---------------------------------------------------------------------------------
_ACTIONS = ("Fold", "Check", "Call", "Bet", "RaiseTo", "PostBlind", "PostAnte", "ReturnUncalled", "Collect")


def _play(hand, returns: bool = True) -> list[tuple]:
    """What was played, whatever the site's text: who did what, with which chips (the street total of a
    raise; who won, not how much: the sites' rake differs). With `returns` False (a site that prints no
    uncalled return pays it with the pot, on a collected line), who took chips back, together."""
    out = []
    takers: set[str] = set()
    for event in hand.events:
        name = type(event).__name__
        if not returns and name in ("ReturnUncalled", "Collect"):
            takers.add(event.player)
        elif name in _ACTIONS:
            amount = getattr(event, "raise_to", None) or getattr(event, "added", None) or getattr(event, "amount", None)
            out.append((name, event.player, None if name == "Collect" else amount))
    if not returns:
        out.append(("took chips back", tuple(sorted(takers))))
    return out


def _rules(site: str) -> RuleSet:
    """The default site's hands are raked by its published schedule; other sites' are generated unraked."""
    return RULES if site == DEFAULT_SITE else RuleSet()


def _unnamed_side_pot(result) -> bool:
    """A hand with side pots whose text names none (only a total pot and `collected … from pot` lines)."""
    return result.state is not None and len(result.state.pots) > 1 and result.hand.claims.main_pot is None


@pytest.mark.parametrize("site", SITES)
def test_every_site_gets_legal_hands_of_the_same_play(tmp_path, site):
    """300 no-limit and pot-limit hands (cash and tournament) written as the site writes a file, read and
    validated clean by the whole pipeline; unraked, the play is the same as the default site's, hand for
    hand (one betting core; the writer only words it)."""
    for game in ("nl", "pl"):
        path = tmp_path / f"{site}-{game}.txt"
        assert write_hands(path, 300, 4, game, tournaments=0.3, site=site) == 300
        results = [r for r in validate_paths([path], _rules(site))]
        hands = [r for r in results if isinstance(r, HandResult)]
        assert len(hands) == 300 and {r.site for r in hands} == {dialects.named(site).site_name}
        assert problems(results) == [], [f.as_dict() for f in problems(results)][:5]
        assert all(r.status == "valid" for r in hands)
        # tournament tables (no rake anywhere, so the same stacks hand after hand): the same play
        said = dialects.named(site).conventions
        lumped = (
            said.uncalled_in_collected is dialects.UncalledInCollected.INSIDE
        )  # returns paid inside collected: who took chips back, together
        site_hands = list(generate_hands(300, 4, game, tournaments=1.0, site=site))
        default_hands = list(generate_hands(300, 4, game, tournaments=1.0))
        if said.odd_chip != dialects.conventions(dialects.get(DEFAULT_SITE).site_name).odd_chip:
            # the site gives a split pot's odd chip to another winner (S4 by site: Winamax, Bovada): one chip
            # moves, and that table's stacks, so its play, differ from then on; the same play until then
            stacks = [tuple(s.stack for s in h.seats) for h in site_hands]
            moved = next(
                (i for i, h in enumerate(default_hands) if tuple(s.stack for s in h.seats) != stacks[i]), len(stacks)
            )
            site_hands, default_hands = site_hands[:moved], default_hands[:moved]
            assert moved > 10
        played = [_play(h, not lumped) for h in site_hands]
        default = [_play(h, not lumped) for h in default_hands]
        unsaid = {"ReturnUncalled"} if not said.prints_uncalled and not lumped else set()  # the replay derives it
        if not said.prints_collects:  # nothing collected is printed (PHH): the actions alone
            unsaid |= {"Collect", "took chips back"}
        default = [[a for a in play if a[0] not in unsaid] for play in default]
        played = [[a for a in play if a[0] not in unsaid] for play in played]
        assert played == default


@pytest.mark.parametrize("site", SITES)
def test_a_site_says_the_games_its_reader_reads_back(site):
    """A site whose reader does not give back a betting structure's stakes is not generated that game
    (a mix table draws among the others); the default site says them all."""
    limits = recordable_limits(site)
    assert Limit.NO_LIMIT in limits
    if site == DEFAULT_SITE:
        assert limits == set(Limit) - {Limit.POT_LIMIT_PREFLOP}
    for game, limit in (("nl", Limit.NO_LIMIT), ("pl", Limit.POT_LIMIT), ("fl", Limit.FIXED_LIMIT)):
        if limit in limits:
            assert {h.header.limit for h in generate_hands(5, 1, game, site=site)} == {limit}
        else:
            with pytest.raises(ValueError, match="cannot say"):
                list(generate_hands(5, 1, game, site=site))
    assert {h.header.limit for h in generate_hands(300, 1, "mix", site=site)} <= limits


@pytest.mark.parametrize("site", [s for s in SITES if s != DEFAULT_SITE] or [None])
def test_side_pots_a_site_does_not_name_validate(tmp_path, site):  # found by the generator for GG (was an xfail)
    """GGPoker prints only the total pot and `collected $X from pot` lines: settle checks such pots per
    player over all the pots (i13-model), so generated side pots validate clean in its text too."""
    if site is None:
        pytest.fail("no other site with a writer")
    path = tmp_path / f"{site}.txt"
    write_hands(path, 400, 4, "nl", players=(3, 9), site=site)
    side = [r for r in validate_paths([path], _rules(site)) if isinstance(r, HandResult) and _unnamed_side_pot(r)]
    assert side
    assert problems(side) == []


def test_cli_generate_site(tmp_path):
    from typer.testing import CliRunner

    from hhtool.cli import app

    runner = CliRunner()
    default = runner.invoke(app, ["generate", "-n", "4", "--seed", "8"])
    named = runner.invoke(app, ["generate", "-n", "4", "--seed", "8", "--site", DEFAULT_SITE])
    assert default.exit_code == named.exit_code == 0 and default.stdout == named.stdout
    unknown = runner.invoke(app, ["generate", "-n", "4", "--site", "no-such-site"])
    assert unknown.exit_code == 2 and "site must be one of" in unknown.output
    for site in SITES:
        out = tmp_path / f"{site}.txt"
        result = runner.invoke(app, ["generate", "-n", "4", "--seed", "8", "--site", site, "--out", str(out)])
        assert result.exit_code == 0, result.output
        assert out.read_text(encoding="utf-8") == _file_text(site, 4, 8)


def _file_text(site: str, n: int, seed: int) -> str:
    texts = list(generate_text(n, seed, "nl", site=site))
    dialect = dialects.named(site)
    if dialect.conventions.newest_first:
        texts.reverse()
    return "".join(text + hand_separator(dialect) for text in texts)
