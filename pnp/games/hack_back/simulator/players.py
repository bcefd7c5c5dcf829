"""The players of the Hack Back simulator: one class per way of playing, each method
one decision, given the deciding player's View (hidden information kept)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pnp.games.hack_back.cards import Effect
from pnp.games.hack_back.simulator.table import Action, View
from pnp.simulate.search import SearchSpec, strategy
from scorekeeper.games.hack_back import rules


class RandomPlayer:
    """Picks uniformly among the legal choices (declining a Victory Point included)."""

    about = "uniform among the legal moves"

    def hero(self, view, options):
        return view.rng.choice(options)

    def action(self, view, options):
        return view.rng.choice(options)

    def target(self, view, effect, options, activating):
        return view.rng.choice(options)

    def place(self, view, options):
        return view.rng.choice([None, *options])


#: What the Racer counts an action worth: per VC its own lowest Hero loses, per VC the
#: leader's lowest Hero gains, per card drawn; the Draw action; a winning or losing line.
LOWER, HIT, CARD, DRAW, DECIDES = 2.0, 1.0, 0.5, 0.5, 100.0


class Racer:
    """“Lower your own lowest Hero, attack the leader” (issue 13). The leader is the
    opponent whose lowest Hero is lowest (nearest 0 VC). Opens with its lowest printed
    VC; takes the action worth most by its cards' text (`forecast`): 2 a VC its own
    lowest Hero loses (the activation's +2 counted), 1 a VC the leader's lowest Hero
    gains, ½ a card drawn, ½ for the Draw action; an action that brings its lowest Hero
    to 0 VC or lower, below the leader's, before any other, and one that discards its
    last Hero or lets the leader reach 0 VC at or below its own lowest Hero only when
    nothing else is left. Defend and Defend Ally go on its lowest Hero they may target,
    Attacks that raise VC on the leader's lowest Hero (one that lowers VC on its own);
    a Victory Point places its lowest-VC card when that is below its own lowest Hero.
    Ties between actions go to the first offered (Draw, then Play, then Activate)."""

    about = "lowers its own lowest Hero and attacks the leader"

    def hero(self, view, options):
        return min(options, key=lambda c: c.vc)

    def action(self, view, options):
        mine = {h.uid: h.vc for h in view.heroes if h.owner == view.name}
        lead = min(h.vc for h in view.heroes if h.owner != view.name)
        return max(options, key=lambda o: self.worth(view, o, mine, lead))

    def worth(self, view: View, action: Action, mine: dict[int, int], lead: int) -> float:
        """What `action` is worth to this player (see the class)."""
        kind, what = action
        if kind == "draw":
            return DRAW
        if kind == "play":
            return forecast(what.play, dict(mine), lead, None, view.deck_left)
        return forecast(view.cards[what].activate, dict(mine), lead, what, view.deck_left)

    def target(self, view, effect, options, activating):
        heroes = {h.uid: h for h in view.heroes}
        mine = [u for u in options if heroes[u].owner == view.name]
        theirs = [u for u in options if heroes[u].owner != view.name]
        if effect.kind == "attack" and effect.amount > 0:
            return (
                min(theirs, key=lambda u: heroes[u].vc)
                if theirs
                else max(mine, key=lambda u: heroes[u].vc)
            )
        return (
            min(mine, key=lambda u: heroes[u].vc)
            if mine
            else max(theirs, key=lambda u: heroes[u].vc)
        )

    def place(self, view, options):
        best = min(options, key=lambda c: c.vc)
        low = min(h.vc for h in view.heroes if h.owner == view.name)
        return best if best.vc < low else None


def forecast(
    effects: Sequence[Effect],
    mine: dict[int, int],
    lead: int,
    activating: int | None,
    deck_left: int,
) -> float:
    """The Racer's reckoning of `effects` (a card's Play or Activate instructions) as it
    targets them: `mine` its Heroes' VC by number (changed here), `lead` the leader's
    lowest VC, `activating` the activated Hero (None for a played card). A weight."""
    low, lead_before, cards = min(mine.values()), lead, 0
    for e in effects:
        if e.kind == "draw":
            cards += min(e.amount, deck_left)
        elif e.kind == "attack" and (e.every or e.amount > 0):
            lead += e.amount
            for u in mine if e.every else ():
                mine[u] += e.amount
        elif e.kind != "victory_point":  # lowers a friendly Hero
            pool = [u for u in mine if not (e.kind == "defend_ally" and u == activating)]
            if pool and not e.every:
                pool = [min(pool, key=mine.__getitem__)]
            for u in pool:
                mine[u] -= abs(e.amount)
    if activating is not None:
        mine[activating] += rules.ACTIVATION_COST
    alive = [vc for vc in mine.values() if vc < rules.ELIMINATE_AT]
    if not alive:
        return -DECIDES
    after = min(alive)
    worth = LOWER * (low - after) + HIT * (lead - lead_before) + CARD * cards
    if lead <= rules.WIN_AT and lead <= after:
        return worth - DECIDES
    return worth + DECIDES if after <= rules.WIN_AT else worth


#: The decisions the search player searches, each with its distinct legal answers. It
#: leaves the targets to the Racer: measured over 41 searched targets (6 games at 2
#: players, 48 iterations) the search never chose another, at a fifth of its time.
SEARCHED: dict[str, Callable[..., list]] = {
    "hero": lambda view, options: list(options),
    "action": lambda view, options: list(options),
    "place": lambda view, options: [*options, None],
}
SEARCH = SearchSpec(Racer, SEARCHED)
Search = strategy(
    SEARCH,
    "searches its opening Hero, each action and each Victory "
    "Point by playing the game out (the Racer's rule of thumb at every "
    "seat); targets as the Racer",
    """Information-set Monte Carlo tree search (pnp.simulate.search):
    its opening Hero, each action and each Victory Point is chosen by playing the game out
    many times from what the player can see, every seat playing the Racer's rule of thumb
    in those play-outs; it targets as the Racer does.""",
)
