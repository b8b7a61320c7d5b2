"""Settle a replayed hand: pots, rake, winners and every number the summary prints.

The replay has computed contributions, returns and pots; here the awards are worked out from the
shown cards (best five of seven, split pots, odd chip left of the button, run-it-twice halves; in a
hi/lo game each pot's high and low halves, `hhtool.rules.hilo`) and compared with what the text says
was collected, and the rake with the schedule.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from typing import Final

from msgspec.structs import replace

from hhtool.model import Collect, Fold, ReturnUncalled, SeatSummary, Show
from hhtool.model.cards import DECK
from hhtool.model.conventions import UncalledInCollected
from hhtool.model.variant import HOLDEM, VARIANTS, Variant, variant_named
from hhtool.rules import checks
from hhtool.rules.hilo import halves, low_words_match, split_description
from hhtool.rules.pots import (
    CAPPED_MAIN_FIRST,
    MAIN_FIRST,
    PROPORTIONAL_DOWN,
    SITE_ODD_CHIP,
    capped_at,
    equal_shares,
    split_pot,
    spread_rake,
    take_in_order,
)
from hhtool.rules.ranking import evaluate
from hhtool.rules.replay import Player, Pot, Replay
from hhtool.rules.ruleset import level_in_force
from hhtool.rules.showdown_value import LowValue, best_high, best_low, described_cards

_Fold: Final = Fold  # Final: compiled, a C static rather than a look-up in the module's dict at each use
_DECK: Final = DECK
_VARIANTS: Final = dict(VARIANTS)


def _all_cards(cards: tuple[str, ...]) -> bool:
    """Whether every one is a card of the deck (`DECK.issuperset` would copy anything not a set into one first)."""
    for card in cards:
        if card not in _DECK:
            return False
    return True


def _deck_cards(cards: tuple[str, ...]) -> bool:
    """Whether every one is a card of the deck and none repeats (`_all_cards` and `_distinct` in one pass: a
    bit per card, for the five to seven cards of a hand)."""
    seen = 0
    for card in cards:
        bit = _BITS.get(card)
        if bit is None or seen & bit:
            return False
        seen |= bit
    return True


_BITS: Final[dict[str, int]] = {card: 1 << number for number, card in enumerate(sorted(DECK))}


def _distinct(cards: tuple[str, ...]) -> bool:
    """Whether no card repeats: `len(set(cards)) == len(cards)` without building a set (a line holds a few
    cards, seven at most; compiled, the loop is a few string comparisons where the set is an allocation)."""
    for i in range(1, len(cards)):
        card = cards[i]
        for j in range(i):
            if cards[j] == card:
                return False
    return True


def settle(s: Replay) -> None:
    _check_cards(s)
    if s.cancelled:
        return
    claims = s.hand.claims
    if not s.conventions.names_pots:
        _unname_pots(s)
    returned = _returns_in_collects(s) if s.returns else _NONE_RETURNED
    total = s.pot_total
    collected = 0
    for c in s.collects:
        collected += c.amount
    derive = not s.collects and not s.conventions.prints_collects
    fees = s.fees = _fees_taken(s, total, collected)
    unprinted = _NONE_RETURNED
    if not s.conventions.prints_later_awards and len(s.pots) > 1 and not derive:
        unprinted = _later_awards(s, total, fees)
        for amount in unprinted.values():
            collected += amount
    rake = claims.rake if claims.rake is not None else 0 if derive else total - collected - fees
    claimed = _claimed_total(s, returned)
    step = claims.total_step
    if claimed is not None and _differs(claimed, total, step):
        s.report("HH203", claims.line, claimed=s.money(claimed), total=s.money(total), expected=total, actual=claimed)
    nets = _net_pots(s, total, rake + fees)
    runs = _runs(s)  # the boards are the replay's: the same runs for the awards, the collects and the summary
    expected = _awards(s, nets, runs)
    if not derive and _capped_unknown(s):
        expected = _capped_awards(s, expected, runs, rake + fees)
    if len(runs) > 1 and not derive and not _collected_as_expected(s, expected, runs):
        expected = _uncontested_in_first_run(s, expected, runs)
    if derive:
        _derive_collects(s, expected)
    surcharge = _check_collects(s, expected, runs)
    kept = s.cash_out_kept = _kept_by_room(s, expected)
    unpaid = sum(kept.values())
    if claimed is not None and _differs(collected + rake + fees + unpaid, claimed, step):
        s.report(
            "HH206",
            claims.line,
            collected=s.money(collected),
            rake=s.money(rake),
            fees=f" + fees {s.money(fees)}" if fees else "",
            total=s.money(claimed),
            expected=claimed - rake - fees - unpaid,
            actual=collected,
        )
    _check_rake(s, total, rake, surcharge)
    if unprinted:  # the summary's won amounts hold none of the later awards: what each winner is said to win
        returned = {name: returned.get(name, 0) - unprinted.get(name, 0) for name in {*returned, *unprinted}}
    _check_summary(s, returned, runs)
    for _, check in checks.CHECKS:  # the per-hand checks of hhtool/rules/checks/
        check(s)


_NONE_RETURNED: dict[str, int] = {}
# Conventions.uncalled_in_collected: the site's collected amounts hold the return (in some hands only: EITHER), or not
APART: Final = UncalledInCollected.APART
EITHER: Final = UncalledInCollected.EITHER
# Conventions.ledger_uncalled: where the site's checksum counts the return


def _unname_pots(s: Replay) -> None:
    """A site whose collected lines name pots that are not the all-in levels' (`Conventions.names_pots`
    False): its collects are checked per player over all the pots, as a site's that names none."""
    for index, event in enumerate(s.collects):
        if event.pot_index is not None:
            s.collects[index] = replace(event, pot_index=None)


def _claimed_total(s: Replay, returned: dict[str, int]) -> int | None:
    """The printed total pot, as the pot it names: a site whose total counts the uncalled chips it returns
    inside `collected` (`Conventions.total_includes_returns`; `returned`) names the pot plus those returns
    (a return the text prints on a line of its own is in no total)."""
    printed = s.hand.claims.total_pot
    if printed is None or not returned or not s.conventions.total_includes_returns:
        return printed
    for amount in returned.values():
        printed -= amount
    return printed


def _differs(printed: int, actual: int, step: int) -> bool:
    """Whether a printed amount disagrees with the actual one: exactly, or, for an amount printed rounded
    to a multiple of `step` (`6.02k`), by more than half a step."""
    if not step:
        return printed != actual
    return abs(printed - actual) * 2 > step


def _derive_collects(s: Replay, expected: dict[tuple[int, int, str], int]) -> None:
    """A hand of a format that records no collect lines (`Conventions.prints_collects` False): the awards
    the cards give are what the players collected (a pot the cards cannot decide stays unawarded, HH306
    is not reported: nothing claimed it). Its other claims (`Claims.ledgers`) are checked against them."""
    line = s.hand.claims.line or (s.hand.events[-1].line if s.hand.events else s.hand.source.line)
    for (run, index, name), amount in expected.items():
        if amount:
            s.collects.append(Collect(line, name, amount, index))
            s.collect_runs.append(run)


