"""Tournament results (`hhtool stats --tournaments`): one row per event, as a tracker lists them —
buy-in, fee, finish, prize, net — and per currency the totals with the ROI. Chips are never added up:
a tournament's result is money (or points) won less money paid, its chips only its own.

Sources, per tournament (site and tournament id):

- a summary file (read by the results reader its site's Dialect declares, `Dialect.tournaments`): buy-in, fee, bounty part, entrants,
  prize pool, the finishing order and the hero's place and prize. Used whenever there is one
  (`source` = `summary`); the hands then add their count and the bounties won if the summary has none.
- the tournament's hands (`source` = `hands`): the header's buy-in (`$4.60+$0.40 USD`), the hero's
  `finished the tournament in 2nd place and received $x` / `wins the tournament and receives $x` line
  and `wins the $0.25 bounty` lines, re-buys paid; entrants are not known from hands.

The hero: the `--hero` names (aliases); else the player a summary was written for (`You finished in
38th place`, `requested by`), or the one player dealt cards in the tournament's hands (`Dealt to`).

Definitions: cost = entries × (buy-in + bounty part + fee) + re-buys and add-ons paid (a re-entry,
`name [2]` in a summary, is an entry); net = prize + bounties won − cost, known once the hero's finish and
prize are (a hero still playing, whose hands stop before a finish line, or whose prize is an
award of no printed value — a ticket — has no result and counts in no total);
ROI % = Σ net ÷ Σ cost × 100 over the tournaments with a result, per currency (none when they cost 0);
ITM = tournaments with a prize.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction

from hhtool import dialects
from hhtool.codes import finding
from hhtool.dialects import sidecar_of
from hhtool.findings import Finding
from hhtool.grammar import parse_block
from hhtool.io import expand_paths, read_blocks
from hhtool.io.paths import display_name, path_finding
from hhtool.model.events import DealHole, Notice, NoticeKind, Rebuy
from hhtool.model.tournament import TournamentReader, TournamentSummary, entries, with_hero
from hhtool.stats.people import Hero


def reader_of(site: str) -> TournamentReader | None:
    """The results reader `site`'s dialect declares (`Dialect.tournaments`), or None when it has none."""
    dialect = dialects.by_site(site)
    return dialect.load("tournaments") if dialect is not None else None


@dataclass(frozen=True, slots=True)
class TournamentResult:
    site: str
    tournament_id: str
    source: str  # summary | hands
    currency: str | None
    buy_in: int | None
    bounty: int | None  # the knock-out part of one entry
    fee: int | None
    entries: int
    rebuys: int  # re-buys and add-ons paid
    cost: int | None
    entrants: int | None
    hero: str | None
    finish: int | None
    prize: int | None
    bounties_won: int | None
    net: int | None
    hands: int  # the hero's hands of this tournament read


COLUMNS = {
    "site": "site dialect",
    "tournament_id": "the site's tournament number",
    "source": "summary (a summary file) or hands (the tournament's hands only)",
    "currency": "ISO code, FPP/SC points, or chips (play money)",
    "buy_in": "buy-in to the prize pool, one entry, minor units",
    "bounty": "knock-out bounty part of one entry, minor units (none when not a bounty event)",
    "fee": "the site's fee, one entry, minor units",
    "entries": "the hero's entries (re-entries count)",
    "rebuys": "re-buys and add-ons paid, minor units",
    "cost": "entries × (buy_in + bounty + fee) + rebuys",
    "entrants": "players in the event (summary only)",
    "hero": "the player whose results these are",
    "finish": "the hero's place (none when unknown: still playing, or no finish line)",
    "prize": "what the hero's finish paid (0 out of the money; none for an award of no printed value, a ticket)",
    "bounties_won": "bounties the hero won",
    "net": "prize + bounties_won − cost (none without a finish, or when the prize is an award of no printed value)",
    "hands": "the hero's hands of this tournament read",
}
TOTALS = {
    "currency": "every tournament of one currency (money never added across currencies)",
    "tournaments": "tournaments listed",
    "with_result": "of those, with a result: finish and prize known (the ones the sums below count)",
    "itm": "with a prize (in the money)",
    "cost": "Σ cost",
    "prize": "Σ prize + bounties won",
    "net": "Σ net",
    "roi_pct": "Σ net ÷ Σ cost × 100 (none when Σ cost is 0)",
}


