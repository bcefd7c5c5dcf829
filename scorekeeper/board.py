"""A game's standing as cells, for a page that lays it out itself (the web page of
`scorekeeper serve`): the head line, a table of rows with what each row is (the player
to act, a leader, out of play) and the sentences under it. Each game may give its own
(`Game.board`); a game without one is shown as its terminal view's lines
(`Board.lines` only, `preformatted`), so every game has a page."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, Sequence

import click

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
    """The Board of game number `game_id`, from `status` (rules.status's dict): the
    game's own (`Game.board`), else its terminal view's lines, unstyled."""
    if game.board is not None:
        return game.board(game_id, game.name, status)
    lines = unstyled(game.view(game_id, game.name, status))
    return Board(lines[0] if lines else game.name, lines=tuple(lines[1:]), preformatted=True)


def unstyled(lines: Sequence[Block]) -> list[str]:
    """A view's `lines` as a wide terminal prints them (a scorekeeper.layout.Table as
    its heading and rows), without their terminal styling (click.unstyle)."""
    return [click.unstyle(line) for line in laid_out(lines, None)]


def under_table(lines: Sequence[Block], rows: int) -> tuple[str, ...]:
    """The sentences a terminal view prints under its table, unstyled (for a game whose
    Board reuses its view's own sentences): the lines after its Table
    (scorekeeper.layout), or, for a view of text only, after the head line, the heading
    row and `rows` rows (after the head line when `rows` is 0)."""
    tables = [i for i, line in enumerate(lines) if isinstance(line, Table)]
    if tables:
        return tuple(unstyled(lines[tables[0] + 1 :]))
    return tuple(unstyled(lines[2 + rows :]) if rows else unstyled(lines[1:]))
