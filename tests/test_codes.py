"""Finding codes are declared once (hhtool/codes.py) and everything else reads the declarations: every code
the package or its docs mention is declared, every code declared is raised somewhere, docs/rules.md is what
the declarations write, and a code constant goes wherever its string goes."""

from __future__ import annotations

import ast
import copy
import json
import pickle
import re
from pathlib import Path

import pytest

from hhtool import codes
from hhtool.codes import CATALOGUE, HH114, HH121, RULE_TEXT, Category, Code, finding
from hhtool.outputs.rule_docs import rules_markdown
from hhtool.selection import SelectionError, parse_codes
from hhtool.serialize import to_json_line

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "hhtool"
MENTION = re.compile(r"\bHH[0-9]{3}\b")


def mentioned(text: str) -> set[str]:
    """Every code a text names: in code, strings, comments or prose."""
    return set(MENTION.findall(text))


def raised(source: str) -> set[str]:
    """The codes a module's code uses: a "HHnnn" string or an HHnnn name (imported constant or attribute)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and MENTION.fullmatch(node.value):
            out.add(node.value)
        elif isinstance(node, ast.Name) and MENTION.fullmatch(node.id):
            out.add(node.id)
        elif isinstance(node, ast.Attribute) and MENTION.fullmatch(node.attr):
            out.add(node.attr)
    return out


def package_sources() -> dict[str, str]:
    return {path.relative_to(ROOT).as_posix(): path.read_text() for path in sorted(PACKAGE.rglob("*.py"))}


def test_the_scanners_see_codes_in_code_and_only_there():
    source = 'from hhtool.codes import HH121\nx = finding(HH121, "")\ny = "HH204"\nz = codes.HH301\n# HH999 here\n'
    assert raised(source) == {"HH121", "HH204", "HH301"}
    assert mentioned(source) == {"HH121", "HH204", "HH301", "HH999"}
    assert mentioned("HH1, HH20 and HH1234 are no codes") == set()


def test_every_code_the_package_mentions_is_declared():
    undeclared = {name: sorted(mentioned(text) - set(CATALOGUE)) for name, text in package_sources().items()}
    assert {name: found for name, found in undeclared.items() if found} == {}


def test_every_code_the_docs_mention_is_declared():
    docs = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    undeclared = {doc.name: sorted(mentioned(doc.read_text()) - set(CATALOGUE)) for doc in docs if doc.exists()}
    assert {name: found for name, found in undeclared.items() if found} == {}


def test_every_declared_code_is_raised_by_some_module():
    used = set().union(*(raised(text) for name, text in package_sources().items() if name != "hhtool/codes.py"))
    assert [code for code in CATALOGUE if code not in used] == []


def test_docs_rules_md_is_what_the_declarations_write():
    page = (ROOT / "docs" / "rules.md").read_text()
    assert page == rules_markdown(), "run: python -m hhtool.outputs.rule_docs > docs/rules.md"
    for code in CATALOGUE.values():
        assert f"\n## {code}\n" in page and f"| [{code}](#{code.lower()}) | `{code.name}` |" in page


def test_each_code_is_declared_under_its_own_name_once():
    constants = {name: value for name, value in vars(codes).items() if isinstance(value, Code)}
    assert list(constants) == list(CATALOGUE)  # the module's constants are the catalogue, in its order
    assert all(name == value == value.code and type(value.code) is str for name, value in constants.items())
    names = [code.name for code in CATALOGUE.values()]
    assert len(set(names)) == len(names)
    assert all(re.fullmatch(r"(?:[A-Z][A-Za-z0-9]*)+", name) for name in names)


def test_a_declaration_is_refused_when_it_would_clash_or_cite_no_rule():
    common = {"summary": "s", "why": "w", "example": "e"}
    before = dict(CATALOGUE)
    with pytest.raises(ValueError, match="not a new code"):
        Code("HH121", "SomethingNew", HH121.severity, **common)
    with pytest.raises(ValueError, match="not a new code"):
        Code("HH9", "SomethingNew", HH121.severity, **common)
    with pytest.raises(ValueError, match="PascalCase"):
        Code("HH498", HH121.name, HH121.severity, **common)
    with pytest.raises(ValueError, match="PascalCase"):
        Code("HH498", "not pascal", HH121.severity, **common)
    with pytest.raises(ValueError, match="no rule of RULES.md"):
        Code("HH498", "SomethingNew", HH121.severity, rule="Z9", **common)
    assert CATALOGUE == before


def test_category_rule_and_message_come_from_the_declaration():
    assert [code.category for code in (codes.HH001, HH121, codes.HH201, codes.HH301, codes.HH401)] == list(Category)
    assert all(code.category is tuple(Category)[int(code[2])] for code in CATALOGUE.values())
    assert all(not code.rule or code.rule in RULE_TEXT for code in CATALOGUE.values())
    assert HH121.rule == "A4" and HH121.rule_text == f"A4: {RULE_TEXT['A4']}"
    assert codes.HH001.rule_text == "input and parsing"
    said_values = {"player": "Ann", "by": "$1", "to": "$3", "high": "$1"}
    said = HH121.message(player="Ann", by="$1", to="$3", high="$1")
    assert said == "Ann raises $1 to $3, but the bet to raise was $1" == codes.message("HH121", **said_values)
    with pytest.raises(KeyError):
        HH121.message("no such variant", player="Ann")


def test_a_code_is_its_string():
    assert HH121 == "HH121" and hash(HH121) == hash("HH121") and {"HH121": 1}[HH121] == 1
    assert str(HH121) == f"{HH121}" == "HH121" and type(str(HH121)) is str and repr(HH121) == "'HH121'"
    assert json.dumps({HH121: [HH121]}) == '{"HH121": ["HH121"]}'
    assert to_json_line({HH121: [HH121]}) == b'{"HH121":["HH121"]}\n'
    assert pickle.loads(pickle.dumps(HH121)) is HH121 and copy.deepcopy(HH121) is HH121
    with pytest.raises(AttributeError, match="declared once"):
        HH121.severity = codes.Severity.INFO  # type: ignore[misc]
    with pytest.raises(AttributeError, match="declared once"):
        del HH121.why


def test_a_finding_of_a_constant_is_the_finding_of_its_string():
    by_constant = finding(HH114, "m", "f.txt", 3, 2, hand_id="7", expected=1, actual=0)
    by_string = finding("HH114", "m", "f.txt", 3, 2, hand_id="7", expected=1, actual=0)
    assert by_constant == by_string and type(by_constant.code) is str
    assert (by_constant.rule, by_constant.severity) == (HH114.rule, HH114.severity)
    assert to_json_line(by_constant.as_dict()) == to_json_line(by_string.as_dict())
    with pytest.raises(KeyError):
        finding("HH998", "m", "f.txt", 1)


def test_select_and_ignore_take_declared_codes_and_prefixes_only():
    assert parse_codes(["hh121,HH2", "ALL"], "--select") == ("HH121", "HH2", "HH")
    for bad in ("HH998", "HH9", "X1"):
        with pytest.raises(SelectionError, match="no finding code"):
            parse_codes([bad], "--select")
