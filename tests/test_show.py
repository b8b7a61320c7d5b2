"""`hhtool show`: one hand found by id (in files, folders or a dataset) and replayed step by step, in
the terminal and as a page with a step-through replayer (checked in headless Chromium)."""

from __future__ import annotations

import json
import re
import struct
from pathlib import Path

import pytest
from browser import Browser
from conftest import hands_file, make_hand
from typer.testing import CliRunner

from hhtool.cli import app
from hhtool.model import Limit
from hhtool.model.variant import VARIANTS
from hhtool.show import locate, view_of
from hhtool.show.page import page_data, step_findings, to_html
from hhtool.show.steps import GAME_NAMES, LIMIT_NAMES

HAND_ID = "300000000001"
BODY = """\
Bob: posts small blind $0.05
Carol: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Alice [Ah Kd]
Alice: raises $0.20 to $0.30
Bob: folds
Carol: calls $0.20
*** FLOP *** [2c 7d Ks]
Carol: checks
Alice: bets $0.40
Carol: calls $0.40
*** TURN *** [2c 7d Ks] [9h]
Carol: checks
Alice: bets $1
Carol: folds
Uncalled bet ($1) returned to Alice
Alice collected $1.40 from pot
Alice: doesn't show hand"""
SUMMARY = """\
*** SUMMARY ***
Total pot $1.45 | Rake $0.05
Board [2c 7d Ks 9h]
Seat 1: Alice (button) collected ($1.40)
Seat 2: Bob (small blind) folded before Flop
Seat 3: Carol (big blind) folded on the Turn"""
HAND = make_hand(HAND_ID, body=BODY, summary=SUMMARY)
# line → (pot after it, the actor's stack after it), worked out by hand from the text above
EXPECTED = {
    6: ("$0.05", "$9.95"),
    7: ("$0.15", "$9.90"),
    10: ("$0.45", "$9.70"),
    11: ("$0.45", "$9.95"),
    12: ("$0.65", "$9.70"),
    14: ("$0.65", "$9.70"),
    15: ("$1.05", "$9.30"),
    16: ("$1.45", "$9.30"),
    18: ("$1.45", "$9.30"),
    19: ("$2.45", "$8.30"),
    20: ("$2.45", "$9.30"),
    21: ("$1.45", "$9.30"),
    22: ("$1.45", "$10.70"),
}
OTHER = make_hand("300000000002")  # the default walk, the next hand at the table


def run(*args: str, env: dict | None = None):
    return CliRunner().invoke(app, ["show", *args], env={"COLUMNS": "160", "NO_COLOR": "1", **(env or {})})


@pytest.fixture
def history(tmp_path) -> Path:
    path = tmp_path / "session.txt"
    path.write_text(hands_file([OTHER, HAND]), encoding="utf-8")
    return path


def _line_of(output: str, text: str) -> str:
    rows = [row for row in output.splitlines() if text in row]
    assert len(rows) == 1, (text, output)
    return rows[0]


# -- the steps are the replay's ---------------------------------------------------------------------
def test_each_step_has_the_pot_and_stack_the_replay_computed(history):
    found = locate(HAND_ID, [str(history)])
    view = view_of(found.result, found.text)
    first = found.result.line  # the hand starts after the walk and three blank lines
    assert first == 23
    at = view.steps_by_line()
    for offset, (pot, stack) in EXPECTED.items():
        step = at[first + offset - 1]
        assert (view.money(step.pot), view.money(step.stacks[step.actor])) == (pot, stack), offset
    assert view.steps[0].kind == "seats" and view.steps[0].pot == 0
    assert view.steps[-1].kind == "end" and view.steps[-1].boards == [("2c", "7d", "Ks", "9h")]
    assert [(s.player, s.start, s.final) for s in view.seats] == [
        ("Alice", 1000, 1070),
        ("Bob", 1000, 995),
        ("Carol", 1000, 930),
    ]
    assert (view.total_pot, view.rake, view.collected) == (145, 5, {"Alice": 140})


def test_the_board_grows_street_by_street(history):
    found = locate(HAND_ID, [str(history)])
    boards = [s.boards for s in view_of(found.result, found.text).steps]
    assert boards[0] == [] and ("2c", "7d", "Ks") in [b[0] for b in boards if b]
    assert [len(b[0]) for b in boards if b] == sorted(len(b[0]) for b in boards if b)


