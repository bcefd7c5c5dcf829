"""`scorekeeper stats` (issue 26, item 6): across evenings, from real games played through
the CLI — one of each shipped game, a data-only game's points sheet and the test-only
fourth game — with the store's clock stepped one minute per row, so every length is
known. Whole outputs, the JSON's keys and values, the CSV read back with the csv module
(formula-looking names escaped), the filters, and the one-line answers for an empty,
an unfinished and a damaged store."""

from __future__ import annotations

import csv
import io
import json
import sqlite3
from datetime import datetime, timedelta, timezone

import pytest
from click.testing import CliRunner

from scorekeeper import stats
from scorekeeper.cli import main
from tests.data_only_game import write_game
from tests.fourth_game import register

START = datetime(2026, 11, 30, 18, 0, tzinfo=timezone.utc)

#: The evening, game by game: (how it starts, what is recorded). The store's clock moves
#: one minute at each row it writes (a game's row at `new`, then each log row), so a
#: game lasts as many minutes as its log has rows.
EVENING = [
    (  # 1. Ana protects four Tech of 1 point: 4 to 0, after 8 turns; 12 log rows
        ("new", "hack-attack", "Ana", "Ben"),
        [("protect", "ana", "1"), ("end-turn",), ("end-turn",)] * 4,
    ),
    (  # 2. Ben cannot supply a Hero: Ana is the last player standing; 2 rows
        ("new", "hack-back", "Ana", "Ben"),
        [("hero", "ana", "9"), ("no-hero", "ben")],
    ),
    (  # 3. Ben wins the hack-off, 3 to 2 and 0; 3 rows
        ("new", "not-a-hack", "ana", "Ben", "Cleo"),
        [
            ("hack", "ana", "ben", "3"),
            ("banned", "ben", "--no-counter"),
            ("hack-off", "--vote", "Ben=ana"),
        ],
    ),
    (  # 4. a points sheet: ANA and Ben tie on 10 and share the win; 8 rows
        ("new", "--data", "{data}", "dice-night", "ANA", "Ben", "+Cy"),
        [
            ("points", "ana", "5", "ben", "4", "+cy", "1"),
            ("end-round",),
            ("points", "ana", "3", "ben", "5", "+cy", "2"),
            ("end-round",),
            ("points", "ana", "2", "ben", "1", "+cy", "3"),
            ("undo",),
            ("redo",),
            ("end-round",),
        ],
    ),
    (  # 5. the fourth game: Ana's 3 beats =Evil's 2, -Dee's and @home's 0, at turn 3; 3 rows
        ("new", "coin-flip", "--", "=Evil", "Ana", "-Dee", "@home"),
        [("coin", "=evil", "2"), ("coin", "ana", "3"), ("stop",)],
    ),
    (  # 6. left unfinished
        ("new", "hack-attack", "Ana", "Cleo"),
        [("protect", "ana", "2")],
    ),
]


def _clock():
    ticks = iter(range(10_000))
    return lambda: (START + timedelta(minutes=next(ticks))).isoformat(timespec="seconds")


@pytest.fixture
def sk(tmp_path, monkeypatch):
    """Run the score keeper on a database in `tmp_path`, with Coin Flip registered, a
    data folder holding Dice Night, and the clock stepped a minute per row written."""
    register(monkeypatch, "coin-flip", "tests.fourth_game.table")
    clock = _clock()
    monkeypatch.setattr("scorekeeper.store.now", clock)
    monkeypatch.setattr("scorekeeper.store_log.now", clock)
    db, data = tmp_path / "score.sqlite3", write_game(tmp_path / "games")

    def run(*args):
        return CliRunner().invoke(main, ["--db", str(db), *args], env={})

    run.db, run.data, run.tmp = db, data, tmp_path
    return run


def _play(sk, games=EVENING):
    for start, moves in games:
        for args in (start, *moves):
            result = sk(*(a.format(data=sk.data) for a in args))
            assert result.exit_code == 0, (args, result.output)


@pytest.fixture
def evening(sk):
    _play(sk)
    return sk


