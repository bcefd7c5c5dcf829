"""`pnp simulate` for one game: check the request against the game's simulator, play
the games (pnp.simulate.run), sum them up (pnp.simulate.report, .skill, .compare) and
write `<out>/<game>/balance.pdf` (pnp.simulate.charts) whole or not at all. The CLI
only parses options, calls `simulate_game` and prints. Nothing here names a game.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, replace
from pathlib import Path
from types import ModuleType
from typing import Any

from pnp.core.errors import DataError, PnpError, UnknownGame
from pnp.core.outfile import check_writable, write_whole
from pnp.core.pictures import without_pictures
from pnp.core.records import NamedTuple
from pnp.core.shown import plural, quoted
from pnp.simulate import (
    DEFAULT_GAMES,
    MOST_GAMES,
    MOST_TURN_CAP,
    not_simulated,
    simulated,
    simulator,
)
from pnp.simulate.pages import write_balance
from pnp.simulate.report import summarise, text_lines
from pnp.simulate.result import Setup, deck_words, tables
from pnp.simulate.run import Arm, Job, default_workers, run
from pnp.simulate.search import MOST_ITERATIONS

FILE_NAME = "balance.pdf"
#: player counts simulated when none are asked for: the game's, up to this many players
DEFAULT_MOST_PLAYERS = 6
#: the card data sets of a run: the run's own, and the one --compare names
OWN, OTHER = "A", "B"


@dataclass(frozen=True)
class SimulateOptions:
    """One `pnp simulate` request. `players`: player counts, or () for the default
    (every count the game deals in the deck format, up to DEFAULT_MOST_PLAYERS);
    `strategies`: strategy names given to the seats in turn, or () for the game's
    default; `cap`: the turn cap, or None for the game's; `workers`: processes, or None
    for one per core; `pdf`: write balance.pdf to `out_dir`/<game>/. `deck_format`: one
    of the game's DECK_FORMATS (None: its default); `iterations`: a search player's
    iterations a decision; `rotate`: turn the strategies round the table game by game;
    `skill`: play random, rule-of-thumb and search tables on the same seeds; `compare`:
    a second card data folder to play on the same seeds; `scheduler`: a Dask
    scheduler's address to play on instead of local processes."""

    game: str
    data_dir: Path | None  # None: the game's own folder, as its manifest names it
    out_dir: Path
    games: int = DEFAULT_GAMES
    seed: int = 1
    players: tuple[int, ...] = ()
    strategies: tuple[str, ...] = ()
    cap: int | None = None
    workers: int | None = None
    pdf: bool = True
    deck_format: str | None = None
    iterations: int = Setup().iterations
    rotate: bool = False
    skill: bool = False
    compare: Path | None = None
    scheduler: str | None = None


@dataclass(frozen=True)
class SimulateReport:
    """What a run produced: the JSON-ready `summary` (same for the same seed), the
    terminal `lines`, the PDF written (or None), the `workers` used (None on a cluster)
    and the wall time."""

    summary: dict
    lines: list[str]
    path: Path | None
    workers: int | None
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


def search_strategy(module: ModuleType) -> str:
    """The name of the game's search strategy (the one whose players search)."""
    return next(name for name, cls in module.STRATEGIES.items() if getattr(cls, "searches", False))


def skill_levels(module: ModuleType) -> tuple[Arm, ...]:
    """The three levels of a skill report, weakest first: every seat random, every seat
    the game's rule of thumb, every seat searching."""
    return (
        Arm("random", OWN, ("random",)),
        Arm(f"rule of thumb ({module.DEFAULT_STRATEGY})", OWN, (module.DEFAULT_STRATEGY,)),
        Arm("search", OWN, (search_strategy(module),)),
    )


def _deck_format(options: SimulateOptions, module: ModuleType) -> str | None:
    formats = module.DECK_FORMATS
    if options.deck_format is None:
        return None
    if not formats:
        raise PnpError(
            f"{options.game} deals one deck; --deck-format chooses the decks "
            "of a game that has several"
        )
    if options.deck_format not in formats:
        raise PnpError(
            f"{options.game} deals {' or '.join(formats)} decks, not "
            f"{quoted(options.deck_format, 20)}"
        )
    return options.deck_format


