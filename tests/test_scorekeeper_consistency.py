"""Regression tests for what a tester found after issue 9's hardening, one group per
fault kind: 1. log rows no command writes (an undo or redo out of place, an event where
none belongs, a time that is no time); 2. a stored game the score keeper has no rules
for; 3. Hack Back's Hero numbers read like every other number; 4. the numbers inside
`check` entries the same; 5. an empty or blank database path in one line; 6. a typed
database path makes no folders; 7. counts in words ("1 player"); 8. names kept
exactly as typed; 9. status columns that line up in any output encoding."""

from __future__ import annotations

import ast
import json
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from scorekeeper.cli import main
from scorekeeper.games import playable

NOW = "2026-11-30T17:05:09+00:00"


@pytest.fixture
def sk(tmp_path):
    db = tmp_path / "score.sqlite3"

    def run(*args, env=None, charset="utf-8"):
        return CliRunner(charset=charset).invoke(main, ["--db", str(db), *args], env=env or {})

    run.db = db
    return run


def _sql(db, *statements: str) -> None:
    conn = sqlite3.connect(db)
    for statement in statements:
        conn.execute(statement)
    conn.commit()
    conn.close()


def _row(kind: str, event: str | None = None, created: str = NOW) -> str:
    text = "NULL" if event is None else f"'{event}'"
    return (
        f"INSERT INTO log (game_id, kind, event, created) VALUES (1, '{kind}', {text}, '{created}')"
    )


def refused_in_one_line(result, message: str) -> None:
    assert (result.exit_code, result.output) == (1, f"Error: {message}\n"), result.output


# --- 1. Log rows no command writes -------------------------------------------------------

USER_ERROR = '{"type": "user_error", "player": "Ben", "count": 1}'
#: damage (SQL run after `new hack-attack Ana Ben; user-error ben`) -> where, why
LOG_DAMAGES = {
    "an undo that holds an event": (
        ["UPDATE log SET kind = 'undo' WHERE id = 1"],
        "game 1, event 1",
        "it is an undo yet holds an event",
    ),
    "an undo with nothing before it": (
        ["UPDATE log SET kind = 'undo', event = NULL WHERE id = 1"],
        "game 1, event 1",
        "an undo with no action before it to take back",
    ),
    "more undos than actions": (
        [_row("undo"), _row("undo")],
        "game 1, event 3",
        "an undo with no action before it to take back",
    ),
    "a redo with nothing undone": (
        [_row("redo")],
        "game 1, event 2",
        "a redo with no undone action to bring back",
    ),
    "a redo after a new action": (
        [_row("undo"), _row("action", USER_ERROR), _row("redo")],
        "game 1, event 4",
        "a redo with no undone action to bring back",
    ),
    "a redo that holds an event": (
        [_row("undo"), _row("redo", USER_ERROR)],
        "game 1, event 3",
        "it is a redo yet holds an event",
    ),
    "an action without its event": (
        ["UPDATE log SET event = NULL WHERE id = 1"],
        "game 1, event 1",
        "it is an action without its event",
    ),
    "an event time that is no time": (
        ["UPDATE log SET created = 'yesterday' WHERE id = 1"],
        "game 1, event 1",
        "its time 'yesterday' is not an ISO 8601 time with its UTC offset, such as "
        "2026-11-30T17:05:09+00:00",
    ),
    "an event time without its offset": (
        ["UPDATE log SET created = '2026-11-30T17:05:09' WHERE id = 1"],
        "game 1, event 1",
        "its time '2026-11-30T17:05:09' is not an ISO 8601 time",
    ),
    "an event time not on the calendar": (
        ["UPDATE log SET created = '2026-13-31T17:05:09+00:00' WHERE id = 1"],
        "game 1, event 1",
        "its time '2026-13-31T17:05:09+00:00' is not an ISO 8601 time",
    ),
    "a game time that is a word": (
        ["UPDATE games SET created = 'yesterday'"],
        "game 1",
        "its time 'yesterday' is not an ISO 8601 time",
    ),
    "a game time that is a number": (
        ["UPDATE games SET created = 12"],
        "game 1",
        "its time '12' is not an ISO 8601 time",
    ),
    "a game time that is a blob": (
        ["UPDATE games SET created = X'00'"],
        "game 1",
        "its time is not text",
    ),
}
COMMANDS = [
    ("status",),
    ("stats",),
    ("status", "--json"),
    ("history",),
    ("history", "--json"),
    ("export",),
    ("result", "--explain"),
    ("user-error", "ana"),
    ("protect", "ben", "2"),
    ("end-turn",),
    ("undo",),
    ("redo",),
]


