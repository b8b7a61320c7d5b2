"""Random legal Hold'em and Omaha (high, and Hi/Lo) hands, played by a small simulator and recorded in any dialect
hhtool writes.

`generate_hands(n, seed)` seats players at tables and plays hands under the rules of
shared/RULES.md: blinds and antes from the right seats, the button moving one seat a hand,
stacks carried from hand to hand (busted cash players rebuy at least 50 big blinds), legal turn
order, no-limit / pot-limit / fixed-limit bet sizes (min-raise, pot limit, the four-bet cap except
heads-up), short all-ins that do not reopen the betting, uncalled bets returned, side pots,
showdowns won by the best high hand the game allows (`showdown_value.best_high`: the best five of seven in
Hold'em, exactly two hole cards and three of the board in Omaha) with split pots and the odd chip left of the
button (in Omaha Hi/Lo a pot's high and low halves, `_award`), and the site's built-in rake schedule (no
flop no drop, caps by players dealt in). What is legal (whose turn, the call, bet and raise sizes, reopening,
the cap, the end of a round, the uncalled bet) it asks the betting core the replay uses, `hhtool.rules.betting`; it only chooses among the legal actions.

Every site (`site`: a registered dialect with a reader and a writer, `sites()`; the registry's first
by default) gets the same play: the hand is recorded in the site-neutral model, written by the site's
writer and read back by the site's reader, so that a generated Hand is what that site's reader makes
of the text, with the line numbers of its text. The site's record gives the wording of a hand value,
the time zones it prints and its rake schedules (a site hhtool ships none for is raked 0).

Deterministic: the same arguments give the same hands (all chance goes through one
`random.Random(seed)`, or the `rng` passed in, e.g. a Hypothesis `st.randoms()`).
"""

from __future__ import annotations

import importlib
import math
import os
import random
from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import datetime, timedelta
from typing import TextIO, cast

from hhtool import dialects
from hhtool.dialects import Dialect, UncalledInCollected
from hhtool.grammar import Status, parse_block
from hhtool.io import Block
from hhtool.io.replace import replacing
from hhtool.model import (
    Bet,
    BlindKind,
    Call,
    Check,
    Claims,
    Collect,
    DealHole,
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
    Seat,
    SeatSummary,
    Show,
    Source,
    Street,
    StreetStart,
)
from hhtool.model.cards import RANKS, SUITS
from hhtool.model.variant import HOLDEM, Variant
from hhtool.model.variant import VARIANTS as ALL_VARIANTS
from hhtool.rules.betting import Betting, uncalled
from hhtool.rules.hilo import halves
from hhtool.rules.pots import LARGEST_REMAINDER, PROPORTIONAL_SPREADS, Pot, side_pots, split_pot, spread_rake
from hhtool.rules.ranking import HandValue
from hhtool.rules.ruleset import RakeSchedule
from hhtool.rules.seat import PlayedSeat
from hhtool.rules.showdown_value import LowValue, best_high, best_low

__all__ = [
    "CASH_STAKES",
    "DEFAULT_SITE",
    "GAMES",
    "SITES",
    "VARIANTS",
    "default_game",
    "games_for",
    "generate_hands",
    "generate_text",
    "hand_separator",
    "recordable_limits",
    "sites",
    "variants_for",
    "write_hands",
]


def sites() -> tuple[str, ...]:
    """The sites hands can be generated for: every registered dialect with a reader and a writer."""
    return tuple(
        dict.fromkeys(d.site_name for d in dialects.dialects() if d.reader is not None and d.writer is not None)
    )


SITES = sites()
DEFAULT_SITE = SITES[0]  # the registry's first site


def site_dialect(site: str | None) -> Dialect:
    """The dialect record of a site hands are generated for (None: the default); ValueError for a
    site without a reader and a writer."""
    dialect = dialects.named(DEFAULT_SITE if site is None else site)
    if dialect is None or dialect.reader is None or dialect.writer is None:
        raise ValueError(f"site must be one of {', '.join(sites())}, not {site!r}")
    return dialect


def _wording(dialect: Dialect) -> Callable[[HandValue], str] | None:
    """The site's wording of a hand value (None: the site prints no description)."""
    return dialect.load("describe")


def _schedule(dialect: Dialect) -> RakeSchedule | None:
    """The site's built-in rake figures for a hand of any day (its dated schedules' levels together);
    None for a site hhtool ships no schedule for."""
    schedules = dialect.load("rake")() if dialect.rake is not None else ()
    convention = dialect.conventions
    if not schedules or convention.uncalled_in_collected is UncalledInCollected.INSIDE and not convention.prints_rake:
        # (iPoker: each `win` holds the player's returned bet and no rake is printed; its writer tells a win
        # holding a return from a pot share by the wins adding up to more than the pot, which a raked pot can
        # break: such a site's generated hands stay unraked)
        return None
    levels = {}
    for schedule in schedules:
        levels.update(schedule.levels)
    return replace(schedules[0], levels=levels, valid_from=None, valid_until=None)


def hand_separator(dialect: Dialect) -> str:
    """What the site writes after each hand (its record's `hand_separator`)."""
    return dialect.hand_separator


GAMES = ("nl", "pl", "fl", "mix")
_LIMITS = {"nl": Limit.NO_LIMIT, "pl": Limit.POT_LIMIT, "fl": Limit.FIXED_LIMIT}
_MIX = (Limit.NO_LIMIT, Limit.NO_LIMIT, Limit.NO_LIMIT, Limit.POT_LIMIT, Limit.FIXED_LIMIT)  # a `mix` table's draw
# Omaha is dealt pot limit mostly (issue #29: the rooms' PLO, PLO-5, PLO-6 tables), so its `mix` draws that
# most, and a hand of it whose structure is not given is pot limit.
_OMAHA_MIX = (Limit.POT_LIMIT, Limit.POT_LIMIT, Limit.POT_LIMIT, Limit.NO_LIMIT, Limit.FIXED_LIMIT)

VARIANTS = dict(ALL_VARIANTS)
"""The games hands are played in (`Header.game` words): hhtool.model.variant's, high-only and hi/lo (a pot split
into its high and low halves by `hhtool.rules.hilo.halves`, as the settlement splits it)."""


def _variant(name: str) -> Variant:
    found = VARIANTS.get(name)
    if found is None:
        raise ValueError(f"variant must be one of {', '.join(VARIANTS)}, not {name!r}")
    return found


