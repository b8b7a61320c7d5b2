"""Write a Hand as Chico (BetOnline) text, the 2012–2016 client's: the inverse of the Chico reader for the hands
its text can carry.

`render_hand(hand)` prints what `parse_betonline` reads back into the same header, seats, events and claims (line
numbers aside): the BetOnline header with the stakes and a Windows zone name (a hand of another site in Eastern
time), `Table 'X' N-Max, Seat #B is the button`, `name: verb amount`, `raises A to B` (A added, B the total), `and
is all in`, `post dead`, `ante processed`, a ten written `10`, shows without brackets, no collect line in the body,
and a summary whose `Total pot` is after the rake and whose seat lines carry each winner's amount.

`said(hand)` is the hand as that text carries it (the rule tests and converters write it): what Chico does not
print is left out (see `UNSAID`).
"""

from __future__ import annotations

from decimal import Decimal

import msgspec

from hhtool.dialects.betonline import DIALECT, ZONES
from hhtool.dialects.street_money import StreetMoney
from hhtool.model import (
    Bet,
    BlindKind,
    Call,
    Check,
    Claims,
    Collect,
    DealHole,
    Fold,
    Hand,
    Header,
    Limit,
    Muck,
    Notice,
    Outcome,
    PostAnte,
    PostBlind,
    RaiseTo,
    ReturnUncalled,
    SeatSummary,
    Show,
    Street,
    StreetStart,
)

HAND_SEPARATOR = DIALECT.hand_separator
_GAMES = {Limit.NO_LIMIT: "Hold'em No Limit", Limit.POT_LIMIT: "Hold'em Pot Limit", Limit.FIXED_LIMIT: "Hold'em Limit"}
_STREETS = {
    Street.PREFLOP: "HOLE CARDS",
    Street.FLOP: "FLOP",
    Street.TURN: "TURN",
    Street.RIVER: "RIVER",
    Street.SHOWDOWN: "SHOW DOWN",
}
_FOLDED = {
    Street.PREFLOP: "folded before Flop",
    Street.FLOP: "folded on the Flop",
    Street.TURN: "folded on the Turn",
    Street.RIVER: "folded on the River",
}
_EASTERN = "America/New_York"
GAMES = ("holdem",)  # the Header.game words this writer writes (`convert`, `generate`): Hold'em only


def _money(amount: int, scale: int) -> str:
    """Every amount with cents, chips too (`1000.00 in chips`)."""
    if scale not in (1, 100):
        raise ValueError("Chico prints amounts in units and cents")
    return f"{Decimal(amount) / scale:.2f}"


def _card(card: str) -> str:
    return ("10" + card[1:]) if card.startswith("T") else card


def _cards(cards) -> str:
    return " ".join(_card(c) for c in cards)


def render_hand(hand: Hand) -> str:
    """One hand as BetOnline text, ending with its last line's newline."""
    if hand.header.game not in GAMES:  # its reader reads Hold'em only: another game would read back as Hold'em
        raise ValueError(f"BetOnline hands of {hand.header.game!r} are not written (its reader reads Hold'em only)")
    header = hand.header
    money = lambda amount: _money(amount, header.scale)
    if hand.claims.runs > 1 or hand.claims.fees or header.play_money:
        raise ValueError("Chico's words for a run twice, a fee or a play-money table are not read")
    lines = [_header(header, money), _table(hand)]
    lines += [
        f"Seat {s.seat}: {s.player} ({money(s.stack)} in chips)" + (" - Sitting out" if s.sitting_out else "")
        for s in hand.seats
    ]
    street = StreetMoney()
    for event in hand.events:
        if type(event) is Collect:
            continue  # Chico's collects are the summary's seat lines
        line = _event(event, money, street, header.small_blind, header.big_blind)
        if line is not None:
            lines.append(line)
    lines.append("*** SUMMARY ***")
    lines += _summary(hand, money)
    return "\n".join(lines) + "\n"


def _header(header: Header, money) -> str:
    if header.time is not None and header.time_zone in ZONES:  # a Chico hand's own clock, as read
        stamp = f"{header.time:%Y/%m/%d %H:%M:%S} {header.time_zone}"
    elif header.time_utc is not None:  # another site's hand: Eastern time, as the client printed it
        from zoneinfo import ZoneInfo

        local = header.time_utc.astimezone(ZoneInfo(_EASTERN))
        zone = "Eastern Daylight Time" if local.dst() else "Eastern Standard Time"
        stamp = f"{local:%Y/%m/%d %H:%M:%S} {zone}"
    elif header.time is not None:  # a time whose zone is not known: printed without one, as the skins print it
        stamp = f"{header.time:%Y/%m/%d %H:%M:%S}"
    else:
        raise ValueError("Chico prints the time of every hand")
    small, big = (
        (header.small_bet, header.big_bet)
        if header.limit is Limit.FIXED_LIMIT
        else (header.small_blind, header.big_blind)
    )
    if header.is_tournament:
        if header.currency != "chips":
            raise ValueError("a Chico tournament plays chips")
        return (
            f"BetOnline Poker Game #{header.hand_id}: Tournament #{header.tournament_id}: Hold'em "
            f"${money(small)}/${money(big)} - {stamp}"
        )
    if header.currency != "USD":
        raise ValueError("Chico's cash tables play US dollars")
    return f"BetOnline Poker Game #{header.hand_id}: {_GAMES[header.limit]} (${money(small)}/{money(big)}) - {stamp}"


