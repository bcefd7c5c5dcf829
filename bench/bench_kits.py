"""Benchmark: wall time of building each game's kit, this checkout against another commit.

    python bench/bench_kits.py --against HEAD~3 [--pairs 7]

For each game, fresh interpreters build the kit (cards, rules and booklet, into a
temporary folder) from a worktree of the other commit (A) and from this checkout (B),
alternately A B A B ..., so load on this shared machine hits both alike. Reported per
game: the median time of each side and the B/A ratio taken pair by pair (median and
range). The other commit must have the game too.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import REPO, compile_packages, worktree  # noqa: E402

CHILD = """
from pathlib import Path
from pnp.build import BuildOptions, build
build(BuildOptions({game!r}, out_dir=Path({out!r})))
"""


def _time(root: Path, game: str, out: Path) -> float:
    """Wall seconds of one fresh interpreter building `game` with the code under `root`."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", CHILD.format(game=game, out=str(out))],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
    )
    wall = time.perf_counter() - start
    if done.returncode:
        raise SystemExit(f"{root}: {done.stderr}")
    return wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", required=True, help="the commit to compare with (A)")
    parser.add_argument("--pairs", type=int, default=7, help="A B runs per game")
    parser.add_argument("--games", nargs="*", default=["hack-attack", "hack-back", "not-a-hack"])
    args = parser.parse_args()
    compile_packages()
    with tempfile.TemporaryDirectory() as tmp, worktree(args.against, Path(tmp) / "other") as other:
        print(f"{'game':<14}{'A s':>8}{'B s':>8}{'B/A median':>12}{'range':>16}")
        for game in args.games:
            a, b = [], []
            for i in range(args.pairs):
                a.append(_time(other, game, Path(tmp) / f"a{i}"))
                b.append(_time(REPO, game, Path(tmp) / f"b{i}"))
            ratios = [y / x for x, y in zip(a, b)]
            print(
                f"{game:<14}{statistics.median(a):>8.3f}{statistics.median(b):>8.3f}"
                f"{statistics.median(ratios):>12.2f}"
                f"{min(ratios):>8.2f}–{max(ratios):.2f}"
            )


if __name__ == "__main__":
    main()
