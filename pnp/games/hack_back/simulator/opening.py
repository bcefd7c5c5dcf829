"""The start of a Hack Back game in the simulator (rules, Setup): the deal from
individual decks or the one shared deck (steps 1–2), then the opening rounds in which
every player the scorekeeper waits for reveals a Hero from hand at once (steps 3–5, and
"If the lowest printed VC is tied"). `Opening` is the part of
`pnp.games.hack_back.simulator.match.Match` that deals and opens; the scorekeeper's
rules settle the ties and say who goes first."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from pnp.games.hack_back.cards import HAND, HackBackData, HeroCard
from pnp.games.hack_back.simulator.table import INDIVIDUAL, SHARED_ID, Seat, View, distinct, take
from scorekeeper.games.hack_back import rules


class Opening:
    """The deal and the opening of a Match (a mixin: it uses the Match's seats, state,
    random source, facts, `record`, `view` and `ask_all`)."""

    format: str
    seats: list[Seat]
    index: dict[str, int]
    state: rules.State
    rng: random.Random
    cards: dict[int, HeroCard]
    reveals: list[tuple[str, str]]
    first: int
    facts: dict[str, Counter]
    record: Callable[..., None]
    view: Callable[..., View]
    ask_all: Callable[..., list[Any]]

    def shuffle(self, cards: list[HeroCard]) -> list[HeroCard]:
        """`cards` shuffled in place with the game's random source (rules, step 1)."""
        self.rng.shuffle(cards)
        return cards

    def _deal(self, data: HackBackData) -> None:
        """Setup (rules, steps 1–2): each player shuffles a deck of their own and draws
        five; or the one shared deck is shuffled and dealt one card per player in
        rotation until everyone has five. At two players each deck first sets aside
        the cards its data names (`Deck.aside_at_two`, the rulebook's setup line)."""
        players = len(self.seats)
        if self.format == INDIVIDUAL:
            for seat, deck in zip(self.seats, self.rng.sample(data.decks, players)):
                seat.deck_id, seat.deck = deck.id, self.shuffle(data.copies(deck, players))
                seat.hand = take(seat.deck, HAND)
        else:
            pile = self.shuffle(data.copies(data.shared, players))
            for seat in self.seats:
                seat.deck_id, seat.deck = SHARED_ID, pile
            for _ in range(HAND):
                for seat in self.seats:
                    seat.hand += take(pile, 1)
        self.facts["deck"].update(s.deck_id for s in self.seats)

    def opening(self) -> None:
        """The whole opening: rounds until a sole lowest Hero (or nobody) is left."""
        while self.state.phase == "opening":
            self.opening_round()

    def opening_round(self) -> None:
        """Steps 3–5 and the ties (rules, "If the lowest printed VC is tied"): every
        player the scorekeeper waits for chooses a Hero privately (`ask_all`), then all
        are revealed together; the scorekeeper sets tied Heroes aside and waits for those
        players again (the next round). A waiting player with an empty hand draws up to
        five first; one who still has no card cannot supply a Hero (`no_hero`) and
        loses."""
        waiting = [self.index[n] for n in self.state.waiting]
        for j in waiting:  # "If a player exhausts their hand ... draw up to five"
            if not self.seats[j].hand:
                self.seats[j].hand += take(self.seats[j].deck, HAND)
        able = [j for j in waiting if self.seats[j].hand]
        chosen = self.ask_all(
            [(j, "hero", lambda j=j: (self.view(j), distinct(self.seats[j].hand))) for j in able]
        )
        picks = dict(zip(able, chosen))
        for j in waiting:
            seat, card = self.seats[j], picks.get(j)
            if card is None:
                self.record({"type": "no_hero", "player": seat.name})
                continue
            seat.hand.remove(card)
            self.reveals.append((seat.name, card.id))
            self.record(
                {
                    "type": "reveal",
                    "player": seat.name,
                    "card": card.id,
                    "name": card.name,
                    "vc": card.vc,
                },
                (card,),
            )
        if self.state.phase != "opening":
            self.facts["in_play"].update(c.id for c in self.cards.values())
            if self.state.phase == "play":
                self.first = self.state.current
