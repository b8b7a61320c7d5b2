"""Winamax: the dialect record. Everything hhtool knows of Winamax text is in this package: the reader
(`reader.py` with `grammar/winamax.lark`, entry `parse.py`), the writer (`writer.py`), the hand-description
wording (`wording.py`) and the
conventions below. Formats read: cash games (`CashGame`, real and play money, 2010-2020 in the corpus),
the fast-fold pools (`Go Fast "…"`, `HOLD-UP "…"`, `ESCAPE "…"`) and tournaments (MTT, sit & go,
freerolls, tickets, knock-outs; 2010-2022), Hold'em and Omaha high (`Omaha`, and `Omaha5` or `5 Card
Omaha` for five cards, as fpdb-3's WinamaxToFpdb.py reads them) no limit, pot limit and fixed limit; Omaha
Hi/Lo and the other games are unsupported (HH020). An Omaha description names the best five of exactly two
hole cards and three of the board (`Quads of Jack`, `One pair : Jacks`), in the Hold'em words.

Conventions, and why (each checked on the corpus, fpdb-3/winamax and hhsmithy/winamax-cash):
- No `Uncalled bet` line: the chips a bet nobody called gives back are inside the bettor's `collected`
  line and won amount (`prints_uncalled` False, `uncalled_in_collected`); 2010 files even print such a
  return as its own `collected … from side pot 1` line (fpdb's "Invalid.side.pot" sample).
- `Total pot` is what the winners collected: after rake, returned chips included (every cash hand:
  Σ collected = Total pot; Σ put in = Total pot + Rake). The reader adds the printed rake to it; the
  replay takes the returns out (`total_includes_returns`). Old tournament totals print thousands as
  `6.02k`: checked to their rounding (`Claims.total_step`).
- The seat list names players sitting out without a mark (`Seat 4: Hero (200€)` in fpdb's
  "Hero.Sitting.Out" sample, malcom69 in hhsmithy's 10MultipleHands): a seat with no line in the hand
  was not dealt in (`unmarked_sitting_out`).
- `raises 0.10€ to 0.15€`: the raise size, then the street total (`raise_amount` "to"), as PokerStars.
- Amounts carry the currency after them (`0.50€`, `2€`); play money prints decimals without a symbol.
- Time: every header prints UTC (`2011/02/21 20:12:00 UTC`).
- Go Fast, HOLD-UP and ESCAPE are fast-fold pools: no stack or button continuity between their hands.
- Money the site adds to the pot: `Hold-up to Pot: total 0.20€` and `Escape to Pot: total …` (wording as
  fpdb's WinamaxToFpdb.py reads it; no such hand is in the corpus) are a CashDrop. The Splash and Drop
  pots' own lines are not known from any source at hand: a hand printing one is unparsed (HH010), not
  guessed.
- The pot a `collected` line names is not the pot of an all-in level: the returned chips are named
  `side pot 1` (fpdb's "Invalid.side.pot", "all.in.blind" samples) and a main and a side pot won by one
  player are paid as `main pot` (`names_pots` False: collects are checked per player over all the pots).
- The rake is spread over the pots in proportion to them (fpdb's "Side.pot.Biggest.stack.loses.main":
  0.80€ = 0.60€ from the 9.16€ main pot + 0.20€ from the 3.12€ side pot): `rake_by_pot`.
- Against a big blind posted short and all-in, pre-flop: the first raise prints its increase over that post
  (`Cy posts big blind 245 and is all-in` · `Ed raises 795 to 1040` at 200/400; fpdb's "all.in.blind"
  sample: `raises 1676 to 1795` over a 119 post), the "to" is the street total (`raise_by_from_short_blind`);
  and a call completes the full big blind even when all the others still in are all-in for less, the excess
  returned inside `collected … from side pot 1` (`call_completes_short_blind`; other sites cap the call).
- Rake: no built-in schedule (no dated public Winamax schedule to cite); the printed rake is checked
  against the pot arithmetic.
"""

from __future__ import annotations

import re
from decimal import Decimal
from types import MappingProxyType

from hhtool.dialects import Conventions, Dialect, OddChip, RaiseAmount, RakeByPot, UncalledInCollected
from hhtool.model import Header

SITE = "winamax"
POSITIONS = {"button": "button", "small blind": "small blind", "big blind": "big blind"}


def is_fast_fold(header: Header) -> bool:
    """Go Fast, HOLD-UP and ESCAPE hands: the reader marks them from the header's table kind."""
    return header.fast_fold


_SHORT_TRACK = re.compile(r"SHORT TRACK (\d+(?:[.,]\d+)?) ?€")


def table_min_buyin(header: Header) -> int | None:
    """WX-9: a SHORT TRACK table's fixed buy-in is in its name (`SHORT TRACK 0,10€`, `SHORT TRACK 20 € 06`),
    in the header's minor units; play money has no minimum (0); other tables: None (`min_buyin_bb`)."""
    if header.play_money:
        return 0
    found = _SHORT_TRACK.search(header.table)
    if found is None:
        return None
    return int(Decimal(found.group(1).replace(",", ".")) * header.scale)


DIALECT = Dialect(
    name=SITE,
    header=rb"Winamax Poker - ",
    markers=(b"Winamax Poker - ",),
    hand_id=r"HandId: #([\w-]+)",
    grammar="winamax",
    summary_line="*** SUMMARY ***",
    hand_separator="\n\n",  # after a hand's last line and its newline: two blank lines (fpdb-3/winamax files)
    reader="hhtool.dialects.winamax.parse:parse_winamax",
    writer="hhtool.dialects.winamax.writer:render_hand",
    describe="hhtool.dialects.winamax.wording:describe",
    description_matches="hhtool.dialects.winamax.wording:description_matches",
    rake=None,
    conventions=Conventions(
        prints_uncalled=False,
        uncalled_in_collected=UncalledInCollected.INSIDE,
        total_includes_returns=True,
        unmarked_sitting_out=True,
        rake_by_pot=RakeByPot.PROPORTIONAL_NEAREST,
        # WX-1: the odd chip goes to the highest seat first (…STT-201207.no.cur.txt: 260 split 87, 87, 86
        # to seats 8, 7 and 3)
        odd_chip=OddChip.HIGHEST_SEAT_FIRST,
        names_pots=False,
        raise_amount=RaiseAmount.TO,
        decimal_point=".",
        thousands="",
        currencies=MappingProxyType({"€": "EUR"}),
        time_zones=MappingProxyType({"UTC": "UTC"}),
        reference_zone=None,
        positions=MappingProxyType(POSITIONS),
        fast_fold="hhtool.dialects.winamax:is_fast_fold",
        newest_first=False,
        raise_by_from_short_blind=True,  # `raises 1676 to 1795` over a 119 all-in big blind at 200/400 (WX-2)
        call_completes_short_blind=True,  # `calls 40` completing the 80 big blind over a 50 all-in one (WX-3)
        min_buyin_bb=40,  # WX-9: a return at 40 big blinds seen at a regular table (tentative)
        table_min_buyin="hhtool.dialects.winamax:table_min_buyin",
        seat_label=r"Incognito \d+",  # WX-8: anonymous tables name each opponent by seat
        hand_counter=r"^\d+-(\d+)-\d+$",  # WX-7: `<table>-<hand number at the table>-<unix time>`
        moving_big_blind=True,  # WX-6
    ),
)
