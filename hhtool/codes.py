"""The finding codes, each declared once with everything hhtool says about it (as ruff declares a
`Violation`): its name, severity, the RULES.md rule it enforces, a one-line summary, why it is a problem,
an example and its message templates. `finding()`, `hhtool rules`, docs/rules.md, SARIF, --statistics,
the audit and the --select/--ignore check all read these declarations (`CATALOGUE`).

A code is a `Code`, a `str`: `HH121 == "HH121"`, so `finding(HH121, ...)` and `finding("HH121", ...)`
are one call, and a Finding stores the plain string. Codes are stable: HH0xx input and parsing, HH1xx
blinds, actions and order, HH2xx pots, chips and rake, HH3xx cards, showdown and ranking, HH4xx header,
seats and cross-hand (`Category`). A new code is one declaration below, in its category's section, and
the module that raises it; tests/test_codes.py checks that every code used is declared here, that every
code declared is used and that docs/rules.md (`python -m hhtool.outputs.rule_docs`) is current.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType
from typing import Final, NoReturn, Self

from hhtool.findings import Finding, Severity


class Category(StrEnum):
    """What part of a hand a code is about: its hundreds digit (HH0xx to HH4xx), in that order."""

    INPUT = "input and parsing"
    ACTIONS = "blinds, actions and order"
    POTS = "pots, chips and rake"
    CARDS = "cards, showdown and ranking"
    TABLE = "header, seats and cross-hand"


# The rules of shared/RULES.md, in one line each, for `hhtool rules CODE` (a code's `rule` is one of these ids).
RULE_TEXT: Final[Mapping[str, str]] = MappingProxyType(
    {
        "T1": "2 to 10 seated players take part in a hand (min_players is a house rule).",
        "T2": "One 52-card deck; a card appears at most once per hand.",
        "T3": "Chips in front of a player do not change during a hand; buying in happens between hands.",
        "T4": "Cash: buy in or rebuy with at least the minimum buy-in (default 50 big blinds).",
        "T7": "The button moves one seat clockwise after every hand.",
        "B1": "Small blind is the first player left of the button, big blind the next.",
        "B2": "Heads-up the button posts the small blind, acts first pre-flop and last afterwards.",
        "B3": "A blind or ante smaller than stated is allowed only when it puts the player all-in.",
        "D2": "Board sizes are 0, 3, 4, 5; streets come in order.",
        "A1": "Pre-flop the player left of the big blind acts first; later the first active player left of the button.",
        "A2": "With nothing to call: check or bet; facing a bet: fold, call or raise.",
        "A3": "A round ends when everyone still in has acted and matched; the big blind keeps the option.",
        "A4": "No-limit: minimum bet the big blind, minimum raise the largest previous bet or raise.",
        "A5": "Pot-limit: at most a raise to the size of the pot after the call.",
        "A6": "Fixed limit: bets and raises of exactly the small or big bet; at most four bets a round.",
        "A7": "An all-in raise short of a full raise does not reopen the betting for players who acted.",
        "A8": "A player who folded or is all-in takes no further action; nobody acts out of turn.",
        "P1": "Main pot is what every active player could match; each all-in level starts a side pot.",
        "P2": "An uncalled bet goes back to the bettor and is never part of the pot.",
        "P3": "Rake follows the room's schedule; chips are conserved (stack changes + rake = 0).",
        "S2": "Hands rank royal flush down to high card; only the best five cards count.",
        "S3": "Side pots are settled first among their eligible players, then the main pot.",
        "S4": "Equal hands split the pot; an odd chip goes to the first winner left of the button.",
        "S5": "If everyone else folds, the last player wins without showing.",
    }
)

_CODE_SHAPE = re.compile(r"HH[0-4][0-9]{2}")
_NAME_SHAPE = re.compile(r"(?:[A-Z][A-Za-z0-9]*)+")


class Code(str):
    """A finding code and its declaration. The string itself is the code; the attributes are set once,
    at the declaration, and cannot change.

    - `name`: the rule name SARIF shows (PascalCase, no spaces), stable when the summary's wording changes;
    - `severity` of the findings; `rule`, the RULES.md id the code enforces ("" for input problems);
    - `summary` (one line: `hhtool rules`), `why` (what the check protects) and `example` (an input that raises it);
    - `messages`: the message templates (str.format, with the numbers already written as findings print them)
      by variant ("" when the code has one shape), the one place a message's wording lives (`message()`);
      codes whose message is built where it is raised (it quotes the input, or differs case by case) have none.
    """

    code: str  # the plain string, which a Finding stores
    name: str
    severity: Severity
    rule: str
    summary: str
    why: str
    example: str
    messages: Mapping[str, str]

    def __new__(
        cls,
        code: str,
        name: str,
        severity: Severity,
        *,
        rule: str = "",
        summary: str,
        why: str,
        example: str,
        message: str | Mapping[str, str] = "",
    ) -> Self:
        if not _CODE_SHAPE.fullmatch(code) or code in CATALOGUE:
            raise ValueError(f"{code!r} is not a new code of the shape HHnnn")
        if not _NAME_SHAPE.fullmatch(name) or any(other.name == name for other in CATALOGUE.values()):
            raise ValueError(f"{code}: {name!r} is not a new PascalCase name")
        if rule and rule not in RULE_TEXT:
            raise ValueError(f"{code}: {rule!r} is no rule of RULES.md (RULE_TEXT)")
        self = super().__new__(cls, code)
        messages = message if isinstance(message, Mapping) else {"": message} if message else {}
        self.__dict__.update(
            code=code,
            name=name,
            severity=severity,
            rule=rule,
            summary=summary,
            why=why,
            example=example,
            messages=MappingProxyType(dict(messages)),
        )
        CATALOGUE[code] = self
        return self

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"{self.code} is declared once: its {name} cannot change")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"{self.code} is declared once: its {name} cannot change")

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (declared, (self.code,))  # the one declaration, not a copy (pickle, copy)

    @property
    def category(self) -> Category:
        return _CATEGORIES[int(self.code[2])]

    @property
    def rule_text(self) -> str:
        """`A4: No-limit: minimum bet ...` for a code that enforces a rule of RULES.md, else `input and parsing`."""
        return f"{self.rule}: {RULE_TEXT[self.rule]}" if self.rule in RULE_TEXT else "input and parsing"

    def message(self, variant: str = "", **values: object) -> str:
        """The message of a finding of this code: the template of `variant` with the values written in."""
        return self.messages[variant].format(**values)


_CATEGORIES: Final = tuple(Category)

# Every code by its string, in the order declared (the order of `hhtool rules`, docs/rules.md and SARIF's rules).
CATALOGUE: dict[str, Code] = {}


def declared(code: str) -> Code:
    """The declaration of `code` (KeyError for a string that is no code)."""
    return CATALOGUE[code]


def message(code: str, variant: str = "", **values: object) -> str:
    """The message of a finding: its code's template (of `variant`) with the values written in."""
    return CATALOGUE[code].messages[variant].format(**values)


