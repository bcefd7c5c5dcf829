"""`pnp export`: print-shop PDFs, PNG images and Tabletop Simulator decks of a kit, all
from the one card drawing.

Nothing here draws a card. `pdf-single` is pnp.render.single's single-face PDF of every
printed copy; `png` and `tts` write a single-face PDF of each distinct face once (into
the staging folder, not kept) and rasterise its pages with pypdfium2, page by page, each
page rendered once at exactly the pixel size asked for (`render_page`). Output goes to
`out/<game>/` atomically, as `pnp build`'s does (pnp.build's staging folder and
`publish`): `cards-single.pdf` is replaced whole, and so are the `png/` and `tts/`
folders; a failed export leaves the previous one as it was.
Lengths: data in mm (`_mm`), PDF geometry in points, images in pixels (`_px`).
Source: shared/DESIGN.md, "pnp export"; issue 12, item 4.
"""

from __future__ import annotations

import shutil
import time
from collections import Counter
from collections.abc import Sequence
from contextlib import closing
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import Any

from pnp.build import (
    BuildOptions,
    _staging_folder,
    chosen_groups,
    find_kit,
    game_folder,
    load_for_drawing,
    publish,
)
from pnp.core.errors import DataError, PnpError, errors_only
from pnp.core.outfile import in_the_way
from pnp.core.shown import PATH_LIMIT, quoted
from pnp.core.sizes import card_mm
from pnp.core.units import DEFAULT_DPI, MAX_DPI, MIN_DPI
from pnp.drawn_apart import draw_apart
from pnp.export_preset import for_preset, press_for
from pnp.export_tts import Deck, write_tts
from pnp.fonts import release as release_fonts
from pnp.layout.card_frame import SAFE_MM, CardFrame
from pnp.layout.imposition import DEFAULT_BLEED_MM, SheetSpec, check_spec
from pnp.layout.kit import Kit, PrintGroup, front_key
from pnp.render.cmyk import check_colour
from pnp.render.raster import ProgressFactory, encode_png, no_progress, pixels, rasterise
from pnp.render.single import BACK, FRONT, Side, distinct_sides, print_order, write_single
from pnp.validate import FaceChecks, faults_for

FORMATS = ("png", "tts", "pdf-single")
SINGLE_PDF = "cards-single.pdf"


@dataclass(frozen=True)
class ExportOptions:
    """An export request: game id, output `format` (one of FORMATS), `dpi` of the images
    (MIN_DPI..MAX_DPI; tts lowers it until its sheets fit, see pnp.export_tts), the
    output and data folders, the card size name (None: the game's), the bleed in mm, the
    ink-saving faces, and the deck choice of games that have several (as `pnp build
    --format` and `--players`). `preset` names a print shop's preset (pnp.presets):
    its file type, bleed, safe zone and dpi replace `format`, `bleed_mm` and `dpi`
    (`for_preset`), and the files go to out/<game>/<preset id>/. `colour` (pnp.render.cmyk.MODES):
    "cmyk" writes pdf-single's colours and pictures as CMYK (issue 27 item 3). `cards`: the
    ids and globs of the only cards to export (pnp.selection; empty: every card).
    `ink_limit`: write everything under a CMYK preset's total-ink limit (issue 44)."""

    game: str
    format: str
    dpi: int = DEFAULT_DPI
    out_dir: Path = Path("out")
    data_dir: Path | None = None  # None: the game's own folder, as its manifest names it
    card_size: str | None = None
    bleed_mm: float = DEFAULT_BLEED_MM
    ink_saver: bool = False
    deck_format: str | None = None
    players: int | None = None
    preset: str | None = None
    colour: str = "rgb"
    cards: tuple[str, ...] = ()
    ink_limit: bool = False
    lang: str = ""  # a language game.toml declares: its texts, into out/<game>/<lang>/
    translated: bool = False  # set by `export`: data_dir holds `lang`'s texts


