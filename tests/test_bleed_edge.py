"""Grounds, bands, frames and art on the trim run through the whole bleed at any bleed a
preset asks for; what cannot (text, icons, discs, rounded shapes on the trim) is named
(issue 27 item 5). Faces are painted with bleed and read back as pixels."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import ImageChops
from reportlab.pdfgen.canvas import Canvas

from pnp.core.games import find_game
from pnp.core.paths import SHIPPED_DATA_DIR
from pnp.core.units import mm_to_pt
from pnp.fonts import REGULAR
from pnp.fonts import font as font_name
from pnp.layout.bleed import bleed_faults, reach_bleed
from pnp.layout.card_frame import CardFrame
from pnp.layout.face import Border, Disc, Face, Fill, Outline, Text
from pnp.layout.imposition import Rect
from pnp.render.painter import FacePainter
from pnp.validate import bleed_problems, kit_faces
from tests.fourth_game import register
from tests.fourth_game.kit import DATA_DIR as COIN_DATA

SCALE = 3.0  # px per pt
GAMES = ["hack-attack", "hack-back", "not-a-hack", "coin-flip"]
BLEEDS_MM = [3.175, 5.0]
POKER = (mm_to_pt(63), mm_to_pt(88))
WHITE = (255, 255, 255)


def _frame(bleed_mm: float, ink_saver: bool = False) -> CardFrame:
    return CardFrame(*POKER, mm_to_pt(bleed_mm), ink_saver)


def _render(faces: list[Face], frame: CardFrame, path: Path) -> list:
    """Each face on a page of its card and bleed, as a PIL image at SCALE px per pt."""
    b = frame.bleed
    c = Canvas(
        str(path), pagesize=(frame.w + 2 * b, frame.h + 2 * b), initialFontName=font_name(REGULAR)
    )
    painter = FacePainter(c, frame)
    for face in faces:
        c.translate(b, b)
        painter.paint(face)
        c.showPage()
    c.save()
    pdf = pdfium.PdfDocument(str(path))
    return [page.render(scale=SCALE).to_pil().convert("RGB") for page in pdf]


def _pixel(image, frame: CardFrame, x: float, y: float) -> tuple[int, int, int]:
    """The colour at card-local (x, y) pt."""
    b = frame.bleed
    return image.getpixel((int((x + b) * SCALE), int((frame.h + b - y) * SCALE)))


def _edge_pairs(frame: CardFrame):
    """(side, inside point, bleed points) along every side, away from the corners: a
    point 1 pt inside the trim and points across the bleed (its middle, 0.5 pt from its
    outer edge)."""
    b, w, h = frame.bleed, frame.w, frame.h
    for t in (0.2, 0.35, 0.5, 0.65, 0.8):
        x, y = t * w, t * h
        yield "left", (1.0, y), [(-b / 2, y), (-b + 0.5, y)]
        yield "right", (w - 1.0, y), [(w + b / 2, y), (w + b - 0.5, y)]
        yield "bottom", (x, 1.0), [(x, -b / 2), (x, -b + 0.5)]
        yield "top", (x, h - 1.0), [(x, h + b / 2), (x, h + b - 0.5)]


def _close(a, b, tol: int = 10) -> bool:
    return all(abs(p - q) <= tol for p, q in zip(a, b))


def _kit(game: str, monkeypatch):
    if game == "coin-flip":
        register(monkeypatch)
        kit = find_game(game)
        return kit, kit.load(COIN_DATA / game)
    kit = find_game(game)
    return kit, kit.load(SHIPPED_DATA_DIR / kit.id)


@pytest.mark.parametrize("bleed_mm", BLEEDS_MM)
@pytest.mark.parametrize("game", GAMES)
def test_every_coloured_edge_runs_through_the_whole_bleed(game, bleed_mm, tmp_path, monkeypatch):
    """Every front and back: wherever the card just inside the trim is coloured, the
    bleed beyond it, to its outer edge, is that colour (no white sliver after a miscut)."""
    kit, data = _kit(game, monkeypatch)
    frame = _frame(bleed_mm)
    named = list(kit_faces(kit, data, frame))
    images = _render([face for _, face, _ in named], frame, tmp_path / "faces.pdf")
    coloured, wrong = 0, []
    for (name, _, _), image in zip(named, images):
        for side, inside, outside in _edge_pairs(frame):
            ink = _pixel(image, frame, *inside)
            if _close(ink, WHITE, 3):
                continue
            coloured += 1
            for point in outside:
                got = _pixel(image, frame, *point)
                if not _close(got, ink):
                    wrong.append((name, side, point, ink, got))
    assert not wrong, wrong[:5]
    assert coloured > 0  # some ground or frame reaches the trim in every game


def test_a_fill_that_stops_at_the_trim_is_run_through_the_bleed(tmp_path):
    """A band drawn to the trim only (and a square frame on the trim) leaves white in a
    5 mm bleed; reach_bleed fills it, and changes nothing inside the trim."""
    frame = _frame(5.0)
    band = Fill(key="band", rect=Rect(0, frame.h - 40, frame.w, 40), colour="#0072B2")
    frame_line = Outline(key="line", rect=frame.trim_rect.inset(2), colour="#D55E00", width=4)
    before = Face((frame_line, band))  # the band over the frame's top
    after = reach_bleed(before, frame)
    assert isinstance(after.get("line"), Border)
    old, new = _render([before, after], frame, tmp_path / "band.pdf")
    top = (frame.w / 2, frame.h + frame.bleed - 1)
    left = (-frame.bleed + 1, frame.h / 2)
    assert _close(_pixel(old, frame, *top), WHITE)
    assert _close(_pixel(old, frame, *left), WHITE)
    assert _close(_pixel(new, frame, *top), (0, 114, 178), 12)
    assert _close(_pixel(new, frame, *left), (213, 94, 0), 12)
    b = frame.bleed * SCALE
    trim = (int(b) + 2, int(b) + 2, int(b + frame.w * SCALE) - 2, int(b + frame.h * SCALE) - 2)
    diff = ImageChops.difference(old.crop(trim), new.crop(trim)).convert("L")
    changed = sum(diff.histogram()[3:])  # pixels more than 2 levels apart
    assert changed <= 4, changed  # the frame's inner corners anti-aliased, at most


def test_elements_away_from_the_trim_are_left_as_they_are():
    frame = _frame(3.175)
    fill = Fill(key="box", rect=Rect(20, 20, 50, 50), colour="#000000")
    face = Face((fill,))
    assert reach_bleed(face, frame) is face
    assert bleed_faults(face, frame) == []


def test_a_disc_and_a_text_on_the_trim_are_named_with_their_side():
    frame = _frame(3.175)
    disc = Disc(key="badge", x=frame.w, y=frame.h / 2, r=10, colour="#000000")
    text = Text(key="title", text="EDGE", font=REGULAR, box=Rect(20, -6, 80, 10), max_size=9)
    round_band = Fill(key="tab", rect=Rect(-5, 30, 40, 20), colour="#111111", radius=4)
    faults = bleed_faults(Face((disc, text, round_band)), frame)
    assert [(f.element.key, f.sides) for f in faults] == [
        ("badge", ("right",)),
        ("title", ("bottom",)),
        ("tab", ("left",)),
    ]
    assert "text there would be cut" in faults[1].message
    assert "rounded" in faults[2].message


@pytest.mark.parametrize("game", GAMES)
def test_shipped_faces_have_no_bleed_faults(game, monkeypatch):
    kit, data = _kit(game, monkeypatch)
    for ink_saver in (False, True):
        frame = _frame(3.175, ink_saver)
        found = [
            (name, f.element.key, f.sides)
            for name, face, _ in kit_faces(kit, data, frame)
            for f in bleed_faults(face, frame)
        ]
        assert found == []


def test_bleed_problems_name_the_card_the_element_and_the_side(monkeypatch):
    """A coin whose disc is moved onto the right trim: one error for that card, naming
    the disc and the side, at the coin's table; the shipped coin has none."""
    kit, data = _kit("coin-flip", monkeypatch)
    frame = _frame(3.175)
    assert bleed_problems(kit, data, frame) == []
    shipped = type(kit).front

    def on_the_trim(self, card, data, frame):
        face = shipped(self, card, data, frame)
        disc = face.get("coin")
        moved = Disc(key="coin", x=frame.w - 5, y=disc.y, r=disc.r, colour=disc.colour)
        return Face(
            tuple(moved if e.key == "coin" else e for e in face.elements), source=face.source
        )

    monkeypatch.setattr(type(kit), "front", on_the_trim)
    problems = bleed_problems(kit, data, frame)
    cards = kit.cards(data)
    assert len(problems) == len(cards)
    assert [(p.subject, p.line, p.level) for p in problems] == [
        (f"card '{c.id}'", c.source.line, "error") for c in cards
    ]
    assert str(problems[0]) == (
        f"{cards[0].source.file}:{cards[0].source.line}: card '{cards[0].id}': "
        "layout element 'coin' touches the trim on the right: a disc cannot run on into "
        "the 3.175 mm bleed, so a miscut shows paper beside it; keep it inside the safe area"
    )