def finding(
    code: str,
    message: str,
    file: str,
    line: int,
    column: int = 1,
    *,
    hand_id: str | None = None,
    expected: object = None,
    actual: object = None,
) -> Finding:
    """A Finding of `code` (a Code or its string), its rule id and severity from the declaration."""
    entry = CATALOGUE[code]
    return Finding(
        entry.code,
        entry.rule,
        entry.severity,
        message,
        file,
        line,
        column,
        hand_id,
        None if expected is None else str(expected),
        None if actual is None else str(actual),
    )


# ---- HH0xx: input and parsing ---------------------------------------------------------------
HH001: Final = Code(
    "HH001",
    "FileContainsNoHand",
    Severity.WARNING,
    summary="file contains no hand",
    why=(
        "An empty file, or one with only blank lines, or a folder given on the command line with no "
        "hand-history file in it, holds nothing to check; it is reported so a broken export or a wrong "
        "path is noticed."
    ),
    example="an empty .txt file",
)
HH002: Final = Code(
    "HH002",
    "TextOutsideAnyHand",
    Severity.WARNING,
    summary="text outside any hand",
    why=(
        "Lines before the first hand header that belong to no hand (a tournament summary, notes, a "
        "cut header) are not lost silently."
    ),
    example="a tournament summary before the first hand",
)
HH003: Final = Code(
    "HH003",
    "BinaryFile",
    Severity.ERROR,
    summary="binary file",
    why="A file with NUL bytes and no UTF-16 byte-order mark is not a text hand history.",
    example="a .png renamed to .txt",
)
HH004: Final = Code(
    "HH004",
    "FileCannotBeRead",
    Severity.ERROR,
    summary="file cannot be read",
    why=(
        "The file vanished, is a directory or is not readable, a folder cannot be listed, or the path is "
        "a FIFO, socket or device (reading it could block for ever); the run goes on with the next file."
    ),
    example="permission denied",
)
HH005: Final = Code(
    "HH005",
    "HandBlockTooLarge",
    Severity.ERROR,
    summary="hand block too large",
    why=(
        "A hand is a few kilobytes; a block over the limit (a 10 MB line, a missing header) is not "
        "parsed, to keep memory and time bounded."
    ),
    example="a 10 MB line inside a hand",
)
HH006: Final = Code(
    "HH006",
    "ArchiveExpandsBeyondTheLimit",
    Severity.ERROR,
    summary="archive expands beyond the limit",
    why=(
        "A .gz file or .zip member that expands to more than 200 times its compressed size (at least "
        "1 MiB) is a zip bomb, not hand histories (they compress about 10:1); reading stops at the "
        "limit, so time stays bounded, and the hands read up to there are reported."
    ),
    example="a 1 MB .zip member that expands to 1 GB of blank lines",
)
HH007: Final = Code(
    "HH007",
    "KnownSidecarFileNotAHandHistory",
    Severity.INFO,
    summary="known sidecar file, not a hand history",
    why=(
        "A site's client writes other files beside its hand histories (888's `***** Cassava Tournament "
        "Summary *****`: a tournament's buy-in and finish); such a file, declared in the site's dialect "
        "(`Dialect.sidecars`), is recognised by its first line and skipped, not reported as stray text (HH002)."
    ),
    example="an 888 tournament summary file",
)
HH008: Final = Code(
    "HH008",
    "TournamentSummaryLineNotUnderstood",
    Severity.WARNING,
    summary="tournament summary line not understood",
    why=(
        "A tournament summary file (`hhtool stats --tournaments`) is read line by line: buy-in, entrants, "
        "prize pool, the finishing order, the hero's finish. A line of none of those kinds, or an amount "
        "that is no amount of its currency, is reported and left out; the rest of the summary still counts."
    ),
    example="`Buy-In: $1O.00/$0.50 USD` (a letter O for a zero)",
)
HH009: Final = Code(
    "HH009",
    "HandHistoryNotAvailable",
    Severity.INFO,
    summary="hand history not available",
    why=(
        "A client can write a placeholder where a hand should be (PartyPoker's `Game #N starts.`, `#Game No : "
        "N`, `Table Closed`, `The hand history for this hand number is not available here…`): it is no hand and "
        "holds no action, so it is noted once, not counted as an unparsed hand."
    ),
    example="Table Closed",
    message="the hand history of game {game} is not available ({why})",
)
HH010: Final = Code(
    "HH010",
    "LineDoesNotFitTheGrammar",
    Severity.ERROR,
    summary="line does not fit the grammar",
    why="The hand is not in the dialect's format at that line: unknown line, or a line in the wrong section.",
    example="a seat line cut off after its stack",
)
HH011: Final = Code(
    "HH011",
    "HandIsCutShort",
    Severity.ERROR,
    summary="hand is cut short",
    why="The hand ends before its summary section (truncated file, next header mid-line).",
    example="the next hand's header in the middle of the river's board",
)
HH012: Final = Code(
    "HH012",
    "AmountCannotBeReadExactly",
    Severity.ERROR,
    summary="amount cannot be read exactly",
    why=(
        "Money is kept in integer minor units; an amount with more decimals than the currency has "
        "would have to be rounded, which would change the hand."
    ),
    example="calls $0.015",
)
HH013: Final = Code(
    "HH013",
    "NumberBeyondHhtoolsLimits",
    Severity.ERROR,
    summary="number beyond hhtool's limits",
    why=(
        "Every number is stored in a fixed-width column or drives a bounded search; an amount over "
        "10^14 minor units (or not finite: 1e999999, Infinity), a seat, button seat or N-max over 99, a "
        "hand or tournament number over 20 digits, or a year outside 1970-2999 is no client's output. "
        "The hand is counted as unparsed rather than stored with a wrapped or cut value (docs/commands.md: Limits)."
    ),
    example="a seat numbered 200, or a stack of 10^17 chips",
)
# HH030-HH034: hand histories written as XML (iPoker): the document itself, before any poker rule
HH030: Final = Code(
    "HH030",
    "XMLIsNotWellFormed",
    Severity.ERROR,
    summary="XML is not well-formed",
    why=(
        "An XML hand history is read with a real XML parser; a hand whose XML is broken (a tag not closed, an "
        "attribute without quotes, a stray character) cannot be read safely and is counted as unparsed, at the "
        "line and column the parser stopped."
    ),
    example='<player seat="3" name="Ann" chips="$2"> never closed',
    message="{what} is not well-formed XML: {reason}",
)
HH031: Final = Code(
    "HH031",
    "XMLElementOrAttributeMissingOrUnreadable",
    Severity.ERROR,
    summary="XML element or attribute missing or unreadable",
    why=(
        "Every fact of a hand is an element or an attribute (a player's seat and chips, an action's player, type "
        "and sum, a round's number, the session's game type); one that is missing or cannot be read leaves the "
        "hand unread rather than guessed."
    ),
    example='<action no="3" type="3" sum="$0.10"/> without a player',
    message="{what}: {problem}",
)
HH032: Final = Code(
    "HH032",
    "UnknownActionTypeCode",
    Severity.ERROR,
    summary="unknown action type code",
    why=(
        "XML sites write each action as a numeric type code; a code whose meaning is not documented in the "
        "dialect's table (hhtool/dialects/ipoker) cannot be replayed, so the hand is counted as unparsed."
    ),
    example='<action type="6" …/> (read as a raise by fpdb and as an all-in by HHSmithy)',
    message="action type {type} of {player} is not a known action type (known: {known})",
)
HH033: Final = Code(
    "HH033",
    "HandWithoutItsSessionContext",
    Severity.ERROR,
    summary="hand without its session context",
    why=(
        "An iPoker game names neither its stakes, game nor table: they are in the <session><general> block "
        "before it. A game with no such block before it in its file cannot be read."
    ),
    example="a file that starts with <game gamecode=…>",
    message="game {hand} has no <session><general> block before it (game type, stakes and table unknown)",
)
HH034: Final = Code(
    "HH034",
    "TextAfterTheEndOfAHandsXML",
    Severity.WARNING,
    summary="text after the end of a hand's XML",
    why=(
        "After a game's closing tag only the session's closing tag or the next game may follow; anything else "
        "(a second </game>, stray text) is a damaged file. The hand itself is read."
    ),
    example="</game></game>",
    message="text after the end of game {hand}: {text!r}",
)
HH099: Final = Code(
    "HH099",
    "InternalErrorWhileCheckingTheHand",
    Severity.ERROR,
    summary="internal error while checking the hand",
    why=(
        "A bug in hhtool, not in the hand: the hand is counted (as unparsed, or invalid when the replay "
        "failed), the run goes on, and the message names the exception so it can be reported."
    ),
    example="KeyError: 'Bob' in replay",
)
HH020: Final = Code(
    "HH020",
    "GameNotSupported",
    Severity.INFO,
    summary="game not supported",
    why="hhtool replays Texas Hold'em, and Omaha (high, and Hi/Lo eight or better) where its dialect reads it; Stud, Draw, Courchevel, Short Deck, 6+ Hold'em and others are counted as unsupported, not as errors.",
    example="a 7 Card Stud hand",
    message="game {game!r} is not one hhtool replays (Texas Hold'em, Omaha); counted as unsupported",
)
HH021: Final = Code(
    "HH021",
    "SiteDialectNotSupported",
    Severity.INFO,
    summary="site dialect not supported",
    why="The hand comes from a site whose dialect has no grammar yet; it is counted, not parsed.",
    example="***** 888poker Hand History for Game 1 *****",
)
# PHH (Poker Hand History, TOML): hhtool.dialects.phh
HH040: Final = Code(
    "HH040",
    "PHHHandIsNotValidTOML",
    Severity.ERROR,
    summary="PHH hand is not valid TOML",
    why=(
        "A PHH hand (a .phh file, or a [N] section of a .phhs file) is a TOML document; one that TOML "
        "cannot read (an unclosed string or array, a key given twice), or that goes beyond hhtool's TOML "
        "limits (arrays or tables nested more than 32 deep, a dotted key of more than 8 parts, more than "
        "4,096 tables), is reported at the line and column TOML stops at, and the next hand goes on."
    ),
    example="actions = ['p1 f', 'p2 cc'",
)
HH041: Final = Code(
    "HH041",
    "PHHFieldMissingOrOfTheWrongShape",
    Severity.ERROR,
    summary="PHH field missing or of the wrong shape",
    why=(
        "A PHH Hold'em hand needs variant, antes, blinds_or_straddles, min_bet (small_bet and big_bet in "
        "fixed limit), starting_stacks and actions; the per-player lists have one value per player, and "
        "each action is 'd dh pN cards', 'd db cards' or 'pN f|cc|cbr X|sm [cards]' with a player that "
        "exists and a street total above what the player has in."
    ),
    example="antes = [0, 0] for three players",
)
HH042: Final = Code(
    "HH042",
    "PHHFinishingStackSplitsAChip",
    Severity.WARNING,
    summary="PHH finishing stack splits a chip",
    why=(
        "Chips are indivisible: a split pot's odd chip goes to one winner (S4). A finishing stack that is "
        "not a whole number of the hand's units (the Pluribus logs give each winner half a chip) cannot "
        "be what was paid; it is reported and not compared with the replay."
    ),
    example="finishing_stacks = [10112.5, 9775.0, 10000.0, 10000.0, 10112.5, 10000.0]",
)
HH043: Final = Code(
    "HH043",
    "PHHWinningsRecordedAs0ForEveryone",
    Severity.WARNING,
    summary="PHH winnings recorded as 0 for everyone",
    why=(
        "A pot always goes to someone; winnings of 0 for every player mean the file did not record the "
        "winners (the handhq conversions do this for most hands), so the winnings are not checked."
    ),
    example="winnings = [0, 0, 0, 0, 0]",
)
# OHH (Open Hand History, JSON): hhtool.dialects.ohh
HH049: Final = Code(
    "HH049",
    "OHHHandIsNotJSONOfTheSpecsShape",
    Severity.ERROR,
    summary="OHH hand is not JSON of the spec's shape",
    why=(
        'An OHH hand is one {"ohh": {...}} JSON object (hh-specs.handhistory.org, 1.4.x): one that JSON cannot '
        "read, or whose fields are missing or of the wrong kind (players without an id, seat or stack; a round "
        "with a street that is none of Preflop, Flop, Turn, River, Showdown; an action the spec does not name; "
        "a player_id no player has), is reported and the next hand goes on."
    ),
    example='{"ohh": {"players": 3}}',
)
HH045: Final = Code(
    "HH045",
    "HandCannotBeWrittenInTheTargetFormat",
    Severity.WARNING,
    summary="hand cannot be written in the target format",
    why=(
        "`hhtool convert` writes a hand only when the target format can say all of it (an event the "
        "target has no words for, e.g. a site's cash drop in a format without one, would change the pot if "
        "left out); the hand is reported and not converted, never written with a part missing."
    ),
    example="a hand with an EV Cashout converted to a site that has no such line",
    message="hand not converted: {target} cannot say it ({reason})",
)
HH046: Final = Code(
    "HH046",
    "ACPCPayoffsAreNotTheChipsOfTheHand",
    Severity.ERROR,
    summary="ACPC payoffs are not the chips of the hand",
    why=(
        "An ACPC dealer log's payoffs are each player's net result; they add up to zero (the dealer takes "
        "no rake) and no player wins back less than nothing. Payoffs that do not are not turned into the "
        "hand's collected amounts: the hand is reported with the numbers."
    ),
    example="STATE:3:f:JcQc|Tc4d:50|-40:A|B (the payoffs add up to 10)",
    message={
        "sum": "payoffs {payoffs} add up to {total}, not 0",
        "negative": "{player}'s payoff {payoff} is more than the {put} chips the player put in the pot",
    },
)
HH047: Final = Code(
    "HH047",
    "ACPCPayoffsAreAllInExpectedValues",
    Severity.INFO,
    summary="ACPC payoffs are all-in expected values",
    why=(
        "Some ACPC matches score a hand that ends all-in before the river by its expected value (the pot "
        "times each player's share of the possible boards) rather than by the board dealt; such payoffs "
        "are printed with decimals. The board and actions are checked as always; the pot award is checked "
        "against the equity instead of the dealt board (HH048), when the boards to come are few enough "
        "to enumerate in bounded time (an all-in before the flop leaves 1.7 million: noted, not checked)."
    ),
    example="STATE:112:...:-18181.818182|18181.818182:A|B",
    message={
        "": "payoffs {payoffs} are all-in expected values, not the chips of the board dealt: each "
        "player ends with the stack the payoff gives (in whole chips, paid outside the pot); "
        "checked against the equity of the boards to come",
        "unchecked": "payoffs {payoffs} are all-in expected values, not the chips of the board dealt: "
        "each player ends with the stack the payoff gives (in whole chips, paid outside the "
        "pot); with {boards:,} boards to come they are not enumerated (at most {limit:,})",
    },
)
HH048: Final = Code(
    "HH048",
    "ExpectedValuePayoffDiffersFromTheAllInEquity",
    Severity.ERROR,
    summary="expected-value payoff differs from the all-in equity",
    why=(
        "A payoff scored by expected value is the player's share of the pots over every board that could "
        "still come after the all-in (each equally likely; a tie splits), less the chips the player put in. "
        "hhtool enumerates those boards with the cards shown and compares, to the six decimals printed."
    ),
    example=(
        "AdAs against 2c2h on 2s9d6d 8s, all-in for 20,000 each: AdAs wins on 2 of 44 rivers, "
        "so its payoff is 40,000 x 2/44 - 20,000 = -18181.818182"
    ),
    message="{player}'s expected-value payoff is {printed}; the equity of the {boards:,} boards to come gives {equity}",
)