def _later_awards(s: Replay, total: int, fees: int) -> dict[str, int]:
    """A site whose summary prints a winner's award from the first pot he won only (`Conventions.
    prints_later_awards` False, Chico: `won (2.49)` for the main pot of a player who won the 1.26 side pot
    too, printed only as that pot's own line before the showdown): a winner whose printed amount is
    exactly his award from his first pot (main pot first) by the cards also collects his awards from the
    later pots, added to the collects at his line. Player → the amount added. The rake is the printed one
    (none in a tournament); where it or the cards do not decide, nothing is added (the findings stay)."""
    claims = s.hand.claims
    rake = claims.rake if claims.rake is not None else 0 if s.hand.header.is_tournament else None
    if rake is None or claims.main_pot is not None or _runs(s) != _ONE_RUN:
        return _NONE_RETURNED
    known = len(s.unverified)
    expected = _awards(s, _net_pots(s, total, rake + fees), _ONE_RUN)
    del s.unverified[known:]  # (the awards are worked out again, and the undecided pots noted, after this)
    won: dict[str, list[int]] = {}
    for (_, _, name), amount in expected.items():  # pot by pot, the main pot first
        if amount:
            won.setdefault(name, []).append(amount)
    got = s.collected_by()
    added: dict[str, int] = {}
    for name, amounts in won.items():
        if len(amounts) < 2 or got.get(name) != amounts[0]:
            continue
        line = next(c.line for c in s.collects if c.player == name)
        for amount in amounts[1:]:
            s.collects.append(Collect(line, name, amount, None))
            s.collect_runs.append(0)
        added[name] = sum(amounts[1:])
    return added


def _returns_in_collects(s: Replay) -> dict[str, int]:
    """Player → the uncalled return inside their printed collected amounts, taken out of `s.collects`.

    A site that prints no return line and pays the returned chips with the pot (`Conventions.
    uncalled_in_collected`: `collected` is pot share + return) is read as meaning exactly that: the
    bettor's collects, first line first, are lessened by the return the replay computed, so that the
    pots, the awards and the final stacks are checked on the pot shares alone. Collects that do not
    cover the return are HH201 (the text is not changed: the shortfall stays in the findings).

    A site whose `collected` holds the return in some hands and not in others (`uncalled_in_collected =
    EITHER`) is read as holding it exactly when the collects add up to more than the pot."""
    inside = s.conventions.uncalled_in_collected
    if inside is APART:
        return _NONE_RETURNED
    if inside is EITHER and sum(c.amount for c in s.collects) <= s.pot_total:
        return _NONE_RETURNED
    left = dict(s.returns)
    for event in s.hand.events:
        if type(event) is ReturnUncalled and event.player in left:  # a return the text did print is its own
            left[event.player] -= event.amount
    taken: dict[str, int] = {}
    collects, runs = [], []
    for event, run in zip(s.collects, s.collect_runs):
        owed = left.get(event.player, 0)
        if owed > 0:
            part = min(event.amount, owed)
            left[event.player] = owed - part
            taken[event.player] = taken.get(event.player, 0) + part
            if part == event.amount:
                continue  # the whole line was the return
            event = replace(event, amount=event.amount - part)
        collects.append(event)
        runs.append(run)
    for name, owed in left.items():
        if owed > 0:
            due = owed + taken.get(name, 0)
            s.report(
                "HH201",
                s.hand.claims.line,
                "not_collected",
                player=name,
                amount=s.money(due),
                collected=s.money(taken.get(name, 0)),
                expected=due,
                actual=taken.get(name, 0),
            )
    s.collects[:] = collects
    s.collect_runs[:] = runs
    return taken


TAX = "tax"  # the one fee a site may print without taking it from the pot (GGPoker's Tax field)


def _fees_taken(s: Replay, total: int, collected: int) -> int:
    """The fees besides rake taken from the pot (jackpot, bingo, fortune, tax, …: Claims.fees).

    Winners collect the total pot less rake and every fee. A printed tax that the collected lines
    show was not taken (they add up with it left in) is reported as a warning and not counted."""
    claims = s.hand.claims
    fees = 0
    tax = 0
    for name, amount in claims.fees:
        fees += amount
        if name == TAX:
            tax += amount
    if tax and claims.rake is not None and claims.total_pot is not None:
        taken = claims.rake + fees
        if collected + taken != claims.total_pot and collected + taken - tax == claims.total_pot:
            s.report("HH213", claims.line, tax=s.money(tax), expected=claims.total_pot - taken, actual=collected)
            return fees - tax
    return fees


def _kept_by_room(s: Replay, expected: dict[tuple[int, int, str], int]) -> dict[str, int]:
    """Player → the pot share a cashed-out player won and was not paid: after an all-in cash out the
    room pays the player outside the pot and keeps what the player's cards win (the summary says
    `won ($X) … (pot not awarded as player cashed out)`). By the cards; where they cannot decide a
    pot the player could win, by what the summary says the player won."""
    kept: dict[str, int] = {}
    cashed = {p.name for p in s.players.values() if p.cashed_out}
    if not cashed:  # nearly every hand
        return kept
    cashed.difference_update(s.collected_by())
    for (run, index, name), amount in expected.items():
        if name in cashed:
            kept[name] = kept.get(name, 0) + amount
    if s.unverified:
        undecided = {name for _, index in s.unverified for name in s.pots[index].eligible}
        for seat in s.hand.claims.seats:
            if seat.player in cashed and seat.player in undecided:
                claimed = _won_printed(seat)
                if claimed:
                    kept[seat.player] = claimed
    return kept


# -- pots ---------------------------------------------------------------------------------------
def _net_pots(s: Replay, total: int, rake: int) -> list[int]:
    """Each pot after rake: the printed main/side pots when they fit, else rake off the main pot first.

    How a room spreads the rake over the pots is not printed, so the printed pots are held against
    the collected lines when those account for every pot (each pot's collects within it, adding up to
    the total less rake): a wrong pot figure is then HH204 at the summary line, even when the printed
    pots still add up, and the collected lines that agree with the pots get nothing.
    """
    claims = s.hand.claims
    gross = []
    for pot in s.pots:
        gross.append(pot.amount)
    if claims.main_pot is not None:
        printed = [claims.main_pot, *claims.side_pots]
        taken = _collected_pots(s, gross, total - rake)
        fits = (
            len(printed) == len(gross)
            and sum(printed) == total - rake
            and not any(p > g for p, g in zip(printed, gross))
        )
        if fits and (taken is None or taken == printed):
            return printed
        if taken is None:
            s.report(
                "HH204",
                claims.line,
                "contributions",
                printed=_amounts(s, printed),
                rake=s.money(rake),
                gross=_amounts(s, gross),
                expected=" + ".join(map(str, gross)),
                actual=" + ".join(map(str, printed)),
            )
        else:
            s.report(
                "HH204",
                claims.line,
                "collected",
                printed=_amounts(s, printed),
                rake=s.money(rake),
                taken=_amounts(s, taken),
                gross=_amounts(s, gross),
                expected=f"{' + '.join(map(str, taken))} (of {' + '.join(map(str, gross))} before rake)",
                actual=" + ".join(map(str, printed)),
            )
            return taken
    elif len(gross) > 1 and claims.total_pot is not None and s.conventions.summary_names_pots and _itemized(s):
        s.report("HH204", claims.line, "one", count=len(gross), gross=_amounts(s, gross), expected=len(gross), actual=1)
    spread = s.conventions.rake_by_pot
    if len(gross) > 1 and rake and spread is not MAIN_FIRST:
        if spread is CAPPED_MAIN_FIRST:
            capped = _capped_by_schedule(s, gross, rake)
            return capped if capped is not None else spread_rake(gross, rake, PROPORTIONAL_DOWN)
        return spread_rake(gross, rake, spread)
    return spread_rake(gross, rake, MAIN_FIRST)


