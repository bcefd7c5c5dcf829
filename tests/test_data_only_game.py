"""A data-only game (tests/faces_as_data/pocket-heist: game.toml, card tables and a face
layout, no Python) through the command line as a designer runs it: validate, build and
export (png, tts, pdf-single), with and without the ink saver, reading the values back
from the PDFs and PNGs; its face faults named at the layout's file:line; the registry
still first (README, "A new game" and "Faces as data")."""

from __future__ import annotations

import json
import shutil
import tomllib
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader

from pnp.cli import main
from pnp.core.units import mm_to_pt
from pnp.render.colour import tint
from tests.pdfread import placements

FIXTURE = Path(__file__).parent / "faces_as_data" / "pocket-heist"
DPI = 300


def run(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.fixture
def data_dir(tmp_path) -> Path:
    """A writable copy of the game, in a data folder of its own."""
    shutil.copytree(FIXTURE, tmp_path / "data" / "pocket-heist")
    return tmp_path / "data"


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def px(mm: float) -> int:
    """A distance in mm as pixels at DPI (from a PNG's edge, which is the bleed's)."""
    return round((mm + 0.5) / 25.4 * DPI)


def rgb(hex_rgb: str, strength: float = 1.0) -> tuple[int, int, int]:
    c = tint(hex_rgb, strength)
    return tuple(round(v * 255) for v in (c.red, c.green, c.blue))


def near(a, b, tolerance: int = 3) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


def test_validate_finds_the_game_from_its_folder(data_dir):
    result = run("validate", "--game", "pocket-heist", "--data", str(data_dir))
    assert result.exit_code == 0, result.output
    assert result.output == "pocket-heist: OK — 7 distinct cards, 14 copies\n"


def test_build_writes_the_kit_and_the_faces_print_where_the_layout_says(data_dir, tmp_path):
    out = tmp_path / "out"
    result = run("build", "--game", "pocket-heist", "--data", str(data_dir), "--out", str(out))
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == (
        "pocket-heist: 14 cards — 4 loot, 3 tool, 3 guard, 4 Player aid"
    )
    pdf = out / "pocket-heist" / "cards.pdf"
    reader = PdfReader(pdf)
    assert len(reader.pages) == 4  # two sheets of fronts, each followed by its backs
    origin_x, origin_y = placements(reader, 0)[0].origin  # the first Gold Watch
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[0]
        text = page.extract_text()
        card_top = page.height - origin_y - mm_to_pt(88.9)  # pdfplumber's y runs down
        chars = [
            c
            for c in page.chars
            if origin_x <= c["x0"] < origin_x + mm_to_pt(63.5)
            and card_top <= c["top"] < card_top + mm_to_pt(88.9)
        ]
    for words in ("Gold Watch", "LOOT", "Cursed Ruby", "Lock Pick", "Alarm 3: 3 eyes open."):
        assert words in text
    title = [c for c in chars if c["size"] == 14 and c["x0"] < origin_x + mm_to_pt(46)]
    assert "".join(c["text"] for c in title) == "Gold Watch"
    assert title[0]["x0"] == pytest.approx(
        origin_x + mm_to_pt(4), abs=0.01
    )  # box left, aligned left
    for c in title:  # inside the box: 12..26 mm from the card's top
        assert card_top + mm_to_pt(12) <= c["top"] and c["bottom"] <= card_top + mm_to_pt(26)
    rules = PdfReader(out / "pocket-heist" / "rules.pdf").pages[0].extract_text()
    assert "Pocket Heist" in rules and "Loot cards" in rules and "Cards in all" in rules


def _png(out: Path, name: str) -> Image.Image:
    return Image.open(out / "pocket-heist" / "png" / name).convert("RGB")


@pytest.mark.parametrize("ink_saver", [False, True], ids=["full-ink", "ink-saver"])
def test_png_export_reads_back_the_layouts_colours(data_dir, tmp_path, ink_saver):
    out = tmp_path / "out"
    args = ["export", "--game", "pocket-heist", "--data", str(data_dir), "--out", str(out)]
    result = run(*args, "--format", "png", *(["--ink-saver"] if ink_saver else []))
    assert result.exit_code == 0, result.output
    watch = _png(out, "gold-watch-1-front.png")
    assert watch.size == (762, 1062)  # (63.5 + 1) x (88.9 + 1) mm at 300 dpi
    # the band: #E69F00 at 0.35, 0.12 with the ink saver, into the bleed
    band = rgb("#E69F00", 0.12 if ink_saver else 0.35)
    assert near(watch.getpixel((px(40), px(1))), band)
    assert near(watch.getpixel((2, 2)), band)  # the bleed's corner
    assert near(watch.getpixel((px(10), px(82))), rgb("#E69F00"))  # the suit's colour field
    disc = watch.getpixel((px(52 - 3.5), px(18)))  # inside the disc, left of the number
    assert near(disc, (255, 255, 255) if ink_saver else rgb("#222222"), 6)
    pick = _png(out, "lock-pick-1-front.png")  # the border is left out with the ink saver
    assert near(pick.getpixel((px(1), px(44))), (255, 255, 255) if ink_saver else rgb("#56B4E9"))
    guard_back = _png(out, "night-watch-back.png")
    assert near(guard_back.getpixel((px(5), px(5))), rgb("#222222", 0.1 if ink_saver else 1))
    back = _png(out, "gold-watch-1-back.png")
    assert near(back.getpixel((px(2), px(44))), rgb("#0072B2", 0.08))  # game.toml's colour
    assert near(back.getpixel((px(4), px(44))), rgb("#0072B2"), 8)  # the frame in it


def test_tts_and_pdf_single_exports(data_dir, tmp_path):
    out = tmp_path / "out"
    args = ["export", "--game", "pocket-heist", "--data", str(data_dir), "--out", str(out)]
    result = run(*args, "--format", "tts")
    assert result.exit_code == 0, result.output
    assert "  Card deck: 7 cards on 1 sheet (2x2) and a back" in result.output
    assert "  Guard deck: 3 cards on 1 sheet (2x2) and a back" in result.output
    saved = json.loads((out / "pocket-heist" / "tts" / "pocket-heist.json").read_text())
    names = [o.get("Nickname") for o in saved["ObjectStates"]]
    assert names == ["Card deck", "Guard deck", "Player aids"]
    result = run(*args, "--format", "pdf-single")
    assert result.exit_code == 0, result.output
    pages = PdfReader(out / "pocket-heist" / "cards-single.pdf").pages
    assert len(pages) == 28
    w, h = float(pages[0].mediabox.width), float(pages[0].mediabox.height)
    assert (w, h) == pytest.approx((mm_to_pt(64.5), mm_to_pt(89.9)), abs=0.01)
    assert "Gold Watch" in pages[0].extract_text() and "POCKET HEIST" in pages[1].extract_text()
    fronts = {p.extract_text().splitlines()[1]: p.extract_text() for p in pages[:14:2]}
    assert "JACKPOT" in fronts["Cursed Ruby"]  # when = { field = "points", equals = 5 }
    assert not any("JACKPOT" in text for name, text in fronts.items() if name != "Cursed Ruby")


def test_face_faults_name_the_layout_line_and_the_card(data_dir):
    game = data_dir / "pocket-heist"
    edit(game / "cards.toml", 'name = "Cursed Ruby"', 'name = "Cursed Ruby of Old Kings"')
    # a plain bold text (not a title, whose lines are balanced and would clear the disc)
    edit(
        game / "faces.toml",
        'box = [4, 12, 42, 14]\nfont = "bold"\nsize = 14\ntitle = true\n',
        'box = [4, 12, 50, 14]\nfont = "bold"\nsize = 14\nmin_size = 11\n',
    )
    # the points' disc moved in under the name's two lines (whose last holds two words)
    edit(game / "faces.toml", "at = [52, 18]", "at = [40, 18]")
    edit(
        game / "faces.toml",
        "box = [4, 62, 55.5, 10]\n",
        'box = [1, 62, 55.5, 10]\nalign = "left"\n',
    )
    result = run("validate", "--game", "pocket-heist", "--data", str(data_dir))
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        "Error: pocket-heist/faces.toml:57: front 'loot', element 'points', field 'at': "
        "overlaps 'name' by 7.2 x 4.9 mm (on card 'cursed-ruby')",
        "Error: pocket-heist/faces.toml:57: front 'loot', element 'points', field 'at': "
        "overlaps 'name' by 3.1 x 3.0 mm (on card 'cursed-ruby')",
        "Error: pocket-heist/faces.toml:152: front 'guard', element 'alarm', field 'box': "
        "runs 2.0 mm outside the 3 mm safe area (on card 'night-watch')",
        "Error: pocket-heist: 3 problems found.",
    ]


