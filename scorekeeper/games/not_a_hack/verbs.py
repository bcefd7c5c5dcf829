"""Not a Hack verbs: hack (a turn), negative, banned, new-account, positive, steal and
hack-off. Rules: shared/rules/not-a-hack.txt."""

from __future__ import annotations

import click

from scorekeeper.context import Whole, complete_legal, example, pass_ctx
from scorekeeper.games.not_a_hack import state
from scorekeeper.report import play_move


def _play(ctx, name: str, **values) -> None:
    play_move(ctx, state.GAME, name, values)


@example("Ana Ben 2")
@click.command()
@click.argument("drawer", shell_complete=complete_legal)
@click.argument("winner", shell_complete=complete_legal)
@click.argument("cards", type=Whole(*state.HACK_CARDS), default=2)
@pass_ctx
def hack(ctx, drawer, winner, cards) -> None:
    """A turn: DRAWER drew a hack card and chose WINNER's submission of CARDS white cards
    (default 2), which WINNER keeps as points."""
    _play(ctx, "hack", drawer=drawer, winner=winner, cards=cards)


@example("Cleo")
@click.command()
@click.argument("player", shell_complete=complete_legal)
@click.option(
    "--no-counter", is_flag=True, help="Let the ban stand though PLAYER holds a New Account card."
)
@pass_ctx
def banned(ctx, player, no_counter) -> None:
    """PLAYER drew a Banned card (a New Account card they hold counters it)."""
    _play(ctx, "banned", player=player, no_counter=no_counter)


@example("Cleo")
@click.command("new-account")
@click.argument("player", shell_complete=complete_legal)
@pass_ctx
def new_account(ctx, player) -> None:
    """PLAYER drew a New Account card from the white pile."""
    _play(ctx, "new-account", player=player)


def _action_command(kind: str, verb: str):
    """The `negative` or `positive` command: PLAYER and an action card (id, name or points)."""

    @click.command(
        kind, help=f"PLAYER {verb} a {kind} action card (by id or name, or its points, e.g. 2)."
    )
    @click.argument("player", shell_complete=complete_legal)
    @click.argument("card", shell_complete=complete_legal)
    @pass_ctx
    def command(ctx, player, card) -> None:
        _play(ctx, kind, player=player, card=card)

    return command


negative = example("Ben 2")(_action_command("negative", "drew"))
positive = example("Ana pos-bug-bounty")(_action_command("positive", "drew"))


@example("Ana Ben")
@click.command()
@click.argument("player", shell_complete=complete_legal)
@click.argument("victim", shell_complete=complete_legal)
@click.option(
    "--hack",
    "index",
    type=Whole(*state.HACKS_COUNTED),
    default=None,
    shell_complete=complete_legal,
    help="Which of VICTIM's winning hacks, counting from 1 (default: the largest).",
)
@pass_ctx
def steal(ctx, player, victim, index) -> None:
    """PLAYER plays a Steal card on VICTIM's winning hack."""
    _play(ctx, "steal", player=player, victim=victim, index=index)


@example("--vote Cleo=Ana")
@click.command("hack-off")
@click.option(
    "--vote",
    "votes",
    multiple=True,
    required=True,
    metavar="VOTER=FINALIST",
    shell_complete=complete_legal,
    help="One per banned player: whose hack they vote for.",
)
@click.option(
    "--cards",
    type=Whole(*state.HACK_CARDS),
    default=2,
    show_default=True,
    help="White cards in the winning hack (its points).",
)
@pass_ctx
def hack_off(ctx, votes, cards) -> None:
    """The final hack-off: the banned players' votes; the winning hack scores its cards."""
    _play(ctx, "hack-off", votes=list(votes), cards=cards)


@example()
@click.command("used-up")
@pass_ctx
def used_up(ctx) -> None:
    """End the game with no winner: the white cards are used up for good, so no hack can
    ever be completed again (the rulebook's clarification, “What if the white cards run
    out for good?”)."""
    _play(ctx, "used-up")
