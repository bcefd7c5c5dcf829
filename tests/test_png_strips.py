"""The PNG writer a Tabletop Simulator sheet is streamed through (issue 24: TTS peak
memory): rows given strip by strip read back as the same pixels, with the dpi stored
as Pillow stores it; strips that do not add up to the image are refused."""

from __future__ import annotations

import random

import pytest
from PIL import Image

from pnp.render.raster import write_png_strips


def _image(w: int, h: int) -> Image.Image:
    rng = random.Random(w * 1000 + h)
    return Image.frombytes("RGB", (w, h), bytes(rng.randrange(256) for _ in range(w * h * 3)))


@pytest.mark.parametrize("w, h, rows_a_strip", [(1, 1, 1), (37, 23, 5), (64, 9, 9), (5, 40, 1)])
def test_strips_read_back_as_the_same_pixels_and_dpi(tmp_path, w, h, rows_a_strip):
    image = _image(w, h)
    raw = image.tobytes()
    strips = [raw[y * w * 3 : (y + rows_a_strip) * w * 3] for y in range(0, h, rows_a_strip)]
    path = tmp_path / "sheet.png"
    write_png_strips(path, (w, h), 163, iter(strips))
    with Image.open(path) as back:
        back.load()
        assert back.mode == "RGB" and back.size == (w, h)
        assert back.tobytes() == raw
        pillow = tmp_path / "pillow.png"
        image.save(pillow, dpi=(163, 163))
        with Image.open(pillow) as theirs:
            assert back.info["dpi"] == theirs.info["dpi"]


def test_strips_that_do_not_make_the_image_are_refused(tmp_path):
    with pytest.raises(ValueError, match="rows given"):
        write_png_strips(tmp_path / "a.png", (4, 3), 72, [b"\xff" * 24])
    with pytest.raises(ValueError, match="not whole rows"):
        write_png_strips(tmp_path / "b.png", (4, 3), 72, [b"\xff" * 13])
