"""Site dialects as plug-ins (issue #13, deliver 1): one registry, one record per site.

(a) No PokerStars word is left in hhtool's generic code (every module outside the dialect packages
    `hhtool/dialects/<site>/`, the grammar package `hhtool/grammar` included), and `grammar/` holds
    only dialects' grammars. Another site's package and grammar are that site's business: GGPoker prints
    PokerStars' line shapes for most actions and reuses its line readers.
(b) The registry: every registered dialect's header is recognised by the splitter and by the
    planner (a large file of any site is cut into several tasks at its headers, and the pieces give
    exactly the blocks of a whole read); a toy dialect defined here, with its own grammar and
    declared line kinds, parses through the registry without touching a generic file.

The hand texts are ours, each first line in its client's format (the corpus files named beside).
"""

from __future__ import annotations

import re
from datetime import UTC
from pathlib import Path

import pytest
from lark import Transformer
from msgspec.structs import replace as msgspec_replace

from hhtool import dialects
from hhtool.dialects import Conventions, Dialect, RaiseAmount
from hhtool.engine.plan import cut_file, read_piece
from hhtool.grammar import Status, parse_block
from hhtool.grammar.fields import FieldError
from hhtool.grammar.fields import money as read_money
from hhtool.grammar.kinds import LineKinds
from hhtool.grammar.lalr import LineParser, UnexpectedLine
from hhtool.grammar.lexer import UnknownLine
from hhtool.grammar.parse import hand_id as find_hand_id
from hhtool.grammar.parse import syntax_error, unparsed
from hhtool.grammar.result import ParseResult
from hhtool.io import read_blocks
from hhtool.model import Claims, Fold, Hand, Header, Limit, PostBlind, Seat, Source
from hhtool.model.events import BlindKind
from hhtool.pipeline import parse_paths

ROOT = Path(__file__).resolve().parent.parent

# ---------------------------------------------------------------------------------------------
# (a) no PokerStars word outside its dialect package and its grammar.
#
# The words: what PokerStars prints (its line wording, its section markers, its product names, its
# reference time zone) and its name. Each is matched as a regex; `why` says what makes it PokerStars'.

POKERSTARS_WORDS = {
    "PokerStars": (r"PokerStars", "the site's name, as its headers print it"),
    "pokerstars": (r"\bpokerstars\b", "the site's `site` value: generic code branches on no site"),
    "Zoom": (r"\bZoom\b", "PokerStars' fast-fold product (headers `PokerStars Zoom Hand #`)"),
    "Home Game": (r"Home Game", "PokerStars' private-club product (headers `PokerStars Home Game Hand #`)"),
    "ET": (r"(?<![\w-])ET\b", "PokerStars' server time zone, printed as `[… ET]` beside the local time"),
    "Uncalled bet": (r"Uncalled bet", "`Uncalled bet ($X) returned to P`"),
    "returned to": (r"returned to\b", "`Uncalled bet ($X) returned to P`"),
    "HOLE CARDS": (r"HOLE CARDS", "the `*** HOLE CARDS ***` street marker"),
    "*** SUMMARY": (r"\*\*\* SUMMARY", "the `*** SUMMARY ***` section marker"),
    "SHOW DOWN": (r"SHOW DOWN", "the `*** SHOW DOWN ***` street marker"),
    "FIRST/SECOND": (r"\b(?:FIRST|SECOND) (?:FLOP|TURN|RIVER|Board)\b", "run-it-twice markers and boards"),
    "Hand was run twice": (r"Hand was run twice", "the summary line of a run-twice hand"),
    "posts a blind": (r"posts (?:small|big|button) blind|posts the ante|small & big blinds", "blind and ante lines"),
    "collected": (
        r"collected \S+ from (?:the )?(?:pot|main pot|side pot)|collected \([$€£\d]",
        "`P collected $X from pot` and the summary's `collected ($X)`",
    ),
    "Total pot": (r"Total pot", "the summary's `Total pot $X | Rake $Y`"),
    "in chips": (r"\bin chips\b", "seat lines `Seat 1: P ($2 in chips)`"),
    "is the button": (r"is the button", "the table line `Seat #N is the button`"),
    "said": (r'said, "', 'chat lines `P said, "…"`'),
    "folded on": (r"folded before Flop|folded on the (?:Flop|Turn|River)", "summary seat lines"),
    "didn't bet": (r"didn't bet", "summary seat lines `folded before Flop (didn't bet)`"),
    "mucks hand": (r"mucks hand|doesn't show hand", "muck lines"),
    "cashed out the hand": (r"cashed out the hand|Cash Out Fee", "PokerStars' all-in cash out lines"),
}
# Generic files allowed a word, each with why: references to the dialect's package, not its text.
ALLOWED = {
    ("hhtool/compiled.py", "pokerstars"): "HOT_PATH names the dialect's modules that mypyc compiles",
    ("hhtool/dialects/__init__.py", "pokerstars"): "the registry's line for the PokerStars package",
}