@dataclass(slots=True)
class _Track:
    """What the hands of one tournament said, gathered hand by hand."""

    buy_in_text: str | None = None
    currency: str | None = None
    dealt: Counter = field(default_factory=Counter)
    finishes: dict = field(default_factory=dict)  # player -> (place, Amount | None)
    bounties: Counter = field(default_factory=Counter)  # player -> minor units
    rebuys: Counter = field(default_factory=Counter)
    hands_of: Counter = field(default_factory=Counter)  # player -> hands dealt in


@dataclass(slots=True)
class Gathered:
    summaries: dict = field(default_factory=dict)  # (site, tid) -> TournamentSummary
    tracks: dict = field(default_factory=dict)  # (site, tid) -> _Track
    findings: list[Finding] = field(default_factory=list)
    files: int = 0


def gather(paths: Iterable[str | os.PathLike]) -> Gathered:
    """Read hand histories and summary files: each tournament's summary and what its hands say."""
    out = Gathered()
    for path, problem in expand_paths(paths):
        out.files += 1
        if problem is not None:
            out.findings.append(path_finding(path, problem))
            continue
        for block in read_blocks(path, display_name(path)):
            if isinstance(block, Finding):
                out.findings.append(block)
            elif block.dialect is None:
                _summary_block(block, out)
            else:
                _hand_block(block, out)
    return out


def _summary_block(block, out: Gathered) -> None:
    if block.line != 1:
        return
    dialect = sidecar_of(block.text.split("\n", 1)[0][:200])
    reader = reader_of(dialect.site_name) if dialect is not None else None
    if reader is None:
        return
    summaries, findings = reader.read_summary(block.text, block.file, block.line)
    out.findings.extend(findings)
    for summary in summaries:
        out.summaries.setdefault((summary.site, summary.tournament_id), summary)


def _hand_block(block, out: Gathered) -> None:
    try:
        result = parse_block(block)
    except Exception as exc:  # noqa: BLE001 - a bug in hhtool is a finding, the run goes on
        out.findings.append(finding("HH099", f"internal error: {type(exc).__name__}: {exc}", block.file, block.line))
        return
    hand = result.hand
    if hand is None or hand.header.tournament_id is None:
        return
    header = hand.header
    track = out.tracks.setdefault((header.site, header.tournament_id), _Track())
    track.buy_in_text = track.buy_in_text or header.buy_in
    reader = reader_of(header.site)
    for seat in hand.seats:
        if not seat.sitting_out and not seat.out_of_hand:
            track.hands_of[seat.player] += 1
    for event in hand.events:
        if isinstance(event, DealHole):
            track.dealt[event.player] += 1
        elif isinstance(event, Notice) and reader is not None and event.player is not None:
            if event.kind is NoticeKind.FINISHED:
                place = reader.finish_line(event.text, event.player)
                if place is not None:
                    track.finishes[event.player] = place
            elif event.kind is NoticeKind.BOUNTY:
                won = reader.bounty_line(event.text)
                if won is not None:
                    track.bounties[event.player] += won.value
        elif isinstance(event, Rebuy) and reader is not None:
            try:
                track.rebuys[event.player] += reader.amount(event.paid).value
            except ValueError:
                pass  # a re-buy paid in what this site's amounts do not read: left out of the cost


def _hero_of(names: Iterable[str], hero: Hero) -> str | None:
    """The hero among `names`: the first `--hero` name present; None when none is."""
    present = set(names)
    return next((name for name in hero.names if name in present), None)


def results(gathered: Gathered, hero: Hero | None = None) -> list[TournamentResult]:
    """One result per tournament, summary first, hands else; ordered by site and tournament number."""
    hero = hero or Hero()
    rows = []
    for key in sorted(set(gathered.summaries) | set(gathered.tracks), key=_order):
        summary = gathered.summaries.get(key)
        track = gathered.tracks.get(key, _Track())
        reader = reader_of(key[0])
        if summary is not None and reader is not None:
            rows.append(_from_summary(summary, track, hero, reader))
        else:
            rows.append(_from_hands(key, track, hero, reader))
    return rows


