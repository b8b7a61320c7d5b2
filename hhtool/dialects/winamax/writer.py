"""Write a Hand as Winamax text: the inverse of the Winamax reader.

`render_hand(hand)` prints what `parse_winamax` reads back into the same header, seats, events and
claims (line numbers aside). Winamax's printing: the currency after the amount (`0.50€`, `2€`), no colon
after a name, `*** ANTE/BLINDS ***` before the posts, the `Dealt to` lines before `*** PRE-FLOP ***`, no
uncalled-bet line (a return is paid inside the bettor's `collected` line and won amount), a `Total pot`
that is what the winners collected (the pot after rake, returns included) and `Board: […]`.

What Winamax has no words for is refused with ValueError (a writer never prints a line its site does
not): straddles, button blinds, a new player's `small & big blinds`, a fold that shows cards, capped
betting, runs of the board, table chatter. What Winamax does not print is left out: the main and side
pot figures of the summary, the cards of a summary's `mucked` seat, table notices (`Betting is capped`, a
player finishing a tournament, sitting out: Winamax's seat list does not mark who sits out).
"""

from __future__ import annotations

from decimal import Decimal

from hhtool.dialects.textreader import first_words
from hhtool.dialects.winamax import DIALECT
from hhtool.dialects.winamax.reader import _GAMES as _READ_GAMES
from hhtool.model import (
    Bet,
    BlindKind,
    Call,
    CashDrop,
    Check,
    Collect,
    DealHole,
    Event,
    Fold,
    Hand,
    Header,
    Limit,
    Muck,
    Notice,
    NoticeKind,
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
from hhtool.model.money import SYMBOL_OF, Currency

HAND_SEPARATOR = DIALECT.hand_separator
"""What Winamax writes after each hand's last line and its newline: two blank lines (as the record's
`hand_separator`)."""

GAMES = ("holdem", "omaha", "omaha5")  # the Header.game words this writer writes (`convert`, `generate`)
# (Header.game, limit) -> the header's game words: the reader's table read backwards, its first words for each
# (`Omaha5 pot limit` rather than `5 Card Omaha pot limit`)
_HEADER_GAMES = first_words(_READ_GAMES)
_STREETS = {Street.FLOP: "FLOP", Street.TURN: "TURN", Street.RIVER: "RIVER"}
_DENIES = " denies big blind"
_POSITION_ORDER = {"small blind": 0, "big blind": 1, "button": 2}  # `(small blind) (button)` heads-up
_FOLDED = {
    Street.PREFLOP: "folded on the pre-flop",
    Street.FLOP: "folded on the flop",
    Street.TURN: "folded on the turn",
    Street.RIVER: "folded on the river",
}


class _Money:
    """Winamax's amounts: `0.50€`, `2€`; chips as whole numbers (or with their hundredths)."""

    def __init__(self, header: Header) -> None:
        self.symbol = "" if header.currency == "chips" else SYMBOL_OF.get(header.currency, "")
        self.currency = Currency(header.currency, "", header.scale)

    def __call__(self, amount: int) -> str:
        return self.currency.format(amount) + self.symbol


def render_hand(hand: Hand) -> str:
    """One hand as Winamax text, ending with its last line's newline (HAND_SEPARATOR goes between hands)."""
    money = _Money(hand.header)
    header = hand.header
    lines = [_header(header, money), _table(header)]
    for seat in hand.seats:
        if seat.sitting_out or seat.out_of_hand:
            raise ValueError("Winamax does not mark a seat sitting out")  # (said() unmarks them)
        bounty = f", {seat.bounty} bounty" if seat.bounty else ""
        lines.append(f"Seat {seat.seat}: {seat.player} ({money(seat.stack)}{bounty})")
    lines.append("*** ANTE/BLINDS ***")
    returns = _returns(hand)
    collectors = {event.player for event in hand.events if type(event) is Collect}
    alone = {name: amount for name, amount in returns.items() if name not in collectors}
    events = list(hand.events)
    index = 0
    while index < len(events):
        event = events[index]
        if type(event) is StreetStart and event.street is Street.PREFLOP:
            dealt = index + 1  # the pre-flop deal is printed before the marker
            while dealt < len(events) and type(deal := events[dealt]) is DealHole:
                lines.append(_dealt(deal))
                dealt += 1
            lines.append("*** PRE-FLOP ***")
            index = dealt
            continue
        if type(event) is Collect and alone:  # a return to a player who wins nothing: its own line, first
            lines += [f"{name} collected {money(amount)} from side pot 1" for name, amount in alone.items()]
            for name in alone:
                returns.pop(name)
            alone = {}
        line = _event(event, money, returns)
        if line is not None:
            lines.append(line)
        index += 1
    if any(returns.values()):
        raise ValueError("Winamax pays a returned bet inside a collected line: this hand has none")
    lines.append("*** SUMMARY ***")
    lines += _summary(hand, money, _returns(hand))
    return "\n".join(lines) + "\n"


def render_hands(hands) -> str:
    return "".join(render_hand(hand) + HAND_SEPARATOR for hand in hands)


def _header(header: Header, money: _Money) -> str:
    when = f"{header.time_utc or header.time:%Y/%m/%d %H:%M:%S} UTC" if (header.time_utc or header.time) else ""
    game = _HEADER_GAMES.get((header.game, header.limit))
    if game is None:
        raise ValueError(f"Winamax has no game words written for {header.game!r} {header.limit}")
    if header.limit is Limit.FIXED_LIMIT:
        stakes = f"{money(header.small_bet)}/{money(header.big_bet)}"
    else:
        stakes = f"{money(header.small_blind)}/{money(header.big_blind)}"
    if header.ante:
        stakes = f"{money(header.ante)}/{stakes}"
    if header.is_tournament:
        name = _tournament_name(header)
        level = header.level if header.level and header.level.isdigit() else "0"
        kind = f'Tournament "{name}" buyIn: {header.buy_in or "Ticket"} level: {level}'
    else:
        kind = f'Go Fast "{header.table}"' if header.fast_fold else "CashGame"
    return f"Winamax Poker - {kind} - HandId: #{header.hand_id} - {game} ({stakes}) - {when}"


def _tournament_name(header: Header) -> str:
    cut = header.table.rfind("(")
    return header.table[:cut] if cut > 0 else header.table


def _table(header: Header) -> str:
    if header.max_seats is None or header.button_seat is None:
        raise ValueError("Winamax prints the table size and the button seat")
    name = header.table
    if header.is_tournament and not name.endswith(")#0") and f"({header.tournament_id})#" not in name:
        name = f"{name}({header.tournament_id})#0"  # how a tournament table names its tournament
    money = "play money" if header.play_money else "real money"
    return f"Table: '{name}' {header.max_seats}-max ({money}) Seat #{header.button_seat} is the button"


def _all_in(event) -> str:
    return " and is all-in" if event.all_in else ""


def _dealt(event: DealHole) -> str:
    if not event.cards:
        raise ValueError("Winamax prints a `Dealt to` line only with the cards")
    return f"Dealt to {event.player} [{' '.join(event.cards)}]"


def _returns(hand: Hand) -> dict[str, int]:
    """Player → the uncalled chips returned to them, which Winamax pays inside their collected line."""
    out: dict[str, int] = {}
    for event in hand.events:
        if type(event) is ReturnUncalled:
            out[event.player] = out.get(event.player, 0) + event.amount
    return out


def _event(event, money: _Money, returns: dict[str, int]) -> str | None:
    kind = type(event)
    if kind is Fold:
        if event.shown:
            raise ValueError("Winamax prints no cards on a fold")
        return f"{event.player} folds"
    if kind is Check:
        return f"{event.player} checks"
    if kind is Call or kind is Bet or kind is RaiseTo:
        if event.cap_reached:
            raise ValueError("Winamax prints no capped betting")
        if kind is Call:
            return f"{event.player} calls {money(event.added)}{_all_in(event)}"
        if kind is Bet:
            return f"{event.player} bets {money(event.added)}{_all_in(event)}"
        if event.raise_by is None:
            raise ValueError("Winamax prints the raise size")
        return f"{event.player} raises {money(event.raise_by)} to {money(event.raise_to)}{_all_in(event)}"
    if kind is StreetStart:
        if event.run:
            raise ValueError("Winamax runs the board once")
        if event.street is Street.SHOWDOWN:
            return "*** SHOW DOWN ***"
        board = event.board
        if event.street is Street.FLOP:
            return f"*** FLOP *** [{' '.join(board)}]"
        return f"*** {_STREETS[event.street]} *** [{' '.join(board[:-1])}][{board[-1]}]"
    if kind is PostBlind:
        return _post(event, money)
    if kind is PostAnte:
        return f"{event.player} posts ante {money(event.amount)}{_all_in(event)}"
    if kind is DealHole:
        return _dealt(event)
    if kind is Show:
        described = f" ({event.description})" if event.description else ""
        return f"{event.player} shows [{' '.join(event.cards)}]{described}"
    if kind is ReturnUncalled:
        return None  # paid inside the bettor's collected line
    if kind is Collect:
        amount = event.amount + returns.pop(event.player, 0)
        pot = (
            "pot" if event.pot_index is None else "main pot" if event.pot_index == 0 else f"side pot {event.pot_index}"
        )
        return f"{event.player} collected {money(amount)} from {pot}"
    if kind is CashDrop:
        return f"Hold-up to Pot: total {money(event.amount)}"
    if kind is Muck:
        return None  # Winamax prints no muck line (the summary says `mucked`)
    if kind is Notice:  # `X denies big blind`; other table notices have no Winamax line we know of
        return event.text if event.kind is NoticeKind.SITTING_OUT and event.text.endswith(_DENIES) else None
    raise ValueError(f"Winamax has no line for {kind.__name__}")


def _post(event: PostBlind, money: _Money) -> str:
    if event.blind is BlindKind.SMALL:
        return f"{event.player} posts small blind {money(event.amount)}{_all_in(event)}"
    if event.blind is BlindKind.BIG:
        return f"{event.player} posts big blind {money(event.amount)}{_all_in(event)}"
    if event.blind is BlindKind.MISSED and event.dead == event.amount:
        return f"{event.player} posts small blind {money(event.amount)} out of position{_all_in(event)}"
    raise ValueError(f"Winamax has no words for a {event.blind.value} blind")


def _summary(hand: Hand, money: _Money, returns: dict[str, int]) -> list[str]:
    claims = hand.claims
    lines = []
    if claims.total_pot is not None:
        if claims.runs != 1 or claims.fees:  # (the main and side pots are not printed)
            raise ValueError("Winamax prints one total pot and the rake")
        rake = claims.rake or 0
        added = sum(returns.values())  # Winamax's total counts the returns the winners collect
        tail = f" | Rake {money(rake)}" if rake else " | No rake"
        if claims.rake is None:
            tail = ""
        lines.append(f"Total pot {_total(claims.total_pot - rake + added, claims.total_step, money)}{tail}")
    for board in claims.boards:
        lines.append(f"Board: [{' '.join(board)}]")
    for seat in claims.seats:
        lines.append(_seat_line(seat, money, returns))
    return lines


def _seat_line(seat: SeatSummary, money: _Money, returns: dict[str, int]) -> str:
    if seat.text:
        return seat.text
    tags = "".join(f" ({position})" for position in _in_order(seat.positions))
    head = f"Seat {seat.seat}: {seat.player}{tags}"
    if seat.result == "folded":
        if seat.folded_on is None:
            return f"{head} folded"
        return f"{head} {_FOLDED[seat.folded_on]}"
    if seat.result == "mucked":  # Winamax prints no mucked cards (hhsmithy's AllInHandWithShowdown)
        return f"{head} mucked"
    if len(seat.outcomes) != 1:
        raise ValueError("Winamax prints one result per seat")
    outcome = seat.outcomes[0]
    back = returns.get(seat.player, 0)
    if seat.result == "showed" and back and not outcome.won:  # the return is all this player takes
        described = f" with {outcome.description}" if outcome.description else ""
        return f"{head} showed [{' '.join(seat.cards)}] and won {money(back)}{described}"
    if seat.result == "showed":
        described = f" with {outcome.description}" if outcome.description else ""
        if outcome.won and outcome.amount is not None:
            return f"{head} showed [{' '.join(seat.cards)}] and won {money(outcome.amount + back)}{described}"
        return f"{head} showed [{' '.join(seat.cards)}] and lost{described}"
    if seat.result in ("won", "collected") and outcome.amount is not None and not seat.cards:
        return f"{head} won {money(outcome.amount + back)}"
    raise ValueError(f"Winamax has no summary words for {seat.result!r}")


def _in_order(positions: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(positions, key=lambda name: _POSITION_ORDER.get(name, 3)))


def said(hand: Hand) -> Hand | None:
    """The hand as Winamax text says it, for a hand read from a site that prints what Winamax does not
    (tests render the rule cases of another site's text in every dialect: this is what the Winamax reader
    gives back for `render_hand`'s text). Returned chips are inside the bettor's collected line, won
    amount and the total pot (no `ReturnUncalled`), a summary fold says no `(didn't bet)`, a seat that
    collected `won`, position tags in Winamax's order. None when the hand's printed returns are not
    the ones its betting leaves (Winamax, which prints none, cannot say such a hand)."""
    from msgspec.structs import replace

    from hhtool.dialects.sites import hand_site
    from hhtool.rules.replay import replay
    from hhtool.rules.ruleset import RuleSet

    printed = _returns(hand)
    hand = _deal_before_preflop(hand)
    if {
        name: amount for name, amount in replay(hand, RuleSet(), site=hand_site(hand)).returns.items() if amount
    } != printed:
        return None
    if any(type(event) is Collect and event.pot_index is not None for event in hand.events):
        return None  # Winamax's pot names are not the pots of the all-in levels (see the reader)
    if not _described_in_winamax_words(hand):
        return None
    collected: dict[str, int] = {}
    for event in hand.events:
        if type(event) is Collect:
            collected[event.player] = collected.get(event.player, 0) + event.amount
    for seat in hand.claims.seats:  # Winamax's won amount holds the return: a wrong one reads another number
        if seat.player in printed and sum(o.amount or 0 for o in seat.outcomes) != collected.get(seat.player, 0):
            return None
    # a return to a player who collects nothing is a collected line of its own, before the others (2010
    # and 2012 files: `Player8 collected 1.29€ from side pot 1`), and that player's summary says won
    returns = dict(printed)
    alone = {name: amount for name, amount in printed.items() if name not in collected}
    lines = {event.player: event.line for event in hand.events if type(event) is ReturnUncalled}
    events: list[Event] = []
    for event in hand.events:
        if type(event) is ReturnUncalled:
            continue
        if type(event) is Notice and event.kind in _AWAY:
            continue  # Winamax says nothing of a player sitting out: a seat without a line says it
        if type(event) is Collect and alone:
            events += [Collect(lines[name], name, amount, None) for name, amount in alone.items()]
            for name in alone:
                returns.pop(name)
            alone = {}
        if type(event) is Collect and returns.get(event.player):
            event = replace(event, amount=event.amount + returns.pop(event.player))
        events.append(event)
    if any(returns.values()) or alone:
        return None
    seats = []
    for seat in hand.claims.seats:
        back = printed.get(seat.player, 0)
        outcomes: tuple[Outcome, ...]
        if seat.player in printed and seat.player not in collected:
            if seat.result != "showed" or len(seat.outcomes) != 1:
                return None
            outcomes = (replace(seat.outcomes[0], won=True, amount=back),)
        else:
            outcomes = tuple(
                replace(o, amount=o.amount + back) if o.won and o.amount is not None else o for o in seat.outcomes
            )
        result = "won" if seat.result == "collected" else seat.result
        seats.append(
            replace(
                seat,
                positions=_in_order(seat.positions),
                result=result,
                outcomes=outcomes,
                didnt_bet=seat.folded_on is None and seat.result == "folded",
            )
        )
    # no seat is marked: whoever has no line in the hand was not dealt in, as a marked seat without one
    table = tuple(replace(seat, sitting_out=False, out_of_hand=False) for seat in hand.seats)
    claims = hand.claims
    total = claims.total_pot + sum(printed.values()) if claims.total_pot is not None else None
    return replace(hand, seats=table, events=tuple(events), claims=replace(claims, total_pot=total, seats=tuple(seats)))


_AWAY = (NoticeKind.SITTING_OUT, NoticeKind.WAIT_FOR_BUTTON)


def _described_in_winamax_words(hand: Hand) -> bool:
    """Whether every hand description the hand prints is Winamax's wording of the shown cards (a wrong one
    in another site's words has no Winamax text); in Omaha, of the best five of two hole cards and three of
    the board (`described_cards`)."""
    from hhtool.dialects.winamax.wording import description_matches
    from hhtool.model.variant import variant_named
    from hhtool.rules.showdown_value import described_cards

    variant = variant_named(hand.header.game)
    board: tuple[str, ...] = ()
    for event in hand.events:
        if type(event) is StreetStart and event.board:
            board = event.board
    if hand.claims.boards:
        board = hand.claims.boards[0]
    described = [(event.description, event.cards) for event in hand.events if type(event) is Show]
    described += [(outcome.description, seat.cards) for seat in hand.claims.seats for outcome in seat.outcomes]
    for description, cards in described:
        if description and cards and len(cards + board) >= 5:
            try:
                if variant.any_five:
                    named = cards + board
                elif len(cards) == variant.hole_cards and len(board) >= 3:
                    named = described_cards(variant, cards, board)
                else:
                    continue  # not the game's hole cards, or no flop: no best five to name
                if not description_matches(description, named):
                    return False
            except ValueError:  # a card twice: no best hand to name (the replay reports the cards)
                continue
    return True


def _deal_before_preflop(hand: Hand) -> Hand:
    """The `Dealt to` lines right after the pre-flop marker moved before it, where Winamax prints them."""
    from msgspec.structs import replace

    events = list(hand.events)
    for index, event in enumerate(events):
        if type(event) is StreetStart and event.street is Street.PREFLOP:
            end = index + 1
            while end < len(events) and type(events[end]) is DealHole:
                end += 1
            events[index:end] = events[index + 1 : end] + [event]
            return replace(hand, events=tuple(events))
    return hand


def _total(amount: int, step: int, money: _Money) -> str:
    """The total pot as printed: exact, or in thousands to its rounding (`2.80k`: a step of ten chips)."""
    if not step:
        return money(amount)
    unit = money.currency.scale * 1000
    decimals = max(len(str(unit // step)) - 1, 0)
    return f"{Decimal(amount) / unit:.{decimals}f}k"
