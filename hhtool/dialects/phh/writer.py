"""Write any dialect's Hand as PHH (the inverse of the PHH reader, for `hhtool convert --to phh`).

`render_hand(hand)` gives one PHH document (a `.phh` file); `render_hands(hands)` a `.phhs` file of
`[N]` sections. The hand is replayed and settled first (hhtool's own truth): its dealt-in players are
the PHH players, listed from the seat left of the button round to the button, and its final stacks are
written as `finishing_stacks`, which PokerKit's replay of the file must reach.

What PHH cannot say goes in user-defined `_`-prefixed fields, which PHH readers keep and ignore (hhtool's
PHH reader reads back `_rake`, `_fees`, `_pots` and `_cash_outs`, the room's take and payments, so that
its replay reaches the same stacks, and `_button_seat`, `_seated_out` and `_tournament`, so that the button and stacks chain from hand to hand as
they did):
`_site`, `_hand_id` (the hand's origin), `_rake`, `_fees`, `_cash_outs` (all-in cash-outs and EV
cash-outs: money paid outside the pot, net of what the player paid the room there) and `_cashed_out`
(the players of those whose cash-out was an all-in one: the room keeps what their cards win), `_pots`
(the main and side pots after the rake as the room paid them, where that is not PHH's reading of the
rake off the main pot first: a room that takes it from the pots in proportion), `_total_pot`, `_scale` (minor units per unit), `_button_seat` (a
button not on the last player's seat) and `_seated_out` (`[seat, name, stack]` of each player seated but
not dealt in: PHH lists only the players dealt in), `_posts` (`["pN", kind, dead part]` of each post out
of the blinds' places or with a dead part), `_blinds_first` (the site posted the blinds before the antes)
and `_small_blind`/`_big_blind` (the stakes, where the first two forced bets do not give them).

A post out of place (a new player's big blind, `posts small & big blinds`, a missed small blind) is a
post bet as PokerKit defines it: the live part negative in `blinds_or_straddles`, the dead part in the
player's `antes` entry (PokerKit and the PHH spec treat antes as dead money). PHH has no rake field: the
room's take is in `_rake` (and `_fees`), which hhtool's reader reads back; PokerKit keeps them as
user-defined fields and pays the whole pot (its `rake` function can take it). A hand PHH cannot describe
at all (a board run twice, a cap, a rebuy during the hand, money the site dropped into the pot, a
cancelled hand, an all-in player's fold, a seat 0) raises `Unsayable` (a ValueError) with the reason: the
caller reports it. Pot limit is written `variant = "PT"`, which PokerKit 0.7.7 has no game for (see the
README's PHH section for the HandHistory subclass that loads it).
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from typing import Any

from hhtool.dialects import conventions
from hhtool.dialects.phh.reader import SITE, VARIANTS
from hhtool.dialects.sites import hand_site
from hhtool.dialects.street_money import StreetMoney
from hhtool.model import (
    Bet,
    BlindKind,
    Call,
    CashDrop,
    CashOut,
    Check,
    DealHole,
    EVCashout,
    Fold,
    Hand,
    HandCancelled,
    Insurance,
    Limit,
    Muck,
    PostAnte,
    PostBlind,
    RaiseTo,
    Rebuy,
    Show,
    StreetStart,
)
from hhtool.model.money import CHIPS
from hhtool.rules.replay import Replay, replay
from hhtool.rules.ruleset import RuleSet
from hhtool.rules.settle import settle

GAMES = ("holdem", "omaha", "omaha_hilo")  # what `convert --to phh` writes (PHH names no hand: nothing to contradict)
# (Omaha Hi/Lo in fixed limit only: PHH's one hi/lo community game is `FO/8`, PokerKit's game codes have no pot-limit
# or no-limit one, so such a hand is Unsayable, the variant refusal below)
_VARIANTS = {game: code for code, game in VARIANTS.items()}  # (Header.game, limit) → the reader's variant code


EXTENSION = "phh"
"""A one-hand PHH file (`hhtool convert --to phh`)."""
FILE_EXTENSION = "phhs"
"""A file of several hands: `[N]` sections."""


def render_file(texts: Iterable[str]) -> str:
    """Several hands' PHH texts as one `.phhs` file: each a `[N]` section, numbered from 1."""
    return "\n".join(f"[{i}]\n{text}" for i, text in enumerate(texts, 1))


