"""Whether loading a game's card data reads its cards' pictures (the icon table,
pnp.data.icons): yes, unless inside `without_pictures`. The score keeper prints nothing
and loads card data without them, keeping clear of svglib (checking an SVG draws it,
and svglib's drawings load reportlab) and of the time each check takes. In the core so
that the score keeper, which imports nothing of pnp but the core, can ask for it.
Source: issue 28 item 1 (pictures on the printed cards only)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

_PICTURES: ContextVar[bool] = ContextVar("pictures", default=True)


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
