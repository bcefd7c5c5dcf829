"""`scorekeeper check`: settle a described final table of any game (its `check` hook),
a data-only game's points sheet with --data; and `registered_or_hint`, which `new`
and `check` use to answer an unknown name with how a data-only game is named."""

from __future__ import annotations

import click

from pnp.core.terminal import echo_json
from scorekeeper.context import JSON, variant_option
from scorekeeper.errors import InputError
from scorekeeper.game import choose_variants, variant_lines
from scorekeeper.games import all_games, find_game
from scorekeeper.help_page import wrapped
from scorekeeper.layout import echo_lines
from scorekeeper.sheet_help import complete_game_ids
from scorekeeper.view import outcome_lines


def registered_or_hint(game: str):
    """`find_game(game)`; for a name no registered game has, its InputError also says
    how a data-only game is named (`--data DIR`), with the folder when ./GAME holds one."""

    try:
        return find_game(game)
    except InputError as exc:
        if not str(exc).startswith("unknown game"):
            raise
        hint = (
            f"; {game} here is a data-only game: add --data ."
            if _folder_here(game)
            else "; a data-only game needs --data DIR, the folder that holds its folder"
        )
        raise InputError(f"{exc}{hint}") from None


class CheckCommand(click.Command):
    """`check`, whose help ends with each game's entry notation, read from the game's
    `check` hook (its `notation`) when the help is shown."""

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """One paragraph per game with a `check` hook: "GAME: write NAME=...", wrapped."""
        from scorekeeper.sheets import template

        width = formatter.width - formatter.current_indent
        notations = [(game.id, getattr(game.check, "notation", None)) for game in all_games()]
        sheet = "a data-only game (--data DIR), its points sheet"
        for name, notation in [*notations, (sheet, getattr(template().check, "notation", None))]:
            if notation:
                formatter.write_paragraph()
                for line in wrapped(f"{name}: {notation}.", width):
                    formatter.write(f"{'':>{formatter.current_indent}}{line}\n")


@click.command(cls=CheckCommand)
@click.argument("game", shell_complete=complete_game_ids)
@click.argument("entries", nargs=-1, required=True)
@variant_option()
@click.option(
    "--data",
    "data_dir",
    metavar="DIR",
    help="GAME is the data-only game DIR/GAME/game.toml, settled as its points sheet: "
    "NAME=POINTS,POINTS,... round by round.",
)
@JSON
def check(game, entries, variants, as_json, data_dir) -> None:
    """Settle a finished table of GAME without replaying it: each ENTRY describes one
    player's final position in that game's notation (a wrong entry is answered with
    the notation expected). Needs no database. The winner or the tie comes first, then
    every check with its numbers; a table the rules cannot produce is refused with the
    rule (exit 1). A tie that the rules settle by playing on (Not a Hack's repeated
    hack-off) is shown as who shares the lead, with "final": false in --json. A table
    played with official variants names them (--variant), as `new` does. With --data
    DIR, GAME is a data-only game of DIR, settled as its points sheet."""
    if data_dir is not None:
        from scorekeeper.sheet_file import read_sheet
        from scorekeeper.sheets import sheet_game

        spec = sheet_game(read_sheet(data_dir, game))
    else:
        spec = registered_or_hint(game)
    if spec.check is None:
        raise InputError(f"scorekeeper check does not know {spec.name} tables yet")
    chosen = choose_variants(spec.variants, variants, spec.name)
    outcome = spec.settle(entries, chosen)
    final = outcome.termination is not None
    if as_json:
        echo_json({"final": final, **outcome.to_json(), "variants": chosen})
        return
    lines = outcome_lines(outcome, explain=True, final=final)
    lines[1:1] = variant_lines(spec.variants, chosen)
    echo_lines(lines)


def _folder_here(name: str) -> bool:
    """Whether the working folder holds NAME/game.toml (a name that is no game id,
    "../x" or one too long for a file name, is not looked for)."""
    from pathlib import Path

    from scorekeeper.sheets import id_problem

    if id_problem(name):
        return False
    try:
        return (Path(name) / "game.toml").is_file()
    except OSError:
        return False
