"""The shared corpus (env HHTOOL_CORPUS): every file read without exception, every block accounted for,
every PokerStars Hold'em hand parsed (but a short list of genuinely broken ones), and our events checked
against fpdb's regression sidecars (`.snapshot.json`, `.hp`) where they sit beside a PokerStars file.

fpdb's sidecars are fpdb's outputs, not ground truth: where they disagree with the hand text, the
difference is listed in KNOWN_FPDB_DIFFERENCES with the reason; anything else is a failure.
"""

from __future__ import annotations

import ast
import datetime as dt
import json
import re
from collections import Counter, defaultdict
from decimal import Decimal

import pytest

from hhtool import dialects
from hhtool.findings import Finding
from hhtool.grammar import ParseResult, Status
from hhtool.io import Block, expand_paths, read_blocks
from hhtool.model import (
    Bet,
    BlindKind,
    Call,
    CashOut,
    Check,
    Collect,
    DealHole,
    Fold,
    PostAnte,
    PostBlind,
    RaiseTo,
    ReturnUncalled,
    Show,
    Street,
    StreetStart,
)
from hhtool.model.money import to_minor
from hhtool.pipeline import Tally, parse_paths

# PokerStars Hold'em hands that do not parse, and why. Keys: (path relative to the corpus, hand id).
# Re-judged for issue #24: every one is a defective file (cut, truncated, or not PokerStars' own text),
# none a PokerStars convention; the tournament winner's line (PS-1) left no hand of the corpus unparsed.
BROKEN_POKERSTARS = {
    # FORMATS.md §0/§7: the file was concatenated from cut pieces; these two hands are cut off where the
    # next header starts mid-line (`*** RIVER *** [4d Kh JPokerStars Hand #86564270670…`,
    # `Player25: PokerStars Hand #86568688159…`).
    (
        "fpdb-3/pokerstars/tournament-holdem/NLHE-9max-Freeroll-MTT-201209.concatenated.partial.txt",
        "86564040647",
    ): "cut short, next header mid-line",
    (
        "fpdb-3/pokerstars/tournament-holdem/NLHE-9max-Freeroll-MTT-201209.concatenated.partial.txt",
        "86568539580",
    ): "cut short, next header mid-line",
    # HHSmithy's deliberately invalid sample: the hand stops after the collect line, no summary.
    ("hhsmithy/pokerstars-cash/ValidHandTests/InValidHand.txt", "109681289672"): "no *** SUMMARY *** section",
}
# Not PokerStars output (FORMATS.md §1.10: tracker exports / third-party conversions), but their
# headers are PokerStars headers, so they are read as PokerStars and fail.
BROKEN_VARIANTS = {
    # fpdb "archive" test file: every line of the hand is indented by one space, after a
    # `*********** # 1 **************` banner; the table line ` Table 'Halley' …` is not understood.
    (
        "fpdb-3/pokerstars-format-variants/cash/NLHE-6max-USD-0.01-0.02-201301.zoom.archive.format.txt",
        "92033097906",
    ): "archive format, lines indented by one space",
    # Converter output: `Small Blind: Table deposit $347.50` is no PokerStars line; no time zone.
    (
        "fpdb-3/pokerstars-format-variants/cash/NLHE-6max-USD-3.00-6.00-201310.old.converted.walk.txt",
        "2762719793",
    ): "converted file, foreign 'Table deposit' line",
    # The same converter's Omaha hands (read since issue #29): `Small Blind: folds (disconnect)` and `Table leave
    # user` are no PokerStars lines (its players are named by position, its header has no time zone).
    (
        "fpdb-3/pokerstars-format-variants/cash/PLO-6max-USD-10-20-201703.converted.disconnected.folds.txt",
        "3430831896",
    ): "converted file, foreign 'folds (disconnect)' line",
    (
        "fpdb-3/pokerstars-format-variants/cash/PLO-6max-USD-5-10-201509.converted.format.txt",
        "3115869696",
    ): "converted file, foreign 'Table leave user' line",
}