class Unsayable(ValueError):
    """The hand has something PHH cannot record (the message says what)."""


def render_hands(hands: Iterable[Hand]) -> str:
    """A `.phhs` file: each hand as a `[N]` section, numbered from 1."""
    return render_file(render_hand(hand) for hand in hands)


def render_hand(hand: Hand, rules: RuleSet | None = None) -> str:
    """One hand as a PHH document (TOML), with hhtool's final stacks as `finishing_stacks`."""
    header = hand.header
    variant = _VARIANTS.get((header.game, header.limit))
    if variant is None:
        raise Unsayable(f"PHH's variants hhtool writes are {', '.join(VARIANTS)}; not {header.game} {header.limit}")
    for event in hand.events:
        if isinstance(event, (HandCancelled, Rebuy, CashDrop)):
            raise Unsayable(f"PHH cannot record a {type(event).__name__} event")
        if isinstance(event, StreetStart) and event.run:
            raise Unsayable("PHH cannot record a board run more than once")
    if header.cap is not None:
        raise Unsayable("PHH has no cap on what one player may put in (a CAP table)")
    state = replay(hand, rules or RuleSet(), site=hand_site(hand))
    settle(state)
    raked = state.pot_total > sum(c.amount for c in state.collects)
    pots = _net_pots(hand, state) if raked else None
    if (
        raked
        and pots is None
        and len(state.pots) > 1
        and conventions(header.site).rake_by_pot != conventions(SITE).rake_by_pot
    ):
        raise Unsayable(
            "the site takes its rake from the pots in proportion; read back as PHH it would come off the "
            "main pot first and pay the pots' winners other amounts"
        )
    players = _players(state)
    folds = {e.player for e in hand.events if type(e) is Fold}
    for name in players:
        if state.players[name].all_in and name in folds:
            raise Unsayable(
                f"{name} folds while all-in (a sitting-out player's automatic fold): a PHH player all-in cannot fold"
            )
    index = {name: i for i, name in enumerate(players)}
    amount = _Amounts(header.scale)
    forced = _forced_bets(hand, state, index)
    antes, blinds = forced.antes, forced.blinds
    lines = [
        f"variant = {_text(variant)}",
        "ante_trimming_status = false",  # antes are dead money, never trimmed
        f"antes = {amount.list(antes)}",
        f"blinds_or_straddles = {amount.list(blinds)}",
    ]
    if header.limit is Limit.FIXED_LIMIT:
        lines += [f"small_bet = {amount(header.small_bet)}", f"big_bet = {amount(header.big_bet)}"]
    else:
        lines.append(f"min_bet = {amount(header.big_blind)}")
    seats = {seat.player: seat for seat in hand.seats}
    if any(seat.seat < 1 for seat in hand.seats):
        raise Unsayable("PHH seats are numbered from 1; the hand has a seat 0")
    lines.append(f"starting_stacks = {amount.list([state.players[name].start for name in players])}")
    written = _actions(hand, state, players, amount, forced.live)
    lines.append("actions = [\n" + "".join(f"  {_text(a)},\n" for a in written) + "]")
    lines.append(f"players = [{', '.join(_text(name) for name in players)}]")
    lines.append(f"seats = [{', '.join(str(seats[name].seat) for name in players)}]")
    if header.max_seats:
        lines.append(f"seat_count = {header.max_seats}")
    if header.button_seat != seats[players[-1]].seat:
        lines.append(f"_button_seat = {header.button_seat}")
    out = [seat for seat in hand.seats if seat.player not in index]
    if out:
        rows = ", ".join(f"[{s.seat}, {_text(s.player)}, {amount(s.stack)}]" for s in out)
        lines.append(f"_seated_out = [{rows}]")
    if header.table:
        lines.append(f"table = {_text(header.table)}")
    if header.hand_id.isdigit():
        lines.append(f"hand = {header.hand_id}")
    if header.currency != CHIPS:
        lines.append(f"currency = {_text(header.currency)}")
    lines += _time(hand)
    finals = state.final_stacks()
    lines.append(f"finishing_stacks = {amount.list([finals[name] for name in players])}")
    collected = state.collected_by()
    cashed = any(isinstance(e, (CashOut, EVCashout, Insurance)) for e in hand.events)
    if raked and len([name for name in players if collected.get(name)]) > 1 or cashed and collected:
        # the rake shared among several winners as the site took it (PHH's reader would take it off the
        # main pot first), or a pot beside a cash-out (the room keeps what a cashed-out player's cards win):
        # what each collected, PHH's `winnings`
        lines.append(f"winnings = {amount.list([collected.get(name, 0) for name in players])}")
    if pots is not None:
        lines.append(f"_pots = {amount.list(pots)}")
    lines += _user_defined(hand, state)
    lines += forced.user_defined(header, amount)
    return "\n".join(lines) + "\n"


