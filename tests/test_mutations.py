"""Mutation test: legal hands, one textual corruption at a time, and the code that must flag it.

The legal hands are every hand of samples/ plus, when HHTOOL_CORPUS is set, a deterministic,
stratified subset of the corpus hands that parse and validate without an error (capped by
HHTOOL_MUTATION_CORPUS_HANDS, default 200). Each kind of corruption below changes one line (or
deletes one) of a hand, chosen from the hand's own events; a kind that has nothing to change in a
hand skips that hand. Every corrupted text must still parse, and the validator must flag it with one
of the kind's codes at a line the corruption wrote (the changed line, a swapped or inserted line, or
for a deleted line the one that took its place), and bring none of the codes the kind forbids (the
false consequences of blaming the wrong line); per kind both rates must be at least 99 %, except the
at-line rate of a duplicated card (95 %, see `duplicate_card`).

The amounts a corruption needs (the bet to call, the minimum raise, the pot-limit maximum, what is
left in a stack) come from a small tracker written here from the rules (RULES.md A4, A5, B4,
FORMATS.md §1.5), not from the replay under test; the rake ceiling comes from the published
schedule in shared/RAKE.md.

The hands and corruptions are PokerStars text; the whole test runs in every rendering of
`handkit.RENDERINGS`: the text itself, and each corrupted hand as every registered dialect's writer
writes it (read back by that dialect's reader, the corrupted lines mapped to the same elements there).
A corruption a dialect cannot say is left out of its rates and counted; at least SAYABLE of them must
be sayable.

`pytest -s` prints the table; env HHTOOL_MUTATION_REPORT=path also writes it to a file.
"""

from __future__ import annotations

import hashlib
import itertools
import os
import re
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from decimal import ROUND_HALF_EVEN, Decimal
from pathlib import Path

import pytest
from handkit import RENDERINGS, TEXT, check, check_in, unsaid

from hhtool import dialects
from hhtool.dialects.pokerstars.rake import schedule as pokerstars_schedule
from hhtool.findings import Finding, Severity
from hhtool.generate import DEFAULT_SITE, recordable_limits, variants_for, write_hands
from hhtool.grammar import Status, parse_block
from hhtool.io import Block, expand_paths, read_blocks
from hhtool.model import (
    Bet,
    BlindKind,
    Call,
    Check,
    Collect,
    DealHole,
    Fold,
    Hand,
    Limit,
    PostAnte,
    PostBlind,
    RaiseTo,
    ReturnUncalled,
    Show,
    Street,
    StreetStart,
)
from hhtool.model.money import format_minor
from hhtool.model.variant import variant_named
from hhtool.rules.ruleset import RuleSet
from hhtool.validate import validate_hand

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
DEFAULT = RuleSet()
STARS = RuleSet(rake=pokerstars_schedule())
MIN_RATE = 0.99
# the share of the corrupted hands every dialect with a writer must be able to say (GGPoker says ~40 % of
# these PokerStars hands: it has no fixed limit, side-pot names, bounties, all-in cash outs or sit-out lines)
SAYABLE = 0.3
# Winamax says 29.9 % (1,301 of 4,357 on the corpus subset): a returned bet only inside a collected line,
# no sit-out marks, no capped betting, a raise always with its size, one board
SAYABLE_BY_RENDERING = {"winamax": 0.28}
TARGETS_PER_HAND = 3  # corruptions of one kind tried per hand (different lines)
CORPUS_CAP = int(os.environ.get("HHTOOL_MUTATION_CORPUS_HANDS", "200"))


# ------------------------------------------------------------------------------------------------
# Legal hands


@dataclass
class Legal:
    name: str  # file:hand id
    file: str
    line: int  # first line of the block in its file
    text: str
    hand: Hand
    # (rendering, rules) -> codes on the legal hand (None: the rendering cannot say it)
    findings: dict[tuple[str, str], set[str] | None] = field(default_factory=dict)


def _validate(text: str, file: str, line: int, rules: RuleSet) -> tuple[str, list[Finding]]:
    result = check(text, rules, file, line)
    return result.status, result.findings


def _legal_hands(paths: list[Path]) -> Iterator[Legal]:
    for path, problem in expand_paths(paths):
        if problem is not None:
            continue
        for block in read_blocks(path, str(path)):
            if not isinstance(block, Block) or block.dialect != "pokerstars" or block.oversized:
                continue
            parsed = parse_block(block)
            if parsed.status is not Status.PARSED:
                continue
            state = validate_hand(parsed.hand, DEFAULT)
            if any(f.severity is Severity.ERROR for f in state.findings):
                continue
            legal = Legal(f"{path}:{parsed.hand_id}", str(path), block.line, block.text, parsed.hand)
            legal.findings[(TEXT, "default")] = {f.code for f in state.findings}
            yield legal


def _stable(*parts) -> int:
    return int.from_bytes(hashlib.blake2b("\x1f".join(map(str, parts)).encode(), digest_size=8).digest(), "big")


def _stratum(legal: Legal) -> tuple:
    hand = legal.hand
    claims = hand.claims
    showdown = any(isinstance(e, StreetStart) and e.street is Street.SHOWDOWN for e in hand.events)
    return (
        str(hand.header.limit),
        hand.header.is_tournament,
        bool(claims.side_pots),
        showdown,
        any(isinstance(e, ReturnUncalled) for e in hand.events),
    )