def test_stats_of_an_evening_per_player_and_per_game(evening):
    result = evening("stats")
    assert result.exit_code == 0, result.output
    assert result.output == (
        "5 finished games.\n"
        "1 unfinished game left out.\n"
        "\n"
        "Overall\n"
        "  Name   Played  Won  Shared  Win %\n"
        "  Ana         5    3       1    60%\n"
        "  Ben         4    1       1    25%\n"
        "  +Cy         1    0       0     0%\n"
        "  -Dee        1    0       0     0%\n"
        "  =Evil       1    0       0     0%\n"
        "  @home       1    0       0     0%\n"
        "  Cleo        1    0       0     0%\n"
        "\n"
        "Coin Flip (coin-flip)\n"
        "  1 game: 1 won outright\n"
        "  Average: 3 turns, 3 minutes\n"
        "  Name   Played  Won  Shared  Win %\n"
        "  Ana         1    1       0   100%\n"
        "  -Dee        1    0       0     0%\n"
        "  =Evil       1    0       0     0%\n"
        "  @home       1    0       0     0%\n"
        "\n"
        "Dice Night (sheet:dice-night)\n"
        "  1 game: 1 shared\n"
        "  Average: 3 turns, 8 minutes\n"
        "  Name  Played  Won  Shared  Win %\n"
        "  ANA        1    0       1     0%\n"
        "  Ben        1    0       1     0%\n"
        "  +Cy        1    0       0     0%\n"
        "\n"
        "Hack Attack: Defense (hack-attack)\n"
        "  1 game: 1 won outright\n"
        "  Average: 8 turns, 12 minutes\n"
        "  Name  Played  Won  Shared  Win %\n"
        "  Ana        1    1       0   100%\n"
        "  Ben        1    0       0     0%\n"
        "\n"
        "Hack Back (hack-back)\n"
        "  1 game: 1 won outright\n"
        "  Average: 1 turn, 2 minutes\n"
        "  Name  Played  Won  Shared  Win %\n"
        "  Ana        1    1       0   100%\n"
        "  Ben        1    0       0     0%\n"
        "\n"
        "Not a Hack (not-a-hack)\n"
        "  1 game: 1 won outright\n"
        "  Average: 3 turns, 3 minutes\n"
        "  Name  Played  Won  Shared  Win %\n"
        "  Ben        1    1       0   100%\n"
        "  ana        1    0       0     0%\n"
        "  Cleo       1    0       0     0%\n"
    )
    assert max(len(line) for line in result.output.splitlines()) <= 40


def _players(rows):
    return {p["name"]: (p["played"], p["won"], p["shared"], p["lost"], p["win_rate"]) for p in rows}


def test_stats_json_gives_every_figure(evening):
    result = evening("stats", "--json")
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)
    assert set(figures) == {"finished", "unfinished", "of", "player", "players", "games"}
    assert (figures["finished"], figures["unfinished"]) == (5, 1)
    assert figures["of"] is None and figures["player"] is None
    assert _players(figures["players"]) == {
        "Ana": (5, 3, 1, 1, 0.6),
        "Ben": (4, 1, 1, 2, 0.25),
        "Cleo": (1, 0, 0, 1, 0.0),
        "+Cy": (1, 0, 0, 1, 0.0),
        "-Dee": (1, 0, 0, 1, 0.0),
        "=Evil": (1, 0, 0, 1, 0.0),
        "@home": (1, 0, 0, 1, 0.0),
    }
    games = {g["game"]: g for g in figures["games"]}
    assert [g["game"] for g in figures["games"]] == [
        "coin-flip",
        "sheet:dice-night",
        "hack-attack",
        "hack-back",
        "not-a-hack",
    ]
    for game in games.values():
        assert set(game) == {
            "game",
            "name",
            "finished",
            "won",
            "shared",
            "ties",
            "no_winner",
            "average_turns",
            "average_minutes",
            "players",
        }
    sheet = games["sheet:dice-night"]
    assert (sheet["name"], sheet["finished"], sheet["won"], sheet["shared"]) == (
        "Dice Night",
        1,
        0,
        1,
    )
    assert (sheet["ties"], sheet["no_winner"]) == (0, 0)  # a shared win, not a tie
    assert {g: (v["average_turns"], v["average_minutes"]) for g, v in games.items()} == {
        "hack-attack": (8, 12),
        "hack-back": (1, 2),
        "not-a-hack": (3, 3),
        "sheet:dice-night": (3, 8),
        "coin-flip": (3, 3),
    }
    assert _players(games["not-a-hack"]["players"]) == {
        "Ben": (1, 1, 0, 0, 1.0),
        "ana": (1, 0, 0, 1, 0.0),
        "Cleo": (1, 0, 0, 1, 0.0),
    }


