"""What the web page shows of a table, read from the store through the library, as the
command line reads it: the standing (the game's Board, scorekeeper.board) with each
player's colour, the variants chosen, the moves legal now (scorekeeper.web.offer), the
last actions in words with what the rules did by themselves (one line each, details
on a tap), the explained result once the game is over (tie-breakers included:
scorekeeper.view.outcome_lines), and the games in the file. Pure reading: nothing here
writes. The store's per-process caches (scorekeeper.cache) are used by one thread at a
time: every reading and every move of the page holds `LOCK`."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Mapping, cast

import click

from pnp.core.records import NamedTuple
from scorekeeper import session
from scorekeeper.board import Board, board_of, unstyled
from scorekeeper.errors import ScoreError
from scorekeeper.game import Automatic, Game, variant_lines
from scorekeeper.games import find_game
from scorekeeper.store import Store, TableRow
from scorekeeper.view import head_line, local_time, outcome_lines
from scorekeeper.web.offer import Section, sections

#: Held while the page reads the database or records a move (see the module's text).
LOCK = threading.RLock()
#: How many of the last actions the page lists, newest first, and the history a page.
RECENT = 8
HISTORY_PAGE = 25


class Line(NamedTuple):
    """One action in force as the page lists it: its number `n` in the game, `when`
    ("Turn 2, Ben" or the phase before the first turn), its `text`
    (`rules.describe`), the `player` who made it (None: the table), and the `steps`
    the rules took by themselves after it (scorekeeper.game.Automatic)."""

    n: int
    when: str
    text: str
    player: str | None
    steps: tuple[Automatic, ...]


class Page(NamedTuple):
    """One table as the page shows it. `row`: its row in the store; `game`: its Game;
    `status`: rules.status's dict with "id", "variants" and "colours", as `status
    --json` prints it; `board`; `colours`: name -> colour; `variants`: a line per
    variant chosen; `recent`: the last actions (Line), newest first; `result`: the
    explained result once over, else (); `standing`: who would win now (its head line)
    while the game goes on; `sections`: the moves legal now (scorekeeper.web.offer);
    `undo` and `redo`: whether there is something to take back or bring back;
    `logged`: the rows of its log (actions, undos, redos), which every move changes;
    `games`: the games in the file (a new table or a rematch adds one). A form carries
    the first (a Rematch button the second), so a form of a table changed since is
    refused rather than recorded against what the table has become."""

    row: TableRow
    game: Game
    status: dict
    board: Board
    colours: dict[str, str]
    variants: tuple[str, ...]
    recent: tuple[Line, ...]
    result: tuple[str, ...]
    standing: str
    sections: tuple[Section, ...]
    undo: bool
    redo: bool
    logged: int = 0
    games: int = 0

    @property
    def name(self) -> str:
        """The game's printed name."""
        return self.game.name

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

    def colour_of(self, cells: tuple[str, ...]) -> str | None:
        """The colour of the player a board row is about: the first of its cells that is
        a seated player's name (a Hero's owner in Hack Back)."""
        return next((self.colours[c] for c in cells if c in self.colours), None)


class Listed(NamedTuple):
    """A game in the file, for the page's list: id, the game's printed name, players,
    start (local time)."""

    id: int
    game: str
    players: tuple[str, ...]
    started: str


class View(NamedTuple):
    """What one request of the page reads of the file, in one visit: the `page` (None:
    no game yet), the `problem` that kept it from being read ("" for none: its
    ScoreError's message, `error` the error), the `games` in the file (Listed, newest
    first), the names the file `known`s (newest game first) and the `seats` of its
    newest table (the players in their seats), for a new table to start from (each
    player keeps their colour unless the table chooses another)."""

    page: Page | None
    problem: str = ""
    error: ScoreError | None = None
    games: tuple[Listed, ...] = ()
    known: tuple[str, ...] = ()
    seats: tuple[str, ...] = ()


def read_view(
    db: Path, game_id: int | None, chosen: Mapping[str, dict] | None = None, whole: bool = False
) -> View:
    """The View of the table `game_id` (the newest when None) of the database `db`,
    read in one visit; with `whole`, the games, known names and seats too (the page's
    lists and New game form). A table that cannot be read is the View's `problem` (the
    lists are still read: a file that cannot be read at all has none)."""
    with LOCK:
        store = open_store(db)
        if store is None:
            return View(None)
        try:
            return _read_view(store, game_id, chosen or {}, whole)
        except ScoreError as exc:
            return View(None, str(exc), exc)
        finally:
            store.close()


def _read_view(store: Store, game_id: int | None, chosen: Mapping[str, dict], whole: bool) -> View:
    with store.transaction(write=False):
        rows = session.games(store) if whole else store.games()
        lists = (
            (_listed(rows), tuple(store.known_names()), tuple(rows[-1].players))
            if whole and rows
            else ()
        )
        if not rows:
            return View(None)
        try:
            table = session.load(store, game_id)
            folded = session.states(store, table)
            colours = store.colours_of(table.row.id, table.row.players)
        except ScoreError as exc:
            return View(None, str(exc), exc, *lists)
    lines = history(table, folded, RECENT)
    page = _page(table, colours, lines, table.game.legal(table.state), chosen)
    return View(page._replace(games=len(rows)), "", None, *lists)


def read_page(
    db: Path, game_id: int | None, chosen: Mapping[str, dict] | None = None
) -> Page | None:
    """The table `game_id` (the newest when None) of the database `db`; None if the file
    has no game yet (or does not exist). `chosen`: move name -> the values chosen so far
    in its form (scorekeeper.web.offer.sections). ScoreError (InputError for no such
    game, StoreError for a damaged file) as the command line's."""
    view = read_view(db, game_id, chosen)
    if view.error is not None:
        raise view.error
    return view.page


def _page(table: session.Table, colours: dict, lines: list[Line], moves, chosen) -> Page:
    rules, spec = table.game.rules, table.game
    status = {
        "id": table.row.id,
        **rules.status(table.state),
        "variants": table.row.variants,
        "colours": colours,
    }
    outcome = rules.outcome(table.state)
    result = tuple(unstyled(outcome_lines(outcome, explain=True))) if outcome else ()
    standing = "" if outcome else click.unstyle(head_line(rules.standing(table.state), False))
    return Page(
        row=table.row,
        game=spec,
        status=status,
        board=board_of(spec, table.row.id, status),
        colours=colours,
        variants=tuple(variant_lines(spec.variants, table.row.variants, rule=False)),
        recent=tuple(reversed(lines)),
        result=result,
        standing=standing,
        sections=sections(moves, table.row.players, status["current"], chosen),
        logged=len(table.log),
        undo=bool(table.steps),
        redo=bool(table.undone),
    )


def history(table: session.Table, states: list, last: int | None = None) -> list[Line]:
    """The actions in force of `table` (its `last` ones; None: all), oldest first, as the
    page lists them (Line), from `states` (session.states: before the first step and
    after each), each step's automatic notes as the page shows them (`Rules.steps`)."""
    rules, out = table.game.rules, []
    first = 0 if last is None else max(0, len(table.steps) - last)
    for number, step in enumerate(table.steps[first:], start=first + 1):
        event = cast(dict, step.row.event)  # a step's row is an action, with its event
        state, after = states[number - 1], states[number]
        before = rules.status(state)
        when = (
            f"Turn {before['turn']}, {before['current']}" if before["current"] else before["phase"]
        )
        out.append(
            Line(
                number,
                when[:1].upper() + when[1:],
                rules.describe(event),
                table.game.player_of(state, event),
                tuple(rules.steps(state, after, step.notes)),
            )
        )
    return out


def read_history(db: Path, game_id: int | None) -> tuple[Page | None, list[Line]]:
    """The table `game_id` (Page, as `read_page`) and its whole history (Line, oldest
    first); (None, []) if the file has no game yet."""
    with LOCK:
        store = open_store(db)
        if store is None:
            return None, []
        try:
            with store.transaction(write=False):
                if not store.games():
                    return None, []
                table = session.load(store, game_id)
                folded = session.states(store, table)
                colours = store.colours_of(table.row.id, table.row.players)
        finally:
            store.close()
    lines = history(table, folded)
    return _page(table, colours, lines[-RECENT:], (), {}), lines


def _listed(rows: list[TableRow]) -> tuple[Listed, ...]:
    """The games of `rows` as the page lists them, newest first."""
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
        store = open_store(db)
        if store is None:
            return ()
        try:
            with store.transaction(write=False):
                return store.changes()
        finally:
            store.close()


def open_store(db: Path) -> Store | None:
    """The store at `db` for reading, None if there is no such file."""
    if not db.exists():
        return None
    try:
        return Store(db, create=False)
    except ScoreError:
        if not db.exists():
            return None
        raise