def _table(hand: Hand) -> str:
    header = hand.header
    if header.button_seat is None:
        raise ValueError("Chico prints the button seat")
    size = f"{header.max_seats}-Max, " if header.max_seats and fits(hand) else ""
    return f"Table '{header.table}' {size}Seat #{header.button_seat} is the button"


def fits(hand: Hand) -> bool:
    """Whether the seats fit Chico's numbering of a table of its size (0 to N-1): else the size is not printed
    (a hand of a site that numbers seats from 1 fills seat N)."""
    size = hand.header.max_seats
    return size is None or all(0 <= seat.seat < size for seat in hand.seats)


def _all_in(event) -> str:
    return " and is all in" if event.all_in else ""


def _event(event, money, street: StreetMoney, small: int, big: int) -> str | None:
    kind = type(event)
    if kind is Fold:
        return f"{event.player}: folds"
    if kind is Check:
        return f"{event.player}: checks"
    if kind is Call:
        street.put(event.player, event.added or 0)
        return f"{event.player}: calls {money(event.added or 0)}{_all_in(event)}"
    if kind is Bet:
        street.put(event.player, event.added or 0)
        return f"{event.player}: bets {money(event.added or 0)}{_all_in(event)}"
    if kind is RaiseTo:
        added = event.raise_to - street.of(event.player)
        street.put(event.player, added)
        return f"{event.player}: raises {money(added)} to {money(event.raise_to)}{_all_in(event)}"
    if kind is StreetStart:
        if event.run:
            raise ValueError("Chico's run-twice text is not read")
        if event.street is not Street.PREFLOP:
            street.new_street()
        marker = f"*** {_STREETS[event.street]} ***"
        if len(event.board) > 3:
            return f"{marker} [{_cards(event.board[:-1])}][{_card(event.board[-1])}]"
        return f"{marker} [{_cards(event.board)}]" if event.board else marker
    if kind is PostBlind:
        return _post(event, money, street, small, big)
    if kind is PostAnte:
        return f"{event.player}: ante processed {money(event.amount)}"
    if kind is DealHole:
        return f"Dealt to {event.player} [{_cards(event.cards)}]" if event.cards else None
    if kind is ReturnUncalled:
        return f"Uncalled bet ({money(event.amount)}) returned to {event.player}"
    if kind is Show:
        return f"{event.player} shows {_cards(event.cards)}"
    if kind is Muck or kind is Notice:
        return None  # Chico prints no muck line; chatter is not written
    raise TypeError(f"Chico has no words for {kind.__name__}")


def _post(event: PostBlind, money, street: StreetMoney, small: int, big: int) -> str:
    if event.blind is BlindKind.SMALL and event.dead is None:
        street.put(event.player, event.amount)
        return f"{event.player}: posts small blind {money(event.amount)}"
    if event.blind is BlindKind.BIG and event.dead is None:
        street.put(event.player, event.amount)
        return f"{event.player}: posts big blind {money(event.amount)}"
    if event.blind is BlindKind.SMALL_AND_BIG and event.amount - (event.dead or 0) >= big:
        live = event.amount - event.dead if event.dead is not None else big
        if event.amount - live != small:
            raise ValueError("Chico's dead blind is the small blind")
        street.put(event.player, live)
        return f"{event.player}: post dead {money(live)}"
    if event.blind is BlindKind.MISSED and event.dead in (None, event.amount) and event.amount == small:
        return f"{event.player}: post dead {money(0)}"
    raise ValueError(f"Chico's words for a {event.blind} blind are not known")


def _summary(hand: Hand, money) -> list[str]:
    claims = hand.claims
    lines = []
    if claims.total_pot is not None:
        after = claims.total_pot - (claims.rake or 0)
        lines.append(f"Total pot {money(after)}" + (f" | Rake {money(claims.rake)}" if claims.rake is not None else ""))
    if len(claims.boards) > 1:
        raise ValueError("Chico prints one board")
    lines += [f"Board [{_cards(board)}]" for board in claims.boards]
    lines += [_seat_summary(seat, money) for seat in claims.seats]
    return lines


