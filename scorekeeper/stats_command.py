"""`scorekeeper stats`: the figures of scorekeeper.stats over every finished game of the
store, read in one transaction, each game as it stands (session.current: from its saved
state, so the logs are not replayed where a game keeps saved states), printed as text
or JSON, or written as CSV for a spreadsheet: whole or not at all to a file
(pnp.core.outfile), or printed with `--csv -`."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, Sequence

import click

from pnp.core.file_kinds import lookup_problem
from pnp.core.terminal import OutputLost, echo, echo_json
from scorekeeper import session
from scorekeeper.context import JSON, pass_ctx
from scorekeeper.errors import InputError, quoted
from scorekeeper.games import SHEET_PREFIX, playable
from scorekeeper.names import key, resolve
from scorekeeper.store import NoDatabase, Store, TableRow, belongs_to, shown_path
from scorekeeper.view import counted

if TYPE_CHECKING:  # imported when `stats` runs: every other command starts without them
    from scorekeeper import stats as figures


def read_games(store: Store) -> tuple[list[figures.Finished], list[TableRow]]:
    """(every finished game as a stats.Finished, the rows of the games still going on),
    oldest first, read in one read transaction: each game as it stands
    (session.current) and the time of each log's last row in one query
    (Store.last_times). StoreError (one line, as every command's) for a damaged game."""
    from scorekeeper import stats as figures

    finished: list[figures.Finished] = []
    unfinished: list[TableRow] = []
    with store.transaction(write=False):
        rows = session.games(store)
        last = store.last_times()
        for row in rows:
            table = session.current(store, row.id)
            game = figures.finished_game(table.row, table.game, table.state, last.get(row.id))
            if game is None:
                unfinished.append(row)
            else:
                finished.append(game)
    return finished, unfinished


def chosen_game(typed: str, stored: set[str]) -> str:
    """The stored game id that `--of` names: a registered game's id or alias (any case,
    pnp.core.games.resolve), else a data-only game's id with or without its "sheet:"
    prefix, among the points sheets of the store (`stored`: the stored ids). InputError
    listing the games for any other."""
    import pnp.core.games
    from pnp.core.errors import UnknownGame

    try:
        return pnp.core.games.resolve(typed)
    except UnknownGame:
        pass
    wanted = typed.strip().casefold()
    sheets = sorted(g for g in stored if g.startswith(SHEET_PREFIX))
    for sheet in sheets:
        if wanted in (sheet, sheet.removeprefix(SHEET_PREFIX)):
            return sheet
    known = [*playable(), *(s.removeprefix(SHEET_PREFIX) for s in sheets)]
    raise InputError(f"unknown game {quoted(typed, 40)}; known games: {', '.join(known)}")


def chosen_player(
    typed: str, finished: Sequence[figures.Finished], rows: Sequence[TableRow]
) -> str:
    """The player `--player` names among the players of the chosen games (finished and
    not), matched as at the table (scorekeeper.names.resolve: the same name in any
    case, or the only one it begins), spelt as at their newest finished game (else
    their newest game). InputError naming the players otherwise."""
    seated = [r.players for r in rows] + [g.players for g in finished]  # finished last
    spelt = {key(name): name for players in seated for name in players}
    return resolve(typed, sorted(spelt.values(), key=key))


def nothing_yet(any_game: bool, of: str | None, player: str | None, unfinished: int) -> str:
    """The one line for no finished game to count (exit 0)."""
    if not any_game:
        return "No games yet: start one with 'scorekeeper new GAME PLAYER...'."
    what = "No finished games" + (f" of {of}" if of else "") + (f" with {player}" if player else "")
    left = f" ({unfinished:,} unfinished left out)" if unfinished else ""
    return f"{what} yet{left}."


def write_csv(
    target: str,
    games: Sequence[figures.Finished],
    only: str | None,
    unfinished: int,
    store: Store | None,
) -> None:
    """Write stats.csv_rows of `games` (`only`: one player's rows, by names.key): to
    stdout for "-" (UTF-8, a line feed after each row; the games left out said on
    stderr), else to the file `target`, whole or not at all (pnp.core.outfile: a new
    file beside it renamed over it), UTF-8 with a byte-order mark so Excel reads it as
    UTF-8, CRLF after each row; then one line saying what was written. InputError for
    an empty name, a folder that does not exist (none is made, as for --db), the
    database file itself or one of its files (`store`: the open Store, or None;
    scorekeeper.store.belongs_to: its journals, its links' keys), or a file the disk
    refuses (the previous file, if any, unchanged)."""
    from pnp.core.errors import PnpError
    from pnp.core.outfile import write_whole
    from scorekeeper import stats as figures

    rows = figures.csv_rows(games, only)
    left = f"{counted(unfinished, 'unfinished game')} left out." if unfinished else ""
    if target == "-":
        try:
            click.echo(figures.csv_text(rows, "\n").encode("utf-8"), nl=False)  # bytes as they are
        except OSError as exc:
            raise OutputLost(exc) from None
        if left:
            echo(left, err=True)
        return
    if not target.strip():
        raise InputError("--csv needs a file name (or - to print the CSV)")
    path = Path(target)
    shown = shown_path(path)
    if why := lookup_problem(path.parent) or lookup_problem(path):
        raise InputError(f"cannot write {shown}: {why}")
    if not path.parent.is_dir():
        raise InputError(
            f"cannot write {shown}: its folder {shown_path(path.parent)} does not exist"
        )
    if store is not None and belongs_to(path, Path(store.path)):
        raise InputError(
            f"cannot write {shown}: it is the score keeper's database or one of its files"
        )
    data = figures.csv_text(rows).encode("utf-8-sig")

    def write(stream: BinaryIO) -> None:
        stream.write(data)

    try:
        write_whole(path, write)
    except PnpError as exc:
        raise InputError(str(exc)) from None
    echo(
        f"Wrote {counted(len(games), 'finished game')} ({counted(len(rows), 'row')}) to {shown}.",
        exact=True,
    )
    if left:
        echo(left)


@click.command()
@click.option(
    "--of",
    "of",
    metavar="GAME",
    help="Only the games of GAME: a game id or alias, or a data-only game's id (dice-night).",
)
@click.option(
    "--player",
    metavar="NAME",
    help="Only the games NAME played, and NAME's numbers (any case, or a unique start).",
)
@click.option(
    "--csv",
    "csv_file",
    metavar="FILE",
    help="Write the finished games to FILE as CSV, one row per player per game (- prints it).",
)
@JSON
@pass_ctx
def stats(ctx, of, player, csv_file, as_json) -> None:
    """Across evenings: each player's games played, won outright and shared, and win
    rate, per game and overall; each game's shared results, ties and average length.
    Counts finished games only, and says how many unfinished ones it left out."""
    if csv_file is not None and as_json:
        raise click.UsageError("--csv and --json do not go together: choose one")
    try:
        finished, unfinished = read_games(ctx.reader)
    except NoDatabase:
        finished, unfinished = [], []
    any_game = bool(finished or unfinished)
    stored = {g.game for g in finished} | {r.game for r in unfinished}
    chosen = chosen_game(of, stored) if of is not None else None
    if chosen is not None:
        finished = [g for g in finished if g.game == chosen]
        unfinished = [r for r in unfinished if r.game == chosen]
    name = None
    if player is not None and (finished or unfinished):
        name = chosen_player(player, finished, unfinished)
        finished = [g for g in finished if any(key(p) == key(name) for p in g.players)]
        unfinished = [r for r in unfinished if any(key(p) == key(name) for p in r.players)]
    only = key(name) if name is not None else None
    if csv_file is not None:
        write_csv(csv_file, finished, only, len(unfinished), ctx.opened)
        return
    from scorekeeper import stats as figures

    result = figures.summary(finished, len(unfinished), chosen, name)
    if as_json:
        echo_json(result)
    elif not finished:
        echo(nothing_yet(any_game, chosen, name or player, len(unfinished)))
    else:
        for line in figures.lines(result):
            echo(line)
