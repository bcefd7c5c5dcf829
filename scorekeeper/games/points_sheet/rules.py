"""The points sheet's rules: pure functions over an immutable State, no I/O.

A data-only game's rules, as far as the score keeper keeps them, are its game.toml's
(scorekeeper.sheets.Sheet): the players sit in order (players.min..players.max of
them); play goes in rounds; in a round any player may score any whole number of points
(negative for points lost), several times (they add up); a round ends when the table
says so, once points are recorded in it; the game ends after round `rounds` if
[scoring] says how many, else when the table says so; then the highest total wins, or
the lowest if [scoring] says wins = "lowest", and equal totals share the win.

Events (JSON-ready dicts):
  {"type": "points", "scores": {NAME: POINTS, ...}}  points scored in the round in play
  {"type": "end-round"}                              the round in play ends
  {"type": "end-game"}                               the table ends the game (a game
                                                     whose game.toml sets no rounds)
"""

from __future__ import annotations

from typing import Sequence

from pnp.core.records import NamedTuple
from pnp.core.shown import plural
from scorekeeper.errors import InputError, RuleError, quoted
from scorekeeper.outcome import Outcome, Termination
from scorekeeper.shapes import Range, Values
from scorekeeper.sheets import Sheet
from scorekeeper.view import number

#: The points one command may record for a player in a round (negative: points lost).
POINTS = (-99_999, 99_999)

RULE_OVER = "once the game ends its totals are final (points sheet)"
RULE_EMPTY = (
    "a round ends only once points are recorded in it; record a round nobody scored in "
    "as points NAME 0 (points sheet)"
)

#: The shape of each event type (scorekeeper.shapes), checked when a command records it
#: and again whenever the log is read.
EVENTS = {"points": {"scores": Values(Range(*POINTS))}, "end-round": {}, "end-game": {}}


class State(NamedTuple):
    """The sheet: the game's settings, the players in seating order, and each round's
    points per seat (None: nothing recorded for that player in that round). While play
    goes on the last round is the one in play; once `over`, every round was played."""

    sheet: Sheet
    players: tuple[str, ...]
    rounds: tuple[tuple[int | None, ...], ...]
    over: bool = False

    def totals(self) -> dict[str, int]:
        """Each player's points so far (a round with nothing recorded counts 0), in
        seating order."""
        return {p: sum(r[seat] or 0 for r in self.rounds) for seat, p in enumerate(self.players)}


#: The classes a saved state is made of (scorekeeper.snapshot reads back only these).
STATE_TYPES = (State, Sheet)


def rule_players(sheet: Sheet) -> str:
    """The rule on the number of players: "Dice Night is for 2–6 players (game.toml:
    players)"."""
    low, high = sheet.players
    counted = plural(high, "player") if low == high else f"{low}–{high} players"
    return f"{sheet.name} is for {counted} (game.toml: players)"


def rule_rounds(sheet: Sheet) -> str:
    """The rule on the end of a game that sets its rounds."""
    return f"{sheet.name} ends when round {sheet.rounds} ends (game.toml: rounds = {sheet.rounds})"


def rule_wins(sheet: Sheet) -> str:
    """The scoring rule, in words, with its source: "highest total wins; equal totals
    share the win (game.toml: wins = "highest")"."""
    return f'{sheet.wins} total wins; equal totals share the win (game.toml: wins = "{sheet.wins}")'


def initial(names: Sequence[str], sheet: Sheet) -> State:
    """A new sheet for `names` in seating order, round 1 in play, nothing recorded;
    RuleError for a number of players outside the game's range."""
    low, high = sheet.players
    if not low <= len(names) <= high:
        raise RuleError(rule_players(sheet), f"{plural(len(names), 'player')} cannot play")
    return State(sheet, tuple(names), ((None,) * len(names),))


def apply(state: State, event: dict) -> State:
    """The state after `event`. RuleError once the game is over, for ending a round (or
    the game) in which nothing is recorded, or `end-game` in a game whose rounds are
    set; InputError for points of no seated player, out of POINTS, or an unknown event
    type. Never mutates."""
    if state.over:
        raise RuleError(RULE_OVER, "the game is over")
    kind = event.get("type")
    if kind == "points":
        return _points(state, event.get("scores"))
    if kind == "end-round":
        if all(n is None for n in state.rounds[-1]):
            raise RuleError(RULE_EMPTY, f"no points are recorded in round {len(state.rounds)}")
        if state.sheet.rounds == len(state.rounds):
            return state._replace(over=True)
        return state._replace(rounds=(*state.rounds, (None,) * len(state.players)))
    if kind == "end-game":
        if state.sheet.rounds is not None:
            raise RuleError(
                rule_rounds(state.sheet),
                "end-game is for a game that sets no number of rounds: end each round "
                "with end-round",
            )
        played = state.rounds[:-1] if all(n is None for n in state.rounds[-1]) else state.rounds
        if not played:
            raise RuleError(RULE_EMPTY, "no points are recorded yet")
        return state._replace(rounds=played, over=True)
    raise InputError(f"unknown event type {quoted(kind)}")


