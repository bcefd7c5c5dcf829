"""Coin Flip in pnp: the print-and-play half of the test-only fourth game, in one file
(its card model and table spec, its loader, its faces and its kit), registered by the
tests alone (`pnp.core.games.GAMES` gets a GameEntry pointing here).

Cards: coins worth 1–3 points (card_data/coin-flip/coins.toml); one back. With the ink
saver (`CardFrame.ink_saver`) the coin prints as a gold ring and the back on white paper,
as the shipped games print their badges and backs.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pnp.core.errors import DataError
from pnp.core.units import mm_to_pt
from pnp.data.models import GameInfo, Source
from pnp.data.schema import Field, int_range, length_range
from pnp.data.tables import TableSpec, read_game
from pnp.fonts import BOLD, ITALIC
from pnp.layout.card_frame import CardFrame
from pnp.layout.design import DesignGrid, label, line_at, ring, title
from pnp.layout.face import Disc, Face, Fill, Text
from pnp.layout.kit import Kit, KitRow

DATA_DIR = Path(__file__).resolve().parent / "card_data"
GOLD = "#E69F00"


@dataclass(frozen=True)
class CoinCard:
    """A coin: printed name, copies, points (1..3) and a motto."""

    id: str
    name: str
    count: int
    points: int
    motto: str
    source: Source
    kind = "Coin"


@dataclass(frozen=True)
class CoinData:
    """The validated Coin Flip data: settings and every coin."""

    info: GameInfo
    cards: tuple[CoinCard, ...]


TABLES = (
    TableSpec(
        "coin",
        "coins.toml",
        (
            Field("id", "id", "a kebab-case id"),
            Field("name", "str", "the printed name, 1..20 characters", check=length_range(1, 20)),
            Field("count", "int", "copies printed, 1..12", check=int_range(1, 12)),
            Field("points", "int", "what the coin is worth, 1..3", check=int_range(1, 3)),
            Field("motto", "str", "one line, 1..60 characters", check=length_range(1, 60)),
        ),
        kind="Coin",
    ),
)
LABEL_FIELDS = (
    Field("coin", "str", "the kind label, 1..12 characters", check=length_range(1, 12)),
)


def load_coin_flip(folder: Path) -> CoinData:
    """Load and check game.toml and coins.toml; DataError lists every problem."""
    files = read_game(folder, TABLES, label_fields=LABEL_FIELDS)
    if files.problems:
        raise DataError(list(files.problems))
    return CoinData(
        files.info, tuple(CoinCard(**e.values, source=e.source) for e in files.tables.entries)
    )


def coin_face(card: CoinCard, data: CoinData, frame: CardFrame) -> Face:
    """A gold disc with the points (with the ink saver, a gold ring round them), the kind
    label, the coin's name and motto."""
    g, src = DesignGrid(frame), card.source
    kind, kind_origin = data.info.label("coin")
    r = mm_to_pt(9.0)
    cx, cy = frame.w / 2, g.y(40.0)
    return Face(
        elements=(
            ring("coin", cx, cy, r, GOLD)
            if frame.ink_saver
            else Disc(key="coin", x=cx, y=cy, r=r, colour=GOLD),
            line_at(
                "points",
                str(card.points),
                BOLD,
                28,
                cx,
                cy - mm_to_pt(3.5),
                1.6 * r,
                origin=src.at("points"),
                inside="coin",
            ),
            label("kind", kind, g.box(3.5, 3.5), origin=kind_origin),
            title("name", card.name, g.box(10.0, 12.0), origin=src.at("name")),
            Text(
                key="motto",
                text=card.motto,
                font=ITALIC,
                box=g.box(60.0, 12.0),
                max_size=10.0,
                origin=src.at("motto"),
            ),
        ),
        source=src,
    )


def coin_back(data: CoinData, frame: CardFrame) -> Face:
    """The one back: a pale ground through the bleed (white paper with the ink saver)
    and the title; no frame (issue 28 item 7)."""
    back, f = data.info.back, frame
    ground = (
        None
        if f.ink_saver
        else Fill(key="ground", rect=f.bleed_rect, colour=back.colour, strength=0.1)
    )
    return Face(
        elements=(
            line_at(
                "title",
                back.title,
                BOLD,
                16,
                f.w / 2,
                f.h / 2,
                f.w - 2 * mm_to_pt(6.0),
                min_size=11.0,
                colour=back.colour,
                origin=back.source.at("title"),
            ),
        ),
        ground=ground,
        source=back.source,
        reuse="back-coin",
    )


class CoinFlipKit(Kit):
    """The Coin Flip kit: one deck of coins with one back."""

    id = "coin-flip"

    def load(self, folder: Path) -> CoinData:
        return load_coin_flip(folder)

    def cards(self, data: CoinData) -> tuple[CoinCard, ...]:
        return data.cards

    def front(self, card: CoinCard, data: CoinData, frame: CardFrame) -> Face:
        return coin_face(card, data, frame)

    def back(self, back_id: str, data: CoinData, frame: CardFrame) -> Face:
        return coin_back(data, frame)

    def kit_rows(self, data: CoinData) -> list[KitRow]:
        rows = [
            KitRow(f"{c.name} ({c.points} point{'s' if c.points > 1 else ''})", c.count)
            for c in data.cards
        ]
        return rows + [KitRow("Cards in all", sum(c.count for c in data.cards))]


KIT = CoinFlipKit()
