"""`pnp build`: validate, lay out and write a game's kit into `out/<game>/` atomically.

Every file is first written into a temporary folder beside the output; only when
all of them are complete are they moved into place (os.replace), so a failed
build (bad data, a full disk, a kill) leaves the previous kit untouched, and the next
build removes the temporary folders a killed build left behind.
"""

from __future__ import annotations

import shutil
import stat
import time
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp.checked_kits import checks_key, keep_problems, kept_problems, pixels_read
from pnp.core.errors import DataError, PnpError, UnknownGame, errors_only
from pnp.core.games import find_game
from pnp.core.shown import PATH_LIMIT, listed, quoted
from pnp.core.sizes import card_mm, card_size_name
from pnp.core.units import mm_to_pt
from pnp.data.icons import credit_blocks
from pnp.data.svg_alongside import converting_alongside
from pnp.layout.card_frame import SAFE_MM, CardFrame
from pnp.layout.first_page import FIRST_PAGE
from pnp.layout.imposition import Grid, SheetSpec, check_spec, compute_grid
from pnp.layout.kit import Kit, front_key
from pnp.print_first import write_first_page
from pnp.render.painter import KitPainter, reprinted
from pnp.render.rule_files import RuleFiles
from pnp.render.sheets import new_canvas, write_fold_sheets, write_sheets
from pnp.selection import chosen_ids, only_chosen
from pnp.staging import OUTPUTS, _staging_folder, publish
from pnp.validate import FaceChecks, read_rulebook, validate, validate_data

if TYPE_CHECKING:  # (pnp.layout.gutterfold: loaded for a fold-and-glue build only)
    from pnp.layout.gutterfold import Fold


@dataclass(frozen=True)
class BuildOptions:
    """A build request: game id, sheet settings (mm), where data is read and output goes.
    `card_size` None means the game's own size from game.toml; `deck_format`
    ("individual" or "shared") and `players` choose the decks of games that have several;
    `ink_saver` prints the ink-saving faces (dark grounds as outlines and pale tints);
    `max_dpi` downsamples card art printed at more pixels per inch than that (None:
    every image as it is); `safe_mm` is the safe area's inset from the trim in mm (a
    shop preset's, pnp.presets; never under 3 mm); `cards`: the ids and globs of the
    only cards to print (pnp.selection, `--cards`; empty: every card)."""

    game: str
    spec: SheetSpec = field(default_factory=SheetSpec)
    card_size: str | None = None
    data_dir: Path | None = None  # None: the game's own folder, as its manifest names it
    out_dir: Path = Path("out")
    deck_format: str | None = None
    players: int | None = None
    ink_saver: bool = False
    max_dpi: float | None = None
    safe_mm: float = SAFE_MM
    cards: tuple[str, ...] = ()
    lang: str = ""  # a translated kit's language: written to out_dir/<game>/<lang>/
    typed_data_dir: Path | None = None  # a translated kit's --data (data_dir: its copy)
    translated: bool = False  # set by pnp.build_lang: data_dir holds `lang`'s texts


@dataclass(frozen=True)
class BuildReport:
    """What a build wrote: copies by kind, sheets, PDF pages per file, paths, seconds, the
    data's warnings and notes (pnp.core.errors.Problem), how many distinct images the cards
    embed, the art files whose bleed was made by extending their edges, the ids of
    the cards `--cards` chose (empty: every card was printed), and for a gutterfold
    build its fold (pnp.layout.gutterfold; `grid` is then its page's grid, fronts and
    backs)."""

    game: str
    counts: dict[str, int]
    grid: Grid
    sheets: int
    pages: dict[str, int]
    paths: list[Path]
    seconds: float
    warnings: tuple = ()
    images: int = 0
    generated_bleed: tuple[str, ...] = ()
    chosen: tuple[str, ...] = ()
    fold: Fold | None = None


