"""The geometry of `pnp calibrate`'s one-sheet duplex calibration PDF, front (page 1)
and back (page 2).

The front has five crosses (targets A-E: the four corners and the centre) and a 100 mm
ruler. The back has, behind each cross, a circle at the cross's centre and two
millimetre scales, -5..+5 mm in 0.5 mm steps, whose zero ticks sit exactly where
`back_trim` puts a back behind its front (long edge: x mirrored about the page's
vertical centre line; short edge: y mirrored). Held to the light with the back facing
the reader, each cross's vertical line crosses the DX scale and its horizontal line
the DY scale at the numbers to pass as `pnp build --back-offset DX DY`: the scales run
in the back page's own coordinates, as the offset does (+ is right and up on the back
page), so a printer that shifts the back by s reads -s, the shift that cancels it.

Geometry is pure data in points computed from mm (`calibration_sheet`); pnp.calibrate
draws it with reportlab and writes the file. Design: shared/DESIGN.md, "pnp — the
print-and-play generator".
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.core.errors import LayoutError
from pnp.core.records import NamedTuple
from pnp.core.shown import MINUS, quoted
from pnp.core.sizes import paper_mm, paper_title
from pnp.core.units import mm_to_pt
from pnp.fonts import REGULAR, font
from pnp.layout.imposition import Grid, Rect, back_trim
from pnp.layout.text import text_width, wrap

FILE_NAME = "calibration.pdf"
SCALE_MM = 5.0  # each scale reads -5..+5 mm
SCALE_STEP_MM = 0.5
SCALE_GAP_MM = 9.0  # from a target's centre to its scales' baselines
ARM_MM = 15.0  # half the length of a front cross's lines: reaches both
# scales however the back shifts within ±5 mm
TARGET_REACH_MM = 16.0  # from a target's centre to the farthest ink of its front or back
RULER_MM = 100.0
NEEDS_MM = (140.0, 220.0)  # width, height the sheet needs inside the printer margin
TEXT_WIDTH_MM = 170.0  # widest line of instructions
LETTER_SIZE_PT = 8.0  # the target letters A-E (no other text has this size)
_TICK_MM = {"zero": 4.0, "end": 3.0, "whole": 2.2, "half": 1.2}
_RULER_TICK_MM = {"end": 6.0, "ten": 4.0, "five": 3.0, "one": 2.0}
_LINE_PT = {"cross": 0.5, "zero": 0.6, "tick": 0.3, "ruler": 0.3}
_FLIP = {"long": "flip on long edge", "short": "flip on short edge"}
_NBSP = "\u00a0"  # keeps an option and its numbers on one line


class Line(NamedTuple):
    """A stroked segment from (x1, y1) to (x2, y2), `width` pt wide (all pt)."""

    x1: float
    y1: float
    x2: float
    y2: float
    width: float


class Label(NamedTuple):
    """Text with its baseline at y, anchored at x by its "left" end or its "centre"
    (pt); `size` in pt; `bold` picks pnp.fonts.BOLD over REGULAR."""

    text: str
    x: float
    y: float
    size: float
    bold: bool = False
    anchor: str = "left"


class Tick(NamedTuple):
    """One tick of a back scale: the reading it stands for (mm) and its stroke."""

    value_mm: float
    line: Line


@dataclass(frozen=True)
class Target:
    """Target `name` ("A".."E"): the centre of its front cross and the point behind it
    on the back page, where its back scales' zero ticks meet (pt, each page's own
    coordinates)."""

    name: str
    front: tuple[float, float]
    back: tuple[float, float]


@dataclass(frozen=True)
class Side:
    """Everything printed on one page: lines, circles (x, y, radius in pt), labels."""

    lines: tuple[Line, ...]
    circles: tuple[tuple[float, float, float], ...]
    labels: tuple[Label, ...]


@dataclass(frozen=True)
class CalibrationSheet:
    """The whole sheet, in points: page size, printer margin, the targets, the ruler's
    baseline (left end x, y; `RULER_MM` long) and both pages."""

    paper: str
    duplex: str
    page_w: float
    page_h: float
    margin: float
    targets: tuple[Target, ...]
    ruler: tuple[float, float]
    front: Side
    back: Side


def _mm(length_mm: float) -> float:
    return mm_to_pt(length_mm)


def max_margin_mm(paper: str) -> float:
    """The widest printer margin (mm, in whole tenths) that leaves the sheet its
    `NEEDS_MM`: 35.0 on A4, 29.7 on Letter; negative on a paper too small for it (A5)."""
    paper_w, paper_h = paper_mm(paper)
    return math.floor(min(paper_w - NEEDS_MM[0], paper_h - NEEDS_MM[1]) * 5 + 1e-6) / 10


def check_request(paper: str, duplex: str, margin_mm: float) -> None:
    """Raise LayoutError for an unknown paper (pnp.core.sizes) or one smaller than the
    sheet needs (`NEEDS_MM`), a duplex mode with no backs ("none") or unknown, or a
    margin outside 0..the room the sheet needs (`max_margin_mm`)."""
    paper_mm(paper)
    if duplex not in _FLIP:
        raise LayoutError(
            f"a calibration sheet needs duplex 'long' or 'short', got "
            f"{quoted(duplex)}: single-sided printing has no backs to calibrate"
        )
    most = max_margin_mm(paper)
    if most < 0:
        raise LayoutError(
            f"the calibration sheet needs {NEEDS_MM[0]:g} x {NEEDS_MM[1]:g} mm of paper "
            f"inside the printer margin, more than {paper_title(paper)} has; print it "
            "on A4, Letter or a larger paper"
        )
    if not 0 <= margin_mm <= most:  # False for NaN too
        raise LayoutError(
            f"a {margin_mm:g} mm printer margin leaves {paper} paper too "
            f"little room for the calibration sheet; 0..{most:.1f} mm fits"
        )


def behind(
    page_w: float, page_h: float, point: tuple[float, float], duplex: str
) -> tuple[float, float]:
    """Where a mark at `point` (pt, front page) is printed on the back page so that it
    lands behind it: the corner of a zero-size front at `point` placed by `back_trim`."""
    grid = Grid(page_w, page_h, 0.0, 0.0, 0.0, 0.0, 0.0, 1, 1)
    back = back_trim(grid, Rect(point[0], point[1], 0.0, 0.0), duplex, (0.0, 0.0))
    return back.x, back.y


def targets(paper: str, duplex: str, margin_mm: float) -> tuple[Target, ...]:
    """Targets A (top left), B (top right), C (centre), D (bottom left), E (bottom
    right) as seen on the front; corners `TARGET_REACH_MM` inside the printer margin."""
    w, h = (_mm(v) for v in paper_mm(paper))
    inset = _mm(margin_mm + TARGET_REACH_MM)
    fronts = {
        "A": (inset, h - inset),
        "B": (w - inset, h - inset),
        "C": (w / 2, h / 2),
        "D": (inset, inset),
        "E": (w - inset, inset),
    }
    return tuple(Target(name, p, behind(w, h, p, duplex)) for name, p in fronts.items())


def scale_ticks(centre: tuple[float, float], axis: str) -> tuple[Tick, ...]:
    """The ticks of the back scale of `axis` around a target's back `centre` (pt).

    DX ("x"): a horizontal scale `SCALE_GAP_MM` below the centre, ticks pointing up
    toward it, the tick for reading v at x = centre x + v mm. DY ("y"): a vertical scale
    `SCALE_GAP_MM` right of the centre, ticks pointing left, reading v at y = centre y
    + v mm. Readings grow right and up, as `back_trim`'s offset does."""
    cx, cy = centre
    steps = round(2 * SCALE_MM / SCALE_STEP_MM)
    out = []
    for k in range(steps + 1):
        v = -SCALE_MM + k * SCALE_STEP_MM
        kind = (
            "zero"
            if v == 0
            else "end"
            if abs(v) == SCALE_MM
            else "whole"
            if v == int(v)
            else "half"
        )
        length = _mm(_TICK_MM[kind])
        width = _LINE_PT["zero" if kind == "zero" else "tick"]
        if axis == "x":
            x, base = cx + _mm(v), cy - _mm(SCALE_GAP_MM)
            out.append(Tick(v, Line(x, base, x, base + length, width)))
        else:
            y, base = cy + _mm(v), cx + _mm(SCALE_GAP_MM)
            out.append(Tick(v, Line(base, y, base - length, y, width)))
    return tuple(out)


