"""Write a Hand as Ignition / Bovada text: the inverse of the Bovada reader.

`render_hand(hand)` prints what `reader.parse` reads back into the same header, seats, events and claims
(line numbers aside), in the 2021 `[MVS]` form (the one whose `Table Info:` line says a cash table's
stakes): `Bovada Hand #N TBL#T HOLDEM No Limit [MVS] - 2021-03-11 22:58:57 UTC`, the button on a
`Set dealer [N]` line, `<name> : <action>` lines, `Raises $added to $total`, `All-in` for every action
that puts a player all-in, `Showdown [best five] (category)`, `Hand result $X`, and the summary's
`Total Pot($X) | Rake ($X)`, `Board [..]` and `Seat+N: …` lines. Players keep their names (a real
file names them by position; the reader takes any name).

`sayable(hand)` is the hand as this text can say it (Dialect.sayable, for the rule tests' renderings):
no table size, no summary tags, no showdown marker, no raise size, no pot numbers; a hand it cannot
say at all (a straddle, a cap, a second run, a fee, main and side pot figures, a side pot paid by number, a missing uncalled
return, which the client leaves out of walks, a raise whose printed size is wrong) is a ValueError.
"""

from __future__ import annotations

from itertools import combinations

import msgspec

from hhtool.dialects.bovada.wording import NAMES
from hhtool.dialects.street_money import StreetMoney
from hhtool.model import (
    Bet,
    BlindKind,
    Call,
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
    StreetStart,
)
from hhtool.model.money import SYMBOL_OF, Currency
from hhtool.rules.ranking import evaluate

_LIMITS = {Limit.NO_LIMIT: "No Limit", Limit.POT_LIMIT: "Pot Limit", Limit.FIXED_LIMIT: "Fixed Limit"}
_STREETS = {Street.FLOP: "FLOP", Street.TURN: "TURN", Street.RIVER: "RIVER"}
_FOLDED = {Street.PREFLOP: "Folded before the FLOP", Street.FLOP: "Folded on the FLOP",
           Street.TURN: "Folded on the TURN", Street.RIVER: "Folded on the RIVER"}
_POSTS = {BlindKind.SMALL: "Small Blind", BlindKind.BIG: "Big blind", BlindKind.SMALL_AND_BIG: "Posts dead chip"}
# what the replay finds that this text cannot say: a missing uncalled return (walks return silently) and
# a raise size that disagrees with its total (the client prints no raise size)
_UNSAYABLE_FINDINGS = frozenset({"HH202", "HH121"})


def currency(header: Header) -> Currency:
    """Dollars with cents only when there are some (`$50`, `$0.50`), thousands commas (`$1,437.05`, `21,516`)."""
    symbol = "" if header.scale == 1 else SYMBOL_OF.get(header.currency, "")
    return Currency(header.currency, symbol, header.scale, trim=False, thousands=",")


def render_hand(hand: Hand) -> str:
    """One hand as Bovada text, ending with its last line's newline."""
    header = hand.header
    money = currency(header).format
    lines = [_header(header, money)]
    if not header.is_tournament:
        lines.append(f"Table Info: Version: 1, Type: MVS, Stakes: {money(header.small_blind)}-"
                     f"{money(header.big_blind)}, Table: {_table(header)}")
    lines += [f"Seat {s.seat}: {s.player} ({money(s.stack)} in chips)" for s in hand.seats]
    if header.button_seat is not None:
        dealer = next((s.player for s in hand.seats if s.seat == header.button_seat), "Dealer")
        lines.append(f"{dealer} : Set dealer [{header.button_seat}]")
    writer = _Lines(hand, money)
    for event in hand.events:
        line = writer.line(event)
        if line is not None:
            lines.append(line)
    lines.append("*** SUMMARY ***")
    lines += _summary(hand, money)
    return "\n".join(lines) + "\n"


def _table(header: Header) -> str:
    return "".join(ch for ch in header.table if ch.isalnum()) or "1"


