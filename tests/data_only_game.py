"""A data-only game for tests: a game folder holding a game.toml and nothing else (no card
data, no Python, no manifest entry), written into a temporary data folder, as a designer
would start one. The score keeper keeps it on its points sheet
(`scorekeeper new --data DIR NAME PLAYER...`)."""

from __future__ import annotations

from pathlib import Path

#: game.toml of Dice Night: 2–5 players, three rounds, the highest total wins. The keys
#: the points sheet reads, each on its own line (line numbers are asserted by tests).
DICE_NIGHT = """\
# Dice Night -- a data-only game: this file and no Python.
id = "dice-night"
name = "Dice Night"
players = { min = 2, max = 5 }

[scoring]
wins = "highest"
rounds = 3
"""


def write_game(data: Path, text: str = DICE_NIGHT, folder: str = "dice-night") -> Path:
    """Write `text` as `data`/`folder`/game.toml (folders made as needed); returns the
    data folder `data`, the DIR of `--data DIR`."""
    (data / folder).mkdir(parents=True, exist_ok=True)
    (data / folder / "game.toml").write_text(text, encoding="utf-8")
    return data


def game_text(
    folder: str = "dice-night",
    name: str = "Dice Night",
    players: tuple[int, int] = (2, 5),
    scoring: str = 'wins = "highest"\nrounds = 3\n',
) -> str:
    """A game.toml like DICE_NIGHT with its id (equal to `folder`), name, player range and
    the body of its [scoring] table changed (an empty `scoring` leaves the table out)."""
    text = (
        f'id = "{folder}"\nname = "{name}"\n'
        f"players = {{ min = {players[0]}, max = {players[1]} }}\n"
    )
    return text + (f"\n[scoring]\n{scoring}" if scoring else "")