@dataclass(frozen=True)
class Job:
    """A kit whose data is validated, ready to export: the kit and its data, the print
    groups, the card frame (points), the trim (mm), the bleed (mm), the printed name,
    the data's warnings and notes (pnp.core.errors.Problem) of the lines printed outside
    the faces (`printed`) and the others (`rest`), and `checks`, which checks each face
    as `draw` first draws it (pnp.validate.FaceChecks; None: faces are not checked),
    the card size's name, the `colour` mode of the PDF `draw` writes ("rgb" or "cmyk"),
    the shop preset (pnp.presets.Preset) it is exported for, if any, and `press`, how
    CMYK is written (pnp.render.cmyk.Press: ink limit, PDF/X; None for RGB)."""

    kit: Kit
    data: Any
    groups: list[PrintGroup]
    frame: CardFrame
    trim_mm: tuple[float, float]
    bleed_mm: float
    name: str
    printed: tuple = ()
    rest: tuple = ()
    checks: FaceChecks | None = None
    card_size: str = "poker"
    colour: str = "rgb"
    shop: Any = None
    press: Any = None

    @property
    def copies(self) -> int:
        """Printed copies in all groups."""
        return sum(len(g.copies) for g in self.groups)

    def draw(self, path: Path, sides: Sequence[Side], margin_pt: float, title: str) -> int:
        """Write `sides` to the single-face PDF `path` (pnp.render.single.write_single,
        `margin_pt` around each trim), each face laid out once and checked as it is first
        drawn, then the faces no side drew (a card of a deck not exported is still
        checked). Returns the page count; DataError listing every face error before the
        PDF is rasterised or published; OSError if it cannot be written."""
        drawn = (path, self.kit, self.data, self.frame, sides, margin_pt, title)
        pages = write_single(*drawn, self.checks, self.colour, self.press)
        if self.checks is not None:
            self.checks.rest()
            errors, _ = errors_only(self.checks.problems())
            if errors:
                raise DataError(errors)
        return pages

    @property
    def warnings(self) -> tuple:
        """Every warning and note, in `pnp validate`'s order: the printed lines', the
        faces' (those checked so far: all of them once `draw` has run), the rest."""
        faces = errors_only(self.checks.problems())[1] if self.checks is not None else []
        return (*self.printed, *faces, *self.rest)


@dataclass(frozen=True)
class Written:
    """What one format wrote in the staging folder: the file or folder `name` published
    into out/<game>/, how many files, how many PDF pages or distinct faces rasterised,
    the dpi and a card's pixel size (images only), copies printed without a back (blank
    pages in pdf-single, no back file in png, a white back in tts), the TTS decks
    (pnp.export_tts.Deck), the TTS saved object's file name, and a shop preset's deck
    folders as (folder, files, copies) (pnp.export_preset)."""

    name: str
    files: int
    pages: int
    dpi: int | None = None
    card_px: tuple[int, int] | None = None
    no_back: int = 0
    decks: tuple[Deck, ...] = ()
    save: str | None = None
    folders: tuple[tuple[str, int, int], ...] = ()


@dataclass(frozen=True)
class ExportReport:
    """What an export wrote: game, format, copies exported, the output `path` (a file or
    folder in out/<game>/), what the format wrote (`written`), the dpi asked for, the
    bleed (mm), the data's warnings and notes, seconds taken, the preset's id (None
    for a format's export), the colour mode and whether --ink-limit converted."""

    game: str
    format: str
    copies: int
    path: Path
    written: Written
    dpi: int = DEFAULT_DPI
    bleed_mm: float = DEFAULT_BLEED_MM
    warnings: tuple = ()
    seconds: float = 0.0
    preset: str | None = None
    colour: str = "rgb"
    ink_limit: bool = False


def check_options(options: ExportOptions) -> None:
    """PnpError for an unknown format, a dpi outside MIN_DPI..MAX_DPI, or a colour mode
    the format cannot be written in (pnp.render.cmyk.check_colour: CMYK is pdf-single's
    only); LayoutError (a PnpError) for a bleed outside 0..10 mm or an unknown size."""
    if options.format not in FORMATS:
        known = ", ".join(FORMATS)
        raise PnpError(f"unknown export format {quoted(options.format)}; known: {known}")
    check_colour(options.format, options.colour)
    if not (isinstance(options.dpi, int) and MIN_DPI <= options.dpi <= MAX_DPI):
        raise PnpError(f"--dpi must be {MIN_DPI}..{MAX_DPI}, got {options.dpi}")
    check_spec(SheetSpec(card_size=options.card_size or "poker", bleed_mm=options.bleed_mm))