# ---- HH1xx: blinds, actions and order -------------------------------------------------------
HH101: Final = Code(
    "HH101",
    "SmallBlindPostedByTheWrongPlayer",
    Severity.ERROR,
    rule="B1",
    summary="small blind posted by the wrong player",
    why="The small blind is the first player dealt in left of the button (heads-up: the button).",
    example="the button on seat 3; seat 6 posts the small blind",
    message="{player} (seat {seat}) posts the {what} blind; with the button on seat {button} it is {allowed}'s",
)
HH102: Final = Code(
    "HH102",
    "BigBlindMissingOrPostedByTheWrongPlayer",
    Severity.ERROR,
    rule="B1",
    summary="big blind missing or posted by the wrong player",
    why="The big blind is the player after the small blind; without it the pre-flop order is undefined.",
    example="the small blind is seat 4; seat 6 posts the big blind",
    message="{player} (seat {seat}) posts the {what} blind; with the button on seat {button} it is {allowed}'s",
)
HH103: Final = Code(
    "HH103",
    "BlindOrAnteOfTheWrongSize",
    Severity.ERROR,
    rule="B3",
    summary="blind or ante of the wrong size",
    why="A blind or ante may be short only when it puts the player all-in; antes are equal for all.",
    example="a big blind of $0.01 at $0.01/$0.02 that does not put the player all-in",
    message={
        "ante": "{player} posts an ante of {amount}; the others post {usual}",
        "blind": "{player} posts a {blind} of {amount}; the stakes say {stakes}",
    },
)
HH104: Final = Code(
    "HH104",
    "HeadsUpTheButtonMustPostTheSmallBlind",
    Severity.ERROR,
    rule="B2",
    summary="heads-up: the button must post the small blind",
    why="With two players the button posts the small blind and acts first pre-flop.",
    example="heads-up, the button posts the big blind",
    message="{player} (seat {seat}) posts the {what} blind; with the button on seat {button} it is {allowed}'s",
)
HH107: Final = Code(
    "HH107",
    "HeaderBlindsDifferFromThePosts",
    Severity.WARNING,
    rule="B3",
    summary="header blinds differ from the posts",
    why=(
        "At a tournament level change a site (888, GGPoker 2020, Bovada 2012) may print the new level in the header "
        "while every blind posted (not all-in) is still at the previous one; the posts' level is the hand's, said once."
    ),
    example="header 200/400, blinds posted 150 and 300",
    message=(
        "the header says {header} blinds but every blind not posted all-in is at {posts}: the posts' level is taken"
    ),
)
HH110: Final = Code(
    "HH110",
    "ActionOutOfTurn",
    Severity.ERROR,
    rule="A1",
    summary="action out of turn",
    why=(
        "Pre-flop the player left of the big blind acts first, after the flop the first active player "
        "left of the button; then clockwise. Nobody acts out of turn (A8)."
    ),
    example="seat 5 acts while seat 3 is to act",
    message={
        "": "{player} (seat {seat}) acts out of turn; {other} (seat {other_seat}) is to act",
        "complete": "{player} acts when the {street} betting is already complete",
    },
)
HH111: Final = Code(
    "HH111",
    "ActionAfterFoldingOrGoingAllIn",
    Severity.ERROR,
    rule="A8",
    summary="action after folding or going all-in",
    why="A player who folded or is all-in takes no further action.",
    example="folds, then calls later in the round",
    message="{player} acts after having {state}",
)
HH112: Final = Code(
    "HH112",
    "ActionNotAvailableInThisSituation",
    Severity.ERROR,
    rule="A2",
    summary="action not available in this situation",
    why="With nothing to call a player checks or bets; facing a bet a player folds, calls or raises.",
    example="checks facing a bet of $0.50",
    message={
        "check": "{player} checks facing a bet of {owed}",
        "call": "{player} calls {amount} with nothing to call",
        "bet": "{player} bets facing a bet of {high}; that is a raise",
        "raise": "{player} raises with no bet to raise; that is a bet",
    },
)
HH113: Final = Code(
    "HH113",
    "CallOfTheWrongAmount",
    Severity.ERROR,
    rule="A2",
    summary="call of the wrong amount",
    why="A call puts in exactly what is owed (or the whole stack when that is less).",
    example="owes $0.40 and calls $0.30 with chips left",
    message="{player} calls {amount}; the call is {due}",
)
HH114: Final = Code(
    "HH114",
    "BetOrRaiseBelowTheMinimum",
    Severity.ERROR,
    rule="A4",
    summary="bet or raise below the minimum",
    why=(
        "No-limit and pot-limit: a bet is at least the big blind; a raise at least the largest previous "
        "bet or raise of the round, unless it puts the player all-in."
    ),
    example="raises $0.50 to $1 after a raise to $1.50",
    message="{player}'s {what} of {amount} is below the minimum of {minimum}",
)
HH115: Final = Code(
    "HH115",
    "PotLimitBetOrRaiseAboveThePot",
    Severity.ERROR,
    rule="A5",
    summary="pot-limit bet or raise above the pot",
    why="Pot limit: a raise goes at most to the size of the pot after the call.",
    example="raises to $7 when the pot allows $5",
    message="{player}'s {what} goes to {target}; the pot allows {maximum}",
)
HH116: Final = Code(
    "HH116",
    "FixedLimitBetOrRaiseOfTheWrongSize",
    Severity.ERROR,
    rule="A6",
    summary="fixed-limit bet or raise of the wrong size",
    why=(
        "Fixed limit: bets and raises are exactly the small bet pre-flop and on the flop, the big bet on "
        "the turn and river (less only when all-in)."
    ),
    example="bets $0.20 on the flop at $0.10/$0.20",
    message="{player}'s {what} is {amount}; the {street} bet is {unit}",
)
HH117: Final = Code(
    "HH117",
    "FixedLimitRaiseCapExceeded",
    Severity.ERROR,
    rule="A6",
    summary="fixed-limit raise cap exceeded",
    why="Fixed limit allows a bet and three raises a round (the cap), except heads-up by default.",
    example="a fifth bet pre-flop with three players",
    message="{player} makes bet number {number} of the round; the cap is {cap}",
)
HH118: Final = Code(
    "HH118",
    "RaiseWhenTheBettingWasNotReopened",
    Severity.ERROR,
    rule="A7",
    summary="raise when the betting was not reopened",
    why=(
        "An all-in raise smaller than a full raise does not reopen the betting for players who already acted "
        "(an undersized raise by a player who is not all-in is the raiser's own error and reopens it)."
    ),
    example="calls, faces a short all-in raise, then re-raises",
    message="{player} re-raises although the short all-in raise did not reopen the betting for a player who had acted",
)
HH119: Final = Code(
    "HH119",
    "ChipsBeyondTheStack",
    Severity.ERROR,
    rule="T3",
    summary="chips beyond the stack",
    why="A player cannot put in more than the chips in front of them.",
    example="$5 stack, calls $6",
    message="{player} puts in {amount} with {stack} behind",
)
HH120: Final = Code(
    "HH120",
    "AllInClaimDoesNotMatchTheStack",
    Severity.ERROR,
    rule="A7",
    summary="all-in claim does not match the stack",
    why="'and is all-in' must be printed exactly when the action puts the last chip in.",
    example="calls $2 and is all-in with $3 left",
    message={
        "unmarked": "{player} puts the last chip in but is not marked all-in",
        "marked": "{player} is marked all-in with {stack} still behind",
    },
)
HH121: Final = Code(
    "HH121",
    "RaiseLineArithmeticIsWrong",
    Severity.ERROR,
    rule="A4",
    summary="raise line arithmetic is wrong",
    why="In 'raises A to B', A is B minus the highest bet before the raise.",
    example="raises $1 to $3 facing $1",
    message="{player} raises {by} to {to}, but the bet to raise was {high}",
)
HH122: Final = Code(
    "HH122",
    "BettingRoundEndedWithAPlayerStillToAct",
    Severity.ERROR,
    rule="A3",
    summary="betting round ended with a player still to act",
    why=(
        "A round ends only when every player still in has acted and matched the highest bet; the big "
        "blind keeps the option when pre-flop is only called."
    ),
    example="the flop is dealt before the big blind's option",
    message={
        "": "the {street} betting ends at {where} while {player} still has to act",
        "returned": "the bet is returned while {player} still has to act",
    },
)
HH123: Final = Code(
    "HH123",
    "StreetsOutOfOrderOrWrongBoardSize",
    Severity.ERROR,
    rule="D2",
    summary="streets out of order or wrong board size",
    why="Streets come pre-flop, flop (3 cards), turn (4), river (5), each board extending the last.",
    example="the turn dealt before the flop",
    message={
        "preflop": "the hole cards are dealt a second time",
        "order": "the {street} comes after the {current}",
        "size": "the {street} board has {count} cards",
        "extend": "the {street} board {board} does not extend {before}",
        "outside": "{player} acts outside a betting round",
    },
)
HH124: Final = Code(
    "HH124",
    "ActionAfterTheHandWasDecided",
    Severity.ERROR,
    rule="S5",
    summary="action after the hand was decided",
    why="When all but one player have folded the hand is over.",
    example="a call after everybody else folded",
    message="{player} acts after everybody else folded",
)
HH125: Final = Code(
    "HH125",
    "CapExceededAtACAPTable",
    Severity.ERROR,
    rule="A4",
    summary="cap exceeded at a CAP table",
    why="At a CAP table no player puts in more than the cap on the betting; 'has reached the cap' is printed exactly then.",
    example="puts in $45 at a $40 cap table",
    message={
        "over": "{player} has {amount} in at a {cap} cap table",
        "claim": "{player} is marked as reaching the cap with {amount} in",
    },
)
HH126: Final = Code(
    "HH126",
    "HouseRaiseCapExceededInPotLimitOrNoLimit",
    Severity.ERROR,
    rule="A6",
    summary="house raise cap exceeded in pot limit or no limit",
    why=(
        "Where the house rule raise_cap_limits names pot limit or no limit (seed 002's club: bet, raise, "
        "re-raise, cap), a round allows raise_cap bets, counted as in fixed limit; heads-up too only with "
        "cap_heads_up."
    ),
    example="a fifth bet pre-flop at a pot-limit table of the club-hu profile",
    message="{player} makes bet number {number} of the round; the house cap in {limit} is {cap}",
)

