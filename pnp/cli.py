"""The `pnp` command line: parses options, calls pnp.build / pnp.validate, prints.

Every error leaves through one place, `Failure`, shown by click with one prefix
("Error: "): exit status 1 for data, layout and rule errors (each message names
file:line, card or back, field), 2 for usage errors (click's). With `--all`, every
game is tried and every game's problems are reported.
"""

from __future__ import annotations

import math

import click

from pnp.cli_base import (
    WRITTEN,
    App,
    InRange,
    chosen_games,
    folder,
    for_each_game,
    game_options,
    progress_bar,
)
from pnp.cli_simulate import simulate
from pnp.core.errors import DataError, errors_only
from pnp.core.shown import plural, quoted
from pnp.core.terminal import echo, one_line
from pnp.core.units import CARD_SIZES_MM, PAPER_MM
from pnp.layout.imposition import (
    DEFAULT_BLEED_MM,
    DEFAULT_GUTTER_MM,
    DEFAULT_MARGIN_MM,
    DUPLEX_MODES,
    MAX_BACK_OFFSET_MM,
    MAX_BLEED_MM,
    MAX_GAP_MM,
    SheetSpec,
)

MIN_MAX_DPI = 72.0      # --max-dpi below this would make any art a blur


@click.group(cls=App, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="hackpack")
def main() -> None:
    """Hack Pack print-and-play generator: card data in TOML to print-ready PDFs."""


def _ink_saver_option(verb: str):
    return click.option("--ink-saver/--full-ink", default=False, show_default=True,
                        help=f"{verb} the ink-saving faces: dark grounds, frames and big "
                             "badges as outlines and pale tints, with the same text and marks.")


@main.command()
@game_options
@click.option("--paper", type=click.Choice(list(PAPER_MM)), default="a4", show_default=True)
@click.option("--card-size", type=click.Choice(list(CARD_SIZES_MM)), default=None,
              help="Card trim size: one the game's game.toml card_sizes names (all three "
                   "games: poker, bridge, tarot; default the game's, poker 63.5 x 88.9 mm).")
@click.option("--bleed", type=InRange(0, MAX_BLEED_MM, "mm"), default=DEFAULT_BLEED_MM, show_default=True, help="Bleed in mm.")
@click.option("--gutter", type=InRange(0, MAX_GAP_MM, "mm"), default=DEFAULT_GUTTER_MM, show_default=True,
              help="Space between neighbouring cards' bleed edges, mm.")
@click.option("--margin", type=InRange(0, MAX_GAP_MM, "mm"), default=DEFAULT_MARGIN_MM, show_default=True,
              help="Printer margin kept clear at the paper edge, mm.")
@click.option("--crop-marks/--no-crop-marks", default=True, show_default=True)
@click.option("--deck-sheets", is_flag=True, help="Start every deck or pile (and the player "
              "aids) on a fresh sheet; by default they share sheets, each back behind its "
              "own front.")
@click.option("--duplex", type=click.Choice(DUPLEX_MODES), default="long", show_default=True,
              help="long: flip on the long edge; short: short edge; none: fronts only.")
@click.option("--back-offset", nargs=2,
              type=InRange(-MAX_BACK_OFFSET_MM, MAX_BACK_OFFSET_MM, "mm"), default=(0.0, 0.0), show_default=True,
              metavar="DX DY", help="Shift back pages by DX, DY mm (right, up) for printer drift.")
@click.option("--out", "out_dir", callback=folder, default="out", show_default=True,
              metavar="DIR", help="Output folder.")
@click.option("--deck-format", "--format", "deck_format",
              type=click.Choice(["individual", "shared"]), default=None,
              help="For games with several decks: one deck per player (default) or one "
                   "shared deck (the same option as export's and simulate's; --format is "
                   "its older name).")
@click.option("--players", type=InRange(-math.inf, math.inf, integer=True), default=None,
              help="For games with several decks: print decks for this many players "
                   "(default: every deck).")
@_ink_saver_option("Print")
@click.option("--max-dpi", type=InRange(MIN_MAX_DPI, 2400), default=None, metavar="DPI",
              help="Downsample card art that would print at more pixels per inch than "
                   f"this ({MIN_MAX_DPI:g}..2400; default: every image as it is).")
