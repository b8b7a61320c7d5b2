"""The generator plays Omaha high (issue #29): 4, 5 or 6 hole cards, exactly two of them with three of the
board at the showdown, pot limit unless a structure is asked for; every writer whose reader reads Omaha
writes it (its `GAMES`) and its reader reads the text back clean; the others refuse it. Kept cheap (a few
hundred hands per site, CI's time budget): the Hold'em tests stay in tests/test_generate.py."""

from __future__ import annotations

import hashlib
from collections import Counter

import pytest
from typer.testing import CliRunner

from hhtool import dialects
from hhtool.cli import app
from hhtool.dialects.pokerstars.rake import schedule as pokerstars_schedule
from hhtool.generate import (
    DEFAULT_SITE,
    SITES,
    generate_hands,
    generate_text,
    recordable_limits,
    variants_for,
    write_hands,
)
from hhtool.model import DealHole, Limit, Show
from hhtool.model.variant import VARIANTS
from hhtool.rules.ruleset import RuleSet
from hhtool.rules.showdown_value import best_high
from hhtool.validate import HandResult, validate_paths

# What each site's writer writes and its reader reads: the readers' game tables (session 16), PHH's `PO`
OMAHA_SITES = {
    "pokerstars": ("omaha", "omaha5", "omaha6"),
    "ggpoker": ("omaha", "omaha5", "omaha6"),
    "partypoker": ("omaha",),
    "ipoker": ("omaha",),
    "888poker": ("omaha",),
    "winamax": ("omaha", "omaha5"),
    "phh": ("omaha",),
}
# (and Omaha Hi/Lo where the writer writes it: tests/test_hilo_generate.py)
HOLDEM_ONLY = [site for site in SITES if site not in OMAHA_SITES]


def test_the_sites_variants_are_what_their_writers_declare():
    assert {site: tuple(v for v in variants_for(site)[1:] if "hilo" not in v) for site in OMAHA_SITES} == OMAHA_SITES
    assert {site: variants_for(site) for site in HOLDEM_ONLY} == {site: ("holdem",) for site in HOLDEM_ONLY}
    assert {"bovada", "fulltilt", "winning"} <= set(HOLDEM_ONLY)


def _rules(site: str) -> RuleSet:
    """The default site's cash hands are raked by its published schedule (checked); the others unraked."""
    return RuleSet(rake=pokerstars_schedule()) if site == DEFAULT_SITE else RuleSet()


