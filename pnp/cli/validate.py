"""`pnp validate`: every check of the card data and every face, without building."""

from __future__ import annotations

from dataclasses import replace

import click

from pnp.cli.base import (
    CARD_SIZE,
    CORNERS_MM,
    PRESET,
    for_each_game,
    game_options,
    ink_saver_option,
    show_warnings,
)
from pnp.cli.languages import lang_option
from pnp.cli.which_games import chosen_games
from pnp.core.errors import DataError, errors_only
from pnp.core.terminal import echo


@click.command()
@game_options
@click.option(
    "--card-size",
    type=CARD_SIZE,
    default=None,
    help="Check the faces on this card size (default: the game's).",
)
@ink_saver_option("Check")
@click.option(
    "--corners",
    type=CORNERS_MM,
    default=None,
    metavar="MM",
    help="Check the faces for cards cut with corners of this radius, mm (0..10; default: "
    "the card size's, 3 for poker): what matters keeps the safe distance from the arcs.",
)
@click.option(
    "--preset",
    type=PRESET,
    default=None,
    help="Check against a print shop's preset (as `pnp export --preset`): its bleed "
    "(every ground on the trim must run through it), its safe zone, the card sizes "
    "it prints and, for a CMYK shop, its total-ink limit (a warning per card and picture "
    "over it).",
)
@lang_option(
    "Check the game's texts in this language (or all its languages): every text without "
    "a translation or with a stale one, and the translated faces, fitted and their glyphs "
    "checked on every card size game.toml declares (or --card-size's)."
)
def validate(game, all_games, data_dir, card_size, ink_saver, corners, preset, lang) -> None:
    """Check the card data and every card face without building; list every problem,
    exit 1 if any."""
    from pnp.build import BuildOptions, find_kit, frame_for, game_folder
    from pnp.cli.defaults import announce
    from pnp.layout.imposition import SheetSpec
    from pnp.presets import preset as find_preset
    from pnp.validate import validate as run_validate

    announce()
    shop = find_preset(preset) if preset else None
    ink = None
    if shop is not None and shop.ink_limit is not None:
        from pnp.render.ink_check import for_preset

        ink = for_preset(shop)

    def one(name: str) -> None:
        kit = find_kit(name, data_dir)
        game_dir = game_folder(kit, data_dir)
        spec = SheetSpec(corners_mm=corners)
        options = BuildOptions(name, spec, card_size, data_dir, ink_saver=ink_saver)
        if shop is not None:  # the shop's bleed and safe zone
            spec = replace(spec, bleed_mm=shop.bleed_mm)
            options = replace(options, spec=spec, safe_mm=shop.safe_mm)
        if lang is not None:
            _languages(kit, game_dir, options, card_size, lang)
            return
        make_frame = frame_for(options)

        def frame(data):
            if shop is not None:
                shop.size(card_size or data.info.card_size)
            return make_frame(data)

        data, _blocks, problems = run_validate(
            kit, game_dir, frame, bleed=shop is not None, ink=ink
        )
        errors, warnings = errors_only(problems)
        show_warnings(warnings)
        if errors:
            raise DataError(errors)
        assert data is not None  # loading failed only with errors
        total = sum(kit.summary(kit.print_groups(data)).values())
        fits = (
            f" for {shop.shop} ({shop.bleed_mm:g} mm bleed, {shop.safe_mm:g} mm safe zone, "
            f"{card_size or data.info.card_size} cards"
            + (f", total ink checked against {ink.limit} %" if ink is not None else "")
            + ")"
            if shop is not None
            else ""
        )
        echo(f"{kit.id}: OK{fits} — {len(kit.printed_cards(data))} distinct cards, {total} copies")

    games = chosen_games(game, all_games, data_dir)
    for name in games if lang is not None else ():  # a game without the language: exit 2
        from pnp.cli.languages import languages_named

        languages_named(name, game_folder(find_kit(name, data_dir), data_dir), lang)
    for_each_game(games, one)


def _languages(kit, folder, options, card_size, lang: str) -> None:
    """`pnp validate --lang`: each chosen language's problems (pnp.build_lang), one line
    each; DataError listing every language's errors, else one OK line per language."""
    from pnp.build_lang import validate_language
    from pnp.cli.languages import languages_named

    errors = []
    for chosen in languages_named(kit.id, folder, lang):
        sizes = (card_size,) if card_size else None
        data, problems = validate_language(kit, folder, chosen, options, sizes)
        found, warnings = errors_only(problems)
        show_warnings(warnings)
        errors += found
        if not found and data is not None:
            sized = ", ".join(sizes or data.info.card_sizes)
            echo(f"{kit.id} ({chosen}): OK — every text fits on {sized} cards")
    if errors:
        raise DataError(errors)