def _reading(v: float) -> str:
    """A scale label: "0", "+2", "−2" (U+2212)."""
    return "0" if v == 0 else f"+{v:g}" if v > 0 else f"{MINUS}{-v:g}"


def _back_target(t: Target) -> Side:
    """A target's back: circle at the centre, DX and DY scales with labels, its letter.
    DX labels every 2 mm zigzag in two rows (a signed label is wider than 2 mm)."""
    cx, cy = t.back
    lines, labels = [], [Label(t.name, cx - _mm(4), cy + _mm(3), LETTER_SIZE_PT, True, "centre")]
    for axis in "xy":
        ticks = scale_ticks(t.back, axis)
        first, last = ticks[0].line, ticks[-1].line
        lines.append(Line(first.x1, first.y1, last.x1, last.y1, _LINE_PT["tick"]))
        lines += [tick.line for tick in ticks]
        for tick in ticks:
            if tick.value_mm % 2:
                continue
            if axis == "x":
                row = 1 + (tick.value_mm % 4 != 0)
                labels.append(
                    Label(
                        _reading(tick.value_mm),
                        tick.line.x1,
                        tick.line.y1 - _mm(2.4) * row,
                        5.5,
                        anchor="centre",
                    )
                )
            else:
                labels.append(
                    Label(
                        _reading(tick.value_mm), tick.line.x1 + _mm(1), tick.line.y1 - _mm(0.7), 5.5
                    )
                )
    dx_end, dy_end = scale_ticks(t.back, "x")[-1].line, scale_ticks(t.back, "y")[-1].line
    labels += [
        Label("DX", dx_end.x1 + _mm(1.5), dx_end.y1 - _mm(1), 6.5, True),
        Label("DY", dy_end.x1, dy_end.y1 + _mm(2), 6.5, True, "centre"),
    ]
    return Side(tuple(lines), ((cx, cy, _mm(1.2)),), tuple(labels))


