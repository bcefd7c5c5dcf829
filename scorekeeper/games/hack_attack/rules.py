"""Hack Attack: Defense: the table's state, what each recorded event does to it, the
endgame and the scoring. Pure functions over immutable state; no I/O. The table, its
numbers, variants and the events' shapes are in state.py, the Attack check (`defend`)
in attack.py and the score in scoring.py; all are part of these rules.

Source: shared/rules/hack-attack-defense.txt. Events are JSON-ready dicts:
  {"type": "protect", "player": NAME, "points": N, "card": ID|None, "name": TEXT|None,
   "copies": N|None, "deck_at_points": N|None}  (how many of that card, and of Tech cards
   with those points, the deck holds)
  {"type": "user_error", "player": NAME, "count": N, "deck": N|None}
   (deck: User Error cards in the deck)
  {"type": "attack", "player": NAME, "icons": [3 category ids], "revealed": [ids],
   "attack": ID|None, "name": TEXT|None, "holds": BOOL, "copies": N|None}
   (holds: as decided when recorded; copies: of that Attack card in the deck)
  {"type": "end_turn"}
"""

from __future__ import annotations

from typing import Any, Sequence, cast

from pnp.core.shown import plural, singular
from scorekeeper.errors import InputError, RuleError, described, quoted
from scorekeeper.games.hack_attack.attack import (  # noqa: F401  (WILD: part of the rules)
    PLAYERS,
    RULE_PLAYERS,
    WILD,
    check_cover,
    defend,
    icons_to_cover,
)
from scorekeeper.games.hack_attack.scoring import _and, score  # noqa: F401  (these rules')
from scorekeeper.games.hack_attack.state import (  # noqa: F401  (EVENTS, STATE_TYPES: for Rules.of)
    EVENTS,
    GAME,
    RULE_ATTACK_GONE,
    RULE_COPIES,
    RULE_DRAWER,
    RULE_ONCE,
    RULE_OVER,
    RULE_OWN_TURN,
    RULE_REVEALED,
    RULE_USER_ERRORS,
    STATE_TYPES,
    TECH_POINTS,
    USER_ERRORS_AT_ONCE,
    Player,
    State,
    Tech,
)
from scorekeeper.outcome import Outcome


def replace(obj, **changes):
    """A copy of the immutable record `obj` with `changes`."""
    return obj._replace(**changes)


def protect_target(n_players: int) -> int:
    """Protected Tech that end the game: 4, or 3 at 5–6 players (rules: game end)."""
    return 3 if n_players >= 5 else 4


def initial(names: Sequence[str], variants: dict | None = None) -> State:
    """A new table in seating order, with the chosen `variants` ({"faster": True,
    "cover": N}, scorekeeper.game.choose_variants over VARIANTS; and "complete_round":
    True, a rule suggestion `pnp simulate --rule-variant` plays, which no table
    chooses). RuleError outside 2–6 players, or for a cover the table cannot reach
    (attack.check_cover)."""
    if not PLAYERS[0] <= len(names) <= PLAYERS[1]:
        raise RuleError(RULE_PLAYERS, f"{plural(len(names), 'player')} cannot play")
    variants = variants or {}
    check_cover(variants.get("cover"), len(names))
    return State(
        tuple(Player(n) for n in names),
        faster=bool(variants.get("faster")),
        cover=variants.get("cover"),
        complete_round=bool(variants.get("complete_round")),
    )


def apply(state: State, event: dict) -> State:
    """The state after `event`; raises RuleError (rule named) or InputError, never mutates."""
    if state.over:
        raise RuleError(RULE_OVER, "the game is over")
    kind: Any = event.get("type")  # whatever the event holds
    handler = {
        "protect": _protect,
        "user_error": _user_error,
        "attack": _attack,
        "end_turn": _end_turn,
    }.get(kind)
    if handler is None:
        raise InputError(f"unknown event type {quoted(kind)}")
    return handler(state, event)


def _set_player(state: State, i: int, player: Player) -> State:
    return replace(state, players=state.players[:i] + (player,) + state.players[i + 1 :])


