"""The rulebook's pictures of a kit (issue 44, item 5): its card-anatomy figures
(pnp.layout.anatomy) and its setup picture (pnp.layout.table_setup), laid out from the
faces the kit prints on the build's card frame, for the rulebook's page on the build's
paper; and every problem of what game.toml's [rulebook] names (pnp.data.pictures): a
card, back or kind the kit does not print, a part no element of the card's face has, a
section the rulebook does not have, a table the game is not played at, a label the
fonts cannot print, a picture too big for the page. A part the face lacks (a picture
turned off, a text the card leaves out) is a warning and its callout is left out: faces
change with the data, the pictures only explain them. `pnp validate` and `pnp build`
both ask here; the rulebook's writer draws the figures (pnp.render.figures).

The faces come from `faces` (a `Faces`: `pnp build`'s painter, which lays out and
checks each face once and prints the same faces on the card sheets; `pnp validate`'s
face checks): a face with an error is not drawn, its problem reported with the faces'.
"""

from __future__ import annotations

from typing import Any, Protocol

from pnp.core.errors import Problem
from pnp.core.kit_words import words_of
from pnp.core.shown import listed, quoted
from pnp.core.sizes import half_sheet_mm, paper_name
from pnp.core.units import mm_to_pt
from pnp.data.pictures import RulebookPictures
from pnp.fonts import BOLD, REGULAR, glyph_problem, missing_glyphs
from pnp.layout.anatomy import anatomy_figure, caption_of, element_keys, resolved_parts
from pnp.layout.card_frame import CardFrame
from pnp.layout.face import Face
from pnp.layout.figure import Figure
from pnp.layout.kit import Kit, PrintGroup, card_kind
from pnp.layout.table_setup import resolve, setup_figure
from pnp.printed import CHECKED_PAPERS
from pnp.render.rule_page import MARGIN_MM

#: The section the anatomy figure ends by default, where the rulebook has it.
CARDS_SECTION = "The cards"
#: platypus's frame padding on each side of the rulebook's text column (pt).
FRAME_PADDING = 6.0
AUTO_CARDS = 8
#: The narrowest text column (mm) the anatomy figure puts two cards side by side in (A5's
#: is 118 mm, half-letter's 109 mm; A6's, on A5 paper, 75 mm takes one at a time).
PAIRS_FROM_MM = 100.0


def figure_room(paper: str) -> tuple[float, float]:
    """(width, height) pt of the text column of `paper`'s rulebook page: the room a
    figure has."""
    w, h = half_sheet_mm(paper)
    pad = 2 * FRAME_PADDING
    return mm_to_pt(w - 2 * MARGIN_MM) - pad, mm_to_pt(h - 2 * MARGIN_MM) - pad


class Faces(Protocol):
    """Where the figures get their faces: laid out and checked, None for a face with an
    error (not drawn)."""

    def laid_front(self, card: Any) -> Face | None: ...

    def laid_back(self, back_id: str) -> Face | None: ...


class CheckedFaces:
    """Faces laid out and checked by `checks` (a pnp.validate.FaceChecks) for the
    pictures when validating: None for a face with an error (the faces' checks report
    it)."""

    def __init__(self, kit: Kit, data: Any, frame: CardFrame, checks: Any):
        self.kit, self.data, self.frame, self.checks = kit, data, frame, checks

    def laid_front(self, card: Any) -> Face | None:
        face = self.kit.face(card, self.data, self.frame)
        return face if self.checks.card(card, face) else None

    def laid_back(self, back_id: str) -> Face | None:
        face = self.kit.back_face(back_id, self.data, self.frame)
        return face if self.checks.back(back_id, face) else None