def prepare(options: ExportOptions) -> Job:
    """Load and validate the game's data as `pnp build` does (pnp.build.load_for_drawing,
    Kit.print_groups), its faces left to be checked as `Job.draw` draws them: DataError
    listing every error (warnings and notes do not stop it; they are kept in the Job),
    PnpError for a card size the game is not laid out for or a deck choice it cannot
    print; a preset's (`options.preset`) safe zone lays the faces out and checks them,
    and what of a face cannot run on through its bleed is an error too
    (pnp.validate.preset_faults); a card size the preset's shop does not print is a
    PnpError naming those it does; a CMYK preset's total-ink limit is checked, or with
    `options.ink_limit` written under (pnp.export_preset.press_for)."""
    options = for_preset(options)
    check_options(options)
    shop = None
    if options.preset is not None:
        from pnp.presets import preset

        shop = preset(options.preset)
    press, ink = press_for(shop, options.colour, options.ink_limit)
    build = BuildOptions(
        options.game,
        SheetSpec(bleed_mm=options.bleed_mm),
        options.card_size,
        options.data_dir,
        options.out_dir,
        options.deck_format,
        options.players,
        options.ink_saver,
        safe_mm=shop.safe_mm if shop is not None else SAFE_MM,
    )
    kit, data, frame, _blocks, printed, rest = load_for_drawing(build)
    try:
        groups = kit.print_groups(data, options.deck_format, options.players)
    except PnpError as exc:  # the kits name build's option; export's is --deck-format
        raise PnpError(str(exc).replace("--format", "--deck-format")) from None
    groups = chosen_groups(kit, data, groups, options.cards)[0]
    size = options.card_size or data.info.card_size
    if shop is not None:
        shop.size(size)
    return Job(
        kit,
        data,
        groups,
        frame,
        card_mm(size),
        options.bleed_mm,
        kit.name(data),
        tuple(printed),
        tuple(rest),
        FaceChecks(kit, data, frame, faults_for(shop is not None, ink)),
        size,
        options.colour,
        shop,
        press,
    )


#: What each format publishes in out/<game>/: a file (True) or a folder (False).
OUTPUTS = {"pdf-single": (SINGLE_PDF, True), "png": ("png", False), "tts": ("tts", False)}


def export(options: ExportOptions, progress: ProgressFactory = no_progress) -> ExportReport:
    """Export one game in `options.format` into out/<game>/, atomically; returns what was
    written. Raises DataError (every data error), PnpError (a bad option, an output that
    cannot be written: the previous files are then unchanged)."""
    if options.lang and not options.translated:  # pnp.translated.in_language
        folder = game_folder(find_kit(options.game, options.data_dir), options.data_dir)
        again = partial(_again, options, progress)
        from pnp.in_language import in_language

        return in_language(folder, options.lang, again)
    start = time.perf_counter()
    options = for_preset(options)
    job = prepare(options)
    target = Path(options.out_dir) / job.kit.id / (options.lang or "")
    name, is_file = (options.preset, False) if options.preset else OUTPUTS[options.format]
    in_the_way(target / name, is_file, "the export")
    staging = _staging_folder(target)
    writers = {"pdf-single": write_pdf_single, "png": write_png, "tts": _write_tts}
    try:
        if job.shop is not None:
            written = _write_preset(job, staging, progress)
        else:
            written = writers[options.format](job, staging, target, options.dpi, progress)
        publish(staging, target, (written.name,))
    except OSError as exc:  # a full disk, a quota, the folder removed under us
        raise PnpError(
            f"cannot write the export to {quoted(target, PATH_LIMIT)}: "
            f"{exc.strerror or exc}; the previous files are unchanged"
        ) from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return ExportReport(
        job.kit.id,
        options.format,
        job.copies,
        target / written.name,
        written,
        options.dpi,
        options.bleed_mm,
        job.warnings,
        time.perf_counter() - start,
        options.preset,
        options.colour,
        options.ink_limit,
    )


def _again(
    options: ExportOptions, progress: ProgressFactory, data_dir: Path | None, lang: str
) -> ExportReport:
    """`export` of `options` from `data_dir` (None: the typed one) in `lang` ("": the
    source language), for pnp.translated.in_language."""
    where = replace(options, data_dir=data_dir or options.data_dir, lang=lang)
    return export(replace(where, translated=True), progress)


