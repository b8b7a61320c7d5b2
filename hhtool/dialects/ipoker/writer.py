"""Write a Hand as iPoker XML: one `<session>` holding its `<general>` block and the hand's `<game>`.

Every element and attribute is the client's, as the corpus prints them (fpdb-3/ipoker,
hhsmithy/ipoker-cash; e.g. `…uncalled.2nd.winner.xml`, `…new.tourno.format.xml`): the session's
`<general>` with `<mode>real</mode>`, `<gametype>Holdem NL £0.05/£0.10</gametype>` (`Holdem L $5/$10`:
the small and big bet; a tournament prints no stakes), `<tablename>`, `<tablecurrency>`, `<startdate>`,
`<currency>`, `<nickname>` and a tournament's `<tournamentcode>`, `<tournamentname>`, `<buyin>`; then
`<game gamecode="N">` with its `<general>` (`<startdate>`, `<players>` with `<player seat name chips
dealer win bet rebuy addon />`) and `<round no="0">` (posts) to `<round no="4">`, whose `<action no
player type sum cards />` are numbered in the order played and whose `<cards type="Pocket" player>`
deal the hole cards (`CA HQ`; `X X` unknown) and `<cards type="Flop|Turn|River" player="">` the board.

It writes the older clients' convention (no `<client_version>`, no `<uncalled_bet_enabled>`): a hand read
from a client that pays the return apart from `win` (`Hand.conventions_variant`) is written with the return
inside `win` again and `bet` as the chips pushed (not that client's miscount after a raise).

iPoker prints less than the model can hold: no uncalled-bet line (the return is inside the bettor's
`bet` and `win`), no pots, no rake, no showdown descriptions, no muck lines, no all-in mark (the reader
marks the action that puts the last chip in), a player's pocket cards once (known to all when shown), and
what each player received as one `win`. `render_hand` writes `said(hand)`: the hand as this XML carries
it; it refuses (`CannotSay`) what iPoker has no element for (straddles, cash outs, boards run twice, …).
"""

from __future__ import annotations

from xml.sax.saxutils import escape as _escape
from xml.sax.saxutils import quoteattr

import msgspec

from hhtool.dialects.ipoker import DIALECT
from hhtool.dialects.ipoker.reader import _GAMES as _READ_GAMES
from hhtool.dialects.returns import returns_to_pay
from hhtool.dialects.street_money import StreetMoney
from hhtool.dialects.textreader import first_words
from hhtool.model import (
    Bet,
    BlindKind,
    Call,
    Check,
    Claims,
    Collect,
    DealHole,
    Event,
    Fold,
    Hand,
    Header,
    Ledger,
    Limit,
    Muck,
    Notice,
    NoticeKind,
    PostAnte,
    PostBlind,
    RaiseTo,
    ReturnUncalled,
    Show,
    Street,
    StreetStart,
)
from hhtool.model.money import Currency
from hhtool.model.variant import variant_named

EXTENSION = "xml"
HAND_SEPARATOR = DIALECT.hand_separator
"""What the site's files put after each hand's last line (its record's `hand_separator`)."""

_LIMITS = {Limit.NO_LIMIT: "NL", Limit.POT_LIMIT: "PL", Limit.FIXED_LIMIT: "L"}
_GAME_WORDS = first_words(_READ_GAMES)  # Header.game -> `<gametype>` words
GAMES = ("holdem", "omaha", "omaha_hilo")  # the Header.game words this writer writes (`convert`, `generate`)
_SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£"}
_ROUNDS = {Street.PREFLOP: 1, Street.FLOP: 2, Street.TURN: 3, Street.RIVER: 4}
_BOARD = {Street.FLOP: "Flop", Street.TURN: "Turn", Street.RIVER: "River"}
_SUITS = {"c": "C", "d": "D", "h": "H", "s": "S"}
_PutIn = PostAnte | PostBlind | Call | Bet | RaiseTo
"""The actions that put chips in (the all-in marks `said` sets from the amounts)."""
_Action = Fold | Check | _PutIn
"""What an `<action>` with a type code and a sum says."""
_BETS = (Call, Bet, RaiseTo)


class CannotSay(ValueError):
    """The hand holds something iPoker XML cannot carry."""


def _money(header: Header):
    """`£0.05`, `$1,295`, `RSD45.70`; tournament chips `1500`."""
    if header.scale == 1:
        return str
    symbol = _SYMBOLS.get(header.currency, header.currency)
    return Currency(header.currency, symbol, header.scale, thousands=",").format


