"""What the language tests share (issue 46): `pnp` run in-process, a copy of the shipped
Hack Attack: Defense with its German translation to break, and edits to its game.toml
[words] and its German sheet."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner

from pnp.cli import main
from pnp.core.paths import SHIPPED_DATA_DIR


def pnp(*args: str):
    return CliRunner().invoke(main, list(args), env={"COLUMNS": "200"})


def copy_game(tmp_path: Path) -> Path:
    """The shipped hack-attack folder copied to `tmp_path`/data/hack-attack."""
    folder = tmp_path / "data" / "hack-attack"
    shutil.copytree(SHIPPED_DATA_DIR / "hack-attack", folder)
    return folder


def add_words(folder: Path, lines: str) -> int:
    """Add `lines` at the top of game.toml's [words]; the line number of the first."""
    path = folder / "game.toml"
    text = path.read_text(encoding="utf-8")
    head = text.index("[words]\n") + len("[words]\n")
    path.write_text(text[:head] + lines + text[head:], encoding="utf-8")
    return text[:head].count("\n") + 1
