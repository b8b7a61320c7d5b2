"""`hhtool show` in the terminal: the seats, every line of the hand with the pot and the actor's stack
after it and each finding under its line, then the board, the pots and who collected.

Everything read from the hand (names, the text itself) goes in as rich `Text`, never as markup, and
through `printable`, so a player name can neither style the output nor drive the terminal.
"""

from __future__ import annotations

from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from hhtool.findings import Finding, Severity
from hhtool.safetext import printable
from hhtool.show.steps import HandView

SEVERITY_STYLE = {Severity.ERROR: "bold red", Severity.WARNING: "yellow", Severity.INFO: "cyan"}
SUIT_STYLE = {"h": "red", "d": "red", "c": "", "s": ""}
_ACTIONS = {"PostBlind", "PostAnte", "Fold", "Check", "Call", "Bet", "RaiseTo", "ReturnUncalled", "Collect", "CashOut"}


def cards_text(cards) -> Text:
    out = Text()
    for i, card in enumerate(cards):
        if i:
            out.append(" ")
        out.append(printable(card), style=SUIT_STYLE.get(card[-1:], ""))
    return out


def finding_text(f: Finding) -> Text:
    text = Text()
    text.append("  ↳ ", style="dim")
    text.append(f"{f.code} [{f.severity}] ", style=SEVERITY_STYLE.get(f.severity, ""))
    text.append(printable(f.message))
    return text


def render(view: HandView) -> Group:
    """The whole hand as rich renderables, top to bottom."""
    r = view.result
    title = Text(f"Hand {printable(r.hand_id or '?')}", style="bold")
    title.append(f" · {r.site} · {r.status} · {printable(r.file)}:{r.line}")
    errors = sum(f.severity is Severity.ERROR for f in r.findings)
    title.append(
        f" · {_count(len(r.findings), 'finding')} ({_count(errors, 'error')})",
        style="bold red" if errors else "green" if not r.findings else "yellow",
    )
    parts: list = [title]
    if view.game:  # a line of its own: the title, with the file's path, is long enough
        parts.append(Text(view.game, style="bold"))
    if view.seats:
        parts += [Text(), _seats(view)]
    parts += [Text(), _lines(view)]
    if view.steps:
        parts += [Text(), _results(view)]
    loose = view.loose_findings()
    if loose:
        parts.append(Text("Findings elsewhere:", style="bold"))
        parts += [finding_text(f).append(f" ({printable(f.file)}:{f.line})") for f in loose]
    return Group(*parts)


def _count(n: int, what: str) -> str:
    return f"{n} {what}{'' if n == 1 else 's'}"


def _seats(view: HandView) -> Table:
    table = Table(title="Seats", title_justify="left", show_edge=False, pad_edge=False)
    for name, justify in (
        ("seat", "right"),
        ("player", "left"),
        ("position", "left"),
        ("stack", "right"),
        ("final", "right"),
        ("net", "right"),
        ("cards", "left"),
    ):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    known = view.steps[-1].cards if view.steps else {}
    for s in view.seats:
        net = s.final - s.start
        table.add_row(
            str(s.seat),
            Text(printable(s.player)),
            s.position if s.dealt_in else "not dealt in",
            view.money(s.start),
            view.money(s.final),
            Text(view.money(net), style="green" if net > 0 else "red" if net < 0 else ""),
            cards_text(known.get(s.player, ())),
        )
    return table


def _lines(view: HandView) -> Table:
    table = Table(title="Replay", title_justify="left", show_edge=False, pad_edge=False)
    table.add_column("line", justify="right", style="dim")
    table.add_column("hand history")
    table.add_column("pot", justify="right")
    table.add_column("stack", justify="right")
    at = view.steps_by_line()
    for offset, line_text in enumerate(view.lines):
        number = view.first_line + offset
        step = at.get(number)
        pot = stack = ""
        style = "dim"
        if step is not None:
            style = "bold" if step.kind == "StreetStart" else ""
            if step.kind in _ACTIONS or step.kind == "StreetStart":  # a street starts after the uncalled returns
                pot = view.money(step.pot)
            if step.kind in _ACTIONS and step.actor is not None and step.actor in step.stacks:
                stack = view.money(step.stacks[step.actor])
        table.add_row(str(number), Text(printable(line_text), style=style), pot, stack)
        for f in view.findings_at(number):
            table.add_row("", finding_text(f), "", "")
    return table


def _results(view: HandView) -> Group:
    end = view.steps[-1]
    parts: list = []
    for i, board in enumerate(end.boards):
        label = "Board" if len(end.boards) == 1 else f"Board, run {i + 1}"
        parts.append(Text(f"{label}: ").append(cards_text(board)))
    if view.total_pot is not None:
        parts.append(Text(f"Pot {view.money(view.total_pot)} in all, rake {view.money(view.rake or 0)}"))
    for i, pot in enumerate(view.pots):
        name = "Main pot" if i == 0 else f"Side pot {i}"
        line = Text(f"{name} {view.money(pot.amount)}: eligible ")
        line.append(printable(", ".join(pot.eligible)) or "nobody")
        line.append("; won by " + (printable(", ".join(pot.winners)) or "nobody"))
        parts.append(line)
    for player, amount in view.collected.items():
        parts.append(Text(f"{printable(player)} collected {view.money(amount)}", style="green"))
    return Group(*parts)


def print_view(view: HandView, console: Console | None = None) -> None:
    (console or Console(highlight=False)).print(render(view))
