"""Benchmark: why Hack Pack's search player is its own module, not OpenSpiel's ISMCTS
(issue 21). Run on demand; it needs OpenSpiel, which Hack Pack does not depend on:

    pip install open_spiel numpy
    python bench/bench_openspiel.py              # 48 simulations, 100 deals, 3 rounds
    python bench/bench_openspiel.py --sims 200
    python bench/bench_openspiel.py --only ours  # one side, for timing whole processes

The same small hidden-hand game, Duel (tests/duel.py: five cards each, five rounds, the
higher card takes the round), is searched two ways at the same number of simulations a
decision, both with random play-outs: by OpenSpiel's Python ISMCTS (Cowling et al.'s
algorithm, `open_spiel.python.algorithms.ismcts`), the game written natively for it as
a pyspiel Python game that steps one action at a time — the best case for an adapter;
and by `pnp.simulate.search` over the game as a `pnp.simulate.model.Model`. Reported:
each one's milliseconds a decision (median of the rounds) and their ratio, round by
round, the two run alternately. (OpenSpiel's C++ ISMCTSBot stops with a segmentation
fault on a Python-defined game, so it is not measured.)

An adapter for the three Hack Pack games would cost more than this best case: their
models play a turn as straight-line code that asks each player in turn (the rules read
as the rulebook does), so an OpenSpiel `State` — cloned at every node, stepped one
action at a time, resampled into a new state — would mean rewriting each model as a
step machine, or replaying the turn from its start at every step.
"""

from __future__ import annotations

import argparse
import copy
import random
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

try:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts
except ImportError:
    raise SystemExit("this benchmark needs OpenSpiel: pip install open_spiel numpy") from None

from pnp.simulate.search import SearchSpec, strategy  # noqa: E402
from tests.duel import Duel  # noqa: E402

GAME_TYPE = pyspiel.GameType(
    short_name="hackpack_duel",
    long_name="Duel",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=False,
    provides_observation_tensor=False,
    parameter_specification={},
)
GAME_INFO = pyspiel.GameInfo(
    num_distinct_actions=11,
    max_chance_outcomes=0,
    num_players=2,
    min_utility=-1.0,
    max_utility=1.0,
    utility_sum=0.0,
    max_game_length=10,
)


class DuelGame(pyspiel.Game):
    """Duel as a pyspiel game (the deal is fixed by each state's seed)."""

    def __init__(self, params=None):
        super().__init__(GAME_TYPE, GAME_INFO, params or {})

    def new_initial_state(self):
        return DuelState(self, 0)


class DuelState(pyspiel.State):
    """A Duel in play, one action at a time; the same deal as tests/duel.py's for a
    seed."""

    def __init__(self, game, seed: int):
        super().__init__(game)
        table = Duel([None, None], seed)
        self.hands, self.deck = table.hands, table.deck
        self.rounds, self.taken, self.leader, self.led, self.history = 0, [0, 0], 0, None, []

    def current_player(self):
        if self.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return self.leader if self.led is None else 1 - self.leader

    def _legal_actions(self, player):
        return sorted(set(self.hands[player]))

    def _apply_action(self, card):
        player = self.current_player()
        self.hands[player].remove(card)
        self.history.append((player, card))
        if self.led is None:
            self.led = card
            return
        winner = self.leader if self.led >= card else 1 - self.leader
        self.taken[winner] += 1
        self.leader, self.led, self.rounds = winner, None, self.rounds + 1

    def is_terminal(self):
        return self.rounds == 5

    def returns(self):
        if not self.is_terminal():
            return [0.0, 0.0]
        return [1.0, -1.0] if self.taken[0] > self.taken[1] else [-1.0, 1.0]

    def information_state_string(self, player=None):
        player = self.current_player() if player is None else player
        return f"{player}|{sorted(self.hands[player])}|{self.history}"

    def __deepcopy__(self, memo):
        other = copy.copy(self)
        other.hands, other.deck = [list(h) for h in self.hands], list(self.deck)
        other.history, other.taken = list(self.history), list(self.taken)
        return other

    def resample_from_infostate(self, player, sampler):
        other = copy.deepcopy(self)
        pool = other.hands[1 - player] + other.deck
        random.shuffle(pool)
        size = len(other.hands[1 - player])
        other.hands[1 - player], other.deck = pool[:size], pool[size:]
        return other

    def _action_to_string(self, player, action):
        return str(action)

    def __str__(self):
        return str(self.history)


class Randomly:
    """Random play-outs, as OpenSpiel's RandomRolloutEvaluator plays them."""

    def __init__(self):
        self.rng = random.Random(1)

    def play(self, view, options):
        return self.rng.choice(options)


RandomSearch = strategy(
    SearchSpec(Randomly, {"play": lambda view, options: list(options)}),
    "random play-outs",
    "pnp.simulate.search with random play-outs",
)


def openspiel_ms(sims: int, deals: int) -> float:
    game = pyspiel.load_game("hackpack_duel")
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
        2.0,
        sims,
        random_state=np.random.RandomState(0),
    )
    start = time.perf_counter()
    for seed in range(deals):
        bot.step(DuelState(game, seed))
    return 1000 * (time.perf_counter() - start) / deals


def ours_ms(sims: int, deals: int) -> float:
    player = RandomSearch(sims)
    start = time.perf_counter()
    for seed in range(deals):
        table = Duel([player, Randomly()], seed)
        table.checkpoint, table.tape = table.clone(), []
        player.search.rng.seed(seed)
        player.search.choose(
            table, 0, "play", ((table.hands[0], None), sorted(set(table.hands[0])))
        )
    return 1000 * (time.perf_counter() - start) / deals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sims", type=int, default=48)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--only",
        choices=("openspiel", "ours"),
        default=None,
        help="search the deals with one side only and print its time",
    )
    args = parser.parse_args()
    pyspiel.register_game(GAME_TYPE, DuelGame)
    if args.only:
        side = openspiel_ms if args.only == "openspiel" else ours_ms
        print(f"{args.only}: {side(args.sims, args.deals):.2f} ms a decision")
        return
    pairs = [
        (openspiel_ms(args.sims, args.deals), ours_ms(args.sims, args.deals))
        for _ in range(args.rounds)
    ]
    ratios = [a / b for a, b in pairs]
    print(
        f"Duel, {args.sims} simulations a decision, the first decision of {args.deals} "
        f"deals, {args.rounds} rounds:"
    )
    print(
        f"  OpenSpiel Python ISMCTS {statistics.median(a for a, _ in pairs):.2f} ms a "
        f"decision; pnp.simulate.search {statistics.median(b for _, b in pairs):.2f} ms; "
        f"OpenSpiel/ours {statistics.median(ratios):.2f} "
        f"[{min(ratios):.2f}-{max(ratios):.2f}]"
    )


if __name__ == "__main__":
    main()
