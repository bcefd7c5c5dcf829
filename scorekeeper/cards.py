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

from pnp.core.exceptions import HackPackError
from pnp.core.shown import plural
from scorekeeper.errors import InputError, ScoreError, quoted


@lru_cache(maxsize=None)
def card_data(game: str, loader: Callable[[Path], Any]) -> Any:
    """The validated card data of game `game`, read by `loader` (the game's pnp.data load
    function) from the folder its data ships in (its manifest's, pnp.core.games), once
    per process. InputError naming the first problem (and `pnp validate`) if the data
    has any, or saying why the folder or the loader cannot be used. The cards'
    pictures (pnp.data.icons) are left out: the table needs none."""
    from pnp.core.errors import DataError, PnpError
    from pnp.core.pictures import without_pictures

    try:
        with without_pictures():
            return loader(_folder(game))
    except DataError as exc:
        raise InputError(
            f"the card data has {plural(len(exc.problems), 'problem')}, first: "
            f"{exc.problems[0]}; run 'pnp validate --game {game}'"
        ) from None
    except PnpError as exc:
        raise InputError(str(exc)) from None


def _folder(game: str) -> Path:
    """The folder the data of `game` ships in (pnp.core.games.data_folder)."""
    from pnp.core.games import data_folder

    return data_folder(game)


#: Bumped when what `card_view` keeps changes shape.
VIEW_FORMAT = 3


@lru_cache(maxsize=None)
def card_view(game: str, loader: Callable[[Path], Any], view: Callable[[Any], Any]) -> Any:
    """`view(card_data(game, loader))`: the JSON-ready part of a game's cards that the
    table needs. A command with its database open keeps it there (scorekeeper.cache), so
    the next verb does not parse and validate the TOML files again. What decides the
    view is kept with it (`_made_from`): every file of the game's data folder and every
    module of the code that read and viewed it (each module of `loader`'s, `view`'s
    and pnp's packages loaded when it was made), each with its size and time; the kept
    view is used only while all of them are as they were. A command without a database
    makes it each time. Errors as `card_data`."""
    from scorekeeper import cache

    store = cache.open_store()
    if store is not None:
        try:
            kept = store.card_view(game)
            if kept is not None and _still(kept[0], game):
                return json.loads(kept[1])
        except (HackPackError, ValueError, TypeError, RecursionError):
            pass  # a damaged cache: make the view again
    made = json.loads(json.dumps(view(card_data(game, loader))))
    key = _made_from(game, loader, view)
    if key is not None and store is not None:
        cache.keep_view(store, game, key, json.dumps(made))
    return made


def _made_from(game: str, loader, view) -> str | None:
    """What a view of `game` was made from, as JSON text: VIEW_FORMAT, the data folder,
    its files (`_files`) and the code's (`_stats`), with their sizes and times; None if they
    cannot be read."""
    import sys

    try:
        folder = _folder(game)
        roots = {"pnp", *(str(f.__module__).partition(".")[0] for f in (loader, view))}
        modules = sorted(
            str(m.__file__)
            for name, m in list(sys.modules.items())
            if name.partition(".")[0] in roots and getattr(m, "__file__", None)
        )
        return json.dumps([VIEW_FORMAT, str(folder), _files(folder), _stats(modules)])
    except (OSError, AttributeError, ScoreError, HackPackError):
        return None


def _still(key: str, game: str) -> bool:
    """Whether everything the kept view's `key` was made from is as it was then: the
    same data folder, the same files in it and the same code files."""
    form, folder, files, code = json.loads(key)
    if form != VIEW_FORMAT or folder != str(_folder(game)):
        return False
    try:
        return files == _files(Path(folder)) and code == _stats([c[0] for c in code])
    except OSError:
        return False


def _files(folder: Path) -> list:
    """[relative path, size, time] of every file under `folder`, in order."""
    import os

    found = []
    for where, dirs, names in os.walk(folder):
        dirs.sort()
        for name in sorted(names):
            info = os.stat(os.path.join(where, name))
            found.append(
                [os.path.relpath(os.path.join(where, name), folder), info.st_size, info.st_mtime_ns]
            )
    return found


def _stats(paths: list[str]) -> list:
    """[path, size, time] of each file of `paths`."""
    import os

    return [[p, (i := os.stat(p)).st_size, i.st_mtime_ns] for p in paths]


def pick(
    typed: str,
    options: dict[str, str],
    what: str,
    codes: dict[str, str] | None = None,
    also: dict[str, str] | None = None,
) -> str:
    """The key of `options` (key -> printed name) meant by `typed`, any case: its id or
    name; a declared short code (`codes`: code -> key, "pw" for Passwords); the unique
    option whose word initials it is ("se" for Social Engineering); or the unique option
    whose id or name it begins. Nothing else: letters that merely occur in order in an
    id pick nothing. InputError otherwise, naming the candidates of an ambiguous start
    or the close matches ("did you mean …"); `what` names the kind in messages. `also`
    gives more names of options (name -> key): their names in the kit's other languages
    (scorekeeper.languages), taken as their own names are."""
    key = typed.strip().casefold()
    named = [*options.items(), *((k, n) for n, k in (also or {}).items() if k in options)]
    if not key:
        raise InputError(f"empty {what}: type an id or a name")
    for k, name in named:
        if key in (k.casefold(), name.casefold()):
            return k
    for code, k in (codes or {}).items():
        if key == code.casefold() and k in options:
            return k
    if len(key) > 1:
        initials = sorted({k for k, name in named if key == _initials(name)})
        if len(initials) == 1:
            return initials[0]
        if initials:
            raise InputError(
                f"{quoted(typed)} are the initials of the {what}s {', '.join(initials)}; type more"
            )
    starts = sorted(
        {k for k, name in named if k.casefold().startswith(key) or name.casefold().startswith(key)}
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
