"""`pnp new`: a ready data-only game folder from the template shipped in the package
(pnp/templates/new_game/: game.toml, cards.toml with three example cards of two kinds,
faces.toml, aids.toml and rulebook.md), which validates, builds and exports as written.

The folder is written beside its final place under a temporary name and renamed into
place, so it is there whole or not at all; an existing one is never touched.
Source: issue 25 item 2; README, "A new game".
"""

from __future__ import annotations

import os
import shutil
import tempfile
from importlib.resources import files
from pathlib import Path

from pnp.core.errors import PnpError
from pnp.core.shown import PATH_LIMIT, quoted

#: The template's files, in the order `pnp new` names them.
TEMPLATE_FILES = ("game.toml", "cards.toml", "faces.toml", "aids.toml", "rulebook.md")


def printed_name(game_id: str) -> str:
    """The game's printed name from its id: "pocket-heist" -> "Pocket Heist"."""
    return " ".join(word.capitalize() for word in game_id.split("-"))


def template_text(name: str, game_id: str) -> str:
    """The template file `name` with the game's id, name and back title filled in."""
    text = (files("pnp") / "templates" / "new_game" / name).read_text(encoding="utf-8")
    title = printed_name(game_id)
    return (
        text.replace("{{id}}", game_id)
        .replace("{{name}}", title)
        .replace("{{title}}", title.upper())
    )


def write_new_game(game_id: str, data_dir: Path) -> Path:
    """Write the folder `data_dir/game_id` of a new data-only game (`game_id` a kebab-case
    id the caller has checked) and return it; `data_dir` is made if needed. PnpError,
    with nothing written, when the folder (or anything of that name) exists already or
    cannot be written."""
    target = Path(data_dir) / game_id
    shown = quoted(target, PATH_LIMIT)
    if os.path.lexists(target):
        raise PnpError(f"{shown} already exists; pnp new writes a new folder and never changes one")
    if Path(data_dir).exists() and not Path(data_dir).is_dir():
        raise PnpError(
            f"cannot write {shown}: {quoted(data_dir, PATH_LIMIT)} is a file, not a folder"
        )
    staging = None
    try:
        Path(data_dir).mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".new-{game_id}-", dir=data_dir))
        for name in TEMPLATE_FILES:
            (staging / name).write_text(template_text(name, game_id), encoding="utf-8")
        if os.path.lexists(target):  # made meanwhile: leave it be
            raise PnpError(
                f"{shown} already exists; pnp new writes a new folder and never changes one"
            )
        os.rename(staging, target)
        staging = None
    except OSError as exc:
        raise PnpError(f"cannot write {shown}: {exc.strerror or exc}") from None
    finally:
        if staging is not None:
            shutil.rmtree(staging, ignore_errors=True)
    return target