def _capped_by_schedule(s: Replay, gross: list[int], rake: int) -> list[int] | None:
    """iPoker's spread (IP-4), where a schedule in force gives the rate: each pot pays the rate, the
    main pot first, until the hand's rake (the cap, when it binds) is taken: €4 off €60 + €40 at 5 % is
    €3 + €1. None without a schedule for the hand, or when the pots at the rate hold less than the rake
    (a rake above the schedule, HH208: the proportional spread is used)."""
    schedule = s.rules.rake
    header = s.hand.header
    if schedule is None or header.is_tournament:
        return None
    level = level_in_force(schedule, header)
    if level is None:
        return None
    players = len(s.order)
    return take_in_order(gross, rake, [schedule.percentage(level, amount, players) for amount in gross])


def _capped_unknown(s: Replay) -> bool:
    """Whether the hand's rake is spread "capped, main first" at a rate nothing gives (no schedule in
    force, no printed pots): the collects then may follow the proportional spread or a capped one."""
    if s.conventions.rake_by_pot is not CAPPED_MAIN_FIRST or len(s.pots) < 2 or s.hand.claims.main_pot is not None:
        return False
    schedule = s.rules.rake
    return schedule is None or s.hand.header.is_tournament or level_in_force(schedule, s.hand.header) is None


def _capped_awards(
    s: Replay, expected: dict[tuple[int, int, str], int], runs: tuple[int, ...], rake: int
) -> dict[tuple[int, int, str], int]:
    """The awards of the capped spread at an unknown rate that the collects follow, else `expected` (the
    proportional spread's). Capped at a rate r, the main pot pays r of itself and each later pot at most
    r of itself, in order, until the rake is taken: every main-pot share from the proportional one up to
    the whole rake is such a spread for some r and cap (the rate cannot be told from the hand), so each is
    tried: a side pot that pays more than its proportional share stays HH205."""
    if rake <= 0 or s.unverified or _collected_as_expected(s, expected, runs):
        return expected
    gross = [pot.amount for pot in s.pots]
    main, whole = gross[0], sum(gross)
    if main <= 0 or rake > whole:
        return expected
    first, last = rake * main // whole, min(main, rake)
    if last - first > _CAPPED_TRIED:
        return expected  # (a rake that large is a misread hand, not a capped one)
    for main_share in range(first, last + 1):
        nets = capped_at(gross, rake, main_share)
        if nets is None:
            continue
        candidate = _awards(s, nets, runs)
        del s.unverified[:]  # none before (checked above); the awards of these nets add none either
        if _collected_as_expected(s, candidate, runs):
            return candidate
    return expected


_CAPPED_TRIED: Final = 5000  # main-pot shares tried at most (a €50 cap in cents)


def _collected_pots(s: Replay, gross: list[int], net_total: int) -> list[int] | None:
    """What the collected lines take from each pot (both runs added), or None when they do not account
    for the pots: a pot index beyond the pots, more taken from a pot than it holds, or a sum other
    than the total less rake (a wrong collected amount, a share kept for a cashed-out player)."""
    taken = [0] * len(gross)
    for event in s.collects:
        index = 0 if event.pot_index is None else event.pot_index
        if index >= len(taken):
            return None
        taken[index] += event.amount
    if sum(taken) != net_total or any(t > g for t, g in zip(taken, gross)):
        return None
    return taken


def _amounts(s: Replay, amounts: list[int]) -> str:
    return " + ".join(s.money(a) for a in amounts) or "none"


# -- awards -------------------------------------------------------------------------------------
_ONE_RUN, _RUNS = (0,), {2: (1, 2), 3: (1, 2, 3)}


def _runs(s: Replay) -> tuple[int, ...]:
    """(0,) for a board run once, else (1, 2) or (1, 2, 3): the claimed runs, or the runs dealt."""
    count = s.hand.claims.runs
    for run in s.boards:
        count = max(count, run)
    return _RUNS.get(count, _ONE_RUN) if count > 1 else _ONE_RUN


def _board(s: Replay, run: int) -> tuple[str, ...]:
    return s.boards.get(run) or s.boards.get(0, ())


def _board_at(s: Replay, line: int, run: int) -> tuple[str, ...]:
    """The board of `run` as dealt when line `line` was written: a hand shown before the last streets
    (GGPoker shows right after the all-in) is described with the cards out at that time."""
    board: tuple[str, ...] = ()
    for event in s.board_events:
        if event.line > line:
            break
        if event.run in (0, run):
            board = event.board
    return board


def _awards(s: Replay, nets: list[int], runs: tuple[int, ...]) -> dict[tuple[int, int, str], int]:
    """Expected (run, pot index, player) → amount, from the shown cards; None-able pots are skipped."""
    expected: dict[tuple[int, int, str], int] = {}
    variant = _variant(s)
    hi_lo = variant.hi_lo
    for index, (pot, net) in enumerate(zip(s.pots, nets)):
        shares = equal_shares(
            net, len(runs)
        )  # a pot run more than once: split equally, the odd chips to the first runs
        for run, amount in zip(runs, shares):
            winners = _winners(s, pot, run, variant)
            if winners is None:
                s.unverified.append((run, index))
                continue
            lows = _low_winners(s, pot, run, variant) if hi_lo and len(pot.eligible) > 1 else None
            # a hi/lo pot with a qualifying low: half to each, the odd chip to the high half; the same players
            # winning both halves split the pot as one, as evenly as it goes (TDA Rule 19: not an odd chip of
            # each half to the same player)
            if lows and set(lows) != set(winners):
                high, low = halves(amount)
                for name, share in _split(s, winners, high).items():
                    expected[(run, index, name)] = share
                for name, share in _split(s, lows, low).items():
                    key = (run, index, name)
                    expected[key] = expected.get(key, 0) + share
                continue
            for name, share in _split(s, winners, amount).items():  # (no low qualifies: the high scoops)
                expected[(run, index, name)] = share
    return expected


