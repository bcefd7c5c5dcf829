"""Paper and card sizes: the named ones, a custom `WxH` in mm, and a card turned sideways.

Every size a user or a data file names goes through `paper_mm` or `card_mm`, which take
the same words the command line does and give (width, height) in mm, or raise
LayoutError naming the known sizes. `paper_name` and `card_size_name` give the one
spelling each size is kept and compared in ("a4", "poker-landscape", "70x70mm"), so
"Poker", "63.5 x 88.9" and "63.5X88.9mm" are each written one way in messages, file
names and pnp.toml. Lengths in mm (data), as pnp.core.units says.

Named card sizes, (width, height) in mm, portrait (sources in the comments):
poker, bridge, mini and tarot as before; `mini-euro` 44 x 68 and `euro` 59 x 92 (the
European board-game trims: Mayday's and Swan Panasia's sleeve charts, Strange Eons'
GenericEuropeanMiniSizeCard at 1.73 x 2.64 in); `square` 70 x 70 (about 2.75 in, Strange
Eons' GenericSquare2_75InSizeCard); `domino` 1.75 x 3.5 in = 44.45 x 88.9 (The Game
Crafter's "domino deck" template, 1.75 x 3.50 in; Strange Eons' GenericDominoSizeCard,
1.75 x 3.5 in); `jumbo` 3.5 x 5 in = 88.9 x 127 (the "double poker" card of print
shops' size charts; The Game Crafter's and Strange Eons' jumbo is 3.5 x 5.5 in: type
88.9x139.7 for that one). Any of them with `-landscape` is the same card turned
sideways (height x width).
"""

from __future__ import annotations

import re

from pnp.core.errors import LayoutError
from pnp.core.shown import quoted

#: Paper sizes, (width, height) in mm, portrait (ISO 216; ANSI/ASME Y14.1).
PAPER_MM: dict[str, tuple[float, float]] = {
    "a3": (297.0, 420.0),
    "a4": (210.0, 297.0),
    "a5": (148.0, 210.0),
    "letter": (215.9, 279.4),  # 8.5 x 11 in
    "legal": (215.9, 355.6),  # 8.5 x 14 in
    "tabloid": (279.4, 431.8),  # 11 x 17 in
}

#: The printed names of the papers, for a sheet that says what it is printed on.
PAPER_TITLES = {
    "a3": "A3",
    "a4": "A4",
    "a5": "A5",
    "letter": "Letter",
    "legal": "Legal",
    "tabloid": "Tabloid",
}

#: Each paper's rulebook page: half the sheet, portrait (mm): A4 for A3, A5 for A4, A6 for
#: A5, half-letter for Letter, half-legal for Legal, Letter for Tabloid. A custom paper's
#: is half its long side by its short side (`half_sheet_mm`).
HALF_SHEET_MM: dict[str, tuple[float, float]] = {
    "a3": (210.0, 297.0),
    "a4": (148.0, 210.0),
    "a5": (105.0, 148.0),
    "letter": (139.7, 215.9),
    "legal": (177.8, 215.9),
    "tabloid": (215.9, 279.4),
}

#: Card trim sizes, (width, height) in mm, portrait. Sources: the module's docstring.
CARD_SIZES_MM: dict[str, tuple[float, float]] = {
    "poker": (63.5, 88.9),  # 2.5 x 3.5 in
    "bridge": (57.15, 88.9),  # 2.25 x 3.5 in
    "mini": (44.45, 63.5),  # 1.75 x 2.5 in (mini American)
    "tarot": (69.85, 120.65),  # 2.75 x 4.75 in
    "mini-euro": (44.0, 68.0),
    "euro": (59.0, 92.0),
    "square": (70.0, 70.0),
    "domino": (44.45, 88.9),  # 1.75 x 3.5 in
    "jumbo": (88.9, 127.0),  # 3.5 x 5 in
}

#: The corner radius (mm) a card size is customarily cut to, where it has one: poker cards
#: are printed with 3 mm round corners (issue 44); any other size is square unless
#: `--corners` says otherwise. A size turned sideways has the same corners.
CARD_CORNER_MM: dict[str, float] = {"poker": 3.0}

LANDSCAPE = "-landscape"
#: A custom paper: each side within these (mm); at least A5 either way round, the
#: smallest sheet whose half (A6) the rulebook lays out on.
PAPER_SHORT_MM, PAPER_LONG_MM, PAPER_MAX_MM = 148.0, 210.0, 1200.0
#: A custom card: each side within these (mm); 20 mm leaves 14 mm inside the safe area.
CARD_MIN_MM, CARD_MAX_MM = 20.0, 400.0

_NUMBER = r"(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)"
_TURNED = re.compile(r"[\s_-]*landscape$")
_CUSTOM = re.compile(rf"({_NUMBER})\s*[x×]\s*({_NUMBER})\s*([a-z]*)")


def paper_mm(name: str) -> tuple[float, float]:
    """(width, height) in mm of the paper `name`: a named paper (PAPER_MM, any case) or
    a custom `WxH` in mm ("300x450mm", "300 x 450"). LayoutError naming the known papers
    for anything else, or for a custom paper under A5 or over PAPER_MAX_MM."""
    key = _key(name)
    if key in PAPER_MM:
        return PAPER_MM[key]
    size = _custom(name, "paper", PAPER_MM, "300x450mm")
    short, long = sorted(size)
    if not (PAPER_SHORT_MM <= short and PAPER_LONG_MM <= long and long <= PAPER_MAX_MM):
        raise LayoutError(
            f"paper {quoted(name)} is {_shown(size)}: a paper is at least "
            f"{PAPER_SHORT_MM:g} x {PAPER_LONG_MM:g} mm (A5, either way round; the "
            f"rulebook lays out on half of it) and at most {PAPER_MAX_MM:g} mm a side"
        )
    return size


