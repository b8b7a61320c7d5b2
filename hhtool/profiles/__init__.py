"""Room profiles: the house rules of the rule sheets hhtool started from, shipped as rules files.

Each profile is a `NAME.toml` beside this module, an ordinary rules file (the strict format of
`--rules FILE`, checked by `hhtool.rules.ruleset`) whose `[about]` section names its rule sheet
(shared/seeds/) and says, by RULES.md id, what the sheet reads. `--rules profile:NAME` selects one;
`hhtool rules --profiles` lists them.

    >>> from hhtool.profiles import load_rules_spec
    >>> load_rules_spec("profile:casino-hu").min_players
    4
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, fields
from importlib import resources

import msgspec

from hhtool import dialects
from hhtool.rules.ruleset import AboutFile, RulesError, RuleSet, load_rules, rules_from_dict

PREFIX = "profile:"

# The RuleSet settings and the RULES.md rule each one switches (for the listing).
SETTING_RULES = {
    "min_players": "T1",
    "max_players": "T1",
    "min_buyin_bb": "T4",
    "button_draw": "T6",
    "min_bet_turn_river_bb": "A4",
    "raise_cap": "A6",
    "cap_heads_up": "A6",
    "raise_cap_limits": "A6",
    "odd_chip": "S4",
    "rake": "P3",
}


@dataclass(frozen=True)
class Profile:
    name: str
    rules: RuleSet
    about: AboutFile

    def changes(self) -> list[tuple[str, str, object]]:
        """(rule id, setting, value) of each setting that differs from the standard rules."""
        standard = RuleSet()
        return [
            (SETTING_RULES.get(f.name, ""), f.name, getattr(self.rules, f.name))
            for f in fields(RuleSet)
            if getattr(self.rules, f.name) != getattr(standard, f.name)
        ]


def names() -> list[str]:
    """The profiles shipped with hhtool, standard first."""
    found = sorted(p.name[:-5] for p in resources.files(__name__).iterdir() if p.name.endswith(".toml"))
    return sorted(found, key=lambda n: n != "standard")


def profile(name: str) -> Profile:
    """A shipped profile, read and checked like any rules file; RulesError for an unknown name."""
    if name not in names():
        raise RulesError(f"no profile {name!r}; profiles: {', '.join(names())} ('hhtool rules --profiles')")
    source = f"{PREFIX}{name}"
    try:
        data = tomllib.loads(resources.files(__name__).joinpath(f"{name}.toml").read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:  # a broken shipped file is our bug, reported like a user's
        raise RulesError(f"{source}: not valid TOML: {exc}") from None
    rules = rules_from_dict(data, source, dialects.replayed_sites())
    about = msgspec.convert(data.get("about", {"title": name}), AboutFile, strict=True)
    return Profile(name, rules, about)


def load_rules_spec(spec: str) -> RuleSet:
    """`--rules` as given: `profile:NAME` for a shipped profile, else the path of a rules file."""
    if spec.startswith(PREFIX):
        return profile(spec[len(PREFIX) :]).rules
    return load_rules(spec, dialects.replayed_sites())


def describe(profiles: list[Profile] | None = None) -> str:
    """The listing of `hhtool rules --profiles`: each profile, its sheet, its settings and notes by rule id."""
    blocks = []
    for p in profiles if profiles is not None else [profile(n) for n in names()]:
        lines = [f"{PREFIX}{p.name}  {p.about.title}"]
        if p.about.source:
            lines.append(f"  source: {p.about.source}")
        changes = p.changes()
        settings = ", ".join(f"{name} = {_value(value)} ({rule})" for rule, name, value in changes)
        lines.append(f"  settings: {settings or 'none changed: the standard rules'}")
        lines += [f"  {rule}: {note}" for rule, note in sorted(p.about.rules.items(), key=lambda kv: _order(kv[0]))]
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n"


def _value(value: object) -> str:
    if isinstance(value, tuple):
        return "[" + ", ".join(repr(v) for v in value) + "]"
    return repr(value) if isinstance(value, str) else str(value)


def _order(rule: str) -> tuple[int, str]:
    """RULES.md order: table, blinds and dealing, betting, pots and showdown."""
    return ("TBDAPS".find(rule[0]), rule)
