"""A game's icon table (pnp.data.icons, issue 28 item 1): each card's picture named by
card id, checked as SVG art, credited to its author; what a wrong table is told; where
the picture goes on a face (its art area, in the face's colour); `pnp icons` copying
icons and authors from an unpacked collection; the rulebook's credit."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from types import SimpleNamespace

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.core.paths import SHIPPED_DATA_DIR
from pnp.data.icons import credit_blocks, read_game_icons
from pnp.data.toml_source import read_toml
from pnp.icons_sync import sync_icons
from pnp.layout.card_frame import CardFrame
from pnp.layout.face import Art, Face, Fill
from pnp.layout.imposition import Rect

POCKET_HEIST = Path(__file__).parent / "faces_as_data" / "pocket-heist"
SHIPPED = SHIPPED_DATA_DIR
PATH = '<path fill="currentColor" d="M10 10h492v492H10z"/>'


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def table(cards: str, authors: str = 'padlock = "Lorc"\n') -> str:
    return (
        '[collection]\nname = "game-icons.net"\nurl = "https://game-icons.net"\n'
        'licence = "CC BY 3.0"\nlicence_url = "https://creativecommons.org/licenses/by/3.0/"\n\n'
        f"[cards]\n{cards}\n[authors]\n{authors}"
    )


@pytest.fixture
def heist(tmp_path) -> Path:
    """A copy of the data-only test game with an icon table naming one card's icon."""
    data = tmp_path / "data"
    shutil.copytree(POCKET_HEIST, data / "pocket-heist")
    game = data / "pocket-heist"
    text = (game / "game.toml").read_text(encoding="utf-8")
    (game / "game.toml").write_text(
        text.replace('faces = "faces.toml"\n', 'faces = "faces.toml"\nicons = "icons.toml"\n'),
        encoding="utf-8",
    )
    (game / "icons").mkdir()
    shutil.copy(Path(__file__).parent / "art" / "padlock.svg", game / "icons" / "padlock.svg")
    (game / "icons.toml").write_text(table('gold-watch = "padlock"\n'), encoding="utf-8")
    return game


def test_an_icon_table_is_read_with_its_authors_and_credit(heist):
    icons, problems = read_game_icons(read_toml(heist / "game.toml"))
    assert problems == [] and icons is not None
    art = icons.for_card("gold-watch")
    assert art.file == "icons/padlock.svg" and art.area and art.fit == "contain" and art.vector
    assert icons.for_card("paper-clip") is None
    assert icons.credit() == (
        "Card pictures: Lorc, game-icons.net (https://game-icons.net), CC BY 3.0 "
        "(https://creativecommons.org/licenses/by/3.0/)."
    )
    blocks = credit_blocks(SimpleNamespace(icons=icons))
    assert [b.kind for b in blocks] == ["h2", "para"] and blocks[1].text == icons.credit()
    assert credit_blocks(SimpleNamespace(icons=None)) == []


@pytest.mark.parametrize(
    "cards, authors, message",
    [
        ('no-such-card = "padlock"\n', 'padlock = "Lorc"\n', "no card has the id 'no-such-card'"),
        ('gold-watch = "router"\n', 'router = "Lorc"\n', "'icons/router.svg': the file does not"),
        ('gold-watch = "padlock"\n', "", "icon 'padlock' has no author in [authors]"),
        ('gold-watch = "Pad Lock"\n', "", "an icon name is kebab-case"),
    ],
)
def test_a_wrong_icon_table_is_named_at_its_line(heist, cards, authors, message):
    (heist / "icons.toml").write_text(table(cards, authors), encoding="utf-8")
    result = run("validate", "--game", "pocket-heist", "--data", str(heist.parent))
    assert result.exit_code == 1, result.output
    assert "pocket-heist/icons.toml:8:" in result.output or (
        "icons.toml:" in result.output and message.startswith("icon 'padlock' has no")
    ), result.output
    assert message in result.output, result.output
    assert "Traceback" not in result.output


def test_an_icon_svg_with_a_script_is_refused_at_its_card(heist):
    (heist / "icons" / "padlock.svg").write_text(
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">{PATH}'
        "<script>alert(1)</script></svg>",
        encoding="utf-8",
    )
    result = run("validate", "--game", "pocket-heist", "--data", str(heist.parent))
    assert result.exit_code == 1
    assert "icons.toml:8: field 'cards.gold-watch': icon 'padlock'" in result.output
    assert "script" in result.output


