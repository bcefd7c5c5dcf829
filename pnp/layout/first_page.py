"""The print-me-first page as data (issue 44, item 3): what pnp.print_first reads from a
build and pnp.render.print_first draws. Lengths in mm."""

from __future__ import annotations

from pnp.core.records import NamedTuple

#: The page's file name: it says what it is, beside the kit's other files.
FIRST_PAGE = "print-me-first.pdf"

#: The ruler printed to check the printer's scale, mm.
RULER_MM = 100.0


class KitFile(NamedTuple):
    """One file of the kit: its `name`, `what` it holds and `how` to print it."""

    name: str
    what: str
    how: str


class DeckRow(NamedTuple):
    """One deck (a print group) in cards.pdf: its label, the kinds of card in it (e.g.
    "51 Tech, 60 Defense"; empty when the label says it all), its card count and its
    first and last sheet and page (1-based)."""

    label: str
    kinds: str
    cards: int
    sheets: tuple[int, int]
    pages: tuple[int, int]


class FirstPage(NamedTuple):
    """Everything the page prints, in words and numbers."""

    game: str
    paper: str
    settings: tuple[str, ...]
    files: tuple[KitFile, ...]
    sheet_line: str
    decks: tuple[DeckRow, ...]
    command: str
    #: the page's own words (pnp.core.kit_words "first.*" keys) as (key, words) pairs;
    #: empty: the defaults
    words: tuple[tuple[str, str], ...] = ()
