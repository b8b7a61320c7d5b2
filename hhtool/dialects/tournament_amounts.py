"""Tournament amounts as summary files and tournament hands print them (`$1,520.35`, `₹1520 .35`,
`250 SC`, `2 FPPs`, play-money `21250`), shared by the sites' summary readers: read with Decimal into
minor units (hundredths, or whole chips for play money)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from hhtool.model.tournament import PLAY

SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP", "₹": "INR", "¥": "CNY"}
CODES = ("USD", "EUR", "GBP", "CAD", "INR", "CNY", "FPP", "SC")
_SYM = "[$€£₹¥]"
_NUM = r"\d[\d,]*(?: ?\.\d+)?"  # `₹1520 .35`: a space before the decimals in some hands' lines
AMOUNT = rf"{_SYM}?{_NUM}(?: ?(?:{'|'.join(CODES)})s?)?"


class AmountError(ValueError):
    """Text that is no amount in hundredths (or whole chips) of its currency."""


@dataclass(frozen=True, slots=True)
class Amount:
    value: int  # minor units: hundredths, or chips for play money
    currency: str | None  # from its symbol or code; None when neither (play money, or a bare number)


def amount(text: str, currency: str | None = None) -> Amount:
    """`$1,520.35`, `₹1520 .35`, `250 SC`, `2 FPPs`, `21250`: in minor units, with Decimal. `currency`:
    the code printed after the whole group (`Buy-In: $10.00/$0.50 USD`), which wins over the symbol."""
    text = text.strip()
    code = re.search(rf"(?:{'|'.join(CODES)})s?$", text)
    found = currency or (code[0].rstrip("s") if code else None) or SYMBOLS.get(text[:1])
    digits = re.sub(rf"^{_SYM}|(?:{'|'.join(CODES)})s?$|[ ,]", "", text)
    try:
        value = Decimal(digits)
    except InvalidOperation:
        raise AmountError(f"{text!r} is no amount") from None
    scale = 1 if found in (None, PLAY) else 100
    minor = value * scale
    if minor != minor.to_integral_value():
        raise AmountError(f"{text!r} has more decimals than {found or 'chips'} have")
    return Amount(int(minor), found)