def _card(card: str) -> str:
    """`Ah` → `HA`, `Td` → `D10` (suit first, `10` for a ten)."""
    rank = "10" if card[0] == "T" else card[0]
    return _SUITS[card[1]] + rank


def _cards(cards: tuple[str, ...], count: int = 2) -> str:
    """`CA HQ`; `X X` (one `X` a card, `count` of them) when the cards are not known."""
    return " ".join(_card(card) for card in cards) if cards else " ".join("X" * count)


def render_hand(hand: Hand) -> str:
    """One hand as an iPoker XML session holding one game, ending with a newline."""
    hand = said(hand)
    header = hand.header
    if header.time is None:
        raise CannotSay("iPoker prints the start date of every game; this hand has none")
    if header.play_money:
        raise CannotSay("play-money sessions are not written")
    game = _GAME_WORDS.get(header.game)
    if game is None:
        raise CannotSay(f"iPoker has no <gametype> word written for {header.game!r}")
    money = _money(header)
    when = f"{header.time:%Y-%m-%d %H:%M:%S}"
    if header.is_tournament:
        gametype = f"{game} {_LIMITS[header.limit]}"
    else:
        low, high = (
            (header.small_bet, header.big_bet)
            if header.limit is Limit.FIXED_LIMIT
            else (header.small_blind, header.big_blind)
        )
        gametype = f"{game} {_LIMITS[header.limit]} {money(low)}/{money(high)}"
    hero = next((e.player for e in hand.events if type(e) is DealHole and e.cards), None)
    general = [("mode", "real"), ("gametype", gametype), ("tablename", header.table)]
    if header.max_seats:
        general.append(("tablesize", str(header.max_seats)))
    if not header.is_tournament:
        general.append(("tablecurrency", header.currency))
    general += [
        ("duration", "N/A"),
        ("gamecount", "N/A"),
        ("startdate", when),
        ("currency", header.currency if not header.is_tournament else "USD"),
    ]
    if hero is not None:
        general.append(("nickname", hero))
    if header.is_tournament:
        code = header.tournament_id or ""
        if not code.isdigit():
            raise CannotSay("an iPoker tournament game carries its tournament number")
        general += [("tournamentcode", code), ("tournamentname", f"{header.table}"), ("buyin", header.buy_in or "N/A")]
    out = ['<session sessioncode="0">', "  <general>"]
    out += [f"    <{tag}>{_escape(text)}</{tag}>" for tag, text in general]
    out += [
        "  </general>",
        f"  <game gamecode={quoteattr(header.hand_id)}>",
        "    <general>",
        f"      <startdate>{when}</startdate>",
        "      <players>",
    ]
    ledgers = {ledger.player: ledger for ledger in hand.claims.ledgers}
    seated = {seat.seat for seat in hand.seats}
    for seat in hand.seats:
        ledger = ledgers[seat.player]
        dealer = "1" if seat.seat == header.button_seat else "0"
        out.append(
            f'        <player seat="{seat.seat}" name={quoteattr(seat.player)} chips="{money(seat.stack)}" '
            f'dealer="{dealer}" win="{money(ledger.won or 0)}" bet="{money(ledger.put_in or 0)}" '
            f'rebuy="0" addon="0" />'
        )
    if header.button_seat is not None and header.button_seat not in seated:  # a dead button: an empty seat
        out.append(
            f'        <player seat="{header.button_seat}" name="" chips="" dealer="1" win="" bet="" '
            f'rebuy="0" addon="0" />'
        )
    out += ["      </players>", "    </general>"]
    out += _rounds(hand, money)
    out += ["  </game>", "</session>"]
    return "\n".join(out) + "\n"


def render_hands(hands) -> str:
    return HAND_SEPARATOR.join(render_hand(hand).rstrip("\n") for hand in hands) + "\n"