# ------------------------------------------------------------------------------------------------
# One run over the corpus, shared by the tests of this module


@pytest.fixture(scope="module")
def corpus_path(corpus):
    return corpus


@pytest.fixture(scope="module")
def run(corpus_path):
    """{relative file: (items from parse_paths for that file, its Tally, the blocks read_blocks gave)}."""
    out = {}
    for path, problem in expand_paths([corpus_path]):
        assert problem is None, (path, problem)
        tally = Tally()
        items = list(parse_paths([path], tally))
        blocks = [b for b in read_blocks(path) if isinstance(b, Block)]
        out[path.relative_to(corpus_path).as_posix()] = (items, tally, blocks)
    assert len(out) > 400
    return out


def results(run):
    for rel, (items, _, _) in run.items():
        for item in items:
            if isinstance(item, ParseResult):
                yield rel, item


def test_every_file_is_read_and_every_block_accounted_for(run):
    for rel, (items, tally, blocks) in run.items():
        hands = [i for i in items if isinstance(i, ParseResult)]
        stray = [b for b in blocks if b.dialect is None]
        assert tally.files == 1, rel
        assert tally.hands_read == len(hands) == len(blocks) - len(stray), rel
        assert sum(tally.by_status.values()) == tally.hands_read, rel
        assert (
            tally.count(Status.PARSED) + tally.count(Status.UNPARSED) + tally.count(Status.UNSUPPORTED)
            == tally.hands_read
        ), rel
        # every stray block and every file problem is a finding of its own (a site's known sidecar, such as a
        # tournament summary, an HH007 info; other stray text HH002)
        file_findings = [i for i in items if isinstance(i, Finding)]
        by_code = Counter(f.code for f in file_findings)
        assert by_code["HH002"] + by_code["HH007"] == len(stray), rel
        assert sum(tally.file_findings.values()) == len(file_findings), rel
        for result in hands:
            # the pipeline turns an exception inside the parser into HH099: there must be none
            assert "HH099" not in [f.code for f in result.findings], (rel, result.hand_id, result.findings)
            assert result.file.endswith(rel)
            assert (result.hand is not None) == (result.status is Status.PARSED), (rel, result.hand_id)
            if result.status is not Status.PARSED:
                assert len(result.findings) >= 1, (rel, result.hand_id)


def test_whole_run_totals_equal_the_per_file_sums(run, corpus_path):
    total = Tally()
    for _ in parse_paths([corpus_path], total):
        pass
    assert total.files == len(run)
    assert total.hands_read == sum(t.hands_read for _, t, _ in run.values())
    for status in Status:
        assert total.count(status) == sum(t.count(status) for _, t, _ in run.values())
    assert total.count(Status.PARSED) > 1000


def test_pokerstars_holdem_and_omaha_hands_all_parse_except_the_broken_ones(run):
    failing = {}
    for rel, result in results(run):
        if result.site == "pokerstars" and result.status is Status.UNPARSED:
            failing[(rel, result.hand_id)] = [f.code for f in result.findings]
    expected = {**BROKEN_POKERSTARS, **BROKEN_VARIANTS}
    assert set(failing) == set(expected), {k: v for k, v in failing.items() if k not in expected}
    for key, codes in failing.items():
        assert codes and set(codes) <= {"HH010", "HH011"}, (key, codes)


def test_unsupported_pokerstars_hands_are_only_other_games(run):
    games = Counter()
    for rel, result in results(run):
        if result.site == "pokerstars" and result.status is Status.UNSUPPORTED:
            [finding] = result.findings
            assert finding.code == "HH020", (rel, result.hand_id)
            game = finding.message.split("game ", 1)[1].split(" is not")[0].strip("'\"")
            games[game] += 1
            assert not game.startswith("Hold'em"), (rel, result.hand_id, game)
            assert "Omaha" not in game or game.startswith("6 Card"), (rel, result.hand_id, game)  # Omaha is read
    assert games["Courchevel Hi/Lo Pot Limit"] > 0


