"""A data-only game everywhere (issue 43, item 4): a game made by `pnp new NAME --dir
DIR` is checked by `pnp validate --all --data DIR` (which checks the games DIR holds,
not the shipped games it lacks), built by `build --all`, settled by `scorekeeper check`,
shown by `scorekeeper help --data DIR`, offered by shell completion; `pnp simulate`
says what it lacks to be simulated."""

from __future__ import annotations

import shutil
from pathlib import Path

import click
import pytest
from click.shell_completion import ShellComplete
from click.testing import CliRunner

from pnp.cli import main as pnp
from pnp.cli.config_files import ENV_DIR
from pnp.core.paths import SHIPPED_DATA_DIR
from scorekeeper.cli import main as scorekeeper
from tests.data_only_game import write_game

OK_MOON = "moon-base: OK — 4 distinct cards, 23 copies"
OK_HACK_ATTACK = "hack-attack: OK — 94 distinct cards, 155 copies"
SIMULATED = "hack-attack, hack-back, not-a-hack"


def run(*args: str, cli: click.Command = pnp):
    return CliRunner().invoke(cli, list(args))


def offered(cli: click.Command, words: list[str], incomplete: str = "") -> list[str]:
    """What click's completion offers for `PROG WORDS INCOMPLETE`."""
    name = "pnp" if cli is pnp else "scorekeeper"
    completer = ShellComplete(cli, {}, name, f"_{name.upper()}_COMPLETE")
    return [item.value for item in completer.get_completions(words, incomplete)]


@pytest.fixture
def data(tmp_path, monkeypatch) -> Path:
    """A data folder holding the data-only game moon-base, as `pnp new` writes it; the
    test runs in tmp_path, its paths relative to it."""
    monkeypatch.chdir(tmp_path)
    assert run("new", "moon-base", "--dir", "games").exit_code == 0
    return Path("games")


def test_the_round_trip_from_new_to_completion(data):
    result = run("validate", "--all", "--data", str(data))
    assert (result.exit_code, result.stdout, result.stderr) == (0, OK_MOON + "\n", "")
    result = run("build", "--all", "--data", str(data), "--out", "out")
    assert result.exit_code == 0, result.output
    assert (
        result.stdout.splitlines()[0] == "moon-base: 23 cards — 8 action, 10 treasure, 5 Player aid"
    )
    assert sorted(p.name for p in Path("out", "moon-base").iterdir()) == [
        "booklet.pdf",
        "cards.pdf",
        "print-me-first.pdf",
        "rules.pdf",
    ]
    result = run(
        "check", "--data", str(data), "moon-base", "Ana=3,5,-2", "Ben=4,4,0", cli=scorekeeper
    )
    assert (result.exit_code, result.output.splitlines()[:4]) == (
        0,
        [
            "Winner: Ben (highest total)",
            "Points by round:",
            "  Ana: 3 + 5 − 2 = 6",
            "  Ben: 4 + 4 + 0 = 8",
        ],
    )
    assert offered(pnp, ["build", "--data", str(data), "--game"], "moon") == ["moon-base"]
    assert offered(scorekeeper, ["new", "--data", str(data)], "m") == ["moon-base"]
    assert offered(scorekeeper, ["check", "--data", str(data)], "") == ["moon-base"]
    assert offered(scorekeeper, ["help", "--data", str(data)], "MOON") == ["moon-base"]


def test_all_checks_the_shipped_copies_and_the_new_games_a_folder_holds(data):
    assert (
        run(
            "export-data", "--game", "hack-attack", "--format", "folder", "--out", str(data)
        ).exit_code
        == 0
    )
    write_game(data)  # dice-night: a points sheet's game.toml, nothing to print
    write_game(data, folder="Moon Base")  # a folder whose name is no game id
    (data / "fonts").mkdir()  # no game.toml: not a game, passed over in silence
    result = run("validate", "--all", "--data", str(data))
    assert (result.exit_code, result.stdout) == (0, f"{OK_HACK_ATTACK}\n{OK_MOON}\n")
    assert result.stderr.splitlines() == [
        "Warning: Moon Base/game.toml: not read: the folder's name 'Moon Base' is no game id "
        "(lowercase letters and digits in words joined by '-', at most 48 characters); "
        "rename it to its game's id",
        "Note: dice-night/game.toml: prints nothing: it names no faces and no [[tables]] "
        "(a points sheet for the score keeper)",
    ]
    # the folder's games, as --all runs them, are what completion offers
    assert offered(pnp, ["validate", "--data", str(data), "--game"]) == ["hack-attack", "moon-base"]


def test_all_without_data_still_means_the_registered_games():
    result = run("validate", "--all")
    assert result.exit_code == 0, result.output
    assert [line.split(":")[0] for line in result.stdout.splitlines()] == SIMULATED.split(", ")


