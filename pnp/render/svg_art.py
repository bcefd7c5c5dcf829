"""SVG card art in the PDF, as vectors: `SvgStore` draws checked SVG files
(pnp.data.svg.SvgInfo) on a reportlab canvas, each distinct (content, colour, ink saver)
drawn once by svglib into a Form XObject at its own size and placed by reference,
scaled to where it goes and clipped to its clip rect, however often and at whatever
size it prints. A form's operators are kept in pnp.data.svg_cache when they name no
resource of the document (on an RGB canvas), so the next build copies them in; raise
svg_cache.CODE_VERSION when the drawing or recolouring here changes.

Colours: with a `colour` ("#RRGGBB") every filled or stroked shape is painted in it,
its alpha kept; under the ink saver every shape's colour (after that) is mixed with
white at INK_SAVER_STRENGTH, a pale tint as pnp.render.colour.tint makes. Colours go
through the canvas's setters, so a CMYK canvas (pnp.render.cmyk) writes them in CMYK;
on a PDF/X canvas (its Press's `pdfx`: no transparency) a shape's opacity is folded
into its colour's alpha (`opacity_folded`), which the Press mixes with paper white.
Lengths are in points. Source: issue 28 items 1 and 8 (SVG art drawn as vectors; the
ink saver keeps art as pale tints).
"""

from __future__ import annotations

from typing import Any

from reportlab.lib.colors import CMYKColor, Color
from reportlab.pdfbase.pdfdoc import PDFResourceDictionary, xObjectName

from pnp.core.errors import ImageRefused
from pnp.core.shown import PATH_LIMIT, quoted
from pnp.data.svg import SvgInfo, drawing, form_operators
from pnp.data.svg_cache import keep_form_operators
from pnp.layout.imposition import Rect
from pnp.render.colour import colour as hex_colour

INK_SAVER_STRENGTH = 0.25  # as the ink-saving faces' pale tints


def _tinted(col: Color, strength: float) -> Color:
    if isinstance(col, CMYKColor):
        c, m, y, k = (v * strength for v in (col.cyan, col.magenta, col.yellow, col.black))
        return CMYKColor(c, m, y, k, alpha=col.alpha)
    mix = lambda v: 1 - strength * (1 - v)  # noqa: E731
    return Color(mix(col.red), mix(col.green), mix(col.blue), alpha=col.alpha)


def recoloured(node: Any, hex_rgb: str | None, strength: float = 1.0) -> int:
    """Paint every shape under `node` (a reportlab Drawing, Group or shape) with a fill
    or stroke in `hex_rgb` (None: its own colour), then mixed with white at `strength`
    (1.0: unchanged), each colour's alpha kept. Returns the colours changed."""
    changed = 0
    for attr in ("fillColor", "strokeColor"):
        old = getattr(node, attr, None)
        if isinstance(old, Color):
            new = old
            if hex_rgb is not None:
                base = hex_colour(hex_rgb)
                new = Color(base.red, base.green, base.blue, alpha=old.alpha)
            if strength < 1.0:
                new = _tinted(new, strength)
            setattr(node, attr, new)
            changed += 1
    for child in getattr(node, "contents", ()):
        changed += recoloured(child, hex_rgb, strength)
    return changed


def opacity_folded(node: Any) -> None:
    """Fold every shape's `fillOpacity` and `strokeOpacity` under `node` (below 1) into
    the alpha of its fill and stroke colour, and set the opacity to 1."""
    for colour_attr, opacity_attr in (
        ("fillColor", "fillOpacity"),
        ("strokeColor", "strokeOpacity"),
    ):
        opacity, col = getattr(node, opacity_attr, None), getattr(node, colour_attr, None)
        if isinstance(opacity, (int, float)) and opacity < 1 and isinstance(col, Color):
            alpha = 1.0 if col.alpha is None else col.alpha
            setattr(node, colour_attr, col.clone(alpha=alpha * opacity))
            setattr(node, opacity_attr, 1)
    for child in getattr(node, "contents", ()):
        opacity_folded(child)


def _add_operators(canvas: Any, name: str, operators: bytes) -> None:
    """Put the kept `operators` (pnp.data.svg_cache.form_operators: digits, letters,
    `.*-[]`, spaces and line breaks) into the form `name`, ended empty, as drawing them
    into it would: reportlab joins a form's operators with line breaks and encodes them
    with its PDFDoc codec, which runs at Python speed and gives these characters their
    ASCII bytes, so the bytes are appended as they are (the same bytes, not encoded
    again)."""
    form = canvas._doc.idToObject[xObjectName(name)]
    form.stream += b"\n" + operators