def card_mm(name: str) -> tuple[float, float]:
    """(width, height) in mm of the card size `name`: a named size (CARD_SIZES_MM, any
    case; "mini euro" is mini-euro) or a custom `WxH` in mm ("70x70mm"), either one
    with `-landscape` for the card turned sideways. LayoutError naming the known sizes
    for anything else, or for a custom side outside CARD_MIN_MM..CARD_MAX_MM."""
    key = _key(name)
    turned = key.endswith(LANDSCAPE)
    base = key.removesuffix(LANDSCAPE)
    if base in CARD_SIZES_MM:
        w, h = CARD_SIZES_MM[base]
    else:
        typed = _TURNED.sub("", str(name).strip().casefold()) if turned else name
        w, h = _custom(typed, "card size", CARD_SIZES_MM, "63.5x88.9mm")
        if not all(CARD_MIN_MM <= side <= CARD_MAX_MM for side in (w, h)):
            raise LayoutError(
                f"card size {quoted(name)} is {_shown((w, h))}: each side of a card is "
                f"{CARD_MIN_MM:g}..{CARD_MAX_MM:g} mm"
            )
    return (h, w) if turned else (w, h)


def card_corner_mm(name: str) -> float:
    """The corner radius in mm that the card size `name` is cut to by default
    (CARD_CORNER_MM, matched by its mm either way round, so "63.5x88.9mm" and
    "poker-landscape" are poker); 0.0, square, for any other size. LayoutError as
    `card_mm` raises it."""
    size = sorted(card_mm(name))
    for known, radius in CARD_CORNER_MM.items():
        if size == sorted(CARD_SIZES_MM[known]):
            return radius
    return 0.0


def paper_name(name: str) -> str:
    """The one spelling of the paper `name`: its key in PAPER_MM, else "WxHmm" with the
    numbers as short as they go ("300x450mm"). LayoutError as `paper_mm` raises it."""
    size = paper_mm(name)
    key = _key(name)
    return key if key in PAPER_MM else _custom_name(size)


def card_size_name(name: str) -> str:
    """The one spelling of the card size `name`: "poker", "poker-landscape", "70x70mm"
    (a custom size is always written as it prints, width first: "88.9x63.5mm" for
    "63.5x88.9-landscape"). LayoutError as `card_mm` raises it."""
    size = card_mm(name)
    key = _key(name)
    return key if key.removesuffix(LANDSCAPE) in CARD_SIZES_MM else _custom_name(size)


def paper_title(name: str) -> str:
    """The paper as a sheet prints it: "A4 (210 × 297 mm)", "300 × 450 mm"."""
    size = paper_mm(name)
    key = _key(name)
    shown = f"{size[0]:g} × {size[1]:g} mm"
    return f"{PAPER_TITLES[key]} ({shown})" if key in PAPER_TITLES else shown


def half_sheet_mm(paper: str) -> tuple[float, float]:
    """The rulebook's page on `paper` (mm): HALF_SHEET_MM for a named paper; for a custom
    one, half its long side wide and its short side tall, so two pages side by side
    fill the sheet turned landscape (pnp.render.booklet). LayoutError as `paper_mm`."""
    size = paper_mm(paper)
    key = _key(paper)
    if key in HALF_SHEET_MM:
        return HALF_SHEET_MM[key]
    short, long = sorted(size)
    return (long / 2, short)


def size_names(kind: str) -> list[str]:
    """The named sizes of `kind` ("paper" or "card"), for help texts and completion."""
    return list(PAPER_MM if kind == "paper" else CARD_SIZES_MM)


def _key(name: str) -> str:
    """`name` folded for a look-up: any case, spaces and underscores as hyphens."""
    return re.sub(r"[\s_]+", "-", str(name).strip().casefold())


def _custom(name: str, what: str, known: dict, example: str) -> tuple[float, float]:
    """(width, height) of a custom size "WxH" or "WxHmm" (x or ×, any case, spaces
    around); LayoutError naming the known sizes and the form when `name` is neither, and
    naming mm when it has another unit."""
    text = str(name).strip().casefold()
    found = _CUSTOM.fullmatch(text)
    if found is None:
        import difflib  # here: only a name to correct needs it

        close = difflib.get_close_matches(_key(name), list(known), n=1, cutoff=0.6)
        hint = f"did you mean {close[0]}? " if close else ""
        turned = f", any with {LANDSCAPE}" if what == "card size" else ""
        raise LayoutError(
            f"unknown {what} {quoted(name)}; {hint}known: {', '.join(known)}{turned}, or "
            f"WxH in mm ({example})"
        )
    w, h, unit = found.groups()
    if unit not in ("", "mm"):
        raise LayoutError(
            f"{what} {quoted(name)} is in {quoted(unit)}: a custom size is WxH in mm, like "
            f"{example}"
        )
    return float(w), float(h)


def _custom_name(size: tuple[float, float]) -> str:
    return f"{size[0]:g}x{size[1]:g}mm"


def _shown(size: tuple[float, float]) -> str:
    return f"{size[0]:g} x {size[1]:g} mm"
