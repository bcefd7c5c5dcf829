"""The TrueType fonts the PDFs embed: the package's `pnp/data/fonts/` folder, or the game's own
(game.toml's [fonts], pnp.data.game_fonts) while that game is printed.

Fonts are registered with reportlab once, on first use, and embedded (subset) in
every PDF. Every text names its font by style (REGULAR, BOLD, ITALIC);
`use_game_fonts` decides once per game which files those styles are, so every text the
game prints (faces, rulebook, aids, tracker) is in the game's fonts. `missing_glyphs` checks text against a font's character map, so a
character the font cannot draw is a validation error instead of a blank box.

Every PDF writer draws with these fonts, so this is also where reportlab is told to
write binary streams: its default ASCII85 encoding of pages, forms (card backs) and
images makes each stream a quarter larger and costs time for nothing a PDF reader
needs (issue 12).
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from pathlib import Path
from typing import Callable, Mapping

from reportlab import rl_config
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from pnp.core.errors import PnpError
from pnp.core.shown import quoted

rl_config.useA85 = 0

FONT_DIR = Path(__file__).resolve().parent / "data" / "fonts"  # package data

REGULAR = "HackPack-Regular"
BOLD = "HackPack-Bold"
ITALIC = "HackPack-Italic"

FILES = {
    REGULAR: "DejaVuSansCondensed.ttf",
    BOLD: "DejaVuSansCondensed-Bold.ttf",
    ITALIC: "DejaVuSansCondensed-Oblique.ttf",
}
STYLES = {"regular": REGULAR, "bold": BOLD, "italic": ITALIC}

#: The game's own files for the styles while its fonts are in use (empty: FILES)
_GAME_FILES: dict[str, Path] = {}
#: What forgets text measured in the fonts when the files change (caches' cache_clear)
_ON_CHANGE: list[Callable[[], None]] = []
#: The style names `release` unregistered, registered again by `use_game_fonts`
_RELEASED: list[str] = []


def on_change(forget: Callable[[], None]) -> None:
    """Call `forget` whenever `use_game_fonts` changes which files the style names are (a
    cache of text measured in them, pnp.layout.text, passes its cache_clear)."""
    _ON_CHANGE.append(forget)


def use_game_fonts(files: Mapping[str, Path] | None) -> None:
    """Print with `files` ("regular", "bold", "italic" -> a TrueType file already checked
    by pnp.data.game_fonts) from now on, or with the package's fonts when None. The
    style names stay; the fonts behind them are registered anew (only when they change).
    Raises PnpError when reportlab cannot read a file."""
    wanted = {STYLES[k]: Path(v) for k, v in files.items()} if files else {}
    registered = [n for n in STYLES.values() if n in pdfmetrics.getRegisteredFontNames()]
    registered += _RELEASED
    _RELEASED.clear()
    if wanted != _GAME_FILES:
        _GAME_FILES.clear()
        _GAME_FILES.update(wanted)
        _forget()
    for name in registered:  # a name measured before must not keep the old file's metrics
        font(name)


def release() -> None:
    """Unregister the fonts and forget everything measured in them (reportlab keeps
    over 1 MiB of tables a font): for a process that has written its last PDF and goes
    on to rasterise it (pnp.export's images), so that the rasterising reuses their
    memory. The next `use_game_fonts` (every build, export and validation calls it)
    registers again those released, and `font` any other on its first use."""
    for name in STYLES.values():
        registered = pdfmetrics._fonts.pop(name, None)
        if registered is not None:
            pdfmetrics._dynFaceNames.pop(registered.face.name, None)
            _RELEASED.append(name)
    _forget()


def _forget() -> None:
    """Forget the fonts looked up and everything measured in them."""
    for forget in _ON_CHANGE:
        forget()
    font.cache_clear()
    metrics.cache_clear()
    _PRINTABLE.clear()


def font_file(name: str) -> Path:
    """The TrueType file the style `name` prints in now: the game's while `use_game_fonts`
    is in force, else the package's."""
    return _GAME_FILES.get(name) or FONT_DIR / FILES[name]


@lru_cache(maxsize=None)
def font(name: str) -> str:
    """Register (once) the TTFont called `name` (the game's file for it while
    `use_game_fonts` is in force) and return its name; raises PnpError if the file is
    missing or reportlab cannot read it."""
    path = font_file(name)
    if not path.is_file():
        raise PnpError(f"font file missing: {path} (the fonts/ folder ships with the repository)")
    pdfmetrics._fonts.pop(name, None)  # reportlab keeps the first font of a name: replace it
    earlier = list(STYLES.values())[: list(STYLES.values()).index(name)]
    shared = next((font(n) for n in earlier if _GAME_FILES.get(n) == path), None)
    if shared is not None:  # one file for two styles is one font, embedded once
        pdfmetrics._fonts[name] = pdfmetrics.getFont(shared)
        return name
    try:
        ttf = TTFont(name, str(path))
    except Exception as exc:  # reportlab's TTFError and the struct errors of a damaged file
        raise PnpError(f"font {path}: reportlab cannot embed it: {exc}") from None
    pdfmetrics._dynFaceNames.pop(ttf.face.name, None)  # and of a PostScript name
    pdfmetrics.registerFont(ttf)
    return name


def register_all(italic: bool = False) -> None:
    """Register the regular and bold styles as one family (for <b> in rulebook paragraphs),
    and the italic style in it too when `italic` (for <i>; its file is parsed only then)."""
    font(REGULAR)
    font(BOLD)
    pdfmetrics.registerFontFamily(
        REGULAR,
        normal=REGULAR,
        bold=BOLD,
        italic=font(ITALIC) if italic else REGULAR,
        boldItalic=BOLD,
    )


# Characters the layout turns into a space, a line break, a hyphen or nothing (as the
# rulebook's paragraphs do): they never reach the font. A soft hyphen (U+00AD) prints a
# hyphen only where a line breaks at it; a zero-width space (U+200B) marks a break.
BREAKS = {"\u00ad": "-", "\u200b": ""}
NO_BREAK_SPACES = "\u00a0\u2007\u202f"
# Invisible characters that belong to real text (emoji sequences, joining scripts).
_JOINERS = {"\u200c", "\u200d", "\u2060"}


def is_layout_char(ch: str) -> bool:
    """True for whitespace that separates words (tab, carriage return, any Unicode space
    but the no-break ones), a line break, a soft hyphen or a zero-width space."""
    return ch in BREAKS or (ch.isspace() and ch not in NO_BREAK_SPACES)


def is_control_char(ch: str) -> bool:
    """True for an invisible control or format character that prints nothing and is not
    layout (U+0000-U+001F but whitespace, U+007F-U+009F, bidi overrides, U+FEFF, …)."""
    return (
        not is_layout_char(ch)
        and ch not in _JOINERS
        and unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn")
    )


def missing_glyphs(text: str, name: str) -> set[str]:
    """Characters of `text` that would not print as written in font `name`: control
    characters (`is_control_char`) and characters the font has no glyph for. Layout
    characters (`is_layout_char`) never reach the font and are not counted."""
    face = pdfmetrics.getFont(font(name)).face
    printable = _PRINTABLE.setdefault((name, id(face)), set())
    chars = set(text) - printable
    if not chars:
        return set()
    cmap = face.charToGlyph
    missing = {
        ch
        for ch in chars
        if not is_layout_char(ch) and (is_control_char(ch) or ord(ch) not in cmap)
    }
    printable |= chars - missing
    return missing


#: (font name, its registered face) -> the characters found to print in it (or never to
#: reach it), so each character is looked up once a process, however many texts hold it
_PRINTABLE: dict[tuple[str, int], set[str]] = {}


def glyph_problem(chars: set[str]) -> str:
    """The message for characters `missing_glyphs` found: control characters named as
    such (they print nothing), the rest as glyphs the font lacks; each with its code."""

    def listed(group: list[str]) -> str:
        return ", ".join(f"{quoted(ch)} (U+{ord(ch):04X})" for ch in group)

    controls = sorted(ch for ch in chars if is_control_char(ch))
    others = sorted(chars - set(controls))
    parts = (
        [
            f"holds the invisible control {'character' if len(controls) == 1 else 'characters'}"
            f" {listed(controls)}, which {'prints' if len(controls) == 1 else 'print'} "
            "nothing; remove " + ("it" if len(controls) == 1 else "them")
        ]
        if controls
        else []
    )
    parts += [f"the font has no glyph for {listed(others)}"] if others else []
    return "; ".join(parts)


@lru_cache(maxsize=None)
def metrics(name: str) -> tuple[float, float]:
    """(ascent, descent) of font `name` as fractions of the font size (descent negative):
    the em box every line of text is placed and checked by."""
    face = pdfmetrics.getFont(font(name)).face
    return face.ascent / 1000, face.descent / 1000
