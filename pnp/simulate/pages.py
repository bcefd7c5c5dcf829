"""`balance.pdf`: a simulation summary (pnp.simulate.report) as a document. Page 1
names the run, gives the numbers per player count with their intervals and lists every
reading the model makes where the rules are silent, each with the rulebook
Clarification it follows; then the charts (pnp.simulate.charts), the skill report's
levels side by side and the comparison of two card data sets, when the run has them.

Geometry is in points (1 mm = 72/25.4 pt) on A4 portrait. Nothing here names a game.
"""

from __future__ import annotations

from typing import BinaryIO
from xml.sax.saxutils import escape

from reportlab.graphics.shapes import Drawing
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import (
    CondPageBreak,
    KeepTogether,
    PageBreak,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from pnp.core.shown import plural
from pnp.fonts import BOLD, REGULAR, register_all
from pnp.simulate.charts import MARGIN_PT, length_chart, levels_chart, seat_chart
from pnp.simulate.figure_charts import figure_chart, timeline_chart
from pnp.simulate.horizontal_charts import endings_chart
from pnp.simulate.report import FEWEST, percent
from pnp.simulate.result import deck_words


def _styles() -> dict[str, ParagraphStyle]:
    register_all()
    return {
        "h1": ParagraphStyle("h1", fontName=BOLD, fontSize=16, leading=20, spaceAfter=6),
        "h2": ParagraphStyle(
            "h2", fontName=BOLD, fontSize=11.5, leading=15, spaceBefore=10, spaceAfter=3
        ),
        "body": ParagraphStyle("body", fontName=REGULAR, fontSize=9, leading=12),
        "cell": ParagraphStyle("cell", fontName=REGULAR, fontSize=7.5, leading=9),
        "head": ParagraphStyle("head", fontName=BOLD, fontSize=7.5, leading=9),
        "note": ParagraphStyle(
            "note", fontName=REGULAR, fontSize=8, leading=10, textColor=colors.HexColor("#444444")
        ),
        "reading": ParagraphStyle(
            "reading",
            fontName=REGULAR,
            fontSize=7.5,
            leading=9,
            leftIndent=8,
            bulletIndent=0,
            spaceAfter=1,
            bulletFontName=REGULAR,
        ),
    }


def _with_interval(rate: float | None, interval: list | None) -> str:
    """ "12.5% [9.1-16.8]" (or "n/a")."""
    if rate is None:
        return "n/a"
    if not interval:
        return percent(rate)
    return f"{percent(rate)} [{100 * interval[0]:.1f}-{100 * interval[1]:.1f}]"


def _grid(rows: list[list], widths: list, styles: dict) -> Table:
    """A table of text cells, the first row a bold heading repeated on each page."""
    cells = [
        [Paragraph(escape(str(c)), styles["head" if r == 0 else "cell"]) for c in row]
        for r, row in enumerate(rows)
    ]
    table = Table(cells, colWidths=widths, repeatRows=1)
    table.setStyle(
        TableStyle(
            [
                ("LINEBELOW", (0, 0), (-1, 0), 0.5, colors.black),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 2),
                ("RIGHTPADDING", (0, 0), (-1, -1), 2),
            ]
        )
    )
    return table


def _table(summary: dict, styles: dict) -> Table:
    """The numbers behind the charts: a row per player count, every rate with its 95 %
    interval."""
    word = summary["turn_word"]
    rows = [
        [
            "Players",
            "Games",
            f"Mean length ({word})",
            "No sole winner",
            "Ties",
            "Turn-cap draws",
            "Over in round 1",
            "Wins by seat (seat 1 first)",
        ]
    ]
    for c in summary["by_players"]:
        length = c["length"]
        mean = (
            "all capped"
            if length["mean"] is None
            else f"{length['mean']:.1f}"
            + (
                f" [{length['interval'][0]:.1f}-{length['interval'][1]:.1f}]"
                if length["interval"]
                else ""
            )
        )
        rows.append(
            [
                c["players"],
                f"{c['games']:,}",
                mean,
                _with_interval(c["no_sole_winner_rate"], c["no_sole_winner_interval"]),
                _with_interval(c["tie_rate"], c["tie_interval"]),
                _with_interval(c["capped_rate"], c["capped_interval"]),
                _with_interval(c["first_round_rate"], c["first_round_interval"]),
                ", ".join(_with_interval(s["rate"], s["interval"]) for s in c["seats"]),
            ]
        )
    return _grid(
        rows, [13 * mm, 13 * mm, 20 * mm, 20 * mm, 19 * mm, 19 * mm, 19 * mm, None], styles
    )


