"""The points sheet of a data-only game (issue 25, item 2): `scorekeeper new --data DIR
NAME PLAYER...` finds a game folder holding only a game.toml, and the table keeps its
rounds, points and totals through the shared engine: status, history, undo, redo,
result and export, refusals that change nothing, and a bad game.toml named at its line.
Whole outputs, read back from the CLI."""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
import sys

import pytest
from click.testing import CliRunner

from scorekeeper.cli import main
from scorekeeper.game import STATUS_KEYS
from tests.data_only_game import game_text, write_game
from tests.fourth_game import register


@pytest.fixture
def sk(tmp_path):
    """Run the score keeper on a database in `tmp_path`, with the data folder
    `tmp_path/games` holding Dice Night (tests.data_only_game)."""
    db = tmp_path / "score.sqlite3"
    data = write_game(tmp_path / "games")

    def run(*args):
        return CliRunner().invoke(main, ["--db", str(db), *args], env={})

    run.db, run.data = db, data
    return run


def _new(sk, *players, game="dice-night"):
    result = sk("new", "--data", str(sk.data), game, *players)
    assert result.exit_code == 0, result.output
    return result


def test_a_short_game_to_a_win(sk):
    assert _new(sk, "Ana", "Ben", "Cleo").output == (
        "Game 1: Dice Night (points sheet) with Ana, Ben, Cleo.\n"
        "Dice Night — game 1, round 1 of 3 (highest total wins)\n"
        "  Player  R1  Total\n"
        "  Ana      –      0\n"
        "  Ben      –      0\n"
        "  Cleo     –      0\n"
        "Sharing the lead: Ana, Ben, Cleo.\n"
    )
    assert sk("points", "ana", "3", "ben", "5", "cleo", "-1").output == (
        "Ana scored 3, Ben 5, Cleo −1.\n"
        "Dice Night — game 1, round 1 of 3 (highest total wins)\n"
        "  Player  R1  Total\n"
        "  Ana      3      3\n"
        "  Ben      5      5\n"
        "  Cleo    −1     −1\n"
        "Leading: Ben (highest total).\n"
    )
    assert sk("points", "ana", "+4").output.startswith("Ana scored 4.\n")  # they add up
    assert sk("end-round").output.splitlines()[:3] == [
        "Round ended.",
        "Dice Night — game 1, round 2 of 3 (highest total wins)",
        "  Player  R1  R2  Total",
    ]
    for scores in (("ana", "2", "ben", "6", "cleo", "4"), ("ana", "1", "ben", "0", "cleo", "−3")):
        assert sk("points", *scores).exit_code == 0
        assert sk("end-round").exit_code == 0
    assert sk("status").output == (
        "Dice Night — game 1: over after 3 rounds (highest total wins)\n"
        "  Player  R1  R2  R3  Total\n"
        "  Ana      7   2   1     10\n"
        "  Ben      5   6   0     11\n"
        "  Cleo    −1   4  −3      0\n"
        "Winner: Ben.\n"
    )
    assert sk("result", "--explain").output.splitlines() == [
        "Winner: Ben (highest total)",
        "Points by round:",
        "  Ana: 7 + 2 + 1 = 10",
        "  Ben: 5 + 6 + 0 = 11",
        "  Cleo: −1 + 4 − 3 = 0",
        "Rounds played: 3 of 3.",
        'Scoring: highest total wins; equal totals share the win (game.toml: wins = "highest").',
        "Highest total: Ben with 11.",
    ]


def test_rounds_end_the_game_by_themselves(sk):
    _new(sk, "Ana", "Ben")
    for _ in range(2):
        sk("points", "ana", "1", "ben", "2")
        assert "automatic" not in sk("end-round").output
    sk("points", "ana", "4", "ben", "2")
    assert sk("end-round").output.splitlines() == [
        "Round ended.",
        "automatic: round 3 was the last: the game is scored",
        "Shared win: Ana, Ben",
        "Points by round:",
        "  Ana: 1 + 1 + 4 = 6",
        "  Ben: 2 + 2 + 2 = 6",
        "Rounds played: 3 of 3.",
        'Scoring: highest total wins; equal totals share the win (game.toml: wins = "highest").',
        "Tied on 6: Ana and Ben share the win.",
    ]
    write_game(sk.data, game_text("one-hand", "One Hand", (2, 2), "rounds = 1\n"), "one-hand")
    assert _new(sk, "Ana", "Ben", game="one-hand").output.splitlines()[1] == (
        "One Hand — game 2, round 1 of 1 (highest total wins)"
    )
    sk("points", "ben", "1")
    assert sk("end-round").output.splitlines()[1:3] == [
        "automatic: round 1 was the last: the game is scored",
        "Winner: Ben (highest total)",
    ]