def _net_pots(hand: Hand, state: Replay) -> list[int] | None:
    """The main and side pots after the rake as the room paid them (the source's printed pots, or as its
    collects add them up: `hhtool.interchange.for_site`), when they are not what PHH's reading gives (the
    rake off the main pot first): PHH has no field for them, hhtool's reader reads them back from `_pots`.
    None where the reading gives them, or where the hand does not say them."""
    claims = hand.claims
    if claims.main_pot is None or len(claims.side_pots) + 1 != len(state.pots):
        return None
    printed = [claims.main_pot, *claims.side_pots]
    left, main_first = state.pot_total - sum(printed), []
    for pot in state.pots:
        taken = min(left, pot.amount)
        main_first.append(pot.amount - taken)
        left -= taken
    return None if printed == main_first else printed


def _players(state: Replay) -> list[str]:
    """The dealt-in players from the seat left of the button round to the button (PHH's order)."""
    button = state.hand.header.button_seat
    if button is None:
        raise Unsayable("PHH lists players from the button: the hand names no button seat")
    order = sorted(state.order, key=lambda p: p.seat)
    after = [p for p in order if p.seat > button] + [p for p in order if p.seat <= button]
    if len(after) < 2:
        raise Unsayable(f"{len(after)} players dealt in")
    return [p.name for p in after]


class _Forced:
    """The forced bets as PHH says them: `antes` and `blinds_or_straddles` by position, the live part each
    player's posts put in (`live`: their pre-flop bet), and what PHH has no field for: each post out of the
    blinds' places or with a dead part (`posts`: position, kind, dead part), whether the blinds were posted
    before the antes, and the stakes when the first two entries do not give them."""

    def __init__(self, count: int) -> None:
        self.antes, self.blinds = [0] * count, [0] * count
        self.live: dict[str, int] = {}
        self.posts: list[tuple[int, str, int]] = []
        self.blinds_first = False

    def user_defined(self, header: Any, amount: _Amounts) -> list[str]:
        out = []
        if self.posts:
            rows = ", ".join(f'["p{i + 1}", {_text(kind)}, {amount(dead)}]' for i, kind, dead in sorted(self.posts))
            out.append(f"_posts = [{rows}]")
        if self.blinds_first:
            out.append("_blinds_first = true")
        first, second = self.blinds[0], self.blinds[1]
        min_bet = header.small_bet if header.limit is Limit.FIXED_LIMIT else header.big_blind
        if not (second == 0 and first > 0 and first >= min_bet):
            small, big = abs(first), abs(second)  # the stakes as hhtool's PHH reader reads them
        else:
            small, big = 0, first
        if small != header.small_blind:
            out.append(f"_small_blind = {amount(header.small_blind)}")
        if big != header.big_blind:
            out.append(f"_big_blind = {amount(header.big_blind)}")
        return out