def rulebook_figures(
    kit: Kit, data: Any, frame: CardFrame, blocks: list, paper: str, faces: Faces
) -> tuple[list[Figure], list[Problem]]:
    """The figures of the kit's rulebook on `paper` (anatomy, then setup), the faces
    from `faces`, and every problem of game.toml's [rulebook]; a figure with an error is
    left out. Nothing when the rulebook could not be read (no blocks: its own problem
    says why)."""
    if not blocks:
        return [], []
    pictures = data.info.pictures or RulebookPictures(data.info.folder / "game.toml")
    sections = [b.text for b in blocks if b.kind == "h2"]
    problems: list[Problem] = []
    width, height = figure_room(paper)
    figures = _anatomy(kit, data, frame, (pictures, sections, faces), width, problems)
    setup = pictures.setup
    if setup is not None and not _setup_problems(kit, data, pictures, sections, problems):
        spots = resolve(setup, kit, data, faces)
        words = words_of(data)
        figure = setup_figure("figure-setup", setup, spots, frame, (width, height), words)
        if figure is None:
            checked = paper_name(paper) in CHECKED_PAPERS
            problems.append(
                Problem(
                    pictures.file,
                    f"the setup picture does not fit a rulebook page on {paper} even "
                    "with the smallest cards: draw fewer (each place's `cards`)"
                    + ("" if checked else "; the rulebook is printed without it"),
                    line=setup.line,
                    field="rulebook.setup",
                    level="error" if checked else "warning",
                )
            )
        else:
            figures.append(figure)
    return figures, problems


def _problem(pictures: RulebookPictures, line: int, field: str, message: str) -> Problem:
    return Problem(pictures.file, message, line=line, field=field)


def _section(wanted: str | None, sections: list[str]) -> str:
    """The section a figure ends: `wanted`, else "The cards" or the first section."""
    if wanted:
        return wanted
    return CARDS_SECTION if CARDS_SECTION in sections else (sections[0] if sections else "")


def _section_problem(wanted: str | None, sections: list[str]) -> str | None:
    if wanted is None or wanted in sections:
        return None
    return (
        f"the rulebook has no section {quoted(wanted)} (its ## headings: "
        f"{listed([quoted(s) for s in sections], 8) or 'none'})"
    )


def _anatomy(kit, data, frame, asked, width, problems) -> list[Figure]:
    pictures, sections, faces = asked
    after = _section(pictures.anatomy_after, sections)
    wrong = _section_problem(pictures.anatomy_after, sections)
    if wrong:
        where = pictures.line_of("anatomy_after")
        problems.append(_problem(pictures, where, "rulebook.anatomy_after", wrong))
        return []
    shown = []
    for card, entry, i in _anatomy_cards(kit, data, pictures, problems):
        face = faces.laid_front(card)
        if face is None:  # an error of its own: reported with the faces'
            continue
        parts, unknown = resolved_parts(face, entry.parts if entry else None)
        if unknown:
            problems.append(
                Problem(
                    pictures.file,
                    f"{listed([quoted(k) for k in unknown], 4)} "
                    f"{'names' if len(unknown) == 1 else 'name'} no part of the face of "
                    f"card {quoted(card.id)} (its parts: "
                    f"{listed([quoted(k) for k in element_keys(face)], 20)}); the card "
                    "anatomy leaves " + ("it" if len(unknown) == 1 else "them") + " out",
                    line=entry.line_of("parts"),
                    field=f"rulebook.anatomy[{i}].parts",
                    level="warning",
                )
            )
        kind = next(iter(kit.summary([PrintGroup(card_kind(card), (card,))])), card_kind(card))
        caption = caption_of(entry.title if entry else None, kind, card, words_of(data))
        if entry is not None:
            line = entry.line_of("parts")
            field = f"rulebook.anatomy[{i}]."
            bad = [
                _glyphs(pictures, line, f"{field}parts.{key}", [label], REGULAR, problems)
                for key, label in entry.parts or ()
            ]
            if any(bad):  # each part named by its key: a translation's at its row
                continue
            if _glyphs(
                pictures, entry.line_of("title"), field + "title", [caption], BOLD, problems
            ):
                continue
        if parts:
            shown.append((face, parts, caption))
    per = 2 if width >= mm_to_pt(PAIRS_FROM_MM) else 1  # two side by side where they fit
    return [
        anatomy_figure(f"figure-anatomy-{n}", after, shown[n : n + per], frame, width)
        for n in range(0, len(shown), per)
    ]


