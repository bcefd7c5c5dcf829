"""Hack Back: its manifest, registered once as an entry point of "hackpack.games"
(pyproject.toml). The package holds the game's card data model (`cards`) and its loader
(`loader`), its faces (`faces`) and its simulator (`simulator`); its rules are the score
keeper's `scorekeeper.games.hack_back`, which the simulator reaches through this manifest.
Importing this module imports only the core."""

from pnp.core.games import GameEntry

MANIFEST = GameEntry(
    "hack-back",
    "pnp.games.hack_back.faces",
    rules="scorekeeper.games.hack_back",
    simulator="pnp.games.hack_back.simulator",
    aliases=(),
    data="pnp.games.hack_back.loader:load_hack_back",
    verbs=("hero", "no-hero", "draw", "play", "activate"),
    folder="pnp:card_data/hack-back",
)
