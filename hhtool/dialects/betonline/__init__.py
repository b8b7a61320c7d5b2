"""Chico Poker Network (registry name `betonline`): BetOnline, SportsBetting, PayNoRake and TigerGaming, and the
ActionPoker.com and Gear Poker skins; the dialect record. Everything hhtool knows of Chico text is in this
package: the reader (`reader.py` with `grammar/betonline.lark`), the entry (`parse.py`), a writer (`writer.py`, not
registered: see the record) and the conventions below.

Conventions, and why (each seen in the corpus, fpdb-3/betonline-chico, 2011–2016):
- Two sub-formats: BetOnline's (`BetOnline Poker Game #N: Hold'em No Limit ($0.25/0.50) - 2012/04/11 01:59:39
  GMT Daylight Time`, `Tournament #N: Hold'em $10.00/$20.00`, lower-case verbs) and the skins' (`ActionPoker.com
  Game #N: Hold'em - 2012-04-03 02:10:06`, `Gear Poker …`, `(Play Money)` tables, capitalised verbs ending in a
  full stop, `Dealt To`, `Total Pot`): the skins print neither stakes (read from the posted blinds) nor a zone.
- Seats are numbered from 0 and listed out of order; a seat line may carry `- The button`, `- Small Blind`, `- Big
  Blind`, `- Sitting out`; a name may be empty (`Seat 4:  (100.00 in chips)`, `: posts small blind 100.00`), two
  players may be listed on one seat, and `Unknown player:` may act without a seat: kept as printed (the replay
  reports what they break).
- `raises A to B`: A the chips added, B the street total (`raise_amount` "to": B is read); the skins' `Raises A
  and is All In.` prints A only. All-in is `and is all in` (no hyphen); `10d` is a ten, suits may be upper-case.
- `ante processed X` (0.00 at cash tables: no ante), `post now X` (a live big blind), `post dead X` (a live big
  blind X and the small blind dead).
- Uncalled bets: BetOnline prints `Uncalled bet (X) returned to P`, the skins never do (`prints_uncalled`
  False: a missing return line is no finding, a printed one is checked); the collect is outside the return.
- The pots: `Total pot X | Rake Y` in the summary is the main pot after its share of the rake, and one such line
  in the body before it per side pot; the rake is the hand's whole (printed on each line). The total before rake
  is their sum plus the rake. The side pots' shares of the rake are rounded up (…winner.no.show.txt: 0.42 + 0.29
  of 0.45 + 0.30 with 0.04 rake; …3.way.allin.txt: 1.26 + 2.49 of 1.34 + 2.63 with 0.22), `rake_by_pot`.
- No collect line in the body: the summary's `collected (X)` / `showed [..] and won (X)` is the award; the
  skins' `showed [..]` of a winner prints the best five cards, not the hole cards (kept in the text only).
- Time zones: Windows' zone names (`Eastern Daylight Time`, `GMT Standard Time`) → IANA; the skins print none
  (no UTC time is inferred).
- Positions: the skins' summary tags `(Small Blind)`, `(Big Blind)`, `(Button)`.
- The ActionPoker/Gear skins number seats counter-clockwise: `Seat #2 is the button`, the small blind on seat 0,
  the big blind on 9, then 8, 7, 5… act (…ActionPoker.txt; …GearPoker.txt: the button on 9, the blinds on 8 and
  7, the next hand's button on 8). The reader names the variant `COUNTER_CLOCKWISE` for a hand whose header names
  one of these skins (`clockwise` False: play, the blinds, the odd chip and the button go down the numbers);
  BetOnline's and PayNoRake's own hands go up the numbers, as everywhere else. By the header, not by the
  blinds: a hand whose blinds or action go the other way than its skin's is still out of turn.
- The big blind moves (`moving_big_blind`, as on 888): it goes to the next player dealt in, the small blind is
  the last big blind or nobody, and the button lands on any seat strictly between the last button and the small
  blind, even an empty one or a player sitting out (…201108.txt: Player5 sits out on seat 7 at 15:04, the next
  hand's button is on his seat 7 with the blinds on 8 and 9; Player10 leaves seat 2 at 15:08, the button goes 1,
  then 2, now empty, with the blinds on 3 and 5). The seat tags say the same: at 15:04 seat 8 is tagged `Small
  Blind` and posts the big blind after the last big blind sat out. fpdb-3's BetOnlineToFpdb.py takes the
  button as printed (no rotation rule to compare with).
- The minimum buy-in (`table_min_buyin`): a table named with a cap, `John Wayne (50bb)`, takes at most that many
  big blinds (25.00 at $0.25/$0.50 is the largest stack there) and at least a fifth of it (a rebuy to 5.00 and a
  join with 9.00 at that table; no public source gives Chico's figure: tentative); other tables keep the default.
- Rake: no built-in schedule (no public source found).
"""