def test_a_board_run_twice_shows_both_boards_and_no_bets_after_the_betting():
    sample = Path(__file__).resolve().parent.parent / "samples" / "nl-cash-run-it-twice.txt"
    found = locate("203310928475", [str(sample)])
    view = view_of(found.result, found.text)
    at = view.steps_by_line()
    assert at[23].bets == {"hollyhock.r": 13150, "Ambrose.P": 20940}  # the all-in call, before the return
    assert at[24].bets == {"hollyhock.r": 13150, "Ambrose.P": 13150}  # $77.90 went back uncalled
    assert all(not at[line].bets for line in (25, 26, 27, 28))  # the runs: the bets are in the pot
    assert at[26].boards == [("Th", "9h", "4c", "2s", "Kd")]
    assert view.steps[-1].boards == [("Th", "9h", "4c", "2s", "Kd"), ("Th", "9h", "4c", "4d", "7c")]
    assert view.steps[-1].pot == 27050 and not view.steps[-1].bets
    out = run("203310928475", str(sample)).output
    assert "Board, run 1: Th 9h 4c 2s Kd" in out and "Board, run 2: Th 9h 4c 4d 7c" in out


# -- terminal ---------------------------------------------------------------------------------------
def test_show_prints_every_line_with_the_pot_and_stack_after_each_action(history):
    result = run(HAND_ID, str(history))
    assert result.exit_code == 0, result.output
    out = result.output
    assert f"Hand {HAND_ID}" in out and "valid" in out and f"{history}:23" in out
    for offset, (pot, stack) in EXPECTED.items():
        text = HAND.splitlines()[offset - 1]
        rows = [row for row in out.splitlines() if row.split()[:1] == [str(22 + offset)]]  # the file's line number
        assert len(rows) == 1 and text in rows[0]
        assert [cell.strip() for cell in rows[0].split("│")[-2:]] == [pot, stack]
    assert "Board: 2c 7d Ks 9h" in out
    assert "Main pot $1.45: eligible Alice; won by Alice" in out
    assert "Alice collected $1.40" in out
    seats = _line_of(out, "│ Carol ")
    assert "$10" in seats and "$9.30" in seats and "-$0.70" in seats


def test_each_finding_is_printed_under_its_line(tmp_path):
    bad = make_hand(HAND_ID, body=BODY.replace("Carol: calls $0.40", "Carol: calls $0.50"), summary=SUMMARY)
    path = tmp_path / "bad.txt"
    path.write_text(bad, encoding="utf-8")
    result = run(HAND_ID, str(path))
    assert result.exit_code == 0  # show shows; validate judges
    lines = result.output.splitlines()
    call = next(i for i, row in enumerate(lines) if "Carol: calls $0.50" in row)
    assert "HH113 [error] Carol calls $0.50; the call is $0.40" in lines[call + 1]
    assert "invalid" in lines[0] and "2 findings (1 error)" in lines[0]
    assert "HH202 [warning] $0.10 of Carol's bet was not called" in lines[call + 3]
    turn = lines[call + 2]  # a street shows the pot it starts with: the $0.10 nobody called is back
    assert "*** TURN ***" in turn and turn.split("│")[-2].strip() == "$1.45"


def test_the_id_may_be_written_with_a_hash_or_its_site(history):
    plain = run(HAND_ID, str(history)).output
    assert run(f"#{HAND_ID}", str(history)).output == plain
    assert run(f"pokerstars:{HAND_ID}", str(history)).output == plain


def test_a_folder_is_searched_and_the_default_is_the_current_folder(history, monkeypatch):
    assert run(HAND_ID, str(history.parent)).exit_code == 0
    monkeypatch.chdir(history.parent)
    result = run(HAND_ID)
    assert result.exit_code == 0 and "session.txt:23" in result.output


def test_a_missing_hand_exits_1_and_an_unreadable_path_2(history, tmp_path):
    missing = run("123", str(history))
    assert missing.exit_code == 1 and "no hand 123" in missing.output
    gone = run(HAND_ID, str(tmp_path / "nope.txt"))
    assert gone.exit_code == 2 and "cannot read" in gone.output


def test_another_hand_with_the_same_id_is_named(history, tmp_path):
    copy = tmp_path / "copy.txt"
    copy.write_text(HAND, encoding="utf-8")
    result = CliRunner().invoke(app, ["show", HAND_ID, str(history), str(copy)], env={"COLUMNS": "160"})
    assert result.exit_code == 0
    assert f"another hand {HAND_ID} is at {copy}:1" in result.output


