"""Benchmark: `pnp preview` of one card, the whole process timed from outside.

    python bench/bench_preview.py [--runs 7] [--dpi 300] [--games hack-attack ...]

For each game (default: every registered game), fresh interpreters run `pnp preview`
for the game's first card, front and back, into a temporary folder: interpreter start,
imports, loading and checking the data, laying out and drawing that one face,
rasterising and writing the PNG. Bytecode is written first, as an installed package
has it. Reported per game and side: the median wall time over the runs, with the
range. Goal (issue 25, item 3): under one second for the shipped games.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import compile_packages, run_once, spread  # noqa: E402

GOAL_S = 1.0
CLI = "import sys; from pnp.cli import main; sys.exit(main())"


def first_card(game: str) -> str:
    """The id of the first card `game`'s kit prints (its shipped data)."""
    from pnp.build import game_folder
    from pnp.core.games import find_game
    from pnp.core.paths import SHIPPED_DATA_DIR

    kit = find_game(game)
    return kit.cards(kit.load(game_folder(kit, SHIPPED_DATA_DIR)))[0].id


def main() -> None:
    from pnp.core.games import game_ids

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="fresh processes per game and side")
    parser.add_argument("--dpi", type=int, default=300)
    parser.add_argument("--games", nargs="*", default=game_ids())
    args = parser.parse_args()
    compile_packages()
    print(f"pnp preview, whole process, median of {args.runs} runs [min–max], {args.dpi} dpi")
    slowest = 0.0
    with tempfile.TemporaryDirectory() as out:
        for game in args.games:
            card = first_card(game)
            for side in ("front", "back"):
                command = [sys.executable, "-c", CLI, "preview", "--game", game, "--card", card]
                command += ["--dpi", str(args.dpi), "--out", out]
                command += ["--back"] if side == "back" else []
                run_once(command)  # the first run of each: files into the page cache
                walls = [run_once(command).wall for _ in range(args.runs)]
                slowest = max(slowest, statistics.median(walls))
                print(f"  {game:12} {card:24} {side:5}  {spread(walls)} s")
    verdict = "met" if slowest < GOAL_S else "NOT met"
    print(f"slowest median {slowest:.2f} s: goal of under {GOAL_S:g} s {verdict}")


if __name__ == "__main__":
    main()
