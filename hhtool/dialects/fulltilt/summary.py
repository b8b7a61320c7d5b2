"""Full Tilt Poker tournament summary files (fpdb-3's `fulltilt/tournament/…step.txt`)::

    Full Tilt Poker Tournament Summary Step 2 (Super Turbo) (243814827) Hold'em No Limit (Steps, Super Turbo)
    Buy-In: $8.30 + $0.40                     buy-in + fee
    Buy-In Chips: 300
    9 Entries
    Total Prize Pool: $74.70
    Top 2 finishers receive Step 3 Ticket
    Tournament started: 2012/11/10 17:21:18 WET [2012/11/10 12:21:18 ET]
    Tournament finished: 2012/11/10 17:38:15 WET [2012/11/10 12:38:15 ET]
    1: mkSuisse, Step 3 Ticket                an award (its value is not printed), `6: name, $2`, `7: name`
    Hero finished in 3rd place

The tournament number is the header's last parenthesised number before the game. Amounts are read as
PokerStars' are (hhtool.dialects.tournament_amounts.amount: `$8.30`, Decimal, hundredths). The hero is
the player of the `finished in` line. Full Tilt's hands name the tournament, not its buy-in (Header.buy_in
is the event's name), so nothing of the cost is read from them; a line not read is a finding (HH008).
"""

from __future__ import annotations

import re

from hhtool.codes import finding
from hhtool.dialects.tournament_amounts import Amount, AmountError, amount
from hhtool.findings import Finding
from hhtool.model.tournament import PLAY, Placing, TournamentReader, TournamentSummary, with_hero

SITE = "fulltilt"
_AMOUNT = r"[$€£]?\d[\d,]*(?:\.\d+)?"
_HEADER = re.compile(r"Full Tilt Poker Tournament Summary (?P<name>.*?)\((?P<tid>\d+)\)(?P<game>[^()]*)(?:\(.*\))?")
_BUY_IN = re.compile(rf"Buy-In: (?P<buy_in>{_AMOUNT})(?: \+ (?P<fee>{_AMOUNT}))?")
_ENTRIES = re.compile(r"(?P<n>\d[\d,]*) Entries")
_POOL = re.compile(rf"Total Prize Pool: (?P<pool>{_AMOUNT})")
_STARTED = re.compile(r"Tournament (?P<what>started|finished): (?P<when>.+)")
_PLACING = re.compile(rf"(?P<place>\d+): (?P<name>[^,]+?)(?:, (?:(?P<prize>{_AMOUNT})|(?P<award>.+)))?")
_FINISHED = re.compile(r"(?P<name>.+) finished in (?P<place>\d+)(?:st|nd|rd|th) place")
_KNOWN = re.compile(r"Buy-In Chips: \d[\d,]*|Top \d+ finishers? receives? .+|.*added to the prize pool.*")


def read_summary(text: str, file: str, first_line: int = 1) -> tuple[list[TournamentSummary], list[Finding]]:
    """The tournament of a Full Tilt summary file, and a finding (HH008) for each line not read."""
    found: list[Finding] = []
    fields: dict = {}
    placings: list[Placing] = []
    hero: str | None = None
    finish: int | None = None
    tid: str | None = None
    start = first_line
    for number, raw in enumerate(text.lstrip("\ufeff").splitlines(), start=first_line):
        line = raw.strip()
        if not line:
            continue
        try:
            header = _HEADER.fullmatch(line)
            if header and tid is None:
                tid, start = header["tid"], number
            elif match := _BUY_IN.fullmatch(line):
                buy_in = amount(match["buy_in"])
                fee = amount(match["fee"]) if match["fee"] else Amount(0, buy_in.currency)
                fields.update(currency=buy_in.currency or PLAY, buy_in=buy_in.value, fee=fee.value)
            elif match := _ENTRIES.fullmatch(line):
                fields["entrants"] = int(match["n"].replace(",", ""))
            elif match := _POOL.fullmatch(line):
                fields["prize_pool"] = amount(match["pool"], fields.get("currency")).value
            elif match := _STARTED.fullmatch(line):
                if match["what"] == "started":
                    fields["started"] = match["when"]
            elif match := _FINISHED.fullmatch(line):
                hero, finish = match["name"], int(match["place"])
            elif match := _PLACING.fullmatch(line):
                prize = amount(match["prize"], fields.get("currency")).value if match["prize"] else None
                placings.append(Placing(int(match["place"]), match["name"], prize, award=match["award"]))
            elif not _KNOWN.fullmatch(line):
                found.append(_bad(file, number, raw, "no line of a Full Tilt summary reads so"))
        except AmountError as exc:
            found.append(_bad(file, number, raw, str(exc)))
    if tid is None:
        return [], found
    summary = TournamentSummary(SITE, tid, file, start, placings=tuple(placings), **fields)
    return [with_hero(summary, hero, finish)], found


def _bad(file: str, number: int, raw: str, why: str) -> Finding:
    return finding(
        "HH008",
        f"tournament summary line not understood ({why}): expected a buy-in, entries, prize pool, "
        "finishing-order or finish line",
        file,
        number,
        len(raw) - len(raw.lstrip()) + 1,
        actual=raw.strip()[:200],
    )


def entry_fee(text: str | None) -> None:
    """Full Tilt's hands print the tournament's name, not its buy-in: none is read from them."""
    return


def finish_line(text: str, player: str) -> None:
    """Full Tilt's finish lines in hands are not read (no real hand of the corpus has one)."""
    return


def bounty_line(text: str) -> None:
    return None


# what the site's Dialect names as its `tournaments` reader
READER = TournamentReader(read_summary, entry_fee, finish_line, bounty_line, amount)
