"""Interchange: write the hands hhtool reads in another format (`hhtool convert`).

The targets are every registered dialect with a writer (`--to <dialect name>`, each
site or interchange format whose package gives a writer, e.g. `phh`), plus `ohh` (Open Hand History
JSON, `hhtool.interchange.ohh`). A target is found through the dialect registry, so a dialect whose
writer lands later is a target without a change here.

A file of several hands puts the dialect's `hand_separator` after each hand. A dialect's writer module
may say more of how its files are laid out, by module attributes (all optional): `EXTENSION` (a hand's
file suffix, default `txt`), `FILE_EXTENSION` (the suffix of a file of several hands, default
`EXTENSION`) and `render_file(texts) -> str` (a file of several hands from their texts, when it is
more than the texts joined with the separator, e.g. `.phhs` sections).

A writer refuses a hand it cannot say by raising KeyError (a value its tables have no words for),
TypeError (an event it has no line for) or ValueError (with the reason): the hand is HH045. A hand is
written in a dialect only when the dialect's reader reads the text back as the same hand to the rules
(`hhtool.interchange.check`); otherwise it is HH045 too (`CannotSay`). So is a hand holding a token
that is not a card (`Jx`, a hidden `XX`; HH302/HH307 when validated): no site writes it as a card, and
the writers' hand rankings cannot rank it (OHH refuses it the same way).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from hhtool import dialects
from hhtool.model import Hand
from hhtool.model.cards import is_card
from hhtool.rules.replay import Replay

OHH = "ohh"


class CannotSay(ValueError):
    """The target format cannot say this hand (the message says what): the hand is not converted (HH045)."""


@dataclass(frozen=True, slots=True)
class Target:
    """One format hands can be written in: `render` writes one hand (with its replay) as text;
    `render_file` a file of several hands' texts; the suffixes of a one-hand file and of a file of
    several."""

    name: str
    render: Callable[[Hand, Replay | None], str]
    render_file: Callable[[Sequence[str]], str]
    extension: str
    file_extension: str


def refusal(exc: KeyError) -> str:
    """Why a writer refused a hand, from the KeyError it raised: a value its tables have no words for
    (`no words for straddle`), or its own sentence."""
    value = exc.args[0] if exc.args else "a value"
    return value if isinstance(value, str) and " " in value else f"no words for {value}"


def targets() -> dict[str, Target]:
    """Every target by name: the dialects with a writer, in registry order, by the site name their hands
    carry (`888poker`), then `ohh`."""
    found: dict[str, Target] = {}
    for d in dialects.dialects():
        if d.writer is not None:
            found.setdefault(d.site_name, _dialect_target(d))
    from hhtool.interchange import ohh

    found[OHH] = Target(OHH, _ohh_render, ohh.render_file, ohh.EXTENSION, ohh.FILE_EXTENSION)
    return found


def _ohh_render(hand: Hand, state: Replay | None) -> str:
    """A hand as OHH, written only when hhtool's OHH reader reads it back as the same hand to the rules."""
    from hhtool.interchange import ohh
    from hhtool.interchange.check import differs

    _refuse_unsayable(hand, ohh.GAMES)  # (OHH writes the dealt board: a summary board's `8z` would pass unsaid)
    text = ohh.render_hand(hand, state)
    problem = differs(hand, text, OHH, state)
    if problem is not None:
        raise CannotSay(problem)
    return text


def target(name: str) -> Target | None:
    """The target a person names: its site name, or the dialect's own name as an alias (`pacific888`)."""
    found = targets()
    dialect = dialects.named(name)
    return found.get(name) or (found.get(dialect.site_name) if dialect is not None else None)


def not_a_card(hand: Hand) -> str | None:
    """The first token of the hand's cards (dealt, shown, mucked, boards, the summary's) that is not a
    card, or None."""
    for event in hand.events:
        for card in (*getattr(event, "cards", ()), *getattr(event, "board", ())):
            if not is_card(card):
                return card
    claims = hand.claims
    for card in (*(c for board in claims.boards for c in board), *(c for seat in claims.seats for c in seat.cards)):
        if not is_card(card):
            return card
    return None


HOLDEM_ONLY = ("holdem",)


def _refuse_unsayable(hand: Hand, games: Sequence[str] = HOLDEM_ONLY) -> None:
    """Refuse what no writer can say: a non-card, or a game the writer does not write (`games`, a writer
    module's `GAMES`: most print Hold'em's hand names, which an Omaha hand would contradict)."""
    if hand.header.game not in games:
        raise CannotSay(f"game {hand.header.game!r}: this writer writes {', '.join(map(repr, games))} hands only")
    bad = not_a_card(hand)
    if bad is not None:
        raise CannotSay(f"{bad[:20]!r} is not a card")


def _dialect_target(dialect: dialects.Dialect) -> Target:
    from hhtool.interchange.for_site import for_site

    writer = dialect.load("writer")
    module = importlib.import_module(writer.__module__)
    site = dialect.site_name
    extension = getattr(module, "EXTENSION", "txt")
    separator = dialect.hand_separator
    join = getattr(module, "render_file", None) or (lambda texts: "".join(t + separator for t in texts))
    games = getattr(module, "GAMES", HOLDEM_ONLY)

    def render(hand: Hand, state: Replay | None) -> str:
        from hhtool.interchange.check import differs

        _refuse_unsayable(hand, games)
        written = for_site(hand, site, state)
        try:
            text = writer(written)
        except KeyError as exc:  # a table of the writer's words has none for this value (or it says why)
            raise CannotSay(refusal(exc)) from None
        except (TypeError, ValueError) as exc:  # a writer has no line for this kind of event, or says why not
            raise CannotSay(str(exc)) from None
        problem = differs(written, text, dialect.name, state)
        if problem is not None:
            raise CannotSay(problem)
        return text

    return Target(dialect.name, render, join, extension, getattr(module, "FILE_EXTENSION", extension))
