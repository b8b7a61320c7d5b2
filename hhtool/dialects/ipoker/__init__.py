"""iPoker (the network of about 45 skins: William Hill, Betfair, Titan, Unibet, iPoker.it, …): the
dialect record. Its hand histories are XML, read with an XML parser (`reader.py`, Python's expat, the
streaming parser under `xml.etree`), not with a line grammar, and written back by `writer.py` (a hand as
a one-game `<session>`, which the reader also reads whole, without the splitter); everything hhtool knows
of iPoker is in this package.

A file is one or more `<session sessioncode="…">`s, each a `<general>` block (game type and stakes,
table, currency, hero, tournament) followed by its `<game gamecode="N">`s. The splitter cuts a hand at
each `<game` (`header`) and hands every game the `<general>` block before it (`context`: the session
start, or its end, which leaves the games after it without one, HH033).

What is read, and where each fact comes from (checked on every iPoker file of the corpus,
fpdb-3/ipoker and hhsmithy/ipoker-cash):
- `<gametype>`: `Holdem NL $0.02/$0.04`; the limit word is localised by the skin (`SL` Spanish, `БЛ`
  Russian: both no limit, corpus files `…Spanish.sample.xml`, `…Russian.NL.txt`; `LZ`, `LP` and the
  spelt-out `No limit`/`Pot limit`/`Limit` from fpdb's iPokerToFpdb.py `limits` table). Fixed limit
  prints the small and big bet (`Holdem L $5/$10`: blinds $2.50/$5 as posted, `…HEM.archive.txt`).
  A tournament prints no stakes (`Holdem NL`): its blinds are the posted ones. `Omaha PL €0.50/€1` is
  Omaha high (four `Pocket` cards; hhsmithy/ipoker-cash); `Omaha Hi-Lo` and `Omaha HiLow` Omaha hi/lo (fpdb-3's
  iPokerToFpdb games; no corpus hand); `Six Plus Holdem`, stud: unsupported (HH020).
- Tournaments: `<tournamentcode>`, else the number in `(#N)` or after the last comma of
  `<tablename>` (`Irish Open 2013 B SuperSat R/A, 799557276`); `<buyin>` as printed.
- Currency: `<tablecurrency>`, else `<currency>` (ISO codes: USD, EUR, GBP, RSD…); tournament chips are
  counted one by one. `<mode>` other than `real` is play money.
- Amounts: a currency mark before or after (`$`, `€`, `£`, `RSD`; cp1252's euro `\\x80` arrives as `€`,
  the block being decoded as Windows-1252 when it is not UTF-8, `…201701.new.datetime.format.txt`),
  thousands separated by `,` (`$1,295`), by a space (`1 480`: fpdb's NUM2 pattern) or by `.` where the
  decimal mark is a comma (iPoker.it: chips `1.500`, `€0,50`, `…iPoker.it.txt`): a separator followed
  by exactly three digits is a thousands separator, one followed by one or two digits at the end is the
  decimal mark (`amounts`).
- Times: `<startdate>` of each game, as `2013-07-30 18:26:02`, `2017/01/23 22:27:48`,
  `22-Jan-2011 21:25:31` or `30/01/2012 02:30` (all four in the corpus). No zone is printed and none is
  assumed (HHSmithy's parser reads the time as is, fpdb leaves it naive): `time_utc` stays None.
- Seats: `<player seat name chips dealer win bet>`; `dealer="1"` is the button; a seat with an empty
  name is empty (`…HEM.archive.txt`); a player without a `<cards type="Pocket">` element was not dealt
  in (sitting out). The numbers are places on a 10-seat layout whatever the table's size (a 3-max
  tournament seats 3, 6 and 10, 6-max cash 1, 3, 5, 6, 8 and 10: `seat_places`); `<tablesize>` is the
  N-max (`max_seats`).
- Actions: `<action no player type sum>`, in `<round no="0">` (posts) to `<round no="4">` (river); the
  file does not write them in order: they are replayed in the order of `no` within each round. The
  type codes (`ACTION_TYPES`) are documented below.
- Cards: `<cards type="Pocket" player="X">CA HQ</cards>` (suit letter, then rank, `10` for ten; `X X`
  not shown); the board in `Flop`/`Turn`/`River` elements. Known pocket cards of a player still in at
  the end are a showdown (the hero's are always known: a hero who folded is only dealt them).
- Results and checksum: `win` is what the player received, `bet` what the player put in. Both count a
  returned uncalled bet (`…uncalled.2nd.winner.xml`: the raiser of £6.50 against an all-in of £6.04 has
  `bet="£6.50" win="£0.46"`), which no element prints: the replay derives it (`prints_uncalled` False),
  the collected amount is `win` less the return (`uncalled_in_collected`), and `bet`/`win` are the
  site's per-player checksum (`Claims.ledgers`, HH214, `ledger_uncalled`). That is the older clients'
  (the corpus's, 2011-2017). Clients that print `<uncalled_bet_enabled>true</uncalled_bet_enabled>` in
  the session's `<general>` (17.x, 2018 cash) or a `<client_version>` of major 20 or more (23.x, 2023
  tournaments) pay the return apart: `win` is the pot share alone, `bet` still every chip pushed
  (fpdb-3's iPokerToFpdb.py rule; DriveHUD's iPoker parser reads the same flag). The reader gives such a
  session's games the `RETURNS_APART` conventions (`Hand.conventions_variant`), and reads their `bet`
  with the client's known miscount after a final type-23 raise (`reader.DOUBLED`, `reader.NO_ANTE`,
  SITE-BEHAVIOURS IP-3): 17.x counts the player's earlier chips on that street twice, 23.x leaves the
  ante out when that raise was not wholly called. No pot, no rake and no
  showdown description are printed: the rake is what the pot holds beyond the wins (inferred, not
  printed). The built-in rake schedule (`rake.py`) is the network's published 2016 one, applied by
  the hands' local day from 2016-01-02 (docs/rake-schedules.md).
"""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

