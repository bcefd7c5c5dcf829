"""Check a Face before anything is drawn: every text fits its box at or above the floor
size (body 7 pt, titles 11 pt) with a glyph for every character; no two elements' ink
overlaps unless one contains the other, and an element stays inside its container;
nothing but decorations leaves the 3 mm safe area (or the face's own, larger one), nor
its corners rounded as the card's are (pnp.layout.corners); every icon is a known glyph;
a text's markup prints (pnp.data.markup: balanced, every inline icon known).
Lengths in points; messages in mm. Source: shared/DESIGN.md, "Card faces are data" and
"Card faces" (floors and safe area).
"""

from __future__ import annotations

import math
from typing import Any

from pnp.core.records import NamedTuple
from pnp.core.shown import quoted
from pnp.core.units import mm_to_pt, pt_to_mm
from pnp.data.markup import has_markup
from pnp.data.models import Origin
from pnp.fonts import glyph_problem
from pnp.glyphs import GLYPH_NAMES
from pnp.layout.card_frame import BODY_FLOOR_PT, CardFrame
from pnp.layout.corners import corner_overrun, safe_inset
from pnp.layout.face import Art, Element, Face, Icon, Text
from pnp.layout.imposition import Rect
from pnp.layout.text import TextDoesNotFit
from pnp.layout.text_markup import markup_problems, missing_in_styles

TOLERANCE_PT = 0.01
MIN_DPI = 150  # art printed at fewer pixels per inch is refused
GOOD_DPI = 300  # ... and under this, warned about
SHARP_ENOUGH_DPI = 600  # above this, a note suggests --max-dpi
#: The faults listed for one face at most; one more line says how many are left. 500
#: elements on one spot are 124,750 overlapping pairs: the sweep stops looking once it
#: has found more than can be listed (`_near_pairs`), so a face costs near-linear time.
MOST_FAULTS = 20


class Fault(NamedTuple):
    """One thing wrong with one element of a face, in words; `origin` names the data value
    at fault when it is not the element's own (a part of a composed text); `level` is
    "error", "warning" or "note" (pnp.core.errors.Problem)."""

    element: Element
    message: str
    origin: Origin | None = None
    level: str = "error"


def check_face(face: Face, frame: CardFrame) -> list[Fault]:
    """Every fault of `face` on a card of `frame`'s size, in element order."""
    faults: list[Fault] = []
    by_key = _containers(face, faults)
    ink: dict[str, tuple[Rect, ...]] = {}
    safe = face.safe or frame.safe
    safe_area = f"the {round(pt_to_mm(safe.x), 3) if face.safe else frame.safe_mm:g} mm safe area"
    inset = safe_inset(safe, frame.w, frame.h)
    rounded = mm_to_pt(frame.corner_mm) > inset + TOLERANCE_PT  # corners round the safe area
    for element in face.elements:
        boxes = _ink(element, faults, face.inline)
        if boxes is None:
            continue
        ink[element.key] = boxes
        if isinstance(element, Art):
            faults += _art_faults(element)
        if not element.decoration:
            outside = _outside(element, boxes, safe, safe_area)
            faults += (
                _in_corner(element, boxes, frame, inset) if rounded and not outside else outside
            )
        if element.inside in by_key:
            container = by_key[element.inside]
            faults += _outside(
                element, boxes, container.bounds(), f"its container '{container.key}'"
            )
    overlapping, cut_short = _overlaps(face, ink, by_key, MOST_FAULTS + 1 - len(faults))
    faults += overlapping
    if len(faults) <= MOST_FAULTS and not cut_short:
        return faults
    rest = len(faults) - MOST_FAULTS
    more = (
        f"more problems on this face (over {MOST_FAULTS} found)"
        if cut_short
        else f"{rest} more {'problem' if rest == 1 else 'problems'} on this face"
    )
    summary = f"... and {more}, not listed; mend these first"
    return [*faults[:MOST_FAULTS], Fault(faults[MOST_FAULTS].element, summary)]


def _containers(face: Face, faults: list[Fault]) -> dict[str, Element]:
    """Keys of the elements drawn so far; a repeated key or an unknown container is a fault."""
    seen: dict[str, Element] = {}
    for element in face.elements:
        if element.key in seen:
            faults.append(
                Fault(element, f"the key {quoted(element.key)} is used twice on one face")
            )
        if element.inside is not None and element.inside not in seen:
            faults.append(
                Fault(element, f"its container {quoted(element.inside)} is not drawn before it")
            )
        seen.setdefault(element.key, element)
    return seen


