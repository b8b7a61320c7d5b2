"""Reading the fields of a line, for every dialect's reader: the errors a reader raises, money and small
numbers read within hhtool's limits.

A reader decides which field is which; how an amount or a seat number is read, and what a field that
cannot be read becomes (a finding with its code, line, expected and actual), is the same for every site.
"""

from __future__ import annotations

from hhtool.model.limits import MAX_MINOR, MAX_SEAT
from hhtool.model.money import MoneyError, to_minor


class Unsupported(Exception):
    """The hand is valid text of its dialect for a game hhtool does not replay (Omaha, Stud, …)."""

    def __init__(self, game: str) -> None:
        super().__init__(game)
        self.game = game


class FieldError(ValueError):
    """A line of the right kind whose fields cannot be read (e.g. an inexact amount)."""

    def __init__(self, code: str, message: str, line: int, column: int = 1, *,
                 expected: str | None = None, actual: str | None = None) -> None:
        super().__init__(message)
        self.code, self.line, self.column = code, line, column
        self.expected, self.actual = expected, actual


def money(text: str, scale: int, line_no: int) -> int:
    """An amount as printed (`$1,000.50`, `1500`) in minor units of `scale`; HH012/HH013 when it cannot be."""
    try:
        return to_minor(text, scale)
    except MoneyError as exc:
        if exc.code == "HH013":
            raise beyond("amount", text, f"at most {MAX_MINOR:,} minor units", line_no) from None
        digits = len(str(scale)) - 1
        raise FieldError("HH012", str(exc), line_no, expected=f"at most {digits} decimals" if digits else
                         "a whole number", actual=text) from None


_SEAT_DIGITS = len(str(MAX_SEAT))


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
    return FieldError("HH013", f"{what} {shown} is beyond what hhtool reads ({limit})", line_no, column,
                      expected=limit, actual=shown)
