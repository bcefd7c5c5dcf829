"""Hack Back's opening: every player reveals one Hero together (a player with none is
out), the sole lowest printed VC goes first, and only the players tied on it set their
Heroes aside for good and reveal replacements; if nobody, or only one player, could
supply a Hero, the game ends there. Pure functions over the immutable State (state.py);
part of rules.py, which hands them the opening's events. `_next_uid` numbers every new
Hero, one a Victory Point places too. Source: shared/rules/hack-back.txt, "Reveal all
Heroes together" and "If the lowest printed VC is tied"."""

from __future__ import annotations

from scorekeeper.errors import RuleError
from scorekeeper.games.hack_back.end_turn import _finish
from scorekeeper.games.hack_back.state import RULE_OPENING, Hero, State
from scorekeeper.outcome import Termination


def _next_uid(state: State) -> int:
    return 1 + max((h.uid for h in state.heroes), default=0)


def _reveal(state: State, event: dict) -> State:
    player = event["player"]
    if player not in state.waiting:
        raise RuleError(RULE_OPENING, f"{player} has no opening Hero to reveal now")
    hero = Hero(
        _next_uid(state),
        player,
        event.get("name") or f"a {event['vc']}-VC Hero",
        event.get("card"),
        event["vc"],
        event["vc"],
    )
    state = state._replace(
        heroes=state.heroes + (hero,), waiting=tuple(p for p in state.waiting if p != player)
    )
    return _settle_opening(state)


def _no_hero(state: State, event: dict) -> State:
    player = event["player"]
    if player not in state.waiting:
        raise RuleError(RULE_OPENING, f"{player} is not asked for a Hero now")
    state = state._replace(
        out=state.out + (player,), waiting=tuple(p for p in state.waiting if p != player)
    )
    return _settle_opening(state)


def _settle_opening(state: State) -> State:
    """When nobody is waiting: the sole lowest printed VC starts; tied players replace."""
    if state.waiting:
        return state
    alive = state.alive()
    if not alive:
        return _finish(
            state,
            Termination.NO_PLAYERS,
            (),
            "everyone loses",
            ("Nobody could supply a Hero: everyone loses (rules, opening).",),
        )
    if len(alive) == 1:
        return _finish(
            state,
            Termination.LAST_PLAYER,
            (alive[0],),
            "last player standing",
            (f"Only {alive[0]} could supply a Hero and wins.",),
        )
    opening = {p: next(h for h in reversed(state.in_play(p))) for p in alive}
    low = min(h.printed for h in opening.values())
    tied = [p for p, h in opening.items() if h.printed == low]
    if len(tied) == 1:
        return state._replace(phase="play", current=state.players.index(tied[0]))
    aside = {opening[p].uid for p in tied}
    heroes = tuple(h._replace(in_play=False) if h.uid in aside else h for h in state.heroes)
    return state._replace(heroes=heroes, waiting=tuple(tied))
