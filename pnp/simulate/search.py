"""The search player of every game (issue 21): single-observer information-set Monte
Carlo tree search, ISMCTS (Cowling, Powley & Whitehouse, "Information Set Monte Carlo
Tree Search", IEEE TCIAIG 4(2), 2012), written once over pnp.simulate.model.

Asked a decision it searches, the player runs `iterations` iterations, each in a world
of its own:

1. **The same table.** Copy the game as it stood at the start of the step (its
   checkpoint) and replay the step's answers so far: the copy stands where the game
   stands, at this decision.
2. **Determinize.** Deal every card this player cannot see anew, consistently with
   what it has seen (the game's `determinize`, which depends only on what the player
   knows), and reseed chance and every seat's randomness from the search's own source.
   Nothing the player could not see at the table survives into the world.
3. **Select.** This decision is the root of one tree; the player's own later decisions
   in the same step are its nodes, "open loop" (a node is the sequence of choices that
   led to it, since what was drawn in between differs from world to world). At each,
   among the answers legal in this world, the one of highest PUCT score: its mean
   result plus an exploration term weighted by a prior, RULE_PRIOR for the rule of
   thumb's answer and the rest shared by the others, so the search departs from the
   rule only where the play-outs show it loses; the term grows with the times the
   answer was available, not the times its node was visited (the paper's subset-armed
   bandit, since a world may not offer every answer). The n-th try of each root answer
   is played in the same n-th world (common random numbers), so answers are compared
   on the same deals.
4. **Play out** the game with the rule of thumb for every seat (the search player's
   model of the table, itself included), to the end or the turn cap.
5. **Back up** the result for this player: 1 for a sole win, 1/k for a k-way tie or
   shared win, 0 for a loss, with a quarter of it given to how far the player leads
   at the end in the game's own score; 0 for a game stopped unscored (the turn cap),
   so stalling never pays.

It answers with the root choice tried most (ties: the higher mean, then the higher
prior), and stops early once no other answer could catch up in the iterations left.
Decisions the game does not list for searching, and decisions with one legal answer,
are the rule of thumb's. The search's randomness is its own, seeded from the
game's seed and the seat, so a search game is repeatable on any machine and process.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import cast

from pnp.core.records import NamedTuple
from pnp.simulate.model import Model

#: Iterations a search decision gets unless asked otherwise (`--search-iterations`): the
#: budget of the strength and speed figures in the README and bench/bench_search.py.
DEFAULT_ITERATIONS = 48
MOST_ITERATIONS = 100_000
#: the exploration constant of the tree's PUCT choice, for results between 0 and 1
EXPLORATION = 1.0
#: the prior share of the rule of thumb's answer at every node
RULE_PRIOR = 0.5
#: the share of a play-out's result given to how far the player leads at its end
LEAD_WEIGHT = 0.25
#: the most of the player's own decisions in one step that are tree nodes
TREE_DEPTH = 6


class SearchSpec(NamedTuple):
    """What a game tells the search: its rule-of-thumb player class (`fallback`, which
    also plays every seat in the play-outs) and, for each decision the search player
    searches (a method of the game's player protocol), a function of that call's args
    giving the distinct legal answers (answers the rules treat alike given once)."""

    fallback: type
    searched: dict[str, Callable[..., list]]


def label(answer) -> object:
    """A hashable name of an answer, the same for equal answers in every world: a card
    by its id, a tuple item by item."""
    if isinstance(answer, tuple):
        return tuple(label(a) for a in answer)
    card_id = getattr(answer, "id", None)
    return ("card", card_id) if isinstance(card_id, str) else answer


class Arm:
    """One answer at one node: times tried and available, total result, and the node
    its choice leads to (made when first needed)."""

    __slots__ = ("available", "node", "prior", "total", "visits")
    node: Node | None

    def __init__(self, prior: float):
        self.visits, self.available, self.total, self.node = 0, 0, 0.0, None
        self.prior = prior


class Node:
    """A decision of the searching player: its answers by label, in first-seen order,
    and the results backed up through it."""

    __slots__ = ("arms", "total", "visits")

    def __init__(self) -> None:
        self.arms: dict[object, Arm] = {}
        self.visits, self.total = 0, 0.0

    def offer(self, options: Sequence, rule) -> list[Arm]:
        """The arms of `options` (answers legal in this world), each counted available
        once more; new arms get their prior (see `priors`)."""
        labels = [label(o) for o in options]
        shares = priors(labels, label(rule))
        arms = []
        for key, share in zip(labels, shares):
            arm = self.arms.get(key)
            if arm is None:
                arm = self.arms[key] = Arm(share)
            arm.available += 1
            arms.append(arm)
        return arms

    def select(self, arms: Sequence[Arm]) -> int:
        """The index of the arm to try (module, step 3)."""
        fpu = self.total / self.visits if self.visits else 0.5
        return max(range(len(arms)), key=lambda i: score(arms[i], fpu))


def priors(labels: Sequence, rule) -> list[float]:
    """Each answer's prior: RULE_PRIOR for the rule of thumb's answer, the rest shared
    evenly among the others."""
    if rule not in labels:
        return [1.0 / len(labels)] * len(labels)
    rest = (1.0 - RULE_PRIOR) / max(1, len(labels) - 1)
    return [RULE_PRIOR if key == rule else rest for key in labels]


def score(arm: Arm, fpu: float) -> float:
    """PUCT with availability: the arm's mean result (`fpu`, the node's mean, before it
    is tried) plus an exploration term that grows with the times the arm was available
    and shrinks with the times it was tried, weighted by its prior."""
    mean = arm.total / arm.visits if arm.visits else fpu
    return mean + EXPLORATION * arm.prior * math.sqrt(arm.available) / (1 + arm.visits)


def reward(world: Model, k: int) -> float:
    """The result of a finished play-out for seat `k` (module, step 5), with LEAD_WEIGHT
    of it given to how far seat k leads at the end (`Model.lead`, -1..1); a game
    stopped unscored (the turn cap, or a game that can never end) is 0 for everyone, so
    no seat gains by stalling."""
    winners = world.winners()
    if winners is None:
        return 0.0
    share = 1.0 / len(winners) if world.names[k] in winners else 0.0
    return (1 - LEAD_WEIGHT) * share + LEAD_WEIGHT * (0.5 + 0.5 * world.lead(k))


class Walk:
    """The decider of one iteration's world: the step's tape first, then `first` (the
    answer tried at the root) in a world dealt from `rng`, then the tree at this
    player's later decisions in the step, then the rule of thumb for everyone."""

    def __init__(
        self,
        search: Search,
        k: int,
        tape: Sequence,
        method: str,
        first,
        node: Node | None,
        rng: random.Random,
    ):
        self.search, self.k, self.tape, self.method = search, k, tape, method
        self.first, self.node, self.rng = first, node, rng
        self.at, self.depth, self.step = 0, 0, -1
        self.path: list[tuple[Node, Arm]] = []

    def __call__(self, world: Model, j: int, method: str, args: tuple):
        if self.at < len(self.tape):
            self.at += 1
            return self.tape[self.at - 1]
        if self.step < 0:  # this is the decision being searched
            if (j, method) != (self.k, self.method):
                raise RuntimeError(
                    f"replay reached seat {j}'s {method}, not seat "
                    f"{self.k}'s {self.method}: the step is not repeatable"
                )
            world.determinize(self.k, self.rng)
            world.worlds += 1
            world.rng.seed(self.rng.getrandbits(64))
            for source in world.seat_rngs:
                source.seed(self.rng.getrandbits(64))
            self.step = world.steps
            return self.first
        searched = self.search.spec.searched
        rule = getattr(self.search.rollout[j], method)(*args)
        if (
            j == self.k
            and self.node is not None
            and method in searched
            and world.steps == self.step
            and self.depth < TREE_DEPTH
        ):
            return self.choose(method, args, rule)
        return rule

    def choose(self, method: str, args: tuple, rule):
        """The tree's answer at the current node (module, step 3)."""
        options = self.search.spec.searched[method](*args)
        if len(options) == 1:
            return options[0]
        node, self.depth = self.node, self.depth + 1
        assert node is not None  # `__call__` chooses only at a node
        arms = node.offer(options, rule)
        pick = node.select(arms)
        arm = arms[pick]
        if arm.visits == 0:
            self.node = None  # a new node: the play-out starts here
        else:
            arm.node = arm.node or Node()
            self.node = arm.node
        self.path.append((node, arm))
        return options[pick]


