"""The PNG writer a Tabletop Simulator sheet is streamed through (issue 24: TTS peak
memory): rows given strip by strip read back as the same pixels, with the dpi stored
as Pillow stores it; strips that do not add up to the image are refused. And the
renderer that draws a row of cards into one buffer, and the packed pages a sheet's rows
are given from (issue 41): each cell as the page alone."""

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


def _two_page_pdf(path) -> None:
    """Two small pages that differ: a filled circle on one, a diagonal bar on the other."""
    from reportlab.pdfgen.canvas import Canvas

    canvas = Canvas(str(path), pagesize=(72, 100))
    canvas.setFillColorRGB(0.8, 0.1, 0.1)
    canvas.circle(36, 50, 25, stroke=0, fill=1)
    canvas.showPage()
    canvas.setStrokeColorRGB(0.1, 0.2, 0.9)
    canvas.setLineWidth(9)
    canvas.line(0, 0, 72, 100)
    canvas.showPage()
    canvas.save()


def test_pages_drawn_side_by_side_in_one_buffer_are_each_page_alone(tmp_path):
    import pypdfium2 as pdfium

    from pnp.render.raster import render_into, render_page, whiten

    _two_page_pdf(tmp_path / "two.pdf")
    w, h = 31, 43
    stride = 3 * w * 3  # three cells across, the last one left white
    row = bytearray(stride * h)
    whiten(row)
    document = pdfium.PdfDocument(str(tmp_path / "two.pdf"))
    alone = []
    for index in range(2):
        page = document[index]
        render_into(page, row, index * w * 3, stride, w, h)
        alone.append(render_page(page, w, h).tobytes())
        page.close()
    document.close()
    assert alone[0] != alone[1]
    for index in range(2):
        cell = b"".join(
            row[y * stride + index * w * 3 : y * stride + (index + 1) * w * 3] for y in range(h)
        )
        assert cell == alone[index]
    blank = b"".join(row[y * stride + 2 * w * 3 : (y + 1) * stride] for y in range(h))
    assert blank == b"\xff" * (w * h * 3)
    with pytest.raises(ValueError, match="not inside the buffer"):
        render_into(None, row, 2 * w * 3 + 3, stride, w, h)


def test_pages_rendered_in_turn_into_one_scratch_buffer_keep_their_own_pixels(tmp_path):
    import pypdfium2 as pdfium

    from pnp.render.raster import render_page

    _two_page_pdf(tmp_path / "two.pdf")
    w, h = 31, 43
    scratch = bytearray(w * h * 3 + 5)  # larger than a page: its tail is not read
    document = pdfium.PdfDocument(str(tmp_path / "two.pdf"))
    pages = [document[index] for index in range(2)]
    shared = [render_page(page, w, h, scratch) for page in pages]  # the first drawn over
    own = [render_page(page, w, h).tobytes() for page in pages]
    for page in pages:
        page.close()
    document.close()
    assert own[0] != own[1]
    assert [image.tobytes() for image in shared] == own
    assert [image.size for image in shared] == [(w, h)] * 2
    with pytest.raises(ValueError, match="not inside the buffer"):
        render_page(None, w, h, bytearray(w * h * 3 - 1))


def test_packed_pages_given_side_by_side_are_each_page_alone(tmp_path):
    import pypdfium2 as pdfium

    from pnp.render.raster import BAND_ROWS, render_packed, render_page, side_by_side

    _two_page_pdf(tmp_path / "two.pdf")
    w, h = 31, BAND_ROWS + 11  # a whole band and a part of one
    scratch = bytearray(w * h * 3)
    document = pdfium.PdfDocument(str(tmp_path / "two.pdf"))
    packed, alone = [], []
    for index in range(2):
        page = document[index]
        packed.append(render_packed(page, w, h, scratch))
        alone.append(render_page(page, w, h).tobytes())
        page.close()
    document.close()
    assert alone[0] != alone[1]
    rows = list(side_by_side(packed, 3 * w, h))
    assert len(rows) == h and {len(r) for r in rows} == {3 * w * 3}
    for index in range(2):
        cell = b"".join(r[index * w * 3 : (index + 1) * w * 3] for r in rows)
        assert cell == alone[index]
    assert b"".join(r[2 * w * 3 :] for r in rows) == b"\xff" * (w * h * 3)
    assert list(side_by_side([], 2, 3)) == [b"\xff" * 6] * 3  # a row with no card is white
    with pytest.raises(ValueError, match="do not fit"):
        list(side_by_side(packed, 2 * w - 1, h))
    with pytest.raises(ValueError, match="do not fit"):
        list(side_by_side(packed, 2 * w, h + 1))
    with pytest.raises(ValueError, match="not inside the buffer"):
        render_packed(None, w, h + 1, scratch)
