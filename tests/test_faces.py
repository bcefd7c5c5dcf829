"""Faces are data: every mark on every card and back is a Face element that validation
checks (fit at the floors, glyphs, overlap, containers, the 3 mm safe area), and the
same check refuses a build. Synthetic faces pin each check; edited copies of the real
data show that back titles, deck names and badge texts are checked like card text."""

from __future__ import annotations

import shutil

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.core.games import find_game, game_ids
from pnp.core.paths import SHIPPED_DATA_DIR
from pnp.core.units import mm_to_pt
from pnp.fonts import BOLD, REGULAR
from pnp.layout.card_frame import CardFrame
from pnp.layout.design import line_at
from pnp.layout.face import Disc, Face, Fill, Icon, Rule, Text
from pnp.layout.face_check import check_face
from pnp.layout.imposition import Rect
from tests.datafiles import edit_data

MM = mm_to_pt(1)
POKER = CardFrame(63.5 * MM, 88.9 * MM, 0.5 * MM)


def text(key, words, x_mm, y_mm, w_mm=30, h_mm=6, size=9.0, **kw):
    return Text(
        key=key,
        text=words,
        font=REGULAR,
        box=Rect(x_mm * MM, y_mm * MM, w_mm * MM, h_mm * MM),
        max_size=size,
        **kw,
    )


def messages(*elements, frame=POKER):
    return [(f.element.key, f.message) for f in check_face(Face(elements), frame)]


def test_a_clean_face_has_no_fault():
    assert messages(text("a", "Top", 10, 60), text("b", "Bottom", 10, 40)) == []


def test_overlapping_elements_are_a_fault_naming_both():
    found = messages(text("a", "Overlapping words", 10, 50), text("b", "Overlapping words", 10, 51))
    assert len(found) == 1 and found[0][0] == "b"
    assert found[0][1].startswith("overlaps 'a' by ")


def test_an_element_may_overlap_only_its_container_and_must_stay_inside_it():
    band = Fill(key="band", rect=Rect(0, 70 * MM, 63.5 * MM, 18.9 * MM), colour="#0072B2")
    inside = text("kind", "Inside", 10, 75, inside="band")
    assert messages(band, inside) == []
    sticking_out = text("kind", "Out", 10, 67, inside="band")
    assert messages(band, sticking_out) == [("kind", "runs 1.6 mm outside its container 'band'")]
    stranger = text("kind", "Overlaps the band", 10, 75)
    assert messages(band, stranger)[0][1].startswith("overlaps 'band'")


def test_only_decorations_may_leave_the_safe_area():
    bleed = Fill(key="band", rect=POKER.bleed_rect, colour="#EEEEEE")
    near_edge = text("name", "Near the edge", 1, 40, inside="band", align="left")
    assert messages(bleed, near_edge) == [("name", "runs 2.0 mm outside the 3 mm safe area")]
    icon = Icon(key="badge", glyph="wild", colour="#F0E442", x=5 * MM, y=80 * MM, size=6 * MM)
    assert messages(icon) == [("badge", "runs 1.0 mm outside the 3 mm safe area")]


def test_text_under_the_floor_unknown_icons_glyphs_and_fit_are_faults():
    assert messages(text("tiny", "Tiny", 10, 40, size=6.0, min_size=6.0)) == [
        ("tiny", "set at 6 pt, under the 7 pt floor")
    ]
    assert messages(
        Icon(key="i", glyph="rocket", colour="#000000", x=30 * MM, y=40 * MM, size=8 * MM)
    ) == [("i", "no icon called 'rocket'")]
    assert messages(text("t", "Hack 電", 10, 40)) == [
        ("t", "the font has no glyph for '電' (U+96FB)")
    ]
    ((key, message),) = messages(text("t", "W" * 40, 10, 40, max_lines=1))
    assert message.startswith("text does not fit its box: the word")


