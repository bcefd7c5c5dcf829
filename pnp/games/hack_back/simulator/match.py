"""Hack Back played from the card data: the deal, the opening, two-action turns and
every instruction on the cards, with each player's hand and deck kept to that player,
and the scorekeeper's own rules (scorekeeper.games.hack_back.rules) deciding what they
decide.

Source: shared/rules/hack-back.txt. What the model does itself is what the scorekeeper
does not record: the decks, hands and discard piles, drawing, which card a player picks
and which Hero each instruction targets. What it calls instead of writing again:
`rules.initial` and `rules.apply` (every event is applied to a live scorekeeper state as
it happens, so the scorekeeper refuses an illegal target, a Hero the player does not
control or a turn out of order, settles the opening ties, runs the end-of-turn checks
after the second action and says whose turn is next) and `rules.outcome` (how the game
ended: a VC win, a tie, the last player standing, or everyone losing).

Where the rules are silent, the model reads them as the package's READINGS say, each
with the rulebook Clarification it follows (card_data/hack-back/rulebook.md). The
shared deck is dealt from seat 1, one card a player in rotation (rules, step 2);
"clockwise" is seating order, and `Result.players` lists the seats from the first
player (the sole lowest opening Hero), so seat 1 of the report is the player who went
first; when the opening ends the game there is no first player and seat 1 is seat 1.

`Result.totals`: each player's lowest Hero VC in play at the end; a player with no Hero
in play (eliminated) counts as rules.ELIMINATE_AT (40). `Result.turns`: turns played
(rules.State.played; 0 when the opening ends the game). A game that reaches the turn cap
stops unscored: a draw, reported as `capped`.

The deal and the opening are `pnp.games.hack_back.simulator.opening.Opening`, the turns
and the instructions they resolve `pnp.games.hack_back.simulator.turns.Turns`; this
module keeps what the whole game shares: the seats, the log every event goes through
(`record`), what each player may see (`view`), the steps, copies and fresh deals the
search player plays out (pnp.simulate.model), and the Result. The package (its
`__init__`) keeps the simulator contract of `pnp.simulate.result`.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Mapping, Sequence

from pnp.games.hack_back.cards import HackBackData, HeroCard
from pnp.games.hack_back.simulator.opening import Opening
from pnp.games.hack_back.simulator.players import SEARCHED
from pnp.games.hack_back.simulator.table import (
    FACTS,
    LEAD_VC,
    NAMES,
    RATES,
    TURN_CAP,
    Player,
    Seat,
    View,
    card_order,
    choose_format,
    ending,
    lowest_vc,
)
from pnp.games.hack_back.simulator.turns import Turns
from pnp.simulate.model import Model, fresh_facts
from pnp.simulate.result import CAPPED, Result
from scorekeeper.games.hack_back import rules


class Match(Opening, Turns, Model):
    """One game in play (mutable while it runs; `play` returns its Result). `cards`: the
    card of every Hero in play by its number, `owners` its controller's seat; `aside`:
    opening Heroes removed by ties. ValueError (choose_format) if the data cannot deal
    this table."""

    choices = SEARCHED  # the decisions' legal answers (pnp.simulate.feel)

    def __init__(
        self,
        data: HackBackData,
        players: Sequence[Player],
        seed: int,
        deck_format: str | None = None,
        cap: int = TURN_CAP,
        settings: Mapping[str, object] | None = None,
    ):
        names = NAMES[: len(players)]
        self.start(seed, players, names, cap)
        self.format = choose_format(data, len(players), deck_format)
        self.state = rules.initial(names, dict(settings or {}))
        self.seats = [Seat(n) for n in names]
        self.index = {n: i for i, n in enumerate(names)}
        self.cards: dict[int, HeroCard] = {}
        self.owners: dict[int, int] = {}
        self.aside: list[HeroCard] = []
        self.events: list[dict] = []
        self.reveals: list[tuple[str, str]] = []  # (player, card id), every reveal
        self.first = 0
        self.facts: dict[str, Counter] = {k: Counter() for k in FACTS}
        self._deal(data)

    # --- the log ---------------------------------------------------------------------

    def record(self, event: dict, entering: Sequence[HeroCard] = ()) -> None:
        """Apply `event` to the scorekeeper's state (raising its RuleError if the move
        is illegal) and log it. `entering`: the cards of the Heroes it puts into play,
        in order. After the opening's reveals and at the end of a turn, Heroes that left
        play go aside (opening ties) or to their controller's discard pile (40 VC)."""
        before = len(self.state.heroes)
        self.state = rules.apply(self.state, event)
        self.events.append(event)
        for hero, card in zip(self.state.heroes[before:], entering):
            self.cards[hero.uid], self.owners[hero.uid] = card, self.index[hero.owner]
        if self.state.actions == 0:
            self._leave(event["type"] in ("reveal", "no_hero"))

    def _leave(self, opening: bool) -> None:
        """Move the cards of Heroes no longer in play aside (`opening`) or to discard."""
        live = {h.uid for h in self.state.in_play()}
        for uid in [u for u in self.cards if u not in live]:
            card, k = self.cards.pop(uid), self.owners.pop(uid)
            if opening:
                self.aside.append(card)  # "remain removed from play"
            else:
                self.seats[k].discard.append(card)  # "Discard every Hero at 40 VC or higher"
                self.facts["discarded"][card.id] += 1

    def view(self, k: int, actions_left: int = 0, placed: Sequence = ()) -> View:
        """What seat `k` may see: its own hand, nobody else's (`placed`: (Hero, card)
        pairs a Victory Point of the action being resolved has put into play)."""
        seat = self.seats[k]
        heroes = self.state.in_play()
        heroes += [h for h, _ in placed]
        hands = {s.name: len(s.hand) for s in self.seats if s is not seat}
        return View(
            seat.name,
            seat.hand,
            heroes,
            self.cards,
            hands,
            len(seat.deck),
            actions_left,
            self.seat_rngs[k],
        )

    # --- the model's steps (pnp.simulate.model) ----------------------------------------

    def over(self) -> bool:
        return self.state.phase == "over"

    def clock(self) -> int:
        return self.state.played

    def step(self) -> None:
        if self.state.phase == "opening":
            self.opening_round()
        else:
            self.turn()

    def play(self, cap: int | None = None) -> Result:
        """The opening, then turns until the scorekeeper's state says the game is over,
        or `cap` turns have been played (default: the cap it was seated with): a draw,
        unscored."""
        return super().play(cap)

    def winners(self) -> tuple[str, ...] | None:
        outcome = rules.outcome(self.state)
        return outcome.winners if outcome else None

    def lead(self, k: int) -> float:
        """How much lower seat `k`'s lowest Hero stands than the lowest of any other
        player (lower is nearer a win; a player out counts as 40), in units of LEAD_VC,
        squashed to -1..1."""
        lows = [lowest_vc(self.state, name) for name in self.names]
        mine = lows.pop(k)
        return math.tanh((min(lows) - mine) / LEAD_VC)

    def standing(self) -> list[int]:
        """Each seat's lowest Hero, negated (lower is nearer a win; none in play counts
        as 40, as `lowest_vc` says), in one pass over the Heroes."""
        low = dict.fromkeys(self.names, rules.ELIMINATE_AT)
        for hero in self.state.heroes:
            if hero.in_play and hero.vc < low[hero.owner]:
                low[hero.owner] = hero.vc
        return [-low[name] for name in self.names]

    def unseen(self) -> int:
        return sum(len(d) for d in {id(s.deck): s.deck for s in self.seats}.values())

    def turn_step(self) -> bool:
        return self.state.phase != "opening"

    def clone(self) -> Match:
        other = object.__new__(Match)
        self.copy_base(other)
        other.format, other.state, other.index = self.format, self.state, self.index
        decks: dict[int, list] = {}
        other.seats = []
        for seat in self.seats:
            copy = Seat(seat.name)
            copy.deck_id, copy.hand, copy.discard = (
                seat.deck_id,
                list(seat.hand),
                list(seat.discard),
            )
            copy.deck = decks.setdefault(id(seat.deck), list(seat.deck))  # one shared deck
            other.seats.append(copy)
        other.cards, other.owners = dict(self.cards), dict(self.owners)
        other.aside, other.events, other.reveals = list(self.aside), [], []
        other.first, other.facts = self.first, fresh_facts(self.facts)
        return other

    def determinize(self, k: int, rng: random.Random) -> None:
        """Seat `k` sees its own hand, every Hero, every discard pile and the cards set
        aside, and knows each deck's list; it cannot see the other hands or the order of
        any deck, its own included. With individual decks, each other player's hand and
        deck are dealt anew from the two together (a deck's cards only ever reach its
        own player's hand); with the shared deck, the other hands and the deck are dealt
        anew from all of them. Every hand keeps its size."""
        me = self.seats[k]
        me.deck.sort(key=card_order)
        rng.shuffle(me.deck)
        groups: dict[int, list[Seat]] = {}
        for seat in self.seats:
            if seat is not me:
                groups.setdefault(id(seat.deck), []).append(seat)
        for seats in groups.values():
            deck = seats[0].deck
            pool = sorted([c for s in seats for c in s.hand] + deck, key=card_order)
            rng.shuffle(pool)
            for seat in seats:
                seat.hand[:] = [pool.pop() for _ in range(len(seat.hand))]
            deck[:] = pool

    def result(self) -> Result:
        """The game's Result: players from the first player in seating order; totals
        each player's lowest Hero VC (ELIMINATE_AT for none); the facts for the figures."""
        outcome = rules.outcome(self.state)
        names = [s.name for s in self.seats]
        order = tuple(names[self.first :] + names[: self.first])
        totals = tuple(lowest_vc(self.state, n) for n in order)
        if outcome is None:
            return Result(
                self.seed,
                order,
                (),
                "turn cap: a draw",
                CAPPED,
                False,
                totals,
                self.state.played,
                True,
                tuple(self.events),
                self._facts(()),
            )
        sole = outcome.winners if len(outcome.winners) == 1 and not outcome.tie else ()
        return Result(
            self.seed,
            order,
            outcome.winners,
            outcome.reason,
            ending(outcome),
            outcome.tie,
            totals,
            self.state.played,
            False,
            tuple(self.events),
            self._facts(sole),
        )

    def _facts(self, sole: tuple[str, ...]) -> dict[str, dict[str, int]]:
        """The facts, JSON-ready: `sole` names the sole winner (none for a tie)."""
        facts = {k: Counter(v) for k, v in self.facts.items()}
        facts["opening"].update(card for _, card in self.reveals)
        facts["opening_won"].update(card for name, card in self.reveals if name in sole)
        facts["deck_won"].update(s.deck_id for s in self.seats if s.name in sole)
        for count, out_of in RATES:
            facts[count].update(dict.fromkeys(facts[out_of], 0))
        return {k: dict(sorted(v.items())) for k, v in sorted(facts.items())}
