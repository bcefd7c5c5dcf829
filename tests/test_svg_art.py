"""SVG card art (issue 28 item 1): an .svg art file is checked before svglib reads it and
drawn as vectors (a Form XObject of path operators, no image), fitted and clipped as
raster art is, repainted by `colour`, pale under --ink-saver, CMYK in a CMYK export;
every refused file is named at its card's `art` line with the reason and exit 1.
tests/art/padlock.svg: icon by Lorc, game-icons.net, CC BY 3.0."""

from __future__ import annotations

import shutil
from pathlib import Path

import pypdfium2
import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from pnp.build import BuildOptions, build
from pnp.core.units import mm_to_pt
from pnp.export import ExportOptions, export
from pnp.layout.imposition import SheetSpec
from pnp.render.cmyk import cmyk_of
from tests.test_art import (
    POKER,
    add_art,
    build_copy,
    first_trim,
    image,
    image_xobjects,
    run,
    without_icons,
)

MM = mm_to_pt(1)
PADLOCK = Path(__file__).parent / "art" / "padlock.svg"
BLUE = (0x1F, 0x6F, 0xB2)
WINDOW = (22.5, 23.0, 18.5, 17.0)  # in the art area under a Tech card's name
WINDOW_ART = '{ file = "art/padlock.svg", window = [22.5, 23, 18.5, 17], fit = "contain"%s }'
SVG_HEAD = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100">'
DPI = 300


def padlock(game: Path) -> None:
    (game / "art").mkdir(exist_ok=True)
    shutil.copy(PADLOCK, game / "art" / "padlock.svg")


def svg(game: Path, name: str, body: str, head: str = SVG_HEAD) -> None:
    (game / "art").mkdir(exist_ok=True)
    (game / "art" / name).write_text(f"{head}\n{body}\n</svg>\n" if head else body)


def forms(pdf: Path) -> dict[str, list]:
    """Every Form XObject's operations, (operands, operator), by its resource name, each
    once (those of pages and of forms)."""
    reader = PdfReader(pdf)
    found: dict[str, list] = {}

    def walk(resources) -> None:
        for name, ref in (resources or {}).get("/XObject", {}).items():
            xobject = ref.get_object()
            if xobject["/Subtype"] == "/Form" and name not in found:
                found[name] = ContentStream(xobject, reader).operations
                walk(xobject.get("/Resources"))

    for page in reader.pages:
        walk(page["/Resources"])
    return found


def svg_forms(pdf: Path) -> dict[str, list]:
    """The SVG art's forms' operations by name."""
    return {name: ops for name, ops in forms(pdf).items() if "pnpsvg" in name}


def rendered(pdf: Path, page: int = 0):
    return pypdfium2.PdfDocument(str(pdf))[page].render(scale=DPI / 72).to_pil().convert("RGB")


def at_window(bitmap, page_h: float, trim, sx: float, sy: float, size: float = 512):
    """The pixel at a square SVG's own point (sx, sy) (of its `size` x `size` box, y
    down: the padlock's is 512), drawn `contain` in WINDOW: 17 mm square, centred across
    the 18.5 mm width."""
    left, top, w, h = WINDOW
    x = trim.x + (left + (w - h) / 2 + sx / size * h) * MM
    y = trim.y + POKER[1] - (top + sy / size * h) * MM
    return bitmap.getpixel((round(x * DPI / 72), round((page_h - y) * DPI / 72)))


BODY, KEYHOLE = (130, 400), (254, 319)  # a filled point of the lock's body; its keyhole


# --- drawn as vectors, where raster art would go ---------------------------------------