def _read_csv(data: bytes) -> list[dict]:
    return list(csv.DictReader(io.StringIO(data.decode("utf-8-sig"), newline="")))


def test_stats_csv_writes_one_row_per_player_per_finished_game(evening):
    target = evening.tmp / "evening.csv"
    result = evening("stats", "--csv", str(target))
    assert result.exit_code == 0, result.output
    assert result.output == (
        f"Wrote 5 finished games (14 rows) to {target}.\n1 unfinished game left out.\n"
    )
    data = target.read_bytes()
    assert data.startswith(b"\xef\xbb\xbfgame,game_id,game_name,started,finished,seat,")
    assert data.count(b"\r\n") == 15 and data.count(b"\n") == 15  # header and 14 rows
    rows = _read_csv(data)
    assert list(rows[0]) == list(stats.COLUMNS)
    by_game = [
        (r["game"], r["seat"], r["player"], r["result"], r["score"], r["turns"]) for r in rows
    ]
    assert by_game == [
        ("1", "1", "Ana", "won", "4", "8"),
        ("1", "2", "Ben", "lost", "0", "8"),
        ("2", "1", "Ana", "won", "", "1"),  # Hack Back keeps VC per Hero, no total
        ("2", "2", "Ben", "lost", "", "1"),
        ("3", "1", "ana", "lost", "2", "3"),
        ("3", "2", "Ben", "won", "3", "3"),
        ("3", "3", "Cleo", "lost", "0", "3"),
        ("4", "1", "ANA", "shared", "10", "3"),
        ("4", "2", "Ben", "shared", "10", "3"),
        ("4", "3", "'+Cy", "lost", "6", "3"),
        ("5", "1", "'=Evil", "lost", "2", "3"),
        ("5", "2", "Ana", "won", "3", "3"),
        ("5", "3", "'-Dee", "lost", "0", "3"),
        ("5", "4", "'@home", "lost", "0", "3"),
    ]
    first, sheet = rows[0], rows[7]
    assert (first["game_id"], first["game_name"]) == ("hack-attack", "Hack Attack: Defense")
    assert (first["started"], first["finished"], first["minutes"]) == (
        "2026-11-30T18:00:00+00:00",
        "2026-11-30T18:12:00+00:00",
        "12.0",
    )
    assert (sheet["game_id"], sheet["game_name"], sheet["minutes"]) == (
        "sheet:dice-night",
        "Dice Night",
        "8.0",
    )


def test_stats_csv_to_stdout_is_plain_utf8_with_the_games_left_out_on_stderr(evening):
    result = evening("stats", "--csv", "-", "--of", "coin-flip")
    assert result.exit_code == 0, result.output
    assert result.stdout_bytes.decode("utf-8").splitlines() == [
        ",".join(stats.COLUMNS),
        "5,coin-flip,Coin Flip,2026-11-30T18:29:00+00:00,2026-11-30T18:32:00+00:00,1,'=Evil,"
        "lost,2,3,3.0",
        "5,coin-flip,Coin Flip,2026-11-30T18:29:00+00:00,2026-11-30T18:32:00+00:00,2,Ana,"
        "won,3,3,3.0",
        "5,coin-flip,Coin Flip,2026-11-30T18:29:00+00:00,2026-11-30T18:32:00+00:00,3,'-Dee,"
        "lost,0,3,3.0",
        "5,coin-flip,Coin Flip,2026-11-30T18:29:00+00:00,2026-11-30T18:32:00+00:00,4,'@home,"
        "lost,0,3,3.0",
    ]
    assert b"\r" not in result.stdout_bytes and not result.stdout_bytes.startswith(b"\xef")
    assert result.stderr == ""  # the unfinished game is no Coin Flip
    everything = evening("stats", "--csv", "-")
    assert everything.stderr == "1 unfinished game left out.\n"


