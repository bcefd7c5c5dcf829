"""The Steals of Not a Hack in the simulator (rules: “A player can use a white ‘steal’
card to take a winning hack from any unbanned player”): before each black card is
drawn, in the turns and the hack-offs alike, each unbanned player holding a Steal may
play one, and the winning hack moves in front of the thief. `Steals` is the part of
`pnp.games.not_a_hack.simulator.match.Match` that offers and plays them; the
scorekeeper's rules check each Steal and move the hack's points."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from pnp.games.not_a_hack.cards import NahCard
from pnp.games.not_a_hack.simulator.table import Seat, Steal, View, take
from scorekeeper.games.not_a_hack import rules


class Steals:
    """The Steals of a Match (a mixin: it uses the Match's seats, state, facts, the
    winning hacks stolen so far, `record`, `view`, `decide`, `order` and
    `discard_white`)."""

    seats: list[Seat]
    state: rules.State
    facts: dict[str, Counter]
    stolen: set[int]
    record: Callable[..., None]
    view: Callable[..., View]
    decide: Callable[..., Any]
    order: Callable[..., list[int]]
    discard_white: Callable[..., None]

    def offer_steals(self, first: int) -> None:
        """Each unbanned player holding a Steal, in turn order from seat `first`, may
        play one (rules: “A player can use a white ‘steal’ card to take a winning hack
        from any unbanned player”)."""
        for k in self.order(first):
            card = next((c for c in self.seats[k].hand if c.kind == "steal"), None)
            options = self.steals(k) if card is not None else []
            pick = self.decide(k, "steal", self.view(k), options) if options else None
            if pick is not None:
                assert card is not None  # only a Steal's holder is asked for a pick
                self.steal(k, card, pick)

    def steals(self, k: int) -> list[Steal]:
        """The winning hacks seat `k` may steal: every one of every other unbanned player."""
        return [
            Steal(p.name, i, cards)
            for j, p in enumerate(self.state.players)
            if j != k and not p.banned
            for i, cards in enumerate(p.hacks)
        ]

    def steal(self, k: int, card: NahCard, pick: Steal) -> None:
        """Seat `k` plays the Steal `card` on `pick`: the hack's white cards move in front
        of the thief, the Steal goes to the white discard pile."""
        thief, victim = self.seats[k], self.seats[self.state.seat(pick.victim)]
        take(thief.hand, card)
        self.discard_white([card])
        thief.owed += 1
        hack = victim.won.pop(pick.index)
        thief.won.append(hack)
        if id(hack[1]) not in self.stolen:
            self.stolen.add(id(hack[1]))
            self.facts["stolen"][hack[0].id] += 1
        self.facts["per_game"]["steals"] += 1
        self.facts["per_player"][f"{thief.name}:steals"] += 1
        self.facts["per_player"][f"{thief.name}:points_stolen"] += pick.cards
        self.facts["per_player"][f"{victim.name}:stolen_from"] += pick.cards
        self.record(
            {
                "type": "steal",
                "player": thief.name,
                "from": victim.name,
                "hack": pick.index,
                "cards": pick.cards,
            }
        )
