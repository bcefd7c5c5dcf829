"""Play many seeded games of one game on every core and sum what they show (issue 13).

Each game's seed comes from the run's seed, the player count and the game's index
(`game_seed`), so a game's result never depends on which worker played it or in what
order; the workers' tallies are merged in index order and every figure is a count, so a
seed gives the same summary on any machine and with any number of workers. Nothing here
names a game: the game's simulator module (pnp.simulate.result's contract) is queried.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import signal
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from pnp.simulate import simulator
from pnp.simulate.result import Result

#: Games a worker plays before reporting back (smaller near the end of a run, so the
#: progress bar moves and both cores stay busy).
CHUNK_MOST = 200


@dataclass(frozen=True)
class Job:
    """A run: `games` games of `game` (an id of pnp.simulate.SIMULATORS) at each of
    `players` (player counts), from the card data in `data_dir`/<game>; `strategies`
    (names of the module's STRATEGIES) are given to the seats in turn, repeating; `cap`
    is the turn cap; `seed` any integer."""

    game: str
    data_dir: Path
    players: tuple[int, ...]
    games: int
    seed: int
    strategies: tuple[str, ...]
    cap: int

    def seat_strategies(self, n_players: int) -> tuple[str, ...]:
        """The strategy of each of `n_players` seats, first seat first."""
        return tuple(self.strategies[i % len(self.strategies)] for i in range(n_players))


@dataclass
class Tally:
    """What the games at one player count showed: `games` played; `lengths` (turns ->
    games, of the games not capped: a capped game's length is only the cap);
    `seat_wins` (sole wins of each seat, first seat first); `strategy_wins` (strategy
    -> sole wins) and `strategy_seats` (strategy -> seats it played, games x seats);
    `ties`; `capped`;
    `first_round`: games over, not capped, within the first round (no more turns than
    players); `endings` (ending key -> games); `facts` (group -> key -> count, summed)."""

    players: int
    games: int = 0
    lengths: Counter = field(default_factory=Counter)
    seat_wins: list[int] = field(default_factory=list)
    strategy_wins: Counter = field(default_factory=Counter)
    strategy_seats: Counter = field(default_factory=Counter)
    ties: int = 0
    capped: int = 0
    first_round: int = 0
    endings: Counter = field(default_factory=Counter)
    facts: dict[str, Counter] = field(default_factory=dict)

    def __post_init__(self):
        self.seat_wins = self.seat_wins or [0] * self.players

    def add(self, result: Result) -> None:
        """Count one game's Result."""
        self.games += 1
        if not result.capped:
            self.lengths[result.turns] += 1
        self.strategy_seats.update(result.strategies)
        if len(result.winners) == 1 and not result.tie:
            seat = result.players.index(result.winners[0])
            self.seat_wins[seat] += 1
            self.strategy_wins[result.strategies[seat]] += 1
        self.ties += result.tie
        self.capped += result.capped
        self.first_round += not result.capped and result.turns <= self.players
        self.endings[result.ending] += 1
        for group, counts in result.facts.items():
            self.facts.setdefault(group, Counter()).update(counts)

    def merge(self, other: Tally) -> None:
        """Add `other` (the same player count) into this tally."""
        self.games += other.games
        self.lengths.update(other.lengths)
        self.seat_wins = [a + b for a, b in zip(self.seat_wins, other.seat_wins)]
        self.strategy_wins.update(other.strategy_wins)
        self.strategy_seats.update(other.strategy_seats)
        self.ties += other.ties
        self.capped += other.capped
        self.first_round += other.first_round
        self.endings.update(other.endings)
        for group, counts in other.facts.items():
            self.facts.setdefault(group, Counter()).update(counts)


def game_seed(seed: int, players: int, index: int) -> int:
    """The seed of game `index` (0-based) at `players` players in a run seeded `seed`: a
    64-bit integer from SHA-256, so neighbouring games share nothing."""
    digest = hashlib.sha256(f"{seed}:{players}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


_DATA: dict[tuple[str, str], object] = {}


def _data(game: str, data_dir: Path):
    """The card data of `game`, loaded once per process."""
    key = (game, str(data_dir))
    if key not in _DATA:
        _DATA[key] = simulator(game).load(Path(data_dir) / game)
    return _DATA[key]


def play_chunk(job: Job, players: int, start: int, stop: int) -> Tally:
    """Play games `start`..`stop`-1 of `job` at `players` players; their Tally."""
    module, data = simulator(job.game), _data(job.game, job.data_dir)
    strategies = job.seat_strategies(players)
    tally = Tally(players)
    for index in range(start, stop):
        tally.add(module.simulate(data, players, game_seed(job.seed, players, index),
                                  strategies, job.cap))
    return tally


def _play_chunk(args: tuple) -> Tally:
    return play_chunk(*args)


def chunks(job: Job, workers: int) -> list[tuple[Job, int, int, int]]:
    """The work of `job` as (job, players, start, stop) pieces: about eight per worker at
    each player count, at most CHUNK_MOST games each."""
    size = max(1, min(CHUNK_MOST, -(-job.games // (8 * max(1, workers)))))
    return [(job, n, start, min(start + size, job.games))
            for n in job.players for start in range(0, job.games, size)]


def default_workers() -> int:
    """Worker processes to use: one per core this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:         # not Linux
        return os.cpu_count() or 1


def run(job: Job, workers: int | None = None,
        progress: Callable[[int], None] | None = None) -> dict[int, Tally]:
    """Play every game of `job` on `workers` processes (default: every core; 1 plays in
    this process) and return player count -> Tally. `progress(n)` is called as each
    piece of n games finishes. The card data is loaded before any worker starts, so bad
    data raises its DataError here, once."""
    _data(job.game, job.data_dir)
    workers = workers or default_workers()
    pieces = chunks(job, workers)
    tallies = {n: Tally(n) for n in job.players}
    for piece, tally in zip(pieces, _results(pieces, workers)):
        tallies[piece[1]].merge(tally)
        if progress:
            progress(piece[3] - piece[2])
    return tallies


def _quiet_worker() -> None:
    """A worker leaves Ctrl-C to the main process, which stops the pool: one "Aborted!"
    instead of a traceback from every worker. (It takes the default SIGTERM back, so
    the pool can stop it.)"""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _results(pieces: Sequence[tuple], workers: int) -> Iterator[Tally]:
    """Each piece's Tally, in order: in this process for one worker or one piece, else
    from a pool of `workers` processes (forked where the system can, so they start with
    the card data already loaded)."""
    if workers == 1 or len(pieces) == 1:
        yield from map(_play_chunk, pieces)
        return
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    # a SIGTERM to this process alone stops the pool as Ctrl-C does, rather than leave
    # the workers to die on a broken pipe
    previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        with context.Pool(min(workers, len(pieces)), _quiet_worker) as pool:
            yield from pool.imap(_play_chunk, pieces)
    finally:
        signal.signal(signal.SIGTERM, previous)


def _interrupt(signum, frame) -> None:
    raise KeyboardInterrupt
