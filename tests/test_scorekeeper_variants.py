"""The official variants (issue 10, item 3), chosen at `new` and shown by `status` and
`result --explain`; `defend` and `check` take the same option. Rules:
shared/rules/hack-attack-defense.txt, “Faster variant: let players Protect any number of
Tech cards on their turn” and “Variant: for an easier or harder game, lower or raise the
number of icons the table must cover”. And the store that keeps them: a schema 1 file is
read as it is and upgraded by the first `new`."""

from __future__ import annotations

import json
import sqlite3

from click.testing import CliRunner

from scorekeeper.cli import main
from scorekeeper.store import APP_ID

FASTER_RULE = "rules, “Faster variant: let players Protect any number of Tech cards on their turn”"
COVER_RULE = (
    "rules, “Variant: for an easier or harder game, lower or raise the number of "
    "icons the table must cover”"
)


def runner(db):
    def run(*args):
        return CliRunner().invoke(main, ["--db", str(db), *args], env={})

    return run


def ok(result) -> str:
    assert result.exit_code == 0, result.output
    return result.output


def refused(result, message: str) -> None:
    assert (result.exit_code, result.output) == (1, f"Error: {message}\n")


# --- The faster variant ----------------------------------------------------------------


def test_without_the_faster_variant_a_second_protect_in_a_turn_is_refused(tmp_path):
    sk = runner(tmp_path / "db")
    ok(sk("new", "hack-attack", "Ana", "Ben"))
    ok(sk("protect", "Ana", "laptop"))
    refused(
        sk("protect", "Ana", "smart-tv"),
        "Ana has already Protected a Tech card this turn — rule: you may Protect one "
        "Tech card per turn (rules, “You may Protect one Tech card per turn”); legal now: "
        "attack or end-turn (Ana); user-error (anyone)",
    )


def test_the_faster_variant_protects_any_number_and_the_trigger_turn_may_go_past_4(tmp_path):
    sk = runner(tmp_path / "db")
    started = ok(sk("new", "hack-attack", "Ana", "Ben", "--variant", "faster"))
    assert started.splitlines()[:3] == [
        "Game 1: Hack Attack: Defense with Ana, Ben.",
        "Hack Attack: Defense — game 1, turn 1: Ana's turn",
        "Variant faster: any number of Tech cards may be Protected on a turn",
    ]
    for points in ("3", "3", "3"):
        ok(sk("protect", "Ana", points))
    fourth = ok(sk("protect", "Ana", "2"))
    assert (
        "automatic: Ana has 4 Protected Tech: the final round starts — after this "
        "turn, Ben takes one last turn"
    ) in fourth
    ok(sk("protect", "Ana", "2"))  # a fifth, on the same turn
    ok(sk("end-turn"))
    ok(sk("protect", "Ben", "4"))
    ok(sk("protect", "Ben", "4"))
    ended = ok(sk("end-turn"))
    assert "Winner: Ana (highest total)" in ended
    assert ok(sk("result", "--explain")).splitlines() == [
        "Winner: Ana (highest total)",
        f"Variant faster: any number of Tech cards may be Protected on a turn ({FASTER_RULE})",
        "Ana Protected Tech number 4, every other player took one last turn, and the game "
        "was scored.",
        "Each player scores the points on their Protected Tech, minus 1 per User Error "
        "(unprotected Tech scores nothing).",
        "  Ana: 3 + 3 + 3 + 2 + 2 = 13, minus 0 User Errors = 13",
        "  Ben: 4 + 4 = 8, minus 0 User Errors = 8",
        "Highest total: Ana with 13.",
    ]
    status = json.loads(ok(sk("status", "--json")))
    assert (status["variants"], status["protects_per_turn"]) == ({"faster": True}, None)
    assert json.loads(ok(sk("result", "--json")))["variants"] == {"faster": True}
    assert json.loads(ok(sk("export")))["variants"] == {"faster": True}


# --- The cover variant -----------------------------------------------------------------


