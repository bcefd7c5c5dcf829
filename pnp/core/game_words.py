"""What game.toml itself says about its languages and its credits words (issue 46),
light enough for every build to load (pnp.data.game_file, pnp.data.icons); the
translation tables and texts are pnp.core.translations, loaded only where a kit is
translated, validated in a language or its sheet written."""

from __future__ import annotations

import re

from pnp.core.shown import quoted

#: the words of the rulebook's closing credits, game.toml's optional [credits] table (README,
#: "Kits in more than one language"): its heading, the sentence crediting the icons (the
#: names in braces filled in) and the word before the last author
CREDIT_WORDS = {
    "title": "Credits",
    "pictures": "Card pictures: {authors}, {collection} ({url}), {licence} ({licence_url}).",
    "and": "and",
}
CREDIT_PLACES = ("{authors}", "{collection}", "{url}", "{licence}", "{licence_url}")
LANGUAGE = re.compile(r"[a-z]{2,3}(-[A-Za-z0-9]{2,8})?")


def language_problem(languages: object) -> str | None:
    """Why game.toml's `languages` value is wrong, or None: 1..20 distinct codes like
    "en", "de" or "pt-BR"."""
    if not isinstance(languages, list) or not 1 <= len(languages) <= 20:
        return "expected a list of 1..20 language codes, the source first"
    for lang in languages:
        if not isinstance(lang, str) or not LANGUAGE.fullmatch(lang):
            return f'expected language codes like "en", "de" or "pt-BR", got {quoted(lang)}'
    if len(set(languages)) != len(languages):
        return "a language is listed twice"
    if "all" in languages:
        return '"all" names every language on the command line (--lang all): not a code'
    return None


def credit_problem(pictures: object) -> str | None:
    """Why a credits sentence is wrong, or None: each of CREDIT_PLACES once, no other
    braces (CC BY asks for the authors, the source and the licence in every copy)."""
    if not isinstance(pictures, str):
        return "expected text"
    rest = pictures
    for place in CREDIT_PLACES:
        if rest.count(place) != 1:
            return f"expected {place} once (it holds {', '.join(CREDIT_PLACES)} once each)"
        rest = rest.replace(place, "")
    if "{" in rest or "}" in rest:
        return f"braces other than {', '.join(CREDIT_PLACES)}"
    return None
