"""Check a game's data without building: schema and references (via the game's loader),
every text on every face against its box and against the embedded font, and the
rulebook's markup and characters.

Returns every problem at once. Source: shared/DESIGN.md, "pnp validate".
"""

from __future__ import annotations

from pathlib import Path

from pnp.data.rulebook import Block, load_rulebook
from pnp.errors import DataError, Problem
from pnp.fonts import BOLD, REGULAR, missing_glyphs
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


def check_rulebook(path: Path, blocks: list[Block]) -> list[Problem]:
    """Characters of the rulebook that its fonts cannot draw, by line."""
    problems = []
    for block in blocks:
        font = REGULAR if block.kind in ("para", "bullet", "number") else BOLD
        missing = missing_glyphs(block.text, font) | missing_glyphs(block.text, BOLD)
        if missing:
            chars = ", ".join(f"{ch!r} (U+{ord(ch):04X})" for ch in sorted(missing))
            problems.append(Problem(path, f"the font has no glyph for {chars}", line=block.line))
    return problems


def validate(game: GameSpec, folder: Path, frame_for) -> tuple[object | None, list[Block], list[Problem]]:
    """Load `folder` with `game`, check its faces on the frame `frame_for(data)` gives, and
    read and check its `rulebook.md`.

    Returns (data, rulebook blocks, every problem); data is None when loading failed.
    """
    problems: list[Problem] = []
    blocks: list[Block] = []
    rulebook = folder / "rulebook.md"
    try:
        blocks = load_rulebook(rulebook)
        problems += check_rulebook(rulebook, blocks)
    except DataError as exc:
        problems += exc.problems
    try:
        data = game.load(folder)
    except DataError as exc:
        return None, blocks, exc.problems + problems
    return data, blocks, check_faces(game, data, frame_for(data)) + problems
