"""The charts of `balance.pdf` (issues 13 and 21), drawn with reportlab's own graphics
from a simulation summary (pnp.simulate.report): game length, wins by seat, how games
end, each of the game's figures and its timelines, and the skill report's levels. Every
rate is drawn with its 95 % interval as a whisker; a rate of 0 is a dark tick on the
axis labelled "0", and a rate out of too few games to count is labelled "too few" in
grey, so the two are never confused; a rate of wins per seat has its even share drawn
beside it. Every chart has axis titles a reader (and a test) can find as text.

This module holds the pieces every chart is drawn with and the vertical bar charts
(game length, wins by seat, the skill report's levels); the horizontal ones (how games
end) are in pnp.simulate.horizontal_charts, the game's figures and timelines in
pnp.simulate.figure_charts.

Geometry is in points (1 mm = 72/25.4 pt) on A4 portrait. Nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.graphics.charts.barcharts import VerticalBarChart
from reportlab.graphics.charts.legends import Legend
from reportlab.graphics.shapes import Drawing, Group, Line, String
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm

from pnp.fonts import BOLD, REGULAR, font
from pnp.layout.text import text_width

MARGIN_PT = 18 * mm
FRAME_PAD_PT = 6  # platypus's frame padding on each side
WIDTH_PT = A4[0] - 2 * (MARGIN_PT + FRAME_PAD_PT)  # a chart's width, pt
PAGE_HEIGHT_PT = A4[1] - 2 * (MARGIN_PT + FRAME_PAD_PT)
#: room a chart's heading and note take on its page, pt
HEADING_PT = 30 * mm
#: series colours, one per player count (Okabe-Ito: told apart with colour blindness)
SERIES = tuple(
    colors.HexColor(c)
    for c in (
        "#0072B2",
        "#E69F00",
        "#009E73",
        "#CC79A7",
        "#56B4E9",
        "#D55E00",
        "#F0E442",
        "#000000",
        "#999999",
        "#332288",
        "#88CCEE",
    )
)
FEW_GREY = colors.HexColor("#8A8A8A")
MOST_BINS = 30  # length histogram bars
TAIL = 0.99  # the length chart's axis ends here; longer games share one last bar
AXIS_PT, LABEL_PT, TITLE_PT = 8, 7, 9  # font sizes, pt
#: what a cell of a chart holds besides a bar: nothing, a real 0, or too few to count
ZERO, FEW = "zero", "few"


def _series_colour(k: int):
    return SERIES[k % len(SERIES)]


def _axis_fonts(chart) -> None:
    """Draw every axis label with the embedded regular font."""
    for axis in (chart.categoryAxis, chart.valueAxis):
        axis.labels.fontName, axis.labels.fontSize = font(REGULAR), LABEL_PT


def _legend(drawing: Drawing, names: Sequence[str], x: float, y: float) -> None:
    """A legend naming each series in one row, starting at (x, y) pt."""
    legend = Legend()
    legend.x, legend.y, legend.alignment = x, y, "right"
    legend.fontName, legend.fontSize = font(REGULAR), LABEL_PT
    # swatch, a small gap, its label, then a wider gap before the next swatch
    legend.columnMaximum, legend.dx, legend.dy, legend.dxTextSpace = 1, 8, 6, 3
    legend.deltax = 8 + 3 + max(text_width(n, REGULAR, LABEL_PT) for n in names) + 14
    legend.strokeColor = None
    legend.colorNamePairs = [(_series_colour(k), n) for k, n in enumerate(names)]
    drawing.add(legend)


def players_names(counts: Sequence[int]) -> list[str]:
    """Series names of one series per player count."""
    return [f"{n} players" for n in counts]


def _title(drawing: Drawing, text: str, x: float, y: float, angle: int = 0) -> None:
    """An axis title (bold, AXIS_PT) centred on (x, y) pt, turned `angle` degrees."""
    s = String(0, 0, text, fontName=font(BOLD), fontSize=AXIS_PT, textAnchor="middle")
    if angle:
        g = Group(s)
        g.translate(x, y)
        g.rotate(angle)
        drawing.add(g)
    else:
        s.x, s.y = x, y
        drawing.add(s)


def _drawn(drawing: Drawing, chart) -> None:
    """Lay `chart` out once, so its bars' positions and its value axis' scale are known
    (to add whiskers and marks); the drawing draws it again, the same, when rendered."""
    chart.draw()


def _line(
    drawing: Drawing,
    x0: float,
    y0: float,
    x1: float,
    y1: float,
    width: float = 0.6,
    colour=colors.black,
    dash=None,
) -> None:
    drawing.add(Line(x0, y0, x1, y1, strokeWidth=width, strokeColor=colour, strokeDashArray=dash))


def _note(drawing: Drawing, x: float, y: float, text: str, colour=colors.black) -> None:
    drawing.add(
        String(x, y, text, fontName=font(REGULAR), fontSize=LABEL_PT * 0.85, fillColor=colour)
    )


def _vertical(
    data: list[list],
    names: list[str],
    value_title: str,
    category_title: str,
    series: Sequence[str],
    height: float = 62 * mm,
) -> tuple[Drawing, VerticalBarChart]:
    """A vertical bar chart (one series per name of `series`) with both axis titles and
    a legend, WIDTH_PT wide and `height` pt high."""
    drawing = Drawing(WIDTH_PT, height)
    chart = VerticalBarChart()
    chart.x, chart.y = 16 * mm, 14 * mm
    chart.width, chart.height = WIDTH_PT - chart.x - 4 * mm, height - chart.y - 10 * mm
    chart.data, chart.categoryAxis.categoryNames = data, names
    chart.valueAxis.valueMin = 0
    chart.valueAxis.rangeRound = "ceiling"  # the top tick is above the tallest bar
    chart.valueAxis.labelTextFormat = "%g"
    chart.categoryAxis.labels.boxAnchor = "n"
    chart.barSpacing, chart.groupSpacing = 0.5, 2
    chart.bars.strokeColor = None
    for k in range(len(data)):
        chart.bars[k].fillColor = _series_colour(k)
    _axis_fonts(chart)
    drawing.add(chart)
    _title(drawing, value_title, 4 * mm, chart.y + chart.height / 2, 90)
    _title(drawing, category_title, chart.x + chart.width / 2, 2 * mm)
    _legend(drawing, series, chart.x, height - 4 * mm)
    return drawing, chart


def _vertical_whiskers(drawing: Drawing, chart: VerticalBarChart, intervals: list[list]) -> None:
    """Draw each bar's interval (its series' row of `intervals`, in %, or None) as a
    whisker; the chart must be drawn (`_drawn`)."""
    scale = chart.valueAxis.scale
    for k, row in enumerate(intervals):
        for bounds, (x, _, w, _) in zip(row, chart._barPositions[k]):
            if bounds is None or w is None:
                continue
            cx, (y0, y1) = x + w / 2, (scale(v) for v in bounds)
            for x0, ya, x1, yb in (
                (cx, y0, cx, y1),
                (cx - w / 4, y0, cx + w / 4, y0),
                (cx - w / 4, y1, cx + w / 4, y1),
            ):
                _line(drawing, x0, ya, x1, yb)


def length_chart(summary: dict) -> Drawing | None:
    """Game length distribution of the games not capped: % of those games by length,
    at most MOST_BINS bars from the shortest game to the TAIL quantile of every player
    count, the longer games in a last "N+" bar; None when every game was capped."""
    counts = summary["by_players"]
    every = [int(t) for c in counts for t in c["length"]["histogram"]]
    if not every:
        return None
    low = min(every)
    high = max(
        _quantile(c["length"]["histogram"], TAIL) for c in counts if c["length"]["histogram"]
    )
    width = max(1, -(-(high - low + 1) // MOST_BINS))
    bins = list(range(low, high + 1, width))
    tail = max(every) > bins[-1] + width - 1
    data = []
    for c in counts:
        row = [0.0] * (len(bins) + tail)
        finished = sum(c["length"]["histogram"].values())
        for turns, games in c["length"]["histogram"].items():
            row[min((int(turns) - low) // width, len(row) - 1)] += 100 * games / finished
        data.append(row)
    step = max(1, len(bins) // 12)
    names = [
        (str(b) if width == 1 else f"{b}-{b + width - 1}") if k % step == 0 else ""
        for k, b in enumerate(bins)
    ] + ([f"{bins[-1] + width}+"] if tail else [])
    drawing, _ = _vertical(
        data,
        names,
        "Games (%)",
        f"Game length ({summary['turn_word']})",
        players_names([c["players"] for c in counts]),
    )
    return drawing


def _quantile(histogram: dict[str, int], q: float) -> int:
    """The smallest length with at least `q` of the games (0..1) at or below it."""
    total, running = sum(histogram.values()), 0
    for turns, games in sorted((int(t), n) for t, n in histogram.items()):
        running += games
        if running >= q * total:
            return turns
    return max(int(t) for t in histogram)


def seat_chart(summary: dict) -> Drawing:
    """Wins by seat with 95 % Wilson intervals as whiskers, and each player count's
    even share as a dashed line."""
    counts = summary["by_players"]
    most = max(c["players"] for c in counts)
    data = [[100 * s["rate"] for s in c["seats"]] + [None] * (most - c["players"]) for c in counts]
    names = [f"Seat {k + 1}" for k in range(most)]
    drawing, chart = _vertical(
        data,
        names,
        "Wins (%)",
        "Seat (seat 1 plays first)",
        players_names([c["players"] for c in counts]),
    )
    top = max(
        [100 * s["interval"][1] for c in counts for s in c["seats"]]
        + [100 * (c["even_share"] or 0) for c in counts]
    )
    chart.valueAxis.valueMax = min(100.0, max(5.0, top * 1.1))
    _drawn(drawing, chart)
    _vertical_whiskers(
        drawing, chart, [[[100 * v for v in s["interval"]] for s in c["seats"]] for c in counts]
    )
    scale = chart.valueAxis.scale
    for k, c in enumerate(counts):
        y = scale(100 * (c["even_share"] or 0))
        bars = chart._barPositions[k][: c["players"]]
        _line(
            drawing,
            bars[0][0] - 2,
            y,
            bars[-1][0] + bars[-1][2] + 2,
            y,
            0.8,
            _series_colour(k),
            (3, 2),
        )
    return drawing


def levels_chart(count: dict, levels: Sequence[str]) -> Drawing:
    """A skill report's seats at one player count (`count`, of pnp.simulate.skill): one
    bar per level with its whisker, and each level's even share as a dashed line."""
    n = len(count["seats"])
    data = [
        [100 * (s["levels"][j]["rate"] or 0) for s in count["seats"]] for j in range(len(levels))
    ]
    drawing, chart = _vertical(
        data,
        [f"Seat {k + 1}" for k in range(n)],
        "Wins (%)",
        f"Seat at {n} players (seat 1 plays first)",
        levels,
        height=55 * mm,
    )
    top = max(
        [100 * s["levels"][j]["interval"][1] for s in count["seats"] for j in range(len(levels))]
        + [5.0]
    )
    chart.valueAxis.valueMax = min(100.0, top * 1.1)
    _drawn(drawing, chart)
    _vertical_whiskers(
        drawing,
        chart,
        [
            [[100 * v for v in s["levels"][j]["interval"]] for s in count["seats"]]
            for j in range(len(levels))
        ],
    )
    scale = chart.valueAxis.scale
    for j, share in enumerate(count["even_share"]):
        y = scale(100 * (share or 0))
        bars = chart._barPositions[j]
        _line(
            drawing,
            bars[0][0] - 2,
            y,
            bars[-1][0] + bars[-1][2] + 2,
            y,
            0.8,
            _series_colour(j),
            (3, 2),
        )
    return drawing
