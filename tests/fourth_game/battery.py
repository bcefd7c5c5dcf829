"""The whole per-game battery on the fourth game too: with HACKPACK_FOURTH_GAME=1 in the
environment, tests/conftest.py imports this module before anything else of pnp, and
Coin Flip is registered for the whole run exactly as a game's one manifest entry would
register it, its manifest naming its own data folder; and the tests' folder of the shipped
games' data (pnp.core.paths.SHIPPED_DATA_DIR) becomes a temporary one holding the shipped
games' folders and Coin Flip's (links, nothing copied). Every test that takes its games
from the manifest then runs on four games:

    HACKPACK_FOURTH_GAME=1 python -m pytest -q
"""

from __future__ import annotations

import atexit
import shutil
import tempfile
from pathlib import Path

import pnp.core.games
import pnp.core.paths

ENTRY = pnp.core.games.GameEntry(
    "coin-flip",
    "tests.fourth_game.kit",
    rules="tests.fourth_game.table",
    simulator="tests.fourth_game.sim",
    data="tests.fourth_game.kit:load_coin_flip",
    verbs=("coin", "stop"),
    folder="tests.fourth_game:card_data/coin-flip",
)


def install() -> Path:
    """Register Coin Flip and point the tests' folder of the shipped games' data at one
    holding it too; returns that folder (removed when the run ends)."""
    shipped = pnp.core.paths.SHIPPED_DATA_DIR
    folder = Path(tempfile.mkdtemp(prefix="hackpack-four-games-"))
    atexit.register(shutil.rmtree, folder, True)
    for game in shipped.iterdir():
        (folder / game.name).symlink_to(game, target_is_directory=game.is_dir())
    (folder / "coin-flip").symlink_to(
        Path(__file__).parent / "card_data" / "coin-flip", target_is_directory=True
    )
    pnp.core.paths.SHIPPED_DATA_DIR = folder
    pnp.core.games.GAMES.append(ENTRY)
    return folder
