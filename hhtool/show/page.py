"""`hhtool show --html`: one self-contained page (inline CSS, script and data; no outside link) that
replays the hand step by step on a card table, with next / previous buttons and the arrow keys.

The page only lays out what `steps` recorded from the replay: the amounts arrive as the text the
terminal prints (`$1.50`), so the script does no arithmetic on money. Text from the hand reaches
the page as JSON inside a `<script type="application/json">` and is set with `textContent`, never
parsed as HTML.
"""

from __future__ import annotations

import json
from html import escape

from hhtool.findings import Finding
from hhtool.show.steps import HandView, Step
from hhtool.words import count


def _finding(f: Finding) -> dict:
    return {"code": f.code, "severity": str(f.severity), "message": f.message, "line": f.line}


def step_findings(view: HandView) -> list[list[Finding]]:
    """The findings each step shows, so that every finding is shown once: a step shows those on its
    line and on the lines since the step before (a seat line, a chat line), the seats those on the
    lines before the first event, the end those of the summary and those at no line of the hand."""
    steps = view.steps
    out: list[list[Finding]] = [[] for _ in steps]
    if not steps:
        return out
    inside = [f for f in view.result.findings if f not in view.loose_findings()]
    bounds = [s.line for s in steps[1:-1]]  # events: the line each step's findings reach up to
    for f in inside:
        index = next((i + 1 for i, line in enumerate(bounds) if f.line <= line), len(steps) - 1)
        if bounds and index == 1 and f.line < bounds[0]:
            index = 0  # before the first event: the seats
        out[index].append(f)
    out[-1] += view.loose_findings()
    return out


def _step(view: HandView, step: Step, last: bool, findings: list[Finding]) -> dict:
    offset = step.line - view.first_line
    text = view.lines[offset] if 0 <= offset < len(view.lines) else ""
    if step.kind == "seats":
        text = "Seats and stacks before the hand"
    elif last:
        text = "End of the hand: " + (
            f"pot {view.money(view.total_pot)}, rake {view.money(view.rake or 0)}"
            if view.total_pot is not None
            else "not settled"
        )
    won: dict[str, int] = {}
    if last:
        for player, amount, _ in view.awards:
            won[player] = won.get(player, 0) + amount
    return {
        "line": step.line,
        "kind": step.kind,
        "street": step.street,
        "actor": step.actor,
        "text": text,
        # the last step: who won what from which pot, and each winner's total at the seat
        "awards": view.results() if last else [],
        "won": {name: "+" + view.money(v) for name, v in won.items()},
        "pot": view.money(step.pot),
        "stacks": {name: view.money(v) for name, v in step.stacks.items()},
        "bets": {name: view.money(v) for name, v in step.bets.items()},
        "folded": step.folded,
        "allIn": step.all_in,
        "cards": {name: list(c) for name, c in step.cards.items()},
        "boards": [list(b) for b in step.boards],
        "findings": [_finding(f) for f in findings],
    }


def finding_steps(view: HandView) -> list[tuple[Finding, int]]:
    """Each finding with the step that shows it (0-based), in the order of the steps."""
    return [(f, i) for i, found in enumerate(step_findings(view)) for f in found]


def _findings_list(view: HandView) -> str:
    """The hand's findings, each a link to the step that shows it (`#step=N`, N as the counter numbers it)."""
    pairs = finding_steps(view)
    if not pairs:
        return '<p class="keys" id="found">No findings: the hand checked out.</p>'
    items = "".join(
        f'<li class="sev-{escape(str(f.severity))}"><a href="#step={i + 1}" data-step="{i}">'
        f"<b>{escape(f.code)} [{escape(str(f.severity))}]</b> {escape(f.message)}</a> "
        f'<span class="keys">line {f.line}, step {i + 1}</span></li>'
        for f, i in pairs
    )
    return f'<h2>{escape(count(len(pairs), "finding").capitalize())}</h2><ol class="found" id="found">{items}</ol>'


