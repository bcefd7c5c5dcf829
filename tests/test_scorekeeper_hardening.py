"""Regression tests for the scorekeeper half of issue 9, one group per fault kind:
1. values echoed whole; 2. failures outside the error handling (damaged rows, special
paths, an empty SCOREKEEPER_DB); 3. input silently changed (signs, ranges, negative
numbers); 4. output encodings, pipes and terminals; 5. names with joiners and the real
reason for a refusal; 6. local times in `games`; 7. a relative XDG_DATA_HOME."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import time

import pytest
from click.testing import CliRunner

from pnp.core import terminal as output
from scorekeeper import store
from scorekeeper.cli import main
from scorekeeper.context import negatives_as_values
from scorekeeper.errors import StoreError

LONG = "x" * 10_000


@pytest.fixture
def sk(tmp_path):
    db = tmp_path / "score.sqlite3"

    def run(*args, env=None, charset="utf-8", color=False):
        return CliRunner(charset=charset).invoke(
            main, ["--db", str(db), *args], env=env or {}, color=color
        )

    run.db = db
    return run


def one_error_line(result) -> str:
    """The one `Error:` line of a refused command (exit 1: the whole output)."""
    lines = result.output.splitlines()
    errors = [line for line in lines if line.startswith("Error:")]
    assert len(errors) == 1, result.output
    if result.exit_code == 1:
        assert lines == errors, result.output
    return errors[0]


# --- 1. Values echoed whole ----------------------------------------------------------

GAMES = {
    "hack-attack": ("Ana", "Ben"),
    "hack-back": ("Ana", "Ben"),
    "not-a-hack": ("Ana", "Ben", "Cleo"),
}
LONG_VALUES = [
    ("hack-attack", ("protect", LONG, "3")),
    ("hack-attack", ("protect", "ana", LONG)),
    ("hack-attack", ("attack", LONG)),
    ("hack-attack", ("attack", "ransomware", LONG)),
    ("hack-attack", ("user-error", LONG)),
    ("hack-attack", ("defend", LONG, "--players", "2")),
    ("hack-attack", ("check", "hack-attack", LONG)),
    ("hack-back", ("hero", "ana", LONG)),
    ("hack-back", ("hero", LONG, "5")),
    ("hack-back", ("activate", "ana", LONG)),
    ("hack-back", ("play", "ana", "phishing-lure", "-t", LONG)),
    ("not-a-hack", ("hack-off", "--vote", f"{LONG}=ana")),
    ("not-a-hack", ("positive", "ana", LONG)),
    ("not-a-hack", ("hack", "ana", "ben", LONG)),
    ("not-a-hack", ("steal", "ana", LONG)),
    ("hack-attack", ("new", LONG, "Ana", "Ben")),
    ("hack-attack", ("new", "hack-back", LONG, "Ben")),
    ("hack-attack", (LONG,)),
    ("hack-attack", ("status", LONG)),
    ("hack-attack", ("status", f"--{LONG}")),
    ("hack-attack", ("--game", LONG, "status")),
    ("hack-attack", ("protect", "ana", "9" * 5000)),
    ("hack-attack", ("status", f"{LONG} and 'more'")),
]


@pytest.mark.parametrize("game, args", LONG_VALUES, ids=lambda v: str(v)[:40])
def test_a_long_value_is_quoted_shortened_with_its_length_on_one_line(sk, game, args):
    sk("new", game, *GAMES[game])
    before = sk.db.read_bytes()
    result = sk(*args)
    assert isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code in (1, 2)
    line = one_error_line(result)
    assert line.count("characters)") == 1 and len(line) < 250, line
    assert all(len(line) < 250 for line in result.output.splitlines())
    assert sk.db.read_bytes() == before


def test_control_characters_typed_on_the_command_line_are_escaped(sk):
    sk("new", "hack-attack", "Ana", "Ben")
    for args in (("status", "a\nb\x1b[31m"), ("protect", "a\nb", "3"), ("status", "\u202eevil")):
        result = sk(*args)
        line = one_error_line(result)
        assert "\x1b" not in result.output and "\u202e" not in result.output, line


def test_the_help_shown_without_a_command_keeps_its_lines():
    result = CliRunner().invoke(main, [])
    assert result.output.startswith("Usage: ") and "\\u000A" not in result.output
    assert "\n  status " in result.output


# --- 2. Failures outside the error handling -----------------------------------------


def _damage(db, sql: str, *values) -> None:
    conn = sqlite3.connect(db)
    conn.execute(sql, values)
    conn.commit()
    conn.close()


DAMAGES = {
    "players not JSON": (
        "UPDATE games SET players = '[oops'",
        "game 1 is damaged (its players are not JSON)",
    ),
    "players not names": (
        "UPDATE games SET players = '[1, 2]'",
        "game 1 is damaged (its players are not a list of names)",
    ),
    "players the rules refuse": (
        "UPDATE games SET players = '[\"Solo\"]'",
        "game 1 is damaged (its players: 1 player cannot play",
    ),
    "event not JSON": (
        "UPDATE log SET event = '{oops' WHERE id = 1",
        "game 1, event 1 is damaged (not JSON)",
    ),
    "event not an object": (
        "UPDATE log SET event = '[1, 2]' WHERE id = 1",
        "game 1, event 1 is damaged (not a JSON object)",
    ),
    "event deeply nested": (
        "UPDATE log SET event = ? WHERE id = 2",
        "game 1, event 2 is damaged (not JSON)",
    ),
    "event without a type": (
        'UPDATE log SET event = \'{"player": "Ana"}\' WHERE id = 1',
        "game 1, event 1 is damaged (it has no event type)",
    ),
    "event missing a field": (
        'UPDATE log SET event = \'{"type": "protect", "player": "Ana"}\' WHERE id = 1',
        "game 1, event 1 is damaged (field 'points' is missing)",
    ),
    "event with a wrong type": (
        'UPDATE log SET event = \'{"type": "protect", "player": '
        '"Ana", "points": "3"}\' WHERE id = 1',
        "game 1, event 1 is damaged (field 'points' is text, not a whole number)",
    ),
    "event of an unknown type": (
        'UPDATE log SET event = \'{"type": "teleport"}\' WHERE id = 1',
        "game 1, event 1 is damaged (unknown event type 'teleport')",
    ),
    "event the rules refuse": (
        'UPDATE log SET event = \'{"type": "protect", "player": "Zed", "points": 3}\' WHERE id = 1',
        "game 1, event 1 is damaged (the rules refuse it: no player called 'Zed')",
    ),
    "time not text": (
        "UPDATE log SET created = X'00' WHERE id = 2",
        "game 1, event 2 is damaged (its time is not text)",
    ),
}
COMMANDS = [
    ("status",),
    ("stats",),
    ("status", "--json"),
    ("history",),
    ("export",),
    ("result", "--explain"),
    ("user-error", "ana"),
    ("protect", "ben", "2"),
    ("end-turn",),
    ("undo",),
    ("redo",),
]


@pytest.mark.parametrize("damage", sorted(DAMAGES))
def test_a_damaged_row_is_named_with_the_file_and_left_as_it_is(sk, damage):
    sk("new", "hack-attack", "Ana", "Ben")
    sk("protect", "ana", "3")
    sk("end-turn")
    sk("undo")
    sql, message = DAMAGES[damage]
    _damage(sk.db, sql, *(["[" * 100_000 + "]" * 100_000] if "?" in sql else []))
    before = sk.db.read_bytes()
    for command in COMMANDS:
        result = sk(*command)
        assert result.exit_code == 1, (command, result.output, result.exception)
        assert result.output.startswith(f"Error: {sk.db}: {message}"), (command, result.output)
        assert result.output.endswith("; the file was left as it is\n")
        assert result.output.count("\n") == 1
        assert sk.db.read_bytes() == before


def test_a_damaged_game_leaves_the_other_games_usable_and_new_ones_possible(sk):
    sk("new", "hack-attack", "Ana", "Ben")
    _damage(sk.db, "UPDATE games SET players = 'oops' WHERE id = 1")
    assert sk("new", "not-a-hack", "Ana", "Ben", "Cleo").exit_code == 0
    assert sk("positive", "ana", "2").exit_code == 0
    assert sk("--game", "1", "status").exit_code == 1
    assert "Ana: a positive action card, +2" in sk("history").output


def _special_paths(tmp_path):
    folder = tmp_path / "folder"
    folder.mkdir()
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    (tmp_path / "loop1").symlink_to(tmp_path / "loop2")
    (tmp_path / "loop2").symlink_to(tmp_path / "loop1")
    (tmp_path / "zero").symlink_to("/dev/zero")
    return {
        "/dev/full": "it is a device, not a database file",
        str(folder): "it is a folder",
        str(fifo): "it is a pipe (FIFO)",
        str(tmp_path / "zero"): "it is a device",
        str(tmp_path / "loop1"): "Too many levels of symbolic links",
        "/etc/passwd/db.sqlite3": "Not a directory",
        "d/" * 3000 + "db": "(6,002 characters): File name too long",
    }


@pytest.mark.parametrize(
    "command", [("status",), ("new", "hack-attack", "Ana", "Ben"), ("games",), ("undo",)]
)
def test_a_path_that_cannot_hold_a_database_is_refused_with_its_name(tmp_path, command):
    for path, why in _special_paths(tmp_path).items():
        result = CliRunner().invoke(main, ["--db", path, *command], env={})
        assert result.exit_code == 1, (path, result.output, result.exception)
        line = one_error_line(result)
        assert why in line and line.endswith("; name another file with --db"), line
        assert len(line) < 250
    assert list((tmp_path / "folder").iterdir()) == []


def test_unreadable_files_and_unwritable_folders_are_named(sk, monkeypatch, tmp_path):
    sk("new", "hack-attack", "Ana", "Ben")
    monkeypatch.setattr(store.os, "access", lambda path, mode: False)  # as for a non-root user
    line = one_error_line(sk("status"))
    assert line == (
        f"Error: {sk.db}: it cannot be read (permission denied); name another file with --db"
    )
    fresh = tmp_path / "sub" / "new.sqlite3"
    fresh.parent.mkdir()
    result = CliRunner().invoke(main, ["--db", str(fresh), "new", "hack-attack", "Ana", "Ben"])
    assert one_error_line(result) == (
        f"Error: {fresh}: cannot create it: its folder "
        f"{fresh.parent} is not writable; name another file "
        "with --db"
    )
    assert not fresh.exists()


@pytest.mark.parametrize("value, why", [("", "empty"), ("  ", "blank: '  ' is only white space")])
def test_an_empty_scorekeeper_db_is_refused_like_an_empty_db_option(
    tmp_path, monkeypatch, value, why
):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    for args in (["status"], ["new", "hack-attack", "Ana", "Ben"]):
        result = CliRunner().invoke(main, args, env={"SCOREKEEPER_DB": value})
        assert (result.exit_code, result.output) == (
            1,
            f"Error: the database path is {why} (from --db or SCOREKEEPER_DB)\n",
        )
    assert not (tmp_path / "data").exists()
    monkeypatch.setenv("SCOREKEEPER_DB", value)
    with pytest.raises(StoreError, match=f"SCOREKEEPER_DB is set but {why.split(':')[0]}"):
        store.default_path()


# --- 3. Input silently changed -------------------------------------------------------


def _events(sk) -> list[dict]:
    return json.loads(sk("export").output)["events"]


@pytest.mark.parametrize(
    "typed, message",
    [
        ("-1", "Error: positive action cards are worth 1..3 points, got -1\n"),
        ("\u22121", "Error: positive action cards are worth 1..3 points, got \u22121\n"),
        ("4", "Error: positive action cards are worth 1..3 points, got 4\n"),
        ("0", "Error: positive action cards are worth 1..3 points, got 0\n"),
    ],
)
def test_a_positive_card_is_never_recorded_with_another_sign(sk, typed, message):
    sk("new", "not-a-hack", "Ana", "Ben", "Cleo")
    before = sk.db.read_bytes()
    result = sk("positive", "cleo", typed)
    assert (result.exit_code, result.output) == (1, message)
    assert sk.db.read_bytes() == before


@pytest.mark.parametrize(
    "typed, points",
    [("2", -2), ("-2", -2), ("\u22122", -2), ("+2", None), ("-4", None), ("4", None)],
)
def test_a_negative_card_records_exactly_its_loss(sk, typed, points):
    sk("new", "not-a-hack", "Ana", "Ben", "Cleo")
    result = sk("negative", "ana", typed)
    if points is None:
        assert (result.exit_code, result.output) == (
            1,
            "Error: negative action cards are worth 1..3 points (type 2 or -2 for one that "
            f"loses 2), got {typed}\n",
        )
        assert _events(sk) == []
    else:
        assert result.exit_code == 0, result.output
        assert _events(sk)[-1]["points"] == points


def test_a_positive_card_with_a_plus_records_its_points(sk):
    sk("new", "not-a-hack", "Ana", "Ben", "Cleo")
    assert sk("positive", "cleo", "+2").exit_code == 0
    assert _events(sk)[-1]["points"] == 2


@pytest.mark.parametrize(
    "args, message",
    [
        (("user-error", "ana", "-1"), "COUNT must be 1..20, got -1"),
        (("user-error", "ana", "21"), "COUNT must be 1..20, got 21"),
        (("protect", "ana", "-3"), "Tech points must be 1..5 (the deck's range), got -3"),
        (("protect", "ana", "9" * 5000), "Tech points must be 1..5 (the deck's range), got '999"),
        (("defend", "se,se,pw", "--players", "7"), "--players must be 2..6, got 7"),
        (("--game", "0", "status"), "--game must be 1..9223372036854775807, got 0"),
        (("--game", "-3", "status"), "--game must be 1..9223372036854775807, got -3"),
    ],
)
def test_a_number_out_of_range_is_refused_with_the_range_and_exit_1(sk, args, message):
    sk("new", "hack-attack", "Ana", "Ben")
    before = sk.db.read_bytes()
    result = sk(*args)
    assert result.exit_code == 1 and one_error_line(result).startswith(f"Error: {message}")
    assert sk.db.read_bytes() == before


@pytest.mark.parametrize(
    "game, args, message",
    [
        (
            "hack-back",
            ("hero", "ana", "-3"),
            "a printed VC must be 8..24 (the cards' range), got -3",
        ),
        ("hack-back", ("hero", "ana", "99999999999999999999999"), "a printed VC must be 8..24"),
        ("not-a-hack", ("hack", "ana", "ben", "-1"), "CARDS must be 1..3, got -1"),
        (
            "not-a-hack",
            ("hack-off", "--vote", "ana=ben", "--cards", "0"),
            "--cards must be 1..3, got 0",
        ),
        ("not-a-hack", ("steal", "ana", "ben", "--hack", "-2"), "--hack must be 1..99, got -2"),
    ],
)
def test_negative_numbers_reach_the_range_check_in_every_game(sk, game, args, message):
    sk("new", game, *GAMES[game])
    result = sk(*args)
    assert result.exit_code == 1 and message in one_error_line(result), result.output


@pytest.mark.parametrize(
    "args",
    [
        ("user-error", "ana", "two"),
        ("--game", "x", "status"),
        ("positive", "ana", "2", "--bogus"),
        ("hack", "a", "b", "1.5"),
    ],
)
def test_text_where_a_number_belongs_and_unknown_options_stay_usage_errors(sk, args):
    sk("new", "not-a-hack", "Ana", "Ben", "Cleo")
    assert sk(*args).exit_code == 2


def test_negative_numbers_become_values_and_options_keep_theirs():
    from scorekeeper.games.hack_back.verbs import activate

    ctx = main.make_context("scorekeeper", ["status"])
    assert negatives_as_values(activate, ctx, ["ana", "1", "-t", "2"]) == ["ana", "1", "-t", "2"]
    assert negatives_as_values(activate, ctx, ["ana", "-1", "-t", "-2", "--place", "5", "x"]) == [
        "-t",
        "-2",
        "--place",
        "5",
        "--",
        "ana",
        "-1",
        "x",
    ]
    assert negatives_as_values(activate, ctx, ["-3", "--", "-t"]) == ["--", "-3", "-t"]


# --- 4. Output encodings, pipes and terminals ----------------------------------------


def _run(args, db, encoding, stdout=subprocess.PIPE):
    env = {**os.environ, "PYTHONIOENCODING": encoding, "SCOREKEEPER_DB": str(db)}
    env.pop("NO_COLOR", None)
    return subprocess.run(
        [sys.executable, "-c", "from scorekeeper.cli import main; main()", *args],
        env=env,
        stdout=stdout,
        stderr=subprocess.PIPE,
    )


@pytest.mark.parametrize("encoding", ["cp1252", "ascii"])
def test_every_command_completes_on_a_narrow_output_encoding(tmp_path, encoding):
    db = tmp_path / "db.sqlite3"
    names = ["Łukasz", "👩\u200d💻 Ana", "Zoë"]
    made = _run(["new", "hack-attack", *names], db, encoding)
    assert made.returncode == 0, made.stderr
    text = made.stdout.decode(encoding)
    assert "> " in text.splitlines()[3]  # the ▶ marker's plain stand-in
    for args in (
        ["status"],
        ["games"],
        ["history"],
        ["result", "--explain"],
        ["protect", "\u0142", "laptop"],
        ["end-turn"],
        ["undo"],
    ):
        done = _run(args, db, encoding)
        assert done.returncode == 0 and not done.stderr, (args, done.stderr)
        done.stdout.decode(encoding)
    for args in (["status", "--json"], ["export"], ["games", "--json"], ["history", "--json"]):
        done = _run(args, db, encoding)
        assert done.returncode == 0 and done.stdout.isascii(), (args, done.stderr)
        json.loads(done.stdout)
    exported = json.loads(_run(["export"], db, encoding).stdout)
    assert exported["players"] == names and len(exported["log"]) == 3


def test_in_process_the_same_with_clicks_runner(sk):
    result = sk("new", "hack-attack", "Łukasz", "Ben", charset="cp1252")
    assert result.exit_code == 0 and result.exception is None
    assert result.output.splitlines()[3].startswith("> \\u0141ukasz")


def test_a_saved_action_never_fails_on_printing_its_report(sk, monkeypatch):
    sk("new", "hack-attack", "Ana", "Ben")

    def broken(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(output.click, "echo", broken)
    result = sk("protect", "ana", "3")
    assert result.exit_code == 0
    monkeypatch.undo()
    assert _events(sk)[-1]["points"] == 3
    monkeypatch.setattr(output.click, "echo", broken)
    refused = sk("status")  # nothing saved: the failure counts
    assert refused.exit_code == 1


def test_a_full_disk_or_a_closed_pipe_gives_no_traceback(tmp_path):
    db = tmp_path / "db.sqlite3"
    with open("/dev/full", "wb") as full:
        made = _run(["new", "hack-attack", "Ana", "Ben"], db, "utf-8", stdout=full)
        assert made.returncode == 0 and b"Saved, but its report could not be printed" in made.stderr
        shown = _run(["status"], db, "utf-8", stdout=full)
        assert shown.returncode == 1
        assert shown.stderr == b"Error: the output could not be written (No space left on device)\n"
    conn = sqlite3.connect(db)
    conn.executemany(
        "INSERT INTO log (game_id, kind, event, created) VALUES (1, 'action', ?, ?)",
        [('{"type": "end_turn"}', "2026-01-01T00:00:00+00:00")] * 3000,
    )
    conn.commit()
    conn.close()
    env = {**os.environ, "SCOREKEEPER_DB": str(db)}
    piped = subprocess.run(
        f"'{sys.executable}' -c 'from scorekeeper.cli import main; main()' history | head -1",
        shell=True,
        env=env,
        capture_output=True,
    )
    assert piped.stdout == b"  1. turn 1 (Ana): Turn ended\n" and piped.stderr == b""


@pytest.mark.parametrize(
    "env, coloured",
    [
        ({"TERM": "xterm"}, True),
        ({"TERM": "dumb"}, False),
        ({"TERM": "xterm", "NO_COLOR": "1"}, False),
    ],
)
def test_colour_only_when_the_terminal_wants_it(sk, env, coloured):
    sk("new", "hack-attack", "Ana", "Ben")
    result = sk("status", env={"NO_COLOR": None, **env}, color=True)
    assert ("\x1b[" in result.output) is coloured


def test_no_colour_when_the_output_is_not_a_terminal(tmp_path):
    done = _run(["new", "hack-attack", "Ana", "Ben"], tmp_path / "db", "utf-8")
    assert done.returncode == 0 and b"\x1b[" not in done.stdout


# --- 5. Names: joiners and emoji accepted, the real reason for a refusal ------------


@pytest.mark.parametrize(
    "name",
    [
        "👩\u200d💻 Ana",
        "☃\ufe0f",
        "Mehr\u200cdad",
        "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",
        "Zoë",
        "Łukasz",
    ],
)
def test_names_built_with_joiners_selectors_and_tags_are_accepted(sk, name):
    result = sk("new", "hack-attack", name, "Ben")
    assert result.exit_code == 0, result.output
    assert json.loads(sk("status", "--json").output)["players"][0]["name"] == name
    assert sk("protect", name, "3").exit_code == 0


@pytest.mark.parametrize(
    "name, message",
    [
        ("A\tB", "holds U+0009 (a control character)"),
        ("A\x85B", "holds U+0085 (a control character)"),
        (
            "\u202eevil",
            "holds U+202E RIGHT-TO-LEFT OVERRIDE (a bidi control, which changes the "
            "order other text shows in)",
        ),
        ("Ana\u200bBen", "holds U+200B ZERO WIDTH SPACE (an invisible format character)"),
        ("A\u2028B", "holds U+2028 LINE SEPARATOR (a line break)"),
        ("A\udcffB", "holds U+DCFF (not text (a byte of the command line that is not UTF-8))"),
        ("\u200d", "shows nothing: every character in it is invisible"),
        ("\u2800", "shows nothing"),
        ("\ufe0f\u200d", "shows nothing"),
    ],
)
def test_names_that_hide_or_move_text_are_refused_naming_the_character(sk, name, message):
    result = sk("new", "hack-attack", name, "Ben")
    assert result.exit_code == 1 and message in one_error_line(result), result.output
    assert not sk.db.exists()


def test_names_differing_only_by_invisible_characters_are_the_same_name(sk):
    result = sk("new", "hack-attack", "Ana", "ana\u200d")
    assert result.exit_code == 1 and "names must differ" in result.output


# --- 6. Local times in `games` -------------------------------------------------------


@pytest.fixture
def local_zone(monkeypatch):
    monkeypatch.setenv("TZ", "ABC+05")  # five hours behind UTC, no daylight saving
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_games_shows_local_time_and_json_keeps_utc(sk, local_zone):
    sk("new", "hack-attack", "Ana", "Ben")
    _damage(sk.db, "UPDATE games SET created = '2026-11-30T17:05:09+00:00'")
    assert sk("games").output == "   1  hack-attack  Ana, Ben  2026-11-30 12:05 ABC (current)\n"
    assert json.loads(sk("games", "--json").output)[0]["created"] == "2026-11-30T17:05:09+00:00"
    assert json.loads(sk("export").output)["created"] == "2026-11-30T17:05:09+00:00"


# --- 7. A relative XDG_DATA_HOME -----------------------------------------------------


def test_a_relative_xdg_data_home_never_puts_the_database_here(tmp_path, monkeypatch):
    import platformdirs

    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SCOREKEEPER_DB", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DATA_HOME", "relative/data")
    path = store.default_path()
    assert path == tmp_path / "home" / ".local/share/hackpack/scorekeeper.sqlite3"
    # older platformdirs (the floor, 3.0) return the relative folder as it is
    monkeypatch.setattr(platformdirs, "user_data_dir", lambda *a, **k: "relative/data/hackpack")
    assert store.default_path() == path


def test_an_absolute_xdg_data_home_is_used(tmp_path, monkeypatch):
    monkeypatch.delenv("SCOREKEEPER_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert store.default_path() == tmp_path / "data/hackpack/scorekeeper.sqlite3"
