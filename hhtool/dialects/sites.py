"""The site a hand was written at, as the rules layer receives it (`hhtool.model.conventions.Site`).

The replay and the settlement never ask the registry: whoever replays a hand (the pipeline, `hhtool show`,
a writer) knows its dialect and passes `hand_site(hand)` down. One `Site` is made per site and convention set
(its era's or variant's, `hand_conventions`) and shared by its hands; the registry's version clears them.
"""

from __future__ import annotations

from hhtool import dialects
from hhtool.model import Hand
from hhtool.model.conventions import Site


def hand_site(hand: Hand) -> Site:
    """The conventions `hand` was written under and its site's wording of a hand."""
    header = hand.header
    conventions = dialects.hand_conventions(header.site, hand.conventions_variant, header.time)
    version = dialects.version()
    if _VERSION[0] != version:
        _SITES.clear()
        _VERSION[0] = version
    key = (header.site, id(conventions))
    found = _SITES.get(key)
    if found is None or found.conventions is not conventions:  # (an id is unique only while its object lives)
        found = _SITES[key] = Site(
            conventions, dialects.wording(header.site), dialects.description_against(header.site)
        )
    return found


_SITES: dict[tuple[str, int], Site] = {}
_VERSION = [-1]
