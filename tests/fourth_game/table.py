"""Coin Flip at the table: the scorekeeper half of the fourth game, in one file (its
rules, status view, verbs and `scorekeeper check` hook), registered by the tests alone.

The rules, whole: 2–4 players sit in order. On your turn you take one coin, worth 1, 2
or 3 points (“Turns”). Any player may call stop; the game ends at once (“Stop”). The
highest total wins; equal highest totals share the win (“Scoring”).

Events (JSON-ready dicts):
  {"type": "coin", "player": NAME, "points": 1..3}   NAME takes a coin on their turn
  {"type": "stop"}                                   play stops; the game is scored
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

import click

from pnp.core.shown import plural
from scorekeeper.context import Whole, complete_legal, example, pass_ctx
from scorekeeper.errors import InputError, RuleError, UsageError, quoted
from scorekeeper.game import Game, Rules
from scorekeeper.legal import Made, Move, Typed, number, player, text, whole_number
from scorekeeper.names import check_new_names, resolve
from scorekeeper.numbers import is_whole, whole
from scorekeeper.outcome import Outcome, Termination
from scorekeeper.report import play_move
from scorekeeper.shapes import Range
from scorekeeper.view import padded

GAME_ID = "coin-flip"
NAME = "Coin Flip"
PLAYERS = (2, 4)
COIN_POINTS = (1, 3)

RULE_PLAYERS = "Coin Flip is for 2–4 players (rules, opening line)"
RULE_TURNS = "players take turns in seating order, one coin a turn (rules, “Turns”)"
RULE_OVER = "once play stops the game is scored and nothing more happens (rules, “Stop”)"

#: The shape of each event type (scorekeeper.shapes), checked when a command records it
#: and again whenever the log is read, with the range the `coin` command allows.
EVENTS = {"coin": {"player": str, "points": Range(*COIN_POINTS)}, "stop": {}}


class State(NamedTuple):
    """The table: each player's coins (points, in the order taken) in seating order,
    whose turn it is (a seat index), the turn number, and whether play has stopped."""

    players: tuple[str, ...]
    coins: tuple[tuple[int, ...], ...]
    current: int = 0
    turn: int = 1
    over: bool = False

    def totals(self) -> dict[str, int]:
        """Each player's points so far, in seating order."""
        return {p: sum(c) for p, c in zip(self.players, self.coins)}


#: The classes a saved state is made of (scorekeeper.snapshot reads back only these).
STATE_TYPES = (State,)


def initial(names: Sequence[str]) -> State:
    """A new table in seating order, nobody holding a coin; RuleError outside 2–4."""
    if not PLAYERS[0] <= len(names) <= PLAYERS[1]:
        raise RuleError(RULE_PLAYERS, f"{plural(len(names), 'player')} cannot play")
    return State(tuple(names), tuple(() for _ in names))


def apply(state: State, event: dict) -> State:
    """The state after `event`. RuleError once stopped or out of turn; InputError for a
    coin not worth 1–3 points, an unknown player or event type. Never mutates."""
    if state.over:
        raise RuleError(RULE_OVER, "the game is over")
    if event.get("type") == "stop":
        return state._replace(over=True)
    if event.get("type") != "coin":
        raise InputError(f"unknown event type {event.get('type')!r}")
    if event.get("player") not in state.players:
        raise InputError(f"no player called {event.get('player')!r}")
    whose = state.players[state.current]
    if event["player"] != whose:
        raise RuleError(RULE_TURNS, f"it is {whose}'s turn, not {event['player']}'s")
    points = event.get("points")
    if not isinstance(points, int) or not COIN_POINTS[0] <= points <= COIN_POINTS[1]:
        raise InputError(
            f"a coin is worth {COIN_POINTS[0]}..{COIN_POINTS[1]} points, got {points!r}"
        )
    coins = (
        state.coins[: state.current]
        + (state.coins[state.current] + (points,),)
        + state.coins[state.current + 1 :]
    )
    return state._replace(
        coins=coins, current=(state.current + 1) % len(state.players), turn=state.turn + 1
    )


def _score(state: State, termination: Termination | None) -> Outcome:
    """Highest total wins; equal highest totals share the win (rules, “Scoring”)."""
    totals = state.totals()
    lines = [
        f"  {p}: {' + '.join(map(str, c)) or 'no coins'} = {totals[p]}"
        for p, c in zip(state.players, state.coins)
    ]
    best = max(totals.values())
    winners = tuple(p for p, t in totals.items() if t == best)
    if len(winners) == 1:
        lines.append(f"Highest total: {winners[0]} with {best}.")
        return Outcome(termination, winners, "highest total", ("Coins taken:", *lines))
    lines.append(f"Tied on {best}: {' and '.join(winners)} share the win.")
    return Outcome(termination, winners, "shared win", ("Coins taken:", *lines))


def outcome(state: State) -> Outcome | None:
    """The result once play has stopped (termination SCORED), else None."""
    return _score(state, Termination.SCORED) if state.over else None


def standing(state: State) -> Outcome:
    """Who would win if play stopped now (termination None)."""
    return _score(state, None)


def describe(event: dict) -> str:
    """One line saying what `event` recorded: "Ana took a 2-point coin", "Play stopped"."""
    if event["type"] == "coin":
        return f"{event['player']} took a {event['points']}-point coin"
    return "Play stopped"


def notes(before: State, after: State) -> list[str]:
    """What the rules did by themselves: scoring the game when play stops."""
    return ["play stopped: the game is scored"] if after.over and not before.over else []


