"""Editing copies of the card data in tests, and finding what to edit."""

from __future__ import annotations

from pathlib import Path


def edit_data(path: Path, old: str, new: str) -> int:
    """Replace `old` on its first line that is not a comment; return that line's number
    (1-based). AssertionError if no such line holds `old`."""
    lines = path.read_text(encoding="utf-8").split("\n")
    for i, line in enumerate(lines):
        if old in line and not line.lstrip().startswith("#"):
            lines[i] = line.replace(old, new, 1)
            path.write_text("\n".join(lines), encoding="utf-8")
            return i + 1
    raise AssertionError(f"{old!r} not in {path.name}")


def first_card_file(game: str) -> str:
    """The name of the card table file that holds `game`'s first card (its Source), taken
    from the game's kit: the file a test of one card table edits."""
    from pnp.core.games import find_game
    from pnp.core.paths import SHIPPED_DATA_DIR

    kit = find_game(game)
    return kit.cards(kit.load(SHIPPED_DATA_DIR / kit.id))[0].source.file.name