# ---- HH2xx: pots, chips and rake ------------------------------------------------------------
HH201: Final = Code(
    "HH201",
    "UncalledBetReturnedWrongly",
    Severity.ERROR,
    rule="P2",
    summary="uncalled bet returned wrongly",
    why="The uncalled part of a bet goes back to the bettor: the right player and exactly the amount nobody matched.",
    example="an uncalled bet of $3 returned when $2 was not called",
    message={
        "called": "{amount} goes back to {player}, but every bet was called",
        "wrong": "an uncalled bet of {amount} goes back to {player}; the betting leaves {due} of {bettor}'s bet "
        "unmatched",
        "not_collected": "{player}'s uncalled bet of {amount} comes back inside what {player} collected, but "
        "{player} collected {collected}",
    },
)
HH202: Final = Code(
    "HH202",
    "UncalledBetReturnNotPrinted",
    Severity.WARNING,
    rule="P2",
    summary="uncalled bet return not printed",
    why="The text does not show the return the betting implies (2005-2007 files never print it).",
    example="a bet everyone folds to, and no line returns the uncalled part",
    message="{amount} of {bettor}'s bet was not called, but no uncalled bet is returned",
)
HH203: Final = Code(
    "HH203",
    "TotalPotIsWrong",
    Severity.ERROR,
    rule="P1",
    summary="total pot is wrong",
    why=(
        "The total pot is every chip put in (antes, blinds, straddles, dead blinds, bets) minus uncalled returns, plus "
        "money the site added (a cash drop)."
    ),
    example="a total pot of $10 when $12 went in",
    message="the summary's total pot is {claimed}, but the chips put in (less uncalled bets) come to {total}",
)
HH204: Final = Code(
    "HH204",
    "MainOrSidePotIsWrong",
    Severity.ERROR,
    rule="P1",
    summary="main or side pot is wrong",
    why=(
        "Each all-in level starts a side pot (dead blind money goes to the main pot and starts none): main "
        "pot and side pots must match the contributions, net of the rake, and what the collected lines take "
        "from each pot."
    ),
    example="Main pot $18. Side pot $6. when the side pot is $8",
    message={
        "contributions": "the summary prints pots {printed} (after rake {rake}); the contributions make {gross} "
        "before rake",
        "collected": "the summary prints pots {printed} (after rake {rake}); the collected lines take {taken} from "
        "pots of {gross} before rake",
        "one": "the summary prints one pot; the all-in levels make {count}: {gross}",
    },
)
HH205: Final = Code(
    "HH205",
    "CollectedAmountIsWrong",
    Severity.ERROR,
    rule="S3",
    summary="collected amount is wrong",
    why="What each winner collects is their share of the pots they won, after rake.",
    example="$5 taken from a pot of $4.80 after rake",
    message={
        "share": "{player} collects {amount} from {pot}; the share is {share}",
        "no_pot": "{player} collects {amount} from a pot that does not exist (the hand has {count})",
    },
)
HH206: Final = Code(
    "HH206",
    "CollectedAmountsDoNotAddUpToPotMinusRake",
    Severity.ERROR,
    rule="P3",
    summary="collected amounts do not add up to pot minus rake",
    why=(
        "Chips are conserved: everything collected plus the rake and the other fees taken from the pot "
        "(jackpot, bingo, fortune, tax) equals the total pot, the site's cash drop included (plus, after an "
        "all-in cash out, the share the cashed-out player's cards won, which the room keeps)."
    ),
    example="a $10 pot, $0.50 rake, $9 collected",
    message="collected {collected} + rake {rake}{fees} is not the total pot {total}",
)
HH207: Final = Code(
    "HH207",
    "RakeIsNegativeOrTakenInATournament",
    Severity.ERROR,
    rule="P3",
    summary="rake is negative or taken in a tournament",
    why="Rake is never negative; tournament hands carry no rake (the fee is in the buy-in).",
    example="Rake 30 in a tournament",
    message={"negative": "negative rake {rake}", "tournament": "rake {rake} in a tournament hand"},
)
HH208: Final = Code(
    "HH208",
    "RakeAboveTheSchedule",
    Severity.ERROR,
    rule="P3",
    summary="rake above the schedule",
    why=(
        "The rake must follow the room's schedule: percentage of the pot, rounded, and capped by the "
        "number of players dealt in."
    ),
    example="Rake $1.50 on a $10 pot at 5%",
    message="rake {rake} on a {total} pot with {players} players; the schedule takes {due}",
)
HH209: Final = Code(
    "HH209",
    "RakeTakenWithoutAFlop",
    Severity.ERROR,
    rule="P3",
    summary="rake taken without a flop",
    why="No flop, no drop: no rake when the hand ends before the flop (where the schedule says so).",
    example="Rake $0.05 on a hand won pre-flop",
    message="rake {rake} on a hand that ended before the flop",
)
HH210: Final = Code(
    "HH210",
    "SummaryAmountDiffersFromTheCollectedLines",
    Severity.ERROR,
    rule="P3",
    summary="summary amount differs from the collected lines",
    why=(
        "The summary's 'won (X)' / 'collected (X)' repeats what the player collected; for a player who "
        "cashed out, 'won (X) ... (pot not awarded as player cashed out)' is the share the cards give, "
        "kept by the room."
    ),
    example="$2.50 collected, and the summary says $2.40",
    message={
        "won": "the summary says {player} won {claimed}; the collected lines give {got}",
        "kept": "the summary says {player} won {claimed} (pot not awarded: cashed out); the share by the cards is "
        "{share}",
        "outside": "the summary says {player} {what} {claimed} outside the pot; the hand's lines say {lines}",
    },
)
HH211: Final = Code(
    "HH211",
    "ChipsNotConserved",
    Severity.ERROR,
    rule="P3",
    summary="chips not conserved",
    why="Sum of stack changes plus rake is zero; no stack ends below zero.",
    example="a stack ends at -$0.50",
    message="{player} ends with a negative stack",
)
HH212: Final = Code(
    "HH212",
    "RakeBelowTheSchedule",
    Severity.WARNING,
    rule="P3",
    summary="rake below the schedule",
    why="Less rake than the schedule asks: not a player's loss, but the room's figures disagree.",
    example="Rake $0 on a $20 pot",
    message="rake {rake} on a {total} pot with {players} players; the schedule takes {due}",
)
HH219: Final = Code(
    "HH219",
    "RakeWithTheRoomsSurchargeOnAWinnersShare",
    Severity.INFO,
    rule="P3",
    summary="rake with the room's surcharge on a winner's share",
    why=(
        "Some rooms take more rake on the share won by players of one country (25 % on top for players "
        "based in Germany, from July 2021, at one room: docs/rake-schedules.md); the text does not say who "
        "they are, so rake above the "
        "schedule up to the surcharged rake is the room's rule, reported for the record, not HH208."
    ),
    example="Rake $0.56 on a $10 split pot at 5 %: $0.50, and 25 % of one winner's $0.25 share",
    message=(
        "rake {rake} on a {total} pot with {players} players: the schedule takes {due}, with the surcharge "
        "on {who} at most {most}"
    ),
)
HH213: Final = Code(
    "HH213",
    "TaxPrintedButNotTakenFromThePot",
    Severity.WARNING,
    rule="P3",
    summary="tax printed but not taken from the pot",
    why=(
        "Winners collect the total pot less rake and every fee (jackpot, bingo, fortune, tax); a printed tax the "
        "collected amounts show was not taken is not a player's loss, but the room's figures disagree."
    ),
    example="a $2.01 pot, rake $0.09, jackpot $0.07, tax $0.01: $1.85 collected",
    message="tax {tax} is printed, but the winners collect the pot without it being taken",
)

