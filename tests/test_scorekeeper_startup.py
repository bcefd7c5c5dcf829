"""A command imports what it needs and no more (issue 41, item 4): the shared commands
are found by name (scorekeeper.commands.SHARED) and imported one at a time, so
`status` and the other commands that read a table never import `check`, `stats`,
`serve`, `new`, the help pages, the points sheet, another game's rules or the print
side. Checked on `sys.modules` in a fresh interpreter, never by timing."""

from __future__ import annotations

import subprocess
import sys

import pytest
from click.testing import CliRunner

from scorekeeper.cli import EVERY_GAME, command_sections, main
from scorekeeper.commands import SHARED, shared_command

#: What no command that reads a table, nor a game's verb, imports.
NEVER = (
    "scorekeeper.check_command",
    "scorekeeper.stats_command",
    "scorekeeper.stats",
    "scorekeeper.setup_commands",
    "scorekeeper.start",
    "scorekeeper.moves_view",
    "scorekeeper.help_page",
    "scorekeeper.sheets",
    "scorekeeper.board",  # the page's cells of a table (a game's board hook is handed one)
    "scorekeeper.web",
    "scorekeeper.web.command",
    "reportlab",
    "string",
)
GAMES = ("hack_attack", "hack_back", "not_a_hack")


def _loaded_after(db, *commands: list[str]) -> set[str]:
    """The modules a fresh interpreter holds after running each of `commands` (the
    words after `scorekeeper --db DB`) in turn, each with exit status 0."""
    code = (
        "import sys\nfrom scorekeeper.cli import main\n"
        f"for args in {[list(c) for c in commands]!r}:\n"
        "    try:\n        main(['--db', sys.argv[1], *args])\n"
        "    except SystemExit as exc:\n        assert not exc.code, (args, exc.code)\n"
        "print(' '.join(sorted(sys.modules)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(db)], capture_output=True, text=True, check=True
    )
    return set(done.stdout.splitlines()[-1].split())


def _of_package(loaded: set[str], package: str) -> set[str]:
    return {m for m in loaded if m == package or m.startswith(package + ".")}


@pytest.fixture
def hack_back(tmp_path):
    """A database holding a game of Hack Back with both Heroes revealed, played in a
    fresh interpreter as at a table: the card view its verbs keep is in the file (this
    process keeps the views it has made in memory, and would not write them again)."""
    db = tmp_path / "t.sqlite3"
    _loaded_after(
        db,
        ["new", "hack-back", "Ana", "Ben"],
        ["hero", "Ana", "rubber-duck-debugger"],
        ["hero", "Ben", "script-kiddie"],
    )
    return db


@pytest.mark.parametrize("command", [["status"], ["status", "--json"], ["result"], ["games"]])
def test_a_read_command_imports_its_game_and_nothing_it_does_not_need(hack_back, command):
    loaded = _loaded_after(hack_back, command)
    assert "scorekeeper.table_commands" in loaded
    assert not [m for m in NEVER if _of_package(loaded, m)], sorted(loaded)
    if command[0] != "games":  # it reads the table's game: its rules and view, no other's
        assert "scorekeeper.games.hack_back.view" in loaded
    for other in ("hack_attack", "not_a_hack"):
        assert not _of_package(loaded, f"scorekeeper.games.{other}"), other
    assert "pnp.core.errors" not in loaded  # the roots only: pnp.core.exceptions
    # of the print side, only the core and the games' manifests (no kit, no card data)
    assert {m for m in _of_package(loaded, "pnp") if not m.startswith("pnp.core.")} == {
        "pnp",
        "pnp.core",
        "pnp.games",
        *(f"pnp.games.{game}" for game in GAMES),
    }


def test_status_reads_only_the_end_of_a_log_that_ends_with_an_action(hack_back, monkeypatch):
    """`status` after a verb starts from the saved state of the action on top without
    reading the log's other rows; after an undo it folds them, with the same table as a
    replay of the whole log."""
    from scorekeeper import session
    from scorekeeper.store import Store

    folded = []
    whole = Store.log_heads
    monkeypatch.setattr(
        Store, "log_heads", lambda s, game_id: folded.append(game_id) or whole(s, game_id)
    )
    store = Store(hack_back, create=False)
    after_verb = session.current(store, None)
    assert folded == []
    assert after_verb.state == session.load(store, None).state
    store.close()
    result = CliRunner().invoke(main, ["--db", str(hack_back), "undo"])
    assert result.exit_code == 0, result.output
    folded.clear()  # (the undo folded them too)
    store = Store(hack_back, create=False)
    after_undo = session.current(store, None)
    assert folded == [after_undo.row.id]
    assert after_undo.state == session.load(store, None).state != after_verb.state
    store.close()