def _keep_transparency(canvas: Any, name: str) -> None:
    """Give the form `name` the resources reportlab leaves out of a form: its graphics
    states (`/gRLs0 gs`: fill and stroke opacity). Without them a viewer draws an SVG's
    half-transparent shapes opaque."""
    form = canvas._doc.idToObject[xObjectName(name)]
    if form.ExtGState is None or form.Resources:
        return
    resources = PDFResourceDictionary()
    resources.basicFonts()
    resources.allProcs()
    if form.XObjects:
        resources.XObject = form.XObjects
    resources.ExtGState = form.ExtGState
    form.Resources = resources


class SvgStore:
    """Draws SVG art on `canvas` (a reportlab Canvas), each distinct (file content,
    colour, ink saver) one Form XObject for the whole document; `ink_saver` tints every SVG
    (INK_SAVER_STRENGTH). `embedded`: forms this store defined; `drawn`: SVGs drawn."""

    def __init__(self, canvas: Any, ink_saver: bool = False):
        self.c = canvas
        self.ink_saver = ink_saver
        self.embedded = 0
        self.drawn = 0

    def form(self, info: SvgInfo, hex_rgb: str | None = None) -> str:
        """The name of the form of `info` in `hex_rgb` (None: its own colours), drawing
        it first if the document has none yet (outside any other form: see `prepare`).
        ImageChanged when the file changed since it was checked or fails its checks."""
        names = self.c._doc.__dict__.setdefault("_pnp_svg_names", {})
        key = (info.key or (info.path, info.stamp), hex_rgb, self.ink_saver)  # per content
        if key in names:
            return names[key]
        name = f"pnpsvg{len(names) + 1}"
        # a form of plain operators is the same in every RGB document: kept once drawn
        variant = None
        if getattr(self.c, "_enforceColorSpace", None) is None:
            ink = f"ink{round(INK_SAVER_STRENGTH * 100)}" if self.ink_saver else "full"
            variant = f"{(hex_rgb or 'own').lstrip('#')}{ink}"
        try:
            operators = form_operators(info, variant) if variant else None
            d = drawing(info) if operators is None else None
        except ImageRefused as exc:
            from pnp.render.images import ImageChanged  # (it loads Pillow's colour tools)

            raise ImageChanged(
                f"the SVG {quoted(str(info.path), PATH_LIMIT)} cannot be drawn: {exc}"
            ) from None
        self.c.beginForm(name, 0, 0, info.width_pt, info.height_pt)
        if operators is None:
            self._render(d, hex_rgb)
            if variant and info.key:
                keep_form_operators(info.key, variant, "\n".join(self.c._code))
        self.c.endForm()
        if operators is not None:
            _add_operators(self.c, name, operators)
        _keep_transparency(self.c, name)
        names[key] = name
        self.embedded += 1
        return name

    def _render(self, d: Any, hex_rgb: str | None) -> None:
        """Draw `d` (a reportlab Drawing, recoloured first) into the form begun."""
        from reportlab.graphics import renderPDF  # here: it loads reportlab.platypus

        recoloured(d, hex_rgb, INK_SAVER_STRENGTH if self.ink_saver else 1.0)
        if getattr(getattr(self.c, "_enforceColorSpace", None), "pdfx", False):
            opacity_folded(d)
        # reportlab's renderer sets its default font (Helvetica, never embedded) on the
        # canvas before drawing; an SVG holds no text (pnp.data.svg), so it keeps the
        # canvas's own font and the PDF names no font the kit does not embed.
        d.initialFontName, d.initialFontSize = self.c._fontname, self.c._fontsize
        renderPDF.draw(d, self.c, 0, 0, showBoundary=False)

    def prepare(self, arts: Any) -> None:
        """Define the forms of `arts` (pnp.data.art.ArtSpec of SVG files) now, before a
        form of a face that holds them is begun."""
        for art in arts:
            self.form(art.image, art.colour)

    def draw(self, info: SvgInfo, hex_rgb: str | None, rect: Rect, clip: Rect | None) -> None:
        """Draw the SVG so that its own box fills `rect` (pt, the current coordinates),
        clipped to `clip` (pt) when given. ValueError for an empty `rect`."""
        if not (rect.w > 0 and rect.h > 0):
            raise ValueError(f"the SVG's rect needs a width and height above 0 (pt), got {rect}")
        name = self.form(info, hex_rgb)
        c = self.c
        c.saveState()
        if clip is not None:
            path = c.beginPath()
            path.rect(clip.x, clip.y, clip.w, clip.h)
            c.clipPath(path, stroke=0, fill=0)
        c.transform(rect.w / info.width_pt, 0, 0, rect.h / info.height_pt, rect.x, rect.y)
        c.doForm(name)
        c.restoreState()
        self.drawn += 1