def page_data(view: HandView) -> dict:
    r = view.result
    hand = r.hand
    header = hand.header if hand is not None else None
    return {
        "handId": r.hand_id,
        "site": r.site,
        "status": r.status,
        "file": r.file,
        "line": r.line,
        "table": header.table if header else None,
        "holeCards": view.hole_cards,  # the backs drawn for a player still in whose cards are not known
        "maxSeats": (header.max_seats if header else None) or max((s.seat for s in view.seats), default=0),
        "button": header.button_seat if header else None,
        "seats": [
            {
                "seat": s.seat,
                "player": s.player,
                "start": view.money(s.start),
                "final": view.money(s.final),
                "dealtIn": s.dealt_in,
                "position": s.position,
            }
            for s in view.seats
        ],
        "steps": [
            _step(view, s, i == len(view.steps) - 1, found)
            for i, (s, found) in enumerate(zip(view.steps, step_findings(view)))
        ],
        "lines": [{"n": view.first_line + i, "text": t} for i, t in enumerate(view.lines)],
        "findings": [_finding(f) for f in r.findings],
    }


def _json_for_script(data: dict) -> str:
    """JSON that cannot end the script element it sits in (`</script>` in a player name)."""
    return (
        json.dumps(data, ensure_ascii=False)
        .replace("<", "\\u003c")
        .replace(">", "\\u003e")
        .replace("&", "\\u0026")
        .replace("\u2028", "\\u2028")
        .replace("\u2029", "\\u2029")
    )


