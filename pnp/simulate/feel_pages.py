"""balance.pdf's page on how the games felt (pnp.simulate.feel, .feel_report): a table
with a row per measure and a column per player count, each value with its 95 %
interval, then what each measure means and the time model behind the minutes.

Geometry is in points (1 mm = 72/25.4 pt) on A4 portrait. Nothing here names a game.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.platypus import PageBreak, Paragraph, Spacer

from pnp.simulate.charts import MARGIN_PT
from pnp.simulate.feel_report import shown
from pnp.simulate.page_parts import _grid

#: what each row means, in the page's notes
MEANINGS = (
    "The leader after a turn is the one player whose score (the game's own: points, "
    "or how near a Hero is to a win) is strictly above every other's; when two or more "
    "share the top there is no leader. A lead change is a turn after which a leader is "
    "not the last leader before it.",
    "Drama (Browne 2008; Ludii's Drama): the share of turns after which the eventual "
    "sole winner's score was below the best, of the games with a sole winner.",
    "Decided after: the share of the game after which the leader (or the tie) is the "
    "final one and never changes again: low when one player leads from the start, 100% "
    "when the lead changes on the last turn.",
    "Single draw: one game in {every} (by seed) is copied as it stood one round before "
    "its last turn, the cards hidden from one player are dealt anew and the copy is "
    "played out by the same players: the share in which someone else wins.",
    "Decisions per turn: answers asked of a player that had two or more legal answers "
    "(as the game lists them), per player's turn, and the legal answers each offered.",
)


def feel_page(summary: dict, styles: dict) -> list:
    """The page's story: a heading, the table and the notes; [] for a run whose games
    recorded no feel (a model that does not keep one)."""
    counts = summary["by_players"]
    if not counts or all(r["value"] is None for c in counts for r in c["feel"]):
        return []
    rows = [["Measure", *(f"{c['players']} players" for c in counts)]]
    for k, measure in enumerate(counts[0]["feel"]):
        rows.append([measure["label"], *(shown(c["feel"][k]) for c in counts)])
    rows.append(["Estimated minutes, median", *(_or_na(c["minutes_median"]) for c in counts)])
    rows.append(["Seat spread, points (best seat less worst)", *(_spread(c) for c in counts)])
    first = 46 * mm
    rest = (A4[0] - 2 * MARGIN_PT - first) / len(counts)
    model = summary["time_model"]
    story = [
        PageBreak(),
        Paragraph("How the games feel", styles["h1"]),
        Paragraph(
            escape(
                "Per player count, each figure with its 95% interval over games (the "
                "delta method; the seat spread's is the interval of the two seats' "
                "difference, paired game by game)."
            ),
            styles["body"],
        ),
        Spacer(1, 3 * mm),
        _grid(rows, [first] + [rest] * len(counts), styles),
        Spacer(1, 3 * mm),
    ]
    story += [
        Paragraph(escape(text.format(every=model["single_draw_every"])), styles["note"])
        for text in MEANINGS
    ]
    story.append(
        Paragraph(
            escape(
                f"Time model: {model['action']} s for every answer a player "
                f"gives, {model['card']} s for every card drawn from a "
                f"face-down pile and {model['turn']} s for every turn "
                "(handing on, the score keeper, refilling rows); setup is not counted. "
                "Minutes are of the games not stopped at the turn cap."
            ),
            styles["note"],
        )
    )
    return story


def _or_na(value) -> str:
    return "n/a" if value is None else str(value)


def _spread(count: dict) -> str:
    """ "11.5 [2.0-21.0], seat 1 over 3" (points), or "n/a"."""
    spread = count["seat_spread"]
    if spread["value"] is None:
        return "n/a"
    low, high = spread["interval"]
    return (
        f"{100 * spread['value']:.1f} [{100 * low:.1f}-{100 * high:.1f}], "
        f"seat {spread['best_seat']} over {spread['worst_seat']}"
    )