def test_player_filter_matches_names_as_the_table_does(evening):
    one = evening("stats", "--player", "AN")  # any case, a unique start
    assert one.exit_code == 0, one.output
    lines = one.output.splitlines()
    assert lines[:6] == [
        "Ana: 5 finished games.",
        "1 unfinished game left out.",
        "",
        "Overall",
        "  Name  Played  Won  Shared  Win %",
        "  Ana        5    3       1    60%",
    ]
    assert "Ben" not in one.output and "  ana        1    0       0     0%" in lines
    figures = json.loads(evening("stats", "--player", "ana", "--json").output)
    assert figures["player"] == "Ana" and figures["finished"] == 5
    assert [len(g["players"]) for g in figures["games"]] == [1] * 5
    cleo = json.loads(evening("stats", "--player", "cleo", "--json").output)
    assert (cleo["finished"], cleo["unfinished"]) == (1, 1)
    assert _players(cleo["players"]) == {"Cleo": (1, 0, 0, 1, 0.0)}
    target = evening.tmp / "ben.csv"
    assert evening("stats", "--player", "ben", "--csv", str(target)).exit_code == 0
    assert [(r["game"], r["player"], r["result"]) for r in _read_csv(target.read_bytes())] == [
        ("1", "Ben", "lost"),
        ("2", "Ben", "lost"),
        ("3", "Ben", "won"),
        ("4", "Ben", "shared"),
    ]
    for typed, message in (
        (
            "zed",
            "Error: no player called 'zed'; players: +Cy, -Dee, =Evil, @home, Ana, Ben, Cleo\n",
        ),
        (
            "Clea",
            "Error: no player called 'Clea'; did you mean Cleo? players: +Cy, -Dee, =Evil, "
            "@home, Ana, Ben, Cleo\n",
        ),
    ):
        refused = evening("stats", "--player", typed)
        assert (refused.exit_code, refused.output) == (1, message)


def test_game_filter_takes_an_id_an_alias_or_a_data_only_games_id(evening):
    for typed in ("hack-attack", "HAD", "hack-attack-defense"):
        result = evening("stats", "--of", typed)
        assert result.exit_code == 0, result.output
        assert result.output.splitlines() == [
            "1 finished game.",
            "1 unfinished game left out.",
            "",
            "Hack Attack: Defense (hack-attack)",
            "  1 game: 1 won outright",
            "  Average: 8 turns, 12 minutes",
            "  Name  Played  Won  Shared  Win %",
            "  Ana        1    1       0   100%",
            "  Ben        1    0       0     0%",
        ]
    for typed in ("dice-night", "sheet:dice-night"):
        figures = json.loads(evening("stats", "--of", typed, "--json").output)
        assert figures["of"] == "sheet:dice-night" and figures["finished"] == 1
    both = json.loads(evening("stats", "--of", "not-a-hack", "--player", "cleo", "--json").output)
    assert (both["finished"], both["unfinished"], both["player"]) == (1, 0, "Cleo")
    refused = evening("stats", "--of", "chess")
    assert (refused.exit_code, refused.output) == (
        1,
        "Error: unknown game 'chess'; known games: hack-attack, hack-back, not-a-hack, "
        "coin-flip, dice-night\n",
    )
    none = evening("stats", "--of", "hack-back", "--player", "cleo")
    assert (none.exit_code, none.output) == (
        1,
        "Error: no player called 'cleo'; players: Ana, Ben\n",
    )


def test_no_game_yet_is_one_line_and_creates_no_file(sk):
    for args in (("stats",), ("stats", "--player", "ana"), ("stats", "--of", "hack-back")):
        result = sk(*args)
        assert (result.exit_code, result.output) == (
            0,
            "No games yet: start one with 'scorekeeper new GAME PLAYER...'.\n",
        )
    figures = json.loads(sk("stats", "--json").output)
    assert figures == {
        "finished": 0,
        "unfinished": 0,
        "of": None,
        "player": None,
        "players": [],
        "games": [],
    }
    assert not sk.db.exists()


