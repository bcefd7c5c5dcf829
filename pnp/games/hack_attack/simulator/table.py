"""The table of the Hack Attack: Defense simulator: its constants (from the rules and the
card data), paying a Protect from a hand, what a player holds (`Seat`), what a player
sees (`View`) and the player protocol. The game itself is
`pnp.games.hack_attack.simulator.match`."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from pnp.core.records import NamedTuple
from pnp.games.hack_attack.cards import DefenseCard, HackAttackData, RealityCheckCard, TechCard
from pnp.simulate.result import CAPPED
from scorekeeper.games.hack_attack import rules
from scorekeeper.games.hack_attack.cards import Deck

GAME = "hack-attack"
PLAYERS = (2, 6)  # rules: "2–6 players"
WILD = rules.WILD
NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eli", "Fay")
TURN_CAP = 400  # every player's turn counts (rules.State.turn)
TURN_WORD = "turns"
#: How a game ends: the scorekeeper's reason (rules, "Winning") -> a chart label.
ENDINGS = {
    "highest total": "highest total",
    "tie-breaker: fewest Protected Tech": "tie-breaker",
    "shared win": "shared win",
    CAPPED: "turn cap (draw)",
}
HAND_LIMIT = 4  # "if you hold more than 4 Defense cards, discard down to 4"
TECH_LIMIT = 4  # "never have more than 4 unprotected Tech cards"
DEAL_TECH, TECH_ROW = 4, 3
DEAL_DEFENSE, DEFENSE_ROW = 4, 5

DefenseLike = DefenseCard | RealityCheckCard
#: the setting of the kit rulebook's "Gentler first game" (a house rule the model plays
#: at setup; the other variants' settings are the score keeper's rules parameters)
GENTLER = "gentler"
#: points of lead a search player's play-out counts as most of a clear lead (Model.lead)
LEAD_POINTS = 5


def category(card: DefenseLike) -> str:
    """A Defense card's category id, or WILD for a Reality Check."""
    return WILD if isinstance(card, RealityCheckCard) else card.category


def payment(hand: Sequence[DefenseLike], needs: Sequence[str]) -> list[DefenseLike] | None:
    """The cards of `hand` that Protect a Tech needing `needs` (categories, may repeat):
    a card of each category first, Reality Checks for the rest ("Play or reveal it in
    place of any category"); None if the hand cannot pay."""
    left, paid, short = list(hand), [], 0
    for need in needs:
        for card in left:
            if category(card) == need:
                left.remove(card)
                paid.append(card)
                break
        else:
            short += 1
    wilds = [c for c in left if category(c) == WILD]
    return paid + wilds[:short] if short <= len(wilds) else None


class Seat:
    """One player's cards: the hidden `hand`, the face-up unprotected `tech` and the
    `protected` Tech (with the Defense cards under it, out of play)."""

    __slots__ = ("hand", "name", "protected", "tech")
    hand: list[DefenseLike]
    tech: list[TechCard]
    protected: list[TechCard]

    def __init__(self, name: str):
        self.name, self.hand, self.tech, self.protected = name, [], [], []

    def copy(self) -> Seat:
        """An independent copy (the cards themselves are immutable and shared)."""
        other = Seat(self.name)
        other.hand, other.tech, other.protected = (
            list(self.hand),
            list(self.tech),
            list(self.protected),
        )
        return other


def card_order(card) -> tuple[str, str]:
    """A fixed order of cards (kind, then id), so a pile sorted by it and then
    shuffled depends only on which cards it holds, never on how they lay."""
    return type(card).__name__, card.id


class View(NamedTuple):
    """What one player may see when deciding: their own hand and Tech, the rows, how
    many cards the Defense deck holds, and the others' public cards (`others`: name,
    hand size, unprotected Tech, Protected Tech). `rng`: the deciding seat's own
    random source (never the deal's)."""

    hand: list
    tech: list
    protected: list
    tech_row: list
    defense_tops: tuple
    deck_left: int
    others: tuple
    actions_left: int
    rng: random.Random


#: An action: ("acquire", row index), ("secure", slot), ("secure", "deck") or
#: ("reality-check", slot) — taking a face-up Reality Check, which costs both actions.
Action = tuple


class Player(Protocol):
    """A way of playing: each method gets the deciding player's View. `protect`: a Tech
    to Protect now, or None; `action`: one of the legal actions; `drop_tech`: the Tech
    to discard (Acquiring at 4, or an Attack's loss on a tie); `replace_tech`: the Tech
    taken from the row after a Protect; `reveal`: the card shown against an Attack's
    icons (only asked of a player holding cards); `discard`: a card to discard at the
    end of the turn and the Defense row slot it covers."""

    def protect(self, view: View, options: list[TechCard]) -> TechCard | None: ...
    def action(self, view: View, options: list[Action]) -> Action: ...
    def drop_tech(self, view: View, options: list[TechCard]) -> TechCard: ...
    def replace_tech(self, view: View, options: list[TechCard]) -> TechCard: ...
    def reveal(self, view: View, icons: tuple[str, ...]) -> DefenseLike | None: ...
    def discard(self, view: View) -> tuple[DefenseLike, int]: ...


def deck_of(data: HackAttackData) -> Deck:
    """The scorekeeper's view of the cards (what its verbs record copies from), made by
    the score keeper itself (scorekeeper.games.hack_attack.cards.deck_of)."""
    from scorekeeper.games.hack_attack.cards import deck_of as scorekeepers

    return scorekeepers(data)