CSS = """
:root{--ink:#1f2933;--muted:#5f6b7a;--line:#d9dde3;--bg:#f6f7f9;--felt:#1f6f4a;--rail:#5b3a1e;
 --bad:#b03a2e;--warn:#b9770e;--info:#2f6f9f}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--ink);font:15px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif}
main{max-width:960px;margin:0 auto;padding:16px 14px 40px}
h1{font-size:22px;margin:0 0 2px}
.sub{color:var(--muted);margin:0 0 12px;overflow-wrap:anywhere}
.felt{position:relative;width:100%;aspect-ratio:2/1;min-height:260px;margin:56px 0 64px;background:radial-gradient(ellipse at center,#2a8a5c 0,var(--felt) 70%);
 border:12px solid var(--rail);border-radius:50%/50%;}
.center{position:absolute;left:50%;top:50%;transform:translate(-50%,-50%);text-align:center;color:#fff;width:60%}
.pot{font-weight:700;font-size:17px;margin-top:4px}
.street{font-size:12px;text-transform:uppercase;letter-spacing:.08em;opacity:.85}
.board{display:flex;gap:4px;justify-content:center;min-height:42px;flex-wrap:wrap}
.felt{--rx:46;--ry:44}
.seat{position:absolute;transform:translate(-50%,-50%);background:#fff;border:2px solid var(--line);border-radius:8px;
 padding:3px 7px;width:max-content;min-width:92px;text-align:center;font-size:12px;
 box-shadow:0 1px 3px rgba(0,0,0,.25)}
/* a name wraps where a 130px seat wrapped it; only the hole cards (four to six in Omaha) make a seat wider */
.seat>:not(.hole){max-width:112px;margin:0 auto}
.seat .name{font-weight:650;overflow-wrap:anywhere;line-height:1.2}
.seat.winner{border-color:#27ae60;box-shadow:0 0 0 3px #27ae60}
.seat .won{color:#1e8449;font-weight:700}
.seat .stack{font-variant-numeric:tabular-nums}
.seat.actor{border-color:#f5b041;box-shadow:0 0 0 3px #f5b041}
.seat.folded{opacity:.45}
.seat.out{opacity:.3}
.dealer{position:absolute;transform:translate(-50%,-50%);width:22px;height:22px;border-radius:50%;background:#fff;
 border:1px solid #333;font-size:11px;font-weight:700;line-height:20px;text-align:center;z-index:1}
.seat .tag{font-size:10px;color:var(--muted)}
.seat .allin{color:var(--bad);font-weight:700;font-size:10px}
.bet{position:absolute;transform:translate(-50%,-50%);background:#f4d03f;color:#222;border-radius:10px;padding:0 7px;
 font-size:12px;font-weight:650;font-variant-numeric:tabular-nums;white-space:nowrap}
.hole{display:flex;gap:2px;justify-content:center;margin-top:2px;min-height:30px}
.card{display:inline-flex;align-items:center;justify-content:center;min-width:30px;padding:0 2px;height:42px;background:#fff;color:#111;
 border:1px solid #999;border-radius:4px;font-weight:700;font-size:15px}
.hole .card{flex:none;width:auto;min-width:22px;padding:0 2px;height:30px;font-size:12px}
.card.red{color:#c0392b}
.card.back{background:repeating-linear-gradient(45deg,#2c3e94,#2c3e94 3px,#3b4fb8 3px,#3b4fb8 6px);border-color:#223}
.controls{display:flex;gap:8px;align-items:center;flex-wrap:wrap;margin:6px 0}
button{font:inherit;padding:6px 14px;border:1px solid #8895a7;border-radius:6px;background:#fff;cursor:pointer}
button:disabled{opacity:.4;cursor:default}
#counter{color:var(--muted);font-variant-numeric:tabular-nums}
.now{background:#fff;border:1px solid var(--line);border-radius:8px;padding:8px 12px;margin:8px 0}
.now .text{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:13px;overflow-wrap:anywhere}
.finding{margin:4px 0 0;font-size:13px;overflow-wrap:anywhere}
.finding b{font-family:ui-monospace,Menlo,Consolas,monospace}
.sev-error{color:var(--bad)} .sev-warning{color:var(--warn)} .sev-info{color:var(--info)}
ol.log{position:relative;list-style:none;margin:8px 0;padding:0;background:#fff;border:1px solid var(--line);border-radius:8px;
 font:12px/1.5 ui-monospace,Menlo,Consolas,monospace;max-height:360px;overflow:auto}
ol.log li{padding:0 8px;white-space:pre-wrap;overflow-wrap:anywhere;cursor:pointer}
ol.log li .n{color:var(--muted);display:inline-block;min-width:4ch;text-align:right;margin-right:1ch}
ol.log li.cur{background:#fdebd0}
ol.log li.has{border-left:3px solid var(--bad)}
.keys{color:var(--muted);font-size:12px}
.result{margin:4px 0 0;font-weight:650;color:#1e8449}
h2{font-size:17px;margin:18px 0 4px}
ol.found{margin:4px 0 8px;padding-left:22px;font-size:13px;overflow-wrap:anywhere}
ol.found a{color:inherit}
ol.found b{font-family:ui-monospace,Menlo,Consolas,monospace}
@media (max-width:600px){.felt{aspect-ratio:4/5;border-width:8px;margin:44px 0 52px;--rx:38;--ry:43}
 .seat{min-width:60px;font-size:11px;padding:2px 4px} .seat>:not(.hole){max-width:68px}
 .felt.crowded .seat{font-size:11px;line-height:1.15} .felt.crowded .seat>:not(.hole){max-width:60px}
 .felt.crowded .seat .tag{display:none}
 .card{min-width:24px;height:34px;font-size:12px} .hole .card{min-width:17px;height:24px;font-size:10px}
 /* four to six cards drawn narrow, the rank over the suit, in one row (two of three on a crowded table) */
 .hole[data-n="4"],.hole[data-n="5"],.hole[data-n="6"]{gap:1px}
 .hole[data-n="4"] .card,.hole[data-n="5"] .card,.hole[data-n="6"] .card{flex-direction:column;min-width:14px;padding:0 1px;line-height:1}
 .felt.crowded .hole[data-n="5"],.felt.crowded .hole[data-n="6"]{display:grid;grid-template-columns:repeat(3,auto);justify-content:center}
 .felt.crowded .hole[data-n="4"]{display:grid;grid-template-columns:repeat(2,auto);justify-content:center}
 .felt.crowded.omaha{aspect-ratio:3/5}
 .hole{min-height:24px} .center{width:70%}}
"""

