"""Write a Hand as WPN (ACR) 2019+ text: the inverse of the WPN reader (`reader.py`).

`render_hand(hand)` prints what `parse_winning` reads back into the same header, seats, events and claims
(line numbers aside). WPN's printing conventions: names without a colon, `$0.05` with two decimals for cash
and `3000.00` for tournament chips, raises as the chips added and the street total (`raises $0.22 to $0.22`),
`posts dead $X` for a dead small and live big blind, the pot of each street where the hand has it (`Main pot
$1.19 | Rake $0.06`), the summary's pot after rake and fees, a rake of 0 left out, and `did not show and won`.
Side pots are WPN's `Side pot(1) $0.65 | Rake $0.03` street lines and `collected $X from side pot-1`; a collect
naming no pot or the main pot is written `from main pot` (WPN's words also when there is one pot). A showdown
muck is `mucks hand`, an all-in cash out `cashed out hand for $X | Cash Out Fee $Y`. A walk's big blind gets no
return line (WPN prints none: its `won` holds it). A hand WPN cannot say (a straddle, a button blind, a table
without its size) is refused with ValueError.
"""

from __future__ import annotations

from datetime import UTC

from hhtool.dialects.street_money import StreetMoney
from hhtool.dialects.winning import DIALECT
from hhtool.model import (
    Bet,
    BlindKind,
    Call,
    CashOut,
    Check,
    Collect,
    DealHole,
    Fold,
    Hand,
    Header,
    Limit,
    Muck,
    Notice,
    NoticeKind,
    PostAnte,
    PostBlind,
    RaiseTo,
    ReturnUncalled,
    SeatSummary,
    Show,
    Street,
    StreetPot,
    StreetStart,
)
from hhtool.model.money import SYMBOL_OF, Currency

HAND_SEPARATOR = DIALECT.hand_separator
"""What the WPN client writes after each hand's last line: one blank line (acr-winning/cash/…Blitz…)."""

_LIMITS = {Limit.NO_LIMIT: "No Limit", Limit.POT_LIMIT: "Pot Limit", Limit.FIXED_LIMIT: "Fixed Limit"}
_STREETS = {
    Street.PREFLOP: "HOLE CARDS",
    Street.FLOP: "FLOP",
    Street.TURN: "TURN",
    Street.RIVER: "RIVER",
    Street.SHOWDOWN: "SHOW DOWN",
}
_BLINDS = {
    BlindKind.SMALL: "posts the small blind",
    BlindKind.BIG: "posts the big blind",
    BlindKind.SMALL_AND_BIG: "posts dead",
}
_WAITS_BB = " waits for big blind"
_FOLDED = {Street.PREFLOP: "Pre-Flop", Street.FLOP: "Flop", Street.TURN: "Turn", Street.RIVER: "River"}
GAMES = ("holdem",)  # the Header.game words this writer writes (`convert`, `generate`): Hold'em only


def currency(header: Header) -> Currency:
    """How WPN prints a hand's amounts: two decimals, cash with its symbol, no thousands separator in play."""
    symbol = "" if header.currency == "chips" else SYMBOL_OF.get(header.currency, "")
    return Currency(header.currency, symbol, 100, thousands="")


