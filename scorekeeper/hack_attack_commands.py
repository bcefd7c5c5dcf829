"""Hack Attack: Defense verbs: protect, user-error, attack, end-turn, and the two
helpers that need no game: defend (an Attack check) and check (score a finished table).
Rules: shared/rules/hack-attack-defense.txt."""

from __future__ import annotations

import re

import click

from scorekeeper.cli import echo_json, main, pass_ctx
from scorekeeper.commands import JSON, game_table, record_and_report
from scorekeeper.errors import InputError
from scorekeeper.names import check_new_names, resolve
from scorekeeper.rules import hack_attack as rules
from scorekeeper.view import outcome_lines


def _table(ctx):
    return game_table(ctx, rules)


@main.command()
@click.argument("player")
@click.argument("tech")
@pass_ctx
def protect(ctx, player, tech) -> None:
    """PLAYER Protects a Tech card, given by card id or name (e.g. laptop) or by its points."""
    from scorekeeper import cards
    table = _table(ctx)
    deck = cards.hack_attack_deck()
    points, card, name, copies = cards.tech(deck, tech)
    record_and_report(ctx, table, {
        "type": "protect", "player": resolve(player, table.game.players), "points": points,
        "card": card, "name": name, "copies": copies, "deck_at_points": deck.tech_at(points)})


@main.command("user-error")
@click.argument("player")
@click.argument("count", type=click.IntRange(1, 20), default=1)
@pass_ctx
def user_error(ctx, player, count) -> None:
    """PLAYER keeps COUNT User Error cards (−1 point each at the end)."""
    from scorekeeper import cards
    table = _table(ctx)
    record_and_report(ctx, table, {
        "type": "user_error", "player": resolve(player, table.game.players), "count": count,
        "deck": cards.hack_attack_deck().user_errors})


def _check(deck, icons, revealed, players: int):
    result = rules.defend(icons, revealed, players)
    names = {**deck.categories, rules.WILD: "Reality Check"}
    return result, result.explain(names)


@main.command()
@click.argument("attack")
@click.argument("revealed", nargs=-1)
@pass_ctx
def attack(ctx, attack, revealed) -> None:
    """Record an Attack drawn by the player whose turn it is, and decide it: ATTACK is a
    card id or name, or three icons separated by commas; REVEALED are the Defense cards
    shown (categories, or wild), one per player at most."""
    from scorekeeper import cards
    table = _table(ctx)
    deck = cards.hack_attack_deck()
    icons, card, name = cards.attack(deck, attack)
    shown = [cards.category(deck, r, wild_ok=True) for r in revealed]
    drawer = table.game.players[table.state.current]
    result, lines = _check(deck, icons, shown, len(table.game.players))
    consequence = ("all remaining Tech is safe" if result.holds else
                   "every player discards their highest-value unprotected Tech")
    lines.append(f"{drawer} first discards unprotected Tech vulnerable to "
                 f"{name or 'this Attack'}; "
                 f"then {consequence}. Everyone takes their Defense cards back.")
    record_and_report(ctx, table, {
        "type": "attack", "player": drawer, "attack": card, "name": name, "icons": list(icons),
        "revealed": shown, "holds": result.holds, "copies": cards.attack_copies(deck, card)},
        preface=lines)


@main.command("end-turn")
@pass_ctx
def end_turn(ctx) -> None:
    """End the current player's turn; the final round and the end are handled for you."""
    record_and_report(ctx, _table(ctx), {"type": "end_turn"})


@main.command()
@click.argument("icons")
@click.argument("revealed", nargs=-1)
@click.option("--players", type=click.IntRange(2, 6), required=True, help="Players at the table.")
@JSON
def defend(icons, revealed, players, as_json) -> None:
    """Check an Attack without recording it: ICONS is an Attack id or three icons joined by
    commas; REVEALED are the Defense cards shown (categories, or wild)."""
    from scorekeeper import cards
    deck = cards.hack_attack_deck()
    icon_ids, _, name = cards.attack(deck, icons)
    shown = [cards.category(deck, r, wild_ok=True) for r in revealed]
    result, lines = _check(deck, icon_ids, shown, players)
    if as_json:
        echo_json({"attack": name, "icons": list(icon_ids), "revealed": shown,
                   "needed": result.needed, "holds": result.holds,
                   "covered": [{"icon": i, "card": c} for i, c in result.covered]})
        return
    for line in lines:
        click.echo(line)


ENTRY = re.compile(r"(?P<name>[^=]+)=(?P<points>[0-9]{1,2}(?:,[0-9]{1,2})*)?"
                   r"(?:/(?P<errors>[0-9]{1,3}))?", re.ASCII)


def parse_entry(text: str) -> tuple[str, tuple[int, ...], int]:
    """"Ana=5,3,2/1" -> ("Ana", (5, 3, 2), 1): Protected Tech points, then User Errors."""
    m = ENTRY.fullmatch(text.strip())
    if not m or not m.group("name").strip():
        raise InputError(f"cannot read {text!r}: write NAME=POINTS,POINTS/USER_ERRORS, "
                         "e.g. Ana=5,3,2/1 (Ana=/2 for no Protected Tech)")
    points = tuple(int(p) for p in m.group("points").split(",")) if m.group("points") else ()
    return m.group("name").strip(), points, int(m.group("errors") or 0)


@main.command()
@click.argument("game")
@click.argument("entries", nargs=-1, required=True)
@JSON
def check(game, entries, as_json) -> None:
    """Settle a finished table without replaying it: each ENTRY is NAME=POINTS,.../ERRORS
    (Protected Tech points, then User Errors kept), e.g. Ana=5,3,2/1 Ben=4,4/0."""
    from scorekeeper.rules import find_rules
    if find_rules(game) is not rules:
        raise InputError(f"check knows {rules.GAME} only so far")
    from scorekeeper import cards
    table = [parse_entry(e) for e in entries]
    check_new_names([name for name, _, _ in table])
    rules.initial([name for name, _, _ in table])
    deck = cards.hack_attack_deck()
    rules.check_final_table(table, {p: deck.tech_at(p) for _, p, _ in deck.tech.values()},
                            deck.user_errors)
    outcome = rules.score(table)
    if as_json:
        echo_json(outcome.to_json())
        return
    for line in outcome_lines(outcome, explain=True):
        click.echo(line)
