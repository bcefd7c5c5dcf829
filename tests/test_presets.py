"""Print-shop presets (pnp.presets, `pnp export --preset`, `pnp validate --preset`): the
presets' numbers against the shops' own file sizes, every preset's files read back
(page and pixel sizes with the bleed, page boxes, order, names, quantities, dpi and
colour tag), the safe zone checked on the shipped games and refused on a crafted face,
and the command line's usage errors."""

from __future__ import annotations

import csv
import io
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image, ImageCms
from pypdf import PdfReader

from pnp.cli import main
from pnp.core.sizes import CARD_SIZES_MM
from pnp.export import ExportOptions, export, prepare
from pnp.export_preset import deck_files
from pnp.presets import PRESET_IDS, preset, presets
from pnp.render.raster import pixels

MM_PER_PT = 25.4 / 72
POCKET_HEIST = Path(__file__).parent / "faces_as_data" / "pocket-heist"


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_the_presets_are_the_three_shops_with_dated_sources():
    assert (
        tuple(presets()) == PRESET_IDS == ("drivethrucards", "thegamecrafter", "makeplayingcards")
    )
    for shop in presets().values():
        assert shop.files in ("pdf", "png") and shop.colour in ("rgb", "cmyk")
        assert shop.bleed_mm >= 3.0 and shop.safe_mm >= 3.0 and shop.dpi == 300
        assert shop.sources and shop.still_needs
        for source in shop.sources:
            assert re.fullmatch(r"2026-\d\d-\d\d", source.read) and source.what
    assert preset("drivethrucards").colour == "cmyk"
    assert preset("thegamecrafter").colour == preset("makeplayingcards").colour == "rgb"


@pytest.mark.parametrize("shop", PRESET_IDS)
def test_our_trim_plus_the_presets_bleed_is_the_shops_own_file_size(shop):
    p = preset(shop)
    for name, size in p.sizes.items():
        w_mm, h_mm = (length + 2 * p.bleed_mm for length in CARD_SIZES_MM[name])
        if size.file_px is not None:
            assert (pixels(w_mm, p.dpi), pixels(h_mm, p.dpi)) == size.file_px
            assert abs(w_mm / 25.4 * p.dpi - size.file_px[0]) < 0.01  # no rounding hidden
        else:
            assert size.file_in is not None
            assert (round(w_mm / 25.4, 4), round(h_mm / 25.4, 4)) == size.file_in


def test_the_shops_sizes():
    assert set(preset("drivethrucards").sizes) == {"poker"}
    assert preset("thegamecrafter").sizes["poker"].file_px == (825, 1125)
    assert preset("thegamecrafter").sizes["mini"].file_px == (600, 825)
    assert preset("makeplayingcards").sizes["poker"].file_px == (822, 1122)
    assert preset("makeplayingcards").sizes["tarot"].file_px == (897, 1497)
    assert preset("makeplayingcards").bleed_mm == pytest.approx(36 / 300 * 25.4)


def test_drivethrucards_is_one_pdf_front_then_back_with_the_shops_bleed_and_boxes(tmp_path):
    report = export(ExportOptions("hack-back", "png", out_dir=tmp_path, preset="drivethrucards"))
    folder = tmp_path / "hack-back" / "drivethrucards"
    assert report.path == folder and report.bleed_mm == 3.175
    assert sorted(p.name for p in folder.iterdir()) == ["UPLOAD.txt", "cards.pdf"]
    reader = PdfReader(folder / "cards.pdf")
    job = prepare(ExportOptions("hack-back", "png", preset="drivethrucards"))
    copies = [(card, group) for group in job.groups for card in group.copies]
    assert len(reader.pages) == 2 * len(copies) == 2 * report.copies
    bleed_pt = 3.175 / MM_PER_PT
    w, h = (length / MM_PER_PT for length in CARD_SIZES_MM["poker"])
    for page in [*reader.pages[:6], *reader.pages[-4:]]:
        assert [float(v) for v in page.mediabox] == pytest.approx(
            [0, 0, w + 2 * bleed_pt, h + 2 * bleed_pt], abs=0.01
        )
        assert [float(v) for v in page.bleedbox] == pytest.approx([float(v) for v in page.mediabox])
        assert [float(v) for v in page.trimbox] == pytest.approx(
            [bleed_pt, bleed_pt, bleed_pt + w, bleed_pt + h], abs=0.01
        )
    # the order: each card's front, then its deck's back (the back names its deck)
    for index in (0, 1, 70, 71, len(copies) - 1):
        card, group = copies[index]
        front = reader.pages[2 * index].extract_text()
        back = reader.pages[2 * index + 1].extract_text()
        assert card.name in front
        assert "HACK BACK" in back
        assert (group.label if group.back != "aid" else "PLAYER AID") in back
    # the shop's colour mode: every colour a CMYK operator (pnp.render.cmyk)
    content = reader.pages[0].get_contents().get_data().decode("latin-1")
    assert re.search(r"\bk\b", content) and not re.search(r"\brg\b|\bRG\b", content)
    assert report.colour == "cmyk"
    note = (folder / "UPLOAD.txt").read_text(encoding="utf-8")
    assert "PDF/X-1a:2003" in note and "read 2026-12-02" in note
    assert "3.175 mm bleed" in note and "3.175 mm safe zone" in note


