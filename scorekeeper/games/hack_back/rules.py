"""Hack Back: the opening, two-action turns, targets, and the end-of-turn checks.
Pure functions over immutable state; no I/O. Source: shared/rules/hack-back.txt.
The table and the events' shapes are in state.py, the opening in opening.py, the
end-of-turn checks in end_turn.py and the lines that describe events (`describe`) in
words.py; all are part of these rules and are named here.

Events (JSON-ready dicts; effects are copied from the card data when recorded):
  {"type": "reveal", "player": P, "card": ID|None, "name": TEXT|None, "vc": N}   opening
  {"type": "no_hero", "player": P}                                              opening
  {"type": "draw", "player": P}
  {"type": "play", "player": P, "card": ID|None, "name": TEXT|None,
   "effects": [{"kind": K, "amount": N, "every": true?}], "targets": [HERO|None, ...]}
  {"type": "activate", "player": P, "hero": HERO, "effects": [...], "targets": [...],
   "place": [{"card": ID|None, "name": TEXT|None, "vc": N} | None, ...]}
HERO is a Hero's number (`uid`), shown by `status`. `targets` has one entry per effect
(None where it takes no target); `place` one per Victory Point (None = declined). An
effect with "every" reaches every Hero it may target when it resolves (its target is
None); a negative Attack amount lowers VC.
"""

from __future__ import annotations

from typing import Sequence

from pnp.core.shown import plural, singular
from scorekeeper.errors import InputError, RuleError, quoted
from scorekeeper.game import Automatic
from scorekeeper.games.hack_back.end_turn import _hero_text, end_of_turn, outcome, standing  # noqa: F401  (part of these rules)
from scorekeeper.games.hack_back.opening import _next_uid, _no_hero, _reveal
from scorekeeper.games.hack_back.state import (  # noqa: F401  (the rules' names)
    _EFFECT,
    _HERO,
    _ID,
    _NAME,
    _PLACED,
    ACTIVATION_COST,
    AMOUNTS,
    ELIMINATE_AT,
    EVENTS,
    GAME,
    NAME,
    PLAYERS,
    PRINTED_VC,
    RULE_ATTACK,
    RULE_DEFEND,
    RULE_DEFEND_ALLY,
    RULE_DEFEND_ALLY_PLAYED,
    RULE_EVERY,
    RULE_FRIENDLY,
    RULE_MANDATORY,
    RULE_NO_TARGET,
    RULE_OPENING,
    RULE_OUT,
    RULE_OVER,
    RULE_OWN_HERO,
    RULE_PLAYERS,
    RULE_TURN,
    RULE_TWO_ACTIONS,
    RULE_VP,
    STATE_TYPES,
    TARGETED,
    WIN_AT,
    Hero,
    State,
    takes_target,
)
from scorekeeper.games.hack_back.words import KEYWORDS, describe, keyword  # noqa: F401  (rules' words)
from scorekeeper.view import number


def initial(names: Sequence[str], variants: dict | None = None) -> State:
    """A new table; every player must reveal an opening Hero. RuleError outside 2–14.
    `variants`: the author's rules give none; {"lowest_before_discards": True} is a
    rule suggestion `pnp simulate --rule-variant` plays (end_turn.end_of_turn)."""
    if not PLAYERS[0] <= len(names) <= PLAYERS[1]:
        raise RuleError(RULE_PLAYERS, f"{plural(len(names), 'player')} cannot play")
    suggested = bool((variants or {}).get("lowest_before_discards"))
    return State(tuple(names), waiting=tuple(names), lowest_before_discards=suggested)


def apply(state: State, event: dict) -> State:
    """The state after `event`; RuleError (rule named) or InputError, never mutates."""
    if state.phase == "over":
        raise RuleError(RULE_OVER, "the game is over")
    kind = event.get("type")
    opening = {"reveal": _reveal, "no_hero": _no_hero}
    turn = {"draw": _draw, "play": _play, "activate": _activate}
    if kind in opening:
        if state.phase != "opening":
            raise RuleError(RULE_OPENING, "the opening is over")
        return opening[kind](state, event)
    if kind in turn:
        if state.phase != "play":
            raise RuleError(
                RULE_OPENING,
                "the opening is not settled yet: waiting for " + ", ".join(state.waiting),
            )
        _check_turn(state, event["player"])
        return _after_action(turn[kind](state, event))
    raise InputError(f"unknown event type {quoted(kind)}")


# --- Turns ---------------------------------------------------------------------------


def _check_turn(state: State, player: str) -> None:
    whose = state.players[state.current]
    if player in state.out:
        raise RuleError(
            RULE_OUT, f"{player} is out of the game (no Hero left); it is {whose}'s turn"
        )
    if player != whose:
        ended = (
            state.actions == 0
            and state.checks
            and state.checks[0].startswith(f"End of {player}'s turn")
        )
        why = f"{player}'s turn ended after its two actions; " if ended else ""
        raise RuleError(RULE_TURN, f"{why}it is {whose}'s turn, not {player}'s")


