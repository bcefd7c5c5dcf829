"""`balance.pdf`: a simulation summary (pnp.simulate.report) drawn as charts with
reportlab's own graphics (issue 13): game length, wins by seat with 95 % intervals,
how games end, ties and turn-cap draws, and each of the game's figures, one series per
player count. Every chart has axis titles a reader (and a test) can find as text.

Geometry is in points (1 mm = 72/25.4 pt) on A4 portrait. Nothing here names a game.
"""

from __future__ import annotations

from typing import BinaryIO
from xml.sax.saxutils import escape

from reportlab.graphics.charts.barcharts import HorizontalBarChart, VerticalBarChart
from reportlab.graphics.charts.legends import Legend
from reportlab.graphics.shapes import Drawing, Group, Line, String
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import (
    CondPageBreak,
    KeepTogether,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from pnp.fonts import BOLD, REGULAR, font, register_all
from pnp.layout.text import text_width
from pnp.shown import plural
from pnp.simulate.report import FEWEST, percent

MARGIN_PT = 18 * mm
FRAME_PAD_PT = 6                          # platypus's frame padding on each side
WIDTH_PT = A4[0] - 2 * (MARGIN_PT + FRAME_PAD_PT)     # a chart's width, pt
PAGE_HEIGHT_PT = A4[1] - 2 * (MARGIN_PT + FRAME_PAD_PT)
#: room a chart's heading and note take on its page, pt
HEADING_PT = 30 * mm
#: series colours, one per player count (Okabe-Ito: told apart with colour blindness)
SERIES = tuple(colors.HexColor(c) for c in
               ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00",
                "#F0E442", "#000000", "#999999", "#332288", "#88CCEE"))
MOST_BINS = 30                            # length histogram bars
TAIL = 0.99          # the length chart's axis ends here; longer games share one last bar
AXIS_PT, LABEL_PT, TITLE_PT = 8, 7, 9     # font sizes, pt


def _series_colour(k: int):
    return SERIES[k % len(SERIES)]


def _axis_fonts(chart) -> None:
    """Draw every axis label with the embedded regular font."""
    for axis in (chart.categoryAxis, chart.valueAxis):
        axis.labels.fontName, axis.labels.fontSize = font(REGULAR), LABEL_PT


def _legend(drawing: Drawing, counts: list[int], x: float, y: float) -> None:
    """A legend naming each series' player count in one row, starting at (x, y) pt."""
    legend = Legend()
    legend.x, legend.y, legend.alignment = x, y, "right"
    legend.fontName, legend.fontSize = font(REGULAR), LABEL_PT
    # swatch, a small gap, its label, then a wider gap before the next swatch
    legend.columnMaximum, legend.dx, legend.dy, legend.dxTextSpace = 1, 8, 6, 3
    legend.deltax = 8 + 3 + max(text_width(f"{n} players", REGULAR, LABEL_PT)
                                for n in counts) + 14
    legend.strokeColor = None
    legend.colorNamePairs = [(_series_colour(k), f"{n} players") for k, n in enumerate(counts)]
    drawing.add(legend)


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


def _vertical(data: list[list], names: list[str], value_title: str, category_title: str,
              counts: list[int], height: float = 62 * mm) -> tuple[Drawing, VerticalBarChart]:
    """A vertical bar chart (one series per player count) with both axis titles and a
    legend, WIDTH_PT wide and `height` pt high."""
    drawing = Drawing(WIDTH_PT, height)
    chart = VerticalBarChart()
    chart.x, chart.y = 16 * mm, 14 * mm
    chart.width, chart.height = WIDTH_PT - chart.x - 4 * mm, height - chart.y - 10 * mm
    chart.data, chart.categoryAxis.categoryNames = data, names
    chart.valueAxis.valueMin = 0
    chart.valueAxis.rangeRound = "ceiling"        # the top tick is above the tallest bar
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
    _legend(drawing, counts, chart.x, height - 4 * mm)
    return drawing, chart


