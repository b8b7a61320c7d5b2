"""Open Hand History (OHH) export: a hand and its replay as an `{"ohh": {...}}` JSON object, spec 1.4.6.

The spec (hh-specs.handhistory.org, version 1.4.6; no JSON schema is published, tests/ohh_schema.json
is our schema of the fields below, written from the spec's pages) and what hhtool writes in each field:

- `spec_version` "1.4.6"; `internal_version` hhtool's version; `site_name` and `network_name` the
  hand's site (hhtool knows no network); `game_number` the site's hand id; `start_date_utc` the UTC
  start (ISO 8601 with `Z`; left out when the site prints no zone); `table_name`; `game_type` "Holdem",
  "Omaha" or "OmahaHiLo" (hhtool.dialects.ohh's GAME_TYPES; OHH's Omaha names no hole-card count, so a 5- or
  6-card Omaha hand is written only when one dealt or shown hand holds its five or six cards, which the reader
  counts; otherwise it is refused, HH045);
  `bet_limit` {`bet_type` NL/PL/FL (PL for pot-limit pre-flop), `bet_cap` the cap or 0}; `table_size`
  the N of N-max (else the number of seats or the highest seat number, whichever is larger: every seat fits); `currency` the ISO code, "Chips" for chips; `dealer_seat`
  the button's seat (0 when there is none); `small_blind_amount`, `big_blind_amount`, `ante_amount`
  (the header's ante, else the largest ante posted, else 0); `hero_player_id` the one player whose hole
  cards are dealt (left out when none or several are); `flags`: `Run_It_Twice`, `Fast` (fast-fold),
  `Cap`; `tournament` and, for tournaments, `tournament_info` {`tournament_number`}.
- `players`: `id` (0, 1, … in seat order), `seat`, `name`, `display` (the name), `starting_stack`,
  `is_sitting_out`.
- `rounds`: `id`, `street` (Preflop, Flop, Turn, River, Showdown), `cards` (the board cards the street
  deals; a run-it-twice hand has a round for each run's streets after the all-in), `actions`: blinds
  (`Post SB`, `Post BB`, `Straddle`, `Post Dead` for a missed or dead blind, `Post Extra Blind` for a
  button blind), `Post Ante`, `Dealt Cards` (with `cards`), `Fold`, `Check`, `Call`, `Bet`, `Raise`,
  `Shows Cards` (in the Showdown round; a muck is left out: the model keeps no mucked cards, and
  the spec lets a muck without cards be omitted); each with `action_number` (1, 2, … over the
  hand), `player_id`, `amount` (the chips the action put in: a raise's amount is what the player put in
  with it, as the spec's action page says) and `is_allin`.
- `pots`: one per pot the replay computed (main pot 0, side pots 1, …): `amount` (with the rake),
  `rake`, `jackpot` (the fees besides rake the site printed: jackpot, bingo…), `player_wins` (what each
  player collected from it: `win_amount`; an all-in cash-out's `cashout_amount` and `cashout_fee`).
  Sites print one rake and one of each fee for the hand: they are on pot 0. A site that names no pot
  when it pays has its wins on pot 0 too.

What OHH cannot say is not written (the hand is reported, HH045): a cash drop to the pot, an EV
cash-out and all-in insurance. An uncalled bet's return is no OHH action: the pots hold what was called.
Amounts are decimals in major units (never floats: written from the integer minor units).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from decimal import Decimal

import msgspec

from hhtool.dialects.ohh import GAME_TYPES, game_of
from hhtool.interchange import CannotSay
from hhtool.model import (
    Bet,
    BlindKind,
    Call,
    CashDrop,
    CashOut,
    Check,
    DealHole,
    EVCashout,
    Event,
    Fold,
    Hand,
    Insurance,
    Limit,
    PostAnte,
    PostBlind,
    RaiseTo,
    Show,
    Street,
    StreetStart,
)
from hhtool.model.cards import is_card
from hhtool.rules.replay import Replay

SPEC_VERSION = "1.4.6"
EXTENSION = "ohh"
FILE_EXTENSION = "ohh"

_ENCODER = msgspec.json.Encoder(decimal_format="number")
_BET_TYPES = {Limit.NO_LIMIT: "NL", Limit.POT_LIMIT: "PL", Limit.FIXED_LIMIT: "FL", Limit.POT_LIMIT_PREFLOP: "PL"}
_STREETS = {
    Street.PREFLOP: "Preflop",
    Street.FLOP: "Flop",
    Street.TURN: "Turn",
    Street.RIVER: "River",
    Street.SHOWDOWN: "Showdown",
}
_BLINDS = {
    BlindKind.SMALL: "Post SB",
    BlindKind.BIG: "Post BB",
    BlindKind.STRADDLE: "Straddle",
    BlindKind.MISSED: "Post Dead",
    BlindKind.SMALL_AND_BIG: "Post Dead",
    BlindKind.BUTTON: "Post Extra Blind",
}
_BETTING: dict[type[Event], str] = {Fold: "Fold", Check: "Check", Call: "Call", Bet: "Bet", RaiseTo: "Raise"}
# the events an OHH action says (a post, a deal, a betting action, a show)
_Act = PostBlind | PostAnte | DealHole | Fold | Check | Call | Bet | RaiseTo | Show
_ACTS = (PostBlind, PostAnte, DealHole, Fold, Check, Call, Bet, RaiseTo, Show)
_CANNOT = (CashDrop, EVCashout, Insurance)
GAMES = tuple(GAME_TYPES)  # what `convert --to ohh` writes (hhtool.interchange refuses the other games)


def render_hand(hand: Hand, state: Replay | None) -> str:
    """The hand as one OHH JSON object on one line (no newline); CannotSay when OHH cannot say it."""
    return _ENCODER.encode({"ohh": ohh_object(hand, state)}).decode()


def render_file(texts: Sequence[str]) -> str:
    """Several hands as an .ohh file: each object on its line, one blank line between them (the spec's
    storage format; a JSON-lines reader that skips blank lines reads it as JSON lines)."""
    return "".join(text + "\n\n" for text in texts)


def ohh_object(hand: Hand, state: Replay | None) -> dict:
    """The `ohh` object of a hand (its replay gives the chips each action put in, the pots and wins)."""
    if state is None:
        raise CannotSay("the hand was not replayed")
    for event in hand.events:
        if isinstance(event, _CANNOT):
            raise CannotSay(f"OHH has no field for {type(event).__name__}")
    header = hand.header
    money = _Money(header.scale)
    ids = {seat.player: i for i, seat in enumerate(hand.seats)}
    dealt = [e.player for e in hand.events if type(e) is DealHole and e.cards]
    out: dict = {
        "spec_version": SPEC_VERSION,
        "internal_version": _version(),
        "site_name": header.site,
        "network_name": header.site,
        "tournament": header.is_tournament,
        "game_number": header.hand_id,
        "table_name": header.table,
        "game_type": _game_type(hand),
        "bet_limit": {"bet_type": _BET_TYPES[header.limit], "bet_cap": money(header.cap or 0)},
        "table_size": header.max_seats or max([len(hand.seats), *(seat.seat for seat in hand.seats)]),
        "currency": "Chips" if header.currency == "chips" else header.currency,
        "dealer_seat": header.button_seat or 0,
        "small_blind_amount": money(header.small_blind),
        "big_blind_amount": money(header.big_blind),
        "ante_amount": money(_ante(hand)),
    }
    if header.time_utc is not None:
        out["start_date_utc"] = header.time_utc.strftime("%Y-%m-%dT%H:%M:%SZ")
    if header.is_tournament:
        out["tournament_info"] = {"tournament_number": header.tournament_id}
    if len(set(dealt)) == 1:
        if dealt[0] not in ids:
            raise CannotSay(f"{dealt[0]} is dealt cards without a seat (an OHH hero is a seated player)")
        out["hero_player_id"] = ids[dealt[0]]
    flags = [
        name
        for name, on in (
            ("Run_It_Twice", hand.claims.runs > 1),
            ("Fast", header.fast_fold),
            ("Cap", header.cap is not None),
        )
        if on
    ]
    out["flags"] = flags
    out["players"] = [
        {
            "id": ids[seat.player],
            "seat": seat.seat,
            "name": seat.player,
            "display": seat.player,
            "starting_stack": money(seat.stack),
            "is_sitting_out": seat.sitting_out,
        }
        for seat in hand.seats
    ]
    out["rounds"] = _rounds(hand, state, ids, money)
    out["pots"] = _pots(hand, state, ids, money)
    return out


class _Money:
    """Minor units → a Decimal in major units (exact: `250` at scale 100 is `2.50`)."""

    __slots__ = ("places",)

    def __init__(self, scale: int) -> None:
        self.places = len(str(scale)) - 1

    def __call__(self, amount: int) -> Decimal | int:
        return Decimal(amount).scaleb(-self.places) if self.places else amount


@functools.cache
def _version() -> str:
    """hhtool's version, read once (the package metadata lookup costs half a millisecond a hand)."""
    from hhtool.version import hhtool_version

    return hhtool_version()


