"""When a hand started, in UTC: the export's `date` column, and the day a rake schedule is in force.

A site prints a local time with its zone and, on some sites, the server's reference time beside it
(the most reliable one). Which zones a site prints, and its reference zone, are its dialect's
conventions (hhtool.dialects.started_utc passes them here). Kept in the model because both the export
and the rules ask it.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timezone
from zoneinfo import ZoneInfo

_ZONE_CACHE: dict[str, ZoneInfo] = {}


def to_utc(local: datetime | None, zone: str | None, reference: datetime | None,
           zones: Mapping[str, str], reference_zone: str | None) -> datetime | None:
    """UTC from the reference time when printed (the most reliable), else from the local time and its
    zone; `zones` maps the zone names a site prints to IANA zones."""
    if reference is not None and reference_zone is not None:
        local, zone = reference, reference_zone
    if local is None or zone is None:
        return None
    iana = zones.get(zone)
    if iana is None:
        return None
    tz = _ZONE_CACHE.get(iana)
    if tz is None:
        tz = _ZONE_CACHE[iana] = ZoneInfo(iana)
    return local.replace(tzinfo=tz).astimezone(timezone.utc)