def test_a_face_without_an_art_area_is_told_so(heist):
    result = run("validate", "--game", "pocket-heist", "--data", str(heist.parent))
    assert result.exit_code == 1, result.output
    assert "card 'gold-watch': its face keeps no art area for the picture" in result.output
    # every other card of a game with an icon table is warned that it has no picture
    assert (
        "icons.toml: card 'paper-clip': it has no picture: name an icon for it in icons.toml"
        in result.output
    )


def test_a_picture_for_the_art_area_is_fitted_there_in_the_faces_colour(heist):
    icons, _ = read_game_icons(read_toml(heist / "game.toml"))
    art = icons.for_card("gold-watch")
    frame = CardFrame(180, 252)
    area = Rect(40, 100, 100, 80)
    face = Face((Fill(key="panel", rect=Rect(0, 0, 180, 90), colour="#EEEEEE"),))
    placed = Face(face.elements, art_area=area, art_colour="#C06C9C").with_art(art, frame)
    first = placed.elements[0]
    assert isinstance(first, Art) and first.clip == area and first.target == area
    assert first.art.colour == "#C06C9C" and placed.art_area == area
    shown = first.placement().shown
    assert area.x - 0.01 <= shown.x and shown.x + shown.w <= area.x + area.w + 0.01
    assert shown.h == pytest.approx(80) and shown.w == pytest.approx(80)  # square, contained
    # a face without an art area is left as it is (validation names it)
    assert face.with_art(art, frame) is face


def test_a_designers_art_in_the_art_area_takes_no_window(data_copy):
    tech = data_copy / "tech.toml"
    text = tech.read_text(encoding="utf-8")
    art = 'art = { file = "icons/tv.svg", area = true, window = [1, 1, 5, 5] }'
    tech.write_text(text.replace('id = "smart-tv"\n', f'id = "smart-tv"\n{art}\n'), "utf-8")
    result = run("validate", "--game", "hack-attack", "--data", str(data_copy.parent))
    assert result.exit_code == 1
    assert "area = true places the picture in its face's art area; drop the window" in (
        result.output
    )


@pytest.fixture
def collection(tmp_path) -> tuple[Path, Path]:
    """A tiny collection: an Iconify JSON of three icons and their SVGs by author, one
    name held by two authors (told apart by its path data)."""
    icons = {
        "padlock": {"body": PATH},
        "key": {"body": '<path fill="currentColor" d="M1 1h5v5H1z"/>'},
        "spare": {"body": PATH},
    }
    pack = tmp_path / "icons.json"
    pack.write_text(json.dumps({"icons": icons, "width": 512, "height": 512}), encoding="utf-8")
    svgs = tmp_path / "repo"
    for author, name, d in [
        ("lorc", "padlock", "M10 10h492v492H10z"),
        ("delapouite", "key", "M9 9h9v9H9z"),
        ("john-colburn", "key", "M1 1h5v5H1z"),
        ("badges", "padlock", "M10 10h492v492H10z"),
    ]:
        (svgs / author).mkdir(parents=True, exist_ok=True)
        (svgs / author / f"{name}.svg").write_text(f'<svg><path d="{d}"/></svg>', "utf-8")
    return pack, svgs