class Search:
    """One seat's search: `spec` (the game's SearchSpec), `iterations` per decision."""

    def __init__(self, spec: SearchSpec, iterations: int):
        self.spec, self.iterations = spec, iterations
        self.rng = random.Random(0)
        self.rollout: list = []
        self.visits: dict[object, int] = {}  # the last decision's root visits

    def seated(self, game: Model, k: int) -> None:
        """Seated at seat `k` of `game`: its own random source and the play-out
        players."""
        self.rng = random.Random(f"search/{game.seed}/seat {k}")
        self.rollout = [self.spec.fallback() for _ in game.players]

    def choose(self, game: Model, k: int, method: str, args: tuple):
        """Seat `k`'s answer to `method(*args)` in `game` (see the module). The n-th
        try of every root answer is played in the same n-th world (common random
        numbers), so answers are compared on the same deals."""
        options = self.spec.searched[method](*args)
        if len(options) == 1:
            return options[0]
        root = Node()
        arms = root.offer(options, getattr(self.rollout[k], method)(*args))
        base = self.rng.getrandbits(64)
        for done in range(self.iterations):
            if _settled(arms, self.iterations - done):
                break
            pick = root.select(arms)
            arm = arms[pick]
            world_rng = random.Random(base + arm.visits)
            arm.node = arm.node or Node()
            tape, checkpoint = game.tape, game.checkpoint
            assert tape is not None and checkpoint is not None  # a searching game keeps both
            walk = Walk(self, k, tape, method, options[pick], arm.node, world_rng)
            world = checkpoint.clone()
            world.decider = walk
            world.run()
            result = reward(world, k)
            for node, tried in [(root, arm), *walk.path]:
                node.visits += 1
                node.total += result
                tried.visits += 1
                tried.total += result
            for tried in arms:
                tried.available += 1
        self.visits = {key: a.visits for key, a in root.arms.items()}
        best = max(
            range(len(options)), key=lambda i: (arms[i].visits, _mean(arms[i]), arms[i].prior)
        )
        return options[best]


