"""What a game gives the score keeper: one typed object that the shared code only
queries (python-chess's variants and boardgame.io's game definitions are the models).

Each game package under `scorekeeper/games/` defines `GAME = Game(...)`; the registry
(`scorekeeper.games`) finds it by id. Nothing in the shared code names a game.
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING, Any, Callable, NamedTuple, Sequence

from scorekeeper.outcome import Outcome

if TYPE_CHECKING:
    import click

#: Every status dict carries these keys (a game adds its own):
#: game (id), phase (text), over (bool), turn (int: the turn or round number),
#: current (the name of the player to act, or None), leaders (names), result (an
#: Outcome's JSON, or None while the game goes on).
STATUS_KEYS = ("game", "phase", "over", "turn", "current", "leaders", "result")


class Rules(NamedTuple):
    """A game's pure rules (no I/O), over an immutable state and JSON-ready event dicts.

    initial(names) -> state: a new table in seating order; RuleError for a player count
        the rules refuse.
    apply(state, event) -> state: the state after `event`; RuleError naming the rule that
        forbids it now, InputError for a malformed event; never mutates.
    notes(before, after) -> [text]: what the rules did by themselves between two states
        (shown as "automatic:" lines and kept in the history).
    describe(event) -> text: one line saying what was recorded.
    status(state) -> dict: JSON-ready, with every key of STATUS_KEYS.
    outcome(state) -> Outcome | None: the result once the game is over (its termination
        set), else None.
    standing(state) -> Outcome: who would win if the game were decided now.
    events: the shape of each event type (scorekeeper.shapes; type -> record shape),
        from the module's optional `EVENTS`. Every event read from the log is checked
        against it before `apply`, so a damaged row is named as such; None: only the
        checks every game gets (an object with a text "type", then `apply`).
    """

    initial: Callable[[Sequence[str]], Any]
    apply: Callable[[Any, dict], Any]
    notes: Callable[[Any, Any], list[str]]
    describe: Callable[[dict], str]
    status: Callable[[Any], dict]
    outcome: Callable[[Any], Outcome | None]
    standing: Callable[[Any], Outcome]
    events: dict[str, dict] | None = None

    @classmethod
    def of(cls, module: ModuleType) -> Rules:
        """The rules defined by a rules module's functions of the same names, and its
        `EVENTS` if it has them; AttributeError names a missing function."""
        functions = {name: getattr(module, name) for name in cls._fields if name != "events"}
        return cls(**functions, events=getattr(module, "EVENTS", None))


class Game(NamedTuple):
    """One game as the score keeper knows it.

    `id`: the game id of pnp's registry ("scorekeeper new ID ..."); `name`: the printed
    name; `rules`: its Rules; `view(game_number, name, status) -> [line]`: its status
    table for a terminal; `verbs`: its click commands (names unique across all games and
    the shared commands, checked when the CLI starts); `check(entries) -> Outcome`: the
    optional hook behind `scorekeeper check ID ENTRY...`, settling a described final
    table (InputError for an entry it cannot read, RuleError for a table the rules or
    the cards cannot produce).
    """

    id: str
    name: str
    rules: Rules
    view: Callable[[int, str, dict], list[str]]
    verbs: tuple[click.Command, ...]
    check: Callable[[Sequence[str]], Outcome] | None = None
