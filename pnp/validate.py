"""Check a game's data without building: schema and references (via the game's loader),
then every text on every face against its box and against the embedded font.

Returns every problem at once. Source: shared/DESIGN.md, "pnp validate".
"""

from __future__ import annotations

from pathlib import Path

from pnp.errors import DataError, Problem
from pnp.fonts import missing_glyphs
from pnp.games import GameSpec
from pnp.layout.card_frame import CardFrame
from pnp.layout.text import TextDoesNotFit
from pnp.render.text import fit_block


def check_faces(game: GameSpec, data, frame: CardFrame) -> list[Problem]:
    """Problems with text that cannot fit its box or has characters the font lacks."""
    problems: list[Problem] = []
    seen: set[tuple[str, str]] = set()
    for card, block in game.text_blocks(data, frame):
        key = (card.id, block.field)
        if key in seen:
            continue
        seen.add(key)
        field = block.field.split(":")[0].split("[")[0]
        where = dict(file=card.source.file, line=card.source.line_of(field), card_id=card.id,
                     field=block.field)
        missing = missing_glyphs(block.text, block.font)
        if missing:
            chars = ", ".join(f"{ch!r} (U+{ord(ch):04X})" for ch in sorted(missing))
            problems.append(Problem(message=f"the font has no glyph for {chars}", **where))
            continue
        try:
            fit_block(block)
        except TextDoesNotFit as exc:
            problems.append(Problem(message=f"text does not fit its box: {exc.reason}", **where))
    return problems


def validate(game: GameSpec, folder: Path, frame_for) -> tuple[object | None, list[Problem]]:
    """Load `folder` with `game` and check its faces on the frame `frame_for(data)` gives.

    Returns (data, problems); data is None when loading failed.
    """
    try:
        data = game.load(folder)
    except DataError as exc:
        return None, exc.problems
    return data, check_faces(game, data, frame_for(data))
