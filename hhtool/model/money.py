"""Money as integers in minor units, parsed with Decimal (never float), and the `Currency` they are in."""

from __future__ import annotations

import functools
import re
from decimal import Decimal, InvalidOperation

import msgspec

from hhtool.model.limits import MAX_MINOR

# ISO code → the symbol clients print before an amount ("" for a code printed after the stakes only).
# The one table of currencies: the symbol → code map for reading and Currency's symbol derive from it.
SYMBOL_OF = {"USD": "$", "EUR": "€", "GBP": "£", "INR": "₹", "CNY": "¥", "CAD": "", "SEK": "", "CHF": ""}
CURRENCY_SYMBOLS = {symbol: code for code, symbol in SYMBOL_OF.items() if symbol}
CURRENCY_SYMBOLS["\x80"] = "EUR"  # a cp1252 euro sign read as Latin-1
CURRENCY_CODES = frozenset(SYMBOL_OF)
CHIPS = "chips"  # tournaments and play money: counted one by one, printed without a symbol
_STRIP = str.maketrans("", "", "$€£₹¥\x80,")
# what a client prints once the symbol and thousands commas are gone: ASCII digits, a decimal point,
# at most a leading minus (Decimal alone would also take `1e1`, `1_0`, `+10` and full-width digits)
_PRINTED = re.compile(r"-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)\Z")


class MoneyError(ValueError):
    """An amount that cannot be read exactly in the hand's minor units."""

    code = "HH012"


class AmountOutOfRange(MoneyError):
    """An amount beyond the largest hhtool reads (limits.MAX_MINOR), or not finite."""

    code = "HH013"


_MAX_DIGITS = len(str(MAX_MINOR))  # more digits before the point than this is out of range at any scale


@functools.lru_cache(maxsize=65536)
def to_minor(text: str, scale: int) -> int:
    """Read `$1,234.50` as an int of minor units (`scale` of them per major unit).

    Raises MoneyError when the text is not a number or has more precision than
    the scale keeps: rounding would silently change the hand; AmountOutOfRange beyond
    MAX_MINOR minor units (checked on the exponent first, so `0.01e999999` costs nothing).
    Cached: a file repeats the same few amounts (blinds, antes) thousands of times. This is the
    reference reading: the readers first try hhtool.grammar.fields.exact_minor, the same value read
    with ints for the common shapes (compiled), and come here for the rest.
    """
    plain = text.translate(_STRIP)
    try:
        number = Decimal(plain)
    except InvalidOperation as exc:
        raise MoneyError(f"not an amount: {_shown(text)}") from exc
    if number.is_nan():
        raise MoneyError(f"not an amount: {_shown(text)}")
    if number.is_infinite() or number.adjusted() >= _MAX_DIGITS:
        raise AmountOutOfRange(_beyond(text))
    if _PRINTED.match(plain) is None:  # after the range check: `1e999999` and `Infinity` are HH013, not HH012
        raise MoneyError(f"not an amount: {_shown(text)}")
    value = number * scale
    integral = value.to_integral_value()
    if value != integral:
        raise MoneyError(f"amount {_shown(text)} has more decimals than 1/{scale} of a unit")
    return _in_range(int(integral), text)


def _in_range(minor: int, text: str) -> int:
    if -MAX_MINOR <= minor <= MAX_MINOR:
        return minor
    raise AmountOutOfRange(_beyond(text))


def _beyond(text: str) -> str:
    return f"amount {_shown(text)} is beyond the largest amount hhtool reads ({MAX_MINOR:,} minor units)"


def _shown(text: str, limit: int = 40) -> str:
    """An amount as quoted in a message: a 4,400-digit one is cut, with its length."""
    return repr(text) if len(text) <= limit else f"{text[:limit]!r}… ({len(text):,} characters)"


def format_minor(amount: int, scale: int, symbol: str = "") -> str:
    """Minor units with a given symbol (`$2`, `$0.10`, `1500`): Currency.format with no trimming."""
    return Currency("", symbol, scale).format(amount)


class Currency(msgspec.Struct, frozen=True, gc=False):
    """What an amount of a hand is counted in: ISO code (or "chips"), the symbol printed before it, the
    minor units per major unit, and how amounts print (`trim`: without trailing zeros in the fraction,
    `$0.2` rather than `$0.20`; `thousands`: the separator between groups of three digits, if any).

    `format` is the one way an amount is written: findings, audit tables and the dialects' writers use it.
    """

    code: str
    symbol: str
    scale: int
    trim: bool = False
    thousands: str = ""

    @staticmethod
    def of(code: str, scale: int) -> Currency:
        """The currency of a hand header (`currency`, `scale`), as findings and reports print it."""
        return _currency(code, scale)

    def format(self, amount: int) -> str:
        """`$2`, `$0.10` (`$0.1` when trimmed), `1500`; a negative amount with its sign first (`-$0.50`)."""
        if self.scale == 1 and not self.thousands:
            return f"{self.symbol}{amount}"
        major, minor = divmod(abs(amount), self.scale)
        sign = "-" if amount < 0 else ""
        whole = f"{major:,}".replace(",", self.thousands) if self.thousands else str(major)
        if minor == 0:
            return f"{sign}{self.symbol}{whole}"
        fraction = f"{minor:0{len(str(self.scale)) - 1}d}"
        if self.trim:
            fraction = fraction.rstrip("0")
        return f"{sign}{self.symbol}{whole}.{fraction}"


@functools.lru_cache(maxsize=64)
def _currency(code: str, scale: int) -> Currency:
    return Currency(code, "" if scale == 1 else SYMBOL_OF.get(code, ""), scale)
