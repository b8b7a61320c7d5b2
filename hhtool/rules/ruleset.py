"""The RuleSet: betting structure from the hand header plus house rules from a TOML file.

Defaults are the standard rules of RULES.md; a TOML file switches house rules (see README,
"House rules"). The file is decoded into typed records (msgspec) before any hand is read: every
section, key, type, range and relation is checked, and the first problem is one RulesError that
names the key (`file:rake.percent: expected …, got …`); a run never starts on a file it half
understood. Money in the file is written in major units ("0.30") and read with Decimal.

A rake schedule is in force only for its currency, its site when it names one, and its dates:
a USD schedule never checks a EUR, play-money or home-game-chips hand. `rake_terms` makes that
decision for `validate` (rules/settle.py) and `audit` (audit/report.py) alike, so the two agree.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import ROUND_DOWN, ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, get_args, get_origin

import msgspec

from hhtool.io.limits import OptionFileError, TomlLimit, check_toml, read_option_file

if TYPE_CHECKING:
    from hhtool.model import Header

ROUNDING = {"half_even": ROUND_HALF_EVEN, "half_up": ROUND_HALF_UP, "down": ROUND_DOWN}
MAX_PLAYERS = 10  # T1: 2 to 10 players take part in a hand
MAX_AMOUNT = Decimal(10) ** 9  # the largest amount (major units) a rules file may write: far beyond any stake
STAKES_NOT_LISTED = "stakes not in the schedule"


class RulesError(ValueError):
    """A house-rules file that cannot be used; reported as a usage error."""


@dataclass(frozen=True, slots=True)
class RakeLevel:
    """Rake at one stake: a percentage of the pot and caps by the number of players dealt in."""

    percent: Decimal
    caps: tuple[tuple[int, int], ...]  # (min players dealt in, cap in minor units), ascending
    percents: tuple[tuple[int, Decimal], ...] = ()  # (min players, percent) where it varies with players

    def cap_for(self, players: int) -> int | None:
        return _by_players(self.caps, players, None)

    def percent_for(self, players: int) -> Decimal:
        return _by_players(self.percents, players, self.percent)


def _by_players(table, players: int, default):
    value = default
    for min_players, entry in table:
        if players >= min_players:
            value = entry
    return value


@dataclass(frozen=True, slots=True)
class RakeSchedule:
    """Stakes (big blind in minor units, currency) → level; no flop, no drop; rounding mode; and where
    the schedule is in force: its currency, its site (None: any site) and its first and last UTC day."""

    levels: dict[tuple[str, int, bool], RakeLevel] = field(default_factory=dict)  # (currency, bb, fixed limit)
    default: RakeLevel | None = None  # for stakes not listed, in the schedule's currency only
    no_flop_no_drop: bool = True
    rounding: str = "half_even"
    name: str = "custom"
    currency: str = "USD"
    site: str | None = None
    valid_from: date | None = None
    valid_until: date | None = None

    def level_for(self, currency: str, big_blind: int, fixed_limit: bool = False) -> RakeLevel | None:
        """The level for a stake; fixed-limit tables have their own (a room's limit schedule differs)."""
        level = self.levels.get((currency, big_blind, fixed_limit))
        if level is None and currency == self.currency:
            return self.default
        return level

    def due(self, level: RakeLevel, pot: int, players: int) -> int:
        """The rake the schedule takes from a pot (minor units)."""
        amount = self.percentage(level, pot, players)
        cap = level.cap_for(players)
        return min(amount, cap) if cap is not None else amount

    def percentage(self, level: RakeLevel, pot: int, players: int) -> int:
        """The level's percentage of a pot, rounded as the schedule rounds, before any cap (minor units)."""
        percent = level.percent_for(players)
        return int((percent * pot / 100).quantize(Decimal(1), rounding=ROUNDING[self.rounding]))

    @property
    def dated(self) -> bool:
        return self.valid_from is not None or self.valid_until is not None

    def not_in_force(self, site: str, currency: str, day: str | None) -> str | None:
        """Why the schedule does not apply to a cash hand of this site, currency and UTC day
        (YYYY-MM-DD, None or "unknown" when the hand's time is unknown), or None when it does."""
        if self.site is not None and site != self.site:
            return "site not covered by the schedule"
        if currency != self.currency:
            return "play money or chips" if currency == "chips" else "currency not covered by the schedule"
        if self.dated:
            if day is None or day == "unknown":
                return "date unknown"
            if self.valid_from is not None and day < self.valid_from.isoformat():
                return f"played before {self.valid_from.isoformat()}, when the schedule began"
            if self.valid_until is not None and day > self.valid_until.isoformat():
                return f"played after {self.valid_until.isoformat()}, when the schedule ended"
        return None

    def describe(self) -> str:
        where = f"{self.site} cash hands" if self.site else "cash hands of any site"
        since = f" from {self.valid_from.isoformat()}" if self.valid_from else ""
        until = f" to {self.valid_until.isoformat()}" if self.valid_until else ""
        return f"{where} in {self.currency}{since}{until}"


def rake_terms(
    schedules: Sequence[RakeSchedule], site: str, currency: str, big_blind: int, fixed_limit: bool, day: str | None
) -> tuple[RakeSchedule, RakeLevel] | str:
    """The schedule (of a dated history, the first in force) and level that apply to a cash hand, or
    why none does. When a schedule lists the stakes but is not in force, its reason is the one given
    (a 2011 no-limit hand is "played before …" the no-limit table, not "stakes not in the schedule");
    another site's schedules give a reason only when no schedule of the hand's own site does."""
    listed: str | None = None
    in_force = False
    first: str | None = None
    other_site: str | None = None  # another site's schedule says nothing about this hand's stakes or day
    for schedule in schedules:
        reason = schedule.not_in_force(site, currency, day)
        if schedule.site is not None and schedule.site != site:
            other_site = other_site or reason
            continue
        level = schedule.level_for(currency, big_blind, fixed_limit)
        if reason is None:
            if level is not None:
                return schedule, level
            in_force = True
        elif level is not None and listed is None:
            listed = reason
        if first is None or first == _OTHER_CURRENCY and schedule.currency == currency:
            first = reason  # (a schedule of the hand's currency says more than one of another currency)
    return listed or (STAKES_NOT_LISTED if in_force else first or other_site) or STAKES_NOT_LISTED


_OTHER_CURRENCY = "currency not covered by the schedule"


def level_in_force(schedule: RakeSchedule, header: Header) -> RakeLevel | None:
    """validate's question for a cash hand: the level of the house schedule, when it is in force for
    the hand (the same decision as the audit's, from the same UTC day)."""
    day = _utc_day(header) if schedule.dated else None
    terms = rake_terms((schedule,), header.site, header.currency, header.big_blind, header.limit == "FL", day)
    return None if isinstance(terms, str) else terms[1]


def _utc_day(header: Header) -> str | None:
    started = header.time_utc
    return started.date().isoformat() if started is not None else None


@dataclass(frozen=True, slots=True)
class RuleSet:
    min_players: int = 2
    max_players: int = MAX_PLAYERS
    min_bet_turn_river_bb: int = 1  # 004's house rule asks 2 big blinds on turn and river
    raise_cap: int = 4  # bets per round in fixed limit: bet, raise, re-raise, cap
    cap_heads_up: bool = False  # whether the fixed-limit cap also applies heads-up
    raise_cap_limits: tuple[str, ...] = ("FL",)  # the betting structures capped (seed 002 caps pot limit too)
    button_draw: str = "highest_card"  # or "highest_acts_first" (seed 000's reading)
    # T4 in big blinds; None: the site's own minimum (its dialect's `min_buyin_bb` and `table_min_buyin`,
    # 50 big blinds where a site sets none); a number here (a house's rules file) holds at every site
    min_buyin_bb: int | None = None
    # S4: who gets a split pot's odd chips: "site" (the hand's site's convention, `Conventions.odd_chip`:
    # left of the button unless the site has its own), or a house rule for every site: "left_of_button",
    # "first_winner_in_seat_order", "highest_seat_first", "from_big_blind"
    odd_chip: str = "site"
    rake: RakeSchedule | None = None


# -- the rules file: typed records, then ranges and relations ----------------------------------------
# Money and percentages are a quoted decimal ("0.30", "4.5") or an integer, never a TOML float (a
# binary fraction is not an amount). Caps are one amount, or a table by players dealt in.
Number = str | int
Caps = str | int | dict[str, Number]


class TableFile(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """[table]: house rules of play (RULES.md ids in the README)."""

    min_players: Annotated[int, msgspec.Meta(ge=2, le=MAX_PLAYERS)] = 2
    max_players: Annotated[int, msgspec.Meta(ge=2, le=MAX_PLAYERS)] = MAX_PLAYERS
    min_bet_turn_river_bb: Annotated[int, msgspec.Meta(ge=1)] = 1
    raise_cap: Annotated[int, msgspec.Meta(ge=1)] = 4
    cap_heads_up: bool = False
    raise_cap_limits: tuple[Literal["FL", "PL", "NL"], ...] = ("FL",)
    button_draw: Literal["highest_card", "highest_acts_first"] = "highest_card"
    min_buyin_bb: Annotated[int, msgspec.Meta(ge=0)] | None = None  # None: each site's own minimum
    odd_chip: Literal[
        "left_of_button", "first_winner_in_seat_order", "highest_seat_first", "from_big_blind", "site"
    ] = "site"


class StakeFile(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """[[rake.stakes]]: the level at one stake, by big blind."""

    big_blind: Number
    percent: Number
    cap: Caps | None = None
    percent_by_players: dict[str, Number] = {}
    limit: Literal["no_limit", "fixed"] = "no_limit"


class RakeFile(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """[rake]: a schedule, and where it is in force (currency, site, first and last day)."""

    name: Annotated[str, msgspec.Meta(min_length=1, max_length=200)] = "custom"
    currency: Annotated[str, msgspec.Meta(pattern=r"^(?:[A-Z]{3}|chips)$")] = "USD"
    site: str | None = None  # one of the sites the caller names (`rules_from_dict`'s `sites`), checked after decoding
    valid_from: date | None = msgspec.field(default=None, name="from")
    valid_until: date | None = msgspec.field(default=None, name="until")
    rounding: Literal["half_even", "half_up", "down"] = "half_even"
    no_flop_no_drop: bool = True
    percent: Number | None = None
    cap: Caps | None = None
    percent_by_players: dict[str, Number] = {}
    stakes: list[StakeFile] = []


class AboutFile(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """[about]: what the file is (a room profile names its rule sheet); it changes no rule.
    `rules` says, by RULES.md id, what the room's sheet reads and how the file follows it."""

    title: Annotated[str, msgspec.Meta(min_length=1, max_length=200)]
    source: Annotated[str, msgspec.Meta(max_length=500)] = ""
    rules: dict[Annotated[str, msgspec.Meta(pattern=r"^[A-Z][0-9]$")], str] = {}


class RulesFile(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """The whole file: [table] and [rake], and [about] which describes them."""

    table: TableFile = msgspec.field(default_factory=TableFile)
    rake: RakeFile | None = None
    about: AboutFile | None = None


_SECTIONS: dict[str, type[msgspec.Struct]] = {
    "": RulesFile,
    "table": TableFile,
    "rake": RakeFile,
    "rake.stakes[]": StakeFile,
    "about": AboutFile,
}
_HINTS = {  # what a key expects, where msgspec's wording would be a regex or a bare type
    "rake.currency": 'an ISO currency code like "USD", or "chips"',
    "rake.from": "a date like 2020-04-01",
    "rake.until": "a date like 2024-04-01",
}
_MSGSPEC = re.compile(r"^(?P<what>.*?)(?: - at `\$(?P<at>[^`]*)`)?$", re.DOTALL)
_TYPE_NAMES = {
    "int": "an integer",
    "str": "a string",
    "bool": "true or false",
    "object": "a table",
    "array": "an array",
    "float": "a number",
    "date": "a date",
}
_DECIMAL = re.compile(r"-?[0-9]+(?:\.[0-9]+)?", re.ASCII)
_PLAYERS = re.compile(r"(?P<low>[0-9]{1,2})(?:-(?P<high>[0-9]{1,2})|(?P<plus>\+))?", re.ASCII)


def load_rules(path: str | Path, sites: Sequence[str] | None = None) -> RuleSet:
    """Read and check a house-rules TOML file; any problem is a RulesError naming the key (`sites`: as
    `rules_from_dict`'s)."""
    try:
        raw = read_option_file(path, "rules file")
    except OSError as exc:
        raise RulesError(f"cannot read rules file {path}: {exc.strerror or exc}") from exc
    except OptionFileError as exc:
        raise RulesError(str(exc)) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise RulesError(
            f"{path}: not UTF-8 text (byte 0x{raw[exc.start]:02x} on line {line}); save the rules file as UTF-8"
        ) from None
    try:
        check_toml(text)
        data = tomllib.loads(text)
    except TomlLimit as exc:
        raise RulesError(f"{path}:{exc.line}:{exc.column}: {exc} (hhtool's limit)") from None
    except tomllib.TOMLDecodeError as exc:
        raise RulesError(f"{path}: not valid TOML: {exc}") from None
    return rules_from_dict(data, str(path), sites)


def rules_from_dict(data: dict[str, Any], source: str = "rules", sites: Sequence[str] | None = None) -> RuleSet:
    """The RuleSet of a decoded TOML document, every key checked (`source` names the file in errors).

    `sites`: the sites a `[rake]` schedule may name, the sites whose hands hhtool replays, given by the
    caller that knows the site registry (the rules layer does not ask it); None: any name (a schedule for a
    site no hand carries applies to none)."""
    try:
        decoded = msgspec.convert(data, RulesFile, strict=True)
    except msgspec.ValidationError as exc:
        raise RulesError(_explain(str(exc), data, source)) from None
    return _ruleset(decoded, _Where(source), sites)


class _Said(str):
    """A description of what the file has (not a value it wrote): shown as is."""


class _Where:
    """Names a key of the file in an error: `file:rake.stakes[0].cap: expected …, got …`."""

    def __init__(self, source: str) -> None:
        self.source = source

    def error(self, key: str, expected: str, got: object) -> RulesError:
        return RulesError(f"{self.source}:{key}: expected {expected}, got {_shown(got)}")


def _ruleset(file: RulesFile, where: _Where, sites: Sequence[str] | None) -> RuleSet:
    table = file.table
    if table.min_players > table.max_players:
        raise where.error("table.min_players", f"at most table.max_players ({table.max_players})", table.min_players)
    rake = _schedule(file.rake, where, sites) if file.rake is not None else None
    return RuleSet(
        min_players=table.min_players,
        max_players=table.max_players,
        min_bet_turn_river_bb=table.min_bet_turn_river_bb,
        raise_cap=table.raise_cap,
        cap_heads_up=table.cap_heads_up,
        raise_cap_limits=tuple(dict.fromkeys(table.raise_cap_limits)),
        button_draw=table.button_draw,
        min_buyin_bb=table.min_buyin_bb,
        odd_chip=table.odd_chip,
        rake=rake,
    )


def _schedule(rake: RakeFile, where: _Where, sites: Sequence[str] | None) -> RakeSchedule:
    if sites is not None and rake.site is not None and rake.site not in sites:
        raise where.error("rake.site", f"one of {', '.join(map(repr, sites))}", rake.site)
    scale = 1 if rake.currency == "chips" else 100  # as the hands are read: chips are whole, money has cents
    if rake.valid_from is not None and rake.valid_until is not None and rake.valid_from > rake.valid_until:
        raise where.error(
            "rake.until", f"a day on or after rake.from ({rake.valid_from.isoformat()})", rake.valid_until
        )
    if rake.percent is None:
        for key, value in (("cap", rake.cap), ("percent_by_players", rake.percent_by_players)):
            if value:
                raise where.error("rake.percent", f"a percentage for rake.{key} to apply to", _Said("no rake.percent"))
        if not rake.stakes:
            raise where.error("rake", "rake.percent or at least one [[rake.stakes]]", _Said("neither"))
    default = None
    if rake.percent is not None:
        default = _level("rake", rake.percent, rake.cap, rake.percent_by_players, scale, where)
    levels: dict[tuple[str, int, bool], RakeLevel] = {}
    first: dict[tuple[str, int, bool], int] = {}
    for i, stake in enumerate(rake.stakes):
        key = f"rake.stakes[{i}]"
        big_blind = _money(stake.big_blind, scale, f"{key}.big_blind", where)
        if big_blind <= 0:
            raise where.error(f"{key}.big_blind", "an amount above 0", stake.big_blind)
        stake_key = (rake.currency, big_blind, stake.limit == "fixed")
        if stake_key in first:
            raise where.error(
                f"{key}.big_blind",
                f"a stake not listed before (rake.stakes[{first[stake_key]}] has this big blind and limit)",
                stake.big_blind,
            )
        first[stake_key] = i
        levels[stake_key] = _level(key, stake.percent, stake.cap, stake.percent_by_players, scale, where)
    return RakeSchedule(
        levels,
        default,
        rake.no_flop_no_drop,
        rake.rounding,
        rake.name,
        rake.currency,
        rake.site,
        rake.valid_from,
        rake.valid_until,
    )


def _level(
    key: str, percent: Number, caps: Caps | None, percents: dict[str, Number], scale: int, where: _Where
) -> RakeLevel:
    single = caps is not None and not isinstance(caps, dict)  # one cap for any number of players
    table: dict[str, Number] = caps if isinstance(caps, dict) else {} if caps is None else {"2": caps}
    return RakeLevel(
        _percent(percent, f"{key}.percent", where),
        tuple(
            (players, _money(value, scale, f"{key}.cap" if single else f"{key}.cap.{name}", where))
            for players, name, value in _by_player_keys(f"{key}.cap", table, where)
        ),
        tuple(
            (players, _percent(value, f"{key}.percent_by_players.{name}", where))
            for players, name, value in _by_player_keys(f"{key}.percent_by_players", percents, where)
        ),
    )


def _by_player_keys(key: str, table: dict[str, Number], where: _Where) -> list[tuple[int, str, Number]]:
    """Rows of a table by players dealt in ("2", "3-4", "5+"), ascending by their least count."""
    rows = []
    seen: dict[int, str] = {}
    for name, value in table.items():
        match = _PLAYERS.fullmatch(name)
        low = int(match["low"]) if match else 0
        high = int(match["high"]) if match and match["high"] else low
        if match is None or not 2 <= low <= high <= MAX_PLAYERS:
            raise where.error(
                f"{key}.{name}" if name else key,
                f'a player count from 2 to {MAX_PLAYERS} like "2", "3-4" or "5+"',
                name,
            )
        if low in seen:
            raise where.error(f"{key}.{name}", f"one entry per player count ({seen[low]!r} also starts at {low})", name)
        seen[low] = name
        rows.append((low, name, value))
    return sorted(rows)


def _decimal(value: Number, key: str, where: _Where, what: str) -> Decimal:
    if isinstance(value, int) or _DECIMAL.fullmatch(value):
        number = Decimal(value)
    else:
        raise where.error(key, what, value)
    if number < 0:
        raise where.error(key, "a value of 0 or more", value)
    return number


def _percent(value: Number, key: str, where: _Where) -> Decimal:
    percent = _decimal(value, key, where, 'a percentage like "4.5"')
    if percent > 100:
        raise where.error(key, "a percentage from 0 to 100", value)
    return percent


def _money(value: Number, scale: int, key: str, where: _Where) -> int:
    amount = _decimal(value, key, where, 'an amount in major units like "0.30"')
    if amount > MAX_AMOUNT:
        raise where.error(key, f"an amount up to {MAX_AMOUNT:,}", value)
    minor = amount * scale
    if minor != minor.to_integral_value():
        unit = "in whole chips" if scale == 1 else f"with at most {len(str(scale)) - 1} decimals"
        raise where.error(key, f"an amount {unit}", value)
    return int(minor)


def _explain(message: str, data: dict[str, Any], source: str) -> str:
    """msgspec's validation message as one line naming the key in the file's own terms."""
    match = _MSGSPEC.match(message)
    what, at = (match["what"], match["at"] or "") if match else (message, "")
    key = at.lstrip(".")
    unknown = re.fullmatch(r"Object contains unknown field `(.*)`", what)
    if unknown:
        section = re.sub(r"\[\d+\]", "[]", key)
        known = [f.encode_name for f in msgspec.structs.fields(_SECTIONS[section])] if section in _SECTIONS else []
        name = _join(key, unknown[1])
        return f"{source}:{name}: unknown key; expected one of {', '.join(known)}"
    missing = re.fullmatch(r"Object missing required field `(.*)`", what)
    if missing:
        return f"{source}:{_join(key, missing[1])}: expected a value, got none (the key is required)"
    got = _lookup(data, key)
    if what.startswith("Invalid enum value"):
        choices = _choices(key)
        return f"{source}:{key}: expected one of {choices}, got {_shown(got)}"
    expected = _HINTS.get(key)
    if expected is None:
        shape = re.fullmatch(r"Expected `([^`]*)`(.*?)(?:, got `[^`]*`)?", what)
        if shape:
            kinds = [_TYPE_NAMES.get(k, k) for k in shape[1].split(" | ") if k != "null"]
            expected = " or ".join(kinds) + shape[2]
            if isinstance(got, float) and "a string" in kinds:  # money and percentages
                expected = 'a quoted decimal like "0.30", or an integer'
        else:
            expected = what[0].lower() + what[1:]
    return f"{source}:{key.replace('[...]', '')}: expected {expected}, got {_shown(got)}"


def _choices(key: str) -> str:
    section, _, name = re.sub(r"\[\d+\]", "[]", key).rpartition(".")
    name = name.removesuffix("[]")  # an item of an array key: the array's choices
    struct = _SECTIONS.get(section)
    for f in msgspec.structs.fields(struct) if struct else ():
        if f.encode_name == name:
            return ", ".join(repr(c) for c in _literals(f.type))
    return "a listed value"


def _literals(kind: Any) -> list[Any]:
    """The values of a Literal type, also inside `Literal[...] | None`."""
    if get_origin(kind) is Literal:
        return list(get_args(kind))
    return [value for arg in get_args(kind) for value in _literals(arg)]


def _join(key: str, name: str) -> str:
    return f"{key}.{name}" if key else name


def _lookup(data: Any, key: str) -> Any:
    """The value at a msgspec path (`rake.stakes[0].cap`; `[...]` is a table's value: its first odd one)."""
    value = data
    for part in re.findall(r"[^.\[\]]+|\[\d+\]|\[\.\.\.\]", key):
        if part == "[...]" and isinstance(value, dict):
            value = next((v for v in value.values() if not isinstance(v, (str, int)) or isinstance(v, bool)), value)
        elif part.startswith("[") and isinstance(value, list):
            value = value[int(part[1:-1])]
        elif isinstance(value, dict):
            value = value.get(part)
        else:
            return value
    return value


def _shown(value: object) -> str:
    """A value as the file wrote it, with its TOML kind: `string "four"`, `float 4.5`, `table`."""
    if isinstance(value, _Said):
        return str(value)
    if isinstance(value, bool):
        return f"boolean {str(value).lower()}"
    if isinstance(value, str):
        text = value if len(value) <= 40 else value[:37] + "..."
        return f"string {text!r}"
    if isinstance(value, int):
        return f"integer {value}"
    if isinstance(value, float):
        return f"float {value!r}"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, date):
        return f"{type(value).__name__} {value.isoformat()}"
    return str(value)
