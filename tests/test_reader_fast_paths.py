"""The PokerStars reader's native fast paths (and the clock's hour cache) against the readings they stand in
for: a regex, int(), or the full time-zone conversion. Where the fast path answers, it gives what the
reference gives, on generated text and across every daylight-saving change of the zones the sites print."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hhtool.dialects import textreader
from hhtool.dialects.pokerstars import reader
from hhtool.dialects.pokerstars.conventions import ZONES
from hhtool.grammar.fields import money, small_number
from hhtool.model import clock

# every zone a PokerStars header names, and two that change by half an hour or at 00:01 local
_IANA = sorted(set(ZONES.values()) | {"Australia/Lord_Howe", "America/St_Johns"})


def _reference_utc(local: datetime, iana: str) -> datetime:
    return local.replace(tzinfo=ZoneInfo(iana)).astimezone(UTC)


def _transition_hours(iana: str, year: int) -> list[datetime]:
    """The local hours around each change of the zone's UTC offset in `year` (found hour by hour)."""
    tz, hours = ZoneInfo(iana), []
    moment = datetime(year, 1, 1)
    previous = moment.replace(tzinfo=tz).utcoffset()
    while moment.year == year:
        offset = moment.replace(tzinfo=tz).utcoffset()
        if offset != previous:
            hours.extend(moment + timedelta(hours=step) for step in range(-3, 3))
            previous = offset
        moment += timedelta(hours=1)
    return hours


@pytest.mark.parametrize("iana", _IANA)
def test_utc_from_the_hour_cache_is_astimezones_across_offset_changes(iana):
    clock._ANCHORS.clear()
    checked = 0
    for year in (1995, 2008, 2024):
        for hour in _transition_hours(iana, year):
            for minute, second in ((0, 0), (0, 59), (1, 0), (29, 59), (30, 0), (31, 0), (59, 59)):
                local = hour.replace(minute=minute, second=second)
                got = clock.to_utc(local, "Z", None, {"Z": iana}, None)
                assert got == _reference_utc(local, iana) and got.tzinfo is UTC, local
                checked += 1
    assert checked or iana in (
        "Etc/UTC",
        "Asia/Kolkata",
        "Asia/Tokyo",
        "Asia/Shanghai",
        "Australia/Perth",
        "America/Argentina/Buenos_Aires",
        "Europe/Moscow",
        "America/Sao_Paulo",
    )


def test_the_hour_cache_is_filled_and_read_again():
    clock._ANCHORS.clear()
    first = clock.to_utc(datetime(2015, 7, 5, 22, 32, 13), "ET", None, ZONES, None)
    assert clock._ANCHORS["America/New_York"] == (
        datetime(2015, 7, 5, 22),
        datetime(2015, 7, 6, 2, tzinfo=UTC),
    )
    second = clock.to_utc(datetime(2015, 7, 5, 22, 59, 59, 999999), "ET", None, ZONES, None)
    next_hour = clock.to_utc(datetime(2015, 7, 5, 23, 0, 0), "ET", None, ZONES, None)
    assert first == datetime(2015, 7, 6, 2, 32, 13, tzinfo=UTC)
    assert second == datetime(2015, 7, 6, 2, 59, 59, 999999, tzinfo=UTC)
    assert next_hour == datetime(2015, 7, 6, 3, tzinfo=UTC)
    assert clock._ANCHORS["America/New_York"][0] == datetime(2015, 7, 5, 23)


def test_an_hour_with_an_offset_change_is_not_cached():
    clock._ANCHORS.clear()
    # New York falls back at 02:00 EDT: 01:00-01:59 happens twice, fold 0 reads it as EDT; 02:00 is EST
    for local in (datetime(2015, 11, 1, 1, 30), datetime(2015, 11, 1, 2, 30), datetime(2015, 11, 1, 1, 59)):
        assert clock.to_utc(local, "ET", None, ZONES, None) == _reference_utc(local, "America/New_York")
    # St John's changed at 00:01 local until 2011: hour 0 holds two offsets
    local = datetime(2008, 11, 2, 0, 30)
    assert clock.to_utc(local, "NT", None, ZONES, None) == _reference_utc(local, "America/St_Johns")
    assert "America/St_Johns" not in clock._ANCHORS


def _int_clock(time: str) -> datetime | None:
    """The reading _datetime had before its native clock: int() of each part."""
    try:
        hour, minute, *second = map(int, time.split(":"))
        return datetime(2015, 7, 5, hour, minute, second[0] if second else 0)
    except ValueError:
        return None


