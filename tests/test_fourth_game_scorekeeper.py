"""The fourth game, Coin Flip (tests/fourth_game/table.py), registered by the test alone:
the score keeper plays it through the shared engine with no line of the product
changed, and two games declaring one verb stop the CLI at start-up."""

from __future__ import annotations

import json
import pickle
import subprocess
import sys
import types

import click
import pytest
from click.testing import CliRunner

import pnp.core.games
from pnp.core.games import Declared
from scorekeeper.cli import collect_commands, main
from scorekeeper.commands import playing
from scorekeeper.errors import RegistryError
from scorekeeper.game import STATUS_KEYS
from scorekeeper.games import load_game
from tests.fourth_game import register
from tests.fourth_game import table as coin_flip


@pytest.fixture
def sk(tmp_path, monkeypatch):
    register(monkeypatch, "coin-flip", "tests.fourth_game.table")
    db = tmp_path / "score.sqlite3"

    def run(*args):
        return CliRunner().invoke(main, ["--db", str(db), *args], env={})

    run.db = db
    return run


def test_a_game_of_coin_flip_to_a_shared_win(sk):
    result = sk("new", "coin-flip", "Ana", "Ben")
    assert result.exit_code == 0, result.output
    assert result.output == (
        "Game 1: Coin Flip with Ana, Ben.\n"
        "Coin Flip — game 1, turn 1: Ana's turn\n"
        "▶ Ana      coins 0  total 0\n"
        "  Ben      coins 0  total 0\n"
        "Leading: Ana, Ben (shared win).\n"
    )
    for player, points in (("ana", "2"), ("ben", "3"), ("ana", "3")):
        assert sk("coin", player, points).exit_code == 0
    before = sk.db.read_bytes()
    for args, message in (
        (
            ("coin", "ana", "2"),
            "Error: it is Ben's turn, not Ana's — rule: "
            "players take turns in seating order, one coin a turn (rules, “Turns”); legal "
            "now: coin (Ben); stop (anyone)\n",
        ),
        (("coin", "ben", "4"), "Error: POINTS must be 1..3, got 4\n"),
        (("coin", "zed", "1"), "Error: no player called 'zed'; players: Ana, Ben\n"),
    ):
        refused = sk(*args)
        assert (refused.exit_code, refused.output) == (1, message)
    assert sk.db.read_bytes() == before
    assert sk("coin", "ben", "2").output == (
        "Ben took a 2-point coin.\n"
        "Coin Flip — game 1, turn 5: Ana's turn\n"
        "▶ Ana      coins 2  total 5\n"
        "  Ben      coins 2  total 5\n"
        "Leading: Ana, Ben (shared win).\n"
    )
    assert sk("stop").output.splitlines() == [
        "Play stopped.",
        "automatic: play stopped: the game is scored",
        "Shared win: Ana, Ben",
        "Coins taken:",
        "  Ana: 2 + 3 = 5",
        "  Ben: 3 + 2 = 5",
        "Tied on 5: Ana and Ben share the win.",
    ]
    refused = sk("coin", "ana", "1")
    assert refused.exit_code == 1 and "rule: once play stops the game is scored" in refused.output


def _play_to_the_end(sk):
    sk("new", "coin-flip", "Ana", "Ben")
    for player, points in (("ana", "2"), ("ben", "3"), ("ana", "3"), ("ben", "2")):
        sk("coin", player, points)
    sk("stop")