def default_game(variant: str = "holdem") -> str:
    """The betting structure a hand of `variant` is played in when none is given: no limit for Hold'em, pot
    limit for Omaha."""
    return "nl" if variant == HOLDEM.name else "pl"


def variants_for(site: str | None = None) -> tuple[str, ...]:
    """The variants a site's hands can be generated in: those its writer module declares it writes (its
    `GAMES`, which `hhtool convert` reads too; Hold'em only when it declares none)."""
    writer = site_dialect(site).load("writer")
    written = getattr(importlib.import_module(writer.__module__), "GAMES", (HOLDEM.name,))
    return tuple(name for name in VARIANTS if name in written)


class _Unsayable(Exception):
    """A site's text cannot say a hand of this game and betting structure: its writer refuses it, its reader
    leaves it unsupported or gives back other stakes (PHH writes and reads Omaha as `PO`, pot limit, only)."""

    def __init__(self, limit: Limit) -> None:
        super().__init__(limit)
        self.limit = limit


def _stakes(header: Header) -> tuple:
    return header.limit, header.small_blind, header.big_blind, header.small_bet, header.big_bet


_RECORDABLE: dict[tuple[str, str], frozenset[Limit]] = {}


def games_for(site: str | None = None, variant: str = "holdem") -> tuple[str, ...]:
    """The `game` values a site's hands of `variant` can be generated for (`mix` draws among its structures)."""
    limits = recordable_limits(site_dialect(site).name, variant)
    return tuple(game for game in GAMES if game == "mix" or _LIMITS[game] in limits)


def recordable_limits(site: str, variant: str = "holdem") -> frozenset[Limit]:
    """The betting structures a site's hand histories can say in `variant` (a few hands of each, written by
    its writer and read by its reader, keep their game and stakes); probed once per site and variant. A
    site's reader may read a game in some structures only (PHH's `PO` is pot-limit Omaha)."""
    key = (site, variant)
    found = _RECORDABLE.get(key)
    if found is None:
        found = _RECORDABLE[key] = frozenset(limit for game, limit in _LIMITS.items() if _says(site, game, variant))
    return found


def _says(site: str, game: str, variant: str) -> bool:
    key = (site, variant)
    _RECORDABLE.setdefault(key, frozenset(_LIMITS.values()))  # while probing, every structure is tried
    try:
        for _ in generate_hands(
            3, 0, game, (2, 3), tournaments=0.0, hands_per_table=(3, 3), site=site, variant=variant
        ):
            pass
    except _Unsayable:
        return False
    finally:
        del _RECORDABLE[key]
    return True


# Cash stakes in cents as the header prints them: small/big blind (NL, PL) or small/big bet (FL,
# whose blinds are half a small bet and a small bet). Each is a level of the default site's published
# schedule (its dialect's `rake`, keyed by currency, big blind and fixed limit), so the rake of every
# cash hand is the published one.
CASH_STAKES = {
    Limit.NO_LIMIT: ((1, 2), (2, 5), (5, 10), (10, 25), (25, 50), (50, 100)),
    Limit.POT_LIMIT: ((1, 2), (5, 10), (25, 50), (50, 100)),
    Limit.FIXED_LIMIT: ((100, 200), (200, 400)),
}
# Tournament levels: small blind, big blind, ante.
_LEVELS = (
    (10, 20, 0),
    (15, 30, 0),
    (25, 50, 0),
    (50, 100, 0),
    (50, 100, 10),
    (75, 150, 15),
    (100, 200, 25),
    (150, 300, 40),
    (200, 400, 50),
    (300, 600, 75),
    (400, 800, 100),
    (500, 1000, 125),
    (600, 1200, 150),
)
_BUY_INS = ("$3.19+$0.31 USD", "$1.25+$0.25+$0.15 USD", "$10+$1 USD", "$0.98+$0.12 USD", "$27+$2.50 USD")
_ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV", "XV")
_TABLE_NAMES = (
    "Aksnes",
    "Zamenhof",
    "Liriope",
    "Ascanios",
    "Hesperia",
    "Cyllene",
    "Kalyke",
    "Praxidike",
    "Sinope",
    "Erinome",
    "Euanthe",
    "Autonoe",
    "Menippe",
    "Carpo",
    "Theodora",
    "Callirrhoe",
    "Harpalyke",
    "Lysithea",
    "Sadalbari",
    "Hypatia",
    "Pherkad",
    "Zaniah",
    "Aitne",
    "Thyone",
    "Eukelade",
    "Helike",
    "Iocaste",
    "Kallichore",
    "Megaclite",
    "Orthosie",
    "Taygete",
    "Themisto",
)
_SYLLABLES = (
    "ka",
    "ro",
    "mi",
    "zu",
    "tel",
    "an",
    "bri",
    "cor",
    "dun",
    "el",
    "fa",
    "gor",
    "hal",
    "is",
    "jor",
    "ko",
    "lin",
    "mar",
    "nor",
    "ost",
    "pel",
    "qua",
    "ras",
    "sol",
    "tor",
    "ul",
    "ven",
    "wil",
    "xa",
    "yr",
)
_SEPARATORS = ("", "", "", "_", ".", "")
_DECK = tuple(r + s for r in RANKS for s in SUITS)
_ORDINAL = {1: "st", 2: "nd", 3: "rd"}
_PREFLOP, _FLOP, _TURN, _RIVER, _SHOWDOWN = Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER, Street.SHOWDOWN
_LOCAL_ZONE = "CET"  # the zone of a client's local time when it is not the site's reference zone


_PERMUTATIONS = [math.perm(52, k) for k in range(53)]


def _deal(rng: random.Random, count: int) -> list[str]:
    """`count` cards off a shuffled deck: one uniform draw among the partial permutations, decoded
    digit by digit (a bijection, so every deal is equally likely; twice as fast as rng.sample)."""
    code = rng.randrange(_PERMUTATIONS[count])
    pool = list(_DECK)
    cards = []
    for remaining in range(52, 52 - count, -1):
        code, index = divmod(code, remaining)
        cards.append(pool.pop(index))
    return cards


def _place(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else _ORDINAL.get(n % 10, 'th')}"


# -- tables ------------------------------------------------------------------------------------
class _Tourney:
    __slots__ = ("tid", "buy_in", "level", "hands_at_level", "left", "table_no")

    def __init__(self, tid: str, buy_in: str, level: int, left: int, table_no: int) -> None:
        self.tid, self.buy_in, self.level, self.left, self.table_no = tid, buy_in, level, left, table_no
        self.hands_at_level = 0