HH223: Final = Code(
    "HH223",
    "PotPrintedAtAStreetsStartIsWrong",
    Severity.ERROR,
    rule="P1",
    summary="pot printed at a street's start is wrong",
    why=(
        "Sites that print the pot as each street starts (WPN: `Main pot $1.19 | Rake $0.06`) print what the "
        "antes and the earlier streets gathered, less uncalled bets and the rake taken so far; the printed pot "
        "plus that rake (with each side pot's line, `Side pot(1) $0.65 | Rake $0.03`, and its rake) must be every "
        "chip gathered before the line."
    ),
    example="Main pot $0.15 | Rake $0.00 on the flop when $0.17 went in pre-flop",
    message=(
        "the pot printed as the {street} starts is {main} + rake {rake}; the chips gathered before it "
        "come to {gathered}"
    ),
)
HH224: Final = Code(
    "HH224",
    "StreetRakeDiffersFromTheSummarysRakeAndFees",
    Severity.ERROR,
    rule="P3",
    summary="street rake differs from the summary's rake and fees",
    why=(
        "The rake a site prints with the pot on the last street is what the summary says was taken: its rake "
        "plus its other fees (WPN: `Rake $0.04 | JP Fee $0.02` after `Rake $0.06`), the pots' lines together. "
        "Checked only when no chips went in after the last pot line: it is printed as a street starts, and a "
        "hand that ends on that street by a bet, raise and fold adds the matched chips and their rake after it."
    ),
    example="Main pot $1.19 | Rake $0.06 on the river, and the summary's Rake $0.03 | JP Fee $0.02",
    message="the rake printed on the {street} is {rake}; the summary's rake and fees come to {summary}",
)
HH214: Final = Code(
    "HH214",
    "SitesPerPlayerChecksumDisagreesWithTheHand",
    Severity.ERROR,
    rule="P3",
    summary="site's per-player checksum disagrees with the hand",
    why=(
        "Some sites print their own per-player figures beside the actions (iPoker's bet/win attributes, "
        "PartyPoker's balance/bet/collected/net lines): what each player put in, won, netted and ends with. "
        "They must be what the actions and the pots give; a difference means the text or the site's books "
        "are wrong."
    ),
    example='bet="$2" for a player whose actions put in $1.50',
    message={
        "put_in": "the site's figures say {player} put in {claimed}; the actions put in {computed}",
        "won": "the site's figures say {player} won {claimed}; the pots give {computed}",
        "net": "the site's figures say {player} netted {claimed}; the actions and pots give {computed}",
        "final_stack": "the site's figures say {player} ends with {claimed}; the hand leaves {computed}",
        "final_stack_unraked": "the site's figures say {player} ends with {claimed}; the hand leaves {computed}: "
        "the figures leave out the {taken} the room took from the pot (rake and fees), "
        "which the amounts won take",
        "player": "the site's figures name {player}, who is not in the hand",
    },
)
# Site formats (HH226-HH227: Ignition / Bovada / Bodog)
HH226: Final = Code(
    "HH226",
    "StreetsNotPrinted",
    Severity.INFO,
    summary="streets not printed",
    why=(
        "Early Bodog/Bovada hands (2012) print the board only in the summary, with no street line: the betting "
        "after the flop cannot be placed on its street, so the hand is counted unsupported, not replayed."
    ),
    example="Bodog Hand #2607518885 … `Small Blind : Bets $2` with no `*** FLOP ***` line, `Board [2s Qh 5c 5s Kd]`",
    message="the summary prints the board [{board}] but no line deals a street; not replayed",
)
HH227: Final = Code(
    "HH227",
    "RaiseFiguresDisagree",
    Severity.ERROR,
    summary="raise figures disagree",
    why=(
        "Bovada prints a raise as the chips it adds and the street total it raises to (`Raises $2.40 to $2.50` by a "
        "player who had $0.10 in); the two must agree with what the player had in on the street."
    ),
    example="`Small Blind : Raises $2.40 to $2.60` with $0.10 in",
    message="{player} raises {added} to {to} with {before} in before; the figures disagree",
)

