"""`pnp export-data`: a game's flat card tables written out as CSV files for a
spreadsheet (pnp.export_data), with the `[tables]` lines that read them back and a line
for each table that stays in TOML."""

from __future__ import annotations

import shlex
from pathlib import Path

import click

from pnp.cli.base import WRITTEN, for_each_game, game_options, out_option, show_warnings
from pnp.cli.languages import lang_option
from pnp.cli.which_games import chosen_games
from pnp.core.shown import plural
from pnp.core.terminal import echo, one_line


@click.command("export-data")
@game_options
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["csv", "folder"]),
    default="csv",
    show_default=True,
    help="csv: one CSV file per flat card table (UTF-8, a header row of field names); "
    "folder: a copy of the game's whole data folder to edit, built with --data DIR.",
)
@out_option(
    "Output folder (csv: files go to DIR/<game>/csv/, a translator's sheet to "
    "DIR/<game>/translations/LANG.csv; folder: to DIR/<game>/)."
)
@lang_option(
    "With --format csv: write the translator's sheet of this language instead (id, "
    "field, source, translation, status: every printed text and its translation so far); "
    "pnp import-translations reads it back.",
    every=False,
)
def export_data(game, all_games, data_dir, output_format, out_dir, lang) -> None:
    """Write a game's card tables as CSV files for a spreadsheet, naming each table that
    cannot be one (nested fields) and stays in TOML; or, with --format folder, copy the
    game's whole data folder (a shipped game's too) to edit and build with --data."""
    from pnp.export_data import copy_game
    from pnp.export_data import export_data as run_export_data

    def copy(name: str) -> None:
        done = copy_game(name, data_dir, out_dir)
        click.get_current_context().meta[WRITTEN] = True
        echo(
            f"{done.game}: copied {plural(done.files, 'file')} to {one_line(str(done.path))}",
            exact=True,
        )
        echo(
            f"  edit it, then: pnp build --game {done.game} --data {shlex.quote(str(out_dir))}",
            exact=True,
        )

    def one(name: str) -> None:
        report = run_export_data(name, data_dir, out_dir)
        click.get_current_context().meta[WRITTEN] = report.path is not None
        _print_report(report)

    def sheet(name: str) -> None:
        from pnp.build import find_kit, game_folder
        from pnp.translation_sheet import write_sheet

        kit = find_kit(name, data_dir)
        folder = game_folder(kit, data_dir)
        _translated_into(kit.id, folder, lang)
        path, rows, done = write_sheet(folder, lang, out_dir / kit.id)
        click.get_current_context().meta[WRITTEN] = True
        echo(
            f"{kit.id}: wrote the {lang} translator's sheet {one_line(str(path))}: "
            f"{plural(rows, 'text')}, {done} translated",
            exact=True,
        )
        echo(
            f"  fill in its translation column, then: pnp import-translations --game {kit.id}"
            f"{_data(data_dir)} --lang {lang} {shlex.quote(str(path))}",
            exact=True,
        )

    if lang is not None and output_format != "csv":
        raise click.UsageError("--lang writes a translator's sheet: it goes with --format csv")
    run = sheet if lang is not None else copy if output_format == "folder" else one
    for_each_game(chosen_games(game, all_games, data_dir), run)


@click.command("import-translations")
@game_options
@lang_option("The language the sheet translates into (one game.toml declares).", every=False)
@click.argument("sheet", type=click.Path(dir_okay=False, path_type=Path))
def import_translations(game, all_games, data_dir, lang, sheet) -> None:
    """Read a translator's sheet (a CSV file `pnp export-data --lang LANG --format csv`
    wrote, filled in) back into the game's folder as translations/LANG.csv, after
    checking every row; or a translated rulebook (a .md file) as rulebook.LANG.md,
    recorded as translating today's rulebook.md block by block. Then `pnp validate
    --lang LANG` checks the translation."""
    from pnp.build import find_kit, game_folder
    from pnp.translation_sheet import import_rulebook, import_sheet

    if lang is None:
        raise click.UsageError("name the sheet's language: --lang LANG")
    if all_games:
        raise click.UsageError("a sheet holds one game's texts: name it with --game")

    def one(name: str) -> None:
        kit = find_kit(name, data_dir)
        folder = game_folder(kit, data_dir)
        _translated_into(kit.id, folder, lang)
        if sheet.suffix.lower() == ".md":
            path, done, warnings = import_rulebook(folder, lang, sheet)
            show_warnings(warnings)
            echo(
                f"{kit.id}: the {lang} rulebook ({done} blocks) written to "
                f"{one_line(str(path))}, as translating today's rulebook.md",
                exact=True,
            )
        else:
            path, done = import_sheet(folder, lang, sheet)
            echo(
                f"{kit.id}: {done} {lang} translations written to {one_line(str(path))}", exact=True
            )
        echo(
            f"  check them: pnp validate --game {kit.id}{_data(data_dir)} --lang {lang}", exact=True
        )

    for_each_game(chosen_games(game, False, data_dir), one)


def _translated_into(game: str, folder, lang: str) -> None:
    """A usage error (exit 2) unless `lang` is a language the game in `folder` is
    translated into: declared (pnp.cli.languages.languages_named, with a hint for
    another case) and not its source."""
    from pnp.cli.languages import languages_named
    from pnp.in_language import is_source

    languages_named(game, folder, lang, every=False)
    if is_source(folder, lang):
        raise click.UsageError(
            f"--lang: {game}: {lang} is the game's source language: a translation sheet "
            "is for each of the others"
        )


def _data(data_dir) -> str:
    """` --data DIR` for a command a hint prints, when the data is not the shipped."""
    return f" --data {shlex.quote(str(data_dir))}" if data_dir is not None else ""


def _print_report(report) -> None:
    """What was written, where; the `[tables]` lines that read the files back; then one
    line for each table kept in TOML."""
    from pnp.data.aid import AID_SPEC

    if report.path is None:
        echo(f"{report.game}: no card table can be a CSV file; nothing written")
    else:
        echo(
            f"{report.game}: wrote {plural(len(report.written), 'table')} as CSV in "
            f"{one_line(str(report.path))}",
            exact=True,
        )
        width = max(len(t.file) for t in report.written)
        for t in report.written:
            echo(f"  {t.file:<{width}}  {plural(t.rows, 'row')}: {', '.join(t.columns)}")
        inside = report.in_game_folder()
        if report.declared:  # a data-only game names each table's file in game.toml
            echo("  to read them instead: copy them into the game's folder and, in its game.toml,")
            for t in report.written:
                where = t.file if inside is None else f"{inside}/{t.file}"
                key = (
                    "aids"
                    if t.table == AID_SPEC.table
                    else f"file (of the [[tables]] named {t.table!r})"
                )
                echo(f'    set {key} = "{where}"')
            echo("  then remove their TOML files")
        elif inside is None:
            echo("  to read them instead: copy them into the game's folder, add to its game.toml")
        else:
            echo("  to read them instead: add to the game's game.toml")
        if not report.declared:
            echo("    [tables]")
            for t in report.written:
                echo(f'    {t.table} = "{t.file if inside is None else f"{inside}/{t.file}"}"')
            echo("  and remove those tables from their TOML files")
    for kept in report.kept:
        echo(f"  not written: {kept.header} ({kept.file}): {kept.reason}; it stays in TOML")