def test_badges_with_numbers_are_checked_like_any_text():
    """A badge's number is a text inside its disc or shield: one that cannot fit (here a
    value no schema allows) is a fault of that text, naming the field."""
    disc = Disc(key="badge", x=31 * MM, y=70 * MM, r=6 * MM, colour="#111111")
    number = line_at("points", "−999999", BOLD, 13, 31 * MM, 68 * MM, 9.6 * MM, inside="badge")
    ((key, message),) = messages(disc, number)
    assert key == "points" and message.startswith("text does not fit its box")


def test_rules_are_ink_too():
    rule = Rule(key="rule", x0=3 * MM, x1=60 * MM, y=42 * MM)
    assert messages(text("a", "Crossed by a rule", 10, 40), rule)[0][1].startswith("overlaps 'a'")


# --- The real data: backs, deck names and badge texts are validated data --------------


def _copy(tmp_path):
    shutil.copytree(SHIPPED_DATA_DIR, tmp_path / "card_data")
    return tmp_path / "card_data"


LONG = "W" * 40
# (game, file, old, new, card size, where the problem is named)
CASES = [
    (
        "hack-attack",
        "game.toml",
        'title = "HACK ATTACK"',
        f'title = "{LONG}"',
        None,
        "field 'back.title'",
    ),
    (
        "hack-attack",
        "game.toml",
        'subtitle = "DEFENSE"',
        f'subtitle = "{LONG}"',
        None,
        "field 'back.subtitle'",
    ),
    (
        "hack-attack",
        "game.toml",
        'penalty = "−1 point if you keep it"',
        f'penalty = "{"W" * 32}"',
        None,
        "field 'labels.penalty'",
    ),
    (
        "hack-back",
        "game.toml",
        'title = "HACK BACK"',
        f'title = "{LONG}"',
        None,
        "field 'back.title'",
    ),
    (
        "hack-back",
        "decks.toml",
        'name = "Red Team"',
        f'name = "{"W" * 20}"',
        "mini",
        "deck 'red-team', field 'name'",
    ),
    ("hack-back", "game.toml", 'vc = "VC"', 'vc = "WWWW"', None, "field 'labels.vc'"),
    (
        "not-a-hack",
        "game.toml",
        'title = "NOT A HACK"',
        f'title = "{LONG}"',
        None,
        "field 'back.title'",
    ),
    (
        "not-a-hack",
        "game.toml",
        'black_pile = "HACK PILE"',
        f'black_pile = "{"W" * 20}"',
        "bridge",
        "field 'labels.black_pile'",
    ),
    (
        "not-a-hack",
        "game.toml",
        'action = "ACTION"',
        f'action = "{"W" * 16}"',
        None,
        "field 'labels.action'",
    ),
]


def _run(*args):
    return CliRunner().invoke(main, list(args))


@pytest.mark.parametrize("fault", ["does not fit", "no glyph"])
@pytest.mark.parametrize(
    "game, filename, old, new, size, named",
    CASES,
    ids=[f"{c[0]}-{c[5].split()[-1]}" for c in CASES],
)
def test_back_titles_deck_names_and_badge_texts_are_checked(
    tmp_path, fault, game, filename, old, new, size, named
):
    data = _copy(tmp_path)
    if fault == "no glyph":
        new, size = old[:-1] + ' 電"', None
    line = edit_data(data / game / filename, old, new)
    if size == "mini":  # no shipped game is laid out for mini: this copy claims it is
        edit_data(
            data / game / "game.toml", 'card_sizes = ["poker"', 'card_sizes = ["mini", "poker"'
        )
    sizes = ["--card-size", size] if size else []
    result = _run("validate", "--game", game, "--data", str(data), *sizes)
    assert result.exit_code == 1
    expected = f"{filename}:{line}: {named}: " + (
        "text does not fit its box"
        if fault == "does not fit"
        else "the font has no glyph for '電' (U+96FB)"
    )
    assert expected in result.output, result.output
    assert "Traceback" not in result.output
    built = _run(
        "build", "--game", game, "--data", str(data), "--out", str(tmp_path / "out"), *sizes
    )
    assert built.exit_code == 1 and expected in built.output
    assert not (tmp_path / "out" / game / "cards.pdf").exists()