def _players(
    options: SimulateOptions, module: ModuleType, data, deck_format: str | None
) -> tuple[int, ...]:
    """The player counts of the run, each one the game deals in the deck format from
    this card data (its rules, its decks and game.toml's players)."""
    fewest, most = tables(module, data, deck_format)
    players = options.players or tuple(range(fewest, min(most, DEFAULT_MOST_PLAYERS) + 1))
    wrong = [n for n in players if not fewest <= n <= most]
    if wrong or not players:
        fmt = deck_format or next(iter(module.DECK_FORMATS), None)
        named = f" with {deck_words(fmt)}" if fmt else ""
        others = [
            f"{deck_words(f)} {'-'.join(map(str, tables(module, data, f)))}"
            for f in module.DECK_FORMATS
            if f != fmt
        ]
        hint = f" (--deck-format: {', '.join(others)})" if others else ""
        info = getattr(data, "info", None)
        if info is not None and (
            info.players_min > module.PLAYERS[0] or info.players_max < module.PLAYERS[1]
        ):
            hint += f"; its game.toml seats {info.players_min}-{info.players_max}"
        raise PnpError(
            f"{options.game} is simulated at {fewest}-{most} players{named}, "
            f"not {spans(wrong) or 'any'}{hint}"
        )
    return tuple(sorted(set(players)))


def _arms(options: SimulateOptions, module: ModuleType) -> tuple[Arm, ...]:
    if options.skill:
        if options.strategies:
            raise PnpError(
                "--skill-report plays random, rule-of-thumb and search tables "
                "itself; leave out --strategy"
            )
        if options.compare:
            raise PnpError("--skill-report and --compare are two runs; ask for one")
        return skill_levels(module)
    strategies = options.strategies or (module.DEFAULT_STRATEGY,)
    unknown = [s for s in strategies if s not in module.STRATEGIES]
    if unknown:
        raise PnpError(
            f"{options.game} has no strategy {', '.join(unknown)}; its "
            f"strategies: {', '.join(module.STRATEGIES)}"
        )
    arms = (Arm("A", OWN, tuple(strategies)),)
    return arms + ((Arm("B", OTHER, tuple(strategies)),) if options.compare else ())


def job_for(options: SimulateOptions, module: ModuleType, data) -> Job:
    """The Job `options` ask for, checked against the game's simulator `module` and its
    card `data`. PnpError naming the range or the known names for a player count the
    game does not deal, an unknown strategy or deck format, or a games count, turn cap
    or iterations out of range."""
    deck_format = _deck_format(options, module)
    players = _players(options, module, data, deck_format)
    arms = _arms(options, module)
    for n in players:
        for arm in arms:
            seated = {arm.strategies[i % len(arm.strategies)] for i in range(n)}
            idle = [s for s in dict.fromkeys(arm.strategies) if s not in seated]
            if idle:
                raise PnpError(
                    f"{plural(len(arm.strategies), 'strategy', 'strategies')} "
                    f"for {n} seats: {', '.join(idle)} would never play (the "
                    "seats take the strategies in turn)"
                )
    if not 1 <= options.games <= MOST_GAMES:
        raise PnpError(f"--games must be 1..{MOST_GAMES:,}, not {options.games:,}")
    cap = module.TURN_CAP if options.cap is None else options.cap
    if not 1 <= cap <= MOST_TURN_CAP:
        raise PnpError(f"--turn-cap must be 1..{MOST_TURN_CAP:,}, not {cap:,}")
    if not 1 <= options.iterations <= MOST_ITERATIONS:
        raise PnpError(
            f"--search-iterations must be 1..{MOST_ITERATIONS:,}, not {options.iterations:,}"
        )
    return Job(
        options.game,
        players,
        options.games,
        options.seed,
        cap,
        arms,
        Setup(deck_format, options.iterations),
        options.rotate,
        paired=options.compare is not None,
    )


class Prepared(NamedTuple):
    """A request checked and ready to play: the game's simulator `module`, the `job`,
    the card data sets (`datas`: OWN, and OTHER with --compare), their folders, the
    game's figures for each, and the balance.pdf `target` (None with no PDF)."""

    module: ModuleType
    job: Job
    datas: dict[str, object]
    folders: dict[str, Path]
    figures: dict[str, list]
    target: Path | None


def other_folder(game: str, given: Path) -> Path:
    """The folder of `game`'s card data that --compare names: `given`/<game>, or
    `given` itself when it is a game's own folder. PnpError, in one line, when neither
    holds card data, or it is another game's."""
    from pnp.data.game_file import read_game_id

    shown = quoted(given, 60)
    for folder in (given / game, given):
        if (folder / "game.toml").is_file():
            found = read_game_id(folder / "game.toml")
            if found is not None and found != game:
                raise PnpError(
                    f"--compare {shown} holds the card data of {quoted(found, 40)}, not {game}"
                )
            return folder
    raise PnpError(
        f"--compare {shown} holds no card data for {game}: neither "
        f"{quoted(given / game / 'game.toml', 60)} nor "
        f"{quoted(given / 'game.toml', 60)} exists"
    )


