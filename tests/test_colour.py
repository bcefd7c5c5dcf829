"""Colour management of card art (pnp.data.icc, issue 27 item 3): every case is drawn by
the real image store into a PDF and the pixel read back with pypdfium2; the CMYK, Adobe
RGB and unreadable-profile cases also go through a whole card build or validation.

The Adobe RGB and Display P3 profiles are made by tests/icc_writer.py from the spaces'
published primaries and curves (LittleCMS through Pillow cannot create them, and a
profile made here has no licence to carry); the expected sRGB numbers are computed from
the same primaries by plain matrix arithmetic, independently of LittleCMS.
"""

from __future__ import annotations

from pathlib import Path

import pypdfium2
import pytest
from PIL import Image, ImageCms

from pnp.data import icc
from pnp.data.images import probe
from tests import icc_writer
from tests.datafiles import edit_data
from tests.test_art import add_art, box, build_copy, page_images, run
from tests.test_images import DEFAULT_RECT, draw_once, image_objects, near, pixel, render

TOLERANCE = 3  # 0..255 units
NAIVE_RED = (255, 0, 0)  # 100 % magenta + yellow by R = 255 (1 - C)(1 - K)
SWOP_RED = (231, 24, 34)  # the same through SWOP TR003 Coated, relative colorimetric + BPC
PHOTOSHOP_RED = (237, 28, 36)  # US Web Coated (SWOP) v2, as the issue quotes it


def srgb_bytes() -> bytes:
    return icc.srgb().tobytes()


def save(path: Path, im: Image.Image, **kw) -> Path:
    im.save(path, **kw)
    return path


def drawn(tmp_path: Path, path: Path, background=None):
    """(the colour at the middle of the drawn image, the store) of `path` drawn once."""
    pdf, store = draw_once(tmp_path, path, background=background)
    return pixel(render(pdf), 50, 40), store


def _lab(rgb) -> tuple[float, float, float]:
    lab = ImageCms.ImageCmsProfile(ImageCms.createProfile("LAB"))
    t = ImageCms.profileToProfile(
        Image.new("RGB", (1, 1), rgb), icc.srgb(), lab, outputMode="LAB"
    ).getpixel((0, 0))
    return t[0] * 100 / 255, t[1] - 128, t[2] - 128


def naive_cmyk_profile() -> bytes:
    """A CMYK profile that says its inks are the naive formula's (M + Y = sRGB red)."""
    return icc_writer.cmyk_profile(
        "naive inks",
        lambda c, m, y, k: _lab(tuple(round(255 * (1 - v) * (1 - k)) for v in (c, m, y))),
    )


# --- RGB -------------------------------------------------------------------------------


def test_srgb_tagged_art_keeps_its_numbers_and_is_embedded_as_it_is(tmp_path):
    path = save(tmp_path / "srgb.jpg", Image.new("RGB", (40, 30), (200, 100, 50)), quality=95)
    save(path, Image.open(path), quality=95, icc_profile=srgb_bytes())
    assert probe(path).colour_converted is False and probe(path).warnings == ()
    got, store = drawn(tmp_path, path)
    assert near(got, (200, 100, 50), TOLERANCE)
    assert store.counts.passed_through == 1  # a JPEG's own bytes: no re-encoding


@pytest.mark.parametrize(
    "name, profile, primaries, decode",
    [
        ("adobe.png", icc_writer.adobe_rgb, icc_writer.ADOBE_PRIMARIES, None),
        ("p3.jpg", icc_writer.display_p3, icc_writer.P3_PRIMARIES, icc_writer.srgb_decode),
    ],
)
def test_wide_gamut_tagged_art_is_converted_to_srgb(tmp_path, name, profile, primaries, decode):
    decode = decode or (lambda v: v**icc_writer.ADOBE_GAMMA)
    raw = (200, 100, 50)
    want = icc_writer.rgb_to_srgb(raw, primaries, decode)
    assert all(0 <= v <= 255 for v in want)  # in gamut: the conversion is exact
    assert not near(want, raw, 10)  # a test that fails when the profile is ignored
    path = save(tmp_path / name, Image.new("RGB", (40, 30), raw), icc_profile=profile())
    assert probe(path).colour_converted is True
    got, store = drawn(tmp_path, path)
    assert near(got, want, TOLERANCE), (got, want)
    assert store.counts.re_encoded == 1
    (obj,) = image_objects(tmp_path / "out.pdf").values()
    assert obj["/ColorSpace"] == "/DeviceRGB"


