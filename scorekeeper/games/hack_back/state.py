"""Hack Back's table as the rules see it: the game's numbers and the rules' passages
they cite, the shape of each stored event, and the immutable State and Hero. The
functions over them are in opening.py (the opening), rules.py (turns, targets) and
end_turn.py (the end-of-turn checks). Source: shared/rules/hack-back.txt."""

from __future__ import annotations

from pnp.core.records import NamedTuple
from scorekeeper.errors import InputError
from scorekeeper.outcome import Outcome, Termination
from scorekeeper.shapes import CARD_ID, CARD_NAME, Optional, Range, maybe
from scorekeeper.view import number

GAME = "hack-back"
NAME = "Hack Back"
PLAYERS = (2, 14)
ELIMINATE_AT = 40
WIN_AT = 0
ACTIVATION_COST = 2

RULE_PLAYERS = (
    "Hack Back supports two or more players (rules, opening lines); the kit "
    "seats up to 14 (game.toml): its shared deck of 70 cards deals five cards to that many"
)
RULE_OPENING = (
    "every player reveals one Hero, and only the tied players replace theirs "
    "(rules, “Reveal all Heroes together” and “If the lowest printed VC is tied”)"
)
RULE_TURN = "players take turns clockwise from the lowest opening Hero (rules, step 5)"
RULE_TWO_ACTIONS = "a turn is exactly two actions (rules, “Take two actions”)"
RULE_OWN_HERO = "you activate a Hero you control (rules, “Activate Hero”)"
RULE_ATTACK = "Attack may target any Hero in play (rules, “Attack”)"
RULE_DEFEND = "Defend must target a friendly Hero (rules, “Defend”)"
RULE_DEFEND_ALLY = (
    "Defend Ally must target a friendly Hero other than the activating Hero (rules, “Defend Ally”)"
)
RULE_DEFEND_ALLY_PLAYED = (
    "when a card played from hand uses Defend Ally, any friendly Hero is "
    "eligible (rules, “When a card played from hand uses Defend Ally”)"
)
RULE_FRIENDLY = "your friendly Heroes are the Heroes you control (rules, “In individual play”)"
RULE_OUT = (
    "a player with no Heroes remaining loses; eliminated players are skipped in turn "
    "order (rules, “Eliminate players”)"
)
RULE_NO_TARGET = "an instruction without a legal target has no effect (rules)"
RULE_EVERY = (
    "an instruction that reaches every Hero it may target takes no chosen target "
    "(the card's text, within rules, “Attack” and “Defend”)"
)
TARGETED = ("attack", "defend", "defend_ally")


def takes_target(effect: dict) -> bool:
    """Whether the player names a target for `effect` (an effect dict as in the events):
    Attack, Defend and Defend Ally do, unless they reach every Hero they may target."""
    return effect["kind"] in TARGETED and not effect.get("every")


RULE_MANDATORY = "resolve all mandatory instructions (rules, “Resolve all mandatory instructions”)"
RULE_OVER = "the game is over (rules, end-of-turn checks)"
RULE_VP = (
    "a Victory Point may place a card from your hand as an additional Hero "
    "(rules, “When a Hero’s activation grants you a Victory Point”)"
)

#: Printed VC a Hero card may carry, and the amounts an instruction may print (pnp
#: validate holds the card data to the same: an Attack may be negative).
PRINTED_VC = (0, 39)
AMOUNTS = (-9, 9)
_ID, _NAME = maybe(CARD_ID), maybe(CARD_NAME)
_HERO = Range(1, 2**63 - 1)
#: One instruction as a command records it from a card: each kind with the amounts the
#: card data allows it (pnp.games.hack_back.cards.EFFECTS): an Attack −9..9 but never 0, a
#: Defend or Defend Ally 1..9, a Draw 1..3 cards, a Victory Point no amount (0).
_EFFECT = (
    {
        "kind": frozenset({"attack"}),
        "amount": (Range(AMOUNTS[0], -1), Range(1, AMOUNTS[1])),
        "every": Optional(bool),
    },
    {
        "kind": frozenset({"defend", "defend_ally"}),
        "amount": Range(1, AMOUNTS[1]),
        "every": Optional(bool),
    },
    {"kind": frozenset({"draw"}), "amount": Range(1, 3), "every": Optional(bool)},
    {
        "kind": frozenset({"victory_point"}),
        "amount": Optional((Range(0, 0), None)),
        "every": Optional(bool),
    },
)
_PLACED = {"card": _ID, "name": _NAME, "vc": Range(*PRINTED_VC)}
#: The shape of each event type (scorekeeper.shapes), checked when a command records it
#: and again whenever the log is read, with the ranges the commands allow.
EVENTS = {
    "reveal": {"player": str, "card": _ID, "name": _NAME, "vc": Range(*PRINTED_VC)},
    "no_hero": {"player": str},
    "draw": {"player": str},
    "play": {
        "player": str,
        "card": _ID,
        "name": _NAME,
        "effects": [_EFFECT],
        "targets": [(_HERO, None)],
    },
    "activate": {
        "player": str,
        "hero": _HERO,
        "card": _ID,
        "name": _NAME,
        "printed": maybe(Range(*PRINTED_VC)),
        "effects": [_EFFECT],
        "targets": [(_HERO, None)],
        "place": Optional([(_PLACED, None)]),
    },
}


class Hero(NamedTuple):
    """A Hero in play or set aside: its number, owner, card, printed and current VC."""

    uid: int
    owner: str
    name: str
    card: str | None
    printed: int
    vc: int
    in_play: bool = True


class State(NamedTuple):
    """The table. `phase` is "opening", "play" or "over"; `heroes` every Hero ever placed
    (set-aside ones have in_play False); `out` the eliminated players in order; during
    the opening `waiting` lists who must still reveal; in play `current` is the seat
    whose turn it is and `actions` how many of its two actions are done; `played` counts
    the turns completed (0: the game ended in the opening). `result` is the Outcome once
    over; `checks` the last end-of-turn explanation."""

    players: tuple[str, ...]
    phase: str = "opening"
    heroes: tuple[Hero, ...] = ()
    out: tuple[str, ...] = ()
    waiting: tuple[str, ...] = ()
    current: int = 0
    actions: int = 0
    turn: int = 1
    result: Outcome | None = None
    checks: tuple[str, ...] = ()
    played: int = 0
    #: a rule suggestion `pnp simulate --rule-variant lowest-before-discards` plays
    #: (no table chooses it): when the checks would leave no player, the lowest Hero
    #: before the discards wins instead of everyone losing
    lowest_before_discards: bool = False

    def hero(self, uid: int) -> Hero:
        """The Hero numbered `uid` in play; InputError if there is none."""
        for h in self.heroes:
            if h.uid == uid and h.in_play:
                return h
            if h.uid == uid:  # placed once, no longer in play: say how it left
                why = (
                    f"was discarded at {number(h.vc)} VC"
                    if h.vc >= ELIMINATE_AT
                    else "was set aside in the opening tie"
                )
                raise InputError(f"Hero #{uid} ({h.name}, {h.owner}'s) {why}; it is not in play")
        raise InputError(f"no Hero #{uid} in play")

    def in_play(self, owner: str | None = None) -> list[Hero]:
        """The Heroes in play (of `owner` only, if given), in the order placed."""
        return [h for h in self.heroes if h.in_play and (owner is None or h.owner == owner)]

    def alive(self) -> list[str]:
        """The players not eliminated, in seating order."""
        return [p for p in self.players if p not in self.out]


#: The classes a saved state is made of (scorekeeper.snapshot reads back only these).
STATE_TYPES = (State, Hero, Outcome, Termination)
