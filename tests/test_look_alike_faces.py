"""Faces that look the same are checked once per build (pnp.validate.FaceChecks keyed on
pnp.layout.face.content_key), and each one's faults are still reported at its own data;
a text that prints the same as one drawn before is written from the same operators
(pnp.render.painter, keyed on pnp.layout.face.print_key), byte for byte what reportlab
writes drawing it anew."""

from __future__ import annotations

from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

import pnp.render.painter as painter_module
from pnp.core.games import find_game
from pnp.core.paths import SHIPPED_DATA_DIR
from pnp.core.units import mm_to_pt
from pnp.data.models import Source
from pnp.fonts import REGULAR
from pnp.layout.card_frame import CardFrame
from pnp.layout.face import Face, Fill, Text, content_key
from pnp.layout.imposition import Rect
from pnp.validate import FaceChecks, face_faults

MM = mm_to_pt(1)
POKER = CardFrame(63.5 * MM, 88.9 * MM, 0.5 * MM)


def _face(line: int, words: str = "Firewall 電") -> Face:
    """A face whose one text, composed of a name and a word the font lacks a glyph for,
    comes from a card table at `line` of cards.toml."""
    source = Source(Path("cards.toml"), line, (("name", line + 1), ("tag", line + 2)))
    name, tag = words.split(" ")
    return Face(
        (
            Fill(key="band", rect=Rect(0, 0, 40 * MM, 10 * MM), colour="#0072B2"),
            Text(
                key="title",
                text=words,
                font=REGULAR,
                box=Rect(5 * MM, 60 * MM, 50 * MM, 8 * MM),
                max_size=9.0,
                origin=source.at("name"),
                parts=((name, source.at("name")), (tag, source.at("tag"))),
            ),
        ),
        source=source,
    )


def test_the_key_leaves_out_where_values_come_from_and_nothing_else():
    assert content_key(_face(3)) == content_key(_face(30))
    assert content_key(_face(3)) != content_key(_face(3, "Firewall 電電"))
    moved = _face(3)
    band = moved.elements[0]
    assert isinstance(band, Fill)
    shifted = Fill(key="band", rect=Rect(0, 0.01, 40 * MM, 10 * MM), colour="#0072B2")
    assert content_key(moved) != content_key(Face((shifted, moved.elements[1])))


def test_a_face_like_one_checked_before_is_not_checked_again_but_reported_at_its_data():
    kit = find_game("hack-attack")
    data = kit.load(SHIPPED_DATA_DIR / "hack-attack")
    calls = []

    def counted(face, frame):
        calls.append(face)
        return face_faults(face, frame)

    checks = FaceChecks(kit, data, POKER, counted)
    first, second = kit.printed_cards(data)[:2]
    assert not checks.card(first, _face(3))
    assert not checks.card(second, _face(30))
    assert len(calls) == 1
    found = [
        (p.line, p.field, p.message) for p in checks.problems() if p.file == Path("cards.toml")
    ]
    glyph = "the font has no glyph for '電' (U+96FB)"
    assert found == [(5, "tag", glyph), (32, "tag", glyph)]


def _painted(path: Path, faces: list[Face], fresh: bool, monkeypatch) -> tuple[bytes, int]:
    """The PDF of `faces`, one a page, painted by one FacePainter, and how many texts
    reportlab drew; with `fresh` every text is drawn by reportlab anew (no two texts
    share a print key)."""
    drawn: list[Text] = []
    draw = painter_module.draw_text

    def counted(c, e):
        drawn.append(e)
        return draw(c, e)

    monkeypatch.setattr(painter_module, "draw_text", counted)
    if fresh:
        monkeypatch.setattr(painter_module, "print_key", lambda e: object())
    # each face drawn, its texts kept or not (faces drawn again: the next test)
    monkeypatch.setattr(
        painter_module.FacePainter, "_draw_again", lambda self, face: self._draw(face)
    )
    c = Canvas(str(path), pagesize=(POKER.w, POKER.h), invariant=1, pageCompression=0)
    painter = painter_module.FacePainter(c, POKER)
    for face in faces:
        painter.paint(face)
        c.showPage()
    c.save()
    monkeypatch.undo()
    return path.read_bytes(), len(drawn)


def test_a_text_printed_again_is_the_same_bytes_as_reportlab_drawing_it_anew(tmp_path, monkeypatch):
    faces = [_face(3, "Firewall ok"), _face(30, "Firewall ok"), _face(9, "Other text")]
    faces.append(_face(12, "Firewall ok"))
    kept, drawn = _painted(tmp_path / "kept.pdf", faces, False, monkeypatch)
    fresh, drawn_fresh = _painted(tmp_path / "fresh.pdf", faces, True, monkeypatch)
    assert (drawn, drawn_fresh) == (2, 4)
    assert kept == fresh
    assert kept.count(b" Tj") == 4


def test_a_face_painted_again_is_the_same_bytes_as_reportlab_drawing_it_anew(tmp_path, monkeypatch):
    """Real faces (icons, SVG pictures, texts), each laid out twice: the second time is
    written from what drawing the first wrote, and the PDF is the one drawing all anew
    gives."""
    kit = find_game("hack-attack")
    data = kit.load(SHIPPED_DATA_DIR / "hack-attack")
    cards = kit.printed_cards(data)[:6]

    def pdf(name: str, again: bool) -> tuple[bytes, int]:
        drawn = []
        draw = painter_module.FacePainter._draw
        monkeypatch.setattr(
            painter_module.FacePainter, "_draw", lambda self, face: drawn.append(draw(self, face))
        )
        if not again:
            monkeypatch.setattr(
                painter_module.FacePainter, "_draw_again", lambda self, face: self._draw(face)
            )
        c = Canvas(str(tmp_path / name), pagesize=(POKER.w, POKER.h), invariant=1)
        painter = painter_module.FacePainter(c, POKER)
        for card in [*cards, *cards, *cards]:
            c.saveState()
            painter.paint(kit.face(card, data, POKER))
            c.restoreState()
            c.showPage()
        c.save()
        monkeypatch.undo()
        return (tmp_path / name).read_bytes(), len(drawn)

    again, drawn = pdf("again.pdf", True)
    anew, drawn_anew = pdf("anew.pdf", False)
    assert (drawn, drawn_anew) == (6, 18)
    assert again == anew


def test_faces_that_look_alike_share_one_look_object():
    """Face.look is hashed once and is one object for look-alike faces (pnp.layout.hashed),
    so the painter finds the key the checks kept by identity; a face that looks different
    gets a look of its own."""
    first, second, other = _face(3), _face(30), _face(3, "Firewall 電電")
    assert first.look is second.look
    assert first.look.value == content_key(second)
    assert other.look != first.look and hash(other.look) == hash(content_key(other))