def write_pdf_single(
    job: Job, staging: Path, target: Path, dpi: int, progress: ProgressFactory
) -> Written:
    """`cards-single.pdf`: every printed copy in print order, its front page then its
    back page (a blank page for a copy printed without a back), each page the trim plus
    the bleed. OSError if it cannot be written."""
    sides = print_order(job.groups)
    pages = job.draw(
        staging / SINGLE_PDF, sides, job.frame.bleed, f"{job.name} — cards, one per page"
    )
    no_back = sum(len(g.copies) for g in job.groups if g.back is None)
    return Written(SINGLE_PDF, 1, pages, no_back=no_back)


def png_names(groups: Sequence[PrintGroup]) -> dict[tuple[str, str | None], list[str]]:
    """The PNG file names of every printed copy, by the face they show (Side.key): a
    front `<card-id>-front.png` and, when its group prints a back, `<card-id>-back.png`;
    `<card-id>-<n>-front.png` (n = 1, 2, ... in print order, across all groups) for a card
    printed more than once. PnpError if two copies would get the same name (card "x"
    printed twice and a card "x-2")."""
    totals = Counter(card.id for group in groups for card in group.copies)
    seen: Counter = Counter()
    names: dict[tuple[str, str | None], list[str]] = {}
    used: set[str] = set()
    for group in groups:
        for card in group.copies:
            seen[card.id] += 1
            stem = card.id if totals[card.id] == 1 else f"{card.id}-{seen[card.id]}"
            faces = [(FRONT, front_key(card), "front")]
            faces += [(BACK, group.back, "back")] if group.back is not None else []
            for kind, key, word in faces:
                name = f"{stem}-{word}.png"
                if name in used:
                    raise PnpError(
                        f"two PNG files would be called {quoted(name)} (card "
                        f"{quoted(card.id)}); give one of the cards another id"
                    )
                used.add(name)
                names.setdefault((kind, key), []).append(name)
    return names


def write_png(
    job: Job, staging: Path, target: Path, dpi: int, progress: ProgressFactory
) -> Written:
    """`png/`: one PNG per printed copy's face (`png_names`), the trim plus the bleed at
    `dpi`, RGB, its dpi stored. Each distinct face is drawn once into a single-face PDF
    (pnp.drawn_apart), rasterised and encoded once, its bytes written for every copy."""
    folder = staging / "png"
    folder.mkdir()
    sides = distinct_sides(job.groups)
    names = png_names(job.groups)
    faces = staging / "faces.pdf"
    draw_apart(job, faces, sides, job.frame.bleed, job.name)
    release_fonts()  # the PDF is written: its fonts' memory goes to the rasterising
    w_mm, h_mm = (length + 2 * job.bleed_mm for length in job.trim_mm)
    size = pixels(w_mm, dpi), pixels(h_mm, dpi)
    total = sum(len(n) for n in names.values())
    pages = rasterise(faces, size)
    with progress(total, f"{job.kit.id}: PNG at {dpi} dpi") as bar, closing(pages):
        for index, image in pages:
            encoded = encode_png(image, dpi)
            for name in names[sides[index].key]:
                (folder / name).write_bytes(encoded)
            bar.update(len(names[sides[index].key]))
    no_back = sum(len(g.copies) for g in job.groups if g.back is None)
    return Written("png", total, len(sides), dpi, size, no_back)


def _write_tts(
    job: Job, staging: Path, target: Path, dpi: int, progress: ProgressFactory
) -> Written:
    """`tts/`: Tabletop Simulator decks (pnp.export_tts.write_tts)."""
    tts = write_tts(job, staging, target, dpi, progress)
    return Written(
        "tts", tts.files, tts.faces, tts.dpi, tts.card_px, tts.no_back, tts.decks, tts.save
    )


def _write_preset(job: Job, staging: Path, progress: ProgressFactory) -> Written:
    """The files of the job's shop preset (pnp.export_preset) in the staging folder."""
    from pnp.export_preset import write_shop_pdf, write_shop_png

    writer = write_shop_pdf if job.shop.files == "pdf" else write_shop_png
    return Written(job.shop.id, **writer(job.shop, job.card_size, job, staging, progress))