# The site-neutral modules of the PokerStars family (issue #28): the line shapes and words that several sites
# print as PokerStars does, moved out of its package so that no site imports another's; they are dialect
# code, not a generic layer, and every word of the family's text may stand there.
FAMILY_MODULES = {
    "hhtool/dialects/textreader.py": "the seat, table, action and summary lines the family's readers share",
    "hhtool/dialects/hand_names.py": "PokerStars' words of a hand, which WPN's wording starts from",
}

# Files that other branches of issue #13 own and are rewriting (see the note of each); their words are
# reported here, expected until those branches land. An entry whose file has no word left fails
# `test_pending_files_still_hold_a_pokerstars_word`: the list only shrinks.
PENDING: dict[str, str] = {}


def _dialect_package(path: Path) -> str | None:
    """The site of a dialect package's file (hhtool/dialects/<site>/…), else None."""
    parts = path.relative_to(ROOT).parts
    return parts[2] if len(parts) > 3 and parts[:2] == ("hhtool", "dialects") else None


def _words_in(path: Path, words) -> list[tuple[int, str, str]]:
    found = []
    raw = path.read_bytes()
    text = raw.decode("utf-16" if raw[:2] in (b"\xff\xfe", b"\xfe\xff") else "utf-8", errors="replace")
    for number, line in enumerate(text.split("\n"), 1):
        for word in words:
            if re.search(POKERSTARS_WORDS[word][0], line):
                found.append((number, word, line.strip()[:100]))
    return found


def _generic_hits() -> dict[str, list[tuple[int, str, str]]]:
    """Every PokerStars word in hhtool's code outside the dialect packages, by file."""
    hits = {}
    for path in sorted((ROOT / "hhtool").rglob("*.py")):
        if _dialect_package(path) is not None:
            continue
        name = path.relative_to(ROOT).as_posix()
        if name in FAMILY_MODULES:
            continue
        found = [hit for hit in _words_in(path, POKERSTARS_WORDS) if (name, hit[1]) not in ALLOWED]
        if found:
            hits[name] = found
    return hits


def test_no_pokerstars_word_outside_its_dialect_package():
    outside = {name: found for name, found in _generic_hits().items() if name not in PENDING}
    assert outside == {}


def test_pending_files_still_hold_a_pokerstars_word():
    """A file another branch cleaned leaves PENDING (so the test above covers it again)."""
    hits = _generic_hits()
    assert [name for name in PENDING if name not in hits] == []


def test_every_grammar_file_is_a_registered_dialects():
    """grammar/ holds one grammar per dialect and nothing shared: no grammar file but PokerStars' own may
    carry its words, except another site's grammar, which describes that site's lines (GGPoker prints
    PokerStars' line shapes for most actions) and is that dialect's business, like its package."""
    grammars = {d.grammar for d in dialects.dialects() if d.grammar is not None}
    assert "pokerstars" in grammars
    assert sorted(p.stem for p in (ROOT / "grammar").glob("*.lark")) == sorted(grammars)


@pytest.mark.parametrize("word", sorted(POKERSTARS_WORDS))
def test_each_word_is_one_that_pokerstars_text_or_its_dialect_holds(word):
    """The list is honest: every word is found in PokerStars hands (samples/), its package or its grammar
    (a word found nowhere would prove nothing)."""
    places = [
        *sorted((ROOT / "samples").glob("*.txt")),
        ROOT / "grammar" / "pokerstars.lark",
        *sorted((ROOT / "hhtool/dialects/pokerstars").rglob("*.py")),
    ]
    assert any(_words_in(path, (word,)) for path in places)


def test_the_pokerstars_grammar_and_its_declared_line_kinds_agree():
    """Each terminal of grammar/pokerstars.lark has one declaration (its reader, or the section code that
    reads it, with its hint words), and each declaration is a terminal."""
    from hhtool.dialects.pokerstars.reader import LINE_KINDS, parser

    assert LINE_KINDS.check(parser().lexer.order) == []
    assert set(LINE_KINDS.readers) < set(LINE_KINDS.declared)


