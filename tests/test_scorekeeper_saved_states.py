"""Saved states (scorekeeper.snapshot) and kept card views (scorekeeper.cards.card_view):
what lets a command start without replaying the log or parsing the TOML files (issue 10,
item 6). Each is a cache, so each test checks that what it gives is exactly what the
slow path gives, and that anything doubtful falls back to the slow path."""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from scorekeeper import cards as shared_cards
from scorekeeper import session, snapshot
from scorekeeper.cli import main
from scorekeeper.games import load_game, rules_packages
from scorekeeper.store import SNAPSHOTS_KEPT, Store


def run(db, *args):
    return CliRunner().invoke(main, ["--db", str(db), *args], env={})


def _sql(db, *statements):
    conn = sqlite3.connect(db)
    for statement in statements:
        conn.execute(statement)
    conn.commit()
    conn.close()


def _snapshots(db) -> list[tuple]:
    conn = sqlite3.connect(db)
    rows = conn.execute("SELECT game_id, action, rows FROM snapshots ORDER BY action").fetchall()
    conn.close()
    return rows


@pytest.mark.parametrize("game", list(rules_packages()))
def test_every_state_of_a_long_game_reads_back_exactly(bench, tmp_path, game):
    """Each state a replay passes through, written and read back, is equal to it."""
    db = tmp_path / "g.sqlite3"
    bench.build_game(db, game, 300)
    store = Store(db, create=False)
    table = session.load(store, None)
    rules = load_game(game).rules
    state = table.game.start(table.row.players, table.row.variants)
    for step in table.steps:
        state = rules.apply(state, step.row.event)
        assert snapshot.loads(snapshot.dumps(state), rules.state_types) == state
    assert session.current(store, None).state == table.state == state
    store.close()


def test_a_snapshot_names_only_the_classes_its_game_declares():
    with pytest.raises(snapshot.Unreadable):
        snapshot.loads('{"n": "Popen", "v": ["rm"]}', ())
    with pytest.raises(snapshot.Unreadable):
        snapshot.loads('{"n": "State", "v": [1]}', load_game("hack-attack").rules.state_types)
    with pytest.raises(TypeError):
        snapshot.dumps({1, 2})


def _game(db):
    assert run(db, "new", "hack-attack", "Ana", "Ben").exit_code == 0
    for args in (
        ("protect", "ana", "3"),
        ("end-turn",),
        ("user-error", "ben"),
        ("protect", "ben", "2"),
    ):
        assert run(db, *args).exit_code == 0
    return json.loads(run(db, "status", "--json").output)


def test_each_write_saves_the_state_it_leaves_and_a_read_writes_nothing(tmp_path):
    db = tmp_path / "db"
    status = _game(db)
    assert [r[1:] for r in _snapshots(db)] == [(1, 1), (2, 2), (3, 3), (4, 4)]
    before = db.read_bytes()
    assert json.loads(run(db, "status", "--json").output) == status
    assert db.read_bytes() == before


def test_undo_and_redo_start_from_saved_states(tmp_path, monkeypatch):
    db = tmp_path / "db"
    _game(db)
    replayed = []
    real_load = session.load
    monkeypatch.setattr(session, "load", lambda *a: replayed.append(a) or real_load(*a))
    assert run(db, "undo").output.startswith("Undone: Ben Protected a 2-point Tech card.")
    assert run(db, "redo").exit_code == 0
    assert run(db, "status").exit_code == 0
    assert replayed == []  # none of them replayed the log


def test_a_hand_edited_log_row_empties_the_saved_states_and_is_named(tmp_path):
    db = tmp_path / "db"
    _game(db)
    _sql(
        db,
        'UPDATE log SET event = \'{"type": "protect", "player": "Zed", "points": 3}\' WHERE id = 1',
    )
    assert _snapshots(db) == []
    result = run(db, "status")
    assert result.exit_code == 1
    assert (
        "game 1, event 1 is damaged (the rules refuse it: no player called 'Zed')" in result.output
    )


def test_a_row_put_in_before_the_saved_state_is_noticed(tmp_path):
    db = tmp_path / "db"
    _game(db)
    _sql(
        db,
        "INSERT INTO log (id, game_id, kind, event, created) VALUES (0, 1, 'action', "
        "'{\"type\": \"teleport\"}', '2026-11-30T17:05:09+00:00')",
    )
    result = run(db, "status")
    assert result.exit_code == 1
    assert "game 1, event 1 is damaged (unknown event type 'teleport')" in result.output


