"""Player names: checked when a game starts, matched case-insensitively or by unique
prefix when typed at the table.

A name is what the table would write on a score sheet, so it may hold any letter,
emoji or mark, including the invisible joiners that real names and emoji are built
with: ZWJ and ZWNJ (U+200C, U+200D: "👩‍💻", Persian and Indic names), variation
selectors (U+FE0E/U+FE0F) and emoji tags (flags of regions). A name may not hold
characters that change how other text shows or that show nothing: control characters
(C0/C1: tab, newline, escape...), line and paragraph separators, bidi controls (U+202E
RIGHT-TO-LEFT OVERRIDE and the like), other invisible format characters (zero-width
space U+200B, word joiner, soft hyphen...), or text that is not Unicode (a byte of
the command line that was not UTF-8). A name made only of invisible characters (say,
a lone joiner) is refused as showing nothing. Names that differ only by invisible
characters count as the same name.
"""

from __future__ import annotations

import unicodedata
from typing import Sequence

from scorekeeper.errors import InputError, quoted

MAX_NAME = 24
_JOINERS = (0x200C, 0x200D)  # ZWNJ, ZWJ
_TAGS = range(0xE0020, 0xE0080)  # emoji tag sequences (subdivision flags)
_BIDI = {0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)}
_BLANK = {0x115F, 0x1160, 0x2800, 0x3164, 0xFFA0}  # fillers that are letters yet show nothing
_SELECTORS = {*range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0)}  # variation selectors
_SHOW_NOTHING = {"Cc", "Cf", "Cs", "Mn", "Me", "Zs", "Zl", "Zp"}


def normal(name: str) -> str:
    """`name` stripped and in Unicode NFC, so "é" typed either way is the same name (and
    " ana" typed at the table finds Ana; a new name with spaces around it is refused:
    `check_edges`)."""
    return unicodedata.normalize("NFC", name.strip())


def refusal(ch: str) -> str | None:
    """Why `ch` may not be in a player name, in words, or None if it may."""
    category, code = unicodedata.category(ch), ord(ch)
    if category == "Cc":
        return "a control character"
    if category == "Cs":
        return "not text (a byte of the command line that is not UTF-8)"
    if category in ("Zl", "Zp"):
        return "a line break"
    if code in _BIDI:
        return "a bidi control, which changes the order other text shows in"
    if category == "Cf" and code not in _JOINERS and code not in _TAGS:
        return "an invisible format character"
    return None


def character(ch: str) -> str:
    """A character for a message: "U+202E RIGHT-TO-LEFT OVERRIDE" (its code, and its
    Unicode name when it has one)."""
    name = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X}" + (f" {name}" if name else "")


def shows_something(name: str) -> bool:
    """True if some character of `name` prints as a visible mark."""
    return any(
        unicodedata.category(ch) not in _SHOW_NOTHING and ord(ch) not in _BLANK for ch in name
    )


def key(name: str) -> str:
    """What two names are compared by: NFC, case folded, invisible joiners, tags and
    variation selectors left out (so 'Ana' and 'Ana' + ZWJ are the same name)."""
    return "".join(
        ch for ch in normal(name) if unicodedata.category(ch) != "Cf" and ord(ch) not in _SELECTORS
    ).casefold()


def check_name(name: str) -> None:
    """InputError if `name` (normalised) cannot be a player's name: empty, longer than
    MAX_NAME characters, holding a character `refusal` names, or showing nothing."""
    if not name:
        raise InputError("a player name cannot be empty")
    if len(name) > MAX_NAME:
        raise InputError(f"the name {quoted(name, MAX_NAME)} is longer than {MAX_NAME} characters")
    for ch in name:
        why = refusal(ch)
        if why:
            raise InputError(f"the name {quoted(name)} holds {character(ch)} ({why}); leave it out")
    if not shows_something(name):
        raise InputError(
            f"the name {quoted(name)} shows nothing: every character in it is invisible"
        )


def check_edges(name: str) -> None:
    """InputError if `name` starts or ends with white space (a space, a tab...): a name is
    kept exactly as typed, so 'Ana ' is refused rather than quietly recorded as 'Ana'."""
    if name and not name.strip():
        raise InputError(f"the name {quoted(name)} is only white space")
    edges = [
        (where, ch) for where, ch in (("starts", name[:1]), ("ends", name[-1:])) if ch.isspace()
    ]
    if edges:
        odd = [ch for _, ch in edges if ch != " "]
        what = f"white space ({character(odd[0])})" if odd else "a space"
        raise InputError(
            f"the name {quoted(name)} {' and '.join(w for w, _ in edges)} with "
            f"{what}; type it without"
        )


def check_new_names(names: Sequence[str]) -> list[str]:
    """Names for a new game, NFC-normalised; InputError if one starts or ends with white
    space (`check_edges`), fails `check_name`, or two are the same (`key`: ignoring case
    and invisible characters)."""
    for n in names:
        check_edges(n)
    cleaned = [normal(n) for n in names]
    for n in cleaned:
        check_name(n)
    seen: dict[str, str] = {}
    for n in cleaned:
        if key(n) in seen:
            raise InputError(
                f"two players are called {quoted(seen[key(n)])} and {quoted(n)}; "
                "names must differ (ignoring case)"
            )
        seen[key(n)] = n
    return cleaned


def resolve(typed: str, players: Sequence[str]) -> str:
    """The seated player meant by `typed`: the same name (`key`), else the only name it
    begins. InputError naming the candidates otherwise (the close names first: "did you
    mean …")."""
    typed_key = key(typed)
    exact = [p for p in players if key(p) == typed_key]
    if exact:
        return exact[0]
    matches = [p for p in players if typed_key and key(p).startswith(typed_key)]
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise InputError(f"{quoted(typed)} could be {', '.join(matches)}; type more of the name")
    import difflib

    close = difflib.get_close_matches(typed_key, [key(p) for p in players], n=3, cutoff=0.5)
    hint = (
        "did you mean " + ", ".join(p for p in players if key(p) in close) + "? " if close else ""
    )
    raise InputError(f"no player called {quoted(typed)}; {hint}players: {', '.join(players)}")
