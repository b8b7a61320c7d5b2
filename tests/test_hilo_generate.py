"""Omaha Hi/Lo written and generated (issue #29): every writer whose reader reads hi/lo writes it (its `GAMES`), in
its site's words; the generator plays it (split, quartered and scooped pots, pots no low qualifies for, the odd chip
to the high half) and its hands validate with 0 findings; a written hand reads back as the same hand. PHH says
hi/lo as `FO/8`, fixed limit, only (PokerKit's game codes have no pot-limit hi/lo). Kept cheap (a few hundred
hands a site)."""

from __future__ import annotations

from collections import Counter

import msgspec
import pytest

from hhtool import dialects
from hhtool.dialects.pokerstars.rake import schedule as pokerstars_schedule
from hhtool.generate import DEFAULT_SITE, SITES, generate_hands, recordable_limits, variants_for, write_hands
from hhtool.grammar import Status, parse_block
from hhtool.interchange.check import shape
from hhtool.io import Block
from hhtool.model import Collect, Limit, Notice, NoticeKind, Show
from hhtool.rules.hilo import halves
from hhtool.rules.ruleset import RuleSet
from hhtool.validate import HandResult, validate_paths

# The sites whose writer writes hi/lo (their readers read it); GGPoker and Winamax read none (no sample of their
# hi/lo words), the Hold'em-only sites none
HILO_SITES = {
    "pokerstars": ("omaha_hilo", "omaha5_hilo"),
    "partypoker": ("omaha_hilo",),
    "ipoker": ("omaha_hilo",),
    "888poker": ("omaha_hilo",),
    "phh": ("omaha_hilo",),
}


def test_the_writers_that_write_hi_lo():
    hi_lo = {site: tuple(v for v in variants_for(site) if "hilo" in v) for site in SITES}
    assert {site: v for site, v in hi_lo.items() if v} == HILO_SITES


def _rules(site: str) -> RuleSet:
    return RuleSet(rake=pokerstars_schedule()) if site == DEFAULT_SITE else RuleSet()


@pytest.mark.parametrize("site", list(HILO_SITES))
def test_generated_hi_lo_hands_validate_without_findings(tmp_path, site):
    """200 hands a site, shared among its hi/lo variants, cash and tournament, every structure it says: written by
    its writer, read by its reader, replayed and settled with 0 findings (PokerStars' `HI: …; LO: …` too)."""
    variants = HILO_SITES[site]
    count = 200 // len(variants)
    for variant in variants:
        path = tmp_path / f"{site}-{variant}.txt"
        assert write_hands(path, count, 12, "mix", site=site, variant=variant, tournaments=0.25) == count
        results = list(validate_paths([path], _rules(site)))
        hands = [r for r in results if isinstance(r, HandResult)]
        assert Counter(r.status for r in hands) == {"valid": count}, (site, variant)
        assert [f.code for r in results for f in (r.findings if isinstance(r, HandResult) else [r])] == []
        assert {r.hand.header.game for r in hands} == {variant}
    if site == DEFAULT_SITE:
        text = path.read_text(encoding="utf-8")
        assert "Omaha Hi/Lo" in text and "; LO: " in text and "No low hand qualified" in text


def _pots(hand) -> dict[int | None, list[tuple[str, int]]]:
    pots: dict[int | None, list[tuple[str, int]]] = {}
    for event in hand.events:
        if type(event) is Collect:
            pots.setdefault(event.pot_index, []).append((event.player, event.amount))
    return pots


def test_the_generator_splits_quarters_and_scoops():
    """Among 400 PokerStars hi/lo hands: pots split between a high and a low hand, the odd chip to the high half;
    quartered pots (a player with the high and a share of the low); a scooper's two lines; pots no low qualifies
    for, which PokerStars says."""
    shapes: Counter[str] = Counter()
    for hand in generate_hands(400, 5, "mix", players=(3, 6), variant="omaha_hilo", tournaments=0.0):
        lows = any(type(e) is Show and "; LO: " in (e.description or "") for e in hand.events)
        if any(type(e) is Notice and e.kind is NoticeKind.NO_LOW_HAND for e in hand.events):
            shapes["no low"] += 1
        for paid in _pots(hand).values():
            players = [name for name, _ in paid]
            if len(paid) == 2 and len(set(players)) == 2 and lows:
                high, low = paid[0][1], paid[1][1]
                if (high + low) % 2:
                    assert (high, low) == halves(high + low), hand.header.hand_id
                    shapes["odd split"] += 1
            elif len(set(players)) > 1 and len(set(players)) < len(players):
                shapes["quartered"] += 1
            elif len(players) == 2 and len(set(players)) == 1:
                assert tuple(a for _, a in paid) == halves(sum(a for _, a in paid)), hand.header.hand_id
                shapes["scoop on two lines"] += 1
    assert set(shapes) == {"no low", "odd split", "quartered", "scoop on two lines"}, shapes