def chosen_groups(kit: Kit, data: Any, groups: list, patterns: tuple[str, ...]) -> tuple:
    """(the groups to print, the ids chosen): `groups` with only the copies of the cards
    `patterns` choose (pnp.selection), or all of them and () when there are none;
    PnpError naming every item that matches no card the kit prints, or when the decks
    printed (--deck-format, --players) hold none of the cards chosen."""
    if not patterns:
        return groups, ()
    ids = chosen_ids(kit.id, patterns, [c.id for c in kit.printed_cards(data)])
    chosen = only_chosen(groups, ids)
    if not chosen:
        raise PnpError(
            f"the decks {kit.id} prints with these options hold none of the cards --cards "
            f"chose ({listed(ids, 6)})"
        )
    return chosen, tuple(ids)


def find_kit(name: str, data_dir: Path | None) -> Kit:
    """The kit of the game called `name`: a registered game's (pnp.core.games.find_game),
    else the data-only game whose folder is `data_dir/name` (pnp.faces.kit: its
    game.toml names its faces and card tables). UnknownGame naming both places when
    neither is there (only the registered games without a `data_dir`); PnpError as
    find_game raises it."""
    try:
        return find_game(name)
    except UnknownGame as exc:
        if data_dir is None:
            raise UnknownGame(f"{exc}; a data-only game is found in its data folder: --data DIR")
        from pnp.faces.held import game_id_like
        from pnp.faces.kit import data_kit

        kit = data_kit(name, data_dir)
        if kit is None and not game_id_like(name):  # no folder of a game is called that
            raise
        if kit is None:
            raise UnknownGame(
                f"{exc}; nor is there a data-only game: no "
                f"{quoted(Path(data_dir) / name / 'game.toml', PATH_LIMIT)}"
            ) from None
        return kit


def game_folder(kit: Kit, data_dir: Path | None) -> Path:
    """The game's data folder: `data_dir`/<game id>, or without `data_dir` the folder its
    data ships in (its manifest's, pnp.core.games.data_folder); raises PnpError when it
    does not exist, is not a folder or cannot be looked at (a link loop, a name too
    long, no permission)."""
    from pnp.core.games import data_folder

    folder = Path(data_dir) / kit.id if data_dir is not None else data_folder(kit.id)
    shown = quoted(folder, PATH_LIMIT)
    try:
        info = folder.stat()
    except FileNotFoundError:
        raise PnpError(f"no card data for {kit.id}: folder {shown} does not exist") from None
    except OSError as exc:
        raise PnpError(
            f"no card data for {kit.id}: cannot open {shown}: {exc.strerror or exc}"
        ) from None
    if not stat.S_ISDIR(info.st_mode):
        raise PnpError(f"no card data for {kit.id}: {shown} is a file, not a folder")
    return folder


def frame_for(options: BuildOptions):
    """A function giving the card frame (pt) for the loaded data under `options` (with
    its ink-saver choice and the corners its cards are cut to, so the faces validated
    are the faces printed). PnpError, in one line, for a card size the game's faces are
    not laid out for (game.toml `card_sizes`)."""

    def make(data) -> CardFrame:
        size = options.card_size or data.info.card_size
        check_card_size(data.info, size)
        w, h = card_mm(size)
        return CardFrame(
            mm_to_pt(w),
            mm_to_pt(h),
            mm_to_pt(options.spec.bleed_mm),
            options.ink_saver,
            max(SAFE_MM, options.safe_mm),
            SheetSpec(card_size=size, corners_mm=options.spec.corners_mm).corner_mm,
        )

    return make


def check_card_size(info, size: str) -> None:
    """PnpError unless `size` is one of the trims the game's faces are laid out for
    (`info.card_sizes`, from game.toml; compared by their mm, so "63.5x88.9mm" is poker):
    "hack-attack is laid out for poker, bridge and tarot cards, not mini"."""
    sizes = info.card_sizes
    if sizes and card_mm(size) not in {card_mm(s) for s in sizes}:
        shown = sizes[0] if len(sizes) == 1 else ", ".join(sizes[:-1]) + " and " + sizes[-1]
        raise PnpError(
            f"{info.id} is laid out for {shown} cards, not {card_size_name(size)} "
            f"(--card-size; the sizes are game.toml's card_sizes)"
        )


