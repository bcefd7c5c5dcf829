"""Hack Back verbs: hero and no-hero (the opening), draw, play and activate (the two
actions of a turn; the end-of-turn checks run by themselves after the second).
Rules: shared/rules/hack-back.txt."""

from __future__ import annotations

import click

from pnp.core.shown import plural
from scorekeeper import numbers
from scorekeeper.context import chosen_status, complete_player, completion, example, pass_ctx
from scorekeeper.errors import InputError, quoted
from scorekeeper.games.hack_back import rules
from scorekeeper.names import resolve
from scorekeeper.numbers import is_whole, whole
from scorekeeper.report import game_table, record_and_report

_NONE = ("none", "-")


def _table(ctx):
    return game_table(ctx, rules.GAME)


class HeroNumber(click.ParamType):
    """A Hero's number as `status` shows it, 3 or #3, read as every number typed at the
    table is (scorekeeper.numbers: the sign kept); with `none_ok`, "none" or "-" for an
    instruction without a legal target (None). As with context.Whole: text that is no
    number is click's usage error (exit 2); a number below 1 is refused with the range,
    and one no Hero could have (over 19 digits) as no such Hero (InputError, exit 1).
    Whether that Hero is in play is the rules' to say."""

    name = "hero number"

    def __init__(self, none_ok: bool):
        self.none_ok = none_ok

    def convert(self, value, param, ctx) -> int | None:
        """The Hero's number, None for none, or the errors above."""
        text = str(value).strip()
        if self.none_ok and text.lower() in _NONE:
            return None
        digits = text.removeprefix("#")
        if not is_whole(digits):
            either = " (or none)" if self.none_ok else ""
            self.fail(
                f"{quoted(str(value))} is not a Hero number such as 3 or #3{either}", param, ctx
            )
        number = numbers.value(digits)
        if number is None:
            raise InputError(f"no Hero #{numbers.shown(digits)} in play")
        if number < 1:
            raise InputError(f"Hero numbers are 1 or more, got {numbers.shown(text)}")
        return number

    def shell_complete(self, ctx, param, incomplete):
        """The numbers of the Heroes in play in the chosen game that start with what is
        typed, each with its name and owner (click.shell_completion.CompletionItem)."""
        from click.shell_completion import CompletionItem

        status = chosen_status(ctx) or {}
        return [
            CompletionItem(str(h["hero"]), help=f"{h['name']} ({h['owner']})")
            for h in status.get("heroes", ())
            if str(h["hero"]).startswith(incomplete.removeprefix("#"))
        ]


def _targets(effects, typed: tuple[int | None, ...], what: str) -> list:
    """One target per effect: the typed Hero numbers (HeroNumber) go, in order, to the
    effects that take a target (rules.takes_target); Draw, Victory Point and an
    instruction that reaches every Hero it may target take none. `what` names the
    instructions in a refusal ("Tailgater's Play instructions")."""
    wanted = [e for e in effects if rules.takes_target(e)]
    if len(typed) > len(wanted):
        takes = f"take {plural(len(wanted), 'target')}" if wanted else "take no target"
        raise InputError(f"{what} {takes}, got {plural(len(typed), 'target')}")
    given = iter(list(typed) + [None] * (len(wanted) - len(typed)))
    return [next(given) if rules.takes_target(e) else None for e in effects]


def _card_or_vc(typed: str) -> dict:
    """A placed Hero: {"card", "name", "vc"} from a card id/name, or a bare printed VC."""
    from scorekeeper.games.hack_back import cards

    if is_whole(typed):
        low, high = cards.printed_vc_range()
        vc = whole(typed, low, high, "a printed VC", " (the cards' range)")
        return {"card": None, "name": None, "vc": vc}
    card = cards.hero_card(typed)
    return {"card": card.id, "name": card.name, "vc": card.vc}


#: Shell completion of card ids (scorekeeper.context.completion).
CARD_IDS = completion("scorekeeper.games.hack_back.cards", lambda cards: cards.cards())


