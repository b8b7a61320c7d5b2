"""When a hand started, in UTC: the export's `date` column, and the day a rake schedule is in force.

PokerStars prints a local time with its zone and, mostly, the server's ET time beside it; the ET one
is the most reliable. Kept in the model because both the export and the rules ask it.
"""

from __future__ import annotations

from datetime import datetime, timezone
from zoneinfo import ZoneInfo

# Zones PokerStars prints after the local time, as IANA zones (ET is the server's reference).
ZONES = {
    "ET": "America/New_York", "EDT": "America/New_York", "EST": "America/New_York",
    "CET": "Europe/Paris", "CEST": "Europe/Paris", "WET": "Europe/Lisbon", "WEST": "Europe/Lisbon",
    "EET": "Europe/Helsinki", "EEST": "Europe/Helsinki", "MSK": "Europe/Moscow", "GMT": "Etc/UTC",
    "UTC": "Etc/UTC", "BST": "Europe/London", "PT": "America/Los_Angeles", "CT": "America/Chicago",
    "MT": "America/Denver", "AT": "America/Halifax", "NT": "America/St_Johns", "AEST": "Australia/Sydney",
    "AWST": "Australia/Perth", "NZT": "Pacific/Auckland", "IST": "Asia/Kolkata", "JST": "Asia/Tokyo",
    "CCT": "Asia/Shanghai", "BRT": "America/Sao_Paulo", "ART": "America/Argentina/Buenos_Aires",
}
_ZONE_CACHE: dict[str, ZoneInfo] = {}


def to_utc(local: datetime | None, zone: str | None, time_et: datetime | None) -> datetime | None:
    """UTC from the ET time when printed (the most reliable), else from the local time and its zone."""
    if time_et is not None:
        local, zone = time_et, "ET"
    if local is None or zone is None or zone not in ZONES:
        return None
    tz = _ZONE_CACHE.get(zone)
    if tz is None:
        tz = _ZONE_CACHE[zone] = ZoneInfo(ZONES[zone])
    return local.replace(tzinfo=tz).astimezone(timezone.utc)
