"""What a game gives the score keeper: one typed object that the shared code only
queries (python-chess's variants and boardgame.io's game definitions are the models).

Each game package under `scorekeeper/games/` defines `GAME = Game(...)`; the registry
(`scorekeeper.games`) finds it by id. Nothing in the shared code names a game.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, Any, Callable, Sequence

from pnp.core.records import NamedTuple
from scorekeeper.errors import InputError, ScoreError, UsageError, quoted
from scorekeeper.outcome import Outcome

if TYPE_CHECKING:
    import click

    from scorekeeper.layout import Block
    from scorekeeper.legal import Made, Move, Typed

#: Every status dict carries these keys (a game adds its own):
#: game (id), phase (text), over (bool), turn (int: the turn or round number),
#: current (the name of the player to act, or None), leaders (names), result (an
#: Outcome's JSON, or None while the game goes on).
STATUS_KEYS = ("game", "phase", "over", "turn", "current", "leaders", "result")


class Automatic(NamedTuple):
    """One thing the rules did by themselves, for a page that shows it in one `line`
    with its `details` on a tap (the end-of-turn checks, one by one)."""

    line: str
    details: tuple[str, ...] = ()


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
    moves(state, kit) -> (scorekeeper.legal.Move, ...): the moves legal in `state`, each
        with the rulebook's name, who may make it and the choices of its params (none
        once the game is over). `kit`: what the game's `Game.kit` loads (its cards as
        the table needs them), None where there is none. Every move a move of `moves`
        offers, made with values it offers, is one `apply` accepts.
    make(state, kit, name, values) -> scorekeeper.legal.Made: the event that move `name`
        made with `values` stands for (names, card ids or names and numbers as a
        person types them, read here: one reading for the command line and the page);
        `kit` is a function giving what `moves` is given (called only by a move that
        reads the cards: scorekeeper.legal.loaded);
        InputError for a value it cannot read, RuleError for a move the rules refuse
        before its values are read; `apply` decides the rest.
    move_of(state, event) -> scorekeeper.legal.Typed: the move `event` was made by in
        `state` (the state before it), its values as `moves` offers them (the inverse
        of `make`).
    automatic(before, after) -> [Automatic]: optional (from the module's `automatic`):
        `notes` as a page shows them, each step one line with its details; None: each
        note is a step of its own.
    events: the shape of each event type (scorekeeper.shapes; type -> record shape),
        from the module's optional `EVENTS`. Every event read from the log is checked
        against it before `apply`, so a damaged row is named as such; None: only the
        checks every game gets (an object with a text "type", then `apply`).
    state_types: the NamedTuple and enum classes a state is made of, from the
        module's optional `STATE_TYPES`: with them each write saves the state it
        leaves (scorekeeper.snapshot) and the next command starts from it instead of
        replaying the log; () (the default): every command replays.
    """

    initial: Callable[..., Any]  # (names), or (names, variants) with variants
    apply: Callable[[Any, dict], Any]
    notes: Callable[[Any, Any], list[str]]
    describe: Callable[[dict], str]
    status: Callable[[Any], dict]
    outcome: Callable[[Any], Outcome | None]
    standing: Callable[[Any], Outcome]
    moves: Callable[[Any, Any], tuple[Move, ...]]
    make: Callable[[Any, Callable[[], Any], str, dict], Made]
    move_of: Callable[[Any, dict], Typed]
    automatic: Callable[[Any, Any], list[Automatic]] | None = None
    events: dict[str, dict] | None = None
    state_types: tuple[type, ...] = ()

    @classmethod
    def of(cls, rules: ModuleType, *modules: ModuleType | str) -> Rules:
        """The rules defined by the functions of the same names in `rules` and `modules`
        (the first that has each: a game may keep its legal moves in a module of their
        own beside its rules), with `rules`' `EVENTS` and `STATE_TYPES` if it has them,
        and `automatic` if one has it. AttributeError names a missing function: a game
        without one of them cannot be registered (scorekeeper.games.load_game).

        A module given by its name ("scorekeeper.games.hack_back.moves") is imported
        when one of its functions is first called (`Deferred`), so a command that asks
        for none (`status` asks for no legal moves) does not load it: it gives every
        required function the modules before it do not, and one it lacks is named
        (AttributeError) when called; it gives no `automatic`."""
        optional = ("automatic", "events", "state_types")

        def found(name: str) -> Any:
            for module in (rules, *modules):
                if isinstance(module, str):
                    if name not in optional:
                        return Deferred(module, name)
                elif hasattr(module, name):
                    return getattr(module, name)
            if name in optional:
                return None
            raise AttributeError(
                f"the rules of {rules.__name__} define no {name}() "
                f"(scorekeeper.game.Rules: every game's rules answer it)"
            )

        functions = {name: found(name) for name in cls._fields if name not in optional}
        return cls(
            **functions,
            automatic=found("automatic"),
            events=getattr(rules, "EVENTS", None),
            state_types=tuple(getattr(rules, "STATE_TYPES", ())),
        )

    def steps(self, before: Any, after: Any, notes: Sequence[str]) -> list[Automatic]:
        """What the rules did by themselves between `before` and `after` as a page shows
        it (`automatic`), or each of `notes` a step of its own, but the lines of the
        result of a game that just ended: one step, "the game is over: Cleo wins
        (highest total)", those lines its details."""
        if self.automatic is not None:
            return self.automatic(before, after)
        ended = self.outcome(after) if self.outcome(before) is None else None
        result = set(ended.explanation) if ended is not None else set()
        steps = [Automatic(note) for note in notes if note not in result]
        said = tuple(note for note in notes if note in result)
        if ended is not None and said:
            steps.append(Automatic(f"the game is over: {ended.said()}", said))
        return steps


