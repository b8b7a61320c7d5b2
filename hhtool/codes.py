"""The catalogue of finding codes: what each checks, why, and an example (`hhtool rules`).

Codes are stable: HH0xx input and parsing, HH1xx actions and order, HH2xx pots, chips and rake,
HH3xx showdown and ranking, HH4xx header, seats and cross-hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hhtool.findings import Finding, Severity


@dataclass(frozen=True, slots=True)
class Code:
    """A finding code. `messages` are its message templates (str.format, with the numbers already
    written as findings print them), by variant ("" when a code has one): the one place a message's
    wording lives; the replay and settle pass the values (`message`)."""

    code: str
    rule: str
    severity: Severity
    title: str
    why: str
    example: str
    messages: dict[str, str] = field(default_factory=dict)


_E, _W, _I = Severity.ERROR, Severity.WARNING, Severity.INFO

CATALOGUE: dict[str, Code] = {}


def _add(
    code: str, rule: str, severity: Severity, title: str, why: str, example: str, message: str | dict[str, str] = ""
) -> None:
    messages = message if isinstance(message, dict) else {"": message} if message else {}
    CATALOGUE[code] = Code(code, rule, severity, title, why, example, messages)


_add(
    "HH001",
    "",
    _W,
    "file contains no hand",
    "An empty file, or one with only blank lines, or a folder given on the command line with no "
    "hand-history file in it, holds nothing to check; it is reported so a broken export or a wrong "
    "path is noticed.",
    "an empty .txt file",
)
_add(
    "HH002",
    "",
    _W,
    "text outside any hand",
    "Lines before the first hand header that belong to no hand (a tournament summary, notes, a "
    "cut header) are not lost silently.",
    "a tournament summary before the first hand",
)
_add(
    "HH003",
    "",
    _E,
    "binary file",
    "A file with NUL bytes and no UTF-16 byte-order mark is not a text hand history.",
    "a .png renamed to .txt",
)
_add(
    "HH004",
    "",
    _E,
    "file cannot be read",
    "The file vanished, is a directory or is not readable, a folder cannot be listed, or the path is "
    "a FIFO, socket or device (reading it could block for ever); the run goes on with the next file.",
    "permission denied",
)
_add(
    "HH005",
    "",
    _E,
    "hand block too large",
    "A hand is a few kilobytes; a block over the limit (a 10 MB line, a missing header) is not "
    "parsed, to keep memory and time bounded.",
    "a 10 MB line inside a hand",
)
_add(
    "HH006",
    "",
    _E,
    "archive expands beyond the limit",
    "A .gz file or .zip member that expands to more than 200 times its compressed size (at least "
    "1 MiB) is a zip bomb, not hand histories (they compress about 10:1); reading stops at the "
    "limit, so time stays bounded, and the hands read up to there are reported.",
    "a 1 MB .zip member that expands to 1 GB of blank lines",
)
_add(
    "HH007",
    "",
    _I,
    "known sidecar file, not a hand history",
    "A site's client writes other files beside its hand histories (888's `***** Cassava Tournament "
    "Summary *****`: a tournament's buy-in and finish); such a file, declared in the site's dialect "
    "(`Dialect.sidecars`), is recognised by its first line and skipped, not reported as stray text (HH002).",
    "an 888 tournament summary file",
)
_add(
    "HH008",
    "",
    _W,
    "tournament summary line not understood",
    "A tournament summary file (`hhtool stats --tournaments`) is read line by line: buy-in, entrants, "
    "prize pool, the finishing order, the hero's finish. A line of none of those kinds, or an amount "
    "that is no amount of its currency, is reported and left out; the rest of the summary still counts.",
    "`Buy-In: $1O.00/$0.50 USD` (a letter O for a zero)",
)
_add(
    "HH009",
    "",
    _I,
    "hand history not available",
    "A client can write a placeholder where a hand should be (PartyPoker's `Game #N starts.`, `#Game No : "
    "N`, `Table Closed`, `The hand history for this hand number is not available here…`): it is no hand and "
    "holds no action, so it is noted once, not counted as an unparsed hand.",
    "Table Closed",
    message="the hand history of game {game} is not available ({why})",
)
_add(
    "HH010",
    "",
    _E,
    "line does not fit the grammar",
    "The hand is not in the dialect's format at that line: unknown line, or a line in the wrong section.",
    "a seat line cut off after its stack",
)
_add(
    "HH011",
    "",
    _E,
    "hand is cut short",
    "The hand ends before its summary section (truncated file, next header mid-line).",
    "the next hand's header in the middle of the river's board",
)
_add(
    "HH012",
    "",
    _E,
    "amount cannot be read exactly",
    "Money is kept in integer minor units; an amount with more decimals than the currency has "
    "would have to be rounded, which would change the hand.",
    "calls $0.015",
)
_add(
    "HH013",
    "",
    _E,
    "number beyond hhtool's limits",
    "Every number is stored in a fixed-width column or drives a bounded search; an amount over "
    "10^14 minor units (or not finite: 1e999999, Infinity), a seat, button seat or N-max over 99, a "
    "hand or tournament number over 20 digits, or a year outside 1970-2999 is no client's output. "
    "The hand is counted as unparsed rather than stored with a wrapped or cut value (README: Limits).",
    "a seat numbered 200, or a stack of 10^17 chips",
)
# HH030-HH034: hand histories written as XML (iPoker): the document itself, before any poker rule
_add(
    "HH030",
    "",
    _E,
    "XML is not well-formed",
    "An XML hand history is read with a real XML parser; a hand whose XML is broken (a tag not closed, an "
    "attribute without quotes, a stray character) cannot be read safely and is counted as unparsed, at the "
    "line and column the parser stopped.",
    '<player seat="3" name="Ann" chips="$2"> never closed',
    message="{what} is not well-formed XML: {reason}",
)
_add(
    "HH031",
    "",
    _E,
    "XML element or attribute missing or unreadable",
    "Every fact of a hand is an element or an attribute (a player's seat and chips, an action's player, type "
    "and sum, a round's number, the session's game type); one that is missing or cannot be read leaves the "
    "hand unread rather than guessed.",
    '<action no="3" type="3" sum="$0.10"/> without a player',
    message="{what}: {problem}",
)
_add(
    "HH032",
    "",
    _E,
    "unknown action type code",
    "XML sites write each action as a numeric type code; a code whose meaning is not documented in the "
    "dialect's table (hhtool/dialects/ipoker) cannot be replayed, so the hand is counted as unparsed.",
    '<action type="6" …/> (read as a raise by fpdb and as an all-in by HHSmithy)',
    message="action type {type} of {player} is not a known action type (known: {known})",
)
_add(
    "HH033",
    "",
    _E,
    "hand without its session context",
    "An iPoker game names neither its stakes, game nor table: they are in the <session><general> block "
    "before it. A game with no such block before it in its file cannot be read.",
    "a file that starts with <game gamecode=…>",
    message="game {hand} has no <session><general> block before it (game type, stakes and table unknown)",
)
_add(
    "HH034",
    "",
    _W,
    "text after the end of a hand's XML",
    "After a game's closing tag only the session's closing tag or the next game may follow; anything else "
    "(a second </game>, stray text) is a damaged file. The hand itself is read.",
    "</game></game>",
    message="text after the end of game {hand}: {text!r}",
)
_add(
    "HH099",
    "",
    _E,
    "internal error while checking the hand",
    "A bug in hhtool, not in the hand: the hand is counted (as unparsed, or invalid when the replay "
    "failed), the run goes on, and the message names the exception so it can be reported.",
    "KeyError: 'Bob' in replay",
)
_add(
    "HH020",
    "",
    _I,
    "game not supported",
    "hhtool replays Texas Hold'em; Omaha, Stud, Draw, 6+ Hold'em and others are counted as unsupported, not as errors.",
    "an Omaha Pot Limit hand",
)
_add(
    "HH021",
    "",
    _I,
    "site dialect not supported",
    "The hand comes from a site whose dialect has no grammar yet; it is counted, not parsed.",
    "***** 888poker Hand History for Game 1 *****",
)
# PHH (Poker Hand History, TOML): hhtool.dialects.phh
_add(
    "HH040",
    "",
    _E,
    "PHH hand is not valid TOML",
    "A PHH hand (a .phh file, or a [N] section of a .phhs file) is a TOML document; one that TOML "
    "cannot read (an unclosed string or array, a key given twice), or that goes beyond hhtool's TOML "
    "limits (arrays or tables nested more than 32 deep, a dotted key of more than 8 parts, more than "
    "4,096 tables), is reported at the line and column TOML stops at, and the next hand goes on.",
    "actions = ['p1 f', 'p2 cc'",
)
_add(
    "HH041",
    "",
    _E,
    "PHH field missing or of the wrong shape",
    "A PHH Hold'em hand needs variant, antes, blinds_or_straddles, min_bet (small_bet and big_bet in "
    "fixed limit), starting_stacks and actions; the per-player lists have one value per player, and "
    "each action is 'd dh pN cards', 'd db cards' or 'pN f|cc|cbr X|sm [cards]' with a player that "
    "exists and a street total above what the player has in.",
    "antes = [0, 0] for three players",
)
_add(
    "HH042",
    "",
    _W,
    "PHH finishing stack splits a chip",
    "Chips are indivisible: a split pot's odd chip goes to one winner (S4). A finishing stack that is "
    "not a whole number of the hand's units (the Pluribus logs give each winner half a chip) cannot "
    "be what was paid; it is reported and not compared with the replay.",
    "finishing_stacks = [10112.5, 9775.0, 10000.0, 10000.0, 10112.5, 10000.0]",
)
_add(
    "HH043",
    "",
    _W,
    "PHH winnings recorded as 0 for everyone",
    "A pot always goes to someone; winnings of 0 for every player mean the file did not record the "
    "winners (the handhq conversions do this for most hands), so the winnings are not checked.",
    "winnings = [0, 0, 0, 0, 0]",
)
# OHH (Open Hand History, JSON): hhtool.dialects.ohh
_add(
    "HH049",
    "",
    _E,
    "OHH hand is not JSON of the spec's shape",
    'An OHH hand is one {"ohh": {...}} JSON object (hh-specs.handhistory.org, 1.4.x): one that JSON cannot '
    "read, or whose fields are missing or of the wrong kind (players without an id, seat or stack; a round "
    "with a street that is none of Preflop, Flop, Turn, River, Showdown; an action the spec does not name; "
    "a player_id no player has), is reported and the next hand goes on.",
    '{"ohh": {"players": 3}}',
)
_add(
    "HH045",
    "",
    _W,
    "hand cannot be written in the target format",
    "`hhtool convert` writes a hand only when the target format can say all of it (an event the "
    "target has no words for, e.g. a site's cash drop in a format without one, would change the pot if "
    "left out); the hand is reported and not converted, never written with a part missing.",
    "a hand with an EV Cashout converted to a site that has no such line",
    message="hand not converted: {target} cannot say it ({reason})",
)
_add(
    "HH046",
    "",
    _E,
    "ACPC payoffs are not the chips of the hand",
    "An ACPC dealer log's payoffs are each player's net result; they add up to zero (the dealer takes "
    "no rake) and no player wins back less than nothing. Payoffs that do not are not turned into the "
    "hand's collected amounts: the hand is reported with the numbers.",
    "STATE:3:f:JcQc|Tc4d:50|-40:A|B (the payoffs add up to 10)",
    message={
        "sum": "payoffs {payoffs} add up to {total}, not 0",
        "negative": "{player}'s payoff {payoff} is more than the {put} chips the player put in the pot",
    },
)
_add(
    "HH047",
    "",
    _I,
    "ACPC payoffs are all-in expected values",
    "Some ACPC matches score a hand that ends all-in before the river by its expected value (the pot "
    "times each player's share of the possible boards) rather than by the board dealt; such payoffs "
    "are printed with decimals. The board and actions are checked as always; the pot award is checked "
    "against the equity instead of the dealt board (HH048), when the boards to come are few enough "
    "to enumerate in bounded time (an all-in before the flop leaves 1.7 million: noted, not checked).",
    "STATE:112:...:-18181.818182|18181.818182:A|B",
    message={
        "": "payoffs {payoffs} are all-in expected values, not the chips of the board dealt: each "
        "player ends with the stack the payoff gives (in whole chips, paid outside the pot); "
        "checked against the equity of the boards to come",
        "unchecked": "payoffs {payoffs} are all-in expected values, not the chips of the board dealt: "
        "each player ends with the stack the payoff gives (in whole chips, paid outside the "
        "pot); with {boards:,} boards to come they are not enumerated (at most {limit:,})",
    },
)
_add(
    "HH048",
    "",
    _E,
    "expected-value payoff differs from the all-in equity",
    "A payoff scored by expected value is the player's share of the pots over every board that could "
    "still come after the all-in (each equally likely; a tie splits), less the chips the player put in. "
    "hhtool enumerates those boards with the cards shown and compares, to the six decimals printed.",
    "AdAs against 2c2h on 2s9d6d 8s, all-in for 20,000 each: AdAs wins on 2 of 44 rivers, "
    "so its payoff is 40,000 x 2/44 - 20,000 = -18181.818182",
    message="{player}'s expected-value payoff is {printed}; the equity of the {boards:,} boards to come gives {equity}",
)


# ---- HH1xx: blinds, actions and order -------------------------------------------------------
_add(
    "HH101",
    "B1",
    _E,
    "small blind posted by the wrong player",
    "The small blind is the first player dealt in left of the button (heads-up: the button).",
    "the button on seat 3; seat 6 posts the small blind",
    message="{player} (seat {seat}) posts the {what} blind; with the button on seat {button} it is {allowed}'s",
)
_add(
    "HH102",
    "B1",
    _E,
    "big blind missing or posted by the wrong player",
    "The big blind is the player after the small blind; without it the pre-flop order is undefined.",
    "the small blind is seat 4; seat 6 posts the big blind",
    message="{player} (seat {seat}) posts the {what} blind; with the button on seat {button} it is {allowed}'s",
)
_add(
    "HH103",
    "B3",
    _E,
    "blind or ante of the wrong size",
    "A blind or ante may be short only when it puts the player all-in; antes are equal for all.",
    "a big blind of $0.01 at $0.01/$0.02 that does not put the player all-in",
    message={
        "ante": "{player} posts an ante of {amount}; the others post {usual}",
        "blind": "{player} posts a {blind} of {amount}; the stakes say {stakes}",
    },
)
_add(
    "HH104",
    "B2",
    _E,
    "heads-up: the button must post the small blind",
    "With two players the button posts the small blind and acts first pre-flop.",
    "heads-up, the button posts the big blind",
    message="{player} (seat {seat}) posts the {what} blind; with the button on seat {button} it is {allowed}'s",
)
_add(
    "HH107",
    "B3",
    _W,
    "header blinds differ from the posts",
    "At a tournament level change a site (888, GGPoker 2020, Bovada 2012) may print the new level in the header "
    "while every blind posted (not all-in) is still at the previous one; the posts' level is the hand's, said once.",
    "header 200/400, blinds posted 150 and 300",
    message="the header says {header} blinds but every blind not posted all-in is at {posts}: the posts' "
    "level is taken",
)
_add(
    "HH110",
    "A1",
    _E,
    "action out of turn",
    "Pre-flop the player left of the big blind acts first, after the flop the first active player "
    "left of the button; then clockwise. Nobody acts out of turn (A8).",
    "seat 5 acts while seat 3 is to act",
    message={
        "": "{player} (seat {seat}) acts out of turn; {other} (seat {other_seat}) is to act",
        "complete": "{player} acts when the {street} betting is already complete",
    },
)
_add(
    "HH111",
    "A8",
    _E,
    "action after folding or going all-in",
    "A player who folded or is all-in takes no further action.",
    "folds, then calls later in the round",
    message="{player} acts after having {state}",
)
_add(
    "HH112",
    "A2",
    _E,
    "action not available in this situation",
    "With nothing to call a player checks or bets; facing a bet a player folds, calls or raises.",
    "checks facing a bet of $0.50",
    message={
        "check": "{player} checks facing a bet of {owed}",
        "call": "{player} calls {amount} with nothing to call",
        "bet": "{player} bets facing a bet of {high}; that is a raise",
        "raise": "{player} raises with no bet to raise; that is a bet",
    },
)
_add(
    "HH113",
    "A2",
    _E,
    "call of the wrong amount",
    "A call puts in exactly what is owed (or the whole stack when that is less).",
    "owes $0.40 and calls $0.30 with chips left",
    message="{player} calls {amount}; the call is {due}",
)
_add(
    "HH114",
    "A4",
    _E,
    "bet or raise below the minimum",
    "No-limit and pot-limit: a bet is at least the big blind; a raise at least the largest previous "
    "bet or raise of the round, unless it puts the player all-in.",
    "raises $0.50 to $1 after a raise to $1.50",
    message="{player}'s {what} of {amount} is below the minimum of {minimum}",
)
_add(
    "HH115",
    "A5",
    _E,
    "pot-limit bet or raise above the pot",
    "Pot limit: a raise goes at most to the size of the pot after the call.",
    "raises to $7 when the pot allows $5",
    message="{player}'s {what} goes to {target}; the pot allows {maximum}",
)
_add(
    "HH116",
    "A6",
    _E,
    "fixed-limit bet or raise of the wrong size",
    "Fixed limit: bets and raises are exactly the small bet pre-flop and on the flop, the big bet on "
    "the turn and river (less only when all-in).",
    "bets $0.20 on the flop at $0.10/$0.20",
    message="{player}'s {what} is {amount}; the {street} bet is {unit}",
)
_add(
    "HH117",
    "A6",
    _E,
    "fixed-limit raise cap exceeded",
    "Fixed limit allows a bet and three raises a round (the cap), except heads-up by default.",
    "a fifth bet pre-flop with three players",
    message="{player} makes bet number {number} of the round; the cap is {cap}",
)
_add(
    "HH118",
    "A7",
    _E,
    "raise when the betting was not reopened",
    "An all-in raise smaller than a full raise does not reopen the betting for players who already acted "
    "(an undersized raise by a player who is not all-in is the raiser's own error and reopens it).",
    "calls, faces a short all-in raise, then re-raises",
    message="{player} re-raises although the short all-in raise did not reopen the betting for a player who had acted",
)
_add(
    "HH119",
    "T3",
    _E,
    "chips beyond the stack",
    "A player cannot put in more than the chips in front of them.",
    "$5 stack, calls $6",
    message="{player} puts in {amount} with {stack} behind",
)
_add(
    "HH120",
    "A7",
    _E,
    "all-in claim does not match the stack",
    "'and is all-in' must be printed exactly when the action puts the last chip in.",
    "calls $2 and is all-in with $3 left",
    message={
        "unmarked": "{player} puts the last chip in but is not marked all-in",
        "marked": "{player} is marked all-in with {stack} still behind",
    },
)
_add(
    "HH121",
    "A4",
    _E,
    "raise line arithmetic is wrong",
    "In 'raises A to B', A is B minus the highest bet before the raise.",
    "raises $1 to $3 facing $1",
    message="{player} raises {by} to {to}, but the bet to raise was {high}",
)
_add(
    "HH122",
    "A3",
    _E,
    "betting round ended with a player still to act",
    "A round ends only when every player still in has acted and matched the highest bet; the big "
    "blind keeps the option when pre-flop is only called.",
    "the flop is dealt before the big blind's option",
    message={
        "": "the {street} betting ends at {where} while {player} still has to act",
        "returned": "the bet is returned while {player} still has to act",
    },
)
_add(
    "HH123",
    "D2",
    _E,
    "streets out of order or wrong board size",
    "Streets come pre-flop, flop (3 cards), turn (4), river (5), each board extending the last.",
    "the turn dealt before the flop",
    message={
        "preflop": "the hole cards are dealt a second time",
        "order": "the {street} comes after the {current}",
        "size": "the {street} board has {count} cards",
        "extend": "the {street} board {board} does not extend {before}",
        "outside": "{player} acts outside a betting round",
    },
)
_add(
    "HH124",
    "S5",
    _E,
    "action after the hand was decided",
    "When all but one player have folded the hand is over.",
    "a call after everybody else folded",
    message="{player} acts after everybody else folded",
)
_add(
    "HH125",
    "A4",
    _E,
    "cap exceeded at a CAP table",
    "At a CAP table no player puts in more than the cap on the betting; 'has reached the cap' is printed exactly then.",
    "puts in $45 at a $40 cap table",
    message={
        "over": "{player} has {amount} in at a {cap} cap table",
        "claim": "{player} is marked as reaching the cap with {amount} in",
    },
)
_add(
    "HH126",
    "A6",
    _E,
    "house raise cap exceeded in pot limit or no limit",
    "Where the house rule raise_cap_limits names pot limit or no limit (seed 002's club: bet, raise, "
    "re-raise, cap), a round allows raise_cap bets, counted as in fixed limit; heads-up too only with "
    "cap_heads_up.",
    "a fifth bet pre-flop at a pot-limit table of the club-hu profile",
    message="{player} makes bet number {number} of the round; the house cap in {limit} is {cap}",
)

# ---- HH2xx: pots, chips and rake ------------------------------------------------------------
_add(
    "HH201",
    "P2",
    _E,
    "uncalled bet returned wrongly",
    "The uncalled part of a bet goes back to the bettor: the right player and exactly the amount nobody matched.",
    "an uncalled bet of $3 returned when $2 was not called",
    message={
        "called": "{amount} goes back to {player}, but every bet was called",
        "wrong": "an uncalled bet of {amount} goes back to {player}; the betting leaves {due} of {bettor}'s bet "
        "unmatched",
        "not_collected": "{player}'s uncalled bet of {amount} comes back inside what {player} collected, but "
        "{player} collected {collected}",
    },
)
_add(
    "HH202",
    "P2",
    _W,
    "uncalled bet return not printed",
    "The text does not show the return the betting implies (2005-2007 files never print it).",
    "a bet everyone folds to, and no line returns the uncalled part",
    message="{amount} of {bettor}'s bet was not called, but no uncalled bet is returned",
)
_add(
    "HH203",
    "P1",
    _E,
    "total pot is wrong",
    "The total pot is every chip put in (antes, blinds, straddles, dead blinds, bets) minus uncalled returns, plus "
    "money the site added (a cash drop).",
    "a total pot of $10 when $12 went in",
    message="the summary's total pot is {claimed}, but the chips put in (less uncalled bets) come to {total}",
)
_add(
    "HH204",
    "P1",
    _E,
    "main or side pot is wrong",
    "Each all-in level starts a side pot (dead blind money goes to the main pot and starts none): main "
    "pot and side pots must match the contributions, net of the rake, and what the collected lines take "
    "from each pot.",
    "Main pot $18. Side pot $6. when the side pot is $8",
    message={
        "contributions": "the summary prints pots {printed} (after rake {rake}); the contributions make {gross} "
        "before rake",
        "collected": "the summary prints pots {printed} (after rake {rake}); the collected lines take {taken} from "
        "pots of {gross} before rake",
        "one": "the summary prints one pot; the all-in levels make {count}: {gross}",
    },
)
_add(
    "HH205",
    "S3",
    _E,
    "collected amount is wrong",
    "What each winner collects is their share of the pots they won, after rake.",
    "$5 taken from a pot of $4.80 after rake",
    message={
        "share": "{player} collects {amount} from {pot}; the share is {share}",
        "no_pot": "{player} collects {amount} from a pot that does not exist (the hand has {count})",
    },
)
_add(
    "HH206",
    "P3",
    _E,
    "collected amounts do not add up to pot minus rake",
    "Chips are conserved: everything collected plus the rake and the other fees taken from the pot "
    "(jackpot, bingo, fortune, tax) equals the total pot, the site's cash drop included (plus, after an "
    "all-in cash out, the share the cashed-out player's cards won, which the room keeps).",
    "a $10 pot, $0.50 rake, $9 collected",
    message="collected {collected} + rake {rake}{fees} is not the total pot {total}",
)
_add(
    "HH207",
    "P3",
    _E,
    "rake is negative or taken in a tournament",
    "Rake is never negative; tournament hands carry no rake (the fee is in the buy-in).",
    "Rake 30 in a tournament",
    message={"negative": "negative rake {rake}", "tournament": "rake {rake} in a tournament hand"},
)
_add(
    "HH208",
    "P3",
    _E,
    "rake above the schedule",
    "The rake must follow the room's schedule: percentage of the pot, rounded, and capped by the "
    "number of players dealt in.",
    "Rake $1.50 on a $10 pot at 5%",
    message="rake {rake} on a {total} pot with {players} players; the schedule takes {due}",
)
_add(
    "HH209",
    "P3",
    _E,
    "rake taken without a flop",
    "No flop, no drop: no rake when the hand ends before the flop (where the schedule says so).",
    "Rake $0.05 on a hand won pre-flop",
    message="rake {rake} on a hand that ended before the flop",
)
_add(
    "HH210",
    "P3",
    _E,
    "summary amount differs from the collected lines",
    "The summary's 'won (X)' / 'collected (X)' repeats what the player collected; for a player who "
    "cashed out, 'won (X) ... (pot not awarded as player cashed out)' is the share the cards give, "
    "kept by the room.",
    "$2.50 collected, and the summary says $2.40",
    message={
        "won": "the summary says {player} won {claimed}; the collected lines give {got}",
        "kept": "the summary says {player} won {claimed} (pot not awarded: cashed out); the share by the cards is "
        "{share}",
        "outside": "the summary says {player} {what} {claimed} outside the pot; the hand's lines say {lines}",
    },
)
_add(
    "HH211",
    "P3",
    _E,
    "chips not conserved",
    "Sum of stack changes plus rake is zero; no stack ends below zero.",
    "a stack ends at -$0.50",
    message="{player} ends with a negative stack",
)
_add(
    "HH212",
    "P3",
    _W,
    "rake below the schedule",
    "Less rake than the schedule asks: not a player's loss, but the room's figures disagree.",
    "Rake $0 on a $20 pot",
    message="rake {rake} on a {total} pot with {players} players; the schedule takes {due}",
)
_add(
    "HH219",
    "P3",
    _I,
    "rake with the room's surcharge on a winner's share",
    "Some rooms take more rake on the share won by players of one country (25 % on top for players "
    "based in Germany, from July 2021, at one room: docs/rake-schedules.md); the text does not say who "
    "they are, so rake above the "
    "schedule up to the surcharged rake is the room's rule, reported for the record, not HH208.",
    "Rake $0.56 on a $10 split pot at 5 %: $0.50, and 25 % of one winner's $0.25 share",
    message="rake {rake} on a {total} pot with {players} players: the schedule takes {due}, with the surcharge "
    "on {who} at most {most}",
)
_add(
    "HH213",
    "P3",
    _W,
    "tax printed but not taken from the pot",
    "Winners collect the total pot less rake and every fee (jackpot, bingo, fortune, tax); a printed tax the "
    "collected amounts show was not taken is not a player's loss, but the room's figures disagree.",
    "a $2.01 pot, rake $0.09, jackpot $0.07, tax $0.01: $1.85 collected",
    message="tax {tax} is printed, but the winners collect the pot without it being taken",
)

_add(
    "HH223",
    "P1",
    _E,
    "pot printed at a street's start is wrong",
    "Sites that print the pot as each street starts (WPN: `Main pot $1.19 | Rake $0.06`) print what the "
    "antes and the earlier streets gathered, less uncalled bets and the rake taken so far; the printed pot "
    "plus that rake (with each side pot's line, `Side pot(1) $0.65 | Rake $0.03`, and its rake) must be every "
    "chip gathered before the line.",
    "Main pot $0.15 | Rake $0.00 on the flop when $0.17 went in pre-flop",
    message="the pot printed as the {street} starts is {main} + rake {rake}; the chips gathered before it "
    "come to {gathered}",
)
_add(
    "HH224",
    "P3",
    _E,
    "street rake differs from the summary's rake and fees",
    "The rake a site prints with the pot on the last street is what the summary says was taken: its rake "
    "plus its other fees (WPN: `Rake $0.04 | JP Fee $0.02` after `Rake $0.06`), the pots' lines together. "
    "Checked only when no chips went in after the last pot line: it is printed as a street starts, and a "
    "hand that ends on that street by a bet, raise and fold adds the matched chips and their rake after it.",
    "Main pot $1.19 | Rake $0.06 on the river, and the summary's Rake $0.03 | JP Fee $0.02",
    message="the rake printed on the {street} is {rake}; the summary's rake and fees come to {summary}",
)
_add(
    "HH214",
    "P3",
    _E,
    "site's per-player checksum disagrees with the hand",
    "Some sites print their own per-player figures beside the actions (iPoker's bet/win attributes, "
    "PartyPoker's balance/bet/collected/net lines): what each player put in, won, netted and ends with. "
    "They must be what the actions and the pots give; a difference means the text or the site's books "
    "are wrong.",
    'bet="$2" for a player whose actions put in $1.50',
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
_add(
    "HH226",
    "",
    _I,
    "streets not printed",
    "Early Bodog/Bovada hands (2012) print the board only in the summary, with no street line: the betting "
    "after the flop cannot be placed on its street, so the hand is counted unsupported, not replayed.",
    "Bodog Hand #2607518885 … `Small Blind : Bets $2` with no `*** FLOP ***` line, `Board [2s Qh 5c 5s Kd]`",
    message="the summary prints the board [{board}] but no line deals a street; not replayed",
)
_add(
    "HH227",
    "",
    _E,
    "raise figures disagree",
    "Bovada prints a raise as the chips it adds and the street total it raises to (`Raises $2.40 to $2.50` by a "
    "player who had $0.10 in); the two must agree with what the player had in on the street.",
    "`Small Blind : Raises $2.40 to $2.60` with $0.10 in",
    message="{player} raises {added} to {to} with {before} in before; the figures disagree",
)

# ---- HH3xx: cards, showdown and ranking -----------------------------------------------------
_add(
    "HH301",
    "T2",
    _E,
    "card appears twice",
    "One deck: a card appears at most once among hole cards, board and shown cards.",
    "Ah on the board and in a shown hand",
    message={
        "owners": "{card} appears for {owner} and for {other} (line {other_line})",
        "repeated": "{card} appears twice in {whose}",
    },
)
_add(
    "HH302",
    "T2",
    _E,
    "not a valid card or hand",
    "Cards are rank+suit from one 52-card deck; a Hold'em hand has two hole cards.",
    "shows [Ax Kd]",
    message={"card": "{card!r} is not a card", "count": "{player} has {count} hole cards"},
)
_add(
    "HH303",
    "S2",
    _E,
    "pot awarded to the wrong player",
    "Each pot goes to the best five-card hand among its eligible players who showed.",
    "a pair of Kings collects over two pair",
    message="{pot} ({amount}) goes to {want} by the cards, but {got} collected it",
)
_add(
    "HH304",
    "S2",
    _E,
    "hand description does not match the cards",
    "The printed description ('two pair, Jacks and Fives') must name the best five of seven.",
    "says a flush with no five of a suit",
    message={
        "shows": "{player} shows {cards} as {description!r}; with the board {board} it is not",
        "summary": "{player}'s summary says {description!r} for {cards} on {board}",
    },
)
_add(
    "HH305",
    "S4",
    _E,
    "split pot or odd chip shared wrongly",
    "Equal hands split equally; the odd chip goes to the first winner left of the button.",
    "$3.25/$3.24 where the $3.25 belongs to the other winner",
    message="{player} collects {amount} from {pot}; the share is {share}",
)
_add(
    "HH306",
    "S5",
    _I,
    "winner could not be verified",
    "Cards were not shown, so the award cannot be checked from the text.",
    "collected after the others mucked",
    message="pot {index} ({amount}) went to {winners}; the cards shown do not decide it",
)
_add(
    "HH307",
    "D2",
    _E,
    "summary board differs from the dealt board",
    "The summary repeats the board dealt on the streets.",
    "Board [..] names a different river",
    message="summary board {board}; dealt {dealt}",
)
_add(
    "HH308",
    "T2",
    _E,
    "shown cards differ from the cards dealt",
    "A player shows the cards they were dealt.",
    "Dealt to Hero [Ah Kd], Hero shows [Ah Qd]",
    message={
        "again": "{player} shows {cards} after showing {shown}",
        "dealt": "{player} was dealt {cards} but shows {shown}",
        "summary": "the summary shows {cards} for {player}, who showed {shown}",
    },
)
_add(
    "HH309",
    "S4",
    _I,
    "rake surcharge on one winner's share",
    "A room that takes more rake on some winners' shares (a site's surcharge, e.g. 25 % more on players of "
    "one country) splits a pot unequally; the printed rake includes it and the sums balance.",
    "a $10 pot, $0.56 rake (standard $0.50): $4.75 and $4.69",
    message="{player} collects {amount} from {pot}, {surcharge} less than the standard share {share}: "
    "{percent} % more rake on that share (the site's surcharge from {since})",
)

# ---- HH4xx: header, seats and cross-hand ----------------------------------------------------
_add(
    "HH401",
    "T1",
    _E,
    "number of players out of range",
    "2 to 10 seated players take part in a hand (min_players is a house rule).",
    "one player dealt in",
    message="{count} players dealt in; the table allows {low} to {high}",
)
_add(
    "HH402",
    "T1",
    _E,
    "seat or player listed twice",
    "Each seat and each player appears once.",
    "two 'Seat 3:' lines",
    message="seat {seat} ({player}) is listed twice",
)
_add(
    "HH403",
    "T1",
    _E,
    "seat number beyond the table size",
    "Seats run from 1 to the table's N-max.",
    "Seat 7 at a 6-max table",
    message="seat {seat} at a {max_seats}-max table",
)
_add(
    "HH404",
    "T4",
    _E,
    "player dealt in without chips",
    "A player dealt in has a stack above zero.",
    "a seat with a stack of $0 that posts a blind",
    message="{player} takes part with a stack of {stack}",
)
_add(
    "HH405",
    "T7",
    _W,
    "button on an empty seat",
    "The button sits on an occupied seat (a dead button is possible after a player leaves).",
    "the button on seat 4, where nobody sits",
    message="the button is on seat {button}, where nobody sits",
)
_add(
    "HH419",
    "B1",
    _W,
    "button seat inconsistent with the blinds",
    "Where a site's printed button can lag behind its blinds (888: `Conventions.button_from_blinds`), "
    "a small and a big blind posted by consecutive players are the rotation; the "
    "printed button that does not fit them is said once instead of as a wrong blind (HH101, HH102).",
    "three-handed, the button printed on seat 4 while seat 4 posts the small blind",
    message="the printed button (seat {button}) does not fit the blinds: {small} (seat {small_seat}) posts "
    "the small blind, {big} (seat {big_seat}) the big blind",
)
_add(
    "HH406",
    "T1",
    _E,
    "action by a player who is not seated",
    "Only seated players act.",
    "Ghost: calls $1 with no seat for Ghost",
    message="{player!r} acts but is not seated",
)
_add(
    "HH421",
    "T1",
    _I,
    "seat or stack not printed for a player who joined",
    "A site that prints the seat list before a player sits down (PartyPoker cash: `Hank has joined the "
    "table.`, then his posts) gives no seat line for him, or a $0 one: his seat is taken as the first empty "
    "seat where he acts and his stack as unknown, at least what he puts in (no all-in unless marked).",
    "`Hank has joined the table.`, then his big blind, with no `Seat N: Hank` line",
)
_add(
    "HH410",
    "T3",
    _W,
    "stack differs from the end of the previous hand",
    "Chips in front of a player change only through play, or through a rebuy between hands.",
    "ends hand 1 with $10.50, starts hand 2 at the same table with $12",
)
_add(
    "HH411",
    "T4",
    _W,
    "rebuy below the minimum buy-in",
    "A cash player buys in, or rebuys after busting, with at least the minimum (default 50 big blinds).",
    "busts, returns with 20 big blinds",
)
_add(
    "HH412",
    "T7",
    _W,
    "button did not move to the next player",
    "The button moves clockwise to the next seat of a player who was dealt into the previous hand (a player "
    "who has just sat down is skipped; a dead button may stand on a seat left empty).",
    "the button stays on seat 3 two hands in a row",
)
_add(
    "HH413",
    "",
    _E,
    "same hand id with different text",
    "A hand id identifies one hand; two different hands under one id is a data error.",
    "hand #1 in two files, different",
)
_add(
    "HH414",
    "",
    _I,
    "duplicate hand counted once",
    "The same hand (identical text) read twice is validated once.",
    "a file exported twice",
)
_add(
    "HH415",
    "",
    _I,
    "hand cancelled",
    "The room cancelled the hand; its pot is not checked.",
    "Hand cancelled",
    message="the hand was cancelled; its pot is not checked",
)
_add(
    "HH416",
    "T7",
    _W,
    "hands missing at the table",
    "A table's hands follow on: its hand counter counts up by one; across a file boundary or a pause of over "
    "10 minutes the button and stacks follow on, or hands are missing (one warning a gap, instead of HH412 "
    "and an HH410 per player).",
    "the counter goes from 852 to 855: hands 853-854 missing",
)
_add(
    "HH417",
    "T3",
    _I,
    "unprinted tournament rebuy",
    "A site that prints no tournament rebuys or add-ons (888) shows one only as a stack that grew between "
    "two hands; a stack that fell is still HH410.",
    "ended with 0, starts the next hand with 2000",
)
_add(
    "HH418",
    "",
    _W,
    "hand written twice with another start time",
    "A client wrote one hand twice, the copies differing only in the start time (PartyPoker's double "
    "writes): counted once, the first copy kept.",
    "the same hand at 08:22:01 and again at 08:22:02",
)


# The rules of shared/RULES.md, in one line each, for `hhtool rules CODE`.
RULE_TEXT = {
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
    """Build a Finding whose rule id and severity come from the catalogue (one source of truth)."""
    entry = CATALOGUE[code]
    return Finding(
        code,
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
