"""Press files (issue 44 item 4), read back from real exports of Hack Attack with three
pictures: a CMYK TIFF tagged with the press profile itself (K-only black and a colour),
an RGB PNG of true black, and a half-transparent PNG on the back.

- CMYK art tagged with the output profile keeps its numbers, byte for byte; CMYK art on
  another profile keeps K-only black K only (LittleCMS's black-preserving intent).
- The total-ink check: `validate --preset drivethrucards` and `export --preset` name the
  card and the picture whose ink is over DriveThruCards' 240 %, with the figure LittleCMS
  gives (297 %); with `--ink-limit` every pixel and colour of the PDF is within 240 %.
- A black ground prints rich black within the limit while every text stays K only.
- The DriveThruCards PDF passes the PDF/X-1a:2003 preflight (tests/pdfx_preflight.py),
  the shipped Not a Hack's too; a plain `--colour cmyk` file does not (no output intent).
"""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from PIL import Image, ImageCms, ImageDraw
from pypdf import PdfReader

from pnp.cli import main as pnp_main
from pnp.core.errors import PnpError
from pnp.core.paths import SHIPPED_DATA_DIR
from pnp.data.icc import Source, cmyk_profile_bytes, profile_id
from pnp.export import ExportOptions, export
from pnp.layout.face import Face, Fill
from pnp.layout.imposition import Rect
from pnp.presets import preset, presets
from pnp.render.cmyk import cmyk_pixels, rich_black
from pnp.render.ink import limited, most_ink
from pnp.render.ink_check import InkCheck, ink_faults
from tests.pdfx_preflight import preflight
from tests.test_cmyk_export import operations, press
from tests.test_colour import naive_cmyk_profile

K_ONLY, CMYK_COLOUR = (0, 0, 0, 255), (40, 120, 200, 30)
PALE = (250, 200, 150)  # the back art's colour: opaque above, half transparent below
TRUE_BLACK_INK = round(sum(press((0, 0, 0))) * 100 / 255, 1)  # LittleCMS: sRGB black on SWOP
CARDS = ("smart-tv", "games-console", "smart-plug")


def run(*args: str):
    return CliRunner().invoke(pnp_main, [str(a) for a in args])


@pytest.fixture(scope="module")
def game(tmp_path_factory) -> Path:
    """A copy of Hack Attack: smart-tv shows a CMYK TIFF tagged with the press profile
    (K-only black above, a colour below), games-console an RGB PNG of true black (each in
    its card's art area), and the back a pale PNG whose lower half is half transparent.
    Returns the data folder."""
    data = tmp_path_factory.mktemp("press") / "card_data"
    shutil.copytree(SHIPPED_DATA_DIR / "hack-attack", data / "hack-attack")
    folder = data / "hack-attack"
    (folder / "art").mkdir()
    tagged = Image.new("CMYK", (760, 1060), K_ONLY)
    ImageDraw.Draw(tagged).rectangle((0, 530, 759, 1059), fill=CMYK_COLOUR)
    tagged.save(
        folder / "art/press.tif", compression="tiff_deflate", icc_profile=cmyk_profile_bytes()
    )
    Image.new("RGB", (760, 1060), (0, 0, 0)).save(folder / "art/black.png")
    back = Image.new("RGBA", (760, 1060), (*PALE, 255))
    ImageDraw.Draw(back).rectangle((0, 530, 759, 1059), fill=(*PALE, 128))
    back.save(folder / "art/back.png")
    toml = folder / "game.toml"
    toml.write_text(
        toml.read_text().replace(
            'colour = "#1F3A5F"\n',
            'colour = "#1F3A5F"\nart = { file = "art/back.png", alone = false }\n',
        )
    )
    tech = folder / "tech.toml"
    text = tech.read_text()
    for card, file in (("smart-tv", "press.tif"), ("games-console", "black.png")):
        art = f'art = {{ file = "art/{file}", area = true }}'
        text = text.replace(f'id = "{card}"', f'id = "{card}"\n{art}', 1)
    tech.write_text(text)
    return data


@pytest.fixture(scope="module")
def exports(game, tmp_path_factory) -> dict[str, tuple[Path, str]]:
    """The DriveThruCards export of three cards, as it is and with --ink-limit, and the
    same cards as a plain --colour cmyk pdf-single: {name: (PDF, the command's output)}."""
    root = tmp_path_factory.mktemp("press-out")
    out = {}
    picks = ["--cards", ",".join(CARDS)]
    for name, extra in (("checked", []), ("limited", ["--ink-limit"])):
        result = run(
            "export", "--game", "hack-attack", "--data", game, "--preset", "drivethrucards",
            "--out", root / name, *picks, *extra,
        )  # fmt: skip
        assert result.exit_code == 0, result.output
        out[name] = (root / name / "hack-attack/drivethrucards/cards.pdf", result.output)
    report = export(
        ExportOptions(
            "hack-attack", "pdf-single", out_dir=root / "plain", data_dir=game, colour="cmyk",
            cards=CARDS,
        )
    )  # fmt: skip
    out["plain"] = (report.path, "")
    return out


