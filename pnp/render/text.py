"""Draw fitted text blocks on a canvas (card-local coordinates, points)."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from pnp.layout.card_frame import TextBlock
from pnp.layout.text import FittedText, fit_text
from pnp.render.colour import colour

ASCENT = 0.78  # share of the font size above the baseline used to place the first line


def fit_block(block: TextBlock) -> FittedText:
    """Fit `block.text` into `block.box`; raises layout.text.TextDoesNotFit."""
    b = block.box
    return fit_text(block.text, block.font, b.w, b.h, block.max_size, block.min_size,
                    block.max_lines)


def draw_block(c: Canvas, block: TextBlock) -> None:
    """Fit and draw `block`, centred vertically in its box, aligned as the block says."""
    fitted = fit_block(block)
    b = block.box
    top = b.y + (b.h + fitted.height) / 2
    c.setFillColor(colour(block.colour))
    c.setFont(fitted.font, fitted.size)
    y = top - ASCENT * fitted.size
    for line in fitted.lines:
        if block.align == "left":
            c.drawString(b.x, y, line)
        else:
            c.drawCentredString(b.x + b.w / 2, y, line)
        y -= fitted.leading
