"""Write a Hand back as PokerStars text, line for line as the client prints it.

`render_hand(hand)` is the inverse of the PokerStars reader: `parse(render_hand(hand))` gives the
same header, seats, events and claims as `hand`, line numbers aside (`without_lines` sets them
aside for a comparison). Amounts follow the client's conventions: `calls`/`bets` give the chips
added, `raises A to B` the raise size and the street total; money is printed by
`hhtool.model.money.format_minor` (`$0.10`, `$2`, `1500`).

Lines the model keeps verbatim (chat and other notices, summary seat lines) are written as kept;
a summary seat line without its text is composed from its fields (`format_seat_summary`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime
from typing import Any

import msgspec

from hhtool.dialects.pokerstars.reader import _GAMES as _READ_GAMES
from hhtool.dialects.textreader import first_words
from hhtool.model import (
    Bet,
    BlindKind,
    Call,
    CashOut,
    Check,
    Claims,
    Collect,
    DealHole,
    Event,
    Fold,
    Hand,
    HandCancelled,
    Header,
    Limit,
    Muck,
    Notice,
    NoticeKind,
    PostAnte,
    PostBlind,
    RaiseTo,
    Rebuy,
    ReturnUncalled,
    Seat,
    SeatSummary,
    Show,
    Source,
    Street,
    StreetStart,
)
from hhtool.model.money import Currency, format_minor

__all__ = [
    "HAND_SEPARATOR",
    "format_seat_summary",
    "money_symbol",
    "render_hand",
    "render_hands",
    "without_lines",
]

HAND_SEPARATOR = "\n\n\n"
"""What the client writes after the last line (and its newline) of each hand: three blank lines."""

GAMES = ("holdem", "omaha", "omaha5", "omaha6", "omaha_hilo", "omaha5_hilo")  # what `convert` and `generate` write
# (Header.game, limit) -> the header's game words: the reader's table read backwards, its first words for each
# (`Hold'em Limit`, `5 Card Omaha Pot Limit` as the corpus's fpdb-3/pokerstars/non-holdem-samples print them)
_HEADER_GAMES = first_words(_READ_GAMES)
_STREET_NAMES = {Street.FLOP: "FLOP", Street.TURN: "TURN", Street.RIVER: "RIVER", Street.SHOWDOWN: "SHOW DOWN"}
_RUN_NAMES = {1: "FIRST ", 2: "SECOND "}
_FOLDED_ON = {
    Street.PREFLOP: "folded before Flop",
    Street.FLOP: "folded on the Flop",
    Street.TURN: "folded on the Turn",
    Street.RIVER: "folded on the River",
}
_BLIND_VERBS = {
    BlindKind.SMALL: "posts small blind ",
    BlindKind.BIG: "posts big blind ",
    BlindKind.SMALL_AND_BIG: "posts small & big blinds ",
    BlindKind.BUTTON: "posts button blind ",
}
_ALL_IN = " and is all-in"


def money_symbol(header: Header) -> str:
    """The sign printed before amounts: `$` for USD cash, nothing for chips."""
    return Currency.of(header.currency, header.scale).symbol


_MONEY_CACHES: dict[tuple[int, str], dict[int, str]] = {}


class _Money:
    """Amount formatting for one hand, cached per currency (hands repeat the same few amounts)."""

    __slots__ = ("cache", "scale", "symbol")

    def __init__(self, header: Header) -> None:
        self.scale = header.scale
        self.symbol = money_symbol(header)
        cache = _MONEY_CACHES.get((self.scale, self.symbol))
        if cache is None or len(cache) > 50_000:
            cache = _MONEY_CACHES[(self.scale, self.symbol)] = {}
        self.cache = cache

    def __call__(self, amount: int) -> str:
        text = self.cache.get(amount)
        if text is None:
            text = self.cache[amount] = format_minor(amount, self.scale, self.symbol)
        return text


# -- header ------------------------------------------------------------------------------------
def _when(time: datetime | None, zone: str | None, time_et: datetime | None) -> str:
    """The time part of the header line: local time and zone, then the ET time when it says more."""
    if time is None:  # the reader keeps an out-of-range date as None: write one that reads back as None
        text = " - 0000/00/00 0:00:00"
    else:
        text = f" - {time.year}/{time.month:02d}/{time.day:02d} {time.hour}:{time.minute:02d}:{time.second:02d}"
    if zone:
        text += f" {zone}"
    implied = time if zone == "ET" else None
    if time_et is not None and time_et != implied:
        text += (
            f" [{time_et.year}/{time_et.month:02d}/{time_et.day:02d} "
            f"{time_et.hour}:{time_et.minute:02d}:{time_et.second:02d} ET]"
        )
    return text


def _stakes(header: Header, money: _Money) -> str:
    if header.limit is Limit.FIXED_LIMIT:
        small, big = header.small_bet, header.big_bet
        from hhtool.dialects.pokerstars.reader import _LIMIT_SMALL_BLINDS  # the blinds a limit header implies

        implied = _LIMIT_SMALL_BLINDS.get(small, small // 2) if header.scale == 100 else small // 2
        if (header.small_blind, header.big_blind) != (implied, small):
            raise KeyError(
                f"limit blinds {money(header.small_blind)}/{money(header.big_blind)}: a PokerStars "
                f"limit header prints the bets, and {money(small)}/{money(big)} means blinds "
                f"{money(implied)}/{money(small)}"
            )
    else:
        small, big = header.small_blind, header.big_blind
    scale = header.scale
    if scale > 1 and (small % scale or big % scale):  # the client pads both: $0.50/$1.00
        digits = len(str(scale)) - 1
        text = "/".join(f"{money.symbol}{a // scale}.{a % scale:0{digits}d}" for a in (small, big))
    else:
        text = f"{money(small)}/{money(big)}"
    if header.cap is not None:
        text += f" - {money(header.cap)} Cap -"
    if header.tournament_id is None and header.currency != "chips" and (not header.fast_fold or not money.symbol):
        text += f" {header.currency}"
    return text


def hand_number(hand_id: str) -> str:
    """The hand number as PokerStars prints it: a number. Another site's id that is not one is written
    with its digits (GGPoker's `RC4120339902` as `4120339902`, an ACPC `HITSZ_Slumbot_71_0-112` as
    `710112`: the match's digits keep the hands of several logs apart), or, past 18 digits, its last run
    of digits; an id without digits is refused."""
    if hand_id.isdigit() and hand_id.isascii():
        return hand_id
    runs = re.findall(r"[0-9]+", hand_id)
    if not runs:
        raise KeyError(f"a hand id without digits ({hand_id!r}): PokerStars hand numbers are numbers")
    digits = "".join(runs).lstrip("0") or "0"
    return digits if len(digits) <= 18 else runs[-1]


_ROMAN = (
    (1000, "M"),
    (900, "CM"),
    (500, "D"),
    (400, "CD"),
    (100, "C"),
    (90, "XC"),
    (50, "L"),
    (40, "XL"),
    (10, "X"),
    (9, "IX"),
    (5, "V"),
    (4, "IV"),
    (1, "I"),
)
_LEVEL_NUMBER = re.compile(r"(?:Level\s*)?(\d{1,4})\Z")


def level_text(level: str | None) -> str:
    """A tournament level as PokerStars prints it, in Roman numerals (`Level VII`); another site's
    `Level7` or bare `7` (Winamax, Bovada, PartyPoker) is written so, any other wording as it is.

    Every PokerStars tournament header names a level, from `Level I`: a hand whose site prints none (888poker,
    iPoker, Full Tilt) and a level 0 (Winamax's freerolls of 2011-12 start at `level: 0`) are written
    `Level I`, the first level PokerStars has a name for (the blinds after it are the hand's own)."""
    match = _LEVEL_NUMBER.match(level) if level is not None else None
    if level is not None and match is None:
        return level
    number, roman = max(int(match.group(1)), 1) if match is not None else 1, ""
    for value, letters in _ROMAN:
        while number >= value:
            roman += letters
            number -= value
    return f"Level {roman}"


# The buy-ins PokerStars prints before the game (fpdb-3's and hhsmithy's PokerStars tournaments, 2007-2019):
# `$5.00+$0.50`, `$1.00+$0.25+$0.15 USD` (buy-in, bounty, fee), `₹136.50+₹13.50 INR`, `1FPP`, `250 SC`, play
# chips `300+20`, `Freeroll`.
_PS_BUY_IN = re.compile(
    r"(?:[$€£₹]\d+(?:\.\d+)?(?:\+[$€£₹]\d+(?:\.\d+)?)*(?: [A-Z]{3})?|\d+FPP|\d+ SC|"
    r"\d+(?:\+\d+)+|Freeroll)\Z"
)
_FREE = frozenset({"free", "freeroll", "gratuit", "gratis", "бесплатно"})
_CODES = {"$": "USD", "€": "EUR", "£": "GBP", "₹": "INR"}
# One amount of another site's buy-in: its sign before or after it, a decimal comma or point, thousands
# separators (`$2,000.00`, `0,09 €`, `4,57 $`, `$ 530 USD Buy-in`); the words a buy-in may name its parts by.
_AMOUNT = re.compile(
    r"(?:(?P<before>[$€£₹])\s?)?(?P<number>\d[\d,.]*)(?:\s?(?P<after>[$€£₹]))?(?:\s(?P<code>[A-Z]{3}))?"
    r"(?:\s(?:Buy-in|Entry Fee))?"
)


def buy_in_text(buy_in: str | None) -> str | None:
    """A tournament's buy-in as PokerStars prints it (`$B+$F USD`), or None when it has none to print.

    A buy-in in PokerStars' shape is kept. Another site's is written in it when it is only amounts (`$0.90 +
    $0.09`, `0,09 € + 0,01 €`, PartyPoker's `$30 Buy-in + $3 Entry Fee`; one amount alone, `$1 USD Buy-in`,
    as the buy-in with a fee of nothing, `$1+$0 USD`) or a freeroll's word (`Free`, `Gratuit`: `Freeroll`);
    the site's other words for it (a tournament's name, `Daily Special $250`, a guarantee, `Ticket`) are not a
    buy-in PokerStars prints: None, and the header names none, as PokerStars' own does for a tournament
    entered without one (`Tournament #35055742, Hold'em No Limit - Match Round I, Level I`)."""
    if not buy_in:
        return None
    text = buy_in.strip()
    if _PS_BUY_IN.match(text):
        return text
    if text.casefold() in _FREE:
        return "Freeroll"
    parts = [part.strip() for part in text.split("+")]
    amounts = [_AMOUNT.fullmatch(part) for part in parts]
    if not parts or not all(amounts):
        return None
    signs = {m["before"] or m["after"] for m in amounts if m}
    codes = {m["code"] for m in amounts if m and m["code"]}
    numbers = [_plain_number(m["number"]) for m in amounts if m]
    if len(signs) != 1 or len(codes) > 1 or None in numbers:
        return None
    sign = signs.pop()
    if sign is None:  # amounts without a currency: PokerStars' play chips, `300+20`
        return "+".join(str(n) for n in numbers) if not codes and all(n and "." not in n for n in numbers) else None
    code = codes.pop() if codes else _CODES[sign]
    if len(numbers) == 1:
        numbers.append("0")
    return "+".join(f"{sign}{n}" for n in numbers) + f" {code}"


def _plain_number(text: str) -> str | None:
    """An amount with a decimal point and no thousands separator (`2,000.00` → `2000.00`, `0,09` → `0.09`)."""
    if "," in text and "." in text:
        text = text.replace(",", "")
    elif "," in text:
        head, _, tail = text.rpartition(",")
        text = f"{head.replace(',', '')}.{tail}" if len(tail) != 3 else text.replace(",", "")
    return text if re.fullmatch(r"\d+(?:\.\d+)?", text) else None


def _header_line(header: Header, money: _Money) -> str:
    game = _HEADER_GAMES[header.game, header.limit]  # the header words the reader reads
    stakes = _stakes(header, money)
    if header.tournament_id is not None:
        if not header.tournament_id.isdigit():
            raise KeyError(f"tournament id {header.tournament_id!r}: PokerStars tournament numbers are numbers")
        intro = f"PokerStars {'Home Game ' if header.is_home_game else ''}Hand #{hand_number(header.hand_id)}: "
        if header.club is not None:
            intro += f"{{{header.club}}} "
        intro += f"{'Zoom ' if header.fast_fold else ''}Tournament #{header.tournament_id}, "
        buy_in = buy_in_text(header.buy_in)
        if buy_in is not None:  # a freeroll's word is followed by two spaces (`Freeroll  Hold'em No Limit`)
            intro += f"{buy_in}  " if buy_in == "Freeroll" else f"{buy_in} "
        if header.mixed is not None:
            game = f"Mixed {header.mixed} ({game})"
        return (
            intro
            + f"{game} - {level_text(header.level)} ({stakes})"
            + _when(header.time, header.time_zone, header.server_time)
        )
    intro = (
        f"PokerStars {'Zoom ' if header.fast_fold else ''}{'Home Game ' if header.is_home_game else ''}"
        f"Hand #{hand_number(header.hand_id)}:"
    )
    intro += f" {{{header.club}}}  " if header.club is not None else "  "
    if header.mixed is not None:
        body = f"Mixed {header.mixed} ({game}, {stakes})"
    else:
        body = f"{game} ({stakes})"
    return intro + body + _when(header.time, header.time_zone, header.server_time)


def _table_line(header: Header) -> str:
    text = f"Table '{header.table}'"
    if header.max_seats is not None:
        text += f" {header.max_seats}-max"
    if header.play_money:
        text += " (Play Money)"
    if header.button_seat is not None:
        text += f" Seat #{header.button_seat} is the button"
    return text


def _seat_line(seat: Seat, money: _Money) -> str:
    bounty = f", {seat.bounty} bounty" if seat.bounty is not None else ""
    text = f"Seat {seat.seat}: {seat.player} ({money(seat.stack)} in chips{bounty})"
    if seat.out_of_hand:
        text += " out of hand (moved from another table into small blind)"
    if seat.sitting_out:
        text += " is sitting out"
    return text


# -- body --------------------------------------------------------------------------------------
def _cards(cards) -> str:
    return "[" + " ".join(cards) + "]"


class _Context:
    __slots__ = ("cap", "money", "sides")

    def __init__(self, money: _Money, header: Header, sides: int) -> None:
        self.money = money
        self.cap = money(header.cap if header.cap is not None else 0)
        self.sides = sides


def _flags(event, c: _Context) -> str:
    text = _ALL_IN if event.all_in else ""
    if event.cap_reached:
        text += f" and has reached the {c.cap} cap"
    return text


def _fold(e: Fold, c: _Context) -> str:
    return f"{e.player}: folds {_cards(e.shown)}" if e.shown else f"{e.player}: folds"


def _check(e: Check, c: _Context) -> str:
    return f"{e.player}: checks"


def _unknown(e, what: str) -> KeyError:
    """A refusal for an amount a PokerStars line prints that the hand does not hold (another site prints
    only a total and the replay could not work the part out, e.g. for a player who is not seated)."""
    return KeyError(
        f"{e.player}'s {what} is not known (the source prints another figure and the replay did not work it out)"
    )


def _call(e: Call, c: _Context) -> str:
    if e.added is None:
        raise _unknown(e, "call amount")
    if e.all_in or e.cap_reached:
        return f"{e.player}: calls {c.money(e.added)}{_flags(e, c)}"
    return f"{e.player}: calls {c.money(e.added)}"


def _bet(e: Bet, c: _Context) -> str:
    if e.all_in or e.cap_reached:
        return f"{e.player}: bets {c.money(e.added)}{_flags(e, c)}"
    return f"{e.player}: bets {c.money(e.added)}"


def _raise(e: RaiseTo, c: _Context) -> str:
    if e.raise_by is None:
        raise _unknown(e, "raise size")
    text = f"{e.player}: raises {c.money(e.raise_by)} to {c.money(e.raise_to)}"
    return text + _flags(e, c) if e.all_in or e.cap_reached else text


def _street(e: StreetStart, c: _Context) -> str:
    if e.street is Street.PREFLOP:
        marker = "*** HOLE CARDS ***"
    else:
        if e.run > 2:
            raise KeyError("a third run: PokerStars runs a board twice at most")
        marker = f"*** {_RUN_NAMES.get(e.run, '')}{_STREET_NAMES[e.street]} ***"
    board = e.board
    if not board:
        return marker
    if len(board) > 1 and (e.street is Street.TURN or e.street is Street.RIVER):
        return f"{marker} {_cards(board[:-1])} [{board[-1]}]"
    return f"{marker} {_cards(board)}"


def _blind(e: PostBlind, c: _Context) -> str:
    if e.dead is not None:
        raise KeyError(
            f"a blind of {c.money(e.amount)} of which {c.money(e.dead)} is dead: a PokerStars post "
            "says its dead part by its kind only"
        )
    return f"{e.player}: {_BLIND_VERBS[e.blind]}{c.money(e.amount)}{_ALL_IN if e.all_in else ''}"


def _ante(e: PostAnte, c: _Context) -> str:
    return f"{e.player}: posts the ante {c.money(e.amount)}{_ALL_IN if e.all_in else ''}"


def _dealt(e: DealHole, c: _Context) -> str:
    return f"Dealt to {e.player} {_cards(e.cards)}"


def _uncalled(e: ReturnUncalled, c: _Context) -> str:
    return f"Uncalled bet ({c.money(e.amount)}) returned to {e.player}"


def _collect(e: Collect, c: _Context) -> str:
    return f"{e.player} collected {c.money(e.amount)} from {_pot_name(e.pot_index, c.sides)}"


def _show(e: Show, c: _Context) -> str:
    text = f"{e.player}: shows {_cards(e.cards)}"
    return text if e.description is None else f"{text} ({e.description})"


def _muck(e: Muck, c: _Context) -> str:
    return f"{e.player}: mucks hand" if e.mucked else f"{e.player}: doesn't show hand"


_NOTICE_WORDS = {
    NoticeKind.SITTING_OUT: "{}: sits out",
    NoticeKind.WAIT_FOR_BUTTON: "{} will be allowed to play after the button",
}


def _notice(e: Notice, c: _Context) -> str:
    """A notice as kept; one without its text (another site's, `for_site`) in the client's words for it."""
    if e.text or e.player is None:
        return e.text
    words = _NOTICE_WORDS.get(e.kind)
    if words is None:
        raise KeyError(f"no words for a {e.kind} notice")
    return words.format(e.player)


def _cash_out(e: CashOut, c: _Context) -> str:
    text = f"{e.player} cashed out the hand for {c.money(e.amount)}"
    return text if e.fee is None else f"{text} | Cash Out Fee {c.money(e.fee)}"


def _rebuy(e: Rebuy, c: _Context) -> str:
    paid = f" for {e.paid}" if e.paid else ""
    return f"{e.player} re-buys and receives {e.chips} chips{paid}"


def _cancelled(e: HandCancelled, c: _Context) -> str:
    return "Hand cancelled"


# Each writer takes the event of its key's type, a pairing a dict's type cannot state: the event is Any
# here and typed in each function.
_LINES: dict[type[Event], Callable[[Any, _Context], str]] = {
    Fold: _fold,
    Check: _check,
    Call: _call,
    Bet: _bet,
    RaiseTo: _raise,
    StreetStart: _street,
    PostBlind: _blind,
    PostAnte: _ante,
    DealHole: _dealt,
    ReturnUncalled: _uncalled,
    Collect: _collect,
    Show: _show,
    Muck: _muck,
    Notice: _notice,
    CashOut: _cash_out,
    Rebuy: _rebuy,
    HandCancelled: _cancelled,
}


def _event_line(event: Event, c: _Context) -> str:
    writer = _LINES.get(type(event))
    if writer is None:
        raise TypeError(f"no PokerStars line for {type(event).__name__}")
    return writer(event, c)


def _pot_name(index: int | None, sides: int) -> str:
    if index is None:
        return "pot"
    if index == 0:
        return "main pot"
    return "side pot" if index == 1 and sides == 1 else f"side pot-{index}"


# -- summary -----------------------------------------------------------------------------------
def _total_line(total_pot: int, claims: Claims, money: _Money) -> str:
    text = f"Total pot {money(total_pot)}"
    if claims.main_pot is not None:
        text += f" Main pot {money(claims.main_pot)}."
    sides = claims.side_pots
    if len(sides) == 1:
        text += f" Side pot {money(sides[0])}."
    else:
        text += "".join(f" Side pot-{i} {money(amount)}." for i, amount in enumerate(sides, 1))
    if claims.rake is not None:
        text += f" | Rake {money(claims.rake)}"
    return text


def _outcome_text(outcome, money: _Money) -> str:
    text = f"won ({money(outcome.amount)})" if outcome.won else "lost"
    return text if outcome.description is None else f"{text} with {outcome.description}"


def format_seat_summary(summary: SeatSummary, header: Header) -> str:
    """A summary seat line composed from its fields, as the client writes it."""
    return _format_seat_summary(summary, _Money(header))


def _format_seat_summary(summary: SeatSummary, money: _Money) -> str:
    text = f"Seat {summary.seat}: {summary.player}"
    for position in summary.positions:
        text += f" ({position})"
    result = summary.result
    if result == "folded":
        folded = _FOLDED_ON.get(summary.folded_on or Street.PREFLOP, "folded before Flop")
        if summary.didnt_bet:
            folded += " (didn't bet)"
        text += f" showed {_cards(summary.cards)} and {folded}" if summary.cards else f" {folded}"
    elif result == "showed":
        text += f" showed {_cards(summary.cards)} and " + ", and ".join(
            _outcome_text(o, money) for o in summary.outcomes
        )
    elif result == "mucked":
        text += " mucked" + (f" {_cards(summary.cards)}" if summary.cards else "")
    elif result in ("collected", "won"):
        amount = summary.outcomes[0].amount if summary.outcomes else 0
        if amount is None:
            raise TypeError(f"a summary seat that {result} with no amount: PokerStars prints what it took")
        text += f" {result} ({money(amount)})"
    elif result == "sat_out":
        text += " is sitting out"
    if summary.cashed_out:  # a cashed-out winner's share stays with the room, and the line says so
        won = any(outcome.won for outcome in summary.outcomes)
        text += " (pot not awarded as player cashed out)" if won else " (cashed out)"
    return text


def _is_notice(event: Event) -> bool:
    return type(event) is Notice or type(event) is Rebuy


def render_hand(hand: Hand) -> str:
    """The hand as PokerStars text: its lines, each ending with a newline (no blank lines)."""
    header, claims = hand.header, hand.claims
    if claims.ev_payoffs:
        raise KeyError(
            "payoffs scored by all-in expected value (an ACPC log): a PokerStars collect is chips won "
            "from the board dealt"
        )
    if header.currency == "chips" and header.scale != 1:
        raise KeyError(
            f"chips counted in 1/{header.scale} (another site's play money or tournament chips): "
            "PokerStars chips are whole"
        )
    money = _Money(header)
    lines = [_header_line(header, money), _table_line(header)]
    lines.extend(_seat_line(seat, money) for seat in hand.seats)
    if any(getattr(event, "player", None) == "" for event in hand.events):
        raise KeyError("a line of a player without a name: a PokerStars line starts with the player's name")
    events = hand.events
    # The reader appends notices found in the summary section after the body's events; they are
    # told apart by their line numbers (after the Total pot line). Either way they end the events.
    cut = len(events)
    while cut and _is_notice(events[cut - 1]) and events[cut - 1].line > claims.line:
        cut -= 1
    context = _Context(money, header, len(claims.side_pots))
    lines.extend(
        [
            _LINES[type(event)](event, context) if type(event) in _LINES else _event_line(event, context)
            for event in events[:cut]
        ]
    )
    lines.append("*** SUMMARY ***")
    summary: list[tuple[int, str]] = []
    if claims.total_pot is not None:
        summary.append((claims.line, _total_line(claims.total_pot, claims, money)))
    if claims.runs > 1:
        summary.append((claims.line, "Hand was run twice"))
    two = len(claims.boards) > 1
    for i, board in enumerate(claims.boards):
        line = claims.board_lines[i] if i < len(claims.board_lines) else claims.line
        prefix = ("FIRST ", "SECOND ")[i] if two and i < 2 else ""
        summary.append((line, f"{prefix}Board {_cards(board)}"))
    for seat in claims.seats:
        summary.append((seat.line, seat.text or _format_seat_summary(seat, money)))
    for event in events[cut:]:  # each before the first summary line that came after it
        text = _event_line(event, context)
        at = next((i for i, (line, _) in enumerate(summary) if line > event.line), len(summary))
        summary.insert(at, (event.line, text))
    lines.extend(text for _, text in summary)
    return "\n".join(lines) + "\n"


def render_hands(hands) -> str:
    """Several hands as one PokerStars file: each hand followed by three blank lines."""
    return "".join(render_hand(hand) + HAND_SEPARATOR for hand in hands)


# -- comparison --------------------------------------------------------------------------------
_NO_SOURCE = Source("", 0, 1)


def without_lines(hand: Hand) -> Hand:
    """The hand with every line number (and its source and size) set aside, for comparing hands."""
    replace = msgspec.structs.replace
    claims = hand.claims
    return replace(
        hand,
        seats=tuple(replace(seat, line=0) for seat in hand.seats),
        events=tuple(replace(event, line=0) for event in hand.events),
        claims=replace(
            claims,
            line=0,
            board_lines=tuple(0 for _ in claims.board_lines),
            seats=tuple(replace(seat, line=0) for seat in claims.seats),
            ledgers=tuple(replace(ledger, line=0) for ledger in claims.ledgers),
        ),
        source=_NO_SOURCE,
        lines=0,
    )