@pytest.mark.parametrize("site", list(HILO_SITES))
def test_a_written_hi_lo_hand_reads_back_as_the_same_hand(site):
    """The writer's text of each generated hand (what the site's reader read) reads back record for record."""
    writer = dialects.named(site).load("writer")
    name = dialects.named(site).name
    for hand in generate_hands(60, 8, "mix", players=(3, 6), site=site, variant="omaha_hilo"):
        back = parse_block(Block("back", 1, 1, name, writer(hand)))
        assert back.status is Status.PARSED and back.hand is not None
        assert shape(back.hand) == shape(hand), hand.header.hand_id


def test_888_writes_its_hi_and_lo_card_lines():
    """888's `(Hi: …)` and `(Lo: …)` lines after a show (its reader's description, five cards each) are written
    back; a description in other words is not printed (888 prints none)."""
    writer = dialects.named("888poker").load("writer")
    hand = next(generate_hands(1, 2, site="888poker", variant="omaha_hilo"))
    show = Show(0, hand.seats[0].player, ("5c", "8h", "2h", "Kd"), "HI: 5c, 5d, Th, Kd, As; LO: 2h, 5d, 6d, 8h, As")
    worded = Show(0, hand.seats[0].player, ("5c", "8h", "2h", "Kd"), "HI: a pair of Fives; LO: 8,6,5,2,A")
    for event, lines in ((show, ["(Hi: 5c, 5d, Th, Kd, As)", "(Lo: 2h, 5d, 6d, 8h, As)"]), (worded, [])):
        text = writer(msgspec.structs.replace(hand, events=(event,)))
        after = text.split("** Summary **\n")[1].splitlines()
        assert after[1 : 1 + len(lines)] == lines and not any(line.startswith("(") for line in after[1 + len(lines) :])


def test_phh_writes_fixed_limit_hi_lo_as_fo8_and_refuses_the_others():
    assert recordable_limits("phh", "omaha_hilo") == {Limit.FIXED_LIMIT}
    text = "".join(
        dialects.named("phh").load("writer")(h) for h in generate_hands(5, 3, "fl", site="phh", variant="omaha_hilo")
    )
    assert text.count("variant = 'FO/8'") + text.count('variant = "FO/8"') == 5
    with pytest.raises(ValueError, match="cannot say pl omaha_hilo hands"):
        generate_hands(5, 1, "pl", site="phh", variant="omaha_hilo")
    pl = next(generate_hands(1, 3, "pl", variant="omaha_hilo"))
    with pytest.raises(ValueError, match="not omaha_hilo PL"):
        dialects.named("phh").load("writer")(pl)


def test_pokerkit_plays_generated_fo8_hands_to_hhtool_s_stacks():
    """PokerKit replays hhtool's PHH of generated fixed-limit hi/lo hands (split and quartered pots included) to the
    finishing stacks hhtool wrote, the rake given back to the winners (PokerKit pays the whole pot)."""
    pokerkit = pytest.importorskip("pokerkit")
    writer = dialects.named("phh").load("writer")
    checked = 0
    for hand in generate_hands(80, 4, "fl", players=(3, 6), site="phh", variant="omaha_hilo", tournaments=1.0):
        history = pokerkit.HandHistory.loads(writer(hand))
        state = None
        for state, _ in history.state_actions:
            pass
        assert state is not None and list(state.stacks) == list(history.finishing_stacks), hand.header.hand_id
        checked += 1
    assert checked == 80


def test_phh_hi_lo_is_fixed_limit_when_no_structure_is_asked_for():
    assert {h.header.limit for h in generate_hands(10, 2, site="phh", variant="omaha_hilo")} == {Limit.FIXED_LIMIT}
    assert {h.header.limit for h in generate_hands(10, 2, variant="omaha_hilo")} == {Limit.POT_LIMIT}