def _corpus_subset(corpus: Path, cap: int) -> list[Legal]:
    """Round-robin over strata (limit, tournament, side pots, showdown, uncalled bet), hash order inside."""
    strata: dict[tuple, list[Legal]] = defaultdict(list)
    for legal in _legal_hands([corpus]):
        if legal.hand.header.game != "holdem":
            continue  # the corpus's Hold'em: its Omaha is mutated in generated hands (test_omaha_mutations_…, hi/lo's)
        strata[_stratum(legal)].append(legal)
    # hashed by the file's path inside the corpus: the subset is the same wherever the corpus is (CI's
    # ../shared/corpus, an absolute path), so is the test's verdict
    queues = [
        sorted(v, key=lambda x: _stable(Path(x.file).relative_to(corpus).as_posix(), x.hand.header.hand_id))
        for _, v in sorted(strata.items(), key=lambda kv: repr(kv[0]))
    ]
    chosen: list[Legal] = []
    while len(chosen) < cap and any(queues):
        for queue in queues:
            if queue and len(chosen) < cap:
                chosen.append(queue.pop(0))
    return chosen


# ------------------------------------------------------------------------------------------------
# A tracker of the betting, written from the rules, for the amounts corruptions need.


@dataclass(frozen=True)
class Spot:
    """The table just before an action line."""

    street: Street
    high: int  # highest live commitment on the street (pre-flop at least the big blind)
    min_raise: int  # the smallest legal bet or raise increment (A4)
    own: int  # the acting player's live commitment on the street
    stack: int  # chips the acting player still has
    pot: int  # every chip in the pot so far, current street included


def track(hand: Hand) -> dict[int, Spot]:
    """Spot before every betting action, by line."""
    header = hand.header
    bb = header.big_blind
    fixed = header.limit is Limit.FIXED_LIMIT
    stacks = {seat.player: seat.stack for seat in hand.seats}
    street_in: dict[str, int] = defaultdict(int)
    pot = 0
    high, min_raise, street = 0, bb, Street.PREFLOP
    spots: dict[int, Spot] = {}
    for e in hand.events:
        if isinstance(e, PostAnte):
            stacks[e.player] = stacks.get(e.player, 0) - e.amount
            pot += e.amount
        elif isinstance(e, PostBlind):
            live = min(e.amount, bb) if e.blind is BlindKind.SMALL_AND_BIG else e.amount
            stacks[e.player] = stacks.get(e.player, 0) - e.amount
            pot += e.amount
            street_in[e.player] += live
            high = max(high, street_in[e.player])
        elif isinstance(e, StreetStart):
            if e.street is Street.PREFLOP:
                high, min_raise = max(high, bb), header.small_bet if fixed else bb
            elif e.street is not Street.SHOWDOWN:
                street = e.street
                street_in.clear()
                high = 0
                min_raise = (
                    (header.big_bet if street in (Street.TURN, Street.RIVER) else header.small_bet) if fixed else bb
                )
        elif isinstance(e, (Fold, Check, Call, Bet, RaiseTo)):
            p = e.player
            spots[e.line] = Spot(street, high, min_raise, street_in[p], stacks.get(p, 0), pot)
            if isinstance(e, Call):
                added = e.added
            elif isinstance(e, Bet):
                added = e.added
                min_raise = max(min_raise, e.added)
                high = street_in[p] + added
            elif isinstance(e, RaiseTo):
                added = e.raise_to - street_in[p]
                min_raise = max(min_raise, e.raise_to - high)
                high = e.raise_to
            else:
                added = 0
            stacks[p] = stacks.get(p, 0) - added
            street_in[p] += added
            pot += added
        elif isinstance(e, ReturnUncalled):
            stacks[e.player] = stacks.get(e.player, 0) + e.amount
            street_in[e.player] -= e.amount
            pot -= e.amount
            high = max(street_in.values(), default=0)
    return spots


# ------------------------------------------------------------------------------------------------
# Corruptions. Each kind yields (line number in the block, new line or None to delete, what).


def _lines(legal: Legal) -> list[str]:
    return legal.text.rstrip("\n").split("\n")


def _row(legal: Legal, line: int) -> int:
    """0-based index in the block of a file line number."""
    return line - legal.line


def _money(legal: Legal, amount: int, like: str) -> str:
    """An amount written like `like` (a token of the same hand: '$0.10', '€2', '1500')."""
    symbol = re.match(r"[^\d]*", like).group(0)
    return format_minor(amount, legal.hand.header.scale, symbol)


def _token_after(text: str, marker: str) -> str:
    return text.split(marker, 1)[1].split()[0]


def _all_in(e) -> bool:
    return getattr(e, "all_in", False)


def _suffix(line: str) -> str:
    match = re.search(r"( and is all-in)?( and has reached the \S+ cap)?$", line)
    return match.group(0)


def _actions(hand: Hand, *types):
    return [e for e in hand.events if isinstance(e, types)]


def _holes(hand: Hand) -> int:
    """The hole cards the hand's game deals each player (2 in Hold'em, 4 to 6 in Omaha)."""
    return variant_named(hand.header.game).hole_cards


def _raise_line(name: str, by: str, to: str, suffix: str = "") -> str:
    return f"{name}: raises {by} to {to}{suffix}"