def _rounds(hand: Hand, money) -> list[str]:
    """`<round>` elements 0 (posts) to 4, the actions numbered in the order played."""
    rounds: dict[int, list[str]] = {0: []}
    current = 0
    number = 0
    street = StreetMoney()
    high = 0
    board: tuple[str, ...] = ()
    hole_cards = variant_named(hand.header.game).hole_cards  # `X X X X` for a hidden Omaha hand
    for event in hand.events:
        if type(event) is StreetStart:
            current = _ROUNDS[event.street]
            rounds.setdefault(current, [])
            if event.street in _BOARD:
                street.new_street()
                high = 0
                new = event.board[len(board) :]
                board = event.board
                rounds[current].append(f'<cards type="{_BOARD[event.street]}" player="">{_cards(new)}</cards>')
            continue
        if type(event) is DealHole:
            rounds.setdefault(1, []).append(
                f'<cards type="Pocket" player={quoteattr(event.player)}>{_cards(event.cards, hole_cards)}</cards>'
            )
            continue
        if type(event) in (Show, Collect):
            continue  # the pocket cards and the `win` attributes say them
        number += 1
        cards = ' cards="[cards]"' if current == 0 else ' cards=""'
        if type(event) is Notice:  # disconnect protection (the only notice `said` keeps): an all-in of no amount
            rounds.setdefault(current, []).append(
                f'<action no="{number}" player={quoteattr(event.player or "")} type="7" sum="DP"{cards} />'
            )
            continue
        if not isinstance(event, _Action):
            raise CannotSay(f"iPoker has no action for {type(event).__name__}")
        code, amount, high = _action(event, street, high, current)
        rounds.setdefault(current, []).append(
            f'<action no="{number}" player={quoteattr(event.player)} type="{code}" sum="{money(amount)}"{cards} />'
        )
    lines = []
    for no in sorted(rounds):
        lines.append(f'    <round no="{no}">')
        lines += [f"      {line}" for line in rounds[no]]
        lines.append("    </round>")
    return lines


def _action(event: _Action, street: StreetMoney, high: int, round_no: int) -> tuple[str, int, int]:
    """The `type` code and `sum` of an action, and the street's bet to call after it (as the reader
    follows it, to pick type 7, all-in, only where the reader reads it back as the same action)."""
    if isinstance(event, Fold):
        return "0", 0, high
    if isinstance(event, Check):
        return "4", 0, high
    if isinstance(event, PostAnte):
        return "15", event.amount, high
    if isinstance(event, PostBlind):
        live = event.amount - (event.dead or 0)
        street.put(event.player, live)
        return ("1" if event.blind is BlindKind.SMALL else "2"), event.amount, max(high, live)
    # type 7 (all-in) is read as a call, a bet or a raise by what it does to the bet to call: written only
    # where that reading is this action (elsewhere the reader marks the all-in from the stack, as here)
    if isinstance(event, Call):
        added = event.added or 0
        total = street.put(event.player, added)
        return ("7" if event.all_in and total <= high else "3"), added, high
    if isinstance(event, Bet):
        total = street.put(event.player, event.added)
        bet_all_in = event.all_in and round_no >= 2 and high == 0 < total
        return ("7" if bet_all_in else "5"), event.added, max(high, total)
    added = event.raise_to - street.of(event.player)  # a raise
    street.put(event.player, added)
    if event.all_in and event.raise_to > high and not (high == 0 and round_no >= 2):
        return "7", added, event.raise_to
    return "23", event.raise_to, max(high, event.raise_to)


# ---------------------------------------------------------------------------------------------
# What iPoker XML carries of a hand (the rule tests, converters and the writer itself use `said(hand)`)


