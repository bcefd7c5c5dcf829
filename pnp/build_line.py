"""The `pnp build` command line that makes a kit, read back from its BuildOptions: the
game and every option whose value differs from the command's own default, in the
spelling `pnp build` takes, quoted for a POSIX shell. The print-me-first page prints
it (pnp.print_first), so a kit's folder says how to make it again.

`--out` is left out: it says where the files go, not what they are (a kit built into
two folders is the same kit, byte for byte). Every other option of `pnp build` has a
row in OPTIONS (tests/test_print_first.py checks that against the command itself, and
that the line read by the command gives back the same BuildOptions).
"""

from __future__ import annotations

import shlex
from collections.abc import Callable
from typing import Any

from pnp.layout.imposition import SheetSpec

#: Options of `pnp build` that no BuildOptions field holds: they choose which games to
#: build, where the files go, or when to build again, not what a kit is.
NOT_IN_THE_KIT = ("all_games", "out_dir", "watch", "game")


#: What `--layout gutterfold` sets itself (one side, no back offset), and a line holding
#: it must not say again (pnp.cli.build.layout_and_duplex refuses both typed at once).
IMPLIED_BY_GUTTERFOLD = ("duplex", "back_offset")


def number(value: float) -> str:
    """`value` as short as it reads back exactly: 2 -> "2", 2.5 -> "2.5", 0.1 + 0.2 ->
    "0.30000000000000004"."""
    short = f"{value:g}"
    return short if float(short) == value else repr(float(value))


def _flag(name: str) -> Callable[[Any], list[str]]:
    """A flag printed when its value is true."""
    return lambda value: [name] if value else []


def _value(name: str, shown: Callable[[Any], str] = str) -> Callable[[Any], list[str]]:
    """An option and its value."""
    return lambda value: [name, shown(value)]


#: (click parameter name, where its value is in BuildOptions ("spec." for SheetSpec),
#: the default the command starts from, the words it prints for a value).
OPTIONS: tuple[tuple[str, str, Any, Callable[[Any], list[str]]], ...] = (
    ("data_dir", "data_dir", None, _value("--data")),
    ("paper", "spec.paper", SheetSpec.paper, _value("--paper")),
    ("card_size", "card_size", None, _value("--card-size")),
    ("bleed", "spec.bleed_mm", SheetSpec.bleed_mm, _value("--bleed", number)),
    ("gutter", "spec.gutter_mm", SheetSpec.gutter_mm, _value("--gutter", number)),
    ("margin", "spec.margin_mm", SheetSpec.margin_mm, _value("--margin", number)),
    ("crop_marks", "spec.crop_marks", True, lambda on: [] if on else ["--no-crop-marks"]),
    ("corners", "spec.corners_mm", None, _value("--corners", number)),
    ("layout", "spec.layout", "grid", _value("--layout")),
    ("deck_sheets", "spec.deck_sheets", False, _flag("--deck-sheets")),
    ("duplex", "spec.duplex", SheetSpec.duplex, _value("--duplex")),
    (
        "back_offset",
        "spec.back_offset_mm",
        (0.0, 0.0),
        lambda xy: ["--back-offset", *(number(v) for v in xy)],
    ),
    ("deck_format", "deck_format", None, _value("--deck-format")),
    ("players", "players", None, _value("--players")),
    ("ink_saver", "ink_saver", False, _flag("--ink-saver")),
    ("max_dpi", "max_dpi", None, _value("--max-dpi", number)),
    ("cards", "cards", (), lambda items: ["--cards", ",".join(items)]),
    ("lang", "lang", "", _value("--lang")),
)


def field_value(options: Any, where: str) -> Any:
    """The value at `where` ("spec.paper", "ink_saver") of a BuildOptions."""
    value = options
    for part in where.split("."):
        value = getattr(value, part)
    return value


def build_words(options: Any) -> list[str]:
    """The words of the `pnp build` command that makes the kit of `options` (a
    pnp.build.BuildOptions), unquoted: "pnp", "build", "--game", the game, then each
    option that is not at its default, in the order `pnp build --help` lists them."""
    words = ["pnp", "build", "--game", options.game]
    folded = options.spec.layout == "gutterfold"
    for name, where, default, shown in OPTIONS:
        value = field_value(options, where)
        if name == "data_dir" and options.lang:  # a translated kit is read from a copy
            value = options.typed_data_dir
        if value != default and not (folded and name in IMPLIED_BY_GUTTERFOLD):
            words += shown(value)
    return words


def build_line(options: Any) -> str:
    """`build_words` as one line for a POSIX shell (each word quoted where it needs it:
    a path with a space, a glob in --cards)."""
    return shlex.join(build_words(options))