CLOCK_TEXT = st.text(alphabet="0123456789:٣ ", max_size=9) | st.builds(
    lambda h, m, s: f"{h}:{m:02d}" + (f":{s:02d}" if s is not None else ""),
    st.integers(0, 30),
    st.integers(0, 70),
    st.none() | st.integers(0, 70),
)


@settings(max_examples=3000, deadline=None)
@given(CLOCK_TEXT)
def test_the_native_clock_reads_as_int_does(time):
    assert textreader.naive_datetime("2015/07/05", time) == _int_clock(time)


@pytest.mark.parametrize(
    ("time", "seconds"),
    [
        ("9:50:09", 35409),
        ("22:32", 81120),
        ("0:00:00", 0),
        ("9:60", -1),
        ("9:5", -1),
        ("٣:50", -1),
        ("123:00", -1),
        (":50", -1),
    ],
)
def test_clock_values(time, seconds):
    assert textreader.clock_seconds(time) == seconds


CARD_TEXT = st.text(alphabet=" []AhKd2c", max_size=16)


@settings(max_examples=3000, deadline=None)
@given(CARD_TEXT, st.integers(0, 16))
def test_card_groups_to_end_is_the_hole_groups_fullmatch(text, start):
    start = min(start, len(text))
    assert textreader.card_groups_to_end(text, start) == bool(textreader.HOLE_GROUPS.fullmatch(text, start))


@settings(max_examples=3000, deadline=None)
@given(CARD_TEXT)
def test_cards_are_every_bracket_groups_words(text):
    expected = tuple(card for group in re.findall(r"\[([^\]]*)\]", text) for card in group.split())
    assert textreader.bracketed_cards(text) == expected


def _reader(scale: int = 100) -> reader.PokerStarsHandReader:
    header = reader.read_header(
        "PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2015/07/05 22:32:13 ET"
        if scale == 100
        else "PokerStars Hand #1: Tournament #2, $1+$0 USD Hold'em No Limit - Level I (10/20) - 2015/07/05 22:32:13 ET",
        "Table 'T' 6-max Seat #1 is the button",
        1,
    )
    return reader.PokerStarsHandReader(header, (), 1)


def _regex_pot(text: str, scale: int):
    """pot_claims' reading through _TOTAL alone (the reference for its index fast path)."""
    match = reader._TOTAL.fullmatch(text) or reader._TOTAL.match(text)
    if match is None:
        return "HH010"
    r = _reader(scale)
    try:
        return (
            r.money(match["total"], 1),
            r.money(match["main"], 1) if match["main"] else None,
            tuple(r.money(s, 1) for s in reader._SIDE.findall(match["sides"])),
            r.money(match["rake"], 1) if match["rake"] else None,
        )
    except reader.FieldError as exc:
        return exc.code


POT_TEXT = st.builds(
    lambda total, bar, rake: f"Total pot {total}{bar}{rake}",
    st.text(alphabet="0123456789$.,| \t", max_size=8),
    st.sampled_from([" | Rake ", " | Rake  ", "| Rake ", " | Rake", " Main pot 5. | Rake "]),
    st.text(alphabet="0123456789$., |J\u00a0", max_size=8),
)


@settings(max_examples=3000, deadline=None)
@given(POT_TEXT, st.sampled_from([1, 100]))
def test_pot_claims_read_what_the_total_regex_reads(text, scale):
    textreader.memos_of(scale).pots.clear()
    try:
        got = _reader(scale).pot_claims(text, 1)
    except reader.FieldError as exc:
        got = exc.code
    assert got == _regex_pot(text, scale)


def _regex_outcomes(text: str):
    outcomes = []
    for part in textreader.RUN_SEPARATOR.split(text) if ", and " in text else (text,):
        match = textreader.OUTCOME.match(part)
        if match is None:
            return None
        amount = _reader().money(match["amount"], 1) if match["amount"] is not None else None
        outcomes.append(reader.Outcome(match["amount"] is not None, amount, match["desc"]))
    return tuple(outcomes)


OUTCOME_TEXT = st.lists(
    st.builds(
        lambda head, amount, tail: f"{head}{amount}{tail}",
        st.sampled_from(["won (", "collected (", "lost", "won(", "wins ("]),
        st.sampled_from(["$1.50)", "2)", "3", ")", "$1) )", ""]),
        st.sampled_from(["", " with a pair of Aces", " with", " and", "x", " with "]),
    ),
    min_size=1,
    max_size=3,
).map(", and ".join)


@settings(max_examples=3000, deadline=None)
@given(OUTCOME_TEXT)
def test_run_outcomes_read_what_the_outcome_regex_reads(text):
    try:
        got = _reader().run_outcomes(text, 1)
    except reader.FieldError as exc:
        got = exc.code
    try:
        expected = _regex_outcomes(text)
    except reader.FieldError as exc:
        expected = exc.code
    assert got == expected