def test_a_rules_file_is_applied(history, tmp_path):
    rules = tmp_path / "house.toml"
    rules.write_text("[table]\nmin_players = 4\n", encoding="utf-8")
    result = run(HAND_ID, str(history), "--rules", str(rules))
    assert result.exit_code == 0 and "HH401 [error] 3 players dealt in" in result.output
    assert "HH401" not in run(HAND_ID, str(history)).output
    assert run(HAND_ID, str(history), "--rules", str(tmp_path / "none.toml")).exit_code == 2


def test_an_unparsed_hand_shows_its_text_and_why(tmp_path):
    broken = make_hand(
        HAND_ID,
        body=BODY.replace("Carol: checks\nAlice: bets $0.40", "Carol: juggles\nAlice: bets $0.40"),
        summary=SUMMARY,
    )
    path = tmp_path / "broken.txt"
    path.write_text(broken, encoding="utf-8")
    result = run(HAND_ID, str(path))
    assert result.exit_code == 0 and "unparsed" in result.output.splitlines()[0]
    lines = result.output.splitlines()
    at = next(i for i, row in enumerate(lines) if "Carol: juggles" in row)
    assert "HH010" in lines[at + 1]
    page = tmp_path / "broken.html"
    assert run(HAND_ID, str(path), "--html", str(page)).exit_code == 0
    html = page.read_text(encoding="utf-8")
    assert "not replayed (unparsed)" in html and "HH010" in html and 'id="next"' not in html


def test_names_are_shown_as_data(tmp_path):
    odd = {"Alice": "[bold red]Al\x1b[2J", "Carol": "</script><b>Carol"}
    text = HAND
    for old, new in odd.items():
        text = text.replace(old, new)
    path = tmp_path / "odd.txt"
    path.write_text(text, encoding="utf-8")
    out = run(HAND_ID, str(path)).output
    assert "[bold red]Al\\x1b[2J: bets $0.40" in out and "\x1b" not in out
    page = tmp_path / "odd.html"
    assert run(HAND_ID, str(path), "--html", str(page)).exit_code == 0
    html = page.read_text(encoding="utf-8")
    assert "</script><b>" not in html
    data = json.loads(re.search(r'<script type="application/json" id="hand">(.*?)</script>', html, re.DOTALL).group(1))
    assert {s["player"] for s in data["seats"]} == {odd["Alice"], "Bob", odd["Carol"]}


# -- a dataset ------------------------------------------------------------------------------------------
def test_a_dataset_is_searched_and_the_hand_read_from_its_recorded_file(history, tmp_path):
    dataset = tmp_path / "ds"
    exported = CliRunner().invoke(app, ["export", str(history), "--out", str(dataset), "--jobs", "1"])
    assert exported.exit_code == 0, exported.output
    from_file = run(HAND_ID, str(history))
    from_dataset = run(HAND_ID, str(dataset))
    assert from_dataset.exit_code == 0, from_dataset.output
    assert from_dataset.output == from_file.output
    assert run("999", str(dataset)).exit_code == 1
    history.rename(tmp_path / "moved.txt")
    moved = run(HAND_ID, str(dataset))
    assert moved.exit_code == 2 and "cannot be read any more" in moved.output


def test_a_dataset_whose_file_changed_is_reported(history, tmp_path):
    dataset = tmp_path / "ds"
    assert CliRunner().invoke(app, ["export", str(history), "--out", str(dataset), "--jobs", "1"]).exit_code == 0
    history.write_text(HAND, encoding="utf-8")  # the hand is now at line 1, not 23
    changed = run(HAND_ID, str(dataset))
    assert changed.exit_code == 2 and "no longer holds it" in changed.output


# -- the page -------------------------------------------------------------------------------------------
def test_the_page_is_self_contained_and_carries_the_replay_steps(history, tmp_path):
    page = tmp_path / "hand.html"
    result = run(HAND_ID, str(history), "--html", str(page))
    assert result.exit_code == 0 and f"to {page}" in result.output
    html = page.read_text(encoding="utf-8")
    assert not re.search(r"src=|https?:|@import|url\(", html)
    assert set(re.findall(r'href="([^"]*)"', html)) <= {f"#step={n}" for n in range(1, 100)}  # its own steps only
    found = locate(HAND_ID, [str(history)])
    data = page_data(view_of(found.result, found.text))
    assert [s["pot"] for s in data["steps"]][:3] == ["$0", "$0.05", "$0.15"]
    assert data["steps"][-1]["text"] == "End of the hand: pot $1.45, rake $0.05"
    assert run(HAND_ID, str(history), "--html", str(tmp_path / "no" / "dir.html")).exit_code == 2


