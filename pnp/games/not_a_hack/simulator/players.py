"""The players of the Not a Hack simulator: one class per way of playing, each method
one decision, given the deciding player's View (hidden information kept)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from pnp.games.not_a_hack.simulator.table import BUILD
from pnp.simulate.search import SearchSpec, strategy


class RandomPlayer:
    """Picks uniformly among the legal choices (countering a ban or not, playing a Steal
    or not, included)."""

    about = "uniform among the legal moves"

    def counter(self, view):
        return view.rng.random() < 0.5

    def steal(self, view, options):
        k = view.rng.randrange(len(options) + 1)
        return options[k] if k < len(options) else None

    def swap(self, view, options):
        return view.rng.choice(options)

    def judge(self, view, hacks):
        return view.rng.randrange(len(hacks))

    def vote(self, view, finalists):
        return view.rng.choice(finalists)


class PartyPlayer:
    """“The judge picks at random” (issue 13): the hacks are face-down, so as judge it
    picks one at random. It counters a ban unless it leads on points alone, then lets
    the ban stand to bank the lead (a banned player's points are final and cannot be
    stolen); steals the largest winning hack of the unbanned player with the highest
    total as soon as it can; swaps away a spare component or modifier of the kind it
    holds most, keeping Steal cards; when banned, votes for the trailing finalist (at
    random on a tie)."""

    about = (
        "judges at random, counters a ban unless it leads, steals the leader's "
        "biggest hack at once, votes for the trailing finalist"
    )

    def counter(self, view):
        best = max(p.total for p in view.table if p.name != view.name)
        mine = next(p.total for p in view.table if p.name == view.name)
        return mine <= best

    def steal(self, view, options):
        totals = {p.name: p.total for p in view.table}
        return max(options, key=lambda o: (totals[o.victim], o.cards))

    def swap(self, view, options):
        have = Counter(c.kind for c in view.hand)
        return max(options, key=lambda c: (c.kind in BUILD, have[c.kind]))

    def judge(self, view, hacks):
        return view.rng.randrange(len(hacks))

    def vote(self, view, finalists):
        totals = {p.name: p.total for p in view.table}
        low = min(totals[f] for f in finalists)
        trailing = [f for f in finalists if totals[f] == low]
        return trailing[0] if len(trailing) == 1 else view.rng.choice(trailing)


class CounterPlayer(PartyPlayer):
    """The party player, but it always counters a ban with a New Account card when it
    holds one (“A banned card can be countered with a new account card”)."""

    about = "the party player, but it counters every ban it can"

    def counter(self, view):
        return True


def _distinct(items, key) -> list:
    """`items` with one of each `key` (answers the rules treat alike), in order."""
    return list({key(i): i for i in reversed(items)}.values())[::-1]


#: The decisions the search player searches, each with its distinct legal answers. A
#: judge sees face-down hacks that differ only in which cards they hold, so it judges
#: as the party player does, at random.
SEARCHED: dict[str, Callable[..., list]] = {
    "counter": lambda view: [True, False],
    "steal": lambda view, options: [*_distinct(options, lambda o: (o.victim, o.cards)), None],
    "swap": lambda view, options: _distinct(options, lambda c: c.kind),
    "vote": lambda view, finalists: list(finalists),
}
SEARCH = SearchSpec(PartyPlayer, SEARCHED)
Search = strategy(
    SEARCH,
    "searches counters, Steals, swaps and hack-off votes by "
    "playing the game out (the party player's rule of thumb at every seat)",
    """Information-set Monte Carlo tree search (pnp.simulate.search):
    whether to counter a ban, whether and whom to steal from, which card to swap away
    while completing a hack and, once banned, its hack-off vote are chosen by playing the
    game out many times from what the player can see, every seat playing the party
    player's rule of thumb in those play-outs.""",
)
