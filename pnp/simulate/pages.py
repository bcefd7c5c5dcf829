"""`balance.pdf`: a simulation summary (pnp.simulate.report) as a document. Page 1
names the run, gives the numbers per player count with their intervals and lists every
reading the model makes where the rules are silent, each with the rulebook
Clarification it follows; then how the games felt (pnp.simulate.feel_pages); then the charts (pnp.simulate.charts), the skill report's
levels side by side and the comparison of two card data sets, when the run has them
(pnp.simulate.paired_pages). Its pieces (styles, tables, charts with their notes) are
in pnp.simulate.page_parts.

Geometry is in points (1 mm = 72/25.4 pt) on A4 portrait. Nothing here names a game.
"""

from __future__ import annotations

from typing import BinaryIO
from xml.sax.saxutils import escape

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.platypus import PageBreak, Paragraph, SimpleDocTemplate, Spacer, Table

from pnp.core.shown import plural
from pnp.render.boxed import BoxedCanvas
from pnp.simulate.charts import MARGIN_PT, length_chart, seat_chart
from pnp.simulate.feel_pages import feel_page
from pnp.simulate.figure_charts import figure_chart, timeline_chart
from pnp.simulate.horizontal_charts import endings_chart
from pnp.simulate.page_parts import _chart, _grid, _styles, _with_interval
from pnp.simulate.paired_pages import compare_pages, skill_pages
from pnp.simulate.report import FEWEST
from pnp.simulate.result import deck_words


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
    story += feel_page(summary, styles)
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
    doc.build(story, canvasmaker=BoxedCanvas)  # every page's boxes are the page


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
