"""`pnp validate`'s checks of a game's icon table (pnp.data.icons) against what the kit
prints: every id it pictures is a printed card or a back, every printed card has a
picture, and the credits it prints in the rulebook are printable text; and of the
words game.toml's [words] gives the tool to print (`word_problems`)."""

from __future__ import annotations

from typing import Any

from pnp.core.errors import Problem
from pnp.core.shown import quoted
from pnp.fonts import REGULAR, glyph_problem, missing_glyphs
from pnp.layout.kit import Kit, card_art

#: The [collection] keys whose texts the credits print.
COLLECTION_KEYS = ("name", "url", "licence", "licence_url")


def credit_problems(icons: Any) -> list[Problem]:
    """The texts of an icon table (pnp.data.icons.GameIcons) that the rulebook's credits
    print, checked as every other printed text is (issue 42): the [collection]'s name,
    address, licence and licence address, and the author of each icon the game prints;
    a control or bidi character, or a character the rulebook's font cannot draw, is an
    error at its line."""
    printed = sorted({*icons.names.values(), *icons.back_names.values()} & set(icons.authors))
    texts = [(icons.collection_source, key, getattr(icons, key)) for key in COLLECTION_KEYS]
    texts += [(icons.authors_source, name, icons.authors[name]) for name in printed]
    problems = []
    for source, key, text in texts:
        missing = missing_glyphs(text, REGULAR)
        if missing and source is not None:
            problems.append(
                source.at(key).problem(
                    f"{glyph_problem(missing)} (printed in the rulebook's credits)"
                )
            )
    return problems


def word_problems(data: Any) -> list[Problem]:
    """Each word of game.toml's [words] (pnp.core.kit_words) with a character the
    package's fonts cannot draw, regular or bold (the print-me-first page, the
    rulebook's table and pictures and the aids' caption print them in both): an error
    at its line, naming the word as its field (a translation's: at its sheet row)."""
    from pnp.core.kit_words import KIT_WORDS
    from pnp.data.toml_source import read_toml
    from pnp.fonts import BOLD

    info = getattr(data, "info", None)
    words = getattr(info, "words", None) or {}
    given = {k: v for k, v in words.items() if KIT_WORDS.get(k) != v}
    if not given or info is None:
        return []
    path = info.folder / "game.toml"
    tf = read_toml(path)
    where = None if isinstance(tf, Problem) else tf.lines.tables.get("words", tf.lines.top)
    problems = []
    for key, text in given.items():
        missing = missing_glyphs(text, REGULAR) | missing_glyphs(text, BOLD)
        if missing:
            problems.append(
                Problem(
                    path,
                    glyph_problem(missing),
                    line=where.of(key) if where is not None else None,
                    field=f"words.{key}",
                )
            )
    return problems


def icon_problems(kit: Kit, data: Any) -> list[Problem]:
    """With an icon table (game.toml `icons`, pnp.data.icons): an error for each of its
    card ids that no printed card has and each of its back ids that no back has, and a
    warning for each printed card (player aids
    too: their faces keep an art area, pnp.layout.aid) with no picture at all, naming
    the table to add it to. Source: issue 28 item 1."""
    icons = data.info.icons
    if icons is None:
        return []
    problems = credit_problems(icons)
    cards = list(kit.printed_cards(data))
    ids = {card.id for card in cards}
    problems += [
        icons.cards_source.at(card_id).problem(
            f"no card has the id {quoted(card_id)}; the [cards] table names each card's picture"
        )
        for card_id in icons.names
        if card_id not in ids
    ]
    backs = set(kit.back_ids(data))
    problems += [
        icons.backs_source.at(back_id).problem(
            f"no back has the id {quoted(back_id)}; the [backs] table names a back's picture "
            f"(this game's backs: {', '.join(sorted(backs))})"
        )
        for back_id in icons.back_names
        if back_id not in backs
    ]
    table = icons.path.name
    problems += [
        Problem(
            icons.path,
            f"it has no picture: name an icon for it in {table}'s [cards]",
            card_id=card.id,
            level="warning",
        )
        for card in cards
        if card.id not in icons.unread and card_art(card, data) is None
    ]
    return problems
