"""PokerStars' conventions as data: the zones it prints after a time, the position names of its
summary, and how a fast-fold (Zoom) hand is told apart. Only the standard library is imported here:
the registry reads this module when the splitter first asks it."""

from __future__ import annotations

from datetime import date

# Zones PokerStars prints after the local time, as IANA zones (ET is the server's reference; the client
# prints the ET time in brackets after the local one, and that one is the most reliable).
ZONES = {
    "ET": "America/New_York",
    "EDT": "America/New_York",
    "EST": "America/New_York",
    "CET": "Europe/Paris",
    "CEST": "Europe/Paris",
    "WET": "Europe/Lisbon",
    "WEST": "Europe/Lisbon",
    "EET": "Europe/Helsinki",
    "EEST": "Europe/Helsinki",
    "MSK": "Europe/Moscow",
    "GMT": "Etc/UTC",
    "UTC": "Etc/UTC",
    "BST": "Europe/London",
    "PT": "America/Los_Angeles",
    "CT": "America/Chicago",
    "MT": "America/Denver",
    "AT": "America/Halifax",
    "NT": "America/St_Johns",
    "AEST": "Australia/Sydney",
    "AWST": "Australia/Perth",
    "NZT": "Pacific/Auckland",
    "IST": "Asia/Kolkata",
    "JST": "Asia/Tokyo",
    "CCT": "Asia/Shanghai",
    "BRT": "America/Sao_Paulo",
    "ART": "America/Argentina/Buenos_Aires",
}

# The position names a summary seat line prints in brackets after the player's name, each with the
# seat position it names in the dataset (None: "button blind" is a blind the button posts, no position).
POSITIONS = {"button": "button", "small blind": "small blind", "big blind": "big blind", "button blind": None}


def is_fast_fold(header) -> bool:
    """A Zoom hand (cash or tournament): players move to a new table every hand, nothing chains."""
    return bool(header.fast_fold)


# PS-3: from 1 July 2021 PokerStars takes 25 % more rake on the share a player based in Germany wins (its blog,
# "Changes for players in Germany"): the split check (`Conventions.rake_surcharge`) and the audit's schedule
# (`rake.GERMANY`) read it from here
GERMANY_SURCHARGE_FROM = date(2021, 7, 1)
GERMANY_SURCHARGE_PERCENT = 25
