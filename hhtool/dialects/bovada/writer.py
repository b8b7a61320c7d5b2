"""Write a Hand as Ignition / Bovada text: the inverse of the Bovada reader.

`render_hand(hand)` prints what `reader.parse` reads back into the same header, seats, events and claims
(line numbers aside), in the client's wording of the hand's year (`_Era`): the 2012-2015 forms, the
2016-2021 ones, or the 2021 `[MVS]` form with its `Table Info:` line, which says a cash table's stakes
(used as well when the blind posts would not say them): the button on a `Set dealer [N]` line,
`<name> : <action>` lines, `Raises $added to $total`, `All-in` for every action that puts a player
all-in, `Showdown [best five] (category)`, `Hand result $X`, and the summary's `Total Pot($X) | Rake ($X)`,
`Board [..]` and `Seat+N: …` lines. Players keep their names (a real file names them by position; the
reader takes any name).

`said(hand)` is the hand as this text can say it (the writer module's `said`, for the rule tests' renderings):
no table size, no summary tags, no showdown marker, no raise size, no main or side pot figures nor pot
numbers, a seat's `is sitting out` as a `Seat sit out` line; a hand it cannot say at all (a straddle, a cap,
a second run, a fee, a bounty, a wrong pot figure, a missing uncalled
return, which the client leaves out of walks, a raise whose printed size is wrong) is a ValueError.
"""

from __future__ import annotations

import re
from itertools import combinations

import msgspec