def _readings(summary: dict, styles: dict) -> list:
    """Page 1's list of the readings the model makes where the rules are silent."""
    if not summary["readings"]:
        return []
    out = [
        Paragraph("Readings where the rules are silent", styles["h2"]),
        Paragraph(
            escape(
                "The model plays by the rules as written; where they are "
                "silent it reads them as the kit's rulebook says, under "
                "Clarifications:"
            ),
            styles["note"],
        ),
    ]
    out += [
        Paragraph(
            escape(r["reading"]) + ' <font color="#555555">(rulebook: '
            f"“{escape(r['clarification'])}”)</font>",
            styles["reading"],
            bulletText="•",
        )
        for r in summary["readings"]
    ]
    return out


def _intro(summary: dict, game_name: str, styles: dict) -> list:
    counts = [c["players"] for c in summary["by_players"]]
    setup = f" {deck_words(summary['deck_format'])};" if summary.get("deck_format") else ""
    rotated = (
        " (turned one seat round the table game by game)"
        if summary.get("rotate")
        else " (repeating)"
    )
    search = (
        (f" a search player runs {summary['search_iterations']} play-outs a decision;")
        if summary.get("searches")
        else ""
    )
    text = (
        f"{plural(summary['games'], 'simulated game')} at {', '.join(map(str, counts))} "
        f"players; seed {summary['seed']};{setup} strategies by seat: "
        f"{', '.join(summary['strategies'])}{rotated};{search} a game stopped after "
        f"{summary['turn_cap']:,} {summary['turn_word']} is a draw. Every move was "
        "checked by the scorekeeper's rules. Brackets hold 95% intervals."
    )
    return [
        Paragraph(f"Balance report: {escape(game_name)}", styles["h1"]),
        Paragraph(escape(text), styles["body"]),
        Spacer(1, 3 * mm),
    ]


def write_balance(stream: BinaryIO, summary: dict, figures: list, game_name: str) -> None:
    """Write the balance report of `summary` (pnp.simulate.report.summarise, with its
    "skill" and "compare" parts when the run has them) to `stream` as a PDF; `figures`
    are the game's Figures (their axis titles), `game_name` its printed name."""
    styles = _styles()
    story = _intro(summary, game_name, styles) + [_table(summary, styles)]
    story += _readings(summary, styles)
    story.append(PageBreak())
    story += _charts(summary, figures, styles)
    if "skill" in summary:
        story += skill_pages(summary["skill"], styles)
    if "compare" in summary:
        story += compare_pages(summary["compare"], styles)
    doc = SimpleDocTemplate(
        stream,
        pagesize=A4,
        leftMargin=MARGIN_PT,
        rightMargin=MARGIN_PT,
        topMargin=MARGIN_PT,
        bottomMargin=MARGIN_PT,
        title=f"Balance report: {game_name}",
        author="Hack Pack",
    )
    doc.build(story)


def _chart(story: list, styles: dict, title: str, drawing: Drawing, note: str = "") -> None:
    block = [Paragraph(escape(title), styles["h2"]), drawing]
    if note:
        block.append(Paragraph(escape(note), styles["note"]))
    story.extend([CondPageBreak(drawing.height + 20 * mm), KeepTogether(block)])


MARKS_NOTE = (
    "Whiskers: 95% intervals over games. A dark tick on the axis is a rate of "
    f'0; "too few" (a grey dash on thin bars): fewer than {FEWEST} to count at '
    "that player count (the terminal and the JSON give every count)."
)


