"""Laying out the score keeper's text for the width of the output, the same way for every
game: a terminal narrower than WIDE_COLUMNS (a phone's terminal, a split pane) gets each
table that does not fit stacked, one block per row, and each line that does not fit
wrapped at its spaces with a hanging indent; a wider one, a pipe or a file gets the
layout as it always was, byte for byte.

A game's status view (scorekeeper.game.Game.view) returns lines, each a text or a
`Table` (its rows as cells, headed by `Column`s); `laid_out` turns them into the lines
to print. Nothing here names a game: how a row reads when stacked is the table's own
(`Table.title`, `Table.beside`). Widths are printed columns (scorekeeper.view
.printed_width: a wide character counts 2; styles count nothing)."""

from __future__ import annotations

import os
import re
import sys
from typing import Sequence, Union

import click

from pnp.core.records import NamedTuple
from scorekeeper.view import padded, printed_width

#: A terminal at least this wide gets the layout written for 80 columns, unchanged (a
#: longer line is left for the terminal to wrap, as it always was); a narrower one gets
#: each table that does not fit stacked and each line that does not fit wrapped.
WIDE_COLUMNS = 80
#: The narrowest width anything is laid out for: below it, lines are laid out for it.
LEAST_COLUMNS = 20
#: How far a wrapped line's next lines are indented past its own first line's indent.
HANG = 4
#: What separates the labelled values of a stacked row.
DOT = " · "


class Column(NamedTuple):
    """A table's column: its `heading`; `right`: its cells (and heading) aligned right,
    as numbers are, else left; `least`: the narrowest it is, in printed columns (it is
    always as wide as its heading and its widest cell)."""

    heading: str
    right: bool = True
    least: int = 0


class Row(NamedTuple):
    """A table's row: `cells` (texts, one per column, as printed); `mark`: one printed
    column before the row ("▶" for the player to act, styled or not; " " for none);
    `bold`: the row is shown bold (a leader's); `note`: a word printed after the row
    ("banned"), or ""."""

    cells: tuple[str, ...]
    mark: str = " "
    bold: bool = False
    note: str = ""


class Table(NamedTuple):
    """A status table: `columns` and `rows` (each with a cell per column).

    Wide, it prints a heading line and one line per row, columns two spaces apart, each
    line after its row's mark and a space. Stacked, each row is a block: its title line,
    the mark, then `title` filled with the row's cells ("{0}": the first cell; "#{0} {1}"
    a number and a name), then " — " and the `beside` column's heading and cell (None:
    nothing beside), then its note; under it, indented, every other column as "Heading
    cell", separated by " · " and wrapped."""

    columns: tuple[Column, ...]
    rows: tuple[Row, ...]
    title: str = "{0}"
    beside: int | None = None

    def wide(self) -> list[str]:
        """The heading line, then a line per row (bold rows styled bold)."""
        widths = [
            max(c.least, printed_width(c.heading), *(printed_width(r.cells[i]) for r in self.rows))
            for i, c in enumerate(self.columns)
        ]
        lines = ["  " + _cells([c.heading for c in self.columns], self.columns, widths)]
        for row in self.rows:
            line = f"{row.mark} {_cells(row.cells, self.columns, widths)}"
            line += f"  {row.note}" if row.note else ""
            lines.append(click.style(line, bold=True) if row.bold else line)
        return lines

    def stacked(self, width: int) -> list[str]:
        """A block per row, every line at most `width` printed columns where its words
        allow (a word is never broken)."""
        import string  # here: its Template compiles a pattern on import

        named = {int(f) for _, f, _, _ in string.Formatter().parse(self.title) if f}
        lines = []
        for row in self.rows:
            head = f"{row.mark} {self.title.format(*row.cells)}"
            if self.beside is not None:
                head += f" — {self.columns[self.beside].heading} {row.cells[self.beside]}"
            head += f"  {row.note}" if row.note else ""
            shown = fitted(head, width)
            lines += [click.style(line, bold=True) for line in shown] if row.bold else shown
            rest = [
                f"{c.heading} {row.cells[i]}"
                for i, c in enumerate(self.columns)
                if i not in named and i != self.beside
            ]
            if rest:
                lines += flowed(rest, [DOT] * len(rest), width, "    ", "    ")
        return lines


