"""A hand read from one site, made ready for another site's writer.

A dialect's writer writes what the model holds. A hand read from another site holds things in that
site's words (its summary seat lines kept verbatim, its table chatter, its hand descriptions) and
may leave amounts to the replay (a site that prints only a call's total or a raise's total gives
`Call.added` or `RaiseTo.raise_by` as None). `for_site` gives the hand as the model says it, for the
target site: verbatim wording set aside so that the target's writer words it, chatter left out,
descriptions reworded, the missing amounts filled in with what the replay computed (the amounts the
replay checked, not a repair: a hand whose amounts are wrong keeps its findings and is written as
read), the uncalled returns and the total pot and rake that a site that prints none leaves to the
replay, and the site its hands carry.
"""

from __future__ import annotations

from collections.abc import Callable
from zoneinfo import ZoneInfo

import msgspec

from hhtool import dialects
from hhtool.model import (
    BETTING,
    Call,
    Claims,
    Event,
    Hand,
    Header,
    Notice,
    NoticeKind,
    PostBlind,
    RaiseTo,
    ReturnUncalled,
    Show,
    StreetStart,
)
from hhtool.rules.ranking import evaluate
from hhtool.rules.replay import Replay

# the notices the replay reads (who is dealt in); the others are chatter, left out of another site's text
REPLAYED_NOTICES = frozenset({NoticeKind.SITTING_OUT, NoticeKind.WAIT_FOR_BUTTON})


def for_site(hand: Hand, site: str, state: Replay | None = None) -> Hand:
    """`hand` as the model says it, for `site` (see the module's docstring); `state`, the hand's replay,
    gives the amounts the source text left to the replay (without it they stay None)."""
    replace = msgspec.structs.replace
    claims = hand.claims
    reword = _rewording(hand.header.site, site)
    amounts = _amounts(state) if state is not None else {}
    events: list[Event] = []
    board: dict[int, tuple[str, ...]] = {}  # the board of each run as dealt so far
    run = 0
    for event in hand.events:
        kind = type(event)
        if kind is Notice and event.kind not in REPLAYED_NOTICES and site != hand.header.site:
            continue  # table chatter in the source site's words: another site words its own
        if kind is StreetStart:
            run = event.run
            if event.board:
                board[run] = event.board
        elif kind is Show and event.description:
            dealt = board.get(run) or board.get(0, ())
            event = replace(event, description=reword(event.description, event.cards + dealt))
        elif kind is Call and event.added is None and id(event) in amounts:
            event = replace(event, added=amounts[id(event)])
        elif kind is RaiseTo and event.raise_by is None and id(event) in amounts:
            event = replace(event, raise_by=amounts[id(event)])
        events.append(event)
    seats = []
    final = claims.boards[0] if claims.boards else (board[max(board)] if board else ())
    for seat in claims.seats:
        outcomes = tuple(replace(o, description=reword(o.description, seat.cards + final)) if o.description else o
                         for o in seat.outcomes)
        seats.append(replace(seat, text="", outcomes=outcomes))
    if state is not None and state.returns and dialects.conventions(site).prints_uncalled \
            and not dialects.conventions(hand.header.site).prints_uncalled:
        events = _with_returns(events, state)
    totals = _totals(claims, state) if state is not None and claims.total_pot is None else {}
    return replace(hand, header=replace(_clock(hand.header, site), site=site), events=tuple(events),
                   claims=replace(claims, seats=tuple(seats), **totals))


def _clock(header: Header, site: str) -> Header:
    """The hand's start in a zone the target site prints: a zone it does not know (a Windows zone name, `Eastern
    Daylight Time`) is written as the same moment in the target's reference zone, or UTC."""
    target = dialects.conventions(site)
    if header.time_zone is None or header.time_zone in target.time_zones or header.time_utc is None:
        return header
    zone = target.reference_zone if target.reference_zone in target.time_zones else \
        ("UTC" if "UTC" in target.time_zones else None)
    if zone is None:
        return header
    local = header.time_utc.astimezone(ZoneInfo(target.time_zones[zone])).replace(tzinfo=None)
    return msgspec.structs.replace(header, time=local, time_zone=zone, server_time=None)


def _with_returns(events: list[Event], state: Replay) -> list[Event]:
    """The uncalled returns the replay derived (the source prints none; the target prints each), after the
    hand's last betting action, where a site that prints them writes them."""
    last = max((i for i, event in enumerate(events) if isinstance(event, BETTING)), default=len(events) - 1)
    line = events[last].line if events else 0
    returns = [ReturnUncalled(line, player, amount) for player, amount in state.returns.items() if amount > 0]
    return events[:last + 1] + returns + events[last + 1:]


def _totals(claims: Claims, state: Replay) -> dict[str, int]:
    """The total pot and rake of a hand whose site prints no total (machine logs, sites without a
    summary total): the replay's, so that a
    site whose text always prints a total and a rake writes the figures the replay checked."""
    if state.cancelled or not state.pots:
        return {}
    collected = sum(event.amount for event in state.collects)
    rake = claims.rake if claims.rake is not None else state.pot_total - collected - state.fees
    return {"total_pot": state.pot_total, "rake": rake}


def _rewording(source_site: str, target_site: str) -> Callable[[str, tuple[str, ...]], str]:
    """Description → the target site's wording of the same best hand; a description that does not name
    the cards' best hand (a wrong one stays wrong) and any without both sites' wordings stay as written."""
    source, target = dialects.wording(source_site), dialects.wording(target_site)
    if source is None or target is None or source == target:
        return lambda text, cards: text

    def reword(text: str, cards: tuple[str, ...]) -> str:
        right = len(cards) == 7 and len(set(cards)) == 7 and source[1](text, cards)
        return target[0](evaluate(cards)) if text and right else text

    return reword


def _amounts(state: Replay) -> dict[int, int]:
    """id(event) → the amount its text left out: a call's chips added, a raise's increase over the bet it
    raised (the street's high bet before it), as the replay computed them."""
    out: dict[int, int] = {}
    street = None
    totals: dict[str, int] = {}
    for event, on, chips in state.ledger:
        if on is not street:
            street, totals = on, {}
        kind = type(event)
        player = getattr(event, "player", "")
        if kind is Call:
            out[id(event)] = chips
        elif kind is RaiseTo:
            out[id(event)] = event.raise_to - max((t for p, t in totals.items() if p != player), default=0)
        if kind is PostBlind and event.dead:
            chips -= event.dead
        totals[player] = totals.get(player, 0) + chips
    return out
