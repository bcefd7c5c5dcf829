"""The charts of a game's own figures in `balance.pdf`: one bar chart per figure (rates
with their intervals, or counts per game: pnp.simulate.horizontal_charts) and the
timelines, drawn with the shared pieces of pnp.simulate.charts. Geometry in points
(1 mm = 72/25.4 pt) on A4 portrait. Nothing here names a game."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.graphics.charts.lineplots import LinePlot
from reportlab.graphics.shapes import Drawing, String
from reportlab.lib.units import mm

from pnp.fonts import BOLD, REGULAR, font
from pnp.simulate.charts import (
    FEW,
    LABEL_PT,
    WIDTH_PT,
    ZERO,
    _legend,
    _series_colour,
    _title,
    players_names,
)
from pnp.simulate.horizontal_charts import _horizontal
from pnp.simulate.report import FEWEST


def figure_chart(
    kind: str,
    per_count: list[list[dict]],
    counts: list[int],
    titles: tuple[str, str],
    even_shares: Sequence[float | None] = (),
) -> tuple[Drawing | None, list[str]]:
    """One of the game's figures: a row per label, a bar per player count (`per_count`:
    each count's rows from pnp.simulate.report.figure_values) with its interval; a rate
    in %, a per-game figure as a mean. `titles`: the value axis and label axis titles;
    `even_shares`: each count's even share (%), drawn as a line, for a rate of wins per
    seat. A rate out of fewer than report.FEWEST is marked "too few", a 0 a tick on the
    axis; a row too few at every player count is left out, and its label returned (a
    row the games never reached, such as a deck not dealt, is left out unnamed)."""
    scale = 100 if kind == "rate" else 1

    def few(row: dict) -> bool:
        return row["value"] is None or (kind == "rate" and row["out_of"] < FEWEST)

    data = [[None if few(row) else scale * row["value"] for row in rows] for rows in per_count]
    keep = [k for k in range(len(per_count[0])) if any(d[k] is not None for d in data)]
    reached = [k for k in range(len(per_count[0])) if any(rows[k]["out_of"] for rows in per_count)]
    left_out = [per_count[0][k]["label"] for k in reached if k not in keep]
    if not keep:
        return None, left_out
    intervals = [
        [
            None
            if few(rows[k]) or not rows[k]["interval"]
            else [scale * v for v in rows[k]["interval"]]
            for k in keep
        ]
        for rows in per_count
    ]
    marks = [
        [FEW if few(rows[k]) else ZERO if rows[k]["value"] == 0 else None for k in keep]
        for rows in per_count
    ]
    drawing = _horizontal(
        [[d[k] for k in keep] for d in data],
        [per_count[0][k]["label"] for k in keep],
        titles[0],
        titles[1],
        players_names(counts),
        "%.0f" if kind == "rate" else "%.2f",
        intervals,
        marks,
        [None if s is None else 100 * s for s in even_shares],
        100 if kind == "rate" else None,
    )
    return drawing, left_out


def timeline_chart(
    per_count: list[list[dict]], counts: list[int], titles: tuple[str, str]
) -> Drawing | None:
    """A timeline figure (pnp.simulate.report.timeline_values): one panel per player
    count side by side, one line per row (series), each point the mean over the games
    still running, up to the last clock at least FEWEST games reached; None when no
    count reached one."""
    panels = [
        (n, rows)
        for n, rows in zip(counts, per_count)
        if rows and any(games >= FEWEST for _, _, games in rows[0]["points"])
    ]
    if not panels:
        return None
    height = 62 * mm
    drawing = Drawing(WIDTH_PT, height)
    gap = 8 * mm
    width = (WIDTH_PT - 16 * mm - gap * (len(panels) - 1)) / len(panels)
    top = max(v for _, rows in panels for r in rows for _, v, _ in r["points"]) or 1
    for p, (n, rows) in enumerate(panels):
        plot = LinePlot()
        plot.x, plot.y = 16 * mm + p * (width + gap), 14 * mm
        plot.width, plot.height = width, height - plot.y - 14 * mm
        plot.data = [[(t, v) for t, v, games in r["points"] if games >= FEWEST] for r in rows]
        for k in range(len(rows)):
            plot.lines[k].strokeColor = _series_colour(k)
            plot.lines[k].strokeWidth = 1.2
        plot.yValueAxis.valueMin, plot.yValueAxis.valueMax = 0, top * 1.08
        plot.xValueAxis.valueMin = 0
        for axis in (plot.xValueAxis, plot.yValueAxis):
            axis.labels.fontName, axis.labels.fontSize = font(REGULAR), LABEL_PT
            axis.labelTextFormat = "%g"
        drawing.add(plot)
        drawing.add(
            String(
                plot.x + width / 2,
                plot.y + plot.height + 3,
                f"{n} players",
                fontName=font(BOLD),
                fontSize=LABEL_PT,
                textAnchor="middle",
            )
        )
        _title(drawing, titles[1], plot.x + width / 2, 2 * mm)
    _title(drawing, titles[0], 4 * mm, 14 * mm + (height - 28 * mm) / 2, 90)
    _legend(drawing, [r["label"] for r in panels[0][1]], 16 * mm, height - 4 * mm)
    return drawing
