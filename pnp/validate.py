"""Check a game's data without building: schema and references (the kit's loader), every
element of every face, fronts and backs, at the card size asked for (pnp.layout.face_check:
fit, glyphs, overlap, containers, safe area), and the rulebook's markup and characters.

Returns every problem at once; `pnp build` runs the same check first.
Source: shared/DESIGN.md, "pnp validate" and "Card faces are data".
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from pnp.core.errors import DataError, Problem
from pnp.data.rulebook import Block, load_rulebook
from pnp.fonts import BOLD, REGULAR, glyph_problem, missing_glyphs
from pnp.layout.card_frame import CardFrame
from pnp.layout.face import Face
from pnp.layout.face_check import Fault, check_face
from pnp.layout.kit import ONE_BACK, Kit


def kit_faces(kit: Kit, data: Any, frame: CardFrame) -> list[tuple[str, Face, bool]]:
    """(name, Face, is a back) of every distinct card's front and of every back, named
    for messages ("card 'smart-tv'", "back 'red-team'", "the back")."""
    faces = [(f"card '{card.id}'", kit.face(card, data, frame), False)
             for card in kit.printed_cards(data)]
    faces += [(f"back '{back}'" if back != ONE_BACK else "the back",
               kit.back_face(back, data, frame), True) for back in kit.back_ids(data)]
    return faces


def check_faces(kit: Kit, data: Any, frame: CardFrame) -> list[Problem]:
    """Every fault of every face, as a Problem at the data that prints it (file:line,
    subject, field), or, for a mark no data value prints (a band, a badge), at the card
    or back it is on. A fault of a value shared by many faces (a label, a category name)
    is reported once, naming the first face it was found on."""
    problems: list[Problem] = []
    seen: set[tuple] = set()
    for name, face, back in kit_faces(kit, data, frame):
        for fault in check_face(face, frame):
            problem = _problem(fault, face, name, back)
            key = (problem.file, problem.line, problem.field, fault.message)
            if key not in seen:
                seen.add(key)
                problems.append(problem)
    return problems


def _problem(fault: Fault, face: Face, name: str, back: bool) -> Problem:
    """The Problem for `fault`: at the data value it prints, saying which face it is on
    when that is not the value's own card (always, for a back)."""
    origin = fault.origin or fault.element.origin
    if origin is None:
        src = face.source
        return Problem(src.file, f"layout element '{fault.element.key}' {fault.message}",
                       line=src.line, subject=src.subject or name, level=fault.level)
    if origin.source != face.source or back:
        return origin.problem(f"{fault.message} (on {name})", fault.level)
    return origin.problem(fault.message, fault.level)


def check_printed(kit: Kit, data: Any) -> list[Problem]:
    """Every line of data the kit prints outside its faces (pnp.printed): the game's
    name in the rulebook and booklet footers, PDF titles and the TTS export, and the
    lines its extras draw (the tracker's title), as one Problem at game.toml's `name`.
    (The rows of the rulebook's kit table are category, deck and kind names that the
    faces print too, so check_faces has checked them.)"""
    from pnp.printed import line_problem
    from pnp.render.rulebook import footer_lines
    info = data.info
    game_toml = Path(info.folder) / "game.toml"
    name = kit.name(data)
    lines = footer_lines(name) + [line for e in kit.extras(data) for line in e.lines(data)]
    problems, seen = [], set()
    for line in lines:
        why = line_problem(line)
        if why and line.value == name and "name" not in seen:
            seen.add("name")
            problems.append(Problem(game_toml, f"the game's name {why}", line=info.name_line,
                                    field="name"))
    return problems


def check_rulebook(path: Path, blocks: list[Block]) -> list[Problem]:
    """Characters of the rulebook that its fonts cannot draw, by line."""
    problems = []
    for block in blocks:
        font = REGULAR if block.kind in ("para", "bullet", "number") else BOLD
        missing = missing_glyphs(block.text, font) | missing_glyphs(block.text, BOLD)
        if missing:
            problems.append(Problem(path, glyph_problem(missing), line=block.line))
    return problems


def _of_art(problem: Problem) -> bool:
    """True for a problem of a picture (an `art` or `art_<back>` field)."""
    field = (problem.field or "").rsplit(".", 1)[-1]
    return field == "art" or field.startswith("art_")


def validate(kit: Kit, folder: Path, frame_for: Callable[[Any], CardFrame]
             ) -> tuple[Any | None, list[Block], list[Problem]]:
    """Load `folder` with `kit`, check its faces on the frame `frame_for(data)` gives, and
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
        data = kit.load(folder)
    except DataError as exc:
        if not exc.problems or not all(_of_art(p) for p in exc.problems if p.level == "error"):
            return None, blocks, exc.problems + problems
        # only pictures are wrong: load without them, so every other picture's
        # resolution is checked in the same round as theirs (one list of problems)
        from pnp.data.art import art_problems_aside
        with art_problems_aside() as aside:
            try:
                data = kit.load(folder)
            except DataError:
                return None, blocks, exc.problems + problems
        problems = aside + problems
    if not any(True for _ in kit.printed_cards(data)):
        problems.append(Problem(folder, "the kit prints no cards: add at least one card to "
                                "its card tables"))
    return data, blocks, check_printed(kit, data) + check_faces(kit, data, frame_for(data)) \
        + problems