@pytest.mark.parametrize("damage", sorted(LOG_DAMAGES))
def test_a_log_row_no_command_writes_is_a_damaged_row(sk, damage):
    sk("new", "hack-attack", "Ana", "Ben")
    sk("user-error", "ben")
    statements, where, why = LOG_DAMAGES[damage]
    _sql(sk.db, *statements)
    before = sk.db.read_bytes()
    commands = COMMANDS + ([("games",), ("games", "--json")] if where == "game 1" else [])
    for command in commands:
        result = sk(*command)
        assert result.exit_code == 1, (command, result.output)
        assert result.output.startswith(f"Error: {sk.db}: {where} is damaged ({why}"), (
            command,
            result.output,
        )
        assert result.output.endswith("); the file was left as it is\n")
        assert result.output.count("\n") == 1
        assert sk.db.read_bytes() == before


def test_undo_and_redo_written_by_commands_still_replay(sk):
    sk("new", "hack-attack", "Ana", "Ben")
    for command in (
        ("user-error", "ben"),
        ("undo",),
        ("redo",),
        ("undo",),
        ("protect", "ana", "3"),
        ("undo",),
        ("redo",),
        ("end-turn",),
        ("undo",),
        ("undo",),
        ("redo",),
        ("redo",),
    ):
        assert sk(*command).exit_code == 0, command
    assert sk("redo").output == "Error: nothing to redo\n"
    events = json.loads(sk("export").output)["events"]
    assert [e["type"] for e in events] == ["protect", "end_turn"]


def test_effective_events_refuses_an_undo_or_redo_out_of_place():
    from scorekeeper.store import LogRow, OutOfPlace, effective_events

    act, undo, redo = (
        LogRow(1, "action", {"type": "end_turn"}, NOW),
        LogRow(2, "undo", None, NOW),
        LogRow(3, "redo", None, NOW),
    )
    assert effective_events([act, undo, redo]) == ([act], [])
    for rows, bad in (([undo], undo), ([act, undo, undo], undo), ([act, redo], redo)):
        with pytest.raises(OutOfPlace) as caught:
            effective_events(rows)
        assert caught.value.row is bad


# --- 2. A stored game the score keeper has no rules for ----------------------------------


@pytest.mark.parametrize("game", ["chess", ""])
def test_a_stored_game_without_rules_is_a_damaged_row_naming_it(sk, game):
    sk("new", "hack-attack", "Ana", "Ben")
    _sql(sk.db, f"UPDATE games SET game = '{game}'")
    before = sk.db.read_bytes()
    for command in (
        ("status",),
        ("games",),
        ("games", "--json"),
        ("history",),
        ("export",),
        ("result",),
        ("undo",),
        ("user-error", "ana"),
    ):
        result = sk(*command)
        refused_in_one_line(
            result,
            f"{sk.db}: game 1 is damaged (its game '{game}' is not one "
            f"the score keeper keeps: {', '.join(playable())}); the "
            "file was left as it is",
        )
    assert sk.db.read_bytes() == before


# --- 3. Hack Back's Hero numbers ---------------------------------------------------------


@pytest.fixture
def hack_back(sk):
    sk("new", "hack-back", "Ana", "Ben")
    sk("hero", "ana", "script-kiddie")
    sk("hero", "ben", "sock-puppet")
    return sk


