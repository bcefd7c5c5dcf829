"""The games bench/bench_status.py times are legal: every event of each is one the rules
accept (built through the library's own record and undo at a small size, and by the
bench's fast path at every size), and the write it times is accepted, then undone."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from scorekeeper import session
from scorekeeper.cli import main
from scorekeeper.store import Store


def _log(path: Path) -> list[tuple]:
    with sqlite3.connect(path) as conn:
        return conn.execute("SELECT kind, event FROM log ORDER BY id").fetchall()


@pytest.mark.parametrize("game", ["hack-attack", "hack-back", "not-a-hack"])
@pytest.mark.parametrize("rows", [10, 60])
def test_small_games_recorded_through_the_library_replay(bench, tmp_path, game, rows):
    """At small sizes the log written by session.record/session.undo is the one the
    bench's fast path writes, and every event of it replays without error."""
    slow = bench.build_game(tmp_path / "slow.sqlite3", game, rows, fast=False)
    fast = bench.build_game(tmp_path / "fast.sqlite3", game, rows, fast=True)
    assert slow == fast and slow["rows"] == rows
    assert _log(tmp_path / "slow.sqlite3") == _log(tmp_path / "fast.sqlite3")
    store = Store(tmp_path / "slow.sqlite3", create=False)
    table = session.load(store, None)
    store.close()
    assert len(table.log) == rows and len(table.steps) == slow["events"]


@pytest.mark.parametrize("game", ["hack-attack", "hack-back", "not-a-hack"])
@pytest.mark.parametrize("rows", [10, 500])
def test_the_timed_write_is_accepted_and_undone(bench, tmp_path, game, rows):
    """The bench's verb is accepted (at 500 rows it ends the game), and undo takes it
    back to the status before it."""
    db = tmp_path / "g.sqlite3"
    info = bench.build_game(db, game, rows)
    assert info["ends"] == (rows == 500)
    runner = CliRunner()
    before = runner.invoke(main, ["--db", str(db), "status", "--json"])
    assert before.exit_code == 0, before.output
    verb = runner.invoke(main, ["--db", str(db), *info["verb"]])
    assert verb.exit_code == 0, verb.output
    if info["ends"]:
        over = runner.invoke(main, ["--db", str(db), "status", "--json"])
        assert '"over": true' in over.output
    undo = runner.invoke(main, ["--db", str(db), "undo"])
    assert undo.exit_code == 0, undo.output
    after = runner.invoke(main, ["--db", str(db), "status", "--json"])
    assert after.output == before.output
