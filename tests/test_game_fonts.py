"""A game's own fonts (issue 27 item 4; README, "A game's own fonts"): game.toml's
[fonts] names TrueType files in the game's folder and their licence; a TrueType font
is embedded in every PDF of the kit, and a CFF-flavoured OpenType font, a font whose
fsType forbids embedding, a path out of the folder, a missing licence and a glyph the
font lacks are each one `Error:` line with file:line (exit 1).

The fonts are made here from the repository's DejaVu Sans Condensed with fontTools:
renamed, with an fsType set, with glyphs left out, or redrawn as CFF outlines."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.t2CharStringPen import T2CharStringPen
from fontTools.subset import Options, Subsetter
from fontTools.ttLib import TTFont
from pypdf import PdfReader
from reportlab.pdfbase import pdfmetrics

from pnp.cli import main
from pnp.fonts import BOLD, FONT_DIR, REGULAR, STYLES, font, release, use_game_fonts
from pnp.layout.text import text_width

DEJAVU = FONT_DIR / "DejaVuSansCondensed.ttf"
DEJAVU_BOLD = FONT_DIR / "DejaVuSansCondensed-Bold.ttf"


def run(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.fixture(autouse=True)
def _repository_fonts_after():
    yield
    use_game_fonts(None)  # the next test in this process prints in the repository's fonts


def renamed(source: Path, out: Path, family: str, fs_type: int = 0, drop: str = "") -> Path:
    """`source` saved as `out` with the family `family` (PostScript name `family`-Style),
    OS/2 fsType `fs_type` and no glyph for the characters of `drop`."""
    tt = TTFont(str(source))
    if drop:
        keep = set(tt.getBestCmap()) - {ord(ch) for ch in drop}
        options = Options()
        options.name_IDs = ["*"]
        options.notdef_outline = True
        sub = Subsetter(options)
        sub.populate(unicodes=keep)
        sub.subset(tt)
    style = "Bold" if "Bold" in source.name else "Regular"
    names = tt["name"]
    for rec in list(names.names):
        if rec.nameID in (1, 4, 6, 16):
            names.removeNames(nameID=rec.nameID)
    names.setName(family, 1, 3, 1, 0x409)
    names.setName(f"{family} {style}", 4, 3, 1, 0x409)
    names.setName(f"{family}-{style}", 6, 3, 1, 0x409)
    tt["OS/2"].fsType = fs_type
    out.parent.mkdir(parents=True, exist_ok=True)
    tt.save(str(out))
    return out


def cff_font(out: Path) -> Path:
    """A CFF-flavoured OpenType font (PostScript outlines) of DejaVu's ASCII letters."""
    src = TTFont(str(DEJAVU))
    cmap = {cp: name for cp, name in src.getBestCmap().items() if 32 <= cp < 127}
    order = [".notdef", *dict.fromkeys(cmap.values())]
    glyphs, hmtx = src.getGlyphSet(), src["hmtx"]
    strings = {}
    for name in order:
        pen = T2CharStringPen(hmtx[name][0], glyphs)
        glyphs[name].draw(pen)
        strings[name] = pen.getCharString()
    fb = FontBuilder(src["head"].unitsPerEm, isTTF=False)
    fb.setupGlyphOrder(order)
    fb.setupCharacterMap(cmap)
    fb.setupCFF("TestCff-Regular", {"FullName": "TestCff Regular"}, strings, {})
    fb.setupHorizontalMetrics({n: hmtx[n] for n in order})
    fb.setupHorizontalHeader(ascent=928, descent=-236)
    fb.setupNameTable({"familyName": "TestCff", "styleName": "Regular"})
    fb.setupOS2(fsType=0)
    fb.setupPost()
    out.parent.mkdir(parents=True, exist_ok=True)
    fb.save(str(out))
    return out


def new_game(tmp_path: Path, fonts: str) -> tuple[Path, Path, int]:
    """A `pnp new` game in tmp_path/data whose game.toml ends with `fonts` (a [fonts]
    table); returns the data folder, the game.toml and the line of the table's header."""
    data = tmp_path / "data"
    assert run("new", "moon-base", "--dir", str(data)).exit_code == 0
    game = data / "moon-base" / "game.toml"
    text = game.read_text(encoding="utf-8")
    header = text.count("\n") + 2
    game.write_text(text + "\n" + fonts, encoding="utf-8")
    (data / "moon-base" / "fonts").mkdir(exist_ok=True)
    (data / "moon-base" / "fonts" / "OFL.txt").write_text("licence", encoding="utf-8")
    return data, game, header


