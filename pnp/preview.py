"""`pnp preview`: one card face as a PNG, drawn as every output draws it, without
writing the kit.

The face is laid out by the game's kit, checked (pnp.validate.FaceChecks) and painted by
pnp.render.painter.KitPainter into a temporary one-page PDF (pnp.render.single
.write_single, the trim plus the bleed), rasterised with pypdfium2 and encoded with its
dpi (pnp.render.raster: the calls `pnp export --format png` makes), then written
atomically (pnp.core.outfile.write_whole) to `out/<game>/preview/`. Only that one face is
laid out: the data is loaded and checked as `pnp build` loads it (pnp.validate
.validate_data), the problems of this card or back stop the preview when one is an
error, and the problems found elsewhere in the data are only counted.
Lengths: data in mm (`_mm`), PDF geometry in points, images in pixels (`_px`).
Source: shared/DESIGN.md, "The designer's workbench"; issue 25, item 3.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Sequence
from contextlib import closing
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import Any, BinaryIO

from pnp.build import BuildOptions, find_kit, frame_for, game_folder
from pnp.core.errors import DataError, PnpError, Problem, errors_only
from pnp.core.outfile import write_whole
from pnp.core.pictures import only_pictures_of
from pnp.core.shown import listed, quoted
from pnp.core.sizes import card_mm
from pnp.core.units import DEFAULT_DPI, MAX_DPI, MIN_DPI
from pnp.layout.imposition import DEFAULT_BLEED_MM, SheetSpec, check_spec
from pnp.layout.kit import ONE_BACK, Kit, PrintGroup
from pnp.render.raster import encode_png, pixels, rasterise
from pnp.render.single import BACK, FRONT, Side, write_single
from pnp.selection import chosen_ids, no_card
from pnp.validate import FaceChecks, validate_data

#: The deck formats a kit may print besides its default one (`Kit.print_groups`): a deck
#: is found in any of them (Hack Back's shared deck is printed only in the shared format).
OTHER_FORMATS = ("shared",)


@dataclass(frozen=True)
class PreviewOptions:
    """A preview request: game id, the card's id, the deck (its id or name, None: any
    deck that prints the card) and whether to draw the back the card is printed with
    (`back`) instead of its front; the image's `dpi` (MIN_DPI..MAX_DPI), the output and
    data folders, the card size name (None: the game's), the ink-saving faces, and the
    bleed in mm around the trim (0..10)."""

    game: str
    card_id: str
    deck: str | None = None
    back: bool = False
    dpi: int = DEFAULT_DPI
    out_dir: Path = Path("out")
    data_dir: Path | None = None  # None: the game's own folder, as its manifest names it
    card_size: str | None = None
    ink_saver: bool = False
    bleed_mm: float = DEFAULT_BLEED_MM
    lang: str = ""  # a language game.toml declares: its texts, into out/<game>/<lang>/
    translated: bool = False  # set by `previews`: data_dir holds `lang`'s texts


@dataclass(frozen=True)
class PreviewReport:
    """What a preview wrote: the game, the card's id, the side drawn ("front" or "back"),
    the back drawn (its id, a key of the kit's backs; None for a front) and the other
    backs the card is printed with, the PNG's path, its size in pixels (trim plus twice the bleed at
    `dpi`), the dpi, the warnings and notes of this face (pnp.core.errors.Problem), how
    many problems the rest of the data has (`elsewhere`: errors, warnings and notes of
    other cards, backs, tables and the rulebook), and seconds taken."""

    game: str
    card_id: str
    side: str
    back: str | None
    other_backs: tuple[str, ...]
    path: Path
    size_px: tuple[int, int]
    dpi: int
    warnings: tuple[Problem, ...] = ()
    elsewhere: int = 0
    seconds: float = 0.0


class FaceRefused(DataError):
    """The face asked for has errors (its `problems`), so nothing was written;
    `elsewhere` counts the problems found in the rest of the data of the game `game`."""

    def __init__(self, problems: list[Problem], elsewhere: int, game: str):
        super().__init__(problems)
        self.elsewhere, self.game = elsewhere, game


def check_options(options: PreviewOptions) -> None:
    """PnpError for a dpi outside MIN_DPI..MAX_DPI; LayoutError (a PnpError) for a bleed
    outside 0..10 mm or an unknown card size."""
    if not (isinstance(options.dpi, int) and MIN_DPI <= options.dpi <= MAX_DPI):
        raise PnpError(f"--dpi must be {MIN_DPI}..{MAX_DPI}, got {options.dpi}")
    check_spec(SheetSpec(card_size=options.card_size or "poker", bleed_mm=options.bleed_mm))


def preview(options: PreviewOptions) -> PreviewReport:
    """Write the PNG of one face (`PreviewOptions`) and say what was written. Raises
    DataError listing every error when the data cannot be loaded at all; FaceRefused
    when this card's data or its face has an error; PnpError for an unknown game, card
    or deck, a back asked of a card no deck prints, an option out of range or a file
    that cannot be written (the previous one is then unchanged)."""
    return previews(options)[0]


def previews(options: PreviewOptions, patterns: Sequence[str] = ()) -> list[PreviewReport]:
    """As `preview`, for every card the ids and globs `patterns` choose (pnp.selection:
    `--cards`), each its own PNG, in the kit's order; `options.card_id` alone when
    `patterns` is empty. The data is loaded once and every face drawn into one PDF;
    nothing is written when any chosen face has an error (FaceRefused lists them all).
    PnpError naming every item that matches no card."""
    if options.lang and not options.translated:  # pnp.in_language
        from pnp.in_language import in_language

        folder = game_folder(find_kit(options.game, options.data_dir), options.data_dir)
        return in_language(folder, options.lang, partial(_again, options, patterns))
    start = time.perf_counter()
    check_options(options)
    kit = find_kit(options.game, options.data_dir)
    with only_pictures_of(frozenset(patterns or {options.card_id})):  # theirs alone drawn
        data, problems = _load(kit, game_folder(kit, options.data_dir))
    faces = []
    for card in chosen_cards(kit, data, options.card_id, patterns):
        side, backs = choose_side(kit, data, card, options)
        faces.append((card, side, backs, face_name(card, side)))
    own = [p for p in problems if any(_about(p, *_whose(face)) for face in faces)]
    elsewhere = len(problems) - len(own)
    errors, warnings = errors_only(own)
    if errors:
        raise FaceRefused(errors, elsewhere, kit.id)
    images, size, face_warnings = draw(kit, data, [f[1] for f in faces], options, elsewhere)
    reports = []
    for face, encoded in zip(faces, images):
        card, side, backs, _name = face
        folder = Path(options.out_dir) / kit.id / (options.lang or "") / "preview"
        target = folder / file_name(card.id, side, backs)
        path = write_whole(target, lambda stream: _write(stream, encoded))
        mine = [p for p in warnings + face_warnings if _about(p, *_whose(face))]
        reports.append(
            PreviewReport(
                kit.id,
                card.id,
                side.kind,
                side.back_id,
                tuple(b for b in backs if b != side.back_id) if side.kind == BACK else (),
                path,
                size,
                options.dpi,
                tuple(mine if len(faces) > 1 else warnings + face_warnings),
                elsewhere,
                time.perf_counter() - start,
            )
        )
    return reports


def _again(
    options: PreviewOptions, patterns: Sequence[str], data_dir: Path | None, lang: str
) -> list[PreviewReport]:
    """`previews` of `options` from `data_dir` (None: the typed one) in `lang` ("": the
    source language), for pnp.in_language.in_language."""
    where = replace(options, data_dir=data_dir or options.data_dir, lang=lang)
    return previews(replace(where, translated=True), patterns)


def _whose(face: tuple) -> tuple[Any, str]:
    """(the card whose own problems a face's are, None for a back; the face's name), as
    `_about` takes them."""
    card, side, _backs, name = face
    return (card if side.kind == FRONT else None), name


def chosen_cards(kit: Kit, data: Any, card_id: str, patterns: Sequence[str]) -> list[Any]:
    """The printed cards `patterns` choose (pnp.selection.chosen_ids), in the kit's order,
    or the card `card_id` when there are none (`find_card`); PnpError as those raise it."""
    if not patterns:
        return [find_card(kit, data, card_id)]
    cards = {card.id: card for card in kit.printed_cards(data)}
    return [cards[i] for i in chosen_ids(kit.id, patterns, list(cards))]


def _write(stream: BinaryIO, encoded: bytes) -> None:
    stream.write(encoded)


def face_name(card: Any, side: Side) -> str:
    """The face as validation names it: "card 'smart-tv'", "back 'red-team'", "the back"."""
    if side.kind == FRONT:
        return f"card {quoted(card.id)}"
    return "the back" if side.back_id == ONE_BACK else f"back {quoted(side.back_id)}"


def draw(
    kit: Kit, data: Any, sides: list[Side], options: PreviewOptions, elsewhere: int
) -> tuple[list[bytes], tuple[int, int], list[Problem]]:
    """(the PNG bytes of each of `sides`, their size in pixels, the faces' warnings and
    notes): each face laid out once and checked (pnp.validate.FaceChecks) as KitPainter
    draws it into a temporary PDF, a page a face, of the trim plus `options.bleed_mm` on
    each side (pnp.render.single.write_single), each page rasterised at `options.dpi`
    (pnp.render.raster). FaceRefused (with `elsewhere`) when a face has an error;
    PnpError for a card size the game is not laid out for or a temporary file that
    cannot be written."""
    build = BuildOptions(
        kit.id,
        SheetSpec(bleed_mm=options.bleed_mm),
        options.card_size,
        options.data_dir,
        options.out_dir,
        ink_saver=options.ink_saver,
    )
    frame = frame_for(build)(data)
    trim_mm = card_mm(options.card_size or data.info.card_size)
    size = tuple(pixels(n + 2 * options.bleed_mm, options.dpi) for n in trim_mm)
    checks = FaceChecks(kit, data, frame)
    try:
        with tempfile.TemporaryDirectory(prefix="pnp-preview-") as folder:
            pdf = Path(folder) / "face.pdf"
            write_single(pdf, kit, data, frame, sides, frame.bleed, kit.name(data), checks)
            errors, warnings = errors_only(checks.problems())
            if errors:
                raise FaceRefused(errors, elsewhere, kit.id)
            with closing(rasterise(pdf, (size[0], size[1]))) as pages:
                images = [encode_png(image, options.dpi) for _index, image in pages]
    except OSError as exc:  # the temporary folder: a full disk, no permission
        raise PnpError(f"cannot draw the preview: {exc.strerror or exc}") from None
    return images, (size[0], size[1]), warnings


def _load(kit: Kit, folder: Path) -> tuple[Any, list[Problem]]:
    """(the validated data, every problem of the data and the rulebook but the faces'),
    as `pnp build` reads them (pnp.validate.validate_data). DataError listing every
    error when the data cannot be loaded at all (a TOML syntax or schema error): there
    is then no card to draw."""
    data, _blocks, printed, rest = validate_data(kit, folder)
    if data is None:
        raise DataError(errors_only(rest)[0] or rest)
    return data, printed + rest


def _about(problem: Problem, card: Any, face: str) -> bool:
    """True for a problem of the face `face` ("card 'x'", "back 'red-team'"), or of
    `card`'s own table when a front is drawn (`card` None for a back)."""
    if problem.subject == face:
        return True
    if card is None:
        return False
    subject = getattr(getattr(card, "source", None), "subject", None)
    return problem.card_id == card.id or (subject is not None and problem.subject == subject)


def find_card(kit: Kit, data: Any, card_id: str) -> Any:
    """The printed card (the player aids included) whose id is `card_id`; PnpError naming
    the closest ids when there is none (pnp.selection.no_card)."""
    cards = {card.id: card for card in kit.printed_cards(data)}
    if card_id in cards:
        return cards[card_id]
    raise PnpError(no_card(kit.id, [card_id], list(cards)))


def all_decks(kit: Kit, data: Any) -> list[PrintGroup]:
    """Every deck the kit can print, each once (by its back): the default format's
    groups, then those of the other formats it prints (OTHER_FORMATS)."""
    groups: dict[str | None, PrintGroup] = {}
    for deck_format in (None, *OTHER_FORMATS):
        try:
            found = kit.print_groups(data, deck_format)
        except PnpError:  # the kit prints no such format
            continue
        for group in found:
            groups.setdefault(group.back, group)
    return list(groups.values())


def holding(kit: Kit, data: Any, card_id: str) -> list[PrintGroup]:
    """The decks printing `card_id`, in `all_decks` order."""
    return [g for g in all_decks(kit, data) if any(c.id == card_id for c in g.copies)]


def chosen_deck(kit: Kit, data: Any, card_id: str, deck: str) -> PrintGroup:
    """The deck `deck` names (its id, the back it names, or its name, any case), which
    must print `card_id`. PnpError for an empty name, naming the known decks when there is
    no such deck, and the card's decks when it does not print the card."""
    groups = all_decks(kit, data)
    key = deck.strip().casefold()
    if not key:
        raise PnpError("the deck name is empty; name a deck by its id or name")
    chosen = [g for g in groups if key in ((g.back or "").casefold(), g.label.casefold())]
    if not chosen:
        names = [deck_name(g) for g in groups]
        raise PnpError(f"{kit.id} has no deck {quoted(deck)}; its decks: {listed(names)}")
    if not any(c.id == card_id for c in chosen[0].copies):
        decks = holding(kit, data, card_id)
        where = listed(deck_name(g) for g in decks) if decks else "no deck"
        raise PnpError(
            f"card {quoted(card_id)} is not in deck {quoted(deck)}; it is printed in {where}"
        )
    return chosen[0]


def deck_name(group: PrintGroup) -> str:
    """A deck as messages name it: the id `--deck` takes and its name ("red-team (Red
    Team)"); a deck printed without a back by its name."""
    if group.back is None:
        return group.label
    return group.back if group.label.casefold() == group.back else f"{group.back} ({group.label})"


def choose_side(kit: Kit, data: Any, card: Any, options: PreviewOptions) -> tuple[Side, tuple]:
    """(the Side to draw, the backs the card is printed with, in deck order): the card's
    front (as the deck asked for prints it: a Hack Back front carries its deck's
    emblem), or the back of the deck asked for, else of its first deck that prints one.
    PnpError for a deck as `chosen_deck` raises it, or a back asked of a card that no
    deck prints with one."""
    decks = holding(kit, data, card.id)
    backs = tuple(dict.fromkeys(g.back for g in decks if g.back is not None))
    deck = chosen_deck(kit, data, card.id, options.deck) if options.deck is not None else None
    if not options.back:  # a deck asked for: its copy, with its emblem (Hack Back)
        copy = next((c for c in deck.copies if c.id == card.id), card) if deck else card
        return Side(FRONT, copy), backs
    if deck is None:
        deck = next((g for g in decks if g.back is not None), None)
    if deck is None or deck.back is None:
        where = "no deck prints it" if not decks else "its deck prints it without a back"
        raise PnpError(f"card {quoted(card.id)} has no back to preview: {where}")
    return Side(BACK, back_id=deck.back), backs


def file_name(card_id: str, side: Side, backs: tuple) -> str:
    """`<card-id>-front.png`, or `<card-id>-back.png`; `<card-id>-<back>-back.png` when
    the card is printed with several `backs` (Hack Back's decks), so each is kept."""
    if side.kind == FRONT:
        return f"{card_id}-front.png"
    return f"{card_id}-{side.back_id}-back.png" if len(backs) > 1 else f"{card_id}-back.png"
