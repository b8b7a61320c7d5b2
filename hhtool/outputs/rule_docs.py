"""docs/rules.md: the table of every finding code, then one section per code, the page SARIF's `helpUri`
of each rule points at.

Written from the codes' declarations (`hhtool.codes`), so every code has its row and its anchor (`#hh114`,
GitHub's anchor of a `## HH114` heading); `tests/test_codes.py` checks that the file in the repository is
what this writes (`python -m hhtool.outputs.rule_docs > docs/rules.md` after a change of hhtool/codes.py).
"""

from __future__ import annotations

from hhtool.codes import CATALOGUE, Category, Code

PAGE = "docs/rules.md"


def anchor(code: str) -> str:
    return code.lower()


def help_uri(code: str) -> str:
    """The rule's section of docs/rules.md, relative to the repository root."""
    return f"{PAGE}#{anchor(code)}"


def code_table() -> str:
    """One table per category, by code: code (a link to its section), name, severity, RULES.md rule, summary."""
    out = []
    for digit, category in enumerate(Category):
        out.append(
            f"\n**HH{digit}xx: {category}**\n\n| code | name | severity | rule | summary |\n|---|---|---|---|---|\n"
        )
        for entry in sorted(CATALOGUE.values()):
            if entry.category is category:
                out.append(
                    f"| [{entry.code}](#{anchor(entry.code)}) | `{entry.name}` | {entry.severity.value} | "
                    f"{entry.rule or '-'} | {_cell(entry.summary)} |\n"
                )
    return "".join(out)


def rules_markdown() -> str:
    out = [
        "# Finding codes\n",
        (
            "\nEvery code hhtool reports, as `hhtool rules CODE` explains it. Written by "
            "`python -m hhtool.outputs.rule_docs` from the codes' declarations in `hhtool/codes.py`; "
            "SARIF's `helpUri` points here.\n"
        ),
        "\n## Index\n",
        code_table(),
    ]
    out.extend(_section(entry) for entry in CATALOGUE.values())
    return "".join(out)


def _section(entry: Code) -> str:
    messages = "".join(
        f"- message{f' ({variant})' if variant else ''}: `{template}`\n" for variant, template in entry.messages.items()
    )
    return (
        f"\n## {entry.code}\n\n**{entry.summary}** ({entry.severity.value}; `{entry.name}`)\n\n"
        f"- rule: {entry.rule_text}\n- why: {entry.why}\n- example: {entry.example}\n{messages}"
    )


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


if __name__ == "__main__":
    import sys

    sys.stdout.write(rules_markdown())
