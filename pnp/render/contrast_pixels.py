"""The pixels under a text where a picture lies under it, for the contrast check
(pnp.layout.contrast): the face painted without its texts by the one painter
(FacePainter, on a reportlab canvas in memory), rasterised with pypdfium2 at
pnp.layout.contrast.CHECK_DPI (150 dpi: a check, not a print), and the colours of the
pixels inside the text's ink boxes counted. Source: issue 28 item 3 ("art pixels at the
printed resolution").
"""

from __future__ import annotations

import io
from collections.abc import Sequence

import pypdfium2 as pdfium
from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from pnp.layout.card_frame import CardFrame
from pnp.layout.contrast import CHECK_DPI
from pnp.layout.face import Face, Text
from pnp.layout.imposition import Rect
from pnp.render.painter import FacePainter

SCALE = CHECK_DPI / 72  # px per pt


class ArtPixels:
    """A pnp.layout.contrast Sampler: `(face, frame, boxes)` -> {(r, g, b) 0..255: count}
    of the pixels (CHECK_DPI) inside `boxes` (card-local pt) of `face` painted without its
    texts. The last face's raster is kept, so a face's texts share one render. `reads`
    counts the calls of every sampler of the process (pnp.checked_kits keeps no kit's
    checks that read pixels)."""

    reads = 0

    def __init__(self) -> None:
        self._face: Face | None = None
        self._image: Image.Image | None = None

    def __call__(
        self, face: Face, frame: CardFrame, boxes: Sequence[Rect]
    ) -> dict[tuple[int, int, int], int]:
        ArtPixels.reads += 1
        image = self._raster(face, frame)
        b = frame.bleed
        counts: dict[tuple[int, int, int], int] = {}
        for box in boxes:
            left = max(0, round((box.x + b) * SCALE))
            right = min(image.width, round((box.x + box.w + b) * SCALE))
            upper = max(0, round((frame.h + b - box.top) * SCALE))
            lower = min(image.height, round((frame.h + b - box.y) * SCALE))
            if right <= left or lower <= upper:
                continue
            crop = image.crop((left, upper, right, lower))
            for n, px in crop.getcolors(crop.width * crop.height) or ():
                key = (int(px[0]), int(px[1]), int(px[2]))  # type: ignore[index]
                counts[key] = counts.get(key, 0) + n
        return counts

    def _raster(self, face: Face, frame: CardFrame) -> Image.Image:
        if self._face is face and self._image is not None:
            return self._image
        b = frame.bleed
        bare = Face(
            tuple(e for e in face.elements if not isinstance(e, Text)),
            face.ground,
            face.source,
            None,
            face.safe,
        )
        out = io.BytesIO()
        c = Canvas(out, pagesize=(frame.w + 2 * b, frame.h + 2 * b))
        c.translate(b, b)
        FacePainter(c, frame).paint(bare)
        c.showPage()
        c.save()
        pdf = pdfium.PdfDocument(out.getvalue())
        try:
            image = pdf[0].render(scale=SCALE).to_pil().convert("RGB")
        finally:
            pdf.close()
        self._face, self._image = face, image
        return image