def test_a_broken_game_in_the_folder_fails_all_with_every_games_lines(data):
    (data / "moon-base" / "cards.toml").write_text('[[card]]\nid = "x"\n', encoding="utf-8")
    shutil.copytree(data / "moon-base", data / "sun-base")
    result = run("validate", "--all", "--data", str(data))
    missing = [
        "card 'x', field 'kind': missing; expected one of action, treasure",
        "card 'x', field 'name': missing; expected text of 1..24 characters",
        "card 'x', field 'text': missing; expected text of 1..140 characters",
    ]
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr.splitlines() == [
        *(f"Error: moon-base/cards.toml:1: {m}" for m in missing),
        "Error: moon-base: 3 problems found.",
        "Error: sun-base/game.toml:18: field 'id': game id 'moon-base' does not match its "
        "folder 'sun-base'",
        *(f"Error: sun-base/cards.toml:1: {m}" for m in missing),
        "Error: sun-base: 4 problems found.",
    ]


@pytest.mark.parametrize(
    "make, line",
    [
        (lambda d: None, "Error: the data folder 'nowhere' does not exist"),
        (lambda d: d.write_text(""), "Error: the data folder 'nowhere' is a file, not a folder"),
        (
            lambda d: d.mkdir(),
            "Error: the data folder 'nowhere' holds no game: no folder of it holds a game.toml "
            "(`pnp new NAME --dir 'nowhere'` writes one)",
        ),
        (
            lambda d: write_game(d),
            "Note: dice-night/game.toml: prints nothing: it names no faces and no [[tables]] "
            "(a points sheet for the score keeper)\n"
            "Error: the data folder 'nowhere' holds no game: each folder with a game.toml was "
            "passed over (named above)",
        ),
    ],
)
def test_a_data_folder_without_games_is_one_error_line(tmp_path, monkeypatch, make, line):
    monkeypatch.chdir(tmp_path)
    make(tmp_path / "nowhere")
    for verb in ("validate", "build", "export"):
        result = run(
            verb, "--all", "--data", "nowhere", *(["--format", "png"] if verb == "export" else [])
        )
        assert (result.exit_code, result.stderr) == (1, line + "\n"), verb
    assert not (tmp_path / "out").exists()


def test_pnp_toml_data_and_game_go_with_all(data):
    Path("pnp.toml").write_text(f'data = "{data}"\ngame = "hack-attack"\n', encoding="utf-8")
    result = run("validate", "--all")  # the file's game gives way to --all; its data holds
    assert (result.exit_code, result.stdout) == (0, f"Defaults from ./pnp.toml\n{OK_MOON}\n")
    result = run("validate", "--all", "--game", "moon-base")
    assert (result.exit_code, result.stderr.splitlines()[-1]) == (
        2,
        "Error: use --game GAME or --all, not both",
    )
    Path("pnp.toml").write_text(f'data = "{data}"\ngame = "moon-base"\n', encoding="utf-8")
    result = run("validate")
    assert (result.exit_code, result.stdout) == (0, f"Defaults from ./pnp.toml\n{OK_MOON}\n")
    # completion reads pnp.toml's data and game as the command would
    assert offered(pnp, ["build", "--game"], "") == ["moon-base"]
    assert offered(pnp, ["preview", "--card"], "o") == ["old-coin"]


def test_simulate_says_what_a_data_only_game_lacks(data):
    result = run("simulate", "--game", "moon-base", "--data", str(data), "--no-pdf")
    assert (result.exit_code, result.stderr) == (
        1,
        f"Error: moon-base is a data-only game ('{data}/moon-base/game.toml'): it builds, "
        "and the score keeper keeps it on a points sheet, but a simulation plays a model of "
        "the rules: a simulator module (pnp.simulate.result's contract) and the score "
        "keeper's rules, which a game's package registers in its manifest entry (README, "
        f'"Layout of the repository"); simulated games: {SIMULATED}\n',
    )
    result = run("simulate", "--game", "moon-bass", "--data", str(data), "--no-pdf")
    assert (result.exit_code, result.stderr) == (
        1,
        f"Error: unknown game 'moon-bass' (nor a data-only game: no "
        f"'{data}/moon-bass/game.toml'); simulated games: {SIMULATED}\n",
    )
    result = run("simulate", "--all", "--data", str(data), "--no-pdf")
    assert (result.exit_code, result.stderr) == (
        1,
        "Note: moon-base has no simulator (a data-only game: no model of its rules); "
        "--all skips it\n"
        f"Error: no game to simulate: none has a simulator (simulated games: {SIMULATED})\n",
    )


def test_scorekeeper_help_shows_a_data_only_games_points_sheet(data):
    result = run("help", "--data", str(data), "moon-base", cli=scorekeeper)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        "Moon Base (moon-base), a data-only game kept on a points sheet",
        "Start a game: scorekeeper new --data games moon-base NAME NAME... (2–5 players)",
        "",
        "  points     PLAYER scores POINTS in the round in play (a whole number; negative",
        "             for points lost); name several players at once: points Ana 3 Ben 5.",
        "             A player's points in a round add up.",
        "               scorekeeper points Ana 3 Ben 5",
        "  end-round  End the round in play, once points are recorded in it; after the",
        "             game's last round (its game.toml's [scoring] rounds) the game ends",
        "             and is scored.",
        "               scorekeeper end-round",
        "",
        "Scoring: the game is scored when round 3 ends (game.toml: rounds = 3); the",
        'highest total wins and equal totals share the win (game.toml: wins = "highest").',
        "Settle a finished table (each player's points, round by round):",
        "  scorekeeper check --data games moon-base NAME=POINTS,POINTS,...",
        "",
        "Every game: new, rematch, games, status, moves, history, undo, redo, export,",
        "result, stats, check, help, serve (scorekeeper --help).",
    ]
    # the GAME may come first, as in `scorekeeper help moon-base --data games`
    assert run("help", "moon-base", "--data", str(data), cli=scorekeeper).output == result.output


