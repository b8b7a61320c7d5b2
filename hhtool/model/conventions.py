"""What the neutral layers know of a hand's site: its conventions (`Conventions`, data declared by its
dialect) and its wording of a hand (`Site`), received by the replay and the settlement as arguments.

Declared here, below the rules, so that `hhtool.rules` reads a site's behaviour without asking the site
registry (`hhtool.dialects`, which re-exports these names): the layer that knows the hand's dialect (the
pipeline, `hhtool.dialects.sites.hand_site`) looks the site up and passes it down. Each convention that is
one of several modes is a `StrEnum` declared here, once; its members compare equal to their values.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any

Ref = Callable[..., Any] | str
"""A callable, or `"package.module:name"` naming one (imported when first used: `load_ref`)."""


def load_ref(ref: Ref) -> Any:
    """A Ref's callable (a `"module:name"` string is imported once, then cached). Here, not in the registry,
    so that the rules can call a convention's Ref (`table_min_buyin`) without asking `hhtool.dialects`."""
    if not isinstance(ref, str):
        return ref
    loaded = _LOADED.get(ref)
    if loaded is None:
        module, _, name = ref.partition(":")
        loaded = _LOADED[ref] = getattr(importlib.import_module(module), name)
    return loaded


_LOADED: dict[str, Any] = {}


class RakeByPot(StrEnum):
    """`Conventions.rake_by_pot`: how the rake is spread over a main and side pots the text does not print."""

    MAIN_FIRST = "main_first"
    PROPORTIONAL_DOWN = "proportional_down"  # iPoker's pots under the cap
    PROPORTIONAL_NEAREST = "proportional_nearest"  # Winamax, Bovada (BV-5)
    PROPORTIONAL_UP = "proportional_up"  # Chico, 888 (888-1)
    PROPORTIONAL_LAST_REST = "proportional_last_rest"  # PartyPoker 2018 (PP-6)
    CAPPED_MAIN_FIRST = "capped_main_first"  # iPoker (IP-4)


class OddChip(StrEnum):
    """`Conventions.odd_chip` (and, with "site", `RuleSet.odd_chip`): who gets a split pot's odd chips first."""

    LEFT_OF_BUTTON = "left_of_button"  # S4: the first winner left of the button
    FIRST_WINNER_IN_SEAT_ORDER = "first_winner_in_seat_order"
    HIGHEST_SEAT_FIRST = "highest_seat_first"  # Winamax (WX-1)
    FROM_BIG_BLIND = "from_big_blind"  # Bovada / Ignition (BV-4): the big blind first, the small blind last


class RaiseAmount(StrEnum):
    """`Conventions.raise_amount`: what a raise's printed amount is."""

    TO = "to"  # the street total it raises to
    ADDED = "added"  # the chips that action put in


class UncalledInCollected(StrEnum):
    """`Conventions.uncalled_in_collected`: where a site that prints no return line pays the returned chips."""

    APART = "apart"  # not inside `collected` (a line of their own, or derived by the replay)
    INSIDE = "inside"  # inside the bettor's `collected` amount (and the summary's won amount)
    EITHER = "either"  # inside in some hands only: when the collected amounts add up to more than the pot


class LedgerUncalled(StrEnum):
    """`Conventions.ledger_uncalled`: where the site's per-player checksum (`Claims.ledgers`) counts a
    returned uncalled bet."""

    NEITHER = "neither"  # in neither figure
    BOTH = "both"  # in what the player put in and in what the player won (iPoker's `bet` and `win`)
    PUT_IN = "put_in"  # in what the player put in only


