"""The faces PDF of a raster export drawn in a process of its own (pnp.drawn_apart, issue
41: TTS export memory): the export reports the same warnings and refuses with the same
errors as when it draws the faces itself, and the drawing really happens elsewhere."""

from __future__ import annotations

import os
import threading

import pytest

import pnp.export
from pnp.core.errors import DataError
from pnp.drawn_apart import draw_apart
from pnp.export import ExportOptions, export
from tests.test_art import add_art, image


@pytest.fixture
def forked(monkeypatch):
    """As `pnp export` runs: the only thread of its process (the test runner has more),
    so pnp.render.alongside forks."""
    monkeypatch.setattr(threading, "active_count", lambda: 1)


@pytest.fixture
def drawers(tmp_path, monkeypatch):
    """The process ids that drew a faces PDF (pnp.export.Job.draw) since the last call,
    each written to a file so a forked drawing is seen too."""
    marks = tmp_path / "drawn-by"
    marks.mkdir()
    real = pnp.export.Job.draw

    def draw(self, path, *args):
        (marks / str(os.getpid())).write_text("")
        return real(self, path, *args)

    def since_last() -> set[int]:
        pids = {int(p.name) for p in marks.iterdir()}
        for p in marks.iterdir():
            p.unlink()
        return pids

    monkeypatch.setattr(pnp.export.Job, "draw", draw)
    return since_last


def soft_art(data_copy) -> None:
    image(data_copy / "art" / "soft.png", (500, 700))  # about 200 dpi on poker: a warning
    add_art(data_copy / "tech.toml", "smart-tv", '"art/soft.png"')


@pytest.mark.parametrize("fmt", ["tts", "png"])
def test_the_same_warnings_whether_drawn_apart_or_here(
    fmt, data_copy, tmp_path, monkeypatch, drawers
):
    soft_art(data_copy)
    options = dict(data_dir=data_copy.parent)
    monkeypatch.setattr(threading, "active_count", lambda: 2)  # not forked: drawn here
    here = export(ExportOptions("hack-attack", fmt, 150, tmp_path / "here", **options))
    assert drawers() == {os.getpid()}
    monkeypatch.setattr(threading, "active_count", lambda: 1)
    apart = export(ExportOptions("hack-attack", fmt, 150, tmp_path / "apart", **options))
    pids = drawers()
    assert len(pids) == 1 and os.getpid() not in pids
    assert apart.warnings == here.warnings
    assert any("soft.png" in str(w) and "200 dpi" in str(w) for w in apart.warnings)


def test_a_face_error_refuses_the_export_with_the_same_message(data_copy, tmp_path, monkeypatch):
    tech = data_copy / "tech.toml"
    tech.write_text(tech.read_text().replace('name = "Smart TV"', 'name = "Smart TV 電視"', 1))
    messages = []
    for threads in (2, 1):  # drawn here, then apart
        monkeypatch.setattr(threading, "active_count", lambda: threads)
        with pytest.raises(DataError) as caught:
            export(ExportOptions("hack-attack", "tts", 150, tmp_path, data_dir=data_copy.parent))
        messages.append(str(caught.value))
    assert messages[0] == messages[1]
    assert "the font has no glyph for '視' (U+8996), '電' (U+96FB)" in messages[1]
    assert not (tmp_path / "hack-attack" / "tts").exists()


def test_a_drawing_that_cannot_write_is_the_same_oserror(tmp_path, forked):
    class Job:
        checks = None

        def draw(self, path, *args):
            raise PermissionError(13, "Permission denied")

    with pytest.raises(PermissionError, match="Permission denied"):
        draw_apart(Job(), tmp_path / "faces.pdf", [], 0.0, "title")
