"""Starting a table (`new_game`, `new_sheet`), as the command line's `new` and `rematch`
and the page's New game and Rematch buttons all do it: the players checked, seated from
the first player where the rules let the table choose one, a colour each, the official
variants or a data-only game's points sheet. Everything is checked before the database
is opened, so a refused start creates no file."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Sequence

from scorekeeper import session
from scorekeeper.colours import assigned
from scorekeeper.errors import RuleError
from scorekeeper.game import Game, choose_variants
from scorekeeper.games import find_game
from scorekeeper.names import check_new_names, resolve
from scorekeeper.store import Store

if TYPE_CHECKING:
    from scorekeeper.sheets import Sheet


def seated_from(spec: Game, names: list[str], first: str | None) -> list[str]:
    """`names` in seating order from `first` on, clockwise (a name as typed at the
    table, names.resolve), where the rules let the table choose who goes first
    (`Game.first`); as named when `first` is None. RuleError quoting who goes first
    where the table may not choose."""
    if first is None:
        return names
    if not spec.first:
        raise RuleError(
            spec.first_rule or "the players take turns in the order named",
            f"in {spec.name} the table does not choose who goes first",
        )
    at = names.index(resolve(first, names))
    return names[at:] + names[:at]


def start_table(
    opener: Callable[[], Store],
    game: str,
    players: Sequence[str],
    variants: Sequence[str] = (),
    first: str | None = None,
    colours: Sequence[str] = (),
    data_dir: str | None = None,
) -> session.Table:
    """Start `game` (an id or alias; with `data_dir`, a data-only game's folder there,
    kept on a points sheet) with `players` (check_new_names) seated from `first`
    (`seated_from`), the official `variants` typed ("faster", "cover=2") and the
    `colours` typed (NAME=COLOUR, scorekeeper.colours.chosen); the store `opener()`
    gives is opened only once all of it is accepted. Errors as each check's."""
    from scorekeeper.colours import chosen

    names = check_new_names(list(players))
    if data_dir is not None:
        from scorekeeper.sheet_file import sheet_to_start
        from scorekeeper.sheets import sheet_game

        sheet = sheet_to_start(data_dir, game, names, variants)
        names = seated_from(sheet_game(sheet), names, first)
        return new_sheet(opener(), sheet, names, chosen(colours, names))
    spec = find_game(game)
    picked = choose_variants(spec.variants, variants, spec.name)
    names = seated_from(spec, names, first)
    asked = chosen(colours, names)
    spec.start(names, picked)  # refused before any file is created
    return new_game(opener(), spec.id, names, picked, asked)


def rematch(store: Store, game_id: int | None, rotate: bool) -> session.Table:
    """The same game again (the newest when `game_id` is None): its players, variants,
    points sheet and colours, in the same seats or, with `rotate`, from the next player
    on (where the rules let the table choose who goes first). Errors as `seated_from`
    and the starts'."""
    with store.transaction():
        table = session.current(store, game_id)
        row = table.row
        names = list(row.players)
        first = names[1 % len(names)] if rotate else None
        names = seated_from(table.game, names, first)
        colours = store.colours_of(row.id, row.players)
        asked = {name: colours[name] for name in names}
        if row.sheet is not None:
            return new_sheet(store, row.sheet, names, asked)
        return new_game(store, row.game, names, dict(row.variants), asked)


def started_line(table: session.Table) -> str:
    """What the command line and the page say of a table just started: "Game 3: Hack
    Back with Ana, Ben." ("(points sheet)" after a data-only game's name)."""
    sheet = " (points sheet)" if table.row.sheet is not None else ""
    return f"Game {table.row.id}: {table.game.name}{sheet} with {', '.join(table.row.players)}."


def new_game(
    store: Store,
    game: str,
    players: list[str],
    variants: dict | None = None,
    colours: dict[str, str] | None = None,
) -> session.Table:
    """Start `game` (an id or alias) with `players` in seating order and the chosen
    `variants` (game.choose_variants); it becomes the current one. Each seat gets a
    colour (scorekeeper.colours.assigned: the one asked for, else the player's in their
    newest game, else a free one). InputError for an unknown game; the rules' RuleError for a
    player count they refuse, with nothing written."""
    return _seated(store, find_game(game), players, variants or {}, colours, None)


def new_sheet(
    store: Store, sheet: Sheet, players: list[str], colours: dict[str, str] | None = None
) -> session.Table:
    """Start a points sheet of the data-only game `sheet` (scorekeeper.sheet_file reads
    it) with `players` in seating order, its settings stored with it; it becomes the
    current one, each seat with a colour (as `new_game`'s). The rules' RuleError for a
    player count the game refuses, with nothing written."""
    from scorekeeper.sheets import sheet_game

    return _seated(store, sheet_game(sheet), players, {}, colours, sheet)


def _seated(
    store: Store,
    spec: Game,
    players: list[str],
    variants: dict,
    colours: dict[str, str] | None,
    sheet: Sheet | None,
) -> session.Table:
    """`spec` started with `players` in one write transaction (refused by its rules with
    nothing written), each seat given its colour (scorekeeper.colours.assigned)."""
    with store.transaction():
        spec.start(players, variants)
        settings = sheet.to_json() if sheet is not None else None
        game_id = store.new_game(spec.id, players, variants, sheet=settings)
        store.keep_colours(game_id, assigned(players, colours or {}, store.known_colours()))
        return session.load(store, game_id)
