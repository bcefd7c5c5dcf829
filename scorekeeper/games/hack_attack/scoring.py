"""Hack Attack: Defense's score of a finished table: points on Protected Tech less one a
User Error kept, the highest total wins, fewest Protected Tech breaks a tie, else a
shared win. Pure; part of rules.py, which names it. Source:
shared/rules/hack-attack-defense.txt ("Add up the points", "Highest total wins")."""

from __future__ import annotations

from typing import Sequence

from pnp.core.shown import plural
from scorekeeper.outcome import Outcome, Termination
from scorekeeper.view import number


def score(table: Sequence[tuple[str, Sequence[int], int]]) -> Outcome:
    """Score a finished table of (name, Protected Tech points, User Errors kept): highest
    total wins; tie-breaker, fewest Protected Tech; still tied, a shared win. The
    Outcome's termination is SCORED (rules: "Add up the points", "Subtract 1 point",
    "Highest total wins")."""
    lines = [
        "Each player scores the points on their Protected Tech, minus 1 per User Error "
        "(unprotected Tech scores nothing)."
    ]
    totals = {}
    for name, points, errors in table:
        totals[name] = sum(points) - errors
        sums = " + ".join(str(p) for p in points) or "no Protected Tech"
        lines.append(
            f"  {name}: {sums} = {sum(points)}, minus "
            f"{plural(errors, 'User Error')} = {number(totals[name])}"
        )
    best = max(totals.values())
    leaders = [name for name, _, _ in table if totals[name] == best]
    if len(leaders) == 1:
        lines.append(f"Highest total: {leaders[0]} with {number(best)}.")
        return Outcome(Termination.SCORED, (leaders[0],), "highest total", tuple(lines))
    count = {name: len(points) for name, points, _ in table}
    lines.append(
        f"Tied on {number(best)}: {_and(leaders)}. Tie-breaker: fewest Protected Tech — "
        + ", ".join(f"{n} {count[n]}" for n in leaders)
        + "."
    )
    fewest = min(count[n] for n in leaders)
    winners = [n for n in leaders if count[n] == fewest]
    if len(winners) == 1:
        lines.append(f"{winners[0]} wins the tie-breaker with {fewest} Protected Tech.")
        return Outcome(
            Termination.SCORED, (winners[0],), "tie-breaker: fewest Protected Tech", tuple(lines)
        )
    lines.append(f"Still tied with {fewest} Protected Tech each: {_and(winners)} share the win.")
    return Outcome(Termination.SCORED, tuple(winners), "shared win", tuple(lines))


def _and(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
