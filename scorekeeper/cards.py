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

from pnp.core.shown import plural
from scorekeeper.errors import InputError, ScoreError, quoted


@lru_cache(maxsize=None)
def card_data(game: str, loader: Callable[[Path], Any]) -> Any:
    """The validated card data of game `game`, read by `loader` (the game's pnp.data load
    function) from the repository's card_data/<game> folder, once per process.
    InputError naming the first problem (and `pnp validate`) if the data has any. The
    cards' pictures (pnp.data.icons) are left out: the table needs none."""
    from pnp.core.errors import DataError
    from pnp.core.paths import DEFAULT_DATA_DIR
    from pnp.core.pictures import without_pictures

    try:
        with without_pictures():
            return loader(DEFAULT_DATA_DIR / game)
    except DataError as exc:
        raise InputError(
            f"the card data has {plural(len(exc.problems), 'problem')}, first: "
            f"{exc.problems[0]}; run 'pnp validate --game {game}'"
        ) from None


#: Bumped when what `card_view` keeps changes shape.
VIEW_FORMAT = 1


@lru_cache(maxsize=None)
def card_view(game: str, loader: Callable[[Path], Any], view: Callable[[Any], Any]) -> Any:
    """`view(card_data(game, loader))`: the JSON-ready part of a game's cards that the
    table needs. A command with its database open keeps it there (scorekeeper.cache), so
    the next verb does not parse and validate the TOML files again; the kept view is
    used only while the game's data files and the code that reads and views them
    (`loader`'s and `view`'s modules, pnp.data's) have the sizes and times they had
    when it was made. A command without a database makes it each time. Errors as
    `card_data`."""
    from pnp.core.paths import DEFAULT_DATA_DIR

    key = _view_key(DEFAULT_DATA_DIR / game, loader, view)
    from scorekeeper import cache

    store = cache.open_store()
    if key is not None and store is not None:
        try:
            kept = store.card_view(game)
            if kept is not None and kept[0] == key:
                return json.loads(kept[1])
        except (ScoreError, ValueError, RecursionError):
            pass  # a damaged cache: make the view again
    made = json.loads(json.dumps(view(card_data(game, loader))))
    if key is not None and store is not None:
        cache.keep_view(store, game, key, json.dumps(made))
    return made


def _view_key(folder: Path, loader, view) -> str | None:
    """What a kept view was made from, as text: the folder, each file in it (name,
    size, time) and the files of the code that reads and views it (pnp.data's modules
    among them); None if they cannot be read."""
    import os

    try:
        files = sorted(
            (e.name, e.stat().st_size, e.stat().st_mtime_ns)
            for e in os.scandir(folder)
            if e.is_file()
        )
        from pnp.core.paths import REPO_ROOT

        readers = [e.path for e in os.scandir(REPO_ROOT / "pnp" / "data") if e.name.endswith(".py")]
        code = sorted(
            (f, os.stat(f).st_size, os.stat(f).st_mtime_ns)
            for f in {loader.__code__.co_filename, view.__code__.co_filename, *readers}
        )
    except (OSError, AttributeError):
        return None
    return json.dumps([VIEW_FORMAT, str(folder), files, code])


def pick(
    typed: str, options: dict[str, str], what: str, codes: dict[str, str] | None = None
) -> str:
    """The key of `options` (key -> printed name) meant by `typed`, any case: its id or
    name; a declared short code (`codes`: code -> key, "pw" for Passwords); the unique
    option whose word initials it is ("se" for Social Engineering); or the unique option
    whose id or name it begins. Nothing else: letters that merely occur in order in an
    id pick nothing. InputError otherwise, naming the candidates of an ambiguous start
    or the close matches ("did you mean …"); `what` names the kind in messages."""
    key = typed.strip().casefold()
    if not key:
        raise InputError(f"empty {what}: type an id or a name")
    for k, name in options.items():
        if key in (k.casefold(), name.casefold()):
            return k
    for code, k in (codes or {}).items():
        if key == code.casefold() and k in options:
            return k
    if len(key) > 1:
        initials = sorted(k for k, name in options.items() if key == _initials(name))
        if len(initials) == 1:
            return initials[0]
        if initials:
            raise InputError(
                f"{quoted(typed)} are the initials of the {what}s {', '.join(initials)}; type more"
            )
    starts = sorted(
        {
            k
            for k, name in options.items()
            if k.casefold().startswith(key) or name.casefold().startswith(key)
        }
    )
    if len(starts) == 1:
        return starts[0]
    if starts:
        raise InputError(f"{quoted(typed)} could be the {what} {', '.join(starts)}; type more")
    raise InputError(f"no {what} called {quoted(typed)}{did_you_mean(key, options, codes)}")


def _initials(name: str) -> str:
    return "".join(word[0] for word in name.replace("-", " ").split()).casefold()


def did_you_mean(key: str, options: dict[str, str], codes: dict[str, str] | None = None) -> str:
    """ "; did you mean a, b?" with up to three ids of `options` whose id, name or code
    holds `key` (3 letters or more) or is close to it, or "" if none is."""
    import difflib  # only for a name no card has

    spelled = {k.casefold(): k for k in options}
    spelled.update({name.casefold(): k for k, name in options.items()})
    spelled.update({c.casefold(): k for c, k in (codes or {}).items() if k in options})
    inside = [s for s in spelled if len(key) > 2 and key in s]  # "repo": …-in-repo
    close = difflib.get_close_matches(key, list(spelled), n=6, cutoff=0.5)
    found = list(dict.fromkeys(spelled[c] for c in inside + close))[:3]
    return f"; did you mean {', '.join(found)}?" if found else ""
