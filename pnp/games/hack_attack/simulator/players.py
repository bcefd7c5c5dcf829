"""The players of the Hack Attack: Defense simulator: one class per way of playing, each method
one decision, given the deciding player's View (hidden information kept)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from pnp.games.hack_attack.simulator.table import WILD, category
from pnp.simulate.search import SearchSpec, strategy


class RandomPlayer:
    """Picks uniformly among the legal choices (Protect or not included)."""

    about = "uniform among the legal moves, Protecting or not"

    def protect(self, view, options):
        return view.rng.choice([None, *options])

    def action(self, view, options):
        return view.rng.choice(options)

    def drop_tech(self, view, options):
        return view.rng.choice(options)

    def replace_tech(self, view, options):
        return view.rng.choice(options)

    def reveal(self, view, icons):
        return view.rng.choice(view.hand)

    def discard(self, view):
        slots = [k for k, top in enumerate(view.defense_tops) if top is not None] or list(
            range(len(view.defense_tops))
        )
        return view.rng.choice(view.hand), view.rng.choice(slots)


class Protector:
    """“Protect the highest-value Tech you can, keep a spread of categories”: Protects
    the most valuable Tech it can pay for; Secures the Defense cards its most valuable
    Tech still needs, else a category it lacks, else the deck; Acquires when it holds
    fewer than 2 unprotected Tech; discards from its most-held category."""

    about = (
        "Protects the most valuable Tech it can pay for; Secures what that Tech "
        "needs, else a category it lacks"
    )

    def protect(self, view, options):
        return max(options, key=lambda t: (t.points, -len(t.defenses)))

    def _missing(self, view) -> Counter:
        if not view.tech:
            return Counter()
        target = max(view.tech, key=lambda t: t.points)
        have = Counter(category(c) for c in view.hand)
        return Counter(target.defenses) - have

    def action(self, view, options):
        acquire = [o for o in options if o[0] == "acquire"]
        if acquire and len(view.tech) < 2:
            return max(acquire, key=lambda o: view.tech_row[o[1]].points)
        rows = [o for o in options if o[0] == "secure" and o[1] != "deck"]
        missing, have = self._missing(view), Counter(category(c) for c in view.hand)
        for want in (lambda c: missing[c] > 0, lambda c: have[c] == 0):
            picks = [o for o in rows if want(category(view.defense_tops[o[1]]))]
            if picks:
                return picks[0]
        if ("secure", "deck") in options:
            return ("secure", "deck")
        return rows[0] if rows else options[0]

    def drop_tech(self, view, options):
        return min(options, key=lambda t: t.points)

    def replace_tech(self, view, options):
        return max(options, key=lambda t: t.points)

    def reveal(self, view, icons):
        have = Counter(category(c) for c in view.hand)
        matching = [c for c in view.hand if category(c) in icons]
        if matching:
            return max(matching, key=lambda c: have[category(c)])
        wild = [c for c in view.hand if category(c) == WILD]
        return wild[0] if wild else view.hand[0]

    def discard(self, view):
        have = Counter(category(c) for c in view.hand)
        plain = [c for c in view.hand if category(c) != WILD] or view.hand
        card = max(plain, key=lambda c: have[category(c)])
        slots = [k for k, top in enumerate(view.defense_tops) if top is not None]
        return card, (slots[0] if slots else 0)


def _distinct(cards, key=lambda c: c.id) -> list:
    """`cards` with one of each `key` (the rules treat such cards alike), in order."""
    return list({key(c): c for c in reversed(cards)}.values())[::-1]


def _discards(view) -> list:
    """The end-of-turn discards worth telling apart: one card of each category in hand
    (a Reality Check is a category of its own), each on the slot the rule of thumb
    covers."""
    slots = [k for k, top in enumerate(view.defense_tops) if top is not None]
    return [(card, slots[0] if slots else 0) for card in _distinct(view.hand, category)]


#: The decisions the search player searches, each with its distinct legal answers; it
#: leaves the rest (which Tech goes on a tie) to the Protector.
SEARCHED: dict[str, Callable[..., list]] = {
    "action": lambda view, options: list(options),
    "protect": lambda view, options: [*_distinct(options), None],
    "replace_tech": lambda view, options: _distinct(options),
    "reveal": lambda view, icons: _distinct(view.hand, category),
    "discard": _discards,
}
SEARCH = SearchSpec(Protector, SEARCHED)
Search = strategy(
    SEARCH,
    "searches each action, Protect, replacement Tech, reveal and "
    "discard by playing the game out (the Protector's rule of thumb at "
    "every seat)",
    """Information-set Monte Carlo tree search (pnp.simulate.search):
    each Acquire or Secure, Protect, replacement Tech, card revealed against an Attack and
    end-of-turn discard is chosen by playing the game out many times from what the player
    can see, every seat playing the Protector's rule of thumb in those play-outs.""",
)
