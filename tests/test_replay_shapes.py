"""The shapes the replay stage builds without their usual constructors, for speed (a hand's result,
identity and table snapshot are made as `NamedTuple._make` makes them; `Replay` and `Pot` are plain
classes): every field there, in order, with what the constructors would have given.

If a field is added to HandResult, Identity or TableSnapshot, these fail until the fast paths
(hhtool/validate.py `check_parsed`, hhtool/rules/crosshand.py) fill it too.
"""

from __future__ import annotations

from pathlib import Path

from hhtool.dialects.sites import hand_site
from hhtool.grammar import ParseResult, Status
from hhtool.pipeline import parse_paths_with_text
from hhtool.rules.crosshand import Identity, TableSnapshot, identity, table_snapshot, text_digest
from hhtool.rules.replay import Pot, Replay
from hhtool.rules.ruleset import RuleSet
from hhtool.validate import HandResult, check_hand, check_parsed

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def _parsed() -> list[tuple[ParseResult, str]]:
    out = []
    for item, text in parse_paths_with_text([SAMPLES]):
        if isinstance(item, ParseResult) and item.status is Status.PARSED and text is not None:
            out.append((item, text))
    assert len(out) > 20
    return out


def test_check_parsed_fills_every_field_of_a_hand_result():
    rules = RuleSet()
    for parsed, _ in _parsed():
        result = check_parsed(parsed, rules)
        assert type(result) is HandResult and len(result) == len(HandResult._fields)
        assert result.state is not None
        made = HandResult(
            parsed.status.value,
            result.status,
            parsed.file,
            parsed.line,
            parsed.site,
            parsed.hand_id,
            result.findings,
            hand=parsed.hand,
            state=result.state,
            replayed=True,
        )
        assert result == made


def test_check_hand_fills_every_field_of_a_hand_result():
    rules = RuleSet()
    for parsed, text in _parsed():
        result = check_hand(parsed, text, rules)
        assert type(result) is HandResult and len(result) == len(HandResult._fields)
        own = check_parsed(parsed, rules)
        made = HandResult(
            parsed.status.value,
            own.status,
            parsed.file,
            parsed.line,
            parsed.site,
            parsed.hand_id,
            own.findings,
            hand=parsed.hand,
            state=result.state,
            ident=identity(parsed.hand, text),
            table=table_snapshot(result.state),
            replayed=True,
            column=parsed.column,
        )
        assert result == made


def test_identity_and_snapshot_are_their_constructors_results():
    rules = RuleSet()
    snapshots = 0
    for parsed, text in _parsed():
        hand = parsed.hand
        ident = identity(hand, text)
        assert type(ident) is Identity and len(ident) == len(Identity._fields)
        assert ident == Identity(hand.uid, text_digest(text), hand.header.hand_id, hand.source.file, hand.source.line)
        state = check_parsed(parsed, rules).state
        snapshot = table_snapshot(state)
        if snapshot is None:
            continue
        snapshots += 1
        assert type(snapshot) is TableSnapshot and len(snapshot) == len(TableSnapshot._fields)
        assert snapshot == TableSnapshot(*snapshot)
        assert list(snapshot.dealt_seats) == sorted(p.seat for p in state.order)  # taken in seat order
        assert snapshot.hand_seats == tuple((s.seat, s.player, s.stack, s.line) for s in hand.seats)
        assert list(snapshot.seat_chips[0::2]) == [p.seat for p in state.players.values()]
    assert snapshots > 10


def test_replay_state_starts_empty_and_pots_compare_by_value():
    parsed, _ = _parsed()[0]
    site = hand_site(parsed.hand)
    state = Replay(parsed.hand, RuleSet(), site)
    assert (state.findings, state.players, state.pots, state.collects, state.ledger) == ([], {}, [], [], [])
    assert state.site is site and state.conventions is site.conventions  # the site as the caller gave it
    assert state.findings is not Replay(parsed.hand, RuleSet(), site).findings  # fresh containers per hand
    assert Pot(5, ("a", "b")) == Pot(5, ("a", "b")) and Pot(5, ("a",)) != Pot(5, ("b",))
    assert repr(Pot(5, ("a",))) == "Pot(amount=5, eligible=('a',))"