def test_bleed_problems_name_text_on_the_trim(monkeypatch):
    """A back whose title is moved down onto the bottom trim is named, as the back."""
    kit, data = _kit("coin-flip", monkeypatch)
    frame = _frame(5.0)
    shipped = type(kit).back

    def low_title(self, back_id, data, frame):
        face = shipped(self, back_id, data, frame)
        t = face.get("title")
        low = Text(key="title", text=t.text, font=t.font, box=Rect(20, -8, 100, 14), max_size=9)
        return Face(
            tuple(low if e.key == "title" else e for e in face.elements),
            face.ground,
            face.source,
            face.reuse,
        )

    monkeypatch.setattr(type(kit), "back", low_title)
    messages = [(p.subject, p.message) for p in bleed_problems(kit, data, frame)]
    assert messages == [
        (
            "the back",
            "layout element 'title' touches the trim on the bottom: text there would be "
            "cut; keep it inside the safe area",
        )
    ]


def test_a_border_on_the_trim_keeps_its_inner_edge_and_a_window_on_it_is_extended():
    """A border to the trim: its outer edge moves to the 5 mm bleed's, its inner edge
    stays; a picture window on the left trim is shown to the bleed edge there, the
    missing bleed made from its edge pixels; a rule across the card is lengthened."""
    from types import SimpleNamespace

    from pnp.layout.face import Art, Rule

    frame = _frame(5.0)
    b = frame.bleed
    inner = frame.trim_rect.inset(8)
    border = Border(key="edge", outer=frame.trim_rect, inner=inner, radius=3, colour="#000000")
    image = SimpleNamespace(width_px=400, height_px=400)
    spec = SimpleNamespace(image=image, fit="cover", focus=(0.5, 0.5), bleed_mm=0.0)
    window = Rect(0, 100, 60, 60)
    art = Art(key="pic", art=spec, target=window, clip=window)
    rule = Rule(key="rule", x0=0, x1=frame.w, y=50)
    face = reach_bleed(Face((border, art, rule)), frame)
    assert face.get("edge") == Border(
        key="edge", outer=frame.bleed_rect, inner=inner, radius=3, colour="#000000"
    )
    pic = face.get("pic")
    assert pic.clip == Rect(-b, 100, 60 + b, 60) and pic.target == window
    assert pic.placement().extend_pt == pytest.approx((b, 0, 0, 0))
    assert art.placement().extend_pt == (0, 0, 0, 0)
    assert (face.get("rule").x0, face.get("rule").x1) == pytest.approx((-b, frame.w + b))


