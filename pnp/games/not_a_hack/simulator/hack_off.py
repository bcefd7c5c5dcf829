"""The final hack-off of Not a Hack in the simulator (rules, “Winning”): once two
unbanned players remain, black cards are drawn until a hack appears, both finalists
complete it and the banned players vote on the winning hack. `HackOff` is the part of
`pnp.games.not_a_hack.simulator.match.Match` that plays one hack-off round; the
scorekeeper's rules count the votes and decide whether a split vote or tied totals
repeat it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from pnp.games.not_a_hack.cards import NahCard
from pnp.games.not_a_hack.simulator.table import Kit, Seat, View, size
from scorekeeper.games.not_a_hack import rules


class HackOff:
    """The hack-off of a Match (a mixin: it uses the Match's seats, state, kit, facts,
    `record`, `view`, `ask_all`, `offer_steals`, the hacks of Turns (`complete`,
    `settle`) and the card moves of Piles)."""

    seats: list[Seat]
    state: rules.State
    kit: Kit
    facts: dict[str, Counter]
    record: Callable[..., None]
    view: Callable[..., View]
    ask_all: Callable[..., list[Any]]
    offer_steals: Callable[..., None]
    complete: Callable[..., list[NahCard] | None]
    settle: Callable[..., None]
    order: Callable[..., list[int]]
    draw_hack: Callable[..., NahCard | None]
    discard_black: Callable[..., None]
    refill: Callable[..., None]

    def hack_off(self, cap: int) -> None:
        """One hack-off round (rules, “Winning”): “draws from the black hack card pile
        until a hack card appears, ignoring other card types. Both players play white
        component cards and all ‘banned’ player(s) vote on the winning hack”. The
        scorekeeper decides whether it settles the game or is repeated."""
        first = self.state.current
        self.offer_steals(first)
        card = self.draw_hack(cap)
        if card is None:
            return
        played = [
            (k, cards) for k in self.order(first) if (cards := self.complete(k, card)) is not None
        ]
        if not played:
            self.facts["per_game"]["unfinished"] += 1
            self.discard_black()
            return
        names = [self.seats[k].name for k, _ in played]
        voters = [j for j in range(len(self.seats)) if self.state.players[j].banned]
        votes = dict(
            zip(
                (self.seats[j].name for j in voters),
                self.ask_all([(j, "vote", lambda j=j: (self.view(j), names)) for j in voters]),
            )
        )
        before = [len(p.hacks) for p in self.state.players]
        self.record(
            {"type": "hack_off", "votes": votes, "cards": size(card), "white": self.kit.white}
        )
        winner = next((k for k, _ in played if len(self.state.players[k].hacks) > before[k]), None)
        self.facts["per_game"]["split_votes"] += winner is None
        self.settle(card, played, winner)
        if self.state.phase != "over":
            self.refill(first)
