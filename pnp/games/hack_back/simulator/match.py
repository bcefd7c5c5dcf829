"""Hack Back played from the card data: the deal, the opening, two-action turns and
every instruction on the cards, with each player's hand and deck kept to that player,
and the scorekeeper's own rules (scorekeeper.games.hack_back.rules) deciding what they
decide.

Source: shared/rules/hack-back.txt. What this module does itself is what the scorekeeper
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

The package (its `__init__`) keeps the simulator contract of `pnp.simulate.result`.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence

from pnp.games.hack_back.cards import HAND, Effect, HackBackData, HeroCard
from pnp.games.hack_back.simulator.table import (
    FACTS,
    INDIVIDUAL,
    LEAD_VC,
    NAMES,
    RATES,
    SHARED_ID,
    TURN_CAP,
    Action,
    Player,
    Seat,
    View,
    card_order,
    choose_format,
    distinct,
    ending,
    lowest_vc,
    take,
)
from pnp.simulate.model import Model, fresh_facts
from pnp.simulate.result import CAPPED, Result
from scorekeeper.games.hack_back import rules


class Match(Model):
    """One game in play (mutable while it runs; `play` returns its Result). `cards`: the
    card of every Hero in play by its number, `owners` its controller's seat; `aside`:
    opening Heroes removed by ties. ValueError (choose_format) if the data cannot deal
    this table."""

    def __init__(
        self,
        data: HackBackData,
        players: Sequence[Player],
        seed: int,
        deck_format: str | None = None,
        cap: int = TURN_CAP,
    ):
        names = NAMES[: len(players)]
        self.start(seed, players, names, cap)
        self.format = choose_format(data, len(players), deck_format)
        self.state = rules.initial(names)
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

    def shuffle(self, cards: list[HeroCard]) -> list[HeroCard]:
        """`cards` shuffled in place with the game's random source (rules, step 1)."""
        self.rng.shuffle(cards)
        return cards

    def _deal(self, data: HackBackData) -> None:
        """Setup (rules, steps 1–2): each player shuffles a deck of their own and draws
        five; or the one shared deck is shuffled and dealt one card per player in
        rotation until everyone has five."""
        if self.format == INDIVIDUAL:
            for seat, deck in zip(self.seats, self.rng.sample(data.decks, len(self.seats))):
                seat.deck_id, seat.deck = deck.id, self.shuffle(data.copies(deck))
                seat.hand = take(seat.deck, HAND)
        else:
            pile = self.shuffle(data.copies(data.shared))
            for seat in self.seats:
                seat.deck_id, seat.deck = SHARED_ID, pile
            for _ in range(HAND):
                for seat in self.seats:
                    seat.hand += take(pile, 1)
        self.facts["deck"].update(s.deck_id for s in self.seats)

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

    # --- the opening -----------------------------------------------------------------

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

    # --- turns -----------------------------------------------------------------------

    def play(self, cap: int | None = None) -> Result:
        """The opening, then turns until the scorekeeper's state says the game is over,
        or `cap` turns have been played (default: the cap it was seated with): a draw,
        unscored."""
        return super().play(cap)

    def turn(self) -> None:
        """One turn (rules, "Take two actions, resolving the first completely before
        choosing the second"); the scorekeeper runs the end-of-turn checks after the
        second action."""
        k = self.state.current
        for left in (2, 1):
            self.act(k, self.decide(k, "action", self.view(k, left), self.actions(k)), left)

    def actions(self, k: int) -> list[Action]:
        """The legal actions (rules, the action table): Draw unless the deck is empty;
        Play each distinct card in hand; Activate each Hero seat `k` controls (always one
        at least on its turn)."""
        seat = self.seats[k]
        out: list[Action] = [("draw", None)] if seat.deck else []
        out += [("play", card) for card in distinct(seat.hand)]
        return out + [("activate", h.uid) for h in self.state.in_play(seat.name)]

    def act(self, k: int, action: Action, left: int) -> None:
        """Do `action` for seat `k`, with `left` actions left this turn (2 or 1)."""
        kind, what = action
        seat = self.seats[k]
        if kind == "draw":  # "Take the top card ... into your hand"
            seat.hand += take(seat.deck, 1)
            self.record({"type": "draw", "player": seat.name})
        elif kind == "play":
            self.play_card(k, what, left)
        else:
            self.activate(k, what, left)

    def play_card(self, k: int, card: HeroCard, left: int) -> None:
        """Play (rules): "Choose a card from your hand, reveal it, resolve its
        instructions, then discard it"."""
        seat = self.seats[k]
        seat.hand.remove(card)
        targets, _, _ = self.resolve(k, card.play, None, left)
        seat.discard.append(card)
        self.record(
            {
                "type": "play",
                "player": seat.name,
                "card": card.id,
                "name": card.name,
                "effects": [e.to_json() for e in card.play],
                "targets": targets,
            }
        )

    def activate(self, k: int, uid: int, left: int) -> None:
        """Activate Hero (rules): "resolve its activation instructions, then increase its
        VC by 2" (the +2 is the scorekeeper's)."""
        card = self.cards[uid]
        targets, places, placed = self.resolve(k, card.activate, uid, left)
        self.record(
            {
                "type": "activate",
                "player": self.seats[k].name,
                "hero": uid,
                "card": card.id,
                "name": card.name,
                "printed": card.vc,
                "effects": [e.to_json() for e in card.activate],
                "targets": targets,
                "place": places,
            },
            [c for _, c in placed],
        )

    # --- instructions ----------------------------------------------------------------

    def resolve(
        self, k: int, effects: Sequence[Effect], activating: int | None, left: int
    ) -> tuple[list, list, list]:
        """Resolve `effects` in order ("Resolve all mandatory instructions"): draw cards,
        place Heroes for Victory Points, and name a target for each instruction that
        takes one (None where it has no legal target, or reaches every Hero). Returns
        the event's `targets` and `place` lists and the (Hero, card) pairs placed."""
        seat = self.seats[k]
        targets: list[int | None] = []
        places: list[dict | None] = []
        placed: list[tuple[rules.Hero, HeroCard]] = []
        for effect in effects:
            target = None
            if effect.kind == "draw":  # "A "Draw N" instruction takes only the
                seat.hand += take(seat.deck, effect.amount)  # cards that remain"
            elif effect.kind == "victory_point":
                places.append(self.victory_point(k, left, placed))
            elif not effect.every:
                legal = self.legal_targets(seat.name, effect.kind, activating, placed)
                if len(legal) > 1:
                    target = self.decide(
                        k, "target", self.view(k, left, placed), effect, legal, activating
                    )
                elif legal:
                    target = legal[0]
            targets.append(target)
        return targets, places, placed

    def legal_targets(
        self, name: str, kind: str, activating: int | None, placed: Sequence
    ) -> list[int]:
        """The Hero numbers an instruction of `kind` by `name` may target (rules: "Attack:
        May target any Hero, including your own"; "Defend: Must target a friendly Hero";
        "Defend Ally: Must target a friendly Hero other than the activating Hero", and
        from a played card "any friendly Hero is eligible"). The scorekeeper checks each
        choice again when the event is applied."""
        heroes = self.state.in_play() + [h for h, _ in placed]
        if kind == "attack":
            return [h.uid for h in heroes]
        return (
            [h.uid for h in heroes if h.owner == name and h.uid != activating]
            if kind == "defend_ally"
            else [h.uid for h in heroes if h.owner == name]
        )

    def victory_point(self, k: int, left: int, placed: list) -> dict | None:
        """A Victory Point (rules): "you may instead place one card from your hand into
        play as an additional Hero" at its printed VC. The new Hero takes the next
        number, as `scorekeeper status` numbers Heroes in the order placed; it joins
        `placed`. None when declined or the hand is empty."""
        seat = self.seats[k]
        card = (
            self.decide(k, "place", self.view(k, left, placed), distinct(seat.hand))
            if seat.hand
            else None
        )
        if card is None:
            return None
        seat.hand.remove(card)
        uid = len(self.state.heroes) + len(placed) + 1
        placed.append((rules.Hero(uid, seat.name, card.name, card.id, card.vc, card.vc), card))
        self.facts["in_play"][card.id] += 1
        return {"card": card.id, "name": card.name, "vc": card.vc}
