"""What every command shares, in one small module that the CLI, the shared commands and
each game's verbs import (never each other): the context object with the database,
the decorator that passes it down, the `--json` option, the whole-number parameter
type, how a command line's negative numbers reach its arguments, a verb's one-line
example (`example`), shell completion from the legal moves (`complete_legal`) and of
a module's words (`completion`) and the `--variant` option (`variant_option`)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable

import click

from scorekeeper import numbers
from scorekeeper.errors import ScoreError, quoted

if TYPE_CHECKING:
    from scorekeeper.store import Store  # opened on first use (`Ctx._open`)


class Ctx:
    """What every command shares: the database path (None: the default) and the chosen
    game number (None: the newest). The store is opened on first use, once."""

    def __init__(self, db: Path | None, game_id: int | None):
        self.db, self.game_id = db, game_id
        self._store: Store | None = None

    @property
    def store(self):
        """The database of an existing game (never created: only `new` creates it)."""
        return self._open(create=False)

    @property
    def creator(self):
        """The database for `new`: created on first use."""
        return self._open(create=True)

    @property
    def reader(self):
        """The database for a command that only reads: never created, never changed."""
        return self._open(create=False)

    @property
    def opened(self):
        """The store if this command has opened it already, else None (never opens)."""
        return self._store

    @property
    def saved(self) -> bool:
        """True once this command has saved something (a write transaction committed):
        from then on a failure to print its report must not fail the command."""
        return self._store is not None and self._store.saved

    def _open(self, create: bool):
        """The store, opened once: the file named (--db or SCOREKEEPER_DB) must be in a
        folder that exists; the default one's folder is made when needed."""
        if self._store is None:
            from scorekeeper import cache
            from scorekeeper.store import Store, default_path

            self._store = Store(self.db or default_path(), create=create, folders=self.db is None)
            cache.use(self._store)  # card views are kept in the open database
        return self._store


#: Passes the group's Ctx to a command as its first argument.
pass_ctx = click.make_pass_decorator(Ctx)

#: The `--json` flag of read commands, passed as `as_json`.
JSON = click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")


class Whole(click.ParamType):
    """A whole number in low..high, read exactly as typed (sign included, see
    scorekeeper.numbers): text that is no whole number is click's usage error (exit 2);
    a number out of range is an InputError naming the range (exit 1), like every other
    value out of range at the table."""

    name = "integer"

    def __init__(self, low: int, high: int):
        self.low, self.high = low, high

    def convert(self, value, param, ctx) -> int:
        """The number, or the errors above."""
        text = str(value)
        if not numbers.is_whole(text):
            self.fail(f"{quoted(text)} is not a whole number", param, ctx)
        what = param.opts[0] if isinstance(param, click.Option) else param.human_readable_name
        return numbers.whole(text, self.low, self.high, what)


_NEGATIVE = r"-[0-9]+"  # compiled on first use (re's cache), not at start-up


def negatives_as_values(command: click.Command, ctx: click.Context, args: list[str]) -> list[str]:
    """`args` for `command` with every negative number that is not an option value
    taken as a positional value, as typed (`hero ana -3`, `negative ben -2`): click
    would read `-3` as an unknown option. Options keep their order and their values;
    positional words keep theirs, after a `--`. Unchanged if there is no such number."""
    takes_value, names = option_words(command, ctx)
    options: list[str] = []
    positional: list[str] = []
    moved, i = False, 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            positional += args[i + 1 :]
            break
        if arg in takes_value:
            options += args[i : i + 1 + takes_value[arg]]
            i += takes_value[arg]
        elif re.fullmatch(_NEGATIVE, arg) and arg not in names:
            positional.append(arg)
            moved = True
        elif arg.startswith("-") and len(arg) > 1:
            options.append(arg)
        else:
            positional.append(arg)
        i += 1
    return [*options, "--", *positional] if moved else args


def option_words(command: click.Command, ctx: click.Context) -> tuple[dict[str, int], set[str]]:
    """`command`'s options as typed: ({name: how many values it takes} for the options
    that take values, every option name, flags and --no-... forms included)."""
    options_of = [p for p in command.get_params(ctx) if isinstance(p, click.Option)]
    takes_value = {
        name: p.nargs for p in options_of if not p.is_flag and not p.count for name in p.opts
    }
    return takes_value, {name for p in options_of for name in (*p.opts, *p.secondary_opts)}


def example(args: str = ""):
    """Declare a verb's one-line example, the words typed after the verb (put it above
    `@click.command`): `scorekeeper help GAME` shows it under the verb, and the verb's
    own --help ends with it. One place per verb, read back by `example_of`."""

    def declare(command: click.Command) -> click.Command:
        setattr(command, "example", args)  # read back with getattr (`example_of`)
        if command.epilog is None:
            command.epilog = f"Example: {example_line(command)}"
        return command

    return declare


def what_if(command: click.Command) -> click.Command:
    """Mark a game's verb that records nothing (put it above `@click.command`): a check
    such as Hack Attack's `defend`, offered by completion whatever is legal now."""
    setattr(command, "what_if", True)
    return command


def is_what_if(command: click.Command) -> bool:
    """True for a verb marked `what_if`."""
    return bool(getattr(command, "what_if", False))


def example_of(command: click.Command) -> str | None:
    """The words of `command`'s declared example (`example`), or None if it has none."""
    return getattr(command, "example", None)


def example_line(command: click.Command) -> str:
    """The example as typed at the table: "scorekeeper protect Ana laptop"."""
    return " ".join(w for w in ("scorekeeper", command.name, example_of(command)) if w)


def _starting_with(words: Iterable[str], incomplete: str) -> list[str]:
    """The words that start with `incomplete`, case ignored, in their order."""
    typed = incomplete.casefold()
    return [w for w in words if w.casefold().startswith(typed)]