def test_a_kind_declared_twice_is_refused():
    kinds = LineKinds()
    kinds.declare("FOLD", verbs=("folds",))
    with pytest.raises(ValueError, match="declared twice"):
        kinds.declare("FOLD")


# ---------------------------------------------------------------------------------------------
# (b) every dialect's header, as its client writes it: one hand, `{n}` its number.

HANDS = {
    # samples/ and fpdb-3/pokerstars
    "pokerstars": "PokerStars Hand #{n}:  Hold'em No Limit ($0.01/$0.02 USD) - 2020/04/16 13:54:25 ET\n"
    "Table 'Testa I' 6-max Seat #1 is the button\nSeat 1: Hero ($2 in chips)\n",
    # fpdb-3/pokerstars-format-variants/cash/*RIO.hero.txt
    "pokerstars_clone": "Run It Once Poker Hand #{n}:  Hold'em No Limit (€0.05/€0.10) - 2019/06/25 15:55 UTC\n"
    "Table ID '30263259' 6-Max Seat #1 is the button\n",
    # ggpoker-rush-2025/
    "ggpoker": "Poker Hand #RC{n}: Hold'em No Limit ($0.02/$0.05) - 2025/08/09 05:32:33\n"
    "Table 'RushAndCash10562907' 6-max Seat #1 is the button\nSeat 1: 6277a2ed ($7.04 in chips)\n",
    # fpdb-3/winamax/cash/
    "winamax": "Winamax Poker - CashGame - HandId: #{n}-965-1366095481 - Holdem no limit (0.50/1) - "
    "2013/04/16 06:58:01 UTC\nTable: 'Lexington 02' 5-max (play money) Seat #2 is the button\n",
    # tests/test_site_boundaries.py (fpdb-3/888poker)
    "pacific888": "#Game No : {n}\n***** 888poker Hand History for Game {n} *****\n"
    "$0.05/$0.10 Blinds No Limit Holdem - *** 06 01 2014 22:51:40\n",
    "partypoker": "Game #{n} starts.\n\n#Game No : {n}\n***** Hand History for Game {n} *****\n"
    "$4 USD NL Texas Hold'em - Thursday, May 17, 00:41:12 EEST 2012\n",
    # fpdb-3/fulltilt/cash/
    "fulltilt": "Full Tilt Poker Game #{n}: Table Niebuhr (6 max, deep) - NL Hold'em - $0.01/$0.02 - "
    "18:30:23 UTC - 2013/05/24 [14:30:23 ET - 2013/05/24]\nSeat 1: Player0 ($5.56)\n",
    # fpdb-3/bovada-ignition/cash/
    "bovada": "Bovada Hand #{n} TBL#10253202 HOLDEM Fixed Limit - 2015-12-01 04:04:36\n"
    "Seat 1: UTG+2 [ME] ($2,700 in chips)\n",
    # fpdb-3/acr-winning (UTF-16 there)
    "winning": "Hand #{n} - Holdem(No Limit) - $0.02/$0.05 - 2021/04/20 18:33:50 UTC\n"
    "Fort Lupton 9-max Seat #5 is the button\nSeat 1: Player0 ($9.10)\n",
    "winning2016": "Game started at: 2016/8/2 10:53:49\nGame ID: {n} 2/4 Airavata 2 (Hold'em)\nSeat 2 is the button\n",
    # fpdb-3/betonline-chico
    "betonline": "BetOnline Poker Game #{n}: Hold'em No Limit ($0.01/0.02) - 2016/05/02 13:41:05 "
    "Eastern Daylight Time\nTable 'Entourage' 10-Max, Seat #3 is the button\n",
    # fpdb-3/ipoker, hhsmithy/ipoker-cash/MultipleHandsTests/MinerFormat.txt: a session of one game each
    "ipoker": '<session sessioncode="{n}">\n  <general>\n    <gametype>Holdem NL $0.05/$0.10</gametype>\n'
    '  </general>\n  <game gamecode="{n}">\n    <general/>\n  </game>\n</session>\n',
    # acpc/
    "acpc": "STATE:{n}:r200c/cc/cc/r300f:Ah5d|Kc2c/8s8c4d/Jh/Qd:200|-200:Alpha_2pn|Beta_2pn\n",
    # phh/ (a section of a .phhs file)
    "phh": "[{n}]\nvariant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [5, 10]\nhand = {n}\n",
    # ohh/ (an Open Hand History object on one line, as `convert --to ohh` writes it)
    "ohh": '{{"ohh": {{"spec_version": "1.4.6", "game_number": "{n}", "game_type": "Holdem"}}}}\n',
}
# the hand id each dialect's record reads from the hands above (`{n}` is the number written)
IDS = {"winamax": "{n}-965-1366095481", "ggpoker": "RC{n}", "acpc": "acpc-{n}"}  # acpc: <log name>-<number>


