"""`pnp build`: the print-and-play kit (cards.pdf, rules.pdf, booklet.pdf and the aids)
from one game's card data; parses the options, calls pnp.build, prints the summary."""

from __future__ import annotations

import math
from dataclasses import replace

import click

from pnp.cli.base import (
    BACK_OFFSET_MM,
    BLEED_MM,
    CARD_SIZE,
    CORNERS_MM,
    DUPLEX,
    GAP_MM,
    LAYOUT,
    MIN_MAX_DPI,
    PAPER,
    WRITTEN,
    InRange,
    for_each_game,
    game_options,
    ink_saver_option,
    out_option,
    show_warnings,
)
from pnp.cli.languages import lang_option, languages_for
from pnp.cli.picks import cards_option
from pnp.cli.watching import watch_option
from pnp.cli.which_games import chosen_games
from pnp.core.shown import listed, plural, quoted
from pnp.core.terminal import echo, one_line
from pnp.layout.imposition import DEFAULT_BLEED_MM, DEFAULT_GUTTER_MM, DEFAULT_MARGIN_MM, SheetSpec


@click.command()
@game_options
@click.option(
    "--paper",
    type=PAPER,
    default="a4",
    show_default=True,
    help="Paper: a named one or a custom WxH in mm (300x450mm).",
)
@click.option(
    "--card-size",
    type=CARD_SIZE,
    default=None,
    help="Card trim size: one the game's game.toml card_sizes names (all three "
    "games: poker, bridge, tarot, euro, jumbo; default the game's, poker 63.5 x 88.9 "
    "mm), by name or WxH in mm, -landscape turning it sideways.",
)
@click.option(
    "--bleed", type=BLEED_MM, default=DEFAULT_BLEED_MM, show_default=True, help="Bleed in mm."
)
@click.option(
    "--gutter",
    type=GAP_MM,
    default=DEFAULT_GUTTER_MM,
    show_default=True,
    help="Space between neighbouring cards' bleed edges, mm.",
)
@click.option(
    "--margin",
    type=GAP_MM,
    default=DEFAULT_MARGIN_MM,
    show_default=True,
    help="Printer margin kept clear at the paper edge, mm.",
)
@click.option("--crop-marks/--no-crop-marks", default=True, show_default=True)
@click.option(
    "--corners",
    type=CORNERS_MM,
    default=None,
    metavar="MM",
    help="Cut guides with corners rounded to this radius, mm (0..10; 0: square; "
    "default: the card size's, 3 for poker, else square); faces keep what matters "
    "clear of them.",
)
@click.option(
    "--layout",
    type=LAYOUT,
    default="grid",
    show_default=True,
    help="grid: fronts on a page, their backs on the next (--duplex); gutterfold: each "
    "front beside its back on one single-sided page, to fold in half and glue.",
)
@click.option(
    "--deck-sheets",
    is_flag=True,
    help="Start every deck or pile (and the player "
    "aids) on a fresh sheet; by default they share sheets, each back behind its "
    "own front.",
)
@click.option(
    "--duplex",
    type=DUPLEX,
    default="long",
    show_default=True,
    help="long: flip on the long edge; short: short edge; none: fronts only.",
)
@click.option(
    "--back-offset",
    nargs=2,
    type=BACK_OFFSET_MM,
    default=(0.0, 0.0),
    show_default=True,
    metavar="DX DY",
    help="Shift back pages by DX, DY mm (right, up) for printer drift.",
)
@out_option("Output folder.")
@click.option(
    "--deck-format",
    "--format",
    "deck_format",
    type=click.Choice(["individual", "shared"]),
    default=None,
    help="For games with several decks: one deck per player (default) or one "
    "shared deck (the same option as export's and simulate's; --format is "
    "its older name).",
)
@click.option(
    "--players",
    type=InRange(-math.inf, math.inf, integer=True),
    default=None,
    help="For games with several decks: print decks for this many players (default: every deck).",
)
@ink_saver_option("Print")
@click.option(
    "--max-dpi",
    type=InRange(MIN_MAX_DPI, 2400),
    default=None,
    metavar="DPI",
    help="Downsample card art that would print at more pixels per inch than "
    f"this ({MIN_MAX_DPI:g}..2400; default: every image as it is).",
)
@cards_option("Print only")
@lang_option(
    "Print the kit in this language, one game.toml's `languages` declares (its texts from "
    "translations/LANG.csv or .toml, its rulebook from rulebook.LANG.md), into "
    "OUT/<game>/LANG/; all: each language, the first into OUT/<game>/ (default: the first)."
)
@watch_option("Rebuild the kit")
def build(
    game,
    all_games,
    data_dir,
    paper,
    card_size,
    bleed,
    gutter,
    margin,
    crop_marks,
    corners,
    layout,
    deck_sheets,
    duplex,
    back_offset,
    out_dir,
    deck_format,
    players,
    ink_saver,
    max_dpi,
    cards,
    lang,
    watch,
) -> None:
    """Build the print-and-play kit: cards.pdf, rules.pdf and booklet.pdf (again on
    every change to the game's files with --watch)."""
    from pnp.build import BuildOptions
    from pnp.build import build as run_build
    from pnp.cli.defaults import announce

    announce()

    layout, duplex, back_offset = layout_and_duplex(layout, duplex, tuple(back_offset))
    spec = SheetSpec(
        paper=paper,
        bleed_mm=bleed,
        gutter_mm=gutter,
        margin_mm=margin,
        duplex=duplex,
        back_offset_mm=back_offset,
        crop_marks=crop_marks,
        deck_sheets=deck_sheets,
        layout=layout,
        corners_mm=corners,
    )

    def one(name: str) -> None:
        options = BuildOptions(
            name,
            spec,
            card_size,
            data_dir,
            out_dir,
            deck_format,
            players,
            ink_saver,
            max_dpi,
            cards=cards or (),
        )
        for chosen in languages[name]:  # each checked first (languages_for)
            done(run_build(replace(options, lang=chosen)))

    def done(report) -> None:
        click.get_current_context().meta[WRITTEN] = True
        _print_report(report, spec)
        show_warnings(report.warnings)

    games = chosen_games(game, all_games, data_dir)
    languages = languages_for(games, data_dir, lang)
    if watch:
        from pnp.build import find_kit, game_folder
        from pnp.cli.watching import watch_games

        watch_games({g: game_folder(find_kit(g, data_dir), data_dir) for g in games}, one, out_dir)
        return
    for_each_game(games, one)


