"""docs/rules.md: one section per finding code, the page SARIF's `helpUri` of each rule points at.

Written from the catalogue (`hhtool.codes`), so every code has its anchor (`#hh114`, GitHub's anchor
of a `## HH114 ...` heading); `tests/test_lint_output.py` checks that the file in the repository is
what this writes. Also the rule names SARIF wants: the title in PascalCase, no spaces.
"""

from __future__ import annotations

import re

from hhtool.codes import CATALOGUE, RULE_TEXT

PAGE = "docs/rules.md"


def anchor(code: str) -> str:
    return code.lower()


def help_uri(code: str) -> str:
    """The rule's section of docs/rules.md, relative to the repository root."""
    return f"{PAGE}#{anchor(code)}"


def rule_name(title: str) -> str:
    """`bet or raise below the minimum` -> `BetOrRaiseBelowTheMinimum` (SARIF's rule name: no spaces)."""
    words = re.findall(r"[A-Za-z0-9]+", title.replace("'", ""))
    return "".join(word[:1].upper() + word[1:] for word in words)


def rules_markdown() -> str:
    out = [
        "# Finding codes\n",
        (
            "\nEvery code hhtool reports, as `hhtool rules CODE` explains it. Written by "
            "`python -m hhtool.outputs.rule_docs` from `hhtool/codes.py`; SARIF's `helpUri` points here.\n"
        ),
    ]
    for entry in CATALOGUE.values():
        rule = f"{entry.rule}: {RULE_TEXT[entry.rule]}" if entry.rule in RULE_TEXT else "input and parsing"
        out.append(
            f"\n## {entry.code}\n\n**{entry.title}** ({entry.severity.value}; `{rule_name(entry.title)}`)\n\n"
            f"- rule: {rule}\n- why: {entry.why}\n- example: {entry.example}\n"
        )
    return "".join(out)


if __name__ == "__main__":
    import sys

    sys.stdout.write(rules_markdown())
