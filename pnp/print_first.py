"""What the print-me-first page of a kit says (issue 44, item 3), read from what the
build wrote: every file with its pages and how to print it, the printer settings the
sheets need, the cards of each deck with the sheets and pages of cards.pdf they are on,
and the `pnp build` line that made the kit (pnp.build_line). pnp.render.print_first
draws it.

The page is a file of its own, print-me-first.pdf, rather than a first page of the
kit's PDFs: cards.pdf's pages come in front/back pairs and booklet.pdf's in folded
order, so a page put in front of either would turn every later sheet over; a file of
its own is printed on plain paper, once, and its name tells a player who has
downloaded the folder what to open first.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
import zlib
from pathlib import Path
from typing import Any, Mapping, Sequence, cast

from pnp.build_line import build_line, number
from pnp.core.disk_cache import (
    cache_folder,
    file_stamp,
    module_stamps,
    read_headed,
    unchanged,
    used,
    write_headed,
)
from pnp.core.kit_words import KIT_WORDS, kind_word, say, words_of
from pnp.core.sizes import card_mm, card_size_name, half_sheet_mm, paper_name, paper_title
from pnp.fonts import BOLD, ITALIC, REGULAR, font_file
from pnp.layout.first_page import FIRST_PAGE, DeckRow, FirstPage, KitFile
from pnp.layout.imposition import Grid, SheetSpec
from pnp.layout.kit import PrintGroup

Words = Mapping[str, str]

#: the most print-me-first pages kept (pnp.core.disk_cache.prune)
KEEP_PAGES = 16
#: How a double-sided sheet turns, as a printer's dialog names it (its word's key).
FLIPS = {"long": "first.flip_long", "short": "first.flip_short"}


#: The rulebook's page (pnp.core.sizes.HALF_SHEET_MM) by its name, on the named papers
#: (a name's word's key where it is a word rather than a paper's name).
HALF_NAMES = {
    "a3": "A4",
    "a4": "A5",
    "a5": "A6",
    "letter": "first.half_letter",
    "legal": "first.half_legal",
    "tabloid": "Letter",
}


def deck_sheets(groups: Sequence[PrintGroup], per_sheet: int, deck_sheets: bool) -> list:
    """(first, last) sheet, 1-based, of each group in cards.pdf, as the sheet writer lays
    them out (pnp.render.sheets.sheet_layout, asked with each group's index for its
    cards)."""
    from pnp.render.sheets import sheet_layout

    marked = [PrintGroup(g.label, (i,) * len(g.copies), g.back) for i, g in enumerate(groups)]
    found: dict[int, list[int]] = {}
    for n, sheet in enumerate(sheet_layout(marked, per_sheet, deck_sheets), start=1):
        for index in dict.fromkeys(cast(int, i) for i, _ in sheet):
            found.setdefault(index, []).append(n)
    return [(found[i][0], found[i][-1]) if i in found else (0, 0) for i in range(len(groups))]


def _pages(sheets: tuple[int, int], duplex: str) -> tuple[int, int]:
    """The pages of cards.pdf a run of sheets is printed on: two a sheet when duplex."""
    if duplex == "none":
        return sheets
    return (2 * sheets[0] - 1, 2 * sheets[1])


def folded(spec: SheetSpec) -> bool:
    """Whether cards.pdf is fold-and-glue sheets (`--layout gutterfold`)."""
    return spec.layout == "gutterfold"


def cards_a_sheet(spec: SheetSpec, grid: Grid) -> int:
    """Cards on one sheet of cards.pdf: the grid's slots, half of them (the fronts) on a
    fold-and-glue sheet, whose grid holds the backs too."""
    return grid.per_sheet // 2 if folded(spec) else grid.per_sheet


def _decimal(words: Words, text: str) -> str:
    """`text` with the decimal point of each number in it written as the kit's words
    write it ("first.decimal": "," in German, 63,5 mm)."""
    mark = say(words, "first.decimal")
    return text if mark == "." else re.sub(r"(?<=\d)\.(?=\d)", mark, text)


def _flip(words: Words, spec: SheetSpec) -> str | None:
    key = FLIPS.get(spec.duplex)
    return say(words, key) if key else None


def _sheet_line(words: Words, spec: SheetSpec, grid: Grid, card_size: str) -> str:
    w, h = card_mm(card_size)
    size = say(
        words,
        "first.card_size",
        size=card_size_name(card_size),
        w=_decimal(words, f"{w:g}"),
        h=_decimal(words, f"{h:g}"),
    )
    if folded(spec):
        return say(words, "first.sheet_folded", n=cards_a_sheet(spec, grid), size=size)
    per = say(
        words, "first.sheet_grid", n=grid.per_sheet, size=size, cols=grid.cols, rows=grid.rows
    )
    if spec.duplex == "none":
        return say(words, "first.sheet_fronts", grid=per)
    return say(words, "first.sheet_duplex", grid=per)


def settings(
    spec: SheetSpec, grid: Grid | None = None, words: Words = KIT_WORDS
) -> tuple[str, ...]:
    """The printer settings every file of the kit needs, one line each (`grid`: cards.pdf's
    page, when its paper lies sideways), in the kit's `words` (pnp.core.kit_words)."""
    flip = _flip(words, spec)
    sides = say(words, "first.two_sided", flip=flip) if flip else say(words, "first.one_sided")
    if folded(spec):
        sides = say(words, "first.folded")
    paper = say(words, "first.paper", paper=_decimal(words, paper_title(spec.paper)))
    if grid is not None and grid.page_w > grid.page_h:
        paper = say(words, "first.paper_landscape", paper=_decimal(words, paper_title(spec.paper)))
    return (say(words, "first.scale"), paper, sides, say(words, "first.borderless"))