def test_the_page_shows_each_finding_once_at_its_step(tmp_path):
    seats = ["Seat 1: Alice ($10 in chips)", "Seat 2: Bob ($10 in chips)", "Seat 7: Carol ($10 in chips)"]
    bad = make_hand(
        HAND_ID,
        seats=seats,
        body=BODY.replace("Carol: calls $0.40", "Carol: calls $0.50"),
        summary=SUMMARY.replace("Seat 3: Carol", "Seat 7: Carol"),
    )
    path = tmp_path / "bad.txt"
    path.write_text(bad, encoding="utf-8")
    found = locate(HAND_ID, [str(path)])
    view = view_of(found.result, found.text)
    shown = [(view.steps[i].kind, view.steps[i].line, f.code) for i, fs in enumerate(step_findings(view)) for f in fs]
    # a seat line's finding with the seats, the others at the line they are about
    assert shown == [("seats", 1, "HH403"), ("Call", 16, "HH113"), ("StreetStart", 17, "HH202")]
    assert sorted(f.code for f in found.result.findings) == sorted(code for *_, code in shown)


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


@pytest.fixture(scope="module")
def browser():
    executable = Browser.find()
    if executable is None:
        pytest.skip("Chromium is not installed")
    chromium = Browser(executable)
    yield chromium
    chromium.close()


def test_the_replayer_steps_in_headless_chromium(browser, history, tmp_path):
    bad = make_hand(HAND_ID, body=BODY.replace("Carol: calls $0.40", "Carol: calls $0.50"), summary=SUMMARY)
    history.write_text(hands_file([OTHER, bad]), encoding="utf-8")
    page = tmp_path / "hand.html"
    page.write_text(to_html(view_of(*_found(history))), encoding="utf-8")
    browser.size(1280, 900)
    browser.open(page)
    state = lambda: browser.js(
        "[document.body.dataset.step, document.getElementById('pot').textContent, "
        "document.querySelectorAll('#boards .card').length, "
        "document.getElementById('counter').textContent]"
    )
    assert state() == ["0", "Pot $0", 0, "step 1 of 20"]  # the seats, 18 events, the end
    browser.click("#next")
    assert state()[:2] == ["1", "Pot $0.05"]
    for _ in range(4):
        browser.key("ArrowRight", 39)
    assert state()[:2] == ["5", "Pot $0.45"]  # Alice raises to $0.30
    browser.key("ArrowLeft", 37)
    assert state()[:2] == ["4", "Pot $0.15"]
    browser.key("End", 35)
    assert state() == ["19", "Pot $1.45", 4, "step 20 of 20"]  # the $0.10 called too many went back
    assert browser.js("document.getElementById('next').disabled") is True
    browser.click("#first")
    assert state()[0] == "0"
    browser.click("#log li:nth-child(16)")  # the line of the wrong call: its finding is shown with it
    assert browser.js("document.getElementById('text').textContent") == "Carol: calls $0.50"
    assert "HH113 [error]" in browser.js("document.getElementById('findings').textContent")
    assert browser.js("document.querySelectorAll('#boards .card').length") == 3
    shot = browser.screenshot(tmp_path / "show-desktop.png")
    assert _png_size(shot)[0] == 1280 and shot.stat().st_size > 30_000
    browser.size(390, 844, mobile=True)
    browser.open(page, "#step=12")  # the counter's step 12
    assert state() == ["11", "Pot $1.55", 3, "step 12 of 20"]  # the call as printed, before its excess goes back
    assert browser.js("document.documentElement.scrollWidth <= window.innerWidth") is True
    assert _png_size(browser.screenshot(tmp_path / "show-phone.png"))[0] == 390
    assert browser.errors() == []


def _found(history: Path):
    found = locate(HAND_ID, [str(history)])
    return found.result, found.text


# -- the replayer, round two (issue #27 item 4) -------------------------------------------------------------
NAMES = [
    "Alexandria_Q1",
    "Bartholomew22",
    "Constantinos",
    "Dorothea_Vex",
    "Evangelina77",
    "Fitzgerald_X",
    "Genevieve_Oak",
    "Humphrey_9999",
    "Isadora_Lune",
    "MaximilianLongname",
]


