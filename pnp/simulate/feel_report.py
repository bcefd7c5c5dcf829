"""How a game feels (pnp.simulate.feel) in a run's summary: per player count each
measure with its 95 % interval (the delta method over games, pnp.simulate.paired),
the estimated minutes' median, and the seat spread (the best seat's sole wins less
the worst's) with its own interval; and the same in the terminal's words. Nothing here
names a game.
"""

from __future__ import annotations

import math

from pnp.simulate.feel import (
    MEASURES,
    MINUTES,
    SECONDS_PER_ACTION,
    SECONDS_PER_CARD,
    SECONDS_PER_TURN,
    SINGLE_DRAW_EVERY,
)
from pnp.simulate.paired import Z95, interval
from pnp.simulate.run import Tally

DIGITS = 4


def _r(x: float) -> float:
    return round(x, DIGITS)


def time_model() -> dict:
    """The time model's constants (pnp.simulate.feel) as the summary states them: the
    estimate's units (in s) for an answer, a card drawn and a turn, and how many games
    a single-draw re-deal samples one of. (No key says "seconds": the summary holds no
    timings.)"""
    return {
        "action": SECONDS_PER_ACTION,
        "card": SECONDS_PER_CARD,
        "turn": SECONDS_PER_TURN,
        "single_draw_every": SINGLE_DRAW_EVERY,
    }


def median_minutes(tally: Tally) -> int | None:
    """The median of the games' estimated whole minutes (of the games not capped), or
    None."""
    ordered = sorted((int(m), n) for m, n in tally.facts.get(MINUTES, {}).items())
    total, running = sum(n for _, n in ordered), 0
    for minutes, n in ordered:
        running += n
        if 2 * running >= total:
            return minutes
    return None


def feel_summary(tally: Tally) -> list[dict]:
    """One row per measure of pnp.simulate.feel.MEASURES: {"key", "label", "kind",
    "value", "interval", "out_of"} (value None, interval None, out_of 0 when no game
    reached it; "out_of" is Σ of the measure's out-of over games)."""
    rows = []
    for key, (label, kind) in MEASURES.items():
        moments = tally.moments.get(("feel", key))
        rate = moments.rate() if moments else None
        bounds = interval(moments, tally.games) if moments and rate is not None else None
        rows.append(
            {
                "key": key,
                "label": label,
                "kind": kind,
                "value": None if rate is None else _r(float(rate)),
                "interval": [_r(bounds[0]), _r(bounds[1])] if bounds else None,
                "out_of": moments.o if moments else 0,
            }
        )
    return rows


def seat_spread(tally: Tally, z: float = Z95) -> dict:
    """The best seat's share of sole wins less the worst's, 0..1, with the 95 % interval
    of that difference paired game by game (pnp.simulate.paired's delta method: per
    game u = 1 if the best seat won alone, -1 if the worst did, else 0; the two seats
    are the ones this run found best and worst, so a run of even seats still shows a
    spread above 0; the interval is clipped at 0). None values with fewer than two
    games."""
    games, wins = tally.games, tally.seat_wins
    if games < 2 or not wins:
        return {"value": None, "interval": None, "best_seat": None, "worst_seat": None}
    best = max(range(len(wins)), key=lambda s: (wins[s], -s))
    worst = min(range(len(wins)), key=lambda s: (wins[s], s))
    pb, pw = wins[best] / games, wins[worst] / games
    d = pb - pw
    half = z * math.sqrt(max(0.0, pb + pw - d * d) / (games - 1))
    return {
        "value": _r(d),
        "interval": [_r(max(0.0, d - half)), _r(min(1.0, d + half))],
        "best_seat": best + 1,
        "worst_seat": worst + 1,
    }


def shown(row: dict) -> str:
    """A measure's value with its interval: "12.5% [9.1-16.8]" or "1.25 [1.02-1.48]"."""
    value, bounds = row["value"], row["interval"]
    if value is None:
        return "n/a"
    if row["kind"] == "share":
        text = f"{100 * value:.1f}%"
        return text + (f" [{100 * bounds[0]:.1f}-{100 * bounds[1]:.1f}]" if bounds else "")
    places = 1 if row["key"] == "minutes" else 2
    return f"{value:.{places}f}" + (
        f" [{bounds[0]:.{places}f}-{bounds[1]:.{places}f}]" if bounds else ""
    )


def spread_text(spread: dict) -> str:
    """The seat spread in points with its interval ("12.3 points [8.1-16.5], seat 1
    best, seat 4 worst"), or "n/a"."""
    if spread["value"] is None:
        return "n/a"
    low, high = spread["interval"]
    return (
        f"{100 * spread['value']:.1f} points [{100 * low:.1f}-{100 * high:.1f}], "
        f"seat {spread['best_seat']} best, seat {spread['worst_seat']} worst"
    )


def feel_lines(count: dict) -> list[str]:
    """The terminal's lines for one player count's feel and seat spread."""
    rows = {r["key"]: r for r in count["feel"]}
    if all(r["value"] is None for r in rows.values()):
        return [f"  seat spread: {spread_text(count['seat_spread'])}"]
    median = count["minutes_median"]
    return [
        f"  seat spread: {spread_text(count['seat_spread'])}",
        "  how it feels (95% interval): lead changes "
        f"{shown(rows['lead changes'])} a game; drama {shown(rows['drama'])}; "
        f"decided after {shown(rows['decisiveness'])} of the game; single draw "
        f"{shown(rows['single draw'])} of the games re-dealt",
        f"  decisions {shown(rows['decisions'])} a turn, each of "
        f"{shown(rows['choices'])} legal answers; turns per player "
        f"{shown(rows['turns per player'])}; estimated minutes "
        f"{shown(rows['minutes'])}, median " + ("n/a" if median is None else str(median)),
    ]
