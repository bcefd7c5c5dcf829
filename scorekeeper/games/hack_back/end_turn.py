"""Hack Back's end-of-turn checks, in the rules' order, and who wins or leads: pure
functions over the immutable State (state.py). Source: shared/rules/hack-back.txt,
"After both actions fully resolve"."""

from __future__ import annotations

from pnp.core.shown import plural, singular
from scorekeeper.games.hack_back.state import ELIMINATE_AT, WIN_AT, Hero, State
from scorekeeper.outcome import Outcome, Termination
from scorekeeper.view import number


def _hero_text(h: Hero) -> str:
    """ "#3 Rootkit (Ana)": a Hero and its controller in an end-of-turn line."""
    return f"#{h.uid} {h.name} ({h.owner})"


def end_of_turn(state: State) -> State:
    """The four checks, in the rules' order, after both actions (rules, "After both
    actions fully resolve"): discard Heroes at 40+, eliminate players with no Hero, the
    lowest Hero at 0 or lower wins (opposing players sharing it tie), the last player
    wins; nobody left means everyone loses. Then the next surviving player's turn."""
    lines = [f"End of {state.players[state.current]}'s turn {state.turn}:"]
    state = state._replace(played=state.played + 1)
    before = state.in_play()
    gone = [h for h in before if h.vc >= ELIMINATE_AT]
    heroes = tuple(h._replace(in_play=False) if h in gone else h for h in state.heroes)
    state = state._replace(heroes=heroes)
    lines.append(
        "1. Heroes at 40 VC or more are discarded: "
        + (", ".join(f"#{h.uid} {h.name} ({h.owner}, {number(h.vc)} VC)" for h in gone) or "none")
        + "."
    )
    newly_out = [p for p in state.alive() if not state.in_play(p)]
    state = state._replace(out=state.out + tuple(newly_out))
    lines.append(
        "2. Players with no Hero left are eliminated: " + (", ".join(newly_out) or "none") + "."
    )
    low = [h for h in state.in_play() if h.vc <= WIN_AT]
    if low:
        best = min(h.vc for h in low)
        owners = tuple(dict.fromkeys(h.owner for h in low if h.vc == best))
        who = ", ".join(f"{_hero_text(h)} at {number(h.vc)}" for h in low if h.vc == best)
        if len(low) > 1:  # the comparison is the point: every Hero at 0 or lower
            every = ", ".join(
                f"{_hero_text(h)} at {number(h.vc)}"
                for h in sorted(low, key=lambda h: (h.vc, h.uid))
            )
            lowest = [h for h in low if h.vc == best]
            head = (
                f"3. Heroes at 0 VC or lower: {every}; the lowest is {who}"
                if len(lowest) < len(low)
                else f"3. Heroes at 0 VC or lower: {every}, all at the lowest, {number(best)}"
            )
        else:
            head = f"3. Lowest Hero at 0 VC or lower: {who}"
        if len(owners) == 1:
            lines.append(f"{head}. {owners[0]} wins.")
            return _finish(
                state,
                Termination.WIN_CONDITION,
                owners,
                "lowest Hero at 0 VC or lower",
                tuple(lines),
            )
        lines.append(f"{head} — opposing players share it: a tie.")
        return _finish(
            state,
            Termination.WIN_CONDITION,
            owners,
            "tie on the lowest Hero",
            tuple(lines),
            tie=True,
        )
    lines.append("3. No surviving Hero is at 0 VC or lower.")
    alive = state.alive()
    if len(alive) == 1:
        lines.append(f"4. {alive[0]} is the only player left and wins.")
        return _finish(
            state, Termination.LAST_PLAYER, (alive[0],), "last player standing", tuple(lines)
        )
    if not alive and state.lowest_before_discards and before:
        return _lowest_before(state, before, lines)
    if not alive:
        lines.append("4. No player is left: everyone loses.")
        return _finish(state, Termination.NO_PLAYERS, (), "everyone loses", tuple(lines))
    remain = "remains" if singular(len(alive)) else "remain"
    lines.append(f"4. {plural(len(alive), 'player')} {remain}; play goes on.")
    n = len(state.players)
    nxt = next(
        i % n
        for i in range(state.current + 1, state.current + n + 1)
        if state.players[i % n] in alive
    )
    return state._replace(current=nxt, turn=state.turn + 1, checks=tuple(lines))


def _lowest_before(state: State, before: list[Hero], lines: list[str]) -> State:
    """The rule suggestion's ending (State.lowest_before_discards): no player is left,
    so the controller of the lowest Hero before the discards wins (opposing players
    sharing it tie)."""
    best = min(h.vc for h in before)
    owners = tuple(dict.fromkeys(h.owner for h in before if h.vc == best))
    who = ", ".join(f"{_hero_text(h)} at {number(h.vc)}" for h in before if h.vc == best)
    lines.append(f"4. No player is left; the lowest Hero before the discards was {who}.")
    reason = "lowest Hero before the discards"
    if len(owners) == 1:
        lines[-1] += f" {owners[0]} wins."
        return _finish(state, Termination.WIN_CONDITION, owners, reason, tuple(lines))
    lines[-1] += " Opposing players share it: a tie."
    return _finish(state, Termination.WIN_CONDITION, owners, reason, tuple(lines), tie=True)


def _finish(
    state: State,
    termination: Termination,
    winners: tuple[str, ...],
    reason: str,
    lines: tuple[str, ...],
    tie: bool = False,
) -> State:
    return state._replace(
        phase="over", result=Outcome(termination, winners, reason, lines, tie), checks=lines
    )


def outcome(state: State) -> Outcome | None:
    """The result once the game is over, else None. Its termination says which check
    ended it (rules, "After both actions fully resolve" and the opening): WIN_CONDITION
    for the lowest Hero at 0 VC or lower (a tie when opposing players share it),
    LAST_PLAYER for the only player left, NO_PLAYERS when nobody is left."""
    return state.result


def standing(state: State) -> Outcome:
    """Who is closest to winning now: the controller(s) of the lowest Hero in play
    (termination None while the game goes on)."""
    if state.result:
        return state.result
    heroes = state.in_play()
    if not heroes:
        return Outcome(None, (), "no Heroes in play yet", ())
    best = min(h.vc for h in heroes)
    owners = tuple(dict.fromkeys(h.owner for h in heroes if h.vc == best))
    return Outcome(None, owners, f"lowest Hero at {number(best)} VC", ())