def _from_summary(summary: TournamentSummary, track: _Track, hero: Hero, reader) -> TournamentResult:
    if hero.names:  # the named hero's results, or none: another player's summary is not the hero's
        named = _hero_of([p.player for p in summary.placings] + list(track.hands_of), hero)
        if named != summary.hero:
            summary = with_hero(summary, named, None)
    player = summary.hero
    bounties = summary.bounties_won
    if bounties is None and player in track.bounties:
        bounties = track.bounties[player]
    rebuys = summary.rebuys if summary.rebuys is not None else track.rebuys.get(player, 0)
    return _result(
        summary.site,
        summary.tournament_id,
        "summary",
        summary.currency,
        (summary.buy_in, summary.bounty, summary.fee),
        entries(summary),
        rebuys,
        summary.entrants,
        player,
        summary.finish,
        summary.prize,
        bounties,
        track.hands_of.get(player, 0) if player else 0,
    )


def _from_hands(key: tuple[str, str], track: _Track, hero: Hero, reader) -> TournamentResult:
    player = _hero_of(track.hands_of, hero) if hero.names else None
    if player is None and not hero.names and len(track.dealt) == 1:
        player = next(iter(track.dealt))
    fee = reader.entry_fee(track.buy_in_text) if reader is not None else None
    buy_in, bounty, site_fee, currency = fee if fee is not None else (None, None, None, None)
    place = track.finishes.get(player) if player else None
    finish, prize = (place[0], place[1]) if place else (None, None)
    if prize is not None and currency is None:
        currency = prize.currency
    bounties = track.bounties.get(player) if player else None
    return _result(
        key[0],
        key[1],
        "hands",
        currency,
        (buy_in, bounty, site_fee),
        1,
        track.rebuys.get(player, 0) if player else 0,
        None,
        player,
        finish,
        (prize.value if prize is not None else 0) if finish is not None else None,
        bounties,
        track.hands_of.get(player, 0) if player else 0,
    )


def _result(
    site, tid, source, currency, entry, entries, rebuys, entrants, player, finish, prize, bounties, hands
) -> TournamentResult:
    buy_in, bounty, fee = entry
    cost = None if buy_in is None else entries * (buy_in + (bounty or 0) + (fee or 0)) + (rebuys or 0)
    net = None
    if finish is not None and cost is not None and prize is not None:
        net = prize + (bounties or 0) - cost
    return TournamentResult(
        site, tid, source, currency, buy_in, bounty, fee, entries, rebuys or 0, cost, entrants, player, finish,
        prize, bounties, net, hands,
    )  # fmt: skip


def _order(key: tuple[str, str]) -> tuple:
    site, tid = key
    return (site, 0, int(tid), tid) if tid.isdigit() else (site, 1, 0, tid)


@dataclass(frozen=True, slots=True)
class Total:
    currency: str
    tournaments: int
    with_result: int
    itm: int
    cost: int
    prize: int
    net: int
    roi_pct: float | None


def totals(rows: Iterable[TournamentResult]) -> list[Total]:
    """Per currency (never across): the sums over the tournaments with a result, and the ROI."""
    by: dict[str, list[TournamentResult]] = {}
    for row in rows:
        by.setdefault(row.currency or "?", []).append(row)
    out = []
    for currency in sorted(by):
        group = by[currency]
        done = [r for r in group if r.net is not None]
        cost = sum(r.cost or 0 for r in done)
        net = sum(r.net or 0 for r in done)
        roi = float(round(Fraction(net * 100, cost), 2)) if cost else None
        out.append(
            Total(
                currency,
                len(group),
                len(done),
                sum(1 for r in done if (r.prize or 0) > 0),
                cost,
                sum((r.prize or 0) + (r.bounties_won or 0) for r in done),
                net,
                roi,
            )
        )
    return out


def tournament_results(paths: Iterable[str | os.PathLike], hero: Hero | None = None):
    """The results, totals and findings of hand histories and summary files."""
    gathered = gather(paths)
    rows = results(gathered, hero)
    return rows, totals(rows), gathered.findings