def test_other_sites_are_unsupported_hh021(run):
    for rel, result in results(run):
        if result.site not in dialects.replayed_sites():  # sites with a reader: tests/test_ggpoker.py for GG
            assert result.status is Status.UNSUPPORTED, (rel, result.hand_id)
            assert [f.code for f in result.findings] == ["HH021"], (rel, result.hand_id)


_PROVENANCE_ROW = re.compile(r"^\| (?P<file>[^|]+?) \| `[^`]*`[^|]* \| (?P<hands>\d+) \|")


def _provenance_hand_counts(corpus_path) -> dict[str, int]:
    """{file relative to the corpus: its number of hands} from the tables of PROVENANCE.md."""
    counts, folder = {}, None
    for line in (corpus_path / "PROVENANCE.md").read_text(encoding="utf-8").splitlines():
        heading = re.match(r"### `(.+?)/?`", line)
        if heading:
            folder = heading.group(1)
        row = _PROVENANCE_ROW.match(line)
        if row and folder:
            counts[f"{folder}/{row['file']}"] = int(row["hands"])
    return counts


def test_other_sites_hands_are_split_as_provenance_counts_them(run, corpus_path):
    """Issue #11 item 5: PartyPoker's three header lines and 888's two are one hand, and so on (the
    PartyPoker file with a NUL after every line end included)."""
    counts = _provenance_hand_counts(corpus_path)
    checked, wrong = 0, {}
    for rel, expected in counts.items():
        if rel not in run:
            continue
        sites = {r.site for r in run[rel][0] if isinstance(r, ParseResult)}
        if sites - {"pokerstars"} and sites != set():
            checked += 1
            if run[rel][1].hands_read != expected:
                wrong[rel] = (run[rel][1].hands_read, expected)
    assert wrong == {} and checked > 250, checked


def test_other_sites_hand_ids_are_the_game_numbers(run):
    for rel, result in results(run):
        if result.site != "pokerstars":
            hand_id = result.hand_id
            if result.site == "phh" and (
                rel.startswith("phh/historical/") or rel.endswith("wsop_2019_42_3_00-01-07.phh")
            ):
                # these PHH files write no `hand = N` line: a Hold'em one, read since issue #15, is named by a
                # digest of its text; the others (not Hold'em, unsupported) have no id
                assert hand_id is None or re.fullmatch(r"[0-9a-f]{12}", hand_id), (rel, hand_id)
                assert (hand_id is None) == (result.status is not Status.PARSED), (rel, hand_id)
                continue
            assert hand_id is not None and re.fullmatch(r"[\w-]*\d[\w-]*", hand_id), (rel, result.line, hand_id)


def parsed_with_blocks(run):
    """(file, ParseResult, its Block) for every parsed hand."""
    for rel, (items, _, blocks) in run.items():
        hands = [i for i in items if isinstance(i, ParseResult)]
        for result, block in zip(hands, [b for b in blocks if b.dialect is not None], strict=True):
            assert (result.line, result.file) == (block.line, block.file)
            if result.status is Status.PARSED:
                yield rel, result, block


_TOTAL_LINE = re.compile(
    r"Total pot (?P<total>\S+)(?: Main pot (?P<main>\S+)\.)?(?P<sides>(?: Side pot(?:-\d+)? \S+\.)*)"
    r" ?\| Rake (?P<rake>\S+)"
)