def said(hand: Hand) -> Hand:
    """The hand as its iPoker XML reads back: posts first, then a `Dealt` line for every player dealt in
    (the cards known of them: the hero's, a shown hand's; none else), the actions with all-in marks where
    the amounts put the last chip in, the shows of the players still in at the end (two or more), one
    collect per winner holding its uncalled return, and the claims as the `bet`/`win` checksum alone (no
    pots, rake, descriptions, summary or muck lines). Whether what it leaves out was implied by the rest
    is for the caller to judge (the same findings replaying both)."""
    replace = msgspec.structs.replace
    header = hand.header
    events = list(hand.events)
    for event in events:
        if type(event) is StreetStart and event.run:
            raise CannotSay("iPoker has no boards run more than once")
        if not isinstance(event, StreetStart | DealHole | Show | Muck | Collect | ReturnUncalled | Notice | _Action):
            raise CannotSay(f"iPoker has no element for {type(event).__name__}")
        if type(event) is PostBlind and event.blind not in (BlindKind.SMALL, BlindKind.BIG, BlindKind.SMALL_AND_BIG):
            raise CannotSay(f"iPoker has no {event.blind} blind")
        if type(event) is Fold and event.shown:
            raise CannotSay("iPoker prints no cards shown on a fold")
    known: dict[str, tuple[str, ...]] = {}
    for event in events:
        if isinstance(event, DealHole | Show) and event.cards:
            known.setdefault(event.player, event.cards)
    left = {seat.player: seat.stack for seat in hand.seats}
    put_in: dict[str, int] = {}
    won: dict[str, int] = {}
    collect_line: dict[str, int] = {}
    street = StreetMoney()
    posts: list[Event] = []
    acts: list[Event] = []
    acting: list[str] = []
    folded: set[str] = set()
    for event in events:
        if type(event) is StreetStart:
            if event.street is not Street.SHOWDOWN:  # (no showdown marker: the shows follow the river)
                if event.street is not Street.PREFLOP:
                    street.new_street()
                acts.append(event)
            continue
        if type(event) is DealHole:
            continue  # dealt again below: one `Pocket` element per player dealt in
        if type(event) is ReturnUncalled:
            collect_line.setdefault(event.player, event.line)
            continue
        if type(event) is Collect:
            won[event.player] = won.get(event.player, 0) + event.amount
            collect_line[event.player] = collect_line.get(event.player) or event.line
            continue
        if not isinstance(event, _Action | Notice) or (
            type(event) is Notice and event.kind is not NoticeKind.PROTECTED
        ):
            continue  # shows, mucks, table chatter (disconnect protection is an action: `type="7" sum="DP"`)
        if type(event) is Fold:
            folded.add(event.player)
        if isinstance(event, _PutIn):
            added = _added(event, street, header.big_blind)
            stack = left.get(event.player, 0)
            left[event.player] = stack - added
            put_in[event.player] = put_in.get(event.player, 0) + added
            event = replace(event, all_in=0 < stack <= added)
            if type(event) is RaiseTo and event.raise_by is not None:
                event = replace(event, raise_by=None)
            if type(event) is PostBlind and event.blind is BlindKind.SMALL_AND_BIG:
                event = replace(event, dead=event.amount - header.big_blind)
        if event.player is not None and event.player not in acting:  # (a protected notice names its player)
            acting.append(event.player)
        (posts if type(event) in (PostAnte, PostBlind) and not acts else acts).append(event)
    for name, amount in returns_to_pay(hand).items():  # `win` holds the return (printed or derived)
        won[name] = won.get(name, 0) + amount
        collect_line.setdefault(name, 0)
    dealt = [seat.player for seat in hand.seats if seat.player in acting]
    dealt_lines = {e.player: e.line for e in events if type(e) is DealHole}
    holes = [DealHole(dealt_lines.get(name, 0), name, known.get(name, ())) for name in dealt]
    first_street = next((i for i, e in enumerate(acts) if type(e) is StreetStart), None)
    if first_street is None:
        raise CannotSay("an iPoker game deals its hole cards in round 1")
    acts[first_street + 1 : first_street + 1] = holes
    still_in = [name for name in dealt if name not in folded]
    shows = (
        [Show(_show_line(events, name), name, known[name], None) for name in still_in if name in known]
        if len(still_in) > 1
        else []
    )
    collects = [
        Collect(collect_line[seat.player], seat.player, won[seat.player], None)
        for seat in hand.seats
        if won.get(seat.player)
    ]
    seats = tuple(
        replace(
            seat,
            sitting_out=seat.player not in acting,
            bounty=None,
            out_of_hand=seat.out_of_hand and seat.player in acting,
        )
        for seat in hand.seats
    )
    ledgers = tuple(
        Ledger(seat.line, seat.player, put_in.get(seat.player, 0), won.get(seat.player, 0)) for seat in hand.seats
    )
    return replace(
        hand,
        seats=seats,
        events=tuple(posts + acts + shows + collects),
        claims=Claims(line=hand.claims.line, ledgers=ledgers),
    )


def _show_line(events, name: str) -> int:
    return next((e.line for e in events if type(e) is Show and e.player == name), 0)


def _added(event: _PutIn, street: StreetMoney, big_blind: int) -> int:
    """The chips an action puts in; `street` follows the live chips of the street, as the reader's does."""
    if isinstance(event, PostAnte):
        return event.amount
    if isinstance(event, PostBlind):
        live = min(event.amount, big_blind) if event.blind is BlindKind.SMALL_AND_BIG else event.amount
        street.put(event.player, live)
        return event.amount
    if isinstance(event, RaiseTo):
        added = event.raise_to - street.of(event.player)
        street.put(event.player, added)
        return added
    added = event.added or 0  # a call or a bet
    street.put(event.player, added)
    return added


# Finding codes about what iPoker XML does not print: an all-in mark (HH120), a raise's size (HH121), the
# uncalled-bet line (HH201, HH202), the total, main and side pots (HH203, HH204), the rake beside the
# collected amounts (HH206), summary seat lines with their amounts, descriptions and boards (HH210, HH304,
# HH307), shown cards apart from the dealt ones (HH308).
UNSAID = frozenset({"HH120", "HH121", "HH201", "HH202", "HH203", "HH204", "HH206", "HH210", "HH304", "HH307", "HH308"})
