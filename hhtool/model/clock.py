"""When a hand started, in UTC: the export's `date` column, and the day a rake schedule is in force.

A site prints a local time with its zone and, on some sites, the server's reference time beside it
(the most reliable one). Which zones a site prints, and its reference zone, are its dialect's
conventions (hhtool.dialects.started_utc passes them here). Kept in the model because both the export
and the rules ask it.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

_ZONE_CACHE: dict[str, ZoneInfo] = {}
# IANA zone → the top of the local hour last converted, when the zone gives all that hour one UTC offset, and
# that instant in UTC: a time in that hour is then the UTC anchor plus its distance from the local one (two
# datetime operators, no replace/astimezone call). A session's hands share an hour or a few.
_ANCHORS: dict[str, tuple[datetime, datetime]] = {}
_ZERO = timedelta(0)
_HOUR = timedelta(hours=1)
_LAST_INSTANT = timedelta(minutes=59, seconds=59, microseconds=999999)  # from the top of an hour


def to_utc(
    local: datetime | None,
    zone: str | None,
    reference: datetime | None,
    zones: Mapping[str, str],
    reference_zone: str | None,
) -> datetime | None:
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
    if local.tzinfo is None and not local.fold:
        anchor = _ANCHORS.get(iana)
        if anchor is not None:
            since = local - anchor[0]
            if _ZERO <= since < _HOUR:
                return anchor[1] + since
        top = local.replace(minute=0, second=0, microsecond=0)
        offset = _hour_offset(top, tz)
        if offset is not None:  # else the zone changes its offset within this hour: converted on its own
            top_utc = (top - offset).replace(tzinfo=UTC)  # what astimezone(timezone.utc) gives
            _ANCHORS[iana] = (top, top_utc)
            return top_utc + (local - top)
    return local.replace(tzinfo=tz).astimezone(UTC)


def _hour_offset(top: datetime, tz: ZoneInfo) -> timedelta | None:
    """The UTC offset of every local time in the hour from `top` (naive, fold 0), when the zone gives the
    first and the last instant of that hour the same offset (an offset changes at most once in an hour, so
    it is then the offset of all of it, gaps and repeated times read as astimezone reads them, fold 0);
    None otherwise."""
    first = top.replace(tzinfo=tz)
    offset = first.utcoffset()
    return offset if offset is not None and offset == (first + _LAST_INSTANT).utcoffset() else None
