"""`pnp export --format pdf-single --colour cmyk` (issue 27 item 3): read back from the
PDF, every vector colour is a CMYK operator (no rg/RG), black text is `0 0 0 1 k`, a
category colour carries the numbers LittleCMS gives for SWOP TR003 Coated, art is a
/DeviceCMYK Flate image with its soft mask, its pixels converted through the profile
(an untagged CMYK JPEG keeps its own numbers), and the page renders close to the RGB
export's; the RGB export stays RGB; the command line refuses CMYK for PNG and TTS."""

from __future__ import annotations

import io
import shutil
from collections import Counter
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from PIL import Image, ImageChops, ImageCms, ImageDraw, ImageStat
from pypdf import PdfReader
from pypdf.generic import ContentStream

from pnp.cli import main as pnp_main
from pnp.core.errors import PnpError
from pnp.core.paths import SHIPPED_DATA_DIR
from pnp.data.icc import Source
from pnp.export import ExportOptions, export
from pnp.render.cmyk import cmyk_of, cmyk_pixels, grey_k, to_cmyk
from tests.icc_writer import adobe_rgb

PROFILE = Path(__file__).parent.parent / "pnp/data/profiles/SWOP_TR003_coated_3.icc"
BACKUPS = "#0072B2"  # Hack Attack's backups category (game.toml)
# pale enough that the faces' text printed over them stays legible (pnp.layout.contrast)
ORANGE = (250, 200, 150)  # the opaque half of the back art
GREEN = (20, 160, 90)  # its half-transparent quarter
CMYK_RED, CMYK_CYAN = (0, 25, 25, 0), (25, 0, 0, 0)  # the smart-tv art's halves


def press(rgb: tuple[int, int, int], profile=None) -> tuple[int, int, int, int]:
    """The SWOP CMYK (0..255) of one pixel by ImageCms directly, relative colorimetric
    with black-point compensation (the README's intent), from sRGB or `profile`."""
    source = profile or ImageCms.createProfile("sRGB")
    out = ImageCms.profileToProfile(
        Image.new("RGB", (1, 1), rgb),
        source,
        str(PROFILE),
        renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
        outputMode="CMYK",
        flags=ImageCms.Flags.BLACKPOINTCOMPENSATION,
    )
    return out.getpixel((0, 0))


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    """Hack Attack with art (a transparent PNG on the back, an untagged CMYK JPEG on the
    smart TV), exported as pdf-single in RGB and in CMYK: {mode: PdfReader path}."""
    root = tmp_path_factory.mktemp("cmyk")
    data = root / "card_data"
    shutil.copytree(SHIPPED_DATA_DIR / "hack-attack", data / "hack-attack")
    game = data / "hack-attack"
    (game / "art").mkdir()
    back = Image.new("RGBA", (760, 1060), (0, 0, 0, 0))
    ImageDraw.Draw(back).rectangle((0, 0, 379, 1059), fill=(*ORANGE, 255))
    ImageDraw.Draw(back).rectangle((380, 0, 759, 529), fill=(*GREEN, 128))
    back.save(game / "art/back.png")
    tv = Image.new("CMYK", (760, 1060), CMYK_RED)
    ImageDraw.Draw(tv).rectangle((0, 530, 759, 1059), fill=CMYK_CYAN)
    tv.save(game / "art/tv.jpg", quality=95)
    toml = game / "game.toml"
    toml.write_text(
        toml.read_text().replace(
            'colour = "#1F3A5F"\n',
            'colour = "#1F3A5F"\nart = { file = "art/back.png", alone = false }\n',
        )
    )
    tech = game / "tech.toml"
    tech.write_text(
        tech.read_text().replace('id = "smart-tv"', 'id = "smart-tv"\nart = "art/tv.jpg"', 1)
    )
    out = {}
    for mode in ("rgb", "cmyk"):
        report = export(
            ExportOptions(
                "hack-attack", "pdf-single", out_dir=root / mode, data_dir=data, colour=mode
            )
        )
        assert report.colour == mode
        out[mode] = report.path
    return out


