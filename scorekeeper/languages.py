"""Card names in every language a game's kit is printed in (issue 46): the score keeper
takes a card or category by its name in any of them (`other_names`, which each game's
look-ups pass to scorekeeper.cards.pick), and the page can show the names in the kit's
language (`shown_in`: `?lang=de`). The names come from the game's translation tables
(pnp.core.translations: a card's field "name", a category's "category.<id>.name" of
the id "game", the game's own "name"), read once per process."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from pnp.core.exceptions import HackPackError


@lru_cache(maxsize=None)
def _translated(folder: str) -> dict[str, dict[tuple[str, str], tuple[str, str]]]:
    """language -> (id, field) -> (source name, translated name), for the names of
    `folder`'s game in each language after its source (stale ones too: a printed card
    carries them)."""
    from pnp.core.translations import languages, read_translations, source_texts

    where = Path(folder)
    if len(languages(where)) < 2:
        return {}
    names = {(t.id, t.field): t.source for t in source_texts(where) if _is_name(t.id, t.field)}
    found: dict[str, dict[tuple[str, str], tuple[str, str]]] = {}
    for lang in languages(where)[1:]:
        rows, _ = read_translations(where, lang)
        found[lang] = {
            (r.id, r.field): (names[r.id, r.field], r.translation.strip())
            for r in rows
            if (r.id, r.field) in names and r.translation.strip()
        }
    return found


def _is_name(id: str, field: str) -> bool:
    if id == "game":
        return field == "name" or bool(re.fullmatch(r"category\.[^.]+\.name", field))
    return field == "name"


def _folder(game: str) -> str | None:
    from pnp.core.games import data_folder

    try:
        return str(data_folder(game))
    except (HackPackError, OSError):
        return None


def other_names(game: str) -> dict[str, str]:
    """Each card's and category's name in the game's other languages -> its id (a
    category's id; a card's own id), for scorekeeper.cards.pick; a game folder without
    translations/ answers at once (nothing parsed: a verb stays as quick as ever)."""
    folder = _folder(game)
    return names_in(Path(folder)) if folder is not None else {}


def names_in(folder: Path) -> dict[str, str]:
    """`other_names` of the game in `folder` (a game's card view keeps them: scorekeeper.
    cards.card_view, so a verb reads them from the database, not the files)."""
    if not (folder / "translations").is_dir():
        return {}
    found: dict[str, str] = {}
    for names in _translated(str(folder)).values():
        for (id, field), (_, name) in names.items():
            key = field.split(".")[1] if id == "game" and field != "name" else id
            if id != "game" or field != "name":
                found.setdefault(name, key)
    return found


def languages_of(game: str) -> tuple[str, ...]:
    """The languages the game's kit is printed in, the source first."""
    from pnp.core.translations import SOURCE_LANGUAGE, languages

    folder = _folder(game)
    return languages(Path(folder)) if folder is not None else (SOURCE_LANGUAGE,)


def name_map(game: str, lang: str) -> dict[str, str]:
    """Source name -> its `lang` name, for the game's cards, categories and name."""
    folder = _folder(game)
    if folder is None:
        return {}
    return {src: name for src, name in _translated(folder).get(lang, {}).values() if src != name}


def shown_in(value: Any, names: dict[str, str], keep: frozenset[str] = frozenset()) -> Any:
    """`value` (a page's NamedTuples, tuples and strings) with every whole source name
    of `names` in its strings written in the other language; the fields of `keep`
    (what a form sends back) and dicts (the JSON status) as they are."""
    if not names:
        return value
    pattern = re.compile(
        r"(?<!\w)("
        + "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
        + r")(?!\w)"
    )
    return _walk(value, pattern, names, keep)


def _walk(value: Any, pattern: re.Pattern, names: dict[str, str], keep: frozenset[str]) -> Any:
    if isinstance(value, str):
        return pattern.sub(lambda m: names[m.group(1)], value)
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return value._replace(  # type: ignore[attr-defined]  # a NamedTuple
            **{
                f: _walk(getattr(value, f), pattern, names, keep)
                for f in value._fields
                if f not in keep
            }
        )
    if isinstance(value, tuple):
        return tuple(_walk(v, pattern, names, keep) for v in value)
    if isinstance(value, list):
        return [_walk(v, pattern, names, keep) for v in value]
    return value
