"""A data-only game read from its folder: game.toml (the settings every game has, plus
what pnp.faces.declared reads: its layout, card tables, aids and scoring), every card
table, and the face layout (pnp.faces.layout_file), all checked at once.

Source: issue 25 item 2; README, "A new game".
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from pnp.core.errors import DataError, LayoutError, Problem
from pnp.core.shown import quoted
from pnp.core.sizes import card_size_name
from pnp.data.aid import AID_SPEC, AidCard, aid_cards
from pnp.data.art import parse_art
from pnp.data.game_file import read_game_file
from pnp.data.models import GameInfo, Source
from pnp.data.schema import Field
from pnp.data.tables import Entry, read_tables
from pnp.data.toml_source import TomlFile, read_toml
from pnp.faces.declared import GAME_KEYS, Scoring, Table, read_scoring, read_tables_declared
from pnp.faces.layout_file import Layout, read_layout


@dataclass(frozen=True)
class DataCard:
    """One card of a data-only game: its id, `kind` (a key of the layout's fronts),
    copies (`count`), the `back` it prints with, every field's checked `values` (id,
    count and kind included; an absent optional field is absent) and its `source`."""

    id: str
    kind: str
    count: int
    back: str
    values: Mapping[str, Any]
    source: Source

    @property
    def art(self) -> Any:
        """The card's picture (its `art` field, pnp.data.art), placed by its own window."""
        return self.values.get("art")


@dataclass(frozen=True)
class DataGame:
    """A data-only game's validated data: settings, cards (in table order), the face
    layout, the ids of its backs and kinds (in declared order), its scoring and its
    player aids."""

    info: GameInfo
    cards: tuple[DataCard, ...]
    layout: Layout
    backs: tuple[str, ...]
    kinds: tuple[str, ...]
    scoring: Scoring
    aids: tuple[AidCard, ...] = ()


def load_data_game(folder: Path) -> DataGame:
    """Read and check the data-only game in `folder`; DataError lists every problem
    (game.toml, each card table, the layout), each with file:line."""
    tf = read_toml(folder / "game.toml")
    if isinstance(tf, Problem):
        raise DataError([tf])
    tables, problems = read_tables_declared(tf)
    declared = not problems  # only then are the kinds known that the layout's faces name
    scoring, p = read_scoring(tf)
    problems += p
    backs = tuple(dict.fromkeys(t.back for t in tables))
    labels = tf.data.get("labels")
    label_fields = tuple(
        Field(k, "str", "a word printed on the faces")
        for k in (labels if isinstance(labels, dict) else {})
    )
    info, _, _, p = read_game_file(tf, False, label_fields, True, backs, GAME_KEYS)
    problems += p
    if isinstance(tf.data.get("tables"), list) and not tables and not problems:
        problems.append(Problem(tf.path, "no card table could be read", field="tables"))
    aids_file = tf.data.get("aids")
    specs = [t.spec for t in tables]
    if isinstance(aids_file, str) and not p:
        specs.append(AID_SPEC._replace(file=aids_file))
    found = read_tables(folder, specs)  # a table in a .csv file is read as a spreadsheet
    problems += found.problems
    cards = [
        card
        for entry in found.entries
        if entry.complete and entry.spec.table != AID_SPEC.table
        for card in [_card(entry, tables, folder, problems)]
        if card is not None
    ]
    layout = _layout(tf, folder, tables, backs, labels, problems) if declared else None
    if problems:
        raise DataError(problems)
    assert info is not None and layout is not None  # no problems: both were read
    kinds = tuple(k for t in tables for k in t.kinds)
    aids = aid_cards(found.entries, info.players_max)
    return DataGame(info, tuple(cards), layout, backs, kinds, scoring, aids)


def _card(
    entry: Entry, tables: list[Table], folder: Path, problems: list[Problem]
) -> DataCard | None:
    """The card of one checked entry, its other art fields read (pnp.data.art)."""
    table = next(t for t in tables if t.spec is entry.spec)
    values = dict(entry.values)
    for f in table.spec.fields:
        if f.kind == "art" and f.name != "art" and f.name in values:
            values[f.name], p = parse_art(values[f.name], entry.source.at(f.name), folder)
            if p:
                problems += p
                return None
    kind = values[table.kind_field] if table.kind_field else table.kinds[0]
    values.setdefault("count", 1)
    return DataCard(values["id"], kind, values["count"], table.back, values, entry.source)


def _layout(
    tf: TomlFile,
    folder: Path,
    tables: list[Table],
    backs: tuple[str, ...],
    labels: Any,
    problems: list[Problem],
) -> Layout | None:
    """The game's face layout, when game.toml names one and its tables could be read;
    a layout file that is not there is named at game.toml's `faces` line."""
    faces = tf.data.get("faces")
    if not isinstance(faces, str) or not tables or "/" in faces or faces.startswith("."):
        return None
    if not (folder / faces).is_file():
        problems.append(
            Problem(
                tf.path,
                f'no layout file {quoted(faces)} in the game folder (README, "Faces as data")',
                line=tf.lines.top.of("faces"),
                field="faces",
            )
        )
        return None
    kinds = {kind: t.fields for t in tables for kind in t.kinds}
    design = _design(tf.data.get("card_size"))
    words = frozenset(labels) if isinstance(labels, dict) else frozenset()
    layout, p = read_layout(folder / faces, kinds, backs, words, design)
    problems += p
    return layout


def _design(size: object) -> str:
    """The game's own trim (game.toml card_size), which its layout is measured on unless
    it says otherwise; poker when that is no card size (game.toml's check reports it)."""
    try:
        return card_size_name(str(size)) if isinstance(size, str) else "poker"
    except LayoutError:
        return "poker"
