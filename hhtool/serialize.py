"""Plain-data views of model objects for JSON output (ints stay ints: minor units)."""

from __future__ import annotations

import msgspec

from hhtool.grammar import ParseResult


def _encode_other(value: object) -> object:
    """What msgspec cannot encode itself: a str subclass (a finding code, hhtool.codes.Code) is its string."""
    if isinstance(value, str):
        return str(value)
    raise NotImplementedError(f"cannot encode {type(value).__name__}")


_encoder = msgspec.json.Encoder(enc_hook=_encode_other)


def plain(value):
    """Records → dicts (events carry their `type`), tuples → lists, enums → values, datetimes → ISO."""
    return msgspec.to_builtins(value)


def parse_result_dict(result: ParseResult) -> dict:
    """A hand's `parse` jsonl object: the parsed records are null when the hand was not parsed."""
    out = {
        "hand_id": result.hand_id,
        "site": result.site,
        "file": result.file,
        "line": result.line,
        "status": result.status.value,
        "findings": [f.as_dict() for f in result.findings],
        "header": None,
        "seats": None,
        "events": None,
        "claims": None,  # every key on every hand
    }
    if result.hand is not None:
        hand = result.hand
        out.update(
            header=plain(hand.header), seats=plain(hand.seats), events=plain(hand.events), claims=plain(hand.claims)
        )
    return out


def to_json_line(data) -> bytes:
    return _encoder.encode(data) + b"\n"