class _Table:
    """A table session: seats (seat → [name, stack]), the button, the clock, the stakes."""

    __slots__ = (
        "name",
        "max_seats",
        "limit",
        "small",
        "big",
        "seats",
        "button",
        "hero",
        "clock",
        "zone",
        "hands_left",
        "tourney",
    )
    # set by _Generator.new_table
    name: str
    max_seats: int
    limit: Limit
    small: int
    big: int
    clock: datetime
    zone: bool  # a client in another zone than the site's reference one prints its local time first
    hands_left: int

    def __init__(self) -> None:
        self.seats: dict[int, list] = {}
        self.button: int | None = None
        self.hero: str | None = None
        self.tourney: _Tourney | None = None


def _pick_hero(table: _Table, rng: random.Random) -> str | None:
    """The player whose hole cards the history shows ('Dealt to').

    Not one whose name ends in ']': hhtool's reader takes every bracket group at the end of a
    'Dealt to' line as cards (see tests/test_generate.py::test_dealt_to_name_ending_in_brackets).
    """
    names = [entry[0] for _, entry in sorted(table.seats.items()) if not entry[0].endswith("]")]
    return rng.choice(names) if names else None


# Pieces of the names real players have (FORMATS.md 1.2): spaces, colons, brackets,
# slashes, hashes, dollar signs, dots and any script. A name is matched against the seat list.
_ODD_PREFIXES = ("", "", "/", "##", "$", "Mr. ", "Dr ", "el ", "Ø", "李")
_ODD_SUFFIXES = (
    " :P",
    " :D",
    " [x]",
    " (NL)",
    "##",
    "$$",
    ".",
    " jr.",
    " 2",
    "/7cux",
    "@T",
    "å",
    "ß",
    "_ü",
    " Von Däniken",
    " (Added Parens)",
)


class _Names:
    def __init__(self, rng: random.Random, odd: float = 0.0) -> None:
        self.rng = rng
        self.odd = odd
        self.used: set[str] = set()

    def new(self) -> str:
        rng = self.rng
        for _ in range(20):
            name = "".join(rng.choice(_SYLLABLES) for _ in range(rng.randint(2, 3)))
            if self.odd and rng.random() < self.odd:
                name = rng.choice(_ODD_PREFIXES) + name.capitalize() + rng.choice(_ODD_SUFFIXES)
                if name not in self.used:
                    self.used.add(name)
                    return name
                continue
            if rng.random() < 0.5:
                name = name.capitalize()
            if rng.random() < 0.45:
                name += rng.choice(_SEPARATORS) + str(rng.randint(1, 999))
            if name not in self.used:
                self.used.add(name)
                return name
        name = f"player{len(self.used) + 1}"  # a Random that keeps repeating itself
        while name in self.used:
            name += "_"
        self.used.add(name)
        return name


