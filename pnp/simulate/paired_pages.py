"""The pages of `balance.pdf` for a run that plays the same seeds more than once: the
skill report's levels side by side (`skill_pages`) and the comparison of two card data
sets or of two sets of rules, A against B (`compare_pages`), both made of the pieces of
pnp.simulate.page_parts.

Geometry is in points (1 mm = 72/25.4 pt) on A4 portrait. Nothing here names a game.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, PageBreak, Paragraph, Spacer

from pnp.core.shown import plural
from pnp.simulate.charts import levels_chart
from pnp.simulate.compare import sides
from pnp.simulate.page_parts import _chart, _grid, _with_interval
from pnp.simulate.report import FEWEST, percent


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
    a, b, heading = sides(compare)
    story: list = [
        PageBreak(),
        Paragraph(heading, styles["h1"]),
        Paragraph(
            escape(
                f"A: {a}. B: {b}. "
                "The same seeds, played by each; a difference is A - B "
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