# ---- HH3xx: cards, showdown and ranking -----------------------------------------------------
HH301: Final = Code(
    "HH301",
    "CardAppearsTwice",
    Severity.ERROR,
    rule="T2",
    summary="card appears twice",
    why="One deck: a card appears at most once among hole cards, board and shown cards.",
    example="Ah on the board and in a shown hand",
    message={
        "owners": "{card} appears for {owner} and for {other} (line {other_line})",
        "repeated": "{card} appears twice in {whose}",
    },
)
HH302: Final = Code(
    "HH302",
    "NotAValidCardOrHand",
    Severity.ERROR,
    rule="T2",
    summary="not a valid card or hand",
    why="Cards are rank+suit from one 52-card deck; a Hold'em hand has two hole cards.",
    example="shows [Ax Kd]",
    message={"card": "{card!r} is not a card", "count": "{player} has {count} hole cards"},
)
HH303: Final = Code(
    "HH303",
    "PotAwardedToTheWrongPlayer",
    Severity.ERROR,
    rule="S2",
    summary="pot awarded to the wrong player",
    why="Each pot goes to the best five-card hand among its eligible players who showed.",
    example="a pair of Kings collects over two pair",
    message="{pot} ({amount}) goes to {want} by the cards, but {got} collected it",
)
HH304: Final = Code(
    "HH304",
    "HandDescriptionDoesNotMatchTheCards",
    Severity.ERROR,
    rule="S2",
    summary="hand description does not match the cards",
    why="The printed description ('two pair, Jacks and Fives') must name the best five of seven.",
    example="says a flush with no five of a suit",
    message={
        "shows": "{player} shows {cards} as {description!r}; with the board {board} it is not",
        "summary": "{player}'s summary says {description!r} for {cards} on {board}",
    },
)
HH305: Final = Code(
    "HH305",
    "SplitPotOrOddChipSharedWrongly",
    Severity.ERROR,
    rule="S4",
    summary="split pot or odd chip shared wrongly",
    why="Equal hands split equally; the odd chip goes to the first winner left of the button.",
    example="$3.25/$3.24 where the $3.25 belongs to the other winner",
    message="{player} collects {amount} from {pot}; the share is {share}",
)
HH306: Final = Code(
    "HH306",
    "WinnerCouldNotBeVerified",
    Severity.INFO,
    rule="S5",
    summary="winner could not be verified",
    why="Cards were not shown, so the award cannot be checked from the text.",
    example="collected after the others mucked",
    message="pot {index} ({amount}) went to {winners}; the cards shown do not decide it",
)
HH307: Final = Code(
    "HH307",
    "SummaryBoardDiffersFromTheDealtBoard",
    Severity.ERROR,
    rule="D2",
    summary="summary board differs from the dealt board",
    why="The summary repeats the board dealt on the streets.",
    example="Board [..] names a different river",
    message="summary board {board}; dealt {dealt}",
)
HH308: Final = Code(
    "HH308",
    "ShownCardsDifferFromTheCardsDealt",
    Severity.ERROR,
    rule="T2",
    summary="shown cards differ from the cards dealt",
    why="A player shows the cards they were dealt.",
    example="Dealt to Hero [Ah Kd], Hero shows [Ah Qd]",
    message={
        "again": "{player} shows {cards} after showing {shown}",
        "dealt": "{player} was dealt {cards} but shows {shown}",
        "summary": "the summary shows {cards} for {player}, who showed {shown}",
    },
)
HH309: Final = Code(
    "HH309",
    "RakeSurchargeOnOneWinnersShare",
    Severity.INFO,
    rule="S4",
    summary="rake surcharge on one winner's share",
    why=(
        "A room that takes more rake on some winners' shares (a site's surcharge, e.g. 25 % more on players of "
        "one country) splits a pot unequally; the printed rake includes it and the sums balance."
    ),
    example="a $10 pot, $0.56 rake (standard $0.50): $4.75 and $4.69",
    message=(
        "{player} collects {amount} from {pot}, {surcharge} less than the standard share {share}: "
        "{percent} % more rake on that share (the site's surcharge from {since})"
    ),
)

