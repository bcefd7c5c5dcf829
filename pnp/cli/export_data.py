"""`pnp export-data`: a game's flat card tables written out as CSV files for a
spreadsheet (pnp.export_data), with the `[tables]` lines that read them back and a line
for each table that stays in TOML."""

from __future__ import annotations

import click

from pnp.cli.base import WRITTEN, chosen_games, for_each_game, game_options, out_option
from pnp.core.shown import plural
from pnp.core.terminal import echo, one_line


@click.command("export-data")
@game_options
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["csv"]),
    default="csv",
    show_default=True,
    help="csv: one CSV file per flat card table (UTF-8, a header row of field names).",
)
@out_option("Output folder (files go to DIR/<game>/csv/).")
def export_data(game, all_games, data_dir, output_format, out_dir) -> None:
    """Write a game's card tables as CSV files for a spreadsheet; name each table that
    cannot be one (nested fields) and stays in TOML."""
    from pnp.export_data import export_data as run_export_data

    def one(name: str) -> None:
        report = run_export_data(name, data_dir, out_dir)
        click.get_current_context().meta[WRITTEN] = report.path is not None
        _print_report(report)

    for_each_game(chosen_games(game, all_games), one)


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