def test_result_status_history_and_undo_after_the_end(sk):
    _play_to_the_end(sk)
    explained = sk("result", "--explain")
    assert explained.output.splitlines() == [
        "Shared win: Ana, Ben",
        "Coins taken:",
        "  Ana: 2 + 3 = 5",
        "  Ben: 3 + 2 = 5",
        "Tied on 5: Ana and Ben share the win.",
    ]
    result = json.loads(sk("result", "--json").output)
    assert (result["final"], result["winners"], result["reason"], result["termination"]) == (
        True,
        ["Ana", "Ben"],
        "shared win",
        "scored",
    )
    status = json.loads(sk("status", "--json").output)
    assert set(STATUS_KEYS) <= set(status)
    assert (
        status["game"],
        status["phase"],
        status["over"],
        status["turn"],
        status["current"],
        status["leaders"],
    ) == ("coin-flip", "over", True, 5, None, ["Ana", "Ben"])
    assert status["result"]["termination"] == "scored"
    assert sk("history").output == (
        "  1. turn 1 (Ana): Ana took a 2-point coin\n"
        "  2. turn 2 (Ben): Ben took a 3-point coin\n"
        "  3. turn 3 (Ana): Ana took a 3-point coin\n"
        "  4. turn 4 (Ben): Ben took a 2-point coin\n"
        "  5. turn 5 (Ana): Play stopped\n"
        "     automatic: play stopped: the game is scored\n"
    )
    undone = sk("undo")
    assert undone.output.splitlines()[:2] == [
        "Undone: Play stopped.",
        "Coin Flip — game 1, turn 5: Ana's turn",
    ]
    assert json.loads(sk("result", "--json").output)["final"] is False
    assert sk("coin", "ana", "1").exit_code == 0


def test_check_settles_a_coin_flip_table_as_the_rules_score_it(sk):
    result = sk("check", "coin-flip", "Ana=3,1", "Ben=2")
    assert (result.exit_code, result.output) == (
        0,
        "Winner: Ana (highest total)\n"
        "Coins taken:\n"
        "  Ana: 3 + 1 = 4\n"
        "  Ben: 2 = 2\n"
        "Highest total: Ana with 4.\n",
    )
    assert (
        json.loads(sk("check", "coin-flip", "Ana=none", "Ben=none", "--json").output)["reason"]
        == "shared win"
    )
    for entries, message in (
        (
            ("Ana=3", "Ben=2,1"),
            "Error: taken one a turn from the first seat on, each "
            "player's coins are as many as every later player's, or one more: Ana 1 coin, "
            "Ben 2 coins — rule: players take turns in seating order, one coin a turn "
            "(rules, “Turns”)\n",
        ),
        (("Ana=4", "Ben=1"), "Error: a coin's points must be 1..3, got 4\n"),
    ):
        assert (
            sk("check", "coin-flip", *entries).exit_code,
            sk("check", "coin-flip", *entries).output,
        ) == (1, message)
    assert sk("check", "coin-flip", "Ana:3").exit_code == 2
    assert not sk.db.exists()


def test_check_does_not_know_the_tables_of_a_game_without_a_check_hook(sk, monkeypatch):
    _copy(monkeypatch, "coin-flop", name="Coin Flop", verbs=(), check=None)
    result = sk("check", "coin-flop", "Ana=1")
    assert (result.exit_code, result.output) == (
        1,
        "Error: scorekeeper check does not know Coin Flop tables yet\n",
    )


def test_a_game_pnp_knows_without_scorekeeper_rules_is_refused_clearly(tmp_path, monkeypatch):
    register(monkeypatch, "coin-flip", rules=None, simulator=None)
    result = CliRunner().invoke(main, ["--db", str(tmp_path / "db"), "new", "coin-flip", "A", "B"])
    assert result.exit_code == 1
    assert result.output == (
        "Error: the score keeper has no rules for coin-flip yet; it keeps "
        "score for hack-attack, hack-back, not-a-hack\n"
    )
    assert not (tmp_path / "db").exists()


def _copy(monkeypatch, game_id: str, **changes) -> None:
    """Register a copy of Coin Flip under `game_id`, as a module of its own."""
    module = types.ModuleType(f"tests.copy_of_{game_id.replace('-', '_')}")
    module.GAME = coin_flip.GAME._replace(id=game_id, **changes)
    monkeypatch.setitem(sys.modules, module.__name__, module)
    register(monkeypatch, game_id, module.__name__)


def test_a_game_declaring_a_verb_another_declares_is_left_out_and_the_rest_work(sk, monkeypatch):
    _copy(monkeypatch, "coin-flop")
    assert "coin-flop" not in {game.id for game in playing()}
    warning = (
        "Warning: game coin-flop (registered in code) is left out: the verb 'coin' is declared by both "
        "coin-flip and coin-flop\n"
    )
    for args in (["--help"], ["new", "coin-flip", "Ana", "Ben"], ["status"]):
        result = sk(*args)
        assert result.exit_code == 0, (args, result.output)
        assert result.stderr == warning
    assert "coin-flop" not in sk("--help").stdout
    result = sk("new", "coin-flop", "Ana", "Ben")
    assert result.exit_code == 1
    assert result.stdout + result.stderr == warning + (
        "Error: game coin-flop (registered in code) is left out: the verb 'coin' is declared by both coin-flip "
        "and coin-flop\n"
    )


