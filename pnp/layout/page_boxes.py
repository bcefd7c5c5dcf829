"""The PDF page boxes every page the project writes carries, in points.

A page's MediaBox is the paper (or, for a single-card page, the card and its bleed);
its TrimBox is where the finished piece is cut: on a card sheet the printable area the
imposition lays the cards in (the sheet less its printer margin), on a single-card page
the card's trim; its BleedBox is the TrimBox grown by the bleed, kept inside the
MediaBox. Rulebook, booklet, tracker, calibration and balance pages have no trim of
their own (a booklet sheet is folded whole), so all three boxes are the page.
Each box is (x1, y1, x2, y2) in points from the page's bottom-left corner, with
TrimBox ⊆ BleedBox ⊆ MediaBox (ISO 32000-1, 14.11.2).
"""

from __future__ import annotations

from pnp.core.records import NamedTuple

#: A PDF rectangle in points: (x1, y1, x2, y2), bottom-left then top-right.
BoxPt = tuple[float, float, float, float]


class PageBoxes(NamedTuple):
    """One page's MediaBox, BleedBox and TrimBox (`media_pt`, `bleed_pt`, `trim_pt`),
    each a BoxPt in points; the trim lies inside the bleed, the bleed inside the media."""

    media_pt: BoxPt
    bleed_pt: BoxPt
    trim_pt: BoxPt


def _clamp(box: BoxPt, within: BoxPt) -> BoxPt:
    return (
        max(box[0], within[0]),
        max(box[1], within[1]),
        min(box[2], within[2]),
        min(box[3], within[3]),
    )


def framed_page(page_w_pt: float, page_h_pt: float, inset_pt: float, bleed_pt: float) -> PageBoxes:
    """The boxes of a `page_w_pt` x `page_h_pt` page whose trim is the page less
    `inset_pt` on every side, its bleed that trim grown by `bleed_pt` (clamped to the
    page). ValueError if the inset leaves no trim."""
    if not 0 <= inset_pt < min(page_w_pt, page_h_pt) / 2 or bleed_pt < 0:
        raise ValueError(f"no trim on a {page_w_pt} x {page_h_pt} pt page inset {inset_pt} pt")
    media = (0.0, 0.0, float(page_w_pt), float(page_h_pt))
    trim = (inset_pt, inset_pt, page_w_pt - inset_pt, page_h_pt - inset_pt)
    grown = (trim[0] - bleed_pt, trim[1] - bleed_pt, trim[2] + bleed_pt, trim[3] + bleed_pt)
    return PageBoxes(media, _clamp(grown, media), trim)


def whole_page(page_w_pt: float, page_h_pt: float) -> PageBoxes:
    """A page without a trim of its own: MediaBox = BleedBox = TrimBox = the page."""
    return framed_page(page_w_pt, page_h_pt, 0.0, 0.0)


def sheet_boxes(page_w_pt: float, page_h_pt: float, margin_pt: float, bleed_pt: float) -> PageBoxes:
    """A card sheet's boxes: TrimBox the printable area (the sheet less its printer
    margin `margin_pt`, where the imposition lays out the cards), BleedBox that area
    grown by the cards' bleed `bleed_pt` and kept on the sheet."""
    return framed_page(page_w_pt, page_h_pt, margin_pt, bleed_pt)


def single_card_boxes(card_w_pt: float, card_h_pt: float, margin_pt: float) -> PageBoxes:
    """A single-card page (the card's trim `card_w_pt` x `card_h_pt` with `margin_pt`
    round it, the bleed): TrimBox the card's trim, BleedBox = MediaBox the whole page."""
    w, h = card_w_pt + 2 * margin_pt, card_h_pt + 2 * margin_pt
    return framed_page(w, h, margin_pt, margin_pt)
