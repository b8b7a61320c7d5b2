"""The line lexer's memos only make lexing faster, never different.

The parser classifies a line it has not met through `classify_new`, which looks up the hints narrowed
to the allowed kinds and remembers what it finds: by whole line, and for a name-led action line by
the text after its first `: ` (`LineMemo.tails`, for the `tail_led` terminals). Whatever those memos
hold, the kind must be the one `LineLexer.classify` finds (hints first, then every allowed terminal in
priority order), line by line, for every set of allowed kinds of every line grammar, on the samples'
lines and on lines whose names are made to mislead the memos.
"""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from hhtool.grammar.lexer import LineMemo, classify_new, tail_led
from hhtool.io import read_blocks

SAMPLES = Path(__file__).resolve().parent.parent / "samples"

# dialect → its parser (each dialect with a line grammar)
PARSERS = {
    "pokerstars": "hhtool.dialects.pokerstars.reader:parser",
    "fulltilt": "hhtool.dialects.fulltilt.parse:parser",
    "winning": "hhtool.dialects.winning.parse:parser",
    "partypoker": "hhtool.dialects.partypoker.parse:parser",
    "ggpoker": "hhtool.dialects.ggpoker.parse:parser",
    "pacific888": "hhtool.dialects.pacific888.parse:parser",
    "betonline": "hhtool.dialects.betonline.parse:parser",
    "bovada": "hhtool.dialects.bovada.reader:parser",
    "winamax": "hhtool.dialects.winamax.parse:parser",
}

# names that a memo by the text after the name could mistake: a name holding `: ` or ending in `:`,
# a name that starts with a hinted first word, and a chat line that quotes an action
_NAMES = ("x", "a: b", "a:", "Seat 1", "Dealt to", "Total", "Hand")


def _parser(ref: str):
    module, _, name = ref.partition(":")
    return getattr(importlib.import_module(module), name)()


def _sample_lines(dialect: str) -> list[str]:
    lines: list[str] = []
    for path in sorted(SAMPLES.iterdir()):
        if path.is_file() and path.suffix == ".txt":
            for block in read_blocks(path, str(path)):
                if block.dialect == dialect or (dialect == "winning" and block.dialect == "winning2016"):
                    lines += [line.strip() for line in block.text.split("\n") if line.strip()]
    return lines


def _misleading(lines: list[str]) -> list[str]:
    """Each name-led line again under other names, and quoted in a chat line, after the line itself."""
    out: list[str] = []
    for line in lines:
        out.append(line)
        colon = line.find(": ")
        if colon > 0:
            tail = line[colon + 2 :]
            out += [f"{name}: {tail}" for name in _NAMES]
            out += [f'{tail}"', f'x: {tail}"', f'Ann said, "x: {tail}"']
    return out


@pytest.mark.parametrize("dialect", sorted(PARSERS))
def test_memoised_classification_is_the_plain_one_for_every_allowed_set(dialect):
    parser = _parser(PARSERS[dialect])
    lexer = parser.lexer
    lines = _misleading(_sample_lines(dialect))
    assert lines, f"no sample lines of {dialect}"
    allowed_sets = {frozenset(name for name in lexer.order if name in actions) for actions in parser.states.values()}
    tails_used = 0
    for allowed in allowed_sets:
        memo = LineMemo(allowed, lexer.fullmatch, lexer.order, lexer.hint_table, lexer.tail_led, lexer.kinds)
        for _ in range(2):  # the second time, the memos hold every line's tail
            for line in lines:
                kind = classify_new(line, memo)
                assert (kind.name if kind else None) == lexer.classify(line, allowed), (line, sorted(allowed))
        tails_used += len(memo.tails)
    if lexer.tail_led & set(lexer.hint_table.verbs.get("folds", ())):
        assert tails_used  # the tail memo was exercised


def test_a_tail_memo_never_outranks_the_chat_test_or_a_first_word():
    parser = _parser(PARSERS["pokerstars"])
    lexer = parser.lexer
    body = next(
        frozenset(name for name in lexer.order if name in actions)
        for actions in parser.states.values()
        if "CALL" in actions and "CHAT" in actions and "DEALT" in actions
    )
    memo = LineMemo(body, lexer.fullmatch, lexer.order, lexer.hint_table, lexer.tail_led, lexer.kinds)
    assert classify_new('Bob: calls 5"', memo).name == "CALL"
    assert memo.tails['calls 5"'].name == "CALL"  # remembered by the text after the name
    assert classify_new('Ann: calls 5"', memo).name == "CALL"  # … and found there
    # a chat line quoting the same action is chat (tried first: chat text is free)
    assert classify_new('Ann said, "x: calls 5"', memo).name == "CHAT"
    # a kind found by the full pass, whose pattern reads the name, is not remembered by the tail
    assert classify_new("Ann finished the tournament: folds now", memo).name == "FINISHED"
    assert "folds now" not in memo.tails
    assert classify_new("Bob: folds now", memo) is None is lexer.classify("Bob: folds now", body)
    # a line led by a hinted first word is not decided by its tail
    assert classify_new("Dealt to Ann [Ac Kd]: calls 5", memo).name == lexer.classify(
        "Dealt to Ann [Ac Kd]: calls 5", body
    )


@pytest.mark.parametrize(
    "pattern, led",
    [
        ("[^\n]+: folds(?: \\[[^\\]\n]*\\])?", True),
        ("[^\\n]+?: calls \\S+(?: and is all-in)?", True),
        ("[^\n]+ collected \\S+ from pot", False),  # no `: ` after the name
        ("[^\n]+?:? (?:is sitting out|sits out)", False),  # the colon is optional
        ("Seat \\d+: [^\n]+", False),  # not led by the name
        ("[^\n]+: folds|x", False),  # an alternative at the top
        ("(?i:[^\n]+: folds)", False),  # flags around the whole
        ("[^\n]+: (?<=a: )folds", False),  # a look-behind reads the name
        ("[^\n]*: folds", False),  # the name may be empty
        ("[^\n]+: (", False),  # not a regex
    ],
)
def test_tail_led_terminals_are_the_name_then_colon_shapes(pattern, led):
    assert tail_led(pattern) is led
