"""A verb's form on the web page, read off its click command, and the form's answer
turned back into the words the command line takes: the page records a move by running
the same command (scorekeeper.web.runner), so the rules and their refusals are the CLI's.

Every field comes from a parameter of the command: a player is a choice of the players
seated; a card, a Hero or a Defense category a choice of what the command's shell
completion offers (its name shown, its id sent; a long list is a search box); a whole
number a number box in its range; a flag a tick box; an argument or option that takes
several values one box per player; the points sheet's PLAYER POINTS pairs
(scorekeeper.context.PlayerValues) a number box per player. Nothing here names a game.
"""

from __future__ import annotations

import re
from typing import Any, Mapping, NamedTuple, Sequence

import click

from scorekeeper.context import PlayerValues, Whole, complete_player

#: Options no form shows: output formats of a read command.
HIDDEN = frozenset({"as_json"})
#: The fields every form of the page sends beside its verb's: its one-time token and
#: whether the page follows the newest game.
FORM_FIELDS = ("token", "follow")
_NUMBER = re.compile(r"[-+]?[0-9]+")
#: Up to this many choices a field is a drop-down list; more are a search box.
LISTED = 14
#: The longest value a form may send for one field, and the most values in all.
LONGEST = 120
MOST_VALUES = 48


class Field(NamedTuple):
    """One input of a form. `name`: the form field's name (the parameter's);
    `label`: what the page shows; `kind`: "choice" (a drop-down list of `choices`),
    "search" (a text box offering `choices`), "number" (`low`..`high`), "flag" (a tick
    box), "text", or "per-player" (a number box per seated player); `choices`:
    (value sent, name shown) pairs; `required`; `repeat`: how many boxes (1, or one
    per player for a parameter taking several values); `option`: the option as typed
    ("--target"), None for an argument; `default`: the value a box starts with;
    `hint`: an option's help ("" for an argument); `placeholder`: what a text box
    shows while empty (an option's metavar, VOTER=FINALIST)."""

    name: str
    label: str
    kind: str
    choices: tuple[tuple[str, str], ...] = ()
    required: bool = False
    repeat: int = 1
    option: str | None = None
    low: int | None = None
    high: int | None = None
    default: str = ""
    hint: str = ""
    placeholder: str = ""


class Form(NamedTuple):
    """A verb's form: its `verb` name, `summary` (its help's first sentence, cut to a
    line), `help`
    (its whole first paragraph), `fields`, in the command's order, and `options`:
    every option name it takes as typed (--target, -t), for words sent as typed."""

    verb: str
    summary: str
    help: str
    fields: tuple[Field, ...]
    options: frozenset[str] = frozenset()


class FormError(ValueError):
    """A form answer that no form of the page could have sent (too long, too many
    values): the request is refused before anything runs."""


def form_of(
    command: click.Command, root: click.Context, players: Sequence[str], current: str | None
) -> Form:
    """The form of `command` for the game chosen in `root` (the CLI group's context,
    its `db` and `game_id` params set, which shell completion reads), seated
    `players`, `current` the player to act (the form's first player box starts on
    them; None: on nothing). Shell completion that cannot read the game offers nothing, and the
    field is a text box."""
    ctx = click.Context(command, parent=root, info_name=command.name)
    shown = [p for p in command.params if p.name not in HIDDEN]
    first = next((p for p in shown if _choices_players(p)), None)
    fields = tuple(_field(p, ctx, players, current if p is first else None) for p in shown)
    text = " ".join((command.help or "").split("\n\n")[0].split())
    summary = _shortened(re.split(r"\. (?=[A-Z])", text + " ", maxsplit=1)[0].rstrip(" ."))
    options = frozenset(
        name for p in shown if isinstance(p, click.Option) for name in (*p.opts, *p.secondary_opts)
    )
    return Form(str(command.name), summary, text, fields, options)


def _shortened(text: str, limit: int = 72) -> str:
    """`text` cut after a word to at most `limit` characters, with "…" if cut."""
    if len(text) <= limit:
        return text
    return text[: text.rfind(" ", 0, limit)].rstrip(",;:") + "…"