def _file_text(name: str, hands: int, padding: int = 0) -> tuple[str, list[str]]:
    numbers = [str(100000 + 7 * i) for i in range(hands)]
    filler = "".join(f"filler line {k} of the hand before\n" for k in range(padding))
    if name == "acpc" or name == "ipoker":
        filler = ""  # every line of theirs is a hand or part of one
    text = "".join(
        HANDS[name].format(n=n) + ("" if name in ("acpc", "ipoker") else "\n" + filler + "\n") for n in numbers
    )
    return text, numbers


def test_every_registered_dialect_has_a_sample_hand_here():
    """A new dialect adds its header's sample to HANDS, so that the tests below cover it."""
    assert sorted(d.name for d in dialects.dialects()) == sorted(HANDS)


@pytest.mark.parametrize("name", sorted(HANDS))
def test_split_recognises_every_dialects_header(name, tmp_path):
    text, numbers = _file_text(name, 3)
    path = tmp_path / f"{name}.txt"
    path.write_text(text, encoding="utf-8")
    blocks = [b for b in read_blocks(path) if not hasattr(b, "code")]
    assert [b.dialect for b in blocks] == [name] * 3
    expected = [IDS.get(name, "{n}").format(n=n) for n in numbers]
    site = dialects.get(name).site_name
    results = [parse_block(b) for b in blocks]
    assert [r.hand_id for r in results] == expected
    assert {r.site for r in results} == {site}


