"""The round trip of every dialect with a writer (and OHH), over the samples and the corpus, and PokerKit as a reader.

For each hand read (valid or invalid) and each target dialect with a writer, the hand is written as
`hhtool convert` writes it (`hhtool.interchange.for_site`, the writer, the read-back check) and:

- **OHH** (`--to ohh`, hhtool.interchange.ohh, read by hhtool.dialects.ohh) is written only when its
  reader reads it back as the same hand to the rules (`check.differs`): `written` counts those;
- **hhtool reads it back as the same hand**: the same header betting fields, seats, events and claims
  (`hhtool.interchange.check.shape`, of the hand made ready for the target: what the writer was given);
  a hand the target cannot say is HH045 (`CannotSay`), counted by its reason;
- **PokerKit replays it** (no-limit hold'em, the only game its `PokerStarsParser` reads) to hhtool's final
  stacks: PokerStars text through `pokerkit.notation.PokerStarsParser`, PHH through `HandHistory.load_all`.

What PokerKit cannot see is accounted for, not hidden:

- the **rake** (and a site's other fees): PokerKit pays the whole pot, so a player who collected may end
  with more than hhtool says, by the room's take in all (`_settles`);
- **antes in PokerStars text**: `PokerStarsParser` has no pattern for `posts the ante` (its `ANTE_POSTING`
  matches nothing), so each player keeps the ante and the pot lacks it. The stock parser is measured with
  that accounted for (`_settles(antes=...)`), and an ante-reading subclass (`AntePokerStarsParser`, the
  same parser with the ante line's pattern) replays the hand itself: a player whose last chips went in as
  an ante is all-in only with the antes read;
- dead blinds (`posts small & big blinds`) and run-it-twice hands PokerKit's parser does not read: counted.

CI runs the samples and a sample of the corpus (every `_STRIDE`-th hand, under a minute); the full run over
every corpus hand is `HHTOOL_FULL_ROUND_TRIP=1` (a few minutes), which also prints the figures per dialect.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import warnings
from collections import Counter, defaultdict
from decimal import Decimal
from pathlib import Path

import msgspec
import pytest

from hhtool import dialects
from hhtool.findings import Finding
from hhtool.interchange import CannotSay, target
from hhtool.interchange.check import read_back, shape
from hhtool.interchange.for_site import for_site
from hhtool.model import BlindKind, Limit, PostAnte, PostBlind
from hhtool.validate import validate_paths

pokerkit = pytest.importorskip("pokerkit")
from pokerkit.notation import HandHistory, PokerStarsParser

SAMPLES = Path(__file__).parent.parent / "samples"
CORPUS = os.environ.get("HHTOOL_CORPUS")
FULL = os.environ.get("HHTOOL_FULL_ROUND_TRIP") == "1"
_STRIDE = 12  # the CI sample of the corpus: every 12th hand read (a few of each small dialect's)


# The targets whose text holds every record of a hand, read back record for record (`same_hand`); another
# target's text says a hand its own way (a raise by its total only, deals in its order), and a hand is written
# in it only when its reader reads the text back as the same hand to the rules (`hhtool.interchange.check.
# differs`, run by every conversion: the same players, actions with their chips, cards, pots, awards, final
# stacks, rake and findings), so `written` counts those.
STRICT = frozenset({"pokerstars"})


class AntePokerStarsParser(PokerStarsParser):
    """PokerKit's PokerStars parser with the ante line read (`Player: posts the ante 10`)."""

    ANTE_POSTING = re.compile(r"(?P<player>.+): posts the ante \D?(?P<ante>[0-9.,]+)")


def _writers() -> list[str]:
    return [d.name for d in dialects.dialects() if d.writer is not None]


def _minor(scale: int):
    """PokerKit's value parser in the hand's minor units (integers: no float, no Decimal chips)."""
    return lambda text: int(Decimal(text.replace(",", "")) * scale)