def test_a_verb_named_like_a_shared_command_leaves_its_game_out(sk, monkeypatch):
    undo = click.Command("undo", help="Take back a coin, this game's own way.")
    _copy(monkeypatch, "coin-flop", verbs=(undo,))
    assert collect_commands()["undo"].help.startswith("Take back the last event")
    assert sk("--help").stderr == (
        "Warning: game coin-flop (registered in code) is left out: the verb 'undo' is "
        "declared by both the shared commands and coin-flop\n"
    )


def test_a_manifest_line_pointing_at_another_game_is_one_line_and_the_rest_work(sk, monkeypatch):
    register(monkeypatch, "coin-flop", "tests.fourth_game.table")
    with pytest.raises(
        RegistryError,
        match="game coin-flop: its rules tests.fourth_game.table define the game coin-flip",
    ):
        load_game("coin-flop")
    result = sk("new", "hack-attack", "Ana", "Ben")
    assert result.exit_code == 0
    assert result.stderr == (
        "Warning: game coin-flop: its rules tests.fourth_game.table define the game coin-flip\n"
    )


def test_rules_that_do_not_import_are_one_line_and_the_rest_work(sk, monkeypatch):
    register(monkeypatch, "coin-flop", "tests.no_such_module")
    result = sk("new", "hack-attack", "Ana", "Ben")
    assert result.exit_code == 0
    assert result.stderr.startswith(
        "Warning: game coin-flop: its rules tests.no_such_module "
        "cannot be loaded (ModuleNotFoundError"
    )


def test_the_installed_entry_points_declare_the_shipped_games():
    """What pyproject.toml declares, read as importlib.metadata reads it."""
    import importlib.metadata

    ours = {
        p.name: p.value for p in importlib.metadata.entry_points(group=pnp.core.games.ENTRY_POINTS)
    }
    assert {d.name: d.value for d in pnp.core.games.declared()} == ours
    assert {d.package for d in pnp.core.games.declared()} == {"hackpack"}
    assert ours == {
        "hack-attack": "pnp.games.hack_attack:MANIFEST",
        "hack-back": "pnp.games.hack_back:MANIFEST",
        "not-a-hack": "pnp.games.not_a_hack:MANIFEST",
    }


def test_an_entry_point_that_fails_to_import_is_one_line_and_the_rest_work(sk, monkeypatch):
    shipped = pnp.core.games.declared()
    monkeypatch.setattr(
        pnp.core.games,
        "declared",
        lambda: [
            *shipped,
            Declared("coin-flap", "tests.no_such_game:ENTRY", "coin-games"),
            Declared("coin-flup", "pnp.games.hack_back:MANIFEST", "coin-games"),
        ],
    )
    monkeypatch.setattr(pnp.core.games, "_discovered", None)
    assert pnp.core.games.game_ids()[:3] == ["hack-attack", "hack-back", "not-a-hack"]
    assert pnp.core.games.broken() == [
        "game coin-flap (package coin-games): its entry point tests.no_such_game:ENTRY "
        "does not load (ModuleNotFoundError: No module named 'tests.no_such_game')",
        "game coin-flup (package coin-games): its entry point pnp.games.hack_back:MANIFEST "
        "names the game hack-back",
    ]
    result = sk("new", "hack-attack", "Ana", "Ben")
    assert result.exit_code == 0
    assert result.stderr.count("Warning: game coin-fl") == 2
    monkeypatch.setattr(pnp.core.games, "_discovered", None)