# -- the generator -----------------------------------------------------------------------------
class _Generator:
    def __init__(
        self,
        rng: random.Random,
        game: str,
        players: tuple[int, int] | int,
        tournaments: float,
        hands_per_table: tuple[int, int],
        source: str,
        first_id: int,
        start: datetime,
        odd_names: float = 0.0,
        cumulative_reopen: bool = False,
        site: str | None = None,
        variant: str = "holdem",
    ) -> None:
        self.dialect = site_dialect(site)
        self.site = self.dialect.site_name
        self.describe = _wording(self.dialect)
        conventions = self.dialect.conventions
        self.reference_zone, self.time_zones = conventions.reference_zone, conventions.time_zones
        self.variant = _variant(variant)
        if variant not in variants_for(site):
            raise ValueError(
                f"{self.site} hand histories cannot say {variant} hands (its writer does not write them); "
                f"variants for {self.site}: {', '.join(variants_for(site))}"
            )
        if game not in GAMES:
            raise ValueError(f"game must be one of {', '.join(GAMES)}, not {game!r}")
        recordable = recordable_limits(self.dialect.name, variant)
        if game != "mix" and _LIMITS[game] not in recordable:
            raise ValueError(
                f"{site} hand histories cannot say {game} {variant} hands (its writer refuses them or its reader "
                f"does not give back their stakes); games for {site}: {', '.join(games_for(site, variant))}"
            )
        self.mix = tuple(limit for limit in (_MIX if self.variant is HOLDEM else _OMAHA_MIX) if limit in recordable)
        low, high = (players, players) if isinstance(players, int) else players
        if not 2 <= low <= high <= 10:
            raise ValueError(f"players must be a range within 2..10, not {players!r}")
        most = (52 - 5) // self.variant.hole_cards  # one deck: 9 players of 5-card Omaha, 7 of 6-card
        if low > most:
            raise ValueError(f"{variant} deals {self.variant.hole_cards} cards each: at most {most} players, not {low}")
        high = min(high, most)  # (the default 2..9 range fits every game this way)
        if not 1 <= hands_per_table[0] <= hands_per_table[1]:
            raise ValueError(f"hands_per_table must be a range of at least 1 hand, not {hands_per_table!r}")
        if not 0.0 <= tournaments <= 1.0:
            raise ValueError(f"tournaments is a share between 0 and 1, not {tournaments!r}")
        self.rng = rng
        self.game = game
        self.players = (low, high)
        self.tournaments = tournaments
        self.hands_per_table = hands_per_table
        self.source = Source(source, 1, 1)
        self.next_id = first_id
        self.clock = start
        self.names = _Names(rng, odd_names)
        self.cumulative_reopen = cumulative_reopen
        self.schedule = _schedule(self.dialect)
        self.writer = self.dialect.load("writer")
        self.table_counter = rng.randrange(len(_TABLE_NAMES) * len(_ROMAN))
        self.table_names: set[str] = set()  # a table's hands chain (stacks, button): names never repeat
        self.table: _Table | None = None

    # -- tables --------------------------------------------------------------------------------
    def _limit(self) -> Limit:
        if self.game == "mix":
            return self.rng.choice(self.mix)
        return _LIMITS[self.game]

    def new_table(self) -> _Table:
        rng = self.rng
        table = _Table()
        table.limit = self._limit()
        count = rng.randint(*self.players)
        self.table_counter += 1
        index = self.table_counter
        tournament = rng.random() < self.tournaments
        if tournament:
            table.max_seats = 10 if count == 10 else 9
            tid = str(rng.randint(1_000_000_000, 3_999_999_999))
            level = rng.randrange(len(_LEVELS) - 3)
            table.tourney = _Tourney(
                tid, rng.choice(_BUY_INS), level, rng.randint(count + 10, 3000), rng.randint(1, 400)
            )
            while f"{tid} {table.tourney.table_no}" in self.table_names:
                table.tourney.table_no += 1
            table.name = f"{tid} {table.tourney.table_no}"
            big = _LEVELS[level][1]
            stacks = [rng.randint(15, 120) * big + rng.randrange(big) for _ in range(count)]
        else:
            if count == 2 and rng.random() < 0.6:
                table.max_seats = 2
            else:
                table.max_seats = 6 if count <= 6 else (9 if count <= 9 else 10)
            table.name = self._cash_table_name(index)
            table.small, table.big = rng.choice(CASH_STAKES[table.limit])
            big = self._big_blind(table)
            stacks = [self._buy_in(big) for _ in range(count)]
        self.table_names.add(table.name)
        for seat, stack in zip(sorted(rng.sample(range(1, table.max_seats + 1), count)), stacks):
            table.seats[seat] = [self.names.new(), stack]
        table.hero = _pick_hero(table, rng)
        table.zone = rng.random() < 0.5
        table.hands_left = rng.randint(*self.hands_per_table)
        self.clock += timedelta(seconds=rng.randint(60, 4 * 3600))
        table.clock = self.clock
        return table

    def _cash_table_name(self, index: int) -> str:
        """'Aksnes II': a name and a Roman number; past the 480 of those, with a number after them."""
        names, romans = len(_TABLE_NAMES), len(_ROMAN)
        while True:
            name = f"{_TABLE_NAMES[index % names]} {_ROMAN[(index // names) % romans]}"
            rounds = index // (names * romans)
            if rounds:  # the next round of names: 'Aksnes II 2', …
                name += f" {rounds + 1}"
            if name not in self.table_names:
                self.table_counter = index
                return name
            index += 1

    def _buy_in(self, big: int) -> int:
        rng = self.rng
        roll = rng.random()
        if roll < 0.5:
            return 100 * big
        if roll < 0.85:
            return rng.randint(50, 150) * big + rng.randrange(big)
        return rng.randint(150, 250) * big + rng.randrange(big)

    @staticmethod
    def _big_blind(table: _Table) -> int:
        return table.small if table.limit is Limit.FIXED_LIMIT else table.big

    def _between_hands(self, table: _Table) -> None:
        """Rebuys and top-ups (cash), eliminations and newcomers (tournament), blinds going up."""
        rng = self.rng
        tourney = table.tourney
        if tourney is None:
            big = self._big_blind(table)
            for entry in table.seats.values():
                if entry[1] == 0:
                    entry[1] = self._buy_in(big)  # T4: at least 50 big blinds
                elif entry[1] < 50 * big and rng.random() < 0.1:
                    entry[1] = 100 * big
            return
        for seat in [s for s, entry in table.seats.items() if entry[1] == 0]:
            del table.seats[seat]
            if rng.random() < 0.7:  # a player moved in from a broken table takes the seat
                big = _LEVELS[tourney.level][1]
                table.seats[seat] = [self.names.new(), rng.randint(10, 100) * big + rng.randrange(big)]
        if table.hero not in {entry[0] for entry in table.seats.values()} and table.seats:
            table.hero = _pick_hero(table, rng)
        tourney.hands_at_level += 1
        if tourney.hands_at_level >= 12 and tourney.level < len(_LEVELS) - 1:
            tourney.level += 1
            tourney.hands_at_level = 0

    # -- hands ---------------------------------------------------------------------------------
    def hands(self, n: int) -> Iterator[Hand]:
        for _ in range(n):
            table = self.table
            if table is not None:
                self._between_hands(table)
            if table is None or table.hands_left <= 0 or len(table.seats) < 2:
                table = self.table = self.new_table()
            table.hands_left -= 1
            table.clock += timedelta(seconds=self.rng.randint(15, 150))
            hand_id = self.next_id
            self.next_id += self.rng.randint(1, 3)
            hand = _HandPlay(self, table, hand_id).play()
            yield self._as_read(hand)

    def _as_read(self, hand: Hand) -> Hand:
        """The hand as the site's reader reads the site's writer's text of it (its summary lines in the
        writer's words): what a generated hand of that site is."""
        try:
            text = self.writer(hand)
        except (KeyError, ValueError):  # a writer's refusal (hhtool.interchange): no words for the game
            raise _Unsayable(hand.header.limit) from None
        result = parse_block(Block(self.source.file, 1, 1, self.dialect.name, text))
        read = result.hand
        if result.status is Status.UNSUPPORTED:
            raise _Unsayable(hand.header.limit)
        if result.status is not Status.PARSED or read is None:  # the writer and the reader disagree: a bug
            raise AssertionError(
                f"{self.dialect.name} cannot read back its writer's text of hand "
                f"{hand.header.hand_id}: {[f.as_dict() for f in result.findings]}"
            )
        if read.header.game != hand.header.game:  # a writer that says it writes the game: a bug
            raise AssertionError(f"{self.dialect.name} reads back {read.header.game!r} for {hand.header.game!r}")
        if _stakes(read.header) != _stakes(hand.header):
            raise _Unsayable(hand.header.limit)
        return read


