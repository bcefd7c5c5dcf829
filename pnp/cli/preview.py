"""`pnp preview`: one card's front or back as a PNG (pnp.preview), its path printed on
stdout, without writing the kit; `--cards` draws several, a PNG and a line each; `--open`
shows it in the system's image viewer and `--watch` draws it again whenever a file of
the game's folder changes."""

from __future__ import annotations

from dataclasses import replace

import click

from pnp.cli.base import (
    BLEED_MM,
    CARD_SIZE,
    DPI,
    GAME,
    Failure,
    error_lines,
    folder,
    ink_saver_option,
    out_option,
    show_warnings,
)
from pnp.cli.completion import complete_card_ids, complete_game_ids
from pnp.cli.languages import lang_option, languages_named
from pnp.cli.picks import cards_option
from pnp.cli.watching import show_failure, watch_option
from pnp.core.errors import PnpError
from pnp.core.shown import listed, plural, quoted
from pnp.core.terminal import echo, one_line
from pnp.core.units import DEFAULT_DPI, MAX_DPI, MIN_DPI
from pnp.layout.imposition import DEFAULT_BLEED_MM


def _game_option(f):
    from pnp.core.games import game_ids

    return click.option(
        "--game",
        "-g",
        "game",
        type=GAME,
        required=True,
        shell_complete=complete_game_ids,
        help=f"Game id: {', '.join(game_ids())}, or a data-only game's folder in --data.",
    )(f)


@click.command()
@_game_option
@click.option(
    "--card",
    "card_id",
    default=None,
    metavar="ID",
    shell_complete=complete_card_ids,
    help="The card's id.",
)
@cards_option("Draw")
@click.option(
    "--deck",
    metavar="DECK",
    default=None,
    help="The deck (its id or name) whose back --back draws, for a card printed in "
    "several decks with different backs, and whose emblem a Hack Back front carries "
    "(default: the first deck printing it).",
)
@click.option("--back", is_flag=True, help="Draw the card's back instead of its front.")
@click.option(
    "--dpi",
    type=DPI,
    default=DEFAULT_DPI,
    show_default=True,
    help=f"Pixels per inch of the image ({MIN_DPI}..{MAX_DPI}).",
)
@out_option("Output folder (the image goes to DIR/<game>/preview/).")
@click.option("--open", "open_it", is_flag=True, help="Open the image in the system's viewer.")
@click.option(
    "--data",
    "data_dir",
    callback=folder,
    metavar="DIR",
    default=None,
    help="Card data folder holding <game>/ (default: the data each game ships with).",
)
@click.option(
    "--card-size",
    type=CARD_SIZE,
    default=None,
    help="Card trim size: one the game's game.toml card_sizes names (default: the game's).",
)
@ink_saver_option("Draw")
@click.option(
    "--bleed",
    type=BLEED_MM,
    default=DEFAULT_BLEED_MM,
    show_default=True,
    help="Bleed in mm around the card.",
)
@lang_option(
    "Draw the card in this language, one game.toml's `languages` declares (the image goes "
    "to DIR/<game>/LANG/preview/; default: the first).",
    every=False,
)
@watch_option("Draw the card again")
def preview(
    game,
    card_id,
    cards,
    deck,
    back,
    dpi,
    out_dir,
    open_it,
    data_dir,
    card_size,
    ink_saver,
    bleed,
    lang,
    watch,
) -> None:
    """Draw one card's front (or --back) as a PNG, as every output draws it, and print
    its path; --cards draws each card chosen. The kit is not written."""
    from pnp.cli.defaults import announce
    from pnp.preview import PreviewOptions, previews

    if (card_id is None) == (cards is None):
        raise click.UsageError(
            "name one card with --card ID, or several with --cards ID,ID,GLOB"
            if card_id is None
            else "use --card ID or --cards ID,ID,GLOB, not both"
        )
    announce(err=True)  # stdout is the images' paths alone

    options = PreviewOptions(
        game, card_id or "", deck, back, dpi, out_dir, data_dir, card_size, ink_saver, bleed
    )
    if lang is not None:  # a usage error for a language the game does not declare
        from pnp.build import find_kit, game_folder

        folder = game_folder(find_kit(game, data_dir), data_dir)
        options = replace(options, lang=languages_named(game, folder, lang, every=False)[0])
    opened = [not open_it]  # open the image once, the first time it is written

    def one(_game: str) -> None:
        reports = previews(options, cards or ())
        for report in reports:
            _show(report)
        if reports[0].elsewhere:  # the same count for every card: said once
            echo(elsewhere(reports[0].game, reports[0].elsewhere), err=True)
        if not opened[0]:  # the first image only
            opened[0] = True
            note = open_in_viewer(reports[0].path)
            if note:
                echo(f"Note: {one_line(note)}", err=True, exact=True)

    def _show(report) -> None:
        echo(one_line(str(report.path)), exact=True)
        show_warnings(report.warnings)
        if report.other_backs and deck is None:
            echo(
                f"Note: the back of deck {quoted(report.back)}; card {quoted(report.card_id)} "
                f"is printed with other backs too ({listed(report.other_backs)}): --deck "
                "chooses",
                err=True,
            )

    if watch:
        from pnp.build import find_kit, game_folder
        from pnp.cli.watching import watch_games

        kit = find_kit(game, data_dir)
        watch_games({kit.id: game_folder(kit, data_dir)}, one, out_dir, _failed)
        return
    try:
        one(game)
    except PnpError as exc:
        raise Refused(exc) from None


def elsewhere(game: str, count: int) -> str:
    """The line counting the problems of the rest of the data, which do not stop the
    preview (the other faces are not laid out, so their problems are not among them)."""
    return (
        f"Note: {plural(count, 'problem')} elsewhere in {game}'s data, and the other "
        f"faces were not checked: `pnp validate --game {game}` checks everything"
    )


class Refused(Failure):
    """A preview that failed: its error lines, then the count of the problems found in
    the rest of the data when the face itself was refused."""

    def __init__(self, exc: PnpError):
        super().__init__(error_lines(exc))
        self.elsewhere, self.game = getattr(exc, "elsewhere", 0), getattr(exc, "game", "")

    def show(self, file=None) -> None:
        super().show(file)
        if self.elsewhere:
            echo(elsewhere(self.game, self.elsewhere), err=True)


def _failed(game: str, exc: PnpError) -> None:
    """A failed preview while watching: its error lines, then the count of the others."""
    show_failure(game, exc)
    count = getattr(exc, "elsewhere", 0)
    if count:
        echo(elsewhere(game, count), err=True)


def open_in_viewer(path) -> str | None:
    """Open the image at `path` in the system's viewer without waiting for it:
    os.startfile on Windows, `open` on macOS, `xdg-open` elsewhere. None when the viewer
    was started, else one line saying why not (no viewer installed, or it could not be
    started); a missing viewer is not an error."""
    import os
    import shutil
    import subprocess
    import sys

    if sys.platform == "win32":
        try:
            os.startfile(path)
        except OSError as exc:
            return f"the preview could not be opened ({exc.strerror or exc}); it is at {path}"
        return None
    command = "open" if sys.platform == "darwin" else "xdg-open"
    found = shutil.which(command)
    if found is None:
        return f"no image viewer to open it with ({command} was not found); it is at {path}"
    try:
        subprocess.Popen(
            [found, str(path)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
    except OSError as exc:
        return f"{command} could not be started ({exc.strerror or exc}); the preview is at {path}"
    return None
