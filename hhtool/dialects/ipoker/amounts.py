"""iPoker amounts as printed, in minor units: the number format differs by skin, and one rule reads them
all (checked on every amount of the corpus's iPoker files).

`$1,295`, `£0.05`, `RSD45.70`, `€12.50` (a euro sign that was cp1252's `\\x80`), `10,515` chips, `1 480`
chips (a space between thousands), `1.500` chips and `€0,50` (iPoker.it: `.` between thousands, `,` before
decimals). A separator followed by exactly three digits separates thousands; one followed by one or two
digits at the end of the number is the decimal mark; anything else is not an amount (HH012). The currency
mark, before or after the number, is whatever is not a digit there (`$`, `€`, `£`, `RSD`).
"""

from __future__ import annotations

import functools
import re

from hhtool.grammar.fields import FieldError
from hhtool.grammar.fields import money as read_money

_PARTS = re.compile(r"(?P<mark>[^\d-]*)(?P<number>-?\d[\d.,  ]*?)(?P<after>[^\d]*)\Z")
_GROUPED = re.compile(r"-?\d{1,3}(?:(?P<sep>[., ])\d{3})(?:(?P=sep)\d{3})*\Z")
_DECIMAL = re.compile(
    r"(?P<whole>-?\d{1,3}(?:(?P<sep>[., ])\d{3})*(?:(?P=sep)\d{3})*|-?\d+)(?P<point>[.,])(?P<fraction>\d{1,2})\Z"
)


@functools.lru_cache(maxsize=8192)
def plain_number(text: str) -> str | None:
    """The number of an amount as hhtool.model.money reads it (`1234.5`), or None when it is not one."""
    parts = _PARTS.match(text.strip())
    if parts is None:
        return None
    number = parts["number"].replace("\u00a0", " ")
    if number.isdigit() or (number.startswith("-") and number[1:].isdigit()):
        return number
    if _GROUPED.match(number):
        return re.sub(r"[., ]", "", number)
    decimal = _DECIMAL.match(number)
    if decimal is None or (decimal["sep"] is not None and decimal["sep"] == decimal["point"]):
        return None
    return re.sub(r"[., ]", "", decimal["whole"]) + "." + decimal["fraction"]


def amount(text: str, scale: int, line: int, what: str) -> int:
    """An amount in minor units of `scale`; HH012 (not an amount, or more decimals than the currency has)
    or HH013 (beyond hhtool's limits), naming `what` was read."""
    number = plain_number(text)
    if number is None:
        raise FieldError(
            "HH012",
            f"{what}: not an amount: {text[:40]!r}",
            line,
            expected="an amount such as $1,234.50, 1 480 or €0,50",
            actual=text[:80],
        )
    return read_money(number, scale, line)
