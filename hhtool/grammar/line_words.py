"""The kinds of line a grammar allows, said in poker words for HH010 (never the terminal names).

A player who reads "expected BET, CALL, CHAT (+24 more)" learns nothing; "expected an action (folds,
checks, calls, bets, raises), a blind or ante post, a chat line" tells what could stand there. Each
grammar terminal of `grammar/*.lark` maps to one phrase; several terminals share one, and the
phrases come in the order of a hand. A terminal not listed here is named by its words in lower case
(`FAST_FOLD` -> "a fast fold line"), so a new terminal never shows its raw name either.
"""

from __future__ import annotations

from collections.abc import Iterable

_PHRASES: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "the header line",
        ("HEADER", "HAND_HEADER", "GAME", "GAME_NO", "GAME_STARTS", "INTRO", "STAKES", "LEVEL", "OPTIONS", "PLAYERS"),
    ),
    ("the table line", ("TABLE", "TABLE_INFO", "BUTTON", "SET_DEALER")),
    ("a seat line", ("SEAT", "SEATING_INFO", "PLAYER_INFO", "SEAT_COUNT")),
    (
        "a blind or ante post",
        (
            "POST_SMALL",
            "POST_BIG",
            "POST_BOTH",
            "POST_ANTE",
            "POST_BUTTON",
            "POST",
            "POST_DEAD",
            "POST_MISSED",
            "POST_NOW",
            "POST_CHIP",
            "SMALL",
            "BIG",
            "ANTE",
            "STRADDLE",
            "BLINDS",
            "NO_SMALL_BLIND",
        ),
    ),
    (
        "a street (hole cards, flop, turn, river) or the cards dealt",
        ("STREET", "DEALING", "DEALT", "TABLE_CARDS", "CARD", "NO_CARD"),
    ),
    (
        "an action (folds, checks, calls, bets, raises)",
        ("FOLD", "CHECK", "CALL", "BET", "RAISE", "ALLIN", "ALL_IN", "ALL_IN_MARK", "FAST_FOLD", "CAP", "CAPPED"),
    ),
    ("an uncalled bet returned", ("UNCALLED",)),
    (
        "a showdown line (shows, mucks)",
        ("SHOW", "SHOW_HAND", "SHOWDOWN", "MUCK", "MUCK_SHOW", "NO_SHOW", "DENIES", "NO_LOW"),
    ),
    (
        "a pot collected",
        ("COLLECT", "WINS", "POT", "POTS", "SIDE_POT", "CREATE_POT", "STREET_POT", "POT_ADDED", "RESULT"),
    ),
    (
        "a cash-out or insurance line",
        (
            "CASH_OUT",
            "CASH_OUT_CHANCE",
            "CASH_OUT_OPTED",
            "CASH_OUT_PREMIUM",
            "CASHOUT_RECEIVED",
            "CASHOUT_RISK",
            "EV_CASHOUT",
            "INSURANCE",
            "INSURANCE_PAID",
            "INSURANCE_PREMIUM",
            "CASH_DROP",
        ),
    ),
    (
        "the summary (total pot, board, each seat's result)",
        ("SUMMARY", "TOTAL_POT", "SEAT_RESULT", "BOARD", "LEDGER", "RUN_TWICE", "RUN_TIMES"),
    ),
    (
        "a player joining, leaving or sitting out",
        (
            "JOIN",
            "LEAVE",
            "SITTING_OUT",
            "SITS_DOWN",
            "STANDS_UP",
            "SEAT_WAIT",
            "WAIT_BB",
            "WAIT_BUTTON",
            "JOINED_LATE",
            "REMOVED",
            "MOVED",
        ),
    ),
    (
        "a connection or time-bank note",
        (
            "CONNECTION",
            "CONNECTION_LOST",
            "DISCONNECTED",
            "RECONNECTED",
            "TIMED_OUT",
            "TIME_BANK",
            "TIME_BANK_NOTE",
            "SECONDS_LEFT",
            "NO_RESPONSE",
        ),
    ),
    (
        "a tournament line (rebuy, bounty, finish, break)",
        ("REBUY", "ADDS", "BOUNTY", "FINISHED", "CONGRATS", "LEVEL_MOVES", "PRIZES_EQUAL", "BREAK"),
    ),
    ("a chat line", ("CHAT", "CHATTER", "CHAT_OFF", "CLIENT_MESSAGE")),
    ("the end of the hand", ("ENDED", "CANCELLED", "DURATION", "ARCHIVE_SEPARATOR")),
)
_PHRASE_OF: dict[str, str] = {terminal: phrase for phrase, terminals in _PHRASES for terminal in terminals}
_ORDER: dict[str, int] = {phrase: index for index, (phrase, _) in enumerate(_PHRASES)}


def line_kind(terminal: str) -> str:
    """One terminal in words: `CALL` -> "an action (folds, checks, calls, bets, raises)"."""
    phrase = _PHRASE_OF.get(terminal)
    if phrase is not None:
        return phrase
    return "a " + terminal.lower().replace("_", " ") + " line"


def line_kinds(terminals: Iterable[str]) -> list[str]:
    """The phrases of `terminals`, each once, in the order lines come in a hand."""
    phrases: list[str] = []
    for terminal in terminals:
        phrase = line_kind(terminal)
        if phrase not in phrases:
            phrases.append(phrase)
    phrases.sort(key=lambda phrase: _ORDER.get(phrase, len(_ORDER)))
    return phrases


def expected_kinds(terminals: Iterable[str]) -> str:
    """`a, b or c`: what kinds of line could stand where the grammar stopped."""
    phrases = line_kinds(terminals)
    if not phrases:
        return "nothing more"
    if len(phrases) == 1:
        return phrases[0]
    return ", ".join(phrases[:-1]) + " or " + phrases[-1]
