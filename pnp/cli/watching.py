"""`--watch` for the verbs that write a game's files (`pnp build`, `pnp preview`): the
work done once, then again whenever a file of the game's folder changes (pnp.watch),
with each run's problems printed as the verb prints them (`Error: ...` lines on stderr)
instead of ending the command, until Ctrl-C, which ends it with exit status 0 and one
line saying so."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import click

from pnp.cli.base import error_lines
from pnp.core.errors import PnpError
from pnp.core.shown import listed, quoted
from pnp.core.terminal import echo, one_line

#: stderr line once the folders are watched (tests wait for it before they edit a file)
WATCHING = "Watching {folders} for changes (Ctrl-C to stop)"
GOODBYE = "Stopped watching."


def watch_option(what: str):
    """The --watch flag of a verb; `what` says what is done again ("Rebuild the kit")."""
    return click.option(
        "--watch",
        is_flag=True,
        help=f"{what} whenever a file of the game's folder changes, until Ctrl-C; "
        "problems are printed and watching goes on.",
    )


def shown(path: Path) -> str:
    """A folder or file for the watch's lines: relative to the working folder when it
    lies inside it, else as given."""
    try:
        return str(Path(path).absolute().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def watch_games(
    folders: dict[str, Path],
    once: Callable[[str], None],
    out_dir: Path,
    failed: Callable[[str, PnpError], None] | None = None,
) -> None:
    """Run `once(game)` for every game of `folders` (game id -> its data folder), then
    again for each game one of whose files changed, until Ctrl-C; a PnpError of a run is
    printed (`failed(game, exc)`, by default its `error_lines` as `Error:` lines) and
    watching goes on. The output folder `out_dir` is not watched. Returns after GOODBYE
    on Ctrl-C (the command then ends with exit status 0); PnpError if a folder cannot be
    watched (it does not exist)."""
    from pnp.watch import watch

    report = failed or show_failure

    def run(changed: frozenset[Path]) -> None:
        games = [g for g, f in folders.items() if not changed or _touches(changed, f)]
        if changed:
            names = sorted({shown(p) for p in changed})
            echo(f"Changed: {one_line(listed(names, 4))}", err=True, exact=True)
        for game in games:
            try:
                once(game)
            except PnpError as exc:
                report(game, exc)

    def ready() -> None:
        places = ", ".join(one_line(shown(f)) for f in folders.values())
        echo(WATCHING.format(folders=places), err=True, exact=True)

    try:
        watch(list(folders.values()), run, lambda exc: None, ready, ignore=[out_dir])
    except KeyboardInterrupt:
        echo(GOODBYE, err=True)
    except OSError as exc:  # a game's folder gone before it is watched
        places = listed(quoted(shown(f)) for f in folders.values())
        raise PnpError(f"cannot watch {places}: {exc.strerror or exc}") from None


def show_failure(game: str, exc: PnpError) -> None:
    """`exc` as the verb would end with it, each line as `Error: ...` on stderr."""
    for line in error_lines(exc, game):
        echo(f"Error: {one_line(line)}", err=True, exact=True)


def _touches(changed: frozenset[Path], folder: Path) -> bool:
    import os

    root = os.path.abspath(folder)
    return any(os.path.abspath(p).startswith(root + os.sep) or str(p) == root for p in changed)
