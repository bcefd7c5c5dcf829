"""The Attacks and User Errors of Hack Attack: Defense in the simulator (rules, the Attack
section and “User Error”): the Tech the drawer loses to an Attack, the Defense card
every player shows against it, the table's losses when it falls short, and a User
Error passed round the table to the first player who cannot prevent it. `Attacks` is
the part of `pnp.games.hack_attack.simulator.match.Match` that resolves each one as it
is drawn or revealed (“deal with it immediately”); the scorekeeper's `rules.defend`
decides whether the table covered enough icons."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from pnp.games.hack_attack.cards import AttackCard, TechCard, UserErrorCard
from pnp.games.hack_attack.simulator.table import WILD, Seat, View, category
from scorekeeper.games.hack_attack import rules
from scorekeeper.games.hack_attack.cards import Deck


class Attacks:
    """The Attacks and User Errors of a Match (a mixin: it uses the Match's seats, state,
    deck, the Tech discard pile, facts, `record`, `view`, `decide` and `ask_all`)."""

    seats: list[Seat]
    state: rules.State
    deck: Deck
    tech_discard: list[TechCard]
    facts: dict[str, Counter]
    record: Callable[..., None]
    view: Callable[..., View]
    decide: Callable[..., Any]
    ask_all: Callable[..., list[Any]]
    reveal: Callable[[int, Any], None]

    def resolve(self, k: int, card) -> None:
        """Resolve an Attack or User Error drawn or revealed by seat `k`."""
        if isinstance(card, AttackCard):
            self.attack(k, card)
        else:
            self.user_error(k, card)

    def attack(self, k: int, card: AttackCard) -> None:
        """An Attack (rules, the Attack section): the drawer loses unprotected Tech
        vulnerable to it; everyone secretly picks one Defense card (`ask_all`); the
        scorekeeper's `defend` decides whether the table covered enough icons; if not,
        everyone discards their highest-value unprotected Tech (their choice on a tie).
        The cards go back to the hands; the Attack leaves the game."""
        seat = self.seats[k]
        lost = [t for t in seat.tech if card.id in t.vulnerable_to]
        for t in lost:
            seat.tech.remove(t)
        self.tech_discard += lost
        showing = [j for j, s in enumerate(self.seats) if s.hand]
        shown = self.ask_all(
            [(j, "reveal", lambda j=j: (self.view(j), card.icons)) for j in showing]
        )
        for j, c in zip(showing, shown):
            if c is not None:  # shown to the table, back to the hand: known from now on
                self.reveal(j, c)
        revealed = [category(c) for c in shown if c is not None]
        result = rules.defend(card.icons, revealed, len(self.seats), self.state.cover)
        self.facts["attacks"][card.id] += 1
        self.facts["defeats"][card.id] += not result.holds
        if not result.holds:
            for j, s in enumerate(self.seats):
                if s.tech:
                    best = max(t.points for t in s.tech)
                    ties = [t for t in s.tech if t.points == best]
                    drop = (
                        ties[0]
                        if len(ties) == 1
                        else self.decide(j, "drop_tech", self.view(j), ties)
                    )
                    s.tech.remove(drop)
                    self.tech_discard.append(drop)
        self.record(
            {
                "type": "attack",
                "player": seat.name,
                "icons": list(card.icons),
                "revealed": revealed,
                "attack": card.id,
                "name": card.name,
                "holds": result.holds,
                "copies": card.count,
            }
        )

    def user_error(self, k: int, card: UserErrorCard) -> None:
        """A User Error (rules, “User Error”): starting with the drawer and passing left,
        each player prevents it with a Defense card of its category (or a Reality
        Check); the first who cannot keeps it (−1 at the end); if everyone prevents it,
        it leaves the game. The card a player reveals (one of the category, else a
        Reality Check) goes back to the hand, known to every seat from then on."""
        n = len(self.seats)
        for j in range(n):
            s = self.seats[(k + j) % n]
            prevents = [c for c in s.hand if category(c) == card.category] or [
                c for c in s.hand if category(c) == WILD
            ]
            if prevents:
                self.reveal((k + j) % n, prevents[0])
            else:
                self.record(
                    {
                        "type": "user_error",
                        "player": s.name,
                        "count": 1,
                        "deck": self.deck.user_errors,
                    }
                )
                return
