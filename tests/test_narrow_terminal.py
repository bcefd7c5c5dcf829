"""A terminal that fits a phone (issue 26, item 5): on a terminal narrower than 80
columns, `status`, `history`, `result` (with and without --explain), `check` and what
every verb prints lay out in the terminal's width, down to 40 columns: a table that does
not fit is stacked, a block per row, and a line that does not fit is wrapped at its
spaces, with the same words and numbers. A terminal of 80 columns or more, a pipe and a
file get the output as it always was, byte for byte, and `--json` never changes.

Every game is played through the CLI (tests/tables_in_play.py), mid-game and to the end:
the three shipped games, the points sheet and the test-only fourth game."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from scorekeeper.cli import main
from scorekeeper.layout import Column, Row, Table, fitted, laid_out, output_width
from scorekeeper.view import printed_width
from tests.data_only_game import game_text, write_game
from tests.fourth_game import register
from tests.tables_in_play import SCENARIOS, SHEET, SHEET_GAME

REPO = Path(__file__).resolve().parent.parent
GAMES = [*SCENARIOS, "sheet"]
#: The read commands a table types, with their text output.
READS = [("status",), ("history",), ("result",), ("result", "--explain")]


@pytest.fixture
def table(tmp_path, monkeypatch):
    """A function (game, columns) -> [(command, output)], playing `game` (a key of
    SCENARIOS, or "sheet") on its own database with COLUMNS=`columns` (None: unset):
    the output of `new`, of every verb to mid-game, of the READS there, of every verb to
    the end and of the READS at the end. Each command must succeed."""
    register(monkeypatch)  # Coin Flip, the fourth game
    data = write_game(tmp_path / "games", game_text(scoring=SHEET_GAME))

    def play(game: str, columns: int | None) -> list[tuple[tuple[str, ...], str]]:
        db = tmp_path / f"{game}-{columns}.sqlite3"
        env = {"COLUMNS": str(columns)} if columns else {}
        new, middle, end = SHEET if game == "sheet" else SCENARIOS[game]
        start = ("new", "--data", str(data), *new) if game == "sheet" else ("new", *new)
        out = []
        for command in [start, *middle, *READS, *end, *READS]:
            result = CliRunner().invoke(main, ["--db", str(db), *command], env=env)
            assert result.exit_code == 0, (command, result.output)
            out.append((command, result.output))
        return out

    return play


def words(text: str) -> Counter:
    """The words and numbers of `text` (a heading's '#' and the separators left out)."""
    return Counter(re.findall(r"[\w−–'’.]*\w", text))


def numbers(text: str) -> Counter:
    return Counter(w for w in words(text) if re.fullmatch(r"[−-]?\d+", w))


@pytest.mark.parametrize("game", GAMES)
def test_every_line_fits_40_columns_with_the_same_words_and_numbers(table, game):
    wide, narrow = table(game, None), table(game, 40)
    for (command, before), (_, after) in zip(wide, narrow):
        lines = after.splitlines()
        assert all(printed_width(line) <= 40 for line in lines), (command, after)
        assert numbers(after) == numbers(before), command
        # no word broken or made up; the words the wide table had once and the stacked
        # one leaves out are its first column's heading
        assert set(words(after)) <= set(words(before)), command
        assert set(words(before) - words(after)) <= {"Player", "Hero"}, command


@pytest.mark.parametrize("game", GAMES)
def test_a_wide_terminal_a_pipe_and_json_get_todays_output(table, game):
    unset, wide = table(game, None), table(game, 100)
    assert wide == unset  # byte for byte
    assert table(game, 80) == unset


@pytest.mark.parametrize("game", GAMES)
def test_json_never_changes_with_the_width(tmp_path, monkeypatch, game):
    register(monkeypatch)
    data = write_game(tmp_path / "games", game_text(scoring=SHEET_GAME))
    new, middle, end = SHEET if game == "sheet" else SCENARIOS[game]
    db = tmp_path / "score.sqlite3"
    start = ("new", "--data", str(data), *new) if game == "sheet" else ("new", *new)
    for command in [start, *middle, *end]:
        assert CliRunner().invoke(main, ["--db", str(db), *command], env={}).exit_code == 0
    for read in ("status", "history", "result", "export", "games"):
        outputs = {
            CliRunner().invoke(main, ["--db", str(db), read, "--json"], env=env).output
            for env in ({}, {"COLUMNS": "40"}, {"COLUMNS": "20"})
        }
        assert len(outputs) == 1, read
        json.loads(outputs.pop())


def test_hack_attack_stacked_at_40_columns(table):
    outputs = dict(table("hack-attack", 40))
    assert outputs[("status",)] == (
        "Hack Attack: Defense — game 1: over\n"
        "    after turn 6\n"
        "Variant faster: any number of Tech cards\n"
        "    may be Protected on a turn\n"
        "  Ana — Total 13\n"
        "    Tech 4 · Points 13 · User Errors 0\n"
        "  Benedikt — Total 7\n"
        "    Tech 2 · Points 8 · User Errors 1\n"
        "  Cleopatra — Total 1\n"
        "    Tech 1 · Points 2 · User Errors 1\n"
        "Ana won with 13.\n"
    )


def test_a_narrow_table_marks_the_player_to_act_and_notes_a_ban(table):
    middle = table("hack-attack", 40)[len(SCENARIOS["hack-attack"][1])][1]
    assert "▶ Benedikt — Total 2\n    Tech 1 · Points 3 · User Errors 1\n" in middle
    ended = dict(table("not-a-hack", 40))[("status",)]
    assert "  Benedikt — Total 5  banned\n    Hacks (cards) 2 (5) · Actions 0\n" in ended


def test_history_wraps_under_its_entries_text(table):
    history = table("hack-back", 40)[len(SCENARIOS["hack-back"][1]) + 2][1]
    assert history.splitlines()[:4] == [
        "  1. opening: Ana revealed Server Room",
        "     Cat (8 VC)",
        "  2. opening: Benedikt revealed Security",
        "     Intern (10 VC)",
    ]
    assert "     automatic: Ana has the lowest\n         opening Hero and goes first\n" in history


def test_a_table_that_fits_stays_a_table_and_a_line_that_fits_stays_whole(table):
    """At 60 columns every shipped table fits: only the longer sentences are wrapped."""
    for game in ("hack-attack", "hack-back", "not-a-hack"):
        outputs = dict(table(game, 60))
        status = outputs[("status",)]
        assert any(heading in status for heading in ("  Player  ", "Owner")), status
        assert all(
            printed_width(line) <= 60 for line in outputs[("result", "--explain")].split("\n")
        )


def test_check_is_laid_out_too(tmp_path):
    args = ["check", "hack-back", "Ana=-3,12", "Ben=-1"]
    wide = CliRunner().invoke(main, args, env={}).output
    narrow = CliRunner().invoke(main, args, env={"COLUMNS": "40"}).output
    assert max(map(printed_width, wide.splitlines())) > 40
    assert all(printed_width(line) <= 40 for line in narrow.splitlines())
    assert words(narrow) == words(wide)


@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal is POSIX")
def test_a_real_40_column_terminal_without_columns_set(tmp_path):
    """The width is read from the terminal itself when COLUMNS is not set."""
    import fcntl
    import struct
    import termios

    db = str(tmp_path / "score.sqlite3")
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"} | {"NO_COLOR": "1"}
    env["PYTHONPATH"] = os.pathsep.join([str(REPO), env.get("PYTHONPATH", "")])
    run = [sys.executable, "-c", "from scorekeeper.cli import main; main()", "--db", db]
    new = subprocess.run([*run, "new", "hack-attack", "Ana", "Benedikt"], capture_output=True)
    assert new.returncode == 0, new.stderr
    leader, follower = os.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 40, 0, 0))
    shown = subprocess.run([*run, "status"], stdout=follower, stderr=subprocess.PIPE, env=env)
    os.close(follower)
    assert shown.returncode == 0, shown.stderr
    out = b""
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # the terminal closed: everything is read
            break
        if not chunk:
            break
        out += chunk
    os.close(leader)
    assert out.decode("utf-8").replace("\r\n", "\n") == (
        "Hack Attack: Defense — game 1, turn 1:\n"
        "    Ana's turn\n"
        "▶ Ana — Total 0\n"
        "    Tech 0 · Points 0 · User Errors 0\n"
        "  Benedikt — Total 0\n"
        "    Tech 0 · Points 0 · User Errors 0\n"
        "Ana and Benedikt share the lead with 0.\n"
        "    4 Protected Tech start the final\n"
        "    round.\n"
    )
    piped = subprocess.run([*run, "status"], capture_output=True, env=env, text=True)
    assert "  Player    Tech  Points  User Errors  Total\n" in piped.stdout