@dataclass(frozen=True, slots=True)
class Conventions:
    """What a site's text means beyond its words: the facts the neutral layers need to read it right.

    - `prints_uncalled`: the site prints the return of an uncalled bet (else the replay derives it and a
      missing return line is no finding);
    - `uncalled_in_collected`: (with `prints_uncalled` False) `INSIDE`: the returned chips are inside the bettor's
      printed `collected` amount (and the summary's won amount), not a line of their own; `EITHER`: in
      some hands only (they are read as inside when the collected amounts add up to more than the pot);
    - `total_includes_returns`: (with `uncalled_in_collected` not `APART`) the summary's total pot counts the returned
      chips too (Winamax: the total is what the winners collected, plus the rake; Bovada's walks:
      `Total Pot($0.35)` for a $0.10/$0.25 pot the big blind collects whole);
    - `unmarked_sitting_out`: the seat list names players who sit the hand out without saying so: a seat
      with no line in the hand (no post, action, cards) was not dealt in;
    - `rake_by_pot`: how the rake is spread over a main and side pots when the text does not print the pots:
      `"main_first"` (taken from the main pot first), or in proportion to their sizes, each side pot's
      share rounded down (`"proportional_down"`), to the nearest minor unit (`"proportional_nearest"`) or up
      (`"proportional_up"`),
      the main pot paying the rest; or each pot but the last its share rounded down, the last pot the rest
      (`"proportional_last_rest"`: PartyPoker); or each pot at the rate, the main pot first, until the rake
      (the cap) is taken (`"capped_main_first"`: iPoker; the rate is a rules file's schedule, and without
      one the proportional spread rounded down and every capped one are accepted);
    - `names_pots`: the pot a collected line names (`main pot`, `side pot 2`) is the pot of that all-in level
      (else the name is kept as printed and the collects are checked per player over all the pots);
    - `shows_before_uncalled`: players all-in show their cards before the uncalled bet's return line (Full
      Tilt), so a show does not close the betting round (the return, the next street or the collect does);
    - `raise_amount`: `"to"` when a raise prints the street total it raises to, `"added"` when it prints
      the chips put in by that action;
    - `decimal_point`, `thousands`: the number format of amounts (`1,234.50`);
    - `currencies`: currency symbols as printed → ISO codes;
    - `time_zones`: zone names printed after a time → IANA zones; `reference_zone`: the zone of the
      server time printed beside the local one (the most reliable time), if any;
    - `positions`: the position names its summary prints after a player's name → the seat position each
      names (`button`, `small blind`, `big blind`; None for a tag that names no position);
    - `fast_fold`: header → whether the hand was played at a fast-fold pool (no stack or button
      continuity between its hands);
    - `newest_first`: its files list hands newest first;
    - `ledger_uncalled`: `BOTH`: the site's per-player checksum (`Claims.ledgers`) counts a returned uncalled bet
      both in what the player put in and in what the player won (iPoker's `bet` and `win` attributes);
      the check (HH214) adds the replay's return to both before comparing (the net is the same);
      `PUT_IN`: in what the player put in only (iPoker clients that pay the return apart from `win`);
    - `anonymous_seats`: players are named by their seat or position for one hand only (a name in the
      next hand may be another player), so no stack or button continuity is checked between its hands,
      and `hhtool stats` never counts such a name as a person (its seats are pooled as anonymous);
    - `hero_mark`: the text that ends the name of the player who wrote the history (Bovada's ` [ME]` after
      the hero's position label): `hhtool stats` counts those seats as the hero's, whatever the label;
    - `prints_collects`: the site's text says what each winner took from the pots; False for a format
      that records only the actions and cards (PHH): a hand of it with no such claim is settled by the
      replay (the awards the cards give, no rake) and its other claims (final stacks) checked against that.
    - `marks_all_in`: every action that puts a player's last chip in says so (else an unmarked one is no
      finding, HH120; a mark on a player with chips behind still is);
    - `first_seat`: the number of a table's first seat (Chico numbers a 10-max table's seats 0 to 9).
    - `prints_later_awards`: a winner's amount in the summary is all he won; False (Chico): only his award
      from the first pot he won (the main pot first), his awards from later pots printed only as those pots'
      own lines: settle adds them to the collects of a winner whose printed amount is exactly his first
      pot's award by the cards (else the amounts are checked as printed);
    - `clockwise`: seat numbers go up clockwise, the way play goes; False where they go up counter-clockwise
      (Chico's ActionPoker and Gear Poker skins: the button on 2, the blinds on 0 and 9, the action then 8, 7,
      5…): play, the blinds, the odd chip and the button go down the numbers, 0 to the highest seat.
    - `marks_all_in_posts`: (with `marks_all_in`) posts (antes, blinds) that put a player's last chip in say
      so too; False where only the actions are marked (GGPoker: a short stack's blind of its last chips
      has no mark): such a post is all-in by the stack (no HH120, and a short post passes HH103); a marked
      post with chips behind is still HH120.
    - `raise_by_from_short_blind`: pre-flop, a raise's printed increase may be measured from a big blind posted
      short and all-in (Winamax: 795 to 1040 over an all-in big blind of 245 at 200/400); the "to" is
      trusted, and HH121 stays for an increase neither that post nor the bet to raise explains;
    - `call_completes_short_blind`: pre-flop, the bet to call stays the full big blind even when every other
      player still in is all-in for less (a short all-in big blind): a call completes it, and the excess comes
      back as an uncalled part (Winamax: paid as a side pot of its own); else the call is limited to what
      the all-in players put in.
    - `batched_folds`: a run of consecutive folds may print in any order within the run (PartyPoker folds the
      players who pre-selected a fold as a batch when the action reaches them): a run whose first k folds are
      the next k players due is accepted as that set; a fold out of turn in it does not move the turn;
    - `live_extra_small_blind`: a small blind posted from outside the small-blind seat (a returning player's)
      is live, towards the bet, as the site's later amounts count it (PartyPoker), not dead money (B4).
    - `odd_chip`: who gets a split pot's odd chips, one each, when no rules file or profile says
      (`RuleSet.odd_chip` "site"): `"left_of_button"` (S4), `"first_winner_in_seat_order"`,
      `"highest_seat_first"` (Winamax) or `"from_big_blind"` (the big blind first, clockwise: Bovada);
    - `rake_surcharge`: (first UTC day, percent): from that day the room takes that much more rake on the
      share some winners of a split pot win (PS-3: players based in Germany from 2021-07-01, 25 %), so their
      shares are smaller by it; the printed rake includes it (HH309, info); None: no such surcharge.
    - `short_live_posts`: a big blind posted out of position may be smaller than the big blind and is live at
      its own size (Bovada's `Posts chip $0.10` at $0.10/$0.25, then `Calls $0.15`); one above the big blind
      is still HH103.
    - `button_from_blinds`: the printed button may not move with the blinds (888): when the small and the big
      blind are posted by consecutive players dealt in, they are the rotation, and a printed button that does
      not fit them is one warning (HH419) instead of a wrong blind (HH101, HH102).
    - `big_blind_return_unprinted`: (with `prints_uncalled`) the site prints no return line for the big
      blind's uncalled pre-flop bet, in some hands or all (WPN: in every walk, and in its 2019 client after
      any uncalled pre-flop bet of the big blind): the replay derives that return and a missing line is no
      finding (HH202); with `uncalled_in_collected` `"either"` the won amounts and total that hold it say so.
    - `summary_names_pots`: a summary with side pots prints each pot's amount beside the total; False: it
      prints the total only, side pots or not (WPN), so a total alone for a hand whose collects name side
      pots is no finding (HH204).
    - `min_buyin_bb`: the site's minimum buy-in at its regular cash tables, in big blinds (T4, HH411), when
      the rules give none (`RuleSet.min_buyin_bb` None);
    - `table_min_buyin`: header → the minimum buy-in its table type sets, in the header's minor units (0: no
      minimum, as for play money), or None for `min_buyin_bb` (Winamax's SHORT TRACK tables name their fixed
      buy-in; a CAP table can take 20 big blinds);
    - `prints_rebuys`: its tournament hands print rebuys and add-ons; False (888): a stack that grew between
      two tournament hands is an unprinted rebuy (info HH417), only a stack that fell stays HH410;
    - `seat_label`: a regular expression of the names that label a seat, not a player (Winamax's
      `Incognito 3`): no stack continuity for them (another player may sit there next hand);
    - `hand_counter`: a regular expression whose group 1, in a hand id, counts the hands of its table
      (Winamax's `<table>-<counter>-<unix time>`): hands chain only when consecutive, and a jump is one
      warning "hands N–M missing" (HH416);
    - `moving_big_blind`: the big blind moves one dealt-in player each hand and the button follows it: it
      may stand on an empty seat or a newcomer strictly between the last button and the small blind, or
      stay when the seats between were emptied (Winamax, 888, WPN, PartyPoker, Full Tilt; T7's next-player rule is
      still accepted too);
    - `prints_addons`: its tournament hands print add-ons; False (sites that print re-buys but no add-on
      line): stacks of two or more players that grew by the same amount between two tournament
      hands (the add-on at a break) are an unprinted add-on (info HH417), not HH410.
    - `seat_places`: the seat numbers are places on a layout of this many seats whatever the table's N-max
      (iPoker: 10; a 3-max table seats 3, 6 and 10): any seat from `first_seat` on that layout is legal,
      and the header's `max_seats` stays the N-max (None: seats run over the N-max, T1).
    - `leave_folds`: a player who leaves the table during a hand has folded there; the site prints no fold
      line for him, and no summary line (Chico: `Player7 has left the table` after his small blind).
    - `ante_then_sits_out`: a player who puts in the ante and is then marked sitting out (no blind, no action)
      is out of the hand: his ante stays in the pot as dead money and no turn is his (iPoker: type 15, then
      type 9 and no cards); else a sitting-out player who puts in a post is dealt in.
    - `limit_half_bet_reopens`: fixed limit's half-bet rule: an all-in bet or raise of at least half a bet
      counts as a full one and reopens the betting for players who already acted (iPoker, PartyPoker; RULES.md
      A7, where a short all-in never reopens it, is the default); `limit_half_bet_completes`: (with it) the
      all-in counts as the full bet it falls short of, so the next raise is a bet above that (iPoker: a $0.13
      all-in river bet at $0.10/$0.20 raised to $0.40), else a bet above the all-in (PartyPoker: 790 over a
      400 bet raised to 1190).

    What a site's text always says, read by `hhtool.interchange.for_site` when another site's hand is made
    ready for its writer (each False/True below leaves another site's hand as read; the reference dialect is
    the registry's first, whose writer `hhtool generate` uses by default):

    - `describes_shows`: a show line names the hand the cards make with the board dealt so far (the
      reference dialect's: the cards then their hand's name, a single card shown unnamed): another site's show without one gets
      the site's wording of it;
    - `prints_cardless_deals`: False where a deal line always prints the cards (the reference
      dialect: a deal line for cards it shows only): another site's deal lines without cards are left out;
    - `prints_rake`: the summary always prints the rake (the reference dialect's total line, a zero rake in
      a tournament): a hand whose site printed none gets the replay's (what the pot paid nobody);
    - `prints_fees`: False where the summary has no field for a fee besides the rake (the reference dialect): another
      site's fees (GGPoker's jackpot) are said as part of the rake, the room's one take from the pot.

    A reader whose site changed a convention between client generations or eras gives the hand the name
    of its set (`Hand.conventions_variant`, one of its dialect's `variants`); `conventions(site, variant)`
    is what every layer then reads for that hand.
    """

    prints_uncalled: bool = True
    uncalled_in_collected: UncalledInCollected = UncalledInCollected.APART
    total_includes_returns: bool = False
    unmarked_sitting_out: bool = False
    rake_by_pot: RakeByPot = RakeByPot.MAIN_FIRST
    names_pots: bool = True
    shows_before_uncalled: bool = False
    raise_amount: RaiseAmount = RaiseAmount.TO
    decimal_point: str = "."
    thousands: str = ","
    currencies: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    time_zones: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    reference_zone: str | None = None
    positions: Mapping[str, str | None] = field(default_factory=lambda: MappingProxyType({}))
    fast_fold: Ref | None = None
    newest_first: bool = False
    ledger_uncalled: LedgerUncalled = LedgerUncalled.NEITHER
    anonymous_seats: bool = False
    hero_mark: str | None = None
    prints_collects: bool = True
    first_seat: int = 1
    clockwise: bool = True
    prints_later_awards: bool = True
    marks_all_in: bool = True
    marks_all_in_posts: bool = True
    raise_by_from_short_blind: bool = False
    call_completes_short_blind: bool = False
    batched_folds: bool = False
    live_extra_small_blind: bool = False
    odd_chip: OddChip = OddChip.LEFT_OF_BUTTON
    rake_surcharge: tuple[str, int] | None = None
    short_live_posts: bool = False
    button_from_blinds: bool = False
    big_blind_return_unprinted: bool = False
    summary_names_pots: bool = True
    min_buyin_bb: int = 50
    table_min_buyin: Ref | None = None
    prints_rebuys: bool = True
    seat_label: str | None = None
    hand_counter: str | None = None
    moving_big_blind: bool = False
    prints_addons: bool = True
    seat_places: int | None = None
    leave_folds: bool = False
    ante_then_sits_out: bool = False
    limit_half_bet_reopens: bool = False
    limit_half_bet_completes: bool = False
    describes_shows: bool = False
    prints_cardless_deals: bool = True
    prints_rake: bool = False
    prints_fees: bool = True

    def __post_init__(self) -> None:
        """Each mode as its member: a mode written as its value (`"to"`) is taken as that member, so that
        the rules compare members by identity; any other value (a bool of the old declarations, a typo) is
        a ValueError when the dialect is declared, not a silent default at the first hand."""
        for name, mode in _MODES:
            value = getattr(self, name)
            if type(value) is not mode:
                object.__setattr__(self, name, mode(value))