def test_a_game_in_a_package_of_its_own_is_found_by_its_entry_point(sk, monkeypatch):
    module = types.ModuleType("tests.coin_package")
    module.ENTRY = pnp.core.games.GameEntry(
        "coin-flip", "tests.fourth_game.kit", rules="tests.fourth_game.table"
    )
    monkeypatch.setitem(sys.modules, module.__name__, module)
    shipped = pnp.core.games.declared()
    monkeypatch.setattr(
        pnp.core.games,
        "declared",
        lambda: [*shipped, Declared("coin-flip", "tests.coin_package:ENTRY", "coin-games")],
    )
    monkeypatch.setattr(pnp.core.games, "_discovered", None)
    monkeypatch.setattr(pnp.core.games, "GAMES", [])
    assert pnp.core.games.resolve("Coin-Flip") == "coin-flip"
    assert sk("new", "coin-flip", "Ana", "Ben").exit_code == 0
    assert sk("coin", "ana", "3").exit_code == 0
    monkeypatch.setattr(pnp.core.games, "_discovered", None)


def test_a_manifest_declaring_verbs_its_rules_do_not_is_one_line_and_the_rest_work(sk, monkeypatch):
    register(monkeypatch, "coin-flip", "tests.fourth_game.table", verbs=("coin", "toss"))
    with pytest.raises(
        RegistryError,
        match="game coin-flip: its manifest declares the verbs coin, toss but its rules "
        "tests.fourth_game.table declare coin, stop",
    ):
        load_game("coin-flip")
    result = sk("new", "coin-flip", "Ana", "Ben")
    assert result.exit_code == 1
    assert "Error: game coin-flip: its manifest declares the verbs coin, toss" in result.output
    assert not sk.db.exists()
    assert sk("new", "hack-attack", "Ana", "Ben").exit_code == 0


def test_a_clash_between_declared_verbs_is_found_without_importing_the_rules(sk, monkeypatch):
    """A manifest's own verbs are enough to leave a clashing game out: its rules (here a
    module that does not exist) are never imported, by a shared command or a verb."""
    register(monkeypatch, "coin-flop", "tests.no_such_rules", verbs=("end-turn",))
    assert sk("new", "hack-attack", "Ana", "Ben").exit_code == 0
    warning = (
        "Warning: game coin-flop (registered in code) is left out: the verb 'end-turn' is declared by both "
        "hack-attack and coin-flop\n"
    )
    for args in (["status"], ["end-turn"], ["undo"]):
        result = sk(*args)
        assert result.exit_code == 0, (args, result.output)
        assert result.stderr == warning
    assert "tests.no_such_rules" not in sys.modules


def test_a_shared_command_or_a_verb_imports_only_its_own_games_rules(tmp_path):
    """`status`, `undo` and a verb import the rules of the table's game alone: the other
    games are found in their manifests (the start-up cost of every command)."""
    import subprocess

    db = tmp_path / "score.sqlite3"
    probe = (
        "import sys\nfrom scorekeeper.cli import main\n"
        "try:\n    main(['--db', sys.argv[1], *sys.argv[2:]])\n"
        "except SystemExit as exc:\n    assert not exc.code, exc.code\n"
        "print(sorted(m for m in sys.modules if m.startswith('scorekeeper.games.')"
        " and m.count('.') == 2), file=sys.stderr)\n"
    )

    def run(*args: str) -> str:
        done = subprocess.run(
            [sys.executable, "-c", probe, str(db), *args],
            capture_output=True,
            text=True,
            env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)},
        )
        assert done.returncode == 0, done.stderr
        return done.stderr.strip()

    run("new", "hack-back", "Ana", "Ben", "Cleo")
    for args in (["status"], ["hero", "Ana", "script-kiddie"], ["undo"], ["history"]):
        assert run(*args) == "['scorekeeper.games.hack_back']", args


def test_rules_that_cannot_say_what_is_legal_are_not_registered(sk, monkeypatch, tmp_path):
    """The legal moves are part of the one game contract (issue 40): a game whose rules
    define no `moves` (here Coin Flip's without it) is left out with one line naming
    what is missing, and the others keep working."""
    import sys

    package = tmp_path / "no_moves_game"
    package.mkdir()
    (package / "__init__.py").write_text(
        "import types\n"
        "import tests.fourth_game.table as table\n"
        "from scorekeeper.game import Game, Rules\n"
        "rules = types.ModuleType('no_moves_rules')\n"
        "for name in ('initial', 'apply', 'notes', 'describe', 'status', 'outcome',"
        " 'standing', 'make', 'move_of'):\n"
        "    setattr(rules, name, getattr(table, name))\n"
        "GAME = Game('coin-flop', 'Coin Flop', Rules.of(rules), table.status_lines, ())\n",
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "no_moves_game", raising=False)
    register(monkeypatch, "coin-flop", "no_moves_game")
    result = sk("new", "hack-attack", "Ana", "Ben")
    assert result.exit_code == 0
    assert result.stderr == (
        "Warning: game coin-flop: its rules no_moves_game cannot be loaded (AttributeError: "
        "the rules of no_moves_rules define no moves() (scorekeeper.game.Rules: every "
        "game's rules answer it))\n"
    )