def test_lowest_total_wins_and_the_table_ends_the_game(sk):
    write_game(sk.data, game_text("golf", "Golf Night", (2, 4), 'wins = "lowest"\n'), "golf")
    assert _new(sk, "Ana", "Ben", game="golf").output.splitlines()[1] == (
        "Golf Night — game 1, round 1 (lowest total wins)"
    )
    sk("points", "ana", "4", "ben", "6")
    assert sk("status").output.splitlines()[-1] == "Leading: Ana (lowest total)."
    sk("end-round")
    sk("points", "ana", "5", "ben", "1")
    sk("end-round")  # round 3 is in play, with nothing recorded: it does not count
    assert sk("end-game").output.splitlines() == [
        "The table ended the game.",
        "automatic: the game is scored after round 2; round 3, with nothing recorded, "
        "does not count",
        "Winner: Ben (lowest total)",
        "Points by round:",
        "  Ana: 4 + 5 = 9",
        "  Ben: 6 + 1 = 7",
        "Rounds played: 2; the table ended the game.",
        'Scoring: lowest total wins; equal totals share the win (game.toml: wins = "lowest").',
        "Lowest total: Ben with 7.",
    ]
    result = json.loads(sk("result", "--json").output)
    assert (result["final"], result["winners"], result["reason"], result["termination"]) == (
        True,
        ["Ben"],
        "lowest total",
        "scored",
    )


def test_a_shared_tie_names_every_winner(sk):
    write_game(sk.data, game_text("quiz", "Quiz", (3, 6), ""), "quiz")
    _new(sk, "Ana", "Ben", "Cleo", "Dora", game="quiz")
    sk("points", "ana", "5", "ben", "5", "cleo", "5", "dora", "2")
    assert sk("status").output.splitlines()[-1] == "Sharing the lead: Ana, Ben, Cleo."
    ended = sk("end-game").output.splitlines()
    assert ended[2] == "Shared win: Ana, Ben, Cleo"
    assert ended[-1] == "Tied on 5: Ana, Ben and Cleo share the win."
    result = json.loads(sk("result", "--json").output)
    assert (result["winners"], result["reason"]) == (["Ana", "Ben", "Cleo"], "shared win")


def test_refused_moves_say_why_in_one_line_and_record_nothing(sk):
    _new(sk, "Ana", "Ben")
    before = sk.db.read_bytes()
    for args, message in (
        (("points", "zed", "3"), "Error: no player called 'zed'; players: Ana, Ben\n"),
        (("points", "ana", "100000"), "Error: Ana's points must be −99999..99999, got 100000\n"),
        (
            ("points", "ana", "1", "an", "2"),
            "Error: Ana is named twice; give each player's points once (a player's points "
            "in a round add up from one command to the next)\n",
        ),
        (
            ("end-round",),
            "Error: no points are recorded in round 1 — rule: a round ends only once points "
            "are recorded in it; record a round nobody scored in as points NAME 0 (points "
            "sheet); legal now: points (the table)\n",
        ),
        (
            ("end-game",),
            "Error: end-game is for a game that sets no number of rounds: end each round "
            "with end-round — rule: Dice Night ends when round 3 ends (game.toml: rounds "
            "= 3); legal now: points (the table)\n",
        ),
        (("protect", "ana", "laptop"), "Error: game 1 is sheet:dice-night, not hack-attack\n"),
    ):
        refused = sk(*args)
        assert (refused.exit_code, refused.output) == (1, message), args
    assert sk.db.read_bytes() == before
    for _ in range(3):
        sk("points", "ana", "1")
        sk("end-round")
    over = sk.db.read_bytes()
    for args in (("points", "ana", "1"), ("end-round",), ("end-game",)):
        refused = sk(*args)
        assert (refused.exit_code, refused.output) == (
            1,
            "Error: the game is over — rule: once the game ends its totals are final "
            "(points sheet)\n",
        ), args
    assert sk.db.read_bytes() == over


def test_text_where_points_belong_is_a_usage_error(sk):
    _new(sk, "Ana", "Ben")
    for args, message in (
        (
            ("points", "ana", "x"),
            "Error: Ana's points must be a whole number, −99999..99999, got 'x'",
        ),
        (
            ("points", "ana", "1", "ben"),
            "Error: each PLAYER is followed by their POINTS, as in points Ana 3 Ben 5; the "
            "last word, 'ben', has none",
        ),
    ):
        refused = sk(*args)
        assert refused.exit_code == 2 and refused.output.endswith(message + "\n"), args