def pokerkit_stacks(text: str, target: str, scale: int, parser: type = PokerStarsParser) -> dict[str, int]:
    """Player → final stack in the hand's minor units as PokerKit replays `text` (PokerStars text through
    `parser`, PHH through `HandHistory.load_all`); raises what PokerKit raises when it cannot."""
    with warnings.catch_warnings(), contextlib.redirect_stderr(io.StringIO()):
        warnings.simplefilter("ignore")  # PokerKit warns of every field it does not know, prints what it fails on
        if target == "phh":  # amounts in units (`0.25`): in minor units after the replay
            histories = list(HandHistory.load_all(io.BytesIO(text.encode("utf-8"))))
            unit = scale
        else:
            histories = list(parser()(text, parse_value=_minor(scale), error_status=True))
            unit = 1
        if len(histories) != 1:
            raise ValueError(f"PokerKit read {len(histories)} hands")
        history = histories[0]
        final = tuple(history)[-1]
        return dict(zip(history.players, (int(Decimal(str(stack)) * unit) for stack in final.stacks)))


def _settles(pk: dict[str, int], state, antes: Counter | None = None) -> bool:
    """Whether PokerKit's final stacks are hhtool's up to the room's take (rake and fees: the players who
    collected may end with more, by that much in all) and, with `antes` (the antes PokerKit did not read),
    up to them: each player keeps his ante, the pot (so its winners) has them less."""
    final = state.final_stacks()
    if not set(pk) <= set(final):
        return False
    # PokerKit's players are those who post or act: a seated player sitting the hand out (no post, no action)
    # is not one, and must end with the stack he sat down with
    seated = {seat.player: seat.stack for seat in state.hand.seats}
    if any(final[p] != seated.get(p) for p in set(final) - set(pk)):
        return False
    final = {p: final[p] for p in pk}
    collected = state.collected_by()
    claims = state.hand.claims
    rake = claims.rake if claims.rake is not None else state.pot_total - sum(collected.values()) - state.fees
    antes = antes or Counter()
    gap = {p: pk[p] - final[p] - antes[p] for p in final}
    return all(v == 0 for p, v in gap.items() if not collected.get(p)) and sum(gap.values()) == rake + state.fees - sum(
        antes.values()
    )


def _antes(state) -> Counter:
    paid: Counter = Counter()
    for event, _, chips in state.ledger:
        if type(event) is PostAnte:
            paid[event.player] += chips
    return paid


def round_trip(paths, names=None, stride: int = 1) -> dict:
    """Every `stride`-th hand read from `paths`, written in each target of `names` (default: every dialect
    with a writer): figures by (target, source site)."""
    names = names or _writers()
    figures: dict = defaultdict(Counter)
    refused: dict = defaultdict(Counter)
    failures: dict = defaultdict(list)
    seen = 0
    for result in validate_paths(paths):
        if isinstance(result, Finding) or result.hand is None or result.status not in ("valid", "invalid"):
            continue
        if result.hand.header.game != "holdem":
            continue  # Omaha (read since #29; PHH alone writes it: tests/test_phh.py) leaves the Hold'em sample as it was
        seen += 1
        if (seen - 1) % stride:
            continue
        hand, header = result.hand, result.hand.header
        no_limit = header.game == "holdem" and header.limit is Limit.NO_LIMIT
        for name in names:
            key = (name, result.site)
            count = figures[key]
            count["hands"] += 1
            count["no-limit"] += no_limit
            try:
                text = target(name).render(hand, result.state)
            except CannotSay as exc:
                refused[key][_reason(str(exc))] += 1
                continue
            count["written"] += 1
            if name in STRICT:
                back = read_back(text, name)
                if back is not None and same_hand(for_site(hand, name, result.state), back):
                    count["same hand"] += 1
                else:
                    failures[key].append((result.file, result.hand_id, "read back differs"))
            if not no_limit or name not in ("pokerstars", "phh"):
                continue
            count["no-limit written"] += 1
            _pokerkit(text, name, result, count, failures[key])
    return {"figures": figures, "refused": refused, "failures": failures}