def _front_target(t: Target) -> Side:
    """A target's front: a cross `2 * ARM_MM` wide and tall, and its letter."""
    x, y = t.front
    arm, width = _mm(ARM_MM), _LINE_PT["cross"]
    return Side(
        (Line(x - arm, y, x + arm, y, width), Line(x, y - arm, x, y + arm, width)),
        (),
        (Label(t.name, x - _mm(4), y + _mm(3), LETTER_SIZE_PT, True, "centre"),),
    )


def ruler(x: float, y: float) -> Side:
    """A `RULER_MM` ruler: baseline from (x, y) rightwards, a tick up at every mm (end
    ticks the tallest), numbers every 10 mm, and what to do when it is not 100 mm."""
    lines = [Line(x, y, x + _mm(RULER_MM), y, _LINE_PT["ruler"])]
    labels = []
    for k in range(round(RULER_MM) + 1):
        kind = (
            "end"
            if k in (0, RULER_MM)
            else "ten"
            if k % 10 == 0
            else "five"
            if k % 5 == 0
            else "one"
        )
        tx = x + _mm(k)
        lines.append(Line(tx, y, tx, y + _mm(_RULER_TICK_MM[kind]), _LINE_PT["ruler"]))
        if k % 10 == 0:
            labels.append(
                Label(str(k), tx, y + _mm(_RULER_TICK_MM[kind] + 1), 6.5, anchor="centre")
            )
    mid = x + _mm(RULER_MM / 2)
    labels += [
        Label(
            "This line is 100 mm: if it is not, turn off 'fit to page'.",
            mid,
            y - _mm(5),
            10,
            True,
            "centre",
        ),
        Label(
            "Print at 100 % (actual size, no scaling) and measure it again.",
            mid,
            y - _mm(9),
            9,
            anchor="centre",
        ),
    ]
    return Side(tuple(lines), (), tuple(labels))


