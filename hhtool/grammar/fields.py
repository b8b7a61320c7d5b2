"""Reading the fields of a line, for every dialect's reader: the errors a reader raises, money and small
numbers read within hhtool's limits.

A reader decides which field is which; how an amount or a seat number is read, and what a field that
cannot be read becomes (a finding with its code, line, expected and actual), is the same for every site.
"""

from __future__ import annotations

from typing import Final

from hhtool.codes import HH012, HH013
from hhtool.model.limits import MAX_MINOR, MAX_SEAT
from hhtool.model.money import MoneyError, to_minor


class Unsupported(Exception):
    """The hand is valid text of its dialect for a game hhtool does not replay (Omaha, Stud, …)."""

    def __init__(self, game: str) -> None:
        super().__init__(game)
        self.game = game


class FieldError(ValueError):
    """A line of the right kind whose fields cannot be read (e.g. an inexact amount)."""

    def __init__(
        self,
        code: str,
        message: str,
        line: int,
        column: int = 1,
        *,
        expected: str | None = None,
        actual: str | None = None,
    ) -> None:
        super().__init__(message)
        self.code, self.line, self.column = code, line, column
        self.expected, self.actual = expected, actual


_AMOUNTS: Final[dict[int, dict[str, int]]] = {}  # scale → amount as printed → minor units (the Decimal path's memo)
AMOUNT_MEMO: Final = 1 << 11  # amounts per scale; cleared when full


def money(text: str, scale: int, line_no: int) -> int:
    """An amount as printed (`$1,000.50`, `1500`) in minor units of `scale`; HH012/HH013 when it cannot be.
    The shapes clients print are read natively (exact_minor: one pass over a few characters, cheaper than
    hashing the new string for a memo look-up); the rest, through Decimal, are memoised per scale."""
    minor = exact_minor(text, scale)
    if minor >= 0:
        return minor
    amounts = _AMOUNTS.get(scale)
    if amounts is None:
        amounts = _AMOUNTS[scale] = {}
    else:
        known = amounts.get(text)
        if known is not None:
            return known
    minor = _decimal_money(text, scale, line_no)
    if len(amounts) >= AMOUNT_MEMO:
        amounts.clear()
    amounts[text] = minor
    return minor


def _decimal_money(text: str, scale: int, line_no: int) -> int:
    """`money` for what exact_minor leaves: through to_minor (Decimal), its errors as findings."""
    try:
        return to_minor(text, scale)
    except MoneyError as exc:
        if exc.code == HH013:
            raise beyond("amount", text, f"at most {MAX_MINOR:,} minor units", line_no) from None
        digits = len(str(scale)) - 1
        raise FieldError(
            HH012,
            str(exc),
            line_no,
            expected=f"at most {digits} decimals" if digits else "a whole number",
            actual=text,
        ) from None


_SYMBOLS: Final = "$€£₹¥\x80"  # what to_minor drops besides commas (hhtool.model.money._STRIP)
_FRACTION_DIGITS: Final = {1: 0, 10: 1, 100: 2, 1000: 3, 10000: 4}  # scale → decimals it keeps
_POWERS: Final = (1, 10, 100, 1000, 10000)
_MAX_MINOR_DIGITS: Final = len(str(MAX_MINOR))
NOT_COMMON: Final = -1
# code points read with ord() (a native read when compiled; a Final int is inlined, also where imported)
ZERO_CODE: Final = 48  # ord("0")
NINE_CODE: Final = 57  # ord("9")
_COMMA: Final = 44  # ord(",")
_POINT: Final = 46  # ord(".")


def exact_minor(text: str, scale: int) -> int:
    """`to_minor` for the shapes clients print nearly always, read with ints: digits with thousands commas,
    after at most one currency symbol, and at most the scale's decimals (`1500`, `$1.50`, `1,000`, `€0.5`).

    NOT_COMMON (-1) for any other text (signs, exponents, more decimals, other digits, beyond MAX_MINOR),
    which `to_minor` then reads through Decimal; where this reads a value, it is the value `to_minor` gives
    (tests/test_amounts.py checks both on generated text). Compiled, this is the whole cost of an amount:
    one pass over the characters as code points (`ord(text[i])` is a native read), no slice, no int().
    """
    end = len(text)
    index = 1 if end and _is_symbol(ord(text[0])) else 0
    whole = digits = 0
    while index < end:  # the whole part: ASCII digits and commas, up to the point
        code = ord(text[index])
        if ZERO_CODE <= code <= NINE_CODE:
            digits += 1
            if digits > _MAX_MINOR_DIGITS:
                return NOT_COMMON
            whole = whole * 10 + (code - ZERO_CODE)
        elif code == _POINT:
            break
        elif code != _COMMA:
            return NOT_COMMON
        index += 1
    if digits == 0:
        return NOT_COMMON
    value = whole * scale
    if index < end:  # text[index] is the point: 1 to the scale's decimals follow, ASCII digits only
        places = _FRACTION_DIGITS.get(scale, -1)
        count = end - index - 1
        if not 0 < count <= places:
            return NOT_COMMON
        fraction = 0
        index += 1
        while index < end:
            code = ord(text[index])
            if not ZERO_CODE <= code <= NINE_CODE:
                return NOT_COMMON
            fraction = fraction * 10 + (code - ZERO_CODE)
            index += 1
        value += fraction * _POWERS[places - count]
    return value if value <= MAX_MINOR else NOT_COMMON


def _is_symbol(code: int) -> bool:
    """Whether a code point is one of _SYMBOLS (`$€£₹¥` and a cp1252 euro read as Latin-1)."""
    return code == 36 or code == 8364 or code == 163 or code == 8377 or code == 165 or code == 128


_SEAT_DIGITS: Final = len(str(MAX_SEAT))


def small_number(text: str, what: str, line_no: int) -> int:
    """A seat number, button seat or N of N-max: at most MAX_SEAT (the button search walks seat numbers,
    the columns are int8), else HH013 (before int(): a 5,000-digit number is refused by int() itself)."""
    if len(text) <= _SEAT_DIGITS:
        value = int(text)
        if value <= MAX_SEAT:
            return value
    raise beyond(what, text, f"at most {MAX_SEAT}", line_no)


def beyond(what: str, text: str, limit: str, line_no: int, column: int = 1) -> FieldError:
    """HH013: a number beyond what hhtool reads (hhtool.model.limits); long numbers are cut in the message."""
    shown = text if len(text) <= 40 else f"{text[:40]}… ({len(text):,} characters)"
    return FieldError(
        HH013, f"{what} {shown} is beyond what hhtool reads ({limit})", line_no, column, expected=limit, actual=shown
    )
