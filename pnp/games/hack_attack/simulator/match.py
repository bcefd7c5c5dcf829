"""Hack Attack: Defense played from the card data: setup, turns, Attacks and User Errors
as the rules say, with each player's hand kept to that player, and the scorekeeper's own
rules (scorekeeper.games.hack_attack.rules) deciding what they decide.

Source: shared/rules/hack-attack-defense.txt. What this module does itself is what the
scorekeeper does not record: the decks, hands and rows, Acquire and Secure, paying for a
Protect, the Attack's losses and passing a User Error. What it calls instead of writing
again: `rules.initial` and `rules.apply` (every event is applied to a live scorekeeper
state as it happens, so the scorekeeper refuses any illegal Protect, Attack or turn
order, and its state says whose turn it is and when the final round ends),
`rules.defend` (the Attack check and the cover table by player count), and
`rules.outcome` (the score and the tie-breakers).

Where the rules are silent, the model reads them as the package's READINGS say, each
with the rulebook Clarification it follows (card_data/hack-attack/rulebook.md); among
them, Protect is offered only between the two actions, or right after a face-up Reality
Check that took both.

A game that reaches the turn cap ends unscored: a draw, reported as `capped`.

The package (its `__init__`) keeps the simulator contract of `pnp.simulate.result`.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence

from pnp.games.hack_attack.cards import (
    AttackCard,
    DefenseCard,
    HackAttackData,
    RealityCheckCard,
    TechCard,
    UserErrorCard,
)
from pnp.games.hack_attack.simulator.table import (
    DEAL_DEFENSE,
    DEAL_TECH,
    DEFENSE_ROW,
    HAND_LIMIT,
    LEAD_POINTS,
    NAMES,
    TECH_LIMIT,
    TECH_ROW,
    TURN_CAP,
    WILD,
    Action,
    Player,
    Seat,
    View,
    card_order,
    category,
    deck_of,
    payment,
)
from pnp.simulate.model import Model, fresh_facts
from pnp.simulate.result import CAPPED, Result
from scorekeeper.games.hack_attack import rules
from scorekeeper.games.hack_attack.cards import Deck


class Match(Model):
    """One game in play (mutable while it runs; `play` returns its Result)."""

    def __init__(
        self,
        data: HackAttackData,
        players: Sequence[Player],
        seed: int,
        deck: Deck | None = None,
        cap: int = TURN_CAP,
    ):
        names = NAMES[: len(players)]
        self.start(seed, players, names, cap)
        self.deck = deck or deck_of(data)
        self.state = rules.initial(names)
        self.seats = [Seat(n) for n in names]
        self.events: list[dict] = []
        self.tech_discard: list[TechCard] = []
        self.played = 0  # turns played (the turn cap's clock)
        #: counts for the figures: Tech that reached a player / were Protected, Attacks
        #: drawn / that defeated the table (card id -> count)
        self.facts: dict[str, Counter] = {
            "held": Counter(),
            "protected": Counter(),
            "attacks": Counter(),
            "defeats": Counter(),
        }
        self._setup(data)

    def _setup(self, data: HackAttackData) -> None:
        """Setup (rules, “Setup”): shuffle the Tech deck, deal 4 face-up to each player,
        3 more make the Tech row; shuffle the Defense deck (Reality Checks are Defense
        cards), deal 4 to each hand, 5 face-up make the Defense row; then shuffle every
        Attack and User Error into the rest of the Defense deck."""

        def copies(kinds) -> list:
            return [c for c in data.cards if isinstance(c, kinds) for _ in range(c.count)]

        self.tech_deck = copies(TechCard)
        self.rng.shuffle(self.tech_deck)
        for seat in self.seats:
            seat.tech = [self.tech_deck.pop() for _ in range(DEAL_TECH)]
            self.facts["held"].update(t.id for t in seat.tech)
        self.tech_row = [self.tech_deck.pop() for _ in range(TECH_ROW)]
        self.defense_deck = copies((DefenseCard, RealityCheckCard))
        self.rng.shuffle(self.defense_deck)
        for seat in self.seats:
            seat.hand = [self.defense_deck.pop() for _ in range(DEAL_DEFENSE)]
        self.defense_row = [[self.defense_deck.pop()] for _ in range(DEFENSE_ROW)]
        self.defense_deck += copies((AttackCard, UserErrorCard))
        self.rng.shuffle(self.defense_deck)

    # --- the log ---------------------------------------------------------------------

    def record(self, event: dict) -> None:
        """Apply `event` to the scorekeeper's state (raising its RuleError if the move
        is illegal) and log it."""
        self.state = rules.apply(self.state, event)
        self.events.append(event)

    def view(self, k: int, actions_left: int = 0) -> View:
        """What seat `k` may see: its own hand, nobody else's."""
        seat = self.seats[k]
        others = tuple(
            (s.name, len(s.hand), tuple(s.tech), len(s.protected))
            for s in self.seats
            if s is not seat
        )
        tops = tuple(stack[-1] if stack else None for stack in self.defense_row)
        return View(
            seat.hand,
            seat.tech,
            seat.protected,
            self.tech_row,
            tops,
            len(self.defense_deck),
            others,
            actions_left,
            self.seat_rngs[k],
        )

    # --- the model's steps (pnp.simulate.model) ----------------------------------------

    def over(self) -> bool:
        return self.state.over

    def clock(self) -> int:
        return self.played

    def step(self) -> None:
        self.turn()
        self.played += 1

    def winners(self) -> tuple[str, ...] | None:
        outcome = rules.outcome(self.state) if self.state.over else None
        return outcome.winners if outcome else None

    def clone(self) -> Match:
        other = object.__new__(Match)
        self.copy_base(other)
        other.deck, other.state, other.played = self.deck, self.state, self.played
        other.seats = [seat.copy() for seat in self.seats]
        other.events, other.facts = [], fresh_facts(self.facts)
        other.tech_discard, other.tech_deck = list(self.tech_discard), list(self.tech_deck)
        other.tech_row, other.defense_deck = list(self.tech_row), list(self.defense_deck)
        other.defense_row = [list(stack) for stack in self.defense_row]
        return other

    def lead(self, k: int) -> float:
        """Seat `k`'s total (Protected points less User Errors) over the best other's,
        in units of LEAD_POINTS, squashed to -1..1."""
        totals = [p.total for p in self.state.players]
        mine = totals.pop(k)
        return math.tanh((mine - max(totals)) / LEAD_POINTS)

    def determinize(self, k: int, rng: random.Random) -> None:
        """Seat `k` sees its own hand, every face-up card (the rows, whole stacks
        included: each card in a stack was face-up before it was covered), every Tech
        and what has been resolved; it cannot see the other hands or the order of the
        two decks. Those Defense cards and Reality Checks are dealt anew among the other
        hands (each keeping its size) and the Defense deck, with the Attacks and User
        Errors still in it (never in a hand); both decks are shuffled."""
        others = [s for j, s in enumerate(self.seats) if j != k]
        hazards = [c for c in self.defense_deck if isinstance(c, (AttackCard, UserErrorCard))]
        pool = [c for s in others for c in s.hand]
        pool += [c for c in self.defense_deck if not isinstance(c, (AttackCard, UserErrorCard))]
        pool.sort(key=card_order)
        rng.shuffle(pool)
        for seat in others:
            seat.hand[:] = [pool.pop() for _ in range(len(seat.hand))]
        self.defense_deck[:] = sorted([*pool, *hazards], key=card_order)
        rng.shuffle(self.defense_deck)
        self.tech_deck.sort(key=card_order)
        rng.shuffle(self.tech_deck)

    def play(self, cap: int | None = None) -> Result:
        """Play turns until the scorekeeper's state says the game is over (“every other
        player takes one last turn”), or `cap` turns have been played (default: the cap
        it was seated with): a draw, unscored. The Result's `turns` are the turns
        played."""
        return super().play(cap)

    def result(self) -> Result:
        outcome = rules.outcome(self.state) if self.state.over else None
        totals = tuple(p.total for p in self.state.players)
        winners = outcome.winners if outcome else ()
        return Result(
            self.seed,
            tuple(s.name for s in self.seats),
            winners,
            outcome.reason if outcome else "turn cap: a draw",
            outcome.reason if outcome else CAPPED,
            len(winners) > 1,
            totals,
            self.played,
            outcome is None,
            tuple(self.events),
            {k: dict(sorted(v.items())) for k, v in self.facts.items()},
        )

    # --- a turn ----------------------------------------------------------------------

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
        says)."""
        if self.state.protected_this_turn or self.state.over:
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

    # --- Attacks and User Errors ---------------------------------------------------

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
        shown = self.ask_all(
            [
                (j, "reveal", lambda j=j: (self.view(j), card.icons))
                for j, s in enumerate(self.seats)
                if s.hand
            ]
        )
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
        it leaves the game."""
        n = len(self.seats)
        for j in range(n):
            s = self.seats[(k + j) % n]
            if not any(category(c) in (card.category, WILD) for c in s.hand):
                self.record(
                    {
                        "type": "user_error",
                        "player": s.name,
                        "count": 1,
                        "deck": self.deck.user_errors,
                    }
                )
                return