def complete_legal(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """Shell completion (click's `shell_complete`) from what is legal now: the choices
    the rules offer (scorekeeper.legal) for this parameter of the verb's move in the
    chosen game (--db and --game as typed, wherever typed; else the default database and
    its newest game), those that start with what is typed, any case, each with its
    label as help (click.shell_completion.CompletionItem). A player is offered only where
    the move lets them make it, a card only while the deck has one to take, a Hero only
    where a target rule allows it; a verb not legal now offers nothing, and neither does
    a file or game that cannot be read. Reads the database without changing it."""
    from click.shell_completion import CompletionItem

    command, name = str(ctx.command.name), str(param.name)
    typed = {k: v for k, v in ctx.params.items() if v not in (None, (), "")}
    arguments = [p for p in ctx.command.params if isinstance(p, click.Argument)]
    if not any(str(p.name) in typed for p in arguments):  # an option's value: args unparsed
        words = [w for w in ctx.args if not w.startswith("-") or w[1:].isdigit()]
        typed.update({str(p.name): w for p, w in zip(arguments, words) if p.nargs == 1})
    metavar = str(param.metavar or "")
    choices = read_chosen(
        ctx, lambda store, game_id: _choices(store, game_id, command, name, typed, metavar)
    )
    key = incomplete.casefold().removeprefix("#")
    return [
        CompletionItem(value, help=label if label != value else None)
        for value, label in choices or ()
        if value.casefold().startswith(key)
    ]


def _choices(
    store, game_id, command: str, name: str, typed: dict, metavar: str
) -> list[tuple[str, str]]:
    """(value, label) of what move `command` offers for its parameter `name` in the
    chosen game now (an "each" parameter: the values of the entry to come next, or the
    ENTRY=VALUE pairs still to give when it is typed so: its `metavar` says)."""
    from scorekeeper import session

    table = session.current(store, game_id)
    move = next((m for m in table.game.legal(table.state) if m.name == command), None)
    if move is None:
        return []
    values = {k: list(v) if isinstance(v, tuple) else v for k, v in typed.items()}
    for other in move.all_params(values):  # a value typed already that is not offered
        if other.name != name and other.kind == "choice" and other.name in values:
            typed_value = values[other.name]
            words = typed_value if isinstance(typed_value, list) else [typed_value]
            if not all(_offers(other.choices, str(w)) for w in words):
                return []
    found = move.param(name, values)
    if found is None:
        return []
    if found.kind == "each":
        given: list = values.get(name) or []
        if "=" in metavar:  # typed ENTRY=VALUE (the hack-off's --vote VOTER=FINALIST)
            said = {str(v).partition("=")[0].casefold() for v in given}
            return [
                (f"{p.name}={c.value}", c.label)
                for p in found.each
                if p.name.casefold() not in said
                for c in p.choices
            ]
        if found.each and found.each[0].kind == "number":
            return [(p.name, p.label) for p in found.each]  # a player, then their number
        if len(given) >= len(found.each):
            return []
        found = found.each[len(given)]
    return [(c.value, c.label) for c in found.choices]


def _offers(choices, typed: str) -> bool:
    """True if `typed` could be one of `choices` as a person types it: a value or label
    it begins, any case."""
    key = typed.casefold().removeprefix("#")
    return any(
        c.value.casefold().startswith(key) or c.label.casefold().startswith(key) for c in choices
    )


def read_chosen(ctx: click.Context, read: Callable[[Any, int | None], Any]) -> Any:
    """`read(store, game_id)` in one read transaction on the database and game chosen
    on the command line (--db and --game as typed, wherever typed; else the default
    database and its newest game); None if there is no such file or game."""
    from scorekeeper.store import Store, default_path

    chosen = ctx.find_root().params
    try:
        store = Store(chosen.get("db") or default_path(), create=False)
        try:
            with store.transaction(write=False):
                return read(store, chosen.get("game_id"))
        finally:
            store.close()
    except ScoreError:
        return None


def completion(module: str, words: Callable[[Any], Iterable[str]]):
    """A shell completion callback (click's `shell_complete`) offering `words(m)` that
    start with what is typed, any case, where `m` is the module named `module`
    (imported only when the shell asks, so start-up stays cheap): for a game's card
    ids, `completion("scorekeeper.games.GAME.cards", lambda cards: ...)`. Offers
    nothing if the words cannot be read (card data with problems)."""

    def complete(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
        from importlib import import_module

        try:
            offered = list(words(import_module(module)))
        except ScoreError:
            return []
        return _starting_with(offered, incomplete)

    return complete


def variant_option(game: str | None = None):
    """The `--variant` option (click.option) of `new`, `check` and a game's own checks:
    one official variant per use, "NAME" or "NAME=N", collected as `variants` (a tuple
    of the typed texts, read by scorekeeper.game.choose_variants). Shell completion
    offers the variants of `game`, or of the game typed as the command's GAME."""

    def complete(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
        from scorekeeper.games import find_game

        try:
            # while an option's value is completed, click leaves the arguments unparsed
            typed = game or ctx.params.get("game") or next(iter(ctx.args), "")
            declared = find_game(typed).variants
        except ScoreError:
            return []
        typed_forms = [
            form
            for v in declared
            for form in (
                [v.name]
                if v.values is None
                else [f"{v.name}={n}" for n in range(v.values[0], v.values[1] + 1)]
            )
        ]
        return _starting_with(typed_forms, incomplete)

    return click.option(
        "--variant",
        "variants",
        multiple=True,
        metavar="NAME[=N]",
        shell_complete=complete,
        help="An official variant, e.g. faster or cover=2 for Hack Attack: Defense "
        "(scorekeeper help GAME lists each game's); repeat for more.",
    )