def _anatomy_cards(kit, data, pictures, problems) -> list[tuple[Any, Any, int]]:
    """(card, its [[rulebook.anatomy]] entry or None, the entry's index) of each card the
    anatomy shows: those declared, else the first card of each kind."""
    if pictures.anatomy is None:
        firsts: dict[str, Any] = {}
        for card in kit.cards(data):
            firsts.setdefault(card_kind(card), card)
        return [(card, None, -1) for card in list(firsts.values())[:AUTO_CARDS]]
    cards = {c.id: c for c in kit.printed_cards(data)}
    chosen = []
    for i, entry in enumerate(pictures.anatomy):
        card = cards.get(entry.card)
        if card is None:
            problems.append(
                _problem(
                    pictures,
                    entry.line_of("card"),
                    f"rulebook.anatomy[{i}].card",
                    f"no card {quoted(entry.card)} in the kit "
                    f"(its cards: {listed([quoted(k) for k in cards], 6)})",
                )
            )
            continue
        chosen.append((card, entry, i))
    return chosen


def _glyphs(pictures, line: int, field: str, texts: list[str], font: str, problems) -> bool:
    """Report the characters of `texts` the fonts cannot draw; whether there were any."""
    missing = set().union(*(missing_glyphs(t, font) for t in texts)) if texts else set()
    if missing:
        problems.append(_problem(pictures, line, field, glyph_problem(missing)))
    return bool(missing)


def _setup_problems(kit, data, pictures, sections, problems) -> bool:
    """Report what the setup picture names that the kit or rulebook lacks; any?"""
    setup = pictures.setup
    before = len(problems)
    wrong = _section_problem(setup.after, sections)
    if wrong:
        problems.append(_problem(pictures, setup.line_of("after"), "rulebook.setup.after", wrong))
    info = data.info
    if not info.players_min <= setup.players <= info.players_max:
        problems.append(
            _problem(
                pictures,
                setup.line_of("players"),
                "rulebook.setup.players",
                f"{info.name} is for {info.players_min}–{info.players_max} players, "
                f"not {setup.players}",
            )
        )
    backs = kit.back_ids(data)
    kinds = list(dict.fromkeys(card_kind(c) for c in kit.cards(data)))
    for zone in ("middle", "each"):
        for i, spot in enumerate(getattr(setup, zone)):
            field = f"rulebook.setup.{zone}[{i}]"
            for back in spot.backs:
                if back not in backs:
                    problems.append(
                        _problem(
                            pictures,
                            spot.line_of("backs"),
                            f"{field}.backs",
                            f"no back {quoted(back)} in the kit (its backs: "
                            f"{listed([quoted(b) for b in backs], 8)})",
                        )
                    )
            if spot.kind is not None and spot.kind not in kinds:
                problems.append(
                    _problem(
                        pictures,
                        spot.line_of("kind"),
                        f"{field}.kind",
                        f"no card of kind {quoted(spot.kind)} in the kit (its kinds: "
                        f"{listed([quoted(k) for k in kinds], 10)})",
                    )
                )
            _glyphs(
                pictures, spot.line_of("label"), f"{field}.label", [spot.label], REGULAR, problems
            )
    if setup.title:
        _glyphs(
            pictures, setup.line_of("title"), "rulebook.setup.title", [setup.title], BOLD, problems
        )
    return len(problems) > before


def figure_problems(
    kit: Kit, data: Any, frame: CardFrame, blocks: list, paper: str | None, checks: Any
) -> list[Problem]:
    """The problems of the rulebook's pictures (`rulebook_figures`) on A4, Letter and
    `paper` (None: those two), each once, their faces checked by `checks` (a
    pnp.validate.FaceChecks, whose own problems `pnp validate` reports with the faces')."""
    faces = CheckedFaces(kit, data, frame, checks)
    found: list[Problem] = []
    for each in dict.fromkeys((*CHECKED_PAPERS, *((paper,) if paper else ()))):
        for problem in rulebook_figures(kit, data, frame, blocks, each, faces)[1]:
            if problem not in found:
                found.append(problem)
    return found