def layout_and_duplex(
    layout: str, duplex: str, back_offset: tuple[float, float]
) -> tuple[str, str, tuple[float, float]]:
    """(layout, duplex, back offset) to build with. A gutterfold sheet prints one side
    with each back beside its front, so a typed `--duplex` or `--back-offset` with a
    typed `--layout gutterfold` is a usage error; either typed gives way to the other
    set in a pnp.toml: the file's `layout` to a typed --duplex or --back-offset, its
    `duplex` and `back_offset` to a typed --layout (then single-sided, no offset)."""
    from click.core import ParameterSource

    ctx = click.get_current_context()
    typed = {
        name: ctx.get_parameter_source(name) is ParameterSource.COMMANDLINE
        for name in ("layout", "duplex", "back_offset")
    }
    if layout != "gutterfold":
        return layout, duplex, back_offset
    duplexed = [f"--{n.replace('_', '-')}" for n in ("duplex", "back_offset") if typed[n]]
    if duplexed and typed["layout"]:
        raise click.UsageError(
            f"{' and '.join(duplexed)} cannot go with --layout gutterfold: its sheets print "
            "on one side, each back beside its front (print single-sided, then fold)"
        )
    if duplexed:  # the file's gutterfold gives way to the duplex options typed
        return "grid", duplex, back_offset
    return layout, "none", (0.0, 0.0)


def _print_report(report, spec: SheetSpec) -> None:
    g = report.grid
    total = sum(report.counts.values())
    echo(
        f"{report.game}: {total} cards — "
        + ", ".join(f"{n} {kind}" for kind, n in report.counts.items())
    )
    duplex = {
        "long": "duplex, flip on long edge",
        "short": "duplex, flip on short edge",
        "none": "single-sided, fronts only",
    }[spec.duplex]
    if report.chosen:
        echo(f"  only the cards --cards chose: {one_line(listed(report.chosen, 6))}", exact=True)
    if report.fold is not None:
        f = report.fold
        echo(
            f"  {f.across}x{f.down} cards per {spec.paper} sheet"
            f"{' (turned sideways)' if f.sideways else ''}, each beside its back, "
            f"{report.sheets} sheets, single-sided: fold on the dashed line, glue, cut"
        )
    else:
        echo(f"  {g.cols}x{g.rows} cards per {spec.paper} sheet, {report.sheets} sheets, {duplex}")
    for path in report.paths:
        n = report.pages[path.name]
        echo(f"  {one_line(str(path))}  ({plural(n, 'page')})", exact=True)
    if report.images:
        echo(f"  art: {plural(report.images, 'distinct image')} embedded, each once")
    for file in report.generated_bleed:
        echo(
            f"  art: {one_line(quoted(file))} has no bleed of its own; its edges were "
            "extended to make one",
            exact=True,
        )
    echo(f"  built in {report.seconds:.2f} s")