def _header(header: Header, money) -> str:
    when = header.time_utc or header.time
    stamp = f"{when:%Y-%m-%d %H:%M:%S}" if when is not None else "2000-01-01 00:00:00"
    zone = " UTC" if header.time_utc is not None else ""
    limit = _LIMITS[header.limit]
    if header.is_tournament:
        level = (header.level or "1").removeprefix("Level ").split(" ")[0]
        return (f"Bovada Hand #{header.hand_id}: HOLDEM Tournament #{header.tournament_id} TBL#{_table(header)}, "
                f"{limit}- Level {level} ({money(header.small_blind)}/{money(header.big_blind)}) [MVS] - "
                f"{stamp}{zone}")
    return f"Bovada Hand #{header.hand_id} TBL#{_table(header)} HOLDEM {limit} [MVS] - {stamp}{zone}"


class _Lines:
    """The body lines, with each player's chips on the street (a raise prints the chips it adds)."""

    def __init__(self, hand: Hand, money) -> None:
        self.money = money
        self.street = StreetMoney()
        self.board: tuple[str, ...] = ()
        self.dealt = {e.player: e.cards for e in hand.events if type(e) is DealHole}
        self.summary = {s.player: s.cards for s in hand.claims.seats if s.cards}

    def line(self, event) -> str | None:
        kind, money = type(event), self.money
        if kind is Fold:
            return f"{event.player} : Folds" + (f" & shows [{' '.join(event.shown)}]" if event.shown else "")
        if kind is Check:
            return f"{event.player} : Checks"
        if kind is Call:
            self.street.put(event.player, event.added)
            return f"{event.player} : {'All-in' if event.all_in else 'Calls'} {money(event.added)}"
        if kind is Bet:
            self.street.put(event.player, event.added)
            return f"{event.player} : {'All-in' if event.all_in else 'Bets'} {money(event.added)}"
        if kind is RaiseTo:
            added = event.raise_to - self.street.of(event.player)
            self.street.put(event.player, added)
            verb = "All-in(raise)" if event.all_in else "Raises"
            return f"{event.player} : {verb} {money(added)} to {money(event.raise_to)}"
        if kind is StreetStart:
            return self._street(event)
        if kind is PostBlind:
            self.street.put(event.player, event.amount)
            return f"{event.player} : {_POSTS[event.blind]} {money(event.amount)}"
        if kind is PostAnte:
            return f"{event.player} : Ante chip {money(event.amount)}"
        if kind is DealHole:
            return f"{event.player} : Card dealt to a spot [{' '.join(event.cards)}]"
        if kind is ReturnUncalled:
            return f"{event.player} : Return uncalled portion of bet {money(event.amount)}"
        if kind is Collect:
            return f"{event.player} : Hand result {money(event.amount)}"
        if kind is Show:
            described = f" ({event.description})" if event.description else ""
            return f"{event.player} : Showdown [{' '.join(best_five(event.cards, self.board))}]{described}"
        if kind is Muck:
            cards = self.dealt.get(event.player) or self.summary.get(event.player)
            if not cards:
                return None  # the client names the cards; none are known here
            return f"{event.player} : {'Mucks' if event.mucked else 'Does not show'} [{' '.join(cards)}]"
        if kind is Notice:
            if event.kind is NoticeKind.SITTING_OUT:
                return f"{event.player} : Seat sit out"
            if event.kind is NoticeKind.WAIT_FOR_BUTTON:
                return f"{event.player} : Sitout (wait for bb)"
            return event.text
        raise ValueError(f"Bovada text has no line for {kind.__name__}")

    def _street(self, event: StreetStart) -> str | None:
        if event.street is Street.PREFLOP:
            return "*** HOLE CARDS ***"
        if event.street is Street.SHOWDOWN:
            return None
        self.street.new_street()
        self.board = event.board
        marker = f"*** {_STREETS[event.street]} ***"
        if len(event.board) > 3:
            return f"{marker} [{' '.join(event.board[:-1])}] [{event.board[-1]}]"
        return f"{marker} [{' '.join(event.board)}]"


def best_five(cards: tuple[str, ...], board: tuple[str, ...]) -> tuple[str, ...]:
    """The five cards the client prints for a shown hand: the best five of hole cards and board (the hole
    cards alone when there are not five yet)."""
    pool = tuple(cards) + tuple(board)
    if len(pool) < 5 or len(pool) > 7 or len(set(pool)) != len(pool):
        return tuple(cards)
    try:
        return max(combinations(pool, 5), key=lambda five: evaluate(five).strength)
    except ValueError:  # not valid cards: print what was shown
        return tuple(cards)