def _forced_bets(hand: Hand, state: Replay, index: dict[str, int]) -> _Forced:
    """`antes` and `blinds_or_straddles` by position. PokerKit posts min(amount, what the stack has left), so
    a short all-in post is written as the full amount, and so is the blind of a player whose ante took
    every chip; heads-up it reads them by position, the first player (big blind) posting entry 1.

    A post that is not the blind of its place (a new player's big blind, a returning player's small and big
    blinds, a big blind in the first place when the small blind's seat is empty) is written as PokerKit
    defines a post bet: its live part in the player's `blinds_or_straddles` entry, negative (a bet that does
    not decide who acts first), and its dead part, which goes to the pot without counting toward the bet,
    in the player's `antes` entry (dead money, as antes are); `_posts` records the kind and dead part for
    hhtool's reader. The big blind of the hand stays positive wherever it sits: PokerKit starts the betting
    after it."""
    count = len(index)
    slot = (lambda i: 1 - i) if count == 2 else (lambda i: i)
    out = _Forced(count)
    antes, blinds = out.antes, out.blinds
    header = hand.header
    ante = max((e.amount for e in hand.events if isinstance(e, PostAnte)), default=0)
    broke: set[str] = set()  # players whose ante was all they had
    per_player: dict[str, int] = {}
    for post in hand.events:
        if isinstance(post, PostBlind) and post.player in index:
            per_player[post.player] = per_player.get(post.player, 0) + 1
    seen_ante = False
    for event in hand.events:
        if isinstance(event, PostAnte) and event.player in index:
            seen_ante = True
            antes[slot(index[event.player])] += ante if event.all_in else event.amount
            if event.all_in:
                broke.add(event.player)
        elif isinstance(event, PostBlind) and event.player in index:
            out.blinds_first = out.blinds_first or not seen_ante and any(type(e) is PostAnte for e in hand.events)
            position = slot(index[event.player])
            player = state.players[event.player]
            dead = event.dead if event.dead is not None else player.dead if per_player[event.player] == 1 else None
            if dead is None:
                if player.dead:
                    raise Unsayable(f"{event.player} posts several blinds, some of it dead money")
                dead = 0
            live = event.amount - dead
            out.live[event.player] = out.live.get(event.player, 0) + live
            if not dead and _in_place(event.blind, position, count):
                full = {BlindKind.SMALL: header.small_blind, BlindKind.BIG: header.big_blind}.get(
                    event.blind, event.amount
                )
                blinds[position] += full if event.all_in else event.amount
                continue
            if count == 2:
                raise Unsayable(
                    f"{event.player} posts the {event.blind} blind out of position heads-up; PHH forced "
                    "bets go by position"
                )
            if blinds[position] or any(i == index[event.player] for i, _, _ in out.posts):
                raise Unsayable(f"{event.player} posts more than one blind out of position")
            big = event.player == state.big_blind_player
            blinds[position] = live if big else -live
            antes[position] += dead
            out.posts.append((index[event.player], str(event.blind), dead))
    for name in broke:  # a blind the ante left no chip for: PokerKit makes it 0 itself
        position = slot(index[name])
        if position < 2 and not blinds[position]:
            blinds[position] = header.small_blind if position == 0 else header.big_blind
    return out


def _in_place(kind: BlindKind, position: int, count: int) -> bool:
    """Whether a blind is the one of the poster's place: the small blind first, the big blind second, a
    straddle after them."""
    if kind is BlindKind.SMALL:
        return position == 0
    if kind is BlindKind.BIG:
        return position == 1
    return kind is BlindKind.STRADDLE and position >= 2 and count > 2


def _actions(hand: Hand, state: Replay, players: list[str], amount: _Amounts, posted: dict[str, int]) -> list[str]:
    """The PHH actions: hole cards dealt to every player, the betting (`cbr` as the street total), each new
    board card, then the showdown (after the whole board, also when players were all-in earlier: PokerKit
    takes the shows there, and a muck before the rest of the board would end its hand too soon)."""
    code = {name: f"p{i}" for i, name in enumerate(players, 1)}
    dealt: dict[str, tuple[str, ...]] = {
        e.player: e.cards for e in hand.events if isinstance(e, Show) and len(e.cards) == 2
    }  # cards shown are cards dealt
    dealt.update({e.player: e.cards for e in hand.events if isinstance(e, DealHole) and e.cards})
    out = [f"d dh {code[name]} {''.join(dealt.get(name, ())) or '????'}" for name in players]
    money = StreetMoney()
    for poster, chips in posted.items():  # the live part of the posts is the pre-flop bet (a dead part is not)
        money.put(poster, chips)
    board: tuple[str, ...] = ()
    betting: list[str] = []  # actions up to the last bet, call, check or fold
    after: list[str] = []  # board cards dealt after it
    showdown: list[str] = []
    live = set(players)
    showed: set[str] = set()  # who showed or mucked at the showdown
    event: Any
    for event in hand.events:
        kind = type(event)
        name = getattr(event, "player", None)
        if kind is StreetStart:
            if event.board and len(event.board) > len(board):
                after.append(f"d db {''.join(event.board[len(board) :])}")
                board = event.board
            if event.board:
                money.new_street()
            continue
        if name not in code:
            continue
        if kind is Fold or kind is Check or kind is Call or kind is Bet or kind is RaiseTo:
            betting += after
            after = []
            if kind is Fold:
                betting.append(f"{code[name]} f")
                live.discard(name)
            elif kind is Check or kind is Call:
                betting.append(f"{code[name]} cc")
            elif kind is Bet:
                betting.append(f"{code[name]} cbr {amount(money.put(name, event.added))}")
            else:
                betting.append(f"{code[name]} cbr {amount(event.raise_to)}")
                money.put(name, event.raise_to - money.of(name))
        elif kind is Show and len(live) > 1 and name in live and name not in showed:
            # no PHH showdown for a player left alone or one who folded; once each (GG may print a show twice)
            showed.add(name)
            showdown.append(f"{code[name]} sm {''.join(event.cards)}")
        elif kind is Muck and event.mucked and len(live) > 1 and name in live and name not in showed:
            showed.add(name)
            showdown.append(f"{code[name]} sm")
    return out + betting + after + showdown