def load_checked(options: BuildOptions) -> tuple[Kit, Any, list, list]:
    """(kit, data, rulebook blocks, warnings and notes) of the game `options` names,
    validated on the frame it prints (`frame_for`), each face laid out to be checked;
    DataError listing every error, PnpError when the game or its folder cannot be
    found."""
    kit = find_kit(options.game, options.data_dir)
    folder = game_folder(kit, options.data_dir)
    data, blocks, problems = validate(kit, folder, frame_for(options), paper=options.spec.paper)
    errors, warnings = errors_only(problems)
    if errors:
        raise DataError(errors)
    return kit, data, blocks, warnings


def load_for_drawing(
    options: BuildOptions, rulebook: tuple[list, list] | None = None
) -> tuple[Kit, Any, CardFrame, list, list, list]:
    """As `load_checked`, but leaving the faces to be checked as they are drawn:
    (kit, data, the card frame, blocks, warnings of the lines printed outside the
    faces, the other warnings). DataError as load_checked raises it when anything but
    a face is wrong (every face's problems included, in the same list); PnpError for a
    card size the game is not laid out for. `pnp build` and `pnp export` both start
    here and check each face as they first draw it (pnp.validate.FaceChecks);
    `rulebook` is pnp.validate.read_rulebook's answer when the caller has read it."""
    kit = find_kit(options.game, options.data_dir)
    folder = game_folder(kit, options.data_dir)
    data, blocks, printed, rest = validate_data(kit, folder, options.spec.paper, rulebook)
    if data is None or errors_only(printed + rest)[0]:
        load_checked(options)  # raises, listing every problem, the faces' too
    frame = frame_for(options)(data)
    return kit, data, frame, blocks, errors_only(printed)[1], errors_only(rest)[1]


def build(options: BuildOptions) -> BuildReport:
    """Build the kit; raises DataError (every data problem), LayoutError or PnpError.
    Each face is laid out once: checked as the sheet writer first draws it
    (pnp.validate.FaceChecks), with the faces no sheet prints checked after; any error
    stops the build before a file is published. A kit in another language than the
    source (`options.lang`) is built from its translated folder (pnp.build_lang)."""
    if options.lang and not options.translated:  # pnp.translated.in_language
        from pnp.in_language import in_language

        folder = game_folder(find_kit(options.game, options.data_dir), options.data_dir)
        return in_language(folder, options.lang, partial(_again, options))
    start = time.perf_counter()
    check_spec(options.spec)  # a bad option is named before any data is read
    folder = game_folder(find_kit(options.game, options.data_dir), options.data_dir)
    rulebook = read_rulebook(folder)
    # rules.pdf and booklet.pdf: kept from an earlier build, else written alongside the
    # cards (2 cores) by a process that loads platypus while this one loads the data
    rules = RuleFiles(rulebook[0], options.spec.paper)
    try:
        return _build(options, rulebook, rules, start)
    finally:
        rules.close()


def _again(options: BuildOptions, data_dir: Path | None, lang: str) -> BuildReport:
    """`build` of `options` from `data_dir` (None: the typed one) in `lang` ("": the
    source language), for pnp.translated.in_language."""
    if not lang:
        return build(replace(options, lang=""))
    typed = replace(options, data_dir=data_dir, typed_data_dir=options.data_dir)
    return build(replace(typed, lang=lang, translated=True))