def length_chart(summary: dict) -> Drawing | None:
    """Game length distribution of the games not capped: % of those games by length,
    at most MOST_BINS bars from the shortest game to the TAIL quantile of every player
    count, the longer games in a last "N+" bar; None when every game was capped."""
    counts = summary["by_players"]
    every = [int(t) for c in counts for t in c["length"]["histogram"]]
    if not every:
        return None
    low = min(every)
    high = max(_quantile(c["length"]["histogram"], TAIL) for c in counts
               if c["length"]["histogram"])
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
    names = [(str(b) if width == 1 else f"{b}-{b + width - 1}") if k % step == 0 else ""
             for k, b in enumerate(bins)] + ([f"{bins[-1] + width}+"] if tail else [])
    drawing, _ = _vertical(data, names, "Games (%)",
                           f"Game length ({summary['turn_word']})",
                           [c["players"] for c in counts])
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
    """Wins by seat with 95 % Wilson intervals as error bars, and each player count's
    even share as a dashed line."""
    counts = summary["by_players"]
    most = max(c["players"] for c in counts)
    data = [[100 * s["rate"] for s in c["seats"]] + [None] * (most - c["players"])
            for c in counts]
    names = [f"Seat {k + 1}" for k in range(most)]
    drawing, chart = _vertical(data, names, "Wins (%)", "Seat (seat 1 plays first)",
                               [c["players"] for c in counts])
    top = max([100 * s["interval"][1] for c in counts for s in c["seats"]]
              + [100 * (c["even_share"] or 0) for c in counts])
    chart.valueAxis.valueMax = max(5.0, top * 1.1)
    drawing.contents[drawing.contents.index(chart)] = chart.draw()   # axes now scaled
    scale = chart.valueAxis.scale
    for k, c in enumerate(counts):
        # bar k of each seat: (x, y, width, height) in pt, set by chart.draw()
        for seat, (x, _, w, _) in zip(c["seats"], chart._barPositions[k]):
            cx = x + w / 2
            y0, y1 = (scale(100 * v) for v in seat["interval"])
            for line in (Line(cx, y0, cx, y1), Line(cx - w / 4, y0, cx + w / 4, y0),
                         Line(cx - w / 4, y1, cx + w / 4, y1)):
                line.strokeWidth = 0.6
                drawing.add(line)
        y = scale(100 * (c["even_share"] or 0))
        bars = chart._barPositions[k][:c["players"]]
        drawing.add(Line(bars[0][0] - 2, y, bars[-1][0] + bars[-1][2] + 2, y,
                         strokeColor=_series_colour(k), strokeDashArray=(3, 2),
                         strokeWidth=0.8))
    return drawing


def endings_chart(summary: dict) -> Drawing:
    """How games end (the game's ENDINGS: its ties and the turn-cap draw among them):
    % of games."""
    counts = summary["by_players"]
    labels = [e["label"] for e in counts[0]["endings"]]
    data = [[100 * (e["rate"] or 0) for e in c["endings"]] for c in counts]
    return _horizontal(data, labels, "Games (%)", "How the game ended",
                       [c["players"] for c in counts])


