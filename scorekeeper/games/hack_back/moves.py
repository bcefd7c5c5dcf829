"""Hack Back's legal moves, and a typed move read into its event: part of the rules
(scorekeeper.game.Rules: `moves`, `make`, `move_of`), pure over the state and the cards
(scorekeeper.games.hack_back.cards: id -> HeroSpec, the `kit`). Source:
shared/rules/hack-back.txt.

Legal now: in the opening, each player still to reveal reveals a Hero (any card, as it
comes from their hand) or says they cannot supply one; in play, the player whose turn it
is takes an action: Draw, Play a card (then a target for each instruction that takes
one: an Attack any Hero in play, a Defend or a Defend Ally a friendly Hero), or Activate
a Hero they control (then its instructions' targets, a Defend Ally another friendly Hero
than the activating one, and for each Victory Point the card placed, if any). Nothing
once the game is over."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, cast

from pnp.core.shown import plural
from scorekeeper import numbers
from scorekeeper.errors import InputError, UsageError, quoted
from scorekeeper.games.hack_back import rules
from scorekeeper.games.hack_back.state import State, takes_target
from scorekeeper.games.hack_back.words import keyword
from scorekeeper.legal import (
    Choice,
    Made,
    Move,
    Param,
    Typed,
    entries,
    given,
    loaded,
    player,
    text,
    texts,
)
from scorekeeper.names import resolve
from scorekeeper.numbers import is_whole, whole
from scorekeeper.view import number

if TYPE_CHECKING:
    from scorekeeper.games.hack_back.cards import HeroSpec

    Kit = dict[str, HeroSpec]

#: What a player types for an instruction without a legal target.
NONE = ("none", "-")


def moves(table: State, kit: Kit | None) -> tuple[Move, ...]:
    """The moves legal in `table` (see the module's text)."""
    if table.phase == "over":
        return ()
    if table.phase == "opening":
        waiting = table.waiting
        return (
            Move(
                "hero",
                "Reveal your Hero",
                waiting,
                (player("player", waiting, "Who reveals"), _cards_param("card", "Hero card", kit)),
                rules.RULE_OPENING,
            ),
            Move(
                "no-hero",
                "Cannot supply a Hero",
                waiting,
                (player("player", waiting, "Who has no Hero"),),
                "a player who cannot supply a Hero loses (rules, opening)",
            ),
        )
    current = table.players[table.current]
    me = (player("player", (current,)),)
    out = [
        Move("draw", "Draw a card", (current,), me, rules.RULE_TWO_ACTIONS),
        Move(
            "play",
            "Play a card",
            (current,),
            (*me, _cards_param("card", "Card played from your hand", kit, said="play")),
            rules.RULE_TWO_ACTIONS,
            more=("card",),
            then=lambda values: _play_params(table, kit, current, values),
        ),
    ]
    mine = table.in_play(current)
    if mine:
        heroes = tuple(Choice(str(h.uid), _hero_label(h, owner=False)) for h in mine)
        out.append(
            Move(
                "activate",
                "Activate a Hero",
                (current,),
                (*me, Param("hero_number", "Hero", choices=heroes)),
                rules.RULE_OWN_HERO,
                more=("hero_number",),
                then=lambda values: _activate_params(table, kit, current, values),
            )
        )
    return tuple(out)


def _hero_label(h, owner: bool = True) -> str:
    whose = f", {h.owner}" if owner else ""
    return f"#{h.uid} {h.name} ({number(h.vc)} VC{whose})"


def _cards_param(
    name: str, label: str, kit: Kit | None, required: bool = True, said: str = ""
) -> Param:
    """Any card of the kit (any card can be a Hero or be played), named with its VC, or
    with what it does when `said` is "play" (its Play instructions)."""
    if kit is None:
        return Param(name, label, "text", required=required, hint="Its id or name, or its VC.")
    choices = tuple(
        Choice(c.id, f"{c.name}: {_instructions(c.play)}" if said else f"{c.name} ({c.vc} VC)")
        for c in kit.values()
    )
    return Param(name, label, choices=choices, required=required)


def _instructions(effects) -> str:
    """A card's instructions in the rules' keywords: "Attack 2, Draw 1", "every Hero
    loses 4 VC"; "no effect" without any."""
    said = []
    for e in effects:
        word, n = keyword(e["kind"]), e.get("amount")
        text = f"{word} {number(n)}" if n else word
        said.append(f"{text} on every Hero" if e.get("every") else text)
    return ", ".join(said) or "no effect"


def _spec(kit: Kit | None, typed) -> HeroSpec | None:
    """The card `typed` names, or None if it names none (the rules say why on record)."""
    from scorekeeper.games.hack_back import cards

    if kit is None or typed in (None, ""):
        return None
    try:
        return cards.hero_card(str(typed), kit)
    except InputError:
        return None


def _play_params(table: State, kit: Kit | None, current: str, values: dict) -> tuple[Param, ...]:
    spec = _spec(kit, values.get("card"))
    if spec is None:
        return ()
    return _targets_param(table, current, spec.play, None)


def _activate_params(
    table: State, kit: Kit | None, current: str, values: dict
) -> tuple[Param, ...]:
    """The activated Hero's card (if it was revealed by its VC only, or as a card today's
    card data no longer prints), then its instructions' targets and Victory Points."""
    uid = _hero_number(values.get("hero_number"))
    hero = next((h for h in table.in_play(current) if h.uid == uid), None)
    if hero is None:
        return ()
    out: tuple[Param, ...] = ()
    spec = _spec(kit, hero.card) if hero.card in (kit or {}) else None
    if spec is None and kit is not None:  # revealed by VC: a card of that VC; else any
        choices = tuple(
            Choice(c.id, f"{c.name} ({c.vc} VC)")
            for c in kit.values()
            if hero.card is not None or c.vc == hero.printed
        )
        out = (Param("card", "The Hero's card", choices=choices),)
        spec = _spec(kit, values.get("card"))
    if spec is None:
        return out
    out += _targets_param(table, current, spec.activate, hero.uid)
    points = sum(e["kind"] == "victory_point" for e in spec.activate)
    if points:
        places = tuple(
            _cards_param(str(n), f"Victory Point {n}: a card placed as an extra Hero", kit, False)
            for n in range(1, points + 1)
        )
        out += (Param("place", "Heroes placed", "each", each=places, required=False),)
    return out


def _targets_param(
    table: State, current: str, effects, activating: int | None
) -> tuple[Param, ...]:
    """One "each" param `target` with a choice per instruction that takes a target (its
    key its place among them, from "1"): the Heroes its rule allows, none (and not
    required) where there is no legal target."""
    wanted = [e for e in effects if takes_target(e)]
    if not wanted:
        return ()
    heroes = {h.uid: h for h in table.in_play()}
    each = []
    for n, effect in enumerate(wanted, start=1):
        legal = rules.legal_targets(table, current, effect["kind"], activating)
        choices = tuple(Choice(str(uid), _hero_label(heroes[uid])) for uid in legal)
        label = f"{keyword(effect['kind'])} {number(effect.get('amount', 0))}: which Hero"
        each.append(Param(str(n), label, choices=choices, required=bool(choices)))
    return (
        Param(
            "target", "Targets", "each", each=tuple(each), required=any(p.required for p in each)
        ),
    )


# --- A typed move read --------------------------------------------------------------


def hero_number(typed, none_ok: bool) -> int | None:
    """A Hero's number as typed (3, "3" or "#3"), read as every number typed at the table
    is (the sign kept); with `none_ok`, "none" or "-" for an instruction without a
    legal target (None). UsageError for text that is no number; InputError for a number
    below 1, or one no Hero could have (over 19 digits)."""
    if isinstance(typed, int) and not isinstance(typed, bool):
        typed = str(typed)
    value = str(typed).strip()
    if none_ok and value.lower() in NONE:
        return None
    digits = value.removeprefix("#")
    if not is_whole(digits):
        either = " (or none)" if none_ok else ""
        raise UsageError(f"{quoted(str(typed))} is not a Hero number such as 3 or #3{either}")
    n = numbers.value(digits)
    if n is None:
        raise InputError(f"no Hero #{numbers.shown(digits)} in play")
    if n < 1:
        raise InputError(f"Hero numbers are 1 or more, got {numbers.shown(value)}")
    return n


def _hero_number(typed) -> int | None:
    try:
        return hero_number(typed, none_ok=False) if typed not in (None, "") else None
    except (UsageError, InputError):
        return None


def _typed_targets(values: dict) -> list[int | None]:
    """The targets typed, in order: a list (the command line's --target, each a number,
    None or its text) or an "each" dict {"1": ..., "2": ...} (a page's, empty for none)."""
    typed = values.get("target")
    if isinstance(typed, dict):
        return _in_order(values, "target", lambda t: hero_number(t, True))
    if typed in (None, ""):
        return []
    items = typed if isinstance(typed, (list, tuple)) else [typed]
    return [None if t is None else hero_number(t, True) for t in items]


def _in_order(values: dict, name: str, read: Callable[[str], Any]) -> list:
    """The entries "1", "2", ... of the "each" value `name`, in order, each `read`, up to
    the last one given (None for one left empty before it)."""
    listed = entries(values, name)
    last = max((int(k) for k in listed if k.isdigit()), default=0)
    return [read(listed[str(n)]) if str(n) in listed else None for n in range(1, last + 1)]


def _targets(effects, typed: list[int | None], what: str) -> list:
    """One target per effect: the typed Hero numbers go, in order, to the effects that
    take a target (state.takes_target); Draw, Victory Point and an instruction that
    reaches every Hero it may target take none. `what` names the instructions in a
    refusal ("Tailgater's Play instructions")."""
    wanted = [e for e in effects if takes_target(e)]
    if len(typed) > len(wanted):
        takes = f"take {plural(len(wanted), 'target')}" if wanted else "take no target"
        raise InputError(f"{what} {takes}, got {plural(len(typed), 'target')}")
    given_targets = iter(list(typed) + [None] * (len(wanted) - len(typed)))
    return [next(given_targets) if takes_target(e) else None for e in effects]


def _card_or_vc(kit: Kit, typed: str) -> dict:
    """A placed Hero: {"card", "name", "vc"} from a card id/name, or a bare printed VC."""
    from scorekeeper.games.hack_back import cards

    if is_whole(typed):
        low, high = cards.printed_vc_range(kit)
        vc = whole(typed, low, high, "a printed VC", " (the cards' range)")
        return {"card": None, "name": None, "vc": vc}
    card = cards.hero_card(typed, kit)
    return {"card": card.id, "name": card.name, "vc": card.vc}


def _places(kit: Kit, values: dict) -> list:
    """The cards placed for the Victory Points, in order: a list (the command line's
    --place) or an "each" dict {"1": card, ...} (a page's; an empty one declines)."""
    if isinstance(values.get("place"), dict):
        return _in_order(values, "place", lambda t: _card_or_vc(kit, t))
    return [_card_or_vc(kit, p) for p in texts(values, "place")]


def make(table: State, kit: Callable[[], Kit | None], name: str, values: dict) -> Made:
    """The event of move `name` typed with `values` (see the module's text); InputError
    for a card or player it cannot read; RuleError for an action out of turn, before
    its targets are read."""
    from scorekeeper.games.hack_back import cards

    seated = table.players
    if name in ("hero", "no-hero", "draw"):
        who = resolve(text(values, "player", "PLAYER"), seated)
        if name == "hero":
            card = _card_or_vc(loaded(kit, rules.NAME), text(values, "card", "CARD"))
            return Made({"type": "reveal", "player": who, **card})
        return Made({"type": "no_hero" if name == "no-hero" else "draw", "player": who})
    if name == "play":
        spec = cards.hero_card(text(values, "card", "CARD"), loaded(kit, rules.NAME))
        who = resolve(text(values, "player", "PLAYER"), seated)
        rules.check_action(table, who)
        targets = _targets(spec.play, _typed_targets(values), f"{spec.name}'s Play instructions")
        return Made(
            {
                "type": "play",
                "player": who,
                "card": spec.id,
                "name": spec.name,
                "effects": list(spec.play),
                "targets": targets,
            }
        )
    if name == "activate":
        return _activate(table, loaded(kit, rules.NAME), values)
    raise InputError(f"Hack Back has no move {quoted(name)}")


def _activate(table: State, kit: Kit, values: dict) -> Made:
    from scorekeeper.games.hack_back import cards

    who = resolve(text(values, "player", "PLAYER"), table.players)
    number_typed = cast(int, hero_number(text(values, "hero_number", "HERO_NUMBER"), False))
    hero = rules.activated_hero(table, who, number_typed)
    gone = hero.card is not None and hero.card not in kit
    typed_card = values.get("card") if given(values, "card") else None
    if gone and typed_card is None:
        raise InputError(
            f"Hero #{number_typed} was revealed as the card "
            f"{quoted(hero.card, 48)}, which today's card data does not "
            "print (a deck retuned since?); add --card with the card it is now"
        )
    card_id = typed_card and cards.hero_card(str(typed_card), kit).id or hero.card
    if card_id is None:
        raise InputError(
            f"Hero #{number_typed} was revealed by its VC only; add --card with its card"
        )
    spec = kit[card_id]
    # a retuned card keeps the id it was revealed with: the Hero is the same card
    card_id = hero.card if gone else spec.id
    targets = _targets(
        spec.activate, _typed_targets(values), f"{spec.name}'s Activate instructions"
    )
    return Made(
        {
            "type": "activate",
            "player": who,
            "hero": number_typed,
            "card": card_id,
            "name": spec.name,
            "printed": spec.vc,
            "effects": list(spec.activate),
            "targets": targets,
            "place": _places(kit, values),
        }
    )


def move_of(table: State, event: dict) -> Typed:
    """The move `event` was made by in `table` (the state before it), in the values
    `moves` offers."""
    kind, who = event["type"], event.get("player")
    if kind == "reveal":
        return Typed("hero", {"player": who, "card": event.get("card") or str(event["vc"])}, who)
    if kind in ("no_hero", "draw"):
        return Typed(kind.replace("_", "-"), {"player": who}, who)
    values = {"player": who}
    if kind == "play":
        values["card"] = event["card"] or ""
    else:
        values["hero_number"] = str(event["hero"])
        hero = next((h for h in table.heroes if h.uid == event["hero"]), None)
        if hero is not None and hero.card is None:
            values["card"] = event.get("card") or ""
        places = event.get("place") or []
        points = sum(e["kind"] == "victory_point" for e in event["effects"])
        if points:
            values["place"] = {
                str(n): (p.get("card") or str(p["vc"])) if p else ""
                for n, p in zip(range(1, points + 1), places + [None] * points)
            }
    wanted = [t for e, t in zip(event["effects"], event["targets"]) if takes_target(e)]
    if wanted:
        values["target"] = {str(n): "" if t is None else str(t) for n, t in enumerate(wanted, 1)}
    return Typed("activate" if kind == "activate" else "play", values, who)
