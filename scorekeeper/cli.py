"""The `scorekeeper` command line: the shared commands (scorekeeper.commands) and every
registered game's verbs (scorekeeper.games), in one click group. Thin: it parses,
calls the library and turns its errors into messages. `--help` lists the shared commands
under "Every game" and each game's verbs under the game's name, from the registries;
--db and --game may be typed before or after the verb.

Exit status: 0 success (also when the action was saved but its report could not be
printed); 1 a refused or malformed command — the message names the rule, the range or
what was expected, and the database is unchanged; 2 usage error (click): an unknown
command or option, a missing or extra argument, text where a number is expected.
Every message is one line; a value quoted in it is shortened (pnp.core.terminal).
"""

from __future__ import annotations

# First, before click: the collector waits while the command loads (scorekeeper.collector).
from scorekeeper.collector import exit_without_collecting  # isort: skip
import os
from contextlib import contextmanager
from pathlib import Path
from typing import cast

import click

from pnp.core.exceptions import HackPackError
from pnp.core.terminal import OutputLost, colour_wanted, echo, one_line, silence_stdout
from scorekeeper.commands import SHARED, playing, shared_command, shared_commands, verb_games
from scorekeeper.context import Ctx, Whole, negatives_as_values, option_words
from scorekeeper.errors import RegistryError, StoreError, UsageError
from scorekeeper.games import SHEET_VERBS, forget_problems, load_game, problems
from scorekeeper.store import ENV_DB, path_problem

_COMMANDS = "scorekeeper.commands"  # the key of the collected commands in ctx.meta
_TYPED = "scorekeeper.typed"  # the key of the command line's words in ctx.meta
_OWNERS = "scorekeeper.verb_games"  # verb -> its game's id (verb_games), in ctx.meta
_WARNED = "scorekeeper.warned"  # the problems this invocation has named, in ctx.meta
#: What click raises to show the help when a group is called without arguments (8.2+).
_HELP = getattr(click.exceptions, "NoArgsIsHelpError", ())
#: The group's options that may also be typed after the verb: they choose the database
#: and the game, so `scorekeeper status --game 1` is `scorekeeper --game 1 status`.
ANYWHERE = ("--db", "--game")
#: The heading of the shared commands in --help; each game's verbs follow under its name.
EVERY_GAME = "Every game"


def collect_commands() -> dict[str, click.Command]:
    """Every command of the CLI by name: the shared commands, the points sheet's verbs
    (scorekeeper.sheets) and the verbs each playable game declares (`Game.verbs`), read
    from the manifest now (`playing`: a game whose verb clashes is left out and named
    in scorekeeper.games.problems)."""
    commands = {cast(str, c.name): c for c in (*shared_commands(), *sheet_verbs())}  # all named
    for game in playing():
        for verb in game.verbs:
            commands[cast(str, verb.name)] = verb
    return commands


def sheet_verbs() -> tuple[click.Command, ...]:
    """The points sheet's verbs (scorekeeper.games.SHEET_VERBS), its package loaded; a
    RegistryError (its package broken) as ClickException."""
    from scorekeeper.sheets import verb

    try:
        return tuple(verb(name) for name in SHEET_VERBS)
    except RegistryError as exc:
        raise click.ClickException(str(exc)) from None


def command_sections() -> list[tuple[str, tuple[click.Command, ...]]]:
    """The commands as --help groups them: the shared ones under EVERY_GAME, then each
    game's verbs under its printed name (`Game.name`), in the registry's order, each in
    its declared order (`playing`), then the points sheet's (scorekeeper.sheets.SECTION)."""
    from scorekeeper.sheets import SECTION

    return [
        (EVERY_GAME, shared_commands()),
        *((game.name, game.verbs) for game in playing()),
        (SECTION, sheet_verbs()),
    ]


def group_options_first(ctx: click.Context, args: list[str], command_of) -> list[str]:
    """`args` of the group with each ANYWHERE option typed after the verb moved, with its
    value, before the verb, where click reads the group's options; `command_of(name)`
    is the verb's command (None: unknown, `args` unchanged). A verb's own option of
    the same name stays its own, the values of its options stay where they are, and
    nothing after a `--` moves. Usage error (exit 2) for such an option without a value."""
    takes, _ = option_words(ctx.command, ctx)
    at = 0
    while at < len(args) and args[at].startswith("-") and len(args[at]) > 1 and args[at] != "--":
        at += 1 + takes.get(args[at], 0)
    command = command_of(args[at]) if at < len(args) else None
    if command is None:
        return args
    own_takes, own = option_words(command, ctx)
    moved, kept, i = [], [], at + 1
    while i < len(args):
        arg = args[i]
        name = arg.partition("=")[0] if arg.startswith("--") else arg
        if arg == "--":
            kept += args[i:]
            break
        if name in ANYWHERE and name not in own:
            count = 1 if "=" in arg else 1 + takes[name]
            if i + count > len(args) and not ctx.resilient_parsing:
                raise click.BadOptionUsage(name, f"Option '{name}' requires an argument.", ctx)
            moved += args[i : i + count]
        else:
            count = 1 + own_takes.get(arg, 0)
            kept += args[i : i + count]
        i += count
    return [*args[:at], *moved, args[at], *kept]