def _horizontal(data: list[list], labels: list[str], value_title: str, label_title: str,
                counts: list[int], value_format: str = "%.0f") -> Drawing:
    """A horizontal bar chart, one row per label and one bar per series, each bar with
    its value (`value_format`, when bars are tall enough to carry it), axis titles and a
    legend; as tall as its rows need, at most a page."""
    rows = len(labels) * len(data)
    room = PAGE_HEIGHT_PT - HEADING_PT - 26 * mm - len(labels) * 3
    bar = max(1.0, min(9.0, room / (rows * 1.25)))
    plot = rows * bar * 1.25 + len(labels) * 3
    label_room = min(70 * mm, max(20 * mm, 1.05 * max(
        len(t) for t in labels) * LABEL_PT * 0.5))
    drawing = Drawing(WIDTH_PT, plot + 26 * mm)
    chart = HorizontalBarChart()
    chart.x, chart.y = label_room + 2 * mm, 12 * mm
    chart.width, chart.height = WIDTH_PT - chart.x - 6 * mm, plot
    # reportlab stacks categories and series upwards: reversed, the first label and the
    # first player count are on top
    chart.data = [list(reversed(row)) for row in reversed(data)]
    chart.categoryAxis.categoryNames = list(reversed(labels))
    chart.categoryAxis.labels.boxAnchor = "e"
    chart.categoryAxis.labels.dx = -3
    chart.valueAxis.valueMin = 0
    chart.valueAxis.rangeRound = "ceiling"
    chart.valueAxis.labelTextFormat = "%g"
    # a gap between cards that grows with the bars in a group, so each group reads as one
    chart.barSpacing, chart.groupSpacing = 0.3, max(3.0, 0.8 * len(data))
    chart.bars.strokeColor = None
    for k in range(len(data)):
        chart.bars[k].fillColor = _series_colour(len(data) - 1 - k)
    if bar >= LABEL_PT * 0.8:
        chart.barLabelFormat = value_format
        chart.barLabels.fontName, chart.barLabels.fontSize = font(REGULAR), LABEL_PT * 0.85
        chart.barLabels.boxAnchor, chart.barLabels.dx = "w", 2
    _axis_fonts(chart)
    drawing.add(chart)
    _title(drawing, value_title, chart.x + chart.width / 2, 2 * mm)
    drawing.add(String(0, chart.y + chart.height + 4, label_title,
                       fontName=font(BOLD), fontSize=AXIS_PT))
    _legend(drawing, counts, chart.x, drawing.height - 4 * mm)
    return drawing


def figure_chart(kind: str, per_count: list[list[dict]], counts: list[int],
                 titles: tuple[str, str]) -> tuple[Drawing, list[str]]:
    """One of the game's figures: a row per label, a bar per player count (`per_count`:
    each count's rows from pnp.simulate.report.figure_values); a rate in %, a per-game
    figure as a mean. `titles`: the value axis and label axis titles. A rate out of
    fewer than report.FEWEST draws no bar; a row with no bar at any player count is
    left out, and its label returned, so an empty bar is a real 0."""
    scale = 100 if kind == "rate" else 1

    def shown(row: dict) -> float | None:
        if row["value"] is None or (kind == "rate" and row["out_of"] < FEWEST):
            return None
        return scale * row["value"]
    data = [[shown(row) for row in rows] for rows in per_count]
    keep = [k for k in range(len(per_count[0])) if any(d[k] is not None for d in data)]
    left_out = [row["label"] for k, row in enumerate(per_count[0]) if k not in keep]
    if not keep:
        return None, left_out
    drawing = _horizontal([[d[k] for k in keep] for d in data],
                          [per_count[0][k]["label"] for k in keep], titles[0], titles[1],
                          counts, "%.0f" if kind == "rate" else "%.2f")
    return drawing, left_out


def _styles() -> dict[str, ParagraphStyle]:
    register_all()
    return {"h1": ParagraphStyle("h1", fontName=BOLD, fontSize=16, leading=20, spaceAfter=6),
            "h2": ParagraphStyle("h2", fontName=BOLD, fontSize=11.5, leading=15,
                                 spaceBefore=10, spaceAfter=3),
            "body": ParagraphStyle("body", fontName=REGULAR, fontSize=9, leading=12),
            "note": ParagraphStyle("note", fontName=REGULAR, fontSize=8, leading=10,
                                   textColor=colors.HexColor("#444444"))}


def _table(summary: dict, style: ParagraphStyle) -> Table:
    """The numbers behind the charts: a row per player count."""
    word = summary["turn_word"]
    head = ["Players", "Games", f"Mean length ({word})", "No sole winner", "Ties",
            "Turn-cap draws", "Over in round 1", "Wins by seat (seat 1 first)"]
    bold = ParagraphStyle("head", parent=style, fontName=BOLD, fontSize=8, leading=10)
    rows = [[Paragraph(escape(h), bold) for h in head]]
    for c in summary["by_players"]:
        mean = c["length"]["mean"]
        rows.append([str(c["players"]), f"{c['games']:,}",
                     "all capped" if mean is None else f"{mean:.1f}",
                     percent(c["no_sole_winner_rate"]), percent(c["tie_rate"]),
                     percent(c["capped_rate"]), percent(c["first_round_rate"]),
                     Paragraph(", ".join(percent(s["rate"]) for s in c["seats"]), style)])
    table = Table(rows, colWidths=[16 * mm, 14 * mm, 21 * mm, 16 * mm, 12 * mm, 17 * mm,
                                   17 * mm, None], repeatRows=1)
    table.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), REGULAR, 8),
                               ("FONT", (0, 0), (-1, 0), BOLD, 8),
                               ("LINEBELOW", (0, 0), (-1, 0), 0.5, colors.black),
                               ("VALIGN", (0, 0), (-1, -1), "TOP")]))
    return table


