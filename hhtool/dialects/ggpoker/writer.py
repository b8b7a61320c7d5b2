"""Write a Hand as GGPoker (PokerCraft) text: the inverse of the GG reader.

`render_hand(hand)` prints what `parse_gg` reads back into the same header, seats, events and claims
(line numbers aside). GG's printing conventions: amounts without trailing zeros and with thousands
commas (`$0.1`, `$1,289.63`, `12,480`), a `Dealt to X` line for every seat (cards for the ones the
hand knows), `raises A to B` with the raise size and the street total, shows before
`*** SHOWDOWN ***`, the fees after the rake on the `Total pot` line, and a run's own cards only on
`SECOND Board [..]`. Summary seat lines the reader kept verbatim are written as kept.
"""

from __future__ import annotations

from hhtool.dialects.ggpoker.reader import _GAMES as _READ_GAMES
from hhtool.dialects.textreader import first_words
from hhtool.model import (
    Bet,
    BlindKind,
    Call,
    CashDrop,
    Check,
    Collect,
    DealHole,
    EVCashout,
    Fold,
    Hand,
    Header,
    Insurance,
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

HAND_SEPARATOR = "\n\n\n"
"""What PokerCraft writes after each hand's last line: two blank lines."""

GAMES = ("holdem", "omaha", "omaha5", "omaha6")  # the Header.game words this writer writes (`convert`, `generate`)
# (Header.game, limit) -> the header's game words: the reader's table read backwards, its first words for each
# (`Hold'em Limit`; `PLO-5` and `Omaha` with no structure for pot limit, `Omaha No Limit`, as fpdb-3's ggpoker
# files print them)
_HEADER_GAMES = first_words(_READ_GAMES)
_STREETS = {Street.FLOP: "FLOP", Street.TURN: "TURN", Street.RIVER: "RIVER", Street.SHOWDOWN: "SHOWDOWN"}
_RUNS = {1: "FIRST ", 2: "SECOND ", 3: "THIRD "}
_RUN_COUNTS = {2: "two", 3: "three"}
_BLINDS = {
    BlindKind.SMALL: "posts small blind ",
    BlindKind.BIG: "posts big blind ",
    BlindKind.MISSED: "posts missed blind ",
    BlindKind.BUTTON: "posts button blind ",
    BlindKind.STRADDLE: "straddle ",
}
_FOLDED = {
    Street.PREFLOP: "folded before Flop",
    Street.FLOP: "folded on the Flop",
    Street.TURN: "folded on the Turn",
    Street.RIVER: "folded on the River",
}
_FEE_NAMES = {"jackpot": "Jackpot", "bingo": "Bingo", "fortune": "Fortune", "tax": "Tax"}


def currency(header: Header) -> Currency:
    """How GG prints a hand's amounts: symbol, no trailing zeros, thousands commas."""
    symbol = "" if header.scale == 1 else SYMBOL_OF.get(header.currency, "")
    return Currency(header.currency, symbol, header.scale, trim=True, thousands=",")


def render_hand(hand: Hand) -> str:
    """One hand as GG text, ending with its last line's newline (HAND_SEPARATOR goes between hands)."""
    money = currency(hand.header).format
    lines = [_header(hand.header, money), _table(hand.header)]
    lines += [f"Seat {s.seat}: {s.player} ({money(s.stack)} in chips)" for s in hand.seats]
    shared: tuple[str, ...] = ()
    for event in hand.events:
        if type(event) is StreetStart and event.run == 0 and event.board:
            shared = event.board
        line = _event(event, hand, money)
        if line is not None:
            lines.append(line)
    lines.append("*** SUMMARY ***")
    lines += _summary(hand, money, shared)
    return "\n".join(lines) + "\n"


def render_hands(hands) -> str:
    return "".join(render_hand(hand) + HAND_SEPARATOR[1:] for hand in hands)


def _header(header: Header, money) -> str:
    prefix = header.hand_id
    game = _HEADER_GAMES[header.game, header.limit]
    when = f"{header.time:%Y/%m/%d %H:%M:%S}" if header.time is not None else ""
    if header.is_tournament:
        name = f"{header.buy_in} " if header.buy_in else ""
        stakes = f"{header.level} ({header.small_blind:,}/{header.big_blind:,})"
        return f"Poker Hand #{prefix}: Tournament #{header.tournament_id}, {name}{game} - {stakes} - {when}"
    return f"Poker Hand #{prefix}: {game} ({money(header.small_blind)}/{money(header.big_blind)}) - {when}"


def _table(header: Header) -> str:
    size = f" {header.max_seats}-max" if header.max_seats else ""
    button = f" Seat #{header.button_seat} is the button" if header.button_seat is not None else ""
    return f"Table '{header.table}'{size}{button}"


def _all_in(event) -> str:
    return " and is all-in" if event.all_in else ""


def _event(event, hand: Hand, money) -> str | None:
    kind = type(event)
    if kind is Fold:
        return f"{event.player}: folds" + (f" [{' '.join(event.shown)}]" if event.shown else "")
    if kind is Check:
        return f"{event.player}: checks"
    if kind is Call:
        return f"{event.player}: calls {money(event.added)}{_all_in(event)}"
    if kind is Bet:
        return f"{event.player}: bets {money(event.added)}{_all_in(event)}"
    if kind is RaiseTo:
        return f"{event.player}: raises {money(event.raise_by)} to {money(event.raise_to)}{_all_in(event)}"
    if kind is StreetStart:
        if event.street is Street.PREFLOP:
            return "*** HOLE CARDS ***"
        # GG prints `FIRST` on a street every run shares when the board is run more than once
        run = event.run or (1 if hand.claims.runs > 1 and event.street is not Street.SHOWDOWN else 0)
        marker = f"*** {_RUNS.get(run, '')}{_STREETS[event.street]} ***"
        if len(event.board) > 3:
            return f"{marker} [{' '.join(event.board[:-1])}] [{event.board[-1]}]"
        return f"{marker} [{' '.join(event.board)}]" if event.board else marker
    if kind is PostBlind:
        return f"{event.player}: {_BLINDS[event.blind]}{money(event.amount)}{_all_in(event)}"
    if kind is PostAnte:
        return f"{event.player}: posts the ante {money(event.amount)}{_all_in(event)}"
    if kind is DealHole:
        return f"Dealt to {event.player}" + (f" [{' '.join(event.cards)}]" if event.cards else " ")
    if kind is ReturnUncalled:
        return f"Uncalled bet ({money(event.amount)}) returned to {event.player}"
    if kind is Collect:
        return f"{event.player} collected {money(event.amount)} from pot"
    if kind is Show:
        described = f" ({event.description})" if event.description else ""
        return f"{event.player}: shows [{' '.join(event.cards)}]{described}"
    if kind is Muck:  # GG prints no muck line (every hand that reaches the showdown is shown): a hand from
        return None  # elsewhere keeps its mucks out of GG's text (the grammar has no such line)
    if kind is CashDrop:
        return f"Cash Drop to Pot : total {money(event.amount)} "
    if kind is EVCashout:
        if event.received is not None:
            return f"{event.player}: Receives Cashout ({money(event.received)})"
        if event.paid is not None:
            return f"{event.player}: Pays Cashout Risk ({money(event.paid)})"
        return f"{event.player}: Chooses to EV Cashout"
    if kind is Insurance:
        if event.paid is not None:
            return f"{event.player}: pay premium of all-in insurance ({money(event.paid)})"
        if event.received is not None:
            return f"{event.player}: get main compensation of all-in insurance ({money(event.received)})"
        premiums = "/".join(map(money, event.premiums))
        covers = "/".join(map(money, event.covers))
        return f"{event.player}: get an all-in insurance (premium ({premiums}) for ({covers}) - (Mandatory/Main/Sub))"
    if kind is Notice:  # GG prints no 'betting is capped' notice (the grammar has no such line)
        return None if event.kind is NoticeKind.BETTING_CAPPED else event.text
    return None


def _summary(hand: Hand, money, shared: tuple[str, ...]) -> list[str]:
    claims = hand.claims
    lines = []
    if claims.total_pot is not None:
        total = f"Total pot {money(claims.total_pot)}"
        if claims.rake is not None:
            total += f" | Rake {money(claims.rake)}"
        total += "".join(f" | {_FEE_NAMES.get(name, name.title())} {money(amount)}" for name, amount in claims.fees)
        lines.append(total)
    if claims.runs > 1:
        lines.append(f"Hand was run {_RUN_COUNTS[claims.runs]} times")
    for index, board in enumerate(claims.boards):
        if claims.runs > 1:
            own = board[len(shared) :] if index and board[: len(shared)] == shared else board
            lines.append(f"{_RUNS[index + 1]}Board [{' '.join(own)}]")
        else:
            lines.append(f"Board [{' '.join(board)}]")
    lines += [seat.text or _seat_summary(seat, money) for seat in claims.seats]
    return lines


def _seat_summary(seat: SeatSummary, money) -> str:
    """A summary seat line from its fields (a hand built in memory has no verbatim text)."""
    text = f"Seat {seat.seat}: {seat.player}" + "".join(f" ({position})" for position in seat.positions)
    if seat.result == "folded":
        text += f" {_FOLDED[seat.folded_on or Street.PREFLOP]}" + (" (didn't bet)" if seat.didnt_bet else "")
    elif seat.result == "showed":
        text += f" showed [{' '.join(seat.cards)}] and " + ", and ".join(_outcome(o, money) for o in seat.outcomes)
    elif seat.result == "mucked":
        text += " mucked" + (f" [{' '.join(seat.cards)}]" if seat.cards else "")
    elif seat.result in ("won", "collected") and seat.outcomes:
        text += f" {seat.result} ({money(seat.outcomes[0].amount or 0)})"
    if seat.cash_out_received is not None:
        text += f", EV Cashout ({money(seat.cash_out_received)})"
    if seat.cash_out_paid is not None:
        text += f", Cashout Risk ({money(seat.cash_out_paid)})"
    return text


def _outcome(outcome: Outcome, money) -> str:
    text = f"won ({money(outcome.amount or 0)})" if outcome.won else "lost"
    return text + (f" with {outcome.description}" if outcome.description else "")
