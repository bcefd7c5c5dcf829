"""Typed, immutable models shared by every game's card data. Lengths in mm."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Source:
    """Where a card was defined: the TOML file and the line of its table (1-based)."""

    file: Path
    line: int
    field_lines: tuple[tuple[str, int], ...] = ()

    def line_of(self, field: str) -> int:
        """The line of `field` in the card's table, or the table's header line."""
        return dict(self.field_lines).get(field, self.line)


@dataclass(frozen=True)
class Category:
    """A Defense category: id, printed name, colour ("#RRGGBB") and icon name."""

    id: str
    name: str
    colour: str
    icon: str


@dataclass(frozen=True)
class BackDesign:
    """The one card-back design of a game: title, subtitle and colour ("#RRGGBB")."""

    title: str
    subtitle: str
    colour: str


@dataclass(frozen=True)
class GameInfo:
    """A game's settings from `game.toml`: id, name, player range and card size name."""

    id: str
    name: str
    players_min: int
    players_max: int
    card_size: str
    back: BackDesign
    folder: Path
