"""`pnp simulate --skill-report`: the same seeds played by three tables — every seat
random, every seat the game's rule of thumb, every seat searching (pnp.simulate.search)
— and their figures side by side, so a designer sees which effects hold for good
players and which belong to one way of playing. Nothing here names a game.
"""

from __future__ import annotations

from types import ModuleType

from pnp.simulate.report import FEWEST, count_summary, percent
from pnp.simulate.result import Figure
from pnp.simulate.run import Job, Tally


def skill_summary(
    job: Job, module: ModuleType, figures: list[Figure], tallies: tuple[dict[int, Tally], ...]
) -> dict:
    """The JSON-ready skill report: the levels (each arm's label and strategy, weakest
    first) and, per player count, each level's whole summary (`count_summary`) and the
    side-by-side rows: each seat's win rate, the mean length, games without a sole
    winner, and each row of the game's headline figure (its first), one value and
    interval per level."""
    levels = [{"label": arm.label, "strategy": arm.strategies[0]} for arm in job.arms]
    counts = []
    for n in job.players:
        summaries = [
            count_summary(job, arm, module, figures, arm_tallies[n])
            for arm, arm_tallies in zip(job.arms, tallies)
        ]
        seats = [
            {
                "seat": s + 1,
                "levels": [
                    {"rate": c["seats"][s]["rate"], "interval": c["seats"][s]["interval"]}
                    for c in summaries
                ],
            }
            for s in range(n)
        ]
        headline = [
            {
                "key": row["key"],
                "label": row["label"],
                "levels": [
                    {
                        "value": c["figures"][0]["values"][k]["value"],
                        "interval": c["figures"][0]["values"][k]["interval"],
                        "out_of": c["figures"][0]["values"][k]["out_of"],
                    }
                    for c in summaries
                ],
            }
            for k, row in enumerate(summaries[0]["figures"][0]["values"])
        ]
        counts.append(
            {
                "players": n,
                "games": job.games,
                "seats": seats,
                "even_share": [c["even_share"] for c in summaries],
                "length": [
                    {"mean": c["length"]["mean"], "interval": c["length"]["interval"]}
                    for c in summaries
                ],
                "no_sole_winner": [c["no_sole_winner_rate"] for c in summaries],
                "headline": headline,
                "summaries": summaries,
            }
        )
    return {
        "levels": levels,
        "headline": figures[0].title,
        "kind": figures[0].kind,
        "by_players": counts,
    }


def _cell(value: float | None, interval: list | None, kind: str) -> str:
    """A rate as "12.5% [9.1%-16.8%]", a mean as "1.25 [1.02-1.48]" (or "n/a")."""
    if value is None:
        return "n/a"
    if kind != "rate":
        return f"{value:.2f}" + (f" [{interval[0]:.2f}-{interval[1]:.2f}]" if interval else "")
    return (
        f"{percent(value)} [{percent(interval[0])}-{percent(interval[1])}]"
        if interval
        else percent(value)
    )


def _mean(length: dict) -> str:
    """A level's mean length with its interval: "12.3 [11.9-12.8]"."""
    if length["mean"] is None:
        return "n/a"
    bounds = length["interval"]
    return f"{length['mean']:.1f}" + (f" [{bounds[0]:.1f}-{bounds[1]:.1f}]" if bounds else "")


def skill_lines(skill: dict) -> list[str]:
    """The terminal's skill report: per player count each seat's win rate and the mean
    length at each level, then the headline figure's rows with the widest spread
    between the levels (rates out of at least FEWEST at every level)."""
    names = " / ".join(level["label"] for level in skill["levels"])
    lines = [f"skill report: the same seeds played by {names} at every seat (95% intervals):"]
    for count in skill["by_players"]:
        lines.append(f"  {count['players']} players:")
        for seat in count["seats"]:
            lines.append(
                f"    seat {seat['seat']}: "
                + " / ".join(
                    _cell(level["rate"], level["interval"], "rate") for level in seat["levels"]
                )
            )
        lines.append("    mean length: " + " / ".join(_mean(x) for x in count["length"]))
        rows = [
            r
            for r in count["headline"]
            if all(
                lv["value"] is not None and (skill["kind"] != "rate" or lv["out_of"] >= FEWEST)
                for lv in r["levels"]
            )
        ]
        rows.sort(
            key=lambda r: (
                -(max(lv["value"] for lv in r["levels"]) - min(lv["value"] for lv in r["levels"]))
            )
        )
        lines.append(
            f"    {skill['headline']}, widest spread between the levels: "
            + (
                "; ".join(
                    f"{r['label']} "
                    + " / ".join(
                        _cell(lv["value"], lv["interval"], skill["kind"]) for lv in r["levels"]
                    )
                    for r in rows[:3]
                )
                or f"too few to count (no row out of {FEWEST} or more)"
            )
        )
    return lines