def test_the_cover_variant_sets_the_icons_the_table_covers_at_any_player_count(tmp_path):
    sk = runner(tmp_path / "db")
    ok(sk("new", "hack-attack", "Ana", "Ben", "Cleo", "--variant", "cover=1"))
    assert ok(sk("status")).splitlines()[1] == (
        "Variant cover=1: the table covers 1 of an Attack's 3 icons at every player count"
    )
    held = ok(sk("attack", "phishing-email", "passwords"))
    assert held.splitlines()[:3] == [
        "Attack icons: Social Engineering, Social Engineering, Passwords; revealed: Passwords.",
        "  Passwords covers icon 3 (Passwords)",
        "1 of 3 icons covered, 1 needed (the cover variant): the defense holds.",
    ]
    assert "Ana drew Phishing Email: the defense held." in held
    assert json.loads(ok(sk("status", "--json")))["icons_to_cover"] == 1


def test_the_cover_variant_can_raise_the_count(tmp_path):
    sk = runner(tmp_path / "db")
    ok(sk("new", "hack-attack", "Ana", "Ben", "--variant", "cover=2"))
    failed = ok(sk("attack", "ransomware-infection", "backups"))
    assert "1 of 3 icons covered, 2 needed (the cover variant): the defense fails." in failed


def test_defend_takes_the_same_variant_and_gives_the_same_verdict(tmp_path):
    sk = runner(tmp_path / "db")
    standard = ok(sk("defend", "phishing-email", "passwords", "--players", "3"))
    assert standard.splitlines()[-1] == "1 of 3 icons covered, 2 needed: the defense fails."
    easier = ok(
        sk("defend", "phishing-email", "passwords", "--players", "3", "--variant", "cover=1")
    )
    assert easier.splitlines()[-1] == (
        "1 of 3 icons covered, 1 needed (the cover variant): the defense holds."
    )
    as_json = json.loads(
        ok(
            sk(
                "defend",
                "phishing-email",
                "passwords",
                "--players",
                "3",
                "--variant",
                "cover=1",
                "--json",
            )
        )
    )
    assert (as_json["needed"], as_json["holds"]) == (1, True)


def test_a_cover_the_table_cannot_reach_is_refused_before_anything_is_written(tmp_path):
    db = tmp_path / "db"
    sk = runner(db)
    message = (
        "2 players reveal at most 2 Defense cards, so they cannot cover 3 icons — "
        "rule: for an easier or harder game, lower or raise the number of icons the "
        "table must cover (rules, “Variant”); each player places one Defense card at "
        "most (rules, “Everyone picks one card”)"
    )
    refused(sk("new", "hack-attack", "Ana", "Ben", "--variant", "cover=3"), message)
    assert not db.exists()
    refused(
        sk("defend", "phishing-email", "passwords", "--players", "2", "--variant", "cover=3"),
        message,
    )


# --- check takes the variants ------------------------------------------------------------


def test_check_accepts_more_than_4_protected_only_with_the_faster_variant(tmp_path):
    sk = runner(tmp_path / "db")
    refused(
        sk("check", "hack-attack", "Ana=3,3,3,3,2", "Ben=4,4"),
        "Ana has 5 Protected Tech; at 2 players the game ends at 4, one Protect a turn "
        "(a table playing the faster variant says --variant faster) — rule: you may "
        "Protect one Tech card per turn (rules, “You may Protect one Tech card per turn”)",
    )
    assert ok(
        sk("check", "hack-attack", "Ana=3,3,3,3,2", "Ben=4,4", "--variant", "faster")
    ).splitlines()[:3] == [
        "Winner: Ana (highest total)",
        f"Variant faster: any number of Tech cards may be Protected on a turn ({FASTER_RULE})",
        "Ana has 4 or more Protected Tech, the end of the game at 2 players: after everyone "
        "else's last turn the table is scored.",
    ]
    as_json = json.loads(
        ok(sk("check", "hack-attack", "Ana=3,3,3,3,2", "Ben=4,4", "--variant", "faster", "--json"))
    )
    assert (as_json["winners"], as_json["variants"]) == (["Ana"], {"faster": True})


