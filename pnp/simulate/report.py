"""The figures of a simulation run, worked out once from the tallies (pnp.simulate.run)
and the game's own figure list: a JSON-ready summary, and the plain words the terminal
shows. The summary holds no timings, so a seed always gives the same summary; the charts
(pnp.simulate.charts) draw from it too. Nothing here names a game.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from types import ModuleType

from pnp.core.shown import plural
from pnp.simulate.feel_report import (
    feel_lines,
    feel_summary,
    median_minutes,
    seat_spread,
    time_model,
)
from pnp.simulate.paired import Z95, interval
from pnp.simulate.result import Figure
from pnp.simulate.run import Arm, Job, Tally

DIGITS = 4  # rates and means in the summary are rounded to this many places
#: a rate out of fewer than this many is kept in the JSON but not ranked or charted:
#: 1 of 1 is no 100 %
FEWEST = 20


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (lower, upper, each 0..1); (0, 1) for
    no trials. Stays inside 0..1 and is sound near 0 and 1, where the normal
    approximation is not."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def _r(x: float) -> float:
    return round(x, DIGITS)


def rate(count: int, out_of: int) -> float | None:
    """count / out_of rounded to DIGITS, or None when out_of is 0."""
    return _r(count / out_of) if out_of else None


def _interval(tally: Tally, key: tuple) -> list[float] | None:
    """The 95 % interval (delta method over games, pnp.simulate.paired) of the measure
    `key`, rounded, or None when the games never reached it."""
    moments = tally.moments.get(key)
    bounds = interval(moments, tally.games) if moments else None
    return [_r(bounds[0]), _r(bounds[1])] if bounds else None


def _wilson(count: int, out_of: int) -> list[float]:
    low, high = wilson(count, out_of)
    return [_r(low), _r(high)]


def lengths(tally: Tally) -> dict:
    """Game length of the games not capped: mean (with its 95 % interval), median,
    shortest, longest and the histogram (turns -> games, keys as strings, ascending);
    every figure None and the histogram empty when every game was capped."""
    ordered = sorted(tally.lengths.items())
    total = sum(n for _, n in ordered)
    running, median = 0, 0
    for turns, n in ordered:
        running += n
        if 2 * running >= total:
            median = turns
            break
    if not total:
        return {
            "mean": None,
            "interval": None,
            "median": None,
            "shortest": None,
            "longest": None,
            "histogram": {},
        }
    return {
        "mean": _r(sum(t * n for t, n in ordered) / total),
        "interval": _interval(tally, ("length",)),
        "median": median,
        "shortest": ordered[0][0],
        "longest": ordered[-1][0],
        "histogram": {str(t): n for t, n in ordered},
    }


def _group(tally: Tally, name: str | None) -> Mapping[str, int]:
    """The facts group `name` of `tally`: {} if it never counted, or no group is named."""
    return tally.facts.get(name, {}) if name is not None else {}


def timeline_values(figure: Figure, tally: Tally) -> list[dict]:
    """A timeline figure's rows, one per key of `figure.labels`: {"key", "label",
    "points"}, each point [t, mean at t over the games still running, those games]."""
    counts = _group(tally, figure.count)
    running = sorted((int(t), n) for t, n in _group(tally, figure.out_of).items())
    return [
        {
            "key": key,
            "label": label,
            "points": [[t, _r(counts.get(f"{key}@{t}", 0) / n), n] for t, n in running],
        }
        for key, label in figure.labels.items()
    ]


def figure_values(figure: Figure, tally: Tally) -> list[dict]:
    """One row per key of `figure.labels`: {"key", "label", "count", "out_of", "value",
    "interval"}. A rate's value is count / out_of (None when out_of is 0); a per-game
    figure's is count / games; the interval is the value's 95 % interval over games
    (pnp.simulate.paired; for a rate, widened to at least the Wilson interval of its
    counts, so a rate near 0 or 100 % keeps its uncertainty), None with no value. A
    timeline's rows are `timeline_values`."""
    if figure.kind == "timeline":
        return timeline_values(figure, tally)
    counts = _group(tally, figure.count)
    base = _group(tally, figure.out_of) if figure.kind == "rate" else None
    rows = []
    for key, label in figure.labels.items():
        count = counts.get(key, 0)
        out_of = base.get(key, 0) if base is not None else tally.games
        value = rate(count, out_of)
        bounds = None if value is None else _interval(tally, (figure.title, key))
        if bounds and figure.kind == "rate":  # near 0 or 1: at least Wilson's
            low, high = _wilson(count, out_of)
            bounds = [min(bounds[0], low), min(1.0, max(bounds[1], high))]
        rows.append(
            {
                "key": key,
                "label": label,
                "count": count,
                "out_of": out_of,
                "value": value,
                "interval": bounds,
            }
        )
    return rows


