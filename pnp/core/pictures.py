"""Whether loading a game's card data reads its cards' pictures (the icon table,
pnp.data.icons): yes, unless inside `without_pictures`. The score keeper prints nothing
and loads card data without them, keeping clear of svglib (checking an SVG draws it,
and svglib's drawings load reportlab) and of the time each check takes. In the core so
that the score keeper, which imports nothing of pnp but the core, can ask for it.
`only_pictures_of` narrows it to the cards a verb draws (issue 42: pictures only where
a verb needs them). Source: issue 28 item 1 (pictures on the printed cards only)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from fnmatch import fnmatchcase

_PICTURES: ContextVar[bool] = ContextVar("pictures", default=True)
_ONLY: ContextVar[frozenset[str] | None] = ContextVar("pictures_of", default=None)


def pictures_wanted() -> bool:
    """False inside `without_pictures`, else True."""
    return _PICTURES.get()


@contextmanager
def without_pictures() -> Iterator[None]:
    """Card data loaded inside this block reads no icon table (pnp.data.icons)."""
    token = _PICTURES.set(False)
    try:
        yield
    finally:
        _PICTURES.reset(token)


def picture_wanted(card_id: str) -> bool:
    """Whether the icon table's picture of card `card_id` is read: always, unless inside
    `only_pictures_of` ids and globs of which none matches it (fnmatch, any case)."""
    only = _ONLY.get()
    if only is None or card_id in only:
        return True
    folded = card_id.casefold()
    return any(fnmatchcase(folded, p.casefold()) for p in only)


@contextmanager
def only_pictures_of(card_ids: frozenset[str]) -> Iterator[None]:
    """Card data loaded inside this block reads the icon table's pictures of the cards
    `card_ids` names (ids, or globs as `pnp preview --cards` takes them) only; the
    others are named but neither read nor checked (pnp.data.icons.GameIcons.unread),
    and their backs' pictures are read."""
    token = _ONLY.set(frozenset(card_ids))
    try:
        yield
    finally:
        _ONLY.reset(token)