def test_a_verb_and_undo_import_no_other_game_and_no_other_command(hack_back):
    loaded = _loaded_after(hack_back, ["play", "Ana", "server-room-cat"], ["undo"])
    assert not [m for m in NEVER if _of_package(loaded, m)], sorted(loaded)
    # the card it names is looked up in the view the Heroes' verbs kept in the file: no
    # card data is read, and of the print side's errors only the roots are imported
    assert "scorekeeper.cards" in loaded
    assert not _of_package(loaded, "pnp.data")
    assert "pnp.core.errors" not in loaded
    for other in ("hack_attack", "not_a_hack"):
        assert not _of_package(loaded, f"scorekeeper.games.{other}"), other


def test_every_shared_command_is_found_by_its_name_in_the_order_help_lists_them():
    commands = [shared_command(name) for name in SHARED]
    assert [c.name for c in commands] == list(SHARED)
    assert all(c.help for c in commands)
    assert shared_command("no-such-command") is None
    sections = dict(command_sections())
    assert [c.name for c in sections[EVERY_GAME]] == list(SHARED)
    listed = CliRunner().invoke(main, ["--help"])
    assert listed.exit_code == 0
    every = listed.output.split(f"{EVERY_GAME}:\n")[1].split("\n\n")[0]
    assert [line.split()[0] for line in every.splitlines()] == list(SHARED)


def test_a_command_ends_its_process_without_the_collectors_last_passes(hack_back):
    """`main` has the process freeze its objects when it exits (scorekeeper.collector.
    exit_without_collecting): a hook registered before `main` runs after that one and
    finds them frozen; the command's output is whole. In this process (a test calling
    `main`), nothing is frozen."""
    import gc

    before = gc.get_freeze_count()
    assert CliRunner().invoke(main, ["--db", str(hack_back), "status"]).exit_code == 0
    assert gc.get_freeze_count() == before
    code = (
        "import atexit, gc, sys\n"
        "atexit.register(lambda: print('frozen', gc.get_freeze_count() > 0))\n"
        "from scorekeeper.cli import main\n"
        "for _ in range(2):\n"
        "    try:\n        main(['--db', sys.argv[1], 'status'])\n"
        "    except SystemExit as exc:\n        assert not exc.code\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(hack_back)], capture_output=True, text=True, check=True
    )
    lines = done.stdout.splitlines()
    assert lines[-1] == "frozen True"
    assert sum(line.startswith("Hack Back — game 1") for line in lines) == 2


def test_the_collector_waits_while_a_command_loads(hack_back):
    """scorekeeper.collector: from before click is imported to the end of a command,
    the collector's first threshold is LOADING (its other two Python's); a `status`
    does not reach it: no pass runs while it loads and runs. `collect_as_usual` (serve) puts back the thresholds the process
    had, but not over ones set since."""
    code = (
        "import gc, sys\n"
        "usual = gc.get_threshold()\n"
        "class Spy:\n"
        "    def find_spec(self, name, path, target=None):\n"
        "        if name == 'click':\n"
        "            print('click', gc.get_threshold())\n"
        "sys.meta_path.insert(0, Spy())\n"
        "from scorekeeper.cli import main\n"
        "from scorekeeper import collector\n"
        "passes = gc.get_count()[1:]\n"
        "try:\n    main(['--db', sys.argv[1], 'status'])\n"
        "except SystemExit as exc:\n    assert not exc.code\n"
        "print('after', gc.get_threshold(), gc.get_count()[1:] == passes)\n"
        "collector.collect_as_usual()\n"
        "print('usual', gc.get_threshold() == usual)\n"
        "gc.set_threshold(5000)\n"
        "collector.collect_as_usual()\n"
        "print('kept', gc.get_threshold()[0])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(hack_back)], capture_output=True, text=True, check=True
    )
    lines = [line for line in done.stdout.splitlines() if not line.startswith("Hack Back")]
    assert lines[0] == "click (20000, 10, 10)"
    assert lines[-3:] == ["after (20000, 10, 10) True", "usual True", "kept 5000"]
