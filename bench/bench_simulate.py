"""Benchmark: `pnp simulate` games per second at 4 players, on one process and on every
core (issue 13; goal: 10,000 Hack Attack games at 4 players in under 60 s on this
2-core machine).

Run on demand (not part of the test suite), from the repository root:

    python bench/bench_simulate.py              # 3 paired rounds, 10,000 HA games
    python bench/bench_simulate.py --quick      # 1 round, a fifth of the games
    python bench/bench_simulate.py --games 20000 --repeats 5

For each game, two commands run alternately, each a fresh process timed from outside
(interpreter start, card data loading and the JSON summary included; no PDF):
  A  `pnp simulate --game G --players 4 --games K --no-pdf --json --workers 1`
  B  the same with `--workers <cores>`
Both print the same JSON (the seed fixes every game), which is checked. Reported: games
per second of A and B (median [min-max]), and the speed-up A/B taken pair by pair. The
goal line reads the Hack Attack B walls against 60 s.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import compile_packages, paired_runs, ratios, spread  # noqa: E402

GOAL_GAMES, GOAL_SECONDS = 10_000, 60.0
#: games per benchmark at 4 players: Hack Attack at the goal's count, the others fewer
GAMES = {"hack-attack": GOAL_GAMES, "hack-back": 4_000, "not-a-hack": 4_000}


def command(game: str, games: int, workers: int | None) -> list[str]:
    args = [
        sys.executable,
        "-c",
        "from pnp.cli import main; main()",
        "simulate",
        "--game",
        game,
        "--players",
        "4",
        "--games",
        str(games),
        "--no-pdf",
        "--json",
    ]
    return args + (["--workers", str(workers)] if workers else [])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="1 round, a fifth of the games")
    parser.add_argument(
        "--games",
        type=int,
        default=None,
        help="games per benchmark (default: 10,000 HA, 4,000 others)",
    )
    args = parser.parse_args()
    repeats = 1 if args.quick else args.repeats
    compile_packages()
    print(f"pnp simulate at 4 players, {repeats} paired round(s), fresh processes")
    print(
        f"{'game':<12} {'games':>7} {'1 process games/s':>20} {'all cores games/s':>20} "
        f"{'speed-up':>16}"
    )
    goal = None
    for game, default in GAMES.items():
        games = args.games or (default // 5 if args.quick else default)
        pairs = paired_runs(command(game, games, 1), command(game, games, None), repeats)
        if any(a.stdout != b.stdout for a, b in pairs):
            raise SystemExit(f"{game}: one process and all cores printed different JSON")
        one = [games / a.wall for a, _ in pairs]
        every = [games / b.wall for _, b in pairs]
        speed = [1 / r for r in ratios(pairs)]
        print(
            f"{game:<12} {games:>7,} {spread(one, ',.0f'):>20} {spread(every, ',.0f'):>20} "
            f"{spread(speed):>16}"
        )
        if game == "hack-attack":
            goal = [b.wall * GOAL_GAMES / games for _, b in pairs]
    if goal:
        verdict = "met" if statistics.median(goal) < GOAL_SECONDS else "NOT met"
        print(
            f"goal: {GOAL_GAMES:,} Hack Attack games at 4 players in "
            f"{spread(goal)} s on all cores (goal < {GOAL_SECONDS:.0f} s): {verdict}"
        )


if __name__ == "__main__":
    main()
