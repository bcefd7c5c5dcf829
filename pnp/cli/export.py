"""`pnp export`: PNGs, Tabletop Simulator decks or a one-card-a-page PDF, rasterised
from the same drawing as cards.pdf; parses the options, calls pnp.export, prints."""

from __future__ import annotations

import math

import click
from click.core import ParameterSource

from pnp.cli.base import (
    BLEED_MM,
    CARD_SIZE,
    DPI,
    PRESET,
    WRITTEN,
    InRange,
    for_each_game,
    game_options,
    ink_saver_option,
    out_option,
    progress_bar,
    show_warnings,
)
from pnp.cli.languages import lang_option, languages_for
from pnp.cli.picks import cards_option
from pnp.cli.which_games import chosen_games
from pnp.core.shown import plural
from pnp.core.terminal import echo, one_line
from pnp.layout.imposition import DEFAULT_BLEED_MM


@click.command()
@game_options
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["png", "tts", "pdf-single"]),
    default=None,
    help="png: one image per card face (trim + bleed); tts: "
    "Tabletop Simulator deck sheets and a saved object (trim only); pdf-single: "
    "one card face per page (trim + bleed) for a print shop. Required unless --preset.",
)
@click.option(
    "--preset",
    type=PRESET,
    default=None,
    help="A print shop's files: its card sizes, bleed, safe zone, dpi, file type, "
    "order and colour, in DIR/<game>/<preset>/ with UPLOAD.txt (instead of --format, "
    "--bleed, --dpi and --colour).",
)
@click.option(
    "--dpi",
    type=DPI,
    default=300,
    show_default=True,
    help="Pixels per inch of the images (50..1200); tts lowers it until every "
    "sheet is at most 4096 px.",
)
@out_option("Output folder (files go to DIR/<game>/).")
@click.option(
    "--card-size",
    type=CARD_SIZE,
    default=None,
    help="Card trim size: one the game's game.toml card_sizes names (default: the game's).",
)
@click.option(
    "--bleed",
    type=BLEED_MM,
    default=DEFAULT_BLEED_MM,
    show_default=True,
    help="Bleed in mm around each png and pdf-single card.",
)
@ink_saver_option("Export")
@click.option(
    "--deck-format",
    type=click.Choice(["individual", "shared"]),
    default=None,
    help="For games with several decks: one deck per player (default) or one "
    "shared deck (as `pnp build --format`).",
)
@click.option(
    "--players",
    type=InRange(-math.inf, math.inf, integer=True),
    default=None,
    help="For games with several decks: decks for this many players (default: every deck).",
)
@click.option(
    "--colour",
    type=click.Choice(["rgb", "cmyk"]),
    default="rgb",
    show_default=True,
    help="pdf-single only: cmyk writes every colour and picture as CMYK for SWOP TR003 "
    "Coated (black and greys on the K plate); png and tts are RGB.",
)
@click.option(
    "--ink-limit",
    is_flag=True,
    default=False,
    help="With a CMYK --preset (drivethrucards): convert every colour and picture under "
    "the total ink the shop allows (240 %), as LittleCMS's ink-limiting device link does; "
    "without it the export names each card and picture over the limit.",
)
@cards_option("Export only")
@lang_option(
    "Export the cards in this language, one game.toml's `languages` declares, into "
    "OUT/<game>/LANG/; all: each language, the first into OUT/<game>/ (default: the first)."
)
def export(
    game,
    all_games,
    data_dir,
    output_format,
    preset,
    dpi,
    out_dir,
    card_size,
    bleed,
    ink_saver,
    deck_format,
    players,
    colour,
    cards,
    ink_limit,
    lang,
) -> None:
    """Export card images and print-shop files from the same drawing as cards.pdf:
    PNGs, Tabletop Simulator decks, or a one-card-a-page PDF."""
    from pnp.cli.defaults import announce
    from pnp.export import ExportOptions
    from pnp.export import export as run_export

    preset = _check_preset_choice(output_format, preset)
    if preset is None and colour == "cmyk" and output_format != "pdf-single":
        raise click.UsageError(
            f"--colour cmyk is for --format pdf-single only: {output_format} images are RGB"
        )
    announce()

    def one(name: str) -> None:
        for chosen in languages[name]:  # each checked first (languages_for)
            in_one(name, chosen)

    def in_one(name: str, chosen: str) -> None:
        report = run_export(
            ExportOptions(
                name,
                output_format,
                dpi,
                out_dir,
                data_dir,
                card_size,
                bleed,
                ink_saver,
                deck_format,
                players,
                preset,
                colour,
                cards or (),
                ink_limit,
                chosen,
            ),
            progress_bar,
        )
        click.get_current_context().meta[WRITTEN] = True
        show_warnings(report.warnings)
        _print_export_report(report)

    games = chosen_games(game, all_games, data_dir)
    languages = languages_for(games, data_dir, lang)
    for_each_game(games, one)


