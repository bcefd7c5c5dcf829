"""Benchmark: cold-process wall time of `scorekeeper stats` (text, --json, --csv FILE) on
a store of many finished games (issue 26, item 6).

    python bench/bench_stats.py [--games 200] [--repeats 5]

The store holds `--games` finished games, a third of each shipped game, each one a game
its simulator played to its end (pnp.simulate: `Result.events` are the score keeper's
events), recorded as `session.record` records them: every event checked by the rules on
the live state first, appended, and the state it leaves saved (scorekeeper.snapshot),
one transaction per game; each game is then read back by `session.load`, which refuses
any event the rules refuse. `stats` is timed in fresh interpreters, then again with the
saved states deleted (every game replayed from its log), to show what they save.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
import tempfile
from importlib import import_module
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import compile_packages, timed_runs  # noqa: E402 (after sys.path)

GAMES = ("hack-attack", "hack-back", "not-a-hack")
COMMAND = (
    "import sys\nfrom scorekeeper.cli import main\n"
    "try:\n    main(['--db', *sys.argv[1:]])\nexcept SystemExit as exc:\n"
    "    sys.exit(exc.code)\n"
)


def finished_results(game: str, count: int) -> list:
    """`count` games of `game` its simulator played to their end (not capped), seeds
    from 1, player counts cycling through its range."""
    from pnp.core.games import entry
    from pnp.core.paths import SHIPPED_DATA_DIR

    module = import_module(entry(game).simulator)
    data = module.load(SHIPPED_DATA_DIR / game)
    low, high = module.PLAYERS[0], min(module.PLAYERS[-1], 5)
    found, seed = [], 0
    while len(found) < count:
        seed += 1
        n = low + seed % (high - low + 1)
        result = module.simulate(data, n, seed, module.DEFAULT_STRATEGY, module.TURN_CAP)
        if not result.capped:
            found.append(result)
    return found


def record_games(path: Path, game: str, results: list) -> int:
    """Write each Result as a finished game of `game` (events checked by the rules,
    states saved, as session.record does); returns the log rows written."""
    from scorekeeper import session, snapshot, start
    from scorekeeper.store import Store

    store = Store(path)
    rows = 0
    for result in results:
        with store.transaction():
            table = start.new_game(store, game, list(result.players))
            state, rules = table.state, table.game.rules
            for event in result.events:
                event = json.loads(json.dumps(event))
                state = rules.apply(state, event)
                row = store.append(table.row.id, "action", event)
                store.save_snapshot(table.row.id, row.id, snapshot.dumps(state))
                rows += 1
        replayed = session.load(store, table.row.id)
        assert replayed.state == state and rules.outcome(state) is not None
    store.close()
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args(argv)
    compile_packages()
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "stats.sqlite3"
        rows = 0
        for i, game in enumerate(GAMES):
            share = args.games // len(GAMES) + (i < args.games % len(GAMES))
            rows += record_games(db, game, finished_results(game, share))
        print(f"{args.games} finished games, {rows:,} events, in {db.stat().st_size:,} bytes")
        command = [sys.executable, "-c", COMMAND, str(db), "stats"]
        csv_file = Path(folder) / "games.csv"
        click, _ = timed_runs([sys.executable, "-c", "import click"], args.repeats)
        print(f"  python -c 'import click'   {click * 1000:5.0f} ms (median of {args.repeats})")
        for label, extra in (
            ("stats", []),
            ("stats --json", ["--json"]),
            ("stats --csv FILE", ["--csv", str(csv_file)]),
        ):
            wall, outs = timed_runs(command + extra, args.repeats)
            print(f"  scorekeeper {label:<16} {wall * 1000:5.0f} ms")
        print(f"  ({outs[0].strip()})")
        with sqlite3.connect(db) as conn:
            conn.execute("DELETE FROM snapshots")
        wall, _ = timed_runs(command, args.repeats)
        print(f"  scorekeeper stats, no saved states (every log replayed): {wall * 1000:.0f} ms")


if __name__ == "__main__":
    main()