from __future__ import annotations

import re
from dataclasses import replace
from types import MappingProxyType

from hhtool.dialects import Conventions, Dialect, RaiseAmount, RakeByPot
from hhtool.model import Header

SITE = "betonline"
POSITIONS = {"Button": "button", "Small Blind": "small blind", "Big Blind": "big blind"}
# Windows' zone names, as the client prints them after the time
ZONES = MappingProxyType(
    {
        "Eastern Daylight Time": "America/New_York",
        "Eastern Standard Time": "America/New_York",
        "Central Daylight Time": "America/Chicago",
        "Central Standard Time": "America/Chicago",
        "Mountain Daylight Time": "America/Denver",
        "Mountain Standard Time": "America/Denver",
        "Pacific Daylight Time": "America/Los_Angeles",
        "Pacific Standard Time": "America/Los_Angeles",
        "GMT Standard Time": "Europe/London",
        "GMT Daylight Time": "Europe/London",
    }
)

# the variant of the skins that number seats counter-clockwise (ActionPoker.com, Gear Poker): `Hand.conventions_variant`
COUNTER_CLOCKWISE = "counter_clockwise"
COUNTER_CLOCKWISE_SKINS = ("ActionPoker.com", "Gear Poker")

_CAPPED = re.compile(r"\((\d+) ?bb\)", re.IGNORECASE)  # `John Wayne (50bb)`: the table's largest buy-in


def table_min_buyin(header: Header) -> int | None:
    """A capped table's minimum buy-in, in the header's minor units: a fifth of the cap in its name (10 big
    blinds at a `(50bb)` table); None elsewhere (`min_buyin_bb`)."""
    found = _CAPPED.search(header.table)
    return None if found is None else int(found.group(1)) * header.big_blind // 5


_CONVENTIONS = Conventions(
    prints_uncalled=False,
    # `Player8: ante processed 0.00` is printed for every seat, dealt in or not: a seat with no other line
    # in the hand was not dealt in (zero.ante.txt: Player8 on seat 9 never acts)
    unmarked_sitting_out=True,
    first_seat=0,
    # `Player6: bets 0.81` with 0.81 behind, `Player6: calls 14.75` for the last chips (3.way.allin.txt,
    # post.now.txt): the all-in mark is printed on raises and some calls only
    marks_all_in=False,
    raise_amount=RaiseAmount.TO,
    rake_by_pot=RakeByPot.PROPORTIONAL_UP,
    names_pots=False,
    decimal_point=".",
    thousands=",",
    currencies=MappingProxyType({"$": "USD"}),
    time_zones=ZONES,
    positions=MappingProxyType(POSITIONS),
    # `Player7 has left the table` after posting the small blind, then no line of his, none in the summary
    # (cash/…201605.fold.blinds.antes.txt; cash/…201108.txt, Player0): the player has folded there
    leave_folds=True,
    # `Total pot 1.26 | Rake 0.22` (a side pot) before the showdown, `won (2.49)` in the summary for the player
    # who won it and the 2.49 main pot (…3.way.allin.txt; …dead.stack.txt: 500 of 500 + 1200; …2011-08.
    # nobuyinfee.txt: 2895 of 2895 + 70): the summary prints each winner's first pot only
    prints_later_awards=False,
    moving_big_blind=True,  # …201108.txt: the button lands on a sitting-out player's seat and on an emptied one
    table_min_buyin="hhtool.dialects.betonline:table_min_buyin",
)

DIALECT = Dialect(
    name=SITE,
    header=rb"(?:BetOnline Poker|PayNoRake|Gear Poker|ActionPoker\.com) Game #\d+",
    markers=(b"BetOnline Poker Game #", b"PayNoRake Game #", b"Gear Poker Game #", b"ActionPoker.com Game #"),
    hand_id=r"Game #(\d+)",
    grammar="betonline",
    summary_line="*** SUMMARY ***",
    reader="hhtool.dialects.betonline.parse:parse_betonline",
    # writer: hhtool.dialects.betonline.writer:render_hand is not registered: the generator (every site with a
    # writer) needs a tournament's blinds in its header, and Chico's tournament header prints a pair that is not
    # them (the blinds are read from the posts, which a hand where the small blind is not posted does not give)
    hand_separator="\n\n\n\n",  # three blank lines after each hand (betonline-chico/cash/…201108.txt)
    conventions=_CONVENTIONS,
    variants=MappingProxyType({COUNTER_CLOCKWISE: replace(_CONVENTIONS, clockwise=False)}),
)
