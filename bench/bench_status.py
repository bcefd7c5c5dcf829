"""Benchmark: cold-process wall time of `scorekeeper status` against `import click`.

    python bench/bench_status.py [--repeats 15]

Builds games of 10 and 1,000 events in a temporary database, then times fresh
interpreters running `scorekeeper status` on each and `python -c "import click"`,
interleaved round by round, reporting medians and the ratio (goal: under 1.5x).
Also checks that the status command never imports reportlab.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import compile_packages, timed_runs  # noqa: E402

STATUS = ("import sys\nfrom scorekeeper.cli import main\n"
          "try:\n    main(['--db', sys.argv[1], 'status'])\nexcept SystemExit:\n    pass\n"
          "assert 'reportlab' not in sys.modules, 'status imported reportlab'\n")


def make_db(path: Path, n_events: int) -> None:
    """A two-player game with `n_events` events (Protects, User Errors, turn ends)."""
    from scorekeeper import session
    from scorekeeper.store import Store
    store = Store(path)
    gid = session.new_game(store, "hack-attack", ["Ana", "Ben"]).game.id
    with store.transaction():
        for i in range(n_events):
            if i % 3 == 2:
                event = {"type": "end_turn"}
            elif i < 9 and i % 3 == 0:
                event = {"type": "protect", "player": ["Ana", "Ben"][(i // 3) % 2], "points": 3}
            else:
                event = {"type": "user_error", "player": "Ana", "count": 1}
            store.append(gid, "action", event)
    assert len(session.load(store, gid).steps) == n_events
    store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=15)
    args = parser.parse_args()
    compile_packages()
    with tempfile.TemporaryDirectory() as tmp:
        runs = {'python -c "import click"': [sys.executable, "-c", "import click"]}
        for n in (10, 1000):
            db = Path(tmp) / f"g{n}.sqlite3"
            make_db(db, n)
            runs[f"scorekeeper status, {n} events"] = [sys.executable, "-c", STATUS, str(db)]
        # Interleave the commands, one run each per round, so drift in the machine's load
        # falls on all of them alike.
        walls: dict[str, list[float]] = {label: [] for label in runs}
        for _ in range(args.repeats):
            for label, command in runs.items():
                walls[label].append(timed_runs(command, 1)[0])
    medians = {label: statistics.median(w) for label, w in walls.items()}
    base = medians['python -c "import click"']
    print(f"{'run':<36}{'median s':>10}{'ratio':>8}")
    for label, wall in medians.items():
        print(f"{label:<36}{wall:>10.3f}{wall / base:>8.2f}")

if __name__ == "__main__":
    main()