def _settled(arms: Sequence[Arm], left: int) -> bool:
    """Whether the answer tried most leads the next by more than the `left` iterations
    could change: the search stops early with the answer it would give anyway."""
    first, second = sorted((a.visits for a in arms), reverse=True)[:2]
    return first - second > left


def _mean(arm: Arm) -> float:
    return arm.total / arm.visits if arm.visits else 0.0


class SearchPlayer:
    """A seat played by search: the decisions its game's SearchSpec lists are searched,
    every other decision is the rule of thumb's. Made by `strategy`."""

    searches = True
    spec: SearchSpec

    def __init__(self, iterations: int = DEFAULT_ITERATIONS):
        self.search = Search(self.spec, iterations)
        self.fallback = self.spec.fallback()
        self.game: Model | None = None
        self.k = 0

    def seated(self, game: Model, k: int) -> None:
        """Called by the game as it seats this player at seat `k`."""
        self.game, self.k = game, k
        self.search.seated(game, k)

    def __getattr__(self, method: str):
        if method.startswith("_") or method in ("search", "fallback", "game", "k", "spec"):
            raise AttributeError(method)
        if method not in self.spec.searched:
            return getattr(self.fallback, method)
        # asked only once seated, so `game` is set
        return lambda *args: self.search.choose(cast(Model, self.game), self.k, method, args)


def strategy(spec: SearchSpec, about: str, doc: str) -> type:
    """The search strategy of a game: a SearchPlayer class searching as `spec` says,
    described in a line by `about` (`pnp simulate --help-strategies`) and documented by
    `doc`."""
    return type("Search", (SearchPlayer,), {"spec": spec, "about": about, "__doc__": doc})