def status(state: State) -> dict:
    """The common keys (scorekeeper.game.STATUS_KEYS; phase "play" or "over"), the
    leaders' rule, and each player's coins and total."""
    lead, result = standing(state), outcome(state)
    return {
        "game": GAME_ID,
        "phase": "over" if state.over else "play",
        "over": state.over,
        "turn": state.turn,
        "current": None if state.over else state.players[state.current],
        "leaders": list(lead.winners),
        "lead_reason": lead.reason,
        "result": result.to_json() if result else None,
        "players": [
            {"name": p, "coins": list(c), "total": sum(c)}
            for p, c in zip(state.players, state.coins)
        ],
    }


def status_lines(game_id: int, name: str, status: dict) -> list[str]:
    """The status table: whose turn (or over), each player's coins and total, the lead."""
    when = "over" if status["over"] else f"turn {status['turn']}: {status['current']}'s turn"
    lines = [f"{name} — game {game_id}, {when}"]
    for p in status["players"]:
        mark = "▶" if p["name"] == status["current"] else " "
        lines.append(f"{mark} {padded(p['name'], 8)} coins {len(p['coins'])}  total {p['total']}")
    lines.append(f"Leading: {', '.join(status['leaders'])} ({status['lead_reason']}).")
    return lines


def moves(state: State, kit=None) -> tuple[Move, ...]:
    """The moves legal now: the player whose turn it is takes a coin (“Turns”); anyone
    may call stop (“Stop”); nothing once play has stopped."""
    if state.over:
        return ()
    whose = state.players[state.current]
    coin_move = Move(
        "coin",
        "Take a coin",
        (whose,),
        (player("player", (whose,)), number("points", "Coin's points", *COIN_POINTS)),
        RULE_TURNS,
    )
    return (coin_move, Move("stop", "Call stop", state.players, (), RULE_OVER))


def make(state: State, kit, name: str, values: dict) -> Made:
    """The event of move `name` typed with `values` ({"player", "points"} for a coin)."""
    if name == "coin":
        who = resolve(text(values, "player", "PLAYER"), state.players)
        points = whole_number(values, "points", *COIN_POINTS, "POINTS")
        return Made({"type": "coin", "player": who, "points": points})
    if name == "stop":
        return Made({"type": "stop"})
    raise InputError(f"Coin Flip has no move {name!r}")


def move_of(state: State, event: dict) -> Typed:
    """The move `event` was made by."""
    if event["type"] == "coin":
        return Typed(
            "coin", {"player": event["player"], "points": event["points"]}, event["player"]
        )
    return Typed("stop", {})


@example("Ana 2")
@click.command()
@click.argument("player", shell_complete=complete_legal)
@click.argument("points", type=Whole(1, 3))
@pass_ctx
def coin(ctx, player, points) -> None:
    """PLAYER takes a coin worth POINTS (1 to 3) on their turn."""
    play_move(ctx, GAME_ID, "coin", {"player": player, "points": points})


@example()
@click.command()
@pass_ctx
def stop(ctx) -> None:
    """Stop play: the game ends and the highest total wins."""
    play_move(ctx, GAME_ID, "stop", {})


# --- scorekeeper check ---------------------------------------------------------------

NOTATION = (
    "write NAME=POINTS,POINTS,... with the points of each coin the player took, in "
    "the order taken, e.g. Ana=3,1 Ben=2 (Ben=none for a player who took no coin)"
)
NONE = "none"


def parse_entry(text: str) -> tuple[str, tuple[int, ...]]:
    """ "Ana=3,1" -> ("Ana", (3, 1)); "Ben=none" -> ("Ben", ()): a player and the points of
    each coin they took, each 1..3 or refused with the range. UsageError showing the
    notation for anything else."""
    name, equals, rest = text.partition("=")
    parts = [] if rest.strip().lower() == NONE else rest.split(",")
    if not equals or not name.strip() or not rest.strip() or not all(map(is_whole, parts)):
        raise UsageError(f"cannot read {quoted(text)}: {NOTATION}")
    return name.strip(), tuple(whole(p, *COIN_POINTS, "a coin's points") for p in parts)


def table_state(table: list[tuple[str, tuple[int, ...]]]) -> State:
    """The table when stop is called: each player's coins, taken one a turn in seating
    order, so the first players took one coin more than the rest, or all as many
    (RuleError RULE_TURNS otherwise)."""
    counts = [len(coins) for _, coins in table]
    if (
        any(later > earlier for earlier, later in zip(counts, counts[1:]))
        or counts[0] - counts[-1] > 1
    ):
        raise RuleError(
            RULE_TURNS,
            "taken one a turn from the first seat on, each "
            "player's coins are as many as every later player's, or one more: "
            + ", ".join(f"{name} {plural(n, 'coin')}" for (name, _), n in zip(table, counts)),
        )
    state = initial([name for name, _ in table])
    return state._replace(
        coins=tuple(coins for _, coins in table),
        current=sum(counts) % len(table),
        turn=sum(counts) + 1,
    )


def settle(entries: Sequence[str]) -> Outcome:
    """The `scorekeeper check` hook: the table when play stops, scored as the rules
    score it (rules, “Scoring”: `outcome` after a stop). InputError for bad names or
    points out of range; UsageError for an entry it cannot read; RuleError for a player
    count outside 2–4 or a table play cannot reach (`table_state`)."""
    table = [parse_entry(e) for e in entries]
    check_new_names([name for name, _ in table])
    initial([name for name, _ in table])
    return outcome(apply(table_state(table), {"type": "stop"}))


settle.notation = NOTATION


GAME = Game(
    id=GAME_ID,
    name=NAME,
    rules=Rules(
        initial,
        apply,
        notes,
        describe,
        status,
        outcome,
        standing,
        moves,
        make,
        move_of,
        events=EVENTS,
        state_types=STATE_TYPES,
    ),
    view=status_lines,
    verbs=(coin, stop),
    check=settle,
)
