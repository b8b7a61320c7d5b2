"""Whether a hand written in a dialect reads back as the same hand: the check behind every conversion.

`hhtool convert` writes a hand in a dialect only when that dialect's reader gives back the hand that
was written and the replay finds in it what it found in the source hand (`differs`); a writer that
cannot say something (a line it has no words for, a field its text has no place for, a pot whose
award the source did not say) makes the hand HH045, never a file that reads as another hand.

What is compared (`shape`) is what the replay and the rules read: the header's betting fields (game,
limit, blinds and bets, currency and scale, N-max, button seat, cap, cash or tournament), the seats,
the events and the claims. Set aside, as they differ by nature between sites: the site, the hand id,
the table name, the times, line numbers, the text kept verbatim (summary seat lines, notices' text),
muck lines (not every site prints whether a player mucked or did not show) and fees of nothing (a site
that prints `Jackpot $0` and one that prints no jackpot at all both say that none was taken).
"""

from __future__ import annotations

import msgspec

from hhtool.grammar import Status, parse_block
from hhtool.io import Block
from hhtool.model import Hand, Muck, Notice
from hhtool.rules.replay import Replay


def read_back(text: str, dialect: str, file: str = "converted") -> Hand | None:
    """The hand the dialect's reader reads from `text` (None when it does not parse)."""
    parsed = parse_block(Block(file, 1, 1, dialect, text))
    return parsed.hand if parsed.status is Status.PARSED else None


def shape(hand: Hand) -> tuple:
    """What a rendering must keep: see the module's docstring."""
    replace = msgspec.structs.replace
    header, claims = hand.header, hand.claims
    events = tuple(replace(e, line=0, text="") if type(e) is Notice else replace(e, line=0)
                   for e in hand.events if type(e) is not Muck)
    return ((header.game, header.limit, header.small_blind, header.big_blind, header.small_bet, header.big_bet,
             header.currency, header.scale, header.max_seats, header.button_seat, header.cap, header.is_tournament),
            tuple(replace(seat, line=0) for seat in hand.seats), events,
            replace(claims, line=0, board_lines=(), seats=tuple(replace(s, line=0, text="") for s in claims.seats),
                    fees=tuple(fee for fee in claims.fees if fee[1])))


_PARTS = ("header", "seats", "events", "claims")


def differs(written: Hand, text: str, dialect: str, state: Replay | None = None) -> str | None:
    """None when `text` reads back in `dialect` as `written` (and, given the source hand's replay `state`,
    validates with the same findings); else what differs (the first difference)."""
    parsed = parse_block(Block("converted", 1, 1, dialect, text))
    if parsed.status is not Status.PARSED or parsed.hand is None:
        first = parsed.findings[0] if parsed.findings else None
        return "its text does not read back" + (f" ({first.code}: {first.message})" if first else "")
    back = parsed.hand
    want, got = shape(written), shape(back)
    if want == got:
        return None if state is None else _validates_alike(state, back)
    for part, a, b in zip(_PARTS, want, got):
        if a != b:
            return f"the {part} read back differ: {_difference(a, b)}"
    return "the hand read back differs"


# Codes that depend on the site's rake schedule (a rake checked against one site's table): set aside.
_BY_SITE = frozenset({"HH207", "HH208", "HH209", "HH212"})


def _validates_alike(state: Replay, back: Hand) -> str | None:
    """None when the hand read back has the replay findings the source hand had (by code); else which."""
    from hhtool.validate import validate_hand

    def codes(findings) -> list[str]:
        return sorted(f.code for f in findings if f.code not in _BY_SITE)

    before = codes(state.findings)
    try:
        after = codes(validate_hand(back, state.rules).findings)
    except Exception as exc:  # noqa: BLE001 - a replay bug on the written hand: not a faithful conversion
        return f"the written hand cannot be replayed ({type(exc).__name__})"
    if before == after:
        return None
    return f"written, it validates with findings {', '.join(after) or 'none'} instead of {', '.join(before) or 'none'}"


def _difference(a: object, b: object) -> str:
    """Where two values first differ: a field of a record, an item of a sequence, or the values."""
    if isinstance(a, msgspec.Struct) and type(a) is type(b):
        for name in a.__struct_fields__:
            x, y = getattr(a, name), getattr(b, name)
            if x != y:
                return f"{name} {_difference(x, y)}" if isinstance(x, (tuple, msgspec.Struct)) else \
                    f"{name} {_short(x)} became {_short(y)}"
    if isinstance(a, tuple) and isinstance(b, tuple):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return f"[{i}] {_difference(x, y)}"
        return f"{len(a)} items became {len(b)}"
    return f"{_short(a)} became {_short(b)}"


def _short(value: object, limit: int = 120) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"