def raise_below_minimum(legal: Legal):
    """A no-limit / pot-limit bet or raise one chip below the minimum (A4)."""
    hand = legal.hand
    if hand.header.limit is Limit.FIXED_LIMIT:
        return
    spots = track(hand)
    lines = _lines(legal)
    for e in _actions(hand, Bet, RaiseTo):
        spot = spots[e.line]
        if _all_in(e):
            continue
        increment = spot.min_raise - 1
        target = spot.high + increment
        if increment <= 0 or target - spot.own >= spot.stack:
            continue
        old = lines[_row(legal, e.line)]
        like = _token_after(old, ": bets " if isinstance(e, Bet) else ": raises ")
        if isinstance(e, Bet):
            new = f"{e.player}: bets {_money(legal, increment, like)}"
        else:
            new = _raise_line(e.player, _money(legal, increment, like), _money(legal, target, like))
        yield e.line, new, f"{old!r} -> {new!r} (minimum {spot.min_raise})"


def pot_limit_over_raise(legal: Legal):
    """A pot-limit bet or raise one chip above the pot (A5)."""
    hand = legal.hand
    limit = hand.header.limit
    spots = track(hand)
    lines = _lines(legal)
    for e in _actions(hand, Bet, RaiseTo):
        spot = spots[e.line]
        if not (limit is Limit.POT_LIMIT or (limit is Limit.POT_LIMIT_PREFLOP and spot.street is Street.PREFLOP)):
            continue
        if _all_in(e):
            continue
        maximum = spot.high + spot.pot + (spot.high - spot.own)
        target = maximum + 1
        if target - spot.own >= spot.stack:
            continue
        old = lines[_row(legal, e.line)]
        like = _token_after(old, ": bets " if isinstance(e, Bet) else ": raises ")
        if isinstance(e, Bet):
            new = f"{e.player}: bets {_money(legal, target - spot.own, like)}"
        else:
            new = _raise_line(e.player, _money(legal, target - spot.high, like), _money(legal, target, like))
        yield e.line, new, f"{old!r} -> {new!r} (pot allows {maximum})"


def fixed_limit_wrong_size(legal: Legal):
    """A fixed-limit bet or raise of two units instead of one (A6)."""
    yield from _fixed_limit_resized(legal, lambda unit: 2 * unit)


def _fixed_limit_resized(legal: Legal, size_of):
    """Each fixed-limit bet or raise by a player who is not all-in, resized to `size_of(unit)` (where the
    player's stack still covers it, so the line stays the player's own error and not an all-in)."""
    hand = legal.hand
    if hand.header.limit is not Limit.FIXED_LIMIT:
        return
    spots = track(hand)
    lines = _lines(legal)
    for e in _actions(hand, Bet, RaiseTo):
        spot = spots[e.line]
        if _all_in(e):
            continue
        unit = hand.header.big_bet if spot.street in (Street.TURN, Street.RIVER) else hand.header.small_bet
        size = size_of(unit)
        target = spot.high + size
        if size <= 0 or target - spot.own >= spot.stack:
            continue
        old = lines[_row(legal, e.line)]
        like = _token_after(old, ": bets " if isinstance(e, Bet) else ": raises ")
        if isinstance(e, Bet):
            new = f"{e.player}: bets {_money(legal, size, like)}"
        else:
            new = _raise_line(e.player, _money(legal, size, like), _money(legal, target, like))
        yield e.line, new, f"{old!r} -> {new!r} (unit {unit})"


def check_facing_bet(legal: Legal):
    """A call replaced by a check (A2)."""
    lines = _lines(legal)
    for e in _actions(legal.hand, Call):
        yield e.line, f"{e.player}: checks", f"{lines[_row(legal, e.line)]!r} -> check"


def out_of_turn(legal: Legal):
    """Two consecutive action lines of different players swapped (A1, A8)."""
    hand = legal.hand
    spots = track(hand)
    lines = _lines(legal)
    previous = None
    for e in hand.events:
        if isinstance(e, StreetStart):
            previous = None
            continue
        if not isinstance(e, (Fold, Check, Call, Bet, RaiseTo)):
            continue
        if (
            previous is not None
            and previous.player != e.player
            and spots[previous.line].stack > 0
            and spots[e.line].stack > 0
        ):
            a, b = lines[_row(legal, previous.line)], lines[_row(legal, e.line)]
            yield (previous.line, b, e.line, a), None, f"swap {a!r} / {b!r}"
        previous = e


def action_after_fold(legal: Legal):
    """A check by a player right after the player folded (A8, S5)."""
    hand = legal.hand
    spots = track(hand)
    lines = _lines(legal)
    for e in _actions(hand, Fold):
        if spots[e.line].stack <= 0:
            continue  # PokerStars' 'folds' for a sitting-out player all-in on a blind is not an action
        yield (
            (e.line, lines[_row(legal, e.line)], e.line, f"{e.player}: checks"),
            "insert",
            f"{e.player}: checks after {lines[_row(legal, e.line)]!r}",
        )


def bet_beyond_stack(legal: Legal):
    """A call, bet or raise putting in one chip more than the stack (T3)."""
    hand = legal.hand
    spots = track(hand)
    lines = _lines(legal)
    for e in _actions(hand, Call, Bet, RaiseTo):
        spot = spots[e.line]
        old = lines[_row(legal, e.line)]
        added = spot.stack + 1
        if isinstance(e, Call):
            like = _token_after(old, ": calls ")
            new = f"{e.player}: calls {_money(legal, added, like)}{_suffix(old)}"
        elif isinstance(e, Bet):
            like = _token_after(old, ": bets ")
            new = f"{e.player}: bets {_money(legal, added, like)}{_suffix(old)}"
        else:
            like = _token_after(old, ": raises ")
            target = spot.own + added
            if target <= spot.high:
                continue
            new = _raise_line(
                e.player, _money(legal, target - spot.high, like), _money(legal, target, like), _suffix(old)
            )
        yield e.line, new, f"{old!r} -> {new!r} (stack {spot.stack})"


