"""The event log: replay equals the live state, undo/redo are exact, refused commands
write nothing, foreign files are refused untouched, and a killed command loses nothing."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import session, start
from scorekeeper.errors import InputError, RuleError, StoreError
from scorekeeper.games.hack_attack import rules as ha
from scorekeeper.store import Store

NAMES = ["Ana", "Ben", "Cleo"]

events = st.lists(
    st.one_of(
        st.builds(
            lambda p, n: {"type": "protect", "player": p, "points": n},
            st.sampled_from(NAMES),
            st.integers(1, 5),
        ),
        st.builds(
            lambda p, n: {"type": "user_error", "player": p, "count": n},
            st.sampled_from(NAMES),
            st.integers(1, 2),
        ),
        st.just({"type": "end_turn"}),
        st.just("undo"),
        st.just("redo"),
    ),
    max_size=40,
)


def run_commands(store, game_id, commands):
    """Apply commands one by one, tracking the live state in memory; returns it."""
    live_stack, redo_stack = [ha.initial(NAMES)], []
    for command in commands:
        log_before = store.log(game_id)
        try:
            if command == "undo":
                session.undo(store, game_id)
                redo_stack.append(live_stack.pop())
            elif command == "redo":
                session.redo(store, game_id)
                live_stack.append(redo_stack.pop())
            else:
                session.record(store, game_id, command)
                live_stack.append(ha.apply(live_stack[-1], command))
                redo_stack.clear()
        except (RuleError, InputError):
            assert store.log(game_id) == log_before  # refused: nothing written
    return live_stack[-1]


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(events)
def test_replaying_the_log_gives_the_live_state(tmp_path, commands):
    store = Store(tmp_path / f"db-{os.getpid()}-{time.monotonic_ns()}.sqlite3")
    game_id = start.new_game(store, "hack-attack", NAMES).row.id
    live = run_commands(store, game_id, commands)
    assert session.load(store, game_id).state == live
    assert session.current(store, game_id).state == live  # from the saved state
    store.close()


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(events)
def test_undo_then_redo_restores_exactly(tmp_path, commands):
    store = Store(tmp_path / f"db-{os.getpid()}-{time.monotonic_ns()}.sqlite3")
    game_id = start.new_game(store, "hack-attack", NAMES).row.id
    run_commands(store, game_id, [c for c in commands if c not in ("undo", "redo")])
    before = session.load(store, game_id)
    if not before.steps:
        return
    session.undo(store, game_id)
    session.redo(store, game_id)
    after = session.load(store, game_id)
    assert after.state == before.state
    assert [s.row.event for s in after.steps] == [s.row.event for s in before.steps]
    store.close()


def test_undo_reaches_back_across_turns(tmp_path):
    store = Store(tmp_path / "db.sqlite3")
    gid = start.new_game(store, "hack-attack", NAMES).row.id
    for e in (
        {"type": "protect", "player": "Ana", "points": 3},
        {"type": "end_turn"},
        {"type": "end_turn"},
    ):
        session.record(store, gid, e)
    for _ in range(3):
        session.undo(store, gid)
    assert session.load(store, gid).state == ha.initial(NAMES)
    with pytest.raises(InputError, match="nothing to undo"):
        session.undo(store, gid)
    session.redo(store, gid)
    assert session.load(store, gid).state.players[0].points == 3


def test_a_file_that_is_not_sqlite_is_refused_and_left_untouched(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_bytes(b"my shopping list\n" * 100)
    with pytest.raises(StoreError, match="is not a score keeper database"):
        Store(path)
    assert path.read_bytes() == b"my shopping list\n" * 100


def test_another_programs_sqlite_file_is_refused_and_left_untouched(tmp_path):
    path = tmp_path / "other.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE photos (id INTEGER)")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    with pytest.raises(StoreError, match="belongs to another program"):
        Store(path)
    assert path.read_bytes() == before


def test_a_newer_schema_is_refused(tmp_path):
    path = tmp_path / "db.sqlite3"
    Store(path).close()
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 99")
    conn.close()
    with pytest.raises(StoreError, match="written by a newer scorekeeper"):
        Store(path)


KILL_CHILD = r"""
import sys, time, pathlib
import scorekeeper.store as store
real = store.Store.append
def slow_append(self, *args, **kwargs):
    row = real(self, *args, **kwargs)          # the row is written, not yet committed
    pathlib.Path(sys.argv[2]).write_text("inside")
    time.sleep(60)
    return row
store.Store.append = slow_append
from scorekeeper.cli import main
main(["--db", sys.argv[1], "protect", "Ana", "3"])
"""


def test_killing_a_command_midway_leaves_the_database_intact(tmp_path):
    db, marker = tmp_path / "db.sqlite3", tmp_path / "marker"
    store = Store(db)
    gid = start.new_game(store, "hack-attack", NAMES).row.id
    session.record(store, gid, {"type": "user_error", "player": "Ben", "count": 1})
    store.close()
    child = subprocess.Popen([sys.executable, "-c", KILL_CHILD, str(db), str(marker)])
    deadline = time.monotonic() + 30
    while not marker.exists() and time.monotonic() < deadline:
        time.sleep(0.02)
    assert marker.exists(), "the child never reached the middle of its command"
    child.send_signal(signal.SIGKILL)
    child.wait()
    store = Store(db)
    assert store.conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    table = session.load(store, gid)
    assert [s.row.event["type"] for s in table.steps] == ["user_error"]  # half a command: none
    session.record(store, gid, {"type": "protect", "player": "Ana", "points": 3})
    assert session.load(store, gid).state.players[0].points == 3


@pytest.mark.parametrize(
    "text, kept",
    [
        ("2026-11-30T17:05:09+00:00", True),
        ("2026-11-30T17:05:09Z", True),
        ("2026-11-30T17:05:09.123456-05:30", True),
        ("2026-11-30T17:05:09.1234567Z", False),  # at most six digits of a second
        ("2026-1-30T17:05:09Z", False),
        ("\uff12\uff10\uff12\uff16-11-30T17:05:09Z", False),  # full-width digits: no
        ("2026-11-30T17:05:09\u0660\u0660:00Z", False),
        ("2026-13-30T17:05:09Z", False),  # the right shape, no such month
        ("2026-11-30 17:05:09Z", False),
        ("2026-11-30T17:05:09", False),  # no UTC offset
        (20261130, False),
    ],
)
def test_a_stored_time_is_the_stores_own_shape_of_ascii_digits(text, kept):
    from scorekeeper.stamps import is_time, time_problem

    assert is_time(text) is kept
    assert (time_problem(text) is None) is kept