def test_only_unfinished_games_is_one_line_saying_how_many(sk):
    _play(sk, [EVENING[-1], (("new", "hack-back", "Ana", "Ben"), [])])
    assert sk("stats").output == "No finished games yet (2 unfinished left out).\n"
    assert sk("stats", "--of", "hack-back", "--player", "BEN").output == (
        "No finished games of hack-back with Ben yet (1 unfinished left out).\n"
    )
    target = sk.tmp / "none.csv"
    result = sk("stats", "--csv", str(target))
    assert result.output == (
        f"Wrote 0 finished games (0 rows) to {target}.\n2 unfinished games left out.\n"
    )
    assert target.read_bytes() == ("\ufeff" + ",".join(stats.COLUMNS) + "\r\n").encode()


@pytest.mark.parametrize(
    "sql, where, why",
    [
        (
            """UPDATE log SET event = '{"type": "teleport"}' WHERE id = 14""",
            "game 2, event 2",
            "unknown event type 'teleport'",
        ),
        (  # the last row of game 3, whose time `stats` reads itself
            "UPDATE log SET created = 'yesterday' WHERE id = 17",
            "game 3, event 3",
            "its time 'yesterday' is not an ISO 8601 time with its UTC offset, such as "
            "2026-11-30T17:05:09+00:00",
        ),
    ],
)
def test_a_damaged_store_is_the_one_line_every_command_gives(evening, sql, where, why):
    with sqlite3.connect(evening.db) as conn:
        conn.execute(sql)
    before = evening.db.read_bytes()
    message = f"Error: {evening.db}: {where} is damaged ({why}); the file was left as it is\n"
    assert evening("--game", where[5], "history").output == message
    for args in (("stats",), ("stats", "--json"), ("stats", "--csv", "-")):
        result = evening(*args)
        assert (result.exit_code, result.output) == (1, message)
    assert evening.db.read_bytes() == before


def test_csv_options_are_checked_before_anything_is_written(evening):
    both = evening("stats", "--csv", "x.csv", "--json")
    assert both.exit_code == 2
    assert "Error: --csv and --json do not go together: choose one" in both.output
    missing = evening.tmp / "no-such-folder" / "x.csv"
    result = evening("stats", "--csv", str(missing))
    assert (result.exit_code, result.output) == (
        1,
        f"Error: cannot write {missing}: its folder {missing.parent} does not exist\n",
    )
    assert not missing.parent.exists()
    before = evening.db.read_bytes()
    result = evening("stats", "--csv", str(evening.db))
    assert (result.exit_code, result.output) == (
        1,
        f"Error: cannot write {evening.db}: it is the score keeper's database or one of its files\n",
    )
    assert evening.db.read_bytes() == before
    keys = evening.db.with_name(evening.db.name + ".keys.json")  # serve's links
    keys.write_text('{"write": "k", "read": "r"}')
    result = evening("stats", "--csv", str(keys))
    assert result.exit_code == 1 and "one of its files" in result.output
    assert keys.read_text() == '{"write": "k", "read": "r"}'
    keys.unlink()
    assert evening("stats", "--csv", "").output == (
        "Error: --csv needs a file name (or - to print the CSV)\n"
    )
    old = evening.tmp / "old.csv"
    old.write_text("something else, longer than nothing\n" * 100)
    assert evening("stats", "--csv", str(old), "--of", "hack-back").exit_code == 0
    assert len(_read_csv(old.read_bytes())) == 2
    assert sorted(p.name for p in evening.tmp.iterdir()) == ["games", "old.csv", "score.sqlite3"]


def test_stats_start_from_the_saved_states_not_from_the_logs(sk, monkeypatch):
    """The shipped games keep saved states: `stats` reads them, replaying no log."""
    _play(sk, EVENING[:3])
    from scorekeeper import session

    def no_replay(*args):
        raise AssertionError("a log was replayed")

    monkeypatch.setattr(session, "_replay", no_replay)
    figures = json.loads(sk("stats", "--json").output)
    assert figures["finished"] == 3


# --- The figures themselves -----------------------------------------------------------


def _game(number, players, winners, tie=False, turns=5, minutes=30, game="g"):
    start = START + timedelta(hours=number)
    return stats.Finished(
        number,
        game,
        "G",
        start.isoformat(),
        (start + timedelta(minutes=minutes)).isoformat(),
        tuple(players),
        tuple(winners),
        tie,
        turns,
        dict.fromkeys(players),
    )