def test_untagged_rgb_is_taken_as_srgb(tmp_path):
    path = save(tmp_path / "plain.png", Image.new("RGB", (40, 30), (200, 100, 50)))
    got, store = drawn(tmp_path, path)
    assert near(got, (200, 100, 50), TOLERANCE) and store.counts.passed_through == 1


def test_grey_stays_grey(tmp_path):
    path = save(tmp_path / "grey.png", Image.new("L", (40, 30), 90))
    got, _ = drawn(tmp_path, path)
    assert near(got, (90, 90, 90), TOLERANCE)
    (obj,) = image_objects(tmp_path / "out.pdf").values()
    assert obj["/ColorSpace"] == "/DeviceGray"


def test_a_tagged_palette_image_with_transparency_is_converted_and_keeps_its_alpha(tmp_path):
    im = Image.new("P", (40, 30), 1)
    im.putpalette([0, 0, 0, 200, 100, 50] + [0] * 762)
    for x in range(20):  # the left half is index 0, the transparent one
        for y in range(30):
            im.putpixel((x, y), 0)
    path = save(tmp_path / "pal.png", im, transparency=0, icc_profile=icc_writer.adobe_rgb())
    pdf, _ = draw_once(tmp_path, path, background=(0, 0, 1))  # blue page under it
    bitmap = render(pdf)
    r = DEFAULT_RECT
    want = icc_writer.rgb_to_srgb(
        (200, 100, 50), icc_writer.ADOBE_PRIMARIES, lambda v: v**icc_writer.ADOBE_GAMMA
    )
    assert near(pixel(bitmap, r.x + 0.25 * r.w, r.y + r.h / 2), (0, 0, 255), TOLERANCE)
    assert near(pixel(bitmap, r.x + 0.75 * r.w, r.y + r.h / 2), want, TOLERANCE)


# --- CMYK ------------------------------------------------------------------------------


def test_untagged_cmyk_goes_through_the_shipped_swop_profile_never_the_naive_formula(tmp_path):
    path = save(tmp_path / "cmyk.jpg", Image.new("CMYK", (40, 30), (0, 255, 255, 0)), quality=95)
    assert probe(path).notes == (
        (
            "CMYK JPEG: no ICC profile, read as SWOP TR003 Coated (converted to sRGB for RGB "
            "outputs; --colour cmyk keeps its numbers)"
        ),
    )
    got, _ = drawn(tmp_path, path)
    assert near(got, SWOP_RED, TOLERANCE), got
    assert near(got, PHOTOSHOP_RED, 8) and not near(got, NAIVE_RED, 20)


def test_cmyk_with_its_own_profile_is_converted_through_it(tmp_path):
    path = save(
        tmp_path / "own.jpg",
        Image.new("CMYK", (40, 30), (0, 255, 255, 0)),
        quality=95,
        icc_profile=naive_cmyk_profile(),
    )
    assert probe(path).notes == (
        (
            "CMYK JPEG: converted through its ICC profile (to sRGB, or to SWOP TR003 "
            "Coated for --colour cmyk)"
        ),
    )
    got, _ = drawn(tmp_path, path)
    assert near(got, NAIVE_RED, TOLERANCE), got  # its own profile says M + Y is that red


def test_the_shipped_profile_is_the_one_the_readme_names_with_its_licence():
    profile = icc.default_cmyk()
    assert profile.profile.xcolor_space.strip() == "CMYK"
    assert profile.profile.profile_description == icc.CMYK_PROFILE_NAME
    folder = Path(icc.__file__).parent / "profiles"
    assert (folder / f"LICENSE-{Path(icc.CMYK_PROFILE).stem}.txt").read_text().count("CC0") >= 2
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text()
    assert icc.CMYK_PROFILE_NAME in readme and "relative colorimetric" in readme
    assert "black-point compensation" in readme
    from pnp.render import cmyk  # names it without loading Pillow's colour management

    assert cmyk.PROFILE_NAME == icc.CMYK_PROFILE_NAME