FONTS = '[fonts]\nregular = "fonts/TestSans-Regular.ttf"\nbold = "fonts/TestSans-Bold.ttf"\nlicence = "fonts/OFL.txt"\n'


def base_fonts(pdf: Path) -> set[str]:
    """Every font's BaseFont in `pdf`'s pages (and the forms they draw)."""
    found: set[str] = set()

    def fonts_of(resources) -> None:
        resources = resources.get_object() if resources is not None else {}
        for f in (resources.get("/Font") or {}).values():
            found.add(str(f.get_object()["/BaseFont"]))
        for x in (resources.get("/XObject") or {}).values():
            x = x.get_object()
            if x.get("/Subtype") == "/Form":
                fonts_of(x.get("/Resources"))

    for page in PdfReader(str(pdf)).pages:
        fonts_of(page.get("/Resources"))
    return found


@pytest.mark.parametrize("fs_type", [0x0000, 0x0004, 0x0008])
def test_a_truetype_font_prints_every_text_of_the_game(tmp_path, fs_type):
    data, _game, _line = new_game(tmp_path, FONTS)
    folder = data / "moon-base" / "fonts"
    renamed(DEJAVU, folder / "TestSans-Regular.ttf", "TestSans", fs_type)
    renamed(DEJAVU_BOLD, folder / "TestSans-Bold.ttf", "TestSans", fs_type)
    out = tmp_path / "out"
    result = run("build", "--game", "moon-base", "--data", str(data), "--out", str(out))
    assert result.exit_code == 0, result.output
    pdfs = sorted((out / "moon-base").glob("*.pdf"))
    assert {p.name for p in pdfs} >= {"cards.pdf", "rules.pdf", "booklet.pdf"}
    for pdf in pdfs:
        names = base_fonts(pdf)
        assert names, pdf.name
        # reportlab embeds a subset: six capital letters, "+", the PostScript name
        assert all(n[1:7].isupper() and n[7] == "+" for n in names), (pdf.name, names)
        families = {n[8:] for n in names}
        assert families <= {"TestSans-Regular", "TestSans-Bold"}, (pdf.name, families)
        assert "TestSans-Regular" in families or "TestSans-Bold" in families
    # a game without [fonts] built afterwards in the same process is back in DejaVu
    plain = tmp_path / "plain"
    assert run("new", "star-port", "--dir", str(plain)).exit_code == 0
    result = run("build", "--game", "star-port", "--data", str(plain), "--out", str(out))
    assert result.exit_code == 0, result.output
    names = base_fonts(out / "star-port" / "cards.pdf")
    assert names and all("DejaVu" in n for n in names), names


def _registered() -> set[str]:
    return set(STYLES.values()) & set(pdfmetrics.getRegisteredFontNames())


def test_released_fonts_are_registered_again_by_the_next_game_and_measure_the_same():
    use_game_fonts(None)
    width = text_width("Hack Pack: 7 \u2212 2", font(BOLD), 9.5)
    font(REGULAR)
    release()  # what an export does once its faces PDF is written
    assert _registered() == set()
    use_game_fonts(None)  # the next build, export or validation in the same process
    assert _registered() >= {REGULAR, BOLD}
    assert text_width("Hack Pack: 7 \u2212 2", BOLD, 9.5) == width