class Deferred:
    """The function `name` of the module named `module`, imported when first used: a
    game's rules and hooks that most commands never call (its legal moves, its `check`,
    its page's board, its card look-ups) cost a command nothing until one is called or
    one of its attributes read (a `check` hook's `notation`). AttributeError, then, if
    the module defines no such function."""

    __slots__ = ("module", "name", "_function")

    def __init__(self, module: str, name: str):
        self.module, self.name = module, name
        self._function: Callable[..., Any] | None = None

    def __repr__(self) -> str:
        return f"Deferred({self.module!r}, {self.name!r})"

    def function(self) -> Callable[..., Any]:
        """The function itself, its module imported on first use (a method: an
        AttributeError raised in a property would be taken for a missing attribute)."""
        if self._function is None:
            function = getattr(import_module(self.module), self.name, None)
            if not callable(function):
                raise AttributeError(
                    f"{self.module} defines no {self.name}() (scorekeeper.game: a game's "
                    "rules and hooks name functions it defines)"
                )
            self._function = function
        return self._function

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.function()(*args, **kwargs)

    def __getattr__(self, attribute: str) -> Any:
        """A public attribute of the function (a `check` hook's `notation`); a private or
        special one is not looked up there (copy and pickle probe for some)."""
        if attribute.startswith("_"):
            raise AttributeError(attribute)
        return getattr(self.function(), attribute)


class Variant(NamedTuple):
    """An official variant a table chooses when it starts a game (`new --variant`), and
    that `check` and a game's own checks take the same way.

    `name`: what is typed ("faster", or "cover" in "cover=2"); `summary`: what it
    does, for `help GAME`; `rule`: the rules passage it comes from, quoted;
    `says(value)`: what the chosen value changes, in plain words, for `status` and
    `result --explain`; `values`: None for a variant that is on or off, else the
    (low, high) range of its whole-number value.
    """

    name: str
    summary: str
    rule: str
    says: Callable[[Any], str]
    values: tuple[int, int] | None = None

    @property
    def typed(self) -> str:
        """How it is typed: "faster" or "cover=1..3"."""
        return (
            self.name if self.values is None else f"{self.name}={self.values[0]}..{self.values[1]}"
        )


def choose_variants(declared: Sequence[Variant], typed: Sequence[str], game: str) -> dict:
    """The variants a table typed ("faster", "cover=2", any case), checked against the
    game's `declared` variants: {name: True or the whole number}, in declared order.
    InputError naming the game's variants for an unknown name, a value given to a
    switch or missing from a numbered one, a value out of its range, or one typed twice
    with two values. Source: each game's rules file, its "Variant" lines."""
    from scorekeeper.numbers import is_whole, whole

    by_name = {v.name: v for v in declared}
    known = ", ".join(v.typed for v in declared)
    chosen: dict = {}
    for text in typed:
        name, equals, value = text.partition("=")
        name = name.strip().casefold()
        variant = by_name.get(name)
        if variant is None:
            raise InputError(
                f"{game} has no variant {quoted(text)}"
                + (f"; its variants: {known}" if declared else "; it has no official variants")
            )
        if variant.values is None:
            if equals:
                raise UsageError(f"the {name} variant takes no value: type --variant {name}")
            got: bool | int = True
        else:
            if not equals or not is_whole(value):
                raise UsageError(
                    f"the {name} variant needs a whole number: --variant {variant.typed}"
                )
            low, high = variant.values
            got = whole(value, low, high, f"the {name} variant")
        if chosen.get(name, got) != got:
            raise InputError(f"the {name} variant is given twice, with different values")
        chosen[name] = got
    return {v.name: chosen[v.name] for v in declared if v.name in chosen}