def test_text_too_long_for_its_box_names_the_layouts_box_and_the_card(data_dir):
    game = data_dir / "pocket-heist"
    edit(game / "game.toml", "max = 120", "max = 1000")
    edit(game / "cards.toml", 'text = "Worth nothing', 'text = "' + "Worth nothing at all. " * 30)
    result = run("validate", "--game", "pocket-heist", "--data", str(data_dir))
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        "Error: pocket-heist/faces.toml:26: group 'body' (in front 'loot'), element 'text', "
        "field 'box': text does not fit its box: 16 lines need 46.2 mm at the 7.0 pt floor; "
        "the box is 30.0 mm tall (on card 'paper-clip')",
        "Error: pocket-heist: 1 problem found.",
    ]


def test_a_character_the_font_lacks_is_named_where_the_card_has_it(data_dir):
    edit(
        data_dir / "pocket-heist" / "cards.toml", 'name = "Lock Pick"', 'name = "Lock Pick \u4e00"'
    )
    result = run("validate", "--game", "pocket-heist", "--data", str(data_dir))
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        "Error: pocket-heist/cards.toml:31: card 'lock-pick', field 'name': "
        "the font has no glyph for '\u4e00' (U+4E00)",
        "Error: pocket-heist: 1 problem found.",
    ]


