"""`pnp new NAME [--dir DIR]` (README, "A new game"): a ready data-only game folder from
the template in the package, which validates, builds and exports at once; it prints the
two commands that use it, never overwrites, and takes only a kebab-case id."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from pnp.cli import main

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

FILES = ["aids.toml", "cards.toml", "faces.toml", "game.toml", "rulebook.md"]


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_new_writes_the_folder_and_prints_both_commands(tmp_path):
    data = tmp_path / "my designs"
    result = run("new", "moon-base", "--dir", str(data))
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        f"Wrote {data / 'moon-base'}/: game.toml, cards.toml, faces.toml, aids.toml, rulebook.md",
        f"  build the kit:   pnp build --game moon-base --data '{data}'",
        f"  keep the score:  scorekeeper new --data '{data}' moon-base PLAYER…",
    ]
    assert sorted(p.name for p in data.iterdir()) == ["moon-base"]  # no staging left
    assert sorted(p.name for p in (data / "moon-base").iterdir()) == FILES
    game = tomllib.loads((data / "moon-base" / "game.toml").read_text(encoding="utf-8"))
    assert (game["id"], game["name"], game["back"]["title"]) == (
        "moon-base",
        "Moon Base",
        "MOON BASE",
    )
    assert game["scoring"] == {"wins": "highest", "rounds": 3}
    cards = tomllib.loads((data / "moon-base" / "cards.toml").read_text(encoding="utf-8"))["card"]
    assert len(cards) == 3 and sorted({c["kind"] for c in cards}) == ["action", "treasure"]


def test_what_new_writes_validates_builds_and_exports_at_once(tmp_path):
    data, out = tmp_path / "data", tmp_path / "out"
    assert run("new", "moon-base", "--dir", str(data)).exit_code == 0
    for size in ("poker", "bridge", "tarot"):
        result = run("validate", "--game", "moon-base", "--data", str(data), "--card-size", size)
        assert result.output == "moon-base: OK — 4 distinct cards, 23 copies\n", size
    result = run("build", "--game", "moon-base", "--data", str(data), "--out", str(out))
    assert result.exit_code == 0, result.output
    assert (
        result.output.splitlines()[0] == "moon-base: 23 cards — 8 action, 10 treasure, 5 Player aid"
    )
    pages = PdfReader(out / "moon-base" / "cards.pdf").pages
    assert len(pages) == 6
    assert "Quick Hands" in pages[0].extract_text() and "Old Coin" in pages[2].extract_text()
    assert "MOON BASE" in pages[1].extract_text() and "a card game" in pages[1].extract_text()
    rules = PdfReader(out / "moon-base" / "rules.pdf")
    text = "".join(p.extract_text() for p in rules.pages)
    for words in (
        "Moon Base",
        "Overview",
        "Setup",
        "Playing a round",
        "End of the game and scoring",
        "Clarifications",
        "Action card: Quick Hands",  # the card anatomy, from the faces (issue 44 item 5)
        "Setting up for three players",  # the setup picture game.toml declares
    ):
        assert words in text, words
    assert re.search(r"Treasure cards\s+10\s+Cards in all\s+18", text)
    first = " ".join(
        PdfReader(out / "moon-base" / "print-me-first.pdf").pages[0].extract_text().split()
    )
    assert f"pnp build --game moon-base --data {data}" in first
    for row in ("Cards 18 1–2 1–4", "Player aids 5 3 5–6", "All cards 23 1–3 1–6"):
        assert row in first, row
    args = ["export", "--game", "moon-base", "--data", str(data), "--out", str(out)]
    for fmt in ("png", "tts", "pdf-single"):
        result = run(*args, "--format", fmt, "--ink-saver")
        assert result.exit_code == 0, (fmt, result.output)
    assert len(list((out / "moon-base" / "png").glob("*.png"))) == 46  # 23 fronts, 23 backs
    saved = json.loads((out / "moon-base" / "tts" / "moon-base.json").read_text())
    assert [o.get("Nickname") for o in saved["ObjectStates"]] == ["cards", "Player aids"]
    assert len(PdfReader(out / "moon-base" / "cards-single.pdf").pages) == 46


def test_new_refuses_an_existing_folder_and_changes_nothing(tmp_path):
    assert run("new", "moon-base", "--dir", str(tmp_path)).exit_code == 0
    game = tmp_path / "moon-base" / "game.toml"
    game.write_text("# mine\n", encoding="utf-8")
    (tmp_path / "star-base").write_text("a file", encoding="utf-8")
    for name in ("moon-base", "star-base"):
        result = run("new", name, "--dir", str(tmp_path))
        assert result.exit_code == 1
        assert result.output == (
            f"Error: '{tmp_path / name}' already exists; pnp new writes a new folder and "
            "never changes one\n"
        )
    assert game.read_text(encoding="utf-8") == "# mine\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["moon-base", "star-base"]


def test_a_data_folder_that_is_a_file_is_one_line(tmp_path):
    (tmp_path / "notes").write_text("mine", encoding="utf-8")
    result = run("new", "moon-base", "--dir", str(tmp_path / "notes"))
    assert result.exit_code == 1
    assert result.output == (
        f"Error: cannot write '{tmp_path / 'notes' / 'moon-base'}': "
        f"'{tmp_path / 'notes'}' is a file, not a folder\n"
    )


@pytest.mark.parametrize("name", ["Moon-Base", "moon_base", "moon--base", "m" * 49, ""])
def test_a_name_that_is_no_kebab_case_id_is_a_usage_error(tmp_path, name):
    result = run("new", name, "--dir", str(tmp_path))
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == (
        "Error: Invalid value for 'NAME': a game's name is a kebab-case id: lowercase "
        "letters and digits in words joined by '-', at most 48 characters, such as "
        "'pocket-heist'"
    )
    assert list(tmp_path.iterdir()) == []


def test_a_registered_games_id_is_refused(tmp_path):
    result = run("new", "hack-back", "--dir", str(tmp_path))
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == (
        "Error: Invalid value for 'NAME': hack-back is a registered game's id; choose another name"
    )


def test_the_default_folder_is_the_current_one(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("new", "moon-base")
    assert result.exit_code == 0
    assert result.output.splitlines()[1] == "  build the kit:   pnp build --game moon-base --data ."
    assert (tmp_path / "moon-base" / "faces.toml").is_file()


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
def test_a_folder_that_cannot_be_written_is_one_line(tmp_path):
    tmp_path.chmod(0o500)
    try:
        result = run("new", "moon-base", "--dir", str(tmp_path))
    finally:
        tmp_path.chmod(0o700)
    assert result.exit_code == 1
    assert result.output == f"Error: cannot write '{tmp_path / 'moon-base'}': Permission denied\n"


def test_the_wheel_carries_every_template_file():
    """pyproject.toml's package-data names the template folder, and every file in it."""
    repo = Path(__file__).resolve().parent.parent
    config = tomllib.loads((repo / "pyproject.toml").read_text(encoding="utf-8"))
    globs = config["tool"]["setuptools"]["package-data"]["pnp"]
    folder = repo / "pnp" / "templates" / "new_game"
    shipped = sorted(p.name for p in folder.iterdir())
    assert shipped == FILES
    assert all(any(Path("templates/new_game", n).match(g) for g in globs) for n in shipped)
