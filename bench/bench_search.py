"""Benchmark: the search player's speed and strength at the default budget (issue 21).

Speed goal: with one search seat at the default budget against rule-of-thumb seats, a
200-game run finishes within 10 minutes on this 2-core machine: Hack Attack and Hack
Back at 2 players, Not a Hack at 3. Strength goal (issue 45): head to head against the
rule of thumb at 3 players, one search seat and two rule-of-thumb seats turned round the
table game by game (`--rotate`), the search wins more than the even share (a third) of
400 games of every game, its 95 % interval above it.

Run on demand (not part of the test suite), from the repository root:

    python bench/bench_search.py              # the speed runs, then the 400-game matches
    python bench/bench_search.py --speed      # the three 200-game runs only
    python bench/bench_search.py --games 100  # smaller matches (a quicker look)
    python bench/bench_search.py --game not-a-hack   # one game only
    python bench/bench_search.py --strength           # the 400-game matches only
    python bench/bench_search.py --strength --clairvoyant --game not-a-hack
    python bench/bench_search.py --strength --iterations 400 --game not-a-hack

`--clairvoyant` plays the matches with a search that reads every hidden card and the
order of every pile (each game's `determinize` does nothing): an upper bound on what a
better guess at the hidden cards could gain, so a game where even it gains nothing over
the rule of thumb leaves no room for skill beyond it.

Each run is `pnp simulate` in a fresh process on every core, timed from outside, with
--json: the rates printed are the command's own (sole wins per seat the strategy played,
with their 95 % intervals).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import compile_packages, run_once  # noqa: E402

GOAL_SECONDS = 600.0
SPEED = {"hack-attack": 2, "hack-back": 2, "not-a-hack": 3}
STRENGTH_PLAYERS = 3
RULE = {"hack-attack": "protector", "hack-back": "racer", "not-a-hack": "party"}
PNP = [sys.executable, "-c", "from pnp.cli import main; main()", "simulate"]
#: `PNP` with every game's look-ahead left undealt: the search reads the real cards
PEEK = [
    sys.executable,
    "-c",
    "from pnp.games.hack_attack.simulator.match import Match as A\n"
    "from pnp.games.hack_back.simulator.match import Match as B\n"
    "from pnp.games.not_a_hack.simulator.match import Match as C\n"
    "for m in (A, B, C): m.determinize = lambda self, k, rng: None\n"
    "from pnp.cli import main; main()",
    "simulate",
]


def command(
    game: str, players: int, games: int, rotate: bool, peek: bool = False, iterations: int = 0
) -> list[str]:
    """One search seat, the rule of thumb in the others; turned round the table when
    `rotate`; a clairvoyant search when `peek`; `iterations` a decision (0: the
    default budget)."""
    return (PEEK if peek else PNP) + [
        "--game",
        game,
        "--players",
        str(players),
        "--games",
        str(games),
        "--strategy",
        "search",
        *["--strategy", RULE[game]] * (players - 1),
        "--json",
        "--no-pdf",
        *(["--rotate"] if rotate else []),
        *(["--search-iterations", str(iterations)] if iterations else []),
    ]


def search_rate(stdout: str) -> tuple[dict, dict]:
    """(the search's row of "strategies", the count's summary) of a run's JSON."""
    count = json.loads(stdout)["by_players"][0]
    return next(s for s in count["strategies"] if s["strategy"] == "search"), count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--speed", action="store_true", help="the 200-game runs only")
    parser.add_argument("--games", type=int, default=400, help="games of each match")
    parser.add_argument(
        "--speed-games",
        type=int,
        default=200,
        help="games of each speed run (default 200, the goal's; fewer for a quick look)",
    )
    parser.add_argument("--strength", action="store_true", help="the matches only")
    parser.add_argument(
        "--iterations", type=int, default=0, help="the matches' search budget (default 48)"
    )
    parser.add_argument(
        "--clairvoyant", action="store_true", help="the search reads every hidden card"
    )
    parser.add_argument(
        "--game", action="append", choices=sorted(SPEED), help="only this game (repeatable)"
    )
    args = parser.parse_args()
    games = {g: n for g, n in SPEED.items() if not args.game or g in args.game}
    compile_packages()
    if not args.strength:
        speed(games, args.speed_games)
    if args.speed:
        return
    strength(games, args.games, args.clairvoyant, args.iterations)


def speed(games: dict[str, int], speed_games: int) -> None:
    """The speed runs: one search seat, `speed_games` games of each game."""
    print(
        f"one search seat at the default budget, every core; goal {GOAL_SECONDS:.0f} s "
        "for 200 games"
    )
    goal = GOAL_SECONDS * speed_games / 200
    for game, players in games.items():
        run = run_once(command(game, players, speed_games, rotate=False))
        row, _ = search_rate(run.stdout)
        verdict = "meets" if run.wall <= goal else "MISSES"
        print(
            f"  {game} at {players} players: {run.wall:6.1f} s for {speed_games} games "
            f"({verdict} the goal, prorated: {goal:.0f} s); search seat 1 won "
            f"{100 * row['rate']:.1f}%"
        )


def strength(games: dict[str, int], matches: int, peek: bool, iterations: int) -> None:
    """The head-to-head matches at STRENGTH_PLAYERS, `matches` games each."""
    print(
        f"head to head at {STRENGTH_PLAYERS} players, {matches} games, seats turned "
        "round the table" + (", the search clairvoyant:" if peek else ":")
    )
    for game in games:
        players = STRENGTH_PLAYERS
        run = run_once(command(game, players, matches, True, peek, iterations))
        row, count = search_rate(run.stdout)
        low, high = row["interval"]
        print(
            f"  {game} at {players} players: search {100 * row['rate']:.1f}% "
            f"[{100 * low:.1f}-{100 * high:.1f}] of {row['seats_played']} seats, even "
            f"share {100 * count['even_share']:.1f}% ({run.wall:.0f} s)"
        )


if __name__ == "__main__":
    main()