def test_an_svg_art_is_drawn_as_vector_paths_in_its_window(data_copy):
    without_icons(data_copy)
    padlock(data_copy)
    add_art(data_copy / "tech.toml", "smart-tv", WINDOW_ART % ', colour = "#1F6FB2"')
    report, pdf = build_copy(data_copy)
    assert image_xobjects(pdf) == 0  # no picture: vectors
    (content,) = svg_forms(pdf).values()
    ops = [op for _, op in content]
    assert ops.count(b"c") >= 10 and b"m" in ops and (b"f" in ops or b"f*" in ops)
    assert b"Do" not in ops  # the icon itself, not a picture in a form
    assert report.images == 1
    grid, trim = first_trim(SheetSpec())
    bitmap = rendered(pdf)
    assert at_window(bitmap, grid.page_h, trim, *BODY) == pytest.approx(BLUE, abs=6)
    assert at_window(bitmap, grid.page_h, trim, *KEYHOLE) == (255, 255, 255)
    x = trim.x + (WINDOW[0] + WINDOW[2] + 1) * MM  # 1 mm right of the window: the card's white
    y = trim.y + POKER[1] - (WINDOW[1] + WINDOW[3] / 2) * MM
    assert bitmap.getpixel((round(x * DPI / 72), round((grid.page_h - y) * DPI / 72))) == (
        255,
        255,
        255,
    )


def test_without_colour_an_svg_keeps_its_own_colours(data_copy):
    padlock(data_copy)
    add_art(data_copy / "tech.toml", "smart-tv", WINDOW_ART % "")
    _, pdf = build_copy(data_copy)
    grid, trim = first_trim(SheetSpec())
    assert at_window(rendered(pdf), grid.page_h, trim, *BODY) == pytest.approx((0, 0, 0), abs=6)


def test_styles_clip_paths_symbols_and_opacity_are_drawn(data_copy):
    svg(
        data_copy,
        "parts.svg",
        "<style>.r { fill: #FF0000; }</style>\n"
        '<defs><clipPath id="c"><rect width="50" height="100"/></clipPath>\n'
        '<symbol id="s"><rect width="20" height="20" fill="#0000FF"/></symbol></defs>\n'
        '<rect class="r" width="100" height="40" clip-path="url(#c)"/>\n'
        '<rect y="50" width="100" height="20" fill="#00FF00" fill-opacity="0.5"/>\n'
        '<use xlink:href="#s" x="60" y="75"/>',
    )
    add_art(data_copy / "tech.toml", "smart-tv", WINDOW_ART.replace("padlock", "parts") % "")
    _, pdf = build_copy(data_copy)
    grid, trim = first_trim(SheetSpec())
    bitmap = rendered(pdf)
    at = lambda x, y: at_window(bitmap, grid.page_h, trim, x, y, size=100)
    assert at(20, 20) == pytest.approx((255, 0, 0), abs=6)  # the class's fill
    assert at(80, 20) == (255, 255, 255)  # clipped away
    assert at(50, 60) == pytest.approx((128, 255, 128), abs=6)  # half transparent
    assert at(70, 85) == pytest.approx((0, 0, 255), abs=6)  # the symbol, by <use>


def test_under_the_ink_saver_an_svg_is_a_pale_tint_of_its_colour(data_copy):
    padlock(data_copy)
    add_art(data_copy / "tech.toml", "smart-tv", WINDOW_ART % ', colour = "#1F6FB2"')
    out = data_copy.parent.parent / "out"
    build(
        BuildOptions(
            "hack-attack", SheetSpec(), data_dir=data_copy.parent, out_dir=out, ink_saver=True
        )
    )
    grid, trim = first_trim(SheetSpec())
    pale = tuple(round(255 - 0.25 * (255 - v)) for v in BLUE)  # (199, 219, 236)
    got = at_window(rendered(out / "hack-attack" / "cards.pdf"), grid.page_h, trim, *BODY)
    assert got == pytest.approx(pale, abs=4)


def test_a_full_bleed_svg_with_cover_runs_into_the_bleed(data_copy):
    # a pale green: the card's texts stay legible over it (pnp.layout.contrast)
    svg(data_copy, "green.svg", '<rect width="100" height="100" fill="#C8EEC8"/>')
    add_art(data_copy / "tech.toml", "smart-tv", '"art/green.svg"')
    report, pdf = build_copy(data_copy)
    grid, trim = first_trim(SheetSpec())
    bitmap = rendered(pdf)
    px = lambda x, y: bitmap.getpixel((round(x * DPI / 72), round((grid.page_h - y) * DPI / 72)))
    half = grid.bleed / 2
    for x, y in (
        (trim.x - half, trim.y + POKER[1] / 2),  # in the left bleed
        (trim.x + POKER[0] + half, trim.y + POKER[1] / 2),  # the right bleed
        (trim.x + POKER[0] / 2, trim.y + POKER[1] + half),  # the top bleed
    ):
        assert px(x, y) == pytest.approx((200, 238, 200), abs=6)
    assert report.generated_bleed == ()  # nothing made from pixels


