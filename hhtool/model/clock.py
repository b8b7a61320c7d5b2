"""When a hand started, in UTC: the export's `date` column, and the day a rake schedule is in force.

A site prints a local time with its zone and, on some sites, the server's reference time beside it
(the most reliable one). Which zones a site prints, and its reference zone, are its dialect's
conventions (hhtool.dialects.started_utc passes them here). Kept in the model because both the export
and the rules ask it.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

_ZONE_CACHE: dict[str, ZoneInfo] = {}
# (IANA zone, year, month, day, hour) of a local time → its UTC offset, for an hour in which the offset is one
# (no transition inside it); a session's hands share a few hours. Cleared when full.
_HOUR_OFFSETS: dict[tuple[str, int, int, int, int], timedelta] = {}
_HOUR_OFFSETS_SIZE = 1 << 12
_LAST_INSTANT = timedelta(minutes=59, seconds=59, microseconds=999999)  # from the top of an hour


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
    if local.tzinfo is not None or local.fold:
        return local.replace(tzinfo=tz).astimezone(timezone.utc)
    key = (iana, local.year, local.month, local.day, local.hour)
    offset = _HOUR_OFFSETS.get(key)
    if offset is None:
        offset = _hour_offset(local, tz)
        if offset is None:  # the zone changes its offset within this hour: every time is converted on its own
            return local.replace(tzinfo=tz).astimezone(timezone.utc)
        if len(_HOUR_OFFSETS) >= _HOUR_OFFSETS_SIZE:
            _HOUR_OFFSETS.clear()
        _HOUR_OFFSETS[key] = offset
    return (local - offset).replace(tzinfo=timezone.utc)  # what astimezone(timezone.utc) computes with it


def _hour_offset(local: datetime, tz: ZoneInfo) -> timedelta | None:
    """The UTC offset of every local time in `local`'s hour, when the zone gives the first and the last
    instant of that hour the same offset (an offset changes at most once in an hour, so it is then the
    offset of all of it, gaps and repeated times read as astimezone reads them, fold 0); None otherwise."""
    top = local.replace(minute=0, second=0, microsecond=0, tzinfo=tz)
    first, last = top.utcoffset(), (top + _LAST_INSTANT).utcoffset()
    return first if first is not None and first == last else None
