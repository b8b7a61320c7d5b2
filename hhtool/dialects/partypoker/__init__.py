"""PartyPoker: the dialect record. Everything hhtool knows of PartyPoker text is in this package: the header
(`header.py`), the amounts and cards (`amounts.py`), the line readers (`reader.py`, with
`grammar/partypoker.lark`, entry `parse.py`), the writer (`writer.py`) and the conventions below.

Conventions, and why (each checked on fpdb-3/partypoker and hhsmithy/partypoker-cash):
- Hold'em, Omaha high (`PL Omaha`, `Omaha Hi`; NL, PL, FL; cash and tournaments) and Omaha Hi-Lo (`PL Omaha
  Hi-Lo`: the low on a line of its own, `P shows7,5,4,2,A  for low.`, and its half `P wins Lo ($28.75 USD) from the
  main pot …`); Double Hold'em is unsupported. No description of a shown hand's high is checked (no wording of
  Party's is written); a printed low is, against the cards.
- A hand opens with up to three lines (`Game #N starts.`, `#Game No : N`, `***** Hand History for Game
  N *****`, blank lines between them): the header pattern takes them as one, so that they make one hand
  (a last `Game #N starts.` with no hand after it stays in the hand before it). The hand id is the number
  of the `***** Hand History for Game N *****` line (the Mac client's and fastforward tables' `#Game No`
  differs from it; a tournament number may come first).
- No uncalled-bet line: the returned chips are inside the bettor's `wins` amount (`uncalled_in_collected`).
- A raise prints the chips it added (`raises [$0.50 USD]`, `raises 0.06 to 0.08`): `raise_amount=RaiseAmount.ADDED`.
- The 2025-2026 cash format (fpdb-3 issue #187 and PR #189 print real hands of it) is the e-mailed one plus
  the all-in cash-out: `X Cashout Amount is 23.01` (the room pays it outside the pot) and the summary's
  `X Cashed out balance $23.01, bet $20.20, collected $23.01, net +$2.81`, whose `collected` and `net`
  count that payment (only its balance and bet are checked).
- The `balance / bet / collected / net` summary lines (e-mailed histories, 2019+ tournaments) count the
  returned uncalled bet in both `bet` and `collected` (`ledger_uncalled`): Player3 of an e-mailed 2010
  hand bets $0.13 nobody calls and prints `bet $0.21, collected $0.31` on a $0.18 pot.
- Amounts: `$` or `€` before, `USD`/`EUR` after; thousands commas (`$1,534.96`, `3,000`), except the Mac
  client's decimal comma (`$26,02 USD`), read as a comma followed by one or two final digits.
- "fastforward" tables (Party's fast fold, 2016: `$10 USD fastforward NL Texas Hold'em`): a pool, no stack
  or button continuity (`fast_fold`).
- Time zones as printed after the time (EDT, CEST, BST, MSKS, ICT, …) → IANA zones below; a hand with
  no zone (2013 `no.tz` tournament) keeps its local time, `time_utc` None.
- Tournament hands of the 2005-2013 clients print no blind posts: the `Blinds(…)` line announces them, and
  they are read at the deal, after the printed antes (the client takes the antes first, so a short stack's
  blind is what the ante left); after `There is no Small Blind in this hand as the Big Blind of the previous
  hand left the table.` only the big blind is posted, by the first player dealt in after the button
  (SITE-BEHAVIOURS.md PP-4, PP-1; fpdb-3's PartyPokerToFpdb `readBlinds` reads both so).
- Players who pre-selected a fold are folded as a batch when the action reaches them, in any order within
  the batch (2012 tournaments; fpdb-3's LHE-Freeroll-MTT-201207 hand): `batched_folds` (PP-3).
- A small blind posted from outside the small-blind seat (a returning player's) is live: the fixed-limit
  corpus hand's `posts small blind [$10 USD]` + `calls [$5 USD]` is the $15 big blind, and the 2018 cash
  hand of PP-7 raises and goes all-in on top of it to exactly his stack: `live_extra_small_blind`.
- Notices: moves from a broken table, the end of a tournament whose prizes left are equal, chat (`Gina: gl`,
  a line that starts with a seated name and a colon), chat switched off, disconnections and reconnections,
  the client's own messages, breaks, level changes, bounties (PP-1). The client's placeholder for a hand it
  did not write (`Table Closed`, `The hand history for this hand number is not available here…`) is a note
  for the file, HH009, not a hand (PP-2).
- Rake: no built-in schedule (no dated public PartyPoker rake table found to cite); the e-mailed and
  2019+ summaries print the rake, the others do not (it is inferred: pot less the wins).
"""