def test_a_bigger_safe_area_is_checked(data_dir):
    edit(
        data_dir / "pocket-heist" / "faces.toml", 'design = "poker"', 'design = "poker"\nsafe = 4.5'
    )
    result = run("validate", "--game", "pocket-heist", "--data", str(data_dir))
    assert result.exit_code == 1
    assert result.output.splitlines()[:2] == [
        "Error: pocket-heist/faces.toml:45: front 'loot', element 'kind', field 'box': "
        "runs 0.5 mm outside the 4.5 mm safe area (on card 'gold-watch')",
        "Error: pocket-heist/faces.toml:10: group 'title' (in front 'loot'), element 'name', "
        "field 'box': runs 0.5 mm outside the 4.5 mm safe area (on card 'gold-watch')",
    ]


def test_an_art_window_from_the_layout(data_dir, tmp_path):
    game = data_dir / "pocket-heist"
    (game / "art").mkdir()
    Image.new("RGB", (600, 300), (0, 158, 115)).save(game / "art" / "vault.png", dpi=(300, 300))
    with open(game / "faces.toml", "a", encoding="utf-8") as f:
        f.write('\n[[front.loot]]\ntype = "art"\nfile = "art/vault.png"\nbox = [4, 62, 20, 8]\n')
    out = tmp_path / "out"
    result = run(
        "export",
        "--game",
        "pocket-heist",
        "--data",
        str(data_dir),
        "--out",
        str(out),
        "--format",
        "png",
    )
    assert result.exit_code == 0, result.output
    assert near(_png(out, "paper-clip-front.png").getpixel((px(14), px(66))), (0, 158, 115))
    assert near(_png(out, "lock-pick-1-front.png").getpixel((px(14), px(66))), (255, 255, 255))


def test_an_art_field_in_a_window_of_the_layout(data_dir, tmp_path):
    """A card field of type art, placed in the layout's window; a card without a value
    for it prints no picture there."""
    game = data_dir / "pocket-heist"
    (game / "art").mkdir()
    Image.new("RGB", (600, 300), (204, 121, 167)).save(game / "art" / "map.png", dpi=(300, 300))
    edit(
        game / "game.toml",
        'suit = { type = "colour", required = false }',
        'suit = { type = "colour", required = false }\npicture = { type = "art", required = false }',
    )
    edit(game / "cards.toml", 'name = "Gold Watch"', 'name = "Gold Watch"\npicture = "art/map.png"')
    with open(game / "faces.toml", "a", encoding="utf-8") as f:
        f.write(
            '\n[[front.loot]]\ntype = "art"\nfield = "picture"\nbox = [4, 62, 20, 8]\nfit = "contain"\n'
        )
    out = tmp_path / "out"
    result = run(
        "export",
        "--game",
        "pocket-heist",
        "--data",
        str(data_dir),
        "--out",
        str(out),
        "--format",
        "png",
    )
    assert result.exit_code == 0, result.output
    assert near(_png(out, "gold-watch-1-front.png").getpixel((px(14), px(66))), (204, 121, 167))
    assert near(_png(out, "paper-clip-front.png").getpixel((px(14), px(66))), (255, 255, 255))


def test_the_registry_comes_first_and_an_unknown_name_says_where_it_looked(data_dir):
    (data_dir / "not-a-hack").mkdir()
    shutil.copy(FIXTURE / "game.toml", data_dir / "not-a-hack" / "game.toml")
    result = run("validate", "--game", "not-a-hack", "--data", str(data_dir))
    assert result.exit_code == 1  # read as the registered Not a Hack, whose files are missing
    assert "unknown key" in result.output and "faces" in result.output
    result = run("validate", "--game", "pocket-hiest", "--data", str(data_dir))
    assert result.exit_code == 1
    assert result.output.startswith("Error: unknown game 'pocket-hiest'; known games: hack-attack")
    assert result.output.rstrip().endswith(
        f"nor is there a data-only game: no '{data_dir / 'pocket-hiest' / 'game.toml'}'"
    )


