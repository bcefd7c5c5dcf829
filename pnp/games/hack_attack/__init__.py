"""Hack Attack: Defense: its manifest, registered once as an entry point of "hackpack.games"
(pyproject.toml). The package holds the game's card models and tables (`cards`) and their
loader (`loader`), its faces (the shared parts in `face_parts`, the fronts in `fronts`, the
back and the `Kit` in `kit`) and its simulator (`simulator`); its rules are the score
keeper's `scorekeeper.games.hack_attack`, which the simulator reaches through this
manifest. Importing this module imports only the core."""

from pnp.core.games import GameEntry

MANIFEST = GameEntry(
    "hack-attack",
    "pnp.games.hack_attack.kit",
    rules="scorekeeper.games.hack_attack",
    simulator="pnp.games.hack_attack.simulator",
    aliases=("hack-attack-defense", "had"),
    data="pnp.games.hack_attack.loader:load_hack_attack",
    verbs=("protect", "user-error", "attack", "end-turn", "defend"),
    folder="pnp:card_data/hack-attack",
)