def test_one_form_per_svg_and_colour_however_many_cards_and_backs_print_it(data_copy):
    without_icons(data_copy)
    padlock(data_copy)
    for card in ("smart-tv", "games-console"):
        add_art(data_copy / "tech.toml", card, WINDOW_ART % ', colour = "#1F6FB2"')
    add_art(data_copy / "tech.toml", "smart-plug", WINDOW_ART % ', colour = "#D55E00"')
    toml = data_copy / "game.toml"
    toml.write_text(
        toml.read_text().replace(
            'colour = "#1F3A5F"\n',
            'colour = "#1F3A5F"\nart = { file = "art/padlock.svg", alone = false, '
            'colour = "#E4EAF2" }\n',  # pale: the back's title stays legible over it
            1,
        )
    )
    report, pdf = build_copy(data_copy)
    assert len(svg_forms(pdf)) == 3  # blue, orange, and the back's pale blue
    assert report.images == 3
    # the back face (a reused form) holds the back's padlock form by reference
    back_face = next(
        ops
        for name, ops in forms(pdf).items()
        if not any(other in name for other in ("pnpsvg", "icon", "corners"))
    )
    assert [args for args, op in back_face if op == b"Do" and "pnpsvg" in str(args[0])]


def test_a_cmyk_export_paints_the_svg_colour_in_the_press_profiles_cmyk(tmp_path):
    from pnp.core.paths import SHIPPED_DATA_DIR

    data = tmp_path / "card_data"
    shutil.copytree(SHIPPED_DATA_DIR / "hack-attack", data / "hack-attack")
    game = data / "hack-attack"
    without_icons(game)
    padlock(game)
    add_art(game / "tech.toml", "smart-tv", WINDOW_ART % ', colour = "#1F6FB2"')
    report = export(
        ExportOptions(
            "hack-attack", "pdf-single", out_dir=tmp_path / "out", data_dir=data, colour="cmyk"
        )
    )
    (ops,) = svg_forms(report.path).values()
    fills = [tuple(round(float(v) * 255) for v in args) for args, op in ops if op == b"k"]
    assert cmyk_of(*BLUE) in fills
    assert not [op for _, op in ops if op in (b"rg", b"RG")]


def test_a_png_export_rasterises_the_svg_in_its_colour(data_copy):
    from PIL import Image

    padlock(data_copy)
    add_art(data_copy / "tech.toml", "smart-tv", WINDOW_ART % ', colour = "#1F6FB2"')
    out = data_copy.parent.parent / "out"
    export(ExportOptions("hack-attack", "png", 150, out, data_dir=data_copy.parent))
    with Image.open(out / "hack-attack" / "png" / "smart-tv-1-front.png") as im:
        png = im.convert("RGB")
    bleed_px = (png.width - 63.5 / 25.4 * 150) / 2
    left, top, w, h = WINDOW
    for (sx, sy), expected in ((BODY, BLUE), (KEYHOLE, (255, 255, 255))):
        x = bleed_px + (left + (w - h) / 2 + sx / 512 * h) / 25.4 * 150
        y = bleed_px + (top + sy / 512 * h) / 25.4 * 150
        assert png.getpixel((round(x), round(y))) == pytest.approx(expected, abs=6)


# --- refused, at the card's art line ------------------------------------------------------