def _uncontested_in_first_run(
    s: Replay, expected: dict[tuple[int, int, str], int], runs: tuple[int, ...]
) -> dict[tuple[int, int, str], int]:
    """The awards with each pot that only one player is left in paid whole in the first run, when the
    collected lines pay, run by run, the players this says and not those of the even split over the runs
    (the amounts are then checked as usual): such a pot is not run again, and GGPoker pays it at the first
    showdown (fpdb-3/ggpoker PLO-5 run-twice hands). Else `expected` unchanged."""
    single = {index for index, pot in enumerate(s.pots) if len(pot.eligible) == 1}
    if not single:
        return expected
    moved: dict[tuple[int, int, str], int] = {}
    for (run, index, name), amount in expected.items():
        key = (runs[0], index, name) if index in single else (run, index, name)
        moved[key] = moved.get(key, 0) + amount
    itemized = _itemized(s)
    paid = {
        (run, (event.pot_index or 0) if itemized else 0, event.player) for event, run in zip(s.collects, s.collect_runs)
    }

    def payees(awards: dict[tuple[int, int, str], int]) -> set[tuple[int, int, str]]:
        return {(run, index if itemized else 0, name) for run, index, name in awards}

    return moved if payees(moved) == paid != payees(expected) else expected


def _winners(s: Replay, pot: Pot, run: int, variant: Variant) -> list[str] | None:
    """Best hands among the pot's eligible players, or None when the cards shown cannot decide."""
    if len(pot.eligible) == 1:
        return list(pot.eligible)
    board = _board(s, run)
    if len(board) != 5 or not _deck_cards(board):
        return None
    values = {name: best_high(variant, cards, board) for name, cards in _compared(s, pot, board, variant).items()}
    if not values:
        return None
    best = max(value.strength for value in values.values())  # HandValues compare by strength alone
    winners = [name for name, value in values.items() if value.strength == best]
    if len(values) < len(pot.eligible):
        unknown = [n for n in pot.eligible if n not in values]
        collectors = {c.player for c in s.collects}
        if any(n in collectors for n in unknown):
            return None  # a player without shown cards collected: not verifiable from the text
    return winners


def _low_winners(s: Replay, pot: Pot, run: int, variant: Variant) -> list[str]:
    """The best qualifying lows among the pot's eligible players whose cards the room compared (a hi/lo game),
    [] when none qualifies (the high hands scoop). Called once `_winners` has decided the pot: the board is
    five cards of the deck, and no player without shown cards collected, so the shown lows decide."""
    board = _board(s, run)
    lows: dict[str, LowValue] = {}
    for name, cards in _compared(s, pot, board, variant).items():
        low = best_low(variant, cards, board)
        if low is not None:
            lows[name] = low
    if not lows:
        return []
    best = min(lows.values())
    return [name for name, low in lows.items() if low == best]


def _compared(s: Replay, pot: Pot, board: tuple[str, ...], variant: Variant) -> dict[str, tuple[str, ...]]:
    """The hole cards of the pot's eligible players that the room compared at showdown, by player: the game's
    hole cards, of one deck with the board, shown or mucked (the high and the low halves read the same hands)."""
    compared: dict[str, tuple[str, ...]] = {}
    holdem = variant is HOLDEM
    for name in pot.eligible:
        player = s.players[name]
        cards = player.shown or player.cards
        if holdem:
            if (
                len(cards) != 2
                or cards[0] == cards[1]
                or not _all_cards(cards)
                or cards[0] in board
                or cards[1] in board
            ):
                continue  # not two cards of one deck with the board (HH301/HH302 say why): not comparable
        elif len(cards) != variant.hole_cards or not _deck_cards(cards + board):
            continue  # not the game's hole cards, of one deck with the board: not comparable
        if not player.shown and not player.mucked:
            continue  # dealt cards of a player who did not show: the room did not compare them
        compared[name] = cards
    return compared


def _variant(s: Replay) -> Variant:
    """The game the hand is dealt in (`Header.game`): how many hole cards a line holds, how a hand is made."""
    found = _VARIANTS.get(s.hand.header.game)  # (a compiled look-up: variant_named is plain Python)
    return found if found is not None else variant_named(s.hand.header.game)  # (which names the known ones)


def _split(s: Replay, winners: list[str], amount: int) -> dict[str, int]:
    """Equal shares; the odd chips go one each to the first winners in the odd-chip order (S4): left
    of the button by default, the site's own order where it has one (`odd_chip_rule`)."""
    if len(winners) == 1:  # the usual case: the order and the odd chips do not matter
        return {winners[0]: amount}
    rule = odd_chip_rule(s)
    button = s.hand.header.button_seat or 0
    big = s.players.get(s.big_blind_player) if s.big_blind_player else None
    big_seat = big.seat if big is not None else 0
    players = s.players
    direction = 1 if s.conventions.clockwise else -1  # seats numbered counter-clockwise: play goes down them
    return split_pot(amount, [(name, players[name].seat) for name in winners], rule, button, big_seat, direction)


def odd_chip_rule(s: Replay) -> str:
    """The odd-chip order for the hand: the rules file's or profile's, else its site's (`Conventions.odd_chip`)."""
    rule = s.rules.odd_chip
    return s.conventions.odd_chip if rule == SITE_ODD_CHIP else rule


def _itemized(s: Replay) -> bool:
    """Whether the text says which pot each amount is taken from (a side pot named by its number, or a
    summary that prints the main and side pots). A site that never does (GGPoker names no pot and prints
    only a total pot, side pots or not) is checked per player over all the pots together."""
    if len(s.pots) <= 1 or s.hand.claims.main_pot is not None:
        return True
    for event in s.collects:
        if event.pot_index is not None:
            return True
    return False