def _cells(cells: Sequence[str], columns: Sequence[Column], widths: Sequence[int]) -> str:
    """One wide line's cells, each aligned in its column, two spaces apart (no spaces
    after the last)."""
    shown = [
        " " * (w - printed_width(cell)) + cell if c.right else padded(cell, w)
        for cell, c, w in zip(cells, columns, widths)
    ]
    return "  ".join(shown).rstrip(" ")


#: What a status view returns: lines of text and tables.
Block = Union[str, Table]


def output_width(stream=None) -> int | None:
    """The printed columns to lay the output out for, or None for the layout as it always
    was. The width is COLUMNS from the environment when that is a whole number above 0
    (read first, as shutil.get_terminal_size reads it: it is how a pipe or a script asks
    for a width), else the width of `stream` (default: sys.stdout) if it is a terminal.
    None for a pipe or a file without COLUMNS, a terminal whose size cannot be read, and
    a width of WIDE_COLUMNS or more; a width under LEAST_COLUMNS counts as
    LEAST_COLUMNS."""
    typed = os.environ.get("COLUMNS", "").strip()
    if typed.isdigit() and int(typed) > 0:
        columns = int(typed)
    else:
        stream = stream or sys.stdout
        try:
            if not stream.isatty():
                return None
            columns = os.get_terminal_size(stream.fileno()).columns
        except (AttributeError, OSError, ValueError):
            return None
    return None if columns >= WIDE_COLUMNS or columns <= 0 else max(columns, LEAST_COLUMNS)


def laid_out(blocks: Sequence[Block], width: int | None) -> list[str]:
    """The lines to print for `blocks`, laid out for `width` printed columns (None: the
    layout as it always was): a table wide if every line of it fits, else stacked; a
    text as it is if it fits, else wrapped (`fitted`)."""
    lines: list[str] = []
    for block in blocks:
        if isinstance(block, Table):
            wide = block.wide()
            if width is None or all(shown_width(line) <= width for line in wide):
                lines += wide
            else:
                lines += block.stacked(width)
        else:
            lines += fitted(block, width)
    return lines


def shown_width(line: str) -> int:
    """The printed columns `line` takes, its styles (ANSI codes) not counted."""
    return printed_width(click.unstyle(line))


def fitted(line: str, width: int | None, hang: int | None = None) -> list[str]:
    """`line` as it is if it fits in `width` printed columns (or `width` is None), else
    wrapped at its spaces: each next line indented `hang` spaces (default: the line's
    own indent plus HANG), words never broken (a word wider than the room stays whole
    on its own line), the spaces between words kept where no line breaks."""
    if width is None or shown_width(line) <= width:
        return [line]
    body = line.lstrip(" ")
    indent = len(line) - len(body)
    parts = re.split(r"( +)", body)
    return flowed(
        parts[0::2],
        parts[1::2],
        width,
        " " * indent,
        " " * (indent + HANG if hang is None else hang),
    )


def flowed(
    words: Sequence[str], gaps: Sequence[str], width: int, first: str, then: str
) -> list[str]:
    """`words` in lines of at most `width` printed columns where they allow: the first
    line starts with `first`, the next ones with `then`; `gaps[i]` goes between word i
    and word i + 1 where no line breaks there, and is dropped where one does. An empty
    word (spaces at the end) is left out; a word is never broken."""
    lines: list[str] = []
    current, used = first + words[0], shown_width(first + words[0])
    for gap, word in zip(gaps, words[1:]):
        if not word:
            continue
        taken = shown_width(word)
        if used + shown_width(gap) + taken <= width:
            current, used = current + gap + word, used + shown_width(gap) + taken
        else:
            lines.append(current)
            current, used = then + word, shown_width(then) + taken
    return [*lines, current]


def echo_lines(blocks: Sequence[Block], width: int | None = None) -> None:
    """Print `blocks` laid out for `width` printed columns (`laid_out`; None: the
    output's, `output_width`), one line each (pnp.core.terminal.echo)."""
    from pnp.core.terminal import echo

    for line in laid_out(blocks, output_width() if width is None else width):
        echo(line)