from hhtool.dialects import Conventions, Dialect, LedgerUncalled, RaiseAmount, RakeByPot, UncalledInCollected

SITE = "ipoker"

# The `type` codes of `<action>`, each with the event it is read as. Meanings checked against the
# corpus: every hand's `bet` attributes equal the sums below read this way (0, 1, 2, 3, 4, 5, 7, 15, 23
# occur; 23's sum is the street total raised to: `…uncalled.less.than.rake.xml`, a flop raise to £3 after
# a £0.45 bet makes `bet="£3.30"`), and 8 and 9 only ever name players who are dealt no cards.
# Sources for the names: HHSmithy's IPokerFastParserImpl.cs and fpdb's iPokerToFpdb.py (read, not copied).
ACTION_TYPES = MappingProxyType(
    {
        "0": "fold",
        "1": "small blind",  # the post, in round 0
        "2": "big blind",  # the post; more than the big blind is a new player's small + big blind
        "3": "call",  # sum: the chips the call adds
        "4": "check",
        "5": "bet",  # sum: the bet
        "7": "all-in",  # sum: the chips added (a call, bet or raise, by what it does to the bet to call); `DP`:
        # disconnect protection, the player stays in for the chips already in and acts no more (a PROTECTED notice)
        "8": "sitting out",  # at the start of the hand: not dealt in (round 0)
        "9": "sitting out",  # did not post the blind due, or posted only the ante: not dealt in (round 1)
        "15": "ante",
        "23": "raise",  # sum: the player's street total after the raise
    }
)
# Not read: 6 (fpdb: a raise by the sum; HHSmithy: an all-in: the sources disagree and no corpus hand
# has it) and 16 (bring-in, stud only): a hand with them is unparsed (HH032).


# group 1: a `<game>`'s `gamecode` value as printed (entities not decoded), between `"` or `'`
GAMECODE = r"""<game gamecode=["']((?<=")[^"<]*(?=")|(?<=')[^'<]*(?='))"""