@pytest.mark.parametrize(
    "args, message",
    [
        (
            ("play", "ana", "phishing-lure", "-t", "99999999999999999999"),
            "no Hero #99999999999999999999 in play",
        ),
        (("play", "ana", "phishing-lure", "-t", "999"), "no Hero #999 in play"),
        (("play", "ana", "phishing-lure", "-t", "-2"), "Hero numbers are 1 or more, got -2"),
        (("play", "ana", "phishing-lure", "-t", "#0"), "Hero numbers are 1 or more, got '#0'"),
        (("activate", "ana", "99999999999999999999"), "no Hero #99999999999999999999 in play"),
        (("activate", "ana", "-1"), "Hero numbers are 1 or more, got -1"),
        (
            ("play", "ana", "phishing-lure", "-t", "1", "-t", "2"),
            "Phishing Lure's Play instructions take 1 target, got 2 targets",
        ),
    ],
)
def test_a_hero_number_out_of_range_is_refused_naming_the_hero_or_the_range(
    hack_back, args, message
):
    before = hack_back.db.read_bytes()
    refused_in_one_line(hack_back(*args), message)
    assert hack_back.db.read_bytes() == before


@pytest.mark.parametrize(
    "args",
    [
        ("play", "ana", "phishing-lure", "-t", "abc"),
        ("play", "ana", "phishing-lure", "-t", "2.5"),
        ("activate", "ana", "abc"),
        ("activate", "ana", "none"),
    ],
)
def test_text_where_a_hero_number_belongs_is_a_usage_error(hack_back, args):
    before = hack_back.db.read_bytes()
    result = hack_back(*args)
    assert result.exit_code == 2 and "is not a Hero number such as 3 or #3" in result.output
    assert hack_back.db.read_bytes() == before


@pytest.mark.parametrize("typed", ["2", "#2", "+2", " 2 "])
def test_a_hero_number_is_read_as_typed_with_or_without_its_sign(hack_back, typed):
    result = hack_back("play", "ana", "phishing-lure", "-t", typed)
    assert result.output.startswith("Ana played Phishing Lure: Attack 2 on #2.\n"), result.output


# --- 4. Numbers inside `check` entries ---------------------------------------------------


@pytest.mark.parametrize(
    "entry, message",
    [
        (
            "Ana=5/99999999999999999999",
            "User Errors must be 0..14 (the deck's User Error cards), got 99999999999999999999",
        ),
        (
            "Ana=5,99999999999999999999",
            "Tech points must be 1..5 (the deck's range), got 99999999999999999999",
        ),
        ("Ana=-5", "Tech points must be 1..5 (the deck's range), got -5"),
        ("Ana=\u22125", "Tech points must be 1..5 (the deck's range), got \u22125"),
        (
            "Ana=0",
            "Tech points must be 1..5 (the deck's range), got 0; for a player with no "
            "Protected Tech write Ana=none",
        ),
        ("Ana=3,0", "Tech points must be 1..5 (the deck's range), got 0"),
        ("Ana=5/-1", "User Errors must be 0..14 (the deck's User Error cards), got -1"),
    ],
)
def test_a_number_out_of_range_in_a_check_entry_names_the_range(sk, entry, message):
    refused_in_one_line(sk("check", "hack-attack", entry, "Ben=5"), message)


@pytest.mark.parametrize("typed", ["7", "-3", "99999999999999999999"])
def test_check_and_protect_answer_the_same_number_alike(sk, typed):
    sk("new", "hack-attack", "Ana", "Ben")
    assert (
        sk("check", "hack-attack", f"Ana={typed}", "Ben=5").output
        == sk("protect", "ana", typed).output
    )


