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

import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from types import MappingProxyType
from typing import Any

from hhtool.model.clock import to_utc

# the site data the neutral layers read: declared below them, in hhtool.model.conventions, and re-exported here
from hhtool.model.conventions import NO_CONVENTIONS as _NO_CONVENTIONS
from hhtool.model.conventions import Conventions as Conventions
from hhtool.model.conventions import LedgerUncalled as LedgerUncalled
from hhtool.model.conventions import OddChip as OddChip
from hhtool.model.conventions import RaiseAmount as RaiseAmount
from hhtool.model.conventions import RakeByPot as RakeByPot
from hhtool.model.conventions import Ref as Ref
from hhtool.model.conventions import Site as Site
from hhtool.model.conventions import UncalledInCollected as UncalledInCollected
from hhtool.model.conventions import load_ref


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
    # the site's readers of tournament results (hhtool.model.tournament.TournamentReader: summary files and the
    # hands' buy-in, finish and bounty lines); None: `stats --tournaments` reads no results of the site
    tournaments: Ref | None = None
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
        `tournaments`,
        `conventions.fast_fold` or `conventions.table_min_buyin`, or None."""
        ref = (
            getattr(self.conventions, attribute)
            if attribute in ("fast_fold", "table_min_buyin")
            else getattr(self, attribute)
        )
        return load(ref) if ref is not None else None


load = load_ref
"""A Ref's callable (`hhtool.model.conventions.load_ref`: below the rules, which resolve a convention's Ref too)."""

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
        self._sites: dict[tuple[str, int], Site] = {}
        # (site, a hand's conventions_variant) → the Sites its hands may be under, by date (`dated_sites`):
        # one dict for the registry's life, cleared in place
        self._dated: dict[tuple[str, str], tuple[tuple[datetime | None, Site], ...]] = {}

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
        self._sites.clear()
        self._dated.clear()

    def version(self) -> int:
        """Bumped by every change of the set, so that callers rebuild what they derived from it (asked for
        every hand: the built-ins' loading checked inline, not by a call)."""
        if not self._ready:
            self._load_built_ins()
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
            for until, name in self._site_eras(site):
                if played.replace(tzinfo=None) < until:
                    variant = name
                    break
        return self.conventions(site, variant)

    def _site_eras(self, site: str) -> tuple[tuple[datetime, str], ...]:
        eras = self._eras.get(site)
        if eras is None:
            dialect = self.by_site(site)
            eras = self._eras[site] = (
                tuple((datetime.fromisoformat(day), name) for day, name in dialect.eras) if dialect is not None else ()
            )
        return eras

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

    def site_of(self, site: str, variant: str, played: datetime | None) -> Site:
        """What the rules layer receives of the site a hand was written at (`Site`): the conventions of its
        variant or era (`hand_conventions`) with its site's wording; one per site and convention set, shared
        by its hands."""
        conventions = self.hand_conventions(site, variant, played)
        key = (site, id(conventions))
        found = self._sites.get(key)
        if found is None or found.conventions is not conventions:  # (an id is unique only while its object lives)
            found = self._sites[key] = Site(conventions, self.wording(site), self.description_against(site))
        return found

    def dated_site(self, site: str, variant: str) -> tuple[tuple[datetime | None, Site], ...]:
        """`site_of(site, variant, played)` for every date at once: (until, Site) pairs in date order, a hand
        played before `until` under that Site, the last pair's `until` None (any later hand, and a hand of
        unknown date); one pair where the date changes nothing (a named variant, a site without eras).
        Kept in `dated_sites`, which the per-hand look-up (`hhtool.dialects.sites.hand_site`) reads."""
        key = (site, variant)
        found = self._dated.get(key)
        if found is None:
            eras = () if variant else self._site_eras(site)
            found = self._dated[key] = (
                *((until, self.site_of(site, name, None)) for until, name in eras),
                (None, self.site_of(site, variant, None)),
            )
        return found

    def dated_sites(self) -> dict[tuple[str, str], tuple[tuple[datetime | None, Site], ...]]:
        """The `dated_site` answers so far, by (site, conventions variant): the same dict for the registry's
        life (cleared in place when a dialect is registered), so that a compiled caller can keep it and
        look a hand's site up without a call of this class's plain Python. Read only."""
        return self._dated

    def description_against(self, site: str) -> Callable[..., bool] | None:
        """The site's check of what a description says of the other shown hands (`Dialect.description_against`),
        or None."""
        if site not in self._against:
            dialect = self.by_site(site)
            self._against[site] = dialect.load("description_against") if dialect is not None else None
        return self._against[site]


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
site_of = REGISTRY.site_of
dated_site = REGISTRY.dated_site
dated_sites = REGISTRY.dated_sites
