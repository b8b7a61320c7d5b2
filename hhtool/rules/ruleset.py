"""The RuleSet: betting structure from the hand header plus house rules from a TOML file.

Defaults are the standard rules of RULES.md; a TOML file switches house rules (see README,
"House rules"). Money in the file is written in major units ("0.30") and read with Decimal.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field, replace
from decimal import ROUND_DOWN, ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal
from pathlib import Path

ROUNDING = {"half_even": ROUND_HALF_EVEN, "half_up": ROUND_HALF_UP, "down": ROUND_DOWN}


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
    """Stakes (big blind in minor units, currency) → level; no flop, no drop; rounding mode."""

    levels: dict[tuple[str, int, bool], RakeLevel] = field(default_factory=dict)  # (currency, bb, fixed limit)
    default: RakeLevel | None = None
    no_flop_no_drop: bool = True
    rounding: str = "half_even"
    name: str = "custom"

    def level_for(self, currency: str, big_blind: int, fixed_limit: bool = False) -> RakeLevel | None:
        """The level for a stake; fixed-limit tables have their own (a room's limit schedule differs)."""
        return self.levels.get((currency, big_blind, fixed_limit), self.default)

    def due(self, level: RakeLevel, pot: int, players: int) -> int:
        """The rake the schedule takes from a pot (minor units)."""
        percent = level.percent_for(players)
        amount = int((percent * pot / 100).quantize(Decimal(1), rounding=ROUNDING[self.rounding]))
        cap = level.cap_for(players)
        return min(amount, cap) if cap is not None else amount


@dataclass(frozen=True, slots=True)
class RuleSet:
    min_players: int = 2
    max_players: int = 10
    min_bet_turn_river_bb: int = 1  # 004's house rule asks 2 big blinds on turn and river
    raise_cap: int = 4  # bets per round in fixed limit: bet, raise, re-raise, cap
    cap_heads_up: bool = False  # whether the fixed-limit cap also applies heads-up
    button_draw: str = "highest_card"  # or "highest_acts_first" (seed 000's reading)
    min_buyin_bb: int = 50
    odd_chip: str = "left_of_button"  # or "first_winner_in_seat_order"
    rake: RakeSchedule | None = None


def _money(value, scale: int, where: str) -> int:
    try:
        amount = Decimal(str(value)) * scale
    except Exception as exc:  # noqa: BLE001 - any unreadable value is a usage error
        raise RulesError(f"{where}: not an amount: {value!r}") from exc
    if amount != amount.to_integral_value():
        raise RulesError(f"{where}: {value!r} has more decimals than the currency")
    return int(amount)


def _level(entry: dict, scale: int, where: str) -> RakeLevel:
    try:
        percent = Decimal(str(entry["percent"]))
    except KeyError:
        raise RulesError(f"{where}: 'percent' is missing") from None
    percents = entry.get("percent_by_players", {})
    if not isinstance(percents, dict):
        raise RulesError(f"{where}: percent_by_players must be a table like {{ \"5+\" = \"4\" }}")
    caps = entry.get("cap", {})
    if not isinstance(caps, dict):  # a single cap for any number of players
        caps = {"2": caps}
    parsed = []
    for players, amount in caps.items():
        parsed.append((_min_players(players, where), _money(amount, scale, where)))
    by_players = tuple(sorted((_min_players(k, where), Decimal(str(v))) for k, v in percents.items()))
    return RakeLevel(percent, tuple(sorted(parsed)), by_players)


def _min_players(key, where: str) -> int:
    try:
        return int(str(key).rstrip("+").split("-")[0])
    except ValueError:
        raise RulesError(f"{where}: {key!r} is not a player count like '2', '3-4', '5+'") from None


def load_rules(path: str | Path) -> RuleSet:
    """Read a house-rules TOML file; unknown keys are an error (a typo must not pass silently)."""
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise RulesError(f"cannot read rules file {path}: {exc.strerror or exc}") from exc
    except tomllib.TOMLDecodeError as exc:
        raise RulesError(f"rules file {path} is not valid TOML: {exc}") from exc
    return rules_from_dict(data)


_TABLE_KEYS = {"min_players", "max_players", "min_bet_turn_river_bb", "raise_cap", "cap_heads_up", "button_draw",
               "min_buyin_bb", "odd_chip"}


def rules_from_dict(data: dict) -> RuleSet:
    rules = RuleSet()
    table = data.get("table", {})
    unknown = set(table) - _TABLE_KEYS
    if unknown:
        raise RulesError(f"unknown key(s) in [table]: {', '.join(sorted(unknown))}")
    if table.get("button_draw", "highest_card") not in ("highest_card", "highest_acts_first"):
        raise RulesError("button_draw must be 'highest_card' or 'highest_acts_first'")
    if table.get("odd_chip", "left_of_button") not in ("left_of_button", "first_winner_in_seat_order"):
        raise RulesError("odd_chip must be 'left_of_button' or 'first_winner_in_seat_order'")
    rules = replace(rules, **table)
    if "rake" in data:
        rules = replace(rules, rake=_schedule(data["rake"]))
    return rules


def _schedule(rake: dict) -> RakeSchedule:
    scale = int(rake.get("scale", 100))
    rounding = rake.get("rounding", "half_even")
    if rounding not in ROUNDING:
        raise RulesError(f"rake.rounding must be one of {', '.join(ROUNDING)}")
    currency = rake.get("currency", "USD")
    levels = {}
    for i, entry in enumerate(rake.get("stakes", [])):
        where = f"rake.stakes[{i}]"
        if "big_blind" not in entry:
            raise RulesError(f"{where}: 'big_blind' is missing")
        limit = entry.get("limit", "no_limit")
        if limit not in ("no_limit", "fixed"):
            raise RulesError(f"{where}: limit must be 'no_limit' (also pot limit) or 'fixed'")
        key = (entry.get("currency", currency), _money(entry["big_blind"], scale, where), limit == "fixed")
        levels[key] = _level(entry, scale, where)
    default = _level(rake, scale, "rake") if "percent" in rake else None
    return RakeSchedule(levels, default, bool(rake.get("no_flop_no_drop", True)), rounding, rake.get("name", "custom"))


def _cents(text: str) -> int:
    return int(Decimal(text) * 100)


def pokerstars_schedule() -> RakeSchedule:
    """PokerStars no-limit / pot-limit cash schedule as published (shared/RAKE.md), USD."""
    table = [  # big blind, percent, caps for 2 / 3-4 / 5+ players
        ("0.02", "3.50", "0.30", "0.30", "0.30"),
        ("0.05", "4.15", "0.50", "0.50", "1.00"),
        ("0.10", "4.50", "0.50", "1.00", "1.50"),
        ("0.25", "5.00", "0.50", "1.00", "2.00"),
        ("0.50", "5.00", "1.00", "1.00", "2.50"),
        ("1", "5.00", "1.25", "1.25", "2.75"),
    ]
    levels = {
        ("USD", _cents(bb), False): RakeLevel(Decimal(pct), ((2, _cents(c2)), (3, _cents(c34)), (5, _cents(c5))))
        for bb, pct, c2, c34, c5 in table
    }
    # fixed limit, June 2012: $1/$2 (big blind $1) and $2/$4 (big blind $2); 2 players as 3-4
    levels[("USD", 100, True)] = RakeLevel(Decimal("3"), ((2, 70), (5, 80)), ((5, Decimal("4")),))
    levels[("USD", 200, True)] = RakeLevel(Decimal("3"), ((2, 70), (5, 125)))
    return RakeSchedule(levels, None, True, "half_even", "pokerstars")