def render_hand(hand: Hand) -> str:
    """One hand as WPN text, ending with its last line's newline."""
    if hand.header.game not in GAMES:  # its reader reads Hold'em only: another game would read back as Hold'em
        raise ValueError(f"WPN hands of {hand.header.game!r} are not written (its reader reads Hold'em only)")
    header = hand.header
    scale = header.scale
    form = currency(header)

    def money(amount: int) -> str:  # chips print with two decimals as well (`3000.00`)
        text = form.format(amount * (100 // scale) if scale < 100 else amount)
        return text if "." in text else text + ".00"

    lines = [_header(header, money), _table(header)]
    lines += [
        f"Seat {s.seat}: {s.player} ({money(s.stack)})" + (" is sitting out" if s.sitting_out else "")
        for s in hand.seats
    ]
    street = StreetMoney()
    # WPN prints `collected … from main pot` after a showdown only; a pot won without one is the summary's
    # `did not show and won $X` alone (acr-winning/cash/…Blitz…, tournament/…GTD…)
    showdown = any(type(event) is Show for event in hand.events)
    _uncalled_printed(hand)
    for event in hand.events:
        if type(event) is Collect and not showdown:
            continue
        line = _event(event, header, money, street)
        if line is not None:
            lines.append(line)
    lines.append("*** SUMMARY ***")
    lines += _summary(hand, money)
    return "\n".join(lines) + "\n"


def said(hand: Hand) -> Hand | None:
    """The hand as WPN text can say it (the rule tests render other sites' cases through it): None for a
    hand that leaves the big blind's pre-flop bet unmatched with no return line, since WPN prints none there
    and its reader takes the return to be inside the big blind's `won` (a missing return is no defect in
    WPN text); every other hand as it is."""
    return None if _uncalled_printed(hand) else hand


def _uncalled_printed(hand: Hand) -> bool:
    """WPN prints the return of every bet nobody matched but the big blind's pre-flop one (a walk: its `won`
    holds it); without that line it writes no collect either, so a hand whose text leaves another unmatched
    bet unreturned is one it would not write: refused (ValueError). True when the big blind's is left so."""
    street: dict[str, int] = {}
    returned = False
    big_blind = next(
        (event.player for event in hand.events if type(event) is PostBlind and event.blind is BlindKind.BIG), None
    )
    preflop = True
    unreturned = [False]

    def check() -> None:
        ranked = sorted(street.items(), key=lambda item: item[1], reverse=True) + [("", 0), ("", 0)]
        if ranked[0][1] > ranked[1][1] and not returned:
            if not (preflop and ranked[0][0] == big_blind):
                raise ValueError("WPN prints the return of every bet nobody matched")
            unreturned[0] = True

    for event in hand.events:
        if type(event) is StreetStart and event.street is not Street.PREFLOP and not event.run:
            check()
            street, returned, preflop = {}, False, False
        elif type(event) is PostBlind:
            live = min(event.amount, hand.header.big_blind) if event.blind is BlindKind.SMALL_AND_BIG else event.amount
            street[event.player] = street.get(event.player, 0) + live
        elif type(event) is Call or type(event) is Bet:
            street[event.player] = street.get(event.player, 0) + (event.added or 0)
        elif type(event) is RaiseTo:
            street[event.player] = event.raise_to
        elif type(event) is ReturnUncalled:
            returned = True
    check()
    return unreturned[0]


def _header(header: Header, money) -> str:
    when = header.time_utc.astimezone(UTC) if header.time_utc is not None else header.time
    stamp = f"{when:%Y/%m/%d %H:%M:%S} UTC" if when is not None else ""
    game = f"Holdem({_LIMITS[header.limit]})"
    small, big = (
        (header.small_bet, header.big_bet)
        if header.limit is Limit.FIXED_LIMIT
        else (header.small_blind, header.big_blind)
    )
    if header.is_tournament:
        level = f"Level {header.level.removeprefix('Level ')} " if header.level else ""
        name = f"{header.buy_in} " if header.buy_in else ""
        return (
            f"Game Hand #{header.hand_id} - {name}Tournament #{header.tournament_id} - {game} - "
            f"{level}({money(small)}/{money(big)})- {stamp}"
        )
    return f"Hand #{header.hand_id} - {game} - {money(small)}/{money(big)} - {stamp}"


def _table(header: Header) -> str:
    if header.max_seats is None or header.button_seat is None:
        raise ValueError("WPN prints every table's size and button seat")
    name = f"Table '{header.table}'" if header.is_tournament else header.table
    play = "(Play Money) " if header.play_money and not header.is_tournament else ""
    return f"{name} {header.max_seats}-max {play}Seat #{header.button_seat} is the button"


def _all_in(event) -> str:
    return " and is all-in" if event.all_in else ""


def _event(event, header: Header, money, street: StreetMoney) -> str | None:
    kind = type(event)
    if kind is Fold:
        if event.shown:
            raise ValueError("WPN prints no cards with a fold")
        return f"{event.player} folds"
    if kind is Check:
        return f"{event.player} checks"
    if kind is Call:
        street.put(event.player, event.added or 0)
        return f"{event.player} {'caps' if event.cap_reached else 'calls'} {money(event.added)}{_all_in(event)}"
    if kind is Bet:
        street.put(event.player, event.added)
        return f"{event.player} {'caps' if event.cap_reached else 'bets'} {money(event.added)}{_all_in(event)}"
    if kind is RaiseTo:
        added = event.raise_to - street.of(event.player)
        street.put(event.player, added)
        if event.cap_reached:
            return f"{event.player} caps {money(added)}{_all_in(event)}"
        return f"{event.player} raises {money(added)} to {money(event.raise_to)}{_all_in(event)}"
    if kind is StreetStart:
        if event.run:
            raise ValueError("WPN run-it-twice text is not known")
        if event.street is not Street.PREFLOP:
            street.new_street()
        marker = f"*** {_STREETS[event.street]} ***"
        if len(event.board) > 3:
            return f"{marker} [{' '.join(event.board[:-1])}] [{event.board[-1]}]"
        return f"{marker} [{' '.join(event.board)}]" if event.board else marker
    if kind is StreetPot:
        rake = f" | Rake {money(event.rake)}" if event.rake is not None else ""
        pot = f"Side pot({event.side})" if event.side else "Main pot"
        return f"{pot} {money(event.main)}{rake}"
    if kind is PostBlind:
        words = _BLINDS.get(event.blind)
        if words is None or event.dead is not None:
            raise ValueError(f"WPN has no words for a {event.blind} blind")
        live = min(event.amount, header.big_blind) if event.blind is BlindKind.SMALL_AND_BIG else event.amount
        street.put(event.player, live)
        return f"{event.player} {words} {money(event.amount)}{_all_in(event)}"
    if kind is PostAnte:
        return f"{event.player} posts ante {money(event.amount)}{_all_in(event)}"
    if kind is DealHole:
        return f"Dealt to {event.player} [{' '.join(event.cards)}]" if event.cards else None
    if kind is ReturnUncalled:
        return f"Uncalled bet ({money(event.amount)}) returned to {event.player}"
    if kind is Collect:  # the main pot's words name no pot when read back: WPN prints them for a single pot too
        pot = f"side pot-{event.pot_index}" if event.pot_index else "main pot"
        return f"{event.player} collected {money(event.amount)} from {pot}"
    if kind is Show:
        described = f" ({event.description})" if event.description else ""
        return f"{event.player} shows [{' '.join(event.cards)}]{described}"
    if kind is Muck:
        return f"{event.player} mucks hand" if event.mucked else f"{event.player} does not show"
    if kind is CashOut:
        fee = f" | Cash Out Fee {money(event.fee)}" if event.fee is not None else ""
        return f"{event.player} cashed out hand for {money(event.amount)}{fee}"
    if kind is Notice:
        if event.kind is NoticeKind.SITTING_OUT and event.player is not None:
            if event.text == f"{event.player}{_WAITS_BB}":  # read from WPN's own line: written as read
                return event.text
            return f"{event.player} is sitting out"
        if event.kind is NoticeKind.WAIT_FOR_BUTTON and event.player is not None:
            return f"{event.player} will be allowed to play after the button"
        return None  # chatter WPN words otherwise or not at all
    raise ValueError(f"WPN has no words for {kind.__name__}")


def _summary(hand: Hand, money) -> list[str]:
    claims = hand.claims
    lines = []
    if claims.total_pot is not None:
        fees = sum(amount for _, amount in claims.fees)
        total = f"Total pot {money(claims.total_pot - (claims.rake or 0) - fees)}"
        if claims.rake:
            total += f" | Rake {money(claims.rake)}"
        elif claims.rake is None or fees:
            raise ValueError("WPN leaves out only a rake of 0")
        total += "".join(
            f" | {'JP Fee' if name == 'jp fee' else name.title()} {money(amount)}" for name, amount in claims.fees
        )
        lines.append(total)
    if claims.runs > 1 or len(claims.boards) > 1:
        raise ValueError("WPN run-it-twice text is not known")
    lines += [f"Board [{' '.join(board)}]" for board in claims.boards]
    lines += [seat.text or _seat_summary(seat, money) for seat in claims.seats]  # a line read is written as read
    return lines


def _seat_summary(seat: SeatSummary, money) -> str:
    text = f"Seat {seat.seat}: {seat.player}" + "".join(f" ({position})" for position in seat.positions)
    if seat.result == "folded":
        return (
            text
            + f" folded on the {_FOLDED[seat.folded_on or Street.PREFLOP]}"
            + (" and did not bet" if seat.didnt_bet else "")
        )
    if seat.result in ("showed", "mucked"):
        text += f" {seat.result} [{' '.join(seat.cards)}]"
        if seat.outcomes:
            outcome = seat.outcomes[0]
            text += f" and won {money(outcome.amount or 0)}" if outcome.won else " and lost"
            text += f" with {outcome.description}" if outcome.description else ""
        return text
    if seat.result in ("collected", "won") and len(seat.outcomes) == 1:
        return text + f" did not show and won {money(seat.outcomes[0].amount or 0)}"
    raise ValueError(f"WPN has no words for a summary seat that {seat.result}")
