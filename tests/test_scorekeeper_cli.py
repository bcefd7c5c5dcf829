"""The scorekeeper command line, end to end with CliRunner: whole outputs, exit codes,
and the database unchanged by every refused command."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from pnp.core.games import game_ids
from scorekeeper.cli import collect_commands, main
from scorekeeper.game import STATUS_KEYS
from scorekeeper.games import all_games, find_game, rules_packages
from scorekeeper.outcome import Termination
from tests.fourth_game.battery import ENTRY as FOURTH_GAME


@pytest.fixture
def sk(tmp_path):
    db = tmp_path / "score.sqlite3"

    def run(*args, env=None):
        return CliRunner().invoke(main, ["--db", str(db), *args], env=env or {})

    run.db = db
    return run


def test_new_game_and_status(sk):
    result = sk("new", "hack-attack", "Ana", "Ben", "Cleo")
    assert result.exit_code == 0, result.output
    assert result.output == (
        "Game 1: Hack Attack: Defense with Ana, Ben, Cleo.\n"
        "Hack Attack: Defense — game 1, turn 1: Ana's turn\n"
        "  Player  Tech  Points  User Errors  Total\n"
        "▶ Ana        0       0            0      0\n"
        "  Ben        0       0            0      0\n"
        "  Cleo       0       0            0      0\n"
        "Ana, Ben and Cleo share the lead with 0. 4 Protected Tech start the final round.\n"
    )


def test_protect_by_card_id_and_by_points_with_name_prefixes(sk):
    sk("new", "hack-attack", "Ana", "Ben")
    result = sk("protect", "an", "laptop")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Ana Protected Laptop (3 points).\n")
    sk("end-turn")
    result = sk("protect", "BEN", "2")
    assert result.output.startswith("Ben Protected a 2-point Tech card.\n")
    status = json.loads(sk("status", "--json").output)
    assert [(p["name"], p["points"]) for p in status["players"]] == [("Ana", 3), ("Ben", 2)]
    assert status["current"] == "Ben" and status["turn"] == 2


@pytest.mark.parametrize(
    "args, message",
    [
        (("protect", "Zed", "3"), "Error: no player called 'Zed'; players: Ana, Anabel, Ben\n"),
        (("protect", "An", "3"), "Error: 'An' could be Ana, Anabel; type more of the name\n"),
        (("protect", "Ana", "7"), "Error: Tech points must be 1..5 (the deck's range), got 7\n"),
        (
            ("protect", "Ana", "laptob"),
            "Error: no Tech card called 'laptob'; did you mean laptop?\n",
        ),
        (
            ("protect", "Ben", "3"),
            "Error: it is Ana's turn, not Ben's — rule: you Protect on your "
            "own turn, between your actions (rules, “Protect a Tech card "
            "(once per turn)”); legal now: attack or end-turn (Ana); user-error (anyone)\n",
        ),
        (
            ("attack", "phishing-email", "se", "se", "pw", "sm"),
            "Error: 4 cards revealed by 3 players — rule: each player places one Defense card at most "
            "(rules, “Everyone picks one card”)\n",
        ),
    ],
)
def test_refused_commands_say_why_and_change_nothing(sk, args, message):
    sk("new", "hack-attack", "Ana", "Anabel", "Ben")
    sk("protect", "Ana", "3")
    before = sk.db.read_bytes()
    result = sk(*args)
    assert result.exit_code == 1
    assert result.output == message
    assert sk.db.read_bytes() == before


def test_second_protect_in_a_turn_is_refused(sk):
    sk("new", "hack-attack", "Ana", "Ben")
    sk("protect", "Ana", "3")
    result = sk("protect", "Ana", "2")
    assert result.exit_code == 1
    assert "rule: you may Protect one Tech card per turn" in result.output


@pytest.mark.parametrize(
    "players, message",
    [
        (["Solo"], "1 player cannot play — rule: Hack Attack: Defense is for 2–6 players"),
        (["A", "B", "C", "D", "E", "F", "G"], "7 players cannot play"),
        (["Ana", "ana"], "two players are called 'Ana' and 'ana'"),
    ],
)
def test_bad_player_lists_are_refused(sk, players, message):
    result = sk("new", "hack-attack", *players)
    assert result.exit_code == 1 and message in result.output
    assert not sk.db.exists()  # refused before any file was made
    assert "No games yet" in sk("games").output


def test_a_whole_two_player_game_to_the_result(sk):
    sk("new", "hack-attack", "Ana", "Ben")
    for ana, ben in ((5, 5), (4, 5), (3, 3)):
        assert sk("protect", "Ana", str(ana)).exit_code == 0
        sk("end-turn")
        assert sk("protect", "Ben", str(ben)).exit_code == 0
        sk("end-turn")
    sk("user-error", "Ben")
    result = sk("protect", "Ana", "1")
    assert (
        "automatic: Ana has 4 Protected Tech: the final round starts — after this turn, "
        "Ben takes one last turn" in result.output
    )
    assert "Final round (started by Ana): last turns left — Ben" in sk("end-turn").output
    result = sk("end-turn")
    assert result.output.splitlines() == [
        "Turn ended.",
        "automatic: final round complete: the game is scored",
        "Winner: Ana (highest total)",
        "Ana Protected Tech number 4, every other player took one last turn, and the game was "
        "scored.",
        "Each player scores the points on their Protected Tech, minus 1 per User Error "
        "(unprotected Tech scores nothing).",
        "  Ana: 5 + 4 + 3 + 1 = 13, minus 0 User Errors = 13",
        "  Ben: 5 + 5 + 3 = 13, minus 1 User Error = 12",
        "Highest total: Ana with 13.",
    ]
    res = json.loads(sk("result", "--json").output)
    assert res["final"] and res["winners"] == ["Ana"] and res["reason"] == "highest total"
    explained = sk("result", "--explain").output.splitlines()
    assert explained[0] == "Winner: Ana (highest total)"
    assert explained[-1] == "Highest total: Ana with 13."
    assert "over after turn 8" in sk("status").output
    refused = sk("user-error", "Ana")
    assert (
        refused.exit_code == 1
        and "the game is over — rule: after the final round" in refused.output
    )


@pytest.mark.parametrize(
    "steps, message",
    [
        (
            [
                ("protect", "Ana", "5"),
                ("end-turn",),
                ("protect", "Ben", "5"),
                ("end-turn",),
                ("protect", "Ana", "5"),
                ("end-turn",),
            ],
            "the deck has 3 Tech cards worth 5, and 3 are already Protected",
        ),
        ([("attack", "sim-swap", "pw")], "the only SIM Swap card has already been resolved"),
        ([("user-error", "Ana", "14")], "the deck has 14 User Error cards and 14 are already kept"),
    ],
)
def test_the_table_cannot_use_more_cards_than_the_deck_has(sk, steps, message):
    sk("new", "hack-attack", "Ana", "Ben")
    for step in steps:
        assert sk(*step).exit_code == 0, sk(*step).output
    last = {
        "protect": ("protect", "Ben", "5"),
        "attack": ("attack", "sim-swap", "pw"),
        "user-error": ("user-error", "Ben"),
    }[steps[0][0]]
    before = sk.db.read_bytes()
    result = sk(*last)
    assert result.exit_code == 1 and message in result.output, result.output
    assert sk.db.read_bytes() == before


def test_history_undo_redo_and_export(sk):
    sk("new", "hack-attack", "Ana", "Ben")
    sk("protect", "Ana", "laptop")
    sk("end-turn")
    sk("user-error", "Ana", "2")
    assert sk("undo").output.startswith("Undone: Ana kept 2 User Error cards.\n")
    assert sk("undo").output.startswith("Undone: Turn ended.\n")
    assert sk("redo").output.startswith("Redone: Turn ended.\n")
    assert sk("history").output == (
        "  1. turn 1 (Ana): Ana Protected Laptop (3 points)\n  2. turn 1 (Ana): Turn ended\n"
    )
    exported = json.loads(sk("export").output)
    assert [r["kind"] for r in exported["log"]] == [
        "action",
        "action",
        "action",
        "undo",
        "undo",
        "redo",
    ]
    assert exported["events"][0]["card"] == "laptop"
    assert exported["result"] is None


def test_attack_records_and_explains(sk):
    sk("new", "hack-attack", "Ana", "Ben", "Cleo")
    result = sk("attack", "ransomware", "backups", "wild", "passwords")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[:5] == [
        "Attack icons: Backups, Social Engineering, Device Security; revealed: Backups, "
        "Reality Check, Passwords.",
        "  Backups covers icon 1 (Backups)",
        "  Reality Check covers icon 2 (Social Engineering)",
        "2 of 3 icons covered, 2 needed: the defense holds.",
        "Ana first discards unprotected Tech vulnerable to Ransomware Infection; then all "
        "remaining Tech is safe. Everyone takes their Defense cards back.",
    ]
    assert "Ana drew Ransomware Infection: the defense held" in sk("history").output


def test_defend_helper_needs_no_game(sk):
    result = sk("defend", "se,se,pw", "se", "pw", "--players", "5")
    assert result.exit_code == 0
    assert result.output.splitlines()[-1] == "2 of 3 icons covered, 3 needed: the defense fails."
    data = json.loads(sk("defend", "phishing-email", "se", "se", "--players", "2", "--json").output)
    assert data["holds"] and data["needed"] == 1 and len(data["covered"]) == 2
    assert not sk.db.exists()


def test_check_settles_a_finished_table(sk):
    result = sk("check", "hack-attack", "Ana=5,4,3,2/1", "Ben=5,5,3", "Cleo=4,3,2/2")
    assert result.exit_code == 0
    assert result.output.splitlines()[0] == "Winner: Ben (tie-breaker: fewest Protected Tech)"
    assert result.output.splitlines()[-1] == "Ben wins the tie-breaker with 3 Protected Tech."
    for entry in ("Ana=five", "Ana=abc,4,3,2/1", "Ana=1,,2", "Ana=٣", "Ana=5/", "=5"):
        bad = sk("check", "hack-attack", entry, "Ben=1")
        assert bad.exit_code == 2 and "write NAME=POINTS,POINTS/USER_ERRORS" in bad.output
    for entry, message in (
        (
            "Ana=1/99999999999",
            "User Errors must be 0..14 (the deck's User Error cards), got 99999999999",
        ),
        ("Ana=6", "Tech points must be 1..5 (the deck's range), got 6"),
    ):
        bad = sk("check", "hack-attack", entry, "Ben=1")
        assert (bad.exit_code, bad.output) == (1, f"Error: {message}\n")
    impossible = {
        ("Ana=5,5", "Ben=5,5"): "4 Protected Tech worth 5, but the deck has 3",
        ("Ana=1,1,1,1,1",): "Ana has 5 Protected Tech; at 2 players the game ends at 4",
        ("Ana=/10", "Ben=/5"): "15 User Errors kept, but the deck has 14",
    }
    for entries, message in impossible.items():
        bad = sk("check", "hack-attack", *entries, *(["Ben=1"] if len(entries) == 1 else []))
        assert bad.exit_code == 1 and message in bad.output, bad.output


def test_games_and_picking_an_older_game(sk):
    sk("new", "hack-attack", "Ana", "Ben")
    sk("new", "hack-attack", "Cleo", "Dev")
    listing = sk("games", "--json").output
    assert [(g["id"], g["current"]) for g in json.loads(listing)] == [(1, False), (2, True)]
    assert "game 1, turn 1: Ana's turn" in sk("--game", "1", "status").output
    assert (
        sk("--game", "9", "status").output
        == "Error: no game with id 9; 'scorekeeper games' lists them\n"
    )


def test_a_foreign_database_gives_a_clear_error(sk):
    sk.db.write_text("not a database at all")
    result = sk("status")
    assert result.exit_code == 1
    assert "is not a score keeper database" in result.output and "Traceback" not in result.output
    assert sk.db.read_text() == "not a database at all"


def test_colour_only_on_a_terminal_and_never_with_no_color(sk):
    sk("new", "hack-attack", "Ana", "Ben")
    result = CliRunner().invoke(
        main, ["--db", str(sk.db), "status"], color=True, env={"NO_COLOR": "1"}
    )
    assert "\x1b[" not in result.output
    coloured = CliRunner().invoke(
        main, ["--db", str(sk.db), "status"], color=True, env={"NO_COLOR": None, "TERM": "xterm"}
    )
    assert "\x1b[" in coloured.output


def test_every_command_has_help():
    ctx = main.make_context("scorekeeper", ["status"])
    for name in main.list_commands(ctx):
        command = main.get_command(ctx, name)
        assert command.help and len(command.help) > 20, name
        assert CliRunner().invoke(main, [name, "--help"]).exit_code == 0


def test_scorekeeper_never_imports_reportlab(tmp_path):
    import subprocess
    import sys

    code = (
        "import sys\nfrom scorekeeper.cli import main\n"
        "for args in (['new', 'hack-attack', 'Ana', 'Ben'], ['protect', 'Ana', 'laptop'],\n"
        "             ['attack', 'phishing-email', 'se', 'wild'], ['status'], ['history']):\n"
        "    try:\n        main(['--db', sys.argv[1], *args])\n"
        "    except SystemExit as exc:\n        assert not exc.code, args\n"
        "assert 'reportlab' not in sys.modules\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path / "db.sqlite3")], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr


def test_names_are_compared_after_unicode_normalisation(sk):
    result = sk("new", "hack-attack", "e\u0301va", "\u00e9va")
    assert result.exit_code == 1 and "names must differ" in result.output
    for bad, message in (("A\tB", "control character"), ("x" * 30, "longer than 24")):
        result = sk("new", "hack-attack", bad, "Ben")
        assert result.exit_code == 1 and message in result.output


def test_read_commands_never_create_a_database(sk, tmp_path):
    missing = tmp_path / "nested" / "none.sqlite3"
    result = CliRunner().invoke(main, ["--db", str(missing), "status"])
    assert result.exit_code == 1 and "no game yet" in result.output
    assert not missing.parent.exists()
    empty = tmp_path / "empty.sqlite3"
    empty.write_bytes(b"")
    assert CliRunner().invoke(main, ["--db", str(empty), "history"]).exit_code == 1
    assert empty.read_bytes() == b""


def test_a_read_only_or_damaged_database_is_explained_not_a_traceback(sk):
    import os

    sk("new", "hack-attack", "Ana", "Ben")
    os.chmod(sk.db, 0o444)
    try:
        result = sk("end-turn")
        if os.geteuid() != 0:  # root may write a read-only file anyway
            assert result.exit_code == 1 and "read-only" in result.output
    finally:
        os.chmod(sk.db, 0o644)
    data = bytearray(sk.db.read_bytes())
    data[len(data) // 2 : len(data) // 2 + 3000] = b"\xff" * 3000
    sk.db.write_bytes(bytes(data))
    for command in ("status", "end-turn"):
        result = sk(command)
        assert result.exit_code == 1 and "Traceback" not in result.output
        assert "Error:" in result.output


def test_huge_game_id_is_refused_with_its_range_and_an_empty_db_path_in_one_line(sk):
    huge = sk("--game", "99999999999999999999999", "status")
    assert (huge.exit_code, huge.output) == (
        1,
        "Error: --game must be 1..9223372036854775807, got '99999999999999999999999'\n",
    )
    assert sk("--game", "two", "status").exit_code == 2
    empty = CliRunner().invoke(main, ["--db", "", "status"])
    assert (empty.exit_code, empty.output) == (
        1,
        "Error: the database path is empty (from --db or SCOREKEEPER_DB)\n",
    )


def test_a_hack_back_table_from_the_opening_to_the_checks(sk):
    assert sk("new", "hack-back", "Ana", "Ben").exit_code == 0
    sk("hero", "ana", "script-kiddie")
    result = sk("hero", "ben", "phishing")
    assert "automatic: Ana has the lowest opening Hero and goes first" in result.output
    assert "Hack Back — game 1, turn 1: Ana's turn, action 1 of 2" in result.output
    result = sk("play", "ana", "phishing-lure", "-t", "2")
    assert result.output.startswith("Ana played Phishing Lure: Attack 2 on #2.\n")
    result = sk("activate", "ana", "1", "-t", "2")
    assert result.output.splitlines()[:5] == [
        "Ana activated Hero #1 Script Kiddie: Attack 1 on #2, then +2 VC.",
        "automatic: End of Ana's turn 1:",
        "automatic: 1. Heroes at 40 VC or more are discarded: none.",
        "automatic: 2. Players with no Hero left are eliminated: none.",
        "automatic: 3. No surviving Hero is at 0 VC or lower.",
    ]
    status = json.loads(sk("status", "--json").output)
    assert [(h["hero"], h["vc"]) for h in status["heroes"]] == [(1, 11), (2, 14)]
    assert status["current"] == "Ben" and status["action"] == 1
    before = sk.db.read_bytes()
    refused = sk("play", "ben", "script-kiddie")
    assert refused.exit_code == 1 and "Attack 1 has a legal target (Hero #1, #2)" in refused.output
    assert sk.db.read_bytes() == before
    assert "Leading: Ana" in sk("result").output


@pytest.mark.parametrize(
    "args",
    [("undo",), ("hero", "ana", "5"), ("new", "hack-attack", "Solo"), ("new", "chess", "A", "B")],
)
def test_refused_commands_never_create_the_database(sk, args):
    result = sk(*args)
    assert result.exit_code == 1
    assert not sk.db.exists()


def test_hack_back_activation_keeps_to_the_heros_own_card(sk):
    sk("new", "hack-back", "Ana", "Ben")
    sk("hero", "ana", "script-kiddie")
    sk("hero", "ben", "12")
    sk("draw", "ana")
    other = sk("activate", "ana", "1", "--card", "honeypot", "-t", "2")
    assert (
        other.exit_code == 1
        and "Hero #1 is Script Kiddie; its instructions are its own" in other.output
    )
    sk("draw", "ana")
    wrong_vc = sk("activate", "ben", "2", "--card", "script-kiddie", "-t", "1")
    assert (
        wrong_vc.exit_code == 1 and "revealed at 12 VC; Script Kiddie prints 9" in wrong_vc.output
    )
    extra = sk("activate", "ben", "2", "--card", "sock-puppet", "--place", "10", "--place", "12")
    assert (
        extra.exit_code == 1
        and "2 Heroes to place but the instructions grant 1 Victory Point" in extra.output
    )
    ok = sk("activate", "ben", "2", "--card", "sock-puppet", "--place", "10")
    assert ok.exit_code == 0, ok.output
    assert (
        "Ben activated Hero #2 Sock Puppet Account: Victory Point, placing a Hero (10 VC)"
        in ok.output
    )
    assert "no Hero #99 in play" in sk("play", "ben", "script-kiddie", "-t", "99").output


# --- Every game through the one engine ------------------------------------------------


def _protect(name):
    return {"type": "protect", "player": name, "points": 1}


END = {"type": "end_turn"}
#: game id -> (players, events that end the game, the termination they end it with), for
#: the shipped games and Coin Flip, the fourth game a test run may register
#: (HACKPACK_FOURTH_GAME=1, tests/fourth_game).
ENDINGS = {
    "hack-attack": (
        ["Ana", "Ben"],
        [_protect("Ana"), END, END] * 3 + [_protect("Ana"), END, END],
        Termination.SCORED,
    ),
    "hack-back": (
        ["Ana", "Ben"],
        [{"type": "no_hero", "player": "Ana"}, {"type": "reveal", "player": "Ben", "vc": 5}],
        Termination.LAST_PLAYER,
    ),
    "not-a-hack": (
        ["Ana", "Ben", "Cleo"],
        [
            {"type": "hack", "drawer": "Ana", "winner": "Ben", "cards": 3},
            {"type": "banned", "player": "Ben", "counter": False},
            {"type": "hack_off", "votes": {"Ben": "Ana"}, "cards": 2},
        ],
        Termination.SCORED,
    ),
    "coin-flip": (
        ["Ana", "Ben"],
        [
            {"type": "coin", "player": "Ana", "points": 2},
            {"type": "coin", "player": "Ben", "points": 3},
            {"type": "stop"},
        ],
        Termination.SCORED,
    ),
}


def test_every_registered_game_has_an_ending_here():
    assert set(ENDINGS) == set(rules_packages()) | {FOURTH_GAME.id}


@pytest.mark.parametrize("game_id", sorted(rules_packages()))
def test_every_games_status_has_the_common_keys_and_its_outcome_a_termination(game_id):
    game = find_game(game_id)
    players, events, termination = ENDINGS[game_id]
    state = game.rules.initial(players)
    for event in events:
        status = game.rules.status(state)
        assert set(STATUS_KEYS) <= set(status), set(STATUS_KEYS) - set(status)
        assert status["game"] == game_id and not status["over"] and status["result"] is None
        assert game.rules.outcome(state) is None
        assert game.rules.standing(state).termination is None
        state = game.rules.apply(state, event)
    status, outcome = game.rules.status(state), game.rules.outcome(state)
    assert set(STATUS_KEYS) <= set(status) and status["over"] and status["current"] is None
    assert outcome.termination is termination
    assert status["result"] == outcome.to_json()
    assert json.loads(json.dumps(status))["result"]["termination"] == termination.value


@pytest.mark.parametrize("game", list(rules_packages()))
def test_every_game_has_a_check_hook_with_its_notation_in_the_help(sk, game):
    hook = find_game(game).check
    assert hook is not None and hook.notation.startswith("write NAME=")
    assert f"{game}: write NAME=" in sk("check", "--help").output
    assert not sk.db.exists()


def test_check_with_an_unknown_game_lists_the_known_ones(sk):
    result = sk("check", "chess", "Ana=1")
    assert result.exit_code == 1
    assert result.output == (
        f"Error: unknown game 'chess'; known games: {', '.join(game_ids())}; a data-only game "
        "needs --data DIR, the folder that holds its folder\n"
    )


def test_a_game_that_ends_by_itself_prints_its_outcome_not_the_table(sk):
    sk("new", "hack-back", "Ana", "Ben")
    sk("hero", "ana", "9")
    result = sk("no-hero", "ben")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        "Ben could not supply a Hero.",
        "automatic: Only Ana could supply a Hero and wins.",
        "Winner: Ana (last player standing)",
    ]
    assert json.loads(sk("result", "--json").output)["termination"] == "last-player"


def test_the_commands_are_collected_from_every_game_without_a_clash():
    commands = collect_commands()
    for game in all_games():
        for verb in game.verbs:
            assert commands[verb.name] is verb
    assert {"new", "status", "check", "protect", "hero", "hack-off"} <= set(commands)


def test_a_ban_that_stands_is_not_called_countered(sk):
    sk("new", "not-a-hack", "Ana", "Ben", "Cleo", "Dev")
    sk("banned", "ana")
    result = sk("banned", "ben", "--no-counter")
    assert "counters the ban" not in result.output
    assert "automatic: Ben is banned: their 0 points are final" in result.output


def test_nobody_leads_before_any_hero_is_revealed_and_export_takes_json(sk):
    sk("new", "hack-back", "Ana", "Ben")
    assert sk("result").output.splitlines() == [
        "The game is not over yet; standing now:",
        "Nobody leads yet (no Heroes in play yet)",
    ]
    exported = sk("export", "--json")
    assert exported.exit_code == 0 and json.loads(exported.output)["game"] == "hack-back"
