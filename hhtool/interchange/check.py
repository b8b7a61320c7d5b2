"""Whether a hand written in a dialect reads back as the same hand: the check behind every conversion.

`hhtool convert` writes a hand in a dialect only when that dialect's reader reads the text back as the
same hand to the rules (`differs` with the source's replay: `outcome`): the same players dealt in with
the same stacks, the same posts and actions putting in the same chips, the same boards and known cards,
the same pots, collected amounts, final stacks, rake and fees, and the same findings. A format may say
a hand its own way (order the deals, leave a muck or a summary line out, derive what it does not
print) and still be the same hand; a writer that cannot say something (a line it has no words for, a
field its text has no place for, a pot whose award the source did not say) makes the hand HH045,
never a file that reads as another hand.

`shape` is the stricter comparison of the records themselves, for a site whose text holds every record
(the round trip of the tests): the header's betting fields (game, limit, blinds and
bets, currency and scale, N-max, button seat, cap, cash or tournament), the seats, the events and the
claims. Set aside, as they differ by nature between sites: the site, the hand id, the table name, the
times, line numbers, the text kept verbatim (summary seat lines, notices' text), muck lines (not every
site prints whether a player mucked or did not show) and fees of nothing (a site that prints
`Jackpot $0` and one that prints no jackpot at all both say that none was taken).
"""

from __future__ import annotations

import msgspec

from hhtool import dialects
from hhtool.codes import HH202, HH207, HH208, HH209, HH212
from hhtool.grammar import Status, parse_block
from hhtool.io import Block
from hhtool.model import Hand, Muck, Notice
from hhtool.model.cards import is_card
from hhtool.rules.replay import Replay


def read_back(text: str, dialect: str, file: str = "converted") -> Hand | None:
    """The hand the dialect's reader reads from `text` (None when it does not parse)."""
    parsed = parse_block(Block(file, 1, 1, dialect, text))
    return parsed.hand if parsed.status is Status.PARSED else None


def shape(hand: Hand) -> tuple:
    """What a rendering must keep: see the module's docstring."""
    replace = msgspec.structs.replace
    header, claims = hand.header, hand.claims
    events = tuple(
        replace(e, line=0, text="") if type(e) is Notice else replace(e, line=0)
        for e in hand.events
        if type(e) is not Muck
    )
    return (
        (
            header.game,
            header.limit,
            header.small_blind,
            header.big_blind,
            header.small_bet,
            header.big_bet,
            header.currency,
            header.scale,
            header.max_seats,
            header.button_seat,
            header.cap,
            header.is_tournament,
        ),
        tuple(replace(seat, line=0) for seat in hand.seats),
        events,
        replace(
            claims,
            line=0,
            board_lines=(),
            seats=tuple(replace(s, line=0, text="") for s in claims.seats),
            fees=tuple(fee for fee in claims.fees if fee[1]),
            ledgers=tuple(replace(ledger, line=0) for ledger in claims.ledgers),
        ),
    )


_PARTS = ("header", "seats", "events", "claims")


def differs(written: Hand, text: str, dialect: str, state: Replay | None = None) -> str | None:
    """None when `text` reads back in `dialect` as the hand written; else what differs (the first
    difference). Given the source hand's replay `state`, "the same hand" is the same hand to the rules
    (`outcome`: a format may order or word things its own way, e.g. deal every player's cards); without
    it, the same records (`shape`)."""
    parsed = parse_block(Block("converted", 1, 1, dialect, text))
    if parsed.status is not Status.PARSED or parsed.hand is None:
        first = parsed.findings[0] if parsed.findings else None
        return "its text does not read back" + (f" ({first.code}: {first.message})" if first else "")
    back = parsed.hand
    if state is not None:
        target = dialects.conventions(dialect)
        return _plays_alike(
            state,
            back,
            fees_in_rake=not target.prints_fees,
            seat_shift=_seat_shift(state, dialect),
            unprinted=frozenset() if target.prints_uncalled else _RETURN_LINE,
        )
    want, got = shape(written), shape(back)
    if want == got:
        return None
    for part, a, b in zip(_PARTS, want, got):
        if a != b:
            return f"the {part} read back differ: {_difference(a, b)}"
    return "the hand read back differs"