def test_undo_and_redo_across_the_end_of_a_round_and_of_the_game(sk):
    _new(sk, "Ana", "Ben")
    sk("points", "ana", "2", "ben", "1")
    sk("end-round")
    assert sk("undo").output.splitlines()[:2] == [
        "Undone: Round ended.",
        "Dice Night — game 1, round 1 of 3 (highest total wins)",
    ]
    assert sk("redo").output.splitlines()[:2] == [
        "Redone: Round ended.",
        "Dice Night — game 1, round 2 of 3 (highest total wins)",
    ]
    sk("points", "ben", "4")
    sk("end-round")
    sk("points", "ana", "1")
    sk("end-round")
    assert json.loads(sk("status", "--json").output)["over"] is True
    assert sk("undo").exit_code == 0
    status = json.loads(sk("status", "--json").output)
    assert (status["over"], status["phase"], status["result"]) == (False, "round 3", None)
    assert sk("undo").output.splitlines()[0] == "Undone: Ana scored 1."
    assert sk("redo").exit_code == 0 and sk("redo").exit_code == 0
    assert sk("history").output == (
        "  1. round 1: Ana scored 2, Ben 1\n"
        "  2. round 1: Round ended\n"
        "  3. round 2: Ben scored 4\n"
        "  4. round 2: Round ended\n"
        "  5. round 3: Ana scored 1\n"
        "  6. round 3: Round ended\n"
        "     automatic: round 3 was the last: the game is scored\n"
    )
    assert sk("result").output == "Winner: Ben (highest total)\n"


def test_status_json_has_the_keys_every_game_has(sk):
    assert sk("new", "hack-attack", "Dora", "Eve").exit_code == 0
    other = json.loads(sk("status", "--json").output)
    _new(sk, "Ana", "Ben")
    sk("points", "ana", "3")
    status = json.loads(sk("status", "--json").output)
    assert set(STATUS_KEYS) <= set(status)
    assert {"id", "variants"} <= set(status) & set(other)
    assert {k: type(status[k]) for k in ("id", "over", "turn", "leaders", "variants")} == {
        k: type(other[k]) for k in ("id", "over", "turn", "leaders", "variants")
    }
    assert status == {
        "id": 2,
        "game": "sheet:dice-night",
        "phase": "round 1",
        "over": False,
        "turn": 1,
        "current": None,
        "leaders": ["Ana"],
        "lead_reason": "highest total",
        "result": None,
        "name": "Dice Night",
        "wins": "highest",
        "rounds": 3,
        "players": [
            {"name": "Ana", "points": [3], "total": 3},
            {"name": "Ben", "points": [None], "total": 0},
        ],
        "variants": {},
        "colours": {"Ana": "orange", "Ben": "sky"},
    }
    for _ in range(3):
        sk("points", "ben", "1")
        sk("end-round")
    final = json.loads(sk("status", "--json").output)
    assert final["result"] == {
        k: v for k, v in json.loads(sk("result", "--json").output).items() if k in final["result"]
    }
    exported = json.loads(sk("export").output)
    assert (exported["game"], exported["status"], exported["result"]) == (
        "sheet:dice-night",
        {k: v for k, v in final.items() if k not in ("id", "variants", "colours")},
        final["result"],
    )
    assert [e["type"] for e in exported["events"]] == ["points", *["points", "end-round"] * 3]


def test_a_stored_sheet_is_replayed_after_its_folder_is_gone(sk):
    _new(sk, "Ana", "Ben")
    sk("points", "ana", "3", "ben", "2")
    shown = sk("status").output
    shutil.rmtree(sk.data)
    assert sk("status").output == shown
    assert sk("history").output == "  1. round 1: Ana scored 3, Ben 2\n"
    assert sk("undo").exit_code == 0 and sk("redo").exit_code == 0
    assert sk("games").output.split()[:2] == ["1", "sheet:dice-night"]
    refused = sk("new", "--data", str(sk.data), "dice-night", "Ana", "Ben")
    assert refused.exit_code == 1
    assert refused.output == f"Error: the data folder '{sk.data}' is not a folder\n"


def _version(db) -> int:
    with sqlite3.connect(db) as conn:
        return conn.execute("PRAGMA user_version").fetchone()[0]


