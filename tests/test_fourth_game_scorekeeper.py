"""The fourth game, Coin Flip (tests/fourth_game/table.py), registered by the test alone:
the score keeper plays it through the shared engine with no line of the product
changed, and two games declaring one verb stop the CLI at start-up."""

from __future__ import annotations

import json
import sys
import types

import click
import pytest
from click.testing import CliRunner

import pnp.games
from scorekeeper.cli import collect_commands, main
from scorekeeper.errors import RegistryError
from scorekeeper.game import STATUS_KEYS
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
    assert result.output == ("Game 1: Coin Flip with Ana, Ben.\n"
                             "Coin Flip — game 1, turn 1: Ana's turn\n"
                             "▶ Ana      coins 0  total 0\n"
                             "  Ben      coins 0  total 0\n"
                             "Leading: Ana, Ben (shared win).\n")
    for player, points in (("ana", "2"), ("ben", "3"), ("ana", "3")):
        assert sk("coin", player, points).exit_code == 0
    before = sk.db.read_bytes()
    for args, message in ((("coin", "ana", "2"), "Error: it is Ben's turn, not Ana's — rule: "
                           "players take turns in seating order, one coin a turn (rules, “Turns”)\n"),
                          (("coin", "ben", "4"), "Error: POINTS must be 1..3, got 4\n"),
                          (("coin", "zed", "1"), "Error: no player called 'zed'; players: Ana, Ben\n")):
        refused = sk(*args)
        assert (refused.exit_code, refused.output) == (1, message)
    assert sk.db.read_bytes() == before
    assert sk("coin", "ben", "2").output == ("Ben took a 2-point coin.\n"
                                             "Coin Flip — game 1, turn 5: Ana's turn\n"
                                             "▶ Ana      coins 2  total 5\n"
                                             "  Ben      coins 2  total 5\n"
                                             "Leading: Ana, Ben (shared win).\n")
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
    assert explained.output.splitlines() == ["Shared win: Ana, Ben", "Coins taken:",
                                             "  Ana: 2 + 3 = 5", "  Ben: 3 + 2 = 5",
                                             "Tied on 5: Ana and Ben share the win."]
    result = json.loads(sk("result", "--json").output)
    assert (result["final"], result["winners"], result["reason"], result["termination"]) == \
        (True, ["Ana", "Ben"], "shared win", "scored")
    status = json.loads(sk("status", "--json").output)
    assert set(STATUS_KEYS) <= set(status)
    assert (status["game"], status["phase"], status["over"], status["turn"], status["current"],
            status["leaders"]) == ("coin-flip", "over", True, 5, None, ["Ana", "Ben"])
    assert status["result"]["termination"] == "scored"
    assert sk("history").output == ("  1. turn 1 (Ana): Ana took a 2-point coin\n"
                                     "  2. turn 2 (Ben): Ben took a 3-point coin\n"
                                     "  3. turn 3 (Ana): Ana took a 3-point coin\n"
                                     "  4. turn 4 (Ben): Ben took a 2-point coin\n"
                                     "  5. turn 5 (Ana): Play stopped\n"
                                     "     automatic: play stopped: the game is scored\n")
    undone = sk("undo")
    assert undone.output.splitlines()[:2] == ["Undone: Play stopped.",
                                              "Coin Flip — game 1, turn 5: Ana's turn"]
    assert json.loads(sk("result", "--json").output)["final"] is False
    assert sk("coin", "ana", "1").exit_code == 0


def test_check_does_not_know_coin_flip_tables(sk):
    result = sk("check", "coin-flip", "Ana=1")
    assert (result.exit_code, result.output) == \
        (1, "Error: scorekeeper check does not know Coin Flip tables yet\n")


def test_a_game_pnp_knows_without_scorekeeper_rules_is_refused_clearly(tmp_path, monkeypatch):
    monkeypatch.setattr(pnp.games, "GAMES", [*pnp.games.GAMES,
                                             pnp.games.GameEntry("coin-flip", "tests.fourth_game.kit")])
    result = CliRunner().invoke(main, ["--db", str(tmp_path / "db"), "new", "coin-flip", "A", "B"])
    assert result.exit_code == 1
    assert result.output == ("Error: the score keeper has no rules for coin-flip yet; it keeps "
                             "score for hack-attack, hack-back, not-a-hack\n")
    assert not (tmp_path / "db").exists()


def _copy(monkeypatch, game_id: str, **changes) -> None:
    """Register a copy of Coin Flip under `game_id`, as a module of its own."""
    module = types.ModuleType(f"tests.copy_of_{game_id.replace('-', '_')}")
    module.GAME = coin_flip.GAME._replace(id=game_id, **changes)
    monkeypatch.setitem(sys.modules, module.__name__, module)
    register(monkeypatch, game_id, module.__name__)


def test_two_games_declaring_one_verb_fail_at_start_up(sk, monkeypatch):
    _copy(monkeypatch, "coin-flop")
    with pytest.raises(RegistryError) as error:
        collect_commands()
    assert str(error.value) == "the verb 'coin' is declared by both coin-flip and coin-flop"
    for args in (["status"], ["--help"], ["new", "coin-flip", "Ana", "Ben"]):
        result = sk(*args)
        assert result.exit_code == 1, args
        assert result.output == "Error: the verb 'coin' is declared by both coin-flip and " \
                                "coin-flop\n"
    assert not sk.db.exists()


def test_a_verb_named_like_a_shared_command_fails_at_start_up(sk, monkeypatch):
    undo = click.Command("undo", help="Take back a coin, this game's own way.")
    _copy(monkeypatch, "coin-flop", verbs=(undo,))
    with pytest.raises(RegistryError, match="the verb 'undo' is declared by both the shared "
                                            "commands and coin-flop"):
        collect_commands()


def test_a_registry_line_pointing_at_another_game_is_refused(monkeypatch):
    register(monkeypatch, "coin-flop", "tests.fourth_game.table")
    with pytest.raises(RegistryError, match="RULES maps coin-flop to tests.fourth_game.table, "
                                            "whose GAME is coin-flip"):
        collect_commands()
