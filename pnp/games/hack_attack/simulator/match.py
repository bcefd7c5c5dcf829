"""Hack Attack: Defense played from the card data: setup, turns, Attacks and User Errors
as the rules say, with each player's hand kept to that player, and the scorekeeper's own
rules (scorekeeper.games.hack_attack.rules) deciding what they decide.

Source: shared/rules/hack-attack-defense.txt. What the model does itself is what the
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

The turns (the actions, the rows refilled, Protect and the discard down to four) are
`pnp.games.hack_attack.simulator.turns.Turns`, the Attacks and User Errors they turn up
`pnp.games.hack_attack.simulator.attacks.Attacks`; this module keeps what the whole
game shares: the setup, the seats, rows and decks, the log every event goes through
(`record`), what each player may see (`view`), the steps, copies and fresh deals the
search player plays out (pnp.simulate.model), and the Result. The package (its
`__init__`) keeps the simulator contract of `pnp.simulate.result`.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Mapping, Sequence

from pnp.games.hack_attack.cards import (
    AttackCard,
    DefenseCard,
    HackAttackData,
    RealityCheckCard,
    TechCard,
    UserErrorCard,
)
from pnp.games.hack_attack.simulator.attacks import Attacks
from pnp.games.hack_attack.simulator.players import SEARCHED
from pnp.games.hack_attack.simulator.table import (
    DEAL_DEFENSE,
    DEAL_TECH,
    DEFENSE_ROW,
    GENTLER,
    LEAD_POINTS,
    NAMES,
    TECH_ROW,
    TURN_CAP,
    Player,
    Seat,
    View,
    card_order,
    deck_of,
)
from pnp.games.hack_attack.simulator.turns import Turns
from pnp.simulate.model import Model, fresh_facts
from pnp.simulate.result import CAPPED, Result
from scorekeeper.games.hack_attack import rules
from scorekeeper.games.hack_attack.cards import Deck


def every_other_of_each(cards: list) -> list:
    """The first, third, fifth ... card of each type of `cards`, in their order (half of
    each type, rounded up)."""
    seen: Counter = Counter()
    kept = []
    for card in cards:
        if seen[type(card)] % 2 == 0:
            kept.append(card)
        seen[type(card)] += 1
    return kept


class Match(Turns, Attacks, Model):
    """One game in play (mutable while it runs; `play` returns its Result)."""

    choices = SEARCHED  # the decisions' legal answers (pnp.simulate.feel)

    def __init__(
        self,
        data: HackAttackData,
        players: Sequence[Player],
        seed: int,
        deck: Deck | None = None,
        cap: int = TURN_CAP,
        settings: Mapping[str, object] | None = None,
    ):
        names = NAMES[: len(players)]
        self.start(seed, players, names, cap)
        self.deck = deck or deck_of(data)
        settings = dict(settings or {})
        gentler = bool(settings.pop(GENTLER, False))  # the model's; the rest the rules'
        self.state = rules.initial(names, settings)
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
        self._setup(data, gentler)

    def _setup(self, data: HackAttackData, gentler: bool = False) -> None:
        """Setup (rules, “Setup”): shuffle the Tech deck, deal 4 face-up to each player,
        3 more make the Tech row; shuffle the Defense deck (Reality Checks are Defense
        cards), deal 4 to each hand, 5 face-up make the Defense row; then shuffle every
        Attack and User Error into the rest of the Defense deck — or, `gentler` (the kit
        rulebook's "Gentler first game"), every other Attack and every other User Error,
        in card order (half of each, rounded up)."""

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
        hazards = copies((AttackCard, UserErrorCard))
        self.defense_deck += every_other_of_each(hazards) if gentler else hazards
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

    def standing(self) -> list[int]:
        """Each seat's total: Protected points less User Errors."""
        return [p.total for p in self.state.players]

    def unseen(self) -> int:
        return len(self.tech_deck) + len(self.defense_deck)

    def determinize(self, k: int, rng: random.Random) -> None:
        """Seat `k` sees its own hand, every face-up card (the rows, whole stacks
        included: each card in a stack was face-up before it was covered), every Tech
        and what has been resolved, and remembers the cards the others showed that
        stayed in their hands (`known`: revealed against an Attack or a User Error,
        taken face up from the row); it cannot see the rest of the other hands or the
        order of the two decks. Those Defense cards and Reality Checks are dealt anew
        among the other hands (each keeping its size and its known cards) and the
        Defense deck, with the Attacks and User Errors still in it (never in a hand);
        both decks are shuffled."""
        others = [j for j in range(len(self.seats)) if j != k]
        hazards = [c for c in self.defense_deck if isinstance(c, (AttackCard, UserErrorCard))]
        kept = {j: self.hidden_part(j, self.seats[j].hand) for j in others}
        pool = [c for j in others for c in kept[j][1]]
        pool += [c for c in self.defense_deck if not isinstance(c, (AttackCard, UserErrorCard))]
        pool.sort(key=card_order)
        rng.shuffle(pool)
        for j in others:
            known, rest = kept[j]
            self.seats[j].hand[:] = known + [pool.pop() for _ in rest]
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