def test_an_export_releases_a_games_fonts_and_later_builds_print_in_the_right_ones(tmp_path):
    data, _game, _line = new_game(tmp_path, FONTS)
    folder = data / "moon-base" / "fonts"
    renamed(DEJAVU, folder / "TestSans-Regular.ttf", "TestSans")
    renamed(DEJAVU_BOLD, folder / "TestSans-Bold.ttf", "TestSans")
    out = tmp_path / "out"
    for fmt in ("tts", "png"):
        result = run("export", "-g", "moon-base", "--data", str(data), "--format", fmt,
                     "--dpi", "50", "--out", str(out))  # fmt: skip
        assert result.exit_code == 0, result.output
        assert _registered() == set()  # released once the faces PDF was written
    result = run("build", "--game", "moon-base", "--data", str(data), "--out", str(out))
    assert result.exit_code == 0, result.output
    assert {n[8:] for n in base_fonts(out / "moon-base" / "cards.pdf")} <= {
        "TestSans-Regular",
        "TestSans-Bold",
    }
    plain = tmp_path / "plain"
    assert run("new", "star-port", "--dir", str(plain)).exit_code == 0
    assert run("export", "-g", "star-port", "--data", str(plain), "--format", "tts",
               "--dpi", "50", "--out", str(out)).exit_code == 0  # fmt: skip
    result = run("build", "--game", "star-port", "--data", str(plain), "--out", str(out))
    assert result.exit_code == 0, result.output
    names = base_fonts(out / "star-port" / "cards.pdf")
    assert names and all("DejaVu" in n for n in names), names


def _refused(tmp_path, fonts: str, make) -> tuple[str, Path, int]:
    data, game, header = new_game(tmp_path, fonts)
    make(data / "moon-base")
    result = run("validate", "--game", "moon-base", "--data", str(data))
    assert result.exit_code == 1, result.output
    *lines, summary = result.output.splitlines()
    assert summary.startswith("Error: moon-base: ") and summary.endswith(" found."), summary
    return "\n".join(lines), Path("moon-base/game.toml"), header


def test_a_cff_flavoured_opentype_font_is_refused_naming_the_file_and_why(tmp_path):
    fonts = '[fonts]\nregular = "fonts/TestCff-Regular.otf"\nlicence = "fonts/OFL.txt"\n'
    output, game, header = _refused(
        tmp_path, fonts, lambda g: cff_font(g / "fonts" / "TestCff-Regular.otf")
    )
    assert "CFF " in TTFont(str(tmp_path / "data" / "moon-base/fonts/TestCff-Regular.otf"))
    assert output.splitlines() == [
        f"Error: {game}:{header + 1}: field 'fonts.regular': font "
        "'fonts/TestCff-Regular.otf' is CFF-flavoured OpenType (PostScript outlines): "
        "reportlab embeds only TrueType outlines; use a .ttf"
    ]


@pytest.mark.parametrize(
    "fs_type, reason",
    [
        (0x0002, "its licence forbids embedding (OS/2 fsType bit 1"),
        (0x0104, "its licence forbids subsetting (OS/2 fsType bit 8)"),
        (0x0200, "its licence allows embedding bitmaps only (OS/2 fsType bit 9)"),
    ],
)
def test_a_font_whose_licence_forbids_embedding_is_refused(tmp_path, fs_type, reason):
    def make(g: Path) -> None:
        renamed(DEJAVU, g / "fonts" / "TestSans-Regular.ttf", "TestSans", fs_type)
        renamed(DEJAVU_BOLD, g / "fonts" / "TestSans-Bold.ttf", "TestSans")

    output, game, header = _refused(tmp_path, FONTS, make)
    [line] = output.splitlines()
    assert line.startswith(
        f"Error: {game}:{header + 1}: field 'fonts.regular': font "
        "'fonts/TestSans-Regular.ttf' cannot be embedded: " + reason
    )


@pytest.mark.parametrize(
    "path, message",
    [
        (
            "../TestSans-Regular.ttf",
            "the path '../TestSans-Regular.ttf' leads outside the game folder ('..')",
        ),
        (
            "/usr/share/fonts/x.ttf",
            'the path must be relative to the game folder, such as "fonts/x.ttf"',
        ),
        ("fonts/link.ttf", "'fonts/link.ttf' is a link that leads outside the game folder"),
        ("fonts/none.ttf", "the file 'fonts/none.ttf' does not exist"),
    ],
)
def test_a_font_path_must_name_a_file_inside_the_game_folder(tmp_path, path, message):
    fonts = f'[fonts]\nregular = "{path}"\nlicence = "fonts/OFL.txt"\n'

    def make(g: Path) -> None:
        outside = renamed(DEJAVU, tmp_path / "elsewhere" / "TestSans-Regular.ttf", "TestSans")
        (g / "fonts" / "link.ttf").symlink_to(outside)

    output, game, header = _refused(tmp_path, fonts, make)
    assert output.splitlines() == [f"Error: {game}:{header + 1}: field 'fonts.regular': {message}"]