def _protect(state: State, event: dict) -> State:
    i = state.seat(event["player"])
    if i != state.current:
        raise RuleError(
            RULE_OWN_TURN,
            f"it is {state.players[state.current].name}'s turn, not {state.players[i].name}'s",
        )
    if state.protected_this_turn and not state.faster:
        raise RuleError(
            RULE_ONCE, f"{state.players[i].name} has already Protected a Tech card this turn"
        )
    points = event["points"]
    low, high = TECH_POINTS
    if not isinstance(points, int) or not low <= points <= high:
        raise InputError(f"Tech points must be {low}..{high}, got {described(points)}")
    card, copies = event.get("card"), event.get("copies")
    if card and copies is not None:
        already = sum(t.card == card for p in state.players for t in p.protected)
        if already >= copies:
            what = event.get("name") or card
            raise RuleError(
                RULE_COPIES,
                f"all {copies} {what} cards are already Protected"
                if copies != 1
                else f"the only {what} card is already Protected",
            )
    at_points = event.get("deck_at_points")
    if at_points is not None:
        already = sum(t.points == points for p in state.players for t in p.protected)
        if already >= at_points:
            raise RuleError(
                RULE_COPIES,
                f"the deck has {plural(at_points, 'Tech card')} worth "
                f"{points}, and {already} {'is' if singular(already) else 'are'} "
                "already Protected",
            )
    player = state.players[i]
    player = replace(
        player, protected=player.protected + (Tech(points, event.get("card"), event.get("name")),)
    )
    state = replace(_set_player(state, i, player), protected_this_turn=True)
    n = len(state.players)
    if state.trigger is None and len(player.protected) >= protect_target(n):
        # the author's: every other player takes one last turn; completing the round:
        # the players after this one, up to the last seat, do
        order = tuple(
            range(i + 1, n) if state.complete_round else ((i + k) % n for k in range(1, n))
        )
        state = replace(state, trigger=i, last_turns=order)
    return state


def _user_error(state: State, event: dict) -> State:
    i = state.seat(event["player"])
    count = event.get("count", 1)
    low, high = USER_ERRORS_AT_ONCE
    if not isinstance(count, int) or not low <= count <= high:
        raise InputError(f"a User Error count must be {low}..{high}, got {described(count)}")
    deck = event.get("deck")
    kept = sum(p.user_errors for p in state.players)
    if deck is not None and kept + count > deck:
        raise RuleError(
            RULE_USER_ERRORS,
            f"the deck has {plural(deck, 'User Error card')} "
            f"and {kept} {'is' if singular(kept) else 'are'} already kept",
        )
    player = state.players[i]
    return _set_player(state, i, replace(player, user_errors=player.user_errors + count))


def _attack(state: State, event: dict) -> State:
    i = state.seat(event["player"])
    if i != state.current:
        raise RuleError(
            RULE_DRAWER,
            f"it is {state.players[state.current].name}'s turn, not {state.players[i].name}'s",
        )
    result = defend(event["icons"], event["revealed"], len(state.players), state.cover)
    kit = event.get("kit") or {}
    for shown in sorted(set(event["revealed"]) & set(kit)):
        revealed = event["revealed"].count(shown)
        if revealed > kit[shown]:
            what = "Reality Check card" if shown == WILD else f"{shown} Defense card"
            raise RuleError(
                RULE_REVEALED, f"{revealed} revealed, but the kit prints {plural(kit[shown], what)}"
            )
    if event.get("holds", result.holds) != result.holds:
        raise InputError("the recorded Attack result does not match its cards")
    card, copies = event.get("attack"), event.get("copies")
    if card and copies is not None and state.attacks.count(card) >= copies:
        what = event.get("name") or card
        raise RuleError(
            RULE_ATTACK_GONE,
            f"all {copies} {what} cards have already been resolved"
            if copies != 1
            else f"the only {what} card has already been resolved",
        )
    return replace(state, attacks=state.attacks + (card,)) if card else state


def _end_turn(state: State, event: dict) -> State:
    n, turn = len(state.players), state.turn + 1
    if state.last_turns is None:
        return replace(state, turn=turn, protected_this_turn=False, current=(state.current + 1) % n)
    if not state.last_turns:  # the last turn of the game has ended: score it
        return replace(state, over=True)
    return replace(
        state,
        turn=turn,
        protected_this_turn=False,
        current=state.last_turns[0],
        last_turns=state.last_turns[1:],
    )


# --- Scoring (the score itself: scoring.py) ----------------------------------------------


def check_final_table(
    table: Sequence[tuple[str, Sequence[int], int]],
    tech_at_points: dict[int, int],
    user_error_cards: int,
    faster: bool = False,
) -> None:
    """Refuse a finished table the cards cannot produce: a point value no Tech card has,
    more Tech of one value than the deck holds, more Protected Tech than the game allows
    anyone (the target: one Protect a turn stops everyone there; the faster variant,
    `faster`, lets a turn go past it), or more User Errors than the deck has. RuleError
    names the rule."""
    target = protect_target(len(table))
    for name, points, _ in table:
        if len(points) > target and not faster:
            raise RuleError(
                RULE_ONCE,
                f"{name} has {len(points)} Protected Tech; at "
                f"{plural(len(table), 'player')} the game ends at {target}, one "
                "Protect a turn (a table playing the faster variant says "
                "--variant faster)",
            )
    for value in sorted({p for _, points, _ in table for p in points}):
        held = sum(points.count(value) for _, points, _ in table)
        if held > tech_at_points.get(value, 0):
            raise RuleError(
                RULE_COPIES,
                f"{held} Protected Tech worth {value}, but the deck "
                f"has {tech_at_points.get(value, 0)}",
            )
    kept = sum(errors for _, _, errors in table)
    if kept > user_error_cards:
        raise RuleError(
            RULE_USER_ERRORS,
            f"{plural(kept, 'User Error')} kept, but the deck has {user_error_cards}",
        )


