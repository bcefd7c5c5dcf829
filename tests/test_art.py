"""Card art end to end: the `art` key in the data, checked by `pnp validate` (file:line,
card, field), placed on the faces exactly (read back from the PDF to 0.01 mm), cropped
or letterboxed per its fit, given a bleed by extending its edges when it has none, and
embedded once however many cards print it. Images are made with Pillow in each test."""

from __future__ import annotations

import math
import os
from pathlib import Path

import pdfplumber
import pypdfium2
import pytest
from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader

from pnp.build import BuildOptions, build
from pnp.cli import main
from pnp.core.units import mm_to_pt
from pnp.layout.imposition import SheetSpec, compute_grid
from tests.datafiles import edit_data
from tests.pdfread import plumbed

MM = mm_to_pt(1)
POKER = (63.5 * MM, 88.9 * MM)
TOLERANCE_PT = 0.01 * MM  # 0.01 mm


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def image(
    path: Path, size: tuple[int, int], colour=(255, 215, 90), mode: str = "RGB", left_edge=None
) -> Path:
    """A solid image at `path` (its left pixel column `left_edge` when given), by default
    a light yellow that the cards' black and grey text stays legible on (issue 28)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    im = Image.new(mode, size, colour)
    if left_edge is not None:
        for y in range(size[1]):
            im.putpixel((0, y), left_edge)
    im.save(path)
    return path


def add_art(toml: Path, card_id: str, art: str) -> int:
    """Give the card `card_id` in `toml` the line `art = ...`; return its line number."""
    return edit_data(toml, f'id = "{card_id}"', f'id = "{card_id}"\nart = {art}') + 1


def without_icons(game: Path) -> None:
    """Leave the game's icon table (game.toml `icons`) out of the copy `game`, so that
    the pictures a test counts are only its own."""
    toml = game / "game.toml"
    lines = toml.read_text().splitlines(keepends=True)
    kept = [line for line in lines if not line.startswith("icons = ")]
    assert len(kept) == len(lines) - 1
    toml.write_text("".join(kept))


def build_copy(data: Path, game: str = "hack-attack", **spec) -> tuple:
    out = data.parent.parent / "out"
    report = build(BuildOptions(game, SheetSpec(**spec), data_dir=data.parent, out_dir=out))
    return report, out / game / "cards.pdf"


def page_images(pdf: Path, page: int = 0) -> list[dict]:
    with plumbed(pdf) as doc:
        p = doc.pages[page]
        return [dict(im, page_height=p.height) for im in p.images]


def box(im: dict) -> tuple[float, float, float, float]:
    """(x, y, w, h) in PDF points, y up, of a pdfplumber image."""
    return (
        im["x0"],
        im["page_height"] - im["bottom"],
        im["x1"] - im["x0"],
        im["bottom"] - im["top"],
    )


def first_trim(spec: SheetSpec):
    grid = compute_grid(spec)
    return grid, grid.trim(*grid.slot(0))


def close(a, b) -> bool:
    return all(abs(x - y) <= TOLERANCE_PT for x, y in zip(a, b))


def image_xobjects(pdf: Path) -> int:
    """Image XObjects in the file that are not soft masks."""
    reader = PdfReader(pdf)
    masks, images = set(), set()
    for number in range(1, int(reader.trailer["/Size"])):
        obj = reader.get_object(number)  # None for a free object number
        if hasattr(obj, "get") and obj.get("/Subtype") == "/Image":
            images.add(number)
            if "/SMask" in obj:
                masks.add(obj.raw_get("/SMask").idnum)
    return len(images - masks)


# --- placement, read back from the PDF -------------------------------------------------


def test_full_bleed_art_fills_the_trim_and_its_bleed_is_made_by_extending_edges(data_copy):
    w, h = 750, 1050  # 300 dpi on poker's trim, a little wider
    image(data_copy / "art" / "tv.png", (w, h), left_edge=(0, 0, 255))
    add_art(data_copy / "tech.toml", "smart-tv", '"art/tv.png"')
    report, pdf = build_copy(data_copy)
    grid, trim = first_trim(SheetSpec())
    bleed = grid.bleed
    # cover: scaled to the larger ratio, centred
    scale = max(POKER[0] / w, POKER[1] / h)
    iw, ih = w * scale, h * scale
    x, y = trim.x + (POKER[0] - iw) / 2, trim.y + (POKER[1] - ih) / 2
    # every side that reaches the trim but not the bleed is extended by whole pixels
    ext = [
        math.ceil(bleed / scale - 1e-9) * scale if reaches else 0.0
        for reaches in (
            x >= trim.x - 1e-6,
            y >= trim.y - 1e-6,
            x + iw <= trim.x + POKER[0] + 1e-6,
            y + ih <= trim.y + POKER[1] + 1e-6,
        )
    ]
    expected = (x - ext[0], y - ext[1], iw + ext[0] + ext[2], ih + ext[1] + ext[3])
    placed = [box(im) for im in page_images(pdf)]
    assert len(placed) == 2  # smart-tv prints twice
    assert close(placed[0], expected), (placed[0], expected)
    # the drawn image reaches past the card's bleed on every side
    assert placed[0][0] <= trim.x - bleed + TOLERANCE_PT
    assert placed[0][1] <= trim.y - bleed + TOLERANCE_PT
    assert "art/tv.png" in report.generated_bleed
    # the extended left edge repeats the image's left column (blue), in the bleed
    page = pypdfium2.PdfDocument(str(pdf))[0]
    bitmap = page.render(scale=600 / 72).to_pil().convert("RGB")
    px = lambda px_x, px_y: bitmap.getpixel(
        (round(px_x * 600 / 72), round((grid.page_h - px_y) * 600 / 72))
    )
    r, g, b = px(trim.x - bleed / 2, trim.y + POKER[1] / 2)
    assert b > 200 and r < 60, (r, g, b)
    r, g, b = px(trim.x + POKER[0] / 2, trim.y + POKER[1] / 2)
    assert r > 150 and b < 100  # the image's own yellow inside


def test_art_that_brings_its_own_bleed_is_not_extended(data_copy):
    # 300 dpi poker + 3 mm bleed each side, as ../shared/bench makes them: 821 x 1121
    image(data_copy / "art" / "full.png", (821, 1121))
    add_art(data_copy / "tech.toml", "smart-tv", '{ file = "art/full.png", bleed = 3 }')
    report, pdf = build_copy(data_copy)
    _, trim = first_trim(SheetSpec())
    grown = (POKER[0] + 6 * MM, POKER[1] + 6 * MM)
    scale = max(grown[0] / 821, grown[1] / 1121)
    iw, ih = 821 * scale, 1121 * scale
    expected = (
        trim.x - 3 * MM + (grown[0] - iw) / 2,
        trim.y - 3 * MM + (grown[1] - ih) / 2,
        iw,
        ih,
    )
    assert close(box(page_images(pdf)[0]), expected)
    assert report.generated_bleed == ()


def test_window_cover_crops_to_the_window_around_the_focus_point(data_copy):
    image(data_copy / "art" / "wide.png", (1200, 300), colour=(0, 160, 0))  # 448 dpi
    window = (22.5, 23.0, 18.5, 17.0)  # in the art area under a Tech card's name
    add_art(
        data_copy / "tech.toml",
        "smart-tv",
        '{ file = "art/wide.png", window = [22.5, 23, 18.5, 17], focus = [0, 0.5] }',
    )
    _, pdf = build_copy(data_copy)
    grid, trim = first_trim(SheetSpec())
    wx, wy = trim.x + window[0] * MM, trim.y + POKER[1] - (window[1] + window[3]) * MM
    ww, wh = window[2] * MM, window[3] * MM
    scale = wh / 300  # cover: the height decides for a wide image
    expected = (wx, wy, 1200 * scale, wh)  # focus x = 0: the left edge stays in view
    assert close(box(page_images(pdf)[0]), expected)
    # only the window shows the picture: just right of it is the card's white
    bitmap = pypdfium2.PdfDocument(str(pdf))[0].render(scale=300 / 72).to_pil().convert("RGB")
    at = lambda x, y: bitmap.getpixel((round(x * 300 / 72), round((grid.page_h - y) * 300 / 72)))
    assert at(wx + ww / 2, wy + wh / 2) == pytest.approx((0, 160, 0), abs=8)
    assert at(wx + ww + 1.0 * MM, wy + wh / 2) == (255, 255, 255)


def test_window_contain_letterboxes_the_whole_image(data_copy):
    image(data_copy / "art" / "tall.png", (100, 300))
    add_art(
        data_copy / "tech.toml",
        "smart-tv",
        '{ file = "art/tall.png", window = [22.5, 23, 18.5, 17], fit = "contain" }',
    )
    # 300 px over 17 mm is 448 dpi: sharp enough
    _, pdf = build_copy(data_copy)
    _, trim = first_trim(SheetSpec())
    wx, wy = trim.x + 22.5 * MM, trim.y + POKER[1] - 40 * MM
    ww, wh = 18.5 * MM, 17 * MM
    iw = 100 * wh / 300
    assert close(box(page_images(pdf)[0]), (wx + (ww - iw) / 2, wy, iw, wh))


# --- one image XObject per distinct image -------------------------------------------------


def test_each_distinct_image_is_embedded_once_however_many_cards_print_it(data_copy):
    without_icons(data_copy)
    image(data_copy / "art" / "back.png", (760, 1070), colour=(30, 30, 90))
    image(data_copy / "art" / "tv.png", (760, 1070))
    add_art(data_copy / "tech.toml", "smart-tv", '"art/tv.png"')
    add_art(data_copy / "tech.toml", "games-console", '"art/tv.png"')
    edit_data(
        data_copy / "game.toml",
        'title = "HACK ATTACK"',
        'title = "HACK ATTACK"\nart = "art/back.png"',
    )
    report, pdf = build_copy(data_copy)
    assert image_xobjects(pdf) == 2
    assert report.images == 2
    # the back picture sits behind every card of the deck (the aids have their own back)
    reader = PdfReader(pdf)
    backs = sum(len(page_images(pdf, i)) for i in range(1, len(reader.pages), 2))
    assert backs >= 100
    assert "/ASCII85Decode" not in pdf.read_bytes().decode("latin-1")


def test_a_hack_back_deck_and_a_not_a_hack_pile_carry_their_own_back_art(tmp_path):
    import shutil

    from pnp.core.paths import SHIPPED_DATA_DIR

    data = tmp_path / "card_data"
    shutil.copytree(SHIPPED_DATA_DIR, data)
    hb, nah = data / "hack-back", data / "not-a-hack"
    image(hb / "art" / "red.png", (760, 1070), colour=(200, 0, 0))
    first_deck = next(
        line.split('"')[1]
        for line in (hb / "decks.toml").read_text().splitlines()
        if line.startswith("id = ")
    )
    add_art(hb / "decks.toml", first_deck, '"art/red.png"')
    image(nah / "art" / "black.png", (760, 1070), colour=(10, 10, 10))
    edit_data(
        nah / "game.toml",
        'title = "NOT A HACK"',
        'title = "NOT A HACK"\nart_black = "art/black.png"',
    )
    for game, folder in (("hack-back", hb), ("not-a-hack", nah)):
        report = build(
            BuildOptions(game, SheetSpec(deck_sheets=True), data_dir=data, out_dir=tmp_path / "out")
        )
        pdf = tmp_path / "out" / game / "cards.pdf"
        pages = len(PdfReader(pdf).pages)
        with_art = [i for i in range(1, pages, 2) if page_images(pdf, i)]
        assert with_art and len(with_art) < pages // 2, game  # one deck or pile only
        assert not any(page_images(pdf, i) for i in range(0, pages, 2))  # fronts: none
        assert image_xobjects(pdf) == 1  # the back's picture, embedded once
        # ... beside the cards' icon pictures, each an SVG form (not a raster image)
        assert report.images == 1 + svg_form_count(pdf)


def svg_form_count(pdf: Path) -> int:
    """Distinct SVG pictures' Form XObjects the pages draw, however deep in other forms
    (pnp.render.svg_art names them "pnpsvg<n>")."""
    reader = PdfReader(pdf)
    found: set[int] = set()

    def walk(resources) -> None:
        for name, ref in (resources or {}).get("/XObject", {}).items():
            xobject = ref.get_object()
            if xobject["/Subtype"] == "/Form" and ref.idnum not in found:
                if "pnpsvg" in name:
                    found.add(ref.idnum)
                walk(xobject.get("/Resources"))

    for page in reader.pages:
        walk(page["/Resources"])
    return len(found)


# --- checks: every refusal names file:line, card and field ---------------------------------


@pytest.mark.parametrize(
    "value, message",
    [
        ('"art/missing.png"', "does not exist"),
        ('"../outside.png"', "must be inside the game folder"),
        ('"/etc/hostname"', "must be relative to the game folder"),
        ('"art/link.png"', "must be inside the game folder"),
        ('"art/notes.png"', "not an image"),
        ('"art/cut.png"', "truncated or corrupt"),
        ('{ file = "art/ok.png", fit = "stretch" }', 'fit is "cover" or "contain"'),
        (
            '{ file = "art/ok.png", focus = [2, 0] }',
            "focus is [x, y] with each 0..1 (from the image's left and top edge): x 2 is outside 0..1",
        ),
        ('{ file = "art/ok.png", window = [0, 0, -1, 5] }', "width -1 is outside 0..500 mm"),
        ('{ file = "art/ok.png", window = [42, 3, 18] }', "expected 4 numbers, got an array of 3"),
        (
            '{ file = "art/ok.png", window = [22.5, 23, 18.5, 17], alone = true }',
            "with a window the rest of the card would be blank",
        ),
        ('{ file = "art/ok.png", tint = "red" }', "unknown key 'tint' in the art table"),
        ('{ fit = "cover" }', 'needs file = "path/to/image.png"'),
        ("42", 'expected an image path such as "art/smart-tv.png", or a table'),
    ],
)
def test_bad_art_is_refused_at_its_line(data_copy, value, message):
    art = data_copy / "art"
    image(art / "ok.png", (760, 1070))
    (data_copy.parent / "outside.png").write_bytes((art / "ok.png").read_bytes())
    os.symlink(data_copy.parent / "outside.png", art / "link.png")
    (art / "notes.png").write_text("not a picture\n")
    (art / "cut.png").write_bytes((art / "ok.png").read_bytes()[:200])
    line = add_art(data_copy / "tech.toml", "smart-tv", value)
    result = run("validate", "--game", "hack-attack", "--data", str(data_copy.parent))
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert f"tech.toml:{line}: card 'smart-tv', field 'art': " in result.output
    assert message in result.output, result.output


@pytest.mark.parametrize(
    "value, token",
    [
        ('{ file = "art/ok.png", window = [nan, 3, 18, 17] }', "nan"),
        ('{ file = "art/ok.png", window = [1e308, 3, 18, 17] }', "1e308"),
        ('{ file = "art/ok.png", focus = [0.5, inf] }', "inf"),
        ('{ file = "art/ok.png", window = [4_2, 3, 18, 17] }', "4_2"),
    ],
)
def test_a_number_not_in_plain_digits_is_refused_at_its_line_and_column(data_copy, value, token):
    image(data_copy / "art" / "ok.png", (760, 1070))
    line = add_art(data_copy / "tech.toml", "smart-tv", value)
    result = run("validate", "--game", "hack-attack", "--data", str(data_copy.parent))
    assert result.exit_code == 1 and "Traceback" not in result.output
    column = f"art = {value}".index(token) + 1
    assert (
        f"tech.toml:{line}:{column}: the number {token} is written in a form the data "
        "does not take" in result.output
    ), result.output


def test_an_image_over_the_decompression_bomb_limit_is_refused(data_copy, monkeypatch):
    image(data_copy / "art" / "big.png", (760, 1070))
    monkeypatch.setattr(Image, "MAX_IMAGE_PIXELS", 760 * 1070 - 1)
    line = add_art(data_copy / "tech.toml", "smart-tv", '"art/big.png"')
    result = run("validate", "--game", "hack-attack", "--data", str(data_copy.parent))
    assert result.exit_code == 1
    assert f"tech.toml:{line}: card 'smart-tv', field 'art': " in result.output
    assert "decompression" in result.output


def test_resolution_under_300_dpi_warns_and_under_150_is_refused(data_copy):
    art = data_copy / "art"
    image(art / "soft.png", (500, 700))  # about 200 dpi on poker
    image(art / "blurry.png", (250, 350))  # about 100 dpi
    tech = data_copy / "tech.toml"
    soft = add_art(tech, "smart-tv", '"art/soft.png"')
    result = run("validate", "--game", "hack-attack", "--data", str(data_copy.parent))
    assert result.exit_code == 0, result.output
    shown = tech.relative_to(data_copy.parent)  # relative to the data folder
    assert (
        f"Warning: {shown}:{soft}: card 'smart-tv', field 'art': 'art/soft.png' "
        "(500 x 700 px) prints at 200 dpi at this size; 300 dpi or more prints sharp"
    ) in result.stderr
    blurry = add_art(tech, "games-console", '"art/blurry.png"')
    result = run("validate", "--game", "hack-attack", "--data", str(data_copy.parent))
    assert result.exit_code == 1
    assert (
        f"{shown}:{blurry}: card 'games-console', field 'art': 'art/blurry.png' "
        "(250 x 350 px) prints at 100 dpi at this size; at least 150 dpi is needed"
    ) in result.output + result.stderr


def test_a_window_over_the_card_text_or_outside_the_safe_area_is_refused(data_copy):
    image(data_copy / "art" / "ok.png", (1000, 1000))
    tech = data_copy / "tech.toml"
    over = add_art(tech, "smart-tv", '{ file = "art/ok.png", window = [5, 48, 50, 10] }')
    edge = add_art(tech, "games-console", '{ file = "art/ok.png", window = [0.5, 30, 20, 10] }')
    result = run("validate", "--game", "hack-attack", "--data", str(data_copy.parent))
    assert result.exit_code == 1
    out = result.output
    assert f"tech.toml:{over}: card 'smart-tv', field 'art': " in out
    assert "overlaps" in out
    assert (
        f"tech.toml:{edge}: card 'games-console', field 'art': runs 2.5 mm outside the 3 mm safe area"
        in out
    )


def test_cmyk_jpeg_and_exif_rotation_are_noted_and_build(data_copy):
    art = data_copy / "art"
    art.mkdir()
    Image.new("CMYK", (760, 1070), (0, 20, 60, 0)).save(art / "cmyk.jpg", quality=90)
    tall = Image.new("RGB", (1070, 760), (200, 220, 250))
    exif = tall.getexif()
    exif[0x0112] = 6  # stored on its side: rotate 90° to show
    tall.save(art / "turned.jpg", exif=exif, quality=90)
    add_art(data_copy / "tech.toml", "smart-tv", '"art/cmyk.jpg"')
    add_art(data_copy / "tech.toml", "games-console", '"art/turned.jpg"')
    result = run(
        "build",
        "--game",
        "hack-attack",
        "--data",
        str(data_copy.parent),
        "--out",
        str(data_copy.parent.parent / "out"),
    )
    assert result.exit_code == 0, result.output
    assert "Note: " in result.stderr and "CMYK" in result.stderr
    pdf = data_copy.parent.parent / "out" / "hack-attack" / "cards.pdf"
    boxes = [box(im) for im in page_images(pdf)]
    assert all(b[3] > b[2] for b in boxes)  # both upright (portrait)


def test_build_summary_lists_the_images_and_generated_bleed(data_copy):
    without_icons(data_copy)
    image(data_copy / "art" / "tv.png", (760, 1070))
    add_art(data_copy / "tech.toml", "smart-tv", '"art/tv.png"')
    result = run(
        "build",
        "--game",
        "hack-attack",
        "--data",
        str(data_copy.parent),
        "--out",
        str(data_copy.parent.parent / "out"),
    )
    assert result.exit_code == 0, result.output
    assert "art: 1 distinct image embedded, each once" in result.output
    assert "art: 'art/tv.png' has no bleed of its own; its edges were extended" in result.output


def test_max_dpi_downsamples_what_prints_above_it(data_copy):
    image(data_copy / "art" / "sharp.png", (1500, 2100))  # about 600 dpi on poker
    add_art(data_copy / "tech.toml", "smart-tv", '"art/sharp.png"')
    out = data_copy.parent.parent / "out"
    build(BuildOptions("hack-attack", data_dir=data_copy.parent, out_dir=out, max_dpi=300))
    with pdfplumber.open(out / "hack-attack" / "cards.pdf") as doc:
        width, height = doc.pages[0].images[0]["srcsize"]
    # 300 dpi over the drawn width (the trim's 63.5 mm + the extended bleed)
    assert 740 <= width <= 780 and 1040 <= height <= 1090


def test_warnings_stay_warnings_when_another_card_has_an_error(data_copy):
    art = data_copy / "art"
    image(art / "soft.png", (500, 700))  # about 200 dpi: a warning
    image(art / "blurry.png", (250, 350))  # about 100 dpi: an error
    add_art(data_copy / "tech.toml", "smart-tv", '"art/soft.png"')
    add_art(data_copy / "tech.toml", "games-console", '"art/blurry.png"')
    result = run("validate", "--game", "hack-attack", "--data", str(data_copy.parent))
    assert result.exit_code == 1
    assert "Warning: " in result.stderr and "soft.png" in result.stderr
    errors = [line for line in result.stderr.splitlines() if line.startswith("Error: ")]
    assert not any("soft.png" in line for line in errors)
    assert errors[-1] == "Error: hack-attack: 1 problem found."


def test_art_printing_far_sharper_than_needed_suggests_max_dpi(data_copy):
    image(data_copy / "art" / "huge.png", (2250, 3150))  # 900 dpi on poker
    add_art(data_copy / "tech.toml", "smart-tv", '"art/huge.png"')
    result = run("validate", "--game", "hack-attack", "--data", str(data_copy.parent))
    assert result.exit_code == 0
    assert "Note: " in result.stderr and "--max-dpi 300" in result.stderr


def test_a_picture_window_is_not_read_as_a_card(data_copy):
    from tests.pdfread import placements

    image(data_copy / "art" / "wide.png", (1200, 300))
    add_art(
        data_copy / "tech.toml",
        "smart-tv",
        '{ file = "art/wide.png", window = [22.5, 23, 18.5, 17] }',
    )
    _, pdf = build_copy(data_copy)
    assert len(placements(PdfReader(pdf), 0)) == 9


def test_a_picture_path_through_a_link_loop_is_refused(tmp_path):
    """A path that loops through links is named as such (one stat tells it, as
    pathlib's resolve does), never followed; a missing picture is said to be missing."""
    from pnp.core.errors import ImageRefused
    from pnp.data.art import resolve_art_path

    os.symlink(tmp_path / "b.png", tmp_path / "a.png")
    os.symlink(tmp_path / "a.png", tmp_path / "b.png")
    with pytest.raises(ImageRefused, match="cannot follow the path: Symlink loop from"):
        resolve_art_path("a.png", tmp_path)
    with pytest.raises(ImageRefused, match="the file does not exist"):
        resolve_art_path("gone.png", tmp_path)
    image(tmp_path / "ok.png", (10, 10))
    assert resolve_art_path("ok.png", tmp_path) == (tmp_path / "ok.png").resolve()