def test_total_pot_lines_are_read_completely(run):
    """Every number of every `Total pot` line, re-read here with a strict whole-line pattern."""
    checked = 0
    for rel, result, block in parsed_with_blocks(run):
        claims, scale = result.hand.claims, result.hand.header.scale
        if claims.total_pot is None or result.site != "pokerstars":  # GG's fee fields: tests/test_ggpoker.py
            continue
        text = block.text.split("\n")[claims.line - block.line]
        match = _TOTAL_LINE.fullmatch(text)
        assert match, (rel, result.hand_id, text)
        amount = lambda s, scale=scale: to_minor(s, scale)
        expected = (
            amount(match["total"]),
            amount(match["main"]) if match["main"] else None,
            tuple(amount(x) for x in re.findall(r"Side pot(?:-\d+)? (\S+)\.", match["sides"])),
            amount(match["rake"]),
        )
        assert (claims.total_pot, claims.main_pot, claims.side_pots, claims.rake) == expected, (
            rel,
            result.hand_id,
            text,
        )
        if claims.main_pot is not None:  # FORMATS.md §1.7: main + sides = total - rake
            assert claims.main_pot + sum(claims.side_pots) == claims.total_pot - claims.rake, (rel, result.hand_id)
        checked += 1
    assert checked > 1000


# Edited HHSmithy sample: the seat list says `neverJa(1)ger`, `Blahdi:42eblah`, the body `neverJager`,
# `Blahdieblah` (the test author edited the seat names). The parser keeps what the text says.
EDITED_NAMES = {"hhsmithy/pokerstars-cash/PlayerTests/WithSittingOut.txt"}
# PartyPoker hands whose lines name a player its seat list does not have (tests/test_partypoker.py's
# KNOWN_ERRORS says why for each: a player joining as the hand starts, glued lines of the Mac client,
# truncated seat names, an anonymiser's slip); the parser keeps what the text says, the replay reports it.
EDITED_NAMES |= {
    f"fpdb-3/partypoker/{name}"
    for name in (
        "cash/NLHE-0.02-0.04-USD-201207.players.joining.leaving.txt",
        "cash/NLHE-6max-USD-0.10-0.25-201212.unseated.big.blind.txt",
        "cash/NLHE-6max-USD-0.10-0.25-201309.player.joins.and.posts.a.bb.txt",
        "cash/NLHE-6max-USD-0.10-0.25-201309.player.joins.as.bb.txt",
        "cash/NLHE-6max-USD-0.25-0.50-201212.Mac.Format.txt",
        "cash/NLHE-6max-USD-0.50-1.00-201301.partial.player.names.txt",
        "cash/NLHE-6max-USD-5-10-201408.joins.and.posts.bb.txt",
        "cash/NLHE-USD-0.01-0.02-201105.Unseated.player.is.only.big.blind.txt",
        "cash/NLHE-USD-0.02-0.04-20100811.unseatedPlayerActions.txt",
        "tournament/NLHE-1-EUR-STT-201211.tourno.missing.txt",
    )
}
# WPN 2016 files named for it: a player with no name acts (`Player  has big blind (2)`, `Player  bets (5.22)`).
UNNAMED_ACTORS = {
    "fpdb-3/acr-winning/cash/NLHE-9max-USD-1.00-2.00-201612.Unknown.Player.Acts.HH20160621 G30997753.txt",
    "fpdb-3/acr-winning/tournament/NLHE-NA-0-0 HH00000000 T1-G0-201601.unknown.player.acts.txt",
    # Chico: `Unknown player: raises 3.00 to 3.00`, a player the seat list does not name (tests/test_betonline.py)
    "fpdb-3/betonline-chico/cash/NLHE-10max-0.25-0.50-201203.unknown.player.wins.txt",
}


def test_every_acting_player_is_a_seated_player(run):
    """Name resolution over the corpus: actions, posts, shows, collects and summary seats name seated players."""
    for rel, result, _ in parsed_with_blocks(run):
        hand = result.hand
        names = {s.player for s in hand.seats}
        lines = [e.line for e in hand.events]
        # iPoker's XML does not write the actions in order (their `no` attribute gives it): its events
        # point at their elements, out of line order
        assert lines == sorted(lines) or result.site == "ipoker", (rel, result.hand_id)
        if rel in EDITED_NAMES or rel in UNNAMED_ACTORS:
            continue
        for e in hand.events:
            if isinstance(
                e,
                (
                    PostAnte,
                    PostBlind,
                    DealHole,
                    Fold,
                    Check,
                    Call,
                    Bet,
                    RaiseTo,
                    ReturnUncalled,
                    Collect,
                    Show,
                    CashOut,
                ),
            ):
                assert e.player in names, (rel, result.hand_id, e)
        for seat in hand.claims.seats:
            seated = hand.seat_of(seat.player)
            assert seated is not None and seated.seat == seat.seat, (rel, result.hand_id, seat.text)


