"""The table of the Hack Back simulator: its constants, the deal's helpers, what a player
holds (`Seat`), what a player sees (`View`) and the player protocol. The game itself is
`pnp.games.hack_back.simulator.match`."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from pnp.core.records import NamedTuple
from pnp.games.hack_back.cards import HAND, Effect, HackBackData, HeroCard
from pnp.simulate.result import CAPPED
from scorekeeper.games.hack_back import rules
from scorekeeper.outcome import Outcome, Termination

GAME = "hack-back"
#: rules: "two or more individual players"; the kit seats as many as the score keeper
#: (game.toml players.max: the 70-card shared deck deals 14 hands; five individual decks)
PLAYERS = rules.PLAYERS
NAMES = (
    "Ana",
    "Ben",
    "Cleo",
    "Dev",
    "Eli",
    "Fay",
    "Gus",
    "Hal",
    "Ivy",
    "Jon",
    "Kai",
    "Lea",
    "Max",
    "Nia",
)  # as many as the scorekeeper seats (rules.PLAYERS)
TURN_CAP = 200  # every player's turn counts (rules.State.played)
TURN_WORD = "turns"
#: How a game ends (rules, the end-of-turn checks and the opening) -> a chart label.
ENDINGS = {
    "vc win": "VC win",
    "last player": "last player standing",
    "everyone loses": "everyone loses",
    "tie": "tie",
    CAPPED: "turn cap (draw)",
}
INDIVIDUAL, SHARED = "individual", "shared"
SHARED_ID = "shared"  # the shared deck's id in the facts
#: The facts each game counts (group -> card or deck id -> count).
FACTS = ("opening", "opening_won", "deck", "deck_won", "in_play", "discarded")
#: The rates among them (count, out of): every key counted out of has a count, 0 or more.
RATES = (("opening_won", "opening"), ("deck_won", "deck"), ("discarded", "in_play"))

#: VC of lead a search player's play-out counts as most of a clear lead (Model.lead)
LEAD_VC = 10
#: An action: ("draw", None), ("play", HeroCard) or ("activate", Hero number).
Action = tuple


def distinct(cards: Sequence[HeroCard]) -> list[HeroCard]:
    """`cards` without repeated copies (one choice per card, in first-seen order)."""
    return list({c.id: c for c in cards}.values())


def take(deck: list[HeroCard], n: int) -> list[HeroCard]:
    """The top `n` cards of `deck` (its end), removed; fewer if fewer remain ("If fewer
    than five remain, draw what is available")."""
    n = min(n, len(deck))
    taken = deck[len(deck) - n :][::-1]
    del deck[len(deck) - n :]
    return taken


def choose_format(data: HackBackData, n_players: int, chosen: str | None = None) -> str:
    """The deck format for `n_players` (rules, "Choose one deck format"): `chosen`
    ("individual" or "shared"; None: individual decks, as `pnp build` prints them).
    ValueError for an unknown format, or one the data cannot deal five-card hands from
    at this player count."""
    chosen = chosen or INDIVIDUAL
    if chosen not in (INDIVIDUAL, SHARED):
        raise ValueError(f"deck format is {INDIVIDUAL!r} or {SHARED!r}, got {chosen!r}")
    if chosen == INDIVIDUAL and len(data.decks) < n_players:
        raise ValueError(
            f"{n_players} players need {n_players} individual decks; the "
            f"card data has {len(data.decks)}"
        )
    if chosen == SHARED and data.shared.size < HAND * n_players:
        raise ValueError(
            f"the {data.shared.size}-card shared deck cannot deal {n_players} hands of {HAND}"
        )
    return chosen


def lowest_vc(state: rules.State, player: str) -> int:
    """`player`'s lowest Hero VC in play, or rules.ELIMINATE_AT when they have none."""
    return min((h.vc for h in state.in_play(player)), default=rules.ELIMINATE_AT)


def ending(outcome: Outcome) -> str:
    """The ENDINGS key of a finished game's Outcome (rules.outcome)."""
    if outcome.termination is Termination.WIN_CONDITION:
        return "tie" if outcome.tie else "vc win"
    if outcome.termination is Termination.LAST_PLAYER:
        return "last player"
    return "everyone loses"


class Seat:
    """One player's cards: `deck` (their own, or the one shared list), the hidden
    `hand`, and their `discard` pile (never reshuffled). `deck_id` names the deck."""

    __slots__ = ("deck", "deck_id", "discard", "hand", "name")
    deck: list[HeroCard]
    hand: list[HeroCard]
    discard: list[HeroCard]

    def __init__(self, name: str):
        self.name, self.deck, self.deck_id, self.hand, self.discard = name, [], "", [], []


def card_order(card: HeroCard) -> str:
    """A fixed order of cards (by id), so a pile sorted by it and then shuffled depends
    only on which cards it holds, never on how they lay."""
    return card.id


class View(NamedTuple):
    """What one player may see when deciding: `name` (theirs), their own `hand` (the
    live list: read, never change), the Heroes in play (`heroes`, rules.Hero, face up;
    while an action resolves, as the table stood when it began plus any Hero its Victory
    Points placed), the cards of the Heroes in play (`cards`: Hero number -> HeroCard;
    a Hero placed by the action being resolved joins it once the action is recorded),
    the other players' hand sizes (`hands`: name -> cards), the cards left in the deck
    they draw from (`deck_left`), the actions left this turn (`actions_left`, 0 in the
    opening) and the player's own random source (`rng`, never the deal's)."""

    name: str
    hand: list
    heroes: list
    cards: dict
    hands: dict
    deck_left: int
    actions_left: int
    rng: random.Random


class Player(Protocol):
    """A way of playing: each method gets the deciding player's View. `hero`: the card of
    `options` (their distinct hand cards) put forward as an opening Hero; `action`: one of
    the legal actions; `target`: the Hero number (of `options`, two or more legal targets)
    that `effect` resolves on, `activating` the Hero being activated (None for a played
    card); `place`: for a Victory Point, a card of `options` to place as an additional
    Hero, or None to decline."""

    def hero(self, view: View, options: list[HeroCard]) -> HeroCard: ...
    def action(self, view: View, options: list[Action]) -> Action: ...
    def target(
        self, view: View, effect: Effect, options: list[int], activating: int | None
    ) -> int: ...
    def place(self, view: View, options: list[HeroCard]) -> HeroCard | None: ...