@contextmanager
def one_line_errors(typed):
    """Errors inside come out as one short line (pnp.core.terminal.one_line): click's usage errors,
    which echo what was typed whole, with the command line's words `typed` shortened,
    keeping their exit status 2, and the score keeper's own UsageError (a malformed
    value inside an entry or a variant) as one of them; any other ScoreError, whose
    message quotes what was typed already, and any error of the shared core (a game's
    manifest or data: pnp.core.errors.HackPackError), as `Error: ...` with exit status 1."""
    try:
        yield
    except click.UsageError as exc:
        if not isinstance(exc, _HELP):
            exc.message = one_line(exc.message, typed)
        raise
    except UsageError as exc:  # text that is no value of its kind: exit 2
        raise click.UsageError(one_line(str(exc)), exc.command) from None
    except HackPackError as exc:  # the score keeper's own, or the shared core's (pnp.core)
        raise click.ClickException(one_line(str(exc))) from None


class App(click.Group):
    """A click group whose commands are collected (`collect_commands`) when it first
    lists or resolves one, once per invocation. It lets negative numbers be typed as
    values, turns every error into one line (`one_line_errors`), switches colour off
    when asked (`pnp.core.terminal.colour_wanted`), and settles output that cannot be written."""

    def main(self, *args, **kwargs):
        """click's `main`; the process skips the collector's passes when it exits
        (scorekeeper.collector.exit_without_collecting)."""
        exit_without_collecting()
        return super().main(*args, **kwargs)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """The group's options, also those typed after the verb (`group_options_first`)."""
        return super().parse_args(
            ctx, group_options_first(ctx, args, lambda name: self.get_command(ctx, name))
        )

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The commands in sections (`command_sections`), in one aligned column."""
        self._commands(ctx)  # a clash of verbs is the error to show
        sections = command_sections()
        width = max(len(cast(str, c.name)) for _, commands in sections for c in commands)
        for title, commands in sections:
            rows = [
                (cast(str, c.name).ljust(width), c.get_short_help_str(formatter.width - 6 - width))
                for c in commands
                if not c.hidden
            ]
            if rows:
                with formatter.section(title):
                    formatter.write_dl(rows)

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """Where to find one game's verbs with examples, and where --db and --game go."""
        from scorekeeper.help_page import wrapped

        ids = ", ".join(game.id for game in playing())
        formatter.write_paragraph()
        for line in wrapped(
            f"One game's verbs, each with an example: 'scorekeeper help "
            f"GAME' (GAME: {ids}); a data-only game's points sheet: 'scorekeeper "
            "help --data DIR GAME'. --db and --game may also follow the verb.",
            formatter.width - formatter.current_indent,
        ):
            formatter.write(f"{'':>{formatter.current_indent}}{line}\n")

    def shell_complete(self, ctx: click.Context, incomplete: str) -> list:
        """Completion of a verb: the shared commands, and of the games' verbs only those
        the chosen game (context.complete_legal's) makes legal now and its what-if
        commands (context.what_if); every verb when no game can be read."""
        items = super().shell_complete(ctx, incomplete)
        offered = legal_verbs(ctx)
        if offered is None:
            return items
        return [
            i for i in items if i.value.startswith("-") or i.value in SHARED or i.value in offered
        ]

    def list_commands(self, ctx: click.Context) -> list[str]:
        """Every command name, sorted (the shared commands and every game's verbs)."""
        return sorted(self._commands(ctx))

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        """The command called `name`, or None (click then reports the usage error). A
        shared command (only its own module imported: scorekeeper.commands.SHARED), a verb
        of the points sheet (scorekeeper.games.SHEET_VERBS) or a verb whose game's
        manifest declares it is found without importing any game's rules (`verb_games`,
        read from the manifests, also names a game left out for a clashing verb); the
        whole list (`_commands`) only when it has been collected for --help."""
        if _COMMANDS in ctx.meta:
            return ctx.meta[_COMMANDS].get(name)
        if _OWNERS not in ctx.meta:
            ctx.meta[_OWNERS] = self._collected(ctx, verb_games)
        if name in SHEET_VERBS:
            return sheet_verbs()[SHEET_VERBS.index(name)]
        if name in SHARED:
            return shared_command(name)
        owner = ctx.meta[_OWNERS].get(name)
        if owner is None:
            return None
        try:
            game = load_game(owner)
        except RegistryError as exc:
            raise click.ClickException(str(exc)) from None
        return next(v for v in game.verbs if v.name == name)

    def _commands(self, ctx: click.Context) -> dict[str, click.Command]:
        if _COMMANDS not in ctx.meta:
            ctx.meta[_COMMANDS] = self._collected(ctx, collect_commands)
        return ctx.meta[_COMMANDS]

    def _collected(self, ctx: click.Context, collect):
        """`collect()`, its problems (a broken game) each named once on stderr, if this
        invocation has named none yet; the rest keep working."""
        forget_problems()
        try:
            found = collect()
        except HackPackError as exc:
            raise click.ClickException(str(exc)) from None
        for line in problems():
            if line not in ctx.meta.setdefault(_WARNED, set()):
                ctx.meta[_WARNED].add(line)
                echo(f"Warning: {line}", err=True)
        return found

    def make_context(self, info_name, args, parent=None, **extra) -> click.Context:
        """The group's context, its options parsed; errors as `one_line_errors`."""
        typed = [str(a) for a in args]
        with one_line_errors(typed):
            ctx = super().make_context(info_name, args, parent=parent, **extra)
        ctx.meta[_TYPED] = typed
        return ctx

    def resolve_command(self, ctx: click.Context, args: list[str]):
        """The command and its arguments, negative numbers taken as values
        (context.negatives_as_values)."""
        name, command, rest = super().resolve_command(ctx, args)
        return name, command, negatives_as_values(command, ctx, rest) if command else rest

    def invoke(self, ctx: click.Context):
        """Run the command: colour off when not wanted; errors as `one_line_errors`;
        output that cannot be written as `output_lost`."""
        if not colour_wanted():
            ctx.color = False
        try:
            with one_line_errors(ctx.meta.get(_TYPED, ())):
                return super().invoke(ctx)
        except OutputLost as exc:
            output_lost(ctx, exc)