def test_a_missing_licence_file_is_refused(tmp_path):
    fonts = '[fonts]\nregular = "fonts/TestSans-Regular.ttf"\nlicence = "fonts/LICENCE.txt"\n'
    output, game, header = _refused(
        tmp_path, fonts, lambda g: renamed(DEJAVU, g / "fonts" / "TestSans-Regular.ttf", "TestSans")
    )
    assert output.splitlines() == [
        f"Error: {game}:{header + 2}: field 'fonts.licence': the file 'fonts/LICENCE.txt' does not exist"
    ]


def test_fonts_without_a_licence_key_or_with_an_unknown_key_are_refused(tmp_path):
    fonts = '[fonts]\nregular = "fonts/TestSans-Regular.ttf"\nweight = "fonts/x.ttf"\n'
    output, game, header = _refused(
        tmp_path, fonts, lambda g: renamed(DEJAVU, g / "fonts" / "TestSans-Regular.ttf", "TestSans")
    )
    lines = output.splitlines()
    assert any(f"{game}:{header + 2}: field 'fonts.weight': unknown key" in x for x in lines), lines
    assert any("field 'fonts.licence'" in x and "missing" in x for x in lines), lines


def test_a_character_the_font_lacks_is_named_with_its_card_and_field(tmp_path):
    def make(g: Path) -> None:
        renamed(DEJAVU, g / "fonts" / "TestSans-Regular.ttf", "TestSans", drop="Ж")
        renamed(DEJAVU_BOLD, g / "fonts" / "TestSans-Bold.ttf", "TestSans", drop="Ж")
        cards = g / "cards.toml"
        text = cards.read_text(encoding="utf-8")
        cards.write_text(text.replace('name = "Old Coin"', 'name = "Old Жcoin"'), "utf-8")

    output, _game, _header = _refused(tmp_path, FONTS, make)
    lines = output.splitlines()
    assert lines and all(x.startswith("Error: ") for x in lines), lines
    assert any(
        "cards.toml:27: card 'old-coin', field 'name'" in x and "'Ж' (U+0416)" in x for x in lines
    ), lines


def test_a_registered_game_prints_in_its_own_fonts_too(tmp_path):
    """The [fonts] table is every game's: Hack Back (whose faces print italic text), with
    one font for all three styles, embeds that font alone in every PDF of its kit."""
    import shutil

    from pnp.core.paths import SHIPPED_DATA_DIR

    data = tmp_path / "data"
    shutil.copytree(SHIPPED_DATA_DIR / "hack-back", data / "hack-back")
    game = data / "hack-back" / "game.toml"
    fonts = '[fonts]\nregular = "fonts/TestSans-Regular.ttf"\nlicence = "fonts/OFL.txt"\n'
    game.write_text(game.read_text(encoding="utf-8") + "\n" + fonts, encoding="utf-8")
    renamed(DEJAVU, data / "hack-back" / "fonts" / "TestSans-Regular.ttf", "TestSans", 0x0008)
    (data / "hack-back" / "fonts" / "OFL.txt").write_text("licence", encoding="utf-8")
    out = tmp_path / "out"
    result = run("build", "--game", "hack-back", "--data", str(data), "--out", str(out))
    assert result.exit_code == 0, result.output
    pdfs = sorted((out / "hack-back").glob("*.pdf"))
    assert "cards.pdf" in {p.name for p in pdfs}
    for pdf in pdfs:
        assert {n[8:] for n in base_fonts(pdf)} == {"TestSans-Regular"}, pdf.name


def test_the_flavour_is_read_from_the_tables_not_the_file_name(tmp_path):
    """An OpenType font with TrueType outlines (a `glyf` table) is accepted whatever its
    file is called: here a .otf."""
    fonts = '[fonts]\nregular = "fonts/TestSans-Regular.otf"\nlicence = "fonts/OFL.txt"\n'
    data, _game, _header = new_game(tmp_path, fonts)
    otf = renamed(DEJAVU, data / "moon-base" / "fonts" / "TestSans-Regular.otf", "TestSans")
    assert "glyf" in TTFont(str(otf)) and "CFF " not in TTFont(str(otf))
    result = run("validate", "--game", "moon-base", "--data", str(data))
    assert result.exit_code == 0, result.output
    assert result.output.startswith("moon-base: OK"), result.output
