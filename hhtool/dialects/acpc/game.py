"""ACPC game definitions: the `.game` files of the ACPC dealer (`project_acpc_server`), read as data.

A game definition says what a dealer log leaves out: the stacks, the blinds per listed position, the
betting (limit with its raise sizes, or no-limit), who acts first in each round and how many board
cards each round deals. Its format (from the ACPC server's `game.c` and the `.game` files it ships,
e.g. `holdem.nolimit.2p.reverse_blinds.game`):

    GAMEDEF
    nolimit
    numPlayers = 2
    numRounds = 4
    stack = 20000 20000
    blind = 100 50
    firstPlayer = 2 1 1 1
    numSuits = 4
    numRanks = 13
    numHoleCards = 2
    numBoardCards = 0 3 1 1
    END GAMEDEF

`limit` games give `raiseSize = 10 10 20 20` and `maxRaises = 3 4 4 4`; `firstPlayer` is 1-based;
lines starting with `#` are comments; keywords are read without regard to case. The blinds are per
*listed* position of a log line (`reverse_blinds`: the first listed player posts the big blind).

Which definition a log is read with: the file or built-in name given by `HHTOOL_ACPC_GAME` (`--acpc-game
FILE|NAME` sets it), else the built-in game of as many players as the line names (its last field): 2,
`DEFAULT`, the 2017 Annual Computer Poker Competition's heads-up no-limit game above (the game the corpus's
2017 logs name in their `# name/game/hands/seed` line); 6, `SIX_PLAYER`, the Pluribus logs' game.
"""

from __future__ import annotations

import functools
import os
from dataclasses import dataclass

from hhtool.io.limits import OptionFileError, read_option_file
from hhtool.model.limits import MAX_MINOR, MAX_SEAT

ENVIRONMENT = "HHTOOL_ACPC_GAME"
MAX_ROUNDS = 16  # the most betting rounds a game definition may have (Hold'em has 4)


class GameError(ValueError):
    """A game definition that cannot be read, with what is wrong."""


@dataclass(frozen=True, slots=True)
class Game:
    limit: bool  # fixed limit (raises of raiseSize); else no-limit
    players: int
    rounds: int
    stacks: tuple[int, ...]  # per listed position
    blinds: tuple[int, ...]  # per listed position
    first_player: tuple[int, ...]  # 0-based listed position acting first, per round
    board_cards: tuple[int, ...]  # per round
    hole_cards: int = 2
    raise_sizes: tuple[int, ...] = ()  # limit games, per round
    max_raises: tuple[int, ...] = ()  # limit games, per round (none: no cap)
    suits: int = 4
    ranks: int = 13

    @property
    def holdem(self) -> bool:
        """Texas Hold'em as hhtool replays it: a 52-card deck, two hole cards, boards of 3, 1 and 1."""
        return (self.suits, self.ranks, self.hole_cards, self.rounds) == (4, 13, 2, 4) and self.board_cards == (
            0,
            3,
            1,
            1,
        )


DEFAULT_TEXT = """\
GAMEDEF
nolimit
numPlayers = 2
numRounds = 4
stack = 20000 20000
blind = 100 50
firstPlayer = 2 1 1 1
numSuits = 4
numRanks = 13
numHoleCards = 2
numBoardCards = 0 3 1 1
END GAMEDEF
"""

_LISTS = {
    "stack": "stacks",
    "blind": "blinds",
    "firstplayer": "first_player",
    "numboardcards": "board_cards",
    "raisesize": "raise_sizes",
    "maxraises": "max_raises",
}
_NUMBERS = {
    "numplayers": "players",
    "numrounds": "rounds",
    "numholecards": "hole_cards",
    "numsuits": "suits",
    "numranks": "ranks",
}


def parse_game(text: str) -> Game:
    """A game definition from the text of a `.game` file (GameError says what is wrong)."""
    values: dict[str, object] = {}
    betting = None
    inside = False
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        lower = line.lower()
        if lower == "gamedef":
            inside = True
            continue
        if lower == "end gamedef":
            break
        if not inside:
            raise GameError(f"line {number}: {line!r} before GAMEDEF")
        if lower in ("limit", "nolimit"):
            betting = lower
            continue
        key, equals, rest = line.partition("=")
        key = key.strip().lower()
        if not equals or (key not in _LISTS and key not in _NUMBERS):
            raise GameError(f"line {number}: {line!r} is not a game definition line")
        words = rest.split()
        if len(words) > max(MAX_SEAT, MAX_ROUNDS):
            raise GameError(f"line {number}: {len(words)} numbers (at most {max(MAX_SEAT, MAX_ROUNDS)})")
        try:
            numbers = tuple(int(word) if word.isascii() and len(word) <= 20 else int("x") for word in words)
        except ValueError:
            raise GameError(f"line {number}: {rest.strip()!r} is not a list of whole numbers") from None
        if key in _NUMBERS:
            if len(numbers) != 1:
                raise GameError(f"line {number}: {key} takes one number, not {len(numbers)}")
            values[_NUMBERS[key]] = numbers[0]
        else:
            values[_LISTS[key]] = numbers
    if betting is None:
        raise GameError("no betting type (limit or nolimit)")
    return _checked(betting == "limit", values)


