"""Plain-text views of the table for a terminal: short lines, readable at a glance.
Styling goes through click.style, so NO_COLOR and pipes get plain text."""

from __future__ import annotations

import click

from scorekeeper.outcome import Outcome


def status_lines(game_id: int, name: str, status: dict) -> list[str]:
    """The status table: whose turn, each player's numbers, who leads, the final round."""
    if status["over"]:
        head = f"{name} — game {game_id}: over after turn {status['turn']}"
    else:
        head = f"{name} — game {game_id}, turn {status['turn']}: " + \
            click.style(f"{status['current']}'s turn", bold=True)
    width = max(6, *(len(p["name"]) for p in status["players"]))
    lines = [head, f"  {'Player':<{width}}  Tech  Points  User Errors  Total"]
    for p in status["players"]:
        mark = click.style("▶", fg="cyan") if p["name"] == status["current"] else " "
        row = (f"{mark} {p['name']:<{width}}  {p['protected']:>4}  {p['points']:>6}  "
               f"{p['user_errors']:>11}  {p['total']:>5}")
        lines.append(click.style(row, bold=True) if p["name"] in status["leaders"] else row)
    lines.append(lead_line(status))
    if status["final_round"] and not status["over"]:
        left = status["last_turns_remaining"]
        lines.append(click.style(f"Final round (started by {status['final_round_started_by']}): "
                                 f"last turns left — {', '.join(left) if left else 'none'}",
                                 fg="yellow"))
    return lines


def lead_line(status: dict) -> str:
    """Who leads (or won) and on which rule, and what ends the game."""
    leaders, reason = status["leaders"], status["lead_reason"]
    best = max(p["total"] for p in status["players"])
    names = " and ".join([", ".join(leaders[:-1]), leaders[-1]] if len(leaders) > 1 else leaders)
    verb = ("won" if status["over"] else "leads") if len(leaders) == 1 else \
        ("share the win" if status["over"] else "share the lead")
    why = {"highest total": f"with {best}",
           "tie-breaker: fewest Protected Tech": f"with {best}, on fewer Protected Tech",
           "shared win": f"with {best}"}.get(reason, "")
    end = "" if status["over"] or status["final_round"] else \
        f" {status['target']} Protected Tech start the final round."
    return f"{names} {verb} {why}.{end}"


def outcome_lines(outcome: Outcome, explain: bool, final: bool = True) -> list[str]:
    """The result: the winner(s) and the deciding rule (the leader(s), before the end);
    every step when `explain`."""
    if not outcome.winners:
        head = "Everyone loses"
    elif len(outcome.winners) == 1:
        head = f"{'Winner' if final else 'Leading'}: {outcome.winners[0]}"
    else:
        head = f"{'Shared win' if final else 'Sharing the lead'}: " + ", ".join(outcome.winners)
    shown = outcome.reason != "shared win" and bool(outcome.winners)
    lines = [click.style(head, bold=True) + (f" ({outcome.reason})" if shown else "")]
    if explain:
        lines += list(outcome.explanation)
    return lines


def hack_back_status_lines(game_id: int, name: str, status: dict) -> list[str]:
    """Hack Back: the phase or whose turn and action, every Hero in play with its VC,
    who is out, and who stands closest to winning."""
    if status["phase"] == "opening":
        head = (f"{name} — game {game_id}: opening — waiting for "
                + ", ".join(status["waiting_for"]) + " to reveal a Hero")
    elif status["over"]:
        head = f"{name} — game {game_id}: over after turn {status['turn']}"
    else:
        head = f"{name} — game {game_id}, turn {status['turn']}: " + click.style(
            f"{status['current']}'s turn, action {status['action']} of 2", bold=True)
    lines = [head]
    if status["heroes"]:
        width = max(4, *(len(h["name"]) for h in status["heroes"]))
        owners = max(5, *(len(h["owner"]) for h in status["heroes"]))
        lines.append(f"  {'#':>3}  {'Hero':<{width}}  {'Owner':<{owners}}  Printed   VC")
        for h in status["heroes"]:
            row = (f"  {h['hero']:>3}  {h['name']:<{width}}  {h['owner']:<{owners}}  "
                   f"{h['printed']:>7}  {h['vc']:>3}")
            lines.append(click.style(row, bold=True) if h["vc"] <= 0 else row)
    if status["eliminated"]:
        lines.append("Out: " + ", ".join(status["eliminated"]))
    if status["result"]:
        winners = status["result"]["winners"]
        if not winners:
            lines.append("Everyone loses.")
        else:
            lines.append(("Winner: " if len(winners) == 1 else "Tie: ") + ", ".join(winners)
                         + f" ({status['result']['reason']}).")
    elif status["leaders"] and status["phase"] == "play":
        lines.append(f"Closest to winning: {', '.join(status['leaders'])} "
                     f"({status['lead_reason']}).")
    return lines


def not_a_hack_status_lines(game_id: int, name: str, status: dict) -> list[str]:
    """Not a Hack: who draws next (or the hack-off), each player's points, bans, accounts."""
    if status["over"]:
        head = f"{name} — game {game_id}: over"
    elif status["phase"] == "hack-off":
        head = f"{name} — game {game_id}: " + click.style(
            "final hack-off: " + " vs ".join(status["finalists"]), bold=True)
    else:
        head = f"{name} — game {game_id}, round {status['round']}: " + click.style(
            f"{status['drawer']} draws the black card", bold=True)
    width = max(6, *(len(p["name"]) for p in status["players"]))
    lines = [head, f"  {'Player':<{width}}  Hacks (cards)  Actions  Total  Accounts"]
    for p in status["players"]:
        flag = "  banned" if p["banned"] else ""
        won = f"{len(p['hacks'])} ({sum(p['hacks'])})"
        row = (f"  {p['name']:<{width}}  {won:>13}  {sum(p['actions']):>7}  "
               f"{p['total']:>5}  {p['new_accounts']:>8}{flag}")
        lines.append(click.style(row, bold=True) if p["name"] in status["leaders"] else row)
    if status["result"]:
        lines.append(f"Winner: {', '.join(status['result']['winners'])}.")
    else:
        lines.append(f"Leading: {', '.join(status['leaders'])} ({status['lead_reason']}).")
    return lines
