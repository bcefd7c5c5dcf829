"""The words the tool prints around a game's own texts (issue 46): the print-me-first
page, the player aids' caption, the rulebook's "What's in the kit" table, its setup
picture and card-anatomy captions. Each has an English default here; game.toml's
optional [words] table replaces any of them, and a translation sheet translates them
like any card text (field "words.<key>"), so a kit built in German prints no English.

A word is a template: `{name}` is filled in (a translation keeps the same names, each
at least once, and no other braces), and a counted word gives its forms split by "|",
the first for a count of one and the last for any other ("{n} card|{n} cards").

A card kind's words are keys of their own, named by the kind's slug (its name in
lower case, spaces as "_": "reality_check"): "kind:SLUG" the kind's name in a deck's
summary ("Tech"), "cards:SLUG" its row in the kit table ("Tech cards") and "card:SLUG"
an anatomy figure's caption ("Tech card"). They default to the kit's own name for the
kind; game.toml names the ones a translation sheet should carry.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

#: key -> the English words printed, as the tool printed them before [words] existed
KIT_WORDS: dict[str, str] = {
    # the print-me-first page (pnp.print_first, pnp.render.print_first)
    "first.title": "{game} — print me first",
    "first.intro": (
        "This kit’s files, which to print how, and a ruler that tells whether your "
        "printer keeps the cards at their size. Print this page first."
    ),
    "first.check": "1. Check the scale",
    "first.ruler": (
        "Printed at 100 %, this ruler is exactly {mm} mm long from 0 to {mm}. Measure "
        "it: if it is shorter or longer, the printer scaled the page; turn scaling off "
        "(below) and print again before you print the cards."
    ),
    "first.settings": "2. Printer settings",
    "first.print": "3. What to print",
    "first.cards": "4. The cards in cards.pdf",
    "first.again": "5. To make this kit again",
    "first.again_how": (
        "Run it in a terminal where pnp is installed (add --out DIR to write the files "
        "to another folder): it makes this kit again, file for file."
    ),
    "first.deck": "Deck",
    "first.deck_cards": "Cards",
    "first.deck_sheets": "Sheets",
    "first.deck_pages": "Pages",
    "first.all_cards": "All cards",
    "first.scale": (
        "Scale: 100 % (“Actual size”). Turn off “Fit to page”, “Shrink oversized "
        "pages” and “Scale to fit”: they make the cards smaller."
    ),
    "first.paper": "Paper: {paper}, portrait, for every file but booklet.pdf.",
    "first.paper_landscape": (
        "Paper: {paper}, portrait (cards.pdf landscape) for every file but booklet.pdf."
    ),
    "first.two_sided": "Two-sided for cards.pdf: {flip}, so that each back lands behind its front.",
    "first.one_sided": "One-sided: cards.pdf holds the fronts only (--duplex none).",
    "first.folded": (
        "One-sided for every file but booklet.pdf: cards.pdf folds each back behind its front."
    ),
    "first.borderless": "Borderless printing off; print quality “Normal” or better.",
    "first.flip_long": "flip on the long edge",
    "first.flip_short": "flip on the short edge",
    "first.half_letter": "half-letter",
    "first.half_legal": "half-legal",
    "first.card_size": "{size} cards ({w} × {h} mm)",
    "first.decimal": ".",
    "first.sheet_folded": (
        "{n} {size} a sheet, one page each, every front beside its back across the "
        "dashed fold line."
    ),
    "first.sheet_grid": "{n} {size} a sheet ({cols} across, {rows} down)",
    "first.sheet_fronts": "{grid}; fronts only, one page a sheet.",
    "first.sheet_duplex": "{grid}; each sheet is a front page followed by its back page.",
    "first.cut_marks": "cut along the crop marks",
    "first.cut_edges": "cut along the card edges",
    "first.cut_corners": "{cut}, then round the corners to {mm} mm along the grey arcs",
    "first.cards_two_sided": (
        "two-sided, {flip}, at 100 %, on card or thick paper (160–250 g/m²) if your "
        "printer takes it; print one sheet first and hold it to the light to check the "
        "backs line up"
    ),
    "first.cards_one_sided": (
        "one-sided, at 100 %, on card or thick paper (160–250 g/m²) if your printer takes it"
    ),
    "first.cards_folded": (
        "one-sided, at 100 %, on paper or thin card that folds cleanly (120–160 g/m²); "
        "fold each sheet along its dashed line, printed side out, glue the halves "
        "together and let them dry"
    ),
    "first.cards_how": "{how}; {cut}.",
    "first.cards_what": "{cards} on {sheets} of {paper}, {pages}",
    "first.n_cards": "{n} card|{n} cards",
    "first.n_sheets": "{n} sheet|{n} sheets",
    "first.n_pages": "{n} page|{n} pages",
    "first.n_sides": "{n} side|{n} sides",
    "first.this_what": "this page: the settings, a ruler and what is in the kit",
    "first.this_how": "one-sided, at 100 %, on plain paper; check the ruler before anything else.",
    "first.rules_what": "the rulebook, {pages} of {half}",
    "first.rules_how": (
        "read it on screen, or print it as it is; for a paper copy booklet.pdf folds "
        "into a booklet."
    ),
    "first.booklet_what": "the rulebook as a booklet: {sheets} ({sides}) of {paper} landscape",
    "first.booklet_how": (
        "two-sided, flip on the short edge, at 100 %; stack the sheets, fold them in "
        "half and staple on the fold."
    ),
    "first.extra_what": "{what}, {pages}",
    # the player aids (pnp.layout.aid, pnp.layout.kit)
    "aid.caption": "PLAYER AID",
    "aid.part": "{name} ({part}/{parts})",
    "aid.group": "Player aids",
    "aid.row": "Player aids ({each} per player)",
    # the rulebook (pnp.render.rulebook, pnp.layout.table_setup, pnp.layout.anatomy)
    "kit.heading": "What’s in the kit",
    "kit.all": "Cards in all",
    "kit.group": "cards",
    "setup.title": "Setting up for {count} players",
    "setup.player": "Player {n}",
    "setup.middle": "Middle of the table",
    "anatomy.caption": "{card}: {name}",
    "number.1": "one",
    "number.2": "two",
    "number.3": "three",
    "number.4": "four",
}
#: a card kind's own words, "kind:SLUG", "cards:SLUG" or "card:SLUG" (module docstring)
KIND_KEY = re.compile(r"(kind|cards|card):[a-z0-9]+(_[a-z0-9]+)*")
_PLACE = re.compile(r"\{([a-z_]+)\}")


def places(text: str) -> set[str]:
    """The names a template fills in: places("{n} card|{n} cards") -> {"n"}."""
    return set(_PLACE.findall(text))


def word_problem(key: str, text: object, source: str | None = None) -> str | None:
    """Why `text` cannot be the word `key` (whose words in the source language are
    `source`, else the default), or None: it must be text with the source's names in
    braces, each at least once, no other braces, and at most as many "|" forms as a
    count has (two)."""
    if key not in KIT_WORDS and not KIND_KEY.fullmatch(key):
        return f"no word {key!r} (README, “Kits in more than one language”)"
    if not isinstance(text, str) or not text.strip():
        return "expected text"
    rest = _PLACE.sub("", text)
    if "{" in rest or "}" in rest:
        return "braces around something that is not a name it fills in, such as {n}"
    wanted = places(source if source is not None else KIT_WORDS.get(key, ""))
    found = places(text)
    if found != wanted:
        names = ", ".join("{" + p + "}" for p in sorted(wanted)) or "no {names}"
        return (
            f"expected {names} (it has {', '.join('{' + p + '}' for p in sorted(found)) or 'none'})"
        )
    if text.count("|") > 1:
        return 'at most two forms, "one|other"'
    return None


def words_of(data: Any) -> Mapping[str, str]:
    """The words a kit built from `data` prints: its game.toml [words] over KIT_WORDS
    (pnp.data.models.GameInfo.words), or KIT_WORDS for data without game settings."""
    info = getattr(data, "info", None)
    return getattr(info, "words", None) or KIT_WORDS


def say(words: Mapping[str, str] | None, key: str, **values: Any) -> str:
    """The word `key` of `words` (KIT_WORDS where it has none) filled in with `values`;
    a counted word's form is chosen by `n` (one for 1 and -1, else the last); counts
    print with thousands separators."""
    text = (words or KIT_WORDS).get(key) or KIT_WORDS[key]
    if "|" in text:
        forms = text.split("|")
        n = values.get("n", 0)
        text = forms[0] if abs(n) == 1 else forms[-1]
    if "n" in values and isinstance(values["n"], int):
        values = {**values, "n": f"{values['n']:,}"}
    return _PLACE.sub(lambda m: str(values.get(m.group(1), m.group(0))), text)


def kind_slug(kind: str) -> str:
    """A card kind's slug in its word keys: "Reality Check" -> "reality_check"."""
    return "_".join(re.findall(r"[a-z0-9]+", kind.lower())) or "card"


def kind_word(words: Mapping[str, str] | None, form: str, kind: str) -> str:
    """A card kind's word: `form` "kind" its name ("Tech"), "cards" its kit-table row
    ("Tech cards"), "card" an anatomy caption's ("Tech card"); the English default
    when game.toml names none."""
    given = (words or {}).get(f"{form}:{kind_slug(kind)}")
    if given:
        return given
    return kind if form == "kind" else f"{kind} {form}"


def number_word(words: Mapping[str, str] | None, n: int) -> str:
    """One to four in words ("two"), else the digits."""
    return say(words, f"number.{n}") if f"number.{n}" in KIT_WORDS else str(n)
