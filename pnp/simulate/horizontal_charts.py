"""The horizontal bar charts of `balance.pdf`: one row per label and one bar per series,
each bar with its whisker, its value, the mark of a real 0 or of too few games to count
and its series' even-share line (`_horizontal`), drawn with the shared pieces of
pnp.simulate.charts. How games end (`endings_chart`) is one; the game's rate and count
figures (pnp.simulate.figure_charts) are the others.

Geometry is in points (1 mm = 72/25.4 pt) on A4 portrait. Nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.graphics.charts.barcharts import HorizontalBarChart
from reportlab.graphics.shapes import Drawing, String
from reportlab.lib.units import mm

from pnp.fonts import BOLD, font
from pnp.simulate.charts import (
    AXIS_PT,
    FEW,
    FEW_GREY,
    HEADING_PT,
    LABEL_PT,
    PAGE_HEIGHT_PT,
    WIDTH_PT,
    ZERO,
    _axis_fonts,
    _drawn,
    _legend,
    _line,
    _note,
    _series_colour,
    _title,
    players_names,
)


def _horizontal(
    data: list[list],
    labels: list[str],
    value_title: str,
    label_title: str,
    series: Sequence[str],
    value_format: str = "%.0f",
    intervals: list[list] | None = None,
    marks: list[list] | None = None,
    lines: Sequence[float | None] = (),
    most: float | None = None,
) -> Drawing:
    """A horizontal bar chart, one row per label and one bar per series, each bar with
    its value (`value_format`, when bars are tall enough to carry it), its whisker
    (`intervals`, the same shape as `data`), the mark of a cell with no bar (`marks`:
    ZERO or FEW), a dashed line per series at `lines` (its even share), axis titles and
    a legend; as tall as its rows need, at most a page; its value axis ends at `most`
    (100 for a percentage) at the furthest."""
    rows = len(labels) * len(data)
    room = PAGE_HEIGHT_PT - HEADING_PT - 26 * mm - len(labels) * 3
    bar = max(1.0, min(9.0, room / (rows * 1.25)))
    plot = rows * bar * 1.25 + len(labels) * 3
    label_room = min(70 * mm, max(20 * mm, 1.05 * max(len(t) for t in labels) * LABEL_PT * 0.5))
    drawing = Drawing(WIDTH_PT, plot + 26 * mm)
    chart = HorizontalBarChart()
    chart.x, chart.y = label_room + 2 * mm, 12 * mm
    chart.width, chart.height = WIDTH_PT - chart.x - 6 * mm, plot
    # reportlab stacks categories and series upwards: reversed, the first label and the
    # first series are on top
    chart.data = [list(reversed(row)) for row in reversed(data)]
    chart.categoryAxis.categoryNames = list(reversed(labels))
    chart.categoryAxis.labels.boxAnchor = "e"
    chart.categoryAxis.labels.dx = -3
    chart.valueAxis.valueMin = 0
    chart.valueAxis.rangeRound = "ceiling"
    chart.valueAxis.labelTextFormat = "%g"
    tops = [v for row in data for v in row if v is not None]
    tops += [b[1] for row in intervals or () for b in row if b is not None]
    top = max(tops + [x for x in lines if x is not None] + [1e-6]) * 1.08
    chart.valueAxis.valueMax = min(top, most) if most else top
    # a gap between cards that grows with the bars in a group, so each group reads as one
    chart.barSpacing, chart.groupSpacing = 0.3, max(3.0, 0.8 * len(data))
    chart.bars.strokeColor = None
    for k in range(len(data)):
        chart.bars[k].fillColor = _series_colour(len(data) - 1 - k)
    _axis_fonts(chart)
    drawing.add(chart)
    _drawn(drawing, chart)
    _horizontal_extras(
        drawing, chart, data, len(labels), intervals, marks, lines, bar, value_format
    )
    _title(drawing, value_title, chart.x + chart.width / 2, 2 * mm)
    drawing.add(
        String(0, chart.y + chart.height + 4, label_title, fontName=font(BOLD), fontSize=AXIS_PT)
    )
    _legend(drawing, series, chart.x, drawing.height - 4 * mm)
    return drawing


def _horizontal_extras(
    drawing: Drawing,
    chart: HorizontalBarChart,
    data: list[list],
    n_labels: int,
    intervals,
    marks,
    lines,
    bar: float,
    value_format: str,
) -> None:
    """The whiskers, value labels (past the whisker, when the bars are tall enough to
    carry one), marks and even-share lines of `_horizontal`, placed on the drawn chart's
    bars (its series and rows are stored reversed)."""
    scale, n_series = chart.valueAxis.scale, len(data)
    for k in range(n_series):
        positions = chart._barPositions[n_series - 1 - k]
        for i in range(n_labels):
            x, y, _, h = positions[n_labels - 1 - i]
            cy, end = y + h / 2, None
            bounds = intervals[k][i] if intervals else None
            if bounds is not None:
                x0, x1 = scale(bounds[0]), scale(bounds[1])
                _line(drawing, x0, cy, x1, cy)
                for xe in (x0, x1):
                    _line(drawing, xe, cy - h / 3, xe, cy + h / 3)
                end = x1
            mark = marks[k][i] if marks else None
            if mark == ZERO:
                _line(drawing, x, y, x, y + h, 1.6)
            elif mark == FEW:
                if bar >= LABEL_PT * 0.8:
                    _note(drawing, x + 2, cy - LABEL_PT * 0.3, "too few", FEW_GREY)
                else:  # too thin for words: a grey dash
                    _line(drawing, x + 1, cy, x + 9, cy, 1.2, FEW_GREY, (1.5, 1))
                continue
            value = data[k][i]
            if value is not None and bar >= LABEL_PT * 0.8:
                end = max(end or x, scale(value))
                _note(drawing, end + 2, cy - LABEL_PT * 0.3, value_format % value)
            elif mark == ZERO:
                _note(drawing, x + 2, cy - LABEL_PT * 0.3, "0")
        line = lines[k] if k < len(lines) else None
        if line is not None:
            top = positions[-1][1] + positions[-1][3]
            _line(
                drawing,
                scale(line),
                positions[0][1],
                scale(line),
                top,
                0.8,
                _series_colour(k),
                (3, 2),
            )


def endings_chart(summary: dict) -> Drawing:
    """How games end (the game's ENDINGS: its ties and the turn-cap draw among them):
    % of games, each with its interval; an ending never reached is a 0."""
    counts = summary["by_players"]
    labels = [e["label"] for e in counts[0]["endings"]]
    data = [[100 * (e["rate"] or 0) for e in c["endings"]] for c in counts]
    intervals = [[[100 * v for v in e["interval"]] for e in c["endings"]] for c in counts]
    marks = [[ZERO if not e["games"] else None for e in c["endings"]] for c in counts]
    return _horizontal(
        data,
        labels,
        "Games (%)",
        "How the game ended",
        players_names([c["players"] for c in counts]),
        "%.0f",
        intervals,
        marks,
        most=100,
    )