@pytest.mark.parametrize(
    "signed, plain", [("Ana=+5", "Ana=5"), ("Ana=5/+1", "Ana=5/1"), ("Ana= 5, 3 /1", "Ana=5,3/1")]
)
def test_a_sign_in_a_check_entry_is_read_as_elsewhere(sk, signed, plain):
    result = sk("check", "hack-attack", signed, "Ben=5,4,3,2", "--json")
    assert result.exit_code == 0, result.output
    assert result.output == sk("check", "hack-attack", plain, "Ben=5,4,3,2", "--json").output


# --- 5. An empty or blank database path ---------------------------------------------------


@pytest.mark.parametrize(
    "value, why",
    [
        ("", "empty"),
        (" ", "blank: ' ' is only white space"),
        ("\n", "blank: '\\u000A' is only white space"),
    ],
)
def test_an_empty_or_blank_database_path_is_one_line(tmp_path, monkeypatch, value, why):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    message = f"Error: the database path is {why} (from --db or SCOREKEEPER_DB)\n"
    for args, env in (
        (["--db", value, "status"], {}),
        (["games"], {"SCOREKEEPER_DB": value}),
        (["new", "hack-attack", "A", "B"], {"SCOREKEEPER_DB": value}),
    ):
        result = CliRunner().invoke(main, args, env=env)
        assert (result.exit_code, result.output) == (1, message)
    assert not (tmp_path / "data").exists()


# --- 6. A typed database path makes no folders --------------------------------------------


def test_a_missing_folder_of_a_typed_path_is_refused_and_not_made(tmp_path):
    missing = tmp_path / "typo" / "deeper" / "x.db"
    for args, env in ((["--db", str(missing)], {}), ([], {"SCOREKEEPER_DB": str(missing)})):
        result = CliRunner().invoke(main, [*args, "new", "hack-attack", "A", "B"], env=env)
        refused_in_one_line(
            result,
            f"{missing}: its folder {missing.parent} does not exist; name another file with --db",
        )
    assert list(tmp_path.iterdir()) == []


