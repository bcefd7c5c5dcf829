"""A game's own fonts: the `[fonts]` table of game.toml.

    [fonts]
    regular = "fonts/MyFont-Regular.ttf"
    bold = "fonts/MyFont-Bold.ttf"        # optional: the regular font prints bold text
    italic = "fonts/MyFont-Italic.ttf"    # optional: the regular font prints italic text
    licence = "fonts/OFL.txt"

Paths are relative to the game's folder and must stay inside it (no absolute path, no
`..` and no link that leads out of it). Each font file is checked with fontTools before
reportlab sees it: it must parse; its outlines must be TrueType (a `glyf` table): a
CFF-flavoured OpenType font ('CFF ' or 'CFF2' table, PostScript outlines) is refused,
because reportlab embeds only TrueType outlines; and its OS/2 `fsType` must allow
embedding in a printed document: restricted-licence embedding (bit 1, 0x0002), no
subsetting (bit 8, 0x0100: reportlab always embeds a subset) and bitmap embedding only
(bit 9, 0x0200) are refused, preview & print (bit 2) and editable (bit 3) embedding are
accepted. The licence file must exist. Whether the fonts hold a glyph for every
character the game prints is checked where each text is checked (pnp.validate, the
faces), with the game's fonts in use (pnp.fonts.use_game_fonts). Source: issue 27 item 4.
"""

from __future__ import annotations

import stat
from pathlib import Path

from pnp.core.errors import Problem
from pnp.core.file_kinds import kind_of
from pnp.core.records import NamedTuple
from pnp.core.shown import quoted
from pnp.data.schema import Field, check_table
from pnp.data.toml_source import TableLines, TomlFile

STYLES = ("regular", "bold", "italic")
FONT_FIELDS = [
    Field("regular", "str", 'a font file in the game folder, such as "fonts/MyFont-Regular.ttf"'),
    Field("bold", "str", "a font file in the game folder", required=False),
    Field("italic", "str", "a font file in the game folder", required=False),
    Field("licence", "str", 'the fonts\' licence file in the game folder, such as "fonts/OFL.txt"'),
]
FONTS_FIELD = Field(
    "fonts",
    "table",
    "a [fonts] table naming the game's font files (regular, bold, italic) and licence",
    required=False,
)

#: OS/2 fsType bits that forbid what the PDFs do, and why (OpenType spec, OS/2 table).
REFUSED_FS_TYPE = {
    0x0002: "its licence forbids embedding (OS/2 fsType bit 1, restricted licence embedding)",
    0x0100: "its licence forbids subsetting (OS/2 fsType bit 8), and reportlab always "
    "embeds a subset of the glyphs used",
    0x0200: "its licence allows embedding bitmaps only (OS/2 fsType bit 9), and the PDFs "
    "embed outlines",
}
CFF_REASON = (
    "CFF-flavoured OpenType (PostScript outlines): reportlab embeds only TrueType "
    "outlines; use a .ttf"
)
MAX_FONT_BYTES = 64 * 1024 * 1024


class GameFonts(NamedTuple):
    """The checked font files of a game (resolved paths; `bold` and `italic` are the
    regular file when game.toml names none) and its licence file."""

    regular: Path
    bold: Path
    italic: Path
    licence: Path

    def files(self) -> dict[str, Path]:
        """Style ("regular", "bold", "italic") -> font file."""
        return {"regular": self.regular, "bold": self.bold, "italic": self.italic}


def inside(file: str, folder: Path) -> tuple[Path | None, str | None]:
    """The regular file `file` names inside the game `folder` (links followed), or None and
    why not: empty, absolute, with `..`, leading outside the folder, missing, or not a
    regular file."""
    path = Path(file)
    if not file.strip() or "\x00" in file:
        return None, "the path is empty" if not file.strip() else "the path holds a NUL character"
    if path.is_absolute() or path.drive or path.root:
        return None, f'the path must be relative to the game folder, such as "fonts/{path.name}"'
    if ".." in path.parts:
        return None, f"the path {quoted(file)} leads outside the game folder ('..')"
    base = folder.resolve()
    try:
        resolved = (base / path).resolve()
    except (OSError, RuntimeError) as exc:  # a link loop
        return None, f"cannot follow the path: {exc}"
    if not resolved.is_relative_to(base):
        return None, f"{quoted(file)} is a link that leads outside the game folder"
    try:
        mode = resolved.stat().st_mode
    except FileNotFoundError:
        return None, f"the file {quoted(file)} does not exist"
    except OSError as exc:
        return None, f"cannot read {quoted(file)}: {exc.strerror or exc}"
    if not stat.S_ISREG(mode):
        return None, f"{quoted(file)} is {kind_of(mode)}, not a file"
    return resolved, None


def font_problem(path: Path, file: str) -> str | None:
    """Why the font file at `path` (named `file` in game.toml) cannot print, or None: it
    does not parse as TrueType/OpenType, has CFF outlines, no TrueType outlines, no
    Unicode character map, or an fsType that forbids embedding it (REFUSED_FS_TYPE)."""
    from fontTools.ttLib import TTFont, TTLibError

    if path.stat().st_size > MAX_FONT_BYTES:
        return f"font {quoted(file)} is larger than {MAX_FONT_BYTES // 2**20} MiB"
    try:
        with TTFont(str(path), lazy=True, fontNumber=0) as tt:
            if "CFF " in tt or "CFF2" in tt:
                return f"font {quoted(file)} is {CFF_REASON}"
            if "glyf" not in tt or "loca" not in tt:
                return f"font {quoted(file)} has no TrueType outlines (no 'glyf' table)"
            if tt.getBestCmap() is None:
                return f"font {quoted(file)} has no Unicode character map"
            fs_type = tt["OS/2"].fsType if "OS/2" in tt else 0
    except (TTLibError, OSError, ValueError, KeyError, AssertionError, EOFError) as exc:
        return f"font {quoted(file)} cannot be read as TrueType or OpenType: {exc}"
    for bit, reason in REFUSED_FS_TYPE.items():
        if fs_type & bit:
            return f"font {quoted(file)} cannot be embedded: {reason}"
    return None


def read_game_fonts(tf: TomlFile) -> tuple[GameFonts | None, list[Problem]]:
    """The checked [fonts] table of the game.toml `tf` (None when it has none, or any
    problem), and every problem, each at its key's line as `fonts.KEY`."""
    raw = tf.data.get("fonts")
    if not isinstance(raw, dict):
        return None, []
    where = tf.lines.tables.get("fonts", TableLines(tf.lines.top.of("fonts")))
    values, problems = check_table(raw, FONT_FIELDS, where, tf.path)
    problems = [
        Problem(p.file, p.message, p.line, p.column, p.card_id, f"fonts.{p.field}", p.subject)
        if p.field
        else p
        for p in problems
    ]
    folder = Path(tf.path).parent
    found: dict[str, Path] = {}
    for key in (*STYLES, "licence"):
        if key not in values:
            continue
        path, why = inside(values[key], folder)
        if path is not None and key != "licence":
            why = font_problem(path, values[key])
        if why:
            problems.append(Problem(tf.path, why, line=where.of(key), field=f"fonts.{key}"))
        elif path is not None:
            found[key] = path
    if problems or "regular" not in found or "licence" not in found:
        return None, problems
    regular = found["regular"]
    return GameFonts(
        regular, found.get("bold", regular), found.get("italic", regular), found["licence"]
    ), []