def wrong_collected(legal: Legal):
    """A collected amount one chip too high (S3, P3)."""
    lines = _lines(legal)
    for e in _actions(legal.hand, Collect):
        old = lines[_row(legal, e.line)]
        head, _, tail = old.rpartition(" collected ")
        amount, _, rest = tail.partition(" ")
        new = f"{head} collected {_money(legal, e.amount + 1, amount)} {rest}"
        yield e.line, new, f"{old!r} -> {new!r}"


def _total_pot_line(legal: Legal) -> tuple[int, str] | None:
    claims = legal.hand.claims
    if claims.total_pot is None:
        return None
    lines = _lines(legal)
    for i, text in enumerate(lines):
        if text.startswith("Total pot "):
            return legal.line + i, text
    return None


def wrong_total_pot(legal: Legal):
    """The summary's total pot one chip too high (P1)."""
    found = _total_pot_line(legal)
    if found is None:
        return
    line, old = found
    token = _token_after(old, "Total pot ")
    new = old.replace(f"Total pot {token}", f"Total pot {_money(legal, legal.hand.claims.total_pot + 1, token)}", 1)
    yield line, new, f"{old!r} -> {new!r}"


# PokerStars no-limit / pot-limit USD schedule (shared/RAKE.md): big blind -> percent, caps 2 / 3-4 / 5+.
RAKE_MD = {
    2: ("3.50", (30, 30, 30)),
    5: ("4.15", (50, 50, 100)),
    10: ("4.50", (50, 100, 150)),
    25: ("5.00", (50, 100, 200)),
    50: ("5.00", (100, 100, 250)),
    100: ("5.00", (125, 125, 275)),
}


def rake_beyond_schedule(legal: Legal):
    """Rake one cent above the most the schedule takes from this pot with any number of players (P3)."""
    hand = legal.hand
    header, claims = hand.header, hand.claims
    if header.is_tournament or header.play_money or header.currency != "USD" or header.is_home_game:
        return
    if header.limit is Limit.FIXED_LIMIT or header.big_blind not in RAKE_MD or claims.rake is None:
        return
    if not any(isinstance(e, StreetStart) and e.street is Street.FLOP for e in hand.events):
        return
    percent, caps = RAKE_MD[header.big_blind]
    total = claims.total_pot
    ceiling = min(int((Decimal(percent) * total / 100).quantize(Decimal(1), rounding=ROUND_HALF_EVEN)), max(caps))
    found = _total_pot_line(legal)
    if found is None or "Rake " not in found[1]:
        return
    line, old = found
    token = _token_after(old, "Rake ")
    new = old.replace(f"Rake {token}", f"Rake {_money(legal, ceiling + 1, token)}", 1)
    if new != old:
        yield line, new, f"{old!r} -> {new!r} (schedule takes at most {ceiling})"


def missing_uncalled(legal: Legal):
    """The 'Uncalled bet ... returned' line deleted (P2)."""
    lines = _lines(legal)
    for e in _actions(legal.hand, ReturnUncalled):
        yield e.line, None, f"delete {lines[_row(legal, e.line)]!r}"


def wrong_winner(legal: Legal):
    """At a showdown with one pot and one winner, a player who showed and lost collects instead (S2)."""
    hand = legal.hand
    claims = hand.claims
    if claims.run_twice or claims.main_pot is not None:
        return
    if not any(isinstance(e, StreetStart) and e.street is Street.SHOWDOWN for e in hand.events):
        return
    collects = _actions(hand, Collect)
    winners = {c.player for c in collects}
    if len(winners) != 1 or any(c.pot_index is not None for c in collects):
        return
    folded = {e.player for e in _actions(hand, Fold)}
    losers = sorted({s.player for s in _actions(hand, Show) if len(s.cards) == _holes(hand)} - winners - folded)
    if not losers:
        return
    loser = losers[_stable(legal.name) % len(losers)]
    lines = _lines(legal)
    for c in collects:
        old = lines[_row(legal, c.line)]
        new = loser + old[len(c.player) :]
        yield c.line, new, f"{old!r} -> {new!r}"


_RANK_WORDS = {
    "2": ("Deuce", "Deuces"),
    "3": ("Three", "Threes"),
    "4": ("Four", "Fours"),
    "5": ("Five", "Fives"),
    "6": ("Six", "Sixes"),
    "7": ("Seven", "Sevens"),
    "8": ("Eight", "Eights"),
    "9": ("Nine", "Nines"),
    "T": ("Ten", "Tens"),
    "J": ("Jack", "Jacks"),
    "Q": ("Queen", "Queens"),
    "K": ("King", "Kings"),
    "A": ("Ace", "Aces"),
}
_WORD_RE = re.compile(
    r"\b("
    + "|".join(sorted({w for pair in _RANK_WORDS.values() for w in pair} | {"Twos", "Two"}, key=len, reverse=True))
    + r")\b"
)