def test_a_data_only_table_in_a_csv_file_reads_as_its_toml_did(data_dir, tmp_path):
    """[[tables]] may name a spreadsheet's CSV file (pnp.data.csv_tables): the same cards,
    and a bad cell named by its row and column."""
    folder = data_dir / "pocket-heist"
    (folder / "guards.toml").unlink()
    (folder / "guards.csv").write_text(
        "id,name,alarm,count\nnight-watch,Night Watch,1,\ndog-patrol,Dog Patrol,3,2\n",
        encoding="utf-8",
    )
    edit(folder / "game.toml", 'file = "guards.toml"', 'file = "guards.csv"')
    result = run("validate", "--game", "pocket-heist", "--data", str(data_dir))
    assert result.exit_code == 0, result.output
    assert result.output == "pocket-heist: OK — 7 distinct cards, 14 copies\n"
    edit(folder / "guards.csv", "Dog Patrol,3,2", "Dog Patrol,9,2")
    result = run("validate", "--game", "pocket-heist", "--data", str(data_dir))
    assert result.exit_code == 1
    assert "guards.csv, row 3, column C 'alarm'" in result.output, result.output


def test_a_data_only_games_tables_go_to_csv_files_and_back_to_the_same_cards(data_dir, tmp_path):
    """pnp export-data finds a data-only game from its folder; its [[tables]] `file` (and
    `aids`) then name the CSV files, and the kit is the same, byte for byte."""
    folder = data_dir / "pocket-heist"
    before = run(
        "build", "--game", "pocket-heist", "--data", str(data_dir), "--out", str(tmp_path / "a")
    )
    assert before.exit_code == 0, before.output
    result = run(
        "export-data",
        "--game",
        "pocket-heist",
        "--data",
        str(data_dir),
        "--format",
        "csv",
        "--out",
        str(tmp_path / "csv"),
    )
    assert result.exit_code == 0, result.output
    assert "in its game.toml," in result.output and "\n    [tables]\n" not in result.output
    written = sorted((tmp_path / "csv" / "pocket-heist" / "csv").glob("*.csv"))
    game = (folder / "game.toml").read_text(encoding="utf-8")
    for sheet in written:
        shutil.copy(sheet, folder / sheet.name)
    for line in result.output.splitlines():
        if line.strip().startswith("set "):
            key, _, value = line.strip().removeprefix("set ").partition(" = ")
            name = value.strip('"')
            if key == "aids":
                game = game.replace('aids = "aids.toml"', f'aids = "{name}"')
            else:
                table = key.split("'")[1]
                files = {t["name"]: t["file"] for t in tomllib.loads(game)["tables"]}
                old = f'file = "{files[table]}"'
                game = game.replace(old, f'file = "{name}"')
    (folder / "game.toml").write_text(game, encoding="utf-8")
    assert game.count('.csv"') == len(written), game
    after = run(
        "build", "--game", "pocket-heist", "--data", str(data_dir), "--out", str(tmp_path / "b")
    )
    assert after.exit_code == 0, after.output
    a = (tmp_path / "a" / "pocket-heist" / "cards.pdf").read_bytes()
    b = (tmp_path / "b" / "pocket-heist" / "cards.pdf").read_bytes()
    assert a == b


def test_preview_and_diff_find_a_data_only_game_from_its_folder(data_dir, tmp_path):
    """Every verb that takes a game takes a data-only one from its folder in --data."""
    card = tomllib.loads((data_dir / "pocket-heist" / "cards.toml").read_text())
    first = next(iter(v for v in card.values() if isinstance(v, list)))[0]["id"]
    result = run(
        "preview",
        "--game",
        "pocket-heist",
        "--card",
        first,
        "--data",
        str(data_dir),
        "--out",
        str(tmp_path / "out"),
        "--dpi",
        "100",
    )
    assert result.exit_code == 0, result.output
    png = Path(result.stdout.strip())
    assert png.name == f"{first}-front.png" and Image.open(png).size[0] > 0
    newer = tmp_path / "newer"
    shutil.copytree(data_dir, newer)
    edit(newer / "pocket-heist" / "guards.toml", "alarm = 3", "alarm = 2")
    result = run("diff", str(data_dir), str(newer), "--game", "pocket-heist")
    assert result.exit_code == 0, result.output
    assert "dog-patrol: alarm 3 → 2" in result.output, result.output


def test_diff_takes_a_data_only_games_copy_under_any_name(data_dir, tmp_path):
    """The README's way: copy the game's folder under another name, edit, compare."""
    copy = tmp_path / "pocket-heist-v1"
    shutil.copytree(data_dir / "pocket-heist", copy)
    result = run("diff", str(copy), str(data_dir), "--game", "pocket-heist")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == "no changes"
    result = run("diff", str(tmp_path / "gone"), str(data_dir), "--game", "pocket-heist")
    assert result.exit_code == 1
    assert result.output == f"Error: '{tmp_path / 'gone'}': no such folder\n"
