"""Site dialects: one `Dialect` record per site, and the one registry the generic layers ask.

A site is a package `hhtool/dialects/<site>/` whose `DIALECT` describes it (how its header is
recognised, where its hand number is, its grammar, its reader, writer, hand-description wording,
built-in rake schedules and its conventions as data), plus its grammar `grammar/<site>.lark`, plus
its line in `PACKAGES` below. Nothing else in hhtool names a site: splitting (`hhtool.io.split`),
planning (`hhtool.engine.plan`), parsing (`hhtool.grammar.parse`) and the pipeline dispatch on
`Block.dialect` through this registry.

Sites whose hands hhtool cannot read yet are header-only records (`HEADER_ONLY`): their hands are
still split apart, named (site, hand id) and counted `unsupported` (HH021), never lost.

The code a record points at (reader, writer, wording, rake) is given as a callable or as a
`"module:name"` string loaded on first use, so that the lowest layers (the splitter) can import
the registry without importing every reader.
"""

from __future__ import annotations

import importlib
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
_REGISTRY: dict[str, Dialect] = {}
_VERSION = [0]  # bumped by every change, so that callers rebuild what they derived from the registry


def register(dialect: Dialect, *, replace: bool = False) -> Dialect:
    """Add a dialect (a site package's `DIALECT`); `replace` swaps a record of the same name."""
    if dialect.name in _REGISTRY and not replace:
        raise ValueError(f"dialect {dialect.name!r} is already registered")
    _REGISTRY[dialect.name] = dialect
    _VERSION[0] += 1
    return dialect


def unregister(name: str) -> None:
    """Remove a dialect (tests register toy dialects and take them out again)."""
    if _REGISTRY.pop(name, None) is not None:
        _VERSION[0] += 1


def get(name: str | None) -> Dialect | None:
    return _REGISTRY.get(name) if name is not None else None


def dialects() -> tuple[Dialect, ...]:
    """Every registered dialect, in registration order (the order of ties when two headers meet)."""
    return tuple(_REGISTRY.values())


def version() -> int:
    return _VERSION[0]


def named(name: str) -> Dialect | None:
    """The dialect a person names: by the site its hands carry (`888poker`, the name every output
    prints), or by the dialect's own name (`pacific888`, kept as an alias)."""
    return by_site(name) or get(name)


def by_site(site: str) -> Dialect | None:
    """The dialect whose hands carry `site` (a hand's `header.site`)."""
    for dialect in _REGISTRY.values():
        if dialect.site_name == site:
            return dialect
    return None


def conventions(site: str, variant: str = "") -> Conventions:
    """The conventions of the dialect whose hands carry `site` (defaults for an unknown site); with a
    `variant` (a hand's `conventions_variant`), that named set of the dialect's `variants` (the dialect's
    own conventions when it has no set of that name)."""
    _fresh()
    key = (site, variant)
    known = _BY_SITE.get(key)
    if known is None:
        dialect = by_site(site)
        if dialect is None:
            known = _NO_CONVENTIONS
        else:
            known = dialect.variants.get(variant, dialect.conventions) if variant else dialect.conventions
        _BY_SITE[key] = known
    return known


def hand_conventions(site: str, variant: str, played: datetime | None) -> Conventions:
    """The conventions a hand was written under: its own `variant` if it names one, else the variant of
    its site's era (`Dialect.eras`) for the date it was `played`, else the site's own."""
    if not variant and played is not None:
        _fresh()
        eras = _ERAS.get(site)
        if eras is None:
            dialect = by_site(site)
            eras = _ERAS[site] = (
                tuple((datetime.fromisoformat(day), name) for day, name in dialect.eras) if dialect is not None else ()
            )
        for until, name in eras:
            if played.replace(tzinfo=None) < until:
                variant = name
                break
    return conventions(site, variant)