def _build(
    options: BuildOptions, rulebook: tuple[list, list], rules: RuleFiles, start: float
) -> BuildReport:
    """`build` once the rulebook is read (`rulebook`, pnp.validate.read_rulebook) and its
    rule files are looked for or being written (`rules`, pnp.render.rule_files)."""
    # pictures the SVG cache lacks are converted by the rule files' process too
    with converting_alongside(rules.convert if rules.converts else None):
        kit, data, frame, blocks, printed, rest = load_for_drawing(options, rulebook)
    groups = kit.print_groups(data, options.deck_format, options.players)
    rows = kit.printed_rows(data, groups)  # the rulebook lists the whole kit
    groups, chosen = chosen_groups(kit, data, groups, options.cards)
    card_size = options.card_size or data.info.card_size
    spec = SheetSpec(**{**options.spec.__dict__, "card_size": card_size})
    fold = None
    if spec.layout == "gutterfold":
        from pnp.layout.gutterfold import compute_fold

        fold = compute_fold(spec)
    grid = fold.grid if fold is not None else compute_grid(spec)
    target = Path(options.out_dir) / kit.id / (options.lang or "")
    staging = _staging_folder(target)
    name = kit.name(data)
    credits = credit_blocks(data.info)  # CC BY: the icons' authors in print
    try:
        canvas = new_canvas(staging / "cards.pdf", grid, f"{name} — cards")
        # every face checked as it is first drawn, unless the same kit's faces were
        # checked before (pnp.checked_kits); an error stops the build before publishing
        checked = checks_key(kit, game_folder(kit, options.data_dir), options)
        problems = kept_problems(checked)
        if problems is not None and errors_only(problems)[0]:
            raise DataError(errors_only(problems)[0])
        checks = FaceChecks(kit, data, frame) if problems is None else None
        keep = reprinted(front_key(c) for g in groups for c in g.copies)
        painter = KitPainter(canvas, kit, data, frame, options.max_dpi, checks, keep)
        sampled = pixels_read()
        rule_inputs = ([*blocks, *credits], spec.paper, name, rows)
        figure_problems = rules.kept_problems(rule_inputs, checked)
        figures: list = []  # the rulebook's pictures: not drawn again for kept rule files
        if figure_problems is None:  # (pnp.figures: loaded when they are drawn)
            from pnp.figures import rulebook_figures

            figures, figure_problems = rulebook_figures(
                kit, data, frame, blocks, spec.paper, painter
            )
        rules.send(staging, rule_inputs, (tuple(figures), frame), (checked, figure_problems))
        stats = (
            write_fold_sheets(canvas, fold, spec, groups, painter)
            if fold is not None
            else write_sheets(canvas, grid, spec, groups, painter)
        )
        if checks is not None:
            checks.rest()
            problems = checks.problems()
            if pixels_read() == sampled:  # no picture's pixels were read
                keep_problems(checked, problems)
        errors, face_warnings = errors_only(figure_problems + (problems or []))
        if errors:
            raise DataError(errors)
        warnings = printed + face_warnings + rest
        canvas.save()
        rule_pages, sides = rules.result()
        extras = {e.name: e.render(staging / e.name, spec.paper, data) for e in kit.extras(data)}
        pages = {"cards.pdf": stats.pages, "rules.pdf": rule_pages, "booklet.pdf": sides, **extras}
        pages[FIRST_PAGE] = write_first_page(
            staging, options, kit, data, spec, grid, groups, stats.sheets, pages
        )
        names = (*OUTPUTS, *extras)
        publish(staging, target, names)
    except OSError as exc:  # a full disk, a quota, the folder removed under us
        raise PnpError(
            f"cannot write the kit to {quoted(target, PATH_LIMIT)}: "
            f"{exc.strerror or exc}; the previous files are unchanged"
        ) from None
    finally:
        rules.close()
        shutil.rmtree(staging, ignore_errors=True)
    return BuildReport(
        kit.id,
        kit.summary(groups),
        grid,
        stats.sheets,
        pages,
        [target / n for n in names],
        time.perf_counter() - start,
        tuple(warnings),
        painter.painter.images_embedded,
        tuple(sorted(painter.painter.generated_bleed)),
        chosen,
        fold,
    )