@pytest.mark.parametrize(
    "body, message",
    [
        (
            '<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY a "aaaaaaaa"><!ENTITY b "&a;&a;&a;">]>\n'
            '<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><title>&b;</title></svg>',
            "line 2: it has a DOCTYPE declaration; SVG art may not declare a DTD or XML entities",
        ),
        (
            '<?xml version="1.0"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" '
            '"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n<svg xmlns="http://www.w3.org/2000/svg"/>',
            "it has a DOCTYPE declaration",
        ),
        (
            f'{SVG_HEAD}\n<use xlink:href="other.svg#lock"/></svg>',
            "line 2: <use> refers to 'other.svg#lock'; SVG art may refer only to its own elements",
        ),
        (
            f'{SVG_HEAD}\n<a href="https://example.com/"><rect width="9" height="9"/></a></svg>',
            "<a> refers to 'https://example.com/'",
        ),
        (
            f'{SVG_HEAD}\n<rect width="9" height="9" fill="url(http://example.com/p.svg#g)"/></svg>',
            "<rect> fill has url(http://example.com/p.svg#g); SVG art may refer only to its own elements, url(#id)",
        ),
        (
            '<?xml-stylesheet href="https://example.com/a.css"?>\n' + SVG_HEAD + "</svg>",
            "line 1: it links a style sheet (<?xml-stylesheet ...?>), which SVG art may not",
        ),
        (
            f'{SVG_HEAD}\n<style>@import url("https://example.com/a.css");</style></svg>',
            "<style> has an @import",
        ),
        (
            f"{SVG_HEAD}\n<script>alert(1)</script></svg>",
            "line 2: it contains a <script> (SVG art cannot run code), which SVG art may not",
        ),
        (
            f'{SVG_HEAD}\n<rect width="9" height="9" onclick="alert(1)"/></svg>',
            "<rect> has the event attribute onclick",
        ),
        (
            f"{SVG_HEAD}\n<foreignObject><p>hi</p></foreignObject></svg>",
            "it contains a <foreignObject>",
        ),
        (
            f'{SVG_HEAD}\n<image width="9" height="9" href="data:image/png;base64,iVBORw0KGgo="/></svg>',
            "it contains an <image> (SVG art is vectors only",
        ),
        (
            f'{SVG_HEAD}\n<filter id="f"><feGaussianBlur stdDeviation="2"/></filter></svg>',
            "line 2: unsupported feature: filters (<filter>: blur, shadow ...) are not drawn",
        ),
        (
            f'{SVG_HEAD}\n<rect width="9" height="9" style="filter: blur(2px)"/></svg>',
            "unsupported feature: filters",
        ),
        (f'{SVG_HEAD}\n<mask id="m"/></svg>', "unsupported feature: masks (<mask>) are not drawn"),
        (f'{SVG_HEAD}\n<pattern id="p"/></svg>', "unsupported feature: pattern fills"),
        (f'{SVG_HEAD}\n<linearGradient id="g"/></svg>', "unsupported feature: gradients"),
        (
            f'{SVG_HEAD}\n<use href="#a"><set attributeName="href" to="https://example.com/"/></use></svg>',
            "unsupported feature: animation (<set>) is not printed",
        ),
        (
            f'{SVG_HEAD}\n<text x="1" y="9">HACK</text></svg>',
            "unsupported feature: text (<text>) would print in a stand-in font; convert text to paths",
        ),
        (
            "this is not XML\n",
            "not an SVG: it is not well-formed XML (line 1, column 1: syntax error)",
        ),
        (
            '<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><rect></svg>',
            "not well-formed XML (line 1, column 70: mismatched tag)",
        ),
        ("<html><body/></html>", "not an SVG: the root element is <html> in the namespace ''"),
        (
            '<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0"/>',
            "it has no size: give the <svg> a width and height, or a viewBox, above 0",
        ),
        (
            f'{SVG_HEAD}\n<g id="a"><rect width="1" height="1"/></g>'
            + "".join(
                f'<g id="{chr(98 + i)}">' + f'<use href="#{chr(97 + i)}"/>' * 10 + "</g>"
                for i in range(5)
            )
            + "</svg>",
            "its <use> elements copy it past 20,000 elements drawn",
        ),
        (f'{SVG_HEAD}\n<g id="a"><use href="#a"/></g></svg>', "a <use> refers to itself"),
        (
            f"{SVG_HEAD}\n" + '<rect width="1" height="1"/>' * 20_001 + "</svg>",
            "it has more than 20,000 elements",
        ),
        (
            f"{SVG_HEAD}\n" + "<g>" * 70 + "</g>" * 70 + "</svg>",
            "its elements nest more than 64 deep",
        ),
    ],
)
def test_a_refused_svg_is_named_at_its_art_line_with_the_reason(data_copy, body, message):
    svg(data_copy, "bad.svg", body, head="")
    line = add_art(data_copy / "tech.toml", "smart-tv", '"art/bad.svg"')
    result = run("validate", "--game", "hack-attack", "--data", str(data_copy.parent))
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert f"tech.toml:{line}: card 'smart-tv', field 'art': 'art/bad.svg': " in result.output
    assert message in result.output, result.output