def _ink(element: Element, faults: list[Fault], inline: Any) -> tuple[Rect, ...] | None:
    """The element's ink boxes, or None (with a fault) when it cannot be laid out: a text
    whose markup cannot print (`markup_faults`; `inline`: the face's icons), or with a
    character its fonts lack, or that does not fit."""
    if isinstance(element, Icon) and element.glyph not in GLYPH_NAMES:
        faults.append(Fault(element, f"no icon called {quoted(element.glyph)}"))
        return None
    if not isinstance(element, Text):
        return element.ink()
    if element.min_size < BODY_FLOOR_PT:
        faults.append(
            Fault(element, f"set at {element.min_size:g} pt, under the {BODY_FLOOR_PT:g} pt floor")
        )
    if has_markup(element.text):
        said = markup_problems(element.text, element.parts, inline)
        faults += [Fault(element, f"its markup: {message}", origin) for message, origin in said]
        if said:
            return None
    missing = missing_in_styles(element.text, element.font)
    if missing:
        for value, origin in element.parts:
            mine = missing & set(value)
            if mine:
                faults.append(Fault(element, glyph_problem(mine), origin))
            missing -= mine
        if missing:
            faults.append(Fault(element, glyph_problem(missing)))
        return None
    try:
        return element.ink()
    except TextDoesNotFit as exc:
        faults.append(Fault(element, f"text does not fit its box: {exc.reason}"))
        return None


def shown_dpi(dpi: float) -> str:
    """`dpi` as a message shows it: whole ("300") unless rounding would carry it across
    a threshold the message names (MIN_DPI, GOOD_DPI, SHARP_ENOUGH_DPI), then cut (never
    rounded up) to as many decimals as keep it on its side: 295 dpi of a 750 x 1050 px
    back is "299.9" under 300, never "300"."""
    thresholds = (MIN_DPI, GOOD_DPI, SHARP_ENOUGH_DPI)
    for places in (0, 1, 2, 3):
        scale = 10**places
        shown = (math.floor if places else round)(dpi * scale) / scale
        if all((shown < t) == (dpi < t) and (shown <= t) == (dpi <= t) for t in thresholds):
            return f"{shown:.{places}f}"
    return f"{math.floor(dpi * 1000) / 1000:.3f}"


def _art_faults(element: Art) -> list[Fault]:
    """A picture's resolution where it prints (an error under MIN_DPI, a warning under
    GOOD_DPI) and the image's notes (what printing changes); SVG art has no resolution."""
    if getattr(element.art, "vector", False):
        return [Fault(element, note, level="note") for note in element.art.image.notes]
    dpi = element.placement().dpi
    faults = [Fault(element, f"{note}", level="note") for note in element.art.image.notes]
    faults += [
        Fault(element, f"{quoted(element.art.file)}: {warning}", level="warning")
        for warning in element.art.image.warnings
    ]
    if dpi > SHARP_ENOUGH_DPI:
        faults.append(
            Fault(
                element,
                f"{quoted(element.art.file)} prints at {shown_dpi(dpi)} dpi at "
                f"this size; pnp build --max-dpi {GOOD_DPI} makes the "
                "file smaller with no visible loss",
                level="note",
            )
        )
    if dpi < GOOD_DPI:
        size = f"{element.art.image.width_px} x {element.art.image.height_px} px"
        verdict = (
            f"at least {MIN_DPI} dpi is needed"
            if dpi < MIN_DPI
            else f"{GOOD_DPI} dpi or more prints sharp"
        )
        faults.append(
            Fault(
                element,
                f"{quoted(element.art.file)} ({size}) prints at "
                f"{shown_dpi(dpi)} dpi at this size; {verdict}",
                level="error" if dpi < MIN_DPI else "warning",
            )
        )
    return faults


def _outside(element: Element, boxes: tuple[Rect, ...], area: Rect, what: str) -> list[Fault]:
    """A fault when any of `boxes` reaches past `area`, saying by how much (mm)."""
    if len(boxes) == 1:  # (most elements) without the scan
        b = boxes[0]
        over = max(area.x - b.x, b.x + b.w - area.x - area.w, area.y - b.y, b.top - area.top)
    else:
        over = max(
            max(area.x - b.x, b.x + b.w - area.x - area.w, area.y - b.y, b.top - area.top)
            for b in boxes
        )
    if over <= TOLERANCE_PT:
        return []
    return [Fault(element, f"runs {pt_to_mm(over):.1f} mm outside {what}")]


def _in_corner(
    element: Element, boxes: tuple[Rect, ...], frame: CardFrame, inset: float
) -> list[Fault]:
    """A fault when any of `boxes` (inside a safe area `inset` pt from the trim) reaches
    into that area's corners as the card's `frame.corner_mm` corners round them
    (pnp.layout.corners), naming the corner and by how much (mm)."""
    radius = mm_to_pt(frame.corner_mm)
    over, corner = max(corner_overrun(b, frame.w, frame.h, radius, inset) for b in boxes)
    if not corner:
        return []
    return [
        Fault(
            element,
            f"runs {_shown_mm(pt_to_mm(over))} mm into the rounded {corner} corner: cut to "
            f"{frame.corner_mm:g} mm corners (--corners), it must stay "
            f"{pt_to_mm(inset):g} mm inside the arc",
        )
    ]