def test_a_file_holds_schema_3_only_once_it_holds_a_points_sheet(sk):
    """A file of registered games stays at schema 2, as the score keepers before points
    sheets read it; the first `new --data` adds the sheet column, keeping what is there."""
    sk("new", "not-a-hack", "Ana", "Ben", "Cleo")
    sk("hack", "ana", "ben", "2")
    assert _version(sk.db) == 2
    before = sk("status", "--game", "1").output
    _new(sk, "Ana", "Ben")
    assert _version(sk.db) == 3
    assert sk("status", "--game", "1").output == before
    with sqlite3.connect(sk.db) as conn:
        stored = conn.execute("SELECT game, sheet FROM games ORDER BY id").fetchall()
    assert stored[0] == ("not-a-hack", None)
    listed = sk("games").output.splitlines()
    assert [line[:37] for line in listed] == [
        "   1  not-a-hack       Ana, Ben, Cleo",
        "   2  sheet:dice-night Ana, Ben      ",
    ]
    assert stored[1][0] == "sheet:dice-night"
    assert json.loads(stored[1][1]) == {
        "name": "Dice Night",
        "players": [2, 5],
        "wins": "highest",
        "rounds": 3,
    }


@pytest.mark.parametrize(
    ("sheet", "why"),
    [
        (
            "'{}'",
            "its points sheet: its settings are not an object of name, players, wins and rounds",
        ),
        ("'not json'", "its points sheet is not JSON"),
        (
            """'{"name": "Dice Night", "players": [5, 2], "wins": "highest", "rounds": 3}'""",
            "its points sheet: its players: min is greater than max",
        ),
        ("NULL", "its game is a points sheet, but no sheet is stored"),
    ],
)
def test_a_damaged_points_sheet_row_is_named_and_left_as_it_is(sk, sheet, why):
    _new(sk, "Ana", "Ben")
    with sqlite3.connect(sk.db) as conn:
        conn.execute(f"UPDATE games SET sheet = {sheet}")
    before = sk.db.read_bytes()
    result = sk("status")
    assert (result.exit_code, result.output) == (
        1,
        f"Error: {sk.db}: game 1 is damaged ({why}); the file was left as it is\n",
    )
    assert sk.db.read_bytes() == before


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            game_text(scoring='wins = "most"\nrounds = 0\n'),
            "games/dice-night/game.toml:6: field 'scoring.wins': expected \"highest\" or "
            "\"lowest\", got 'most' (1 more problem in the file)",
        ),
        (
            game_text(scoring="rounds = 100\n"),
            "games/dice-night/game.toml:6: field 'scoring.rounds': expected a whole number "
            "1..99, got 100",
        ),
        (
            game_text(scoring="rounds = true\n"),
            "games/dice-night/game.toml:6: field 'scoring.rounds': expected a whole number "
            "1..99, got true",
        ),
        (
            game_text(scoring="rounds = 1_0\n"),
            "games/dice-night/game.toml:6:10: the number 1_0 is written in a form the data "
            "does not take: write whole numbers and decimals in plain digits (10, -2, 0.5), "
            "without _, exponents, hex, octal, binary, inf or nan",
        ),
        (
            game_text(scoring='winner = "lowest"\n'),
            "games/dice-night/game.toml:6: field 'scoring.winner': unknown key; allowed "
            "keys: rounds, wins",
        ),
        (
            game_text(players=(4, 2)),
            "games/dice-night/game.toml:3: field 'players': players.min is greater than "
            "players.max",
        ),
        (
            game_text(players=(0, 2)),
            "games/dice-night/game.toml:3: field 'players.min': expected a whole number "
            "1..12, got 0",
        ),
        (
            game_text("dice-nite"),
            "games/dice-night/game.toml:1: field 'id': game id 'dice-nite' does not match "
            "its folder 'dice-night'",
        ),
        (
            game_text().replace('name = "Dice Night"\n', ""),
            "games/dice-night/game.toml:1: field 'name': missing; expected the game's printed name",
        ),
        (
            game_text().replace("players = ", "players = 4 #"),
            "games/dice-night/game.toml:3: field 'players': expected a table, got 4",
        ),
        (
            game_text() + "rounds = 3\n",
            "games/dice-night/game.toml:8:11: TOML syntax error: Cannot overwrite a value",
        ),
    ],
)
def test_a_bad_game_toml_value_is_one_line_naming_its_file_and_line(
    sk, tmp_path, monkeypatch, text, message
):
    write_game(sk.data, text)
    monkeypatch.chdir(tmp_path)
    result = sk("new", "--data", "games", "dice-night", "Ana", "Ben")
    assert (result.exit_code, result.output) == (1, f"Error: {message}\n")
    assert not sk.db.exists()


