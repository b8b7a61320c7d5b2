"""888poker / Pacific Poker (Cassava): the dialect record. Everything hhtool knows of 888 text is in this
package: the reader (`reader.py` with `grammar/pacific888.lark`, entry `parse.py`), the writer
(`writer.py`) and the conventions below.

Conventions, and why (each checked against fpdb-3/888poker and hhsmithy/pacific-cash in the corpus):
- Hold'em, Omaha high and Omaha Hi/Lo (`No Limit`, `Pot Limit`, `Fix Limit` before `Holdem`, `Omaha`, `OmahaHL`
  or `Omaha Hi/Lo`). 888 prints no description of a shown hand but in Hi/Lo, where the cards of its high and
  low follow the show line (`(Hi: Jc, Jh, Js, Ks, As)`, `(Lo: 2h, 5d, 6d, 8h, As)`): the low is checked.
- The hand id is the `Hand History for Game N` number (a `#Game No : N` line before it is optional).
- A raise prints the chips that action added (`raises [$0.29]`): `raise_amount = "added"`; the reader
  turns it into the street total with `StreetMoney`.
- No uncalled-bet line, no total pot, no rake, no summary seat lines: the replay derives the returns
  (`prints_uncalled = False`) and the rake is inferred, not printed (`Claims.rake` None; the dataset's
  `rake_printed` is false). Whether `collected` includes a returned bet differs from hand to hand in the
  corpus (`888-NLHE-USD-5-10-201205.uncalled.non.blind`: it does; `NLHE-10max-USD-0.50-1.00-201607.
  jackpot.table`: it does not), so `uncalled_in_collected = "either"`: a collected amount is read as
  holding the return when the collects exceed the pot.
- No `all-in` mark is ever printed: the reader marks the action that puts a player's last chip in, by
  arithmetic on the printed stack and amounts (so the replay's all-in exceptions to the blind, ante and
  call sizes apply; an all-in mark is then never missing, so HH120 cannot fire on 888 hands).
- A player who declines to post a blind is printed as folding before `** Dealing down cards **`
  (`888-LHE-HU-USD-10-20-201202.cancelled.hand`, `888-FLH-PM-1.00-2.00-stacks_over_1k`): read as sitting
  out that hand (not dealt in).
- `6 Max` tables number their seats as the ten-seat layout (`Seat 7` at a `6 Max` table): the N of
  `N Max` is no seat range, so `max_seats` is left unknown.
- Amounts in the client's locale: `$1,728.25`, `0,38 $`, `284,48$`, `2.000 €`, `6 000` (see
  `reader.plain_amount`); tournament chips are printed with `$` and thousands commas (`$10,165`).
- Play money (`(Practice Play)`) prints cents (`0.50/1 Blinds`): chips at a scale of 100.
- Time: `DD MM YYYY HH:MM:SS`, no zone printed and none assumed (time_utc None, dataset `date=unknown`);
  tournaments may print no time at all.
- A hand stopped before the deal (no `** Dealing down cards **`: heads-up, the big blind declines and the
  small blind is collected back) is cancelled (HH415, info), as PokerStars' `Hand cancelled`.
- A hand whose seat lines print no names (`Seat 2:  ( $1,555 )`) is not replayed: one HH010.
- At a tournament level change the header may print the new level while every blind not posted all-in is
  at the previous one: the posts' level is taken, with one warning (HH107; `parse.py`).
- The printed button may not fit the blinds posted by two consecutive players (`button_from_blinds`): one
  warning (HH419), not a wrong-blind error.
- The client also writes tournament summary files (`***** Cassava Tournament Summary *****`, the buy-in and
  the finish): a known sidecar (`sidecars`), skipped with an info (HH007), not stray text.
- Rake: 888 prints none and hhtool ships no 888 schedule (none found that could be cited); a `Jackpot
  table` hand's inferred rake includes its jackpot fee, which 888 does not print apart.
- Play money (`(Practice Play)`) takes its rake otherwise than real money (the `PLAY_MONEY` conventions,
  `Hand.conventions_variant`): the main pot first, each later pot at most at its rate ("capped, main
  first", as iPoker's IP-4). Every fixed-limit play-money pot of the corpus at 0.50/1 pays 5 % plus 0.15,
  capped at 1.25 (…FLH-PM-1.00-2.00-stacks_over_1k.txt: 4 → 0.35, 13 → 0.80, 20 → 1.15, 44 → 1.25), and its
  one side-pot hand (game 440728443) pays the fixed 0.15 in the main pot: 1.07 off 5.50 + 13 is 0.42 +
  0.65; the no-limit 1/2 file's pots pay 4 at most (game 361199073: 4 off 422), which its side-pot hand
  (361198949) takes from the main pot alone: 4 off 794 + 339 is 4 + 0.
"""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