def _charts(summary: dict, figures: list, styles: dict) -> list:
    """The run's charts: game length, wins by seat, how games end, the game's figures."""
    story: list = []
    counts = [c["players"] for c in summary["by_players"]]
    lengths = length_chart(summary)
    if lengths:
        _chart(
            story,
            styles,
            "Game length",
            lengths,
            "Games stopped at the turn cap are left out: their length is only the cap.",
        )
    else:
        story.append(
            Paragraph("Every game reached the turn cap: no game length to show.", styles["body"])
        )
    _chart(
        story,
        styles,
        "Win rate by seat",
        seat_chart(summary),
        "Bars: share of games each seat won alone; whiskers: 95% Wilson interval; dashed "
        "line: an even share of the games that had a sole winner. Seat 1 plays first.",
    )
    mixed = [c for c in summary["by_players"] if len(c["strategies"]) > 1]
    if mixed:
        story.append(
            Paragraph(
                escape(
                    "Wins by strategy, per seat it played (95% interval): "
                    + "; ".join(
                        f"{c['players']} players: "
                        + ", ".join(
                            f"{s['strategy']} {_with_interval(s['rate'], s['interval'])}"
                            for s in c["strategies"]
                        )
                        for c in mixed
                    )
                    + "."
                ),
                styles["note"],
            )
        )
    _chart(story, styles, "How games end", endings_chart(summary), MARKS_NOTE)
    shares = [c["even_share"] for c in summary["by_players"]]
    for k, figure in enumerate(figures):
        per_count = [c["figures"][k]["values"] for c in summary["by_players"]]
        titles = (figure.value_title, figure.label_title)
        if figure.kind == "timeline":
            drawing = timeline_chart(per_count, counts, titles)
            if drawing is not None:
                _chart(
                    story,
                    styles,
                    figure.title,
                    drawing,
                    "Each point: the mean over the "
                    f"games still running at that clock (at least {FEWEST} of them).",
                )
            continue
        drawing, left_out = figure_chart(
            figure.kind, per_count, counts, titles, shares if figure.even_share else ()
        )
        note = MARKS_NOTE + (
            " Dashed lines: each player count's even share." if figure.even_share else ""
        )
        if left_out:
            note += (
                f" Left out, fewer than {FEWEST} at every player count: "
                + ", ".join(left_out)
                + "."
            )
        if drawing is None:
            story.append(Paragraph(escape(figure.title), styles["h2"]))
            story.append(
                Paragraph(
                    escape(
                        f"Nothing to chart: no row was out of {FEWEST} or more at any player count"
                        + (f" ({', '.join(left_out)})." if left_out else ".")
                        + " The terminal and the JSON give every count."
                    ),
                    styles["note"],
                )
            )
        else:
            _chart(story, styles, figure.title, drawing, note)
    return story


def skill_pages(skill: dict, styles: dict) -> list:
    """The skill report: per player count the seats' win rates at each level, then the
    headline figure's rows side by side."""
    names = [level["label"] for level in skill["levels"]]
    story: list = [
        PageBreak(),
        Paragraph("Skill levels side by side", styles["h1"]),
        Paragraph(
            escape(
                f"The same seeds played by three tables: every seat "
                f"{', every seat '.join(names)}. An effect that holds at "
                "every level is the decks'; one that changes with the "
                "level belongs to the way of playing."
            ),
            styles["body"],
        ),
    ]
    for count in skill["by_players"]:
        _chart(
            story,
            styles,
            f"{count['players']} players: wins by seat",
            levels_chart(count, names),
            "Whiskers: 95% intervals; dashed lines: each "
            "level's even share. Mean length: "
            + " / ".join(
                "n/a"
                if x["mean"] is None
                else f"{x['mean']:.1f}"
                + (f" [{x['interval'][0]:.1f}-{x['interval'][1]:.1f}]" if x["interval"] else "")
                for x in count["length"]
            )
            + ".",
        )
        rows = [[skill["headline"], *names]]
        rate = skill["kind"] == "rate"
        for row in count["headline"]:
            if not any(lv["out_of"] for lv in row["levels"]):
                continue  # never reached at any level (a deck not dealt)
            rows.append(
                [
                    row["label"],
                    *(
                        "n/a"
                        if lv["value"] is None
                        else (
                            _with_interval(lv["value"], lv["interval"])
                            + (f" of {lv['out_of']:,}" if lv["out_of"] < FEWEST else "")
                        )
                        if rate
                        else _mean_cell(lv["value"], lv["interval"])
                        for lv in row["levels"]
                    ),
                ]
            )
        heading = Paragraph(
            escape(f"{count['players']} players: {skill['headline']}"), styles["h2"]
        )
        story.append(KeepTogether([heading, _grid(rows, [60 * mm, None, None, None], styles)]))
    return story