def _game_type(hand: Hand) -> str:
    """OHH's `game_type` of the hand; CannotSay when the reader would read the hand back as another game
    (a 5-card Omaha hand with no hand dealt or shown would read back as 4-card Omaha)."""
    game = hand.header.game
    game_type = GAME_TYPES.get(game)
    if game_type is None:
        raise CannotSay(f"OHH has no game_type for {game!r}")
    most = max((len(e.cards) for e in hand.events if isinstance(e, (DealHole, Show))), default=0)
    read = game_of(game_type, most)
    if read != game:
        raise CannotSay(
            f"OHH's game_type {game_type} names no hole-card count, and this {game} hand deals or shows at "
            f"most {most} cards to a player: it would read back as {read}"
        )
    return game_type


def _ante(hand: Hand) -> int:
    if hand.header.ante is not None:
        return hand.header.ante
    return max((e.amount for e in hand.events if type(e) is PostAnte), default=0)


def _rounds(hand: Hand, state: Replay, ids: dict[str, int], money: _Money) -> list[dict[str, object]]:
    chips = {id(event): put for event, _street, put in state.ledger}
    actions: list[dict[str, object]] = []  # the actions of the round being written
    rounds: list[dict[str, object]] = [{"id": 0, "street": "Preflop", "cards": [], "actions": actions}]
    number = 0
    for event in hand.events:
        if type(event) is StreetStart:
            if event.street is Street.PREFLOP:
                continue
            dealt = _new_cards(event)
            actions = []
            rounds.append({"id": len(rounds), "street": _STREETS[event.street], "cards": dealt, "actions": actions})
            continue
        if not isinstance(event, _ACTS):
            continue  # a muck without cards (the model keeps none) may be left out, the spec says
        action = _action(event, chips, money)
        if action is None:
            continue
        if type(event) is Show and rounds[-1]["street"] != "Showdown":
            actions = []
            rounds.append({"id": len(rounds), "street": "Showdown", "cards": [], "actions": actions})
        if event.player not in ids:
            raise CannotSay(f"{event.player} acts without a seat (an OHH action names a seated player)")
        number += 1
        action["action_number"] = number
        action["player_id"] = ids[event.player]
        actions.append(action)
    return rounds