def legal_verbs(ctx: click.Context) -> set[str] | None:
    """The verbs of the game chosen on the command line (context.read_chosen) that can
    be typed now: its moves legal now and its what-if commands; None if there is no game
    or it cannot be read."""
    from scorekeeper import session
    from scorekeeper.context import is_what_if, read_chosen

    def read(store, game_id) -> set[str]:
        table = session.current(store, game_id)
        legal = {m.name for m in table.game.legal(table.state)}
        return legal | {str(v.name) for v in table.game.verbs if is_what_if(v)}

    return read_chosen(ctx, read)


def output_lost(ctx: click.Context, exc: OutputLost) -> None:
    """A report that could not be printed: exit status 0 if the command had saved its
    action (with a note on stderr, unless the reader of a pipe just went away), else
    exit status 1 (silently for a closed pipe, else with `Error: ...`)."""
    if exc.closed_pipe:
        silence_stdout()
    saved = isinstance(ctx.obj, Ctx) and ctx.obj.saved
    if saved and not exc.closed_pipe:
        try:
            echo(f"Saved, but its report could not be printed ({exc}).", err=True)
        except OutputLost:
            pass
    if saved or exc.closed_pipe:
        ctx.exit(0 if saved else 1)
    raise click.ClickException(f"the output could not be written ({exc})")


def _db_path(ctx, param, value):
    """--db (or SCOREKEEPER_DB) as a Path, None for the default file. StoreError, one
    line with exit status 1 like every path that cannot hold the database, for an
    empty or blank one (store.path_problem)."""
    if value is None and os.environ.get(ENV_DB) == "":
        value = ""  # click skips an empty variable: refuse it as --db ""
    why = path_problem(value) if value is not None else None
    if why:
        raise StoreError(f"the database path is {why} (from --db or {ENV_DB})")
    return Path(value) if value is not None else None


@click.group(cls=App, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--db",
    callback=_db_path,
    envvar=ENV_DB,
    help="Database file (default: scorekeeper.sqlite3 in your user data folder; "
    "or set SCOREKEEPER_DB).",
)
@click.option(
    "--game", "game_id", type=Whole(1, 2**63 - 1), help="Game id to use (default: the newest)."
)
@click.version_option(package_name="hackpack")
@click.pass_context
def main(ctx: click.Context, db: Path | None, game_id: int | None) -> None:
    """Keep score at the table for the Hack Pack's card games: start one with 'new',
    record what happens with the game's own verbs, and ask for 'status' or 'result'."""
    ctx.obj = Ctx(db, game_id)
