"""Hack Back verbs: hero and no-hero (the opening), draw, play and activate (the two
actions of a turn; the end-of-turn checks run by themselves after the second).
Rules: shared/rules/hack-back.txt."""

from __future__ import annotations

import click

from scorekeeper.context import complete_legal, example, pass_ctx
from scorekeeper.games.hack_back import rules
from scorekeeper.report import play_move


def _play(ctx, name: str, **values) -> None:
    play_move(ctx, rules.GAME, name, values)


class HeroNumber(click.ParamType):
    """A Hero's number as `status` shows it, 3 or #3 (moves.hero_number); with
    `none_ok`, "none" or "-" for an instruction without a legal target (None). Text that
    is no number is click's usage error (exit 2); a number below 1 is refused with the
    range, and one no Hero could have (over 19 digits) as no such Hero (InputError,
    exit 1). Whether that Hero is in play is the rules' to say."""

    name = "hero number"

    def __init__(self, none_ok: bool):
        self.none_ok = none_ok

    def convert(self, value, param, ctx) -> int | None:
        """The Hero's number, None for none, or the errors above."""
        from scorekeeper.errors import UsageError
        from scorekeeper.games.hack_back import moves  # here: a status loads no legal moves

        try:
            return moves.hero_number(value, self.none_ok)
        except UsageError as exc:
            self.fail(str(exc), param, ctx)

    def shell_complete(self, ctx, param, incomplete):
        """The Heroes the move offers now (scorekeeper.context.complete_legal): the
        activating player's own, or the targets an instruction's rule allows."""
        return complete_legal(ctx, param, incomplete)


@example("Ana script-kiddie")
@click.command()
@click.argument("player", shell_complete=complete_legal)
@click.argument("card", shell_complete=complete_legal)
@pass_ctx
def hero(ctx, player, card) -> None:
    """Opening: PLAYER reveals a Hero, by card id or name, or by its printed VC."""
    _play(ctx, "hero", player=player, card=card)


@example("Ben")
@click.command("no-hero")
@click.argument("player", shell_complete=complete_legal)
@pass_ctx
def no_hero(ctx, player) -> None:
    """Opening: PLAYER cannot supply a Hero, and loses."""
    _play(ctx, "no-hero", player=player)


@example("Ana")
@click.command()
@click.argument("player", shell_complete=complete_legal)
@pass_ctx
def draw(ctx, player) -> None:
    """Action: PLAYER draws a card."""
    _play(ctx, "draw", player=player)


TARGET_HELP = (
    "Hero number for each instruction that takes a target, in order (none if it has no "
    "legal target)."
)


@example("Ana script-kiddie -t 2")
@click.command()
@click.argument("player", shell_complete=complete_legal)
@click.argument("card", shell_complete=complete_legal)
@click.option("--target", "-t", multiple=True, type=HeroNumber(none_ok=True), help=TARGET_HELP)
@pass_ctx
def play(ctx, player, card, target) -> None:
    """Action: PLAYER plays CARD from hand and resolves its Play instructions."""
    _play(ctx, "play", player=player, card=card, target=list(target))


@example("Ana 1 -t 2")
@click.command()
@click.argument("player", shell_complete=complete_legal)
@click.argument("hero_number", type=HeroNumber(none_ok=False))
@click.option("--target", "-t", multiple=True, type=HeroNumber(none_ok=True), help=TARGET_HELP)
@click.option(
    "--place",
    multiple=True,
    shell_complete=complete_legal,
    help="For each Victory Point: the card (or printed VC) "
    "placed as an additional Hero; leave out to decline.",
)
@click.option(
    "--card",
    "card",
    default=None,
    shell_complete=complete_legal,
    help="The Hero's card, if it was revealed by "
    "VC only (or as a card today's card data no longer prints).",
)
@pass_ctx
def activate(ctx, player, hero_number, target, place, card) -> None:
    """Action: PLAYER activates Hero HERO_NUMBER: its instructions, then +2 VC."""
    values = {"player": player, "hero_number": hero_number, "target": list(target)}
    _play(ctx, "activate", **values, place=list(place), card=card)
