"""Chains of hands at one table, as real clients write them (SITE-BEHAVIOURS.md §9.1, §9.4-§9.6).

Each test writes two or more hands of one table in the site's own format (walks: everyone folds
to the big blind, who takes the small blind; the stacks of the next hand follow from that), once as
the site really writes them (no finding) and once as a near miss that still gives HH405, HH410,
HH411 or HH412 (the **Remains** of the item), or the one "hands missing" warning HH416.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta

import pytest
from handkit import problems

from hhtool.findings import Finding, Severity
from hhtool.validate import validate_paths

START = datetime(2023, 11, 14, 22, 15, 0)


@dataclass(frozen=True)
class Walk:
    """One hand at a table: seats (seat, name, stack in minor units), the button, the blinds' seats
    (0: no small blind), its number (Winamax: the table's counter) and start time."""

    number: int
    time: datetime
    button: int
    seats: tuple[tuple[int, str, int], ...]
    small: int
    big: int
    table: str = "Testa I"
    blinds: tuple[int, int] = (5, 10)

    def name(self, seat: int) -> str:
        return next(n for s, n, _ in self.seats if s == seat)

    @property
    def bust(self) -> bool:
        """The small blind posts its whole stack: all-in, it loses a showdown to the big blind's eights."""
        return bool(self.small) and next(v for s, _, v in self.seats if s == self.small) == self.blinds[0]

    def folders(self) -> list[str]:
        """The players who fold: clockwise from the big blind, the small blind last (unless all-in)."""
        order = sorted(self.seats)
        after = [s for s in order if s[0] > self.big] + [s for s in order if s[0] < self.big]
        return [n for s, n, _ in after if s != self.big and not (self.bust and s == self.small)]

    def following(
        self,
        number: int,
        time: datetime,
        button: int,
        small: int,
        big: int,
        *,
        seats: tuple[tuple[int, str, int], ...] = (),
    ) -> Walk:
        """The next hand: the stacks as this walk left them (the big blind won the small blind), with
        `seats` overriding them where given (a newcomer; a player gone: an empty name)."""
        won = self.blinds[0] if self.small else 0
        now = {
            s: (s, n, stack - (won if s == self.small else 0) + (won if s == self.big else 0))
            for s, n, stack in self.seats
        }
        for seat, name, stack in seats:
            if name:
                now[seat] = (seat, name, stack)
            else:
                now.pop(seat, None)
        return Walk(number, time, button, tuple(sorted(now.values())), small, big, self.table, self.blinds)


def cents(v: int, symbol: str = "$", after: bool = False) -> str:
    """An amount as the sites print it: `$10`, `$9.95`, `0.25€`."""
    text = f"{v // 100}" if v % 100 == 0 else f"{v // 100}.{v % 100:02d}"
    return text + symbol if after else symbol + text


# -- the sites' texts --------------------------------------------------------------------------------


def stars(w: Walk, tournament: bool = False) -> str:
    """PokerStars (shapes: fpdb-3/pokerstars/cash-holdem, tournament-holdem; tests/test_rule_codes.py's
    NEXT): a walk, cash in dollars or tournament chips."""
    sb, bb = w.blinds
    assert w.small, "a PokerStars walk here has a small blind"
    money = str if tournament else cents  # tournament chips as they are
    if tournament:
        head = (
            f"PokerStars Hand #{w.number}: Tournament #63858762, $5.00+$0.50 Hold'em No Limit - Level V "
            f"({sb}/{bb}) - {w.time:%Y/%m/%d %H:%M:%S} ET"
        )
    else:
        head = (
            f"PokerStars Hand #{w.number}:  Hold'em No Limit ({money(sb)}/{money(bb)} USD) - "
            f"{w.time:%Y/%m/%d %H:%M:%S} ET"
        )
    lines = [head, f"Table '{w.table}' 6-max Seat #{w.button} is the button"]
    lines += [f"Seat {s}: {n} ({money(v)} in chips)" for s, n, v in w.seats]
    all_in = " and is all-in" if w.bust else ""
    lines += [
        f"{w.name(w.small)}: posts small blind {money(sb)}{all_in}",
        f"{w.name(w.big)}: posts big blind {money(bb)}",
    ]
    lines += ["*** HOLE CARDS ***", f"Dealt to {w.name(w.big)} [8c 8d]"]
    lines += [f"{n}: folds" for n in w.folders()]
    lines += [f"Uncalled bet ({money(bb - sb)}) returned to {w.name(w.big)}"]
    if w.bust:
        lines += [
            "*** FLOP *** [2c 7d 9h]",
            "*** TURN *** [2c 7d 9h] [Js]",
            "*** RIVER *** [2c 7d 9h Js] [3s]",
            "*** SHOW DOWN ***",
            f"{w.name(w.small)}: shows [Ah Kh] (high card Ace)",
            f"{w.name(w.big)}: shows [8c 8d] (a pair of Eights)",
        ]
    lines += [f"{w.name(w.big)} collected {money(2 * sb)} from pot"]
    lines += [] if w.bust else [f"{w.name(w.big)}: doesn't show hand"]
    lines += ["*** SUMMARY ***", f"Total pot {money(2 * sb)} | Rake {0 if tournament else '$0'}"]
    lines += ["Board [2c 7d 9h Js 3s]"] if w.bust else []
    for s, n, _ in w.seats:
        role = " (button)" if s == w.button else ""
        if s == w.big and w.bust:
            lines.append(
                f"Seat {s}: {n}{role} (big blind) showed [8c 8d] and won ({money(2 * sb)}) with a pair of Eights"
            )
        elif s == w.big:
            lines.append(f"Seat {s}: {n}{role} (big blind) collected ({money(2 * sb)})")
        elif s == w.small and w.bust:
            lines.append(f"Seat {s}: {n}{role} (small blind) showed [Ah Kh] and lost with high card Ace")
        elif s == w.small:
            lines.append(f"Seat {s}: {n}{role} (small blind) folded before Flop")
        else:
            lines.append(f"Seat {s}: {n}{role} folded before Flop (didn't bet)")
    return "\n".join(lines) + "\n"


def winamax(w: Walk, table_id: int = 7100002) -> str:
    """Winamax (shapes: fpdb-3/winamax/cash/NLHE-5max-EUR-1-2-201201.Hero.Sitting.Out.txt): a cash walk."""
    sb, bb = w.blinds
    money = lambda v: cents(v, "€", after=True)
    unix = int((w.time - datetime(1970, 1, 1)).total_seconds())
    lines = [
        (
            f"Winamax Poker - CashGame - HandId: #{table_id}-{w.number}-{unix} - Holdem no limit "
            f"({money(sb)}/{money(bb)}) - {w.time:%Y/%m/%d %H:%M:%S} UTC"
        ),
        f"Table: '{w.table}' 5-max (real money) Seat #{w.button} is the button",
    ]
    lines += [f"Seat {s}: {n} ({money(v)})" for s, n, v in w.seats]
    lines.append("*** ANTE/BLINDS ***")
    if w.small:
        all_in = " and is all-in" if w.bust else ""
        lines.append(f"{w.name(w.small)} posts small blind {money(sb)}{all_in}")
    lines.append(f"{w.name(w.big)} posts big blind {money(bb)}")
    lines.append("*** PRE-FLOP *** ")
    lines += [f"{n} folds" for n in w.folders()]
    pot = bb + (sb if w.small else 0)
    if w.bust:
        lines += [
            "*** FLOP *** [2c 7d 9h]",
            "*** TURN *** [2c 7d 9h][Js]",
            "*** RIVER *** [2c 7d 9h Js][3s]",
            "*** SHOW DOWN ***",
            f"{w.name(w.small)} shows [Ah Kh] (High card : Ace)",
            f"{w.name(w.big)} shows [8c 8d] (One pair : 8)",
        ]
    lines += [
        f"{w.name(w.big)} collected {money(pot)} from pot",
        "*** SUMMARY ***",
        f"Total pot {money(pot)} | No rake",
    ]
    lines += ["Board: [2c 7d 9h Js 3s]"] if w.bust else []
    for s, n, _ in w.seats:
        if s == w.big and w.bust:
            lines.append(f"Seat {s}: {n} (big blind) showed [8c 8d] and won {money(pot)} with One pair : 8")
        elif s == w.big:
            lines.append(f"Seat {s}: {n} (big blind) won {money(pot)}")
        elif s == w.small and w.bust:
            lines.append(f"Seat {s}: {n} (small blind) showed [Ah Kh] and lost with High card : Ace")
        elif s == w.small:
            lines.append(f"Seat {s}: {n} (small blind) folded on the pre-flop")
        elif s == w.button:
            lines.append(f"Seat {s}: {n} (button) folded on the pre-flop")
    return "\n".join(lines) + "\n"


def pacific(w: Walk, tournament: bool = False) -> str:
    """888poker (shapes: fpdb-3/888poker/cash/*, tournament/*): a walk, cash in dollars, tournament chips
    printed with a dollar sign and thousands commas."""
    sb, bb = w.blinds
    if tournament:
        money = lambda v: f"${v:,}"
    else:
        money = cents
    lines = [
        f"#Game No : {w.number}",
        f"***** 888poker Hand History for Game {w.number} *****",
        f"{money(sb)}/{money(bb)} Blinds No Limit Holdem - *** {w.time:%d %m %Y %H:%M:%S}",
        f"Tournament #38300001 $0.90 + $0.09 - Table #{w.table} (Real Money)"
        if tournament
        else f"Table {w.table} (Real Money)",
        f"Seat {w.button} is the button",
        f"Total number of players : {len(w.seats)}",
    ]
    lines += [f"Seat {s}: {n} ( {money(v)} )" for s, n, v in w.seats]
    if w.small:
        lines.append(f"{w.name(w.small)} posts small blind [{money(sb)}]")
    lines.append(f"{w.name(w.big)} posts big blind [{money(bb)}]")
    lines += ["** Dealing down cards **", f"Dealt to {w.name(w.big)} [ 8c, 8d ]"]
    lines += [f"{n} folds" for n in w.folders()]
    pot = bb + (sb if w.small else 0)
    if w.bust:
        lines += [
            "** Dealing flop ** [ 2c, 7d, 9h ]",
            "** Dealing turn ** [ Js ]",
            "** Dealing river ** [ 3s ]",
            "** Summary **",
            f"{w.name(w.small)} shows [ Ah, Kh ]",
            f"{w.name(w.big)} shows [ 8c, 8d ]",
            f"{w.name(w.big)} collected [ {money(pot)} ]",
        ]
    else:
        lines += [
            "** Summary **",
            f"{w.name(w.big)} did not show his hand",
            f"{w.name(w.big)} collected [ {money(pot)} ]",
        ]
    return "\n".join(lines) + "\n"


def run(tmp_path, *files: list[str], separator: str = "\n\n\n") -> list:
    """Validate the files (each a list of hand texts) in order; the hands' results."""
    paths = []
    for i, hands in enumerate(files):
        path = tmp_path / f"hands-{i}.txt"
        path.write_text(separator.join(hands), encoding="utf-8")
        paths.append(path)
    return [r for r in validate_paths(paths) if not isinstance(r, Finding)]


def found(results) -> list[tuple[str, str]]:
    """(code, hand id) of every cross-hand and seat finding."""
    return [(f.code, r.hand_id) for r in results for f in r.findings if f.code.startswith("HH4")]


def clean(results) -> bool:
    return all(r.findings == [] for r in results)


# -- PokerStars ------------------------------------------------------------------------------------

SIX = ((1, "Alice", 1000), (2, "Bob", 1000), (3, "Carol", 1000), (4, "Dan", 1000))
S1 = Walk(200000000001, datetime(2020, 4, 16, 13, 54, 25), 1, SIX, 2, 3)
S2 = S1.following(200000000002, S1.time + timedelta(seconds=40), 2, 3, 4)
S3 = S2.following(200000000003, S2.time + timedelta(seconds=40), 3, 4, 1)


def test_pokerstars_session_chains(tmp_path):
    results = run(tmp_path, [stars(S1), stars(S2), stars(S3)])
    assert clean(results), problems(f for r in results for f in r.findings)


def test_ps8_a_long_pause_with_the_button_off_is_one_hands_missing_warning(tmp_path):
    """PS-8: hand 2 not recorded and the next one 25 minutes later: one HH416, not HH412 and HH410s."""
    late = replace(S3, time=S1.time + timedelta(minutes=25))
    results = run(tmp_path, [stars(S1), stars(late)])
    [(code, hand_id)] = found(results)
    assert (code, hand_id) == ("HH416", "200000000003")
    [f] = results[1].findings
    assert f.severity is Severity.WARNING and "25 minutes" in f.message


def test_ps8_near_miss_the_same_skip_within_minutes_is_hh412(tmp_path):
    soon = replace(S3, time=S1.time + timedelta(minutes=2))
    results = run(tmp_path, [stars(S1), stars(soon)])
    assert ("HH412", "200000000003") in found(results) and "HH416" not in {c for c, _ in found(results)}


def test_a_long_pause_where_the_hands_follow_on_is_no_finding(tmp_path):
    late = replace(S2, time=S1.time + timedelta(hours=2))
    assert clean(run(tmp_path, [stars(S1), stars(late)]))


def test_a_file_boundary_breaks_the_chain_once(tmp_path):
    """Two files of one table (separately saved excerpts): the second does not follow on from the
    first: one HH416 naming the other file; the same pair in one file is HH412."""
    results = run(tmp_path, [stars(S1)], [stars(replace(S3, time=S1.time + timedelta(minutes=1)))])
    assert found(results) == [("HH416", "200000000003")]
    assert "hands-0.txt" in results[1].findings[0].message
    assert clean(run(tmp_path, [stars(S1)], [stars(S2)]))  # two files that follow on: nothing


def test_ps6_after_an_unparsed_hand_the_chain_starts_again(tmp_path):
    """PS-6: hand 2 cannot be read (a line no grammar knows): hand 3 is not compared with hand 1."""
    broken = stars(S2).replace("*** HOLE CARDS ***", "*** HOLE CARDS ***\nthis line is not PokerStars'")
    results = run(tmp_path, [stars(S1), broken, stars(S3)])
    assert [r.status for r in results] == ["valid", "unparsed", "valid"]
    assert found(results) == []


def test_ps6_near_miss_without_the_unparsed_hand_hand_3_is_compared(tmp_path):
    results = run(tmp_path, [stars(S1), stars(S3)])
    assert ("HH412", "200000000003") in found(results)


S4 = S3.following(200000000004, S3.time + timedelta(seconds=40), 4, 1, 2)


def test_ps4_hands_read_out_of_time_order_chain_by_time(tmp_path):
    """PS-4: an observer recording appends an earlier block later: 1, 4, then 2 and 3. Hands 2 and 3
    are each compared with the hand before them in time (1, then 2), and hand 4, read before them and
    compared then with hand 1 (HH412), is compared again with hand 3 once they are slotted in: its
    finding is withdrawn (its verdict was held back until its chain was settled)."""
    results = run(tmp_path, [stars(S1), stars(S4), stars(S2), stars(S3)])
    assert [r.hand_id for r in results] == [str(n) for n in (200000000001, 200000000004, 200000000002, 200000000003)]
    assert clean(results), problems(f for r in results for f in r.findings)


def test_ps4_near_miss_a_late_hand_that_does_not_follow_its_predecessor_is_flagged(tmp_path):
    """The late hand 2 with its button on seat 3 (skipping Bob, dealt into hand 1): HH412 on it."""
    wrong = replace(S2, button=3)
    results = run(tmp_path, [stars(S1), stars(S4), stars(wrong), stars(S3)])
    assert ("HH412", "200000000002") in found(results)


NINE = ((1, "Ann", 1000), (7, "Gus", 1000), (8, "Hal", 1000), (9, "Ida", 1000))
N1 = Walk(210000000001, datetime(2020, 4, 16, 16, 20, 5), 7, NINE, 8, 9)  # 16:20, button seat 7
N2 = N1.following(210000000002, datetime(2020, 4, 16, 16, 21, 5), 8, 9, 1)  # 16:21, seat 8
N3 = N2.following(210000000003, datetime(2020, 4, 16, 16, 22, 5), 9, 1, 7)  # 16:22, seat 9
N4 = N3.following(210000000004, datetime(2020, 4, 16, 16, 23, 5), 1, 7, 8)  # 16:23, seat 1


def nine(w: Walk) -> str:
    return stars(w).replace("6-max", "9-max")


def run_both(tmp_path, hands: list[str]) -> list:
    """The hands of one file validated with --jobs 1 (validate_paths) and --jobs 2 (the engine, one task
    a hand): the same records, as jsonl lines, or the test fails; the records of the first."""
    from hhtool.engine import runner
    from hhtool.rules.ruleset import RuleSet
    from hhtool.validate import Summary

    path = tmp_path / "table.txt"
    path.write_text("\n\n\n".join(hands), encoding="utf-8")
    one = [r for r in validate_paths([path]) if not isinstance(r, Finding)]
    two = runner.run([str(path)], RuleSet(), Summary(), want=runner.WANT_JSON, jobs=2, chunk_bytes=1)
    assert [r.json_line() for r in one] == [r.json_line() for r in two if not isinstance(r, Finding)]
    return one


def test_ps4_a_block_read_late_withdraws_the_finding_it_explains(tmp_path):
    """PS-4 in the real shape: 16:20 button seat 7, 16:23 seat 1, then later in the file 16:21 seat 8 and
    16:22 seat 9. Read alone after 16:20, the 16:23 hand skips seats 8 and 9 (HH412); once the late block
    is slotted in before it, it follows 16:22 and nothing is flagged; the output stays in file order."""
    results = run_both(tmp_path, [nine(N1), nine(N4), nine(N2), nine(N3)])
    assert [r.hand_id for r in results] == ["210000000001", "210000000004", "210000000002", "210000000003"]
    assert clean(results), problems(f for r in results for f in r.findings)
    assert found(run_both(tmp_path, [nine(N1), nine(N4)])) == [("HH412", "210000000004")]  # (alone: the gap)


def test_ps4_near_miss_a_real_gap_left_after_the_late_block_stays_flagged(tmp_path):
    """Only 16:21 comes late (16:22 never recorded): 16:23 is compared again, with 16:21, and still skips
    seat 9: HH412 stays on it, naming seat 9 now; the late hand itself follows 16:20."""
    results = run_both(tmp_path, [nine(N1), nine(N4), nine(N2)])
    assert found(results) == [("HH412", "210000000004")]
    assert results[1].findings[0].expected == "9" and results[2].findings == []


def test_ps4_near_miss_stacks_that_do_not_follow_the_slotted_hand_stay_flagged(tmp_path):
    """The late block in place but Hal starts 16:23 with 50 cents less than 16:22 left him: HH410 on
    16:23, against the hand before it in time (not HH412 against 16:20)."""
    off = replace(N4, seats=tuple((s, n, v - (50 if n == "Hal" else 0)) for s, n, v in N4.seats))
    results = run_both(tmp_path, [nine(N1), nine(off), nine(N2), nine(N3)])
    assert found(results) == [("HH410", "210000000004")]


def test_ps4_near_miss_a_late_block_in_the_next_file_changes_no_verdict_given(tmp_path):
    """The file boundary settles a table's chain: 16:21 and 16:22 in a second file leave the HH412 of
    16:23 (first file) as it was given, and the late hands are compared across the files (HH416)."""
    results = run(tmp_path, [nine(N1), nine(N4)], [nine(N2), nine(N3)])
    assert found(results)[0] == ("HH412", "210000000004")
    assert [r.hand_id for r in results] == ["210000000001", "210000000004", "210000000002", "210000000003"]


def test_ps4_a_held_back_verdict_is_let_go_after_hold_limit_items(tmp_path, monkeypatch):
    """Memory stays bounded: with HOLD_LIMIT 1, the 16:23 hand is let go (HH412 kept) before the late
    block is read; with the default it is withdrawn (see above)."""
    from hhtool import validate

    monkeypatch.setattr(validate, "HOLD_LIMIT", 1)
    results = run(tmp_path, [nine(N1), nine(N4), nine(N2), nine(N3)])
    assert found(results) == [("HH412", "210000000004")]


def test_ps4_a_hand_with_nothing_to_withdraw_is_given_out_at_once(tmp_path):
    """Only a verdict a late hand could change waits: the table's first hand (a block read late may come
    before it) until WINDOW later hands of its table are read, the hands behind it with it; after that,
    each hand that follows on from its predecessor is given out as it is read (a file of many tables
    keeps none of them in memory)."""
    from hhtool.pipeline import read_paths
    from hhtool.rules.ruleset import RuleSet
    from hhtool.validate import Merger, Summary, check_block

    n5 = N4.following(210000000005, datetime(2020, 4, 16, 16, 24, 5), 7, 8, 9)  # 16:24, seat 7
    path = tmp_path / "table.txt"
    path.write_text("\n\n\n".join(nine(w) for w in (N1, N2, N3, N4, n5)), encoding="utf-8")
    rules = RuleSet()
    merger = Merger(rules, Summary())
    given = [[r.hand_id[-1] for r in merger.merge(check_block(b, rules))] for b in read_paths([path])]
    assert given == [[], [], [], ["1", "2", "3", "4"], ["5"]]
    assert merger.flush() == []


T6 = ((1, "whitehot", 7095), (2, "HoddePodde", 6380), (3, "rrk775", 5000), (4, "Lochdale", 3450))
ST1 = Walk(12637816628, datetime(2007, 10, 15, 6, 14, 50), 1, T6, 2, 3, table="63858762 18", blinds=(75, 150))


def test_pokerstars_add_on_at_a_break_is_info(tmp_path):
    """PokerStars prints re-buys (`re-buys and receives 3000 chips`) but no add-on: after the break,
    three players start with 2,000 more each (fpdb-3/pokerstars/tournament-holdem/NLHE-USD-MTT-5r-200710.txt):
    info HH417 for each, not HH410."""
    grown = {1: 2000, 2: 2000, 4: 2000}
    after = ST1.following(12637860727, ST1.time + timedelta(minutes=7), 2, 3, 4)
    after = replace(after, seats=tuple((s, n, v + grown.get(s, 0)) for s, n, v in after.seats))
    results = run(tmp_path, [stars(ST1, True), stars(after, True)])
    assert [f.code for f in results[1].findings] == ["HH417"] * 3
    assert results[1].status == "valid"


def test_pokerstars_near_miss_one_player_grown_alone_is_hh410(tmp_path):
    """One player 2,000 up, nobody else: no add-on for the whole table, HH410."""
    after = ST1.following(12637860727, ST1.time + timedelta(minutes=7), 2, 3, 4)
    after = replace(after, seats=tuple((s, n, v + (2000 if s == 1 else 0)) for s, n, v in after.seats))
    assert found(run(tmp_path, [stars(ST1, True), stars(after, True)])) == [("HH410", "12637860727")]


def _fell(walk: Walk) -> Walk:
    """The walk with seat 1's stack 500 lower than the hand before left it."""
    return replace(walk, seats=tuple((s, n, v - (500 if s == 1 else 0)) for s, n, v in walk.seats))


def test_a_tournament_level_skipped_is_one_hands_missing_warning(tmp_path):
    """Four minutes on but two levels up (Level V, then Level VII: fpdb-3/partypoker/tournament/
    NLHE-USD-STT-10-201104.new.hand.delimiter.txt goes from level 5 to 7): a whole level was played in
    between, so stacks that do not follow on are one HH416 naming the levels, not an HH410 per player."""
    after = _fell(ST1.following(12637860727, ST1.time + timedelta(minutes=4), 2, 3, 4))
    results = run(tmp_path, [stars(ST1, True), stars(after, True).replace("Level V ", "Level VII ")])
    assert found(results) == [("HH416", "12637860727")]
    assert "at level 5 (this one is at level 7)" in results[1].findings[0].message


def test_near_miss_the_next_level_is_still_compared_hand_by_hand(tmp_path):
    """Level V, then Level VI four minutes on: the blinds went up once, no level is missing: HH410."""
    after = _fell(ST1.following(12637860727, ST1.time + timedelta(minutes=4), 2, 3, 4))
    results = run(tmp_path, [stars(ST1, True), stars(after, True).replace("Level V ", "Level VI ")])
    assert found(results) == [("HH410", "12637860727")]


@pytest.mark.parametrize(
    ("printed", "number"),
    [
        ("Level IV", 4),
        ("Level XIX", 19),
        ("Level XL", 40),
        ("Level7", 7),
        ("7", 7),
        ("Match Round II, Level IX", 9),
        (None, -1),
        ("", -1),
        ("Level ?", -1),
    ],
)
def test_level_number_reads_the_sites_level_forms(printed, number):
    """The forms of the corpus (PokerStars' roman `Level IV`, PartyPoker's `7`, iPoker's `Level7`,
    PokerStars' match rounds): the last level named, as a number."""
    from hhtool.rules.crosshand import level_number

    assert level_number(printed) == number


HU = ((2, "Pelham", 1000), (5, "Rowena", 1000))
H1 = Walk(213801302214, datetime(2020, 5, 19, 20, 3, 51), 2, HU, 2, 5)


def test_ps5_from_heads_up_to_three_handed_the_button_stays(tmp_path):
    """PS-5: heads-up, seat 2 has the button and the small blind, seat 5 the big blind; a third player
    sits down in seat 7: the button stays on seat 2, seat 5 posts the small blind, seat 7 the big."""
    three = H1.following(213801302215, H1.time + timedelta(seconds=30), 2, 5, 6, seats=((6, "Quince", 1000),))
    results = run(tmp_path, [stars(H1), stars(three)])
    assert clean(results), problems(f for r in results for f in r.findings)


def test_ps5_near_miss_the_button_stays_with_the_small_blind_elsewhere(tmp_path):
    """The button stays, but the small blind is the newcomer (not the last big blind): HH412."""
    three = H1.following(213801302215, H1.time + timedelta(seconds=30), 2, 6, 5, seats=((6, "Quince", 1000),))
    assert ("HH412", "213801302215") in found(run(tmp_path, [stars(H1), stars(three)]))


def test_a_cancelled_hand_is_no_link(tmp_path):
    """The room cancels hand 2 after the blinds (`Hand cancelled`): hand 4, dealt again with hand 2's
    button, is compared with hand 1 and follows on (as a link, the cancelled hand would make the
    button stand still: HH412)."""
    lines = stars(S2).split("\n")
    cut = lines.index("*** HOLE CARDS ***")
    summary = [line for line in lines[lines.index("*** SUMMARY ***") :] if not line.startswith("Total pot")]
    cancelled = "\n".join([*lines[:cut], "Hand cancelled", *summary])
    again = replace(S2, number=200000000004, time=S2.time + timedelta(seconds=20))
    results = run(tmp_path, [stars(S1), cancelled, stars(again)])
    assert [f.code for f in results[1].findings] == ["HH415"]
    assert results[2].findings == [], problems(results[2].findings)


def test_pokerstars_minimum_buy_in_is_40_big_blinds(tmp_path):
    """PokerStars' help page: 40 big blinds at no-limit tables. Bob busts (his stack made 0) and comes
    back with $4 (40 big blinds): fine; with $3.90, HH411."""
    busted = replace(S1, seats=((1, "Alice", 1000), (2, "Bob", 5), (3, "Carol", 1000), (4, "Dan", 1000)))
    assert busted.bust
    back = busted.following(200000000002, S1.time + timedelta(seconds=40), 2, 3, 4, seats=((2, "Bob", 400),))
    assert clean(run(tmp_path, [stars(busted), stars(back)]))
    short = busted.following(200000000002, S1.time + timedelta(seconds=40), 2, 3, 4, seats=((2, "Bob", 390),))
    results = run(tmp_path, [stars(busted), stars(short)])
    assert found(results) == [("HH411", "200000000002")]
    assert "40 big blinds" in results[1].findings[0].message


def test_pokerstars_cap_tables_take_20_big_blinds(tmp_path):
    """PokerStars' help page: tables labelled Short and CAP take 20 to 50 big blinds. A CAP table's header
    says so (`($0.25/$0.50 - $10 Cap -  USD)`, fpdb-3/pokerstars/cash-holdem/NLHE-CAP-9max-…): Bob
    comes back with $2 (20 big blinds): fine; with $1.90, HH411."""

    def cap(text: str) -> str:
        return text.replace("($0.05/$0.10 USD)", "($0.05/$0.10 - $5 Cap -  USD)", 1)

    busted = replace(S1, seats=((1, "Alice", 1000), (2, "Bob", 5), (3, "Carol", 1000), (4, "Dan", 1000)))
    back = busted.following(200000000002, S1.time + timedelta(seconds=40), 2, 3, 4, seats=((2, "Bob", 200),))
    results = run(tmp_path, [cap(stars(busted)), cap(stars(back))])
    assert clean(results), problems(f for r in results for f in r.findings)
    short = busted.following(200000000002, S1.time + timedelta(seconds=40), 2, 3, 4, seats=((2, "Bob", 190),))
    assert found(run(tmp_path, [cap(stars(busted)), cap(stars(short))])) == [("HH411", "200000000002")]


# -- Winamax ------------------------------------------------------------------------------------

FIVE = ((1, "Le Grand Duc", 5000), (2, "Hero", 5000), (3, "mouette", 5000), (4, "goeland", 5000))
W1 = Walk(5, START, 1, FIVE, 2, 3, table="Brest 07", blinds=(25, 50))
W2 = W1.following(6, START + timedelta(seconds=30), 2, 3, 4)
W3 = W2.following(7, START + timedelta(seconds=60), 3, 4, 1)


def test_winamax_session_chains(tmp_path):
    results = run(tmp_path, [winamax(W1), winamax(W2), winamax(W3)], separator="\n\n")
    assert clean(results), problems(f for r in results for f in r.findings)


def test_wx7_a_counter_jump_is_one_hands_missing_warning(tmp_path):
    """WX-7: the table's counter goes from 5 to 9: one HH416 "hands 6–8 missing", no HH412 or HH410."""
    jump = W3.following(9, START + timedelta(minutes=2), 1, 2, 3)
    results = run(tmp_path, [winamax(W1), winamax(jump)], separator="\n\n")
    [f] = [f for r in results for f in r.findings]
    assert f.code == "HH416" and "hands 6–8" in f.message and (f.expected, f.actual) == ("6", "9")


def test_wx7_consecutive_counters_are_compared_even_after_a_long_pause(tmp_path):
    """Counter 5 then 6, half an hour apart: the counter says no hand is missing, so the skipped button
    is HH412 (the near miss of WX-7's gap)."""
    skipped = replace(W3, number=6, time=START + timedelta(minutes=30))
    assert (
        "HH412",
        "7100002-6-" + str(int((START + timedelta(minutes=30) - datetime(1970, 1, 1)).total_seconds())),
    ) in found(run(tmp_path, [winamax(W1), winamax(skipped)], separator="\n\n"))


def test_wx8_incognito_seats_have_no_stack_continuity_the_hero_still_chains(tmp_path):
    """WX-8: another player sits in seat 3 as `Incognito 3` with another stack: no HH410; the hero's
    own stack still chains (a cent less: HH410)."""
    anonymous = ((1, "Incognito 1", 5000), (2, "Hero", 5000), (3, "Incognito 3", 5000), (4, "Incognito 4", 5000))
    first = replace(W1, seats=anonymous)
    second = first.following(6, START + timedelta(seconds=30), 2, 3, 4, seats=((3, "Incognito 3", 2000),))
    assert clean(run(tmp_path, [winamax(first), winamax(second)], separator="\n\n"))
    hero_short = first.following(6, START + timedelta(seconds=30), 2, 3, 4, seats=((2, "Hero", 4974),))
    assert found(run(tmp_path, [winamax(first), winamax(hero_short)], separator="\n\n")) == [
        ("HH410", hero_short_id(hero_short))
    ]


def hero_short_id(w: Walk) -> str:
    return f"7100002-{w.number}-{int((w.time - datetime(1970, 1, 1)).total_seconds())}"


def test_wx6_the_button_lands_on_the_seat_the_small_blind_left(tmp_path):
    """WX-6: seat 2 (the next small blind) leaves after hand 1; the big blind moves on to seat 4 and
    seat 3 (the last big blind) posts the small blind: the button is dead on the empty seat 2 (no
    HH405, no HH412)."""
    left = W1.following(6, START + timedelta(seconds=30), 2, 3, 4, seats=((2, "", 0),))
    results = run(tmp_path, [winamax(W1), winamax(left)], separator="\n\n")
    assert clean(results), problems(f for r in results for f in r.findings)


def test_wx6_near_miss_a_button_past_the_small_blind_is_still_flagged(tmp_path):
    """The same hand with the button printed on seat 4 (past the small blind): HH412."""
    left = W1.following(6, START + timedelta(seconds=30), 4, 3, 4, seats=((2, "", 0),))
    assert "HH412" in {c for c, _ in found(run(tmp_path, [winamax(W1), winamax(left)], separator="\n\n"))}


def test_wx6_dead_button_on_an_empty_seat_elsewhere_is_hh405(tmp_path):
    """The button on an empty seat nobody left, where the blinds do not follow it: HH405 stays."""
    odd = W1.following(6, START + timedelta(seconds=30), 5, 3, 4)
    assert "HH405" in {c for c, _ in found(run(tmp_path, [winamax(W1), winamax(odd)], separator="\n\n"))}


FULL = ((1, "Le Grand Duc", 5000), (2, "Hero", 5000), (3, "mouette", 5000), (4, "goeland", 5000), (5, "sterne", 5000))


def test_wx6_no_small_blind_after_the_big_blind_left_then_a_dead_button(tmp_path):
    """WX-4/WX-6 with the small blind missing: the big blind (seat 3) leaves after hand 1. Hand 2 has no
    small blind, seat 4 the big blind, the button on seat 2; in hand 3 the big blind moves to seat 5,
    seat 4 posts the small blind and the button is dead on the emptied seat 3 (no HH405, no HH412)."""
    first = Walk(5, START, 1, FULL, 2, 3, table="Brest 07", blinds=(25, 50))
    second = first.following(6, START + timedelta(seconds=30), 2, 0, 4, seats=((3, "", 0),))
    third = second.following(7, START + timedelta(seconds=60), 3, 4, 5)
    results = run(tmp_path, [winamax(first), winamax(second), winamax(third)], separator="\n\n")
    assert clean(results), problems(f for r in results for f in r.findings)


def test_wx6_near_miss_without_a_small_blind_the_button_may_not_stay_before_a_player(tmp_path):
    """Hand 2 with the button kept on seat 1, though Hero (seat 2, dealt in) sits between it and the
    big blind: HH412."""
    first = Walk(5, START, 1, FULL, 2, 3, table="Brest 07", blinds=(25, 50))
    second = first.following(6, START + timedelta(seconds=30), 1, 0, 4, seats=((3, "", 0),))
    results = run(tmp_path, [winamax(first), winamax(second)], separator="\n\n")
    assert "HH412" in {c for c, _ in found(results)}


def test_wx6_a_tables_first_hand_may_have_a_dead_button(tmp_path):
    """The first hand read of a table, the button on the empty seat 1, the blinds on the next occupied
    seats (2 and 3): a dead button, no HH405; with the blinds on seats 3 and 4, HH405 stays."""
    seats = FULL[1:]
    assert clean(run(tmp_path, [winamax(Walk(5, START, 1, seats, 2, 3, table="Brest 07", blinds=(25, 50)))]))
    odd = run(tmp_path, [winamax(Walk(5, START, 1, seats, 3, 4, table="Brest 07", blinds=(25, 50)))])
    assert "HH405" in {c for c, _ in found(odd)}


def test_wx9_short_track_tables_take_the_buy_in_in_their_name(tmp_path):
    """WX-9: at `SHORT TRACK 0,10€` (0.01€/0.02€) a busted player returns with 0.10€ (5 big blinds):
    fine; with 0.08€, HH411 naming the table's minimum."""
    seats = ((1, "Le Grand Duc", 10), (2, "Hero", 1), (3, "mouette", 10), (4, "goeland", 10))  # Hero all-in
    first = Walk(5, START, 1, seats, 2, 3, table="SHORT TRACK 0,10€", blinds=(1, 2))
    back = first.following(6, START + timedelta(seconds=30), 2, 3, 4, seats=((2, "Hero", 10),))
    assert clean(run(tmp_path, [winamax(first), winamax(back)], separator="\n\n"))
    low = first.following(6, START + timedelta(seconds=30), 2, 3, 4, seats=((2, "Hero", 8),))
    results = run(tmp_path, [winamax(first), winamax(low)], separator="\n\n")
    [f] = [f for r in results for f in r.findings]
    assert f.code == "HH411" and "minimum buy-in of €0.10" in f.message


def test_wx9_regular_tables_take_40_big_blinds(tmp_path):
    busted = replace(W1, seats=((1, "Le Grand Duc", 5000), (2, "Hero", 25), (3, "mouette", 5000), (4, "goeland", 5000)))
    back = busted.following(6, START + timedelta(seconds=30), 2, 3, 4, seats=((2, "Hero", 2000),))
    assert clean(run(tmp_path, [winamax(busted), winamax(back)], separator="\n\n"))
    low = busted.following(6, START + timedelta(seconds=30), 2, 3, 4, seats=((2, "Hero", 1950),))
    assert [c for c, _ in found(run(tmp_path, [winamax(busted), winamax(low)], separator="\n\n"))] == ["HH411"]


# -- 888poker ------------------------------------------------------------------------------------

EIGHT = ((1, "spywebs", 200), (2, "bocce09", 200), (4, "Jfaw14", 200), (5, "Ignition2011", 200))
P1 = Walk(79913108, datetime(2011, 2, 4, 13, 20, 46), 1, EIGHT, 2, 4, table="Plovdiv", blinds=(1, 2))


def test_888_3_the_minimum_buy_in_is_40_big_blinds(tmp_path):
    """888-3: $0.80 at $0.01/$0.02 after busting is fine; $0.78 is HH411."""
    busted = replace(P1, seats=((1, "spywebs", 200), (2, "bocce09", 1), (4, "Jfaw14", 200), (5, "Ignition2011", 200)))
    back = busted.following(79913109, P1.time + timedelta(seconds=30), 2, 4, 5, seats=((2, "bocce09", 80),))
    assert clean(run(tmp_path, [pacific(busted), pacific(back)]))
    low = busted.following(79913109, P1.time + timedelta(seconds=30), 2, 4, 5, seats=((2, "bocce09", 78),))
    assert found(run(tmp_path, [pacific(busted), pacific(low)])) == [("HH411", "79913109")]


TSEATS = ((2, "Ana", 11510), (5, "Bea", 1400), (6, "Cid", 31390), (9, "Dag", 8000))
T1 = Walk(900000101, datetime(2012, 5, 23, 20, 51, 6), 2, TSEATS, 5, 6, table="73", blinds=(600, 1200))


def test_888_6_a_tournament_stack_that_grew_is_an_unprinted_rebuy(tmp_path):
    """888-6: Dag starts the next hand with 2,000 more (a rebuy 888 does not print): info HH417."""
    rebuy = T1.following(900000102, T1.time + timedelta(seconds=40), 5, 6, 9, seats=((9, "Dag", 10000),))
    results = run(tmp_path, [pacific(T1, True), pacific(rebuy, True)])
    [f] = [f for r in results for f in r.findings]
    assert (f.code, f.severity, f.expected, f.actual) == ("HH417", Severity.INFO, "8000", "10000")
    assert results[1].status == "valid"


def test_888_6_near_miss_a_tournament_stack_that_fell_is_hh410(tmp_path):
    fell = T1.following(900000102, T1.time + timedelta(seconds=40), 5, 6, 9, seats=((9, "Dag", 7000),))
    assert found(run(tmp_path, [pacific(T1, True), pacific(fell, True)])) == [("HH410", "900000102")]


def test_888_5_the_button_stays_when_the_small_blind_busts(tmp_path):
    """888-5: button seat 2, small blind 5, big blind 6; seat 5 busts. Next hand the button stays on
    seat 2, seat 6 (the last big blind) posts the small blind, seat 9 the big blind."""
    stay = T1.following(900000102, T1.time + timedelta(seconds=40), 2, 6, 9, seats=((5, "", 0),))
    results = run(tmp_path, [pacific(T1, True), pacific(stay, True)])
    assert clean(results), problems(f for r in results for f in r.findings)


def test_888_5_the_button_stays_with_only_a_newcomer_between(tmp_path):
    """888-5 as in fpdb-3/888poker/tournament/NLHE-PM-MTT-10-20120221.txt: seat 5 busts and a player moved
    in takes seat 3, between the button and the new small blind: the button still stays on seat 2."""
    stay = T1.following(900000102, T1.time + timedelta(seconds=40), 2, 6, 9, seats=((5, "", 0), (3, "Eli", 5000)))
    results = run(tmp_path, [pacific(T1, True), pacific(stay, True)])
    assert found(results) == [], problems(f for r in results for f in r.findings)


def test_888_5_near_miss_the_button_stays_with_the_blinds_not_moved(tmp_path):
    """Nobody left, the button stays and the big blind does not move on: HH412."""
    stuck = T1.following(900000102, T1.time + timedelta(seconds=40), 2, 5, 6)
    assert ("HH412", "900000102") in found(run(tmp_path, [pacific(T1, True), pacific(stuck, True)]))


def test_888_4_a_dead_button_on_the_seat_of_a_player_who_left(tmp_path):
    """888-4 (cash): seat 2 (next small blind) leaves: the button is dead on seat 2, seat 4 posts the small
    blind, seat 5 the big; no HH405."""
    left = P1.following(79913109, P1.time + timedelta(seconds=30), 2, 4, 5, seats=((2, "", 0),))
    results = run(tmp_path, [pacific(P1), pacific(left)])
    assert clean(results), problems(f for r in results for f in r.findings)


def test_pp8_a_hand_written_twice_with_another_start_time_is_one_duplicate_warning(tmp_path):
    """PP-8: the client writes one hand twice, the second copy's start time a second later: one
    warning (HH418), the copy counted once (not HH413, an error)."""
    again = replace(P1, time=P1.time + timedelta(seconds=1))
    results = run(
        tmp_path,
        [pacific(P1), pacific(again), pacific(P1.following(79913109, P1.time + timedelta(seconds=30), 2, 4, 5))],
    )
    assert [r.status for r in results] == ["valid", "duplicate", "valid"]
    [f] = results[1].findings
    assert (f.code, f.severity) == ("HH418", Severity.WARNING)
    assert found(results[2:]) == []


def test_pp8_near_miss_another_hand_under_the_same_id_is_hh413(tmp_path):
    other = replace(P1, time=P1.time + timedelta(seconds=1), small=0)  # no small blind: another hand
    results = run(tmp_path, [pacific(P1), pacific(other)])
    assert "HH413" in [f.code for f in results[1].findings]


HU6 = ((3, "ZINTARI", 1490), (5, "IonelBadea", 1510))
HU6_1 = Walk(143941326, datetime(2012, 2, 21, 22, 2, 59), 5, HU6, 5, 3, table="6", blinds=(10, 20))
MOVED_IN = ((6, "Hero", 1168), (7, "FOGGY4G", 1380), (9, "Fair_Play888", 1500))


def test_888_a_tournament_button_moves_one_seat_onto_a_player_just_moved_in(tmp_path):
    """T7 as written, in a tournament (fpdb-3/888poker/tournament/NLHE-PM-MTT-10-20120221.txt, table 6): from
    heads-up (button 5, big blind 3), three players are moved in on seats 6, 7 and 9; the button moves one
    seat on to seat 6, a newcomer dealt in at once, the blinds on 7 and 9 after him: no HH412."""
    refilled = HU6_1.following(143941368, HU6_1.time + timedelta(seconds=6), 6, 7, 9, seats=MOVED_IN)
    results = run(tmp_path, [pacific(HU6_1, True), pacific(refilled, True)])
    assert clean(results), problems(f for r in results for f in r.findings)


def test_888_near_miss_the_button_may_not_pass_the_player_moved_in_or_move_so_in_cash(tmp_path):
    """The button on seat 7, past the newcomer on seat 6 (the blinds on 9 and 3): HH412. The same move as
    above at a cash table, where a newcomer waits for the big blind and is skipped: HH412."""
    past = HU6_1.following(143941368, HU6_1.time + timedelta(seconds=6), 7, 9, 3, seats=MOVED_IN)
    assert ("HH412", "143941368") in found(run(tmp_path, [pacific(HU6_1, True), pacific(past, True)]))
    refilled = HU6_1.following(143941368, HU6_1.time + timedelta(seconds=6), 6, 7, 9, seats=MOVED_IN)
    assert ("HH412", "143941368") in found(run(tmp_path, [pacific(HU6_1), pacific(refilled)]))
