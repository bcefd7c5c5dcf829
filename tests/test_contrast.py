"""Every text is legible against what is printed under it (issue 28 item 3): the WCAG 2.x
contrast ratio of its colour against the ground, the shapes drawn before it and the
pixels of a picture under it, at least 4.5:1 (3:1 for large text), in colour and in
greyscale, and a game's category colours told apart printed in black and white.
Crafted faces are checked with pnp.validate.face_faults; pictures are real PNGs painted
and rasterised; the shipped kits are checked at every card size, with and without the
ink saver."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from pnp.build import BuildOptions, find_kit, frame_for, game_folder
from pnp.cli import main
from pnp.core.paths import SHIPPED_DATA_DIR
from pnp.core.units import mm_to_pt
from pnp.data.art import ArtSpec
from pnp.data.images import probe
from pnp.fonts import BOLD, REGULAR
from pnp.layout.card_frame import CardFrame
from pnp.layout.contrast import category_faults, contrast_ratio, luminance, rgb
from pnp.layout.face import Disc, Face, Fill, Text, art_element
from pnp.layout.imposition import Rect
from pnp.render.contrast_pixels import ArtPixels
from pnp.validate import face_faults, kit_faces, palette_problems, use_fonts_of
from tests.datafiles import edit_data
from tests.test_art import add_art

FRAME = CardFrame(mm_to_pt(63.5), mm_to_pt(88.9), mm_to_pt(3))
BOX = Rect(20, 100, 140, 40)  # pt: where the crafted texts go


def text(colour: str = "#000000", size: float = 10, font: str = REGULAR, **kw) -> Text:
    return Text(
        key="body",
        text="Legible text",
        font=font,
        box=kw.pop("box", BOX),
        max_size=size,
        min_size=kw.pop("min_size", 7),
        max_lines=1,
        colour=colour,
        **kw,
    )


def messages(face: Face) -> list[str]:
    """The contrast faults of `face` as "key: message"."""
    return [
        f"{f.element.key}: {f.message}" for f in face_faults(face, FRAME) if "contrast" in f.message
    ]


def dark_fill(colour: str = "#333333") -> Fill:
    return Fill(key="dark", rect=Rect(0, 0, FRAME.w, FRAME.h), colour=colour)


# --- the ratio ------------------------------------------------------------------------


def test_wcag_ratios_of_known_pairs():
    assert contrast_ratio(luminance(rgb("#000000")), luminance(rgb("#FFFFFF"))) == pytest.approx(21)
    # WebAIM's figures: #777777 on white 4.47:1, #555555 on white 7.46:1
    assert contrast_ratio(luminance(rgb("#777777")), 1.0) == pytest.approx(4.48, abs=0.01)
    assert contrast_ratio(luminance(rgb("#555555")), 1.0) == pytest.approx(7.46, abs=0.01)


# --- shapes under text ----------------------------------------------------------------


def test_dark_text_over_a_dark_fill_is_refused_with_its_ratio():
    face = Face((dark_fill(), text()))
    assert messages(face) == [
        "body: contrast 1.6:1 against 'dark', below 4.5:1; set a text colour or a panel "
        "behind the text"
    ]


def test_a_panel_behind_the_text_is_counted_and_fixes_it():
    panel = Fill(key="panel", rect=BOX.inset(-4), colour="#FFFFFF", radius=3)
    assert messages(Face((dark_fill(), panel, text()))) == []
    # a panel under only part of the text leaves the rest on the dark fill
    half = Fill(key="panel", rect=Rect(BOX.x - 4, BOX.y - 4, 40, BOX.h + 8), colour="#FFFFFF")
    assert messages(Face((dark_fill(), half, text()))) == [
        "body: contrast 1.6:1 against 'dark', below 4.5:1; set a text colour or a panel "
        "behind the text"
    ]


def test_a_text_colour_fixes_it_and_a_dark_ground_counts_like_a_fill():
    assert messages(Face((dark_fill(), text("#FFFFFF")))) == []
    ground = Fill(key="ground", rect=FRAME.bleed_rect, colour="#1F3A5F", strength=0.9)
    assert messages(Face((text(),), ground)) == [
        "body: contrast 2.4:1 against the ground, below 4.5:1; set a text colour or a panel "
        "behind the text"
    ]


def test_white_number_on_a_disc_is_measured_against_the_disc_not_the_paper():
    x, y = FRAME.w / 2, FRAME.h / 2
    number = Text(
        key="points",
        text="3",
        font=BOLD,
        box=Rect(x - 8, y - 8, 16, 16),
        max_size=12,
        colour="#FFFFFF",
        inside="disc",
    )
    assert messages(Face((Disc(key="disc", x=x, y=y, r=12, colour="#1F3A5F"), number))) == []
    pale = Disc(key="disc", x=x, y=y, r=12, colour="#E69F00")
    assert messages(Face((pale, number))) == [
        "points: contrast 2.2:1 against 'disc', below 4.5:1; set a text colour or a panel "
        "behind the text"
    ]


# --- large text -----------------------------------------------------------------------


def test_large_text_needs_3_to_1_at_18_pt_or_14_pt_bold():
    grey = "#888888"  # 3.5:1 on white
    assert messages(Face((text(grey, 18),))) == []
    assert messages(Face((text(grey, 14, BOLD),))) == []
    below = "body: contrast 3.5:1 against the ground, below 4.5:1; set a text colour or a panel behind the text"
    assert messages(Face((text(grey, 12),))) == [below]
    assert messages(Face((text(grey, 14),))) == [below]  # 14 pt regular is not large
    assert messages(Face((text("#AAAAAA", 18),))) == [
        "body: contrast 2.3:1 against the ground, below 3:1; set a text colour or a panel "
        "behind the text"
    ]


def test_the_size_is_the_one_the_text_is_set_at_after_shrinking():
    shrunk = Text(
        key="body",
        text="A heading too long",
        font=REGULAR,
        box=Rect(20, 100, 120, 30),
        max_size=18,
        max_lines=1,
        colour="#888888",
    )
    assert shrunk.placed[0].size < 18
    assert messages(Face((shrunk,))) == [
        "body: contrast 3.5:1 against the ground, below 4.5:1; set a text colour or a panel "
        "behind the text"
    ]


# --- pictures under text --------------------------------------------------------------


def art(tmp_path: Path, make) -> ArtSpec:
    """Full-bleed art of a 760 x 1070 px image drawn by `make(image)`."""
    im = Image.new("RGB", (760, 1070), (240, 240, 240))
    make(im)
    path = tmp_path / "art.png"
    im.save(path)
    return ArtSpec(file="art.png", image=probe(path))


def test_text_over_dark_raster_art_is_refused_with_the_ratio_of_its_pixels(tmp_path):
    picture = art(tmp_path, lambda im: im.paste((40, 40, 40), (0, 0, 760, 1070)))
    face = Face((art_element(picture, FRAME), text()))
    assert messages(face) == [
        "body: contrast 1.4:1 against the art under it, below 4.5:1; set a text colour or a "
        "panel behind the text"
    ]
    # a panel between the picture and the text fixes it (and is what is measured)
    panel = Fill(key="panel", rect=BOX.inset(-3), colour="#FFFFFF", strength=0.9)
    assert messages(Face((art_element(picture, FRAME), panel, text()))) == []


def test_a_few_stray_dark_pixels_do_not_fail_a_text_but_a_dark_stripe_does(tmp_path):
    scale = 760 / FRAME.w  # px per pt across the trim (the image is fitted to cover it)
    line = text().placed[0].box
    top, left = round((FRAME.h - line.top) * scale), round(line.x * scale)

    def dots(im):
        for k in range(5):  # five 2 x 2 px specks under the text's line
            im.paste((0, 0, 0), (left + 20 * k, top + 5, left + 20 * k + 2, top + 7))

    light = Face((art_element(art(tmp_path, dots), FRAME), text()))
    under = ArtPixels()(light, FRAME, light.get("body").ink())
    dark = sum(n for px, n in under.items() if max(px) < 128)
    assert 0 < dark < 0.05 * sum(under.values())  # the specks are under it, a few pixels
    assert messages(light) == []

    def stripe(im):  # a band across the whole line, a third of its height
        y0 = top
        im.paste((20, 20, 20), (0, y0, 760, y0 + round(line.h * scale / 3)))

    striped = Face((art_element(art(tmp_path, stripe), FRAME), text()))
    (found,) = messages(striped)
    assert found.startswith("body: contrast 1.1:1 against the art under it, below 4.5:1")


def test_a_card_with_dark_art_is_refused_by_validate_at_the_card(data_copy):
    path = data_copy / "art" / "night.png"
    path.parent.mkdir()
    Image.new("RGB", (760, 1070), (30, 30, 60)).save(path)
    line = add_art(data_copy / "tech.toml", "smart-tv", '"art/night.png"')
    result = CliRunner().invoke(
        main, ["validate", "--game", "hack-attack", "--data", str(data_copy.parent)]
    )
    assert result.exit_code == 1
    assert (
        "hack-attack/tech.toml:24: card 'smart-tv', field 'name': contrast 1.3:1 against "
        "the art under it, below 4.5:1; set a text colour or a panel behind the text"
    ) in result.output, result.output
    assert "(on card 'smart-tv')" in result.output  # a shared label names its card
    assert line + 1 == 24  # the name follows the art line added before it


# --- greyscale ------------------------------------------------------------------------


def test_text_legible_in_colour_but_not_in_greyscale_is_refused():
    black = Fill(key="ground", rect=FRAME.bleed_rect, colour="#000000")
    # pure red on black: 5.3:1 in colour, but its grey (luma 76) is 2.4:1 on black
    assert messages(Face((text("#FF0000"),), black)) == [
        "body: contrast 2.4:1 in greyscale against the ground, below 4.5:1; set a text colour "
        "or a panel behind the text"
    ]


def test_two_categories_whose_greys_match_are_refused():
    # red and #4C4C4C print as the same grey (luma 76) though their luminances differ
    assert category_faults([("a", "#FF0000"), ("b", "#4C4C4C"), ("c", "#FFFFFF")]) == [
        (0, 1, pytest.approx(1.0, abs=0.01))
    ]


def test_a_game_whose_category_colours_print_the_same_grey_is_refused_at_the_colour(data_copy):
    line = edit_data(data_copy / "game.toml", 'colour = "#7FCBF2"', 'colour = "#E69F00"')
    result = CliRunner().invoke(
        main, ["validate", "--game", "hack-attack", "--data", str(data_copy.parent)]
    )
    assert result.exit_code == 1
    assert (
        f"hack-attack/game.toml:{line}: category 'social-media', field 'colour': the colours "
        "of 'Passwords' and 'Social Media' print as greys 1.0:1 apart in black and white, "
        "under 1.2:1; make one lighter or darker"
    ) in result.output, result.output


# --- the shipped kits -----------------------------------------------------------------


@pytest.mark.parametrize("ink_saver", [False, True], ids=["default", "ink-saver"])
@pytest.mark.parametrize("game", ["hack-attack", "hack-back", "not-a-hack"])
def test_every_shipped_face_is_legible_in_colour_and_greyscale(game, ink_saver):
    kit = find_kit(game, SHIPPED_DATA_DIR)
    folder = game_folder(kit, SHIPPED_DATA_DIR)
    use_fonts_of(folder)
    data = kit.load(folder)
    assert palette_problems(kit, data) == []
    for size in data.info.card_sizes:
        frame = frame_for(BuildOptions(game, card_size=size, ink_saver=ink_saver))(data)
        checked = 0
        for name, face, _ in kit_faces(kit, data, frame):
            faults = [f.message for f in face_faults(face, frame) if "contrast" in f.message]
            assert faults == [], (size, name, faults)
            checked += len(face.texts())
        assert checked > 100