SCRIPT = r"""
const D = JSON.parse(document.getElementById('hand').textContent);
const SUITS = {h: '\u2665', d: '\u2666', c: '\u2663', s: '\u2660'};
let at = 0;
const el = (tag, cls, text) => { const e = document.createElement(tag); if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text; return e; };
function card(c) {
  const e = el('span', 'card');
  if (!c) { e.classList.add('back'); return e; }
  const suit = c.slice(-1), rank = c.slice(0, -1);
  e.append(el('span', '', rank === 'T' ? '10' : rank), el('span', '', SUITS[suit] || suit));  // a phone may stack them
  if (suit === 'h' || suit === 'd') e.classList.add('red');
  e.title = c;
  return e;
}
const felt = document.getElementById('felt'), seatEls = {}, betEls = {};
const n = Math.max(D.maxSeats, D.seats.length, 2);
if (n > 6) felt.classList.add('crowded');
if (D.holeCards > 2) felt.classList.add('omaha');  // a phone draws a full ring's 4 to 6 cards in rows: a taller oval
const radius = name => parseFloat(getComputedStyle(felt).getPropertyValue(name));
const rx = radius('--rx'), ry = radius('--ry');
// seat 1 at the bottom, the others clockwise around the oval, as a client draws its table
D.seats.forEach(s => {
  const ang = Math.PI / 2 + (s.seat - 1) * 2 * Math.PI / n;
  const x = 50 + rx * Math.cos(ang), y = 50 + ry * Math.sin(ang);
  const e = el('div', 'seat');
  e.style.left = x + '%'; e.style.top = y + '%';
  e.append(el('div', 'name', s.player), el('div', 'stack'), el('div', 'won'), el('div', 'hole'), el('div', 'tag',
    (s.position || ('seat ' + s.seat))));
  if (D.button === s.seat) {  // on the felt beside the seat, towards the middle: never over a name
    const d = el('span', 'dealer', 'D'), a = ang + Math.PI / n;  // half way to the next seat
    d.title = 'dealer button: ' + s.player;
    d.style.left = (50 + 0.74 * rx * Math.cos(a)) + '%'; d.style.top = (50 + 0.74 * ry * Math.sin(a)) + '%';
    felt.append(d);
  }
  e.dataset.player = s.player;
  if (!s.dealtIn) e.classList.add('out');
  felt.append(e); seatEls[s.player] = e;
  const b = el('div', 'bet'); b.style.left = (50 + 0.58 * rx * Math.cos(ang)) + '%';
  b.style.top = (50 + 0.58 * ry * Math.sin(ang)) + '%';
  b.hidden = true; felt.append(b); betEls[s.player] = b;
});
const log = document.getElementById('log'), logEls = {};
const flagged = new Set(D.findings.map(f => f.line));
D.lines.forEach(l => {
  const li = el('li'); li.append(el('span', 'n', String(l.n)), document.createTextNode(l.text));
  if (flagged.has(l.n)) li.classList.add('has');
  li.addEventListener('click', () => { const i = D.steps.findIndex(s => s.line >= l.n); show(i < 0 ? D.steps.length - 1 : i); });
  log.append(li); logEls[l.n] = li;
});
function show(i) {
  at = Math.max(0, Math.min(D.steps.length - 1, i));
  const s = D.steps[at];
  D.seats.forEach(seat => {
    const e = seatEls[seat.player], name = seat.player;
    e.querySelector('.stack').textContent = s.stacks[name] ?? seat.start;
    e.classList.toggle('folded', s.folded.includes(name));
    e.classList.toggle('actor', s.actor === name);
    const hole = e.querySelector('.hole'); hole.replaceChildren();
    const known = s.cards[name];
    if (known) known.forEach(c => hole.append(card(c)));
    else if (seat.dealtIn && at > 0 && !s.folded.includes(name)) { for (let k = 0; k < D.holeCards; k++) hole.append(card(null)); }
    hole.dataset.n = String(hole.children.length);  // on a phone, 4 to 6 cards are drawn narrower (rank over suit)
    let tag = e.querySelector('.allin');
    if (s.allIn.includes(name) && !tag) e.append(el('div', 'allin', 'ALL-IN'));
    if (!s.allIn.includes(name) && tag) tag.remove();
    const b = betEls[name]; b.hidden = !s.bets[name]; b.textContent = s.bets[name] || '';
    e.classList.toggle('winner', !!s.won[name]); e.querySelector('.won').textContent = s.won[name] || '';
  });
  const result = document.getElementById('result'); result.replaceChildren();
  s.awards.forEach(a => result.append(el('div', 'result', a)));
  const boards = document.getElementById('boards'); boards.replaceChildren();
  (s.boards.length ? s.boards : [[]]).forEach(cards => { const row = el('div', 'board');
    cards.forEach(c => row.append(card(c))); boards.append(row); });
  document.getElementById('pot').textContent = 'Pot ' + s.pot;
  document.getElementById('street').textContent = s.street;
  document.getElementById('text').textContent = s.text;
  document.getElementById('where').textContent = 'line ' + s.line;
  const fs = document.getElementById('findings'); fs.replaceChildren();
  s.findings.forEach(f => { const p = el('div', 'finding sev-' + f.severity); p.append(el('b', '', f.code + ' [' + f.severity + '] '),
    document.createTextNode(f.message + ' (line ' + f.line + ')')); fs.append(p); });
  document.getElementById('counter').textContent = 'step ' + (at + 1) + ' of ' + D.steps.length;
  document.getElementById('prev').disabled = document.getElementById('first').disabled = at === 0;
  document.getElementById('next').disabled = document.getElementById('last').disabled = at === D.steps.length - 1;
  Object.values(logEls).forEach(li => li.classList.remove('cur'));
  const cur = logEls[s.line]; if (cur) { cur.classList.add('cur');
    log.scrollTop = cur.offsetTop - log.clientHeight / 2; }
  document.body.dataset.step = String(at);
  keepSeatsOnTheTable();
}
// a wide seat at the side of a full ring (9-max, a long name or six cards) is moved in to stay on the table
function keepSeatsOnTheTable() {
  const table = felt.getBoundingClientRect();
  Object.values(seatEls).forEach(e => {
    e.style.marginLeft = '';
    const r = e.getBoundingClientRect();
    const shift = r.left < table.left ? table.left - r.left : r.right > table.right ? table.right - r.right : 0;
    if (shift) e.style.marginLeft = shift + 'px';
  });
}
window.addEventListener('resize', keepSeatsOnTheTable);
document.getElementById('first').onclick = () => show(0);
document.getElementById('prev').onclick = () => show(at - 1);
document.getElementById('next').onclick = () => show(at + 1);
document.getElementById('last').onclick = () => show(D.steps.length - 1);
document.addEventListener('keydown', e => {
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  const to = {ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: D.steps.length - 1}[e.key];
  if (to !== undefined) { e.preventDefault(); show(to); }
});
const fromHash = () => { const m = /step=(\d+)/.exec(location.hash); return m ? Number(m[1]) - 1 : null; };
window.addEventListener('hashchange', () => { const i = fromHash(); if (i !== null) show(i); });
document.querySelectorAll('#found a').forEach(a => a.addEventListener('click', () => show(Number(a.dataset.step))));
show(fromHash() ?? 0);  // #step=N: step N as the counter numbers it, from 1 (the findings link so)
"""


