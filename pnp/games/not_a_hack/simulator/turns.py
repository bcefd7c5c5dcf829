"""A Not a Hack turn in the simulator (rules, “Following turns”): the Steals first, then
the drawer draws a black card and it is dealt with: a hack that every other unbanned
player completes (swapping cards to find a missing one) and the drawer judges, a
negative action card, or a Banned card the drawer may counter. `Turns` is the part of
`pnp.games.not_a_hack.simulator.match.Match` that plays the turns before the hack-off,
and completes and settles a hack for the hack-off too; the scorekeeper's rules check
each move, score the winning hack and say who is banned."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from pnp.games.not_a_hack.cards import NahCard
from pnp.games.not_a_hack.simulator.table import BUILD, Kit, Seat, View, size, take
from scorekeeper.games.not_a_hack import rules


class Turns:
    """The turns of a Match and the hacks played in them (a mixin: it uses the Match's
    seats, state, kit, random source, facts, the black card in play, the white cards on
    the table, the white supply and the free components and modifiers, `record`, `view`,
    `decide`, `offer_steals` and the card moves of Piles)."""

    seats: list[Seat]
    state: rules.State
    kit: Kit
    rng: random.Random
    facts: dict[str, Counter]
    in_play: list[NahCard]
    table: list[NahCard]
    supply: Counter
    free: Counter
    record: Callable[..., None]
    view: Callable[..., View]
    decide: Callable[..., Any]
    offer_steals: Callable[..., None]
    order: Callable[..., list[int]]
    draw_black: Callable[..., NahCard]
    draw_white: Callable[..., NahCard | None]
    discard_black: Callable[..., None]
    discard_white: Callable[..., None]
    refill: Callable[..., None]
    known: list[list]
    shown: Callable[[int, Any], None]

    def turn(self) -> None:
        """One turn (rules, “Following turns”): Steals may be played, then the drawer
        (the scorekeeper's `current`) draws a black card and it is dealt with."""
        drawer = self.state.current
        self.offer_steals(drawer)
        card = self.draw_black()
        if card.kind == "hack":
            self.hack(drawer, card)
        elif card.kind == "negative":
            self.negative(drawer, card)
        else:
            self.ban(drawer)

    def hack(self, drawer: int, card: NahCard) -> None:
        """A hack (rules, “Turn 1”): every other unbanned player completes it, the drawer
        judges the face-down hacks, the winner keeps its white cards as points, everyone
        refills. A hack nobody completes is discarded; the drawer draws again."""
        played = [
            (k, cards)
            for k in self.order(drawer)[1:]
            if (cards := self.complete(k, card)) is not None
        ]
        if not played:
            self.facts["per_game"]["unfinished"] += 1
            self.discard_black()
            return
        self.rng.shuffle(played)  # face-down: owners hidden
        pick = self.decide(drawer, "judge", self.view(drawer), [c for _, c in played])
        winner = played[pick][0]
        self.record(
            {
                "type": "hack",
                "drawer": self.seats[drawer].name,
                "winner": self.seats[winner].name,
                "cards": size(card),
                "white": self.kit.white,
            }
        )
        self.settle(card, played, winner)
        self.refill(drawer)

    def complete(self, k: int, hack: NahCard) -> list[NahCard] | None:
        """The white cards seat `k` plays to complete `hack`, swapping one card the hack
        does not need at a time for a new one until it can (rules, “If a player is
        missing a required card…”); None if it cannot (see the module's readings)."""
        seat, need = self.seats[k], {"component": hack.components, "modifier": hack.modifiers}
        while True:
            have = Counter(c.kind for c in seat.hand)
            missing = [kind for kind in BUILD if have[kind] < need[kind]]
            if not missing:
                break
            spare = [
                c
                for c in seat.hand
                if have[c.kind] > need.get(c.kind, 0) and c.kind != "new_account"
            ]
            if not spare or not any(self.supply[kind] for kind in missing):
                return None
            card = self.decide(k, "swap", self.view(k), spare)
            self.facts["per_player"][f"{seat.name}:swaps"] += 1
            take(seat.hand, card)
            self.discard_white([card])
            self.draw_white(seat)
        cards = [
            c for kind in BUILD for c in [c for c in seat.hand if c.kind == kind][: need[kind]]
        ]
        for c in cards:
            take(seat.hand, c)
        seat.owed += len(cards)
        self.table += cards
        return cards

    def settle(self, card: NahCard, played: list, winner: int | None) -> None:
        """After the judging: the winner (None: nobody) keeps their white cards in front
        of them, the other hacks go to the white discard pile, the hack card to the
        black discard pile."""
        for k, cards in played:
            if k == winner:
                self.seats[k].won.append((card, cards))
                self.free.subtract(c.kind for c in cards)
                self.facts["won"][card.id] += 1
                self.facts["per_player"][f"{self.seats[k].name}:hacks_won"] += 1
                self.facts["per_player"][f"{self.seats[k].name}:hack_points"] += len(cards)
            else:
                self.discard_white(cards)
        self.table = []
        self.discard_black()

    def negative(self, drawer: int, card: NahCard) -> None:
        """A negative action card (rules: “they lose the amount of points specified on
        the card. Set this card in front of that player”)."""
        seat = self.seats[drawer]
        seat.kept.append(self.in_play.pop())
        self.record(
            {
                "type": "negative",
                "player": seat.name,
                "points": card.points,
                "name": card.name,
                "card": card.id,
                "copies": card.count,
                "deck_at_points": self.kit.at_points["negative", card.points],
            }
        )

    def ban(self, drawer: int) -> None:
        """A Banned card (rules: “the person is out of the game and their points are
        finalized. A banned card can be countered with a new account card”): countering
        is the drawer's choice if they hold one; the scorekeeper's state says whether the
        ban stands. Countered: both cards to their discard piles. Standing: the Banned
        card in front of the player, their hand to the white discard pile."""
        seat = self.seats[drawer]
        account = next((c for c in seat.hand if c.kind == "new_account"), None)
        counter = account is not None and bool(self.decide(drawer, "counter", self.view(drawer)))
        self.record({"type": "banned", "player": seat.name, "counter": counter})
        outcome = "banned" if self.state.players[drawer].banned else "countered"
        self.facts["per_player"][f"{seat.name}:{outcome}"] += 1
        if self.state.players[drawer].banned:
            seat.kept.append(self.in_play.pop())
            self.discard_white(seat.hand)
            seat.hand, seat.owed = [], 0
            self.known[drawer].clear()
        else:
            assert account is not None  # countered: only a held New Account card counters
            take(seat.hand, account)
            self.shown(drawer, account)
            self.discard_white([account])
            seat.owed += 1
            self.discard_black()
