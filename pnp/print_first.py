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
import sys
import zlib
from pathlib import Path
from typing import Any, Mapping, Sequence, cast

from pnp.build_line import build_line, number
from pnp.core.disk_cache import (
    cache_folder,
    file_stamp,
    module_stamps,
    read_checked,
    unchanged,
    used,
    write_checked,
)
from pnp.core.shown import plural
from pnp.core.sizes import card_mm, card_size_name, half_sheet_mm, paper_name, paper_title
from pnp.fonts import BOLD, ITALIC, REGULAR, font_file
from pnp.layout.first_page import FIRST_PAGE, DeckRow, FirstPage, KitFile
from pnp.layout.imposition import Grid, SheetSpec
from pnp.layout.kit import PrintGroup

#: the most print-me-first pages kept (pnp.core.disk_cache.prune)
KEEP_PAGES = 16
#: How a double-sided sheet turns, as a printer's dialog names it.
FLIPS = {"long": "flip on the long edge", "short": "flip on the short edge"}


#: The rulebook's page (pnp.core.sizes.HALF_SHEET_MM) by its name, on the named papers.
HALF_NAMES = {
    "a3": "A4",
    "a4": "A5",
    "a5": "A6",
    "letter": "half-letter",
    "legal": "half-legal",
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


def _sheet_line(spec: SheetSpec, grid: Grid, card_size: str) -> str:
    w, h = card_mm(card_size)
    size = f"{card_size_name(card_size)} cards ({w:g} × {h:g} mm)"
    if folded(spec):
        return (
            f"{cards_a_sheet(spec, grid)} {size} a sheet, one page each, every front beside "
            "its back across the dashed fold line."
        )
    per = f"{grid.per_sheet} {size} a sheet ({grid.cols} across, {grid.rows} down)"
    if spec.duplex == "none":
        return f"{per}; fronts only, one page a sheet."
    return f"{per}; each sheet is a front page followed by its back page."


def settings(spec: SheetSpec, grid: Grid | None = None) -> tuple[str, ...]:
    """The printer settings every file of the kit needs, one line each (`grid`: cards.pdf's
    page, when its paper lies sideways)."""
    flip = FLIPS.get(spec.duplex)
    sides = (
        f"Two-sided for cards.pdf: {flip}, so that each back lands behind its front."
        if flip
        else "One-sided: cards.pdf holds the fronts only (--duplex none)."
    )
    if folded(spec):
        sides = (
            "One-sided for every file but booklet.pdf: cards.pdf folds each back behind its front."
        )
    paper = f"Paper: {paper_title(spec.paper)}, portrait, for every file but booklet.pdf"
    if grid is not None and grid.page_w > grid.page_h:
        paper = f"Paper: {paper_title(spec.paper)}, portrait (cards.pdf landscape) for every file but booklet.pdf"
    return (
        "Scale: 100 % (“Actual size”). Turn off “Fit to page”, “Shrink oversized "
        "pages” and “Scale to fit”: they make the cards smaller.",
        paper + ".",
        sides,
        "Borderless printing off; print quality “Normal” or better.",
    )


def _cut(spec: SheetSpec) -> str:
    cut = "cut along the crop marks" if spec.crop_marks else "cut along the card edges"
    if spec.corner_mm > 0:
        cut += f", then round the corners to {number(spec.corner_mm)} mm along the grey arcs"
    return cut


def _cards_file(spec: SheetSpec, grid: Grid, copies: int, sheets: int, pages: int) -> KitFile:
    flip = FLIPS.get(spec.duplex)
    how = (
        f"two-sided, {flip}, at 100 %, on card or thick paper (160–250 g/m²) if your "
        "printer takes it; print one sheet first and hold it to the light to check the "
        "backs line up"
        if flip
        else "one-sided, at 100 %, on card or thick paper (160–250 g/m²) if your printer takes it"
    )
    if folded(spec):
        how = (
            "one-sided, at 100 %, on paper or thin card that folds cleanly (120–160 g/m²); "
            "fold each sheet along its dashed line, printed side out, glue the halves "
            "together and let them dry"
        )
    return KitFile(
        "cards.pdf",
        f"{plural(copies, 'card')} on {plural(sheets, 'sheet')} of {paper_title(spec.paper)}, "
        f"{plural(pages, 'page')}",
        f"{how}; {_cut(spec)}.",
    )


def kit_files(
    spec: SheetSpec,
    grid: Grid,
    copies: int,
    sheets: int,
    pages: Mapping[str, int],
    extras: Sequence[Any],
) -> tuple[KitFile, ...]:
    """Every file the build wrote (`pages`: file name -> its pages, as the build reports
    them; `extras`: the kit's pnp.layout.kit.Extra), in the order a player prints them:
    this page first."""
    half_w, half_h = half_sheet_mm(spec.paper)
    half = f"{half_w:g} × {half_h:g} mm"
    named = HALF_NAMES.get(paper_name(spec.paper))
    half = f"{named} ({half})" if named else half
    files = [
        KitFile(
            FIRST_PAGE,
            "this page: the settings, a ruler and what is in the kit",
            "one-sided, at 100 %, on plain paper; check the ruler before anything else.",
        ),
        _cards_file(spec, grid, copies, sheets, pages["cards.pdf"]),
        KitFile(
            "rules.pdf",
            f"the rulebook, {plural(pages['rules.pdf'], 'page')} of {half}",
            "read it on screen, or print it as it is; for a paper copy booklet.pdf "
            "folds into a booklet.",
        ),
        KitFile(
            "booklet.pdf",
            f"the rulebook as a booklet: {plural(-(-pages['booklet.pdf'] // 2), 'sheet')} "
            f"({plural(pages['booklet.pdf'], 'side')}) of {paper_title(spec.paper)} landscape",
            "two-sided, flip on the short edge, at 100 %; stack the sheets, fold them in "
            "half and staple on the fold.",
        ),
    ]
    files += [KitFile(e.name, f"{e.label}, {plural(pages[e.name], 'page')}", e.how) for e in extras]
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
) -> FirstPage:
    """The page of a kit built with `options` (pnp.build.BuildOptions) on `spec` (its card
    size resolved) and `grid`: `groups` as printed, `kinds` the cards of each group by
    kind (Kit.summary of that group alone), `sheets` the sheets of cards.pdf, `pages`
    each file's pages."""
    spans = deck_sheets(groups, cards_a_sheet(spec, grid), spec.deck_sheets)
    decks = []
    for group, kind, span in zip(groups, kinds, spans):
        label = group.label[:1].upper() + group.label[1:]
        detail = ", ".join(f"{n} {k}" for k, n in kind.items()) if len(kind) > 1 else ""
        decks.append(DeckRow(label, detail, len(group.copies), span, _pages(span, spec.duplex)))
    copies = sum(len(g.copies) for g in groups)
    return FirstPage(
        name,
        spec.paper,
        settings(spec, grid),
        kit_files(spec, grid, copies, sheets, pages, extras),
        _sheet_line(spec, grid, spec.card_size),
        tuple(decks),
        build_line(options),
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
    body = read_checked(kept)
    if body is not None:
        head, _, pdf = body.partition(b"\n")
        try:
            about = json.loads(head)
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
        head = json.dumps({"pages": pages, "code": code}).encode()
        write_checked(kept, head + b"\n" + path.read_bytes(), KEEP_PAGES)
    return pages