def check_action(state: State, player: str) -> None:
    """Refuse an action by `player` now, as `apply` would before resolving it: the game
    over, the opening not settled, a player who is out, or another player's turn. For
    verbs that must say so before reading the action's targets."""
    if state.phase == "over":
        raise RuleError(RULE_OVER, "the game is over")
    if state.phase != "play":
        raise RuleError(
            RULE_OPENING, "the opening is not settled yet: waiting for " + ", ".join(state.waiting)
        )
    _check_turn(state, player)


def activated_hero(state: State, player: str, uid: int) -> Hero:
    """The Hero numbered `uid` that `player` may activate now (check_action, then the
    Hero in play and controlled by `player`); the errors `apply` would give."""
    check_action(state, player)
    hero = state.hero(uid)
    if hero.owner != player:
        raise RuleError(RULE_OWN_HERO, f"Hero #{hero.uid} ({hero.name}) is {hero.owner}'s")
    return hero


def _draw(state: State, event: dict) -> State:
    return state


def _resolve(
    state: State,
    player: str,
    effects: list[dict],
    targets: list,
    activating: int | None,
    places: list,
) -> State:
    """Apply each effect in order to its target (or place a Hero for a Victory Point)."""
    if len(targets) != len(effects):
        need = "needs" if singular(len(effects)) else "need"
        raise InputError(
            f"{plural(len(effects), 'instruction')} {need} "
            f"{plural(len(effects), 'target')} (None for none), got "
            f"{plural(len(targets), 'target')}"
        )
    points = sum(1 for e in effects if e["kind"] == "victory_point")
    if len(places) > points:
        raise InputError(
            f"{plural(len(places), 'Hero', 'Heroes')} to place but the "
            f"instructions grant {plural(points, 'Victory Point')}"
        )
    places = list(places)
    for effect, target in zip(effects, targets):
        kind, n = effect["kind"], effect.get("amount", 0)
        if kind == "draw":
            continue
        if kind == "victory_point":
            place = places.pop(0) if places else None
            if place:
                hero = Hero(
                    _next_uid(state),
                    player,
                    place.get("name") or f"a {place['vc']}-VC Hero",
                    place.get("card"),
                    place["vc"],
                    place["vc"],
                )
                state = state._replace(heroes=state.heroes + (hero,))
            continue
        legal = legal_targets(state, player, kind, activating)
        delta = -n if kind != "attack" else n
        if effect.get("every"):
            if target is not None:
                raise RuleError(
                    RULE_EVERY,
                    f"{keyword(kind)} {number(n)} reaches every Hero "
                    "it may target; name no target for it",
                )
            for uid in legal:
                state = _change_vc(state, uid, delta)
            continue
        if target is not None and not any(h.uid == target for h in state.in_play()):
            state.hero(target)  # InputError saying where that Hero is
        if target is None:
            if legal:
                raise RuleError(
                    RULE_MANDATORY,
                    f"{keyword(kind)} {number(n)} has a legal target "
                    f"(Hero {', '.join('#' + str(u) for u in legal)}); name one",
                )
            continue
        if target not in legal:
            _refuse_target(state, player, kind, state.hero(target), activating)
        state = _change_vc(state, target, delta)
    return state


def _refuse_target(
    state: State, player: str, kind: str, hero: Hero, activating: int | None
) -> None:
    """RuleError saying why `hero` is no legal target for `kind`: not friendly (Defend,
    and Defend Ally from a played card or an activation), or the activating Hero itself
    (Defend Ally on activation)."""
    if hero.owner != player:
        rule = {
            "defend": RULE_DEFEND,
            "defend_ally": RULE_DEFEND_ALLY_PLAYED if activating is None else RULE_DEFEND_ALLY,
        }.get(kind, RULE_FRIENDLY)
        raise RuleError(
            rule,
            f"Hero #{hero.uid} ({hero.name}) is {hero.owner}'s, not a "
            f"friendly Hero: {keyword(kind)} targets a Hero {player} controls",
        )
    if kind == "defend_ally" and hero.uid == activating:
        raise RuleError(
            RULE_DEFEND_ALLY,
            f"Hero #{hero.uid} ({hero.name}) is the activating "
            "Hero: Defend Ally targets another friendly Hero",
        )
    raise RuleError(RULE_ATTACK, f"Hero #{hero.uid} is not a legal target for {keyword(kind)}")


def legal_targets(state: State, player: str, kind: str, activating: int | None) -> list[int]:
    """The Heroes (their numbers) an instruction of `kind` by `player` may target: any
    Hero in play for an Attack, else the player's own (a Defend Ally not the
    `activating` one)."""
    heroes = state.in_play()
    if kind == "attack":
        return [h.uid for h in heroes]
    mine = [h.uid for h in heroes if h.owner == player]
    if kind == "defend_ally" and activating is not None:
        return [u for u in mine if u != activating]
    return mine


def _change_vc(state: State, uid: int, delta: int) -> State:
    return state._replace(
        heroes=tuple(
            h._replace(vc=h.vc + delta) if h.uid == uid and h.in_play else h for h in state.heroes
        )
    )