# --- The layout itself ------------------------------------------------------------------


class _Out:
    def __init__(self, tty: bool, encoding: str = "utf-8"):
        self.tty, self.encoding = tty, encoding

    def isatty(self) -> bool:
        return self.tty

    def fileno(self) -> int:
        raise OSError("no terminal")  # as a closed or odd stream answers


@pytest.mark.parametrize(
    "columns, tty, width",
    [
        (None, False, None),  # a pipe or a file: the layout as it always was
        ("40", False, 40),  # a pipe asked for a width
        ("40", True, 40),
        ("79", False, 79),
        ("80", True, None),  # wide enough for the layout as it always was
        ("200", True, None),
        ("12", True, 20),  # laid out for no fewer than 20 columns
        ("0", False, None),  # not a width: as if unset
        ("abc", False, None),
        (" 40 ", False, 40),
        (None, True, None),  # a terminal whose size cannot be read
    ],
)
def test_output_width(monkeypatch, columns, tty, width):
    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    assert output_width(_Out(tty)) == width


def test_fitted_counts_printed_columns_and_never_breaks_a_word():
    assert fitted("short", 40) == ["short"] and fitted("x " * 50, None) == ["x " * 50]
    # wide characters count 2: 王芳 is 4 columns
    assert fitted("王芳 王芳 王芳 王芳 王芳", 12) == [
        "王芳 王芳",
        "    王芳",
        "    王芳",
        "    王芳",
    ]
    assert fitted("  Ana: 3 + 5 = 8, minus 1 User Error = 7", 20) == [
        "  Ana: 3 + 5 = 8,",
        "      minus 1 User",
        "      Error = 7",
    ]
    assert fitted("a Supercalifragilistic word", 10) == [
        "a",
        "    Supercalifragilistic",
        "    word",
    ]
    styled = click.style("Winner:", bold=True) + " Ana (highest total)"  # styles count 0
    assert [click.unstyle(line) for line in fitted(styled, 20)] == [
        "Winner: Ana (highest",
        "    total)",
    ]
    assert fitted("1.  two  spaces  kept", 15, hang=2) == ["1.  two  spaces", "  kept"]


