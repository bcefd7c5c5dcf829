"""Duel: a made-up two-player game with hidden hands, written only as a
pnp.simulate.model.Model, to show that the one search module plays a game it was not
written for (tests/test_simulate_search.py; bench/bench_openspiel.py searches the same
game with OpenSpiel's ISMCTS)."""

from __future__ import annotations

from pnp.simulate.model import Model
from pnp.simulate.search import SearchSpec, strategy


class Duel(Model):
    """A made-up two-player game for the shared search: twenty cards 1-10 (twice), five
    to each hidden hand; five rounds, the leader plays a card face up, the other answers;
    the higher card (the leader's on a tie) takes the round and leads the next; most
    rounds wins."""

    def __init__(self, players, seed, cap=10):
        self.start(seed, players, ("P0", "P1"), cap)
        deck = list(range(1, 11)) * 2
        self.rng.shuffle(deck)
        self.hands, self.deck = [deck[:5], deck[5:10]], deck[10:]
        self.rounds, self.taken, self.leader = 0, [0, 0], 0

    def over(self):
        return self.rounds == 5

    def clock(self):
        return self.rounds

    def step(self):
        first, second = self.leader, 1 - self.leader
        led = self.decide(first, "play", (self.hands[first], None), sorted(set(self.hands[first])))
        self.hands[first].remove(led)
        answer = self.decide(
            second, "play", (self.hands[second], led), sorted(set(self.hands[second]))
        )
        self.hands[second].remove(answer)
        self.leader = first if led >= answer else second
        self.taken[self.leader] += 1
        self.rounds += 1

    def winners(self):
        if not self.over():
            return None
        best = max(self.taken)
        return tuple(n for n, t in zip(self.names, self.taken) if t == best)

    def clone(self):
        other = object.__new__(Duel)
        self.copy_base(other)
        other.hands, other.deck = [list(h) for h in self.hands], list(self.deck)
        other.rounds, other.taken, other.leader = self.rounds, list(self.taken), self.leader
        return other

    def determinize(self, k, rng):
        pool = sorted(self.hands[1 - k] + self.deck)
        rng.shuffle(pool)
        size = len(self.hands[1 - k])
        self.hands[1 - k][:], self.deck[:] = pool[:size], pool[size:]

    def result(self):
        return self.winners()


class Highest:
    """Play the highest card."""

    def play(self, view, options):
        return options[-1]


DuelSearch = strategy(
    SearchSpec(Highest, {"play": lambda view, options: list(options)}),
    "searches each card",
    "Search over a Duel.",
)