def operations(path: Path):
    """(operands, operator, inside BT..ET) of every page's and form's content, each form
    once, and the image XObjects met on the way."""
    reader = PdfReader(path)
    ops, images, seen = [], {}, set()

    def walk(content, resources) -> None:
        text = False
        for operands, op in ContentStream(content, reader).operations:
            text = {b"BT": True, b"ET": False}.get(op, text)
            ops.append(([float(v) for v in operands if isinstance(v, (int, float))], op, text))
        for name, ref in (resources or {}).get("/XObject", {}).items():
            if ref.idnum in seen:
                continue
            seen.add(ref.idnum)
            xobject = ref.get_object()
            if xobject["/Subtype"] == "/Image":
                images[ref.idnum] = xobject
            else:
                walk(xobject, xobject.get("/Resources"))

    for page in reader.pages:
        walk(page.get_contents(), page["/Resources"])
    return ops, images


def test_cmyk_pdf_sets_every_colour_as_cmyk(exported):
    ops, _ = operations(exported["cmyk"])
    counts = Counter(op for _, op, _ in ops)
    assert counts[b"rg"] == counts[b"RG"] == 0
    assert counts[b"g"] == counts[b"G"] == counts[b"sc"] == counts[b"scn"] == 0
    assert counts[b"k"] > 1000 and counts[b"K"] > 50
    rgb = Counter(op for _, op, _ in operations(exported["rgb"])[0])
    assert (counts[b"k"], counts[b"K"]) == (rgb[b"rg"], rgb[b"RG"])  # one for one


def test_black_text_is_the_black_plate_only(exported):
    cmyk_ops, _ = operations(exported["cmyk"])
    rgb_ops, _ = operations(exported["rgb"])
    cmyk_text = [tuple(v) for v, op, text in cmyk_ops if op == b"k" and text]
    rgb_text = [tuple(v) for v, op, text in rgb_ops if op == b"rg" and text]
    assert len(cmyk_text) == len(rgb_text) > 100
    for rgb, cmyk in zip(rgb_text, cmyk_text):
        if rgb == (0, 0, 0):
            assert cmyk == (0, 0, 0, 1)
        if rgb == (1, 1, 1):
            assert cmyk == (0, 0, 0, 0)
        if rgb[0] == rgb[1] == rgb[2]:
            assert cmyk[:3] == (0, 0, 0), (rgb, cmyk)
    assert (0, 0, 0) in rgb_text


def test_a_category_colour_has_littlecms_numbers_for_the_profile(exported):
    ops, _ = operations(exported["cmyk"])
    expected = [v / 255 for v in press((0x00, 0x72, 0xB2))]
    fills = {tuple(v) for v, op, _ in ops if op == b"k"}
    assert any(all(abs(a - b) <= 0.01 for a, b in zip(f, expected)) for f in fills), expected
    # and not the naive formula's numbers (C = 1 - R, ...: 1, 0.55, 0.30, 0)
    assert expected[0] < 0.95 and expected[3] > 0.05


def _pixels(xobject) -> Image.Image:
    w, h = xobject["/Width"], xobject["/Height"]
    mode = {"/DeviceCMYK": "CMYK", "/DeviceRGB": "RGB", "/DeviceGray": "L"}[xobject["/ColorSpace"]]
    return Image.frombytes(mode, (w, h), xobject.get_data())


