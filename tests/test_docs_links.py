"""Every relative link of README.md and docs/*.md points at a file of the checkout, and every `#anchor` at
a heading of the page it names (as GitHub makes anchors of headings), so the README's pages stay one web."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parent.parent
PAGES = [PROJECT / "README.md", *sorted((PROJECT / "docs").glob("*.md"))]
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)|!\[[^\]]*\]\(([^)\s]+)\)")


def prose(text: str) -> str:
    """The page without its fenced code blocks and inline code (a `[x](y)` there is no link)."""
    text = re.sub(r"^```.*?^```", "", text, flags=re.DOTALL | re.MULTILINE)
    return re.sub(r"`[^`\n]*`", "", text)


def anchor(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped (not `-` and `_`), spaces to `-`."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = re.sub(r"^```.*?^```", "", page.read_text(encoding="utf-8"), flags=re.DOTALL | re.MULTILINE)
    found: set[str] = set()
    seen: dict[str, int] = {}
    for heading in re.findall(r"^#{1,6} (.+)$", text, re.MULTILINE):
        name = anchor(heading)
        count = seen.get(name, 0)
        seen[name] = count + 1
        found.add(name if count == 0 else f"{name}-{count}")
    return found


def links(page: Path) -> list[str]:
    return [a or b for a, b in LINK.findall(prose(page.read_text(encoding="utf-8")))]


def test_anchor_is_githubs():
    assert anchor("`validate`") == "validate"
    assert anchor("One hand: `hhtool show`") == "one-hand-hhtool-show"
    assert anchor("Where a site's own rule differs from RULES.md") == "where-a-sites-own-rule-differs-from-rulesmd"


def test_links_are_found_outside_code_only():
    page = "[a](x.md) and ![b](y.png), `[c](z.md)`\n```\n[d](w.md)\n```\n"
    assert [a or b for a, b in LINK.findall(prose(page))] == ["x.md", "y.png"]


def broken_links(page: Path) -> list[str]:
    """The relative links of a page whose file or heading does not exist."""
    broken = []
    for target in links(page):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target):  # https:, mailto: …: not checked here
            continue
        path, _, fragment = target.partition("#")
        linked = (page.parent / path).resolve() if path else page
        if not linked.exists():
            broken.append(f"{target}: no such file")
        elif fragment and linked.suffix == ".md" and fragment not in anchors(linked):
            broken.append(f"{target}: no heading #{fragment} in {linked.name}")
    return broken


def test_a_missing_file_or_heading_is_a_broken_link(tmp_path):
    (tmp_path / "b.md").write_text("# B page\n\n## Some `code` here\n", encoding="utf-8")
    page = tmp_path / "a.md"
    page.write_text(
        "# A\n[ok](b.md#some-code-here) [self](#a) [web](https://x.org/#nope)\n"
        "[gone](c.md) [no heading](b.md#other) [not here](#b-page)\n",
        encoding="utf-8",
    )
    assert broken_links(page) == [
        "c.md: no such file",
        "b.md#other: no heading #other in b.md",
        "#b-page: no heading #b-page in a.md",
    ]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(PROJECT).as_posix())
def test_every_relative_link_points_at_a_file_and_heading(page):
    assert broken_links(page) == []


def test_the_readme_links_every_docs_page():
    linked = {(PROJECT / t.partition("#")[0]).resolve() for t in links(PROJECT / "README.md")}
    missing = [p.name for p in PAGES[1:] if p.resolve() not in linked]
    assert not missing, missing


# The README opens with the two commands a newcomer copies (CI's test command is the second with `--full`).
INSTALL_AND_VALIDATE = "python3 -m venv .venv && . .venv/bin/activate && pip install . && hhtool validate samples/"
INSTALL_AND_TEST = (
    "python3 -m venv .venv && . .venv/bin/activate && pip install -e '.[test]' && "
    "HHTOOL_CORPUS=../shared/corpus python -m pytest -q"
)


def test_the_readme_is_one_screenful_that_opens_with_the_two_commands():
    text = (PROJECT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 300
    blocks = re.findall(r"^```\w*\n(.*?)^```", text, re.DOTALL | re.MULTILINE)
    assert blocks[:2] == [INSTALL_AND_VALIDATE + "\n", INSTALL_AND_TEST + "\n"]