def wrong_description(legal: Legal):
    """A shown hand's description names a rank that is not among its cards and the board's (S2)."""
    hand = legal.hand
    if hand.claims.run_twice:
        return
    boards = [e.board for e in hand.events if isinstance(e, StreetStart) and e.board and not e.run]
    if not boards or len(boards[-1]) != 5:
        return
    board = boards[-1]
    lines = _lines(legal)
    for s in _actions(hand, Show):
        if not s.description or len(s.cards) != _holes(hand):
            continue
        present = {c[0] for c in (*s.cards, *board)}
        absent = [r for r in "AKQJT98765432" if r not in present]
        match = _WORD_RE.search(s.description)
        if match is None or not absent:
            continue
        plural = match.group(1).endswith("s")
        word = _RANK_WORDS[absent[0]][1 if plural else 0]
        description = s.description[: match.start()] + word + s.description[match.end() :]
        old = lines[_row(legal, s.line)]
        new = old.replace(f"({s.description})", f"({description})")
        if new != old:
            yield s.line, new, f"{old!r} -> {new!r}"


def duplicate_card(legal: Legal):
    """A dealt hole card replaced by a card of the board or of another player (T2).

    The validator blames the owner fewer lines give the card to (the board's flop, turn, river and
    summary lines outvote one "Dealt to" line); when each owner has one line (a card shown by another
    player pre-flop, without a board) it cannot tell and blames the later line, not the one changed
    here: 100 % at the line on the default subset, 98.8 % over all 1,161 legal corpus hands.
    """
    hand = legal.hand
    boards = [e for e in hand.events if isinstance(e, StreetStart) and e.board]
    lines = _lines(legal)
    for d in _actions(hand, DealHole):
        if len(d.cards) != _holes(hand) or len(d.cards) < 2:
            continue
        others = [c for e in _actions(hand, Show, DealHole) if e.player != d.player for c in e.cards]
        taken = boards[0].board[0] if boards else (others[0] if others else None)
        if taken is None or taken in d.cards:
            continue
        old = lines[_row(legal, d.line)]
        new = old.replace(f"[{' '.join(d.cards)}]", f"[{' '.join((d.cards[0], taken, *d.cards[2:]))}]")
        if new != old:
            yield d.line, new, f"{old!r} -> {new!r}"


def wrong_side_pot(legal: Legal):
    """A side pot in the summary one chip too high (P1)."""
    claims = legal.hand.claims
    if not claims.side_pots:
        return
    found = _total_pot_line(legal)
    if found is None:
        return
    line, old = found
    match = re.search(r"Side pot(?:-\d+)? (\S+?)\.(?:\s|$)", old)
    if match is None:
        return
    new = old[: match.start(1)] + _money(legal, claims.side_pots[0] + 1, match.group(1)) + old[match.end(1) :]
    yield line, new, f"{old!r} -> {new!r}"


def side_pot_moved(legal: Legal):
    """One chip moved between the main pot and a side pot in the summary, so the pots still add up (P1)."""
    claims = legal.hand.claims
    if not claims.side_pots or claims.main_pot is None:
        return
    found = _total_pot_line(legal)
    if found is None:
        return
    line, old = found
    main = re.search(r"Main pot (\S+?)\.(?:\s|$)", old)
    side = re.search(r"Side pot(?:-\d+)? (\S+?)\.(?:\s|$)", old)
    if main is None or side is None:
        return
    for delta in (1, -1):  # to the side pot, then to the main pot
        new_main, new_side = claims.main_pot - delta, claims.side_pots[0] + delta
        if new_main < 0 or new_side < 0:
            continue
        new = (
            old[: main.start(1)]
            + _money(legal, new_main, main.group(1))
            + old[main.end(1) : side.start(1)]
            + _money(legal, new_side, side.group(1))
            + old[side.end(1) :]
        )
        yield line, new, f"{old!r} -> {new!r}"