def _check_collects(s: Replay, expected: dict[tuple[int, int, str], int], runs: tuple[int, ...]) -> int:
    """The collected lines against the awards; returns the rake surcharge some winners' shares carry
    (`_surcharged`: part of the printed rake, not of the schedule's)."""
    pots = [pot.amount for pot in s.pots]
    unverified = set(s.unverified)
    itemized = _itemized(s)
    if not itemized:  # the pots together, as one: (run, 0, player)
        merged: dict[tuple[int, int, str], int] = {}
        for (run, _, name), amount in expected.items():
            merged[(run, 0, name)] = merged.get((run, 0, name), 0) + amount
        expected, pots = merged, [sum(pots)]
        unverified = {(run, 0) for run, _ in unverified}
    if not unverified and _collected_is(s, expected, runs, len(pots)):
        # the common case first: every pot decided by the cards and collected exactly as they say,
        # which is the one case where the full check below reports nothing
        return 0
    actual: dict[tuple[int, int, str], int] = defaultdict(int)
    lines: dict[tuple, int] = {}  # (run, pot) and (run, pot, player) → line
    each_line: dict[tuple[int, int, str], list[tuple[int, int]]] = defaultdict(list)  # → (line, amount) of each
    for event, run in zip(s.collects, s.collect_runs):
        run = run if len(runs) > 1 else 0
        index = 0 if event.pot_index is None else event.pot_index
        if index >= len(s.pots):
            s.report(
                "HH205",
                event.line,
                "no_pot",
                player=event.player,
                amount=s.money(event.amount),
                count=len(s.pots),
                expected=f"pot index < {len(s.pots)}",
                actual=index,
            )
            continue
        actual[(run, index, event.player)] += event.amount
        each_line[(run, index, event.player)].append((event.line, event.amount))
        lines.setdefault((run, index), event.line)
        lines.setdefault((run, index, event.player), event.line)
    last = s.collects[-1].line if s.collects else s.hand.claims.line
    wants = _by_pot(expected)
    gots = _by_pot(actual)
    apportioned = _fee_apportioned(s, runs, len(pots), wants, gots)
    hi_lo = _variant(s).hi_lo
    surcharge = 0
    for run in runs:
        for index, pot in enumerate(pots):
            key = (run, index)
            if key in unverified:
                if key in gots:
                    s.report(
                        "HH306",
                        lines.get(key, last),
                        index=index,
                        amount=s.money(pot),
                        winners=", ".join(sorted(gots[key])),
                    )
                continue
            want = wants.get(key, {})
            got = gots.get(key, {})
            paid = [n for n in want if s.players[n].cashed_out and n not in got] if want else ()
            for name in paid:
                del want[name]  # paid through the all-in cash out, not from the pot
            line = lines.get(key, last)
            if want.keys() != got.keys():
                if not got and not want:
                    continue
                # at the first line of a player the cards give nothing of the pot, if one collected
                intruder = next((name for name in got if name not in want), None)
                s.report(
                    "HH303",
                    line if intruder is None else lines.get((run, index, intruder), line),
                    pot=_pot_name(index, run, len(pots)),
                    amount=s.money(pot),
                    want=_names(want),
                    got=_names(got),
                    expected=_names(want),
                    actual=_names(got),
                )
            elif want != got and index not in apportioned:
                # (both readings of a split assume one equal split: a hi/lo pot's halves are two, never read so)
                if itemized and len(want) > 1 and not hi_lo:
                    if _split_in_chips(s, want, got):
                        continue
                    extra = _surcharged(s, index, run, want, got, line)
                    if extra:
                        surcharge += extra
                        continue
                code, variant = ("HH305", "") if itemized and len(want) > 1 else ("HH205", "share")
                for name in sorted(want):
                    if want[name] != got[name]:
                        at = lines.get((run, index, name), line)
                        own = each_line[(run, index, name)]
                        if hi_lo and len(own) > 1 and len(pots) == len(s.pots):
                            at = _wrong_half_line(s, run, index, name, own, sum(want.values()), at)
                        s.report(
                            code,
                            at,
                            variant,
                            player=name,
                            amount=s.money(got[name]),
                            pot=_pot_name(index, run, len(pots)),
                            share=s.money(want[name]),
                            expected=want[name],
                            actual=got[name],
                        )
    return surcharge


def _wrong_half_line(
    s: Replay, run: int, index: int, name: str, paid: list[tuple[int, int]], net: int, default: int
) -> int:
    """Of a hi/lo winner's several collect lines from one pot (a high and a low share, or a scoop's two halves),
    the first whose amount is none of the shares the halves give: the wrong line, which their sum cannot point
    at (`default`, the player's first line, when the cards do not say the shares)."""
    variant = _variant(s)
    pot = s.pots[index]
    winners = _winners(s, pot, run, variant)
    if winners is None:
        return default
    lows = _low_winners(s, pot, run, variant)
    if lows and set(lows) != set(winners):
        high, low = halves(net)
        parts = [_split(s, group, half)[name] for half, group in ((high, winners), (low, lows)) if name in group]
    elif name in winners:
        parts = [part for part in halves(_split(s, winners, net)[name]) if part]
    else:
        return default
    for line, amount in paid:
        if amount in parts:
            parts.remove(amount)
        else:
            return line
    return default


def _collected_is(
    s: Replay, expected: dict[tuple[int, int, str], int], runs: tuple[int, ...], count: int, merged: bool = False
) -> bool:
    """Whether the collected lines are exactly `expected` ((run, pot index, player) → amount, over
    `count` pots; `merged`: every pot as pot 0, the collects checked per player over all the pots)."""
    multi = len(runs) > 1
    collected: dict[tuple[int, int, str], int] = {}
    for event, run in zip(s.collects, s.collect_runs):
        index = 0 if event.pot_index is None or merged else event.pot_index
        if index >= count:
            return False
        who = (run if multi else 0, index, event.player)
        collected[who] = collected.get(who, 0) + event.amount
    return collected == expected


def _collected_as_expected(s: Replay, expected: dict[tuple[int, int, str], int], runs: tuple[int, ...]) -> bool:
    """`_collected_is` as `_check_collects` compares: per pot where the text says which pot each amount
    is taken from, else per player over all the pots."""
    if _itemized(s):
        return _collected_is(s, expected, runs, len(s.pots))
    merged: dict[tuple[int, int, str], int] = {}
    for (run, _, name), amount in expected.items():
        merged[(run, 0, name)] = merged.get((run, 0, name), 0) + amount
    return _collected_is(s, merged, runs, 1, True)


def _fee_apportioned(
    s: Replay,
    runs: tuple[int, ...],
    pots: int,
    wants: dict[tuple[int, int], dict[str, int]],
    gots: dict[tuple[int, int], dict[str, int]],
) -> set[int]:
    """The pots whose split between runs and winners is the room's, when the summary prints fees besides
    rake: a room that takes several fees apportions each between the shares, rounding each its own way,
    and prints only the results (GGPoker: $14.44 split $7.23/$7.21, $7 run twice $3.53/$3.47). Such a
    pot's shares are checked in total: the winners of each run are still checked, and so is the sum."""
    apportioned: set[int] = set()
    if not s.hand.claims.fees:
        return apportioned
    for index in range(pots):
        want = got = 0
        for run in runs:
            want += sum(wants.get((run, index), {}).values())
            got += sum(gots.get((run, index), {}).values())
        if want == got:
            apportioned.add(index)
    return apportioned


def _by_pot(amounts: dict[tuple[int, int, str], int]) -> dict[tuple[int, int], dict[str, int]]:
    """(run, pot index, player) → amount, regrouped as (run, pot index) → {player: amount}, order kept."""
    grouped: dict[tuple[int, int], dict[str, int]] = {}
    for (run, index, name), amount in amounts.items():
        pot = grouped.get((run, index))
        if pot is None:
            pot = grouped[(run, index)] = {}
        pot[name] = amount
    return grouped


_CHIP_UNITS = (5, 10, 25, 50, 100)