def test_a_game_folder_that_is_not_there_names_the_games_that_are(sk, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for game, message in (
        ("dice-day", "'games/dice-day' holds no game.toml; the games in 'games': dice-night"),
        (
            "../dice-night",
            "'../dice-night' cannot be a game's folder: a game id is kebab-case: a-z and "
            "0-9 in words joined by single hyphens",
        ),
        (
            "hack-attack",
            "hack-attack has rules of its own: start it without --data, 'scorekeeper new "
            "hack-attack PLAYER...'",
        ),
    ):
        result = sk("new", "--data", "games", game, "Ana", "Ben")
        assert (result.exit_code, result.output) == (1, f"Error: {message}\n"), game
    for args, message in (
        (
            ("Ana",),
            "Error: 1 player cannot play — rule: Dice Night is for 2–5 players (game.toml: players)\n",
        ),
        (
            ("Ana", "Ben", "--variant", "faster"),
            "Error: Dice Night has no variant 'faster'; it has no official variants\n",
        ),
    ):
        result = sk("new", "--data", "games", "dice-night", *args)
        assert (result.exit_code, result.output) == (1, message), args
    assert not sk.db.exists()


def test_a_registered_game_declaring_a_points_sheet_verb_is_left_out(sk, monkeypatch):
    register(monkeypatch, "coin-flop", "tests.no_such_rules", verbs=("end-round",))
    _new(sk, "Ana", "Ben")
    result = sk("points", "ana", "1")
    assert result.exit_code == 0
    assert result.stderr == (
        "Warning: game coin-flop (registered in code) is left out: the verb 'end-round' is declared by both "
        "the points sheet and coin-flop\n"
    )
    assert "tests.no_such_rules" not in sys.modules


def test_a_long_game_shows_its_last_rounds_and_the_earlier_ones_summed(sk):
    write_game(sk.data, game_text(scoring=""))
    _new(sk, "Ana", "Ben")
    for n in range(1, 11):
        sk("points", "ana", str(n), "ben", "1")
        sk("end-round")
    assert sk("status").output.splitlines()[:4] == [
        "Dice Night — game 1, round 11 (highest total wins)",
        "  Player  R1–4  R5  R6  R7  R8  R9  R10  R11  Total",
        "  Ana       10   5   6   7   8   9   10    –     55",
        "  Ben        4   1   1   1   1   1    1    –     10",
    ]


def test_a_points_sheet_and_a_registered_game_import_nothing_of_each_other(tmp_path):
    """The start-up cost: a points sheet's commands import no registered game's rules, and
    a registered game's commands nothing of the points sheet (scorekeeper.sheets, its
    rules)."""
    db, data = tmp_path / "score.sqlite3", write_game(tmp_path / "games")
    probe = (
        "import sys\nfrom scorekeeper.cli import main\n"
        "try:\n    main(['--db', sys.argv[1], *sys.argv[2:]])\n"
        "except SystemExit as exc:\n    assert not exc.code, exc.code\n"
        "print(sorted(m for m in sys.modules if m == 'scorekeeper.sheets' or "
        "m.startswith('scorekeeper.games.') and m.count('.') == 2), file=sys.stderr)\n"
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

    run("new", "hack-back", "Ana", "Ben")
    assert run("status") == "['scorekeeper.games.hack_back']"
    run("new", "--data", str(data), "dice-night", "Ana", "Ben")
    for args in (["status"], ["points", "ana", "3"], ["undo"], ["history"]):
        assert run(*args) == "['scorekeeper.games.points_sheet', 'scorekeeper.sheets']", args
    assert run("status", "--game", "1") == "['scorekeeper.games.hack_back']"


def test_the_readme_session_runs_as_written(tmp_path, monkeypatch):
    """The README's points sheet section: its game.toml, its commands and the output of
    the last one, read from the README itself."""
    import re
    import shlex
    from pathlib import Path

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text()
    section = readme.split("### A data-only game's points sheet")[1].split("\n### ")[0]
    toml, commands, output = re.findall(r"```(?:toml|sh|text)\n(.*?)```", section, re.S)
    write_game(tmp_path / "games", toml)
    db = tmp_path / "score.sqlite3"
    monkeypatch.chdir(tmp_path)  # where the README's `games` folder is
    for line in commands.splitlines():
        words = shlex.split(line, comments=True)
        assert words[0] == "scorekeeper", line
        result = CliRunner().invoke(main, ["--db", str(db), *words[1:]], env={})
        assert result.exit_code == 0, (line, result.output)
    assert result.output == output
