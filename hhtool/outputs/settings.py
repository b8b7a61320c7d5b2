"""--show-settings: the settings a `validate` run would use, resolved (command line, configuration
file, defaults), printed as ruff's `--show-settings` prints them, then the run stops."""

from __future__ import annotations


def settings_text(settings: dict) -> str:
    """`key = value` lines, one per setting, in a fixed order; lists and tables as TOML writes them."""
    width = max(len(key) for key in settings)
    return "".join(f"{key:<{width}} = {_value(value)}\n" for key, value in settings.items())


def _value(value) -> str:
    if value is None:
        return "(none)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_value(k)} = {_value(v)}" for k, v in value.items()) + "}"
    return f'"{value}"'
