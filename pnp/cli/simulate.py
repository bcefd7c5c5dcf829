"""`pnp simulate`: parses the options, calls pnp.simulate.balance and prints the summary
(or the JSON). Errors leave as every `pnp` command's do (pnp.cli.base.Failure)."""

from __future__ import annotations

import click

from pnp.cli.base import (
    WRITTEN,
    Failure,
    InRange,
    folder,
    for_each_game,
    game_options,
    out_option,
    progress_bar,
)
from pnp.cli.which_games import chosen_games
from pnp.core.shown import plural, quoted
from pnp.core.terminal import echo, echo_json, one_line
from pnp.simulate import DEFAULT_GAMES, MOST_GAMES, MOST_TURN_CAP
from pnp.simulate.result import deck_words
from pnp.simulate.search import DEFAULT_ITERATIONS, MOST_ITERATIONS

MOST_PLAYERS = 99  # --players: beyond any game's table, so each game names its own


def _player_counts(ctx: click.Context, param: click.Parameter, value: str | None):
    """`--players`: one count ("4"), a range ("2-6") or a list ("3,5"); a usage error
    for anything else (the game checks the counts it deals)."""
    if value is None:
        return ()
    counts: set[int] = set()
    for part in value.replace(" ", "").split(","):
        low, dash, high = part.partition("-")
        if not (
            low.isascii()
            and high.isascii()
            and low.isdigit()
            and (high.isdigit() if dash else not high)
        ):
            raise click.BadParameter(
                f"{quoted(value, 30)} is not a player count, a range like 2-6 or a list like 3,5"
            )
        first, last = int(low), int(high) if dash else int(low)
        if last > MOST_PLAYERS:
            raise Failure([f"--players must be 1..{MOST_PLAYERS}, got {quoted(part, 20)}"])
        if first > last:
            raise click.BadParameter(f"the range {part} runs backwards; write {last}-{first}")
        counts.update(range(first, last + 1))
    return tuple(sorted(counts))


