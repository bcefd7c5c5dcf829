"""Card look-ups every game shares: the cached loader of a game's card data and the
matching of what a player types to a card or category, and `card_view`, which keeps
what the table needs of a game's cards in the score keeper's database. Each game's own look-ups are in
`scorekeeper/games/<game>/cards.py`. Card data comes from pnp.data, which never imports
reportlab, and is loaded only when a command names a card."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from scorekeeper.errors import InputError, ScoreError, quoted
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


#: Bumped when what `card_view` keeps changes shape.
VIEW_FORMAT = 1


@lru_cache(maxsize=None)
def card_view(game: str, loader: Callable[[Path], Any], view: Callable[[Any], Any]) -> Any:
    """`view(card_data(game, loader))`: the JSON-ready part of a game's cards that the
    table needs. A command with its database open keeps it there (Store.card_view), so
    the next verb does not parse and validate the TOML files again; the kept view is
    used only while the game's data files and the code that reads and views them
    (`loader`'s and `view`'s modules, pnp.data's) have the sizes and times they had
    when it was made. A command without a database makes it each time. Errors as
    `card_data`."""
    from pnp.paths import DEFAULT_DATA_DIR
    key = _view_key(DEFAULT_DATA_DIR / game, loader, view)
    store = _open_store()
    if key is not None and store is not None:
        try:
            kept = store.card_view(game)
            if kept is not None and kept[0] == key:
                return json.loads(kept[1])
        except (ScoreError, ValueError, RecursionError):
            pass                             # a damaged cache: make the view again
    made = json.loads(json.dumps(view(card_data(game, loader))))
    if key is not None and store is not None:
        store.keep_card_view(game, key, json.dumps(made))
    return made


def _open_store():
    """The database the running command has open (its click context's Ctx), or None."""
    import click
    from scorekeeper.context import Ctx
    ctx = click.get_current_context(silent=True)
    keeper = ctx.find_object(Ctx) if ctx is not None else None
    return keeper.opened if keeper is not None else None


def _view_key(folder: Path, loader, view) -> str | None:
    """What a kept view was made from, as text: the folder, each file in it (name,
    size, time) and the files of the code that reads and views it (pnp.data's modules
    among them); None if they cannot be read."""
    import os
    try:
        files = sorted((e.name, e.stat().st_size, e.stat().st_mtime_ns)
                       for e in os.scandir(folder) if e.is_file())
        from pnp.paths import REPO_ROOT
        readers = [e.path for e in os.scandir(REPO_ROOT / "pnp" / "data")
                   if e.name.endswith(".py")]
        code = sorted((f, os.stat(f).st_size, os.stat(f).st_mtime_ns) for f in
                      {loader.__code__.co_filename, view.__code__.co_filename, *readers})
    except (OSError, AttributeError):
        return None
    return json.dumps([VIEW_FORMAT, str(folder), files, code])


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
    import difflib                       # only for a name no card has
    close = difflib.get_close_matches(key, list(options), n=3, cutoff=0.5)
    hint = f"; did you mean {', '.join(close)}?" if close else ""
    raise InputError(f"no {what} called {quoted(typed)}{hint}")


def _in_order(letters: str, word: str) -> bool:
    rest = iter(word)
    return all(ch in rest for ch in letters)
