"""Site dialects: one `Dialect` record per site, and the one registry the generic layers ask.

A site is a package `hhtool/dialects/<site>/` whose `DIALECT` describes it (how its header is
recognised, where its hand number is, its grammar, its reader, writer, hand-description wording,
built-in rake schedules and its conventions as data), plus its grammar `grammar/<site>.lark`, plus
its line in `BUILT_INS` below. Nothing else in hhtool names a site: splitting (`hhtool.io.split`),
planning (`hhtool.engine.plan`), parsing (`hhtool.grammar.parse`) and the pipeline dispatch on
`Block.dialect` through this registry (`REGISTRY`, a `Registry`; the module-level `register`, `get`,
`conventions` … are its methods). A site package imports no other site's package: what sites share
is in site-neutral modules here (`textreader`, `hand_names`, `street_money`, `returns`).

Sites whose hands hhtool cannot read yet are header-only records (`HEADER_ONLY`): their hands are
still split apart, named (site, hand id) and counted `unsupported` (HH021), never lost.

The code a record points at (reader, writer, wording, rake) is given as a callable or as a
`"module:name"` string loaded on first use, so that the lowest layers (the splitter) can import
the registry without importing every reader.
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from types import MappingProxyType
from typing import Any, Literal

from hhtool.model.clock import to_utc

Ref = Callable[..., Any] | str
"""A callable, or `"package.module:name"` naming one (imported when first used)."""

# `Conventions.rake_by_pot` and `Conventions.odd_chip` (the values hhtool.rules.settle knows)
RakeByPot = Literal[
    "main_first",
    "proportional_down",
    "proportional_nearest",
    "proportional_up",
    "proportional_last_rest",
    "capped_main_first",
]
OddChip = Literal["left_of_button", "first_winner_in_seat_order", "highest_seat_first", "from_big_blind"]


@dataclass(frozen=True, slots=True)
class Conventions:
    """What a site's text means beyond its words: the facts the neutral layers need to read it right.

    - `prints_uncalled`: the site prints the return of an uncalled bet (else the replay derives it and a
      missing return line is no finding);
    - `uncalled_in_collected`: (with `prints_uncalled` False) the returned chips are inside the bettor's
      printed `collected` amount (and the summary's won amount), not a line of their own; `"either"`: in
      some hands only (they are read as inside when the collected amounts add up to more than the pot);
    - `total_includes_returns`: (with `uncalled_in_collected`) the summary's total pot counts the returned
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
    - `ledger_uncalled`: the site's per-player checksum (`Claims.ledgers`) counts a returned uncalled bet
      both in what the player put in and in what the player won (iPoker's `bet` and `win` attributes);
      the check (HH214) adds the replay's return to both before comparing (the net is the same);
      `"put_in"`: in what the player put in only (iPoker clients that pay the return apart from `win`);
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
    ready for its writer (each False/True below leaves another site's hand as read):

    - `describes_shows`: a show line names the hand the cards make with the board dealt so far (the
      pokerstars dialect's: the cards then their hand's name, a single card shown unnamed): another site's show without one gets
      the site's wording of it;
    - `prints_cardless_deals`: False where a deal line always prints the cards (the pokerstars
      dialect: a deal line for cards it shows only): another site's deal lines without cards are left out;
    - `prints_rake`: the summary always prints the rake (the pokerstars dialect's total line, a zero rake in
      a tournament): a hand whose site printed none gets the replay's (what the pot paid nobody);
    - `prints_fees`: False where the summary has no field for a fee besides the rake (the pokerstars dialect): another
      site's fees (GGPoker's jackpot) are said as part of the rake, the room's one take from the pot.

    A reader whose site changed a convention between client generations or eras gives the hand the name
    of its set (`Hand.conventions_variant`, one of its dialect's `variants`); `conventions(site, variant)`
    is what every layer then reads for that hand.
    """

    prints_uncalled: bool = True
    uncalled_in_collected: bool | str = False
    total_includes_returns: bool = False
    unmarked_sitting_out: bool = False
    rake_by_pot: RakeByPot = "main_first"
    names_pots: bool = True
    shows_before_uncalled: bool = False
    raise_amount: str = "to"
    decimal_point: str = "."
    thousands: str = ","
    currencies: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    time_zones: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    reference_zone: str | None = None
    positions: Mapping[str, str | None] = field(default_factory=lambda: MappingProxyType({}))
    fast_fold: Ref | None = None
    newest_first: bool = False
    ledger_uncalled: bool | str = False
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
    odd_chip: OddChip = "left_of_button"
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


@dataclass(frozen=True, slots=True)
class Dialect:
    """One site's hand-history format.

    Header recognition (what `hhtool.io.split` cuts files on and `hhtool.engine.plan` cuts large files
    on): `header` is a bytes regex that matches where a hand starts; `markers` are literals of which one
    must be in a chunk before `header` is run there (a file holds one dialect: a literal test is cheap);
    no markers means `header` is literal-led and always run. A header starts at a line start (`anchor`),
    or, with `anywhere`, at any point of a line (a cut hand can run into the next header mid-line).

    Hand id: `hand_id` is a regex whose group 1 is the site's hand number, searched in the first
    `hand_id_window` characters of a block (None: the whole block).

    File-level context: a site whose files hold facts for many hands in a section before them (iPoker's
    `<session><general>` block: table, stakes, currency of the `<game>`s after it) gives `context`, a
    bytes regex (with its own anchoring, run in multi-line mode) that matches where such a section starts
    (or ends: what it matches up to the next header is the new context), and `context_markers`, literals
    of which one must be in a chunk before it is run there. The splitter does not report a context section
    as a hand or as stray text: it hands its text to each following hand block of the dialect
    (`Block.context`), and large files are cut for parallel work only where a context starts.
    """

    name: str
    header: bytes
    markers: tuple[bytes, ...] = ()
    anywhere: bool = False
    anchor: bytes = rb"^"
    hand_id: str = r"#\s*([\w-]+)"
    hand_id_window: int | None = 300
    site: str = ""  # the `site` of its hands when not `name` (e.g. "888poker" for the "pacific888" dialect)
    grammar: str | None = None  # grammar/<grammar>.lark
    reader: Ref | None = None  # Block -> hhtool.grammar.ParseResult; None: its hands are unsupported (HH021)
    writer: Ref | None = None  # Hand -> the site's text
    describe: Ref | None = None  # hhtool.rules.ranking.HandValue -> the site's wording of the hand
    description_matches: Ref | None = None  # (printed description, cards) -> whether it names their best hand
    # (printed description, cards, the other shown hands' cards) -> whether what the description says of the hand
    # it beat is right (a flush's "- Jack higher", PS-2); None: a description names only its own hand
    description_against: Ref | None = None
    rake: Ref | None = None  # () -> the built-in rake schedules (hhtool.rules.ruleset.RakeSchedule), dated
    conventions: Conventions = field(default_factory=Conventions)
    # (Hand) -> the hand as the site can say it, for the rule tests' renderings (tests/handkit.py): what its
    # text never prints taken out (a table size, summary tags); ValueError for a hand it cannot say at all
    # the line that opens a hand's summary, its last section: a hand that has it and a blank line after its
    # last line is whole (`hhtool watch` takes it then); None: a hand is taken once its file is idle
    summary_line: str | None = None
    # what the site's files put after each hand (`hhtool generate` and `hhtool convert` write files so)
    hand_separator: str = "\n\n\n"
    context: bytes | None = None
    context_markers: tuple[bytes, ...] = ()
    # the first lines of the other files the site's client writes beside its hand histories (888's tournament
    # summaries, `***** Cassava Tournament Summary *****`): such a file is a known sidecar, skipped with an
    # info (HH007), not stray text (HH002)
    sidecars: tuple[str, ...] = ()
    # named convention sets a reader may give a hand instead of `conventions` (`Hand.conventions_variant`):
    # a client generation or era of the site that prints a figure differently (iPoker's clients that write
    # `win` without the returned uncalled bet); read through `conventions(site, variant)`
    variants: Mapping[str, Conventions] = field(default_factory=lambda: MappingProxyType({}))
    # eras of the site's clients, as (date, variant): a hand played before that date (its local date as
    # printed) that names no variant of its own is read with that set of `variants` (a site's clients
    # before 2008 print no return of an uncalled bet); the earliest date first
    eras: tuple[tuple[str, str], ...] = ()

    @property
    def site_name(self) -> str:
        return self.site or self.name

    def load(self, attribute: str) -> Any:
        """The callable behind `reader`, `writer`, `describe`, `description_matches`, `description_against`, `rake`,
        `conventions.fast_fold` or `conventions.table_min_buyin`, or None."""
        ref = (
            getattr(self.conventions, attribute)
            if attribute in ("fast_fold", "table_min_buyin")
            else getattr(self, attribute)
        )
        return load(ref) if ref is not None else None


def load(ref: Ref) -> Any:
    """A Ref's callable (a `"module:name"` string is imported once, then cached)."""
    if not isinstance(ref, str):
        return ref
    loaded = _LOADED.get(ref)
    if loaded is None:
        module, _, name = ref.partition(":")
        loaded = _LOADED[ref] = getattr(importlib.import_module(module), name)
    return loaded


_LOADED: dict[str, Any] = {}

Entry = Dialect | str
"""A built-in of a Registry: a Dialect, or `"package.module:name"` naming one (imported on first use)."""


class Registry:
    """The dialects hhtool knows, by name, and the views the generic layers derive from them.

    The built-ins are a fixed list (`entries`), loaded in that order on the first look-up (a `"module:name"`
    entry is imported then): the order never depends on which module was imported first, and importing the
    registry imports no site package. `register()` adds a dialect after them (a test's toy, a plug-in), and
    `unregister()` takes one out; either clears every cached view (conventions by site, eras, wordings) and
    bumps `version`, which the layers that build tables of their own from `dialects()` (the splitter's
    header scans, the planner's patterns, the parser's readers) compare with the one they built from."""

    def __init__(self, entries: tuple[Entry, ...] = ()) -> None:
        self._entries = entries
        self._by_name: dict[str, Dialect] = {}
        self._ready = not entries
        self._loading = False
        self._lock = threading.RLock()
        self._version = 0
        self._all: tuple[Dialect, ...] | None = None
        self._conventions: dict[tuple[str, str], Conventions] = {}
        self._eras: dict[str, tuple[tuple[datetime, str], ...]] = {}
        self._wordings: dict[str, tuple[Callable[..., str], Callable[..., bool]] | None] = {}
        self._against: dict[str, Callable[..., bool] | None] = {}

    # -- the set -------------------------------------------------------------------------------
    def _dialects(self) -> dict[str, Dialect]:
        if not self._ready:
            self._load_built_ins()
        return self._by_name

    def _load_built_ins(self) -> None:
        with self._lock:  # (one thread loads; a look-up made while a site module loads sees those before it)
            if self._ready or self._loading:
                return
            self._loading = True
            try:
                for entry in self._entries:
                    dialect: Dialect = load(entry) if isinstance(entry, str) else entry
                    if dialect.name in self._by_name:
                        raise ValueError(f"built-in dialect {dialect.name!r} is listed twice")
                    self._by_name[dialect.name] = dialect
            finally:
                self._loading = False
            self._ready = True
            self._changed()

    def register(self, dialect: Dialect, *, replace: bool = False) -> Dialect:
        """Add a dialect (a site package's `DIALECT`) after the built-ins; `replace` swaps a record of the same
        name (in its place in the order)."""
        known = self._dialects()
        if dialect.name in known and not replace:
            raise ValueError(f"dialect {dialect.name!r} is already registered")
        known[dialect.name] = dialect
        self._changed()
        return dialect

    def unregister(self, name: str) -> None:
        """Remove a dialect (tests register toy dialects and take them out again)."""
        if self._dialects().pop(name, None) is not None:
            self._changed()

    def _changed(self) -> None:
        self._version += 1
        self._all = None
        self._conventions.clear()
        self._eras.clear()
        self._wordings.clear()
        self._against.clear()

    def version(self) -> int:
        """Bumped by every change of the set, so that callers rebuild what they derived from it."""
        self._dialects()
        return self._version

    # -- look-ups ------------------------------------------------------------------------------
    def get(self, name: str | None) -> Dialect | None:
        return self._dialects().get(name) if name is not None else None

    def dialects(self) -> tuple[Dialect, ...]:
        """Every registered dialect, in registration order (the order of ties when two headers meet)."""
        found = self._all
        if found is None:
            found = self._all = tuple(self._dialects().values())
        return found

    def named(self, name: str) -> Dialect | None:
        """The dialect a person names: by the site its hands carry (`888poker`, the name every output
        prints), or by the dialect's own name (`pacific888`, kept as an alias)."""
        return self.by_site(name) or self.get(name)

    def by_site(self, site: str) -> Dialect | None:
        """The dialect whose hands carry `site` (a hand's `header.site`): the first registered."""
        for dialect in self.dialects():
            if dialect.site_name == site:
                return dialect
        return None

    def conventions(self, site: str, variant: str = "") -> Conventions:
        """The conventions of the dialect whose hands carry `site` (defaults for an unknown site); with a
        `variant` (a hand's `conventions_variant`), that named set of the dialect's `variants` (the dialect's
        own conventions when it has no set of that name)."""
        key = (site, variant)
        known = self._conventions.get(key)
        if known is None:
            dialect = self.by_site(site)
            if dialect is None:
                known = _NO_CONVENTIONS
            else:
                known = dialect.variants.get(variant, dialect.conventions) if variant else dialect.conventions
            self._conventions[key] = known
        return known

    def hand_conventions(self, site: str, variant: str, played: datetime | None) -> Conventions:
        """The conventions a hand was written under: its own `variant` if it names one, else the variant of
        its site's era (`Dialect.eras`) for the date it was `played`, else the site's own."""
        if not variant and played is not None:
            eras = self._eras.get(site)
            if eras is None:
                dialect = self.by_site(site)
                eras = self._eras[site] = (
                    tuple((datetime.fromisoformat(day), name) for day, name in dialect.eras)
                    if dialect is not None
                    else ()
                )
            for until, name in eras:
                if played.replace(tzinfo=None) < until:
                    variant = name
                    break
        return self.conventions(site, variant)

    def started_utc(self, header: Any) -> datetime | None:
        """When a hand started, in UTC, read with its site's zones: from the site's reference time when it
        printed one (the most reliable), else from the local time and its zone; None when neither is known."""
        found = self.conventions(header.site)
        return to_utc(header.time, header.time_zone, header.server_time, found.time_zones, found.reference_zone)

    def sidecar_of(self, first_line: str) -> Dialect | None:
        """The dialect whose client writes files that begin with `first_line` beside its hand histories
        (`Dialect.sidecars`), or None."""
        line = first_line.lstrip("\ufeff").rstrip()
        for dialect in self.dialects():
            if dialect.sidecars and line.startswith(dialect.sidecars):
                return dialect
        return None

    def replayed_sites(self) -> tuple[str, ...]:
        """The sites whose hands hhtool reads and replays (the dialects with a reader)."""
        return tuple(d.site_name for d in self.dialects() if d.reader is not None)

    def built_in_rake(self) -> tuple[Any, ...]:
        """Every dialect's built-in rake schedules (hhtool.rules.ruleset.RakeSchedule), each with its site and
        the days it is in force, in registry order."""
        return tuple(schedule for d in self.dialects() if d.rake is not None for schedule in d.load("rake")())

    def wording(self, site: str) -> tuple[Callable[..., str], Callable[..., bool]] | None:
        """The site's wording of a hand: (describe, description_matches), or None when its dialect has none
        (its printed descriptions are then not checked)."""
        if site not in self._wordings:
            dialect = self.by_site(site)
            describe = dialect.load("describe") if dialect is not None else None
            matches = dialect.load("description_matches") if dialect is not None else None
            self._wordings[site] = (describe, matches) if describe is not None and matches is not None else None
        return self._wordings[site]

    def description_against(self, site: str) -> Callable[..., bool] | None:
        """The site's check of what a description says of the other shown hands (`Dialect.description_against`),
        or None."""
        if site not in self._against:
            dialect = self.by_site(site)
            self._against[site] = dialect.load("description_against") if dialect is not None else None
        return self._against[site]


_NO_CONVENTIONS = Conventions()


# ---------------------------------------------------------------------------------------------
# The built-in dialects, in this order (the order of ties when two headers meet): a site with a reader is a
# package here, whose record is one entry (winning's 2016 era is a second record of that package).
BUILT_INS: tuple[str, ...] = (
    "hhtool.dialects.pokerstars:DIALECT",
    "hhtool.dialects.ggpoker:DIALECT",
    "hhtool.dialects.partypoker:DIALECT",
    "hhtool.dialects.ipoker:DIALECT",
    "hhtool.dialects.pacific888:DIALECT",
    "hhtool.dialects.winamax:DIALECT",
    "hhtool.dialects.winning:DIALECT",
    "hhtool.dialects.winning:DIALECT_2016",
    "hhtool.dialects.fulltilt:DIALECT",
    "hhtool.dialects.bovada:DIALECT",
    "hhtool.dialects.betonline:DIALECT",
    "hhtool.dialects.phh:DIALECT",
    "hhtool.dialects.acpc:DIALECT",
    "hhtool.dialects.ohh:DIALECT",
)

# A header of several lines is matched on LF text by the reader (it turns CRLF and a lone CR into LF),
# but on the file's raw bytes where the planner cuts a big file into pieces (hhtool.engine.plan): its
# line ends take every form (and a line's text is `[^\r\n]`), so that both see a hand start on the same line.
# Each line end matches one way only: `\r\n?` let a CRLF be one line end or two (`\r`, then `\n`), so a run
# of CRLF blank lines (`(?:[ \t]*LINE_END)*`) that fails to be a header backtracked 2^n ways.
LINE_END = rb"(?:\r\n|\r(?!\n)|\n)"
# The most comment lines a header pattern takes before a hand (PHH, ACPC: `(?:#…LINE_END){1,N}`): the
# pattern is tried at every line start, and an unbounded run cost its length at each of its lines (a file
# of n comment lines took n^2/2 line reads). Earlier comment lines are text outside the hand (HH002).
COMMENT_LINES = 16
# 888 and PartyPoker write their game number on a `#Game No : N` line before the header, which PartyPoker's
# Mac client and "fastforward" tables make different from the game's: a hand's id is read from the header.
GAME_NO_PREAMBLE = rb"(?:#Game No : \d+[ \t]*" + LINE_END + rb"(?:[ \t]*" + LINE_END + rb")*)?"

# Sites without a reader yet: their hands are split apart, named and counted unsupported (HH021).
HEADER_ONLY = (
    Dialect(
        "pokerstars_clone",
        rb"[ \t]*(?:POKERSTARS GAME #|Run It Once Poker Hand #|PokerMaster Hand #"
        rb"|PokerBros Hand #|Full Tilt Hand #)",
        (
            b"POKERSTARS GAME #",
            b"Run It Once Poker Hand #",
            b"PokerMaster Hand #",
            b"PokerBros Hand #",
            b"Full Tilt Hand #",
        ),
    ),
)


# The registry every layer asks: the built-ins, then the header-only records (loaded on the first look-up).
REGISTRY = Registry((*BUILT_INS, *HEADER_ONLY))

# The module-level API (many callers): thin delegates to REGISTRY's methods.
register = REGISTRY.register
unregister = REGISTRY.unregister
get = REGISTRY.get
dialects = REGISTRY.dialects
version = REGISTRY.version
named = REGISTRY.named
by_site = REGISTRY.by_site
conventions = REGISTRY.conventions
hand_conventions = REGISTRY.hand_conventions
started_utc = REGISTRY.started_utc
sidecar_of = REGISTRY.sidecar_of
replayed_sites = REGISTRY.replayed_sites
built_in_rake = REGISTRY.built_in_rake
wording = REGISTRY.wording
description_against = REGISTRY.description_against