def _play(state: State, event: dict) -> State:
    if any(e["kind"] == "victory_point" for e in event["effects"]):
        raise RuleError(RULE_VP, "a played card cannot grant a Victory Point")
    return _resolve(state, event["player"], event["effects"], event["targets"], None, [])


def _activate(state: State, event: dict) -> State:
    hero = activated_hero(state, event["player"], event["hero"])
    card = event.get("card")
    if card and hero.card and card != hero.card:
        raise InputError(f"Hero #{hero.uid} is {hero.name}; its instructions are its own")
    printed = event.get("printed")
    if printed is not None and hero.card and printed != hero.printed:
        raise InputError(
            f"Hero #{hero.uid} was revealed at {hero.printed} printed VC, not {printed}"
        )
    if card and not hero.card:
        if event.get("printed") != hero.printed:
            raise InputError(
                f"Hero #{hero.uid} was revealed at {hero.printed} VC; "
                f"{event.get('name') or card} prints {event.get('printed')}"
            )
        named = hero._replace(card=card, name=event.get("name") or hero.name)
        state = state._replace(
            heroes=tuple(named if h.uid == hero.uid else h for h in state.heroes)
        )
    state = _resolve(
        state, event["player"], event["effects"], event["targets"], hero.uid, event.get("place", [])
    )
    if any(h.uid == hero.uid and h.in_play for h in state.heroes):
        state = _change_vc(state, hero.uid, ACTIVATION_COST)
    return state


def _after_action(state: State) -> State:
    if state.actions == 0:
        return state._replace(actions=1)  # a threshold crossed now decides nothing
    return end_of_turn(state._replace(actions=0))


# --- Words for the table -------------------------------------------------------------


def notes(before: State, after: State) -> list[str]:
    """What the rules did by themselves: the opening settling or re-opening after a tie,
    and the end-of-turn checks."""
    out: list[str] = []
    was_in_play = {h.uid for h in before.heroes if h.in_play}
    aside = [h for h in after.heroes if not h.in_play and h.uid in was_in_play]
    if after.phase == "opening" and aside:
        out.append(
            "tie on the lowest printed VC ("
            + str(aside[0].printed)
            + "): "
            + ", ".join(after.waiting)
            + " set their Heroes aside for good and "
            "choose replacements"
        )
    if before.phase == "opening" and after.phase == "play":
        out.append(f"{after.players[after.current]} has the lowest opening Hero and goes first")
    if after.checks != before.checks or (after.phase == "over" and before.phase != "over"):
        out += list(after.checks)
    return out


def automatic(before: State, after: State) -> list[Automatic]:
    """`notes` as a page shows them: each opening note a line, and the end-of-turn
    checks one step, "End of Ana's turn 3: #2 Rootkit discarded at 41 VC; Ben is out;
    Cleo's turn", the four checks its details."""
    said = notes(before, after)
    checks = tuple(n for n in said if n in after.checks)
    steps = [Automatic(n) for n in said if n not in checks]
    if len(checks) > 1:
        steps.append(Automatic(_verdict(before, after, checks[0]), checks[1:]))
    elif checks:
        steps.append(Automatic(checks[0]))
    return steps


def _verdict(before: State, after: State, head: str) -> str:
    """The end of a turn in one line: what the checks did, then who won or who is next."""
    was = {h.uid for h in before.heroes if h.in_play}
    parts = [
        f"#{h.uid} {h.name} discarded at {number(h.vc)} VC"
        for h in after.heroes
        if h.uid in was and not h.in_play
    ]
    parts += [f"{p} is out" for p in after.out if p not in before.out]
    result = after.result
    if result is None:
        parts.append(f"{after.players[after.current]}'s turn")
    else:
        parts.append(result.said(reason=False))
    return f"{head} {'; '.join(parts)}."


def status(state: State) -> dict:
    """A JSON-ready summary: the common keys (scorekeeper.game.STATUS_KEYS; `phase` is
    "opening", "play" or "over", `current` None outside play), the turns completed
    (`turns_played`: 0 when the game ended in the opening), the action of the turn,
    who must still reveal, every Hero in play with its VC, eliminated players, and who
    stands closest to winning and why."""
    lead = standing(state)
    return {
        "game": GAME,
        "phase": state.phase,
        "over": state.phase == "over",
        "turn": state.turn,
        "turns_played": state.played,
        "current": state.players[state.current] if state.phase == "play" else None,
        "action": state.actions + 1 if state.phase == "play" else None,
        "waiting_for": list(state.waiting),
        "eliminated": list(state.out),
        "leaders": list(lead.winners),
        "lead_reason": lead.reason,
        "heroes": [
            {
                "hero": h.uid,
                "owner": h.owner,
                "name": h.name,
                "card": h.card,
                "printed": h.printed,
                "vc": h.vc,
            }
            for h in state.in_play()
        ],
        "result": state.result.to_json() if state.result else None,
    }
