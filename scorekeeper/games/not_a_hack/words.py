"""Not a Hack's words for the table: one line for each recorded event (`describe`) and
what the rules did by themselves between two states (`notes`). Part of rules.py, which
names them. Source: shared/rules/not-a-hack.txt."""

from __future__ import annotations

from pnp.core.shown import plural, singular
from scorekeeper.games.not_a_hack.state import State
from scorekeeper.view import counted, number


def describe(event: dict) -> str:
    """One line for the history: what was recorded."""
    kind = event["type"]
    if kind == "hack":
        n = event["cards"]
        return (
            f"{event['drawer']} drew a hack and chose {event['winner']}'s "
            f"({plural(n, 'card')}, {plural(n, 'point')})"
        )
    if kind in ("negative", "positive"):
        what = (
            event.get("name")
            or ("a negative" if kind == "negative" else "a positive") + " action card"
        )
        sign = "+" if event["points"] > 0 else ""
        return f"{event['player']}: {what}, {sign}{number(event['points'])}"
    if kind == "banned":
        return f"{event['player']} drew a Banned card"
    if kind == "new_account":
        return f"{event['player']} drew a New Account card"
    if kind == "used_up":
        return "The white cards are used up: no hack can ever be completed again"
    if kind == "steal":
        size = f"{event['cards']}-card " if event.get("cards") else ""
        return f"{event['player']} stole {event['from']}'s {size}winning hack"
    ballot = event.get("votes", {})
    votes = ", ".join(f"{v} → {f}" for v, f in ballot.items())
    tally = {f: list(ballot.values()).count(f) for f in ballot.values()}
    top = [f for f, n in tally.items() if n == max(tally.values(), default=0)]
    cards = plural(event["cards"], "white card")
    won = (
        f"{top[0]}'s hack of {cards} wins the vote"
        if len(top) == 1
        else "the vote is split"
        if top
        else "no votes"
    )
    return f"votes {votes or 'none'}: {won}"


def notes(before: State, after: State) -> list[str]:
    """What the rules did by themselves, each note saying what happened: a ban countered
    by a New Account card, a ban let stand by a player holding one, bans, the hack-off
    starting, split votes and tied totals repeating it, and the end."""
    out = []
    for b, a in zip(before.players, after.players):
        if a.countered > b.countered:
            out.append(f"{a.name}'s New Account card counters the ban (both discarded)")
        if a.banned and not b.banned:
            if b.accounts:
                out.append(
                    f"{a.name} holds {plural(b.accounts, 'New Account card')} but "
                    "lets the ban stand"
                )
            are = "is" if singular(a.total) else "are"
            out.append(f"{a.name} is banned: their {counted(a.total, 'point')} {are} final")
    if before.phase == "play" and after.phase == "hack-off":
        out.append(
            "two unbanned players remain: "
            + " and ".join(after.unbanned())
            + " play the final hack-off; banned players vote"
        )
    if after.hack_offs > before.hack_offs and after.phase == "hack-off":
        totals = [p.total for p in after.players]
        won = [
            (a.name, a.hacks[-1])
            for b, a in zip(before.players, after.players)
            if a.hacks != b.hacks
        ]
        if sum(1 for t in totals if t == max(totals)) > 1 and won:
            tied = [p.name for p in after.players if p.total == max(totals)]
            name, cards = won[0]
            out.append(
                f"{name}'s winning hack scores {counted(cards, 'point')}, and the "
                f"highest total ({number(max(totals))}) is tied between "
                f"{' and '.join(tied)}: repeat the hack-off with a new hack card"
            )
        else:
            out.append(
                f"the vote is split (split vote {after.splits} of this game): no hack wins, "
                "and the rules give no way out of a split vote; the rulebook's house rule: "
                "draw a new hack card, both finalists play again, and the banned players "
                "vote again until one hack has more votes (rulebook, Clarifications: “What "
                "if the banned players' vote is split evenly?”)"
            )
    if after.result and not before.result:
        out += list(after.result.explanation)
    return out