def ten_max() -> str:
    """A full 10-max table with long names: seat 10 all in for $2, seat 3 and the button build a side pot
    of $8 that the aces win; the all-in kings win the main pot of $6.05 (3 × $2 + the small blind)."""
    n = NAMES
    seats = [f"Seat {i + 1}: {name} (${2 if i == 9 else 10} in chips)" for i, name in enumerate(n)]
    body = [
        f"{n[1]}: posts small blind $0.05",
        f"{n[2]}: posts big blind $0.10",
        "*** HOLE CARDS ***",
        *[f"{n[i]}: folds" for i in range(3, 9)],
        f"{n[9]}: raises $1.90 to $2 and is all-in",
        f"{n[0]}: calls $2",
        f"{n[1]}: folds",
        f"{n[2]}: raises $4 to $6",
        f"{n[0]}: calls $4",
        "*** FLOP *** [2c 7d Ks]",
        f"{n[2]}: checks",
        f"{n[0]}: checks",
        "*** TURN *** [2c 7d Ks] [9h]",
        f"{n[2]}: checks",
        f"{n[0]}: checks",
        "*** RIVER *** [2c 7d Ks 9h] [4s]",
        f"{n[2]}: checks",
        f"{n[0]}: checks",
        "*** SHOW DOWN ***",
        f"{n[2]}: shows [As Ad] (a pair of Aces)",
        f"{n[0]}: shows [Qh Qd] (a pair of Queens)",
        f"{n[2]} collected $8 from side pot",
        f"{n[9]}: shows [Kc Kh] (three of a kind, Kings)",
        f"{n[9]} collected $6.05 from main pot",
    ]
    summary = [
        "*** SUMMARY ***",
        "Total pot $14.05 Main pot $6.05. Side pot $8. | Rake $0",
        "Board [2c 7d Ks 9h 4s]",
        f"Seat 1: {n[0]} (button) showed [Qh Qd] and lost with a pair of Queens",
        f"Seat 2: {n[1]} (small blind) folded before Flop",
        f"Seat 3: {n[2]} (big blind) showed [As Ad] and won ($8) with a pair of Aces",
        *[f"Seat {i + 1}: {n[i]} folded before Flop (didn't bet)" for i in range(3, 9)],
        f"Seat 10: {n[9]} showed [Kc Kh] and won ($6.05) with three of a kind, Kings",
    ]
    return make_hand(
        "300000000010", table="Table 'Testa X' 10-max Seat #1 is the button", seats=seats, body=body, summary=summary
    )


def _view(tmp_path: Path, text: str, hand_id: str):
    path = tmp_path / f"{hand_id}.txt"
    path.write_text(text, encoding="utf-8")
    found = locate(hand_id, [str(path)])
    return view_of(found.result, found.text)


def test_the_last_step_says_who_won_what_from_which_pot(history, tmp_path):
    found = locate(HAND_ID, [str(history)])
    steps = page_data(view_of(found.result, found.text))["steps"]
    assert steps[-1]["awards"] == ["Alice won $1.40 from the pot"] and steps[-1]["won"] == {"Alice": "+$1.40"}
    assert all(s["awards"] == [] and s["won"] == {} for s in steps[:-1])  # the result is the end's alone
    view = _view(tmp_path, ten_max(), "300000000010")
    assert view.result.findings == []
    assert page_data(view)["steps"][-1]["awards"] == [
        "Constantinos won $8 from side pot 1",
        "MaximilianLongname won $6.05 from the main pot",
    ]
    nobody = HAND.replace("Alice collected $1.40 from pot\n", "")  # the pot collected by nobody
    assert _view(tmp_path, nobody, HAND_ID).results() == ["Nobody collected the pot ($1.45)."]


def test_the_findings_are_listed_each_a_link_to_its_step(tmp_path):
    bad = make_hand(HAND_ID, body=BODY.replace("Carol: calls $0.40", "Carol: calls $0.50"), summary=SUMMARY)
    view = _view(tmp_path, bad, HAND_ID)
    html = to_html(view)
    listed = re.findall(r'<li class="sev-(\w+)"><a href="#step=(\d+)" data-step="(\d+)"><b>(HH\d+)', html)
    shown = [(f.code, i) for i, fs in enumerate(step_findings(view)) for f in fs]
    assert [(code, int(step) - 1) for _, step, _, code in listed] == shown and len(shown) == 2
    assert all(int(step) == int(index) + 1 for _, step, index, _ in listed)
    assert "No findings: the hand checked out." in to_html(_view(tmp_path, HAND, HAND_ID))


