"""The points sheet's legal moves, and a typed move read into its event: part of its
rules (scorekeeper.game.Rules: `moves`, `make`, `move_of`), pure over the state. The
table records points in the round in play (one or more players at once, negative for
points lost), ends a round once points are recorded in it, and, in a game whose
game.toml sets no number of rounds, ends the game. Nothing once the game is over."""

from __future__ import annotations

from typing import Any

from scorekeeper.errors import InputError, UsageError, quoted
from scorekeeper.games.points_sheet.rules import POINTS, RULE_EMPTY, State, rule_rounds
from scorekeeper.legal import Made, Move, Param, Typed, number
from scorekeeper.names import resolve
from scorekeeper.numbers import whole


def moves(state: State, kit: Any = None) -> tuple[Move, ...]:
    """The moves legal on the sheet `state`: points; end-round once points are recorded
    in the round in play; end-game (a game that sets no rounds) once any are."""
    if state.over:
        return ()
    low, high = POINTS
    each = tuple(number(p, p, low, high) for p in state.players)
    each = tuple(p._replace(required=False) for p in each)
    played = len(state.rounds)
    out = [
        Move(
            "points",
            "Score points",
            (),
            (Param("entries", f"Points in round {played}", "each", each=each),),
            "points add up round by round; negative for points lost (points sheet)",
        )
    ]
    recorded = any(n is not None for n in state.rounds[-1])
    if recorded:
        last = state.sheet.rounds == played
        out.append(
            Move(
                "end-round",
                "End the last round: score the game" if last else f"End round {played}",
                (),
                (),
                rule_rounds(state.sheet) if state.sheet.rounds else RULE_EMPTY,
            )
        )
    if state.sheet.rounds is None and any(n is not None for r in state.rounds for n in r):
        out.append(Move("end-game", "End the game and score it", (), (), RULE_EMPTY))
    return tuple(out)


def read_scores(entries, players: tuple[str, ...]) -> dict[str, int]:
    """The points typed: words "Ana 3 Ben -2" (the command line's PLAYER POINTS pairs)
    or a dict {"Ana": "3"} (a page's, empty boxes left out) -> {"Ana": 3, "Ben": -2},
    each seated player (names.resolve) with their points in POINTS' range. UsageError
    for a player without points or text where the points belong; InputError for an
    unknown player, one named twice, or points out of range."""
    if isinstance(entries, dict):
        if any(isinstance(v, (list, dict, bool)) for v in entries.values()):
            raise UsageError("points takes one number per player")
        pairs = [
            (str(k), v if isinstance(v, str) else str(v))
            for k, v in entries.items()
            if v not in (None, "")
        ]
    elif not isinstance(entries, (list, tuple)) or any(
        isinstance(w, (list, dict)) for w in entries
    ):
        raise UsageError("points takes PLAYER POINTS pairs, or one number per player")
    else:
        words = [str(w) for w in entries]
        if len(words) % 2:
            raise UsageError(
                "each PLAYER is followed by their POINTS, as in points Ana 3 Ben 5; the "
                f"last word, {quoted(words[-1])}, has none"
            )
        pairs = list(zip(words[::2], words[1::2]))
    scores: dict[str, int] = {}
    for typed, points in pairs:
        name = resolve(typed, players)
        if name in scores:
            raise InputError(
                f"{name} is named twice; give each player's points once (a player's "
                "points in a round add up from one command to the next)"
            )
        scores[name] = whole(points, *POINTS, f"{name}'s points")
    return scores


def make(state: State, kit: Any, name: str, values: dict) -> Made:
    """The event of move `name` typed with `values`: points {"entries": ...}
    (`read_scores`), end-round, end-game; InputError for any other name."""
    if name == "points":
        return Made(
            {"type": "points", "scores": read_scores(values.get("entries") or (), state.players)}
        )
    if name in ("end-round", "end-game"):
        return Made({"type": name})
    raise InputError(f"a points sheet has no move {quoted(name)}")


def move_of(state: State, event: dict) -> Typed:
    """The move `event` was made by, in the values `moves` offers."""
    if event["type"] == "points":
        return Typed("points", {"entries": dict(event["scores"])})
    return Typed(event["type"], {})