def test_an_undo_put_in_before_the_action_on_top_is_named(tmp_path):
    """`status` reads only the last row of a log that ends with an action
    (saved_states._saved_state): a row put in before it still changes the number of
    rows its saved state was saved with, so the log is folded and the row named."""
    db = tmp_path / "db"
    _game(db)
    _sql(
        db,
        "INSERT INTO log (id, game_id, kind, event, created) VALUES "
        "(0, 1, 'undo', NULL, '2026-11-30T17:05:09+00:00')",
    )
    result = run(db, "status")
    assert result.exit_code == 1
    assert "game 1, event 1 is damaged (an undo with no action before it to take back)" in (
        result.output
    )


def test_a_saved_state_that_does_not_read_back_is_ignored(tmp_path):
    db = tmp_path / "db"
    status = _game(db)
    _sql(db, 'UPDATE snapshots SET state = \'{"n": "Nope", "v": []}\'')
    assert json.loads(run(db, "status", "--json").output) == status


def test_only_the_newest_saved_states_are_kept(tmp_path):
    db = tmp_path / "db"
    assert run(db, "new", "hack-attack", "Ana", "Ben").exit_code == 0
    for _ in range(SNAPSHOTS_KEPT + 6):
        assert run(db, "end-turn").exit_code == 0
    kept = _snapshots(db)
    assert len(kept) == SNAPSHOTS_KEPT and kept[-1][1] == SNAPSHOTS_KEPT + 6
    for _ in range(SNAPSHOTS_KEPT + 6):  # undo past them: the replay takes over
        assert run(db, "undo").exit_code == 0
    assert json.loads(run(db, "status", "--json").output)["turn"] == 1


# --- Kept card views -----------------------------------------------------------------------


@pytest.fixture
def cold():
    """Card look-ups that start cold (nothing kept in this process)."""
    from scorekeeper.games.hack_attack import cards as ha_cards
    from scorekeeper.games.hack_back import cards as hb_cards
    from scorekeeper.games.not_a_hack import cards as nah_cards

    view, data = shared_cards.card_view, shared_cards.card_data

    def clear():
        for cached in (view, data, hb_cards.cards, ha_cards.deck, nah_cards._cards):
            cached.cache_clear()

    clear()
    yield clear
    clear()


def _views(db) -> list[str]:
    conn = sqlite3.connect(db)
    games = [g for (g,) in conn.execute("SELECT game FROM card_views ORDER BY game")]
    conn.close()
    return games


def _hack_back(db):
    assert run(db, "new", "hack-back", "Ana", "Ben").exit_code == 0
    assert run(db, "hero", "ana", "server-room-cat").exit_code == 0
    assert run(db, "hero", "ben", "security-intern").exit_code == 0


def test_a_verb_keeps_the_card_view_and_the_next_one_uses_it(tmp_path, cold, monkeypatch):
    db = tmp_path / "db"
    _hack_back(db)
    assert _views(db) == ["hack-back"]
    cold()
    monkeypatch.setattr(shared_cards, "card_data", lambda *a: pytest.fail("TOML read again"))
    played = run(db, "play", "ana", "patch-tuesday")
    assert played.exit_code == 0, played.output
    assert "Ana played Patch Tuesday: every Hero loses 4 VC (Attack \u22124)." in played.output


def test_a_refused_verb_keeps_nothing(tmp_path, cold):
    db = tmp_path / "db"
    assert run(db, "new", "hack-back", "Ana", "Ben").exit_code == 0
    before = db.read_bytes()
    assert run(db, "hero", "ana", "no-such-card").exit_code == 1
    assert db.read_bytes() == before and _views(db) == []


def test_a_changed_data_file_makes_the_view_again(tmp_path, cold, monkeypatch):
    from pnp.core.paths import SHIPPED_DATA_DIR

    db = tmp_path / "db"
    _hack_back(db)
    cold()
    assert (
        _reads_after_touching(db, SHIPPED_DATA_DIR / "hack-back" / "cards.toml", monkeypatch) == 1
    )


def _reads_after_touching(db, path: Path, monkeypatch) -> int:
    """How many times the card data is read by a Hack Back verb run while `path` has a
    newer modification time (set back afterwards)."""
    made = []
    real = shared_cards.card_data
    monkeypatch.setattr(shared_cards, "card_data", lambda *a: made.append(a) or real(*a))
    info = path.stat()
    try:
        os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns + 1_000_000_000))
        assert run(db, "play", "ana", "patch-tuesday").exit_code == 0
    finally:
        os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns))
    return len(made)


