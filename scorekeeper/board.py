"""A game's standing as cells, for a page that lays it out itself (the web page of
`scorekeeper serve`): the head line, a table of rows with what each row is (the player
to act, a leader, out of play) and the sentences under it, read off the game's own
terminal view (its scorekeeper.layout.Table), so every game has one; a game's optional
hook (`Game.board`) adds what the terminal does not show (the Tech a player Protected).
A view of text only is shown as its lines (`preformatted`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence, cast

import click

from pnp.core.records import NamedTuple
from scorekeeper.layout import Block, Table, laid_out

if TYPE_CHECKING:
    from scorekeeper.game import Game


class Row(NamedTuple):
    """One row of the table: its `cells` (text, one per column), whether it is the
    `current` player's (to act now), a `leading` one, one `out` of play (banned, a
    discarded Hero, a player out) and a `detail` line shown under it ("" for none)."""

    cells: tuple[str, ...]
    current: bool = False
    leading: bool = False
    out: bool = False
    detail: str = ""


class Board(NamedTuple):
    """A game's standing: `head` (whose turn, or over: the view's first line),
    `columns` (their headings), `rows`, `lines` (the sentences under the table: who
    leads, the final round) and `preformatted` (True: `lines` are a terminal view's,
    to be shown in a fixed-width font as they are)."""

    head: str
    columns: tuple[str, ...] = ()
    rows: tuple[Row, ...] = ()
    lines: tuple[str, ...] = ()
    preformatted: bool = False


def board_of(game: Game, game_id: int, status: dict) -> Board:
    """The Board of game number `game_id`, from `status` (rules.status's dict): its
    terminal view's (`from_view`), with what the game's own hook (`Game.board`) adds."""
    board = from_view(game.view(game_id, game.name, status), game.name)
    return game.board(board, status) if game.board is not None else board


def from_view(lines: Sequence[Block], name: str) -> Board:
    """The Board a terminal view's `lines` show: its first line as the head; its first
    scorekeeper.layout.Table as the columns and rows (a row marked "▶" is the player
    to act, a bold one a leader's, one with a note such as "banned" out of play, the
    note as its detail); the lines after the table as the sentences. A view of text only
    is its lines, `preformatted`."""
    at = next((i for i, line in enumerate(lines) if isinstance(line, Table)), None)
    if at is None:
        shown = unstyled(lines)
        return Board(shown[0] if shown else name, lines=tuple(shown[1:]), preformatted=True)
    table = cast(Table, lines[at])
    rows = tuple(
        Row(
            tuple(click.unstyle(cell) for cell in row.cells),
            current=bool(click.unstyle(row.mark).strip()),
            leading=row.bold,
            out=bool(row.note),
            detail=row.note,
        )
        for row in table.rows
    )
    return Board(
        " ".join(unstyled(lines[:at])),
        tuple(column.heading for column in table.columns),
        rows,
        tuple(unstyled(lines[at + 1 :])),
    )


def unstyled(lines: Sequence[Block]) -> list[str]:
    """A view's `lines` as a wide terminal prints them (a scorekeeper.layout.Table as
    its heading and rows), without their terminal styling (click.unstyle)."""
    return [click.unstyle(line) for line in laid_out(lines, None)]
