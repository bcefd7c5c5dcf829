"""Hack Attack: Defense's table as the rules see it: the game's numbers and the rules'
passages they cite, its official variants, the shape of each stored event, and the
immutable State, Player and Tech. The functions over them are in rules.py (turns,
Protect, User Errors, Attacks, the final round), attack.py (the Attack check) and
scoring.py (the score). Source: shared/rules/hack-attack-defense.txt ("Faster
variant" and "Variant" for the variants)."""

from __future__ import annotations

from pnp.core.records import NamedTuple
from scorekeeper.errors import InputError, quoted
from scorekeeper.game import Variant
from scorekeeper.shapes import (
    CARD_ID,
    CARD_NAME,
    COPIES,
    DATA_ID,
    KIT_COUNT,
    Optional,
    Range,
    Values,
    maybe,
)

GAME = "hack-attack"
NAME = "Hack Attack: Defense"

RULE_OWN_TURN = (
    "you Protect on your own turn, between your actions "
    "(rules, “Protect a Tech card (once per turn)”)"
)
RULE_ONCE = (
    "you may Protect one Tech card per turn (rules, “You may Protect one Tech card per turn”)"
)
RULE_OVER = (
    "after the final round the game is scored and nothing more happens "
    "(rules, “When a player Protects their fourth Tech card (third with 5–6 "
    "players), every other player takes one last turn”)"
)
RULE_DRAWER = (
    "the player whose turn it is draws and resolves an Attack (rules, “Resolve what you flip”)"
)
RULE_COPIES = (
    "a Protected Tech card stays Protected, so no card is Protected more often than "
    "the deck holds it (rules, “Tech”)"
)
RULE_ATTACK_GONE = (
    "a resolved Attack card is removed from the game (rules, “remove the Attack "
    "card from the game”)"
)
RULE_USER_ERRORS = "User Errors kept come from the deck's User Error cards (rules, “User Error”)"
RULE_REVEALED = (
    "each player reveals a Defense card from their hand, so no more of a category (or "
    "of Reality Checks) are revealed than the kit prints (rules, “Everyone picks one card”)"
)


def _icons(n: int) -> str:
    return f"the table covers {n} of an Attack's 3 icons at every player count"


#: The official variants (rules: “Faster variant” and “Variant”), chosen at `new`.
VARIANTS = (
    Variant(
        "faster",
        "Protect any number of Tech cards on your turn, not one",
        "rules, “Faster variant: let players Protect any number of Tech cards on their turn”",
        lambda _: "any number of Tech cards may be Protected on a turn",
    ),
    Variant(
        "cover",
        "The table covers N of an Attack's 3 icons (1 easier, 3 harder) whatever the player count",
        "rules, “Variant: for an easier or harder game, "
        "lower or raise the number of icons the table must cover”",
        _icons,
        (1, 3),
    ),
)

#: User Error cards one `user-error` records at once (rules: each is kept, −1 point).
USER_ERRORS_AT_ONCE = (1, 20)
#: Points a Tech card may print (pnp validate holds the card data to the same).
TECH_POINTS = (1, 9)
_ID, _NAME, _COPIES = maybe(CARD_ID), maybe(CARD_NAME), maybe(COPIES)
#: The shape of each event type (scorekeeper.shapes), checked when a command records it
#: and again whenever the log is read, with the ranges the commands allow.
EVENTS = {
    "protect": {
        "player": str,
        "points": Range(*TECH_POINTS),
        "card": _ID,
        "name": _NAME,
        "copies": _COPIES,
        "deck_at_points": maybe(KIT_COUNT),
    },
    "user_error": {
        "player": str,
        "count": Optional(Range(*USER_ERRORS_AT_ONCE)),
        "deck": maybe(KIT_COUNT),
    },
    "attack": {
        "player": str,
        "icons": [DATA_ID],
        "revealed": [DATA_ID],
        "attack": _ID,
        "name": _NAME,
        "holds": Optional(bool),
        "copies": _COPIES,
        "kit": Optional(Values(KIT_COUNT)),
    },
    "end_turn": {},
}


class Tech(NamedTuple):
    """A Protected Tech card: its points, and the card id and name when known."""

    points: int
    card: str | None = None
    name: str | None = None


class Player(NamedTuple):
    """One seat: name, Protected Tech and User Error cards kept."""

    name: str
    protected: tuple[Tech, ...] = ()
    user_errors: int = 0

    @property
    def points(self) -> int:
        """Points on Protected Tech cards."""
        return sum(t.points for t in self.protected)

    @property
    def total(self) -> int:
        """Protected Tech points minus one per User Error (rules: scoring)."""
        return self.points - self.user_errors


class State(NamedTuple):
    """The table: players in seating order, whose turn (`current`, an index), the turn
    number, whether this turn's Protect is used, and the endgame: `trigger` is the player
    whose Protect started the final round, `last_turns` the players still to start their
    last turn (in order), `over` once the final round is done. The variants: `faster`
    (any number of Protects a turn), `cover` (icons the table covers, None: by player
    count) and `complete_round` (a rule suggestion, not the author's: the final round
    ends with the last seat, so every player has had as many turns; off, the author's
    "every other player takes one last turn")."""

    players: tuple[Player, ...]
    current: int = 0
    turn: int = 1
    protected_this_turn: bool = False
    trigger: int | None = None
    last_turns: tuple[int, ...] | None = None
    over: bool = False
    attacks: tuple[str, ...] = ()
    faster: bool = False
    cover: int | None = None
    complete_round: bool = False

    def seat(self, name: str) -> int:
        """Seat index of the player called exactly `name`; InputError if there is none."""
        for i, p in enumerate(self.players):
            if p.name == name:
                return i
        raise InputError(f"no player called {quoted(name)}")


#: The classes a saved state is made of (scorekeeper.snapshot reads back only these).
STATE_TYPES = (State, Player, Tech)