def variant_lines(declared: Sequence[Variant], chosen: dict, rule: bool = True) -> list[str]:
    """One plain-words line per chosen variant, in declared order: "Variant faster: any
    number of Tech cards may be Protected on a turn", then the rules passage in
    parentheses when `rule`; none for a game played by the standard rules."""
    return [
        f"Variant {v.name if v.values is None else f'{v.name}={chosen[v.name]}'}: "
        f"{v.says(chosen[v.name])}" + (f" ({v.rule})" if rule else "")
        for v in declared
        if v.name in chosen
    ]


class Game(NamedTuple):
    """One game as the score keeper knows it.

    `id`: the game id of pnp's registry ("scorekeeper new ID ..."); `name`: the printed
    name; `rules`: its Rules; `view(game_number, name, status) -> [line]`: its status
    table for a terminal, each line a text or a scorekeeper.layout.Table (which the
    shared code prints wide, or stacked on a narrow terminal; a text it wraps there);
    `verbs`: its click commands (names unique across all games and
    the shared commands, checked when the CLI starts); `check(entries) -> Outcome`: the
    optional hook behind `scorekeeper check ID ENTRY...`, settling a described final
    table (InputError for an entry it cannot read, RuleError for a table the rules or
    the cards cannot produce). `variants`: the official variants a table may choose at
    `new` (Variant); a game that declares any takes the chosen ones as a second argument
    of `rules.initial(names, variants)` and of `check(entries, variants)`, each a dict
    from `choose_variants`; a game with none is called with one argument.
    `cards() -> ids`: the optional hook giving the ids of every card today's card data
    prints, so a saved game naming a card since retuned away is shown with a warning
    (`scorekeeper.retuned`); InputError if the card data cannot be read.
    `board(board, status) -> scorekeeper.board.Board`: the optional hook adding to the
    standing the web page (`scorekeeper serve`) reads off the `view`'s table
    (scorekeeper.board.from_view) what the terminal does not show, from `status`.
    `kit() -> kit`: the optional hook loading what the rules' `moves` and `make` take of
    the game's cards (InputError if the card data cannot be read); None: they take None.
    `first`: whether the table picks who goes first (then `new --first NAME` seats the
    players from that one on, clockwise), and `first_rule`: the rules passage that says
    who goes first, quoted when the table picks or when it may not. A hook may be a
    `Deferred`, naming a function whose module loads when it is first used.
    """

    id: str
    name: str
    rules: Rules
    view: Callable[[int, str, dict], list[Block]]
    verbs: tuple[click.Command, ...]
    check: Callable[..., Outcome] | None = None
    variants: tuple[Variant, ...] = ()
    cards: Callable[[], Any] | None = None
    board: Callable[[Any, dict], Any] | None = None
    kit: Callable[[], Any] | None = None
    first: bool = False
    first_rule: str = ""

    def legal(self, state: Any) -> tuple[Move, ...]:
        """The moves legal in `state` (`rules.moves`, with the game's kit); InputError if
        the card data they offer cannot be read."""
        return self.rules.moves(state, self.load_kit())

    def made(self, state: Any, name: str, values: dict) -> Made:
        """The event move `name` made with `values` stands for in `state` (`rules.make`,
        with the game's kit)."""
        return self.rules.make(state, self.load_kit, name, values)

    def player_of(self, state: Any, event: dict) -> str | None:
        """Who made `event` in `state` (the state before it: `rules.move_of`); None for
        the table, or for an event the rules cannot read as a move."""
        try:
            return self.rules.move_of(state, event).player
        except (ScoreError, LookupError, TypeError, ValueError):
            return None

    def load_kit(self) -> Any:
        """What `kit` loads, or None for a game without a kit."""
        return self.kit() if self.kit is not None else None

    def start(self, names: Sequence[str], variants: dict | None = None) -> Any:
        """The rules' initial state for `names` with the chosen `variants` (passed only
        to a game that declares variants); RuleError as `rules.initial`."""
        return (
            self.rules.initial(names, variants or {})
            if self.variants
            else self.rules.initial(names)
        )

    def settle(self, entries: Sequence[str], variants: dict | None = None) -> Outcome:
        """The `check` hook's Outcome for `entries` with the chosen `variants` (passed
        only to a game that declares variants)."""
        assert self.check is not None  # settled only for a game with a check hook
        return self.check(entries, variants or {}) if self.variants else self.check(entries)