from __future__ import annotations

from types import MappingProxyType

from hhtool.dialects import (
    GAME_NO_PREAMBLE,
    LINE_END,
    Conventions,
    Dialect,
    LedgerUncalled,
    RaiseAmount,
    RakeByPot,
    UncalledInCollected,
)
from hhtool.dialects.partypoker.amounts import SITE
from hhtool.model import Header

# the zones the corpus's clients print → IANA zones (MSKS and YEKST are the Russian clients' labels)
ZONES = {
    "ET": "America/New_York",
    "EDT": "America/New_York",
    "EST": "America/New_York",
    "CET": "Europe/Berlin",
    "CEST": "Europe/Berlin",
    "MEZ": "Europe/Berlin",
    "MESZ": "Europe/Berlin",
    "GMT": "Europe/London",
    "BST": "Europe/London",
    "WET": "Europe/Lisbon",
    "WEST": "Europe/Lisbon",
    "EET": "Europe/Helsinki",
    "EEST": "Europe/Helsinki",
    "MSK": "Europe/Moscow",
    "MSKS": "Europe/Moscow",
    "YEKT": "Asia/Yekaterinburg",
    "YEKST": "Asia/Yekaterinburg",
    "ICT": "Asia/Bangkok",
}


def is_fast_fold(header: Header) -> bool:
    """fastforward hands: the reader marks them from the game line."""
    return header.fast_fold


DIALECT = Dialect(
    name=SITE,
    # (`[ \t]*+`: the blanks before the header are taken once; two `[ \t]*` around empty optional parts split
    # a long run of blanks every way, n^2 for a line of n spaces)
    header=(
        rb"[ \t]*+(?:Game #\d+ starts\.[ \t]*"
        + LINE_END
        + rb"(?:[ \t]*"
        + LINE_END
        + rb")*)?"
        + GAME_NO_PREAMBLE
        + rb"[ \t]*\*{5} Hand History [Ff]or Game"
    ),
    markers=(b"***** Hand History", b" starts."),
    hand_id=r"Hand History [Ff]or Game (\w+)",
    grammar="partypoker",
    summary_line=None,  # most generations print no summary: a hand is whole once its file is idle
    reader="hhtool.dialects.partypoker.parse:parse_party",
    writer="hhtool.dialects.partypoker.writer:render_hand",
    describe=None,
    description_matches=None,
    rake=None,
    conventions=Conventions(
        prints_uncalled=False,
        uncalled_in_collected=UncalledInCollected.INSIDE,
        raise_amount=RaiseAmount.ADDED,
        decimal_point=".",
        thousands=",",
        currencies=MappingProxyType({"$": "USD", "€": "EUR"}),
        time_zones=MappingProxyType(ZONES),
        reference_zone=None,
        positions=MappingProxyType({}),
        fast_fold="hhtool.dialects.partypoker:is_fast_fold",
        newest_first=False,
        ledger_uncalled=LedgerUncalled.BOTH,
        batched_folds=True,
        live_extra_small_blind=True,
        # PP-6 (2018 cash): the main pot pays its share rounded down, the last pot the rest ($1.25 off
        # $20 + $5: $1.00 + $0.25; $0.20 off $0.15 + $4.00: $0 + $0.20)
        rake_by_pot=RakeByPot.PROPORTIONAL_LAST_REST,
        moving_big_blind=True,  # PP-5
        # fixed limit's half-bet rule: `LHE-Freeroll-MTT-201207.txt`, game 11932613562 at 200/400: over a 400
        # turn bet Hero is all-in for 790 (390 more, at least half a bet), a caller and the bettor re-raise to
        # 1190: a bet above the all-in, the betting reopened for the bettor
        limit_half_bet_reopens=True,
    ),
)