# ------------------------------------------------------------------------------------------------
# fpdb sidecars

_CARD_RANKS = "23456789TJQKA"
_CARD_SUITS = "hdcs"


def fpdb_card(code: int) -> str | None:
    """fpdb card code: rank 2..A -> 1..13, plus 13 x suit (h 0, d 1, c 2, s 3); 0 = unknown."""
    if not code:
        return None
    rank, suit = (code - 1) % 13, (code - 1) // 13
    return _CARD_RANKS[rank] + _CARD_SUITS[suit]


def test_fpdb_card_codes():
    assert [fpdb_card(c) for c in (1, 13, 14, 25, 26, 40, 52, 0)] == ["2h", "Ah", "2d", "Kd", "Ad", "2s", "As", None]


def load_fpdb_repr(text: str):
    """Evaluate an fpdb `.hp`/`.hands` Python repr allowing only literals, Decimal('…'),
    datetime.datetime(…) and pytz.utc (FORMATS.md §6) — nothing is executed."""
    tree = ast.parse(text, mode="eval")

    def value(node):
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.Dict):
            return {value(k): value(v) for k, v in zip(node.keys, node.values)}
        if isinstance(node, (ast.List, ast.Tuple)):
            items = [value(e) for e in node.elts]
            return items if isinstance(node, ast.List) else tuple(items)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
            operand = value(node.operand)
            return -operand if isinstance(node.op, ast.USub) else operand
        if isinstance(node, ast.Attribute) and ast.unparse(node) == "pytz.utc":
            return dt.UTC
        if isinstance(node, ast.Call):
            func = ast.unparse(node.func)
            args = [value(a) for a in node.args]
            kwargs = {k.arg: value(k.value) for k in node.keywords}
            if func == "Decimal" and len(args) == 1 and not kwargs and isinstance(args[0], (str, int)):
                return Decimal(args[0])
            if func == "datetime.datetime" and all(isinstance(a, int) for a in args) and set(kwargs) <= {"tzinfo"}:
                return dt.datetime(*args, **kwargs)
        raise ValueError(f"not allowed in an fpdb sidecar: {ast.unparse(node)[:80]}")

    return value(tree.body)


def test_load_fpdb_repr_refuses_code():
    assert load_fpdb_repr("{u'a': Decimal('1.5'), 'b': [-1, None]}") == {"a": Decimal("1.5"), "b": [-1, None]}
    assert load_fpdb_repr("datetime.datetime(2011, 6, 26, 22, 34, 1, tzinfo=pytz.utc)") == dt.datetime(
        2011, 6, 26, 22, 34, 1, tzinfo=dt.UTC
    )
    for bad in ("__import__('os').system('true')", "open('x')", "Decimal('1').__class__", "[x for x in ()]"):
        with pytest.raises(ValueError):
            load_fpdb_repr(bad)


def test_every_fpdb_repr_sidecar_loads(corpus_path):
    sidecars = sorted(p for ext in ("*.hp", "*.hands") for p in corpus_path.rglob(ext))
    assert len(sidecars) == 29
    for path in sidecars:
        data = load_fpdb_repr(path.read_text(encoding="utf-8"))
        assert isinstance(data, dict) and data, path


STREET_NO = {Street.PREFLOP: 0, Street.FLOP: 1, Street.TURN: 2, Street.RIVER: 3}
BLIND_ACTION = {BlindKind.SMALL: 2, BlindKind.BIG: 4, BlindKind.SMALL_AND_BIG: 5, BlindKind.BUTTON: 16}