WHEN_TEXT = st.builds(
    lambda dash, date, sep, clock, zone, server: f"Hold'em No Limit ($1/$2){dash}{date}{sep}{clock}{zone}{server}",
    st.sampled_from([" - ", "  -  ", " -", "- ", " - - "]),
    st.sampled_from(["2015/07/05", "2015/7/5", "2015/07/5", "215/07/05", "2015/107/05", "2015/07/055", "٢٠١٥/07/05"]),
    st.sampled_from([" ", " - ", "  "]),
    st.sampled_from(["22:32:13", "9:50", "9:50:0", "123:00:00", "22:32:135", "22:32:", "1:2:3"]),
    st.sampled_from(["", " ET", " CEST", " ABCDEF", " E", " (ET)", " ET)", " et", "x"]),
    st.sampled_from(
        [
            "",
            " [2015/07/05 16:32:13 ET]",
            " [2015/07/05 16:32:13]",
            " [2015/07/05 16:32 ET]",
            " [2015/07/05 16:32:13 ET] x",
            " [2015/07/05 16:32:13 E1]",
            " [2015/7/5 6:32:13 ET]",
        ]
    ),
)


@settings(max_examples=4000, deadline=None)
@given(WHEN_TEXT)
def test_when_read_by_index_is_what_the_when_regex_finds(rest):
    dash = rest.find(" -")
    if dash < 0:
        return
    while dash and rest[dash - 1] == " ":
        dash -= 1
    fast = reader._when_at(rest, dash)
    if fast is not None:
        found = reader._WHEN.search(rest, dash)
        assert found is not None
        assert fast == (
            found["date"],
            found["time"],
            found["tz"],
            found["et_date"],
            found["et_time"],
            found.start(),
            found.start("date"),
        )


def test_the_shapes_pokerstars_prints_take_the_index_path():
    for rest in (
        "Hold'em No Limit ($1/$2) - 2015/07/05 22:32:13 ET",
        "Hold'em No Limit ($1/$2) - 2009/12/25 9:50:09 CET [2009/12/25 3:50:09 ET]",
        "Hold'em No Limit ($1/$2) - 2009/12/25 9:50",
    ):
        dash = rest.find(" -")
        assert reader._when_at(rest, dash) is not None


@settings(max_examples=2000, deadline=None)
@given(
    st.sampled_from(["PokerStars Hand #", "PokerStars Game #", "PokerStars Zoom Hand #", "PokerStars Hand  #"]),
    st.text(alphabet="0123456789٣x", max_size=6),
    st.sampled_from([":", ": ", ":  T", " :", ""]),
)
def test_the_plain_intro_is_what_the_intro_regex_reads(head, digits, tail):
    line = head + digits + tail
    colon = reader._plain_intro_colon(line)
    if colon >= 0:
        intro = reader._INTRO.match(line)
        assert intro is not None and not intro["zoom"] and not intro["home"]
        assert (line[len(reader._PLAIN_INTRO) : colon], len(reader._PLAIN_INTRO)) == (intro["id"], intro.start("id"))
        assert intro.end() == len(line) - len(line[colon + 1 :].lstrip(" "))


def _regex_seat(text: str):
    match = textreader.SEAT.match(text)
    if match is None:
        return "HH010"
    rest = match["rest"]
    try:
        return textreader.Seat(
            small_number(match["seat"], "seat number", 3),
            match["name"],
            money(match["stack"], 100, 3),
            3,
            match["bounty"],
            "is sitting out" in rest,
            "out of hand" in rest,
        )
    except reader.FieldError as exc:
        return exc.code


SEAT_TEXT = st.builds(
    lambda seat, name, stack, bounty, rest: f"Seat {seat}: {name} ({stack} in chips{bounty}){rest}",
    st.sampled_from(["1", "9", "10", "99", "100", "007", "٣", ""]),
    st.text(alphabet="ab ()[],", min_size=0, max_size=6),
    st.sampled_from(["$1.50", "1500", "1 5", "(1)", "", "$1,000"]),
    st.sampled_from(["", ", $2 bounty", ", (x) bounty", ", $2 bounty) ( 1 in chips"]),
    st.sampled_from(["", " is sitting out", " out of hand", " (x)", ") is sitting out"]),
)


@settings(max_examples=4000, deadline=None)
@given(SEAT_TEXT)
def test_a_seat_read_by_index_is_what_the_seat_regex_reads(text):
    try:
        got = textreader.read_seat(text, 3, 100)
    except reader.FieldError as exc:
        got = exc.code
    assert got == _regex_seat(text)
