"""PokerStars tournament results: its summary files, and the lines of its tournament hands that say
what an event cost and paid.

A summary (fpdb-3's `tournament-summaries/`, as the client writes it or as PokerStars e-mails it, one or
more tournaments a file; the family of lines fpdb-3's PokerStarsSummary reads)::

    Tournament History for your last 1 tournament requested by Hero (hero@example.com)
    PokerStars Tournament #329052872, No Limit Hold'em
    Buy-In: $10.00/$0.50 USD                  buy-in/fee, or buy-in/bounty/fee; `₹136.50/₹13.50 INR`
    2 players
    $11.00 USD added to the prize pool by PokerStars
    Total Prize Pool: $20.00 USD
    Target Tournament #406766547 Buy-In: $11.00 USD
    Tournament started 2010/11/07 8:03:52 ET
    Tournament finished 2010/11/07 8:21:44 ET
     1: Hero (Perth), $20.00 (100%)           `, still playing`, `,` (no prize), `name [2]` a re-entry
    You finished in 1st place.                `38th place (eliminated at hand #65113060125).`
    You made 5 rebuys and 1 addons for a total of USD 3,180.00.
    You collected 5 bounties for a total of USD 875.00.

A line between the header and the buy-in is the tournament's name (`Super Satellite`). Amounts with no
symbol and no code are play money (chips). The hands' lines: the header's `$4.60+$0.40 USD` (buy-in+fee,
or buy-in+bounty+fee; `Freeroll`, `250 SC`, `1FPP`, `2000+110` play money), `X finished the tournament in
2nd place and received $x.`, `X wins the tournament and receives $x - congratulations!`, `X wins the
$0.25 bounty for eliminating Y` and the progressive `X wins $2.49 for eliminating Y and their own bounty
increases by …`. Every amount is read with Decimal into hundredths; a line this module cannot read is a
finding (HH008), never an exception.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from hhtool.codes import finding
from hhtool.dialects.tournament_amounts import _NUM, AMOUNT, Amount, AmountError, amount
from hhtool.findings import Finding
from hhtool.model.tournament import PLAY, Placing, TournamentReader, TournamentSummary, with_hero

SITE = "pokerstars"

_HEADER = re.compile(r"PokerStars Tournament #(?P<tid>\d+), (?P<game>.*)")
_REQUESTED = re.compile(r"Tournament History for your last \d+ tournaments? requested by (?P<name>.+?)(?: \([^()]*\))?")
_BUY_IN = re.compile(rf"Buy-In: (?P<parts>{AMOUNT}(?:/{AMOUNT})*)(?: (?P<code>[A-Z]{{2,3}}))?")
_PLAYERS = re.compile(r"(?P<n>\d[\d,]*) players?")
_ADDED = re.compile(rf"{AMOUNT}(?: [A-Z]{{2,3}})? added to the prize pool by PokerStars(?:\.com)?")
_POOL = re.compile(rf"Total Prize Pool: (?:(?P<pool>{AMOUNT})(?: (?P<code>[A-Z]{{2,3}}))?|(?P<other>.+))")
_TARGET = re.compile(r"Target Tournament #\d+ Buy-In: .*|\d+ tickets? to the target tournament")
_STARTED = re.compile(r"Tournament (?P<what>started|finished):? (?P<when>.+)")
_PLACING = re.compile(r"(?P<place>\d+): (?P<name>.+?)(?: \[(?P<entry>\d+)\])? \((?P<from>[^()]*)\),(?P<rest>.*)")
_PRIZE = re.compile(rf"(?P<prize>{AMOUNT})(?: \(\d+(?:\.\d+)?%\))?")
_YOU = re.compile(r"You finished in (?P<place>\d+)(?:st|nd|rd|th) place(?: \(eliminated at hand #\d+\))?\.?")
_REBUYS = re.compile(
    rf"You made \d+ rebuys? and \d+ add-?ons? for a total of (?P<code>[A-Z]{{2,3}}) (?P<amount>{_NUM})\.?"
)
_BOUNTIES = re.compile(rf"You collected \d+ bount(?:y|ies) for a total of (?P<code>[A-Z]{{2,3}}) (?P<amount>{_NUM})\.?")
_KNOWN = re.compile(r"If you have any questions.*|Hold'em.*|.*Ticket.*")

_FINISHED = re.compile(
    rf" finished the tournament in (?P<place>\d+)(?:st|nd|rd|th) place(?: and received (?P<prize>{AMOUNT}))?\.?$"
)
_WON = re.compile(rf" wins the tournament(?: and receives (?P<prize>{AMOUNT}))?(?: - congratulations!)?$")
_BOUNTY = re.compile(rf" wins (?:the )?(?P<amount>{AMOUNT}) (?:bounty )?for eliminating ")


def entry_fee(text: str | None) -> tuple[int, int | None, int, str | None] | None:
    """A hand header's buy-in (`$4.60+$0.40 USD`, `$1.25+$0.25+$0.15 USD`, `Freeroll`, `250 SC`):
    (buy-in, bounty, fee, currency), None when it is none of these. A freeroll costs 0 in no currency
    (its prizes say theirs)."""
    if text is None:
        return None
    text = text.strip()
    if text.lower() == "freeroll":
        return 0, None, 0, None
    code = re.fullmatch(r"(?P<rest>.*?) (?P<code>[A-Z]{2,3})", text)
    parts = (code["rest"] if code else text).split("+")
    try:
        amounts = [amount(p, code["code"] if code else None) for p in parts]
    except AmountError:
        return None
    currency = next((a.currency for a in amounts if a.currency), PLAY)
    values = [a.value for a in amounts]
    if len(values) == 1:
        return values[0], None, 0, currency
    if len(values) == 2:
        return values[0], None, values[1], currency
    if len(values) == 3:
        return values[0], values[1], values[2], currency
    return None


def finish_line(text: str, player: str) -> tuple[int, Amount | None] | None:
    """A FINISHED notice: (place, prize or None)."""
    rest = text.removeprefix(player)
    match = _FINISHED.search(rest)
    if match:
        return int(match["place"]), _maybe(match["prize"])
    match = _WON.search(rest)
    if match:
        return 1, _maybe(match["prize"])
    return None


def bounty_line(text: str) -> Amount | None:
    """A BOUNTY notice: the bounty won, or None."""
    match = _BOUNTY.search(text)
    return _maybe(match["amount"]) if match else None


def _maybe(text: str | None) -> Amount | None:
    if text is None:
        return None
    try:
        return amount(text)
    except AmountError:
        return None


@dataclass(slots=True)
class _Draft:
    """The summary being read: its fields as found so far."""

    tid: str
    line: int
    fields: dict = field(default_factory=dict)
    placings: list[Placing] = field(default_factory=list)
    you: int | None = None


def read_summary(text: str, file: str, first_line: int = 1) -> tuple[list[TournamentSummary], list[Finding]]:
    """Every tournament of a summary file's text, and a finding (HH008) for each line it could not read."""
    summaries: list[TournamentSummary] = []
    findings: list[Finding] = []
    hero: str | None = None
    draft: _Draft | None = None

    def bad(number: int, line: str, why: str) -> None:
        findings.append(
            finding(
                "HH008",
                f"tournament summary line not understood ({why}): expected a buy-in, players, prize pool, "
                f"finishing-order or finish line",
                file,
                number,
                len(line) - len(line.lstrip()) + 1,
                actual=line.strip()[:200],
            )
        )

    for number, raw in enumerate(text.lstrip("\ufeff").splitlines(), start=first_line):
        line = raw.strip()
        if not line:
            continue
        header = _HEADER.fullmatch(line)
        if header:
            if draft is not None:
                summaries.append(_finish(draft, hero, file))
            draft = _Draft(header["tid"], number)
            continue
        requested = _REQUESTED.fullmatch(line)
        if requested:
            hero = requested["name"]
            continue
        if draft is None:
            bad(number, raw, "before any `PokerStars Tournament #` line")
            continue
        try:
            if not _read_line(draft, line):
                if number == draft.line + 1 and ":" not in line:
                    draft.fields["name"] = line  # `Super Satellite`: the line after the header names the event
                else:
                    bad(number, raw, "no line of a summary reads so")
        except AmountError as exc:
            bad(number, raw, str(exc))
    if draft is not None:
        summaries.append(_finish(draft, hero, file))
    return summaries, findings