def test_an_svg_over_the_size_limit_is_refused_before_it_is_read(data_copy):
    svg(data_copy, "big.svg", f"<!-- {'x' * 2_000_000} -->", head=SVG_HEAD)
    line = add_art(data_copy / "tech.toml", "smart-tv", '"art/big.svg"')
    for verb in ("validate", "build"):
        result = run(verb, "--game", "hack-attack", "--data", str(data_copy.parent))
        assert result.exit_code == 1, result.output
        assert "Traceback" not in result.output
        assert (
            f"tech.toml:{line}: card 'smart-tv', field 'art': 'art/big.svg': the SVG is too "
            f"large: {(data_copy / 'art' / 'big.svg').stat().st_size:,} bytes"
        ) in result.output
        assert "over the limit of 2,000,000" in result.output


@pytest.mark.parametrize(
    "value, message",
    [
        (
            '{ file = "art/padlock.svg", colour = "blue" }',
            'colour is "#RRGGBB", such as "#1F6FB2", got \'blue\'',
        ),
        (
            '{ file = "art/ok.png", colour = "#1F6FB2" }',
            "colour repaints SVG art only; 'art/ok.png' is a raster image",
        ),
    ],
)
def test_a_bad_colour_is_refused_at_its_line(data_copy, value, message):
    padlock(data_copy)
    image(data_copy / "art" / "ok.png", (760, 1070))
    line = add_art(data_copy / "tech.toml", "smart-tv", value)
    result = run("validate", "--game", "hack-attack", "--data", str(data_copy.parent))
    assert result.exit_code == 1
    assert f"tech.toml:{line}: card 'smart-tv', field 'art': {message}" in result.output, (
        result.output
    )


def test_an_svg_validates_with_no_resolution_check(data_copy):
    padlock(data_copy)
    # full bleed, pale so the card's texts stay legible over it
    add_art(data_copy / "tech.toml", "smart-tv", '{ file = "art/padlock.svg", colour = "#F0F0F0" }')
    result = run("validate", "--game", "hack-attack", "--data", str(data_copy.parent))
    assert result.exit_code == 0, result.output
    assert "dpi" not in result.output


def test_a_face_layouts_art_element_paints_an_svg_in_a_colour_field(tmp_path):
    """Faces as data: an art element's `colour` names a card's colour field (gold-watch's
    suit) or, without a value for it, leaves the SVG's own colour (cursed-ruby)."""
    from PIL import Image

    fixture = Path(__file__).parent / "faces_as_data" / "pocket-heist"
    data = tmp_path / "data"
    shutil.copytree(fixture, data / "pocket-heist")
    game = data / "pocket-heist"
    svg(game, "square.svg", '<rect width="100" height="100" fill="#000000"/>')
    with open(game / "faces.toml", "a", encoding="utf-8") as f:
        f.write(
            '\n[[front.loot]]\ntype = "art"\nfile = "art/square.svg"\nbox = [4, 62, 20, 8]\n'
            'colour = "suit"\n'
        )
    out = tmp_path / "out"
    result = run(
        "export",
        "--game",
        "pocket-heist",
        "--data",
        str(data),
        "--out",
        str(out),
        "--format",
        "png",
    )
    assert result.exit_code == 0, result.output
    at = lambda mm: round((mm + 0.5) / 25.4 * 300)  # from the PNG's edge, the bleed's
    for name, expected in (
        ("gold-watch-1-front.png", (0xE6, 0x9F, 0x00)),
        ("cursed-ruby-front.png", (0, 0, 0)),
    ):
        with Image.open(out / "pocket-heist" / "png" / name) as im:
            assert im.convert("RGB").getpixel((at(14), at(66))) == pytest.approx(expected, abs=4)