class _Amounts:
    """Minor units → PHH units (`1234` cents → `12.34`; chips as they are)."""

    def __init__(self, scale: int) -> None:
        digits = len(str(scale)) - 1
        if scale != 10**digits:
            raise Unsayable(f"a scale of {scale} minor units is not a power of ten")
        self.digits = digits

    def __call__(self, minor: int) -> str:
        if not self.digits:
            return str(minor)
        value = Decimal(minor).scaleb(-self.digits)
        text = f"{value:f}"
        return text.rstrip("0").rstrip(".") if "." in text else text

    def list(self, values: list[int]) -> str:
        return "[" + ", ".join(self(v) for v in values) + "]"


def _text(value: str) -> str:
    """A TOML basic string."""
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    escaped = "".join(c if c >= " " and c != "\x7f" else f"\\u{ord(c):04x}" for c in escaped)
    return f'"{escaped}"'


def _time(hand: Hand) -> list[str]:
    """The local date and time with the zone as printed (PHH `time_zone`)."""
    header = hand.header
    when = header.time
    if when is None:
        return []
    out = [f"time = {when.time().isoformat()}", f"day = {when.day}", f"month = {when.month}", f"year = {when.year}"]
    if header.time_zone:
        out.append(f"time_zone = {_text(header.time_zone)}")
    return out


def _user_defined(hand: Hand, state: Replay) -> list[str]:
    """What PHH has no field for, in `_`-prefixed user-defined fields (amounts in units, like the rest)."""
    header, claims = hand.header, hand.claims
    amount = _Amounts(header.scale)
    out = [f"_site = {_text(header.site)}", f"_hand_id = {_text(header.hand_id)}", f"_scale = {header.scale}"]
    collected = sum(c.amount for c in state.collects)
    rake = claims.rake if claims.rake is not None else state.pot_total - collected - state.fees
    out.append(f"_total_pot = {amount(state.pot_total)}")
    out.append(f"_rake = {amount(rake)}")
    fees = list(claims.fees)
    if sum(value for _, value in fees) != state.fees:  # a printed tax the pot did not pay (HH213): not taken
        fees = [(name, value) for name, value in fees if name != "tax"]
    if fees:
        out.append("_fees = {" + ", ".join(f"{_text(name)} = {amount(value)}" for name, value in fees) + "}")
    paid = {name: p.cash_out_paid - p.premium for name, p in state.players.items() if p.cash_out_paid or p.premium}
    if paid or any(isinstance(e, (CashOut, EVCashout, Insurance)) for e in hand.events):
        out.append(
            "_cash_outs = {" + ", ".join(f"{_text(name)} = {amount(value)}" for name, value in paid.items()) + "}"
        )
        cashed = sorted({e.player for e in hand.events if type(e) is CashOut and e.player in paid})
        if cashed:  # an all-in cash out: the room keeps what the player's cards win (an EV cash-out's pot is paid)
            out.append(f"_cashed_out = [{', '.join(_text(name) for name in cashed)}]")
    if header.tournament_id:
        out.append(f"_tournament = {_text(header.tournament_id)}")
    return out