def _read_line(draft: _Draft, line: str) -> bool:
    """Fill `draft` from one line; False when the line is of no known kind."""
    fields = draft.fields
    match = _BUY_IN.fullmatch(line)
    if match:
        parts = [amount(p, match["code"]) for p in match["parts"].split("/")]
        if len(parts) > 3:
            raise AmountError(f"{len(parts)} amounts in a buy-in, expected 1 to 3")
        fields["currency"] = next((p.currency for p in parts if p.currency), PLAY)
        values = [p.value for p in parts]
        fields["buy_in"], fields["fee"] = values[0], values[-1] if len(values) > 1 else 0
        fields["bounty"] = values[1] if len(values) == 3 else None
        return True
    match = _PLAYERS.fullmatch(line)
    if match:
        fields["entrants"] = int(match["n"].replace(",", ""))
        return True
    match = _POOL.fullmatch(line)
    if match:
        if match["pool"]:
            fields["prize_pool"] = amount(match["pool"], match["code"] or fields.get("currency")).value
        return True
    match = _STARTED.fullmatch(line)
    if match:
        if match["what"] == "started":
            fields["started"] = match["when"]
        return True
    match = _PLACING.fullmatch(line)
    if match:
        rest = match["rest"].strip()
        prize = award = None
        if rest and rest != "still playing":
            won = _PRIZE.fullmatch(rest)
            if won:
                prize = amount(won["prize"], fields.get("currency")).value
            else:
                award = rest  # `Tournament Ticket (WSOP Step 1)`: a prize whose value is not printed
        draft.placings.append(Placing(int(match["place"]), match["name"], prize, rest == "still playing", award))
        return True
    match = _YOU.fullmatch(line)
    if match:
        draft.you = int(match["place"])
        return True
    match = _REBUYS.fullmatch(line)
    if match:
        fields["rebuys"] = amount(match["amount"], match["code"]).value
        return True
    match = _BOUNTIES.fullmatch(line)
    if match:
        fields["bounties_won"] = amount(match["amount"], match["code"]).value
        return True
    return bool(_ADDED.fullmatch(line) or _TARGET.fullmatch(line) or _KNOWN.fullmatch(line))


def _finish(draft: _Draft, requested_by: str | None, file: str) -> TournamentSummary:
    """The summary of a draft: the hero is the player placed where `You finished` says, else the one who
    requested the history; the hero's finish and prize from the finishing order."""
    fields = {k: v for k, v in draft.fields.items() if k != "name"}
    hero = requested_by
    if draft.you is not None:
        at = [p.player for p in draft.placings if p.place == draft.you]
        hero = at[0] if len(at) == 1 else hero
    summary = TournamentSummary(SITE, draft.tid, file, draft.line, placings=tuple(draft.placings), **fields)
    return with_hero(summary, hero, draft.you)


# what the site's Dialect names as its `tournaments` reader
READER = TournamentReader(read_summary, entry_fee, finish_line, bounty_line, amount)