def outcome(s: Replay) -> dict:
    """A replayed hand as the rules see it: who was dealt in with what, every post and action with the
    chips it put in, the boards, the cards known of each player, the pots, what each player collected
    and ended with, the rake and fees, and the findings (by code; those about a site's own rake schedule
    aside: a schedule is the site's)."""
    claims = s.hand.claims
    collected = s.collected_by()
    rake = claims.rake if claims.rake is not None else s.pot_total - sum(collected.values()) - s.fees
    return {
        "players": [(p.seat, p.name, p.start) for p in s.order],
        "actions": [
            (type(event).__name__, getattr(event, "player", None), str(street), chips)
            for event, street, chips in s.ledger
        ],
        "boards": dict(s.boards),
        "cards": {
            name: sorted(c for c in set(p.cards) | set(p.shown) if is_card(c))
            for name, p in s.players.items()
            if p.cards or p.shown
        },
        "pots": [(pot.amount, sorted(pot.eligible)) for pot in s.pots],
        "collected": collected,
        "final stacks": s.final_stacks(),
        "rake": rake,
        "fees": s.fees,
        "findings": sorted(f.code for f in s.findings if f.code not in _BY_SITE),
    }


def _seat_shift(state: Replay, dialect: str) -> int:
    """How far `for_site` moved every seat number for the target (its tables' first seat is another one: Chico's
    seat 0 is seat 1 of a target numbering from 1), 0 for the source's own site."""
    header = state.hand.header
    if header.site == dialect:
        return 0
    target = dialects.conventions(dialect)
    source = dialects.hand_conventions(header.site, state.hand.conventions_variant, header.time)
    shift = target.first_seat - source.first_seat
    return shift if shift > 0 and target.seat_places is None else 0


def _plays_alike(
    state: Replay, back: Hand, fees_in_rake: bool = False, seat_shift: int = 0, unprinted: frozenset[str] = frozenset()
) -> str | None:
    """None when the hand read back is the same hand to the rules as the source (`outcome`); else what
    differs. `fees_in_rake`: the target has no field for a fee besides the rake (`Conventions.prints_fees`
    False), so the room's take is compared as one figure, rake and fees together; `seat_shift`: what the
    writing added to every seat number (`_seat_shift`); `unprinted`: the codes of findings about a line the
    target's text never has (a missing uncalled-bet return, HH202, where the target prints no returns and its
    replay derives them): the source's finding is about its own text, which the conversion leaves behind."""
    from hhtool.validate import validate_hand

    try:
        again = validate_hand(back, state.rules)
    except Exception as exc:  # noqa: BLE001 - a replay bug on the written hand: not a faithful conversion
        return f"the written hand cannot be replayed ({type(exc).__name__})"
    want, got = outcome(state), outcome(again)
    if unprinted:
        want["findings"] = [code for code in want["findings"] if code not in unprinted]
    if fees_in_rake:
        for side in (want, got):
            side["rake"] += side.pop("fees")
    if seat_shift:
        want["players"] = [(seat + seat_shift, name, start) for seat, name, start in want["players"]]
    for part, value in want.items():
        if got[part] != value:
            if part == "findings":
                return (
                    f"written, it validates with findings {', '.join(got[part]) or 'none'} instead of "
                    f"{', '.join(value) or 'none'}"
                )
            if isinstance(value, dict) and isinstance(got[part], dict):
                keys = [k for k in {**value, **got[part]} if value.get(k) != got[part].get(k)]
                return f"its {part} read back differ: " + "; ".join(
                    f"{k} {_short(value.get(k), 40)} became {_short(got[part].get(k), 40)}" for k in keys[:3]
                )
            return f"its {part} read back differ: {_short(value, 90)} became {_short(got[part], 90)}"
    return None


# A missing return of an uncalled bet (the source's text lacks the line): no finding of a target that prints none
_RETURN_LINE = frozenset({HH202})
# Codes that depend on the site's rake schedule (a rake checked against one site's table): set aside.
_BY_SITE = frozenset({HH207, HH208, HH209, HH212})


def _difference(a: object, b: object) -> str:
    """Where two values first differ: a field of a record, an item of a sequence, or the values."""
    if isinstance(a, msgspec.Struct) and type(a) is type(b):
        for name in a.__struct_fields__:
            x, y = getattr(a, name), getattr(b, name)
            if x != y:
                return (
                    f"{name} {_difference(x, y)}"
                    if isinstance(x, (tuple, msgspec.Struct))
                    else f"{name} {_short(x)} became {_short(y)}"
                )
    if isinstance(a, tuple) and isinstance(b, tuple):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return f"[{i}] {_difference(x, y)}"
        return f"{len(a)} items became {len(b)}"
    return f"{_short(a)} became {_short(b)}"


def _short(value: object, limit: int = 120) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"
