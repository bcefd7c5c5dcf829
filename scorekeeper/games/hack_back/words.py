"""Hack Back in words: one line per recorded event, for the table and the history.
Pure; no I/O. Keywords as the rules print them (shared/rules/hack-back.txt)."""

from __future__ import annotations

from scorekeeper.view import number

KEYWORDS = {
    "attack": "Attack",
    "defend": "Defend",
    "defend_ally": "Defend Ally",
    "draw": "Draw",
    "victory_point": "Victory Point",
}


def keyword(kind: str) -> str:
    """The printed keyword of an effect kind: "defend_ally" -> "Defend Ally"; KeyError
    for an unknown kind."""
    return KEYWORDS[kind]


def describe(event: dict) -> str:
    """One line saying what `event` (a Hack Back event, see rules.py) recorded, e.g.
    "Ana played Phishing Lure: Attack 2 on #2"."""
    kind, who = event["type"], event.get("player", "")
    if kind == "reveal":
        what = event.get("name") or "a Hero"
        return f"{who} revealed {what} ({event['vc']} VC)"
    if kind == "no_hero":
        return f"{who} could not supply a Hero"
    if kind == "draw":
        return f"{who} drew a card"
    places = iter(event.get("place", []))
    effects = ", ".join(
        _effect_text(e, t, places) for e, t in zip(event["effects"], event["targets"])
    )
    if kind == "play":
        return f"{who} played {event.get('name') or 'a card'}: {effects or 'no effect'}"
    hero = f"#{event['hero']}" + (f" {event['name']}" if event.get("name") else "")
    return f"{who} activated Hero {hero}: {effects or 'no effect'}, then +2 VC"


def _effect_text(effect: dict, target, places) -> str:
    word = keyword(effect["kind"])
    n = effect.get("amount")
    label = f"{word} {number(n)}" if n else word
    if effect["kind"] == "victory_point":
        place = next(places, None)
        return (
            f"{label}, placing {place.get('name') or 'a Hero'} ({place['vc']} VC)"
            if place
            else f"{label} declined"
        )
    if effect["kind"] == "draw":
        return label
    if effect["kind"] == "attack" and n is not None and n < 0:  # the Hero loses VC
        loses = f"loses {-n} VC"
        if effect.get("every"):
            return f"every Hero {loses} ({label})"
        return (
            f"#{target} {loses} ({label})" if target is not None else f"{label} (no legal target)"
        )
    if effect.get("every"):
        return f"{label} on every {'' if effect['kind'] == 'attack' else 'friendly '}Hero"
    return f"{label} on #{target}" if target is not None else f"{label} (no legal target)"
