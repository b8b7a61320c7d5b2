"""Full Tilt Poker (archives, 2006–2014; registry name `fulltilt`): the dialect record. Everything hhtool knows
of Full Tilt text is in this package: the reader (`reader.py` with `grammar/fulltilt.lark`), the entry
(`parse.py`), the writer (`writer.py`), the wording of hands (`wording.py`) and the conventions below.

Conventions, and why (each seen in the corpus, fpdb-3/fulltilt):
- Header eras: `Full Tilt Poker Game #N: Table Flash - $0.02/$0.05 - No Limit Hold'em - 15:42:59 ET -
  2010/08/04` (2006–2012; a July 2010 client wrote the date `Wed, July 21, 2010` and the time without
  seconds), the 2013 game line `Table Vera (6 max) - NL Hold'em - $0.01/$0.02` (game before the stakes,
  `CAP NL Hold'em`), a second clock `[14:38:07 ET - 2013/05/24]` after a local one; tournaments `$5 Sit &
  Go (Super Turbo) (253843023), Table 1 - …` (the number in brackets is the tournament's), `… - 50K/100K
  Ante 10000 - …`; HM2 archives `FullTiltPoker Game #N` with a blank line after the header, a `BEGIN`
  line before the first hand (text outside any hand) and `******************** # 2 ****…` between hands.
- Files: several are UTF-16LE, each with a byte-order mark (the splitter decodes them).
- Hold'em only (No Limit, Pot Limit, Limit): other games are HH020.
- Amounts: `$`, `€`, chips with thousands commas (`3,545`), thousands written `K` (`500K/1000K`).
- The button is a body line, `The button is in seat #4`, after the blinds. `Seats: 9` may open the seats.
- Raises print the street total only (`raises to $0.75`): the raise size is read as it less the street's bet
  before it (both printed on the lines before); all-in is `, and is all in`.
- Uncalled bets are printed (`Uncalled bet of $0.03 returned to Hero`), after the shows of players all-in
  (`shows_before_uncalled`); the collect is `X wins the pot ($0.04)` (`the main pot`, `the side pot`), and a
  walk prints none: the summary's `collected (30)` is then the award. The summary's total pot is before rake,
  as PokerStars prints it. A player sitting out may be named so in the summary only (`Seat 3: Player5 is
  sitting out`, archives): the seat is read as sitting out.
- A street marker may print the pot gathered before it (`*** FLOP *** [..] (Total Pot: $0.04, 2 Players)`):
  checked as WPN's per-street pots are (HH223).
- `X adds $1.20` and `X sits down` are chips and seats for later hands: notices.
- Time zones: ET (the reference when printed in brackets), CT, CET, WET, UTC.
- Positions: the summary tags `(button)`, `(small blind)`, `(big blind)`.
- Rake: no built-in schedule (Full Tilt's is gone with the site).
- The button follows the dead-button rule (`moving_big_blind`): the big blind moves one player; a busted big
  blind leaves the next hand without a small blind and the hand after with the button on its empty seat
  (`…SnG-USD-5-201305.txt`: seat 2 busts as big blind, button 6 → 1 → the empty seat 2, the blinds on 3 and 4).
"""

from __future__ import annotations

from types import MappingProxyType

from hhtool.dialects import Conventions, Dialect, RaiseAmount

SITE = "fulltilt"
POSITIONS = {"button": "button", "small blind": "small blind", "big blind": "big blind"}
# the zones Full Tilt prints after a time (as PokerStars names them), as IANA zones
ZONES = MappingProxyType(
    {
        "ET": "America/New_York",
        "CT": "America/Chicago",
        "CET": "Europe/Paris",
        "WET": "Europe/Lisbon",
        "UTC": "Etc/UTC",
        "PT": "America/Los_Angeles",
        "GMT": "Etc/UTC",
    }
)

DIALECT = Dialect(
    name=SITE,
    header=rb"Full ?Tilt ?Poker Game #",
    markers=(b"Tilt Poker Game #", b"TiltPoker Game #"),
    hand_id=r"Game #(\d+)",
    grammar="fulltilt",
    summary_line="*** SUMMARY ***",
    reader="hhtool.dialects.fulltilt.parse:parse_fulltilt",
    writer="hhtool.dialects.fulltilt.writer:render_hand",
    describe="hhtool.dialects.fulltilt.wording:describe",
    description_matches="hhtool.dialects.fulltilt.wording:description_matches",
    hand_separator="\n\n\n\n",  # three blank lines after each hand (fulltilt/cash/…Venice…)
    # its tournament summaries (`Full Tilt Poker Tournament Summary Step 2 (Super Turbo) (243…)`: fpdb-3's
    # tournament/NLHE-9max-STT-USD-8.30-201211.step.txt begins with one)
    sidecars=("Full Tilt Poker Tournament Summary",),
    tournaments="hhtool.dialects.fulltilt.summary:READER",
    conventions=Conventions(
        prints_uncalled=True,
        # `Hero shows [Kh Kd]`, `Player5 shows [3c 5s]`, then `Uncalled bet of 765 returned to Hero`
        # (tournament/…200910.cashout.txt)
        shows_before_uncalled=True,
        raise_amount=RaiseAmount.TO,
        decimal_point=".",
        thousands=",",
        currencies=MappingProxyType({"$": "USD", "€": "EUR"}),
        time_zones=ZONES,
        reference_zone="ET",
        positions=MappingProxyType(POSITIONS),
        newest_first=False,
        # the dead-button rule: the big blind moves one player each hand; when it busts the next hand has no
        # small blind, and the hand after puts the button on its empty seat (NLHE-6max-SnG-USD-5-201305.txt)
        moving_big_blind=True,
    ),
)