# --- What is typed -----------------------------------------------------------------------


def test_variants_that_do_not_exist_or_are_mistyped_are_refused(tmp_path):
    db = tmp_path / "db"
    sk = runner(db)
    for args, message in [
        (
            ("hack-attack", "A", "B", "--variant", "speed"),
            "Hack Attack: Defense has no variant 'speed'; its variants: faster, cover=1..3",
        ),
        (
            ("hack-back", "A", "B", "--variant", "faster"),
            "Hack Back has no variant 'faster'; it has no official variants",
        ),
        (
            ("hack-attack", "A", "B", "--variant", "cover=0"),
            "the cover variant must be 1..3, got 0",
        ),
        (
            ("hack-attack", "A", "B", "--variant", "cover=1", "--variant", "cover=2"),
            "the cover variant is given twice, with different values",
        ),
    ]:
        refused(sk("new", *args), message)
    for args, message in [  # not the variant's notation: a usage error, exit 2
        (
            ("hack-attack", "A", "B", "--variant", "cover"),
            "the cover variant needs a whole number: --variant cover=1..3",
        ),
        (
            ("hack-attack", "A", "B", "--variant", "cover=abc"),
            "the cover variant needs a whole number: --variant cover=1..3",
        ),
        (
            ("hack-attack", "A", "B", "--variant", "faster=yes"),
            "the faster variant takes no value: type --variant faster",
        ),
    ]:
        result = sk("new", *args)
        assert result.exit_code == 2 and result.output.startswith("Usage: main new ")
        assert result.output.endswith(f"\nError: {message}\n")
    assert not db.exists()
    ok(sk("new", "hack-attack", "A", "B", "--variant", "FASTER", "--variant", "faster"))
    assert json.loads(ok(sk("status", "--json")))["variants"] == {"faster": True}


def test_games_lists_the_variants_of_each_game(tmp_path):
    sk = runner(tmp_path / "db")
    ok(sk("new", "hack-attack", "A", "B"))
    ok(sk("new", "hack-attack", "A", "B", "--variant", "cover=2", "--variant", "faster"))
    listed = ok(sk("games")).splitlines()
    assert "variants" not in listed[0]
    assert listed[1].endswith("(variants: faster, cover=2) (current)")
    assert [g["variants"] for g in json.loads(ok(sk("games", "--json")))] == [
        {},
        {"faster": True, "cover": 2},
    ]


# --- The store ---------------------------------------------------------------------------


def _schema_1_file(path) -> None:
    """A database as scorekeeper wrote it before variants: schema 1, one Hack Attack game
    with one Protect."""
    conn = sqlite3.connect(path)
    conn.executescript(f"""
        CREATE TABLE games (id INTEGER PRIMARY KEY, game TEXT NOT NULL,
                            players TEXT NOT NULL, created TEXT NOT NULL);
        CREATE TABLE log (id INTEGER PRIMARY KEY, game_id INTEGER NOT NULL REFERENCES games(id),
                          kind TEXT NOT NULL CHECK (kind IN ('action', 'undo', 'redo')),
                          event TEXT, created TEXT NOT NULL);
        CREATE INDEX log_by_game ON log (game_id, id);
        PRAGMA application_id = {APP_ID};
        PRAGMA user_version = 1;
        INSERT INTO games VALUES (1, 'hack-attack', '["Ana", "Ben"]', '2026-01-02T03:04:05Z');
        INSERT INTO log VALUES (1, 1, 'action', '{{"type": "protect", "player": "Ana",
            "points": 3, "card": "laptop", "name": "Laptop", "copies": null,
            "deck_at_points": null}}', '2026-01-02T03:05:00Z');
    """)
    conn.commit()
    conn.close()