POCKET_HEIST = Path(__file__).parent / "faces_as_data" / "pocket-heist"


@pytest.fixture
def rounded_frame_on_the_trim(tmp_path) -> Path:
    """A copy of the data-only game whose card back's rounded frame is moved out onto
    the trim: inside a 0.5 mm bleed it passes, a shop's bleed cannot take it."""
    import shutil

    data = tmp_path / "data"
    shutil.copytree(POCKET_HEIST, data / "pocket-heist")
    faces = data / "pocket-heist" / "faces.toml"
    text = faces.read_text(encoding="utf-8")
    old = 'box = [4, 4, 55.5, 80.9]\ncolour = "colour"\nwidth = 0.8\nradius = 3'
    assert old in text
    faces.write_text(text.replace(old, old.replace("[4, 4, 55.5, 80.9]", "[0, 0, 63.5, 88.9]")))
    return data


def _frame_line(data: Path) -> int:
    lines = (data / "pocket-heist" / "faces.toml").read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, 1) if line == "box = [0, 0, 63.5, 88.9]")


def test_validate_and_export_with_a_preset_name_a_rounded_frame_on_the_trim(
    rounded_frame_on_the_trim, tmp_path
):
    """`pnp validate` (the kit's own bleed) names the frame as too near the trim for a
    back (issue 28 item 7); `pnp validate --preset` and `pnp export --preset` name it at
    its layout line, once, as unable to run on, and export writes nothing."""
    from click.testing import CliRunner

    from pnp.cli import main

    data = rounded_frame_on_the_trim
    run = CliRunner().invoke
    plain = run(main, ["validate", "--game", "pocket-heist", "--data", str(data)])
    assert plain.exit_code == 1, plain.output
    line = _frame_line(data)
    hits = [ln for ln in plain.output.splitlines() if "'frame'" in ln]
    assert len(hits) == 1, plain.output
    assert f"faces.toml:{line}: back 'card', element 'frame'" in hits[0]
    assert "is a frame 0.0 mm from the trim's left edge" in hits[0]
    for args in (
        ["validate", "--preset", "thegamecrafter"],
        ["export", "--preset", "drivethrucards", "--out", str(tmp_path / "out")],
    ):
        result = run(main, [*args, "--game", "pocket-heist", "--data", str(data)])
        assert result.exit_code == 1, result.output
        hits = [ln for ln in result.output.splitlines() if "'frame'" in ln]
        assert len(hits) == 1, result.output
        assert f"faces.toml:{line}: back 'card', element 'frame', field 'box'" in hits[0]
        assert "touches the trim on the left, bottom, right and top" in hits[0]
        assert "rounded corners cannot run on into the 3.175 mm bleed" in hits[0]
        assert "Traceback" not in result.output
    assert not (tmp_path / "out" / "pocket-heist" / "drivethrucards").exists()