_CONVENTIONS = Conventions(
    prints_uncalled=False,
    uncalled_in_collected=UncalledInCollected.INSIDE,
    ledger_uncalled=LedgerUncalled.BOTH,
    # `…player.sitting.out.xml`, game 2855484207: a $2 main pot and a $0.20 side pot (rake $0.11 in all)
    # are paid $1.90 and $0.19, 5 % of each; IP-4: at the cap, each pot at the rate, main first (€4 off
    # €60 + €40: €3 + €1): under the cap that is the proportional spread
    rake_by_pot=RakeByPot.CAPPED_MAIN_FIRST,
    raise_amount=RaiseAmount.TO,  # type 23 (type 7, all-in, prints the chips added)
    decimal_point=".",  # also `,` on iPoker.it: see `amounts`
    thousands=",",  # also ` ` and `.`: see `amounts`
    currencies=MappingProxyType({"$": "USD", "€": "EUR", "£": "GBP", "\x80": "EUR"}),
    time_zones=MappingProxyType({}),
    reference_zone=None,
    positions=MappingProxyType({}),
    fast_fold=None,
    newest_first=False,
    # seats are places on a 10-seat layout whatever `<tablesize>` says: a 3-max table seats 3, 6 and 10,
    # a 6-max cash table 1, 3, 5, 6, 8 and 10
    seat_places=10,
    prints_addons=False,  # six players 10,000 up at once: tournament/NLHE-GBP-MTT-5-201403.FPPbuyin.txt
    # fixed limit's half-bet rule: `…player.sitting.out.xml`, game 2855501026 at $0.10/$0.20: Player4 all-in
    # for $0.13 on the river after two checks, Player13 (who had checked) raises to $0.40: the all-in is
    # taken as the $0.20 bet it falls short of, and the raise is a bet above it
    limit_half_bet_reopens=True,
    limit_half_bet_completes=True,
    # `…player.antes.then.sits.out.txt`, game 5338624766: Player3 posts the $0.02 ante (type 15), then sits out
    # (type 9, no cards); the big blind is the next player's, and the ante stays in the pot
    ante_then_sits_out=True,
    # IP-6: William Hill's cash-game page (an iPoker skin, poker.williamhill.com "Cash Games"): "You can buy-in to a
    # game for between 20 and 100 Big Blinds"; the corpus's returns at $0.02/$0.04 are $1 and $1.60 (25 and 40)
    min_buyin_bb=20,
)

# Clients that pay the returned uncalled bet apart from `win` (`<uncalled_bet_enabled>true` in the session's
# `<general>`, or a `<client_version>` of major 20 or more: fpdb-3's iPokerToFpdb.py rule): `win` is the pot
# share alone (the collected amount as printed), while `bet` still counts every chip pushed, the return too.
RETURNS_APART = "returns_apart"
VARIANTS = MappingProxyType(
    {
        RETURNS_APART: replace(
            _CONVENTIONS, uncalled_in_collected=UncalledInCollected.APART, ledger_uncalled=LedgerUncalled.PUT_IN
        ),
    }
)


DIALECT = Dialect(
    name=SITE,
    # where a game starts: its `<` after a line break, a blank or the last one's `</game>` (the patterns
    # start with that literal `<`, which the regex engine finds at memory speed)
    header=rb"<(?<![^\n>\t ]<)game gamecode=",
    markers=(b"<game gamecode=",),
    anchor=b"",
    # the whole attribute value, in either quote (the writer's quoteattr picks `'` for a code holding `"`):
    # a code of other characters than word ones (`123-A`) is its own id, never cut to a shared prefix
    hand_id=GAMECODE,
    # a session starts (`<?xml …?>`, `<session …>`) or ends (`</session>`), the same way
    context=rb"<(?<![^\n>\t ]<)(?:\?xml[ ?]|session[ >]|/session>)",
    context_markers=(b"<session", b"</session>", b"<?xml"),
    reader="hhtool.dialects.ipoker.reader:parse_ipoker",
    writer="hhtool.dialects.ipoker.writer:render_hand",
    describe=None,
    description_matches=None,
    rake="hhtool.dialects.ipoker.rake:history",
    hand_separator="\n",
    conventions=_CONVENTIONS,
    variants=VARIANTS,
)
