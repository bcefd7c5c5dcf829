"""The piles of a Not a Hack game in the simulator: drawing and discarding black and
white cards as the rules say (“If either black or white card pile runs out, use a
shuffled discard pile to replace it”), refilling hands, and whether the white cards
are used up. `Piles` is the part of `pnp.games.not_a_hack.simulator.match.Match` that
moves cards; the match itself decides when."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence

from pnp.games.not_a_hack.cards import NahCard
from pnp.games.not_a_hack.simulator.table import PILE_EVERY, PILE_KINDS, Kit, Seat
from scorekeeper.games.not_a_hack import rules


class Piles:
    """The card moves of a Match (a mixin: it uses the Match's seats, piles, state,
    random source, facts and `record`)."""

    seats: list[Seat]
    state: rules.State
    kit: Kit
    rng: random.Random
    facts: dict[str, Counter]
    black: list[NahCard]
    black_discard: list[NahCard]
    white: list[NahCard]
    white_discard: list[NahCard]
    in_play: list[NahCard]
    drawn: int
    supply: Counter
    free: Counter
    needs: set[tuple[int, int]]
    record: Callable[[dict], None]

    def order(self, first: int) -> list[int]:
        """The unbanned seats in turn order, from seat `first` (“Take turns”)."""
        n, players = len(self.seats), self.state.players
        return [k % n for k in range(first, first + n) if not players[k % n].banned]

    def draw_black(self) -> NahCard:
        """The top card of the black pile, now in play (“If either black or white card
        pile runs out, use a shuffled discard pile to replace it”)."""
        if self.drawn % PILE_EVERY == 0:
            self.count_piles()
        if not self.black:
            self.black, self.black_discard = self.black_discard, []
            self.rng.shuffle(self.black)
        self.drawn += 1
        self.in_play.append(self.black.pop())
        return self.in_play[-1]

    def count_piles(self) -> None:
        """The facts of the pile make-up figures: how many cards of each kind of
        PILE_KINDS are left to draw now (each pile with its discard pile), and that this
        game has run to this many black cards (`running`)."""
        t = str(self.drawn)
        self.facts["running"][t] += 1
        left = Counter(
            c.kind
            for pile in (self.white, self.white_discard, self.black, self.black_discard)
            for c in pile
        )
        for kinds in PILE_KINDS.values():
            for kind in kinds:
                self.facts["piles"][f"{kind}@{t}"] += left[kind]

    def discard_black(self) -> None:
        """The black card in play goes to the black discard pile."""
        self.black_discard.append(self.in_play.pop())

    def discard_white(self, cards: Sequence[NahCard]) -> None:
        """`cards` go to the white discard pile."""
        self.white_discard.extend(cards)
        self.supply.update(c.kind for c in cards)

    def draw_white(self, seat: Seat) -> NahCard | None:
        """Draw one card into `seat`'s hand; None if both white piles are empty. A
        positive action card drawn scores at once and is replaced by the next (“Set this
        card in front of that player”); a New Account card drawn is recorded."""
        while True:
            if not self.white:
                if not self.white_discard:
                    return None
                self.white, self.white_discard = self.white_discard, []
                self.rng.shuffle(self.white)
            card = self.white.pop()
            self.supply[card.kind] -= 1
            if card.kind != "positive":
                break
            seat.kept.append(card)
            self.record(
                {
                    "type": "positive",
                    "player": seat.name,
                    "points": card.points,
                    "name": card.name,
                    "card": card.id,
                    "copies": card.count,
                    "deck_at_points": self.kit.at_points["positive", card.points],
                }
            )
        seat.hand.append(card)
        if card.kind == "new_account":
            self.record({"type": "new_account", "player": seat.name, "kit": self.kit.accounts})
        return card

    def refill(self, first: int) -> None:
        """“Each player draws white component cards to replace their used white component
        cards”, in turn order from seat `first`."""
        for k in self.order(first):
            seat = self.seats[k]
            for _ in range(seat.owed):
                if self.draw_white(seat) is None:
                    break
            seat.owed = 0

    def used_up(self) -> bool:
        """Whether no hack can ever be completed again, so no hack-off can be won: too
        few components and modifiers are left outside the winning hacks for any hack
        card, or every unbanned player holds nothing but New Account cards (no card to
        play or to swap, and no hack won to refill after)."""
        if not any(
            self.free["component"] >= c and self.free["modifier"] >= m for c, m in self.needs
        ):
            return True
        return all(c.kind == "new_account" for k in self.order(0) for c in self.seats[k].hand)

    def draw_hack(self, cap: int) -> NahCard | None:
        """Black cards drawn until a hack (the others to the black discard pile), or
        None when the turn cap comes first."""
        while self.drawn < cap:
            card = self.draw_black()
            if card.kind == "hack":
                return card
            self.discard_black()
        return None