@pytest.mark.parametrize(
    ("shop", "size"), [("thegamecrafter", "poker"), ("makeplayingcards", "tarot")]
)
def test_an_image_preset_is_a_folder_per_deck_at_the_shops_pixel_size(tmp_path, shop, size):
    report = export(
        ExportOptions("hack-attack", "png", out_dir=tmp_path, card_size=size, preset=shop)
    )
    folder = tmp_path / "hack-attack" / shop
    job = prepare(ExportOptions("hack-attack", "png", card_size=size, preset=shop))
    decks = deck_files(job.groups)
    assert [d for d, _ in decks] == ["cards", "player-aids"]
    assert sorted(p.name for p in folder.iterdir()) == ["UPLOAD.txt", "cards", "player-aids"]
    want_px = preset(shop).sizes[size].file_px
    assert report.written.card_px == want_px
    for (deck, files), group in zip(decks, job.groups):
        names = sorted(p.name for p in (folder / deck).iterdir())
        assert names == sorted([f for f, _, _ in files] + ["quantities.csv"])
        rows = list(csv.DictReader(io.StringIO((folder / deck / "quantities.csv").read_text())))
        fronts = [r for r in rows if r["file"] != "back.png"]
        assert sum(int(r["copies"]) for r in fronts) == len(group.copies)
        distinct = list(dict.fromkeys(c.id for c in group.copies))
        assert [r["file"] for r in fronts] == [
            f"{n:03d}-{cid}.png" for n, cid in enumerate(distinct, 1)
        ]
        assert rows[-1] == {"file": "back.png", "card": "back", "copies": str(len(group.copies))}
        for name in (files[0][0], "back.png"):
            with Image.open(folder / deck / name) as im:
                assert im.size == want_px and im.mode == "RGB"
                assert im.info["dpi"] == pytest.approx((300, 300), abs=0.01)
                profile = ImageCms.ImageCmsProfile(io.BytesIO(im.info["icc_profile"]))
                assert "sRGB" in ImageCms.getProfileDescription(profile)


def test_a_size_the_shop_does_not_print_is_refused_naming_those_it_does(tmp_path):
    result = run(
        "export",
        "--game",
        "hack-attack",
        "--preset",
        "drivethrucards",
        "--card-size",
        "tarot",
        "--out",
        str(tmp_path),
    )
    assert result.exit_code == 1
    assert "DriveThruCards (--preset drivethrucards) prints no tarot cards here" in result.output
    assert "offers poker" in result.output
    assert not (tmp_path / "hack-attack" / "drivethrucards").exists()


@pytest.mark.parametrize("extra", [["--format", "png"], ["--bleed", "1"], ["--dpi", "150"]])
def test_a_preset_with_an_option_it_sets_itself_is_a_usage_error(tmp_path, extra):
    result = run(
        "export",
        "--game",
        "hack-back",
        "--preset",
        "thegamecrafter",
        "--out",
        str(tmp_path),
        *extra,
    )
    assert result.exit_code == 2
    assert f"leave out {extra[0]}" in result.output
    assert not (tmp_path / "hack-back").exists()


def test_export_needs_a_format_or_a_preset(tmp_path):
    result = run("export", "--game", "hack-back", "--out", str(tmp_path))
    assert result.exit_code == 2
    assert "--format FORMAT or --preset SHOP" in result.output


def test_the_cli_summary_says_what_the_upload_still_needs(tmp_path):
    result = run(
        "export", "--game", "hack-back", "--preset", "drivethrucards", "--out", str(tmp_path)
    )
    assert result.exit_code == 0, result.output
    assert "183 cards for DriveThruCards" in result.output
    assert "still to do before uploading" in result.output and "PDF/X-1a" in result.output


@pytest.mark.parametrize("shop", PRESET_IDS)
def test_every_shipped_game_fits_every_presets_safe_zone(shop):
    result = run("validate", "--all", "--preset", shop)
    assert result.exit_code == 0, result.output
    p = preset(shop)
    for line in result.output.splitlines():
        assert f"OK for {p.shop} ({p.bleed_mm:g} mm bleed, {p.safe_mm:g} mm safe zone" in line


def test_an_element_inside_3_mm_but_outside_the_shops_safe_zone_is_named_with_its_distance(
    tmp_path,
):
    data = tmp_path / "data"
    shutil.copytree(POCKET_HEIST, data / "pocket-heist")
    faces = data / "pocket-heist" / "faces.toml"
    faces.write_text(
        faces.read_text().replace("box = [4, 12, 42, 14]", "box = [3.05, 12, 42, 14]", 1)
    )
    assert run("validate", "--game", "pocket-heist", "--data", str(data)).exit_code == 0
    result = run(
        "validate", "--game", "pocket-heist", "--data", str(data), "--preset", "drivethrucards"
    )
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0].startswith("Error: pocket-heist/faces.toml:9: group 'title'")
    assert (
        "element 'name', field 'box': runs 0.1 mm outside the 3.175 mm safe area (on card"
        in lines[0]
    )
    assert (
        lines[-1]
        == f"Error: pocket-heist: {len(lines) - 1} problem{'s' if len(lines) > 2 else ''} found."
    )
    # and export with the preset refuses the same, writing nothing
    result = run(
        "export",
        "--game",
        "pocket-heist",
        "--data",
        str(data),
        "--preset",
        "thegamecrafter",
        "--out",
        str(tmp_path / "out"),
    )
    assert result.exit_code == 1 and "3.175 mm safe area" in result.output
    assert not (tmp_path / "out" / "pocket-heist" / "thegamecrafter").exists()