def _split_in_chips(s: Replay, want: dict[str, int], got: dict[str, int]) -> bool:
    """Whether the split follows S4 with a larger smallest chip than one minor unit.

    Rooms split in the table's smallest chip (one split a $1.90 pot four ways in 2008 as
    $0.50, $0.50, $0.45, $0.45 at $0.25/$0.50); the odd chips still go left of the button first.
    """
    total = sum(got.values())
    if total != sum(want.values()):
        return False
    for unit in _CHIP_UNITS:
        if total % unit:
            continue
        shares = _split(s, list(want), total // unit)
        if {name: share * unit for name, share in shares.items()} == got:
            return True
    return False


def _surcharged(s: Replay, index: int, run: int, want: dict[str, int], got: dict[str, int], line: int) -> int:
    """The surcharge (0: none) when a split that is not equal is the site's rake surcharge on some winners' shares
    (`Conventions.rake_surcharge`, PS-3: 25 % more rake on the share of a player based in Germany from
    2021-07-01), reported as info HH309 for each such winner.

    The collects and the printed rake add up to the total pot; the winners without a surcharge get the
    standard share of the pot less the standard rake (told by them: the largest share), and each other
    winner that share less the surcharge percent of his part of the standard rake, to the unit: a $10
    pot, $0.56 rake, $4.75 and $4.69 (standard rake $0.50, $0.25 each; 25 % of $0.25 is $0.06)."""
    surcharge = s.conventions.rake_surcharge
    claims = s.hand.claims
    if surcharge is None or claims.rake is None or claims.total_pot is None or len(s.pots) <= index:
        return 0
    since, percent = surcharge
    started = s.hand.header.time_utc
    if started is None or started.date().isoformat() < since:
        return 0
    collected = 0
    for event in s.collects:
        collected += event.amount
    if collected + claims.rake + s.fees != claims.total_pot or sum(got.values()) != sum(want.values()):
        return 0  # the sums do not balance: a wrong share, HH305
    winners = list(want)
    count = len(winners)
    gross = s.pots[index].amount
    largest = max(got.values())
    for odd in range(count):  # the standard net pot: the largest share times the winners, less odd chips
        standard = _split(s, winners, largest * count - odd)
        rake_part = gross - sum(standard.values())
        if rake_part <= 0:
            continue
        less = {name: standard[name] - got[name] for name in winners}
        if any(d < 0 for d in less.values()) or all(less.values()):
            continue
        due = percent * rake_part
        if all(not d or abs(d * 100 * count - due) < 100 * count for d in less.values()):
            pot = _pot_name(index, run, len(s.pots))
            for name in sorted(winners):
                if less[name]:
                    s.report(
                        "HH309",
                        line,
                        player=name,
                        amount=s.money(got[name]),
                        pot=pot,
                        share=s.money(standard[name]),
                        surcharge=s.money(less[name]),
                        percent=percent,
                        since=since,
                        expected=standard[name],
                        actual=got[name],
                    )
            return sum(less.values())
    return 0


def _pot_name(index: int, run: int, pots: int) -> str:
    name = "the pot" if pots == 1 else ("the main pot" if index == 0 else f"side pot {index}")
    return f"{name} (run {run})" if run else name


def _names(names) -> str:
    return ", ".join(sorted(names)) or "nobody"


# -- rake ---------------------------------------------------------------------------------------
def _check_rake(s: Replay, total: int, rake: int, surcharge: int = 0) -> None:
    """The rake against the schedule in force (a site's surcharge on some winners' shares, HH309, is
    the printed rake's part above the schedule)."""
    header, line = s.hand.header, s.hand.claims.line
    if rake < 0:
        s.report("HH207", line, "negative", rake=s.money(rake), expected=">= 0", actual=rake)
        return
    if header.is_tournament:
        if rake:
            s.report("HH207", line, "tournament", rake=s.money(rake), expected=0, actual=rake)
        return
    schedule = s.rules.rake
    if schedule is None:
        return
    level = level_in_force(schedule, header)  # its currency, site and days only: the audit's decision too
    if level is None:
        return
    if schedule.no_flop_no_drop and not s.saw_flop:
        if rake:
            s.report("HH209", line, rake=s.money(rake), expected=0, actual=rake)
        return
    due = schedule.due(level, total, len(s.order))
    if rake != due and rake - surcharge != due:
        s.report(
            "HH208" if rake > due else "HH212",
            line,
            rake=s.money(rake),
            total=s.money(total),
            players=len(s.order),
            due=s.money(due),
            expected=due,
            actual=rake,
        )


# -- cards and summary --------------------------------------------------------------------------
class _Owners:
    """Each card once per hand (T2): who showed it first, on which line, and what was reported.

    A card claimed by two owners (two players, or a player and the board) is reported at the line of
    the owner that fewer lines give it to, as the line that is wrong: a board card the flop, turn,
    river and summary lines agree on against one "Dealt to" line blames the "Dealt to" line; a river
    card that a player was dealt, shows and is summed up with blames the river. On a tie, the line
    checked later.
    """

    __slots__ = ("s", "owners", "reported", "claims")

    def __init__(self, s: Replay, claims: dict[tuple[str, str], int]) -> None:
        self.s = s
        self.owners: dict[str, tuple[str, int]] = {}
        self.reported: set[tuple[str, str]] = set()  # (owner, card) already reported
        self.claims = claims  # (owner, card) -> how many lines give the card to the owner

    def check(self, cards: tuple[str, ...], owner: str, line: int, whose: str | None = None) -> None:
        """One line's cards, of `owner` (`whose` names them in a finding: "X's cards" by default).

        The common case, new valid cards or the same owner's again, reports nothing and is decided here.
        """
        if len(set(cards)) != len(cards):
            self.repeated(cards, whose or f"{owner}'s cards", line)
        owners = self.owners
        for card in cards:
            previous = owners.get(card)  # only valid cards are recorded
            if previous is None:
                if card in DECK:
                    owners[card] = (owner, line)
                    continue
            elif previous[0] == owner:
                continue
            self.own(card, owner, line)

    def own(self, card: str, owner: str, line: int) -> None:
        s, owners, reported = self.s, self.owners, self.reported
        if card not in DECK:
            s.report("HH302", line, "card", card=card, expected="rank+suit, e.g. Ah", actual=card)
            return
        previous = owners.get(card)
        if previous is not None and previous[0] != owner and (owner, card) not in reported:
            reported.add((owner, card))
            other, other_line = previous
            claims = self.claims
            if claims.get((other, card), 0) < claims.get((owner, card), 0):
                owner, line, other, other_line = other, other_line, owner, line  # the earlier line is the odd one
            s.report(
                "HH301",
                line,
                "owners",
                card=card,
                owner=owner,
                other=other,
                other_line=other_line,
                expected="each card once",
                actual=f"{card} twice",
            )
        else:
            owners.setdefault(card, (owner, line))

    def repeated(self, cards: tuple[str, ...], whose: str, line: int) -> None:
        s, reported = self.s, self.reported
        seen = set()
        for card in cards:
            if card in seen and (whose, card) not in reported:
                reported.add((whose, card))
                s.report(
                    "HH301", line, "repeated", card=card, whose=whose, expected="each card once", actual=f"{card} twice"
                )
            seen.add(card)


def _cards_clean(s: Replay, hole_cards: int) -> bool:
    """Whether the walk of `_check_cards` would find nothing: at most the game's `hole_cards` per line, and
    every card a card, once per line and with a single owner. Decided card by card in one dict of
    owners, as it is for nearly every hand."""
    owners: dict[str, str] = {}  # card → the owner of the first line that gives it
    for event in s.hole_events:
        cards = event.shown if type(event) is _Fold else event.cards
        if len(cards) > hole_cards or not _claimed(owners, event.player, cards):
            return False
    for seat in s.hand.claims.seats:
        if seat.cards and not _claimed(owners, seat.player, seat.cards):
            return False
    for street in s.board_events:
        if not _claimed(owners, "the board", street.board):
            return False
    for card in owners:  # no non-card
        if card not in _DECK:
            return False
    return True


def _claimed(owners: dict[str, str], owner: str, cards: tuple[str, ...]) -> bool:
    """Give one line's cards to its owner in `owners`; False if a card repeats on the line or is another's."""
    if len(cards) == 2:
        if cards[0] == cards[1]:
            return False
    elif not _distinct(cards):
        return False
    for card in cards:
        if owners.setdefault(card, owner) != owner:
            return False
    return True


def _card_claims(s: Replay) -> dict[tuple[str, str], int]:
    """(owner, card) -> the number of lines that give the card to the owner: hole-card, show and
    summary seat lines for a player; street lines and the summary's Board lines for the board."""
    claims: dict[tuple[str, str], int] = {}
    lines: list[tuple[str, tuple[str, ...]]] = []
    for event in s.hole_events:
        lines.append((event.player, event.shown if type(event) is _Fold else event.cards))
    for seat in s.hand.claims.seats:
        lines.append((seat.player, seat.cards))
    for street in s.board_events:
        lines.append(("the board", street.board))
    for board in s.hand.claims.boards:
        lines.append(("the board", board))
    for owner, cards in lines:
        for card in set(cards):
            claims[(owner, card)] = claims.get((owner, card), 0) + 1
    return claims


def _check_cards(s: Replay) -> None:
    hand = s.hand
    variant = _variant(s)
    dealt = variant.hole_cards
    if not _cards_clean(s, dealt):  # walk the lines card by card to report what is wrong, where
        cards_seen = _Owners(s, _card_claims(s))
        for event in s.hole_events:  # DealHole, Show and Fold lines with cards, in order (gathered by the replay)
            cards = event.shown if type(event) is _Fold else event.cards
            if len(cards) > dealt:
                s.report(
                    "HH302",
                    event.line,
                    "count",
                    player=event.player,
                    count=len(cards),
                    expected=dealt,
                    actual=len(cards),
                )
            cards_seen.check(cards, event.player, event.line)
        for seat in hand.claims.seats:
            if seat.cards:
                cards_seen.check(seat.cards, seat.player, seat.line)
        for event in s.board_events:  # checked street by street: the line that deals it
            cards_seen.check(event.board, "the board", event.line, "the board")
    for name, player in s.players.items():
        if player.cards and player.shown and player.shown != player.cards and set(player.shown) - set(player.cards):
            line = next((e.line for e, _ in s.shows if e.player == name), hand.source.line)
            s.report(
                "HH308",
                line,
                "dealt",
                player=name,
                cards=" ".join(player.cards),
                shown=" ".join(player.shown),
                expected=" ".join(player.cards),
                actual=" ".join(player.shown),
            )
    words = s.site.wording if s.shows else None  # the site's wording, as the caller gave it
    against = s.site.description_against if len(s.shows) > 1 else None
    for event, run in s.shows:
        description, shown = event.description, event.cards
        if description and len(shown) == dealt:
            line = event.line
            board = _board_at(s, line, run)
            if variant.hi_lo:
                _check_hilo_description(s, variant, "shows", event.player, line, description, shown, board, run, event)
                continue
            cards = _described(variant, shown, board)
            if cards is not None and (
                not _description_matches(words, description, cards)
                or against is not None
                and not against(description, cards, _other_shows(s, event, run, variant))
            ):
                s.report(
                    "HH304",
                    line,
                    "shows",
                    player=event.player,
                    cards=" ".join(shown),
                    description=description,
                    board=" ".join(board),
                    expected=_describe(s, cards),
                    actual=description,
                )


def _check_hilo_description(
    s: Replay,
    variant: Variant,
    kind: str,
    player: str,
    line: int,
    description: str,
    hole: tuple[str, ...],
    board: tuple[str, ...],
    run: int | None = None,
    shown: Show | None = None,
) -> None:
    """A hi/lo hand's description (`hilo.split_description`): its high words checked as any game's (on a
    show line, against the other shown hands too: `run`, `shown`), and, in the `HI: …; LO: …` form, its low
    words against the best qualifying low (no `LO:` part for a hand that makes a low is as wrong as one
    for a hand that makes none). Either wrong is HH304, the expected and printed words as its numbers."""
    cards = _described(variant, hole, board)
    if cards is None:
        return
    high_text, low_text, marked = split_description(description)
    expected = actual = ""
    if high_text is not None:
        words = s.site.wording
        against = s.site.description_against if shown is not None and len(s.shows) > 1 else None
        if not _description_matches(words, high_text, cards) or (
            against is not None
            and shown is not None
            and run is not None
            and not against(high_text, cards, _other_shows(s, shown, run, variant))
        ):
            expected, actual = _describe(s, cards), high_text
    if not actual and marked:
        low = best_low(variant, hole, board) if len(board) >= 3 else None
        want = low.words if low is not None else None
        if not low_words_match(low_text, want):
            expected, actual = f"LO: {want}" if want else "no low", f"LO: {low_text}" if low_text else "no low"
    if not actual:
        return
    s.report(
        "HH304",
        line,
        kind,
        player=player,
        cards=" ".join(hole),
        description=description,
        board=" ".join(board),
        expected=expected,
        actual=actual,
    )


def _other_shows(s: Replay, shown: Show, run: int, variant: Variant) -> list[tuple[str, ...]]:
    """The cards of the other hands shown in the same run, each with its board (what a description may
    say it beat: PS-2's "- Jack higher"); in Omaha, each one's best five."""
    out = []
    for event, other_run in s.shows:
        if (
            event is not shown
            and other_run == run
            and event.player != shown.player
            and len(event.cards) == variant.hole_cards
        ):
            cards = _described(variant, event.cards, _board_at(s, event.line, other_run))
            if cards is not None:
                out.append(cards)
    return out


def _described(variant: Variant, hole: tuple[str, ...], board: tuple[str, ...]) -> tuple[str, ...] | None:
    """The cards a description of `hole` (the game's hole cards) shown with `board` names the best five of
    (`described_cards`), or None when they are no hand to describe: not three to five board cards, or not
    cards of one deck."""
    if not 3 <= len(board) <= 5 or not _deck_cards(hole + board):
        return None
    return described_cards(variant, hole, board)


_Wording = tuple[Callable[..., str], Callable[..., bool]]  # a dialect's (describe, description_matches)


def _describe(s: Replay, cards) -> str:
    words = s.site.wording
    return words[0](evaluate(cards)) if words is not None else ""


def _description_matches(words: _Wording | None, text: str, cards) -> bool:
    """Whether a printed description names the best hand of `cards`, in the site's wording (`words`: the
    hand's site's, `Site.wording`; a site without a wording in its dialect is not checked).

    A wording names a hand by its value (category and ranks: `evaluate`), never by its suits or by
    which five cards make it, so the answer is remembered per wording, description and strength: the
    same few descriptions of the same hands come back in hand after hand, and a shown hand's cards
    are evaluated for its pot anyway. Kept per wording function, not per site name: a dialect
    registered again for a site brings its own."""
    if words is None:
        return True
    key = (words[1], text, evaluate(cards).strength)
    known = _MATCHES.get(key)
    if known is None:
        if len(_MATCHES) >= _MATCHES_KEPT:
            _MATCHES.clear()
        known = _MATCHES[key] = bool(words[1](text, cards))
    return known


# (the wording's description_matches, description, strength) → whether the description names that hand
_MATCHES: Final[dict[tuple[Callable[..., bool], str, int], bool]] = {}
_MATCHES_KEPT: Final = 50_000  # at most this many answers (a few MB), then they are forgotten


def _check_summary(s: Replay, returned: dict[str, int], runs: tuple[int, ...]) -> None:
    """The summary's boards, won amounts (with the returns a site pays inside them: `returned`),
    descriptions and cards, against the replay (`runs`: `_runs`)."""
    claims = s.hand.claims
    dealt, boards = [], {}  # the board of each run, in order and by run
    for run in runs:
        board = boards[run] = _board(s, run)
        dealt.append(board)
    if claims.boards:
        printed = list(claims.boards)
        for i, board in enumerate(printed):
            want = dealt[i] if i < len(dealt) else ()
            if i and board and len(board) < len(want):  # a later run's board line may print only its own cards
                want = tuple(want)[len(want) - len(board) :]
            # the flop's three cards are dealt at once: printed in another order it is the same board
            reordered = (
                len(board) == len(want)
                and sorted(board[:3]) == sorted(want[:3])
                and tuple(board[3:]) == tuple(want[3:])
            )
            if tuple(board) != tuple(want) and want and not reordered:
                line = claims.board_lines[i] if i < len(claims.board_lines) else claims.line
                s.report(
                    "HH307",
                    line,
                    board=" ".join(board),
                    dealt=" ".join(want),
                    expected=" ".join(want),
                    actual=" ".join(board),
                )
    multi = len(runs) > 1
    by_player: dict[tuple[str, int], int] = {}
    collectors: set[str] = set()
    for event, run in zip(s.collects, s.collect_runs):
        collector = event.player
        key = (collector, run if multi else 0)
        by_player[key] = by_player.get(key, 0) + event.amount
        collectors.add(collector)
    for name, amount in returned.items():
        key = (name, runs[0] if multi else 0)
        by_player[key] = by_player.get(key, 0) + amount
    words = s.site.wording  # the site's wording of a hand (None: its descriptions are not checked)
    variant = _variant(s)
    for seat in claims.seats:  # each field of a seat line read once (a generic attribute look-up each)
        outcomes, seat_cards = seat.outcomes, seat.cards
        if not outcomes and not seat_cards:
            continue  # a seat that folded: its line claims nothing to check
        name = seat.player
        player = s.players.get(name)
        if player is None:
            continue
        not_awarded = seat.cashed_out and name not in collectors
        if seat.cash_out_received is not None or seat.cash_out_paid is not None:
            _check_outside_pot(s, seat, player)
        if not_awarded and not s.unverified:
            _check_kept_share(s, seat)
        for i, outcome in enumerate(outcomes):
            run = runs[i] if i < len(runs) else runs[-1]
            won, won_amount, description = outcome.won, outcome.amount, outcome.description
            if won and won_amount is not None and not not_awarded:
                if len(outcomes) == 1 and multi:
                    got = sum(by_player.get((name, r), 0) for r in runs)
                else:
                    got = by_player.get((name, run), 0)
                if won_amount != got:
                    s.report(
                        "HH210",
                        seat.line,
                        "won",
                        player=name,
                        claimed=s.money(won_amount),
                        got=s.money(got),
                        expected=got,
                        actual=won_amount,
                    )
            if description and len(seat_cards) == variant.hole_cards:
                board = boards[run]
                if variant.hi_lo:
                    _check_hilo_description(s, variant, "summary", name, seat.line, description, seat_cards, board)
                    continue
                cards = _described(variant, seat_cards, board)
                if cards is not None:
                    if _description_matches(words, description, cards):
                        continue
                    s.report(
                        "HH304",
                        seat.line,
                        "summary",
                        player=name,
                        description=description,
                        cards=" ".join(seat_cards),
                        board=" ".join(board),
                        expected=_describe(s, cards),
                        actual=description,
                    )
        shown = player.shown
        if (
            seat_cards
            and shown
            and seat_cards != shown
            and set(seat_cards) != set(shown)
            and len(seat_cards) == len(shown)
        ):
            s.report(
                "HH308",
                seat.line,
                "summary",
                player=name,
                cards=" ".join(seat_cards),
                shown=" ".join(shown),
                expected=" ".join(shown),
                actual=" ".join(seat_cards),
            )


def _check_kept_share(s: Replay, seat: SeatSummary) -> None:
    """A cashed-out player's `won ($X)` is the share the room keeps: it must be what the cards give."""
    claimed = _won_printed(seat)
    share = s.cash_out_kept.get(seat.player, 0)
    if claimed != share and (claimed or share):
        s.report(
            "HH210",
            seat.line,
            "kept",
            player=seat.player,
            claimed=s.money(claimed),
            share=s.money(share),
            expected=share,
            actual=claimed,
        )


def _check_outside_pot(s: Replay, seat: SeatSummary, player: Player) -> None:
    """A summary's EV-cashout figures repeat what the hand's lines say the room paid the player, and the
    player paid the room (the cash-out risk), outside the pot."""
    for claimed, actual, what in (
        (seat.cash_out_received, player.cash_out_paid, "was paid"),
        (seat.cash_out_paid, player.premium, "paid"),
    ):
        if claimed is not None and claimed != actual:
            s.report(
                "HH210",
                seat.line,
                "outside",
                player=seat.player,
                what=what,
                claimed=s.money(claimed),
                lines=s.money(actual),
                expected=actual,
                actual=claimed,
            )


def _won_printed(seat: SeatSummary) -> int:
    """What a summary seat line says the player won (`won ($X)`, over both runs)."""
    return sum(o.amount for o in seat.outcomes if o.won and o.amount is not None)
