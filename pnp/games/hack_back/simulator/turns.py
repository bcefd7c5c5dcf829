"""A Hack Back turn in the simulator (rules, "Take two actions, resolving the first
completely before choosing the second"): the legal actions, Draw, Play and Activate,
and every instruction on the cards as it resolves: drawing, placing a Hero for a Victory
Point and the target each instruction takes. `Turns` is the part of
`pnp.games.hack_back.simulator.match.Match` that plays the turns after the opening; the
player chooses each action and target, the scorekeeper's rules check each choice and
run the end-of-turn checks."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from pnp.games.hack_back.cards import Effect, HeroCard
from pnp.games.hack_back.simulator.table import Action, Seat, View, distinct, take
from scorekeeper.games.hack_back import rules


class Turns:
    """The turns of a Match (a mixin: it uses the Match's seats, state, the cards of the
    Heroes in play, facts, `record`, `view` and `decide`)."""

    seats: list[Seat]
    state: rules.State
    cards: dict[int, HeroCard]
    facts: dict[str, Counter]
    record: Callable[..., None]
    view: Callable[..., View]
    decide: Callable[..., Any]

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