def _points(state: State, scores) -> State:
    if not isinstance(scores, dict) or not scores:
        raise InputError("points name at least one player")
    row = list(state.rounds[-1])
    for name, points in scores.items():
        if name not in state.players:
            raise InputError(f"no player called {quoted(name)}")
        if type(points) is not int or not POINTS[0] <= points <= POINTS[1]:
            raise InputError(
                f"points must be {number(POINTS[0])}..{number(POINTS[1])}, got {points!r}"
            )
        seat = state.players.index(name)
        row[seat] = (row[seat] or 0) + points
    return state._replace(rounds=(*state.rounds[:-1], tuple(row)))


def _sum(points: Sequence[int | None]) -> str:
    """ "3 + 5 − 2 = 6": a player's points round by round (nothing recorded: 0)."""
    terms = [n or 0 for n in points]
    text = number(terms[0])
    for n in terms[1:]:
        text += f" − {-n}" if n < 0 else f" + {n}"
    return f"{text} = {number(sum(terms))}"


def _joined(names: Sequence[str]) -> str:
    return ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else names[0]


def _score(state: State, termination: Termination | None) -> Outcome:
    """The highest (or lowest) total wins; equal totals share the win (`rule_wins`)."""
    sheet, totals = state.sheet, state.totals()
    best = (max if sheet.wins == "highest" else min)(totals.values())
    winners = tuple(p for p, t in totals.items() if t == best)
    played = len(state.rounds)
    if termination is None:
        when = f"Round {played}" + (f" of {sheet.rounds}" if sheet.rounds else "") + " in play."
    elif sheet.rounds:
        when = f"Rounds played: {played} of {sheet.rounds}."
    else:
        when = f"Rounds played: {played}; the table ended the game."
    lines = [
        "Points by round:",
        *(
            f"  {p}: {_sum([r[seat] for r in state.rounds])}"
            for seat, p in enumerate(state.players)
        ),
        when,
        f"Scoring: {rule_wins(sheet)}.",
    ]
    if len(winners) == 1:
        lines.append(f"{sheet.wins.capitalize()} total: {winners[0]} with {number(best)}.")
        return Outcome(termination, winners, f"{sheet.wins} total", tuple(lines))
    lines.append(f"Tied on {number(best)}: {_joined(winners)} share the win.")
    return Outcome(termination, winners, "shared win", tuple(lines))


def outcome(state: State) -> Outcome | None:
    """The result once the game is over (termination SCORED), else None."""
    return _score(state, Termination.SCORED) if state.over else None


def standing(state: State) -> Outcome:
    """Who would win if the game ended now, on the totals so far (termination None)."""
    return _score(state, None)


def describe(event: dict) -> str:
    """One line saying what `event` recorded: "Ana scored 3, Ben −2", "Round ended",
    "The table ended the game"."""
    if event["type"] == "points":
        (first, points), *rest = event["scores"].items()
        return ", ".join(
            [f"{first} scored {number(points)}", *(f"{p} {number(n)}" for p, n in rest)]
        )
    if event["type"] == "end-round":
        return "Round ended"
    return "The table ended the game"


def notes(before: State, after: State) -> list[str]:
    """What the rules did by themselves: scoring the game when its last round ends, or
    when the table ends it (a round in play with nothing recorded does not count)."""
    if not after.over or before.over:
        return []
    played = len(after.rounds)
    if after.sheet.rounds:
        return [f"round {played} was the last: the game is scored"]
    dropped = len(before.rounds) - played
    return [
        f"the game is scored after round {played}"
        + (f"; round {played + 1}, with nothing recorded, does not count" if dropped else "")
    ]


def status(state: State) -> dict:
    """The common keys (scorekeeper.game.STATUS_KEYS: phase "round N" or "over", turn
    the round in play or the last one played, current None: the sheet has no turns),
    the leaders' rule, the game's printed `name`, `wins` ("highest"|"lowest"), `rounds`
    (its number of rounds, or None), and each player's `points` round by round (None:
    nothing recorded) and `total`."""
    lead, result = standing(state), outcome(state)
    return {
        "game": state.sheet.stored_id,
        "phase": "over" if state.over else f"round {len(state.rounds)}",
        "over": state.over,
        "turn": len(state.rounds),
        "current": None,
        "leaders": list(lead.winners),
        "lead_reason": lead.reason,
        "result": result.to_json() if result else None,
        "name": state.sheet.name,
        "wins": state.sheet.wins,
        "rounds": state.sheet.rounds,
        "players": [
            {"name": p, "points": [r[seat] for r in state.rounds], "total": total}
            for seat, (p, total) in enumerate(state.totals().items())
        ],
    }