def table_of(state: State) -> list[tuple[str, tuple[int, ...], int]]:
    """The (name, points, User Errors) rows that `score` takes, from a state."""
    return [(p.name, tuple(t.points for t in p.protected), p.user_errors) for p in state.players]


def standing(state: State) -> Outcome:
    """Who would win if the game were scored now (the same rules as the final score;
    termination None: the game goes on)."""
    return score(table_of(state))._replace(termination=None)


def outcome(state: State) -> Outcome | None:
    """The result once the final round is over (termination SCORED), else None (rules:
    "every other player takes one last turn. Then: ...")."""
    if not state.over:
        return None
    o = score(table_of(state))
    trigger = state.players[cast(int, state.trigger)].name  # set once the game is over
    rest = (
        "the round was completed"
        if state.complete_round
        else "every other player took one last turn"
    )
    head = (
        f"{trigger} Protected Tech number {protect_target(len(state.players))}, "
        f"{rest}, and the game was scored."
    )
    return o._replace(explanation=(head,) + o.explanation)


# --- Words for the table -------------------------------------------------------------


def describe(event: dict) -> str:
    """One line for the history: what was recorded."""
    kind = event["type"]
    if kind == "protect":
        n = event["points"]
        what = (
            f"{event['name']} ({plural(n, 'point')})"
            if event.get("name")
            else f"a {n}-point Tech card"
        )
        return f"{event['player']} Protected {what}"
    if kind == "user_error":
        n = event.get("count", 1)
        return f"{event['player']} kept {plural(n, 'User Error card')}"
    if kind == "attack":
        name = event.get("name") or "an Attack"
        holds: Any = event.get("holds")  # True, False or not recorded
        verdict = {True: ": the defense held", False: ": the defense failed"}.get(holds, "")
        return f"{event['player']} drew {name}{verdict}"
    if kind == "end_turn":
        return "Turn ended"
    return kind


def notes(before: State, after: State) -> list[str]:
    """What the rules did by themselves between two states (the final round starting, the
    game ending), for the history's automatic lines."""
    out = []
    if before.trigger is None and after.trigger is not None:
        who = after.players[after.trigger].name
        rest = [after.players[i].name for i in cast(tuple, after.last_turns)]  # set with it
        takes = "takes" if len(rest) == 1 else "each take"
        after_this = (
            f"after this turn, {_and(rest)} {takes} one last turn"
            if rest
            else "this turn completes the round and the game"
        )
        out.append(
            f"{who} has {protect_target(len(after.players))} Protected Tech: the final "
            f"round starts — {after_this}"
        )
    if after.over and not before.over:
        out.append("final round complete: the game is scored")
    return out


def remaining_last_turns(state: State) -> list[str]:
    """Players whose last turn is still to come or under way, in order (final round only)."""
    if state.last_turns is None or state.over:
        return []
    now = [] if state.current == state.trigger else [state.players[state.current].name]
    return now + [state.players[i].name for i in state.last_turns]


def phase(state: State) -> str:
    """ "play", "final round" (someone has Protected enough Tech) or "over"."""
    return "over" if state.over else "play" if state.trigger is None else "final round"


def status(state: State) -> dict:
    """A JSON-ready summary of the table: the common keys (scorekeeper.game.STATUS_KEYS;
    `turn` counts every player's turn), players with their numbers, who leads and on
    which rule, and the final round's remaining turns."""
    lead = score(table_of(state))
    result = outcome(state)
    return {
        "lead_reason": lead.reason,
        "game": GAME,
        "phase": phase(state),
        "turn": state.turn,
        "current": None if state.over else state.players[state.current].name,
        "over": state.over,
        "target": protect_target(len(state.players)),
        "icons_to_cover": icons_to_cover(len(state.players), state.cover),
        "protects_per_turn": None if state.faster else 1,
        "final_round": state.trigger is not None,
        "final_round_started_by": None
        if state.trigger is None
        else state.players[state.trigger].name,
        "last_turns_remaining": remaining_last_turns(state),
        "leaders": list(lead.winners),
        "players": [
            {
                "name": p.name,
                "protected": len(p.protected),
                "points": p.points,
                "user_errors": p.user_errors,
                "total": p.total,
                "tech": [{"points": t.points, "card": t.card, "name": t.name} for t in p.protected],
            }
            for p in state.players
        ],
        "result": result.to_json() if result else None,
    }