TABLE = Table(
    (Column("#", least=3), Column("Name", right=False), Column("Score")),
    (Row(("1", "Ana", "10"), mark="▶", bold=True), Row(("2", "Benedikt", "−2"), note="out")),
    title="#{0} {1}",
    beside=2,
)


def test_a_table_wide_and_stacked():
    assert [click.unstyle(line) for line in TABLE.wide()] == [
        "    #  Name      Score",
        "▶   1  Ana          10",
        "    2  Benedikt     −2  out",
    ]
    assert TABLE.wide()[1] == click.style("▶   1  Ana          10", bold=True)
    assert [click.unstyle(line) for line in TABLE.stacked(40)] == [
        "▶ #1 Ana — Score 10",
        "  #2 Benedikt — Score −2  out",
    ]
    assert laid_out(["head", TABLE], None) == ["head", *TABLE.wide()]
    assert laid_out(["head", TABLE], 27) == ["head", *TABLE.wide()]  # it fits
    assert laid_out(["head", TABLE], 26) == ["head", *TABLE.stacked(26)]


def test_a_stacked_rows_values_wrap_between_pairs():
    table = Table(
        tuple(Column(h) for h in ("Player", "Tech", "Points", "User Errors", "Total")),
        (Row(("Ana", "4", "13", "0", "13")),),
        beside=4,
    )
    assert table.stacked(30) == ["  Ana — Total 13", "    Tech 4 · Points 13", "    User Errors 0"]