def _field(
    param: click.Parameter, ctx: click.Context, players: Sequence[str], current: str | None
) -> Field:
    name = str(param.name)
    option = param.opts[0] if isinstance(param, click.Option) else None
    label = (option.lstrip("-") if option else name).replace("_", " ").replace("-", " ")
    label = label.capitalize()
    many = param.nargs == -1 or bool(getattr(param, "multiple", False))
    common: dict[str, Any] = {
        "required": bool(param.required),
        "repeat": max(2, min(6, len(players))) if many else 1,
        "option": option,
        "hint": str(getattr(param, "help", None) or ""),
        "placeholder": str(param.metavar or "") if option else "",
        "default": _default(param),
    }
    if isinstance(param, PlayerValues):
        return Field(name, label, "per-player", tuple((p, p) for p in players), **common)
    if isinstance(param, click.Option) and param.is_flag:
        return Field(name, label, "flag", **{**common, "required": False, "default": ""})
    if isinstance(param.type, Whole):
        return Field(name, label, "number", low=param.type.low, high=param.type.high, **common)
    choices = _choices(param, ctx, players)
    if choices:
        kind = "choice" if len(choices) <= LISTED else "search"
        if _choices_players(param) and current:
            common["default"] = current if param.required else ""
        return Field(name, label, kind, choices, **common)
    return Field(name, label, "text", **common)


def _choices_players(param: click.Parameter) -> bool:
    """True for a parameter that takes a seated player (its completion offers them)."""
    return getattr(param, "_custom_shell_complete", None) is complete_player


def _default(param: click.Parameter) -> str:
    default = param.default
    unset = getattr(click.core, "UNSET", None)  # click 8.3's "no default"
    if default is None or default is unset or callable(default):
        return ""
    if not isinstance(default, (str, int)) or isinstance(default, bool):
        return ""
    return str(default)


def _choices(param: click.Parameter, ctx: click.Context, players: Sequence[str]):
    """(value, name) pairs offered for `param`: the players for a player; else what its
    shell completion offers, named by the completion's `named` (card names), or its
    CompletionItem help."""
    complete = getattr(param, "_custom_shell_complete", None)
    if _choices_players(param):
        return tuple((p, p) for p in players)
    try:
        items = param.shell_complete(ctx, "")
    except Exception:  # a completion that cannot read its data offers nothing
        return ()
    names: dict[str, str] = getattr(complete, "named", dict)()
    return tuple((i.value, names.get(i.value) or i.help or i.value) for i in items)


def words_of(form: Form, answer: Mapping[str, Sequence[str]], players: Sequence[str]) -> list[str]:
    """The words after the verb that `answer` (field name -> the values sent, as a
    form posts them; a per-player field as NAME:SEAT) stands for: options first, then
    `--`, then the arguments in order, empty boxes left out, so a value such as "-2"
    stays a value. FormError for a field the form does not have, a value longer than
    LONGEST characters, more values than a field has boxes, or over MOST_VALUES values
    in all; what the command itself
    refuses (a missing argument) is left to it."""
    known = {*FORM_FIELDS, *(f.name for f in form.fields)}
    known |= {f"{f.name}:{seat}" for f in form.fields for seat in range(len(players))}
    if set(answer) - known:
        raise FormError(
            f"the {form.verb} form has no field {sorted(set(answer) - known)[0][:30]!r}"
        )
    options: list[str] = []
    positional: list[str] = []
    count = 0
    for field in form.fields:
        if field.kind == "per-player":
            sent = [(p, _one(answer, f"{field.name}:{seat}")) for seat, p in enumerate(players)]
            values = [w for p, v in sent if v for w in (p, v)]
        else:
            values = [v.strip() for v in answer.get(field.name, ()) if v.strip()]
            if len(values) > field.repeat:
                raise FormError(f"more {field.label.lower()} values than the form has boxes")
        count += len(values)
        if any(len(v) > LONGEST for v in values) or count > MOST_VALUES:
            raise FormError(f"the {field.label.lower()} sent is longer than any form sends")
        if field.kind == "flag":
            options += [str(field.option)] if values else []
        elif field.option is not None:
            options += [w for v in values for w in (field.option, v)]
        else:
            positional += values
    return [*options, "--", *positional]


def typed_words(form: Form, words: Sequence[str]) -> list[str]:
    """`words` sent as typed after the verb (the page's JSON requests), checked: an
    option is one of the verb's own (`Form.options`), so the command line's group
    options (--db, --game), --data, --help and any other are refused; after "--" every
    word is a value. FormError naming the first word refused."""
    for word in words:
        if word == "--":
            break
        if word.startswith("-") and not _NUMBER.fullmatch(word):
            if word.partition("=")[0] not in form.options:
                raise FormError(f"{word[:30]!r} is not an option of {form.verb}")
    return list(words)


def _one(answer: Mapping[str, Sequence[str]], name: str) -> str:
    values = answer.get(name, ())
    return values[0].strip() if values else ""
