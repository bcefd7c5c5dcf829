"""Card look-ups every game shares: the cached loader of a game's card data and the
matching of what a player types to a card or category. Each game's own look-ups are in
`scorekeeper/games/<game>/cards.py`. Card data comes from pnp.data, which never imports
reportlab, and is loaded only when a command names a card."""

from __future__ import annotations

import difflib
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from scorekeeper.errors import InputError, quoted
from pnp.shown import plural


@lru_cache(maxsize=None)
def card_data(game: str, loader: Callable[[Path], Any]) -> Any:
    """The validated card data of game `game`, read by `loader` (the game's pnp.data load
    function) from the repository's card_data/<game> folder, once per process.
    InputError naming the first problem (and `pnp validate`) if the data has any."""
    from pnp.errors import DataError
    from pnp.paths import DEFAULT_DATA_DIR
    try:
        return loader(DEFAULT_DATA_DIR / game)
    except DataError as exc:
        raise InputError(f"the card data has {plural(len(exc.problems), 'problem')}, first: "
                         f"{exc.problems[0]}; run 'pnp validate --game {game}'") from None


def pick(typed: str, options: dict[str, str], what: str) -> str:
    """The key of `options` (key -> printed name) meant by `typed`: an id or name, any
    case, its initials ("se" for Social Engineering), the unique start of one, or else
    the only id holding those letters in order from its first ("pw" for passwords).
    InputError with close matches otherwise; `what` names the kind in messages."""
    key = typed.strip().casefold()
    if not key:
        raise InputError(f"empty {what}: type an id or a name")
    for k, name in options.items():
        initials = "".join(word[0] for word in name.replace("-", " ").split()).casefold()
        if key in (k.casefold(), name.casefold()) or (len(key) > 1 and key == initials):
            return k
    starts = sorted({k for k, name in options.items()
                     if k.casefold().startswith(key) or name.casefold().startswith(key)})
    if len(starts) == 1:
        return starts[0]
    if not starts and len(key) > 1:  # "pw" for passwords: its letters in order, same start
        starts = sorted(k for k in options if k[0] == key[0] and _in_order(key, k.casefold()))
        if len(starts) == 1:
            return starts[0]
    if starts:
        raise InputError(f"{quoted(typed)} could be the {what} {', '.join(starts)}; type more")
    close = difflib.get_close_matches(key, list(options), n=3, cutoff=0.5)
    hint = f"; did you mean {', '.join(close)}?" if close else ""
    raise InputError(f"no {what} called {quoted(typed)}{hint}")


def _in_order(letters: str, word: str) -> bool:
    rest = iter(word)
    return all(ch in rest for ch in letters)
