"""The table of the Not a Hack simulator: its constants, the kit figures the
scorekeeper's events copy, and the shapes a game is made of — a player's cards
(`Seat`), what a player sees (`Public`, `View`), a Steal's target and the player
protocol. The game itself is `pnp.games.not_a_hack.simulator.match`."""

from __future__ import annotations

import random
from collections import Counter
from typing import Protocol

from pnp.core.records import NamedTuple
from pnp.games.not_a_hack.cards import NahCard, NotAHackData
from pnp.simulate.result import CAPPED
from scorekeeper.games.not_a_hack import rules

GAME = rules.GAME
PLAYERS = rules.PLAYERS  # rules: "Not a hack Rules (3 to 5 players)"
NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eli")
TURN_CAP = 400  # black cards drawn, hack-off draws included
TURN_WORD = "black cards drawn"
#: The ending of a game that can never end: the white cards are used up, so no hack can
#: be completed and no hack-off won (`Match.used_up`).
USED_UP = "white used up"
#: How a game ends -> a chart label: settled by the first hack-off, by a later one (after
#: a split vote or tied totals: rules, “In case of a tie repeat the hack off”), stopped
#: with the white cards used up, or capped.
ENDINGS = {
    "hack-off": "first hack-off",
    "hack-off repeated": "hack-off repeated",
    USED_UP: "white cards used up (draw)",
    CAPPED: "turn cap (draw)",
}
BUILD = ("component", "modifier")  # the white kinds that fill a hack's blanks
#: points of lead a search player's play-out counts as most of a clear lead (Model.lead)
LEAD_POINTS = 5
#: The kinds of card the pile make-up figures follow, by pile, and every how many black
#: cards drawn they are counted.
PILE_KINDS = {
    "white": ("component", "modifier", "steal", "new_account"),
    "black": ("hack", "negative", "banned"),
}
PILE_EVERY = 10
#: What `facts["per_player"]` counts of each player ("<name>:<key>"), each with a label:
#: where a strategy's points come from.
PER_PLAYER = {
    "hacks_won": "hacks won",
    "hack_points": "points from hacks won",
    "steals": "Steals played",
    "points_stolen": "points stolen",
    "stolen_from": "points lost to Steals",
    "countered": "bans countered",
    "banned": "bans that stood",
    "swaps": "cards swapped",
}
#: The per-game counts of `facts["per_game"]`, each with its chart label.
PER_GAME = {
    "bans": "players banned",
    "countered": "bans countered",
    "steals": "steals",
    "hack_offs": "hack-offs held",
    "hack_off_repeats": "hack-offs repeated",
    "split_votes": "split votes",
    "unfinished": "hacks nobody completed",
}


class Kit(NamedTuple):
    """What the scorekeeper's events copy from the card data, as its verbs do
    (scorekeeper.games.not_a_hack.cards): `white`, the component and modifier cards
    printed (`white_points`); `accounts`, the New Account cards printed (`printed`);
    `at_points`, (kind, signed points) -> action cards of that kind printing them."""

    white: int
    accounts: int
    at_points: dict[tuple[str, int], int]


def kit_of(data: NotAHackData) -> Kit:
    """The Kit of `data`."""
    at_points: Counter = Counter()
    for c in data.cards:
        if c.kind in ("negative", "positive"):
            at_points[c.kind, c.points] += c.count
    return Kit(
        sum(c.count for c in data.cards if c.kind in BUILD),
        sum(c.count for c in data.cards if c.kind == "new_account"),
        dict(at_points),
    )


def size(hack: NahCard) -> int:
    """The white cards (and points) of a completed `hack`."""
    return hack.components + hack.modifiers


class Seat:
    """One player's cards: the hidden `hand`; `won`, their winning hacks as (hack card,
    white cards) in the scorekeeper's order of `Player.hacks`; `kept`, the action and
    Banned cards in front of them; `owed`, cards used from the hand since the last
    refill."""

    __slots__ = ("hand", "kept", "name", "owed", "won")
    hand: list[NahCard]
    won: list[tuple[NahCard, list[NahCard]]]
    kept: list[NahCard]

    def __init__(self, name: str):
        self.name, self.hand, self.won, self.kept, self.owed = name, [], [], [], 0

    def copy(self) -> Seat:
        """An independent copy (cards, and the white cards of a winning hack, are never
        changed in place, so they are shared)."""
        other = Seat(self.name)
        other.hand, other.won, other.kept, other.owed = (
            list(self.hand),
            list(self.won),
            list(self.kept),
            self.owed,
        )
        return other


#: White cards a look-ahead leaves in the white pile: a positive action card never stays
#: in a hand (it scores as it is drawn).
STAY = ("positive",)


def card_order(card: NahCard) -> tuple[str, str]:
    """A fixed order of cards (kind, then id), so a pile sorted by it and then shuffled
    depends only on which cards it holds, never on how they lay."""
    return card.kind, card.id


class Public(NamedTuple):
    """What everyone sees of one player: name, cards in hand, winning hacks (white
    cards in each), point total, banned."""

    name: str
    hand: int
    hacks: tuple[int, ...]
    total: int
    banned: bool


class View(NamedTuple):
    """What one player may see when deciding: their name and own hand, every player's
    public cards in seating order (`table`), the cards left in the white pile.
    `rng`: the player's own random source (never the deal's)."""

    name: str
    hand: list
    table: tuple[Public, ...]
    white_left: int
    rng: random.Random


class Steal(NamedTuple):
    """A Steal's target: `victim`'s winning hack number `index` (from 0), of `cards`."""

    victim: str
    index: int  # type: ignore[assignment]  # the steal event's name; shadows tuple.index
    cards: int


class Player(Protocol):
    """A way of playing: each method gets the deciding player's View. `counter`: cancel
    a ban with a held New Account card (only asked of a holder); `steal`: one of the
    legal Steals, or None; `swap`: the card to discard while completing a hack (one of
    the cards the hack does not need); `judge`: the index of the winning hack among the
    face-down submissions (white cards, owners hidden); `vote` (a banned player, in the
    hack-off): the finalist whose hack wins, among those who played one."""

    def counter(self, view: View) -> bool: ...
    def steal(self, view: View, options: list[Steal]) -> Steal | None: ...
    def swap(self, view: View, options: list[NahCard]) -> NahCard: ...
    def judge(self, view: View, hacks: list[list[NahCard]]) -> int: ...
    def vote(self, view: View, finalists: list[str]) -> str: ...


def take(cards: list, card) -> None:
    """Remove `card` itself (not an equal copy) from `cards`."""
    for k, c in enumerate(cards):
        if c is card:
            del cards[k]
            return
    raise ValueError(f"{card.id} is not there")