def _mean_cell(value: float, interval: list | None) -> str:
    return f"{value:.2f}" + (f" [{interval[0]:.2f}-{interval[1]:.2f}]" if interval else "")


def _diff_cell(row: dict) -> str:
    if row.get("only"):
        return f"only in {row['only']}"
    if row["difference"] is None:
        return "not reached in both"
    scale, unit = (100, " pts") if row["kind"] == "rate" else (1, "")
    bounds = (
        ""
        if row["interval"] is None
        else " [{:+.1f}, {:+.1f}]".format(*(scale * v for v in row["interval"]))
    )
    return f"{scale * row['difference']:+.1f}{unit}{bounds}" + (" *" if row["excludes_0"] else "")


def _value_cell(row: dict, side: str) -> str:
    if row.get("only"):
        value = row["value"] if row["only"] == side.upper() else None
        return (
            "—" if value is None else (percent(value) if row["kind"] == "rate" else f"{value:.2f}")
        )
    value = row[side]
    if value is None:
        return "n/a"
    return percent(value) if row["kind"] == "rate" else f"{value:.2f}"


def compare_pages(compare: dict, styles: dict) -> list:
    """The comparison: per player count every run-level difference, then every card
    whose difference is flagged or that only one data set has."""
    story: list = [
        PageBreak(),
        Paragraph("Card data A against B", styles["h1"]),
        Paragraph(
            escape(
                f"A: {compare['a']['data']}. B: {compare['b']['data']}. "
                "The same seeds, played on each; a difference is A - B "
                "with its 95% interval paired by seed, * where the "
                "interval excludes 0. With many cards, about one "
                "unchanged card in twenty is flagged by chance."
            ),
            styles["body"],
        ),
    ]
    for count in compare["by_players"]:
        rows = count["differences"]
        run_rows = [r for r in rows if r["figure"] is None]
        cards = [r for r in rows if r["figure"] is not None and (r["excludes_0"] or r.get("only"))]
        table = [["", "A", "B", "A - B [95% interval]"]]
        table += [
            [r["label"], _value_cell(r, "a"), _value_cell(r, "b"), _diff_cell(r)] for r in run_rows
        ]
        story += [
            Paragraph(f"{count['players']} players, {count['games']:,} games each", styles["h2"]),
            _grid(table, [70 * mm, 25 * mm, 25 * mm, None], styles),
        ]
        rest = sum(r["figure"] is not None for r in rows) - len(cards)
        if cards:
            table = [["Card", "A", "B", "A - B [95% interval]"]]
            table += [
                [
                    f"{r['figure']}: {r['label']}",
                    _value_cell(r, "a"),
                    _value_cell(r, "b"),
                    _diff_cell(r),
                ]
                for r in cards
            ]
            story += [Spacer(1, 2 * mm), _grid(table, [70 * mm, 25 * mm, 25 * mm, None], styles)]
        story.append(
            Paragraph(
                escape(
                    f"{plural(rest, 'other card row')} with no difference the games can tell "
                    "(the JSON gives every row)."
                ),
                styles["note"],
            )
        )
    return story
