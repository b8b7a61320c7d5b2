"""The site a hand was written at, as the rules layer receives it (`hhtool.model.conventions.Site`).

The replay and the settlement never ask the registry: whoever replays a hand (the pipeline, `hhtool show`,
a writer) knows its dialect and passes `hand_site(hand)` down. The registry keeps one `Site` per site and
convention set (`Registry.site_of`), cleared with its other views when a dialect is registered.

Compiled (`hhtool.compiled.HOT_PATH`): it is asked for every hand. The registry's `site_of` is four calls of
plain Python a hand; here a hand's site is a look-up in the registry's `dated_sites` and a comparison of
its date with the site's era (the same answer: tests/test_registry.py).
"""

from __future__ import annotations

from typing import Final

from hhtool import dialects
from hhtool.model import Hand
from hhtool.model.conventions import Site

_DATED: Final = dialects.dated_sites()  # (the registry's one dict: cleared in place, never replaced)


def hand_site(hand: Hand) -> Site:
    """The conventions `hand` was written under and its site's wording of a hand."""
    header = hand.header
    dated = _DATED.get((header.site, hand.conventions_variant))
    if dated is None:
        dated = dialects.dated_site(header.site, hand.conventions_variant)
    played = header.time
    for until, site in dated:
        if until is None or (played is not None and played.replace(tzinfo=None) < until):
            return site
    return dated[-1][1]  # (not reached: the last pair's until is None)