def test_a_module_named_to_rules_of_loads_when_one_of_its_functions_is_called(
    monkeypatch, tmp_path
):
    """Rules.of takes a module by its name (scorekeeper.game.Deferred, as the shipped
    games name their legal moves, so a status loads none): it is imported on the first
    call of a function taken from it; one it lacks is named when called. A hook given
    as a Deferred reads as its function: called, or an attribute of it."""
    from scorekeeper.game import Deferred, Rules

    (tmp_path / "coin_moves.py").write_text(
        "from tests.fourth_game.table import make, moves\n\n\n"
        "def settle(entries):\n    return len(entries)\n\n\n"
        "settle.notation = 'NAME=N'\n",
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "coin_moves", raising=False)
    rules = types.ModuleType("coin_rules")
    for name in ("initial", "apply", "notes", "describe", "status", "outcome", "standing"):
        setattr(rules, name, getattr(coin_flip, name))
    rules.STATE_TYPES = coin_flip.STATE_TYPES  # type: ignore[attr-defined]
    made = Rules.of(rules, "coin_moves")
    assert "coin_moves" not in sys.modules
    assert (made.state_types, made.automatic) == (coin_flip.STATE_TYPES, None)
    state = made.initial(["Ana", "Ben"])
    assert made.moves(state, None) == coin_flip.moves(state, None)
    assert "coin_moves" in sys.modules
    assert pickle.loads(pickle.dumps(made.make)).function() is coin_flip.make
    with pytest.raises(AttributeError, match=r"^coin_moves defines no move_of\(\)"):
        made.move_of(state, {"type": "stop"})
    with pytest.raises(AttributeError, match=r"^coin_moves defines no check\(\)"):
        Deferred("coin_moves", "check")(["Ana 1"])
    settle = Deferred("coin_moves", "settle")  # a hook's attributes are the function's
    assert (settle(["Ana=1", "Ben=2"]), settle.notation) == (2, "NAME=N")


def test_a_status_loads_none_of_a_games_deferred_modules():
    """The shipped games name their legal moves, check, page board and card look-ups by
    module (scorekeeper.game.Deferred): loading a game imports none of them."""
    code = (
        "import sys\n"
        "from scorekeeper.games import load_game\n"
        "for game in ('hack-attack', 'hack-back', 'not-a-hack'):\n"
        "    load_game(game)\n"
        "print(sorted(m for m in sys.modules if m == 'scorekeeper.legal' or\n"
        "    m.rpartition('.')[2] in ('moves', 'check', 'board', 'cards')))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "[]\n"


def test_moves_lists_what_is_legal_now_in_the_games_words(sk, monkeypatch):
    register(monkeypatch)
    assert sk("new", "coin-flip", "Ana", "Ben").exit_code == 0
    assert sk("moves").output == (
        "Coin Flip — game 1: legal now\n"
        "Ana:\n"
        "  coin         Take a coin\n"
        "               Player: Ana\n"
        "               Coin's points: 1..3\n"
        "Anyone:\n"
        "  stop         Call stop\n"
    )
    moves = json.loads(sk("moves", "--json").output)
    assert (moves["current"], [m["move"] for m in moves["moves"]]) == ("Ana", ["coin", "stop"])
    assert moves["moves"][0]["params"][1] == {
        "name": "points",
        "label": "Coin's points",
        "kind": "number",
        "required": True,
        "low": 1,
        "high": 3,
    }
    assert sk("stop").exit_code == 0
    assert sk("moves").output == (
        "Coin Flip — game 1 is over: no move is legal (undo takes back the last one).\n"
    )