def _shown_mm(mm: float) -> str:
    """A small length as a message shows it: to 0.1 mm, or 0.01 mm under 0.05 mm (never
    "0.0 mm" for a fault)."""
    return f"{mm:.1f}" if mm >= 0.05 else f"{mm:.2f}"


def _ancestors(key: str, by_key: dict[str, Element]) -> set[str]:
    """Every element `key` sits inside, however deep (a loop of `inside` stops)."""
    out: set[str] = set()
    while key in by_key and (parent := by_key[key].inside) is not None:
        if parent in out:
            break
        out.add(parent)
        key = parent
    return out


def _overlaps(
    face: Face, ink: dict[str, tuple[Rect, ...]], by_key: dict[str, Element], most: int
) -> tuple[list[Fault], bool]:
    """(A fault for every pair of elements whose ink intersects, unless one contains the
    other, and whether the search stopped at `most` of them before it had looked at
    every pair); each reported on the later (upper) element, or on a picture's window
    when one of the two is a picture (the window is what the designer places). Pairs are
    found by a sort-and-sweep over the inks' horizontal extents (`_near_pairs`), not
    every pair, and reported in drawing order."""
    faults: list[Fault] = []
    drawn = [e for e in face.elements if e.key in ink and not e.backdrop]
    ancestors: dict[str, set[str]] = {}

    def above(key: str) -> set[str]:
        if key not in ancestors:
            ancestors[key] = _ancestors(key, by_key)
        return ancestors[key]

    def overlap(lo: int, hi: int) -> Fault | None:
        lower, upper = drawn[lo], drawn[hi]
        if lower.key in above(upper.key) or upper.key in above(lower.key):
            return None
        w, h = _intersection(ink[upper.key], ink[lower.key])
        if w <= TOLERANCE_PT or h <= TOLERANCE_PT:
            return None
        at, other = (lower, upper) if isinstance(lower, Art) else (upper, lower)
        return Fault(at, f"overlaps '{other.key}' by {pt_to_mm(w):.1f} x {pt_to_mm(h):.1f} mm")

    found: dict[tuple[int, int], Fault] = {}

    def keep(lo: int, hi: int) -> bool:
        fault = overlap(lo, hi)
        if fault is not None:
            found[lo, hi] = fault
        return len(found) < max(most, 1)  # go on while more can be listed

    cut_short = _near_pairs([ink[e.key] for e in drawn], keep)
    faults = [found[pair] for pair in sorted(found, key=lambda pair: (pair[1], pair[0]))]
    return faults, cut_short


def _near_pairs(inks: list[tuple[Rect, ...]], keep) -> bool:
    """Call `keep(lower, upper)` with the indices of every two inks whose extents share
    more than TOLERANCE_PT across and up (only those can overlap by more), found by
    sorting the horizontal extents and sweeping across them once, until `keep` returns
    False; True if it stopped so before the last pair (the rest were not looked at)."""
    spans = []
    for k, boxes in enumerate(inks):
        if len(boxes) == 1:  # (most inks: one box, its own extent)
            x, y, w, h = boxes[0]
            spans.append((x, x + w, y, y + h, k))
        elif boxes:
            left, bottom = min(b.x for b in boxes), min(b.y for b in boxes)
            right, top = max(b.x + b.w for b in boxes), max(b.y + b.h for b in boxes)
            spans.append((left, right, bottom, top, k))
    spans.sort()
    tol = TOLERANCE_PT
    active: list[tuple[float, float, float, int]] = []
    for left, right, bottom, top, k in spans:
        active = [a for a in active if a[0] - left > tol]
        for r, b, t, j in active:  # min and max written out: this is the inner loop
            across = (r if r < right else right) - left
            up = (t if t < top else top) - (b if b > bottom else bottom)
            if across > tol and up > tol:
                if not keep(*((j, k) if j < k else (k, j))):
                    return True
        active.append((right, bottom, top, k))
    return False


def _intersection(a: tuple[Rect, ...], b: tuple[Rect, ...]) -> tuple[float, float]:
    """The largest (width, height) shared by a box of `a` and a box of `b` (pt)."""
    best = (0.0, 0.0)
    for p in a:
        for q in b:
            w = min(p.x + p.w, q.x + q.w) - max(p.x, q.x)
            h = min(p.top, q.top) - max(p.y, q.y)
            if w > 0 and h > 0 and w * h > best[0] * best[1]:
                best = (w, h)
    return best