# the fields of Conventions that are one of several modes, and the enum of each
_MODES: tuple[tuple[str, type[StrEnum]], ...] = (
    ("uncalled_in_collected", UncalledInCollected),
    ("rake_by_pot", RakeByPot),
    ("raise_amount", RaiseAmount),
    ("ledger_uncalled", LedgerUncalled),
    ("odd_chip", OddChip),
)


_Describe = Callable[..., str]  # hhtool.rules.ranking.HandValue -> the site's wording of the hand
_Matches = Callable[..., bool]


class Site:
    """What the replay and the settlement know of a hand's site, given by the caller that knows its
    dialect (`hhtool.dialects.sites.hand_site`): the conventions the hand was written under (its era's or
    variant's), and the site's wording of a hand — `wording` (describe, description_matches), None where the
    dialect has none (its printed descriptions are then not checked), and `description_against` (what a
    description says of the other shown hands, PS-2), None where a description names only its own hand.

    A plain class with slots, made once per site and convention set and shared by its hands."""

    __slots__ = ("conventions", "description_against", "wording")

    def __init__(
        self,
        conventions: Conventions | None = None,
        wording: tuple[_Describe, _Matches] | None = None,
        description_against: _Matches | None = None,
    ) -> None:
        self.conventions: Conventions = conventions if conventions is not None else NO_CONVENTIONS
        self.wording = wording
        self.description_against = description_against

    def __repr__(self) -> str:
        return f"Site({self.conventions!r}, {self.wording!r}, {self.description_against!r})"


NO_CONVENTIONS: Conventions = Conventions()
"""The defaults: a site no dialect describes."""

NEUTRAL: Site = Site()
"""A site with the default conventions and no wording of its own (hands read outside any dialect)."""