def text_block(
    title: str, subtitle: str, steps: list[str], x: float, top: float, width: float
) -> Side:
    """A title (bold 14 pt), a subtitle (8.5 pt) and numbered steps (9.5 pt on 12 pt
    lines, wrapped to `width`), the title's top at `top`, lines starting at `x` (pt)."""
    labels = [Label(title, x, top - 14, 14, True), Label(subtitle, x, top - 26, 8.5)]
    y = top - 42
    regular, indent = font(REGULAR), text_width("4.  ", font(REGULAR), 9.5)
    for n, step in enumerate(steps, 1):
        labels.append(Label(f"{n}.", x, y, 9.5, True))
        for line in wrap(step, regular, 9.5, width - indent) or ():
            labels.append(Label(line, x + indent, y, 9.5))
            y -= 12
        y -= 4
    return Side((), (), tuple(labels))


def _steps(paper: str, duplex: str) -> tuple[list[str], list[str]]:
    """The front's and the back's instructions."""
    flip = _FLIP[duplex]
    front = [
        (
            f"Print both pages of {FILE_NAME} on one sheet: double-sided, {flip}, at "
            "100 % (actual size), never 'fit to page'."
        ),
        "Measure the ruler below: if it is not 100 mm, the printer scaled the page.",
        "Turn the sheet over: the back says how to read the targets A to E.",
    ]
    back = [
        (
            "Hold the sheet to a bright light, this side facing you: the front's five "
            "crosses show through."
        ),
        (
            "At each target, read DX on the horizontal scale where the cross's vertical "
            "line meets it, and DY on the vertical scale where its horizontal line meets "
            "it (mm, a tick every 0.5 mm)."
        ),
        (
            f"Build with them: pnp build --paper {paper} --duplex {duplex} "
            f"--back-offset{_NBSP}DX{_NBSP}DY (e.g. --back-offset{_NBSP}-1.5{_NBSP}0.5), "
            "then print one sheet of cards to check."
        ),
        (
            "Crosses centred in their circles: no offset needed. Targets that disagree: "
            "the printer turns or stretches the back, which no offset corrects; use C, "
            "the centre. A line beyond a scale: the back is over 5 mm off."
        ),
    ]
    return front, back


def _join(*sides: Side) -> Side:
    return Side(
        tuple(line for s in sides for line in s.lines),
        tuple(c for s in sides for c in s.circles),
        tuple(label for s in sides for label in s.labels),
    )


def calibration_sheet(paper: str, duplex: str, margin_mm: float) -> CalibrationSheet:
    """The calibration sheet for `paper`, flipped on the `duplex` edge, every mark inside
    a `margin_mm` printer margin. Raises LayoutError as `check_request` does.

    Instructions sit in the band between the top targets and the centre one; the ruler
    in the band between the centre and the bottom targets, on the front."""
    check_request(paper, duplex, margin_mm)
    w, h = (_mm(v) for v in paper_mm(paper))
    ts = targets(paper, duplex, margin_mm)
    width = min(_mm(TEXT_WIDTH_MM), w - 2 * _mm(margin_mm + 5))
    x, top = (w - width) / 2, h - _mm(margin_mm + 2 * TARGET_REACH_MM + 2)
    subtitle = f"{paper_title(paper)} · {_FLIP[duplex]} · printer margin {margin_mm:g} mm · page "
    front_steps, back_steps = _steps(paper, duplex)
    low = _mm(margin_mm + 2 * TARGET_REACH_MM)  # bottom targets' top edge
    ruler_at = ((w - _mm(RULER_MM)) / 2, (low + h / 2 - _mm(TARGET_REACH_MM)) / 2)
    front = _join(
        *(_front_target(t) for t in ts),
        ruler(*ruler_at),
        text_block("Duplex calibration — front", subtitle + "1 of 2", front_steps, x, top, width),
    )
    back = _join(
        *(_back_target(t) for t in ts),
        text_block("Duplex calibration — back", subtitle + "2 of 2", back_steps, x, top, width),
    )
    return CalibrationSheet(paper, duplex, w, h, _mm(margin_mm), ts, ruler_at, front, back)