# ---- HH4xx: header, seats and cross-hand ----------------------------------------------------
HH401: Final = Code(
    "HH401",
    "NumberOfPlayersOutOfRange",
    Severity.ERROR,
    rule="T1",
    summary="number of players out of range",
    why="2 to 10 seated players take part in a hand (min_players is a house rule).",
    example="one player dealt in",
    message="{count} players dealt in; the table allows {low} to {high}",
)
HH402: Final = Code(
    "HH402",
    "SeatOrPlayerListedTwice",
    Severity.ERROR,
    rule="T1",
    summary="seat or player listed twice",
    why="Each seat and each player appears once.",
    example="two 'Seat 3:' lines",
    message="seat {seat} ({player}) is listed twice",
)
HH403: Final = Code(
    "HH403",
    "SeatNumberBeyondTheTableSize",
    Severity.ERROR,
    rule="T1",
    summary="seat number beyond the table size",
    why="Seats run from 1 to the table's N-max.",
    example="Seat 7 at a 6-max table",
    message="seat {seat} at a {max_seats}-max table",
)
HH404: Final = Code(
    "HH404",
    "PlayerDealtInWithoutChips",
    Severity.ERROR,
    rule="T4",
    summary="player dealt in without chips",
    why="A player dealt in has a stack above zero.",
    example="a seat with a stack of $0 that posts a blind",
    message="{player} takes part with a stack of {stack}",
)
HH405: Final = Code(
    "HH405",
    "ButtonOnAnEmptySeat",
    Severity.WARNING,
    rule="T7",
    summary="button on an empty seat",
    why="The button sits on an occupied seat (a dead button is possible after a player leaves).",
    example="the button on seat 4, where nobody sits",
    message="the button is on seat {button}, where nobody sits",
)
HH419: Final = Code(
    "HH419",
    "ButtonSeatInconsistentWithTheBlinds",
    Severity.WARNING,
    rule="B1",
    summary="button seat inconsistent with the blinds",
    why=(
        "Where a site's printed button can lag behind its blinds (888: `Conventions.button_from_blinds`), "
        "a small and a big blind posted by consecutive players are the rotation; the "
        "printed button that does not fit them is said once instead of as a wrong blind (HH101, HH102)."
    ),
    example="three-handed, the button printed on seat 4 while seat 4 posts the small blind",
    message=(
        "the printed button (seat {button}) does not fit the blinds: {small} (seat {small_seat}) posts "
        "the small blind, {big} (seat {big_seat}) the big blind"
    ),
)
HH406: Final = Code(
    "HH406",
    "ActionByAPlayerWhoIsNotSeated",
    Severity.ERROR,
    rule="T1",
    summary="action by a player who is not seated",
    why="Only seated players act.",
    example="Ghost: calls $1 with no seat for Ghost",
    message="{player!r} acts but is not seated",
)
HH421: Final = Code(
    "HH421",
    "SeatOrStackNotPrintedForAPlayerWhoJoined",
    Severity.INFO,
    rule="T1",
    summary="seat or stack not printed for a player who joined",
    why=(
        "A site that prints the seat list before a player sits down (PartyPoker cash: `Hank has joined the "
        "table.`, then his posts) gives no seat line for him, or a $0 one: his seat is taken as the first empty "
        "seat where he acts and his stack as unknown, at least what he puts in (no all-in unless marked)."
    ),
    example="`Hank has joined the table.`, then his big blind, with no `Seat N: Hank` line",
)
HH410: Final = Code(
    "HH410",
    "StackDiffersFromTheEndOfThePreviousHand",
    Severity.WARNING,
    rule="T3",
    summary="stack differs from the end of the previous hand",
    why="Chips in front of a player change only through play, or through a rebuy between hands.",
    example="ends hand 1 with $10.50, starts hand 2 at the same table with $12",
)
HH411: Final = Code(
    "HH411",
    "RebuyBelowTheMinimumBuyIn",
    Severity.WARNING,
    rule="T4",
    summary="rebuy below the minimum buy-in",
    why="A cash player buys in, or rebuys after busting, with at least the minimum (default 50 big blinds).",
    example="busts, returns with 20 big blinds",
)
HH412: Final = Code(
    "HH412",
    "ButtonDidNotMoveToTheNextPlayer",
    Severity.WARNING,
    rule="T7",
    summary="button did not move to the next player",
    why=(
        "The button moves clockwise to the next seat of a player who was dealt into the previous hand (a player "
        "who has just sat down is skipped; a dead button may stand on a seat left empty)."
    ),
    example="the button stays on seat 3 two hands in a row",
)
HH413: Final = Code(
    "HH413",
    "SameHandIdWithDifferentText",
    Severity.ERROR,
    summary="same hand id with different text",
    why="A hand id identifies one hand; two different hands under one id is a data error.",
    example="hand #1 in two files, different",
)
HH414: Final = Code(
    "HH414",
    "DuplicateHandCountedOnce",
    Severity.INFO,
    summary="duplicate hand counted once",
    why="The same hand (identical text) read twice is validated once.",
    example="a file exported twice",
)
HH415: Final = Code(
    "HH415",
    "HandCancelled",
    Severity.INFO,
    summary="hand cancelled",
    why="The room cancelled the hand; its pot is not checked.",
    example="Hand cancelled",
    message="the hand was cancelled; its pot is not checked",
)
HH416: Final = Code(
    "HH416",
    "HandsMissingAtTheTable",
    Severity.WARNING,
    rule="T7",
    summary="hands missing at the table",
    why=(
        "A table's hands follow on: its hand counter counts up by one; across a file boundary, a pause of over "
        "10 minutes or a tournament level skipped the button and stacks follow on, or hands are missing (one "
        "warning a gap, instead of HH412 and an HH410 per player)."
    ),
    example="the counter goes from 852 to 855: hands 853-854 missing",
)
HH417: Final = Code(
    "HH417",
    "UnprintedTournamentRebuy",
    Severity.INFO,
    rule="T3",
    summary="unprinted tournament rebuy",
    why=(
        "A site that prints no tournament rebuys or add-ons (888) shows one only as a stack that grew between "
        "two hands; a stack that fell is still HH410."
    ),
    example="ended with 0, starts the next hand with 2000",
)
HH418: Final = Code(
    "HH418",
    "HandWrittenTwiceWithAnotherStartTime",
    Severity.WARNING,
    summary="hand written twice with another start time",
    why=(
        "A client wrote one hand twice, the copies differing only in the start time (PartyPoker's double "
        "writes): counted once, the first copy kept."
    ),
    example="the same hand at 08:22:01 and again at 08:22:02",
)