def build(game, all_games, data_dir, paper, card_size, bleed, gutter, margin, crop_marks,
          deck_sheets, duplex, back_offset, out_dir, deck_format, players, ink_saver,
          max_dpi) -> None:
    """Build the print-and-play kit: cards.pdf, rules.pdf and booklet.pdf."""
    from pnp.build import DEFAULT_DATA_DIR, BuildOptions
    from pnp.build import build as run_build
    spec = SheetSpec(paper=paper, bleed_mm=bleed, gutter_mm=gutter, margin_mm=margin,
                     duplex=duplex, back_offset_mm=tuple(back_offset), crop_marks=crop_marks,
                     deck_sheets=deck_sheets)

    def one(name: str) -> None:
        report = run_build(BuildOptions(name, spec, card_size, data_dir or DEFAULT_DATA_DIR,
                                        out_dir, deck_format, players, ink_saver, max_dpi))
        click.get_current_context().meta[WRITTEN] = True
        _print_report(report, spec)
        show_warnings(report.warnings)
    for_each_game(chosen_games(game, all_games), one)


def _print_report(report, spec: SheetSpec) -> None:
    g = report.grid
    total = sum(report.counts.values())
    echo(f"{report.game}: {total} cards — " +
               ", ".join(f"{n} {kind}" for kind, n in report.counts.items()))
    duplex = {"long": "duplex, flip on long edge", "short": "duplex, flip on short edge",
              "none": "single-sided, fronts only"}[spec.duplex]
    echo(f"  {g.cols}x{g.rows} cards per {spec.paper} sheet, {report.sheets} sheets, {duplex}")
    for path in report.paths:
        n = report.pages[path.name]
        echo(f"  {one_line(str(path))}  ({plural(n, 'page')})", exact=True)
    if report.images:
        echo(f"  art: {plural(report.images, 'distinct image')} embedded, each once")
    for file in report.generated_bleed:
        echo(f"  art: {one_line(quoted(file))} has no bleed of its own; its edges were "
             "extended to make one", exact=True)
    echo(f"  built in {report.seconds:.2f} s")


def show_warnings(problems) -> None:
    """Print each warning or note as its own `Warning: ...` / `Note: ...` line on stderr,
    its file relative to the data folder (cli_base.in_data_folder)."""
    from pnp.cli_base import in_data_folder
    for p in problems:
        echo(f"{p.level.capitalize()}: {one_line(str(in_data_folder(p)))}", err=True,
             exact=True)


@main.command()
@game_options
@click.option("--card-size", type=click.Choice(list(CARD_SIZES_MM)), default=None,
              help="Check the faces on this card size (default: the game's).")
@_ink_saver_option("Check")
def validate(game, all_games, data_dir, card_size, ink_saver) -> None:
    """Check the card data and every card face without building; list every problem,
    exit 1 if any."""
    from pnp.build import DEFAULT_DATA_DIR, BuildOptions, frame_for, game_folder
    from pnp.core.games import find_game
    from pnp.validate import validate as run_validate

    def one(name: str) -> None:
        kit = find_game(name)
        game_dir = game_folder(kit, data_dir or DEFAULT_DATA_DIR)
        options = BuildOptions(name, card_size=card_size, data_dir=game_dir.parent,
                               ink_saver=ink_saver)
        data, _blocks, problems = run_validate(kit, game_dir, frame_for(options))
        errors, warnings = errors_only(problems)
        show_warnings(warnings)
        if errors:
            raise DataError(errors)
        total = sum(kit.summary(kit.print_groups(data)).values())
        echo(f"{kit.id}: OK — {len(kit.printed_cards(data))} distinct cards, {total} copies")
    for_each_game(chosen_games(game, all_games), one)


def _duplex_with_backs(ctx: click.Context, param: click.Parameter, value: str) -> str:
    """`--duplex` for `calibrate`: "none" prints no backs, so there is nothing to calibrate."""
    if value == "none":
        raise click.BadParameter("single-sided printing has no backs to calibrate; "
                                 "use long or short")
    return value


@main.command()
@click.option("--paper", type=click.Choice(list(PAPER_MM)), default="a4", show_default=True)
@click.option("--duplex", type=click.Choice(DUPLEX_MODES), default="long", show_default=True,
              callback=_duplex_with_backs, metavar="[long|short]",
              help="The flip edge you print cards with: long or short.")
@click.option("--margin", type=InRange(0, MAX_GAP_MM, "mm"), default=DEFAULT_MARGIN_MM,
              show_default=True, help="Printer margin kept clear at the paper edge, mm.")
@click.option("--out", "out_dir", callback=folder, default="out", show_default=True,
              metavar="DIR", help="Output folder (the sheet is DIR/calibration.pdf).")
def calibrate(paper, duplex, margin, out_dir) -> None:
    """Write a duplex calibration sheet: print it double-sided, hold it to the light and
    read the --back-offset DX DY for `pnp build`; its ruler shows whether the printer
    scaled the page."""
    from pnp.calibrate import write_calibration
    path = write_calibration(out_dir, paper, duplex, margin)
    click.get_current_context().meta[WRITTEN] = True
    flip = {"long": "flip on long edge", "short": "flip on short edge"}[duplex]
    echo(f"calibration sheet for {paper}, {flip}: {one_line(str(path))}  (2 pages, "
         "print double-sided at 100 %)", exact=True)


