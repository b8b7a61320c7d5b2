"""Project configuration, found the way linters find theirs: `[tool.hhtool]` in a `pyproject.toml`, or
an `hhtool.toml`, in the working directory or the nearest folder above it.

A team keeps its house rules, rake schedule, output formats and finding selection beside its hand
histories instead of repeating options. Precedence, highest first: an option on the command line,
the file given with `--config`, the discovered file, the built-in defaults. `--config FILE` is used
instead of discovery, `--isolated` ignores every configuration file. The file is checked whole
before any hand is read; a problem is one line naming the key (a usage error, exit code 2).
"""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import msgspec

from hhtool import dialects
from hhtool.io.limits import OptionFileError, TomlLimit, check_toml, read_option_file
from hhtool.rules.ruleset import RuleSet, rules_from_dict

FILE_NAMES = ("hhtool.toml", "pyproject.toml")  # in one folder, hhtool.toml wins


class ConfigError(ValueError):
    """A configuration file that cannot be used: the message names the file and key."""


class FormatDefaults(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """[tool.hhtool.format]: the default --format of each command."""

    parse: Literal["jsonl", "text"] | None = None
    validate: Literal["text", "concise", "json", "jsonl", "github", "sarif", "junit"] | None = None
    stats: Literal["text", "csv", "json", "html"] | None = None
    audit: Literal["text", "json", "html"] | None = None


class ConfigFile(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """The keys of [tool.hhtool] (or of an hhtool.toml's top level)."""

    rules: str | dict[str, Any] | None = None  # a rules file (relative to this file) or the rules inline
    select: list[str] = []
    extend_select: list[str] = msgspec.field(default_factory=list, name="extend-select")
    ignore: list[str] = []
    per_file_ignores: dict[str, list[str]] = msgspec.field(default_factory=dict, name="per-file-ignores")
    consequences: bool | None = None  # false: leave out the findings that follow from an earlier one
    baseline: str | None = None  # a baseline file (relative to this file): its findings are not reported
    severity: Literal["error", "warning", "info"] | None = None
    strict: bool | None = None
    format: FormatDefaults = msgspec.field(default_factory=FormatDefaults)


@dataclass(slots=True)
class Config:
    """The settings of one run's configuration file (all empty when there is none)."""

    source: Path | None = None  # the file read, None for defaults only
    data: ConfigFile = field(default_factory=ConfigFile)

    def rules_file(self) -> str | None:
        """The rules named by `rules = "..."`: a path relative to this file, made absolute, or a name
        with a scheme (`profile:NAME`) as written; the caller loads it the way it loads --rules."""
        rules = self.data.rules
        if not isinstance(rules, str) or self.source is None:
            return None
        if re.match(r"[a-z]+:(?![\\/])", rules):  # profile:casino-hu, not C:\ or a path
            return rules
        path = Path(rules).expanduser()
        return str(path if path.is_absolute() else self.source.parent / path)

    def inline_rules(self) -> RuleSet | None:
        """The house rules written in this file (a `rules` table), checked whole (RulesError names
        the key), or None."""
        rules = self.data.rules
        if not isinstance(rules, dict) or self.source is None:
            return None
        return rules_from_dict(rules, self.inline_rules_source(), dialects.replayed_sites())

    def inline_rules_source(self) -> str:
        return f"{self.source}:{self._prefix()}rules"

    def baseline_file(self) -> str | None:
        """The `baseline = "..."` file, made absolute against this file's folder."""
        if self.data.baseline is None or self.source is None:
            return None
        path = Path(self.data.baseline).expanduser()
        return str(path if path.is_absolute() else self.source.parent / path)

    def root(self) -> str | None:
        """The folder `per-file-ignores` globs are relative to: this file's."""
        return str(self.source.parent) if self.source is not None else None

    def format_for(self, command: str) -> str | None:
        return getattr(self.data.format, command)

    def _prefix(self) -> str:
        return "tool.hhtool." if self.source is not None and self.source.name == "pyproject.toml" else ""


def load_config(
    explicit: str | os.PathLike | None = None, isolated: bool = False, start: str | os.PathLike | None = None
) -> Config:
    """The configuration of a run: `explicit` (--config) when given, else the file found upward from
    `start` (default: the working directory), none with `isolated`."""
    if isolated and explicit is not None:
        raise ConfigError("--config and --isolated cannot be used together")
    if isolated:
        return Config()
    if explicit is not None:
        path = Path(explicit)
        table = _read(path)
        if path.name == "pyproject.toml" or "tool" in table and "hhtool" in table.get("tool", {}):
            section = table.get("tool", {}).get("hhtool")
            if section is None:
                raise ConfigError(f"{path}: no [tool.hhtool] table")
            return _config(path, section, "tool.hhtool.")
        return _config(path, table, "")
    try:
        found = find_config(Path(start) if start is not None else Path.cwd())
    except FileNotFoundError:  # the working directory was deleted: there is nothing above it to find
        return Config()
    if found is None:
        return Config()
    path, section = found
    return _config(path, section, "tool.hhtool." if path.name == "pyproject.toml" else "")


def find_config(start: Path) -> tuple[Path, dict[str, Any]] | None:
    """The nearest hhtool.toml, or pyproject.toml with a [tool.hhtool] table, in `start` or above it.

    A pyproject.toml without [tool.hhtool] is passed over, as ruff and mypy do."""
    folder = start.resolve()
    for candidate in (folder, *folder.parents):
        for name in FILE_NAMES:
            path = candidate / name
            if not path.is_file():
                continue
            table = _read(path)
            if name == "hhtool.toml":
                return path, table
            section = table.get("tool", {}).get("hhtool") if isinstance(table.get("tool"), dict) else None
            if section is not None:
                return path, section
    return None


def _read(path: Path) -> dict[str, Any]:
    try:
        raw = read_option_file(path, "configuration file")
    except OSError as exc:
        raise ConfigError(f"cannot read configuration file {path}: {exc.strerror or exc}") from None
    except OptionFileError as exc:
        raise ConfigError(str(exc)) from None
    try:
        text = raw.decode("utf-8")
        check_toml(text)
        return tomllib.loads(text)
    except UnicodeDecodeError:
        raise ConfigError(f"{path}: not UTF-8 text; save the configuration file as UTF-8") from None
    except TomlLimit as exc:
        raise ConfigError(f"{path}:{exc.line}:{exc.column}: {exc} (hhtool's limit)") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML: {exc}") from None


_AT = re.compile(r"^(?P<what>.*?)(?: - at `\$(?P<at>[^`]*)`)?$", re.DOTALL)


def _config(path: Path, section: Any, prefix: str) -> Config:
    if not isinstance(section, dict):
        raise ConfigError(f"{path}:{prefix.rstrip('.') or 'hhtool'}: expected a table")
    try:
        data = msgspec.convert(section, ConfigFile, strict=True)
    except msgspec.ValidationError as exc:
        match = _AT.match(str(exc))
        what, at = (match["what"], (match["at"] or "").lstrip(".")) if match else (str(exc), "")
        unknown = re.fullmatch(r"Object contains unknown field `(.*)`", what)
        if unknown:
            struct = FormatDefaults if at == "format" else ConfigFile
            known = ", ".join(f.encode_name for f in msgspec.structs.fields(struct))
            key = f"{at}.{unknown[1]}" if at else unknown[1]
            raise ConfigError(f"{path}:{prefix}{key}: unknown key; expected one of {known}") from None
        raise ConfigError(f"{path}:{prefix}{at}: {what[0].lower()}{what[1:]}") from None
    return Config(path, data)