def pokerkit_cannot(hand) -> str | None:
    """What of the hand PokerKit's `PokerStarsParser` has no pattern for (so that its replay is another hand),
    or None: money paid outside the pot (cash outs), a board run twice, a blind other than one small and one
    big blind (a dead `posts small & big blinds`, a button blind, a straddle, a second big blind)."""
    kinds = {type(event).__name__ for event in hand.events}
    if kinds & {"CashOut", "EVCashout", "Insurance"}:
        return "a cash out"
    if hand.claims.runs > 1 or len(hand.claims.boards) > 1:
        return "a board run twice"
    blinds = [event for event in hand.events if type(event) is PostBlind]
    if (
        any(b.blind not in (BlindKind.SMALL, BlindKind.BIG) or b.dead for b in blinds)
        or len({b.player for b in blinds}) != len(blinds)
        or sum(b.blind is BlindKind.BIG for b in blinds) > 1
        or sum(b.blind is BlindKind.SMALL for b in blinds) > 1
    ):
        return "a blind besides one small and one big"
    return None


def _pokerkit(text: str, name: str, result, count: Counter, failures: list) -> None:
    scale, state = result.hand.header.scale, result.state
    cannot = pokerkit_cannot(result.hand) if name == "pokerstars" else None
    if cannot is not None:
        count[f"PokerKit cannot: {cannot}"] += 1
    try:
        stacks = pokerkit_stacks(text, name, scale)
    except Exception as exc:  # noqa: BLE001 - whatever PokerKit raises, it did not read the hand
        stacks = None
        failures.append((result.file, result.hand_id, f"PokerKit[{cannot}] {type(exc).__name__}: {exc}"[:140]))
    antes = _antes(state) if name == "pokerstars" else Counter()
    if stacks is not None:
        count["PokerKit reads"] += 1
        if _settles(stacks, state, antes):
            count["PokerKit stacks"] += 1
        elif not antes:
            failures.append((result.file, result.hand_id, f"PokerKit[{cannot}] stacks {stacks}"))
    if not antes:
        count["with antes read"] += stacks is not None and _settles(stacks, state)
        return
    count["antes"] += 1
    try:
        stacks = pokerkit_stacks(text, name, scale, AntePokerStarsParser)
    except Exception as exc:  # noqa: BLE001
        failures.append((result.file, result.hand_id, f"PokerKit[{cannot}] with antes: {type(exc).__name__}"))
        return
    if _settles(stacks, state):
        count["with antes read"] += 1
    else:
        failures.append((result.file, result.hand_id, f"PokerKit[{cannot}] with antes stacks {stacks}"))


def same_hand(written, back) -> bool:
    """Whether the hand read back is the hand written, record for record (`shape`), with two things set aside,
    each for a reason of the target's text: a per-player checksum (`Claims.ledgers`: iPoker's and PartyPoker's)
    in a target that prints none (the read-back has none), and a summary's `is sitting out`, which the
    PokerStars reader keeps as result `other` (the line as printed) where Full Tilt's and Chico's say `sat_out`."""
    want, got = shape(written), shape(back)
    if want == got:
        return True
    replace = msgspec.structs.replace
    claims = want[3]
    if not got[3].ledgers:
        claims = replace(claims, ledgers=())
    claims = replace(
        claims, seats=tuple(replace(s, result="other") if s.result == "sat_out" else s for s in claims.seats)
    )
    return (*want[:3], claims) == got


def _reason(text: str) -> str:
    """A refusal by its kind: names and numbers set aside."""
    return re.sub(r"\d+", "N", re.sub(r"'[^']*'", "'…'", text))[:100]


def report(figures: dict) -> str:
    lines = []
    for (name, site), count in sorted(figures["figures"].items()):
        nl = count["no-limit written"]
        lines.append(
            f"{name:<11} {site:<11} "
            + " ".join(f"{k}={v}" for k, v in count.items())
            + (f"  PokerKit {100 * count['PokerKit reads'] / max(count['no-limit'], 1):.1f}% of no-limit" if nl else "")
        )
        for reason, n in figures["refused"][(name, site)].most_common(4):
            lines.append(f"{'':24}refused {n}: {reason}")
    return "\n".join(lines)