@main.command()
@game_options
@click.option("--format", "output_format", type=click.Choice(["png", "tts", "pdf-single"]),
              required=True, help="png: one image per card face (trim + bleed); tts: "
              "Tabletop Simulator deck sheets and a saved object (trim only); pdf-single: "
              "one card face per page (trim + bleed) for a print shop.")
@click.option("--dpi", type=InRange(50, 1200, integer=True), default=300, show_default=True,
              help="Pixels per inch of the images (50..1200); tts lowers it until every "
                   "sheet is at most 4096 px.")
@click.option("--out", "out_dir", callback=folder, default="out", show_default=True,
              metavar="DIR", help="Output folder (files go to DIR/<game>/).")
@click.option("--card-size", type=click.Choice(list(CARD_SIZES_MM)), default=None,
              help="Card trim size: one the game's game.toml card_sizes names (default: "
                   "the game's).")
@click.option("--bleed", type=InRange(0, MAX_BLEED_MM, "mm"), default=DEFAULT_BLEED_MM,
              show_default=True, help="Bleed in mm around each png and pdf-single card.")
@_ink_saver_option("Export")
@click.option("--deck-format", type=click.Choice(["individual", "shared"]), default=None,
              help="For games with several decks: one deck per player (default) or one "
                   "shared deck (as `pnp build --format`).")
@click.option("--players", type=InRange(-math.inf, math.inf, integer=True), default=None,
              help="For games with several decks: decks for this many players (default: "
                   "every deck).")
def export(game, all_games, data_dir, output_format, dpi, out_dir, card_size, bleed,
           ink_saver, deck_format, players) -> None:
    """Export card images and print-shop files from the same drawing as cards.pdf:
    PNGs, Tabletop Simulator decks, or a one-card-a-page PDF."""
    from pnp.export import DEFAULT_DATA_DIR, ExportOptions
    from pnp.export import export as run_export

    def one(name: str) -> None:
        report = run_export(ExportOptions(name, output_format, dpi, out_dir,
                                          data_dir or DEFAULT_DATA_DIR, card_size, bleed,
                                          ink_saver, deck_format, players), progress_bar)
        click.get_current_context().meta[WRITTEN] = True
        show_warnings(report.warnings)
        _print_export_report(report)
    for_each_game(chosen_games(game, all_games), one)


def _print_export_report(report) -> None:
    """The export summary on stdout: what was written, where, at which dpi and size."""
    w, path = report.written, one_line(str(report.path))
    if report.format == "pdf-single":
        echo(f"{report.game}: {plural(report.copies, 'card')}, one face a page, each front "
             f"followed by its back")
        echo(f"  {path}  ({plural(w.pages, 'page')} of trim + {report.bleed_mm:g} mm bleed, "
             "no crop marks)", exact=True)
    elif report.format == "png":
        echo(f"{report.game}: {plural(report.copies, 'card')} as PNG at {w.dpi} dpi, "
             f"{w.card_px[0]}x{w.card_px[1]} px a card (trim + {report.bleed_mm:g} mm bleed)")
        echo(f"  {path}  ({plural(w.files, 'file')}: {report.copies:,} fronts, "
             f"{w.files - report.copies:,} backs; {plural(w.pages, 'distinct face')} "
             "rasterised)", exact=True)
    else:
        lowered = f", lowered from {report.dpi} so every sheet fits 4096 px" \
            if w.dpi < report.dpi else ""
        echo(f"{report.game}: {plural(report.copies, 'card')} as "
             f"{plural(len(w.decks), 'Tabletop Simulator deck')} at {w.dpi} dpi{lowered}, "
             f"{w.card_px[0]}x{w.card_px[1]} px a card (trim, no bleed)")
        for deck in w.decks:
            grids = ", ".join(f"{c}x{r}" for c, r in deck.grids)
            echo(f"  {deck.label}: {plural(deck.copies, 'card')} on "
                 f"{plural(len(deck.grids), 'sheet')} ({grids}) and a back")
        echo(f"  {path}  ({plural(w.files, 'file')})", exact=True)
        echo(f"  {one_line(str(report.path / w.save))}  (load it from Tabletop Simulator's "
             "Saved Objects)", exact=True)
    if w.no_back:
        blank = ("a blank page follows each front, so fronts stay on odd pages"
                 if report.format == "pdf-single" else
                 "no back file" if report.format == "png" else "a white back")
        echo(f"  {plural(w.no_back, 'card')} printed without a back: {blank}")
    echo(f"  exported in {report.seconds:.2f} s")


main.add_command(simulate)
