"""Benchmark: the default Hack Attack kit build against the bare reportlab floor at the
same card count, with the caches warm and cold (issue 41 item 4).

    python bench/bench_kit_floor.py [--pairs 9] [--game hack-attack]

B, the product: a fresh interpreter running `build(BuildOptions(game, out_dir=...))`
with this checkout's code (cards.pdf, rules.pdf and booklet.pdf, every picture), as
bench/bench_kits.py's child does. A, the floor: ../shared/bench/bare_reportlab_vector.py
drawing as many cards as the kit prints (155 for Hack Attack), DejaVu Sans embedded.
Both are timed from outside as whole processes, interpreter start included, run
alternately A B A B ... (bench/common.py), so load on a shared machine hits both alike.

The SVG cache (pnp.data.svg_cache) lives in a temporary folder named by
HACKPACK_CACHE_DIR, never the user's: "warm" fills it with one untimed build first;
"cold" empties it before every build (untimed), so each build checks and converts every
picture. Printed: per case, the pairs' B/A wall-time ratios, median and range, and each
side's median seconds. Goals (issue 41): warm <= 2.0, cold <= 3.0.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import REPO, SHARED, compile_packages, ratios, run_once, spread  # noqa: E402

FLOOR = SHARED / "bench" / "bare_reportlab_vector.py"
CHILD = """
import sys
from pathlib import Path
from pnp.build import BuildOptions, build
report = build(BuildOptions(sys.argv[1], out_dir=Path(sys.argv[2])))
print(sum(report.counts.values()))
"""
#: what each case empties before every build: nothing; the SVG cache the issue names
#: (pictures converted again, the kit's other kept work still there); the whole folder (a
#: first build on this machine: the TOML, the face checks and the rule files too)
CASES = {"warm": None, "cold svg": "svg", "cold all": ""}
GOALS = {"warm": 2.0, "cold svg": 3.0, "cold all": 3.0}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=9, help="A B pairs per case (default 9)")
    parser.add_argument("--game", default="hack-attack")
    args = parser.parse_args()
    if args.pairs < 1:
        parser.error("--pairs must be at least 1")
    compile_packages()
    with tempfile.TemporaryDirectory(prefix="bench-kit-floor-") as tmp:
        cache = Path(tmp) / "cache"
        os.environ["HACKPACK_CACHE_DIR"] = str(cache)  # inherited by every child
        os.environ["PYTHONPATH"] = str(REPO)
        product = [sys.executable, "-c", CHILD, args.game, str(Path(tmp) / "kit")]
        cards = int(run_once(product).stdout.split()[-1])  # untimed: also fills the cache
        floor = [sys.executable, str(FLOOR), str(Path(tmp) / "floor.pdf"), str(cards)]
        print(f"{args.game}: {cards} cards; B = the kit build, A = {FLOOR.name} {cards}")
        print(f"{'cache':<9}{'A s':>8}{'B s':>8}{'B/A median [range]':>26}{'goal':>8}")
        for case, emptied in CASES.items():
            pairs = []
            for _ in range(args.pairs):
                if emptied is not None:
                    shutil.rmtree(cache / emptied, ignore_errors=True)
                pairs.append((run_once(floor), run_once(product)))
            walls = ratios(pairs)
            verdict = "met" if statistics.median(walls) <= GOALS[case] else "NOT met"
            print(
                f"{case:<9}{statistics.median(a.wall for a, _ in pairs):>8.3f}"
                f"{statistics.median(b.wall for _, b in pairs):>8.3f}"
                f"{spread(walls):>26}{f'<= {GOALS[case]}':>8} {verdict}"
            )


if __name__ == "__main__":
    main()
