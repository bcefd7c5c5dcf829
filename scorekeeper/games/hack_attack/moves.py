"""Hack Attack: Defense's legal moves, and a typed move read into its event: part of the
rules (scorekeeper.game.Rules: `moves`, `make`, `move_of`), pure over the state and the
deck (scorekeeper.games.hack_attack.cards.Deck, the `kit`). Source:
shared/rules/hack-attack-defense.txt.

Legal now, while the game goes on: the player whose turn it is may Protect a Tech card
(once a turn, any number with the faster variant; only a card the deck still has
unprotected), resolve an Attack card they drew (one the deck still holds) with the
Defense cards revealed (one per player at most), and end the turn; any player may keep
a User Error card (while the deck has one not kept)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from pnp.core.shown import plural
from scorekeeper.errors import InputError, quoted
from scorekeeper.games.hack_attack import attack, state
from scorekeeper.legal import (
    Choice,
    Made,
    Move,
    Param,
    Typed,
    loaded,
    number,
    player,
    text,
    texts,
    whole_number,
)
from scorekeeper.names import resolve

if TYPE_CHECKING:
    from scorekeeper.games.hack_attack.cards import Deck

RULE_END_TURN = (
    "take two actions, then the turn passes clockwise (rules, “You must take two actions”)"
)


def moves(table: state.State, deck: Deck | None) -> tuple[Move, ...]:
    """The moves legal in `table` (none once the game is over), the player to act's
    first: protect, attack, end-turn; then user-error, for anyone."""
    if table.over:
        return ()
    seated = tuple(p.name for p in table.players)
    current = seated[table.current]
    out = []
    tech = _tech(table, deck)
    if (table.faster or not table.protected_this_turn) and _open(tech):
        rule = state.RULE_OWN_TURN if table.faster else state.RULE_ONCE
        out.append(
            Move(
                "protect",
                "Protect a Tech card",
                (current,),
                (player("player", (current,)), tech),
                rule,
            )
        )
    attacks = _attacks(table, deck)
    if _open(attacks):
        revealed = Param(
            "revealed",
            "Defense cards revealed",
            choices=_categories(deck),
            required=False,
            many=len(seated),
            hint="One per player at most; a Reality Check covers any icon.",
        )
        out.append(
            Move(
                "attack",
                "Resolve an Attack card",
                (current,),
                (attacks, revealed),
                state.RULE_DRAWER,
            )
        )
    out.append(Move("end-turn", "End the turn", (current,), (), RULE_END_TURN))
    left = state.USER_ERRORS_AT_ONCE[1] if deck is None else deck.user_errors - _kept(table)
    if left > 0:
        out.append(
            Move(
                "user-error",
                "Keep a User Error card",
                seated,
                (
                    player("player", seated, "Who keeps it"),
                    number("count", "How many", 1, min(left, state.USER_ERRORS_AT_ONCE[1]), 1),
                ),
                state.RULE_USER_ERRORS,
            )
        )
    return tuple(out)


def _open(param: Param) -> bool:
    """False for a choice with nothing left to choose (every Tech card Protected)."""
    return param.kind != "choice" or bool(param.choices)


def _kept(table: state.State) -> int:
    return sum(p.user_errors for p in table.players)


def _tech(table: state.State, deck: Deck | None) -> Param:
    """The Tech cards that can still be Protected: copies left of the card and of Tech
    worth its points (rules, “Tech”: Protected Tech stays Protected)."""
    if deck is None:
        return Param("tech", "Tech card", "text", hint="Its id, name or points.")
    held = [t for p in table.players for t in p.protected]
    choices = tuple(
        Choice(card, f"{name} ({plural(points, 'point')})")
        for card, (name, points, copies) in deck.tech.items()
        if sum(t.card == card for t in held) < copies
        and sum(t.points == points for t in held) < deck.tech_at(points)
    )
    return Param("tech", "Tech card", choices=choices)


def _attacks(table: state.State, deck: Deck | None) -> Param:
    """The Attack cards not all resolved yet (rules: “remove the Attack card from the
    game”)."""
    if deck is None:
        return Param("attack", "Attack card", "text", hint="Its id or name, or three icons.")
    names = {**deck.categories}
    choices = tuple(
        Choice(card, f"{name} ({', '.join(names.get(i, i) for i in icons)})")
        for card, (name, icons, copies) in deck.attacks.items()
        if table.attacks.count(card) < copies
    )
    return Param("attack", "Attack card", choices=choices)


def _categories(deck: Deck | None) -> tuple[Choice, ...]:
    """The Defense categories and the wild Reality Check, as a revealed card is named,
    each at most as often as the kit prints cards of it (one revealed per card)."""
    names = deck.categories if deck is not None else {c: c for c in attack.CATEGORIES}
    kit = deck.defense if deck is not None else {}
    return (
        *(Choice(k, v, kit.get(k)) for k, v in names.items()),
        Choice(attack.WILD, "Reality Check (wild)", kit.get(attack.WILD)),
    )


# --- A typed move read --------------------------------------------------------------


def make(table: state.State, kit: Callable[[], Deck | None], name: str, values: dict) -> Made:
    """The event of move `name` typed with `values` (see the module's text), the deck
    read (`kit`) by the moves that name a card or count the deck's; InputError for a
    card, category or player it cannot read, a count out of range."""
    from scorekeeper.games.hack_attack import cards

    if name == "end-turn":
        return Made({"type": "end_turn"})
    deck: Deck = loaded(kit, state.NAME)
    seated = tuple(p.name for p in table.players)
    if name == "protect":
        points, card, card_name, copies = cards.tech(deck, text(values, "tech", "TECH"))
        return Made(
            {
                "type": "protect",
                "player": resolve(text(values, "player", "PLAYER"), seated),
                "points": points,
                "card": card,
                "name": card_name,
                "copies": copies,
                "deck_at_points": deck.tech_at(points),
            }
        )
    if name == "user-error":
        who = resolve(text(values, "player", "PLAYER"), seated)
        count = whole_number(values, "count", *state.USER_ERRORS_AT_ONCE, "COUNT", default=1)
        return Made({"type": "user_error", "player": who, "count": count, "deck": deck.user_errors})
    if name == "attack":
        return _attack(table, deck, values)
    raise InputError(f"Hack Attack: Defense has no move {quoted(name)}")


def _attack(table: state.State, deck: Deck, values: dict) -> Made:
    from scorekeeper.games.hack_attack import cards

    icons, card, card_name = cards.attack(deck, text(values, "attack", "ATTACK"))
    shown = [cards.category(deck, r, wild_ok=True) for r in texts(values, "revealed")]
    drawer = table.players[table.current].name
    result, lines = checked(deck, icons, shown, len(table.players), table.cover)
    consequence = (
        "all remaining Tech is safe"
        if result.holds
        else "every player discards their highest-value unprotected Tech card (their "
        "choice on a tie) and does not draw a replacement"
    )
    lines.append(
        f"{drawer} first discards unprotected Tech vulnerable to "
        f"{card_name or 'this Attack'}; then {consequence}. Everyone takes their Defense "
        "cards back."
    )
    event = {
        "type": "attack",
        "player": drawer,
        "attack": card,
        "name": card_name,
        "icons": list(icons),
        "revealed": shown,
        "holds": result.holds,
        "copies": cards.attack_copies(deck, card),
        **({"kit": dict(deck.defense)} if deck.defense else {}),
    }
    return Made(event, tuple(lines))


def checked(
    deck: Deck, icons, revealed: list[str], players: int, cover: int | None
) -> tuple[attack.Defense, list[str]]:
    """An Attack of `icons` against the Defense cards `revealed` at a table of `players`
    (attack.defend, `cover` the variant's), and its check icon by icon, in the deck's
    category names."""
    result = attack.defend(icons, revealed, players, cover)
    return result, result.explain({**deck.categories, attack.WILD: "Reality Check"})


def move_of(table: state.State, event: dict) -> Typed:
    """The move `event` was made by in `table` (the state before it), in the values
    `moves` offers."""
    kind = event["type"]
    if kind == "protect":
        tech = event.get("card") or str(event["points"])
        return Typed("protect", {"player": event["player"], "tech": tech}, event["player"])
    if kind == "user_error":
        values = {"player": event["player"], "count": event.get("count", 1)}
        return Typed("user-error", values, event["player"])
    if kind == "attack":
        typed = event.get("attack") or ",".join(event["icons"])
        values = {"attack": typed, "revealed": list(event["revealed"])}
        return Typed("attack", values, event["player"])
    return Typed("end-turn", {})