def test_a_tie_a_shared_win_and_everyone_losing_are_counted_apart():
    games = [
        _game(1, ["Ana", "Ben"], ["Ana", "Ben"], tie=True, turns=4, minutes=10),
        _game(2, ["Ana", "Ben"], ["Ana", "Ben"], turns=5, minutes=20),
        _game(3, ["Ana", "Ben"], [], turns=6, minutes=0.4),
        _game(4, ["ana", "Ben"], ["ana"], turns=6, minutes=45),
    ]
    summary = stats.game_summary(games)
    assert {k: summary[k] for k in ("finished", "won", "shared", "ties", "no_winner")} == {
        "finished": 4,
        "won": 1,
        "shared": 2,
        "ties": 1,
        "no_winner": 1,
    }
    assert (summary["average_turns"], summary["average_minutes"]) == (5.2, 18.9)
    assert _players(summary["players"]) == {
        "ana": (4, 1, 2, 1, 0.25),  # one player: names match in any case
        "Ben": (4, 0, 2, 2, 0.0),
    }
    assert stats.game_lines(summary) == [
        "  4 games: 1 won outright,",
        "    2 shared (1 tie), 1 with no winner",
        "  Average: 5.2 turns, 19 minutes",
    ]
    assert [stats.result(games[0], n) for n in ("Ana", "Ben")] == ["shared", "shared"]
    assert stats.result(games[2], "Ana") == "lost"


def test_rates_and_minutes_round_half_up():
    players = [{"name": "Ana", "played": 8, "won": 1, "shared": 0, "win_rate": 0.125}]
    assert stats.table(players)[1] == "  Ana        8    1       0    13%"
    assert [stats.minutes_text(m) for m in (0, 0.49, 0.5, 1.2, 2.5)] == [
        "under a minute",
        "under a minute",
        "1 minute",
        "1 minute",
        "3 minutes",
    ]
    late = _game(1, ["Ana"], ["Ana"], minutes=-5)  # a clock set back: no negative length
    assert stats.minutes(late) == 0


@pytest.mark.parametrize(
    "name, cell",
    [
        ("=HYPERLINK(1)", "'=HYPERLINK(1)"),
        ("+Cy", "'+Cy"),
        ("-Dee", "'-Dee"),
        ("@home", "'@home"),
        ("Ana", "Ana"),
        ("Zoë=1", "Zoë=1"),
    ],
)
def test_a_cell_that_a_spreadsheet_would_run_is_written_as_text(name, cell):
    assert stats.spreadsheet_text(name) == cell
    row = stats.csv_rows([_game(1, [name], [name])])[0]
    assert row[stats.COLUMNS.index("player")] == cell


#: The evening README.md shows under "Across evenings: `scorekeeper stats`".
README_EVENING = [
    EVENING[0],
    (
        ("new", "not-a-hack", "Ana", "Ben", "Cleo"),
        [
            ("hack", "ana", "ben", "3"),
            ("banned", "ben", "--no-counter"),
            ("hack-off", "--vote", "ben=ana"),
        ],
    ),
    (
        ("new", "--data", "{data}", "dice-night", "Ana", "Ben", "Cleo"),
        [
            ("points", "ana", "5", "ben", "4", "cleo", "1"),
            ("end-round",),
            ("points", "ana", "3", "ben", "5", "cleo", "2"),
            ("end-round",),
            ("points", "ana", "2", "ben", "1", "cleo", "3"),
            ("end-round",),
        ],
    ),
    (("new", "hack-back", "Ana", "Ben"), [("hero", "ana", "9")]),
]


def _readme_block(after: str, kind: str) -> str:
    from pathlib import Path

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index(after) :]
    start = section.index(f"```{kind}\n") + len(kind) + 4
    return section[start : section.index("```", start)]


def test_the_readme_example_is_what_stats_prints(sk):
    _play(sk, README_EVENING)
    heading = "### Across evenings: `scorekeeper stats`"
    assert sk("stats").output == _readme_block(heading, "text")
    shown_csv = _readme_block(heading + "\n\n", "csv")
    printed = sk("stats", "--csv", "-", "--of", "not-a-hack").stdout
    assert printed == shown_csv
