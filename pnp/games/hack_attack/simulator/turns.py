"""A Hack Attack: Defense turn in the simulator (rules, “You must take two actions”): the
legal actions, Acquire and Secure, refilling the Tech and Defense rows, Protect with its
replacement Tech, and discarding down to the hand limit. `Turns` is the part of
`pnp.games.hack_attack.simulator.match.Match` that plays the turns; an Attack or User
Error that a Secure from the deck or a refill turns up goes to `resolve`
(`pnp.games.hack_attack.simulator.attacks.Attacks`). The player chooses each action, the
scorekeeper's rules check each Protect and say whose turn it is."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from pnp.games.hack_attack.cards import AttackCard, TechCard, UserErrorCard
from pnp.games.hack_attack.simulator.table import (
    HAND_LIMIT,
    TECH_LIMIT,
    TECH_ROW,
    WILD,
    Action,
    Seat,
    View,
    category,
    payment,
)
from scorekeeper.games.hack_attack import rules
from scorekeeper.games.hack_attack.cards import Deck


class Turns:
    """The turns of a Match (a mixin: it uses the Match's seats, state, deck, the rows,
    the two decks and the Tech discard pile, facts, `record`, `view`, `decide` and
    `resolve`)."""

    seats: list[Seat]
    state: rules.State
    deck: Deck
    tech_row: list[TechCard]
    tech_deck: list[TechCard]
    tech_discard: list[TechCard]
    defense_row: list[list]
    defense_deck: list
    facts: dict[str, Counter]
    record: Callable[..., None]
    view: Callable[..., View]
    decide: Callable[..., Any]
    resolve: Callable[..., None]
    shown: Callable[[int, Any], None]
    took_openly: Callable[[int, Any], None]

    def turn(self) -> None:
        """One turn (rules, “You must take two actions”): two action slots, an action
        that cannot be taken skipped (rulebook, “If no action is possible, skip it”);
        Protect at most once, between the two slots, or right after a face-up Reality
        Check that took both (the rulebook's clarification), never after the second
        action; then discard down to 4 Defense cards."""
        k = self.state.current
        seat = self.seats[k]
        left = 2
        while left:
            options = self.actions(left)
            spent = (
                self.act(k, self.decide(k, "action", self.view(k, left), options)) if options else 1
            )
            left -= spent
            if left == 1 or spent == 2:  # between the two, or a Reality Check's both
                self.maybe_protect(k, left)
        while len(seat.hand) > HAND_LIMIT:
            card, slot = self.decide(k, "discard", self.view(k))
            seat.hand.remove(card)
            self.shown(k, card)
            self.defense_row[slot].append(card)
        self.record({"type": "end_turn"})

    def actions(self, left: int) -> list[Action]:
        """The legal actions: Acquire any Tech in the row; Secure a face-up Defense card
        or the top of the Defense deck; a face-up Reality Check only with both actions
        left (“Taking one face-up from the Defense row costs both of your actions”)."""
        out: list[Action] = [("acquire", k) for k in range(len(self.tech_row))]
        for slot, stack in enumerate(self.defense_row):
            if stack and category(stack[-1]) != WILD:
                out.append(("secure", slot))
            elif stack and left == 2:
                out.append(("reality-check", slot))
        if self.defense_deck:
            out.append(("secure", "deck"))
        return out

    def act(self, k: int, action: Action) -> int:
        """Seat `k` does `action`; returns the actions it cost."""
        seat = self.seats[k]
        kind, where = action
        if kind == "acquire":
            if len(seat.tech) >= TECH_LIMIT:  # “discard one first”
                drop = self.decide(k, "drop_tech", self.view(k), list(seat.tech))
                seat.tech.remove(drop)
                self.tech_discard.append(drop)
            seat.tech.append(self.tech_row.pop(where))
            self.facts["held"][seat.tech[-1].id] += 1
            self.refill_tech()
            return 1
        if where == "deck":
            card = self.defense_deck.pop()
            if not isinstance(card, (AttackCard, UserErrorCard)):
                seat.hand.append(card)
                return 1
            self.resolve(k, card)  # it uses no action: the Secure is finished after
            if self.state.over:
                return 1
            secure = [a for a in self.actions(1) if a[0] == "secure"]
            if not secure:
                return 1  # nothing left to take: the Secure ends
            return self.act(k, self.decide(k, "action", self.view(k, 1), secure))
        seat.hand.append(self.defense_row[where].pop())
        self.took_openly(k, seat.hand[-1])  # taken face up: every seat saw it
        self.refill_defense()
        return 2 if kind == "reality-check" else 1

    def refill_tech(self) -> None:
        """Refill the Tech row to 3 from the Tech deck, while it lasts."""
        while len(self.tech_row) < TECH_ROW and self.tech_deck:
            self.tech_row.append(self.tech_deck.pop())

    def refill_defense(self) -> None:
        """Refill each empty slot of the Defense row from the deck; an Attack or User
        Error turned up is resolved at once by the player whose turn it is (“If you
        draw or reveal a User Error or Attack card, deal with it immediately, then
        refill the Defense row”)."""
        k = self.state.current
        for stack in self.defense_row:
            while not stack and self.defense_deck:
                card = self.defense_deck.pop()
                if isinstance(card, (AttackCard, UserErrorCard)):
                    self.resolve(k, card)
                else:
                    stack.append(card)

    def maybe_protect(self, k: int, left: int) -> None:
        """Offer a Protect (“You may Protect one Tech card per turn”): the Tech cards
        seat `k` can pay for, unless it has Protected this turn (the scorekeeper's state
        says); with the faster variant (“Protect any number of Tech cards on their
        turn”), offered again after each Protect until the player stops."""
        if (self.state.protected_this_turn and not self.state.faster) or self.state.over:
            return
        seat = self.seats[k]
        options = [t for t in seat.tech if payment(seat.hand, t.defenses) is not None]
        tech = self.decide(k, "protect", self.view(k, left), options) if options else None
        if tech is None:
            return
        paid = payment(seat.hand, tech.defenses)
        assert paid is not None  # `tech` is one of the options, each payable
        for card in paid:
            seat.hand.remove(card)
            self.shown(k, card)
        seat.tech.remove(tech)
        seat.protected.append(tech)
        self.facts["protected"][tech.id] += 1
        self.record(
            {
                "type": "protect",
                "player": seat.name,
                "points": tech.points,
                "card": tech.id,
                "name": tech.name,
                "copies": tech.count,
                "deck_at_points": self.deck.tech_at(tech.points),
            }
        )
        if self.tech_row:  # “Draw a replacement Tech card”
            pick = self.decide(k, "replace_tech", self.view(k, left), list(self.tech_row))
            self.tech_row.remove(pick)
            seat.tech.append(pick)
            self.facts["held"][pick.id] += 1
            self.refill_tech()
        if self.state.faster:
            self.maybe_protect(k, left)
