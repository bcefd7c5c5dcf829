"""What the web page shows of a table, read from the store as the CLI reads it: the
standing (the game's Board, scorekeeper.board), the variants chosen, the last actions in
words with what the rules did by themselves, the explained result once the game is over
(tie-breakers included: scorekeeper.view.outcome_lines), the verbs' forms, and the
games in the file. Pure reading: nothing here writes."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

import click

from scorekeeper import session
from scorekeeper.board import Board, board_of, unstyled
from scorekeeper.errors import ScoreError
from scorekeeper.game import variant_lines
from scorekeeper.games import find_game
from scorekeeper.report import history_entries, history_line
from scorekeeper.store import Store, TableRow
from scorekeeper.view import head_line, local_time, outcome_lines
from scorekeeper.web.forms import Form, form_of
from scorekeeper.web.runner import LOCK

#: How many of the last actions the page lists, newest first.
RECENT = 8


class Recent(NamedTuple):
    """One action in force: its number in the game, its line as `history` prints it
    (scorekeeper.report.history_line), and the automatic notes."""

    n: int
    text: str
    notes: tuple[str, ...]


class Page(NamedTuple):
    """One table as the page shows it. `row`: its row in the store; `name`: the game's
    printed name; `status`: rules.status's dict with "id" and "variants", as `status
    --json` prints it; `board`; `variants`: a line per variant chosen; `recent`;
    `result`: the explained result once over, else () ; `standing`: who would win now
    (its head line) while the game goes on; `forms`: the game's verbs' forms; `undo`
    and `redo`: whether there is something to take back or bring back; `view`: the
    status table as the CLI prints it (unstyled lines); `logged`: the rows of its log
    (actions, undos, redos), which every move changes."""

    row: TableRow
    name: str
    status: dict
    board: Board
    variants: tuple[str, ...]
    recent: tuple[Recent, ...]
    result: tuple[str, ...]
    standing: str
    forms: tuple[Form, ...]
    undo: bool
    redo: bool
    view: tuple[str, ...] = ()
    logged: int = 0

    @property
    def head(self) -> str:
        """The board's head line without the game's name and number, which the page's
        heading shows: "Turn 3: Ben's turn" for "Hack Attack: Defense — game 1, turn
        3: Ben's turn"."""
        prefix = f"{self.name} — game {self.row.id}"
        head = self.board.head
        if head.startswith(prefix) and len(head) > len(prefix) + 2:
            head = head[len(prefix) :].lstrip(",: ")
        return head[:1].upper() + head[1:]


def _view_lines(spec, row: TableRow, status: dict) -> list[str]:
    """The status table as the CLI prints it after a move (report.show_status), unstyled."""
    lines = spec.view(row.id, spec.name, status)
    lines[1:1] = variant_lines(spec.variants, row.variants, rule=False)
    return unstyled(lines)


def reported(lines: tuple[str, ...], after: Page | None) -> tuple[str, ...]:
    """What a command said of its move (`lines`), without the status table it printed
    last (`after.view`) or the result it printed when the move ended the game (from
    its head line on, and the automatic notes it repeats): the page shows both."""
    shown = after.view if after is not None else ()
    if shown and lines[-len(shown) :] == shown:
        return lines[: -len(shown)]
    if after is not None and after.result and after.result[0] in lines:
        said = lines[: lines.index(after.result[0])]  # the Result box says the rest,
        return tuple(line for line in said if line.removeprefix("automatic: ") not in after.result)
    return lines


class Listed(NamedTuple):
    """A game in the file, for the page's list: id, the game's printed name, players,
    start (local time)."""

    id: int
    game: str
    players: tuple[str, ...]
    started: str


def read_page(cli: click.Group, db: Path, game_id: int | None) -> Page | None:
    """The table `game_id` (the newest when None) of the database `db`, its forms read
    off the verbs with `cli` (scorekeeper.cli.main) as their parent command; None if
    the file has no game yet (or does not exist). ScoreError (InputError for no such
    game, StoreError for a damaged file) as the CLI's."""
    with LOCK:
        store = _open(db)
        if store is None:
            return None
        try:
            with store.transaction(write=False):
                if not store.games():
                    return None
            table = session.load(store, game_id)
        finally:
            store.close()
    rules, spec = table.game.rules, table.game
    status = {"id": table.row.id, **rules.status(table.state), "variants": table.row.variants}
    outcome = rules.outcome(table.state)
    result = tuple(unstyled(outcome_lines(outcome, explain=True))) if outcome else ()
    standing = "" if outcome else click.unstyle(head_line(rules.standing(table.state), False))
    root = click.Context(cli, info_name="scorekeeper")
    root.params = {"db": db, "game_id": table.row.id}
    players = table.row.players
    recent = tuple(
        Recent(e["n"], history_line(e), tuple(e["automatic"]))
        for e in reversed(history_entries(table)[-RECENT:])
    )
    return Page(
        row=table.row,
        name=spec.name,
        status=status,
        board=board_of(spec, table.row.id, status),
        variants=tuple(variant_lines(spec.variants, table.row.variants, rule=False)),
        recent=recent,
        result=result,
        standing=standing,
        forms=tuple(form_of(verb, root, players, status["current"]) for verb in spec.verbs),
        view=tuple(_view_lines(spec, table.row, status)),
        logged=len(table.log),
        undo=bool(table.steps),
        redo=bool(table.undone),
    )


def listed_games(db: Path) -> tuple[Listed, ...]:
    """Every game in the database `db`, newest first (none if there is no file)."""
    with LOCK:
        store = _open(db)
        if store is None:
            return ()
        try:
            rows = session.games(store)
        finally:
            store.close()
    return tuple(
        Listed(r.id, _printed_name(r), tuple(r.players), local_time(r.created))
        for r in reversed(rows)
    )


def _printed_name(row: TableRow) -> str:
    """A stored table's game as printed ("Hack Back"; a points sheet's own name), else
    its id."""
    if row.sheet is not None:
        return row.sheet.name
    try:
        return find_game(row.game).name
    except ScoreError:
        return row.game


def changes(db: Path) -> tuple:
    """What changes whenever the page could (Store.changes); () while there is no file."""
    with LOCK:
        store = _open(db)
        if store is None:
            return ()
        try:
            with store.transaction(write=False):
                return store.changes()
        finally:
            store.close()


def _open(db: Path) -> Store | None:
    """The store at `db` for reading, None if there is no such file."""
    if not db.exists():
        return None
    try:
        return Store(db, create=False)
    except ScoreError:
        if not db.exists():
            return None
        raise