def _check_preset_choice(output_format: str | None, preset: str | None) -> str | None:
    """The preset to export with: a usage error (exit 2) for neither --format nor
    --preset, or for --preset with an option it sets itself (--format, --bleed, --dpi,
    --colour) given on the command line; a pnp.toml default for those is set aside
    quietly, and a pnp.toml preset gives way to a typed --format (None)."""
    ctx = click.get_current_context()
    typed = ctx.get_parameter_source("output_format") == ParameterSource.COMMANDLINE
    from_file = (
        preset is not None and ctx.get_parameter_source("preset") == ParameterSource.DEFAULT_MAP
    )
    if from_file and typed:
        return None
    if preset is None:
        if output_format is None:
            raise click.UsageError("name the files with --format FORMAT or --preset SHOP")
        return None
    given = [
        flag
        for flag, param in (
            ("--format", "output_format"),
            ("--bleed", "bleed"),
            ("--dpi", "dpi"),
            ("--colour", "colour"),
        )
        if ctx.get_parameter_source(param) == ParameterSource.COMMANDLINE
    ]
    if given:
        where = " (pnp.toml's preset)" if from_file else ""
        also = "; or choose the files with --format" if from_file else ""
        raise click.UsageError(
            f"--preset {preset}{where} sets the shop's own file type, bleed, dpi and colour; "
            f"leave out {', '.join(given)}{also}"
        )
    return preset


def _print_export_report(report) -> None:
    """The export summary on stdout: what was written, where, at which dpi and size, and
    pdf-single's colour mode."""
    from pnp.render.cmyk import described

    w, path = report.written, one_line(str(report.path))
    if report.preset is not None:
        _print_preset_report(report)
    elif report.format == "pdf-single":
        echo(
            f"{report.game}: {plural(report.copies, 'card')}, one face a page, each front "
            f"followed by its back"
        )
        echo(
            f"  {path}  ({plural(w.pages, 'page')} of trim + {report.bleed_mm:g} mm bleed, "
            "no crop marks)",
            exact=True,
        )
        echo(f"  colour: {described(report.colour)}")
    elif report.format == "png":
        echo(
            f"{report.game}: {plural(report.copies, 'card')} as PNG at {w.dpi} dpi, "
            f"{w.card_px[0]}x{w.card_px[1]} px a card (trim + {report.bleed_mm:g} mm bleed)"
        )
        echo(
            f"  {path}  ({plural(w.files, 'file')}: {report.copies:,} fronts, "
            f"{w.files - report.copies:,} backs; {plural(w.pages, 'distinct face')} "
            "rasterised)",
            exact=True,
        )
    else:
        lowered = (
            f", lowered from {report.dpi} so every sheet fits 4096 px" if w.dpi < report.dpi else ""
        )
        echo(
            f"{report.game}: {plural(report.copies, 'card')} as "
            f"{plural(len(w.decks), 'Tabletop Simulator deck')} at {w.dpi} dpi{lowered}, "
            f"{w.card_px[0]}x{w.card_px[1]} px a card (trim, no bleed)"
        )
        for deck in w.decks:
            grids = ", ".join(f"{c}x{r}" for c, r in deck.grids)
            echo(
                f"  {deck.label}: {plural(deck.copies, 'card')} on "
                f"{plural(len(deck.grids), 'sheet')} ({grids}) and a back"
            )
        echo(f"  {path}  ({plural(w.files, 'file')})", exact=True)
        echo(
            f"  {one_line(str(report.path / w.save))}  (load it from Tabletop Simulator's "
            "Saved Objects)",
            exact=True,
        )
    if w.no_back:
        blank = (
            "a blank page follows each front, so fronts stay on odd pages"
            if report.format == "pdf-single"
            else "no back file"
            if report.format == "png"
            else "a white back"
        )
        echo(f"  {plural(w.no_back, 'card')} printed without a back: {blank}")
    echo(f"  exported in {report.seconds:.2f} s")


def _press_line(shop, ink_limit: bool) -> str:
    """What a CMYK preset's PDF is: profile, PDF/X, and the ink limit or its check."""
    from pnp.render.cmyk import PROFILE_NAME

    pdfx = f"{shop.pdf_x}, output intent {PROFILE_NAME}" if shop.pdf_x else "not PDF/X"
    if shop.ink_limit is None:
        return f"CMYK for {PROFILE_NAME}; {pdfx}"
    limit = shop.ink_limit
    ink = f"under {limit} %" if ink_limit else f"checked against {limit} % (--ink-limit: under)"
    return f"CMYK for {PROFILE_NAME}; {pdfx}; total ink {ink}"


def _print_preset_report(report) -> None:
    """A shop preset's summary: shop, files, sizes, decks, and what the upload still needs."""
    from pnp.presets import preset

    shop, w, path = preset(report.preset), report.written, one_line(str(report.path))
    trim = f"trim + {shop.bleed_mm:g} mm bleed, {shop.safe_mm:g} mm safe zone"
    if shop.files == "pdf":
        echo(
            f"{report.game}: {plural(report.copies, 'card')} for {shop.shop}, one face a "
            f"page, each front followed by its back ({trim}, {shop.colour.upper()})"
        )
        echo(f"  {path}  (cards.pdf: {plural(w.pages, 'page')}; UPLOAD.txt)", exact=True)
        echo(f"  colour: {_press_line(shop, report.ink_limit)}")
    else:
        echo(
            f"{report.game}: {plural(report.copies, 'card')} for {shop.shop} as PNG at "
            f"{w.dpi} dpi, {w.card_px[0]}x{w.card_px[1]} px a card ({trim}, sRGB)"
        )
        echo(f"  {path}  ({plural(w.files, 'file')}; UPLOAD.txt)", exact=True)
        for folder, files, copies in w.folders:
            echo(
                f"  {folder}/: {plural(files, 'file')} for {plural(copies, 'card')}, quantities.csv"
            )
    echo("  still to do before uploading (UPLOAD.txt says where the numbers come from):")
    for need in shop.still_needs:
        echo(f"  - {need}")