def our_actions(hand) -> list[dict]:
    """Our events as fpdb-style actions, with the chips each one added computed here from the text's numbers:
    calls/bets add what they say; a raise adds raise_to minus the player's street commitment so far; blinds
    count toward the pre-flop commitment, but of `posts small & big blinds` only the big-blind part (the small
    part is dead); antes never count."""
    out = []
    street = -1
    committed: dict[str, int] = defaultdict(int)
    big_blind = hand.header.big_blind
    for e in hand.events:
        if isinstance(e, StreetStart):
            if e.street in STREET_NO and (e.run in (0, 1)):
                new = STREET_NO[e.street]
                if new != street and new > 0:
                    committed.clear()
                street = max(street, new)
            continue
        if isinstance(e, PostAnte):
            out.append(dict(player=e.player, street=-1, actionId=1, amount=e.amount, raiseTo=0, allIn=e.all_in))
        elif isinstance(e, PostBlind):
            live = min(e.amount, big_blind) if e.blind is BlindKind.SMALL_AND_BIG else e.amount
            committed[e.player] += live
            out.append(
                dict(
                    player=e.player,
                    street=-1,
                    actionId=BLIND_ACTION[e.blind],
                    amount=e.amount,
                    raiseTo=0,
                    allIn=e.all_in,
                )
            )
        elif isinstance(e, (Call, Bet)):
            committed[e.player] += e.added
            out.append(
                dict(
                    player=e.player,
                    street=street,
                    actionId=6 if isinstance(e, Call) else 8,
                    amount=e.added,
                    raiseTo=0,
                    allIn=e.all_in,
                )
            )
        elif isinstance(e, RaiseTo):
            added = e.raise_to - committed[e.player]
            committed[e.player] = e.raise_to
            out.append(
                dict(
                    player=e.player,
                    street=street,
                    actionId=7,
                    amount=added,
                    raiseTo=e.raise_to,
                    allIn=e.all_in,
                    raiseBy=e.raise_by,
                )
            )
        elif isinstance(e, (Fold, Check)):
            out.append(
                dict(
                    player=e.player,
                    street=street,
                    actionId=10 if isinstance(e, Fold) else 11,
                    amount=0,
                    raiseTo=0,
                    allIn=False,
                )
            )
    return out


def our_player_totals(hand) -> dict[str, dict]:
    totals = {
        s.player: dict(startCash=s.stack, committed=0, winnings=0, cashout=0, cashoutFee=0, cards=())
        for s in hand.seats
    }
    for a in our_actions(hand):
        if a["player"] in totals:
            totals[a["player"]]["committed"] += a["amount"]
    for e in hand.events:
        if isinstance(e, ReturnUncalled):
            totals[e.player]["committed"] -= e.amount
        elif isinstance(e, Collect):
            totals[e.player]["winnings"] += e.amount
        elif isinstance(e, CashOut):  # paid by the room, outside the pot; fpdb counts it as winnings
            totals[e.player]["winnings"] += e.amount
            totals[e.player]["cashout"] += e.amount
            totals[e.player]["cashoutFee"] += e.fee or 0  # None: no fee printed
        elif isinstance(e, (DealHole, Show)) and e.player in totals and not totals[e.player]["cards"]:
            totals[e.player]["cards"] = e.cards
    for s in hand.claims.seats:
        if s.cards and s.player in totals and not totals[s.player]["cards"]:
            totals[s.player]["cards"] = s.cards
    return totals


def fpdb_chips_added(action: dict) -> int:
    # In the snapshots a raise's `amount` is the raise size (our raise_by) and `amountCalled` the call part
    # before it; the chips the raise added are their sum. Other actions: `amount` is the chips added.
    return action["amount"] + action["amountCalled"] if action["actionId"] == 7 else action["amount"]


