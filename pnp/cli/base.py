"""What every `pnp` command shares: one way errors leave (`Failure`, exit status 1,
each problem on its own `Error:` line), numbers checked against their range
(`InRange`), the group class that turns library errors into Failures (`App`), the game
options and the progress bar. Each verb's module in pnp.cli builds its command from
these."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from pathlib import Path

import click

from pnp.cli.completion import complete_game_ids
from pnp.cli.picks import SizeName
from pnp.core.errors import DataError, GameLeftOut, HackPackError, Problem
from pnp.core.shown import described, plural, quoted
from pnp.core.terminal import OutputLost, echo, one_line, silence_stdout
from pnp.core.units import MAX_DPI, MIN_DPI
from pnp.layout.imposition import (
    DUPLEX_MODES,
    LAYOUTS,
    MAX_BACK_OFFSET_MM,
    MAX_BLEED_MM,
    MAX_CORNER_MM,
    MAX_GAP_MM,
)
from pnp.presets import PRESET_IDS


class Failure(click.ClickException):
    """One or more errors, each shown as its own `Error: ...` line; exit status 1."""

    exit_code = 1

    def __init__(self, lines: list[str]):
        super().__init__(lines[0] if lines else "failed")
        self.lines = lines

    def show(self, file=None) -> None:
        try:
            for line in self.lines:
                echo(f"Error: {one_line(line)}", err=True, exact=True)
        except OutputLost:  # stderr itself is gone: the exit status still tells
            pass


def error_lines(exc: HackPackError, game: str | None = None) -> list[str]:
    """The lines that report `exc`: every problem of a DataError (a warning or note among
    them says so; its file shown relative to the data folder, `in_data_folder`), then
    how many errors there are."""
    if not isinstance(exc, DataError):
        return [str(exc)]
    errors = [p for p in exc.problems if p.level == "error"]
    count = f"{plural(len(errors), 'problem')} found."
    shown = [in_data_folder(p) for p in exc.problems]
    return [str(p) if p.level == "error" else f"({p.level}) {p}" for p in shown] + [
        f"{game}: {count}" if game else count
    ]


def in_data_folder(problem: Problem) -> Problem:
    """`problem` with its file relative to the data folder of the running command
    (`--data`, else the folder holding the shipped games' data, pnp.core.paths) when it
    lies inside it, as the README shows them ("hack-attack/tech.toml:23: ...");
    unchanged otherwise."""

    from pnp.core.paths import SHIPPED_DATA_DIR

    ctx = click.get_current_context(silent=True)
    root = (ctx.params.get("data_dir") if ctx else None) or SHIPPED_DATA_DIR
    if not isinstance(problem, Problem) or problem.file is None:
        return problem
    import os

    try:  # by name, links not followed: the file named is the one shown
        inside = Path(os.path.abspath(problem.file)).relative_to(os.path.abspath(root))
    except (ValueError, OSError):
        return problem
    return problem._replace(file=inside)


TYPED = "pnp.typed"  # ctx.meta: the command line's words, for one_line
WRITTEN = "pnp.written"  # ctx.meta: True once a kit was published
_WHOLE = r"[+-]?[0-9]+"
_DECIMAL = r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)"


class InRange(click.ParamType):
    """A number typed on the command line, within low..high inclusive (`integer` for a
    count, else a length in `unit`, mm). As in `scorekeeper`: text that is no number in
    the README's decimal forms (ASCII digits, a sign, a decimal point; not 1_0, 1e3, inf
    or nan) is click's usage error (exit 2); a number out of range is an error naming
    the range (exit 1)."""

    def __init__(self, low: float, high: float, unit: str = "", integer: bool = False):
        # an unbounded range (±inf) leaves the range to the library: --players is checked
        # by each kit against the player counts its game.toml states
        self.low, self.high, self.unit, self.integer = low, high, unit, integer
        self.name = "integer" if integer else "mm" if unit == "mm" else "number"

    def convert(self, value, param, ctx):
        what = param.opts[0] if param is not None else "the value"
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            # already a number (a default, or a value of pnp.toml): its kind and range
            if self.integer and not isinstance(value, int):
                self.fail(
                    f"{described(value)} is not a whole number (write it like 12)", param, ctx
                )
            return self._in_range(value if self.integer else float(value), what, described(value))
        text = str(value).strip()
        # only the forms the README shows: 3, -2, 0.5, .5, 3.175 in ASCII digits; never
        # 1_0, 1e3, 0x10, inf or nan, which int() and float() would also take
        pattern = _WHOLE if self.integer else _DECIMAL
        if not re.fullmatch(pattern, text):
            self.fail(
                f"{quoted(value)} is not a {'whole ' if self.integer else ''}number"
                f" (write it like {'12' if self.integer else '0.5 or 3'})",
                param,
                ctx,
            )
        try:
            number = int(text) if self.integer else float(text)
        except ValueError:  # digits past int()'s limit
            raise Failure([f"{what} is too large ({len(text):,} digits)"]) from None
        return self._in_range(number, what, text if len(text) <= 20 else described(number))

    def _in_range(self, number: float, what: str, shown: str) -> float:
        """`number` if it lies within low..high; else Failure naming `what`, the range and
        the value as `shown`."""
        if not self.low <= number <= self.high:  # False for NaN too
            unit = f" {self.unit}" if self.unit else ""
            bounds = f"{self._shown(self.low)}..{self._shown(self.high)}{unit}"
            raise Failure([f"{what} must be {bounds}, got {shown}"])
        return number

    def _shown(self, bound: float) -> str:
        """A bound as typed: a whole count in full (1000000, not 1e+06)."""
        return str(int(bound)) if self.integer and math.isfinite(bound) else f"{bound:g}"


#: The types of the options several verbs share, one object each, so that an option and
#: the pnp.toml key of the same name (pnp.cli.defaults) take exactly the same values.
PAPER = SizeName("paper")
CARD_SIZE = SizeName("card")
DUPLEX = click.Choice(DUPLEX_MODES)
LAYOUT = click.Choice(LAYOUTS)  # --layout of build
CORNERS_MM = InRange(0, MAX_CORNER_MM, "mm")  # --corners of build and validate
BLEED_MM = InRange(0, MAX_BLEED_MM, "mm")
GAP_MM = InRange(0, MAX_GAP_MM, "mm")  # --gutter and --margin
BACK_OFFSET_MM = InRange(-MAX_BACK_OFFSET_MM, MAX_BACK_OFFSET_MM, "mm")  # each of DX, DY
DPI = InRange(MIN_DPI, MAX_DPI, integer=True)  # --dpi of export and preview
PRESET = click.Choice(PRESET_IDS)  # --preset of export and validate


class GameName(click.ParamType):
    """A game named by `--game` (or pnp.toml's `game`): text, not blank; which game it
    names (a registered game's id or alias, or a data-only game's folder) is settled when
    the command runs (pnp.build.find_kit), where the data folder is known."""

    name = "game"

    def convert(self, value, param, ctx):
        if not isinstance(value, str):
            self.fail(f"expected a game's id in quotes, got {described(value)}", param, ctx)
        if not value.strip():
            self.fail("the game is empty; name one, such as hack-attack", param, ctx)
        return value


GAME = GameName()


class App(click.Group):
    """The `pnp` group: a PnpError from any command becomes a Failure; click's usage
    errors, which quote the value typed whole, become one short line
    (pnp.core.terminal.one_line); output that cannot be written is settled by `output_lost`.

    `verbs` maps each verb to the module defining its command of the same name (with
    "_" for "-": `export_data` for export-data); a module is imported when its verb is
    asked for (click's lazy subcommands)."""

    def __init__(self, *args, verbs: dict[str, str] | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.verbs = dict(verbs or {})

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [*self.verbs, *(n for n in super().list_commands(ctx) if n not in self.verbs)]

    def get_command(self, ctx: click.Context, name: str):
        if name in self.verbs and name not in self.commands:
            from importlib import import_module

            command = getattr(import_module(self.verbs[name]), name.replace("-", "_"))
            self.add_command(command, name)
        return super().get_command(ctx, name)

    def make_context(self, info_name, args, parent=None, **extra) -> click.Context:
        typed = [str(a) for a in args]
        try:
            ctx = super().make_context(info_name, args, parent=parent, **extra)
        except click.UsageError as exc:
            exc.message = one_line(exc.message, typed)  # type: ignore[misc]  # click types it Final
            raise
        ctx.meta[TYPED] = typed
        return ctx

    def invoke(self, ctx: click.Context):
        from pnp.core.games import broken

        for line in broken():  # games left out when they registered, each once
            echo(f"Warning: {line}", err=True)
        try:
            return super().invoke(ctx)
        except HackPackError as exc:  # pnp's own, or the score keeper's rules (simulate)
            raise Failure(error_lines(exc)) from None
        except click.UsageError as exc:
            exc.message = one_line(  # type: ignore[misc]  # click types it Final
                exc.message, ctx.meta.get(TYPED, ())
            )
            raise
        except OutputLost as exc:
            output_lost(ctx, exc)


def output_lost(ctx: click.Context, exc: OutputLost) -> None:
    """A report that could not be printed: exit status 0 if the kit was written (with a
    note on stderr unless the reader of a pipe went away), else 1."""
    if exc.closed_pipe:
        silence_stdout()
    written = ctx.meta.get(WRITTEN, False)
    if written and not exc.closed_pipe:
        try:
            echo(f"The kit was written, but its summary could not be printed ({exc}).", err=True)
        except OutputLost:
            pass
    if written or exc.closed_pipe:
        ctx.exit(0 if written else 1)
    raise click.ClickException(f"the output could not be written ({exc})")


def for_each_game(names: list[str], run: Callable[[str], None]) -> None:
    """Call `run(name)` for every game; collect every game's errors and raise one Failure
    listing all of them when any failed."""
    lines: list[str] = []
    for name in names:
        try:
            run(name)
        except GameLeftOut as exc:  # a registration check: --all goes on without it
            if len(names) == 1:
                raise
            echo(f"Warning: {exc}", err=True)
        except HackPackError as exc:
            lines += error_lines(
                exc, name if len(names) > 1 or isinstance(exc, DataError) else None
            )
    if lines:
        raise Failure(lines)


def folder(ctx: click.Context, param: click.Parameter, value: str | None) -> Path | None:
    """A folder typed on the command line as a Path; an empty or blank one is a usage
    error (it would silently mean the current folder)."""
    if value is None:
        return None
    if not value.strip():
        raise click.BadParameter("the folder path is empty; name a folder ('.' for this one)")
    return Path(value)


def game_options(f):
    from pnp.core.games import game_ids

    f = click.option(
        "--data",
        "data_dir",
        callback=folder,
        metavar="DIR",
        default=None,
        help="Card data folder holding <game>/ (default: the data each game ships with).",
    )(f)
    f = click.option(
        "--all",
        "all_games",
        is_flag=True,
        help="Every game: the registered ones, or with --data every game DIR holds.",
    )(f)
    f = click.option(
        "--game",
        "-g",
        "game",
        type=GAME,
        default=None,
        shell_complete=complete_game_ids,
        help=f"Game id: {', '.join(game_ids())}, or a data-only game's folder in --data.",
    )(f)
    return f


def progress_bar(total: int, label: str):
    """A click progress bar on stderr when stderr is a terminal that takes escape codes;
    on one with NO_COLOR set or TERM=dumb (pnp.core.terminal.colour_wanted), plain lines
    without any escape code (`PlainProgress`); else one that shows nothing
    (pnp.render.raster.Progress), so logs and pipes get only the summary."""
    import sys

    from pnp.core.terminal import colour_wanted
    from pnp.render.raster import Progress

    if not sys.stderr.isatty():
        return Progress()
    if not colour_wanted():
        return PlainProgress(total, label, sys.stderr)
    return click.progressbar(length=total, label=label, file=sys.stderr)


class PlainProgress:
    """Progress for a terminal that takes no escape codes: "LABEL 0 of N", then a line
    at each further quarter and at the end, each a line of its own (no cursor moves, no
    carriage returns)."""

    def __init__(self, total: int, label: str, stream):
        self.total, self.label, self.stream, self.done, self.shown = total, label, stream, 0, -1

    def __enter__(self) -> PlainProgress:
        self._line()
        return self

    def __exit__(self, *exc) -> None:
        if self.done != self.shown:
            self._line()

    def update(self, n: int) -> None:
        """Count `n` more items done; a line when a further quarter is reached."""
        self.done = min(self.total, self.done + n)
        if self.total and (4 * self.done // self.total) > (4 * max(self.shown, 0) // self.total):
            self._line()

    def _line(self) -> None:
        self.shown = self.done
        self.stream.write(f"{self.label} {self.done} of {self.total}\n")
        self.stream.flush()


#: --max-dpi below this would make any art a blur
MIN_MAX_DPI = 72.0


def ink_saver_option(verb: str):
    """The --ink-saver/--full-ink option, its help starting with `verb`."""
    return click.option(
        "--ink-saver/--full-ink",
        default=False,
        show_default=True,
        help=f"{verb} the ink-saving faces: dark grounds, frames and big "
        "badges as outlines and pale tints, with the same text and marks.",
    )


def show_warnings(problems) -> None:
    """Print each warning or note as its own `Warning: ...` / `Note: ...` line on stderr,
    its file relative to the data folder (in_data_folder)."""
    for p in problems:
        echo(f"{p.level.capitalize()}: {one_line(str(in_data_folder(p)))}", err=True, exact=True)


def out_option(help: str):
    """The --out DIR option every verb that writes takes (default "out"), with the verb's
    own `help` saying where in DIR its files go."""
    return click.option(
        "--out",
        "out_dir",
        callback=folder,
        default="out",
        show_default=True,
        metavar="DIR",
        help=help,
    )
