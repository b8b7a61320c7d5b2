"""Winning Poker Network (Americas Cardroom, Black Chip, True Poker, Yatahay…; registry name `winning`): the
dialect record. Everything hhtool knows of WPN text is in this package: the readers (`reader.py` with
`grammar/winning.lark` for 2019+, `reader2016.py` with `grammar/winning2016.lark`), the entry (`parse.py`),
the writer of the 2019+ text (`writer.py`) and the conventions below.

Conventions, and why (each seen in the corpus, fpdb-3/acr-winning):
- Eras: 2019+ `Hand #N - Holdem(No Limit) - $0.02/$0.05 - 2021/04/20 18:33:50 UTC` (tournaments `Game Hand
  #N - [$5,000 GTD ]Tournament #T - Holdem(No Limit) - Level 10 (3000.00/6000.00)- …`), read by `reader.py`;
  the 2016 era (`Game started at: 2016/8/8 16:26:41`, `Game ID: 698338917 0.01/0.02 (PRR) Bahamut (Cap) - 5
  (Hold'em)`, several files UTF-16LE with a byte-order mark), read by `reader2016.py` with
  `grammar/winning2016.lark` (hand id = its `Game ID`), registered as the dialect `winning2016` (its own
  grammar, its hands' site `winning`). The 2016 era prints no limit (inferred: fixed
  limit when the big blind posted is the small stake), no time zone (time_utc None), a tournament only
  in its table (`…, Table 1`) or the client's file name (`HH20160828 T5795043-G…`), no hole-cards marker,
  actions as chips added (`raises (0.04)`, `allin (16.73)`), the cards dealt only as
  `received card: [10s]` (`10` for a ten), and per player `Bets: B. Collects: C. Wins|Loses: W.`: the site's
  checksum (`Claims.ledgers`, HH214) and the only statement of the collects. A seat with no `received a
  card` line sat out; `Player X posts (5)` is a live post.
- Hold'em (No Limit, Pot Limit, Fixed Limit) only: Omaha, 7Stud and `All-in or Fold Limit` are HH020.
- Amounts: `$` cash with thousands commas; tournament chips with two decimals (`3000.00`).
- Raises print the chips added, then the street total (`raises $0.22 to $0.22`, `raises 4055.00 to 4305.00`
  after a 250 small blind): the total is read, and the raise size is it less the street's bet before it
  (both printed on the lines before: arithmetic, as for `caps`).
- Uncalled bets: WPN prints their return (`Uncalled bet ($0.12) returned to Player3`) except in a walk, where
  the big blind's unmatched part is inside its `won` amount and the summary's total pot (`Total pot $0.07`
  on blinds of $0.02/$0.05, acr-winning/cash/…walk.txt). That is not the pot (P2) and no return is printed:
  HH202, HH203, HH205 say so (the hand is listed in tests/test_winning.py); the other hands show the
  return line, so `prints_uncalled` stays. `posts dead $0.07` is a returning player's dead small and live
  big blind.
- A pot won without a showdown has no `collected` line: the summary's `did not show and won $X` is the award
  (read as the collect). With a showdown WPN prints `collected $X from main pot`.
- Pots: every street starts with `Main pot $X | Rake $Y` (pre-flop in tournaments: `Main pot 7200.00`, the
  antes gathered), after the rake taken so far: checked street by street (HH223). The summary's `Total pot`
  is after rake and fees (`Total pot $1.19 | Rake $0.04 | JP Fee $0.02`, collected $1.19, the river's rake
  $0.06), all pots together: the total pot is it plus rake and fees (no main pot is named; `collected $1.19
  from main pot` is printed also when there is one pot, so a collect names no pot); the `JP Fee` (jackpot) is a
  fee beside the rake (`Claims.fees`), and the river's rake must equal rake + fees (HH224). A hand with no
  rake prints none (`Total pot $0.07`; FORMATS.md: "rake part omitted when 0", and the streets print `Rake
  $0.00`): read as a rake of 0.
- CAP tables (`Miramar (Cap) 9-max`): `caps $0.55` is the chips that take a player to the cap, read as the
  bet, call or raise it makes. The cap itself is not printed: the chips the first capping player has put in
  over the hand are it (`Header.cap`); a player at the cap then acts no more (the replay treats a capped
  player as all-in, as PokerStars CAP tables print it).
- Blitz (fast fold): hands dealt at the `Blitz Poker` pool: no stack or button continuity (`fast_fold`).
- Time zone: the 2019+ header prints `UTC`.
- Wording of hands: PokerStars' words with `Sixs` for Sixes and the five cards after them (`wording.py`).
- Positions: the summary tags `(button)`, `(small blind)`, `(big blind)`.
- Rake: no built-in schedule (ACR publishes none we could cite with a date): audited against `--rules`.
"""

from __future__ import annotations

from types import MappingProxyType

from hhtool.dialects import Conventions, Dialect
from hhtool.model import Header

SITE = "winning"
POSITIONS = {"button": "button", "small blind": "small blind", "big blind": "big blind"}
ZONES = MappingProxyType({"UTC": "UTC"})


def is_fast_fold(header: Header) -> bool:
    """Blitz hands: the reader marks them from the pool's name."""
    return header.fast_fold


DIALECT = Dialect(
    name=SITE,
    header=rb"(?:Game )?Hand #\d+ - ",  # the 2016 era is the `winning2016` record (hhtool.dialects.winning2016)
    markers=(b"Hand #",),
    hand_id=r"Hand #(\d+)",
    grammar="winning",
    summary_line="*** SUMMARY ***",
    hand_separator="\n\n",  # one blank line after each hand (acr-winning/cash/…Blitz Poker…)
    reader="hhtool.dialects.winning.parse:parse_winning",
    writer="hhtool.dialects.winning.writer:render_hand",
    describe="hhtool.dialects.winning.wording:describe",
    description_matches="hhtool.dialects.winning.wording:description_matches",
    rake=None,
    conventions=Conventions(
        prints_uncalled=True,  # (a walk prints none: acr-winning/cash/…202104.walk.txt, listed as off)
        raise_amount="to",  # the street total is read (the chips added are printed before it)
        decimal_point=".",
        thousands=",",
        currencies=MappingProxyType({"$": "USD"}),
        time_zones=ZONES,
        reference_zone=None,
        positions=MappingProxyType(POSITIONS),
        fast_fold="hhtool.dialects.winning:is_fast_fold",
        newest_first=False,
        moving_big_blind=True,  # WPN-8
    ),
)