def _show_strategies(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    """--help-strategies: each game's strategies (the default marked) and deck formats,
    then exit (before any other option is read, as --help does)."""
    if not value or ctx.resilient_parsing:
        return
    from pnp.simulate import simulated, simulator

    for game_id in simulated():
        module = simulator(game_id)
        formats = ", ".join(
            f"{f} (default)" if k == 0 else f for k, f in enumerate(module.DECK_FORMATS)
        )
        echo(f"{game_id}:" + (f" deck formats {formats}" if formats else ""))
        for name, cls in module.STRATEGIES.items():
            default = " (default)" if name == module.DEFAULT_STRATEGY else ""
            echo(f"  {name}{default}: {cls.about}")
    ctx.exit(0)


@click.command()
@game_options
@click.option(
    "--players",
    callback=_player_counts,
    default=None,
    metavar="N|A-B|A,B",
    help="Player counts to simulate: 4, 2-6 or 3,5 (default: every count the game deals, up to 6).",
)
@click.option(
    "--games",
    type=InRange(1, MOST_GAMES, integer=True),
    default=DEFAULT_GAMES,
    show_default=True,
    help="Games at each player count.",
)
@click.option(
    "--seed",
    type=InRange(-(2**63), 2**63 - 1, integer=True),
    default=1,
    show_default=True,
    help="The same seed gives the same games and report.",
)
@click.option(
    "--strategy",
    "strategies",
    multiple=True,
    metavar="NAME",
    help="How the players play (each game's names: see --help-strategies); "
    "repeat to give the seats different strategies in turn.",
)
@click.option(
    "--rotate",
    is_flag=True,
    help="Turn the strategies one seat round the table from game to game, so "
    "each plays every seat equally often (a fair head-to-head).",
)
@click.option(
    "--search-iterations",
    "iterations",
    default=DEFAULT_ITERATIONS,
    show_default=True,
    type=InRange(1, MOST_ITERATIONS, integer=True),
    help="Play-outs a search player runs for each decision it searches.",
)
@click.option(
    "--deck-format",
    default=None,
    metavar="FORMAT",
    help="For a game with several deck formats (see --help-strategies): "
    "individual or shared (default: the game's first).",
)
@click.option(
    "--skill-report",
    "skill",
    is_flag=True,
    help="Play the same seeds with every seat random, every seat the rule of "
    "thumb and every seat searching, and show them side by side.",
)
@click.option(
    "--compare",
    callback=folder,
    default=None,
    metavar="OTHER_DATA_DIR",
    help="Play the same seeds on this card data folder too (one like "
    "card_data/, or a game's own folder) and report every difference "
    "with its 95% interval, paired by seed.",
)
@click.option(
    "--turn-cap",
    "cap",
    type=InRange(1, MOST_TURN_CAP, integer=True),
    default=None,
    help="Turns before a game is stopped as a draw (default: the game's).",
)
@click.option(
    "--workers",
    type=InRange(1, 64, integer=True),
    default=None,
    help="Processes to play on (default: one per core).",
)
@click.option(
    "--scheduler",
    default=None,
    metavar="ADDRESS",
    help="Play on the Dask cluster whose scheduler is at ADDRESS "
    "(tcp://host:8786) instead of local processes.",
)
@out_option("balance.pdf goes to DIR/<game>/.")
@click.option("--no-pdf", is_flag=True, help="Print the summary only.")
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Print the summary as JSON (no timings: the same seed gives the same JSON).",
)
@click.option(
    "--help-strategies",
    is_flag=True,
    is_eager=True,
    expose_value=False,
    callback=_show_strategies,
    help="List each game's strategies and deck formats and exit.",
)
def simulate(
    game,
    all_games,
    data_dir,
    players,
    games,
    seed,
    strategies,
    rotate,
    iterations,
    deck_format,
    skill,
    compare,
    cap,
    workers,
    scheduler,
    out_dir,
    no_pdf,
    as_json,
) -> None:
    """Play many games from the card data, every move checked by the scorekeeper's
    rules, and report how the decks behave: game length, wins by seat, how games end
    and per-card figures, with charts in balance.pdf."""
    from pnp.cli.defaults import announce
    from pnp.simulate.balance import SimulateOptions, prepare, simulate_game

    announce(err=as_json)

    names = chosen_games(game, all_games, data_dir)
    if all_games:  # --all: the games that have a simulator; the rest named once
        from pnp.core.games import game_ids
        from pnp.simulate import simulated

        playable = simulated()
        for name in names:
            if name not in playable:
                kind = "" if name in game_ids() else " (a data-only game: no model of its rules)"
                echo(f"Note: {name} has no simulator{kind}; --all skips it", err=True)
        names = [n for n in names if n in playable]
        if not names:
            raise Failure(
                [
                    f"no game to simulate: none has a simulator (simulated games: {', '.join(playable)})"
                ]
            )
    if scheduler is not None and not scheduler.strip():
        raise click.BadParameter(
            "the scheduler address is empty; name one like tcp://host:8786",
            param_hint="'--scheduler'",
        )
    if scheduler is not None and workers is not None:
        raise click.UsageError(
            "--workers counts local processes; with --scheduler the cluster's workers play"
        )
    summaries = []

    def options(name: str) -> SimulateOptions:
        return SimulateOptions(
            name,
            data_dir,
            out_dir,
            games,
            seed,
            players,
            tuple(strategies),
            cap,
            workers,
            not no_pdf,
            deck_format,
            iterations,
            rotate,
            skill,
            compare,
            scheduler,
        )

    prepared = {}
    if len(names) > 1:  # every game's request checked before the first game runs
        for_each_game(names, lambda name: prepared.update({name: prepare(options(name))}))

    def one(name: str) -> None:
        report = simulate_game(options(name), progress_bar, prepared.get(name))
        click.get_current_context().meta[WRITTEN] = True
        if as_json:
            summaries.append(report.summary)
            if report.path:  # stdout is the JSON's alone
                echo(
                    f"{report.summary['game']}: {one_line(str(report.path))}", err=True, exact=True
                )
            return
        _print_simulation(report)

    for_each_game(names, one)
    if as_json:
        echo_json(summaries[0] if len(summaries) == 1 else summaries)


def _print_simulation(report) -> None:
    """The simulation summary on stdout: the run, its figures, the PDF and the time."""
    s = report.summary
    played = s["games"] * len(s["by_players"]) * (3 if "skill" in s else 2 if "compare" in s else 1)
    setup = f"; {deck_words(s['deck_format'])}" if s["deck_format"] else ""
    if s["searches"]:
        setup += f"; search: {plural(s['search_iterations'], 'iteration')} a decision"
    echo(
        f"{s['game']}: {plural(s['games'], 'game')} at each of "
        f"{', '.join(str(c['players']) for c in s['by_players'])} players; seed "
        f"{s['seed']}; strategies by seat: {', '.join(s['strategies'])}"
        f"{' (rotated game by game)' if s['rotate'] else ''}{setup}"
    )
    for line in report.lines:
        echo(line, exact=True)
    echo(
        f"  readings where the rules are silent: {len(s['readings'])} (listed on page 1 "
        "of balance.pdf and in --json)"
    )
    if report.path:
        echo(f"  {one_line(str(report.path))}  (charts)", exact=True)
    where = (
        "on the Dask cluster"
        if report.workers is None
        else f"on {plural(report.workers, 'process', 'processes')}"
    )
    echo(
        f"  played {plural(played, 'game')} in {report.seconds:.2f} s {where} "
        f"({played / max(report.seconds, 1e-9):,.0f} games/s)"
    )