def _load_other(module: ModuleType, game: str, folder: Path):
    """The --compare card data, or PnpError in one line when it does not load."""
    try:
        return module.load(folder)
    except DataError as exc:
        errors = [p for p in exc.problems if p.level == "error"] or exc.problems
        raise PnpError(
            f"--compare {quoted(folder, 60)}: the card data does not validate "
            f"({plural(len(errors), 'problem')}; the first: {errors[0]}); "
            f"`pnp validate --game {game} --data {quoted(folder.parent, 60)}` "
            "lists them"
        ) from None


def prepare(options: SimulateOptions) -> Prepared:
    """Check everything a run of `options` needs before its first game: the game has a
    simulator, its card data loads (and the --compare data: that game's, and valid),
    the request suits them (`job_for`), and balance.pdf can be written. PnpError
    (DataError for bad card data of the run's own) naming what is wrong."""
    import pnp.core.games
    from pnp.build import game_folder

    try:
        game = pnp.core.games.resolve(options.game)
    except UnknownGame:
        raise UnknownGame(not_simulated(options.game, options.data_dir)) from None
    if game not in simulated():
        raise PnpError(f"{game} has no simulator yet; simulated games: {', '.join(simulated())}")
    options = replace(options, game=game)
    module = simulator(game)
    folders = {OWN: game_folder(pnp.core.games.find_game(game), options.data_dir)}
    if options.compare is not None:
        folders[OTHER] = other_folder(game, Path(options.compare))
    target = Path(options.out_dir) / game / FILE_NAME if options.pdf else None
    with without_pictures():  # the games are played, not printed: no picture is read
        datas = {OWN: module.load(folders[OWN])}
        if OTHER in folders:
            datas[OTHER] = _load_other(module, game, folders[OTHER])
    job = job_for(options, module, datas[OWN])
    if OTHER in datas:
        job_for(options, module, datas[OTHER])  # the counts suit both data sets
    if target:
        check_writable(target)
    return Prepared(
        module,
        job,
        datas,
        folders,
        {key: module.figures(data) for key, data in datas.items()},
        target,
    )


def simulate_game(
    options: SimulateOptions,
    progress: Callable[[int, str], AbstractContextManager[Any]] | None = None,
    prepared: Prepared | None = None,
) -> SimulateReport:
    """Run `options` (checked first by `prepare`, unless `prepared` is its result
    already) and write its balance report. `progress(total, label)` makes a context
    manager with `update(n)` (a click progress bar) to follow the games. PnpError as
    `prepare`, or when balance.pdf cannot be written after all; the previous
    balance.pdf is then unchanged."""
    import pnp.core.games
    from pnp.simulate.compare import compare_lines, compare_summary
    from pnp.simulate.skill import skill_lines, skill_summary

    module, job, datas, folders, figures, target = prepared or prepare(options)
    workers = None if options.scheduler else options.workers or default_workers()
    started = time.perf_counter()
    total = job.games * len(job.players) * len(job.arms)
    executor = None
    if options.scheduler:
        from pnp.simulate.cluster import Cluster

        executor = Cluster(options.scheduler)
    if progress:
        with progress(total, f"{job.game}: playing") as bar:
            outcome = run(job, datas, workers, bar.update, executor)
    else:
        outcome = run(job, datas, workers, executor=executor)
    seconds = time.perf_counter() - started
    main = 1 if options.skill else 0  # a skill report's rule-of-thumb level
    summary = summarise(job, module, figures[OWN], outcome.tallies[main], job.arms[main])
    lines = text_lines(summary, figures[OWN])
    if options.skill:
        summary["skill"] = skill_summary(job, module, figures[OWN], outcome.tallies)
        lines += skill_lines(summary["skill"])
    if job.paired:
        summary["compare"] = compare_summary(job, module, figures, folders, outcome)
        lines += compare_lines(summary["compare"])
    path = None
    if target:
        name = pnp.core.games.find_game(job.game).name(datas[OWN])
        path = write_whole(
            target, lambda stream: write_balance(stream, summary, figures[OWN], name)
        )
    return SimulateReport(summary, lines, path, workers, seconds)
