"""Hack Back verbs: hero and no-hero (the opening), draw, play and activate (the two
actions of a turn; the end-of-turn checks run by themselves after the second).
Rules: shared/rules/hack-back.txt."""

from __future__ import annotations

import re

import click

from scorekeeper.context import pass_ctx
from scorekeeper.errors import InputError, quoted
from scorekeeper.games.hack_back import rules
from scorekeeper.names import resolve
from scorekeeper.numbers import is_whole, whole
from scorekeeper.report import game_table, record_and_report

TARGETED = ("attack", "defend", "defend_ally")


def _table(ctx):
    return game_table(ctx, rules.GAME)


def _hero_number(text: str) -> int | None:
    """"3" or "#3" -> 3; "none" or "-" -> None (no legal target)."""
    if text.strip().lower() in ("none", "-"):
        return None
    m = re.fullmatch(r"#?([0-9]{1,6})", text.strip())
    if not m:
        raise InputError(f"a target is a Hero number such as 3 or #3 (or none), got "
                         f"{quoted(text)}")
    return int(m.group(1))


def _targets(effects, typed: tuple[str, ...]) -> list:
    """One target per effect: the typed Hero numbers go, in order, to the effects that
    take a target; Draw and Victory Point take none."""
    wanted = [e for e in effects if e["kind"] in TARGETED]
    if len(typed) > len(wanted):
        raise InputError(f"{len(typed)} targets for {len(wanted)} instruction(s) that take one")
    given = iter([_hero_number(t) for t in typed] + [None] * (len(wanted) - len(typed)))
    return [next(given) if e["kind"] in TARGETED else None for e in effects]


def _card_or_vc(typed: str) -> dict:
    """A placed Hero: {"card", "name", "vc"} from a card id/name, or a bare printed VC."""
    from scorekeeper.games.hack_back import cards
    if is_whole(typed):
        low, high = cards.printed_vc_range()
        vc = whole(typed, low, high, "a printed VC", " (the cards' range)")
        return {"card": None, "name": None, "vc": vc}
    card = cards.hero_card(typed)
    return {"card": card.id, "name": card.name, "vc": card.vc}


@click.command()
@click.argument("player")
@click.argument("card")
@pass_ctx
def hero(ctx, player, card) -> None:
    """Opening: PLAYER reveals a Hero, by card id or name, or by its printed VC."""
    table = _table(ctx)
    record_and_report(ctx, table, {
        "type": "reveal", "player": resolve(player, table.game.players),
        **_card_or_vc(card)
    })


@click.command("no-hero")
@click.argument("player")
@pass_ctx
def no_hero(ctx, player) -> None:
    """Opening: PLAYER cannot supply a Hero, and loses."""
    table = _table(ctx)
    record_and_report(ctx, table, {
        "type": "no_hero", "player": resolve(player, table.game.players)})


@click.command()
@click.argument("player")
@pass_ctx
def draw(ctx, player) -> None:
    """Action: PLAYER draws a card."""
    table = _table(ctx)
    record_and_report(ctx, table, {"type": "draw", "player": resolve(player, table.game.players)})


@click.command()
@click.argument("player")
@click.argument("card")
@click.option("--target", "-t", multiple=True, help="Hero number for each instruction that "
              "takes a target, in order (none if it has no legal target).")
@pass_ctx
def play(ctx, player, card, target) -> None:
    """Action: PLAYER plays CARD from hand and resolves its Play instructions."""
    from scorekeeper.games.hack_back import cards
    table = _table(ctx)
    spec = cards.hero_card(card)
    record_and_report(ctx, table, {
        "type": "play", "player": resolve(player, table.game.players),
        "card": spec.id, "name": spec.name, "effects": list(spec.play),
        "targets": _targets(spec.play, target)
    })


@click.command()
@click.argument("player")
@click.argument("hero_number")
@click.option("--target", "-t", multiple=True, help="Hero number for each instruction that "
              "takes a target, in order (none if it has no legal target).")
@click.option("--place", multiple=True, help="For each Victory Point: the card (or printed VC) "
              "placed as an additional Hero; leave out to decline.")
@click.option("--card", "card", default=None, help="The Hero's card, if it was revealed by "
              "VC only.")
@pass_ctx
def activate(ctx, player, hero_number, target, place, card) -> None:
    """Action: PLAYER activates Hero HERO_NUMBER: its instructions, then +2 VC."""
    from scorekeeper.games.hack_back import cards
    table = _table(ctx)
    uid = _hero_number(hero_number)
    hero_state = table.state.hero(uid) if uid is not None else None
    if hero_state is None:
        raise InputError("name the Hero to activate by its number, e.g. 2")
    card_id = card and cards.hero_card(card).id or hero_state.card
    if card_id is None:
        raise InputError(f"Hero #{uid} was revealed by its VC only; add --card with its card")
    spec = cards.cards()[card_id]
    record_and_report(ctx, table, {
        "type": "activate", "player": resolve(player, table.game.players),
        "hero": uid, "card": spec.id, "name": spec.name, "printed": spec.vc,
        "effects": list(spec.activate),
        "targets": _targets(spec.activate, target),
        "place": [_card_or_vc(p) for p in place]
    })