def _cut(words: Words, spec: SheetSpec) -> str:
    cut = say(words, "first.cut_marks" if spec.crop_marks else "first.cut_edges")
    if spec.corner_mm > 0:
        cut = say(words, "first.cut_corners", cut=cut, mm=_decimal(words, number(spec.corner_mm)))
    return cut


def _cards_file(
    words: Words, spec: SheetSpec, grid: Grid, copies: int, sheets: int, pages: int
) -> KitFile:
    flip = _flip(words, spec)
    how = (
        say(words, "first.cards_two_sided", flip=flip)
        if flip
        else say(words, "first.cards_one_sided")
    )
    if folded(spec):
        how = say(words, "first.cards_folded")
    what = say(
        words,
        "first.cards_what",
        cards=say(words, "first.n_cards", n=copies),
        sheets=say(words, "first.n_sheets", n=sheets),
        paper=_decimal(words, paper_title(spec.paper)),
        pages=say(words, "first.n_pages", n=pages),
    )
    return KitFile("cards.pdf", what, say(words, "first.cards_how", how=how, cut=_cut(words, spec)))


def kit_files(
    spec: SheetSpec,
    grid: Grid,
    copies: int,
    sheets: int,
    pages: Mapping[str, int],
    extras: Sequence[Any],
    words: Words = KIT_WORDS,
) -> tuple[KitFile, ...]:
    """Every file the build wrote (`pages`: file name -> its pages, as the build reports
    them; `extras`: the kit's pnp.layout.kit.Extra), in the order a player prints them:
    this page first; in the kit's `words` (pnp.core.kit_words)."""
    half_w, half_h = half_sheet_mm(spec.paper)
    half = _decimal(words, f"{half_w:g} × {half_h:g} mm")
    named = HALF_NAMES.get(paper_name(spec.paper))
    if named in KIT_WORDS:
        named = say(words, named)
    half = f"{named} ({half})" if named else half
    booklet = pages["booklet.pdf"]
    files = [
        KitFile(FIRST_PAGE, say(words, "first.this_what"), say(words, "first.this_how")),
        _cards_file(words, spec, grid, copies, sheets, pages["cards.pdf"]),
        KitFile(
            "rules.pdf",
            say(
                words,
                "first.rules_what",
                pages=say(words, "first.n_pages", n=pages["rules.pdf"]),
                half=half,
            ),
            say(words, "first.rules_how"),
        ),
        KitFile(
            "booklet.pdf",
            say(
                words,
                "first.booklet_what",
                sheets=say(words, "first.n_sheets", n=-(-booklet // 2)),
                sides=say(words, "first.n_sides", n=booklet),
                paper=_decimal(words, paper_title(spec.paper)),
            ),
            say(words, "first.booklet_how"),
        ),
    ]
    for e in extras:
        n = say(words, "first.n_pages", n=pages[e.name])
        files.append(KitFile(e.name, say(words, "first.extra_what", what=e.label, pages=n), e.how))
    return tuple(files)


def first_page(
    options: Any,
    name: str,
    spec: SheetSpec,
    grid: Grid,
    groups: Sequence[PrintGroup],
    kinds: Sequence[Mapping[str, int]],
    sheets: int,
    pages: Mapping[str, int],
    extras: Sequence[Any],
    data: Any = None,
) -> FirstPage:
    """The page of a kit built with `options` (pnp.build.BuildOptions) on `spec` (its card
    size resolved) and `grid`: `groups` as printed, `kinds` the cards of each group by
    kind (Kit.summary of that group alone), `sheets` the sheets of cards.pdf, `pages`
    each file's pages, in the words of the game `data` (pnp.core.kit_words.words_of)."""
    words = words_of(data)
    spans = deck_sheets(groups, cards_a_sheet(spec, grid), spec.deck_sheets)
    decks = []
    for group, kind, span in zip(groups, kinds, spans):
        label = group.label[:1].upper() + group.label[1:]
        detail = ", ".join(f"{n} {kind_word(words, 'kind', k)}" for k, n in kind.items())
        detail = detail if len(kind) > 1 else ""
        decks.append(DeckRow(label, detail, len(group.copies), span, _pages(span, spec.duplex)))
    copies = sum(len(g.copies) for g in groups)
    return FirstPage(
        name,
        spec.paper,
        settings(spec, grid, words),
        kit_files(spec, grid, copies, sheets, pages, extras, words),
        _sheet_line(words, spec, grid, spec.card_size),
        tuple(decks),
        build_line(options),
        tuple((k, v) for k, v in words.items() if k.startswith("first.")),
    )


def write_first_page(
    folder: Path,
    options: Any,
    kit: Any,
    data: Any,
    spec: SheetSpec,
    grid: Grid,
    groups: Sequence[PrintGroup],
    sheets: int,
    pages: Mapping[str, int],
) -> int:
    """Write print-me-first.pdf into `folder` for `kit` built from `data` with `options`
    (pnp.build.BuildOptions): `spec` (its card size resolved), `grid`, the `groups`
    printed, the `sheets` of cards.pdf and each file's `pages`, as the build wrote them.
    Returns its page count; OSError if it cannot be written."""
    page = first_page(
        options,
        kit.name(data),
        spec,
        grid,
        groups,
        [kit.summary([g]) for g in groups],
        sheets,
        pages,
        kit.extras(data),
        data,
    )
    return _kept_or_drawn(folder / FIRST_PAGE, page)


def _kept_or_drawn(path: Path, page: Any) -> int:
    """Write the PDF of `page` (a FirstPage) to `path`, its page count: copied from
    pnp.core.disk_cache's folder when a build drew the same page before (the same words
    and numbers, fonts and versions, pnp's modules unchanged: it is an invariant PDF,
    the same bytes), else drawn (pnp.render.print_first) and kept."""
    import reportlab

    fonts = [file_stamp(font_file(style)) for style in (REGULAR, BOLD, ITALIC)]
    versions = [list(sys.version_info[:3]), reportlab.Version, zlib.ZLIB_RUNTIME_VERSION]
    described = json.dumps([repr(page), fonts, versions])
    kept = cache_folder() / "first-page" / hashlib.sha256(described.encode()).hexdigest()
    entry = read_headed(kept)
    if entry is not None:
        about, pdf = entry
        try:
            pages, fresh = int(about["pages"]), unchanged(about["code"])
        except (ValueError, TypeError, KeyError):
            fresh = False
        if fresh:
            path.write_bytes(pdf)
            used(kept)
            return pages
    from pnp.render.print_first import render_first_page

    pages = render_first_page(path, page)
    code = module_stamps()
    if code is not None:
        write_headed(kept, {"pages": pages, "code": code}, path.read_bytes(), KEEP_PAGES)
    return pages
