"""The words of the score keeper's help pages: one game's page of `scorekeeper help
GAME` (`verb_lines`) and the wrapping and summaries it and `--help` share."""

from __future__ import annotations

import click

from scorekeeper.context import example_line, example_of


def wrapped(text: str, width: int) -> list[str]:
    """`text` in lines of at most `width` columns (a longer word stays whole); game ids
    and card ids are never broken at their hyphens."""
    import textwrap

    return textwrap.wrap(
        " ".join(text.split()), width, break_on_hyphens=False, break_long_words=False
    )


def summary(command: click.Command) -> str:
    """The first paragraph of `command`'s help, on one line."""
    return " ".join((command.help or "").partition("\f")[0].split("\n\n")[0].split())


def verb_column(verbs) -> int:
    """Where the verbs' help starts: past the longest name, two columns either side."""
    return 2 + max((len(v.name) for v in verbs), default=0) + 2


def verb_rows(verbs, width: int) -> list[str]:
    """Each verb of `verbs` on its row with the first paragraph of its help, wrapped to
    `width`, and below it its declared example (`context.example`) to copy."""
    column, lines = verb_column(verbs), []
    for verb in verbs:
        text = wrapped(summary(verb), width - column) or [""]
        lines.append(f"  {verb.name:<{column - 4}}  {text[0]}".rstrip())
        lines += [" " * column + line for line in text[1:]]
        if example_of(verb) is not None:
            lines.append(" " * (column + 2) + example_line(verb))
    return lines


def every_game(shared: list[str], width: int) -> list[str]:
    """The last lines of a game's page: the commands every game shares."""
    return wrapped(f"Every game: {', '.join(shared)} (scorekeeper --help).", width)


def verb_lines(game, width: int, shared: list[str]) -> list[str]:
    """One game's page of `scorekeeper help GAME`, in lines of at most `width` columns:
    its name and how to start it, then each verb in its declared order with the first
    paragraph of its help and, below, its declared example (`context.example`) to copy,
    then the commands every game shares (`shared`: their names)."""
    verbs = [v for v in game.verbs if not v.hidden]
    column = verb_column(verbs)
    lines = [
        *wrapped(f"{game.name} ({game.id})", width),
        *wrapped(
            f"Start a game: scorekeeper new {game.id} NAME NAME..."
            + (" [--first NAME]" if game.first else "")
            + (" [--variant NAME[=N]]..." if game.variants else ""),
            width,
        ),
        "",
        *verb_rows(verbs, width),
    ]
    if game.variants:
        lines += [
            "",
            *wrapped(
                "Official variants, chosen at new (and given to check) with --variant:", width
            ),
        ]
        for v in game.variants:
            text = wrapped(f"{v.summary} ({v.rule})", width - column)
            lines.append(f"  {v.typed:<{column - 4}}  {text[0]}".rstrip())
            lines += [" " * column + line for line in text[1:]]
    return [*lines, "", *every_game(shared, width)]