def _images(path: Path) -> dict[str, Image.Image]:
    """The CMYK image XObjects of the PDF, by the page they are first placed on's card:
    {"smart-tv": ..., "games-console": ..., "back": ...}, with the back's mask kept."""
    _, xobjects = operations(path)
    found = {}
    for x in xobjects.values():
        pixels = Image.frombytes("CMYK", (x["/Width"], x["/Height"]), x.get_data())
        found[x.indirect_reference.idnum] = (pixels, x)
    return found


def _by_colour(images) -> dict[str, tuple[Image.Image, object]]:
    """The three pictures told apart by their pixels."""
    named = {}
    for pixels, x in images.values():
        top = pixels.getpixel((pixels.width // 2, pixels.height // 4))
        if "/Mask" in x or "/SMask" in x:
            named["back"] = (pixels, x)
        elif top == K_ONLY or top[:3] == (0, 0, 0):
            named["press"] = (pixels, x)
        else:
            named["black"] = (pixels, x)
    return named


# --- CMYK art on the output profile, and on another ---------------------------------------


def test_cmyk_art_tagged_with_the_press_profile_keeps_its_numbers(exports, game):
    pixels, _ = _by_colour(_images(exports["checked"][0]))["press"]
    with Image.open(game / "hack-attack/art/press.tif") as source:
        assert source.info["icc_profile"] == cmyk_profile_bytes()
        want = source.resize(pixels.size, Image.Resampling.NEAREST)
    w, h = pixels.size
    assert pixels.getpixel((w // 2, h // 4)) == K_ONLY  # not C53 M48 Y49 K82
    assert pixels.getpixel((w // 2, 3 * h // 4)) == CMYK_COLOUR
    assert pixels.getpixel((w // 2, h // 4)) == want.getpixel((w // 2, h // 4))


def test_the_press_profile_is_known_by_its_bytes_not_its_object():
    colour = Image.new("CMYK", (2, 1), K_ONLY)
    colour.putpixel((1, 0), CMYK_COLOUR)
    data = cmyk_profile_bytes()
    again = ImageCms.ImageCmsProfile(io.BytesIO(data))  # a new object, the same profile
    kept = cmyk_pixels(colour, Source(again, None, profile_id(data)))
    assert kept.tobytes() == colour.tobytes()
    # a header with another rendering intent is still the same profile (ICC.1 7.2.18)
    other_intent = data[:64] + bytes((0, 0, 0, 1)) + data[68:]
    assert profile_id(other_intent) == profile_id(data)
    assert profile_id(naive_cmyk_profile()) != profile_id(data)


def test_cmyk_art_on_another_profile_keeps_k_only_black_k_only():
    data = naive_cmyk_profile()
    other = ImageCms.ImageCmsProfile(io.BytesIO(data))
    pixels = Image.new("CMYK", (3, 1))
    pixels.putdata([(0, 0, 0, 255), (0, 0, 0, 128), (255, 0, 0, 0)])
    out = cmyk_pixels(pixels, Source(other, None, profile_id(data)))
    got = [out.getpixel((x, 0)) for x in range(3)]
    assert got[0] == (0, 0, 0, 255) and got[1][:3] == (0, 0, 0) and 0 < got[1][3] < 255
    assert got[2][0] > 0  # colours are still converted


# --- the total-ink check -------------------------------------------------------------------


def test_each_preset_says_where_its_ink_limit_comes_from():
    dtc = preset("drivethrucards")
    assert dtc.ink_limit == 240 and "240 %" in dtc.ink_limit_source
    assert dtc.pdf_x == "PDF/X-1a:2003" and dtc.profile_named == "US Web Coated (SWOP) v2"
    for shop in presets().values():
        assert shop.ink_limit_source
        if shop.ink_limit is None:
            assert shop.ink_limit_source.startswith("none published")


def test_true_black_art_over_the_limit_is_named_by_validate(game):
    result = run("validate", "--game", "hack-attack", "--data", game, "--preset", "drivethrucards")
    assert result.exit_code == 0, result.output
    over = [line for line in result.output.splitlines() if "total ink" in line and "over" in line]
    assert len(over) == 1, result.output
    line = over[0]
    assert "games-console" in line and "'art/black.png'" in line
    assert f"up to {TRUE_BLACK_INK:g} % total ink" in line and TRUE_BLACK_INK > 290
    assert "over the 240 % DriveThruCards allows" in line and "--ink-limit" in line
    assert "press.tif" not in result.output.split("partly transparent")[0]  # 0 + 100 %: fine
    assert "total ink checked against 240 %" in result.output


def test_the_export_names_it_too_and_ink_limit_writes_it_under(exports):
    path, output = exports["checked"]
    assert "games-console" in output and f"{TRUE_BLACK_INK:g} % total ink" in output
    assert "total ink checked against 240 %" in output
    black, _ = _by_colour(_images(path))["black"]
    assert most_ink(black) == pytest.approx(TRUE_BLACK_INK, abs=0.1)
    path, output = exports["limited"]
    assert "over the 240 %" not in output and "total ink under 240 %" in output
    images = _by_colour(_images(path))
    black, _ = images["black"]
    assert 239 <= most_ink(black) <= 240  # the limit, reached and not passed
    assert black.getpixel((5, 5)) == limited(press((0, 0, 0)), 240)
    assert black.getpixel((5, 5))[3] == press((0, 0, 0))[3]  # K kept, C, M, Y scaled
    for pixels, _ in images.values():
        assert most_ink(pixels) <= 240
    ops, _ = operations(path)
    inks = [sum(v) * 100 for v, op, _ in ops if op in (b"k", b"K")]
    assert max(inks) <= 240 + 1e-6


def test_a_vector_colour_over_the_limit_is_named_with_its_separation():
    dark = "#001020"  # a navy near black: C86 M56 Y36 K93
    face = Face(
        (Fill(key="band", rect=Rect(0, 0, 50, 20), colour=dark),),
        ground=Fill(key="ground", rect=Rect(0, 0, 100, 100), colour="#000000"),
    )
    faults = ink_faults(face, InkCheck(240, "DriveThruCards"))
    total = round(sum(press((0x00, 0x10, 0x20))) * 100 / 255, 1)
    assert total > 240
    assert [(f.element.key, f.level) for f in faults] == [("band", "warning")]
    assert (
        f"prints {dark} as C" in faults[0].message and f"{total:g} % total ink" in faults[0].message
    )
    assert ink_faults(face, InkCheck(400, "x")) == []  # and the black ground is rich black


def test_ink_limit_needs_a_cmyk_preset_with_a_limit(tmp_path):
    with pytest.raises(PnpError, match="needs a CMYK --preset"):
        export(ExportOptions("hack-attack", "pdf-single", out_dir=tmp_path, ink_limit=True))
    with pytest.raises(PnpError, match="none published"):
        export(ExportOptions("hack-attack", "png", preset="thegamecrafter", ink_limit=True))


# --- rich black grounds, K-only text ----------------------------------------------------------


def test_a_black_ground_prints_rich_black_and_its_text_k_only(tmp_path):
    result = run(
        "export", "--game", "not-a-hack", "--preset", "drivethrucards", "--out", tmp_path,
        "--cards", "hack-breach",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    path = tmp_path / "not-a-hack/drivethrucards/cards.pdf"
    ops, _ = operations(path)
    rich = rich_black(240)
    assert rich[3] == 255 and 0.99 * 240 <= sum(rich) * 100 / 255 <= 240
    ground = next(v for v, op, _ in ops if op == b"k")  # the face's first fill
    assert [round(v * 255) for v in ground] == list(rich)
    texts = [v for v, op, text in ops if op == b"k" and text]
    assert texts and all(v[:3] == [0, 0, 0] for v in texts)  # white and grey text: K only
    assert preflight(path) == []
    image = pdfium.PdfDocument(str(path))[0].render(scale=0.5).to_pil().convert("L")
    assert image.getpixel((5, 5)) < 40  # the corner: black


# --- PDF/X-1a -------------------------------------------------------------------------------


def test_the_drivethrucards_pdf_passes_the_pdfx_preflight(exports):
    for name in ("checked", "limited"):
        assert preflight(exports[name][0]) == [], name
    reader = PdfReader(exports["checked"][0])
    intent = reader.trailer["/Root"]["/OutputIntents"][0].get_object()
    assert intent["/DestOutputProfile"].get_object().get_data() == cmyk_profile_bytes()
    assert intent["/OutputConditionIdentifier"] == "CGATS TR 003"
    back = _by_colour(_images(exports["checked"][0]))["back"][1]
    mask = back["/Mask"].get_object()
    assert mask["/ImageMask"] == True and mask["/BitsPerComponent"] == 1  # noqa: E712


def test_a_plain_cmyk_pdf_is_not_pdfx(exports):
    faults = preflight(exports["plain"][0])
    assert "0 /GTS_PDFX output intents, not one" in faults
    assert any("soft mask" in f for f in faults)  # its transparent art keeps its /SMask


def test_the_pdfx_back_shows_its_half_transparent_half_in_full(exports, game):
    result = run("validate", "--game", "hack-attack", "--data", game, "--preset", "drivethrucards")
    assert "'art/back.png' has partly transparent pixels" in result.output
    doc = pdfium.PdfDocument(str(exports["checked"][0]))
    image = doc[1].render(scale=0.5).to_pil().convert("RGB")  # smart-tv's back
    w, h = image.size
    top, bottom = image.getpixel((4, h // 4)), image.getpixel((4, 3 * h // 4))
    assert max(abs(a - b) for a, b in zip(top, bottom)) < 8  # alpha 128 prints in full