from hhtool.dialects import GAME_NO_PREAMBLE, Conventions, Dialect, RaiseAmount, RakeByPot, UncalledInCollected

SITE = "888poker"

_CONVENTIONS = Conventions(
    prints_uncalled=False,
    uncalled_in_collected=UncalledInCollected.EITHER,
    raise_amount=RaiseAmount.ADDED,
    decimal_point=".",
    thousands=",",
    currencies=MappingProxyType({"$": "USD", "€": "EUR"}),
    time_zones=MappingProxyType({}),
    reference_zone=None,
    positions=MappingProxyType({}),
    newest_first=False,
    # 888-1: the inferred rake off each pot in proportion, the side pots' shares rounded up ($0.27 off
    # $3.93 + $0.42: $0.24 + $0.03; …FLH-USD-0.02-0.04.txt: $0.02 off $0.16 + $0.38: $0 + $0.02)
    rake_by_pot=RakeByPot.PROPORTIONAL_UP,
    # a call over a short all-in big blind completes the full big blind, the excess back inside `collected`
    # (tournament/NLHE-FREE-MTT-$75Freeroll20120217.txt, game 190625798: `Hero calls [$100]` over a
    # $125 all-in big blind at $100/$200, `Hero collected [ $75 ]`), as on Winamax (WX-3)
    call_completes_short_blind=True,
    # the printed button may lag behind the blinds (888-11: `Seat 4 is the button` three-handed while seat 4
    # posts the small blind again and seat 3 acts as the button): the blinds are the rotation, one warning
    button_from_blinds=True,
    min_buyin_bb=40,  # 888-3: $0.80 at $0.01/$0.02 is the most common stack after $2
    prints_rebuys=False,  # 888-6
    moving_big_blind=True,  # 888-4, 888-5
)

# Play money (`(Practice Play)`): the rake falls on the main pot first, each later pot paying at most its rate
# (see the module's docstring); the reader gives its hands this set
PLAY_MONEY = "play_money"
VARIANTS = MappingProxyType({PLAY_MONEY: replace(_CONVENTIONS, rake_by_pot=RakeByPot.CAPPED_MAIN_FIRST)})


DIALECT = Dialect(
    name="pacific888",
    # a `#Game No : N` line before the header is optional (PartyPoker writes one too)
    header=GAME_NO_PREAMBLE + rb"\*{5} (?:888poker|Cassava|Pacific Poker|888)[^*\n]{0,40}? Hand History for Game",
    markers=(b"***** 888", b"***** Cassava", b"***** Pacific"),
    hand_id=r"Hand History for Game (\w+)",
    site=SITE,
    grammar="pacific888",
    summary_line="** Summary **",
    reader="hhtool.dialects.pacific888.parse:parse_888",
    writer="hhtool.dialects.pacific888.writer:render_hand",
    rake="hhtool.dialects.pacific888.rake:history",
    # the client's tournament summary files (tournament id, buy-in, `<name> finished <place>/<entrants>`):
    # recognised as in HandHistories' Poker888 parser, which reads them (`tournamentSummaryHeader`)
    sidecars=("***** Cassava Tournament Summary *****", "***** 888poker Tournament Summary *****"),
    conventions=_CONVENTIONS,
    variants=VARIANTS,
)