# what the table looks like, measured in the page: seat boxes that overlap, seats outside the table or
# the window, names cut off or smaller than 11 px, the dealer button over a seat
TABLE = """(() => {
  const box = e => e.getBoundingClientRect();
  const meet = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const seats = Array.from(document.querySelectorAll('.seat')), felt = box(document.getElementById('felt'));
  const overlaps = [];
  seats.forEach((a, i) => seats.slice(i + 1).forEach(b => { if (meet(box(a), box(b))) overlaps.push([a.dataset.player, b.dataset.player]); }));
  const outside = seats.filter(s => { const r = box(s); return r.left < felt.left || r.right > felt.right || r.left < 0 || r.right > innerWidth; }).map(s => s.dataset.player);
  const cut = Array.from(document.querySelectorAll('.seat .name')).filter(n => n.scrollWidth > n.clientWidth || n.scrollHeight > n.clientHeight + 1).map(n => n.textContent);
  const small = Math.min(...Array.from(document.querySelectorAll('.seat .name')).map(n => parseFloat(getComputedStyle(n).fontSize)));
  const dealer = document.querySelector('.dealer');
  // the button over no seat at any step, nor over a bet in front of one
  const covered = new Set(), was = at;
  for (let i = 0; dealer && i < D.steps.length; i++) {
    show(i);
    seats.forEach(s => { if (meet(box(dealer), box(s))) covered.add(s.dataset.player); });
    document.querySelectorAll('.bet').forEach(b => { if (!b.hidden && meet(box(dealer), box(b))) covered.add('bet ' + b.textContent); });
  }
  show(was);
  return {overlaps, outside, cut, small, covered: [...covered], seats: seats.length, page: document.documentElement.scrollWidth};
})()"""


@pytest.mark.parametrize("width", [390, 1280])
def test_a_ten_max_table_fits_and_the_end_shows_the_winners_in_chromium(browser, tmp_path, width):
    from browser import artefacts

    view = _view(tmp_path, ten_max(), "300000000010")
    page = tmp_path / "ten.html"
    page.write_text(to_html(view), encoding="utf-8")
    browser.size(width, 844 if width < 600 else 900, mobile=width < 600)
    browser.open(page)
    seen = browser.js(TABLE)
    assert seen["seats"] == 10 and seen["page"] == width
    assert seen["overlaps"] == [] and seen["outside"] == [] and seen["cut"] == []
    assert seen["small"] >= 11 and seen["covered"] == []  # the dealer button covers no seat, so no name
    browser.key("End", 35)
    assert browser.js("Array.from(document.querySelectorAll('#result .result')).map(e => e.textContent)") == [
        "Constantinos won $8 from side pot 1",
        "MaximilianLongname won $6.05 from the main pot",
    ]
    assert browser.js(
        "Array.from(document.querySelectorAll('.seat.winner')).map(e => [e.dataset.player, "
        "e.querySelector('.won').textContent])"
    ) == [["Constantinos", "+$8"], ["MaximilianLongname", "+$6.05"]]
    assert browser.js(TABLE)["overlaps"] == []  # the winnings and the shown cards still fit
    browser.screenshot(artefacts(tmp_path) / f"show-ten-max-{width}.png", full=False)
    browser.key("Home", 36)
    assert browser.js("document.querySelectorAll('#result .result').length") == 0
    assert browser.errors() == []


def test_a_finding_link_jumps_to_its_step_in_chromium(browser, tmp_path):
    from browser import artefacts

    bad = make_hand(HAND_ID, body=BODY.replace("Carol: calls $0.40", "Carol: calls $0.50"), summary=SUMMARY)
    page = tmp_path / "bad.html"
    page.write_text(to_html(_view(tmp_path, bad, HAND_ID)), encoding="utf-8")
    browser.size(390, 844, mobile=True)
    browser.open(page)
    target = int(browser.js("document.querySelector('#found a').dataset.step"))
    browser.click("#found a")
    assert browser.js("document.body.dataset.step") == str(target)
    assert browser.js("document.getElementById('text').textContent") == "Carol: calls $0.50"
    assert "HH113 [error]" in browser.js("document.getElementById('findings').textContent")
    assert browser.js(TABLE)["covered"] == []  # the button beside the bets of a 6-max table too
    browser.click("#found a")
    browser.screenshot(artefacts(tmp_path) / "show-finding-390.png", full=False)
    assert browser.errors() == []


