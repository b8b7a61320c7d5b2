"""Plain-data views of model objects for JSON output (ints stay ints: minor units)."""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from datetime import datetime
from enum import Enum

from hhtool.grammar import ParseResult
from hhtool.model import Hand


def plain(value):
    """Dataclasses → dicts (events get a `type`), tuples → lists, enums → values, datetimes → ISO."""
    if is_dataclass(value):
        return {f.name: plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, (tuple, list)):
        return [plain(v) for v in value]
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, datetime):
        return value.isoformat()
    return value


def event_dict(event) -> dict:
    out = {"type": type(event).__name__}
    for f in fields(event):
        out[f.name] = plain(getattr(event, f.name))
    return out


def hand_dict(hand: Hand) -> dict:
    return {
        "header": plain(hand.header),
        "seats": plain(hand.seats),
        "events": [event_dict(e) for e in hand.events],
        "claims": plain(hand.claims),
    }


def parse_result_dict(result: ParseResult) -> dict:
    out = {
        "hand_id": result.hand_id,
        "site": result.site,
        "file": result.file,
        "line": result.line,
        "status": result.status.value,
        "findings": [f.as_dict() for f in result.findings],
    }
    if result.hand is not None:
        out.update(hand_dict(result.hand))
    return out
