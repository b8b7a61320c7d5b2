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
- Uncalled bets: WPN prints their return (`Uncalled bet ($0.12) returned to Player3`) except the big
  blind's pre-flop one in a walk (both clients) and, in the 2019 client, after any uncalled pre-flop bet of
  the big blind (`raises $0.16 to $0.18`, all fold: `Total pot $0.25`, `won $0.25`): the unmatched part is
  then inside its `won` amount and the summary's total pot (`Total pot $0.07` on blinds of $0.02/$0.05,
  acr-winning/cash/…walk.txt; with no small blind posted `Total pot $0.02`, an empty pot). The replay derives
  that return (`big_blind_return_unprinted`: no HH202) and reads it inside `won` and `Total pot` exactly when
  they hold more than the pot (`uncalled_in_collected` "either", `total_includes_returns`), as fpdb-3's
  WinningToFpdb takes it out of a walk's collect. The 2023 client prints the big blind's return after its
  raises: that line is read as printed. Every other return has its line (`prints_uncalled`). The 2016 era
  prints every return, walks too (`Uncalled bet (0.01) returned to …`). `posts dead $0.07` is a returning
  player's dead small and live big blind.
- Not dealt in: `Bob waits for big blind`, after the posts, for a seat with chips (the summary leaves him
  out): a sitting-out notice; a seat line `will be allowed to play after the button` has no stack.
- Showdown: `Carl mucks hand` after the winner shows (`Muck`, mucked; his summary line `mucked [Qc 7d]`).
  ACR lets an uncontested winner show one card, the other printed `-` (`shows [- Kd]`, summary `showed [- Kd]
  and won $0.12`): a partial show of the card named.
- All-in cash out: `Dana cashed out hand for $3.10 | Cash Out Fee $0.03` (PokerStars' words without `the`):
  the room pays her outside the pot and keeps her share; her summary line ends `(pot not awarded as player
  cashed out)` (`cashed_out`) and no `collected` line or award is read for her.
- A pot won without a showdown has no `collected` line: the summary's `did not show and won $X` is the award
  (read as the collect). With a showdown WPN prints `collected $X from main pot`.
- Pots: every street starts with `Main pot $X | Rake $Y` (pre-flop in tournaments: `Main pot 7200.00`, the
  antes gathered), after the rake taken so far, then one `Side pot(1) $0.65 | Rake $0.03` line per side pot,
  each pot raked on its own (`StreetPot.side`): checked street by street, the lines together (HH223). The
  summary's `Total pot` is after rake and fees (`Total pot $1.19 | Rake $0.04 | JP Fee $0.02`, collected
  $1.19, the river's rake $0.06), all pots together: the total pot is it plus rake and fees. The summary
  names no pot; the last street's pot lines are the pots after their own rake, read as the main and side
  pots when there is a side pot and nothing was bet after them. `collected $1.19 from main pot` is printed
  also when there is one pot, so it names no pot; a side pot's is `collected $0.65 from side pot-1`. The `JP
  Fee` (jackpot) is a fee beside the rake (`Claims.fees`), and the last pot lines' rake must equal rake +
  fees (HH224) when no chips went in after them: a hand that ends on a street by bet, raise and fold adds the
  matched chips and their rake after that street's pot line (`Rake $0.02` on the flop, the summary's `Rake
  $0.04`). A hand with no rake prints none (`Total pot $0.07`; FORMATS.md: "rake part omitted when 0", and
  the streets print `Rake $0.00`): read as a rake of 0.
- CAP tables (`Miramar (Cap) 9-max`): `caps $0.55` is the chips that take a player to the cap, read as the
  bet, call or raise it makes. The cap itself is not printed: the chips the first capping player has put in
  over the hand are it (`Header.cap`); a player at the cap then acts no more (the replay treats a capped
  player as all-in, as PokerStars CAP tables print it).
- Blitz (fast fold): hands dealt at the `Blitz Poker` pool: no stack or button continuity (`fast_fold`).
- Time zone: the 2019+ header prints `UTC`.
- Wording of hands: PokerStars' words but `a high card, Ace high`, `three of a kind, Set of Tens` and `a
  straight, Ten high` (`Five high` the wheel), `Sixs` or `Sixes`, the five cards after them, and in a summary
  perhaps ` with the kicker Queen` after those (`wording.py`).
- Positions: the summary tags `(button)`, `(small blind)`, `(big blind)`.
- Rake: no built-in schedule (ACR publishes none we could cite with a date): audited against `--rules`.
"""

from __future__ import annotations

from types import MappingProxyType

from hhtool.dialects import Conventions, Dialect, RaiseAmount, UncalledInCollected
from hhtool.model import Header

SITE = "winning"
POSITIONS = {"button": "button", "small blind": "small blind", "big blind": "big blind"}
ZONES = MappingProxyType({"UTC": "UTC"})


def is_fast_fold(header: Header) -> bool:
    """Blitz hands: the reader marks them from the pool's name."""
    return header.fast_fold


DIALECT = Dialect(
    name=SITE,
    header=rb"(?:Game )?Hand #\d+ - ",  # the 2016 era is the `winning2016` record (DIALECT_2016 below)
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
        prints_uncalled=True,  # but not the big blind's, in a walk (acr-winning/cash/…202104.walk.txt) and in 2019
        uncalled_in_collected=UncalledInCollected.EITHER,  # that return is then inside the big blind's `won` …
        total_includes_returns=True,  # … and the summary's `Total pot`
        raise_amount=RaiseAmount.TO,  # the street total is read (the chips added are printed before it)
        decimal_point=".",
        thousands=",",
        currencies=MappingProxyType({"$": "USD"}),
        time_zones=ZONES,
        reference_zone=None,
        positions=MappingProxyType(POSITIONS),
        fast_fold="hhtool.dialects.winning:is_fast_fold",
        newest_first=False,
        big_blind_return_unprinted=True,
        summary_names_pots=False,  # `Total pot` only; the pots are the last street's `Main pot`/`Side pot(N)` lines
        moving_big_blind=True,  # WPN-8
    ),
)


# WPN's 2016 era (registry name `winning2016`, site `winning`): the record of the text the 2016 client wrote
# (`Game started at:` … `------ Summary ------` … `Game ended at:`), with a grammar of its own
# (`grammar/winning2016.lark`) and its reader beside the 2019+ one (`reader2016.py`); its hands carry the
# site `winning` and its conventions.
DIALECT_2016 = Dialect(
    name="winning2016",
    site=SITE,
    header=rb"Game started at: ",
    markers=(b"Game started at: ",),
    hand_id=r"Game ID: (\d+)",
    grammar="winning2016",
    summary_line="------ Summary ------",
    hand_separator="\n\n",  # a blank line after `Game ended at:` (acr-winning/cash/…201608…)
    reader="hhtool.dialects.winning.parse:parse_2016",
    rake=None,
    conventions=DIALECT.conventions,
)