# -- Omaha: four to six hole cards (issue #29 item 4) -------------------------------------------------------
# Each game at the biggest table the corpus deals it at: `Omaha Pot Limit` 9-max (fpdb-3/pokerstars/non-holdem-samples/
# PLO-FR-USD-0.01-0.02-201006.sidepots.txt), `5 Card Omaha` and `6 Card Omaha` 6-max (the same folder's 6-Card-PLO and
# 5 Card Omaha Hi-Lo files; GGPoker's PLO5 files are 6-max too). The first seat holds the four Tens, the widest faces
# (`10♥`); on the board As Kd Qc Jh 2s the winner is the one seat that makes more than a pair with two of its cards.
OMAHA_ID = "300000000020"
OMAHA = {
    4: (  # seat 9: 2h 2d with the board's 2s, three Deuces
        "Omaha",
        ["Th Td Tc Ts", "9h 9d 9c 9s", "8h 8d 8c 8s", "7h 7d 7c 7s", "6h 6d 6c 6s", "5h 5d 5c 5s", "4h 4d 4c 4s"]
        + ["3h 3d 3c 3s", "2h 2d 2c Ah"],
        9,
    ),
    5: (  # seat 1: a Ten and the 9h with Kd Qc Jh, a straight, King high
        "5 Card Omaha",
        ["Th Td Tc Ts 9h", "9d 9c 9s 8h 8d", "8c 8s 7h 7d 7c", "7s 6h 6d 6c 6s", "5h 5d 5c 5s 4h", "4d 4c 4s 3h 3d"],
        1,
    ),
    6: (  # seat 1's straight, King high, beats seat 6's three Deuces
        "6 Card Omaha",
        ["Th Td Tc Ts 9h 9d", "9c 9s 8h 8d 8c 8s", "7h 7d 7c 7s 6h 6d", "6c 6s 5h 5d 5c 5s", "4h 4d 4c 4s 3h 3d"]
        + ["3c 3s 2h 2d 2c Ah"],
        1,
    ),
}


# the fullest table each deals (a deck of 52 holds 10 players of 4 cards, 9 of 5, 7 of 6), each player added
# holding less than the winner's hand above
FULL_RING = {
    4: (OMAHA[4][0], OMAHA[4][1] + ["Ad Kh Qh Jd"], OMAHA[4][2]),  # two pair at best
    5: (
        OMAHA[5][0],
        OMAHA[5][1] + ["3c 3s 2h 2d 2c", "Ah Ad Ac Kh Kc", "Ks Qh Qd Qs Jd"],
        OMAHA[5][2],
    ),  # three of a kind
    6: (OMAHA[6][0], OMAHA[6][1] + ["Ad Ac Kh Kc Qh Qd"], OMAHA[6][2]),
}


def omaha_hand(cards: int, tables: dict = OMAHA) -> str:
    """A pot-limit Omaha hand of `cards` hole cards: the blinds, everyone calls and checks it down, all show."""
    game, hands, winner = tables[cards]
    names = NAMES[-len(hands) :]  # MaximilianLongname, the longest, at every table
    pot = f"${len(hands) // 10}.{len(hands) % 10}0"  # $0.10 from each player
    order = names[1:] + names[:1]  # after the flop, from the small blind round to the button
    body = [
        f"{names[1]}: posts small blind $0.05",
        f"{names[2]}: posts big blind $0.10",
        "*** HOLE CARDS ***",
        f"Dealt to {names[0]} [{hands[0]}]",
        *[f"{name}: calls $0.10" for name in names[3:] + names[:1]],
        f"{names[1]}: calls $0.05",
        f"{names[2]}: checks",
    ]
    for street in ("*** FLOP *** [As Kd Qc]", "*** TURN *** [As Kd Qc] [Jh]", "*** RIVER *** [As Kd Qc Jh] [2s]"):
        body += [street, *[f"{name}: checks" for name in order]]
    body += ["*** SHOW DOWN ***", *[f"{names[i]}: shows [{hands[i]}]" for i in range(len(names))]]
    body.append(f"{names[winner - 1]} collected {pot} from pot")
    tags = {0: " (button)", 1: " (small blind)", 2: " (big blind)"}
    summary = ["*** SUMMARY ***", f"Total pot {pot} | Rake $0", "Board [As Kd Qc Jh 2s]"] + [
        f"Seat {i + 1}: {name}{tags.get(i, '')} showed [{hands[i]}] and "
        + (f"won ({pot})" if i == winner - 1 else "lost")
        for i, name in enumerate(names)
    ]
    return make_hand(
        OMAHA_ID,
        header=f"PokerStars Hand #{{hand_id}}:  {game} Pot Limit ($0.05/$0.10 USD) - 2024/01/05 20:00:00 ET",
        table=f"Table 'Testa O' {len(hands)}-max Seat #1 is the button",
        seats=[f"Seat {i + 1}: {name} ($10 in chips)" for i, name in enumerate(names)],
        body=body,
        summary=summary,
    )


def test_a_player_whose_cards_are_not_known_gets_as_many_backs_as_the_game_deals(tmp_path):
    for cards in OMAHA:
        view = _view(tmp_path, omaha_hand(cards), OMAHA_ID)
        assert view.result.findings == [] and page_data(view)["holeCards"] == cards
    assert page_data(_view(tmp_path, HAND, HAND_ID))["holeCards"] == 2


