"""The site a hand was written at, as the rules layer receives it (`hhtool.model.conventions.Site`).

The replay and the settlement never ask the registry: whoever replays a hand (the pipeline, `hhtool show`,
a writer) knows its dialect and passes `hand_site(hand)` down. The registry keeps one `Site` per site and
convention set (`Registry.site_of`), cleared with its other views when a dialect is registered.
"""

from __future__ import annotations

from hhtool import dialects
from hhtool.model import Hand
from hhtool.model.conventions import Site


def hand_site(hand: Hand) -> Site:
    """The conventions `hand` was written under and its site's wording of a hand."""
    header = hand.header
    return dialects.site_of(header.site, hand.conventions_variant, header.time)
