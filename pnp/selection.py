"""`--cards ID,ID,GLOB` of `pnp build`, `preview` and `export`: a subset of the cards a
kit prints, for a proof sheet of a few cards.

The option's text is split at commas; each item is a card id or a glob (fnmatch's `*`,
`?` and `[...]`) matched against the ids of every card the kit prints, its player aids
included, in any case. Each item must match a card: the items that match none are one
error naming, for each, the closest ids (difflib), as `pnp preview --card` names them.
A chosen card prints every copy it has, in the kit's order, with the back it always has.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fnmatch import fnmatchcase
from typing import Any

from pnp.core.errors import PnpError
from pnp.core.shown import listed, quoted

GLOB_CHARACTERS = "*?["


def card_patterns(text: str) -> tuple[str, ...]:
    """The items of a `--cards` value, each stripped, in order, each once; PnpError for a
    value with no item or an empty one ("a,,b")."""
    items = [item.strip() for item in str(text).split(",")]
    if not any(items):
        raise PnpError("name at least one card id or glob, like smart-tv,phish*")
    if not all(items):
        raise PnpError(f"{quoted(text)} has an empty item; separate ids with single commas")
    return tuple(dict.fromkeys(items))


def matches(card_id: str, pattern: str) -> bool:
    """Whether `card_id` is `pattern` or matches it as a glob, in any case."""
    return fnmatchcase(card_id.casefold(), pattern.casefold())


def chosen_ids(game: str, patterns: Sequence[str], ids: Sequence[str]) -> list[str]:
    """The ids of `ids` that some item of `patterns` matches, in `ids`' order. PnpError
    naming every item that matches none, each with the closest ids."""
    missing = [p for p in patterns if not any(matches(i, p) for i in ids)]
    if missing:
        raise PnpError(no_card(game, missing, ids))
    return [i for i in ids if any(matches(i, p) for p in patterns)]


def no_card(game: str, missing: Sequence[str], ids: Sequence[str]) -> str:
    """The message for `missing` items matching no card of `game`: "hack-attack has no
    card 'smart-tvv'; did you mean smart-tv, smart-plug?", or for several, each item
    with its hint in brackets."""
    shown = [_item(p) + (f" ({_hint(p, ids)})" if len(missing) > 1 else "") for p in missing]
    if len(missing) == 1:
        return f"{game} has no card {shown[0]}; {_hint(missing[0], ids)}"
    return f"{game} has no card {', '.join(shown[:-1])} nor {shown[-1]}"


def _item(pattern: str) -> str:
    glob = any(c in pattern for c in GLOB_CHARACTERS)
    return f"matching {quoted(pattern)}" if glob else quoted(pattern)


def _hint(typed: str, ids: Sequence[str]) -> str:
    close = closest(typed.strip("".join(GLOB_CHARACTERS) + "]"), list(ids))
    if close:
        return f"did you mean {', '.join(close)}?"
    return f"its cards are {listed(sorted(ids), 6)}"


def closest(typed: str, ids: list[str], most: int = 3) -> list[str]:
    """Up to `most` of `ids` that hold `typed` (3 letters or more) or are spelled close to
    it (difflib's ratio 0.6 or more), the closest first."""
    key = typed.strip().casefold()
    folded = {i.casefold(): i for i in ids}
    import difflib  # here: only a name to correct needs it

    close = difflib.get_close_matches(key, list(folded), n=most, cutoff=0.6)
    inside = [f for f in folded if len(key) > 2 and key in f and f not in close]
    return [folded[f] for f in (*close, *sorted(inside, key=len))][:most]


def only_chosen(groups: Iterable[Any], chosen: Iterable[str]) -> list[Any]:
    """`groups` (pnp.layout.kit.PrintGroup) with only the copies of the `chosen` ids,
    each group kept in order with its back; a group left with no copy is left out."""
    keep = set(chosen)
    out = []
    for group in groups:
        copies = tuple(c for c in group.copies if c.id in keep)
        if copies:
            out.append(group._replace(copies=copies))
    return out