def test_a_shared_value_is_reported_once_with_the_face_it_was_found_on(tmp_path):
    data = _copy(tmp_path)
    line = edit_data(data / "hack-attack" / "game.toml", 'tech = "TECH"', 'tech = "TECH 電"')
    result = _run("validate", "--game", "hack-attack", "--data", str(data))
    assert result.output.count("the font has no glyph") == 1
    assert (
        f"game.toml:{line}: field 'labels.tech': the font has no glyph for '電' (U+96FB) "
        "(on card 'smart-tv')"
    ) in result.output


@pytest.mark.parametrize("game", game_ids())
@pytest.mark.parametrize("size", ["poker", "bridge", "tarot"])
def test_every_face_of_every_kit_passes_every_check(game, size):
    kit = find_game(game)
    data = kit.load(SHIPPED_DATA_DIR / game)
    from pnp.core.sizes import CARD_SIZES_MM

    w, h = CARD_SIZES_MM[size]
    frame = CardFrame(w * MM, h * MM, 0.5 * MM)
    from pnp.validate import check_faces

    assert check_faces(kit, data, frame) == []


def test_a_deliberately_overlapping_face_is_a_validation_error(monkeypatch):
    """A kit whose Tech face gains an icon over the card's name: `pnp validate` names the
    card's file and line, the card and the layout element (it prints no data value)."""
    kit = find_game("hack-attack")
    real_front = type(kit).front

    def front(self, card, data, frame):
        face = real_front(self, card, data, frame)
        name = face.get("name")
        if card.kind != "Tech":
            return face
        stamp = Icon(
            key="stamp",
            glyph="wild",
            colour="#F0E442",
            x=name.box.x + name.box.w / 2,
            y=name.box.y + name.box.h / 2,
            size=8 * MM,
        )
        return Face(face.elements + (stamp,), face.ground, face.source, face.reuse)

    monkeypatch.setattr(type(kit), "front", front)
    result = _run("validate", "--game", "hack-attack")
    assert result.exit_code == 1
    tech = SHIPPED_DATA_DIR / "hack-attack" / "tech.toml"
    line = tech.read_text(encoding="utf-8").split("\n").index("[[tech]]") + 1
    assert (
        f"tech.toml:{line}: card 'smart-tv': layout element 'stamp' overlaps 'name' by "
        "8.0 x " in result.output
    )


def test_control_characters_in_a_label_are_named_as_such_where_they_are_defined(tmp_path):
    data = _copy(tmp_path)
    line = edit_data(
        data / "hack-attack" / "game.toml",
        'protect_with = "PROTECT WITH"',
        'protect_with = "PROTECT\\u202eWITH"',
    )
    result = _run("validate", "--game", "hack-attack", "--data", str(data))
    assert result.exit_code == 1
    assert (
        f"game.toml:{line}: field 'labels.protect_with': holds the invisible control "
        "character '\\u202E' (U+202E), which prints nothing; remove it"
    ) in result.output


def test_a_category_name_the_font_cannot_draw_is_reported_once_where_it_is_defined(tmp_path):
    data = _copy(tmp_path)
    line = edit_data(data / "hack-attack" / "game.toml", 'name = "Passwords"', 'name = "保護"')
    result = _run("validate", "--game", "hack-attack", "--data", str(data))
    assert result.exit_code == 1
    assert result.output.count("the font has no glyph") == 1, result.output
    assert (
        f"game.toml:{line}: category 'passwords', field 'name': the font has no glyph for "
        in result.output
    )


def test_an_element_inside_an_element_inside_another_is_inside_both():
    """face_check._ancestors follows `inside` all the way up (and stops at a loop)."""
    from types import SimpleNamespace

    from pnp.layout.face_check import _ancestors

    by_key = {
        "glyph": SimpleNamespace(inside="ring"),
        "ring": SimpleNamespace(inside="band"),
        "band": SimpleNamespace(inside=None),
        "a": SimpleNamespace(inside="b"),
        "b": SimpleNamespace(inside="a"),
    }
    assert _ancestors("glyph", by_key) == {"ring", "band"}
    assert _ancestors("a", by_key) == {"a", "b"}