def _fresh() -> None:
    """Forget the looked-up conventions when a dialect was registered since (tests register their own)."""
    if _SITE_VERSION[0] != _VERSION[0]:
        _BY_SITE.clear()
        _ERAS.clear()
        _SITE_VERSION[0] = _VERSION[0]


_ERAS: dict[str, tuple[tuple[datetime, str], ...]] = {}
_BY_SITE: dict[tuple[str, str], Conventions] = {}
_SITE_VERSION = [-1]


def started_utc(header: Any) -> datetime | None:
    """When a hand started, in UTC, read with its site's zones: from the site's reference time when it
    printed one (the most reliable), else from the local time and its zone; None when neither is known."""
    found = conventions(header.site)
    return to_utc(header.time, header.time_zone, header.server_time, found.time_zones, found.reference_zone)


def sidecar_of(first_line: str) -> Dialect | None:
    """The dialect whose client writes files that begin with `first_line` beside its hand histories
    (`Dialect.sidecars`), or None."""
    line = first_line.lstrip("\ufeff").rstrip()
    for dialect in _REGISTRY.values():
        if dialect.sidecars and line.startswith(dialect.sidecars):
            return dialect
    return None


def replayed_sites() -> tuple[str, ...]:
    """The sites whose hands hhtool reads and replays (the dialects with a reader)."""
    return tuple(d.site_name for d in _REGISTRY.values() if d.reader is not None)


def built_in_rake() -> tuple[Any, ...]:
    """Every dialect's built-in rake schedules (hhtool.rules.ruleset.RakeSchedule), each with its site and
    the days it is in force, in registry order."""
    return tuple(schedule for d in _REGISTRY.values() if d.rake is not None for schedule in d.load("rake")())


def wording(site: str) -> tuple[Callable[..., str], Callable[..., bool]] | None:
    """The site's wording of a hand: (describe, description_matches), or None when its dialect has none
    (its printed descriptions are then not checked). Cached per registry version."""
    if _WORDING_VERSION[0] != _VERSION[0]:
        _WORDINGS.clear()
        _WORDING_VERSION[0] = _VERSION[0]
    if site not in _WORDINGS:
        dialect = by_site(site)
        describe = dialect.load("describe") if dialect is not None else None
        matches = dialect.load("description_matches") if dialect is not None else None
        _WORDINGS[site] = (describe, matches) if describe is not None and matches is not None else None
    return _WORDINGS[site]


_WORDINGS: dict[str, Any] = {}
_WORDING_VERSION = [-1]


def description_against(site: str) -> Callable[..., bool] | None:
    """The site's check of what a description says of the other shown hands (`Dialect.description_against`),
    or None. Cached per registry version, as `wording`."""
    if _AGAINST_VERSION[0] != _VERSION[0]:
        _AGAINST.clear()
        _AGAINST_VERSION[0] = _VERSION[0]
    if site not in _AGAINST:
        dialect = by_site(site)
        _AGAINST[site] = dialect.load("description_against") if dialect is not None else None
    return _AGAINST[site]


_AGAINST: dict[str, Any] = {}
_AGAINST_VERSION = [-1]


# ---------------------------------------------------------------------------------------------
# The registry. A site with a reader is a package here (one line each):
PACKAGES = (
    "hhtool.dialects.pokerstars",
    "hhtool.dialects.ggpoker",
    "hhtool.dialects.partypoker",
    "hhtool.dialects.ipoker",
    "hhtool.dialects.pacific888",
    "hhtool.dialects.winamax",
    "hhtool.dialects.winning",
    "hhtool.dialects.winning2016",
    "hhtool.dialects.fulltilt",
    "hhtool.dialects.bovada",
    "hhtool.dialects.betonline",
    "hhtool.dialects.phh",
    "hhtool.dialects.acpc",
    "hhtool.dialects.ohh",
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


def _register_built_ins() -> None:
    for package in PACKAGES:
        register(importlib.import_module(package).DIALECT)
    for dialect in HEADER_ONLY:
        register(dialect)


_register_built_ins()
