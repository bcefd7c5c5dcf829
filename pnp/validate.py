"""Check a game's data without building: schema and references (the kit's loader), every
element of every face, fronts and backs, at the card size asked for (pnp.layout.face_check:
fit, glyphs, overlap, containers, safe area; pnp.layout.contrast: every text legible
against what is under it, in colour and greyscale), the game's category colours told
apart in greyscale, and the rulebook's markup and characters.

Returns every problem at once; `pnp build` runs the same check first.
Source: shared/DESIGN.md, "pnp validate" and "Card faces are data".
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any, Callable

from pnp.core.errors import DataError, Problem
from pnp.data.rulebook import Block, load_rulebook
from pnp.fonts import BOLD, REGULAR, glyph_problem, missing_glyphs, use_game_fonts
from pnp.layout.back_check import back_faults
from pnp.layout.bleed import bleed_faults
from pnp.layout.card_frame import CardFrame
from pnp.layout.contrast import CATEGORY_MIN, category_faults, contrast_faults, shown_ratio
from pnp.layout.face import Art, Face
from pnp.layout.face_check import Fault, check_face
from pnp.layout.kit import ONE_BACK, Kit, card_art
from pnp.layout.look_alike import LookAlikes
from pnp.validate_icons import icon_problems, word_problems


def face_names(kit: Kit, data: Any) -> list[tuple[str, Any, str | None]]:
    """(name, card, None) for every distinct printed card, then (name, None, back id) for
    every back, in the order problems are reported; named for messages ("card
    'smart-tv'", "back 'red-team'", "the back")."""
    names: list[tuple[str, Any, str | None]] = [
        (f"card '{card.id}'", card, None) for card in kit.printed_cards(data)
    ]
    names += [
        (f"back '{back}'" if back != ONE_BACK else "the back", None, back)
        for back in kit.back_ids(data)
    ]
    return names


def kit_faces(kit: Kit, data: Any, frame: CardFrame) -> Iterator[tuple[str, Face, bool]]:
    """(name, Face, is a back) of every distinct card's front and of every back, laid out
    one at a time (`face_names` order), so no more than one is held."""
    for name, card, back in face_names(kit, data):
        yield (
            (name, kit.face(card, data, frame), False)
            if back is None
            else (name, kit.back_face(back, data, frame), True)
        )


def face_faults(face: Face, frame: CardFrame) -> list[Fault]:
    """Every fault of `face` (pnp.layout.face_check) and every text of it too faint
    against what is under it, in colour or in greyscale (pnp.layout.contrast; pictures
    under a text are sampled as pixels, pnp.render.contrast_pixels). Source: issue 28
    item 3."""
    return check_face(face, frame) + contrast_faults(face, frame, _art_pixels)


_SAMPLER: list[Any] = []  # the one pixel sampler, made when a picture first lies under text


def _art_pixels(face: Face, frame: CardFrame, boxes: Any) -> dict[tuple[int, int, int], int]:
    if not _SAMPLER:
        from pnp.render.contrast_pixels import ArtPixels

        _SAMPLER.append(ArtPixels())
    return _SAMPLER[0](face, frame, boxes)


def palette_problems(kit: Kit, data: Any) -> list[Problem]:
    """An error for every two colours that tell the game's categories or decks apart
    (Kit.palette) whose greys are too close to tell apart printed in black and white
    (pnp.layout.contrast.category_faults), at the second one's colour. Source: issue 28
    item 3, "every category still told apart"."""
    palette = list(kit.palette(data))
    problems = []
    for i, j, ratio in category_faults([(name, colour) for name, colour, _ in palette]):
        (first, _, _), (second, _, origin) = palette[i], palette[j]
        message = (
            f"the colours of {first} and {second} print as greys {shown_ratio(ratio)} apart "
            f"in black and white, under {CATEGORY_MIN:g}:1; make one lighter or darker"
        )
        if origin is not None:
            problems.append(origin.problem(message))
        else:
            problems.append(Problem(Path(data.info.folder) / "game.toml", message))
    return problems


class FaceChecks:
    """Every face's faults collected as the faces are laid out, wherever that happens
    (`pnp validate` lays them out only to check them; `pnp build` checks each as the
    sheet writer first draws it, so no face is laid out twice): `check(name, face,
    back)` for each, `rest(...)` for the faces nothing drew, then `problems()` in the
    order `check_faces` gives them. `faults` finds a face's faults: every check of
    pnp.layout.face_check (the default), or those and the bleed's (`preset_faults`);
    a back's frames and rules near the trim are faults too (pnp.layout.back_check)."""

    def __init__(
        self,
        kit: Kit,
        data: Any,
        frame: CardFrame,
        faults: Callable[[Face, CardFrame], list[Fault]] = face_faults,
    ):
        self.kit, self.data, self.frame, self._faults = kit, data, frame, faults
        self._checked: set[str] = set()  # every face checked, by name
        self._found: dict[str, list[tuple[Problem, str]]] = {}  # those with faults
        self._alike = LookAlikes()
        self._order: dict[str, int] | None = None  # the faces' report order, found once
        self._adopted: list[Problem] | None = None  # found where the faces were drawn

    def card(self, card: Any, face: Face) -> bool:
        """Check the front `face` of `card`, once; True if it can be drawn (no error). A
        picture for the face's art area (an icon) on a face that keeps none is an error
        at the picture's line (issue 28 item 2)."""
        name = f"card '{card.id}'"
        fresh = name not in self._checked
        ok = self._check(name, face, False)
        art = card_art(card, self.data) if fresh else None
        if art is not None and art.area and not any(isinstance(e, Art) for e in face.elements):
            message = f"{name}: its face keeps no art area for the picture {art.file!r}"
            where = Problem(Path(self.data.info.folder), message)
            problem = art.origin.problem(message) if art.origin is not None else where
            self._found.setdefault(name, []).append((problem, message))
            return False
        return ok

    def back(self, back_id: str, face: Face) -> bool:
        """Check the face of back `back_id`, once; True if it can be drawn (no error)."""
        return self._check(f"back '{back_id}'" if back_id != ONE_BACK else "the back", face, True)

    def _check(self, name: str, face: Face, back: bool) -> bool:
        if name not in self._checked:
            self._checked.add(name)
            faults = self._face_faults(face, back)
            if faults:
                self._found[name] = [(_problem(f, face, name, back), f.message) for f in faults]
        return not any(p.level == "error" for p, _ in self._found.get(name, ()))

    def _face_faults(self, face: Face, back: bool) -> list[Fault]:
        """The faults of `face`, found once for every face that looks the same
        (pnp.layout.look_alike): a deck's cards that print the same are checked once,
        their faults put on each face's own elements (and so reported at its data)."""
        found = self._alike.faults(face, back)
        if found is not None:
            return found
        faults = self._faults(face, self.frame)
        if back:  # a back's frames keep clear of the trim (pnp.layout.back_check)
            named = {id(f.element) for f in faults if f.level == "error"}
            faults += [f for f in back_faults(face, self.frame) if id(f.element) not in named]
        self._alike.keep(face, back, faults)
        return faults

    def rest(self) -> None:
        """Lay out and check every face no one has checked yet (a card not printed in
        this build's decks is still checked)."""
        for name, card, back in face_names(self.kit, self.data):
            if name in self._checked:
                continue
            if back is None:
                self.card(card, self.kit.face(card, self.data, self.frame))
            else:
                self._check(name, self.kit.back_face(back, self.data, self.frame), True)

    def adopt(self, problems: list[Problem]) -> None:
        """Take `problems` as every fault found (by a copy of these checks, in the
        process that drew the faces: pnp.drawn_apart)."""
        self._adopted = list(problems)

    def problems(self) -> list[Problem]:
        """Every fault found, in face order; a fault of a value shared by many faces (a
        label, a category name) once, naming the first face it was found on."""
        if self._adopted is not None:
            return list(self._adopted)
        problems: list[Problem] = []
        seen: set[tuple] = set()
        if self._order is None:  # once: the names lay the aids out (measuring text)
            names = face_names(self.kit, self.data)
            self._order = {name: k for k, (name, _, _) in enumerate(names)}
        order = self._order
        for name in sorted(self._found, key=lambda n: order.get(n, len(order))):
            for problem, fault in self._found[name]:
                key = (problem.file, problem.line, problem.field, fault)
                if key not in seen:
                    seen.add(key)
                    problems.append(problem)
        return problems


def check_faces(
    kit: Kit, data: Any, frame: CardFrame, bleed: bool = False, ink: Any = None
) -> list[Problem]:
    """Every fault of every face, as a Problem at the data that prints it (file:line,
    subject, field), or, for a mark no data value prints (a band, a badge), at the card
    or back it is on; with `bleed` (a shop preset's check), what cannot run on through
    the frame's bleed too (`preset_faults`). A fault of a value shared by many faces (a
    label, a category name) is reported once, naming the first face it was found on;
    with `ink` (a pnp.render.ink_check.InkCheck), what prints more total ink than the
    shop allows too. The faces are laid out one at a time (`FaceChecks`)."""
    checks = FaceChecks(kit, data, frame, faults_for(bleed, ink))
    checks.rest()
    return checks.problems()


def faults_for(bleed: bool, ink: Any = None) -> Callable[[Face, CardFrame], list[Fault]]:
    """What `FaceChecks` asks of each face: every face check, and with `bleed` (a shop
    preset's check) what cannot run on through the bleed too (`preset_faults`); with
    `ink` (a pnp.render.ink_check.InkCheck: the shop's total-ink limit) a warning for
    each element that prints more ink than that (pnp.render.ink_check.ink_faults)."""
    faults = preset_faults if bleed else face_faults
    if ink is None:
        return faults
    from pnp.render.ink_check import ink_faults

    return lambda face, frame: faults(face, frame) + ink_faults(face, ink)


def preset_faults(face: Face, frame: CardFrame) -> list[Fault]:
    """Every fault of `face` (pnp.layout.face_check) and, for an element not already at
    fault, what of it cannot run on through `frame`'s bleed (pnp.layout.bleed): one line
    per element, so text on the trim is named once, as outside the safe area."""
    faults = face_faults(face, frame)
    named = {id(f.element) for f in faults if f.level == "error"}
    return faults + [f for f in _bleed_faults(face, frame) if id(f.element) not in named]


def _bleed_faults(face: Face, frame: CardFrame) -> list[Fault]:
    """pnp.layout.bleed.bleed_faults as face-check Faults (errors)."""
    return [Fault(found.element, found.message) for found in bleed_faults(face, frame)]


def bleed_problems(kit: Kit, data: Any, frame: CardFrame) -> list[Problem]:
    """What of every front and back the kit prints cannot run on through `frame`'s bleed
    (pnp.layout.bleed.bleed_faults: text or an icon on the trim, a disc, a shield, a
    rounded fill or frame touching it), one error each, naming the element and the
    trim sides, at the data that prints it or at the card or back (as `check_faces`
    does); a shared value once. Source: issue 27 item 5."""
    checks = FaceChecks(kit, data, frame, _bleed_faults)
    checks.rest()
    return checks.problems()


def _problem(fault: Fault, face: Face, name: str, back: bool) -> Problem:
    """The Problem for `fault`: at the data value it prints, saying which face it is on
    when that is not the value's own card (always, for a back)."""
    origin = fault.origin or fault.element.origin
    if origin is None:
        src = face.source
        assert src is not None  # a kit's faces name the table they print
        return Problem(
            src.file,
            f"layout element '{fault.element.key}' {fault.message}",
            line=src.line,
            subject=src.subject or name,
            level=fault.level,
        )
    if origin.source != face.source or back:
        return origin.problem(f"{fault.message} (on {name})", fault.level)
    return origin.problem(fault.message, fault.level)


def check_printed(kit: Kit, data: Any, paper: str | None = None) -> list[Problem]:
    """Every line of data the kit prints outside its faces (pnp.printed): the game's
    name in the rulebook and booklet footers (on A4 and Letter, and on `paper` when a
    build prints on another: its half-sheet may be narrower), PDF titles and the TTS
    export, and the lines its extras draw (the tracker's title), as one Problem at
    game.toml's `name`. (The rows of the rulebook's kit table are category, deck and
    kind names that the faces print too, so check_faces has checked them.)"""
    from pnp.printed import CHECKED_PAPERS, line_problem
    from pnp.render.rule_page import footer_lines

    info = data.info
    game_toml = Path(info.folder) / "game.toml"
    name = kit.name(data)
    papers = (*CHECKED_PAPERS, *((paper,) if paper else ()))
    lines = footer_lines(name, papers)
    lines += [line for e in kit.extras(data) for line in e.lines(data)]
    problems, seen = [], set()
    for line in lines:
        why = line_problem(line)
        if why and line.value == name and "name" not in seen:
            seen.add("name")
            problems.append(
                Problem(game_toml, f"the game's name {why}", line=info.name_line, field="name")
            )
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


def validate(
    kit: Kit,
    folder: Path,
    frame_for: Callable[[Any], CardFrame],
    bleed: bool = False,
    paper: str | None = None,
    ink: Any = None,
) -> tuple[Any | None, list[Block], list[Problem]]:
    """Load `folder` with `kit`, check its faces on the frame `frame_for(data)` gives and
    the rulebook's pictures (pnp.figures: on A4, Letter and `paper`), and read and check
    its `rulebook.md`; with `bleed` (a shop preset's check), also what of the faces
    cannot run on through the frame's bleed (`preset_faults`); with `ink` (a
    pnp.render.ink_check.InkCheck) what prints more total ink than the shop allows; the
    lines printed outside the faces on `paper` too (`check_printed`).

    Returns (data, rulebook blocks, every problem); data is None when loading failed.
    """
    from pnp.figures import figure_problems

    data, blocks, printed, rest = validate_data(kit, folder, paper)
    if data is None:
        return None, blocks, rest
    frame = frame_for(data)
    faces = check_faces(kit, data, frame, bleed, ink)
    pictures = figure_problems(kit, data, frame, blocks, paper, FaceChecks(kit, data, frame))
    return data, blocks, printed + faces + pictures + rest


def read_rulebook(folder: Path) -> tuple[list[Block], list[Problem]]:
    """The game's own fonts (game.toml's [fonts]) put in use (`use_fonts_of`), so every
    text is checked, measured and printed in them; then the blocks of its `rulebook.md`
    and their problems (`check_rulebook`; the blocks are empty when it cannot be read)."""
    use_fonts_of(folder)
    rulebook = folder / "rulebook.md"
    try:
        blocks = load_rulebook(rulebook)
    except DataError as exc:
        return [], exc.problems
    return blocks, check_rulebook(rulebook, blocks)


def validate_data(
    kit: Kit,
    folder: Path,
    paper: str | None = None,
    rulebook: tuple[list[Block], list[Problem]] | None = None,
) -> tuple[Any | None, list[Block], list[Problem], list[Problem]]:
    """Everything `validate` checks but the faces: (data, rulebook blocks, the problems
    of the lines printed outside the faces (`check_printed`, on `paper` too when given)
    and of the game's colours in greyscale (`palette_problems`), every other problem);
    data is None when loading failed (every problem is then in the last list). `pnp
    build` checks the faces as it draws them (`FaceChecks`) and reports all three lists
    in `validate`'s order. The fonts and the rulebook come first (`read_rulebook`, or
    its answer as `rulebook` when the caller has read it)."""
    blocks, found = rulebook if rulebook is not None else read_rulebook(folder)
    problems = list(found)
    try:
        data = kit.load(folder)
    except DataError as exc:
        if not exc.problems or not all(_of_art(p) for p in exc.problems if p.level == "error"):
            return None, blocks, [], exc.problems + problems
        # only pictures are wrong: load without them, so every other picture's
        # resolution is checked in the same round as theirs (one list of problems)
        from pnp.data.art import art_problems_aside

        with art_problems_aside() as aside:
            try:
                data = kit.load(folder)
            except DataError:
                return None, blocks, [], exc.problems + problems
        problems = aside + problems
    if not any(True for _ in kit.printed_cards(data)):
        problems.append(
            Problem(folder, "the kit prints no cards: add at least one card to its card tables")
        )
    printed = check_printed(kit, data, paper) + palette_problems(kit, data)
    return data, blocks, printed + icon_problems(kit, data) + word_problems(data), problems


def use_fonts_of(folder: Path) -> None:
    """Print with the fonts the game.toml in `folder` names ([fonts], pnp.data.game_fonts)
    from now on, or with the package's fonts when it names none, cannot be read, or
    names fonts that cannot print (the game's loader reports why)."""
    from pnp.data.game_fonts import read_game_fonts
    from pnp.data.toml_source import read_toml

    tf = read_toml(folder / "game.toml") if (folder / "game.toml").is_file() else None
    fonts = read_game_fonts(tf)[0] if tf is not None and not isinstance(tf, Problem) else None
    use_game_fonts(fonts.files() if fonts else None)
