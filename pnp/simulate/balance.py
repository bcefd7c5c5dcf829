"""`pnp simulate` for one game: check the request against the game's simulator, play
the games (pnp.simulate.run), sum them up (pnp.simulate.report) and write
`<out>/<game>/balance.pdf` (pnp.simulate.charts) whole or not at all. The CLI only
parses options, calls `simulate_game` and prints. Nothing here names a game.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from types import ModuleType
from typing import NamedTuple

from pnp.errors import PnpError
from pnp.outfile import check_writable, write_whole
from pnp.simulate import MOST_GAMES, MOST_TURN_CAP, SIMULATORS, simulator
from pnp.simulate.charts import write_balance
from pnp.simulate.report import summarise, text_lines
from pnp.simulate.run import Job, default_workers, run

FILE_NAME = "balance.pdf"
#: player counts simulated when none are asked for: the game's, up to this many players
DEFAULT_MOST_PLAYERS = 6


@dataclass(frozen=True)
class SimulateOptions:
    """One `pnp simulate` request. `players`: player counts, or () for the default
    (every count the game seats, up to DEFAULT_MOST_PLAYERS); `strategies`: strategy
    names given to the seats in turn, or () for the game's default; `cap`: the turn
    cap, or None for the game's; `workers`: processes, or None for one per core;
    `pdf`: write balance.pdf to `out_dir`/<game>/."""

    game: str
    data_dir: Path
    out_dir: Path
    games: int = 1000
    seed: int = 1
    players: tuple[int, ...] = ()
    strategies: tuple[str, ...] = ()
    cap: int | None = None
    workers: int | None = None
    pdf: bool = True


@dataclass(frozen=True)
class SimulateReport:
    """What a run produced: the JSON-ready `summary` (same for the same seed), the
    terminal `lines`, the PDF written (or None), the `workers` used and the wall time."""

    summary: dict
    lines: list[str]
    path: Path | None
    workers: int
    seconds: float


def spans(numbers: list[int]) -> str:
    """Sorted whole numbers as runs: [1, 7, 8, 9] -> "1, 7-9"."""
    runs: list[list[int]] = []
    for n in sorted(numbers):
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in runs)


def job_for(options: SimulateOptions, module) -> Job:
    """The Job `options` ask for, checked against the game's simulator `module`.
    PnpError naming the range or the known names for a player count the game does not
    seat, an unknown strategy, or a games count or turn cap out of range."""
    fewest, most = module.PLAYERS
    players = options.players or tuple(range(fewest, min(most, DEFAULT_MOST_PLAYERS) + 1))
    wrong = [n for n in players if not fewest <= n <= most]
    if wrong:
        raise PnpError(f"{options.game} is simulated at {fewest}-{most} players, not "
                       f"{spans(wrong)}")
    strategies = options.strategies or (module.DEFAULT_STRATEGY,)
    unknown = [s for s in strategies if s not in module.STRATEGIES]
    if unknown:
        raise PnpError(f"{options.game} has no strategy {', '.join(unknown)}; its "
                       f"strategies: {', '.join(module.STRATEGIES)}")
    if not 1 <= options.games <= MOST_GAMES:
        raise PnpError(f"--games must be 1..{MOST_GAMES:,}, not {options.games:,}")
    cap = module.TURN_CAP if options.cap is None else options.cap
    if not 1 <= cap <= MOST_TURN_CAP:
        raise PnpError(f"--turn-cap must be 1..{MOST_TURN_CAP:,}, not {cap:,}")
    return Job(options.game, Path(options.data_dir), tuple(sorted(set(players))),
               options.games, options.seed, tuple(strategies), cap)


class Prepared(NamedTuple):
    """A request checked and ready to play: the game's simulator `module`, the `job`,
    the card `data`, the game's `figures` and the balance.pdf `target` (None with no
    PDF)."""

    module: ModuleType
    job: Job
    data: object
    figures: list
    target: Path | None


def prepare(options: SimulateOptions) -> Prepared:
    """Check everything a run of `options` needs before its first game: the game has a
    simulator, the request suits it (`job_for`), its card data loads, and balance.pdf
    can be written. PnpError (DataError for bad card data) naming what is wrong."""
    import pnp.games
    game = pnp.games.resolve(options.game)
    if game not in SIMULATORS:
        raise PnpError(f"{game} has no simulator yet; simulated games: "
                       f"{', '.join(SIMULATORS)}")
    options = replace(options, game=game)
    module = simulator(game)
    job = job_for(options, module)
    target = Path(options.out_dir) / game / FILE_NAME if options.pdf else None
    if target:
        check_writable(target)
    from pnp.build import game_folder
    data = module.load(game_folder(pnp.games.find_game(game), job.data_dir))
    return Prepared(module, job, data, module.figures(data), target)


def simulate_game(options: SimulateOptions,
                  progress: Callable[[int, str], object] | None = None,
                  prepared: Prepared | None = None) -> SimulateReport:
    """Run `options` (checked first by `prepare`, unless `prepared` is its result
    already) and write its balance report. `progress(total, label)` makes a context
    manager with `update(n)` (a click progress bar) to follow the games. PnpError as
    `prepare`, or when balance.pdf cannot be written after all; the previous
    balance.pdf is then unchanged."""
    import pnp.games
    module, job, data, figures, target = prepared or prepare(options)
    workers = options.workers or default_workers()
    started = time.perf_counter()
    total = job.games * len(job.players)
    if progress:
        with progress(total, f"{job.game}: playing") as bar:
            tallies = run(job, workers, bar.update)
    else:
        tallies = run(job, workers)
    seconds = time.perf_counter() - started
    summary = summarise(job, module, figures, tallies)
    path = None
    if target:
        name = pnp.games.find_game(job.game).name(data)
        path = write_whole(target,
                           lambda stream: write_balance(stream, summary, figures, name))
    return SimulateReport(summary, text_lines(summary, figures), path, workers, seconds)