def test_pnp_icons_copies_icons_authors_and_credits(heist, collection):
    pack, svgs = collection
    (heist / "icons" / "stale.svg").write_text("<svg/>", encoding="utf-8")
    (heist / "icons.toml").write_text(
        "# my comment\n" + table('gold-watch = "padlock"\npaper-clip = "key"\n', 'old = "X"\n'),
        encoding="utf-8",
    )
    result = run(
        "icons", "--game", "pocket-heist", "--data", str(heist.parent),
        "--collection", str(pack), "--svgs", str(svgs),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "pocket-heist: 2 icons written, 1 unused deleted" in result.output
    text = (heist / "icons.toml").read_text(encoding="utf-8")
    assert text.startswith("# my comment\n")
    assert text.endswith('[authors]\nkey = "John Colburn"\npadlock = "Lorc"\n')
    svg = (heist / "icons" / "key.svg").read_text(encoding="utf-8")
    assert 'd="M1 1h5v5H1z"' in svg and "currentColor" not in svg and 'viewBox="0 0 512 512"' in svg
    assert not (heist / "icons" / "stale.svg").exists()
    credits = (heist / "icons" / "CREDITS.md").read_text(encoding="utf-8")
    assert "| key | John Colburn |" in credits and "CC BY 3.0" in credits
    # and what it wrote passes validation's SVG checks (the faces have no art area here)
    out = run("validate", "--game", "pocket-heist", "--data", str(heist.parent)).output
    assert "icon 'key'" not in out and "keeps no art area" in out


@pytest.mark.parametrize(
    "cards, authors_last, message",
    [
        ('gold-watch = "missing"\n', True, "icon 'missing' is not in"),
        ('gold-watch = "spare"\n', True, "no author of icon 'spare'"),
        ('gold-watch = "padlock"\n', False, "[authors] must be the table's last table"),
    ],
)
def test_pnp_icons_refuses_what_it_cannot_credit(heist, collection, cards, authors_last, message):
    pack, svgs = collection
    text = table(cards) + ("" if authors_last else "\n[extra]\nx = 1\n")
    (heist / "icons.toml").write_text(text, encoding="utf-8")
    before = sorted(os.listdir(heist / "icons"))
    result = run(
        "icons", "--game", "pocket-heist", "--data", str(heist.parent),
        "--collection", str(pack), "--svgs", str(svgs),
    )  # fmt: skip
    assert result.exit_code == 1 and message in result.output, result.output
    assert "Traceback" not in result.output
    assert sorted(os.listdir(heist / "icons")) == before  # nothing written
    assert (heist / "icons.toml").read_text(encoding="utf-8") == text


@pytest.mark.parametrize("game", ["hack-attack", "hack-back", "not-a-hack"])
def test_every_shipped_card_has_an_icon_and_every_icon_its_author(game):
    tf = read_toml(SHIPPED / game / "icons.toml")
    import tomllib

    data = tomllib.loads((SHIPPED / game / "icons.toml").read_text(encoding="utf-8"))
    names = set(data["cards"].values()) | set(data.get("backs", {}).values())
    assert names == {p.stem for p in (SHIPPED / game / "icons").glob("*.svg")}
    assert names <= set(data["authors"]) and tf is not None
    credits = (SHIPPED / game / "icons" / "CREDITS.md").read_text(encoding="utf-8")
    assert all(f"| {n} | {data['authors'][n]} |" in credits for n in names)


def test_sync_keeps_a_shipped_table_as_it_is(tmp_path, collection):
    pack, svgs = collection
    game = tmp_path / "g"
    game.mkdir()
    (game / "game.toml").write_text('icons = "icons.toml"\n', encoding="utf-8")
    (game / "icons.toml").write_text(table('a = "padlock"\n'), encoding="utf-8")
    done = sync_icons(game, pack, svgs)
    assert done.written == ("padlock",) and done.deleted == ()
    assert (game / "icons.toml").read_text(encoding="utf-8") == table('a = "padlock"\n')


@pytest.mark.parametrize("game", ["hack-attack", "hack-back", "not-a-hack"])
@pytest.mark.parametrize("size", ["poker", "bridge", "tarot"])
def test_every_aid_keeps_an_art_area_clear_of_its_text(game, size):
    from pnp.build import find_kit
    from pnp.core.sizes import CARD_SIZES_MM
    from pnp.core.units import mm_to_pt
    from pnp.layout.aid import aid_face

    kit = find_kit(game, SHIPPED)
    data = kit.load(SHIPPED / game)
    w, h = CARD_SIZES_MM[size]
    frame = CardFrame(mm_to_pt(w), mm_to_pt(h))
    aids = kit.aids(data)
    assert aids
    for aid in aids:
        face = aid_face(aid, data, frame)
        area = face.art_area
        assert area is not None and area.w >= mm_to_pt(10) and area.h >= mm_to_pt(10), aid.id
        assert frame.safe.x <= area.x and area.x + area.w <= frame.safe.x + frame.safe.w + 0.01
        assert frame.safe.y - 0.01 <= area.y and area.top <= frame.safe.top + 0.01
        for text in face.texts():
            for box in text.ink():
                apart = (
                    box.x + box.w <= area.x
                    or area.x + area.w <= box.x
                    or box.top <= area.y
                    or area.top <= box.y
                )
                assert apart, (aid.id, text.key)
        assert face.art_colour is not None and face.art_colour != data.info.back.colour


def test_the_fourth_game_prints_its_icons_in_the_art_area_its_layout_keeps(heist, tmp_path):
    """Shared code, every game: a data-only game whose faces.toml keeps an art area and
    whose icon table names a card's icon prints that icon there, in the area's colour,
    and credits its author in its rulebook."""
    from PIL import Image

    with (heist / "faces.toml").open("a", encoding="utf-8") as f:
        f.write('\n[[front.loot]]\nart_area = [4, 60.5, 22, 15]\nart_colour = "#0072B2"\n')
    icons = heist / "icons.toml"
    icons.write_text(
        table('gold-watch = "padlock"\ncursed-ruby = "padlock"\npaper-clip = "padlock"\n'),
        encoding="utf-8",
    )
    out = tmp_path / "out"
    result = run("build", "--game", "pocket-heist", "--data", str(heist.parent), "--out", str(out))
    assert result.exit_code == 0, result.output
    assert "keeps no art area" not in result.output
    result = run(
        "export", "--game", "pocket-heist", "--data", str(heist.parent), "--out", str(out),
        "--format", "png", "--dpi", "100",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    png = next((out / "pocket-heist").rglob("gold-watch-1-front.png"))
    image = Image.open(png).convert("RGB")
    bleed = (image.width - round(63.5 / 25.4 * 100)) / 2
    px = lambda x_mm, y_mm: image.getpixel(  # noqa: E731
        (round(bleed + x_mm / 25.4 * 100), round(bleed + y_mm / 25.4 * 100))
    )
    inside = [px(x, y) for x in range(6, 25) for y in range(61, 75)]
    assert (0, 114, 178) in inside or any(
        abs(r - 0) < 12 and abs(g - 114) < 12 and abs(b - 178) < 12 for r, g, b in inside
    )  # the padlock, in the area's blue
    assert px(50, 70) == px(60, 70)  # beside the area: the ground
    rules = (out / "pocket-heist" / "rules.pdf").read_bytes()
    assert b"Lorc" in rules or "Lorc" in _pdf_text(out / "pocket-heist" / "rules.pdf")


def _pdf_text(path: Path) -> str:
    from pypdf import PdfReader

    return " ".join(page.extract_text() for page in PdfReader(path).pages)


def test_the_readme_credits_every_author_of_a_shipped_picture():
    import tomllib

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    credits = " ".join(readme[readme.index("\n## Credits\n") :].split())
    for game in ("hack-attack", "hack-back", "not-a-hack"):
        table = tomllib.loads((SHIPPED / game / "icons.toml").read_text(encoding="utf-8"))
        for name in set(table["cards"].values()):
            assert table["authors"][name] in credits, (game, name)


@pytest.mark.parametrize("game", ["hack-attack", "hack-back", "not-a-hack"])
@pytest.mark.parametrize("size", ["poker", "tarot"])
def test_the_backs_the_icon_table_pictures_print_it_clear_of_their_words(game, size):
    from pnp.build import find_kit
    from pnp.core.sizes import CARD_SIZES_MM
    from pnp.core.units import mm_to_pt

    kit = find_kit(game, SHIPPED)
    data = kit.load(SHIPPED / game)
    pictured = set(data.info.icons.back_names)
    assert "aid" in pictured and (game != "not-a-hack" or {"black", "white"} <= pictured)
    w, h = CARD_SIZES_MM[size]
    for ink_saver in (False, True):
        frame = CardFrame(mm_to_pt(w), mm_to_pt(h), ink_saver=ink_saver)
        for back_id in pictured:
            face = kit.back_face(back_id, data, frame)
            art = [e for e in face.elements if isinstance(e, Art)]
            assert len(art) == 1 and art[0].target == face.art_area, back_id
            area = face.art_area
            assert area.h >= mm_to_pt(15) and frame.safe.x <= area.x, back_id
            for text in face.texts():
                for box in text.ink():
                    assert box.top <= area.y or area.top <= box.y, (back_id, text.key)


def test_a_back_id_the_game_does_not_have_is_named_at_its_line(heist):
    text = table('gold-watch = "padlock"\n').replace(
        "[authors]", '[backs]\nnope = "padlock"\n\n[authors]'
    )
    (heist / "icons.toml").write_text(text, encoding="utf-8")
    result = run("validate", "--game", "pocket-heist", "--data", str(heist.parent))
    assert result.exit_code == 1, result.output
    assert "icons.toml:11: field 'backs.nope': no back has the id 'nope'" in result.output, (
        result.output
    )
    assert "Traceback" not in result.output