def count_summary(
    job: Job, arm: Arm, module: ModuleType, figures: list[Figure], tally: Tally
) -> dict:
    """One player count of one arm: the games, game length (of the games not capped),
    each seat's sole wins with a 95 % Wilson interval and the even share (games with a
    sole winner / players), each strategy's sole wins per seat it played, games without
    a sole winner, ties, turn-cap draws, games over within the first round, how games
    ended (the module's ENDINGS), each with its interval, each of the game's
    figures, the seat spread and how the games felt (pnp.simulate.feel_report), each
    with its interval, and the estimated minutes' median."""
    n, games = tally.players, tally.games
    seats = [
        {
            "seat": seat + 1,
            "wins": wins,
            "rate": rate(wins, games),
            "interval": _wilson(wins, games),
        }
        for seat, wins in enumerate(tally.seat_wins)
    ]
    strategies = []
    own = getattr(module, "PER_PLAYER", {})
    for name in dict.fromkeys(job.seat_strategies(arm, n)):
        wins, played = tally.strategy_wins[name], tally.strategy_seats[name]
        strategies.append(
            {
                "strategy": name,
                "seats_played": played,
                "wins": wins,
                "rate": rate(wins, played),
                "interval": _wilson(wins, played),
                **(
                    {
                        "per_seat": {
                            key: rate(tally.strategy_facts[name, key], played) for key in own
                        }
                    }
                    if own
                    else {}
                ),
            }
        )
    sole = sum(tally.seat_wins)

    def share(count: int) -> dict:
        return {"rate": rate(count, games), "interval": _wilson(count, games)}

    return {
        "players": n,
        "games": games,
        "length": lengths(tally),
        "seats": seats,
        "even_share": rate(sole, games * n),
        "strategies": strategies,
        "no_sole_winner": games - sole,
        "no_sole_winner_rate": rate(games - sole, games),
        "no_sole_winner_interval": _wilson(games - sole, games),
        "ties": tally.ties,
        "tie_rate": rate(tally.ties, games),
        "tie_interval": _wilson(tally.ties, games),
        "capped": tally.capped,
        "capped_rate": rate(tally.capped, games),
        "capped_interval": _wilson(tally.capped, games),
        "first_round": tally.first_round,
        "first_round_rate": rate(tally.first_round, games),
        "first_round_interval": _wilson(tally.first_round, games),
        "endings": [
            {
                "key": key,
                "label": label,
                "games": tally.endings.get(key, 0),
                **share(tally.endings.get(key, 0)),
            }
            for key, label in module.ENDINGS.items()
        ],
        "figures": [
            {"title": f.title, "kind": f.kind, "values": figure_values(f, tally)} for f in figures
        ],
        "seat_spread": seat_spread(tally),
        "feel": feel_summary(tally),
        "minutes_median": median_minutes(tally),
    }


def summarise(
    job: Job,
    module: ModuleType,
    figures: list[Figure],
    tallies: dict[int, Tally],
    arm: Arm | None = None,
) -> dict:
    """The JSON-ready summary of a run's first arm (or `arm`): the job (its setup and
    the model's readings where the rules are silent included, and the time model of its
    estimated minutes), then per player count `count_summary`."""
    arm = arm or job.arms[0]
    return {
        "game": job.game,
        "seed": job.seed,
        "games": job.games,
        "strategies": list(arm.strategies),
        "turn_cap": job.cap,
        "turn_word": module.TURN_WORD,
        "deck_format": job.setup.deck_format or next(iter(module.DECK_FORMATS), None),
        "search_iterations": job.setup.iterations,
        "searches": job.searches,
        "rotate": job.rotate,
        "readings": [
            {"reading": r.text, "clarification": r.clarification}
            for r in getattr(module, "READINGS", ())
        ],
        "per_player": dict(getattr(module, "PER_PLAYER", {})),
        "time_model": time_model(),
        "by_players": [count_summary(job, arm, module, figures, tallies[n]) for n in job.players],
    }


def percent(x: float | None) -> str:
    """A 0..1 rate as a percentage with one decimal ("12.5%"), or "n/a"."""
    return "n/a" if x is None else f"{100 * x:.1f}%"


