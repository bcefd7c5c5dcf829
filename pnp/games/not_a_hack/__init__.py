"""Not a Hack: its manifest, registered once as an entry point of "hackpack.games"
(pyproject.toml). The package holds the game's card data model (`cards`), its faces
(`faces`) and its simulator (`simulator`); its rules are the score keeper's
`scorekeeper.games.not_a_hack`, which the simulator reaches through this manifest. Importing
this module imports only the core."""

from pnp.core.games import GameEntry

MANIFEST = GameEntry(
    "not-a-hack",
    "pnp.games.not_a_hack.faces",
    rules="scorekeeper.games.not_a_hack",
    simulator="pnp.games.not_a_hack.simulator",
    aliases=(),
    data="pnp.games.not_a_hack.cards:load_not_a_hack",
    verbs=("hack", "negative", "banned", "new-account", "positive", "steal", "hack-off", "used-up"),
    folder="pnp:card_data/not-a-hack",
)