# At every step of the hand: each card drawn inside its own seat's box and clear of every other seat, its text not
# cut; the seats clear of each other and inside the table and the window; how many cards (and backs) a seat draws.
HOLES = """(() => {
  const box = e => e.getBoundingClientRect();
  const meet = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const seats = Array.from(document.querySelectorAll('.seat')), felt = box(document.getElementById('felt'));
  const problems = new Set(), drawn = new Set(), backs = new Set(), was = at;
  let narrowest = 1e9;
  for (let i = 0; i < D.steps.length; i++) {
    show(i);
    seats.forEach((seat, j) => {
      const r = box(seat), who = seat.dataset.player, cards = Array.from(seat.querySelectorAll('.hole .card'));
      if (cards.length) drawn.add(cards.length);
      const back = seat.querySelectorAll('.hole .card.back').length;
      if (back) backs.add(back);
      cards.forEach(c => { const b = box(c); narrowest = Math.min(narrowest, b.width);
        if (b.left < r.left || b.right > r.right || b.top < r.top || b.bottom > r.bottom) problems.add('card out of ' + who);
        if (c.scrollWidth > c.clientWidth) problems.add('card text cut at ' + who);
        seats.forEach(o => { if (o !== seat && meet(b, box(o))) problems.add('card of ' + who + ' over ' + o.dataset.player); });
      });
      seats.slice(j + 1).forEach(o => { if (meet(r, box(o))) problems.add('seats ' + who + ' and ' + o.dataset.player); });
      if (r.left < felt.left || r.right > felt.right || r.left < 0 || r.right > innerWidth) problems.add('outside: ' + who);
    });
  }
  show(was);
  return {problems: [...problems], drawn: [...drawn], backs: [...backs], narrowest: Math.round(narrowest),
          page: document.documentElement.scrollWidth};
})()"""


@pytest.mark.parametrize("ring", ["short", "full"])
@pytest.mark.parametrize("cards", sorted(OMAHA))
def test_four_to_six_hole_cards_fit_their_seats_in_chromium(browser, tmp_path, cards, ring):
    """Every card inside its seat and no seat over another, on a phone and a desktop, at a short table and at the
    fullest one a deck deals (a full ring of 4 to 6 cards overlapped on a phone before its oval grew taller)."""
    from browser import artefacts

    page = tmp_path / f"omaha{cards}.html"
    view = _view(tmp_path, omaha_hand(cards, FULL_RING if ring == "full" else OMAHA), OMAHA_ID)
    assert view.result.findings == []  # a real hand: its winner and pot as the replay finds them
    page.write_text(to_html(view), encoding="utf-8")
    for width in (390, 1280):  # a phone's two rows of cards and a desktop's one
        browser.size(width, 844 if width < 600 else 900, mobile=width < 600)
        browser.open(page)
        holes = browser.js(HOLES)
        assert holes.pop("narrowest") >= 14  # a back too: a card is never a sliver
        assert holes == {"problems": [], "drawn": [cards], "backs": [cards], "page": width}
        table = browser.js(TABLE)
        assert table["cut"] == [] and table["small"] >= 11 and table["covered"] == []  # names, the dealer button
        browser.key("End", 35)
        browser.screenshot(artefacts(tmp_path) / f"show-omaha{cards}-{ring}-{width}.png", full=False)
    assert browser.errors() == []


def test_the_terminal_and_the_page_name_the_game_and_show_every_hole_card(tmp_path):
    for cards, (game, hands, _) in OMAHA.items():
        path = tmp_path / f"omaha{cards}.txt"
        path.write_text(omaha_hand(cards), encoding="utf-8")
        out = run(OMAHA_ID, str(path), env={"COLUMNS": "200"}).output
        assert out.splitlines()[1] == f"{game} Pot Limit"  # under the title
        seats = [cells for cells in (row.split("│") for row in out.splitlines()) if len(cells) == 7]  # the seats table
        assert [(c[1].strip(), c[6].strip()) for c in seats] == list(zip(NAMES[-len(hands) :], hands))  # every card
        assert f" · {game} Pot Limit · valid · " in to_html(_view(tmp_path, omaha_hand(cards), OMAHA_ID))
    assert " · Hold&#x27;em No Limit · valid · " in to_html(_view(tmp_path, HAND, HAND_ID))  # escaped as all text


def test_every_game_has_a_name_to_show():
    assert set(GAME_NAMES) == set(VARIANTS) and set(LIMIT_NAMES) == set(Limit)