@pytest.mark.parametrize("name", sorted(HANDS))
def test_plan_cuts_a_large_file_of_every_dialect_on_its_headers(name, tmp_path):
    """A large file of any site becomes several tasks, each starting at a hand's header (its first
    header line for the sites that print several), and the pieces give the blocks of a whole read."""
    text, _numbers = _file_text(name, 40, padding=6)
    path = tmp_path / f"{name}.txt"
    path.write_text(text, encoding="utf-8")
    whole = [(b.line, b.column, b.dialect, b.text) for b in read_blocks(path) if not hasattr(b, "code")]
    assert len(whole) == 40
    for chunk in (len(text) // 9, len(text) // 5 + 3, 301):
        pieces = list(cut_file(str(path), chunk))
        assert len(pieces) > 2, (name, chunk)
        data = path.read_bytes()
        starts = {b.line for b in (read_blocks(path)) if not hasattr(b, "code")}
        context = dialects.get(name).context
        if context is not None:  # a site with file-level sections (iPoker's sessions) is cut where one opens
            starts = {data[: m.start()].count(b"\n") + 1 for m in re.finditer(rb"(?m)" + context, data)}
        for piece in pieces[1:]:
            assert piece.line in starts, (name, chunk, piece)
            assert data[piece.start - 1 : piece.start] == b"\n"
        joined = [
            (b.line, b.column, b.dialect, b.text) for p in pieces for b in read_piece(p) if not hasattr(b, "code")
        ]
        assert joined == whole, (name, chunk)


def test_a_header_only_dialect_is_unsupported_under_its_site_and_id(tmp_path):
    path = tmp_path / "clone.txt"
    path.write_text(_file_text("pokerstars_clone", 1)[0], encoding="utf-8")
    (result,) = list(parse_paths([path]))
    assert (result.status, result.site, result.hand_id) == (Status.UNSUPPORTED, "pokerstars_clone", "100000")
    assert [f.code for f in result.findings] == ["HH021"]


# ---------------------------------------------------------------------------------------------
# (b) a toy dialect, defined here only: its grammar, its declared line kinds, its reader.

TOY_GRAMMAR = r"""
start: header seats body
header: HEADER
seats: SEAT+
body: _line*
_line: POST | FOLD | WINS

HEADER: /Toy Hand #\d+ \([^)\n]*\)/
SEAT: /Seat \d+: [^\n]+ \(\d+\)/
POST: /[^\n]+ posts \d+/
FOLD: /[^\n]+ folds/
WINS: /[^\n]+ wins \S+/
"""

TOY_HAND = """Toy Hand #{n} (1/2)
Seat 1: Ann Lee (200)
Seat 2: Bob (150)
Ann Lee posts 1
Bob posts 2
Ann Lee folds
Bob wins 3
"""

TOY_KINDS = LineKinds()
TOY_KINDS.declare("HEADER", first=("Toy",))
TOY_KINDS.declare("SEAT", first=("Seat",))


@TOY_KINDS.reads("POST", markers=(" posts ",))
def _toy_post(reader, text: str, line: int):
    name, _, amount = text.rpartition(" posts ")
    return PostBlind(
        line, name, BlindKind.SMALL if reader.posts == 0 else BlindKind.BIG, read_money(amount, 1, line), False
    )


@TOY_KINDS.reads("FOLD", markers=(" folds",))
def _toy_fold(reader, text: str, line: int):
    return Fold(line, text[: -len(" folds")], ())


@TOY_KINDS.reads("WINS", markers=(" wins ",))
def _toy_wins(reader, text: str, line: int):
    from hhtool.model import Collect

    name, _, amount = text.rpartition(" wins ")
    return Collect(line, name, read_money(amount, 1, line), None)


class _ToyTransformer(Transformer):
    def __init__(self) -> None:
        super().__init__(visit_tokens=False)

    def header(self, children):
        return children[0]

    def seats(self, children):
        return tuple(children)

    def body(self, children):
        return children

    def start(self, children):
        return tuple(children)


def toy_header(number: str, small: int, big: int, time=None, zone: str | None = None) -> Header:
    values = dict(
        site="toy",
        hand_id=number,
        game="holdem",
        limit=Limit.NO_LIMIT,
        small_blind=small,
        big_blind=big,
        small_bet=big,
        big_bet=big,
        currency="chips",
        scale=1,
        time=time,
        time_zone=zone,
        table="toy",
        max_seats=2,
        button_seat=1,
    )
    fields = Header.__struct_fields__
    for name in fields[: len(fields) - len(Header.__struct_defaults__)]:
        values.setdefault(name, None)  # the other clocks the model keeps (a second, server time): none printed
    return Header(**values)


class _ToyReader:
    posts = 0


_TOY_PARSER: list[LineParser] = []


def toy_read(block) -> ParseResult:
    """The toy dialect's reader: the same shape as a real one, from grammar to ParseResult."""
    number = find_hand_id(block.text, re.compile(r"#(\d+)"))
    if not _TOY_PARSER:
        _TOY_PARSER.append(LineParser(TOY_GRAMMAR, _ToyTransformer(), TOY_KINDS.hints()))
    lines = block.text.split("\n")
    try:
        header_token, seat_tokens, body = _TOY_PARSER[0].parse_lines(lines)
    except (UnknownLine, UnexpectedLine) as exc:
        return syntax_error(exc, block, "toy", number, "toy", "Bob wins")
    small, big = header_token.value.rpartition("(")[2].rstrip(")").split("/")
    header = toy_header(number, int(small), int(big))
    seats = []
    for token in seat_tokens:
        match = re.fullmatch(r"Seat (\d+): (.+) \((\d+)\)", token.value)
        seats.append(Seat(int(match[1]), match[2], int(match[3]), block.line - 1 + token.line))
    reader, events = _ToyReader(), []
    try:
        for token in body:
            events.append(TOY_KINDS.readers[token.type](reader, token.value, block.line - 1 + token.line))
            reader.posts += token.type == "POST"
    except FieldError as exc:
        return unparsed(block, "toy", number, exc.code, str(exc), exc.line, expected=exc.expected, actual=exc.actual)
    hand = Hand(
        header,
        tuple(seats),
        tuple(events),
        Claims(),
        Source(block.file, block.line, block.column),
        lines=len(lines) - 1,
    )
    return ParseResult(Status.PARSED, block.file, block.line, "toy", number, hand=hand)


TOY = Dialect(
    name="toy",
    header=rb"Toy Hand #\d+",
    markers=(b"Toy Hand #",),
    hand_id=r"#(\d+)",
    reader=toy_read,
    conventions=Conventions(prints_uncalled=False, raise_amount=RaiseAmount.ADDED),
)


@pytest.fixture
def toy():
    dialects.register(TOY)
    yield TOY
    dialects.unregister("toy")


def test_a_toy_dialect_parses_through_the_registry(toy, tmp_path):
    path = tmp_path / "toy.txt"
    path.write_text(
        TOY_HAND.format(n=7) + "\n\n" + TOY_HAND.format(n=8).replace("Bob wins 3", "Bob wins 3.5"), encoding="utf-8"
    )
    first, second = list(parse_paths([path]))
    assert (first.status, first.site, first.hand_id) == (Status.PARSED, "toy", "7")
    hand = first.hand
    assert [s.player for s in hand.seats] == ["Ann Lee", "Bob"]
    assert [type(e).__name__ for e in hand.events] == ["PostBlind", "PostBlind", "Fold", "Collect"]
    assert [e.line for e in hand.events] == [4, 5, 6, 7]
    assert hand.events[1].blind is BlindKind.BIG and hand.events[3].amount == 3
    # a field the reader cannot read is its finding (HH012), under the toy site
    assert (second.status, second.site, second.hand_id) == (Status.UNPARSED, "toy", "8")
    assert [(f.code, f.line, f.actual) for f in second.findings] == [("HH012", 16, "3.5")]


def test_the_toy_dialects_unknown_line_is_hh010_naming_its_grammar(toy, tmp_path):
    path = tmp_path / "toy.txt"
    path.write_text(TOY_HAND.format(n=9).replace("Ann Lee folds", "Ann Lee dances"), encoding="utf-8")
    (result,) = list(parse_paths([path]))
    assert result.status is Status.UNPARSED and result.site == "toy"
    (found,) = result.findings
    assert (found.code, found.line, found.actual) == ("HH010", 6, "Ann Lee dances")
    assert "the toy format" in found.message


def test_without_its_registry_line_the_toy_is_not_split_as_a_hand(tmp_path):
    path = tmp_path / "toy.txt"
    path.write_text(TOY_HAND.format(n=7), encoding="utf-8")
    assert [getattr(item, "code", None) for item in parse_paths([path])] == ["HH002"]


def test_registering_a_dialect_twice_is_refused(toy):
    with pytest.raises(ValueError, match="already registered"):
        dialects.register(TOY)


def test_a_readers_own_bug_is_hh099_under_the_blocks_site_and_id(toy, tmp_path, monkeypatch):
    def broken(block):
        raise KeyError("a bug of ours")

    dialects.register(
        Dialect(name="toy", header=TOY.header, markers=TOY.markers, hand_id=TOY.hand_id, reader=broken), replace=True
    )
    path = tmp_path / "toy.txt"
    path.write_text(TOY_HAND.format(n=11), encoding="utf-8")
    (result,) = list(parse_paths([path]))
    assert (result.status, result.site, result.hand_id) == (Status.UNPARSED, "toy", "11")
    assert [f.code for f in result.findings] == ["HH099"]


def test_a_hands_utc_start_is_read_with_its_sites_zones(toy):
    from datetime import datetime

    zoned = Dialect(
        name="toy",
        header=TOY.header,
        markers=TOY.markers,
        reader=toy_read,
        conventions=Conventions(time_zones={"AT": "Europe/Paris"}),
    )
    dialects.register(zoned, replace=True)
    header = toy_header("1", 1, 2, datetime(2024, 1, 2, 10, 0), "AT")
    # the toy's `AT` is Paris (UTC+1 in January); PokerStars' `AT` is Halifax (UTC-4)
    assert dialects.started_utc(header) == datetime(2024, 1, 2, 9, 0, tzinfo=UTC)
    stars = dialects.started_utc(msgspec_replace(header, site="pokerstars"))
    assert stars == datetime(2024, 1, 2, 14, 0, tzinfo=UTC)
    assert dialects.started_utc(msgspec_replace(header, time_zone="XYZ")) is None


def test_street_money_turns_chips_added_into_the_street_total():
    """888's `raises [$0.29]` prints the chips added; the model's RaiseTo wants the total raised to."""
    from hhtool.dialects.street_money import StreetMoney

    money = StreetMoney()
    money.put("Ann", 10)  # the big blind
    assert money.put("Ann", 30) == 40 and money.of("Ann") == 40 and money.of("Bob") == 0
    money.new_street()
    assert money.of("Ann") == 0 and money.put("Ann", 5) == 5