def fixed_limit_undersized(legal: Legal):
    """A fixed-limit bet or raise of half a unit by a player who is not all-in (A6): the line's own error,
    not a short all-in."""
    yield from _fixed_limit_resized(legal, lambda unit: unit // 2)


@dataclass(frozen=True)
class Kind:
    name: str
    codes: frozenset[str]
    corrupt: Callable
    rules: RuleSet = DEFAULT
    # the share that must be flagged at a line the corruption wrote; lower only where the text cannot
    # always tell which of two lines is wrong (see duplicate_card)
    at_line_rate: float = MIN_RATE
    # codes the corruption must not bring: the false consequences of blaming the wrong line
    forbidden: frozenset[str] = frozenset()


KINDS = [
    Kind("raise below minimum", frozenset({"HH114"}), raise_below_minimum),
    Kind("pot-limit over-raise", frozenset({"HH115"}), pot_limit_over_raise),
    Kind("fixed-limit wrong size", frozenset({"HH116"}), fixed_limit_wrong_size),
    Kind("check facing a bet", frozenset({"HH112"}), check_facing_bet),
    Kind("out-of-turn (swap)", frozenset({"HH110"}), out_of_turn),
    Kind("action after fold", frozenset({"HH111", "HH124"}), action_after_fold),
    Kind("bet beyond the stack", frozenset({"HH119"}), bet_beyond_stack),
    Kind("wrong collected amount", frozenset({"HH205", "HH206", "HH210", "HH305"}), wrong_collected),
    Kind("wrong total pot", frozenset({"HH203"}), wrong_total_pot),
    Kind("rake beyond schedule", frozenset({"HH208"}), rake_beyond_schedule, STARS),
    Kind("missing uncalled return", frozenset({"HH202"}), missing_uncalled),
    Kind("wrong winner", frozenset({"HH303"}), wrong_winner),
    Kind("wrong hand description", frozenset({"HH304"}), wrong_description),
    Kind("duplicate card", frozenset({"HH301"}), duplicate_card, at_line_rate=0.95),
    Kind("wrong side pot", frozenset({"HH204"}), wrong_side_pot, forbidden=frozenset({"HH205", "HH303", "HH305"})),
    Kind(
        "side pot moved (adds up)",
        frozenset({"HH204"}),
        side_pot_moved,
        forbidden=frozenset({"HH205", "HH303", "HH305"}),
    ),
    Kind("fixed-limit undersized", frozenset({"HH116"}), fixed_limit_undersized, forbidden=frozenset({"HH118"})),
]


_LOW = re.compile(r"; LO: ([A2-8](?:,[A2-8]){4})")


def wrong_low(legal: Legal):
    """A hi/lo show's low (`HI: …; LO: 7,5,3,2,A`) names another qualifying low than its cards make (S2: the
    low half's description), the high words left as they are."""
    lines = _lines(legal)
    for s in _actions(legal.hand, Show):
        match = _LOW.search(s.description or "")
        if match is None:
            continue
        other = "8,7,6,5,4" if match.group(1) != "8,7,6,5,4" else "8,7,6,5,3"
        old = lines[_row(legal, s.line)]
        new = old.replace(f"; LO: {match.group(1)})", f"; LO: {other})")
        if new != old:
            yield s.line, new, f"{old!r} -> {new!r}"


HILO_KINDS = [*KINDS, Kind("wrong low", frozenset({"HH304"}), wrong_low)]
ALL_KINDS = HILO_KINDS  # every kind, in the order the reports list them


def apply(legal: Legal, where, new) -> str:
    lines = _lines(legal)
    if isinstance(where, tuple):
        if new == "insert":  # (line, its text, line, inserted text)
            row = _row(legal, where[0])
            lines.insert(row + 1, where[3])
        else:  # swap: (line a, text for a, line b, text for b)
            lines[_row(legal, where[0])] = where[1]
            lines[_row(legal, where[2])] = where[3]
    elif new is None:
        del lines[_row(legal, where)]
    else:
        lines[_row(legal, where)] = new
    return "\n".join(lines) + "\n"


def mutated_lines(where, new) -> set[int]:
    """The file lines a corruption wrote: the changed line, both swapped lines, the inserted line, or
    for a deleted line the line that took its place."""
    if isinstance(where, tuple):
        return {where[0] + 1} if new == "insert" else {where[0], where[2]}
    return {where}


def _pick(targets: list, legal: Legal, kind: Kind) -> list:
    """Up to TARGETS_PER_HAND targets spread over the hand, starting at a hash-chosen one."""
    if len(targets) <= TARGETS_PER_HAND:
        return targets
    start = _stable(legal.name, kind.name) % len(targets)
    step = len(targets) / TARGETS_PER_HAND
    return [targets[(start + int(i * step)) % len(targets)] for i in range(TARGETS_PER_HAND)]


@dataclass
class Tally:
    applied: int = 0
    flagged: int = 0
    at_line: int = 0  # flagged with one of the kind's codes at a line the corruption wrote
    hands: int = 0
    skipped_flagged_base: int = 0
    unsayable: int = 0  # corrupted hands the rendering's dialect cannot say (not in the rates)
    unparsed: list[str] = field(default_factory=list)
    missed: list[str] = field(default_factory=list)
    elsewhere: list[str] = field(default_factory=list)  # flagged, but not at a line the corruption wrote


def _validate_in(
    text: str, legal: Legal, rules: RuleSet, rendering: str, written: set[int] = frozenset()
) -> tuple[str, list[Finding], set[int]] | None:
    """Status and findings of a hand text of `legal`'s file in `rendering`, and the lines `written`
    (file lines of the authored text) there; None when the rendering's dialect cannot say the hand."""
    if rendering == TEXT:
        status, findings = _validate(text, legal.file, legal.line, rules)
        return status, findings, set(written)
    got = check_in(text, rendering, rules)
    if got is None:
        return None
    rendered, checked = got
    mapped = {rendered.line_from(line - legal.line + 1) for line in written}
    return checked.status, checked.findings, {line for line in mapped if line is not None}


def run_mutations(hands: list[Legal], rendering: str = TEXT, kinds: list[Kind] | None = None) -> dict[str, Tally]:
    kinds = KINDS if kinds is None else kinds
    tallies = {kind.name: Tally() for kind in kinds}
    for legal in hands:
        for kind in kinds:
            tally = tallies[kind.name]
            targets = list(kind.corrupt(legal))
            if not targets:
                continue
            key = (rendering, "stars" if kind.rules is STARS else "default")
            if key not in legal.findings:
                base = _validate_in(legal.text, legal, kind.rules, rendering)
                legal.findings[key] = {f.code for f in base[1]} if base is not None else None
            if legal.findings[key] is None:  # the rendering's dialect cannot say the legal hand itself
                tally.unsayable += len(_pick(targets, legal, kind))
                continue
            if legal.findings[key] & kind.codes:
                tally.skipped_flagged_base += 1
                continue
            tally.hands += 1
            for where, new, what in _pick(targets, legal, kind):
                text = apply(legal, where, new)
                got = _validate_in(text, legal, kind.rules, rendering, mutated_lines(where, new))
                if got is None:
                    tally.unsayable += 1
                    continue
                status, findings, written = got
                tally.applied += 1
                if status != "parsed":
                    tally.unparsed.append(f"{legal.name}: {what}: {[f.code for f in findings]}")
                    continue
                codes = {f.code for f in findings}
                if codes & kind.forbidden:
                    tally.missed.append(f"{legal.name}: {what}: also {sorted(codes & kind.forbidden)}")
                elif codes & kind.codes:
                    tally.flagged += 1
                    if any(f.code in kind.codes and f.line in written for f in findings):
                        tally.at_line += 1
                    else:
                        tally.elsewhere.append(f"{legal.name}: {what}: {sorted((f.code, f.line) for f in findings)}")
                else:
                    tally.missed.append(f"{legal.name}: {what}: got {sorted(codes) or 'no finding'}")
    return tallies


def report(tallies: dict[str, Tally], hands: int, corpus: int, rendering: str = TEXT, origin: str = "") -> str:
    kinds = [kind for kind in ALL_KINDS if kind.name in tallies]
    origin = origin or f"{hands - corpus} samples, {corpus} corpus"
    rows = [
        (
            f"mutation kinds on {hands} legal hands ({origin}), rendering "
            f"{rendering}: {sum(t.unsayable for t in tallies.values())} corrupted hands it cannot say"
        ),
        (
            f"{'kind':<26} {'codes':<25} {'hands':>5} {'skip':>4} {'applied':>7} {'flagged':>7} {'rate':>7} "
            f"{'at line':>7} {'rate':>7}"
        ),
        "(hands: legal hands corrupted; skip: hands the kind applies to that already show its code, not used;",
        " at line: flagged with the kind's code at the line the corruption wrote)",
    ]
    for kind in kinds:
        t = tallies[kind.name]
        rate = f"{t.flagged / t.applied:.1%}" if t.applied else "n/a"
        line_rate = f"{t.at_line / t.applied:.1%}" if t.applied else "n/a"
        rows.append(
            f"{kind.name:<26} {'/'.join(sorted(kind.codes)):<25} {t.hands:>5} {t.skipped_flagged_base:>4} "
            f"{t.applied:>7} "
            f"{t.flagged:>7} {rate:>7} {t.at_line:>7} {line_rate:>7}"
        )
    for kind in kinds:
        t = tallies[kind.name]
        for what in t.unparsed[:5]:
            rows.append(f"  UNPARSED [{kind.name}] {what}")
        for what in t.missed[:5]:
            rows.append(f"  MISSED [{kind.name}] {what}")
        for what in t.elsewhere[:3]:
            rows.append(f"  ELSEWHERE [{kind.name}] {what}")
    return "\n".join(rows) + "\n"


# ------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def legal_hands() -> tuple[list[Legal], int]:
    hands = list(_legal_hands(sorted(SAMPLES.glob("*.txt"))))
    corpus = os.environ.get("HHTOOL_CORPUS")
    extra: list[Legal] = []
    if corpus and Path(corpus).is_dir() and CORPUS_CAP > 0:
        extra = _corpus_subset(Path(corpus), CORPUS_CAP)
    return hands + extra, len(extra)


def test_every_sample_hand_is_a_legal_base(legal_hands):
    """All hands of samples/ take part (none is dropped as invalid): 28 per samples/README.md."""
    hands, corpus = legal_hands
    blocks = [
        b
        for path in sorted(SAMPLES.glob("*.txt"))
        for b in read_blocks(path, str(path))
        if isinstance(b, Block) and b.dialect == "pokerstars"
    ]
    assert len(blocks) >= 28
    assert len(hands) - corpus == len(blocks)


@pytest.mark.parametrize("rendering", RENDERINGS)
def test_mutations_are_flagged(legal_hands, rendering):
    hands, corpus = legal_hands
    tallies = run_mutations(hands, rendering)
    table = report(tallies, len(hands), corpus, rendering)
    print("\n" + table)
    out = os.environ.get("HHTOOL_MUTATION_REPORT")
    if out:
        if rendering == TEXT:
            Path(out).write_text(table, encoding="utf-8")
        else:
            with Path(out).open("a", encoding="utf-8") as report_file:
                report_file.write(table)
    problems = _problems(tallies, rendering)
    assert not problems, "\n".join(problems)


def _problems(tallies: dict[str, Tally], rendering: str, left_out: frozenset[str] = frozenset()) -> list[str]:
    """What falls short of the rates: a kind that misses, is flagged at another line or does not parse, or a
    rendering that says too few of the corrupted hands; `left_out`: kinds not tried in this rendering."""
    problems = []
    # kinds about what the rendering's site does not print at all (handkit.unsaid) are not counted there
    kinds = [
        kind
        for kind in ALL_KINDS
        if kind.name in tallies
        and (rendering == TEXT or not kind.codes <= unsaid(rendering))
        and kind.name not in left_out
    ]
    applied = sum(tallies[kind.name].applied for kind in kinds)
    unsayable = sum(tallies[kind.name].unsayable for kind in kinds)
    if applied < SAYABLE_BY_RENDERING.get(rendering, SAYABLE) * (applied + unsayable):
        problems.append(f"{rendering} says only {applied} of {applied + unsayable} corrupted hands")
    for kind in kinds:
        t = tallies[kind.name]
        if t.applied == 0 and t.unsayable and rendering != TEXT:
            continue  # a kind the dialect cannot say at all (counted above)
        if t.applied == 0:
            problems.append(f"{kind.name}: applied to no hand")
            continue
        if t.unparsed:
            problems.append(f"{kind.name}: {len(t.unparsed)} corrupted texts do not parse: {t.unparsed[:3]}")
        if t.flagged / t.applied < MIN_RATE:
            problems.append(
                f"{kind.name}: {t.flagged}/{t.applied} flagged with {sorted(kind.codes)}; missed: {t.missed[:5]}"
            )
        if t.at_line / t.applied < kind.at_line_rate:
            problems.append(
                f"{kind.name}: {t.at_line}/{t.applied} flagged at the line the corruption wrote; "
                f"elsewhere: {t.elsewhere[:5]}"
            )
    return problems


# ------------------------------------------------------------------------------------------------
# Omaha (issue #29): generated PokerStars hands of 4-, 5- and 6-card Omaha, a few that every kind applies to,
# in the text and in every rendering whose writer writes Omaha (its `GAMES`)

OMAHA_RENDERINGS = tuple(r for r in RENDERINGS if r == TEXT or "omaha" in variants_for(dialects.get(r).site_name))
OMAHA_VARIANTS = ("omaha", "omaha5", "omaha6")


@pytest.fixture(scope="module")
def omaha_hands(tmp_path_factory) -> list[Legal]:
    """For each variant and kind, the first of 60 generated hands (mixed structures, cash and tournament, short tables) the
    kind applies to in fixed limit and the first in another structure: about 25 hands in all, so that the test
    stays cheap, and every kind applies in a site without fixed limit (GGPoker) too."""
    return _chosen_hands(tmp_path_factory.mktemp("omaha"), OMAHA_VARIANTS, KINDS)


def _said_by(rendering: str, hands: list[Legal]) -> list[Legal]:
    """The hands whose game and structure the rendering's site says (its writer's variants and recordable limits)."""
    dialect = dialects.get(DEFAULT_SITE if rendering == TEXT else rendering)
    return [
        h
        for h in hands
        if h.hand.header.game in variants_for(dialect.site_name)
        and h.hand.header.limit in recordable_limits(dialect.name, h.hand.header.game)
    ]


@pytest.mark.parametrize("rendering", OMAHA_RENDERINGS)
def test_omaha_mutations_are_flagged(omaha_hands, rendering):
    """Every kind, in Omaha hands, flagged at the line it wrote, in every rendering that says Omaha: the hands of
    the variants and structures its site's hands are generated in (PartyPoker, iPoker and 888 have no 5- or
    6-card Omaha, GGPoker no fixed limit); a kind that applies to none of them (fixed limit's) is not tried."""
    assert {h.hand.header.game for h in omaha_hands} == set(OMAHA_VARIANTS)
    hands = _said_by(rendering, omaha_hands)
    tallies = run_mutations(hands, rendering)
    print("\n" + report(tallies, len(hands), 0, rendering, "generated Omaha"))
    left_out = frozenset(k.name for k in KINDS if not any(next(iter(k.corrupt(h)), None) for h in hands))
    assert rendering != TEXT or not left_out
    problems = _problems(tallies, rendering, left_out)
    assert not problems, "\n".join(problems)


# ------------------------------------------------------------------------------------------------
# Omaha Hi/Lo (issue #29): generated PokerStars hands of 4- and 5-card Omaha Hi/Lo (split, quartered and scooped
# pots, pots no low qualifies for), the kinds above and a wrong low, in the text and in every rendering whose
# writer writes hi/lo

HILO_RENDERINGS = tuple(r for r in RENDERINGS if r == TEXT or "omaha_hilo" in variants_for(dialects.get(r).site_name))
HILO_VARIANTS = ("omaha_hilo", "omaha5_hilo")


@pytest.fixture(scope="module")
def hilo_hands(tmp_path_factory) -> list[Legal]:
    """As `omaha_hands`, for the hi/lo variants and kinds."""
    return _chosen_hands(tmp_path_factory.mktemp("hilo"), HILO_VARIANTS, HILO_KINDS)


def _chosen_hands(folder: Path, variants: tuple[str, ...], kinds: list[Kind]) -> list[Legal]:
    chosen: dict[str, Legal] = {}
    for variant in variants:
        path = folder / f"{variant}.txt"
        write_hands(path, 60, 29, "mix", players=(3, 6), tournaments=0.4, hands_per_table=(2, 6), variant=variant)
        generated = list(_legal_hands([path]))
        for kind, fixed in itertools.product(kinds, (True, False)):
            found = next(
                (
                    legal
                    for legal in generated
                    if (legal.hand.header.limit is Limit.FIXED_LIMIT) == fixed and next(iter(kind.corrupt(legal)), None)
                ),
                None,
            )
            if found is not None:
                chosen.setdefault(found.name, found)
    return list(chosen.values())


@pytest.mark.parametrize("rendering", HILO_RENDERINGS)
def test_hilo_mutations_are_flagged(hilo_hands, rendering):
    """Every kind, in Omaha Hi/Lo hands, flagged at the line it wrote, in every rendering that says hi/lo (the
    variants and structures its site's hands are generated in: PHH's `FO/8` is fixed limit, 888, PartyPoker and
    iPoker have no 5-card hi/lo); a kind that applies to none of them is not tried."""
    assert {h.hand.header.game for h in hilo_hands} == set(HILO_VARIANTS)
    hands = _said_by(rendering, hilo_hands)
    tallies = run_mutations(hands, rendering, HILO_KINDS)
    print("\n" + report(tallies, len(hands), 0, rendering, "generated Omaha Hi/Lo"))
    left_out = frozenset(k.name for k in HILO_KINDS if not any(next(iter(k.corrupt(h)), None) for h in hands))
    assert rendering != TEXT or not left_out
    problems = _problems(tallies, rendering, left_out)
    assert not problems, "\n".join(problems)
