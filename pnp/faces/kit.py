"""The Kit of a data-only game (pnp.layout.kit): a game folder whose game.toml names its
face layout and declares its card tables (pnp.faces.declared) builds, validates and
exports with no Python of its own. Its cards print by back (one print group per back,
in table order), its faces come from the layout (pnp.faces.building).

`data_kit(name, data_dir)` finds such a game from its folder, `DATA_DIR/NAME/game.toml`,
for a NAME the registry (pnp.core.games) does not know. Source: issue 25 item 2.
"""

from __future__ import annotations

from pathlib import Path

from pnp.core.kit_words import kind_word, say, words_of
from pnp.data.tables import TableSpec
from pnp.faces.bound import Bound
from pnp.faces.building import back_face, front_face
from pnp.faces.game import DataCard, DataGame, load_data_game
from pnp.faces.held import game_id_like
from pnp.layout.card_frame import CardFrame
from pnp.layout.face import Face
from pnp.layout.kit import Kit, KitRow, PrintGroup


def kind_name(kind: str) -> str:
    """A kind as the kit table names it: "new_account" -> "New account"."""
    return kind.replace("_", " ").replace("-", " ").capitalize()


class DataKit(Kit):
    """The kit of the data-only game `game_id` (its folder's name)."""

    def __init__(self, game_id: str):
        self.id = game_id

    def load(self, folder: Path) -> DataGame:
        return load_data_game(folder)

    def tables(self, folder: Path) -> list[TableSpec]:
        """The card tables game.toml's [[tables]] declare, then its player aids' (when
        `aids` names a file), for `pnp diff`; none when game.toml cannot be read."""

        from pnp.core.errors import Problem
        from pnp.data.aid import AID_SPEC
        from pnp.data.toml_source import read_toml
        from pnp.faces.declared import read_tables_declared

        tf = read_toml(folder / "game.toml")
        if isinstance(tf, Problem):
            return []
        specs = [t.spec for t in read_tables_declared(tf)[0]]
        aids = tf.data.get("aids")
        return specs + ([AID_SPEC._replace(file=aids)] if isinstance(aids, str) else [])

    def cards(self, data: DataGame) -> tuple[DataCard, ...]:
        return data.cards

    def front(self, card: DataCard, data: DataGame, frame: CardFrame) -> Face:
        return front_face(data.layout, card.kind, Bound(card.values, card.source, data.info), frame)

    def backs(self, data: DataGame) -> tuple[str, ...]:
        return data.backs

    def back(self, back_id: str, data: DataGame, frame: CardFrame) -> Face:
        return back_face(data.layout, back_id, data.info, frame)

    def groups(
        self, data: DataGame, deck_format: str | None = None, players: int | None = None
    ) -> list[PrintGroup]:
        """Every copy, one group per back (in table order; "Guard deck" for the back
        "guard" when there are several); deck choices refused."""
        super().groups(data, deck_format, players)  # refuses deck choices
        return [
            PrintGroup(
                "cards" if len(data.backs) == 1 else f"{kind_name(back)} deck",
                tuple(c for c in data.cards if c.back == back for _ in range(c.count)),
                back,
            )
            for back in data.backs
        ]

    def kit_rows(self, data: DataGame) -> list[KitRow]:
        """A row per kind of card (copies), then the cards in all."""
        words = words_of(data)
        rows = [
            KitRow(
                kind_word(words, "cards", kind_name(kind)),
                sum(c.count for c in data.cards if c.kind == kind),
            )
            for kind in data.kinds
            if any(c.kind == kind for c in data.cards)
        ]
        return [*rows, KitRow(say(words, "kit.all"), sum(c.count for c in data.cards))]


def data_kit(name: str, data_dir: Path) -> DataKit | None:
    """The kit of the data-only game `name` (a kebab-case id) when `data_dir/name` holds a
    game.toml, else None."""
    if not game_id_like(name):
        return None
    if not (Path(data_dir) / name / "game.toml").is_file():
        return None
    return DataKit(name)