def _summary(hand: Hand, money) -> list[str]:
    claims = hand.claims
    lines = []
    if claims.total_pot is not None:
        rake = f" | Rake ({money(claims.rake)})" if claims.rake is not None else ""
        lines.append(f"Total Pot({money(claims.total_pot)}){rake}")
    board = claims.boards[0] if claims.boards else ()
    if claims.boards:
        lines.append(f"Board [{' '.join(board)}]")
    lines += [_seat_summary(seat, money, board) for seat in claims.seats]
    return lines


def _seat_summary(seat: SeatSummary, money, board: tuple[str, ...]) -> str:
    text = f"Seat+{seat.seat}: {seat.player}"
    shown = ""
    if seat.cards:
        five = best_five(seat.cards, board)
        shown = f" [{' '.join(seat.cards)}" + (f"-{' '.join(five)}]" if five != tuple(seat.cards) else "]")
    if seat.result == "folded":
        return f"{text} {_FOLDED[seat.folded_on or Street.PREFLOP]}"
    if seat.result == "mucked":
        return f"{text} [Mucked]{shown}"
    outcome = seat.outcomes[0] if seat.outcomes else None
    if seat.result == "collected" and outcome is not None and outcome.amount is not None:
        return f"{text} {money(outcome.amount)} [Does not show]"
    if seat.result == "showed" and outcome is not None:
        described = f" {outcome.description}" if outcome.description else ""
        if outcome.won and outcome.amount is not None:
            return f"{text} {money(outcome.amount)} with{described}{shown}"
        return f"{text} lost with{described}{shown}"
    raise ValueError(f"Bovada text has no summary line for a seat that {seat.result}")


# ---------------------------------------------------------------------------------------------
# What the text can say (Dialect.sayable)

def sayable(hand: Hand) -> Hand:
    """The hand as Bovada text can say it: no table size (a seat beyond it cannot be said), no summary
    position tags or `(didn't bet)`, no showdown marker, no raise size (it prints the chips added), no pot
    numbers on collects; ValueError for what it cannot say at all."""
    header = hand.header
    claims = hand.claims
    replace = msgspec.structs.replace
    if header.max_seats is not None and any(seat.seat > header.max_seats for seat in hand.seats):
        raise ValueError("no table size is printed: a seat beyond it cannot be said")
    if header.cap is not None or claims.runs > 1 or claims.fees or claims.main_pot is not None or claims.side_pots:
        raise ValueError("no cap, second run, fee, main pot or side pot figure is printed")
    if any(type(e) is Collect and e.pot_index is not None and e.pot_index > 0 for e in hand.events):
        raise ValueError("`Hand result` names no side pot by number")
    if any(seat.result not in ("folded", "mucked", "collected", "won", "showed") or seat.cashed_out
           or len(seat.outcomes) > 1 for seat in claims.seats):
        raise ValueError("a summary seat line the client does not print")
    described = [e.description for e in hand.events if type(e) is Show and e.description]
    described += [o.description for seat in claims.seats for o in seat.outcomes if o.description]
    if any(text not in NAMES for text in described):
        raise ValueError("a hand description in words the client does not print (it names the category only)")
    if _UNSAYABLE_FINDINGS & _codes(hand):
        raise ValueError("a missing uncalled return or a wrong raise size cannot be said")
    events = []
    for event in hand.events:
        kind = type(event)
        if kind is StreetStart and event.street is Street.SHOWDOWN:
            continue
        if kind is RaiseTo:
            event = replace(event, raise_by=None)
        elif kind is Collect:
            event = replace(event, pot_index=None)
        events.append(event)
    seats = tuple(replace(s, positions=(), didnt_bet=False, result="collected" if s.result == "won" and not s.cards
                          else s.result) for s in claims.seats)
    return replace(hand, header=replace(header, max_seats=None), events=tuple(events),
                   claims=replace(claims, seats=seats))


def _codes(hand: Hand) -> set[str]:
    """The codes the replay finds in the hand read as a site that prints every return and raise size."""
    from hhtool.rules.ruleset import RuleSet  # the replay, imported when a test rendering asks
    from hhtool.validate import validate_hand

    plain = msgspec.structs.replace(hand, header=msgspec.structs.replace(hand.header, site=""))
    return {f.code for f in validate_hand(plain, RuleSet()).findings}