from hhtool.dialects.bovada.wording import NAMES, describe
from hhtool.dialects.street_money import StreetMoney
from hhtool.io.split import Block
from hhtool.model import (
    Bet,
    BlindKind,
    Call,
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
_FOLDED = {
    Street.PREFLOP: "Folded before the FLOP",
    Street.FLOP: "Folded on the FLOP",
    Street.TURN: "Folded on the TURN",
    Street.RIVER: "Folded on the RIVER",
}
_RANKS, _SUITS = "23456789TJQKA", "shdc"
_CHATTER = re.compile(
    r"(?:[^\n]+ : )?(?:Enter\(Auto\)|Leave\(Auto\)|Table enter user|Table leave user|Table deposit \S+"
    r"|Seat sit down|Seat sit out|Seat stand|Seat re-join|Sit out|Sitout \(wait for bb\)|Re-join|Stand"
    r"|Ranking \d+|Prize Cash \[[^\]\n]*\]|BOUNTY PRIZE \[[^\]\n]*\])|Player Info: [^\n]*"
)
# what the replay finds that this text cannot say: a missing uncalled return (walks return silently) and
# a raise size that disagrees with its total (the client prints no raise size)
_UNSAYABLE_FINDINGS = frozenset({"HH202", "HH121"})
# what the replay finds in the main and side pot figures or the pot a collect names, which this text does
# not print (`Hand result` names no pot by number)
_POT_FINDINGS = frozenset({"HH204", "HH205", "HH303", "HH305", "HH306"})
GAMES = ("holdem",)  # the Header.game words this writer writes (`convert`, `generate`): Hold'em only


def currency(header: Header) -> Currency:
    """Dollars with cents only when there are some (`$50`, `$0.50`), thousands commas (`$1,437.05`, `21,516`)."""
    symbol = "" if header.scale == 1 else SYMBOL_OF.get(header.currency, "")
    return Currency(header.currency, symbol, header.scale, trim=False, thousands=",")


def render_hand(hand: Hand) -> str:
    """One hand as Bovada text, ending with its last line's newline: in the form of the hand's year, or in
    the MVS form (which prints the stakes) when the blind posts would not say the hand's stakes."""
    if hand.header.game not in GAMES:  # its reader reads Hold'em only: another game would read back as Hold'em
        raise ValueError(f"Bovada hands of {hand.header.game!r} are not written (its reader reads Hold'em only)")
    text = _render(hand, _Era(hand.header))
    if _Era(hand.header).mvs or hand.header.is_tournament:
        return text
    from hhtool.dialects.bovada.reader import parse  # the reader reads the stakes of an older form from the posts

    back = parse(Block("written", 1, 1, "bovada", text)).hand
    if back is not None and (back.header.small_blind, back.header.big_blind) == (
        hand.header.small_blind,
        hand.header.big_blind,
    ):
        return text
    return _render(hand, _Era(hand.header, mvs=True))


def _render(hand: Hand, era: _Era) -> str:
    header = hand.header
    money = currency(header).format
    lines = [_header(header, money, era)]
    if era.mvs:
        info = (
            f"Table Info: Version: 1, Type: MVS, Stakes: {money(header.small_blind)}-{money(header.big_blind)}, "
            f"Table: {header.table}"
        )
        lines.append(info + (f", Buyin: {header.buy_in}, TableType: MTT" if header.is_tournament else ""))
    lines += [f"Seat {s.seat}: {s.player} ({money(s.stack)} in chips)" for s in hand.seats]
    if header.button_seat is not None:
        dealer = next((s.player for s in hand.seats if s.seat == header.button_seat), "Dealer")
        lines.append(f"{era.name(dealer)} : {era.dealer} [{header.button_seat}]")
    writer = _Lines(hand, money, era)
    for event in hand.events:
        line = writer.line(event)
        if line is not None:
            lines.append(line)
    lines.append("*** SUMMARY ***")
    lines += _summary(hand, money, era)
    return "\n".join(lines) + "\n"


class _Era:
    """The client's wording of a hand's year: to 2015 `Set dealer/Bring in spot [N]`, `Ante/Small Blind`,
    `Big blind/Bring in`; from 2016 `Set dealer [N]`, `Small Blind`, `Big blind`; the 2021 `[MVS]` form
    (its header ends in `UTC`) adds the `Table Info:` line and says `Big Blind`. The hero's `[ME]` has two
    spaces before it on the action lines of a cash table before the MVS form, else one; the summary names
    the hero with `[ME]` in the MVS form only (as in the corpus's files)."""

    def __init__(self, header: Header, mvs: bool = False) -> None:
        when = header.time_utc or header.time
        self.mvs = mvs or header.time_utc is not None or when is None
        old = when is not None and when.year <= 2015 and not self.mvs
        self.dealer = "Set dealer/Bring in spot" if old else "Set dealer"
        small = "Ante/Small blind" if header.is_tournament else "Ante/Small Blind"
        self.posts = {
            BlindKind.SMALL: small if old else "Small Blind",
            BlindKind.BIG: "Big blind/Bring in" if old else "Big Blind" if self.mvs else "Big blind",
            BlindKind.SMALL_AND_BIG: "Posts dead chip",
        }
        self.me = " [ME]" if header.is_tournament or self.mvs else "  [ME]"

    def name(self, player: str) -> str:
        return player[:-5] + self.me if player.endswith(" [ME]") else player

    def summary_name(self, player: str) -> str:
        """The summary names the hero with `[ME]` in the MVS form only."""
        return player if self.mvs else player.removesuffix(" [ME]")


def _table(header: Header) -> str:
    return "".join(ch for ch in header.table if ch.isalnum() or ch == "-") or "1"


def _header(header: Header, money, era: _Era) -> str:
    when = header.time_utc or header.time
    stamp = f"{when:%Y-%m-%d %H:%M:%S}" if when is not None else "2021-01-01 00:00:00"
    zone = " UTC" if era.mvs else ""
    mvs = " [MVS]" if era.mvs else ""
    limit = _LIMITS[header.limit]
    if header.is_tournament:
        level = (header.level or "1").removeprefix("Level ").split(" ")[0]
        return (
            f"Bovada Hand #{header.hand_id}: HOLDEM Tournament #{header.tournament_id} TBL#{_table(header)}, "
            f"{limit}- Level {level} ({money(header.small_blind)}/{money(header.big_blind)}){mvs} - {stamp}{zone}"
        )
    if header.fast_fold and header.table.startswith("Zone Poker "):
        return (
            f"Bovada Hand #{header.hand_id}  Zone Poker ID#{header.table[len('Zone Poker ') :]} HOLDEMZonePoker "
            f"{limit} - {stamp}{zone}"
        )
    return f"Bovada Hand #{header.hand_id} TBL#{_table(header)} HOLDEM {limit}{mvs} - {stamp}{zone}"


class _Lines:
    """The body lines, with each player's chips on the street (a raise prints the chips it adds)."""

    def __init__(self, hand: Hand, money, era: _Era) -> None:
        self.money = money
        self.era = era
        self.big_blind = hand.header.big_blind
        self.street = StreetMoney()
        self.board: tuple[str, ...] = ()
        self.dealt = {e.player: e.cards for e in hand.events if type(e) is DealHole}
        self.summary = {s.player: s.cards for s in hand.claims.seats if s.cards}

    def line(self, event) -> str | None:
        text = self._line(event)
        if text is None or not hasattr(event, "player") or not event.player or not text.startswith(event.player):
            return text
        return self.era.name(event.player) + text[len(event.player) :]  # the hero's mark as the client spaces it

    def _line(self, event) -> str | None:
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
        if kind is PostBlind:  # a dead small blind posted with the big one is not part of the bet
            live = self.big_blind if event.blind is BlindKind.SMALL_AND_BIG else event.amount
            self.street.put(event.player, min(event.amount, live))
            return f"{event.player} : {self.era.posts[event.blind]} {money(event.amount)}"
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
            verb = "Mucks" if event.mucked else "Does not show"
            return f"{event.player} : {verb} [{' '.join(cards)}] ({_category(cards, self.board)})"
        if kind is Notice:
            if _CHATTER.fullmatch(event.text):  # the client's own chatter, as it was printed
                return event.text
            if event.kind is NoticeKind.SITTING_OUT:
                return f"{event.player} : Seat sit out"
            if event.kind is NoticeKind.WAIT_FOR_BUTTON:
                return f"{event.player} : Sitout (wait for bb)"
            return None  # another site's chatter (`Betting is capped`, …): the client has its own
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
    """The five cards the client prints for a shown hand: the best five of hole cards and board, sets
    before kickers, higher first, suits in the order spades, hearts, diamonds, clubs (`[Kh Kc 7h 7d Qd]`,
    `[3s 3d As Kd 8h]` in the corpus); the hole cards alone when there are not five yet."""
    pool = tuple(cards) + tuple(board)
    if len(pool) < 5 or len(pool) > 7 or len(set(pool)) != len(pool):
        return tuple(cards)
    try:
        five = max(combinations(pool, 5), key=lambda five: evaluate(five).strength)
    except ValueError:  # not valid cards: print what was shown
        return tuple(cards)
    left = sorted(five, key=lambda card: _SUITS.find(card[1:]))
    ordered = []
    for rank in evaluate(five).ranks:
        card = next(c for c in left if _RANKS.find(c[0]) + 2 == rank)
        left.remove(card)
        ordered.append(card)
    return tuple(ordered)


def _category(cards: tuple[str, ...], board: tuple[str, ...]) -> str:
    """What `Does not show` and `Mucks` print after the cards: the category of the best hand with the board
    dealt so far; `High Card` before the flop, even for a pair (`Does not show [Qs Qd] (High Card)`,
    zone-2021/zone_poker.txt)."""
    pool = tuple(cards) + tuple(board)
    if len(pool) < 5 or len(pool) > 7 or len(set(pool)) != len(pool):
        return "High Card"
    try:
        return describe(evaluate(pool))
    except ValueError:
        return "High Card"


def _summary(hand: Hand, money, era: _Era) -> list[str]:
    claims = hand.claims
    lines = []
    if claims.total_pot is not None:
        rake = f" | Rake ({money(claims.rake)})" if claims.rake is not None else ""
        lines.append(f"Total Pot({money(claims.total_pot)}){rake}")
    board = claims.boards[0] if claims.boards else ()
    if claims.boards:
        lines.append(f"Board [{' '.join(board)}]")
    lines += [_seat_summary(seat, money, board, era) for seat in claims.seats]
    return lines


def _seat_summary(seat: SeatSummary, money, board: tuple[str, ...], era: _Era) -> str:
    text = f"Seat+{seat.seat}: {era.summary_name(seat.player)}"
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
# What the text can say (`said`: the rule tests' renderings read it from the writer module)


def said(hand: Hand) -> Hand:
    """The hand as Bovada text can say it: no table size (a seat beyond it cannot be said), no summary
    position tags or `(didn't bet)`, no showdown marker, no raise size (it prints the chips added), no pot
    numbers on collects; ValueError for what it cannot say at all."""
    header = hand.header
    claims = hand.claims
    replace = msgspec.structs.replace
    if header.max_seats is not None and any(seat.seat > header.max_seats for seat in hand.seats):
        raise ValueError("no table size is printed: a seat beyond it cannot be said")
    if header.cap is not None or claims.runs > 1 or claims.fees:
        raise ValueError("no cap, second run or fee is printed")
    if any(seat.bounty is not None or seat.out_of_hand for seat in hand.seats):
        raise ValueError("a seat line the client does not print")
    if any(
        seat.result not in ("folded", "mucked", "collected", "won", "showed")
        or seat.cashed_out
        or len(seat.outcomes) > 1
        for seat in claims.seats
    ):
        raise ValueError("a summary seat line the client does not print")
    described = [e.description for e in hand.events if type(e) is Show and e.description]
    described += [o.description for seat in claims.seats for o in seat.outcomes if o.description]
    if any(text not in NAMES for text in described):
        raise ValueError("a hand description in words the client does not print (it names the category only)")
    codes = _codes(hand)
    pots_named = claims.main_pot is not None or any(type(e) is Collect and e.pot_index is not None for e in hand.events)
    if _UNSAYABLE_FINDINGS & codes or (pots_named and _POT_FINDINGS & codes):
        raise ValueError("a missing uncalled return, a wrong raise size or a wrong pot figure cannot be said")
    events: list[Event] = []
    # a seat line's `is sitting out` is said by a `Seat sit out` line before the cards
    sitting = [Notice(0, NoticeKind.SITTING_OUT, seat.player, "") for seat in hand.seats if seat.sitting_out]
    for event in hand.events:
        if type(event) is StreetStart and event.street is Street.SHOWDOWN:
            continue
        if type(event) is StreetStart and event.street is Street.PREFLOP and sitting:
            events.extend(replace(notice, line=event.line) for notice in sitting)
            sitting = []
        if type(event) is RaiseTo:
            event = replace(event, raise_by=None)
        elif type(event) is Collect:
            event = replace(event, pot_index=None)
        events.append(event)
    seats = tuple(
        replace(s, positions=(), didnt_bet=False, result="collected" if s.result == "won" and not s.cards else s.result)
        for s in claims.seats
    )
    return replace(
        hand,
        header=replace(header, max_seats=None),
        seats=tuple(replace(seat, sitting_out=False) for seat in hand.seats),
        events=tuple(events),
        claims=replace(claims, main_pot=None, side_pots=(), seats=seats),
    )


def _codes(hand: Hand) -> set[str]:
    """The codes the replay finds in the hand read as a site that prints every return and raise size."""
    from hhtool.rules.ruleset import RuleSet  # the replay, imported when a test rendering asks
    from hhtool.validate import validate_hand

    plain = msgspec.structs.replace(hand, header=msgspec.structs.replace(hand.header, site=""))
    return {f.code for f in validate_hand(plain, RuleSet()).findings}
