"""`pnp diff` sees everything a print shows (issue 43 item 5): a card's picture from
the icon table by its contents and by the file it names, the icon table's backs and
credits, a data-only game's art fields and its layout's art files by their contents,
and its face layout element by element (with `extends` resolved: a parent's change is
each inheriting face's); two game folders need no --game; an unchanged copy says "no
changes"."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from pnp.cli import main
from pnp.core.paths import SHIPPED_DATA_DIR


def _diff(*args) -> tuple[int, list[str]]:
    result = CliRunner().invoke(main, ["diff", *map(str, args)])
    return result.exit_code, result.output.splitlines()


def _edit(path: Path, before: str, after: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(before) == 1, before
    path.write_text(text.replace(before, after), encoding="utf-8")


@pytest.fixture
def hack_attack(tmp_path) -> tuple[Path, Path]:
    """(old, new): two copies of Hack Attack's game folder."""
    old, new = tmp_path / "old" / "hack-attack", tmp_path / "new" / "hack-attack"
    for folder in (old, new):
        shutil.copytree(SHIPPED_DATA_DIR / "hack-attack", folder)
    return old, new


@pytest.fixture
def moon_base(tmp_path) -> tuple[Path, Path]:
    """(old, new): two copies of the game `pnp new` writes (its treasure front extends
    its action front), each with a layout art file and a card's own picture field."""
    made = CliRunner().invoke(main, ["new", "moon-base", "--dir", str(tmp_path / "made")])
    assert made.exit_code == 0, made.output
    game = tmp_path / "made" / "moon-base"
    _edit(
        game / "game.toml",
        "\n[tables.fields]\n",
        '\n[tables.fields]\nphoto = { type = "art", required = false }\n',
    )
    _edit(game / "cards.toml", 'id = "old-coin"\n', 'id = "old-coin"\nphoto = "art/coin.png"\n')
    (game / "art").mkdir()
    Image.new("RGB", (400, 400), "gold").save(game / "art" / "coin.png")
    Image.new("RGB", (600, 300), "navy").save(game / "art" / "logo.png")
    with (game / "faces.toml").open("a", encoding="utf-8") as f:
        f.write('\n[[back.card]]\ntype = "art"\nfile = "art/logo.png"\nbox = [6, 60, 51.5, 20]\n')
    old, new = tmp_path / "old", tmp_path / "new"
    shutil.copytree(game, old)
    shutil.copytree(game, new)
    return old, new


def test_a_picture_changed_in_the_icons_folder_is_its_cards_change(hack_attack):
    old, new = hack_attack
    assert _diff(old, new)[1][1:] == ["no changes"]  # game folders: no --game needed
    # another picture under the same name: the TV's icon is now the plug's drawing
    shutil.copy(new / "icons" / "plug.svg", new / "icons" / "tv.svg")
    assert _diff(old, new) == (
        0,
        [
            f"hack-attack: {old} → {new}",
            "smart-tv: icon 'tv' changed",
            "1 changed, 0 added, 0 removed; game.toml: 0 changes",
        ],
    )


def test_the_icon_table_naming_another_picture_is_reported(hack_attack):
    old, new = hack_attack
    _edit(new / "icons.toml", 'smart-tv = "tv"', 'smart-tv = "plug"')
    _edit(new / "icons.toml", 'aid = "info"', 'aid = "tv"')
    _edit(new / "icons.toml", 'tv = "Delapouite"', 'tv = "Lorc"')
    _edit(new / "icons.toml", 'licence = "CC BY 3.0"', 'licence = "CC BY 4.0"')
    assert _diff(old, new, "--game", "hack-attack")[1][1:] == [
        "smart-tv: icon 'tv' → 'plug'",
        "icons.toml: collection.licence 'CC BY 3.0' → 'CC BY 4.0'; backs.aid 'info' → 'tv'; "
        "authors.tv 'Delapouite' → 'Lorc'",
        "1 changed, 0 added, 0 removed; game.toml: 0 changes; icons.toml: 3 changes",
    ]


def test_a_layout_change_is_reported_element_by_element(moon_base):
    old, new = moon_base
    assert _diff(old, new) == (0, [f"moon-base: {old} → {new}", "no changes"])
    faces = new / "faces.toml"
    _edit(faces, "strength = 0.3\n", "strength = 0.35\n")  # the action's band: both fronts
    _edit(faces, "radius = 5\n", "radius = 6\n")  # the treasure's points disc
    _edit(faces, 'key = "mark"\nicon = "diamond"\n', 'key = "mark"\nicon = "key"\n')
    frame = '[[back.card]]\ntype = "outline"\nkey = "frame"\n'
    text = faces.read_text(encoding="utf-8")
    block = text[text.index(frame) : text.index("[[back.card]]", text.index(frame) + 1)]
    faces.write_text(text.replace(block, ""), encoding="utf-8")  # the frame drawn last
    _edit(faces, 'size = 9\nlines = 1\ncolour = "colour"\n', "size = 9\nlines = 1\n")
    with faces.open("a", encoding="utf-8") as f:
        f.write("\n" + block.rstrip("\n") + '\n\n[[back.card]]\ntype = "rule"\nkey = "line"\n')
        f.write("at = [6, 56]\nlength = 51.5\n")
    _edit(faces, 'design = "poker"\n', 'design = "poker"\ngrow_type = true\n')
    lines = faces.read_text(encoding="utf-8").splitlines()
    rule = lines.index('key = "line"') - 1  # its header, two lines above its key (1-based)
    assert _diff(old, new) == (
        0,
        [
            f"moon-base: {old} → {new}",
            "faces.toml: grow_type added (true)",
            "faces.toml: front 'action', element 'band': strength 0.3 → 0.35",
            "faces.toml: front 'treasure', element 'band': strength 0.3 → 0.35",
            "faces.toml: front 'treasure', element 'mark': icon 'diamond' → 'key'",
            "faces.toml: front 'treasure', element 'points': radius 5 → 6",
            "faces.toml: back 'card', element 'subtitle': colour removed",
            f"faces.toml: back 'card', element 'line': added (rule, faces.toml:{rule})",
            "faces.toml: back 'card': drawing order ground, frame, title, subtitle, art → "
            "ground, title, subtitle, art, frame",
            "0 changed, 0 added, 0 removed; game.toml: 0 changes; faces.toml: 8 changes",
        ],
    )


def test_a_layouts_art_file_and_a_cards_picture_field_are_compared_by_contents(moon_base):
    old, new = moon_base
    Image.new("RGB", (600, 300), "teal").save(new / "art" / "logo.png")
    Image.new("RGB", (500, 500), "gold").save(new / "art" / "coin.png")
    assert _diff(old, new)[1][1:] == [
        "old-coin: photo.picture changed (400×400 → 500×500 px)",
        "faces.toml: back 'card', element 'art': file 'art/logo.png' changed",
        "1 changed, 0 added, 0 removed; game.toml: 0 changes; faces.toml: 1 change",
    ]


def test_folders_that_are_not_game_folders_need_the_game(hack_attack):
    old, new = hack_attack
    code, lines = _diff(old.parent, new.parent)
    assert (code, lines[-1]) == (
        2,
        "Error: Missing option '--game': name the game, or give two game folders (each "
        "holding a game.toml)",
    )
    assert _diff(old.parent, new.parent, "-g", "hack-attack")[1][1:] == ["no changes"]