def _checked(limit: bool, values: dict) -> Game:
    players, rounds = values.get("players"), values.get("rounds")
    if not isinstance(players, int) or not isinstance(rounds, int) or players < 2 or rounds < 1:
        raise GameError("numPlayers (2 or more) and numRounds (1 or more) are required")
    # before anything is made per player or round (numPlayers = 1000000000 made a billion stacks)
    if players > MAX_SEAT:
        raise GameError(f"numPlayers {players} is beyond hhtool's limit of {MAX_SEAT} seats")
    if rounds > MAX_ROUNDS:
        raise GameError(f"numRounds {rounds} is beyond hhtool's limit of {MAX_ROUNDS} rounds")
    stacks = values.get("stacks")
    if stacks is None:
        stacks = (2**31 - 1,) * players  # the ACPC server's default (INT32_MAX): no stack limit
    game = Game(
        limit=limit,
        players=players,
        rounds=rounds,
        stacks=stacks,
        blinds=values.get("blinds", (0,) * players),
        first_player=tuple(p - 1 for p in values.get("first_player", (1,) * rounds)),
        board_cards=values.get("board_cards", (0,) * rounds),
        hole_cards=values.get("hole_cards", 2),
        raise_sizes=values.get("raise_sizes", ()),
        max_raises=values.get("max_raises", ()),
        suits=values.get("suits", 4),
        ranks=values.get("ranks", 13),
    )
    for name, size in (("stack", players), ("blind", players), ("firstPlayer", rounds), ("numBoardCards", rounds)):
        got = {
            "stack": game.stacks,
            "blind": game.blinds,
            "firstPlayer": game.first_player,
            "numBoardCards": game.board_cards,
        }[name]
        if len(got) != size:
            raise GameError(f"{name} has {len(got)} values, the game needs {size}")
    if limit and len(game.raise_sizes) != rounds:
        raise GameError(f"a limit game needs raiseSize for each of its {rounds} rounds")
    if any(not 0 <= v <= MAX_MINOR for v in (*game.stacks, *game.blinds, *game.raise_sizes)):
        raise GameError(f"a stack, blind or raise size outside 0..{MAX_MINOR} (hhtool's limits)")
    if players > MAX_SEAT:
        raise GameError(f"numPlayers {players} is beyond hhtool's limit of {MAX_SEAT} seats")
    if any(not 0 <= p < players for p in game.first_player):
        raise GameError(f"firstPlayer names a position outside 1..{players}")
    return game


@functools.lru_cache(maxsize=8)
def load_game(path: str) -> Game:
    """The game definition in the file at `path` (OSError when it cannot be read)."""
    try:
        raw = read_option_file(path, "game file")
    except OptionFileError as exc:
        raise GameError(str(exc)) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise GameError(
            f"not UTF-8 text (byte 0x{raw[exc.start]:02x} at offset {exc.start}); save the game file as UTF-8"
        ) from None
    return parse_game(text)


DEFAULT = parse_game(DEFAULT_TEXT)

SIX_PLAYER_TEXT = """\
GAMEDEF
nolimit
numPlayers = 6
numRounds = 4
stack = 10000 10000 10000 10000 10000 10000
blind = 50 100 0 0 0 0
firstPlayer = 3 1 1 1
numSuits = 4
numRanks = 13
numHoleCards = 2
numBoardCards = 0 3 1 1
END GAMEDEF
"""
"""The 6-player no-limit game of the Pluribus logs (Brown and Sandholm, 2019; the same hands as PokerKit's
pluribus PHH files): 50/100 blinds, 10,000 chips each at every hand, the first listed player the small
blind, the third first to act before the flop and the first after it (PokerKit's `to_pluribus_protocol`
lists the players so)."""
SIX_PLAYER = parse_game(SIX_PLAYER_TEXT)

BUILT_IN = {"holdem.nolimit.2p.reverse_blinds": DEFAULT, "holdem.nolimit.6p.pluribus": SIX_PLAYER}
"""The games hhtool knows by name (`--acpc-game NAME`); by the number of players a line names when no
game is given: 2 the first, 6 the second."""
BY_PLAYERS = {2: DEFAULT, 6: SIX_PLAYER}


def named_game(name: str) -> Game | None:
    """A built-in game by its name, or None."""
    return BUILT_IN.get(name)


def current_game(players: int | None = None) -> Game | None:
    """The game logs are read with: the file (or built-in name) HHTOOL_ACPC_GAME gives, else the built-in
    game of the number of `players` the line lists (DEFAULT when not given); None when none has that many."""
    path = os.environ.get(ENVIRONMENT)
    if path:
        return named_game(path) or load_game(path)
    if players is None or players < 2:  # (a line of fewer names is reported against the heads-up game)
        return DEFAULT
    return BY_PLAYERS.get(players)