class _HandPlay:
    """One hand at a table: deal, bet, settle; records the events with their line numbers."""

    def __init__(self, gen: _Generator, table: _Table, hand_id: int) -> None:
        self.gen = gen
        self.rng = gen.rng
        self.table = table
        self.hand_id = hand_id
        tourney = table.tourney
        self.limit = table.limit
        if tourney is not None:
            small_blind, big_blind, self.ante = _LEVELS[tourney.level]
            if self.limit is Limit.FIXED_LIMIT:  # header stakes are the small and big bet
                small, big = big_blind, 2 * big_blind
            else:
                small, big = small_blind, big_blind
            self.scale, self.currency = 1, "chips"
        else:
            small, big = table.small, table.big
            self.ante = 0
            self.scale, self.currency = 100, "USD"
        if self.limit is Limit.FIXED_LIMIT:  # as the reader derives them from the header
            self.sb, self.bb, self.small_bet, self.big_bet = small // 2, small, small, big
        else:
            self.sb, self.bb, self.small_bet, self.big_bet = small, big, big, big
        self.fixed = self.limit is Limit.FIXED_LIMIT
        self.events: list = []
        self.line = 0
        # the betting state: the betting core's, as the replay's
        self.betting = Betting(self.limit, self.bb, self.small_bet, self.big_bet)
        self.street = _PREFLOP
        self.round_heads_up = False
        self.frozen = False
        self.aggressor: PlayedSeat | None = None
        self.aggressor_this_round: PlayedSeat | None = None
        self.raises = 0
        self.lows: dict[str, LowValue | None] = {}  # a hi/lo hand's best lows at showdown, by player

    # -- helpers -------------------------------------------------------------------------------
    def emit(self, cls, *args) -> None:
        self.events.append(cls(self.line, *args))
        self.line += 1

    def put(self, p: PlayedSeat, amount: int, live: bool = True) -> bool:
        p.stack -= amount
        p.total += amount
        self.pot_total += amount
        if live:
            p.street += amount
        if p.stack == 0 and not p.all_in:
            p.all_in = True
            self.n_active -= 1
        return p.stack == 0

    def owed(self, p: PlayedSeat) -> int:
        """What p must add (the betting core's `to_call`)."""
        return self.betting.to_call(p, self.order)

    def fold(self, p: PlayedSeat) -> None:
        p.folded = True
        p.folded_on = self.street
        self.n_live -= 1
        self.n_active -= 1
        self.emit(Fold, p.name, ())

    def live(self) -> list[PlayedSeat]:
        return [p for p in self.order if not p.folded]

    # -- the hand ------------------------------------------------------------------------------
    def play(self) -> Hand:
        rng, table = self.rng, self.table
        seats = sorted(table.seats.items())
        self.order = order = [PlayedSeat(name, seat, stack) for seat, (name, stack) in seats]
        self.n_live = self.n_active = len(order)
        self.pot_total = 0
        # T7: the button moves to the next player clockwise; a new table draws it
        if table.button is None:
            button = rng.choice(order).seat
        else:
            following = [p.seat for p in order if p.seat > table.button]
            button = following[0] if following else order[0].seat
        table.button = self.button = button
        left = [p for p in order if p.seat > button] + [p for p in order if p.seat <= button]
        self.left = left
        self.button_player = left[-1]
        heads_up = len(order) == 2
        sb_player, bb_player = (left[-1], left[0]) if heads_up else (left[0], left[1])
        # header, table and seat lines
        header = self._header(table)
        self.line = 3
        seat_records = []
        for p in order:
            seat_records.append(Seat(p.seat, p.name, p.start, self.line))
            self.line += 1
        # antes, then blinds (B1, B2, B3)
        if self.ante:
            for p in order:
                amount = min(self.ante, p.stack)
                self.emit(PostAnte, p.name, amount, self.put(p, amount, live=False))
        posted = {}
        for p, kind, amount in ((sb_player, BlindKind.SMALL, self.sb), (bb_player, BlindKind.BIG, self.bb)):
            if p.stack > 0:
                amount = min(amount, p.stack)
                self.emit(PostBlind, p.name, kind, amount, self.put(p, amount))
                p.paid = True
                posted[p.name] = kind
        self.posted = posted
        self.sb_player, self.bb_player = sb_player, bb_player
        # deal
        n, holes = len(order), self.gen.variant.hole_cards
        deck = _deal(rng, holes * n + 5)
        for i, p in enumerate(order):  # one card a round to each player, as dealt
            p.cards = tuple(deck[i + k * n] for k in range(holes))
        board = tuple(deck[-5:])
        self.emit(StreetStart, _PREFLOP, 0, ())
        hero = next((p for p in order if p.name == table.hero), None)
        if hero is not None:
            self.emit(DealHole, hero.name, hero.cards)
        # betting rounds
        self.betting.start_preflop(order)
        first = left[-1] if heads_up else None
        cursor = self._before(first) if first is not None else bb_player
        self._round(cursor)
        dealt = 0
        for street, size in ((_FLOP, 3), (_TURN, 4), (_RIVER, 5)):
            if self.n_live <= 1:
                break
            self.street = street
            self.emit(StreetStart, street, 0, board[:size])
            dealt = size
            self.betting.start_street(street, order)
            for p in order:
                p.can_raise = True
            self._round(self.button_player)
        return self._settle(header, seat_records, board[:dealt], hero)

    def _before(self, player: PlayedSeat) -> PlayedSeat:
        before = [p for p in self.order if p.seat < player.seat]
        return before[-1] if before else self.order[-1]

    def _header(self, table: _Table) -> Header:
        time = table.clock
        tourney = table.tourney
        # the table's clock is the site's reference time (its server's) when the site prints one; a client
        # in another zone prints its local time first (a European one: CET, six hours on)
        reference = self.gen.reference_zone
        server = time if reference is not None else None
        zone: str | None
        if table.zone and reference is not None and _LOCAL_ZONE in self.gen.time_zones:
            zone, local = _LOCAL_ZONE, time + timedelta(hours=6)
        else:
            zone, local = reference, time
        level = None
        if tourney is not None:
            level = f"Level {_ROMAN[tourney.level] if tourney.level < len(_ROMAN) else 'XX'}"
        return Header(
            site=self.gen.site,
            hand_id=str(self.hand_id),
            game=self.gen.variant.name,
            limit=self.limit,
            small_blind=self.sb,
            big_blind=self.bb,
            small_bet=self.small_bet,
            big_bet=self.big_bet,
            currency=self.currency,
            scale=self.scale,
            time=local,
            time_zone=zone,
            time_utc=None,  # the reader's
            server_time=server,
            table=table.name,
            max_seats=table.max_seats,
            button_seat=self.button,
            tournament_id=tourney.tid if tourney else None,
            buy_in=tourney.buy_in if tourney else None,
            level=level,
        )

    # -- betting -------------------------------------------------------------------------------
    def _round(self, cursor: PlayedSeat) -> None:
        """One betting round, in turn order from the player after `cursor` (A1, A3): the betting core
        says who is to act and when the round is complete."""
        order = self.order
        n = len(order)
        rotations = [order[i + 1 :] + order[: i + 1] for i in range(n)]  # the players after order[i]
        index = order.index(cursor)
        betting = self.betting
        self.round_heads_up = self.n_live == 2
        self.frozen = False
        self.aggressor_this_round = None
        self.raises = 0
        acted_any = False
        while True:
            player = cast(PlayedSeat | None, betting.waiting_for(rotations[index], order, self.n_live, self.n_active))
            if player is None:
                break
            index = order.index(player)
            self._act(player)
            player.acted = True
            player.acted_at = betting.high
            acted_any = True
        if acted_any and self.aggressor_this_round is not None:
            self.aggressor = self.aggressor_this_round
        elif acted_any:
            self.aggressor = None
        self._return_uncalled()

    def _return_uncalled(self) -> None:
        """P2: the part of the top bet nobody matched goes back to the bettor."""
        top, amount = uncalled(self.order)
        if top is None or amount <= 0:
            return
        if self.betting.returned(top, amount):
            self.n_active += 1
        self.pot_total -= amount
        self.emit(ReturnUncalled, top.name, amount)

    def _act(self, p: PlayedSeat) -> None:
        rng = self.rng
        betting = self.betting
        owed = self.owed(p)
        others_active = self.n_active > 1
        # fixed limit: the four-bet cap (lifted in a round that starts heads-up); no raise after a short
        # all-in (see _aggress)
        cap_ok = not self.fixed or (not betting.capped(heads_up=self.round_heads_up) and not self.frozen)
        can_raise = p.can_raise or (self.gen.cumulative_reopen and not self.fixed and betting.may_raise(p))
        can_aggress = others_active and can_raise and p.stack > owed and cap_ok
        preflop = self.street is _PREFLOP
        if owed == 0:
            bet_chance = 0.45 if not preflop else 0.3
            if not (can_aggress and rng.random() < bet_chance / (1 + self.raises) and self._aggress(p)):
                self.emit(Check, p.name)
            return
        # facing a bet: fold, call or raise
        pot = self.pot_total
        if preflop and betting.bets == 1:
            fold = 0.55 if p is not self.sb_player else 0.35
        else:
            fold = min(0.75, 0.25 + 0.5 * owed / max(pot, 1))
        if p.stack <= owed:
            fold = max(fold, 0.4)
        roll = rng.random()
        if roll < fold:
            self.fold(p)
            return
        if can_aggress and roll < fold + 0.22 / (1 + self.raises) and self._aggress(p):
            return
        added = min(owed, p.stack)
        p.paid = True
        self.emit(Call, p.name, added, self.put(p, added), False)

    def _aggress(self, p: PlayedSeat) -> bool:
        """A bet (nothing to call yet) or a raise, sized for the betting structure (A4, A5, A6).

        Where the rules are read differently (the raise after an all-in bet smaller than the big blind,
        any raise after a short all-in in fixed limit), only what every reading allows is played:
        no-limit raises over such a bet go to at least two big blinds, and fixed-limit betting is
        only called after a short all-in. False when no legal raise fits (pot limit): the caller calls.
        """
        rng, betting = self.rng, self.betting
        high = betting.high
        most = p.street + p.stack  # all-in: the street total the player can reach
        pot = self.pot_total
        round_to = max(1, self.bb // 10)
        if self.fixed:
            target = min(high + betting.unit(), most)
        else:
            minimum = betting.min_raise_to()
            if 0 < high < self.bb:  # over an all-in bet below the minimum bet
                minimum = max(minimum, 2 * self.bb)
            owed = high - p.street
            maximum = betting.max_raise_to(p, pot) if betting.pot_limited() else most
            roll = rng.random()
            short = most <= 15 * self.bb
            if roll < (0.35 if short else 0.05) or most <= minimum:
                target = most
            elif roll < 0.2:
                target = minimum
            elif self.street is _PREFLOP and high == self.bb and betting.bets == 1:
                callers = sum(1 for o in self.order if o.street >= self.bb and o is not p and o is not self.bb_player)
                target = int(self.bb * rng.choice((2, 2.5, 3, 3, 3.5, 4))) + callers * self.bb
            else:
                fraction = rng.choice((0.33, 0.5, 0.5, 0.66, 0.75, 0.75, 1.0, 1.0, 1.25))
                target = high + int((pot + owed) * fraction)
            target -= target % round_to if target not in (most, minimum) else 0
            target = max(target, minimum)
            target = min(target, maximum, most)
            if target < minimum and target != most:
                return False
        added = target - p.street
        increment = target - high
        all_in = self.put(p, added)
        p.paid = True
        if high == 0:
            self.emit(Bet, p.name, added, all_in, False)
        else:
            posted = max((o.street for o in self.order if o is not p), default=0)
            self.emit(RaiseTo, p.name, target - posted, target, all_in, False)
        # A7: a full bet or raise reopens the betting; a short all-in one does not for those who acted.
        # The generator plays the strictest reading: after a short all-in, those who acted may not raise
        # again (unless cumulative_reopen: the raises adding up, the core's may_raise), and in fixed limit
        # nobody raises any more.
        full = betting.full_raise(increment)
        for o in self.order:
            if o is not p:
                if full:
                    o.can_raise = True
                elif o.acted:
                    o.can_raise = False
        betting.raised(p, increment, self.order)
        self.raises += 1
        self.aggressor_this_round = p
        if not full and self.fixed:
            self.frozen = True
        if self.fixed and betting.capped(heads_up=self.round_heads_up):  # the bet that reached the cap
            self.emit(Notice, NoticeKind.BETTING_CAPPED, None, "Betting is capped")
        return True

    # -- end of hand ---------------------------------------------------------------------------
    def _rake(self, total: int, saw_flop: bool) -> int:
        if self.table.tourney is not None or not saw_flop:
            return 0
        schedule = self.gen.schedule
        if schedule is None:  # a site hhtool ships no rake schedule for
            return 0
        level = schedule.level_for(self.currency, self.bb, self.fixed)
        return schedule.due(level, total, len(self.order)) if level is not None else 0

    def _split(self, amount: int, winners: list[PlayedSeat]) -> dict[str, int]:
        """A pot's shares, the odd chips by S4 as the site applies it (`Conventions.odd_chip`), so that its
        reader's replay agrees; in the order of the odd chips."""
        button = self.button or 0
        rule = dialects.conventions(self.gen.site).odd_chip
        big = self.bb_player.seat if self.posted.get(self.bb_player.name) == BlindKind.BIG else 0
        return split_pot(amount, [(p.name, p.seat) for p in winners], rule, button, big)

    def _settle(self, header: Header, seats: list[Seat], board: tuple[str, ...], hero: PlayedSeat | None) -> Hand:
        order = self.order
        live = self.live()
        total = self.pot_total
        rake = self._rake(total, len(board) >= 3)
        pots = side_pots(order, live)  # as the replay computes them
        gross = [pot.amount for pot in pots]
        spread = dialects.conventions(self.gen.site).rake_by_pot
        # the site's own spread where it is proportional (888-1); else the site prints its pots
        nets = spread_rake(gross, rake, spread if spread in PROPORTIONAL_SPREADS else LARGEST_REMAINDER)
        single = len(pots) == 1
        if len(live) == 1:  # S5: the last player wins without showing
            winner = live[0]
            for index, net in enumerate(nets):
                winner.won += net
                self.emit(Collect, winner.name, net, None if single else index)
            self.emit(Muck, winner.name, False)
        else:  # the streets were dealt out to the river (an all-in one without betting)
            self.emit(StreetStart, _SHOWDOWN, 0, ())
            self._showdown(live, pots, nets, board, single)
        self._eliminations()
        # summary
        self.line += 1  # the summary's marker line
        total_line = self.line
        self.line += 1
        boards: tuple[tuple[str, ...], ...] = ()
        board_lines: tuple[int, ...] = ()
        if board:
            boards, board_lines = (board,), (self.line,)
            self.line += 1
        main, sides = (None, ()) if single else (nets[0], tuple(nets[1:]))
        claims_seats = []
        for p in order:
            claims_seats.append(self._seat_summary(p, hero, len(live) == 1))
            self.line += 1
        claims = Claims(total_line, total, main, sides, rake, 1, boards, board_lines, tuple(claims_seats))
        # carry the stacks over (T3)
        for p in order:
            self.table.seats[p.seat][1] = p.stack + p.won
        return Hand(header, tuple(seats), tuple(self.events), claims, self.gen.source, self.line - 1, 0)

    def _showdown(
        self, live: list[PlayedSeat], pots: list[Pot], nets: list[int], board: tuple[str, ...], single: bool
    ) -> None:
        """S6 show order, S3 side pots first, S4 split with the odd chip left of the button; in a hi/lo game
        each pot's high and low halves (`_award`)."""
        rng = self.rng
        variant = self.gen.variant
        lows = self.lows
        for p in live:
            p.value = best_high(variant, p.cards, board)
            if variant.hi_lo:
                lows[p.name] = best_low(variant, p.cards, board)
        first = self.aggressor if self.aggressor is not None and not self.aggressor.folded else None
        if first is None:
            first = next(p for p in self.left if not p.folded)
        n = len(self.order)
        start = self.order.index(first)
        show_order = [self.order[(start + k) % n] for k in range(n) if not self.order[(start + k) % n].folded]
        everyone_shows = not single or any(p.all_in for p in live)
        best: HandValue | None = None
        best_low_shown: LowValue | None = None
        seated = {p.name: p for p in live}
        for index in range(len(pots) - 1, -1, -1):
            eligible = [seated[name] for name in pots[index].eligible]
            for p in show_order:
                if p in eligible and not p.showed and not p.mucked:
                    low = lows.get(p.name)
                    beaten = best is not None and _value(p) < best
                    if beaten and low is not None:  # a hi/lo hand is beaten only if its low is too (or it has none)
                        beaten = best_low_shown is not None and best_low_shown < low
                    if not everyone_shows and beaten and rng.random() < 0.75:
                        p.mucked = True
                        self.emit(Muck, p.name, True)
                    else:
                        p.showed = True
                        best = _value(p) if best is None or _value(p) > best else best
                        if low is not None and (best_low_shown is None or low < best_low_shown):
                            best_low_shown = low
                        self.emit(Show, p.name, p.cards, self._describe(p))
            contenders = [p for p in eligible if p.showed]
            self._award(index, nets[index], eligible, contenders, single)

    def _award(
        self, index: int, amount: int, eligible: list[PlayedSeat], contenders: list[PlayedSeat], single: bool
    ) -> None:
        """A pot's collect lines. Hi/lo (hhtool.rules.settle's split): with a qualifying low, the high half (the
        odd chip with it) to the best high hands and the low half to the best lows, high lines first; the
        same players winning both split it as one, a lone winner on two lines (the corpus's hi/lo scoops are
        collected twice, a half a line); no low: the high hands scoop, and a `No low hand qualified` notice
        follows (the writers of sites that print none leave it out)."""
        pot = None if single else index
        if len(eligible) == 1:
            winners = list(eligible)
        else:
            top = max(_value(p) for p in contenders)
            winners = [p for p in contenders if p.value == top]
        low_winners: list[PlayedSeat] = []
        if self.gen.variant.hi_lo and len(eligible) > 1:
            lows = {p.name: value for p in contenders if (value := self.lows.get(p.name)) is not None}
            if lows:
                best = min(lows.values())
                low_winners = [p for p in contenders if lows.get(p.name) == best]
        shares: list[tuple[str, int]] = []
        if low_winners and set(low_winners) != set(winners):
            high, low = halves(amount)
            shares = [*self._split(high, winners).items(), *self._split(low, low_winners).items()]
        elif low_winners:
            for name, share in self._split(amount, winners).items():
                shares.extend((name, half) for half in halves(share) if half)
        else:
            shares = list(self._split(amount, winners).items())
        seated = {p.name: p for p in eligible}
        for name, share in shares:
            seated[name].won += share
            self.emit(Collect, name, share, pot)
        if self.gen.variant.hi_lo and len(eligible) > 1 and not low_winners:
            self.emit(Notice, NoticeKind.NO_LOW_HAND, None, "No low hand qualified")

    def _eliminations(self) -> None:
        tourney = self.table.tourney
        if tourney is None:
            return
        busted = [p for p in self.order if p.stack + p.won == 0]
        for p in sorted(busted, key=lambda p: (p.start, -p.seat)):  # the shorter stack finishes lower
            self.emit(
                Notice, NoticeKind.FINISHED, p.name, f"{p.name} finished the tournament in {_place(tourney.left)} place"
            )
            tourney.left = max(2, tourney.left - 1)

    def _seat_summary(self, p: PlayedSeat, hero: PlayedSeat | None, uncontested: bool) -> SeatSummary:
        """The summary line of a seat, as fields (the site's writer words it)."""
        positions: tuple[str, ...] = ()
        if p.seat == self.button:
            positions = ("button",)
        kind = self.posted.get(p.name)
        if kind is not None:
            positions += ("small blind" if kind is BlindKind.SMALL else "big blind",)
        if p.folded:
            didnt_bet = p.folded_on is _PREFLOP and not p.paid
            return SeatSummary(self.line, p.seat, p.name, positions, "folded", p.folded_on, didnt_bet)
        if uncontested:
            return SeatSummary(
                self.line, p.seat, p.name, positions, "collected", None, False, (), (Outcome(True, p.won, None),)
            )
        if p.mucked:
            cards = p.cards if p is hero else ()
            return SeatSummary(self.line, p.seat, p.name, positions, "mucked", None, False, cards)
        outcome = Outcome(True, p.won, self._describe(p)) if p.won else Outcome(False, None, self._describe(p))
        return SeatSummary(self.line, p.seat, p.name, positions, "showed", None, False, p.cards, (outcome,))

    def _describe(self, p: PlayedSeat) -> str | None:
        """The site's words for the hand; a hi/lo hand's in the `HI: …; LO: …` form (`hhtool.rules.hilo`), `HI: …`
        alone without a qualifying low."""
        describe = self.gen.describe
        if describe is None:
            return None
        if not self.gen.variant.hi_lo:
            return describe(_value(p))
        low = self.lows.get(p.name)
        return f"HI: {describe(_value(p))}" + (f"; LO: {low.words}" if low is not None else "")


def _value(p: PlayedSeat) -> HandValue:
    """The value of a player's hand, evaluated at the showdown (`PlayedSeat.value` is typed `object`)."""
    return cast(HandValue, p.value)


# -- API ---------------------------------------------------------------------------------------
def generate_hands(
    n: int,
    seed: int = 0,
    game: str | None = None,
    players: tuple[int, int] | int = (2, 9),
    *,
    tournaments: float = 0.15,
    hands_per_table: tuple[int, int] = (5, 60),
    rng: random.Random | None = None,
    source: str = "generated",
    start: datetime | None = None,
    odd_names: float = 0.0,
    cumulative_reopen: bool = False,
    site: str | None = None,
    variant: str = "holdem",
) -> Iterator[Hand]:
    """Play `n` random legal hands and yield them as Hands of `site` (line numbers as in its text).

    game: "nl", "pl", "fl" or "mix" (a limit drawn per table); None: `default_game(variant)`, no limit
    for Hold'em, pot limit for Omaha, or the first structure the site says the game in (PHH's hi/lo: fixed
    limit). players: the range of players seated at a new table (2..10), or one number; no more than one
    deck deals the variant's hole cards to (7 in 6-card Omaha, 9 in 5-card). tournaments: the share of new
    tables that are tournament tables (chips, levels with antes, Rake 0, eliminations); the others are USD
    cash tables at stakes from CASH_STAKES, raked by the site's built-in schedule. hands_per_table: how
    many hands a table session lasts before a new table opens. rng: any `random.Random` (e.g. Hypothesis'
    `st.randoms()`) to drive every decision instead of `random.Random(seed)`. odd_names: the share of players whose
    names have spaces, colons, brackets, `$`, `#` or non-Latin letters, as real names do. start:
    the time of the first table (default: drawn from the seed). cumulative_reopen: play the TDA
    reading of A7 (no-limit, pot-limit), where several short all-in raises that add up to a full
    raise reopen the betting for a player who already acted; off by default, where only a single
    full raise reopens it. site: the dialect the hands are recorded in (`sites()`; the play does not
    depend on it). variant: the game (`VARIANTS`: "holdem", "omaha", "omaha5", "omaha6", "omaha_hilo",
    "omaha5_hilo"), one the site's writer writes (`variants_for(site)`). Same arguments, same hands.
    """
    rng = rng if rng is not None else random.Random(seed)
    if start is None:
        start = datetime(2014, 1, 1) + timedelta(days=rng.randrange(3650), seconds=rng.randrange(86400))
    first_id = 100_000_000_000 + (seed % 9000) * 10_000_000 if seed >= 0 else 100_000_000_000
    first_id += rng.randrange(1000)
    if game is None:
        game = default_game(variant)
        if variant in variants_for(site) and _LIMITS[game] not in recordable_limits(site_dialect(site).name, variant):
            game = games_for(site, variant)[0]  # a site that says the game in other structures only (PHH's FO/8)
    generator = _Generator(
        rng,
        game,
        players,
        tournaments,
        hands_per_table,
        source,
        first_id,
        start,
        odd_names,
        cumulative_reopen,
        site,
        variant,
    )
    return generator.hands(n)  # not a generator itself: bad arguments raise here, before any hand


def generate_text(
    n: int,
    seed: int = 0,
    game: str | None = None,
    players: tuple[int, int] = (2, 9),
    site: str | None = None,
    **options,
) -> Iterator[str]:
    """As generate_hands, each hand written by the site's writer (ending with one newline); bad
    arguments raise ValueError at the call, as generate_hands'."""
    writer = site_dialect(site).load("writer")
    return (writer(hand) for hand in generate_hands(n, seed, game, players, site=site, **options))


def write_hands(
    path: str | os.PathLike | TextIO,
    n: int,
    seed: int = 0,
    game: str | None = None,
    players: tuple[int, int] = (2, 9),
    site: str | None = None,
    **options,
) -> int:
    """Write `n` generated hands to `path` (or an open text stream) the way the site writes a file
    (UTF-8; the site's blank lines after each hand, oldest first; a site whose files list hands
    newest first gets them in that order); returns the number of hands written. The arguments are
    checked before the file is opened, and a file is written whole or left as it was
    (`hhtool.io.replace`): a bad argument or an interrupted run never empties it."""
    texts = generate_text(n, seed, game, players, site, **options)
    if hasattr(path, "write"):
        return _write_text(cast(TextIO, path), texts, site)
    with replacing(path) as out:
        return _write_text(out, texts, site)


def _write_text(out: TextIO, texts: Iterator[str], site: str | None) -> int:
    dialect = site_dialect(site)
    separator = hand_separator(dialect)
    if dialect.conventions.newest_first:  # the whole file is held to be written backwards
        texts = reversed(list(texts))
    count = 0
    for text in texts:
        out.write(text)
        out.write(separator)
        count += 1
    return count