# -- the samples: every dialect with a writer ---------------------------------------------------------------
@pytest.fixture(scope="module")
def samples() -> dict:
    return round_trip([SAMPLES], [*_writers(), "ohh"])


def test_every_sample_hand_written_as_pokerstars_text_reads_back_as_the_same_hand(samples):
    for key in samples["figures"]:
        wrong = [f for f in samples["failures"][key] if f[2] == "read back differs"]
        assert wrong == [], (key, wrong)
    figures = samples["figures"]
    assert figures[("pokerstars", "pokerstars")]["same hand"] > 20
    for (name, site), count in figures.items():
        if name == "pokerstars":
            assert count["same hand"] == count["written"], site


# Sample hands PokerKit does not replay to hhtool's stacks for a reason `pokerkit_cannot` does not name (found
# by this suite, not yet explained; each is PokerKit's reading, the hhtool read-back of each is the same hand).
KNOWN_POKERKIT = {
    "204318770251": "player names PokerKit's `(?P<player>.+):` patterns split elsewhere (chat lines)",
    "222753190834": "an ante that leaves a player short of the big blind",
    "14110000001": "PartyPoker cash hand: stacks differ (to explain)",
    "151000001": "WPN cap table with a jackpot fee: stacks differ (to explain)",
    "1700000001": "Chico dead post",
}


def test_pokerkit_replays_the_no_limit_samples_written_as_pokerstars_text_to_hhtools_stacks(samples):
    unexplained = {
        hand_id
        for (name, _), failed in samples["failures"].items()
        if name == "pokerstars"
        for _, hand_id, why in failed
        if why.startswith("PokerKit[None]")
    }
    assert unexplained <= set(KNOWN_POKERKIT), unexplained - set(KNOWN_POKERKIT)
    reads = sum(c["PokerKit reads"] for (n, _), c in samples["figures"].items() if n == "pokerstars")
    assert reads >= 59  # of 64 no-limit samples written as PokerStars text (the figure measured)


# -- the corpus ---------------------------------------------------------------------------------------------
# The share of no-limit hands PokerKit reads back, per source site, where it is below the 99% target of
# issue #25 today (measured on every 12th corpus hand; the reasons: play-money hundredths the PokerStars
# text cannot print, hands that pick up findings when read back, PokerKit's own limits): a floor that
# catches a regression, never the target itself.
# Measured over every hand (HHTOOL_FULL_ROUND_TRIP=1; a site of fewer than 20 no-limit hands in the CI sample
# is checked in the full run only), PokerKit's stock parser reads / no-limit hands, and why not 99%:
# - pokerstars 1013/1059 (95.7%): tournament hands with antes PokerKit cannot replay (its parser reads no ante
#   line: a player all-in by his ante is not all-in to it, "Unable to repair"); with the ante line read
#   (AntePokerStarsParser) 1036 settle to hhtool's stacks;
# - 888poker 177/205 (86.3%): 68 play-money hands in hundredths of a chip PokerStars text cannot print (refused),
#   and the freeroll tournaments' antes as above (with antes read 194 of the 200 written settle);
# - winamax 73/80 (91.2%): 4 play-money hands in hundredths, 2 read back with other findings;
# - partypoker 82/97 (84.5%; 64 before its shows were described in PokerStars' words): 14 hands read back with
#   findings or actions the source did not have (HH045: an unseated player's all-in blind, batched folds), not
#   written; betonline 31/49 (63.3%): Chico's counter-clockwise seats and play money; of the written ones
#   PokerKit reads all but 3 and 1 (an invalid source with a negative rake, antes);
# - winning 12/43 (27.9%): 29 tournament hands in hundredths of a chip (refused), 2 with a nameless player.
# PokerKit 0.7.7 cannot be given the antes: `PokerStarsParser.ANTE_POSTING` is `UNMATCHABLE_PATTERN` and
# `REParser._parse_antes` builds its `antes` from that pattern alone (no other line or field feeds them), so
# no shape of PokerStars' `posts the ante N` line is read. Measured over every corpus hand (2026-12), the no-
# limit hands PokerKit reads / those whose stacks settle, all hands and then without the hands with antes or
# in hundredths of a chip: pokerstars 1012/969 of 1059 (95.6%/91.5%) -> 497/491 of 505 (98.4%/97.2%); ggpoker
# 7440/7419 of 7503 -> 7382/7364 of 7441 (99.2%/99.0%); 888poker 177/161 of 205 -> 111/108 of 114 (97.4%/
# 94.7%); partypoker 82/78 of 97 -> 78/74 of 88 (88.6%/84.1%); winamax 73 of 80 -> 72 of 74 (97.3%); bovada
# 344/341 of 348 -> 337/335 of 338 (99.7%/99.1%); ipoker 104/99 of 105 -> 88/87 of 88; betonline 31/30 of 49 ->
# 31/30 of 46 (Chico's counter-clockwise seats, not written); winning 12 of 43 -> 10 of 12.
BELOW_TARGET = {
    "ggpoker": 0.985,
    "pokerstars": 0.955,
    "888poker": 0.86,
    "winamax": 0.91,
    "partypoker": 0.84,
    "betonline": 0.63,
    "winning": 0.27,
}
# Hands whose PokerStars text reads back otherwise, and why (each a writer gap to close)
READ_BACK_GAPS = {
    # two sitting-out players' summary lines "didn't bet" with no street: written "folded before Flop
    # (didn't bet)", read back as folded before the flop
    "22085692498641245-4-1299346444",
}