def test_the_readme_sample_is_what_a_40_column_terminal_shows(tmp_path):
    """The README's narrow-terminal sample, played to it: its output, read from the
    README itself."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    sample = readme.split("On a narrow terminal")[1].split("```text\n")[1].split("```")[0]
    typed, _, output = sample.partition("\n")
    assert typed == "$ COLUMNS=40 scorekeeper user-error ben"
    db = str(tmp_path / "score.sqlite3")
    for command in (
        ("new", "hack-attack", "Ana", "Benedikt"),
        ("protect", "ana", "laptop"),
        ("end-turn",),
        ("protect", "ben", "2"),
    ):
        assert CliRunner().invoke(main, ["--db", db, *command], env={}).exit_code == 0
    shown = CliRunner().invoke(main, ["--db", db, "user-error", "ben"], env={"COLUMNS": "40"})
    assert shown.output == output


@pytest.mark.parametrize("charset", ["ascii", "cp1252"])
def test_a_narrow_layout_in_a_narrow_encoding(tmp_path, charset):
    """Stand-ins are measured as printed: an ASCII terminal sees "|" between a stacked
    row's values and "-" for the dash, and each line still fits."""
    db = str(tmp_path / "score.sqlite3")
    runner = CliRunner(charset=charset)
    runner.invoke(main, ["--db", db, "new", "hack-attack", "Łukasz", "王芳"], env={})
    shown = runner.invoke(main, ["--db", db, "status"], env={"COLUMNS": "40"}).output
    lines = shown.splitlines()
    assert all(len(line) <= 40 for line in lines), shown  # names escaped where unprintable
    if charset == "ascii":
        assert lines[2:4] == ["> \\u0141ukasz - Total 0", "    Tech 0 | Points 0 | User Errors 0"]
    else:
        assert lines[2:4] == ["> \\u0141ukasz — Total 0", "    Tech 0 · Points 0 · User Errors 0"]


def test_the_web_page_lays_its_board_out_wide_whatever_columns_says(tmp_path, monkeypatch):
    """`scorekeeper serve` lays its page out itself: a server started with COLUMNS=40
    still reads each game's view as its wide table (scorekeeper.board), cell by cell;
    the terminal beside it still gets the narrow one."""
    from scorekeeper.web.page import read_page

    db = tmp_path / "score.sqlite3"
    monkeypatch.setenv("COLUMNS", "40")
    assert (
        CliRunner()
        .invoke(main, ["--db", str(db), "new", "hack-attack", "Ana", "Benedikt"])
        .exit_code
        == 0
    )
    table = read_page(db, None)
    assert table is not None
    assert table.board.columns == ("Player", "Tech", "Points", "User Errors", "Total")
    assert [r.cells for r in table.board.rows] == [
        ("Ana", "0", "0", "0", "0"),
        ("Benedikt", "0", "0", "0", "0"),
    ]
    shown = CliRunner().invoke(main, ["--db", str(db), "status"]).output
    assert "▶ Ana — Total 0\n" in shown and max(map(printed_width, shown.splitlines())) <= 40