def compare_snapshot(rel: str, hand, snap: dict) -> list[tuple]:
    """Mismatches between our parse of one hand and fpdb's snapshot of it, as (file, hand, what, ours, fpdb)."""
    out = []
    hid = hand.header.hand_id

    def diff(what, ours, theirs):
        if ours != theirs:
            out.append((rel, hid, what, ours, theirs))

    details = snap["hand_details"]
    diff("siteHandNo", hid, str(details["siteHandNo"]))
    diff("tableName", hand.header.table, details["tableName"])
    diff("totalPot", hand.claims.total_pot, details["totalPot"])
    diff("rake", hand.claims.rake, details["rake"])
    boards = [e.board for e in hand.events if isinstance(e, StreetStart) and e.board and e.run in (0, 1)]
    board = boards[-1] if boards else ()
    theirs = tuple(c for c in (fpdb_card(details[f"boardcard{i}"]) for i in range(1, 6)) if c)
    diff("board", board, theirs)

    ours = our_actions(hand)
    fpdb = [a for a in snap["actions"] if a["actionId"] != 18]
    diff("action count", len(ours), len(fpdb))
    for n, (a, b) in enumerate(zip(ours, fpdb), 1):
        where = f"action {n} ({a['player']} {a['actionId']})"
        diff(
            f"{where} player/street/type",
            (a["player"], a["street"], a["actionId"]),
            (b["player"], b["street"], b["actionId"]),
        )
        diff(f"{where} chips added", a["amount"], fpdb_chips_added(b))
        diff(f"{where} raise to", a["raiseTo"], b["raiseTo"])
        diff(f"{where} all-in", a["allIn"], b["allIn"])
        if a["actionId"] == 7:
            diff(f"{where} raise by (fpdb amount)", a["raiseBy"], b["amount"])
    shows = [(a["player"], tuple(a.get("cards") or ())) for a in snap["actions"] if a["actionId"] == 18]
    diff("shows", sorted((e.player, e.cards) for e in hand.events if isinstance(e, Show)), sorted(shows))

    totals = our_player_totals(hand)
    players = {p["playerName"]: p for p in snap["players"]}
    diff("players", sorted(totals), sorted(players))
    for name in sorted(set(totals) & set(players)):
        mine, theirs = totals[name], players[name]
        diff(f"{name} startCash", mine["startCash"], theirs["startCash"])
        diff(f"{name} committed", mine["committed"], theirs["committed"])
        diff(f"{name} winnings", mine["winnings"], theirs["winnings"])
        diff(f"{name} cash out", (mine["cashout"], mine["cashoutFee"]), (theirs["cashout"], theirs["cashoutFee"]))
        cards = tuple(c for c in (fpdb_card(theirs[f"card{i}"]) for i in range(1, 21)) if c)
        diff(f"{name} cards", mine["cards"], cards)
    return out


def compare_hp(rel: str, hand, hp: dict) -> list[tuple]:
    out = []
    hid = hand.header.hand_id
    totals = our_player_totals(hand)
    if sorted(totals) != sorted(hp):
        out.append((rel, hid, "players", sorted(totals), sorted(hp)))
    for name in sorted(set(totals) & set(hp)):
        mine, theirs = totals[name], hp[name]
        cards = tuple(c for c in (fpdb_card(theirs[f"card{i}"]) for i in range(1, 21)) if c)
        for what, a, b in (
            ("startCash", mine["startCash"], theirs["startCash"]),
            ("winnings", mine["winnings"], theirs["winnings"]),
            ("committed", mine["committed"], theirs["winnings"] - theirs["totalProfit"]),
            ("cards", mine["cards"], cards),
            ("seatNo", hand.seat_of(name).seat, theirs["seatNo"]),
        ):
            if a != b:
                out.append((rel, hid, f"{name} {what} (.hp)", a, b))
    return out