def text_lines(summary: dict, figures: list[Figure]) -> list[str]:
    """The terminal summary: per player count the length, wins by seat (and by strategy,
    when the seats play more than one) with intervals, games without a sole winner,
    endings, the seat spread and how the games felt, and each figure's highest and
    lowest rows."""
    word = summary["turn_word"]
    lines = []
    for count in summary["by_players"]:
        length = count["length"]
        lines.append(f"{count['players']} players, {plural(count['games'], 'game')}:")
        if length["histogram"]:
            lines.append(
                f"  length: mean {length['mean']:.1f} {word} (median "
                f"{length['median']}, {length['shortest']}-{length['longest']}), "
                "of the games not capped"
            )
        else:
            lines.append("  length: every game reached the turn cap")
        lines.append(
            f"  wins by seat, seat 1 first (95% interval; an even share of the "
            f"games with a sole winner is {percent(count['even_share'])}):"
        )
        lines += [
            f"    seat {s['seat']}: {percent(s['rate'])} [{percent(s['interval'][0])}-"
            f"{percent(s['interval'][1])}]"
            for s in count["seats"]
        ]
        if len(count["strategies"]) > 1:
            lines.append(
                "  wins by strategy, per seat played: "
                + ", ".join(
                    f"{s['strategy']} {percent(s['rate'])} [{percent(s['interval'][0])}-"
                    f"{percent(s['interval'][1])}]"
                    for s in count["strategies"]
                )
            )
            labels = summary.get("per_player", {})
            lines += [
                f"    {s['strategy']}, a game's mean per seat: "
                + ", ".join(f"{labels[k]} {v:.2f}" for k, v in s["per_seat"].items())
                for s in count["strategies"]
                if labels and "per_seat" in s
            ]
        lines.append(
            f"  no sole winner {percent(count['no_sole_winner_rate'])} (ties "
            f"{percent(count['tie_rate'])}, turn-cap draws "
            f"{percent(count['capped_rate'])}); over within the first round "
            f"(each player's first turn) {percent(count['first_round_rate'])}"
        )
        ended = [f"{e['label']} {percent(e['rate'])}" for e in count["endings"] if e["games"]]
        lines.append("  endings: " + ", ".join(ended))
        lines += feel_lines(count)
        for figure, shown in zip(figures, count["figures"]):
            lines += _figure_lines(figure, shown["values"])
    return lines


def _timeline_lines(figure: Figure, rows: list[dict]) -> list[str]:
    """A timeline in a line: every series at the start, halfway and at the last clock
    that at least FEWEST games reached."""
    points = rows[0]["points"] if rows else []
    reached = [k for k, (_, _, games) in enumerate(points) if games >= FEWEST]
    if not reached:
        return [f"  {figure.title}: too few games to count (fewer than {FEWEST} at every point)"]
    picks = sorted({reached[0], reached[len(reached) // 2], reached[-1]})
    return [
        f"  {figure.title} (mean of the games still running): "
        + "; ".join(
            f"at {points[k][0]}: "
            + ", ".join(f"{r['label']} {r['points'][k][1]:.1f}" for r in rows)
            for k in picks
        )
    ]


def _figure_lines(figure: Figure, rows: list[dict]) -> list[str]:
    """A figure in a line or two: every row when there are few (a per-game figure's
    rows count different things, so up to 10 are all shown), else the three highest
    and three lowest, of the rates out of at least FEWEST. A rate says what it is out of
    ("50.0% of 40"); a timeline is `_timeline_lines`."""
    if figure.kind == "timeline":
        return _timeline_lines(figure, rows)
    known = [
        r
        for r in rows
        if r["value"] is not None and (figure.kind != "rate" or r["out_of"] >= FEWEST)
    ]
    shown = (
        (lambda r: f"{r['label']} {percent(r['value'])} of {r['out_of']:,}")
        if figure.kind == "rate"
        else (lambda r: f"{r['label']} {r['value']:.2f}")
    )
    unit = re.search(r"\(([^()]*)\)$", figure.value_title)
    title = f"  {figure.title}" + (f" ({unit[1]})" if unit else "")
    if not known:
        return [f"{title}: too few to count (no row out of {FEWEST} or more)"]
    if len(known) <= 6 or (figure.kind == "per game" and len(known) <= 10):
        return [f"{title}: " + ", ".join(shown(r) for r in known)]
    ranked = sorted(known, key=lambda r: (-r["value"], r["label"]))
    return [
        f"{title}:",
        "    highest: " + ", ".join(shown(r) for r in ranked[:3]),
        "    lowest: " + ", ".join(shown(r) for r in ranked[:-4:-1]),
    ]