def _seat_summary(seat: SeatSummary, money) -> str:
    text = f"Seat {seat.seat}: {seat.player}"
    # BetOnline prints no position tag in the summary (the seat list's `- Small Blind` tags are not read)
    if seat.result == "folded":  # Chico does not say whether a folded player had bet
        return text + f" {_FOLDED[seat.folded_on or Street.PREFLOP]}"
    if seat.result == "showed" and len(seat.outcomes) == 1:
        outcome = seat.outcomes[0]
        if outcome.won:
            return text + f" showed [{_cards(seat.cards)}] and won ({money(outcome.amount or 0)})"
        return text + f" showed [{_cards(seat.cards)}] but did not win"
    if seat.result == "mucked":  # fpdb's BetOnlineToFpdb.py reads `mucked [..]` (re_ShownCards)
        return text + f" mucked [{_cards(seat.cards)}]"
    if seat.result == "collected" and len(seat.outcomes) == 1:
        return text + f" collected ({money(seat.outcomes[0].amount or 0)})"
    raise ValueError(f"Chico has no words for a summary seat that {seat.result}")


# ---------------------------------------------------------------------------------------------
# What Chico text carries of a hand (the rule tests and converters write `said(hand)`)


def said(hand: Hand) -> Hand | None:
    """The hand as its BetOnline text reads back: no chatter, no muck lines, shows without words, folds without
    cards; posts and antes without an all-in mark (Chico prints none on them); raises sized from the printed
    totals; the collects as the summary's seat lines say them (one per winner, its amounts added, no pot named,
    after the body); the total pot without its main and side pots; no summary positions nor `didn't bet`, no table
    size when the
    seats do not fit Chico's numbering (0 to N-1). None for a hand whose winner has no summary seat line."""
    replace = msgspec.structs.replace
    header, claims = hand.header, hand.claims
    street = StreetMoney()
    high = 0
    events = []
    won: dict[str, int] = {}
    won_line: dict[str, int] = {}
    for event in hand.events:
        if type(event) is Notice or type(event) is Muck:
            continue
        if type(event) is Collect:
            won[event.player] = won.get(event.player, 0) + event.amount
            won_line.setdefault(event.player, event.line)
            continue
        if type(event) is StreetStart and event.street is not Street.PREFLOP:
            street.new_street()
            high = 0
        if type(event) is Show and event.description is not None:
            event = replace(event, description=None)
        if type(event) is Fold and event.shown:
            event = replace(event, shown=())
        if (type(event) is PostBlind or type(event) is PostAnte) and event.all_in:
            event = replace(event, all_in=False)
        if type(event) is PostBlind:
            high = max(high, street.put(event.player, _live(event, header.big_blind)))
        elif type(event) is Call or type(event) is Bet:
            high = max(high, street.put(event.player, event.added or 0))
        elif type(event) is RaiseTo:
            event = replace(event, raise_by=event.raise_to - high)
            high = max(high, street.put(event.player, event.raise_to - street.of(event.player)))
        events.append(event)
    seats = []
    for seat in claims.seats:
        amount = won.get(seat.player)
        if amount is not None and seat.result in ("showed", "collected", "won"):
            outcome = Outcome(True, amount, None)
            seat = replace(seat, result="showed" if seat.cards else "collected", outcomes=(outcome,))
        elif seat.result == "showed":
            seat = replace(seat, outcomes=tuple(replace(o, description=None) for o in seat.outcomes))
        seats.append(replace(seat, positions=(), didnt_bet=False))
    lines = {seat.player: seat.line for seat in seats}
    if any(player not in lines for player in won):
        return None
    order = [seat.player for seat in seats if seat.player in won]
    events += [Collect(won_line[player], player, won[player], None) for player in order]
    return replace(
        hand,
        header=replace(header, max_seats=header.max_seats if fits(hand) else None),
        events=tuple(events),
        claims=Claims(
            claims.line,
            claims.total_pot,
            None,
            (),
            claims.rake,
            claims.runs,
            claims.boards,
            claims.board_lines,
            tuple(seats),
        ),
    )


def _live(event: PostBlind, big: int) -> int:
    """The part of a post that counts toward the poster's bet (the replay's reading of it)."""
    if event.dead is not None:
        return event.amount - event.dead
    if event.blind is BlindKind.SMALL_AND_BIG:
        return min(event.amount, big)
    return 0 if event.blind is BlindKind.MISSED else event.amount


# Finding codes about what Chico text does not print: an all-in mark on every last chip (HH120), a raise's size
# (HH121: `raises A to B` prints the chips added and the total), a missing uncalled-bet line (HH202: the skins
# print none), the main and side pots (HH204), a seat range when the table size is left out (HH403).
UNSAID = frozenset({"HH120", "HH121", "HH202", "HH204", "HH403"})