def test_a_damaged_kept_view_only_means_it_is_made_again(tmp_path, cold):
    db = tmp_path / "db"
    _hack_back(db)
    cold()
    _sql(db, "UPDATE card_views SET view = '{not json'")
    assert run(db, "play", "ana", "patch-tuesday").exit_code == 0


# --- Caches changed, damaged or dropped by hand (found trying to break it) ----------------


@pytest.mark.parametrize(
    "stored",
    [
        "42",
        "'42'",
        "'\"abc\"'",
        "'null'",
        "'true'",
        "'1.5'",
        "'{\"t\":[1,2]}'",
        "'00000000:{\"t\":[1,2]}'",
        "replace(state, '1]', '9]')",
        "X'00'",
    ],
)
def test_a_saved_state_changed_by_hand_is_never_trusted(tmp_path, stored):
    db = tmp_path / "db"
    status = _game(db)
    _sql(db, f"UPDATE snapshots SET state = {stored}")
    for command in (("status", "--json"), ("result", "--json")):
        result = run(db, *command)
        assert result.exit_code == 0, result.output
    assert json.loads(run(db, "status", "--json").output) == status
    assert run(db, "user-error", "ana").exit_code == 0
    players = json.loads(run(db, "status", "--json").output)["players"]
    assert [p["user_errors"] for p in players] == [1, 1]


def test_a_log_row_changed_with_the_triggers_dropped_is_still_noticed(tmp_path):
    db = tmp_path / "db"
    _game(db)
    _sql(
        db,
        "DROP TRIGGER log_edited",
        "UPDATE log SET event = replace(event, '\"count\": 1', '\"count\": 3') WHERE id = 3",
    )
    assert len(_snapshots(db)) == 4  # the trigger is gone: they stay
    status = json.loads(run(db, "status", "--json").output)
    assert status["players"][1]["user_errors"] == 3  # as the log says, not the cache
    assert "kept 3 User Error cards" in run(db, "history").output


def test_dropped_cache_tables_only_mean_nothing_is_kept(tmp_path, cold):
    db = tmp_path / "db"
    status = _game(db)
    _sql(db, "DROP TABLE snapshots", "DROP TABLE card_views")
    assert json.loads(run(db, "status", "--json").output) == status
    assert run(db, "end-turn").exit_code == 0
    assert run(db, "protect", "ana", "laptop").exit_code == 0
    assert run(db, "undo").exit_code == 0
    assert run(db, "undo").exit_code == 0
    assert json.loads(run(db, "status", "--json").output) == status


def test_a_kept_card_view_changed_by_hand_is_not_trusted(tmp_path, cold):
    db = tmp_path / "db"
    _game(db)
    assert run(db, "end-turn").exit_code == 0
    assert run(db, "protect", "ana", "laptop").exit_code == 0  # keeps the card view
    _sql(db, "UPDATE card_views SET view = replace(view, '\"Laptop\", 3', '\"Laptop\", 1')")
    conn = sqlite3.connect(db)
    assert '"Laptop", 1' in conn.execute("SELECT view FROM card_views").fetchone()[0]
    conn.close()
    cold()
    assert run(db, "end-turn").exit_code == 0
    assert "Ben Protected Laptop (3 points)." in run(db, "protect", "ben", "laptop").output


def test_two_commands_making_the_same_new_file_at_once_both_work(tmp_path):
    import subprocess
    import sys

    db = tmp_path / "fresh.sqlite3"
    code = (
        "import sys\nfrom scorekeeper.cli import main\n"
        "main(['--db', sys.argv[1], 'new', 'hack-attack', 'A', 'B'])\n"
    )
    for _ in range(3):
        db.unlink(missing_ok=True)
        both = [
            subprocess.Popen(
                [sys.executable, "-c", code, str(db)],
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
            )
            for _ in range(2)
        ]
        outputs = [p.communicate(timeout=60)[0] for p in both]
        assert [p.returncode for p in both] == [0, 0], outputs
        assert len(json.loads(run(db, "games", "--json").output)) == 2


def test_a_changed_module_of_the_loaders_package_makes_the_view_again(tmp_path, cold, monkeypatch):
    """The kept view is keyed on the code that decides the cards: here the module of
    Hack Back's card models and tables (pnp/games/hack_back/cards.py), which neither
    the loader's own file nor pnp/data holds."""
    import pnp.games.hack_back.cards as models

    db = tmp_path / "db"
    _hack_back(db)
    (key,) = [k for (k,) in sqlite3.connect(db).execute("SELECT key FROM card_views")]
    assert models.__file__ in [path for path, _size, _time in json.loads(key)[3]]
    cold()
    assert _reads_after_touching(db, Path(models.__file__), monkeypatch) == 1
