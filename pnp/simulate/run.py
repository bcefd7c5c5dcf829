"""Play many seeded games of one game on every core, or on a Dask cluster, and sum what
they show (issues 13 and 21).

Each game's seed comes from the run's seed, the player count and the game's index
(`game_seed`), so a game's result never depends on which worker played it or in what
order; chunks are merged in index order and every figure is a sum of integers, so a seed
gives the same summary on any machine, any number of processes and any cluster.

A run plays its seeds in one or more arms (`Arm`): one for a plain run, one per level of
skill for a skill report, one per card data set for a paired comparison, or one per set
of rules for a paired rule what-if (the author's rules and a rule variant, on the same
card data); a comparison's two arms are also tallied game by game
(pnp.simulate.paired). Nothing here names a game: the
game's simulator module (pnp.simulate.result's contract) is queried.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import signal
import threading
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Protocol

from pnp.core.errors import PnpError
from pnp.core.records import NamedTuple
from pnp.simulate import simulator
from pnp.simulate.paired import Measures, Moments, PairTally, measures
from pnp.simulate.result import Result, Setup

#: Games a chunk plays at most (smaller near the end of a run, so the progress bar moves
#: and every core stays busy), and at most when a seat searches (a search game takes
#: seconds, so a chunk lost with its worker costs little).
CHUNK_MOST = 200
CHUNK_SEARCH = 4
#: pools that may lose a worker process in one run before the run is stopped
LOST_POOLS_MOST = 3


@dataclass(frozen=True)
class Arm:
    """One way a run plays its seeds: its `label`, the card data it plays (a key of the
    run's data sets), the `strategies` given to the seats in turn, repeating, and the
    rule `variant` it plays (a name of the game's RULE_VARIANTS; None: the author's
    rules)."""

    label: str
    data: str
    strategies: tuple[str, ...]
    variant: str | None = None


@dataclass(frozen=True)
class Job:
    """A run: `games` games of `game` (a game of pnp.simulate.simulated()) at each of
    `players`, seeded from `seed`, capped at `cap` turns, set up by `setup`, in each of
    `arms`. `rotate`: game i turns the seats' strategies i places round the table, so
    each strategy plays every seat equally often. `paired`: arms 0 and 1 are also
    tallied game by game (a comparison)."""

    game: str
    players: tuple[int, ...]
    games: int
    seed: int
    cap: int
    arms: tuple[Arm, ...]
    setup: Setup = Setup()
    rotate: bool = False
    paired: bool = False

    def seat_strategies(self, arm: Arm, n_players: int, index: int = 0) -> tuple[str, ...]:
        """The strategy of each of `n_players` seats in game `index` of `arm`, first seat
        first."""
        names = arm.strategies
        table = [names[i % len(names)] for i in range(n_players)]
        shift = index % n_players if self.rotate else 0
        return tuple(table[(i - shift) % n_players] for i in range(n_players))

    @property
    def searches(self) -> bool:
        """Whether any seat of any arm plays a search strategy."""
        strategies = simulator(self.game).STRATEGIES
        return any(
            getattr(strategies[s], "searches", False) for arm in self.arms for s in arm.strategies
        )


@dataclass
class Tally:
    """What the games of one arm at one player count showed: `games` played; `lengths`
    (turns -> games, of the games not capped: a capped game's length is only the cap);
    `seat_wins` (sole wins of each seat, first seat first); `strategy_wins` (strategy
    -> sole wins) and `strategy_seats` (strategy -> seats it played, games x seats);
    `ties`; `capped`; `first_round`: games over, not capped, within the first round (no
    more turns than players); `endings` (ending key -> games); `facts` (group -> key ->
    count, summed); `moments` (measure key -> pnp.simulate.paired.Moments, for the
    intervals); `strategy_facts` ((strategy, key) -> count, of the players' own facts,
    `facts["per_player"]`, by the strategy each player played)."""

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
    moments: dict[tuple, Moments] = field(default_factory=dict)
    strategy_facts: Counter = field(default_factory=Counter)

    def __post_init__(self):
        self.seat_wins = self.seat_wins or [0] * self.players

    def add(self, result: Result, shown: Measures | None = None) -> None:
        """Count one game's Result (and its `shown` measures, for the intervals)."""
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
        for key, n in result.facts.get("per_player", {}).items():
            name, what = key.split(":", 1)
            self.strategy_facts[result.strategies[result.players.index(name)], what] += n
        for measure, (c, o) in (shown or {}).items():
            moments = self.moments.get(measure)
            if moments is None:
                moments = self.moments[measure] = Moments()
            moments.add(c, o)

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
        self.strategy_facts.update(other.strategy_facts)
        for group, counts in other.facts.items():
            self.facts.setdefault(group, Counter()).update(counts)
        for key, moments in other.moments.items():
            if key in self.moments:
                self.moments[key].merge(moments)
            else:
                self.moments[key] = moments


class Chunk(NamedTuple):
    """What one piece of a run gave back: a Tally per arm and, for a paired run, the
    PairTally of arms 0 and 1."""

    tallies: tuple[Tally, ...]
    pair: PairTally | None


def game_seed(seed: int, players: int, index: int) -> int:
    """The seed of game `index` (0-based) at `players` players in a run seeded `seed`: a
    64-bit integer from SHA-256, so neighbouring games share nothing."""
    digest = hashlib.sha256(f"{seed}:{players}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


_FIGURES: dict[int, tuple[object, list]] = {}


def _figures(module, data) -> list:
    """The game's figures for `data`, worked out once per process (kept with the data
    they belong to, so a later data set never takes them for its own)."""
    known = _FIGURES.get(id(data))
    if known is None or known[0] is not data:
        known = _FIGURES[id(data)] = (data, module.figures(data))
    return known[1]


def play_chunk(job: Job, datas: dict[str, object], players: int, start: int, stop: int) -> Chunk:
    """Play games `start`..`stop`-1 of every arm of `job` at `players` players, from the
    card data sets `datas` (key -> the game's loaded data)."""
    module = simulator(job.game)
    tallies = tuple(Tally(players) for _ in job.arms)
    pair = PairTally() if job.paired else None
    endings = list(module.ENDINGS)
    for index in range(start, stop):
        seed = game_seed(job.seed, players, index)
        shown = []
        for arm, tally in zip(job.arms, tallies):
            data = datas[arm.data]
            setup = job.setup._replace(variant=arm.variant)
            result = module.simulate(
                data, players, seed, job.seat_strategies(arm, players, index), job.cap, setup
            )
            shown.append(measures(result, _figures(module, data), players, endings))
            tally.add(result, shown[-1])
        if pair is not None:
            pair.add(shown[0], shown[1])
    return Chunk(tallies, pair)


Piece = tuple[int, int, int]  # (players, start, stop)


def pieces(job: Job, workers: int) -> list[Piece]:
    """The work of `job` as (players, start, stop) pieces: about eight per worker at each
    player count, at most CHUNK_MOST games each (CHUNK_SEARCH when a seat searches)."""
    most = CHUNK_SEARCH if job.searches else CHUNK_MOST
    size = max(1, min(most, -(-job.games // (8 * max(1, workers)))))
    return [
        (n, start, min(start + size, job.games))
        for n in job.players
        for start in range(0, job.games, size)
    ]


def default_workers() -> int:
    """Worker processes to use: one per core this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


class Outcome(NamedTuple):
    """A whole run: per arm, player count -> Tally; for a paired run, player count ->
    PairTally of arms 0 and 1 (else empty)."""

    tallies: tuple[dict[int, Tally], ...]
    pairs: dict[int, PairTally]


class Executor(Protocol):
    """Where a run's pieces are played when not in local processes (a Dask cluster:
    pnp.simulate.cluster.Cluster): its worker threads, and each piece's Chunk, in
    order."""

    def workers(self) -> int: ...
    def results(
        self, job: Job, datas: dict[str, object], work: Sequence[Piece]
    ) -> Iterator[Chunk]: ...


def run(
    job: Job,
    datas: dict[str, object],
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
    executor: Executor | None = None,
) -> Outcome:
    """Play every game of `job` from the card data sets `datas` on `workers` processes
    (default: every core; 1 plays in this process), or on `executor` (a cluster).
    `progress(n)` is called as each piece of n games finishes. The executor's PnpError
    (a cluster none can reach, a piece that kept losing its workers, no workers
    left) leaves as it is."""
    if executor is not None:
        work = pieces(job, executor.workers())
        results = executor.results(job, datas, work)
    else:
        workers = workers or default_workers()
        work = pieces(job, workers)
        results = _local(job, datas, work, workers)
    tallies = tuple({n: Tally(n) for n in job.players} for _ in job.arms)
    pairs = {n: PairTally() for n in job.players} if job.paired else {}
    for (n, start, stop), chunk in zip(work, results):
        for arm_tallies, tally in zip(tallies, chunk.tallies):
            arm_tallies[n].merge(tally)
        if chunk.pair is not None:
            pairs[n].merge(chunk.pair)
        if progress:
            progress(stop - start)
    return Outcome(tallies, pairs)


_WORK: tuple = ()


def _start_worker(job: Job, datas: dict[str, object]) -> None:
    """A worker keeps the run's job and card data (sent once, not with every piece) and
    leaves Ctrl-C to the main process, which stops the pool: one "Aborted!" instead of
    a traceback from every worker. (It takes the default SIGTERM back, so the pool can
    stop it.)"""
    global _WORK
    _WORK = (job, datas)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _play_piece(piece: Piece) -> Chunk:
    job, datas = _WORK
    return play_chunk(job, datas, *piece)


def _local(
    job: Job, datas: dict[str, object], work: Sequence[Piece], workers: int
) -> Iterator[Chunk]:
    """Each piece's Chunk, in order: in this process for one worker or one piece, else
    from a pool of `workers` processes (forked where the system can, so they start with
    the card data already loaded).

    A worker process lost mid-run (killed, or out of memory) breaks the pool: every
    piece not yet given is played again in a new pool (a piece's games have the same
    seeds wherever they are played, so the figures are the same); after
    LOST_POOLS_MOST lost pools the run stops with one line (PnpError), never waiting for
    a piece no process is playing."""
    if workers == 1 or len(work) == 1:
        yield from (play_chunk(job, datas, *piece) for piece in work)
        return
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    # a SIGTERM to this process alone stops the pool as Ctrl-C does, rather than leave
    # the workers to die on a broken pipe (where Python lets a handler be set: a run
    # called from another thread of a program keeps that program's handler)
    main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, _interrupt) if main else None
    given, lost = 0, 0
    try:
        while given < len(work):
            pool = ProcessPoolExecutor(
                min(workers, len(work) - given), context, _start_worker, (job, datas)
            )
            try:
                for future in [pool.submit(_play_piece, piece) for piece in work[given:]]:
                    chunk = future.result()
                    given += 1
                    yield chunk
            except BrokenProcessPool:
                lost += 1
                if lost > LOST_POOLS_MOST:
                    raise PnpError(
                        f"a simulation worker process was lost {lost} times (killed, or out "
                        "of memory); the run is stopped. Try fewer --workers."
                    ) from None
            finally:
                _stop(pool, given == len(work))
    finally:
        if main:
            signal.signal(signal.SIGTERM, previous)


def _stop(pool: ProcessPoolExecutor, finished: bool) -> None:
    """Shut `pool` down: after a run that went through, when its workers are idle;
    otherwise (Ctrl-C, SIGTERM, an error, a lost worker) at once, its pieces not started
    cancelled and its worker processes stopped, rather than left to finish pieces no one
    will read."""
    if finished:
        pool.shutdown(wait=True)
        return
    # Before Python 3.14 (terminate_workers) the executor has no public way to stop a
    # worker in the middle of a piece; its processes are those it started.
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    for process in processes:
        process.join()


def _interrupt(signum, frame) -> None:
    raise KeyboardInterrupt
