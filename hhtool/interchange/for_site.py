"""A hand read from one site, made ready for another site's writer.

A dialect's writer writes what the model holds. A hand read from another site holds things in that
site's words (its summary seat lines kept verbatim, its table chatter, its hand descriptions) and
may leave amounts to the replay (a site that prints only a call's total or a raise's total gives
`Call.added` or `RaiseTo.raise_by` as None). `for_site` gives the hand as the model says it, for the
target site: verbatim wording set aside so that the target's writer words it, chatter left out,
descriptions reworded (a source's description hhtool has no wording of, so never checked, is replaced by the
target's words for the cards), the missing amounts filled in with what the replay computed (the amounts the
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
    BlindKind,
    Call,
    Claims,
    Collect,
    DealHole,
    Event,
    Fold,
    Hand,
    Header,
    Notice,
    NoticeKind,
    PostAnte,
    PostBlind,
    RaiseTo,
    ReturnUncalled,
    Show,
    Street,
    StreetPot,
    StreetStart,
)
from hhtool.model.cards import is_card
from hhtool.model.conventions import UncalledInCollected
from hhtool.model.variant import Variant, variant_named
from hhtool.rules.ranking import Category, HandValue, evaluate
from hhtool.rules.replay import Replay
from hhtool.rules.showdown_value import described_cards

_APART = UncalledInCollected.APART  # returns paid apart from the collected amounts

# the notices the replay reads (who is dealt in); the others are chatter, left out of another site's text
REPLAYED_NOTICES = frozenset({NoticeKind.SITTING_OUT, NoticeKind.WAIT_FOR_BUTTON, NoticeKind.PROTECTED})


def for_site(hand: Hand, site: str, state: Replay | None = None) -> Hand:
    """`hand` as the model says it, for `site` (see the module's docstring); `state`, the hand's replay,
    gives the amounts the source text left to the replay (without it they stay None)."""
    replace = msgspec.structs.replace
    claims = hand.claims
    header = hand.header
    target, source = (
        dialects.conventions(site),
        dialects.hand_conventions(header.site, hand.conventions_variant, header.time),
    )
    other = site != header.site
    variant = variant_named(header.game)
    reword = _rewording(header.site, site, variant)
    describe = _describing(site, variant) if other and target.describes_shows else None
    # a source site whose descriptions hhtool has no wording of (so never checked, HH304): the target's words
    # for the cards shown, as its client prints them, rather than the source's unchecked words
    unchecked = describe is not None and dialects.wording(header.site) is None
    amounts = _amounts(state) if state is not None else {}
    events: list[Event] = []
    board: dict[int, tuple[str, ...]] = {}  # the board of each run as dealt so far
    shown: set[tuple[str, int, tuple[str, ...]]] = set()  # (player, run, cards) of each show written
    folds: dict[str, Street] = {}  # the street each player folded on
    street = Street.PREFLOP
    run = 0
    for event in hand.events:
        if type(event) is DealHole and not event.cards and other and not target.prints_cardless_deals:
            continue  # a deal line that shows no cards (GGPoker's `Dealt to 6a2e9d14`): the target prints none
        if type(event) is Notice and site != hand.header.site:
            if event.kind not in REPLAYED_NOTICES:
                continue  # table chatter in the source site's words: another site words its own
            if event.player is None:
                continue  # names nobody: nothing the replay reads
            event = replace(event, text="")  # the target's writer words who sits out in its own words
        if type(event) is StreetPot and site != hand.header.site:
            continue  # a running pot printed as a street starts: a claim the replay checked, no other site's line
        if type(event) is Fold:
            folds.setdefault(event.player, street)
        elif type(event) is StreetStart:
            run, street = event.run, event.street
            if event.board:
                board[run] = event.board
        elif type(event) is Show:
            if other and (event.player, run, event.cards) in shown:
                continue  # the same show again (Bovada prints each showdown line twice): one is the show
            shown.add((event.player, run, event.cards))
            dealt = board.get(run) or board.get(0, ())
            if event.description and not unchecked:
                event = replace(event, description=reword(event.description, event.cards, dealt))
            elif describe is not None:
                event = replace(event, description=describe(event.cards, dealt))
        elif (
            type(event) is PostBlind
            and event.dead is not None
            and event.dead == _derived_dead(event, hand.header.big_blind)
        ):
            event = replace(event, dead=None)  # the dead part the rules derive from the blind's kind: said by it
        elif type(event) is Call and event.added is None and id(event) in amounts:
            event = replace(event, added=amounts[id(event)])
        elif type(event) is RaiseTo and event.raise_by is None and id(event) in amounts:
            event = replace(event, raise_by=amounts[id(event)])
        events.append(event)
    seats = []
    final = claims.boards[0] if claims.boards else (board[max(board)] if board else ())
    for seat in claims.seats:
        outcomes = tuple(
            replace(o, description=reword(o.description, seat.cards, final)) if o.description else o
            for o in seat.outcomes
        )
        folded_on = seat.folded_on
        if other and seat.result == "folded" and folded_on is None:  # a summary that names no street (Bovada)
            folded_on = folds.get(seat.player)
        seats.append(replace(seat, text="", outcomes=outcomes, folded_on=folded_on))
    totals = _totals(claims, state) if state is not None and claims.total_pot is None else {}
    listed: dict[str, tuple[object, ...]] = {}  # the claims' tuple fields replaced (fees, side pots)
    if (
        state is not None
        and other
        and target.prints_rake
        and claims.rake is None
        and "rake" not in totals
        and claims.total_pot is not None
        and not state.cancelled
    ):
        totals["rake"] = _rake(claims, state)  # a total printed without a rake: what the pot paid nobody
    if other and not target.prints_fees and claims.fees:
        fees = sum(amount for _, amount in claims.fees)  # the room's other takes, said as part of its rake
        rake = totals.get("rake", claims.rake)
        if rake is None and state is not None:
            rake = _rake(claims, state)
        totals["rake"] = (rake or 0) + fees
        listed["fees"] = ()
    unprinted = not source.prints_uncalled or (  # WPN's walks: the big blind's return is in its won, no line
        source.big_blind_return_unprinted and not target.big_blind_return_unprinted
    )
    if state is not None and state.returns and target.prints_uncalled and unprinted:
        inside = (
            _returns_inside(hand, state)
            if source.uncalled_in_collected is not _APART and target.uncalled_in_collected is _APART
            else {}
        )
        if inside:
            events, seats = _without_returns(events, inside), _won_without_returns(seats, inside)
            if source.total_includes_returns and claims.total_pot is not None:
                totals["total_pot"] = claims.total_pot - sum(inside.values())
        events = _with_returns(events, state)
    if source.shows_before_uncalled and not target.shows_before_uncalled:
        events = _shows_after_returns(events)
    if (
        state is not None
        and claims.total_step
        and claims.total_pot is not None
        and abs(totals.get("total_pot", claims.total_pot) - state.pot_total) * 2 <= claims.total_step
    ):
        totals["total_pot"] = state.pot_total  # a total printed rounded (`2.80k`) that the replay found right
        totals["total_step"] = 0
    if (
        state is not None
        and claims.main_pot is None
        and not claims.side_pots
        and len(state.pots) > 1
        and claims.runs == 1
    ):  # (if the source's pot names are not the all-in levels', the read-back says so)
        paid = _pots_as_paid(events, len(state.pots))
        if paid is not None:
            totals["main_pot"], listed["side_pots"] = paid
    if (
        state is not None
        and target.prints_collects
        and not source.prints_collects
        and not any(type(event) is Collect for event in events)
    ):
        line = events[-1].line if events else 0  # what the cards awarded (the replay's), where a site prints it
        single = len(state.pots) == 1  # one pot: the target names none
        events = events + [
            msgspec.structs.replace(c, line=line, pot_index=None if single else c.pot_index) for c in state.collects
        ]
    table = hand.seats
    if state is not None and source.unmarked_sitting_out and not target.unmarked_sitting_out:
        dealt_in = {player.name for player in state.order}  # a seat with no line in the hand sat it out, unmarked
        table = tuple(
            seat if seat.player in dealt_in or seat.sitting_out else replace(seat, sitting_out=True) for seat in table
        )
    header = replace(_clock(header, site), site=site)
    shift = target.first_seat - source.first_seat
    # Chico's seats 0-9 as seats 1-10 for a target numbering from 1: every seat number moved (a source numbering
    # from 1 fits a target numbering from 0 as it is)
    if other and shift > 0 and target.seat_places is None:
        table = tuple(replace(seat, seat=seat.seat + shift) for seat in table)
        seats = [replace(seat, seat=seat.seat + shift) for seat in seats]
        button = header.button_seat
        header = replace(header, button_seat=None if button is None else button + shift)
    return replace(
        hand,
        header=header,
        seats=table,
        events=tuple(events),
        claims=replace(claims, seats=tuple(seats), **totals, **listed),
        conventions_variant="",
    )


def _clock(header: Header, site: str) -> Header:
    """The hand's start in a zone the target site prints: a zone it does not know (a Windows zone name, `Eastern
    Daylight Time`) is written as the same moment in the target's reference zone, or UTC."""
    target = dialects.conventions(site)
    if header.time_zone is None or header.time_zone in target.time_zones or header.time_utc is None:
        return header
    zone = (
        target.reference_zone
        if target.reference_zone in target.time_zones
        else ("UTC" if "UTC" in target.time_zones else None)
    )
    if zone is None:
        return header
    local = header.time_utc.astimezone(ZoneInfo(target.time_zones[zone])).replace(tzinfo=None)
    return msgspec.structs.replace(header, time=local, time_zone=zone, server_time=None)


def _with_returns(events: list[Event], state: Replay) -> list[Event]:
    """The uncalled returns the replay derived that the source did not print (the target prints each), after
    the hand's last betting action, where a site that prints them writes them."""
    last = max((i for i, event in enumerate(events) if isinstance(event, BETTING)), default=len(events) - 1)
    line = events[last].line if events else 0
    left = dict(state.returns)
    for event in events:
        if type(event) is ReturnUncalled and event.player in left:  # printed by the source (2010 Winamax, Bovada)
            left[event.player] -= event.amount
    returns = [ReturnUncalled(line, player, amount) for player, amount in left.items() if amount > 0]
    return events[: last + 1] + returns + events[last + 1 :]


def _shows_after_returns(events: list[Event]) -> list[Event]:
    """The all-in players' shows a site prints before the uncalled bet's return (Full Tilt) put after it, where
    a site whose shows close the betting round prints them."""
    out: list[Event] = []
    for event in events:
        if type(event) is ReturnUncalled:
            at = len(out)
            while at and type(out[at - 1]) is Show:
                at -= 1
            out.insert(at, event)
        else:
            out.append(event)
    return out


def _pots_as_paid(events: list[Event], count: int) -> tuple[int, tuple[int, ...]] | None:
    """The main pot and the side pots a site that prints none paid, as the collects that name them add up (a
    site that prints them prints what each pot paid after the rake); None when a collect names no pot or one of
    the pots pays nobody."""
    paid = [0] * count
    for event in events:
        if type(event) is Collect:
            if event.pot_index is None or event.pot_index >= count:
                return None
            paid[event.pot_index] += event.amount
    if not all(paid):
        return None
    return paid[0], tuple(paid[1:])


def _derived_dead(event: PostBlind, big_blind: int) -> int | None:
    """The dead part of a blind the rules derive from its kind (hhtool.rules.replay): a small & big blind's
    small blind part, a missed blind whole; None for a blind whose dead part they do not derive."""
    if event.blind is BlindKind.SMALL_AND_BIG:
        return event.amount - min(event.amount, big_blind)
    if event.blind is BlindKind.MISSED:
        return event.amount
    return None


def _returns_inside(hand: Hand, state: Replay) -> dict[str, int]:
    """Player → the returned uncalled chips the source printed inside their collected amounts
    (`Conventions.uncalled_in_collected`), as the replay took them out (its collects are the pot shares)."""
    printed: dict[str, int] = {}
    for event in hand.events:
        if type(event) is Collect:
            printed[event.player] = printed.get(event.player, 0) + event.amount
    for event in state.collects:
        printed[event.player] = printed.get(event.player, 0) - event.amount
    return {player: amount for player, amount in printed.items() if amount > 0}


def _without_returns(events: list[Event], inside: dict[str, int]) -> list[Event]:
    """The collects as pot shares: each bettor's returned chips taken off their collects, first line first
    (as the replay reads them); a collect that was the return alone is left out."""
    left = dict(inside)
    out: list[Event] = []
    for event in events:
        if type(event) is Collect and left.get(event.player, 0) > 0:
            part = min(left[event.player], event.amount)
            left[event.player] -= part
            if part == event.amount:
                continue
            event = msgspec.structs.replace(event, amount=event.amount - part)
        out.append(event)
    return out


def _won_without_returns(seats: list, inside: dict[str, int]) -> list:
    """The summary seat lines' won amounts as pot shares (the source counted the returned chips in them)."""
    out = []
    for seat in seats:
        left = inside.get(seat.player, 0)
        outcomes = []
        for outcome in seat.outcomes:
            if left > 0 and outcome.won and outcome.amount:
                part = min(left, outcome.amount)
                left -= part
                outcome = msgspec.structs.replace(outcome, amount=outcome.amount - part)
            outcomes.append(outcome)
        out.append(msgspec.structs.replace(seat, outcomes=tuple(outcomes)))
    return out


def _totals(claims: Claims, state: Replay) -> dict[str, int]:
    """The total pot and rake of a hand whose site prints no total (machine logs, sites without a
    summary total): the replay's, so that a
    site whose text always prints a total and a rake writes the figures the replay checked."""
    if state.cancelled or not state.pots:
        return {}
    return {"total_pot": state.pot_total, "rake": claims.rake if claims.rake is not None else _rake(claims, state)}


def _rake(claims: Claims, state: Replay) -> int:
    """The rake a hand's text did not print: the chips of the pots that were neither collected nor a printed
    fee (as `hhtool.interchange.check.outcome` counts it)."""
    return state.pot_total - sum(event.amount for event in state.collects) - state.fees


def _made_of(variant: Variant, hole: tuple[str, ...], board: tuple[str, ...]) -> tuple[str, ...] | None:
    """The cards whose best five a description names (`showdown_value.described_cards`): all 5 to 7 of a
    Hold'em hand, an Omaha hand's best five of two hole and three board cards; None when they make no hand
    (too few or too many, a card hidden or repeated)."""
    if variant.any_five:
        every = hole + board
        if 5 <= len(every) <= 7 and len(set(every)) == len(every) and all(is_card(c) for c in every):
            return every
        return None
    try:
        return described_cards(variant, hole, board)
    except ValueError:
        return None


def _describing(site: str, variant: Variant) -> Callable[[tuple[str, ...], tuple[str, ...]], str | None] | None:
    """(hole cards, board dealt) → the site's wording of the hand they make, for a show printed without one:
    the best five the game makes of them; in Hold'em, of 2 to 4 (a show before the flop) the pairs and sets
    they hold, else the high card; None for a single card, a card hidden or repeated, a game's show that
    makes no hand, or a site without a wording."""
    wording = dialects.wording(site)
    if wording is None:
        return None
    words = wording[0]

    def describe(cards: tuple[str, ...], board: tuple[str, ...]) -> str | None:
        if not variant.any_five:
            made = _made_of(variant, cards, board)
            return words(evaluate(made)) if made is not None else None
        every = cards + board
        if len(cards) < 2 or len(set(every)) != len(every) or not all(is_card(card) for card in every):
            return None
        if 5 <= len(every) <= 7:
            return words(evaluate(every))
        if len(every) > 4:
            return None
        return words(_few_cards_value(every))

    return describe


_RANK_VALUES = {rank: value for value, rank in enumerate("23456789TJQKA", 2)}
_BY_COUNTS = {
    (4,): Category.FOUR_OF_A_KIND,
    (3,): Category.THREE_OF_A_KIND,
    (3, 1): Category.THREE_OF_A_KIND,
    (2, 2): Category.TWO_PAIR,
    (2,): Category.PAIR,
    (2, 1): Category.PAIR,
    (2, 1, 1): Category.PAIR,
}


def _few_cards_value(cards: tuple[str, ...]) -> HandValue:
    """The value 2 to 4 cards make as a hand (sets before kickers, larger sets first): no straight or flush
    without five cards. Only its category and ranks are read (by a wording), not its strength."""
    counts: dict[int, int] = {}
    for card in cards:
        rank = _RANK_VALUES[card[0]]
        counts[rank] = counts.get(rank, 0) + 1
    order = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    shape = tuple(counts[rank] for rank in order)
    ranks = tuple(rank for rank in order for _ in range(counts[rank]))
    return HandValue(0, _BY_COUNTS.get(shape, Category.HIGH_CARD), ranks)


def _rewording(
    source_site: str, target_site: str, variant: Variant
) -> Callable[[str, tuple[str, ...], tuple[str, ...]], str]:
    """(description, hole cards, board dealt) → the target site's wording of the same best hand (the best five
    the game makes of them, `_made_of`); a description that does not name that hand (a wrong one stays
    wrong) and any without both sites' wordings stay as written."""
    source, target = dialects.wording(source_site), dialects.wording(target_site)
    if source is None or target is None or source == target:
        return lambda text, hole, board: text

    def reword(text: str, hole: tuple[str, ...], board: tuple[str, ...]) -> str:
        cards = _made_of(variant, hole, board)
        right = cards is not None and source[1](text, cards)
        return target[0](evaluate(cards)) if text and right and cards is not None else text

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
        player = getattr(event, "player", "")
        if type(event) is Call:
            out[id(event)] = chips
        elif type(event) is RaiseTo:
            out[id(event)] = event.raise_to - max((t for p, t in totals.items() if p != player), default=0)
        if type(event) is PostAnte:
            continue  # an ante is no part of the street's bet
        if type(event) is PostBlind:  # nor a blind's dead part (printed, or the one its kind says)
            dead = event.dead if event.dead is not None else _derived_dead(event, state.hand.header.big_blind)
            chips -= min(dead or 0, chips)
        totals[player] = totals.get(player, 0) + chips
    return out
