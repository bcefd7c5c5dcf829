"""Not a Hack's table as the rules see it: the game's numbers and the rules' passages
they cite, the shape of each stored event, and the immutable State and Player. The
functions over them are in rules.py (turns, action cards, Steal, Banned and New
Account, the hack-off) and words.py (the lines for the table). Source:
shared/rules/not-a-hack.txt."""

from __future__ import annotations

from pnp.core.records import NamedTuple
from scorekeeper.errors import InputError, quoted
from scorekeeper.outcome import Outcome, Termination
from scorekeeper.shapes import CARD_ID, CARD_NAME, COPIES, KIT_COUNT, Optional, Range, Values, maybe

GAME = "not-a-hack"
NAME = "Not a Hack"
PLAYERS = (3, 5)

RULE_PLAYERS = "Not a Hack is for 3 to 5 players (rules, title)"
RULE_TURNS = "players take turns drawing from the black hack pile (rules, “Following turns”)"
RULE_JUDGE = (
    "the player who drew the hack card reads the submissions and picks a winner "
    "(rules, “decides a winner”)"
)
RULE_BANNED = (
    "a banned player is out: their points are final and they only vote in the "
    "hack-off (rules, “If a banned card is drawn…” and “Winning”)"
)
RULE_STEAL = "a Steal takes a winning hack from any unbanned player (rules, Steal)"
RULE_HACK_OFF = (
    "when two unbanned players remain the final hack-off decides the game (rules, “Winning”)"
)
RULE_IGNORE = (
    "in the hack-off, draw until a hack card appears, ignoring other card types (rules, “Winning”)"
)
RULE_VOTE = "all banned players vote on the winning hack (rules, “Winning”)"
RULE_OVER = "the game is over (rules, “Winning”)"
RULE_ACCOUNTS = (
    "each player is given one New Account card and one fewer than the number of "
    "players are shuffled into the white pile (rules, “Complete Rules”)"
)
RULE_ACTION_CARDS = (
    "an action card is set in front of the player, so no more are kept than "
    "the kit prints (rules, “Set this card in front of that player”)"
)
RULE_SPLIT = (
    "no hack wins a split vote: draw a new hack card, both finalists play again, and "
    "the banned players vote again until one hack has more votes (rulebook, "
    "Clarifications: “What if the banned players' vote is split evenly?”)"
)
RULE_USED_UP = (
    "once no hack can ever be completed again (too few components and modifiers are "
    "left outside the winning hacks for any hack card), no hack-off can be won and the "
    "game ends with no winner (rulebook, Clarifications: “What if the white cards run "
    "out for good?”)"
)
RULE_WHITE = (
    "the winner keeps a winning hack's white cards as points, so no more are kept "
    "than the kit prints (rules, “keeps those white component cards as points”)"
)

#: White cards in one winning hack (a component and up to two modifiers), the points
#: one action card may print, and the winning hacks a `steal --hack` may count to.
HACK_CARDS = (1, 3)
NEGATIVE_POINTS, POSITIVE_POINTS = (-9, -1), (1, 9)
HACKS_COUNTED = (1, 99)
_ID, _NAME, _KIT = maybe(CARD_ID), maybe(CARD_NAME), maybe(KIT_COUNT)


def _action(points: tuple[int, int]) -> dict:
    return {
        "player": str,
        "points": Range(*points),
        "name": _NAME,
        "card": _ID,
        "copies": maybe(COPIES),
        "deck_at_points": _KIT,
    }


#: The shape of each event type (scorekeeper.shapes), checked when a command records it
#: and again whenever the log is read, with the ranges the commands allow.
EVENTS = {
    "hack": {"drawer": str, "winner": str, "cards": Range(*HACK_CARDS), "white": _KIT},
    "negative": _action(NEGATIVE_POINTS),
    "banned": {"player": str, "counter": Optional(bool)},
    "new_account": {"player": str, "kit": _KIT},
    "positive": _action(POSITIVE_POINTS),
    "steal": {
        "player": str,
        "from": str,  # "hack": the index, from 0
        "hack": Optional(Range(0, HACKS_COUNTED[1] - 1)),
        "cards": Optional(Range(*HACK_CARDS)),
    },
    "hack_off": {"votes": Optional(Values(str)), "cards": Range(*HACK_CARDS), "white": _KIT},
    "used_up": {},
}


class Player(NamedTuple):
    """A seat: winning hacks (white cards in each), action points, New Account cards
    held, whether banned, the bans its New Account cards have countered, and the ids of
    the action cards kept in front of it (None for one recorded by its points)."""

    name: str
    hacks: tuple[int, ...] = ()
    actions: tuple[int, ...] = ()
    accounts: int = 1
    banned: bool = False
    countered: int = 0
    cards: tuple[str | None, ...] = ()

    @property
    def total(self) -> int:
        """Points: one per white card in each winning hack, plus action cards."""
        return sum(self.hacks) + sum(self.actions)


class State(NamedTuple):
    """The table: players in seating order, whose turn it is to draw (`current`), the
    phase ("play", "hack-off", "over"), the turn number (`round`: every draw from the
    black pile is one turn, as the rules count them), hack-offs held, the result, and
    the hack-off votes that split (`splits`: no hack won them)."""

    players: tuple[Player, ...]
    current: int = 0
    phase: str = "play"
    round: int = 1
    hack_offs: int = 0
    result: Outcome | None = None
    splits: int = 0

    def seat(self, name: str) -> int:
        """Seat index of the player called exactly `name`; InputError if there is none."""
        for i, p in enumerate(self.players):
            if p.name == name:
                return i
        raise InputError(f"no player called {quoted(name)}")

    def unbanned(self) -> list[str]:
        """The players not banned, in seating order."""
        return [p.name for p in self.players if not p.banned]


#: The classes a saved state is made of (scorekeeper.snapshot reads back only these).
STATE_TYPES = (State, Player, Outcome, Termination)