def _new_cards(event: StreetStart) -> list[str]:
    """The cards a street deals: the last three of its board on a flop, else the last one (a street
    line prints the board so far; a second run's streets deal their own cards the same way)."""
    return _cards(event.board[-3:] if event.street is Street.FLOP else event.board[-1:])


def _action(event: _Act, chips: dict[int, int], money: _Money) -> dict[str, object] | None:
    """The OHH action of a post, a deal, a betting action or a show; None for a deal without cards."""
    if type(event) is PostBlind:
        return {
            "action": _BLINDS[event.blind],
            "amount": money(chips.get(id(event), event.amount)),
            "is_allin": event.all_in,
        }
    if type(event) is PostAnte:
        return {"action": "Post Ante", "amount": money(chips.get(id(event), event.amount)), "is_allin": event.all_in}
    if type(event) is DealHole:
        return {"action": "Dealt Cards", "cards": _cards(event.cards)} if event.cards else None
    if type(event) is Show:
        return {"action": "Shows Cards", "cards": _cards(event.cards)}
    name = _BETTING[type(event)]
    if isinstance(event, (Call, Bet, RaiseTo)):
        return {"action": name, "amount": money(chips.get(id(event), 0)), "is_allin": event.all_in}
    return {"action": name}  # a fold or a check puts nothing in


def _cards(cards: tuple[str, ...]) -> list[str]:
    """Cards as OHH writes them (rank then suit); a token that is not a card has no OHH form."""
    for card in cards:
        if not is_card(card):
            raise CannotSay(f"{card!r} is not a card (an OHH card is a rank and a suit)")
    return list(cards)


def _pots(hand: Hand, state: Replay, ids: dict[str, int], money: _Money) -> list[dict[str, object]]:
    if state.cancelled:
        return []
    count = len(state.pots)
    if not count and state.collects:
        raise CannotSay("players collect but the replay found no pot (an OHH win is a share of a pot)")
    wins: list[dict[str, int]] = [{} for _ in range(count)]
    itemized = all(c.pot_index is not None for c in state.collects)
    for event in state.collects:
        index = event.pot_index if itemized and event.pot_index is not None and event.pot_index < count else 0
        wins[index][event.player] = wins[index].get(event.player, 0) + event.amount
    collected = sum(c.amount for c in state.collects)
    claims = hand.claims
    fees = state.fees  # the fees the settlement found taken from the pot (a printed tax not taken is not)
    rake_total = claims.rake if claims.rake is not None else max(state.pot_total - collected - fees, 0)
    cash_outs = {e.player: e for e in hand.events if type(e) is CashOut}
    player_wins: list[list[dict[str, object]]] = [[] for _ in state.pots]  # each pot's wins, by pot
    pots: list[dict[str, object]] = [
        {
            "number": index,
            "amount": money(pot.amount),
            "rake": money(rake_total if index == 0 else 0),
            "jackpot": money(fees if index == 0 else 0),
            "player_wins": player_wins[index],
        }
        for index, pot in enumerate(state.pots)
    ]
    for index, won in enumerate(wins):
        if any(player not in ids for player in won):
            raise CannotSay("a player without a seat collects (an OHH win names a seated player)")
        for player, amount in sorted(won.items(), key=lambda item: ids[item[0]]):
            entry: dict[str, object] = {"player_id": ids[player], "win_amount": money(amount)}
            player_wins[index].append(entry)
    for player, cash_out in cash_outs.items():
        if player not in ids:
            raise CannotSay(f"{player} cashes out without a seat")
        entry = {
            "player_id": ids[player],
            "win_amount": money(0),
            "cashout_amount": money(cash_out.amount),
            "cashout_fee": money(cash_out.fee or 0),
        }
        if pots:
            player_wins[0].append(entry)
    return pots


__all__ = ["EXTENSION", "FILE_EXTENSION", "SPEC_VERSION", "ohh_object", "render_file", "render_hand"]