def test_a_schema_1_file_is_read_unchanged_and_upgraded_by_the_next_new(tmp_path):
    db = tmp_path / "old.sqlite3"
    _schema_1_file(db)
    before = db.read_bytes()
    sk = runner(db)
    assert json.loads(ok(sk("status", "--json")))["players"][0]["points"] == 3
    ok(sk("games"))
    assert db.read_bytes() == before  # reading never changes the file
    ok(sk("new", "hack-attack", "Cleo", "Dan", "--variant", "faster"))
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 2
    conn.close()
    assert [g["variants"] for g in json.loads(ok(sk("games", "--json")))] == [{}, {"faster": True}]
    assert json.loads(ok(sk("--game", "1", "status", "--json")))["players"][0]["points"] == 3


def test_a_damaged_variants_row_is_named_and_the_file_left_as_it_is(tmp_path):
    db = tmp_path / "db"
    sk = runner(db)
    ok(sk("new", "hack-attack", "A", "B"))
    for stored, why in [
        ("not json", "its variants are not JSON"),
        ('{"cover": 2.5}', "its variants are not an object of names and values"),
        (
            '{"speed": true}',
            "its variants: Hack Attack: Defense has no variant "
            "'speed'; its variants: faster, cover=1..3",
        ),
        ('{"cover": 9}', "its variants: the cover variant must be 1..3, got 9"),
    ]:
        conn = sqlite3.connect(db)
        conn.execute("UPDATE games SET variants = ?", (stored,))
        conn.commit()
        conn.close()
        before = db.read_bytes()
        result = sk("status")
        assert result.exit_code == 1
        assert f"game 1 is damaged ({why}); the file was left as it is" in result.output
        assert db.read_bytes() == before


def test_shell_completion_offers_the_variants_of_the_game_typed():
    from click.shell_completion import ShellComplete

    complete = ShellComplete(main, {}, "scorekeeper", "_SCOREKEEPER_COMPLETE")

    def offered(args, incomplete=""):
        return [c.value for c in complete.get_completions(args, incomplete)]

    assert offered(["new", "hack-attack", "Ana", "Ben", "--variant"]) == [
        "faster",
        "cover=1",
        "cover=2",
        "cover=3",
    ]
    assert offered(["check", "hack-attack", "--variant"], "f") == ["faster"]
    assert offered(["defend", "phishing-email", "--variant"], "cover=") == [
        "cover=1",
        "cover=2",
        "cover=3",
    ]
    assert offered(["new", "hack-back", "Ana", "--variant"]) == []


def test_history_replays_a_game_with_its_variants(tmp_path):
    """Every command that rebuilds a state from the players starts with the variants."""
    sk = runner(tmp_path / "db")
    ok(
        sk(
            "new",
            "hack-attack",
            "Ana",
            "Ben",
            "Cleo",
            "--variant",
            "faster",
            "--variant",
            "cover=1",
        )
    )
    ok(sk("protect", "ana", "laptop"))
    ok(sk("protect", "ana", "3"))  # a second Protect this turn: faster
    ok(sk("attack", "ransomware-infection", "backups"))  # holds: 1 icon to cover
    assert ok(sk("history")).splitlines() == [
        "  1. turn 1 (Ana): Ana Protected Laptop (3 points)",
        "  2. turn 1 (Ana): Ana Protected a 3-point Tech card",
        "  3. turn 1 (Ana): Ana drew Ransomware Infection: the defense held",
    ]
    assert len(json.loads(ok(sk("history", "--json")))) == 3


def test_games_lines_up_its_columns_whatever_the_players(tmp_path):
    sk = runner(tmp_path / "db")
    ok(sk("new", "hack-attack", "Ana", "Ben"))
    ok(sk("new", "not-a-hack", "Ana", "Benedikt", "Cleo"))
    import re

    first, second = ok(sk("games")).splitlines()
    date = re.compile(r"\d{4}-\d\d-\d\d ")
    assert date.search(first).start() == date.search(second).start()