# Differences where an fpdb sidecar is not a copy of the hand text, each checked by hand against the text.
KNOWN_FPDB_DIFFERENCES = {
    # 2005 file: `fblm2002: folds` to Hero's big blind, `Hero collected $1 from pot`, `Total pot $1`. 2005
    # PokerStars text prints no `Uncalled bet ($0.50) returned to Hero` line (FORMATS.md §1.6), so the chips
    # the text shows Hero putting in are $1 (ours: 100; fpdb's snapshot: committed 100). The truth is $0.50
    # net: the .hp (winnings 100 − totalProfit 50) computed the uncalled half itself, and is right; the
    # snapshot's profits (Hero 0, fblm2002 −50) do not even sum to zero, so there fpdb is wrong. Not a parse
    # error on our side: the replay has to compute the uncalled part for these old files.
    (
        "fpdb-3/pokerstars/cash-holdem/LHE-USD-1.00-200508.BB.and.Button.same.player.txt",
        "2344646393",
        "Hero committed (.hp)",
    ),
    # Omaha Hi/Lo (read since issue #29's hi/lo slice): toxic7's turn bet of $0.14 is returned (`Uncalled bet
    # ($0.14) returned to toxic7`) and he collects the $0.14 pot. The snapshot keeps the returned bet committed
    # (16, winnings 14, profit -2): its profits sum to -14, not 0, so there fpdb is wrong; ours is 2 (the .hp
    # agrees: no mismatch there).
    (
        "fpdb-3/pokerstars/non-holdem-samples/PLO8-9max-USD-0.01-0.02-20100829.No.VPIP.from.posted.bb.txt",
        "48850962136",
        "toxic7 committed",
    ),
}


@pytest.fixture(scope="module")
def sidecar_comparison(run, corpus_path):
    """All mismatches against the fpdb sidecars beside PokerStars files, plus what was compared."""
    mismatches: list[tuple] = []
    compared = Counter()
    skipped = []
    for suffix in (".snapshot.json", ".hp"):
        for sidecar in sorted(corpus_path.rglob(f"*{suffix}")):
            data_file = sidecar.with_name(sidecar.name[: -len(suffix)])
            rel = data_file.relative_to(corpus_path).as_posix()
            parsed = {r.hand_id: r for r in (i for i in run[rel][0] if isinstance(i, ParseResult))}
            if not parsed or any(r.site != "pokerstars" for r in parsed.values()):
                continue  # not a PokerStars file
            if all(r.status is Status.UNSUPPORTED for r in parsed.values()):
                skipped.append(rel)  # Stud, Draw, Omaha: not replayed by hhtool
                continue
            if suffix == ".snapshot.json":
                snaps = json.loads(sidecar.read_text(encoding="utf-8"))["snapshot"]
                for snap in snaps:
                    result = parsed.get(str(snap["hand_details"]["siteHandNo"]))
                    assert result is not None and result.status is Status.PARSED, (
                        rel,
                        snap["hand_details"]["siteHandNo"],
                    )
                    mismatches += compare_snapshot(rel, result.hand, snap)
                    compared["snapshot hands"] += 1
                    compared["snapshot actions"] += len(snap["actions"])
                    compared["snapshot players"] += len(snap["players"])
            else:
                first = next(i for i in run[rel][0] if isinstance(i, ParseResult))  # .hp is the file's first hand
                assert first.status is Status.PARSED, rel
                hp = load_fpdb_repr(sidecar.read_text(encoding="utf-8"))
                mismatches += compare_hp(rel, first.hand, hp)
                compared["hp hands"] += 1
                compared["hp players"] += len(hp)
    return mismatches, compared, skipped


def test_sidecars_agree_with_our_events(sidecar_comparison):
    mismatches, compared, skipped = sidecar_comparison
    print("\ncompared:", dict(compared), "skipped (not Hold'em):", len(skipped))
    for m in mismatches:
        print("MISMATCH", m)
    assert compared["snapshot hands"] == 6 and compared["hp hands"] == 6  # 1 of them Omaha Hi/Lo
    unexplained = [m for m in mismatches if (m[0], m[1], m[2]) not in KNOWN_FPDB_DIFFERENCES]
    assert unexplained == []
