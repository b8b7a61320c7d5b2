"""The help screens as a person reads them: plain words, no type labels, no ragged lines.

typer renders help with rich and labels every parameter with its Python type (`<bool>` beside a flag,
`<str>`, `<int range>`, `paths... <list[str]>`, `{paths}...` in the usage line) and keeps the line
breaks of a docstring, which rich then wraps again mid-sentence. hhtool's help follows ruff's and
git's: a flag shows no value, an option shows what to type (`FILE`, `N`, or the name in capitals),
a choice lists its values once in the help text, an argument is `PATH...`, and a paragraph is one
paragraph, wrapped to the terminal. Everything is done once, when the command group is built.

The help texts are also made literal: rich's markup would take `hhtool[dask]` or `[rake]` for a style
tag and drop it; hhtool's help uses no markup, so each text is escaped once.
"""

from __future__ import annotations

import re

_PARAGRAPH_BREAK = re.compile(r"\n\s*\n")


def _reflow(text: str) -> str:
    """One line per paragraph (a blank line separates paragraphs; a line starting with `-` or `*`
    is a list item and keeps its own line), for rich to wrap to the terminal's width."""
    paragraphs = []
    for block in _PARAGRAPH_BREAK.split(text.strip()):
        lines: list[str] = []
        for line in block.splitlines():
            stripped = line.strip()
            if lines and not stripped.startswith(("- ", "* ")):
                lines[-1] = f"{lines[-1]} {stripped}"
            else:
                lines.append(stripped)
        paragraphs.append("\n".join(lines))
    return "\n\n".join(paragraphs)


def _value_name(param) -> str:
    """What a person types for a value: the option's long name (or the argument's) in capitals."""
    longest = max(getattr(param, "opts", ()) or [param.name or "value"], key=len)
    return longest.lstrip("-").upper().replace("_", "-")


def _no_type_label(param) -> None:
    param.display_type_rich = lambda ctx=None: None


def _tidy_help_option(command) -> None:
    """click makes the --help option when a help screen is drawn: label it then."""
    made = command.get_help_option

    def help_option(ctx):
        option = made(ctx)
        if option is not None:
            _no_type_label(option)
        return option

    command.get_help_option = help_option


def _choices(param) -> tuple[str, ...]:
    source = getattr(param, "type_descriptor", None) or getattr(param, "type", None)  # typer's, or click's
    choices = getattr(source, "choices", None)
    return tuple(str(getattr(c, "value", c)) for c in choices) if choices else ()


def _tidy_parameter(param) -> None:
    from rich.markup import escape

    if getattr(param, "param_type_name", "") == "argument":
        shown = param.metavar or _value_name(param)
        shown += "..." if param.nargs != 1 else ""
        usage = shown if param.required else f"[{shown}]"
        param.metavar = shown
        _no_type_label(param)  # the name says it: no `<list[str]>`
        param.get_usage_pieces = lambda ctx: [usage]
    elif getattr(param, "is_flag", False) or getattr(param, "count", False):
        _no_type_label(param)  # a flag takes no value: no `<bool>`
    elif param.metavar is None:
        choices = _choices(param)
        param.metavar = _value_name(param)
        if choices and param.help and "one of" not in param.help:
            param.help = f"{param.help.rstrip()} One of: {', '.join(choices)}."
    if isinstance(param.help, str):
        param.help = escape(_reflow(param.help))


def tidy_help(command) -> None:
    """Tidy a command's help and its parameters' (see the module's docstring), and those of its
    sub-commands (a group added with add_typer)."""
    from rich.markup import escape

    for attr in ("help", "short_help", "epilog"):
        text = getattr(command, attr, None)
        if isinstance(text, str):
            setattr(command, attr, escape(_reflow(text)))
    for param in command.params:
        _tidy_parameter(param)
    _tidy_help_option(command)
    for sub in getattr(command, "commands", {}).values():
        tidy_help(sub)