def to_html(view: HandView) -> str:
    """The page for one hand; a hand that could not be parsed gets its text and findings only."""
    data = page_data(view)
    r = view.result
    title = f"Hand {r.hand_id or '?'}"
    sub = f"{r.site} · {data['table'] or ''} · {view.game + ' · ' if view.game else ''}{r.status} · {r.file}:{r.line} · {count(len(r.findings), 'finding')}"
    if view.steps:
        replayer = (
            '<div class="controls"><button id="first" title="first step (Home)">&#xAB; first</button>'
            '<button id="prev" title="previous step (&#x2190;)">&#x25C0; previous</button>'
            '<button id="next" title="next step (&#x2192;)">next &#x25B6;</button>'
            '<button id="last" title="last step (End)">last &#xBB;</button><span id="counter"></span></div>'
            '<div class="felt" id="felt"><div class="center"><div class="street" id="street"></div>'
            '<div id="boards"></div><div class="pot" id="pot"></div></div></div>'
            '<div class="now"><span class="text" id="text"></span> <span class="keys" id="where"></span>'
            '<div id="findings"></div><div id="result"></div></div>'
            '<p class="keys">Keys: &#x2190; / &#x2192; step back and forward, Home / End the first and last '
            "step; click a line below to jump to it.</p>"
            f'{_findings_list(view)}<ol class="log" id="log"></ol><script>{SCRIPT}</script>'
        )
    else:
        items = "".join(
            f'<div class="finding sev-{f.severity}"><b>{escape(f.code)} [{f.severity}]</b> '
            f"{escape(f.message)} (line {f.line})</div>"
            for f in r.findings
        )
        text = "\n".join(escape(line) for line in view.lines)
        replayer = (
            f"<p>This hand was not replayed ({escape(r.status)}).</p>{items}"
            f'<pre class="now text" style="white-space:pre-wrap">{text}</pre>'
        )
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title><style>{CSS}</style></head><body><main>"
        f'<h1>{escape(title)}</h1><p class="sub">{escape(sub)}</p>'
        f'<script type="application/json" id="hand">{_json_for_script(data)}</script>'
        f"{replayer}</main></body></html>\n"
    )