def test_art_is_embedded_as_device_cmyk_through_the_profile(exported):
    _, images = operations(exported["cmyk"])
    spaces = sorted(str(x["/ColorSpace"]) for x in images.values())
    assert spaces == ["/DeviceCMYK", "/DeviceCMYK"]
    assert all(x["/Filter"] == "/FlateDecode" for x in images.values())  # no JPEG loss
    back = next(x for x in images.values() if "/SMask" in x)
    tv = next(x for x in images.values() if "/SMask" not in x)
    # the transparent PNG: converted from sRGB through SWOP, its alpha kept as a mask
    px, mask = _pixels(back), _pixels(back["/SMask"].get_object())
    w, h = px.size
    assert mask.mode == "L" and mask.size == px.size
    left, top_right, bottom_right = (w // 4, h // 2), (3 * w // 4, h // 4), (3 * w // 4, 3 * h // 4)
    assert all(abs(a - b) <= 3 for a, b in zip(px.getpixel(left), press(ORANGE)))
    assert all(abs(a - b) <= 3 for a, b in zip(px.getpixel(top_right), press(GREEN)))
    assert (mask.getpixel(left), mask.getpixel(top_right), mask.getpixel(bottom_right)) == (
        255,
        128,
        0,
    )
    # the untagged CMYK JPEG: its own numbers (SWOP is its profile), not inverted
    art = _pixels(tv)
    with Image.open(exported["cmyk"].parents[2] / "card_data/hack-attack/art/tv.jpg") as jpeg:
        source = jpeg.convert("CMYK")
    for y in (h // 4, 3 * h // 4):
        assert all(
            abs(a - b) <= 1 for a, b in zip(art.getpixel((w // 2, y)), source.getpixel((380, y)))
        )
    assert all(abs(a - b) <= 4 for a, b in zip(art.getpixel((w // 2, h // 4)), CMYK_RED))


def test_the_rgb_export_stays_rgb(exported):
    ops, images = operations(exported["rgb"])
    counts = Counter(op for _, op, _ in ops)
    assert counts[b"k"] == counts[b"K"] == 0 and counts[b"rg"] > 1000
    assert ([0, 0, 0], b"rg", True) in ops
    assert sorted(str(x["/ColorSpace"]) for x in images.values()) == ["/DeviceRGB", "/DeviceRGB"]


def test_a_cmyk_page_renders_close_to_the_rgb_page(exported):
    rgb, cmyk = (pdfium.PdfDocument(str(exported[m])) for m in ("rgb", "cmyk"))
    for page in (0, 1, 4):  # the smart TV with its art, the back with its art, a card
        a, b = (doc[page].render(scale=100 / 72).to_pil().convert("RGB") for doc in (rgb, cmyk))
        mean = ImageStat.Stat(ImageChops.difference(a, b)).mean
        assert max(mean) < 12, (page, mean)


# --- the colours, one by one -----------------------------------------------------------


def test_greys_print_on_the_black_plate_with_their_lightness():
    assert cmyk_of(0, 0, 0) == (0, 0, 0, 255)
    assert cmyk_of(255, 255, 255) == (0, 0, 0, 0)
    ks = grey_k()
    assert all(a >= b for a, b in zip(ks, ks[1:]))  # lighter greys, less ink
    assert cmyk_of(128, 128, 128) == (0, 0, 0, ks[128]) and 100 < ks[128] < 200
    assert to_cmyk("#000000").cmyk() == (0, 0, 0, 1)
    red = press((200, 16, 46))
    assert [round(v * 255) for v in to_cmyk("#C8102E").cmyk()] == list(red)


def test_tagged_art_converts_from_its_own_profile_not_through_srgb():
    adobe = ImageCms.ImageCmsProfile(io.BytesIO(adobe_rgb()))
    green = Image.new("RGB", (1, 1), (0, 255, 0))
    got = cmyk_pixels(green, Source(adobe, None)).getpixel((0, 0))
    assert all(abs(a - b) <= 1 for a, b in zip(got, press((0, 255, 0), adobe)))
    assert got != press((0, 255, 0))  # Adobe RGB's green is not sRGB's
    grey = cmyk_pixels(Image.new("L", (1, 1), 0), Source(None, None))
    assert grey.getpixel((0, 0)) == (0, 0, 0, 255)


# --- refused -----------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["png", "tts"])
def test_cmyk_is_a_usage_error_for_images(fmt, tmp_path):
    result = CliRunner().invoke(
        pnp_main,
        [
            "export",
            "--game",
            "hack-attack",
            "--format",
            fmt,
            "--colour",
            "cmyk",
            "--out",
            str(tmp_path),
        ],
    )
    assert result.exit_code == 2
    assert f"--colour cmyk is for --format pdf-single only: {fmt} images are RGB" in result.output
    assert not (tmp_path / "hack-attack").exists()
    with pytest.raises(PnpError, match="images are RGB"):
        export(ExportOptions("hack-attack", fmt, out_dir=tmp_path, colour="cmyk"))
    with pytest.raises(PnpError, match="unknown colour mode 'cmy'"):
        export(ExportOptions("hack-attack", "pdf-single", out_dir=tmp_path, colour="cmy"))


def test_the_summary_names_the_mode_and_the_profile(tmp_path):
    result = CliRunner().invoke(
        pnp_main,
        [
            "export",
            "--game",
            "not-a-hack",
            "--format",
            "pdf-single",
            "--colour",
            "cmyk",
            "--out",
            str(tmp_path),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "  colour: CMYK for SWOP TR003 Coated (relative colorimetric" in result.output
    ops, _ = operations(tmp_path / "not-a-hack" / "cards-single.pdf")
    assert not any(op in (b"rg", b"RG") for _, op, _ in ops)