@pytest.mark.parametrize("site", list(OMAHA_SITES))
def test_generated_omaha_hands_validate_without_findings(tmp_path, site):
    """150 hands a site, shared among its Omaha variants, cash and tournament, every structure it says:
    written by its writer, read by its reader, replayed and settled with 0 findings (descriptions too)."""
    variants = OMAHA_SITES[site]
    count = -(-150 // len(variants))
    for variant in variants:
        path = tmp_path / f"{site}-{variant}.txt"
        assert write_hands(path, count, 21, "mix", site=site, variant=variant, tournaments=0.25) == count
        results = list(validate_paths([path], _rules(site)))
        hands = [r for r in results if isinstance(r, HandResult)]
        assert Counter(r.status for r in hands) == {"valid": count}, (site, variant)
        assert [f.code for r in results for f in (r.findings if isinstance(r, HandResult) else [r])] == []
        holes = VARIANTS[variant].hole_cards
        assert {r.hand.header.game for r in hands} == {variant}
        dealt = [e for r in hands for e in r.hand.events if type(e) in (DealHole, Show) and e.cards]
        assert dealt and {len(e.cards) for e in dealt} == {holes}
        if dialects.wording(site) is not None:  # a site that prints a shown hand's description
            assert any(e.description for r in hands for e in r.hand.events if type(e) is Show)


def test_an_omaha_showdown_takes_exactly_two_hole_cards():
    """Among generated showdowns, hands whose Hold'em-style best five (any of the hole cards) would rank
    otherwise are won as Omaha ranks them: the winner holds the best `best_high` of the hand's shows."""
    differ = 0
    for hand in generate_hands(150, 5, "pl", players=(4, 6), tournaments=0.0, variant="omaha"):
        board = hand.claims.boards[0] if hand.claims.boards else ()
        shows = {e.player: e.cards for e in hand.events if type(e) is Show}
        if len(board) != 5 or len(shows) < 2 or hand.claims.side_pots:
            continue
        values = {p: best_high(VARIANTS["omaha"], cards, board) for p, cards in shows.items()}
        anything = {p: best_high(VARIANTS["holdem"], cards[:2], board) for p, cards in shows.items()}
        differ += any(values[p] != anything[p] for p in shows)
        top = max(values.values())
        winners = {s.player for s in hand.claims.seats if any(o.won for o in s.outcomes)}
        assert winners == {p for p, v in values.items() if v == top}, hand.header.hand_id
    assert differ


def test_omaha_is_pot_limit_unless_a_structure_is_asked_for():
    assert {h.header.limit for h in generate_hands(40, 3, variant="omaha5")} == {Limit.POT_LIMIT}
    assert {h.header.limit for h in generate_hands(40, 3, "nl", variant="omaha")} == {Limit.NO_LIMIT}
    assert {h.header.limit for h in generate_hands(40, 3)} == {Limit.NO_LIMIT}  # Hold'em: as before
    mixed = Counter(h.header.limit for h in generate_hands(120, 3, "mix", variant="omaha", hands_per_table=(3, 3)))
    assert mixed.most_common(1)[0][0] is Limit.POT_LIMIT and len(mixed) == 3


def test_structures_are_probed_per_site_and_variant():
    """PHH reads Omaha as `PO` only (pot limit): its Omaha is pot limit, its Hold'em every structure;
    GGPoker's headers do not give back fixed-limit stakes, in Omaha as in Hold'em."""
    assert recordable_limits("phh", "omaha") == {Limit.POT_LIMIT}
    assert recordable_limits("phh") == {Limit.NO_LIMIT, Limit.POT_LIMIT, Limit.FIXED_LIMIT}
    assert recordable_limits("ggpoker", "omaha6") == recordable_limits("ggpoker") == {Limit.NO_LIMIT, Limit.POT_LIMIT}
    with pytest.raises(ValueError, match="cannot say nl omaha hands"):
        generate_hands(5, 1, "nl", site="phh", variant="omaha")
    assert {h.header.limit for h in generate_hands(20, 1, "mix", site="phh", variant="omaha")} == {Limit.POT_LIMIT}


@pytest.mark.parametrize("site", HOLDEM_ONLY)
def test_a_site_whose_reader_reads_holdem_only_refuses_omaha(site):
    with pytest.raises(ValueError, match=f"cannot say omaha hands .*variants for {site}: holdem$"):
        generate_hands(5, 1, site=site, variant="omaha")
    omaha = next(generate_hands(1, 1, site=DEFAULT_SITE, variant="omaha"))
    with pytest.raises(ValueError, match="reads Hold'em only"):
        dialects.named(site).load("writer")(omaha)


def test_a_deck_deals_so_many_players():
    """One deck holds 5 board cards and 6 hole cards for 7 players, 5 for 9: a wider range is cut to that."""
    seated = {len(h.seats) for h in generate_hands(60, 2, players=(7, 10), variant="omaha6", hands_per_table=(1, 1))}
    assert seated == {7}
    assert max(len(h.seats) for h in generate_hands(60, 2, players=(9, 10), variant="omaha5")) == 9
    with pytest.raises(ValueError, match="at most 7 players"):
        generate_hands(5, 1, players=(8, 9), variant="omaha6")
    with pytest.raises(ValueError, match="variant must be one of"):
        generate_hands(5, 1, variant="omaha6_hilo")


def test_cli_generate_variant(tmp_path):
    runner = CliRunner()
    out = tmp_path / "plo5.txt"
    done = runner.invoke(
        app, ["generate", "-n", "3", "--seed", "4", "--variant", "omaha5", "--site", "winamax", "-o", str(out)]
    )
    assert done.exit_code == 0, done.output
    assert out.read_text(encoding="utf-8") == "".join(
        t + dialects.named("winamax").hand_separator for t in generate_text(3, 4, site="winamax", variant="omaha5")
    )
    assert " - Omaha5 pot limit (" in out.read_text(encoding="utf-8")
    refused = runner.invoke(app, ["generate", "-n", "3", "--variant", "omaha", "--site", "bovada"])
    assert refused.exit_code == 2 and "variants for bovada: holdem" in refused.output


# The first 40 Hold'em hands of seed 7 (mixed structures) of every site, as main wrote them at 2df7ff8 before
# the generator played Omaha: the default game's text stays byte for byte what it was.
HOLDEM_DIGESTS = {
    "pokerstars": "01f5138b3b9cf1de",
    "ggpoker": "e8393139872d50c4",
    "partypoker": "19b0bfc927147cac",
    "ipoker": "ac775555ee9bd94b",
    "888poker": "23a588d9c115bcb1",
    "winamax": "41dfc3eff2f7c1ca",
    "winning": "1483bf3125b1e184",
    "fulltilt": "523c16c0f6e9538e",
    "bovada": "a45b7aac7421c28d",
    "phh": "d981af39a9b6d220",
}


@pytest.mark.parametrize("site", SITES)
def test_holdem_text_is_unchanged(site):
    text = "".join(generate_text(40, 7, "mix", site=site))
    assert hashlib.sha256(text.encode()).hexdigest()[:16] == HOLDEM_DIGESTS[site]