def test_a_sheet_without_rounds_lists_end_game_and_the_lowest_total(tmp_path, monkeypatch):
    from tests.data_only_game import game_text

    monkeypatch.chdir(tmp_path)
    write_game(Path("g"), game_text(scoring='wins = "lowest"\n'))
    lines = run("help", "--data", "g", "dice-night", cli=scorekeeper).output.splitlines()
    assert lines[11:] == [
        "  end-game   End the game and score it, in a game whose game.toml sets no number",
        "             of rounds (the round in play counts if points are recorded in it).",
        "               scorekeeper end-game",
        "",
        "Scoring: the table ends it with end-game (game.toml sets no rounds); the lowest",
        'total wins and equal totals share the win (game.toml: wins = "lowest").',
        "Settle a finished table (each player's points, round by round):",
        "  scorekeeper check --data g dice-night NAME=POINTS,POINTS,...",
        "",
        "Every game: new, rematch, games, status, moves, history, undo, redo, export,",
        "result, stats, check, help, serve (scorekeeper --help).",
    ]


def test_scorekeeper_help_lists_the_data_only_games_of_a_folder(data):
    write_game(data)
    write_game(data, folder="Bad Name")
    result = run("help", "--data", str(data), cli=scorekeeper)
    assert (result.exit_code, result.stdout) == (
        0,
        "Data-only games in games, each kept on a points sheet:\n"
        "  dice-night  Dice Night, 2–5 players\n"
        "  moon-base   Moon Base, 2–5 players\n"
        "\n"
        "One game's page: scorekeeper help --data games GAME\n",
    )
    assert result.stderr == (
        "Warning: 'Bad Name' cannot be a game's folder: a game id is kebab-case: a-z and "
        "0-9 in words joined by single hyphens\n"
    )


@pytest.mark.parametrize(
    "args, line",
    [
        (
            ("help", "moon-base"),
            "Error: unknown game 'moon-base'; known games: hack-attack, hack-back, not-a-hack; "
            "a data-only game needs --data DIR, the folder that holds its folder",
        ),
        (
            ("help", "--data", "games", "moon-bass"),
            "Error: 'games/moon-bass' holds no game.toml; the games in 'games': moon-base",
        ),
        (("help", "--data", "elsewhere"), "Error: the data folder 'elsewhere' is not a folder"),
        (
            ("help", "--data", "games/moon-base"),
            "Error: the data folder 'games/moon-base' holds no data-only game that reads: "
            "no folder of it holds a game.toml",
        ),
    ],
)
def test_scorekeeper_help_refuses_in_one_line(data, args, line):
    result = run(*args, cli=scorekeeper)
    assert (result.exit_code, result.stderr) == (1, line + "\n")


def test_scorekeeper_help_names_the_points_sheet(data):
    """`scorekeeper --help` and `check --help` say how a data-only game is shown and settled."""
    words = " ".join(run("--help", cli=scorekeeper).output.split())
    assert "a data-only game's points sheet: 'scorekeeper help --data DIR GAME'" in words
    words = " ".join(run("check", "--help", cli=scorekeeper).output.split())
    assert words.endswith(
        "a data-only game (--data DIR), its points sheet: write NAME=POINTS,POINTS,... with "
        "the player's points in each round, in order, e.g. Ana=3,5,-2 Ben=4,4,0 (a game that "
        "sets no number of rounds may give one number each: its totals)."
    )
    # a registered game named with --data is shown by its own rules
    result = run("help", "--data", str(data), "hack-back", cli=scorekeeper)
    assert result.output.splitlines()[0] == "Hack Back (hack-back)"


def test_scorekeeper_completes_registered_games_without_data(data, monkeypatch):
    monkeypatch.setenv(ENV_DIR, str(data))  # no pnp.toml is read by the score keeper
    assert offered(scorekeeper, ["new"], "hack-b") == ["hack-back"]
    assert offered(scorekeeper, ["check"], "") == SIMULATED.split(", ")
    assert offered(scorekeeper, ["new", "--data", "nowhere"], "") == []


def test_pnp_completion_offers_a_folders_games_only_where_data_is_read(data):
    assert offered(pnp, ["diff", "a", "b", "--game"], "") == SIMULATED.split(", ")
    assert offered(pnp, ["build", "--data", "nowhere", "--game"], "") == []
    assert offered(pnp, ["preview", "--data", str(data), "--game", "moon-base", "--card"], "o") == [
        "old-coin"
    ]
    assert offered(
        pnp, ["build", "--data", str(SHIPPED_DATA_DIR), "--game"], ""
    ) == SIMULATED.split(", ")
