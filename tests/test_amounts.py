"""The readers' integer fast path for amounts (hhtool.grammar.fields.exact_minor) against the Decimal
reading it stands in for (hhtool.model.money.to_minor): where the fast path reads a value it is to_minor's,
and it reads the shapes clients print."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hhtool.grammar.fields import NOT_COMMON, FieldError, exact_minor, money
from hhtool.model.limits import MAX_MINOR
from hhtool.model.money import MoneyError, to_minor

SCALES = st.sampled_from([1, 100, 10, 1000, 7])
# every character to_minor treats specially, and some it refuses
ODD_TEXT = st.text(alphabet="0123456789.,$€£₹¥\x80-+eE _ ٣１²", max_size=24)
PRINTED = st.builds(
    lambda symbol, whole, fraction: f"{symbol}{whole:,}" + (f".{fraction}" if fraction else ""),
    st.sampled_from(["", "$", "€", "£", "\x80"]),
    st.integers(0, 10**16),
    st.sampled_from(["", "5", "05", "50", "123"]),
)


def _decimal_reading(text: str, scale: int) -> int | str:
    try:
        return to_minor(text, scale)
    except MoneyError as exc:
        return exc.code


@settings(max_examples=2000, deadline=None)
@given(ODD_TEXT, SCALES)
def test_where_the_fast_path_reads_an_amount_it_is_the_decimal_reading(text, scale):
    fast = exact_minor(text, scale)
    if fast != NOT_COMMON:
        assert fast == _decimal_reading(text, scale)


@settings(max_examples=2000, deadline=None)
@given(PRINTED, SCALES)
def test_printed_amounts_read_the_same_either_way(text, scale):
    fast = exact_minor(text, scale)
    reference = _decimal_reading(text, scale)
    if fast != NOT_COMMON:
        assert fast == reference
    else:  # only what the fast path leaves to Decimal: too many decimals, scale without decimals, too large
        assert "." in text or isinstance(reference, str) or reference > MAX_MINOR // 10


@pytest.mark.parametrize(
    ("text", "scale", "minor"),
    [
        ("1500", 1, 1500),
        ("$1.50", 100, 150),
        ("1,000", 1, 1000),
        ("€0.5", 100, 50),
        ("$1,234,567.05", 100, 123456705),
        ("0", 100, 0),
        ("$0.01", 100, 1),
        ("100000000000000", 1, MAX_MINOR),
    ],
)
def test_common_shapes_take_the_fast_path(text, scale, minor):
    assert exact_minor(text, scale) == minor == to_minor(text, scale)


@pytest.mark.parametrize(
    ("text", "scale"),
    [
        ("-5", 100),
        ("1e3", 1),
        ("$0.015", 100),
        ("5.0", 1),
        (".5", 100),
        ("5.", 100),
        ("１5", 1),
        ("1_000", 1),
        ("", 1),
        ("$", 100),
        ("100000000000001", 1),
        ("1000000000000.01", 100),
        ("$1$0", 100),
        (" 5", 1),
    ],
)
def test_other_shapes_are_left_to_decimal(text, scale):
    assert exact_minor(text, scale) == NOT_COMMON


@pytest.mark.parametrize(
    ("text", "scale", "code"),
    [
        ("$0.015", 100, "HH012"),
        ("1.5", 1, "HH012"),
        ("abc", 100, "HH012"),
        ("100000000000001", 1, "HH013"),
        ("1e999999", 100, "HH013"),
    ],
)
def test_money_reports_what_cannot_be_read_as_before(text, scale, code):
    with pytest.raises(FieldError) as raised:
        money(text, scale, 7)
    assert raised.value.code == code and raised.value.line == 7
