"""A person's defaults for the print verbs, set once in a `pnp.toml`: the game, paper,
card size, sheet layout, duplex, back offset, bleed, gutter, printer margin, corner
radius, dpi, print-shop preset, output folder and data folder.

Two files are looked for (pnp.cli.config_files): `pnp.toml` in the working folder, and
`pnp.toml` in the user's config folder (platformdirs' user_config_dir("hackpack"), or
the folder $HACKPACK_CONFIG_DIR names). Each key is taken from the command line when it is typed
there, else from ./pnp.toml, else from the user's file, else the option's own default.
A key is the option's name with "_" for "-" (`card_size`, `back_offset`; `out` and
`data` for --out and --data), and its value is checked by the very click type the
option has (pnp.cli.base: PAPER, BLEED_MM, ...), so the file takes exactly what the
command line takes. An unknown key, a value of the wrong kind or out of range, or bad
TOML is one line naming file:line, and the command exits 1 before it writes anything.
A value the command line overrides in kind gives way to it: pnp.toml's `game` to a
typed `--all` (pnp.cli.which_games), its `preset` to a typed `--format` (pnp.cli.export),
its `layout = "gutterfold"` to a typed `--duplex` or `--back-offset`, and its `duplex`
and `back_offset` to a typed `--layout gutterfold` (pnp.cli.build).

The `pnp` group calls `use_defaults` before any verb runs: it reads the files and
hands each verb the values of the options it has (click's `default_map`), so a verb
module only calls `announce` to say which files it read.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

import click

from pnp.cli.base import (
    BACK_OFFSET_MM,
    BLEED_MM,
    CARD_SIZE,
    CORNERS_MM,
    DPI,
    DUPLEX,
    GAME,
    GAP_MM,
    LAYOUT,
    PAPER,
    PRESET,
    TYPED,
    Failure,
    InRange,
    folder,
)
from pnp.cli.config_files import FILE_NAME, ConfigFile, config_files, shown_at
from pnp.cli.languages import LANG
from pnp.cli.picks import SizeName
from pnp.core.errors import Problem
from pnp.core.shown import described, quoted
from pnp.core.terminal import echo

_READ = "pnp.defaults"  # ctx.meta: how each file read is shown, for `announce`


@dataclass(frozen=True)
class Key:
    """One key of pnp.toml: the click parameter it sets (`param`), its type (a ParamType
    of pnp.cli.base; None for a folder path), whether it takes two numbers, and the
    verbs whose option of that name it does not set (`not_for`)."""

    param: str
    type: click.ParamType | None
    pair: bool = False
    not_for: tuple[str, ...] = ()


KEYS = {
    # `pnp diff` compares two folders: the game they hold is no default of a project's
    "game": Key("game", GAME, not_for=("diff",)),
    "paper": Key("paper", PAPER),
    "card_size": Key("card_size", CARD_SIZE),
    "layout": Key("layout", LAYOUT),
    "duplex": Key("duplex", DUPLEX),
    "back_offset": Key("back_offset", BACK_OFFSET_MM, pair=True),
    "bleed": Key("bleed", BLEED_MM),
    "gutter": Key("gutter", GAP_MM),
    "margin": Key("margin", GAP_MM),
    "corners": Key("corners", CORNERS_MM),
    "dpi": Key("dpi", DPI),
    "preset": Key("preset", PRESET),
    "out": Key("out_dir", None),
    "data": Key("data_dir", None),
    # the language `build` and `validate` print and check (issue 46); export-data writes
    # a translator's sheet only when asked on the command line
    "lang": Key("lang", LANG, not_for=("export-data", "import-translations")),
}


@dataclass(frozen=True)
class Defaults:
    """What the pnp.toml files set: click parameter name -> checked value (./pnp.toml's
    winning over the user's), and how each file read is shown, working folder first."""

    values: dict[str, Any]
    files: tuple[str, ...]


def read_defaults(ctx: click.Context | None = None) -> Defaults:
    """Read and check every pnp.toml there is (pnp.cli.config_files). Failure listing
    every problem, one line each with file:line, if any file has one."""
    values: dict[str, Any] = {}
    problems: list[str] = []
    files = config_files()
    for found in reversed(files):  # the user's first, so the working folder's wins
        if found.problem is not None:
            problems.append(found.problem)
            continue
        read, wrong = _values(found, ctx)
        values.update(read)
        problems += wrong
    if problems:
        raise Failure(problems)
    return Defaults(values, tuple(f.shown for f in files))


def _values(found: ConfigFile, ctx) -> tuple[dict[str, Any], list[str]]:
    """(parameter name -> checked value, problem lines) of one pnp.toml."""
    lines = found.parsed.lines.top
    values, problems = {}, []
    for key, value in found.parsed.data.items():
        spec = KEYS.get(key)
        where = lines.of(key)
        if spec is None:
            what = f"table [{key}]" if isinstance(value, dict) else f"key {quoted(key)}"
            import difflib  # here: only a name to correct needs it

            close = difflib.get_close_matches(key, KEYS, n=1, cutoff=0.75)
            message = f"unknown {what}" + (f" (did you mean {close[0]}?)" if close else "")
            message += f"; {FILE_NAME} takes the keys {', '.join(KEYS)}"
            problems.append(shown_at(Problem(found.path, message, line=where), found.shown))
            continue
        try:
            values[spec.param] = _checked(spec, value, ctx)
        except click.BadParameter as exc:
            problem = Problem(found.path, exc.message, line=where, field=key)
            problems.append(shown_at(problem, found.shown))
    return values, problems


def _checked(spec: Key, value: Any, ctx) -> Any:
    """`value` checked as the option `spec` sets checks what is typed (its click type;
    the folder check of pnp.cli.base.folder), in the form click takes as a default.
    click.BadParameter with the reason otherwise."""
    if spec.type is None:
        if not isinstance(value, str):
            raise click.BadParameter(f"expected a folder path in quotes, got {described(value)}")
        folder(ctx, None, value)  # type: ignore[arg-type]  # refuses an empty or blank path
        return os.path.expanduser(value)
    if spec.pair:
        if not (isinstance(value, list) and len(value) == 2):
            raise click.BadParameter(
                f"expected [DX, DY], two numbers of mm, got {described(value)}"
            )
        return tuple(_converted(spec.type, v, ctx) for v in value)
    return _converted(spec.type, value, ctx)


def _converted(kind: click.ParamType, value: Any, ctx) -> Any:
    """`value` converted by the option's own type: a Choice takes text, an InRange a
    number (TOML's, never text that looks like one), any other type (the game's) checks
    the value's kind itself."""
    if isinstance(kind, (click.Choice, SizeName)):
        if not isinstance(value, str):
            choices = ", ".join(f'"{c}"' for c in kind.choices)
            custom = ' or a custom "WxH" in mm' if isinstance(kind, SizeName) else ""
            raise click.BadParameter(f"expected one of {choices}{custom}, got {described(value)}")
    elif isinstance(kind, InRange) and (
        isinstance(value, bool) or not isinstance(value, (int, float))
    ):
        what = (
            f"a number of {kind.unit}"
            if kind.unit
            else "a whole number"
            if kind.integer
            else "a number"
        )
        raise click.BadParameter(
            f"expected {what} written without quotes (like {'300' if kind.integer else '0.5'}), "
            f"got {described(value)}"
        )
    try:
        return kind.convert(value, None, ctx)
    except Failure as exc:  # InRange: out of range, "the value must be 0..10 mm, got 20"
        raise click.BadParameter(exc.lines[0].removeprefix("the value ")) from None


def use_defaults(ctx: click.Context) -> None:
    """For the `pnp` group's callback: read the pnp.toml files when the verb about to
    run has any option they set, and give it their values as defaults (click's
    `default_map`); Failure, before the verb runs, if a file has a problem. A value the
    verb's own option refuses (`pnp calibrate` prints no `duplex = "none"`) is left
    to the option's default."""
    name = ctx.invoked_subcommand
    if ctx.resilient_parsing or name is None or not isinstance(ctx.command, click.Group):
        return
    command = ctx.command.get_command(ctx, name)
    if command is None:
        return
    takes = {p.name: p for p in command.params}
    for key in KEYS.values():
        if name in key.not_for:
            takes.pop(key.param, None)
    if not any(k.param in takes for k in KEYS.values()):
        return
    try:
        found = read_defaults(ctx)
    except Failure as exc:
        if not _asks_for_help(ctx, name):
            raise
        for line in exc.lines:  # the help is shown all the same; the verb itself would fail
            echo(f"Warning: {line}", err=True, exact=True)
        return
    given = {}
    for param_name, value in found.values.items():
        param = takes.get(param_name)
        if param is None:
            continue
        if param.callback is not None and param.callback is not folder:
            try:
                param.callback(ctx, param, value)
            except click.BadParameter:
                continue
        given[param_name] = value
    ctx.default_map = {**(ctx.default_map or {}), name: given}
    ctx.meta[_READ] = found.files


def _asks_for_help(ctx: click.Context, verb: str) -> bool:
    """Whether the words typed after `verb` (before any "--") hold a help option."""
    typed = list(ctx.meta.get(TYPED, ()))
    words = typed[typed.index(verb) + 1 :] if verb in typed else []
    words = words[: words.index("--")] if "--" in words else words
    return any(word in ctx.help_option_names for word in words)


def announce(err: bool = False) -> None:
    """For a verb: one line naming the pnp.toml files its defaults were read from
    ("Defaults from ./pnp.toml"), on stdout (stderr with `err`, for a verb whose stdout
    is JSON); nothing when no file was read."""
    files = click.get_current_context().meta.get(_READ)
    if files:
        echo(f"Defaults from {', then '.join(files)}", err=err, exact=True)
