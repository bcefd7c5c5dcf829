"""What a print verb picks besides the game: the paper and the card size (`SizeName`,
pnp.core.sizes: a named size or a custom WxH in mm) and the cards (`--cards`,
pnp.selection), as click parameter types that pnp.cli.base and the verbs share."""

from __future__ import annotations

import click

from pnp.core.errors import LayoutError, PnpError
from pnp.core.sizes import card_size_name, paper_name, size_names


class SizeName(click.ParamType):
    """A paper (`kind` "paper") or card size ("card") typed on the command line: a named
    one (pnp.core.sizes, any case) or a custom WxH in mm, given on as its one spelling
    ("a4", "poker-landscape", "70x70mm"); anything else is click's usage error (exit 2)
    naming the known sizes. Completion offers the names."""

    def __init__(self, kind: str):
        self.kind = kind
        self.name = "paper" if kind == "paper" else "card size"
        self.choices = size_names(kind)

    def get_metavar(self, param, ctx=None) -> str:
        return "[" + "|".join(self.choices) + "|WxH]"

    def convert(self, value, param, ctx):
        try:
            return (paper_name if self.kind == "paper" else card_size_name)(str(value))
        except LayoutError as exc:
            self.fail(str(exc), param, ctx)

    def shell_complete(self, ctx, param, incomplete):
        from click.shell_completion import CompletionItem

        typed = incomplete.casefold()
        return [CompletionItem(c) for c in self.choices if c.startswith(typed)]


class CardList(click.ParamType):
    """The `--cards ID,ID,GLOB` of build, preview and export (pnp.selection): the items
    as a tuple; no item, or an empty one, is click's usage error (exit 2). Which items
    match no card is known once the data is read: an error then (exit 1)."""

    name = "cards"

    def convert(self, value, param, ctx):
        from pnp.selection import card_patterns

        if isinstance(value, tuple):
            return value
        try:
            return card_patterns(value)
        except PnpError as exc:
            self.fail(str(exc), param, ctx)

    def shell_complete(self, ctx, param, incomplete):
        """The ids of the game's cards (`complete_card_ids`) for the item after the last
        comma, each after the items typed before it."""
        from click.shell_completion import CompletionItem

        done, _, last = incomplete.rpartition(",")
        head = f"{done}," if done else ""
        from pnp.cli.completion import complete_card_ids

        return [CompletionItem(head + i) for i in complete_card_ids(ctx, param, last)]


def cards_option(what: str):
    """The --cards option: `what` the chosen cards get ("Print only", ...)."""
    return click.option(
        "--cards",
        "cards",
        type=CardList(),
        default=None,
        metavar="ID,ID,GLOB",
        help=f"{what} these cards: ids or globs (phish*, *-tv), comma-separated, any "
        "case; player aids too. An item matching no card is an error.",
    )