@example("Ana script-kiddie")
@click.command()
@click.argument("player", shell_complete=complete_player)
@click.argument("card", shell_complete=CARD_IDS)
@pass_ctx
def hero(ctx, player, card) -> None:
    """Opening: PLAYER reveals a Hero, by card id or name, or by its printed VC."""
    table = _table(ctx)
    record_and_report(
        ctx,
        table,
        {"type": "reveal", "player": resolve(player, table.row.players), **_card_or_vc(card)},
    )


@example("Ben")
@click.command("no-hero")
@click.argument("player", shell_complete=complete_player)
@pass_ctx
def no_hero(ctx, player) -> None:
    """Opening: PLAYER cannot supply a Hero, and loses."""
    table = _table(ctx)
    record_and_report(ctx, table, {"type": "no_hero", "player": resolve(player, table.row.players)})


@example("Ana")
@click.command()
@click.argument("player", shell_complete=complete_player)
@pass_ctx
def draw(ctx, player) -> None:
    """Action: PLAYER draws a card."""
    table = _table(ctx)
    record_and_report(ctx, table, {"type": "draw", "player": resolve(player, table.row.players)})


@example("Ana script-kiddie -t 2")
@click.command()
@click.argument("player", shell_complete=complete_player)
@click.argument("card", shell_complete=CARD_IDS)
@click.option(
    "--target",
    "-t",
    multiple=True,
    type=HeroNumber(none_ok=True),
    help="Hero number for each instruction that takes a target, in order (none "
    "if it has no legal target).",
)
@pass_ctx
def play(ctx, player, card, target) -> None:
    """Action: PLAYER plays CARD from hand and resolves its Play instructions."""
    from scorekeeper.games.hack_back import cards

    table = _table(ctx)
    spec = cards.hero_card(card)
    who = resolve(player, table.row.players)
    rules.check_action(table.state, who)
    record_and_report(
        ctx,
        table,
        {
            "type": "play",
            "player": who,
            "card": spec.id,
            "name": spec.name,
            "effects": list(spec.play),
            "targets": _targets(spec.play, target, f"{spec.name}'s Play instructions"),
        },
    )


@example("Ana 1 -t 2")
@click.command()
@click.argument("player", shell_complete=complete_player)
@click.argument("hero_number", type=HeroNumber(none_ok=False))
@click.option(
    "--target",
    "-t",
    multiple=True,
    type=HeroNumber(none_ok=True),
    help="Hero number for each instruction that takes a target, in order (none "
    "if it has no legal target).",
)
@click.option(
    "--place",
    multiple=True,
    shell_complete=CARD_IDS,
    help="For each Victory Point: the card (or printed VC) "
    "placed as an additional Hero; leave out to decline.",
)
@click.option(
    "--card",
    "card",
    default=None,
    shell_complete=CARD_IDS,
    help="The Hero's card, if it was revealed by "
    "VC only (or as a card today's card data no longer prints).",
)
@pass_ctx
def activate(ctx, player, hero_number, target, place, card) -> None:
    """Action: PLAYER activates Hero HERO_NUMBER: its instructions, then +2 VC."""
    from scorekeeper.games.hack_back import cards

    table = _table(ctx)
    who = resolve(player, table.row.players)
    hero_state = rules.activated_hero(table.state, who, hero_number)
    printed = cards.cards()
    gone = hero_state.card is not None and hero_state.card not in printed
    if gone and card is None:
        raise InputError(
            f"Hero #{hero_number} was revealed as the card "
            f"{quoted(hero_state.card, 48)}, which today's card data does not "
            "print (a deck retuned since?); add --card with the card it is now"
        )
    card_id = card and cards.hero_card(card).id or hero_state.card
    if card_id is None:
        raise InputError(
            f"Hero #{hero_number} was revealed by its VC only; add --card with its card"
        )
    spec = printed[card_id]
    # a retuned card keeps the id it was revealed with: the Hero is the same card
    card_id = hero_state.card if gone else spec.id
    record_and_report(
        ctx,
        table,
        {
            "type": "activate",
            "player": who,
            "hero": hero_number,
            "card": card_id,
            "name": spec.name,
            "printed": spec.vc,
            "effects": list(spec.activate),
            "targets": _targets(spec.activate, target, f"{spec.name}'s Activate instructions"),
            "place": [_card_or_vc(p) for p in place],
        },
    )
