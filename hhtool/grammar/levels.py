"""A tournament hand written at a level change: its header prints the new level while the blinds were posted
at the previous one (888's `$200/$400 Blinds` over posts of 150 and 300, SITE-BEHAVIOURS 888-7; GGPoker 2020's
first hand of each level, `Level3 (80/160)` over posts of 60 and 120). A site's reader that knows its client
does so takes the level every blind posted in full agrees on, with one warning (HH107), so that the replay
judges the bets against the blinds really in force; any other difference stays the replay's (HH103)."""

from __future__ import annotations

import msgspec

from hhtool.codes import HH107, finding, message
from hhtool.grammar.result import ParseResult
from hhtool.model import BlindKind, Hand, Limit, PostBlind


def level_of_posts(hand: Hand) -> tuple[int, int] | None:
    """The blinds every post not all-in agrees on, when both are below the header's; None when the posts fit
    the header, disagree among themselves, or one of the two blinds is not posted in full."""
    header = hand.header
    smalls: set[int] = set()
    bigs: set[int] = set()
    for event in hand.events:
        if type(event) is PostBlind and not event.all_in:
            if event.blind is BlindKind.SMALL:
                smalls.add(event.amount)
            elif event.blind is BlindKind.BIG:
                bigs.add(event.amount)
    if len(smalls) != 1 or len(bigs) != 1:
        return None
    small, big = smalls.pop(), bigs.pop()
    if small == header.small_blind or big == header.big_blind or not 0 < small < big < header.big_blind:
        return None
    return small, big


def with_posted_level(result: ParseResult, line: int) -> ParseResult:
    """`result` with its tournament hand at the posts' level and one HH107 at `line` (the header's stakes),
    when `level_of_posts` finds one; else `result` as it is."""
    hand = result.hand
    if hand is None or hand.header.tournament_id is None:
        return result
    level = level_of_posts(hand)
    if level is None:
        return result
    header = hand.header
    small, big = level
    printed = f"{header.small_blind}/{header.big_blind}"
    said = finding(
        HH107,
        message(HH107, header=printed, posts=f"{small}/{big}"),
        result.file,
        line,
        hand_id=result.hand_id,
        expected=printed,
        actual=f"{small}/{big}",
    )
    fixed = header.limit is Limit.FIXED_LIMIT
    hand = msgspec.structs.replace(
        hand,
        header=msgspec.structs.replace(
            header, small_blind=small, big_blind=big, small_bet=big, big_bet=2 * big if fixed else big
        ),
    )
    return ParseResult(
        result.status, result.file, result.line, result.site, result.hand_id, hand, result.findings + (said,)
    )