def test_the_default_database_folder_is_still_made(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    result = CliRunner().invoke(
        main, ["new", "hack-attack", "A", "B"], env={"SCOREKEEPER_DB": None}
    )
    assert result.exit_code == 0, result.output
    assert (tmp_path / "data" / "hackpack" / "scorekeeper.sqlite3").is_file()


# --- 7. Counts in words -------------------------------------------------------------------


def test_plural_says_one_in_the_singular():
    from pnp.core.shown import plural

    assert [plural(n, "point") for n in (0, 1, 2, -1, -2)] == [
        "0 points",
        "1 point",
        "2 points",
        "-1 point",
        "-2 points",
    ]
    assert plural(1, "Hero", "Heroes") == "1 Hero" and plural(3, "Hero", "Heroes") == "3 Heroes"


@pytest.mark.parametrize(
    "args, message",
    [
        (
            ("new", "hack-attack", "Solo"),
            "1 player cannot play — rule: Hack Attack: Defense is for 2–6 players",
        ),
        (("new", "hack-back", "Solo"), "1 player cannot play"),
        (("new", "not-a-hack", "Solo"), "1 player cannot play"),
        (("check", "hack-attack", "Solo=5"), "1 player cannot play"),
    ],
)
def test_one_player_is_one_player(sk, args, message):
    result = sk(*args)
    assert result.exit_code == 1 and result.output.startswith(f"Error: {message}"), result.output


def test_a_banned_players_one_point_is_one_point(sk):
    sk("new", "not-a-hack", "Ana", "Ben", "Cleo")
    sk("positive", "ana", "1")
    result = sk("banned", "ana", "--no-counter")
    assert "automatic: Ana is banned: their 1 point is final\n" in result.output


@pytest.mark.parametrize("kept, verb", [("1", "is"), ("13", "are")])
def test_one_user_error_kept_is_one(sk, kept, verb):
    sk("new", "hack-attack", "Ana", "Ben")
    sk("user-error", "ana", kept)
    result = sk("user-error", "ben", "14")
    assert result.output.startswith(
        f"Error: the deck has 14 User Error cards and {kept} {verb} already kept"
    ), result.output


def test_no_message_in_scorekeeper_writes_a_count_with_s_in_brackets():
    """The whole kind: every count goes through scorekeeper.plural, no "(s)" and no
    "'s' if n != 1" in an f-string of the package."""
    found = []
    for path in sorted(Path("scorekeeper").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.JoinedStr):
                text = "".join(v.value for v in node.values if isinstance(v, ast.Constant))
                if "(s)" in text:
                    found.append(f"{path}:{node.lineno}")
            if (
                isinstance(node, ast.IfExp)
                and isinstance(node.body, ast.Constant)
                and node.body.value == "s"
            ):
                found.append(f"{path}:{node.lineno}")
    assert found == []


# --- 8. Names kept exactly as typed -------------------------------------------------------


@pytest.mark.parametrize(
    "name, message",
    [
        ("Ana ", "the name 'Ana ' ends with a space; type it without"),
        (" Ana", "the name ' Ana' starts with a space; type it without"),
        (" Ana ", "the name ' Ana ' starts and ends with a space; type it without"),
        (
            "Ana\u00a0",
            "the name 'Ana\u00a0' ends with white space (U+00A0 NO-BREAK SPACE); type it without",
        ),
        ("\tAna", "the name '\\u0009Ana' starts with white space (U+0009); type it without"),
        ("   ", "the name '   ' is only white space"),
    ],
)
def test_a_name_with_white_space_around_it_is_refused_not_changed(sk, name, message):
    refused_in_one_line(sk("new", "hack-attack", name, "Ben"), message)
    assert not sk.db.exists()


def test_names_typed_at_the_table_still_find_their_player(sk):
    sk("new", "hack-attack", "Ana", "Ben")
    assert sk("protect", " ana ", "3").exit_code == 0
    assert json.loads(sk("status", "--json").output)["players"][0]["points"] == 3


# --- 9. Status columns in any output encoding ---------------------------------------------


def _table_lines(output: str, header: str) -> list[str]:
    lines = output.splitlines()
    start = next(i for i, line in enumerate(lines) if header in line)
    table = [lines[start]]
    for line in lines[start + 1 :]:
        if not line.startswith(("  ", "> ", "\u25b6 ")):
            break
        table.append(line)
    return table


@pytest.mark.parametrize("charset", ["ascii", "cp1252", "latin-1"])
@pytest.mark.parametrize(
    "game, names, header",
    [
        ("hack-attack", ("\u0141ukasz", "Zo\u00eb", "\u738b\u82b3"), "Player"),
        ("not-a-hack", ("\u0141ukasz", "Zo\u00eb", "\u738b\u82b3"), "Player"),
        ("hack-back", ("\u0141ukasz", "\u738b\u82b3"), "Owner"),
    ],
)
def test_status_columns_line_up_in_a_narrow_encoding(sk, charset, game, names, header):
    sk("new", game, *names)
    if game == "hack-back":
        sk("hero", names[0], "script-kiddie")
        sk("hero", names[1], "sock-puppet")
    table = _table_lines(sk("status", charset=charset).output, header)
    assert len(table) == len(names) + 1
    assert len({len(line) for line in table}) == 1, table  # ASCII out: one column each


def test_printed_width_counts_what_the_output_shows():
    from scorekeeper.view import printed_width

    class Out:
        def __init__(self, encoding):
            self.encoding = encoding

    ascii_out, utf8 = Out("ascii"), Out("utf-8")
    assert printed_width("\u0141ukasz", ascii_out) == len("\\u0141ukasz")
    assert printed_width("Zo\u00eb", ascii_out) == 3 and printed_width("Zo\u00eb", utf8) == 3
    assert printed_width("\u738b\u82b3", utf8) == 4  # wide characters
    assert printed_width("e\u0301", utf8) == 1  # a combining accent