# What OHH cannot say, or says so that it reads back as another hand (refused, HH045): a cash drop, an EV
# cash-out, insurance (no field), the run each award of a run-twice board is from, a site's own order of
# play (Chico's counter-clockwise seats, GGPoker's straddle) and its rake spread over side pots (Winamax)
OHH_CANNOT = (
    "OHH has no field for",
    "validates with findings",
    "its players read back differ",
    "acts without a seat",
    "its actions read back differ",
    "its rake read back differ",
)


def test_every_sample_hand_written_as_ohh_reads_back_to_the_same_hand(samples):
    ohh = {site: c for (name, site), c in samples["figures"].items() if name == "ohh"}
    assert sum(c["written"] for c in ohh.values()) >= 58
    for (name, site), reasons in samples["refused"].items():
        if name == "ohh":
            assert all(r.startswith(OHH_CANNOT) or any(k in r for k in OHH_CANNOT) for r in reasons), (site, reasons)


@pytest.mark.skipif(not CORPUS, reason="HHTOOL_CORPUS is not set")
def test_the_corpus_round_trip_through_ohh():
    """parse(render(hand)) is the same hand for 98.8% of the corpus (measured on every hand: 18,591 of 18,811;
    the rest are the kinds `OHH_CANNOT` names: 53 cash drops and EV cash-outs, 160 read back otherwise)."""
    got = round_trip([CORPUS], ["ohh"], 1 if FULL else _STRIDE)
    if FULL:
        print("\n" + report(got))
    hands = sum(c["hands"] for c in got["figures"].values())
    written = sum(c["written"] for c in got["figures"].values())
    assert written >= 0.985 * hands, (written, hands, dict(got["refused"]))


@pytest.mark.skipif(not CORPUS, reason="HHTOOL_CORPUS is not set")
def test_the_corpus_round_trip_through_pokerstars_text():
    got = round_trip([CORPUS], ["pokerstars"], 1 if FULL else _STRIDE)
    if FULL:
        print("\n" + report(got))
    for (name, site), count in got["figures"].items():
        wrong = [f for f in got["failures"][(name, site)] if f[2] == "read back differs" and f[1] not in READ_BACK_GAPS]
        assert wrong == [], (site, wrong[:5])
        if count["no-limit"] >= 20:
            floor = BELOW_TARGET.get(site, 0.99)
            assert count["PokerKit reads"] >= floor * count["no-limit"], (site, count, got["refused"][(name, site)])