# --- profiles set aside ----------------------------------------------------------------


def test_an_unreadable_profile_is_a_warning_and_the_art_prints_as_untagged(tmp_path):
    path = save(
        tmp_path / "bad.png", Image.new("RGB", (40, 30), (200, 100, 50)), icc_profile=b"x" * 200
    )
    info = probe(path)
    assert len(info.warnings) == 1 and "ICC profile cannot be read" in info.warnings[0]
    assert "printed as untagged sRGB" in info.warnings[0] and not info.colour_converted
    got, _ = drawn(tmp_path, path)
    assert near(got, (200, 100, 50), TOLERANCE)


def test_a_profile_for_another_colour_space_is_a_warning(tmp_path):
    path = save(
        tmp_path / "cmyk.jpg",
        Image.new("CMYK", (40, 30), (0, 255, 255, 0)),
        quality=95,
        icc_profile=srgb_bytes(),
    )
    (warning,) = probe(path).warnings
    assert "for RGB colours, not CMYK" in warning and "SWOP TR003 Coated instead" in warning
    got, _ = drawn(tmp_path, path)
    assert near(got, SWOP_RED, TOLERANCE)


# --- through a whole card build --------------------------------------------------------


def card_art_colour(pdf: Path, page: int = 0) -> tuple[int, int, int]:
    """The colour at the middle of the first image drawn on page `page` (from 0) of `pdf`."""
    (x, y, w, h) = box(page_images(pdf, page)[0])
    scale = 2
    bitmap = pypdfium2.PdfDocument(str(pdf))[page].render(scale=scale).to_pil().convert("RGB")
    return pixel(bitmap, x + w / 2, y + h / 2, scale)


@pytest.mark.parametrize(
    "make, want",
    [
        (lambda p: save(p, Image.new("CMYK", (760, 1070), (0, 255, 255, 0)), quality=95), SWOP_RED),
        (
            lambda p: save(
                p, Image.new("RGB", (760, 1070), (200, 100, 50)), icc_profile=icc_writer.adobe_rgb()
            ),
            icc_writer.rgb_to_srgb(
                (200, 100, 50), icc_writer.ADOBE_PRIMARIES, lambda v: v**icc_writer.ADOBE_GAMMA
            ),
        ),
    ],
    ids=["cmyk", "adobe-rgb"],
)
def test_a_built_card_prints_its_art_in_srgb(data_copy, make, want):
    art = data_copy / "art"
    art.mkdir()
    name = "art.jpg" if want == SWOP_RED else "art.png"
    make(art / name)
    # on the back, which it fills alone: a strong colour under the fronts' text would be
    # refused as illegible (pnp.layout.contrast)
    edit_data(
        data_copy / "game.toml",
        'title = "HACK ATTACK"',
        f'title = "HACK ATTACK"\nart = "art/{name}"',
    )
    report, pdf = build_copy(data_copy)
    got = card_art_colour(pdf, page=1)  # the first sheet's backs
    assert near(got, want, TOLERANCE), (got, want)


def test_validate_names_the_file_whose_profile_cannot_be_read(data_copy):
    art = data_copy / "art"
    art.mkdir()
    save(art / "bad.png", Image.new("RGB", (760, 1070), (230, 230, 230)), icc_profile=b"\0" * 300)
    line = add_art(data_copy / "tech.toml", "smart-tv", '"art/bad.png"')
    result = run("validate", "--game", "hack-attack", "--data", str(data_copy.parent))
    assert result.exit_code == 0, result.output
    shown = (data_copy / "tech.toml").relative_to(data_copy.parent)
    assert (
        f"Warning: {shown}:{line}: card 'smart-tv', field 'art': 'art/bad.png': its embedded "
        "ICC profile cannot be read"
    ) in result.stderr