def write_balance(stream: BinaryIO, summary: dict, figures: list, game_name: str) -> None:
    """Write the balance report of `summary` (pnp.simulate.report.summarise) to `stream`
    as a PDF; `figures` are the game's Figures (their axis titles), `game_name` its
    printed name."""
    styles = _styles()
    counts = [c["players"] for c in summary["by_players"]]
    story = [Paragraph(f"Balance report: {escape(game_name)}", styles["h1"]),
             Paragraph(escape(
                 f"{plural(summary['games'], 'simulated game')} at "
                 f"{', '.join(map(str, counts))} players; seed {summary['seed']}; "
                 f"strategies by seat: {', '.join(summary['strategies'])} (repeating); a "
                 f"game stopped after {summary['turn_cap']:,} {summary['turn_word']} is a "
                 "draw. Every move was checked by the scorekeeper's rules."), styles["body"]),
             Spacer(1, 4 * mm), _table(summary, styles["body"])]

    def chart(title: str, drawing: Drawing, note: str = "") -> None:
        block = [Paragraph(escape(title), styles["h2"]), drawing]
        if note:
            block.append(Paragraph(escape(note), styles["note"]))
        story.extend([CondPageBreak(drawing.height + 20 * mm), KeepTogether(block)])

    lengths = length_chart(summary)
    if lengths:
        chart("Game length", lengths, "Games stopped at the turn cap are left out: their "
              "length is only the cap.")
    else:
        story.append(Paragraph("Every game reached the turn cap: no game length to "
                               "show.", styles["body"]))
    chart("Win rate by seat", seat_chart(summary),
          "Bars: share of games each seat won alone; whiskers: 95% Wilson interval; dashed "
          "line: an even share of the games that had a sole winner. Seat 1 plays first.")
    mixed = [c for c in summary["by_players"] if len(c["strategies"]) > 1]
    if mixed:
        story.append(Paragraph(escape("Wins by strategy, per seat it played (95% interval): "
                                      + "; ".join(f"{c['players']} players: " + ", ".join(
                                          f"{s['strategy']} {percent(s['rate'])} "
                                          f"[{percent(s['interval'][0])}-"
                                          f"{percent(s['interval'][1])}]"
                                          for s in c["strategies"]) for c in mixed) + "."),
                               styles["note"]))
    chart("How games end", endings_chart(summary))
    for k, figure in enumerate(figures):
        per_count = [c["figures"][k]["values"] for c in summary["by_players"]]
        drawing, left_out = figure_chart(figure.kind, per_count, counts,
                                         (figure.value_title, figure.label_title))
        few = (f"No bar: 0%, or fewer than {FEWEST} to count at that player count (the "
               "terminal and the JSON give every count)." if figure.kind == "rate" else "")
        if left_out:
            few += (f" Left out, fewer than {FEWEST} at every player count: "
                    + ", ".join(left_out) + ".")
        if drawing is None:
            story.append(Paragraph(escape(figure.title), styles["h2"]))
            story.append(Paragraph(escape(few), styles["note"]))
        else:
            chart(figure.title, drawing, few)
    doc = SimpleDocTemplate(stream, pagesize=A4, leftMargin=MARGIN_PT, rightMargin=MARGIN_PT,
                            topMargin=MARGIN_PT, bottomMargin=MARGIN_PT,
                            title=f"Balance report: {game_name}", author="Hack Pack")
    doc.build(story)
