"""PartyPoker: the dialect record. Everything hhtool knows of PartyPoker text is in this package: the header
(`header.py`), the amounts and cards (`amounts.py`), the line readers (`reader.py`, with
`grammar/partypoker.lark`, entry `parse.py`), the writer (`writer.py`) and the conventions below.

Conventions, and why (each checked on fpdb-3/partypoker and hhsmithy/partypoker-cash):
- Hold'em only (NL, PL, FL; cash and tournaments); Omaha, Omaha Hi-Lo and Double Hold'em are unsupported.
- A hand opens with up to three lines (`Game #N starts.`, `#Game No : N`, `***** Hand History for Game
  N *****`, blank lines between them): the header pattern takes them as one, so that they make one hand
  (a last `Game #N starts.` with no hand after it stays in the hand before it). The hand id is the number
  of the `***** Hand History for Game N *****` line (the Mac client's and fastforward tables' `#Game No`
  differs from it; a tournament number may come first).
- No uncalled-bet line: the returned chips are inside the bettor's `wins` amount (`uncalled_in_collected`).
- A raise prints the chips it added (`raises [$0.50 USD]`, `raises 0.06 to 0.08`): `raise_amount="added"`.
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
- Rake: no built-in schedule (no dated public PartyPoker rake table found to cite); the e-mailed and
  2019+ summaries print the rake, the others do not (it is inferred: pot less the wins).
"""

from __future__ import annotations

from types import MappingProxyType

from hhtool.dialects import GAME_NO_PREAMBLE, LINE_END, Conventions, Dialect
from hhtool.dialects.partypoker.amounts import SITE
from hhtool.model import Header

# the zones the corpus's clients print → IANA zones (MSKS and YEKST are the Russian clients' labels)
ZONES = {
    "ET": "America/New_York", "EDT": "America/New_York", "EST": "America/New_York",
    "CET": "Europe/Berlin", "CEST": "Europe/Berlin", "MEZ": "Europe/Berlin", "MESZ": "Europe/Berlin",
    "GMT": "Europe/London", "BST": "Europe/London", "WET": "Europe/Lisbon", "WEST": "Europe/Lisbon",
    "EET": "Europe/Helsinki", "EEST": "Europe/Helsinki",
    "MSK": "Europe/Moscow", "MSKS": "Europe/Moscow", "YEKT": "Asia/Yekaterinburg", "YEKST": "Asia/Yekaterinburg",
    "ICT": "Asia/Bangkok",
}


def is_fast_fold(header: Header) -> bool:
    """fastforward hands: the reader marks them from the game line."""
    return header.fast_fold


DIALECT = Dialect(
    name=SITE,
    header=(rb"[ \t]*(?:Game #\d+ starts\.[ \t]*" + LINE_END + rb"(?:[ \t]*" + LINE_END + rb")*)?" + GAME_NO_PREAMBLE
            + rb"[ \t]*\*{5} Hand History [Ff]or Game"),
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
        uncalled_in_collected=True,
        raise_amount="added",
        decimal_point=".",
        thousands=",",
        currencies=MappingProxyType({"$": "USD", "€": "EUR"}),
        time_zones=MappingProxyType(ZONES),
        reference_zone=None,
        positions=MappingProxyType({}),
        fast_fold="hhtool.dialects.partypoker:is_fast_fold",
        newest_first=False,
        ledger_uncalled=True,
        moving_big_blind=True,  # PP-5
    ),
)
