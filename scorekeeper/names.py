"""Player names: checked when a game starts, matched case-insensitively or by unique
prefix when typed at the table."""

from __future__ import annotations

import unicodedata
from typing import Sequence

from scorekeeper.errors import InputError


MAX_NAME = 24


def normal(name: str) -> str:
    """`name` stripped and in Unicode NFC, so "é" typed either way is the same name."""
    return unicodedata.normalize("NFC", name.strip())


def check_new_names(names: Sequence[str]) -> list[str]:
    """Names for a new game, stripped and NFC-normalised; InputError if one is empty,
    longer than 24 characters, holds control characters, or two are the same (ignoring
    case)."""
    cleaned = [normal(n) for n in names]
    for n in cleaned:
        if not n:
            raise InputError("a player name cannot be empty")
        if len(n) > MAX_NAME:
            raise InputError(f"the name {n[:MAX_NAME]!r}... is longer than {MAX_NAME} characters")
        if any(unicodedata.category(ch).startswith("C") for ch in n):
            raise InputError(f"the name {n!r} holds control characters")
    seen: dict[str, str] = {}
    for n in cleaned:
        if n.casefold() in seen:
            raise InputError(f"two players are called {seen[n.casefold()]!r} and {n!r}; "
                             "names must differ (ignoring case)")
        seen[n.casefold()] = n
    return cleaned


def resolve(typed: str, players: Sequence[str]) -> str:
    """The seated player meant by `typed`: the same name ignoring case, else the only name
    it begins. InputError naming the candidates otherwise."""
    key = normal(typed).casefold()
    exact = [p for p in players if p.casefold() == key]
    if exact:
        return exact[0]
    matches = [p for p in players if key and p.casefold().startswith(key)]
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise InputError(f"{typed!r} could be {', '.join(matches)}; type more of the name")
    raise InputError(f"no player called {typed!r}; players: {', '.join(players)}")
