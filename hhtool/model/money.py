"""Money as integers in minor units, parsed with Decimal (never float)."""

from __future__ import annotations

import functools
import re
from decimal import Decimal, InvalidOperation

CURRENCY_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP", "₹": "INR", "¥": "CNY", "\x80": "EUR"}
CURRENCY_CODES = frozenset({"USD", "EUR", "GBP", "INR", "CNY", "CAD", "SEK", "CHF"})
_STRIP = str.maketrans("", "", "$€£₹¥\x80,")
# what a client prints once the symbol and thousands commas are gone: ASCII digits, a decimal point,
# at most a leading minus (Decimal alone would also take `1e1`, `1_0`, `+10` and full-width digits)
_PRINTED = re.compile(r"-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)\Z")


class MoneyError(ValueError):
    """An amount that cannot be read exactly in the hand's minor units."""


@functools.lru_cache(maxsize=65536)
def to_minor(text: str, scale: int) -> int:
    """Read `$1,234.50` as an int of minor units (`scale` of them per major unit).

    Raises MoneyError when the text is not a number or has more precision than
    the scale keeps: rounding would silently change the hand. Cached: a file repeats
    the same few amounts (blinds, antes) thousands of times.
    """
    plain = text.translate(_STRIP)
    # the usual shapes, `1234` and `12.5`/`12.50` in cents, read as ints; anything else (signs, exponents,
    # more decimals, odd digits) goes through Decimal below, which decides exactly as before
    whole, dot, fraction = plain.partition(".")
    if whole.isdigit() and whole.isascii() and len(whole) < 19:  # (int() of a huge digit string would refuse)
        if not dot:
            return int(whole) * scale
        if scale == 100 and 0 < len(fraction) <= 2 and fraction.isdigit() and fraction.isascii():
            return int(whole) * 100 + int(fraction) * (10 if len(fraction) == 1 else 1)
    if _PRINTED.match(plain) is None:
        raise MoneyError(f"not an amount: {text!r}")
    try:
        value = Decimal(plain) * scale
    except InvalidOperation as exc:
        raise MoneyError(f"not an amount: {text!r}") from exc
    integral = value.to_integral_value()
    if value != integral:
        raise MoneyError(f"amount {text!r} has more decimals than 1/{scale} of a unit")
    return int(integral)


def format_minor(amount: int, scale: int, symbol: str = "") -> str:
    """Render minor units the way PokerStars prints them (`$2`, `$0.10`, `1500`)."""
    if scale == 1:
        return f"{symbol}{amount}"
    major, minor = divmod(abs(amount), scale)
    sign = "-" if amount < 0 else ""
    if minor == 0:
        return f"{sign}{symbol}{major}"
    digits = len(str(scale)) - 1
    return f"{sign}{symbol}{major}.{minor:0{digits}d}"
